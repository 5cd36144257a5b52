"""The 81 fans (番种) of Chinese Official mahjong as data rows, numbered as in the 1998
rulebook (1 = Big Four Winds … 81 = Flower Tiles).

Each row holds the number, the simplified Chinese name, pinyin, the standard English name
(Green Book / WMO), the points of the 2006 edition and of 1998, the fans it implies (not
counted with it, per edition), whether the 2014 beginner rules keep it (True for the 11
fans the seed marks; None = not established), a note on edition differences, and a small
predicate that counts the fan in one reading (:class:`riichi_lut.mcr.facts.Facts`).
Sources: the seed text on Chinese Official rules, ChineseOfficialMahjongHelper's rule text
(1998), Sloper column #341 (2006 values); ``docs/mcr.md``.

>>> fan(53).points, fan(53).points_1998, fan("Chicken Hand").number
(8, 6, 43)
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field

from ..core.tiles import DRAGON_KINDS, WIND_KINDS
from ..errors import InvalidArgumentError, quote
from .facts import Facts
from .features import (
    DRAGON_MASK,
    EVEN_MASK,
    GREEN_MASK,
    HONORS,
    KNIT_MASKS,
    LOWER,
    LOWER_FOUR,
    MIDDLE,
    REVERSIBLE_MASK,
    TERMINAL_MASK,
    UPPER,
    UPPER_FOUR,
    WIND_MASK,
    YAOCHU_MASK,
)
from .readings import YAOCHU

__all__ = ["FANS", "HAND_LEVEL", "Fan", "fan"]

GREEN = frozenset((19, 20, 21, 23, 25, 32))  # 2s 3s 4s 6s 8s, Green Dragon
REVERSIBLE = frozenset((9, 10, 11, 12, 13, 16, 17, 19, 21, 22, 23, 25, 26, 31))  # 1234589p 245689s White
WINDS = frozenset(WIND_KINDS)
DRAGONS = frozenset(DRAGON_KINDS)
TERMINALS = frozenset((0, 8, 9, 17, 18, 26))
FIVES = frozenset((4, 13, 22))
_CONCEALED_FORMS = frozenset((6, 7, 12, 19, 20, 34))


@dataclass(frozen=True)
class Fan:
    """One fan: see the module docstring. ``count`` returns how many times the fan
    scores in a reading (0: not present); ``needs`` names the
    :data:`~riichi_lut.mcr.features.FEATURES` a reading must have before ``count`` can be
    more than 0 (scoring asks a row only then); :meth:`points_in` and :meth:`implies_in`
    give the edition's values."""

    number: int
    chinese: str
    pinyin: str
    english: str
    points: int
    points_1998: int
    implies: frozenset[int]
    implies_1998: frozenset[int]
    beginner: bool | None = None
    note: str = ""
    count: Callable[[Facts], int] = field(default=lambda f: 0, repr=False, compare=False)
    needs: tuple[str, ...] = field(default=(), repr=False, compare=False)

    def points_in(self, edition: str) -> int:
        """Points per use in ``edition`` ("2006" or "1998")."""
        return self.points_1998 if edition == "1998" else self.points

    def implies_in(self, edition: str) -> frozenset[int]:
        """The fans this one implies in ``edition`` (not counted with it)."""
        return self.implies_1998 if edition == "1998" else self.implies

    def to_dict(self) -> dict[str, object]:
        """The row as a JSON-ready dict (the predicate left out).

        >>> fan(19).to_dict()["implies_1998"]
        [56, 62, 79]
        """
        return {
            "number": self.number,
            "chinese": self.chinese,
            "pinyin": self.pinyin,
            "english": self.english,
            "points": self.points,
            "points_1998": self.points_1998,
            "implies": sorted(self.implies),
            "implies_1998": sorted(self.implies_1998),
            "beginner": self.beginner,
            "note": self.note,
        }


def _knitted(f: Facts) -> int:
    if f.form == "knitted_straight":
        return 1
    return int(f.form == "lesser_honors_knitted" and any(f.h.mask & m == m for m in KNIT_MASKS))


def _suit_bits(mask: int) -> tuple[int, int, int]:
    """The numbers (bit n-1 for n) of a mask's kinds in each suit."""
    return mask & 0x1FF, mask >> 9 & 0x1FF, mask >> 18 & 0x1FF


def _pure_shifted_pungs(f: Facts) -> int:
    return int(any(m & m >> 1 & m >> 2 for m in _suit_bits(f.pung_mask)))


