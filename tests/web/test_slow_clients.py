"""Slow and idle clients cannot lock the playground's server (issue 25 item 4).

Every test runs its own server on a free loopback port, with few slots and short deadlines
given as parameters so that it is quick. Loops are bounded in count and time; the bounds
are generous and only keep a failing test from hanging: nothing here asserts a speed.
"""

from __future__ import annotations

import http.client
import select
import socket
import threading
import time
from collections.abc import Iterator
from contextlib import contextmanager

from riichi_lut.web import make_server
from riichi_lut.web.server import PlaygroundServer

#: serve_forever's poll: its shutdown() waits up to one poll (0.5 s by default) per server
FAST_SHUTDOWN = {"poll_interval": 0.05}

SLOTS = 4
TRICKLE_EVERY = 0.5  # seconds between two bytes of a slow client
TRICKLE_FOR = 40.0  # seconds a slow client goes on trickling unless the server cuts it off
WAIT_FOR_200 = 25.0  # seconds the normal client keeps trying (well below TRICKLE_FOR)
HAND = "/api/hint?q=2234m506p678s5557z"


@contextmanager
def running(**options: float) -> Iterator[tuple[PlaygroundServer, int]]:
    server = make_server("127.0.0.1", 0, max_connections=SLOTS, **options)  # type: ignore[arg-type]
    thread = threading.Thread(target=server.serve_forever, kwargs=FAST_SHUTDOWN, daemon=True)
    thread.start()
    try:
        yield server, int(server.server_address[1])
    finally:
        server.shutdown()
        server.server_close()
        thread.join(timeout=30)


def status_of(port: int, path: str = HAND) -> int:
    """The status of one GET on a new connection (503 included), or 0 if the connection failed."""
    connection = http.client.HTTPConnection("127.0.0.1", port, timeout=30)
    try:
        connection.request("GET", path)
        response = connection.getresponse()
        response.read()
        return response.status
    except OSError:
        return 0
    finally:
        connection.close()


def wait_for_200(port: int) -> tuple[int, int]:
    """Try a normal GET until it is answered 200 or WAIT_FOR_200 has passed: (last status, tries)."""
    deadline = time.monotonic() + WAIT_FOR_200
    status, tries = 0, 0
    while tries < 1000 and time.monotonic() < deadline:
        status, tries = status_of(port), tries + 1
        if status == 200:
            break
        time.sleep(0.2)
    return status, tries


class Trickler(threading.Thread):
    """A client that sends a request line a byte every TRICKLE_EVERY seconds, for at most
    TRICKLE_FOR seconds or until the server closes the connection (``cut``)."""

    def __init__(self, port: int, stop: threading.Event) -> None:
        super().__init__(daemon=True)
        self.port, self.stop, self.cut, self.sent = port, stop, False, 0
        self.sock = socket.create_connection(("127.0.0.1", port), timeout=5)

    def run(self) -> None:
        data = b"GET /?" + b"a" * 1000 + b" HTTP/1.1\r\n"
        end = time.monotonic() + TRICKLE_FOR
        try:
            while self.sent < len(data) and time.monotonic() < end and not self.stop.is_set():
                self.sock.sendall(data[self.sent : self.sent + 1])
                self.sent += 1
                readable, _, _ = select.select([self.sock], [], [], TRICKLE_EVERY)
                if readable and not self.sock.recv(4096):  # the server closed the connection
                    self.cut = True
                    return
        except OSError:  # reset by the server: cut off too
            self.cut = True
        finally:
            self.sock.close()


def test_clients_trickling_bytes_into_every_slot_do_not_lock_out_a_normal_client():
    """SLOTS connections each trickle a byte every half second (each byte would reset a
    plain socket timeout); the request deadline cuts them off, and a normal client is
    answered 200 while they would still be trickling."""
    stop = threading.Event()
    with running(request_timeout=1.0, idle_timeout=1.0) as (_, port):
        tricklers = [Trickler(port, stop) for _ in range(SLOTS)]
        for trickler in tricklers:
            trickler.start()
        try:
            time.sleep(0.3)  # every slot taken
            status, tries = wait_for_200(port)
            assert status == 200, f"a normal client got {status} for {tries} tries while others trickled"
            for trickler in tricklers:
                trickler.join(timeout=TRICKLE_FOR + 10)
            assert all(t.cut for t in tricklers)  # the server closed them, they did not give up
            assert all(t.sent < 100 for t in tricklers)  # long before their request line was done
        finally:
            stop.set()
            for trickler in tricklers:
                trickler.join(timeout=TRICKLE_FOR + 10)


def test_a_kept_alive_connection_idle_in_the_last_slot_makes_room_for_a_new_client():
    """Every slot holds a kept-alive connection idle after one request: a new client is
    answered 200 (an idle one is closed for it), not 503."""
    with running(idle_timeout=60.0) as (_, port):
        idle = [http.client.HTTPConnection("127.0.0.1", port, timeout=30) for _ in range(SLOTS)]
        try:
            for connection in idle:
                connection.request("GET", HAND)
                response = connection.getresponse()
                response.read()
                assert response.status == 200 and not response.will_close
            assert status_of(port) == 200
            closed = 0
            for connection in idle:  # one of them was closed by the server: it reads the end
                readable, _, _ = select.select([connection.sock], [], [], 0)
                closed += bool(readable) and connection.sock.recv(1) == b""
            assert closed >= 1
        finally:
            for connection in idle:
                connection.close()


def test_a_fresh_silent_connection_is_not_closed_to_make_room():
    """A connection that has sent nothing yet is not idle between requests: with every
    slot held by such connections, a new client is answered 503 (until the deadline)."""
    with running(request_timeout=30.0) as (_, port):
        held = [socket.create_connection(("127.0.0.1", port), timeout=10) for _ in range(SLOTS)]
        try:
            time.sleep(0.3)
            assert status_of(port) == 503
        finally:
            for sock in held:
                sock.close()


def test_an_idle_kept_alive_connection_is_closed_after_its_idle_timeout():
    with running(idle_timeout=0.5) as (_, port):
        connection = http.client.HTTPConnection("127.0.0.1", port, timeout=30)
        try:
            connection.request("GET", HAND)
            response = connection.getresponse()
            response.read()
            assert response.status == 200 and not response.will_close
            connection.sock.settimeout(20)  # bounds the wait: a recv that times out fails the test
            assert connection.sock.recv(1) == b""  # the server closed it
        finally:
            connection.close()


def test_a_request_that_does_not_arrive_within_its_deadline_is_closed():
    """Half a request, then silence: the connection is closed at the request deadline,
    although the socket's idle timeout is far longer."""
    with running(request_timeout=0.5, idle_timeout=60.0) as (_, port):
        sock = socket.create_connection(("127.0.0.1", port), timeout=20)
        try:
            sock.sendall(b"GET / HTTP/1.1\r\nHost: 127.0.0.1\r\n")
            assert sock.recv(1) == b""
        finally:
            sock.close()
