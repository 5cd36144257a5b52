"""The observation encoding (riichi_lut.game.features): shapes and dtypes as FEATURES says,
the seat's view and nothing more (the leak test), relative seats, and the hand analysis
against the scalar shanten."""

from __future__ import annotations

import copy
import random
from pathlib import Path

import numpy as np
import pytest

from riichi_lut.analysis.shanten import shanten_value
from riichi_lut.core.players import ABSENT_IN_THREE_PLAYER
from riichi_lut.core.tiles import kind_of
from riichi_lut.errors import InvalidArgumentError
from riichi_lut.game import features
from riichi_lut.game.features import (
    FEATURES,
    NO_SHANTEN,
    encode,
    encode_batch,
    feature_shapes,
    flat_size,
    flatten,
)
from riichi_lut.game.observe import observe
from riichi_lut.game.policies import EfficiencyPolicy
from riichi_lut.game.roundwall import RoundWall
from riichi_lut.game.rules import TENHOU_GAME, TENHOU_SANMA_GAME
from riichi_lut.game.seat import RiverTile
from riichi_lut.game.table import Table
from riichi_lut.game.wall import seeded_wall


def moments(seed: int, players: int = 4, every: int = 7, hands: int = 3, efficiency: bool = False):
    """(table, seat) at every ``every``-th decision of random games (``efficiency``: of
    the efficiency policy, which declares riichi): copies of the table as it stood, the
    deciding seat (turn) or one of the claimants."""
    rng = random.Random(seed)
    policy = EfficiencyPolicy()

    def pick(seat):
        legal = table.legal_actions(seat)
        return policy(observe(table, seat), legal) if efficiency else rng.choice(legal)

    rules = TENHOU_SANMA_GAME if players == 3 else TENHOU_GAME
    table = Table(rules)
    count = 0
    for _ in range(hands):
        wall = seeded_wall(seed, table.number, table.honba, players=players)
        table.start_round(RoundWall.from_wall(wall, table.dealer, True))
        while table.phase in ("turn", "claim", "chankan"):
            seats = [table.actor] if table.phase == "turn" else sorted(table.claim.options)
            count += 1
            if count % every == 0 or table.phase != "turn":
                yield copy.deepcopy(table), rng.choice(seats)
            table.step({s: pick(s) for s in seats})
        if table.phase == "game_over":
            return
        table.next_round()


def hidden_shuffle(table: Table, seat: int, rng: random.Random) -> Table:
    """A copy of ``table`` that differs only in what ``seat`` cannot see: the other seats'
    concealed tiles, the undrawn live and replacement tiles, the unturned dora indicators
    and every ura indicator, all shuffled together (each seat keeps its tile count)."""
    twin = copy.deepcopy(table)
    wall = twin.wall
    others = [s for s in range(twin.players) if s != seat]
    pool = [c for s in others for c in twin.seats[s].codes()]
    pool += wall.live[wall.drawn_live :] + wall.rinshan[wall.drawn_rinshan :]
    turned = len(twin.revealed)
    pool += wall.indicators[turned:] + wall.ura
    rng.shuffle(pool)
    for s in others:
        me = twin.seats[s]
        size = me.concealed_count
        me.hand = [0] * 37
        for code in pool[:size]:
            me.hand[code] += 1
        me.drawn = pool[0] if me.drawn is not None else None
        me._waits = None
        del pool[:size]
    for part, start in ((wall.live, wall.drawn_live), (wall.rinshan, wall.drawn_rinshan)):
        size = len(part) - start
        part[start:] = pool[:size]
        del pool[:size]
    size = len(wall.indicators) - turned
    wall.indicators[turned:] = pool[:size]
    del pool[:size]
    wall.ura[:] = pool
    return twin


def same(a: dict[str, np.ndarray], b: dict[str, np.ndarray]) -> list[str]:
    """The names of the arrays that differ."""
    assert a.keys() == b.keys()
    return [name for name in a if not np.array_equal(a[name], b[name])]


@pytest.mark.parametrize("players", [4, 3])
def test_the_encoding_leaks_nothing_the_seat_cannot_see(players):
    rng = random.Random(players)
    checked = 0
    for table, seat in moments(seed=3, players=players):
        view = encode(table, seat)
        for _ in range(2):
            twin = hidden_shuffle(table, seat, rng)
            assert twin.wall.live != table.wall.live or twin.wall.remaining == 0
            assert same(view, encode(twin, seat)) == []
        checked += 1
    assert checked > 20


@pytest.mark.slow
@pytest.mark.parametrize("players", [4, 3])
def test_no_leak_over_many_moments(players):
    """The leak test over whole hands of several seeds: calls, kans, riichi and claims."""
    rng = random.Random(10 + players)
    kinds = set()
    for seed in range(6):
        for table, seat in moments(seed=seed, players=players, every=2, hands=4, efficiency=seed % 2 == 1):
            view = encode(table, seat)
            assert same(view, encode(hidden_shuffle(table, seat, rng), seat)) == []
            kinds.update(("meld", int(t)) for t in view["meld_type"].ravel())
            kinds.update(("riichi", int(r)) for r in view["riichi"])
            kinds.add(("phase", int(view["phase"])))
    expected = {("meld", 2), ("phase", 0), ("phase", 1), ("riichi", 2)} | (
        {("meld", 1)} if players == 4 else set()
    )
    assert expected <= kinds


