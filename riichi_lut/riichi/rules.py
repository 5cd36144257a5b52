"""Rule sets for Riichi scoring: one frozen :class:`RuleSet`, presets as instances.

Every rule on which the common rule sets differ (the Japanese Mahjong Wiki's "Rule
variations" page and the preset sources of ``docs/rules.md``) is a field. Presets are
module constants; ``rules.replace(kiriage=True)`` returns a new object and never changes
the preset (there is no shared mutable default anywhere). ``docs/rules.md`` lists every
preset value with the page it was read from, and marks the values no source confirmed as
"unverified".

>>> TENHOU.kiriage, M_LEAGUE.kiriage
(False, True)
>>> TENHOU.replace(kiriage=True).kiriage, TENHOU.kiriage
(True, False)
>>> M_LEAGUE.double_wind_pair_fu, TENHOU.double_wind_pair_fu
(2, 4)
"""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass
from typing import Any

from ..errors import InvalidArgumentError, quote

DOUBLE_YAKUMAN_PATTERNS = frozenset({"kokushi_13", "suuankou_tanki", "junsei_chuuren", "daisuushii"})
RENHOU_VALUES = ("none", "mangan", "baiman", "yakuman")
MULTIPLE_RON = ("atamahane", "double", "triple")
MULTIPLE_RON_HONBA = ("first", "each")
MULTIPLE_RON_STICKS = ("first", "reclaim")
KAZOE_LIMITS = ("yakuman", "sanbaiman", "none")
DAISHARIN_VALUES = ("off", "pin", "all_suits")
SANMA_TSUMO = ("loss", "split")
_CHOICES = (
    ("sanma_tsumo", SANMA_TSUMO),
    ("renhou", RENHOU_VALUES),
    ("multiple_ron", MULTIPLE_RON),
    ("multiple_ron_honba", MULTIPLE_RON_HONBA),
    ("multiple_ron_sticks", MULTIPLE_RON_STICKS),
    ("kazoe_limit", KAZOE_LIMITS),
    ("daisharin", DAISHARIN_VALUES),
)
#: ``kazoe_yakuman`` and the ``kazoe_limit`` values it stands for (True: 13+ han is at least
#: a yakuman; False: it stays sanbaiman).
_KAZOE_OF_FLAG = {True: "yakuman", False: "sanbaiman"}


