"""Batch Riichi scoring: N winning hands as arrays -> han, fu, yakuman, points.

For simulations and bots: ``score_batch`` scores an (N, 34) array of the concealed tiles
of N winning hands (the winning tile included) with their winning tile kinds, their
calls (an optional (N, 4) array of call codes, :mod:`~riichi_lut.riichi.batch.calls`:
chi, pon, open and closed kan; 14 - 3 concealed tiles per call) and the facts of the win,
and returns arrays that agree with :func:`riichi_lut.riichi.score` hand for hand: han,
fu, yakuman multiple, points, whether it is a win at all, and the yaku as a bit mask (bit
``i`` is ``YAKU_BITS[i]``: the yaku whose row says ``bit=i``). ``has_yaku_batch`` answers
only "complete and with a yaku?", skipping fu and points.
Every field of :class:`~riichi_lut.riichi.rules.RuleSet` is played as ``score`` plays it,
the optional ``pinfu_tsumo_fu``, ``daisharin``, ``daichisei``, ``kazoe_limit="none"`` and
``yakuman_cap`` included (:mod:`~riichi_lut.riichi.batch.optional`); ``paarenchan`` and
``open_riichi`` change nothing here (their facts are not batch inputs).

Method (no Python loop over hands; ``docs/tables.md`` has the decomposition tables):

1. *Blocks.* Each hand's four block patterns (base-5 indices, ``_rows.block_indices``)
   are looked up in a full-grid table built once from ``suit_complete``/``honor_complete``:
   the pattern's complete-pattern id (0 when the block is not complete) and additive
   per-block statistics (terminal/honor kinds, suits present, simples, non-green tiles,
   the nine-gates shape, kinds not held 0 or 2 times). The statistics of the four blocks
   are summed into one word; a 65,536-entry table turns it into the yaku that depend only
   on the tiles (tanyao, honitsu, chinitsu, honroutou, tsuuiisou, chinroutou, chuuren;
   junsei chuuren and ryuuiisou are settled on the few rows that qualify), and the flags
   (riichi, tsumo …) add theirs from a 1,024-entry table. Chiitoitsu and kokushi are
   recognised from the same word and scored on their own.
2. *Readings.* A complete block's splits (``*_split_offsets``/``*_splits``) are combined
   by mixed-radix index arithmetic (``np.repeat``) into every reading of the hand, in the
   order of the scalar code (``itertools.product`` over the blocks). Each row's first
   reading and winning group stays in place; only the rows with more (about one in eight
   random wins) are expanded, behind all the others. Every split has a
   precomputed 64-bit word of additive fields (runs, sets, identical-run pairs, fu of
   its closed sets, groups without a terminal/honor, ittsu, per-number counts for the
   sanshoku, honor sets and pair); the four words are summed, and two small tables map
   the sum to the structural yaku (iipeikou, ryanpeikou, toitoi, ittsu, chanta, junchan;
   yakuhai, shousangen, daisangen, shousuushii, daisuushii with the winds) and to the
   pair's fu.
3. *Winning group.* Each reading is expanded into its choices of the group the winning
   tile completed (triplet, one of three runs, pair: a 5-bit mask per split and
   position), which fixes the wait, the ron-completed triplet (open: 明刻), pinfu,
   sanankou and suuankou (tanki).
4. *Value.* Each yaku is a bit; every table entry holds the bits it sets *and* their value
   (han, count of single and double yakuman) above the 48 yaku bits, computed from the
   yaku rows (``yaku.ROWS``: han closed, yakuman multiple per ``RuleSet.double_yakuman``,
   supersedes), so adding table entries adds the values. Fu, base points (limits, kazoe,
   kiriage) and payments come from small tables; where a row has several candidates the
   best (most points, then yakuman, then han, then fu, then the first in the scalar
   order, as ``score`` picks) is kept with one ``np.maximum.reduceat`` over a composite
   63-bit key.
5. *Calls* (issue 14). Each call code has a row of small tables (``calls.call_facts``):
   its tiles, fu, and its share of the reading word (runs, sets, groups without a
   terminal or honor, honor sets); a row's calls are summed into it. The concealed tiles
   are read as above; the tile yaku look at the concealed and the called tiles together;
   sanshoku and ittsu, which look at one suit at a time, are taken from each suit's split
   or-ed with its calls. Rows with an open call (chi, pon, open kan) are scored on tables
   built with the open han of each yaku (``han_open``; closed-only yaku absent, tanyao by
   ``kuitan``), without the closed-ron 10 fu and with ``RuleSet.open_pinfu_fu``; rows
   with closed kans only keep the closed tables. Seven pairs, thirteen orphans and nine
   gates need a hand without calls.
6. *Optional rules* (:mod:`~riichi_lut.riichi.batch.optional`). Daisharin and company
   and daichisei are one block index of a hand without calls: their yakuman is added to
   the row's own table sum and their bit (above the tables' 48) set once stored;
   ``kazoe_limit="none"`` pays 26+ counted han one yakuman per 13; ``pinfu_tsumo_fu``
   takes pinfu from a tsumo, which keeps its 2 fu.

The facts of the wins are a :class:`BatchWin` (the array-valued twin of
:class:`~riichi_lut.riichi.win.Win`, same field names) or its fields as keywords. Flags are
checked as ``Win`` checks them (``win.flags_problem`` runs once per distinct combination
present), so both refuse the same contradictions.

Rows are processed in chunks, on a thread pool (``threads``; numpy releases the GIL),
and the result does not depend on the number of threads.

>>> import numpy as np
>>> from riichi_lut.core.hand import parse_hand
>>> hands = ["22334455667788p", "123m456p789s11222z", "19m19p19s12345677z"]
>>> counts = np.array([parse_hand(h).concealed for h in hands], dtype=np.uint8)
>>> r = score_batch(counts, [16, 28, 33], BatchWin(tsumo=np.array([False, True, False]),
...                 seat_wind="S", round_wind="E"))
>>> r.han.tolist(), r.fu.tolist(), r.yakuman.tolist(), r.points.tolist()
([11, 2, 0], [30, 40, 20], [0, 0, 1], [24000, 2700, 32000])
>>> r.yaku(0), r.yaku(1), r.yaku(2)
(('pinfu', 'tanyao', 'ryanpeikou', 'chinitsu'), ('menzen_tsumo', 'yakuhai_seat'), ('kokushi_13',))
"""

