"""``GameRules``: how a whole game is played, beside the :class:`~riichi_lut.riichi.RuleSet`
that scores one hand.

The scoring rule set says what a hand is worth; the game rules say what happens around it:
the starting and returned points, the uma and oka, the game's length, when it ends (a
player below zero, the West round, the all-last dealer's stop), the abortive draws played
and the tenpai payments. Each field is one rule; each preset cites its rulebook in
``docs/game.md`` ("unverified" where no source was found).

>>> TENHOU_GAME.start_points, TENHOU_GAME.return_points, TENHOU_GAME.uma
(25000, 30000, (20, 10, -10, -20))
>>> TENHOU_GAME.replace(length="tonpuu").last_round
3
"""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass
from typing import Any

from ..errors import InvalidArgumentError, quote
from ..riichi.rules import EMA, M_LEAGUE, MAHJONG_SOUL, TENHOU, TENHOU_SANMA, WRC, RuleSet

__all__ = [
    "EMA_GAME",
    "GAME_PRESETS",
    "LENGTHS",
    "MAHJONG_SOUL_GAME",
    "M_LEAGUE_GAME",
    "TENHOU_GAME",
    "TENHOU_SANMA_GAME",
    "WRC_GAME",
    "GameRules",
    "game_rules",
]

#: The lengths of a game: one round of the East wind (tonpuu, 東風戦), East and South
#: (hanchan, 半荘戦), or a single hand (for tests and drills).
LENGTHS = ("one_hand", "tonpuu", "hanchan")

_ABORTS = ("nine_terminals", "four_winds", "four_riichi", "four_kans", "three_ron")


@dataclass(frozen=True)
class GameRules:
    """The rules of play of a whole game (``docs/game.md`` tells each field and its source).

    - ``scoring``: the :class:`~riichi_lut.riichi.RuleSet` that scores each win (its
      ``players`` is the game's, its ``multiple_ron`` decides double ron or head bump).
    - ``length``: ``"hanchan"`` (East and South), ``"tonpuu"`` (East only) or
      ``"one_hand"``.
    - ``start_points`` / ``return_points``: each player's points at the start, and the
      target the final points are counted from (the difference times the players is the
      oka, paid to first place).
    - ``uma``: the rank bonus in thousands, first to last.
    - ``tobi``: the game ends when a player's points fall below zero (exactly zero plays on).
    - ``west_round``: after the last round, if nobody has ``return_points``, play goes on
      into the next wind, sudden death (ends at the first hand after which someone has
      them), at most one more wind.
    - ``agari_yame``: the dealer of the last hand who is first (and has
      ``return_points``) after a win or tenpai stops the game instead of a renchan.
    - ``aborts``: the abortive draws played (``"nine_terminals"``, ``"four_winds"``,
      ``"four_riichi"``, ``"four_kans"``, ``"three_ron"``).
    - ``tenpai_pool``: the points the noten players pay the tenpai players at an
      exhaustive draw.
    - ``honba_points``: what one honba adds to a win (300 in four players: 100 from each
      payer of a tsumo, 300 from the discarder of a ron).
    - ``leftover_sticks_to_first``: the riichi sticks still on the table at the end go to
      first place (else they are lost).
    - ``final_rounding``: how the final points are written: ``"tenhou"`` (the score minus
      the return, in thousands, rounded to a whole thousand as Tenhou's older logs do:
      five down, six up on the magnitude) or ``"exact"`` (one decimal, no rounding).
    - ``ties``: players with equal points: ``"seat_order"`` (ranked by seat order from
      the first dealer, Tenhou) or ``"split"`` (they share their places' uma and oka).
    """

    name: str = "custom"
    scoring: RuleSet = TENHOU
    length: str = "hanchan"
    start_points: int = 25000
    return_points: int = 30000
    uma: tuple[int, ...] = (20, 10, -10, -20)
    tobi: bool = True
    west_round: bool = True
    agari_yame: bool = True
    aborts: frozenset[str] = frozenset(_ABORTS)
    tenpai_pool: int = 3000
    honba_points: int = 300
    leftover_sticks_to_first: bool = True
    final_rounding: str = "tenhou"
    ties: str = "seat_order"

    def __post_init__(self) -> None:
        problems = []
        if self.length not in LENGTHS:
            problems.append(f"length must be one of {', '.join(LENGTHS)}, got {quote(self.length)}")
        if len(self.uma) != self.players:
            problems.append(f"uma needs one value per player ({self.players}), got {self.uma}")
        unknown = sorted(set(self.aborts) - set(_ABORTS))
        if unknown:
            problems.append(f"aborts: unknown {', '.join(unknown)} (known: {', '.join(_ABORTS)})")
        if self.final_rounding not in ("tenhou", "exact"):
            problems.append(f"final_rounding must be 'tenhou' or 'exact', got {quote(self.final_rounding)}")
        if self.ties not in ("seat_order", "split"):
            problems.append(f"ties must be 'seat_order' or 'split', got {quote(self.ties)}")
        if self.start_points <= 0 or self.return_points < self.start_points:
            problems.append("start_points must be > 0 and return_points >= start_points")
        if problems:
            raise InvalidArgumentError("; ".join(problems))

    @property
    def players(self) -> int:
        """3 or 4, from the scoring rule set."""
        return self.scoring.players

    @property
    def last_round(self) -> int:
        """The number of the last hand before any extension: 3 (East 4) in a four-player
        tonpuu, 7 (South 4) in a hanchan; three players have three hands a wind (2 = East
        3, 6 = South 3); 0 for a one-hand game."""
        if self.length == "one_hand":
            return 0
        return (4 if self.length == "hanchan" else 0) + self.players - 1

    @property
    def oka(self) -> int:
        """First place's bonus in points: what every player left above the start."""
        return (self.return_points - self.start_points) * self.players

    def replace(self, **changes: Any) -> GameRules:
        """A copy with ``changes`` (keeps the name unless one is given)."""
        return dataclasses.replace(self, **changes)


