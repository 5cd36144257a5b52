"""Issue 12 item 4, in process: the rough edges of the command, each test named after one
(--help, case, --top, shanten --json, flag names, --plot, --unicode, the playground link,
ukeire). The subprocess runs of every command are in test_subprocess.py."""

from __future__ import annotations

import argparse
import inspect
import json
import shlex
import sys

import pytest

import riichi_lut
from riichi_lut.app import REQUESTS
from riichi_lut.cli import glyphs as glyph_module
from riichi_lut.cli.links import PLAYGROUND, permalink
from riichi_lut.cli.main import build_parser, main
from riichi_lut.cli.simulate import CHUNK_SIZES
from riichi_lut.core.tiles import KIND_NAMES

SCORE = ["score", "234m456p678s22345s", "--win", "5s", "--ron", "--seat", "S", "--round", "E"]
MCR = ["mcr", "score", "123m456p789s123s55z", "--win", "5z", "--seat", "E", "--prevalent", "S"]


def run(capsys, argv):
    """(status, stdout, stderr) of ``riichi-lut argv`` in process."""
    status = main(argv)
    out, err = capsys.readouterr()
    return status, out, err


def parsers(parser=None, path=()):
    """(command path, parser) of the command and every subcommand below it."""
    parser = parser or build_parser()
    yield path, parser
    for action in parser._actions:
        if isinstance(action, argparse._SubParsersAction):
            for name, child in action.choices.items():
                yield from parsers(child, (*path, name))


# --------------------------------------------------------------------------- --help


COMMANDS = [pytest.param(parser, id=" ".join(path) or "riichi-lut") for path, parser in parsers()]


@pytest.mark.parametrize("parser", COMMANDS)
def test_help_shows_defaults_and_an_example_on_every_command(parser):
    text = parser.format_help()
    assert "examples:\n  riichi-lut" in text, f"{parser.prog} --help has no example"
    for action in parser._actions:
        default = action.default
        off = default is None or default is False or default == "" or default is argparse.SUPPRESS
        if action.option_strings and not off:
            assert action.help, (parser.prog, action.dest)
            assert f"(default: {default})" in " ".join(text.split()), (parser.prog, action.dest)


@pytest.mark.parametrize("parser", COMMANDS)
def test_help_examples_are_valid_command_lines(parser):
    examples = parser.epilog.split("examples:\n", 1)[1].splitlines()
    for line in examples:
        argv = shlex.split(line)
        assert argv[0] == "riichi-lut"
        if "--help" not in argv:
            build_parser().parse_args(argv[1:])  # SystemExit(2) if the example went stale


def test_help_lists_the_defaults_it_promises(capsys):
    with pytest.raises(SystemExit) as done:
        main(["hint", "--help"])
    assert done.value.code == 0
    out = " ".join(capsys.readouterr().out.split())
    assert (
        "how many ranked options to list (default: 5)" in out
        and 'riichi-lut hint "2234m506p678s5557z"' in out
    )
    with pytest.raises(SystemExit):
        main(["score", "--help"])
    out = " ".join(capsys.readouterr().out.split())
    assert (
        "(default: Tenhou)" in out and "--honba HONBA honba counters on the table, 0..100 (default: 0)" in out
    )


# --------------------------------------------------------------------------- case


@pytest.mark.parametrize("spelling", ["M-League", "m-league", "M-LEAGUE", "mleague", "m_league"])
def test_rules_are_case_insensitive_in_score(capsys, spelling):
    assert REQUESTS["score"].param("rules").read(spelling) is riichi_lut.M_LEAGUE
    argv = [*SCORE, "--riichi", "--sticks", "1", "--json", "--rules"]
    assert run(capsys, [*argv, spelling]) == run(capsys, [*argv, "M-League"])


def test_rules_are_case_insensitive_in_selfplay():
    args = build_parser().parse_args(["simulate", "selfplay", "--rules", "mahjong soul"])
    assert args.rules is riichi_lut.MAHJONG_SOUL
    assert build_parser().parse_args(["simulate", "selfplay"]).rules is riichi_lut.TENHOU


