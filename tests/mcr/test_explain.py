"""Tests of the plain-English explanation of an MCR score."""

from __future__ import annotations

import json
from pathlib import Path

import zstandard

from riichi_lut.mcr import McrRules, score
from riichi_lut.mcr.explain import EVIDENCE

from .helpers import scored


def test_each_fan_with_points_and_tiles_and_the_payments() -> None:
    text = scored("123m456p789s234s55z", "5z").explain()
    assert "Mixed Straight (花龙, fan 39): 8 points = 8 — 123m 456p 789s" in text
    assert "Single Wait (单钓将, fan 79): 1 point = 1 — 55z" in text
    assert "the discarder pays 19, each other player pays 8; 35 in all" in text


def test_competing_readings_are_explained() -> None:
    text = scored("333444555m345p55s", "3m", True).explain()
    assert "333m 444m 555m 345p 55s, totals 46" in text and "1 more" in text


def test_below_the_minimum_says_so() -> None:
    text = scored("345m345p678s99m [111z]", "3m").explain()
    assert "Below the 8-point minimum" in text and "nobody pays" in text


def test_cap_and_self_drawn_payers() -> None:
    text = scored(
        "22z (1111z) (5555z) (6666z) (7777z)",
        "2z",
        True,
        seat_wind="E",
        prevalent_wind="E",
        flowers=8,
        kong_replacement=True,
        last_tile_of_wall=True,
        rules=McrRules(cap=88),
    ).explain()
    assert "Total 88 (capped at 88 from 332)" in text and "S pays 96, W pays 96, N pays 96" in text


def test_every_fan_line_says_what_makes_it_on_the_corpus_hands() -> None:
    path = Path(__file__).resolve().parents[1] / "data" / "mcr" / "pymahjonggb_score.jsonl.zst"
    lines = zstandard.ZstdDecompressor().decompress(path.read_bytes()).decode().splitlines()
    facts = ("self_drawn", "seat_wind", "prevalent_wind", "flowers", "last_tile", "kong_replacement",
             "robbing_kong", "last_tile_of_wall")  # fmt: skip
    seen = set()
    for line in lines[::3]:
        case = json.loads(line)
        result = score(case["hand"], case["win_tile"], **{k: case[k] for k in facts if k in case})
        for fan_line in result.fans:
            seen.add(fan_line.number)
            assert fan_line.sets or fan_line.number in EVIDENCE, (case["hand"], fan_line.english)
        text = result.explain()
        fan_lines = [t for t in text.splitlines() if ", fan " in t]
        assert len(fan_lines) == len(result.fans) and all(" — " in t for t in fan_lines), text
    assert len(seen) >= 75
