"""Tests of riichi_lut.mcr.win.Win: winds, flags, flowers, contradictions, replace, to_dict."""

from __future__ import annotations

import numpy as np
import pytest

from riichi_lut.errors import InvalidArgumentError, InvalidSituationError
from riichi_lut.mcr import Win


def test_winds_are_stored_upper_case() -> None:
    w = Win(self_drawn=np.bool_(True), seat_wind="n", prevalent_wind="s")
    assert (w.seat_wind, w.prevalent_wind, w.seat_kind, w.prevalent_kind, w.self_drawn) == (
        "N",
        "S",
        30,
        28,
        True,
    )


@pytest.mark.parametrize(
    ("facts", "message"),
    [
        ({"self_drawn": True, "robbing_kong": True}, "cannot be self-drawn"),
        ({"self_drawn": False, "kong_replacement": True}, "cannot be on a discard"),
        ({"self_drawn": False, "robbing_kong": True, "last_tile_of_wall": True}, "last_tile_of_wall"),
        ({"self_drawn": True, "flowers": 9}, "at most 8"),
        ({"self_drawn": True, "flowers": True}, "flowers must be an int"),
        ({"self_drawn": "yes"}, "self_drawn must be True or False"),
        ({"self_drawn": True, "last_tile": 1}, "last_tile must be True or False"),
    ],
)
def test_contradictions_and_bad_facts(facts: dict[str, object], message: str) -> None:
    with pytest.raises(InvalidSituationError, match=message):
        Win(seat_wind="E", prevalent_wind="E", **facts)  # type: ignore[arg-type]


def test_bad_wind() -> None:
    with pytest.raises(InvalidSituationError, match="prevalent_wind"):
        Win(self_drawn=True, seat_wind="E", prevalent_wind="1z")


def test_replace_and_to_dict() -> None:
    w = Win(self_drawn=True, seat_wind="E", prevalent_wind="S").replace(kong_replacement=True, flowers=3)
    assert w.to_dict() == {
        "self_drawn": True,
        "seat_wind": "E",
        "prevalent_wind": "S",
        "flowers": 3,
        "last_tile": False,
        "kong_replacement": True,
        "robbing_kong": False,
        "last_tile_of_wall": False,
    }
    with pytest.raises(InvalidSituationError):
        w.replace(self_drawn=False)
    with pytest.raises(InvalidArgumentError, match="no fact 'riichi'"):
        w.replace(riichi=True)
