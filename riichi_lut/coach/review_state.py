"""What one seat could see at a moment of a replayed game, for the review
(:mod:`riichi_lut.coach.review`): the :class:`~riichi_lut.game.observe.Observation` kept as
it was then, the seat's hand as the hint engine reads it, and the tiles it could see
outside its hand (every river, the other seats' calls, the dora indicators, the North
tiles set aside) as a :class:`~riichi_lut.core.visible.Visible`.

Each physical tile is counted once: a discard another seat called lies in that seat's
meld, not in the river, except a tile called from the reviewed seat's own river, which
stays among its own discards (they decide furiten) and is left out of the caller's meld.
"""

from __future__ import annotations

import dataclasses

from ..core.hand import Hand
from ..core.tiles import NUM_KINDS, kind_of
from ..core.visible import Visible
from ..game.observe import Observation, observe
from ..game.table import Table

__all__ = ["NORTH", "THREAT_CALLS", "seat_hand", "snapshot", "threats", "visible_to"]

NORTH = 30  #: the North kind, set aside as kita in three players
#: An opponent with this many open calls (four concealed tiles or fewer) counts as a
#: threat, like a riichi: the seat's turns are then defence, shown and not judged.
THREAT_CALLS = 3


def seat_hand(table: Table, seat: int) -> Hand:
    """The seat's concealed tiles and calls as the hint engine reads them."""
    return table.seats[seat].to_hand()


def visible_to(table: Table, seat: int) -> Visible:
    """Every tile ``seat`` can see outside its own hand and calls, by source (34 counts
    each): the other seats' uncalled discards, their calls, the dora indicators, the
    kita (all seats'), and the seat's own discards (called ones included)."""
    discards = [0] * NUM_KINDS
    calls = [0] * NUM_KINDS
    dora = [0] * NUM_KINDS
    other = [0] * NUM_KINDS
    own = [0] * NUM_KINDS
    for index, state in enumerate(table.seats):
        other[NORTH] += state.kita
        if index == seat:
            for river_tile in state.river:
                own[kind_of(river_tile.tile)] += 1
            continue
        for river_tile in state.river:
            if river_tile.called_by is None:
                discards[kind_of(river_tile.tile)] += 1
        for meld in state.melds:
            skip = meld.called if meld.target == seat else None  # counted among own discards
            for tile in meld.tiles:
                if tile == skip:
                    skip = None
                    continue
                calls[kind_of(tile)] += 1
    for tile in table.revealed:
        dora[kind_of(tile)] += 1
    return Visible(discards=discards, calls=calls, dora_indicators=dora, other=other, own_discards=own)


def threats(table: Table, seat: int) -> tuple[str, ...]:
    """The opponents that make this a turn of defence: ``"riichi by seat 2"``, ``"3 calls
    by seat 1"`` (:data:`THREAT_CALLS`); empty when there is none."""
    found = []
    for index, state in enumerate(table.seats):
        if index == seat:
            continue
        if state.riichi or state.declaring:
            found.append(f"riichi by seat {index}")
            continue
        open_calls = sum(1 for m in state.melds if m.target is not None)
        if open_calls >= THREAT_CALLS:
            found.append(f"{open_calls} calls by seat {index}")
    return tuple(found)


def snapshot(table: Table, seat: int) -> Observation:
    """``seat``'s observation now, its rivers copied (a later call marks the table's own
    river tiles, not these)."""
    seen = observe(table, seat)
    rivers = tuple(tuple(dataclasses.replace(t) for t in river) for river in seen.rivers)
    return dataclasses.replace(seen, rivers=rivers)
