"""Replay a game log through the rules, and check every result it records.

:func:`replay` plays each recorded decision (discards, riichi, calls, kans, wins, nine
terminals) through a :class:`~riichi_lut.game.table.Table`; the engine makes the draws,
turns the dora, takes the riichi deposits, scores the wins, pays them and moves to the
next hand itself. It never reads a result from the log: it computes them and compares.
A decision the rules do not allow raises :class:`~riichi_lut.errors.IllegalActionError`;
a recorded fact that differs from the engine's (a draw, when the wall is known from the
log's seed; a dora indicator; a riichi deposit; a win's han, fu, points, yaku or dora; a
score change; the kind of draw; the next hand's scores, honba, sticks or dealer; the final
scores and points) raises :class:`~riichi_lut.errors.ReplayMismatchError` naming the
round, the event and both values. ``check=False`` returns what the engine computed
without comparing.

Two hooks let a caller watch the game as it is replayed (the review,
:mod:`riichi_lut.coach.review`, reads each decision's state through them):
``on_decision(table, seat, action)`` is called just before each recorded decision is
applied, with the table as it stands — on a turn for the seat to act with its action, on
a claim (or a chankan) for every seat that may claim, in seat order, with its claim or
``None`` when it passes — and ``on_round_end(table)`` after each hand the log finishes,
while the table still holds its last state (``table.outcome`` says how it ended). They
must not change the table.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from ..errors import IllegalActionError, ReplayMismatchError
from .actions import Action
from .outcome import Outcome, WinOutcome
from .progress import final_points
from .record import (
    ADDED_KAN,
    CHI,
    CLOSED_KAN,
    DISCARD,
    DORA,
    DRAW,
    KITA,
    NINE_TERMINALS,
    OPEN_KAN,
    PON,
    RIICHI,
    RIICHI_ACCEPTED,
    RON,
    TSUMO,
    DrawResult,
    Event,
    GameRecord,
    RoundRecord,
    WinResult,
    round_name,
)
from .roundwall import RoundWall, live_size_of
from .table import Table
from .wall import Wall, tenhou_walls

__all__ = ["DecisionHook", "Replay", "RoundEndHook", "RoundReplay", "replay", "round_wall"]

#: ``on_decision(table, seat, action)``: a seat's recorded decision, before it is applied
#: (``action`` ``None``: the seat passes on a claim).
DecisionHook = Callable[[Table, int, Action | None], None]
#: ``on_round_end(table)``: a hand the log finishes, its last state still on the table.
RoundEndHook = Callable[[Table], None]

_LOOSE = (DORA, RIICHI_ACCEPTED)  # checked as a whole per hand, not by place
_TURN_EVENTS = {
    DISCARD: "discard",
    RIICHI: "riichi",
    TSUMO: "tsumo",
    CLOSED_KAN: "closed_kan",
    ADDED_KAN: "added_kan",
    KITA: "kita",
    NINE_TERMINALS: "nine_terminals",
}
_CLAIM_EVENTS = {RON: "ron", CHI: "chi", PON: "pon", OPEN_KAN: "open_kan"}
_KANS = (OPEN_KAN, CLOSED_KAN, ADDED_KAN, KITA)


@dataclass(frozen=True)
class RoundReplay:
    """One hand as the engine played it: where it stood at the start, how it ended
    (:class:`~riichi_lut.game.outcome.Outcome`: the wins with their
    :class:`~riichi_lut.riichi.ScoreResult`, the score changes) and the scores after."""

    number: int
    honba: int
    sticks: int
    dealer: int
    scores_before: tuple[int, ...]
    outcome: Outcome | None
    scores_after: tuple[int, ...]

    @property
    def name(self) -> str:
        return round_name(self.number, self.honba)


@dataclass(frozen=True)
class Replay:
    """A replayed game: each hand, and the final scores and points (``None`` when the log
    stops before the end of the game; ``complete`` says whether it reached it)."""

    rounds: tuple[RoundReplay, ...]
    final_scores: tuple[int, ...] | None
    final_points: tuple[float, ...] | None
    complete: bool


def round_wall(rnd: RoundRecord, players: int, wall: Wall | None = None, red: bool = True) -> RoundWall:
    """The wall of a recorded hand: from the shuffled ``wall`` when the log's seed gives
    it, else rebuilt from the log's own draws (tiles it never shows stay unknown)."""
    if wall is not None:
        return RoundWall.from_wall(wall, rnd.dealer, red)
    live: list[int] = []
    rinshan: list[int] = []
    previous = None
    for event in rnd.events:
        if event.type == DRAW and event.tile is not None:
            (rinshan if previous in _KANS else live).append(event.tile)
        if event.type not in _LOOSE:
            previous = event.type
    indicators = [rnd.dora_indicator]
    indicators += [e.tile for e in rnd.events if e.type == DORA and e.tile is not None]
    indicators += list(rnd.later_indicators or ())
    ura = list(rnd.ura_indicators or ())
    for result in rnd.results:
        if isinstance(result, WinResult) and result.ura_indicators and not ura:
            ura = list(result.ura_indicators)
    return RoundWall(rnd.hands, live, rinshan, indicators, ura, live_size_of(players), known=False)


