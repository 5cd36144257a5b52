"""Calls (melds): chi, pon, open / closed / added kan — :class:`CallType` and
:class:`Call`, each validated when built (its shape, its tiles, at most one red five).

A :class:`~riichi_lut.core.hand.Hand` holds up to four of them; the notation (``[123m]``,
``[555p]``, ``[5555p]``, ``(1111z)``) is described in :mod:`riichi_lut.core.hand`. A call is
built from tile codes, ``Call(CallType.CHI, (14, 35, 12))``, from its notation alone,
``Call('[406p]')``, or with the constructors ``Call.chi(...)`` .. ``Call.added_kan(...)``;
its ``repr`` is one of the last two and evaluates back to an equal call.
"""

from __future__ import annotations

import enum
from collections.abc import Iterable
from dataclasses import dataclass

from ..errors import InvalidHandError, TileParseError, quote
from .tiles import (
    KIND_NAMES,
    RED_FIVE_KINDS,
    counts_of,
    format_tiles,
    is_honor,
    is_red,
    kind_of,
    number_of,
    red_code_of_kind,
    red_of,
    scan_tiles,
    sort_codes,
    suit_of,
    tile_name,
    validate_kind,
)


class CallType(str, enum.Enum):
    """How a meld was called: chi, pon, open kan (daiminkan), closed kan (ankan) or
    added kan (shouminkan, a pon upgraded with the fourth tile)."""

    CHI = "chi"
    PON = "pon"
    OPEN_KAN = "open_kan"
    CLOSED_KAN = "closed_kan"
    ADDED_KAN = "added_kan"


__all__ = ["BRACKETS", "Call", "CallType", "call_type_of"]

_KAN_TYPES = (CallType.OPEN_KAN, CallType.CLOSED_KAN, CallType.ADDED_KAN)
BRACKETS = {"[": "]", "(": ")"}
"""Opening bracket -> closing bracket of a call in notation: open calls, a closed kan."""


def _names(codes: Iterable[int]) -> str:
    """Tile names for messages, without the multiset checks of ``format_tiles``."""
    return " ".join(tile_name(c) for c in codes)


def _check_red_flag(red: int) -> None:
    if isinstance(red, bool) or red not in (0, 1):
        raise InvalidHandError(f"red must be 0 or 1 (one red five per suit), got {quote(red)}")


def _check_chi(kinds: list[int], tiles: tuple[int, ...]) -> None:
    if any(is_honor(k) for k in kinds):
        raise InvalidHandError(f"a chi cannot use honors, got {_names(tiles)}")
    if len({suit_of(k) for k in kinds}) != 1:
        raise InvalidHandError(f"a chi is three tiles of one suit, got {_names(tiles)}")
    if kinds != [kinds[0], kinds[0] + 1, kinds[0] + 2]:
        raise InvalidHandError(f"a chi is three consecutive numbers, got {_names(tiles)}")


def _check_call_shape(call_type: CallType, tiles: tuple[int, ...]) -> None:
    name = call_type.value.replace("_", " ")
    label = f"an {name}" if name[0] in "aeiou" else f"a {name}"
    size = 4 if call_type in _KAN_TYPES else 3
    if len(tiles) != size:
        raise InvalidHandError(f"{label} has {size} tiles, got {len(tiles)}")
    kinds = [kind_of(c) for c in tiles]
    if call_type is CallType.CHI:
        _check_chi(kinds, tiles)
    elif len(set(kinds)) != 1:
        raise InvalidHandError(f"{label} is {size} identical tiles, got {_names(tiles)}")
    if sum(is_red(c) for c in tiles) > 1:
        raise InvalidHandError(f"two red fives of one suit in {label}: {_names(tiles)}")


def call_type_of(bracket: str, codes: tuple[int, ...]) -> CallType:
    """The call type that notation tells by the bracket and the shape: ``(`` a closed
    kan, else four tiles an open kan, three of a kind a pon, other three a chi (the shape
    itself is checked when the :class:`Call` is built).

    >>> call_type_of("[", (0, 1, 2)), call_type_of("(", (27, 27, 27, 27))
    (<CallType.CHI: 'chi'>, <CallType.CLOSED_KAN: 'closed_kan'>)
    """
    if bracket == "(":
        if len(codes) != 4:
            raise InvalidHandError(
                "parentheses mark a closed kan (four identical tiles); write open calls in square brackets"
            )
        return CallType.CLOSED_KAN
    if len(codes) == 4:
        return CallType.OPEN_KAN
    return CallType.PON if len({kind_of(c) for c in codes}) == 1 else CallType.CHI


def _parse_call_text(text: str) -> tuple[CallType, tuple[int, ...]]:
    """Type and tile codes of one call written alone, like ``"[406p]"`` or ``"(1111z)"``."""
    start = len(text) - len(text.lstrip())
    end = len(text.rstrip()) - 1
    if end <= start or text[start] not in BRACKETS or text[end] != BRACKETS[text[start]]:
        raise TileParseError("a call is written in brackets: [123m], [555p], [5555p] or (1111z)", text)
    pairs = scan_tiles(text, start + 1, end)
    if len(pairs) not in (3, 4):
        raise TileParseError(f"a call has 3 or 4 tiles, got {len(pairs)}", text, start)
    codes = tuple(code for code, _ in pairs)
    return call_type_of(text[start], codes), codes