def test_unknown_rules_name_the_flag_and_the_presets(capsys):
    status, _, err = run(capsys, [*SCORE, "--rules", "tenhou2"])
    assert status == 2
    assert err.startswith("error: --rules must be a rule preset (any case): ") and "Mahjong Soul" in err
    assert "got 'tenhou2'" in err


def test_winds_are_case_insensitive_in_score_mcr_and_selfplay(capsys):
    lower = run(capsys, [*SCORE[:-4], "--seat", "s", "--round", "e", "--json"])
    upper = run(capsys, [*SCORE, "--json"])
    assert lower[0] == 0 and lower == upper
    lower = run(capsys, [*MCR[:-4], "--seat", "e", "--prevalent", "s", "--json"])
    assert lower[0] == 0 and lower == run(capsys, [*MCR, "--json"])
    selfplay = ["simulate", "selfplay", "--games", "40", "--draws", "2", "--json"]
    lower = run(capsys, [*selfplay, "--seat", "e", "--round", "s"])
    assert lower[0] == 0 and lower == run(capsys, [*selfplay, "--seat", "E", "--round", "S"])


def test_simulate_form_is_case_insensitive(capsys):
    status, out, _ = run(capsys, ["simulate", "exact", "--form", "KOKUSHI", "--json"])
    assert status == 0 and json.loads(out)["form"] == "kokushi"


# --------------------------------------------------------------------------- --top


def test_top_refuses_negative_numbers(capsys):
    with pytest.raises(SystemExit) as done:
        main(["hint", "2234m506p678s5557z", "--top", "-1"])
    assert done.value.code == 2
    assert "argument --top: must be 0 or more, got -1" in capsys.readouterr().err


def test_top_zero_prints_the_why_and_the_link_only(capsys):
    status, out, _ = run(capsys, ["hint", "2234m506p678s5557z", "--top", "0"])
    assert status == 0 and len(out.splitlines()) == 2 and out.startswith("Discard 7z")


# --------------------------------------------------------------------------- shanten --json


def test_shanten_json_is_a_list_for_one_hand_and_for_several(capsys):
    one = json.loads(run(capsys, ["shanten", "--json", "123456789m1111z"])[1])
    two = json.loads(run(capsys, ["shanten", "--json", "123456789m1111z", "11223344556677z"])[1])
    assert isinstance(one, list) and one == two[:1] and [r["value"] for r in two] == [1, -1]
    mcr = json.loads(run(capsys, ["mcr", "shanten", "--json", "147m258p369s1234z"])[1])
    assert isinstance(mcr, list) and mcr[0]["honors_and_knitted"] == 0


def test_shanten_json_error_keeps_the_good_hands(capsys):
    status, out, err = run(capsys, ["shanten", "--json", "123456789m1111z", "12x", "11223344556677z"])
    rows = json.loads(out)
    assert status == 2 and err == ""
    assert [r["hand"] for r in rows] == ["123456789m1111z", "12x", "11223344556677z"]
    assert rows[1] == {
        "hand": "12x",
        "error": "unknown character 'x' (expected a digit, a suit letter m/p/s/z or a space)"
        " (at position 2 in '12x')",
        "type": "TileParseError",
    }
    assert rows[0]["value"] == 1 and rows[2]["value"] == -1 and "error" not in rows[0]


def test_shanten_error_without_json_prints_the_good_hands_and_exits_2(capsys):
    status, out, err = run(capsys, ["shanten", "123456789m1111z", "123m", "11223344556677z"])
    assert status == 2
    assert out.splitlines() == [
        "123456789m1111z: 1-shanten (standard 1, chiitoitsu 5, kokushi 9)",
        "11223344556677z: complete (standard 3, chiitoitsu -1, kokushi 5)",
    ]
    assert err == "error: a hand with 0 calls has 13 or 14 concealed tiles, got 3\n"


# --------------------------------------------------------------------------- flag names

