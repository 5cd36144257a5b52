"""MT19937, the Mersenne Twister of Matsumoto and Nishimura (1998), as its reference code
``mt19937ar.c`` defines it: ``init_genrand``, ``init_by_array`` and ``genrand_int32``.

Tenhou seeds it with the words of a log's ``SHUFFLE`` seed (:mod:`riichi_lut.game.wall`).
Written here in plain Python from the published algorithm, so that a wall is the same on
every platform and every numpy version. After each twist the 624 new words are tempered
at once and handed out in order (the same words as one ``genrand_int32`` call at a time).

>>> MT19937([0x123, 0x234, 0x345, 0x456]).next_words(3)  # mt19937ar.out's first outputs
[1067595299, 955945823, 477289528]
"""

from __future__ import annotations

from collections.abc import Sequence

__all__ = ["MT19937"]

_N = 624
_M = 397
_MAG = (0, 0x9908B0DF)  # MATRIX_A times the low bit of y
_UPPER = 0x80000000
_LOWER = 0x7FFFFFFF
_MASK = 0xFFFFFFFF


class MT19937:
    """The generator seeded by ``init_by_array(key)`` (``key``: 1 or more 32-bit words)."""

    def __init__(self, key: Sequence[int]) -> None:
        words = [int(k) for k in key]
        if not words or any(not 0 <= k <= _MASK for k in words):
            raise ValueError("MT19937 key: one or more 32-bit words (0..2**32-1)")
        self.state = [0] * _N
        self._out: list[int] = []  # tempered words of the last twist not yet handed out
        self._init_genrand(19650218)
        self._init_by_array(words)

    def _init_genrand(self, seed: int) -> None:
        mt = self.state
        mt[0] = seed & _MASK
        for i in range(1, _N):
            mt[i] = (1812433253 * (mt[i - 1] ^ (mt[i - 1] >> 30)) + i) & _MASK

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
        mt[0] = _UPPER  # the most significant bit set: the state is never all zero

    def _twist(self) -> None:
        """The next 624 state words (``genrand_int32``'s refill), then all of them tempered."""
        mt, upper, lower, mag = self.state, _UPPER, _LOWER, _MAG
        for k in range(_N - _M):
            y = (mt[k] & upper) | (mt[k + 1] & lower)
            mt[k] = mt[k + _M] ^ (y >> 1) ^ mag[y & 1]
        for k in range(_N - _M, _N - 1):
            y = (mt[k] & upper) | (mt[k + 1] & lower)
            mt[k] = mt[k + _M - _N] ^ (y >> 1) ^ mag[y & 1]
        y = (mt[_N - 1] & upper) | (mt[0] & lower)
        mt[_N - 1] = mt[_M - 1] ^ (y >> 1) ^ mag[y & 1]
        out = []
        for word in mt:
            y = word ^ (word >> 11)
            y ^= (y << 7) & 0x9D2C5680
            y ^= (y << 15) & 0xEFC60000
            out.append(y ^ (y >> 18))
        out.reverse()  # handed out by pop() from the end
        self._out = out

    def next_word(self) -> int:
        """``genrand_int32``: the next 32-bit word."""
        if not self._out:
            self._twist()
        return self._out.pop()

    def next_words(self, count: int) -> list[int]:
        """The next ``count`` words."""
        words: list[int] = []
        while len(words) < count:
            if not self._out:
                self._twist()
            take = min(count - len(words), len(self._out))
            words.extend(reversed(self._out[-take:]))
            del self._out[-take:]
        return words
