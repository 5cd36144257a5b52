"""The reviewed seat's decisions during a hand (:mod:`riichi_lut.coach.review`): a discard
judged against the hint engine's best legal option, and the facts of a riichi, a call, a
kan, a pass on a call or a declined win.

Ranking and words are the hint engine's (:func:`riichi_lut.coach.hints.hint`, its
:func:`~riichi_lut.coach.hints.comparison` and reason codes): nothing here ranks a
discard or words a reason of its own.
"""

from __future__ import annotations

import dataclasses
from typing import Any

from ..analysis.acceptance import bits
from ..analysis.results import DiscardOption, TileLive
from ..analysis.shanten import shanten_value
from ..core.calls import Call, CallType
from ..core.hand import Hand
from ..core.tiles import DRAGON_KINDS, WIND_KINDS, is_red, kind_of, tile_name
from ..core.winds import WIND_INDEX
from ..errors import RiichiLutError
from ..game.actions import Action
from ..game.table import Table
from ..riichi.score import score
from ..riichi.win import Win
from .hints import Hint, comparison, hint
from .hints import _values as option_values
from .review_model import DEFENCE_WORDS, FORCED_WORDS, Decision, verdict_of
from .review_state import seat_hand, snapshot, threats, visible_to
from .review_yaku import Reachable, reachable_yaku
from .words import Code, Reason, reach_words, render, shanten_words

__all__ = [
    "after_call",
    "call_decision",
    "discard_decision",
    "kan_decision",
    "pass_decision",
    "reachable_after_call",
    "riichi_decision",
    "riichi_facts",
    "ron_has_yaku",
    "tsumo_declined",
    "turn_of",
]


def turn_of(table: Table, seat: int) -> int:
    """The seat's discard number in the hand that a decision now belongs to."""
    return len(table.seats[seat].river) + 1


def _option_of(options: tuple[DiscardOption, ...], tile: int) -> DiscardOption:
    kind, red = kind_of(tile), is_red(tile)
    return next(o for o in options if o.kind == kind and o.red == red)


def _legal_discards(table: Table, seat: int) -> set[tuple[int, bool]]:
    return {
        (kind_of(a.tile), is_red(a.tile))
        for a in table.legal_actions(seat)
        if a.type == "discard" and a.tile is not None
    }


def _why(advice: Hint, best: DiscardOption, played: DiscardOption, allowed: list[DiscardOption]) -> str:
    """The engine's words: its own hint when its first option is the best and was played;
    else the best's figures and why it ranks above the played discard (or above the next
    legal option, when the engine's first choice is not allowed now)."""
    if best is advice.options[0] and played is best:
        return advice.why
    head = Reason(Code.DISCARD, {"tile": best.tile, **option_values(best)})
    if played is not best:
        return render((head, comparison(best, played)))
    rest = [o for o in allowed if o is not best]
    return render((head, comparison(best, rest[0]))) if rest else render((head, Reason(Code.ONLY_ONE)))


def _against(best: DiscardOption, played: DiscardOption) -> tuple[tuple[TileLive, ...], tuple[TileLive, ...]]:
    """The kinds the best accepts and the played discard does not, and the reverse."""
    live = played.live
    given = tuple(TileLive(k, live[k]) for k in bits(best.mask & ~played.mask))
    gained = tuple(TileLive(k, live[k]) for k in bits(played.mask & ~best.mask))
    return given, gained


