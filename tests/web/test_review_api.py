"""``POST /api/review`` (issue 28 item 4): a shared log's reply is ``review(path, seat).to_dict()``
with the players' names, bad logs and seats are a 400 naming the library's error, the body
is capped, its length required, and every other path keeps its GET-only behaviour."""

from __future__ import annotations

import http.client
import json
import socket
from pathlib import Path
from urllib.parse import quote, urlsplit

import pytest

from riichi_lut import review
from riichi_lut.game import read_log
from riichi_lut.web.review import MAX_BODY

LOGS = Path(__file__).resolve().parents[1] / "data" / "game-logs"
SHORT = LOGS / "tenhou6" / "convlog-ranked_game.json"  # three hands, a complete game: fast
CUT = LOGS / "tenhou6" / "convlog-chankan.json"  # one hand of a game the log cuts short
MJLOG = LOGS / "mjlog" / "2019021004gm-00a9-0000-e2f6516d.xml"
GZIP = LOGS / "mjlog" / "2010081709gm-00a9-0000-fe3371ad.mjlog"


def post(
    base_url: str,
    query: str = "",
    body: bytes | None = b"",
    headers: dict[str, str] | None = None,
    method: str = "POST",
    path: str = "/api/review",
):
    """(status, parsed JSON, response) of one request."""
    url = urlsplit(base_url)
    connection = http.client.HTTPConnection(url.hostname, url.port, timeout=60)
    try:
        connection.request(method, f"{path}{query}", body=body, headers=headers or {})
        response = connection.getresponse()
        data = response.read()
        assert response.getheader("Content-Type", "").startswith("application/json")
        return response.status, json.loads(data), response
    finally:
        connection.close()


def expected(path: Path, seat: int | str, **kwargs) -> dict:
    """What the route must answer: the library's review after a JSON round trip (the
    players' names in it, for the page's choice of seat)."""
    out = json.loads(json.dumps(review(path, seat, **kwargs).to_dict(), ensure_ascii=False))
    assert out["names"] == list(read_log(path).names)
    return out


@pytest.mark.parametrize("seat", [0, 3])
def test_a_shared_logs_reply_equals_the_librarys_review_with_the_names(base_url, seat):
    status, body, _ = post(base_url, f"?seat={seat}&source={SHORT.name}", SHORT.read_bytes())
    assert status == 200
    assert body == expected(SHORT, seat)
    assert body["decisions"][0]["state"] is not None  # what the seat saw comes with each decision


def test_a_player_by_name_is_that_seat(base_url):
    names = read_log(SHORT).names
    status, body, _ = post(base_url, f"?player={quote(names[2])}&source={SHORT.name}", SHORT.read_bytes())
    assert status == 200 and body["seat"] == 2 and body == expected(SHORT, 2)


def test_without_a_source_the_review_says_text(base_url):
    status, body, _ = post(base_url, "?seat=1", SHORT.read_bytes())
    assert status == 200 and body["source"] == "<text>"
    assert {**body, "source": SHORT.name} == expected(SHORT, 1)


@pytest.mark.slow  # two hanchan reviews, about 3 s
@pytest.mark.parametrize(("path", "seat"), [(MJLOG, "Sidecar"), (GZIP, 1)])
def test_an_mjlog_plain_or_gzip_equals_the_librarys_review(base_url, path, seat):
    query = f"?player={quote(seat)}" if isinstance(seat, str) else f"?seat={seat}"
    status, body, _ = post(base_url, f"{query}&source={path.name}", path.read_bytes())
    assert status == 200
    assert body == expected(path, seat)


def test_a_log_cut_short_is_a_log_format_error_unless_partial(base_url):
    status, body, _ = post(base_url, "?seat=0", CUT.read_bytes())
    assert status == 400 and body["type"] == "LogFormatError" and "partial" in body["error"]
    status, body, _ = post(base_url, f"?seat=0&partial=1&source={CUT.name}", CUT.read_bytes())
    assert status == 200 and body["complete"] is False and body["skipped"]
    assert body == expected(CUT, 0, partial=True)


