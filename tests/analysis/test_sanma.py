"""Three-player (sanma) analysis against the slow reference (``tests/reference.py``,
``players=3``: the 2m-8m may appear in no target): shanten scalar and batch on 50,000
seeded hands of every size, hands whose calls are known, ukeire and discard ranking by
brute force, the batch twins against the scalar functions, and the bad inputs."""

from __future__ import annotations

from functools import lru_cache

import numpy as np
import pytest
from reference import reference_shanten

from riichi_lut import errors
from riichi_lut.analysis import sanma
from riichi_lut.analysis.efficiency import best_discard_batch, rank_discards, ukeire, ukeire_batch
from riichi_lut.analysis.shanten import shanten, shanten_batch, shanten_value
from riichi_lut.core.hand import parse_hand
from riichi_lut.core.players import ABSENT_IN_THREE_PLAYER, THREE_PLAYER_KINDS
from riichi_lut.core.tilemask import TileMask
from riichi_lut.core.tiles import KIND_NAMES, format_counts
from riichi_lut.core.visible import Visible
from riichi_lut.lut import loader
from riichi_lut.lut.blocks import completion

KINDS = np.array(THREE_PLAYER_KINDS)
SIZES = [(tiles - 3 * calls, calls) for calls in range(5) for tiles in (13, 14)]


def deal(rng: np.random.Generator, tiles: int) -> np.ndarray:
    """34 counts of ``tiles`` tiles from the 108-tile set: a fifth of the time a shaped
    hand (:func:`shaped`), else random tiles, from a pool of a few kinds half of the time
    (pairs, triplets and the man terminals come up far more than uniformly)."""
    if tiles >= 4 and rng.random() < 0.2:
        return shaped(rng, tiles)
    if rng.random() < 0.5:
        pool = KINDS
    else:
        size = int(rng.integers(4, 12))
        pool = rng.choice(KINDS, size=size, replace=False)
        if rng.random() < 0.6:
            pool = np.union1d(pool, [0, 8])
    wall = np.repeat(pool, 4)
    picked = rng.choice(wall, size=tiles, replace=False)
    return np.bincount(picked, minlength=34).astype(np.uint8)


def shaped(rng: np.random.Generator, tiles: int) -> np.ndarray:
    """Four 1m and/or four 9m (where three and four players differ: the fourth copy is
    dead, no 23m can take it), then runs of pin or sou, triplets and pairs up to ``tiles``, then
    up to two tiles swapped for random ones: near-complete hands, where it matters."""
    held = np.zeros(34, dtype=np.int64)
    for kind in (0, 8) if tiles >= 8 and rng.random() < 0.5 else (int(rng.choice([0, 8])),):
        held[kind] = 4
    while held.sum() < tiles:
        room = tiles - int(held.sum())
        choice = rng.random()
        if choice < 0.5 and room >= 3:
            starts = [k for k in range(9, 27) if k % 9 <= 6 and all(held[k + i] < 4 for i in range(3))]
            start = int(rng.choice(starts))
            held[start : start + 3] += 1
            continue
        size = 3 if choice < 0.8 and room >= 3 else min(2, room)
        kinds = [k for k in THREE_PLAYER_KINDS if held[k] + size <= 4]
        held[int(rng.choice(kinds))] += size
    for _ in range(int(rng.integers(0, 3))):
        held[int(rng.choice(np.flatnonzero(held)))] -= 1
        held[int(rng.choice([k for k in THREE_PLAYER_KINDS if held[k] < 4]))] += 1
    return held.astype(np.uint8)


@lru_cache(maxsize=1)
def corpus() -> tuple[np.ndarray, np.ndarray, list[dict[str, int | None]]]:
    """50,000 seeded three-player hands, 5,000 of each (tiles, calls) size, and their
    reference shanten."""
    rng = np.random.default_rng(20261202)
    rows, calls = [], []
    for tiles, k in SIZES:
        for _ in range(5000):
            rows.append(deal(rng, tiles))
            calls.append(k)
    counts = np.array(rows)
    melds = np.array(calls)
    refs = [reference_shanten(r.tolist(), int(k), players=3) for r, k in zip(counts, melds, strict=True)]
    return counts, melds, refs


@pytest.mark.slow
def test_the_corpus_covers_every_size_and_the_man_terminals() -> None:
    counts, melds, _ = corpus()
    assert len(counts) >= 50_000
    sizes = {(int(c.sum()), int(k)) for c, k in zip(counts, melds, strict=True)}
    assert sizes == set(SIZES)
    assert {int(s) for s in counts.sum(axis=1)} == {1, 2, 4, 5, 7, 8, 10, 11, 13, 14}
    assert (counts[:, 0] >= 3).sum() > 1000 and (counts[:, 8] >= 2).sum() > 1000
    assert not counts[:, 1:8].any()
    # the hands where three players differ from four (a four-player answer fails on them)
    _, _, refs = corpus()
    assert (shanten_batch(counts, melds) != np.array([r["value"] for r in refs])).sum() >= 200


