"""Tournaments (issue 27 item 5): seats and seating, seeds, ranks, the per-policy statistics
recounted from the records, the same numbers on any back-end, and bad arguments."""

from __future__ import annotations

import dataclasses
import json
import math
import statistics
import subprocess
import sys
from collections import defaultdict
from functools import cache

import numpy as np
import pytest
from dask_cluster import local_cluster

from riichi_lut.errors import InvalidArgumentError
from riichi_lut.game import M_LEAGUE_GAME, TENHOU_GAME, GameRules, Tournament, play, play_one
from riichi_lut.game.record import (
    ADDED_KAN,
    CHI,
    CLOSED_KAN,
    OPEN_KAN,
    PON,
    RIICHI,
    DrawResult,
    Event,
    GameRecord,
    RoundRecord,
    WinResult,
)
from riichi_lut.game.tournament import _ranks, game_seed, lineup_of, period_of
from riichi_lut.game.tournament_stats import tally_game

DUEL = ("efficiency", "random")


@cache
def duplicate_tonpuu() -> Tournament:
    """Four tonpuu games, duplicate seating (two walls, two rotations each), with logs."""
    return play(4, DUEL, seed=11, length="tonpuu", logs=True)


@cache
def rotate_one_hand() -> Tournament:
    """Five one-hand games, one efficiency bot among three random ones, seats rotating."""
    lineup = ("efficiency", "random", "random", "random")
    return play(5, lineup, seed=2, length="one_hand", seating="rotate", logs=True)


# --- seats, walls and seeds ---------------------------------------------------------------


def test_the_lineup_cycles_the_policies_and_its_period_counts_the_distinct_rotations():
    assert lineup_of(DUEL, 4) == ("efficiency", "random", "efficiency", "random")
    assert lineup_of(("random",), 3) == ("random",) * 3
    assert period_of(lineup_of(DUEL, 4)) == 2
    assert period_of(lineup_of(DUEL, 3)) == 3  # efficiency, random, efficiency: no repeat
    assert period_of(("random",) * 4) == 1
    assert period_of(("efficiency", "random", "random", "random")) == 4


def test_duplicate_seating_plays_each_wall_in_every_rotation():
    t = duplicate_tonpuu()
    assert t.policies == DUEL and t.lineup == lineup_of(DUEL, 4)
    assert t.walls.tolist() == [0, 0, 1, 1]
    assert t.seats.tolist() == [[0, 1, 0, 1], [1, 0, 1, 0]] * 2
    assert t.game_seeds.tolist() == [game_seed(11, w) for w in (0, 0, 1, 1)]


def test_duplicate_seating_really_gives_every_policy_every_seat_of_the_same_walls():
    t = duplicate_tonpuu()
    by_wall = defaultdict(list)
    for g, record in enumerate(t.records):
        by_wall[int(t.walls[g])].append((g, record))
    assert len(by_wall) == 2
    for games in by_wall.values():
        first_walls = {record.rounds[0].wall for _, record in games}
        assert len(first_walls) == 1  # the same wall dealt the first hand of each rotation
        seen = {(seat, t.policies[t.seats[g, seat]]) for g, _ in games for seat in range(4)}
        assert seen == {(seat, name) for seat in range(4) for name in DUEL}
    walls = [games[0][1].rounds[0].wall for games in by_wall.values()]
    assert walls[0] != walls[1]


def test_rotate_seating_turns_the_seats_by_one_a_game_on_new_walls():
    t = rotate_one_hand()
    assert t.walls.tolist() == [0, 1, 2, 3, 4]
    efficiency = [list(row).index(0) for row in t.seats.tolist()]
    assert efficiency == [0, 1, 2, 3, 0] and (t.seats == 0).sum(axis=1).tolist() == [1] * 5
    assert len(set(t.game_seeds.tolist())) == 5


@pytest.mark.parametrize(("tournament", "games"), [(duplicate_tonpuu, (0, 3)), (rotate_one_hand, (1, 2))])
def test_each_game_is_play_one_of_its_lineup_and_seed(tournament, games):
    t = tournament()
    for g in games:
        lineup = [t.policies[i] for i in t.seats[g]]
        record = play_one(lineup, seed=int(t.game_seeds[g]), rules=t.rules)
        # the tournament plays on the lock-step engine: the same game, its source says which
        assert t.records[g].source.startswith("play_vector(")
        assert dataclasses.replace(t.records[g], source=record.source) == record
        assert tuple(t.final_scores[g]) == record.final_scores
        assert tuple(t.final_points[g]) == record.final_points


