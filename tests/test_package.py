"""The top-level package: every public name resolves, the hint engine and the scorer are
imported on first use only (start-up), and unknown names fail like any module's."""

from __future__ import annotations

import subprocess
import sys

import pytest

import riichi_lut


@pytest.mark.parametrize("name", riichi_lut.__all__)
def test_every_public_name_resolves(name: str) -> None:
    assert getattr(riichi_lut, name) is not None
    assert name in dir(riichi_lut)


def test_lazy_names_are_the_real_objects() -> None:
    from riichi_lut.analysis.efficiency import ukeire
    from riichi_lut.coach.hints import hint
    from riichi_lut.riichi import TENHOU, score

    assert riichi_lut.hint is hint and riichi_lut.ukeire is ukeire
    assert riichi_lut.score is score and riichi_lut.TENHOU is TENHOU
    assert riichi_lut.riichi.score is score  # the subpackage is reachable as an attribute


def test_unknown_attribute_raises_attribute_error() -> None:
    with pytest.raises(AttributeError, match="no attribute 'shantne'"):
        riichi_lut.shantne  # noqa: B018
    assert not hasattr(riichi_lut, "shantne")


def test_import_and_shanten_do_not_load_the_scorer_or_the_hint_engine() -> None:
    code = (
        "import sys, riichi_lut; riichi_lut.shanten('123m456p789s1122z').value;"
        "print(sorted(m for m in ('riichi_lut.riichi', 'riichi_lut.coach.hints',"
        " 'riichi_lut.analysis.efficiency') if m in sys.modules))"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True).stdout
    assert out.strip() == "[]"
