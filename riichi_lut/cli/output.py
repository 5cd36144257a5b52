"""What the ``riichi-lut`` commands print in common: a list of hands and their shanten."""

from __future__ import annotations

import sys
from collections.abc import Callable
from typing import Any

from .glyphs import render


def print_shanten_rows(
    rows: list[dict[str, Any]], line: Callable[[str, dict[str, Any]], str], unicode: bool = False
) -> int:
    """One ``line`` per hand of :func:`riichi_lut.app.riichi.shanten_rows`; a hand that
    could not be read does not stop the others: its error goes to stderr (as
    ``error: ...``), and the status is 2. (``--json`` prints the rows themselves.)"""
    failed = False
    for row in rows:
        if "error" in row:
            failed = True
            sys.stdout.flush()  # the good hands before it first, when both go to a terminal
            print(f"error: {row['error']}", file=sys.stderr)
            continue
        print(render(line(row["hand"], row), unicode))
    return 2 if failed else 0
