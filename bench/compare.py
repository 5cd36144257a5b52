"""Run the benchmarks of two revisions interleaved in one run, and compare them row by row.

    python bench/compare.py --before HEAD~5                   # every benchmark, quick sizes
    python bench/compare.py --before main --rounds 3 --only shanten scoring

A refactor must not slow any path: this checks it on one machine in one session. The
``--before`` revision is checked out into a temporary git worktree; each round runs every
chosen benchmark once in the *before* tree and once in this checkout (alternating which goes
first), so both meet the same phases of a noisy machine. Each benchmark prints markdown tables;
every row whose third column is a figure (``8.11 M``, ``214.7 k``, ``247 ms``) is keyed by its
first two columns, and the best figure over the rounds is kept per tree (highest for a rate,
lowest for a time). The table printed at the end gives both and their ratio, and the spread
between rounds of the same tree, which is the run-to-run noise to read the ratios against.
"""

from __future__ import annotations

import argparse
import os
import re
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]

#: benchmark -> quick arguments (a few minutes for all four on 2 cores)
QUICK = {
    "shanten": ["--n", "200000", "--scalar-n", "20000", "--warm-n", "20000", "--peer-n", "2000"],
    "efficiency": ["--n", "100000", "--discard-n", "20000", "--scalar-n", "500", "--warm-n", "200",
                   "--peer-n", "200", "--peer-discard-n", "20"],
    "scoring": ["--n", "200000", "--scalar-n", "1000", "--peer-n", "1000"],
    "sim": ["--deals", "1000000", "--shuffle-n", "100000", "--games", "20000", "--resets", "500",
            "--peer-games", "50"],
}  # fmt: skip

UNITS = {"": 1.0, "k": 1e3, "M": 1e6, "G": 1e9}
TIMES = {"ns": 1e-9, "µs": 1e-6, "us": 1e-6, "ms": 1e-3, "s": 1.0}
FIGURE = re.compile(r"^\s*([0-9][0-9,]*(?:\.[0-9]+)?)\s*(k|M|G|ns|µs|us|ms|s)?\b")


def figure(cell: str) -> tuple[float, bool] | None:
    """(value, is_time) of a cell such as ``8.11 M`` or ``247 ms``; None for anything else."""
    match = FIGURE.match(cell.replace("*", ""))
    if not match or "bytes" in cell:
        return None
    value = float(match.group(1).replace(",", ""))
    unit = match.group(2) or ""
    if unit in TIMES:
        return value * TIMES[unit], True
    return value * UNITS[unit], False


def rows(output: str) -> dict[tuple[str, str], tuple[float, bool]]:
    """Every table row of one benchmark's output with a figure in its third column."""
    found: dict[tuple[str, str], tuple[float, bool]] = {}
    for line in output.splitlines():
        cells = [c.strip() for c in line.strip().strip("|").split("|")]
        if len(cells) < 3 or set(cells[0]) <= set("-: "):
            continue
        value = figure(cells[2])
        if value is not None:
            found[(cells[0], cells[1])] = value
    return found


def run(tree: Path, bench: str, extra: list[str]) -> str:
    script = tree / "bench" / f"bench_{bench}.py"
    # Both trees start from cached bytecode after their first run (the start-up row): an
    # environment with PYTHONDONTWRITEBYTECODE would make the fresh worktree compile every time.
    env = {k: v for k, v in os.environ.items() if k != "PYTHONDONTWRITEBYTECODE"}
    done = subprocess.run(
        [sys.executable, str(script), *QUICK[bench], *extra],
        cwd=tree, env=env, capture_output=True, text=True, check=False,
    )  # fmt: skip
    if done.returncode:
        raise SystemExit(f"{script} failed:\n{done.stderr[-2000:]}")
    return done.stdout


def better(a: tuple[float, bool], b: tuple[float, bool]) -> tuple[float, bool]:
    return min(a, b) if a[1] else max(a, b)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawTextHelpFormatter)
    parser.add_argument("--before", required=True, help="git revision to compare this checkout with")
    parser.add_argument("--rounds", type=int, default=2, help="interleaved rounds (default 2)")
    parser.add_argument("--only", nargs="*", choices=sorted(QUICK), default=sorted(QUICK))
    args = parser.parse_args(argv)

    with tempfile.TemporaryDirectory() as tmp:
        before = Path(tmp) / "before"
        subprocess.run(["git", "worktree", "add", "--detach", str(before), args.before],
                       cwd=ROOT, check=True, capture_output=True)  # fmt: skip
        try:
            best: dict[str, dict[tuple[str, str], tuple[float, bool]]] = {"before": {}, "after": {}}
            spread: dict[str, dict[tuple[str, str], list[float]]] = {"before": {}, "after": {}}
            for r in range(args.rounds):
                for bench in args.only:
                    order = [("before", before), ("after", ROOT)]
                    for name, tree in order if r % 2 == 0 else order[::-1]:
                        print(f"round {r + 1}: {bench} ({name}) ...", file=sys.stderr, flush=True)
                        for (what, how), value in rows(run(tree, bench, [])).items():
                            key = (bench, f"{what} — {how}")
                            old = best[name].get(key)
                            best[name][key] = value if old is None else better(old, value)
                            spread[name].setdefault(key, []).append(value[0])
        finally:
            subprocess.run(["git", "worktree", "remove", "--force", str(before)], cwd=ROOT, check=False)

    print(f"## Before ({args.before}) and after (this checkout), best of {args.rounds} interleaved rounds\n")
    print("| benchmark | row | before | after | after ÷ before | noise (max ÷ min over rounds) |")
    print("| --- | --- | ---: | ---: | ---: | ---: |")
    for key in sorted(set(best["before"]) & set(best["after"])):
        b, a = best["before"][key], best["after"][key]
        unit = "s" if a[1] else "/s"
        noise = max(
            max(v) / min(v) if min(v) > 0 else float("nan")
            for v in (spread["before"][key], spread["after"][key])
        )
        ratio = a[0] / b[0] if b[0] else float("nan")
        print(f"| {key[0]} | {key[1]} | {b[0]:.4g} {unit} | {a[0]:.4g} {unit} | {ratio:.2f} | {noise:.2f} |")
    print("\nA rate (/s) is better higher, a time (s) lower.")
    return 0


if __name__ == "__main__":
    sys.exit(main())