from __future__ import annotations

from typing import Any, overload

import numpy as np

from ...core.players import is_three_player
from ...core.tiles import KIND_NAMES
from ...errors import InvalidArgumentError, InvalidHandError
from ...lut.rows import as_count_rows, first_bad_row
from ...lut.threads import run_chunks
from ..rules import TENHOU, RuleSet
from ..situation import unplayed_notes
from .calls import (
    CALL_TYPES,
    CHI,
    CLOSED_KAN,
    OPEN_KAN,
    PON,
    CallFacts,
    as_call_rows,
    call_code,
    call_codes,
    call_facts,
)
from .chunks import score_chunk
from .inputs import BatchWin, batch_win, prepare
from .kernel import BatchScore
from .luts import CHUNK_ROWS, CHUNK_ROWS_THREADED, YAKU_BITS
from .rule_luts import RuleLut, batch_luts

# --------------------------------------------------------------------------- API


@overload
def score_batch(
    counts: Any,
    win_kind: Any,
    win: BatchWin,
    *,
    calls: Any = None,
    rules: RuleSet = TENHOU,
    threads: int | None = None,
) -> BatchScore: ...


@overload
def score_batch(
    counts: Any,
    win_kind: Any,
    *,
    tsumo: Any,
    seat_wind: Any,
    round_wind: Any,
    riichi: Any = False,
    double_riichi: Any = False,
    ippatsu: Any = False,
    haitei: Any = False,
    houtei: Any = False,
    chankan: Any = False,
    tenhou: Any = False,
    chiihou: Any = False,
    renhou: Any = False,
    rinshan: Any = False,
    dora: Any = 0,
    calls: Any = None,
    rules: RuleSet = TENHOU,
    threads: int | None = None,
) -> BatchScore: ...