TENHOU_GAME = GameRules(name="Tenhou", scoring=TENHOU)
"""Tenhou.net's ranked four-player game (段位戦, 喰赤): 25,000 start, 30,000 return, oka 20,
uma 10-20, tobi below zero, the West round, automatic agari-yame, every abortive draw.
Sources: docs/game.md."""

TENHOU_SANMA_GAME = GameRules(
    name="Tenhou sanma",
    scoring=TENHOU_SANMA,
    start_points=35000,
    return_points=40000,
    uma=(20, 0, -20),
    aborts=frozenset({"nine_terminals", "four_riichi", "four_kans", "three_ron"}),
    tenpai_pool=2000,
    honba_points=200,
)
"""Tenhou.net's ranked three-player game: 35,000 start, 40,000 return, oka 15, uma
+20/0/-20, no four-winds abort (three players), a 2,000-point tenpai pool, 100 a honba
from each payer. Sources: docs/game.md."""

MAHJONG_SOUL_GAME = GameRules(
    name="Mahjong Soul",
    scoring=MAHJONG_SOUL,
    uma=(15, 5, -5, -15),
    aborts=frozenset({"nine_terminals", "four_winds", "four_riichi", "four_kans"}),
    final_rounding="exact",
)
"""Mahjong Soul (雀魂) four-player rooms: 25,000 start, 30,000 return, tobi, the West
round, agari-yame, the abortive draws but three rons (three rons all win). The uma of its
friendly rooms is unverified (its ranked lobby counts rank points instead). Sources:
docs/game.md."""

M_LEAGUE_GAME = GameRules(
    name="M-League",
    scoring=M_LEAGUE,
    uma=(30, 10, -10, -30),
    tobi=False,
    west_round=False,
    agari_yame=False,
    final_rounding="exact",
    ties="split",
)
"""M.League: 25,000 start, 30,000 return, uma 10-30 (first place +50 with the oka), no
tobi, no agari-yame, head bump (no double ron), tied players split their rank points.
Its abortive draws are unverified (kept as Tenhou's). Sources: docs/game.md."""

WRC_GAME = GameRules(
    name="WRC",
    scoring=WRC,
    start_points=30000,
    return_points=30000,
    uma=(15, 5, -5, -15),
    west_round=False,
    agari_yame=False,
    aborts=frozenset(),
    final_rounding="exact",
    ties="split",
)
"""World Riichi Championship rules: 30,000 start and target, no oka, uma +15/+5/-5/-15
shared on ties, a negative score ends the game, no agari-yame, no abortive draws.
Sources: docs/game.md."""

EMA_GAME = GameRules(
    name="EMA",
    scoring=EMA,
    start_points=30000,
    return_points=30000,
    uma=(15, 5, -5, -15),
    tobi=False,
    west_round=False,
    agari_yame=False,
    aborts=frozenset(),
    final_rounding="exact",
    ties="split",
)
"""The EMA's Riichi Competition Rules: 30,000 start, no oka, uma +15/+5/-5/-15 shared on
ties, no abortive draws; no tobi and no agari-yame are unverified. Sources: docs/game.md."""

GAME_PRESETS = {
    r.name: r for r in (TENHOU_GAME, TENHOU_SANMA_GAME, MAHJONG_SOUL_GAME, M_LEAGUE_GAME, WRC_GAME, EMA_GAME)
}
"""Each preset by name."""


def game_rules(rules: object = None, length: object = None, players: object = None) -> GameRules:
    """The rules of a game as the functions that play one read their arguments: ``rules``
    (a :class:`GameRules`; ``None``: Tenhou's, three-player ones with ``players=3``),
    ``length`` overriding the rules' (one of :data:`LENGTHS`), ``players`` (3 or 4,
    agreeing with the rules). A bad argument is an error naming it.

    >>> game_rules(players=3).name, game_rules(length="tonpuu").length
    ('Tenhou sanma', 'tonpuu')
    """
    if players is not None and (isinstance(players, bool) or players not in (3, 4)):
        raise InvalidArgumentError.about("players", f"must be 3 or 4, got {quote(players)}")
    if rules is None:
        rules = TENHOU_SANMA_GAME if players == 3 else TENHOU_GAME
    if not isinstance(rules, GameRules):
        raise InvalidArgumentError.about(
            "rules", f"must be a GameRules (e.g. TENHOU_GAME), got {quote(rules)}"
        )
    if players is not None and players != rules.players:
        raise InvalidArgumentError.about("players", f"={players} but the rules are for {rules.players}")
    if length is not None:
        if length not in LENGTHS:
            raise InvalidArgumentError.about(
                "length", f"must be one of {', '.join(LENGTHS)}, got {quote(length)}"
            )
        rules = rules.replace(length=length)
    return rules
