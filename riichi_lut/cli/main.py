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
from functools import partial

from .. import __version__
from ..analysis.efficiency import ukeire
from ..analysis.shanten import shanten
from ..coach.hints import Hint, hint
from ..coach.words import shanten_words
from ..core.hand import parse_hand
from ..core.tiles import parse_tiles
from ..core.visible import Visible
from ..errors import RiichiLutError
from ..lut import loader
from ..riichi import ScoreResult, Win, score
from ..riichi.win import WIN_FLAGS
from .errors import FLAGS_HINT, FLAGS_SCORE, FLAGS_UKEIRE, flag_names, naming
from .glyphs import glyphs, render
from .links import permalink
from .mcr import add_parser as add_mcr_parser
from .options import Parser, count, examples, rule_preset
from .output import print_shanten
from .serve import add_parser as add_serve_parser
from .simulate import add_parser as add_simulate_parser
from .yaku import add_parser as add_yaku_parser


def _shanten_line(text: str, result_dict: dict[str, object]) -> str:
    forms = ", ".join(
        f"{form} {result_dict[form]}"
        for form in ("standard", "chiitoitsu", "kokushi")
        if result_dict[form] is not None
    )
    return f"{text}: {shanten_words(int(result_dict['value']))} ({forms})"  # type: ignore[call-overload]


def cmd_shanten(args: argparse.Namespace) -> int:
    return print_shanten(
        args.hands, args.json, partial(shanten, players=args.players), _shanten_line, args.unicode
    )


def _visible(args: argparse.Namespace) -> Visible | str | None:
    """``--visible`` and ``--discarded`` as the library takes them."""
    if args.discarded:
        return Visible(other=args.visible, own_discards=args.discarded)
    return args.visible or None


def _tiles_live(accepted: Sequence[object], unicode: bool) -> str:
    """Accepted tiles with their live counts: ``1mx4 2mx2``."""
    return " ".join(f"{_tile(t.tile, unicode)}x{t.live}" for t in accepted)  # type: ignore[attr-defined]


def _tile(tile: str, unicode: bool) -> str:
    return glyphs(tile) if unicode else tile


def hint_of(args: argparse.Namespace) -> Hint:
    """What ``riichi-lut hint`` computes from its parsed arguments (the web API uses it too).

    >>> hint_of(build_parser().parse_args(["hint", "2234m506p678s5557z"])).discard
    '7z'
    """
    return hint(args.hand, _visible(args), players=getattr(args, "players", 4))


def _playground(args: argparse.Namespace) -> None:
    """The hand's link in the web playground (``--players 3``: its three-player mode)."""
    print(f"playground: {permalink(args.hand.strip(), players=args.players)}")


def cmd_hint(args: argparse.Namespace) -> int:
    result = hint_of(args)
    if args.json:
        print(json.dumps(result.to_dict(), indent=2))
        return 0
    print(render(result.why, args.unicode))
    for option in result.options[: args.top]:
        tiles = _tiles_live(option.accepted, args.unicode)
        back = "  (shanten back)" if option.shanten_back else ""
        back += "  (dead)" if option.dead else "  (furiten)" if option.furiten else ""
        state = shanten_words(option.shanten)
        print(f"  {_tile(option.tile, args.unicode):>3}: {state:>10}, {option.total:>3} tiles  {tiles}{back}")
    _playground(args)
    return 0


def cmd_ukeire(args: argparse.Namespace) -> int:
    hand = parse_hand(args.hand)
    result = ukeire(args.hand, _visible(args), players=args.players)  # the text: errors give positions
    if args.json:
        print(json.dumps(result.to_dict(), indent=2))
        return 0
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


def score_of(args: argparse.Namespace) -> ScoreResult:
    """What ``riichi-lut score`` computes from its parsed arguments (the web API uses it too).

    >>> argv = ["score", "22334455667788p", "--win", "8p", "--ron", "--seat", "S", "--round", "E"]
    >>> score_of(build_parser().parse_args(argv)).total
    24000
    """
    rules = args.rules
    if args.kiriage:
        rules = rules.replace(kiriage=True)
    for flag, tiles in (("--win", args.win), ("--dora", args.dora), ("--ura", args.ura)):
        if tiles.strip():
            with naming(flag):  # the library's parse errors do not say which flag they read
                parse_tiles(tiles)
    win = Win(
        tsumo=args.tsumo,
        seat_wind=args.seat,
        round_wind=args.round,
        **{name: getattr(args, name) for name in WIN_FLAGS if name != "chankan"},
        chankan="closed" if args.chankan_closed else args.chankan,
        dora_indicators=args.dora,
        ura_indicators=args.ura,
        honba=args.honba,
        riichi_sticks=args.sticks,
        open_riichi=args.open_riichi,
        paarenchan=args.paarenchan,
        kita=args.kita,
    )
    return score(args.hand, args.win, win, rules=rules)


