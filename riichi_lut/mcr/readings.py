"""Every reading of a whole MCR winning hand, with every way the winning tile completed it.

A *reading* (组合方式) splits the 14 tiles (a kong counting as one set) into the sets of one
MCR form: the regular form (four sets and a pair; called melds fixed, a concealed kong a
concealed set), seven pairs (four of a kind counts as two pairs), seven shifted pairs,
thirteen orphans, lesser and greater honors-and-knitted (全不靠 / 七星不靠), and a knitted
straight (组合龙: 147, 258, 369 in three suits) with one set and a pair, the set possibly a
called meld. An *interpretation* adds which set the winning tile completed: it decides
whether a pung completed by a discard is concealed, and the wait (edge, closed, single)
that the wait fans score when the hand waits on that one tile kind only.

Concealed splits of the regular form come from the decomposition tables
(:func:`riichi_lut.analysis.readings.block_splits`); the other forms are fixed patterns.
Rules: the seed text on Chinese Official rules (``docs/mcr.md``, "Readings").
"""

from __future__ import annotations

import itertools
from collections.abc import Sequence
from dataclasses import dataclass
from functools import lru_cache

from ..analysis.readings import Group, GroupKind, block_splits
from ..core.calls import Call, CallType
from ..core.tiles import KIND_NAMES, TERMINALS_AND_HONORS

__all__ = [
    "CHOW",
    "FORMS",
    "KNIT",
    "KNIT_PATTERNS",
    "KONG",
    "PAIR",
    "PUNG",
    "McrReading",
    "McrSet",
    "is_complete",
    "readings",
    "waits",
]

CHOW, PUNG, KONG, PAIR, KNIT = range(5)
"""Kinds of an :class:`McrSet`: a chow, a pung, a kong, the pair, one third of a knitted
straight (``tile``, ``tile + 3``, ``tile + 6`` in one suit)."""

FORMS = (
    "regular",
    "seven_pairs",
    "seven_shifted_pairs",
    "thirteen_orphans",
    "lesser_honors_knitted",
    "greater_honors_knitted",
    "knitted_straight",
)
"""The forms a reading can take, in the order they are tried."""

YAOCHU = frozenset(TERMINALS_AND_HONORS)
_BLOCKS = (("suit", 0), ("suit", 9), ("suit", 18), ("honor", 27))
KNIT_PATTERNS: tuple[tuple[int, ...], ...] = tuple(
    tuple(
        sorted(
            9 * suit + start + 3 * step
            for suit, start in zip(order, range(3), strict=True)
            for step in range(3)
        )
    )
    for order in itertools.permutations(range(3))
)
"""The nine kinds of each of the six knitted straights (147 / 258 / 369 over the suits)."""


@dataclass(frozen=True, slots=True)
class McrSet:
    """One set of a reading. ``tile`` is the lowest kind; ``called`` marks a meld claimed
    from another player (a concealed kong is not called); ``concealed`` is False for a
    called meld and for a pung completed by a discard (the interpretation decides)."""

    kind: int
    tile: int
    called: bool = False
    concealed: bool = True

    @property
    def kinds(self) -> tuple[int, ...]:
        """The tile kinds of the set, a kong as four."""
        t = self.tile
        return ((t, t + 1, t + 2), (t,) * 3, (t,) * 4, (t, t), (t, t + 3, t + 6))[self.kind]

    def text(self) -> str:
        """The set in notation: a called meld in ``[...]``, a concealed kong in ``(...)``.

        >>> McrSet(CHOW, 0).text(), McrSet(KONG, 27).text(), McrSet(PUNG, 9, called=True).text()
        ('123m', '(1111z)', '[111p]')
        """
        suit = KIND_NAMES[self.tile][1]
        digits = "".join(KIND_NAMES[k][0] for k in self.kinds)
        if self.kind == KONG and not self.called:
            return f"({digits}{suit})"
        return f"[{digits}{suit}]" if self.called else f"{digits}{suit}"