@pytest.mark.parametrize(
    ("query", "body", "kind", "parameter", "words"),
    [
        ("?seat=0", b"this is not a game log", "LogFormatError", None, "not a game log"),
        ("?seat=0", b"", "LogFormatError", None, ""),
        ("?seat=4", None, "InvalidArgumentError", "seat", "seat=4 does not exist"),
        ("?seat=x", None, "InvalidArgumentError", "seat", "seat must be a seat index"),
        ("?player=Nobody", None, "InvalidArgumentError", "player", "player 'Nobody' is not a player"),
        ("?seat=1&player=Nobody", None, "InvalidArgumentError", None, "seat or player"),
        ("?seat=1&seat=2", None, "InvalidArgumentError", "seat", "given 2 times"),
        ("?partial=yes", None, "InvalidArgumentError", "partial", "switch"),
        ("?hand=1m", None, "InvalidArgumentError", None, "unknown parameter 'hand'"),
        ("?source=" + "x" * 300, None, "InvalidArgumentError", "source", "file name"),
    ],
)
def test_bad_logs_and_seats_are_400_with_the_librarys_error(base_url, query, body, kind, parameter, words):
    status, reply, _ = post(base_url, query, SHORT.read_bytes() if body is None else body)
    assert status == 400
    assert reply["type"] == kind and reply["parameter"] == parameter
    assert words in reply["error"]


def test_a_body_over_the_limit_is_a_413_naming_it_and_the_body_is_not_read(base_url):
    url = urlsplit(base_url)
    with socket.create_connection((url.hostname, url.port), timeout=10) as sock:
        head = f"POST /api/review HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Length: {MAX_BODY + 1}\r\n\r\n"
        sock.sendall(head.encode())  # no body sent: the refusal comes from the headers alone
        data = b""
        while chunk := sock.recv(65536):
            data += chunk
    status_line, _, rest = data.partition(b"\r\n")
    assert status_line.split()[1] == b"413"
    reply = json.loads(rest.split(b"\r\n\r\n", 1)[1])
    assert str(MAX_BODY) in reply["error"] and "4 MiB" in reply["error"]


def test_a_body_at_the_limit_is_read(base_url):
    status, reply, _ = post(base_url, "?seat=0", b" " * MAX_BODY)
    assert status == 400 and reply["type"] == "LogFormatError"  # read, then refused as a log


def test_a_content_length_is_required(base_url):
    url = urlsplit(base_url)
    for extra in ("", "Transfer-Encoding: chunked\r\n"):
        with socket.create_connection((url.hostname, url.port), timeout=10) as sock:
            sock.sendall(f"POST /api/review HTTP/1.1\r\nHost: 127.0.0.1\r\n{extra}\r\n".encode())
            data = b""
            while chunk := sock.recv(65536):
                data += chunk
        assert data.split()[1] == b"411"
        assert json.loads(data.split(b"\r\n\r\n", 1)[1])["type"] == "LengthRequired"


def test_a_foreign_host_is_refused(base_url):
    status, reply, _ = post(base_url, "?seat=0", SHORT.read_bytes(), headers={"Host": "evil.example"})
    assert status == 403 and reply["type"] == "Forbidden"


@pytest.mark.parametrize("method", ["GET", "HEAD", "PUT", "DELETE"])
def test_the_review_route_answers_post_only(base_url, method):
    url = urlsplit(base_url)
    connection = http.client.HTTPConnection(url.hostname, url.port, timeout=10)
    connection.request(method, "/api/review", body=None)
    response = connection.getresponse()
    response.read()
    connection.close()
    assert response.status == 405 and response.getheader("Allow") == "POST"


@pytest.mark.parametrize("path", ["/api/hint?q=2234m506p678s5557z", "/", "/review.js", "/api/nothing"])
def test_every_other_path_still_refuses_post(base_url, path):
    status, reply, response = post(base_url, "", b"{}", path=path)
    assert status == 405 and response.getheader("Allow") == "GET, HEAD"
    assert reply["type"] == "MethodNotAllowed"


def test_a_kept_alive_connection_serves_a_get_after_a_review(base_url):
    url = urlsplit(base_url)
    connection = http.client.HTTPConnection(url.hostname, url.port, timeout=30)
    try:
        connection.request("POST", "/api/review?seat=0", body=SHORT.read_bytes())
        first = connection.getresponse()
        assert first.status == 200 and json.loads(first.read())["seat"] == 0
        connection.request("GET", "/api/hint?q=2234m506p678s5557z")
        second = connection.getresponse()
        assert second.status == 200 and json.loads(second.read())["discard"] == "7z"
    finally:
        connection.close()
