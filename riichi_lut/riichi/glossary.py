"""The yaku glossary, as data: every yaku the scorer knows, with its names, its value, a
plain-English description, an example hand that scores it, and the rule fields that change
it.

One :class:`YakuEntry` per yaku row of :mod:`riichi_lut.riichi.yaku` (the id is the row's
id), except the two rule-set forms of renhou (counted as mangan or baiman), which are the
``renhou`` entry's ``rules``. Han and the yakuman multiple come from the row itself, so the
glossary and the scorer cannot disagree; a test scores every example hand with its
situation and checks that the result lists that yaku.

>>> entry = YAKU_BY_ID["pinfu"]
>>> entry.kanji, entry.english, entry.han_closed, entry.closed_only
('平和', 'All runs', 1, True)
>>> entry.example_hand, entry.example_win
('123m456p789s55p234s', '4s')

Names are looked up (ids, romaji, English, kanji, everyday aliases) by
:mod:`riichi_lut.riichi.yaku_names`.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from .rules import TENHOU, RuleSet
from .win import Win
from .yaku import ROWS, YakuRow

__all__ = ["YAKU", "YAKU_BY_ID", "YakuEntry"]

_ROW = {row.id: row for row, _ in ROWS}

#: The situation of an example unless it says otherwise: a ron, South seat, East round.
_RON = {"tsumo": False, "seat_wind": "S", "round_wind": "E"}
_TSUMO = {"tsumo": True, "seat_wind": "S", "round_wind": "E"}
_RIICHI = {"riichi": True, "riichi_sticks": 1}


@dataclass(frozen=True)
class YakuEntry:
    """One yaku of the glossary.

    - ``id`` (the scorer's yaku id, as in ``ScoreResult.yaku``), ``kanji``, ``romaji``
      (the scorer's name), ``english``;
    - ``han_closed``, ``han_open`` (0: not in an open hand), ``closed_only``,
      ``yakuman`` (the multiple: 1 for a yakuman, 0 otherwise);
    - ``description``: what makes it, in plain English;
    - ``example_hand`` (14 tiles in ``parse_hand`` notation, the winning tile included),
      ``example_win`` (the winning tile), ``example_facts`` (the :class:`Win` facts of
      the example), ``example_rules`` (fields of :data:`~riichi_lut.riichi.rules.TENHOU`
      changed for the example, usually none);
    - ``rules``: the :class:`~riichi_lut.riichi.rules.RuleSet` fields that change this
      yaku, each with what it does;
    - ``supersedes``: the weaker yaku it replaces when both apply."""

    id: str
    kanji: str
    english: str
    description: str
    example_hand: str
    example_win: str
    example_facts: dict[str, Any] = field(default_factory=lambda: dict(_RON))
    example_rules: dict[str, Any] = field(default_factory=dict)
    rules: dict[str, str] = field(default_factory=dict)
    reading: str = ""  # the romaji when the scorer's name is partly English (yakuhai)

    @property
    def row(self) -> YakuRow:
        """The scorer's row of this yaku."""
        return _ROW[self.id]

    @property
    def romaji(self) -> str:
        """The Japanese name in romaji: the scorer's name (``ScoreResult.yaku[i].name``),
        except for the yakuhai, which the scorer names half in English."""
        return self.reading or self.row.name

    @property
    def han_closed(self) -> int:
        """Han in a closed hand (13 for a yakuman)."""
        return self.row.han_closed

    @property
    def han_open(self) -> int:
        """Han in an open hand; 0 when it needs a closed hand."""
        return self.row.han_open

    @property
    def closed_only(self) -> bool:
        """The yaku needs a closed hand (no calls but closed kans)."""
        return self.row.han_open == 0

    @property
    def yakuman(self) -> int:
        """1 for a yakuman (the rule set may pay some as double), else 0."""
        return self.row.yakuman

    @property
    def supersedes(self) -> tuple[str, ...]:
        """The ids of the weaker yaku it replaces."""
        return self.row.supersedes

    def win(self) -> Win:
        """The example's facts as a :class:`Win`."""
        return Win(**self.example_facts)

    def rule_set(self) -> RuleSet:
        """The rule set the example is scored under (Tenhou, with ``example_rules``)."""
        return TENHOU.replace(**self.example_rules) if self.example_rules else TENHOU

    def to_dict(self) -> dict[str, Any]:
        """Every field, for JSON."""
        return {
            "id": self.id,
            "kanji": self.kanji,
            "romaji": self.romaji,
            "english": self.english,
            "han_closed": self.han_closed,
            "han_open": self.han_open,
            "closed_only": self.closed_only,
            "yakuman": self.yakuman,
            "description": self.description,
            "example": {
                "hand": self.example_hand,
                "win": self.example_win,
                "facts": dict(self.example_facts),
                "rules": dict(self.example_rules),
            },
            "rules": dict(self.rules),
            "supersedes": list(self.supersedes),
        }


_KUITAN = {"kuitan": "off: tanyao needs a closed hand (no open tanyao, kuitan nashi)"}
_MULTIPLE = {"multiple_yakuman": "off: only the highest yakuman counts when several apply"}


def _double(what: str) -> dict[str, str]:
    return {"double_yakuman": f"'{what}' in it: paid as a double yakuman", **_MULTIPLE}


YAKU: tuple[YakuEntry, ...] = (
    YakuEntry(
        "riichi", "立直", "Ready hand",
        "Declare that your closed hand is one tile from winning and put a 1,000-point stick"
        " on the table; from then on you only draw and discard.",
        "123m456p789s234s55p", "5p", {**_RON, **_RIICHI},
    ),
    YakuEntry(
        "double_riichi", "両立直", "Double ready",
        "Riichi declared with your very first discard, before anyone has called a tile.",
        "123m456p789s234s55p", "5p", {**_RON, "double_riichi": True, "riichi_sticks": 1},
    ),
    YakuEntry(
        "ippatsu", "一発", "One shot",
        "Winning within one go-around after your riichi, before any call interrupts it.",
        "123m456p789s234s55p", "5p", {**_RON, **_RIICHI, "ippatsu": True},
        rules={"ippatsu": "off: ippatsu is not played"},
    ),
    YakuEntry(
        "menzen_tsumo", "門前清自摸和", "Closed self-draw",
        "Winning on your own draw with a hand that made no open calls.",
        "123m456p789s234s55p", "5p", dict(_TSUMO),
    ),
    YakuEntry(
        "pinfu", "平和", "All runs",
        "A closed hand of four runs and a pair that is worth no fu, won on a two-sided wait:"
        " nothing in it scores fu.",
        "123m456p789s55p234s", "4s",
    ),
    YakuEntry(
        "tanyao", "断幺九", "All simples",
        "Only the tiles 2 to 8 of the three suits: no terminals and no honors.",
        "234m456p678s22345s", "5s", rules=_KUITAN,
    ),
    YakuEntry(
        "iipeikou", "一盃口", "Pure double run",
        "Two identical runs of the same suit, such as 123m and 123m, in a closed hand.",
        "112233m456p11789s", "3m",
    ),
    YakuEntry(
        "yakuhai_haku", "役牌 白", "White dragon set",
        "A triplet (or kan) of white dragons.",
        "123m456p789s11s555z", "5z",
        reading="Yakuhai haku",
    ),
    YakuEntry(
        "yakuhai_hatsu", "役牌 發", "Green dragon set",
        "A triplet (or kan) of green dragons.",
        "123m456p789s11s666z", "6z",
        reading="Yakuhai hatsu",
    ),
    YakuEntry(
        "yakuhai_chun", "役牌 中", "Red dragon set",
        "A triplet (or kan) of red dragons.",
        "123m456p789s11s777z", "7z",
        reading="Yakuhai chun",
    ),
    YakuEntry(
        "yakuhai_seat", "役牌 自風", "Seat wind set",
        "A triplet (or kan) of your own seat's wind.",
        "123m456p789s11s222z", "2z",
        reading="Yakuhai jikaze",
    ),
    YakuEntry(
        "yakuhai_round", "役牌 場風", "Round wind set",
        "A triplet (or kan) of the round's wind (East in the East round).",
        "123m456p789s11s111z", "1z",
        reading="Yakuhai bakaze",
    ),
    YakuEntry(
        "haitei", "海底摸月", "Last tile draw",
        "Winning on your own draw of the last tile of the wall.",
        "123m456p789s234s55p", "5p", {**_TSUMO, "haitei": True},
    ),
    YakuEntry(
        "houtei", "河底撈魚", "Last discard",
        "Winning on the very last discard of the hand.",
        "123m456p789s234s55p", "5p", {**_RON, "houtei": True},
    ),
    YakuEntry(
        "rinshan", "嶺上開花", "After a kan",
        "Winning on the replacement tile you draw after declaring a kan.",
        "123m456p789s55p (2222s)", "5p", {**_TSUMO, "rinshan": True},
    ),
    YakuEntry(
        "chankan", "搶槓", "Robbing a kan",
        "Winning on the tile another player adds to a pon to make a kan.",
        "123m456p789s123s55p", "2s", {**_RON, "chankan": True},
        rules={
            "kokushi_robs_closed_kan": "on: thirteen orphans may also rob a closed kan"
            " (chankan='closed')"
        },
    ),
    YakuEntry(
        "chiitoitsu", "七対子", "Seven pairs",
        "Seven different pairs instead of four sets and a pair; always 25 fu.",
        "1199m3355p2266s44z", "4z",
    ),
    YakuEntry(
        "toitoi", "対々和", "All triplets",
        "Four triplets (or kans) and a pair, with no runs; calls are allowed.",
        "111m333p555s22z [777s]", "2z",
    ),
    YakuEntry(
        "sanankou", "三暗刻", "Three concealed triplets",
        "Three triplets (or kans) you made yourself, without calling; a triplet finished by"
        " ron counts as open.",
        "111m333p555s789s22z", "7s",
    ),
    YakuEntry(
        "sanshoku_doujun", "三色同順", "Mixed triple run",
        "The same run, such as 123, in each of the three suits.",
        "234m234p234s789s55z", "4s",
    ),
    YakuEntry(
        "sanshoku_doukou", "三色同刻", "Triple triplets",
        "A triplet of the same number in each of the three suits.",
        "222m222p222s456s33z", "6s",
    ),
    YakuEntry(
        "sankantsu", "三槓子", "Three kans",
        "Three kans, open or closed.",
        "55m678s [1111p] [2222s] [3333m]", "5m",
    ),
    YakuEntry(
        "ittsu", "一気通貫", "Pure straight",
        "The runs 123, 456 and 789 of one suit.",
        "123456789m234p55s", "5m",
    ),
    YakuEntry(
        "chanta", "混全帯幺九", "Outside hand",
        "Every set and the pair hold a terminal or an honor, with at least one run and one"
        " honor.",
        "123m789p789s111s44z", "3m",
    ),
    YakuEntry(
        "junchan", "純全帯幺九", "Terminals in every set",
        "Every set and the pair hold a terminal (1 or 9), with at least one run and no honor.",
        "123m789p789s111s99m", "3m",
    ),
    YakuEntry(
        "honroutou", "混老頭", "All terminals and honors",
        "Only terminals and honors: triplets and pairs of 1s, 9s and honor tiles.",
        "111m999p99s [111s] [777z]", "1m",
    ),
    YakuEntry(
        "shousangen", "小三元", "Little three dragons",
        "Triplets of two dragons and a pair of the third.",
        "123m456p555z666z77z", "6p",
    ),
    YakuEntry(
        "ryanpeikou", "二盃口", "Twice pure double run",
        "Two different pure double runs in a closed hand (it scores above seven pairs).",
        "112233m445566p77s", "7s",
    ),
    YakuEntry(
        "honitsu", "混一色", "Half flush",
        "One suit only, plus honors.",
        "123m345m678m11z222z", "8m", {**_RON, "seat_wind": "W"},
    ),
    YakuEntry(
        "chinitsu", "清一色", "Full flush",
        "One suit only, with no honors.",
        "11123345567789m", "9m",
    ),
    YakuEntry(
        "kokushi", "国士無双", "Thirteen orphans",
        "One of each of the thirteen terminals and honors, and a second copy of one of them.",
        "19m19p19s1234567z1m", "9s", rules=_MULTIPLE,
    ),
    YakuEntry(
        "kokushi_13", "国士無双十三面待ち", "Thirteen orphans, thirteen-sided wait",
        "Thirteen orphans waiting on all thirteen kinds, won on the tile that makes the pair.",
        "19m19p19s1234567z1m", "1m", rules=_double("kokushi_13"),
    ),
    YakuEntry(
        "suuankou", "四暗刻", "Four concealed triplets",
        "Four triplets (or kans) made without calling; by ron only when the winning tile"
        " completes the pair.",
        "111m333p555s777s22z", "7s", dict(_TSUMO), rules=_MULTIPLE,
    ),
    YakuEntry(
        "suuankou_tanki", "四暗刻単騎", "Four concealed triplets, single wait",
        "Four concealed triplets won on the tile that makes the pair.",
        "111m333p555s777s22z", "2z", rules=_double("suuankou_tanki"),
    ),
    YakuEntry(
        "daisangen", "大三元", "Big three dragons",
        "Triplets (or kans) of all three dragons.",
        "123m22p555z666z777z", "7z", rules=_MULTIPLE,
    ),
    YakuEntry(
        "shousuushii", "小四喜", "Little four winds",
        "Triplets of three winds and a pair of the fourth.",
        "123m111z222z333z44z", "3m", {**_RON, "seat_wind": "W"}, rules=_MULTIPLE,
    ),
    YakuEntry(
        "daisuushii", "大四喜", "Big four winds",
        "Triplets (or kans) of all four winds.",
        "55m111z222z333z444z", "5m", rules=_double("daisuushii"),
    ),
    YakuEntry(
        "tsuuiisou", "字一色", "All honors",
        "Only honor tiles: winds and dragons.",
        "111z222z333z55z666z", "6z", rules=_MULTIPLE,
    ),
    YakuEntry(
        "chinroutou", "清老頭", "All terminals",
        "Only terminals: triplets and a pair of 1s and 9s, no honors.",
        "111m999m111p11s [999p]", "1s", rules=_MULTIPLE,
    ),
    YakuEntry(
        "ryuuiisou", "緑一色", "All green",
        "Only the green tiles: 2, 3, 4, 6 and 8 of bamboo and the green dragon.",
        "22334466888s666z", "6z", rules=_MULTIPLE,
    ),
    YakuEntry(
        "chuuren", "九蓮宝燈", "Nine gates",
        "1112345678999 of one suit plus any other tile of that suit, closed.",
        "11123455678999m", "2m", rules=_MULTIPLE,
    ),
    YakuEntry(
        "junsei_chuuren", "純正九蓮宝燈", "Pure nine gates",
        "Nine gates waiting on all nine tiles of its suit, won on the extra tile.",
        "11123455678999m", "5m", rules=_double("junsei_chuuren"),
    ),
    YakuEntry(
        "suukantsu", "四槓子", "Four kans",
        "Four kans, open or closed.",
        "55m [1111p] [2222s] [3333m] [4444s]", "5m", rules=_MULTIPLE,
    ),
    YakuEntry(
        "tenhou", "天和", "Blessing of heaven",
        "The dealer's starting fourteen tiles are already a winning hand.",
        "123m456p789s234s55p", "5p", {"tsumo": True, "seat_wind": "E", "round_wind": "E", "tenhou": True},
        rules=_MULTIPLE,
    ),
    YakuEntry(
        "chiihou", "地和", "Blessing of earth",
        "A non-dealer wins on their first draw, before anyone has called a tile.",
        "123m456p789s234s55p", "5p", {**_TSUMO, "chiihou": True}, rules=_MULTIPLE,
    ),
    YakuEntry(
        "renhou", "人和", "Blessing of man",
        "A ron before your first draw, before anyone has called a tile. Many rule sets do"
        " not play it.",
        "123m456p789s234s55p", "5p", {**_RON, "renhou": True}, {"renhou": "yakuman"},
        rules={
            "renhou": "'none' (not a yaku: Tenhou, Mahjong Soul, M-League), 'mangan' (WRC,"
            " EMA), 'baiman' or 'yakuman' (counted as that limit)"
        },
    ),
    # ------------------------------------------------ optional yaku (off in every preset)
    YakuEntry(
        "open_riichi", "オープン立直", "Open riichi",
        "A riichi declared with the hand shown to the table: 2 han instead of riichi's 1."
        " An optional yaku: most rule sets do not play it.",
        "123m456p789s234s55p", "5p", {**_RON, **_RIICHI, "open_riichi": True}, {"open_riichi": True},
        rules={"open_riichi": "on: open riichi is played (off: it scores as a plain riichi)"},
    ),
    YakuEntry(
        "double_open_riichi", "ダブルオープン立直", "Double open riichi",
        "An open riichi declared on your first turn: 3 han instead of double riichi's 2.",
        "123m456p789s234s55p", "5p", {**_RON, "double_riichi": True, "riichi_sticks": 1, "open_riichi": True},
        {"open_riichi": True},
        rules={"open_riichi": "on: open riichi is played (off: it scores as a plain double riichi)"},
    ),
    YakuEntry(
        "daisharin", "大車輪", "Big wheels",
        "Pairs of 2 to 8 of circles, 22334455667788p, closed. An optional yakuman; without"
        " it the hand is chinitsu, ryanpeikou, tanyao and pinfu.",
        "22334455667788p", "5p", example_rules={"daisharin": "pin"},
        rules={"daisharin": "'pin' or 'all_suits': a yakuman ('off': not a yaku)"},
    ),
    YakuEntry(
        "daisuurin", "大数隣", "Numerous numbers",
        "Daisharin's pattern in characters, 22334455667788m, closed: an optional yakuman.",
        "22334455667788m", "5m", example_rules={"daisharin": "all_suits"},
        rules={"daisharin": "'all_suits': a yakuman ('off', 'pin': not a yaku)"},
    ),
    YakuEntry(
        "daichikurin", "大竹林", "Bamboo forest",
        "Daisharin's pattern in bamboo, 22334455667788s, closed: an optional yakuman.",
        "22334455667788s", "5s", example_rules={"daisharin": "all_suits"},
        rules={"daisharin": "'all_suits': a yakuman ('off', 'pin': not a yaku)"},
    ),
    YakuEntry(
        "daichisei", "大七星", "Big seven stars",
        "Seven pairs of the seven honors: an optional yakuman on top of tsuuiisou, so a double"
        " yakuman where yakuman add up.",
        "11223344556677z", "7z", example_rules={"daichisei": True},
        rules={"daichisei": "on: a yakuman besides tsuuiisou (off: tsuuiisou alone)", **_MULTIPLE},
    ),
    YakuEntry(
        "paarenchan", "八連荘", "Eight consecutive wins",
        "The dealer's eighth win in a row (Win.paarenchan 8 or more): an optional yakuman,"
        " which usually needs another yaku in the hand.",
        "123m456p789s234s55p", "5p", {"tsumo": True, "seat_wind": "E", "round_wind": "E", "paarenchan": 8},
        {"paarenchan": True},
        rules={
            "paarenchan": "on: a yakuman (off: the count scores nothing)",
            "paarenchan_needs_yaku": "off: the win needs no other yaku",
        },
    ),
)  # fmt: skip
"""Every yaku, in the scorer's order."""

YAKU_BY_ID: dict[str, YakuEntry] = {entry.id: entry for entry in YAKU}
"""The entries by yaku id."""