@dataclass(frozen=True)
class RuleSet:
    """How a Riichi hand is scored. ``docs/rules.md`` ("Flags") tells each field at length,
    and the value of each preset with the page it was read from ("Sources").

    - ``name``: a label for reports; ``replace`` keeps it unless you pass a new one.
    - ``kuitan``: tanyao also counts in an open hand (喰い断).
    - ``aka_dora``: red fives per suit (m, p, s) in the tile set, each 0..4; every red
      five in the hand is one han of dora (usually one per suit).
    - ``ippatsu``: the ippatsu yaku is played (some rule sets drop it to reduce variance).
    - ``ura_dora``: a riichi winner also counts the ura dora indicators.
    - ``kan_dora``: each kan turns a further dora (and, with ``ura_dora``, ura) indicator.
    - ``kazoe_limit``: what 13 or more han from ordinary yaku and dora pay: ``"yakuman"``
      (a counted yakuman, however many han), ``"sanbaiman"`` (capped there) or ``"none"``
      (no limit: every 13 han is one more yakuman, so 26+ han pay a double yakuman, 39+ a
      triple …, up to ``yakuman_cap``).
    - ``kazoe_yakuman``: the older switch for the same rule, kept working: ``True`` is
      ``kazoe_limit="yakuman"``, ``False`` is ``"sanbaiman"``. Give either; the other
      follows (``kazoe_limit="none"`` reads back ``kazoe_yakuman=True``: 13+ han is at
      least a yakuman). Given both, they must agree. In ``replace`` the one you pass wins
      and the other follows.
    - ``kiriage``: 4 han 30 fu and 3 han 60 fu round up to mangan (切り上げ満貫).
    - ``double_wind_pair_fu``: fu of a pair of the wind that is both seat and round wind,
      2 or 4.
    - ``double_yakuman``: which of the four patterns pay a double yakuman: ``kokushi_13``
      (13-sided wait), ``suuankou_tanki``, ``junsei_chuuren`` (9-sided wait), ``daisuushii``
     ; any pattern not listed pays a single yakuman.
    - ``multiple_yakuman``: different yakuman in one hand add up (daisangen + tsuuiisou is
      a double); when False every hand is capped at one yakuman.
    - ``renhou``: a ron before the winner's first draw: ``"none"`` (not a yaku),
      ``"mangan"``, ``"baiman"`` or ``"yakuman"``.
    - ``nagashi_mangan``: all-terminal/honor uncalled discards at an exhaustive draw pay
      mangan; informational for table software, it never affects ``score``.
    - ``kokushi_robs_closed_kan``: thirteen orphans may ron the tile of a closed kan; every
      hand may rob an added kan.
    - ``open_pinfu_fu``: fu of an open hand won by ron whose parts score nothing (all runs,
      valueless pair, two-sided wait): 30 by the common convention, 20 without it.
    - ``multiple_ron``: several rons on one discard: ``"atamahane"`` (only the first in
      turn order wins), ``"double"`` (two may win; three is an abortive draw) or
      ``"triple"`` (up to three win). :func:`~riichi_lut.riichi.settle.settle` applies it.
    - ``multiple_ron_honba``: the honba when several win on one discard: ``"first"`` (the
      winner first in turn order from the discarder takes them all) or ``"each"`` (the
      discarder pays them to every winner).
    - ``multiple_ron_sticks``: the riichi sticks on the table then: ``"first"`` (all to
      the first winner in turn order) or ``"reclaim"`` (each winner in riichi takes back
      their own stick, the rest go to the first winner).
    - ``players``: 4, or 3 for three-player Riichi (sanma, ``docs/sanma.md``): no 2m-8m,
      no chi, seats E/S/W, kita (North set aside) as dora, the tsumo of ``sanma_tsumo``,
      100 points per honba from each payer (200 on a ron). A three-player rule set has no
      red 5m (``aka_dora`` starts with 0).
    - ``sanma_tsumo``: how a three-player tsumo is paid: ``"loss"`` (tsumo loss, ツモ損:
      each of the two payers pays the four-player share, the absent North's share is not
      paid) or ``"split"`` (the absent North's share is split in halves between the two
      payers). Read only under ``players=3``.
    - ``kita_rinshan``: a tsumo on the replacement tile after a kita (no kan needed) is
      rinshan kaihou (Tenhou, Mahjong Soul); read only under ``players=3``.
    """

    name: str = "custom"
    kuitan: bool = True
    aka_dora: tuple[int, int, int] = (1, 1, 1)
    ippatsu: bool = True
    ura_dora: bool = True
    kan_dora: bool = True
    kazoe_yakuman: bool | None = None  # resolved with kazoe_limit: see __post_init__
    kiriage: bool = False
    double_wind_pair_fu: int = 4
    double_yakuman: frozenset[str] = frozenset()
    multiple_yakuman: bool = True
    renhou: str = "none"
    nagashi_mangan: bool = True
    kokushi_robs_closed_kan: bool = True
    open_pinfu_fu: int = 30
    multiple_ron: str = "double"
    multiple_ron_honba: str = "first"
    multiple_ron_sticks: str = "first"
    kazoe_limit: str | None = None  # resolved with kazoe_yakuman: see __post_init__
    pinfu_tsumo_fu: bool = False
    daisharin: str = "off"
    daichisei: bool = False
    paarenchan: bool = False
    paarenchan_needs_yaku: bool = True
    yakuman_cap: int = 0
    open_riichi: bool = False
    players: int = 4
    sanma_tsumo: str = "loss"
    kita_rinshan: bool = True

    def __post_init__(self) -> None:
        problems = self._resolve_kazoe() + self._number_problems()
        for f in dataclasses.fields(self):
            if f.type in ("bool", bool) and not isinstance(getattr(self, f.name), bool):
                problems.append(f"{f.name} must be True or False, got {quote(getattr(self, f.name))}")
        if not isinstance(self.name, str):
            problems.append(f"name must be a string, got {quote(self.name)}")
        aka = self.aka_dora
        if not (
            isinstance(aka, (tuple, list))
            and len(aka) == 3
            and all(isinstance(c, int) and not isinstance(c, bool) and 0 <= c <= 4 for c in aka)
        ):
            problems.append(f"aka_dora must be three counts 0..4 (m, p, s), got {quote(aka)}")
        if not isinstance(self.double_yakuman, (set, frozenset, tuple, list)):
            problems.append(
                f"double_yakuman must be a set of pattern names, got {quote(self.double_yakuman)}"
            )
            object.__setattr__(self, "double_yakuman", frozenset())
        unknown = set(self.double_yakuman) - DOUBLE_YAKUMAN_PATTERNS
        if unknown:
            problems.append(f"double_yakuman: unknown pattern(s) {sorted(unknown)}")
        for name, allowed in _CHOICES:
            if getattr(self, name) not in allowed:
                problems.append(f"{name} must be one of {allowed}, got {quote(getattr(self, name))}")
        if problems:
            raise InvalidArgumentError("; ".join(problems))
        object.__setattr__(self, "aka_dora", tuple(self.aka_dora))
        object.__setattr__(self, "double_yakuman", frozenset(self.double_yakuman))

    def _number_problems(self) -> list[str]:
        """The problems of the fields that are numbers (fu values, the yakuman cap)."""
        problems = []
        if self.double_wind_pair_fu not in (2, 4):
            problems.append(f"double_wind_pair_fu must be 2 or 4, got {quote(self.double_wind_pair_fu)}")
        if not (type(self.players) is int and self.players in (3, 4)):
            problems.append(f"players must be 3 (sanma) or 4, got {quote(self.players)}")
        elif (
            self.players == 3
            and isinstance(self.aka_dora, (tuple, list))
            and self.aka_dora[:1] not in ((0,), [0])
        ):
            problems.append(
                "players=3 has no 5m (2m-8m are removed in sanma): aka_dora must be (0, p, s),"
                f" got {quote(self.aka_dora)}"
            )
        if self.open_pinfu_fu not in (20, 30):
            problems.append(f"open_pinfu_fu must be 20 or 30, got {quote(self.open_pinfu_fu)}")
        cap = self.yakuman_cap
        if not (isinstance(cap, int) and not isinstance(cap, bool) and cap >= 0):
            problems.append(f"yakuman_cap must be a count >= 0 (0: no cap), got {quote(cap)}")
        return problems

    def _resolve_kazoe(self) -> list[str]:
        """Fill in whichever of ``kazoe_yakuman`` / ``kazoe_limit`` was not given (both
        missing: ``"yakuman"``); the problems when they are bad or disagree."""
        flag, limit = self.kazoe_yakuman, self.kazoe_limit
        if flag is not None and not isinstance(flag, bool):
            object.__setattr__(self, "kazoe_limit", limit if limit in KAZOE_LIMITS else "yakuman")
            return [f"kazoe_yakuman must be True or False, got {quote(flag)}"]
        if limit is not None and limit not in KAZOE_LIMITS:
            return []  # _CHOICES names it
        if limit is None:
            limit = "yakuman" if flag is None else _KAZOE_OF_FLAG[flag]
        elif flag is not None and flag != (limit != "sanbaiman"):
            return [
                f"kazoe_yakuman={flag} disagrees with kazoe_limit={limit!r} (kazoe_yakuman=True is"
                " kazoe_limit='yakuman' or 'none', False is 'sanbaiman'): give one of them"
            ]
        object.__setattr__(self, "kazoe_limit", limit)
        object.__setattr__(self, "kazoe_yakuman", limit != "sanbaiman")
        return []

    def replace(self, **changes: Any) -> RuleSet:
        """A new rule set with some fields changed (the original is never modified).
        Of ``kazoe_yakuman`` and ``kazoe_limit`` the one passed wins and the other follows."""
        unknown = set(changes) - {f.name for f in dataclasses.fields(self)}
        if unknown:
            raise InvalidArgumentError(f"unknown rule(s): {sorted(unknown)}")
        if "kazoe_yakuman" in changes and "kazoe_limit" not in changes:
            changes["kazoe_limit"] = None
        elif "kazoe_limit" in changes and "kazoe_yakuman" not in changes:
            changes["kazoe_yakuman"] = None
        return dataclasses.replace(self, **changes)

    def to_dict(self) -> dict[str, Any]:
        """Every field for JSON: ``aka_dora`` as a list, ``double_yakuman`` as a sorted list."""
        out = dataclasses.asdict(self)
        out["aka_dora"] = list(self.aka_dora)
        out["double_yakuman"] = sorted(self.double_yakuman)
        return out


