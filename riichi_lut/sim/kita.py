"""Kita (北抜き, nuki-dora) in three-player self-play: the bookkeeping of
:func:`riichi_lut.sim.selfplay.play` when it is given replacement uniforms.

**Policy** (always declare): after every draw that does not win — the turn's draw or a
replacement — a player holding a North sets one aside as kita and draws a replacement
tile, and repeats while it holds a North, then discards; so the Norths of the deal are
declared after the first draw (a win on that draw keeps them), a drawn North at once,
and no North is ever discarded or kept. Always, not "unless keeping it is better by
shanten": North is a guest wind in sanma (a pair, a triplet, kokushi or an honor yakuman
are its only uses), a kita is a sure dora and its replacement keeps the hand at 14 tiles,
it is what sanma bots do, and it needs no second shanten test per draw. In riichi only a
drawn North may be set aside (the 13 tiles are fixed; with this policy a riichi hand
holds no North, so a riichi player declares every North it draws).

The replacement comes from the **same wall** (the model has no dead wall), so each kita
leaves one tile fewer to draw; a kita needs a tile left to replace it, and a game whose
wall is empty stops. At most four kita (four Norths) a game. A kita counts as a call for
the scoring (Tenhou's rules, ``docs/sanma.md``): it ends the ippatsu chance, a kita in
the first turn makes a riichi with the first discard a plain one, and a win after a kita
is no chiihou (:mod:`riichi_lut.sim.selfplay_score`).

The replacement of a game's ``k``-th kita (``k = 0..3``) is drawn with
``uniforms[k, game]``, like a turn's draw (the cumulative counts of the game's wall), so
a game's tiles depend only on its own uniforms.

>>> import numpy as np
>>> state = KitaState(np.zeros((4, 2)), np.array([95, 95]))
>>> hand = np.zeros((2, 34), dtype=np.uint8); hand[0, NORTH] = 2
>>> rows, u = state.declare(hand, np.arange(2), 1)
>>> rows.tolist(), int(hand[0, NORTH]), state.count.tolist(), state.first_turn.tolist()
([0], 1, [1, 0], [1, -1])
"""

from __future__ import annotations

import numpy as np

from ..errors import InvalidArgumentError

__all__ = ["MAX_KITA", "NORTH", "KitaState"]

NORTH = 30
"""Kind index of North (4z)."""
MAX_KITA = 4
"""Kita a game can declare: the four Norths."""


class KitaState:
    """The kita of ``N`` games: how many each declared (``count``), the turn of its first
    one (``first_turn``, ``-1`` for none), and what it needs to draw the replacements:
    ``uniforms`` (4, N) and ``start`` (N,), the tiles each wall held before the first draw.
    """

    def __init__(self, uniforms: np.ndarray, start: np.ndarray) -> None:
        uniforms = np.asarray(uniforms)
        n = len(start)
        if uniforms.shape != (MAX_KITA, n):
            raise InvalidArgumentError(
                f"kita uniforms must have shape ({MAX_KITA}, {n}): one per kita and game,"
                f" got {uniforms.shape}"
            )
        self.uniforms = uniforms
        self.start = np.asarray(start, dtype=np.int64)
        self.count = np.zeros(n, dtype=np.int8)
        self.first_turn = np.full(n, -1, dtype=np.int16)

    def left(self, games: np.ndarray, turns: int) -> np.ndarray:
        """Tiles left in the walls of ``games`` after ``turns`` turn draws and their kita
        replacements (every game still playing has made one draw a turn)."""
        return np.asarray(self.start[games] - turns - self.count[games])

    def declare(
        self, hand: np.ndarray, games: np.ndarray, t: int, fixed: np.ndarray | None = None
    ) -> tuple[np.ndarray, np.ndarray]:
        """Declare one kita in every row of ``hand`` (14 tiles, one per game of ``games``)
        that holds a North while its wall has a tile left, at turn ``t``, except the rows
        where ``fixed`` is true (a riichi hand whose drawn tile is not the North): the
        North leaves ``hand`` (now 13 tiles), the count goes up. Returns those rows and the
        uniform of each one's replacement draw (the caller draws it and adds it to
        ``hand``)."""
        holding = hand[:, NORTH] > 0
        if fixed is not None:
            holding &= ~fixed
        rows = np.flatnonzero(holding)
        if not len(rows):
            return rows, np.zeros(0)
        rows = rows[self.left(games[rows], t) > 0]
        owner = games[rows]
        hand[rows, NORTH] -= 1
        self.first_turn[owner[self.first_turn[owner] < 0]] = t
        uniform = self.uniforms[self.count[owner], owner]
        self.count[owner] += 1
        return rows, np.asarray(uniform)
