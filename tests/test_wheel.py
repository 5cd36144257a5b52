"""The wheel holds the whole package: every Python file under riichi_lut/ (so every
subpackage, whichever way the build finds them), the tables as riichi_lut.tables, the
playground's static files and the licence, and its version is pyproject's.

The wheel is built with pip from a copy of the build inputs, so that a stale ``build/``
folder in the checkout cannot fill a gap (setuptools packs what it finds there)."""

from __future__ import annotations

import re
import shutil
import subprocess
import sys
import zipfile
from pathlib import Path

import pytest

pytestmark = pytest.mark.slow

ROOT = Path(__file__).resolve().parents[1]
PACKAGE = ROOT / "riichi_lut"
#: what setuptools reads to build the wheel (pyproject names README.md and LICENSE)
BUILD_INPUTS = ("pyproject.toml", "setup.py", "README.md", "LICENSE", "riichi_lut", "tables")


@pytest.fixture(scope="module")
def wheel(tmp_path_factory: pytest.TempPathFactory) -> tuple[set[str], str]:
    """The member names of a freshly built wheel, and the build's output."""
    tmp = tmp_path_factory.mktemp("wheel")
    src = tmp / "src"
    for name in BUILD_INPUTS:
        if (ROOT / name).is_dir():
            shutil.copytree(ROOT / name, src / name, ignore=shutil.ignore_patterns("__pycache__", "*.pyc"))
        else:
            src.mkdir(exist_ok=True)
            shutil.copy2(ROOT / name, src / name)
    out = tmp / "dist"
    run = subprocess.run(
        [sys.executable, "-m", "pip", "wheel", "--no-deps", "-v", "--wheel-dir", str(out), str(src)],
        capture_output=True,
        text=True,
        check=False,
    )
    assert run.returncode == 0, run.stdout[-4000:] + run.stderr[-4000:]
    (path,) = out.glob("riichi_lut-*.whl")
    with zipfile.ZipFile(path) as archive:
        return set(archive.namelist()), run.stdout + run.stderr


def on_disk(folder: Path, pattern: str) -> list[str]:
    """Files under ``folder`` matching ``pattern``, as paths relative to the checkout."""
    return sorted(
        p.relative_to(ROOT).as_posix()
        for p in folder.rglob(pattern)
        if p.is_file() and "__pycache__" not in p.parts
    )


def test_every_folder_of_python_files_is_in_the_wheel(wheel: tuple[set[str], str]) -> None:
    members, _ = wheel
    folders = sorted({str(Path(f).parent.as_posix()) for f in on_disk(PACKAGE, "*.py")})
    assert "riichi_lut/mcr" in folders and "riichi_lut/riichi/batch" in folders  # the walk sees them
    missing_folders = [f for f in folders if f"{f}/__init__.py" not in members]
    assert not missing_folders, f"packages missing from the wheel: {missing_folders}"
    missing_files = [f for f in on_disk(PACKAGE, "*.py") if f not in members]
    assert not missing_files, f"modules missing from the wheel: {missing_files}"


def test_the_tables_ship_as_riichi_lut_tables(wheel: tuple[set[str], str]) -> None:
    members, _ = wheel
    tables = [p.name for p in (ROOT / "tables").iterdir() if p.suffix == ".zst" or p.name == "manifest.json"]
    assert "manifest.json" in tables and len(tables) > 10
    assert not [t for t in tables if f"riichi_lut/tables/{t}" not in members]


def test_the_static_files_and_the_licence_ship(wheel: tuple[set[str], str]) -> None:
    members, _ = wheel
    static = on_disk(PACKAGE / "web" / "static", "*")
    assert "riichi_lut/web/static/index.html" in static and "riichi_lut/web/static/tiles/1z.svg" in static
    assert not [f for f in static if f not in members]
    assert "riichi_lut/py.typed" in members
    (licence,) = [m for m in members if m.endswith(".dist-info/licenses/LICENSE")]
    assert licence


def test_no_folder_is_packed_as_data_of_a_package_it_is_not(wheel: tuple[set[str], str]) -> None:
    # setuptools' "Package would be ignored" warning: a folder shipped as data without a rule
    _, output = wheel
    assert "would be ignored" not in output.lower()


def test_the_wheel_version_is_pyprojects(wheel: tuple[set[str], str]) -> None:
    members, _ = wheel
    match = re.search(r'^version = "([^"]+)"$', (ROOT / "pyproject.toml").read_text(), re.MULTILINE)
    assert match
    assert f"riichi_lut-{match.group(1)}.dist-info/METADATA" in members
