"""Tiles as the ``riichi-lut`` command prints them: ASCII mpsz by default, or the Unicode
mahjong tiles with ``--unicode``.

The 34 kinds are the code points U+1F000-U+1F021: winds U+1F000-U+1F003 (1z-4z, East to
North), the dragons red U+1F004 (7z), green U+1F005 (6z) and white U+1F006 (5z),
characters U+1F007-U+1F00F (1m-9m), bamboos U+1F010-U+1F018 (1s-9s) and circles
U+1F019-U+1F021 (1p-9p). A red five (``0m``, ``0p``, ``0s``) is the five followed by
:data:`RED_MARK` (``*``). Only the printed words change: ``--json`` stays in mpsz. The
table is the parser's (:data:`riichi_lut.core.typed.TILE_GLYPHS`), so a hand printed here
reads back as the same hand.

>>> glyphs("123m0p") == "\\U0001F007\\U0001F008\\U0001F009\\U0001F01D*"
True
>>> unicode_tiles("Discard 7z: accepts 1m 2m (4 kinds / 12 tiles)") == (
...     "Discard \\U0001F004: accepts \\U0001F007 \\U0001F008 (4 kinds / 12 tiles)")
True
"""

from __future__ import annotations

import re

from ..core.typed import RED_MARK, TILE_GLYPHS

__all__ = ["RED_MARK", "glyphs", "render", "unicode_tiles"]

_FIRST_KIND = {"m": 0, "p": 9, "s": 18, "z": 27}

# a run of mpsz groups ("2234m506p", "1zx3": a tile and its live count), not inside a
# word, a number or a link ("1st", "3n+1", "?q=1m")
_GROUPS = re.compile(r"(?<![\w.,^+\-=/%])(?:[0-9]+[mpsz])+(?=x[0-9]|[^\w]|$)")
_GROUP = re.compile(r"([0-9]+)([mpsz])")


def _glyph(digit: int, suit: str) -> str:
    if suit == "z":
        return TILE_GLYPHS[26 + digit] if 1 <= digit <= 7 else f"{digit}z"
    if digit == 0:
        return TILE_GLYPHS[_FIRST_KIND[suit] + 4] + RED_MARK
    return TILE_GLYPHS[_FIRST_KIND[suit] + digit - 1]


def glyphs(tiles: str) -> str:
    """The Unicode tiles of mpsz ``tiles`` (``"123m0p"``); an honour digit outside 1-7 is
    left as written."""
    return _GROUP.sub(lambda m: "".join(_glyph(int(d), m.group(2)) for d in m.group(1)), tiles)


def unicode_tiles(text: str) -> str:
    """``text`` with every run of mpsz tiles in it drawn as Unicode tiles; the rest
    (numbers such as ``3 han 40 fu``, brackets of calls) as it was."""
    return _GROUPS.sub(lambda m: glyphs(m.group(0)), text)


def render(text: str, unicode: bool) -> str:
    """``text`` as the command prints it: :func:`unicode_tiles` with ``--unicode``, else
    unchanged."""
    return unicode_tiles(text) if unicode else text