@dataclass(frozen=True, slots=True)
class McrReading:
    """One reading and interpretation of a winning hand (see the module docstring).

    ``sets`` holds the melds then the pair (regular, knitted straight: the three knitted
    thirds first), the seven pairs, or nothing (thirteen orphans, honors-and-knitted);
    ``win_set`` indexes the set the winning tile completed (None when the form has no
    sets or the tile completed the knitted straight); ``wait`` is "edge", "closed",
    "single" or None — the shape only: the wait fans also need a one-kind wait.
    """

    form: str
    sets: tuple[McrSet, ...]
    win_set: int | None
    wait: str | None
    win_kind: int

    def text(self) -> str:
        """The reading in words and notation, e.g. ``'regular: 123m 456p ...'``."""
        if not self.sets:
            return self.form.replace("_", " ")
        return f"{self.form.replace('_', ' ')}: " + " ".join(s.text() for s in self.sets)


def _call_set(call: Call) -> McrSet:
    if call.type is CallType.CHI:
        return McrSet(CHOW, call.kind, called=True, concealed=False)
    if call.type is CallType.PON:
        return McrSet(PUNG, call.kind, called=True, concealed=False)
    closed = call.type is CallType.CLOSED_KAN
    return McrSet(KONG, call.kind, called=not closed, concealed=closed)


@lru_cache(maxsize=1 << 16)
def _concealed_splits(counts: tuple[int, ...]) -> tuple[tuple[McrSet, ...], ...]:
    """Every split of concealed counts into sets and exactly one pair (pair last)."""
    per_block: list[tuple[tuple[tuple[Group, ...], Group | None], ...]] = []
    pairs = 0
    for block, offset in _BLOCKS:
        pattern = counts[offset : offset + (7 if block == "honor" else 9)]
        n = sum(pattern)
        if n == 0:
            per_block.append((((), None),))
            continue
        if n % 3 == 1:
            return ()
        pairs += n % 3 == 2
        splits = block_splits(block, bytes(pattern), offset)
        if not splits:
            return ()
        per_block.append(splits)
    if pairs != 1:
        return ()
    out: list[tuple[McrSet, ...]] = []
    for combo in itertools.product(*per_block):
        sets: list[McrSet] = []
        pair = None
        for groups, p in combo:
            sets.extend(McrSet(CHOW if g.kind is GroupKind.RUN else PUNG, g.tile) for g in groups)
            pair = p if p is not None else pair
        assert pair is not None
        out.append((*sets, McrSet(PAIR, pair.tile)))
    return tuple(out)


def _wait_shape(s: McrSet, win: int) -> str | None:
    if s.kind == PAIR:
        return "single"
    if s.kind != CHOW:
        return None
    position = win - s.tile
    if position == 1:
        return "closed"
    number = s.tile % 9 + 1
    if (position == 0 and number == 7) or (position == 2 and number == 1):
        return "edge"
    return None


def _interpret(
    form: str, sets: tuple[McrSet, ...], win: int, self_drawn: bool, first: int
) -> list[McrReading]:
    """One reading per distinct concealed set (from index ``first``) holding the winning tile."""
    out = []
    seen = set()
    for i in range(first, len(sets)):
        s = sets[i]
        if s.called or (s.kind == KONG) or win not in s.kinds or (s.kind, s.tile) in seen:
            continue
        seen.add((s.kind, s.tile))
        chosen = sets
        if s.kind == PUNG and not self_drawn:
            chosen = (*sets[:i], McrSet(PUNG, s.tile, concealed=False), *sets[i + 1 :])
        out.append(McrReading(form, chosen, i, _wait_shape(s, win), win))
    return out


def _knit_of(kinds: Sequence[int]) -> tuple[int, ...] | None:
    """The knitted straight holding every suited kind of ``kinds``, or None."""
    suited = {k for k in kinds if k < 27}
    for pattern in KNIT_PATTERNS:
        if suited <= set(pattern):
            return pattern
    return None


