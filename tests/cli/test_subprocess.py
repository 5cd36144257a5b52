"""Issue 12 item 4: every ``riichi-lut`` subcommand run as a user runs it, in a fresh
``python -m riichi_lut`` process, human and ``--json``; a closed pipe; an unreachable
cluster; ``--help`` and ``--unicode`` through a real stdout. The runs start together (a
few at a time) once per session: each costs a Python start-up, not a test's worth."""

from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
from concurrent.futures import ThreadPoolExecutor
from functools import cache
from pathlib import Path

import pytest

import riichi_lut
from riichi_lut import mcr
from riichi_lut.cli.main import build_parser
from riichi_lut.coach.explain import score_report
from riichi_lut.lut import loader

pytestmark = pytest.mark.slow  # every test starts riichi-lut in a subprocess

ROOT = Path(__file__).resolve().parents[2]
ENV = {**os.environ, "PYTHONPATH": str(ROOT), "PYTHONIOENCODING": "utf-8"}

SCORE = ["score", "234m456p678s22345s", "--win", "5s", "--ron", "--seat", "S", "--round", "E", "--riichi"]
SCORE += ["--sticks", "1", "--dora", "1s"]
MCR = ["mcr", "score", "123m456p789s123s55z", "--win", "5z", "--seat", "E", "--prevalent", "S"]

# every subcommand, each run twice: as written (human) and with --json
COMMANDS = {
    "hint": ["hint", "2234m506p678s5557z", "--visible", "1m"],
    "ukeire": ["ukeire", "123m456p789s1122z", "--discarded", "1z"],
    "score": SCORE,
    "shanten": ["shanten", "123456789m1111z", "23m456p22z [789s] (1111z)"],
    "mcr score": MCR,
    "mcr hint": ["mcr", "hint", "123m456p789s23s56z5z"],
    "mcr shanten": ["mcr", "shanten", "147m258p369s1234z"],
    "simulate exact": ["simulate", "exact", "--tiles", "14"],
    "simulate haipai": ["simulate", "haipai", "--n", "3000", "--seed", "2"],
    "simulate selfplay": ["simulate", "selfplay", "--games", "300", "--draws", "4", "--seat", "e"],
    "simulate nanikiru": ["simulate", "nanikiru", "2234m506p678s5557z", "--n", "300", "--draws", "3"],
    "tables": ["tables"],
    "play": ["play", "--seed", "3", "--length", "tonpuu"],
    "replay": ["replay", "tests/data/game-logs/mjlog/2010081709gm-00a9-0000-fe3371ad.mjlog"],
    "tournament": ["tournament", "--games", "4", "--length", "tonpuu", "--seed", "1"],
    "review": ["review", "tests/data/game-logs/mjlog/2020052212gm-00a9-0000-3c7fe026.mjlog", "--seat", "1"],
}


def leaves(parser: argparse.ArgumentParser, path: tuple[str, ...] = ()):
    """Every command line's command words ("hint", "mcr score", ...) below ``parser``."""
    children = [a for a in parser._actions if isinstance(a, argparse._SubParsersAction)]
    if not children:
        yield " ".join(path)
    for action in children:
        for name, child in action.choices.items():
            yield from leaves(child, (*path, name))


AVAILABLE = set(leaves(build_parser()))
if "yaku" in AVAILABLE:  # issue 12 item 3, on another branch
    COMMANDS["yaku"] = ["yaku", "pinfu"]

OTHERS = {
    "help": ["score", "--help"],
    "unicode": ["hint", "2234m506p678s5557z", "--top", "1", "--unicode"],
    "dask unreachable": [
        "simulate",
        "haipai",
        "--n",
        "10",
        "--dask",
        "tcp://127.0.0.1:1",
        "--dask-timeout",
        "1",
    ],
    "dask malformed": ["simulate", "haipai", "--n", "10", "--dask", "nonsense://scheduler"],
}


def riichi_lut_run(argv: list[str]) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "riichi_lut", *argv],
        capture_output=True,
        text=True,
        encoding="utf-8",
        env=ENV,
        cwd=ROOT,
        timeout=120,
        check=False,
    )


