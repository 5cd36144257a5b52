"""The playground's HTTP server: the standard library's ``ThreadingHTTPServer`` on loopback.

It answers ``GET /api/...`` through :func:`riichi_lut.web.api.answer` and serves the files of
its ``static/`` folder, nothing else: a path is split into parts, and a part that is empty,
``.``, ``..``, hidden or holds a backslash or a NUL is refused before the folder is looked at;
what remains must resolve inside the folder, to a file of a known type. Limits: the request
line (URL) at most :data:`MAX_URL` characters, at most :data:`MAX_HEADERS` headers, no
request body; only ``GET`` and ``HEAD`` (any other method is a JSON 405 with ``Allow: GET,
HEAD``). One route takes a body: ``POST /api/review`` (:mod:`riichi_lut.web.review`), a
game log of at most :data:`~riichi_lut.web.review.MAX_BODY` bytes (413 above it), its
``Content-Length`` required (411 without it, chunked bodies included), arriving within
:data:`BODY_TIMEOUT` seconds (408 otherwise); any other method on it is a 405 with
``Allow: POST``. When bound to a loopback address it answers only requests whose ``Host``
is a loopback name (a page on another site cannot reach it through DNS rebinding).

**Connections.** At most :data:`MAX_CONNECTIONS` are served at once, a thread each. A
request's line and headers must arrive within :data:`REQUEST_TIMEOUT` seconds (counted from
the connection's start, or on a kept-alive connection from the request's first byte),
however slowly the client trickles them; a kept-alive connection waits at most
:data:`TIMEOUT` seconds for its next request. When every slot is taken, a connection idle
between two requests is closed to make room (HTTP lets a server close an idle kept-alive
connection: the client opens another); only when none is idle is the newcomer answered
503. Each reply leaves in one write (headers and body buffered together) on a socket
without Nagle's delay, so keep-alive replies do not wait for the client's delayed ACK.

**Errors.** Every error is JSON, ``{"error": ..., "type": ...}``, those of the standard
library's request parsing included (400, 414, 431, 505). A bug is a 500 that names nothing
inside (``{"error": "internal error", "type": "InternalError"}``), and its traceback is
logged on the server's side (the ``riichi_lut.web.server`` logger; stderr when logging is not
configured). A client that goes away mid-request or before its reply is not an error.

>>> server = make_server("127.0.0.1", 0)
>>> server.server_address[0]
'127.0.0.1'
>>> server.server_close()
"""

from __future__ import annotations

import contextlib
import http.client
import io
import json
import logging
import socket
import sys
import threading
import time
import webbrowser
from collections.abc import Iterator, Mapping
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path
from typing import Any
from urllib.parse import parse_qs, unquote, urlsplit

from .api import answer
from .review import MAX_BODY, review_reply
from .review import ROUTE as REVIEW_ROUTE

__all__ = [
    "BODY_TIMEOUT",
    "MAX_CONNECTIONS",
    "MAX_HEADERS",
    "MAX_URL",
    "REQUEST_TIMEOUT",
    "STATIC",
    "TIMEOUT",
    "PlaygroundHandler",
    "PlaygroundServer",
    "make_server",
    "run",
    "serve",
    "static_file",
]

#: The folder served: the page, its script and style, the tile pictures.
STATIC = Path(__file__).resolve().parent / "static"
#: Longest request target accepted (a 14-tile hand with every option is far shorter).
MAX_URL = 2048
#: Most request headers accepted.
MAX_HEADERS = 32
#: Seconds a kept-alive connection may sit idle before it is closed (and the longest wait
#: for a client to take its reply).
TIMEOUT = 10.0
#: Seconds for a request's line and headers to arrive, however they trickle in.
REQUEST_TIMEOUT = 5.0
#: Connections served at once (a thread each); one more closes an idle one or is answered 503.
MAX_CONNECTIONS = 64
#: The methods served.
ALLOWED = ("GET", "HEAD")
#: Seconds for the body of a ``POST /api/review`` to arrive, once its headers are read.
BODY_TIMEOUT = 30.0

