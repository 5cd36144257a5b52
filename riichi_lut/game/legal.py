"""What a seat may do now: ``legal_actions(table, seat)``.

Each rule of a decision is a test here, named after the rule it checks and cited in
``docs/game.md``: kuikae (no discard of the called tile or of the chi's other end, and no
call that would leave no legal discard), riichi (closed, tenpai after the discard, 1,000
points, four tiles left in the live wall), a closed kan under riichi (the tile just
drawn, the waits unchanged, the kan's tiles a triplet in every reading), kans while the
live wall has a tile and fewer than four kans were made, no call on the last discard
(houtei), chi only from the player on the left and never in three players, ron only
when not furiten and the hand has a yaku.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..analysis.acceptance import NECESSARY, analyse
from ..analysis.readings import GroupKind, readings
from ..analysis.shanten import shanten_value
from ..core.hand import Hand
from ..core.tiles import NUM_CODES, NUM_KINDS, RED_FIVE_KINDS, is_honor, kind_of, number_of, red_code_of_kind
from .actions import (
    ADDED_KAN_A,
    CHI_A,
    CLOSED_KAN_A,
    DISCARD_A,
    KITA_A,
    NINE_A,
    OPEN_KAN_A,
    PASS_A,
    PON_A,
    RIICHI_A,
    RON_A,
    TSUMO_A,
    Action,
)
from .record import PON
from .seat import SeatState

if TYPE_CHECKING:
    from .view import TableView

__all__ = ["claim_options", "codes_of_kind", "kuikae_forbidden", "legal_actions"]

NORTH = 30
_ORPHANS = (0, 8, 9, 17, 18, 26, 27, 28, 29, 30, 31, 32, 33)


def codes_of_kind(kind: int) -> tuple[int, ...]:
    """The codes of a kind: the kind, and its red five where it has one."""
    if kind in RED_FIVE_KINDS:
        return (red_code_of_kind(kind), kind)
    return (kind,)


def kuikae_forbidden(called: int, consumed: tuple[int, ...], chi: bool) -> frozenset[int]:
    """The kinds kuikae forbids discarding after calling ``called`` with ``consumed``: the
    called kind, and for a chi on an end the kind that would complete the same run from
    the other end (4-5 called with 3: not 6; called with 6: not 3)."""
    kind = kind_of(called)
    out = {kind}
    if chi:
        low, high = sorted(kind_of(c) for c in consumed)
        if kind < low and number_of(high) < 9:
            out.add(high + 1)
        elif kind > high and number_of(low) > 1:
            out.add(low - 1)
    return frozenset(out)


def _has_discard_left(seat: SeatState, consumed: tuple[int, ...], forbidden: frozenset[int]) -> bool:
    hand = seat.hand.copy()
    for tile in consumed:
        hand[tile] -= 1
    return any(hand[c] and kind_of(c) not in forbidden for c in range(NUM_CODES))


def _pairs_from(seat: SeatState, kinds: tuple[int, int]) -> list[tuple[int, int]]:
    """Each distinct way to take one tile of each of ``kinds`` (a red five or not)."""
    out = []
    for a in codes_of_kind(kinds[0]):
        for b in codes_of_kind(kinds[1]):
            hand = seat.hand
            if a == b and hand[a] < 2:
                continue
            if hand[a] and hand[b] and (kinds[0] != kinds[1] or a <= b):
                out.append((a, b))
    return out


def _takes(seat: SeatState, kind: int, count: int) -> list[tuple[int, ...]]:
    """Each distinct way to take ``count`` tiles of ``kind`` (with or without its red)."""
    codes = codes_of_kind(kind)
    if len(codes) == 1:
        return [(kind,) * count] if seat.hand[kind] >= count else []
    red, plain = codes
    out = []
    for reds in range(min(seat.hand[red], count) + 1):
        if seat.hand[plain] >= count - reds:
            out.append((red,) * reds + (plain,) * (count - reds))
    return out


# ---------------------------------------------------------------- the seat whose turn it is


def _turn_actions(table: TableView, seat: int) -> list[Action]:
    me = table.seats[seat]
    players = table.players
    if me.declaring:  # riichi declared: a discard that keeps the hand tenpai
        return [a for a in _discards(table, seat) if me.waits_after(a.tile or 0, players)]
    discards = _discards(table, seat)
    if me.forbidden:  # after chi or pon: discard only, kuikae applies
        return discards
    out: list[Action] = []
    drawn = me.drawn
    if drawn is not None and table.can_tsumo(seat):
        out.append(Action(TSUMO_A, seat, tile=drawn))
    if me.riichi:
        out.extend(a for a in discards if a.tsumogiri)
    else:
        out.extend(discards)
        if _can_riichi(table, seat):
            out.append(Action(RIICHI_A, seat))
    out.extend(_kans(table, seat))
    if players == 3 and me.hand[NORTH] and table.wall.remaining > 0 and (not me.riichi or me.drawn == NORTH):
        out.append(Action(KITA_A, seat, tile=NORTH))
    if table.first_turn(seat) and drawn is not None:
        kinds = me.kinds()
        if sum(1 for k in _ORPHANS if kinds[k]) >= 9:
            out.append(Action(NINE_A, seat))
    return out


def _discards(table: TableView, seat: int) -> list[Action]:
    me = table.seats[seat]
    out = []
    for code in range(NUM_CODES):
        count = me.hand[code]
        if not count or kind_of(code) in me.forbidden:
            continue
        if code == me.drawn:
            out.append(Action(DISCARD_A, seat, tile=code, tsumogiri=True))
            if count > 1:
                out.append(Action(DISCARD_A, seat, tile=code, tsumogiri=False))
        else:
            out.append(Action(DISCARD_A, seat, tile=code, tsumogiri=False))
    return out


def _can_riichi(table: TableView, seat: int) -> bool:
    me = table.seats[seat]
    if not me.is_closed or table.scores[seat] < 1000 or table.wall.remaining < 4:
        return False
    if me.shanten(table.players) > 0:
        return False
    kinds = me.kinds()
    melds = len(me.melds)
    for code in range(NUM_CODES):
        if not me.hand[code]:
            continue
        kinds[kind_of(code)] -= 1
        tenpai = shanten_value(kinds, melds, table.players) == 0  # the fast test first
        kinds[kind_of(code)] += 1
        if tenpai and me.waits_after(code, table.players):  # waits left (not all held)
            return True
    return False


def _kans(table: TableView, seat: int) -> list[Action]:
    if not table.kan_allowed():
        return []
    me = table.seats[seat]
    kinds = me.kinds()
    out = []
    for kind in range(NUM_KINDS):
        if kinds[kind] == 4 and (not me.riichi or _riichi_kan_ok(table, seat, kind)):
            tiles = tuple(c for c in codes_of_kind(kind) for _ in range(me.hand[c]))
            out.append(Action(CLOSED_KAN_A, seat, tile=tiles[-1], consumed=tiles))
    if not me.riichi:
        for meld in me.melds:
            if meld.type == PON:
                kind = meld.kind
                for code in codes_of_kind(kind):
                    if me.hand[code]:
                        out.append(Action(ADDED_KAN_A, seat, tile=code, consumed=meld.tiles))
    return out


def _riichi_kan_ok(table: TableView, seat: int, kind: int) -> bool:
    """A closed kan under riichi: of the tile just drawn, the waits unchanged, and the four
    tiles a triplet in every reading of every win (riichi.wiki, Riichi: kan during riichi)."""
    me = table.seats[seat]
    if me.drawn is None or kind_of(me.drawn) != kind:
        return False
    before = me.waits_after(me.drawn, table.players)
    kinds = me.kinds()
    kinds[kind] -= 4
    called = me.called_kinds()
    called[kind] += 4
    after = analyse(kinds, len(me.melds) + 1, NECESSARY, called, table.players)
    if after.shanten != 0 or int(after.mask) != before:
        return False
    kinds[kind] += 3  # the 13-tile hand before the draw
    calls = tuple(m.to_call() for m in me.melds)
    for wait in range(NUM_KINDS):
        if not before >> wait & 1:
            continue
        counts = kinds.copy()
        counts[wait] += 1
        for reading in readings(Hand(counts, (0, 0, 0), calls), wait):
            if not any(
                g.kind is GroupKind.TRIPLET and g.tile == kind and not g.called for g in reading.groups
            ):
                return False
    return True


# ---------------------------------------------------------------- claims on a discard


def _claim_actions(table: TableView, seat: int) -> list[Action]:
    claim = table.claim
    assert claim is not None
    if seat == claim.discarder or seat not in claim.options:
        return []
    return claim.options[seat]


def claim_options(
    table: TableView, seat: int, tile: int, discarder: int, chankan: bool | str
) -> list[Action]:
    """What ``seat`` may do with ``tile``, discarded (or added to a kan, ``chankan``) by
    ``discarder``: ron, pon, open kan, chi; with pass first when anything else is legal."""
    me = table.seats[seat]
    out: list[Action] = []
    if table.can_ron(seat, tile, discarder, chankan):
        out.append(Action(RON_A, seat, tile=tile))
    calls_open = not chankan and not me.riichi and table.wall.remaining > 0
    if calls_open:
        kind = kind_of(tile)
        for consumed in _takes(me, kind, 2):
            forbidden = kuikae_forbidden(tile, consumed, chi=False)
            if _has_discard_left(me, consumed, forbidden):
                out.append(Action(PON_A, seat, tile=tile, consumed=consumed))
        if table.kan_allowed():
            for consumed in _takes(me, kind, 3):
                out.append(Action(OPEN_KAN_A, seat, tile=tile, consumed=consumed))
        if table.players == 4 and seat == (discarder + 1) % 4 and not is_honor(kind):
            out.extend(_chis(me, seat, tile))
    if out:
        out.insert(0, Action(PASS_A, seat))
    return out


def _chis(me: SeatState, seat: int, tile: int) -> list[Action]:
    kind = kind_of(tile)
    n = number_of(kind)
    out = []
    for low in (kind - 2, kind - 1, kind):
        if low < kind - n + 1 or low + 2 > kind - n + 9:  # the run must stay in the suit
            continue
        others = tuple(k for k in (low, low + 1, low + 2) if k != kind)
        for consumed in _pairs_from(me, (others[0], others[1])):
            forbidden = kuikae_forbidden(tile, consumed, chi=True)
            if _has_discard_left(me, consumed, forbidden):
                out.append(Action(CHI_A, seat, tile=tile, consumed=consumed))
    return out


def legal_actions(table: TableView, seat: int) -> list[Action]:
    """Every action ``seat`` may take now (empty when it has nothing to decide)."""
    if table.phase == "turn":
        return _turn_actions(table, seat) if seat == table.actor else []
    if table.phase in ("claim", "chankan"):
        return _claim_actions(table, seat)
    return []
