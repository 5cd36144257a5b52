"""Tests of riichi_lut.errors: error messages quote at most ~80 characters of the input."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from riichi_lut.errors import QUOTE_LIMIT, TileParseError, clip, describe, quote


def test_short_text_is_quoted_whole():
    assert quote("123m") == "'123m'"
    assert clip("x" * QUOTE_LIMIT) == "x" * QUOTE_LIMIT


@given(st.integers(0, 500), st.integers(10, 120), st.none() | st.integers(-5, 520))
def test_clip_keeps_within_the_limit_and_shows_the_culprit(size, limit, around):
    text = "".join(chr(0x4E00 + i) for i in range(size))  # distinct characters: each found once
    clipped = clip(text, limit, around=around)
    if size <= limit:
        assert clipped == text
        return
    assert len(clipped) == limit
    body = clipped.strip("…")
    start = text.index(body)
    assert clipped.startswith("…") == (start > 0)
    assert clipped.endswith("…") == (start + len(body) < size)
    if around is not None and 0 <= around < size:
        assert start <= around < start + len(body)
    if around is None:
        assert start == 0


def test_long_values_of_any_type_are_cut():
    assert len(quote(list(range(10_000)))) == QUOTE_LIMIT
    assert quote(10**70) == str(10**70)
    assert quote(10**5000) == "an int of 16610 bits"  # str() of it would raise


def test_a_broken_repr_does_not_hide_the_error():
    class Broken:
        def __repr__(self) -> str:
            raise RuntimeError("no repr")

    assert quote(Broken()) == "<Broken object>"


def test_describe_names_none_and_the_type():
    assert describe(None) == "None"
    assert describe(2.5) == "float 2.5"
    assert describe("z" * 1000).startswith("str 'zzz") and len(describe("z" * 1000)) < 90


def test_tile_parse_error_keeps_the_whole_text_and_a_short_message():
    text = "5m" * 5000 + "?"
    error = TileParseError("unknown character '?'", text, 10_000)
    assert error.text == text and error.position == 10_000 and error.reason == "unknown character '?'"
    assert str(error).startswith("unknown character '?' (at position 10000 of 10001 in '…")
    assert str(error).endswith("5m5m?')") and len(str(error)) < 140


@pytest.mark.parametrize(
    ("text", "position", "message"),
    [
        ("12m3", 3, "oops (at position 3 in '12m3')"),
        ("12m3", None, "oops (in '12m3')"),
        ("", None, "oops"),
    ],
)
def test_tile_parse_error_of_short_text_reads_as_before(text, position, message):
    assert str(TileParseError("oops", text, position)) == message
