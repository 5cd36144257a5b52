"""Chinese Official rules (MCR, 国标麻将 guóbiāo májiàng): fans, scoring, shanten, hints.

A sibling of :mod:`riichi_lut.riichi` on the same tables and core types: the 81 fans as
data rows by official number, the combination principles, scoring with payments and an
explanation, exact MCR shanten over every form, and discard advice. Rules and sources:
``docs/mcr.md``.
"""

from .shanten import McrShantenResult, shanten, shanten_batch

__all__: list[str] = ["McrShantenResult", "shanten", "shanten_batch"]
