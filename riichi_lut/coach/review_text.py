"""The game review as text: what ``riichi-lut review`` prints (docs/review.md).

A header (who, which game, the one sentence on what the verdicts mean), the summary, then
each hand: a line per decision — the seat's discard number, the kind, for a discard the
played and the best tile, their live acceptance and the verdict — and the words of the
hint engine or the explainer, unchanged. A discard that gives tiles up at the best's
shanten gets a second line with the kinds given up and gained (tenhou.net/2's
comparison); one that goes back a shanten does not (its why says so). Tiles are
mpsz; the command line draws them as Unicode tiles with ``--unicode``.

>>> from riichi_lut.game import play_one
>>> from riichi_lut.coach.review import review
>>> text = review_text(review(play_one(["efficiency"] * 4, seed=3, length="one_hand"), 0))
>>> text.splitlines()[0]
'Review of seat 0, 4 players: play_one(seed=3)'
>>> "Summary" in text and "E1-0" in text
True
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from ..analysis.results import TileLive
from .review import Review, Summary
from .review_model import Decision

__all__ = ["decision_lines", "review_text", "summary_lines"]

#: Width of the kind column: the longest kind, "nine_terminals", is cut to fit.
_KIND = 8
#: The column header of a hand's lines.
_HEADER = f"{'turn':>4} {'kind':<{_KIND}} {'played/best':<11} {'live':<9} {'verdict':<7}"


def _tiles_live(tiles: Sequence[TileLive]) -> str:
    """``2mx4 3zx1``: kinds with their live copies."""
    return " ".join(f"{t.tile}x{t.live}" for t in tiles)


def _percent(value: float | None) -> str:
    return "-" if value is None else f"{round(100 * value)}%"


def summary_lines(summary: Summary) -> list[str]:
    """The summary: counts, verdicts and agreement, tiles given up per hand, the largest
    losses and the steps back."""
    s = summary
    not_judged = f"{s.defence} defence, {s.forced} forced"
    verdicts = ", ".join(f"{v} {n}" for v, n in s.verdicts.items())
    lines = [
        "Summary",
        f"  {s.decisions} decisions, {s.discards} discards: {s.judged} judged ({not_judged})",
        f"  {verdicts}: agreement {_percent(s.agreement)} (best + equal of the judged)",
    ]
    hands = ", ".join(f"{name} {n}" for name, n in s.per_hand.items() if n)
    hands = f" ({hands})" if hands else ""
    lines.append(f"  live tiles given up at the same shanten: {s.given_up}{hands}")
    if s.largest:
        lines.append("  largest losses:")
        lines += [
            f"    {d.round} turn {d.turn}: {d.played} where {d.best} keeps {d.best_live} live tiles"
            f" against {d.played_live} ({d.tiles_given_up} given up)"
            for d in s.largest
        ]
    lines.append(f"  steps back in shanten: {s.shanten_back}")
    lines += [
        f"    {d.round} turn {d.turn}: {d.played} ({d.played_shanten}-shanten after it) where {d.best}"
        f" stays {d.best_shanten}-shanten"
        for d in s.backs
    ]
    return lines


def _column(d: Decision) -> str:
    """The figures of a decision's line before its words."""
    kind = d.kind[:_KIND].ljust(_KIND)
    if d.kind == "discard":
        mark = d.verdict or ("forced" if d.forced else "defence")
        tiles = f"{d.played:>2} / {d.best:<2}"
        live = f"{d.played_live:>2} / {d.best_live:<2}"
        return f"{d.turn:>4} {kind} {tiles:<11} {live:<9} {mark:<7} "
    return f"{d.turn:>4} {kind} {d.played or '':<29} "


def decision_lines(d: Decision) -> list[str]:
    """A decision in lines: its figures and words; a multi-line why (the explainer's)
    indented under them; for a discard that gives tiles up, what it gives up and gains."""
    head, *rest = d.why.splitlines() or [""]
    lines = [(_column(d) + head).rstrip()]
    pad = " " * 14
    lines += [(pad + line).rstrip() for line in rest]
    # a step back: the two accept tiles at different shanten, not to be compared tile by tile
    if d.kind == "discard" and not d.back and (d.given_up or d.gained):
        parts = []
        if d.given_up:
            parts.append(f"gives up {_tiles_live(d.given_up)}")
        if d.gained:
            parts.append(f"gains {_tiles_live(d.gained)}")
        lines.append(pad + "; ".join(parts))
    return lines


def _by_round(decisions: Iterable[Decision]) -> dict[str, list[Decision]]:
    rounds: dict[str, list[Decision]] = {}
    for d in decisions:
        rounds.setdefault(d.round, []).append(d)
    return rounds


def review_text(result: Review, only: str | None = None) -> str:
    """The review as text; ``only`` keeps some decisions (:data:`riichi_lut.coach.review.ONLY`):
    ``"losses"``, ``"judged"`` or ``"discards"``; the summary is always the whole game's."""
    who = f"seat {result.seat}"
    who += f" ({result.name})" if result.name and result.name != who else ""
    lines = [f"Review of {who}, {result.players} players: {result.source}", result.note]
    lines += [f"Not reviewed: {s}" for s in result.skipped]
    lines += ["", *summary_lines(result.summary)]
    shown = result.selected(only)
    if only is not None:
        lines += ["", f"Only {only}: {len(shown)} of {len(result.decisions)} decisions."]
    by_round = _by_round(shown)
    for name in result.rounds if only is None else by_round:
        decisions = by_round.get(name, [])
        lines += ["", name, _HEADER if decisions else "  (the hand ended before the seat's first decision)"]
        for d in decisions:
            lines += decision_lines(d)
    return "\n".join(lines) + "\n"
