"""The ``riichi-lut`` console script and ``python -m riichi_lut``: :func:`main` loads the
command line (:mod:`riichi_lut.cli`, ~0.3 s of imports: the game engine, the web layer,
argparse's declarations) only when called, so that a Ctrl-C while it loads is what a
Ctrl-C at work is: the one line ``interrupted`` on stderr and status 130, no traceback.

What runs before :func:`main` is called (the interpreter's start and ``import
riichi_lut``: numpy, the facade, ~0.1 s) cannot be guarded without a signal handler set
at import time, which a library must not set for its users: a Ctrl-C in that first tenth
of a second ends the process as Python ends any (killed by SIGINT).
"""

from __future__ import annotations

import sys
from collections.abc import Sequence

__all__ = ["main"]


def main(argv: Sequence[str] | None = None) -> int:
    """Run ``riichi-lut argv`` (:func:`riichi_lut.cli.main.main`); its exit status."""
    try:
        from .cli.main import main as run  # noqa: PLC0415 - loaded here, under the guard
    except KeyboardInterrupt:
        print("\ninterrupted" if sys.stderr.isatty() else "interrupted", file=sys.stderr, flush=True)
        return 130
    return run(argv)
