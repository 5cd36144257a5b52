"""Several rons on one discard: who wins, who is paid what, where the honba and the riichi
sticks go.

:func:`settle` takes the :class:`~riichi_lut.riichi.score.ScoreResult` of every player who
called ron on the same discarded tile (each scored on its own by ``score``, with the same
honba and riichi sticks, or with ``riichi_sticks=0`` for a winner whose sticks went to
another, as Tenhou records a double ron's second winner) and the seat of the discarder,
and applies the rule set:

- ``RuleSet.multiple_ron``: ``"atamahane"`` (head bump): only the caller first in turn
  order from the discarder wins; ``"double"``: up to two win, three callers are an
  abortive draw (sanchahou, 三家和); ``"triple"``: up to three win.
- ``RuleSet.multiple_ron_honba``: the honba (300 a ron each) go to the first winner in
  turn order (``"first"``) or to every winner (``"each"``).
- ``RuleSet.multiple_ron_sticks``: the riichi sticks on the table go to the first winner
  (``"first"``), or every winner in riichi takes back their own stick and the rest go to
  the first winner (``"reclaim"``).

The discarder pays each winner's hand (and the honba of those who get them) separately;
the sticks come from the table. Turn order is East, South, West, North: the first in turn
order from a South discarder is West, then North, then East. ``docs/rules.md`` gives each
preset's values with their sources.

>>> from .score import score
>>> west = score("234m456p345678s11p", "6s", tsumo=False, seat_wind="W", round_wind="E",
...              riichi=True, honba=1, riichi_sticks=2)
>>> east = score("123m789m456678s99p", "6s", tsumo=False, seat_wind="E", round_wind="E",
...              riichi=True, honba=1, riichi_sticks=2)
>>> s = settle([east, west], TENHOU, discarder="S")
>>> [(w.seat, w.points, w.honba, w.sticks) for w in s.winners]
[('W', 2000, 300, 2000), ('E', 2900, 0, 0)]
>>> s.deltas
{'E': 2900, 'S': -5200, 'W': 4300, 'N': 0}
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from ..core.tiles import CODE_NAMES
from ..core.winds import WIND_LETTERS, wind_index
from ..errors import InvalidArgumentError, InvalidSituationError, quote
from .rules import TENHOU, RuleSet
from .score import ScoreResult

__all__ = ["SettledWin", "Settlement", "settle"]

_WIND_WORDS = {"E": "East", "S": "South", "W": "West", "N": "North"}
_ABORTIVE = "abortive draw"


@dataclass(frozen=True)
class SettledWin:
    """One winner of a settlement: ``points`` the hand (paid by the discarder), ``honba``
    what the discarder pays this winner for the honba, ``sticks`` the riichi sticks (in
    points) this winner takes from the table; ``result`` the winner's ``score``."""

    seat: str
    result: ScoreResult
    points: int
    honba: int
    sticks: int

    @property
    def total(self) -> int:
        """Everything this winner receives: hand, honba and sticks."""
        return self.points + self.honba + self.sticks

    def to_dict(self) -> dict[str, Any]:
        """The winner for JSON: seat, points, honba, sticks and total."""
        return {"seat": self.seat, "points": self.points, "honba": self.honba, "sticks": self.sticks,
                "total": self.total}  # fmt: skip