_LOG = logging.getLogger(__name__)
_SLOT_WAIT = 2.0  # seconds the accepting thread waits for the slot of a connection it closed
_TYPES = {
    ".html": "text/html; charset=utf-8",
    ".css": "text/css; charset=utf-8",
    ".js": "text/javascript; charset=utf-8",
    ".svg": "image/svg+xml",
    ".png": "image/png",
    ".ico": "image/x-icon",
}
_LOOPBACK_NAMES = frozenset({"127.0.0.1", "localhost", "[::1]", "::1"})
_SECURITY_HEADERS = {
    "X-Content-Type-Options": "nosniff",
    "Content-Security-Policy": "default-src 'self'; img-src 'self' data:; frame-ancestors 'none'",
    "Referrer-Policy": "no-referrer",
}


def static_file(path: str) -> Path | None:
    """The file of the static folder that URL path ``path`` names, or ``None``.

    >>> static_file("/").name
    'index.html'
    >>> static_file("/../pyproject.toml") is None, static_file("/%2e%2e/x") is None
    (True, True)
    """
    decoded = unquote(path)
    parts = decoded.split("/")[1:] if decoded.startswith("/") else None
    if not parts or parts == [""]:
        parts = ["index.html"]
    if any(not p or p.startswith(".") or "\\" in p or "\0" in p or ":" in p for p in parts):
        return None
    candidate = STATIC.joinpath(*parts).resolve()
    if not candidate.is_relative_to(STATIC) or not candidate.is_file():
        return None
    return candidate if candidate.suffix in _TYPES else None


class _DeadlineReader(io.RawIOBase):
    """A connection's incoming bytes, read against the deadline of the request being read.

    :meth:`expect` starts a request: its bytes must arrive by ``time.monotonic() + wait``;
    with ``idle``, that wait is for the first byte only (the connection counts as idle in
    ``idle`` meanwhile), and the rest must come within ``then`` seconds of it. The socket's
    timeout is set to what is left before each read, so trickling bytes does not extend it.
    """

    def __init__(self, connection: socket.socket, write_timeout: float) -> None:
        self.connection = connection
        self.write_timeout = write_timeout
        self.deadline: float | None = None
        self.then = 0.0
        self.idle: contextlib.AbstractContextManager[None] | None = None

    def readable(self) -> bool:
        return True

    def expect(
        self, wait: float, then: float = 0.0, idle: contextlib.AbstractContextManager[None] | None = None
    ) -> None:
        self.deadline, self.then, self.idle = time.monotonic() + wait, then, idle

    def done(self) -> None:
        """The request is read: no deadline until the next one, the write timeout for the reply."""
        self.deadline, self.idle = None, None
        self.connection.settimeout(self.write_timeout)

    def readinto(self, buffer: Any) -> int:
        if self.deadline is None:
            return self.connection.recv_into(buffer)
        left = self.deadline - time.monotonic()
        if left <= 0:
            raise TimeoutError("the request did not arrive in time")
        self.connection.settimeout(left)
        if self.idle is None:
            return self.connection.recv_into(buffer)
        with self.idle:
            count = self.connection.recv_into(buffer)
        self.idle, self.deadline = None, time.monotonic() + self.then
        return count


