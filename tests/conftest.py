"""Shared test fixtures: the ara shanten problem sets kept in tests/data/shanten; and the
slow mark of two tests whose files are edited elsewhere (the fast tier, ``-m "not slow"``)."""

from __future__ import annotations

import hashlib
from collections.abc import Callable
from functools import cache
from pathlib import Path

import numpy as np
import pytest
import zstandard

DATA = Path(__file__).resolve().parent / "data" / "shanten"

#: sha256 of each original text file, as published in tests/data/shanten/README.md
PROBLEM_SET_SHA256 = {
    "normal": "951b671df158a702cf48b77bd0a3625309989dfc325972615f6d293d08bcf5db",
    "hon": "b2514f4e0994185e3760b04efab3593754a42aa79970aa30704ca17eedcde838",
    "tin": "6a8dd006c18cad6012aaf35abb09daa14b2894b17a6f1b3b6737ada697ccefee",
    "koku": "26beb609091ab808268b65b4ab8116fbbbf2eaf60958b45675678bcc19f0d971",
}


@cache
def read_problem_set(name: str) -> np.ndarray:
    """The 10,000 lines of one set as a (10000, 17) int64 array, after checking that the
    decompressed text is byte for byte the published file."""
    text = zstandard.ZstdDecompressor().decompress((DATA / f"p_{name}_10000.txt.zst").read_bytes())
    assert hashlib.sha256(text).hexdigest() == PROBLEM_SET_SHA256[name], f"{name}: data altered"
    lines = np.array(text.split(), dtype=np.int64).reshape(-1, 17)
    lines.setflags(write=False)
    return lines


@pytest.fixture(scope="session")
def problem_set_lines() -> Callable[[str], np.ndarray]:
    return read_problem_set


#: slow tests marked here rather than by a decorator in their file (those files were being
#: edited in parallel when the fast tier was made; a ``@pytest.mark.slow`` there can replace
#: the line). Each is a sweep of its own: 15 s and 9 s of the fast tier's ~3 minutes.
SLOW_BY_NAME = (
    "tests/riichi/test_win.py::test_keyword_form_equals_win_form_on_many_hands",
    "tests/web/test_server.py::test_a_bounded_concurrent_load_is_answered_without_an_error",
)


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    """Mark ``SLOW_BY_NAME`` slow before ``-m`` selects (conftest hooks run before pytest's own),
    and every test that drives the browser (the ``page`` fixture of tests/web/conftest.py)."""
    for item in items:
        browser = "page" in getattr(item, "fixturenames", ())
        if browser or item.nodeid.split("[")[0] in SLOW_BY_NAME:
            item.add_marker(pytest.mark.slow)