# Every preset spells out every field, so that changing a default above never changes a
# preset silently. Sources and the values left unverified: docs/rules.md.

TENHOU = RuleSet(
    name="Tenhou",
    kuitan=True,
    aka_dora=(1, 1, 1),
    ippatsu=True,
    ura_dora=True,
    kan_dora=True,
    kazoe_yakuman=True,
    kiriage=False,
    double_wind_pair_fu=4,
    double_yakuman=frozenset(),
    multiple_yakuman=True,
    renhou="none",
    nagashi_mangan=True,
    kokushi_robs_closed_kan=False,
    open_pinfu_fu=30,
    multiple_ron="double",
    multiple_ron_honba="first",
    multiple_ron_sticks="first",
    kazoe_limit="yakuman",
    pinfu_tsumo_fu=False,
    daisharin="off",
    daichisei=False,
    paarenchan=False,
    paarenchan_needs_yaku=True,
    yakuman_cap=0,
    open_riichi=False,
    players=4,
    sanma_tsumo="loss",
    kita_rinshan=True,
)
"""Tenhou.net's ranked four-player lobby with red fives; the default of ``score``.
Values and sources: docs/rules.md."""

MAHJONG_SOUL = RuleSet(
    name="Mahjong Soul",
    kuitan=True,
    aka_dora=(1, 1, 1),
    ippatsu=True,
    ura_dora=True,
    kan_dora=True,
    kazoe_yakuman=True,
    kiriage=False,
    double_wind_pair_fu=4,
    double_yakuman=DOUBLE_YAKUMAN_PATTERNS,
    multiple_yakuman=True,
    renhou="none",
    nagashi_mangan=True,
    kokushi_robs_closed_kan=True,
    open_pinfu_fu=30,
    multiple_ron="triple",
    multiple_ron_honba="first",
    multiple_ron_sticks="first",
    kazoe_limit="yakuman",
    pinfu_tsumo_fu=False,
    daisharin="off",
    daichisei=False,
    paarenchan=False,
    paarenchan_needs_yaku=True,
    yakuman_cap=0,
    open_riichi=False,
    players=4,
    sanma_tsumo="loss",
    kita_rinshan=True,
)
"""Mahjong Soul (雀魂) four-player ranked rooms. Values and sources: docs/rules.md."""