def discard_decision(table: Table, seat: int, action: Action, name: str, declares: bool) -> Decision:
    """The seat's discard ``action`` now, judged (see :mod:`riichi_lut.coach.review_model`)."""
    me = table.seats[seat]
    players = table.players
    tile = action.tile
    assert tile is not None
    advice = hint(seat_hand(table, seat), visible_to(table, seat), players=players)
    options = advice.options
    legal = _legal_discards(table, seat)
    allowed = [o for o in options if (o.kind, o.red) in legal] or list(options)
    best = allowed[0]
    played = _option_of(options, tile)
    forced = me.riichi
    threat = () if forced else threats(table, seat)
    judged = not forced and not threat
    same = (played.dead, played.shanten, played.furiten) == (best.dead, best.shanten, best.furiten)
    verdict = verdict_of(same_standing=same, played=played.total, best=best.total, first=played is best)
    why = _why(advice, best, played, allowed)
    if forced:
        why = f"{FORCED_WORDS}. {why}"
    elif threat:
        why = f"{DEFENCE_WORDS} ({', '.join(threat)}). {why}"
    given, gained = _against(best, played)
    facts: dict[str, Any] = {"options": len(allowed), "tsumogiri": bool(action.tsumogiri)}
    if played.shanten == 0:
        riichi = me.riichi or declares
        facts["waits"] = [
            {**t.to_dict(), "ron_yaku": ron_has_yaku(table, seat, tile, t.kind, riichi)}
            for t in played.accepted
        ]
    return Decision(
        "discard",
        name,
        turn_of(table, seat),
        played=tile_name(tile),
        best=best.tile,
        shanten_before=shanten_value(me.kinds(), len(me.melds), players),
        played_shanten=played.shanten,
        best_shanten=best.shanten,
        played_live=played.total,
        best_live=best.total,
        verdict=verdict if judged else None,
        why=why,
        given_up=given,
        gained=gained,
        played_accepts=played.accepted,
        best_accepts=best.accepted,
        back=played.shanten_back,
        furiten=played.furiten,
        dead=played.dead,
        forced=forced,
        defence=threat,
        declares_riichi=declares,
        facts=facts,
        state=snapshot(table, seat),
    )


def ron_has_yaku(table: Table, seat: int, discard: int, wait: int, riichi: bool) -> bool:
    """Whether a ron on ``wait`` would have a yaku once ``discard`` is gone (a closed hand
    always has one by tsumo: menzen tsumo). Dora never make a yaku, so none are given."""
    me = table.seats[seat]
    codes = me.codes()
    codes.remove(discard)
    hand = Hand.from_codes([*codes, wait], [m.to_call() for m in me.melds])
    try:
        win = Win(tsumo=False, seat_wind=table.seat_wind(seat), round_wind=table.round_wind, riichi=riichi)
        score(hand, wait, win, rules=table.rules.scoring)
    except RiichiLutError:  # no yaku (NotAWinError), or a shape the scorer refuses
        return False
    return True


def after_call(call: Decision, discard: Decision) -> Decision:
    """The call completed by the discard that follows it: at tenpai, whether a ron on its
    waits has a yaku (``ron_yaku``; ``None`` before tenpai). Whether a yaku remains
    reachable at all (``yaku``, ``reachable``) is the call's own fact
    (:func:`reachable_after_call`)."""
    waits = discard.facts.get("waits")
    if not waits:
        return call
    good = [w["tile"] for w in waits if w["ron_yaku"]]
    if len(good) == len(waits):
        words = "tenpai after it, and a ron on every wait has a yaku"
    elif good:
        words = f"tenpai after it; a ron has a yaku only on {' '.join(good)}"
    else:
        words = "tenpai after it, but a ron on its waits has no yaku"
    facts = {**call.facts, "ron_yaku": bool(good)}
    why = f"{call.why.removesuffix(' Not judged.').removesuffix('.')}; {words}. Not judged."
    return dataclasses.replace(call, why=why, facts=facts)


def riichi_facts(riichi: Decision, discard: Decision) -> Decision:
    """The riichi decision completed by the discard that declares it: the wait, its live
    tiles, furiten; riichi itself is a yaku, so one remains."""
    waits = discard.facts.get("waits", [])
    words = " ".join(w["tile"] for w in waits) or "nothing"
    state = "furiten: it can win only by tsumo" if discard.furiten else "not furiten"
    dead = "; the wait is dead (every copy is visible)" if discard.dead else ""
    why = (
        f"Riichi with {discard.played}: waiting on {words} ({discard.played_live} live tiles), {state}{dead};"
        " riichi is itself a yaku. Not judged."
    )
    facts = {**riichi.facts, "discard": discard.played, "waits": waits, "yaku": True}
    return Decision(
        "riichi",
        riichi.round,
        riichi.turn,
        played=discard.played,
        shanten_before=riichi.shanten_before,
        played_shanten=discard.played_shanten,
        played_live=discard.played_live,
        why=why,
        furiten=discard.furiten,
        dead=discard.dead,
        defence=riichi.defence,
        facts=facts,
        state=riichi.state,
    )


