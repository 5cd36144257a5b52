"""``riichi-lut simulate …``: exact deal statistics and seeded simulations on the command
line, with progress bars (when stderr is a terminal), ``--json``, several processes
(``--workers``) or a Dask cluster (``--dask tcp://host:port``, needs ``riichi-lut[dask]``).

    riichi-lut simulate exact --tiles 14
    riichi-lut simulate haipai --n 10000000 --seed 1 --workers 2
    riichi-lut simulate selfplay --games 200000 --plot selfplay.png
    riichi-lut simulate nanikiru "2234m506p678s5557z" --draws 6

``--plot`` needs matplotlib and says so before anything runs; a ``--dask`` address that is
not ``scheme://host:port`` is refused at once, one that cannot be reached after
``--dask-timeout`` seconds (default: Dask's connect timeout, 30 s), each in one line.
"""

from __future__ import annotations

import argparse
import json
import math
import os
import sys
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

from ..errors import InvalidArgumentError
from .glyphs import glyphs, render
from .options import choice, examples, rule_preset

FORMS = ("all", "standard", "chiitoitsu", "kokushi")

# The library's parameter -> the flag, for errors about a parameter (RiichiLutError.parameter).
_SIMULATION = {
    "seed": "--seed",
    "workers": "--workers",
    "chunk_size": "--chunk-size",
    "timeout": "--dask-timeout",
}
FLAGS_EXACT = {"tiles": "--tiles", "form": "--form", "players": "--players"}
FLAGS_HAIPAI = {**_SIMULATION, **FLAGS_EXACT, "n": "--n"}
FLAGS_SELFPLAY = {
    **_SIMULATION,
    "players": "--players",
    "n_games": "--games",
    "draws": "--draws",
    "seat_wind": "--seat",
    "round_wind": "--round",
    "rules": "--rules",
}
FLAGS_NANIKIRU = {
    **_SIMULATION,
    "players": "--players",
    "visible": "--visible",
    "other": "--visible",
    "hand": "HAND",
    "n": "--n",
    "draws": "--draws",
    "riichi": "--riichi",
}

# The library's default chunk_size of each simulation (a test keeps them equal), written
# out so that the parser does not import the simulator.
CHUNK_SIZES = {"haipai": 262_144, "selfplay": 16_384, "nanikiru": 8_192}


def _rules_for(rules: Any, players: int) -> Any:
    """``--rules`` for ``--players``: with three players the Tenhou and Mahjong Soul presets
    stand for their three-player presets (``TENHOU_SANMA``, ``MAHJONG_SOUL_SANMA``); any
    other four-player preset is refused by ``selfplay``, naming both."""
    if players != 3 or rules.players == 3:
        return rules
    from ..riichi.rules import MAHJONG_SOUL, MAHJONG_SOUL_SANMA, TENHOU, TENHOU_SANMA  # noqa: PLC0415

    return {TENHOU: TENHOU_SANMA, MAHJONG_SOUL: MAHJONG_SOUL_SANMA}.get(rules, rules)


@contextmanager
def dask_client(args: argparse.Namespace) -> Iterator[Any]:
    """The Dask client of ``--dask`` (closed afterwards), or None."""
    if not args.dask:
        yield None
        return
    # start-up: `riichi-lut hint` and the others do not load the simulator
    from ..sim import connect  # noqa: PLC0415
    from ..sim.clients import address_problem  # noqa: PLC0415

    problem = address_problem(args.dask)  # named by the flag here; connect() checks it too
    if problem is not None:
        raise InvalidArgumentError(
            f"--dask {args.dask!r} is not a scheduler address (tcp://host:8786): {problem}"
        )
    client = connect(args.dask, timeout=args.dask_timeout)
    try:
        yield client
    finally:
        client.close()


def _progress(args: argparse.Namespace) -> bool:
    """Progress bars on stderr: only when it is a terminal, and never with ``--json``."""
    return not args.json and sys.stderr.isatty()


def _distribution_lines(counts: dict[int, int], total: int) -> list[str]:
    if not total:
        return ["(no deals)"]
    width = max(len(f"{c:,}") for c in counts.values())
    lines = [f"shanten  {'deals':>{width}}  probability"]
    for value, count in counts.items():
        odds = f"1 in {total / count:,.0f}" if count else "-"
        lines.append(f"{value:>7}  {count:>{width},}  {count / total:>10.6%}  ({odds})")
    return lines


