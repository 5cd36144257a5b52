"""Bad winning situations given to riichi_lut.riichi.score (bad-inputs items 4, 9-12, 15):
each raises the named error from riichi_lut.errors with a message naming the culprit, and
nothing is clamped or guessed. Rule sets are frozen; changing one returns a new object.
"""

from __future__ import annotations

import dataclasses

import pytest

from riichi_lut.errors import (
    InvalidArgumentError,
    InvalidHandError,
    InvalidSituationError,
    RiichiLutError,
    TileParseError,
)
from riichi_lut.riichi import EMA, M_LEAGUE, MAHJONG_SOUL, PRESETS, TENHOU, WRC, RuleSet, score

R = "123m456p234789s99s"  # closed; 3s is a kanchan wait
KANS = "123m456p234s99s (8888p)"  # a closed kan: still a closed hand
OPEN = "123m456p234s99s [789s]"  # a chi: an open hand
OPEN_KAN = "123m456p234s99s [8888p]"


def win(hand: str = R, tile: str = "3s", seat: object = "S", rnd: object = "E", tsumo: object = False, **kw):
    """``score``; a riichi puts the winner's own stick on the table (``riichi_sticks=1``
    unless given: 0 sticks is refused, see tests/riichi/test_win.py)."""
    if kw.get("riichi") is True or kw.get("double_riichi") is True:
        kw.setdefault("riichi_sticks", 1)
    return score(hand, tile, tsumo=tsumo, seat_wind=seat, round_wind=rnd, **kw)  # type: ignore[arg-type]


# ------------------------------------------------------------------ item 10: flags

CONTRADICTIONS = [
    # id, hand, options, fragment of the message
    ("chankan_tsumo", OPEN, {"tsumo": True, "chankan": True}, "chankan"),
    ("houtei_tsumo", R, {"tsumo": True, "houtei": True}, "houtei"),
    ("haitei_ron", R, {"haitei": True}, "haitei"),
    ("rinshan_ron", KANS, {"rinshan": True}, "rinshan"),
    ("rinshan_without_kan", R, {"tsumo": True, "rinshan": True}, "kan"),
    ("rinshan_without_kan_open_hand", OPEN, {"tsumo": True, "rinshan": True}, "kan"),
    ("haitei_rinshan", KANS, {"tsumo": True, "haitei": True, "rinshan": True}, "haitei"),
    ("houtei_chankan", R, {"houtei": True, "chankan": True}, "houtei"),
    ("tenhou_open_call", OPEN, {"tsumo": True, "tenhou": True, "seat": "E"}, "calls"),
    ("tenhou_closed_kan", KANS, {"tsumo": True, "tenhou": True, "seat": "E"}, "calls"),
    ("chiihou_open_call", OPEN, {"tsumo": True, "chiihou": True}, "calls"),
    ("chiihou_closed_kan", KANS, {"tsumo": True, "chiihou": True}, "calls"),
    ("tenhou_non_dealer", R, {"tsumo": True, "tenhou": True}, "dealer"),
    ("tenhou_ron", R, {"tenhou": True, "seat": "E"}, "tsumo"),
    ("tenhou_riichi", R, {"tsumo": True, "tenhou": True, "riichi": True, "seat": "E"}, "riichi"),
    ("chiihou_dealer", R, {"tsumo": True, "chiihou": True, "seat": "E"}, "chiihou"),
    ("chiihou_ron", R, {"chiihou": True}, "tsumo"),
    ("renhou_dealer", R, {"renhou": True, "seat": "E"}, "renhou"),
    ("renhou_tsumo", R, {"renhou": True, "tsumo": True}, "renhou"),
    ("renhou_riichi", R, {"renhou": True, "riichi": True}, "renhou"),
    ("renhou_open_call", OPEN, {"renhou": True}, "renhou"),
    ("ippatsu_without_riichi", R, {"ippatsu": True}, "ippatsu"),
    ("ippatsu_rinshan", KANS, {"tsumo": True, "riichi": True, "ippatsu": True, "rinshan": True}, "ippatsu"),
    ("ippatsu_houtei", R, {"riichi": True, "ippatsu": True, "houtei": True}, "houtei"),
    ("riichi_open_chi", OPEN, {"riichi": True}, "riichi"),
    ("riichi_open_kan", OPEN_KAN, {"riichi": True}, "riichi"),
    ("double_riichi_open", OPEN, {"double_riichi": True}, "riichi"),
    ("ippatsu_open", OPEN, {"riichi": True, "ippatsu": True}, "riichi"),
]


