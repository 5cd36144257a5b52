"""Exact deals of 13 or 14 tiles by alias tables: five raw 64-bit draws a deal.

A deal's split over man, pin, sou and the honors is drawn first, then each block's count
pattern among those of its size, every distribution weighted exactly as a shuffled wall
weights it (the tables and why they are exact: :mod:`riichi_lut.tablegen.deals`,
``docs/tables.md``). A column of ``2**k`` comes from the low ``k`` bits of a raw draw
``r`` and the threshold test from the rest: with ``q = 2**(B - k) // C`` (``B`` the draw's
bits, ``C`` the table's capacity), ``u = r >> k`` is accepted when ``u < q C`` and then
``u // q`` is uniform in ``[0, C)``, so ``u // q < t`` is the same test as ``r < (q t) <<
k``: one comparison of the raw draw against a threshold prepared at load time. A draw
past ``q C`` (at most one in ``2**15`` for a block, one in 277 for the 14-tile split) is
replaced by the next raw draw of the generator, lane by lane, in order, so the deals
remain a function of the generator alone.

The five draws of a deal, as ``rng.bit_generator.random_raw(5 n)`` read as five rows of
``n``: row 0 gives the split's column (low 10 bits) and the honor block (the other 54
bits), row 1 the split's threshold, rows 2-4 the man, pin and sou blocks. The sampler
picks each block's *value* for its column from an interleaved ``(own, alias)`` array, and
two value sets exist: pattern words, written as tile counts by :func:`alias_counts`, and
shanten state words (class and chiitoitsu/kokushi statistics) that
:func:`alias_shanten_histogram` combines through the class tables without writing any
counts. Both pick the same patterns from the same draws: the histogram is that of
``shanten_batch(alias_counts(rng, n, tiles))``.
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from ..errors import TableError
from ..lut import loader
from ..lut.alias import alias_table
from ..lut.blocks import HONOR, SUIT, Block, broadcast_sum, tile_totals
from ..lut.loader import Tables
from .sanma_weights import man_pattern_weights_3p, man_totals_3p, split_weights

__all__ = [
    "ALIAS_SIZES",
    "DRAWS",
    "SHANTEN_BINS",
    "AliasSampler",
    "BlockAlias",
    "BlockValues",
    "alias_counts",
    "alias_shanten_histogram",
    "sampler",
]

ALIAS_SIZES = (13, 14)
"""Deal sizes the alias tables cover."""
DRAWS = 5
"""Raw 64-bit draws a deal takes (before the rare replacements)."""
SHANTEN_BINS = 15
"""Shanten -1 .. 13, one bin each."""
SPLIT_BITS = 10
HONOR_BITS = 64 - SPLIT_BITS
THREE_BITS = np.uint64(0x0707_0707_0707_0707)
TOP = (1 << 64) - 1
#: bit fields of the summed statistics of a deal (above the 16 class bits of a word)
PAIRS, KINDS, ORPHANS, ORPHAN_PAIRS = 0, 4, 8, 12
STATS_SHIFT = 16


@dataclass(frozen=True)
class BlockAlias:
    """The alias tables of one block kind at run time: per column the threshold in raw
    units, the base-5 patterns of the column's own outcome and alias, and per size the
    first column, the column bits and the exact rejection limit (a Python int)."""

    bits: int  # bits of the raw value the block reads (64, or 54 for the honors)
    threshold: np.ndarray  # uint64 per column
    patterns: np.ndarray  # int64 (columns, 2): base-5 index of own outcome, alias
    first: np.ndarray  # int64 per size
    column_bits: np.ndarray  # int64 per size
    limits: tuple[int, ...]  # per size: a raw value at or past it is redrawn
    candidate: np.uint64  # the smallest limit (capped at 2**64 - 1): rarely reached

    def params(self, sizes: np.ndarray) -> np.ndarray:
        """``mask << 32 | first column`` per size (int64)."""
        packed: np.ndarray = ((1 << self.column_bits[sizes]) - 1) << 32 | self.first[sizes]
        return packed.astype(np.int64)


def _check_full(name: str, threshold: np.ndarray, alias: np.ndarray, capacity: int) -> None:
    """A full column (threshold = capacity) must be its own alias: its run-time threshold
    is capped at 2**64 - 1, and the one raw value at the cap must not change the outcome."""
    full = np.flatnonzero(threshold == capacity)
    if (alias[full] != full).any():
        raise TableError(f"table {name}: a full column has another alias; {loader.REBUILD}")


def _block_alias(t: Tables, block: Block, bits: int) -> BlockAlias:
    name = f"deal_{block.name}"
    return _alias_columns(
        name,
        bits,
        t[f"{name}_layout"].astype(object),
        t[f"{name}_threshold"].astype(np.uint64),
        t[f"{name}_alias"].astype(np.int64),
        tile_totals(block),
    )


def _alias_columns(
    name: str, bits: int, layout: np.ndarray, threshold: np.ndarray, alias: np.ndarray, totals: np.ndarray
) -> BlockAlias:
    """The run-time form of a block's alias tables of sizes ``0 .. len(layout) - 1``: the
    outcomes of size ``s`` are the base-5 patterns with ``totals == s``, in index order."""
    raw = np.zeros(len(threshold), dtype=np.uint64)
    patterns = np.zeros((len(threshold), 2), dtype=np.int64)
    limits = []
    for size in range(len(layout)):
        first, k, capacity = (int(x) for x in layout[size])
        stop = first + (1 << k)
        q = (1 << (bits - k)) // capacity
        part = threshold[first:stop]
        _check_full(name, part, alias[first:stop], capacity)
        scaled = (part * np.uint64(min(q, TOP))) << np.uint64(k)  # exact below capacity
        raw[first:stop] = np.where(part == capacity, np.uint64(TOP), scaled)  # full: alias is itself
        own = np.flatnonzero(totals == size)
        column = np.arange(1 << k)
        patterns[first:stop, 0] = own[np.minimum(column, len(own) - 1)]  # past n: threshold 0
        patterns[first:stop, 1] = own[alias[first:stop]]
        limits.append((q * capacity) << k)
    return BlockAlias(
        bits,
        raw,
        patterns,
        np.array([int(row[0]) for row in layout], dtype=np.int64),
        np.array([int(row[1]) for row in layout], dtype=np.int64),
        tuple(limits),
        np.uint64(min(*limits, TOP)),
    )


# ------------------------------------------------------------------ three players


def _man_alias_3p() -> BlockAlias:
    """The three-player man block's alias tables, sizes 0..8, built exactly at load time."""
    layout: list[tuple[int, int, int]] = []
    thresholds: list[int] = []
    aliases: list[int] = []
    for rows in man_pattern_weights_3p():
        bits, capacity, thr, alias = alias_table([w for _, w in rows])
        layout.append((len(thresholds), bits, capacity))
        thresholds += thr
        aliases += alias
    return _alias_columns(
        "man (three players)",
        64,
        np.array(layout, dtype=object),
        np.array(thresholds, dtype=np.uint64),
        np.array(aliases, dtype=np.int64),
        man_totals_3p(),
    )


