"""The lock-step engine (``game/vector/``) against the reference: every seeded game it
plays is the game ``play_one`` plays, event for event, result for result; a table's game
does not depend on the tables beside it; its records replay without a mismatch."""

from __future__ import annotations

import random

import pytest

from riichi_lut import parse_hand, parse_tiles
from riichi_lut.analysis.acceptance import NECESSARY, analyse
from riichi_lut.errors import IllegalActionError, InvalidArgumentError
from riichi_lut.game import DrawResult, play_one, read_log, replay
from riichi_lut.game.logs import write_tenhou6
from riichi_lut.game.rules import TENHOU_GAME
from riichi_lut.game.seat import waits_of
from riichi_lut.game.vector import play_vector
from riichi_lut.game.vector.engine import VectorGames
from riichi_lut.game.vector.policies import RandomBatch


def assert_same_games(policy: str, players: int, length: str, seeds: list[int]) -> int:
    """Every game of ``seeds`` the same in both engines; the number of hands compared."""
    games = play_vector(seeds, [policy] * players, length=length, players=players)
    hands = 0
    for seed, game in zip(seeds, games, strict=True):
        reference = play_one([policy] * players, seed=seed, length=length, players=players)
        assert len(game.rounds) == len(reference.rounds), seed
        for ours, theirs in zip(game.rounds, reference.rounds, strict=True):
            assert ours.events == theirs.events, (seed, ours.number, ours.honba)
            assert ours == theirs, (seed, ours.number, ours.honba)
        assert (game.final_scores, game.final_points) == (reference.final_scores, reference.final_points)
        hands += len(game.rounds)
    return hands


@pytest.mark.parametrize("players", [4, 3])
def test_random_games_are_the_reference_games(players):
    assert assert_same_games("random", players, "tonpuu", [11, 12]) >= 8


def test_efficiency_games_are_the_reference_games():
    assert assert_same_games("efficiency", 4, "one_hand", [3, 4]) >= 2


def test_a_tables_game_does_not_depend_on_the_tables_beside_it():
    alone = play_vector([7], ["random"] * 4, length="tonpuu")[0]
    among = play_vector([1, 2, 7, 9], ["random"] * 4, length="tonpuu")[2]
    assert alone.rounds == among.rounds and alone.final_scores == among.final_scores


def test_a_played_game_replays_through_the_rules_from_its_log():
    game = play_vector([21], ["random"] * 4, length="tonpuu")[0]
    again = replay(read_log(write_tenhou6(game)))  # tenhou.net/6 says tonpuu; mjai cannot
    assert again.complete and again.final_scores == game.final_scores


def test_results_without_events_are_the_same_results():
    full = play_vector([5, 6], ["random"] * 4, length="tonpuu")
    bare = play_vector([5, 6], ["random"] * 4, length="tonpuu", record=False)
    for a, b in zip(full, bare, strict=True):
        assert all(not r.events for r in b.rounds)
        assert [r.results for r in a.rounds] == [r.results for r in b.rounds]
        assert a.final_points == b.final_points


def test_an_illegal_action_id_is_refused_naming_the_table():
    def stubborn(games, t, s):  # always "pass", legal or not
        return [113] * len(t)

    games = VectorGames(
        [1], TENHOU_GAME, [stubborn, RandomBatch([1], 4), RandomBatch([1], 4), RandomBatch([1], 4)], True
    )
    with pytest.raises(IllegalActionError, match="table 0 seat 0: action id 113"):
        games.run()


@pytest.mark.parametrize("hands", [120, pytest.param(700, marks=pytest.mark.slow)])
def test_waits_of_is_the_capped_analysis(hands):
    """Hands one tile from complete (sets and a pair drawn at random, calls among them),
    so that most are tenpai and some hold all four of a kind with their calls (700 hands:
    the capped analysis takes ~3 ms each; the fast tier checks the first 120 of them)."""
    rng = random.Random(5)
    tenpai = capped = 0
    for _ in range(hands):
        melds = rng.randint(0, 3)
        counts = [0] * 34
        called = [0] * 34
        for group in range(5):
            into = called if group < melds else counts
            k = rng.randrange(34)
            if group == 4:
                into[k] += 2
            elif k < 27 and k % 9 < 7 and rng.random() < 0.5:
                for i in range(3):
                    into[k + i] += 1
            else:
                into[k] += 3
        if any(counts[k] + called[k] > 4 for k in range(34)):
            continue
        counts[rng.choice([k for k in range(34) if counts[k]])] -= 1
        exact = analyse(counts, melds, NECESSARY, called)
        expected = int(exact.mask) if exact.shanten == 0 else 0
        assert waits_of(counts, melds, called) == expected, (counts, called)
        tenpai += expected != 0
        capped += any(called[k] and counts[k] + called[k] == 4 for k in range(34))
    assert tenpai > 400 * hands // 700 and capped > 20 * hands // 700, (tenpai, capped)  # > 400, > 20 of 700


