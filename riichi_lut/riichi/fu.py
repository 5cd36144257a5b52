"""Fu (符) as reason-coded lines, from seed 003's table:

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
"""

from __future__ import annotations

from dataclasses import dataclass

from ..analysis.readings import YAOCHU, Group, GroupKind, Reading, Wait
from ..core.tiles import KIND_NAMES
from .yaku import DRAGONS, Context


@dataclass(frozen=True, slots=True)
class FuLine:
    """One fu line: a reason code, its fu, and the tile or group it is about (if any)."""

    code: str
    fu: int
    subject: str = ""

    def to_dict(self) -> dict[str, object]:
        return {"code": self.code, "fu": self.fu, "subject": self.subject}


def _set_fu(group: Group, open_: bool) -> tuple[str, int]:
    base = 2 * (2 if group.tile in YAOCHU else 1)  # open triplet: 2, terminal/honor 4
    if not open_:
        base *= 2
    if group.kind is GroupKind.KAN:
        base *= 4
    kind = "kan" if group.kind is GroupKind.KAN else "triplet"
    code = f"{'open' if open_ else 'closed'}_{kind}_{'terminal_honor' if group.tile in YAOCHU else 'simple'}"
    return code, base


def _pair_lines(pair: Group, c: Context) -> list[FuLine]:
    tile = KIND_NAMES[pair.tile]
    if pair.tile in DRAGONS:
        return [FuLine("pair_dragon", 2, tile)]
    if pair.tile == c.seat_wind and pair.tile == c.round_wind:
        return [FuLine("pair_double_wind", c.rules.double_wind_pair_fu, tile)]
    if pair.tile == c.seat_wind:
        return [FuLine("pair_seat_wind", 2, tile)]
    if pair.tile == c.round_wind:
        return [FuLine("pair_round_wind", 2, tile)]
    return []


def round_up(fu: int) -> int:
    return -(-fu // 10) * 10


def fu_lines(reading: Reading, c: Context, pinfu: bool) -> tuple[tuple[FuLine, ...], int]:
    """(lines, fu after rounding) of one reading."""
    if reading.form == "chiitoitsu":
        return (FuLine("chiitoitsu", 25),), 25
    if reading.form == "kokushi":
        return (FuLine("base", 20),), 20  # a yakuman: fu do not matter
    lines = [FuLine("base", 20)]
    if c.closed and not c.tsumo:
        lines.append(FuLine("closed_ron", 10))
    if c.tsumo and not pinfu:
        lines.append(FuLine("tsumo", 2))
    if reading.wait in (Wait.KANCHAN, Wait.PENCHAN, Wait.TANKI):
        lines.append(FuLine(f"wait_{reading.wait.value}", 2, KIND_NAMES[reading.win_kind]))
    assert reading.pair is not None
    lines += _pair_lines(reading.pair, c)
    for index, group in enumerate(reading.groups):
        if not group.is_set:
            continue
        open_ = group.is_open or (index == reading.win_group and not c.tsumo)
        code, fu = _set_fu(group, open_)
        lines.append(FuLine(code, fu, group.text()))
    total = sum(line.fu for line in lines)
    if total == 20 and not c.closed and not c.tsumo and c.rules.open_pinfu_fu == 30:
        lines.append(FuLine("open_pinfu_ron", 10))
        total = 30
    return tuple(lines), round_up(total)
