"""Every way to read a winning hand: groups, the group the winning tile completed, the wait.

A *reading* is a split of the 14 tiles (calls included) into four melds and a pair — or
seven pairs, or thirteen orphans — together with which concealed group the winning tile
completed, which fixes the wait (両面 ryanmen, 嵌張 kanchan, 辺張 penchan, 双碰 shanpon,
単騎 tanki). Scoring evaluates every reading and keeps the best one.

Splits of the concealed part come from the decomposition tables (every complete block
pattern with all its splits, ``docs/tables.md``): the blocks' splits are combined so that
the hand has exactly one pair and ``4 - calls`` melds. No search.
"""

from __future__ import annotations

import enum
import itertools
from dataclasses import dataclass
from functools import cached_property, lru_cache

import numpy as np

from ..core.calls import CallType
from ..core.hand import Hand
from ..core.tiles import KIND_NAMES, TERMINALS_AND_HONORS, number_of
from ..lut import loader

YAOCHU = frozenset(TERMINALS_AND_HONORS)
BLOCKS = (("suit", 0, 9), ("suit", 9, 18), ("suit", 18, 27), ("honor", 27, 34))


class GroupKind(str, enum.Enum):
    RUN = "run"
    TRIPLET = "triplet"
    KAN = "kan"
    PAIR = "pair"


class Wait(str, enum.Enum):
    RYANMEN = "ryanmen"  # two-sided: 23 waiting 1/4
    KANCHAN = "kanchan"  # closed: 13 waiting 2
    PENCHAN = "penchan"  # edge: 12 waiting 3, 89 waiting 7
    SHANPON = "shanpon"  # dual pon: 11 + 22 waiting 1/2
    TANKI = "tanki"  # single: waiting on the pair
    KOKUSHI = "kokushi"  # thirteen orphans, single wait
    KOKUSHI_13 = "kokushi_13"  # thirteen orphans, thirteen-sided wait


@dataclass(frozen=True, slots=True)
class Group:
    """A meld or pair: its kind, lowest tile kind, and whether it came from a call
    (``called``; a closed kan is a call that keeps the hand closed)."""

    kind: GroupKind
    tile: int
    called: bool = False
    closed_kan: bool = False

    @property
    def kinds(self) -> tuple[int, ...]:
        if self.kind is GroupKind.RUN:
            return (self.tile, self.tile + 1, self.tile + 2)
        size = {GroupKind.TRIPLET: 3, GroupKind.KAN: 4, GroupKind.PAIR: 2}[self.kind]
        return (self.tile,) * size

    @property
    def is_open(self) -> bool:
        """Called from another player (a closed kan is not open)."""
        return self.called and not self.closed_kan

    @property
    def is_set(self) -> bool:
        """A triplet or a kan (刻子/槓子)."""
        return self.kind in (GroupKind.TRIPLET, GroupKind.KAN)

    @property
    def has_terminal_or_honor(self) -> bool:
        return any(k in YAOCHU for k in self.kinds)

    @property
    def simples_only(self) -> bool:
        return not self.has_terminal_or_honor

    def text(self) -> str:
        """The group in notation, calls in brackets, a closed kan in parentheses."""
        suit = KIND_NAMES[self.tile][1]
        digits = "".join(KIND_NAMES[k][0] for k in self.kinds)
        if self.closed_kan:
            return f"({digits}{suit})"
        return f"[{digits}{suit}]" if self.called else f"{digits}{suit}"


@dataclass(frozen=True)
class Reading:
    """One reading of a winning hand (see the module docstring). ``groups`` holds the
    melds then the pair (standard), the seven pairs (chiitoitsu) or nothing (kokushi);
    ``win_group`` indexes the group completed by the winning tile."""

    form: str
    groups: tuple[Group, ...]
    win_group: int | None
    wait: Wait
    win_kind: int

    @cached_property
    def melds(self) -> tuple[Group, ...]:
        return tuple(g for g in self.groups if g.kind is not GroupKind.PAIR)

    @cached_property
    def runs(self) -> tuple[Group, ...]:
        return tuple(g for g in self.groups if g.kind is GroupKind.RUN)

    @cached_property
    def sets(self) -> tuple[Group, ...]:
        """Triplets and kans."""
        return tuple(g for g in self.groups if g.kind is GroupKind.TRIPLET or g.kind is GroupKind.KAN)

    @cached_property
    def pair(self) -> Group | None:
        pairs = [g for g in self.groups if g.kind is GroupKind.PAIR]
        return pairs[0] if self.form == "standard" and pairs else None

    def text(self) -> str:
        if self.form == "kokushi":
            return "thirteen orphans"
        return " ".join(g.text() for g in self.groups)


# --------------------------------------------------------------------------- tables