def _per_kind(block: Block, values: list[int], kinds: range | tuple[int, ...] | None = None) -> np.ndarray:
    """``sum over kinds i of values[h[i]]`` for every base-5 pattern ``h`` (uint32); only
    the listed kinds count."""
    rows = np.zeros((block.kinds, 5), dtype=np.uint8)
    for kind in range(block.kinds) if kinds is None else kinds:
        rows[kind] = values
    return broadcast_sum(block, rows).astype(np.uint32)


def _count_words(block: Block) -> np.ndarray:
    """Per base-5 pattern, its counts as the bytes of a uint64 word; a suit's ninth count
    rides in bits 3-5 of byte 0 (counts take 3 bits)."""
    rows = np.array(
        [[count << (8 * kind if kind < 8 else 3) for count in range(5)] for kind in range(block.kinds)],
        dtype=np.uint64,
    )
    return broadcast_sum(block, rows)


def _state_words(t: Tables, block: Block) -> tuple[np.ndarray, np.ndarray]:
    """Per base-5 pattern: its class (int64) and statistics ``<< 16`` (uint32), the
    chiitoitsu/kokushi fields (pairs, kinds, terminal/honor kinds, a terminal/honor held
    twice) in bit fields that a deal's four blocks can sum without carries."""
    orphan_kinds = (0, block.kinds - 1) if block.runs else tuple(range(block.kinds))
    pairs = _per_kind(block, [0, 0, 1, 1, 1])
    kinds = _per_kind(block, [0, 1, 1, 1, 1])
    orphans = _per_kind(block, [0, 1, 1, 1, 1], orphan_kinds)
    orphan_pair = _per_kind(block, [0, 0, 1, 1, 1], orphan_kinds) > 0
    stats = (
        pairs << PAIRS | kinds << KINDS | orphans << ORPHANS | orphan_pair.astype(np.uint32) << ORPHAN_PAIRS
    )
    classes = t[f"{block.name}_class"].astype(np.int64)
    return np.where(classes == 255, 0, classes), stats << np.uint32(STATS_SHIFT)


