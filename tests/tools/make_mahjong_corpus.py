"""Build the frozen corpus of the differential test against the PyPI library ``mahjong``.

``tests/test_riichi_differential.py`` scores every situation of the corpus with
riichi-lut and compares the result with what ``mahjong`` 2.x said when the corpus was
made. ``mahjong`` is a test-time oracle only: CI installs ``.[test]`` (no ``mahjong``) and
reads the frozen file, so this script is run by hand, from the repository root, in an
environment that has ``mahjong`` 2.x:

    python tests/tools/make_mahjong_corpus.py

(options: ``--seed 20250``, ``--count 12000`` Tenhou situations, ``--variants 2000``
situations under rule variants, ``--contradictions 300`` contradictory situations,
``--out tests/data/riichi/mahjong_corpus.json.zst``).
The same seed and the same ``mahjong`` version give the same file byte for byte.

What it makes: seeded random *winning situations* built by composing four melds and a
pair (or seven pairs, or thirteen orphans) from themes that favour the special hands
(pinfu, iipeikou/ryanpeikou, sanshoku, ittsu, chanta/junchan, toitoi/sanankou,
honitsu/chinitsu, yakuhai, kans, chiitoitsu, every yakuman shape), then calling some
melds (chi, pon, open kan, closed kan, added kan), picking the winning tile inside a
concealed group (which fixes the wait), and drawing consistent flags (riichi, double
riichi, ippatsu, tsumo, haitei, houtei, rinshan, chankan, tenhou, chiihou; never a
combination ``riichi_lut.riichi.situation`` rejects), winds, dora / ura / kan-dora
indicators, red fives, honba and riichi sticks. Every tile is a physical 136-id, so red
fives, kans and indicators never exceed the four copies of the set (one red five per
suit, as on Tenhou). About 2.5 % of the situations have one concealed tile swapped, to
check that both sides agree on "not a win". A last, separate set rewrites the flags of
consistent situations into contradictions (:data:`CONTRADICTIONS`: rinshan without a kan,
ippatsu with rinshan or houtei, chankan while holding the tile ...), which riichi-lut must
refuse; the corpus records whether ``mahjong`` refuses them too.

Each record holds the situation in riichi-lut's own input terms (``score()`` arguments:
hand notation, winning tile, flags; ``ak`` lists the calls that are *added* kans, which
the notation cannot tell from open kans) and ``mahjong``'s answer: han, fu, the cost
fields (``main``, ``main_bonus``, ``additional``, ``additional_bonus``,
``kyoutaku_bonus``, ``total``), the yaku names, or the error (``no_yaku``,
``hand_not_winning``, or a refused situation such as
``haitei_without_tsumo_not_allowed``). ``mahjong`` is configured like riichi-lut's
``TENHOU`` preset (:data:`TENHOU_OPTIONS`); records with a ``rules`` entry use ``TENHOU.replace(**rules)``
and the matching ``mahjong`` options (:data:`VARIANTS`).
"""

from __future__ import annotations

import argparse
import json
import random
from collections import Counter
from pathlib import Path
from typing import Any

OUT = Path(__file__).resolve().parents[1] / "data" / "riichi" / "mahjong_corpus.json.zst"

SUITS = "mps"
RED_IDS = (16, 52, 88)  # the red 5m, 5p, 5s among the 136-ids (Tenhou convention)
YAOCHU = (0, 8, 9, 17, 18, 26, 27, 28, 29, 30, 31, 32, 33)
DRAGONS = (31, 32, 33)
WINDS = (27, 28, 29, 30)
WIND_LETTERS = "ESWN"
GREEN = (19, 20, 21, 23, 25, 32)
SIMPLES = tuple(k for k in range(27) if k % 9 not in (0, 8))

#: mahjong's OptionalRules for riichi-lut's TENHOU preset (one field per RuleSet field that
#: mahjong can express): kuitan; one red five per suit; kazoe 13+ han = yakuman; no
#: kiriage; every double-yakuman pattern pays single (yakuman still add up: mahjong sums
#: the han of different yakuman); open all-run ron 30 fu; pinfu tsumo 20 fu; renhou off
#: (never passed). A double-wind pair is 4 fu in mahjong, with no option: TENHOU agrees.
TENHOU_OPTIONS: dict[str, Any] = {
    "has_open_tanyao": True,
    "has_aka_dora": True,
    "has_double_yakuman": False,
    "kazoe_limit": 0,  # HandConstants.KAZOE_LIMITED: 13+ han is one (kazoe) yakuman
    "kiriage": False,
    "fu_for_open_pinfu": True,
    "fu_for_pinfu_tsumo": False,
    "renhou_as_yakuman": False,
}

