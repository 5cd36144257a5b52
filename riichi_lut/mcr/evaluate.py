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

from .facts import Facts, HandFacts
from .fans import DRAGONS, FANS, HAND_LEVEL, WINDS
from .readings import CHOW, KNIT, KONG, PAIR, PUNG, YAOCHU, McrReading

__all__ = [
    "MIXED_KONGS",
    "MIXED_KONG_POINTS",
    "Scored",
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


_HAND_ROWS = tuple(row for row in FANS if row.number in HAND_LEVEL)
_READING_ROWS = tuple(row for row in FANS if row.number not in HAND_LEVEL)


def _hand_fans(f: Facts) -> dict[int, int]:
    """The hand-level fans of ``f``'s hand, counted on its first reading and kept."""
    cached = f.h.hand_fans
    if cached is None:
        cached = {row.number: c for row in _HAND_ROWS if (c := row.count(f))}
        f.h.hand_fans = cached
    return cached


_IMPLIES = {edition: {f.number: f.implies_in(edition) for f in FANS} for edition in ("2006", "1998")}
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
    if number in f.chow_uses:
        return _chow_uses(f, number)
    use = _USES.get(number)
    return use(f) if use else ()


def evaluate(f: Facts) -> list[Scored]:
    """The fans of one reading after the edition's kong rules and non-repeat."""
    edition = f.h.edition
    raw = dict(_hand_fans(f))
    for row in _READING_ROWS:
        c = row.count(f)
        if c:
            raw[row.number] = c
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
    implies = _IMPLIES[edition]
    dropped: set[int] = set()
    for number in sorted(raw):  # a fan that is itself implied implies nothing
        if number not in dropped:
            dropped |= implies[number]
    kept = {n: c for n, c in raw.items() if n not in dropped}
    if not any(n != 81 for n in kept) and not mixed:
        kept[43] = 1
    points = _POINTS[edition]
    out = [Scored(n, kept[n], points[n]) for n in sorted(kept)]
    if mixed:
        out.append(Scored(MIXED_KONGS[0], 1, MIXED_KONG_POINTS[edition], mixed_kongs=True))
        out.sort(key=lambda s: s.number)
    return out


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
    best: tuple[Facts, list[Scored]] | None = None
    best_total = -1
    others: dict[_Key, int] = {}
    texts: dict[_Key, McrReading] = {}
    for reading in readings:
        facts = Facts(hand, reading)
        lines = evaluate(facts)
        total = total_of(lines)
        key = _key(reading)
        if total > others.get(key, -1):
            others[key] = total
            texts[key] = reading
        if total > best_total:
            best, best_total = (facts, lines), total
    assert best is not None
    chosen = _key(best[0].reading)
    alternatives = sorted(
        ((texts[k].text(), v) for k, v in others.items() if k != chosen), key=lambda tv: -tv[1]
    )
    return best[0], best[1], alternatives
