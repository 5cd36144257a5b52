"""Class compression of the replacement vectors and the composition tables.

Only 126 distinct requirement vectors ``v[pair, m]`` occur among the 405,350 suit
patterns and 55 among the 43,130 honor patterns. Each pattern is stored as its class id;
pairwise min-plus composition of classes closes again on few classes (180 for two
suits, 180 for three), so the whole-hand value is a chain of small array look-ups:

    suit_pair_class[c_m, c_p] -> k1,  suit_triple_class[k1, c_s] -> k2,
    standard_shanten[k2, c_z, calls] -> shanten.
"""

from __future__ import annotations

import numpy as np

from ..lut.blocks import MAX_MELDS, min_plus


def classify(vectors: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """Distinct ``(2, 5)`` vectors (sorted lexicographically) and each row's class id."""
    flat = vectors.reshape(len(vectors), -1).astype(np.int64)
    assert flat.min() >= 0 and flat.max() < 16
    weights = 16 ** np.arange(flat.shape[1] - 1, -1, -1, dtype=np.int64)
    keys = flat @ weights
    _, first, inverse = np.unique(keys, return_index=True, return_inverse=True)
    return vectors[first].astype(np.int8), inverse.reshape(-1)


def compose(left: np.ndarray, right: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """Classes of ``min_plus`` over every (left class, right class) pair: the table
    ``(len(left), len(right))`` of new class ids and the new class vectors."""
    combined = min_plus(left[:, None], right[None, :])
    vectors, ids = classify(combined.reshape(-1, 2, MAX_MELDS + 1))
    if len(vectors) > 255:
        raise AssertionError(f"{len(vectors)} composed classes do not fit uint8")
    return ids.reshape(len(left), len(right)).astype(np.uint8), vectors


def standard_shanten_table(triple: np.ndarray, honors: np.ndarray) -> np.ndarray:
    """``[k2, c_z, calls]`` -> standard-form shanten of a hand with that many calls:
    the replacement number for ``4 - calls`` melds plus the pair, minus one."""
    whole = min_plus(triple[:, None], honors[None, :])
    calls = np.arange(MAX_MELDS + 1)
    return (whole[:, :, 1, MAX_MELDS - calls] - 1).astype(np.int8)


def useful_table(block: np.ndarray, rest: np.ndarray) -> np.ndarray:
    """``[c, k, M]`` -> 10-bit set of the (pair, m) a block of class ``c`` takes in some
    optimal assignment when the other blocks have class ``k`` and the hand needs ``M``
    melds and the pair: bit ``pair * 5 + m`` is set when
    ``block[c][pair][m] + rest[k][1 - pair][M - m]`` equals the minimum over all splits.
    The hint engine ORs the block's tile masks over these bits."""
    left = block[:, None].astype(np.int16)
    right = rest[None, :].astype(np.int16)
    out = np.zeros((len(block), len(rest), MAX_MELDS + 1), dtype=np.uint16)
    for total in range(MAX_MELDS + 1):
        split = np.full((len(block), len(rest), 2, MAX_MELDS + 1), np.iinfo(np.int16).max, np.int16)
        for pair in (0, 1):
            for melds in range(total + 1):
                split[:, :, pair, melds] = left[:, :, pair, melds] + right[:, :, 1 - pair, total - melds]
        flat = split.reshape(len(block), len(rest), 2 * (MAX_MELDS + 1))
        best = flat.min(axis=2, keepdims=True)
        bits = (1 << np.arange(flat.shape[2])).astype(np.uint16)
        out[:, :, total] = ((flat == best) * bits).sum(axis=2)
    return out
