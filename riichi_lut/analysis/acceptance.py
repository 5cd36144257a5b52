"""Scalar core of the hint engine: which draws lower the shanten (necessary tiles, 有効牌)
and which discards keep it (unnecessary tiles), as 34-bit masks, from table look-ups.

Standard form. The tables give, per block pattern and per (pair, m), the block's
necessary and unnecessary tiles (``suit_masks``/``honor_masks``), and, per block class,
class of the other three blocks and number of melds, the set of (pair, m) the block takes
in *some* optimal assignment (``suit_useful``/``honor_useful``). A draw lowers the whole
hand's replacement number exactly when it lowers its block's requirement under one of
those (pair, m) (docs/efficiency.md has the two-line proof), so the hand's mask is the OR
of each block's masks over its useful bits. No re-evaluation per tile.

Chiitoitsu and kokushi follow from their formulas (:mod:`riichi_lut.analysis.forms`); the
union over the forms that reach the minimum shanten gives the combined answer. The masks
an :class:`Analysis` exposes are :class:`~riichi_lut.core.tilemask.TileMask`; the lean
:func:`combined` path returns plain ints.

A :class:`~riichi_lut.core.hand.Hand` whose calls hold kinds it also needs (a pon of 5m caps
5m at one more copy) takes a slower exact path: block vectors under those caps and a
direct test of each kind.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass

from ..core.hand import MAX_CALLS, validate_concealed_counts
from ..core.players import THREE_PLAYER_MASK
from ..core.tilemask import TileMask, tile_mask
from ..lut import loader
from ..lut.blocks import completion, join
from . import sanma
from .forms import (
    FORM_NAMES,
    FormName,
    check_form,
    chiitoitsu_masks,
    closed_shanten,
    kind_sets,
    kokushi_masks,
)
from .shanten import BLOCK_SPANS, block_memos, hand_vector

NECESSARY, UNNECESSARY = 0, 1
FORMS = FORM_NAMES  # the forms an Analysis reports one by one


_BYTE_BITS = [tuple(i for i in range(8) if byte >> i & 1) for byte in range(256)]


def bits(mask: int) -> list[int]:
    """Kinds set in a 34-bit mask, ascending.

    >>> bits(0b1010_0000_0001)
    [0, 9, 11]
    """
    out: list[int] = []
    base = 0
    while mask:
        byte = mask & 255
        if byte:
            out += [base + i for i in _BYTE_BITS[byte]]
        mask >>= 8
        base += 8
    return out


@dataclass(frozen=True, slots=True)
class Analysis:
    """Shanten and tile mask of each form (``None`` where a form does not apply) and the
    combined minimum. ``which`` says whether masks are draws that lower the shanten
    (NECESSARY, a 3n+1 hand) or discards that keep it (UNNECESSARY, a 3n+2 hand)."""

    which: int
    shanten: int
    mask: TileMask
    standard: tuple[int, TileMask]
    chiitoitsu: tuple[int, TileMask] | None
    kokushi: tuple[int, TileMask] | None

    def form(self, name: FormName) -> tuple[int, TileMask] | None:
        """(shanten, mask) of one form, by name (one of :data:`FORMS`)."""
        return getattr(self, check_form(name, FORM_NAMES))  # type: ignore[no-any-return]


# ------------------------------------------------------------------ the forms combined


def _combine(which: int, standard: tuple[int, int], closed: Sequence[int] | None) -> Analysis:
    """The analysis over the forms that apply (chiitoitsu and kokushi for ``closed``
    counts), its masks wrapped as :class:`TileMask` (the result boundary)."""
    wrap = int.__new__  # wrap(TileMask, mask) is tile_mask(mask) without the extra call
    forms = [(standard[0], wrap(TileMask, standard[1]))]
    if closed is not None:
        sets, draws = kind_sets(closed), which == NECESSARY
        for shanten, mask in (chiitoitsu_masks(sets, draws), kokushi_masks(sets, draws)):
            forms.append((shanten, wrap(TileMask, mask)))
    best = min(f[0] for f in forms)
    combined = 0
    for shanten, form_mask in forms:
        if shanten == best:
            combined |= form_mask
    chiitoitsu, kokushi = (forms[1], forms[2]) if closed is not None else (None, None)
    return Analysis(which, best, wrap(TileMask, combined), forms[0], chiitoitsu, kokushi)


# ------------------------------------------------------------------ standard form by tables


StandardForm = Callable[[Sequence[int], int, int], tuple[int, int, int]]


def _build_standard_form(t: loader.Tables) -> StandardForm:
    """The standard-form look-up with every table bound as a closure local (attribute and
    global look-ups cost as much as the probes in CPython)."""
    suit, honor = block_memos(t)
    pair = t["suit_pair_class"].tolist()
    pair_honor = t["suit_pair_honor_class"].tolist()
    triple = t["suit_triple_class"].tolist()
    standard = t["standard_shanten"].tolist()
    suit_useful = t["suit_useful"].tolist()
    honor_useful = t["honor_useful"].tolist()
    tables = (t["suit_masks"].reshape(2, 10, -1), t["honor_masks"].reshape(2, 10, -1))
    memo: dict[int, int] = {}

    def fill(key: int) -> int:
        """OR of a block pattern's masks over the (pair, m) bits of its useful set."""
        rank, useful, which, block = key & 0xFFFFF, (key >> 20) & 1023, (key >> 30) & 1, key >> 31
        table = tables[block][which]
        mask = 0
        for j in bits(useful):
            mask |= int(table[j, rank])
        memo[key] = mask
        return mask

    def standard_form(counts: Sequence[int], melds: int, which: int) -> tuple[int, int, int]:
        """(standard shanten, mask, packed chiitoitsu/kokushi statistics) of concealed
        counts with ``melds`` calls."""
        try:
            b = bytes(counts)
            vm, vp, vs, vz = suit[b[0:9]], suit[b[9:18]], suit[b[18:27]], honor[b[27:]]
        except (TypeError, ValueError, KeyError):
            validate_concealed_counts(counts, melds)
            raise AssertionError("counts passed validation but not the look-up") from None
        cm, cp, cs, cz = vm & 1023, vp & 1023, vs & 1023, vz & 1023
        k_mp = pair[cm][cp]
        k2 = triple[k_mp][cs]
        need = MAX_CALLS - melds
        high = which << 30
        km = vm >> 30 | suit_useful[cm][pair_honor[pair[cp][cs]][cz]][need] << 20 | high
        kp = vp >> 30 | suit_useful[cp][pair_honor[pair[cm][cs]][cz]][need] << 20 | high
        ks = vs >> 30 | suit_useful[cs][pair_honor[k_mp][cz]][need] << 20 | high
        kz = vz >> 30 | honor_useful[cz][k2][need] << 20 | high | 1 << 31
        get = memo.get
        mm, mp, ms, mz = get(km), get(kp), get(ks), get(kz)
        if mm is None:
            mm = fill(km)
        if mp is None:
            mp = fill(kp)
        if ms is None:
            ms = fill(ks)
        if mz is None:
            mz = fill(kz)
        mask = mm | mp << 9 | ms << 18 | mz << 27
        return standard[k2][cz][melds], mask, ((vm + vp + vs + vz) >> 10) & 0xFFFFF

    return standard_form


