"""``riichi-lut serve`` (issue 12 item 1): the API answers what the CLI's ``--json`` prints,
bad input is a 400 with a message, nothing outside the static folder is served, oversize
requests are refused, and a bounded concurrent load is answered without an error."""

from __future__ import annotations

import contextlib
import http.client
import json
import socket
import statistics
import struct
import subprocess
import sys
import threading
import time
from urllib.parse import urlencode, urlsplit

import pytest

from riichi_lut import Visible, hint
from riichi_lut.cli.main import main
from riichi_lut.riichi import YAKU
from riichi_lut.web.server import MAX_URL, STATIC

#: serve_forever's poll: its shutdown() waits up to one poll (0.5 s by default) per server
FAST_SHUTDOWN = {"poll_interval": 0.05}

HINT_HANDS = ["2234m506p678s5557z", "1234m5677p2345s12z", "123m456p789s1122z", "23m456p22z1s [789s] (1111z)"]
SCORES = [
    (
        "234m456p678s22345s",
        {"win": "5s", "ron": "1", "seat": "S", "round": "E", "riichi": "1", "sticks": "1", "dora": "1s"},
        ["--win", "5s", "--ron", "--seat", "S", "--round", "E", "--riichi", "--sticks", "1", "--dora", "1s"],
    ),
    (
        "22334455667788p",
        {"win": "8p", "tsumo": "1", "seat": "E", "round": "S", "honba": "2", "rules": "WRC"},
        ["--win", "8p", "--tsumo", "--seat", "E", "--round", "S", "--honba", "2", "--rules", "WRC"],
    ),
    (
        "123m456p789s11z [555z]",
        {"win": "1z", "ron": "1", "seat": "E", "round": "E", "haitei": "0"},
        ["--win", "1z", "--ron", "--seat", "E", "--round", "E"],
    ),
]
MCR_SCORES = [
    (
        "123m456p789s123s55z",
        {"win": "5z", "seat": "E", "prevalent": "S"},
        ["--win", "5z", "--seat", "E", "--prevalent", "S"],
    ),
    (
        "11122233344455m",
        {"win": "5m", "self-drawn": "1", "seat": "W", "prevalent": "E", "flowers": "2"},
        ["--win", "5m", "--self-drawn", "--seat", "W", "--prevalent", "E", "--flowers", "2"],
    ),
]


def get(
    base_url: str,
    path: str,
    headers: dict[str, str] | None = None,
    method: str = "GET",
    body: bytes | None = None,
):
    """(status, parsed JSON or raw bytes, headers) of one request; the path is sent as is."""
    url = urlsplit(base_url)
    connection = http.client.HTTPConnection(url.hostname, url.port, timeout=30)
    try:
        connection.request(method, path, body=body, headers=headers or {})
        response = connection.getresponse()
        data = response.read()
        kind = response.getheader("Content-Type", "")
        return response.status, json.loads(data) if "json" in kind else data, response
    finally:
        connection.close()


def cli_json(capsys, argv: list[str]):
    assert main([*argv, "--json"]) == 0
    return json.loads(capsys.readouterr().out)


@pytest.mark.parametrize("hand", HINT_HANDS)
def test_api_hint_equals_cli_hint_json(base_url, capsys, hand):
    status, body, _ = get(base_url, "/api/hint?" + urlencode({"q": hand}))
    assert status == 200
    assert body == cli_json(capsys, ["hint", hand])


def test_api_hint_visible_and_discarded_are_the_cli_flags(base_url, capsys):
    hand, visible, discarded = "123m456p789s1122z3z", "1z 2z", "3z"
    query = urlencode({"q": hand, "visible": visible, "discarded": discarded})
    status, body, _ = get(base_url, "/api/hint?" + query)
    assert status == 200
    assert body == cli_json(capsys, ["hint", hand, "--visible", visible, "--discarded", discarded])
    assert body["options"][0]["accepted"] != cli_json(capsys, ["hint", hand])["options"][0]["accepted"]


# three-player Riichi (issue 14): players=3 is the CLI's --players 3
SANMA_HINTS = [
    ("11119999m234p22z5z", {}),  # the best discard differs: 1m with three players, 5z with four
    ("1m99m123456p789s1z", {}),  # 13 tiles: the acceptance (four players: 2m and 3m too)
    ("11119999m234p22z5z", {"visible": "1z 2z", "discarded": "9p"}),
]


