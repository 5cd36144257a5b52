"""Smoke-test an installed riichi-lut (CI runs it with the python of a fresh venv holding only
the wheel, from a folder outside the checkout):

1. every module of the installed package imports (found by walking it, not from a list;
   a ``__main__`` is run with ``python -m PACKAGE --version`` instead);
2. every leaf command of ``riichi-lut`` runs its first example (the ``examples:`` lines of
   its epilog, found by walking ``build_parser()``); a leaf without one fails; simulations
   are kept tiny (``--n``, ``--games``, ``--workers`` where the command takes them);
   ``serve`` is covered by 3;
3. a playground server on a free port answers every file of the installed ``static/`` folder
   with its bytes, and every API route (``ROUTES`` and ``/api/yaku``) with JSON for the
   sample query of ``SAMPLES``; a route without a sample fails, and so does a sample for a
   route the server does not have (every route of the request layer has one);
4. the answers to three known hands (the installed tables are found and right), and the
   checks named in issue 25: ``riichi-lut mcr shanten 123m456p789s11122z``,
   ``python -c "import riichi_lut.mcr"``, ``/api/mcr/hint``, and ``riichi-lut --version``.

    python .ci/smoke_wheel.py        # exit status 1 and the failures listed if any fails
"""

from __future__ import annotations

import argparse
import importlib
import importlib.metadata
import importlib.resources
import importlib.util
import json
import pkgutil
import shlex
import subprocess
import sys
import sysconfig
import tempfile
import threading
import time
import urllib.error
import urllib.request
from pathlib import Path

import riichi_lut
from riichi_lut.cli.main import build_parser
from riichi_lut.web.api import ROUTES
from riichi_lut.web.server import make_server

#: the installed command, beside this python
CLI = str(Path(sys.executable).parent / "riichi-lut")
#: a query per API route; "" for a route without parameters
SAMPLES = {
    "/api/hint": "q=2234m506p678s5557z",
    "/api/score": "q=22334455667788p&win=8p&ron=1&seat=S&round=E",
    "/api/mcr/hint": "q=123m456p789s1235z5z",
    "/api/mcr/score": "q=123m456p789s123s55z&win=5z&seat=E&prevalent=S",
    "/api/yaku": "",
    "/api/shanten": "q=123456789m1234p",
    "/api/ukeire": "q=123m456p789s1122z",
    "/api/mcr/shanten": "q=147m258p369s1234z",
}
#: the sizes of a simulation's example, made tiny where the command takes the option
TINY = {"--n": "200", "--games": "50", "--workers": "1"}
#: leaf commands not run from their example, and why
NOT_RUN = {"serve": "serves until interrupted: the server checks below cover it"}
#: what issue 25 names explicitly, run as given
EXPLICIT = [
    ["riichi-lut", "mcr", "shanten", "123m456p789s11122z"],
    [sys.executable, "-c", "import riichi_lut.mcr"],
]

failures: list[str] = []


def check(ok: bool, what: str) -> None:
    print(f"  {'ok  ' if ok else 'FAIL'} {what}", flush=True)
    if not ok:
        failures.append(what)


def import_every_module() -> None:
    origin = Path(riichi_lut.__file__).resolve()
    site = Path(sysconfig.get_paths()["purelib"]).resolve()
    check(origin.is_relative_to(site), f"riichi_lut is the installed one ({origin})")
    names = ["riichi_lut"] + [m.name for m in pkgutil.walk_packages(riichi_lut.__path__, "riichi_lut.")]
    for name in names:
        if name.rsplit(".", 1)[-1] == "__main__":  # runs the command: run it instead, below
            EXPLICIT.append([sys.executable, "-m", name.rsplit(".", 1)[0], "--version"])
            continue
        try:
            importlib.import_module(name)
        except Exception as exc:
            check(False, f"import {name}: {type(exc).__name__}: {exc}")
    check("riichi_lut.mcr" in names, f"{len(names)} modules imported, riichi_lut.mcr among them")


def answer_known_hands() -> None:
    """What the old non-editable check asked: the installed tables give the known answers."""
    check(riichi_lut.shanten("123456789m1234p").value == 0, "shanten of 123456789m1234p is 0 (tenpai)")
    total = riichi_lut.score("22334455667788p", "8p", tsumo=False, seat_wind="S", round_wind="E").total
    check(total == 24000, f"ryanpeikou-chinitsu ron is 24000 ({total})")
    check(riichi_lut.hint("2234m506p678s5557z").discard == "7z", "hint of 2234m506p678s5557z discards 7z")


