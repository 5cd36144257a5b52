"""Tests of riichi_lut.analysis.efficiency: ukeire, the discard ranking and their batch twins
against the brute force "add each of the 34 kinds and re-run shanten" (shanten_batch for
counts, the capped scalar shanten for hands with real calls), on seeded random hands."""

from __future__ import annotations

import numpy as np
import pytest

from riichi_lut import (
    Call,
    DiscardOption,
    Hand,
    Visible,
    best_discard_batch,
    hint,
    parse_hand,
    parse_tiles,
    rank_discards,
    shanten,
    shanten_batch,
    ukeire,
    ukeire_batch,
)
from riichi_lut.analysis.acceptance import NECESSARY, analyse
from riichi_lut.analysis.efficiency import BestDiscardBatch, UkeireBatch
from riichi_lut.core.tilemask import TileMask
from riichi_lut.errors import InvalidArgumentError, InvalidHandError

ORPHANS = np.array([0, 8, 9, 17, 18, 26, 27, 28, 29, 30, 31, 32, 33])
FORMS = ("standard", "chiitoitsu", "kokushi")
CALL_SIZES = {"chi": 1, "pon": 3, "open_kan": 4, "closed_kan": 4}  # copies of the call's kind


def kinds_of(text: str) -> list[int]:
    return sorted({code if code < 34 else (4, 13, 22)[code - 34] for code in parse_tiles(text)})


# --- seeded random hands ---------------------------------------------------------------