@pytest.mark.parametrize(("hand", "extra"), SANMA_HINTS)
def test_api_hint_players_3_equals_cli_and_the_library(base_url, capsys, hand, extra):
    status, body, _ = get(base_url, "/api/hint?" + urlencode({"q": hand, "players": "3", **extra}))
    assert status == 200
    flags = [arg for name, value in extra.items() for arg in (f"--{name}", value)]
    assert body == cli_json(capsys, ["hint", hand, "--players", "3", *flags])
    visible = Visible(other=extra.get("visible", ""), own_discards=extra.get("discarded", ""))
    assert body == hint(hand, visible, players=3).to_dict()
    four = get(base_url, "/api/hint?" + urlencode({"q": hand, **extra}))[1]
    assert get(base_url, "/api/hint?" + urlencode({"q": hand, "players": "4", **extra}))[1] == four
    assert body != four


def test_api_hint_three_players_ranks_the_discards_differently(base_url):
    query = urlencode({"q": "11119999m234p22z5z", "players": "3"})
    assert get(base_url, "/api/hint?" + query)[1]["discard"] == "1m"
    assert get(base_url, "/api/hint?q=11119999m234p22z5z")[1]["discard"] == "5z"


@pytest.mark.parametrize(
    ("params", "tile"),
    [
        ({"q": "15m99m123456p789s5z"}, "5m"),
        ({"q": "10m99m123456p789s5z"}, "5m"),  # a red five of man is a 5m
        ({"q": "19m99m123456p789s8m"}, "8m"),
        ({"q": "19m99m123456p789s5z", "visible": "2m"}, "2m"),
        ({"q": "19m99m123456p789s5z", "discarded": "7m"}, "7m"),
    ],
)
def test_api_three_players_refuses_2m_to_8m_with_the_cli_message(base_url, capsys, params, tile):
    status, body, _ = get(base_url, "/api/hint?" + urlencode({**params, "players": "3"}))
    assert status == 400
    assert body["type"] == "InvalidHandError"
    assert f"{tile} is not a three-player tile" in body["error"]
    flags = [arg for name, value in params.items() if name != "q" for arg in (f"--{name}", value)]
    assert main(["hint", params["q"], "--players", "3", *flags]) == 2
    assert capsys.readouterr().err.strip() == f"error: {body['error']}"
    assert get(base_url, "/api/hint?" + urlencode(params))[0] == 200  # four players: a real tile


@pytest.mark.parametrize("players", ["5", "x", "", "3.0"])
def test_api_players_other_than_3_or_4_is_refused(base_url, players):
    status, body, _ = get(base_url, "/api/hint?" + urlencode({"q": "11119999m234p22z5z", "players": players}))
    assert status == 400
    assert body["type"] == "InvalidArgumentError"
    assert body["error"].startswith("players must be one of 3, 4") and body["parameter"] == "players"


@pytest.mark.parametrize(("hand", "params", "argv"), SCORES)
def test_api_score_equals_cli_score_json(base_url, capsys, hand, params, argv):
    status, body, _ = get(base_url, "/api/score?" + urlencode({"q": hand, **params}))
    assert status == 200
    assert body == cli_json(capsys, ["score", hand, *argv])


@pytest.mark.parametrize(("hand", "params", "argv"), MCR_SCORES)
def test_api_mcr_score_equals_cli_mcr_score_json(base_url, capsys, hand, params, argv):
    status, body, _ = get(base_url, "/api/mcr/score?" + urlencode({"q": hand, **params}))
    assert status == 200
    assert body == cli_json(capsys, ["mcr", "score", hand, *argv])


@pytest.mark.parametrize("hand", ["123m456p789s1235z5z", "123m456p789s1355z"])
def test_api_mcr_hint_equals_cli_mcr_hint_json(base_url, capsys, hand):
    status, body, _ = get(base_url, "/api/mcr/hint?" + urlencode({"q": hand}))
    assert status == 200
    assert body == cli_json(capsys, ["mcr", "hint", hand])


