"""The bracket notation of the common MCR tools ("GB style"): read with :func:`parse_gb` /
:func:`read_gb`, write with :func:`format_gb`.

The notation is the one ChineseOfficialMahjongHelper documents (its ``mahjong-algorithm``
README, "字符串化说明") and that tools built on it, like PyMahjongGB's test strings, use:

* number tiles as digits and a lower-case suit letter, ``m`` 万, ``s`` 条, ``p`` 饼 (``123m``);
* honors as upper-case letters: ``E S W N`` for the winds and ``C F P`` for the dragons
  中 发 白 (red, green, white);
* each melded set in square brackets, with an optional comma and digit for where the
  claimed tile came from: a chow ``[567m,2]`` (the 2nd tile, 6m, was the claimed one; no
  digit means the 1st), a pung ``[999s,3]`` (1 = the left player 上家, 2 = opposite 对家,
  3 = right 下家; no digit means left), a kong ``[8888p,1]`` like a pung, ``[1111s,6]`` a
  promoted kong (5, 6, 7 = a pung claimed from 1, 2, 3 and then promoted), and a kong with
  **no** digit, ``[SSSS]``, a concealed kong;
* the concealed tiles, in any order; a tool that writes the winning tile last (the helper's
  "上牌") is read that way by :func:`read_gb`.

The trap. The helper also reads Tenhou-style ``z`` digits, but in Chinese order: ``5z 6z
7z`` = 中 发 白, where Tenhou, Japanese tools and the rest of this package read ``5z 6z
7z`` = 白 发 中. ``5z`` and ``7z`` are therefore opposite tiles in the two worlds and are
refused here (``TileParseError`` saying to write ``C`` or ``P``); ``1z``..``4z`` (the winds)
and ``6z`` (发, green, in both) are read.

A :class:`~riichi_lut.core.hand.Hand` has no place for the offer digits (a
:class:`~riichi_lut.core.calls.Call` does not record from whom): :func:`parse_gb` returns the
Hand alone, :func:`read_gb` a :class:`GbHand` that keeps the digits beside it, and
:func:`format_gb` writes them back, so a text read by :func:`read_gb` is written again
unchanged up to the order of the concealed tiles. MCR has no red fives: ``0`` is refused.
Grammar and examples: ``docs/mcr.md`` ("Notation").
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from ..core.calls import Call, CallType
from ..core.hand import Hand, as_hand
from ..core.tiles import NUM_KINDS, check_copies, counts_of, is_honor, number_of, scan_tiles, validate_kind
from ..errors import InvalidArgumentError, InvalidHandError, TileParseError, quote
from .rules import refuse_red_fives

__all__ = ["GB_HONOR_LETTERS", "GbHand", "format_gb", "parse_gb", "read_gb"]

GB_HONOR_LETTERS = "ESWNCFP"
"""The honor letters of GB-style text, in Chinese order: the four winds, then 中 发 白
(red, green, white dragon)."""

_HONOR_KIND = {"E": 27, "S": 28, "W": 29, "N": 30, "C": 33, "F": 32, "P": 31}
_KIND_LETTER = {kind: letter for letter, kind in _HONOR_KIND.items()}
_SUIT_BASE = {"m": 0, "p": 9, "s": 18}
_SUIT_OF_BASE = {0: "m", 9: "p", 18: "s"}
_WIND_Z = {"1": 27, "2": 28, "3": 29, "4": 30, "6": 32}  # 6z is 发 in both orders
_AMBIGUOUS_Z = {"5": ("中 (red, C)", "白 (white, P)"), "7": ("白 (white, P)", "中 (red, C)")}
_KONG_OFFERS = (1, 2, 3)
_PROMOTED_OFFERS = (5, 6, 7)
_ALLOWED_OFFERS: dict[CallType, tuple[int | None, ...]] = {
    CallType.CHI: (None, 1, 2, 3),
    CallType.PON: (None, 1, 2, 3),
    CallType.OPEN_KAN: (None, 1, 2, 3),
    CallType.ADDED_KAN: (None, 5, 6, 7),
    CallType.CLOSED_KAN: (None,),
}


@dataclass(frozen=True)
class GbHand:
    """A hand read from GB-style text with what a :class:`~riichi_lut.core.hand.Hand` cannot
    hold: ``offers[i]`` is the digit written after the comma of ``hand.calls[i]`` (a
    chow: which of its tiles, in ascending order, was claimed, 1..3; a pung or melded kong:
    who discarded it, 1 left, 2 opposite, 3 right; a promoted kong: 5..7; ``None`` when no
    digit was written, always for a concealed kong); ``win_tile`` is the kind of the last
    concealed tile written when the hand has its winning size (14 tiles, a kong as three),
    else ``None``.

    >>> g = read_gb("[567m,2][EEEE]123p45s6sFF")
    >>> g.offers, g.win_tile, g.hand.to_text()
    ((2, None), 32, '123p456s66z [567m] (1111z)')
    """

    hand: Hand
    offers: tuple[int | None, ...]
    win_tile: int | None

    def __post_init__(self) -> None:
        if not isinstance(self.hand, Hand):
            raise InvalidArgumentError(f"GbHand.hand is a Hand, got {type(self.hand).__name__}")
        object.__setattr__(self, "offers", tuple(_check_offers(self.hand, self.offers)))
        if self.win_tile is not None:
            win = _win_kind(self.win_tile)
            if not self.hand.concealed[win]:
                raise _not_concealed(self.win_tile, self.hand)
            object.__setattr__(self, "win_tile", win)

    def to_dict(self) -> dict[str, Any]:
        """The fields as plain data: the hand in package notation and in GB style.

        >>> read_gb("[999s,3]123m456p78sCC9s").to_dict()["offers"]
        [3]
        """
        return {
            "hand": self.hand.to_text(),
            "gb": format_gb(self),
            "offers": list(self.offers),
            "win_tile": self.win_tile,
        }


# --- reading ----------------------------------------------------------------------------


def _honor_after_digits(text: str, pending: list[int]) -> TileParseError:
    return TileParseError("digits with no suit letter (honors are letters: E S W N C F P)", text, pending[0])


def _z_kind(text: str, position: int) -> int:
    digit = text[position]
    if digit in _AMBIGUOUS_Z:
        theirs, ours = _AMBIGUOUS_Z[digit]
        raise TileParseError(
            f"'{digit}z' is ambiguous in GB-style text: ChineseOfficialMahjongHelper reads it as"
            f" {theirs}, Tenhou and riichi_lut as {ours}; write the letter C (中 red) or P (白 white)",
            text,
            position,
        )
    if digit not in _WIND_Z:
        raise TileParseError(f"no honor '{digit}z': winds are 1z-4z (E S W N), dragons C F P", text, position)
    return _WIND_Z[digit]


def _flush(text: str, pending: list[int], letter: str, position: int) -> list[tuple[int, int]]:
    """The tiles of the digits at ``pending`` closed by the suit letter at ``position``."""
    if not pending:
        raise TileParseError(f"suit letter {letter!r} has no digits", text, position)
    if letter == "z":
        return [(_z_kind(text, p), p) for p in pending]
    return [(_SUIT_BASE[letter] + int(text[p]) - 1, p) for p in pending]


def _scan(text: str, start: int, end: int) -> list[tuple[int, int]]:
    """``(kind, position)`` of every GB tile in ``text[start:end]`` (no brackets inside)."""
    pairs: list[tuple[int, int]] = []
    pending: list[int] = []
    for position in range(start, end):
        char = text[position]
        if char in "123456789":
            pending.append(position)
        elif char in "mpsz":
            pairs += _flush(text, pending, char, position)
            pending.clear()
        elif char in _HONOR_KIND:
            if pending:
                raise _honor_after_digits(text, pending)
            pairs.append((_HONOR_KIND[char], position))
        elif char.isspace():
            if pending:
                raise TileParseError("digits with no suit letter", text, pending[0])
        else:
            raise _unknown(text, position)
    if pending:
        raise TileParseError("digits with no suit letter", text, pending[0])
    return pairs


def _unknown(text: str, position: int) -> TileParseError:
    char = text[position]
    if char in "()":
        return TileParseError(
            "parentheses are riichi_lut notation; GB-style text writes a concealed kong as"
            " [SSSS] (square brackets, no digit): use parse_hand for '(1111z)'",
            text,
            position,
        )
    if char == "0":
        return TileParseError("'0' is not a tile in MCR (no red fives): write 5m, 5p or 5s", text, position)
    if char.upper() in _HONOR_KIND:
        return TileParseError(
            f"honors are upper-case letters: write {char.upper()!r}, not {char!r}", text, position
        )
    if char == ",":
        return TileParseError("a comma belongs inside a meld: [567m,2]", text, position)
    return TileParseError(f"unknown character {char!r}", text, position)


def _offer_digit(text: str, comma: int, close: int) -> int:
    """The digit written between a meld's comma and its closing bracket."""
    body = text[comma + 1 : close].strip()
    if len(body) != 1 or body not in "1234567":
        where = comma + 1 + (len(text[comma + 1 : close]) - len(text[comma + 1 : close].lstrip()))
        raise TileParseError(
            "after the comma comes one digit: 1-3 (chow: which tile; pung/kong: left,"
            " opposite, right) or 5-7 (promoted kong)",
            text,
            min(where, close),
        )
    return int(body)