#: TENHOU fields the corpus assumes (the test checks the preset still has them).
TENHOU_ASSUMED: dict[str, Any] = {
    "kuitan": True,
    "aka_dora": [1, 1, 1],
    "ippatsu": True,
    "ura_dora": True,
    "kan_dora": True,
    "kazoe_yakuman": True,
    "kiriage": False,
    "double_wind_pair_fu": 4,
    "double_yakuman": [],
    "multiple_yakuman": True,
    "renhou": "none",
    "open_pinfu_fu": 30,
}

ALL_DOUBLE = ["daisuushii", "junsei_chuuren", "kokushi_13", "suuankou_tanki"]

#: (name, RuleSet changes from TENHOU, mahjong option changes, themes that exercise it)
VARIANTS: tuple[tuple[str, dict[str, Any], dict[str, Any], tuple[str, ...]], ...] = (
    ("kiriage", {"kiriage": True}, {"kiriage": True}, ("pinfu", "tanyao", "yakuhai", "random", "kans")),
    (
        "double_yakuman",
        {"double_yakuman": ALL_DOUBLE},
        {"has_double_yakuman": True},
        ("kokushi", "suuankou", "chuuren", "daisuushii", "daisangen", "tsuuiisou"),
    ),
    ("kazoe_sanbaiman", {"kazoe_yakuman": False}, {"kazoe_limit": 1}, ("chinitsu", "honitsu", "peikou")),
    ("no_kuitan", {"kuitan": False}, {"has_open_tanyao": False}, ("tanyao", "random")),
    ("no_aka", {"aka_dora": [0, 0, 0]}, {"has_aka_dora": False}, ("tanyao", "random", "kans")),
    (
        "open_pinfu_20",
        {"open_pinfu_fu": 20},
        {"fu_for_open_pinfu": False},
        ("open_runs", "tanyao", "sanshoku"),
    ),
    ("renhou_mangan", {"renhou": "mangan"}, {"renhou_as_yakuman": False}, ("pinfu", "random", "chiitoitsu")),
    ("renhou_yakuman", {"renhou": "yakuman"}, {"renhou_as_yakuman": True}, ("pinfu", "random", "kokushi")),
)

#: how often each variant is drawn (kiriage needs many draws to hit 4 han 30 fu / 3 han 60 fu)
VARIANT_WEIGHTS = (3, 1, 1, 1, 1, 1, 1, 1)

# Theme weights of the Tenhou part. "closed" themes never call (closed kans aside).
THEMES: tuple[tuple[str, float], ...] = (
    ("random", 16),
    ("tanyao", 8),
    ("pinfu", 9),
    ("peikou", 5),
    ("sanshoku", 5),
    ("doukou", 1.5),
    ("ittsu", 4),
    ("chanta", 5),
    ("toitoi", 6),
    ("honitsu", 6),
    ("chinitsu", 6),
    ("yakuhai", 6),
    ("shousangen", 1.5),
    ("honroutou", 1.2),
    ("kans", 5),
    ("chiitoitsu", 6),
    ("kokushi", 1.5),
    ("suuankou", 2),
    ("daisangen", 1),
    ("shousuushii", 0.7),
    ("daisuushii", 0.5),
    ("tsuuiisou", 0.6),
    ("chinroutou", 0.5),
    ("ryuuiisou", 0.7),
    ("chuuren", 0.8),
    ("chuuren_kan", 0.3),
    ("suukantsu", 0.4),
    ("open_twins", 2),
    ("shared", 3),
    ("open_runs", 2),
)
CLOSED_THEMES = frozenset({"pinfu", "peikou", "chiitoitsu", "kokushi", "suuankou", "chuuren", "chuuren_kan"})


def name_of(kind: int) -> str:
    if kind >= 27:
        return f"{kind - 26}z"
    return f"{kind % 9 + 1}{SUITS[kind // 9]}"


def dora_of(kind: int) -> int:
    if kind < 27:
        return kind - kind % 9 + (kind % 9 + 1) % 9
    if kind < 31:
        return 27 + (kind - 27 + 1) % 4
    return 31 + (kind - 31 + 1) % 3


# --------------------------------------------------------------------------- shapes
# A standard shape is (melds, pair): melds are ("run", first kind) or ("set", kind).


def run(rng: random.Random, suits: str = "mps", starts: tuple[int, ...] = tuple(range(7))) -> tuple:
    return ("run", 9 * SUITS.index(rng.choice(suits)) + rng.choice(starts))


def any_meld(rng: random.Random, kinds: tuple[int, ...] | None = None, p_run: float = 0.6) -> tuple:
    if kinds is None:
        if rng.random() < p_run:
            return run(rng)
        return ("set", rng.randrange(34))
    runs = [k for k in kinds if k < 27 and k % 9 <= 6 and k + 1 in kinds and k + 2 in kinds]
    if runs and rng.random() < p_run:
        return ("run", rng.choice(runs))
    return ("set", rng.choice(kinds))


