"""Kita in three-player self-play (issue 14): the vectorised ``play`` / ``selfplay`` against a
plain one-game-at-a-time Python loop of the documented policy (riichi_lut.sim.kita) with
the same uniforms, game by game and tally by tally (each win scored by the scalar
``score()`` with ``kita=k``); invariants of the hands and counts; the same result at any
worker count; the bad arguments."""

from __future__ import annotations

import dataclasses
from collections import Counter
from dataclasses import dataclass, field

import numpy as np
import pytest

from riichi_lut import shanten_value, ukeire
from riichi_lut.cli.main import main
from riichi_lut.core.players import wall_copies
from riichi_lut.core.tiles import KIND_NAMES, format_counts
from riichi_lut.errors import InvalidArgumentError
from riichi_lut.riichi import MAHJONG_SOUL_SANMA, TENHOU_SANMA, RuleSet, score
from riichi_lut.riichi.batch import score_batch
from riichi_lut.sim import deal_counts, selfplay
from riichi_lut.sim.backend import plan
from riichi_lut.sim.selfplay import play
from riichi_lut.sim.selfplay_score import win_rows

NORTH = 30
SANMA_KINDS = [k for k in range(34) if not 1 <= k <= 7]

# --- the slow reference -----------------------------------------------------------------


def draw(wall: list[int], u: float) -> int:
    """The kind where ``u * (tiles left)`` falls in the cumulative counts of ``wall``."""
    left = sum(wall)
    target = min(int(u * left), left - 1)
    kind, acc = 0, wall[0]
    while acc <= target:
        kind += 1
        acc += wall[kind]
    wall[kind] -= 1
    return kind


def best_discard(hand14: list[int], seen: list[int]) -> tuple[int, int]:
    """(kind, shanten after): lowest shanten, most live tiles, lowest kind (scalar ukeire)."""
    best: tuple[int, int, int] | None = None
    for kind in SANMA_KINDS:
        if not hand14[kind]:
            continue
        hand14[kind] -= 1
        visible = list(seen)
        visible[kind] += 1
        report = ukeire(hand14, visible, players=3)
        hand14[kind] += 1
        key = (report.shanten, -report.total, kind)
        if best is None or key < best:
            best = key
    assert best is not None
    return best[2], best[0]


@dataclass
class Game:
    tenpai: int = -1
    declared: int = -1
    win: int = -1
    kita: int = 0
    kita_turn: int = -1
    replacement: bool = False
    hand: list[int] = field(default_factory=list)  # the winning hand
    kind: int = -1  # the winning tile
    turns: int = 0


def complete(hand: list[int]) -> bool:
    return shanten_value(hand, players=3) == -1


def reference_game(
    hand: list[int], wall: list[int], uniforms: np.ndarray, kita_uniforms: np.ndarray, riichi: bool
) -> Game:
    """One game by the documented policy, written from the rules: draw; win if complete;
    else, while a North is held (in riichi: the drawn North only) and the wall has a
    tile, set one aside and draw its replacement with the next kita uniform, winning if
    that completes the hand; then discard (tsumogiri in riichi)."""
    g = Game(tenpai=0 if shanten_value(hand, players=3) == 0 else -1)
    seen = [0] * 34
    for t, u in enumerate(uniforms, start=1):
        if not sum(wall):
            break
        g.turns += 1
        drawn = draw(wall, float(u))
        hand[drawn] += 1
        if complete(hand):
            g.win, g.hand, g.kind = t, list(hand), drawn
            return g
        while hand[NORTH] and sum(wall) and (g.declared < 0 or drawn == NORTH):
            hand[NORTH] -= 1
            g.kita_turn = t if g.kita_turn < 0 else g.kita_turn
            drawn = draw(wall, float(kita_uniforms[g.kita]))
            g.kita += 1
            hand[drawn] += 1
            if complete(hand):
                g.tenpai = t if g.tenpai < 0 else g.tenpai
                g.win, g.hand, g.kind, g.replacement = t, list(hand), drawn, True
                return g
        if g.declared >= 0:
            discard = drawn
        else:
            discard, after = best_discard(hand, seen)
            if after == 0:
                g.tenpai = t if g.tenpai < 0 else g.tenpai
                g.declared = t if riichi else -1
        hand[discard] -= 1
        seen[discard] += 1
    return g


