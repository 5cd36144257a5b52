#!/usr/bin/env python
"""Review speed: whole Tenhou hanchan of the test data reviewed seat by seat
(:func:`riichi_lut.review`), against the goal of issue 28: a whole hanchan in under 2
seconds on the 2-core machine, so that the playground answers while the learner waits.

Run by hand from the checkout:  python bench/bench_review.py [--games 12] [--fresh]

Each review is timed alone (wall and CPU time), then its text and HTML reports. By default
all reviews run in one process, as in the playground's server, after one warm-up review of
a game not measured (tables loaded, imports done); the look-up's caches then hold blocks
of hands already seen in other games. ``--fresh`` runs each review in a new process after
a warm-up review of another game: no cache holds the measured game's hands. No peer
reviews a game in words (mjai-reviewer needs Mortal's weights and a GPU-class model, NAGA
is a paid service): the figures are riichi-lut's alone. Nothing here asserts.
"""

from __future__ import annotations

import argparse
import json
import statistics
import subprocess
import sys
import time
from pathlib import Path

from _common import ROOT, load_text, log, print_header  # puts the checkout first on sys.path

from riichi_lut.coach.review import review
from riichi_lut.coach.review_text import review_text
from riichi_lut.game.logs import read_log
from riichi_lut.game.replay import replay
from riichi_lut.web.report import review_html

LOGS = ROOT / "tests" / "data" / "game-logs" / "mjlog"
GOAL = 2.0  # seconds for a whole hanchan, one seat


def hanchan(limit: int) -> list[Path]:
    """Complete four-player hanchan of the test data (a disconnection, a log cut short
    or one the replay refuses is left out), in name order."""
    found = []
    for path in sorted(LOGS.iterdir()):
        try:
            record = read_log(path)
            complete = replay(record).complete
        except Exception:  # a fixture that is not a whole game
            continue
        rounds = {r.name[0] for r in record.rounds}
        if record.players != 4 or "S" not in rounds or record.meta.get("disconnections"):
            continue
        if not complete:  # a fixture cut short
            continue
        found.append(path)
        if len(found) == limit + 1:  # one more: the warm-up game
            break
    return found


def timed(path: Path, seat: int) -> dict[str, float | int | str]:
    """One review and its reports, timed."""
    wall, cpu = time.perf_counter(), time.process_time()
    result = review(path, seat)
    wall, cpu = time.perf_counter() - wall, time.process_time() - cpu
    start = time.perf_counter()
    review_text(result)
    text = time.perf_counter() - start
    start = time.perf_counter()
    page = review_html(result)
    html = time.perf_counter() - start
    return {
        "game": path.name,
        "seat": seat,
        "hands": len(result.rounds),
        "decisions": len(result.decisions),
        "wall": wall,
        "cpu": cpu,
        "text": text,
        "html": html,
        "html_bytes": len(page.encode("utf-8")),
    }


def fresh(path: Path, seat: int, warm: Path) -> dict[str, float | int | str]:
    """One review in a new process, after a warm-up review of another game."""
    code = (
        "import json, sys; sys.path.insert(0, sys.argv[1]); sys.path.insert(0, sys.argv[1] + '/bench');"
        "import bench_review as b; from pathlib import Path;"
        "b.review(Path(sys.argv[4]), 0);"
        "print(json.dumps(b.timed(Path(sys.argv[2]), int(sys.argv[3]))))"
    )
    out = subprocess.run(
        [sys.executable, "-c", code, str(ROOT), str(path), str(seat), str(warm)],
        check=True,
        capture_output=True,
        text=True,
    ).stdout
    return dict(json.loads(out.strip().splitlines()[-1]))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", type=int, default=12, help="hanchan reviewed, every seat (default 12)")
    parser.add_argument("--fresh", action="store_true", help="each review in a new process")
    args = parser.parse_args()
    start_load = load_text()
    games = hanchan(args.games)
    warm, games = games[0], games[1:]
    log(f"{len(games)} hanchan x 4 seats; warm-up on {warm.name}")
    if not args.fresh:
        start = time.perf_counter()
        review(warm, 0)
        log(f"warm-up (imports done, tables loaded on the first review): {time.perf_counter() - start:.2f} s")
    rows = []
    for path in games:
        for seat in range(4):
            row = fresh(path, seat, warm) if args.fresh else timed(path, seat)
            rows.append(row)
            reports = f"text {row['text'] * 1000:.0f} ms, html {row['html'] * 1000:.0f} ms"
            log(
                f"{path.name} seat {seat}: {row['wall']:.2f} s ({row['cpu']:.2f} s CPU),"
                f" {row['hands']} hands, {row['decisions']} decisions; {reports}"
            )
    print_header(
        "Review: a whole hanchan, one seat" + (" (a fresh process each)" if args.fresh else ""), start_load
    )
    walls = sorted(float(r["wall"]) for r in rows)
    over = sum(1 for w in walls if w >= GOAL)
    p90 = walls[min(len(walls) - 1, int(0.9 * len(walls)))]
    print(f"reviews            {len(rows)} ({len(games)} hanchan x 4 seats)")
    print(
        f"wall per review    median {statistics.median(walls):.2f} s, p90 {p90:.2f} s, max {walls[-1]:.2f} s"
    )
    print(f"CPU per review     median {statistics.median(float(r['cpu']) for r in rows):.2f} s")
    print(f"over {GOAL:.0f} s          {over} of {len(rows)}")
    print(f"text report        median {statistics.median(float(r['text']) for r in rows) * 1000:.0f} ms")
    print(
        f"HTML report        median {statistics.median(float(r['html']) for r in rows) * 1000:.0f} ms,"
        f" {statistics.median(int(r['html_bytes']) for r in rows) / 1024:.0f} KiB"
    )


if __name__ == "__main__":
    main()