def _mixed_shifted_pungs(f: Facts) -> int:
    m = _suit_bits(f.pung_mask)
    return int(any(m[a] & m[b] >> 1 & m[c] >> 2 for a, b, c in _SUIT_ORDERS))


_SUIT_ORDERS = ((0, 1, 2), (0, 2, 1), (1, 0, 2), (1, 2, 0), (2, 0, 1), (2, 1, 0))


def _triple_pung(f: Facts) -> int:
    m, p, s = _suit_bits(f.pung_mask)
    return (m & p & s).bit_count()


def _double_pungs(f: Facts) -> int:
    m, p, s = _suit_bits(f.pung_mask)
    return ((m & p | m & s | p & s) & ~(m & p & s)).bit_count()


def _four_pure_shifted(f: Facts) -> int:
    return int(any(m and m >> (m & -m).bit_length() - 1 == 0b1111 for m in _suit_bits(f.pung_mask)))


def _terminal_chows(f: Facts, pure: bool) -> int:
    if f.form != "regular" or len(f.chows) != 4 or f.pair is None or f.pair >= 27 or f.pair % 9 != 4:
        return 0
    suits = {s for s, _ in f.chows}
    pair_suit = f.pair // 9
    if pure:
        return int(f.chows == ((pair_suit, 0), (pair_suit, 0), (pair_suit, 6), (pair_suit, 6)))
    if len(suits) != 2 or pair_suit in suits:
        return 0
    a, b = sorted(suits)
    return int(f.chows == ((a, 0), (a, 6), (b, 0), (b, 6)))


def _tile_hog(f: Facts) -> int:
    counts = f.h.counts
    return sum(1 for k in range(34) if counts[k] == 4 and not f.kong_mask >> k & 1)


def _terminal_honor_pungs(f: Facts) -> int:
    mask = f.pung_mask & YAOCHU_MASK & ~DRAGON_MASK & ~(1 << f.h.seat_kind | 1 << f.h.prevalent_kind)
    if f.pungs_in(WIND_MASK) >= 3:  # the winds of Big Three Winds / the wind fans
        mask &= ~WIND_MASK
    return mask.bit_count()


def _only(f: Facts, allowed: int) -> int:
    return int(not f.h.mask & ~allowed)


def _all_chows(f: Facts) -> int:
    return int(
        f.form in ("regular", "knitted_straight") and not f.pungs and f.pair is not None and f.pair < 27
    )


def _wait(kind: str) -> Callable[[Facts], int]:
    return lambda f: int(f.wait == kind)


def _chow(number: int) -> Callable[[Facts], int]:
    return lambda f: f.chow_fans.get(number, 0)


_REGULAR = ("regular",)
_PAIRS = ("seven_pairs", "seven_shifted_pairs")


def _pungs_only(f: Facts) -> bool:
    return f.form in _REGULAR and len(f.pungs) == 4


def _tiles_fan(f: Facts, allowed: int) -> int:
    """A whole-hand fan of pungs only (or seven pairs, the special case the seed and
    PyMahjongGB allow) over ``allowed`` kinds."""
    return int(not f.h.mask & ~allowed and (_pungs_only(f) or f.form in _PAIRS))


def _holding(kinds: frozenset[int]) -> tuple[tuple[bool, ...], ...]:
    """Per set kind (chow, pung, kong, pair) and lowest tile: whether the set holds one
    of ``kinds``."""
    shapes = ((0, 1, 2), (0,), (0,), (0,))
    return tuple(tuple(any(t + d in kinds for d in shape) for t in range(34)) for shape in shapes)


_HOLDS_FIVE = _holding(FIVES)
_HOLDS_YAOCHU = _holding(YAOCHU)


def _all_sets(f: Facts, holds: tuple[tuple[bool, ...], ...]) -> int:
    """Every set and the pair of a regular reading holds a kind of the table ``holds``."""
    return int(f.form == "regular" and all(holds[s.kind][s.tile] for s in f.sets))


_S = frozenset
ALL_SUITED_EVEN = _S(k for k in range(27) if (k % 9 + 1) % 2 == 0)

