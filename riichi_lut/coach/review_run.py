"""The replay's hooks for the review (:mod:`riichi_lut.coach.review`): each decision of
the reviewed seat becomes a :class:`~riichi_lut.coach.review_model.Decision`, and each
hand's end the decisions of :mod:`riichi_lut.coach.review_ends`."""

from __future__ import annotations

from ..game.actions import Action
from ..game.record import GameRecord, round_name
from ..game.replay import replay
from ..game.table import Table
from .review_ends import round_end_decisions
from .review_model import Decision
from .review_turns import (
    after_call,
    call_decision,
    discard_decision,
    kan_decision,
    pass_decision,
    riichi_decision,
    riichi_facts,
    tsumo_declined,
)

__all__ = ["collect"]


class _Collector:
    """The replay's hooks: each decision of the seat, and each hand's end."""

    def __init__(self, seat: int, names: tuple[str, ...]) -> None:
        self.seat = seat
        self.names = names
        self.decisions: list[Decision] = []
        self.rounds: list[str] = []
        self.riichi_at: int | None = None  # index of a riichi awaiting its discard
        self.call_at: int | None = None  # index of a call awaiting its discard

    def name(self, table: Table) -> str:
        return round_name(table.number, table.honba)

    def on_decision(self, table: Table, seat: int, action: Action | None) -> None:
        if seat != self.seat:
            return
        name = self.name(table)
        if not self.rounds or self.rounds[-1] != name:
            self.rounds.append(name)
        if table.phase != "turn":
            self.on_claim(table, action, name)
            return
        assert action is not None
        kind = action.type
        if kind != "tsumo" and any(a.type == "tsumo" for a in table.legal_actions(seat)):
            self.decisions.append(tsumo_declined(table, seat, name))
        if kind == "discard":
            declares = self.riichi_at is not None
            found = discard_decision(table, seat, action, name, declares)
            if self.riichi_at is not None:
                self.decisions[self.riichi_at] = riichi_facts(self.decisions[self.riichi_at], found)
                self.riichi_at = None
            if self.call_at is not None:
                self.decisions[self.call_at] = after_call(self.decisions[self.call_at], found)
                self.call_at = None
            self.decisions.append(found)
        elif kind == "riichi":
            self.riichi_at = len(self.decisions)
            self.decisions.append(riichi_decision(table, seat, name))
        elif kind in ("closed_kan", "added_kan", "kita"):
            self.decisions.append(kan_decision(table, seat, action, name))
        elif kind == "nine_terminals":
            self.decisions.append(
                Decision(
                    "nine_terminals",
                    name,
                    1,
                    played="nine_terminals",
                    why="Declared nine terminals: an abortive draw. Not judged.",
                )
            )

    def on_claim(self, table: Table, action: Action | None, name: str) -> None:
        if action is None:
            self.decisions.append(pass_decision(table, self.seat, name))
        elif action.type in ("chi", "pon", "open_kan"):
            self.call_at = len(self.decisions)
            self.decisions.append(call_decision(table, self.seat, action, name))

    def on_round_end(self, table: Table) -> None:
        name = self.name(table)
        if not self.rounds or self.rounds[-1] != name:
            self.rounds.append(name)
        self.decisions.extend(round_end_decisions(table, self.seat, name, self.names))
        self.call_at = None  # a call whose hand ended before a discard (a kan's rinshan win)


def collect(record: GameRecord, seat: int) -> tuple[tuple[Decision, ...], tuple[str, ...], bool, int]:
    """Replay ``record`` (every result checked) and collect ``seat``'s decisions: the
    decisions, the hands reviewed, whether the game is complete and how many hands the
    replay reached."""
    collector = _Collector(seat, record.names)
    result = replay(record, on_decision=collector.on_decision, on_round_end=collector.on_round_end)
    return tuple(collector.decisions), tuple(collector.rounds), result.complete, len(result.rounds)
