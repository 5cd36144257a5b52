"""``riichi-lut yaku [NAME]``: the yaku glossary (:data:`riichi_lut.riichi.YAKU`) on the
command line.

    riichi-lut yaku               # every yaku: id, kanji, romaji, English, han
    riichi-lut yaku pinfu         # one yaku: what makes it, its example hand, its rules
    riichi-lut yaku 平和 --json    # the entry as JSON (YakuEntry.to_dict())

A name is an id, the romaji, the English name, the kanji or an everyday name (``sanshoku``,
``haku``, ``chiitoi``: :mod:`riichi_lut.riichi.yaku_names`), in any case and with long vowels
written either way; a family (``yakuhai``) lists its members, a line each; an unknown name
prints ``error: ...`` with the nearest names and exits with status 2, like every
``riichi-lut`` command.
"""

from __future__ import annotations

import argparse
from typing import Any

from ..riichi.glossary import YakuEntry


def han_words(entry: YakuEntry) -> str:
    """The value in words: "1 han closed, 1 open", "2 han, closed only", "yakuman"."""
    if entry.yakuman:
        return "yakuman, closed only" if entry.closed_only else "yakuman"
    if entry.closed_only:
        return f"{entry.han_closed} han, closed only"
    return f"{entry.han_closed} han closed, {entry.han_open} open"


def entry_lines(entry: YakuEntry) -> list[str]:
    """One yaku in full, for the terminal."""
    facts = ", ".join(f"{k}={v}" for k, v in entry.example_facts.items())
    lines = [
        f"{entry.romaji} ({entry.kanji}, {entry.english}): {han_words(entry)}",
        f"  {entry.description}",
        f"  example: {entry.example_hand}, winning on {entry.example_win} ({facts})",
    ]
    if entry.example_rules:
        changed = ", ".join(f"{k}={v!r}" for k, v in entry.example_rules.items())
        lines.append(f"  scored under Tenhou rules with {changed}")
    lines += [f"  rule {name}: {what}" for name, what in entry.rules.items()]
    if entry.supersedes:
        lines.append(f"  replaces: {', '.join(entry.supersedes)}")
    return lines


def print_yaku(result: Any, args: argparse.Namespace) -> int:
    """One yaku in full, or the list of every yaku (a line each)."""
    if not isinstance(result, list):
        print("\n".join(entry_lines(result)))
        return 0
    width = max(len(e.id) for e in result)
    value = max(len(han_words(e)) for e in result)
    for e in result:  # the kanji last: they are wide in a terminal
        print(f"{e.id:<{width}}  {han_words(e):<{value}}  {e.romaji} ({e.english}) {e.kanji}")
    return 0
