"""Exact MCR shanten (国标麻将 向听数) over every Chinese Official form: scalar and batch.

Shanten is the replacement number minus one (tenpai 0, complete -1), the minimum over the
forms that apply (rules and sources: ``docs/mcr.md``, MCR shanten):

* ``regular``: four sets and a pair, the Riichi standard form
  (:mod:`riichi_lut.analysis.shanten`, the same tables);
* ``seven_pairs`` (七对), four of a kind counting as two pairs; ``thirteen_orphans``
  (十三幺); ``honors_and_knitted`` (全不靠, 七星不靠 being a subset of its shapes): closed
  hands only (``None`` with any call, a concealed kong included);
* ``knitted_straight`` (组合龙 plus a set and a pair): at most one call, which is then the
  set; it reduces to the tabulated one-set-and-a-pair replacement number of the hand less
  one copy of each held knitted kind (:mod:`riichi_lut.mcr.forms`), so no new table.

A hand has ``13 - 3m`` or ``14 - 3m`` concealed tiles with ``m`` calls; a 14-tile hand is -1
when complete in a form, else the minimum over its discards (the Riichi convention). Four
held copies are never a wait on a fifth, and for notation or a
:class:`~riichi_lut.core.hand.Hand` the tiles in calls count toward the four copies; the
batch twin sees concealed counts only (as in Riichi).

>>> shanten("147m258p369s1234z").honors_and_knitted     # 13 distinct candidates: tenpai
0
>>> shanten("1111m2222p3333s44z")                  # doctest: +NORMALIZE_WHITESPACE
McrShantenResult(value=-1, regular=1, seven_pairs=-1, thirteen_orphans=10,
                 honors_and_knitted=9, knitted_straight=5)
>>> shanten("147m258p369s11z [123m]").knitted_straight  # the chow is the set
-1
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import asdict, dataclass
from typing import Any, Literal

import numpy as np

from ..analysis import shanten as riichi_shanten
from ..analysis.contract import shared_parameters
from ..analysis.shanten import BlockMemo, block_memos, block_vector
from ..core.hand import (
    Hand,
    as_hand,
    is_count_sequence,
    not_a_hand_error,
    validate_concealed_counts,
)
from ..errors import InvalidArgumentError, InvalidHandError, quote
from ..lut import loader
from ..lut.blocks import completion, join
from ..lut.rows import as_count_rows, calls_per_row
from ..lut.threads import resolve_threads, run_chunks
from .batch import NOT_APPLICABLE, batch_tables, chunk
from .forms import (
    RESIDUE_KINDS,
    SUIT_ORDERS,
    honors_and_knitted_replacement,
    knitted_pair_replacement,
    seven_pairs_replacement,
    thirteen_orphans_replacement,
)

__all__ = [
    "CHUNK_ROWS",
    "CHUNK_ROWS_THREADED",
    "FORMS",
    "NOT_APPLICABLE",
    "McrForm",
    "McrShantenResult",
    "forms_shanten",
    "shanten",
    "shanten_batch",
]

McrForm = Literal[
    "all", "regular", "seven_pairs", "thirteen_orphans", "honors_and_knitted", "knitted_straight"
]
"""A ``form=`` value of :func:`shanten_batch`: ``"all"`` or one MCR form."""
FORMS: tuple[McrForm, ...] = (
    "all",
    "regular",
    "seven_pairs",
    "thirteen_orphans",
    "honors_and_knitted",
    "knitted_straight",
)

# Rows per chunk, as in riichi_lut.analysis.shanten: L2-sized on one thread, larger with
# several threads to amortise the hand-off.
CHUNK_ROWS = 8192
CHUNK_ROWS_THREADED = 32768


@dataclass(frozen=True, slots=True)
class McrShantenResult:
    """MCR shanten of one hand: ``value`` is the minimum over the forms that apply.

    ``seven_pairs``, ``thirteen_orphans`` and ``honors_and_knitted`` are ``None`` with any
    call; ``knitted_straight`` is ``None`` with two calls or more. Tenpai 0, complete -1.
    """

    value: int
    regular: int
    seven_pairs: int | None
    thirteen_orphans: int | None
    honors_and_knitted: int | None
    knitted_straight: int | None

    @property
    def is_tenpai(self) -> bool:
        """One tile from complete (听牌)."""
        return self.value == 0

    @property
    def is_complete(self) -> bool:
        """A complete hand in some MCR form (和牌形)."""
        return self.value == -1

    def to_dict(self) -> dict[str, Any]:
        """Every field, for JSON."""
        return asdict(self)


_ScalarTables = tuple[BlockMemo, BlockMemo, list[list[int]], list[list[int]], list[list[list[int]]]]


def _scalar_tables(t: loader.Tables) -> _ScalarTables:
    suit, honor = block_memos(t)
    pair = t["suit_pair_class"].tolist()
    triple = t["suit_triple_class"].tolist()
    return suit, honor, pair, triple, t["standard_shanten"].tolist()


def _knitted_set_replacement(counts: Sequence[int]) -> int:
    """Knitted straight, a set and a pair of a closed hand: the minimum over the knitted
    sets of the missing kinds plus the one-set-and-pair requirement of the rest (the
    regular chain of classes on the reduced suits, :mod:`riichi_lut.mcr.forms`)."""
    suit, honor, pair, triple, standard = loader.tables().derived("mcr.shanten.scalar", _scalar_tables)
    reduced: list[list[tuple[int, int]]] = []  # [suit][residue] -> (class, missing kinds)
    for lo in (0, 9, 18):
        options = []
        for kinds in RESIDUE_KINDS:
            block = list(counts[lo : lo + 9])
            missing = 0
            for k in kinds:
                if block[k]:
                    block[k] -= 1
                else:
                    missing += 1
            options.append((suit[bytes(block)] & 1023, missing))
        reduced.append(options)
    cz = honor[bytes(counts[27:34])] & 1023
    best = 99
    for rm, rp, rs in SUIT_ORDERS:
        (cm, nm), (cp, np_), (cs, ns) = reduced[0][rm], reduced[1][rp], reduced[2][rs]
        value = standard[triple[pair[cm][cp]][cs]][cz][3] + 1 + nm + np_ + ns
        best = min(best, value)
    return best


@shared_parameters
def shanten(hand: str | Hand | Sequence[int], *, melds: int | None = None) -> McrShantenResult:
    """Exact MCR shanten of a hand given as notation, a :class:`Hand`, or 34 concealed
    counts: the value and each form apart (what :func:`shanten_batch` gives by ``form=``).

    $parameters(hand, melds)

    >>> shanten("19m19p19s1234567z")       # doctest: +NORMALIZE_WHITESPACE
    McrShantenResult(value=0, regular=8, seven_pairs=6, thirteen_orphans=0,
                     honors_and_knitted=4, knitted_straight=9)
    >>> shanten("123m456p11z [5555s] [777z]").knitted_straight is None
    True
    """
    if isinstance(hand, (str, Hand)):
        if melds is not None:
            raise InvalidHandError("melds= applies to count sequences; a Hand or text carries its calls")
        parsed = as_hand(hand)
        return forms_shanten(parsed.concealed, parsed.n_calls, parsed.called_counts)
    if not is_count_sequence(hand):
        raise not_a_hand_error(hand)
    calls = 0 if melds is None else melds
    return forms_shanten(validate_concealed_counts(hand, calls), calls)


def forms_shanten(counts: Sequence[int], calls: int, called: Sequence[int] | None = None) -> McrShantenResult:
    """:func:`shanten` of validated concealed ``counts`` with ``calls`` calls whose tiles,
    when known, are ``called`` (34 counts; they cap the copies a target may use).

    >>> forms_shanten([4] + [0] * 33, 3, [0, 3, 3, 3, 0, 0, 0, 0, 0] + [0] * 25).regular
    1
    """
    if called is not None and any(called):
        vectors = [block_vector(b, counts, called) for b in range(4)]
        regular = completion(join(join(vectors[0], vectors[1]), vectors[2]), vectors[3], 4 - calls) - 1
    else:
        called = [0] * 34
        regular = riichi_shanten.shanten_value(list(counts), calls) if calls else _closed_regular(counts)
    seven = thirteen = honors = knitted = None
    if calls == 0:
        seven = seven_pairs_replacement(counts) - 1
        thirteen = thirteen_orphans_replacement(counts) - 1
        honors = honors_and_knitted_replacement(counts) - 1
        knitted = _knitted_set_replacement(counts) - 1
    elif calls == 1:
        knitted = knitted_pair_replacement(counts, called) - 1
    value = min(v for v in (regular, seven, thirteen, honors, knitted) if v is not None)
    return McrShantenResult(value, regular, seven, thirteen, honors, knitted)


def _closed_regular(counts: Sequence[int]) -> int:
    return riichi_shanten.shanten(list(counts)).standard


def _check_form(form: object) -> McrForm:
    if form.__class__ is str and form in FORMS:
        return form
    raise InvalidArgumentError(f"form must be one of {', '.join(map(repr, FORMS))}; got {quote(form)}")


def shanten_batch(
    counts: Any, melds: Any = 0, form: McrForm = "all", *, threads: int | None = None
) -> np.ndarray:
    """MCR shanten of N hands at once: an (N,) int8 array, row ``i`` what :func:`shanten`
    gives for hand ``i`` (its ``value``, or the field named by ``form``), with
    :data:`NOT_APPLICABLE` (127) where the scalar field is ``None``: a closed form of a
    row with calls, knitted straight with two calls or more. ``"all"`` leaves those forms
    out, so it is always a real shanten.

    ``counts``: N hands as an (N, 34) integer array of concealed counts, ``13 - 3m`` or
    ``14 - 3m`` tiles a row (a bad row raises :class:`~riichi_lut.errors.InvalidHandError`
    naming the first one); ``melds``: the calls of each row, an int 0-4 or an (N,) array
    (their tiles are unknown and cap nothing); ``form``: one of :data:`FORMS`;
    ``threads``: how many threads run the chunks (default: every core; the result does
    not depend on it).

    Vectorised: a few dozen numpy operations per chunk of rows, no Python loop per hand.

    >>> rows = np.zeros((2, 34), dtype=np.uint8)
    >>> rows[0, [0, 3, 6, 10, 13, 16, 20, 23, 26, 27, 28, 29, 30]] = 1   # 147m258p369s1234z
    >>> rows[1, [0, 1, 2, 3, 4, 5, 6, 8]] = 1                        # 12345679m11z, 1 call
    >>> rows[1, 27] = 2
    >>> shanten_batch(rows, melds=[0, 1]).tolist()
    [0, 0]
    >>> shanten_batch(rows, melds=[0, 1], form="seven_pairs").tolist()
    [6, 127]
    """
    form = _check_form(form)
    workers = resolve_threads(threads)
    rows = as_count_rows(counts)
    n = len(rows)
    calls = calls_per_row(melds, n)
    out = np.empty(n, dtype=np.int8)
    lut = batch_tables(loader.tables())

    def work(start: int, stop: int) -> None:
        part = calls if isinstance(calls, int) else calls[start:stop]
        out[start:stop] = chunk(lut, rows[start:stop], part, form, start)

    run_chunks(n, CHUNK_ROWS if workers == 1 else CHUNK_ROWS_THREADED, work, workers)
    return out