def fill(rng: random.Random, melds: list[tuple], n: int, kinds: tuple[int, ...] | None = None, p_run=0.6):
    return melds + [any_meld(rng, kinds, p_run) for _ in range(n - len(melds))]


def suit_kinds(suit: int) -> tuple[int, ...]:
    return tuple(range(9 * suit, 9 * suit + 9))


def standard_shape(rng: random.Random, theme: str) -> tuple[list[tuple], int] | None:
    """Four melds and a pair of ``theme`` (None: try again)."""
    r = rng.random
    if theme == "random":
        return fill(rng, [], 4), rng.randrange(34)
    if theme == "tanyao":
        return fill(rng, [], 4, SIMPLES, 0.7), rng.choice(SIMPLES)
    if theme in ("pinfu", "open_runs"):
        return [run(rng) for _ in range(4)], rng.randrange(34)
    if theme == "peikou":
        a = run(rng)
        melds = [a, a]
        melds += [run(rng)] * 2 if r() < 0.4 else [any_meld(rng, None, 0.8), any_meld(rng, None, 0.8)]
        return melds, rng.randrange(34)
    if theme == "sanshoku":
        start = rng.randrange(7)
        return fill(rng, [("run", start), ("run", 9 + start), ("run", 18 + start)], 4), rng.randrange(34)
    if theme == "doukou":
        n = rng.randrange(9)
        return fill(rng, [("set", n), ("set", 9 + n), ("set", 18 + n)], 4), rng.randrange(34)
    if theme == "ittsu":
        base = 9 * rng.randrange(3)
        return fill(rng, [("run", base), ("run", base + 3), ("run", base + 6)], 4), rng.randrange(34)
    if theme == "chanta":
        honors = r() < 0.5
        terms = (0, 8, 9, 17, 18, 26) + (WINDS + DRAGONS if honors else ())
        melds = []
        for _ in range(4):
            if r() < 0.6:
                melds.append(run(rng, starts=(0, 6)))
            else:
                melds.append(("set", rng.choice(terms)))
        return melds, rng.choice(terms)
    if theme == "toitoi":
        return [("set", rng.randrange(34)) for _ in range(4)], rng.randrange(34)
    if theme in ("honitsu", "chinitsu"):
        kinds = suit_kinds(rng.randrange(3))
        if theme == "honitsu":
            kinds += WINDS + DRAGONS
        melds = fill(rng, [], 4, kinds, 0.55)
        if theme == "honitsu" and not any(m[1] >= 27 for m in melds):
            melds[0] = ("set", rng.choice(WINDS + DRAGONS))
        return melds, rng.choice(kinds)
    if theme == "yakuhai":
        return fill(rng, [("set", rng.choice(WINDS + DRAGONS))], 4), rng.randrange(34)
    if theme == "shousangen":
        first, second, pair_dragon = rng.sample(DRAGONS, 3)
        return fill(rng, [("set", first), ("set", second)], 4), pair_dragon
    if theme == "honroutou":
        return [("set", k) for k in rng.sample(YAOCHU, 4)], rng.choice(YAOCHU)
    if theme == "kans":
        return fill(rng, [("set", rng.randrange(34)) for _ in range(rng.choice((1, 1, 2, 2, 3)))], 4), (
            rng.randrange(34)
        )
    if theme == "suuankou":
        return [("set", k) for k in rng.sample(range(34), 4)], rng.randrange(34)
    if theme == "daisangen":
        return fill(rng, [("set", k) for k in DRAGONS], 4), rng.randrange(34)
    if theme == "shousuushii":
        w = rng.sample(WINDS, 4)
        return fill(rng, [("set", k) for k in w[:3]], 4), w[3]
    if theme == "daisuushii":
        return [("set", k) for k in WINDS], rng.randrange(34)
    if theme == "tsuuiisou":
        ks = rng.sample(WINDS + DRAGONS, 5)
        return [("set", k) for k in ks[:4]], ks[4]
    if theme == "chinroutou":
        ks = rng.sample((0, 8, 9, 17, 18, 26), 5)
        return [("set", k) for k in ks[:4]], ks[4]
    if theme == "ryuuiisou":
        melds = [("run", 19) if r() < 0.4 else ("set", rng.choice(GREEN)) for _ in range(4)]
        return melds, rng.choice(GREEN)
    if theme == "suukantsu":
        return [("set", k) for k in rng.sample(range(34), 4)], rng.randrange(34)
    if theme == "open_twins":  # a chi and the same run concealed (open iipeikou shape)
        a = run(rng)
        return fill(rng, [a, a], 4), rng.randrange(34)
    if theme == "shared":  # a triplet and a run of the same suit sharing a kind: 333m + 345m
        k = 9 * rng.randrange(3) + rng.randrange(9)
        starts = [s for s in (k - 2, k - 1, k) if s // 9 == k // 9 and s % 9 <= 6]
        return fill(rng, [("set", k), ("run", rng.choice(starts))], 4), rng.randrange(34)
    if theme == "chuuren_kan":
        # the nine-gates tiles with a closed kan of 1 or 9: 15 tiles, never chuuren poutou
        base = 9 * rng.randrange(3)
        if r() < 0.5:
            return [("set", base), ("run", base + 1), ("run", base + 4), ("set", base + 8)], base + 7
        return [("set", base + 8), ("set", base), ("run", base + 1), ("run", base + 4)], base + 7
    raise ValueError(theme)


def kind_counts(kinds: list[int]) -> list[int]:
    counts = [0] * 34
    for k in kinds:
        counts[k] += 1
    return counts


def meld_kinds(meld: tuple) -> list[int]:
    typ, k = meld
    if typ == "run":
        return [k, k + 1, k + 2]
    return [k] * 3


# --------------------------------------------------------------------------- the hand


class Drawn:
    """A hand as physical tiles: concealed 136-ids, calls, the winning tile's id."""

    def __init__(self, concealed: list[int], calls: list[tuple[str, list[int]]], win_id: int, theme: str):
        self.concealed = concealed
        self.calls = calls  # (chi | pon | open_kan | closed_kan | added_kan, ids)
        self.win_id = win_id
        self.theme = theme

    @property
    def all_ids(self) -> list[int]:
        return self.concealed + [i for _, ids in self.calls for i in ids]

    @property
    def n_kans(self) -> int:
        return sum(t.endswith("kan") for t, _ in self.calls)

    @property
    def closed(self) -> bool:
        return all(t == "closed_kan" for t, _ in self.calls)


def assign_ids(rng: random.Random, concealed: list[int], calls: list[tuple[str, list[int]]]) -> tuple:
    """Give every tile a distinct 136-id of its kind (red fives fall where they fall)."""
    pools = {}
    for k in set(concealed) | {k for _, ks in calls for k in ks}:
        ids = list(range(4 * k, 4 * k + 4))
        rng.shuffle(ids)
        pools[k] = ids
    slots: list[tuple[Any, ...]] = [("c", i) for i in range(len(concealed))] + [
        ("k", j, i) for j, (_, ks) in enumerate(calls) for i in range(len(ks))
    ]
    rng.shuffle(slots)
    out_c = [0] * len(concealed)
    out_k = [[0] * len(ks) for _, ks in calls]
    for slot in slots:
        if slot[0] == "c":
            out_c[slot[1]] = pools[concealed[slot[1]]].pop()
        else:
            out_k[slot[1]][slot[2]] = pools[calls[slot[1]][1][slot[2]]].pop()
    return out_c, [(t, ids) for (t, _), ids in zip(calls, out_k, strict=True)]


def standard_hand(rng: random.Random, theme: str) -> Drawn | None:
    shape = standard_shape(rng, theme)
    if shape is None:
        return None
    melds, pair = shape
    tiles = [k for m in melds for k in meld_kinds(m)] + [pair, pair]
    counts = kind_counts(tiles)
    if max(counts) > 4:
        return None
    closed_theme = theme in CLOSED_THEMES
    # which melds are called
    calls: list[str | None] = [None] * 4
    if theme in ("suukantsu",):
        calls = [rng.choice(("open_kan", "closed_kan", "added_kan")) for _ in range(4)]
    elif theme == "chuuren_kan":
        calls = ["closed_kan", None, None, None]
    elif theme == "open_twins":
        calls = ["chi", None] + [
            rng.choice((None, None, "chi" if m[0] == "run" else "pon")) for m in melds[2:]
        ]
    else:
        n_open = 0
        if not closed_theme:
            n_open = rng.choices((0, 1, 2, 3, 4), (42, 22, 17, 12, 7))[0]
        if theme == "open_runs":
            n_open = rng.randint(1, 3)
        order = rng.sample(range(4), 4)
        p_kan = 0.3 if theme == "kans" else 0.06
        for index in order[:n_open]:
            if melds[index][0] == "run":
                calls[index] = "chi"
            else:
                calls[index] = rng.choices(("pon", "open_kan", "added_kan"), (70, 15, 15))[0]
        for index in range(4):
            if calls[index] is None and melds[index][0] == "set" and rng.random() < p_kan:
                calls[index] = "closed_kan"
        if theme == "kans":
            for index in range(4):
                if melds[index][0] == "set" and calls[index] in (None, "pon") and rng.random() < 0.7:
                    calls[index] = "closed_kan" if (closed_theme or rng.random() < 0.4) else "open_kan"
    for index, call in enumerate(calls):
        if call and call.endswith("kan"):
            if melds[index][0] != "set" or counts[melds[index][1]] != 3:
                calls[index] = (
                    None if call == "closed_kan" else ("pon" if melds[index][0] == "set" else "chi")
                )
            else:
                counts[melds[index][1]] = 4
    # the winning group: a concealed meld or the pair
    groups = [(melds[i], i) for i in range(4) if calls[i] is None] + [(("pair", pair), 4)]
    if theme in ("pinfu", "open_runs") and rng.random() < 0.8:
        runs = [g for g in groups if g[0][0] == "run"]
        group = rng.choice(runs) if runs else rng.choice(groups)
    elif theme in ("suuankou", "suukantsu") and rng.random() < 0.5:
        group = groups[-1]
    elif theme in ("open_twins", "shared") and rng.random() < 0.8:
        wanted = [g for g in groups if g[1] in ((1,) if theme == "open_twins" else (0, 1))]
        group = rng.choice(wanted or groups)
    else:
        group = rng.choice(groups)
    (typ, k), _ = group
    if typ == "run":
        if theme in ("pinfu", "open_runs"):
            # a two-sided wait: the low end unless the run is 789, the high end unless 123
            ends = ([0] if k % 9 != 6 else []) + ([2] if k % 9 != 0 else [])
            win_kind = k + rng.choice(ends or [1])
        else:
            win_kind = k + rng.randrange(3)
    else:
        win_kind = k
    if theme == "shared" and group[1] in (0, 1) and rng.random() < 0.8:
        win_kind = melds[0][1]  # the shared kind: triplet or run, both readings exist
    concealed: list[int] = []
    call_list: list[tuple[str, list[int]]] = []
    for meld, call in zip(melds, calls, strict=True):
        if call is None:
            concealed += meld_kinds(meld)
        elif call.endswith("kan"):
            call_list.append((call, [meld[1]] * 4))
        else:
            call_list.append((call, meld_kinds(meld)))
    concealed += [pair, pair]
    ids, called = assign_ids(rng, concealed, call_list)
    win_id = rng.choice([i for i in ids if i // 4 == win_kind])
    return Drawn(sorted(ids), called, win_id, theme)


def chiitoitsu_hand(rng: random.Random) -> Drawn:
    flavour = rng.choices(
        ("random", "tanyao", "honitsu", "honroutou", "tsuuiisou", "chinitsu"), (50, 15, 15, 8, 4, 8)
    )[0]
    pools = {"random": tuple(range(34)), "tanyao": SIMPLES, "honroutou": YAOCHU, "tsuuiisou": WINDS + DRAGONS}
    if flavour in ("honitsu", "chinitsu"):
        pool = suit_kinds(rng.randrange(3)) + ((WINDS + DRAGONS) if flavour == "honitsu" else ())
    else:
        pool = pools[flavour]
    kinds = rng.sample(pool, 7)
    concealed = [k for k in kinds for _ in range(2)]
    ids, _ = assign_ids(rng, concealed, [])
    win_kind = rng.choice(kinds)
    return Drawn(sorted(ids), [], rng.choice([i for i in ids if i // 4 == win_kind]), "chiitoitsu")


def kokushi_hand(rng: random.Random) -> Drawn:
    pair = rng.choice(YAOCHU)
    concealed = list(YAOCHU) + [pair]
    ids, _ = assign_ids(rng, concealed, [])
    win_kind = pair if rng.random() < 0.35 else rng.choice(YAOCHU)
    return Drawn(sorted(ids), [], rng.choice([i for i in ids if i // 4 == win_kind]), "kokushi")


def chuuren_hand(rng: random.Random) -> Drawn:
    base = 9 * rng.randrange(3)
    concealed = [base] * 3 + [base + n for n in range(1, 8)] + [base + 8] * 3 + [base + rng.randrange(9)]
    ids, _ = assign_ids(rng, concealed, [])
    win_kind = concealed[-1] if rng.random() < 0.4 else base + rng.randrange(9)
    return Drawn(sorted(ids), [], rng.choice([i for i in ids if i // 4 == win_kind]), "chuuren")


def draw_hand(rng: random.Random, theme: str) -> Drawn:
    while True:
        if theme == "chiitoitsu":
            return chiitoitsu_hand(rng)
        if theme == "kokushi":
            return kokushi_hand(rng)
        if theme == "chuuren":
            return chuuren_hand(rng)
        hand = standard_hand(rng, theme)
        if hand is not None:
            return hand


# --------------------------------------------------------------------------- the situation


def situation(rng: random.Random, hand: Drawn, renhou_rule: bool) -> dict[str, Any]:
    """Winds and flags consistent with the hand (the rules of riichi_lut.riichi.situation)."""
    r = rng.random
    seat = rng.choice(WIND_LETTERS)
    round_ = rng.choices(WIND_LETTERS, (50, 38, 8, 4))[0]
    dealer = seat == "E"
    win_kind = hand.win_id // 4
    tsumo = r() < 0.5
    flags: list[str] = []
    closed = hand.closed
    no_calls = not hand.calls
    if no_calls and r() < (0.4 if renhou_rule else 0.03):
        # a first-draw win (tenhou / chiihou), or renhou when the rule is on
        if renhou_rule and not dealer:
            return {"seat": seat, "round": round_, "tsumo": False, "flags": ["renhou"]}
        return {"seat": seat, "round": round_, "tsumo": True, "flags": ["tenhou" if dealer else "chiihou"]}
    riichi = closed and r() < 0.55
    if riichi:
        flags.append("double_riichi" if r() < 0.1 else "riichi")
    rinshan = tsumo and hand.n_kans > 0 and r() < 0.3
    if rinshan:
        flags.append("rinshan")
    in_hand = sum(1 for i in hand.all_ids if i // 4 == win_kind)
    chankan = not tsumo and in_hand == 1 and r() < 0.12
    if chankan:
        flags.append("chankan")
    if tsumo and not rinshan and r() < 0.07:
        flags.append("haitei")
    if not tsumo and not chankan and r() < 0.07:
        flags.append("houtei")
    if riichi and not rinshan and "houtei" not in flags and r() < 0.22:
        flags.append("ippatsu")
    return {"seat": seat, "round": round_, "tsumo": tsumo, "flags": flags}


def indicators(rng: random.Random, free: list[int], hand_kinds: set[int], n: int) -> list[int]:
    out = []
    for _ in range(n):
        aimed = [i for i in free if dora_of(i // 4) in hand_kinds]
        choice = rng.choice(aimed if aimed and rng.random() < 0.4 else free)
        free.remove(choice)
        out.append(choice)
    return out


def notation(ids: list[int], aka: bool) -> str:
    """mpsz of 136-ids, ``0`` for a red five when the rule set has red fives."""
    by_suit: dict[str, list[str]] = {s: [] for s in "mpsz"}
    for i in sorted(ids):
        name = name_of(i // 4)
        digit = "0" if aka and i in RED_IDS else name[0]
        by_suit[name[1]].append(digit)
    return "".join("".join(d) + s for s, d in by_suit.items() if d)


def call_text(call_type: str, ids: list[int], aka: bool) -> str:
    body = notation(ids, aka)
    return f"({body})" if call_type == "closed_kan" else f"[{body}]"


def perturb(rng: random.Random, hand: Drawn, used: set[int]) -> None:
    """Swap one concealed tile (not the winning one) for another kind: usually no win."""
    win_kind = hand.win_id // 4
    index = rng.choice([i for i, t in enumerate(hand.concealed) if t != hand.win_id])
    old = hand.concealed[index]
    options = [i for i in range(136) if i not in used and i // 4 not in (old // 4, win_kind)]
    new = rng.choice(options)
    hand.concealed[index] = new
    hand.concealed.sort()
    used.discard(old)
    used.add(new)


def make_record(rng: random.Random, theme: str, variant: tuple | None) -> tuple[dict[str, Any], dict]:
    """One situation: (record in riichi-lut terms, the physical details for mahjong)."""
    rules_changes = variant[1] if variant else {}
    aka = rules_changes.get("aka_dora", [1, 1, 1]) != [0, 0, 0]
    hand = draw_hand(rng, theme)
    used = set(hand.all_ids)
    broken = rng.random() < 0.025
    if broken:
        perturb(rng, hand, used)
    s = situation(rng, hand, rules_changes.get("renhou", "none") != "none")
    free = [i for i in range(136) if i not in used]
    if "chankan" in s["flags"]:  # the other three copies sit in the robbed kan
        free = [i for i in free if i // 4 != hand.win_id // 4]
    hand_kinds = {i // 4 for i in hand.all_ids}
    n_dora = min(5, 1 + hand.n_kans)
    if rng.random() < 0.1:
        n_dora = rng.randint(0, n_dora)
    dora = indicators(rng, free, hand_kinds, n_dora)
    riichi = "riichi" in s["flags"] or "double_riichi" in s["flags"]
    ura = indicators(rng, free, hand_kinds, len(dora)) if riichi else []
    honba = rng.choices((0, 1, 2, 3, 5), (60, 20, 10, 6, 4))[0]
    sticks = (1 if riichi else 0) + rng.choices((0, 1, 2, 3), (60, 25, 10, 5))[0]
    calls = [call_text(t, ids, aka) for t, ids in hand.calls]
    record: dict[str, Any] = {
        "tag": theme + ("/broken" if broken else ""),
        "hand": " ".join([notation(hand.concealed, aka), *calls]),
        "win": ("0" + name_of(hand.win_id // 4)[1])
        if aka and hand.win_id in RED_IDS
        else name_of(hand.win_id // 4),
        "tsumo": s["tsumo"],
        "seat": s["seat"],
        "round": s["round"],
        "flags": s["flags"],
        "dora": notation(dora, aka),
        "ura": notation(ura, aka),
        "honba": honba,
        "sticks": sticks,
    }
    added = [j for j, (t, _) in enumerate(hand.calls) if t == "added_kan"]
    if added:
        record["ak"] = added
    if variant:
        record["rules"] = dict(rules_changes)
        record["tag"] = f"{variant[0]}:{record['tag']}"
    physical = {"hand": hand, "dora": dora, "ura": ura, "options": variant[2] if variant else {}}
    return record, physical


# --------------------------------------------------------------------------- contradictions
# A few hundred deliberately contradictory situations: riichi-lut must refuse every one
# (InvalidSituationError); the corpus records whether mahjong refuses it too.

CONTRADICTIONS: tuple[str, ...] = (
    "rinshan_without_kan",
    "ippatsu_rinshan",
    "ippatsu_houtei",
    "tenhou_riichi",
    "renhou_riichi",
    "chankan_holding_copy",
    "ura_without_riichi",
    "haitei_ron",
    "chankan_tsumo",
    "riichi_open",
)


def contradict(rng: random.Random, record: dict[str, Any], physical: dict, kind: str) -> bool:
    """Rewrite the flags of a consistent record into contradiction ``kind`` (False: this
    hand cannot carry it, draw another)."""
    hand: Drawn = physical["hand"]
    copies = sum(1 for i in hand.all_ids if i // 4 == hand.win_id // 4)
    if kind == "rinshan_without_kan" and hand.n_kans == 0:
        record.update(tsumo=True, flags=["rinshan"])
    elif kind == "ippatsu_rinshan" and hand.closed and hand.n_kans:
        record.update(tsumo=True, flags=["riichi", "ippatsu", "rinshan"])
    elif kind == "ippatsu_houtei" and hand.closed:
        record.update(tsumo=False, flags=["riichi", "ippatsu", "houtei"])
    elif kind == "tenhou_riichi" and not hand.calls:
        record.update(tsumo=True, seat="E", flags=["tenhou", "riichi"])
    elif kind == "renhou_riichi" and not hand.calls:
        record.update(tsumo=False, seat=rng.choice("SWN"), flags=["renhou", "riichi"])
    elif kind == "chankan_holding_copy" and copies >= 2:
        record.update(tsumo=False, flags=["chankan"])
    elif kind == "ura_without_riichi" and physical["dora"]:
        free = [i for i in range(136) if i not in set(hand.all_ids) | set(physical["dora"])]
        physical["ura"] = [rng.choice(free)]
        record.update(flags=[f for f in record["flags"] if f not in ("riichi", "double_riichi", "ippatsu")])
        record["ura"] = notation(physical["ura"], True)
    elif kind == "haitei_ron":
        record.update(tsumo=False, flags=["haitei"])
    elif kind == "chankan_tsumo":
        record.update(tsumo=True, flags=["chankan"])
    elif kind == "riichi_open" and not hand.closed:
        record.update(flags=["riichi"])
    else:
        return False
    if not any(f in ("riichi", "double_riichi") for f in record["flags"]):
        physical["ura"] = physical["ura"] if kind == "ura_without_riichi" else []
        record["ura"] = notation(physical["ura"], True)
    record["tag"] = f"contradiction:{kind}"
    return True


# --------------------------------------------------------------------------- mahjong


def ask_mahjong(record: dict[str, Any], physical: dict) -> dict[str, Any]:
    from mahjong.constants import EAST
    from mahjong.hand_calculating.hand import HandCalculator
    from mahjong.hand_calculating.hand_config import HandConfig, OptionalRules
    from mahjong.meld import Meld

    hand: Drawn = physical["hand"]
    kinds = {"chi": Meld.CHI, "pon": Meld.PON, "open_kan": Meld.KAN, "closed_kan": Meld.KAN}
    kinds["added_kan"] = Meld.SHOUMINKAN
    melds = [Meld(meld_type=kinds[t], tiles=sorted(ids), opened=t != "closed_kan") for t, ids in hand.calls]
    flags = set(record["flags"])
    options = OptionalRules(**{**TENHOU_OPTIONS, **physical["options"]})
    config = HandConfig(
        is_tsumo=record["tsumo"],
        is_riichi="riichi" in flags or "double_riichi" in flags,
        is_daburu_riichi="double_riichi" in flags,
        is_ippatsu="ippatsu" in flags,
        is_rinshan="rinshan" in flags,
        is_chankan="chankan" in flags,
        is_haitei="haitei" in flags,
        is_houtei="houtei" in flags,
        is_tenhou="tenhou" in flags,
        is_chiihou="chiihou" in flags,
        is_renhou="renhou" in flags,
        player_wind=EAST + WIND_LETTERS.index(record["seat"]),
        round_wind=EAST + WIND_LETTERS.index(record["round"]),
        kyoutaku_number=record["sticks"],
        tsumi_number=record["honba"],
        options=options,
    )
    result = HandCalculator.estimate_hand_value(
        sorted(hand.all_ids),
        hand.win_id,
        melds=melds,
        dora_indicators=physical["dora"],
        ura_dora_indicators=physical["ura"],
        config=config,
    )
    return answer_of(result)


def answer_of(result: Any) -> dict[str, Any]:
    """What a corpus record keeps of ``mahjong``'s answer (a ``HandResponse``): its error, or
    han, fu, the cost fields, the yaku level and the yaku names."""
    if result.error:
        return {"error": result.error}
    cost = result.cost
    assert cost is not None and result.yaku is not None
    return {
        "han": result.han,
        "fu": result.fu,
        "main": cost["main"],
        "main_bonus": cost["main_bonus"],
        "additional": cost["additional"],
        "additional_bonus": cost["additional_bonus"],
        "kyoutaku_bonus": cost["kyoutaku_bonus"],
        "total": cost["total"],
        "level": cost["yaku_level"],
        "yaku": [y.name for y in result.yaku],
    }


def build(seed: int, count: int, n_variants: int, n_contradictions: int = 300) -> dict[str, Any]:
    import mahjong

    rng = random.Random(seed)
    names = [t for t, _ in THEMES]
    weights = [w for _, w in THEMES]
    records = []
    for _ in range(count):
        theme = rng.choices(names, weights)[0]
        record, physical = make_record(rng, theme, None)
        record["mahjong"] = ask_mahjong(record, physical)
        records.append(record)
    for _ in range(n_variants):
        variant = rng.choices(VARIANTS, VARIANT_WEIGHTS)[0]
        theme = rng.choice(variant[3]) if rng.random() < 0.7 else rng.choices(names, weights)[0]
        record, physical = make_record(rng, theme, variant)
        record["mahjong"] = ask_mahjong(record, physical)
        records.append(record)
    for index in range(n_contradictions):
        kind = CONTRADICTIONS[index % len(CONTRADICTIONS)]
        while True:
            record, physical = make_record(rng, rng.choices(names, weights)[0], None)
            if "/broken" not in record["tag"] and contradict(rng, record, physical, kind):
                break
        record["mahjong"] = ask_mahjong(record, physical)
        records.append(record)
    for i, record in enumerate(records):
        record["id"] = i
    version = getattr(mahjong, "__version__", None)
    if version is None:
        from importlib.metadata import version as dist_version

        version = dist_version("mahjong")
    return {
        "format": 1,
        "generator": "tests/tools/make_mahjong_corpus.py",
        "seed": seed,
        "mahjong_version": version,
        "mahjong_options": TENHOU_OPTIONS,
        "tenhou_assumed": TENHOU_ASSUMED,
        "variants": {name: {"rules": rules, "mahjong": opts} for name, rules, opts, _ in VARIANTS},
        "records": records,
    }


def main(argv: list[str] | None = None) -> None:
    import zstandard

    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--seed", type=int, default=20250)
    parser.add_argument("--count", type=int, default=12000)
    parser.add_argument("--variants", type=int, default=2000)
    parser.add_argument("--contradictions", type=int, default=300)
    parser.add_argument("--out", type=Path, default=OUT)
    args = parser.parse_args(argv)
    corpus = build(args.seed, args.count, args.variants, args.contradictions)
    text = json.dumps(corpus, separators=(",", ":"), sort_keys=False).encode()
    args.out.parent.mkdir(parents=True, exist_ok=True)
    args.out.write_bytes(zstandard.ZstdCompressor(level=19).compress(text))
    records = corpus["records"]
    errors = Counter(r["mahjong"].get("error", "win") for r in records)
    themes = Counter(r["tag"].split(":")[-1].split("/")[0] for r in records)
    print(f"{len(records)} records, {args.out.stat().st_size:,} bytes -> {args.out}")
    print("mahjong:", dict(errors))
    print("themes:", dict(sorted(themes.items())))


if __name__ == "__main__":
    main()