def _meld_type(kinds: list[int], offer: int | None, text: str, start: int) -> CallType:
    """The call a bracket with ``kinds`` and ``offer`` writes; refuses digits that do not fit."""
    same = len(set(kinds)) == 1
    if len(kinds) == 4 and same:
        if offer is None:
            return CallType.CLOSED_KAN
        if offer in _KONG_OFFERS:
            return CallType.OPEN_KAN
        if offer in _PROMOTED_OFFERS:
            return CallType.ADDED_KAN
        raise TileParseError(
            f"a kong takes 1-3 (melded), 5-7 (promoted) or no digit (concealed), got {offer}", text, start
        )
    if offer is not None and offer > 3:
        label = "pung" if same else "chow"
        raise TileParseError(
            f"a {label} takes a digit 1-3, got {offer} (5-7 are for promoted kongs)", text, start
        )
    if len(kinds) == 4:
        return CallType.OPEN_KAN  # four different tiles: the Call check says what is wrong
    return CallType.PON if same else CallType.CHI


def _read_meld(text: str, start: int) -> tuple[Call, int | None, list[tuple[int, int]], int]:
    """The meld whose ``[`` is at ``start``: its call, offer, tiles and closing index."""
    close = start + 1
    while close < len(text) and text[close] != "]":
        if text[close] in "[(":
            raise TileParseError("nested bracket: a meld cannot hold a meld", text, close)
        close += 1
    if close == len(text):
        raise TileParseError("unclosed '['", text, start)
    comma = text.find(",", start, close)
    pairs = _scan(text, start + 1, comma if comma >= 0 else close)
    if len(pairs) not in (3, 4):
        raise TileParseError(f"a meld has 3 or 4 tiles, got {len(pairs)}", text, start)
    offer = None if comma < 0 else _offer_digit(text, comma, close)
    kinds = [kind for kind, _ in pairs]
    call_type = _meld_type(kinds, offer, text, start)
    try:
        call = Call(call_type, kinds)
    except InvalidHandError as exc:
        raise InvalidHandError(
            f"{text[start : close + 1]} at position {start} in {quote(text, around=start)}: {exc}"
        ) from None
    if call_type is CallType.CHI and offer is not None:
        offer = sorted(kinds).index(kinds[offer - 1]) + 1  # the claimed tile, in ascending order
    return call, offer, pairs, close