@pytest.mark.slow
def test_scalar_shanten_matches_the_reference_on_50000_hands() -> None:
    counts, melds, refs = corpus()
    for row, k, ref in zip(counts.tolist(), melds.tolist(), refs, strict=True):
        result = shanten(row, melds=k, players=3)
        assert (result.value, result.standard) == (ref["value"], ref["standard"]), (row, k)
        if k == 0:
            assert (result.chiitoitsu, result.kokushi) == (ref["chiitoitsu"], ref["kokushi"]), row
        else:
            assert result.chiitoitsu is None and result.kokushi is None
        assert shanten_value(row, k, players=3) == ref["value"], (row, k)


@pytest.mark.slow
def test_batch_shanten_matches_the_reference_on_50000_hands() -> None:
    counts, melds, refs = corpus()
    value = shanten_batch(counts, melds, players=3)
    standard = shanten_batch(counts, melds, form="standard", players=3)
    assert value.tolist() == [r["value"] for r in refs]
    assert standard.tolist() == [r["standard"] for r in refs]
    closed = melds == 0
    closed_refs = [r for r, c in zip(refs, closed, strict=True) if c]
    for form in ("chiitoitsu", "kokushi"):
        got = shanten_batch(counts[closed], 0, form=form, players=3)
        assert got.tolist() == [r[form] for r in closed_refs], form
    assert shanten_batch(counts, melds, players=3, threads=2).tolist() == value.tolist()


def test_the_man_block_never_forms_a_run() -> None:
    # 11m 99m are pairs (a shanpon wait), never part of a run
    assert shanten("11m99m123456p789s", players=3).value == 0
    assert ukeire("11m99m123456p789s", players=3).mask == TileMask("1m 9m")
    # four held 1m: a triplet and a dead copy; four players use it in 123m (2m 3m drawn)
    assert shanten("11119999m234p22z", players=3).standard == 2
    assert shanten("11119999m234p22z").standard == 1
    assert shanten("11119999m234p22z", players=4).standard == 1
    assert 1 in ukeire("1111m34555p1111z").mask  # 2m: joins 1m into 12m
    three = set(ukeire("1111m34555p1111z", players=3).mask)
    assert 8 in three and not three & set(ABSENT_IN_THREE_PLAYER)


def pick(rng: np.random.Generator, kinds: list[int]) -> int:
    """A kind of ``kinds``, 1m or 9m half of the time when one is there (calls that cap
    the man terminals)."""
    terminals = [k for k in kinds if k in (0, 8)]
    return int(rng.choice(terminals if terminals and rng.random() < 0.5 else kinds))


def random_calls(rng: np.random.Generator) -> str:
    """A three-player hand in notation with 1-4 calls whose tiles are known (pons, kans,
    closed kans of any kind of the set, chi of pin and sou), concealed tiles random."""
    left = {k: 4 for k in THREE_PLAYER_KINDS}
    calls = []
    for _ in range(int(rng.integers(1, 5))):
        choice = rng.random()
        if choice < 0.4 and any(v >= 3 for v in left.values()):
            kind = pick(rng, [k for k, v in left.items() if v >= 3])
            left[kind] -= 3
            calls.append(f"[{KIND_NAMES[kind][0] * 3}{KIND_NAMES[kind][1]}]")
        elif choice < 0.6 and any(v == 4 for v in left.values()):
            kind = pick(rng, [k for k, v in left.items() if v == 4])
            left[kind] = 0
            tiles = f"{KIND_NAMES[kind][0] * 4}{KIND_NAMES[kind][1]}"
            calls.append(f"({tiles})" if rng.random() < 0.5 else f"[{tiles}]")
        else:
            starts = [s for s in range(9, 27) if s % 9 <= 6 and all(left[s + i] for i in range(3))]
            start = int(rng.choice(starts))
            for i in range(3):
                left[start + i] -= 1
            calls.append(f"[{''.join(KIND_NAMES[start + i][0] for i in range(3))}{KIND_NAMES[start][1]}]")
    size = 13 + int(rng.integers(0, 2)) - 3 * len(calls)
    wall = [k for k, v in left.items() for _ in range(v)]
    if rng.random() < 0.5:  # concealed tiles close to the called kinds: caps that bite
        near = [k for k in wall if k in (0, 8, 9, 10, 11, 27)]
        wall = near if len(near) >= size else wall
    picked = np.bincount(rng.choice(wall, size=size, replace=False), minlength=34)
    return f"{format_counts(picked.tolist())} {' '.join(calls)}"


