"""The scoring of self-play wins (:func:`riichi_lut.sim.selfplay.selfplay`): each win of
:func:`~riichi_lut.sim.selfplay.play` as a :class:`~riichi_lut.riichi.batch.BatchWin` row
for :func:`~riichi_lut.riichi.batch.score_batch`, and the histograms of the scores.

Every win is a closed tsumo. Riichi, double riichi (riichi with the first discard) and
ippatsu (the draw right after the declaration) come from the turns of the game, tenhou /
chiihou from a win on the first draw; there are no dora indicators. With kita (three
players) each kita is one dora (``BatchWin.dora``, which the caller counts; the count
itself is ``BatchWin.kita``), a win on a kita's replacement tile is rinshan kaihou where the rule
set says so (``RuleSet.kita_rinshan``), and a kita counts as a call for the rest: it ends
the ippatsu chance of the turn it is declared in (so a win on its replacement has no
ippatsu), a kita in the first turn leaves a riichi with the first discard a plain riichi,
and a win after a kita is neither tenhou nor chiihou (Tenhou's manual, ``docs/sanma.md``).
"""

from __future__ import annotations

from collections import Counter

import numpy as np

from ..riichi.batch import YAKU_BITS, BatchWin, score_batch
from ..riichi.rules import RuleSet
from .selfplay_result import Played

__all__ = ["Scored", "histogram", "score_wins", "win_rows"]

Scored = tuple[Counter[int], Counter[int], Counter[int], Counter[int], np.ndarray]
"""Histograms of the points, han, fu (below yakuman) and yakuman multiples, and the count
of each yaku of ``YAKU_BITS``."""


def histogram(values: np.ndarray) -> Counter[int]:
    """How often each value occurs."""
    kinds, counts = np.unique(values, return_counts=True)
    return Counter(dict(zip(kinds.tolist(), counts.tolist(), strict=True)))


def win_rows(played: Played, seat_wind: str, round_wind: str, rules: RuleSet) -> BatchWin:
    """The wins of ``played`` (in the order of ``played.won``) as ``BatchWin`` rows."""
    t = played.win_turn[played.won].astype(np.int64)
    declared = played.riichi_turn[played.won].astype(np.int64)
    kita = played.kita[played.won].astype(np.int64)
    replacement = played.win_replacement
    in_riichi = declared >= 0
    first_draw = (t == 1) & (kita == 0)
    dealer = seat_wind == "E"
    return BatchWin(
        tsumo=True,
        seat_wind=seat_wind,
        round_wind=round_wind,
        riichi=in_riichi,
        double_riichi=(declared == 1) & (played.kita_turn[played.won] != 1),
        ippatsu=in_riichi & (declared == t - 1) & ~replacement,
        tenhou=first_draw & dealer,
        chiihou=first_draw & (not dealer),
        rinshan=replacement & (rules.players == 3 and rules.kita_rinshan),
        dora=kita,  # no indicators in the model: the kita's own dora only
        kita=kita,
    )


def score_wins(played: Played, seat_wind: str, round_wind: str, rules: RuleSet) -> Scored:
    """Histograms (points, han, fu, yakuman) and yaku counts of the wins of ``played``."""
    if not len(played.won):
        return Counter(), Counter(), Counter(), Counter(), np.zeros(len(YAKU_BITS), dtype=np.int64)
    win = win_rows(played, seat_wind, round_wind, rules)
    scores = score_batch(played.win_hands, played.win_kinds, win, rules=rules, threads=1)
    ordinary = scores.yakuman == 0
    bits = (scores.yaku_mask[:, None] >> np.arange(len(YAKU_BITS), dtype=np.uint64)) & np.uint64(1)
    return (
        histogram(scores.points),
        histogram(scores.han[ordinary]),
        histogram(scores.fu[ordinary]),
        histogram(scores.yakuman[~ordinary]),
        bits.sum(axis=0, dtype=np.int64),
    )
