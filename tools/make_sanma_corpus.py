"""Build the frozen three-player (sanma) shanten corpus of the peer test.

``tests/analysis/test_sanma_peers.py`` computes the three-player shanten of every hand of
the corpus with riichi-lut and compares it with what two peers said when the corpus was
made: ``riichienv.calculate_shanten_3p`` (136-ids; riichienv 0.4.11) and
``mahjong.shanten.Shanten.calculate_shanten(counts, is_three_player=True)`` (mahjong
2.1.0). The peers are used here only; the test reads the frozen file. Run by hand from
the repository root, in an environment that has both:

    python tools/make_sanma_corpus.py            # --seed 14 --count 30000 --out ...

The same seed and the same peer versions give the same file byte for byte.

What it makes: seeded random hands of the 108-tile set (2m-8m absent) of every size the
peers take, 13/14 tiles minus three per implied call (1, 2, 4, 5, 7, 8, 10, 11, 13, 14
tiles; both peers read a short hand as one with that many called melds whose tiles are
unknown): a fifth of them near-complete hands holding four 1m and/or four 9m (runs of pin
and sou, triplets and pairs, then up to two tiles swapped: where three and four players
differ), the others random, half drawn from the whole set and half from a pool of a few
kinds with the man terminals 1m 9m added most of the time. Each line of the
zstd-compressed JSON-lines file is ``{"counts": [34 ints], "calls": k, "riichienv": s,
"mahjong": s}``; the first line is a header with the versions, the seed and the count.
"""

from __future__ import annotations

import argparse
import json
from importlib.metadata import version
from pathlib import Path

import numpy as np
import zstandard

OUT = Path(__file__).resolve().parents[1] / "tests" / "data" / "sanma" / "peer_shanten.jsonl.zst"
KINDS = np.array([k for k in range(34) if not 1 <= k <= 7])  # the 27 kinds of the set
SIZES = [(tiles - 3 * calls, calls) for calls in range(5) for tiles in (13, 14)]


def shaped(rng: np.random.Generator, tiles: int) -> np.ndarray:
    """Four 1m and/or four 9m, then pin/sou runs, triplets and pairs up to ``tiles``, then
    up to two tiles swapped: near-complete hands where the dead fourth copy matters."""
    held = np.zeros(34, dtype=np.int64)
    for kind in (0, 8) if tiles >= 8 and rng.random() < 0.5 else (int(rng.choice([0, 8])),):
        held[kind] = 4
    while held.sum() < tiles:
        room = tiles - int(held.sum())
        choice = rng.random()
        if choice < 0.5 and room >= 3:
            starts = [k for k in range(9, 27) if k % 9 <= 6 and all(held[k + i] < 4 for i in range(3))]
            start = int(rng.choice(starts))
            held[start : start + 3] += 1
            continue
        size = 3 if choice < 0.8 and room >= 3 else min(2, room)
        held[int(rng.choice([k for k in KINDS if held[k] + size <= 4]))] += size
    for _ in range(int(rng.integers(0, 3))):
        held[int(rng.choice(np.flatnonzero(held)))] -= 1
        held[int(rng.choice([k for k in KINDS if held[k] < 4]))] += 1
    return held


def deal(rng: np.random.Generator, tiles: int) -> np.ndarray:
    """34 counts of ``tiles`` tiles from the set (see the module docstring)."""
    if tiles >= 4 and rng.random() < 0.2:
        return shaped(rng, tiles)
    if rng.random() < 0.5:
        pool = KINDS
    else:
        pool = rng.choice(KINDS, size=int(rng.integers(4, 12)), replace=False)
        if rng.random() < 0.7:
            pool = np.union1d(pool, [0, 8])
    picked = rng.choice(np.repeat(pool, 4), size=tiles, replace=False)
    return np.bincount(picked, minlength=34)


def ids136(counts: list[int]) -> list[int]:
    """136-ids of the tiles of 34 counts: copies 0, 1, ... of each kind."""
    return [4 * kind + copy for kind, n in enumerate(counts) for copy in range(n)]


def main() -> None:
    """Write the corpus (see the module docstring)."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seed", type=int, default=14)
    parser.add_argument("--count", type=int, default=30_000)
    parser.add_argument("--out", type=Path, default=OUT)
    args = parser.parse_args()

    import riichienv  # noqa: PLC0415  (the peers: needed by this script only)
    from mahjong.shanten import Shanten  # noqa: PLC0415

    rng = np.random.default_rng(args.seed)
    header = {
        "riichienv": version("riichienv"),
        "mahjong": version("mahjong"),
        "seed": args.seed,
        "count": args.count,
        "what": "three-player shanten: riichienv.calculate_shanten_3p(ids136), "
        "mahjong Shanten.calculate_shanten(counts34, is_three_player=True)",
    }
    lines = [json.dumps(header, sort_keys=True)]
    for i in range(args.count):
        tiles, calls = SIZES[i % len(SIZES)]
        counts = deal(rng, tiles).tolist()
        record = {
            "counts": counts,
            "calls": calls,
            "riichienv": int(riichienv.calculate_shanten_3p(ids136(counts))),
            "mahjong": int(Shanten.calculate_shanten(counts, is_three_player=True)),
        }
        lines.append(json.dumps(record, sort_keys=True, separators=(",", ":")))
    data = ("\n".join(lines) + "\n").encode()
    args.out.parent.mkdir(parents=True, exist_ok=True)
    args.out.write_bytes(zstandard.ZstdCompressor(level=19).compress(data))
    print(f"{args.out}: {args.count} hands, {args.out.stat().st_size} bytes")


if __name__ == "__main__":
    main()
