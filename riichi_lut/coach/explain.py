"""The post-hand explainer: what won, how the number was reached, and one
thing to do differently.

Every sentence is rendered from the result's data — yaku rows with their reasons, fu
lines with their codes, the limit, each payment — and the suggestion is computed from
alternatives the final hand allows:

* a different tile kept at tenpai (the final 14 tiles minus another tile) that waits on
  more tiles for at least the same value;
* riichi against dama: the same win with and without riichi;
* for an open hand, what the same tiles would have scored closed (with riichi);
* another winning tile of the same wait that would have scored more.

The suggestion with the largest gain in points wins; when none helps, the explainer says
so and why, in terms of this hand.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from ..analysis.efficiency import UkeireResult, ukeire
from ..core.hand import Hand
from ..core.tiles import KIND_NAMES, format_counts
from ..errors import RiichiLutError
from ..riichi.fu import FuLine, FuReason
from ..riichi.score import ScoreResult, score

#: The English text of every fu reason (``{subject}``: the tile or group of the line).
FU_TEXT: dict[FuReason, str] = {
    FuReason.BASE: "base (futei)",
    FuReason.CLOSED_RON: "closed ron (menzen kafu)",
    FuReason.TSUMO: "tsumo",
    FuReason.WAIT_KANCHAN: "closed wait (kanchan) on {subject}",
    FuReason.WAIT_PENCHAN: "edge wait (penchan) on {subject}",
    FuReason.WAIT_TANKI: "single wait (tanki) on {subject}",
    FuReason.PAIR_DRAGON: "dragon pair {subject}",
    FuReason.PAIR_SEAT_WIND: "seat-wind pair {subject}",
    FuReason.PAIR_ROUND_WIND: "round-wind pair {subject}",
    FuReason.PAIR_DOUBLE_WIND: "double-wind pair {subject}",
    FuReason.OPEN_TRIPLET_SIMPLE: "open triplet of simples {subject}",
    FuReason.OPEN_TRIPLET_TERMINAL_HONOR: "open triplet of terminals/honors {subject}",
    FuReason.CLOSED_TRIPLET_SIMPLE: "closed triplet of simples {subject}",
    FuReason.CLOSED_TRIPLET_TERMINAL_HONOR: "closed triplet of terminals/honors {subject}",
    FuReason.OPEN_KAN_SIMPLE: "open kan of simples {subject}",
    FuReason.OPEN_KAN_TERMINAL_HONOR: "open kan of terminals/honors {subject}",
    FuReason.CLOSED_KAN_SIMPLE: "closed kan of simples {subject}",
    FuReason.CLOSED_KAN_TERMINAL_HONOR: "closed kan of terminals/honors {subject}",
    FuReason.CHIITOITSU: "chiitoitsu (fixed, not rounded)",
    FuReason.OPEN_PINFU_RON: "open all-run hand won by ron (counted as 30)",
}


def fu_text(line: FuLine) -> str:
    """The English text of one fu line.

    >>> fu_text(FuLine(FuReason.CLOSED_TRIPLET_TERMINAL_HONOR, 8, "999p"))
    'closed triplet of terminals/honors 999p'
    """
    return FU_TEXT[line.code].format(subject=line.subject)


def _number(value: int) -> str:
    return f"{value:,}"


def what_won(r: ScoreResult) -> list[str]:
    lines = []
    for y in r.yaku:
        value = (f"{'double ' if y.yakuman == 2 else ''}yakuman") if y.yakuman else f"{y.han} han"
        lines.append(f"- {y.name}, {value}: {y.why}.")
    dora = r.dora
    parts = [
        f"{n} {name}"
        for n, name in ((dora.dora, "dora"), (dora.ura, "ura dora"), (dora.aka, "red five"))
        if n
    ]
    if parts and not r.yakuman:
        lines.append(f"- Dora: {', '.join(parts)} (+{dora.total} han; dora alone never make a win).")
    wait = r.reading.wait.value
    lines.append(f"Read as {r.reading.text()}, completed on {KIND_NAMES[r.reading.win_kind]} ({wait} wait).")
    return lines


def how_counted(r: ScoreResult) -> list[str]:
    lines = []
    if not r.yakuman:
        terms = " + ".join(f"{line.fu} {fu_text(line)}" for line in r.fu_lines)
        raw = sum(line.fu for line in r.fu_lines)
        rounded = "" if r.fu == raw else f", rounded up to {r.fu}"
        lines.append(f"Fu: {terms} = {raw}{rounded}.")
    if r.yakuman:
        lines.append(f"{r.limit.capitalize() if r.limit else 'Yakuman'}: base points {_number(r.base)}.")
    elif r.limit:
        lines.append(f"{r.han} han {r.fu} fu: {r.limit} (base points {_number(r.base)}).")
    else:
        lines.append(f"{r.han} han {r.fu} fu: base points {r.fu} × 2^(2+{r.han}) = {_number(r.base)}.")
    dealer = "dealer" if r.dealer else "non-dealer"
    if r.tsumo:
        shares = ", ".join(f"{p.payer} pays {_number(p.points)}" for p in r.payments)
        lines.append(f"Tsumo by the {dealer}: {shares} (each rounded up to 100).")
    else:
        factor = 6 if r.dealer else 4
        lines.append(
            f"Ron by the {dealer}: the discarder pays base × {factor} = {_number(r.payments[0].points)}"
            " (rounded up to 100)."
        )
    honba = sum(p.honba for p in r.payments)
    extras = []
    if honba:
        extras.append(f"{_number(honba)} for honba")
    if r.riichi_sticks:
        extras.append(f"{_number(r.riichi_sticks)} in riichi sticks")
    tail = f" ({', '.join(extras)} included)" if extras else ""
    lines.append(f"Total received: {_number(r.total)}{tail}.")
    return lines


# --------------------------------------------------------------------------- suggestions


@dataclass(frozen=True)
class Suggestion:
    gain: int
    text: str


def _rescore(
    r: ScoreResult, *, hand: str | Hand | None = None, win_tile: str | int | None = None, **changes: Any
) -> ScoreResult | None:
    """``r``'s win with some facts changed (``Win.replace``), or another hand or winning
    tile, scored again; None when that is no win. Declaring riichi puts the winner's own
    stick on the table, and taking it back takes the stick home."""
    win = r.win
    try:
        if changes:
            declared = bool(
                changes.get("riichi", win.riichi) or changes.get("double_riichi", win.double_riichi)
            )
            if declared != win.in_riichi:
                changes.setdefault("riichi_sticks", win.riichi_sticks + (1 if declared else -1))
            win = win.replace(**changes)
        return score(
            r.situation.hand if hand is None else hand,
            r.situation.win_code if win_tile is None else win_tile,
            win,
            rules=r.situation.context.rules,
        )
    except RiichiLutError:
        return None


def _riichi(r: ScoreResult) -> Suggestion | None:
    c = r.situation.context
    if not c.closed or c.tenhou or c.chiihou or c.renhou:
        return None
    if c.riichi or c.double_riichi:
        dama = _rescore(r, riichi=False, double_riichi=False, ippatsu=False, ura_indicators=[])
        if dama is None:
            return None  # riichi was the only yaku: nothing to say against it
        if dama.points >= r.points:
            return Suggestion(
                0,
                "Riichi added nothing here: dama (no riichi) would have scored the same"
                f" {_number(dama.points)}, keeping your 1,000-point stick and your freedom to fold.",
            )
        return None
    with_riichi = _rescore(r, riichi=True)
    if with_riichi is None or with_riichi.points <= r.points:
        return None
    return Suggestion(
        with_riichi.points - r.points,
        f"Declaring riichi would have made this {_number(with_riichi.points)} instead of"
        f" {_number(r.points)} (+1 han, before any ura dora).",
    )


def _closed(r: ScoreResult) -> Suggestion | None:
    hand = r.situation.hand
    if r.situation.context.closed or not hand.calls:
        return None
    counts = hand.total_counts
    red = hand.total_red
    text = format_counts(counts, red) if sum(counts) == 14 else None
    if text is None:
        return None  # kans: the same tiles cannot be a closed 14-tile hand
    closed = _rescore(r, hand=text, riichi=True)
    if closed is None or closed.points <= r.points:
        return None
    return Suggestion(
        closed.points - r.points,
        f"Closed (no calls) and with riichi, the same tiles would have scored {_number(closed.points)}"
        f" instead of {_number(r.points)}.",
    )


def _with_counts(hand: Hand, counts: list[int]) -> Hand:
    """The hand's calls and red fives (as far as the new counts still hold a five) with
    other concealed counts."""
    red = tuple(min(hand.red[i], counts[five]) for i, five in enumerate((4, 13, 22)))
    return Hand(tuple(counts), red, hand.calls)  # type: ignore[arg-type]


def _waiting(r: ScoreResult) -> tuple[list[int], UkeireResult] | None:
    """The concealed counts before the winning tile and their ukeire (None when the hand
    cannot be analysed that way)."""
    before = list(r.situation.hand.concealed)
    before[r.reading.win_kind] -= 1
    try:
        return before, ukeire(_with_counts(r.situation.hand, before))
    except RiichiLutError:
        return None


def _other_win(r: ScoreResult, before: list[int], waits: UkeireResult) -> Suggestion | None:
    hand = r.situation.hand
    best: tuple[int, str] | None = None
    for tile in waits.accepted:
        if tile.kind == r.reading.win_kind:
            continue
        counts = list(before)
        counts[tile.kind] += 1
        other = _rescore(r, hand=_with_counts(hand, counts), win_tile=tile.kind)
        if other is not None and other.points > r.points and (best is None or other.points > best[0]):
            best = (other.points, tile.tile)
    if best is None:
        return None
    return Suggestion(
        0,
        f"Luck of the draw: the same wait would have paid {_number(best[0])} on {best[1]}"
        f" ({_number(best[0] - r.points)} more).",
    )


def _wider_wait(r: ScoreResult, current: UkeireResult) -> Suggestion | None:
    hand = r.situation.hand
    best: tuple[int, str, str] | None = None
    for keep in range(34):
        if keep == r.reading.win_kind or not hand.concealed[keep]:
            continue
        counts = list(hand.concealed)
        counts[keep] -= 1  # keep the winning tile, let this one go instead
        try:
            option = ukeire(_with_counts(hand, counts))
        except RiichiLutError:
            continue
        if option.shanten != 0 or option.total <= current.total:
            continue
        values = []
        for tile in option.accepted:
            won = list(counts)
            won[tile.kind] += 1
            other = _rescore(r, hand=_with_counts(hand, won), win_tile=tile.kind)
            values.append(other.points if other is not None else 0)
        if min(values) >= r.points and (best is None or option.total > best[0]):
            waits = " ".join(t.tile for t in option.accepted)
            best = (option.total, KIND_NAMES[keep], waits)
    if best is None:
        return None
    return Suggestion(
        1,
        f"Letting {best[1]} go instead would have waited on {best[2]} ({best[0]} tiles against"
        f" {current.total}) for at least the same value.",
    )


def one_thing(r: ScoreResult) -> str:
    if r.reading.form == "kokushi" or r.situation.context.tenhou:
        return "Nothing to change: this hand was as good as it gets."
    candidates = [_riichi(r), _closed(r)]
    waiting = _waiting(r)  # the hand one tile before the win: shared by the two wait checks
    if waiting is not None:
        candidates += [_wider_wait(r, waiting[1]), _other_win(r, *waiting)]
    found = [s for s in candidates if s is not None]
    if not found:
        reasons = ["no other tile kept at tenpai waited wider for the same value"]
        if r.situation.context.closed and not (
            r.situation.context.riichi or r.situation.context.double_riichi
        ):
            reasons.append("riichi would not have raised the score")
        return "Nothing obvious to change: " + "; ".join(reasons) + "."
    return max(found, key=lambda s: s.gain).text


def explain(r: ScoreResult) -> str:
    """Three parts in plain English: what won, how it was counted, one suggestion."""
    parts = [
        "What won:",
        *what_won(r),
        *(f"- Not scored: {note}." for note in r.notes),
        "",
        "How the number was reached:",
        *how_counted(r),
        "",
        "One thing to do differently:",
        one_thing(r),
    ]
    return "\n".join(parts)
