"""The fans one reading scores, after the principles, and the best reading of a hand.

:func:`evaluate` counts every fan row on one reading (:mod:`riichi_lut.mcr.fans`), applies
the edition's kong rules, drops the implied fans (non-repeat), and adds Chicken Hand when
nothing else scores; :func:`best_reading` keeps the highest total over every reading and
interpretation (the highest-reading principle). The chow principles live in
:mod:`riichi_lut.mcr.combine`. Sources: ``docs/mcr.md`` ("Combination principles").
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from operator import mul

from .combine import CHOW_FAN_POINTS
from .facts import Facts, HandFacts
from .fans import DRAGONS, FANS, HAND_LEVEL, WINDS
from .features import feature_mask
from .readings import CHOW, KNIT, KONG, PAIR, PUNG, YAOCHU, McrReading

__all__ = [
    "MIXED_KONGS",
    "MIXED_KONG_POINTS",
    "Line",
    "Scored",
    "best_lines",
    "best_reading",
    "evaluate",
    "implied_closure",
    "total_of",
    "uses",
]

# One melded and one concealed kong (明暗杠): a sub-case of Two Melded Kongs, scored in place
# of Melded Kong + Concealed Kong, 5 points in 1998 and 6 in 2006 (docs/mcr.md, Editions).
MIXED_KONGS = (57, "明暗杠", "Concealed Kong and Melded Kong")
MIXED_KONG_POINTS = {"1998": 5, "2006": 6}
"""The 1998 rule text of Two Melded Kongs: one melded and one concealed kong score 5
together (number of the row whose text holds the rule, Chinese, English, points)."""


def implied_closure(edition: str) -> dict[int, frozenset[int]]:
    """Fan number -> every fan it implies in ``edition``, transitively (for checks: scoring
    uses the direct lists, in fan order, so that a fan implied away implies nothing).

    >>> sorted(implied_closure("2006")[1])
    [9, 38, 48, 60, 61, 73]
    """
    direct = {f.number: set(f.implies_in(edition)) for f in FANS}
    closure: dict[int, frozenset[int]] = {}
    for number, implied in direct.items():
        seen: set[int] = set()
        stack = list(implied)
        while stack:
            m = stack.pop()
            if m not in seen:
                seen.add(m)
                stack.extend(direct[m])
        closure[number] = frozenset(seen)
    return closure


_Rows = tuple[tuple[int, Callable[[Facts], int]], ...]
_HAND_ROWS = tuple((f.number, f.count, feature_mask(f.needs)) for f in FANS if f.number in HAND_LEVEL)
_READING_ROWS = tuple((f.number, f.count, feature_mask(f.needs)) for f in FANS if f.number not in HAND_LEVEL)
_HAND_ROWS_FOR: dict[int, _Rows] = {}
_READING_ROWS_FOR: dict[int, _Rows] = {}


def _rows_for(
    features: int, rows: tuple[tuple[int, Callable[[Facts], int], int], ...], known: dict[int, _Rows]
) -> _Rows:
    """The rows (number, predicate) whose needs are all among ``features``."""
    found = known.get(features)
    if found is None:
        found = tuple((number, count) for number, count, needs in rows if not needs & ~features)
        if len(known) < 1 << 14:
            known[features] = found
    return found


def _hand_fans(f: Facts) -> dict[int, int]:
    """The hand-level fans of ``f``'s hand, counted on its first reading and kept."""
    cached = f.h.hand_fans
    if cached is None:
        rows = _rows_for(f.h.features, _HAND_ROWS, _HAND_ROWS_FOR)
        cached = {number: c for number, count in rows if (c := count(f))}
        f.h.hand_fans = cached
    return cached


_IMPLIES = {edition: {f.number: f.implies_in(edition) for f in FANS} for edition in ("2006", "1998")}
_IMPLIED_MASKS = {
    edition: (0, *(sum(1 << n for n in f.implies_in(edition)) for f in FANS)) for edition in ("2006", "1998")
}
_FLOWERS_ONLY = {81}
_POINTS = {edition: {f.number: f.points_in(edition) for f in FANS} for edition in ("2006", "1998")}


@dataclass(frozen=True, slots=True)
class Scored:
    """One fan line of a reading: number, count, points per use (the sets it used:
    :func:`uses`, for the chosen reading only)."""

    number: int
    count: int
    points: int
    mixed_kongs: bool = False


def _chow_uses(f: Facts, number: int) -> tuple[str, ...]:
    return tuple(" ".join(f"{n + 1}{n + 2}{n + 3}{'mps'[s]}" for s, n in use) for use in f.chow_uses[number])


def _pungs_of(kinds: object) -> Callable[[Facts], tuple[str, ...]]:
    def pick(f: Facts) -> tuple[str, ...]:
        wanted = kinds(f) if callable(kinds) else kinds
        return tuple(s.text() for s in f.sets if s.kind in (PUNG, KONG) and s.tile in wanted)  # type: ignore[operator]

    return pick


def _win_set(f: Facts) -> tuple[str, ...]:
    return () if f.reading.win_set is None else (f.sets[f.reading.win_set].text(),)