def leaves(parser: argparse.ArgumentParser, words: tuple[str, ...] = ()):  # type: ignore[no-untyped-def]
    """(words, parser) of every leaf command below ``parser``."""
    subs = [a for a in parser._actions if isinstance(a, argparse._SubParsersAction)]
    if not subs:
        yield words, parser
        return
    for name, sub in subs[0].choices.items():
        yield from leaves(sub, (*words, name))


def first_example(parser: argparse.ArgumentParser) -> list[str] | None:
    epilog = parser.epilog or ""
    if "examples:" not in epilog:
        return None
    lines = [line.strip() for line in epilog.split("examples:", 1)[1].splitlines() if line.strip()]
    return shlex.split(lines[0]) if lines else None


def tiny(argv: list[str], parser: argparse.ArgumentParser, plot: bool) -> list[str]:
    """``argv`` with the simulation sizes of ``TINY`` where the command takes them, and without
    ``--plot FILE`` when matplotlib (the ``[plot]`` extra) is not installed."""
    out = list(argv)
    for flag, value in TINY.items():
        if flag not in parser._option_string_actions:
            continue
        if flag in out:
            out[out.index(flag) + 1] = value
        else:
            out += [flag, value]
    if "--plot" in out and not plot:
        at = out.index("--plot")
        del out[at : at + 2]
    return out


def run(argv: list[str], cwd: str) -> None:
    command = argv if argv[0] != "riichi-lut" else [CLI, *argv[1:]]
    start = time.perf_counter()
    done = subprocess.run(command, cwd=cwd, capture_output=True, text=True, timeout=600, check=False)
    seconds = time.perf_counter() - start
    shown = shlex.join(["python" if a == sys.executable else a for a in argv])
    check(done.returncode == 0, f"{shown}  ({seconds:.1f} s)")
    if done.returncode != 0:
        print(done.stdout[-2000:], done.stderr[-2000:], sep="\n", flush=True)


def run_every_command(cwd: str) -> None:
    plot = importlib.util.find_spec("matplotlib") is not None
    for words, parser in leaves(build_parser()):
        name = " ".join(words)
        if name in NOT_RUN:
            print(f"  skip {name}: {NOT_RUN[name]}")
            continue
        example = first_example(parser)
        if not example or example[: len(words) + 1] != ["riichi-lut", *words]:
            check(False, f"riichi-lut {name}: no example of itself in its epilog")
            continue
        run(tiny(example, parser, plot), cwd)


def get(base: str, path: str) -> tuple[int, bytes]:
    try:
        with urllib.request.urlopen(base + path, timeout=120) as reply:
            return reply.status, reply.read()
    except urllib.error.HTTPError as exc:
        return exc.code, exc.read()


def serve_every_file_and_route() -> None:
    server = make_server("127.0.0.1", 0)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    base = f"http://127.0.0.1:{server.server_address[1]}"
    try:
        static = importlib.resources.files("riichi_lut.web").joinpath("static")
        files = sorted(p for p in Path(str(static)).rglob("*") if p.is_file())
        urls = {p: "/" + p.relative_to(str(static)).as_posix() for p in files}
        bad = [urls[p] for p in files if get(base, urls[p]) != (200, p.read_bytes())]
        check(len(files) > 10 and not bad, f"{len(files)} static files served as installed {bad or ''}")
        routes = set(ROUTES) | {"/api/yaku"}
        for route in sorted(routes - set(SAMPLES)):
            check(False, f"{route}: no sample query in SAMPLES")
        for route, query in SAMPLES.items():
            url = f"{route}?{query}" if query else route
            status, body = get(base, url)
            try:
                json.loads(body)
            except ValueError:
                status = -1  # not JSON
            check(status == 200, f"GET {url} -> {status}" + ("" if status == 200 else f" {body[:300]!r}"))
    finally:
        server.shutdown()
        server.server_close()


def main() -> int:
    print("== import every module", flush=True)
    import_every_module()
    answer_known_hands()
    with tempfile.TemporaryDirectory() as cwd:
        print("== every command's first example", flush=True)
        run_every_command(cwd)
        print("== named in issue 25", flush=True)
        for argv in EXPLICIT:
            run(argv, cwd)
    version = subprocess.run([CLI, "--version"], capture_output=True, text=True, check=False).stdout
    check(version == f"riichi-lut {importlib.metadata.version('riichi-lut')}\n", f"--version: {version!r}")
    print("== the playground server", flush=True)
    serve_every_file_and_route()
    if failures:
        print(f"smoke test FAILED ({len(failures)}):", *failures, sep="\n  ")
        return 1
    print("smoke test OK")
    return 0


if __name__ == "__main__":
    sys.exit(main())
