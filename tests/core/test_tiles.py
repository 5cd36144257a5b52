"""Tests of riichi_lut.core.tiles and riichi_lut.core.notations: tile codes, mpsz, mjai names and 136-ids."""

from __future__ import annotations

import numpy as np
import pytest
from hypothesis import given
from hypothesis import strategies as st

from riichi_lut.core.notations import (
    MJAI_NAMES,
    from_136,
    from_136_list,
    parse_mjai,
    parse_mjai_list,
    to_136_list,
    to_mjai,
)
from riichi_lut.core.tiles import (
    CODE_NAMES,
    KIND_NAMES,
    NUM_CODES,
    NUM_KINDS,
    RED_5M,
    RED_5P,
    RED_5S,
    TERMINALS_AND_HONORS,
    codes_from_counts,
    counts_of,
    format_counts,
    format_tiles,
    is_red,
    kind_of,
    parse_tiles,
    red_code_of_kind,
    red_of,
    scan_tiles,
    sort_codes,
    tile_name,
    validate_code,
    validate_counts,
    validate_red,
)
from riichi_lut.errors import InvalidHandError, TileParseError


def one_kind(kind: int, count: int) -> list[int]:
    counts = [0] * NUM_KINDS
    counts[kind] = count
    return counts


# --- tile model -----------------------------------------------------------------------


def test_kind_names_follow_the_documented_order():
    assert len(KIND_NAMES) == NUM_KINDS
    assert (KIND_NAMES[0], KIND_NAMES[8], KIND_NAMES[9], KIND_NAMES[26]) == ("1m", "9m", "1p", "9s")
    assert (KIND_NAMES[27], KIND_NAMES[33]) == ("1z", "7z")
    assert CODE_NAMES[RED_5M:] == ("0m", "0p", "0s")


def test_terminals_and_honors_are_the_13_kokushi_kinds():
    names = sorted(KIND_NAMES[k] for k in TERMINALS_AND_HONORS)
    expected = sorted(["1m", "9m", "1p", "9p", "1s", "9s"] + [f"{n}z" for n in range(1, 8)])
    assert names == expected


@pytest.mark.parametrize(
    ("code", "kind", "red", "name"),
    [
        (0, 0, False, "1m"),
        (4, 4, False, "5m"),
        (RED_5M, 4, True, "0m"),
        (RED_5P, 13, True, "0p"),
        (RED_5S, 22, True, "0s"),
        (22, 22, False, "5s"),
        (33, 33, False, "7z"),
    ],
)
def test_code_properties(code, kind, red, name):
    assert (kind_of(code), is_red(code), tile_name(code)) == (kind, red, name)


def test_red_code_of_kind_for_each_five():
    assert [red_code_of_kind(k) for k in (4, 13, 22)] == [RED_5M, RED_5P, RED_5S]


@pytest.mark.parametrize("kind", [3, 5, 27, 31])
def test_red_code_of_a_non_five_names_the_kind(kind):
    with pytest.raises(InvalidHandError, match=KIND_NAMES[kind]):
        red_code_of_kind(kind)


@pytest.mark.parametrize("code", [-1, NUM_CODES, 100])
def test_code_out_of_range(code):
    with pytest.raises(InvalidHandError, match=str(code)):
        validate_code(code)


@pytest.mark.parametrize(("code", "type_name"), [(True, "bool"), (1.0, "float"), ("1", "str")])
def test_code_must_be_an_int(code, type_name):
    with pytest.raises(InvalidHandError, match=type_name):
        kind_of(code)


def test_numpy_integers_are_codes():
    assert kind_of(np.uint8(RED_5S)) == 22


def test_sort_codes_puts_the_red_five_first_among_fives():
    assert sort_codes([4, 27, 4, RED_5M, 3]) == [3, RED_5M, 4, 4, 27]


# --- mpsz parsing ---------------------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "codes"),
    [
        ("1m", [0]),
        ("9s", [26]),
        ("7z", [33]),
        ("120m 7z", [0, 1, RED_5M, 33]),
        ("0p0s", [RED_5P, RED_5S]),
        ("  5p\t5s ", [13, 22]),
        ("321m", [2, 1, 0]),
        ("1z2z", [27, 28]),
    ],
)
def test_parse_tiles_keeps_written_order(text, codes):
    assert parse_tiles(text) == codes


