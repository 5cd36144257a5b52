"""``nanikiru(..., players=3)`` and ``hand_outlook(..., players=3)``: the 108-tile wall (no
2m-8m) less the hand, calls and visible tiles, checked against a wall counted here from the
tiles; equality, number for number, with a per-candidate loop over ``selfplay.play`` on the
same uniforms; a fixed wait against the hypergeometric law of the 108-tile wall; seeded
determinism across workers; and the errors for a 2m-8m anywhere."""

from __future__ import annotations

import importlib
from math import comb
from typing import Any

import numpy as np
import pytest

from riichi_lut import parse_hand, rank_discards
from riichi_lut.core.tiles import KIND_NAMES
from riichi_lut.errors import InvalidArgumentError, InvalidHandError
from riichi_lut.sim import hand_outlook, nanikiru
from riichi_lut.sim.backend import plan
from riichi_lut.sim.selfplay import play

# the module (riichi_lut.sim.nanikiru is also the name of the function the package exports)
nanikiru_module = importlib.import_module("riichi_lut.sim.nanikiru")
SUITS = "mpsz"
MAN_2_TO_8 = slice(1, 8)
#: 111m 999m 111p 999p and a single 1z: after 7z goes, the only wait is 1z (tanki), three live
TANKI = "111m999m111p999p1z7z"
#: shanpon 1m/9m after 5z; in three players 11m 99m have no run to grow into
SHANPON = "11m99m123p456p789s5z"
#: a 1-shanten hand with several candidates, 1m and 9m among them
SEVERAL = "1m99m1235p456p78s55z"


def tile_counts(text: str) -> list[int]:
    """34 counts of closed mpsz notation, read here digit by digit (0 is a red five)."""
    counts = [0] * 34
    digits: list[int] = []
    for char in text.replace(" ", ""):
        if char.isdigit():
            digits.append(5 if char == "0" else int(char))
        else:
            offset = 9 * SUITS.index(char)
            for digit in digits:
                counts[offset + digit - 1] += 1
            digits = []
    return counts


def reference_wall(own: list[int], visible: list[int]) -> np.ndarray:
    """The three-player wall from the rule's definition: four copies of each of 1m, 9m,
    1p-9p, 1s-9s, 1z-7z and none of 2m-8m, less the player's tiles and the visible ones."""
    full = [0 if 1 <= k <= 7 else 4 for k in range(34)]
    return np.array([f - o - v for f, o, v in zip(full, own, visible, strict=True)], dtype=np.uint8)


def spy_on_play(monkeypatch: pytest.MonkeyPatch) -> list[dict[str, Any]]:
    """Record what ``nanikiru`` gives ``play`` (copies of the arrays, before the games)
    and the hands and walls after them; the real ``play`` still runs."""
    calls: list[dict[str, Any]] = []

    def spy(hands: np.ndarray, wall: np.ndarray, seen: np.ndarray, uniforms: np.ndarray, **kw: Any) -> Any:
        record = {"hands": hands.copy(), "wall": wall.copy(), "seen": seen.copy(), **kw}
        played = play(hands, wall, seen, uniforms, **kw)
        record.update(hands_after=hands.copy(), wall_after=wall.copy(), played=played)
        calls.append(record)
        return played

    monkeypatch.setattr(nanikiru_module, "play", spy)
    return calls


# --------------------------------------------------------------------------- the wall


@pytest.mark.parametrize(
    ("hand", "visible"),
    [(SHANPON, None), (SEVERAL, "1m 9p 9p 4z"), ("19m123p456p11z5z [777s]", "3z")],
)
def test_the_wall_is_the_108_tile_set_less_hand_calls_and_visible(
    monkeypatch: pytest.MonkeyPatch, hand: str, visible: str | None
) -> None:
    calls = spy_on_play(monkeypatch)
    nanikiru(hand, visible, draws=6, n=40, players=3, chunk_size=16)
    own = tile_counts(hand.replace("[", "").replace("]", ""))
    seen = tile_counts(visible or "")
    expected = reference_wall(own, seen)
    assert sum(expected) == 108 - 14 - sum(seen)
    assert len(calls) == 3  # 40 games in chunks of 16
    for call in calls:
        assert call["players"] == 3
        assert (call["wall"] == expected).all()
        # the games drew from that wall only: never a 2m-8m in hand, nor out of the wall
        assert not call["hands_after"][:, MAN_2_TO_8].any() and not call["wall_after"][:, MAN_2_TO_8].any()
        assert not call["played"].win_hands[:, MAN_2_TO_8].any()
        # each game drew what its wall lost, and threw it away or kept it
        drawn = call["wall"].astype(int) - call["wall_after"]
        assert (drawn >= 0).all()