# number | Chinese | pinyin | English | points (2006) | fans implied (2006) | needs (the features of
# riichi_lut.mcr.features without which the row counts 0; hand-level rows read the hand's)
_TABLE = """
1 | 大四喜 | dà sì xǐ | Big Four Winds | 88 | 9 38 48 60 61 73 | pungs4 wind_pung
2 | 大三元 | dà sān yuán | Big Three Dragons | 88 | 10 54 59 | pungs3 dragon_pung
3 | 绿一色 | lǜ yī sè | All Green | 88 |  | green_only
4 | 九莲宝灯 | jiǔ lián bǎo dēng | Nine Gates | 88 | 22 62 73 76 | nine_gates
5 | 四杠 | sì gàng | Four Kongs | 88 | 17 48 57 74 79 | kongs4
6 | 连七对 | lián qī duì | Seven Shifted Pairs | 88 | 19 22 62 76 79 | seven_shifted_pairs
7 | 十三幺 | shí sān yāo | Thirteen Orphans | 88 | 51 62 79 | thirteen_orphans
8 | 清幺九 | qīng yāo jiǔ | All Terminals | 64 | 18 48 55 73 76 | terminals_only
9 | 小四喜 | xiǎo sì xǐ | Little Four Winds | 64 | 38 | pungs3 wind_pung
10 | 小三元 | xiǎo sān yuán | Little Three Dragons | 64 | 54 59 | pungs2 dragon_pung
11 | 字一色 | zì yī sè | All Honors | 64 | 18 48 55 73 | honors_only
12 | 四暗刻 | sì àn kè | Four Concealed Pungs | 64 | 33 48 56 62 66 | concealed_pungs4
13 | 一色双龙会 | yī sè shuāng lóng huì | Pure Terminal Chows | 64 | 22 63 69 72 76 | chows4
14 | 一色四同顺 | yī sè sì tóng shùn | Quadruple Chow | 48 | 23 64 69 | chow_14
15 | 一色四节高 | yī sè sì jié gāo | Four Pure Shifted Pungs | 48 | 24 48 | suited_pungs4
16 | 一色四步高 | yī sè sì bù gāo | Four Pure Shifted Chows | 32 | 30 71 72 | chow_16
17 | 三杠 | sān gàng | Three Kongs | 32 | 57 74 | kongs3
18 | 混幺九 | hùn yāo jiǔ | All Terminals and Honors | 32 | 48 55 73 | yaochu_only
19 | 七对 | qī duì | Seven Pairs | 24 | 62 79 | pairs_form
20 | 七星不靠 | qī xīng bù kào | Greater Honors and Knitted Tiles | 24 | 34 51 62 79 | greater_honors_knitted
21 | 全双刻 | quán shuāng kè | All Even Pungs | 24 | 48 68 76 | pungs4 even_only
22 | 清一色 | qīng yī sè | Full Flush | 24 | 76 | one_suit no_honors
23 | 一色三同顺 | yī sè sān tóng shùn | Pure Triple Chow | 24 | 69 | chow_23
24 | 一色三节高 | yī sè sān jié gāo | Pure Shifted Pungs | 24 |  | suited_pungs3
25 | 全大 | quán dà | Upper Tiles | 24 | 36 76 | upper_only
26 | 全中 | quán zhōng | Middle Tiles | 24 | 68 76 | middle_only
27 | 全小 | quán xiǎo | Lower Tiles | 24 | 37 76 | lower_only
28 | 清龙 | qīng lóng | Pure Straight | 16 |  | chow_28
29 | 三色双龙会 | sān sè shuāng lóng huì | Three-Suited Terminal Chows | 16 | 63 70 72 76 | chows4
30 | 一色三步高 | yī sè sān bù gāo | Pure Shifted Chows | 16 |  | chow_30
31 | 全带五 | quán dài wǔ | All Fives | 16 | 68 76 | regular fives_reach
32 | 三同刻 | sān tóng kè | Triple Pung | 16 | 65 | suited_pungs3
33 | 三暗刻 | sān àn kè | Three Concealed Pungs | 16 | 66 | concealed_pungs3
34 | 全不靠 | quán bù kào | Lesser Honors and Knitted Tiles | 12 | 51 62 79 | lesser_honors_knitted
35 | 组合龙 | zǔ hé lóng | Knitted Straight | 12 |  | knitted_tiles
36 | 大于五 | dà yú wǔ | Upper Four | 12 | 76 | upper_four
37 | 小于五 | xiǎo yú wǔ | Lower Four | 12 | 76 | lower_four
38 | 三风刻 | sān fēng kè | Big Three Winds | 12 |  | pungs3 wind_pung
39 | 花龙 | huā lóng | Mixed Straight | 8 |  | chow_39
40 | 推不倒 | tuī bù dǎo | Reversible Tiles | 8 | 75 | reversible_only
41 | 三色三同顺 | sān sè sān tóng shùn | Mixed Triple Chow | 8 |  | chow_41
42 | 三色三节高 | sān sè sān jié gāo | Mixed Shifted Pungs | 8 |  | suited_pungs3
43 | 无番和 | wú fān hú | Chicken Hand | 8 |  | never
44 | 妙手回春 | miào shǒu huí chūn | Last Tile Draw | 8 | 80 | self_drawn wall
45 | 海底捞月 | hǎi dǐ lāo yuè | Last Tile Claim | 8 |  | on_discard wall
46 | 杠上开花 | gàng shàng kāi huā | Out with Replacement Tile | 8 | 80 | replacement
47 | 抢杠和 | qiāng gàng hú | Robbing the Kong | 8 | 58 | robbing
48 | 碰碰和 | pèng pèng hú | All Pungs | 6 |  | pungs4 regular
49 | 混一色 | hùn yī sè | Half Flush | 6 |  | one_suit honors
50 | 三色三步高 | sān sè sān bù gāo | Mixed Shifted Chows | 6 |  | chow_50
51 | 五门齐 | wǔ mén qí | All Types | 6 |  | three_suits winds dragons
52 | 全求人 | quán qiú rén | Melded Hand | 6 | 79 | four_calls on_discard
53 | 双暗杠 | shuāng àn gàng | Two Concealed Kongs | 8 | 66 67 | concealed_kongs2
54 | 双箭刻 | shuāng jiàn kè | Two Dragon Pungs | 6 | 59 | pungs2 dragon_pung
55 | 全带幺 | quán dài yāo | Outside Hand | 4 |  | regular no_middle
56 | 不求人 | bù qiú rén | Fully Concealed Hand | 4 | 62 80 | closed self_drawn
57 | 双明杠 | shuāng míng gàng | Two Melded Kongs | 4 | 74 | melded_kongs2
58 | 和绝张 | hú jué zhāng | Last Tile | 4 |  | last_tile
59 | 箭刻 | jiàn kè | Dragon Pung | 2 |  | dragon_pung
60 | 圈风刻 | quān fēng kè | Prevalent Wind | 2 |  | wind_pung
61 | 门风刻 | mén fēng kè | Seat Wind | 2 |  | wind_pung
62 | 门前清 | mén qián qīng | Concealed Hand | 2 |  | closed on_discard
63 | 平和 | píng hú | All Chows | 2 | 76 | sets_form no_pungs
64 | 四归一 | sì guī yī | Tile Hog | 2 |  | tile_hog
65 | 双同刻 | shuāng tóng kè | Double Pung | 2 |  | suited_pungs2
66 | 双暗刻 | shuāng àn kè | Two Concealed Pungs | 2 |  | concealed_pungs2
67 | 暗杠 | àn gàng | Concealed Kong | 2 |  | concealed_kong
68 | 断幺 | duàn yāo | All Simples | 2 | 76 | no_yaochu
69 | 一般高 | yī bān gāo | Pure Double Chow | 1 |  | chow_69
70 | 喜相逢 | xǐ xiāng féng | Mixed Double Chow | 1 |  | chow_70
71 | 连六 | lián liù | Short Straight | 1 |  | chow_71
72 | 老少副 | lǎo shào fù | Two Terminal Chows | 1 |  | chow_72
73 | 幺九刻 | yāo jiǔ kè | Pung of Terminals or Honors | 1 |  | yaochu_pung
74 | 明杠 | míng gàng | Melded Kong | 1 |  | melded_kong
75 | 缺一门 | quē yī mén | One Voided Suit | 1 |  | two_suits
76 | 无字 | wú zì | No Honors | 1 |  | no_honors
77 | 边张 | biān zhāng | Edge Wait | 1 |  | wait_edge
78 | 坎张 | kǎn zhāng | Closed Wait | 1 |  | wait_closed
79 | 单钓将 | dān diào jiàng | Single Wait | 1 |  | wait_single
80 | 自摸 | zì mō | Self-Drawn | 1 |  | self_drawn
81 | 花牌 | huā pái | Flower Tiles | 1 |  | flowers
"""

