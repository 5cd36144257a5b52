"""Hands: concealed tiles, red fives and calls (chi, pon, open / closed / added kan).

A :class:`Hand` holds 34 concealed counts (red fives counted in their kind), the red
fives among the concealed tiles per suit, and up to four calls
(:class:`~riichi_lut.core.calls.Call`, defined in :mod:`riichi_lut.core.calls` and importable from
here too). It is validated when built, so every API can trust it: no kind above four
copies across the hand and its calls, at most one red five per suit, and ``n + 3k`` in
{13, 14} for ``n`` concealed tiles and ``k`` calls (a kan counts as three here, like any
meld).

Notation (see :mod:`riichi_lut.core.tiles` for mpsz): the concealed tiles first, then each
call, open calls in square brackets with the kind told by the shape (``[123m]`` chi in
any written order, ``[555p]`` pon, ``[5555p]`` open kan) and a closed kan in parentheses
(``(1111z)``); ``0`` is a red five inside calls too: ``"23m456p11z [406s] (1111z)"``.
The text has no separate form for an added kan (shouminkan): ``[5555p]`` reads as an
open kan (daiminkan); a ``Call(CallType.ADDED_KAN, ...)`` built in code is written as
``[5555p]`` too. Whitespace between calls is optional. ``Hand(text)`` reads notation
like :func:`parse_hand`, and ``repr(hand)`` writes it, so a hand pasted from its repr
is an equal hand: ``Hand('23m456p55z [789s]')``.

Errors: :class:`~riichi_lut.errors.TileParseError` (with the position) for text that
cannot be read; :class:`~riichi_lut.errors.InvalidHandError` for tiles that cannot be a
hand, naming the kind or the call and where it is.
"""

from __future__ import annotations

import operator
from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from ..errors import InvalidHandError, TileParseError, clip, quote
from .calls import BRACKETS, Call, CallType, call_type_of
from .tiles import (
    KIND_NAMES,
    MAX_COPIES,
    NUM_KINDS,
    RED_FIVE_KINDS,
    check_copies,
    codes_from_counts,
    counts_of,
    format_counts,
    red_of,
    scan_tiles,
    tally_codes,
    validate_counts,
    validate_red,
)
from .typed import hand_span

__all__ = [
    "MAX_CALLS",
    "Call",
    "CallType",
    "Hand",
    "as_hand",
    "is_count_sequence",
    "not_a_hand_error",
    "parse_hand",
    "validate_concealed_counts",
]

MAX_CALLS = 4


def _plural(count: int, word: str) -> str:
    return f"{count} {word}" if count == 1 else f"{count} {word}s"


def _check_tile_count(concealed_count: int, n_calls: int) -> None:
    low = 13 - 3 * n_calls
    if concealed_count not in (low, low + 1):
        raise InvalidHandError(
            f"a hand with {_plural(n_calls, 'call')} has {low} or {low + 1} concealed tiles,"
            f" got {concealed_count}"
        )


def _check_calls(calls: object) -> tuple[Call, ...]:
    if isinstance(calls, (str, bytes)) or not isinstance(calls, Iterable):
        raise InvalidHandError(f"calls must be a sequence of Call, got {type(calls).__name__}")
    result = tuple(calls)
    for index, call in enumerate(result):
        if not isinstance(call, Call):
            raise InvalidHandError(f"calls[{index}] is a {type(call).__name__}, not a Call")
    if len(result) > MAX_CALLS:
        raise InvalidHandError(f"a hand has at most {MAX_CALLS} calls, got {len(result)}")
    return result


def _check_across(concealed: tuple[int, ...], red: tuple[int, ...], calls: tuple[Call, ...]) -> None:
    """A fifth copy or second red five of a suit across concealed tiles and calls."""
    if not calls:
        return  # the concealed counts and red fives were checked on their own
    totals = list(concealed)
    for call in calls:
        for kind in call.kinds:
            totals[kind] += 1
    reds = [r + sum(c.red[i] for c in calls) for i, r in enumerate(red)]
    if max(totals) <= MAX_COPIES and max(reds) <= 1:
        return
    for kind in range(NUM_KINDS):
        in_calls = [c for c in calls if kind in c.kinds]
        total = concealed[kind] + sum(c.kinds.count(kind) for c in in_calls)
        if total > MAX_COPIES:
            parts = ([f"{concealed[kind]} concealed"] if concealed[kind] else []) + [
                c.to_text() for c in in_calls
            ]
            where = "across hand and calls" if in_calls else "in the hand"
            raise InvalidHandError(f"{KIND_NAMES[kind]}: {total} copies {where} ({', '.join(parts)})")
    for suit, kind in enumerate(RED_FIVE_KINDS):
        holders = (["concealed"] if red[suit] else []) + [c.to_text() for c in calls if c.red[suit]]
        if len(holders) > 1:
            raise InvalidHandError(
                f"{KIND_NAMES[kind]}: {len(holders)} red fives across hand and calls"
                f" ({', '.join(holders)}); one exists"
            )


