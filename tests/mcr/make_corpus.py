"""Build the frozen corpora of the MCR differential tests against PyMahjongGB.

``tests/mcr/test_vs_pymahjonggb.py`` compares ``riichi_lut.mcr`` with what PyMahjongGB
(``pymahjonggb`` on PyPI, module ``MahjongGB``, the C++ fan calculator of
ChineseOfficialMahjongHelper) said when the corpora were made. PyMahjongGB is a test-time
oracle only: this script is run by hand, from the repository root, in an environment that
has it (``pip install pymahjonggb``), and the tests read the frozen files:

    python tests/mcr/make_corpus.py            # both corpora, seed 10
    python tests/mcr/make_corpus.py --score-n 6000 --shanten-n 21000 --seed 10

The same seed and the same PyMahjongGB version give the same files byte for byte. The
format of both files is described in ``tests/data/mcr/README.md``.

The converter from the package notation to PyMahjongGB's inputs, with the facts it rests on,
and the oracle calls are in ``tests/mcr/gb_oracle.py``; this script draws the hands.
"""

from __future__ import annotations

import argparse
import json
import random
import sys
from collections import Counter
from collections.abc import Callable
from pathlib import Path
from typing import Any

if __package__ in (None, ""):  # run as a script: make ``mcr.gb_oracle`` importable
    sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from mcr.gb_oracle import WINDS, gb_score, gb_shanten, our_hand, set_tiles, tile_text

DATA = Path(__file__).resolve().parents[1] / "data" / "mcr"
SCORE_OUT = DATA / "pymahjonggb_score.jsonl.zst"
SHANTEN_OUT = DATA / "pymahjonggb_shanten.jsonl.zst"
HONORS = tuple(range(27, 34))
TERMINALS = (0, 8, 9, 17, 18, 26)
GREEN = (19, 20, 21, 23, 25, 32)  # 2 3 4 6 8 s, Green Dragon
REVERSIBLE = (9, 10, 11, 12, 13, 16, 17, 19, 21, 22, 23, 25, 26, 31)  # 1234589p 245689s White
KNITS = ((0, 3, 6), (1, 4, 7), (2, 5, 8))  # 147 258 369


# --------------------------------------------------------------------------- winning hands

# themes: (name, weight, allowed kinds); flush and half_flush pick their suit at draw time
THEMES: list[tuple[str, float, tuple[int, ...]]] = [
    ("any", 30, tuple(range(34))),
    ("suits", 14, tuple(range(27))),
    ("flush", 8, ()),  # one suit, filled at draw time
    ("half_flush", 8, ()),  # one suit + honors
    ("honors", 3, HONORS),
    ("terminals_honors", 3, TERMINALS + HONORS),
    ("terminals", 2, TERMINALS),
    ("green", 3, GREEN),
    ("reversible", 3, REVERSIBLE),
    ("upper", 3, tuple(k for k in range(27) if k % 9 >= 6)),
    ("middle", 3, tuple(k for k in range(27) if 3 <= k % 9 <= 5)),
    ("lower", 3, tuple(k for k in range(27) if k % 9 <= 2)),
    ("upper_four", 2, tuple(k for k in range(27) if k % 9 >= 5)),
    ("lower_four", 2, tuple(k for k in range(27) if k % 9 <= 3)),
    ("evens", 2, tuple(k for k in range(27) if k % 9 % 2 == 1)),
    ("winds", 3, tuple(range(27)) + HONORS[:4]),
    ("dragons", 3, tuple(range(27)) + HONORS[4:]),
    ("chicken", 8, ()),  # chows and pungs over three suits, an honor pair, melded sets
]


def _suit(rng: random.Random) -> int:
    return rng.randrange(3) * 9


def _core(rng: random.Random) -> list[tuple[str, int]]:
    """The sets of one structured core (a straight, shifted or triple sets, terminal chows ...)."""
    s, p = _suit(rng), rng.sample((0, 9, 18), 3)
    d = rng.choice((1, 2))
    n = rng.randrange(5)
    cores: list[list[tuple[str, int]]] = [
        [("chow", s), ("chow", s + 3), ("chow", s + 6)],  # pure straight
        [("chow", p[0]), ("chow", p[1] + 3), ("chow", p[2] + 6)],  # mixed straight
        [("chow", p[0] + n), ("chow", p[1] + n), ("chow", p[2] + n)],  # mixed triple chow
        [("chow", s + n)] * 3,  # pure triple chow
        [("chow", s + n)] * 4,  # quadruple chow
        [("chow", s + n), ("chow", s + n + d), ("chow", s + n + 2 * d)][: 3 if n + 2 * d <= 6 else 2],
        [("chow", s + i) for i in range(4)]
        if rng.random() < 0.5
        else [("chow", s + 2 * i) for i in range(4)],
        [("chow", p[0] + n), ("chow", p[1] + n + 1), ("chow", p[2] + n + 2)][: 3 if n <= 4 else 2],
        [("pung", s + n + i) for i in range(3)],  # pure shifted pungs
        [("pung", s + n + i) for i in range(4)][: 4 if n <= 5 else 3],
        [("pung", p[i] + n + i) for i in range(3)],  # mixed shifted pungs
        [("pung", p[i] + n + 2) for i in range(3)],  # triple pung
        [("chow", s), ("chow", s + 6)] * 2,  # pure terminal chows (pair 5 added below)
        [("chow", p[0]), ("chow", p[0] + 6), ("chow", p[1]), ("chow", p[1] + 6)],  # three-suited
        [("pung", k) for k in rng.sample(HONORS[:4], rng.choice((3, 4)))],  # winds
        [("pung", k) for k in rng.sample(HONORS[4:], rng.choice((2, 3)))],  # dragons
        [("chow", s), ("chow", s + 6)],  # two terminal chows
    ]
    return rng.choice(cores)


