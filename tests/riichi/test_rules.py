"""RuleSet and its presets: immutability, validation, serialisation, the documented values.

Each preset has one test that pins every value, so a change to a preset is deliberate and
goes together with docs/rules.md (which a further test reads back and compares).
"""

from __future__ import annotations

import ast
import dataclasses
import json
import re
from pathlib import Path
from typing import Any

import pytest

from riichi_lut.errors import InvalidArgumentError
from riichi_lut.riichi.rules import (
    DOUBLE_YAKUMAN_PATTERNS,
    EMA,
    M_LEAGUE,
    MAHJONG_SOUL,
    MAHJONG_SOUL_SANMA,
    PRESETS,
    TENHOU,
    TENHOU_SANMA,
    WRC,
    RuleSet,
)

ALL_PRESETS = (TENHOU, MAHJONG_SOUL, M_LEAGUE, WRC, EMA, TENHOU_SANMA, MAHJONG_SOUL_SANMA)
PRESET_IDS = [p.name for p in ALL_PRESETS]
FIELDS = [f.name for f in dataclasses.fields(RuleSet)]
DOCS = Path(__file__).resolve().parents[2] / "docs" / "rules.md"


# --------------------------------------------------------------------------- presets


def test_presets_are_rule_sets_keyed_by_name() -> None:
    assert all(isinstance(p, RuleSet) for p in ALL_PRESETS)
    assert {p.name: p for p in ALL_PRESETS} == PRESETS
    assert list(PRESETS) == [
        "Tenhou",
        "Mahjong Soul",
        "M-League",
        "WRC",
        "EMA",
        "Tenhou sanma",
        "Mahjong Soul sanma",
    ]
    assert len(set(ALL_PRESETS)) == 7  # hashable, and no two presets are equal


def test_tenhou_values() -> None:
    assert TENHOU.to_dict() == {
        "name": "Tenhou",
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
        "nagashi_mangan": True,
        "kokushi_robs_closed_kan": False,
        "open_pinfu_fu": 30,
        "multiple_ron": "double",
        "multiple_ron_honba": "first",
        "multiple_ron_sticks": "first",
        "kazoe_limit": "yakuman",
        "pinfu_tsumo_fu": False,
        "daisharin": "off",
        "daichisei": False,
        "paarenchan": False,
        "paarenchan_needs_yaku": True,
        "yakuman_cap": 0,
        "open_riichi": False,
        "players": 4,
        "sanma_tsumo": "loss",
        "kita_rinshan": True,
    }


def test_mahjong_soul_values() -> None:
    assert MAHJONG_SOUL.to_dict() == {
        "name": "Mahjong Soul",
        "kuitan": True,
        "aka_dora": [1, 1, 1],
        "ippatsu": True,
        "ura_dora": True,
        "kan_dora": True,
        "kazoe_yakuman": True,
        "kiriage": False,
        "double_wind_pair_fu": 4,
        "double_yakuman": ["daisuushii", "junsei_chuuren", "kokushi_13", "suuankou_tanki"],
        "multiple_yakuman": True,
        "renhou": "none",
        "nagashi_mangan": True,
        "kokushi_robs_closed_kan": True,
        "open_pinfu_fu": 30,
        "multiple_ron": "triple",
        "multiple_ron_honba": "first",
        "multiple_ron_sticks": "first",
        "kazoe_limit": "yakuman",
        "pinfu_tsumo_fu": False,
        "daisharin": "off",
        "daichisei": False,
        "paarenchan": False,
        "paarenchan_needs_yaku": True,
        "yakuman_cap": 0,
        "open_riichi": False,
        "players": 4,
        "sanma_tsumo": "loss",
        "kita_rinshan": True,
    }