class PlaygroundHandler(BaseHTTPRequestHandler):
    """One connection's requests: ``/api/...`` as JSON, anything else from the static folder."""

    server: PlaygroundServer
    server_version = "riichi-lut"
    sys_version = ""
    timeout = TIMEOUT
    protocol_version = "HTTP/1.1"
    disable_nagle_algorithm = True  # a reply goes out at once, not after the client's delayed ACK
    wbufsize = 1 << 16  # headers and body in one buffer, written together (flushed per reply)

    def setup(self) -> None:
        super().setup()
        self.rfile.close()  # the socket's own reader, replaced by one that keeps the deadlines
        self._reader = _DeadlineReader(self.connection, self.timeout)
        self.rfile = io.BufferedReader(self._reader)
        self._served = 0

    def log_message(self, format: str, *args: object) -> None:
        """Quiet: the playground prints nothing per request."""

    def handle_one_request(self) -> None:
        """Read and answer one request, within :data:`REQUEST_TIMEOUT` (after at most
        :data:`TIMEOUT` idle on a kept-alive connection)."""
        server = self.server
        if self._served:
            self._reader.expect(server.idle_timeout, server.request_timeout, server.idle(self.connection))
        else:
            self._reader.expect(server.request_timeout)
        self._served += 1
        super().handle_one_request()

    def parse_request(self) -> bool:
        """The standard library's parsing, then: only ``GET`` and ``HEAD`` (a JSON 405 otherwise)."""
        parsed = super().parse_request()
        self._reader.done()
        if parsed and self._posts_a_log():
            return True
        if parsed and urlsplit(self.path).path == REVIEW_ROUTE:
            self.close_connection = True  # a body may follow: it must not be read as a request
            message = f"{self.command[:24]} is not served on {REVIEW_ROUTE}: POST the log"
            self._refused(405, message, self.command == "HEAD", {"Allow": "POST"})
            return False
        if parsed and self.command not in ALLOWED:
            self.close_connection = True  # a body may follow: it must not be read as a request
            message = f"{self.command[:24]} is not served: GET and HEAD only"
            self._refused(405, message, headers={"Allow": ", ".join(ALLOWED)})
            return False
        return parsed

    def _posts_a_log(self) -> bool:
        return self.command == "POST" and urlsplit(self.path).path == REVIEW_ROUTE

    def handle_expect_100(self) -> bool:
        """``100 Continue`` only for a log the review route will read; no body is read elsewhere."""
        if self._posts_a_log() and self._body_refusal() is None and self._refusal() is None:
            return super().handle_expect_100()
        return True

    def send_error(self, code: int, message: str | None = None, explain: str | None = None) -> None:
        """The standard library's errors (bad request line, 414, 431, 505...) as JSON too."""
        self._reader.done()  # the reply is written with the write timeout, not the request's rest
        self.close_connection = True
        # a line not parsed as far as its version still gets a status line and headers
        if getattr(self, "request_version", "HTTP/0.9") == "HTTP/0.9":
            self.request_version = "HTTP/1.0"
        words = message or http.client.responses.get(code, "error")
        self._refused(code, words[:200], getattr(self, "command", None) == "HEAD", {"Connection": "close"})

    def _send(
        self,
        status: int,
        body: bytes,
        content_type: str,
        head: bool = False,
        headers: Mapping[str, str] | None = None,
    ) -> None:
        self.send_response(status)
        self.send_header("Content-Type", content_type)
        self.send_header("Content-Length", str(len(body)))
        self.send_header("Cache-Control", "no-cache")
        for name, value in {**_SECURITY_HEADERS, **(headers or {})}.items():
            self.send_header(name, value)
        self.end_headers()
        if not head:
            self.wfile.write(body)
        self.wfile.flush()

    def _json(
        self, status: int, body: object, head: bool = False, headers: Mapping[str, str] | None = None
    ) -> None:
        data = json.dumps(body, ensure_ascii=False).encode("utf-8")
        self._send(status, data, "application/json; charset=utf-8", head, headers)

    def _refused(
        self, status: int, message: str, head: bool = False, headers: Mapping[str, str] | None = None
    ) -> None:
        kind = http.client.responses.get(status, "Error").replace(" ", "").replace("-", "")
        self._json(status, {"error": message, "type": kind}, head, headers)

    def _host_allowed(self) -> bool:
        address = self.server.server_address
        if not isinstance(address, tuple) or str(address[0]) not in ("127.0.0.1", "::1"):
            return True
        host = (self.headers.get("Host") or "").strip().lower()
        name = host.rsplit(":", 1)[0] if not host.endswith("]") else host
        return name in _LOOPBACK_NAMES

    def _refusal(self) -> tuple[int, str] | None:
        """The status and message refusing this request by its size or host, or ``None``."""
        if len(self.path) > MAX_URL:
            return 414, f"the URL is longer than {MAX_URL} characters"
        if len(self.headers) > MAX_HEADERS:
            return 431, f"more than {MAX_HEADERS} headers"
        if self._posts_a_log():
            refusal = self._body_refusal()
            if refusal is not None:
                self.close_connection = True  # the unread body must not be read as a request
            return refusal or self._host_refusal()
        length = self.headers.get("Content-Length", "0").strip()
        if length not in ("", "0") or self.headers.get("Transfer-Encoding"):
            self.close_connection = True  # the unread body must not be read as a request
            return 413, "a GET request carries no body"
        return self._host_refusal()

    def _host_refusal(self) -> tuple[int, str] | None:
        if not self._host_allowed():
            return 403, "the playground answers loopback host names only"
        return None

    def _body_refusal(self) -> tuple[int, str] | None:
        """The status and message refusing the body of a ``POST /api/review``, or ``None``."""
        if self.headers.get("Transfer-Encoding"):
            return 411, "send the log with a Content-Length (no chunked body)"
        length = self.headers.get("Content-Length")
        if length is None:
            return 411, "a Content-Length is required"
        if not length.strip().isdigit():
            return 400, f"Content-Length is not a number of bytes: {length[:24]!r}"
        if int(length) > MAX_BODY:
            return 413, f"the log is larger than {MAX_BODY} bytes ({MAX_BODY // (1 << 20)} MiB), the limit"
        return None

    def do_POST(self) -> None:
        """Answer ``POST /api/review`` (the only ``POST`` that reaches here): read the log, review it."""
        refusal = self._refusal()
        if refusal is not None:
            self._refused(*refusal)
            return
        length = int(self.headers["Content-Length"])
        self._reader.expect(BODY_TIMEOUT)
        try:
            body = self.rfile.read(length)
        except TimeoutError:
            self._reader.done()
            self.close_connection = True
            message = f"the log did not arrive within {BODY_TIMEOUT:g} seconds"
            self._refused(408, message, headers={"Connection": "close"})
            return
        self._reader.done()
        if len(body) < length:  # the client went away mid-body
            self.close_connection = True
            return
        query = urlsplit(self.path).query
        try:
            reply = review_reply(body, parse_qs(query, keep_blank_values=True, max_num_fields=8))
        except ValueError as exc:  # more than 8 query fields
            self._json(400, {"error": str(exc), "type": "InvalidArgumentError", "parameter": None})
        except Exception:  # a bug: logged here, a 500 naming nothing inside there
            _LOG.exception("internal error answering %s", REVIEW_ROUTE)
            self._json(500, {"error": "internal error", "type": "InternalError"})
        else:
            self._json(reply.status, reply.body)

    def _api(self, path: str, query: str, head: bool) -> None:
        try:
            reply = answer(path, parse_qs(query, keep_blank_values=True, max_num_fields=64))
        except ValueError as exc:  # more than 64 query fields
            self._json(400, {"error": str(exc), "type": "InvalidArgumentError"}, head)
        except Exception:  # a bug: logged here, a 500 naming nothing inside there, and the server goes on
            _LOG.exception("internal error answering %s", path[:80])
            self._json(500, {"error": "internal error", "type": "InternalError"}, head)
        else:
            self._json(reply.status, reply.body, head)

    def do_GET(self, head: bool = False) -> None:
        """Answer a ``GET`` (or, with ``head``, a ``HEAD``)."""
        refusal = self._refusal()
        if refusal is not None:
            self._refused(*refusal, head)
            return
        url = urlsplit(self.path)
        if url.path.startswith("/api/"):
            self._api(url.path, url.query, head)
            return
        found = static_file(url.path)
        if found is None:
            self._refused(404, f"not found: {url.path[:80]}", head)
        else:
            self._send(200, found.read_bytes(), _TYPES[found.suffix], head)

    def do_HEAD(self) -> None:
        """Answer a ``HEAD``: the headers of the ``GET``."""
        self.do_GET(head=True)


