"""After a hand: the next round, honba, sticks and dealer, and the end of the game with
its final points (``docs/game.md``, rules 18-23).

- The dealer keeps the seat (renchan) on a win of its own (one of a double ron's
  winners too), on tenpai at an exhaustive draw, and on every abortive draw; the honba
  goes up by one then and on every draw, and back to 0 after a non-dealer's win.
- The game ends when a player's points fall below zero (``tobi``; exactly zero plays
  on); after the last round of its length, when someone has the return points (30,000)
  and the dealer does not keep the seat; in the extension (the West round), at the
  first hand after which someone has them, the dealer's renchan first; after the
  extension's last hand at the latest; and when the dealer of the last hand keeps the
  seat while first with the return points (agari-yame, tenpai-yame).
- At the end the riichi sticks left go to first place; ranks by points, ties by seat
  order from the first dealer; the final points are (points - return) / 1000 plus the
  uma, first place taking the oka (so that they sum to zero).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from .outcome import Outcome, RoundEnd

if TYPE_CHECKING:
    from .rules import GameRules
    from .view import TableView

__all__ = ["after_round", "final_points", "ranks"]


def ranks(scores: tuple[int, ...] | list[int]) -> list[int]:
    """Seats from first to last: by points, ties by seat order (seat 0 deals first).

    >>> ranks([25000, 30000, 25000, 20000])
    [1, 0, 2, 3]
    """
    return sorted(range(len(scores)), key=lambda s: (-scores[s], s))


def _tenhou_round(value: int) -> int:
    """Points over the return in thousands, as Tenhou's older logs write them: the
    magnitude's hundreds rounded five down, six up (五捨六入), so -10,500 is -10 and
    -25,600 is -26 (read off the project's Tenhou logs, which show both).

    >>> [_tenhou_round(v) for v in (10500, 10600, -10500, -10600, -4500, -22900)]
    [10, 11, -10, -11, -4, -23]
    """
    magnitude = (abs(value) + 400) // 1000
    return magnitude if value >= 0 else -magnitude


def final_points(scores: tuple[int, ...] | list[int], rules: GameRules) -> tuple[float, ...]:
    """Each seat's final points: uma and oka (``rules.final_rounding``; ``rules.ties``:
    ``"seat_order"`` ranks tied players by seat, ``"split"`` shares their uma and oka).

    >>> from .rules import TENHOU_GAME, WRC_GAME
    >>> final_points([4400, 7100, 40700, 47800], TENHOU_GAME)
    (-46.0, -33.0, 21.0, 58.0)
    >>> final_points([53800, 16100, 29300, 800], TENHOU_GAME.replace(final_rounding="exact"))
    (63.8, -23.9, 9.3, -49.2)
    >>> final_points([40000, 30000, 30000, 20000], WRC_GAME)
    (25.0, 0.0, 0.0, -25.0)
    """
    order = ranks(scores)
    bonus = [rules.uma[place] + (rules.oka / 1000 if place == 0 else 0) for place in range(len(scores))]
    by_seat = {seat: bonus[place] for place, seat in enumerate(order)}
    if rules.ties == "split":
        for value in set(scores):
            tied = [s for s in order if scores[s] == value]
            share = sum(by_seat[s] for s in tied) / len(tied)
            for s in tied:
                by_seat[s] = share
    out = [0.0] * len(scores)
    for seat in order[1:]:
        over = scores[seat] - rules.return_points
        if rules.final_rounding == "tenhou":
            out[seat] = float(_tenhou_round(over) + by_seat[seat])
        else:
            out[seat] = round(over / 1000 + by_seat[seat], 1)
    out[order[0]] = round(-sum(out), 1) + 0.0
    return tuple(out)


def after_round(table: TableView, outcome: Outcome) -> RoundEnd:
    """The next hand's round, honba, sticks and dealer, or the end of the game (then
    ``table.final_scores`` and ``table.final_points`` are set)."""
    rules = table.rules
    n = table.players
    keeps = outcome.dealer_keeps
    number = table.number if keeps else table.number + 1
    if number % 4 >= n:  # three players: three hands a wind, then the next wind
        number += 4 - number % 4
    dealer = table.dealer if keeps else (table.dealer + 1) % n
    honba = table.honba + 1 if keeps or outcome.kind != "win" else 0
    sticks = table.sticks
    scores = table.scores
    last = rules.last_round
    over = False
    if rules.tobi and min(scores) < 0:
        over = True
    elif table.number >= last:
        leader = ranks(scores)[0]
        someone = max(scores) >= rules.return_points
        if keeps:
            over = (
                rules.agari_yame
                and outcome.kind in ("win", "exhaustive", "nagashi_mangan")
                and (leader == table.dealer and scores[leader] >= rules.return_points)
            )
        elif someone or not rules.west_round or number > last + 4:
            over = True
    if over:
        final = list(scores)
        if rules.leftover_sticks_to_first and sticks:
            final[ranks(final)[0]] += 1000 * sticks
            sticks = 0
        table.final_scores = tuple(final)
        table.final_points = final_points(final, rules)
    return RoundEnd(number, honba, sticks, dealer, over)