@dataclass(frozen=True)
class Settlement:
    """What several rons on one discard come to under ``rules``.

    ``outcome`` is ``"win"`` or ``"abortive draw"`` (three callers where only two may win);
    ``winners`` in turn order from the discarder (none on an abortive draw); ``passed``
    the seats whose ron the rule set does not count (head bump), in turn order;
    ``callers`` every seat that called, in turn order; ``sticks_left`` riichi sticks (in
    points) that stay on the table (only on an abortive draw)."""

    discarder: str
    outcome: str
    winners: tuple[SettledWin, ...]
    passed: tuple[str, ...]
    callers: tuple[str, ...]
    sticks_left: int
    rules: RuleSet

    @property
    def paid(self) -> int:
        """What the discarder pays: every winner's hand and honba."""
        return sum(w.points + w.honba for w in self.winners)

    @property
    def deltas(self) -> dict[str, int]:
        """Each seat's gain (+) or loss (-) from this settlement, "E" to "N"; the sticks a
        winner takes come from the table (they were paid when riichi was declared), so
        the deltas add up to the sticks taken, not to zero."""
        out = dict.fromkeys(WIND_LETTERS, 0)
        for w in self.winners:
            out[w.seat] += w.total
        out[self.discarder] -= self.paid
        return out

    def explain(self) -> str:
        """The settlement in plain English: who won, who was passed over and why, where
        the honba and the sticks went, what the discarder pays."""
        rules, by = self.rules, _WIND_WORDS[self.discarder]
        callers = " and ".join(_WIND_WORDS[s] for s in self.callers)
        if self.outcome == _ABORTIVE:
            return (
                f"{callers} all called ron on {by}'s discard. Under the {rules.name} rules at most two "
                f"players may win on one discard, so three rons are an abortive draw (sanchahou): "
                f"nobody pays, and the riichi sticks ({self.sticks_left:,} points) stay on the table."
            )
        lines = []
        if len(self.callers) == 1:
            lines.append(f"{_WIND_WORDS[self.winners[0].seat]} won by ron on {by}'s discard.")
        elif self.passed:
            first = _WIND_WORDS[self.winners[0].seat]
            passed = " and ".join(_WIND_WORDS[s] for s in self.passed)
            verb = "does" if len(self.passed) == 1 else "do"
            lines.append(
                f"{callers} called ron on {by}'s discard. The {rules.name} rules let only one player "
                f"win on a discard (atamahane, head bump): {first} is first in turn order after {by}, "
                f"so {first} wins and {passed} {verb} not."
            )
        else:
            kind, every = ("Double", "both") if len(self.winners) == 2 else ("Triple", "all three")
            lines.append(f"{kind} ron on {by}'s discard: {callers} {every} win, and {by} pays each of them.")
        for w in self.winners:
            extras = [f"{w.honba:,} for the honba"] if w.honba else []
            if w.sticks:
                extras.append(f"{w.sticks:,} in riichi sticks")
            tail = f" + {' + '.join(extras)}" if extras else ""
            lines.append(f"{_WIND_WORDS[w.seat]}: {w.points:,} for the hand{tail} = {w.total:,}.")
        if len(self.winners) > 1:
            lines.append(_shares_text(self))
        lines.append(f"{by} pays {self.paid:,} in all.")
        return " ".join(lines)

    def to_dict(self) -> dict[str, Any]:
        """The settlement for JSON."""
        return {
            "discarder": self.discarder,
            "outcome": self.outcome,
            "winners": [w.to_dict() for w in self.winners],
            "passed": list(self.passed),
            "callers": list(self.callers),
            "sticks_left": self.sticks_left,
            "paid": self.paid,
            "deltas": self.deltas,
            "rules": self.rules.name,
        }


def _shares_text(s: Settlement) -> str:
    first = _WIND_WORDS[s.winners[0].seat]
    honba = s.winners[0].result.win.honba
    if not honba:
        honba_text = "There are no honba"
    elif s.rules.multiple_ron_honba == "each":
        honba_text = "The honba are paid to every winner"
    else:
        honba_text = f"The honba go to {first} alone, the first winner in turn order"
    if not any(w.sticks for w in s.winners):
        sticks_text = "there are no riichi sticks on the table."
    elif s.rules.multiple_ron_sticks == "reclaim":
        sticks_text = f"each winner in riichi takes back their own stick and {first} takes the rest."
    else:
        sticks_text = f"{first} takes every riichi stick on the table."
    return f"{honba_text}; {sticks_text}"


def _turn(discarder: int, seat: str) -> int:
    """1..3: how many turns after the discarder the seat plays."""
    return (wind_index(seat, "seat_wind") - discarder) % 4


