"""Exact shanten (向聴数): scalar and batch, standard form, chiitoitsu and kokushi.

Shanten is the replacement number minus one: the fewest tiles to draw (discarding others)
to complete the hand, minus one, so tenpai is 0 and a complete hand -1. It is exact, never
the "8 - 2*melds - partials" estimate: a fifth copy of a kind is never assumed (four held
``1111m`` is not a pair wait), and when a :class:`~riichi_lut.core.hand.Hand` carries calls, the
tiles in those calls count toward the four copies too.

* **standard** (four melds and a pair; ``4 - calls`` melds for a called hand): four block
  look-ups (three suits, honors, by base-5 index) give class ids; three composition
  look-ups give the value. No search, no min-plus at run time (tomohxx's replacement
  number; class compression as in Nyanten). See docs/tables.md.
* **chiitoitsu** (seven pairs, distinct kinds): ``6 - pairs + max(0, 7 - kinds)``, and
* **kokushi** (thirteen orphans): ``13 - terminal/honor kinds - [any of them paired]``,
  both from statistics that ride along with the block look-ups
  (:mod:`riichi_lut.analysis.forms` holds the formulas and their tables).

Chiitoitsu and kokushi exist only for closed hands of 13 or 14 tiles; with calls they are
``None`` (scalar) or rejected (batch ``form``).

The scalar :func:`shanten` (and the lean :func:`shanten_value`) and the batch
:func:`shanten_batch` are twins (:mod:`riichi_lut.analysis.contract`): the same parameter
names, the same answers row by row.

>>> shanten("123456789m1111z").value        # four held East are no pair wait
1
>>> shanten("11223344556677z").chiitoitsu   # seven pairs: complete
-1
>>> shanten("23m456p22z [789s] (1111z)")
ShantenResult(value=0, standard=0, chiitoitsu=None, kokushi=None)
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import asdict, dataclass
from functools import lru_cache
from typing import Any

import numpy as np

from ..core.hand import (
    MAX_CALLS,
    Hand,
    as_hand,
    is_count_sequence,
    not_a_hand_error,
    validate_concealed_counts,
)
from ..core.players import check_three_player_hand, check_three_player_rows, is_three_player
from ..errors import InvalidHandError
from ..lut import loader
from ..lut.blocks import HONOR, SUIT, Block, Vector, complete_shapes, completion, join
from ..lut.rows import as_count_rows, block_indices, calls_per_row, check_totals
from ..lut.threads import resolve_threads, run_chunks
from . import sanma
from .contract import shared_parameters
from .forms import (
    CHIITOITSU_BY_STATS,
    FORMS,
    KOKUSHI_BY_STATS,
    TILES,
    Form,
    block_stats,
    check_form,
    kind_stats,
    stats_tables,
)

_CLASS_BITS = 10  # per-block class ids (< 126) below the statistics in scalar look-ups
_RANK_SHIFT = 30  # the pattern's rank above the statistics (20 bits)


@dataclass(frozen=True, slots=True)
class ShantenResult:
    """Shanten of one hand: ``value`` is the minimum over the forms that apply.

    ``standard`` is the four-melds-and-a-pair form; ``chiitoitsu`` and ``kokushi`` are
    ``None`` for a hand with calls. Tenpai is 0, a complete hand -1.
    """

    value: int
    standard: int
    chiitoitsu: int | None
    kokushi: int | None

    @property
    def is_tenpai(self) -> bool:
        """One tile from complete (聴牌)."""
        return self.value == 0

    @property
    def is_complete(self) -> bool:
        """A complete hand (和了形)."""
        return self.value == -1

    def to_dict(self) -> dict[str, Any]:
        """Every field, for JSON."""
        return asdict(self)


# --------------------------------------------------------------------------- scalar


class BlockMemo(dict[bytes, int]):
    """Block count bytes -> ``class | stats << 10 | rank << 30``, filled on first sight
    of a pattern (``rank``: the pattern's position among valid patterns, docs/tables.md).

    Building all 405,350 suit keys up front costs about 0.4 s in CPython; memoising the
    patterns actually met costs nothing at start-up and, once warm, a single dict probe.
    A key that is not a valid pattern (a count above 4, more than 14 tiles, wrong length)
    raises ``KeyError`` and is never stored.
    """

    def __init__(self, block: Block, classes: np.ndarray) -> None:
        super().__init__()
        self._kinds = block.kinds
        self._classes = classes
        self._stats = [[int(v) for v in row] for row in kind_stats(block)]
        self._ranks: np.ndarray | None = None

    def __missing__(self, key: bytes) -> int:
        if len(key) != self._kinds or max(key) > 4:
            raise KeyError(key)
        index = sum(c * 5**i for i, c in enumerate(key))
        cls = int(self._classes[index])
        if cls == 255:
            raise KeyError(key)
        if self._ranks is None:
            self._ranks = np.cumsum(self._classes != 255, dtype=np.int32) - 1
        stats = sum(row[c] for row, c in zip(self._stats, key, strict=True))
        value = self[key] = cls | stats << _CLASS_BITS | int(self._ranks[index]) << _RANK_SHIFT
        return value


def block_memos(t: loader.Tables) -> tuple[BlockMemo, BlockMemo]:
    """The (suit, honor) memos of a table set, shared by every scalar path."""
    return t.derived(
        "scalar.blocks", lambda t: (BlockMemo(SUIT, t["suit_class"]), BlockMemo(HONOR, t["honor_class"]))
    )


Lookup = Callable[[Sequence[int], int], tuple[int, int, int]]


def _build_scalar(t: loader.Tables) -> Lookup:
    """The scalar look-up, with every table bound as a local of a closure (attribute and
    global look-ups cost as much as the table probes in CPython)."""
    suit, honor = block_memos(t)
    pair = t["suit_pair_class"].tolist()
    triple = t["suit_triple_class"].tolist()
    standard_table = t["standard_shanten"].tolist()
    chiitoitsu_table, kokushi_table = list(CHIITOITSU_BY_STATS), list(KOKUSHI_BY_STATS)

    def lookup(counts: Sequence[int], melds: int) -> tuple[int, int, int]:
        """(standard, chiitoitsu, kokushi); the last two only meaningful for 0 calls.
        Raises :class:`InvalidHandError` on bad input (the slow validator says why)."""
        if counts.__class__ is not list and counts.__class__ is not tuple:
            counts = validate_concealed_counts(counts, melds)  # numpy arrays, other sequences
        try:
            b = bytes(counts)
            vm = suit[b[0:9]]
            vp = suit[b[9:18]]
            vs = suit[b[18:27]]
            vz = honor[b[27:]]
        except (TypeError, ValueError, KeyError):
            validate_concealed_counts(counts, melds)
            raise AssertionError("counts passed validation but not the look-up") from None
        stats = ((vm + vp + vs + vz) >> 10) & 0xFFFFF
        if len(b) != 34 or (stats >> 14) + 3 * melds not in (13, 14):
            validate_concealed_counts(counts, melds)
        return (
            standard_table[triple[pair[vm & 1023][vp & 1023]][vs & 1023]][vz & 1023][melds],
            chiitoitsu_table[stats & 127],
            kokushi_table[(stats >> 7) & 127],
        )

    return lookup


_scalar_cache: tuple[loader.Tables, Lookup] | None = None


def _lookup(counts: Sequence[int], melds: int) -> tuple[int, int, int]:
    global _scalar_cache
    cache = _scalar_cache
    if cache is None or cache[0] is not loader.current:
        t = loader.tables()
        cache = _scalar_cache = (t, t.derived("shanten.scalar", _build_scalar))
    return cache[1](counts, melds)


# The tables of shanten_value, bound as module globals by _bind_value() when the loaded
# table set changes (a global look-up is cheaper than a call through a cached closure).
_UNBOUND = object()
_v_tables: object = _UNBOUND
_v_suit: dict[bytes, int] = {}
_v_honor: dict[bytes, int] = {}
_v_pair: list[list[int]] = []
_v_triple: list[list[int]] = []
_v_standard: list[list[list[int]]] = []
_v_closed_standard: list[list[int]] = []
_v_closed_forms: list[int] = []
_v_memos: tuple[BlockMemo, BlockMemo] | None = None
# (concealed tiles) | calls << 6 of every legal combination: one set probe checks both.
_V_TOTALS = frozenset(tiles - 3 * calls | calls << 6 for calls in range(MAX_CALLS + 1) for tiles in (13, 14))


def _bind_value() -> None:
    """Bind the globals of :func:`shanten_value` to the current tables (issue 13 item 4).

    What it computes is :func:`_build_scalar`'s; how differs: plain ``dict`` mirrors of the
    block memos (CPython specialises a subscript of an exact ``dict``, not of a subclass
    with ``__missing__``; a miss copies the blocks from the memos and retries), the
    standard table pre-sliced for 0 calls, and one list of ``min(chiitoitsu, kokushi)`` by
    the 14 low bits of the summed statistics. :func:`shanten` keeps the general look-up,
    so the two paths check each other (tests/analysis/test_shanten_value_fast.py)."""
    global _v_tables, _v_suit, _v_honor, _v_pair, _v_triple, _v_standard, _v_closed_standard
    global _v_closed_forms, _v_memos
    t = loader.tables()
    _v_memos = block_memos(t)
    _v_suit, _v_honor = {}, {}
    _v_pair = t["suit_pair_class"].tolist()
    _v_triple = t["suit_triple_class"].tolist()
    _v_standard = t["standard_shanten"].tolist()
    _v_closed_standard = [[row[0] for row in by_honor] for by_honor in _v_standard]
    _v_closed_forms = [min(CHIITOITSU_BY_STATS[s & 127], KOKUSHI_BY_STATS[s >> 7]) for s in range(1 << 14)]
    _v_tables = t


def _fill_value(b: bytes) -> None:
    """Copy the four blocks of ``b`` from the memos into the mirrors (``KeyError``: one is
    not a block pattern, e.g. a count above 4 or a wrong length)."""
    assert _v_memos is not None
    suit, honor = _v_memos
    for key in (b[0:9], b[9:18], b[18:27]):
        _v_suit[key] = suit[key]
    _v_honor[b[27:]] = honor[b[27:]]


@shared_parameters
def shanten_value(counts: Sequence[int], melds: int = 0, players: int = 4) -> int:
    """Shanten (minimum over the forms that apply) of 34 concealed-tile counts with
    ``melds`` calls: the fast scalar path for loops over many hands; row by row what
    :func:`shanten_batch` gives.

    $parameters(counts, melds)

    ``players``: 4 (the default) or 3 for three-player Riichi (sanma: 2m-8m do not exist,
    so the man suit forms no run; a 2m-8m in the hand is an error naming it;
    docs/sanma.md).

    Counts and the tile total are validated (:class:`InvalidHandError`), but to stay fast
    the element types of a list or tuple are not inspected beyond what ``bytes()``
    accepts: ``True``/``False`` (Python ints) read as 1/0. :func:`shanten` refuses them.

    >>> shanten_value([1,1,1, 1,1,1, 1,1,1] + [0] * 18 + [4, 0, 0, 0, 0, 0, 0])
    1
    """
    if (players.__class__ is not int or players != 4) and is_three_player(players):
        standard, chiitoitsu, kokushi = sanma.lookup(counts, melds)
        return standard if melds else min(standard, chiitoitsu, kokushi)
    if loader.current is not _v_tables:
        _bind_value()
    if (counts.__class__ is not list and counts.__class__ is not tuple) or melds.__class__ is not int:
        counts = validate_concealed_counts(counts, melds)  # arrays, other sequences, int subclasses
    try:
        b = bytes(counts)
        try:
            vm = _v_suit[b[0:9]]
            vp = _v_suit[b[9:18]]
            vs = _v_suit[b[18:27]]
            vz = _v_honor[b[27:]]  # four hits imply len(b) == 34
        except KeyError:
            _fill_value(b)
            return shanten_value(counts, melds)
    except (TypeError, ValueError, KeyError):
        validate_concealed_counts(counts, melds)
        raise AssertionError("counts passed validation but not the look-up") from None
    packed = vm + vp + vs + vz
    if packed >> 24 & 63 | melds << 6 not in _V_TOTALS:
        validate_concealed_counts(counts, melds)  # raises with the reason
    if melds:
        return _v_standard[_v_triple[_v_pair[vm & 1023][vp & 1023]][vs & 1023]][vz & 1023][melds]
    regular = _v_closed_standard[_v_triple[_v_pair[vm & 1023][vp & 1023]][vs & 1023]][vz & 1023]
    other = _v_closed_forms[packed >> _CLASS_BITS & 16383]
    return regular if regular < other else other


def general_shanten_value(counts: Sequence[int], melds: int = 0) -> int:
    """:func:`shanten_value` by the general look-up that :func:`shanten` uses: the body
    ``shanten_value`` had before issue 13, kept as the reference its tests and
    ``bench/bench_shanten.py`` compare with.

    >>> general_shanten_value([1,1,1, 1,1,1, 1,1,1] + [0] * 18 + [4, 0, 0, 0, 0, 0, 0])
    1
    """
    if melds.__class__ is not int or not 0 <= melds <= MAX_CALLS:
        validate_concealed_counts(counts, melds)  # raises with the reason
    standard, chiitoitsu, kokushi = _lookup(counts, melds)
    if melds:
        return standard
    return min(standard, chiitoitsu, kokushi)


@lru_cache(maxsize=65536)
def capped_block_vector(block: Block, pattern: bytes, caps: bytes) -> Vector:
    """Requirement vector ``v[pair * 5 + m]`` of one block when kind ``i`` may appear at
    most ``caps[i]`` times in the completed hand (copies in the player's own calls are
    gone): the minimum over the complete shapes that respect the caps.

    The shapes the caps allow, of all ten (pair, melds) groups, are kept per caps
    (:func:`_capped_shapes`: a hand's calls change a few times, its concealed tiles at every
    draw), so a pattern costs one pass over them; :func:`capped_block_vector_reference`
    is the same minimum group by group."""
    shapes, starts, present = _capped_shapes(block, caps)
    h = np.frombuffer(pattern, dtype=np.uint8).astype(np.int16)
    need = np.maximum(shapes - h, 0).sum(axis=1)
    mins = np.minimum.reduceat(need, starts).tolist() if len(starts) else []
    found = iter(mins)
    return tuple(int(next(found)) if ok else 99 for ok in present)


@lru_cache(maxsize=4096)
def _capped_shapes(block: Block, caps: bytes) -> tuple[np.ndarray, np.ndarray, tuple[bool, ...]]:
    """The complete shapes of every (pair, melds) group that ``caps`` allow, end to end
    (int16), where each non-empty group starts, and which of the ten groups have any."""
    cap = np.frombuffer(caps, dtype=np.uint8)
    groups, starts, present, at = [], [], [], 0
    for pair in (0, 1):
        for melds in range(MAX_CALLS + 1):
            shapes = complete_shapes(block, melds, pair)
            allowed = shapes[(shapes <= cap).all(axis=1)]
            present.append(len(allowed) > 0)
            if len(allowed):
                groups.append(allowed.astype(np.int16))
                starts.append(at)
                at += len(allowed)
    every = np.concatenate(groups) if groups else np.zeros((0, block.kinds), dtype=np.int16)
    return every, np.array(starts, dtype=np.intp), tuple(present)


def capped_block_vector_reference(block: Block, pattern: bytes, caps: bytes) -> Vector:
    """:func:`capped_block_vector` group by group, without the kept shapes (the tests'
    reference)."""
    h = np.frombuffer(pattern, dtype=np.uint8).astype(np.int16)
    cap = np.frombuffer(caps, dtype=np.uint8)
    out = []
    for pair in (0, 1):
        for melds in range(MAX_CALLS + 1):
            shapes = complete_shapes(block, melds, pair)
            allowed = shapes[(shapes <= cap).all(axis=1)]
            out.append(int(np.maximum(allowed - h, 0).sum(axis=1).min()) if len(allowed) else 99)
    return tuple(out)


def table_vectors(t: loader.Tables) -> tuple[list[Vector], list[Vector]]:
    """Class vectors of suits and honors as flat tuples, for scalar code."""

    def build(t: loader.Tables) -> tuple[list[Vector], list[Vector]]:
        suit, honor = (t[f"{name}_vectors"].reshape(-1, 10).tolist() for name in ("suit", "honor"))
        return [tuple(v) for v in suit], [tuple(v) for v in honor]

    return t.derived("scalar.vectors", build)


BLOCK_SPANS = ((SUIT, 0, 9), (SUIT, 9, 18), (SUIT, 18, 27), (HONOR, 27, 34))


def block_vector(b: int, concealed: Sequence[int], called: Sequence[int]) -> Vector:
    """Requirement vector of block ``b`` of a hand, capped by the called copies of its
    kinds when there are any."""
    block, lo, hi = BLOCK_SPANS[b]
    pattern = bytes(concealed[lo:hi])
    if any(called[lo:hi]):
        return capped_block_vector(block, pattern, bytes(4 - c for c in called[lo:hi]))
    t = loader.tables()
    index = sum(c * 5**i for i, c in enumerate(pattern))
    return table_vectors(t)[b == 3][int(t[f"{block.name}_class"][index])]


def hand_vector(b: int, concealed: Sequence[int], called: Sequence[int], players: int = 4) -> Vector:
    """:func:`block_vector`, or for ``players=3`` the man block of the three-player set."""
    if b == 0 and players == 3:
        return sanma.hand_man_vector(concealed, called)
    return block_vector(b, concealed, called)


def _standard_with_calls(hand: Hand, players: int = 4) -> int:
    """Standard-form shanten of a called hand, the call tiles capping each kind."""
    called = hand.called_counts
    vectors = [hand_vector(b, hand.concealed, called, players) for b in range(4)]
    rest = join(join(vectors[0], vectors[1]), vectors[2])
    return completion(rest, vectors[3], MAX_CALLS - hand.n_calls) - 1


@shared_parameters
def shanten(hand: str | Hand | Sequence[int], *, melds: int | None = None, players: int = 4) -> ShantenResult:
    """Exact shanten of a hand given as notation, a :class:`Hand`, or 34 concealed counts:
    the value and each form apart (what :func:`shanten_batch` gives by ``form=``).

    $parameters(hand, melds)

    ``players``: 4 (the default) or 3 for three-player Riichi (sanma: 2m-8m do not exist,
    so the man suit forms no run; a 2m-8m in the hand is an error naming it;
    docs/sanma.md).

    >>> shanten("1112345678999m5p")     # nine-gates shape plus a stray 5p: tenpai
    ShantenResult(value=0, standard=0, chiitoitsu=4, kokushi=10)
    >>> shanten([0] * 34)
    Traceback (most recent call last):
    ...
    riichi_lut.errors.InvalidHandError: a hand with 0 calls has 13 or 14 concealed tiles, got 0
    >>> shanten("123m456p789s1122z", players=3)  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    riichi_lut.errors.InvalidHandError: hand: 2m is not a three-player tile ... (at position 1 ...
    >>> shanten("1199m123456789p1z", players=3)   # 11m 99m: pairs, never a run
    ShantenResult(value=0, standard=0, chiitoitsu=4, kokushi=7)
    """
    three = (players.__class__ is not int or players != 4) and is_three_player(players)
    if isinstance(hand, (str, Hand)):
        if melds is not None:
            raise InvalidHandError("melds= applies to count sequences; a Hand or text carries its calls")
        parsed = as_hand(hand)
        if three:
            check_three_player_hand(hand, parsed)
        if parsed.calls:
            standard = _standard_with_calls(parsed, 3 if three else 4)
            return ShantenResult(standard, standard, None, None)
        counts: Sequence[int] = parsed.concealed
        calls = 0
    elif not is_count_sequence(hand):
        raise not_a_hand_error(hand)  # None, a number: named here, not a TypeError from below
    else:
        calls = 0 if melds is None else melds
        if calls.__class__ is not int or not 0 <= calls <= MAX_CALLS or bool in map(type, hand):
            validate_concealed_counts(hand, calls)  # raises, naming what is wrong
        counts = hand  # validated by the look-up: any malformed input takes the slow path
    standard, chiitoitsu, kokushi = sanma.lookup(counts, calls) if three else _lookup(counts, calls)
    if calls:
        return ShantenResult(standard, standard, None, None)
    return ShantenResult(min(standard, chiitoitsu, kokushi), standard, chiitoitsu, kokushi)


# --------------------------------------------------------------------------- batch

# Rows per chunk, measured (bench/bench_shanten.py): one thread is fastest with chunks that
# keep the temporaries in L2; with several threads larger chunks amortise the GIL hand-off.
CHUNK_ROWS = 8192
CHUNK_ROWS_THREADED = 32768
_LOW16 = np.uint32(0xFFFF)


@dataclass(frozen=True)
class BatchTables:
    """Look-up arrays of the batch path.

    The per-block tables (by base-5 index) hold ``class_term | stats << 16`` in uint32:
    the low half is the block's class premultiplied for the next composition step, the
    high half its chiitoitsu/kokushi statistics. Adding blocks' values adds both halves
    without a carry (class terms stay below 2**16, statistics of <= 14 tiles never
    overflow their fields), so one gather per block serves every form. Composition
    tables hold intp values premultiplied by the next table's row length.
    """

    man: np.ndarray  # suit class * 126 | stats << 16
    suit: np.ndarray  # suit class | stats << 16
    honor: np.ndarray  # honor class * 5 | stats << 16
    pair: np.ndarray  # [man*126 + pin] -> suit pair class * 126, intp
    triple: np.ndarray  # [pair + sou] -> suit triple class * 275, intp
    standard: np.ndarray  # [triple + honor + calls] -> shanten, int8
    chiitoitsu: np.ndarray  # int8 by stats & 0x7f
    kokushi: np.ndarray  # int8 by stats >> 7
    closed_forms: np.ndarray  # int8 by stats: min(chiitoitsu, kokushi)


def _build_batch(t: loader.Tables) -> BatchTables:
    def fused(block: Block, multiplier: int) -> np.ndarray:
        classes = t[f"{block.name}_class"].astype(np.uint32)
        # patterns of more than 14 tiles (class 255) never get here: rows are validated first
        classes[classes == 255] = 0
        stats = block_stats(block) & np.uint32((1 << TILES) - 1)
        return np.asarray(classes * np.uint32(multiplier) | stats << np.uint32(16))

    chiitoitsu, kokushi = stats_tables()
    stats = np.arange(1 << TILES)
    closed_forms = np.minimum(chiitoitsu[stats & 127], kokushi[stats >> 7])
    return BatchTables(
        man=fused(SUIT, 126),
        suit=fused(SUIT, 1),
        honor=fused(HONOR, 5),
        pair=t["suit_pair_class"].astype(np.intp).reshape(-1) * 126,
        triple=t["suit_triple_class"].astype(np.intp).reshape(-1) * 275,
        standard=np.ascontiguousarray(t["standard_shanten"]).reshape(-1),
        chiitoitsu=chiitoitsu,
        kokushi=kokushi,
        closed_forms=closed_forms,
    )


def batch_tables() -> BatchTables:
    return loader.tables().derived("shanten.batch", _build_batch)


def _chunk(lut: BatchTables, rows: np.ndarray, calls: np.ndarray | int, form: str, offset: int) -> np.ndarray:
    totals, (im, ip, is_, iz) = block_indices(rows)
    check_totals(totals, calls, offset)
    closed = calls == 0
    if form in ("chiitoitsu", "kokushi") and not np.all(closed):
        row = offset + int(np.flatnonzero(~np.broadcast_to(closed, totals.shape))[0])
        raise InvalidHandError(f"counts row {row}: form={form!r} needs a closed hand (0 calls)", row=row)
    return indices_shanten(lut, [im, ip, is_, iz], calls, form)


def _chunk_three(
    lut: BatchTables, rows: np.ndarray, calls: np.ndarray | int, form: str, offset: int
) -> np.ndarray:
    """:func:`_chunk` for three-player rows (checked for 2m-8m by the caller): the standard
    form by :func:`riichi_lut.analysis.sanma.standard_indices`, chiitoitsu and kokushi from
    the packed statistics of the four-player per-block tables, as :func:`indices_shanten`."""
    totals, (im, ip, is_, iz) = block_indices(rows)
    check_totals(totals, calls, offset)
    closed = np.broadcast_to(np.asarray(calls) == 0, totals.shape)
    if form in ("chiitoitsu", "kokushi") and not np.all(closed):
        row = offset + int(np.flatnonzero(~closed)[0])
        raise InvalidHandError(f"counts row {row}: form={form!r} needs a closed hand (0 calls)", row=row)
    if form != "standard":
        summed = lut.man[im]
        summed += lut.suit[ip]
        summed += lut.suit[is_]
        summed += lut.honor[iz]
        stats = summed >> 16
        if form == "chiitoitsu":
            return np.asarray(lut.chiitoitsu[stats & np.uint32(127)])
        if form == "kokushi":
            return np.asarray(lut.kokushi[stats >> 7])
    standard = sanma.standard_indices(sanma.sanma_tables(), ip, is_, iz, sanma.man_index(im), calls)
    if form == "standard":
        return standard
    return np.asarray(np.where(closed, np.minimum(standard, lut.closed_forms[stats]), standard))


def indices_shanten(
    lut: BatchTables, indices: list[np.ndarray], calls: np.ndarray | int, form: str
) -> np.ndarray:
    """Shanten of validated rows from their four block indices (``form`` as in
    :func:`shanten_batch`; a closed form needs closed rows, checked by the caller)."""
    im, ip, is_, iz = indices
    summed = lut.man[im]
    summed += lut.suit[ip]
    vs = lut.suit[is_]
    vz = lut.honor[iz]
    if form in ("all", "standard"):
        k2 = lut.triple[lut.pair[summed & _LOW16] + (vs & _LOW16)]
        k2 += vz & _LOW16
        if not isinstance(calls, int) or calls:
            k2 += calls
        value = lut.standard[k2]
        if form == "standard" or (isinstance(calls, int) and calls):
            return np.asarray(value)
    summed += vs
    summed += vz
    stats = summed >> 16
    if form == "chiitoitsu":
        return np.asarray(lut.chiitoitsu[stats & np.uint32(127)])
    if form == "kokushi":
        return np.asarray(lut.kokushi[stats >> 7])
    best = np.minimum(value, lut.closed_forms[stats])
    return np.asarray(best if isinstance(calls, int) else np.where(calls == 0, best, value))


@shared_parameters
def shanten_batch(
    counts: Any, melds: Any = 0, form: Form = "all", *, threads: int | None = None, players: int = 4
) -> np.ndarray:
    """Shanten of N hands at once: an (N,) int8 array, row ``i`` what :func:`shanten`
    gives for hand ``i`` (its ``value``, or the field named by ``form``).

    $parameters(counts, melds, form, threads)

    ``players``: 4 (the default) or 3 for three-player Riichi (sanma): a row holding a
    2m-8m is an error naming the row and the tile (docs/sanma.md).

    Vectorised: rows are processed in chunks with a few dozen numpy operations each, no
    Python loop over hands, and an error names the first bad row whatever the threads.

    >>> rows = np.zeros((2, 34), dtype=np.uint8)
    >>> rows[0, [0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 11, 13, 15]] = 1   # 123456789m1357p
    >>> rows[1, [0, 8, 9, 17, 18, 26, 27, 28, 29, 30, 31, 32, 33]] = 1  # 13 orphans
    >>> shanten_batch(rows).tolist()
    [1, 0]
    >>> shanten_batch(rows, form="standard").tolist()
    [1, 8]
    """
    form = check_form(form)
    workers = resolve_threads(threads)
    three = (players.__class__ is not int or players != 4) and is_three_player(players)
    rows = as_count_rows(counts)
    if three:
        check_three_player_rows(rows)
    n = len(rows)
    calls = calls_per_row(melds, n)
    out = np.empty(n, dtype=np.int8)
    lut = batch_tables()
    chunk = _chunk_three if three else _chunk

    def work(start: int, stop: int) -> None:
        part = calls if isinstance(calls, int) else calls[start:stop]
        out[start:stop] = chunk(lut, rows[start:stop], part, form, start)

    run_chunks(n, CHUNK_ROWS if workers == 1 else CHUNK_ROWS_THREADED, work, workers)
    return out


__all__ = [
    "BLOCK_SPANS",
    "CHUNK_ROWS",
    "CHUNK_ROWS_THREADED",
    "FORMS",
    "BatchTables",
    "BlockMemo",
    "ShantenResult",
    "batch_tables",
    "block_memos",
    "block_vector",
    "capped_block_vector",
    "capped_block_vector_reference",
    "general_shanten_value",
    "hand_vector",
    "indices_shanten",
    "shanten",
    "shanten_batch",
    "shanten_value",
    "table_vectors",
]
