"""How each hand ended for the reviewed seat (:mod:`riichi_lut.coach.review`): its win
with the explainer's three parts, a deal-in with the winner's hand as scored, a draw
with tenpai or noten and the live winning tiles. The words are the explainer's
(:mod:`riichi_lut.coach.explain`) and the hint engine's acceptance.
"""

from __future__ import annotations

from typing import Any

from ..analysis.efficiency import ukeire
from ..core.tiles import tile_name
from ..game.outcome import WinOutcome
from ..game.table import Table
from .explain import explain, how_counted, suggestion, what_won
from .review_model import Decision
from .review_state import seat_hand, visible_to
from .words import shanten_words

__all__ = ["round_end_decisions"]


def _score_facts(win: WinOutcome) -> dict[str, Any]:
    r = win.result
    return {
        "winner": win.seat,
        "from": win.from_seat,
        "tsumo": win.seat == win.from_seat,
        "hand": r.situation.hand.to_text(),
        "tile": tile_name(r.situation.win_code),
        "han": r.han,
        "fu": r.fu,
        "points": r.points,
        "yaku": [y.name for y in r.yaku],
        "limit": r.limit,
        "deltas": list(win.deltas),
    }


def _win(win: WinOutcome, name: str, turn: int) -> Decision:
    facts = {**_score_facts(win), "suggestion": suggestion(win.result).to_dict()}
    return Decision("win", name, turn, played=facts["tile"], why=explain(win.result), facts=facts)


def _deal_in(win: WinOutcome, name: str, turn: int, names: tuple[str, ...]) -> Decision:
    facts = _score_facts(win)
    who = names[win.seat] if win.seat < len(names) else f"seat {win.seat}"
    lines = [
        f"Dealt in: {who} (seat {win.seat}) won by ron on {facts['tile']} with {facts['hand']}"
        f" for {facts['points']:,} points.",
        *what_won(win.result),
        *how_counted(win.result),
    ]
    return Decision("deal_in", name, turn, played=facts["tile"], why="\n".join(lines), facts=facts)


def _draw(table: Table, seat: int, name: str, turn: int) -> Decision:
    """Tenpai or noten at a draw, the live winning tiles; a hand of 14 tiles (the seat that
    declared nine terminals) has no wait to tell."""
    outcome = table.outcome
    assert outcome is not None
    me = table.seats[seat]
    facts: dict[str, Any] = {"draw": outcome.kind, "deltas": list(outcome.deltas)}
    if me.concealed_count + 3 * len(me.melds) != 13:
        why = f"The hand ended in a draw ({outcome.kind.replace('_', ' ')})."
        return Decision("draw", name, turn, why=why, facts=facts)
    report = ukeire(seat_hand(table, seat), visible_to(table, seat), players=table.players)
    facts.update(shanten=report.shanten, tenpai=report.shanten == 0, furiten=report.furiten)
    if report.shanten == 0:
        waits = [t.to_dict() for t in report.accepted]
        facts["waits"] = waits
        listed = " ".join(f"{w['tile']} ({w['live']} live)" for w in waits)
        state = f"tenpai, waiting on {listed}: {report.total} live tiles"
        if report.furiten:
            state += ", furiten"
    else:
        state = f"noten ({shanten_words(report.shanten)})"
    why = f"The hand ended in a draw ({outcome.kind.replace('_', ' ')}): {state}."
    return Decision(
        "draw", name, turn, played_shanten=report.shanten, played_live=report.total, why=why, facts=facts
    )


def round_end_decisions(table: Table, seat: int, name: str, names: tuple[str, ...]) -> list[Decision]:
    """What the end of the hand on ``table`` was for ``seat``: its wins, its deal-ins, or
    the draw (an opponent's win off another seat adds nothing)."""
    outcome = table.outcome
    assert outcome is not None
    turn = len(table.seats[seat].river) + 1
    out: list[Decision] = []
    for win in outcome.wins:
        if win.seat == seat:
            out.append(_win(win, name, turn))
        elif win.from_seat == seat and win.seat != seat:
            out.append(_deal_in(win, name, turn, names))
    if outcome.kind != "win":
        out.append(_draw(table, seat, name, turn))
    return out
