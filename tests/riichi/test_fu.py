"""Fu reasons are named constants (``FuReason``) whose string values are the JSON codes of
the fu lines; every reason is produced by some hand; ``to_dict()`` gives plain strings."""

from __future__ import annotations

import json

import pytest

from riichi_lut.riichi import TENHOU, score
from riichi_lut.riichi.fu import FuLine, FuReason

#: The JSON contract: these codes appear in stored results and must never change.
CODES = {
    "BASE": "base",
    "CLOSED_RON": "closed_ron",
    "TSUMO": "tsumo",
    "WAIT_KANCHAN": "wait_kanchan",
    "WAIT_PENCHAN": "wait_penchan",
    "WAIT_TANKI": "wait_tanki",
    "PAIR_DRAGON": "pair_dragon",
    "PAIR_SEAT_WIND": "pair_seat_wind",
    "PAIR_ROUND_WIND": "pair_round_wind",
    "PAIR_DOUBLE_WIND": "pair_double_wind",
    "OPEN_TRIPLET_SIMPLE": "open_triplet_simple",
    "OPEN_TRIPLET_TERMINAL_HONOR": "open_triplet_terminal_honor",
    "CLOSED_TRIPLET_SIMPLE": "closed_triplet_simple",
    "CLOSED_TRIPLET_TERMINAL_HONOR": "closed_triplet_terminal_honor",
    "OPEN_KAN_SIMPLE": "open_kan_simple",
    "OPEN_KAN_TERMINAL_HONOR": "open_kan_terminal_honor",
    "CLOSED_KAN_SIMPLE": "closed_kan_simple",
    "CLOSED_KAN_TERMINAL_HONOR": "closed_kan_terminal_honor",
    "CHIITOITSU": "chiitoitsu",
    "OPEN_PINFU_RON": "open_pinfu_ron",
}

# (hand, winning tile, options): together they produce every reason
HANDS = [
    ("123m456p234789s99s", "3s", {"tsumo": True}),  # base, tsumo, kanchan
    ("123m456p234789s99s", "3m", {"riichi": True, "riichi_sticks": 1}),  # closed ron, penchan
    ("123m456p234789s33z", "3z", {"riichi": True, "riichi_sticks": 1}),  # tanki
    ("123m456p234789s55z", "2s", {"riichi": True, "riichi_sticks": 1}),  # dragon pair
    ("123m456p234789s22z", "2s", {"riichi": True, "riichi_sticks": 1}),  # seat wind pair (South)
    ("123m456p234789s11z", "2s", {"riichi": True, "riichi_sticks": 1}),  # round wind pair (East)
    ("111m234789s11z456p", "2s", {"riichi": True, "riichi_sticks": 1, "seat_wind": "E"}),  # double wind
    ("23444s [222m] [999p] [555z]", "2s", {}),  # open triplets
    ("222m999p23444s [555z]", "2s", {}),  # closed triplets
    ("23444s [2222m] [9999p] [5555z]", "2s", {}),  # open kans
    ("23444s (2222m) (9999p) [5555z]", "2s", {}),  # closed kans
    ("1133m5577p99s1122z", "9s", {}),  # chiitoitsu
    ("234m567p23455s [678s]", "2s", {}),  # open all-run hand by ron
]


def lines(hand: str, tile: str, options: dict[str, object]) -> tuple[FuLine, ...]:
    kw: dict[str, object] = {"tsumo": False, "seat_wind": "S", "round_wind": "E", **options}
    return score(hand, tile, **kw).fu_lines  # type: ignore[arg-type]


def test_every_reason_keeps_its_code() -> None:
    assert {reason.name: reason.value for reason in FuReason} == CODES
    assert all(isinstance(reason.value, str) and reason == reason.value for reason in FuReason)


def test_every_reason_is_produced_and_lines_carry_reasons() -> None:
    found = [line for case in HANDS for line in lines(*case)]
    assert all(type(line.code) is FuReason for line in found)
    assert {line.code for line in found} == set(FuReason)


@pytest.mark.parametrize("case", HANDS, ids=lambda case: case[0] if isinstance(case, tuple) else "")
def test_to_dict_codes_are_plain_strings(case: tuple[str, str, dict[str, object]]) -> None:
    for line in lines(*case):
        d = line.to_dict()
        assert type(d["code"]) is str and d["code"] == line.code.value


def test_to_dict_is_byte_identical_to_the_string_codes() -> None:
    r = score("222m999p23444s [555z]", "2s", tsumo=False, seat_wind="S", round_wind="E", rules=TENHOU)
    assert json.dumps(r.to_dict()["fu_lines"]) == (
        '[{"code": "base", "fu": 20, "subject": ""}, '
        '{"code": "closed_triplet_simple", "fu": 4, "subject": "222m"}, '
        '{"code": "closed_triplet_terminal_honor", "fu": 8, "subject": "999p"}, '
        '{"code": "open_triplet_terminal_honor", "fu": 4, "subject": "[555z]"}]'
    )