@pytest.mark.slow
def test_hands_whose_call_tiles_are_known_match_the_reference() -> None:
    rng = np.random.default_rng(7)
    for _ in range(1500):
        text = random_calls(rng)
        hand = parse_hand(text)
        ref = reference_shanten(hand.concealed, hand.n_calls, hand.called_counts, players=3)
        assert shanten(text, players=3).value == ref["value"], text
        if sum(hand.concealed) + 3 * hand.n_calls == 13:
            accepted = ukeire(text, players=3).mask
            expected = reference_draws(hand.concealed, hand.n_calls, hand.called_counts)
            assert set(accepted) == set(expected), text


@pytest.mark.slow
def test_rank_discards_of_hands_whose_call_tiles_are_known_match_the_reference() -> None:
    rng = np.random.default_rng(8)
    checked = 0
    while checked < 150:
        text = random_calls(rng)
        hand = parse_hand(text)
        if sum(hand.concealed) + 3 * hand.n_calls != 14:
            continue
        checked += 1
        for option in rank_discards(text, players=3):
            after = list(hand.concealed)
            after[option.kind] -= 1
            ref = reference_shanten(after, hand.n_calls, hand.called_counts, players=3)
            assert option.shanten == ref["value"], (text, option.tile)
            assert set(option.mask) == set(reference_draws(after, hand.n_calls, hand.called_counts)), text


def reference_draws(concealed: list[int], calls: int, called: list[int] | None = None) -> list[int]:
    """Kinds of the set whose draw lowers the reference shanten of a 3n+1 hand."""
    before = reference_shanten(concealed, calls, called, players=3)["value"]
    out = []
    for kind in THREE_PLAYER_KINDS:
        if concealed[kind] + (called[kind] if called else 0) >= 4:
            continue
        after = list(concealed)
        after[kind] += 1
        assert before is not None
        if reference_shanten(after, calls, called, players=3)["value"] < before:  # type: ignore[operator]
            out.append(kind)
    return out


def reference_form_draws(concealed: list[int], calls: int, form: str) -> list[int]:
    before = reference_shanten(concealed, calls, players=3)[form]
    out = []
    for kind in THREE_PLAYER_KINDS:
        if concealed[kind] >= 4:
            continue
        after = list(concealed)
        after[kind] += 1
        if reference_shanten(after, calls, players=3)[form] < before:  # type: ignore[operator]
            out.append(kind)
    return out


def live_of(counts: list[int], visible: list[int]) -> list[int]:
    return [0 if k in ABSENT_IN_THREE_PLAYER else 4 - counts[k] - visible[k] for k in range(34)]


def random_visible(rng: np.random.Generator, counts: np.ndarray, tiles: int) -> np.ndarray:
    left = np.array([0 if k in ABSENT_IN_THREE_PLAYER else 4 - int(counts[k]) for k in range(34)])
    wall = np.repeat(np.arange(34), left)
    return np.bincount(rng.choice(wall, size=tiles, replace=False), minlength=34).astype(np.uint8)


def hands_of(size: int, n: int, seed: int) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    rng = np.random.default_rng(seed)
    rows, calls, seen = [], [], []
    for i in range(n):
        k = i % 5
        row = deal(rng, size - 3 * k)
        rows.append(row)
        calls.append(k)
        seen.append(random_visible(rng, row, int(rng.integers(0, 30))))
    return np.array(rows), np.array(calls), np.array(seen)


@pytest.mark.slow
def test_ukeire_matches_the_brute_force() -> None:
    counts, melds, visible = hands_of(13, 400, seed=11)
    for row, k, seen in zip(counts.tolist(), melds.tolist(), visible.tolist(), strict=True):
        result = ukeire(row, seen, melds=k, players=3)
        ref = reference_shanten(row, k, players=3)
        assert result.shanten == ref["value"]
        draws = reference_draws(row, k)
        assert list(result.mask) == draws, (row, k)
        live = live_of(row, seen)
        assert result.total == sum(live[d] for d in draws)
        assert all(result.live[a] == 0 for a in ABSENT_IN_THREE_PLAYER)
        if k == 0:
            for form in ("chiitoitsu", "kokushi", "standard"):
                got = getattr(result, form)
                assert got.shanten == ref[form]
                assert list(got.mask) == reference_form_draws(row, 0, form), (row, form)