def cmd_exact(args: argparse.Namespace) -> int:
    # start-up: `riichi-lut hint` and the others do not load the simulator
    from ..sim import exact_shanten_distribution  # noqa: PLC0415

    counts = exact_shanten_distribution(args.tiles, args.form, progress=_progress(args), players=args.players)
    total = math.comb(136 if args.players == 4 else 108, args.tiles)
    if args.json:
        out = {
            "tiles": args.tiles,
            "form": args.form,
            "players": args.players,
            "deals": total,
            "counts": counts,
        }
        print(json.dumps(out, indent=2))
        return 0
    wall = "" if args.players == 4 else " three-player (108-tile wall)"
    what = f"{total:,}{wall} {args.tiles}-tile deals, form {args.form!r}"
    print(f"Exact shanten of all {what} (red fives ignored):")
    print("\n".join(_distribution_lines(counts, total)))
    return 0


def cmd_haipai(args: argparse.Namespace) -> int:
    # start-up: `riichi-lut hint` and the others do not load the simulator
    from ..sim import sample_shanten_distribution  # noqa: PLC0415

    with dask_client(args) as client:
        counts = sample_shanten_distribution(
            args.n,
            args.tiles,
            args.seed,
            args.workers,
            client,
            form=args.form,
            chunk_size=args.chunk_size,
            progress=_progress(args),
            players=args.players,
        )
    if args.json:
        out = {
            "tiles": args.tiles,
            "form": args.form,
            "players": args.players,
            "n": args.n,
            "seed": args.seed,
        }
        print(json.dumps({**out, "counts": counts}))
        return 0
    wall = "" if args.players == 4 else " three-player"
    print(
        f"Shanten of {args.n:,} random{wall} {args.tiles}-tile deals (seed {args.seed}, form {args.form!r}):"
    )
    print("\n".join(_distribution_lines(counts, args.n)))
    return 0


def cmd_selfplay(args: argparse.Namespace) -> int:
    # start-up: `riichi-lut hint` and the others do not load the simulator
    from ..sim import selfplay  # noqa: PLC0415

    plt = plot_checked(args.plot) if args.plot else None  # before the simulation: it may take minutes
    with dask_client(args) as client:
        result = selfplay(
            args.games,
            draws=args.draws,
            seed=args.seed,
            workers=args.workers,
            client=client,
            riichi=not args.dama,
            seat_wind=args.seat,
            round_wind=args.round,
            rules=_rules_for(args.rules, args.players),
            chunk_size=args.chunk_size,
            progress=_progress(args),
            players=args.players,
            kita=False if args.no_kita else None,
        )
    if plt is not None:
        _plot(plt, result, args.plot)
    if args.json:
        print(json.dumps(result.to_dict()))
        return 0
    policy = "riichi at tenpai" if not args.dama else "dama"
    games = f"{args.games:,} games, up to {args.draws} draws"
    wall = "" if args.players == 4 else ", three players (108-tile wall" + (", kita)" if result.kita else ")")
    print(f"Self-play: {games}{wall}, best-discard policy, {policy} (seed {args.seed}).")
    print("draw  tenpai by then  won by then")
    for turn, (tenpai, win) in enumerate(zip(result.tenpai_by_turn, result.win_by_turn, strict=True)):
        print(f"{turn:>4}  {tenpai:>13.2%}  {win:>11.2%}")
    summary = [f"mean draws to tenpai {result.mean_turns_to_tenpai or 0:.2f}"]
    if result.mean_turns_to_win is not None:
        summary.append(f"to a win {result.mean_turns_to_win:.2f}")
    if result.mean_points is not None:
        summary.append(f"mean points of a win {result.mean_points:,.0f}")
    if result.mean_kita is not None:
        summary.append(f"kita {result.mean_kita:.2f} a game")
    print("; ".join(summary) + ".")
    if args.plot:
        print(f"plot written to {args.plot}")
    return 0


def _pyplot() -> Any:
    """``matplotlib.pyplot`` on the Agg backend, or the error that ``--plot`` needs it."""
    try:
        # optional dependency (riichi-lut[plot]), needed only for --plot
        import matplotlib  # noqa: PLC0415

        matplotlib.use("Agg")
        import matplotlib.pyplot as plt  # noqa: PLC0415
    except ImportError:
        raise InvalidArgumentError("--plot needs matplotlib: pip install 'riichi-lut[plot]'") from None
    return plt