_BUSY_BODY = b'{"error": "too many connections at once", "type": "ServiceUnavailable"}'
_BUSY = (
    b"HTTP/1.1 503 Service Unavailable\r\nContent-Type: application/json; charset=utf-8\r\n"
    b"Connection: close\r\nContent-Length: " + str(len(_BUSY_BODY)).encode() + b"\r\n\r\n" + _BUSY_BODY
)


class PlaygroundServer(ThreadingHTTPServer):
    """``ThreadingHTTPServer`` with at most ``max_connections`` request threads (which do not
    keep the process alive), the read deadlines of :class:`PlaygroundHandler`, idle
    connections closed to make room, and no traceback when a client goes away."""

    daemon_threads = True
    block_on_close = False

    def __init__(
        self,
        address: tuple[str, int],
        max_connections: int = MAX_CONNECTIONS,
        *,
        idle_timeout: float = TIMEOUT,
        request_timeout: float = REQUEST_TIMEOUT,
    ) -> None:
        self.slots = threading.BoundedSemaphore(max_connections)
        self.idle_timeout, self.request_timeout = idle_timeout, request_timeout
        self._idle: dict[socket.socket, None] = {}  # waiting for their next request, oldest first
        self._idle_lock = threading.Lock()
        self.address_family = _family(address)
        super().__init__(address, PlaygroundHandler)

    @contextlib.contextmanager
    def idle(self, connection: socket.socket) -> Iterator[None]:
        """While in this block, ``connection`` waits for its next request and may be closed
        to make room for a new one."""
        with self._idle_lock:
            self._idle[connection] = None
        try:
            yield
        finally:
            with self._idle_lock:
                self._idle.pop(connection, None)

    def close_idle(self) -> bool:
        """Close the connection idle the longest (its thread then ends); whether there was one."""
        with self._idle_lock:
            if not self._idle:
                return False
            connection = next(iter(self._idle))
            del self._idle[connection]
            with contextlib.suppress(OSError):  # still open: its thread leaves it only under the lock
                connection.shutdown(socket.SHUT_RDWR)
        return True

    def process_request(self, request: socket.socket, client_address: tuple[str, int]) -> None:  # type: ignore[override]
        """Serve the connection in a thread: in a free slot, else in the slot of an idle
        connection closed for it, else answer 503."""
        if not self.slots.acquire(blocking=False) and not (
            self.close_idle() and self.slots.acquire(timeout=_SLOT_WAIT)
        ):
            with contextlib.suppress(OSError):  # the client may be gone already
                request.sendall(_BUSY)
            self.shutdown_request(request)
            return
        super().process_request(request, client_address)

    def process_request_thread(self, request: socket.socket, client_address: tuple[str, int]) -> None:  # type: ignore[override]
        """Serve one connection, then free its slot."""
        try:
            super().process_request_thread(request, client_address)
        finally:
            self.slots.release()

    def handle_error(self, request: Any, client_address: Any) -> None:
        """A client that went away (reset, closed pipe, timed out) is no error; anything
        else is logged with its traceback."""
        if isinstance(sys.exc_info()[1], (ConnectionError, TimeoutError)):
            return
        _LOG.exception("error serving a connection from %s", client_address)


