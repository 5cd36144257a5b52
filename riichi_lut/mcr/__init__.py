"""Chinese Official rules (MCR, 国标麻将 guóbiāo májiàng): fans, scoring, shanten, hints.

A sibling of :mod:`riichi_lut.riichi` on the same tables and core types: the 81 fans as
data rows by official number, the combination principles, scoring with payments and an
explanation, exact MCR shanten over every form, and discard advice. Rules and sources:
``docs/mcr.md``.
"""

from .acceptance import McrDiscard, McrUkeire, ukeire
from .fans import FANS, Fan, fan
from .hints import McrHint, McrOption, McrWait, hint
from .notation import GB_HONOR_LETTERS, GbHand, format_gb, parse_gb, read_gb
from .rules import DEFAULT_RULES, McrRules
from .score import Alternative, FanLine, McrScore, Payment, score
from .shanten import McrShantenResult, shanten, shanten_batch
from .win import Win

__all__: list[str] = [
    "DEFAULT_RULES",
    "FANS",
    "GB_HONOR_LETTERS",
    "Alternative",
    "Fan",
    "FanLine",
    "GbHand",
    "McrDiscard",
    "McrHint",
    "McrOption",
    "McrRules",
    "McrScore",
    "McrShantenResult",
    "McrUkeire",
    "McrWait",
    "Payment",
    "Win",
    "fan",
    "format_gb",
    "hint",
    "parse_gb",
    "read_gb",
    "score",
    "shanten",
    "shanten_batch",
    "ukeire",
]
