"""The scorer's per-split records (``{block}_split_features``, layout in
:mod:`riichi_lut.lut.splitwords`): for every split listed by
:mod:`riichi_lut.tablegen.decompositions`, its feature word and its waits word."""

from __future__ import annotations

import numpy as np

from ..lut import splitwords as sw
from ..lut.blocks import MAX_MELDS, Block
from .decompositions import EMPTY_MELD, NO_PAIR, RUN_BASE


def _terminal(block: Block, kind: int) -> bool:
    return not block.runs or kind in (0, block.kinds - 1)


def split_words(block: Block, code: int) -> tuple[int, int]:
    """(features, waits) of one encoded split of ``block``."""
    triplets, runs = [], []
    for slot in range(MAX_MELDS):
        meld = (code >> (5 * slot)) & 31
        if meld == EMPTY_MELD:
            continue
        if meld < RUN_BASE:
            triplets.append(meld)
        else:
            runs.append(meld - RUN_BASE)
    pair = (code >> 20) & 15
    has_pair = pair != NO_PAIR
    peikou = sum(runs.count(s) // 2 for s in set(runs))
    fu = sum(8 if _terminal(block, t) else 4 for t in triplets)
    plain = sum(1 for t in triplets if not _terminal(block, t))
    plain += sum(1 for s in runs if s not in (0, block.kinds - 3))
    plain += has_pair and not _terminal(block, pair)
    features = (
        sum(1 << t for t in triplets) << sw.SETS
        | sum(1 << s for s in set(runs)) << sw.RUNS
        | (pair + 1 if has_pair else 0) << sw.PAIR
        | (len(triplets) + len(runs)) << sw.MELDS
        | len(runs) << sw.RUN_COUNT
        | len(triplets) << sw.SET_COUNT
        | peikou << sw.PEIKOU
        | fu << sw.FU
        | plain << sw.PLAIN
    )
    waits = 0
    if has_pair:
        waits |= sw.TANKI << 4 * pair
    for t in triplets:
        waits |= sw.SHANPON << 4 * t
    for s in runs:
        edge_low, edge_high = s == 0, s == block.kinds - 3
        waits |= (sw.SHUT if edge_high else sw.RYANMEN) << 4 * s  # s of s, s+1, s+2 (7-89 edge)
        waits |= sw.SHUT << 4 * (s + 1)
        waits |= (sw.SHUT if edge_low else sw.RYANMEN) << 4 * (s + 2)  # 12-3 edge
    return features, waits


def split_feature_table(block: Block, tables: dict[str, np.ndarray]) -> dict[str, np.ndarray]:
    """``{block}_split_features``: one (features, waits) row per entry of ``{block}_splits``."""
    codes = tables[f"{block.name}_splits"].tolist()
    rows = [split_words(block, code) for code in codes]
    return {f"{block.name}_split_features": np.array(rows, dtype=np.uint64).reshape(len(codes), 2)}
