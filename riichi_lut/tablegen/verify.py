"""Independent, exhaustive check of every table entry (run by ``build_tables.py --check``).

The generator computes replacement numbers as ``|w| - (largest partial shape inside h)``.
This module derives them a second way, from the single-tile recursion that defines them:

* ``d(h) = 0`` when ``h`` contains a complete shape (``h >= w`` for some ``w``);
* otherwise ``d(h) = 1 + min over kinds i with h[i] < 4 of d(h + e_i)``

(drawing one tile lowers the deficit by at most one, and some tile of an optimal target
lowers it by exactly one). The recursion has one solution on the full 5**kinds grid,
computed level by level from the full pattern (all fours) down to the empty one. Every
stored class vector, tile mask and composition entry is compared with values derived from
it; the composition check takes the minimum over every split of melds and pair
explicitly instead of the generator's two-case formula.
"""

from __future__ import annotations

import itertools
import math

import numpy as np

from ..lut.blocks import HONOR, MAX_MELDS, SUIT, Block, base5_index, complete_shapes

UNREACHED = 127


def _digits(block: Block) -> np.ndarray:
    """``digits[i, idx]``: count of kind ``i`` in the pattern at base-5 index ``idx``."""
    idx = np.arange(block.size, dtype=np.int64)
    return np.stack([(idx // 5**i) % 5 for i in range(block.kinds)]).astype(np.int8)


def _contains_complete(block: Block) -> np.ndarray:
    """``out[idx, pair, m]``: the pattern holds some complete shape (upward closure)."""
    out = np.zeros((block.size, 2, MAX_MELDS + 1), dtype=bool)
    for pair in (0, 1):
        for melds in range(MAX_MELDS + 1):
            flat = np.zeros(block.size, dtype=bool)
            flat[base5_index(complete_shapes(block, melds, pair))] = True
            grid: np.ndarray = flat.reshape(block.shape)
            for axis in range(block.kinds):
                grid = np.logical_or.accumulate(grid, axis=axis)
            out[:, pair, melds] = grid.reshape(-1)
    return out


def bellman_replacement(block: Block) -> np.ndarray:
    """Replacement numbers ``d[idx, pair, m]`` on the full grid, by the recursion above."""
    digits = _digits(block)
    totals = digits.sum(axis=0)
    contains = _contains_complete(block)
    d = np.full((block.size, 2, MAX_MELDS + 1), UNREACHED, dtype=np.int16)
    for total in range(4 * block.kinds, -1, -1):
        idx = np.flatnonzero(totals == total)
        best = np.full((len(idx), 2, MAX_MELDS + 1), UNREACHED, dtype=np.int16)
        for kind in range(block.kinds):
            can_draw = digits[kind, idx] < 4
            drawn = idx[can_draw] + 5**kind
            best[can_draw] = np.minimum(best[can_draw], d[drawn])
        d[idx] = np.where(contains[idx], 0, best + 1)
    if (d >= UNREACHED).any():
        raise AssertionError(f"{block.name}: recursion left patterns unreached")
    return d


def bellman_masks(block: Block, d: np.ndarray) -> np.ndarray:
    """``[which, pair, m, idx]`` masks from flat-index neighbours of ``d``."""
    digits = _digits(block)
    masks = np.zeros((2,) + d.shape[1:] + (block.size,), dtype=np.uint16)
    for kind in range(block.kinds):
        step = 5**kind
        bit = np.uint16(1 << kind)
        up = np.flatnonzero(digits[kind] < 4)
        down = np.flatnonzero(digits[kind] > 0)
        lowered = np.moveaxis(d[up + step] < d[up], 0, -1)
        kept = np.moveaxis(d[down - step] == d[down], 0, -1)
        masks[0][..., up] |= np.where(lowered, bit, np.uint16(0))
        masks[1][..., down] |= np.where(kept, bit, np.uint16(0))
    return masks


def explicit_union(left: np.ndarray, right: np.ndarray) -> np.ndarray:
    """Union of two groups: min over every ``m1 + m2 = M`` and ``p1 + p2 = pair``."""
    out = np.full(np.broadcast_shapes(left.shape, right.shape), UNREACHED, dtype=np.int16)
    for m1 in range(MAX_MELDS + 1):
        for m2 in range(MAX_MELDS + 1 - m1):
            for p1 in (0, 1):
                for p2 in (0, 1 - p1):
                    total = left[..., p1, m1].astype(np.int16) + right[..., p2, m2]
                    target = out[..., p1 + p2, m1 + m2]
                    np.minimum(target, total, out=target)
    return out


def check_block(block: Block, tables: dict[str, np.ndarray]) -> list[str]:
    """Every class entry, vector and mask of one block against the recursion."""
    problems: list[str] = []
    d = bellman_replacement(block)
    valid = _digits(block).sum(axis=0) <= 14
    classes = tables[f"{block.name}_class"]
    if (classes[~valid] != 255).any() or (classes[valid] == 255).any():
        problems.append(f"{block.name}_class: validity marks wrong")
        return problems
    vectors = tables[f"{block.name}_vectors"][classes[valid]]
    bad = np.flatnonzero((vectors != d[valid]).any(axis=(1, 2)))
    if len(bad):
        problems.append(f"{block.name}: {len(bad)} patterns with a wrong vector")
    masks = bellman_masks(block, d)[..., valid]
    if not np.array_equal(masks, tables[f"{block.name}_masks"]):
        problems.append(f"{block.name}_masks: differ from the recursion")
    return problems


def check_composition(tables: dict[str, np.ndarray]) -> list[str]:
    """Composition tables and the final standard shanten against ``explicit_union``."""
    problems: list[str] = []
    suit = tables["suit_vectors"]
    pair = tables["suit_pair_vectors"][tables["suit_pair_class"]]
    if not np.array_equal(pair, explicit_union(suit[:, None], suit[None, :])):
        problems.append("suit_pair_class: a composed vector differs")
    triple = tables["suit_triple_vectors"][tables["suit_triple_class"]]
    if not np.array_equal(triple, explicit_union(tables["suit_pair_vectors"][:, None], suit[None, :])):
        problems.append("suit_triple_class: a composed vector differs")
    whole = explicit_union(tables["suit_triple_vectors"][:, None], tables["honor_vectors"][None, :])
    calls = np.arange(MAX_MELDS + 1)
    if not np.array_equal(tables["standard_shanten"], whole[:, :, 1, MAX_MELDS - calls] - 1):
        problems.append("standard_shanten: differs from the composed vectors")
    return problems


def explicit_useful(block: np.ndarray, rest: np.ndarray) -> np.ndarray:
    """``[c, k, M]`` bit sets, by enumerating every (pair, m) of the block and comparing
    with the best complete split of the whole (``explicit_union``)."""
    whole = explicit_union(block[:, None], rest[None, :])  # [c, k, pair, M]
    out = np.zeros((len(block), len(rest), MAX_MELDS + 1), dtype=np.uint16)
    for total in range(MAX_MELDS + 1):
        best = whole[:, :, 1, total]
        for pair in (0, 1):
            for melds in range(total + 1):
                cost = block[:, None, pair, melds].astype(np.int16) + rest[None, :, 1 - pair, total - melds]
                out[:, :, total] |= np.where(cost == best, np.uint16(1 << (pair * 5 + melds)), np.uint16(0))
    return out


def check_hint_tables(tables: dict[str, np.ndarray]) -> list[str]:
    """The complement composition and the useful-split tables of the hint engine."""
    problems: list[str] = []
    pair_honor = tables["suit_pair_honor_vectors"][tables["suit_pair_honor_class"]]
    if not np.array_equal(
        pair_honor, explicit_union(tables["suit_pair_vectors"][:, None], tables["honor_vectors"][None, :])
    ):
        problems.append("suit_pair_honor_class: a composed vector differs")
    suit = explicit_useful(tables["suit_vectors"], tables["suit_pair_honor_vectors"])
    if not np.array_equal(suit, tables["suit_useful"]):
        problems.append("suit_useful: differs from the explicit enumeration")
    honor = explicit_useful(tables["honor_vectors"], tables["suit_triple_vectors"])
    if not np.array_equal(honor, tables["honor_useful"]):
        problems.append("honor_useful: differs from the explicit enumeration")
    return problems


def _decode(code: int, kinds: int) -> list[int]:
    """Counts of one encoded split (see tablegen.decompositions), decoded independently."""
    counts = [0] * kinds
    for slot in range(MAX_MELDS):
        meld = (code >> (5 * slot)) & 31
        if meld == 31:
            continue
        if meld < kinds:
            counts[meld] += 3
        else:
            for k in range(meld - 9, meld - 6):
                counts[k] += 1
    pair = (code >> 20) & 15
    if pair != 15:
        counts[pair] += 2
    return counts


def check_decompositions(block: Block, tables: dict[str, np.ndarray]) -> list[str]:
    """Complete patterns are exactly those whose requirement is 0 for their own size, and
    every listed split adds up to its pattern, without repeats."""
    problems: list[str] = []
    name = block.name
    digits = _digits(block)
    totals = digits.sum(axis=0)
    valid = totals <= 14
    vectors = tables[f"{name}_vectors"][np.where(valid, tables[f"{name}_class"], 0)]
    complete = np.zeros(block.size, dtype=bool)
    for melds in range(MAX_MELDS + 1):
        for pair in (0, 1):
            complete |= valid & (totals == 3 * melds + 2 * pair) & (vectors[:, pair, melds] == 0)
    if not np.array_equal(np.flatnonzero(complete), tables[f"{name}_complete"]):
        problems.append(f"{name}_complete: not the patterns of requirement 0")
        return problems
    offsets, codes = tables[f"{name}_split_offsets"], tables[f"{name}_splits"]
    for i, index in enumerate(tables[f"{name}_complete"].tolist()):
        mine = codes[offsets[i] : offsets[i + 1]].tolist()
        pattern = digits[:, index].tolist()
        if not mine or len(set(mine)) != len(mine) or any(_decode(c, block.kinds) != pattern for c in mine):
            problems.append(f"{name}_splits: pattern {index} has a wrong split")
            break
    return problems


def _groups(code: int, kinds: int) -> list[tuple[str, list[int]]]:
    """The groups of one encoded split as tile lists, decoded independently."""
    groups = []
    for slot in range(MAX_MELDS):
        meld = (code >> (5 * slot)) & 31
        if meld < kinds:
            groups.append(("set", [meld] * 3))
        elif meld != 31:
            groups.append(("run", list(range(meld - 9, meld - 6))))
    pair = (code >> 20) & 15
    if pair != 15:
        groups.append(("pair", [pair, pair]))
    return groups


def _wait_bit(shape: str, rest: list[int], kinds: int) -> int:
    """The waits bit of a group completed by its missing tile, told by what was left."""
    if shape == "pair":
        return 1
    if shape == "set":
        return 8
    low, high = rest
    if high - low == 2 or low == 0 or high == kinds - 1:
        return 4  # kanchan, or penchan (12 waiting on 3, 89 waiting on 7)
    return 2


def expected_split_words(code: int, block: Block) -> tuple[int, int]:
    """(features, waits) of one split by the definitions of ``riichi_lut.lut.splitwords``,
    computed from its groups as tile lists."""
    groups = _groups(code, block.kinds)
    yaochu = {0, block.kinds - 1} if block.runs else set(range(block.kinds))
    sets = [g[0] for shape, g in groups if shape == "set"]
    runs = [g[0] for shape, g in groups if shape == "run"]
    pairs = [g[0] for shape, g in groups if shape == "pair"]
    fields = [
        (sum(1 << k for k in set(sets)), 0),
        (sum(1 << s for s in set(runs)), 9),
        (pairs[0] + 1 if pairs else 0, 16),
        (len(sets) + len(runs), 20),
        (len(runs), 23),
        (len(sets), 26),
        (sum(runs.count(s) // 2 for s in set(runs)), 29),
        (sum(4 * (1 + (k in yaochu)) for k in sets), 31),
        (sum(1 for _, g in groups if not yaochu & set(g)), 37),
    ]
    waits = 0
    for kind in range(block.kinds):
        for shape, tiles in groups:
            if kind in tiles:
                rest = list(tiles)
                rest.remove(kind)
                waits |= _wait_bit(shape, rest, block.kinds) << 4 * kind
    return sum(value << shift for value, shift in fields), waits


def check_split_features(block: Block, tables: dict[str, np.ndarray]) -> list[str]:
    """Every row of ``{block}_split_features`` against the words recomputed from its split."""
    name = block.name
    codes = tables[f"{name}_splits"].tolist()
    rows = tables[f"{name}_split_features"].tolist()
    if len(rows) != len(codes):
        return [f"{name}_split_features: {len(rows)} rows for {len(codes)} splits"]
    for j, (code, row) in enumerate(zip(codes, rows, strict=True)):
        if tuple(row) != expected_split_words(code, block):
            return [f"{name}_split_features: row {j} (split {code:#x}) differs from its recomputation"]
    return []


def encoded_weights(threshold: np.ndarray, alias: np.ndarray, capacity: int, outcomes: int) -> list[int]:
    """The weight an alias table gives each outcome, read back from its columns: column
    ``j`` gives its own outcome ``threshold[j]`` of its ``capacity`` units and its alias the
    rest (Python ints, exact)."""
    weights = [0] * outcomes
    for j, (t, a) in enumerate(zip(threshold.tolist(), alias.tolist(), strict=True)):
        if t:
            weights[j] += t  # a column past the outcomes must hold threshold 0: IndexError
        weights[a] += capacity - t
    return weights


def _check_alias(
    name: str, threshold: np.ndarray, alias: np.ndarray, bits: int, capacity: int, weights: list[int]
) -> list[str]:
    """One alias table against the weights it must encode: ``w_i * 2**bits / g`` units
    with ``g = gcd(sum w, 2**bits)``, capacity ``sum w / g``, fewest columns."""
    columns, total = 1 << bits, sum(weights)
    common = math.gcd(total, columns)
    if len(threshold) != columns or columns < len(weights) or (columns > 1 and columns // 2 >= len(weights)):
        return [f"{name}: {len(threshold)} columns for {len(weights)} outcomes"]
    if capacity != total // common or int(threshold.max()) > capacity or int(alias.max()) >= len(weights):
        return [f"{name}: capacity, a threshold or an alias out of range"]
    full = np.flatnonzero(threshold == capacity)
    if (alias[full] != full).any():
        return [f"{name}: a full column has another alias"]
    try:
        encoded = encoded_weights(threshold, alias, capacity, len(weights))
    except IndexError:
        return [f"{name}: a column past the outcomes keeps a threshold"]
    if encoded != [w * (columns // common) for w in weights]:
        return [f"{name}: encodes other weights than the exact ones"]
    return []


def check_deal_tables(tables: dict[str, np.ndarray]) -> list[str]:
    """The deal sampler's alias tables (``tablegen.deals``): every weight they encode,
    recomputed: ``prod C(4, k_i)`` per block pattern (their sum ``C(36, s)`` or ``C(28, s)``)
    and ``C(36, a) C(36, b) C(36, c) C(28, d)`` per split, exactly."""
    problems: list[str] = []
    ways = np.array([math.comb(4, k) for k in range(5)], dtype=np.int64)
    for block, wall in ((SUIT, 36), (HONOR, 28)):
        digits = _digits(block)
        sizes = digits.sum(axis=0)
        weight = np.prod(ways[digits.astype(np.int64)], axis=0)
        name = f"deal_{block.name}"
        layout = tables[f"{name}_layout"].tolist()
        first = 0
        for size, (start, bits, capacity) in enumerate(layout):
            mine = weight[sizes == size].tolist()
            if start != first or sum(mine) != math.comb(wall, size):
                problems.append(f"{name}_layout: size {size} misplaced or of the wrong total")
                break
            first = start + (1 << bits)
            part = slice(start, first)
            problems += _check_alias(
                f"{name} size {size}",
                tables[f"{name}_threshold"][part],
                tables[f"{name}_alias"][part],
                bits,
                capacity,
                mine,
            )
        if first != len(tables[f"{name}_threshold"]):
            problems.append(f"{name}: {len(tables[f'{name}_threshold'])} columns, the layout covers {first}")
    for tiles in (13, 14):
        rows = [r for r in itertools.product(range(tiles + 1), repeat=4) if sum(r) == tiles]
        if tables[f"deal{tiles}_splits"].tolist() != [list(r) for r in rows]:
            problems.append(f"deal{tiles}_splits: not every split once, in order")
            continue
        weights = [
            math.comb(36, a) * math.comb(36, b) * math.comb(36, c) * math.comb(28, d) for a, b, c, d in rows
        ]
        if sum(weights) != math.comb(136, tiles):
            problems.append(f"deal{tiles}: split weights do not add up to C(136, {tiles})")
        _, bits, capacity = tables[f"deal{tiles}_split_layout"][0].tolist()
        name = f"deal{tiles}_split"
        problems += _check_alias(
            name, tables[f"{name}_threshold"], tables[f"{name}_alias"], bits, capacity, weights
        )
    return problems


def check_all(tables: dict[str, np.ndarray]) -> list[str]:
    """All problems found (an empty list when every entry checks out)."""
    return (
        check_block(SUIT, tables)
        + check_block(HONOR, tables)
        + check_composition(tables)
        + check_hint_tables(tables)
        + check_decompositions(SUIT, tables)
        + check_decompositions(HONOR, tables)
        + check_split_features(SUIT, tables)
        + check_split_features(HONOR, tables)
        + check_deal_tables(tables)
    )
