"""The facts of a win at a table, put together for the scorer: the winds, riichi and
double riichi, ippatsu, haitei and houtei (by the live tiles left), rinshan, chankan,
tenhou and chiihou (the first uninterrupted draw), the dora and ura indicators turned,
kita; and the score (``None`` when the hand has no yaku).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..errors import IllegalActionError, InvalidSituationError, NotAWinError
from ..riichi.score import ScoreResult, score
from ..riichi.win import CLOSED_KAN as CLOSED_KAN_WIN
from ..riichi.win import Win
from .roundwall import UNKNOWN

if TYPE_CHECKING:
    from .view import TableView

__all__ = ["CLOSED_KAN_ROB", "can_ron", "can_tsumo", "win_at"]

#: ``Claim.chankan`` of a closed kan's tile: only thirteen orphans may rob it.
CLOSED_KAN_ROB = "closed"


def win_at(
    table: TableView,
    seat: int,
    tile: int,
    tsumo: bool,
    chankan: bool | str = False,
    legality: bool = False,
) -> ScoreResult | None:
    """The win ``seat`` would make on ``tile`` now (``None``: no yaku). ``legality``: only
    whether it is a win, for which the indicators do not matter (dora never make a yaku),
    so a log that does not show them can still be replayed up to a win."""
    me = table.seats[seat]
    remaining = table.wall.remaining
    first = table.first_turn(seat)
    riichi = me.riichi
    indicators = tuple(table.revealed)
    ura = table.wall.ura_indicators(len(indicators)) if riichi and table.rules.scoring.ura_dora else ()
    if legality:
        indicators = tuple(i for i in indicators if i != UNKNOWN)
        ura = tuple(i for i in ura if i != UNKNOWN)
    if UNKNOWN in indicators or UNKNOWN in ura:
        raise IllegalActionError(
            "a dora or ura indicator of this hand is not known (the log does not show it)"
        )
    win = Win(
        tsumo=tsumo,
        seat_wind=table.seat_wind(seat),
        round_wind=table.round_wind,
        riichi=riichi,
        double_riichi=me.double_riichi,
        ippatsu=me.ippatsu and riichi,
        haitei=tsumo and remaining == 0 and not table.rinshan_draw,
        houtei=not tsumo and not chankan and remaining == 0,
        rinshan=tsumo and table.rinshan_draw,
        chankan=CLOSED_KAN_WIN if chankan == CLOSED_KAN_ROB else bool(chankan),
        tenhou=tsumo and first and seat == table.dealer,
        chiihou=tsumo and first and seat != table.dealer,
        dora_indicators=indicators,
        ura_indicators=ura,
        kita=me.kita,
    )
    hand = me.to_hand(None if tsumo else tile)
    try:
        return score(hand, tile, win, rules=table.rules.scoring)
    except NotAWinError:
        return None
    except InvalidSituationError:
        if chankan == CLOSED_KAN_ROB:  # only thirteen orphans robs a closed kan
            return None
        raise


def can_tsumo(table: TableView, seat: int) -> bool:
    """``seat`` may win on the tile it just drew: a complete hand with a yaku."""
    me = table.seats[seat]
    drawn = me.drawn
    if drawn is None or me.shanten(table.players) != -1:
        return False
    return win_at(table, seat, drawn, True, legality=True) is not None


def can_ron(table: TableView, seat: int, tile: int, chankan: bool | str) -> bool:
    """``seat`` may win on ``tile`` another let go: it completes the hand, the seat is not
    furiten, and the win has a yaku."""
    me = table.seats[seat]
    if not me.completes(tile, table.players) or me.is_furiten(table.players):
        return False
    return win_at(table, seat, tile, False, chankan, legality=True) is not None