@pytest.mark.parametrize(
    ("hand", "options", "fragment"), [pytest.param(*row[1:], id=row[0]) for row in CONTRADICTIONS]
)
def test_contradictory_flags(hand, options, fragment) -> None:
    with pytest.raises(InvalidSituationError, match=fragment):
        win(hand, "3s", **options)


def test_renhou_houtei() -> None:
    # renhou is won before the winner's first draw; houtei on the last discard of the hand
    with pytest.raises(InvalidSituationError, match="renhou"):
        win(renhou=True, houtei=True)


def test_renhou_chankan() -> None:
    # renhou needs a discard with no call made; chankan robs an added kan, which needs a pon
    with pytest.raises(InvalidSituationError, match="renhou"):
        win(renhou=True, chankan=True)


@pytest.mark.parametrize(
    ("hand", "tile"),
    [
        # the winner holds a second 5s: the robbed kan would be a fifth copy
        pytest.param("123m456p234s55s [789s]", "5s", id="pair_of_robbed_tile"),
        # the winner's own pon of 2s plus the robbed 2s: five 2s
        pytest.param("123m456p234s55s [222s]", "2s", id="pon_of_robbed_tile"),
    ],
)
def test_chankan_holding_another_copy(hand: str, tile: str) -> None:
    with pytest.raises(InvalidSituationError, match=f"chankan.*{tile}"):
        win(hand, tile, chankan=True)


def test_riichi_with_a_closed_kan_is_fine() -> None:
    # riichi + menzen tsumo + rinshan: the closed kan keeps the hand closed
    r = win(KANS, "3s", tsumo=True, riichi=True, rinshan=True)
    assert {y.id for y in r.yaku} == {"riichi", "menzen_tsumo", "rinshan"}


def test_chankan_with_one_copy_and_ippatsu_is_fine() -> None:
    # seed 001: chankan is compatible with ippatsu (the kan was interrupted)
    r = win(R, "3s", riichi=True, ippatsu=True, chankan=True)
    assert {y.id for y in r.yaku} == {"riichi", "ippatsu", "chankan"}


# ------------------------------------------------------------------ item 11: winds


def test_winds_are_required_keywords() -> None:
    with pytest.raises(TypeError, match="seat_wind"):
        score(R, "3s", tsumo=False, round_wind="E")  # type: ignore[call-arg]
    with pytest.raises(TypeError, match="round_wind"):
        score(R, "3s", tsumo=False, seat_wind="E")  # type: ignore[call-arg]
    with pytest.raises(TypeError, match="tsumo"):
        score(R, "3s", seat_wind="E", round_wind="E")  # type: ignore[call-arg]


@pytest.mark.parametrize("bad", [None, "", "X", "5z", "East?", 27, 1, True, "4z", "2z", " E"])
@pytest.mark.parametrize("which", ["seat", "rnd"])
def test_invalid_wind(which: str, bad: object) -> None:
    name = {"seat": "seat_wind", "rnd": "round_wind"}[which]
    with pytest.raises(InvalidSituationError, match=name):
        win(**{which: bad})


@pytest.mark.parametrize("wind", ["E", "N", "e", "n"])
def test_wind_spellings_accepted(wind: str) -> None:
    assert win(seat=wind, riichi=True).han >= 1


# ------------------------------------------------------------------ item 9: winning tile

WIN_TILES = [
    # id, hand, win tile, error class, fragment
    ("not_in_hand", R, "5s", InvalidHandError, "5s"),
    ("honor_not_in_hand", R, "7z", InvalidHandError, "7z"),
    # 456p held with a red five only: a plain 5p cannot have been the winning tile
    ("plain_five_but_only_red_held", "123m406p234789s99s", "5p", InvalidHandError, "5p"),
    # 456p held plain: the red 0p cannot have been the winning tile
    ("red_five_but_only_plain_held", R, "0p", InvalidHandError, "red"),
    # 1m only inside the closed kan: no draw gives a tile already melded
    ("only_in_closed_kan", "234m456p789s55z (1111m)", "1m", InvalidHandError, "1m"),
    ("only_in_open_call", OPEN, "8s", InvalidHandError, "8s"),
    ("two_tiles", R, "3s9s", InvalidHandError, "win_tile"),
    ("no_tile", R, "", TileParseError, "empty"),
    ("unknown_notation", R, "3x", TileParseError, "3x"),
]


@pytest.mark.parametrize(
    ("hand", "tile", "error", "fragment"), [pytest.param(*row[1:], id=row[0]) for row in WIN_TILES]
)
def test_bad_winning_tile(hand, tile, error, fragment) -> None:
    with pytest.raises(error, match=fragment):
        win(hand, tile)


