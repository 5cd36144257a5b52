"""mjai's names, as data rows: the ``ryukyoku`` reasons and the yaku names of gimite/mjai
(``lib/mjai/hora.rb``, ``lib/mjai/tenhou_archive.rb``) against the record's draw kinds and
the scorer's yaku ids (:mod:`riichi_lut.riichi.yaku`). Shared by the mjai reader and writer.

>>> YAKU_OF_NAME["reach"], NAME_OF_YAKU["ittsu"], RYUKYOKU_REASONS["sanchaho"]
('riichi', 'ikkitsukan', 'three_ron')
>>> han_of_fan(100), han_of_fan(200), han_of_fan(3), fan_of_han(26), fan_of_han(5)
(13, 26, 3, 200, 5)
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from ...core.tiles import DRAGON_KINDS
from ...riichi.yaku import ROWS

__all__ = [
    "DORA_NAMES",
    "DRAGON_YAKU",
    "MJAI_YAKU",
    "NAME_OF_YAKU",
    "NORTH",
    "REASON_OF_KIND",
    "RYUKYOKU_REASONS",
    "SANGENPAI",
    "START_GAME_META",
    "WINDS",
    "YAKUMAN_FAN",
    "YAKU_OF_NAME",
    "fan_of_han",
    "han_of_fan",
    "read_yakus",
    "write_yakus",
]

WINDS = ("E", "S", "W", "N")
NORTH = 30
#: gimite/mjai's ``ryukyoku`` reasons -> the record's draw kinds.
RYUKYOKU_REASONS: dict[str, str] = {
    "fanpai": "exhaustive",
    "nagashimangan": "nagashi_mangan",
    "kyushukyuhai": "nine_terminals",
    "sufonrenta": "four_winds",
    "suchareach": "four_riichi",
    "sukaikan": "four_kans",
    "sanchaho": "three_ron",
}
#: The record's draw kinds -> the reason written.
REASON_OF_KIND = {kind: reason for reason, kind in RYUKYOKU_REASONS.items()}

#: (mjai yaku name, the scorer's yaku id): gimite/mjai's names (``lib/mjai/hora.rb``);
#: the dragons' yakuhai are its one ``sangenpai`` row (:data:`DRAGON_YAKU`), and a yaku
#: gimite does not name is written under our id.
MJAI_YAKU: tuple[tuple[str, str], ...] = (
    ("menzenchin_tsumoho", "menzen_tsumo"),
    ("reach", "riichi"),
    ("double_reach", "double_riichi"),
    ("ippatsu", "ippatsu"),
    ("pinfu", "pinfu"),
    ("tanyaochu", "tanyao"),
    ("ipeko", "iipeikou"),
    ("jikaze", "yakuhai_seat"),
    ("bakaze", "yakuhai_round"),
    ("rinshankaiho", "rinshan"),
    ("chankan", "chankan"),
    ("haiteiraoyue", "haitei"),
    ("hoteiraoyui", "houtei"),
    ("sanshokudojun", "sanshoku_doujun"),
    ("ikkitsukan", "ittsu"),
    ("honchantaiyao", "chanta"),
    ("chitoitsu", "chiitoitsu"),
    ("toitoiho", "toitoi"),
    ("sananko", "sanankou"),
    ("honroto", "honroutou"),
    ("sanshokudoko", "sanshoku_doukou"),
    ("sankantsu", "sankantsu"),
    ("shosangen", "shousangen"),
    ("honiso", "honitsu"),
    ("junchantaiyao", "junchan"),
    ("ryanpeko", "ryanpeikou"),
    ("chiniso", "chinitsu"),
    ("tenho", "tenhou"),
    ("chiho", "chiihou"),
    ("kokushimuso", "kokushi"),
    ("daisangen", "daisangen"),
    ("suanko", "suuankou"),
    ("tsuiso", "tsuuiisou"),
    ("ryuiso", "ryuuiisou"),
    ("chinroto", "chinroutou"),
    ("daisushi", "daisuushii"),
    ("shosushi", "shousuushii"),
    ("sukantsu", "suukantsu"),
    ("churenpoton", "chuuren"),
)
DRAGON_YAKU = dict(zip(DRAGON_KINDS, ("yakuhai_haku", "yakuhai_hatsu", "yakuhai_chun"), strict=True))
SANGENPAI = "sangenpai"
DORA_NAMES = ("dora", "uradora", "akadora")
YAKUMAN_FAN = 100  # gimite/mjai's fan for one yakuman; the record counts 13 han
_ALL_IDS = [row.id for row, _ in ROWS]
_NAMED = {yaku_id for _, yaku_id in MJAI_YAKU} | set(DRAGON_YAKU.values())
YAKU_OF_NAME = dict(MJAI_YAKU) | {i: i for i in _ALL_IDS if i not in _NAMED}
NAME_OF_YAKU = {yaku_id: name for name, yaku_id in YAKU_OF_NAME.items()}
START_GAME_META = ("seed", "id", "uri")


def han_of_fan(fan: int) -> int:
    """The record's han of an mjai fan: each 100 (gimite's yakuman) is 13."""
    return fan // YAKUMAN_FAN * 13 + fan % YAKUMAN_FAN


def fan_of_han(han: int) -> int:
    """The mjai fan of one yaku's han: a yakuman's 13 is 100."""
    return han // 13 * YAKUMAN_FAN if han >= 13 else han


def _is_row(row: object) -> bool:
    return (
        isinstance(row, list)
        and len(row) == 2
        and isinstance(row[0], str)
        and isinstance(row[1], int)
        and not isinstance(row[1], bool)
    )


def read_yakus(
    rows: object, dragon_sets: Sequence[int]
) -> tuple[tuple[tuple[str, int], ...], tuple[int, int, int]]:
    """The record's yaku (sorted, as the mjlog reader gives them) and the (dora, ura, aka)
    counts of an mjai ``yakus`` list. ``dragon_sets`` are the dragon kinds the winner holds
    as sets: gimite's one ``sangenpai`` row counts them. A row that does not fit raises
    ``ValueError`` saying which.

    >>> read_yakus([["reach", 1], ["sangenpai", 1], ["dora", 2], ["suanko", 100]], [33])
    ((('riichi', 1), ('suuankou', 13), ('yakuhai_chun', 1)), (2, 0, 0))
    """
    if not isinstance(rows, list) or not all(_is_row(r) for r in rows):
        raise ValueError("yakus is not a list of [name, fan] pairs")
    yaku: list[tuple[str, int]] = []
    dora = [0, 0, 0]
    for name, fan in rows:
        if name in DORA_NAMES:
            dora[DORA_NAMES.index(name)] += fan
        elif name == SANGENPAI:
            if len(dragon_sets) != fan:
                raise ValueError(f"sangenpai is {fan} but the hand holds {len(dragon_sets)} dragon sets")
            yaku += [(DRAGON_YAKU[k], 1) for k in dragon_sets]
        elif name in YAKU_OF_NAME:
            yaku.append((YAKU_OF_NAME[name], han_of_fan(fan)))
        else:
            raise ValueError(f"yaku name {name!r} is not an mjai yaku")
    return tuple(sorted(yaku)), (dora[0], dora[1], dora[2])


def write_yakus(yaku: Sequence[tuple[str, int]], dora: Sequence[int | None]) -> list[list[Any]]:
    """The mjai ``yakus`` list of the record's yaku and (dora, ura, aka) counts: the
    dragons' yakuhai as one ``sangenpai`` row, a yakuman as 100 fan, the dora rows last
    (those that count).

    >>> write_yakus([("riichi", 1), ("yakuhai_chun", 1), ("yakuhai_haku", 1)], (1, 0, None))
    [['reach', 1], ['sangenpai', 2], ['dora', 1]]
    """
    rows: list[list[Any]] = []
    dragons = sum(1 for y, _ in yaku if y in DRAGON_YAKU.values())
    for yaku_id, han in yaku:
        if yaku_id not in DRAGON_YAKU.values():
            rows.append([NAME_OF_YAKU[yaku_id], fan_of_han(han)])
        elif [SANGENPAI, dragons] not in rows:
            rows.append([SANGENPAI, dragons])
    rows += [[name, count] for name, count in zip(DORA_NAMES, dora, strict=True) if count]
    return rows
