"""A :class:`~riichi_lut.riichi.win.Win` put together with a hand and a rule set, checked.

The Win has checked itself (winds, flags, counts, indicators); here come the checks that
need the tiles — the winning tile is held, rinshan needs a kan, riichi a closed hand,
tenhou, chiihou and renhou no calls, no fifth copy across hand and indicators, no more red
fives than the rule set has — and the notes on facts the rule set does not play.
Contradictions raise :class:`~riichi_lut.errors.InvalidSituationError` naming both
(bad-inputs 10–11); tiles that cannot be raise :class:`~riichi_lut.errors.InvalidHandError`.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from ..core.calls import CallType
from ..core.hand import Hand
from ..core.players import check_three_player_counts, check_three_player_hand
from ..core.tiles import KIND_NAMES, RED_FIVE_KINDS, is_red, kind_of
from ..errors import InvalidHandError, InvalidSituationError
from .context import PAARENCHAN_WINS, Context
from .rules import RuleSet
from .win import Win, parse_tile


def dora_of(indicator: int, players: int = 4) -> int:
    """The dora kind an indicator points at: the next number (9 -> 1), the next wind
    (North -> East), the next dragon (red -> white); with ``players=3`` a 1m shows 9m
    (2m-8m are not in the set; 9m shows 1m as in four players).

    >>> dora_of(0), dora_of(0, players=3), dora_of(8, players=3)
    (1, 8, 0)
    """
    kind = kind_of(indicator)
    if players == 3 and kind == 0:
        return 8
    if kind < 27:
        return kind - kind % 9 + (kind % 9 + 1) % 9
    if kind < 31:
        return 27 + (kind - 27 + 1) % 4
    return 31 + (kind - 31 + 1) % 3


@dataclass(frozen=True)
class Situation:
    """Everything score() was told, checked against the hand and the rules: the hand, the
    winning tile's code, the facts of the win (``win``) and what the yaku read of them
    (``context``); ``notes`` name the facts the rule set does not play (they score
    nothing)."""

    hand: Hand
    win_code: int
    context: Context
    win: Win
    notes: tuple[str, ...] = ()

    @property
    def win_kind(self) -> int:
        return kind_of(self.win_code)

    @property
    def dora_indicators(self) -> tuple[int, ...]:
        return self.win.dora_indicators

    @property
    def ura_indicators(self) -> tuple[int, ...]:
        return self.win.ura_indicators

    @property
    def honba(self) -> int:
        return self.win.honba

    @property
    def riichi_sticks(self) -> int:
        return self.win.riichi_sticks


def hand_problem(hand: Hand, win: Win, kita_rinshan: bool = False) -> str | None:
    """What the hand's calls contradict in the facts of the win, or None (the checks that
    need no hand are :func:`riichi_lut.riichi.win.flags_problem`, run by ``Win``).
    ``kita_rinshan``: a kita's replacement tile counts as rinshan (three players)."""
    kita = kita_rinshan and win.kita > 0
    if not hand.calls:
        return (
            "rinshan needs a kan among the calls" + (" (or a kita)" if kita_rinshan else "")
            if win.rinshan and not kita
            else None
        )
    has_kan = kita or any(
        c.type in (CallType.OPEN_KAN, CallType.CLOSED_KAN, CallType.ADDED_KAN) for c in hand.calls
    )
    opened = any(c.is_open for c in hand.calls)
    rules = (
        (win.rinshan and not has_kan, "rinshan needs a kan among the calls"),
        (win.in_riichi and opened, "riichi needs a closed hand (only closed kans allowed)"),
        (win.tenhou or win.chiihou, "tenhou and chiihou allow no calls"),
        (win.renhou, "renhou comes before your first draw: no riichi or calls"),
    )
    return next((message for bad, message in rules if bad), None)


def unplayed(win: Win, rules: RuleSet) -> tuple[str, ...]:
    """The facts of ``win`` that ``rules`` does not play: they score nothing, and the result
    says so (``ScoreResult.notes``) instead of dropping them in silence."""
    return unplayed_notes(
        rules,
        ippatsu=win.ippatsu,
        renhou=win.renhou,
        ura=bool(win.ura_indicators),
        open_riichi=win.open_riichi,
        paarenchan=win.paarenchan,
    )