FLAG_CASES = [
    # (argv, what the message must say, the Python name it must not)
    (SCORE[:-4] + ["--seat", "X", "--round", "E"], "error: --seat must be 'E', 'S', 'W' or 'N'", "seat_wind"),
    (SCORE[:-2] + ["--round", "2z"], "error: --round must be", "round_wind"),
    (SCORE + ["--riichi", "--sticks", "121"], "error: --sticks must be 0..120 (", "riichi_sticks"),
    (SCORE + ["--honba", "101"], "error: --honba must be 0..100 (", "honba must"),
    (SCORE + ["--sticks", "-1"], "error: --sticks must be an int >= 0, got -1", "riichi_sticks"),
    (SCORE + ["--honba", "-1"], "error: --honba must be an int >= 0, got -1", "honba must"),
    (SCORE + ["--dora", "9x"], "error: --dora: unknown character 'x'", "dora_indicators"),
    (SCORE + ["--dora", "1m1m1m1m1m"], "error: --dora: 1m: a 5th copy", "dora_indicators"),
    (SCORE + ["--riichi", "--sticks", "1", "--ura", "9y"], "error: --ura: unknown character 'y'", "ura_ind"),
    (SCORE[:2] + ["--win", "5s6s"] + SCORE[4:], "error: --win must be one tile, got '5s6s'", "win_tile"),
    (SCORE[:2] + ["--win", "5q"] + SCORE[4:], "error: --win: unknown character 'q'", "win_tile"),
    (["hint", "123m456p789s1122z", "--visible", "9x"], "error: --visible: unknown character", "visible:"),
    (["hint", "123m456p789s1122z", "--discarded", "9q"], "error: --discarded: unknown char", "own_discards"),
    (
        ["hint", "123m456p789s1122z", "--visible", "9x", "--discarded", "1m"],
        "error: --visible: unknown",
        "other",
    ),
    (["ukeire", "123m456p789s1122z", "--discarded", "9q"], "error: --discarded: unknown", "own_discards"),
    (["ukeire", "2234m506p678s5557z"], "for 14 tiles use riichi-lut hint", "rank_discards()"),
    (MCR[:-4] + ["--seat", "X", "--prevalent", "S"], "error: --seat must be", "seat_wind"),
    (MCR[:-2] + ["--prevalent", "X"], "error: --prevalent must be", "prevalent_wind"),
    (MCR + ["--flowers", "9"], "error: --flowers must be at most 8, got 9", "flowers must"),
    (MCR + ["--last-tile"], "error: --last-tile: the winning tile is the last copy", "last_tile"),
    (MCR + ["--kong-replacement"], "error: --kong-replacement is a self-drawn win", "kong_replacement"),
    (MCR + ["--self-drawn", "--robbing-kong"], "error: --robbing-kong is a win on the tile", "self_drawn"),
    (MCR[:3] + ["--win", "5z6z"] + MCR[5:], "error: --win must be one tile", "win_tile"),
    (["mcr", "hint", "123m456p789s1235z5z", "--visible", "9x"], "error: --visible: unknown", "visible:"),
    (["simulate", "haipai", "--n", "-1"], "error: --n must be an int >= 0, got -1", "n must"),
    (["simulate", "haipai", "--n", str(10**15)], "error: --n=1,000,000,000,000,000 deals is more", "n="),
    (["simulate", "haipai", "--n", "10", "--seed", "-1"], "error: --seed must be", "seed must"),
    (
        ["simulate", "haipai", "--n", "10", "--workers", "0"],
        "error: --workers must be an int >= 1",
        "workers must",
    ),
    (["simulate", "haipai", "--n", "10", "--chunk-size", "0"], "error: --chunk-size must be", "chunk_size"),
    (
        ["simulate", "haipai", "--n", str(10**14), "--chunk-size", str(10**13)],
        "error: --chunk-size=10,000,000,000,000 (deals per chunk) asks for",
        "chunk_size",
    ),
    (["simulate", "selfplay", "--games", "0"], "error: --games must be an int >= 1, got 0", "n_games"),
    (["simulate", "selfplay", "--games", str(10**14)], "error: --games=100,000,000,000,000 (", "n_games"),
    (["simulate", "selfplay", "--games", "10", "--draws", "0"], "error: --draws must be", "draws must"),
    (["simulate", "selfplay", "--games", "10", "--seat", "x"], "error: --seat must be", "seat_wind"),
    (["simulate", "selfplay", "--games", "10", "--round", "x"], "error: --round must be", "round_wind"),
    (["simulate", "nanikiru", "2234m506p678s5557z", "--n", "0"], "error: --n must be an int >= 1", "n must"),
    (
        ["simulate", "nanikiru", "2234m506p678s5557z", "--visible", "9x"],
        "error: --visible: unknown",
        "visible:",
    ),
    (
        ["simulate", "nanikiru", "234m456p78s55z1z [678s]", "--riichi"],
        "error: --riichi needs a closed",
        "riichi n",
    ),
    (
        ["simulate", "haipai", "--n", "10", "--dask", "tcp://127.0.0.1:1", "--dask-timeout", "0"],
        "error: --dask-timeout must be a number of seconds > 0",
        "timeout must",
    ),
]