@dataclass(frozen=True, init=False, repr=False)
class Call:
    """One called meld. ``tiles`` are tile codes, stored sorted by kind with a red five
    first among the fives; a list is accepted and stored as a tuple. Notation alone
    (``Call('[406p]')``) builds the call it writes; an added kan has no notation of its
    own (``[5555p]`` is an open kan): build it with :meth:`added_kan`.

    >>> Call(CallType.CHI, (14, 35, 12)).to_text()
    '[406p]'
    >>> Call.pon(4, red=1).tiles
    (34, 4, 4)
    >>> Call("[406p]"), Call.added_kan(13, red=1)
    (Call('[406p]'), Call.added_kan(13, red=1))
    """

    type: CallType
    tiles: tuple[int, ...]

    def __init__(self, type: CallType | str, tiles: Iterable[int] | None = None) -> None:
        if tiles is None:
            if not isinstance(type, str) or type.lstrip()[:1] not in BRACKETS:
                raise InvalidHandError(
                    f"Call({quote(type)}) needs its tiles: Call(type, tile_codes), or notation"
                    " alone like Call('[123m]') or Call('(1111z)')"
                )
            type, tiles = _parse_call_text(type)
        try:
            call_type = CallType(type)
        except ValueError:
            raise InvalidHandError(
                f"unknown call type {quote(type)} (expected one of {', '.join(t.value for t in CallType)})"
            ) from None
        if isinstance(tiles, (str, bytes)) or not isinstance(tiles, Iterable):
            raise InvalidHandError(
                "Call tiles are tile codes; read notation with parse_hand, or Call('[123m]') for one call"
            )
        codes = tuple(sort_codes(tiles))
        _check_call_shape(call_type, codes)
        object.__setattr__(self, "type", call_type)
        object.__setattr__(self, "tiles", codes)

    def __repr__(self) -> str:
        if self.type is CallType.ADDED_KAN:
            return f"Call.added_kan({self.kind}{', red=1' if any(self.red) else ''})"
        return f"Call({self.to_text()!r})"

    @classmethod
    def _of_kind(cls, call_type: CallType, kind: int, size: int, red: int) -> Call:
        kind = validate_kind(kind)
        _check_red_flag(red)
        head = red_code_of_kind(kind) if red else kind
        return cls(call_type, (head,) + (kind,) * (size - 1))

    @classmethod
    def chi(cls, first_kind: int, red: int = 0) -> Call:
        """Chi of ``first_kind`` and the next two; ``red=1`` makes its five red.

        >>> Call.chi(11, red=1).to_text()
        '[340p]'
        """
        first = validate_kind(first_kind)
        _check_red_flag(red)
        if is_honor(first) or number_of(first) > 7:
            raise InvalidHandError(f"a chi starts from 1-7 of a suit, not {KIND_NAMES[first]}")
        kinds = [first, first + 1, first + 2]
        fives = [k for k in kinds if k in RED_FIVE_KINDS]
        if red and not fives:
            raise InvalidHandError(f"a chi from {KIND_NAMES[first]} has no five to make red")
        codes = [red_code_of_kind(k) if red and k in fives else k for k in kinds]
        return cls(CallType.CHI, tuple(codes))

    @classmethod
    def pon(cls, kind: int, red: int = 0) -> Call:
        """Pon of three ``kind`` tiles, ``red`` of them (0 or 1) a red five."""
        return cls._of_kind(CallType.PON, kind, 3, red)

    @classmethod
    def open_kan(cls, kind: int, red: int = 0) -> Call:
        """Open kan (daiminkan) of four ``kind`` tiles."""
        return cls._of_kind(CallType.OPEN_KAN, kind, 4, red)

    @classmethod
    def closed_kan(cls, kind: int, red: int = 0) -> Call:
        """Closed kan (ankan) of four ``kind`` tiles.

        >>> Call.closed_kan(27).to_text()
        '(1111z)'
        """
        return cls._of_kind(CallType.CLOSED_KAN, kind, 4, red)

    @classmethod
    def added_kan(cls, kind: int, red: int = 0) -> Call:
        """Added kan (shouminkan) of four ``kind`` tiles."""
        return cls._of_kind(CallType.ADDED_KAN, kind, 4, red)

    @property
    def kind(self) -> int:
        """The lowest kind of the meld (the only kind of a pon or kan)."""
        return kind_of(self.tiles[0])

    @property
    def kinds(self) -> tuple[int, ...]:
        """The kind of each tile, in stored order."""
        return tuple(kind_of(c) for c in self.tiles)

    @property
    def is_open(self) -> bool:
        """Every call except a closed kan opens the hand."""
        return self.type is not CallType.CLOSED_KAN

    @property
    def is_kan(self) -> bool:
        """An open, closed or added kan (four tiles)."""
        return self.type in _KAN_TYPES

    @property
    def counts(self) -> list[int]:
        """The 34-count contribution of the meld (all four tiles of a kan)."""
        return counts_of(self.tiles)

    @property
    def red(self) -> tuple[int, int, int]:
        """Red fives per suit (m, p, s) in the meld."""
        return red_of(self.tiles)

    def to_text(self) -> str:
        """``[123m]``, ``[055p]``, ``[5555p]`` (open or added kan) or ``(1111z)``."""
        digits = format_tiles(self.tiles)
        return f"({digits})" if self.type is CallType.CLOSED_KAN else f"[{digits}]"