def cmd_score(args: argparse.Namespace) -> int:
    result = score_of(args)
    print(json.dumps(result.to_dict(), indent=2) if args.json else render(result.explain(), args.unicode))
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


_FLAG_HELP = {
    "riichi": "declared riichi (needs --sticks 1 or more)",
    "double_riichi": "declared riichi on the first turn (needs --sticks 1 or more)",
    "ippatsu": "won within one turn of riichi",
    "haitei": "tsumo on the last tile of the wall",
    "houtei": "ron on the last discard",
    "rinshan": "tsumo on a kan's replacement tile",
    "tenhou": "the dealer's win on the first draw",
    "chiihou": "a non-dealer's tsumo on the first draw",
    "renhou": "a non-dealer's ron before the first draw",
}


def _hand_options(p: argparse.ArgumentParser) -> None:
    """``--visible``, ``--discarded``, ``--json`` and ``--unicode`` of ``hint`` and ``ukeire``."""
    p.add_argument("--visible", default="", help='tiles seen elsewhere, e.g. "1m 4m 77z [123s]"')
    p.add_argument(
        "--discarded", default="", help='your own discards (visible, and they decide furiten), e.g. "9m 1z"'
    )
    p.add_argument("--json", action="store_true", help="print JSON (the library's to_dict())")
    p.add_argument("--unicode", action="store_true", help="draw the tiles as Unicode mahjong tiles")
    _players_option(p)


def _players_option(p: argparse.ArgumentParser) -> None:
    """``--players``: 4, or 3 for three-player Riichi (sanma: no 2m-8m; docs/sanma.md)."""
    p.add_argument(
        "--players", type=int, choices=(3, 4), default=4, help="3 for three-player Riichi (sanma: no 2m-8m)"
    )