def reference_score(g: Game, seat: str, rules: RuleSet) -> tuple[int, int, int, int, tuple[str, ...]]:
    """(points, han, fu, yakuman, yaku) of a won game by the scalar ``score()``: riichi,
    double riichi on the first discard unless a kita came first, ippatsu on the next draw
    unless it came on a kita's replacement, rinshan on a replacement (kita_rinshan),
    chiihou/tenhou on the first draw without kita, each kita a dora."""
    in_riichi = g.declared >= 0
    first = g.win == 1 and g.kita == 0
    r = score(
        format_counts(g.hand),
        KIND_NAMES[g.kind],
        tsumo=True,
        seat_wind=seat,
        round_wind="E",
        riichi=in_riichi,
        double_riichi=g.declared == 1 and g.kita_turn != 1,
        ippatsu=in_riichi and g.declared == g.win - 1 and not g.replacement,
        rinshan=g.replacement and rules.kita_rinshan,
        tenhou=first and seat == "E",
        chiihou=first and seat != "E",
        riichi_sticks=int(in_riichi),
        kita=g.kita,
        rules=rules,
    )
    assert r.dora.kita == g.kita and r.dora.dora == 0
    return r.points, r.han, r.fu, r.yakuman, tuple(y.id for y in r.yaku)


def reference_games(
    hands: np.ndarray, walls: np.ndarray, uniforms: np.ndarray, kita: np.ndarray, riichi: bool
) -> list[Game]:
    return [
        reference_game(hands[g].tolist(), walls[g].tolist(), uniforms[:, g], kita[:, g], riichi)
        for g in range(len(hands))
    ]


def outcomes_of_play(played: object, n: int) -> list[tuple]:
    p = played
    hands = dict(zip(p.won.tolist(), p.win_hands.tolist(), strict=True))  # type: ignore[attr-defined]
    kinds = dict(zip(p.won.tolist(), p.win_kinds.tolist(), strict=True))  # type: ignore[attr-defined]
    replaced = dict(zip(p.won.tolist(), p.win_replacement.tolist(), strict=True))  # type: ignore[attr-defined]
    return [
        (
            int(p.tenpai_turn[g]),  # type: ignore[attr-defined]
            int(p.riichi_turn[g]),  # type: ignore[attr-defined]
            int(p.win_turn[g]),  # type: ignore[attr-defined]
            int(p.kita[g]),  # type: ignore[attr-defined]
            int(p.kita_turn[g]),  # type: ignore[attr-defined]
            replaced.get(g, False),
            hands.get(g, []),
            kinds.get(g, -1),
        )
        for g in range(n)
    ]


def outcomes_of_reference(games: list[Game]) -> list[tuple]:
    return [(g.tenpai, g.declared, g.win, g.kita, g.kita_turn, g.replacement, g.hand, g.kind) for g in games]


# --- game by game -----------------------------------------------------------------------


def complete_hand(rng: np.random.Generator) -> np.ndarray:
    """A random complete 14-tile three-player hand without North: four melds and a pair."""
    while True:
        hand = np.zeros(34, dtype=np.int64)
        for _ in range(4):
            if rng.random() < 0.6:  # a pin or sou run
                start = int(rng.choice([s + i for s in (9, 18) for i in range(7)]))
                hand[start : start + 3] += 1
            else:
                hand[rng.choice([k for k in SANMA_KINDS if k != NORTH])] += 3
        hand[rng.choice([k for k in SANMA_KINDS if k != NORTH])] += 2
        if hand.max() <= 4:
            return hand


