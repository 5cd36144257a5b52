#!/usr/bin/env python
"""The playground server under a bounded load on loopback: latency (p50, p99) and requests/s
on keep-alive connections, for this checkout and, with ``--other CHECKOUT``, another one in
the same run (interleaved rounds, so the ratio is honest on a noisy machine).

Run by hand from the checkout:  python bench/bench_serve.py [--other PATH] [--rounds 3]

Each round starts each checkout's server as ``python -m riichi_lut serve --port 0`` (its
own checkout first on ``PYTHONPATH``, bound to 127.0.0.1), warms it with one request of
each kind, then runs two loads: one client sending ``--requests`` requests one after the
other on one kept-alive connection (where a per-reply stall shows whole), and
``--clients`` client threads doing the same at once (the load of
``tests/web/test_server.py``). The requests cycle through a mix: the hints of four hands, a
score, a tile picture and a bad hand (a 400); every reply's status is checked against the
warm-up's. The server is then stopped with Ctrl-C (SIGINT). Every figure is the median of
the rounds. Traffic goes to 127.0.0.1 only; the request count is bounded and every request
has a timeout, and ``--max-seconds`` bounds the whole run. Nothing here asserts.
"""

from __future__ import annotations

import argparse
import http.client
import os
import signal
import statistics
import subprocess
import sys
import threading
import time
from dataclasses import dataclass, field
from pathlib import Path
from urllib.parse import urlencode, urlsplit

from _common import ROOT, load_text, log, print_header, ratio_text  # puts the checkout first on sys.path

HANDS = ["2234m506p678s5557z", "1234m5677p2345s12z", "123m456p789s1122z", "23m456p22z1s [789s] (1111z)"]
SCORE = {"q": "234m456p678s22345s", "win": "5s", "ron": "1", "seat": "S", "round": "E", "riichi": "1"}
PATHS = [
    *("/api/hint?" + urlencode({"q": hand}) for hand in HANDS),
    "/api/score?" + urlencode(SCORE),
    "/tiles/5p.svg",
    "/api/hint?q=12m",
]
TIMEOUT = 30.0  # seconds for any one request, or for the server to start or stop


@dataclass
class Load:
    """The latencies (seconds) and wall time of one load, and what went wrong in it."""

    latencies: list[float] = field(default_factory=list)
    seconds: float = 0.0
    errors: list[str] = field(default_factory=list)

    def p(self, percent: int) -> float:
        return statistics.quantiles(self.latencies, n=100)[percent - 1] if len(self.latencies) > 1 else 0.0

    @property
    def rate(self) -> float:
        return len(self.latencies) / self.seconds if self.seconds else 0.0


class Server:
    """A checkout's ``riichi-lut serve --port 0`` in a subprocess, stopped with SIGINT."""

    def __init__(self, checkout: Path) -> None:
        env = {**os.environ, "PYTHONPATH": str(checkout)}
        command = [sys.executable, "-m", "riichi_lut", "serve", "--host", "127.0.0.1", "--port", "0"]
        self.process = subprocess.Popen(
            command, cwd=checkout, env=env, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True
        )
        assert self.process.stdout is not None
        line = self.process.stdout.readline()  # "riichi-lut playground on http://127.0.0.1:PORT/ ..."
        if "http://" not in line:
            self.stop()
            raise SystemExit(f"{checkout}: the server did not start: {line!r}")
        self.port = int(urlsplit(line.split()[3]).port or 0)

    def stop(self) -> None:
        self.process.send_signal(signal.SIGINT)
        try:
            self.process.communicate(timeout=TIMEOUT)
        except subprocess.TimeoutExpired:
            self.process.kill()
            self.process.communicate()


def one(connection: http.client.HTTPConnection, path: str) -> tuple[int, float]:
    start = time.perf_counter()
    connection.request("GET", path)
    response = connection.getresponse()
    response.read()
    return response.status, time.perf_counter() - start


