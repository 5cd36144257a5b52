"""The ``riichi-lut`` command.

    riichi-lut hint "1234m5677p2345s12z"                  # best discard and why
    riichi-lut hint "123m456p789s1122z" --visible "1z 2z"  # 13 tiles: shanten, acceptance
    riichi-lut hint "123m456p789s1122z3z" --discarded "1z" # own discards: furiten
    riichi-lut ukeire "123m456p789s1122z" --unicode        # 13 tiles: acceptance per form
    riichi-lut score "234m456p678s22345s" --win 5s --ron --seat S --round E --riichi --sticks 1
    riichi-lut shanten "123456789m1111z" "23m456p22z [789s] (1111z)"
    riichi-lut shanten --json "11223344556677z"
    riichi-lut simulate exact --tiles 14                  # exact statistics of all deals
    riichi-lut simulate haipai --n 1000000 --workers 2    # seeded Monte Carlo
    riichi-lut play --seed 1 --out game.mjson             # a whole game by Tenhou's rules
    riichi-lut replay game.mjson                          # a log replayed through the rules
    riichi-lut review game.mjlog --player NAME --html r.html   # one seat's game reviewed
    riichi-lut tables            # where the tables are, their manifest, a load check
    riichi-lut mcr score "123m456p789s123s55z" --win 5z --seat E --prevalent S   # Chinese Official

Bad input prints ``error: ...`` (what is wrong and where, naming the flag) and exits with
status 2; ``--help`` on every command shows its defaults and examples. A closed pipe
(``riichi-lut ... | head -1``) ends the command quietly with status 141, as a process
killed by SIGPIPE reports in a shell.
"""

from __future__ import annotations

import argparse
import json
import os
import sys
from collections.abc import Sequence
from typing import Any

from .. import __version__
from ..app import REQUESTS
from ..coach.words import shanten_words
from ..core.hand import parse_hand
from ..errors import RiichiLutError
from ..lut import loader
from .game import add_parser as add_game_parser
from .glyphs import glyphs, render
from .links import permalink
from .mcr import PRINTERS as MCR_PRINTERS
from .options import Parser, count, examples
from .output import print_shanten_rows
from .requests import Printer, add_request, message_of
from .review import add_parser as add_review_parser
from .serve import add_parser as add_serve_parser
from .simulate import add_parser as add_simulate_parser
from .tournament import add_parser as add_tournament_parser
from .yaku import print_yaku


def _shanten_line(text: str, result_dict: dict[str, object]) -> str:
    forms = ", ".join(
        f"{form} {result_dict[form]}"
        for form in ("standard", "chiitoitsu", "kokushi")
        if result_dict[form] is not None
    )
    return f"{text}: {shanten_words(int(result_dict['value']))} ({forms})"  # type: ignore[call-overload]


def print_shanten(rows: list[dict[str, Any]], args: argparse.Namespace) -> int:
    """``riichi-lut shanten``: a line per hand."""
    return print_shanten_rows(rows, _shanten_line, args.unicode)


def _tiles_live(accepted: Sequence[object], unicode: bool) -> str:
    """Accepted tiles with their live counts: ``1mx4 2mx2``."""
    return " ".join(f"{_tile(t.tile, unicode)}x{t.live}" for t in accepted)  # type: ignore[attr-defined]


def _tile(tile: str, unicode: bool) -> str:
    return glyphs(tile) if unicode else tile


def _playground(args: argparse.Namespace) -> None:
    """The hand's link in the web playground (``--players 3``: its three-player mode)."""
    print(f"playground: {permalink(args.hand.strip(), players=args.values['players'])}")


def print_hint(result: Any, args: argparse.Namespace) -> int:
    """``riichi-lut hint``: the why, the ``--top`` options, the playground link."""
    print(render(result.why, args.unicode))
    for option in result.options[: args.top]:
        tiles = _tiles_live(option.accepted, args.unicode)
        back = "  (shanten back)" if option.shanten_back else ""
        back += "  (dead)" if option.dead else "  (furiten)" if option.furiten else ""
        state = shanten_words(option.shanten)
        print(f"  {_tile(option.tile, args.unicode):>3}: {state:>10}, {option.total:>3} tiles  {tiles}{back}")
    _playground(args)
    return 0


def print_ukeire(result: Any, args: argparse.Namespace) -> int:
    """``riichi-lut ukeire``: the hand's state, then each form's accepted tiles."""
    hand = parse_hand(args.hand)
    notes = "; furiten: it can win only by tsumo" if result.furiten else ""
    notes += "; no live tile left" if result.dead else ""
    state = shanten_words(result.shanten)
    counts = f"{result.live_kinds} kinds / {result.total} tiles"
    print(render(f"{hand.to_text()}: {state}, {counts}{notes}", args.unicode))
    for form in ("standard", "chiitoitsu", "kokushi"):
        row = getattr(result, form)
        if row is not None:
            tiles = _tiles_live(row.accepted, args.unicode)
            print(f"  {form:>10}: {shanten_words(row.shanten):>10}, {row.total:>3} tiles  {tiles}")
    _playground(args)
    return 0


