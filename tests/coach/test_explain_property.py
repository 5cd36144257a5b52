"""Issue 11 item 3, must show: over 2,000 seeded random ron wins, no explainer suggestion
waits on the tile it lets go, and no copy of that tile is counted live.

Hands are random complete closed 14-tile hands (four groups and a pair), won by ron on a
random one of their tiles, with a random seat, round and up to two dora indicators;
riichi is declared at random, and always when the hand has no other yaku. Every
alternative the explainer finds (:func:`suggestions`, not only the one it says) is
checked, against live counts computed here from the tiles alone."""

from __future__ import annotations

import random

import pytest

from riichi_lut.analysis.efficiency import ukeire
from riichi_lut.coach.explain import suggestion, suggestions
from riichi_lut.core.hand import Hand
from riichi_lut.core.tiles import KIND_NAMES, format_counts
from riichi_lut.errors import NotAWinError
from riichi_lut.riichi import score
from riichi_lut.riichi.score import ScoreResult

pytestmark = pytest.mark.slow  # a property sweep

WINS = 2000
KIND = {name: k for k, name in enumerate(KIND_NAMES)}


def complete_hand(rng: random.Random) -> list[int]:
    while True:
        counts = [0] * 34
        for _ in range(4):
            if rng.random() < 0.6:
                start = rng.randrange(3) * 9 + rng.randrange(7)
                for d in range(3):
                    counts[start + d] += 1
            else:
                counts[rng.randrange(34)] += 3
        counts[rng.randrange(34)] += 2
        if max(counts) <= 4:
            return counts


def ron_win(rng: random.Random) -> tuple[ScoreResult, list[int], list[int]]:
    """A random ron win, its 34 counts and its dora indicators' counts."""
    while True:
        counts = complete_hand(rng)
        win = rng.choice([k for k in range(34) for _ in range(counts[k])])
        left = [4 - c for c in counts]
        indicators = [0] * 34
        for _ in range(rng.randrange(3)):
            k = rng.randrange(34)
            if left[k]:
                left[k] -= 1
                indicators[k] += 1
        facts = {
            "tsumo": False,
            "seat_wind": rng.choice("ESWN"),
            "round_wind": rng.choice("ES"),
            "dora_indicators": [KIND_NAMES[k] for k in range(34) for _ in range(indicators[k])],
        }
        riichi = rng.random() < 0.4
        for declared in (riichi, True) if not riichi else (True,):
            extra = {"riichi": True, "riichi_sticks": 1} if declared else {}
            try:
                r = score(format_counts(counts, (0, 0, 0)), KIND_NAMES[win], **facts, **extra)
            except NotAWinError:
                continue  # no yaku without riichi: declare it
            return r, counts, indicators


def test_no_suggestion_waits_on_the_tile_it_lets_go_and_none_counts_it_live():
    rng = random.Random(20261202)
    wider = 0
    for _ in range(WINS):
        r, counts, indicators = ron_win(rng)
        said = suggestion(r)
        found = suggestions(r)
        # the one said is never furiten; "none" only when every alternative is
        assert not said.furiten
        assert said in found or (said.code == "none" and all(s.furiten for s in found))
        for s in found:
            if s.let_go is None:
                continue
            wider += 1
            hand = r.situation.hand.to_text()
            let_go = KIND[s.let_go]
            assert s.let_go not in s.waits, f"{hand}: suggests waiting on {s.let_go}, the tile it lets go"
            left = list(counts)
            left[let_go] -= 1  # the 13 tiles kept: the winning tile in, the let-go tile out
            # the shape waits on the let-go tile too (the 14 were complete): left out, not hidden
            assert ukeire(Hand(tuple(left), (0, 0, 0), ())).mask & (1 << let_go), hand
            for name, live in zip(s.waits, s.live, strict=True):
                k = KIND[name]
                assert live == 4 - left[k] - indicators[k] > 0, f"{hand}: {name} counted {live} live"
            assert s.total == sum(s.live) and s.furiten
            # on a ron the suggestion keeps a tile another player discarded: it says so
            assert s.assumes_win_tile_held and "already been in your hand" in s.text
    assert wider >= 100  # the property was exercised, not vacuously true