@cache
def runs() -> dict[tuple[str, bool], subprocess.CompletedProcess[str]]:
    """Every run above, three at a time, keyed by (name, --json)."""
    jobs = {(name, False): argv for name, argv in {**COMMANDS, **OTHERS}.items()}
    jobs |= {(name, True): [*argv, "--json"] for name, argv in COMMANDS.items()}
    with ThreadPoolExecutor(3) as pool:
        done = dict(zip(jobs, pool.map(riichi_lut_run, jobs.values()), strict=True))
    return done


def human(name: str) -> str:
    done = runs()[name, False]
    assert done.returncode == 0 and done.stderr == "", done.stderr
    return done.stdout


def as_json(name: str) -> object:
    done = runs()[name, True]
    assert done.returncode == 0 and done.stderr == "", done.stderr
    return json.loads(done.stdout)


def test_every_subcommand_is_run_here():
    commands = AVAILABLE - {"serve"}  # a server, not a one-shot command: tested with the web layer
    assert commands <= set(COMMANDS), commands - set(COMMANDS)


def test_subprocess_hint_human_and_json():
    lines = human("hint").splitlines()
    assert lines[0].startswith("Discard 7z: stays 1-shanten") and lines[1].split()[0] == "7z:"
    assert lines[-1] == "playground: http://127.0.0.1:8000/?q=2234m506p678s5557z"
    assert as_json("hint") == riichi_lut.hint("2234m506p678s5557z", "1m").to_dict()


def test_subprocess_ukeire_human_and_json():
    assert human("ukeire").startswith(
        "123m456p789s1122z: tenpai, 2 kinds / 3 tiles; furiten: it can win only by tsumo\n    standard:"
    )
    visible = riichi_lut.Visible(own_discards="1z")
    assert as_json("ukeire") == riichi_lut.ukeire("123m456p789s1122z", visible).to_dict()


def test_subprocess_score_human_and_json():
    out = human("score")
    assert out.startswith("What won:\n- Riichi, 1 han:") and "Total received: " in out
    win = riichi_lut.Win(
        tsumo=False, seat_wind="S", round_wind="E", riichi=True, riichi_sticks=1, dora_indicators="1s"
    )
    assert as_json("score") == score_report(riichi_lut.score("234m456p678s22345s", "5s", win))


def test_subprocess_shanten_human_and_json():
    assert human("shanten").splitlines() == [
        "123456789m1111z: 1-shanten (standard 1, chiitoitsu 5, kokushi 9)",
        "23m456p22z [789s] (1111z): tenpai (standard 0)",
    ]
    assert [(row["hand"], row["value"]) for row in as_json("shanten")] == [
        ("123456789m1111z", 1),
        ("23m456p22z [789s] (1111z)", 0),
    ]


def test_subprocess_mcr_score_hint_and_shanten_human_and_json():
    result = mcr.score("123m456p789s123s55z", "5z", self_drawn=False, seat_wind="E", prevalent_wind="S")
    assert human("mcr score") == result.explain() + "\n"
    assert as_json("mcr score") == result.to_dict()
    assert human("mcr hint").startswith("Discard 6z: tenpai, winning on 1s")
    assert as_json("mcr hint") == mcr.hint("123m456p789s23s56z5z").to_dict()
    assert human("mcr shanten").startswith("147m258p369s1234z: tenpai (regular 8,")
    assert as_json("mcr shanten") == [
        {"hand": "147m258p369s1234z", **mcr.shanten("147m258p369s1234z").to_dict()}
    ]


def test_subprocess_simulate_human_and_json():
    assert human("simulate exact").startswith("Exact shanten of all ")
    assert as_json("simulate exact")["deals"] == 4250305029168216000
    assert human("simulate haipai").startswith("Shanten of 3,000 random 13-tile deals (seed 2")
    counts = as_json("simulate haipai")["counts"]
    assert sum(counts.values()) == 3000
    assert counts == {str(k): v for k, v in riichi_lut.sim.sample_shanten_distribution(3000, seed=2).items()}
    assert human("simulate selfplay").startswith("Self-play: 300 games, up to 4 draws")
    assert as_json("simulate selfplay")["games"] == 300
    assert human("simulate nanikiru").startswith("2234m506p678s5557z: each discard, 300 simulated games")
    assert len(as_json("simulate nanikiru")) == 10


