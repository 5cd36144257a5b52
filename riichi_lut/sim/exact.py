"""Exact deal statistics: how many of the C(136, 13) (or C(136, 14)) deals have each
shanten — every deal counted, nothing sampled.

A deal's tile counts ``h`` occur in ``prod_k C(4, h_k)`` deals (four copies of each kind;
red fives ignored). The sum over all count vectors of 13 tiles is far too large to walk,
but shanten depends on each block only through a small *state*: its class (the standard
form, ``docs/tables.md``), its number of tiles, and what chiitoitsu and kokushi need
(pairs, kinds — capped at 7, where they stop mattering — terminal/honor kinds, and
whether one is paired). So:

1. per block, the weights of all its patterns are summed by state (2,718 suit states,
   177 honor states);
2. blocks are joined two at a time: states combine through the class composition tables,
   tiles add (more than the deal size is dropped), statistics add, weights multiply, and
   equal states are summed again;
3. the last join, with the honors, keeps the states of exactly ``tiles`` tiles and reads
   each form's shanten; weights are summed per shanten value.

Weights stay below C(136, 14) < 2**63, so int64 arithmetic is exact; results are Python
ints. The whole 14-tile computation takes seconds.

**Three players** (``players=3``, the 108-tile wall without 2m-8m): the man block holds
only 1m and 9m, 25 patterns of weight ``C(4, c1m) C(4, c9m)`` (they add up to ``C(8,
s)`` per size ``s``), whose standard-form state is the three-player man class of
:func:`riichi_lut.analysis.sanma.sanma_tables` (honor-like: triplets and pairs only).
Pin and sou join through ``suit_pair_class``, the honors through
``suit_pair_honor_class``, and the man block last (its class kept apart); each final
state's standard shanten is the three-player table's ``standard[rest][man][0]``.
Chiitoitsu and kokushi read the same statistics (1m and 9m are both terminals). The
counts add up to ``C(108, tiles)``.
"""

from __future__ import annotations

import math
from collections.abc import Callable
from dataclasses import dataclass
from functools import lru_cache

import numpy as np
from tqdm import tqdm

from ..analysis.forms import check_form
from ..analysis.sanma import sanma_tables
from ..core.players import THREE_PLAYER_TILES, check_players
from ..errors import InvalidArgumentError, quote
from ..lut import loader
from ..lut.blocks import HONOR, SUIT, Block

CAP_KINDS = 7  # chiitoitsu: 6 - pairs + max(0, 7 - kinds)
CAP_PAIRS = 7


@dataclass(frozen=True)
class States:
    """A distribution over block states: parallel arrays, one entry per distinct state."""

    cls: np.ndarray  # class id (block, pair of suits, three suits)
    tiles: np.ndarray
    pairs: np.ndarray  # kinds held twice or more, capped at 7
    kinds: np.ndarray  # kinds held, capped at 7
    orphans: np.ndarray  # terminal/honor kinds held
    orphan_pair: np.ndarray  # 1 when a terminal/honor is held twice or more
    weight: np.ndarray  # number of tile choices (int64)

    def __len__(self) -> int:
        return len(self.weight)


def _aggregate(cls, tiles, pairs, kinds, orphans, orphan_pair, weight) -> States:  # type: ignore[no-untyped-def]
    """Sum the weights of equal states."""
    key = ((((cls.astype(np.int64) * 16 + tiles) * 8 + pairs) * 8 + kinds) * 16 + orphans) * 2 + orphan_pair
    unique, inverse = np.unique(key, return_inverse=True)
    total = np.zeros(len(unique), dtype=np.int64)
    np.add.at(total, inverse, weight)
    orphan_pair = unique % 2
    rest = unique // 2
    orphans, rest = rest % 16, rest // 16
    kinds, rest = rest % 8, rest // 8
    pairs, rest = rest % 8, rest // 8
    tiles, cls = rest % 16, rest // 16
    return States(cls, tiles, pairs, kinds, orphans, orphan_pair, total)


