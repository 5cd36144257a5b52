"""Issue 11 item 7 on the command line: ``--chankan-closed`` robs a closed kan."""

from __future__ import annotations

import json

import pytest

from riichi_lut.cli.main import main

ARGS = ["score", "19m19p19s12345677z", "--win", "1m", "--ron", "--seat", "S", "--round", "E"]


def test_cli_chankan_closed_scores_kokushi_where_the_rules_allow(capsys):
    assert main([*ARGS, "--chankan-closed", "--rules", "Mahjong Soul", "--json"]) == 0
    out = json.loads(capsys.readouterr().out)
    assert out["win"]["chankan"] == "closed" and [y["id"] for y in out["yaku"]] == ["kokushi"]


def test_cli_chankan_closed_is_refused_by_name_under_tenhou(capsys):
    assert main([*ARGS, "--chankan-closed"]) == 2
    assert "kokushi_robs_closed_kan is False" in capsys.readouterr().err


def test_cli_chankan_and_chankan_closed_exclude_each_other(capsys):
    with pytest.raises(SystemExit):
        main([*ARGS, "--chankan", "--chankan-closed"])
    assert "not allowed with" in capsys.readouterr().err