def read_gb(text: str) -> GbHand:
    """Read GB-style text: the :class:`~riichi_lut.core.hand.Hand` with the offer digits and
    the winning tile (the last concealed tile written, when the hand has its winning size).

    >>> g = read_gb("[123p,1][345s,2][999s,3]6m6pEW1m")
    >>> [c.type.value for c in g.hand.calls], g.offers, g.win_tile
    (['chi', 'chi', 'pon'], (1, 2, 3), 0)
    >>> read_gb("1112345678999s9s").win_tile
    26
    """
    if not isinstance(text, str):
        raise TileParseError(f"GB-style text must be a str, got {type(text).__name__}")
    if not text.strip():
        raise TileParseError("no tiles in an empty or blank string", text)
    concealed: list[tuple[int, int]] = []
    melds: list[tuple[Call, int | None]] = []
    every: list[tuple[int, int]] = []
    position = 0
    while position < len(text):
        if text[position] == "[":
            call, offer, pairs, close = _read_meld(text, position)
            melds.append((call, offer))
            every += pairs
            position = close + 1
            continue
        if text[position] == "]":
            raise TileParseError("']' without an opening '['", text, position)
        stop = position
        while stop < len(text) and text[stop] not in "[]":
            stop += 1
        pairs = _scan(text, position, stop)
        concealed += pairs
        every += pairs
        position = stop
    check_copies(every, text)
    hand = Hand(tuple(counts_of(k for k, _ in concealed)), (0, 0, 0), tuple(c for c, _ in melds))
    win = concealed[-1][0] if hand.is_complete_size and concealed else None
    return GbHand(hand, tuple(o for _, o in melds), win)


