"""The playground server on a free loopback port, for the server and browser tests."""

from __future__ import annotations

import threading
from collections.abc import Iterator

import pytest

from riichi_lut.web import make_server


@pytest.fixture(scope="session")
def base_url() -> Iterator[str]:
    server = make_server("127.0.0.1", 0)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    try:
        yield f"http://127.0.0.1:{server.server_address[1]}"
    finally:
        server.shutdown()
        server.server_close()
