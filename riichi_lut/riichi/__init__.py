"""Riichi scoring: yaku, fu, points, rule presets and the post-hand explainer.

>>> from riichi_lut.riichi import score, Win, TENHOU
>>> r = score("123m456p789s11222z", "2z", Win(tsumo=True, seat_wind="E", round_wind="E"))
>>> r.han, r.fu, [(p.payer, p.total) for p in r.payments], r.total
(1, 40, [('S', 700), ('W', 700), ('N', 700)], 2100)
"""

from .glossary import YAKU, YakuEntry
from .points import nagashi_mangan
from .rules import (
    EMA,
    M_LEAGUE,
    MAHJONG_SOUL,
    MAHJONG_SOUL_SANMA,
    PRESETS,
    TENHOU,
    TENHOU_SANMA,
    WRC,
    RuleSet,
)
from .score import Dora, ScoreResult, score
from .settle import SettledWin, Settlement, settle
from .win import Win
from .yaku_names import find_yaku, search_yaku

__all__ = [
    "EMA",
    "MAHJONG_SOUL",
    "MAHJONG_SOUL_SANMA",
    "M_LEAGUE",
    "PRESETS",
    "TENHOU",
    "TENHOU_SANMA",
    "WRC",
    "YAKU",
    "Dora",
    "RuleSet",
    "ScoreResult",
    "SettledWin",
    "Settlement",
    "Win",
    "YakuEntry",
    "find_yaku",
    "nagashi_mangan",
    "score",
    "search_yaku",
    "settle",
]