def block_states(block: Block, max_tiles: int, *, enabled: bool = True) -> States:
    """Every pattern of a block with at most ``max_tiles`` tiles, summed by state. A
    disabled block holds nothing (its one state: the empty pattern, weight 1)."""
    t = loader.tables()
    classes = t[f"{block.name}_class"]
    index = np.flatnonzero(classes != 255) if enabled else np.array([0])
    digits = np.stack([(index // 5**i) % 5 for i in range(block.kinds)], axis=1)
    tiles = digits.sum(axis=1)
    keep = tiles <= max_tiles
    digits, index, tiles = digits[keep], index[keep], tiles[keep]
    ways = np.array([math.comb(4, c) for c in range(5)], dtype=np.int64)
    weight = np.prod(ways[digits], axis=1)
    orphan_columns = [0, block.kinds - 1] if block.runs else list(range(block.kinds))
    orphan_digits = digits[:, orphan_columns]
    return _aggregate(
        classes[index].astype(np.int64),
        tiles,
        np.minimum((digits >= 2).sum(axis=1), CAP_PAIRS),
        np.minimum((digits >= 1).sum(axis=1), CAP_KINDS),
        (orphan_digits >= 1).sum(axis=1),
        (orphan_digits >= 2).any(axis=1).astype(np.int64),
        weight,
    )


def man_states_3p(max_tiles: int) -> States:
    """The three-player man block (1m and 9m, four copies each): its 25 patterns of at
    most ``max_tiles`` tiles, weight ``C(4, c1m) C(4, c9m)``, summed by state (the class
    is the man class of :func:`~riichi_lut.analysis.sanma.sanma_tables`)."""
    man_class = sanma_tables().man_class
    rows = [(c1, c9) for c9 in range(5) for c1 in range(5) if c1 + c9 <= max_tiles]
    c1 = np.array([r[0] for r in rows], dtype=np.int64)
    c9 = np.array([r[1] for r in rows], dtype=np.int64)
    ways = np.array([math.comb(4, c) for c in range(5)], dtype=np.int64)
    held = (c1 >= 1).astype(np.int64) + (c9 >= 1)
    paired = (c1 >= 2).astype(np.int64) + (c9 >= 2)
    return _aggregate(
        np.array([man_class[a + 5 * b] for a, b in rows], dtype=np.int64),
        c1 + c9,
        paired,
        held,
        held,  # 1m and 9m are both terminals
        (paired > 0).astype(np.int64),
        ways[c1] * ways[c9],
    )


def join(a: States, b: States, compose: np.ndarray, max_tiles: int, chunk: int = 1 << 22) -> States:
    """The distribution of two disjoint groups of tiles together (states of more than
    ``max_tiles`` tiles are dropped; ``compose[ca, cb]`` is the class of the union)."""
    parts = []
    order = np.argsort(b.tiles, kind="stable")
    b_tiles = b.tiles[order]
    rows = max(1, chunk // max(1, len(b)))
    for start in range(0, len(a), rows):
        ia = np.arange(start, min(start + rows, len(a)))
        # pairs (i, j) with a.tiles[i] + b.tiles[j] <= max_tiles: b sorted by tiles
        limit = np.searchsorted(b_tiles, max_tiles - a.tiles[ia], side="right")
        ii = np.repeat(ia, limit)
        jj = order[np.arange(limit.sum()) - np.repeat(np.cumsum(limit) - limit, limit)]
        parts.append(
            _aggregate(
                compose[a.cls[ii], b.cls[jj]].astype(np.int64),
                a.tiles[ii] + b.tiles[jj],
                np.minimum(a.pairs[ii] + b.pairs[jj], CAP_PAIRS),
                np.minimum(a.kinds[ii] + b.kinds[jj], CAP_KINDS),
                a.orphans[ii] + b.orphans[jj],
                a.orphan_pair[ii] | b.orphan_pair[jj],
                a.weight[ii] * b.weight[jj],
            )
        )
    fields = [np.concatenate([getattr(p, f) for p in parts]) for f in States.__dataclass_fields__]
    return _aggregate(*fields)


def _forms(final: States, cz: np.ndarray, k2: np.ndarray) -> dict[str, np.ndarray]:
    t = loader.tables()
    standard = t["standard_shanten"][k2, cz, 0].astype(np.int64)
    chiitoitsu = 6 - final.pairs + np.maximum(0, 7 - final.kinds)
    kokushi = 13 - final.orphans - final.orphan_pair
    return {
        "standard": standard,
        "chiitoitsu": chiitoitsu,
        "kokushi": kokushi,
        "all": np.minimum(standard, np.minimum(chiitoitsu, kokushi)),
    }


def distribution(
    tiles: int,
    form: str = "all",
    *,
    suits: tuple[bool, bool, bool] = (True, True, True),
    honors: bool = True,
    progress: Callable[[str], None] | None = None,
) -> dict[int, int]:
    """Shanten -> number of deals of ``tiles`` tiles from the enabled kinds (all by
    default). Restricting the kinds gives small cases a brute force can check."""
    t = loader.tables()
    step = progress or (lambda _: None)
    step("suit states")
    suit = [block_states(SUIT, tiles, enabled=e) for e in suits]
    honor = block_states(HONOR, tiles, enabled=honors)
    step("two suits")
    pair = join(suit[0], suit[1], t["suit_pair_class"], tiles)
    step("three suits")
    triple = join(pair, suit[2], t["suit_triple_class"], tiles)
    step("with the honors")
    identity = np.arange(180 * 55, dtype=np.int64).reshape(180, 55)  # keep (k2, cz) apart
    final = join(triple, honor, identity, tiles)
    final = _select(final, final.tiles == tiles)
    values = _forms(final, final.cls % 55, final.cls // 55)[form]
    out: dict[int, int] = {}
    for value, weight in zip(values.tolist(), final.weight.tolist(), strict=True):
        out[value] = out.get(value, 0) + weight
    return dict(sorted(out.items()))


def distribution_3p(
    tiles: int,
    form: str = "all",
    *,
    man: bool = True,
    suits: tuple[bool, bool] = (True, True),
    honors: bool = True,
    progress: Callable[[str], None] | None = None,
) -> dict[int, int]:
    """Shanten -> number of three-player deals of ``tiles`` tiles from the enabled kinds
    (all of the 108-tile set by default: the man block is 1m and 9m; ``suits`` are pin and
    sou). Restricting the kinds gives small cases a brute force can check."""
    t = loader.tables()
    lut = sanma_tables()
    step = progress or (lambda _: None)
    step("suit states")
    pin, sou = (block_states(SUIT, tiles, enabled=e) for e in suits)
    honor = block_states(HONOR, tiles, enabled=honors)
    men = man_states_3p(tiles if man else 0)
    step("pin and sou")
    pair = join(pin, sou, t["suit_pair_class"], tiles)
    step("with the honors")
    rest = join(pair, honor, t["suit_pair_honor_class"], tiles)
    step("with the man block")
    classes = len(set(lut.man_class))
    identity = np.arange(len(lut.standard) * classes, dtype=np.int64).reshape(-1, classes)  # keep apart
    final = join(rest, men, identity, tiles)
    final = _select(final, final.tiles == tiles)
    flat = np.array(lut.standard, dtype=np.int64)[:, :, 0].reshape(-1)  # [rest * classes + man]
    standard = flat[final.cls]
    chiitoitsu = 6 - final.pairs + np.maximum(0, 7 - final.kinds)
    kokushi = 13 - final.orphans - final.orphan_pair
    values = {
        "standard": standard,
        "chiitoitsu": chiitoitsu,
        "kokushi": kokushi,
        "all": np.minimum(standard, np.minimum(chiitoitsu, kokushi)),
    }[form]
    out: dict[int, int] = {}
    for value, weight in zip(values.tolist(), final.weight.tolist(), strict=True):
        out[value] = out.get(value, 0) + weight
    return dict(sorted(out.items()))


def _select(s: States, keep: np.ndarray) -> States:
    return States(*(getattr(s, f)[keep] for f in States.__dataclass_fields__))


def exact_shanten_distribution(
    tiles: int = 13, form: str = "all", *, progress: bool = False, players: int = 4
) -> dict[int, int]:
    """Shanten -> number of deals, exactly, over all C(136, tiles) deals of ``tiles`` = 13
    or 14 tiles (red fives ignored; -1 = complete, only for 14). ``form`` is "all"
    (minimum over the forms), "standard", "chiitoitsu" or "kokushi". The counts add up to
    ``math.comb(136, tiles)``. ``progress=True`` draws a progress bar of the four steps on
    stderr (the CLI does when stderr is a terminal); by default nothing is drawn.
    ``players=3``: over all C(108, tiles) deals of the three-player wall (no 2m-8m),
    shanten of three-player Riichi.

    >>> d = exact_shanten_distribution(13)
    >>> sum(d.values()) == math.comb(136, 13), min(d)
    (True, 0)
    >>> sum(exact_shanten_distribution(13, players=3).values()) == math.comb(108, 13)
    True
    """
    if isinstance(tiles, bool) or not isinstance(tiles, int) or tiles not in (13, 14):
        raise InvalidArgumentError(f"tiles must be 13 or 14, got {quote(tiles)}")
    check_form(form)
    compute = distribution_3p if check_players(players) == 3 else distribution
    if not progress:
        return dict(_kept(tiles, form, players))
    with tqdm(total=4, desc=f"exact {tiles}-tile {form}", unit="step") as bar:

        def step(message: str) -> None:
            bar.set_postfix_str(message)
            bar.update(1)

        return compute(tiles, form, progress=step)


@lru_cache(maxsize=16)
def _kept(tiles: int, form: str, players: int) -> tuple[tuple[int, int], ...]:
    """The distribution of (tiles, form, players), computed once per process: the tables
    are fixed, so is every count (each call gets a dict of its own)."""
    compute = distribution_3p if players == 3 else distribution
    return tuple(compute(tiles, form).items())


def tenhou_probability(*, progress: bool = False, players: int = 4) -> tuple[int, int]:
    """(complete 14-tile deals, all 14-tile deals): the exact chance that a dealt 14-tile
    hand is already complete (the tenhou shape), red fives ignored; ``players=3`` over
    the C(108, 14) deals of the three-player wall."""
    players = check_players(players)
    complete = exact_shanten_distribution(14, "all", progress=progress, players=players).get(-1, 0)
    return complete, math.comb(136 if players == 4 else THREE_PLAYER_TILES, 14)
