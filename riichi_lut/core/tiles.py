"""Tiles and their notations: kinds, codes, mpsz strings (mjai names and Tenhou 136-ids
are in :mod:`riichi_lut.core.notations`).

Conventions used by the whole library:

* A tile **kind** is an int 0..33: ``1m``-``9m`` = 0-8 (manzu), ``1p``-``9p`` = 9-17
  (pinzu), ``1s``-``9s`` = 18-26 (souzu), ``1z``-``7z`` = 27-33 (East, South, West,
  North, White/haku, Green/hatsu, Red/chun).
* A tile **code** is an int 0..36: the kind itself for a plain tile, or ``RED_5M`` = 34,
  ``RED_5P`` = 35, ``RED_5S`` = 36 for a red five (aka dora). One red five per suit
  exists at most.
* A **count array** holds 34 ints 0..4, red fives counted in their kind; the red fives
  travel beside it as a 3-tuple ``(m, p, s)`` of 0/1.
* **mpsz notation**: digits followed by their suit letter, ``0`` = red five:
  ``"120m 55p 7z"``. Whitespace may separate groups, never split one. The canonical
  form (:func:`format_tiles`) sorts by kind and writes a red five (``0``) first among
  the fives of its suit, where its 5 would be: ``"3405m"``.
* **mjai names**: ``"1m"``..``"9s"``, ``"5mr"``/``"5pr"``/``"5sr"`` for red fives and
  ``"E" "S" "W" "N" "P" "F" "C"`` for the honors (P = white, F = green, C = red dragon).
* **136-ids** (Tenhou): ``kind = id // 4``; with red fives, ids 16, 52 and 88 are the
  red 5m, 5p and 5s.

Nothing is guessed: a syntax error raises :class:`~riichi_lut.errors.TileParseError`
with the 0-based position of the culprit; tiles that cannot exist together (a fifth
copy, a second red five of a suit) raise :class:`~riichi_lut.errors.InvalidHandError`
naming the kind (and the position, when parsing text).
"""

from __future__ import annotations

import operator
from collections.abc import Iterable, Sequence
from typing import Any

from ..errors import InvalidHandError, TileParseError, describe, quote
from .typed import GLYPH_KINDS, IGNORED_AFTER_GLYPH, RED_MARK, UPPER_SUITS, hand_span, link_hand, link_problem

__all__ = [
    "CODE_NAMES",
    "DRAGON_KINDS",
    "HONOR_KINDS",
    "KIND_NAMES",
    "MAX_COPIES",
    "NUMBER_SUIT_LETTERS",
    "NUM_CODES",
    "NUM_KINDS",
    "NUM_TILE_IDS",
    "RED_5M",
    "RED_5P",
    "RED_5S",
    "RED_136_IDS",
    "RED_CODES",
    "RED_FIVE_KINDS",
    "SUIT_LETTERS",
    "TERMINALS_AND_HONORS",
    "WIND_KINDS",
    "as_int",
    "check_copies",
    "codes_from_counts",
    "counts_of",
    "format_counts",
    "format_tiles",
    "is_honor",
    "is_red",
    "items_of",
    "kind_of",
    "number_of",
    "parse_tiles",
    "red_code_of_kind",
    "red_of",
    "scan_tiles",
    "sort_codes",
    "suit_of",
    "tally_codes",
    "tile_name",
    "validate_code",
    "validate_counts",
    "validate_kind",
    "validate_red",
]

NUM_KINDS = 34
NUM_CODES = 37
NUM_TILE_IDS = 136
MAX_COPIES = 4

RED_5M = 34
RED_5P = 35
RED_5S = 36
RED_CODES = (RED_5M, RED_5P, RED_5S)
RED_FIVE_KINDS = (4, 13, 22)
RED_136_IDS = (16, 52, 88)

SUIT_LETTERS = "mpsz"
NUMBER_SUIT_LETTERS = "mps"
HONOR_KINDS = tuple(range(27, 34))
WIND_KINDS = HONOR_KINDS[:4]
"""East, South, West, North (1z-4z)."""
DRAGON_KINDS = HONOR_KINDS[4:]
"""White, green, red dragon (5z-7z)."""
KIND_NAMES = tuple(f"{n}{s}" for s in NUMBER_SUIT_LETTERS for n in range(1, 10)) + tuple(
    f"{n}z" for n in range(1, 8)
)
CODE_NAMES = KIND_NAMES + ("0m", "0p", "0s")
TERMINALS_AND_HONORS = (0, 8, 9, 17, 18, 26) + HONOR_KINDS
"""The 13 yaochu kinds: 1 and 9 of each suit and the seven honors (kokushi tiles)."""