def test_api_yaku_is_the_glossary_and_the_cli_yaku_json(base_url, capsys):
    status, body, _ = get(base_url, "/api/yaku")
    assert status == 200
    assert body == [entry.to_dict() for entry in YAKU]
    assert body == cli_json(capsys, ["yaku"])


def test_api_hint_equals_the_installed_command_in_a_subprocess(base_url):
    hand = "2234m506p678s5557z"
    done = subprocess.run(
        [sys.executable, "-m", "riichi_lut", "hint", hand, "--json"],
        capture_output=True,
        text=True,
        check=True,
    )
    assert get(base_url, "/api/hint?q=" + hand)[1] == json.loads(done.stdout)


@pytest.mark.parametrize(
    ("path", "kind", "words", "parameter"),
    [
        ("/api/hint?q=1234m5677p2345s1x", "TileParseError", "x", "q"),
        ("/api/hint", "InvalidArgumentError", "hand is required", "q"),
        (
            "/api/hint?q=2234m506p678s5557z&vissible=1z",
            "InvalidArgumentError",
            "unknown parameter 'vissible'",
            None,
        ),
        ("/api/hint?q=2234m506p678s5557z&help=1", "InvalidArgumentError", "unknown parameter 'help'", None),
        ("/api/hint?q=2234m506p678s5557z&q=1m", "InvalidArgumentError", "given 2 times", "q"),
        ("/api/score?q=22334455667788p&win=8p&ron=1", "InvalidArgumentError", "seat is required", "seat"),
        (
            "/api/score?q=22334455667788p&win=8p&ron=1&tsumo=1&seat=E&round=E",
            "InvalidArgumentError",
            "only one of tsumo or ron",
            None,
        ),
        (
            "/api/score?q=22334455667788p&win=8p&ron=yes&seat=E&round=E",
            "InvalidArgumentError",
            "1 or 0",
            "ron",
        ),
        (
            "/api/score?q=22334455667788p&win=8p&ron=1&seat=E&round=E&honba=x",
            "InvalidArgumentError",
            "honba must be a whole number",
            "honba",
        ),
        (
            "/api/score?q=22334455667788p&win=8p&ron=1&seat=E&round=E&rules=nope",
            "InvalidArgumentError",
            "rules must be a rule preset",
            "rules",
        ),
        (
            "/api/score?q=22334455667788p&win=8p&ron=1&seat=Q&round=E",
            "InvalidSituationError",
            "seat must",
            "seat",
        ),
        (
            "/api/score?q=22334455667788p&win=8p&ron=1&seat=E&round=E&dora=1x",
            "TileParseError",
            "dora: unknown character 'x'",
            "dora",
        ),
        ("/api/score?q=22334455667789p&win=9p&ron=1&seat=E&round=E", "NotAWinError", "", None),
        (
            "/api/mcr/score?q=123m456p789s123s55z&win=5z&seat=E",
            "InvalidArgumentError",
            "prevalent is required",
            "prevalent",
        ),
        ("/api/mcr/hint?q=1m", "InvalidHandError", "", "q"),
        ("/api/yaku?x=1", "InvalidArgumentError", "unknown parameter 'x'", None),
    ],
)
def test_bad_input_is_400_with_the_message_and_error_class(base_url, path, kind, words, parameter):
    status, body, _ = get(base_url, path)
    assert status == 400
    assert body["type"] == kind
    assert words in body["error"] and body["error"]
    assert body["parameter"] == parameter
    assert "--" not in body["error"]  # the web names its fields, never the command line's flags


def test_unknown_api_route_is_404_json(base_url):
    status, body, _ = get(base_url, "/api/nothing?q=1m")
    assert status == 404 and body["type"] == "NotFound"


@pytest.mark.parametrize(
    "path",
    [
        "/../pyproject.toml",
        "/../../pyproject.toml",
        "/%2e%2e/pyproject.toml",
        "/%2e%2e%2f%2e%2e%2fpyproject.toml",
        "/tiles/../../api.py",
        "/tiles/%2e%2e/%2e%2e/server.py",
        "/..%5c..%5cpyproject.toml",
        "//etc/passwd",
        "/%2fetc%2fpasswd",
        "/etc/passwd",
        "/tiles/1m.svg%00.html",
        "/.hidden",
        "/C:/Windows/win.ini",
        "/../web/server.py",
        "/__init__.py",
    ],
)
def test_path_traversal_and_files_outside_the_static_folder_are_refused(base_url, path):
    status, body, _ = get(base_url, path)
    assert status == 404
    assert body["type"] == "NotFound"


