"""The review of one seat's game: every decision it made, in game order, with what it
could see and, for each discard, the hint engine's best option beside it.

:func:`review` replays a game (:func:`riichi_lut.game.replay.replay`, every result
checked) and stops at each decision of the seat. A discard is judged
(:mod:`riichi_lut.coach.review_model`: ``best``, ``equal``, ``close``, ``loss``); a
riichi, a call, a kan, a pass on a call and a declined win are shown as facts, not
judged; a discard under riichi is forced, and a discard while an opponent is in riichi
or has three open calls is defence: both shown, not judged, because tile efficiency says
nothing about safety. Each win comes with the explainer, each deal-in with the winner's
hand as scored, each draw with tenpai or noten and the live winning tiles. docs/review.md
describes it all, the JSON (:meth:`Review.to_dict`) included.

>>> from riichi_lut.game import play_one
>>> r = review(play_one(["efficiency"] * 3, seed=1, players=3, length="one_hand"), 0)
>>> r.players, r.decisions[0].kind, r.decisions[0].round
(3, 'discard', 'E1-0')
>>> r.summary.discards == sum(1 for d in r.decisions if d.kind == "discard")
True
"""

from __future__ import annotations

import dataclasses
import os
from collections import Counter
from dataclasses import dataclass
from typing import Any

from ..errors import InvalidArgumentError, LogFormatError, quote
from ..game.actions import Action
from ..game.logs import read_log
from ..game.record import GameRecord, round_name
from ..game.replay import replay
from ..game.rules import GameRules
from ..game.table import Table
from .review_ends import round_end_decisions
from .review_model import VERDICTS, Decision
from .review_turns import (
    call_decision,
    discard_decision,
    kan_decision,
    pass_decision,
    riichi_decision,
    riichi_facts,
    tsumo_declined,
)

__all__ = ["NOTE", "Review", "Summary", "review"]

#: The one sentence at the top of every review.
NOTE = (
    "Discards are judged by tile efficiency alone (live acceptance, then the two-step measure),"
    " which says nothing about safety: turns against a riichi or a hand with three open calls are"
    " shown, not judged."
)

LogLike = GameRecord | str | bytes | os.PathLike[str]


@dataclass(frozen=True)
class Summary:
    """The review in figures: ``decisions`` (every kind), ``discards``, ``judged`` (the
    discards with a verdict), ``verdicts`` (count per verdict), ``agreement`` (share of
    judged discards that are ``best`` or ``equal``; ``None`` with none judged),
    ``given_up`` (live tiles given up against the best at the same shanten, in total)
    and ``per_hand`` (by round), ``largest`` (the three largest losses: a step back
    first, then tiles given up), ``shanten_back`` (judged discards that went back),
    ``forced`` and ``defence`` (discards not judged, by reason)."""

    decisions: int
    discards: int
    judged: int
    verdicts: dict[str, int]
    agreement: float | None
    given_up: int
    per_hand: dict[str, int]
    largest: tuple[Decision, ...]
    shanten_back: int
    forced: int
    defence: int

    def to_dict(self) -> dict[str, Any]:
        """The figures for JSON; each of the largest losses as round, turn, played, best,
        tiles given up and whether it went back."""
        return {
            "decisions": self.decisions,
            "discards": self.discards,
            "judged": self.judged,
            "verdicts": dict(self.verdicts),
            "agreement": self.agreement,
            "given_up": self.given_up,
            "per_hand": dict(self.per_hand),
            "largest": [
                {
                    "round": d.round,
                    "turn": d.turn,
                    "played": d.played,
                    "best": d.best,
                    "given_up": d.tiles_given_up,
                    "back": d.back,
                    "verdict": d.verdict,
                }
                for d in self.largest
            ],
            "shanten_back": self.shanten_back,
            "forced": self.forced,
            "defence": self.defence,
        }


def summarize(decisions: tuple[Decision, ...], rounds: tuple[str, ...]) -> Summary:
    """The :class:`Summary` of ``decisions``; ``rounds`` every hand reviewed, in order."""
    discards = [d for d in decisions if d.kind == "discard"]
    judged = [d for d in discards if d.judged]
    verdicts = Counter(d.verdict for d in judged)
    agree = verdicts["best"] + verdicts["equal"]
    per_hand = dict.fromkeys(rounds, 0)
    for d in judged:
        per_hand[d.round] = per_hand.get(d.round, 0) + d.tiles_given_up
    losses = [d for d in judged if d.verdict in ("close", "loss")]
    largest = sorted(losses, key=lambda d: (not d.back, -d.tiles_given_up))[:3]
    return Summary(
        decisions=len(decisions),
        discards=len(discards),
        judged=len(judged),
        verdicts={v: verdicts[v] for v in VERDICTS},
        agreement=agree / len(judged) if judged else None,
        given_up=sum(per_hand.values()),
        per_hand=per_hand,
        largest=tuple(largest),
        shanten_back=sum(1 for d in judged if d.back),
        forced=sum(1 for d in discards if d.forced),
        defence=sum(1 for d in discards if d.defence and not d.forced),
    )


