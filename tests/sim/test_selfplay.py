"""Tests of riichi_lut.sim.selfplay: the vectorised game loop against a scalar one-game-at-a-
time reference (same draws, same decisions), seeded determinism across workers and Dask,
the deal-tenpai rate against the exact count of all deals, and sanity of the curves and of
the score distribution."""

from __future__ import annotations

import json

import numpy as np
import pytest
from dask_cluster import local_cluster
from exact_distributions import exact as shared_exact

from riichi_lut import shanten_value, ukeire
from riichi_lut.errors import InvalidArgumentError
from riichi_lut.sim import deal_counts
from riichi_lut.sim.selfplay import play, selfplay

# --- scalar reference ---------------------------------------------------------------------


def best_discard(hand14: list[int], seen: list[int]) -> tuple[int, int]:
    """(kind, shanten after) by the batch policy's rule, one discard at a time through the
    scalar ukeire: lowest shanten, most live tiles (the discard counted as gone), lowest kind."""
    best: tuple[int, int, int] | None = None
    for kind in range(34):
        if not hand14[kind]:
            continue
        hand14[kind] -= 1
        visible = list(seen)
        visible[kind] += 1
        report = ukeire(hand14, visible)
        hand14[kind] += 1
        key = (report.shanten, -report.total, kind)
        if best is None or key < best:
            best = key
    assert best is not None
    return best[2], best[0]


def reference_game(
    hand: list[int], wall: list[int], uniforms: np.ndarray, riichi: bool
) -> tuple[int, int, int]:
    """(first tenpai turn, riichi turn, win turn) of one game, -1 for never."""
    tenpai = 0 if shanten_value(hand) == 0 else -1
    declared = -1
    seen = [0] * 34
    for t, u in enumerate(uniforms, start=1):
        target = min(int(u * sum(wall)), sum(wall) - 1)
        drawn, acc = 0, wall[0]
        while acc <= target:
            drawn += 1
            acc += wall[drawn]
        wall[drawn] -= 1
        hand[drawn] += 1
        if tenpai >= 0 and shanten_value(hand) < 0:
            return tenpai, declared, t
        if declared >= 0:
            discard, after = drawn, 0
        else:
            discard, after = best_discard(hand, seen)
            if after == 0:
                tenpai = t if tenpai < 0 else tenpai
                declared = t if riichi else -1
        hand[discard] -= 1
        seen[discard] += 1
    return tenpai, declared, -1


@pytest.mark.parametrize("riichi", [True, False])
def test_vectorised_games_match_the_scalar_reference(riichi: bool) -> None:
    rng = np.random.default_rng(11)
    hands = deal_counts(rng, 150, 13)
    draws = 15
    uniforms = rng.random((draws, len(hands)))
    expected = [
        reference_game(hands[g].tolist(), (4 - hands[g]).tolist(), uniforms[:, g], riichi)
        for g in range(len(hands))
    ]
    for dedupe in (False, True):
        played = play(
            hands.copy(), np.uint8(4) - hands, np.zeros_like(hands), uniforms, riichi=riichi, dedupe=dedupe
        )
        got = list(
            zip(
                played.tenpai_turn.tolist(),
                played.riichi_turn.tolist(),
                played.win_turn.tolist(),
                strict=True,
            )
        )
        assert got == expected
    assert any(w > 0 for _, _, w in expected) and any(t > 0 for t, _, _ in expected)


def test_winning_hands_are_complete_and_hold_the_drawn_tile() -> None:
    rng = np.random.default_rng(2)
    hands = deal_counts(rng, 3000, 13)
    played = play(hands.copy(), np.uint8(4) - hands, np.zeros_like(hands), rng.random((18, 3000)))
    assert len(played.won) == (played.win_turn > 0).sum() > 0
    assert all(shanten_value(h.tolist()) == -1 for h in played.win_hands)
    assert (played.win_hands[np.arange(len(played.won)), played.win_kinds] > 0).all()
    # riichi before every win that was not on a tenpai deal's first draw, never after it
    won_riichi = played.riichi_turn[played.won]
    assert ((won_riichi >= 1) | (played.win_turn[played.won] == 1)).all()
    assert (won_riichi < played.win_turn[played.won]).all()


# --- determinism ------------------------------------------------------------------------


# slow: a pool of two worker processes; selfplay at two workers runs in the fast tier in
# tests/sim/test_selfplay_kita.py::test_kita_is_the_three_player_default_and_the_same_at_one_and_two_workers
@pytest.mark.slow
def test_same_result_at_two_workers() -> None:
    one = selfplay(3000, draws=10, seed=5, chunk_size=1000)
    two = selfplay(3000, draws=10, seed=5, chunk_size=1000, workers=2)
    assert one == two