@pytest.mark.parametrize(
    ("argv", "said", "not_said"), FLAG_CASES, ids=[" ".join(c[0])[:60] for c in FLAG_CASES]
)
def test_messages_name_the_cli_flag_not_the_python_parameter(capsys, argv, said, not_said):
    status, _, err = run(capsys, argv)
    assert status == 2 and said in err and err.startswith("error: "), err
    assert not_said not in err.replace(said, "")


def test_messages_are_worded_by_their_parameter_not_rewritten(capsys):
    # an error about a parameter names its flag; the user's own text is quoted as typed
    # (a rewrite by regex once turned the quoted 'seat_wind' into '--seat')
    status, _, err = run(capsys, [*SCORE[:5], "--seat", "seat_wind", "--round", "E"])
    assert status == 2
    assert err == "error: --seat must be 'E', 'S', 'W' or 'N' (either case), got 'seat_wind'\n"
    # a message about no parameter is printed as the library words it
    status, _, err = run(capsys, ["hint", "1111z23m456p789s99m", "--visible", "1z"])
    assert status == 2
    assert err.startswith("error: 1z: 4 in hand and calls + 1 visible = 5 copies (at most 4)")


# --------------------------------------------------------------------------- --plot


def test_plot_checks_for_matplotlib_before_the_simulation_runs(capsys, monkeypatch, tmp_path):
    ran = []
    monkeypatch.setattr(riichi_lut.sim, "selfplay", lambda *a, **k: ran.append(a))
    monkeypatch.setitem(sys.modules, "matplotlib", None)  # import matplotlib raises ImportError
    status, out, err = run(
        capsys, ["simulate", "selfplay", "--games", "10", "--plot", str(tmp_path / "p.png")]
    )
    assert status == 2 and ran == [] and out == ""
    assert err == "error: --plot needs matplotlib: pip install 'riichi-lut[plot]'\n"


def test_simulate_chunk_size_defaults_are_the_library_defaults():
    for name, function in (
        ("haipai", riichi_lut.sim.sample_shanten_distribution),
        ("selfplay", riichi_lut.sim.selfplay),
        ("nanikiru", riichi_lut.sim.nanikiru),
    ):
        assert CHUNK_SIZES[name] == inspect.signature(function).parameters["chunk_size"].default


def test_haipai_of_zero_deals_prints_no_table_instead_of_a_traceback(capsys):
    status, out, _ = run(capsys, ["simulate", "haipai", "--n", "0"])
    assert status == 0 and out.splitlines()[-1] == "(no deals)"


# --------------------------------------------------------------------------- --unicode


def test_unicode_draws_the_34_kinds_as_u1f000_to_u1f021():
    drawn = [glyph_module.glyphs(name) for name in KIND_NAMES]
    assert sorted(ord(g) for g in drawn) == list(range(0x1F000, 0x1F022))
    assert drawn[KIND_NAMES.index("1m")] == "\U0001f007" and drawn[KIND_NAMES.index("1p")] == "\U0001f019"
    assert drawn[KIND_NAMES.index("1s")] == "\U0001f010" and drawn[KIND_NAMES.index("1z")] == "\U0001f000"
    assert [drawn[KIND_NAMES.index(t)] for t in ("5z", "6z", "7z")] == [
        "\U0001f006",
        "\U0001f005",
        "\U0001f004",
    ]


def test_unicode_red_five_is_the_five_with_a_mark():
    assert glyph_module.RED_MARK == "*"
    assert glyph_module.glyphs("0m0p0s") == "\U0001f00b*\U0001f01d*\U0001f014*"