def north_heavy(rng: np.random.Generator, n: int) -> tuple[np.ndarray, np.ndarray]:
    """Games rich in kita: a third are random deals given one to four Norths (kita at the
    first draw); the others tenpai hands (a complete hand less a tile) without North whose
    walls are thinned to 16-30 tiles holding every North left (kita in riichi, wins on
    replacements)."""
    hands = deal_counts(rng, n, 13, players=3).astype(np.int64)
    walls = np.zeros_like(hands)
    for g in range(n):
        if g % 3 == 0:
            want = int(rng.integers(1, 5))
            while hands[g, NORTH] < want:
                hands[g, rng.choice([k for k in SANMA_KINDS if k != NORTH and hands[g, k]])] -= 1
                hands[g, NORTH] += 1
            walls[g] = np.array(wall_copies(3)) - hands[g]
            continue
        hands[g] = complete_hand(rng)
        hands[g, rng.choice(np.flatnonzero(hands[g]))] -= 1
        full = np.array(wall_copies(3)) - hands[g]
        tiles = np.repeat(np.arange(34), full)
        tiles = tiles[tiles != NORTH]
        np.add.at(walls[g], rng.choice(tiles, int(rng.integers(12, 27)), replace=False), 1)
        walls[g, NORTH] = full[NORTH]
    assert (walls >= 0).all() and (hands.sum(axis=1) == 13).all()
    return hands.astype(np.uint8), walls.astype(np.uint8)


@pytest.mark.parametrize("riichi", [True, False])
def test_play_with_kita_matches_the_reference_game_by_game(riichi: bool) -> None:
    rng = np.random.default_rng(1400 + riichi)
    n, draws = 160, 14
    hands, walls = north_heavy(rng, n)
    uniforms, kita = rng.random((draws, n)), rng.random((4, n))
    expected = reference_games(hands, walls, uniforms, kita, riichi)
    seen = np.zeros_like(hands)
    played = play(hands.copy(), walls.copy(), seen, uniforms, riichi=riichi, players=3, kita=kita)
    assert outcomes_of_play(played, n) == outcomes_of_reference(expected)
    assert played.player_turns == sum(g.turns for g in expected)
    # the comparison reaches every path of the policy
    assert sum(g.replacement for g in expected) >= 5
    assert sum(g.win > 0 and not g.replacement for g in expected) >= 5
    assert {g.kita for g in expected} >= {1, 2, 3}
    if riichi:
        assert any(0 < g.declared < g.kita_turn for g in expected)  # a kita after riichi


def test_play_with_kita_on_short_walls_stops_when_the_wall_is_empty() -> None:
    """Walls of 6-12 tiles holding the Norths the hand lacks: the replacements empty them
    before the last turn; the reference agrees game by game."""
    rng = np.random.default_rng(1402)
    n, draws = 200, 12
    hands = deal_counts(rng, n, 13, players=3)
    full = np.array(wall_copies(3), dtype=np.int64) - hands
    walls = np.zeros_like(full)
    for g in range(n):
        tiles = np.repeat(np.arange(34), full[g])
        keep = rng.choice(tiles[tiles != NORTH], int(rng.integers(6, 13)) - full[g, NORTH], replace=False)
        np.add.at(walls[g], keep, 1)
        walls[g, NORTH] = full[g, NORTH]
    walls = walls.astype(np.uint8)
    uniforms, kita = rng.random((draws, n)), rng.random((4, n))
    expected = reference_games(hands, walls, uniforms, kita, True)
    wall = walls.copy()
    played = play(hands.copy(), wall, np.zeros_like(hands), uniforms, players=3, kita=kita)
    assert outcomes_of_play(played, n) == outcomes_of_reference(expected)
    assert played.player_turns == sum(g.turns for g in expected)
    lost = played.win_turn < 0
    assert not wall[lost].any()  # every game that did not win drew its whole wall
    assert (played.player_turns < n * draws) and (played.kita[lost] > 0).any()


