"""The post-hand explainer: what won, how the number was reached, and one
thing to do differently.

Every sentence is rendered from the result's data — yaku rows with their reasons, fu
lines with their codes, the limit, each payment — and the suggestion is computed from
alternatives the final hand allows:

* a different tile kept at tenpai (the final 14 tiles minus another tile, the winning
  tile kept) that waits on more live tiles for at least the same value. The let-go tile
  is then an own discard, and the 13 tiles left always wait on it too (the 14 were
  complete): that hand is furiten, it wins by tsumo only. So the let-go tile is never
  named as a wait, its copies are never counted live (they are visible, as are the
  dora indicators), each wait is valued as a tsumo, and the words say furiten; on a ron
  they also say the suggestion assumes the winning tile (another player's discard) was
  already in hand;
* riichi against dama: the same win with and without riichi;
* for an open hand, what the same tiles would have scored closed (with riichi);
* another winning tile of the same wait that would have scored more.

The suggestion with the largest gain in points wins (a wider wait, being furiten, last on
a tie); when none helps, the explainer says so and why, in terms of this hand.
:func:`suggestion` gives it as data (:class:`Suggestion`: reason code, tiles, waits, live
counts), which :func:`score_report` adds to ``ScoreResult.to_dict()`` with every
alternative weighed: the JSON that ``riichi-lut score --json`` and ``/api/score`` send.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from ..analysis.efficiency import UkeireResult, ukeire
from ..analysis.results import TileLive
from ..core.hand import Hand
from ..core.tiles import KIND_NAMES, format_counts, kind_of
from ..core.visible import Visible
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
        for n, name in (
            (dora.dora, "dora"),
            (dora.ura, "ura dora"),
            (dora.aka, "red five"),
            (dora.kita, "kita (North set aside)"),
        )
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
        found = sum(y.yakuman for y in r.yaku)
        if found > r.yakuman:  # multiple_yakuman off, or RuleSet.yakuman_cap
            rules = r.situation.context.rules
            lines.append(f"{found} yakuman found; the {rules.name} rule set pays at most {r.yakuman}.")
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

#: The reason codes of :class:`Suggestion`, one per kind of advice.
SUGGESTION_CODES = ("wider_wait", "riichi", "dama", "closed", "other_win", "none")


@dataclass(frozen=True)
class Suggestion:
    """The explainer's one thing to do differently, as data (``text`` is what it says).

    - ``code``: one of :data:`SUGGESTION_CODES` — ``"wider_wait"`` (let another tile go
      at tenpai), ``"riichi"`` (declare it), ``"dama"`` (riichi added nothing),
      ``"closed"`` (the same tiles without calls), ``"other_win"`` (another tile of the
      same wait paid more), ``"none"`` (nothing to change).
    - ``let_go``: the tile a ``"wider_wait"`` lets go instead of keeping; ``waits`` and
      ``live`` its waits and the live copies of each, ``total`` their sum and ``against``
      the live total of the wait played. The let-go tile is an own discard: its copies are
      visible, it is never among the waits, and since the 13 tiles left always wait on it
      too (the 14 were complete) the hand is ``furiten``: it wins by tsumo only, and each
      wait is valued as a tsumo. For ``"other_win"``, ``waits`` / ``live`` / ``total``
      are the wait played. Live counts see the final hand, the dora indicators and the
      kita (North tiles set aside in three players); under a three-player rule set the
      waits and live counts are those of the 108-tile set (no 2m-8m).
    - ``win_tile``: for ``"other_win"``, the tile of the same wait that paid more.
    - ``points``: what the alternative is worth (for a wider wait, its lowest win).
    - ``gain``: the points the change adds (0 when the value stays the same); the
      explainer says the suggestion with the largest gain that is not furiten (a wider
      wait, always furiten, is only mentioned: :func:`suggestion`).
    - ``assumes_win_tile_held``: the suggestion keeps the winning tile, which on a ron was
      another player's discard: it imagines that tile already in hand, and says so.
    """

    code: str
    text: str
    gain: int = 0
    points: int | None = None
    let_go: str | None = None
    waits: tuple[str, ...] = ()
    live: tuple[int, ...] = ()
    total: int | None = None
    against: int | None = None
    win_tile: str | None = None
    furiten: bool = False
    assumes_win_tile_held: bool = False

    def to_dict(self) -> dict[str, Any]:
        """JSON-ready: every field (tiles in notation)."""
        return {
            "code": self.code,
            "text": self.text,
            "gain": self.gain,
            "points": self.points,
            "let_go": self.let_go,
            "waits": list(self.waits),
            "live": list(self.live),
            "total": self.total,
            "against": self.against,
            "win_tile": self.win_tile,
            "furiten": self.furiten,
            "assumes_win_tile_held": self.assumes_win_tile_held,
        }


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
                # (a double ron's second winner has no stick left on the table: none to take)
                changes.setdefault("riichi_sticks", max(win.riichi_sticks + (1 if declared else -1), 0))
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
        dama = _rescore(
            r, riichi=False, double_riichi=False, ippatsu=False, open_riichi=False, ura_indicators=[]
        )
        if dama is None:
            return None  # riichi was the only yaku: nothing to say against it
        if dama.points >= r.points:
            return Suggestion(
                "dama",
                "Riichi added nothing here: dama (no riichi) would have scored the same"
                f" {_number(dama.points)}, keeping your 1,000-point stick and your freedom to fold.",
                points=dama.points,
            )
        return None
    with_riichi = _rescore(r, riichi=True)
    if with_riichi is None or with_riichi.points <= r.points:
        return None
    return Suggestion(
        "riichi",
        f"Declaring riichi would have made this {_number(with_riichi.points)} instead of"
        f" {_number(r.points)} (+1 han, before any ura dora).",
        gain=with_riichi.points - r.points,
        points=with_riichi.points,
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
        "closed",
        f"Closed (no calls) and with riichi, the same tiles would have scored {_number(closed.points)}"
        f" instead of {_number(r.points)}.",
        gain=closed.points - r.points,
        points=closed.points,
    )


def _with_counts(hand: Hand, counts: list[int]) -> Hand:
    """The hand's calls and red fives (as far as the new counts still hold a five) with
    other concealed counts."""
    red = tuple(min(hand.red[i], counts[five]) for i, five in enumerate((4, 13, 22)))
    return Hand(tuple(counts), red, hand.calls)  # type: ignore[arg-type]


_NORTH = KIND_NAMES.index("4z")


def _table(r: ScoreResult) -> list[int]:
    """34 counts of the tiles face up on the table that the explainer knows of: the dora
    indicators and, in three players, the North tiles the winner set aside (kita); the
    hand and its calls count as held."""
    counts = [0] * 34
    for code in r.win.dora_indicators:
        counts[kind_of(code)] += 1
    counts[_NORTH] += r.win.kita
    return counts


def _players(r: ScoreResult) -> int:
    """The players of the win's rule set (3 or 4): the waits and live counts are those of
    its tile set (three players: no 2m-8m)."""
    return r.situation.context.rules.players


def _waiting(r: ScoreResult) -> tuple[list[int], UkeireResult] | None:
    """The concealed counts before the winning tile and their ukeire, the dora indicators
    visible (None when the hand cannot be analysed that way)."""
    before = list(r.situation.hand.concealed)
    before[r.reading.win_kind] -= 1
    try:
        hand = _with_counts(r.situation.hand, before)
        return before, ukeire(hand, Visible(dora_indicators=_table(r)), players=_players(r))
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
        "other_win",
        f"Luck of the draw: the same wait would have paid {_number(best[0])} on {best[1]}"
        f" ({_number(best[0] - r.points)} more).",
        points=best[0],
        waits=tuple(t.tile for t in waits.accepted),
        live=tuple(t.live for t in waits.accepted),
        total=waits.total,
        win_tile=best[1],
    )


def _wider_wait(r: ScoreResult, current: UkeireResult) -> Suggestion | None:
    """Keep the winning tile and let another go: a tenpai that waits on more live tiles,
    every wait worth at least this win.

    The let-go tile is then an own discard, and the 13 tiles left always wait on it too
    (the 14 were complete): the hand is furiten, it can win by tsumo only. So the let-go
    tile is never among the waits and its copies are never live (they are visible), every
    wait is valued as a tsumo, and the words say furiten."""
    hand = r.situation.hand
    win_kind = r.reading.win_kind
    table = _table(r)
    as_tsumo = {"tsumo": True, "houtei": False, "chankan": False, "renhou": False}
    best: tuple[int, int, tuple[TileLive, ...], int] | None = None  # total, let go, waits, points
    for keep in range(34):
        if keep == win_kind or not hand.concealed[keep]:
            continue
        counts = list(hand.concealed)
        counts[keep] -= 1  # keep the winning tile, let this one go instead
        own = [0] * 34
        own[keep] = 1
        try:
            seen = Visible(dora_indicators=table, own_discards=own)
            option = ukeire(_with_counts(hand, counts), seen, players=_players(r))
        except RiichiLutError:
            continue
        waits = tuple(t for t in option.accepted if t.kind != keep and t.live)
        total = sum(t.live for t in waits)
        if option.shanten != 0 or total <= current.total or (best is not None and total <= best[0]):
            continue
        values = []
        for tile in waits:
            won = list(counts)
            won[tile.kind] += 1
            other = _rescore(r, hand=_with_counts(hand, won), win_tile=tile.kind, **as_tsumo)
            values.append(other.points if other is not None else 0)
        if min(values) >= r.points:
            best = (total, keep, waits, min(values))
    if best is None:
        return None
    total, keep, waits, points = best
    ron = not r.tsumo
    held, let_go = KIND_NAMES[win_kind], KIND_NAMES[keep]
    lead = (
        f"Had the {held} you won on by ron already been in your hand (an assumption: it was"
        f" another player's discard), letting {let_go} go instead"
        if ron
        else f"Keeping the {held} and letting {let_go} go instead"
    )
    names = " ".join(t.tile for t in waits)
    return Suggestion(
        "wider_wait",
        f"{lead} would have waited on {names}, {total} live tiles against your {current.total}, for"
        f" at least the same value; but furiten ({let_go} your own discard): by tsumo only, where"
        " your wait could also win by ron.",
        gain=0,
        points=points,
        let_go=let_go,
        waits=tuple(t.tile for t in waits),
        live=tuple(t.live for t in waits),
        total=total,
        against=current.total,
        furiten=True,
        assumes_win_tile_held=ron,
    )


def suggestions(r: ScoreResult) -> tuple[Suggestion, ...]:
    """Every alternative the explainer found for the win ``r``, best first (largest
    ``gain``; on a tie a wider wait, which is furiten, last); empty when none helps.

    >>> from riichi_lut.riichi import score
    >>> r = score("234m456p678s22345s", "5s", tsumo=False, seat_wind="S", round_wind="E")
    >>> [s.code for s in suggestions(r)]
    ['riichi']
    """
    if r.reading.form == "kokushi" or r.situation.context.tenhou:
        return ()
    candidates = [_riichi(r), _closed(r)]
    waiting = _waiting(r)  # the hand one tile before the win: shared by the two wait checks
    if waiting is not None:
        candidates += [_wider_wait(r, waiting[1]), _other_win(r, *waiting)]
    found = [s for s in candidates if s is not None]
    return tuple(sorted(found, key=lambda s: (-s.gain, s.code == "wider_wait")))


def suggestion(r: ScoreResult, found: tuple[Suggestion, ...] | None = None) -> Suggestion:
    """The one thing to do differently after the win ``r``, as data: the first of
    :func:`suggestions` (``found``, when the caller has them) that is not furiten, or code
    ``"none"`` saying why nothing helps (the last part of :func:`explain`;
    ``score_report(r)["suggestion"]`` is its ``to_dict()``).

    A wider wait is always furiten (the tile it lets go completes the 13 tiles kept), so it
    can win by tsumo only where the wait played could also win by ron: a strong player
    keeps the wait that can ron. It is therefore never the thing said; when it is the only
    alternative, the ``"none"`` text names it and why it is no better (the data stays in
    :func:`suggestions`, and in ``score_report(r)["alternatives"]``).

    >>> from riichi_lut.riichi import score
    >>> s = suggestion(score("234m456p678s22345s", "5s", tsumo=False, seat_wind="S", round_wind="E"))
    >>> s.code, s.points, s.gain
    ('riichi', 3900, 1900)
    """
    if r.reading.form == "kokushi" or r.situation.context.tenhou:
        return Suggestion("none", "Nothing to change: this hand was as good as it gets.")
    found = suggestions(r) if found is None else found
    said = next((s for s in found if not s.furiten), None)
    if said is not None:
        return said
    wider = next((s for s in found if s.furiten), None)
    if wider is None:
        reasons = ["no other tile kept at tenpai waited wider for the same value"]
    else:
        reasons = [
            f"letting {wider.let_go} go would have waited on {' '.join(wider.waits)} ({wider.total}"
            f" live tiles against your {wider.against}), but furiten ({wider.let_go} your own"
            " discard): by tsumo only, where your wait could also win by ron"
        ]
    if r.situation.context.closed and not (r.situation.context.riichi or r.situation.context.double_riichi):
        reasons.append("riichi would not have raised the score")
    return Suggestion("none", "Nothing obvious to change: " + "; ".join(reasons) + ".")


def one_thing(r: ScoreResult) -> str:
    """The text of :func:`suggestion`."""
    return suggestion(r).text


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


def score_report(r: ScoreResult) -> dict[str, Any]:
    """The full report of the win ``r`` for JSON: ``r.to_dict()`` (the data of the score)
    with the explainer's ``"suggestion"`` (:func:`suggestion`) and every ``"alternatives"``
    it weighed (:func:`suggestions`), as ``riichi-lut score --json`` and ``/api/score``
    send it. The alternatives are scored again, so this costs more than ``to_dict()``.

    >>> from riichi_lut.riichi import score
    >>> r = score("234m456p678s22345s", "5s", tsumo=False, seat_wind="S", round_wind="E")
    >>> report = score_report(r)
    >>> report["suggestion"]["code"], [a["code"] for a in report["alternatives"]]
    ('riichi', ['riichi'])
    >>> {k: v for k, v in report.items() if k not in ("suggestion", "alternatives")} == r.to_dict()
    True
    """
    found = suggestions(r)
    return {
        **r.to_dict(),
        "suggestion": suggestion(r, found).to_dict(),
        "alternatives": [alternative.to_dict() for alternative in found],
    }