def test_the_static_folder_is_served_with_its_types(base_url):
    for path, kind in [
        ("/", "text/html"),
        ("/app.js", "text/javascript"),
        ("/app.css", "text/css"),
        ("/tiles/0p.svg", "image/svg+xml"),
    ]:
        status, data, response = get(base_url, path)
        assert status == 200, path
        assert response.getheader("Content-Type").startswith(kind)
        assert response.getheader("X-Content-Type-Options") == "nosniff"
        name = "index.html" if path == "/" else path.lstrip("/")
        assert data == (STATIC / name).read_bytes()


def test_a_url_longer_than_the_cap_is_refused(base_url):
    status, body, _ = get(base_url, "/api/hint?q=" + "1" * (MAX_URL + 1))
    assert status == 414 and str(MAX_URL) in body["error"]


def test_a_request_body_is_refused(base_url):
    status, _, _ = get(base_url, "/api/hint?q=1m", headers={"Content-Length": "5"}, body=b"12345")
    assert status == 413


def test_too_many_headers_are_refused(base_url):
    status, _, _ = get(base_url, "/", headers={f"X-H{i}": "1" for i in range(40)})
    assert status == 431


def test_only_get_and_head_are_served(base_url):
    assert get(base_url, "/api/hint?q=1m", method="POST", body=b"")[0] == 405
    assert get(base_url, "/", method="PUT", body=b"")[0] == 405
    status, data, response = get(base_url, "/", method="HEAD")
    assert status == 200 and data == b"" and int(response.getheader("Content-Length")) > 0


def test_a_foreign_host_name_is_refused_on_loopback(base_url):
    status, body, _ = get(base_url, "/api/hint?q=2234m506p678s5557z", headers={"Host": "evil.example"})
    assert status == 403 and body["type"] == "Forbidden"
    assert get(base_url, "/", headers={"Host": "localhost:8000"})[0] == 200


def test_the_server_binds_loopback_by_default():
    from riichi_lut.web import make_server

    with make_server(port=0) as server:
        assert server.server_address[0] == "127.0.0.1"


LOAD_CLIENTS, LOAD_REQUESTS = 8, 200


def test_a_bounded_concurrent_load_is_answered_without_an_error(base_url, capsys):
    """8 client threads x 200 requests on loopback, a mix of the routes; every answer is
    right. The latencies are printed (pytest -s) and not asserted: this is not a benchmark."""
    paths = [("/api/hint?" + urlencode({"q": hand}), hand) for hand in HINT_HANDS] + [
        ("/api/score?" + urlencode({"q": SCORES[0][0], **SCORES[0][1]}), None),
        ("/tiles/5p.svg", None),
        ("/api/hint?q=12m", None),
    ]
    expected = {path: get(base_url, path)[:2] for path, _ in paths}  # also warms the tables
    latencies: list[float] = []
    errors: list[str] = []
    lock = threading.Lock()
    url = urlsplit(base_url)

    def client(index: int) -> None:
        connection = http.client.HTTPConnection(url.hostname, url.port, timeout=60)
        mine = []
        try:
            for i in range(LOAD_REQUESTS):
                path = paths[(index + i) % len(paths)][0]
                start = time.perf_counter()
                connection.request("GET", path)
                response = connection.getresponse()
                data = response.read()
                mine.append(time.perf_counter() - start)
                want_status, want_body = expected[path]
                got = json.loads(data) if "json" in response.getheader("Content-Type", "") else data
                if response.status != want_status or got != want_body:
                    with lock:
                        errors.append(f"{path}: {response.status}")
        except Exception as exc:  # every failure is reported below
            with lock:
                errors.append(f"client {index}: {exc!r}")
        finally:
            connection.close()
            with lock:
                latencies.extend(mine)

    threads = [threading.Thread(target=client, args=(i,)) for i in range(LOAD_CLIENTS)]
    started = time.perf_counter()
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    elapsed = time.perf_counter() - started
    assert errors == []
    assert len(latencies) == LOAD_CLIENTS * LOAD_REQUESTS
    cuts = statistics.quantiles(latencies, n=100)
    with capsys.disabled():
        print(
            f"\nload: {LOAD_CLIENTS} clients x {LOAD_REQUESTS} requests in {elapsed:.2f} s,"
            f" p50 {cuts[49] * 1000:.1f} ms, p99 {cuts[98] * 1000:.1f} ms"
        )