def test_a_kita_can_make_the_hand_tenpai_and_its_replacement_win() -> None:
    """The Norths of a deal that is not tenpai: the first draw, a kita, and the hand is
    tenpai; the replacement completes it (tenpai at that turn, a win on the replacement,
    no chiihou)."""
    rng = np.random.default_rng(1404)
    hands, walls = [], []
    while len(hands) < 40:  # a complete hand less two tiles plus a North; the two in the wall
        hand = complete_hand(rng)
        wall = np.zeros(34, dtype=np.int64)
        np.add.at(wall, rng.choice(np.repeat(np.arange(34), hand), 2, replace=False), 1)
        hand = hand - wall
        hand[NORTH] += 1
        if shanten_value(hand.tolist(), players=3) > 0:
            hands.append(hand)
            walls.append(wall)
    hands_a, walls_a = np.array(hands, dtype=np.uint8), np.array(walls, dtype=np.uint8)
    n = len(hands_a)
    uniforms, kita = np.zeros((1, n)), np.zeros((4, n))
    expected = reference_games(hands_a, walls_a, uniforms, kita, True)
    p = play(hands_a.copy(), walls_a.copy(), np.zeros_like(hands_a), uniforms, players=3, kita=kita)
    assert outcomes_of_play(p, n) == outcomes_of_reference(expected)
    assert (p.win_turn == 1).all() and p.win_replacement.all() and (p.tenpai_turn == 1).all()
    win = win_rows(p, "S", "E", TENHOU_SANMA)
    assert not win.chiihou.any() and win.rinshan.all() and (win.kita == 1).all()


# --- tally by tally ---------------------------------------------------------------------


@pytest.mark.slow
@pytest.mark.parametrize(("seat", "rules"), [("S", TENHOU_SANMA), ("E", MAHJONG_SOUL_SANMA)])
def test_selfplay_tallies_match_the_reference_with_scalar_scores(seat: str, rules: RuleSet) -> None:
    """``selfplay`` of 300 games (two chunks) against the reference loop on the chunks'
    own deals and uniforms, every win scored by ``score()`` with ``kita=k``."""
    n, draws, seed, size = 300, 18, 14, 150
    got = selfplay(n, draws=draws, seed=seed, chunk_size=size, players=3, seat_wind=seat, rules=rules)
    tenpai_at, win_at = [0] * (draws + 1), [0] * (draws + 1)
    points, han, fu, yakuman, yaku = Counter(), Counter(), Counter(), Counter(), Counter()
    kita_games, kita_wins, turns = [0] * 5, [0] * 5, 0
    for chunk in plan(n, seed, size):
        rng = chunk.rng()
        hands = deal_counts(rng, chunk.size, 13, players=3)
        uniforms = rng.random((draws, chunk.size))
        kita = rng.random((4, chunk.size))
        walls = np.array(wall_copies(3), dtype=np.uint8) - hands
        for g in reference_games(hands, walls, uniforms, kita, True):
            turns += g.turns
            kita_games[g.kita] += 1
            if g.tenpai >= 0:
                tenpai_at[g.tenpai] += 1
            if g.win < 0:
                continue
            win_at[g.win] += 1
            kita_wins[g.kita] += 1
            p, h, f, y, names = reference_score(g, seat, rules)
            points[p] += 1
            yaku.update(names)
            if y:
                yakuman[y] += 1
            else:
                han[h] += 1
                fu[f] += 1
    assert got.player_turns == turns
    assert (got.tenpai_at, got.win_at) == (tuple(tenpai_at), tuple(win_at))
    assert (got.kita_games, got.kita_wins) == (tuple(kita_games), tuple(kita_wins))
    assert dict(got.points) == dict(points)
    assert (dict(got.han), dict(got.fu), dict(got.yakuman)) == (dict(han), dict(fu), dict(yakuman))
    assert dict(got.yaku) == dict(yaku)
    assert got.wins > 60 and sum(kita_wins[1:]) > 30 and got.yaku.get("rinshan", 0) >= 1


# --- invariants -------------------------------------------------------------------------