def print_score(result: Any, args: argparse.Namespace) -> int:
    """``riichi-lut score``: the explanation."""
    print(render(result.explain(), args.unicode))
    return 0


def cmd_tables(args: argparse.Namespace) -> int:
    t = loader.tables()
    names = list(loader.EXPECTED)
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
        print(f"  {name:22s} {entry['dtype']:4s} {tuple(entry['shape'])!s:22s} {entry['bytes']:>9,} bytes")
    return 0


#: What each declared command prints in words.
PRINTERS: dict[str, Printer] = {
    "hint": print_hint,
    "ukeire": print_ukeire,
    "score": print_score,
    "shanten": print_shanten,
    "yaku": print_yaku,
    **MCR_PRINTERS,
}


def build_parser() -> argparse.ArgumentParser:
    parser = Parser(
        prog="riichi-lut",
        description="Mahjong hand analysis on lookup tables.",
        epilog=examples('riichi-lut hint "2234m506p678s5557z"', "riichi-lut COMMAND --help"),
    )
    parser.add_argument("--version", action="version", version=f"riichi-lut {__version__}")
    sub = parser.add_subparsers(dest="command", required=True, parser_class=Parser)
    groups: dict[str, Any] = {}
    for name, request in REQUESTS.items():
        target: Any = sub
        if len(request.command) == 2:  # `riichi-lut mcr score`: under the group's parser
            word = request.command[0]
            if word not in groups:
                groups[word] = _group_parser(sub, word)
            target = groups[word]
        p = add_request(target, request, PRINTERS[name], unicode=name != "yaku")
        if name == "hint":
            p.add_argument("--top", type=count, default=5, help="how many ranked options to list")
    add_simulate_parser(sub)
    add_game_parser(sub)
    add_tournament_parser(sub)
    add_review_parser(sub)
    add_serve_parser(sub)

    p = sub.add_parser("tables", help="show and verify the lookup tables")
    p.add_argument("--json", action="store_true", help="print JSON")
    p.set_defaults(run=cmd_tables)
    p.epilog = examples("riichi-lut tables", "riichi-lut tables --json")
    return parser


#: The command groups: their help and examples.
GROUPS = {
    "mcr": (
        "Chinese Official (MCR) rules: score, hint, shanten",
        (
            'riichi-lut mcr score "123m456p789s123s55z" --win 5z --seat E --prevalent S',
            'riichi-lut mcr hint "123m456p789s1235z5z"',
            'riichi-lut mcr shanten "147m258p369s1234z"',
        ),
    ),
}


def _group_parser(sub: Any, word: str) -> Any:
    """The parser of a command group (``mcr``) and its sub-parsers."""
    help_text, lines = GROUPS[word]
    group = sub.add_parser(word, help=help_text, epilog=examples(*lines))
    return group.add_subparsers(dest=f"{word}_command", required=True, parser_class=Parser)


def _quiet_stdout() -> None:
    """Point stdout at the null device: the reader is gone, and the interpreter's last
    flush must not fail again."""
    devnull = os.open(os.devnull, os.O_WRONLY)
    try:
        os.dup2(devnull, sys.stdout.fileno())
    except (OSError, ValueError):  # no file descriptor (a test's captured stdout)
        pass
    finally:
        os.close(devnull)


def _run(argv: Sequence[str] | None) -> int:
    args = build_parser().parse_args(argv)
    try:
        status = int(args.run(args))
    except RiichiLutError as exc:
        print(f"error: {message_of(exc, args)}", file=sys.stderr)
        return 2
    sys.stdout.flush()  # a closed pipe shows here, not at the interpreter's exit
    return status


def main(argv: Sequence[str] | None = None) -> int:
    """Run the command of ``argv``; its exit status. Ctrl-C (SIGINT) ends any command with
    one line, ``interrupted``, on stderr and status 130 (128 + SIGINT, as a shell reports
    it); worker processes are ended with it (:mod:`riichi_lut.sim.backend`)."""
    try:
        return _run(argv)
    except BrokenPipeError:
        _quiet_stdout()
        return 141  # 128 + SIGPIPE, what a shell reports for `yes | head -1`
    except KeyboardInterrupt:
        print("\ninterrupted" if sys.stderr.isatty() else "interrupted", file=sys.stderr, flush=True)
        return 130


if __name__ == "__main__":
    sys.exit(main())