@dataclass(frozen=True)
class Review:
    """The review of ``seat`` (``name``) in a game of ``players`` read from ``source``:
    ``decisions`` in game order, the ``summary``, ``rounds`` the hands reviewed,
    ``complete`` whether the game reached its end, ``skipped`` what was not reviewed and
    why (a game cut short, a disconnection: only with ``partial=True``), and ``note``, the
    one sentence on what the verdicts mean (:data:`NOTE`)."""

    seat: int
    name: str
    players: int
    source: str
    decisions: tuple[Decision, ...]
    summary: Summary
    rounds: tuple[str, ...]
    complete: bool
    skipped: tuple[str, ...] = ()
    note: str = NOTE

    def to_dict(self, state: bool = True) -> dict[str, Any]:
        """The review for JSON (docs/review.md); ``state=False`` leaves each decision's
        view of the table out (a smaller file)."""
        return {
            "seat": self.seat,
            "name": self.name,
            "players": self.players,
            "source": self.source,
            "note": self.note,
            "complete": self.complete,
            "skipped": list(self.skipped),
            "rounds": list(self.rounds),
            "summary": self.summary.to_dict(),
            "decisions": [d.to_dict(state) for d in self.decisions],
        }


def _seat_of(record: GameRecord, seat: object) -> int:
    """The seat index of ``seat``: an index of the game or a player's name."""
    names = record.names
    if isinstance(seat, str):
        found = [i for i, n in enumerate(names) if n == seat]
        if len(found) == 1:
            return found[0]
        listed = ", ".join(f"{i}: {quote(n)}" for i, n in enumerate(names))
        if found:
            raise InvalidArgumentError.about(
                "seat", f"{quote(seat)} names seats {found}: give the index instead (players {listed})"
            )
        raise InvalidArgumentError.about(
            "seat", f"{quote(seat)} is not a player of this game (players {listed})"
        )
    if seat.__class__ is not int and not (isinstance(seat, int) and not isinstance(seat, bool)):
        raise InvalidArgumentError.about(
            "seat", f"must be a seat index or a player's name, got {type(seat).__name__} {quote(seat)}"
        )
    assert isinstance(seat, int)
    if not 0 <= seat < record.players:
        raise InvalidArgumentError.about(
            "seat", f"={seat} does not exist in this {record.players}-player game (0-{record.players - 1})"
        )
    return seat


class _Collector:
    """The replay's hooks: each decision of the seat, and each hand's end."""

    def __init__(self, seat: int, names: tuple[str, ...]) -> None:
        self.seat = seat
        self.names = names
        self.decisions: list[Decision] = []
        self.rounds: list[str] = []
        self.riichi_at: int | None = None  # index of a riichi awaiting its discard

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
            self.decisions.append(call_decision(table, self.seat, action, name))

    def on_round_end(self, table: Table) -> None:
        name = self.name(table)
        if not self.rounds or self.rounds[-1] != name:
            self.rounds.append(name)
        self.decisions.extend(round_end_decisions(table, self.seat, name, self.names))


def review(
    record: LogLike, seat: int | str, rules: GameRules | None = None, *, partial: bool = False
) -> Review:
    """Review ``seat`` of the game ``record`` (see the module docstring and docs/review.md).

    ``record``: a :class:`~riichi_lut.game.record.GameRecord`, or anything
    :func:`riichi_lut.game.read_log` reads (a path, the bytes or the text of a Tenhou
    mjlog, a tenhou.net/6 JSON or an mjai JSONL log). ``seat``: the seat index (0 the first
    dealer) or a player's name (``GameRecord.names``). ``rules``: the rules of play to
    replay under (a :class:`~riichi_lut.game.rules.GameRules`), default the log's own.

    Errors (:mod:`riichi_lut.errors`): a log that cannot be read is a ``LogFormatError``;
    a seat that does not exist, a name not in the game (or shared by two seats) an
    ``InvalidArgumentError``; a log whose decisions the rules refuse or whose results
    differ from the engine's an ``IllegalActionError`` or ``ReplayMismatchError``. A game
    the log cuts short, or one where the reviewed seat disconnected (Tenhou's ``BYE``: the
    server then plays its tiles), is a ``LogFormatError`` saying so, unless
    ``partial=True``: then what the log holds is reviewed and ``Review.skipped`` says what
    is missing or suspect.
    """
    if not isinstance(record, GameRecord):
        record = read_log(record)
    if rules is not None:
        if not isinstance(rules, GameRules):
            raise InvalidArgumentError.about(
                "rules", f"must be a GameRules or None, got {type(rules).__name__}"
            )
        record = dataclasses.replace(record, rules=rules)
    index = _seat_of(record, seat)
    skipped = _disconnections(record, index, partial)
    collector = _Collector(index, record.names)
    result = replay(record, on_decision=collector.on_decision, on_round_end=collector.on_round_end)
    if not result.complete:
        where = record.rounds[len(result.rounds) - 1].name if result.rounds else "its first hand"
        if not partial:
            raise LogFormatError(
                f"the log stops in {where}, before the end of the game: review(..., partial=True)"
                " reviews what it holds",
                source=record.source,
            )
        skipped += (f"the log stops in {where}: the game after it is not reviewed",)
    decisions = tuple(collector.decisions)
    rounds = tuple(collector.rounds)
    return Review(
        seat=index,
        name=record.names[index] if index < len(record.names) else "",
        players=record.players,
        source=record.source,
        decisions=decisions,
        summary=summarize(decisions, rounds),
        rounds=rounds,
        complete=result.complete,
        skipped=skipped,
    )


def _disconnections(record: GameRecord, seat: int, partial: bool) -> tuple[str, ...]:
    """What a disconnection of the reviewed seat means for the review (an error unless
    ``partial``); other seats' disconnections change nothing the seat decided."""
    found = record.meta.get("disconnections") or []
    mine = [d for d in found if str(d.get("who")) == str(seat)]
    if not mine:
        return ()
    words = (
        f"seat {seat} disconnected {len(mine)} time(s) (BYE): while away the server discarded for it,"
        " and the log does not say which turns those were"
    )
    if not partial:
        raise LogFormatError(f"{words}; review(..., partial=True) reviews it anyway", source=record.source)
    return (f"{words}: they are reviewed as if chosen",)
