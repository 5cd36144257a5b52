"""Tiles the player can see outside the hand: discards, other players' calls, dora
indicators. They lower a kind's *live* count (copies still to be drawn):

    live = 4 - copies in hand - copies in the player's calls - visible copies

Accepted forms of ``visible`` everywhere in the library:

* ``None`` — nothing visible;
* a notation string, e.g. ``"19m 5p 77z"``; calls may be written in brackets or
  parentheses (``"[123m] (5555p) 1z"``), their tiles count like any other;
* 34 counts (a list, tuple or 1-D array);
* a :class:`Visible` (or a mapping with the same keys) that keeps the sources apart.

Red fives count as their kind. Visible tiles that push a kind above four copies together
with the hand raise :class:`~riichi_lut.errors.InvalidHandError` naming the kind.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any, Union

from .errors import InvalidHandError
from .tiles import KIND_NAMES, NUM_KINDS, counts_of, parse_tiles, validate_counts

VisibleLike = Union[None, str, Sequence[int], "Visible", Mapping[str, Any]]


def _brackets_to_spaces(text: str) -> str:
    """Same length, so parse errors keep pointing at the right position."""
    return text.translate(str.maketrans("[]()", "    "))


def _source_counts(source: Any, name: str) -> list[int]:
    if source is None:
        return [0] * NUM_KINDS
    if isinstance(source, str):
        return counts_of(parse_tiles(_brackets_to_spaces(source))) if source.strip() else [0] * NUM_KINDS
    if hasattr(source, "__len__") and len(source) == NUM_KINDS:
        return validate_counts(source, name=name)
    raise InvalidHandError(
        f"{name}: expected notation, 34 counts, a Visible or a mapping, got {type(source).__name__}"
    )


@dataclass(frozen=True)
class Visible:
    """Visible tiles by source; each field is notation or 34 counts."""

    discards: str | Sequence[int] = ""
    calls: str | Sequence[int] = ""
    dora_indicators: str | Sequence[int] = ""
    other: str | Sequence[int] = ""

    def counts(self) -> list[int]:
        total = [0] * NUM_KINDS
        for field in ("discards", "calls", "dora_indicators", "other"):
            for kind, c in enumerate(_source_counts(getattr(self, field), f"visible {field}")):
                total[kind] += c
        return total


def visible_counts(visible: VisibleLike, own: Sequence[int]) -> list[int]:
    """34 counts of ``visible``, checked against ``own`` (the player's hand and calls)."""
    if isinstance(visible, Visible):
        counts = visible.counts()
    elif isinstance(visible, Mapping):
        unknown = set(visible) - {"discards", "calls", "dora_indicators", "other"}
        if unknown:
            raise InvalidHandError(f"visible: unknown source(s) {sorted(unknown)}")
        counts = Visible(**visible).counts()
    else:
        counts = _source_counts(visible, "visible")
    for kind in range(NUM_KINDS):
        if own[kind] + counts[kind] > 4:
            raise InvalidHandError(
                f"{KIND_NAMES[kind]}: {own[kind]} in hand and calls + {counts[kind]} visible"
                f" = {own[kind] + counts[kind]} copies (at most 4)"
            )
    return counts
