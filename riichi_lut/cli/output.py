"""What the ``riichi-lut`` commands print in common: a list of hands and their shanten."""

from __future__ import annotations

import json
import sys
from collections.abc import Callable, Sequence
from typing import Any

from ..core.hand import Hand, parse_hand
from ..errors import RiichiLutError
from .glyphs import render


def print_shanten(
    hands: Sequence[str],
    as_json: bool,
    shanten: Callable[[Hand], Any],
    line: Callable[[str, dict[str, Any]], str],
    unicode: bool = False,
) -> int:
    """Each hand's ``shanten(hand).to_dict()``: one ``line`` per hand, or JSON: always a
    list, one entry per hand in order, ``{"hand": ..., **result}`` or, for a hand that
    cannot be read, ``{"hand": the text given, "error": message, "type": error class}``.
    A bad hand does not stop the others: its error goes to stderr (as ``error: ...``;
    under ``--json`` in the list), and the status is 2."""
    rows: list[dict[str, Any]] = []
    failed = False
    for text in hands:
        try:
            hand = parse_hand(text)
            result = shanten(hand).to_dict()
        except RiichiLutError as exc:
            failed = True
            rows.append({"hand": text, "error": str(exc), "type": type(exc).__name__})
            if not as_json:
                sys.stdout.flush()  # the good hands before it first, when both go to a terminal
                print(f"error: {exc}", file=sys.stderr)
            continue
        rows.append({"hand": hand.to_text(), **result})
        if not as_json:
            print(render(line(hand.to_text(), result), unicode))
    if as_json:
        print(json.dumps(rows, indent=2, ensure_ascii=False))
    return 2 if failed else 0
