"""The words of tenhou.net/6 JSON as data: tile numbers, Tenhou's Japanese yaku names (as
its mjlog yaku ids 0-54 name them), the limit names, the result kinds, and the rules a
``rule`` object names (:func:`rules_of`).

Tiles: 11-19 are 1m-9m, 21-29 1p-9p, 31-39 1s-9s, 41-47 East, South, West, North, white,
green, red; 51/52/53 the red fives. ``60`` in a discard list is a tsumogiri and ``0`` the
placeholder after a daiminkan (:mod:`riichi_lut.game.logs.tenhou6`).

>>> TILE_OF_NUMBER[11], TILE_OF_NUMBER[47], TILE_OF_NUMBER[52]
(0, 33, 35)
>>> NUMBER_OF_TILE[34], YAKU_OF_NAME["立直"], LIMIT_OF_NAME["跳満"]
(51, 'riichi', 'haneman')
"""

from __future__ import annotations

from ..rules import TENHOU_GAME, TENHOU_SANMA_GAME, GameRules

__all__ = [
    "DORA_NAMES",
    "DRAW_KIND_OF_NAME",
    "LIMIT_OF_NAME",
    "NAME_OF_DRAW_KIND",
    "NAME_OF_LIMIT",
    "NAME_OF_YAKU",
    "NUMBER_OF_TILE",
    "TILE_OF_NUMBER",
    "WIN",
    "WIND_NAMES",
    "YAKU_OF_NAME",
    "limit_text",
    "rules_of",
]

#: tenhou.net/6 tile number -> tile code (0-33 kinds, 34-36 red fives).
TILE_OF_NUMBER: dict[int, int] = {
    **{10 * suit + 10 + n: 9 * suit + n - 1 for suit in range(3) for n in range(1, 10)},
    **{40 + n: 26 + n for n in range(1, 8)},
    51: 34,
    52: 35,
    53: 36,
}
#: tile code -> tenhou.net/6 tile number.
NUMBER_OF_TILE: dict[int, int] = {code: number for number, code in TILE_OF_NUMBER.items()}

#: The seat and round winds as the yaku names write them (自風 東 … 場風 北).
WIND_NAMES = ("東", "南", "西", "北")

#: Tenhou's yaku name -> the yaku id of :mod:`riichi_lut.riichi.yaku` (the winds of
#: 自風/場風 are read apart: the id does not carry them).
_YAKU_ROWS: tuple[tuple[str, str], ...] = (
    ("門前清自摸和", "menzen_tsumo"),
    ("立直", "riichi"),
    ("一発", "ippatsu"),
    ("槍槓", "chankan"),
    ("嶺上開花", "rinshan"),
    ("海底摸月", "haitei"),
    ("河底撈魚", "houtei"),
    ("平和", "pinfu"),
    ("断幺九", "tanyao"),
    ("一盃口", "iipeikou"),
    ("役牌 白", "yakuhai_haku"),
    ("役牌 發", "yakuhai_hatsu"),
    ("役牌 中", "yakuhai_chun"),
    ("両立直", "double_riichi"),
    ("七対子", "chiitoitsu"),
    ("混全帯幺九", "chanta"),
    ("一気通貫", "ittsu"),
    ("三色同順", "sanshoku_doujun"),
    ("三色同刻", "sanshoku_doukou"),
    ("三槓子", "sankantsu"),
    ("対々和", "toitoi"),
    ("三暗刻", "sanankou"),
    ("小三元", "shousangen"),
    ("混老頭", "honroutou"),
    ("二盃口", "ryanpeikou"),
    ("純全帯幺九", "junchan"),
    ("混一色", "honitsu"),
    ("清一色", "chinitsu"),
    ("人和", "renhou"),
    ("天和", "tenhou"),
    ("地和", "chiihou"),
    ("大三元", "daisangen"),
    ("四暗刻", "suuankou"),
    ("四暗刻単騎", "suuankou_tanki"),
    ("字一色", "tsuuiisou"),
    ("緑一色", "ryuuiisou"),
    ("清老頭", "chinroutou"),
    ("九蓮宝燈", "chuuren"),
    ("純正九蓮宝燈", "junsei_chuuren"),
    ("国士無双", "kokushi"),
    ("国士無双１３面", "kokushi_13"),
    ("大四喜", "daisuushii"),
    ("小四喜", "shousuushii"),
    ("四槓子", "suukantsu"),
)
#: English names some converters (Mahjong Soul to tenhou.net/6) write instead.
_YAKU_ALIASES: tuple[tuple[str, str], ...] = (
    ("Riichi", "riichi"),
    ("Ippatsu", "ippatsu"),
    ("Fully Concealed Hand", "menzen_tsumo"),
    ("Pinfu", "pinfu"),
    ("All Simples", "tanyao"),
)