def test_the_same_seed_plays_the_same_tournament_and_another_seed_another():
    again = play(4, DUEL, seed=11, length="tonpuu")
    t = duplicate_tonpuu()
    assert np.array_equal(again.final_scores, t.final_scores) and again.records == ()
    other = play(4, DUEL, seed=12, length="tonpuu")
    assert not np.array_equal(other.final_scores, t.final_scores)


@pytest.mark.parametrize("games", [4, pytest.param(6, marks=pytest.mark.slow)])
def test_the_same_numbers_whatever_the_chunks(monkeypatch, games):
    """Six games in one chunk and in six chunks; the fast tier plays four (one chunk / four)."""
    from riichi_lut.game import tournament

    default = play(games, DUEL, seed=8, length="one_hand", logs=True)
    monkeypatch.setattr(tournament, "GAMES_PER_CHUNK", 1)
    assert play(games, DUEL, seed=8, length="one_hand", logs=True) == default


def test_three_players_rotate_over_three_seats():
    t = play(3, DUEL, players=3, length="one_hand", seed=4)
    assert t.players == 3 and t.final_scores.shape == (3, 3)
    assert t.seats.tolist() == [[0, 1, 0], [0, 0, 1], [1, 0, 0]]
    assert (t.final_scores.sum(axis=1) == 3 * t.rules.start_points).all()


# --- ranks and points ------------------------------------------------------------------------


def test_ranks_follow_the_final_scores_ties_by_seat_order():
    for t in (duplicate_tonpuu(), rotate_one_hand()):
        for scores, ranks, points in zip(t.final_scores, t.ranks, t.final_points, strict=True):
            assert sorted(ranks.tolist()) == [1, 2, 3, 4]
            order = sorted(range(4), key=lambda s: ranks[s])
            assert [scores[s] for s in order] == sorted(scores.tolist(), reverse=True)
            assert [points[s] for s in order] == sorted(points.tolist(), reverse=True)


def test_tied_scores_rank_by_seat_or_share_the_better_place():
    scores = np.array([[25000, 30000, 25000, 20000], [30000, 30000, 30000, 10000]])
    assert _ranks(scores, "seat_order").tolist() == [[2, 1, 3, 4], [1, 2, 3, 4]]
    assert _ranks(scores, "split").tolist() == [[2, 1, 2, 4], [1, 1, 1, 4]]
    assert M_LEAGUE_GAME.ties == "split" and TENHOU_GAME.ties == "seat_order"


# --- statistics, recounted ------------------------------------------------------------------


def recount(t: Tournament) -> dict[str, dict[str, float]]:
    """Each policy's statistics counted again, slowly, from the records."""
    acc: dict[str, dict[str, float]] = defaultdict(lambda: defaultdict(float))
    for g, record in enumerate(t.records):
        for seat in range(t.players):
            a = acc[t.policies[t.seats[g, seat]]]
            a["games"] += 1
            a["rank"] += int(t.ranks[g, seat])
            a[f"place {t.ranks[g, seat]}"] += 1
            a["points"] += record.final_points[seat]
            for hand in record.rounds:
                a["hands"] += 1
                events = [e for e in hand.events if e.seat == seat]
                a["riichi"] += any(e.type == RIICHI for e in events)
                a["calls"] += any(e.type in (CHI, PON, OPEN_KAN) for e in events)
                wins = [r for r in hand.results if isinstance(r, WinResult)]
                draws = [r for r in hand.results if isinstance(r, DrawResult)]
                a["draw"] += any(d.kind in ("exhaustive", "nagashi_mangan") for d in draws)
                mine = [w for w in wins if w.seat == seat]
                a["wins"] += len(mine)
                a["win_points"] += sum(w.points for w in mine)
                fed = [w for w in wins if w.from_seat == seat and w.seat != seat]
                a["deal_ins"] += bool(fed)
                a["deal_in_points"] += sum(w.points for w in fed)
    return acc


def hand(events, results):
    return RoundRecord(0, 0, 0, 0, (25000,) * 4, ((),) * 4, 0, tuple(events), tuple(results))