def unplayed_notes(
    rules: RuleSet, *, ippatsu: bool, renhou: bool, ura: bool, open_riichi: bool = False, paarenchan: int = 0
) -> tuple[str, ...]:
    """The notes on ippatsu, renhou, ura indicators, open riichi and a paarenchan count
    (those given) that ``rules`` does not play; shared by the scalar and the batch scorer
    so that both say it the same way."""
    notes = []
    if ippatsu and not rules.ippatsu:
        notes.append(f"ippatsu: the {rules.name} rule set does not play ippatsu, so it scores nothing")
    if renhou and rules.renhou == "none":
        notes.append(
            f"renhou: the {rules.name} rule set does not count renhou as a yaku, so it scores nothing"
        )
    if ura and not rules.ura_dora:
        notes.append(
            f"ura_indicators: the {rules.name} rule set does not count ura dora, so they score nothing"
        )
    if open_riichi and not rules.open_riichi:
        notes.append(
            f"open_riichi: the {rules.name} rule set does not play open riichi, so it scores as a"
            " plain riichi"
        )
    if paarenchan >= PAARENCHAN_WINS and not rules.paarenchan:
        notes.append(
            f"paarenchan: the {rules.name} rule set does not play paarenchan, so the dealer's"
            f" {paarenchan} consecutive wins score nothing"
        )
    return tuple(notes)


#: The thirteen terminal and honor kinds of thirteen orphans (kokushi musou).
ORPHANS = (0, 8, 9, 17, 18, 26, *range(27, 34))


def is_kokushi(hand: Hand) -> bool:
    """The 14 tiles are thirteen orphans: no calls, every terminal and honor kind, nothing
    else (the one shape that may rob a closed kan)."""
    counts = hand.concealed
    return (
        not hand.calls
        and sum(counts) == 14
        and all(counts[k] for k in ORPHANS)
        and (sum(counts[k] for k in ORPHANS) == 14)
    )


def closed_kan_problem(hand: Hand, rules: RuleSet) -> str | None:
    """Why ``chankan="closed"`` (robbing a closed kan) cannot be, or None: only thirteen
    orphans may rob a closed kan, and only where ``rules.kokushi_robs_closed_kan``."""
    if not is_kokushi(hand):
        return (
            "chankan='closed' robs a closed kan (ankan), which only thirteen orphans (kokushi) may"
            f" do; {hand.to_text()} is not thirteen orphans (chankan=True robs an added kan)"
        )
    if not rules.kokushi_robs_closed_kan:
        return (
            f"chankan='closed': the {rules.name} rule set does not let thirteen orphans rob a closed"
            " kan (RuleSet.kokushi_robs_closed_kan is False)"
        )
    return None


def _check_win_tile(hand: Hand, win_code: int, chankan: bool | str) -> None:
    kind = kind_of(win_code)
    held = hand.concealed[kind]
    if is_red(win_code):
        if hand.red[RED_FIVE_KINDS.index(kind)] != 1:
            raise InvalidHandError(
                f"winning tile {KIND_NAMES[kind].replace('5', '0')} (red) is not in the concealed hand"
            )
    elif kind in RED_FIVE_KINDS:
        held -= hand.red[RED_FIVE_KINDS.index(kind)]
    if held < 1:
        raise InvalidHandError(f"winning tile {KIND_NAMES[kind]} is not among the concealed tiles")
    if chankan and (hand.concealed[kind] > 1 or hand.called_counts[kind]):
        which = "closed kan" if chankan == "closed" else "kan"
        raise InvalidSituationError(
            f"chankan robs the fourth {KIND_NAMES[kind]} of another player's {which}:"
            " the winner cannot hold another copy"
        )


def _check_copies(hand: Hand, indicators: Sequence[int], robbed: int | None = None, kita: int = 0) -> None:
    """No fifth copy across the hand, the indicators, the ``kita`` (North tiles set aside)
    and (``robbed``: the kind of a robbed kan) the other three copies that kan holds."""
    counts = hand.total_counts
    counts[30] += kita
    for code in indicators:
        counts[kind_of(code)] += 1
    if robbed is not None:
        counts[robbed] += 3
    for kind, count in enumerate(counts):
        if count > 4:
            kan = ", with the robbed kan's other three" if kind == robbed else ""
            kan += f", with {kita} kita" if kind == 30 and kita else ""
            raise InvalidHandError(
                f"{KIND_NAMES[kind]}: {count} copies across the hand, calls and dora indicators{kan}"
            )