def test_connections_beyond_the_cap_are_answered_503_and_the_slot_comes_back():
    import socket

    from riichi_lut.web import make_server

    server = make_server("127.0.0.1", 0, max_connections=1)
    thread = threading.Thread(target=server.serve_forever, kwargs=FAST_SHUTDOWN, daemon=True)
    thread.start()
    port = server.server_address[1]
    try:
        held = socket.create_connection(("127.0.0.1", port), timeout=10)  # idle: holds the one slot
        time.sleep(0.2)
        status, body, _ = get(f"http://127.0.0.1:{port}", "/api/hint?q=2234m506p678s5557z")
        assert status == 503 and body["type"] == "ServiceUnavailable"
        held.close()
        for _ in range(50):  # the held connection's thread ends when it sees the close
            status = get(f"http://127.0.0.1:{port}", "/api/hint?q=2234m506p678s5557z")[0]
            if status == 200:
                break
            time.sleep(0.1)
        assert status == 200
    finally:
        server.shutdown()
        server.server_close()


def test_more_than_64_query_fields_are_refused(base_url):
    status, body, _ = get(base_url, "/api/hint?" + "&".join(f"x{i}=1" for i in range(70)))
    assert status == 400 and body["type"] == "InvalidArgumentError"


def test_a_bug_in_the_api_is_a_json_500_naming_no_internals_logged_on_the_server(
    base_url, monkeypatch, caplog
):
    from riichi_lut.web import server

    def broken(path, query):
        raise ZeroDivisionError("secret-detail-on-purpose")

    monkeypatch.setattr(server, "answer", broken)
    with caplog.at_level("ERROR", logger="riichi_lut.web.server"):
        status, body, _ = get(base_url, "/api/hint?q=2234m506p678s5557z")
    assert status == 500 and body == {"error": "internal error", "type": "InternalError"}
    logged = [r for r in caplog.records if r.name == "riichi_lut.web.server" and r.exc_info]
    assert len(logged) == 1 and logged[0].levelname == "ERROR"
    assert isinstance(logged[0].exc_info[1], ZeroDivisionError)
    assert "secret-detail-on-purpose" in caplog.text and "Traceback" in caplog.text
    monkeypatch.undo()
    assert get(base_url, "/api/hint?q=2234m506p678s5557z")[0] == 200


@contextlib.contextmanager
def own_server(**options):
    """A server of its own on a free loopback port, for tests that patch or break things."""
    from riichi_lut.web import make_server

    server = make_server("127.0.0.1", 0, **options)
    thread = threading.Thread(target=server.serve_forever, kwargs=FAST_SHUTDOWN, daemon=True)
    thread.start()
    try:
        yield server, server.server_address[1]
    finally:
        server.shutdown()
        server.server_close()
        thread.join(timeout=30)


def raw_exchange(port: int, data: bytes) -> tuple[int, dict[str, str], bytes]:
    """Send ``data`` as is, read to the end: (status, headers with lower-case names, body)."""
    with socket.create_connection(("127.0.0.1", port), timeout=30) as sock:
        sock.sendall(data)
        sock.shutdown(socket.SHUT_WR)
        chunks = []
        while chunk := sock.recv(65536):
            chunks.append(chunk)
    head, _, body = b"".join(chunks).partition(b"\r\n\r\n")
    lines = head.decode("latin-1").split("\r\n")
    headers = dict(line.split(": ", 1) for line in lines[1:])
    return int(lines[0].split()[1]), {k.lower(): v for k, v in headers.items()}, body


@pytest.mark.parametrize(
    "method", ["TRACE", "PATCH", "CONNECT", "POST", "PUT", "DELETE", "OPTIONS", "PROPFIND", "BREW"]
)
def test_every_method_but_get_and_head_is_a_json_405_with_allow(base_url, method):
    status, body, response = get(base_url, "/api/hint?q=2234m506p678s5557z", method=method)
    assert status == 405
    assert response.getheader("Allow") == "GET, HEAD"
    assert response.getheader("Content-Type").startswith("application/json")
    assert body["type"] == "MethodNotAllowed" and method in body["error"]