def test_m_league_values() -> None:
    assert M_LEAGUE.to_dict() == {
        "name": "M-League",
        "kuitan": True,
        "aka_dora": [1, 1, 1],
        "ippatsu": True,
        "ura_dora": True,
        "kan_dora": True,
        "kazoe_yakuman": False,
        "kiriage": True,
        "double_wind_pair_fu": 2,
        "double_yakuman": [],
        "multiple_yakuman": True,
        "renhou": "none",
        "nagashi_mangan": True,
        "kokushi_robs_closed_kan": False,
        "open_pinfu_fu": 30,
        "multiple_ron": "atamahane",
        "multiple_ron_honba": "first",
        "multiple_ron_sticks": "first",
        "kazoe_limit": "sanbaiman",
        "pinfu_tsumo_fu": False,
        "daisharin": "off",
        "daichisei": False,
        "paarenchan": False,
        "paarenchan_needs_yaku": True,
        "yakuman_cap": 0,
        "open_riichi": False,
        "players": 4,
        "sanma_tsumo": "loss",
        "kita_rinshan": True,
    }


def test_wrc_values() -> None:
    assert WRC.to_dict() == {
        "name": "WRC",
        "kuitan": True,
        "aka_dora": [0, 0, 0],
        "ippatsu": True,
        "ura_dora": True,
        "kan_dora": True,
        "kazoe_yakuman": False,
        "kiriage": True,
        "double_wind_pair_fu": 2,
        "double_yakuman": [],
        "multiple_yakuman": False,
        "renhou": "mangan",
        "nagashi_mangan": False,
        "kokushi_robs_closed_kan": True,
        "open_pinfu_fu": 30,
        "multiple_ron": "atamahane",
        "multiple_ron_honba": "first",
        "multiple_ron_sticks": "first",
        "kazoe_limit": "sanbaiman",
        "pinfu_tsumo_fu": False,
        "daisharin": "off",
        "daichisei": False,
        "paarenchan": False,
        "paarenchan_needs_yaku": True,
        "yakuman_cap": 0,
        "open_riichi": False,
        "players": 4,
        "sanma_tsumo": "loss",
        "kita_rinshan": True,
    }


def test_ema_values() -> None:
    assert EMA.to_dict() == {
        "name": "EMA",
        "kuitan": True,
        "aka_dora": [0, 0, 0],
        "ippatsu": True,
        "ura_dora": True,
        "kan_dora": True,
        "kazoe_yakuman": False,
        "kiriage": False,
        "double_wind_pair_fu": 4,
        "double_yakuman": [],
        "multiple_yakuman": False,
        "renhou": "mangan",
        "nagashi_mangan": False,
        "kokushi_robs_closed_kan": True,
        "open_pinfu_fu": 30,
        "multiple_ron": "triple",
        "multiple_ron_honba": "each",
        "multiple_ron_sticks": "reclaim",
        "kazoe_limit": "sanbaiman",
        "pinfu_tsumo_fu": False,
        "daisharin": "off",
        "daichisei": False,
        "paarenchan": False,
        "paarenchan_needs_yaku": True,
        "yakuman_cap": 0,
        "open_riichi": False,
        "players": 4,
        "sanma_tsumo": "loss",
        "kita_rinshan": True,
    }


def test_seed_003_statements_hold() -> None:
    """Seed 003: "Kiriage mangan … Off in Tenhou, on in M-League"; kuitan "allowed in nearly
    all modern rules (Tenhou, M-League)"; the double-yakuman patterns it lists."""
    assert (TENHOU.kiriage, M_LEAGUE.kiriage) == (False, True)
    assert TENHOU.kuitan and M_LEAGUE.kuitan
    assert {"kokushi_13", "suuankou_tanki", "junsei_chuuren", "daisuushii"} == DOUBLE_YAKUMAN_PATTERNS


# --------------------------------------------------------------------------- immutability


@pytest.mark.parametrize("preset", ALL_PRESETS, ids=PRESET_IDS)
def test_replace_returns_a_new_object_and_keeps_the_preset(preset: RuleSet) -> None:
    before = preset.to_dict()
    changed = preset.replace(kiriage=not preset.kiriage, double_wind_pair_fu=6 - preset.double_wind_pair_fu)
    assert changed is not preset
    assert changed.kiriage is not preset.kiriage
    assert changed.double_wind_pair_fu != preset.double_wind_pair_fu
    assert changed.name == preset.name
    assert preset.to_dict() == before
    assert PRESETS[preset.name] is preset
    same = preset.replace()
    assert same == preset and same is not preset


