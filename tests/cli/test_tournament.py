"""``riichi-lut tournament``: the table, --json (the library's ``to_dict()``), --plot, and
errors named by their flag."""

from __future__ import annotations

import json

import pytest
from dask_cluster import local_cluster

from riichi_lut.cli.main import main
from riichi_lut.game import play

ARGV = ["tournament", "--games", "4", "--length", "one_hand", "--seed", "5"]


def test_json_is_the_tournaments_to_dict(capsys):
    assert main([*ARGV, "--json"]) == 0
    out = json.loads(capsys.readouterr().out)
    assert out == json.loads(json.dumps(play(4, seed=5, length="one_hand").to_dict()))
    assert out["policies"] == ["efficiency", "random"] and out["seating"] == "duplicate"


def test_the_table_has_a_row_per_policy(capsys):
    argv = ["tournament", "--games", "3", "--length", "one_hand", "--seating", "rotate"]
    argv += ["--policy", "efficiency", "--policy", "random", "--policy", "random", "--players", "3"]
    assert main(argv) == 0
    lines = capsys.readouterr().out.splitlines()
    assert lines[0].startswith("Tournament: 3 one_hand games, 3 players (Tenhou sanma rules), rotate seating")
    assert "seats efficiency, random, random" in lines[0]
    assert lines[1].split()[:3] == ["policy", "games", "rank"]
    assert [line.split()[:2] for line in lines[2:]] == [["efficiency", "3"], ["random", "6"]]


def test_progress_draws_a_bar_on_stderr_only_when_asked(capsys):
    assert main(ARGV) == 0
    assert capsys.readouterr().err == ""
    assert main([*ARGV, "--progress"]) == 0
    assert "tournament: 100%" in capsys.readouterr().err


def test_plot_writes_a_png(tmp_path, capsys):
    pytest.importorskip("matplotlib")
    path = tmp_path / "tournament.png"
    assert main([*ARGV, "--plot", str(path)]) == 0
    assert path.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"
    assert capsys.readouterr().out.rstrip().endswith(f"plot written to {path}")


@pytest.mark.parametrize(
    ("argv", "words"),
    [
        (["--games", "3"], "error: --games=3 with seating='duplicate' must be a multiple of 2"),
        (["--policy", "random"] * 5, "error: --policy must be 1 to 4 policy names"),
        (["--seed", "-2"], "error: --seed must be an int >= 0"),
        (["--workers", "0"], "error: --workers must be an int >= 1"),
    ],
)
def test_errors_name_the_flag(argv, words, capsys):
    assert main(["tournament", "--length", "one_hand", *argv]) == 2
    captured = capsys.readouterr()
    assert captured.out == "" and captured.err.startswith(words) and captured.err.count("\n") == 1


@pytest.mark.slow
def test_on_a_dask_scheduler_and_on_two_workers_the_same_json(capsys, monkeypatch):
    from riichi_lut.game import tournament

    monkeypatch.setattr(tournament, "GAMES_PER_CHUNK", 4)  # two chunks
    argv = ["tournament", "--games", "8", "--length", "one_hand", "--seed", "9", "--json"]
    assert main(argv) == 0
    here = json.loads(capsys.readouterr().out)
    with local_cluster() as cluster:
        assert main([*argv, "--dask", cluster.scheduler_address]) == 0
    assert json.loads(capsys.readouterr().out) == here
    assert main([*argv, "--workers", "2"]) == 0
    assert json.loads(capsys.readouterr().out) == here
