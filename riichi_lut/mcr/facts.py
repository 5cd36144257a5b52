"""What the fan predicates read: the facts of one hand (tiles, win) and of one reading.

:class:`HandFacts` is computed once per scored hand (tile counts, suits, the win facts,
the one-kind wait); :class:`Facts` once per reading and interpretation (its chows, pungs,
kongs, concealed pungs, pair, the wait fan it may score, and its chow-combination fans
from :func:`riichi_lut.mcr.combine.chow_fans`). Both are plain slotted objects: the
predicates of :mod:`riichi_lut.mcr.fans` are one-line reads of their fields.
"""

from __future__ import annotations

from collections.abc import Sequence

from ..core.calls import Call
from .combine import chow_fans
from .readings import CHOW, KNIT, KONG, PAIR, PUNG, YAOCHU, McrReading, McrSet, waits
from .rules import McrRules
from .win import Win

__all__ = ["Facts", "HandFacts"]


class HandFacts:
    """Facts of the whole hand: 34 total counts (calls and kongs included), suits,
    honors, the win, the rules, and (lazily) the kinds the hand waited on."""

    __slots__ = (
        "_waits",
        "calls",
        "closed",
        "counts",
        "edition",
        "hand_fans",
        "has_dragons",
        "has_winds",
        "kinds",
        "last_tile",
        "nine_gates",
        "pre_win",
        "rules",
        "suits",
        "win",
        "win_kind",
    )

    def __init__(
        self, concealed: Sequence[int], calls: Sequence[Call], win_kind: int, win: Win, rules: McrRules
    ) -> None:
        counts = list(concealed)
        for call in calls:
            for k in call.kinds:
                counts[k] += 1
        self.counts = tuple(counts)
        self.kinds = frozenset(k for k in range(34) if counts[k])
        self.suits = frozenset(k // 9 for k in self.kinds if k < 27)
        self.has_winds = any(27 <= k <= 30 for k in self.kinds)
        self.has_dragons = any(k >= 31 for k in self.kinds)
        self.calls = tuple(calls)
        self.closed = not any(c.is_open for c in calls)
        self.win = win
        self.rules = rules
        self.edition = rules.edition
        self.win_kind = win_kind
        # 和绝张: also when the hand's own melds show the other three copies
        self.last_tile = win.last_tile or (concealed[win_kind] == 1 and counts[win_kind] == 4)
        pre = list(concealed)
        pre[win_kind] -= 1
        self.pre_win = tuple(pre)
        self.nine_gates = (
            not calls
            and len(self.suits) == 1
            and not self.has_winds
            and not self.has_dragons
            and ([pre[9 * next(iter(self.suits)) + i] for i in range(9)] == [3, 1, 1, 1, 1, 1, 1, 1, 3])
        )
        self._waits: frozenset[int] | None = None
        self.hand_fans: dict[int, int] | None = None  # filled by riichi_lut.mcr.evaluate

    @property
    def one_kind_wait(self) -> bool:
        """The hand waited on the winning tile's kind alone (the wait fans need it)."""
        if self._waits is None:
            self._waits = waits(self.pre_win, self.calls)
        return self._waits == frozenset((self.win_kind,))


class Facts:
    """Facts of one reading and interpretation (see the module docstring)."""

    __slots__ = (
        "chow_fans",
        "chow_uses",
        "chows",
        "concealed_kongs",
        "concealed_pungs",
        "form",
        "h",
        "kongs",
        "melded_kongs",
        "open_melds",
        "pair",
        "pungs",
        "reading",
        "sets",
        "wait",
    )

    def __init__(self, hand: HandFacts, reading: McrReading) -> None:
        self.h = hand
        self.reading = reading
        self.form = reading.form
        sets = reading.sets
        self.sets = sets
        melds = [s for s in sets if s.kind != PAIR]
        if reading.form in ("regular", "knitted_straight"):
            pairs = [s.tile for s in sets if s.kind == PAIR]
            self.pair = pairs[0] if pairs else None
        else:
            self.pair = None
        chow_sets = [s for s in melds if s.kind == CHOW]
        self.chows = tuple(sorted((s.tile // 9, s.tile % 9) for s in chow_sets))
        self.pungs = tuple(s.tile for s in melds if s.kind in (PUNG, KONG))
        self.kongs = sum(1 for s in melds if s.kind == KONG)
        self.concealed_kongs = sum(1 for s in melds if s.kind == KONG and s.concealed)
        self.melded_kongs = self.kongs - self.concealed_kongs
        self.concealed_pungs = sum(1 for s in melds if s.kind in (PUNG, KONG) and s.concealed)
        self.open_melds = sum(1 for s in melds if s.called)
        self.wait = reading.wait if reading.wait and hand.one_kind_wait else None
        self.chow_fans, self.chow_uses = chow_fans(self.chows) if len(self.chows) >= 2 else ({}, {})

    # --- small reads the predicates share
    def pung_count(self, test: object) -> int:
        """How many pungs/kongs have a tile in the collection ``test``."""
        return sum(1 for t in self.pungs if t in test)  # type: ignore[operator, misc]

    def all_sets(self, test: object) -> bool:
        """Every set and the pair (regular form) holds a kind of ``test``."""
        return self.form == "regular" and all(any(k in test for k in s.kinds) for s in self.sets)  # type: ignore[operator]

    def sets_text(self, kinds: tuple[int, ...]) -> tuple[str, ...]:
        """Notation of the melds whose kind is in ``kinds``."""
        return tuple(s.text() for s in self.sets if s.kind in kinds)


def is_yaochu_set(s: McrSet) -> bool:
    """The set holds a terminal or an honor."""
    return any(k in YAOCHU for k in s.kinds) and s.kind != KNIT
