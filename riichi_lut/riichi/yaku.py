"""Yaku as data: one row per yaku (id, name, han closed/open, yakuman multiple, what it
supersedes, why it applies, its bit) and one small predicate per row over a reading.

``han_open`` 0 means closed only. ``yakuman`` is the multiple (1 for a yakuman; the rule
set's ``double_yakuman`` makes some patterns 2). A yaku in another row's ``supersedes``
is dropped when that row applies (double riichi over riichi, junchan over chanta …).
When any yakuman applies, ordinary yaku are not counted. Paarenchan needs another yaku
where ``RuleSet.paarenchan_needs_yaku`` (:func:`evaluate` drops it otherwise).

``bit`` is the yaku's stable number: its bit of the batch scorer's ``yaku_mask``
(``riichi_lut.riichi.batch.YAKU_BITS``), written out in each row so that reordering the rows
changes no stored mask. Bits are unique and below ``BIT_WIDTH`` (checked at import); a new
yaku takes a new bit, a bit is never reused for another yaku.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from ..analysis.readings import YAOCHU, GroupKind, Reading, Wait
from .context import GREEN, PAARENCHAN_WINS, Context, Predicate
from .shapes import (
    chuuren,
    concealed_sets,
    dragon_sets,
    ittsu,
    junsei_chuuren,
    outside,
    peikou,
    sanshoku,
    suuankou,
    value_pair,
    wind_sets,
    yakuhai_set,
)

#: Yaku bits of a ``yaku_mask`` (uint64). The batch scorer's tables hold bits 0..47 and
#: pack the han above them; the optional yaku from bit 48 on are the scalar scorer's only
#: (``riichi_lut.riichi.batch`` refuses the rules that play them, or takes no fact for them).
BIT_WIDTH = 64


@dataclass(frozen=True)
class YakuRow:
    id: str
    name: str
    han_closed: int
    han_open: int
    yakuman: int = 0
    supersedes: tuple[str, ...] = ()
    why: str = ""
    bit: int = field(kw_only=True)  # stable: the bit of the batch yaku_mask, never row order


# ---------------------------------------------------------------- the table

ROWS: tuple[tuple[YakuRow, Predicate], ...] = (
    (
        YakuRow("riichi", "Riichi", 1, 0, bit=0, why="declared riichi with a closed hand"),
        lambda r, c: c.riichi,
    ),
    (
        YakuRow(
            "double_riichi",
            "Double riichi",
            2,
            0,
            bit=1,
            supersedes=("riichi",),
            why="declared riichi on the first turn",
        ),
        lambda r, c: c.double_riichi,
    ),
    (
        YakuRow(
            "ippatsu", "Ippatsu", 1, 0, bit=2, why="won within one go-around of the riichi, uninterrupted"
        ),
        lambda r, c: c.ippatsu,
    ),
    (
        YakuRow("menzen_tsumo", "Menzen tsumo", 1, 0, bit=3, why="won by self-draw with a closed hand"),
        lambda r, c: c.closed and c.tsumo,
    ),
    (
        YakuRow(
            "pinfu", "Pinfu", 1, 0, bit=4, why="closed, four runs, a valueless pair and a two-sided wait"
        ),
        lambda r, c: (
            r.form == "standard"
            and c.closed
            and len(r.runs) == 4
            and not value_pair(r, c)
            and r.wait is Wait.RYANMEN
            and not (c.tsumo and c.rules.pinfu_tsumo_fu)  # that rule keeps the tsumo 2 fu
        ),
    ),
    (
        YakuRow("tanyao", "Tanyao", 1, 1, bit=5, why="only simples (2-8), no terminals or honors"),
        lambda r, c: (
            (c.closed or c.rules.kuitan) and r.form != "kokushi" and not any(k in YAOCHU for k in c.kinds)
        ),
    ),
    (
        YakuRow("iipeikou", "Iipeikou", 1, 0, bit=6, why="two identical runs in a closed hand"),
        lambda r, c: c.closed and r.form == "standard" and peikou(r) == 1,
    ),
    (
        YakuRow("yakuhai_haku", "Yakuhai: white dragon", 1, 1, bit=7, why="a set of white dragons"),
        yakuhai_set(31),
    ),
    (
        YakuRow("yakuhai_hatsu", "Yakuhai: green dragon", 1, 1, bit=8, why="a set of green dragons"),
        yakuhai_set(32),
    ),
    (
        YakuRow("yakuhai_chun", "Yakuhai: red dragon", 1, 1, bit=9, why="a set of red dragons"),
        yakuhai_set(33),
    ),
    (
        YakuRow("yakuhai_seat", "Yakuhai: seat wind", 1, 1, bit=10, why="a set of your seat wind"),
        lambda r, c: yakuhai_set(c.seat_wind)(r, c),
    ),
    (
        YakuRow("yakuhai_round", "Yakuhai: round wind", 1, 1, bit=11, why="a set of the round wind"),
        lambda r, c: yakuhai_set(c.round_wind)(r, c),
    ),
    (
        YakuRow("haitei", "Haitei raoyue", 1, 1, bit=12, why="won by drawing the last tile of the wall"),
        lambda r, c: c.haitei,
    ),
    (
        YakuRow("houtei", "Houtei raoyui", 1, 1, bit=13, why="won on the last discard of the hand"),
        lambda r, c: c.houtei,
    ),
    (
        YakuRow(
            "rinshan",
            "Rinshan kaihou",
            1,
            1,
            bit=14,
            why="won on the replacement tile after a kan (or a kita)",
        ),
        lambda r, c: c.rinshan,
    ),
    (
        YakuRow("chankan", "Chankan", 1, 1, bit=15, why="won by robbing another player's kan"),
        lambda r, c: c.chankan,
    ),
    (
        YakuRow("chiitoitsu", "Chiitoitsu", 2, 0, bit=16, why="seven different pairs"),
        lambda r, c: r.form == "chiitoitsu",
    ),
    (
        YakuRow("toitoi", "Toitoi", 2, 2, bit=17, why="four sets (triplets or kans), no runs"),
        lambda r, c: r.form == "standard" and len(r.sets) == 4,
    ),
    (
        YakuRow("sanankou", "Sanankou", 2, 2, bit=18, why="three concealed sets"),
        lambda r, c: r.form == "standard" and concealed_sets(r, c) >= 3,
    ),
    (
        YakuRow("sanshoku_doujun", "Sanshoku doujun", 2, 1, bit=19, why="the same run in all three suits"),
        lambda r, c: r.form == "standard" and sanshoku(r, r.runs),
    ),
    (
        YakuRow(
            "sanshoku_doukou",
            "Sanshoku doukou",
            2,
            2,
            bit=20,
            why="a set of the same number in all three suits",
        ),
        lambda r, c: r.form == "standard" and sanshoku(r, r.sets),
    ),
    (
        YakuRow("sankantsu", "Sankantsu", 2, 2, bit=21, why="three kans"),
        lambda r, c: sum(g.kind is GroupKind.KAN for g in r.groups) == 3,
    ),
    (
        YakuRow("ittsu", "Ittsu", 2, 1, bit=22, why="runs 123, 456 and 789 of one suit"),
        lambda r, c: r.form == "standard" and ittsu(r),
    ),
    (
        YakuRow(
            "chanta",
            "Chanta",
            2,
            1,
            bit=23,
            why="every group holds a terminal or honor, with a run and an honor",
        ),
        lambda r, c: outside(r, terminals_only=False),
    ),
    (
        YakuRow(
            "junchan",
            "Junchan",
            3,
            2,
            bit=24,
            supersedes=("chanta",),
            why="every group holds a terminal, with a run and no honor",
        ),
        lambda r, c: outside(r, terminals_only=True),
    ),
    (
        YakuRow(
            "honroutou", "Honroutou", 2, 2, bit=25, supersedes=("chanta",), why="only terminals and honors"
        ),
        lambda r, c: (
            r.form != "kokushi" and all(k in YAOCHU for k in c.kinds) and c.has_honor and bool(c.suits)
        ),
    ),
    (
        YakuRow("shousangen", "Shousangen", 2, 2, bit=26, why="two dragon sets and a dragon pair"),
        lambda r, c: dragon_sets(r) == (2, True),
    ),
    (
        YakuRow(
            "ryanpeikou",
            "Ryanpeikou",
            3,
            0,
            bit=27,
            supersedes=("iipeikou",),
            why="two pairs of identical runs, closed",
        ),
        lambda r, c: c.closed and r.form == "standard" and peikou(r) == 2,
    ),
    (
        YakuRow("honitsu", "Honitsu", 3, 2, bit=28, why="one suit plus honors"),
        lambda r, c: len(c.suits) == 1 and c.has_honor,
    ),
    (
        YakuRow("chinitsu", "Chinitsu", 6, 5, bit=29, supersedes=("honitsu",), why="one suit only"),
        lambda r, c: len(c.suits) == 1 and not c.has_honor,
    ),
    # ------------------------------------------------------------ yakuman
    (
        YakuRow(
            "kokushi",
            "Kokushi musou",
            13,
            0,
            1,
            bit=30,
            why="one of each terminal and honor, and a pair of one",
        ),
        lambda r, c: r.form == "kokushi",
    ),
    (
        YakuRow(
            "kokushi_13",
            "Kokushi musou, 13-sided wait",
            13,
            0,
            1,
            bit=31,
            supersedes=("kokushi",),
            why="waited on all thirteen orphans",
        ),
        lambda r, c: r.wait is Wait.KOKUSHI_13,
    ),
    (YakuRow("suuankou", "Suuankou", 13, 0, 1, bit=32, why="four concealed sets"), suuankou),
    (
        YakuRow(
            "suuankou_tanki",
            "Suuankou tanki",
            13,
            0,
            1,
            bit=33,
            supersedes=("suuankou",),
            why="four concealed sets, won on the pair",
        ),
        lambda r, c: suuankou(r, c) and r.wait is Wait.TANKI,
    ),
    (
        YakuRow("daisangen", "Daisangen", 13, 13, 1, bit=34, why="sets of all three dragons"),
        lambda r, c: dragon_sets(r)[0] == 3,
    ),
    (
        YakuRow("shousuushii", "Shousuushii", 13, 13, 1, bit=35, why="three wind sets and a wind pair"),
        lambda r, c: wind_sets(r) == (3, True),
    ),
    (
        YakuRow(
            "daisuushii",
            "Daisuushii",
            13,
            13,
            1,
            bit=36,
            supersedes=("shousuushii",),
            why="sets of all four winds",
        ),
        lambda r, c: wind_sets(r)[0] == 4,
    ),
    (
        YakuRow("tsuuiisou", "Tsuuiisou", 13, 13, 1, bit=37, why="only honors"),
        lambda r, c: all(k >= 27 for k in c.kinds),
    ),
    (
        YakuRow("chinroutou", "Chinroutou", 13, 13, 1, bit=38, why="only terminals (1s and 9s)"),
        lambda r, c: r.form != "kokushi" and all(k in YAOCHU and k < 27 for k in c.kinds),
    ),
    (
        YakuRow(
            "ryuuiisou",
            "Ryuuiisou",
            13,
            13,
            1,
            bit=39,
            why="only green tiles: 2s 3s 4s 6s 8s and green dragons",
        ),
        lambda r, c: all(k in GREEN for k in c.kinds),
    ),
    (
        YakuRow(
            "chuuren",
            "Chuuren poutou",
            13,
            0,
            1,
            bit=40,
            why="1112345678999 of one suit plus any tile of it, closed",
        ),
        chuuren,
    ),
    (
        YakuRow(
            "junsei_chuuren",
            "Junsei chuuren poutou",
            13,
            0,
            1,
            bit=41,
            supersedes=("chuuren",),
            why="waited on all nine tiles of the nine gates",
        ),
        junsei_chuuren,
    ),
    (
        YakuRow("suukantsu", "Suukantsu", 13, 13, 1, bit=42, why="four kans"),
        lambda r, c: sum(g.kind is GroupKind.KAN for g in r.groups) == 4,
    ),
    (
        YakuRow("tenhou", "Tenhou", 13, 0, 1, bit=43, why="the dealer's starting hand was complete"),
        lambda r, c: c.tenhou,
    ),
    (
        YakuRow("chiihou", "Chiihou", 13, 0, 1, bit=44, why="completed on your first draw, uninterrupted"),
        lambda r, c: c.chiihou,
    ),
    (
        YakuRow("renhou", "Renhou", 13, 0, 1, bit=45, why="won on a discard before your first draw"),
        lambda r, c: c.renhou and c.rules.renhou == "yakuman",
    ),
    (
        YakuRow(
            "renhou_mangan",
            "Renhou",
            5,
            0,
            bit=46,
            why="won on a discard before your first draw (mangan by rule)",
        ),
        lambda r, c: c.renhou and c.rules.renhou == "mangan",
    ),
    (
        YakuRow(
            "renhou_baiman",
            "Renhou",
            8,
            0,
            bit=47,
            why="won on a discard before your first draw (baiman by rule)",
        ),
        lambda r, c: c.renhou and c.rules.renhou == "baiman",
    ),
)


def _daisharin(suit: int, played: tuple[str, ...]) -> Predicate:
    """22334455667788 of ``suit``, closed, where ``RuleSet.daisharin`` is one of ``played``."""
    pattern = tuple(2 if 9 * suit + 1 <= k <= 9 * suit + 7 else 0 for k in range(34))
    return lambda r, c: c.rules.daisharin in played and c.closed and c.counts == pattern


# The optional yaku (bits 48 on): rule-set switches and win facts, scored by the scalar path.
ROWS += (
    (
        YakuRow(
            "open_riichi",
            "Open riichi",
            2,
            0,
            bit=48,
            supersedes=("riichi",),
            why="declared riichi with the hand shown (open riichi by rule)",
        ),
        lambda r, c: c.open_riichi and c.riichi,
    ),
    (
        YakuRow(
            "double_open_riichi",
            "Double open riichi",
            3,
            0,
            bit=49,
            supersedes=("double_riichi",),
            why="declared open riichi on the first turn (open riichi by rule)",
        ),
        lambda r, c: c.open_riichi and c.double_riichi,
    ),
    (
        YakuRow(
            "daisharin",
            "Daisharin",
            13,
            0,
            1,
            bit=50,
            why="22334455667788 in pinzu, closed (an optional yakuman by rule)",
        ),
        _daisharin(1, ("pin", "all_suits")),
    ),
    (
        YakuRow(
            "daisuurin",
            "Daisuurin",
            13,
            0,
            1,
            bit=51,
            why="22334455667788 in manzu, closed (an optional yakuman by rule)",
        ),
        _daisharin(0, ("all_suits",)),
    ),
    (
        YakuRow(
            "daichikurin",
            "Daichikurin",
            13,
            0,
            1,
            bit=52,
            why="22334455667788 in souzu, closed (an optional yakuman by rule)",
        ),
        _daisharin(2, ("all_suits",)),
    ),
    (
        YakuRow(
            "daichisei",
            "Daichisei",
            13,
            0,
            1,
            bit=53,
            why="seven pairs of the seven honors (an optional yakuman by rule, on top of tsuuiisou)",
        ),
        lambda r, c: c.rules.daichisei and r.form == "chiitoitsu" and all(k >= 27 for k in c.kinds),
    ),
    (
        YakuRow(
            "paarenchan",
            "Paarenchan",
            13,
            13,
            1,
            bit=54,
            why="the dealer's eighth consecutive win (an optional yakuman by rule)",
        ),
        lambda r, c: c.paarenchan >= PAARENCHAN_WINS,
    ),
)


def check_rows(rows: tuple[tuple[YakuRow, Predicate], ...]) -> None:
    """Ids and bits are unique, every bit is in ``0 .. BIT_WIDTH - 1`` and every
    superseded id is a row; raise AssertionError naming the offending row otherwise."""
    ids: dict[str, YakuRow] = {}
    bits: dict[int, YakuRow] = {}
    for row, _ in rows:
        if row.id in ids:
            raise AssertionError(f"yaku row {row.id!r} appears twice")
        if not 0 <= row.bit < BIT_WIDTH:
            raise AssertionError(f"yaku row {row.id!r}: bit {row.bit} is outside 0..{BIT_WIDTH - 1}")
        if row.bit in bits:
            raise AssertionError(f"yaku rows {bits[row.bit].id!r} and {row.id!r} share bit {row.bit}")
        ids[row.id] = bits[row.bit] = row
    for row, _ in rows:
        unknown = [s for s in row.supersedes if s not in ids]
        if unknown:
            raise AssertionError(f"yaku row {row.id!r} supersedes unknown yaku {unknown}")


check_rows(ROWS)
YAKU = {row.id: row for row, _ in ROWS}


@dataclass(frozen=True)
class YakuHan:
    """A yaku that applies, with its han (or yakuman multiple) in this hand."""

    id: str
    name: str
    han: int
    yakuman: int
    why: str

    def to_dict(self) -> dict[str, object]:
        return {"id": self.id, "name": self.name, "han": self.han, "yakuman": self.yakuman, "why": self.why}


def evaluate(reading: Reading, context: Context) -> tuple[YakuHan, ...]:
    """The yaku of one reading, superseded ones removed; only yakuman if any apply."""
    found = [row for row, predicate in ROWS if predicate(reading, context)]
    dropped = {s for row in found for s in row.supersedes}
    found = [row for row in found if row.id not in dropped]
    if (
        context.paarenchan
        and context.rules.paarenchan_needs_yaku
        and not any(
            row.yakuman or (row.han_closed if context.closed else row.han_open)
            for row in found
            if row.id != "paarenchan"
        )
    ):
        found = [row for row in found if row.id != "paarenchan"]  # paarenchan needs another yaku
    yakuman = [row for row in found if row.yakuman]
    if yakuman:
        return tuple(
            YakuHan(row.id, row.name, 0, 2 if row.id in context.rules.double_yakuman else 1, row.why)
            for row in yakuman
        )
    out = []
    for row in found:
        han = row.han_closed if context.closed else row.han_open
        if han:
            out.append(YakuHan(row.id, row.name, han, 0, row.why))
    return tuple(out)