def _take(counts: Counter[int], tiles: list[int]) -> bool:
    need = Counter(tiles)
    if any(counts[t] + c > 4 for t, c in need.items()):
        return False
    counts.update(need)
    return True


def regular_hand(rng: random.Random) -> tuple[list[tuple[str, int]], int] | None:
    """Four sets and a pair (sets with kind chow/pung), or None when a draw exceeds 4 copies."""
    name, _, allowed = rng.choices(THEMES, weights=[t[1] for t in THEMES])[0]
    if name in ("flush", "half_flush"):
        s = _suit(rng)
        allowed = tuple(range(s, s + 9)) + (HONORS if name == "half_flush" else ())
    counts: Counter[int] = Counter()
    sets: list[tuple[str, int]] = []
    if name == "chicken":
        for suit in rng.sample((0, 9, 18, rng.choice((0, 9, 18))), 4):
            st = (
                ("chow", suit + rng.randrange(7)) if rng.random() < 0.7 else ("pung", suit + rng.randrange(9))
            )
            if not _take(counts, set_tiles(*st)):
                return None
            sets.append(st)
        return sets, rng.choice(HONORS)
    if rng.random() < 0.45:
        for st in _core(rng):
            if not _take(counts, set_tiles(*st)):
                return None
            sets.append(st)
    chow_p = rng.choice((0.0, 0.3, 0.6, 0.9))
    starts = [k for k in allowed if k < 27 and k % 9 <= 6 and k + 2 in allowed and k + 1 in allowed]
    for _ in range(20):
        if len(sets) == 4:
            break
        st = (
            ("chow", rng.choice(starts))
            if starts and rng.random() < chow_p
            else ("pung", rng.choice(allowed))
        )
        if _take(counts, set_tiles(*st)):
            sets.append(st)
    if len(sets) != 4:
        return None
    pair_choices = [k for k in allowed if counts[k] <= 2]
    if any(st == ("chow", s) for st in sets for s in (0, 9, 18)) and rng.random() < 0.3:
        pair_choices = [k for k in (4, 13, 22) if counts[k] <= 2] or pair_choices
    if not pair_choices:
        return None
    pair = rng.choice(pair_choices)
    return sets[:4], pair


SPECIAL_FORMS = ("seven_pairs", "seven_pairs", "shifted_pairs", "orphans", "lesser", "greater", "ks", "ks")
CHOW_STARTS = tuple(k for k in range(27) if k % 9 <= 6)


def special_hand(rng: random.Random) -> list[int] | tuple[list[int], tuple[str, int] | None] | None:
    """Concealed tiles of a special form; the knitted straight returns (its 9 tiles + pair,
    the set to meld or keep)."""
    form = rng.choice(SPECIAL_FORMS)
    perm = rng.sample((0, 9, 18), 3)
    knitted = [perm[i] + d for i in range(3) for d in KNITS[i]]
    if form == "seven_pairs":
        pool = rng.choice((tuple(range(34)), tuple(range(27)), GREEN, REVERSIBLE, TERMINALS + HONORS))
        counts: Counter[int] = Counter()
        while sum(counts.values()) < 14:
            k = rng.choice(pool)
            if counts[k] <= 2:
                counts[k] += 2
        return list(counts.elements())
    if form == "shifted_pairs":
        start = _suit(rng) + rng.randrange(3)
        return [start + i for i in range(7)] * 2
    if form == "orphans":
        return list(TERMINALS + HONORS) + [rng.choice(TERMINALS + HONORS)]
    if form in ("lesser", "greater"):
        honors = list(HONORS) if form == "greater" else rng.sample(HONORS, rng.randrange(5, 7))
        return honors + rng.sample(knitted, 14 - len(honors))
    counts = Counter(knitted)
    st = ("chow", rng.choice(CHOW_STARTS)) if rng.random() < 0.5 else ("pung", rng.randrange(34))
    if rng.random() < 0.15:
        st = ("kong", st[1]) if st[0] == "pung" else st
    if not _take(counts, set_tiles(*st)):
        return None
    pair = rng.randrange(34)
    if not _take(counts, [pair, pair]):
        return None
    return knitted + [pair, pair], st