def test_the_encoding_changes_with_what_the_seat_sees():
    rng = random.Random(5)
    for table, seat in moments(seed=4, every=11):
        view = encode(table, seat)
        # a concealed tile of the seat swapped with an undrawn one of another kind
        twin = copy.deepcopy(table)
        me, wall = twin.seats[seat], twin.wall
        mine = next(c for c in me.codes() if c != me.drawn)
        spot = next(
            (i for i in range(wall.drawn_live, len(wall.live)) if kind_of(wall.live[i]) != kind_of(mine)),
            None,
        )
        if spot is None:
            continue
        me.remove(mine)
        me.add(wall.live[spot])
        wall.live[spot] = mine
        assert "hand" in same(view, encode(twin, seat))
        # another seat's discard marked as drawn and discarded at once, or not
        other = next((s for s in range(twin.players) if s != seat and twin.seats[s].river), None)
        if other is not None:
            twin = copy.deepcopy(table)
            twin.seats[other].river[0].tsumogiri = not twin.seats[other].river[0].tsumogiri
            assert same(view, encode(twin, seat)) == ["river_tsumogiri"]
        # another seat's score
        twin = copy.deepcopy(table)
        twin.scores[(seat + 1) % twin.players] += rng.choice((-1000, 1000))
        assert same(view, encode(twin, seat)) == ["scores"]


@pytest.mark.parametrize("players", [4, 3])
def test_arrays_have_the_shapes_and_dtypes_of_features(players):
    shapes = feature_shapes(players)
    assert list(shapes) == [f.name for f in FEATURES]
    tables, seats = zip(*list(moments(seed=1, players=players, hands=1))[:9], strict=True)
    batch = encode_batch(list(tables), list(seats))
    for feature in FEATURES:
        shape, dtype = shapes[feature.name]
        assert batch[feature.name].shape == (9, *shape), feature.name
        assert batch[feature.name].dtype == dtype, feature.name
        high = players - 1 if feature.high == "P-1" else feature.high
        assert feature.low <= batch[feature.name].min() and batch[feature.name].max() <= high, feature.name
    single = encode(tables[4], seats[4])
    assert same(single, {name: array[4] for name, array in batch.items()}) == []


def test_seats_are_relative_to_the_observer():
    for table, seat in moments(seed=6, every=5):
        n = table.players
        table.scores = [20000 + 1000 * s for s in range(n)]  # each seat its own score
        view = encode(table, seat)
        for rel in range(n):
            other = table.seats[(seat + rel) % n]
            assert view["scores"][rel] == table.scores[(seat + rel) % n]
            assert view["river_length"][rel] == len(other.river)
            assert view["river_tile"][rel, : len(other.river)].tolist() == [r.tile for r in other.river]
            assert (view["river_tile"][rel, len(other.river) :] == -1).all()
            assert view["river_called"][rel, : len(other.river)].tolist() == [
                r.called_by is not None for r in other.river
            ]
            assert view["meld_count"][rel] == len(other.melds)
        assert (seat + int(view["dealer"])) % n == table.dealer
        assert view["seat"] == seat
        if table.phase == "turn":
            assert view["phase"] == 0 and view["claim_tile"] == -1
        else:
            assert view["claim_tile"] == table.claim.tile
            assert (seat + int(view["claim_from"])) % n == table.claim.discarder


def test_furiten_is_the_seats_own_on_a_13_tile_hand():
    seen = set()
    for table, seat in moments(seed=7, every=4):
        me = table.seats[seat]
        waiting = me.concealed_count % 3 == 1
        for flag in (False, True):
            me.furiten_turn = flag
            view = encode(table, seat)
            assert bool(view["furiten"]) == (waiting and me.is_furiten(table.players))
            seen.add((waiting, bool(view["furiten"])))
    assert seen == {(True, True), (True, False), (False, False)}


def test_furiten_by_the_seats_own_river():
    """A tenpai hand (123m456m789m123p5p, waiting on 5p) with 5p among its discards is
    furiten; with another discard it is not; the flags play no part."""
    table = Table(TENHOU_GAME)
    table.start_round(RoundWall.from_wall(seeded_wall(1, 0, 0), 0, True))
    me = table.seats[1]
    me.hand = [0] * 37
    for code in (0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 13):
        me.hand[code] += 1
    me._waits = None
    for discard, expected in ((13, True), (35, True), (26, False)):  # 5p, red 5p, 9s
        me.river = [RiverTile(discard, tsumogiri=False)]
        assert me.is_furiten(4) == expected
        assert bool(encode(table, 1)["furiten"]) == expected
        assert int(encode(table, 1)["shanten"]) == 0


