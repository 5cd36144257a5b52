"""What the ``riichi-lut`` commands print in common: a list of hands and their shanten."""

from __future__ import annotations

import json
from collections.abc import Callable, Sequence
from typing import Any

from ..core.hand import Hand, parse_hand


def print_shanten(
    hands: Sequence[str],
    as_json: bool,
    shanten: Callable[[Hand], Any],
    line: Callable[[str, dict[str, Any]], str],
) -> int:
    """Each hand's ``shanten(hand).to_dict()``: one ``line`` per hand, or JSON (an object
    for one hand, a list for several)."""
    rows = []
    for text in hands:
        hand = parse_hand(text)
        result = shanten(hand).to_dict()
        rows.append({"hand": hand.to_text(), **result})
        if not as_json:
            print(line(hand.to_text(), result))
    if as_json:
        print(json.dumps(rows if len(rows) > 1 else rows[0], indent=2, ensure_ascii=False))
    return 0