@dataclass(frozen=True, init=False, repr=False)
class Hand:
    """A hand: 34 concealed counts, red fives among them (m, p, s) and the calls.

    ``concealed`` counts red fives in their kind; any sequence (a numpy array too) is
    accepted and stored as a tuple of ints. Notation in its place reads the whole hand,
    red fives and calls included: ``Hand('23m456p55z [789s]')`` is
    ``parse_hand('23m456p55z [789s]')``; with ``calls=`` the text holds the concealed
    tiles only. ``repr`` writes that form, so it evaluates back to an equal hand (a
    hand with an added kan, which notation cannot write, lists its calls).

    >>> h = Hand("23m456p55z [789s] (1111z)")
    >>> h.n_calls, h.concealed_count, h.is_closed, h.is_complete_size
    (2, 7, False, False)
    >>> h
    Hand('23m456p55z [789s] (1111z)')
    >>> Hand("123456789m1p", calls=(Call.added_kan(13),))
    Hand('123456789m1p', calls=(Call.added_kan(13),))
    """

    concealed: tuple[int, ...]
    red: tuple[int, int, int]
    calls: tuple[Call, ...]

    def __init__(
        self,
        concealed: str | Sequence[int],
        red: tuple[int, int, int] = (0, 0, 0),
        calls: tuple[Call, ...] = (),
    ) -> None:
        if isinstance(concealed, str):
            counts, red, calls = _fields_from_text(concealed, red, calls)
        else:
            counts = tuple(validate_counts(concealed, name="concealed"))
            red = validate_red(red, counts, name="red")
            calls = _check_calls(calls)
        object.__setattr__(self, "concealed", counts)
        object.__setattr__(self, "red", red)
        object.__setattr__(self, "calls", calls)
        _check_across(counts, red, calls)
        _check_tile_count(sum(counts), len(calls))

    def __repr__(self) -> str:
        if all(c.type is not CallType.ADDED_KAN for c in self.calls):
            return f"Hand({self.to_text()!r})"
        return f"Hand({format_counts(self.concealed, self.red)!r}, calls={self.calls!r})"

    @classmethod
    def from_counts(cls, counts: Sequence[int], red: Sequence[int] = (0, 0, 0)) -> Hand:
        """A closed hand from 34 counts.

        >>> Hand.from_counts([1] * 13 + [0] * 21).to_text()
        '123456789m1234p'
        """
        return cls(tuple(validate_counts(counts, name="concealed")), validate_red(red))

    @classmethod
    def from_codes(cls, codes: Iterable[int], calls: Iterable[Call] = ()) -> Hand:
        """A hand from concealed tile codes and calls.

        >>> Hand.from_codes([34, 4, 4, 27, 27, 27, 28], [Call.chi(0), Call.pon(33)]).to_text()
        '055m1112z [123m] [777z]'
        """
        values = list(codes)
        return cls(tuple(counts_of(values)), red_of(values), tuple(calls))

    @property
    def n_calls(self) -> int:
        """How many calls (chi, pon, kan) the hand has made."""
        return len(self.calls)

    @property
    def is_closed(self) -> bool:
        """No open call (menzen); closed kans keep a hand closed."""
        return not any(c.is_open for c in self.calls)

    @property
    def concealed_count(self) -> int:
        """How many concealed tiles the hand holds (calls not counted)."""
        return sum(self.concealed)

    @property
    def is_complete_size(self) -> bool:
        """14 tiles counting each call as three: the size of a winning hand."""
        return self.concealed_count + 3 * self.n_calls == 14

    @property
    def called_counts(self) -> list[int]:
        """34 counts of the tiles in calls, all four tiles of each kan included."""
        counts = [0] * NUM_KINDS
        for call in self.calls:
            for kind in call.kinds:
                counts[kind] += 1
        return counts

    @property
    def total_counts(self) -> list[int]:
        """34 counts of concealed and called tiles together (kans as four)."""
        return [a + b for a, b in zip(self.concealed, self.called_counts, strict=True)]

    @property
    def total_red(self) -> tuple[int, int, int]:
        """Red fives per suit in the concealed tiles and the calls together."""
        reds = [sum(x) for x in zip(self.red, *(c.red for c in self.calls), strict=True)]
        return (reds[0], reds[1], reds[2])

    @property
    def codes(self) -> list[int]:
        """The concealed tile codes, sorted (a red five first among its fives)."""
        return codes_from_counts(self.concealed, self.red)

    def to_text(self) -> str:
        """Notation that :func:`parse_hand` reads back to an equal hand (an added kan
        comes back as an open kan: the notation has no separate form for it)."""
        calls = [c.to_text() for c in self.calls]
        return " ".join([format_counts(self.concealed, self.red), *calls])


