"""Walls: Tenhou's shuffle against every Tenhou log with a seed, our seeded wall frozen,
and a wall the user gives checked."""

from __future__ import annotations

import gzip
import re
from collections import Counter

import pytest
from gamelogs import MJLOG

from riichi_lut.errors import InvalidArgumentError, LogFormatError
from riichi_lut.game.wall import THREE_PLAYER_IDS, seeded_wall, tenhou_walls, wall_from_tiles

_TAG = re.compile(r"<(\w+)([^>]*?)/?>")
_ATTR = re.compile(r'(\w+)="([^"]*)"')


def _text(path):
    data = path.read_bytes()
    return (gzip.decompress(data) if data[:2] == b"\x1f\x8b" else data).decode()


def _seeded_logs():
    out = []
    for path in sorted(MJLOG.iterdir()):
        text = _text(path)
        if "<SHUFFLE" in text:
            out.append((path.name, text))
    return out


def check_log(text):
    """Every dealt hand, draw, dora, replacement tile, ura indicator and dice of a log
    against the walls of its seed; returns what it checked."""
    tags = [(t, dict(_ATTR.findall(rest))) for t, rest in _TAG.findall(text)]
    seed = next(a["seed"] for t, a in tags if t == "SHUFFLE")
    walls = tenhou_walls(seed, sum(1 for t, _ in tags if t == "INIT"))
    seen = Counter()
    k = -1
    wall = None
    live = rinshan = kan_dora = 0
    after_kan = False
    for tag, a in tags:
        if tag == "INIT":
            k += 1
            wall = walls[k]
            live = rinshan = kan_dora = 0
            after_kan = False
            dealt = wall.deal(int(a["oya"]))
            for seat in range(4):
                assert [int(x) for x in a[f"hai{seat}"].split(",")] == list(dealt[seat])
            fields = [int(x) for x in a["seed"].split(",")]
            assert (fields[3], fields[4]) == wall.dice
            assert fields[5] == wall.dora_indicator(0)
            seen["hands"] += 1
        elif re.fullmatch(r"[TUVW]\d+", tag):
            tile = int(tag[1:])
            if after_kan:
                assert tile == wall.rinshan(rinshan)
                rinshan += 1
                seen["replacement draws"] += 1
            else:
                assert tile == wall.live_draws[live]
                live += 1
                seen["live draws"] += 1
            after_kan = False
        elif tag == "N":
            after_kan = True  # a chi or pon is followed by a discard, a kan by a replacement draw
        elif re.fullmatch(r"[DEFG]\d+", tag):
            after_kan = False
        elif tag == "DORA":
            kan_dora += 1
            assert int(a["hai"]) == wall.dora_indicator(kan_dora)
            seen["kan dora"] += 1
        elif tag == "AGARI" and "doraHaiUra" in a:
            for i, tile in enumerate(a["doraHaiUra"].split(",")):
                assert int(tile) == wall.ura_indicator(i)
                seen["ura indicators"] += 1
    return seen


def test_tenhous_shuffle_gives_every_deal_draw_and_indicator_of_the_real_logs():
    total = Counter()
    logs = _seeded_logs()
    for name, text in logs:
        try:
            total += check_log(text)
        except AssertionError:
            pytest.fail(f"{name}: the wall from its seed differs from the log")
    assert len(logs) == 48
    assert total["hands"] == 480 and total["live draws"] == 22074
    assert total["replacement draws"] >= 40 and total["kan dora"] >= 40 and total["ura indicators"] >= 170


def test_a_changed_seed_gives_another_wall():
    _, text = _seeded_logs()[0]
    seed = re.search(r'<SHUFFLE seed="([^"]+)"', text).group(1)
    changed = seed[:-8] + ("A" if seed[-8] != "A" else "B") + seed[-7:]
    with pytest.raises(AssertionError):
        check_log(text.replace(seed, changed))


@pytest.mark.parametrize(
    ("seed", "message"),
    [
        ("mt19937ar-sha512-n288-base64,!!!", "base64"),
        ("mt19937ar-sha512-n288-base64,AAAA", "2496"),
        ("mt19937ar-sha512-n288,XYZ", "hex"),
        ("xorshift,1234", "unknown scheme"),
    ],
)
def test_a_bad_seed_is_a_log_format_error(seed, message):
    with pytest.raises(LogFormatError, match=message):
        tenhou_walls(seed, 1)


def test_our_seeded_wall_is_frozen():
    # these values are the algorithm of docs/game-wall.md: a change here breaks every
    # recorded seed, so it is never made silently
    assert seeded_wall(1, 0, 0).tiles[:8] == (92, 23, 97, 96, 110, 102, 62, 59)
    assert seeded_wall(1, 0, 0).dice == (1, 4)
    assert seeded_wall(2**40, 7, 3).tiles[:4] == seeded_wall(2**40, 7, 3).tiles[:4]
    assert seeded_wall(1, 0, 1).tiles != seeded_wall(1, 0, 0).tiles
    assert sorted(seeded_wall(5, 2, 1).tiles) == list(range(136))
    assert sorted(seeded_wall(5, 2, 1, players=3).tiles) == list(THREE_PLAYER_IDS)


def test_seeded_wall_is_uniform_enough():
    # each id lands in each position about equally often (chi-square over 4,000 walls)
    counts = Counter()
    for seed in range(4000):
        counts[seeded_wall(seed, 0, 0).tiles[0] // 4] += 1
    expected = 4000 / 34
    chi2 = sum((counts[k] - expected) ** 2 / expected for k in range(34))
    assert chi2 < 70  # 33 degrees of freedom: p < 0.0003 for larger


@pytest.mark.parametrize(
    ("tiles", "message"),
    [
        (list(range(135)), "136 tile ids"),
        ([*range(135), 0], "repeats id 0"),
        ([*range(135), 136], "outside"),
    ],
)
def test_a_wall_the_user_gives_is_checked(tiles, message):
    with pytest.raises(InvalidArgumentError, match=message):
        wall_from_tiles(tiles)


def test_a_three_player_wall_has_no_2m_to_8m():
    tiles = list(THREE_PLAYER_IDS)
    tiles[0] = 4
    with pytest.raises(InvalidArgumentError, match="2m-8m"):
        wall_from_tiles(tiles, players=3)
    wall = wall_from_tiles(THREE_PLAYER_IDS, players=3)
    assert len(wall.live_draws) == 55 and len(wall.deal(0)) == 3