def draw_case(rng: random.Random) -> dict[str, Any] | None:
    """One random winning hand with its facts, or None to draw again."""
    melds: list[tuple[str, int, int]] = []  # (kind, tile, offer)
    forced_win = None
    roll = rng.random()
    if roll < 0.015:  # Nine Gates: 1112345678999 + any tile of the suit, won on that tile
        s = _suit(rng)
        forced_win = s + rng.randrange(9)
        concealed = [s, s, s + 8, s + 8] + list(range(s, s + 9)) + [forced_win]
    elif roll < 0.23:
        drawn = special_hand(rng)
        if drawn is None:
            return None
        if isinstance(drawn, tuple):
            concealed, st = drawn
            if st is not None:
                if st[0] == "kong" or rng.random() < 0.5:
                    offer = 0 if st[0] == "kong" and rng.random() < 0.5 else rng.randint(1, 3)
                    melds.append((st[0], st[1], offer))
                else:
                    concealed = concealed + set_tiles(*st)
        else:
            concealed = drawn
    else:
        drawn_reg = regular_hand(rng)
        if drawn_reg is None:
            return None
        sets, pair = drawn_reg
        total = Counter(t for st in sets for t in set_tiles(*st)) + Counter([pair, pair])
        n_melded = rng.choices((0, 1, 2, 3, 4), weights=(30, 20, 20, 15, 10))[0]
        melded = set(rng.sample(range(4), n_melded))
        kong_p = rng.choice((0.1, 0.2, 0.2, 0.9))  # now and then a hand of kongs
        concealed = [pair, pair]
        for i, (kind, tile) in enumerate(sets):
            if kind == "pung" and total[tile] == 3 and rng.random() < kong_p:
                kind = "kong"
                total[tile] += 1
            if kind == "kong":
                melds.append((kind, tile, rng.randint(1, 3) if i in melded else 0))
            elif i in melded:
                melds.append((kind, tile, rng.randint(1, 3)))
            else:
                concealed += set_tiles(kind, tile)
    whole = Counter(concealed) + Counter(t for k, t, _ in melds for t in set_tiles(k, t))
    if any(c > 4 for c in whole.values()):
        return None
    win = rng.choice(concealed) if forced_win is None else forced_win
    alone = concealed.count(win) == 1  # no other copy hidden in the hand: the rest can be visible
    kongs = sum(k == "kong" for k, _, _ in melds)
    self_drawn = rng.random() < 0.4
    facts: dict[str, Any] = {
        "self_drawn": self_drawn,
        "seat_wind": rng.choice(WINDS),
        "prevalent_wind": rng.choice(WINDS),
        "flowers": rng.choice((0, 0, 0, 1, 2, 3, 4, 5, 6, 7, 8)),
        "last_tile": alone and rng.random() < 0.15,
        "kong_replacement": self_drawn and kongs > 0 and rng.random() < 0.4,
        "robbing_kong": False,
        "last_tile_of_wall": rng.random() < 0.08,
    }
    if not self_drawn and whole[win] == 1 and rng.random() < 0.25:
        facts.update(robbing_kong=True, last_tile=False, last_tile_of_wall=False)
    return {
        "hand": our_hand(concealed, melds),
        "win_tile": tile_text(win),
        **facts,
        "_gb": (concealed, win, melds),
    }


def write_jsonl(path: Path, records: list[dict[str, Any]]) -> None:
    import zstandard

    text = "".join(json.dumps(r, ensure_ascii=False, separators=(",", ":")) + "\n" for r in records)
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_bytes(zstandard.ZstdCompressor(level=19).compress(text.encode()))


def make_score_corpus(rng: random.Random, n: int) -> tuple[list[dict[str, Any]], Counter[str], list[str]]:
    records: list[dict[str, Any]] = []
    coverage: Counter[str] = Counter()
    rejected: list[str] = []
    seen: set[str] = set()
    while len(records) < n:
        case = draw_case(rng)
        if case is None:
            continue
        key = json.dumps({k: v for k, v in case.items() if k != "_gb"}, sort_keys=True)
        if key in seen:
            continue
        seen.add(key)
        answer = gb_score(case)
        melds = case.pop("_gb")[2]
        case["offers"] = [off for _, _, off in melds]
        if isinstance(answer, str):
            rejected.append(f"{case['hand']} win {case['win_tile']}: {answer}")
            case["error"] = answer
        else:
            case["fans"], case["total"] = answer
            coverage.update(f[3] for f in answer[0])
        case["id"] = len(records)
        records.append(case)
    return records, coverage, rejected


