"""The explainer's text of every fu reason comes from one table (``FU_TEXT``), no code
is split apart again."""

from __future__ import annotations

import pytest

from riichi_lut.coach.explain import FU_TEXT, fu_text
from riichi_lut.riichi import score
from riichi_lut.riichi.fu import FuLine, FuReason

#: the reasons whose lines are about no particular tile or group
NO_SUBJECT = {
    FuReason.BASE,
    FuReason.CLOSED_RON,
    FuReason.TSUMO,
    FuReason.CHIITOITSU,
    FuReason.OPEN_PINFU_RON,
}


def test_every_reason_has_a_text() -> None:
    assert set(FU_TEXT) == set(FuReason)
    for reason, text in FU_TEXT.items():
        assert text.strip(), reason
        assert ("{subject}" in text) == (reason not in NO_SUBJECT), reason
        assert fu_text(FuLine(reason, 2, "999p")) == text.format(subject="999p")


@pytest.mark.parametrize(
    ("reason", "text"),
    [
        (FuReason.OPEN_TRIPLET_SIMPLE, "open triplet of simples [222m]"),
        (FuReason.OPEN_TRIPLET_TERMINAL_HONOR, "open triplet of terminals/honors [222m]"),
        (FuReason.CLOSED_TRIPLET_SIMPLE, "closed triplet of simples [222m]"),
        (FuReason.CLOSED_TRIPLET_TERMINAL_HONOR, "closed triplet of terminals/honors [222m]"),
        (FuReason.OPEN_KAN_SIMPLE, "open kan of simples [222m]"),
        (FuReason.OPEN_KAN_TERMINAL_HONOR, "open kan of terminals/honors [222m]"),
        (FuReason.CLOSED_KAN_SIMPLE, "closed kan of simples [222m]"),
        (FuReason.CLOSED_KAN_TERMINAL_HONOR, "closed kan of terminals/honors [222m]"),
        (FuReason.WAIT_KANCHAN, "closed wait (kanchan) on [222m]"),
        (FuReason.PAIR_DOUBLE_WIND, "double-wind pair [222m]"),
    ],
)
def test_set_and_subject_texts(reason: FuReason, text: str) -> None:
    assert fu_text(FuLine(reason, 4, "[222m]")) == text


def test_kans_are_explained_line_by_line() -> None:
    r = score("23444s (2222m) (9999p) [5555z]", "2s", tsumo=False, seat_wind="S", round_wind="E")
    assert (
        "Fu: 20 base (futei) + 16 closed kan of simples (2222m) + 32 closed kan of terminals/honors (9999p)"
        " + 16 open kan of terminals/honors [5555z] = 84, rounded up to 90." in r.explain()
    )
