"""How a hand ended and who paid whom: wins (one, or several on one discard), the
exhaustive draw with its tenpai payments or nagashi mangan, and the abortive draws.

Payments follow the rules of ``docs/game.md``: a win is paid as the scorer computed it
(``ScoreResult.payments``), the honba by the discarder (300 a
honba on a ron, 100 from each payer of a tsumo in four players), the riichi sticks to
the winner, and in a double ron both to the winner first in turn order from the
discarder (or, as the rules say, the honba to each winner and each riichi winner's own
stick back to it: ``multiple_ron_honba``, ``multiple_ron_sticks``); pao (big three
dragons, big four winds) makes the feeder pay a tsumo whole and half of a ron, and the
honba.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from ..core.winds import WIND_LETTERS
from ..riichi.score import ScoreResult
from .rules import GameRules

if TYPE_CHECKING:
    from .view import TableView

__all__ = ["Outcome", "RoundEnd", "WinOutcome", "draw_outcome", "exhaustive_outcome", "settle_wins"]

_PAO_YAKU = frozenset({"daisangen", "daisuushii"})


@dataclass(frozen=True)
class WinOutcome:
    """One win: the winner, who paid (``from_seat``, the winner for a tsumo), the seat
    liable by pao (or ``None``), the scorer's result, and the score changes it made."""

    seat: int
    from_seat: int
    pao: int | None
    result: ScoreResult
    deltas: tuple[int, ...]


@dataclass(frozen=True)
class Outcome:
    """How a hand ended: ``kind`` is ``"win"`` or one of the draw kinds of
    :data:`~riichi_lut.game.record.DRAW_KINDS`; ``wins`` the wins; ``tenpai`` the seats
    tenpai at an exhaustive draw (the claimants of three rons); ``deltas`` every score
    change of the hand (riichi deposits made in it are not included: they were paid when
    declared)."""

    kind: str
    wins: tuple[WinOutcome, ...]
    tenpai: tuple[int, ...]
    deltas: tuple[int, ...]
    dealer_keeps: bool


@dataclass(frozen=True)
class RoundEnd:
    """What comes after a hand: the next round, honba, sticks and dealer, or the end of
    the game (``game_over``)."""

    number: int
    honba: int
    sticks: int
    dealer: int
    game_over: bool


def _seat_of_wind(table: TableView, wind: str) -> int:
    return (table.dealer + WIND_LETTERS.index(wind)) % table.players


def _pao_applies(result: ScoreResult) -> bool:
    return any(y.id in _PAO_YAKU for y in result.yaku)


def settle_wins(table: TableView, wins: list[tuple[int, ScoreResult]], from_seat: int) -> Outcome:
    """The payments of ``wins`` (seat, result) on one tile of ``from_seat`` (a tsumo when
    it is the winner's own seat)."""
    n = table.players
    order = sorted(wins, key=lambda w: (w[0] - from_seat) % n)
    total = [0] * n
    outcomes = []
    honba_each = table.rules.honba_points // (n - 1)
    scoring = table.rules.scoring
    several = len(order) > 1
    # the riichi sticks: all to the first winner in turn order, or ("reclaim") each riichi
    # winner of a multiple ron takes back its own and the rest go to the first
    sticks = [0] * len(order)
    if several and scoring.multiple_ron_sticks == "reclaim":
        for i, (_, result) in enumerate(order):
            sticks[i] = 1 if result.win.riichi or result.win.double_riichi else 0
    sticks[0] += table.sticks - sum(sticks)
    for i, (seat, result) in enumerate(order):
        deltas = [0] * n
        tsumo = seat == from_seat
        pao = table.pao.get(seat) if _pao_applies(result) else None
        honba = table.honba if i == 0 or scoring.multiple_ron_honba == "each" else 0
        points = sum(p.points for p in result.payments)
        if pao is not None and pao != from_seat and tsumo:
            deltas[pao] -= points + honba_each * honba * (n - 1)
        elif pao is not None and pao != from_seat:
            half = points // 2
            deltas[from_seat] -= points - half
            deltas[pao] -= half + honba_each * honba * (n - 1)
        else:
            for payment in result.payments:
                payer = from_seat if payment.payer == "discarder" else _seat_of_wind(table, payment.payer)
                deltas[payer] -= payment.points
                deltas[payer] -= honba_each * honba * (1 if tsumo else n - 1)
        deltas[seat] += -sum(deltas)
        deltas[seat] += 1000 * sticks[i]
        for s in range(n):
            total[s] += deltas[s]
        outcomes.append(WinOutcome(seat, from_seat, pao, result, tuple(deltas)))
    table.sticks = 0
    keeps = any(seat == table.dealer for seat, _ in order)
    return Outcome("win", tuple(outcomes), (), tuple(total), keeps)


def _tenpai_seats(table: TableView) -> tuple[int, ...]:
    return tuple(s for s in range(table.players) if table.seats[s].waits(table.players))


def draw_outcome(table: TableView, kind: str, shown: tuple[int, ...] = ()) -> Outcome:
    """An exhaustive draw (``"exhaustive"``: tenpai payments, or nagashi mangan) or an
    abortive draw (``kind``; the dealer keeps the seat)."""
    n = table.players
    if kind != "exhaustive":
        return Outcome(kind, (), shown, (0,) * n, True)
    nagashi = tuple(s for s in range(n) if table.seats[s].nagashi)
    return exhaustive_outcome(table.rules, n, table.dealer, _tenpai_seats(table), nagashi)


def exhaustive_outcome(
    rules: GameRules, n: int, dealer: int, tenpai: tuple[int, ...], nagashi: tuple[int, ...]
) -> Outcome:
    """The exhaustive draw of a table whose ``tenpai`` and ``nagashi`` seats are known:
    nagashi mangan paid as a mangan tsumo, else the tenpai pool."""
    deltas = [0] * n
    kind = "exhaustive"
    if nagashi and rules.scoring.nagashi_mangan:
        for seat in nagashi:
            for payer in range(n):
                if payer == seat:
                    continue
                share = 4000 if dealer in (seat, payer) else 2000
                deltas[payer] -= share
                deltas[seat] += share
        kind = "nagashi_mangan"
    elif 0 < len(tenpai) < n:
        pool = rules.tenpai_pool
        for s in range(n):
            deltas[s] = pool // len(tenpai) if s in tenpai else -pool // (n - len(tenpai))
    return Outcome(kind, (), tenpai, tuple(deltas), dealer in tenpai)
