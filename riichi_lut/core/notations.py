"""The other tile notations: mjai names and Tenhou 136-ids (see :mod:`riichi_lut.core.tiles`
for the conventions, kinds, codes and mpsz strings).

* **mjai names**: ``"1m"``..``"9s"``, ``"5mr"``/``"5pr"``/``"5sr"`` for red fives and
  ``"E" "S" "W" "N" "P" "F" "C"`` for the honors (P = white, F = green, C = red dragon).
* **136-ids** (Tenhou): ``kind = id // 4``; with red fives, ids 16, 52 and 88 are the
  red 5m, 5p and 5s.
"""

from __future__ import annotations

import operator
from collections.abc import Iterable

from ..errors import InvalidHandError, TileParseError, quote
from .tiles import (
    KIND_NAMES,
    NUM_KINDS,
    NUM_TILE_IDS,
    RED_5M,
    RED_136_IDS,
    RED_CODES,
    RED_FIVE_KINDS,
    as_int,
    is_red,
    items_of,
    tally_codes,
    validate_code,
)

__all__ = [
    "MJAI_HONORS",
    "MJAI_NAMES",
    "from_136",
    "from_136_list",
    "parse_mjai",
    "parse_mjai_list",
    "to_136_list",
    "to_mjai",
]

MJAI_HONORS = ("E", "S", "W", "N", "P", "F", "C")
MJAI_NAMES = KIND_NAMES[:27] + MJAI_HONORS + ("5mr", "5pr", "5sr")
"""mjai name of each tile code 0..36."""
_MJAI_TO_CODE = {name: code for code, name in enumerate(MJAI_NAMES)}


# --- mjai ---------------------------------------------------------------------------


def _mjai_code(name: object, where: str) -> int:
    if not isinstance(name, str):
        raise TileParseError(f"{where}mjai tile name must be a str, got {type(name).__name__}")
    code = _MJAI_TO_CODE.get(name)
    if code is None:
        raise TileParseError(
            f"{where}unknown mjai tile name (expected 1m-9m, 1p-9p, 1s-9s, 5mr, 5pr, 5sr, E S W N P F C)",
            name,
        )
    return code


def parse_mjai(name: str) -> int:
    """Tile code of one mjai tile name.

    >>> parse_mjai("5pr"), parse_mjai("C"), parse_mjai("9s")
    (35, 33, 26)
    """
    return _mjai_code(name, "")


def parse_mjai_list(names: Iterable[str]) -> list[int]:
    """Tile codes of a list of mjai names; a fifth copy or second red five is an error.

    >>> parse_mjai_list(["E", "5mr", "1m"])
    [27, 34, 0]
    """
    if isinstance(names, (str, bytes)):
        raise TileParseError("expected a list of mjai names, got a single string")
    items = items_of(names, "parse_mjai_list: names", "mjai tile names")
    codes = [_mjai_code(name, f"item {i}: ") for i, name in enumerate(items)]
    tally_codes(codes)
    return codes


def to_mjai(code: int) -> str:
    """mjai name of a tile code.

    >>> from riichi_lut.core.tiles import RED_5S
    >>> to_mjai(RED_5S), to_mjai(31)
    ('5sr', 'P')
    """
    return MJAI_NAMES[validate_code(code)]


# --- 136-ids ------------------------------------------------------------------------


def from_136(tile_id: int, red: bool = True) -> int:
    """Tile code of a Tenhou 136-id; with ``red``, ids 16/52/88 are the red fives.

    >>> from_136(16), from_136(16, red=False), from_136(135)
    (34, 4, 33)
    """
    value = as_int(tile_id, "136-id")
    if not 0 <= value < NUM_TILE_IDS:
        raise InvalidHandError(f"136-id {quote(value)} is out of range 0..{NUM_TILE_IDS - 1}")
    if red and value in RED_136_IDS:
        return RED_CODES[RED_136_IDS.index(value)]
    return value // 4


def from_136_list(tile_ids: Iterable[int], red: bool = True) -> list[int]:
    """Tile codes of a list of distinct 136-ids, in the same order.

    >>> from_136_list([0, 16, 17])
    [0, 34, 4]
    """
    if isinstance(tile_ids, (str, bytes)):
        raise InvalidHandError("from_136_list: tile_ids are 136-ids (ints 0..135), got a string")
    seen: dict[int, int] = {}
    codes = []
    for index, tile_id in enumerate(items_of(tile_ids, "from_136_list: tile_ids", "136-ids (ints 0..135)")):
        try:
            codes.append(from_136(tile_id, red))
        except InvalidHandError as exc:
            raise InvalidHandError(f"item {index}: {exc}") from None
        value = operator.index(tile_id)
        if value in seen:
            raise InvalidHandError(f"136-id {value} appears twice (items {seen[value]} and {index})")
        seen[value] = index
    return codes


def _free_ids(kind: int, red: bool) -> list[int]:
    """The 136-ids of a kind that plain copies may take."""
    ids = list(range(4 * kind, 4 * kind + 4))
    if red and kind in RED_FIVE_KINDS:
        ids.remove(RED_136_IDS[RED_FIVE_KINDS.index(kind)])
    return ids


def to_136_list(codes: Iterable[int], red: bool = True) -> list[int]:
    """Distinct 136-ids for a list of tile codes, in the same order.

    A red five gets 16/52/88; plain copies take the other ids of their kind in
    increasing order. With ``red=True`` those red ids are reserved, so at most three
    plain fives of a suit fit; with ``red=False`` red codes are refused.

    >>> to_136_list([4, RED_5M, 4, 0])
    [17, 16, 18, 0]
    """
    if isinstance(codes, (str, bytes)):
        raise InvalidHandError("to_136_list: codes are tile codes, got a string: parse it with parse_tiles")
    values = [validate_code(c) for c in items_of(codes, "to_136_list: codes", "tile codes (ints 0..36)")]
    counts, reds = tally_codes(values)
    if not red and any(reds):
        raise InvalidHandError("a red five has no 136-id when red=False")
    free = {kind: _free_ids(kind, red) for kind in range(NUM_KINDS) if counts[kind]}
    for kind in RED_FIVE_KINDS:
        plain = counts[kind] - reds[RED_FIVE_KINDS.index(kind)]
        if plain > len(free.get(kind, [])):
            raise InvalidHandError(
                f"{plain} plain {KIND_NAMES[kind]} do not fit: with red=True, 136-id"
                f" {RED_136_IDS[RED_FIVE_KINDS.index(kind)]} is the red {KIND_NAMES[kind]}"
                " (pass red=False for a set without red fives)"
            )
    ids = []
    for code in values:
        if is_red(code):
            ids.append(RED_136_IDS[code - RED_5M])
        else:
            ids.append(free[code].pop(0))
    return ids