HAND_LEVEL = frozenset(
    (3, 4, 22, 25, 26, 27, 36, 37, 40, 44, 45, 46, 47, 49, 51, 56, 58, 62, 68, 75, 76, 80, 81)
)
"""The fans whose predicate reads the whole hand and the win only (the same in every
reading): counted once per hand."""

_BEGINNER = frozenset((19, 22, 28, 30, 31, 34, 36, 37, 38, 39, 41))  # the seed's 初級ルールでも採用
_POINTS_1998 = {53: 6}
_IMPLIES_1998 = {3: (49,), 4: (22, 56, 62, 76), 8: (18, 48, 55, 65, 73, 76)}  # + the concealed forms: 56
_NOTES = {
    3: "1998: not with Half Flush (PyMahjongGB); 2006: combines with Half Flush (seed)",
    4: "1998: one Pung of Terminals or Honors and Fully Concealed Hand are not counted with it;"
    " 2006: no Pung of Terminals or Honors (seed), Fully Concealed Hand combines",
    8: "1998: not with Double Pung (PyMahjongGB); 2006: combines with two Double Pungs (seed)",
    6: "1998: not with Fully Concealed Hand (a self-draw scores Self-Drawn); 2006: combines",
    7: "1998: not with Fully Concealed Hand (a self-draw scores Self-Drawn); 2006: combines",
    12: "not with Fully Concealed Hand in either edition (the seed's 332-point example)",
    19: "1998: not with Fully Concealed Hand (a self-draw scores Self-Drawn); 2006: combines (seed)",
    20: "1998: not with Fully Concealed Hand (a self-draw scores Self-Drawn); 2006: combines",
    34: "1998: not with Fully Concealed Hand (a self-draw scores Self-Drawn); 2006: combines",
    35: "2006: no wait fan when the winning tile can complete the knitted straight (seed; Sloper"
    " column #296 names it a WMCC rule); 1998: the wait fans as for any hand",
    53: "6 points in 1998, 8 in 2006 (Sloper column #341 lists it among the 8-point fans)",
    57: "one melded and one concealed kong score together as 明暗杠, in place of Melded Kong and"
    " Concealed Kong: 5 points in 1998 (this fan's rule text), 6 in 2006 (the WMCC General Rules,"
    " March 2006)",
    67: "1998: not counted with three or four kongs; 2006: counted (seed, Four Kongs / Three Kongs)",
}

