"""What the fan predicates read: the facts of one hand (tiles, win) and of one reading.

:class:`HandFacts` is computed once per scored hand (tile counts, the kinds as a 34-bit
mask, suits, the win facts, the one-kind wait); :class:`Facts` once per reading and
interpretation (its chows, pungs, kongs, concealed pungs, pair, the wait fan it may score,
and its chow-combination fans from :func:`riichi_lut.mcr.combine.chow_fans`). Both are
plain slotted objects: the predicates of :mod:`riichi_lut.mcr.fans` are one-line reads of
their fields. Each also sums up, as the bits of ``features``, what a fan row needs before
its predicate can count anything (:mod:`riichi_lut.mcr.features`): the rows whose needs a
reading lacks are not asked (:mod:`riichi_lut.mcr.evaluate`).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from ..core.calls import Call
from .combine import chow_fan_counts, chow_fans
from .features import (
    DRAGON_MASK,
    HONORS,
    KNIT_MASKS,
    SUIT_MASKS,
    WIND_MASK,
    feature_mask,
    hand_features,
    reading_features,
)
from .readings import CHOW, KNIT, KONG, PAIR, PUNG, YAOCHU, McrReading, McrSet, call_set, wait_kinds
from .rules import McrRules
from .win import Win

__all__ = ["Facts", "HandFacts"]

_CHOW_KEYS = tuple((t // 9, t % 9) for t in range(27))
_KNITTED_TILES = feature_mask(["knitted_tiles"])
_HELD = b"01111" + bytes(251)  # a count 0..4 as the digit of its bit
_QUAD = b"00001" + bytes(251)


class HandFacts:
    """Facts of the whole hand: 34 total counts (calls and kongs included), the kinds as
    a mask, suits, honors, the win, the rules, and (lazily) the kinds the hand waited
    on. ``call_sets`` and ``totals`` may be given when the caller has them (the sets of
    :func:`~riichi_lut.mcr.readings.call_set`, the counts with the calls' tiles)."""

    __slots__ = (
        "_waits",
        "call_sets",
        "calls",
        "closed",
        "concealed",
        "counts",
        "edition",
        "features",
        "hand_fans",
        "has_dragons",
        "has_winds",
        "last_tile",
        "mask",
        "nine_gates",
        "quads",
        "rules",
        "suit_count",
        "win",
        "win_kind",
    )

    def __init__(
        self,
        concealed: Sequence[int],
        calls: Sequence[Call],
        win_kind: int,
        win: Win,
        rules: McrRules,
        *,
        call_sets: tuple[McrSet, ...] | None = None,
        totals: Sequence[int] | None = None,
    ) -> None:
        sets = tuple(call_set(c) for c in calls) if call_sets is None else call_sets
        if totals is None:
            counts = list(concealed)
            for s in sets:
                for k in s.kinds:
                    counts[k] += 1
            totals = counts
        self.counts = tuple(totals)
        self.concealed = tuple(concealed)
        mask = self.mask = int(bytes(self.counts).translate(_HELD)[::-1], 2)  # bit k: kind k held
        self.suit_count = (mask & 0x1FF > 0) + (mask & 0x1FF << 9 > 0) + (mask & 0x1FF << 18 > 0)
        self.has_winds = bool(mask & WIND_MASK)
        self.has_dragons = bool(mask & DRAGON_MASK)
        self.calls = tuple(calls)
        self.call_sets = sets
        self.closed = not any(s.called for s in sets)
        self.win = win
        self.rules = rules
        self.edition = rules.edition
        self.win_kind = win_kind
        # 和绝张: also when the hand's own melds show the other three copies
        self.last_tile = win.last_tile or (concealed[win_kind] == 1 and self.counts[win_kind] == 4)
        self.nine_gates = (
            not sets
            and self.suit_count == 1
            and not mask & HONORS
            and self._pre_win_suit() == [3, 1, 1, 1, 1, 1, 1, 1, 3]
        )
        self._waits: frozenset[int] | None = None
        self.hand_fans: dict[int, int] | None = None  # filled by riichi_lut.mcr.evaluate
        self.quads = int(bytes(self.counts).translate(_QUAD)[::-1], 2) if 4 in self.counts else 0
        self.features = hand_features(
            mask,
            win,
            closed=self.closed,
            four_calls=len(sets) == 4 and all(s.called for s in sets),
            nine_gates=self.nine_gates,
            last_tile=self.last_tile,
        )

    def _pre_win_suit(self) -> list[int]:
        suit = next(i for i, m in enumerate(SUIT_MASKS) if self.mask & m)
        pre = list(self.concealed[9 * suit : 9 * suit + 9])
        if 9 * suit <= self.win_kind < 9 * suit + 9:
            pre[self.win_kind - 9 * suit] -= 1
        return pre

    @property
    def seat_kind(self) -> int:
        """The tile kind of the seat wind."""
        return self.win.seat_kind

    @property
    def prevalent_kind(self) -> int:
        """The tile kind of the prevalent wind."""
        return self.win.prevalent_kind

    @property
    def kinds(self) -> frozenset[int]:
        """The kinds the hand holds (calls included)."""
        return frozenset(k for k in range(34) if self.mask >> k & 1)

    @property
    def suits(self) -> frozenset[int]:
        """The suits (0 m, 1 p, 2 s) the hand holds."""
        return frozenset(i for i, m in enumerate(SUIT_MASKS) if self.mask & m)

    @property
    def pre_win(self) -> tuple[int, ...]:
        """The concealed counts before the winning tile."""
        pre = list(self.concealed)
        pre[self.win_kind] -= 1
        return tuple(pre)

    @property
    def one_kind_wait(self) -> bool:
        """The hand waited on the winning tile's kind alone (the wait fans need it)."""
        if self._waits is None:
            self._waits = wait_kinds(self.pre_win, len(self.call_sets))
        return self._waits == frozenset((self.win_kind,))


class Facts:
    """Facts of one reading and interpretation (see the module docstring)."""

    __slots__ = (
        "_chow_uses",
        "chow_fans",
        "chows",
        "concealed_kongs",
        "concealed_pungs",
        "features",
        "form",
        "h",
        "kong_mask",
        "kongs",
        "melded_kongs",
        "open_melds",
        "pair",
        "pung_mask",
        "pungs",
        "reading",
        "sets",
        "wait",
    )

    def __init__(self, hand: HandFacts, reading: McrReading) -> None:
        self.h = hand
        self.reading = reading
        form = self.form = reading.form
        sets = self.sets = reading.sets
        chows: list[int] = []
        pungs: list[int] = []
        pair = None
        pung_mask = kong_mask = concealed_kongs = concealed_pungs = open_melds = 0
        for s in sets:
            kind = s.kind
            if s.called:
                open_melds += 1
            if kind == CHOW:
                chows.append(s.tile)
            elif kind in (PUNG, KONG):
                pungs.append(s.tile)
                pung_mask |= 1 << s.tile
                concealed_pungs += s.concealed
                if kind == KONG:
                    kong_mask |= 1 << s.tile
                    concealed_kongs += s.concealed
            elif kind == PAIR and pair is None:
                pair = s.tile
        self.pair = pair if form in {"regular", "knitted_straight"} else None
        chows.sort()
        self.chows = tuple(map(_CHOW_KEYS.__getitem__, chows))
        self.pungs = tuple(pungs)
        self.pung_mask = pung_mask
        self.kong_mask = kong_mask
        self.kongs = kong_mask.bit_count()
        self.concealed_kongs = concealed_kongs
        self.melded_kongs = self.kongs - concealed_kongs
        self.concealed_pungs = concealed_pungs
        self.open_melds = open_melds
        self.wait = reading.wait if reading.wait and hand.one_kind_wait else None
        self.chow_fans: Mapping[int, int] = chow_fan_counts(self.chows) if len(chows) >= 2 else {}
        self._chow_uses: dict[int, list[tuple[tuple[int, int], ...]]] | None = None
        self.features = hand.features | reading_features(
            form,
            pung_mask,
            kong_mask,
            concealed_pungs,
            concealed_kongs,
            len(chows),
            self.chow_fans,
            self.wait,
            hand.quads,
        )
        if form == "lesser_honors_knitted" and any(hand.mask & m == m for m in KNIT_MASKS):
            self.features |= _KNITTED_TILES

    @property
    def chow_uses(self) -> dict[int, list[tuple[tuple[int, int], ...]]]:
        """Fan number -> the chows of each use of a chow-combination fan."""
        if self._chow_uses is None:
            self._chow_uses = chow_fans(self.chows)[1] if len(self.chows) >= 2 else {}
        return self._chow_uses

    # --- small reads the predicates share
    def pung_count(self, test: object) -> int:
        """How many pungs/kongs have a tile in the collection ``test``."""
        return sum(1 for t in self.pungs if t in test)  # type: ignore[operator, misc]

    def pungs_in(self, mask: int) -> int:
        """How many pungs/kongs have a tile in ``mask`` (a reading has one set per kind)."""
        return (self.pung_mask & mask).bit_count()

    def all_sets(self, test: object) -> bool:
        """Every set and the pair (regular form) holds a kind of ``test``."""
        return self.form == "regular" and all(any(k in test for k in s.kinds) for s in self.sets)  # type: ignore[operator]

    def sets_text(self, kinds: tuple[int, ...]) -> tuple[str, ...]:
        """Notation of the melds whose kind is in ``kinds``."""
        return tuple(s.text() for s in self.sets if s.kind in kinds)


def is_yaochu_set(s: McrSet) -> bool:
    """The set holds a terminal or an honor."""
    return any(k in YAOCHU for k in s.kinds) and s.kind != KNIT
