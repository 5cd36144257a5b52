"""Walls: Tenhou's shuffle against every Tenhou log with a seed (every deal, draw,
replacement tile, dora, ura indicator and dice), MT19937 against an independent
implementation, our seeded wall frozen, and a wall the user gives checked."""

from __future__ import annotations

import gzip
import hashlib
import random
import re
import xml.etree.ElementTree as ET
from collections import Counter

import pytest
from gamelogs import MJLOG

from riichi_lut.errors import InvalidArgumentError, LogFormatError
from riichi_lut.game.mt19937 import MT19937
from riichi_lut.game.wall import (
    DEAD_WALL,
    LIVE_WALL,
    LIVE_WALL_THREE,
    THREE_PLAYER_IDS,
    _block_words,
    _next_below,
    iter_tenhou_walls,
    seeded_wall,
    tenhou_walls,
    wall_from_tiles,
)

_DRAW = re.compile(r"[TUVW](\d+)")
_DISCARD = re.compile(r"[DEFG](\d+)")


def _xml(path):
    data = path.read_bytes()
    return (gzip.decompress(data) if data[:2] == b"\x1f\x8b" else data).decode()


def _seeded_logs():
    logs = [(path.name, _xml(path)) for path in sorted(MJLOG.iterdir())]
    return [(name, text) for name, text in logs if "<SHUFFLE" in text]


def _ints(text):
    return [int(x) for x in text.split(",")]


class WallMismatchError(AssertionError):
    pass


def check_log(text):
    """Every dealt hand, draw, replacement draw, dora and ura indicator and the dice of an
    mjlog against the walls of its seed; returns how many of each it checked, and raises
    :class:`WallMismatchError` naming the hand and the tag that differs."""
    tags = list(ET.fromstring(text))
    seed = next(t.get("seed") for t in tags if t.tag == "SHUFFLE")
    walls = iter_tenhou_walls(seed)
    seen = Counter()
    hand = -1
    wall = None
    live = rinshan = kan_dora = 0
    last_live = None
    after_call = False

    def expect(got, wanted, what, index):
        if got != wanted:
            raise WallMismatchError(
                f"hand {hand}, tag {index} <{tags[index].tag}>: {what} {got} != wall's {wanted}"
            )

    for index, tag in enumerate(tags):
        name, a = tag.tag, tag.attrib
        if name == "INIT":
            hand += 1
            wall = next(walls)
            live = rinshan = kan_dora = 0
            after_call = False
            dealt = wall.deal(int(a["oya"]))
            for seat in range(4):
                expect(_ints(a[f"hai{seat}"]), list(dealt[seat]), f"hai{seat}", index)
            fields = _ints(a["seed"])
            expect((fields[3], fields[4]), wall.dice, "dice", index)
            expect(fields[5], wall.dora_indicator(0), "dora indicator", index)
            seen["hands"] += 1
        elif _DRAW.fullmatch(name):
            tile = int(name[1:])
            if after_call:  # a draw right after a call: the kan's replacement tile
                expect(tile, wall.rinshan(rinshan), f"replacement draw {rinshan}", index)
                rinshan += 1
                seen["replacement draws"] += 1
            else:
                expect(tile, wall.live_draws[live], f"live draw {live}", index)
                last_live = tile
                live += 1
                seen["live draws"] += 1
            after_call = False
        elif name == "N":
            after_call = True  # a chi or pon is followed by a discard, a kan by a draw
        elif _DISCARD.fullmatch(name):
            after_call = False
        elif name == "DORA":
            kan_dora += 1
            expect(int(a["hai"]), wall.dora_indicator(kan_dora), f"kan dora {kan_dora}", index)
            seen["kan dora"] += 1
        elif name == "AGARI":
            wanted = [wall.dora_indicator(i) for i in range(kan_dora + 1)]
            expect(_ints(a["doraHai"]), wanted, "doraHai", index)
            if "doraHaiUra" in a:
                ura = _ints(a["doraHaiUra"])
                expect(ura, [wall.ura_indicator(i) for i in range(len(ura))], "doraHaiUra", index)
                expect(len(ura), kan_dora + 1, "ura indicators", index)
                seen["ura indicators"] += len(ura)
        elif name == "RYUUKYOKU" and "type" not in a:  # exhaustive draw: the wall ran out
            expect(live, wall.live_count(rinshan), "live draws in the hand", index)
            expect(last_live, wall.haitei(rinshan), "haitei", index)
            seen["exhaustive draws"] += 1
    return seen


