"""Tests of riichi_lut.core.tilemask: a set of kinds that is an int, prints as tiles and
can be pasted back."""

from __future__ import annotations

import json
import pickle

import pytest

from riichi_lut.core.tilemask import TileMask, tile_mask
from riichi_lut.errors import InvalidArgumentError, InvalidHandError, TileParseError


def test_repr_pastes_back() -> None:
    mask = TileMask("1m 4m 7p")
    assert repr(mask) == "TileMask('1m 4m 7p')"
    assert eval(repr(mask)) == mask


def test_it_is_the_int_of_its_bits() -> None:
    mask = TileMask("1m 4m 7p")
    assert mask == 1 | 1 << 3 | 1 << 15 and isinstance(mask, int)
    assert TileMask(int(mask)) == mask and TileMask([15, 0, 3]) == mask
    assert hash(mask) == hash(int(mask))
    assert mask | 2 == int(mask) | 2  # bit operators are int's


def test_iterates_over_kinds_and_has_a_length() -> None:
    mask = TileMask("7z 1m 9s")
    assert list(mask) == [0, 26, 33] and len(mask) == 3
    assert mask.tiles == ["1m", "9s", "7z"] and str(mask) == "1m 9s 7z"
    assert list(TileMask()) == [] and len(TileMask()) == 0 and not TileMask() and TileMask("") == 0
    assert repr(TileMask()) == "TileMask('')"
    assert list(TileMask((1 << 34) - 1)) == list(range(34))


def test_notation_in_any_grouping_red_fives_as_their_kind() -> None:
    assert TileMask("147m") == TileMask("1m 4m 7m") == TileMask("1m4m7m")
    assert TileMask("0p") == TileMask("5p") and TileMask("11m") == TileMask("1m")


def test_membership_by_kind_or_tile() -> None:
    mask = TileMask("5p 1z")
    assert 13 in mask and "5p" in mask and "0p" in mask and "1z" in mask
    assert 0 not in mask and "1m" not in mask
    with pytest.raises(InvalidArgumentError, match="one tile"):
        "5p1z" in mask  # noqa: B015
    with pytest.raises(InvalidHandError):
        34 in mask  # noqa: B015


@pytest.mark.parametrize("bad", [-1, 1 << 34])
def test_out_of_range_ints_are_refused(bad: int) -> None:
    with pytest.raises(InvalidArgumentError, match="34 bits"):
        TileMask(bad)


def test_bad_inputs_are_refused_naming_the_problem() -> None:
    with pytest.raises(TileParseError):
        TileMask("8z")
    with pytest.raises(InvalidHandError, match="out of range"):
        TileMask([34])
    with pytest.raises(InvalidArgumentError, match="float"):
        TileMask(1.5)  # type: ignore[arg-type]
    with pytest.raises(InvalidArgumentError, match="bool"):
        TileMask(True)


def test_pickle_json_and_the_cheap_constructor() -> None:
    mask = TileMask("2s 3s")
    assert pickle.loads(pickle.dumps(mask)) == mask and type(pickle.loads(pickle.dumps(mask))) is TileMask
    assert json.dumps(mask) == str(int(mask))
    assert tile_mask(int(mask)) == mask and type(tile_mask(5)) is TileMask