def test_replace_can_rename() -> None:
    club = TENHOU.replace(kiriage=True, name="Tenhou + kiriage")
    assert (club.name, club.kiriage) == ("Tenhou + kiriage", True)
    assert (TENHOU.name, TENHOU.kiriage) == ("Tenhou", False)


@pytest.mark.parametrize("preset", ALL_PRESETS, ids=PRESET_IDS)
@pytest.mark.parametrize("field", ["kiriage", "aka_dora", "double_yakuman", "name"])
def test_assigning_an_attribute_raises(preset: RuleSet, field: str) -> None:
    with pytest.raises(dataclasses.FrozenInstanceError):
        setattr(preset, field, getattr(preset, field))
    with pytest.raises(dataclasses.FrozenInstanceError):
        delattr(preset, field)


def test_double_yakuman_of_a_preset_cannot_be_mutated() -> None:
    patterns = MAHJONG_SOUL.double_yakuman
    assert isinstance(patterns, frozenset)
    with pytest.raises(AttributeError):
        patterns.add("daisangen")  # type: ignore[attr-defined]
    with pytest.raises(AttributeError):
        patterns.discard("kokushi_13")  # type: ignore[attr-defined]
    with pytest.raises(AttributeError):
        TENHOU.double_yakuman.add("kokushi_13")  # type: ignore[attr-defined]
    assert MAHJONG_SOUL.double_yakuman == DOUBLE_YAKUMAN_PATTERNS
    assert TENHOU.double_yakuman == frozenset()


def test_mutable_arguments_are_copied_into_immutable_fields() -> None:
    patterns = {"kokushi_13"}
    reds = [0, 1, 0]
    rules = RuleSet(double_yakuman=patterns, aka_dora=reds)  # type: ignore[arg-type]
    patterns.add("daisuushii")
    reds[0] = 4
    assert rules.double_yakuman == frozenset({"kokushi_13"})
    assert isinstance(rules.double_yakuman, frozenset)
    assert rules.aka_dora == (0, 1, 0)
    assert isinstance(rules.aka_dora, tuple)
    replaced = TENHOU.replace(double_yakuman=["suuankou_tanki"], aka_dora=[2, 2, 2])
    assert isinstance(replaced.double_yakuman, frozenset) and isinstance(replaced.aka_dora, tuple)


def test_defaults_are_not_shared_mutable_objects() -> None:
    a, b = RuleSet(), RuleSet()
    assert a == b
    assert isinstance(a.double_yakuman, frozenset) and isinstance(a.aka_dora, tuple)


# --------------------------------------------------------------------------- validation