def test_a_game_is_tallied_by_the_documented_definitions():
    record = GameRecord(
        players=4,
        names=("a", "b", "c", "d"),
        rules=TENHOU_GAME,
        rounds=(
            hand(  # seat 1 calls twice (one hand with a call), closed and added kans open nothing
                [
                    Event(CHI, seat=1, tile=2, target=0, consumed=(0, 1)),
                    Event(PON, seat=1, tile=5, target=3, consumed=(5, 5)),
                    Event(RIICHI, seat=2),
                    Event(CLOSED_KAN, seat=3, tile=9, consumed=(9, 9, 9, 9)),
                    Event(ADDED_KAN, seat=0, tile=7, consumed=(7, 7, 7)),
                ],
                [WinResult(seat=2, from_seat=0, points=8000), WinResult(seat=3, from_seat=0, points=2000)],
            ),
            hand([Event(RIICHI, seat=0), Event(RIICHI, seat=1)], [DrawResult("four_riichi")]),
            hand([], [DrawResult("exhaustive")]),
            hand([], [DrawResult("nagashi_mangan")]),
            hand(
                [Event(OPEN_KAN, seat=2, tile=3, target=0, consumed=(3, 3, 3))],
                [WinResult(1, 1, points=3900)],
            ),
        ),
    )
    t = tally_game(record)
    assert (t.hands, t.exhaustive) == (5, 2)  # the abortive draw is not the wall running out
    assert t.wins.tolist() == [0, 1, 1, 1] and t.win_points.tolist() == [0, 3900, 8000, 2000]
    assert t.deal_ins.tolist() == [1, 0, 0, 0] and t.deal_in_points.tolist() == [10000, 0, 0, 0]
    assert t.riichi.tolist() == [1, 1, 1, 0] and t.calls.tolist() == [0, 1, 1, 0]


def test_policy_statistics_equal_a_slow_recount_from_the_records():
    t = duplicate_tonpuu()
    counted = recount(t)
    assert set(t.by_policy) == set(counted)
    for name, s in t.by_policy.items():
        c = counted[name]
        assert s.games == c["games"] and s.hands == c["hands"]
        assert s.average_rank == pytest.approx(c["rank"] / c["games"])
        assert s.average_points == pytest.approx(c["points"] / c["games"])
        assert s.win_rate == pytest.approx(c["wins"] / c["hands"])
        assert s.deal_in_rate == pytest.approx(c["deal_ins"] / c["hands"])
        assert s.riichi_rate == pytest.approx(c["riichi"] / c["hands"])
        assert s.call_rate == pytest.approx(c["calls"] / c["hands"])
        assert s.exhaustive_draw_rate == pytest.approx(c["draw"] / c["hands"])
        assert s.average_win == (pytest.approx(c["win_points"] / c["wins"]) if c["wins"] else None)
        deal = pytest.approx(c["deal_in_points"] / c["deal_ins"]) if c["deal_ins"] else None
        assert s.average_deal_in == deal
        places = [c[f"place {p}"] / c["games"] for p in range(1, 5)]
        assert s.rank_distribution == pytest.approx(places)
    # the two bots shared every game: their mean points sum to zero
    assert sum(s.average_points for s in t.by_policy.values()) == pytest.approx(0, abs=1e-9)


def test_something_happened_that_each_statistic_counts():
    t = duplicate_tonpuu()
    eff, rnd = t.by_policy["efficiency"], t.by_policy["random"]
    assert eff.win_rate > 0 and eff.riichi_rate > 0 and rnd.deal_in_rate > 0 and rnd.call_rate > 0


def test_the_interval_treats_a_wall_as_one_sample():
    t = play(6, DUEL, seed=5, length="one_hand")
    for i, s in enumerate(t.by_policy.values()):
        means = [t.final_points[t.walls == w][t.seats[t.walls == w] == i].mean() for w in range(3)]
        half = 1.959963984540054 * statistics.stdev(means) / math.sqrt(3)
        assert s.points_ci == pytest.approx((statistics.fmean(means) - half, statistics.fmean(means) + half))
    assert play(2, DUEL, length="one_hand").by_policy["random"].points_ci is None  # one wall


def test_to_dict_is_json_and_says_what_the_tournament_holds():
    t = duplicate_tonpuu()
    d = json.loads(json.dumps(t.to_dict()))
    assert d["games"] == 4 and d["seating"] == "duplicate" and d["length"] == "tonpuu"
    assert d["seats"][1] == ["random", "efficiency", "random", "efficiency"]
    assert d["final_scores"] == t.final_scores.tolist() and d["ranks"] == t.ranks.tolist()
    assert d["by_policy"]["random"]["average_rank"] == t.by_policy["random"].average_rank
    assert d["hands"] == sum(len(r.rounds) for r in t.records)