def _special(counts: Sequence[int], win: int) -> list[McrReading]:
    """Readings of a closed hand in the forms without four sets and a pair."""
    out: list[McrReading] = []
    kinds = [k for k in range(34) if counts[k]]
    if all(c in (0, 2, 4) for c in counts):
        pairs = tuple(McrSet(PAIR, k) for k in kinds for _ in range(counts[k] // 2))
        shifted = (
            len(kinds) == 7
            and kinds[-1] - kinds[0] == 6
            and kinds[-1] < 27
            and kinds[0] // 9 == kinds[-1] // 9
        )
        form = "seven_shifted_pairs" if shifted and max(counts) == 2 else "seven_pairs"
        index = next(i for i, p in enumerate(pairs) if p.tile == win)
        out.append(McrReading(form, pairs, index, "single", win))
    if len(kinds) == 13 and set(kinds) == YAOCHU:
        out.append(McrReading("thirteen_orphans", (), None, None, win))
    if len(kinds) == 14 and _knit_of(kinds) is not None:
        honors = sum(1 for k in kinds if k >= 27)
        form = "greater_honors_knitted" if honors == 7 else "lesser_honors_knitted"
        out.append(McrReading(form, (), None, None, win))
    return out


def _knitted(
    counts: Sequence[int], calls: tuple[McrSet, ...], win: int, self_drawn: bool, knit_wait_rule: bool
) -> list[McrReading]:
    """Readings as a knitted straight plus one set and a pair; with ``knit_wait_rule`` a
    winning tile that can complete the knitted straight gives no wait (2006)."""
    out: list[McrReading] = []
    if len(calls) > 1:
        return out
    for pattern in KNIT_PATTERNS:
        if any(counts[k] == 0 for k in pattern):
            continue
        rest = list(counts)
        for k in pattern:
            rest[k] -= 1
        knits = tuple(McrSet(KNIT, pattern[i]) for i in range(3))
        for split in _concealed_splits(tuple(rest)):
            sets = (*knits, *calls, *split)
            if win in pattern:
                out.append(McrReading("knitted_straight", sets, None, None, win))
                if knit_wait_rule:  # no wait fan at all
                    continue
            out.extend(_interpret("knitted_straight", sets, win, self_drawn, 3 + len(calls)))
    return out


def readings(
    concealed: Sequence[int], calls: Sequence[Call], win: int, self_drawn: bool, knit_wait_rule: bool = True
) -> list[McrReading]:
    """Every reading and interpretation of a winning hand (empty if it is not a win).

    ``concealed`` holds 34 counts with the winning tile ``win`` among them;
    ``knit_wait_rule`` (2006, default) gives no wait when the winning tile can complete a
    knitted straight.

    >>> from riichi_lut.core.hand import Hand
    >>> h = Hand("11123m456p789s555z")
    >>> [(r.text(), r.wait) for r in readings(h.concealed, h.calls, 2, False)]
    [('regular: 123m 456p 789s 555z 11m', 'edge')]
    """
    counts = tuple(concealed)
    call_sets = tuple(_call_set(c) for c in calls)
    out: list[McrReading] = []
    for split in _concealed_splits(counts):
        out.extend(_interpret("regular", (*call_sets, *split), win, self_drawn, len(call_sets)))
    if not calls:
        out.extend(_special(counts, win))
    out.extend(_knitted(counts, call_sets, win, self_drawn, knit_wait_rule))
    return out


def _regular_complete(counts: Sequence[int]) -> bool:
    """Whether concealed counts split into sets and exactly one pair (no splits built)."""
    pairs = 0
    for block, offset in _BLOCKS:
        pattern = counts[offset : offset + (7 if block == "honor" else 9)]
        n = sum(pattern)
        if n == 0:
            continue
        if n % 3 == 1:
            return False
        pairs += n % 3 == 2
        if pairs > 1 or not block_splits(block, bytes(pattern), offset):
            return False
    return pairs == 1


def is_complete(concealed: Sequence[int], n_calls: int) -> bool:
    """Whether concealed counts with ``n_calls`` calls form a complete hand in any form.

    >>> is_complete([2] * 7 + [0] * 27, 0), is_complete([1] * 14 + [0] * 20, 0)
    (True, False)
    """
    counts = tuple(concealed)
    if _regular_complete(counts):
        return True
    kinds = sum(1 for c in counts if c)
    maybe_special = n_calls == 0 and (kinds in (7, 13, 14) or all(c in (0, 2, 4) for c in counts))
    if maybe_special and _special(counts, next(k for k in range(34) if counts[k])):
        return True
    if n_calls > 1 or kinds < 8:
        return False
    for pattern in KNIT_PATTERNS:
        if all(counts[k] for k in pattern):
            rest = list(counts)
            for k in pattern:
                rest[k] -= 1
            if _regular_complete(rest):
                return True
    return False


def _candidates(counts: Sequence[int], n_calls: int) -> range | list[int]:
    """Kinds that may complete a 13-tile hand: all 34 for a closed hand of many kinds (the
    knitted forms and thirteen orphans take tiles far from the others), else the held
    kinds and their neighbours within two in the suit."""
    held = [k for k in range(34) if counts[k]]
    if n_calls <= 1 and len(held) >= 8:  # a knitted straight may lack a far tile
        return range(34)
    near = set()
    for k in held:
        if k >= 27:
            near.add(k)
            continue
        base = k - k % 9
        near.update(j for j in range(max(base, k - 2), min(base + 9, k + 3)))
    return sorted(near)


def _block_state(block: str, pattern: Sequence[int], offset: int) -> int:
    """0: empty or sets only, 1: sets and the pair, -1: not complete."""
    n = sum(pattern)
    if n == 0:
        return 0
    if n % 3 == 1 or not block_splits(block, bytes(pattern), offset):
        return -1
    return int(n % 3 == 2)


def _regular_waits(counts: list[int], candidates: Sequence[int]) -> set[int]:
    """Kinds among ``candidates`` that complete ``counts`` in the regular form: only the
    block of the added tile changes, the others are read once."""
    states = [
        _block_state(block, counts[offset : offset + (7 if block == "honor" else 9)], offset)
        for block, offset in _BLOCKS
    ]
    out = set()
    for k in candidates:
        b = 3 if k >= 27 else k // 9
        others = [st for i, st in enumerate(states) if i != b]
        if -1 in others or sum(others) > 1:
            continue
        block, offset = _BLOCKS[b]
        pattern = counts[offset : offset + (7 if block == "honor" else 9)]
        if pattern[k - offset] == 4:
            if _fifth_copy_completes(block, pattern, k - offset, offset, sum(others)):
                out.add(k)
            continue
        pattern[k - offset] += 1
        state = _block_state(block, pattern, offset)
        if state != -1 and state + sum(others) == 1:
            out.add(k)
    return out


def _fifth_copy_completes(
    block: str, pattern: list[int], digit: int, offset: int, pairs_elsewhere: int
) -> bool:
    """Whether a fifth copy of a kind held four times completes the block (a formal wait:
    the tables stop at four copies). Five copies in four sets and a pair hold a pung of the
    kind or its pair (runs alone hold it at most four times), so take one out and read the
    rest: with the pung out the block keeps its pair duty, with the pair out it must hold
    sets only."""
    with_pung_out = list(pattern)
    with_pung_out[digit] = 2
    state = _block_state(block, with_pung_out, offset)
    if state != -1 and state + pairs_elsewhere == 1:
        return True
    with_pair_out = list(pattern)
    with_pair_out[digit] = 3
    return pairs_elsewhere == 0 and _block_state(block, with_pair_out, offset) == 0


def _may_be_knitted_or_orphans(counts: Sequence[int], n_calls: int) -> bool:
    """A 13-tile hand one tile from thirteen orphans, honors-and-knitted or a knitted
    straight: eight of a knitted straight's nine kinds, or (closed) only terminals and
    honors, or thirteen single tiles."""
    if n_calls > 1:
        return False
    if any(sum(1 for k in pattern if counts[k]) >= 8 for pattern in KNIT_PATTERNS):
        return True
    held = [k for k in range(34) if counts[k]]
    return n_calls == 0 and (set(held) <= YAOCHU or (len(held) == 13 and max(counts) == 1))


def waits(concealed: Sequence[int], calls: Sequence[Call]) -> frozenset[int]:
    """The tile kinds that formally complete a 13-tile hand's shape: the hand's *formal*
    waits, which decide the wait fans. A kind whose four copies are already in the hand or
    its melds counts (the Mahjong International League's interpretation: 手牌在形式上听多种牌
    （包括已经使用4张的牌）时，不计边张、嵌张、单钓将; ``docs/mcr.md``), so
    ``33p45667s [8888s] (6666z)`` formally waits on 5s and 8s and scores no Closed Wait.

    >>> from riichi_lut.core.hand import Hand
    >>> sorted(waits(Hand("1112345678999m").concealed, ()))  # Nine Gates: all nine
    [0, 1, 2, 3, 4, 5, 6, 7, 8]
    """
    counts = list(concealed)
    candidates = _candidates(counts, len(calls))
    out = _regular_waits(counts, candidates)
    odd = [k for k in range(34) if counts[k] % 2]
    if not calls and len(odd) == 1:  # seven pairs (a quad is two pairs)
        out.add(odd[0])
    if _may_be_knitted_or_orphans(counts, len(calls)):
        for k in candidates:
            if k in out or counts[k] == 4:  # these forms hold a kind at most twice
                continue
            counts[k] += 1
            if is_complete(counts, len(calls)):
                out.add(k)
            counts[k] -= 1
    return frozenset(out)
