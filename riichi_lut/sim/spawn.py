"""Why worker processes are spawned, and the check that the main script lets them start.

``workers=N`` runs chunks in processes started with :mod:`multiprocessing`'s *spawn*
method, not *fork*, for two reasons: forking a process that runs threads (the tables'
thread pools, numpy's, a Dask client's event loop, tqdm's monitor) can leave a lock held
in the child forever, a deadlock CPython warns about since 3.12 (and fork is no longer
Linux's default from 3.14); and spawn is the method of macOS and Windows, so workers
behave the same on every platform. A spawned worker is a fresh interpreter: to find what
the parent pickled by name, it imports the main script again (as ``__mp_main__``), and the
script's top-level code runs again in every worker. A script that starts a simulation with
``workers=N`` at its top level would therefore have each worker start it again: Python's
rule for spawned processes is to put such code under ``if __name__ == "__main__":``.

:func:`check_main_guard` enforces it with one clear error instead of each worker's
traceback and a ``BrokenProcessPool``: before a worker starts, it finds the statement of
the main script that is running (the frame of its top-level code) and, if no
``if __name__ == "__main__":`` (or another ``if`` on ``__name__``) encloses it, refuses
the call. Run inside a worker's re-import (a case the parent could not see, e.g. without
the script's source), the same error is raised there. Nothing is checked where spawn
imports no script: the interactive prompt, ``python -c``, Jupyter, ``python -m pkg``
(whose ``__main__`` module spawn leaves alone).
"""

from __future__ import annotations

import ast
import os
import sys
from functools import lru_cache
from types import FrameType, ModuleType

from ..errors import InvalidArgumentError

SPAWN_REASON = (
    "worker processes are spawned, not forked: forking a process that runs threads (the"
    " tables', numpy's, Dask's) can deadlock the child, and spawn works the same on Linux,"
    " macOS and Windows"
)
"""Why ``workers=N`` uses the spawn start method, as the error of :func:`check_main_guard` says it."""

_GUARD_NAMES = frozenset({"__name__", "parent_process", "current_process"})


def main_script() -> tuple[ModuleType, str] | None:
    """The ``__main__`` module and the file that a spawned worker imports again, or
    ``None`` when it imports none (the same rules as :mod:`multiprocessing.spawn`)."""
    main = sys.modules.get("__main__")
    if main is None:
        return None
    spec_name = getattr(getattr(main, "__spec__", None), "name", None)
    if spec_name is not None:  # python -m: a package's __main__ is not re-run
        if spec_name == "__main__" or spec_name.endswith(".__main__"):
            return None
        path = getattr(main.__spec__, "origin", None)
    else:
        path = getattr(main, "__file__", None)
    if not isinstance(path, str) or os.path.splitext(os.path.basename(path))[0] == "ipython":
        return None
    return main, os.path.abspath(path)


def _same_file(a: str, b: str) -> bool:
    return os.path.normcase(os.path.realpath(a)) == os.path.normcase(os.path.realpath(b))


@lru_cache(maxsize=8)
def _statements(path: str, mtime: float, size: int) -> tuple[ast.stmt, ...] | None:
    """The top-level statements of the script (``None`` if it cannot be read or parsed)."""
    try:
        with open(path, "rb") as handle:
            return tuple(ast.parse(handle.read(), path).body)
    except (OSError, SyntaxError, ValueError):
        return None


def _is_guard(node: ast.stmt, line: int) -> bool:
    """An ``if`` (or ``while``) on ``__name__`` (or the process) whose body holds ``line``."""
    if not isinstance(node, (ast.If, ast.While)) or line <= (node.test.end_lineno or node.test.lineno):
        return False
    return any(
        (isinstance(n, ast.Name) and n.id in _GUARD_NAMES)
        or (isinstance(n, ast.Attribute) and n.attr in _GUARD_NAMES)
        for n in ast.walk(node.test)
    )


def _guarded(nodes: list[ast.stmt], line: int) -> bool:
    """Whether the statement holding ``line`` is inside a guard."""
    for node in nodes:
        if not node.lineno <= line <= (node.end_lineno or node.lineno):
            continue
        if _is_guard(node, line):
            return True
        inner: list[ast.stmt] = []
        for child in ast.iter_child_nodes(node):
            if isinstance(child, ast.stmt):
                inner.append(child)
            elif isinstance(child, (ast.ExceptHandler, ast.match_case)):
                inner.extend(child.body)
        return _guarded(inner, line)
    return False


def _module_frame(frame: FrameType | None, globals_of: dict[str, object]) -> FrameType | None:
    """The outermost frame of top-level code run with ``globals_of``."""
    found = None
    while frame is not None:
        if frame.f_globals is globals_of and frame.f_code.co_name == "<module>":
            found = frame
        frame = frame.f_back
    return found


def in_worker_import(frame: FrameType | None) -> bool:
    """Whether ``frame`` runs inside a spawned worker's import of the main script
    (top-level code named ``__mp_main__``)."""
    while frame is not None:
        if frame.f_code.co_name == "<module>" and frame.f_globals.get("__name__") == "__mp_main__":
            return True
        frame = frame.f_back
    return False


def _message(workers: int, where: str) -> str:
    return (
        f"workers={workers} starts worker processes that import the main script again, and"
        f' {where} is not under `if __name__ == "__main__":`, so every worker would start'
        ' the simulation again: put the code that runs it under `if __name__ == "__main__":`'
        f" (or use workers=1). Why: {SPAWN_REASON}"
    )


def check_main_guard(workers: int, frame: FrameType | None) -> None:
    """Refuse to start ``workers`` spawned processes when the main script would start
    the simulation again in each of them (see the module docstring); ``frame`` is the
    caller's."""
    if in_worker_import(frame):
        raise InvalidArgumentError(_message(workers, "this call, run again in a worker,"))
    found = main_script()
    if found is None:
        return
    main, path = found
    top = _module_frame(frame, main.__dict__)
    if top is None or not _same_file(top.f_code.co_filename, path):
        return
    try:
        stat = os.stat(path)
    except OSError:
        return
    statements = _statements(path, stat.st_mtime, stat.st_size)
    line = top.f_lineno
    if statements is None or line is None or _guarded(list(statements), line):
        return
    raise InvalidArgumentError(_message(workers, f"the call at line {line} of {os.path.basename(path)}"))