@pytest.mark.parametrize(
    ("text", "position", "fragment"),
    [
        ("123h", 3, "unknown character 'h'"),
        ("E", 0, "unknown character 'E'"),
        ("5mr", 2, "unknown character 'r'"),
        ("1X", 1, "unknown character 'X'"),  # upper-case suits are read (test_typed.py), not other letters
        ("12m-3p", 3, "unknown character '-'"),
        ("8z", 0, "8z"),
        ("12m9z", 3, "9z"),
        ("0z", 0, "0z"),
        ("1230z", 3, "0z"),
        ("123", 0, "no suit"),
        ("12m3", 3, "no suit"),
        ("12 3m", 0, "no suit"),
        ("m", 0, "suit letter 'm' has no digits"),
        ("11mm", 3, "suit letter 'm' has no digits"),
    ],
)
def test_parse_tiles_error_names_the_position(text, position, fragment):
    with pytest.raises(TileParseError, match=fragment) as exc:
        parse_tiles(text)
    assert exc.value.position == position
    assert exc.value.text == text


@pytest.mark.parametrize("text", ["", "   ", "\n"])
def test_parse_tiles_empty_is_an_error_about_the_whole_string(text):
    with pytest.raises(TileParseError, match="no tiles") as exc:
        parse_tiles(text)
    assert exc.value.position is None


def test_parse_tiles_rejects_non_strings():
    with pytest.raises(TileParseError, match="list"):
        parse_tiles([1, 2])  # type: ignore[arg-type]


def test_parse_tiles_fifth_copy_names_kind_and_position():
    with pytest.raises(InvalidHandError, match="1m: a 5th copy at position 5"):
        parse_tiles("1111m1m")


def test_parse_tiles_second_red_five_names_position():
    with pytest.raises(InvalidHandError, match="two red 5p: the second at position 3"):
        parse_tiles("0p 0p")


def test_four_copies_including_the_red_five_are_fine():
    assert counts_of(parse_tiles("0555m"))[4] == 4


def test_scan_tiles_reports_positions_in_the_whole_text():
    assert scan_tiles("xx 19s", 3) == [(18, 3), (26, 4)]
    assert scan_tiles("[]", 1, 1) == []


# --- formatting and counts ------------------------------------------------------------


@pytest.mark.parametrize(
    ("codes", "text"),
    [
        ([33, 0], "1m7z"),
        ([4, RED_5M, 2, 3], "3405m"),
        ([RED_5P, 13, RED_5S], "05p0s"),
        ([27, 9, 18, 0], "1m1p1s1z"),
        ([], ""),
    ],
)
def test_format_tiles_is_canonical(codes, text):
    assert format_tiles(codes) == text


def test_format_tiles_refuses_a_fifth_copy():
    with pytest.raises(InvalidHandError, match="5m has 5 copies"):
        format_tiles([4] * 5)


def test_counts_and_red_of_codes():
    codes = parse_tiles("0m55m0p1z")
    expected = one_kind(4, 3)
    expected[13] = expected[27] = 1
    assert counts_of(codes) == expected
    assert red_of(codes) == (1, 1, 0)


def test_counts_of_refuses_a_string():
    with pytest.raises(InvalidHandError, match="parse_tiles"):
        counts_of("123m")  # type: ignore[arg-type]


def test_codes_from_counts_and_format_counts_agree():
    counts = one_kind(13, 3)
    counts[0] = 2
    assert codes_from_counts(counts, red=(0, 1, 0)) == [0, 0, RED_5P, 13, 13]
    assert format_counts(counts, red=(0, 1, 0)) == "11m055p"


def test_validate_counts_accepts_numpy_and_returns_python_ints():
    values = validate_counts(np.array(one_kind(5, 4), dtype=np.uint8))
    assert values == one_kind(5, 4)
    assert all(type(v) is int for v in values)


@pytest.mark.parametrize(
    ("counts", "fragment"),
    [
        ([0] * 33, "34 counts .* got 33"),
        ([0] * 35, "got 35"),
        (one_kind(4, 5), "5m has 5 copies"),
        (one_kind(33, 9), "7z has 9 copies"),
        (one_kind(10, -1), "2p has a negative count"),
        ([True] + [0] * 33, r"counts\[0\] \(1m\) is a bool"),
        ([0] * 20 + [1.0] + [0] * 13, r"counts\[20\] \(3s\) is a float"),
        ("0" * 34, "str"),
        (7, "int"),
        (np.zeros((2, 34), dtype=np.uint8), r"shape \(2, 34\)"),
    ],
)
def test_validate_counts_errors(counts, fragment):
    with pytest.raises(InvalidHandError, match=fragment):
        validate_counts(counts)


