"""Which yaku an open hand can still reach, and how far each is (for the review's calls,
:mod:`riichi_lut.coach.review_turns`).

**What "reachable" means.** A *completion* of a hand is its calls kept as they are and a
concealed part of ``4 - calls`` sets of three (runs or triplets) and a pair, made of
the concealed tiles and tiles still to be drawn, with at most as many copies of each
kind as the seat holds plus the copies it cannot see (every river, the other seats'
calls, the dora indicators and its own calls are seen). A yaku is *reachable* when some
completion has a reading on which the yaku's condition holds
(:data:`riichi_lut.riichi.yaku.ROWS`, won by tsumo, before a yakuman or a higher yaku of
the same family drops it); its ``shanten`` is the fewest concealed tiles to replace to
reach such a completion, minus one (the standard replacement number: tenpai 0), with
the tiles the hand holds now — the same count as :func:`riichi_lut.shanten_value` on the
hand, restricted to the completions that have the yaku.

Only the yaku of the tiles are searched: the yaku of the moment (haitei, houtei,
rinshan, chankan) and dora are not yaku of the hand. A kan still to be declared is not
searched (a set of three stands for it), so sankantsu and suukantsu count the kans
already called. Kuikae (the discard a call forbids this turn) is not modelled. Sanankou
counts a win by tsumo (a ron on the third triplet's tile opens it).

**How.** Each yaku is a data row (:class:`Target`): the sets and pairs it allows
(tanyao: simples only; honitsu: one suit and honours; toitoi: no runs …), the sets it
requires (yakuhai: a triplet of that honour; sanshoku: three runs, one per alternative
number; ittsu: three runs of a suit …) and what the whole hand must hold (a run, an
honour, a suit tile, three concealed triplets, called kans). The required sets are taken
out first (a call can be one: a chi of 123m is a run of ittsu); then an exact dynamic
programme over each suit and the honours gives the most tiles kept for each count of
runs, triplets and pair, capped by the live copies, and the four blocks are joined.

>>> found = reachable_yaku("234m 456p 3388s 5z [678s]")
>>> [(r.yaku, r.shanten) for r in found][:3]
[('tanyao', 0), ('yakuhai_haku', 1), ('yakuhai_hatsu', 2)]
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from functools import lru_cache
from typing import Any

from ..core.calls import CallType
from ..core.hand import Hand, as_hand
from ..core.players import wall_copies
from ..core.tiles import NUM_KINDS, TERMINALS_AND_HONORS, WIND_KINDS
from ..core.visible import VisibleLike, visible_counts
from ..core.winds import WIND_LETTERS
from ..errors import InvalidArgumentError
from ..riichi.context import GREEN
from ..riichi.rules import TENHOU, RuleSet
from ..riichi.yaku import YAKU

__all__ = ["Reachable", "Target", "reachable_yaku", "targets"]

RUN, TRIPLET = 0, 1
SetKey = tuple[int, int]  # (RUN or TRIPLET, lowest kind)
_BLOCKS = ((0, 9), (9, 18), (18, 27), (27, 34))
_HONOURS = frozenset(range(27, 34))
_YAOCHU = frozenset(TERMINALS_AND_HONORS)
_TERMINALS = _YAOCHU - _HONOURS
_ALL = frozenset(range(NUM_KINDS))
_RUN_STARTS = frozenset(b + n for b in (0, 9, 18) for n in range(7))
_DRAGONS = (31, 32, 33)
_WINDS = (27, 28, 29, 30)
_NO_SET: tuple[tuple[tuple[SetKey, ...], int | None], ...] = (((), None),)


@dataclass(frozen=True)
class Target:
    """One way to a yaku: the runs (by lowest kind), triplets and pairs a completion may
    use, the alternatives of sets (and a pair) it must hold, and what the whole hand
    must hold (``run``, ``honour``, ``suit`` tile; ``concealed_triplets`` counting closed
    kans; exactly ``kans`` called kans when given)."""

    yaku: str
    runs: frozenset[int] = _RUN_STARTS
    triplets: frozenset[int] = _ALL
    pairs: frozenset[int] = _ALL
    required: tuple[tuple[tuple[SetKey, ...], int | None], ...] = _NO_SET
    run: bool = False
    honour: bool = False
    suit: bool = False
    concealed_triplets: int = 0
    kans: int | None = None


@dataclass(frozen=True)
class Reachable:
    """A yaku some completion of the hand has (:data:`riichi_lut.riichi.yaku.YAKU` id and
    name), and the hand's shanten towards the nearest such completion."""

    yaku: str
    name: str
    shanten: int

    def to_dict(self) -> dict[str, Any]:
        """For JSON."""
        return {"yaku": self.yaku, "name": self.name, "shanten": self.shanten}