def test_unicode_leaves_numbers_that_are_not_tiles():
    text = "3 han 40 fu: base points 40 × 2^(2+3) = 1,280; 3n+1 hands; the 1st draw; ?q=1m"
    assert glyph_module.unicode_tiles(text) == text
    assert (
        glyph_module.unicode_tiles("(1z) [123s]: 1zx3")
        == "(\U0001f000) [\U0001f010\U0001f011\U0001f012]: \U0001f000x3"
    )


@pytest.mark.parametrize(
    "argv",
    [
        ["hint", "2234m506p678s5557z"],
        ["ukeire", "23m456p789s11z [123s]"],
        [*SCORE, "--riichi", "--sticks", "1"],
        ["shanten", "123456789m1111z", "23m456p22z [789s] (1111z)"],
        MCR,
        ["mcr", "hint", "123m456p789s1235z5z"],
        ["mcr", "shanten", "147m258p369s1234z"],
    ],
    ids=lambda argv: " ".join(argv[:2]),
)
def test_unicode_output_draws_tiles_and_ascii_is_the_default(capsys, argv):
    status, ascii_out, _ = run(capsys, argv)
    assert status == 0
    status, unicode_out, _ = run(capsys, [*argv, "--unicode"])
    assert status == 0 and any(0x1F000 <= ord(c) <= 0x1F021 for c in unicode_out)
    assert not any(0x1F000 <= ord(c) <= 0x1F021 for c in ascii_out)
    # the rows of accepted tiles ("1mx4") are drawn tile by tile: compare them spaced out
    drawn = glyph_module.unicode_tiles(ascii_out.replace("x", " x"))
    assert drawn.split() == unicode_out.replace("x", " x").split()


def test_unicode_does_not_change_json(capsys):
    argv = ["hint", "2234m506p678s5557z", "--json"]
    assert run(capsys, argv) == run(capsys, [*argv, "--unicode"])


# --------------------------------------------------------------------------- playground link


def test_hint_prints_the_playground_permalink(capsys):
    _, out, _ = run(capsys, ["hint", "23m456p22z1s [789s] (1111z)"])
    assert (
        out.splitlines()[-1] == "playground: http://127.0.0.1:8000/?q=23m456p22z1s%20%5B789s%5D%20%281111z%29"
    )
    assert PLAYGROUND == "http://127.0.0.1:8000/" and permalink("1m", "http://x/") == "http://x/?q=1m"


def test_hint_json_is_exactly_to_dict_without_the_link(capsys):
    _, out, _ = run(capsys, ["hint", "2234m506p678s5557z", "--visible", "1m", "--json"])
    assert json.loads(out) == riichi_lut.hint("2234m506p678s5557z", "1m").to_dict()
    assert "playground" not in out


# --------------------------------------------------------------------------- ukeire


def test_ukeire_prints_each_form_and_the_link(capsys):
    status, out, _ = run(capsys, ["ukeire", "123m456p789s1122z", "--visible", "1z"])
    assert status == 0
    assert out.splitlines() == [
        "123m456p789s1122z: tenpai, 2 kinds / 3 tiles",
        "    standard:     tenpai,   3 tiles  1zx1 2zx2",
        "  chiitoitsu:  4-shanten,  27 tiles  1mx3 2mx3 3mx3 4px3 5px3 6px3 7sx3 8sx3 9sx3",
        "     kokushi:  8-shanten,  36 tiles  9mx4 1px4 9px4 1sx4 3zx4 4zx4 5zx4 6zx4 7zx4",
        "playground: http://127.0.0.1:8000/?q=123m456p789s1122z",
    ]


def test_ukeire_with_own_discards_says_furiten_and_json_is_to_dict(capsys):
    hand = "23m456p789s11z [123s]"
    _, out, _ = run(capsys, ["ukeire", hand, "--discarded", "4m"])
    assert out.startswith(
        "23m456p789s11z [123s]: tenpai, 2 kinds / 7 tiles; furiten: it can win only by tsumo"
    )
    assert "chiitoitsu" not in out  # a hand with a call has the standard form only
    _, out, _ = run(capsys, ["ukeire", hand, "--discarded", "4m", "--visible", "1m", "--json"])
    expected = riichi_lut.ukeire(hand, riichi_lut.Visible(other="1m", own_discards="4m")).to_dict()
    assert json.loads(out) == expected and expected["furiten"] is True and expected["total"] == 6