def test_validate_counts_uses_the_given_name():
    with pytest.raises(InvalidHandError, match=r"^visible: 1s has 5 copies"):
        validate_counts(one_kind(18, 5), name="visible")


@pytest.mark.parametrize(
    ("red", "counts", "fragment"),
    [
        ((2, 0, 0), None, "2 red 5m"),
        ((0, -1, 0), None, "-1 red 5p"),
        ((0, 0), None, "3 red-five counts"),
        ((0, 0, True), None, "bool"),
        ((0, 0, 1), [0] * 34, "a red 5s but no 5s"),
    ],
)
def test_validate_red_errors(red, counts, fragment):
    with pytest.raises(InvalidHandError, match=fragment):
        validate_red(red, counts)


def test_two_red_fives_in_a_list_of_codes():
    with pytest.raises(InvalidHandError, match="2 red 5s"):
        red_of([RED_5S, RED_5S])


# --- mjai -----------------------------------------------------------------------------


def test_mjai_names_round_trip_for_every_code():
    assert [parse_mjai(to_mjai(code)) for code in range(NUM_CODES)] == list(range(NUM_CODES))


@pytest.mark.parametrize(
    ("name", "code"),
    [
        ("1m", 0),
        ("5mr", RED_5M),
        ("5pr", RED_5P),
        ("5sr", RED_5S),
        ("E", 27),
        ("N", 30),
        ("P", 31),
        ("F", 32),
        ("C", 33),
    ],
)
def test_parse_mjai(name, code):
    assert parse_mjai(name) == code


@pytest.mark.parametrize("name", ["0m", "1z", "?", "5zr", "e", "5m ", "", "5r"])
def test_unknown_mjai_names(name):
    with pytest.raises(TileParseError, match="unknown mjai tile name") as exc:
        parse_mjai(name)
    assert exc.value.text == name


def test_mjai_name_must_be_a_string():
    with pytest.raises(TileParseError, match="int"):
        parse_mjai(5)  # type: ignore[arg-type]


def test_parse_mjai_list_names_the_bad_item():
    with pytest.raises(TileParseError, match="item 2: unknown mjai tile name"):
        parse_mjai_list(["E", "S", "1z"])


def test_parse_mjai_list_refuses_one_string_and_a_second_red():
    with pytest.raises(TileParseError, match="single string"):
        parse_mjai_list("E")
    with pytest.raises(InvalidHandError, match="2 red 5m"):
        parse_mjai_list(["5mr", "5mr"])


def test_mjai_names_are_not_mpsz():
    assert MJAI_NAMES[27:34] == ("E", "S", "W", "N", "P", "F", "C")
    with pytest.raises(TileParseError):
        parse_tiles("5mr")


# --- 136-ids --------------------------------------------------------------------------


def test_from_136_kinds_and_red_ids():
    assert [from_136(i) for i in (0, 3, 4, 135)] == [0, 0, 1, 33]
    assert [from_136(i) for i in (16, 52, 88)] == [RED_5M, RED_5P, RED_5S]
    assert [from_136(i, red=False) for i in (16, 52, 88)] == [4, 13, 22]
    assert from_136(17) == 4


@pytest.mark.parametrize("tile_id", [-1, 136, 1000])
def test_from_136_out_of_range(tile_id):
    with pytest.raises(InvalidHandError, match=f"136-id {tile_id} is out of range"):
        from_136(tile_id)


def test_from_136_list_names_duplicates_and_bad_items():
    with pytest.raises(InvalidHandError, match=r"136-id 5 appears twice \(items 1 and 3\)"):
        from_136_list([0, 5, 9, 5])
    with pytest.raises(InvalidHandError, match="item 2: 136-id 136"):
        from_136_list([0, 1, 136])


def test_to_136_list_gives_red_ids_and_increasing_plain_ids():
    assert to_136_list([4, RED_5M, 4, 4]) == [17, 16, 18, 19]
    assert to_136_list([13, 13, 0, 0]) == [53, 54, 0, 1]
    assert to_136_list([4, 4, 4, 4], red=False) == [16, 17, 18, 19]


