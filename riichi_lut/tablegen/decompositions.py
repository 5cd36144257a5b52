"""Every complete block pattern and all its splits into melds and at most one pair.

A *complete* block pattern is one that is exactly a sum of melds (triplets; runs in a
suit) plus zero or one pair, with at most 14 tiles. Scoring needs every split of a winning
hand (pinfu, iipeikou, sanankou … depend on which one is read), so the generator lists,
for each complete pattern, all distinct splits.

Encoding of one split (uint32): four 5-bit meld slots, lowest first, each a meld id or
31 for an empty slot, then the pair kind in bits 20–23 (15 for no pair). Meld ids: kind
``k`` of the block (0..8 or 0..6) is the triplet ``k``; ``9 + s`` is the run starting at
kind ``s`` (0..6, suits only). Melds within a split are sorted.
"""

from __future__ import annotations

import itertools

import numpy as np

from ..lut.blocks import MAX_BLOCK_TILES, MAX_MELDS, Block, base5_index, meld_shapes

EMPTY_MELD = 31
NO_PAIR = 15
RUN_BASE = 9


def encode(melds: tuple[int, ...], pair: int | None) -> int:
    """One split as a uint32 (see the module docstring)."""
    slots = list(melds) + [EMPTY_MELD] * (MAX_MELDS - len(melds))
    code = 0
    for i, meld in enumerate(slots):
        code |= meld << (5 * i)
    return code | (NO_PAIR if pair is None else pair) << 20


def _meld_ids(block: Block) -> list[int]:
    """Meld ids in the order of ``meld_shapes``: triplets then runs."""
    ids = list(range(block.kinds))
    if block.runs:
        ids += [RUN_BASE + s for s in range(block.kinds - 2)]
    return ids


def splits(block: Block) -> dict[int, list[int]]:
    """base-5 index of each complete pattern -> sorted list of its encoded splits."""
    shapes = meld_shapes(block)
    ids = _meld_ids(block)
    found: dict[int, set[int]] = {}
    for melds in range(MAX_MELDS + 1):
        for combo in itertools.combinations_with_replacement(range(len(shapes)), melds):
            base = [sum(shapes[i][k] for i in combo) for k in range(block.kinds)]
            for pair in [None, *range(block.kinds)]:
                counts = list(base)
                if pair is not None:
                    counts[pair] += 2
                if max(counts) > 4 or sum(counts) > MAX_BLOCK_TILES:
                    continue
                index = int(base5_index(np.array([counts]))[0])
                found.setdefault(index, set()).add(encode(tuple(ids[i] for i in combo), pair))
    return {index: sorted(codes) for index, codes in sorted(found.items())}


def decomposition_tables(block: Block) -> dict[str, np.ndarray]:
    """``{name}_complete`` (sorted base-5 indices of complete patterns, int32),
    ``{name}_split_offsets`` (int32, one more than patterns) and ``{name}_splits``
    (uint32): the splits of pattern ``i`` are ``splits[offsets[i]:offsets[i + 1]]``."""
    table = splits(block)
    complete = np.array(list(table), dtype=np.int32)
    sizes = np.array([len(codes) for codes in table.values()], dtype=np.int32)
    offsets = np.concatenate([[0], np.cumsum(sizes)]).astype(np.int32)
    flat = np.array([c for codes in table.values() for c in codes], dtype=np.uint32)
    return {
        f"{block.name}_complete": complete,
        f"{block.name}_split_offsets": offsets,
        f"{block.name}_splits": flat,
    }