@pytest.fixture(scope="module")
def played_3p() -> tuple:
    rng = np.random.default_rng(1403)
    n = 4000
    hands = deal_counts(rng, n, 13, players=3)
    wall = np.array(wall_copies(3), dtype=np.uint8) - hands
    start = hands.copy()
    p = play(hands, wall, np.zeros_like(hands), rng.random((18, n)), players=3, kita=rng.random((4, n)))
    return p, start, hands


def test_no_north_is_kept_and_no_more_than_four_kita(played_3p: tuple) -> None:
    p, start, final = played_3p
    assert (p.kita >= 0).all() and (p.kita <= 4).all() and (p.kita == 4).any()
    t = p.win_turn[p.won]
    # a winning hand holds a North only on a win on the first draw itself (before any
    # kita) or when the North is the winning tile (a win is declared, not a kita: kokushi)
    keeps = p.win_hands[:, NORTH] > 0
    first = (t == 1) & ~p.win_replacement
    assert (first | (p.win_kinds == NORTH))[keeps].all() and keeps.sum() < 0.01 * len(keeps)
    assert (p.win_hands[:, NORTH] + p.kita[p.won] <= 4).all()
    # the 13 tiles of every game that played on hold no North, and kita + North <= 4
    lost = np.setdiff1d(np.arange(len(final)), p.won)
    assert not final[lost, NORTH].any()
    assert (p.kita[lost] >= start[lost, NORTH]).all()
    # the kita's first turn is set exactly when there was a kita; the deal's Norths at turn 1
    assert ((p.kita_turn >= 1) == (p.kita > 0)).all()
    dealt = np.setdiff1d(np.flatnonzero(start[:, NORTH] > 0), p.won[t == 1])
    assert (p.kita_turn[dealt] == 1).all()


def test_points_of_a_win_with_k_kita_are_those_of_score(played_3p: tuple) -> None:
    p, _, _ = played_3p
    win = win_rows(p, "S", "E", TENHOU_SANMA)
    batch = score_batch(p.win_hands, p.win_kinds, win, rules=TENHOU_SANMA, threads=1)
    assert batch.is_win.all()
    kita = p.kita[p.won]
    assert {0, 1, 2, 3} <= set(kita.tolist())
    rng = np.random.default_rng(5)
    # every win on a replacement or with 3+ kita, and a sample of the others
    rows = np.flatnonzero(p.win_replacement | (kita >= 3) | (rng.random(len(kita)) < 0.1))
    for i in rows.tolist():
        r = score(
            format_counts(p.win_hands[i].tolist()),
            KIND_NAMES[int(p.win_kinds[i])],
            tsumo=True,
            seat_wind="S",
            round_wind="E",
            riichi=bool(win.riichi[i]),
            double_riichi=bool(win.double_riichi[i]),
            ippatsu=bool(win.ippatsu[i]),
            rinshan=bool(win.rinshan[i]),
            chiihou=bool(win.chiihou[i]),
            riichi_sticks=int(win.riichi[i]),
            kita=int(kita[i]),
            rules=TENHOU_SANMA,
        )
        assert (r.points, r.han, r.fu) == (int(batch.points[i]), int(batch.han[i]), int(batch.fu[i])), i
        assert r.dora.kita == kita[i]
        if not r.yakuman:  # each kita one han
            assert r.han == sum(y.han for y in r.yaku) + kita[i]
            assert ("rinshan" in {y.id for y in r.yaku}) == p.win_replacement[i]
    assert len(rows) > 100


def test_kita_replacement_wins_break_ippatsu_and_first_turn_kita_double_riichi(played_3p: tuple) -> None:
    p, _, _ = played_3p
    win = win_rows(p, "S", "E", TENHOU_SANMA)
    t, declared = p.win_turn[p.won], p.riichi_turn[p.won]
    assert not (win.ippatsu & p.win_replacement).any()
    chance = (declared >= 1) & (declared == t - 1)
    assert (win.ippatsu == chance & ~p.win_replacement).all() and win.ippatsu.any()
    assert (win.double_riichi == ((declared == 1) & (p.kita_turn[p.won] != 1))).all()
    assert ((declared == 1) & (p.kita_turn[p.won] == 1)).any()  # the rule is exercised
    assert (win.rinshan == p.win_replacement).all()
    plain = win_rows(p, "S", "E", dataclasses.replace(TENHOU_SANMA, kita_rinshan=False))
    assert not plain.rinshan.any()