_ALL = frozenset(range(34))
_USES: dict[int, Callable[[Facts], tuple[str, ...]]] = {
    **dict.fromkeys((1, 9, 38), _pungs_of(WINDS)),
    **dict.fromkeys((2, 10, 54, 59), _pungs_of(DRAGONS)),
    60: _pungs_of(lambda f: {f.h.win.prevalent_kind}),
    61: _pungs_of(lambda f: {f.h.win.seat_kind}),
    73: _pungs_of(YAOCHU),
    **dict.fromkeys((5, 17, 53, 57, 67, 74), lambda f: f.sets_text((KONG,))),
    **dict.fromkeys((12, 15, 24, 32, 33, 42, 48, 65, 66), _pungs_of(_ALL)),
    63: lambda f: f.sets_text((CHOW, KNIT, PAIR)),
    **dict.fromkeys((77, 78, 79), _win_set),
}


def uses(f: Facts, number: int) -> tuple[str, ...]:
    """The sets fan ``number`` used in the reading of ``f``, in notation (empty: the
    whole hand or the win)."""
    if number in CHOW_FAN_POINTS and number in f.chow_uses:
        return _chow_uses(f, number)
    use = _USES.get(number)
    return use(f) if use else ()


def _kept(f: Facts) -> tuple[dict[int, int], bool]:
    """The fans of one reading (number -> count) after the edition's kong rules and
    non-repeat, and whether its kongs are one melded and one concealed (明暗杠)."""
    edition = f.h.edition
    hand_fans = f.h.hand_fans
    raw = dict(_hand_fans(f) if hand_fans is None else hand_fans)
    for number, count in _rows_for(f.features, _READING_ROWS, _READING_ROWS_FOR):
        c = count(f)
        if c:
            raw[number] = c
    mixed = f.kongs == 2 and f.concealed_kongs == 1
    if mixed:
        raw.pop(67, None)
        raw.pop(74, None)
    if edition == "1998":
        if f.kongs >= 3:  # one fan of the kong series and one of the concealed-pung series
            raw.pop(67, None)
            raw.pop(53, None)
        if 4 in raw and 73 in raw:  # Nine Gates: one Pung of Terminals is part of it
            raw[73] -= 1
            if not raw[73]:
                del raw[73]
    implied = _IMPLIED_MASKS[edition]
    dropped = 0
    for number in sorted(raw):  # a fan that is itself implied implies nothing
        if not dropped >> number & 1:
            dropped |= implied[number]
    kept = {n: c for n, c in raw.items() if not dropped >> n & 1}
    if not mixed and kept.keys() <= _FLOWERS_ONLY:
        kept[43] = 1
    return kept, mixed


def _total(kept: dict[int, int], mixed: bool, edition: str) -> int:
    total: int = sum(map(mul, map(_POINTS[edition].__getitem__, kept), kept.values()))
    return total + MIXED_KONG_POINTS[edition] if mixed else total


Line = tuple[int, int, int, bool]
"""A fan line as plain values: number, count, points per use, and whether it is the
one-melded-one-concealed-kong line (明暗杠)."""


def _lines(kept: dict[int, int], mixed: bool, edition: str) -> list[Line]:
    points = _POINTS[edition]
    out = [(n, kept[n], points[n], False) for n in sorted(kept)]
    if mixed:
        out.append((MIXED_KONGS[0], 1, MIXED_KONG_POINTS[edition], True))
        out.sort(key=lambda line: line[0])
    return out


def evaluate(f: Facts) -> list[Scored]:
    """The fans of one reading after the edition's kong rules and non-repeat."""
    return [Scored(*line) for line in _lines(*_kept(f), f.h.edition)]


def total_of(lines: Sequence[Scored], flowers: bool = True) -> int:
    """The points of fan lines (Flower Tiles left out with ``flowers=False``)."""
    return sum(s.points * s.count for s in lines if flowers or s.number != 81)


_Key = tuple[str, tuple[tuple[int, int, bool], ...]]


def _key(reading: McrReading) -> _Key:
    """What tells readings apart in the alternatives: the form and the sets."""
    return (reading.form, tuple((s.kind, s.tile, s.called) for s in reading.sets))


def best_reading(
    hand: HandFacts, readings: Sequence[McrReading]
) -> tuple[Facts, list[Scored], list[tuple[str, int]]]:
    """The reading with the highest total, its fan lines, and the best total of every
    other reading (text, total), highest first."""
    facts, lines, alternatives = best_lines(hand, readings)
    return facts, [Scored(*line) for line in lines], alternatives


def best_lines(
    hand: HandFacts, readings: Sequence[McrReading]
) -> tuple[Facts, list[Line], list[tuple[str, int]]]:
    """:func:`best_reading` with the fan lines as plain :data:`Line` values."""
    edition = hand.edition
    best: tuple[Facts, dict[int, int], bool] | None = None
    best_total = -1
    others: dict[_Key, int] = {}
    texts: dict[_Key, McrReading] = {}
    several = len(readings) > 1
    for reading in readings:
        facts = Facts(hand, reading)
        kept, mixed = _kept(facts)
        total = _total(kept, mixed, edition)
        if several:
            key = _key(reading)
            if total > others.get(key, -1):
                others[key] = total
                texts[key] = reading
        if total > best_total:
            best, best_total = (facts, kept, mixed), total
    assert best is not None
    alternatives: list[tuple[str, int]] = []
    if several:
        chosen = _key(best[0].reading)
        alternatives = sorted(
            ((texts[k].text(), v) for k, v in others.items() if k != chosen), key=lambda tv: -tv[1]
        )
    return best[0], _lines(best[1], best[2], edition), alternatives