def _draw_melds(rng: random.Random, counts: Counter[int], n: int) -> list[tuple[str, int, int]]:
    melds: list[tuple[str, int, int]] = []
    while len(melds) < n:
        kind = rng.choice(("chow", "chow", "pung", "pung", "kong"))
        tile = rng.choice(CHOW_STARTS) if kind == "chow" else rng.randrange(34)
        if _take(counts, set_tiles(kind, tile)):
            offer = 0 if kind == "kong" and rng.random() < 0.4 else rng.randint(1, 3)
            melds.append((kind, tile, offer))
    return melds


def _pool(rng: random.Random, style: str) -> list[int]:
    """Weighted tile kinds to draw concealed tiles from."""
    if style == "knitted":
        perm = rng.sample((0, 9, 18), 3)
        return [perm[i] + d for i in range(3) for d in KNITS[i]] * 3 + list(HONORS) * 2 + list(range(34))
    if style == "honors":
        return list(HONORS) * 4 + list(TERMINALS) * 3 + list(range(34))
    if style == "suit":
        s = _suit(rng)
        return list(range(s, s + 9)) * 6 + list(range(34))
    return list(range(34))


def shanten_case(
    rng: random.Random, draw: Callable[[random.Random], dict[str, Any] | None]
) -> dict[str, Any]:
    """One shanten hand: 0..4 melds, 13 - 3m or 14 - 3m concealed tiles."""
    style = rng.choice(("wall", "wall", "knitted", "knitted", "honors", "suit", "near", "near"))
    size_extra = rng.random() < 0.4  # a 14 - 3m hand
    if style == "near":
        case = None
        while case is None:
            case = draw(rng)
        tiles, _, melds = case["_gb"]
        tiles = list(tiles)
        counts = Counter(tiles) + Counter(t for k, t, _ in melds for t in set_tiles(k, t))
        if not size_extra:
            counts[tiles.pop(rng.randrange(len(tiles)))] -= 1
        for _ in range(rng.choice((0, 1, 1, 2, 3))):
            new = rng.randrange(34)
            if counts[new] < 4:
                old = tiles.pop(rng.randrange(len(tiles)))
                counts[old] -= 1
                tiles.append(new)
                counts[new] += 1
    else:
        n_melds = rng.choices((0, 1, 2, 3, 4), weights=(40, 20, 15, 13, 12))[0]
        counts = Counter()
        melds = _draw_melds(rng, counts, n_melds)
        pool = _pool(rng, style)
        tiles = []
        while len(tiles) < 13 - 3 * n_melds + size_extra:
            t = rng.choice(pool)
            if counts[t] < 4:
                counts[t] += 1
                tiles.append(t)
    record = {"hand": our_hand(tiles, melds), "melds": len(melds), "size": len(tiles), "style": style}
    return {**record, **gb_shanten(tiles, melds)}


def make_shanten_corpus(
    rng: random.Random, n: int, draw: Callable[[random.Random], dict[str, Any] | None]
) -> list[dict[str, Any]]:
    records: list[dict[str, Any]] = []
    seen: set[str] = set()
    while len(records) < n:
        case = shanten_case(rng, draw)
        if case["hand"] in seen:
            continue
        seen.add(case["hand"])
        case["id"] = len(records)
        records.append(case)
    return records


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seed", type=int, default=10)
    parser.add_argument("--score-n", type=int, default=6000)
    parser.add_argument("--shanten-n", type=int, default=21000)
    parser.add_argument("--only", choices=("score", "shanten"))
    args = parser.parse_args(argv)
    if args.only != "shanten":
        records, coverage, rejected = make_score_corpus(random.Random(args.seed), args.score_n)
        write_jsonl(SCORE_OUT, records)
        print(f"{SCORE_OUT.name}: {len(records)} hands, {SCORE_OUT.stat().st_size} bytes")
        for name, count in sorted(coverage.items(), key=lambda kv: -kv[1]):
            print(f"  {count:6d}  {name}")
        print(f"  rejected by PyMahjongGB: {len(rejected)}")
        for line in Counter(r.split(": ", 1)[1] for r in rejected).most_common():
            print("   ", line)
    if args.only != "score":
        shanten = make_shanten_corpus(random.Random(args.seed + 1), args.shanten_n, draw_case)
        write_jsonl(SHANTEN_OUT, shanten)
        print(f"{SHANTEN_OUT.name}: {len(shanten)} hands, {SHANTEN_OUT.stat().st_size} bytes")
        print("  sizes:", sorted(Counter((r["melds"], r["size"]) for r in shanten).items()))


if __name__ == "__main__":
    main()
