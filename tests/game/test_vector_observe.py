"""The observation batch of the vectorised game (``game/vector/observe.py``) and user
policies (``game/vector/user.py``): at every decision of seeded lock-step games,
``encode_rows`` is ``features.encode_batch`` over the reference view of the same tables,
array for array; it leaks nothing the seat cannot see; a user policy that plays the
random policy's choices plays the random policy's games; bad answers are named errors."""

from __future__ import annotations

import copy
import random
import re
from pathlib import Path

import numpy as np
import pytest

from riichi_lut.errors import IllegalActionError, InvalidArgumentError
from riichi_lut.game.features import FEATURES, encode_batch
from riichi_lut.game.play import play_one
from riichi_lut.game.rules import game_rules
from riichi_lut.game.vector.engine import VectorGames
from riichi_lut.game.vector.hands import CHANKAN, CLAIM
from riichi_lut.game.vector.observe import encode_rows
from riichi_lut.game.vector.play import play_vector, vector_games
from riichi_lut.game.vector.policies import EfficiencyBatch, RandomBatch
from riichi_lut.game.vector.state import TableAt
from riichi_lut.game.view import Claim

NAMES = [f.name for f in FEATURES]


def reference(games, t, s):
    """``features.encode_batch`` over the reference's view of the tables (``TableAt``),
    with the tile on offer where others may claim it."""
    views = []
    for table in t.tolist():
        if games.phase[table] == CLAIM:
            chankan = CHANKAN[int(games.claim_kind[table])]
            view = TableAt(games.s, table, "chankan" if chankan else "claim")
            view.claim = Claim(int(games.claim_from[table]), int(games.claim_tile[table]), {}, chankan)
        else:
            view = TableAt(games.s, table, "turn")
        views.append(view)
    return encode_batch(views, s.tolist())


def differences(a, b):
    """The arrays that differ (dtype, shape or values), with the first row that does."""
    assert list(a) == NAMES and list(b) == NAMES
    out = []
    for name in NAMES:
        x, y = a[name], b[name]
        if x.dtype != y.dtype or x.shape != y.shape:
            out.append((name, "dtype/shape", x.dtype, x.shape, y.dtype, y.shape))
        elif not np.array_equal(x, y):
            row = int(np.flatnonzero((x != y).reshape(len(x), -1).any(axis=1))[0])
            out.append((name, row, x[row].tolist(), y[row].tolist()))
    return out


class Hooked:
    """A batched policy that checks what it is asked (``check(games, t, s)``) before the
    policy it wraps decides."""

    def __init__(self, inner, check):
        self.inner = inner
        self.check = check

    def __call__(self, games, t, s):
        self.check(games, t, s)
        return self.inner(games, t, s)


def play_hooked(seeds, players, policy, length, check):
    """Play ``seeds`` in lock-step, ``policy`` (a name, or one name per seat) checked."""
    rules = game_rules(None, length, players)
    lineup = [policy] * players if isinstance(policy, str) else list(policy)
    names = sorted(set(lineup))
    batches = [
        Hooked(RandomBatch(seeds, players) if x == "random" else EfficiencyBatch(len(seeds), players), check)
        for x in names
    ]
    assign = np.tile([names.index(name) for name in lineup], (len(seeds), 1))
    VectorGames(seeds, rules, batches, False, assign).run()


def assert_exact(seeds, players, policy, length):
    """encode_rows == encode_batch over TableAt at every decision; what was seen."""
    seen = {"rows": 0, "phase": set(), "meld": set(), "riichi": set(), "tables": set()}

    def check(games, t, s):
        ours = encode_rows(games, t, s)
        assert differences(ours, reference(games, t, s)) == []
        seen["rows"] += len(t)
        seen["phase"].update(ours["phase"].tolist())
        seen["meld"].update(ours["meld_type"].ravel().tolist())
        seen["riichi"].update(ours["riichi"].ravel().tolist())
        seen["tables"].add(len(np.unique(t)))

    play_hooked(seeds, players, policy, length, check)
    return seen


