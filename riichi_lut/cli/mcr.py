"""``riichi-lut mcr …``: Chinese Official (MCR) scoring, shanten and hints on the command line.

    riichi-lut mcr score "123m456p789s123s55z" --win 5z --seat E --prevalent S
    riichi-lut mcr score "..." --win 3s --self-drawn --seat W --prevalent E --flowers 2 --json
    riichi-lut mcr hint "123m456p789s1235z5z"
    riichi-lut mcr shanten "147m258p369s1234z" "11223344556677m"

Bad input prints ``error: ...`` naming the flag and exits with status 2, like every
``riichi-lut`` command; winds are read in either case.
"""

from __future__ import annotations

import argparse
import json
from typing import TYPE_CHECKING, Any

from ..coach.words import shanten_words
from .errors import FLAGS_MCR_HINT, FLAGS_MCR_SCORE, naming
from .glyphs import render
from .options import examples
from .output import print_shanten

if TYPE_CHECKING:  # start-up: the Riichi commands do not load the MCR package
    from ..mcr import McrHint, McrScore

# The per-form fields of an MCR shanten result, in the order they are printed.
FORMS = ("regular", "seven_pairs", "thirteen_orphans", "honors_and_knitted", "knitted_straight")


def shanten_line(text: str, result: dict[str, Any]) -> str:
    """One hand's line: its state, then every form that applies with its value."""
    forms = ", ".join(
        f"{form.replace('_', ' ')} {result[form]}" for form in FORMS if result[form] is not None
    )
    return f"{text}: {shanten_words(result['value'])} ({forms})"


def cmd_shanten(args: argparse.Namespace) -> int:
    # start-up: the Riichi commands do not load the MCR package
    from ..mcr import shanten  # noqa: PLC0415

    return print_shanten(args.hands, args.json, shanten, shanten_line, args.unicode)


def score_of(args: argparse.Namespace) -> McrScore:
    """What ``riichi-lut mcr score`` computes from its parsed arguments (the web API uses it too).

    >>> from riichi_lut.cli.main import build_parser
    >>> args = build_parser().parse_args(["mcr", "score", "123m456p789s123s55z", "--win", "5z",
    ...                                   "--seat", "E", "--prevalent", "S"])
    >>> score_of(args).total
    12
    """
    # start-up: the Riichi commands do not load the MCR package
    from ..core.tiles import parse_tiles  # noqa: PLC0415
    from ..mcr import McrRules, Win, score  # noqa: PLC0415

    if args.win.strip():
        with naming("--win"):  # the library's parse errors do not say which flag they read
            parse_tiles(args.win)
    win = Win(
        self_drawn=args.self_drawn,
        seat_wind=args.seat,
        prevalent_wind=args.prevalent,
        flowers=args.flowers,
        last_tile=args.last_tile,
        kong_replacement=args.kong_replacement,
        robbing_kong=args.robbing_kong,
        last_tile_of_wall=args.last_of_wall,
    )
    rules = McrRules(edition=args.edition)
    return score(args.hand, args.win, win, rules=rules)


def cmd_score(args: argparse.Namespace) -> int:
    result = score_of(args)
    if args.json:
        print(json.dumps(result.to_dict(), indent=2, ensure_ascii=False))
        return 0
    print(render(result.explain(), args.unicode))
    return 0


def hint_of(args: argparse.Namespace) -> McrHint:
    """What ``riichi-lut mcr hint`` computes from its parsed arguments (the web API uses it too).

    >>> from riichi_lut.cli.main import build_parser
    >>> hint_of(build_parser().parse_args(["mcr", "hint", "12m456p789s123s55z"])).shanten
    0
    """
    # start-up: the Riichi commands do not load the MCR package
    from ..mcr import hint  # noqa: PLC0415

    return hint(args.hand, visible=args.visible or None)


