"""The two closed forms, written once: chiitoitsu (七対子, seven pairs) and kokushi musou
(国士無双, thirteen orphans), and the ``form`` names every entry point accepts.

* **chiitoitsu**: ``6 - pairs + max(0, 7 - kinds)``: seven pairs of *distinct* kinds, so
  four held copies are one pair, and a hand with fewer than seven kinds must draw new ones.
* **kokushi**: ``13 - orphan kinds - [an orphan paired]``: one of each terminal and honor
  (幺九牌) and a second copy of one of them.

Both apply only to closed hands of 13 or 14 tiles (docs/tables.md; the slow reference in
``tests/reference.py`` searches the targets literally and the tests compare).

The formulas read four per-block statistics, packed into one integer per block pattern so
that the statistics of the four blocks add field by field without carries for any real
hand (at most 14 tiles): the shanten tables precompute the formulas over every packed
value, and the scalar and batch paths only index them. The tile masks of the two forms
(which draws lower their shanten, which discards keep it) follow here too, as 34-bit ints
for the scalar path and (n, 34) bool arrays for the batch, side by side.

>>> chiitoitsu_shanten(pairs=6, kinds=7), kokushi_shanten(orphan_kinds=13, orphan_pairs=0)
(0, 0)
>>> chiitoitsu_shanten(pairs=4, kinds=4)    # 11223344m + 5 strays of those kinds
5
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, Literal, overload

import numpy as np

from ..core.tiles import TERMINALS_AND_HONORS
from ..errors import InvalidArgumentError, quote
from ..lut.blocks import Block, broadcast_sum

# --------------------------------------------------------------------------- form names

Form = Literal["all", "standard", "chiitoitsu", "kokushi"]
"""A ``form=`` value: ``"all"`` (the minimum over the forms that apply) or one form."""
FORMS: tuple[Form, ...] = ("all", "standard", "chiitoitsu", "kokushi")

FormName = Literal["standard", "chiitoitsu", "kokushi"]
"""One hand shape: the forms a result reports one by one."""
FORM_NAMES: tuple[FormName, ...] = ("standard", "chiitoitsu", "kokushi")


@overload
def check_form(form: object) -> Form: ...
@overload
def check_form(form: object, accepted: tuple[FormName, ...]) -> FormName: ...
def check_form(form: object, accepted: tuple[str, ...] = FORMS) -> str:
    """``form`` itself when it is one of ``accepted`` (by default :data:`FORMS`), else an
    :class:`~riichi_lut.errors.InvalidArgumentError` naming the accepted values.

    >>> check_form("kokushi")
    'kokushi'
    >>> check_form("seven pairs")  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    riichi_lut.errors.InvalidArgumentError: form must be one of 'all', 'standard', ...; got 'seven pairs'
    """
    if form.__class__ is str and form in accepted:
        return form
    raise InvalidArgumentError(f"form must be one of {', '.join(map(repr, accepted))}; got {quote(form)}")


# --------------------------------------------------------------------------- the formulas


@overload
def chiitoitsu_shanten(pairs: int, kinds: int) -> int: ...
@overload
def chiitoitsu_shanten(pairs: np.ndarray, kinds: np.ndarray) -> np.ndarray: ...
def chiitoitsu_shanten(pairs: Any, kinds: Any) -> Any:
    """Seven-pairs shanten from the number of paired kinds and of distinct kinds held
    (ints or integer arrays): ``6 - pairs + max(0, 7 - kinds)``."""
    missing = 7 - kinds
    return 6 - pairs + missing * (missing > 0)


@overload
def kokushi_shanten(orphan_kinds: int, orphan_pairs: int) -> int: ...
@overload
def kokushi_shanten(orphan_kinds: np.ndarray, orphan_pairs: np.ndarray) -> np.ndarray: ...
def kokushi_shanten(orphan_kinds: Any, orphan_pairs: Any) -> Any:
    """Thirteen-orphans shanten from the distinct terminal/honor kinds held and the number
    of them held at least twice (ints or integer arrays): ``13 - kinds - [any pair]``."""
    return 13 - orphan_kinds - (orphan_pairs > 0)


# --------------------------------------------------------------------------- packed statistics

# Bit offsets of the fields: pairs (3 bits), kinds (4), orphan kinds (4), orphan pairs (3),
# tiles (6). The low 7 bits are all chiitoitsu reads, the next 7 all kokushi reads.
PAIRS, KINDS, ORPHAN_KINDS, ORPHAN_PAIRS, TILES = 0, 3, 7, 11, 14
STATS_BITS = 20
STATS_MASK = (1 << STATS_BITS) - 1


def kind_stats(block: Block) -> np.ndarray:
    """``stats[i, c]``: packed statistics of ``c`` copies of kind ``i`` of the block (uint32)."""
    copies = np.arange(5, dtype=np.uint32)
    stats = np.zeros((block.kinds, 5), dtype=np.uint32)
    for i in range(block.kinds):
        orphan = (not block.runs) or i in (0, block.kinds - 1)
        stats[i] = (
            ((copies >= 2) << PAIRS)
            + ((copies >= 1) << KINDS)
            + ((copies >= 1) * orphan << ORPHAN_KINDS)
            + ((copies >= 2) * orphan << ORPHAN_PAIRS)
            + (copies << TILES)
        )
    return stats


def block_stats(block: Block) -> np.ndarray:
    """Packed statistics of every pattern of the block, flat in base-5 order (uint32)."""
    return broadcast_sum(block, kind_stats(block))


_LOW = range(128)
CHIITOITSU_BY_STATS: tuple[int, ...] = tuple(chiitoitsu_shanten(s & 7, s >> 3) for s in _LOW)
"""Chiitoitsu shanten by ``stats & 0x7f`` (pairs, kinds)."""
KOKUSHI_BY_STATS: tuple[int, ...] = tuple(kokushi_shanten(s & 15, s >> 4) for s in _LOW)
"""Kokushi shanten by ``(stats >> 7) & 0x7f`` (orphan kinds, orphan pairs)."""


def closed_shanten(stats: int) -> tuple[int, int]:
    """(chiitoitsu, kokushi) shanten of a hand from its packed statistics."""
    return CHIITOITSU_BY_STATS[stats & 127], KOKUSHI_BY_STATS[(stats >> 7) & 127]


def stats_tables() -> tuple[np.ndarray, np.ndarray]:
    """The two tables above as int8 arrays, for the batch path."""
    return np.array(CHIITOITSU_BY_STATS, dtype=np.int8), np.array(KOKUSHI_BY_STATS, dtype=np.int8)


# --------------------------------------------------------------------------- masks, scalar

ALL_KINDS = (1 << 34) - 1
YAOCHU = sum(1 << k for k in TERMINALS_AND_HONORS)


def _binary(copies: set[int]) -> bytes:
    """``bytes.translate`` table: a count in ``copies`` becomes ASCII '1', others '0'."""
    return bytes(ord("1") if c in copies else ord("0") for c in range(256))


_HELD = tuple(_binary(s) for s in ({0}, {1}, {2}, {3, 4}))


KindSets = tuple[int, int, int, int]
"""Masks of the kinds held 0, 1, 2 and >= 3 times, what the scalar masks below read."""


def kind_sets(counts: Sequence[int]) -> KindSets:
    """Masks of kinds held 0, 1, 2 and >= 3 times: each count byte is translated to an
    ASCII binary digit and the reversed string parsed in base 2 (C loops only)."""
    b = bytes(counts)[::-1]
    return (
        int(b.translate(_HELD[0]), 2),
        int(b.translate(_HELD[1]), 2),
        int(b.translate(_HELD[2]), 2),
        int(b.translate(_HELD[3]), 2),
    )


def chiitoitsu_masks(sets: KindSets, draws: bool) -> tuple[int, int]:
    """(shanten, mask) of seven pairs for closed counts (their :func:`kind_sets`): with
    ``draws`` the kinds whose draw lowers the shanten (a 13-tile hand), else the kinds
    whose discard keeps it (a 14-tile hand)."""
    none, single, double, more = sets
    kinds = 34 - none.bit_count()
    shanten = chiitoitsu_shanten((double | more).bit_count(), kinds)
    if draws:  # a single becomes a pair; a new kind counts while kinds < 7
        return shanten, single | (none if kinds < 7 else 0)
    # a third/fourth copy goes for free; a single only while there are more than 7 kinds
    return shanten, more | (single if kinds > 7 else 0)


def kokushi_masks(sets: KindSets, draws: bool) -> tuple[int, int]:
    """(shanten, mask) of thirteen orphans for closed counts, as :func:`chiitoitsu_masks`."""
    none, single, double, more = sets
    held = YAOCHU & ~none
    paired = YAOCHU & (double | more)
    shanten = kokushi_shanten(held.bit_count(), paired.bit_count())
    if draws:  # a missing orphan, or a second copy while none is paired
        return shanten, (YAOCHU & none) | (0 if paired else YAOCHU & single)
    # anything but an orphan, a third copy, or one copy of a pair while another pair stays
    spare_pair = paired if paired.bit_count() >= 2 else 0
    return shanten, (~YAOCHU & ALL_KINDS & ~none) | (YAOCHU & more) | (YAOCHU & double & spare_pair)


# --------------------------------------------------------------------------- masks, batch

_ORPHANS = np.array(TERMINALS_AND_HONORS)
# (not np.setdiff1d: at import time it would load numpy.ma, ~20 ms of start-up)
_NOT_ORPHANS = np.array([k for k in range(34) if k not in TERMINALS_AND_HONORS])


def closed_masks_batch(rows: np.ndarray, stats: np.ndarray, draws: bool) -> tuple[np.ndarray, np.ndarray]:
    """Chiitoitsu and kokushi tile masks, (n, 34) bool each, of closed (n, 34) count rows
    and their packed statistics: the rules of :func:`chiitoitsu_masks` and
    :func:`kokushi_masks`, row-wise."""
    kinds = (stats >> KINDS) & np.uint32(15)
    orphans = rows[:, _ORPHANS]
    paired = (stats >> ORPHAN_PAIRS) & np.uint32(7)
    ko_mask = np.zeros(rows.shape, dtype=bool)
    if draws:
        chi_mask = (rows == 1) | ((rows == 0) & (kinds < 7)[:, None])
        ko_mask[:, _ORPHANS] = (orphans == 0) | ((orphans == 1) & (paired == 0)[:, None])
    else:
        chi_mask = (rows >= 3) | ((rows == 1) & (kinds > 7)[:, None])
        ko_mask[:, _NOT_ORPHANS] = rows[:, _NOT_ORPHANS] > 0
        ko_mask[:, _ORPHANS] = (orphans >= 3) | ((orphans == 2) & (paired >= 2)[:, None])
    return chi_mask, ko_mask