def score_batch(
    counts: Any,
    win_kind: Any,
    win: BatchWin | None = None,
    *,
    calls: Any = None,
    rules: RuleSet = TENHOU,
    threads: int | None = None,
    **facts: Any,
) -> BatchScore:
    """Score N winning hands at once; the batch twin of :func:`riichi_lut.riichi.score`.

    ``counts`` is an (N, 34) integer array of the concealed tiles of each hand, the
    winning tile included (uint8 is read without a copy): 14 tiles, less 3 per call;
    ``calls`` (optional) an (N, 4) integer array of call codes ``type * 34 + kind`` (``-1``:
    no call; :func:`~riichi_lut.riichi.batch.calls.call_code`,
    :func:`~riichi_lut.riichi.batch.calls.call_codes` from ``Hand`` objects), the winning tile
    never in a call; ``win_kind`` the (N,) winning tile kinds 0..33; ``win`` the facts of
    the wins, a :class:`BatchWin` — or, as for ``score``, its
    fields as keywords (giving both is an error): ``tsumo`` and the other flags are bools
    or (N,) bool arrays; the winds "E"/"S"/"W"/"N" in either case or integers 0..3
    (E = 0), scalars or (N,) arrays (not tile kinds 27..30, not "1z"); ``dora`` (int or
    (N,) ints 0..255) is the dora han the caller counted (indicators, ura, red fives: see
    :func:`dora_han_batch`); it never makes a win by itself. Flags mean what they mean for
    ``score`` and contradictions are refused the same way (``rinshan`` needs a kan among
    the row's calls, riichi a hand without open calls). A flag the rule set does not play (ippatsu with
    ``RuleSet.ippatsu`` off, renhou under ``renhou="none"``) scores nothing, as in
    ``score``, and ``BatchScore.notes`` names it.

    Returns a :class:`BatchScore`. A row that is not complete, or complete without a yaku,
    is ``is_win=False`` with zeros — never an exception. Bad input raises
    :class:`InvalidHandError` (shape, counts, tile totals, winning tile not held, call
    codes, a fifth copy across the concealed tiles and the calls) or
    :class:`~riichi_lut.errors.InvalidSituationError` (winds, flags, dora, contradictions), naming the first
    bad row in the message and in ``error.row``. ``threads`` (default: every core) never
    changes the result.

    >>> from riichi_lut.core.hand import parse_hand
    >>> counts = np.array([parse_hand("234m567p22s345678s").concealed], dtype=np.uint8)
    >>> r = score_batch(counts, [20], tsumo=False, seat_wind="W", round_wind="E", riichi=True, dora=1)
    >>> r.is_win.tolist(), r.han.tolist(), r.fu.tolist(), r.points.tolist(), r.yaku(0)
    ([True], [4], [30], [7700], ('riichi', 'pinfu', 'tanyao'))
    >>> w = BatchWin(tsumo=False, seat_wind=2, round_wind=0, riichi=True, dora=1)
    >>> score_batch(counts, [20], w).points.tolist()
    [7700]
    """
    facts_of_wins = batch_win(win, facts)
    rows, win_kinds, sit, workers, called = prepare(counts, win_kind, facts_of_wins, rules, threads, calls)
    n = len(rows)
    lut, rt = batch_luts(rules)
    rt_open = open_tables(rules, called)
    notes = unplayed_notes(
        rules,
        ippatsu=bool(np.any(facts_of_wins.ippatsu)),
        renhou=bool(np.any(facts_of_wins.renhou)),
        ura=False,
    )
    out = BatchScore(
        is_win=np.zeros(n, dtype=bool),
        han=np.zeros(n, dtype=np.int16),
        fu=np.zeros(n, dtype=np.int16),
        yakuman=np.zeros(n, dtype=np.int8),
        points=np.zeros(n, dtype=np.int32),
        yaku_mask=np.zeros(n, dtype=np.uint64),
        notes=notes,
    )

    def work(start: int, stop: int) -> None:
        score_chunk(lut, rt, rows[start:stop], win_kinds[start:stop], sit, start, out, called, rt_open)

    run_chunks(n, CHUNK_ROWS if workers == 1 else CHUNK_ROWS_THREADED, work, workers)
    for array in (out.is_win, out.han, out.fu, out.yakuman, out.points, out.yaku_mask):
        array.setflags(write=False)
    return out