@pytest.mark.parametrize(
    ("changes", "field"),
    [
        ({"double_wind_pair_fu": 3}, "double_wind_pair_fu"),
        ({"double_wind_pair_fu": 0}, "double_wind_pair_fu"),
        ({"renhou": "maybe"}, "renhou"),
        ({"renhou": "Yakuman"}, "renhou"),
        ({"double_yakuman": {"kokushi_13", "daisangen"}}, "double_yakuman"),
        ({"double_yakuman": {"kokushi"}}, "double_yakuman"),
        ({"aka_dora": (1, 1)}, "aka_dora"),
        ({"aka_dora": (1, 1, 1, 1)}, "aka_dora"),
        ({"aka_dora": (1, 5, 1)}, "aka_dora"),
        ({"aka_dora": (1, -1, 1)}, "aka_dora"),
        ({"open_pinfu_fu": 25}, "open_pinfu_fu"),
        ({"multiple_ron": "quadruple"}, "multiple_ron"),
        ({"multiple_ron_honba": "all"}, "multiple_ron_honba"),
        ({"multiple_ron_sticks": "split"}, "multiple_ron_sticks"),
        ({"kazoe_limit": "double"}, "kazoe_limit"),
        ({"kazoe_limit": None, "kazoe_yakuman": "yes"}, "kazoe_yakuman"),
        ({"daisharin": "sou"}, "daisharin"),
        ({"daisharin": True}, "daisharin"),
        ({"yakuman_cap": -1}, "yakuman_cap"),
        ({"yakuman_cap": True}, "yakuman_cap"),
        ({"yakuman_cap": 6.0}, "yakuman_cap"),
        ({"pinfu_tsumo_fu": 1}, "pinfu_tsumo_fu"),
        ({"paarenchan": "on"}, "paarenchan"),
        ({"paarenchan_needs_yaku": None}, "paarenchan_needs_yaku"),
        ({"open_riichi": 0}, "open_riichi"),
        ({"daichisei": "yes"}, "daichisei"),
    ],
)
def test_bad_values_raise_naming_the_field(changes: dict[str, Any], field: str) -> None:
    with pytest.raises(InvalidArgumentError, match=field):
        TENHOU.replace(**changes)
    with pytest.raises(InvalidArgumentError, match=field):
        RuleSet(**changes)


def test_bad_value_message_shows_the_value() -> None:
    with pytest.raises(InvalidArgumentError, match=r"double_wind_pair_fu must be 2 or 4, got 3"):
        RuleSet(double_wind_pair_fu=3)
    with pytest.raises(InvalidArgumentError, match=r"daisangen"):
        RuleSet(double_yakuman={"daisangen"})


def test_several_bad_values_are_all_reported() -> None:
    with pytest.raises(InvalidArgumentError) as info:
        RuleSet(double_wind_pair_fu=3, renhou="maybe")
    assert "double_wind_pair_fu" in str(info.value) and "renhou" in str(info.value)


def test_unknown_field_in_replace_raises_naming_it() -> None:
    with pytest.raises(InvalidArgumentError, match="kiriage_mangan"):
        TENHOU.replace(kiriage_mangan=True)
    with pytest.raises(InvalidArgumentError, match="nope"):
        TENHOU.replace(kiriage=True, nope=1)
    assert TENHOU.kiriage is False


def test_invalid_argument_error_is_a_value_error() -> None:
    with pytest.raises(ValueError):
        TENHOU.replace(renhou="maybe")


def test_every_valid_value_is_accepted() -> None:
    for fu in (2, 4):
        assert RuleSet(double_wind_pair_fu=fu).double_wind_pair_fu == fu
    for renhou in ("none", "mangan", "baiman", "yakuman"):
        assert RuleSet(renhou=renhou).renhou == renhou
    for mode in ("atamahane", "double", "triple"):
        assert RuleSet(multiple_ron=mode).multiple_ron == mode
    for honba in ("first", "each"):
        assert RuleSet(multiple_ron_honba=honba).multiple_ron_honba == honba
    for sticks in ("first", "reclaim"):
        assert RuleSet(multiple_ron_sticks=sticks).multiple_ron_sticks == sticks
    for fu in (20, 30):
        assert RuleSet(open_pinfu_fu=fu).open_pinfu_fu == fu
    for pattern in DOUBLE_YAKUMAN_PATTERNS:
        assert RuleSet(double_yakuman={pattern}).double_yakuman == {pattern}
    assert RuleSet(aka_dora=(0, 4, 2)).aka_dora == (0, 4, 2)
    for limit in ("yakuman", "sanbaiman", "none"):
        assert RuleSet(kazoe_limit=limit).kazoe_limit == limit
    for mode in ("off", "pin", "all_suits"):
        assert RuleSet(daisharin=mode).daisharin == mode
    for cap in (0, 1, 6, 13):
        assert RuleSet(yakuman_cap=cap).yakuman_cap == cap


# --------------------------------------------------------------------------- kazoe_limit / kazoe_yakuman