@pytest.mark.parametrize(("players", "policy"), [(4, "random"), (3, "efficiency")])
def test_encode_rows_is_encode_batch_at_every_decision(players, policy):
    seen = assert_exact([5, 6], players, policy, "one_hand")
    assert seen["rows"] > 60 and {0, 1} <= seen["phase"] and max(seen["tables"]) == 2


@pytest.mark.slow
@pytest.mark.parametrize("players", [4, 3])
@pytest.mark.parametrize("policy", ["random", "efficiency"])
def test_encode_rows_is_encode_batch_over_whole_games(players, policy):
    seen = assert_exact(list(range(20, 32)), players, policy, "hanchan")
    assert seen["rows"] > 3000 and {0, 1} <= seen["phase"]
    assert {0, 2} <= seen["meld"] and (players == 3 or 1 in seen["meld"])
    if policy == "efficiency":
        assert 2 in seen["riichi"]


@pytest.mark.slow
@pytest.mark.parametrize(("players", "seed"), [(4, 26), (3, 126)])
def test_encode_rows_is_encode_batch_on_a_chankan(players, seed):
    """Games where a seat may rob an added kan (phase 2): random seats make the kans,
    efficiency seats wait."""
    lineup = ["random", "efficiency"] * 2
    seen = assert_exact([seed], players, lineup[:players], "hanchan")
    assert 2 in seen["phase"] and 5 in seen["meld"]


def test_encode_rows_checks_its_rows():
    games = vector_games([1], ["random"] * 4, length="one_hand", record=False)
    with pytest.raises(InvalidArgumentError, match="tables 0-0 and seats 0-3"):
        encode_rows(games, np.array([0]), np.array([4]))
    with pytest.raises(InvalidArgumentError, match="1-d integer arrays"):
        encode_rows(games, np.array([0, 0]), np.array([1]))
    assert encode_rows(games, np.array([0]), np.array([2]))["seat"].tolist() == [2]


# ---------------------------------------------------------------- the leak test
def hidden_shuffle(games, t, seat, rng):
    """A copy of ``games`` that differs at table ``t`` only in what ``seat`` cannot see:
    the other seats' concealed tiles (and their drawn tile, their deal, their furiten), the
    undrawn live and replacement tiles, the unturned dora indicators and every ura
    indicator, shuffled together (each seat keeps its tile count), and the wall's ids."""
    twin = copy.copy(games)
    st = twin.s = copy.deepcopy(games.s)
    p = st.players
    others = [x for x in range(p) if x != seat]
    pool = [c for x in others for c in np.repeat(np.arange(37), st.codes[t, x]).tolist()]
    live = (int(st.drawn_live[t]), st.live_size)
    rinshan = (int(st.drawn_rinshan[t]), 4 if p == 4 else 8)
    turned = (int(st.revealed[t]), 5)
    pool += st.live[t, live[0] : live[1]].tolist() + st.rinshan[t, rinshan[0] : rinshan[1]].tolist()
    pool += st.indicators[t, turned[0] :].tolist() + st.ura[t].tolist()
    rng.shuffle(pool)
    for x in others:
        size = int(st.codes[t, x].sum())
        mine, pool = pool[:size], pool[size:]
        st.codes[t, x] = np.bincount(mine, minlength=37)
        st.kinds[t, x] = st.codes[t, x, :34]
        st.kinds[t, x, [4, 13, 22]] += st.codes[t, x, 34:]
        if st.drawn[t, x] >= 0:
            st.drawn[t, x] = mine[0]
        st.dealt[t, x] = rng.choices(range(34), k=13)
        st.furiten_turn[t, x] = rng.random() < 0.5
        st.furiten_riichi[t, x] = rng.random() < 0.5
    for array, (start, stop) in ((st.live, live), (st.rinshan, rinshan), (st.indicators, turned)):
        array[t, start:stop], pool = pool[: stop - start], pool[stop - start :]
    st.ura[t] = pool
    st.wall_ids[t] = rng.sample(st.wall_ids[t].tolist(), len(st.wall_ids[t]))
    twin.shanten13 = games.shanten13.copy()
    twin.shanten13[t, others] = rng.choices(range(-1, 7), k=len(others))
    return twin