def _fields_from_text(
    text: str, red: Sequence[int], calls: object
) -> tuple[tuple[int, ...], tuple[int, int, int], tuple[Call, ...]]:
    """The fields of ``Hand(text)`` or ``Hand(text, calls=...)``."""
    if any(validate_red(red, name="red")):
        raise InvalidHandError("Hand(text): write red fives in the text (0m, 0p, 0s), not as red=")
    extra = _check_calls(calls)
    counts, red_fives, written = _read_hand(text)
    if extra and written:
        raise InvalidHandError("Hand(text, calls=...): the text holds calls too; give each call in one place")
    return counts, red_fives, extra or written


# --- parsing ------------------------------------------------------------------------


def _find_close(text: str, start: int, stop: int) -> int:
    """Index of the bracket that closes the one at ``start``, before ``stop``."""
    for position in range(start + 1, stop):
        char = text[position]
        if char == BRACKETS[text[start]]:
            return position
        if char in "[(":
            raise TileParseError("nested bracket: a call cannot hold a call", text, position)
        if char in "])":
            raise TileParseError(
                f"{char!r} does not close {text[start]!r} at position {start}", text, position
            )
    raise TileParseError(f"unclosed {text[start]!r}", text, start)


def _parse_call(text: str, start: int, end: int) -> tuple[Call, list[tuple[int, int]]]:
    """The call written in ``text[start:end + 1]`` and its positioned tiles."""
    pairs = scan_tiles(text, start + 1, end)
    call_text = clip(text[start : end + 1], limit=20)
    if not pairs:
        raise TileParseError("empty call", text, start)
    if len(pairs) not in (3, 4):
        raise TileParseError(f"a call has 3 or 4 tiles, got {len(pairs)}", text, start)
    codes = tuple(code for code, _ in pairs)
    try:
        return Call(call_type_of(text[start], codes), codes), pairs
    except InvalidHandError as exc:
        raise InvalidHandError(
            f"{call_text} at position {start} in {quote(text, around=start)}: {exc}"
        ) from None


def _after_calls_error(text: str, position: int) -> TileParseError:
    char = text[position]
    if char in "])":
        return TileParseError(f"{char!r} without an opening bracket", text, position)
    if char in "0123456789mpsz":
        return TileParseError(
            "tiles after a call: the concealed tiles come first, calls go in brackets",
            text,
            position,
        )
    return TileParseError(f"unknown character {char!r}", text, position)


def parse_hand(text: str) -> Hand:
    """Read a hand in notation: concealed mpsz tiles, then the calls.

    >>> parse_hand("123m 456p 789s 1122z").concealed_count
    13
    >>> [c.type.value for c in parse_hand("11z [312m] [0555p] (7777z) [406s]").calls]
    ['chi', 'open_kan', 'closed_kan', 'chi']
    """
    counts, red, calls = _read_hand(text)
    return Hand(counts, red, calls)