def _check_red(hand: Hand, indicators: Sequence[int], rules: RuleSet) -> None:
    """Red fives in the hand, calls and indicators: no more than the rule set has."""
    red = list(hand.total_red)
    for code in indicators:
        if is_red(code):
            red[RED_FIVE_KINDS.index(kind_of(code))] += 1
    for suit, count in enumerate(red):
        if count > rules.aka_dora[suit]:
            raise InvalidHandError(
                f"red 5{'mps'[suit]}: {count} across the hand, calls and dora indicators;"
                f" the {rules.name} rule set has {rules.aka_dora[suit]}"
            )


def check_sanma(hand: Hand, win: Win, text: object = None) -> None:
    """The checks of a three-player win: no 2m-8m in the hand, the calls or the indicators
    (:mod:`riichi_lut.core.players`), no chi, no North seat or round (the seats are E, S and
    W; the rounds E, S and W)."""
    check_three_player_hand(text, hand)
    if any(c.type == CallType.CHI for c in hand.calls):
        raise InvalidHandError("calls: a chi in a three-player hand (sanma has no chi, only pon and kan)")
    for name, indicators in (
        ("dora_indicators", win.dora_indicators),
        ("ura_indicators", win.ura_indicators),
    ):
        counts = [0] * 34
        for code in indicators:
            counts[kind_of(code)] += 1
        check_three_player_counts(counts, name)
    if win.seat_wind == "N" or win.round_wind == "N":
        which = "seat_wind" if win.seat_wind == "N" else "round_wind"
        raise InvalidSituationError.about(
            which,
            "='N': three-player Riichi has no North seat or round (seats E, S, W);"
            " a North tile is a guest wind there",
        )


def build(hand: Hand, win_tile: object, win: Win, rules: RuleSet) -> Situation:
    """Check the hand, the winning tile and the rules against ``win`` (checked already on
    its own) and build the :class:`Situation`."""
    if not isinstance(rules, RuleSet):
        raise InvalidSituationError.about(
            "rules", f"must be a RuleSet (e.g. riichi_lut.TENHOU), got {type(rules).__name__}"
        )
    if hand.concealed_count + 3 * hand.n_calls != 14:
        raise InvalidHandError(
            f"a winning hand has 14 tiles counting calls as 3 (the winning tile included), got"
            f" {hand.concealed_count + 3 * hand.n_calls}"
        )
    if rules.players == 3:
        check_sanma(hand, win)
    elif win.kita:
        raise InvalidSituationError.about(
            "kita",
            f"={win.kita}: a kita (North set aside as dora) is three-player only, and the"
            f" {rules.name} rule set has players=4 (use e.g. TENHOU_SANMA)",
        )
    problem = hand_problem(hand, win, rules.players == 3 and rules.kita_rinshan)
    if problem:
        raise InvalidSituationError(problem)
    win_code = parse_tile(win_tile, "win_tile")
    if win.chankan == "closed":
        problem = closed_kan_problem(hand, rules)
        if problem:
            raise InvalidSituationError(problem)
    _check_win_tile(hand, win_code, win.chankan)
    indicators = win.dora_indicators + win.ura_indicators
    if indicators or win.kita:
        _check_copies(hand, indicators, kind_of(win_code) if win.chankan else None, win.kita)
        _check_red(hand, indicators, rules)
    elif any(hand.total_red):
        _check_red(hand, (), rules)
    context = Context(
        tsumo=win.tsumo,
        seat_wind=win.seat_kind,
        round_wind=win.round_kind,
        riichi=win.riichi and not win.double_riichi,
        double_riichi=win.double_riichi,
        ippatsu=win.ippatsu and rules.ippatsu,
        haitei=win.haitei,
        houtei=win.houtei,
        rinshan=win.rinshan,
        chankan=bool(win.chankan),  # an added or a closed kan: the chankan yaku either way
        tenhou=win.tenhou,
        chiihou=win.chiihou,
        renhou=win.renhou,
        closed=not any(c.is_open for c in hand.calls),
        counts=tuple(hand.total_counts),
        concealed=tuple(hand.concealed),
        rules=rules,
        open_riichi=win.open_riichi and rules.open_riichi,
        paarenchan=win.paarenchan if rules.paarenchan else 0,
    )
    given = win.ippatsu or win.renhou or win.ura_indicators or win.open_riichi or win.paarenchan
    notes = unplayed(win, rules) if given else ()
    return Situation(hand, win_code, context, win, notes)
