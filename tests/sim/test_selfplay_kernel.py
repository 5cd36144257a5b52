"""Issue 13 item 3: self-play with the lean best-discard kernel plays exactly the games
it played with the kernel it replaced (``efficiency_batch.best_discards_reference``):
the same seeded deals and draws give the same per-game tenpai, riichi and win turns,
the same winning hands and tiles, and the same aggregate ``selfplay`` result, closed
(riichi and dama) and with calls."""

from __future__ import annotations

import numpy as np
import pytest

from riichi_lut.analysis import discard_batch, efficiency_batch
from riichi_lut.sim import selfplay
from riichi_lut.sim.selfplay import play

KERNELS = {"lean": discard_batch.best_discards, "reference": efficiency_batch.best_discards_reference}


def played(kernel: str, melds: int, riichi: bool, monkeypatch: pytest.MonkeyPatch) -> dict[str, object]:
    """Per-game outcomes of 3,000 seeded games of 14 draws with ``kernel``."""
    monkeypatch.setattr(discard_batch, "best_discards", KERNELS[kernel])
    rng = np.random.default_rng(1300 + melds)
    n, draws = 3000, 14
    tiles = np.argsort(rng.random((n, 136)), axis=1)[:, : 13 - 3 * melds] // 4
    hands = np.zeros((n, 34), dtype=np.uint8)
    np.add.at(hands, (np.repeat(np.arange(n), tiles.shape[1]), tiles.reshape(-1)), 1)
    wall = (4 - hands).astype(np.uint8)
    seen = np.zeros_like(hands)
    uniforms = rng.random((draws, n))
    result = play(hands, wall, seen, uniforms, melds=melds, riichi=riichi)
    return {
        "tenpai_turn": result.tenpai_turn.tolist(),
        "riichi_turn": result.riichi_turn.tolist(),
        "win_turn": result.win_turn.tolist(),
        "won": result.won.tolist(),
        "win_hands": result.win_hands.tolist(),
        "win_kinds": result.win_kinds.tolist(),
        "player_turns": result.player_turns,
        "final_hands": hands.tolist(),
        "seen": seen.tolist(),
    }


@pytest.mark.parametrize(("melds", "riichi"), [(0, True), (0, False), (1, False), (3, False)])
def test_selfplay_games_are_identical_with_the_lean_kernel(
    melds: int, riichi: bool, monkeypatch: pytest.MonkeyPatch
) -> None:
    lean = played("lean", melds, riichi, monkeypatch)
    reference = played("reference", melds, riichi, monkeypatch)
    assert sum(t >= 0 for t in lean["win_turn"]) > 50  # type: ignore[attr-defined]
    for name, value in reference.items():
        assert lean[name] == value, name


def test_selfplay_result_is_identical_with_the_lean_kernel(monkeypatch: pytest.MonkeyPatch) -> None:
    lean = selfplay(4000, seed=13)
    monkeypatch.setattr(discard_batch, "best_discards", KERNELS["reference"])
    assert selfplay(4000, seed=13) == lean
    assert selfplay(4000, seed=13, riichi=False) != lean  # the comparison can fail
