"""The ``riichi-lut`` command.

    riichi-lut hint "1234m5677p2345s12z"                  # best discard and why
    riichi-lut hint "123m456p789s1122z" --visible "1z 2z"  # 13 tiles: shanten, acceptance
    riichi-lut hint "123m456p789s1122z3z" --discarded "1z" # own discards: furiten
    riichi-lut score "234m456p678s22345s" --win 5s --ron --seat S --round E --riichi --sticks 1
    riichi-lut shanten "123456789m1111z" "23m456p22z [789s] (1111z)"
    riichi-lut shanten --json "11223344556677z"
    riichi-lut simulate exact --tiles 14                  # exact statistics of all deals
    riichi-lut simulate haipai --n 1000000 --workers 2    # seeded Monte Carlo
    riichi-lut tables            # where the tables are, their manifest, a load check
    riichi-lut mcr score "123m456p789s123s55z" --win 5z --seat E --prevalent S   # Chinese Official

Bad input prints ``error: ...`` (what is wrong and where) and exits with status 2.
"""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Sequence

from ..analysis.shanten import shanten
from ..coach.hints import Hint, hint
from ..coach.words import shanten_words
from ..core.visible import Visible
from ..errors import RiichiLutError
from ..lut import loader
from ..riichi import PRESETS, ScoreResult, Win, score
from ..riichi.win import WIN_FLAGS
from .mcr import add_parser as add_mcr_parser
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
    return print_shanten(args.hands, args.json, shanten, _shanten_line)


def hint_of(args: argparse.Namespace) -> Hint:
    """What ``riichi-lut hint`` computes from its parsed arguments (the web API uses it too).

    >>> hint_of(build_parser().parse_args(["hint", "2234m506p678s5557z"])).discard
    '7z'
    """
    visible = Visible(other=args.visible, own_discards=args.discarded) if args.discarded else args.visible
    return hint(args.hand, visible or None)


def cmd_hint(args: argparse.Namespace) -> int:
    result = hint_of(args)
    if args.json:
        print(json.dumps(result.to_dict(), indent=2))
        return 0
    print(result.why)
    for option in result.options[: args.top]:
        tiles = " ".join(f"{t.tile}x{t.live}" for t in option.accepted)
        back = "  (shanten back)" if option.shanten_back else ""
        back += "  (dead)" if option.dead else "  (furiten)" if option.furiten else ""
        state = shanten_words(option.shanten)
        print(f"  {option.tile:>3}: {state:>10}, {option.total:>3} tiles  {tiles}{back}")
    return 0


def score_of(args: argparse.Namespace) -> ScoreResult:
    """What ``riichi-lut score`` computes from its parsed arguments (the web API uses it too).

    >>> argv = ["score", "22334455667788p", "--win", "8p", "--ron", "--seat", "S", "--round", "E"]
    >>> score_of(build_parser().parse_args(argv)).total
    24000
    """
    rules = PRESETS[args.rules]
    if args.kiriage:
        rules = rules.replace(kiriage=True)
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
    )
    return score(args.hand, args.win, win, rules=rules)


def cmd_score(args: argparse.Namespace) -> int:
    result = score_of(args)
    print(json.dumps(result.to_dict(), indent=2) if args.json else result.explain())
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


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(prog="riichi-lut", description="Mahjong hand analysis on lookup tables.")
    sub = parser.add_subparsers(dest="command", required=True)

    p = sub.add_parser("hint", help="best discard with a plain-English why (14 tiles), or acceptance (13)")
    p.add_argument("hand", metavar="HAND", help='e.g. "1234m5677p2345s12z" or "23m456p22z1s [789s] (1111z)"')
    p.add_argument("--visible", default="", help='tiles seen elsewhere, e.g. "1m 4m 77z [123s]"')
    p.add_argument(
        "--discarded", default="", help='your own discards (visible, and they decide furiten), e.g. "9m 1z"'
    )
    p.add_argument("--top", type=int, default=5, help="how many ranked options to list (default 5)")
    p.add_argument("--json", action="store_true", help="print JSON")
    p.set_defaults(run=cmd_hint)

    p = sub.add_parser("score", help="score a winning Riichi hand and explain it")
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
            p.add_argument(f"--{flag.replace('_', '-')}", action="store_true")
    p.add_argument("--dora", default="", help='dora indicators, e.g. "1m5z"')
    p.add_argument("--ura", default="", help="ura dora indicators (riichi only)")
    p.add_argument("--honba", type=int, default=0)
    p.add_argument(
        "--sticks", type=int, default=0, help="riichi sticks on the table, yours included (1+ with --riichi)"
    )
    p.add_argument("--rules", default="Tenhou", choices=sorted(PRESETS), help="rule preset (default Tenhou)")
    p.add_argument("--kiriage", action="store_true", help="round 4 han 30 fu / 3 han 60 fu up to mangan")
    p.add_argument("--json", action="store_true", help="print JSON instead of the explanation")
    p.set_defaults(run=cmd_score)

    p = sub.add_parser("shanten", help="exact shanten of hands in mpsz notation")
    example = 'e.g. "123456789m1111z" or "23m456p22z [789s] (1111z)"'
    p.add_argument("hands", nargs="+", metavar="HAND", help=example)
    p.add_argument("--json", action="store_true", help="print JSON")
    p.set_defaults(run=cmd_shanten)

    add_mcr_parser(sub)
    add_simulate_parser(sub)
    add_yaku_parser(sub)
    add_serve_parser(sub)

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