def test_tenhous_shuffle_gives_every_deal_draw_and_indicator_of_the_real_logs():
    total = Counter()
    logs = _seeded_logs()
    for name, text in logs:
        try:
            seen = check_log(text)
        except WallMismatchError as error:
            pytest.fail(f"{name}: {error}")
        # every INIT and every draw tag of the log was checked, none skipped
        assert seen["hands"] == text.count("<INIT ")
        draws = len(re.findall(r"<[TUVW]\d+/>", text))
        assert seen["live draws"] + seen["replacement draws"] == draws
        total += seen
    assert len(logs) >= 48  # every mjlog of the test data carries a seed
    assert total["replacement draws"] > 0 and total["kan dora"] > 0
    assert total["ura indicators"] > 0 and total["exhaustive draws"] > 0
    print(f"{len(logs)} logs: {dict(total)}")


@pytest.mark.parametrize(
    ("old", "new", "message"),
    [
        (r"<T(\d+)/>", "<T{}/>", "live draw"),  # a changed live draw
        (r'<DORA hai="(\d+)"', '<DORA hai="{}"', "kan dora"),
        (r'doraHaiUra="(\d+)', 'doraHaiUra="{}', "doraHaiUra"),
        (r'hai1="(\d+)', 'hai1="{}', "hai1"),
    ],
)
def test_a_changed_log_is_a_mismatch_naming_the_tag(old, new, message):
    text = next(t for _, t in _seeded_logs() if "<DORA" in t and "doraHaiUra" in t)
    match = re.search(old, text)
    changed = text[: match.start()] + new.format((int(match.group(1)) + 4) % 136) + text[match.end() :]
    with pytest.raises(WallMismatchError, match=message):
        check_log(changed)


def test_a_changed_seed_gives_another_wall():
    _, text = _seeded_logs()[0]
    seed = re.search(r'<SHUFFLE seed="([^"]+)"', text).group(1)
    changed = seed[:-8] + ("A" if seed[-8] != "A" else "B") + seed[-7:]
    with pytest.raises(WallMismatchError):
        check_log(text.replace(seed, changed))


@pytest.mark.parametrize("length", [1, 4, 623, 624, 1000])
def test_mt19937_equals_pythons_own(length):
    # CPython's random module is mt19937ar: seeding it with an int runs init_by_array on
    # the int's 32-bit words (least significant first), and getrandbits(32) is genrand_int32
    rng = random.Random(length)
    key = [rng.getrandbits(32) for _ in range(length)]
    key[-1] |= 1  # a leading zero word would be dropped from the int
    reference = random.Random(sum(word << (32 * i) for i, word in enumerate(key)))
    ours = MT19937(key)
    words = ours.next_words(700) + [ours.next_word() for _ in range(5)] + ours.next_words(1300)
    assert words == [reference.getrandbits(32) for _ in range(2005)]


def test_the_walls_of_a_seed_come_in_order():
    _, text = _seeded_logs()[0]
    seed = re.search(r'<SHUFFLE seed="([^"]+)"', text).group(1)
    walls = tenhou_walls(seed, 3)
    endless = iter_tenhou_walls(seed)
    assert [next(endless) for _ in range(4)][:3] == walls
    assert tenhou_walls(seed, 0) == []
    assert len({w.tiles for w in walls}) == 3
    for wall in walls:
        assert sorted(wall.tiles) == list(range(136))
        assert len(wall.live_draws) == LIVE_WALL == wall.live_count(0)
        assert wall.live_count(4) == LIVE_WALL - 4
        assert wall.haitei(0) == wall.tiles[DEAD_WALL] and wall.haitei(2) == wall.tiles[DEAD_WALL + 2]
    three = tenhou_walls(seed, 2, players=3)
    assert sorted(three[0].tiles) == list(THREE_PLAYER_IDS)
    assert [len(h) for h in three[0].deal(2)] == [13, 13, 13]
    assert len(three[0].live_draws) == LIVE_WALL_THREE


@pytest.mark.parametrize(
    ("seed", "message"),
    [
        ("mt19937ar-sha512-n288-base64,!!!", "base64"),
        ("mt19937ar-sha512-n288-base64,AAAA", "2496"),
        ("mt19937ar-sha512-n288,XYZ", "hex"),
        ("mt19937ar-sha512-n288,1FFFFFFFF", "32-bit"),
        ("xorshift,1234", "unknown scheme"),
        ("", "unknown scheme"),
    ],
)
def test_a_bad_seed_is_a_log_format_error(seed, message):
    with pytest.raises(LogFormatError, match=f"SHUFFLE seed.*{message}"):
        tenhou_walls(seed, 1)
    with pytest.raises(LogFormatError, match="SHUFFLE seed"):
        iter_tenhou_walls(seed)  # at once, not at the first wall