def _form_tables() -> dict[str, np.ndarray]:
    """Shanten + 1 of chiitoitsu, kokushi and their minimum, by summed statistics."""
    stats = np.arange(1 << 15)
    pairs, kinds = (stats >> PAIRS) & 15, (stats >> KINDS) & 15
    orphans, orphan_pairs = (stats >> ORPHANS) & 15, (stats >> ORPHAN_PAIRS) & 7
    chiitoitsu = 6 - pairs + np.maximum(0, 7 - kinds)
    kokushi = 13 - orphans - (orphan_pairs > 0)
    return {
        "chiitoitsu": (chiitoitsu + 1).astype(np.uint8),
        "kokushi": np.clip(kokushi + 1, 0, 255).astype(np.uint8),
        "all": (np.minimum(chiitoitsu, kokushi) + 1).clip(0, 255).astype(np.uint8),
    }


@dataclass(frozen=True)
class BlockValues:
    """The four block positions (man, pin, sou, honors) of every deal size: their alias
    tables and, per (column, own/alias) slot, the count word and the state word
    (``class | statistics << 16``; the man's class premultiplied by 126 for the pair table)."""

    blocks: tuple[BlockAlias, ...]
    words: tuple[np.ndarray, ...]  # uint64
    states: tuple[np.ndarray, ...]  # uint32


def _block_values(t: Tables, players: int = 4) -> BlockValues:
    suit, honor = _block_alias(t, SUIT, 64), _block_alias(t, HONOR, HONOR_BITS)
    man = _man_alias_3p() if players == 3 else suit
    blocks = (man, suit, suit, honor)
    words = {b.name: _count_words(b) for b in (SUIT, HONOR)}
    kinds = (SUIT, SUIT, SUIT, HONOR)
    premultiply = (126, 1, 1, 1)
    count_words, state_words = [], []
    for position, (kind, block, times) in enumerate(zip(kinds, blocks, premultiply, strict=True)):
        slots = block.patterns.reshape(-1)
        count_words.append(words[kind.name][slots])  # a three-player man pattern is a suit index
        if players == 4 or position:
            classes, stats = _state_words(t, kind)
            state_words.append((classes[slots] * times).astype(np.uint32) | stats[slots])
    return BlockValues(blocks, tuple(count_words), tuple(state_words) if players == 4 else ())


@dataclass(frozen=True)
class AliasSampler:
    """Everything the sampler reads for one deal size, prepared from the tables once (for
    ``players=3``: the three-player split and man block, and no state words)."""

    tiles: int
    players: int
    split_threshold: np.ndarray  # uint64 per split column, raw units
    split_value: np.ndarray  # intp (columns * 2): split index of own outcome, alias
    split_limit: int
    split_candidate: np.uint64
    split_sizes: np.ndarray  # int64 (splits, 4)
    params: tuple[np.ndarray, ...]  # per block position: int64 per split (own, alias) slot
    blocks: tuple[BlockAlias, ...]  # suit, suit, suit, honor
    words: tuple[np.ndarray, ...]  # per position: uint64 count word per (column, own/alias)
    states: tuple[np.ndarray, ...]  # per position: uint32 state word per (column, own/alias)
    pair_class: np.ndarray  # uint16 [cm * 126 + cp] -> k1 * 126
    triple_class: np.ndarray  # uint16 [k1 * 126 + cs] -> k2 * 55
    standard: np.ndarray  # uint8 [k2 * 55 + cz] -> standard shanten + 1 (no calls)
    forms: dict[str, np.ndarray]  # uint8 [statistics] -> shanten + 1 of the other forms