def test_same_seed_same_result() -> None:
    one = selfplay(3000, draws=10, seed=5, chunk_size=1000)
    assert one == selfplay(3000, draws=10, seed=5, chunk_size=1000)
    assert one != selfplay(3000, draws=10, seed=6, chunk_size=1000)


def test_same_result_on_a_dask_cluster() -> None:
    import distributed

    with local_cluster(threads=2) as cluster, distributed.Client(cluster) as client:
        on_dask = selfplay(2000, draws=6, seed=9, chunk_size=500, client=client)
    assert on_dask == selfplay(2000, draws=6, seed=9, chunk_size=500)


# --- statistics -------------------------------------------------------------------------


def test_tenpai_at_the_deal_agrees_with_the_exact_count() -> None:
    n = 60_000
    result = selfplay(n, draws=1, seed=3)
    exact = shared_exact(13)  # exact_shanten_distribution(13), computed once a session
    p = exact[0] / sum(exact.values())
    sigma = (p * (1 - p) / n) ** 0.5
    assert abs(result.tenpai_at[0] / n - p) < 4 * sigma


@pytest.fixture(scope="module")
def played() -> tuple:
    return selfplay(6000, seed=1), selfplay(6000, seed=1, riichi=False)


def test_curves_are_monotone_probabilities(played: tuple) -> None:
    for result in played:
        tenpai, win = np.array(result.tenpai_by_turn), np.array(result.win_by_turn)
        assert len(tenpai) == len(win) == result.draws + 1
        assert ((win >= 0) & (win <= 1) & (tenpai >= 0) & (tenpai <= 1)).all()
        assert (np.diff(tenpai) >= 0).all() and (np.diff(win) >= 0).all()
        assert win[0] == 0 and (win[1:] <= tenpai[:-1]).all()  # a win needs tenpai a turn before
        assert 0 < result.wins <= result.tenpai <= result.games
        to_tenpai, to_win = result.mean_turns_to_tenpai, result.mean_turns_to_win
        assert to_tenpai is not None and to_win is not None
        assert 0 <= to_tenpai < to_win <= result.draws
        # every game draws until its win or the end
        win_at = np.array(result.win_at)
        assert (
            result.player_turns
            == (win_at * np.arange(len(win_at))).sum() + (result.games - result.wins) * result.draws
        )


def test_score_distribution(played: tuple) -> None:
    with_riichi, dama = played
    for result in played:
        assert sum(result.points.values()) == result.wins  # every closed tsumo scores
        assert min(result.points) >= 1000
        assert result.yaku["menzen_tsumo"] == result.wins
        assert sum(result.han.values()) + sum(result.yakuman.values()) == result.wins
        assert min(result.han) >= 1 and set(result.fu) <= {20, 25, 30, 40, 50, 60, 70, 80, 90, 100, 110}
        assert result.mean_points is not None and result.mean_points > 1000
        data = result.to_dict()
        assert json.loads(json.dumps(data)) == data
    assert "riichi" not in dama.yaku and "ippatsu" not in dama.yaku
    # riichi: declared before every win except a win on the first draw
    assert with_riichi.yaku.get("riichi", 0) + with_riichi.yaku.get("double_riichi", 0) >= (
        with_riichi.wins - with_riichi.win_at[1]
    )
    assert (with_riichi.mean_points or 0) > (dama.mean_points or 0)


def test_winds_change_the_score_not_the_games() -> None:
    south = selfplay(2000, draws=12, seed=4)
    east = selfplay(2000, draws=12, seed=4, seat_wind="E")
    assert (south.tenpai_at, south.win_at) == (east.tenpai_at, east.win_at)
    assert (east.mean_points or 0) > (south.mean_points or 0)  # the dealer is paid 1.5 times


@pytest.mark.parametrize(
    "kwargs",
    [
        {"n_games": 0},
        {"n_games": 10, "draws": 0},
        {"n_games": 10, "draws": 124},
        {"n_games": 10, "seat_wind": "X"},
        {"n_games": 10, "riichi": 1},
        {"n_games": 10, "workers": 0},
        {"n_games": 10, "chunk_size": 0},
        {"n_games": 10, "rules": "tenhou"},
    ],
)
def test_bad_arguments_raise(kwargs: dict) -> None:
    n = kwargs.pop("n_games")
    with pytest.raises(InvalidArgumentError):
        selfplay(n, **kwargs)