@overload
def has_yaku_batch(
    counts: Any,
    win_kind: Any,
    win: BatchWin,
    *,
    calls: Any = None,
    rules: RuleSet = TENHOU,
    threads: int | None = None,
) -> np.ndarray: ...


@overload
def has_yaku_batch(
    counts: Any,
    win_kind: Any,
    *,
    tsumo: Any,
    seat_wind: Any,
    round_wind: Any,
    riichi: Any = False,
    double_riichi: Any = False,
    ippatsu: Any = False,
    haitei: Any = False,
    houtei: Any = False,
    chankan: Any = False,
    tenhou: Any = False,
    chiihou: Any = False,
    renhou: Any = False,
    rinshan: Any = False,
    calls: Any = None,
    rules: RuleSet = TENHOU,
    threads: int | None = None,
) -> np.ndarray: ...


def has_yaku_batch(
    counts: Any,
    win_kind: Any,
    win: BatchWin | None = None,
    *,
    calls: Any = None,
    rules: RuleSet = TENHOU,
    threads: int | None = None,
    **facts: Any,
) -> np.ndarray:
    """Whether each hand is a win (complete, with at least one yaku): the fast path
    of :func:`score_batch` (``score_batch(...).is_win``) for "may I call ron/tsumo here?".

    Rows whose own tiles or flags already give a yaku (riichi, menzen tsumo, tanyao,
    honitsu …) are decided without reading the hand; only the others are read, and no fu
    or points are computed. Same inputs and errors as :func:`score_batch`, without
    ``dora`` (a BatchWin's ``dora`` is not read: dora never make a win).

    >>> from riichi_lut.core.hand import parse_hand
    >>> counts = np.array([parse_hand("123m456p789s11z234s").concealed] * 3, dtype=np.uint8)
    >>> has_yaku_batch(counts, [0, 0, 0], tsumo=[False, True, False], riichi=[False, False, True],
    ...                seat_wind="S", round_wind="E").tolist()
    [False, True, True]
    """
    if "dora" in facts:
        raise TypeError("has_yaku_batch() got an unexpected keyword argument 'dora' (dora never make a win)")
    rows, win_kinds, sit, workers, called = prepare(
        counts, win_kind, batch_win(win, facts), rules, threads, calls
    )
    n = len(rows)
    lut, rt = batch_luts(rules)
    rt_open = open_tables(rules, called)
    result = np.zeros(n, dtype=bool)

    def work(start: int, stop: int) -> None:
        has = score_chunk(lut, rt, rows[start:stop], win_kinds[start:stop], sit, start, None, called, rt_open)
        assert has is not None
        result[start:stop] = has

    run_chunks(n, CHUNK_ROWS if workers == 1 else CHUNK_ROWS_THREADED, work, workers)
    return result


def open_tables(rules: RuleSet, calls: CallFacts | None) -> RuleLut | None:
    """The rule tables of open hands when a row has a chi, pon or open kan (else None)."""
    return batch_luts(rules, opened=True)[1] if calls is not None and calls.opened.any() else None


_NEXT_DORA = np.array(
    [k - k % 9 + (k % 9 + 1) % 9 for k in range(27)] + [27 + (k + 1) % 4 for k in range(4)]
    + [31 + (k + 1) % 3 for k in range(3)],
    dtype=np.intp,
)  # fmt: skip
_NEXT_DORA_3P = _NEXT_DORA.copy()
_NEXT_DORA_3P[0], _NEXT_DORA_3P[8] = 8, 0  # three players: 1m shows 9m, 9m shows 1m


