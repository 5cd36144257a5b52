"""Simulation engine: exact deal statistics, seeded Monte Carlo, self-play, scale-out.

>>> from riichi_lut import sim
>>> complete, deals = sim.tenhou_probability()
>>> deals // complete     # one deal in about 330,000 is complete
330529
"""

from .backend import Chunk, connect, execute, plan
from .deals import deal_counts, sample_shanten_distribution
from .exact import exact_shanten_distribution, tenhou_probability

__all__ = [
    "Chunk",
    "connect",
    "deal_counts",
    "exact_shanten_distribution",
    "execute",
    "plan",
    "sample_shanten_distribution",
    "tenhou_probability",
]