def _suit(base: int) -> frozenset[int]:
    return frozenset(range(base, base + 9))


def _outside(kinds: frozenset[int]) -> dict[str, Any]:
    """Every group holds a terminal (or honour): runs 123 and 789, such sets and pairs."""
    starts = frozenset(k for k in _RUN_STARTS if k in kinds or k + 2 in kinds)
    return {"runs": starts, "triplets": kinds, "pairs": kinds}


def _only(kinds: frozenset[int]) -> dict[str, Any]:
    """Every tile among ``kinds``."""
    starts = frozenset(k for k in _RUN_STARTS if {k, k + 1, k + 2} <= kinds)
    return {"runs": starts, "triplets": kinds, "pairs": kinds}


def _sets(*kinds: int) -> tuple[SetKey, ...]:
    return tuple((TRIPLET, k) for k in kinds)


@lru_cache(maxsize=64)
def targets(seat_wind: int, round_wind: int, kuitan: bool = True) -> tuple[Target, ...]:
    """The rows searched for a seat (wind kinds 27-30), in the order they are reported
    when equally far: a yaku with several rows (honitsu in each suit) is as near as its
    nearest row."""
    simples = _ALL - _YAOCHU
    rows = [Target("tanyao", **_only(simples))] if kuitan else []
    rows += [
        Target(name, required=((_sets(kind), None),))
        for name, kind in (
            ("yakuhai_haku", 31),
            ("yakuhai_hatsu", 32),
            ("yakuhai_chun", 33),
            ("yakuhai_seat", seat_wind),
            ("yakuhai_round", round_wind),
        )
    ]
    rows += [
        Target("toitoi", runs=frozenset()),
        Target("sanankou", concealed_triplets=3),
        Target("sankantsu", kans=3),
        Target(
            "sanshoku_doujun",
            required=tuple((((RUN, n), (RUN, 9 + n), (RUN, 18 + n)), None) for n in range(7)),
        ),
        Target("sanshoku_doukou", required=tuple((_sets(n, 9 + n, 18 + n), None) for n in range(9))),
        Target("ittsu", required=tuple((((RUN, b), (RUN, b + 3), (RUN, b + 6)), None) for b in (0, 9, 18))),
        Target("chanta", **_outside(_YAOCHU), run=True, honour=True),
        Target("junchan", **_outside(_TERMINALS), run=True),
        Target("honroutou", runs=frozenset(), triplets=_YAOCHU, pairs=_YAOCHU, honour=True, suit=True),
        Target(
            "shousangen",
            required=tuple((_sets(*(d for d in _DRAGONS if d != pair)), pair) for pair in _DRAGONS),
        ),
    ]
    rows += [Target("honitsu", **_only(_suit(b) | _HONOURS), honour=True, suit=True) for b in (0, 9, 18)]
    rows += [Target("chinitsu", **_only(_suit(b))) for b in (0, 9, 18)]
    rows += [
        Target("daisangen", required=((_sets(*_DRAGONS), None),)),
        Target(
            "shousuushii", required=tuple((_sets(*(w for w in _WINDS if w != pair)), pair) for pair in _WINDS)
        ),
        Target("daisuushii", required=((_sets(*_WINDS), None),)),
        Target("tsuuiisou", **_only(_HONOURS)),
        Target("chinroutou", runs=frozenset(), triplets=_TERMINALS, pairs=_TERMINALS),
        Target("ryuuiisou", **_only(GREEN)),
        Target("suukantsu", kans=4),
    ]
    return tuple(rows)


# ---------------------------------------------------------------- the search


