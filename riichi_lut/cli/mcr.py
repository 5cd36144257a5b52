"""``riichi-lut mcr …``: what the Chinese Official (MCR) commands print in words.

    riichi-lut mcr score "123m456p789s123s55z" --win 5z --seat E --prevalent S
    riichi-lut mcr score "..." --win 3s --self-drawn --seat W --prevalent E --flowers 2 --json
    riichi-lut mcr hint "123m456p789s1235z5z"
    riichi-lut mcr shanten "147m258p369s1234z" "11223344556677m"

The commands and their options are declared in :mod:`riichi_lut.app.mcr`; bad input prints
``error: ...`` naming the flag and exits with status 2, like every ``riichi-lut`` command;
winds are read in either case.
"""

from __future__ import annotations

import argparse
from typing import Any

from ..coach.words import shanten_words
from .glyphs import render
from .output import print_shanten_rows
from .requests import Printer

__all__ = ["FORMS", "PRINTERS", "shanten_line"]

# The per-form fields of an MCR shanten result, in the order they are printed.
FORMS = ("regular", "seven_pairs", "thirteen_orphans", "honors_and_knitted", "knitted_straight")


def shanten_line(text: str, result: dict[str, Any]) -> str:
    """One hand's line: its state, then every form that applies with its value."""
    forms = ", ".join(
        f"{form.replace('_', ' ')} {result[form]}" for form in FORMS if result[form] is not None
    )
    return f"{text}: {shanten_words(result['value'])} ({forms})"


def _shanten(rows: list[dict[str, Any]], args: argparse.Namespace) -> int:
    return print_shanten_rows(rows, shanten_line, args.unicode)


def _score(result: Any, args: argparse.Namespace) -> int:
    print(render(result.explain(), args.unicode))
    return 0


def _hint(result: Any, args: argparse.Namespace) -> int:
    print(render(result.text(), args.unicode))
    return 0


PRINTERS: dict[str, Printer] = {"mcr score": _score, "mcr hint": _hint, "mcr shanten": _shanten}
"""What each MCR command prints in words."""