def parse_gb(text: str) -> Hand:
    """Read GB-style text (``"[567m,2][EEEE]123p45s6s"``) as a
    :class:`~riichi_lut.core.hand.Hand`: melds in brackets become calls (a chow, a pung, a
    melded, promoted or concealed kong), ``C F P`` are 中 发 白. The offer digits are
    dropped; :func:`read_gb` keeps them.

    >>> parse_gb("[567m,2][EEEE]123p45s6sFF")
    Hand('123p456s66z [567m] (1111z)')
    >>> parse_gb("[EEEE][CCCC][FFFF][PPPP]NN").to_text()
    '44z (1111z) (7777z) (6666z) (5555z)'
    >>> try:
    ...     parse_gb("123m456p789s555z")
    ... except TileParseError as exc:
    ...     print(exc.position, exc.reason.split(":")[0])
    12 '5z' is ambiguous in GB-style text
    """
    return read_gb(text).hand


# --- writing ----------------------------------------------------------------------------


def _tiles_gb(kinds: Sequence[int]) -> str:
    """GB letters for ``kinds`` (sorted by the caller): a run of one suit shares its letter."""
    out: list[str] = []
    suit: str | None = None
    for kind in kinds:
        letter = None if is_honor(kind) else _SUIT_OF_BASE[kind - kind % 9]
        if suit is not None and letter != suit:
            out.append(suit)  # close the run of the previous suit
        suit = letter
        out.append(_KIND_LETTER[kind] if letter is None else str(number_of(kind)))
    if suit is not None:
        out.append(suit)
    return "".join(out)


def _concealed_order(kind: int) -> tuple[int, int]:
    """m, p, s, then E S W N C F P (the Chinese honor order)."""
    return (1, GB_HONOR_LETTERS.index(_KIND_LETTER[kind])) if is_honor(kind) else (0, kind)


def _check_offer(call: Call, offer: object, index: int) -> int | None:
    allowed = _ALLOWED_OFFERS[call.type]
    for value in allowed:
        if offer is value or (value is not None and type(offer) is int and offer == value):
            return value
    shown = ", ".join("None" if a is None else str(a) for a in allowed)
    raise InvalidArgumentError(
        f"offers[{index}] for {call.to_text()} ({call.type.value}) is one of {shown}, got {quote(offer)}"
    )