_KIND_OF_CODE = tuple(range(NUM_KINDS)) + RED_FIVE_KINDS
_DIGITS = "0123456789"


def as_int(value: object, what: str) -> int:
    """``value`` as a Python int; bools and floats are refused."""
    if isinstance(value, bool):
        raise InvalidHandError(f"{what} is a bool ({value}), not an int")
    try:
        return operator.index(value)  # type: ignore[arg-type]
    except TypeError:
        raise InvalidHandError(f"{what} is a {type(value).__name__} ({quote(value)}), not an int") from None


def validate_code(code: object) -> int:
    """Return ``code`` as an int after checking it is a tile code 0..36.

    >>> validate_code(34)
    34
    """
    value = as_int(code, "tile code")
    if not 0 <= value < NUM_CODES:
        raise InvalidHandError(f"tile code {quote(value)} is out of range 0..{NUM_CODES - 1}")
    return value


def validate_kind(kind: object) -> int:
    """Return ``kind`` as an int after checking it is a tile kind 0..33.

    >>> validate_kind(33)
    33
    """
    value = as_int(kind, "tile kind")
    if not 0 <= value < NUM_KINDS:
        raise InvalidHandError(f"tile kind {quote(value)} is out of range 0..{NUM_KINDS - 1}")
    return value


def kind_of(code: int) -> int:
    """The kind 0..33 of a tile code (a red five has the kind of its five).

    >>> kind_of(RED_5P), kind_of(13), kind_of(33)
    (13, 13, 33)
    """
    if code.__class__ is int and 0 <= code < NUM_CODES:  # the common case, no checks to run
        return _KIND_OF_CODE[code]
    value = validate_code(code)
    return RED_FIVE_KINDS[value - RED_5M] if value >= RED_5M else value


def is_red(code: int) -> bool:
    """Whether a tile code is a red five.

    >>> is_red(RED_5S), is_red(22)
    (True, False)
    """
    if code.__class__ is int and 0 <= code < NUM_CODES:
        return code >= RED_5M
    return validate_code(code) >= RED_5M


def red_code_of_kind(kind: int) -> int:
    """The red-five code of a five kind (4, 13 or 22).

    >>> red_code_of_kind(13)
    35
    """
    value = validate_kind(kind)
    if value not in RED_FIVE_KINDS:
        raise InvalidHandError(f"{KIND_NAMES[value]} has no red version (only 5m, 5p, 5s)")
    return RED_CODES[RED_FIVE_KINDS.index(value)]


def suit_of(kind: int) -> int:
    """Suit index of a kind: 0 = m, 1 = p, 2 = s, 3 = z (honors).

    >>> suit_of(0), suit_of(26), suit_of(27)
    (0, 2, 3)
    """
    return validate_kind(kind) // 9


def number_of(kind: int) -> int:
    """The digit of a kind in mpsz notation: 1..9 for suits, 1..7 for honors.

    >>> number_of(4), number_of(33)
    (5, 7)
    """
    return validate_kind(kind) % 9 + 1


def is_honor(kind: int) -> bool:
    """Whether a kind is an honor (wind or dragon, ``1z``-``7z``).

    >>> is_honor(27), is_honor(26)
    (True, False)
    """
    return validate_kind(kind) >= 27


def tile_name(code: int) -> str:
    """The mpsz name of one tile code; a red five is written with ``0``.

    >>> tile_name(4), tile_name(RED_5M), tile_name(27)
    ('5m', '0m', '1z')
    """
    return CODE_NAMES[validate_code(code)]


def sort_codes(codes: Iterable[int]) -> list[int]:
    """Codes sorted by kind, a red five before the plain fives of its suit.

    >>> sort_codes([4, 27, RED_5M, 3])
    [3, 34, 4, 27]
    """
    values = [validate_code(c) for c in codes]
    return sorted(values, key=lambda c: (kind_of(c), c < RED_5M))


