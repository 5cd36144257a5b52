"""Three-player (sanma, 三麻) tile set: which kinds exist, and the checks every analysis
entry point runs for ``players=3``.

Three-player Riichi is played with 108 tiles: the 2m-8m are taken out of the 136-tile set,
so the man suit holds only 1m and 9m (four copies each), beside the full pin and sou
suits and the seven honors (27 kinds). A tile of 2m-8m in a three-player hand (concealed,
in a call or among the visible tiles) is an error naming the tile and where it is; a
``players`` value other than 3 or 4 is an error too. (Japanese Mahjong Wiki, "Sanma":
https://riichi.wiki/Sanma; the rules that differ in scoring are not this module's.)

>>> check_players(3), len(THREE_PLAYER_KINDS), THREE_PLAYER_TILES
(3, 27, 108)
>>> check_three_player_counts([0, 1] + [0] * 32, "hand")
Traceback (most recent call last):
...
riichi_lut.errors.InvalidHandError: hand: 2m is not a three-player tile (2m-8m are removed in sanma)
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import numpy as np

from ..errors import InvalidArgumentError, InvalidHandError, quote
from .hand import Hand
from .tiles import KIND_NAMES, NUM_KINDS, scan_tiles
from .typed import hand_span

__all__ = [
    "ABSENT_IN_THREE_PLAYER",
    "PLAYERS",
    "THREE_PLAYER_COPIES",
    "THREE_PLAYER_KINDS",
    "THREE_PLAYER_MASK",
    "THREE_PLAYER_TILES",
    "check_players",
    "check_three_player_counts",
    "check_three_player_hand",
    "check_three_player_rows",
    "check_three_player_text",
    "is_three_player",
    "wall_copies",
]

PLAYERS = (3, 4)
"""The accepted ``players=`` values."""
ABSENT_IN_THREE_PLAYER = tuple(range(1, 8))
"""Kinds 2m-8m: not in the three-player set."""
THREE_PLAYER_KINDS = tuple(k for k in range(NUM_KINDS) if k not in ABSENT_IN_THREE_PLAYER)
"""The 27 kinds of the three-player set: 1m 9m, 1p-9p, 1s-9s, 1z-7z."""
THREE_PLAYER_MASK = sum(1 << k for k in THREE_PLAYER_KINDS)
"""34-bit mask of :data:`THREE_PLAYER_KINDS`."""
THREE_PLAYER_TILES = 4 * len(THREE_PLAYER_KINDS)
"""Tiles of the three-player set: 108."""
THREE_PLAYER_COPIES = tuple(0 if k in ABSENT_IN_THREE_PLAYER else 4 for k in range(NUM_KINDS))
"""Copies of each of the 34 kinds in the three-player wall (0 for 2m-8m, else 4)."""


def check_players(players: object) -> int:
    """``players`` itself when it is 3 or 4 (a Python or numpy int, not a bool), else an
    :class:`~riichi_lut.errors.InvalidArgumentError`.

    >>> check_players(5)
    Traceback (most recent call last):
    ...
    riichi_lut.errors.InvalidArgumentError: players must be 3 (sanma) or 4, got 5
    """
    if isinstance(players, (int, np.integer)) and not isinstance(players, bool) and int(players) in PLAYERS:
        return int(players)
    raise InvalidArgumentError(f"players must be 3 (sanma) or 4, got {quote(players)}")


def _absent_error(kind: int, where: str) -> InvalidHandError:
    return InvalidHandError(
        f"{where}: {KIND_NAMES[kind]} is not a three-player tile (2m-8m are removed in sanma)"
    )


def check_three_player_counts(counts: Sequence[int], where: str) -> None:
    """Raise :class:`~riichi_lut.errors.InvalidHandError` naming the first kind of 2m-8m
    held in 34 ``counts`` (``where`` says whose: ``"hand"``, ``"calls"``, ``"visible"``)."""
    for kind in ABSENT_IN_THREE_PLAYER:
        if counts[kind]:
            raise _absent_error(kind, where)


def check_three_player_text(text: str, where: str = "hand") -> None:
    """Raise :class:`~riichi_lut.errors.InvalidHandError` naming the first 2m-8m of the
    mpsz ``text`` and its position (calls included: brackets and parentheses are skipped).

    >>> check_three_player_text("19m [345m]")  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    riichi_lut.errors.InvalidHandError: hand: 3m is not a three-player tile ... (at position 5 ...)
    """
    text, start, end = hand_span(text)  # a link's hand where it stands in the link
    spans = text.replace("[", " ").replace("]", " ").replace("(", " ").replace(")", " ")
    for code, position in scan_tiles(spans, start, end):
        kind = 4 if code == 34 else code  # 0m, the red five of man, is a 5m
        if kind in ABSENT_IN_THREE_PLAYER:
            error = _absent_error(kind, where)
            raise InvalidHandError(f"{error} (at position {position} in {quote(text, around=position)})")


def check_three_player_hand(text: object, hand: Hand) -> None:
    """Raise :class:`~riichi_lut.errors.InvalidHandError` naming the first 2m-8m of a
    three-player ``hand`` and where it is: its position in ``text`` when the hand was
    given as notation (``text`` is that string, else anything), else the concealed tiles
    or the calls."""
    if isinstance(text, str):
        check_three_player_text(text)
    check_three_player_counts(hand.concealed, "hand")
    if hand.calls:
        check_three_player_counts(hand.called_counts, "calls")


def check_three_player_rows(rows: np.ndarray, name: str = "counts") -> None:
    """Raise :class:`~riichi_lut.errors.InvalidHandError` (with ``row``) naming the first
    row of the (N, 34) ``rows`` holding a 2m-8m, and the kind."""
    absent = rows[:, 1:8]
    if len(rows) and absent.any():
        bad = absent.any(axis=1)
        row = int(np.flatnonzero(bad)[0])
        kind = 1 + int(np.flatnonzero(absent[row])[0])
        raise InvalidHandError(f"{_absent_error(kind, f'{name} row {row}')}", row=row)


def is_three_player(players: Any) -> bool:
    """Whether ``players`` (checked by :func:`check_players`) asks for three players.

    >>> is_three_player(3), is_three_player(4)
    (True, False)
    """
    return check_players(players) == 3


def wall_copies(players: Any) -> tuple[int, ...]:
    """Copies of each of the 34 kinds in the full wall of ``players`` (checked by
    :func:`check_players`): four of every kind for 4 (136 tiles), :data:`THREE_PLAYER_COPIES`
    for 3 (108 tiles).

    >>> sum(wall_copies(4)), sum(wall_copies(3)), wall_copies(3)[:9]
    (136, 108, (4, 0, 0, 0, 0, 0, 0, 0, 4))
    """
    return THREE_PLAYER_COPIES if is_three_player(players) else (4,) * NUM_KINDS
