"""``riichi-lut serve`` (issue 12 item 1) in a subprocess: it prints its address, answers the
page and the API there, refuses a bad port, and its help shows the defaults and an example."""

from __future__ import annotations

import json
import os
import signal
import socket
import subprocess
import sys
import urllib.request
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]


def _env() -> dict[str, str]:
    return {**os.environ, "PYTHONPATH": os.pathsep.join([str(ROOT), os.environ.get("PYTHONPATH", "")])}


def test_serve_prints_its_address_and_answers_there():
    process = subprocess.Popen(
        [sys.executable, "-m", "riichi_lut", "serve", "--port", "0"],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        env=_env(),
    )
    try:
        line = process.stdout.readline()
        assert line.startswith("riichi-lut playground on http://127.0.0.1:"), line
        url = line.split()[3]
        with urllib.request.urlopen(url, timeout=30) as response:
            assert b"riichi-lut playground" in response.read()
        with urllib.request.urlopen(url + "api/hint?q=2234m506p678s5557z", timeout=30) as response:
            assert json.loads(response.read())["discard"] == "7z"
    finally:
        process.terminate()
        process.wait(timeout=30)
        process.stdout.close()
        process.stderr.close()


# each case a subprocess (~0.45 s): one in the fast tier, the others slow
@pytest.mark.parametrize("port", ["70000", pytest.param("-1", marks=pytest.mark.slow)])
def test_serve_refuses_a_port_out_of_range(port):
    done = subprocess.run(
        [sys.executable, "-m", "riichi_lut", "serve", "--port", port],
        capture_output=True,
        text=True,
        env=_env(),
        check=False,
        timeout=60,
    )
    assert done.returncode == 2
    assert done.stderr.strip() == f"error: --port must be 0-65535, got {port}"


def test_serve_help_shows_the_defaults_and_an_example():
    done = subprocess.run(
        [sys.executable, "-m", "riichi_lut", "serve", "--help"],
        capture_output=True,
        text=True,
        env=_env(),
        check=True,
    )
    assert "(default: 127.0.0.1)" in done.stdout and "(default: 8000)" in done.stdout
    assert "examples:\n  riichi-lut serve\n  riichi-lut serve --port 8080 --open" in done.stdout


def _serve(*flags: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "riichi_lut", "serve", *flags],
        capture_output=True,
        text=True,
        env=_env(),
        check=False,
        timeout=60,
    )


def test_serve_on_a_busy_port_is_one_line_naming_the_fix():
    with socket.socket() as taken:
        taken.bind(("127.0.0.1", 0))
        taken.listen()
        port = taken.getsockname()[1]
        done = _serve("--port", str(port))
    assert done.returncode == 2
    fix = "choose another with --port, or --port 0 for any free port"
    assert done.stderr == f"error: port {port} is in use on 127.0.0.1: {fix}\n"
    assert done.stdout == ""


@pytest.mark.parametrize(
    "host",
    [
        pytest.param("no-such-host.invalid", marks=pytest.mark.slow),
        "a..b",
        pytest.param("1.2.3.4.5", marks=pytest.mark.slow),
    ],
)
def test_serve_with_a_bad_host_is_one_line_naming_the_flag(host):
    done = _serve("--host", host, "--port", "0")
    assert done.returncode == 2
    assert done.stderr.startswith(f"error: cannot bind --host {host!r}: ")
    assert done.stderr.count("\n") == 1 and "Traceback" not in done.stderr


def test_serve_stopped_by_ctrl_c_prints_stopped_and_exits_0():
    process = subprocess.Popen(
        [sys.executable, "-m", "riichi_lut", "serve", "--port", "0"],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        env=_env(),
        preexec_fn=lambda: signal.signal(signal.SIGINT, signal.SIG_DFL),  # noqa: PLW1509 (as at a terminal)
    )
    try:
        assert process.stdout.readline().startswith("riichi-lut playground on http://127.0.0.1:")
        process.send_signal(signal.SIGINT)
        out, err = process.communicate(timeout=60)
    finally:
        if process.poll() is None:
            process.kill()
            process.communicate()
    assert process.returncode == 0
    assert out == "stopped\n" and err == ""