@pytest.mark.parametrize(
    ("text", "waits"),
    [
        ("23m456p789s55z (1111m)", "4m"),  # 1m-4m: the closed kan holds every 1m
        ("23m456p789s55z [1111m]", "4m"),  # the same with an open kan
        ("123m456p789s1z [111z]", ""),  # the single 1z: its pair's other copies are the pon's
    ],
)
def test_waits_of_leaves_out_a_wait_the_calls_hold_all_of(text, waits):
    """Waits capped by the call tiles alone (the concealed hand holds fewer than four),
    which the seeded sweep above reaches only once in 700 hands (its fast part: never)."""
    hand = parse_hand(text)
    counts, called = list(hand.concealed), list(hand.called_counts)
    exact = analyse(counts, hand.n_calls, NECESSARY, called)
    expected = int(exact.mask) if exact.shanten == 0 else 0
    mask = sum(1 << k for k in (parse_tiles(waits) if waits else ()))
    assert waits_of(counts, hand.n_calls, called) == expected == mask, text


@pytest.mark.slow
@pytest.mark.parametrize(
    ("policy", "players", "length", "games"),
    [
        ("random", 4, "hanchan", 40),
        ("random", 3, "hanchan", 30),
        ("random", 4, "tonpuu", 40),
        ("random", 3, "tonpuu", 30),
        ("efficiency", 4, "hanchan", 8),
        ("efficiency", 3, "hanchan", 6),
        ("efficiency", 4, "tonpuu", 10),
        ("efficiency", 3, "tonpuu", 8),
    ],
)
def test_seeded_games_of_each_policy_are_identical_in_both_engines(policy, players, length, games):
    seeds = list(range(1000, 1000 + games))
    assert assert_same_games(policy, players, length, seeds) >= games


@pytest.mark.parametrize(
    ("seeds", "policies", "words"),
    [
        ([-1], ["random"] * 4, "seeds[0] must be an int >= 0"),
        ([1, "x"], ["random"] * 4, "seeds[1] must be an int >= 0"),
        (5, ["random"] * 4, "seeds must be a sequence of ints"),
        ([1], "random", "needs a name per seat"),
        ([1], ["random"] * 3, "for each of the 4 seats"),
        ([1], ["random", "random", "random", "greedy"], "for each of the 4 seats"),
        ([1, 2], [["random"] * 4], "one lineup per seed (2), got 1"),
    ],
)
def test_bad_arguments_name_what_is_wrong(seeds, policies, words):
    with pytest.raises(InvalidArgumentError) as caught:
        play_vector(seeds, policies)
    assert words in str(caught.value)


def test_no_seeds_no_games():
    assert play_vector([], ["random"] * 4) == []


def _endings(record) -> set[str]:
    """The rare things a game holds: draw kinds, pao, a double ron."""
    out = set()
    for hand in record.rounds:
        wins = [r for r in hand.results if not isinstance(r, DrawResult)]
        out |= {r.kind for r in hand.results if isinstance(r, DrawResult)}
        out |= {"pao" for r in wins if r.pao is not None}
        out |= {"double_ron"} if len(wins) == 2 else set()
    return out


@pytest.mark.slow
@pytest.mark.parametrize(
    ("policy", "seed", "ending"),
    [  # seeds found by playing thousands of games: each holds its rare ending
        ("random", 879, "four_kans"),
        ("random", 13, "nine_terminals"),
        ("efficiency", 674, "four_winds"),
        ("efficiency", 1367, "pao"),
        ("efficiency", 6, "four_riichi"),
        ("efficiency", 6, "double_ron"),
    ],
)
def test_games_with_rare_endings_are_the_reference_games(policy, seed, ending):
    game = play_vector([seed], [policy] * 4)[0]
    assert ending in _endings(game)
    assert assert_same_games(policy, 4, "hanchan", [seed]) >= 1


def _robbed_kan(record) -> bool:
    return any(
        a.type == "added_kan" and b.type == "ron"
        for hand in record.rounds
        for a, b in zip(hand.events, hand.events[1:], strict=False)
    )


def _kita_win(record) -> bool:
    return any(not isinstance(r, DrawResult) and r.kita for hand in record.rounds for r in hand.results)


@pytest.mark.slow
@pytest.mark.parametrize(
    ("lineup", "seed", "holds"),
    [  # mixed tables: the random bot makes the kans and sets North aside, the other wins
        (["efficiency", "random", "efficiency", "random"], 91, _robbed_kan),
        (["efficiency", "random", "random"], 128, _robbed_kan),
        (["efficiency", "random", "random"], 239, _kita_win),
    ],
)
def test_mixed_tables_with_a_robbed_kan_or_a_kita_win_are_the_reference_games(lineup, seed, holds):
    game = play_vector([seed], lineup, players=len(lineup))[0]
    assert holds(game)
    reference = play_one(lineup, seed=seed, players=len(lineup))
    assert game.rounds == reference.rounds and game.final_points == reference.final_points
