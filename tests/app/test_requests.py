"""The request layer (issue 25 item 3): each command declared once, both shells built from
the declaration, errors worded by the parameter they are about, never by rewriting text."""

from __future__ import annotations

import argparse
import json
import shlex
import subprocess
import sys

import pytest

from riichi_lut.app import REQUESTS, ROUTES, Param, Request
from riichi_lut.cli.main import build_parser, main
from riichi_lut.errors import InvalidArgumentError, InvalidSituationError, RiichiLutError
from riichi_lut.web.api import answer

CLI_ONLY = {"--json", "--unicode", "--top", "-h", "--help"}


def _subparser(words: tuple[str, ...]) -> argparse.ArgumentParser:
    parser = build_parser()
    for word in words:
        action = next(a for a in parser._actions if isinstance(a, argparse._SubParsersAction))
        parser = action.choices[word]
    return parser


@pytest.mark.parametrize("name", sorted(REQUESTS))
def test_the_cli_options_are_the_declared_parameters(name):
    request = REQUESTS[name]
    parser = _subparser(request.command)
    flags = {s for a in parser._actions for s in a.option_strings} - CLI_ONLY
    assert flags == {p.flag for p in request.params if not p.positional}
    positionals = [a.dest for a in parser._actions if not a.option_strings]
    assert positionals == [p.name for p in request.params if p.positional]


def _query_of(request: Request, argv: list[str]) -> dict[str, list[str]]:
    """The web query of a command line, by the declarations (flag -> field)."""
    by_flag = {p.flag: p for p in request.params if not p.positional}
    hand = next((p for p in request.params if p.positional), None)
    query: dict[str, list[str]] = {}
    words = iter(argv)
    for word in words:
        if word in CLI_ONLY:
            if word == "--top":
                next(words)
            continue
        if word.startswith("--"):
            param = by_flag[word]
            query[param.field] = ["1"] if param.switch else [next(words)]
        else:
            assert hand is not None
            query.setdefault(hand.field, []).append(word)
    return query


def _examples():
    for name, request in sorted(REQUESTS.items()):
        for line in request.examples:
            yield pytest.param(name, line, id=line[:70])


@pytest.mark.parametrize(("name", "line"), list(_examples()))
def test_every_example_answers_the_same_on_the_cli_and_the_web(capsys, name, line):
    """The command's --json and the web's answer to the same parameters are one report."""
    request = REQUESTS[name]
    argv = shlex.split(line)[1:]
    assert main([*argv, "--json"]) == 0
    printed = json.loads(capsys.readouterr().out)
    if request.route is None:  # pragma: no cover - every request has a route today
        return
    reply = answer(request.route, _query_of(request, argv[len(request.command) :]))
    assert reply.status == 200, reply.body
    assert reply.body == printed


def test_every_request_has_a_route_and_examples():
    assert {r.route for r in REQUESTS.values()} == set(ROUTES)
    assert all(r.examples for r in REQUESTS.values())


BAD_VALUES = {
    "players": "5",
    "honba": "x",
    "riichi_sticks": "-1",
    "paarenchan": "1.5",
    "kita": "many",
    "rules": "tenhou2",
    "seat_wind": "seat_wind",
    "round_wind": "Q",
    "prevalent_wind": "2z",
    "win_tile": "5x",
    "dora_indicators": "1x",
    "ura_indicators": "9q",
    "flowers": "9",
    "edition": "1999",
    "visible": "1x",
    "own_discards": "2y",
}

GOOD = {
    "hint": ["2234m506p678s5557z"],
    "ukeire": ["123m456p789s1122z"],
    "score": ["22334455667788p", "--win", "8p", "--ron", "--seat", "S", "--round", "E"],
    "mcr score": ["123m456p789s123s55z", "--win", "5z", "--seat", "E", "--prevalent", "S"],
}


def _bad_cases():
    for name, good in GOOD.items():
        for param in REQUESTS[name].params:
            if param.name in BAD_VALUES:
                yield pytest.param(name, good, param, id=f"{name}-{param.name}")


def _with(argv: list[str], flag: str, value: str) -> list[str]:
    out = list(argv)
    if flag in out:
        out[out.index(flag) + 1] = value
    else:
        out += [flag, value]
    return out


