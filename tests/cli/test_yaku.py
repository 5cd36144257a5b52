"""``riichi-lut yaku [NAME]`` (issue 12 item 3): the glossary, human and ``--json``."""

from __future__ import annotations

import json
import subprocess
import sys

import pytest

from riichi_lut.cli.main import main
from riichi_lut.riichi import YAKU


def test_yaku_lists_every_yaku_one_line_each(capsys):
    assert main(["yaku"]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert [line.split()[0] for line in lines] == [e.id for e in YAKU]
    assert (
        lines[4].split("  ")[0] == "pinfu" and "1 han, closed only" in lines[4] and lines[4].endswith("平和")
    )


def test_yaku_by_name_prints_the_entry_with_its_example(capsys):
    assert main(["yaku", "Seven pairs"]) == 0
    out = capsys.readouterr().out
    assert out.startswith("Chiitoitsu (七対子, Seven pairs): 2 han, closed only\n")
    assert "example: 1199m3355p2266s44z, winning on 4z" in out


def test_yaku_json_is_the_entry_to_dict(capsys):
    assert main(["yaku", "tanyao", "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert data == next(e for e in YAKU if e.id == "tanyao").to_dict()
    assert data["rules"]["kuitan"].startswith("off:")
    assert main(["yaku", "--json"]) == 0
    assert [d["id"] for d in json.loads(capsys.readouterr().out)] == [e.id for e in YAKU]


def test_yaku_unknown_name_is_one_error_line():
    done = subprocess.run(
        [sys.executable, "-m", "riichi_lut", "yaku", "pinf"], capture_output=True, text=True, check=False
    )
    assert done.returncode == 2 and done.stdout == ""
    assert done.stderr.startswith("error: no yaku is called 'pinf'") and done.stderr.count("\n") == 1


# ------------------------------------------------------------ everyday names (issue 25)


@pytest.mark.parametrize(
    ("name", "heading"),
    [
        ("sanshoku", "Sanshoku doujun (三色同順"),
        ("haku", "Yakuhai haku (役牌 白"),
        ("chun", "Yakuhai chun (役牌 中"),
        ("bakaze", "Yakuhai bakaze (役牌 場風"),
        ("All-Simples", "Tanyao (断幺九"),
        ("chiitoi", "Chiitoitsu (七対子"),
        ("ittsuu", "Ittsu (一気通貫"),
        ("Menzen Tsumo", "Menzen tsumo (門前清自摸和"),
        ("ryūīsō", "Ryuuiisou (緑一色"),
    ],
)
def test_yaku_by_an_everyday_name(capsys, name, heading):
    assert main(["yaku", name]) == 0
    assert capsys.readouterr().out.startswith(heading)


def test_yaku_family_lists_each_member(capsys):
    assert main(["yaku", "yakuhai"]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert [line.split()[0] for line in lines] == [
        "yakuhai_haku",
        "yakuhai_hatsu",
        "yakuhai_chun",
        "yakuhai_seat",
        "yakuhai_round",
    ]
    assert main(["yaku", "yakuhai", "--json"]) == 0
    assert [d["id"] for d in json.loads(capsys.readouterr().out)][:3] == [
        "yakuhai_haku",
        "yakuhai_hatsu",
        "yakuhai_chun",
    ]


@pytest.mark.parametrize(
    ("name", "suggested"),
    [
        ("sanshok", "did you mean sanshoku (sanshoku_doujun), sanshoku_doukou?"),
        ("yakuhi", "yakuhai (5 yaku)"),
    ],
)
def test_yaku_near_miss_suggests_in_one_line(capsys, name, suggested):
    assert main(["yaku", name]) == 2
    captured = capsys.readouterr()
    assert captured.out == "" and captured.err.count("\n") == 1
    assert captured.err.startswith(f"error: no yaku is called '{name}'") and suggested in captured.err
