"""The top-level package: every public name resolves, the hint engine and the scorer are
imported on first use only (start-up), unknown names fail like any module's, and the
version has one source (pyproject.toml, read back from the installed metadata)."""

from __future__ import annotations

import importlib.metadata
import re
import subprocess
import sys
from pathlib import Path

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


def pyproject_version() -> str:
    text = (Path(__file__).resolve().parents[1] / "pyproject.toml").read_text(encoding="utf-8")
    match = re.search(r'^version = "([^"]+)"$', text, re.MULTILINE)
    assert match, "pyproject.toml has no version line"
    return match.group(1)


def test_version_is_pyprojects_read_from_the_installed_metadata() -> None:
    assert riichi_lut.__version__ == pyproject_version() == importlib.metadata.version("riichi-lut")
    assert "__version__" in dir(riichi_lut)


def test_version_of_a_checkout_that_was_never_installed(monkeypatch: pytest.MonkeyPatch) -> None:
    def not_installed(name: str) -> str:
        raise importlib.metadata.PackageNotFoundError(name)

    monkeypatch.setattr(importlib.metadata, "version", not_installed)
    assert riichi_lut._version() == "0+unknown"


def test_cli_version(capsys: pytest.CaptureFixture[str]) -> None:
    from riichi_lut.cli import main

    with pytest.raises(SystemExit) as exit_:
        main(["--version"])
    assert exit_.value.code == 0
    assert capsys.readouterr().out == f"riichi-lut {pyproject_version()}\n"