@pytest.mark.parametrize(("name", "good", "param"), list(_bad_cases()))
def test_a_bad_value_names_the_flag_on_the_cli_and_the_field_on_the_web(capsys, name, good, param: Param):
    request = REQUESTS[name]
    value = BAD_VALUES[param.name]
    argv = [*request.command, *_with(good, param.flag, value)]
    assert main(argv) == 2
    err = capsys.readouterr().err
    assert err.startswith(f"error: {param.flag}"), err
    assert value in err  # the user's text as typed, never rewritten
    query = _query_of(request, argv[len(request.command) :])
    reply = answer(request.route, query)
    assert reply.status == 400
    assert reply.body["parameter"] == param.field
    assert reply.body["error"].startswith(param.field), reply.body
    assert "--" not in reply.body["error"]
    assert err == f"error: {param.flag}{reply.body['error'][len(param.field) :]}\n"


def test_an_error_about_an_undeclared_parameter_is_the_librarys_message():
    request = REQUESTS["score"]
    error = InvalidSituationError.about("kokushi_robs_closed_kan", "is False")
    assert request.about(error) is None
    from riichi_lut.cli.requests import message_of

    args = argparse.Namespace(request=request)
    assert message_of(error, args) == "kokushi_robs_closed_kan is False"


def test_switch_groups_are_checked_by_the_request():
    request = REQUESTS["score"]
    given = {"hand": "22334455667788p", "win_tile": "8p", "seat_wind": "E", "round_wind": "E"}
    with pytest.raises(InvalidArgumentError, match="is required: give one of tsumo or ron"):
        request.read(given)
    with pytest.raises(InvalidArgumentError, match="takes only one of tsumo or ron"):
        request.read({**given, "tsumo": True, "ron": True})
    with pytest.raises(InvalidArgumentError, match="only one of chankan or chankan_closed"):
        request.read({**given, "ron": True, "chankan": True, "chankan_closed": True})
    assert request.read({**given, "ron": True})["tsumo"] is False


def test_choices_and_presets_are_read_in_any_case():
    score = REQUESTS["score"]
    assert score.param("rules").read("mahjong soul").name == "Mahjong Soul"
    assert score.param("rules").read("MAHJONG_SOUL").name == "Mahjong Soul"
    assert REQUESTS["hint"].param("players").read(" 3 ") == 3
    reply = answer(
        "/api/score",
        {
            "q": ["22334455667788p"],
            "win": ["8p"],
            "ron": ["1"],
            "seat": ["s"],
            "round": ["e"],
            "rules": ["mahjong-soul"],
        },
    )
    assert reply.status == 200


def test_shanten_routes_take_several_hands_and_report_each():
    reply = answer("/api/shanten", {"q": ["123456789m1111z", "11223344556677z"]})
    assert reply.status == 200
    assert [row["value"] for row in reply.body] == [1, -1]
    reply = answer("/api/mcr/shanten", {"q": ["147m258p369s1234z", "1x"]})
    assert reply.status == 400 and reply.body["parameter"] == "q"
    assert "error" in reply.body["rows"][1] and reply.body["rows"][0]["value"] == 0


def test_yaku_route_gives_one_entry_by_name():
    assert answer("/api/yaku", {"name": ["pinfu"]}).body["id"] == "pinfu"
    assert len(answer("/api/yaku", {}).body) > 30
    reply = answer("/api/yaku", {"name": ["no such yaku"]})
    assert reply.status == 400 and reply.body["parameter"] == "name"


def test_the_web_loads_no_command_line_code():
    code = (
        "import sys; from riichi_lut.web.server import make_server; from riichi_lut.web.api import answer;"
        " answer('/api/hint', {'q': ['2234m506p678s5557z']});"
        " answer('/api/mcr/score', {'q': ['123m456p789s123s55z'], 'win': ['5z'], 'seat': ['E'],"
        " 'prevalent': ['S']});"
        " print(sorted(m for m in sys.modules if m.startswith('riichi_lut.cli') or m == 'argparse'))"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True).stdout
    assert out.strip() == "[]"


def test_errors_carry_their_parameter():
    with pytest.raises(RiichiLutError) as info:
        REQUESTS["score"].param("honba").read("x")
    assert info.value.parameter == "honba" and info.value.worded("--honba").startswith("--honba must")


def test_yaku_by_everyday_name_and_family_on_both_shells(capsys):
    assert answer("/api/yaku", {"name": ["sanshoku"]}).body["id"] == "sanshoku_doujun"
    family = answer("/api/yaku", {"name": ["yakuhai"]}).body
    assert [e["id"] for e in family][:3] == ["yakuhai_haku", "yakuhai_hatsu", "yakuhai_chun"]
    assert main(["yaku", "haku", "--json"]) == 0
    assert json.loads(capsys.readouterr().out)["id"] == "yakuhai_haku"
    assert main(["yaku", "sanshok"]) == 2
    assert "did you mean sanshoku (sanshoku_doujun)" in capsys.readouterr().err