def riichi_decision(table: Table, seat: int, name: str) -> Decision:
    """The declaration, before its discard is known (:func:`riichi_facts` completes it)."""
    me = table.seats[seat]
    return Decision(
        "riichi",
        name,
        turn_of(table, seat),
        shanten_before=shanten_value(me.kinds(), len(me.melds), table.players),
        defence=threats(table, seat),
        state=snapshot(table, seat),
    )


def _shanten_13(table: Table, seat: int) -> int:
    me = table.seats[seat]
    return shanten_value(me.kinds(), len(me.melds), table.players)


def _after_call(table: Table, seat: int, action: Action) -> int:
    """The shanten the hand reaches with the call and its best discard (the 14 tiles'
    shanten)."""
    me = table.seats[seat]
    kinds = me.kinds()
    for tile in action.consumed:
        kinds[kind_of(tile)] -= 1
    return shanten_value(kinds, len(me.melds) + 1, table.players)


def _call_words(action: Action, tile: int | None) -> str:
    tiles = " ".join(tile_name(t) for t in action.consumed)
    return f"{action.type} {tile_name(tile) if tile is not None else ''} with {tiles}".replace("  ", " ")


def call_decision(table: Table, seat: int, action: Action, name: str) -> Decision:
    """A chi, pon or open kan on another seat's discard: the facts, not judged."""
    claim = table.claim
    assert claim is not None
    before, after = _shanten_13(table, seat), _after_call(table, seat, action)
    offered = sorted({a.type for a in claim.options.get(seat, ())} - {action.type, "pass"})
    called = _call_words(action, claim.tile)
    reachable = reachable_after_call(table, seat, action)
    named = [(r.name[0].lower() + r.name[1:], r.shanten) for r in reachable]
    why = (
        f"Called {called} from seat {claim.discarder}: {_shanten_change(before, after)}"
        f"{_declined_words(offered)}; {reach_words(named)}. Not judged."
    )
    return Decision(
        "call",
        name,
        turn_of(table, seat),
        played=called,
        shanten_before=before,
        played_shanten=after,
        why=why,
        defence=threats(table, seat),
        facts={
            "call": action.type,
            "tile": tile_name(claim.tile),
            "from": claim.discarder,
            "declined": offered,
            "yakuhai": action.type != "chi" and kind_of(claim.tile) in _value_honours(table, seat),
            "yaku": bool(reachable),
            "reachable": [r.to_dict() for r in reachable],
            "ron_yaku": None,
        },
        state=snapshot(table, seat),
    )


def reachable_after_call(table: Table, seat: int, action: Action) -> tuple[Reachable, ...]:
    """The yaku the seat's hand can still reach once ``action`` (a chi, pon or open kan of
    the claimed tile) is made, nearest first
    (:func:`~riichi_lut.coach.review_yaku.reachable_yaku`, copies capped by what the seat
    sees). The shanten is counted after the call and its discard (an open kan's before
    its replacement draw), so never below tenpai."""
    claim = table.claim
    assert claim is not None
    me = table.seats[seat]
    codes = me.codes()
    for tile in action.consumed:
        codes.remove(tile)
    call = Call(CallType(action.type), (*action.consumed, claim.tile))
    hand = Hand.from_codes(codes, [*(m.to_call() for m in me.melds), call])
    seen = visible_to(table, seat).counts()
    seen[kind_of(claim.tile)] -= 1  # the claimed tile leaves the river for the call
    found = reachable_yaku(
        hand,
        visible=seen,
        seat_wind=table.seat_wind(seat),
        round_wind=table.round_wind,
        rules=table.rules.scoring,
    )
    return tuple(dataclasses.replace(r, shanten=max(r.shanten, 0)) for r in found)