class _Replayer:
    def __init__(
        self,
        record: GameRecord,
        check: bool,
        on_decision: DecisionHook | None = None,
        on_round_end: RoundEndHook | None = None,
    ) -> None:
        self.record = record
        self.check = check
        self.on_decision = on_decision
        self.on_round_end = on_round_end
        self.red = any(record.rules.scoring.aka_dora)

    def mismatch(self, what: str, recorded: object, computed: object, rnd: RoundRecord, event: str) -> None:
        if self.check and recorded != computed:
            raise ReplayMismatchError(
                what, recorded, computed, source=self.record.source, round=rnd.name, event=event
            )

    def run(self) -> Replay:
        record = self.record
        walls = tenhou_walls(record.seed, len(record.rounds)) if record.seed else None
        first = record.rounds[0] if record.rounds else None
        table = Table(record.rules, first.scores if first else None)
        done: list[RoundReplay] = []
        complete = True
        for k, rnd in enumerate(record.rounds):
            if k == 0:
                table.number, table.honba, table.sticks, table.dealer = (
                    rnd.number,
                    rnd.honba,
                    rnd.sticks,
                    rnd.dealer,
                )
            else:
                if table.phase == "game_over":
                    self.mismatch("the end of the game", "another hand", "the game is over", rnd, "INIT")
                table.next_round()
                got = (table.number, table.honba, table.sticks, table.dealer, tuple(table.scores))
                want = (rnd.number, rnd.honba, rnd.sticks, rnd.dealer, tuple(rnd.scores))
                for name, a, b in zip(
                    ("round", "honba", "sticks", "dealer", "scores"), want, got, strict=True
                ):
                    self.mismatch(f"the hand's {name} at its start", a, b, rnd, "INIT")
                table.scores = list(rnd.scores)
            before = (table.number, table.honba, table.sticks, table.dealer, tuple(table.scores))
            wall = walls[k] if walls is not None else None
            ended = self.play_round(table, rnd, wall)
            if ended and self.on_round_end is not None:
                self.on_round_end(table)
            done.append(RoundReplay(*before, table.outcome, tuple(table.scores)))
            if not ended:
                complete = False
                break
        if complete and record.final_scores is not None and table.phase != "game_over" and record.rounds:
            self.mismatch(
                "the end of the game", "the game ends", "the game goes on", record.rounds[-1], "owari"
            )
        if complete and table.final_scores is not None and record.rounds:
            last = record.rounds[-1]
            if record.final_scores is not None:
                self.mismatch("final scores", record.final_scores, table.final_scores, last, "owari")
            if record.final_points is not None:
                self.mismatch("final points", record.final_points, _points_like(record, table), last, "owari")
        return Replay(
            tuple(done), table.final_scores, table.final_points, complete and table.phase == "game_over"
        )

    # ---------------------------------------------------------------- one hand
    def play_round(self, table: Table, rnd: RoundRecord, wall: Wall | None) -> bool:
        """Play one hand; False when the log stops in it."""
        round_wall_ = round_wall(rnd, table.players, wall, self.red)
        if wall is not None:
            self.mismatch("the deal", rnd.hands, round_wall_.hands, rnd, "INIT")
            self.mismatch("the dora indicator", rnd.dora_indicator, round_wall_.indicators[0], rnd, "INIT")
            round_wall_.hands = rnd.hands if not self.check else round_wall_.hands
        events = [(i, e) for i, e in enumerate(rnd.events) if e.type not in _LOOSE]
        self.at = 0
        self.events = events
        self.rnd = rnd
        emitted: list[Event] = []
        try:
            out = table.start_round(round_wall_)
            emitted += out
            self.compare(out)
            while table.phase in ("turn", "claim", "chankan"):
                if self.at >= len(events) and table.phase != "turn":
                    out = table.step({})  # nobody claims the last tile the log shows
                    emitted += out
                    self.compare(out)
                    continue
                if self.at >= len(events):
                    if not rnd.results:
                        return False
                    self.mismatch(
                        "the end of the hand", "the hand ends", f"{table.phase} goes on", rnd, "end"
                    )
                    return False
                if table.phase == "turn":
                    index, event = events[self.at]
                    action = self.turn_action(table, event, index)
                    if self.on_decision is not None:
                        self.on_decision(table, table.actor, action)
                    out = table.step({table.actor: action})
                else:
                    claims = self.claim_actions(table)
                    if self.on_decision is not None:
                        assert table.claim is not None
                        for seat in sorted(table.claim.options):
                            self.on_decision(table, seat, claims.get(seat))
                    out = table.step(claims)
                emitted += out
                self.compare(out)
        except IllegalActionError as error:
            index = events[self.at][0] if self.at < len(events) else len(rnd.events)
            raise IllegalActionError(
                error.reason if hasattr(error, "reason") else str(error),
                source=self.record.source,
                round=rnd.name,
                event=self.describe(index),
            ) from None
        self.check_loose(table, rnd, emitted)
        self.check_outcome(table, rnd)
        return True

    def describe(self, index: int) -> str:
        if index >= len(self.rnd.events):
            return "end of the hand"
        return f"{index} {self.rnd.events[index].to_dict()}"

    def turn_action(self, table: Table, event: Event, index: int) -> Action:
        kind = _TURN_EVENTS.get(event.type)
        if kind is None or event.seat != table.actor:
            raise IllegalActionError(
                f"the log has {event.to_dict()} where seat {table.actor} is to act on its turn"
            )
        return Action(kind, event.seat, tile=event.tile, consumed=event.consumed, tsumogiri=event.tsumogiri)

    def claim_actions(self, table: Table) -> dict[int, Action]:
        """The claims the log makes on this tile (rons in a row, or one call); others pass."""
        assert table.claim is not None
        actions: dict[int, Action] = {}
        at = self.at
        while at < len(self.events):
            _, event = self.events[at]
            kind = _CLAIM_EVENTS.get(event.type)
            if kind is None or event.seat is None or event.seat in actions:
                break
            if kind != "ron" and actions:
                break
            actions[event.seat] = Action(kind, event.seat, tile=event.tile, consumed=event.consumed)
            at += 1
            if kind != "ron":
                break
        return actions

    def compare(self, out: list[Event]) -> None:
        """The engine's events against the log's, in order (DORA and riichi deposits apart)."""
        for event in out:
            if event.type in _LOOSE:
                continue
            if self.at >= len(self.events):
                if self.rnd.results:  # a log cut short in this hand stops the replay instead
                    self.mismatch("an event", "the end of the log's hand", event.to_dict(), self.rnd, "end")
                return
            index, logged = self.events[self.at]
            if not _same_event(logged, event):
                what = "a draw" if event.type == DRAW else "an event"
                self.mismatch(what, logged.to_dict(), event.to_dict(), self.rnd, self.describe(index))
            self.at += 1

    def check_loose(self, table: Table, rnd: RoundRecord, emitted: list[Event]) -> None:
        logged_dora = [e.tile for e in rnd.events if e.type == DORA]
        engine_dora = [e.tile for e in emitted if e.type == DORA]
        if rnd.later_indicators is None:
            self.mismatch("the kan dora indicators", logged_dora, engine_dora, rnd, "DORA")
        if self.record.format != "tenhou6":  # tenhou.net/6 does not record the deposits
            accepted = sorted(e.seat or 0 for e in rnd.events if e.type == RIICHI_ACCEPTED)
            engine = sorted(e.seat or 0 for e in emitted if e.type == RIICHI_ACCEPTED)
            self.mismatch("the riichi deposits", accepted, engine, rnd, "REACH")

    def check_outcome(self, table: Table, rnd: RoundRecord) -> None:
        outcome = table.outcome
        assert outcome is not None
        wins = [r for r in rnd.results if isinstance(r, WinResult)]
        draws = [r for r in rnd.results if isinstance(r, DrawResult)]
        if wins:
            self.mismatch("how the hand ended", "win", outcome.kind, rnd, "AGARI")
            got = [w.seat for w in outcome.wins]
            self.mismatch("the winners", [w.seat for w in wins], got, rnd, "AGARI")
            for logged, engine in zip(wins, outcome.wins, strict=False):
                self.check_win(logged, engine, rnd)
        elif draws:
            self.mismatch("how the hand ended", draws[0].kind, outcome.kind, rnd, "RYUUKYOKU")
            if draws[0].deltas is not None:
                self.mismatch("the score changes", draws[0].deltas, outcome.deltas, rnd, "RYUUKYOKU")
            if draws[0].tenpai is not None and draws[0].kind in ("exhaustive", "nagashi_mangan"):
                self.mismatch(
                    "the tenpai seats", tuple(sorted(draws[0].tenpai)), outcome.tenpai, rnd, "RYUUKYOKU"
                )

    def check_win(self, logged: WinResult, engine: WinOutcome, rnd: RoundRecord) -> None:
        result = engine.result
        where = f"AGARI seat {logged.seat}"
        yakuman = result.yakuman > 0
        if logged.yaku is not None:
            ours = sorted((y.id, 13 * y.yakuman if y.yakuman else y.han) for y in result.yaku)
            self.mismatch("the yaku", sorted(logged.yaku), ours, rnd, where)
        if logged.han is not None and not yakuman:
            self.mismatch("the han", logged.han, result.han, rnd, where)
        if logged.fu is not None and not yakuman:
            self.mismatch("the fu", logged.fu, result.fu, rnd, where)
        if logged.points is not None:
            self.mismatch("the points", logged.points, result.points, rnd, where)
        for name in ("dora", "ura", "aka", "kita"):
            value = getattr(logged, name)
            if value is not None and not yakuman:
                self.mismatch(f"the {name}", value, getattr(result.dora, name), rnd, where)
        if logged.pao is not None:
            self.mismatch("pao", logged.pao, engine.pao, rnd, where)
        if logged.deltas is not None:
            self.mismatch("the score changes", logged.deltas, engine.deltas, rnd, where)