def plot_checked(path: str) -> Any:
    """``matplotlib.pyplot`` for ``--plot path``, once the path is known to be writable: its
    folder exists and is writable, it is not a folder, and its suffix is a format matplotlib
    writes (else the error, before any simulation)."""
    target = Path(path)
    folder = target.parent
    where = f"--plot {path!r}"
    if not folder.exists():
        raise InvalidArgumentError(f"{where}: the folder {str(folder)!r} does not exist: create it first")
    if not folder.is_dir():
        raise InvalidArgumentError(f"{where}: {str(folder)!r} is not a folder")
    if target.is_dir():
        raise InvalidArgumentError(
            f"{where} is a folder: give a file name, e.g. {str(target / 'selfplay.png')!r}"
        )
    if not os.access(folder, os.W_OK | os.X_OK):
        raise InvalidArgumentError(f"{where}: the folder {str(folder)!r} is not writable")
    plt = _pyplot()
    formats = sorted(plt.gcf().canvas.get_supported_filetypes())
    plt.close("all")
    if target.suffix.lower().lstrip(".") not in formats:
        raise InvalidArgumentError(
            f"{where}: the name must end in .png or another format matplotlib writes ({', '.join(formats)})"
        )
    return plt


def _plot(plt: Any, result: Any, path: str) -> None:
    turns = range(len(result.tenpai_by_turn))
    fig, ax = plt.subplots(figsize=(7, 4))
    ax.plot(turns, [100 * p for p in result.tenpai_by_turn], marker="o", label="tenpai by this draw")
    ax.plot(turns, [100 * p for p in result.win_by_turn], marker="s", label="won by this draw")
    ax.set_xticks(list(turns)[::2])
    ax.set_xlabel("draw")
    ax.set_ylabel("% of games")
    ax.set_title(f"Self-play, {result.games:,} games (seed {result.seed})")
    ax.grid(alpha=0.3)
    ax.legend()
    fig.tight_layout()
    fig.savefig(path, dpi=120)
    plt.close(fig)


def cmd_nanikiru(args: argparse.Namespace) -> int:
    # start-up: `riichi-lut hint` and the others do not load the simulator
    from ..sim import nanikiru  # noqa: PLC0415

    with dask_client(args) as client:
        options = nanikiru(
            args.hand,
            args.visible or None,
            draws=args.draws,
            n=args.n,
            seed=args.seed,
            workers=args.workers,
            client=client,
            riichi=args.riichi,
            chunk_size=args.chunk_size,
            progress=_progress(args),
            players=args.players,
        )
    if args.json:
        print(json.dumps([o.to_dict() for o in options]))
        return 0
    wall = "" if args.players == 4 else ", three players (108-tile wall)"
    games = f"{args.n:,} simulated games of {args.draws} draws{wall} (seed {args.seed})"
    print(f"{render(args.hand, args.unicode)}: each discard, {games}")
    print("discard  wins within draws        tenpai within draws")
    for o in options:
        win, tenpai = o.win_within(), o.tenpai_within()
        print(
            f"{glyphs(o.discard) if args.unicode else o.discard:>7}"
            f"  {win.p:>6.1%} [{win.low:.1%}, {win.high:.1%}]"
            f"  {tenpai.p:>6.1%} [{tenpai.low:.1%}, {tenpai.high:.1%}]"
        )
    return 0


def _common(p: argparse.ArgumentParser, *, seeded: bool = True, chunk: int = 0) -> None:
    p.add_argument("--json", action="store_true", help="print JSON")
    p.add_argument(
        "--players",
        type=int,
        default=4,
        choices=(3, 4),
        help="4, or 3 for three-player Riichi (108 tiles)",
    )
    if seeded:
        p.add_argument("--seed", type=int, default=0, help="random seed (same seed, same numbers)")
        p.add_argument("--workers", type=int, default=1, help="processes to use")
        p.add_argument("--chunk-size", type=int, default=chunk, help="items per chunk (memory per worker)")
        add_dask_options(p)


def add_dask_options(p: argparse.ArgumentParser) -> None:
    """``--dask ADDRESS`` and ``--dask-timeout SECONDS`` (read by :func:`dask_client`)."""
    p.add_argument(
        "--dask", default="", metavar="ADDRESS", help="run on a Dask scheduler, e.g. tcp://host:8786"
    )
    p.add_argument(
        "--dask-timeout",
        type=float,
        default=None,
        metavar="SECONDS",
        help="seconds to reach the --dask scheduler (default: Dask's connect timeout, 30 s)",
    )