def cmd_hint(args: argparse.Namespace) -> int:
    result = hint_of(args)
    if args.json:
        print(json.dumps(result.to_dict(), indent=2, ensure_ascii=False))
        return 0
    print(render(result.text(), args.unicode))
    return 0


def add_parser(sub: Any) -> None:
    """``riichi-lut mcr`` and its three commands, on the main parser's sub-parsers."""
    mcr = sub.add_parser(
        "mcr",
        help="Chinese Official (MCR) rules: score, hint, shanten",
        epilog=examples(
            'riichi-lut mcr score "123m456p789s123s55z" --win 5z --seat E --prevalent S',
            'riichi-lut mcr hint "123m456p789s1235z5z"',
            'riichi-lut mcr shanten "147m258p369s1234z"',
        ),
    )
    commands = mcr.add_subparsers(dest="mcr_command", required=True)

    p = commands.add_parser(
        "score",
        help="score a winning MCR hand and explain every fan",
        epilog=examples(
            'riichi-lut mcr score "123m456p789s123s55z" --win 5z --seat E --prevalent S',
            'riichi-lut mcr score "123m456p789s123s55z" --win 5z --self-drawn --seat w --prevalent e'
            " --flowers 2 --json",
        ),
    )
    p.add_argument(
        "hand", metavar="HAND", help='the whole hand, winning tile included: "123m55p [678s] (1111z)"'
    )
    p.add_argument("--win", required=True, help='the winning tile, e.g. "5p"')
    p.add_argument("--self-drawn", action="store_true", help="won by self-draw (default: on a discard)")
    p.add_argument("--seat", required=True, help="seat wind: E, S, W or N (either case)")
    p.add_argument("--prevalent", required=True, help="prevalent (round) wind: E, S, W or N (either case)")
    p.add_argument("--flowers", type=int, default=0, help="flower tiles set aside, 0-8 (1 point each)")
    p.add_argument("--last-tile", action="store_true", help="the last copy of the winning tile (Last Tile)")
    p.add_argument("--kong-replacement", action="store_true", help="won on a kong's replacement tile")
    p.add_argument("--robbing-kong", action="store_true", help="won on a tile added to a melded pung")
    p.add_argument("--last-of-wall", action="store_true", help="won on the last tile of the wall")
    p.add_argument("--edition", default="2006", choices=("2006", "1998"), help="rulebook edition")
    p.add_argument("--json", action="store_true", help="print JSON instead of the explanation")
    p.add_argument("--unicode", action="store_true", help="draw the tiles as Unicode mahjong tiles")
    p.set_defaults(run=cmd_score, flags=FLAGS_MCR_SCORE)

    p = commands.add_parser(
        "hint",
        help="MCR discard advice (14 tiles) or acceptance (13), with points per wait",
        epilog=examples(
            'riichi-lut mcr hint "123m456p789s1235z5z"', 'riichi-lut mcr hint "123m45678p123s55z" --json'
        ),
    )
    p.add_argument("hand", metavar="HAND", help='e.g. "123m456p789s1235z5z"')
    p.add_argument("--visible", default="", help='tiles seen elsewhere, e.g. "1m 4m 77z"')
    p.add_argument("--json", action="store_true", help="print JSON")
    p.add_argument("--unicode", action="store_true", help="draw the tiles as Unicode mahjong tiles")
    p.set_defaults(run=cmd_hint, flags=FLAGS_MCR_HINT)

    p = commands.add_parser(
        "shanten",
        help="exact MCR shanten of hands, every form",
        epilog=examples('riichi-lut mcr shanten "147m258p369s1234z" "11223344556677m" --json'),
    )
    p.add_argument("hands", nargs="+", metavar="HAND", help='e.g. "147m258p369s1234z"')
    p.add_argument(
        "--json", action="store_true", help="print a JSON list, one entry per hand: its result or its error"
    )
    p.add_argument("--unicode", action="store_true", help="draw the tiles as Unicode mahjong tiles")
    p.set_defaults(run=cmd_shanten)
