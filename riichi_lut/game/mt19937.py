"""MT19937, the Mersenne Twister of Matsumoto and Nishimura (1998), as its reference code
``mt19937ar.c`` defines it: ``init_genrand``, ``init_by_array`` and ``genrand_int32``.

Tenhou seeds it with the words of a log's ``SHUFFLE`` seed (:mod:`riichi_lut.game.wall`).
Written here in plain Python from the published algorithm, so that a wall is the same on
every platform and every numpy version.

>>> MT19937([0x123, 0x234, 0x345, 0x456]).next_words(3)  # mt19937ar.out's first outputs
[1067595299, 955945823, 477289528]
"""

from __future__ import annotations

from collections.abc import Sequence

__all__ = ["MT19937"]

_N = 624
_M = 397
_MATRIX_A = 0x9908B0DF
_UPPER = 0x80000000
_LOWER = 0x7FFFFFFF
_MASK = 0xFFFFFFFF


class MT19937:
    """The generator seeded by ``init_by_array(key)`` (``key``: 32-bit words)."""

    def __init__(self, key: Sequence[int]) -> None:
        self.state = [0] * _N
        self.index = _N
        self._init_genrand(19650218)
        self._init_by_array(list(key))

    def _init_genrand(self, seed: int) -> None:
        mt = self.state
        mt[0] = seed & _MASK
        for i in range(1, _N):
            mt[i] = (1812433253 * (mt[i - 1] ^ (mt[i - 1] >> 30)) + i) & _MASK
        self.index = _N

    def _init_by_array(self, key: list[int]) -> None:
        mt = self.state
        i, j = 1, 0
        for _ in range(max(_N, len(key))):
            mt[i] = ((mt[i] ^ ((mt[i - 1] ^ (mt[i - 1] >> 30)) * 1664525)) + key[j] + j) & _MASK
            i += 1
            j += 1
            if i >= _N:
                mt[0] = mt[_N - 1]
                i = 1
            if j >= len(key):
                j = 0
        for _ in range(_N - 1):
            mt[i] = ((mt[i] ^ ((mt[i - 1] ^ (mt[i - 1] >> 30)) * 1566083941)) - i) & _MASK
            i += 1
            if i >= _N:
                mt[0] = mt[_N - 1]
                i = 1
        mt[0] = _UPPER

    def _twist(self) -> None:
        mt = self.state
        for k in range(_N):
            y = (mt[k] & _UPPER) | (mt[(k + 1) % _N] & _LOWER)
            mt[k] = mt[(k + _M) % _N] ^ (y >> 1) ^ (_MATRIX_A if y & 1 else 0)
        self.index = 0

    def next_word(self) -> int:
        """``genrand_int32``: the next 32-bit word."""
        if self.index >= _N:
            self._twist()
        y = self.state[self.index]
        self.index += 1
        y ^= y >> 11
        y ^= (y << 7) & 0x9D2C5680
        y ^= (y << 15) & 0xEFC60000
        y ^= y >> 18
        return y

    def next_words(self, count: int) -> list[int]:
        """The next ``count`` words."""
        return [self.next_word() for _ in range(count)]