def load(port: int, clients: int, requests: int, expected: dict[str, int]) -> Load:
    """``clients`` threads, each ``requests`` requests on its own kept-alive connection."""
    result, lock = Load(), threading.Lock()

    def client(index: int) -> None:
        connection = http.client.HTTPConnection("127.0.0.1", port, timeout=TIMEOUT)
        mine, wrong = [], []
        try:
            for i in range(requests):
                path = PATHS[(index + i) % len(PATHS)]
                status, seconds = one(connection, path)
                mine.append(seconds)
                if status != expected[path]:
                    wrong.append(f"{path}: {status}")
        except Exception as exc:  # reported with the figures
            wrong.append(f"client {index}: {exc!r}")
        finally:
            connection.close()
            with lock:
                result.latencies.extend(mine)
                result.errors.extend(wrong)

    threads = [threading.Thread(target=client, args=(i,), daemon=True) for i in range(clients)]
    started = time.perf_counter()
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(timeout=TIMEOUT * requests)
    result.seconds = time.perf_counter() - started
    return result


def round_of(checkout: Path, clients: int, requests: int) -> dict[int, Load]:
    """One round on a fresh server: {clients: its load} for 1 client and ``clients``."""
    server = Server(checkout)
    try:
        warm = http.client.HTTPConnection("127.0.0.1", server.port, timeout=TIMEOUT)
        expected = {path: one(warm, path)[0] for path in PATHS}
        warm.close()
        return {n: load(server.port, n, requests, expected) for n in sorted({1, clients})}
    finally:
        server.stop()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--other", type=Path, help="another checkout, measured in the same rounds")
    parser.add_argument("--clients", type=int, default=8, help="client threads of the concurrent load")
    parser.add_argument("--requests", type=int, default=200, help="requests per client (each load)")
    parser.add_argument("--rounds", type=int, default=3, help="rounds (each figure: their median)")
    parser.add_argument("--max-seconds", type=float, default=600.0, help="no new round after this")
    args = parser.parse_args()
    checkouts = {"this": ROOT, **({"other": args.other.resolve()} if args.other else {})}
    load_at_start, started = load_text(), time.monotonic()
    rounds: dict[str, list[dict[int, Load]]] = {name: [] for name in checkouts}
    for r in range(max(1, args.rounds)):
        if r and time.monotonic() - started > args.max_seconds:
            log(f"--max-seconds reached after {r} rounds")
            break
        for name, checkout in checkouts.items():
            log(f"round {r + 1}: {name} ({checkout})")
            rounds[name].append(round_of(checkout, args.clients, args.requests))
    print_header("Playground server: keep-alive load on loopback", load_at_start)
    done = len(rounds["this"])
    print(f"{len(PATHS)} kinds of request in turn, {args.requests} per client; median of {done} rounds.\n")
    print("| checkout | clients | p50 ms | p99 ms | requests/s | errors |")
    print("| --- | ---: | ---: | ---: | ---: | ---: |")
    medians: dict[tuple[str, int], float] = {}
    for name, checkout in checkouts.items():
        for n in sorted({1, args.clients}):
            loads = [each[n] for each in rounds[name]]
            p50 = statistics.median(x.p(50) for x in loads) * 1000
            p99 = statistics.median(x.p(99) for x in loads) * 1000
            rate = medians[name, n] = statistics.median(x.rate for x in loads)
            errors = sum(len(x.errors) for x in loads)
            print(f"| {name} `{checkout.name}` | {n} | {p50:.1f} | {p99:.1f} | {rate:,.0f} | {errors} |")
            for x in loads:
                for error in x.errors[:3]:
                    log(f"{name}, {n} clients: {error}")
    if args.other:
        ratios = ", ".join(
            f"{n} client{'s' * (n > 1)} {ratio_text(medians['this', n] / medians['other', n])}"
            for n in sorted({1, args.clients})
            if medians["other", n]
        )
        print(f"\nrequests/s, this / other: {ratios}")


if __name__ == "__main__":
    main()
