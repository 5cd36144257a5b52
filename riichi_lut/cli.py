"""The ``riichi-lut`` command.

    riichi-lut hint "1234m5677p2345s12z"                  # best discard and why
    riichi-lut hint "123m456p789s1122z" --visible "1z 2z"  # 13 tiles: shanten, acceptance
    riichi-lut shanten "123456789m1111z" "23m456p22z [789s] (1111z)"
    riichi-lut shanten --json "11223344556677z"
    riichi-lut tables            # where the tables are, their manifest, a load check

Bad input prints ``error: ...`` (what is wrong and where) and exits with status 2.
"""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Sequence

from . import _tables
from .errors import RiichiLutError
from .hand import parse_hand
from .hints import hint, shanten_words
from .shanten import shanten


def _shanten_line(text: str, result_dict: dict[str, object]) -> str:
    forms = ", ".join(
        f"{form} {result_dict[form]}"
        for form in ("standard", "chiitoitsu", "kokushi")
        if result_dict[form] is not None
    )
    value = result_dict["value"]
    label = {-1: "complete", 0: "tenpai"}.get(value, f"{value}-shanten")  # type: ignore[call-overload]
    return f"{text}: {label} ({forms})"


def cmd_shanten(args: argparse.Namespace) -> int:
    rows = []
    for text in args.hands:
        hand = parse_hand(text)
        result = shanten(hand).to_dict()
        rows.append({"hand": hand.to_text(), **result})
        if not args.json:
            print(_shanten_line(hand.to_text(), result))
    if args.json:
        print(json.dumps(rows if len(rows) > 1 else rows[0], indent=2))
    return 0


def cmd_hint(args: argparse.Namespace) -> int:
    result = hint(args.hand, args.visible or None)
    if args.json:
        print(json.dumps(result.to_dict(), indent=2))
        return 0
    print(result.why)
    for option in result.options[: args.top]:
        tiles = " ".join(f"{t.tile}x{t.live}" for t in option.accepted)
        back = "  (shanten back)" if option.shanten_back else ""
        state = shanten_words(option.shanten)
        print(f"  {option.tile:>3}: {state:>10}, {option.total:>3} tiles  {tiles}{back}")
    return 0


def cmd_tables(args: argparse.Namespace) -> int:
    t = _tables.tables()
    names = list(_tables.EXPECTED)
    for name in names:
        t[name]  # loads and verifies (size, sha256, dtype, shape)
    manifest = t.manifest
    if args.json:
        summary = {"directory": str(t.directory), "schema": manifest["schema"], "tables": manifest["tables"]}
        print(json.dumps(summary, indent=2))
        return 0
    print(f"tables: {t.directory} (schema {manifest['schema']}), all {len(names)} verified")
    for name in names:
        entry = manifest["tables"][name]
        print(f"  {name:22s} {entry['dtype']:4s} {str(tuple(entry['shape'])):22s} {entry['bytes']:>9,} bytes")
    return 0


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(prog="riichi-lut", description="Mahjong hand analysis on lookup tables.")
    sub = parser.add_subparsers(dest="command", required=True)

    p = sub.add_parser("hint", help="best discard with a plain-English why (14 tiles), or acceptance (13)")
    p.add_argument("hand", metavar="HAND", help='e.g. "1234m5677p2345s12z" or "23m456p22z1s [789s] (1111z)"')
    p.add_argument("--visible", default="", help='tiles seen elsewhere, e.g. "1m 4m 77z [123s]"')
    p.add_argument("--top", type=int, default=5, help="how many ranked options to list (default 5)")
    p.add_argument("--json", action="store_true", help="print JSON")
    p.set_defaults(run=cmd_hint)

    p = sub.add_parser("shanten", help="exact shanten of hands in mpsz notation")
    example = 'e.g. "123456789m1111z" or "23m456p22z [789s] (1111z)"'
    p.add_argument("hands", nargs="+", metavar="HAND", help=example)
    p.add_argument("--json", action="store_true", help="print JSON")
    p.set_defaults(run=cmd_shanten)

    p = sub.add_parser("tables", help="show and verify the lookup tables")
    p.add_argument("--json", action="store_true", help="print JSON")
    p.set_defaults(run=cmd_tables)
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    args = build_parser().parse_args(argv)
    try:
        return int(args.run(args))
    except RiichiLutError as exc:
        print(f"error: {exc}", file=sys.stderr)
        return 2


if __name__ == "__main__":
    sys.exit(main())
