"""The playground's HTTP server: the standard library's ``ThreadingHTTPServer`` on loopback.

It answers ``GET /api/...`` through :func:`riichi_lut.web.api.answer` and serves the files of
its ``static/`` folder, nothing else: a path is split into parts, and a part that is empty,
``.``, ``..``, hidden or holds a backslash or a NUL is refused before the folder is looked at;
what remains must resolve inside the folder, to a file of a known type. Limits: the request
line (URL) at most :data:`MAX_URL` characters, no request body, at most :data:`MAX_HEADERS`
headers, a :data:`TIMEOUT` second socket timeout; only ``GET`` and ``HEAD``. When bound to a
loopback address it answers only requests whose ``Host`` is a loopback name (a page on
another site cannot reach it through DNS rebinding).

>>> server = make_server("127.0.0.1", 0)
>>> server.server_address[0]
'127.0.0.1'
>>> server.server_close()
"""

from __future__ import annotations

import contextlib
import http.client
import json
import socket
import threading
import webbrowser
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path
from urllib.parse import parse_qs, unquote, urlsplit

from .api import answer

__all__ = [
    "MAX_CONNECTIONS",
    "MAX_HEADERS",
    "MAX_URL",
    "STATIC",
    "TIMEOUT",
    "PlaygroundHandler",
    "PlaygroundServer",
    "make_server",
    "serve",
    "static_file",
]

#: The folder served: the page, its script and style, the tile pictures.
STATIC = Path(__file__).resolve().parent / "static"
#: Longest request target accepted (a 14-tile hand with every option is far shorter).
MAX_URL = 2048
#: Most request headers accepted.
MAX_HEADERS = 32
#: Seconds a connection may sit idle before it is closed.
TIMEOUT = 10.0
#: Connections served at once (a thread each); one more is answered 503 and closed.
MAX_CONNECTIONS = 64

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


class PlaygroundHandler(BaseHTTPRequestHandler):
    """One request: ``/api/...`` as JSON, anything else from the static folder."""

    server_version = "riichi-lut"
    sys_version = ""
    timeout = TIMEOUT
    protocol_version = "HTTP/1.1"

    def log_message(self, format: str, *args: object) -> None:
        """Quiet: the playground prints nothing per request."""

    def _send(self, status: int, body: bytes, content_type: str, head: bool = False) -> None:
        self.send_response(status)
        self.send_header("Content-Type", content_type)
        self.send_header("Content-Length", str(len(body)))
        self.send_header("Cache-Control", "no-cache")
        for name, value in _SECURITY_HEADERS.items():
            self.send_header(name, value)
        self.end_headers()
        if not head:
            self.wfile.write(body)

    def _json(self, status: int, body: object, head: bool = False) -> None:
        data = json.dumps(body, ensure_ascii=False).encode("utf-8")
        self._send(status, data, "application/json; charset=utf-8", head)

    def _refused(self, status: int, message: str, head: bool = False) -> None:
        self._json(status, {"error": message, "type": http.client.responses[status].replace(" ", "")}, head)

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
        length = self.headers.get("Content-Length", "0").strip()
        if length not in ("", "0") or self.headers.get("Transfer-Encoding"):
            self.close_connection = True  # the unread body must not be read as a request
            return 413, "a GET request carries no body"
        if not self._host_allowed():
            return 403, "the playground answers loopback host names only"
        return None

    def _api(self, path: str, query: str, head: bool) -> None:
        try:
            reply = answer(path, parse_qs(query, keep_blank_values=True, max_num_fields=64))
        except ValueError as exc:  # more than 64 query fields
            self._json(400, {"error": str(exc), "type": "InvalidArgumentError"}, head)
        except Exception as exc:  # a bug: a JSON 500 naming it, and the server goes on
            self._json(500, {"error": f"internal error: {exc}", "type": type(exc).__name__}, head)
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

    def _not_allowed(self) -> None:
        self.close_connection = True
        self._refused(405, f"{self.command} is not served: GET only")

    def do_POST(self) -> None:
        """Refuse: 405."""
        self._not_allowed()

    def do_PUT(self) -> None:
        """Refuse: 405."""
        self._not_allowed()

    def do_DELETE(self) -> None:
        """Refuse: 405."""
        self._not_allowed()

    def do_OPTIONS(self) -> None:
        """Refuse: 405."""
        self._not_allowed()


_BUSY_BODY = b'{"error": "too many connections at once", "type": "ServiceUnavailable"}'
_BUSY = (
    b"HTTP/1.1 503 Service Unavailable\r\nContent-Type: application/json; charset=utf-8\r\n"
    b"Connection: close\r\nContent-Length: " + str(len(_BUSY_BODY)).encode() + b"\r\n\r\n" + _BUSY_BODY
)


class PlaygroundServer(ThreadingHTTPServer):
    """``ThreadingHTTPServer`` with at most ``max_connections`` request threads, which do not
    keep the process alive."""

    daemon_threads = True
    block_on_close = False

    def __init__(self, address: tuple[str, int], max_connections: int = MAX_CONNECTIONS) -> None:
        self.slots = threading.BoundedSemaphore(max_connections)
        super().__init__(address, PlaygroundHandler)

    def process_request(self, request: socket.socket, client_address: tuple[str, int]) -> None:  # type: ignore[override]
        """Serve the connection in a thread, or answer 503 when every slot is taken."""
        if not self.slots.acquire(blocking=False):
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


def make_server(
    host: str = "127.0.0.1", port: int = 8000, max_connections: int = MAX_CONNECTIONS
) -> PlaygroundServer:
    """A bound playground server (port 0: any free port; ``server_address`` tells which).

    >>> with make_server(port=0) as server:
    ...     server.server_address[1] > 0
    True
    """
    return PlaygroundServer((host, port), max_connections)


def serve(host: str = "127.0.0.1", port: int = 8000, open_browser: bool = False) -> None:
    """Serve the playground until interrupted, printing its address (and opening it when asked).

    >>> serve.__name__
    'serve'
    """
    with make_server(host, port) as server:
        bound_host, bound_port = str(server.server_address[0]), int(server.server_address[1])
        shown = f"[{bound_host}]" if ":" in bound_host else bound_host
        url = f"http://{shown}:{bound_port}/"
        print(f"riichi-lut playground on {url} (Ctrl-C stops it)", flush=True)
        if open_browser:
            webbrowser.open(url)
        try:
            server.serve_forever()
        except KeyboardInterrupt:
            print("stopped", flush=True)
