"""``simulate selfplay --plot PATH`` is checked before any simulation work (issue 25 item 4):
a folder that does not exist, a "folder" that is a file, a path that is a folder, a name
matplotlib cannot write: one line ``error: ...``, status 2, and the simulation never starts.
(Running as root, a read-only folder is still writable: the tests use paths no one can write.)"""

from __future__ import annotations

import subprocess
import sys

import pytest

import riichi_lut.sim
from riichi_lut.cli.main import main

pytest.importorskip("matplotlib")


def _never(*args, **kwargs):
    raise AssertionError("the simulation ran before --plot was checked")


@pytest.mark.parametrize(
    ("name", "words"),
    [
        ("missing/p.png", "does not exist"),
        ("a-file/p.png", "is not a folder"),
        ("a-folder", "is a folder"),
        ("p.txt", "must end in .png"),
        ("p", "must end in .png"),
    ],
)
def test_a_bad_plot_path_is_one_line_and_status_2_before_the_simulation(
    tmp_path, capsys, monkeypatch, name, words
):
    (tmp_path / "a-file").write_text("not a folder")
    (tmp_path / "a-folder").mkdir()
    monkeypatch.setattr(riichi_lut.sim, "selfplay", _never)
    path = str(tmp_path / name)
    assert main(["simulate", "selfplay", "--games", "10", "--plot", path]) == 2
    captured = capsys.readouterr()
    assert captured.out == ""
    assert captured.err.startswith(f"error: --plot {path!r}") and words in captured.err
    assert captured.err.count("\n") == 1


def test_a_plot_in_a_missing_folder_fails_at_once_in_a_subprocess(tmp_path):
    """The command as a user runs it: one line, status 2, no traceback, no plot."""
    path = tmp_path / "no-such-folder" / "selfplay.png"
    argv = ["simulate", "selfplay", "--games", str(10**8), "--plot", str(path)]
    done = subprocess.run(
        [sys.executable, "-m", "riichi_lut", *argv],
        capture_output=True,
        text=True,
        check=False,
        timeout=120,  # far less than the 10^8 games would take: it fails before them
    )
    assert done.returncode == 2
    assert done.stderr.startswith(f"error: --plot {str(path)!r}: the folder") and done.stderr.count("\n") == 1
    assert done.stdout == "" and not path.parent.exists()
