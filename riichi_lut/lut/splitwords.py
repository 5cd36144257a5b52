"""The scorer's per-split records: every split of a complete block pattern as two words
(tables ``suit_split_features`` and ``honor_split_features``, built offline by
``build_tables.py``; the layout is shared by the generator and the runtime).

Row ``j`` of ``{block}_split_features`` (uint64, shape ``(splits, 2)``) belongs to split
``j`` of ``{block}_splits`` (the same offsets, ``{block}_split_offsets``). Kinds are
relative to the block (0..8 in a suit, 0..6 in the honors).

Word 0, the **features**, one field each (additive over the groups of the split):

==========  =====  ======================================================================
field       bits   content
==========  =====  ======================================================================
sets        0-8    bit ``k``: a triplet of kind ``k``
runs        9-15   bit ``s``: a run starting at kind ``s`` (once, however many)
pair        16-19  the pair's kind + 1, 0 for no pair
melds       20-22  triplets and runs
run count   23-25  runs (two identical runs count two)
sets count  26-28  triplets
peikou      29-30  pairs of identical runs (iipeikou 1, ryanpeikou 2)
fu          31-36  the fu of the triplets as concealed (4 a simple, 8 a terminal or honor)
plain       37-39  groups (the pair included) without a terminal or honor
==========  =====  ======================================================================

Word 1, the **waits**: four bits per kind ``k`` (bits ``4k .. 4k+3``) telling which
groups a winning tile of kind ``k`` can complete in this split: 1 the pair (tanki), 2 a
run as a two-sided wait (ryanmen), 4 a run as a closed or edge wait (kanchan, penchan), 8
a triplet (shanpon). The fu a wait changes follow from these (a shanpon won by ron
makes its triplet open: half its fu).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from .loader import Tables

__all__ = [
    "FU",
    "MELDS",
    "PAIR",
    "PEIKOU",
    "PLAIN",
    "RUNS",
    "RUN_COUNT",
    "RYANMEN",
    "SETS",
    "SET_COUNT",
    "SHANPON",
    "SHUT",
    "TANKI",
    "split_rows",
]

SETS, RUNS, PAIR, MELDS, RUN_COUNT, SET_COUNT, PEIKOU, FU, PLAIN = 0, 9, 16, 20, 23, 26, 29, 31, 37
TANKI, RYANMEN, SHUT, SHANPON = 1, 2, 4, 8  # SHUT: a closed or edge wait (kanchan, penchan)


def _rows(t: Tables, block: str) -> dict[int, tuple[tuple[int, int], ...]]:
    complete = t[f"{block}_complete"].tolist()
    offsets = t[f"{block}_split_offsets"].tolist()
    features = t[f"{block}_split_features"].tolist()
    return {
        index: tuple((f[0], f[1]) for f in features[offsets[i] : offsets[i + 1]])
        for i, index in enumerate(complete)
    }


def split_rows(t: Tables, block: str) -> dict[int, tuple[tuple[int, int], ...]]:
    """Base-5 index of each complete pattern of ``block`` ("suit" or "honor") -> the
    (features, waits) words of its splits; made once per table set (a few milliseconds)."""
    return t.derived(f"{block}_split_rows", lambda tables: _rows(tables, block))