def settle(wins: Sequence[ScoreResult], rules: RuleSet = TENHOU, *, discarder: str) -> Settlement:
    """Settle the rons of ``wins`` (one :class:`ScoreResult` per caller, in any order) on
    one tile discarded by ``discarder`` ("E", "S", "W" or "N", either case) under
    ``rules`` (see the module docstring). Every result must be a ron on the same tile,
    from a different seat that is not the discarder's, with the same round wind, honba
    and riichi sticks, scored under ``rules``; otherwise an
    :class:`~riichi_lut.errors.InvalidSituationError` names the difference. A result with
    ``riichi_sticks=0`` beside others that have the sticks on the table is the second
    winner of a double ron as Tenhou records it (the first took the sticks): the table
    is the others' count, handed out by the rules all the same.

    >>> from .score import score
    >>> a = score("123m456p789s11122z", "1z", tsumo=False, seat_wind="N", round_wind="E")
    >>> settle([a], discarder="E").winners[0].total == a.total
    True
    """
    if not isinstance(rules, RuleSet):
        raise InvalidArgumentError(f"rules must be a RuleSet, got {quote(rules)}")
    if isinstance(wins, ScoreResult) or not isinstance(wins, Sequence) or isinstance(wins, str):
        raise InvalidArgumentError(f"wins must be a list of ScoreResult, got {quote(wins)}")
    if not wins:
        raise InvalidSituationError("settle needs at least one win")
    for i, w in enumerate(wins):
        if not isinstance(w, ScoreResult):
            raise InvalidArgumentError(f"wins[{i}] must be a ScoreResult (from score()), got {quote(w)}")
    by = wind_index(discarder, "discarder")
    others = rules.players - 1
    if rules.players == 3 and by == 3:
        raise InvalidSituationError("discarder='N': three-player Riichi has no North seat (seats E, S, W)")
    if len(wins) > others:
        raise InvalidSituationError(
            f"{len(wins)} rons on one discard: at most the {'two' if others == 2 else 'three'} other"
            " players can call"
        )
    _check(wins, by, rules)
    ordered = sorted(wins, key=lambda w: _turn(by, w.win.seat_wind))
    callers = tuple(w.win.seat_wind.upper() for w in ordered)
    sticks_on_table = 1000 * _table(ordered)
    if rules.multiple_ron == "double" and len(ordered) == 3:
        return Settlement(WIND_LETTERS[by], _ABORTIVE, (), (), callers, sticks_on_table, rules)
    count = 1 if rules.multiple_ron == "atamahane" else len(ordered)
    kept = ordered[:count]
    reclaim = rules.multiple_ron_sticks == "reclaim" and len(kept) > 1
    own = [1000 if reclaim and (w.win.riichi or w.win.double_riichi) else 0 for w in kept]
    settled = []
    for i, w in enumerate(kept):
        honba = 100 * others * w.win.honba if i == 0 or rules.multiple_ron_honba == "each" else 0
        sticks = own[i] + (sticks_on_table - sum(own) if i == 0 else 0)
        settled.append(SettledWin(callers[i], w, w.points, honba, sticks))
    return Settlement(WIND_LETTERS[by], "win", tuple(settled), callers[count:], callers, 0, rules)


def _table(wins: Sequence[ScoreResult]) -> int:
    """The riichi sticks on the table: every win's ``riichi_sticks``, or 0 for a winner
    scored as Tenhou records the second winner of a double ron (the sticks went to the
    first)."""
    return max(w.win.riichi_sticks for w in wins)


def _check(wins: Sequence[ScoreResult], by: int, rules: RuleSet) -> None:
    """Every result a ron by another seat on the same tile and table, under ``rules``."""
    seats: dict[str, int] = {}
    first = wins[0]
    for i, w in enumerate(wins):
        win = w.win
        seat = win.seat_wind.upper()
        if win.tsumo:
            raise InvalidSituationError(f"wins[{i}] is a tsumo: only rons share a discard")
        if wind_index(seat, "seat_wind") == by:
            raise InvalidSituationError(
                f"wins[{i}] is the discarder's own seat ({seat}): nobody rons their own tile"
            )
        if seat in seats:
            raise InvalidSituationError(f"wins[{seats[seat]}] and wins[{i}] are both from seat {seat}")
        seats[seat] = i
        used = w.situation.context.rules
        if used != rules:
            raise InvalidSituationError(
                f"wins[{i}] was scored under the {used.name} rules, "
                f"not the {rules.name} rules it is settled under"
            )
        sticks, table = win.riichi_sticks, _table(wins)
        if sticks not in (0, table):
            raise InvalidSituationError(
                f"wins[{i}] has riichi_sticks={sticks} but another has riichi_sticks={table}: one discard,"
                " one table (0 is accepted: a winner whose sticks went to another, as Tenhou records it)"
            )
        for name in ("round_wind", "honba", "chankan"):
            mine, theirs = getattr(win, name), getattr(first.win, name)
            if (mine.upper() if isinstance(mine, str) else mine) != (
                theirs.upper() if isinstance(theirs, str) else theirs
            ):
                raise InvalidSituationError(
                    f"wins[{i}] has {name}={quote(mine)} but wins[0] has {name}={quote(theirs)}: "
                    "one discard, one table"
                )
        code, first_code = w.situation.win_code, first.situation.win_code
        if code != first_code:
            raise InvalidSituationError(
                f"wins[{i}] won on {CODE_NAMES[code]} but wins[0] on {CODE_NAMES[first_code]}: "
                "one discard is one tile"
            )
    riichi = sum(1 for w in wins if w.win.riichi or w.win.double_riichi)
    sticks = _table(wins)
    if riichi > sticks:
        raise InvalidSituationError(
            f"{riichi} winners are in riichi but riichi_sticks={sticks}: each riichi put a stick on the table"
        )
