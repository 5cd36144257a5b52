"""What people type for tiles beside plain mpsz, read by the same parser.

- **Upper-case suits**: ``123M456P789S11Z`` is ``123m456p789s11z``.
- **The Unicode mahjong tiles** (U+1F000-U+1F021), as ``riichi-lut --unicode`` prints
  them: winds U+1F000-U+1F003 (1z-4z), the dragons red U+1F004 (7z), green U+1F005 (6z)
  and white U+1F006 (5z), characters U+1F007-U+1F00F (1m-9m), bamboos U+1F010-U+1F018
  (1s-9s), circles U+1F019-U+1F021 (1p-9p). A five followed by :data:`RED_MARK` (``*``)
  is the red five; a variation selector (U+FE0E, U+FE0F) after a tile is ignored.
- **A tenhou.net/2 link or its query**: ``https://tenhou.net/2/?q=2234m506p678s5557z``
  or ``q=2234m506p678s5557z`` is the hand in its ``q`` (:func:`link_hand`); the positions
  of a parse error then count in that hand.

Each form keeps the positions of parse errors pointing into what was typed (a Unicode
tile is one character, as its mpsz digit is), and plain lower-case mpsz is read exactly as
before, at the same speed (the parser looks here only for a character it does not know).

>>> TILE_GLYPHS[0] == "\\U0001F007" and GLYPH_KINDS["\\U0001F006"] == 31
True
>>> link_hand("https://tenhou.net/2/?q=2234m506p678s5557z&x=1"), link_hand("123m")
('2234m506p678s5557z', '123m')
"""

from __future__ import annotations

from urllib.parse import parse_qs, urlsplit

__all__ = ["GLYPH_KINDS", "IGNORED_AFTER_GLYPH", "RED_MARK", "TILE_GLYPHS", "UPPER_SUITS", "link_hand"]

_FIRST = {"m": 0x1F007, "p": 0x1F019, "s": 0x1F010}
_HONOURS = (0x1F000, 0x1F001, 0x1F002, 0x1F003, 0x1F006, 0x1F005, 0x1F004)  # 1z..7z

TILE_GLYPHS: tuple[str, ...] = tuple(chr(_FIRST[s] + n) for s in "mps" for n in range(9)) + tuple(
    chr(c) for c in _HONOURS
)
"""The Unicode tile of each kind 0..33 (1m..9m, 1p..9p, 1s..9s, 1z..7z)."""

GLYPH_KINDS: dict[str, int] = {glyph: kind for kind, glyph in enumerate(TILE_GLYPHS)}
"""The kind of each Unicode tile."""

RED_MARK = "*"
"""What follows a five drawn as a Unicode tile to make it the red five."""

IGNORED_AFTER_GLYPH = frozenset("\ufe0e\ufe0f")
"""Variation selectors (text or emoji presentation) that may follow a Unicode tile."""

UPPER_SUITS = {"M": "m", "P": "p", "S": "s", "Z": "z"}
"""Upper-case suit letters and the suit they stand for."""


def link_hand(text: str) -> str:
    """The hand of a tenhou.net/2 link (``https://tenhou.net/2/?q=...``) or of a bare query
    (``q=...``): its ``q`` value, decoded; any other text as it is. A link or query whose
    ``q`` is missing or empty is returned as it is (the parser then says what is wrong).

    >>> link_hand("q=123m456p"), link_hand("tenhou.net/2/?q=11z%2022z")
    ('123m456p', '11z 22z')
    """
    if "q=" not in text:  # plain notation: the common case, one substring test
        return text
    stripped = text.strip()
    query = urlsplit(stripped).query if "?" in stripped else stripped
    values = parse_qs(query, keep_blank_values=True).get("q")
    if not values or not values[0].strip():
        return text
    return values[0]
