"""Tiles the player can see outside the hand: discards, other players' calls, dora
indicators, the player's own discards. They lower a kind's *live* count (copies still to
be drawn):

    live = 4 - copies in hand - copies in the player's calls - visible copies

Accepted forms of ``visible`` everywhere in the library:

* ``None`` — nothing visible;
* a notation string, e.g. ``"19m 5p 77z"``; calls may be written in brackets or
  parentheses (``"[123m] (5555p) 1z"``), their tiles count like any other;
* 34 counts (a list, tuple or 1-D array);
* a :class:`Visible` (or a mapping with the same keys) that keeps the sources apart.

The player's own discards (``Visible(own_discards=...)``) count as visible like the
others and also decide *furiten*: a tenpai hand whose waits include a tile the player
discarded cannot win on another player's discard (:func:`own_discard_counts` reads them).

Red fives count as their kind. Visible tiles that push a kind above four copies together
with the hand raise :class:`~riichi_lut.errors.InvalidHandError` naming the kind.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from ..errors import InvalidHandError, TileParseError, quote
from .tiles import KIND_NAMES, NUM_KINDS, counts_of, parse_tiles, red_of, validate_counts

__all__ = ["SOURCES", "Tally", "Visible", "VisibleLike", "own_discard_counts", "visible_counts"]


def _brackets_to_spaces(text: str) -> str:
    """Same length, so parse errors keep pointing at the right position."""
    return text.translate(str.maketrans("[]()", "    "))


Tally = tuple[list[int], list[int]]
"""34 counts and the red fives (m, p, s) of a source of visible tiles."""


def _source_tally(source: Any, name: str) -> Tally:
    if source is None or (isinstance(source, str) and not source.strip()):
        return [0] * NUM_KINDS, [0, 0, 0]
    if isinstance(source, str):
        try:
            codes = parse_tiles(_brackets_to_spaces(source))
        except TileParseError as exc:
            parameter = name.rsplit(maxsplit=1)[-1]  # "visible other": Visible's field "other"
            raise TileParseError(
                exc.reason, source, exc.position, parameter=parameter, subject=name
            ) from None
        return counts_of(codes), list(red_of(codes))
    if hasattr(source, "__len__") and len(source) == NUM_KINDS:
        return validate_counts(source, name=name), [0, 0, 0]
    size = f" of {len(source)} items" if hasattr(source, "__len__") else ""
    raise InvalidHandError(
        f"{name}: expected notation, 34 counts, a Visible or a mapping, got {type(source).__name__}{size}"
    )


def _is_empty(source: object) -> bool:
    """A source left at its default (``""``); an explicit empty sequence is shown."""
    return isinstance(source, str) and source == ""


def _add(total: Tally, part: Tally) -> Tally:
    return [a + b for a, b in zip(total[0], part[0], strict=True)], [
        a + b for a, b in zip(total[1], part[1], strict=True)
    ]


SOURCES = ("discards", "calls", "dora_indicators", "other", "own_discards")
"""The fields of :class:`Visible`: where visible tiles come from."""


@dataclass(frozen=True, repr=False)
class Visible:
    """Visible tiles by source; each field is notation or 34 counts. The ``repr``
    lists the sources that hold tiles and evaluates back to an equal ``Visible``.

    ``own_discards`` are the player's own: visible like the rest, and what decides
    furiten.

    >>> Visible(discards="19m 5p", dora_indicators="3z")
    Visible(discards='19m 5p', dora_indicators='3z')
    >>> Visible(own_discards="9p").counts()[17]
    1
    """

    discards: str | Sequence[int] = ""
    calls: str | Sequence[int] = ""
    dora_indicators: str | Sequence[int] = ""
    other: str | Sequence[int] = ""
    own_discards: str | Sequence[int] = ""

    def __repr__(self) -> str:
        given = [
            f"{field}={getattr(self, field)!r}" for field in SOURCES if not _is_empty(getattr(self, field))
        ]
        return f"Visible({', '.join(given)})"

    def counts(self) -> list[int]:
        """34 counts over all sources (red fives counted as their kind)."""
        return self.tally()[0]

    def tally(self) -> Tally:
        """(34 counts, red fives per suit) over every source, as the live counts read them."""
        total: Tally = ([0] * NUM_KINDS, [0, 0, 0])
        for field in SOURCES:
            total = _add(total, _source_tally(getattr(self, field), f"visible {field}"))
        return total


# After the class, not a string forward reference: an alias's "Visible" would be looked up in
# the module of each annotation that uses it, which does not import it (pdoc cannot render it).
VisibleLike = None | str | Sequence[int] | Visible | Mapping[str, Any]


def visible_counts(visible: VisibleLike, own: Sequence[int], own_red: Sequence[int] = (0, 0, 0)) -> list[int]:
    """34 counts of ``visible``, checked against ``own`` (the player's hand and calls)
    and ``own_red`` (their red fives): at most four copies of a kind and one red five
    of a suit in all."""
    if isinstance(visible, Visible):
        counts, red = visible.tally()
    elif isinstance(visible, Mapping):
        unknown = set(visible) - set(SOURCES)
        if unknown:
            raise InvalidHandError(
                f"visible: unknown source(s) {quote(sorted(unknown, key=repr))}"
                f" (expected {', '.join(SOURCES)})"
            )
        counts, red = Visible(**visible).tally()
    else:
        counts, red = _source_tally(visible, "visible")
    for kind in range(NUM_KINDS):
        if own[kind] + counts[kind] > 4:
            raise InvalidHandError(
                f"{KIND_NAMES[kind]}: {own[kind]} in hand and calls + {counts[kind]} visible"
                f" = {own[kind] + counts[kind]} copies (at most 4)"
            )
    for suit, letter in enumerate("mps"):
        if own_red[suit] + red[suit] > 1:
            raise InvalidHandError(
                f"red 5{letter}: {own_red[suit]} in hand and calls + {red[suit]} visible"
                " (one red five per suit)"
            )
    return counts


def own_discard_counts(visible: VisibleLike) -> list[int]:
    """34 counts of the player's own discards in ``visible``: the ``own_discards`` of a
    :class:`Visible` or of a mapping, zeros for any other form (notation and counts do not
    say whose the tiles are).

    >>> own_discard_counts({"own_discards": "1z 1z"})[27], own_discard_counts("1z")[27]
    (2, 0)
    """
    if isinstance(visible, Mapping):
        source = visible.get("own_discards", "")
    elif isinstance(visible, Visible):
        source = visible.own_discards
    else:
        return [0] * NUM_KINDS
    return _source_tally(source, "visible own_discards")[0]
