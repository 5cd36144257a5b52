"""The README's Chinese Official example prints what the README shows."""

from __future__ import annotations

from pathlib import Path

from riichi_lut import mcr

README = Path(__file__).resolve().parents[2] / "README.md"


def _section() -> str:
    text = README.read_text(encoding="utf-8")
    return text[text.index("## Chinese Official (MCR)") : text.index("## Simulation")]


def test_readme_explanation_is_what_explain_prints() -> None:
    section = _section()
    shown = section.split("```text\n", 1)[1].split("```", 1)[0].rstrip("\n")
    r = mcr.score("123m456p789s123s55z", "5z", self_drawn=False, seat_wind="E", prevalent_wind="S")
    assert r.explain() == shown
    assert "# (12, True, [('discarder', 20), ('other', 8), ('other', 8)])" in section
    assert (r.total, r.meets_minimum, [(p.payer, p.points) for p in r.payments]) == (
        12,
        True,
        [("discarder", 20), ("other", 8), ("other", 8)],
    )


def test_readme_shanten_hint_and_notation_lines_are_true() -> None:
    section = _section()
    assert repr(mcr.shanten("147m258p369s1234z")) in section
    why = mcr.hint("123m45678p123s55z").why
    first, second = why.split(" Too few", 1)
    assert f"# '{first}" in section and f"#  Too few{second}'" in section
    assert repr(mcr.parse_gb("[567m,2][EEEE]123p45s66s")) in section