def _family(address: tuple[str, int]) -> socket.AddressFamily:
    """IPv4 or IPv6, as the host to bind is (``socket.gaierror`` for a name that resolves to neither).

    >>> _family(("::1", 0)).name, _family(("127.0.0.1", 0)).name, _family(("", 0)).name
    ('AF_INET6', 'AF_INET', 'AF_INET')
    """
    found = socket.getaddrinfo(
        address[0] or None, address[1], type=socket.SOCK_STREAM, flags=socket.AI_PASSIVE
    )
    return found[0][0]


def make_server(
    host: str = "127.0.0.1",
    port: int = 8000,
    max_connections: int = MAX_CONNECTIONS,
    *,
    idle_timeout: float = TIMEOUT,
    request_timeout: float = REQUEST_TIMEOUT,
) -> PlaygroundServer:
    """A bound playground server (port 0: any free port; ``server_address`` tells which).
    ``host`` is an IPv4 or IPv6 address or a name; binding raises :class:`OSError` (a busy
    port, an address not of this machine, ``socket.gaierror`` for an unknown name).

    >>> with make_server(port=0) as server:
    ...     server.server_address[1] > 0
    True
    """
    return PlaygroundServer(
        (host, port), max_connections, idle_timeout=idle_timeout, request_timeout=request_timeout
    )


def run(server: PlaygroundServer, open_browser: bool = False) -> None:
    """Serve with ``server`` until Ctrl-C, printing its address (and opening it when asked);
    Ctrl-C prints ``stopped`` and returns, the server closed.

    >>> run.__name__
    'run'
    """
    with server:
        bound_host, bound_port = str(server.server_address[0]), int(server.server_address[1])
        shown = f"[{bound_host}]" if ":" in bound_host else bound_host
        url = f"http://{shown}:{bound_port}/"
        try:  # from the first line printed on, Ctrl-C means "stopped"
            print(f"riichi-lut playground on {url} (Ctrl-C stops it)", flush=True)
            if open_browser:
                webbrowser.open(url)
            server.serve_forever()
        except KeyboardInterrupt:
            print("stopped", flush=True)


def serve(host: str = "127.0.0.1", port: int = 8000, open_browser: bool = False) -> None:
    """Serve the playground until Ctrl-C (:func:`make_server`, then :func:`run`).

    >>> serve.__name__
    'serve'
    """
    run(make_server(host, port), open_browser)
