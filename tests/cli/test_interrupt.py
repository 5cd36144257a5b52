"""Ctrl-C (SIGINT) ends any ``riichi-lut`` command with one line, ``interrupted``, and exit
status 130, no traceback, and no worker process outlives it (issue 25 item 4).

The commands run in a subprocess of their own session (its own process group, as a
terminal's job is); a terminal's Ctrl-C sends SIGINT to the whole group, workers included,
and ``kill -INT`` to the command alone: both are tried. The processes are found in
``/proc`` (Linux). Waits are bounded; nothing asserts a time.
"""

from __future__ import annotations

import importlib.abc
import importlib.metadata
import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
BIG = str(10**9)  # far more work than the test waits for (and within riichi_lut.sim.limits)

pytestmark = pytest.mark.skipif(not Path("/proc/self/stat").exists(), reason="needs /proc (Linux)")


def _env() -> dict[str, str]:
    return {**os.environ, "PYTHONPATH": os.pathsep.join([str(ROOT), os.environ.get("PYTHONPATH", "")])}


def _default_sigint() -> None:
    """A shell's background job inherits SIGINT ignored: the command must see it as at a terminal."""
    signal.signal(signal.SIGINT, signal.SIG_DFL)


def children_of(pid: int) -> dict[int, str]:
    """The processes whose parent is ``pid`` (recursively): {pid: command line}."""
    parents: dict[int, int] = {}
    for entry in Path("/proc").iterdir():
        if entry.name.isdigit():
            try:
                stat = (entry / "stat").read_text()
            except OSError:  # gone meanwhile
                continue
            parents[int(entry.name)] = int(stat.rsplit(")", 1)[1].split()[1])
    found, todo = {}, [pid]
    while todo:
        parent = todo.pop()
        for child, its_parent in parents.items():
            if its_parent == parent and child not in found:
                found[child] = alive(child) or ""
                todo.append(child)
    return found


def alive(pid: int) -> str | None:
    """The command line of process ``pid`` if it runs (not a zombie), else ``None``."""
    try:
        state = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()[0]
        cmdline = Path(f"/proc/{pid}/cmdline").read_bytes().replace(b"\0", b" ").decode()
    except OSError:
        return None
    return None if state in ("Z", "X") else cmdline


def cpu_seconds(pid: int) -> float:
    """The CPU time process ``pid`` has used (user + system), 0 once it is gone."""
    try:
        fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    except OSError:
        return 0.0
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def interrupt(
    argv: list[str], workers: int, whole_group: bool, settle: float = 1.0, busy: float = 1.0
) -> tuple[int, str, dict[int, str]]:
    """Start ``riichi-lut argv``, wait until ``workers`` worker processes exist and the
    command has used ``busy`` CPU seconds (its start-up, importing and loading the tables,
    takes ~0.5: past it, on however loaded a machine, the command is at work), then
    ``settle`` seconds, send SIGINT: (exit status, stderr, the children seen before the signal)."""
    process = subprocess.Popen(
        [sys.executable, "-m", "riichi_lut", *argv],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        env=_env(),
        start_new_session=True,
        preexec_fn=_default_sigint,  # noqa: PLW1509 (one signal() call between fork and exec)
    )
    try:
        children: dict[int, str] = {}
        for _ in range(600):  # at most a minute for the workers to start and the command to work
            children = children_of(process.pid)
            started = sum("spawn_main" in line for line in children.values()) >= workers
            if started and cpu_seconds(process.pid) >= busy:
                break
            time.sleep(0.1)
        time.sleep(settle)  # the command and its workers are at work (or, with 0, starting)
        assert process.poll() is None, "the command ended before it was interrupted"
        children = {**children, **children_of(process.pid)}
        (os.killpg if whole_group else os.kill)(process.pid, signal.SIGINT)
        _, err = process.communicate(timeout=120)
    finally:
        if process.poll() is None:
            os.killpg(process.pid, signal.SIGKILL)
            process.communicate()
    return process.returncode, err, children


def survivors(children: dict[int, str]) -> list[str]:
    """The children still running, after a bounded wait for them to end."""
    left: list[str] = []
    for _ in range(100):  # at most ten seconds
        left = [line for pid, line in children.items() if (line_now := alive(pid)) and line_now == line]
        if not left:
            break
        time.sleep(0.1)
    return left


# each a subprocess of ~1-1.5 s: one signal path and one command in the fast tier, the other slow
@pytest.mark.parametrize(
    "whole_group",
    [True, pytest.param(False, marks=pytest.mark.slow)],
    ids=["ctrl-c-to-the-group", "kill-int-to-the-command"],
)
def test_ctrl_c_during_a_simulation_with_workers_is_one_line_130_and_no_orphan(whole_group):
    argv = ["simulate", "haipai", "--n", BIG, "--workers", "2"]
    status, err, children = interrupt(argv, 2, whole_group, busy=0.0)  # workers exist: past start-up
    assert sum("spawn_main" in line for line in children.values()) >= 2  # the workers were running
    assert status == 130, err
    assert err.strip() == "interrupted"
    assert survivors(children) == []


def test_ctrl_c_while_the_workers_start_prints_none_of_their_tracebacks():
    """SIGINT to the group as soon as the worker processes exist, while they import numpy
    and load the tables: still one line, 130, no orphan."""
    argv = ["simulate", "haipai", "--n", BIG, "--workers", "2"]
    status, err, children = interrupt(argv, 2, True, settle=0.0, busy=0.0)
    assert status == 130, err
    assert err.strip() == "interrupted"
    assert survivors(children) == []


@pytest.mark.parametrize(
    "argv",
    [
        ["simulate", "selfplay", "--games", BIG],
        pytest.param(["simulate", "nanikiru", "2234m506p678s5557z", "--n", BIG], marks=pytest.mark.slow),
    ],
)
def test_ctrl_c_during_a_command_in_one_process_is_one_line_130(argv):
    status, err, children = interrupt(argv, 0, True)
    assert status == 130, err
    assert err.strip() == "interrupted"
    assert survivors(children) == []


class _InterruptedImport(importlib.abc.MetaPathFinder):
    """Ctrl-C arriving while ``name`` is imported."""

    def __init__(self, name: str) -> None:
        self.name = name

    def find_spec(self, fullname, path, target=None):
        if fullname == self.name:
            raise KeyboardInterrupt


def test_ctrl_c_while_the_command_line_loads_is_one_line_130(monkeypatch, capsys):
    """The console script loads the command line under the same guard (riichi_lut.console)."""
    from riichi_lut import console

    monkeypatch.delitem(sys.modules, "riichi_lut.cli.main", raising=False)
    monkeypatch.setattr(sys, "meta_path", [_InterruptedImport("riichi_lut.cli.main"), *sys.meta_path])
    assert console.main(["--version"]) == 130
    assert capsys.readouterr().err == "interrupted\n"


def test_the_console_script_is_the_guarded_entry():
    scripts = importlib.metadata.entry_points(group="console_scripts")
    (script,) = [s for s in scripts if s.name == "riichi-lut"]
    assert script.value == "riichi_lut.console:main"