def one_row(obs, i):
    return {name: array[i : i + 1] for name, array in obs.items()}


@pytest.mark.parametrize(
    ("players", "policy"),  # each count of players and each policy fast; the third pair slow
    [(4, "random"), (3, "efficiency"), pytest.param(4, "efficiency", marks=pytest.mark.slow)],
)
def test_no_leak_of_what_the_seat_cannot_see(players, policy):
    """At decisions of seeded games, twins whose hidden tiles are shuffled give each
    deciding seat the same row; the twins do differ (the wall, the other hands)."""
    rng = random.Random(players)
    counts = {"rows": 0, "changed": 0}

    def check(games, t, s):
        if rng.random() > 0.15:
            return
        ours = encode_rows(games, t, s)
        for i in rng.sample(range(len(t)), min(2, len(t))):
            twin = hidden_shuffle(games, int(t[i]), int(s[i]), rng)
            counts["changed"] += not np.array_equal(twin.s.live, games.s.live) or not np.array_equal(
                twin.s.codes, games.s.codes
            )
            theirs = encode_rows(twin, t[i : i + 1], s[i : i + 1])
            assert differences(one_row(ours, i), theirs) == []
            counts["rows"] += 1

    play_hooked([3, 4], players, policy, "one_hand", check)
    assert counts["rows"] > 20 and counts["changed"] == counts["rows"]


def test_a_change_the_seat_sees_changes_its_row():
    """The leak test can fail: a change the seat can see (another seat's tsumogiri mark,
    its score, a tile of the seat's own hand) changes exactly the arrays it should."""
    checked = []

    def check(games, t, s):
        ours = encode_rows(games, t, s)
        table, seat = int(t[0]), int(s[0])
        other = (seat + 1) % games.players
        if games.s.river_len[table, other] == 0 or len(checked) >= 10:
            return
        twin = copy.copy(games)
        twin.s = copy.deepcopy(games.s)
        twin.s.river_tsumogiri[table, other, 0] ^= True
        assert [d[0] for d in differences(one_row(ours, 0), encode_rows(twin, t[:1], s[:1]))] == [
            "river_tsumogiri"
        ]
        twin.s = copy.deepcopy(games.s)
        twin.s.scores[table, other] += 1000
        assert [d[0] for d in differences(one_row(ours, 0), encode_rows(twin, t[:1], s[:1]))] == ["scores"]
        checked.append(table)

    play_hooked([8], 4, "random", "one_hand", check)
    assert len(checked) == 10


# ---------------------------------------------------------------- user policies
class RandomUser:
    """A user policy that plays the random policy's choices: the same stream per game and
    seat (``obs["table"]``, ``obs["seat"]``), recording what it was given."""

    def __init__(self, seeds, players):
        self.batch = RandomBatch(seeds, players)
        self.n, self.players = len(seeds), players
        self.calls = 0
        self.rows = set()  # the (table, seat) pairs it decided for

    def __call__(self, obs, mask):
        t, s = obs["table"], obs["seat"].astype(np.intp)
        assert set(obs) == {*NAMES, "table"} and mask.shape == (len(t), 116) and mask.dtype == bool
        masks = np.zeros((self.n, self.players, 116), dtype=bool)
        masks[t, s] = mask

        class Masks:
            pass

        view = Masks()
        view.mask = masks
        self.calls += 1
        self.rows.update(zip(t.tolist(), s.tolist(), strict=True))
        return self.batch(view, t, s).tolist()  # a list of ints is an int array-like


@pytest.mark.parametrize("players", [4, 3])
def test_a_user_policy_playing_randoms_choices_plays_the_random_games(players):
    seeds = [31, 32, 33]
    user = RandomUser(seeds, players)
    ours = play_vector(seeds, [user] * players, length="one_hand", players=players)
    theirs = play_vector(seeds, ["random"] * players, length="one_hand", players=players)
    assert user.calls > 30
    assert [g.rounds for g in ours] == [g.rounds for g in theirs]
    assert [g.final_points for g in ours] == [g.final_points for g in theirs]


