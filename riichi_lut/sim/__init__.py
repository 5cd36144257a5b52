"""Simulation engine: exact deal statistics, seeded Monte Carlo, self-play, scale-out.

>>> from riichi_lut import sim
>>> complete, deals = sim.tenhou_probability()
>>> deals // complete     # one deal in about 330,000 is complete
330529
"""

from .backend import Chunk, ChunkPlan, execute, plan, stream
from .clients import connect
from .deals import deal_counts, sample_shanten_distribution
from .exact import exact_shanten_distribution, tenhou_probability
from .nanikiru import Estimate, NanikiruOption, Outlook, hand_outlook, nanikiru, wilson_interval
from .selfplay import selfplay
from .selfplay_result import SelfPlayResult

__all__ = [
    "Chunk",
    "ChunkPlan",
    "Estimate",
    "NanikiruOption",
    "Outlook",
    "SelfPlayResult",
    "connect",
    "deal_counts",
    "exact_shanten_distribution",
    "execute",
    "hand_outlook",
    "nanikiru",
    "plan",
    "sample_shanten_distribution",
    "selfplay",
    "stream",
    "tenhou_probability",
    "wilson_interval",
]