_COUNTS: dict[int, Callable[[Facts], int]] = {
    1: lambda f: int(f.pungs_in(WIND_MASK) == 4),
    2: lambda f: int(f.pungs_in(DRAGON_MASK) == 3),
    3: lambda f: _only(f, GREEN_MASK),
    4: lambda f: int(f.h.nine_gates),
    5: lambda f: int(f.kongs == 4),
    6: lambda f: int(f.form == "seven_shifted_pairs"),
    7: lambda f: int(f.form == "thirteen_orphans"),
    8: lambda f: _tiles_fan(f, TERMINAL_MASK),
    9: lambda f: int(f.pungs_in(WIND_MASK) == 3 and f.pair in WINDS),
    10: lambda f: int(f.pungs_in(DRAGON_MASK) == 2 and f.pair in DRAGONS),
    11: lambda f: _tiles_fan(f, HONORS),
    12: lambda f: int(f.concealed_pungs == 4),
    13: lambda f: _terminal_chows(f, True),
    14: _chow(14),
    15: _four_pure_shifted,
    16: _chow(16),
    17: lambda f: int(f.kongs == 3),
    18: lambda f: _tiles_fan(f, YAOCHU_MASK),
    19: lambda f: int(f.form in _PAIRS),
    20: lambda f: int(f.form == "greater_honors_knitted"),
    21: lambda f: int(_pungs_only(f) and not f.h.mask & ~EVEN_MASK),
    22: lambda f: int(f.h.suit_count == 1 and not f.h.mask & HONORS),
    23: _chow(23),
    24: _pure_shifted_pungs,
    25: lambda f: _only(f, UPPER),
    26: lambda f: _only(f, MIDDLE),
    27: lambda f: _only(f, LOWER),
    28: _chow(28),
    29: lambda f: _terminal_chows(f, False),
    30: _chow(30),
    31: lambda f: _all_sets(f, _HOLDS_FIVE),
    32: _triple_pung,
    33: lambda f: int(f.concealed_pungs == 3),
    34: lambda f: int(f.form == "lesser_honors_knitted"),
    35: _knitted,
    36: lambda f: _only(f, UPPER_FOUR),
    37: lambda f: _only(f, LOWER_FOUR),
    38: lambda f: int(f.pungs_in(WIND_MASK) >= 3),
    39: _chow(39),
    40: lambda f: _only(f, REVERSIBLE_MASK),
    41: _chow(41),
    42: _mixed_shifted_pungs,
    43: lambda f: 0,
    44: lambda f: int(f.h.win.self_drawn and f.h.win.last_tile_of_wall),
    45: lambda f: int(not f.h.win.self_drawn and f.h.win.last_tile_of_wall),
    46: lambda f: int(f.h.win.kong_replacement),
    47: lambda f: int(f.h.win.robbing_kong),
    48: lambda f: int(_pungs_only(f)),
    49: lambda f: int(f.h.suit_count == 1 and bool(f.h.mask & HONORS)),
    50: _chow(50),
    51: lambda f: int(f.h.suit_count == 3 and f.h.has_winds and f.h.has_dragons),
    52: lambda f: int(f.open_melds == 4 and not f.h.win.self_drawn),
    53: lambda f: int(f.concealed_kongs == 2),
    54: lambda f: int(f.pungs_in(DRAGON_MASK) >= 2),
    55: lambda f: _all_sets(f, _HOLDS_YAOCHU),
    56: lambda f: int(f.h.closed and f.h.win.self_drawn),
    57: lambda f: int(f.melded_kongs >= 2),
    58: lambda f: int(f.h.last_tile),
    59: lambda f: int(f.pungs_in(DRAGON_MASK) >= 1),
    60: lambda f: f.pung_mask >> f.h.prevalent_kind & 1,
    61: lambda f: f.pung_mask >> f.h.seat_kind & 1,
    62: lambda f: int(f.h.closed and not f.h.win.self_drawn),
    63: _all_chows,
    64: _tile_hog,
    65: _double_pungs,
    66: lambda f: int(f.concealed_pungs == 2),
    67: lambda f: int(f.concealed_kongs == 1),
    68: lambda f: int(not f.h.mask & YAOCHU_MASK),
    69: _chow(69),
    70: _chow(70),
    71: _chow(71),
    72: _chow(72),
    73: _terminal_honor_pungs,
    74: lambda f: int(f.melded_kongs >= 1),
    75: lambda f: int(f.h.suit_count == 2),
    76: lambda f: int(not f.h.mask & HONORS),
    77: _wait("edge"),
    78: _wait("closed"),
    79: _wait("single"),
    80: lambda f: int(f.h.win.self_drawn),
    81: lambda f: f.h.win.flowers,
}