@lru_cache(maxsize=1 << 15)
def _block(
    held: tuple[int, ...],
    caps: tuple[int, ...],
    runs: frozenset[int],
    triplets: frozenset[int],
    pairs: frozenset[int],
    sets: int,
    pair: int,
) -> tuple[tuple[int, int, int, int], ...]:
    """One block (local kinds 0..n-1): ``(runs, triplets, pairs, most tiles kept)`` for
    each count of groups the block can hold within ``caps`` (at most ``sets`` sets and
    ``pair`` pairs). Runs start only where ``runs`` allows (never past the block)."""
    states: dict[tuple[int, int, int, int, int], int] = {(0, 0, 0, 0, 0): 0}
    for i, (h, cap) in enumerate(zip(held, caps, strict=True)):
        new: dict[tuple[int, int, int, int, int], int] = {}
        for (x, y, q, t, p), kept in states.items():
            for dt in (0, 1) if i in triplets and q + t < sets else (0,):
                for dp in (0, 1) if i in pairs and p < pair else (0,):
                    used0 = x + y + 3 * dt + 2 * dp
                    if used0 > cap:
                        continue
                    most = min(sets - q - t - dt, cap - used0) if i in runs else 0
                    for s in range(most + 1):
                        key = (y, s, q + s, t + dt, p + dp)
                        value = kept + min(h, used0 + s)
                        if new.get(key, -1) < value:
                            new[key] = value
        states = new
    best: dict[tuple[int, int, int], int] = {}
    for (x, y, q, t, p), kept in states.items():
        if x == 0 and y == 0 and best.get((q, t, p), -1) < kept:
            best[(q, t, p)] = kept
    return tuple((q, t, p, kept) for (q, t, p), kept in best.items())


def _local(kinds: frozenset[int], lo: int, hi: int) -> frozenset[int]:
    return frozenset(k - lo for k in kinds if lo <= k < hi)


def _rest(held: list[int], caps: list[int], row: Target, sets: int, pair: int) -> dict[tuple[int, ...], int]:
    """(runs, triplets, honour used, suit used) -> most tiles kept, over completions of
    exactly ``sets`` sets and ``pair`` pairs from the row's groups."""
    acc: dict[tuple[int, int, int, bool, bool], int] = {(0, 0, 0, False, False): 0}
    for index, (lo, hi) in enumerate(_BLOCKS):
        table = _block(
            tuple(held[lo:hi]),
            tuple(caps[lo:hi]),
            _local(row.runs, lo, hi),
            _local(row.triplets, lo, hi),
            _local(row.pairs, lo, hi),
            sets,
            pair,
        )
        new: dict[tuple[int, int, int, bool, bool], int] = {}
        for (q0, t0, p0, honour, suit), kept0 in acc.items():
            for q, t, p, kept in table:
                if q0 + q + t0 + t > sets or p0 + p > pair:
                    continue
                used = q + t + p > 0
                key = (q0 + q, t0 + t, p0 + p, honour or (used and index == 3), suit or (used and index < 3))
                if new.get(key, -1) < kept0 + kept:
                    new[key] = kept0 + kept
        acc = new
    return {(q, t, h, s): kept for (q, t, p, h, s), kept in acc.items() if q + t == sets and p == pair}


def _call_set(call_type: CallType, kind: int) -> SetKey:
    return (RUN, kind) if call_type is CallType.CHI else (TRIPLET, kind)


def _allowed(row: Target, key: SetKey) -> bool:
    return key[1] in (row.runs if key[0] == RUN else row.triplets)


def _kinds_of(key: SetKey) -> tuple[int, ...]:
    return (key[1], key[1] + 1, key[1] + 2) if key[0] == RUN else (key[1],) * 3


def _take(
    required: tuple[SetKey, ...], pair: int | None, keys: list[SetKey], held: list[int], caps: list[int]
) -> tuple[list[SetKey], list[int], list[int], int] | None:
    """The required sets no call stands for (concealed), and the hand and caps without
    them and ``pair``, with the tiles of the hand they keep (None: beyond the caps)."""
    free = list(keys)
    concealed = []
    for key in required:
        if key in free:
            free.remove(key)
        else:
            concealed.append(key)
    h, c = list(held), list(caps)
    kept = 0
    groups = [_kinds_of(key) for key in concealed] + ([(pair, pair)] if pair is not None else [])
    for kinds in groups:
        for k in kinds:
            c[k] -= 1
            if h[k]:
                h[k] -= 1
                kept += 1
    return None if min(c) < 0 else (concealed, h, c, kept)