_cache: tuple[loader.Tables, StandardForm] | None = None


def standard_form(counts: Sequence[int], melds: int, which: int) -> tuple[int, int, int]:
    """(standard shanten, 34-bit mask, packed statistics) from the tables."""
    global _cache
    cache = _cache
    if cache is None or cache[0] is not loader.current:
        t = loader.tables()
        cache = _cache = (t, t.derived("acceptance.standard", _build_standard_form))
    return cache[1](counts, melds, which)


def analyse_counts(counts: Sequence[int], melds: int, which: int) -> Analysis:
    """Analysis of concealed counts whose calls (``melds`` of them) are not known."""
    shanten, mask, _ = standard_form(counts, melds, which)
    return _combine(which, (shanten, mask), counts if melds == 0 else None)


def combined(
    counts: Sequence[int], melds: int, which: int, called: Sequence[int] | None = None, players: int = 4
) -> tuple[int, int]:
    """(shanten, mask) over the forms at the minimum, the lean path of the ranking and
    the two-step analysis: chiitoitsu/kokushi masks are built only when those forms reach
    the minimum, their shanten coming from the block statistics. ``players=3``: the
    three-player set (counts already checked for 2m-8m)."""
    if players == 3:
        analysis = analyse(counts, melds, which, called, players)
        return analysis.shanten, analysis.mask
    if called is not None and any(called):
        analysis = analyse_called(counts, melds, called, which)
        return analysis.shanten, analysis.mask
    shanten, mask, stats = standard_form(counts, melds, which)
    if melds:
        return shanten, mask
    chiitoitsu, kokushi = closed_shanten(stats)
    best = min(shanten, chiitoitsu, kokushi)
    if best < shanten:
        mask = 0
    if best in (chiitoitsu, kokushi):
        sets, draws = kind_sets(counts), which == NECESSARY
        if chiitoitsu == best:
            mask |= chiitoitsu_masks(sets, draws)[1]
        if kokushi == best:
            mask |= kokushi_masks(sets, draws)[1]
    return best, mask