def _check_offers(hand: Hand, offers: object) -> list[int | None]:
    """``offers`` checked against the calls of ``hand``: one fitting digit or ``None`` each."""
    if isinstance(offers, (str, bytes)) or not isinstance(offers, Sequence) or len(offers) != hand.n_calls:
        raise InvalidArgumentError(f"offers has one entry per call ({hand.n_calls}), got {quote(offers)}")
    return [
        _check_offer(call, offer, i) for i, (call, offer) in enumerate(zip(hand.calls, offers, strict=True))
    ]


def _meld_gb(call: Call, offer: int | None) -> str:
    if call.type is CallType.OPEN_KAN and offer is None:
        offer = 1  # no digit would read as a concealed kong
    if call.type is CallType.ADDED_KAN and offer is None:
        offer = 5
    digit = "" if offer is None else f",{offer}"
    return f"[{_tiles_gb(sorted(call.kinds))}{digit}]"


def _not_concealed(win_tile: object, hand: Hand) -> InvalidHandError:
    return InvalidHandError(
        f"win_tile {quote(win_tile)} is not among the concealed tiles of {hand.to_text()!r}"
    )


def _win_kind(win_tile: object) -> int:
    if isinstance(win_tile, str):
        pairs = scan_tiles(win_tile)
        if len(pairs) != 1 or pairs[0][0] >= NUM_KINDS:
            raise InvalidArgumentError(
                f"win_tile is one tile like '5m' or '7z' (no red five), got {quote(win_tile)}"
            )
        return pairs[0][0]
    return validate_kind(win_tile)


def format_gb(
    hand: str | Hand | GbHand,
    *,
    win_tile: int | str | None = None,
    offers: Sequence[int | None] | None = None,
) -> str:
    """Write a hand in GB-style text: melds first (``[567m,2]``, a concealed kong
    ``[SSSS]``), then the concealed tiles m, p, s, E S W N C F P, with ``win_tile`` (a kind or
    one tile in package notation) moved to the end when given.

    ``hand`` is package notation, a :class:`~riichi_lut.core.hand.Hand` or a :class:`GbHand`
    (whose offers and winning tile are the defaults). ``offers`` gives one digit or ``None``
    per call (see :class:`GbHand`); a melded kong without one is written ``,1`` and a
    promoted kong ``,5``, since a kong without a digit reads as concealed.

    >>> format_gb("123p456s66z [567m] (1111z)", win_tile="6z", offers=[2, None])
    '[567m,2][EEEE]123p456sFF'
    >>> format_gb("11z [999s] [123m] [456p] [7777z]")
    '[999s][123m][456p][CCCC,1]EE'
    >>> format_gb(read_gb("356m18s1579pWNFF9p"))
    '356m1579p18sWNFF9p'
    """
    if isinstance(hand, GbHand):
        offers = hand.offers if offers is None else offers
        win_tile = hand.win_tile if win_tile is None else win_tile
        hand = hand.hand
    h = as_hand(hand, name="hand")
    refuse_red_fives(h)
    digits = _check_offers(h, [None] * h.n_calls if offers is None else offers)
    kinds = sorted((k for k in range(NUM_KINDS) for _ in range(h.concealed[k])), key=_concealed_order)
    tail = ""
    if win_tile is not None:
        win = _win_kind(win_tile)
        if win not in kinds:
            raise _not_concealed(win_tile, h)
        kinds.remove(win)
        if kinds and _concealed_order(win) < _concealed_order(kinds[-1]):
            tail = _tiles_gb([win])  # out of order: written apart, last
        else:
            kinds.append(win)  # already last in sorted order: one run, still the last tile
    melds = "".join(_meld_gb(call, digit) for call, digit in zip(h.calls, digits, strict=True))
    return melds + _tiles_gb(kinds) + tail