def add_parser(sub: Any) -> None:
    """Register ``simulate`` and its subcommands on the main parser's subparsers."""
    simulate = sub.add_parser(
        "simulate",
        help="exact deal statistics and seeded simulations",
        epilog=examples(
            "riichi-lut simulate exact --tiles 14",
            "riichi-lut simulate haipai --n 100000 --seed 1 --workers 2",
            "riichi-lut simulate selfplay --games 2000 --plot selfplay.png",
            'riichi-lut simulate nanikiru "2234m506p678s5557z" --draws 6',
        ),
    )
    kinds = simulate.add_subparsers(dest="simulation", required=True)

    p = kinds.add_parser(
        "exact",
        help="exact shanten distribution over all deals",
        epilog=examples(
            "riichi-lut simulate exact --tiles 14", "riichi-lut simulate exact --form kokushi --json"
        ),
    )
    p.add_argument("--tiles", type=int, default=13, choices=(13, 14), help="tiles per deal")
    p.add_argument("--form", default="all", type=choice(*FORMS), metavar="FORM", help=f"{', '.join(FORMS)}")
    _common(p, seeded=False)
    p.set_defaults(run=cmd_exact, flags=FLAGS_EXACT)

    p = kinds.add_parser(
        "haipai",
        help="shanten of random deals (Monte Carlo)",
        epilog=examples(
            "riichi-lut simulate haipai --n 100000 --seed 1 --workers 2",
            "riichi-lut simulate haipai --n 100000 --dask tcp://scheduler:8786 --json",
        ),
    )
    p.add_argument("--n", type=int, default=1_000_000, help="number of deals")
    p.add_argument("--tiles", type=int, default=13, choices=(13, 14), help="tiles per deal")
    p.add_argument("--form", default="all", type=choice(*FORMS), metavar="FORM", help=f"{', '.join(FORMS)}")
    _common(p, chunk=CHUNK_SIZES["haipai"])
    p.set_defaults(run=cmd_haipai, flags=FLAGS_HAIPAI)

    p = kinds.add_parser(
        "selfplay",
        help="single-player self-play with the best-discard policy",
        epilog=examples(
            "riichi-lut simulate selfplay --games 2000 --draws 12 --plot selfplay.png",
            "riichi-lut simulate selfplay --games 2000 --seat e --round s --rules m-league --json",
        ),
    )
    p.add_argument("--games", type=int, default=100_000, help="games to play")
    p.add_argument("--draws", type=int, default=18, help="draws per game (the wall's end)")
    p.add_argument("--dama", action="store_true", help="never declare riichi")
    p.add_argument(
        "--no-kita",
        action="store_true",
        help="with --players 3, keep North in the hand (a guest wind) instead of setting it aside as kita",
    )
    p.add_argument("--seat", default="S", help="the player's seat wind: E, S, W or N (either case)")
    p.add_argument("--round", default="E", help="round wind: E, S, W or N (either case)")
    p.add_argument(
        "--rules",
        type=rule_preset,
        default="Tenhou",
        metavar="PRESET",
        help="rule preset the wins are scored by, any case: Tenhou, Mahjong Soul, M-League, WRC, EMA;"
        " with --players 3 Tenhou and Mahjong Soul mean their sanma presets",
    )
    p.add_argument("--plot", default="", metavar="PNG", help="write tenpai/win by draw to a PNG (matplotlib)")
    _common(p, chunk=CHUNK_SIZES["selfplay"])
    p.set_defaults(run=cmd_selfplay, flags=FLAGS_SELFPLAY)

    p = kinds.add_parser(
        "nanikiru",
        help="compare the discards of a 14-tile hand by simulation",
        epilog=examples(
            'riichi-lut simulate nanikiru "2234m506p678s5557z" --draws 6 --n 5000 --workers 2',
            'riichi-lut simulate nanikiru "11m99m123p456p789s5z" --players 3 --n 5000',
        ),
    )
    p.add_argument("hand", metavar="HAND", help='14 tiles counting calls as 3, e.g. "2234m506p678s5557z"')
    p.add_argument("--visible", default="", help="tiles seen elsewhere")
    p.add_argument("--draws", type=int, default=6, help="draws per game")
    p.add_argument("--n", type=int, default=20_000, help="games per discard")
    p.add_argument("--riichi", action="store_true", help="declare riichi at tenpai")
    p.add_argument("--unicode", action="store_true", help="draw the tiles as Unicode mahjong tiles")
    _common(p, chunk=CHUNK_SIZES["nanikiru"])
    p.set_defaults(run=cmd_nanikiru, flags=FLAGS_NANIKIRU)