M_LEAGUE = RuleSet(
    name="M-League",
    kuitan=True,
    aka_dora=(1, 1, 1),
    ippatsu=True,
    ura_dora=True,
    kan_dora=True,
    kazoe_yakuman=False,
    kiriage=True,
    double_wind_pair_fu=2,
    double_yakuman=frozenset(),
    multiple_yakuman=True,
    renhou="none",
    nagashi_mangan=True,
    kokushi_robs_closed_kan=False,
    open_pinfu_fu=30,
    multiple_ron="atamahane",
    multiple_ron_honba="first",
    multiple_ron_sticks="first",
    kazoe_limit="sanbaiman",
    pinfu_tsumo_fu=False,
    daisharin="off",
    daichisei=False,
    paarenchan=False,
    paarenchan_needs_yaku=True,
    yakuman_cap=0,
    open_riichi=False,
    players=4,
    sanma_tsumo="loss",
    kita_rinshan=True,
)
"""The official M.League (Mリーグ) rules. Values and sources: docs/rules.md."""

WRC = RuleSet(
    name="WRC",
    kuitan=True,
    aka_dora=(0, 0, 0),
    ippatsu=True,
    ura_dora=True,
    kan_dora=True,
    kazoe_yakuman=False,
    kiriage=True,
    double_wind_pair_fu=2,
    double_yakuman=frozenset(),
    multiple_yakuman=False,
    renhou="mangan",
    nagashi_mangan=False,
    kokushi_robs_closed_kan=True,
    open_pinfu_fu=30,
    multiple_ron="atamahane",
    multiple_ron_honba="first",
    multiple_ron_sticks="first",
    kazoe_limit="sanbaiman",
    pinfu_tsumo_fu=False,
    daisharin="off",
    daichisei=False,
    paarenchan=False,
    paarenchan_needs_yaku=True,
    yakuman_cap=0,
    open_riichi=False,
    players=4,
    sanma_tsumo="loss",
    kita_rinshan=True,
)
"""The World Riichi Championship rules (2015 rule book). Values and sources: docs/rules.md."""