@pytest.mark.parametrize(
    ("request_bytes", "status"),
    [
        (b"GARBAGE\r\n\r\n", 400),  # a request line of one word
        (b"GET / HTTP/1.x\r\n\r\n", 400),  # a bad version
        (b"GET / HTTP/9.9\r\n\r\n", 505),
        (b"GET /" + b"a" * 65532, 414),  # a line longer than the standard library reads (65,537 bytes)
        (b"GET / HTTP/1.1\r\nX-Long: " + b"a" * 65529, 431),  # a header line as long
        (b"GET / HTTP/1.1\r\n" + b"".join(b"X-%d: 1\r\n" % i for i in range(120)) + b"\r\n", 431),
    ],
)
def test_the_standard_librarys_errors_are_json_too(request_bytes, status):
    with own_server() as (_, port):
        got, headers, body = raw_exchange(port, request_bytes)
    assert got == status
    assert headers["content-type"].startswith("application/json")
    reply = json.loads(body)
    assert reply["type"] == http.client.responses[status].replace(" ", "").replace("-", "")
    assert reply["error"]


def test_a_client_reset_prints_nothing_on_the_console(capsys, caplog):
    """A client that resets its connection mid-request, or after its request and before
    the reply, is no error: nothing on stderr, nothing logged."""
    linger = struct.pack("ii", 1, 0)  # close() then sends a reset, not a FIN
    with own_server(max_connections=1) as (_, port):
        for data in (b"GET /api/hint?q=2234m5", b"GET /api/hint?q=2234m506p678s5557z HTTP/1.1\r\n\r\n"):
            sock = socket.create_connection(("127.0.0.1", port), timeout=30)
            sock.setsockopt(socket.SOL_SOCKET, socket.SO_LINGER, linger)
            sock.sendall(data)
            time.sleep(0.1)  # the server is reading (or answering) it
            sock.close()
            for _ in range(100):  # the one slot comes back once the reset connection is done
                status = get(f"http://127.0.0.1:{port}", "/api/hint?q=2234m506p678s5557z")[0]
                if status == 200:
                    break
                time.sleep(0.1)
            assert status == 200
    captured = capsys.readouterr()
    assert captured.err == "" and "Traceback" not in captured.out
    assert [r for r in caplog.records if r.name.startswith("riichi_lut.web")] == []


def test_accepted_sockets_have_no_nagle_delay(monkeypatch):
    """TCP_NODELAY on the server's side of each connection: a reply is not held back
    waiting for the client's delayed ACK (a ~40 ms stall per keep-alive reply)."""
    from riichi_lut.web.server import PlaygroundHandler

    seen = []
    handle = PlaygroundHandler.handle

    def recording(self):
        seen.append(self.connection.getsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY))
        handle(self)

    monkeypatch.setattr(PlaygroundHandler, "handle", recording)
    with own_server() as (_, port):
        assert get(f"http://127.0.0.1:{port}", "/api/yaku")[0] == 200
    assert len(seen) == 1 and seen[0] != 0


def test_a_reply_leaves_in_one_write(monkeypatch):
    """Headers and body of a reply go to the socket together (one send per reply on a
    keep-alive connection), not as two small writes."""
    writes: list[int] = []
    with own_server() as (_, port):
        for name in ("send", "sendall"):
            original = getattr(socket.socket, name)

            def counting(self, data, *args, _original=original):
                with contextlib.suppress(OSError):
                    if self.getsockname()[1] == port:  # the server's side of a connection
                        writes.append(len(data))
                return _original(self, data, *args)

            monkeypatch.setattr(socket.socket, name, counting)
        connection = http.client.HTTPConnection("127.0.0.1", port, timeout=30)
        try:
            for path in ("/api/hint?q=2234m506p678s5557z", "/tiles/5p.svg", "/app.js"):
                connection.request("GET", path)
                response = connection.getresponse()
                assert response.status == 200 and response.read()
        finally:
            connection.close()
        monkeypatch.undo()
    assert len(writes) == 3