@pytest.mark.parametrize(
    ("given", "limit", "flag"),
    [
        ({}, "yakuman", True),
        ({"kazoe_yakuman": True}, "yakuman", True),
        ({"kazoe_yakuman": False}, "sanbaiman", False),
        ({"kazoe_limit": "yakuman"}, "yakuman", True),
        ({"kazoe_limit": "sanbaiman"}, "sanbaiman", False),
        ({"kazoe_limit": "none"}, "none", True),
        ({"kazoe_limit": "none", "kazoe_yakuman": True}, "none", True),
        ({"kazoe_limit": "sanbaiman", "kazoe_yakuman": False}, "sanbaiman", False),
    ],
)
def test_kazoe_limit_and_the_old_switch_follow_each_other(given, limit, flag) -> None:
    """The constructor fills in whichever of the two is not given (docs/rules.md)."""
    rules = RuleSet(**given)
    assert (rules.kazoe_limit, rules.kazoe_yakuman) == (limit, flag)


@pytest.mark.parametrize(
    ("given"),
    [
        {"kazoe_yakuman": False, "kazoe_limit": "yakuman"},
        {"kazoe_yakuman": False, "kazoe_limit": "none"},
        {"kazoe_yakuman": True, "kazoe_limit": "sanbaiman"},
    ],
)
def test_kazoe_limit_and_the_old_switch_must_agree(given) -> None:
    with pytest.raises(InvalidArgumentError, match="disagrees with kazoe_limit"):
        RuleSet(**given)
    with pytest.raises(InvalidArgumentError, match="disagrees with kazoe_limit"):
        TENHOU.replace(**given)


def test_replace_lets_the_kazoe_field_passed_win() -> None:
    none = TENHOU.replace(kazoe_limit="none")
    assert (none.kazoe_limit, none.kazoe_yakuman) == ("none", True)
    assert (none.replace(kazoe_yakuman=False).kazoe_limit, none.replace(kazoe_yakuman=True).kazoe_limit) == (
        "sanbaiman",
        "yakuman",
    )
    assert M_LEAGUE.replace(kazoe_limit="yakuman").kazoe_yakuman is True
    assert M_LEAGUE.replace(kazoe_yakuman=True).kazoe_limit == "yakuman"
    assert TENHOU.replace(kazoe_yakuman=False).kazoe_limit == "sanbaiman"
    assert (TENHOU.kazoe_limit, TENHOU.kazoe_yakuman) == ("yakuman", True)  # unchanged


# --------------------------------------------------------------------------- serialisation


@pytest.mark.parametrize("preset", ALL_PRESETS, ids=PRESET_IDS)
def test_to_dict_is_json_serialisable_and_round_trips(preset: RuleSet) -> None:
    data = preset.to_dict()
    assert list(data) == FIELDS
    text = json.dumps(data, sort_keys=True)
    back = RuleSet(**json.loads(text))
    assert back == preset
    assert back.to_dict() == data


def test_to_dict_gives_fresh_objects() -> None:
    data = MAHJONG_SOUL.to_dict()
    data["aka_dora"].append(9)
    data["double_yakuman"].clear()
    assert MAHJONG_SOUL.aka_dora == (1, 1, 1)
    assert MAHJONG_SOUL.double_yakuman == DOUBLE_YAKUMAN_PATTERNS
    assert MAHJONG_SOUL.to_dict()["double_yakuman"] == sorted(DOUBLE_YAKUMAN_PATTERNS)


# --------------------------------------------------------------------------- docs/rules.md


def _doc_value(cell: str) -> Any:
    """The first `backticked` Python literal of a table cell; frozenset(...) allowed."""
    found = re.search(r"`([^`]*)`", cell)
    assert found, f"no value in {cell!r}"
    text = found.group(1)
    wrapped = re.fullmatch(r"frozenset\((.*)\)", text)
    if wrapped:
        return frozenset(ast.literal_eval(wrapped.group(1)) if wrapped.group(1) else ())
    return ast.literal_eval(text)