# ------------------------------------------------------------------ called hands, exactly


def analyse_called(
    counts: Sequence[int], melds: int, called: Sequence[int], which: int, players: int = 4
) -> Analysis:
    """Exact analysis of a hand whose calls hold ``called`` (34 counts): the call tiles
    cap each kind at four copies in total. Each kind is tested directly: its block's
    capped vector after the draw (or discard), joined with the other three blocks
    (``players=3``: the man block of the three-player set, 2m-8m never tested)."""
    concealed = list(counts)
    need = MAX_CALLS - melds
    vectors = [hand_vector(b, concealed, called, players) for b in range(4)]
    step = 1 if which == NECESSARY else -1
    replacement = None
    mask = 0
    for b, (_, lo, hi) in enumerate(BLOCK_SPANS):
        others = [v for i, v in enumerate(vectors) if i != b]
        rest = join(join(others[0], others[1]), others[2])
        if replacement is None:
            replacement = completion(rest, vectors[b], need)
        for kind in (0, 8) if b == 0 and players == 3 else range(lo, hi):
            after = concealed[kind] + step
            if after < 0 or after + called[kind] > 4:
                continue
            concealed[kind] = after
            value = completion(rest, hand_vector(b, concealed, called, players), need)
            concealed[kind] -= step
            if value < replacement if which == NECESSARY else value == replacement:
                mask |= 1 << kind
    assert replacement is not None
    tiles = tile_mask(mask)
    return Analysis(which, replacement - 1, tiles, (replacement - 1, tiles), None, None)


def analyse(
    counts: Sequence[int], melds: int, which: int, called: Sequence[int] | None = None, players: int = 4
) -> Analysis:
    """Dispatch: known call tiles take the exact capped path, anything else the tables
    (``players=3``: the three-player look-ups, :mod:`riichi_lut.analysis.sanma`)."""
    if called is not None and any(called):
        return analyse_called(counts, melds, called, which, players)
    if players == 3:
        return analyse_three_player(counts, melds, which)
    return analyse_counts(counts, melds, which)


def analyse_three_player(counts: Sequence[int], melds: int, which: int) -> Analysis:
    """Analysis of three-player concealed counts (checked: no 2m-8m) whose call tiles are
    not known: each form's shanten and mask by :func:`riichi_lut.analysis.sanma.acceptance`,
    the combined mask the union over the forms at the minimum."""
    shanten, masks = sanma.acceptance(counts, melds, which == NECESSARY)
    wrap = int.__new__
    forms = [(shanten[0], wrap(TileMask, masks[0]))]
    if melds == 0:
        forms += [(shanten[1], wrap(TileMask, masks[1])), (shanten[2], wrap(TileMask, masks[2]))]
    best = min(f[0] for f in forms)
    mask = 0
    for value, form_mask in forms:
        if value == best:
            mask |= form_mask
    assert mask & ~THREE_PLAYER_MASK == 0, "a 2m-8m in a three-player mask"
    chiitoitsu, kokushi = (forms[1], forms[2]) if melds == 0 else (None, None)
    return Analysis(which, best, wrap(TileMask, mask), forms[0], chiitoitsu, kokushi)
