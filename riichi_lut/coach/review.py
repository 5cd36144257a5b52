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
import operator
import os
from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Union

from ..errors import InvalidArgumentError, LogFormatError, quote
from .review_model import VERDICTS, Decision

if TYPE_CHECKING:  # the game engine loads when a review runs, not with the coach package
    from ..game.record import GameRecord
    from ..game.rules import GameRules

__all__ = ["NOTE", "ONLY", "Decision", "Review", "Summary", "review", "summarize"]

#: The one sentence at the top of every review.
NOTE = (
    "Discards are judged by tile efficiency alone (live acceptance, then the two-step measure),"
    " which says nothing about safety: turns against a riichi or a hand with three open calls are"
    " shown, not judged."
)

#: The decisions ``only`` keeps (:meth:`Review.selected`, ``riichi-lut review --only``):
#: the discards judged a loss, every judged discard, every discard.
ONLY: dict[str, Callable[[Decision], bool]] = {
    "losses": lambda d: d.verdict == "loss",
    "judged": lambda d: d.judged,
    "discards": lambda d: d.kind == "discard",
}

LogLike = Union["GameRecord", str, bytes, "os.PathLike[str]"]
"""What :func:`review` reads: a record, or a log's path, bytes or text."""


@dataclass(frozen=True)
class Summary:
    """The review in figures: ``decisions`` (every kind), ``discards``, ``judged`` (the
    discards with a verdict), ``verdicts`` (count per verdict), ``agreement`` (share of
    judged discards that are ``best`` or ``equal``; ``None`` with none judged),
    ``given_up`` (live tiles given up against the best at the same shanten, in total)
    and ``per_hand`` (by round), ``largest`` (the three judged discards that gave up the
    most live tiles at the same shanten, most first), ``shanten_back`` (judged discards
    that went back a shanten) and ``backs`` (those discards), ``forced`` and ``defence``
    (discards not judged, by reason)."""

    decisions: int
    discards: int
    judged: int
    verdicts: dict[str, int]
    agreement: float | None
    given_up: int
    per_hand: dict[str, int]
    largest: tuple[Decision, ...]
    shanten_back: int
    backs: tuple[Decision, ...]
    forced: int
    defence: int

    def to_dict(self) -> dict[str, Any]:
        """The figures for JSON; each of the largest losses and of the steps back as
        round, turn, played, best, tiles given up, whether it went back and its verdict."""
        return {
            "decisions": self.decisions,
            "discards": self.discards,
            "judged": self.judged,
            "verdicts": dict(self.verdicts),
            "agreement": self.agreement,
            "given_up": self.given_up,
            "per_hand": dict(self.per_hand),
            "largest": [_brief(d) for d in self.largest],
            "shanten_back": self.shanten_back,
            "backs": [_brief(d) for d in self.backs],
            "forced": self.forced,
            "defence": self.defence,
        }


def _brief(d: Decision) -> dict[str, Any]:
    """A judged discard in a line of the summary."""
    return {
        "round": d.round,
        "turn": d.turn,
        "played": d.played,
        "best": d.best,
        "given_up": d.tiles_given_up,
        "back": d.back,
        "verdict": d.verdict,
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
    losses = [d for d in judged if d.tiles_given_up > 0]
    largest = sorted(losses, key=lambda d: -d.tiles_given_up)[:3]  # stable: the earliest first on a tie
    backs = tuple(d for d in judged if d.back)
    return Summary(
        decisions=len(decisions),
        discards=len(discards),
        judged=len(judged),
        verdicts={v: verdicts[v] for v in VERDICTS},
        agreement=agree / len(judged) if judged else None,
        given_up=sum(per_hand.values()),
        per_hand=per_hand,
        largest=tuple(largest),
        shanten_back=len(backs),
        backs=backs,
        forced=sum(1 for d in discards if d.forced),
        defence=sum(1 for d in discards if d.defence and not d.forced),
    )


@dataclass(frozen=True)
class Review:
    """The review of ``seat`` (``name``) in a game of ``players`` read from ``source``:
    ``decisions`` in game order, the ``summary``, ``rounds`` the hands reviewed,
    ``complete`` whether the game reached its end, ``skipped`` what was not reviewed and
    why (a game cut short, a disconnection: only with ``partial=True``), ``note``, the
    one sentence on what the verdicts mean (:data:`NOTE`), and ``names`` every seat's
    player (``""`` where the log names none)."""

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
    names: tuple[str, ...] = ()

    def selected(self, only: str | None = None) -> tuple[Decision, ...]:
        """The decisions ``only`` keeps (a key of :data:`ONLY`; ``None``: all of them).

        >>> from riichi_lut.game import play_one
        >>> r = review(play_one(["efficiency"] * 4, seed=1, length="one_hand"), 0)
        >>> len(r.selected("losses")) == r.summary.verdicts["loss"] > 0
        True
        >>> r.selected("everything")
        Traceback (most recent call last):
        riichi_lut.errors.InvalidArgumentError: only must be one of losses, judged, discards, got 'everything'
        """
        if only is None:
            return self.decisions
        if only not in ONLY:
            raise InvalidArgumentError.about("only", f"must be one of {', '.join(ONLY)}, got {quote(only)}")
        keep = ONLY[only]
        return tuple(d for d in self.decisions if keep(d))

    def to_dict(self, state: bool = True, only: str | None = None) -> dict[str, Any]:
        """The review for JSON (docs/review.md); ``state=False`` leaves each decision's
        view of the table out (a smaller file); ``only`` keeps some decisions
        (:meth:`selected`; the summary stays the whole game's, ``"only"`` says which)."""
        out = {
            "seat": self.seat,
            "name": self.name,
            "names": list(self.names),
            "players": self.players,
            "source": self.source,
            "note": self.note,
            "complete": self.complete,
            "skipped": list(self.skipped),
            "rounds": list(self.rounds),
            "summary": self.summary.to_dict(),
            "decisions": [d.to_dict(state) for d in self.selected(only)],
        }
        if only is not None:
            out["only"] = only
        return out


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
    try:  # an int, or a numpy integer; never a bool
        if isinstance(seat, bool) or type(seat).__name__ == "bool_":
            raise TypeError
        index = operator.index(seat)  # type: ignore[arg-type]
    except TypeError:
        raise InvalidArgumentError.about(
            "seat", f"must be a seat index or a player's name, got {type(seat).__name__} {quote(seat)}"
        ) from None
    seat = index
    if not 0 <= seat < record.players:
        raise InvalidArgumentError.about(
            "seat", f"={seat} does not exist in this {record.players}-player game (0-{record.players - 1})"
        )
    return seat


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
    # start-up: the game engine loads on the first review
    from ..game.logs import read_log  # noqa: PLC0415
    from ..game.record import GameRecord  # noqa: PLC0415
    from ..game.rules import GameRules  # noqa: PLC0415
    from .review_run import collect  # noqa: PLC0415

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
    decisions, rounds, complete, reached = collect(record, index)
    if not complete:
        where = record.rounds[reached - 1].name if reached else "its first hand"
        if not partial:
            raise LogFormatError(
                f"the log stops in {where}, before the end of the game: review(..., partial=True)"
                " reviews what it holds",
                source=record.source,
            )
        skipped += (f"the log stops in {where}: the game after it is not reviewed",)
    return Review(
        seat=index,
        name=record.names[index] if index < len(record.names) else "",
        players=record.players,
        source=record.source,
        decisions=decisions,
        summary=summarize(decisions, rounds),
        rounds=rounds,
        complete=complete,
        skipped=skipped,
        names=tuple(record.names[s] if s < len(record.names) else "" for s in range(record.players)),
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
