"""Hooks: what a lower layer calls and a layer above it provides, so that the lower layer
imports nothing from above (no upward import, no import circle).

``ScoreResult.explain()`` is the scorer's public API (``riichi/``), but the explainer is
words for people and lives above it, in ``coach/``. The method calls
:data:`explain_score`; the facade (``riichi_lut/__init__.py``, which Python runs before any
``riichi_lut.*`` module) sets it to a function that loads ``coach.explain`` on first use.
This module imports nothing from the package.

>>> import riichi_lut
>>> from riichi_lut import hooks
>>> r = riichi_lut.score("123m456p789s11222z", "2z", tsumo=True, seat_wind="E", round_wind="E")
>>> hooks.explain_score(r) == r.explain()
True
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

__all__ = ["explain_score"]


def _unset(result: Any) -> str:
    raise RuntimeError("no explainer set: riichi_lut/__init__.py sets riichi_lut.hooks.explain_score")


#: ``ScoreResult.explain()``: the result -> its explanation in plain English (set by the
#: facade to :func:`riichi_lut.coach.explain.explain`, loaded on first use).
explain_score: Callable[[Any], str] = _unset