# --- selfplay: determinism, defaults, statistics ----------------------------------------


def test_kita_is_the_three_player_default_and_the_same_at_one_and_two_workers() -> None:
    one = selfplay(2000, draws=12, seed=21, chunk_size=500, players=3)
    assert one.kita and one == selfplay(2000, draws=12, seed=21, chunk_size=500, players=3, kita=True)
    assert one == selfplay(2000, draws=12, seed=21, chunk_size=500, players=3, workers=2)
    off = selfplay(2000, draws=12, seed=21, chunk_size=500, players=3, kita=False)
    assert not off.kita and off != one and off.kita_games == () and off.mean_kita is None
    assert sum(one.kita_games) == one.games and sum(one.kita_wins) == one.wins
    # each kita is a dora: the wins are worth more; four Norths among 108 tiles, about
    # 13 + 12 + kita of them seen: close to 4 * 26 / 108 = 0.96 kita a game
    assert one.mean_points > off.mean_points
    assert 0.85 < one.mean_kita < 1.1 and one.mean_kita_per_win > 0
    d = one.to_dict()
    assert d["kita"] is True and d["kita_games"] == list(one.kita_games) and d["mean_kita"] == one.mean_kita
    assert "kita" not in selfplay(200, draws=4, seed=1).to_dict()  # four players: unchanged


def test_four_players_never_declare_kita() -> None:
    assert selfplay(500, draws=6, seed=2) == selfplay(500, draws=6, seed=2, kita=False)
    assert selfplay(500, draws=6, seed=2, kita=None).kita is False


def test_selfplay_draws_up_to_the_whole_wall_with_kita() -> None:
    r = selfplay(400, draws=95, seed=3, players=3, riichi=False)
    assert r.wins <= r.games and r.player_turns < 400 * 95 and sum(r.kita_games) == 400


def empty_play(**kwargs: object) -> object:
    """``play`` of two empty games of three draws."""
    rows = np.zeros((2, 34), np.uint8)
    return play(rows, rows.copy(), rows.copy(), np.zeros((3, 2)), **kwargs)  # type: ignore[arg-type]


@pytest.mark.parametrize(
    ("call", "message"),
    [
        (lambda: selfplay(10, kita=True), "three-player only; pass players=3"),
        (lambda: selfplay(10, players=4, kita=True), "kita=None / False with four players"),
        (lambda: selfplay(10, players=3, kita="yes"), "kita must be True or False"),  # type: ignore[arg-type]
        (lambda: selfplay(10, players=3, kita=1), "kita must be True or False"),  # type: ignore[arg-type]
        (lambda: empty_play(kita=np.zeros((4, 2))), "three-player only"),
        (lambda: empty_play(players=3, kita=np.zeros((3, 2))), "shape"),
    ],
)
def test_bad_kita_arguments(call: object, message: str) -> None:
    with pytest.raises(InvalidArgumentError, match=message):
        call()  # type: ignore[operator]


def test_cli_no_kita(capsys: pytest.CaptureFixture[str]) -> None:
    import json

    argv = ["simulate", "selfplay", "--games", "600", "--draws", "8", "--seed", "4", "--players", "3"]
    argv.append("--json")
    assert main(argv) == 0
    on = json.loads(capsys.readouterr().out)
    assert main([*argv, "--no-kita"]) == 0
    off = json.loads(capsys.readouterr().out)
    assert on["kita"] is True and off["kita"] is False
    assert off == selfplay(600, draws=8, seed=4, players=3, kita=False).to_dict()
    assert on == selfplay(600, draws=8, seed=4, players=3).to_dict()
    assert main(argv[:-1]) == 0
    assert "kita)" in capsys.readouterr().out
