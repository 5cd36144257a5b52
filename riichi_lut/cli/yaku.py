"""``riichi-lut yaku [NAME]``: the yaku glossary (:data:`riichi_lut.riichi.YAKU`) on the
command line.

    riichi-lut yaku               # every yaku: id, kanji, romaji, English, han
    riichi-lut yaku pinfu         # one yaku: what makes it, its example hand, its rules
    riichi-lut yaku 平和 --json    # the entry as JSON (YakuEntry.to_dict())

A name is an id, the romaji, the English name or the kanji, in any case; an unknown name
prints ``error: ...`` and exits with status 2, like every ``riichi-lut`` command.
"""

from __future__ import annotations

import argparse
import json
from typing import Any

from ..riichi.glossary import YAKU, YakuEntry, find_yaku
from .options import examples

EXAMPLES = examples("riichi-lut yaku", "riichi-lut yaku pinfu", 'riichi-lut yaku "seven pairs" --json')


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


def cmd_yaku(args: argparse.Namespace) -> int:
    if args.name is not None:
        entry = find_yaku(args.name)
        print(
            json.dumps(entry.to_dict(), indent=2, ensure_ascii=False)
            if args.json
            else "\n".join(entry_lines(entry))
        )
        return 0
    if args.json:
        rows: list[dict[str, Any]] = [e.to_dict() for e in YAKU]
        print(json.dumps(rows, indent=2, ensure_ascii=False))
        return 0
    width = max(len(e.id) for e in YAKU)
    value = max(len(han_words(e)) for e in YAKU)
    for e in YAKU:  # the kanji last: they are wide in a terminal
        print(f"{e.id:<{width}}  {han_words(e):<{value}}  {e.romaji} ({e.english}) {e.kanji}")
    return 0


def add_parser(sub: Any) -> None:
    """Register ``yaku`` on the ``riichi-lut`` subcommands."""
    p = sub.add_parser(
        "yaku",
        help="the yaku glossary: every yaku, or one in full",
        epilog=EXAMPLES,
    )
    p.add_argument(
        "name", nargs="?", metavar="NAME", help="a yaku id, romaji, English name or kanji (default: list all)"
    )
    p.add_argument("--json", action="store_true", help="print JSON")
    p.set_defaults(run=cmd_yaku)
