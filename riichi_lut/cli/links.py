"""Links the ``riichi-lut`` command prints: the web playground's permalink of a hand.

:data:`PLAYGROUND` is where ``riichi-lut serve`` serves the playground by default; the
page reads its hand from ``?q=`` (tenhou.net/2's ``q``) and three-player Riichi from
``&players=3`` (four players, the default, is left out).

>>> permalink("2234m506p678s5557z")
'http://127.0.0.1:8000/?q=2234m506p678s5557z'
>>> permalink("23m456p22z [789s]")
'http://127.0.0.1:8000/?q=23m456p22z%20%5B789s%5D'
>>> permalink("11119999m234p22z5z", players=3)
'http://127.0.0.1:8000/?q=11119999m234p22z5z&players=3'
>>> permalink("https://tenhou.net/2/?q=2234m506p678s5557z")  # a link: its hand
'http://127.0.0.1:8000/?q=2234m506p678s5557z'
"""

from __future__ import annotations

from urllib.parse import quote

from ..core.typed import link_hand

__all__ = ["PLAYGROUND", "permalink"]

PLAYGROUND = "http://127.0.0.1:8000/"
"""The playground's address: ``riichi-lut serve``'s default host and port."""


def permalink(hand: str, base: str = PLAYGROUND, players: int = 4) -> str:
    """The playground URL that opens ``hand`` (its text URL-encoded as ``?q=``), for
    ``players`` players (3: ``&players=3``, the playground's three-player mode); a
    tenhou.net/2 link or ``q=`` query gives the hand in its ``q``."""
    link = f"{base}?q={quote(link_hand(hand), safe='')}"
    return link if players == 4 else f"{link}&players={players}"
