"""``riichi-lut tournament``: many games of built-in bots and each one's results
(:func:`riichi_lut.game.play`, ``docs/tournament.md``).

    riichi-lut tournament --games 40 --policy efficiency --policy random --length tonpuu
    riichi-lut tournament --games 400 --workers 2 --progress --plot tournament.png
    riichi-lut tournament --games 8 --seating rotate --players 3 --json

The policies are cycled over the seats (``--policy efficiency --policy random``: efficiency,
random, efficiency, random); ``--seating duplicate`` (the default) plays each wall once in
every rotation of the seats, so ``--games`` must be a multiple of the rotations (2 there).
"""

from __future__ import annotations

import argparse
import json
from typing import Any

import numpy as np

from ..game.policies import POLICIES
from ..game.rules import LENGTHS
from .options import examples
from .simulate import add_dask_options, dask_client, plot_checked

__all__ = ["FLAGS", "add_parser"]

#: The library's parameter -> the flag, for errors about a parameter.
FLAGS = {
    "n_games": "--games",
    "policies": "--policy",
    "seed": "--seed",
    "players": "--players",
    "length": "--length",
    "seating": "--seating",
    "workers": "--workers",
    "timeout": "--dask-timeout",
}


def cmd_tournament(args: argparse.Namespace) -> int:
    # start-up: the other commands do not load the tournament's simulator
    from ..game.tournament import play  # noqa: PLC0415

    plt = plot_checked(args.plot) if args.plot else None  # before the games: they may take minutes
    with dask_client(args) as client:
        result = play(
            args.games,
            tuple(args.policy or ("efficiency", "random")),
            seed=args.seed,
            length=args.length,
            players=args.players,
            seating=args.seating,
            workers=args.workers,
            client=client,
            progress=args.progress,
        )
    if plt is not None:
        _plot(plt, result, args.plot)
    if args.json:
        out = result.to_dict()
        if args.plot:
            out["plot"] = args.plot
        print(json.dumps(out))
        return 0
    rules = result.rules
    print(
        f"Tournament: {result.n_games:,} {rules.length} games, {result.players} players"
        f" ({rules.name} rules), {result.seating} seating, seats {', '.join(result.lineup)}"
        f" (seed {result.seed}); {int(result.hands.sum()):,} hands."
    )
    print(result.summary())
    if args.plot:
        print(f"plot written to {args.plot}")
    return 0


def _plot(plt: Any, result: Any, path: str) -> None:
    """The rank distribution (bars) and the final points (histograms), per policy."""
    stats = result.by_policy
    fig, (ranks, points) = plt.subplots(1, 2, figsize=(11, 4))
    width = 0.8 / max(1, len(stats))
    places = range(1, result.players + 1)
    for i, s in enumerate(stats.values()):
        ranks.bar(
            [p + (i - (len(stats) - 1) / 2) * width for p in places],
            [100 * share for share in s.rank_distribution],
            width=width,
            label=f"{s.name} (avg {s.average_rank:.2f})",
        )
    ranks.set_xticks(list(places))
    ranks.set_xlabel("place")
    ranks.set_ylabel("% of seat-games")
    ranks.set_title("Rank distribution")
    ranks.legend()
    bins = np.histogram_bin_edges(result.final_points, bins=30)  # the same bins for every policy
    for i, s in enumerate(stats.values()):
        values = result.final_points[result.seats == i]
        label = f"{s.name} (avg {s.average_points:+.1f})"
        points.hist(values, bins=bins, histtype="step", linewidth=1.5, label=label)
    points.set_xlabel("final points (uma included)")
    points.set_ylabel("seat-games")
    points.set_title("Final points")
    points.legend()
    fig.suptitle(f"Tournament, {result.n_games:,} {result.rules.length} games, {result.seating} seating")
    fig.tight_layout()
    fig.savefig(path, dpi=120)
    plt.close(fig)


def add_parser(sub: Any) -> None:
    """``riichi-lut tournament`` on the main parser's sub-parsers."""
    p = sub.add_parser(
        "tournament",
        help="many games of built-in bots: ranks, points and play statistics per bot",
        description="Play --games games of the --policy bots (cycled over the seats) by Tenhou's"
        " rules and print each bot's average rank, rank distribution, final points with a 95%"
        " interval, win, deal-in, riichi, call and exhaustive-draw rates, and average win and"
        " deal-in sizes (docs/tournament.md).",
        epilog=examples(
            "riichi-lut tournament --games 8 --policy efficiency --policy random --length tonpuu",
            "riichi-lut tournament --games 8 --length tonpuu --workers 2 --progress --plot tournament.png",
            "riichi-lut tournament --games 6 --players 3 --seating rotate --json",
        ),
    )
    p.add_argument("--games", type=int, default=40, help="games to play")
    p.add_argument(
        "--policy",
        action="append",
        choices=POLICIES,
        default=None,
        help="a bot; give 1 to --players of them, cycled over the seats (default: efficiency, random)",
    )
    p.add_argument("--seed", type=int, default=0, help="the seed of the walls (same seed, same games)")
    p.add_argument("--players", type=int, default=4, choices=(3, 4), help="4, or 3 for Tenhou's sanma")
    p.add_argument(
        "--length", choices=LENGTHS, default=None, help="game length (default: the rules', hanchan)"
    )
    p.add_argument(
        "--seating",
        choices=("duplicate", "rotate"),
        default="duplicate",
        help="duplicate: every wall once per rotation of the seats; rotate: the seats turn by one each game",
    )
    p.add_argument("--workers", type=int, default=1, help="processes to use")
    add_dask_options(p)
    p.add_argument("--progress", action="store_true", help="a progress bar on stderr (games played)")
    p.add_argument(
        "--plot", default="", metavar="PNG", help="write the rank and points distributions (matplotlib)"
    )
    p.add_argument("--json", action="store_true", help="print the tournament as JSON")
    p.set_defaults(run=cmd_tournament, flags=FLAGS)