def test_ukeire_batch_matches_the_scalar_function() -> None:
    counts, melds, visible = hands_of(13, 3000, seed=12)
    own = np.zeros_like(visible)
    own[:, 9] = (visible[:, 9] > 0).astype(np.uint8)  # some 1p of the visible are own discards
    visible = visible - own
    batch = ukeire_batch(counts, melds, visible, own_discards=own, players=3)
    for i, (row, k) in enumerate(zip(counts.tolist(), melds.tolist(), strict=True)):
        seen = Visible(other=visible[i].tolist(), own_discards=own[i].tolist())
        scalar = ukeire(row, seen, melds=k, players=3)
        assert int(batch.shanten[i]) == scalar.shanten
        assert np.flatnonzero(batch.accepted[i]).tolist() == list(scalar.mask)
        assert int(batch.total[i]) == scalar.total
        assert bool(batch.furiten[i]) == scalar.furiten
    assert not batch.accepted[:, 1:8].any()


def best_by_brute_force(row: list[int], k: int, seen: list[int]) -> tuple[int, int, int]:
    """(kind, shanten after, live total) of the best discard: dead after live, then
    shanten, then live tiles, then kind (no furiten: no own discards here)."""
    keys = []
    for kind in THREE_PLAYER_KINDS:
        if not row[kind]:
            continue
        after = list(row)
        after[kind] -= 1
        value = reference_shanten(after, k, players=3)["value"]
        draws = reference_draws(after, k)
        live = [0 if a in ABSENT_IN_THREE_PLAYER else 4 - row[a] - seen[a] for a in range(34)]
        total = sum(live[d] for d in draws)
        furiten = value == 0 and kind in draws
        keys.append((total == 0, value, furiten, -total, kind))
    best = min(keys)
    return best[4], int(best[1]), -best[3]  # type: ignore[arg-type]


@pytest.mark.slow
def test_rank_discards_and_best_discard_batch_match_the_brute_force() -> None:
    counts, melds, visible = hands_of(14, 120, seed=13)
    batch = best_discard_batch(counts, melds, visible, players=3)
    for i, (row, k, seen) in enumerate(zip(counts.tolist(), melds.tolist(), visible.tolist(), strict=True)):
        kind, after, total = best_by_brute_force(row, k, seen)
        options = rank_discards(row, seen, melds=k, players=3, two_step=False)  # as the batch ranks
        first = options[0]
        assert (first.kind, first.shanten, first.total) == (kind, after, total), row
        assert (int(batch.kind[i]), int(batch.shanten[i]), int(batch.total[i])) == (kind, after, total), row
        for option in options:
            hand = list(row)
            hand[option.kind] -= 1
            assert option.shanten == reference_shanten(hand, k, players=3)["value"]
            assert option.two_step is None  # two_step=False (tests/coach/test_hint_sanma.py has it)
            assert not option.mask & sum(1 << a for a in ABSENT_IN_THREE_PLAYER)


def test_best_discard_batch_matches_the_scalar_ranking() -> None:
    counts, melds, visible = hands_of(14, 2500, seed=14)
    own = np.zeros_like(visible)
    own[:, 27] = (visible[:, 27] > 0).astype(np.uint8)
    visible = visible - own
    batch = best_discard_batch(counts, melds, visible, own_discards=own, players=3)
    for i, (row, k) in enumerate(zip(counts.tolist(), melds.tolist(), strict=True)):
        seen = Visible(other=visible[i].tolist(), own_discards=own[i].tolist())
        first = rank_discards(row, seen, melds=k, players=3, two_step=False)[0]
        got = (int(batch.kind[i]), int(batch.shanten[i]), int(batch.total[i]), bool(batch.furiten[i]))
        assert got == (first.kind, first.shanten, first.total, first.furiten), (row, k)