def test_user_policies_mix_with_names_in_a_lineup():
    """Seats 0 and 3 a user policy, 1 random, 2 efficiency; the second game's lineup
    another: the reference games (``play_one``) of the lineups with "random" for the user."""
    seeds = [41, 42]
    user = RandomUser(seeds, 4)
    lineups = [[user, "random", "efficiency", user], ["efficiency", user, user, "random"]]
    ours = play_vector(seeds, lineups, length="one_hand")
    assert user.rows == {(g, x) for g, lineup in enumerate(lineups) for x in range(4) if lineup[x] is user}
    for seed, lineup, game in zip(seeds, lineups, ours, strict=True):
        named = [x if isinstance(x, str) else "random" for x in lineup]
        assert game.rounds == play_one(named, seed=seed, length="one_hand").rounds


def lowest(obs, mask):
    return mask.argmax(axis=1)


ILLEGAL = r"table \d seat \d: action id {} is not legal now"
#: Bad answers of a user policy: (answer(obs, mask), the error, what its message says).
BAD_ANSWERS = {
    "short": (lambda o, m: lowest(o, m)[:-1], InvalidArgumentError, "one action id per deciding seat"),
    "column": (lambda o, m: lowest(o, m)[:, None], InvalidArgumentError, r"shape \(\d+, 1\)"),
    "ragged": (lambda o, m: [[1], [1, 2]] * len(m), InvalidArgumentError, "one action id per deciding"),
    "float": (
        lambda o, m: lowest(o, m).astype(float),
        InvalidArgumentError,
        "integer action ids, got float64",
    ),
    "str": (lambda o, m: [str(x) for x in lowest(o, m)], InvalidArgumentError, "integer action ids, got <U"),
    "None": (lambda o, m: [None] * len(m), InvalidArgumentError, "integer action ids, got object"),
    "bool": (lambda o, m: lowest(o, m) > 0, InvalidArgumentError, "integer action ids, got bool"),
    "pass": (lambda o, m: np.full(len(m), 113), IllegalActionError, ILLEGAL.format(113)),
    "too high": (lambda o, m: np.full(len(m), 116), IllegalActionError, ILLEGAL.format(116)),
    "negative": (lambda o, m: np.full(len(m), -1), IllegalActionError, ILLEGAL.format(-1)),
}


@pytest.mark.parametrize("bad", list(BAD_ANSWERS))
def test_a_bad_answer_is_a_named_error(bad):
    answer, error, match = BAD_ANSWERS[bad]
    answer.__name__ = "mine"
    with pytest.raises(error, match="policy 'mine'.*" + match):
        play_vector([1, 2], [answer, "random", "random", "random"], length="one_hand")


def test_an_illegal_id_names_the_table_and_the_seat():
    """Seat 2 of the second game passes on its first turn: that table, that seat."""

    def stubborn(obs, mask):
        return np.where(obs["table"] == 1, 113, mask.argmax(axis=1))

    lineups = [["random"] * 4, ["random", "random", stubborn, "random"]]
    with pytest.raises(
        IllegalActionError, match=r"policy 'stubborn': table 1 seat 2: action id 113 is not legal"
    ):
        play_vector([5, 6], lineups, length="one_hand")


def test_a_lineup_of_neither_names_nor_callables_is_refused():
    with pytest.raises(InvalidArgumentError, match="or a callable policy"):
        play_vector([1], ["random", "random", 3, "random"])
    with pytest.raises(InvalidArgumentError, match="or a callable policy"):
        play_vector([1], ["random", "random", "greedy", lowest])


# slow: tests/test_docs_run.py (slow) runs this block too, in a fresh interpreter
@pytest.mark.slow
def test_the_example_of_the_docs_runs():
    """The example of docs/rl.md, "A policy of one's own in the vectorised game"."""
    docs = (Path(__file__).resolve().parents[2] / "docs" / "rl.md").read_text(encoding="utf-8")
    section = docs.split("## A policy of one's own in the vectorised game", 1)[1].split("\n## ", 1)[0]
    blocks = re.findall(r"```python\n(.*?)```", section, re.DOTALL)
    assert blocks
    for block in blocks:
        exec(compile(block, "docs/rl.md", "exec"), {})