def test_our_seeded_wall_is_frozen():
    # these values are the algorithm of docs/game-wall.md: a change here breaks every
    # recorded seed, so it is never made silently (it would be "v2" of the label)
    assert seeded_wall(1, 0, 0).tiles[:8] == (92, 23, 97, 96, 110, 102, 62, 59)
    assert seeded_wall(1, 0, 0).dice == (1, 4)
    assert seeded_wall(2**40, 7, 3, game=9).tiles[:6] == (39, 83, 8, 37, 100, 65)
    assert seeded_wall(5, 2, 1, players=3).tiles[:6] == (101, 54, 69, 78, 65, 43)
    assert sorted(seeded_wall(5, 2, 1).tiles) == list(range(136))
    assert sorted(seeded_wall(5, 2, 1, players=3).tiles) == list(THREE_PLAYER_IDS)


def _documented_seeded_wall(seed, round, honba, players, game):
    """docs/game-wall.md's algorithm, written again from the text, step by step."""
    prefix = b"riichi-lut wall v1" + b"".join(
        v.to_bytes(8, "little") for v in (seed, round, honba, players, game)
    )
    words = []
    for block in range(40):  # more than enough words for 135 draws and the dice
        digest = hashlib.sha512(prefix + block.to_bytes(8, "little")).digest()
        words += [int.from_bytes(digest[k : k + 4], "little") for k in range(0, 64, 4)]
    words.reverse()

    def below(n):
        while True:
            word = words.pop()
            if word < 2**32 - 2**32 % n:
                return word % n

    yama = [t for t in range(136) if players == 4 or not 4 <= t < 32]
    for i in range(len(yama) - 1):
        j = i + below(len(yama) - i)
        yama[i], yama[j] = yama[j], yama[i]
    return tuple(yama), (below(6), below(6))


@pytest.mark.parametrize(
    ("seed", "round", "honba", "players", "game"), [(0, 0, 0, 4, 0), (7, 3, 2, 3, 1), (2**62, 11, 9, 4, 5)]
)
def test_the_seeded_wall_is_the_documented_algorithm(seed, round, honba, players, game):
    wall = seeded_wall(seed, round, honba, players=players, game=game)
    assert (wall.tiles, wall.dice) == _documented_seeded_wall(seed, round, honba, players, game)