def _same_event(logged: Event, engine: Event) -> bool:
    if (logged.type, logged.seat) != (engine.type, engine.seat):
        return False
    if logged.tile != engine.tile and logged.type != CLOSED_KAN:  # a closed kan is its four tiles
        return False
    if logged.type in (CHI, PON, OPEN_KAN, ADDED_KAN, CLOSED_KAN):
        if sorted(logged.consumed) != sorted(engine.consumed):
            return False
        if logged.target is not None and logged.target != engine.target and logged.type != ADDED_KAN:
            return False
    if logged.type == RON and logged.target is not None and logged.target != engine.target:
        return False
    return logged.tsumogiri is None or engine.tsumogiri is None or logged.tsumogiri == engine.tsumogiri


def _points_like(record: GameRecord, table: Table) -> tuple[float, ...] | None:
    """The engine's final points, written as the log writes them: Tenhou's older logs round
    to whole points, its newer ones keep one decimal (a log whose points all end in .0 is
    read either way: both rules agree on it, see docs/game.md)."""
    if table.final_scores is None:
        return None
    logged = record.final_points or ()
    exact = any(abs(p - round(p)) > 1e-9 for p in logged)
    rules = record.rules.replace(final_rounding="exact" if exact else record.rules.final_rounding)
    return final_points(table.final_scores, rules)


def replay(
    record: GameRecord,
    *,
    check: bool = True,
    on_decision: DecisionHook | None = None,
    on_round_end: RoundEndHook | None = None,
) -> Replay:
    """Replay ``record`` through the rules, calling the hooks as it goes (see the module
    docstring)."""
    return _Replayer(record, check, on_decision, on_round_end).run()