YAKU_OF_NAME: dict[str, str] = {
    **dict(_YAKU_ROWS),
    **{f"自風 {wind}": "yakuhai_seat" for wind in WIND_NAMES},
    **{f"場風 {wind}": "yakuhai_round" for wind in WIND_NAMES},
    **dict(_YAKU_ALIASES),
}
#: yaku id -> Tenhou's name (the wind yaku are written by the writer from the seat).
NAME_OF_YAKU: dict[str, str] = dict((yaku, name) for name, yaku in _YAKU_ROWS)

#: The dora names -> the WinResult field they count, in the order Tenhou writes them.
DORA_NAMES: dict[str, str] = {
    "ドラ": "dora",
    "赤ドラ": "aka",
    "裏ドラ": "ura",
    "抜きドラ": "kita",
    "Dora": "dora",
    "Red Five": "aka",
    "Ura Dora": "ura",
}

#: Limit names in a points string ("満貫8000点").
LIMIT_OF_NAME: dict[str, str] = {
    "満貫": "mangan",
    "跳満": "haneman",
    "倍満": "baiman",
    "三倍満": "sanbaiman",
    "役満": "yakuman",
    "数え役満": "kazoe yakuman",
}
NAME_OF_LIMIT: dict[str, str] = {
    "mangan": "満貫",
    "haneman": "跳満",
    "baiman": "倍満",
    "sanbaiman": "三倍満",
    "yakuman": "役満",
    "kazoe yakuman": "数え役満",
}


def limit_text(limit: str) -> str:
    """Tenhou's word for a limit as the scorer names it; a multiple yakuman ("2x yakuman",
    "2x kazoe yakuman") is written 役満, as Tenhou writes every yakuman.

    >>> limit_text("haneman"), limit_text("kazoe yakuman"), limit_text("2x yakuman")
    ('跳満', '数え役満', '役満')
    """
    return NAME_OF_LIMIT.get(limit) or "役満"


#: The result word of a win.
WIN = "和了"
#: The draw words -> the record's draw kind (:data:`riichi_lut.game.record.DRAW_KINDS`).
DRAW_KIND_OF_NAME: dict[str, str] = {
    "流局": "exhaustive",
    "全員聴牌": "exhaustive",
    "全員不聴": "exhaustive",
    "流し満貫": "nagashi_mangan",
    "九種九牌": "nine_terminals",
    "四家立直": "four_riichi",
    "三家和": "three_ron",
    "四槓散了": "four_kans",
    "四風連打": "four_winds",
}
#: The draw kinds -> the word written (an exhaustive draw's word also depends on the tenpai seats).
NAME_OF_DRAW_KIND: dict[str, str] = {
    "exhaustive": "流局",
    "nagashi_mangan": "流し満貫",
    "nine_terminals": "九種九牌",
    "four_riichi": "四家立直",
    "three_ron": "三家和",
    "four_kans": "四槓散了",
    "four_winds": "四風連打",
}


def rules_of(rule: object) -> GameRules:
    """The game rules a tenhou.net/6 ``rule`` object names.

    >>> r = rules_of({"disp": "般東喰", "aka": 0})
    >>> r.players, r.length, r.scoring.kuitan, r.scoring.aka_dora
    (4, 'tonpuu', True, (0, 0, 0))
    >>> rules_of({"disp": "三鳳南喰赤"}).players
    3
    """
    rule = rule if isinstance(rule, dict) else {}
    disp_value = rule.get("disp")
    disp = disp_value if isinstance(disp_value, str) else ""
    base = TENHOU_SANMA_GAME if "三" in disp else TENHOU_GAME
    scoring = base.scoring
    if any(f"aka5{i}" in rule for i in (1, 2, 3)):
        aka = tuple(int(bool(rule.get(f"aka5{i}", 0))) for i in (1, 2, 3))
    elif isinstance(rule.get("aka"), int):
        count = int(rule["aka"])
        aka = (0, count, count) if base.players == 3 else (count, count, count)
    elif disp and "赤" not in disp:
        aka = (0, 0, 0)
    else:
        aka = scoring.aka_dora
    kuitan = "喰" in disp if disp and any(c in disp for c in "東南") else scoring.kuitan
    length = "tonpuu" if "東" in disp or "East" in disp else "hanchan"
    scoring = scoring.replace(aka_dora=(aka[0], aka[1], aka[2]), kuitan=kuitan)
    return base.replace(scoring=scoring, length=length)