def test_a_complete_14_tile_hand_has_shanten_minus_one():
    table = Table(TENHOU_GAME)
    table.start_round(RoundWall.from_wall(seeded_wall(1, 0, 0), 0, True))
    me = table.seats[0]  # the dealer, 14 tiles
    complete = (0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 13, 13)  # 123456789m123p55p
    seven_pairs = (0, 0, 2, 2, 4, 4, 6, 6, 9, 9, 12, 12, 18, 18)
    tenpai = (0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 13, 27)  # 1z to discard
    for codes, expected in ((complete, -1), (seven_pairs, -1), (tenpai, 0)):
        me.hand = [0] * 37
        for code in codes:
            me.hand[code] += 1
        me._waits = None
        view = encode(table, 0)
        assert int(view["shanten"]) == shanten_value(view["hand"].tolist(), 0) == expected


def live(hand: np.ndarray, visible: np.ndarray, kind: int) -> int:
    return 4 - int(hand[kind]) - int(visible[kind])


@pytest.mark.parametrize("players", [4, 3])
def test_discard_analysis_matches_the_scalar_shanten(players):
    absent = ABSENT_IN_THREE_PLAYER if players == 3 else ()
    checked = 0
    for table, seat in moments(seed=2, players=players, every=3):
        view = encode(table, seat)
        hand, visible = view["hand"].astype(int), view["visible"].astype(int)
        melds = len(table.seats[seat].melds)
        assert ((hand + visible) <= 4).all()
        assert int(view["shanten"]) == shanten_value(hand.tolist(), melds, players)
        if hand.sum() % 3 == 1:
            assert not view["discard_valid"].any() and (view["discard_shanten"] == NO_SHANTEN).all()
            continue
        assert view["discard_valid"].tolist() == (hand > 0).tolist()
        for kind in np.flatnonzero(hand):
            after = hand.copy()
            after[kind] -= 1
            base = shanten_value(after.tolist(), melds, players)
            assert view["discard_shanten"][kind] == base
            accepted = []
            for j in range(34):
                if j in absent or after[j] == 4:
                    continue
                after[j] += 1
                if shanten_value(after.tolist(), melds, players) < base:
                    accepted.append(j)
                after[j] -= 1
            assert np.flatnonzero(view["discard_accept_kinds"][kind]).tolist() == accepted
            gone = visible.copy()
            gone[kind] += 1
            assert view["discard_accept"][kind] == sum(live(after, gone, j) for j in accepted)
            checked += 1
    assert checked > 30


@pytest.mark.parametrize("players", [4, 3])
def test_flatten_lays_every_array_out_in_order(players):
    tables, seats = zip(*list(moments(seed=8, players=players, hands=1))[:5], strict=True)
    batch = encode_batch(list(tables), list(seats))
    batch["mask"] = np.ones((5, 116), dtype=bool)  # left out
    flat = flatten(batch)
    assert flat.shape == (5, flat_size(players)) and flat.dtype == np.float32
    start = 0
    for feature in FEATURES:
        part = batch[feature.name].reshape(5, -1)
        np.testing.assert_array_equal(flat[:, start : start + part.shape[1]], part.astype(np.float32))
        start += part.shape[1]
    assert start == flat.shape[1]


def test_encode_checks_its_arguments():
    table, _ = next(moments(seed=1))
    with pytest.raises(InvalidArgumentError, match="seats"):
        encode(table, 4)
    with pytest.raises(InvalidArgumentError, match="one per table"):
        encode_batch([table, table], [0])
    with pytest.raises(InvalidArgumentError, match="at least one"):
        encode_batch([], [])
    with pytest.raises(InvalidArgumentError, match="players"):
        feature_shapes(5)


def _shape_text(shape) -> str:
    return "(" + ", ".join(str(d) for d in shape) + ("," if len(shape) == 1 else "") + ")"


def test_the_docs_and_the_docstring_list_every_array_with_its_shape_and_dtype():
    docs = (Path(__file__).resolve().parents[2] / "docs" / "rl.md").read_text(encoding="utf-8")
    rows = {line.split("|")[1].strip(" `"): line for line in docs.splitlines() if line.startswith("| `")}
    lines = {
        line.split()[0]: line for line in features.__doc__.splitlines() if line[:1].isalpha() and "  " in line
    }
    for feature in FEATURES:
        shape = _shape_text(feature.shape)
        cells = [cell.strip(" `") for cell in rows[feature.name].split("|")[1:4]]
        assert cells == [feature.name, shape, feature.dtype], feature.name
        assert " ".join(lines[feature.name].split()).startswith(
            f"{feature.name} {' '.join(shape.split())} {feature.dtype}"
        ), feature.name
    assert set(rows) == {f.name for f in FEATURES}  # and no row for an array that is gone