def test_many_seeded_walls_are_the_documented_algorithm():
    for seed in range(60):
        for players in (4, 3):
            wall = seeded_wall(seed, seed % 8, seed % 3, players=players, game=seed // 7)
            expected = _documented_seeded_wall(seed, seed % 8, seed % 3, players, seed // 7)
            assert (wall.tiles, wall.dice) == expected, (seed, players)


@pytest.mark.parametrize(("seed", "players"), [(186_788, 4), (1_768_949, 3)])
def test_a_seeded_wall_with_a_rejected_word_is_the_documented_algorithm(seed, players):
    # found by a search: about one wall in 500,000 meets a word its draw must reject
    size = 136 if players == 4 else 108
    prefix = b"riichi-lut wall v1" + b"".join(v.to_bytes(8, "little") for v in (seed, 0, 0, players, 0))
    words = _block_words(prefix, 0, 9)
    assert any(words[i] >= 2**32 - 2**32 % (size - i) for i in range(size - 1))
    wall = seeded_wall(seed, 0, 0, players=players)
    assert (wall.tiles, wall.dice) == _documented_seeded_wall(seed, 0, 0, players, 0)


def test_the_seeded_walls_draws_reject_the_words_that_would_bias_them():
    # 2**32 = 31,580,641 * 136 + 120: the top 120 words are skipped for a draw in 0..135,
    # the top 4 for a die; a plain modulo would return 2**32 - 1 % 136 = 119
    top = [2**32 - 1, 2**32 - 120, 2**32 - 121]
    assert _next_below(b"x", top, 0, 136) == ((2**32 - 121) % 136, 3)
    assert _next_below(b"x", [2**32 - 4, 2**32 - 5], 0, 6) == ((2**32 - 5) % 6, 2)
    assert _next_below(b"x", [5, 7], 1, 6) == (1, 2)
    # the stream: SHA-512 blocks of the prefix and the block number, 16 words each
    words = _block_words(b"x", 0, 2)
    assert len(words) == 32 and words[16] == int.from_bytes(
        hashlib.sha512(b"x" + (1).to_bytes(8, "little")).digest()[:4], "little"
    )
    # a block all rejected: the draw goes on in the next block, fetched then
    rejected = [2**32 - 1] * 16
    value, k = _next_below(b"x", rejected, 0, 136)
    assert k == 17 and len(rejected) == 32 and value == words[16] % 136


def test_a_seeded_wall_depends_on_its_arguments_only():
    base = dict(seed=3, round=1, honba=0, players=4, game=0)
    first = seeded_wall(**base)
    for name, other in [("seed", 4), ("round", 2), ("honba", 1), ("players", 3), ("game", 1)]:
        assert seeded_wall(**{**base, name: other}).tiles != first.tiles, name
    for seed in range(3):
        seeded_wall(seed, 0, 0)  # whatever was made in between
    assert seeded_wall(**base) == first


def test_seeded_wall_is_uniform_enough():
    # the kind at the first and the last place over 4,000 walls: chi-square, 33 degrees
    # of freedom (70 is p < 0.0003)
    first, last = Counter(), Counter()
    for seed in range(4000):
        tiles = seeded_wall(seed, 0, 0).tiles
        first[tiles[0] // 4] += 1
        last[tiles[-1] // 4] += 1
    expected = 4000 / 34
    for counts in (first, last):
        assert sum((counts[k] - expected) ** 2 / expected for k in range(34)) < 70


@pytest.mark.parametrize(
    ("tiles", "kwargs", "message"),
    [
        (list(range(135)), {}, r"136 tile ids, got 135 \(missing ids \[135\]\)"),
        ([*range(135), 0], {}, r"\[135\] repeats id 0 \(first at \[0\]\)"),
        ([*range(135), 136], {}, r"tiles\[135\] must be 0..135, got 136"),
        ([*range(135), 1.5], {}, r"tiles\[135\] must be a whole number"),
        ([*range(135), True], {}, r"tiles\[135\] must be a whole number"),
        (5, {}, "must be a sequence"),
        (range(136), {"dice": (3, 6)}, r"dice\[1\] must be 0..5, got 6"),
        (range(136), {"dice": (3,)}, "dice must be two numbers"),
        (range(136), {"players": 2}, "players must be 3 or 4"),
        (range(136), {"players": 3}, r"\[4\] is id 4 \(2m-8m\), absent in three players"),
        (THREE_PLAYER_IDS[1:], {"players": 3}, r"108 tile ids, got 107 \(missing ids \[0\]\)"),
    ],
)
def test_a_wall_the_user_gives_is_checked(tiles, kwargs, message):
    with pytest.raises(InvalidArgumentError, match=message):
        wall_from_tiles(tiles, **kwargs)


def test_a_wall_the_user_gives_is_used_as_given():
    tiles = list(reversed(range(136)))
    wall = wall_from_tiles(tiles, dice=(0, 5))
    assert wall.tiles == tuple(tiles) and wall.dice == (0, 5) and wall.dice_faces == (1, 6)
    assert wall.deal(1)[1][:4] == (0, 1, 2, 3)  # the dealer takes yama[135..132]
    assert wall.rinshan(0) == 134 and wall.dora_indicator(0) == 130 and wall.ura_indicator(0) == 131
    three = wall_from_tiles(THREE_PLAYER_IDS, players=3)
    assert len(three.live_draws) == LIVE_WALL_THREE and len(three.deal(0)) == 3
    assert three.rinshan(4) == THREE_PLAYER_IDS[DEAD_WALL]  # beyond the dead wall's four


@pytest.mark.parametrize(
    ("call", "message"),
    [
        (lambda w: w.deal(4), "dealer must be 0..3, got 4"),
        (lambda w: w.rinshan(4), "index must be 0..3, got 4"),
        (lambda w: w.dora_indicator(5), "index must be 0..4, got 5"),
        (lambda w: w.ura_indicator(-1), "index must be 0..4, got -1"),
        (lambda w: w.haitei(5), "replacements must be 0..4, got 5"),
    ],
)
def test_a_wall_asked_out_of_range_says_so(call, message):
    with pytest.raises(InvalidArgumentError, match=message):
        call(seeded_wall(0, 0, 0))
