"""Tenhou's yaku numbers (the ``yaku`` and ``yakuman`` attributes of an mjlog ``AGARI``)
as the scorer's yaku ids (:mod:`riichi_lut.riichi.yaku`): one data row each. 52, 53 and
54 are the dora, ura dora and red fives, counted apart (``WinResult.dora``, ``ura``,
``aka``). Tenhou numbers the seat wind (10-13) and the round wind (14-17) by the wind; the
scorer has one row for each.
"""

from __future__ import annotations

__all__ = ["AKA", "DORA", "TENHOU_YAKU", "URA"]

DORA, URA, AKA = 52, 53, 54

#: Tenhou's number -> the scorer's yaku id.
TENHOU_YAKU: dict[int, str] = {
    0: "menzen_tsumo",
    1: "riichi",
    2: "ippatsu",
    3: "chankan",
    4: "rinshan",
    5: "haitei",
    6: "houtei",
    7: "pinfu",
    8: "tanyao",
    9: "iipeikou",
    10: "yakuhai_seat",  # East
    11: "yakuhai_seat",  # South
    12: "yakuhai_seat",  # West
    13: "yakuhai_seat",  # North
    14: "yakuhai_round",  # East
    15: "yakuhai_round",  # South
    16: "yakuhai_round",  # West
    17: "yakuhai_round",  # North
    18: "yakuhai_haku",
    19: "yakuhai_hatsu",
    20: "yakuhai_chun",
    21: "double_riichi",
    22: "chiitoitsu",
    23: "chanta",
    24: "ittsu",
    25: "sanshoku_doujun",
    26: "sanshoku_doukou",
    27: "sankantsu",
    28: "toitoi",
    29: "sanankou",
    30: "shousangen",
    31: "honroutou",
    32: "ryanpeikou",
    33: "junchan",
    34: "honitsu",
    35: "chinitsu",
    36: "renhou",
    37: "tenhou",
    38: "chiihou",
    39: "daisangen",
    40: "suuankou",
    41: "suuankou_tanki",
    42: "tsuuiisou",
    43: "ryuuiisou",
    44: "chinroutou",
    45: "chuuren",
    46: "junsei_chuuren",
    47: "kokushi",
    48: "kokushi_13",
    49: "daisuushii",
    50: "shousuushii",
    51: "suukantsu",
}
