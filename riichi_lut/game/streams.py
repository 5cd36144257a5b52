"""Counter-based random numbers: the ``k``-th number of a stream is a pure function of
the stream's key and ``k``, so one table played alone (the reference, :mod:`riichi_lut.game.play`) and the
same table among thousands in lock-step (``game/vector/``) draw the same numbers, whatever
else is played beside it.

The generator is SplitMix64 (Steele, Lea and Flood, "Fast splittable pseudorandom number
generators", OOPSLA 2014; the finaliser constants of Vigna's public-domain reference): the
``k``-th output of the stream with key ``key`` mixes ``key + (k + 1) * 0x9E3779B97F4A7C15``
(mod 2**64). A stream's key is itself one output: ``stream_key(seed)``. Scalar and numpy
forms side by side; ``tests/game/test_streams.py`` checks that they agree.

>>> stream_key(0)
16294208416658607535
>>> [pick(stream_key(7), k, 10) for k in range(6)]
[1, 4, 7, 5, 0, 4]
"""

from __future__ import annotations

import numpy as np
import numpy.typing as npt

__all__ = ["GOLDEN", "mix64", "mix64_batch", "pick", "pick_batch", "stream_key"]

MASK = (1 << 64) - 1
#: The SplitMix64 increment (2**64 divided by the golden ratio, odd).
GOLDEN = 0x9E3779B97F4A7C15
_M1 = 0xBF58476D1CE4E5B9
_M2 = 0x94D049BB133111EB


def mix64(z: int) -> int:
    """SplitMix64's finaliser of one 64-bit value."""
    z &= MASK
    z = ((z ^ (z >> 30)) * _M1) & MASK
    z = ((z ^ (z >> 27)) * _M2) & MASK
    return z ^ (z >> 31)


def mix64_batch(z: npt.NDArray[np.uint64]) -> npt.NDArray[np.uint64]:
    """:func:`mix64` of every element (uint64 arithmetic wraps mod 2**64)."""
    z = z.astype(np.uint64, copy=True)
    z ^= z >> np.uint64(30)
    z *= np.uint64(_M1)
    z ^= z >> np.uint64(27)
    z *= np.uint64(_M2)
    z ^= z >> np.uint64(31)
    return z


def stream_key(seed: int) -> int:
    """The key of the stream seeded by ``seed`` (any int; taken mod 2**64)."""
    return mix64((seed & MASK) + GOLDEN)


def pick(key: int, k: int, n: int) -> int:
    """The ``k``-th number of stream ``key`` reduced to ``0 .. n-1``."""
    return mix64(key + (k + 1) * GOLDEN) % n


def pick_batch(
    key: npt.NDArray[np.uint64], k: npt.NDArray[np.integer], n: npt.NDArray[np.integer]
) -> npt.NDArray[np.int64]:
    """:func:`pick` of every element (``key``, ``k``, ``n`` broadcast together)."""
    with np.errstate(over="ignore"):
        state = key.astype(np.uint64) + (k.astype(np.uint64) + np.uint64(1)) * np.uint64(GOLDEN)
    return (mix64_batch(state) % n.astype(np.uint64)).astype(np.int64)
