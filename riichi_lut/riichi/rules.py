"""Rule sets for Riichi scoring: one frozen :class:`RuleSet`, presets as instances.

Every rule that the seeds name as "ruleset-dependent" is a field. Presets are module
constants; ``rules.replace(kiriage=True)`` returns a new object and never changes the
preset (there is no shared mutable default anywhere). ``docs/rules.md`` lists each preset
with its source.

>>> TENHOU.kiriage, M_LEAGUE.kiriage
(False, True)
>>> TENHOU.replace(kiriage=True).kiriage, TENHOU.kiriage
(True, False)
"""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass
from typing import Any

from ..errors import InvalidArgumentError

DOUBLE_YAKUMAN_PATTERNS = frozenset({"kokushi_13", "suuankou_tanki", "junsei_chuuren", "daisuushii"})
RENHOU_VALUES = ("none", "mangan", "baiman", "yakuman")
MULTIPLE_RON = ("atamahane", "double", "triple")


@dataclass(frozen=True)
class RuleSet:
    """How a Riichi hand is scored.

    - ``kuitan``: tanyao counts in an open hand (喰いタン).
    - ``aka_dora``: red fives per suit (m, p, s) in the set; each is one dora.
    - ``ippatsu``, ``ura_dora``, ``kan_dora``: whether these are played.
    - ``kazoe_yakuman``: 13+ han from ordinary yaku and dora is a yakuman (else sanbaiman).
    - ``kiriage``: 4 han 30 fu and 3 han 60 fu round up to mangan (切り上げ満貫).
    - ``double_wind_pair_fu``: fu of a pair of the wind that is both seat and round wind.
    - ``double_yakuman``: patterns paid as double yakuman (kokushi 13-sided wait,
      suuankou tanki, junsei chuuren, daisuushii).
    - ``multiple_yakuman``: different yakuman in one hand add up.
    - ``renhou``: value of a ron before the winner's first draw: none/mangan/baiman/yakuman.
    - ``nagashi_mangan``: all-terminal/honor discards at an exhaustive draw pay mangan.
    - ``kokushi_robs_closed_kan``: thirteen orphans may rob a closed kan (chankan).
    - ``open_pinfu_fu``: fu of an open all-run hand won by ron on a two-sided wait with a
      valueless pair (20 fu of parts): 30 by the common convention.
    - ``multiple_ron``: how several rons on one discard are settled (informational for
      table software: head bump / double / triple ron).
    """

    name: str = "custom"
    kuitan: bool = True
    aka_dora: tuple[int, int, int] = (1, 1, 1)
    ippatsu: bool = True
    ura_dora: bool = True
    kan_dora: bool = True
    kazoe_yakuman: bool = True
    kiriage: bool = False
    double_wind_pair_fu: int = 4
    double_yakuman: frozenset[str] = frozenset()
    multiple_yakuman: bool = True
    renhou: str = "none"
    nagashi_mangan: bool = True
    kokushi_robs_closed_kan: bool = True
    open_pinfu_fu: int = 30
    multiple_ron: str = "double"

    def __post_init__(self) -> None:
        problems = []
        if not (len(self.aka_dora) == 3 and all(c in (0, 1, 2, 3, 4) for c in self.aka_dora)):
            problems.append(f"aka_dora must be three counts 0..4 (m, p, s), got {self.aka_dora!r}")
        if self.double_wind_pair_fu not in (2, 4):
            problems.append(f"double_wind_pair_fu must be 2 or 4, got {self.double_wind_pair_fu!r}")
        unknown = set(self.double_yakuman) - DOUBLE_YAKUMAN_PATTERNS
        if unknown:
            problems.append(f"double_yakuman: unknown pattern(s) {sorted(unknown)}")
        if self.renhou not in RENHOU_VALUES:
            problems.append(f"renhou must be one of {RENHOU_VALUES}, got {self.renhou!r}")
        if self.open_pinfu_fu not in (20, 30):
            problems.append(f"open_pinfu_fu must be 20 or 30, got {self.open_pinfu_fu!r}")
        if self.multiple_ron not in MULTIPLE_RON:
            problems.append(f"multiple_ron must be one of {MULTIPLE_RON}, got {self.multiple_ron!r}")
        if problems:
            raise InvalidArgumentError("; ".join(problems))
        object.__setattr__(self, "aka_dora", tuple(self.aka_dora))
        object.__setattr__(self, "double_yakuman", frozenset(self.double_yakuman))

    def replace(self, **changes: Any) -> RuleSet:
        """A new rule set with some fields changed (the original is never modified)."""
        unknown = set(changes) - {f.name for f in dataclasses.fields(self)}
        if unknown:
            raise InvalidArgumentError(f"unknown rule(s): {sorted(unknown)}")
        return dataclasses.replace(self, **changes)

    def to_dict(self) -> dict[str, Any]:
        out = dataclasses.asdict(self)
        out["aka_dora"] = list(self.aka_dora)
        out["double_yakuman"] = sorted(self.double_yakuman)
        return out


TENHOU = RuleSet(
    name="Tenhou",
    kuitan=True,
    aka_dora=(1, 1, 1),
    kazoe_yakuman=True,
    kiriage=False,
    double_wind_pair_fu=4,
    double_yakuman=frozenset(),
    multiple_yakuman=True,
    renhou="none",
    nagashi_mangan=True,
    kokushi_robs_closed_kan=True,
    multiple_ron="double",
)

MAHJONG_SOUL = RuleSet(
    name="Mahjong Soul",
    kuitan=True,
    aka_dora=(1, 1, 1),
    kazoe_yakuman=True,
    kiriage=False,
    double_wind_pair_fu=4,
    double_yakuman=DOUBLE_YAKUMAN_PATTERNS,
    multiple_yakuman=True,
    renhou="none",
    nagashi_mangan=True,
    kokushi_robs_closed_kan=True,
    multiple_ron="triple",
)

M_LEAGUE = RuleSet(
    name="M-League",
    kuitan=True,
    aka_dora=(1, 1, 1),
    kazoe_yakuman=False,
    kiriage=True,
    double_wind_pair_fu=4,
    double_yakuman=frozenset(),
    multiple_yakuman=True,
    renhou="none",
    nagashi_mangan=True,
    kokushi_robs_closed_kan=False,
    multiple_ron="atamahane",
)

WRC = RuleSet(
    name="WRC",
    kuitan=True,
    aka_dora=(0, 0, 0),
    kazoe_yakuman=False,
    kiriage=True,
    double_wind_pair_fu=2,
    double_yakuman=frozenset(),
    multiple_yakuman=False,
    renhou="none",
    nagashi_mangan=False,
    kokushi_robs_closed_kan=False,
    multiple_ron="atamahane",
)

EMA = RuleSet(
    name="EMA",
    kuitan=True,
    aka_dora=(0, 0, 0),
    kazoe_yakuman=False,
    kiriage=False,
    double_wind_pair_fu=4,
    double_yakuman=frozenset(),
    multiple_yakuman=True,
    renhou="none",
    nagashi_mangan=False,
    kokushi_robs_closed_kan=True,
    multiple_ron="double",
)

PRESETS = {r.name: r for r in (TENHOU, MAHJONG_SOUL, M_LEAGUE, WRC, EMA)}