def test_hand_outlook_wall_and_the_three_player_shanten(monkeypatch: pytest.MonkeyPatch) -> None:
    calls = spy_on_play(monkeypatch)
    # four 1m and four 9m: 2-shanten in three players (1-shanten in four, 1m joins 2m 3m)
    outlook = hand_outlook("11119999m234p22z", "5z", draws=4, n=20, players=3)
    assert outlook.shanten == 2 and hand_outlook("11119999m234p22z", draws=4, n=20).shanten == 1
    call = calls[0]  # the three-player outlook's only chunk
    assert call["players"] == 3 and calls[1]["players"] == 4
    assert (call["wall"] == reference_wall(tile_counts("11119999m234p22z"), tile_counts("5z"))).all()


# --------------------------------------------------------------------------- the games


def per_candidate_reference(
    hand: str, visible: str, draws: int, n: int, seed: int, chunk_size: int, riichi: bool
) -> dict[str, tuple[list[int], list[int], dict[str, int]]]:
    """Each held kind discarded in turn, its games played alone by ``play(players=3)``
    with every chunk's uniforms (no deduplication, one candidate at a time): per discard,
    tenpai within k, wins within k (k = 1..draws) and the games it won that each other
    discard did not."""
    own, seen = tile_counts(hand), tile_counts(visible)
    wall = reference_wall(own, seen)
    kinds = [k for k in range(34) if own[k]]
    won: dict[int, np.ndarray] = {k: np.zeros(0, dtype=bool) for k in kinds}
    results: dict[int, tuple[np.ndarray, np.ndarray]] = {}
    for kind in kinds:
        start = np.array(own, dtype=np.uint8)
        start[kind] -= 1
        dead = np.array(seen, dtype=np.uint8)
        dead[kind] += 1
        tenpai_turns, win_turns = [], []
        for chunk in plan(n, seed, chunk_size):
            uniforms = chunk.rng().random((draws, chunk.size))
            played = play(
                np.tile(start, (chunk.size, 1)),
                np.tile(wall, (chunk.size, 1)),
                np.tile(dead, (chunk.size, 1)),
                uniforms,
                riichi=riichi,
                riichi_at_start=True,
                players=3,
            )
            tenpai_turns.append(played.tenpai_turn)
            win_turns.append(played.win_turn)
        tenpai, wins = np.concatenate(tenpai_turns), np.concatenate(win_turns)
        results[kind] = (tenpai, wins)
        won[kind] = wins >= 0
    names = {k: "mpsz"[k // 9] for k in kinds}
    out = {}
    for kind in kinds:
        tenpai, wins = results[kind]
        within = ([int(((t >= 0) & (t <= k)).sum()) for k in range(1, draws + 1)] for t in (tenpai, wins))
        alone = {f"{o % 9 + 1}{names[o]}": int((won[kind] & ~won[o]).sum()) for o in kinds if o != kind}
        out[f"{kind % 9 + 1}{names[kind]}"] = (*within, alone)
    return out


@pytest.mark.parametrize("riichi", [False, True])
def test_equal_to_a_per_candidate_play_loop_on_the_same_uniforms(riichi: bool) -> None:
    hand, visible, draws, n, seed, chunk = SEVERAL, "9p 4z 1s", 5, 150, 11, 64
    options = nanikiru(hand, visible, draws=draws, n=n, seed=seed, chunk_size=chunk, riichi=riichi, players=3)
    expected = per_candidate_reference(hand, visible, draws, n, seed, chunk, riichi)
    assert {o.discard for o in options} == set(expected)
    for o in options:
        tenpai, wins, alone = expected[o.discard]
        assert (list(o.tenpai), list(o.wins)) == (tenpai, wins), o.discard
        assert {KIND_NAMES[k]: v for k, v in o.won_alone.items()} == alone, o.discard
    assert any(o.wins[-1] for o in options)  # the comparison is not between empty tallies
    # the ukeire shown is the three-player ranking's
    ranking = {o.tile: o.total for o in rank_discards(hand, visible, players=3, two_step=False)}
    assert all(o.ukeire == ranking[o.discard] for o in options)


def test_a_fixed_tanki_wins_as_the_hypergeometric_law_of_108_tiles_says() -> None:
    n, draws = 20_000, 8
    (option,) = nanikiru(TANKI, "1z", discards="7z", draws=draws, n=n, riichi=True, seed=2, players=3)
    wall, live = 108 - 14 - 1, 2
    assert option.tenpai == (n,) * draws and option.ukeire == live
    for k in range(1, draws + 1):
        p = 1 - comb(wall - live, k) / comb(wall, k)
        sigma = (p * (1 - p) / n) ** 0.5
        assert abs(option.wins[k - 1] / n - p) < 4 * sigma, (k, option.wins[k - 1] / n, p)
    # four players, the same seed: a 136-tile wall, fewer wins
    (four,) = nanikiru(TANKI, "1z", discards="7z", draws=draws, n=n, riichi=True, seed=2)
    assert four.wins[-1] < option.wins[-1]


SAME_SEED: dict[str, Any] = {"draws": 4, "n": 1200, "seed": 7, "chunk_size": 400, "players": 3}


# slow: two pools of two worker processes; nanikiru at two workers runs in the fast tier in
# tests/sim/test_nanikiru.py::test_same_seed_same_numbers_whatever_the_workers
@pytest.mark.slow
def test_same_numbers_at_two_workers() -> None:
    kwargs = SAME_SEED
    one = nanikiru(SEVERAL, "9p", **kwargs)
    assert one == nanikiru(SEVERAL, "9p", workers=2, **kwargs)
    outlook = hand_outlook("11m99m123p456p789s", **kwargs)
    assert outlook == hand_outlook("11m99m123p456p789s", workers=2, **kwargs)


def test_same_seed_same_numbers() -> None:
    kwargs = SAME_SEED
    one = nanikiru(SEVERAL, "9p", **kwargs)
    assert one != nanikiru(SEVERAL, "9p", **{**kwargs, "seed": 8})
    assert one != nanikiru(SEVERAL, "9p", **{**kwargs, "players": 4})


# --------------------------------------------------------------------------- errors


@pytest.mark.parametrize(
    ("hand", "visible", "message"),
    [
        ("15m99m123p456p789s5z", None, r"hand: 5m is not a three-player tile .*at position 1"),
        ("1m99m123p456p7s5z [345m]", None, r"3m is not a three-player tile"),
        (SHANPON, "3m", r"visible: 3m is not a three-player tile"),
        (SHANPON, {"own_discards": "8m"}, r"visible: 8m is not a three-player tile"),
        (tile_counts("12m99m123p456p789s5z"), None, r"hand: 2m is not a three-player tile"),
    ],
)
def test_a_two_to_eight_of_man_is_an_error_naming_it(hand: Any, visible: Any, message: str) -> None:
    with pytest.raises(InvalidHandError, match=message):
        nanikiru(hand, visible, n=10, players=3)
    # the same with the 5z gone: 13 tiles for hand_outlook
    if isinstance(hand, str):
        thirteen: Any = hand.replace("5z", "", 1)
    else:
        thirteen = list(hand)
        thirteen[31] -= 1
    with pytest.raises(InvalidHandError, match=message):
        hand_outlook(thirteen, visible, n=10, players=3)
    nanikiru(hand, visible, n=10, players=4)  # four players: a legal hand


@pytest.mark.parametrize("players", [2, 5, True, "3", 3.0, None])
def test_players_must_be_three_or_four(players: object) -> None:
    with pytest.raises(InvalidArgumentError, match=r"players must be 3 \(sanma\) or 4"):
        nanikiru(SHANPON, n=10, players=players)  # type: ignore[arg-type]
    with pytest.raises(InvalidArgumentError, match=r"players must be 3 \(sanma\) or 4"):
        hand_outlook("11m99m123p456p789s", n=10, players=players)  # type: ignore[arg-type]


def test_draws_are_bounded_by_the_108_tile_wall() -> None:
    # 108 - 14 = 94 tiles left after the hand: 94 draws at most
    assert nanikiru(SHANPON, discards="5z", draws=94, n=2, players=3)[0].draws == 94
    with pytest.raises(InvalidArgumentError, match="draws"):
        nanikiru(SHANPON, draws=95, n=2, players=3)
    assert parse_hand(SHANPON).concealed[1:8] == (0,) * 7