EMA = RuleSet(
    name="EMA",
    kuitan=True,
    aka_dora=(0, 0, 0),
    ippatsu=True,
    ura_dora=True,
    kan_dora=True,
    kazoe_yakuman=False,
    kiriage=False,
    double_wind_pair_fu=4,
    double_yakuman=frozenset(),
    multiple_yakuman=False,
    renhou="mangan",
    nagashi_mangan=False,
    kokushi_robs_closed_kan=True,
    open_pinfu_fu=30,
    multiple_ron="triple",
    multiple_ron_honba="each",
    multiple_ron_sticks="reclaim",
    kazoe_limit="sanbaiman",
    pinfu_tsumo_fu=False,
    daisharin="off",
    daichisei=False,
    paarenchan=False,
    paarenchan_needs_yaku=True,
    yakuman_cap=0,
    open_riichi=False,
    players=4,
    sanma_tsumo="loss",
    kita_rinshan=True,
)
"""The European Mahjong Association's Riichi Competition Rules, 2016 edition.
Values and sources: docs/rules.md."""

TENHOU_SANMA = TENHOU.replace(name="Tenhou sanma", aka_dora=(0, 1, 1), players=3)
"""Tenhou.net's ranked three-player lobby (段位戦3人打ち): the Tenhou rules with 108 tiles,
red 5p and 5s, kita as dora, tsumo loss, rinshan after a kita. Sources: docs/rules.md."""

MAHJONG_SOUL_SANMA = MAHJONG_SOUL.replace(name="Mahjong Soul sanma", aka_dora=(0, 1, 1), players=3)
"""Mahjong Soul (雀魂) three-player rooms: the Mahjong Soul rules with 108 tiles, red 5p and
5s, kita as dora, tsumo loss by default (``sanma_tsumo="split"`` is its "North-Bisection"
option). Sources: docs/rules.md."""

PRESETS = {r.name: r for r in (TENHOU, MAHJONG_SOUL, M_LEAGUE, WRC, EMA, TENHOU_SANMA, MAHJONG_SOUL_SANMA)}
"""Each preset by its ``name``: "Tenhou", "Mahjong Soul", "M-League", "WRC", "EMA",
"Tenhou sanma", "Mahjong Soul sanma"."""