def test_empty_winning_tile_names_the_argument() -> None:
    with pytest.raises(RiichiLutError, match="win_tile"):
        win(R, "")


def test_winning_tile_as_red_five_is_accepted() -> None:
    r = win("123m406p234789s99s", "0p", riichi=True)
    assert r.dora.aka == 1


# ------------------------------------------------------------------ item 4, 12: tiles and dora

FIFTH_COPY = [
    # id, hand, options, fragment: a fifth copy across hand, calls and indicators
    ("dora_on_closed_kan", KANS, {"dora_indicators": ["8p"]}, "8p: 5 copies"),
    ("dora_on_open_kan", OPEN_KAN, {"dora_indicators": ["1m", "8p"]}, "8p: 5 copies"),
    # 9s three times in R: two more as indicators make five
    ("two_dora_indicators", R, {"dora_indicators": ["9s", "9s"]}, "9s: 5 copies"),
    (
        "dora_and_ura",
        R,
        {"riichi": True, "dora_indicators": ["9s"], "ura_indicators": ["9s"]},
        "9s: 5 copies",
    ),
]


@pytest.mark.parametrize(
    ("hand", "options", "fragment"), [pytest.param(*row[1:], id=row[0]) for row in FIFTH_COPY]
)
def test_fifth_copy_with_indicators(hand, options, fragment) -> None:
    with pytest.raises(InvalidHandError, match=fragment):
        win(hand, "3s", **options)


@pytest.mark.parametrize(
    "rules", [WRC, EMA, TENHOU.replace(aka_dora=(1, 0, 1))], ids=["WRC", "EMA", "no_red_pin"]
)
def test_red_five_without_red_fives_in_rule_set(rules: RuleSet) -> None:
    with pytest.raises(InvalidHandError, match="red 5p"):
        win("123m406p234789s99s", "3s", riichi=True, rules=rules)


@pytest.mark.parametrize(
    ("hand", "options"),
    [
        # WRC plays no red fives, yet a red 5p indicator is accepted
        pytest.param(R, {"dora_indicators": ["0p"], "rules": WRC}, id="red_indicator_without_red_fives"),
        # Tenhou has one red 5p: held in the hand and turned as an indicator makes two
        pytest.param("123m406p234789s99s", {"dora_indicators": ["0p"]}, id="red_in_hand_and_indicator"),
        pytest.param(R, {"dora_indicators": ["0p", "0p"]}, id="two_red_indicators"),
        pytest.param(
            "123m406p234789s99s", {"dora_indicators": ["4p"], "ura_indicators": ["0p"]}, id="red_ura"
        ),
    ],
)
def test_red_fives_across_hand_and_indicators(hand: str, options: dict) -> None:
    with pytest.raises(InvalidHandError, match="red 5p"):
        win(hand, "3s", riichi=True, **options)


def test_red_five_in_a_call_without_red_fives() -> None:
    with pytest.raises(InvalidHandError, match="red 5p"):
        win("123m234678s99s (0555p)", "2s", riichi=True, rules=WRC)


DORA_PROBLEMS = [
    # id, options, fragment
    ("ura_without_riichi", {"dora_indicators": ["1m"], "ura_indicators": ["2m"]}, "ura"),
    (
        "more_ura_than_dora",
        {"riichi": True, "dora_indicators": ["1m"], "ura_indicators": ["2m", "3m"]},
        "ura",
    ),
    ("six_dora_indicators", {"dora_indicators": ["1z", "2z", "3z", "4z", "5z", "6z"]}, "dora"),
    ("indicator_not_a_tile", {"dora_indicators": ["8z"]}, "8z"),
    ("indicator_wrong_type", {"dora_indicators": 5}, "dora_indicators"),
]


@pytest.mark.parametrize(
    ("options", "fragment"), [pytest.param(*row[1:], id=row[0]) for row in DORA_PROBLEMS]
)
def test_bad_dora_indicators(options, fragment) -> None:
    with pytest.raises(RiichiLutError, match=fragment) as info:
        win(**options)
    assert isinstance(info.value, ValueError)


def test_ura_without_riichi_is_a_situation_error() -> None:
    with pytest.raises(InvalidSituationError, match="ura"):
        win(dora_indicators=["1m"], ura_indicators=["2m"], tsumo=True)


# ------------------------------------------------------------------ types and counts