def items_of(obj: object, name: str, items: str) -> list[Any]:
    """The items of ``obj``, an iterable of tiles; anything else (``None``, a number)
    raises :class:`InvalidHandError` naming ``name``, what it holds and what was given.

    >>> items_of(None, "codes", "tile codes")
    Traceback (most recent call last):
    ...
    riichi_lut.errors.InvalidHandError: codes must be a sequence of tile codes, got None
    """
    try:
        iterator = iter(obj)  # type: ignore[call-overload]
    except TypeError:
        raise InvalidHandError(f"{name} must be a sequence of {items}, got {describe(obj)}") from None
    return list(iterator)


# --- mpsz ---------------------------------------------------------------------------


def _require_text(text: object) -> str:
    if not isinstance(text, str):
        raise TileParseError(f"tile notation must be a str, got {type(text).__name__}")
    return text


def _code_from_digit(text: str, position: int, suit: str) -> int:
    digit = int(text[position])
    if suit == "z":
        if not 1 <= digit <= 7:
            raise TileParseError(f"honor {digit}z does not exist (1z-7z only)", text, position)
        return 26 + digit
    suit_index = NUMBER_SUIT_LETTERS.index(suit)
    return RED_CODES[suit_index] if digit == 0 else 9 * suit_index + digit - 1


def _unknown_character(text: str, position: int) -> TileParseError:
    if link_hand(text) is text:  # no hand found in it: a link without its q= says so
        problem = link_problem(text)
        if problem is not None:
            return TileParseError(problem, text)
    return TileParseError(
        f"unknown character {text[position]!r} (expected a digit, a suit letter m/p/s/z or a space)",
        text,
        position,
    )


def _typed_tile(text: str, position: int, pending: list[int], pairs: list[tuple[int, int]]) -> None:
    """A character that plain mpsz does not know: an upper-case suit letter, a Unicode tile,
    the red mark after a Unicode five, a variation selector after a tile (core/typed.py);
    anything else is an unknown character."""
    char = text[position]
    suit = UPPER_SUITS.get(char)
    if suit is not None:
        if not pending:
            raise TileParseError(f"suit letter {char!r} has no digits", text, position)
        pairs.extend((_code_from_digit(text, p, suit), p) for p in pending)
        pending.clear()
        return
    kind = GLYPH_KINDS.get(char)
    previous = text[position - 1] if position else ""
    if kind is not None or char == RED_MARK or char in IGNORED_AFTER_GLYPH:
        if pending:
            raise TileParseError("digits with no suit letter", text, pending[0])
        if kind is not None:
            pairs.append((kind, position))
            return
        if char in IGNORED_AFTER_GLYPH and previous in GLYPH_KINDS:
            return
        if char == RED_MARK:
            back = position - 1  # the tile before the mark, past any variation selector
            while back > 0 and text[back] in IGNORED_AFTER_GLYPH:
                back -= 1
            five = GLYPH_KINDS.get(text[back]) if back >= 0 else None
            if five in RED_FIVE_KINDS:
                pairs[-1] = (RED_CODES[RED_FIVE_KINDS.index(five)], pairs[-1][1])
                return
            if back >= 0 and text[back] in NUMBER_SUIT_LETTERS:
                raise TileParseError(
                    f"{RED_MARK!r} makes a Unicode five red; in mpsz a red five is 0 (0m, 0p, 0s)",
                    text,
                    position,
                )
    raise _unknown_character(text, position)


def scan_tiles(text: str, start: int = 0, end: int | None = None) -> list[tuple[int, int]]:
    """Read the mpsz tiles of ``text[start:end]`` as ``(code, position)`` pairs.

    Syntax only: copies are not counted (see :func:`check_copies`). Positions are
    indices into the whole ``text``, as are those of any :class:`TileParseError`.
    Upper-case suits and the Unicode tiles are read too (:mod:`riichi_lut.core.typed`).
    An empty or blank span gives ``[]``.

    >>> scan_tiles("[406p]", 1, 5)
    [(12, 1), (35, 2), (14, 3)]
    """
    text = _require_text(text)
    stop = len(text) if end is None else end
    pairs: list[tuple[int, int]] = []
    pending: list[int] = []  # positions of digits still waiting for their suit letter
    for position in range(start, stop):
        char = text[position]
        if char in _DIGITS:
            pending.append(position)
        elif char in SUIT_LETTERS:
            if not pending:
                raise TileParseError(f"suit letter {char!r} has no digits", text, position)
            pairs.extend((_code_from_digit(text, p, char), p) for p in pending)
            pending.clear()
        elif char.isspace():
            if pending:
                raise TileParseError("digits with no suit letter", text, pending[0])
        else:
            _typed_tile(text, position, pending, pairs)
    if pending:
        raise TileParseError("digits with no suit letter", text, pending[0])
    return pairs


