"""``--players 3`` (three-player Riichi) on ``riichi-lut hint``, ``ukeire``, ``shanten`` and
``simulate nanikiru``: the answers of the library's ``players=3``, errors naming the 2m-8m
tile, the playground link opening the playground's three-player mode (``&players=3``)."""

from __future__ import annotations

import json

import pytest

import riichi_lut
from riichi_lut.cli.main import main
from riichi_lut.sim import nanikiru


def test_shanten_three_players(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["shanten", "--players", "3", "11119999m234p22z"]) == 0
    assert main(["shanten", "11119999m234p22z"]) == 0
    three, four = capsys.readouterr().out.splitlines()
    assert three == "11119999m234p22z: 2-shanten (standard 2, chiitoitsu 4, kokushi 9)"
    assert four.startswith("11119999m234p22z: 1-shanten")


def test_hint_three_players_is_the_librarys(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["hint", "--players", "3", "--json", "11119999m234p22z5z"]) == 0
    assert json.loads(capsys.readouterr().out) == riichi_lut.hint("11119999m234p22z5z", players=3).to_dict()
    assert main(["hint", "--players", "3", "11119999m234p22z5z"]) == 0
    out = capsys.readouterr().out
    assert out.startswith("Discard 1m:")
    assert out.splitlines()[-1] == "playground: http://127.0.0.1:8000/?q=11119999m234p22z5z&players=3"
    assert main(["hint", "11119999m234p22z5z"]) == 0
    assert (
        capsys.readouterr().out.splitlines()[-1] == "playground: http://127.0.0.1:8000/?q=11119999m234p22z5z"
    )


def test_ukeire_three_players(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["ukeire", "--players", "3", "--json", "11m99m123456p789s"]) == 0
    expected = riichi_lut.ukeire("11m99m123456p789s", players=3).to_dict()
    assert json.loads(capsys.readouterr().out) == expected
    assert main(["ukeire", "--players", "3", "11m99m123456p789s"]) == 0
    assert capsys.readouterr().out.splitlines()[-1] == (
        "playground: http://127.0.0.1:8000/?q=11m99m123456p789s&players=3"
    )


@pytest.mark.parametrize("command", ["hint", "ukeire", "shanten"])
def test_a_two_to_eight_of_man_is_named(command: str, capsys: pytest.CaptureFixture[str]) -> None:
    hand = "15m99m123456p789s" + ("5z" if command == "hint" else "")
    assert main([command, "--players", "3", hand]) == 2
    assert "5m is not a three-player tile" in capsys.readouterr().err


def test_players_must_be_three_or_four(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["hint", "--players", "5", "11m99m123456p789s5z"]) == 2
    assert "error: --players must be one of 3, 4 (any case), got '5'" in capsys.readouterr().err


def test_simulate_nanikiru_three_players_is_the_librarys(capsys: pytest.CaptureFixture[str]) -> None:
    argv = ["simulate", "nanikiru", "11m99m123p456p789s5z", "--players", "3", "--n", "400", "--draws", "3"]
    assert main([*argv, "--json"]) == 0
    expected = nanikiru("11m99m123p456p789s5z", n=400, draws=3, players=3)
    assert json.loads(capsys.readouterr().out) == [o.to_dict() for o in expected]
    four = nanikiru("11m99m123p456p789s5z", n=400, draws=3)
    assert [o.to_dict() for o in four] != [o.to_dict() for o in expected]
    assert main(argv) == 0
    out = capsys.readouterr().out
    assert out.startswith("11m99m123p456p789s5z: each discard, 400 simulated games of 3 draws, three players")
    assert main(["simulate", "nanikiru", "15m99m123p456p789s5z", "--players", "3", "--n", "10"]) == 2
    assert "5m is not a three-player tile" in capsys.readouterr().err