def _decode(code: int, offset: int) -> tuple[tuple[Group, ...], Group | None]:
    melds = []
    for slot in range(4):
        meld = (code >> (5 * slot)) & 31
        if meld == 31:
            continue
        if meld < 9:
            melds.append(Group(GroupKind.TRIPLET, offset + meld))
        else:
            melds.append(Group(GroupKind.RUN, offset + meld - 9))
    pair = (code >> 20) & 15
    return tuple(melds), (None if pair == 15 else Group(GroupKind.PAIR, offset + pair))


@lru_cache(maxsize=65536)
def block_splits(
    block: str, pattern: bytes, offset: int
) -> tuple[tuple[tuple[Group, ...], Group | None], ...]:
    """Every split of one block's counts (empty tuple when the block is not complete)."""
    t = loader.tables()
    index = sum(c * 5**i for i, c in enumerate(pattern))
    complete = t[f"{block}_complete"]
    i = int(np.searchsorted(complete, index))
    if i == len(complete) or complete[i] != index:
        return ()
    offsets = t[f"{block}_split_offsets"]
    codes = t[f"{block}_splits"][offsets[i] : offsets[i + 1]]
    return tuple(_decode(int(c), offset) for c in codes)


# --------------------------------------------------------------------------- readings


def call_groups(hand: Hand) -> tuple[Group, ...]:
    groups = []
    for call in hand.calls:
        if call.type is CallType.CHI:
            groups.append(Group(GroupKind.RUN, call.kind, called=True))
        elif call.type is CallType.PON:
            groups.append(Group(GroupKind.TRIPLET, call.kind, called=True))
        else:
            closed = call.type is CallType.CLOSED_KAN
            groups.append(Group(GroupKind.KAN, call.kind, called=True, closed_kan=closed))
    return tuple(groups)


def run_wait(run: Group, win_kind: int) -> Wait:
    """The wait a run was completed from by ``win_kind``."""
    position = win_kind - run.tile
    if position == 1:
        return Wait.KANCHAN
    first = number_of(run.tile)
    if position == 0:
        return Wait.PENCHAN if first == 7 else Wait.RYANMEN
    return Wait.PENCHAN if first == 1 else Wait.RYANMEN


def _wait_of(group: Group, win_kind: int) -> Wait:
    if group.kind is GroupKind.RUN:
        return run_wait(group, win_kind)
    return Wait.SHANPON if group.kind is GroupKind.TRIPLET else Wait.TANKI


def standard_readings(counts: list[int], calls: tuple[Group, ...], win_kind: int) -> list[Reading]:
    per_block = []
    for block, lo, hi in BLOCKS:
        options = block_splits(block, bytes(counts[lo:hi]), lo)
        if not options:
            return []
        per_block.append(options)
    readings: list[Reading] = []
    seen = set()
    for combo in itertools.product(*per_block):
        pairs = [pair for _, pair in combo if pair is not None]
        melds = [meld for block_melds, _ in combo for meld in block_melds]
        if len(pairs) != 1 or len(melds) + len(calls) != 4:
            continue
        groups = tuple(melds) + calls + (pairs[0],)
        for index, group in enumerate(groups):
            if group.called or win_kind not in group.kinds:
                continue
            key = (tuple(sorted((g.kind.value, g.tile, g.called) for g in groups)), group.kind, group.tile)
            if key in seen:
                continue
            seen.add(key)
            readings.append(Reading("standard", groups, index, _wait_of(group, win_kind), win_kind))
    return readings


def chiitoitsu_reading(counts: list[int], win_kind: int) -> Reading | None:
    if sorted(set(counts)) != [0, 2] or counts.count(2) != 7:
        return None
    groups = tuple(Group(GroupKind.PAIR, k) for k, c in enumerate(counts) if c == 2)
    index = next(i for i, g in enumerate(groups) if g.tile == win_kind)
    return Reading("chiitoitsu", groups, index, Wait.TANKI, win_kind)


def kokushi_reading(counts: list[int], win_kind: int) -> Reading | None:
    if any(counts[k] for k in range(34) if k not in YAOCHU) or not all(counts[k] for k in YAOCHU):
        return None
    thirteen = counts[win_kind] == 2  # before the win every orphan was held once
    return Reading("kokushi", (), None, Wait.KOKUSHI_13 if thirteen else Wait.KOKUSHI, win_kind)


def readings(hand: Hand, win_kind: int) -> list[Reading]:
    """Every reading of a complete 14-tile hand (calls included) won on ``win_kind``."""
    counts = list(hand.concealed)
    out = standard_readings(counts, call_groups(hand), win_kind)
    if not hand.calls:
        for special in (chiitoitsu_reading(counts, win_kind), kokushi_reading(counts, win_kind)):
            if special is not None:
                out.append(special)
    return out