# What a reading must have before a row can count (FEATURES of riichi_lut.mcr.facts; the
# hand-level rows are counted once per hand and need nothing).
def _build(line: str) -> Fan:
    number_text, chinese, pinyin, english, points_text, implied_text, needs = (
        p.strip() for p in line.split("|")
    )
    number = int(number_text)
    implies = tuple(int(n) for n in implied_text.split())
    implies_1998 = _IMPLIES_1998.get(number, (*implies, 56) if number in _CONCEALED_FORMS else implies)
    return Fan(
        number,
        chinese,
        pinyin,
        english,
        int(points_text),
        _POINTS_1998.get(number, int(points_text)),
        frozenset(implies),
        frozenset(implies_1998),
        True if number in _BEGINNER else None,
        _NOTES.get(number, ""),
        _COUNTS[number],
        tuple(needs.split()),
    )


FANS: tuple[Fan, ...] = tuple(_build(line) for line in _TABLE.strip().splitlines())
"""The 81 fans; ``FANS[i].number == i + 1``."""


_BY_NAME = {f.english.lower(): f for f in FANS} | {f.chinese: f for f in FANS}


def fan(key: int | str) -> Fan:
    """A fan by its number (1..81), English name (any case) or Chinese name.

    >>> fan(1).english, fan("seven pairs").number, fan("七对").points
    ('Big Four Winds', 19, 24)
    """
    if isinstance(key, int) and not isinstance(key, bool) and 1 <= key <= len(FANS):
        return FANS[key - 1]
    if isinstance(key, str) and key.strip().lower() in _BY_NAME:
        return _BY_NAME[key.strip().lower()]
    raise InvalidArgumentError(f"no MCR fan {quote(key)}: give a number 1..81 or a name like 'Seven Pairs'")