def _read_hand(text: str) -> tuple[tuple[int, ...], tuple[int, int, int], tuple[Call, ...]]:
    """Concealed counts, red fives and calls written in ``text``; no check of the tile
    count (``Hand(text, calls=...)`` adds calls to it)."""
    if not isinstance(text, str):
        raise TileParseError(f"hand notation must be a str, got {type(text).__name__}")
    text, start, stop = hand_span(text)  # a link's hand where it stands in the link
    if not text[start:stop].strip():
        raise TileParseError("no tiles in an empty or blank string", text)
    split = next((i for i in range(start, stop) if text[i] in "[(])"), stop)
    pairs = scan_tiles(text, start, split)
    concealed = [code for code, _ in pairs]
    calls = []
    position = split
    while position < stop:
        if text[position].isspace():
            position += 1
            continue
        if text[position] not in BRACKETS:
            raise _after_calls_error(text, position)
        end = _find_close(text, position, stop)
        call, call_pairs = _parse_call(text, position, end)
        calls.append(call)
        pairs += call_pairs
        position = end + 1
    check_copies(pairs, text)
    counts, red = tally_codes(concealed)
    return tuple(counts), red, tuple(calls)


# --- the door every API goes through -------------------------------------------------


def _check_melds(melds: object) -> int:
    """``melds`` as an int 0..4 (numpy integers accepted, bools refused)."""
    try:
        value = None if isinstance(melds, bool) else operator.index(melds)  # type: ignore[arg-type]
    except TypeError:
        value = None
    if value is None or not 0 <= value <= MAX_CALLS:
        raise InvalidHandError(f"melds must be an int 0..{MAX_CALLS}, got {quote(melds)}")
    return value


def validate_concealed_counts(counts: Sequence[int], melds: int) -> list[int]:
    """Check 34 concealed counts of a hand with ``melds`` calls whose tiles are unknown:
    each count 0..4 and a total of ``13 - 3 * melds`` or ``14 - 3 * melds``.

    >>> sum(validate_concealed_counts([2] * 5 + [0] * 29, melds=1))
    10
    """
    calls = _check_melds(melds)
    values = validate_counts(counts, name="concealed")
    _check_tile_count(sum(values), calls)
    return values


def is_count_sequence(obj: object) -> bool:
    """Whether ``obj`` is read as counts (a list, a tuple or an array, not a numpy scalar)."""
    return isinstance(obj, (list, tuple)) or getattr(obj, "ndim", 0) > 0


def not_a_hand_error(obj: object, name: str = "hand") -> InvalidHandError:
    """The error for ``obj`` given as a hand (parameter ``name``) that is neither
    notation, a :class:`Hand` nor counts: ``None``, a number, a set, a mapping.

    >>> print(not_a_hand_error(None))  # doctest: +NORMALIZE_WHITESPACE
    hand: cannot read a hand from a NoneType (None):
    pass notation, a Hand or 34 counts
    """
    kind = type(obj).__name__
    article = "an" if kind[:1].lower() in "aeiou" else "a"
    return InvalidHandError(
        f"{name}: cannot read a hand from {article} {kind} ({quote(obj)}): pass notation, a Hand or 34 counts"
    )


def as_hand(obj: object, *, melds: int | None = None, name: str = "hand") -> Hand:
    """A :class:`Hand` from notation, a ``Hand`` or 34 counts of a closed hand.

    ``melds``, when given, must match the number of calls. Counts with unknown calls
    cannot make a Hand: check them with :func:`validate_concealed_counts`. ``name`` is
    the caller's parameter, named in the error for anything else (``None``, a number).

    >>> as_hand("123456789m1234p", melds=1)
    Traceback (most recent call last):
    ...
    riichi_lut.errors.InvalidHandError: melds=1 but the hand has 0 calls
    >>> as_hand([1] * 13 + [0] * 21) == parse_hand("123456789m1234p")
    True
    """
    if isinstance(obj, Hand):
        hand = obj
    elif isinstance(obj, str):
        hand = parse_hand(obj)
    elif is_count_sequence(obj):
        if melds:
            raise InvalidHandError(
                f"34 counts with melds={quote(melds)} leave the calls unknown: check them with"
                " validate_concealed_counts(counts, melds) or pass a Hand"
            )
        return Hand.from_counts(obj)  # type: ignore[arg-type]
    else:
        raise not_a_hand_error(obj, name)
    if melds is not None and _check_melds(melds) != hand.n_calls:
        raise InvalidHandError(f"melds={melds} but the hand has {_plural(hand.n_calls, 'call')}")
    return hand