def deal(rng: np.random.Generator, n: int, size: int) -> np.ndarray:
    """(n, 34) uint8 counts of ``size`` tiles each, a third dealt from the whole wall, a
    third from one suit and two honors (low shanten, 3-4 held copies) and a third from
    the 13 orphans (kokushi and chiitoitsu shapes)."""
    pool = rng.integers(3, size=n)
    kinds = np.empty((n, size), dtype=np.int64)
    for which, wall in enumerate((np.arange(136) // 4, None, np.repeat(ORPHANS, 4))):
        rows = np.flatnonzero(pool == which)
        if wall is None:  # one suit and two honors, per row
            suit = rng.integers(3, size=(len(rows), 1)) * 9
            honors = 27 + np.argsort(rng.random((len(rows), 7)), axis=1)[:, :2]
            wall = np.repeat(np.concatenate([suit + np.arange(9), honors], axis=1), 4, axis=1)
        else:
            wall = np.broadcast_to(wall, (len(rows), len(wall)))
        order = np.argsort(rng.random(wall.shape), axis=1)[:, :size]
        kinds[rows] = np.take_along_axis(wall, order, axis=1)
    flat = (np.arange(n)[:, None] * 34 + kinds).ravel()
    return np.bincount(flat, minlength=n * 34).reshape(n, 34).astype(np.uint8)


def deal_with_calls(rng: np.random.Generator, per_calls: tuple[int, ...], extra: int) -> tuple:
    """Rows of ``13 + extra - 3k`` concealed tiles for ``per_calls[k]`` hands with k calls
    whose tiles are unknown (``melds=k``), shuffled together: (counts, melds)."""
    rows = np.concatenate([deal(rng, n, 13 + extra - 3 * k) for k, n in enumerate(per_calls)])
    melds = np.repeat(np.arange(len(per_calls)), per_calls)
    order = rng.permutation(len(rows))
    return rows[order], melds[order]


def visible_for(rng: np.random.Generator, own: np.ndarray, share: float = 0.5) -> np.ndarray:
    """Visible counts that keep own + visible <= 4, zero on about ``1 - share`` of rows."""
    seen = (rng.random(own.shape) * (5 - own.astype(np.int64))).astype(np.uint8)
    seen *= rng.random(own.shape) < 0.25
    seen[rng.random(len(own)) >= share] = 0
    return seen


def random_hand(rng: np.random.Generator, n_calls: int, extra: int = 0) -> Hand:
    """A Hand with ``n_calls`` real calls (chi, pon, open kan, closed kan) and
    ``13 + extra - 3 * n_calls`` concealed tiles, mostly from the calls' suit and two
    honors, so that call tiles often hold the kinds the hand waits on; a red five now
    and then."""
    focus = np.r_[rng.integers(3) * 9 + np.arange(9), 27 + rng.choice(7, 2, replace=False)]
    left = np.full(34, 4)
    calls = []
    while len(calls) < n_calls:
        name = str(rng.choice(list(CALL_SIZES)))
        kind = int(rng.choice(focus) if rng.random() < 0.8 else rng.integers(34))
        if name == "chi":
            if kind >= 27 or kind % 9 > 6 or not left[kind : kind + 3].all():
                continue
            left[kind : kind + 3] -= 1
        elif left[kind] < CALL_SIZES[name]:
            continue
        else:
            left[kind] -= CALL_SIZES[name]
        calls.append(getattr(Call, name)(kind))
    size = 13 + extra - 3 * n_calls
    pool = np.zeros(34, dtype=np.int64)
    pool[focus] = left[focus]
    if rng.random() < 0.3 or pool.sum() < size:
        pool = left
    tiles = rng.permutation(np.repeat(np.arange(34), pool))[:size]
    concealed = np.bincount(tiles, minlength=34)
    red = tuple(int(concealed[k] > 0 and rng.random() < 0.3) for k in (4, 13, 22))
    return Hand(tuple(concealed.tolist()), red, tuple(calls))


# --- brute force ---------------------------------------------------------------------


def brute_acceptance(rows: np.ndarray, melds: object, form: str = "all") -> tuple[np.ndarray, np.ndarray]:
    """(shanten, accepted (n, 34)): add one copy of each kind held fewer than 4 times and
    re-run shanten_batch; accepted where it drops."""
    base = shanten_batch(rows, melds, form=form)
    accepted = np.zeros(rows.shape, dtype=bool)
    for kind in range(34):
        room = np.flatnonzero(rows[:, kind] < 4)
        grown = rows[room]
        grown[:, kind] += 1
        part = melds if np.ndim(melds) == 0 else np.asarray(melds)[room]
        accepted[room, kind] = shanten_batch(grown, part, form=form) < base[room]
    return base, accepted


def brute_discards(rows14: np.ndarray, melds: np.ndarray, seen: np.ndarray) -> tuple[np.ndarray, ...]:
    """Every (row, held kind) of 3n+2 rows: shanten after discarding the kind, the live
    acceptance of the rest, the discarded tile counted as gone (4 - 14-tile row - seen),
    and furiten (tenpai waiting on the discarded kind)."""
    row_of, kind_of = np.nonzero(rows14)
    subs = rows14[row_of]
    subs[np.arange(len(row_of)), kind_of] -= 1
    after, accepted = brute_acceptance(subs, melds[row_of])
    live = 4 - rows14[row_of].astype(np.int64) - seen[row_of]
    furiten = (after == 0) & accepted[np.arange(len(row_of)), kind_of].astype(bool)
    return row_of, kind_of, after, (live * accepted).sum(axis=1), furiten


def hand_brute(hand: Hand, seen: list[int]) -> tuple[int, list[int], list[int]]:
    """(shanten, accepted kinds, live counts) of a 3n+1 Hand with real calls: a kind held
    four times in hand + calls cannot be drawn; the capped scalar shanten decides."""
    base = shanten(hand).value
    total = hand.total_counts
    accepted = []
    for kind in range(34):
        if total[kind] < 4:
            grown = list(hand.concealed)
            grown[kind] += 1
            if shanten(Hand(tuple(grown), hand.red, hand.calls)).value < base:
                accepted.append(kind)
    return base, accepted, [4 - total[k] - seen[k] for k in range(34)]


# --- 1. ukeire == brute force --------------------------------------------------------


@pytest.fixture(scope="module")
def sample13() -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """100,000 13-tile hands with 0-4 calls (melds=k) and visible tiles in half the rows."""
    rng = np.random.default_rng(2024)
    rows, melds = deal_with_calls(rng, (40000, 15000, 15000, 15000, 15000), 0)
    return rows, melds, visible_for(rng, rows)


def test_ukeire_batch_matches_brute_force(sample13: tuple) -> None:
    rows, melds, seen = sample13
    assert len(rows) >= 100_000
    base, accepted = brute_acceptance(rows, melds)
    got_shanten, got_accepted, got_total = ukeire_batch(rows, melds, seen)
    np.testing.assert_array_equal(got_shanten, base)
    np.testing.assert_array_equal(got_accepted, accepted)
    live = 4 - rows.astype(np.int64) - seen
    np.testing.assert_array_equal(got_total, (live * accepted).sum(axis=1))
    assert got_accepted[rows == 4].sum() == 0  # never a kind held four times
    assert (base == 0).sum() > 1000 and (base == -1).sum() == 0  # the sample has tenpai hands


def test_ukeire_batch_threads_do_not_change_results(sample13: tuple) -> None:
    rows, melds, seen = sample13  # > 32768 rows: several chunks with threads
    one = ukeire_batch(rows, melds, seen, threads=1)
    for got, expected in zip(ukeire_batch(rows, melds, seen), one, strict=True):
        np.testing.assert_array_equal(got, expected)
    for got, expected in zip(ukeire_batch(rows, melds, seen, threads=3), one, strict=True):
        np.testing.assert_array_equal(got, expected)


def test_scalar_ukeire_matches_brute_force_and_batch(sample13: tuple) -> None:
    """5,000 hands through ukeire(counts, visible, melds=k): brute force, batch, and per
    form (closed hands) the brute force of shanten_batch(form=...)."""
    rows, melds, seen = (a[:5000] for a in sample13)
    base, accepted = brute_acceptance(rows, melds)
    closed = np.flatnonzero(melds == 0)
    per_form = {form: brute_acceptance(rows[closed], 0, form) for form in FORMS}
    batch_shanten, batch_accepted, batch_total = ukeire_batch(rows, melds, seen)
    position = {row: j for j, row in enumerate(closed)}
    for i in range(len(rows)):
        live = (4 - rows[i].astype(int) - seen[i]).tolist()
        result = ukeire(rows[i].tolist(), seen[i].tolist(), melds=int(melds[i]))
        kinds = [t.kind for t in result.accepted]
        assert (result.shanten, kinds) == (base[i], np.flatnonzero(accepted[i]).tolist()), rows[i]
        assert [t.live for t in result.accepted] == [live[k] for k in kinds]
        assert result.total == sum(live[k] for k in kinds) == batch_total[i]
        assert (result.shanten, kinds) == (batch_shanten[i], np.flatnonzero(batch_accepted[i]).tolist())
        if melds[i]:
            assert result.chiitoitsu is None and result.kokushi is None
            assert (result.standard.shanten, result.standard.accepted) == (result.shanten, result.accepted)
            continue
        j = position[i]
        for form, (form_base, form_accepted) in per_form.items():
            part = getattr(result, form)
            assert part.shanten == form_base[j], (form, rows[i])
            assert [t.kind for t in part.accepted] == np.flatnonzero(form_accepted[j]).tolist(), form
            assert part.total == sum(live[t.kind] for t in part.accepted)


#: the hands of one seeded sequence that the fast tier checks; the slow tier checks the rest
#: of the same sequence (each hand is dealt, in order, by both: the sequence never changes)
FIRST, REST = "first", "rest"
IN_PART = {FIRST: lambda i, n: i < n, REST: lambda i, n: i >= n}
PARTS = [FIRST, pytest.param(REST, marks=pytest.mark.slow)]


@pytest.mark.parametrize("part", PARTS)
@pytest.mark.parametrize("n_calls", range(5))
def test_scalar_ukeire_of_hands_with_real_calls(n_calls: int, part: str) -> None:
    """Hand objects with chi / pon / open kan / closed kan: the call tiles cap each kind
    (a kind with four copies in hand + calls is never accepted) and are not live. 100
    hands for each number of calls: the first 25 in the fast tier, the other 75 slow."""
    rng = np.random.default_rng(300 + n_calls)
    for i in range(100):
        hand = random_hand(rng, n_calls)
        seen = visible_for(rng, np.array([hand.total_counts]))[0].tolist()
        visible = seen if rng.random() < 0.5 else Visible(other=seen)
        if not IN_PART[part](i, 25):
            continue
        base, kinds, live = hand_brute(hand, seen)
        result = ukeire(hand, visible)
        assert result.shanten == base, hand.to_text()
        assert [t.kind for t in result.accepted] == kinds, hand.to_text()
        assert [t.live for t in result.accepted] == [live[k] for k in kinds]
        assert result.total == sum(live[k] for k in kinds)
        if n_calls:
            assert result.chiitoitsu is None and result.kokushi is None
            continue
        values = shanten(hand)  # a closed Hand: each form's accepted kinds by its own shanten
        drawn = {}
        for kind in range(34):
            if hand.concealed[kind] < 4:
                grown = list(hand.concealed)
                grown[kind] += 1
                drawn[kind] = shanten(Hand(tuple(grown), hand.red))
        for form in FORMS:
            expected = [k for k, v in drawn.items() if getattr(v, form) < getattr(values, form)]
            assert [t.kind for t in getattr(result, form).accepted] == expected, (form, hand.to_text())
            assert getattr(result, form).shanten == getattr(values, form)


# --- 2. ranking == brute force -------------------------------------------------------


@pytest.fixture(scope="module")
def sample14() -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """6,000 14-tile hands with 0-4 calls (melds=k), visible tiles in half the rows."""
    rng = np.random.default_rng(1414)
    rows, melds = deal_with_calls(rng, (3000, 750, 750, 750, 750), 1)
    return rows, melds, visible_for(rng, rows)


def sort_key(option: DiscardOption) -> tuple:
    """Issue 11 changed the order: dead options last, furiten after its shanten's others."""
    return (option.total == 0, option.shanten, option.furiten, -option.total, int(option.red), option.kind)


def test_rank_discards_matches_brute_force(sample14: tuple) -> None:
    rows, melds, seen = sample14
    row_of, kind_of, after, totals, furiten = brute_discards(rows, melds, seen)
    starts = np.searchsorted(row_of, np.arange(len(rows) + 1))
    for i in range(len(rows)):
        options = rank_discards(rows[i].tolist(), seen[i].tolist(), melds=int(melds[i]), two_step=False)
        span = slice(starts[i], starts[i + 1])
        assert sorted(o.kind for o in options) == kind_of[span].tolist()  # one per held kind
        pairs = zip(after[span].tolist(), totals[span].tolist(), furiten[span].tolist(), strict=True)
        expected = dict(zip(kind_of[span].tolist(), pairs, strict=True))
        assert {o.kind: (o.shanten, o.total, o.furiten) for o in options} == expected, rows[i]
        assert list(options) == sorted(options, key=sort_key)
        best = min(o.shanten for o in options)
        assert [o.shanten_back for o in options] == [o.shanten > best for o in options]
        live = tuple((4 - rows[i].astype(int) - seen[i]).tolist())
        assert all(o.live == live and not o.red and o.two_step is None for o in options)


@pytest.mark.parametrize("part", PARTS)
@pytest.mark.parametrize("n_calls", range(5))
def test_rank_discards_of_hands_with_real_calls(n_calls: int, part: str) -> None:
    """Each distinct discard of a 14-tile Hand (red fives apart), its acceptance by the
    capped brute force with the discarded tile gone, the order and shanten-back flags.
    12 hands for each number of calls: the first 5 in the fast tier, the other 7 slow."""
    rng = np.random.default_rng(400 + n_calls)
    for i in range(12):
        hand = random_hand(rng, n_calls, extra=1)
        seen = visible_for(rng, np.array([hand.total_counts]))[0].tolist()
        if not IN_PART[part](i, 5):
            continue
        options = rank_discards(hand, seen, two_step=False)
        expected_choices = set()
        for kind in np.flatnonzero(hand.concealed).tolist():
            red = kind in (4, 13, 22) and hand.red[(4, 13, 22).index(kind)] == 1
            if not red or hand.concealed[kind] > 1:
                expected_choices.add((kind, False))
            if red:
                expected_choices.add((kind, True))
        assert sorted((o.kind, o.red) for o in options) == sorted(expected_choices), hand.to_text()
        live14 = [4 - c - s for c, s in zip(hand.total_counts, seen, strict=True)]
        for option in options:
            rest = list(hand.concealed)
            rest[option.kind] -= 1
            red = list(hand.red)
            if option.red or (rest[option.kind] == 0 and option.kind in (4, 13, 22)):
                red[(4, 13, 22).index(option.kind)] = 0
            base, kinds, _ = hand_brute(Hand(tuple(rest), tuple(red), hand.calls), seen)
            assert (option.shanten, [t.kind for t in option.accepted]) == (base, kinds), hand.to_text()
            assert option.total == sum(live14[k] for k in kinds)
        assert list(options) == sorted(options, key=sort_key)
        best = min(o.shanten for o in options)
        assert [o.shanten_back for o in options] == [o.shanten > best for o in options]


def test_red_five_is_listed_apart_when_a_plain_five_is_held() -> None:
    # 123m 4056p 789s 1155z: the red 0p and the plain 5p leave the same 13 tiles, so they
    # tie on shanten and acceptance; the red ranks right after the plain five (a dora)
    options = rank_discards("123m4056p789s1155z", two_step=False)
    tiles = [o.tile for o in options]
    assert tiles.count("5p") == tiles.count("0p") == 1
    assert tiles.index("0p") == tiles.index("5p") + 1
    plain, red = options[tiles.index("5p")], options[tiles.index("0p")]
    assert (plain.shanten, plain.total, plain.mask) == (red.shanten, red.total, red.mask)
    assert red.red and not plain.red
    # with the red five alone there is one 5p discard, the red one
    assert [o.tile for o in rank_discards("123m406p789s11557z", two_step=False) if o.kind == 13] == ["0p"]


# --- 3. best_discard_batch == brute force --------------------------------------------


def test_best_discard_batch_matches_brute_force_and_scalar(sample14: tuple) -> None:
    rows, melds, seen = sample14
    assert len(rows) >= 5000
    row_of, kind_of, after, totals, furiten = brute_discards(rows, melds, seen)
    # live before dead, lowest shanten after, not furiten, most live tiles, the lowest kind
    # (issue 11 added the dead and furiten keys)
    order = np.lexsort((kind_of, -totals, furiten, after, totals == 0, row_of))
    first = order[np.searchsorted(row_of[order], np.arange(len(rows)))]
    result = best_discard_batch(rows, melds, seen)
    kind, shanten_after, total = result
    np.testing.assert_array_equal(result.furiten, furiten[first])
    np.testing.assert_array_equal(kind, kind_of[first])
    np.testing.assert_array_equal(shanten_after, after[first])
    np.testing.assert_array_equal(total, totals[first])
    for i in range(0, len(rows), 4):  # the scalar ranking's first option, same tie-break
        head = rank_discards(rows[i].tolist(), seen[i].tolist(), melds=int(melds[i]), two_step=False)[0]
        expected_head = (kind[i], shanten_after[i], total[i], result.furiten[i])
        assert (head.kind, head.shanten, head.total, head.furiten) == expected_head, rows[i]
    one = best_discard_batch(rows, melds, seen, threads=1)
    for got, expected in zip((kind, shanten_after, total), one, strict=True):
        np.testing.assert_array_equal(got, expected)


def test_best_discard_batch_of_a_complete_hand() -> None:
    # 123m456p789s11222z is complete: every discard leaves tenpai (shanten 0); 1m leaves
    # 23m (waits 1m 4m: 3 + 4 live) like 4p and 7s do, and 1m is the lowest kind
    rows = np.zeros((1, 34), dtype=np.uint8)
    rows[0, kinds_of("123m456p789s")] = 1
    rows[0, [27, 28]] = [2, 3]
    assert [a.tolist() for a in best_discard_batch(rows)] == [[0], [0], [7]]


# --- 5. hand-checked ukeire ----------------------------------------------------------

# (notation, shanten, accepted kinds, live total); visible: none
HAND_CHECKED = {
    # 111m 234p 567s 789s + a 4th 1m: its tanki partner would be a 5th copy, so 1-shanten;
    # any other kind X lets a 1m go and waits on X. 33 kinds, 33 * 4 - 9 other held tiles
    "four_held_1m": ("1111m234p567s789s", 1, "23456789m123456789p123456789s1234567z", 123),
    # the bad-inputs case: 123456789m + four East is 1-shanten, every kind but East helps
    "four_held_east": ("123456789m1111z", 1, "123456789m123456789p123456789s234567z", 123),
    # five pairs and singles 1z 3z 5z: seven pairs 6 - 5 = 1-shanten (standard 3, kokushi
    # 7); a pair from a single makes tenpai, a new kind does not help (8 kinds already)
    "chiitoitsu_1_shanten": ("1144m7799p22s135z", 1, "135z", 9),
    # the thirteen orphans each once: tenpai on all 13, three live each
    "kokushi_13_sided": ("19m19p19s1234567z", 0, "19m19p19s1234567z", 39),
    # 23m ryanmen with 456p, the 22z pair and two calls: 1m and 4m, none held, 4 + 4
    "melded_ryanmen": ("23m456p22z [789s] (1111z)", 0, "14m", 8),
    # 46m needs 5m, all four in the closed kan: 1-shanten. Tenpai after 2m (24m: 3m),
    # 3m (34m: 2m), 4m or 6m (shanpon with 11z), 7m (67m: 8m), 8m (68m: 7m), 1z (111z,
    # tanki); 5m is never accepted. Live: 4 4 3 3 4 4 2 = 24
    "closed_kan_blocks_the_kanchan": ("46m456p789s11z (5555m)", 1, "234678m1z", 24),
    # East tanki, but the pon holds the other three: no 5th copy, so 1-shanten; any other
    # kind X (draw X, let East go) waits on X. 1m-9m have 3 live (the chis), the rest 4
    "pon_holds_the_tanki_tile": (
        "1z [111z] [123m] [456m] [789m]",
        1,
        "123456789m123456789p123456789s234567z",
        123,
    ),
}


@pytest.mark.parametrize("case", HAND_CHECKED.values(), ids=HAND_CHECKED.keys())
def test_hand_checked_ukeire(case: tuple) -> None:
    text, value, accepted, total = case
    result = ukeire(text)
    assert (result.shanten, [t.kind for t in result.accepted], result.total) == (
        value,
        kinds_of(accepted),
        total,
    )


def test_form_breakdown_of_the_closed_examples() -> None:
    # five pairs + 1z 3z 5z: standard 3-shanten (five pair-partials count as four blocks
    # and a head), kokushi 13 - 5 orphan kinds - 1 pair = 7; only chiitoitsu is at 1
    result = ukeire("1144m7799p22s135z")
    assert (result.standard.shanten, result.chiitoitsu.shanten, result.kokushi.shanten) == (3, 1, 7)
    assert result.chiitoitsu.accepted == result.accepted
    # kokushi tenpai: the standard form is 8-shanten (13 isolated tiles), seven pairs 6
    result = ukeire("19m19p19s1234567z")
    assert (result.standard.shanten, result.chiitoitsu.shanten, result.kokushi.shanten) == (8, 6, 0)
    assert result.kokushi.kinds == result.kinds == 13 and result.kokushi.total == 39


def test_unknown_call_tiles_do_not_block_the_5th_copy() -> None:
    # the closed-kan example as counts with melds=1: the call could hold anything, so
    # 46m waits on 5m (4 live) and the hand is tenpai, as shanten(counts, melds=1) says
    counts = parse_hand("46m456p789s11z (5555m)").concealed
    result = ukeire(list(counts), melds=1)
    assert (result.shanten, [t.tile for t in result.accepted], result.total) == (0, ["5m"], 4)
    shanten_, accepted, total = ukeire_batch(np.array([counts]), melds=1)
    assert (shanten_.tolist(), np.flatnonzero(accepted[0]).tolist(), total.tolist()) == ([0], [4], [4])


# --- 7. bad input: tile counts, melds, threads ----------------------------------------

COUNTS_14 = np.array(parse_hand("123m456p789s11222z").concealed)

WRONG_SIZES = {
    "ukeire_14_tiles_text": (ukeire, "123m456p789s11222z", {}, "got 14"),
    "ukeire_14_tiles_counts": (ukeire, COUNTS_14.tolist(), {}, "got 14"),
    "ukeire_14_with_a_call": (ukeire, "23m456p22z3z [789s] (1111z)", {}, "got 14"),
    "ukeire_counts_11_tiles": (ukeire, [1] * 11 + [0] * 23, {}, "got 11"),
    "rank_discards_13_tiles": (rank_discards, "123m456p789s1122z", {}, "got 13"),
    "rank_discards_13_with_calls": (rank_discards, "23m456p22z [789s] (1111z)", {}, "got 13"),
    "rank_discards_counts_melds": (rank_discards, [1] * 10 + [0] * 24, {"melds": 1}, "got 13"),
    "hint_12_tiles_text": (hint, "123456789m123p", {}, "got 12"),
    "hint_12_tiles_counts": (hint, [1] * 12 + [0] * 22, {}, "got 12"),
}


@pytest.mark.parametrize("case", WRONG_SIZES.values(), ids=WRONG_SIZES.keys())
def test_wrong_tile_counts(case: tuple) -> None:
    function, hand, kwargs, culprit = case
    with pytest.raises(InvalidHandError, match=culprit):
        function(hand, **kwargs)


def rows_for(function: object, n: int = 5) -> np.ndarray:
    """n good rows for a batch function: 13 tiles for ukeire_batch, else 14."""
    text = "123m456p789s1122z" if function is ukeire_batch else "123m456p789s11222z"
    return np.array([parse_hand(text).concealed] * n, dtype=np.uint8)


@pytest.mark.parametrize("function", [ukeire_batch, best_discard_batch])
def test_batch_wrong_tile_count_names_the_row(function: object) -> None:
    rows = rows_for(function, 40000)
    rows[33333, 0] += 1  # one tile too many, in the second chunk of any threading
    rows[39000, 1] += 1
    with pytest.raises(InvalidHandError, match="row 33333") as exc:
        function(rows)
    assert exc.value.row == 33333


@pytest.mark.parametrize("melds", [5, -1, True, 1.5])
def test_bad_melds_scalar(melds: object) -> None:
    culprit = f"melds must be an int 0..4, got {melds!r}"
    with pytest.raises(InvalidHandError, match=culprit):
        ukeire(rows_for(ukeire_batch, 1)[0].tolist(), melds=melds)
    with pytest.raises(InvalidHandError, match=culprit):
        rank_discards(COUNTS_14.tolist(), melds=melds)


def test_melds_with_notation_or_a_hand_is_refused() -> None:
    with pytest.raises(InvalidHandError, match="melds="):
        ukeire("123m456p789s1122z", melds=0)
    with pytest.raises(InvalidHandError, match="melds="):
        rank_discards(parse_hand("123m456p789s11222z"), melds=0)


BAD_BATCH_MELDS = {
    "five": (5, "melds must be 0..4, got 5", None),
    "short_array": (np.array([0, 0, 0, 0]), r"shape \(5,\)", None),
    "float_array": (np.zeros(5), "float64", None),
    "row_out_of_range": (np.array([0, 0, 7, 0, 9]), "melds row 2: 7 calls", 2),
    "negative_row": (np.array([0, -1, 0, 0, 0]), "melds row 1", 1),
}


@pytest.mark.parametrize("function", [ukeire_batch, best_discard_batch])
@pytest.mark.parametrize("case", BAD_BATCH_MELDS.values(), ids=BAD_BATCH_MELDS.keys())
def test_bad_melds_batch(function: object, case: tuple) -> None:
    melds, culprit, row = case
    with pytest.raises(InvalidHandError, match=culprit) as exc:
        function(rows_for(function), melds)
    assert exc.value.row == row


@pytest.mark.parametrize("function", [ukeire_batch, best_discard_batch])
@pytest.mark.parametrize("threads", [0, -1, True, 2.0, "2"])
def test_bad_threads(function: object, threads: object) -> None:
    culprit = f"threads must be a positive int or None, got {threads!r}"
    with pytest.raises(InvalidArgumentError, match=culprit):
        function(rows_for(function), threads=threads)


# --- results: tile masks print as tiles, batch results are named ----------------------


def test_result_masks_are_tile_masks_that_print_as_tiles() -> None:
    report = ukeire("123m456p789s1122z")
    assert type(report.mask) is TileMask and repr(report.mask) == "TileMask('1z 2z')"
    assert report.mask == (1 << 27 | 1 << 28) and list(report.mask) == [27, 28]
    assert "mask=TileMask('1z 2z')" in repr(report.standard)
    assert all(type(getattr(report, f).mask) is TileMask for f in FORMS)
    best = rank_discards("123m456p789s1122z7z")[0]
    assert type(best.mask) is TileMask and str(best.mask) == "1z 2z"
    called = ukeire("23m456p789s11z [123s]")
    assert type(called.mask) is TileMask and str(called.mask) == "1m 4m"
    analysis = analyse(parse_hand("123m456p789s1122z").concealed, 0, NECESSARY)
    assert type(analysis.mask) is TileMask and analysis.form("kokushi") == analysis.kokushi
    assert report.to_dict()["accepted"] == [{"tile": "1z", "live": 2}, {"tile": "2z", "live": 2}]


def test_analysis_form_names_the_accepted_forms() -> None:
    analysis = analyse(parse_hand("123m456p789s1122z").concealed, 0, NECESSARY)
    with pytest.raises(InvalidArgumentError, match="'standard', 'chiitoitsu', 'kokushi'; got 'all'"):
        analysis.form("all")  # type: ignore[arg-type]


def test_batch_results_are_named_tuples_that_unpack_as_before() -> None:
    rows13 = rows_for(ukeire_batch)
    result = ukeire_batch(rows13)
    assert isinstance(result, UkeireBatch) and result._fields == ("shanten", "accepted", "total")
    shanten_, accepted, total = result
    assert shanten_ is result.shanten and accepted is result.accepted and total is result.total
    rows14 = rows_for(best_discard_batch)
    discard = best_discard_batch(rows14)
    assert isinstance(discard, BestDiscardBatch) and discard._fields == ("kind", "shanten", "total")
    kind, after, live = discard
    assert kind is discard.kind and after is discard.shanten and live is discard.total
