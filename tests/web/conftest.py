"""The playground server on a free loopback port, for the server and browser tests, and the
browser: Debian's ``chromium`` (``playwright install`` cannot download one here), at
``RIICHI_LUT_CHROMIUM`` or ``/usr/bin/chromium``, driven by Playwright. Without Playwright
or the browser the browser tests skip with the reason, except under ``CI=true``, where they
fail: CI installs both. Screenshots go to ``RIICHI_LUT_SCREENSHOTS`` (a folder) when set,
else to a temporary folder.
"""

from __future__ import annotations

import os
import shutil
import threading
from collections.abc import Iterator
from pathlib import Path
from urllib.parse import urlsplit

import pytest

from riichi_lut.web import make_server

CHROMIUM = os.environ.get("RIICHI_LUT_CHROMIUM", "/usr/bin/chromium")
IN_CI = os.environ.get("CI", "").lower() == "true"
ARGS = [
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
]


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


def _missing() -> str | None:
    try:
        import playwright.sync_api  # noqa: F401
    except ImportError:
        return "playwright is not installed (pip install -e '.[test]')"
    if not (Path(CHROMIUM).is_file() or shutil.which(CHROMIUM)):
        return f"no Chromium at {CHROMIUM} (apt-get install chromium, or set RIICHI_LUT_CHROMIUM)"
    return None


@pytest.fixture(scope="module")
def context(tmp_path_factory):
    missing = _missing()
    if missing:
        if IN_CI:
            pytest.fail(f"the browser tests must run in CI: {missing}")
        pytest.skip(missing)
    from playwright.sync_api import sync_playwright

    with sync_playwright() as p:
        ctx = p.chromium.launch_persistent_context(
            str(tmp_path_factory.mktemp("chromium-profile")),
            executable_path=CHROMIUM,
            args=ARGS,
            headless=True,
            viewport={"width": 1280, "height": 900},
        )
        try:
            yield ctx
        finally:
            ctx.close()


@pytest.fixture
def page(context, base_url):
    """A fresh page; it fails the test on a script error or a request to another host."""
    page = context.new_page()
    errors: list[str] = []
    foreign: list[str] = []
    host = urlsplit(base_url).netloc
    page.on("pageerror", lambda exc: errors.append(str(exc)))
    page.on("request", lambda r: foreign.append(r.url) if urlsplit(r.url).netloc != host else None)
    yield page
    page.close()
    assert errors == [], f"script errors: {errors}"
    assert foreign == [], f"requests to other hosts: {foreign}"


@pytest.fixture(scope="module")
def shots(tmp_path_factory) -> Path:
    folder = os.environ.get("RIICHI_LUT_SCREENSHOTS")
    path = Path(folder) if folder else tmp_path_factory.mktemp("screenshots")
    path.mkdir(parents=True, exist_ok=True)
    return path
