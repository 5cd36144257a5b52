"""The fast scalar ``shanten_value`` (issue 13 item 4) against the general look-up that
``shanten()`` keeps (``general_shanten_value``, the path before) and against the batch
path, on 120,000 seeded hands."""

from __future__ import annotations

import numpy as np
import pytest

from riichi_lut import shanten, shanten_batch, shanten_value
from riichi_lut.analysis import shanten as shanten_module
from riichi_lut.analysis.shanten import general_shanten_value
from riichi_lut.errors import InvalidHandError

HANDS_PER_SHAPE = 10_000


def _hands(rng: np.random.Generator, n: int, tiles: int) -> np.ndarray:
    """``n`` count rows of the first ``tiles`` tiles of shuffled 136-tile walls."""
    walls = rng.permuted(np.tile(np.arange(136, dtype=np.int16), (n, 1)), axis=1)[:, :tiles] // 4
    counts = np.zeros((n, 34), dtype=np.uint8)
    np.add.at(counts, (np.repeat(np.arange(n), tiles), walls.ravel()), 1)
    return counts


def _shapes() -> list[tuple[int, int]]:
    return [(tiles - 3 * calls, calls) for calls in range(5) for tiles in (13, 14) if tiles - 3 * calls > 0]


@pytest.mark.parametrize(("tiles", "calls"), _shapes())
def test_fast_value_equals_the_general_lookup_and_the_batch(tiles: int, calls: int) -> None:
    rng = np.random.default_rng(1300 + 10 * tiles + calls)
    rows = _hands(rng, HANDS_PER_SHAPE, tiles)
    shanten_module._bind_value()  # empty mirrors: the first hands take the fill path
    lists = rows.tolist()
    fast = [shanten_value(h, calls) for h in lists]
    again = [shanten_value(tuple(h), calls) for h in lists]  # warm mirrors, tuples
    general = [general_shanten_value(h, calls) for h in lists]
    assert fast == general
    assert [shanten(h, melds=calls).value for h in lists[:2000]] == general[:2000]
    assert again == general
    assert fast == shanten_batch(rows, calls).tolist()
    variety = {1: 1, 2: 2}.get(tiles, 3)  # one tile is always tenpai; two are tenpai or a pair
    assert len(set(fast)) >= variety  # the hands are not all alike


def test_the_shapes_cover_120000_hands() -> None:
    assert len(_shapes()) * HANDS_PER_SHAPE >= 100_000


def test_rebinds_when_the_table_set_changes(monkeypatch: pytest.MonkeyPatch) -> None:
    hand = [1, 1, 1, 1, 1, 1, 1, 1, 1] + [0] * 18 + [4, 0, 0, 0, 0, 0, 0]
    assert shanten_value(hand) == 1
    monkeypatch.setattr(shanten_module, "_v_tables", object())  # as if other tables were loaded
    assert shanten_value(hand) == 1
    assert shanten_module._v_tables is shanten_module.loader.current


@pytest.mark.parametrize(
    ("counts", "melds", "message"),
    [
        ([5] + [0] * 33, 0, "5 copies"),
        ([1] * 13 + [0] * 22, 0, "got 35"),
        ([1] * 13 + [0] * 20, 0, "got 33"),
        ([-1] + [1] * 14 + [0] * 19, 0, "negative"),
        ([1] * 16 + [0] * 18, -1, "melds"),  # 16 tiles - 3 would pass a bare total check
        ([1] * 13 + [0] * 21, 5, "melds"),
        ([1] * 10 + [0] * 24, 1.0, "melds"),
        ([1] * 12 + [0] * 22, 0, "12"),
    ],
)
def test_bad_input_is_named_on_the_fast_path(counts: list[int], melds: int, message: str) -> None:
    with pytest.raises(InvalidHandError, match=message):
        shanten_value(counts, melds)