def dora_han_batch(
    counts: Any, dora_indicator_kinds: Any, *, calls: Any = None, players: int = 4, kita: Any = 0
) -> np.ndarray:
    """Dora han of N hands from their indicators: ``counts`` (N, 34), ``dora_indicator_kinds``
    an (N, k) integer array of indicator kinds 0..33, ``-1`` where a row has fewer;
    ``calls``: the rows' calls as :func:`score_batch` takes them (their tiles count too).
    ``players=3``: a 1m indicator shows 9m and 9m shows 1m, and each of the rows' ``kita``
    (North tiles set aside, an int or (N,) ints) counts once per indicator showing North
    (a West indicator); the kita themselves (one dora each) are the caller's to add, once.

    Each indicator points at the next kind (9 -> 1 in a suit, North -> East, red -> white
    dragon) and counts every copy of it in the hand. Call it again with the ura indicators
    of riichi hands, and add red fives, to get ``score_batch``'s ``dora``. Returns (N,)
    int16. The hand's copies of a kind plus its indicators showing that kind may not exceed 4.

    >>> counts = np.zeros((1, 34), dtype=np.uint8)
    >>> counts[0, [0, 1, 2]] = 3     # 111222333m ...
    >>> dora_han_batch(counts, [[8, 0, -1]]).tolist()   # 9m -> 1m, 1m -> 2m
    [6]
    """
    three = is_three_player(players)
    rows = as_count_rows(counts)
    n = len(rows)
    if calls is not None:
        rows = rows + call_facts(as_call_rows(calls, n)).tiles
    north = rows[:, 30].astype(np.int16)
    if three:
        north = north + np.broadcast_to(np.asarray(kita, dtype=np.int16), (n,))
    elif np.any(np.asarray(kita)):
        raise InvalidArgumentError("kita applies to three players only (players=3)")
    next_dora = _NEXT_DORA_3P if three else _NEXT_DORA
    indicators = np.asarray(dora_indicator_kinds)
    if indicators.ndim != 2 or indicators.shape[0] != n or indicators.dtype.kind not in "iu":
        raise InvalidHandError(
            f"dora_indicator_kinds must be an integer array of shape ({n}, k),"
            f" got {indicators.dtype} {indicators.shape}"
        )
    if indicators.size and (indicators.min() < -1 or indicators.max() > 33):
        row = first_bad_row(((indicators < -1) | (indicators > 33)).any(axis=1))
        raise InvalidHandError(f"dora_indicator_kinds row {row}: kinds must be 0..33 or -1 (none)", row=row)
    flat = rows.reshape(-1)
    base = np.arange(n, dtype=np.intp) * 34
    columns = [indicators[:, j] for j in range(indicators.shape[1])]
    dora = np.zeros(n, dtype=np.int16)
    for column in columns:
        shown = column >= 0
        kind = np.where(shown, column, 0).astype(np.intp)
        # copies of this indicator's kind: in the hand, plus every indicator showing it
        copies = flat.take(base + kind).astype(np.int16)
        if three:
            copies = np.where(kind == 30, north, copies)  # the kita are North copies too
        for other in columns:
            copies += other == kind
        over = shown & (copies > 4)
        if over.any():
            row = first_bad_row(over)
            raise InvalidHandError(
                f"row {row}: {KIND_NAMES[kind[row]]} has {int(copies[row])} copies"
                " across the hand and the indicators",
                row=row,
            )
        shows = next_dora[kind]
        dora += np.where(three & (shows == 30), north, flat.take(base + shows)) * shown
    return dora


__all__ = [
    "CALL_TYPES",
    "CHI",
    "CLOSED_KAN",
    "OPEN_KAN",
    "PON",
    "YAKU_BITS",
    "BatchScore",
    "BatchWin",
    "call_code",
    "call_codes",
    "dora_han_batch",
    "has_yaku_batch",
    "score_batch",
]