def build_parser() -> argparse.ArgumentParser:
    parser = Parser(
        prog="riichi-lut",
        description="Mahjong hand analysis on lookup tables.",
        epilog=examples('riichi-lut hint "2234m506p678s5557z"', "riichi-lut COMMAND --help"),
    )
    parser.add_argument("--version", action="version", version=f"riichi-lut {__version__}")
    sub = parser.add_subparsers(dest="command", required=True, parser_class=Parser)

    p = sub.add_parser(
        "hint",
        help="best discard with a plain-English why (14 tiles), or acceptance (13)",
        epilog=examples(
            'riichi-lut hint "2234m506p678s5557z" --top 3',
            'riichi-lut hint "123m456p789s1122z3z" --discarded "1z" --visible "2z 2z"',
            'riichi-lut hint "23m456p22z1s [789s] (1111z)" --json',
        ),
    )
    p.add_argument("hand", metavar="HAND", help='e.g. "1234m5677p2345s12z" or "23m456p22z1s [789s] (1111z)"')
    p.add_argument("--top", type=count, default=5, help="how many ranked options to list")
    _hand_options(p)
    p.set_defaults(run=cmd_hint, flags=FLAGS_HINT)

    p = sub.add_parser(
        "ukeire",
        help="shanten and accepted tiles of a 13-tile hand, per form",
        epilog=examples(
            'riichi-lut ukeire "123m456p789s1122z" --visible "1z"',
            'riichi-lut ukeire "23m456p789s11z [123s]" --discarded "4m" --json',
        ),
    )
    p.add_argument("hand", metavar="HAND", help='13 tiles counting calls as 3, e.g. "123m456p789s1122z"')
    _hand_options(p)
    p.set_defaults(run=cmd_ukeire, flags=FLAGS_UKEIRE)

    p = sub.add_parser(
        "score",
        help="score a winning Riichi hand and explain it",
        epilog=examples(
            'riichi-lut score "234m456p678s22345s" --win 5s --ron --seat S --round E --riichi --sticks 1',
            'riichi-lut score "19m19p19s12345677z" --win 1m --tsumo --seat e --round e'
            ' --rules "mahjong soul"',
        ),
    )
    p.add_argument(
        "hand", metavar="HAND", help='the whole hand, winning tile included: "234m55p [678s] (1111z)"'
    )
    p.add_argument("--win", required=True, help='the winning tile, e.g. "5p" ("0p" for the red five)')
    win_by = p.add_mutually_exclusive_group(required=True)
    win_by.add_argument("--tsumo", action="store_true", help="won by self-draw")
    win_by.add_argument("--ron", action="store_true", help="won on a discard")
    p.add_argument("--seat", required=True, help="seat wind: E, S, W or N (either case)")
    p.add_argument("--round", required=True, help="round wind: E, S, W or N (either case)")
    for flag in WIN_FLAGS:
        if flag == "chankan":  # --chankan robs an added kan, --chankan-closed a closed kan (kokushi)
            robbed = p.add_mutually_exclusive_group()
            robbed.add_argument("--chankan", action="store_true", help="ron on the tile of an added kan")
            robbed.add_argument(
                "--chankan-closed",
                action="store_true",
                help="ron on a tile robbed from a closed kan (thirteen orphans, where the rules allow)",
            )
        else:
            p.add_argument(f"--{flag.replace('_', '-')}", action="store_true", help=_FLAG_HELP[flag])
    p.add_argument("--dora", default="", help='dora indicators, e.g. "1m5z"')
    p.add_argument("--ura", default="", help="ura dora indicators (riichi only)")
    p.add_argument("--honba", type=int, default=0, help="honba counters on the table")
    p.add_argument(
        "--sticks", type=int, default=0, help="riichi sticks on the table, yours included (1+ with --riichi)"
    )
    p.add_argument(
        "--open-riichi",
        action="store_true",
        help="the riichi was declared open (scored where the rules play it)",
    )
    p.add_argument(
        "--paarenchan",
        type=int,
        default=0,
        metavar="N",
        help="the dealer's consecutive wins, this one included (8+: paarenchan, where the rules play it)",
    )
    p.add_argument(
        "--kita",
        type=int,
        default=0,
        metavar="N",
        help="North tiles set aside as dora (three players only: --rules 'tenhou sanma')",
    )
    p.add_argument(
        "--rules",
        type=rule_preset,
        default="Tenhou",
        metavar="PRESET",
        help="rule preset, any case: Tenhou, Mahjong Soul, M-League, WRC, EMA, Tenhou sanma,"
        " Mahjong Soul sanma",
    )
    p.add_argument("--kiriage", action="store_true", help="round 4 han 30 fu / 3 han 60 fu up to mangan")
    p.add_argument("--json", action="store_true", help="print JSON instead of the explanation")
    p.add_argument("--unicode", action="store_true", help="draw the tiles as Unicode mahjong tiles")
    p.set_defaults(run=cmd_score, flags=FLAGS_SCORE)

    p = sub.add_parser(
        "shanten",
        help="exact shanten of hands in mpsz notation",
        epilog=examples(
            'riichi-lut shanten "123456789m1111z" "23m456p22z [789s] (1111z)"',
            'riichi-lut shanten --json "11223344556677z"',
        ),
    )
    example = 'e.g. "123456789m1111z" or "23m456p22z [789s] (1111z)"'
    p.add_argument("hands", nargs="+", metavar="HAND", help=example)
    p.add_argument(
        "--json", action="store_true", help="print a JSON list, one entry per hand: its result or its error"
    )
    p.add_argument("--unicode", action="store_true", help="draw the tiles as Unicode mahjong tiles")
    _players_option(p)
    p.set_defaults(run=cmd_shanten)

    add_mcr_parser(sub)
    add_simulate_parser(sub)
    add_yaku_parser(sub)
    add_serve_parser(sub)

    p = sub.add_parser("tables", help="show and verify the lookup tables")
    p.add_argument("--json", action="store_true", help="print JSON")
    p.set_defaults(run=cmd_tables)
    p.epilog = examples("riichi-lut tables", "riichi-lut tables --json")
    return parser


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
        print(f"error: {flag_names(str(exc), getattr(args, 'flags', {}))}", file=sys.stderr)
        return 2
    sys.stdout.flush()  # a closed pipe shows here, not at the interpreter's exit
    return status


def main(argv: Sequence[str] | None = None) -> int:
    try:
        return _run(argv)
    except BrokenPipeError:
        _quiet_stdout()
        return 141  # 128 + SIGPIPE, what a shell reports for `yes | head -1`


if __name__ == "__main__":
    sys.exit(main())
