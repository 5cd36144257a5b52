"""The riichi-lut command line."""

from __future__ import annotations

import json
import subprocess
import sys

from riichi_lut.cli.main import main
from riichi_lut.lut import loader


def test_shanten_prints_each_hand(capsys):
    assert main(["shanten", "123456789m1111z", "23m456p22z [789s] (1111z)", "11223344556677z"]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert lines == [
        "123456789m1111z: 1-shanten (standard 1, chiitoitsu 5, kokushi 9)",
        "23m456p22z [789s] (1111z): tenpai (standard 0)",
        "11223344556677z: complete (standard 3, chiitoitsu -1, kokushi 5)",
    ]


def test_shanten_json(capsys):
    assert main(["shanten", "--json", "19m19p19s1234567z"]) == 0
    data = json.loads(capsys.readouterr().out)
    # issue 12: a list whatever the number of hands (it was an object for one hand)
    assert data == [{"hand": "19m19p19s1234567z", "value": 0, "standard": 8, "chiitoitsu": 6, "kokushi": 0}]


def test_bad_hand_is_a_clear_error_with_status_2(capsys):
    assert main(["shanten", "123h456p789s11z"]) == 2
    err = capsys.readouterr().err
    assert err.startswith("error: unknown character 'h'") and "position 3" in err


def test_tables_command_verifies_every_table(capsys):
    assert main(["tables"]) == 0
    out = capsys.readouterr().out
    # every table the loader expects (21 before the deal sampler's 14 of issue 13)
    assert f"all {len(loader.EXPECTED)} verified" in out and "suit_masks" in out


def test_module_entry_point_runs():
    done = subprocess.run(
        [sys.executable, "-m", "riichi_lut", "shanten", "1112345678999m"],
        capture_output=True,
        text=True,
        check=False,
    )
    assert done.returncode == 0, done.stderr
    assert done.stdout.startswith("1112345678999m: tenpai")


def test_hint_prints_the_why_and_the_ranked_options(capsys):
    assert main(["hint", "2234m506p678s5557z", "--top", "2"]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert lines[0].startswith("Discard 7z: stays 1-shanten and accepts 10 kinds / 33 tiles (")
    assert lines[0].endswith("12 more than discarding 6p.")
    assert [line.split(":")[0].strip() for line in lines[1:-1]] == ["7z", "6p"]
    assert lines[-1] == "playground: http://127.0.0.1:8000/?q=2234m506p678s5557z"  # issue 12


def test_hint_with_visible_tiles_and_json(capsys):
    assert main(["hint", "123m456p789s1122z", "--visible", "1z", "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert data["discard"] is None and data["shanten"] == 0
    assert data["ukeire"]["accepted"] == [{"tile": "1z", "live": 1}, {"tile": "2z", "live": 2}]


def test_hint_bad_visible_is_a_clear_error(capsys):
    assert main(["hint", "123m456p789s1122z", "--visible", "1z 1z 1z"]) == 2
    assert "1z: 2 in hand and calls + 3 visible = 5 copies" in capsys.readouterr().err


def test_score_explains_a_win(capsys):
    argv = ["score", "234m456p678s22345s", "--win", "5s", "--ron", "--seat", "S", "--round", "E", "--riichi"]
    assert main(argv + ["--dora", "1s", "--sticks", "1"]) == 0  # the winner's own stick is on the table
    out = capsys.readouterr().out
    assert out.startswith("What won:\n- Riichi, 1 han:")
    assert "5 han 30 fu: mangan (base points 2,000)." in out and "pays base × 4 = 8,000" in out
    assert "Total received: 9,000 (1,000 in riichi sticks included)." in out  # 8,000 + the own stick


def test_score_json_and_rule_presets(capsys):
    argv = ["score", "234m456p678s22345s", "--win", "5s", "--ron", "--seat", "S", "--round", "E", "--json"]
    # dora 2s (x2) and 3s (x1): riichi + pinfu + tanyao + 3 dora = 6 han, haneman 12,000
    assert main(argv + ["--dora", "1s2s", "--rules", "M-League", "--riichi", "--sticks", "1"]) == 0
    data = json.loads(capsys.readouterr().out)
    paid = data["total"] - data["riichi_sticks"]  # the winner's own stick apart
    assert (data["han"], data["fu"], data["limit"], paid) == (6, 30, "haneman", 12000)


def test_score_open_riichi_and_paarenchan_are_facts_of_the_win(capsys):
    """The two facts of optional yaku (issue 14): passed to the Win; a preset that does not
    play them says so in the notes; a non-dealer's count is refused naming the flag."""
    argv = ["score", "234m567p234567s88s", "--win", "7s", "--ron", "--round", "E", "--json"]
    assert (
        main([*argv, "--seat", "E", "--riichi", "--sticks", "1", "--open-riichi", "--paarenchan", "8"]) == 0
    )
    data = json.loads(capsys.readouterr().out)
    assert (data["win"]["open_riichi"], data["win"]["paarenchan"]) == (True, 8)
    assert [note.split(":")[0] for note in data["notes"]] == ["open_riichi", "paarenchan"]
    assert {y["id"] for y in data["yaku"]} == {"riichi", "pinfu", "tanyao"}
    assert main([*argv, "--seat", "S", "--paarenchan", "8"]) == 2
    assert "--paarenchan is a count of the dealer's consecutive wins" in capsys.readouterr().err


def test_score_contradictory_flags_exit_2(capsys):
    argv = [
        "score",
        "234m456p678s22345s",
        "--win",
        "5s",
        "--tsumo",
        "--seat",
        "S",
        "--round",
        "E",
        "--chankan",
    ]
    assert main(argv) == 2
    assert "chankan" in capsys.readouterr().err


def test_mcr_score_explains_and_prints_json(capsys):
    args = ["mcr", "score", "123m456p789s123s55z", "--win", "5z", "--seat", "E", "--prevalent", "S"]
    assert main(args) == 0
    out = capsys.readouterr().out
    assert "Mixed Straight" in out and "Total 12" in out and "the discarder pays 20" in out
    assert main([*args, "--self-drawn", "--flowers", "2", "--edition", "1998", "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert data["total"] == data["total_without_flowers"] + 2
    assert data["rules"]["edition"] == "1998" and len(data["payments"]) == 3


def test_mcr_shanten_lists_every_form(capsys):
    assert main(["mcr", "shanten", "147m258p369s1234z", "11223344556677m"]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert lines == [
        "147m258p369s1234z: tenpai (regular 8, seven pairs 6, thirteen orphans 7,"
        " honors and knitted 0, knitted straight 2)",
        "11223344556677m: complete (regular -1, seven pairs -1, thirteen orphans 11,"
        " honors and knitted 10, knitted straight 5)",
    ]
    assert main(["mcr", "shanten", "--json", "23m456p22z [789s] (1111z)"]) == 0
    data = json.loads(capsys.readouterr().out)
    [data] = data  # issue 12: a list whatever the number of hands
    assert data["value"] == 0 and data["seven_pairs"] is None and data["knitted_straight"] is None


def test_mcr_hint_names_the_points_of_the_waits(capsys):
    assert main(["mcr", "hint", "123m456p789s23s56z5z"]) == 0
    out = capsys.readouterr().out
    assert out.startswith("Discard 6z: tenpai, winning on 1s (11 on a discard")
    assert main(["mcr", "hint", "--json", "123m45678p123s55z"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert data["options"][0]["legal_total"] == 0 and "not a legal win" in data["why"]


def test_mcr_bad_input_is_a_clear_error(capsys):
    args = ["mcr", "score", "123m456p789s123s55z", "--win", "5z", "--seat", "X", "--prevalent", "S"]
    assert main(args) == 2
    assert capsys.readouterr().err.startswith("error: --seat must be")  # issue 12: the flag, not seat_wind
    assert main(["mcr", "score", "123m456p789s123s55z", "--win", "5z", "--self-drawn", "--robbing-kong",
                 "--seat", "E", "--prevalent", "E"]) == 2  # fmt: skip
    assert "robbing" in capsys.readouterr().err.lower()
