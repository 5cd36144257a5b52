"""The facts of a win, checked: winds, winning tile, flags, dora indicators.

Contradictory flags raise :class:`~riichi_lut.errors.InvalidSituationError` naming both
(bad-inputs 10–11); tiles that cannot be raise :class:`~riichi_lut.errors.InvalidHandError`.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from ..core.calls import CallType
from ..core.hand import Hand
from ..core.tiles import KIND_NAMES, RED_FIVE_KINDS, is_red, kind_of, parse_tiles, validate_code
from ..errors import InvalidHandError, InvalidSituationError, TileParseError
from .rules import RuleSet
from .yaku import Context

WINDS = {"E": 27, "S": 28, "W": 29, "N": 30}


def parse_wind(value: object, name: str) -> int:
    """A wind given as "E"/"S"/"W"/"N" (or "1z".."4z") -> its kind."""
    if isinstance(value, str):
        text = value.strip().upper()
        if text in WINDS:
            return WINDS[text]
        if text in ("1Z", "2Z", "3Z", "4Z"):
            return 26 + int(text[0])
    raise InvalidSituationError(f"{name} must be 'E', 'S', 'W' or 'N', got {value!r}")


def parse_tile(value: object, name: str) -> int:
    """One tile as notation ("5p", "0p" for the red five) or a tile code."""
    if isinstance(value, str):
        if not value.strip():
            raise TileParseError(f"{name} must be one tile in notation like '5p', got an empty string")
        codes = parse_tiles(value)
        if len(codes) != 1:
            raise InvalidHandError(f"{name} must be one tile, got {value!r} ({len(codes)} tiles)")
        return codes[0]
    if isinstance(value, int) and not isinstance(value, bool):
        return validate_code(value)
    raise InvalidHandError(f"{name} must be a tile in notation like '5p', got {value!r}")


def parse_indicators(value: object, name: str) -> list[int]:
    """Indicator tiles: a notation string ("1m5p") or a list of tiles."""
    if isinstance(value, str):
        return parse_tiles(value) if value.strip() else []
    if isinstance(value, Iterable):
        return [parse_tile(v, f"{name}[{i}]") for i, v in enumerate(value)]
    raise InvalidHandError(f"{name} must be a list of tiles, got {value!r}")


def dora_of(indicator: int) -> int:
    """The dora kind an indicator points at: the next number (9 -> 1), the next wind
    (North -> East), the next dragon (red -> white)."""
    kind = kind_of(indicator)
    if kind < 27:
        return kind - kind % 9 + (kind % 9 + 1) % 9
    if kind < 31:
        return 27 + (kind - 27 + 1) % 4
    return 31 + (kind - 31 + 1) % 3


@dataclass(frozen=True)
class Situation:
    """Everything score() was told, checked and normalised."""

    hand: Hand
    win_code: int
    context: Context
    dora_indicators: tuple[int, ...]
    ura_indicators: tuple[int, ...]
    honba: int
    riichi_sticks: int

    @property
    def win_kind(self) -> int:
        return kind_of(self.win_code)


def check_flags(hand: Hand, flags: dict[str, bool], dealer: bool) -> None:
    f = flags
    has_kan = any(c.type in (CallType.OPEN_KAN, CallType.CLOSED_KAN, CallType.ADDED_KAN) for c in hand.calls)
    opened = any(c.is_open for c in hand.calls)
    rules = [
        (f["chankan"] and f["tsumo"], "chankan is a ron on another player's kan: it cannot be tsumo"),
        (f["houtei"] and f["tsumo"], "houtei is a win on the last discard: it cannot be tsumo"),
        (f["haitei"] and not f["tsumo"], "haitei is a tsumo on the last tile: it cannot be a ron"),
        (f["rinshan"] and not f["tsumo"], "rinshan is a tsumo on the replacement tile: it cannot be a ron"),
        (f["rinshan"] and not has_kan, "rinshan needs a kan among the calls"),
        (f["haitei"] and f["rinshan"], "the replacement tile after a kan is not the last tile (haitei)"),
        (f["houtei"] and f["chankan"], "a robbed kan is not the last discard (houtei)"),
        (f["ippatsu"] and not f["riichi"], "ippatsu needs riichi"),
        (f["ippatsu"] and f["rinshan"], "a kan cancels ippatsu, so rinshan cannot be ippatsu"),
        (f["ippatsu"] and f["houtei"], "a riichi leaves at least one draw: houtei cannot be ippatsu"),
        (f["riichi"] and opened, "riichi needs a closed hand (only closed kans allowed)"),
        (f["tenhou"] and not dealer, "tenhou is the dealer's win; a non-dealer's is chiihou"),
        (f["chiihou"] and dealer, "chiihou is a non-dealer's win; the dealer's is tenhou"),
        (f["renhou"] and dealer, "renhou is a non-dealer's win"),
        ((f["tenhou"] or f["chiihou"]) and not f["tsumo"], "tenhou and chiihou are won by tsumo"),
        ((f["tenhou"] or f["chiihou"]) and bool(hand.calls), "tenhou and chiihou allow no calls"),
        (
            (f["tenhou"] or f["chiihou"]) and (f["riichi"] or f["haitei"] or f["rinshan"]),
            "tenhou and chiihou come on the first draw: no riichi, haitei or rinshan",
        ),
        (f["renhou"] and f["tsumo"], "renhou is a ron before your first draw"),
        (
            f["renhou"] and (f["riichi"] or bool(hand.calls)),
            "renhou comes before your first draw: no riichi or calls",
        ),
        (
            f["renhou"] and (f["houtei"] or f["chankan"]),
            "renhou is a ron on a discard before your first draw: not the last discard (houtei),"
            " not a robbed kan (chankan)",
        ),
        (f["tenhou"] and f["chiihou"], "tenhou and chiihou exclude each other"),
    ]
    for bad, message in rules:
        if bad:
            raise InvalidSituationError(message)


def _check_win_tile(hand: Hand, win_code: int, chankan: bool) -> None:
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
        raise InvalidSituationError(
            f"chankan robs the fourth {KIND_NAMES[kind]} of another player's kan:"
            " the winner cannot hold another copy"
        )


def _check_copies(hand: Hand, indicators: Sequence[int]) -> None:
    counts = hand.total_counts
    for code in indicators:
        counts[kind_of(code)] += 1
    for kind, count in enumerate(counts):
        if count > 4:
            raise InvalidHandError(
                f"{KIND_NAMES[kind]}: {count} copies across the hand, calls and dora indicators"
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


def build(
    hand: Hand,
    win_tile: object,
    *,
    tsumo: object,
    seat_wind: object,
    round_wind: object,
    flags: dict[str, object],
    dora_indicators: object,
    ura_indicators: object,
    honba: object,
    riichi_sticks: object,
    rules: RuleSet,
) -> Situation:
    """Check everything and build the :class:`Situation`."""
    if not isinstance(rules, RuleSet):
        raise InvalidSituationError(
            f"rules must be a RuleSet (e.g. riichi_lut.TENHOU), got {type(rules).__name__}"
        )
    if not isinstance(tsumo, bool):
        raise InvalidSituationError(f"tsumo must be True or False, got {tsumo!r}")
    for name, value in flags.items():
        if not isinstance(value, bool):
            raise InvalidSituationError(f"{name} must be True or False, got {value!r}")
    for name, value in (("honba", honba), ("riichi_sticks", riichi_sticks)):
        if isinstance(value, bool) or not isinstance(value, int) or value < 0:
            raise InvalidSituationError(f"{name} must be a count >= 0, got {value!r}")
    seat, round_ = parse_wind(seat_wind, "seat_wind"), parse_wind(round_wind, "round_wind")
    if hand.concealed_count + 3 * hand.n_calls != 14:
        raise InvalidHandError(
            f"a winning hand has 14 tiles counting calls as 3 (the winning tile included), got"
            f" {hand.concealed_count + 3 * hand.n_calls}"
        )
    f = {name: bool(value) for name, value in flags.items()}
    f["tsumo"] = tsumo
    f["riichi"] = f["riichi"] or f["double_riichi"]
    check_flags(hand, f, seat == 27)
    win_code = parse_tile(win_tile, "win_tile")
    _check_win_tile(hand, win_code, f["chankan"])
    dora = parse_indicators(dora_indicators, "dora_indicators")
    ura = parse_indicators(ura_indicators, "ura_indicators")
    if ura and not f["riichi"]:
        raise InvalidSituationError("ura dora indicators are only revealed for a riichi hand")
    if len(dora) > 5 or len(ura) > len(dora):
        raise InvalidSituationError(
            f"{len(dora)} dora and {len(ura)} ura indicators: at most 5 dora, and no more ura than dora"
        )
    _check_copies(hand, dora + ura)
    _check_red(hand, dora + ura, rules)
    context = Context(
        tsumo=tsumo,
        seat_wind=seat,
        round_wind=round_,
        riichi=f["riichi"] and not f["double_riichi"],
        double_riichi=f["double_riichi"],
        ippatsu=f["ippatsu"] and rules.ippatsu,
        haitei=f["haitei"],
        houtei=f["houtei"],
        rinshan=f["rinshan"],
        chankan=f["chankan"],
        tenhou=f["tenhou"],
        chiihou=f["chiihou"],
        renhou=f["renhou"],
        closed=not any(c.is_open for c in hand.calls),
        counts=tuple(hand.total_counts),
        concealed=tuple(hand.concealed),
        rules=rules,
    )
    return Situation(hand, win_code, context, tuple(dora), tuple(ura), int(honba), int(riichi_sticks))  # type: ignore[call-overload]
