"""A set of tile kinds as a 34-bit integer that prints as tiles.

Bit ``k`` stands for kind ``k`` (1m = 0 ... 7z = 33). The analysis works on plain ints in
its hot loops; the masks a result exposes (the kinds a hand accepts, the discards that
keep its shanten) are handed out as :class:`TileMask`, an :class:`int` whose ``repr`` can
be pasted back:

>>> mask = TileMask("1m 4m 7p")
>>> mask
TileMask('1m 4m 7p')
>>> int(mask), list(mask), len(mask), "4m" in mask, 15 in mask
(32777, [0, 3, 15], 3, True, True)
>>> TileMask(9) == 9, TileMask([27, 28]), str(TileMask(0b11 << 27))
(True, TileMask('1z 2z'), '1z 2z')

Bit operators (``|``, ``&``, ...) are int's and return plain ints: wrap the result again
when it should print as tiles.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator

from ..errors import InvalidArgumentError
from .tiles import KIND_NAMES, NUM_KINDS, kind_of, parse_tiles, validate_kind

__all__ = ["ALL_KINDS_MASK", "TileMask", "tile_mask"]

ALL_KINDS_MASK = (1 << NUM_KINDS) - 1


class TileMask(int):
    """A set of tile kinds: 34-bit ``int`` (bit ``k`` = kind ``k``), iterable over its
    kinds in ascending order, ``len()`` = how many. Built from an int, from tiles in mpsz
    notation (``"1m 4m 7p"``, ``"147m"``; a red five counts as its kind, a kind named
    twice once) or from an iterable of kinds."""

    __slots__ = ()

    def __new__(cls, value: int | str | Iterable[int] = 0) -> TileMask:
        if isinstance(value, int) and not isinstance(value, bool):
            if not 0 <= value <= ALL_KINDS_MASK:
                raise InvalidArgumentError(f"a tile mask has 34 bits (0 .. 2**34 - 1), got {value}")
            return int.__new__(cls, value)
        if isinstance(value, str):
            kinds: Iterable[int] = [kind_of(code) for code in parse_tiles(value)] if value.strip() else []
        elif isinstance(value, Iterable):
            kinds = [validate_kind(kind) for kind in value]
        else:
            raise InvalidArgumentError(
                f"a tile mask is built from an int, tile notation or kinds, got {type(value).__name__}"
            )
        mask = 0
        for kind in kinds:
            mask |= 1 << kind
        return int.__new__(cls, mask)

    def __iter__(self) -> Iterator[int]:
        mask = int(self)
        while mask:
            low = mask & -mask
            yield low.bit_length() - 1
            mask ^= low

    def __len__(self) -> int:
        return self.bit_count()

    def __contains__(self, tile: object) -> bool:
        """A kind (int) or a tile in notation (``"5p"``, ``"0p"``)."""
        if isinstance(tile, str):
            codes = parse_tiles(tile)
            if len(codes) != 1:
                raise InvalidArgumentError(f"one tile expected, got {tile!r}")
            kind = kind_of(codes[0])
        else:
            kind = validate_kind(tile)
        return bool(self >> kind & 1)

    @property
    def tiles(self) -> list[str]:
        """The kinds in notation, ascending (``['1m', '4m', '7p']``)."""
        return [KIND_NAMES[k] for k in self]

    def __str__(self) -> str:
        return " ".join(self.tiles)

    def __repr__(self) -> str:
        return f"TileMask({str(self)!r})"

    def __reduce__(self) -> tuple[type[TileMask], tuple[int]]:
        return TileMask, (int(self),)


def tile_mask(mask: int) -> TileMask:
    """Wrap a mask the library computed (already 34 bits) without re-checking it: the
    result boundary's cheap constructor."""
    return int.__new__(TileMask, mask)
