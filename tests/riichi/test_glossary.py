"""Issue 12 item 3: the yaku glossary as data (``riichi_lut.riichi.YAKU``): every yaku of the
scorer, each example hand scored under its situation gets that yaku, names resolve."""

from __future__ import annotations

import json

import pytest

from riichi_lut.errors import InvalidArgumentError
from riichi_lut.riichi import YAKU, RuleSet, find_yaku, score
from riichi_lut.riichi.glossary import YAKU_BY_ID
from riichi_lut.riichi.yaku import ROWS

RULE_FORMS = {"renhou_mangan", "renhou_baiman"}  # the renhou entry's rules, not entries


def test_every_yaku_of_the_scorer_has_one_entry():
    ids = [entry.id for entry in YAKU]
    assert len(ids) == len(set(ids))
    assert set(ids) == {row.id for row, _ in ROWS} - RULE_FORMS
    assert "renhou" in YAKU_BY_ID["renhou"].rules


@pytest.mark.parametrize("entry", YAKU, ids=lambda e: e.id)
def test_the_example_hand_scores_that_yaku(entry):
    result = score(entry.example_hand, entry.example_win, entry.win(), rules=entry.rule_set())
    assert entry.id in [y.id for y in result.yaku], f"{entry.id}: got {[y.id for y in result.yaku]}"


@pytest.mark.parametrize("entry", YAKU, ids=lambda e: e.id)
def test_an_entry_is_complete_and_its_rule_fields_exist(entry):
    assert entry.kanji and entry.english and entry.romaji and len(entry.description) > 20
    assert entry.closed_only == (entry.han_open == 0)
    assert (entry.yakuman == 1) == (entry.han_closed == 13)
    fields = set(RuleSet.__dataclass_fields__)
    assert set(entry.rules) <= fields and set(entry.example_rules) <= fields
    data = entry.to_dict()
    assert json.loads(json.dumps(data, ensure_ascii=False)) == data
    assert data["example"]["hand"] == entry.example_hand and data["id"] == entry.id


def test_han_and_names_come_from_the_scorer_row():
    pinfu = YAKU_BY_ID["pinfu"]
    assert (pinfu.han_closed, pinfu.han_open, pinfu.closed_only) == (1, 0, True)
    assert YAKU_BY_ID["chinitsu"].han_open == 5 and YAKU_BY_ID["junchan"].supersedes == ("chanta",)
    assert YAKU_BY_ID["yakuhai_haku"].romaji == "Yakuhai haku"


@pytest.mark.parametrize(
    ("name", "yaku_id"),
    [("pinfu", "pinfu"), ("PINFU", "pinfu"), ("All runs", "pinfu"), ("平和", "pinfu"),
     ("seven  pairs", "chiitoitsu"), ("Yakuhai: white dragon", "yakuhai_haku"), ("kokushi_13", "kokushi_13")],
)  # fmt: skip
def test_find_yaku_by_id_romaji_english_or_kanji(name, yaku_id):
    assert find_yaku(name).id == yaku_id


def test_an_unknown_yaku_name_is_a_named_error():
    with pytest.raises(InvalidArgumentError, match="no yaku is called 'pinf'"):
        find_yaku("pinf")
    with pytest.raises(InvalidArgumentError, match="must be a string"):
        find_yaku(3)  # type: ignore[arg-type]


# ------------------------------------------------------------ everyday names (issue 25)


@pytest.mark.parametrize(
    ("name", "yaku_id"),
    [
        ("sanshoku", "sanshoku_doujun"),
        ("haku", "yakuhai_haku"),
        ("Hatsu", "yakuhai_hatsu"),
        ("chun", "yakuhai_chun"),
        ("jikaze", "yakuhai_seat"),
        ("bakaze", "yakuhai_round"),
        ("chitoitsu", "chiitoitsu"),
        ("Chītoitsu", "chiitoitsu"),
        ("chii-toitsu", "chiitoitsu"),
        ("ittsuu", "ittsu"),
        ("toitoi", "toitoi"),
        ("honitsu", "honitsu"),
        ("tsumo", "menzen_tsumo"),
        ("double riichi", "double_riichi"),
        ("ryuuiisou", "ryuuiisou"),
        ("ryuiiso", "ryuuiisou"),
        ("kokushi musou", "kokushi"),
        ("suuankou", "suuankou"),
    ],
)
def test_find_yaku_by_everyday_names_and_spellings(name, yaku_id):
    assert find_yaku(name).id == yaku_id


def test_a_family_name_gives_every_member_and_find_yaku_asks_for_one():
    from riichi_lut.riichi import search_yaku
    from riichi_lut.riichi.yaku_names import GROUPS

    assert [e.id for e in search_yaku("yakuhai")] == list(GROUPS["yakuhai"])
    assert [e.id for e in search_yaku("pinfu")] == ["pinfu"]
    with pytest.raises(InvalidArgumentError, match="'yakuhai' is several yaku: yakuhai_haku, ") as info:
        find_yaku("yakuhai")
    assert info.value.parameter == "name"


@pytest.mark.parametrize(
    ("typo", "suggested"),
    [
        ("sanshok", "sanshoku"),
        ("toitio", "toitoi"),
        ("pinfuu ", None),
        ("chinitsuu", None),
        ("tanyo", "tanyao"),
    ],
)
def test_a_near_name_is_suggested(typo, suggested):
    if suggested is None:  # long vowels fold: these are found, not suggested
        assert find_yaku(typo)
        return
    with pytest.raises(InvalidArgumentError, match=f"did you mean {suggested}") as info:
        find_yaku(typo)
    assert info.value.parameter == "name"


def test_every_alias_finds_its_yaku_and_no_two_yaku_share_a_name():
    from riichi_lut.riichi.yaku_names import ALIASES, fold

    owner: dict[str, str] = {}
    for entry in YAKU:
        for name in (entry.id, entry.romaji, entry.english, entry.kanji, *ALIASES.get(entry.id, ())):
            assert owner.setdefault(fold(name), entry.id) == entry.id, name
            assert find_yaku(name).id == entry.id
