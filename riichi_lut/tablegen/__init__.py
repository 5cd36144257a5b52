"""Table generator: used only by ``build_tables.py``, never imported at run time.

``build(progress)`` returns every table as a numpy array, in a fixed order; the format
(names, dtypes, shapes, index function) is specified in ``docs/tables.md`` and mirrored by
``riichi_lut.lut.loader``.
"""

from __future__ import annotations

from collections.abc import Callable

import numpy as np

from ..lut.blocks import HONOR, SUIT, Block, valid_mask
from ..lut.loader import SCHEMA_VERSION
from .classes import classify, compose, standard_shanten_table, useful_table
from .deals import deal_tables
from .decompositions import decomposition_tables
from .replacement import replacement_numbers, tile_masks
from .splitfeatures import split_feature_table

__all__ = ["SCHEMA_VERSION", "block_tables", "build"]

INVALID_CLASS = 255

Progress = Callable[[str], None]


def _noop(_: str) -> None:
    pass


def block_tables(block: Block, progress: Progress = _noop) -> dict[str, np.ndarray]:
    """Class table, class vectors and masks of one block."""
    d = replacement_numbers(block, progress)
    valid = valid_mask(block)
    progress(f"{block.name} classes")
    vectors, ids = classify(d[valid])
    class_table = np.full(block.size, INVALID_CLASS, dtype=np.uint8)
    class_table[valid] = ids
    progress(f"{block.name} masks")
    # Stored field-major, [which, pair, m, rank]: it compresses to 2/3 of the rank-major
    # layout; the runtime transposes once when it first needs the masks.
    masks = np.moveaxis(tile_masks(block, d)[valid], 0, -1)
    return {
        f"{block.name}_class": class_table,
        f"{block.name}_vectors": vectors,
        f"{block.name}_masks": np.ascontiguousarray(masks),
    }


def build(progress: Progress = _noop) -> dict[str, np.ndarray]:
    """Every table, keyed by name (see docs/tables.md)."""
    suit = block_tables(SUIT, progress)
    honor = block_tables(HONOR, progress)
    progress("composition")
    pair_class, pair_vectors = compose(suit["suit_vectors"], suit["suit_vectors"])
    triple_class, triple_vectors = compose(pair_vectors, suit["suit_vectors"])
    standard = standard_shanten_table(triple_vectors, honor["honor_vectors"])
    # For the hint engine: the class of two suits plus the honors (the complement of a
    # suit block) and, per block, which (pair, m) are used by some optimal assignment.
    pair_honor_class, pair_honor_vectors = compose(pair_vectors, honor["honor_vectors"])
    progress("useful sets and decompositions")
    suit_useful = useful_table(suit["suit_vectors"], pair_honor_vectors)
    honor_useful = useful_table(honor["honor_vectors"], triple_vectors)
    return {
        "suit_class": suit["suit_class"],
        "suit_vectors": suit["suit_vectors"],
        "honor_class": honor["honor_class"],
        "honor_vectors": honor["honor_vectors"],
        "suit_pair_class": pair_class,
        "suit_pair_vectors": pair_vectors,
        "suit_triple_class": triple_class,
        "suit_triple_vectors": triple_vectors,
        "standard_shanten": standard,
        "suit_pair_honor_class": pair_honor_class,
        "suit_pair_honor_vectors": pair_honor_vectors,
        "suit_useful": suit_useful,
        "honor_useful": honor_useful,
        "suit_masks": suit["suit_masks"],
        "honor_masks": honor["honor_masks"],
        **_decomposition_tables(progress),
        **_deal_tables(progress),
    }


def _decomposition_tables(progress: Progress) -> dict[str, np.ndarray]:
    out = {**decomposition_tables(SUIT), **decomposition_tables(HONOR)}
    progress("split features")
    return {**out, **split_feature_table(SUIT, out), **split_feature_table(HONOR, out)}


def _deal_tables(progress: Progress) -> dict[str, np.ndarray]:
    progress("deal alias tables")
    return deal_tables()
