"""``riichi-lut simulate …``: exact deal statistics and seeded simulations on the command
line, with progress bars, ``--json``, several processes (``--workers``) or a Dask cluster
(``--dask tcp://host:port``, needs ``riichi-lut[dask]``).

    riichi-lut simulate exact --tiles 14
    riichi-lut simulate haipai --n 10000000 --seed 1 --workers 2
"""

from __future__ import annotations

import argparse
import json
import math
from typing import Any


def _client(args: argparse.Namespace) -> Any:
    if not args.dask:
        return None
    from .sim import connect

    return connect(args.dask)


def _distribution_lines(counts: dict[int, int], total: int) -> list[str]:
    width = max(len(f"{c:,}") for c in counts.values())
    lines = [f"shanten  {'deals':>{width}}  probability"]
    for value, count in counts.items():
        odds = f"1 in {total / count:,.0f}" if count else "-"
        lines.append(f"{value:>7}  {count:>{width},}  {count / total:>10.6%}  ({odds})")
    return lines


def cmd_exact(args: argparse.Namespace) -> int:
    from .sim import exact_shanten_distribution

    counts = exact_shanten_distribution(args.tiles, args.form, progress=not args.json)
    total = math.comb(136, args.tiles)
    if args.json:
        print(
            json.dumps({"tiles": args.tiles, "form": args.form, "deals": total, "counts": counts}, indent=2)
        )
        return 0
    print(f"Exact shanten of all {total:,} {args.tiles}-tile deals, form {args.form!r} (red fives ignored):")
    print("\n".join(_distribution_lines(counts, total)))
    return 0


def cmd_haipai(args: argparse.Namespace) -> int:
    from .sim import sample_shanten_distribution

    counts = sample_shanten_distribution(
        args.n,
        args.tiles,
        args.seed,
        args.workers,
        _client(args),
        form=args.form,
        progress=not args.json,
    )
    if args.json:
        print(
            json.dumps(
                {"tiles": args.tiles, "form": args.form, "n": args.n, "seed": args.seed, "counts": counts}
            )
        )
        return 0
    print(f"Shanten of {args.n:,} random {args.tiles}-tile deals (seed {args.seed}, form {args.form!r}):")
    print("\n".join(_distribution_lines(counts, args.n)))
    return 0


def _common(p: argparse.ArgumentParser, *, seeded: bool = True) -> None:
    p.add_argument("--json", action="store_true", help="print JSON")
    if seeded:
        p.add_argument("--seed", type=int, default=0, help="random seed (same seed, same numbers)")
        p.add_argument("--workers", type=int, default=1, help="processes to use")
        p.add_argument(
            "--dask", default="", metavar="ADDRESS", help="run on a Dask scheduler, e.g. tcp://host:8786"
        )


def add_parser(sub: Any) -> None:
    """Register ``simulate`` and its subcommands on the main parser's subparsers."""
    simulate = sub.add_parser("simulate", help="exact deal statistics and seeded simulations")
    kinds = simulate.add_subparsers(dest="simulation", required=True)

    p = kinds.add_parser("exact", help="exact shanten distribution over all deals")
    p.add_argument("--tiles", type=int, default=13, choices=(13, 14))
    p.add_argument("--form", default="all", choices=("all", "standard", "chiitoitsu", "kokushi"))
    _common(p, seeded=False)
    p.set_defaults(run=cmd_exact)

    p = kinds.add_parser("haipai", help="shanten of random deals (Monte Carlo)")
    p.add_argument("--n", type=int, default=1_000_000, help="number of deals")
    p.add_argument("--tiles", type=int, default=13, choices=(13, 14))
    p.add_argument("--form", default="all", choices=("all", "standard", "chiitoitsu", "kokushi"))
    _common(p)
    p.set_defaults(run=cmd_haipai)