def check_copies(pairs: Iterable[tuple[int, int]], text: str) -> None:
    """Raise :class:`InvalidHandError` at the first fifth copy of a kind or second red
    five of a suit among ``(code, position)`` pairs read from ``text``.

    >>> check_copies(scan_tiles("0m 0m"), "0m 0m")
    Traceback (most recent call last):
    ...
    riichi_lut.errors.InvalidHandError: two red 5m: the second at position 3 in '0m 0m'
    """
    counts = [0] * NUM_KINDS
    reds = [0, 0, 0]
    for code, position in pairs:
        kind = kind_of(code)
        counts[kind] += 1
        if counts[kind] > MAX_COPIES:
            raise InvalidHandError(
                f"{KIND_NAMES[kind]}: a 5th copy at position {position} in {quote(text, around=position)}"
            )
        if is_red(code):
            reds[code - RED_5M] += 1
            if reds[code - RED_5M] > 1:
                raise InvalidHandError(
                    f"two red {KIND_NAMES[kind]}: the second at position {position}"
                    f" in {quote(text, around=position)}"
                )


def parse_tiles(text: str) -> list[int]:
    """Parse mpsz notation into tile codes, in written order. Upper-case suits, the Unicode
    tiles and a tenhou.net/2 link (its ``q``) are read too (:mod:`riichi_lut.core.typed`);
    a position in an error counts in the text as given.

    >>> parse_tiles("120m 7z")
    [0, 1, 34, 33]
    >>> parse_tiles("12m3")
    Traceback (most recent call last):
    ...
    riichi_lut.errors.TileParseError: digits with no suit letter (at position 3 in '12m3')
    """
    source, start, end = hand_span(_require_text(text))
    if not source[start:end].strip():
        raise TileParseError("no tiles in an empty or blank string", source)
    pairs = scan_tiles(source, start, end)
    check_copies(pairs, source)
    return [code for code, _ in pairs]


def tally_codes(codes: Iterable[int]) -> tuple[list[int], tuple[int, int, int]]:
    """Counts per kind and red fives per suit of a list of codes, checking the limits."""
    if isinstance(codes, (str, bytes)):
        raise InvalidHandError("expected tile codes, got a string: parse it with parse_tiles")
    counts = [0] * NUM_KINDS
    reds = [0, 0, 0]
    for code in codes:
        counts[kind_of(code)] += 1
        if is_red(code):
            reds[code - RED_5M] += 1
    validate_counts(counts, name="tiles")
    red = (reds[0], reds[1], reds[2])
    validate_red(red, counts, name="tiles")
    return counts, red


def counts_of(codes: Iterable[int]) -> list[int]:
    """34 counts of a list of codes, red fives counted in their kind.

    >>> counts_of([RED_5M, 4, 33])[4], counts_of([RED_5M, 4, 33])[33]
    (2, 1)
    """
    return tally_codes(codes)[0]


def red_of(codes: Iterable[int]) -> tuple[int, int, int]:
    """Red fives per suit (m, p, s) in a list of codes.

    >>> red_of(parse_tiles("0m0s"))
    (1, 0, 1)
    """
    return tally_codes(codes)[1]


