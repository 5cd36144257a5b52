"""Tile efficiency (牌効率): ukeire, discard ranking and hints; scalar and batch.

* :func:`ukeire` — for a 3n+1 hand, the kinds whose draw lowers the shanten (受け入れ) and
  their *live* counts (4 − copies in hand, calls and ``visible``), per form and combined.
* :func:`rank_discards` — for a 3n+2 hand, every distinct discard ranked by shanten after
  it, then live acceptance, then the two-step measure (:mod:`riichi_lut.analysis.two_step`);
  a *dead* option (no live tile accepted) ranks after every live one, and a *furiten*
  option (tenpai on a tile the player discarded: ``Visible(own_discards=...)`` or the
  discard itself) after the other options of its shanten.
* :func:`~riichi_lut.coach.hints.hint` — the best discard with a plain-English "why".
* :func:`ukeire_batch` and :func:`best_discard_batch` — the same over (N, 34) arrays
  (:mod:`riichi_lut.analysis.efficiency_batch`).

Acceptance comes from the tables' tile masks (``riichi_lut.analysis.acceptance``), never from 34
re-evaluations; the tests compare it with exactly that brute force.

>>> r = ukeire("123m456p789s1122z")
>>> r.shanten, [t.tile for t in r.accepted], r.total
(0, ['1z', '2z'], 4)
>>> ukeire("19m19p19s1234567z").kinds      # kokushi, thirteen-sided
13
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field, replace
from functools import partial
from typing import Any

import numpy as np

from ..core.hand import MAX_CALLS, Hand, as_hand, validate_concealed_counts
from ..core.players import (
    ABSENT_IN_THREE_PLAYER,
    check_three_player_counts,
    check_three_player_hand,
    check_three_player_rows,
    is_three_player,
)
from ..core.tilemask import TileMask
from ..core.tiles import NUM_KINDS, RED_FIVE_KINDS
from ..core.visible import VisibleLike, own_discard_counts, visible_counts
from ..errors import InvalidHandError
from ..lut.rows import as_count_rows, calls_per_row
from ..lut.threads import resolve_threads, run_chunks
from . import discard_batch
from . import efficiency_batch as batch
from .acceptance import NECESSARY, UNNECESSARY, Analysis, analyse, bits, combined
from .contract import shared_parameters
from .results import BestDiscardBatch, DiscardOption, FormUkeire, TileLive, UkeireBatch, UkeireResult
from .two_step import TwoStepChoice, check_two_step, two_steps

HandLike = str | Hand | Sequence[int]


# --------------------------------------------------------------------------- inputs


@dataclass(frozen=True)
class Resolved:
    """A hand reduced to what the engine needs: concealed counts, number of calls, the
    tiles of the calls when known (34 counts, else None), red fives in the concealed
    part, and the player's own copies per kind (hand + calls). ``hand`` keeps the parsed
    :class:`Hand` (``None`` for counts), so that what needs the hand again (the
    simulator) never parses the notation a second time."""

    counts: list[int]
    melds: int
    called: list[int] | None
    red: tuple[int, int, int]
    own_red: tuple[int, int, int]  # red fives in hand and calls
    hand: Hand | None = field(default=None, repr=False, compare=False)
    players: int = 4  # 3: the three-player set (checked: no 2m-8m)

    @property
    def own(self) -> list[int]:
        if self.called is None:
            return self.counts
        return [a + b for a, b in zip(self.counts, self.called, strict=True)]

    @property
    def tiles(self) -> int:
        """Tiles in the hand counting each call as three."""
        return sum(self.counts) + 3 * self.melds


def resolve(hand: HandLike, melds: int | None = None, players: int = 4) -> Resolved:
    """Notation, a :class:`Hand`, or 34 concealed counts (``melds`` calls whose tiles are
    unknown); ``players=3`` checks that no 2m-8m is held (naming it and where)."""
    three = (players.__class__ is not int or players != 4) and is_three_player(players)
    if isinstance(hand, (str, Hand)):
        if melds is not None:
            raise InvalidHandError("melds= applies to count sequences; a Hand or text carries its calls")
        parsed = as_hand(hand)
        if three:
            check_three_player_hand(hand, parsed)
        called = parsed.called_counts if parsed.calls else None
        return Resolved(
            list(parsed.concealed),
            parsed.n_calls,
            called,
            parsed.red,
            parsed.total_red,
            parsed,
            3 if three else 4,
        )
    calls = 0 if melds is None else melds
    counts = _checked_counts(hand, calls)
    if three:
        check_three_player_counts(counts, "hand")
    return Resolved(counts, calls, None, (0, 0, 0), (0, 0, 0), None, 3 if three else 4)


def _checked_counts(counts: Any, melds: int) -> list[int]:
    """34 concealed counts as a list; a cheap C-level check first (bytes, max, sum), the
    full validator (which names the problem) only when it fails."""
    if isinstance(counts, (list, tuple)) and melds.__class__ is int and 0 <= melds <= MAX_CALLS:
        try:
            b = bytes(counts)
        except (TypeError, ValueError):
            b = b""
        plausible = len(b) == NUM_KINDS and max(b) <= 4 and sum(b) + 3 * melds in (13, 14)
        if plausible and bool not in map(type, counts):
            return list(b)
    return validate_concealed_counts(counts, melds)


def live_counts(resolved: Resolved, visible: VisibleLike) -> list[int]:
    """Live copies per kind: 4 - copies in hand and calls - ``visible``; for a
    three-player hand 2m-8m have none (and a visible 2m-8m is an error naming it)."""
    seen = visible_counts(visible, resolved.own, resolved.own_red)
    live = [4 - resolved.own[k] - seen[k] for k in range(NUM_KINDS)]
    if resolved.players == 3:
        check_three_player_counts(seen, "visible")
        for kind in ABSENT_IN_THREE_PLAYER:
            live[kind] = 0
    return live


def discarded_mask(visible: VisibleLike) -> int:
    """34-bit mask of the kinds the player discarded (``own_discards`` of ``visible``)."""
    if visible is None or isinstance(visible, str):  # the common case: no own discards
        return 0
    return sum(1 << k for k, n in enumerate(own_discard_counts(visible)) if n)


def _form(shanten: int, mask: TileMask, live: tuple[int, ...]) -> FormUkeire:
    return FormUkeire(shanten, mask, sum([live[k] for k in bits(mask)]), live)


def _optional_form(form: tuple[int, TileMask] | None, live: tuple[int, ...]) -> FormUkeire | None:
    return None if form is None else _form(form[0], form[1], live)


def ukeire_of(analysis: Analysis, live: Sequence[int], discarded: int = 0) -> UkeireResult:
    """Results from a NECESSARY analysis, the live counts and the mask of the kinds the
    player discarded (furiten at tenpai)."""
    live = tuple(live)
    combined = _form(analysis.shanten, analysis.mask, live)
    return UkeireResult(
        combined.shanten,
        combined.mask,
        combined.total,
        live,
        _form(analysis.standard[0], analysis.standard[1], live),
        _optional_form(analysis.chiitoitsu, live),
        _optional_form(analysis.kokushi, live),
        analysis.shanten == 0 and analysis.mask & discarded != 0,
    )


@shared_parameters
def ukeire(
    hand: HandLike, visible: VisibleLike = None, *, melds: int | None = None, players: int = 4
) -> UkeireResult:
    """Shanten and acceptance of a 3n+1 hand (13 tiles with 0 calls, 10 with 1, … 1 with 4);
    its batch twin is :func:`ukeire_batch`.

    $parameters(hand, visible, melds)

    ``players``: 4 (the default) or 3 for three-player Riichi (sanma: 2m-8m do not exist,
    have no live copies and are never accepted; a 2m-8m in the hand or the visible tiles
    is an error naming it; docs/sanma.md).

    A kind is *accepted* when drawing it lowers the shanten (a kind already held four
    times never is), whether or not live copies remain (the shape; ``live_kinds`` counts
    those with a copy left); ``total`` sums the live counts, and ``dead`` says it is 0. At
    tenpai ``furiten`` says a wait is among ``Visible(own_discards=...)``.

    >>> r = ukeire("23m456p789s11z [123s]", visible="1m 4m 4m")
    >>> [(t.tile, t.live) for t in r.accepted], r.total, r.mask
    ([('1m', 3), ('4m', 2)], 5, TileMask('1m 4m'))
    >>> ukeire("23m456p789s11z [123s]", visible={"own_discards": "4m"}).furiten
    True
    >>> ukeire("19m19p19s1234567z", players=3).kinds  # kokushi: the 13 orphans all exist
    13
    >>> ukeire("11m99m123456p789s", players=3).mask  # 11m 99m: a shanpon wait
    TileMask('1m 9m')
    """
    return ukeire_resolved(resolve(hand, melds, players), visible)


def ukeire_resolved(resolved: Resolved, visible: VisibleLike = None) -> UkeireResult:
    """:func:`ukeire` of a hand already resolved (the hint engine's path: one parse)."""
    tiles = resolved.tiles
    if tiles != 13:
        raise InvalidHandError(
            f"ukeire needs a 3n+1 hand (13 tiles counting calls as 3), got {tiles};"
            " for 14 tiles use rank_discards() or hint()"
        )
    analysis = analyse(resolved.counts, resolved.melds, NECESSARY, resolved.called, resolved.players)
    return ukeire_of(analysis, live_counts(resolved, visible), discarded_mask(visible))


# --------------------------------------------------------------------------- discards


def _discard_choices(resolved: Resolved) -> list[tuple[int, bool]]:
    """(kind, red) per distinct discard: a red five apart from the plain fives."""
    choices = []
    for kind, count in enumerate(resolved.counts):
        if not count:
            continue
        red = kind in RED_FIVE_KINDS and resolved.red[RED_FIVE_KINDS.index(kind)] == 1
        if not red or count > 1:
            choices.append((kind, False))
        if red:
            choices.append((kind, True))
    return choices


@shared_parameters
def rank_discards(
    hand: HandLike,
    visible: VisibleLike = None,
    *,
    melds: int | None = None,
    two_step: bool | TwoStepChoice = True,
    players: int = 4,
) -> tuple[DiscardOption, ...]:
    """Every distinct discard of a 3n+2 hand, best first: a dead option (no live tile
    accepted) after every live one; then by shanten after the discard, a furiten option
    (tenpai with a wait among ``Visible(own_discards=...)`` or on the discarded tile
    itself) after the others of its shanten, then live acceptance, then the two-step
    measure (average next-step acceptance; at tenpai, live improvement tiles), then
    keeping a red five, then tile order. The batch twin :func:`best_discard_batch` gives
    the first option without the two-step measure (``two_step=False`` here).

    $parameters(hand, visible, melds, two_step)

    Here ``True`` means ``'all'``.

    ``players``: 4 (the default) or 3 for three-player Riichi (sanma: 2m-8m do not exist,
    have no live copies and are never accepted; a 2m-8m in the hand or the visible tiles
    is an error naming it; docs/sanma.md).
    For three players the two-step measure is computed by the scalar reference path
    (``two_step_reference``: one analysis per draw and discard, slower than the
    four-player batch path).

    >>> [(o.tile, o.shanten, o.total) for o in rank_discards("123m456p789s1122z7z")][:3]
    [('7z', 0, 4), ('1m', 1, 11), ('4p', 1, 11)]
    >>> [(o.tile, o.shanten, o.total) for o in rank_discards("123m456p789s11223z", "1z1z2z2z")][:2]
    [('1m', 1, 7), ('4p', 1, 7)]
    """
    choice = check_two_step(two_step, "all")
    resolved = resolve(hand, melds, players)
    if resolved.tiles != 14:
        raise InvalidHandError(
            f"rank_discards needs a 3n+2 hand (14 tiles counting calls as 3), got {resolved.tiles};"
            " for 13 tiles use ukeire()"
        )
    return ranked_options(resolved, live_counts(resolved, visible), choice, discarded=discarded_mask(visible))


def hand_shanten(resolved: Resolved) -> int:
    """Shanten of a resolved 3n+2 hand itself (-1 when complete), before any discard."""
    return combined(resolved.counts, resolved.melds, UNNECESSARY, resolved.called, resolved.players)[0]


def ranked_options(
    resolved: Resolved,
    live: Sequence[int],
    two_step: TwoStepChoice,
    *,
    shanten: int | None = None,
    discarded: int = 0,
) -> tuple[DiscardOption, ...]:
    """The ranking of :func:`rank_discards` for a resolved 3n+2 hand and its live counts;
    ``two_step`` as there (:data:`~riichi_lut.analysis.two_step.TWO_STEP_CHOICES`),
    ``shanten`` the hand's own when the caller already has it (:func:`hand_shanten`), and
    ``discarded`` the mask of the kinds the player discarded (:func:`discarded_mask`)."""
    choice = check_two_step(two_step)
    best_possible = max(hand_shanten(resolved) if shanten is None else shanten, 0)
    counts = list(resolved.counts)
    live = tuple(live)
    options = []
    wrap = int.__new__  # wrap(TileMask, mask) is tile_mask(mask) without the extra call
    for kind, red in _discard_choices(resolved):
        counts[kind] -= 1
        after, mask = combined(counts, resolved.melds, NECESSARY, resolved.called, resolved.players)
        counts[kind] += 1
        total = sum([live[k] for k in bits(mask)])
        furiten = after == 0 and mask & (discarded | 1 << kind) != 0
        options.append(
            DiscardOption(
                kind, red, after, after > best_possible, wrap(TileMask, mask), total, live, None, furiten
            )
        )
    return _with_two_steps(options, choice, counts, resolved, live)


def _with_two_steps(
    options: list[DiscardOption],
    choice: TwoStepChoice,
    counts: list[int],
    resolved: Resolved,
    live: tuple[int, ...],
) -> tuple[DiscardOption, ...]:
    """The options sorted, with the two-step measure of those ``choice`` names."""
    if choice == "all":
        options = with_two_steps(options, counts, resolved, live)
    elif choice == "ties":
        head = min(options, key=DiscardOption.sort_key).sort_key()[:4]  # dead, shanten, furiten, total
        tied = [o for o in options if o.sort_key()[:4] == head]
        if len({o.kind for o in tied}) > 1:
            measured = dict(zip(map(id, tied), with_two_steps(tied, counts, resolved, live), strict=True))
            options = [measured.get(id(o), o) for o in options]
    return tuple(sorted(options, key=DiscardOption.sort_key))


def with_two_step(
    option: DiscardOption, counts: list[int], resolved: Resolved, live: Sequence[int]
) -> DiscardOption:
    """``option`` with its two-step measure; ``counts`` is the resolved hand's concealed
    counts (read, not changed)."""
    return with_two_steps([option], counts, resolved, live)[0]


def with_two_steps(
    options: Sequence[DiscardOption], counts: list[int], resolved: Resolved, live: Sequence[int]
) -> list[DiscardOption]:
    """``options`` with their two-step measures, computed together (one batch for all)."""
    after = []
    for option in options:
        hand = list(counts)
        hand[option.kind] -= 1
        after.append((hand, option.shanten, bits(option.mask), live))
    extras = two_steps(after, resolved.melds, resolved.called, resolved.players)
    return [replace(o, two_step=extra) for o, extra in zip(options, extras, strict=True)]


# --------------------------------------------------------------------------- batch

CHUNK_ROWS = 8192
DISCARD_CHUNK_ROWS = 4096  # best_discard_batch, one thread or several


def _visible_rows(visible: Any, n: int, name: str = "visible") -> np.ndarray | None:
    """None, or (n, 34) uint8 counts from a (34,) or (N, 34) array."""
    if visible is None:
        return None
    array = np.asarray(visible)
    if array.ndim == 1:
        array = array[None, :]
    rows = as_count_rows(array, name=name)
    if len(rows) not in (1, n):
        raise InvalidHandError(f"{name} must have shape (34,) or ({n}, 34), got {array.shape}")
    return np.broadcast_to(rows, (n, NUM_KINDS))


def _seen_rows(visible: Any, own_discards: Any, n: int) -> tuple[np.ndarray | None, np.ndarray | None]:
    """(visible + own discards, own discards), each None or (n, 34) uint8: the player's
    discards are visible tiles too."""
    seen, own = _visible_rows(visible, n), _visible_rows(own_discards, n, "own_discards")
    if own is None or seen is None:
        return (own if seen is None else seen), own
    return seen + own, own


@shared_parameters
def ukeire_batch(
    counts: Any,
    melds: Any = 0,
    visible: Any = None,
    *,
    own_discards: Any = None,
    threads: int | None = None,
    players: int = 4,
) -> UkeireBatch:
    """Acceptance of N 3n+1 hands, row ``i`` what :func:`ukeire` gives for hand ``i`` (the
    combined forms): an :class:`UkeireBatch` ``(shanten, accepted, total)`` with its
    ``furiten`` attribute.

    $parameters(counts, melds, visible, own_discards, threads)

    ``players``: 4 (the default) or 3 for three-player Riichi (sanma): a row of
    ``counts``, ``visible`` or ``own_discards`` holding a 2m-8m is an error naming the row
    and the tile; 2m-8m are never accepted (docs/sanma.md).

    >>> rows = np.zeros((1, 34), dtype=np.uint8)
    >>> rows[0, [0, 1, 2, 9, 10, 11, 18, 19, 20]] = 1; rows[0, [27, 28]] = 2  # 123m123p123s1122z
    >>> shanten, accepted, total = ukeire_batch(rows)
    >>> int(shanten[0]), np.flatnonzero(accepted[0]).tolist(), int(total[0])
    (0, [27, 28], 4)
    >>> ukeire_batch(rows).total.tolist()
    [4]
    """
    n = len(rows := as_count_rows(counts))
    three = _check_three_player(rows, visible, own_discards, players)
    shanten = np.empty(n, dtype=np.int8)
    accepted = np.empty((n, NUM_KINDS), dtype=bool)
    total = np.empty(n, dtype=np.int16)
    furiten = np.zeros(n, dtype=bool)

    def work(
        lut: batch.KernelTables,
        chunk: np.ndarray,
        calls: Any,
        seen: np.ndarray | None,
        own: np.ndarray | None,
        start: int,
    ) -> None:
        stop = start + len(chunk)
        if three:
            shanten[start:stop], accepted[start:stop] = batch.analyse_rows_three_player(
                chunk, calls, NECESSARY, start
            )
        else:
            shanten[start:stop], accepted[start:stop], _ = batch.analyse_rows(
                lut, chunk, calls, NECESSARY, start
            )
        total[start:stop] = batch.live_total(chunk, seen, accepted[start:stop])
        if own is not None:
            furiten[start:stop] = (shanten[start:stop] == 0) & (accepted[start:stop] & (own > 0)).any(axis=1)

    _run(rows, melds, (visible, own_discards), threads, work, (CHUNK_ROWS, 4 * CHUNK_ROWS))
    return UkeireBatch(shanten, accepted, total, furiten)


def _check_three_player(rows: np.ndarray, visible: Any, own_discards: Any, players: int) -> bool:
    """Whether the batch is three-player (``players`` checked), its rows checked for 2m-8m."""
    if (players.__class__ is int and players == 4) or not is_three_player(players):
        return False
    check_three_player_rows(rows)
    n = len(rows)
    for name, array in (("visible", visible), ("own_discards", own_discards)):
        seen = _visible_rows(array, n, name)
        if seen is not None:
            check_three_player_rows(seen, name)
    return True


def _run(
    rows: np.ndarray,
    melds: Any,
    visible: tuple[Any, Any],
    threads: int | None,
    work: Callable[[Any, np.ndarray, Any, np.ndarray | None, np.ndarray | None, int], None],
    chunk_rows: tuple[int, int],
) -> None:
    """Validate the per-row inputs and run ``work(lut, rows, calls, seen, own, start)``
    over chunks (``chunk_rows``: one thread, several threads); ``visible`` is (visible,
    own discards), ``seen`` their sum, checked against the hand first."""
    workers = resolve_threads(threads)
    n = len(rows)
    calls = calls_per_row(melds, n)
    seen, own = _seen_rows(*visible, n)
    lut = batch.tables()

    def chunk(start: int, stop: int) -> None:
        part = calls if isinstance(calls, int) else calls[start:stop]
        vis = None if seen is None else seen[start:stop]
        batch.check_visible(rows[start:stop], vis, start)
        work(lut, rows[start:stop], part, vis, None if own is None else own[start:stop], start)

    run_chunks(n, chunk_rows[0] if workers == 1 else chunk_rows[1], chunk, workers)


@shared_parameters
def best_discard_batch(
    counts: Any,
    melds: Any = 0,
    visible: Any = None,
    *,
    own_discards: Any = None,
    threads: int | None = None,
    players: int = 4,
) -> BestDiscardBatch:
    """Best discard of N 3n+2 hands, row ``i`` the first option of
    :func:`rank_discards` for hand ``i`` with ``two_step=False``: a
    :class:`BestDiscardBatch` ``(kind, shanten, total)`` with its ``furiten`` attribute.

    $parameters(counts, melds, visible, own_discards, threads)

    ``players``: 4 (the default) or 3 for three-player Riichi (sanma): a row of
    ``counts``, ``visible`` or ``own_discards`` holding a 2m-8m is an error naming the row
    and the tile; 2m-8m are never accepted (docs/sanma.md).

    Ranking: a dead option (no live tile accepted) after every live one; then the lowest
    shanten after the discard, a furiten option (a wait among ``own_discards`` or on the
    discarded tile) after the others of its shanten, the most live tiles accepted (the
    discarded tile counts as gone), then — deterministic tie-break — the lowest kind id.
    (The scalar :func:`rank_discards` breaks remaining ties by the two-step measure,
    which the batch path does not compute.)

    >>> rows = np.zeros((1, 34), dtype=np.uint8)
    >>> rows[0, [0, 1, 2, 9, 10, 11, 18, 19, 20, 33]] = 1; rows[0, [27, 28]] = 2  # + 7z
    >>> [a.tolist() for a in best_discard_batch(rows)]
    [[33], [0], [4]]
    >>> best_discard_batch(rows).kind.tolist()
    [33]
    """
    n = len(rows := as_count_rows(counts))
    three = _check_three_player(rows, visible, own_discards, players)
    kind = np.empty(n, dtype=np.int8)
    after = np.empty(n, dtype=np.int8)
    total = np.empty(n, dtype=np.int16)
    furiten = np.empty(n, dtype=bool)

    def work(
        lut: batch.KernelTables,
        chunk: np.ndarray,
        calls: Any,
        seen: np.ndarray | None,
        own: np.ndarray | None,
        start: int,
    ) -> None:
        stop = start + len(chunk)
        best = batch.best_discards_three_player if three else partial(discard_batch.best_discards, lut)
        kind[start:stop], after[start:stop], total[start:stop], furiten[start:stop] = best(
            chunk, calls, seen, own, start
        )

    # each 14-tile row has ~7.5 candidate discards; the lean kernel makes ~2x more (smaller)
    # numpy calls per row than the old one, so its chunks are larger (issue 13 item 3)
    _run(rows, melds, (visible, own_discards), threads, work, (DISCARD_CHUNK_ROWS, DISCARD_CHUNK_ROWS))
    return BestDiscardBatch(kind, after, total, furiten)


__all__ = [
    "BestDiscardBatch",
    "DiscardOption",
    "FormUkeire",
    "HandLike",
    "Resolved",
    "TileLive",
    "UkeireBatch",
    "UkeireResult",
    "best_discard_batch",
    "discarded_mask",
    "hand_shanten",
    "live_counts",
    "rank_discards",
    "ranked_options",
    "resolve",
    "ukeire",
    "ukeire_batch",
    "ukeire_of",
    "ukeire_resolved",
    "with_two_step",
    "with_two_steps",
]