def test_summary_is_a_row_per_policy():
    lines = duplicate_tonpuu().summary().splitlines()
    assert lines[0].split()[:3] == ["policy", "games", "rank"]
    assert [line.split()[0] for line in lines[1:]] == list(DUEL)
    assert lines[2].split()[1] == "8"  # random: two seats of four games


# --- bad arguments --------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("kwargs", "parameter", "words"),
    [
        ({"n_games": 0}, "n_games", "must be an int >= 1"),
        ({"n_games": 3}, "n_games", "must be a multiple of 2"),
        ({"n_games": 4, "policies": ()}, "policies", "must be 1 to 4 policy names"),
        ({"n_games": 4, "policies": ("random",) * 5}, "policies", "must be 1 to 4"),
        ({"n_games": 4, "policies": ("efficiency", "greedy")}, "policies", "'greedy'"),
        ({"n_games": 4, "policies": 7}, "policies", "must be 1 to 4"),
        ({"n_games": 4, "seating": "swiss"}, "seating", "must be one of duplicate, rotate"),
        ({"n_games": 4, "seed": -1}, "seed", "must be an int >= 0"),
        ({"n_games": 4, "seed": 2**63}, "seed", "must be at most"),
        ({"n_games": 4, "players": 5}, "players", "must be 3 or 4"),
        ({"n_games": 4, "players": 3, "rules": TENHOU_GAME}, "players", "the rules are for 4"),
        ({"n_games": 4, "length": "marathon"}, "length", "must be one of"),
        ({"n_games": 4, "rules": "tenhou"}, "rules", "must be a GameRules"),
        ({"n_games": 4, "logs": "yes"}, "logs", "must be True or False"),
        ({"n_games": 4, "workers": 0}, "workers", "must be an int >= 1"),
    ],
)
def test_bad_arguments_raise_naming_the_argument(kwargs, parameter, words):
    with pytest.raises(InvalidArgumentError) as error:
        play(**{"length": "one_hand", **kwargs})
    assert error.value.parameter == parameter and words in str(error.value)


def test_a_bad_client_is_refused_before_any_game():
    with pytest.raises(InvalidArgumentError, match=r"^client must be a distributed\.Client"):
        play(2, length="one_hand", client=42)


def test_rules_and_a_single_policy_name():
    rules = GameRules(length="one_hand", uma=(30, 10, -10, -30))
    t = play(2, "efficiency", rules=rules, seating="rotate")
    assert t.policies == ("efficiency",) and t.lineup == ("efficiency",) * 4 and t.rules == rules


# --- the same numbers on any back-end (slow) ------------------------------------------------


@pytest.mark.slow
def test_the_same_games_with_two_workers(monkeypatch):
    from riichi_lut.game import tournament

    monkeypatch.setattr(tournament, "GAMES_PER_CHUNK", 4)  # two chunks: one for each worker
    one = play(8, DUEL, seed=21, length="tonpuu", logs=True)
    two = play(8, DUEL, seed=21, length="tonpuu", logs=True, workers=2)
    assert one == two and len(two.records) == 8
    assert one.by_policy == two.by_policy


@pytest.mark.slow
def test_a_script_must_start_a_tournament_on_workers_under_the_main_guard(tmp_path):
    script = tmp_path / "unguarded.py"
    # more games than one chunk holds: a one-chunk job runs in this process, needing no guard
    script.write_text('from riichi_lut.game import play\nplay(600, length="one_hand", workers=2)\n')
    argv = [sys.executable, str(script)]
    done = subprocess.run(argv, capture_output=True, text=True, timeout=120, check=False)
    assert done.returncode == 1
    assert "the call at line 2 of unguarded.py is not under `if __name__" in done.stderr


@pytest.mark.slow
def test_the_same_games_on_a_dask_cluster(monkeypatch):
    import distributed

    from riichi_lut.game import tournament

    monkeypatch.setattr(tournament, "GAMES_PER_CHUNK", 4)  # two chunks

    with (
        local_cluster(threads=2) as cluster,
        distributed.Client(cluster) as client,
        distributed.get_task_stream(client=client) as tasks,
    ):
        on_dask = play(8, DUEL, seed=22, length="tonpuu", seating="rotate", client=client)
    assert len(tasks.data) == 2  # the two chunks ran on the cluster
    assert on_dask == play(8, DUEL, seed=22, length="tonpuu", seating="rotate")