def test_the_honor_table_at_1m_9m_gives_the_same_whole_hand_values() -> None:
    """The claim of issue 14's hint, checked on every class: the four-player honor block
    table read at (c1m, c9m, 0, 0, 0, 0, 0) differs from the exact two-kind man vector
    per block (it may take melds from five kinds that do not exist), yet joined with any
    of the 180 classes of pin + sou + honors it gives the same shanten for every call
    count: a meld from an absent kind costs 3, as a fresh triplet elsewhere does."""
    t = loader.tables()
    lut = sanma.sanma_tables()
    honor_vectors = t["honor_vectors"].reshape(-1, 10)
    rest = t["suit_pair_honor_vectors"].reshape(-1, 10)
    differ = 0
    for index in range(25):
        pattern = (index % 5, index // 5)
        phantom = tuple(int(v) for v in honor_vectors[t["honor_class"][pattern[0] + 5 * pattern[1]]])
        exact = sanma.man_vector(pattern)
        differ += phantom != exact
        for r in range(len(rest)):
            for calls in range(5):
                value = completion(tuple(int(v) for v in rest[r]), phantom, 4 - calls) - 1
                assert value == lut.standard[r][lut.man_class[index]][calls], (pattern, r, calls)
    assert differ == 25  # per block they always differ (three melds: 9+ tiles vs impossible)


@pytest.mark.slow
def test_four_player_answers_are_unchanged_by_default() -> None:
    counts, melds, _ = corpus()
    some, calls = counts[:2000], melds[:2000]
    assert shanten_batch(some, calls).tolist() == shanten_batch(some, calls, players=4).tolist()
    assert [shanten_value(r, int(k)) for r, k in zip(some.tolist(), calls, strict=True)] == shanten_batch(
        some, calls
    ).tolist()


# --------------------------------------------------------------------------- bad inputs


@pytest.mark.parametrize("players", [2, 5, 0, True, "3", "4", 3.0, 4.0, None])
def test_players_other_than_3_or_4_is_refused(players: object) -> None:
    rows = np.zeros((1, 34), dtype=np.uint8)
    rows[0, [0, 8, 9, 17, 18, 26, 27, 28, 29, 30, 31, 32, 33]] = 1
    calls = [
        lambda: shanten("19m19p19s1234567z", players=players),
        lambda: shanten_value(rows[0].tolist(), 0, players=players),
        lambda: shanten_batch(rows, players=players),
        lambda: ukeire("19m19p19s1234567z", players=players),
        lambda: ukeire_batch(rows, players=players),
        lambda: rank_discards("19m19p19s12345677z", players=players),
        lambda: best_discard_batch(rows + np.eye(34, dtype=np.uint8)[33], players=players),
    ]
    for call in calls:
        with pytest.raises(errors.InvalidArgumentError, match="players must be 3 \\(sanma\\) or 4"):
            call()


def test_a_2m_to_8m_tile_is_named_with_where_it_is() -> None:
    with pytest.raises(errors.InvalidHandError, match=r"hand: 5m is not a three-player tile.*position 3"):
        shanten("19m5m123p456s1122z", players=3)
    with pytest.raises(errors.InvalidHandError, match=r"5m is not a three-player tile.*position 2"):
        shanten("190m123p456s1122z", players=3)  # the red five is a 5m
    with pytest.raises(errors.InvalidHandError, match=r"3m is not a three-player tile.*position 16"):
        ukeire("19m123p456s11z [345m]", players=3)
    with pytest.raises(errors.InvalidHandError, match="hand: 2m is not a three-player tile"):
        shanten([0, 1] + [1] * 12 + [0] * 20, players=3)
    with pytest.raises(errors.InvalidHandError, match="hand: 8m is not a three-player tile"):
        rank_discards([0] * 7 + [1] + [1] * 13 + [0] * 13, players=3)
    with pytest.raises(errors.InvalidHandError, match="visible: 4m is not a three-player tile"):
        ukeire("19m19p19s1234567z", visible="4m", players=3)
    hand = parse_hand("19m123p456s11z [345m]")
    with pytest.raises(errors.InvalidHandError, match="calls: 3m is not a three-player tile"):
        shanten(hand, players=3)


def test_a_batch_row_holding_2m_to_8m_is_named() -> None:
    rows = np.zeros((3, 34), dtype=np.uint8)
    rows[:, [0, 8, 9, 17, 18, 26, 27, 28, 29, 30, 31, 32, 33]] = 1
    rows[2, 0], rows[2, 6] = 0, 1  # row 2: 7m instead of 1m
    for call in (
        lambda: shanten_batch(rows, players=3),
        lambda: ukeire_batch(rows, players=3),
    ):
        with pytest.raises(errors.InvalidHandError, match="counts row 2: 7m is not a three-player") as info:
            call()
        assert info.value.row == 2
    good = rows[:2]
    seen = np.zeros((2, 34), dtype=np.uint8)
    seen[1, 3] = 1
    with pytest.raises(errors.InvalidHandError, match="visible row 1: 4m") as info:
        ukeire_batch(good, visible=seen, players=3)
    assert info.value.row == 1
    with pytest.raises(errors.InvalidHandError, match="own_discards row 1: 4m"):
        best_discard_batch(good + np.eye(34, dtype=np.uint8)[33], own_discards=seen, players=3)
    assert shanten_batch(rows).tolist()[2] >= 0  # four players: the same row is fine