def validate_counts(counts: Sequence[int], *, name: str = "counts") -> list[int]:
    """Return ``counts`` as a list of 34 ints after checking each is 0..4.

    Raises :class:`InvalidHandError` for a wrong length, a non-integer (a bool is not
    an integer here), a negative count or a fifth copy, naming the kind.

    >>> validate_counts([4] + [0] * 33)[:2]
    [4, 0]
    >>> validate_counts([0] * 4 + [5] + [0] * 29)
    Traceback (most recent call last):
    ...
    riichi_lut.errors.InvalidHandError: counts: 5m has 5 copies (at most 4)
    """
    if isinstance(counts, (str, bytes)) or not hasattr(counts, "__len__"):
        raise InvalidHandError(f"{name} must be a sequence of 34 counts, got {describe(counts)}")
    shape = getattr(counts, "shape", None)
    if shape is not None and len(shape) != 1:
        raise InvalidHandError(f"{name} must be 1-D with 34 counts, got shape {tuple(shape)}")
    if len(counts) != NUM_KINDS:
        raise InvalidHandError(f"{name} must have 34 counts (one per kind), got {len(counts)}")
    plain = counts.__class__ in (list, tuple) and set(map(type, counts)) == {int}
    if plain and min(counts) >= 0 and max(counts) <= MAX_COPIES:
        return list(counts)  # plain ints in range: nothing to report
    values = [as_int(v, f"{name}[{i}] ({KIND_NAMES[i]})") for i, v in enumerate(counts)]
    for kind, value in enumerate(values):
        if value < 0:
            raise InvalidHandError(f"{name}: {KIND_NAMES[kind]} has a negative count ({quote(value)})")
        if value > MAX_COPIES:
            raise InvalidHandError(
                f"{name}: {KIND_NAMES[kind]} has {quote(value)} copies (at most {MAX_COPIES})"
            )
    return values


def validate_red(
    red: Sequence[int], counts: Sequence[int] | None = None, *, name: str = "red"
) -> tuple[int, int, int]:
    """Return ``red`` as a 3-tuple of 0/1 (red 5m, 5p, 5s) after checking it.

    With ``counts`` (already valid), a red five also needs its five to be counted.

    >>> validate_red([0, 1, 0])
    (0, 1, 0)
    """
    if isinstance(red, (str, bytes)) or not hasattr(red, "__len__") or len(red) != 3:
        raise InvalidHandError(f"{name} must be 3 red-five counts (m, p, s), got {quote(red)}")
    values = [as_int(v, f"{name}[{i}] (red 5{'mps'[i]})") for i, v in enumerate(red)]
    for value, kind in zip(values, RED_FIVE_KINDS, strict=True):
        five = KIND_NAMES[kind]
        if not 0 <= value <= 1:
            raise InvalidHandError(f"{name}: {quote(value)} red {five}, but one red five per suit exists")
        if counts is not None and value > counts[kind]:
            raise InvalidHandError(f"{name}: a red {five} but no {five} is counted")
    return (values[0], values[1], values[2])


def codes_from_counts(counts: Sequence[int], red: Sequence[int] = (0, 0, 0)) -> list[int]:
    """Tile codes of a count array, sorted as :func:`sort_codes` sorts them.

    >>> codes_from_counts([0] * 4 + [2] + [0] * 29, red=(1, 0, 0))
    [34, 4]
    """
    values = validate_counts(counts)
    reds = validate_red(red, values)
    codes: list[int] = []
    for kind, count in enumerate(values):
        has_red = kind in RED_FIVE_KINDS and bool(reds[RED_FIVE_KINDS.index(kind)])
        if has_red:
            codes.append(red_code_of_kind(kind))
        codes.extend([kind] * (count - 1 if has_red else count))
    return codes


def format_counts(counts: Sequence[int], red: Sequence[int] = (0, 0, 0)) -> str:
    """Canonical mpsz text of a count array (plus red fives); ``""`` for no tiles.

    >>> format_counts([1, 1, 1] + [0] * 10 + [2] + [0] * 20, red=(0, 1, 0))
    '123m05p'
    """
    codes = codes_from_counts(counts, red)
    groups = []
    for suit_index, letter in enumerate(SUIT_LETTERS):
        digits = "".join(CODE_NAMES[c][0] for c in codes if suit_of(kind_of(c)) == suit_index)
        if digits:
            groups.append(digits + letter)
    return "".join(groups)


def format_tiles(codes: Iterable[int]) -> str:
    """Canonical mpsz text of a list of tile codes (not of a count array: see
    :func:`format_counts`). Sorted by kind, a red five (``0``) first among its fives.

    >>> format_tiles([33, RED_5M, 4, 2, 0])
    '1305m7z'
    >>> parse_tiles(format_tiles([33, RED_5M, 4, 2, 0])) == sort_codes([33, RED_5M, 4, 2, 0])
    True
    """
    if isinstance(codes, (str, bytes)):
        raise InvalidHandError("format_tiles: codes are tile codes, got a string: parse it with parse_tiles")
    counts, red = tally_codes(items_of(codes, "format_tiles: codes", "tile codes (ints 0..36)"))
    return format_counts(counts, red)