@pytest.mark.parametrize(
    ("codes", "red", "fragment"),
    [
        ([22] * 4, True, "4 plain 5s do not fit"),
        ([0] * 5, True, "1m has 5 copies"),
        ([RED_5P], False, "red=False"),
        ([RED_5M, RED_5M], True, "2 red 5m"),
    ],
)
def test_to_136_list_errors(codes, red, fragment):
    with pytest.raises(InvalidHandError, match=fragment):
        to_136_list(codes, red=red)


# --- round trips over random tile sets ------------------------------------------------

tile_id_sets = st.lists(st.integers(0, 135), unique=True, min_size=1, max_size=30)


@given(tile_id_sets, st.booleans())
def test_136_round_trip(tile_ids, red):
    codes = from_136_list(tile_ids, red=red)
    assert from_136_list(to_136_list(codes, red=red), red=red) == codes


@given(tile_id_sets)
def test_mpsz_round_trip(tile_ids):
    codes = from_136_list(tile_ids)
    text = format_tiles(codes)
    assert parse_tiles(text) == sort_codes(codes)
    assert format_tiles(parse_tiles(text)) == text
    assert format_counts(counts_of(codes), red_of(codes)) == text


@given(tile_id_sets)
def test_mjai_list_round_trip(tile_ids):
    codes = from_136_list(tile_ids)
    assert parse_mjai_list([to_mjai(c) for c in codes]) == codes


# --- bad inputs fail by name, quoted short -----------------------------------------------

NOT_A_LIST = [(None, "None"), (5, "int 5"), (1.5, "float 1.5"), (True, "bool True"), (False, "bool False")]


@pytest.mark.parametrize(("obj", "described"), NOT_A_LIST)
@pytest.mark.parametrize(
    ("function", "parameter"),
    [
        (from_136_list, "from_136_list: tile_ids"),
        (to_136_list, "to_136_list: codes"),
        (parse_mjai_list, "parse_mjai_list: names"),
        (format_tiles, "format_tiles: codes"),
    ],
)
def test_list_functions_name_the_parameter_and_the_type_given(function, parameter, obj, described):
    with pytest.raises(InvalidHandError, match=f"^{parameter} must be a sequence of .*, got {described}$"):
        function(obj)


@pytest.mark.parametrize(
    ("function", "text", "fragment"),
    [
        (from_136_list, "0 16", "tile_ids are 136-ids"),
        (from_136_list, b"\x00\x10", "tile_ids are 136-ids"),
        (to_136_list, "123m", "parse it with parse_tiles"),
        (format_tiles, "123m", "parse it with parse_tiles"),
    ],
)
def test_list_functions_refuse_a_string(function, text, fragment):
    with pytest.raises(InvalidHandError, match=fragment):
        function(text)


def test_list_functions_still_take_any_iterable():
    assert from_136_list(iter([0, 16])) == [0, RED_5M]
    assert to_136_list(np.array([4, RED_5M])) == [17, 16]
    assert parse_mjai_list(("E", "5mr")) == [27, RED_5M]
    assert format_tiles(c for c in (33, 0)) == "1m7z"


def test_a_10000_character_bad_tile_string_gives_a_short_message_with_the_position():
    text = "1s" * 5000 + "8z"
    with pytest.raises(TileParseError, match="honor 8z") as exc:
        parse_tiles(text)
    message = str(exc.value)
    assert exc.value.position == 10_000 and exc.value.reason.startswith("honor 8z")
    assert "at position 10000 of 10002" in message and message.endswith("1s1s8z')")
    assert len(message) < 160


def test_a_fifth_copy_far_into_a_long_string_is_quoted_around_it():
    text = " " * 10_000 + "11111m"
    with pytest.raises(InvalidHandError, match="1m: a 5th copy at position 10004") as exc:
        parse_tiles(text)
    assert "11111m'" in str(exc.value) and len(str(exc.value)) < 150


@pytest.mark.parametrize(
    ("call", "fragment"),
    [
        (lambda: validate_code(10**5000), "tile code an int of 16610 bits is out of range"),
        (lambda: validate_code("x" * 10_000), "tile code is a str"),
        (lambda: validate_red(list(range(10_000))), "red must be 3 red-five counts"),
        (lambda: validate_counts([10**400] + [0] * 33), "1m has an int of 1329 bits copies"),
        (lambda: from_136_list([10**5000]), "136-id an int of 16610 bits"),
    ],
)
def test_huge_values_are_quoted_short(call, fragment):
    with pytest.raises(InvalidHandError, match=fragment) as exc:
        call()
    assert len(str(exc.value)) < 200