def _split_tables(t: Tables, tiles: int, players: int) -> tuple[int, int, np.ndarray, np.ndarray, np.ndarray]:
    """(bits, capacity, thresholds, aliases, splits) of the deal's split: the generated
    four-player tables, or for ``players=3`` the exact table of :func:`split_weights`."""
    if players == 3:
        rows = split_weights(tiles, 3)
        bits, capacity, thr, alias = alias_table([w for _, w in rows])
        sizes = np.array([split for split, _ in rows], dtype=np.int64)
        return bits, capacity, np.array(thr, dtype=object), np.array(alias, dtype=np.int64), sizes
    name = f"deal{tiles}_split"
    _, bits, capacity = (int(x) for x in t[f"{name}_layout"][0])
    sizes = t[f"deal{tiles}_splits"].astype(np.int64)
    return bits, capacity, t[f"{name}_threshold"], t[f"{name}_alias"].astype(np.int64), sizes


def _build(t: Tables, tiles: int, players: int = 4) -> AliasSampler:
    values = t.derived(f"deal_alias_blocks_{players}", lambda t: _block_values(t, players))
    name = f"deal{tiles}_split" if players == 4 else f"the {tiles}-tile three-player split"
    bits, capacity, thr, alias, sizes = _split_tables(t, tiles, players)
    if bits != SPLIT_BITS:
        raise AssertionError(f"{name}: {bits} column bits, the sampler reads {SPLIT_BITS}")
    q = (1 << 64) // capacity
    _check_full(name, thr, alias, capacity)
    split_threshold = np.array([TOP if int(x) == capacity else q * int(x) for x in thr], dtype=np.uint64)
    own = np.arange(1 << bits)
    split_value = np.stack([np.minimum(own, len(sizes) - 1), alias], axis=1)
    pair = t["suit_pair_class"].astype(np.uint16) * np.uint16(126)
    triple = t["suit_triple_class"].astype(np.uint16) * np.uint16(55)
    return AliasSampler(
        tiles,
        players,
        split_threshold,
        split_value.reshape(-1).astype(np.intp),
        q * capacity,
        np.uint64(min(q * capacity, TOP)),
        sizes,
        tuple(b.params(sizes[split_value.reshape(-1), j]) for j, b in enumerate(values.blocks)),
        values.blocks,
        values.words,
        values.states,
        pair.reshape(-1),
        triple.reshape(-1),
        (t["standard_shanten"][:, :, 0].astype(np.int16) + 1).astype(np.uint8).reshape(-1),
        _form_tables(),
    )


def sampler(tiles: int, players: int = 4) -> AliasSampler:
    """The prepared sampler for deals of ``tiles`` (13 or 14) tiles from the wall of
    ``players`` (4: 136 tiles, 3: 108), built once per table set
    (:meth:`riichi_lut.lut.loader.Tables.derived`)."""
    suffix = "" if players == 4 else f"_{players}p"
    return loader.tables().derived(f"deal_alias_{tiles}{suffix}", lambda t: _build(t, tiles, players))


def _columns(s: AliasSampler, raw: np.ndarray) -> np.ndarray:
    """(own, alias) slot of each lane's split from its rows 0 (column) and 1 (threshold)."""
    pick: np.ndarray = raw[0].view(np.int64) & np.int64((1 << SPLIT_BITS) - 1)
    above = raw[1] >= s.split_threshold.take(pick)
    pick <<= 1
    pick += above
    return pick


def _pick(block: BlockAlias, r: np.ndarray, params: np.ndarray) -> np.ndarray:
    """(own, alias) slot of each lane's column: ``2 * column + (r >= threshold)``; the
    column is ``first + (r & mask)``, computed on the draws viewed as int64 (the index
    type) so that no conversion pass is needed."""
    index: np.ndarray = r.view(np.int64) & (params >> np.int64(32))
    index += params & np.int64(0xFFFF_FFFF)
    above = r >= block.threshold.take(index)
    index <<= 1
    index += above
    return index


def _redraw(bits: np.random.BitGenerator, lanes: np.ndarray, shift: int) -> np.ndarray:
    fresh: np.ndarray = bits.random_raw(len(lanes)) >> np.uint64(shift)
    return fresh


def _split_index(s: AliasSampler, bits: np.random.BitGenerator, raw: np.ndarray) -> np.ndarray:
    split = _columns(s, raw)
    if (raw[1] >= s.split_candidate).any():
        lanes = np.flatnonzero(raw[1] >= s.split_candidate)
        while True:
            lanes = lanes[[int(x) >= s.split_limit for x in raw[1, lanes].tolist()]]
            if not len(lanes):
                break
            raw[1, lanes] = _redraw(bits, lanes, 0)
            split[lanes] = _columns(s, raw[:, lanes])
    return split


