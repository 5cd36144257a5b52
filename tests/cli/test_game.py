"""``riichi-lut play`` and ``riichi-lut replay``: a played game written in each format and
replayed; a real log; a tampered log exits 1 naming the mismatch; an unreadable one exits 2."""

from __future__ import annotations

import json
import re

import pytest
from gamelogs import MJLOG

from riichi_lut.cli.main import main
from riichi_lut.game import read_log, replay


@pytest.mark.parametrize("suffix", [".mjson", ".json"])
def test_play_writes_a_log_that_replay_checks(tmp_path, capsys, suffix):
    out = tmp_path / f"game{suffix}"
    assert main(["play", "--seed", "3", "--length", "tonpuu", "--out", str(out)]) == 0
    played = capsys.readouterr().out
    assert "final" in played and f"written: {out}" in played
    assert main(["replay", str(out)]) == 0
    replayed = capsys.readouterr().out
    assert "replayed, no mismatch" in replayed
    final_played = played.split("final", 1)[1].split("\n", 1)[0]
    assert final_played.strip().split()[2] in replayed  # seat 0's final score


def test_replay_a_real_log_as_json(capsys):
    assert main(["replay", str(MJLOG / "double-ron.mjlog"), "--json"]) == 0
    report = json.loads(capsys.readouterr().out)
    assert report["format"] == "mjlog" and report["complete"]
    assert any(len(r["wins"]) == 2 for r in report["rounds"])
    expected = replay(read_log(MJLOG / "double-ron.mjlog"))
    assert report["final_scores"] == list(expected.final_scores or ())
    assert [r["scores_after"] for r in report["rounds"]] == [list(r.scores_after) for r in expected.rounds]


def test_play_as_json_is_the_game_that_was_played(tmp_path, capsys):
    out = tmp_path / "game.json"
    argv = ["play", "--seed", "5", "--players", "3", "--length", "tonpuu", "--out", str(out), "--json"]
    assert main(argv) == 0
    report = json.loads(capsys.readouterr().out)
    assert report["written"] == str(out) and report["complete"] is True
    again = replay(read_log(out))
    assert report["final_scores"] == list(again.final_scores or ()) and len(report["final_scores"]) == 3
    deltas = [list(r.outcome.deltas) for r in again.rounds if r.outcome]
    assert [r["deltas"] for r in report["rounds"]] == deltas


def test_a_mismatch_exits_1_naming_it(tmp_path, capsys):
    text = (MJLOG / "2019021004gm-00a9-0000-e2f6516d.xml").read_text(encoding="utf-8")
    fu, points, limit = re.search(r'<AGARI [^>]*ten="(\d+),(\d+),(\d)"', text).groups()
    tampered = tmp_path / "tampered.xml"
    wrong = int(points) + 100
    tampered.write_text(
        text.replace(f'ten="{fu},{points},{limit}"', f'ten="{fu},{wrong},{limit}"', 1), encoding="utf-8"
    )
    assert main(["replay", str(tampered)]) == 1
    out = capsys.readouterr().out
    assert out.startswith("mismatch: tampered.xml, round ") and f"the points: the log says {wrong}" in out


def test_a_log_that_cannot_be_read_exits_2(tmp_path, capsys):
    broken = tmp_path / "broken.mjlog"
    broken.write_text("<mjloggm ver='2.3'><INIT", encoding="utf-8")
    assert main(["replay", str(broken)]) == 2
    assert "error: broken.mjlog: not well-formed XML" in capsys.readouterr().err


def test_play_refuses_an_unknown_extension_before_playing(tmp_path, capsys):
    assert main(["play", "--out", str(tmp_path / "game.txt")]) == 2
    err = capsys.readouterr().err
    assert "--out game.txt" in err and ".mjson" in err
