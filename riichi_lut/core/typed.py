"""What people type for tiles beside plain mpsz, read by the same parser.

- **Upper-case suits**: ``123M456P789S11Z`` is ``123m456p789s11z``.
- **The Unicode mahjong tiles** (U+1F000-U+1F021), as ``riichi-lut --unicode`` prints
  them: winds U+1F000-U+1F003 (1z-4z), the dragons red U+1F004 (7z), green U+1F005 (6z)
  and white U+1F006 (5z), characters U+1F007-U+1F00F (1m-9m), bamboos U+1F010-U+1F018
  (1s-9s), circles U+1F019-U+1F021 (1p-9p). A five followed by :data:`RED_MARK` (``*``)
  is the red five; a variation selector (U+FE0E, U+FE0F) after a tile is ignored.
- **A tenhou.net/2 link or its query**: ``https://tenhou.net/2/?q=2234m506p678s5557z``
  or ``q=2234m506p678s5557z`` is the hand in its ``q`` (:func:`hand_span`), whatever the
  host (the playground's own permalinks use ``q`` too) and whatever other parameters the
  link has. A link with no ``q`` (or an empty one) is refused with what to give instead
  (:func:`link_problem`).

Each form keeps the positions of parse errors pointing into what was typed: a Unicode tile
is one character, as its mpsz digit is, and the hand of a link is read where it stands in
the link (a ``q`` written with ``%`` escapes or ``+`` is the one exception: it is read
decoded, and its errors quote and count in the decoded hand). Plain lower-case mpsz is read
exactly as before, at the same speed: the parser looks here only for a character it does
not know, and a text without ``q=`` is no link.

>>> TILE_GLYPHS[0] == "\\U0001F007" and GLYPH_KINDS["\\U0001F006"] == 31
True
>>> link_hand("https://tenhou.net/2/?q=2234m506p678s5557z&x=1"), link_hand("123m")
('2234m506p678s5557z', '123m')
>>> hand_span("https://tenhou.net/2/?q=2234m506p678s5557z&x=1")[1:]
(24, 42)
"""

from __future__ import annotations

import re
from urllib.parse import parse_qs, urlsplit

__all__ = [
    "GLYPH_KINDS",
    "IGNORED_AFTER_GLYPH",
    "RED_MARK",
    "TILE_GLYPHS",
    "UPPER_SUITS",
    "hand_span",
    "link_hand",
    "link_problem",
]

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


_Q_VALUE = re.compile(r"(?:^|[?&])q=([^&#]*)")
_LINK_START = re.compile(r"\s*(?:[a-z][a-z0-9+.-]*://|www\.|tenhou\.net\b)", re.IGNORECASE)
EXAMPLE_LINK = "https://tenhou.net/2/?q=2234m506p678s5557z"
"""A tenhou.net/2 link, as the messages about links show one."""


def hand_span(text: str) -> tuple[str, int, int]:
    """Where the hand of ``text`` is: ``(source, start, end)`` with the hand in
    ``source[start:end]``. Plain notation is all of itself; a link or query (see
    :func:`link_hand`) gives its ``q`` where it stands in ``text``, so that the positions of
    a parse error of ``source`` count in what was typed; only a ``q`` that decodes to other
    text (``%`` escapes, ``+``) gives the decoded hand as its own source.

    >>> hand_span("123m"), hand_span("q=123m&p=1"), hand_span("q=1%20m")
    (('123m', 0, 4), ('q=123m&p=1', 2, 6), ('1 m', 0, 3))
    """
    if "q=" not in text:  # plain notation: the common case, one substring test
        return text, 0, len(text)
    hand = link_hand(text)
    if hand is text:
        return text, 0, len(text)
    stripped = len(text) - len(text.lstrip())
    question = text.find("?")
    query = stripped if question < 0 else question + 1
    found = _Q_VALUE.search(text[query:]) if question >= 0 or text[query:].startswith("q=") else None
    if found is not None and found.group(1) == hand:
        return text, query + found.start(1), query + found.end(1)
    return hand, 0, len(hand)


def link_problem(text: str) -> str | None:
    """Why ``text``, a link or a query that :func:`link_hand` found no hand in, gives no
    hand; ``None`` for text that is no link (its error is about its characters).

    >>> link_problem("https://tenhou.net/2/?p=1")
    'a link gives its hand in q= (as https://tenhou.net/2/?q=2234m506p678s5557z); this one has no q='
    >>> link_problem("q=")[:46], link_problem("12x") is None
    ('the q= of this link is empty: give the hand af', True)
    """
    query = urlsplit(text.strip()).query if "?" in text else text.strip()
    if "q" in parse_qs(query, keep_blank_values=True):
        return f"the q= of this link is empty: give the hand after it, as {EXAMPLE_LINK}"
    if _LINK_START.match(text) or "/?" in text:
        return f"a link gives its hand in q= (as {EXAMPLE_LINK}); this one has no q="
    return None
