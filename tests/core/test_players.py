"""The three-player tile set and its checks (riichi_lut.core.players)."""

from __future__ import annotations

import numpy as np
import pytest

from riichi_lut.core.players import (
    ABSENT_IN_THREE_PLAYER,
    THREE_PLAYER_KINDS,
    THREE_PLAYER_MASK,
    THREE_PLAYER_TILES,
    check_players,
    check_three_player_counts,
    check_three_player_rows,
    check_three_player_text,
    is_three_player,
)
from riichi_lut.core.tiles import KIND_NAMES
from riichi_lut.errors import InvalidArgumentError, InvalidHandError


def test_the_set_is_108_tiles_of_27_kinds_without_2m_to_8m() -> None:
    assert [KIND_NAMES[k] for k in ABSENT_IN_THREE_PLAYER] == ["2m", "3m", "4m", "5m", "6m", "7m", "8m"]
    assert len(THREE_PLAYER_KINDS) == 27 and THREE_PLAYER_TILES == 108
    assert set(THREE_PLAYER_KINDS) | set(ABSENT_IN_THREE_PLAYER) == set(range(34))
    assert sum(1 << k for k in THREE_PLAYER_KINDS) == THREE_PLAYER_MASK


@pytest.mark.parametrize("players", [3, 4, np.int64(3), np.uint8(4)])
def test_players_3_and_4_are_accepted(players: object) -> None:
    assert check_players(players) == int(players)  # type: ignore[call-overload]
    assert is_three_player(players) == (int(players) == 3)  # type: ignore[call-overload]


@pytest.mark.parametrize("players", [2, 5, -3, True, False, "3", 3.0, None, [3]])
def test_other_players_values_are_refused(players: object) -> None:
    with pytest.raises(InvalidArgumentError, match="players must be 3 \\(sanma\\) or 4"):
        check_players(players)


@pytest.mark.parametrize("kind", ABSENT_IN_THREE_PLAYER)
def test_each_absent_kind_is_named(kind: int) -> None:
    counts = [0] * 34
    counts[kind] = 1
    with pytest.raises(InvalidHandError, match=f"visible: {KIND_NAMES[kind]} is not a three-player tile"):
        check_three_player_counts(counts, "visible")
    rows = np.zeros((4, 34), dtype=np.uint8)
    rows[3, kind] = 2
    with pytest.raises(InvalidHandError, match=f"counts row 3: {KIND_NAMES[kind]} is not") as info:
        check_three_player_rows(rows)
    assert info.value.row == 3


def test_notation_positions_and_the_red_five() -> None:
    check_three_player_text("19m19p19s1234567z [999m] (1111m)")  # no error
    with pytest.raises(InvalidHandError) as info:
        check_three_player_text("19m0m")
    assert "5m is not a three-player tile" in str(info.value) and "position 3" in str(info.value)
    with pytest.raises(InvalidHandError, match="6m is not a three-player tile") as info:
        check_three_player_text("11m (9999m) [678m]")
    assert "position 13" in str(info.value)
