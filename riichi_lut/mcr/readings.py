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
(:func:`riichi_lut.analysis.readings.block_splits`), read once per block pattern (a suit's
nine counts or the seven honor counts) and kept with the pattern's state and the kinds
that complete it; the other forms are fixed patterns. :func:`waits` finds every form's
completing kinds from those block facts and the kinds mask, without trying each kind.
Rules: the seed text on Chinese Official rules (``docs/mcr.md``, "Readings").
"""

from __future__ import annotations

import itertools
from collections.abc import Sequence
from dataclasses import dataclass
from functools import lru_cache

from ..analysis.readings import GroupKind, block_splits
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
_YAOCHU_MASK = sum(1 << k for k in YAOCHU)
_BLOCKS = (("suit", 0, 9), ("suit", 9, 18), ("suit", 18, 27), ("honor", 27, 34))
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
_KNIT_MASKS = tuple(sum(1 << k for k in pattern) for pattern in KNIT_PATTERNS)
_SUITED_MASK = (1 << 27) - 1
_HONOR_MASK = ((1 << 34) - 1) & ~_SUITED_MASK


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
        key = (self.kind, self.tile, self.called)
        text = _TEXTS.get(key)
        if text is None:
            suit = KIND_NAMES[self.tile][1]
            digits = "".join(KIND_NAMES[k][0] for k in self.kinds)
            if self.kind == KONG and not self.called:
                text = f"({digits}{suit})"
            else:
                text = f"[{digits}{suit}]" if self.called else f"{digits}{suit}"
            _TEXTS[key] = text
        return text


_TEXTS: dict[tuple[int, int, bool], str] = {}
# the concealed sets, one object per kind and tile, shared by every reading
_SETS = tuple(tuple(McrSet(kind, tile) for tile in range(34)) for kind in range(5))
_DISCARD_PUNGS = tuple(McrSet(PUNG, tile, concealed=False) for tile in range(34))


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
        return f"{self.form.replace('_', ' ')}: " + " ".join([s.text() for s in self.sets])


def call_set(call: Call) -> McrSet:
    """The set of a called meld (a concealed kong is a concealed, uncalled kong).

    >>> call_set(Call("[555p]")), call_set(Call("(1111z)")).concealed
    (McrSet(kind=1, tile=13, called=True, concealed=False), True)
    """
    if call.type is CallType.CHI:
        return McrSet(CHOW, call.kind, called=True, concealed=False)
    if call.type is CallType.PON:
        return McrSet(PUNG, call.kind, called=True, concealed=False)
    closed = call.type is CallType.CLOSED_KAN
    return McrSet(KONG, call.kind, called=not closed, concealed=closed)


# --- blocks: one suit's nine counts or the seven honor counts -------------------------

_Split = tuple[tuple[McrSet, ...], McrSet | None]
_Block = tuple[int, tuple[_Split, ...], int]
_EMPTY: _Block = (0, (((), None),), 0)


@lru_cache(maxsize=1 << 16)
def _block(b: int, pattern: tuple[int, ...]) -> _Block:
    """The state of block ``b`` holding ``pattern`` (0: empty or sets only, 1: sets and
    the pair, -1: not complete), its splits into sets (pair apart) and its kinds mask."""
    name, low, _ = _BLOCKS[b]
    mask = 0
    for i, c in enumerate(pattern):
        if c:
            mask |= 1 << (low + i)
    n = sum(pattern)
    if n == 0:
        return _EMPTY
    splits = () if n % 3 == 1 else block_splits(name, bytes(pattern), low)
    if not splits:
        return (-1, (), mask)
    out = tuple(
        (
            tuple(_SETS[CHOW if g.kind is GroupKind.RUN else PUNG][g.tile] for g in groups),
            None if p is None else _SETS[PAIR][p.tile],
        )
        for groups, p in splits
    )
    return (int(n % 3 == 2), out, mask)


def _blocks(counts: tuple[int, ...]) -> tuple[_Block, _Block, _Block, _Block]:
    return (_block(0, counts[0:9]), _block(1, counts[9:18]), _block(2, counts[18:27]), _block(3, counts[27:]))


@lru_cache(maxsize=1 << 16)
def _adds(b: int, pattern: tuple[int, ...]) -> tuple[tuple[int, int], ...]:
    """(kind, state) for each kind whose addition leaves block ``b`` complete."""
    low = _BLOCKS[b][1]
    out = []
    for j, c in enumerate(pattern):
        if c < 4:
            state = _block(b, (*pattern[:j], c + 1, *pattern[j + 1 :]))[0]
            if state >= 0:
                out.append((low + j, state))
    return tuple(out)


@lru_cache(maxsize=1 << 16)
def _fifth_copies(b: int, pattern: tuple[int, ...]) -> tuple[tuple[int, int], ...]:
    """(kind, state) for each kind held four times in block ``b`` whose fifth copy would
    formally complete it (a formal wait: the tables stop at four copies). Five copies in
    sets and a pair hold a pung of the kind or its pair (runs alone hold it at most four
    times), so one is taken out and the rest read: with the pung out the block keeps its
    state, with the pair out it must hold sets only (the state is then 1, the pair's)."""
    low = _BLOCKS[b][1]
    out = []
    for j, c in enumerate(pattern):
        if c == 4:
            pung_out = _block(b, (*pattern[:j], 2, *pattern[j + 1 :]))[0]
            if pung_out >= 0:
                out.append((low + j, pung_out))
            if _block(b, (*pattern[:j], 3, *pattern[j + 1 :]))[0] == 0:
                out.append((low + j, 1))
    return tuple(out)


def _splits(blocks: Sequence[_Block]) -> list[tuple[McrSet, ...]]:
    """Every split of the concealed tiles into sets and exactly one pair (pair last)."""
    pairs = 0
    for state, _, _ in blocks:
        if state < 0:
            return []
        pairs += state
    if pairs != 1:
        return []
    out: list[tuple[McrSet, ...]] = []
    for combo in itertools.product(*(splits for _, splits, _ in blocks)):
        sets: list[McrSet] = []
        pair = None
        for groups, p in combo:
            sets.extend(groups)
            if p is not None:
                pair = p
        assert pair is not None
        sets.append(pair)
        out.append(tuple(sets))
    return out


def _mask(blocks: Sequence[_Block]) -> int:
    return blocks[0][2] | blocks[1][2] | blocks[2][2] | blocks[3][2]


# --- readings -------------------------------------------------------------------------


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


def _holds(s: McrSet, win: int) -> bool:
    """The set is concealed, not a kong, and holds the winning tile."""
    if s.called or s.kind == KONG:
        return False
    if s.kind == CHOW:
        return 0 <= win - s.tile <= 2
    return win == s.tile if s.kind != KNIT else win in s.kinds


def _interpret(
    form: str, sets: tuple[McrSet, ...], win: int, self_drawn: bool, first: int
) -> list[McrReading]:
    """One reading per distinct concealed set (from index ``first``) holding the winning tile."""
    out = []
    seen = set()
    for i in range(first, len(sets)):
        s = sets[i]
        if not 0 <= win - s.tile <= 6 or not _holds(s, win) or (s.kind, s.tile) in seen:
            continue  # (a set holds only kinds from its tile to six above it)
        seen.add((s.kind, s.tile))
        chosen = sets
        if s.kind == PUNG and not self_drawn:
            chosen = (*sets[:i], _DISCARD_PUNGS[s.tile], *sets[i + 1 :])
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
        pairs = tuple(_SETS[PAIR][k] for k in kinds for _ in range(counts[k] // 2))
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
    counts: Sequence[int],
    mask: int,
    calls: tuple[McrSet, ...],
    win: int,
    self_drawn: bool,
    knit_wait_rule: bool,
) -> list[McrReading]:
    """Readings as a knitted straight plus one set and a pair; with ``knit_wait_rule`` a
    winning tile that can complete the knitted straight gives no wait (2006)."""
    out: list[McrReading] = []
    if len(calls) > 1:
        return out
    for pattern, pattern_mask in zip(KNIT_PATTERNS, _KNIT_MASKS, strict=True):
        if mask & pattern_mask != pattern_mask:
            continue
        knits = (_SETS[KNIT][pattern[0]], _SETS[KNIT][pattern[1]], _SETS[KNIT][pattern[2]])
        for split in _splits(_blocks(_without(counts, pattern))):
            sets = (*knits, *calls, *split)
            if win in pattern:
                out.append(McrReading("knitted_straight", sets, None, None, win))
                if knit_wait_rule:  # no wait fan at all
                    continue
            out.extend(_interpret("knitted_straight", sets, win, self_drawn, 3 + len(calls)))
    return out


def read_sets(
    counts: tuple[int, ...], calls: tuple[McrSet, ...], win: int, self_drawn: bool, knit_wait_rule: bool
) -> list[McrReading]:
    """:func:`readings` of 34 concealed counts (a tuple) and the calls' sets (:func:`call_set`)."""
    blocks = _blocks(counts)
    out: list[McrReading] = []
    first = len(calls)
    for split in _splits(blocks):
        out.extend(_interpret("regular", (*calls, *split), win, self_drawn, first))
    mask = _mask(blocks)
    if not calls:
        kinds = mask.bit_count()
        if kinds <= 7 or kinds >= 13:  # seven pairs hold at most seven kinds
            out.extend(_special(counts, win))
    if first <= 1 and mask.bit_count() >= 9 and any(mask & m == m for m in _KNIT_MASKS):
        out.extend(_knitted(counts, mask, calls, win, self_drawn, knit_wait_rule))
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
    call_sets = tuple(call_set(c) for c in calls)
    return read_sets(tuple(concealed), call_sets, win, self_drawn, knit_wait_rule)


def _regular_complete(blocks: Sequence[_Block]) -> bool:
    """Whether the blocks split into sets and exactly one pair (no splits built)."""
    pairs = 0
    for state, _, _ in blocks:
        if state < 0:
            return False
        pairs += state
    return pairs == 1


def is_complete(concealed: Sequence[int], n_calls: int) -> bool:
    """Whether concealed counts with ``n_calls`` calls form a complete hand in any form.

    >>> is_complete([2] * 7 + [0] * 27, 0), is_complete([1] * 14 + [0] * 20, 0)
    (True, False)
    """
    counts = tuple(concealed)
    blocks = _blocks(counts)
    if _regular_complete(blocks):
        return True
    mask = _mask(blocks)
    kinds = mask.bit_count()
    maybe_special = n_calls == 0 and (kinds in (7, 13, 14) or all(c in (0, 2, 4) for c in counts))
    if maybe_special and _special(counts, next(k for k in range(34) if counts[k])):
        return True
    if n_calls > 1 or kinds < 8:
        return False
    return any(
        mask & pattern_mask == pattern_mask and _regular_complete(_blocks(_without(counts, pattern)))
        for pattern, pattern_mask in zip(KNIT_PATTERNS, _KNIT_MASKS, strict=True)
    )


# --- waits ----------------------------------------------------------------------------


def _regular_waits(counts: tuple[int, ...], blocks: Sequence[_Block], formal: bool = True) -> list[int]:
    """Kinds that complete ``counts`` in the regular form: only the block of the added
    tile changes, so a block incomplete alone takes the tile, or (every block complete,
    two of them with a pair) either pair block does; ``formal``: a fifth copy of a kind
    held four times too."""
    states = [b[0] for b in blocks]
    broken = [b for b in range(4) if states[b] < 0]
    if len(broken) > 1:
        return []
    pairs = sum(s for s in states if s > 0)
    out: list[int] = []
    for b in broken or range(4):
        others = pairs - max(states[b], 0)
        if others > 1:
            continue
        low, high = _BLOCKS[b][1], _BLOCKS[b][2]
        pattern = counts[low:high]
        out.extend(k for k, state in _adds(b, pattern) if state + others == 1)
        if formal and 4 in pattern:
            out.extend(k for k, state in _fifth_copies(b, pattern) if state + others == 1)
    return out


def _without(counts: Sequence[int], kinds: Sequence[int]) -> tuple[int, ...]:
    return tuple(c - (k in kinds) for k, c in enumerate(counts))


def _knitted_waits(counts: tuple[int, ...], mask: int) -> list[int]:
    """Kinds completing a knitted straight + a set + a pair: the rest's regular waits when
    the nine kinds are held, the missing kind when eight are and the rest is complete."""
    out: list[int] = []
    for pattern, pattern_mask in zip(KNIT_PATTERNS, _KNIT_MASKS, strict=True):
        held = mask & pattern_mask
        if held == pattern_mask:
            rest = _without(counts, pattern)
            out.extend(k for k in _regular_waits(rest, _blocks(rest), False) if counts[k] < 4)
        elif held.bit_count() == 8:
            missing = (pattern_mask & ~held).bit_length() - 1
            if _regular_complete(_blocks(_without(counts, [k for k in pattern if k != missing]))):
                out.append(missing)
    return out


def _closed_special_waits(mask: int) -> list[int]:
    """Kinds completing thirteen orphans (thirteen kinds of terminals and honors, one
    twice) or honors-and-knitted (fourteen single kinds: honors and one knitted
    straight's kinds) from a closed 13-tile hand's kinds ``mask``."""
    out: list[int] = []
    if not mask & ~_YAOCHU_MASK:
        out.extend(k for k in YAOCHU if mask | 1 << k == _YAOCHU_MASK)
    if mask.bit_count() == 13:  # thirteen single tiles
        for pattern_mask in _KNIT_MASKS:
            if not mask & _SUITED_MASK & ~pattern_mask:
                free = (pattern_mask | _HONOR_MASK) & ~mask
                out.extend(k for k in range(34) if free >> k & 1)
    return out


def wait_kinds(counts: tuple[int, ...], n_calls: int) -> frozenset[int]:
    """:func:`waits` of 34 concealed counts (a tuple) and the number of calls: every
    form's completing kinds found directly, without trying each kind."""
    blocks = _blocks(counts)
    found = _regular_waits(counts, blocks)
    mask = _mask(blocks)
    if not n_calls:
        if mask.bit_count() <= 7:  # seven pairs (a quad is two pairs): one kind held oddly
            odd = [k for k in range(34) if counts[k] % 2]
            if len(odd) == 1:
                found.append(odd[0])
        found.extend(_closed_special_waits(mask))
    if n_calls <= 1 and mask.bit_count() >= 8:
        found.extend(_knitted_waits(counts, mask))
    return frozenset(found)


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
    return wait_kinds(tuple(concealed), len(calls))