def test_subprocess_tables_human_and_json():
    assert f"all {len(loader.EXPECTED)} verified" in human("tables")  # 37 since issue 13 item 1
    assert "suit_masks" in as_json("tables")["tables"]


def test_subprocess_play_and_replay_human_and_json():
    from riichi_lut.game import play_one, read_log, replay

    game = replay(play_one(["efficiency"] * 4, seed=3, length="tonpuu"), check=False)
    lines = human("play").splitlines()
    assert len(lines) == len(game.rounds) + 1 and lines[-1].startswith("final   seat 0 ")
    played = as_json("play")
    assert isinstance(played, dict) and played["final_scores"] == list(game.final_scores or ())
    assert [r["scores_after"] for r in played["rounds"]] == [list(r.scores_after) for r in game.rounds]

    log = ROOT / COMMANDS["replay"][1]
    expected = replay(read_log(log))
    out = human("replay")
    assert out.startswith(f"{log.name} (mjlog, {len(expected.rounds)} hands): replayed, no mismatch")
    report = as_json("replay")
    assert isinstance(report, dict) and report["complete"] is True
    assert report["final_points"] == list(expected.final_points or ())


def test_subprocess_tournament_human_and_json():
    from riichi_lut.game import play

    expected = play(4, seed=1, length="tonpuu")
    lines = human("tournament").splitlines()
    assert lines[0].startswith("Tournament: 4 tonpuu games, 4 players (Tenhou rules), duplicate seating")
    assert lines[1:] == expected.summary().splitlines()
    assert as_json("tournament") == json.loads(json.dumps(expected.to_dict()))


def test_subprocess_help_shows_defaults_and_examples():
    out = " ".join(human("help").split())
    assert "(default: Tenhou)" in out and "examples: riichi-lut score" in out


def test_subprocess_unicode_draws_tiles_on_a_real_stdout():
    lines = human("unicode").splitlines()
    assert lines[0].startswith("Discard \U0001f004: stays 1-shanten")
    assert lines[1].split()[:2] == ["\U0001f004:", "1-shanten,"]


def test_subprocess_unreachable_dask_scheduler_is_a_one_line_error():
    done = runs()["dask unreachable", False]
    assert done.returncode == 2 and done.stdout == ""
    [line] = done.stderr.splitlines()  # one line, no traceback
    assert line.startswith("error: cannot reach the Dask scheduler at 'tcp://127.0.0.1:1': ")


def test_subprocess_malformed_dask_address_is_a_one_line_error():
    done = runs()["dask malformed", False]
    assert done.returncode == 2 and len(done.stderr.splitlines()) == 1
    assert done.stderr.startswith("error: --dask 'nonsense://scheduler' is not a scheduler address")


def closed_pipe(argv: list[str], read_first_line: bool) -> tuple[int, str, str]:
    """(status, line read, stderr) of a run whose reader goes away, like ``| head -1``."""
    with subprocess.Popen(
        [sys.executable, "-m", "riichi_lut", *argv],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        env=ENV,
        cwd=ROOT,
        text=True,
    ) as process:
        assert process.stdout is not None and process.stderr is not None
        line = process.stdout.readline() if read_first_line else ""
        process.stdout.close()
        err = process.stderr.read()
        return process.wait(timeout=120), line, err


def test_closed_pipe_exits_quietly_with_status_141():
    # 3,000 lines (~200 kB) are more than a pipe holds: the command is still writing
    status, line, err = closed_pipe(["shanten"] + ["123456789m1111z"] * 3000, read_first_line=True)
    assert line == "123456789m1111z: 1-shanten (standard 1, chiitoitsu 5, kokushi 9)\n"
    assert (status, err) == (141, "")
    # the reader is gone before the simulation prints its first line
    status, _, err = closed_pipe(
        ["simulate", "selfplay", "--games", "200", "--draws", "3"], read_first_line=False
    )
    assert (status, err) == (141, "")


@pytest.mark.parametrize("name", sorted(COMMANDS))
def test_subprocess_run_is_clean(name):
    for as_json_too in (False, True):
        done = runs()[name, as_json_too]
        assert done.returncode == 0 and done.stderr == "", (name, as_json_too, done.stderr)