def _distance(row: Target, held: list[int], caps: list[int], calls: list[tuple[SetKey, bool]]) -> int | None:
    """The fewest tiles to replace to reach a completion of ``row`` (None: none exists).
    ``calls``: each call's set and whether it is a closed kan."""
    keys = [key for key, _ in calls]
    if not all(_allowed(row, key) for key in keys):
        return None
    sets = 4 - len(calls)
    best: int | None = None
    for required, pair in row.required:
        taken = _take(required, pair, keys, held, caps)
        if taken is None or len(taken[0]) > sets:
            continue
        concealed, h, c, kept = taken
        groups = keys + list(required)
        every = [k for key in groups for k in _kinds_of(key)] + ([] if pair is None else [pair])
        runs = any(key[0] == RUN for key in groups)
        honour, suit = any(k in _HONOURS for k in every), any(k not in _HONOURS for k in every)
        closed = sum(closed_kan for _, closed_kan in calls) + sum(key[0] == TRIPLET for key in concealed)
        rest = _rest(h, c, row, sets - len(concealed), 0 if pair is not None else 1)
        for (q, t, h_used, s_used), more in rest.items():
            meets = (
                (runs or q or not row.run)
                and (honour or h_used or not row.honour)
                and (suit or s_used or not row.suit)
                and closed + t >= row.concealed_triplets
            )
            if meets and (best is None or 3 * sets + 2 - kept - more < best):
                best = 3 * sets + 2 - kept - more
    return best


def _wind(value: object, name: str) -> int:
    if isinstance(value, str) and value in WIND_LETTERS:
        return WIND_KINDS[WIND_LETTERS.index(value)]
    raise InvalidArgumentError.about(name, f"must be one of E, S, W, N, got {value!r}")


def reachable_yaku(
    hand: Hand | str,
    *,
    visible: VisibleLike = None,
    seat_wind: str = "E",
    round_wind: str = "E",
    rules: RuleSet = TENHOU,
) -> tuple[Reachable, ...]:
    """The yaku an open ``hand`` (with at least one open call; 13 or 14 tiles counting a
    call as three) can still reach, nearest first (see the module docstring): copies
    capped by ``visible`` (the tiles seen outside the hand and its calls), the winds
    as ``"E"`` … ``"N"``, tanyao only where ``rules.kuitan``.

    >>> [(r.yaku, r.shanten) for r in reachable_yaku("1199m 5z [111p] [999s] [789m]")][:3]
    [('junchan', 0), ('yakuhai_haku', 1), ('chanta', 1)]
    >>> reachable_yaku("5m [789s] [123p] [999m] [456p]")
    ()
    """
    hand = as_hand(hand)
    if hand.is_closed:
        raise InvalidArgumentError.about(
            "hand", "must hold an open call: a closed hand can always reach riichi or menzen tsumo"
        )
    if not isinstance(rules, RuleSet):
        raise InvalidArgumentError.about("rules", f"must be a RuleSet, got {type(rules).__name__}")
    seat, round_ = _wind(seat_wind, "seat_wind"), _wind(round_wind, "round_wind")
    total = [0] * NUM_KINDS
    for k, n in enumerate(hand.concealed):
        total[k] += n
    for call in hand.calls:
        for tile_kind in call_kinds(call.type, call.kind):
            total[tile_kind] += 1
    seen = visible_counts(visible, total)
    copies = wall_copies(rules.players)
    held = list(hand.concealed)
    caps = [max(h, copies[k] - seen[k] - total[k] + h) for k, h in enumerate(held)]
    calls = [(_call_set(c.type, c.kind), c.type is CallType.CLOSED_KAN) for c in hand.calls]
    kans = sum(c.type is not CallType.CHI and c.type is not CallType.PON for c in hand.calls)
    found: dict[str, int] = {}
    for row in targets(seat, round_, rules.kuitan):
        if row.kans is not None and kans != row.kans:
            continue
        distance = _distance(row, held, caps, calls)
        if distance is not None and distance - 1 < found.get(row.yaku, 99):
            found[row.yaku] = distance - 1
    order = list(dict.fromkeys(row.yaku for row in targets(seat, round_, rules.kuitan)))
    ranked = sorted(found, key=lambda y: (found[y], order.index(y)))
    return tuple(Reachable(y, YAKU[y].name, found[y]) for y in ranked)


def call_kinds(call_type: CallType, kind: int) -> Iterable[int]:
    """The kinds a call holds (a kan four)."""
    if call_type is CallType.CHI:
        return (kind, kind + 1, kind + 2)
    return (kind,) * (3 if call_type is CallType.PON else 4)
