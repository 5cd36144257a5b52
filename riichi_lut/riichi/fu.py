"""Fu (符) as reason-coded lines, after the Japanese Mahjong Wiki's "Fu" page (riichi.wiki/Fu):

| line | fu |
| --- | --- |
| base (futei) | 20 |
| closed ron (menzen kafu) | +10 |
| tsumo (not with pinfu) | +2 |
| kanchan / penchan / tanki wait | +2 |
| pair of dragons / seat wind / round wind | +2 each (double wind: 2 or 4 by rule) |
| open triplet simples / terminal-honor | 2 / 4 |
| closed triplet | 4 / 8 |
| open kan | 8 / 16 |
| closed kan | 16 / 32 |
| chiitoitsu | 25, not rounded |
| pinfu tsumo / pinfu ron | 20 / 30 |
| open all-run hand by ron | 30 (by convention: ``RuleSet.open_pinfu_fu``) |

The total of the other lines is rounded up to the next 10. A triplet completed by a ron
(shanpon) counts as open.

Every line carries a :class:`FuReason`: a named constant whose string value is the line's
``code`` in ``to_dict()`` (a JSON contract: the values never change).
"""

from __future__ import annotations

import enum
from dataclasses import dataclass

from ..analysis.readings import YAOCHU, Group, GroupKind, Reading, Wait
from ..core.tiles import KIND_NAMES
from .context import DRAGONS, Context


class FuReason(str, enum.Enum):
    """Why a fu line counts; the value is the line's ``code`` (the JSON contract)."""

    BASE = "base"  # futei 20 (also the whole of a kokushi: a yakuman)
    CLOSED_RON = "closed_ron"  # menzen kafu +10
    TSUMO = "tsumo"  # +2, not with pinfu
    WAIT_KANCHAN = "wait_kanchan"  # +2
    WAIT_PENCHAN = "wait_penchan"  # +2
    WAIT_TANKI = "wait_tanki"  # +2
    PAIR_DRAGON = "pair_dragon"  # +2
    PAIR_SEAT_WIND = "pair_seat_wind"  # +2
    PAIR_ROUND_WIND = "pair_round_wind"  # +2
    PAIR_DOUBLE_WIND = "pair_double_wind"  # 2 or 4 by rule
    OPEN_TRIPLET_SIMPLE = "open_triplet_simple"  # 2
    OPEN_TRIPLET_TERMINAL_HONOR = "open_triplet_terminal_honor"  # 4
    CLOSED_TRIPLET_SIMPLE = "closed_triplet_simple"  # 4
    CLOSED_TRIPLET_TERMINAL_HONOR = "closed_triplet_terminal_honor"  # 8
    OPEN_KAN_SIMPLE = "open_kan_simple"  # 8
    OPEN_KAN_TERMINAL_HONOR = "open_kan_terminal_honor"  # 16
    CLOSED_KAN_SIMPLE = "closed_kan_simple"  # 16
    CLOSED_KAN_TERMINAL_HONOR = "closed_kan_terminal_honor"  # 32
    CHIITOITSU = "chiitoitsu"  # 25, not rounded
    OPEN_PINFU_RON = "open_pinfu_ron"  # +10: an open all-run hand by ron counts 30


@dataclass(frozen=True, slots=True)
class FuLine:
    """One fu line: its reason, its fu, and the tile or group it is about (if any).

    ``code`` is a :class:`FuReason` (equal to its string value); ``to_dict()`` gives the
    plain string."""

    code: FuReason
    fu: int
    subject: str = ""

    def to_dict(self) -> dict[str, object]:
        return {"code": self.code.value, "fu": self.fu, "subject": self.subject}


#: (open, kan, terminal or honor) -> the reason and fu of a set.
_SET_FU = {
    (True, False, False): (FuReason.OPEN_TRIPLET_SIMPLE, 2),
    (True, False, True): (FuReason.OPEN_TRIPLET_TERMINAL_HONOR, 4),
    (False, False, False): (FuReason.CLOSED_TRIPLET_SIMPLE, 4),
    (False, False, True): (FuReason.CLOSED_TRIPLET_TERMINAL_HONOR, 8),
    (True, True, False): (FuReason.OPEN_KAN_SIMPLE, 8),
    (True, True, True): (FuReason.OPEN_KAN_TERMINAL_HONOR, 16),
    (False, True, False): (FuReason.CLOSED_KAN_SIMPLE, 16),
    (False, True, True): (FuReason.CLOSED_KAN_TERMINAL_HONOR, 32),
}

_WAIT_FU = {
    Wait.KANCHAN: FuReason.WAIT_KANCHAN,
    Wait.PENCHAN: FuReason.WAIT_PENCHAN,
    Wait.TANKI: FuReason.WAIT_TANKI,
}


def _set_line(group: Group, open_: bool) -> FuLine:
    reason, fu = _SET_FU[open_, group.kind is GroupKind.KAN, group.tile in YAOCHU]
    return FuLine(reason, fu, group.text())


def _pair_lines(pair: Group, c: Context) -> list[FuLine]:
    tile = KIND_NAMES[pair.tile]
    if pair.tile in DRAGONS:
        return [FuLine(FuReason.PAIR_DRAGON, 2, tile)]
    if pair.tile == c.seat_wind and pair.tile == c.round_wind:
        return [FuLine(FuReason.PAIR_DOUBLE_WIND, c.rules.double_wind_pair_fu, tile)]
    if pair.tile == c.seat_wind:
        return [FuLine(FuReason.PAIR_SEAT_WIND, 2, tile)]
    if pair.tile == c.round_wind:
        return [FuLine(FuReason.PAIR_ROUND_WIND, 2, tile)]
    return []


def round_up(fu: int) -> int:
    return -(-fu // 10) * 10


def fu_lines(reading: Reading, c: Context, pinfu: bool) -> tuple[tuple[FuLine, ...], int]:
    """(lines, fu after rounding) of one reading."""
    if reading.form == "chiitoitsu":
        return (FuLine(FuReason.CHIITOITSU, 25),), 25
    if reading.form == "kokushi":
        return (FuLine(FuReason.BASE, 20),), 20  # a yakuman: fu do not matter
    lines = [FuLine(FuReason.BASE, 20)]
    if c.closed and not c.tsumo:
        lines.append(FuLine(FuReason.CLOSED_RON, 10))
    if c.tsumo and not pinfu:
        lines.append(FuLine(FuReason.TSUMO, 2))
    if reading.wait in _WAIT_FU:
        lines.append(FuLine(_WAIT_FU[reading.wait], 2, KIND_NAMES[reading.win_kind]))
    assert reading.pair is not None
    lines += _pair_lines(reading.pair, c)
    for index, group in enumerate(reading.groups):
        if group.is_set:
            lines.append(_set_line(group, group.is_open or (index == reading.win_group and not c.tsumo)))
    total = sum(line.fu for line in lines)
    if total == 20 and not c.closed and not c.tsumo and c.rules.open_pinfu_fu == 30:
        lines.append(FuLine(FuReason.OPEN_PINFU_RON, 10))
        total = 30
    return tuple(lines), round_up(total)
