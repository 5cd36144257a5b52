"""Play whole games: ``play_one(policies, seed=...)`` seats one policy per seat at a
:class:`~riichi_lut.game.table.Table`, deals each hand from our seeded wall
(:func:`~riichi_lut.game.wall.seeded_wall`: the wall of a hand depends on the seed, the
round and the honba only) and returns the game's :class:`~riichi_lut.game.record.GameRecord`,
which the log writers write and :func:`~riichi_lut.game.replay.replay` replays.

This is the slow, obviously-correct reference game; ``game/vector/`` plays the same rules
over many tables at once.
"""

from __future__ import annotations

from collections.abc import Sequence

from ..core.args import as_count
from ..errors import InvalidArgumentError
from .observe import observe
from .outcome import Outcome
from .policies import Policy, policy_named
from .record import DrawResult, Event, GameRecord, RoundRecord, WinResult
from .roundwall import RoundWall
from .rules import GameRules, game_rules
from .table import Table
from .wall import seeded_wall

__all__ = ["outcome_results", "play_one"]

#: More hands than any game can have (a safety stop, never reached by the rules).
_MAX_HANDS = 1000


def outcome_results(table: Table, outcome: Outcome) -> tuple[WinResult | DrawResult, ...]:
    """The record's results of a hand the engine played."""
    if outcome.kind != "win":
        tenpai = outcome.tenpai if outcome.kind in ("exhaustive", "nagashi_mangan", "three_ron") else None
        return (DrawResult(outcome.kind, outcome.deltas, tenpai),)
    out = []
    for win in outcome.wins:
        r = win.result
        yaku = tuple(sorted((y.id, 13 * y.yakuman if y.yakuman else y.han) for y in r.yaku))
        ura = r.win.ura_indicators or None
        out.append(
            WinResult(
                seat=win.seat,
                from_seat=win.from_seat,
                pao=win.pao,
                han=r.han,
                fu=r.fu,
                points=r.points,
                limit=r.limit,
                yaku=yaku,
                dora=r.dora.dora,
                ura=r.dora.ura,
                aka=r.dora.aka,
                kita=r.dora.kita if r.dora.kita else None,
                tile=r.situation.win_code,
                ura_indicators=ura,
                deltas=win.deltas,
            )
        )
    return tuple(out)


def _policies(policies: Sequence[Policy | str], players: int, seed: int) -> list[Policy]:
    if isinstance(policies, str) or len(policies) != players:
        raise InvalidArgumentError.about(
            "policies", f"needs one policy per seat ({players}), got {policies!r}"
        )
    return [policy_named(p, seed * 31 + i) if isinstance(p, str) else p for i, p in enumerate(policies)]


def play_one(
    policies: Sequence[Policy | str],
    *,
    seed: int = 0,
    rules: GameRules | None = None,
    length: str | None = None,
    players: int | None = None,
) -> GameRecord:
    """Play one game, one policy per seat (a callable, or ``"random"``/``"efficiency"``);
    ``rules`` default to Tenhou's (three players: ``players=3`` or a three-player rule
    set); ``length`` overrides the rules' (``"hanchan"``, ``"tonpuu"``, ``"one_hand"``)."""
    seed = as_count(seed, "seed")
    rules = game_rules(rules, length, players)
    seats = _policies(policies, rules.players, seed)
    table = Table(rules)
    red = any(rules.scoring.aka_dora)
    rounds = []
    for _ in range(_MAX_HANDS):
        start = (table.number, table.honba, table.sticks, table.dealer, tuple(table.scores))
        wall = seeded_wall(seed, table.number, table.honba, players=rules.players)
        hand_wall = RoundWall.from_wall(wall, table.dealer, red)
        events: list[Event] = list(table.start_round(hand_wall))
        while table.phase in ("turn", "claim", "chankan"):
            if table.phase == "turn":
                seat = table.actor
                events += table.step({seat: seats[seat](observe(table, seat), table.legal_actions(seat))})
            else:
                assert table.claim is not None
                decisions = {
                    seat: seats[seat](observe(table, seat), table.legal_actions(seat))
                    for seat in table.claim.options
                }
                events += table.step(decisions)
        assert table.outcome is not None
        rounds.append(
            RoundRecord(
                number=start[0],
                honba=start[1],
                sticks=start[2],
                dealer=start[3],
                scores=start[4],
                hands=hand_wall.hands,
                dora_indicator=hand_wall.indicators[0],
                events=tuple(events),
                results=outcome_results(table, table.outcome),
                dice=hand_wall.dice,
                wall=wall.tiles,
            )
        )
        if table.phase == "game_over":
            break
        table.next_round()
    return GameRecord(
        players=rules.players,
        names=tuple(f"seat {i}" for i in range(rules.players)),
        rules=rules,
        rounds=tuple(rounds),
        final_scores=table.final_scores,
        final_points=table.final_points,
        source=f"play_one(seed={seed})",
        format="played",
        meta={"seed": seed},
    )