def _value_honours(table: Table, seat: int) -> tuple[int, ...]:
    """The honour kinds whose set is a yaku for ``seat``: the dragons, its seat wind and
    the round wind."""
    seat_wind, round_wind = WIND_INDEX[table.seat_wind(seat)], WIND_INDEX[table.round_wind]
    return (*DRAGON_KINDS, WIND_KINDS[seat_wind], WIND_KINDS[round_wind])


def _shanten_change(before: int, after: int) -> str:
    return f"{shanten_words(before)} before, {shanten_words(after)} after the call and the best discard"


def _declined_words(declined: list[str]) -> str:
    return f"; declined: {', '.join(declined)}" if declined else ""


def pass_decision(table: Table, seat: int, name: str) -> Decision:
    """A pass on a discard (or an added kan's tile) the seat could call or win on."""
    claim = table.claim
    assert claim is not None
    offered = claim.options.get(seat, ())
    declined = sorted({a.type for a in offered} - {"pass"})
    now = _shanten_13(table, seat)
    reach = {a.type: _after_call(table, seat, a) for a in offered if a.type in ("chi", "pon", "open_kan")}
    parts = [f"{k} would reach {shanten_words(v)}" for k, v in reach.items()]
    if "ron" in declined:
        parts.insert(0, f"ron on {tile_name(claim.tile)} was possible")
    why = f"Passed on {tile_name(claim.tile)} from seat {claim.discarder} at {shanten_words(now)}"
    why += (": " + "; ".join(parts) if parts else "") + ". Not judged."
    return Decision(
        "pass",
        name,
        turn_of(table, seat),
        played="pass",
        shanten_before=now,
        why=why,
        defence=threats(table, seat),
        facts={
            "tile": tile_name(claim.tile),
            "from": claim.discarder,
            "declined": declined,
            "shanten_after_call": reach,
        },
        state=snapshot(table, seat),
    )


def tsumo_declined(table: Table, seat: int, name: str) -> Decision:
    """The seat could declare tsumo and played on."""
    drawn = table.seats[seat].drawn
    why = f"Tsumo on {tile_name(drawn) if drawn is not None else '?'} was possible; played on. Not judged."
    return Decision(
        "pass",
        name,
        turn_of(table, seat),
        played="pass",
        shanten_before=-1,
        why=why,
        facts={"declined": ["tsumo"]},
        state=snapshot(table, seat),
    )


def kan_decision(table: Table, seat: int, action: Action, name: str) -> Decision:
    """A closed or added kan, or a kita: the facts, not judged."""
    me = table.seats[seat]
    kinds = me.kinds()
    before = shanten_value(kinds, len(me.melds), table.players)
    tile = action.tile
    assert tile is not None
    if action.type == "closed_kan":
        kinds[kind_of(tile)] -= 4
        after = shanten_value(kinds, len(me.melds) + 1, table.players)
    else:  # an added kan or a kita takes one tile: the 13 left with the same calls
        kinds[kind_of(tile)] -= 1
        after = shanten_value(kinds, len(me.melds), table.players)
    kind = "kita" if action.type == "kita" else "kan"
    words = (
        "Set aside North (kita)"
        if kind == "kita"
        else f"Declared {action.type.replace('_', ' ')} of {tile_name(tile)}"
    )
    why = f"{words}: the hand is {shanten_words(after)} before the replacement draw. Not judged."
    return Decision(
        kind,
        name,
        turn_of(table, seat),
        played=f"{action.type} {tile_name(tile)}",
        shanten_before=before,
        played_shanten=after,
        why=why,
        defence=threats(table, seat),
        facts={"call": action.type, "tile": tile_name(tile)},
        state=snapshot(table, seat),
    )