def _block_picks(
    s: AliasSampler, bits: np.random.BitGenerator, raw: np.ndarray, split: np.ndarray
) -> list[np.ndarray]:
    """The (own, alias) slot of the four blocks of every lane (man, pin, sou, honors)."""
    honor_raw = raw[0] >> np.uint64(SPLIT_BITS)
    picks = []
    for position, block in enumerate(s.blocks):
        r = honor_raw if position == 3 else raw[2 + position]
        params = s.params[position].take(split)  # split: the (own, alias) slot
        pick = _pick(block, r, params)
        if (r >= block.candidate).any():
            lanes = np.flatnonzero(r >= block.candidate)
            sizes = s.split_sizes[s.split_value[split[lanes]], position].tolist()
            while True:
                keep = [int(x) >= block.limits[k] for x, k in zip(r[lanes].tolist(), sizes, strict=True)]
                lanes = lanes[keep]
                sizes = [k for k, bad in zip(sizes, keep, strict=True) if bad]
                if not len(lanes):
                    break
                r[lanes] = _redraw(bits, lanes, 64 - block.bits)
                pick[lanes] = _pick(block, r[lanes], params[lanes])
        picks.append(pick)
    return picks


def _draw(s: AliasSampler, rng: np.random.Generator, n: int) -> list[np.ndarray]:
    bits = rng.bit_generator
    raw = bits.random_raw(DRAWS * n).reshape(DRAWS, n)
    return _block_picks(s, bits, raw, _split_index(s, bits, raw))


def alias_counts(rng: np.random.Generator, out: np.ndarray, tiles: int, players: int = 4) -> None:
    """Fill ``out`` ((n, 34) uint8, C-contiguous) with ``n`` deals of ``tiles`` tiles
    drawn from ``rng``, from the wall of ``players`` (4 or 3: no 2m-8m; checked by the
    caller).

    >>> out = np.empty((3, 34), dtype=np.uint8)
    >>> alias_counts(np.random.default_rng(1), out, 13)
    >>> out.sum(axis=1).tolist(), int(out.max()) <= 4
    ([13, 13, 13], True)
    """
    s = sampler(tiles, players)
    n = len(out)
    if not n:
        return
    man, pin, sou, honor = (w.take(p) for w, p in zip(s.words, _draw(s, rng, n), strict=True))
    # A suit word holds counts 0-7 in bytes 0-7 and count 8 in bits 3-5 of byte 0. Each
    # block is written from its first byte on, eight bytes at a time, in order: what a
    # write puts past its block is overwritten by the next block's write.
    low = THREE_BITS
    three, seven, eight = np.uint64(3), np.uint64(7), np.uint64(8)
    nine = (sou >> three) & seven
    nine |= honor << eight
    writes = (
        (0, man & low),
        (8, (man >> three) & seven),
        (9, pin & low),
        (17, (pin >> three) & seven),
        (18, sou & low),
        (26, nine),  # the sou's ninth count, then the honors' seven
    )
    for offset, word in writes:
        np.ndarray((n,), np.uint64, out, offset, (34,))[...] = word


def alias_shanten_histogram(rng: np.random.Generator, n: int, tiles: int, form: str) -> np.ndarray:
    """Counts of shanten -1 .. 13 (:data:`SHANTEN_BINS` bins) over ``n`` deals drawn from
    ``rng`` exactly as :func:`alias_counts` draws them, without writing their counts:
    each block's class and statistics come straight from its pattern's state word.

    >>> int(alias_shanten_histogram(np.random.default_rng(1), 1000, 13, "all").sum())
    1000
    """
    s = sampler(tiles)  # four players: the three-player deals are counted from their counts
    if not n:
        return np.zeros(SHANTEN_BINS, dtype=np.int64)
    man, pin, sou, honor = (w.take(p) for w, p in zip(s.states, _draw(s, rng, n), strict=True))
    low = np.uint32(0xFFFF)
    man += pin
    values: np.ndarray
    if form != "standard":
        stats = man + sou
        stats += honor
        stats >>= np.uint32(STATS_SHIFT)
        values = s.forms[form].take(stats)
    if form in ("all", "standard"):
        k1 = s.pair_class.take(man & low)
        k1 += sou.astype(np.uint16)
        k2 = s.triple_class.take(k1)
        k2 += honor.astype(np.uint16)
        standard = s.standard.take(k2)
        values = standard if form == "standard" else np.minimum(values, standard)
    return np.bincount(values, minlength=SHANTEN_BINS)