def _documented_presets() -> dict[str, dict[str, tuple[Any, str, str]]]:
    """{constant name: {field: (value, status, source)}} from the per-preset tables."""
    tables: dict[str, dict[str, tuple[Any, str, str]]] = {}
    current = None
    for line in DOCS.read_text(encoding="utf-8").splitlines():
        heading = re.match(r"## .*\(`(\w+)`\)\s*$", line)
        if heading:
            current = heading.group(1)
            tables[current] = {}
            continue
        if line.startswith("## "):
            current = None
            continue
        row = re.match(r"\| `(\w+)` \|(.*)\|\s*$", line)
        if current and row:
            cells = [c.strip() for c in row.group(2).split(" | ")]
            assert len(cells) == 3, f"{current}.{row.group(1)}: expected value | status | source"
            value, status, source = cells
            tables[current][row.group(1)] = (_doc_value(value), status, source)
    return tables


def test_docs_list_every_field_of_every_preset_with_the_code_value() -> None:
    documented = _documented_presets()
    constants = {"TENHOU": TENHOU, "MAHJONG_SOUL": MAHJONG_SOUL, "M_LEAGUE": M_LEAGUE, "WRC": WRC, "EMA": EMA,
                 "TENHOU_SANMA": TENHOU_SANMA, "MAHJONG_SOUL_SANMA": MAHJONG_SOUL_SANMA}  # fmt: skip
    assert set(documented) == set(constants)
    for constant, preset in constants.items():
        rows = documented[constant]
        assert set(rows) == set(FIELDS) - {"name"}, constant
        for field, (value, status, source) in rows.items():
            assert value == getattr(preset, field), f"docs/rules.md {constant}.{field}"
            assert status in {"stated", "secondary", "general", "unverified"}, f"{constant}.{field}"
            assert source, f"{constant}.{field} has no source"


def test_docs_explain_every_field() -> None:
    text = DOCS.read_text(encoding="utf-8")
    flags = text.split("## Flags", 1)[1]
    for field in FIELDS:
        assert f"- **`{field}`**" in flags, field
    assert "TENHOU.replace(kiriage=True" in text


def test_docs_summary_table_matches_the_presets() -> None:
    """The "At a glance" table, read back: on/off, counts, names, "none", "all four patterns"."""
    text = DOCS.read_text(encoding="utf-8").split("## At a glance", 1)[1].split("\n## ", 1)[0]
    seen = set()
    for line in text.splitlines():
        row = re.match(r"\| `(\w+)`[^|]*\|(.*)\|\s*$", line)
        if not row:
            continue
        field = row.group(1)
        seen.add(field)
        cells = [re.sub(r"\*\*|\s*\(.*\)", "", c).strip() for c in row.group(2).split("|")]
        for preset, cell in zip(ALL_PRESETS, cells, strict=True):
            value = getattr(preset, field)
            if isinstance(value, bool):
                assert cell == ("on" if value else "off"), f"{preset.name}.{field}"
            elif isinstance(value, tuple):
                assert cell == ", ".join(map(str, value)), f"{preset.name}.{field}"
            elif isinstance(value, frozenset):
                expected = "all four patterns" if value == DOUBLE_YAKUMAN_PATTERNS else "none"
                assert value in (frozenset(), DOUBLE_YAKUMAN_PATTERNS) and cell == expected
            else:
                assert cell == str(value), f"{preset.name}.{field}"
    assert seen == set(FIELDS) - {"name"}


@pytest.mark.parametrize(
    "changes, field",
    [
        ({"kuitan": "yes"}, "kuitan"),
        ({"kiriage": 1}, "kiriage"),
        ({"aka_dora": None}, "aka_dora"),
        ({"aka_dora": (1, True, 1)}, "aka_dora"),
        ({"double_yakuman": None}, "double_yakuman"),
        ({"name": 3}, "name"),
    ],
)
def test_wrongly_typed_values_name_the_field(changes, field):
    with pytest.raises(InvalidArgumentError, match=field):
        TENHOU.replace(**changes)
