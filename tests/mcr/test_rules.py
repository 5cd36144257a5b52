"""Tests of riichi_lut.mcr.rules.McrRules: defaults, the options and their checks."""

from __future__ import annotations

import pytest

from riichi_lut.errors import InvalidArgumentError
from riichi_lut.mcr import DEFAULT_RULES, McrRules


def test_defaults() -> None:
    assert McrRules(edition="2006", flowers=True, cap=None, beginner=False) == DEFAULT_RULES
    assert (DEFAULT_RULES.minimum, DEFAULT_RULES.base_payment) == (8, 8)


def test_beginner_minimum_and_base() -> None:
    assert (McrRules(beginner=True).minimum, McrRules(beginner=True).base_payment) == (6, 0)


def test_replace_checks_again() -> None:
    assert DEFAULT_RULES.replace(edition="1998").edition == "1998"
    with pytest.raises(InvalidArgumentError, match="no option 'kiriage'"):
        DEFAULT_RULES.replace(kiriage=True)
    with pytest.raises(InvalidArgumentError, match="edition"):
        DEFAULT_RULES.replace(edition="2014")


@pytest.mark.parametrize(
    ("changes", "message"),
    [
        ({"cap": 64}, "cap must be None or 88"),
        ({"cap": True}, "cap"),
        ({"flowers": 1}, "flowers"),
        ({"beginner": "yes"}, "beginner"),
    ],
)
def test_bad_options(changes: dict[str, object], message: str) -> None:
    with pytest.raises(InvalidArgumentError, match=message):
        McrRules(**changes)  # type: ignore[arg-type]


def test_to_dict() -> None:
    assert McrRules(cap=88).to_dict() == {"edition": "2006", "flowers": True, "cap": 88, "beginner": False}
