#!/usr/bin/env python
"""Generate the lookup tables under tables/ (thin CLI over riichi_lut.tablegen).

    python build_tables.py            # regenerate tables/ and tables/manifest.json
    python build_tables.py --check    # rebuild in memory, compare with the committed files
                                      # byte for byte, and verify every entry independently

The output is byte-for-byte reproducible. See docs/tables.md for the format.
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path
from typing import Any

from tqdm import tqdm

from riichi_lut.tablegen import build
from riichi_lut.tablegen.store import compare, write
from riichi_lut.tablegen.verify import check_all

DEFAULT_DIR = Path(__file__).resolve().parent / "tables"
BUILD_STEPS = 28  # progress messages emitted by tablegen.build


def _build_with_progress() -> dict[str, Any]:
    with tqdm(total=BUILD_STEPS, desc="tables", unit="step") as bar:

        def progress(message: str) -> None:
            bar.set_postfix_str(message)
            bar.update(1)

        tables = build(progress)
        bar.n = bar.total
        bar.refresh()
    return tables


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawTextHelpFormatter)
    parser.add_argument("--check", action="store_true", help="verify instead of writing")
    parser.add_argument("--out", type=Path, default=DEFAULT_DIR, help="table directory (default: tables/)")
    args = parser.parse_args(argv)

    start = time.perf_counter()
    tables = _build_with_progress()
    if not args.check:
        files = write(args.out, tables)
        size = sum(len(data) for data in files.values())
        took = time.perf_counter() - start
        print(f"wrote {len(files)} files, {size:,} bytes, to {args.out} in {took:.1f} s")
        return 0

    problems = compare(args.out, tables)
    print("verifying every entry against the single-tile recursion ...", flush=True)
    problems += check_all(tables)
    if problems:
        print("TABLE CHECK FAILED:", file=sys.stderr)
        for problem in problems:
            print(f"  {problem}", file=sys.stderr)
        print("Rebuild with: python build_tables.py", file=sys.stderr)
        return 1
    print(f"tables OK: identical to a fresh build and verified ({time.perf_counter() - start:.1f} s)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