@pytest.mark.parametrize(
    "flag",
    [
        "riichi",
        "double_riichi",
        "ippatsu",
        "haitei",
        "houtei",
        "rinshan",
        "chankan",
        "tenhou",
        "chiihou",
        "renhou",
    ],
)
@pytest.mark.parametrize("bad", [1, 0, None, "yes", "False"])
def test_non_bool_flag(flag: str, bad: object) -> None:
    with pytest.raises(InvalidSituationError, match=flag):
        win(**{flag: bad})


@pytest.mark.parametrize("bad", [1, 0, None, "no"])
def test_non_bool_tsumo(bad: object) -> None:
    with pytest.raises(InvalidSituationError, match="tsumo"):
        win(tsumo=bad, riichi=True)


@pytest.mark.parametrize("name", ["honba", "riichi_sticks"])
@pytest.mark.parametrize("bad", [-1, -300, 1.5, "2", None, True])
def test_bad_counts(name: str, bad: object) -> None:
    with pytest.raises(InvalidSituationError, match=name):
        win(riichi=True, **{name: bad})


def test_rules_must_be_a_rule_set() -> None:
    with pytest.raises(RiichiLutError, match="rules") as info:
        win(riichi=True, rules="TENHOU")
    assert isinstance(info.value, ValueError)


@pytest.mark.parametrize(
    ("hand", "fragment"),
    [
        pytest.param("123m456p234789s9s", "14 tiles", id="13_tiles"),
        pytest.param("123m456p234789s999s", "got 15", id="15_tiles"),
        pytest.param("123m456p234s99s [789s] [111z]", "got 11", id="17_with_calls"),
    ],
)
def test_wrong_tile_count(hand: str, fragment: str) -> None:
    with pytest.raises(InvalidHandError, match=fragment):
        win(hand, "3s", riichi="[" not in hand)


# ------------------------------------------------------------------ item 15: rule sets


def test_replace_returns_a_new_frozen_rule_set() -> None:
    changed = TENHOU.replace(kiriage=True)
    assert changed is not TENHOU and changed.kiriage and not TENHOU.kiriage
    assert changed.name == TENHOU.name and changed.aka_dora == TENHOU.aka_dora
    with pytest.raises(dataclasses.FrozenInstanceError):
        TENHOU.kiriage = True  # type: ignore[misc]
    assert TENHOU.kiriage is False


def test_scoring_with_a_changed_rule_set_leaves_presets_alone() -> None:
    before = {name: preset.to_dict() for name, preset in PRESETS.items()}
    r = win(
        "234m567p23455678s", "8s", riichi=True, dora_indicators=["1m"], rules=TENHOU.replace(kiriage=True)
    )
    assert r.total - r.riichi_sticks == 8000  # 4 han 30 fu with kiriage (the stick apart)
    plain = win("234m567p23455678s", "8s", riichi=True, dora_indicators=["1m"])
    assert plain.total - plain.riichi_sticks == 7700
    assert {name: preset.to_dict() for name, preset in PRESETS.items()} == before


def test_caller_sets_are_copied() -> None:
    patterns = {"kokushi_13"}
    aka = [1, 1, 1]
    rules = TENHOU.replace(double_yakuman=patterns, aka_dora=aka)
    patterns.add("daisuushii")
    aka[0] = 0
    assert rules.double_yakuman == frozenset({"kokushi_13"}) and rules.aka_dora == (1, 1, 1)
    assert TENHOU.double_yakuman == frozenset()


@pytest.mark.parametrize(
    ("changes", "fragment"),
    [
        ({"kiriagee": True}, "kiriagee"),
        ({"double_wind_pair_fu": 3}, "double_wind_pair_fu"),
        ({"double_yakuman": frozenset({"daisharin"})}, "daisharin"),
        ({"renhou": "sanbaiman"}, "renhou"),
        ({"aka_dora": (1, 5, 1)}, "aka_dora"),
        ({"aka_dora": (1, 1)}, "aka_dora"),
        ({"open_pinfu_fu": 25}, "open_pinfu_fu"),
        ({"multiple_ron": "quadruple"}, "multiple_ron"),
    ],
)
def test_replace_refuses_bad_values(changes: dict, fragment: str) -> None:
    with pytest.raises(InvalidArgumentError, match=fragment):
        TENHOU.replace(**changes)


def test_presets_are_distinct_rule_sets() -> None:
    presets = (TENHOU, MAHJONG_SOUL, M_LEAGUE, WRC, EMA)
    assert all(isinstance(p, RuleSet) for p in presets)
    assert len({p.name for p in presets}) == 5 and set(PRESETS) == {p.name for p in presets} | {
        "Tenhou sanma",
        "Mahjong Soul sanma",
    }
    assert (TENHOU.kiriage, M_LEAGUE.kiriage) == (False, True)
