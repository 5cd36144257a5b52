"""Tests of riichi_lut.core.hand: calls, Hand validation, hand notation and as_hand."""

from __future__ import annotations

import dataclasses

import numpy as np
import pytest
from hypothesis import given
from hypothesis import strategies as st

from riichi_lut.core.hand import (
    Call,
    CallType,
    Hand,
    as_hand,
    parse_hand,
    validate_concealed_counts,
)
from riichi_lut.core.tiles import (
    NUM_KINDS,
    RED_5M,
    RED_5P,
    RED_5S,
    RED_CODES,
    RED_FIVE_KINDS,
    counts_of,
    parse_tiles,
)
from riichi_lut.errors import InvalidHandError, TileParseError

C = CallType


def first_kinds(n: int) -> list[int]:
    """Counts with one copy of each of the kinds 0..n-1 (number tiles only for n <= 27)."""
    return [1] * n + [0] * (NUM_KINDS - n)


def counts(text: str) -> tuple[int, ...]:
    """Concealed counts written in mpsz."""
    return tuple(counts_of(parse_tiles(text)))


def honor_pons(k: int) -> tuple[Call, ...]:
    return tuple(Call.pon(27 + i) for i in range(k))


# --- calls ----------------------------------------------------------------------------


def test_call_type_is_a_string_enum():
    assert C.OPEN_KAN == "open_kan" and isinstance(C.CHI, str)
    assert Call("pon", (0, 0, 0)).type is C.PON  # type: ignore[arg-type]


@pytest.mark.parametrize(
    ("call_type", "tiles", "stored", "text"),
    [
        (C.CHI, (2, 0, 1), (0, 1, 2), "[123m]"),
        (C.CHI, (14, RED_5P, 12), (12, RED_5P, 14), "[406p]"),
        (C.CHI, (24, 25, 26), (24, 25, 26), "[789s]"),
        (C.PON, (13, RED_5P, 13), (RED_5P, 13, 13), "[055p]"),
        (C.OPEN_KAN, [4, 4, RED_5M, 4], (RED_5M, 4, 4, 4), "[0555m]"),
        (C.ADDED_KAN, (31,) * 4, (31,) * 4, "[5555z]"),
        (C.CLOSED_KAN, (22, 22, RED_5S, 22), (RED_5S, 22, 22, 22), "(0555s)"),
    ],
)
def test_valid_calls_are_stored_sorted(call_type, tiles, stored, text):
    call = Call(call_type, tiles)
    assert call.tiles == stored
    assert call.to_text() == text


@pytest.mark.parametrize(
    ("call_type", "tiles", "fragment"),
    [
        (C.CHI, (27, 28, 29), "a chi cannot use honors"),
        (C.CHI, (7, 8, 9), "three tiles of one suit, got 8m 9m 1p"),
        (C.CHI, (0, 1, 11), "one suit"),
        (C.CHI, (0, 2, 4), "consecutive"),
        (C.CHI, (0, 0, 1), "consecutive"),
        (C.CHI, (0, 1, 2, 3), "a chi has 3 tiles, got 4"),
        (C.PON, (0, 0, 1), "a pon is 3 identical tiles"),
        (C.PON, (0, 0), "a pon has 3 tiles, got 2"),
        (C.PON, (RED_5M, RED_5M, 4), "two red fives of one suit in a pon"),
        (C.OPEN_KAN, (0, 0, 0, 1), "an open kan is 4 identical tiles"),
        (C.CLOSED_KAN, (27, 27, 27), "a closed kan has 4 tiles, got 3"),
        (C.ADDED_KAN, (0, 0, 0, 0, 0), "an added kan has 4 tiles, got 5"),
        ("ron", (0, 0, 0), "unknown call type 'ron'"),
    ],
)
def test_malformed_calls(call_type, tiles, fragment):
    with pytest.raises(InvalidHandError, match=fragment):
        Call(call_type, tiles)


def test_call_tiles_must_be_codes():
    with pytest.raises(InvalidHandError, match="parse_hand"):
        Call(C.PON, "111m")  # type: ignore[arg-type]
    with pytest.raises(InvalidHandError, match="out of range"):
        Call(C.PON, (40, 40, 40))


def test_call_constructors():
    assert Call.chi(2, red=1).tiles == (2, 3, RED_5M)
    assert Call.pon(13, red=1).tiles == (RED_5P, 13, 13)
    assert Call.open_kan(0).type is C.OPEN_KAN
    assert Call.added_kan(33).to_text() == "[7777z]"
    assert Call.closed_kan(22, red=1).to_text() == "(0555s)"


@pytest.mark.parametrize(
    ("make", "fragment"),
    [
        (lambda: Call.chi(7), "a chi starts from 1-7 of a suit, not 8m"),
        (lambda: Call.chi(27), "not 1z"),
        (lambda: Call.chi(0, red=1), "no five to make red"),
        (lambda: Call.pon(0, red=1), "1m has no red version"),
        (lambda: Call.pon(4, red=2), "red must be 0 or 1"),
        (lambda: Call.closed_kan(34), "out of range"),
    ],
)
def test_call_constructor_errors(make, fragment):
    with pytest.raises(InvalidHandError, match=fragment):
        make()


def test_call_properties():
    chi = Call.chi(11, red=1)
    assert (chi.kind, chi.kinds, chi.red) == (11, (11, 12, 13), (0, 1, 0))
    assert chi.is_open and not chi.is_kan
    kan = Call.closed_kan(4, red=1)
    assert not kan.is_open and kan.is_kan
    assert kan.counts[4] == 4 and sum(kan.counts) == 4
    assert Call.added_kan(0).is_open and Call.open_kan(0).is_kan


# --- parsing --------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "types", "concealed", "canonical"),
    [
        ("123m 456p 789s 1122z", [], 13, "123m456p789s1122z"),
        ("23m456p55z [789s] (1111z)", [C.CHI, C.CLOSED_KAN], 7, "23m456p55z [789s] (1111z)"),
        (
            "11z [312m] [0555p] (7777z) [406s]",
            [C.CHI, C.OPEN_KAN, C.CLOSED_KAN, C.CHI],
            2,
            "11z [123m] [0555p] (7777z) [406s]",
        ),
        ("0m55m123p4s  [555s] [879m] ", [C.PON, C.CHI], 7, "055m123p4s [555s] [789m]"),
        ("1z[123m][456m][789m][123p]", [C.CHI] * 4, 1, "1z [123m] [456m] [789m] [123p]"),
        ("12345678999m [5555z]", [C.OPEN_KAN], 11, "12345678999m [5555z]"),
    ],
)
def test_parse_hand_reads_calls_by_shape(text, types, concealed, canonical):
    hand = parse_hand(text)
    assert [c.type for c in hand.calls] == types
    assert hand.concealed_count == concealed
    assert hand.to_text() == canonical


@pytest.mark.parametrize(
    ("text", "position", "fragment"),
    [
        ("123m456p789s1z [123h]", 19, "unknown character 'h'"),
        ("123m456p789s1z [123m", 15, r"unclosed '\['"),
        ("123m456p789s1z (1111z", 15, r"unclosed '\('"),
        ("123m456p789s1z [12[3m]]", 18, "nested bracket"),
        ("123m456p789s1z [123m)", 20, r"does not close '\[' at position 15"),
        ("123m456p789s1z] [123m]", 14, "without an opening bracket"),
        ("123m456p789s1z [123m]]", 21, "without an opening bracket"),
        ("123m456p789s1z []", 15, "empty call"),
        ("123m456p789s1z ( )", 15, "empty call"),
        ("123m456p789s1z [12m]", 15, "3 or 4 tiles, got 2"),
        ("123m456p789s1z [11111m]", 15, "3 or 4 tiles, got 5"),
        ("123m456p789s1z [789s] 11z", 22, "concealed tiles come first"),
        ("123m456p789s1z [789s] m", 22, "concealed tiles come first"),
        ("123m456p789s1z [789s] E", 22, "unknown character 'E'"),
        ("123m456p789s8z", 12, "8z"),
        ("123m456p789s11 [123m]", 12, "no suit"),
        ("", None, "no tiles"),
        ("  ", None, "no tiles"),
    ],
)
def test_parse_hand_syntax_errors_name_the_position(text, position, fragment):
    with pytest.raises(TileParseError, match=fragment) as exc:
        parse_hand(text)
    assert exc.value.position == position


@pytest.mark.parametrize(
    ("call", "fragment"),
    [
        ("[123z]", "a chi cannot use honors"),
        ("[12m3p]", "one suit"),
        ("[891m]", "consecutive"),
        ("[135m]", "consecutive"),
        ("[556m]", "consecutive"),
        ("[1112m]", "an open kan is 4 identical tiles"),
        ("(1112m)", "a closed kan is 4 identical tiles"),
        ("(123m)", "parentheses mark a closed kan"),
        ("(555m)", "parentheses mark a closed kan"),
        ("[005p]", "two red fives of one suit in a pon"),
    ],
)
def test_malformed_calls_in_notation_name_call_and_position(call, fragment):
    with pytest.raises(InvalidHandError, match=fragment) as exc:
        parse_hand("123m456p789s1z " + call)
    assert f"{call} at position 15" in str(exc.value)


def test_parse_hand_rejects_non_strings():
    with pytest.raises(TileParseError, match="bytes"):
        parse_hand(b"123m")  # type: ignore[arg-type]


# --- copies and red fives -------------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "fragment"),
    [
        ("123m456p789s1z [555p] (5555p)", "5p: a 5th copy at position 23"),
        ("23m456p11z [789s] (1111z)", "1z: a 5th copy at position 21"),
        ("11111m222p333s44z", "1m: a 5th copy at position 4"),
    ],
)
def test_fifth_copy_in_notation_names_kind_and_position(text, fragment):
    with pytest.raises(InvalidHandError, match=fragment):
        parse_hand(text)


@pytest.mark.parametrize(
    ("concealed", "calls", "fragment"),
    [
        (
            "12345678m55p",
            (Call.pon(13),),
            r"5p: 5 copies across hand and calls \(2 concealed, \[555p\]\)",
        ),
        (
            "1234567m",
            (Call.pon(13), Call.open_kan(13)),
            r"5p: 7 copies across hand and calls \(\[555p\], \[5555p\]\)",
        ),
        (
            "1234567m",
            (Call.chi(0), Call.closed_kan(0)),
            r"1m: 6 copies across hand and calls \(1 concealed, \[123m\], \(1111m\)\)",
        ),
    ],
)
def test_fifth_copy_across_hand_and_calls_in_code(concealed, calls, fragment):
    with pytest.raises(InvalidHandError, match=fragment):
        Hand(counts(concealed), calls=calls)


def test_four_held_copies_are_fine_five_are_not():
    hand = parse_hand("1111m2222p3333s4z")
    assert [hand.concealed[k] for k in (0, 10, 20, 30)] == [4, 4, 4, 1]
    five = [0] * NUM_KINDS
    five[0], five[9], five[18] = 5, 4, 4
    with pytest.raises(InvalidHandError, match="concealed: 1m has 5 copies"):
        Hand(tuple(five))


def test_red_fives_in_notation():
    hand = parse_hand("0m123p456s789s1z [406p]")
    assert hand.red == (1, 0, 0) and hand.calls[0].red == (0, 1, 0)
    assert hand.total_red == (1, 1, 0)
    assert hand.codes[0] == RED_5M


def test_red_five_in_pon_and_kan():
    hand = parse_hand("123m456p7z [055s] (0555m)")
    assert hand.total_red == (1, 0, 1)
    assert hand.total_counts[4] == 4 and hand.total_counts[22] == 3
    assert hand.to_text() == "123m456p7z [055s] (0555m)"


@pytest.mark.parametrize(
    ("text", "fragment"),
    [
        ("0p123m456p789s1z [055p]", "two red 5p: the second at position 18"),
        ("00m123p456p789s1z", "two red 5m: the second at position 1"),
        ("0s123m456p78s [406s]", "two red 5s: the second at position 16"),
    ],
)
def test_two_red_fives_of_a_suit_in_notation(text, fragment):
    with pytest.raises(InvalidHandError, match=fragment):
        parse_hand(text)


def test_two_red_fives_of_a_suit_in_code():
    fragment = r"5p: 2 red fives across hand and calls \(concealed, \[055p\]\)"
    with pytest.raises(InvalidHandError, match=fragment):
        Hand(counts("12345678m5p1z"), red=(0, 1, 0), calls=(Call.pon(13, red=1),))


@pytest.mark.parametrize(("red", "fragment"), [((0, 0, 1), "a red 5s but no 5s"), ((0, 2, 0), "2 red 5p")])
def test_hand_red_must_match_the_concealed_fives(red, fragment):
    with pytest.raises(InvalidHandError, match=fragment):
        Hand(counts("123456789m1234p"), red=red)


# --- tile count -----------------------------------------------------------------------


def count_message(k: int, n: int) -> str:
    calls = "1 call" if k == 1 else f"{k} calls"
    return f"a hand with {calls} has {13 - 3 * k} or {14 - 3 * k} concealed tiles, got {n}$"


@pytest.mark.parametrize("k", range(5))
@pytest.mark.parametrize("delta", [-1, 2])
def test_tile_count_must_fit_the_calls(k, delta):
    n = 13 - 3 * k + delta
    with pytest.raises(InvalidHandError, match=count_message(k, n)):
        Hand(tuple(first_kinds(n)), calls=honor_pons(k))
    with pytest.raises(InvalidHandError, match=count_message(k, n)):
        validate_concealed_counts(first_kinds(n), melds=k)


@pytest.mark.parametrize("k", range(5))
@pytest.mark.parametrize("delta", [0, 1])
def test_tile_counts_that_fit(k, delta):
    n = 13 - 3 * k + delta
    hand = Hand(tuple(first_kinds(n)), calls=honor_pons(k))
    assert hand.is_complete_size == (delta == 1)
    assert sum(validate_concealed_counts(first_kinds(n), melds=np.int8(k))) == n


def test_kans_count_as_three():
    with pytest.raises(InvalidHandError, match=count_message(1, 13)):
        parse_hand("123456789m1234p (1111z)")
    assert parse_hand("123456789m1p (1111z)").is_complete_size is False


def test_at_most_four_calls():
    with pytest.raises(InvalidHandError, match="at most 4 calls, got 5"):
        Hand(tuple(first_kinds(0)), calls=honor_pons(5))


@pytest.mark.parametrize("melds", [5, -1, True, "1", None])
def test_validate_concealed_counts_melds_must_be_0_to_4(melds):
    with pytest.raises(InvalidHandError, match=r"melds must be an int 0\.\.4"):
        validate_concealed_counts(first_kinds(13), melds=melds)  # type: ignore[arg-type]


# --- hand properties ------------------------------------------------------------------


@pytest.mark.parametrize(
    "text",
    [
        "19m19p19s12345z (7777z)",
        "19m19p19s1234z [789s]",
        "19m19p19s1234z [666z]",
        "19m19p19s1z (7777z) [123m]",
    ],
)
def test_kokushi_looking_hands_with_calls_are_valid_hands(text):
    hand = parse_hand(text)
    assert hand.n_calls >= 1
    assert hand.concealed_count + 3 * hand.n_calls in (13, 14)
    assert hand.to_text() == text


def test_hand_properties():
    hand = parse_hand("123m99p [789s] (1111z) [0555p]")
    assert (hand.n_calls, hand.concealed_count, hand.is_complete_size) == (3, 5, True)
    assert not hand.is_closed
    assert hand.codes == [0, 1, 2, 17, 17]
    called = hand.called_counts
    assert (called[13], called[27], called[24], called[0], sum(called)) == (4, 4, 1, 0, 11)
    assert hand.total_counts[17] == 2 and sum(hand.total_counts) == 16
    assert hand.total_red == (0, 1, 0)


def test_closed_kans_keep_a_hand_closed():
    assert parse_hand("234m456p789s1z (1111m)").is_closed
    assert parse_hand("123m456p789s1122z").is_closed
    assert not parse_hand("234m456p789s1z [1111m]").is_closed


def test_added_kan_is_written_as_an_open_kan():
    hand = Hand(counts("123456789m1p"), calls=(Call.added_kan(13),))
    assert hand.to_text() == "123456789m1p [5555p]"
    assert parse_hand(hand.to_text()).calls[0].type is C.OPEN_KAN


def test_hand_normalises_and_is_frozen():
    expected = Hand.from_counts(first_kinds(13))
    hand = Hand(np.array(first_kinds(13)), red=[0, 0, 0], calls=[])  # type: ignore[arg-type]
    assert hand == expected and hash(hand) == hash(expected)
    assert type(hand.concealed) is tuple and type(hand.concealed[0]) is int
    with pytest.raises(dataclasses.FrozenInstanceError):
        hand.red = (1, 0, 0)  # type: ignore[misc]


@pytest.mark.parametrize(
    ("calls", "fragment"), [("[123m]", "got str"), (("[123m]",), r"calls\[0\] is a str")]
)
def test_hand_calls_must_be_call_objects(calls, fragment):
    with pytest.raises(InvalidHandError, match=fragment):
        Hand(counts("123456789m1p"), calls=calls)


def test_from_codes():
    hand = Hand.from_codes(parse_tiles("0m55m123p4s"), [Call.pon(22), Call.chi(6)])
    assert hand.to_text() == "055m123p4s [555s] [789m]"


# --- as_hand --------------------------------------------------------------------------


def test_as_hand_accepts_text_hands_and_counts():
    hand = parse_hand("123456789m1234p")
    assert as_hand("123456789m1234p") == hand
    assert as_hand(hand) is hand
    assert as_hand(list(hand.concealed)) == hand
    assert as_hand(hand.concealed, melds=0) == hand
    assert as_hand(np.array(hand.concealed, dtype=np.uint8)) == hand


@pytest.mark.parametrize(
    ("obj", "melds", "fragment"),
    [
        (3.5, None, "cannot read a hand from a float"),
        ({"1m": 1}, None, "from a dict"),
        (None, None, "from a NoneType"),
        ({1, 2}, None, "from a set"),
        (b"123m", None, "from a bytes"),
        ([0] * 14, None, "34 counts"),
        (np.zeros((2, 34), dtype=np.uint8), None, r"shape \(2, 34\)"),
        (first_kinds(10), 1, "validate_concealed_counts"),
        ("123m456p789s1z [123p]", 2, "melds=2 but the hand has 1 call$"),
        ("123m456p789s1z [123p]", 7, "melds must be an int 0..4"),
        ("123m456p789s1122z", 1, "melds=1 but the hand has 0 calls"),
    ],
)
def test_as_hand_errors(obj, melds, fragment):
    with pytest.raises(InvalidHandError, match=fragment):
        as_hand(obj, melds=melds)


# --- round trip over random valid hands -----------------------------------------------


def draw_call(draw, left: list[int], red_left: list[int]) -> Call:
    """A random call from the tiles still ``left``; updates ``left`` and ``red_left``."""
    call_type = draw(st.sampled_from(list(CallType)))
    if call_type is C.CHI:
        starts = [k for k in range(27) if k % 9 <= 6 and min(left[k : k + 3]) > 0]
        start = draw(st.sampled_from(starts))
        kinds = [start, start + 1, start + 2]
    else:
        size = 3 if call_type is C.PON else 4
        kinds = [draw(st.sampled_from([k for k in range(NUM_KINDS) if left[k] >= size]))] * size
    codes = list(kinds)
    for suit, five in enumerate(RED_FIVE_KINDS):
        if five in kinds and red_left[suit] and draw(st.booleans()):
            codes[codes.index(five)] = RED_CODES[suit]
            red_left[suit] = 0
    for kind in kinds:
        left[kind] -= 1
    return Call(call_type, tuple(codes))


@st.composite
def hands(draw) -> Hand:
    left, red_left = [4] * NUM_KINDS, [1, 1, 1]
    calls = tuple(draw_call(draw, left, red_left) for _ in range(draw(st.integers(0, 4))))
    n = draw(st.sampled_from([13 - 3 * len(calls), 14 - 3 * len(calls)]))
    pool = [kind for kind in range(NUM_KINDS) for _ in range(left[kind])]
    concealed = counts_of(draw(st.permutations(pool))[:n])
    red = [
        int(red_left[s] > 0 and concealed[f] > 0 and draw(st.booleans()))
        for s, f in enumerate(RED_FIVE_KINDS)
    ]
    return Hand(tuple(concealed), (red[0], red[1], red[2]), calls)


def as_written(hand: Hand) -> Hand:
    """The hand as notation reads it back: added kans become open kans."""
    calls = tuple(dataclasses.replace(c, type=C.OPEN_KAN) if c.type is C.ADDED_KAN else c for c in hand.calls)
    return dataclasses.replace(hand, calls=calls)


@given(hands())
def test_hand_text_round_trip(hand):
    text = hand.to_text()
    assert parse_hand(text) == as_written(hand)
    assert parse_hand(text).to_text() == text
    assert as_hand(text, melds=hand.n_calls) == as_written(hand)


@given(hands())
def test_random_hands_keep_the_invariants(hand):
    assert max(hand.total_counts) <= 4
    assert sum(hand.total_counts) == hand.concealed_count + sum(len(c.tiles) for c in hand.calls)
    assert hand.concealed_count + 3 * hand.n_calls in (13, 14)
    assert all(r <= 1 for r in hand.total_red)
    assert Hand.from_codes(hand.codes, hand.calls) == hand


# --- reprs that paste back --------------------------------------------------------------


def test_hand_repr_is_the_notation():
    hand = parse_hand("23m456p55z [789s] (1111z)")
    assert repr(hand) == "Hand('23m456p55z [789s] (1111z)')"
    assert Hand("23m456p55z [789s] (1111z)") == hand


@pytest.mark.parametrize(
    "text",
    [
        "123456789m1234p",
        "055m456p789s11z [406s]",
        "11z [312m] [0555p] (7777z) [406s]",
        "23m456p55z [789s] (1111z)",
        "1z [111m] [2222p] (3333s) [0555m]",
    ],
)
def test_hand_from_text_is_parse_hand(text):
    assert Hand(text) == parse_hand(text)
    assert eval(repr(Hand(text))) == parse_hand(text)


@given(hands())
def test_hand_repr_round_trips(hand):
    """Red fives, open, closed and added kans and every call type come back equal."""
    assert eval(repr(hand)) == hand
    assert repr(eval(repr(hand))) == repr(hand)


def test_hand_with_an_added_kan_lists_its_calls():
    hand = Hand(counts("123456789m1p"), calls=(Call.added_kan(13, red=1),))
    assert repr(hand) == "Hand('123456789m1p', calls=(Call.added_kan(13, red=1),))"
    assert eval(repr(hand)) == hand
    assert eval(repr(hand)).calls[0].type is C.ADDED_KAN


def test_hand_text_with_calls_holds_the_concealed_tiles_only():
    hand = Hand("123456789m1p", calls=(Call.chi(18),))
    assert hand == parse_hand("123456789m1p [123s]")
    with pytest.raises(InvalidHandError, match="text holds calls too"):
        Hand("123456m1p [123s]", calls=(Call.chi(18),))
    with pytest.raises(InvalidHandError, match="write red fives in the text"):
        Hand("123456789m1234p", red=(1, 0, 0))
    with pytest.raises(InvalidHandError, match="10 or 11 concealed tiles, got 13"):
        Hand("123456789m1234p", calls=(Call.chi(18),))  # 13 concealed + 1 call


def test_hand_text_errors_are_those_of_parse_hand():
    with pytest.raises(TileParseError, match="unknown character 'h'") as exc:
        Hand("123h")
    assert exc.value.position == 3
    with pytest.raises(InvalidHandError, match="1m: a 5th copy at position 4"):
        Hand("11111m222p333s44z")


def test_hand_keeps_every_constructor_form():
    text = "123456789m1234p"
    expected = parse_hand(text)
    assert Hand(counts(text)) == expected
    assert Hand(concealed=counts(text), red=(0, 0, 0), calls=()) == expected
    assert Hand(list(counts(text))) == expected  # type: ignore[arg-type]
    assert dataclasses.replace(expected, calls=()) == expected
    assert hash(Hand(text)) == hash(expected)
    assert [f.name for f in dataclasses.fields(Hand)] == ["concealed", "red", "calls"]


@pytest.mark.parametrize(
    ("call", "text"),
    [
        (Call.chi(11, red=1), "Call('[340p]')"),
        (Call.pon(33), "Call('[777z]')"),
        (Call.open_kan(22, red=1), "Call('[0555s]')"),
        (Call.closed_kan(27), "Call('(1111z)')"),
        (Call.added_kan(4), "Call.added_kan(4)"),
        (Call.added_kan(4, red=1), "Call.added_kan(4, red=1)"),
    ],
)
def test_call_repr_pastes_back(call, text):
    assert repr(call) == text
    assert eval(text) == call


def test_call_from_notation_alone():
    assert Call("[406p]") == Call(C.CHI, (12, 35, 14))
    assert Call(" (0555m) ") == Call.closed_kan(4, red=1)
    assert Call("[5555p]").type is C.OPEN_KAN


@pytest.mark.parametrize(
    ("text", "error", "fragment"),
    [
        ("123m", InvalidHandError, "needs its tiles"),
        ("[123m", TileParseError, "written in brackets"),
        ("[123m)", TileParseError, "written in brackets"),
        ("[12m]", TileParseError, "3 or 4 tiles, got 2"),
        ("[12x]", TileParseError, "unknown character 'x'"),
        ("(123m)", InvalidHandError, "parentheses mark a closed kan"),
        ("[135m]", InvalidHandError, "consecutive"),
        ("pon", InvalidHandError, "needs its tiles"),
    ],
)
def test_call_from_bad_notation(text, error, fragment):
    with pytest.raises(error, match=fragment):
        Call(text)


# --- bad inputs fail by name ------------------------------------------------------------


@pytest.mark.parametrize(
    ("obj", "type_name"),
    [(None, "a NoneType"), (5, "an int"), (1.5, "a float"), (True, "a bool"), (np.int64(5), "an int64")],
)
def test_shanten_of_a_non_hand_names_the_parameter_and_type(obj, type_name):
    from riichi_lut import shanten

    with pytest.raises(InvalidHandError, match=f"^hand: cannot read a hand from {type_name}"):
        shanten(obj)
    with pytest.raises(InvalidHandError, match=f"^hand: cannot read a hand from {type_name}"):
        as_hand(obj)


def test_a_10000_character_bad_hand_gives_a_short_message_with_the_position():
    text = "1m" * 5000 + "x" + "2p" * 100
    with pytest.raises(TileParseError) as exc:
        parse_hand(text)
    message = str(exc.value)
    assert exc.value.position == 10_000 and exc.value.text == text
    assert "at position 10000 of 10201" in message and "unknown character 'x'" in message
    assert len(message) < 200
    assert "m1mx2p2" in message  # the window shows the culprit


def test_long_hands_are_quoted_short_in_every_message():
    five = "1m" * 5 + " " * 10_000
    with pytest.raises(InvalidHandError, match="1m: a 5th copy at position 8") as fifth:
        parse_hand(five)
    call = "123m456p789s1z " + " " * 10_000 + "[135m]"
    with pytest.raises(InvalidHandError, match=r"\[135m\] at position 10015") as bad_call:
        parse_hand(call)
    many = "123m456p789s1z" + " [123m]" * 2000
    with pytest.raises(InvalidHandError) as too_many:
        parse_hand(many)
    for exc in (fifth, bad_call, too_many):
        assert len(str(exc.value)) < 250, str(exc.value)
    with pytest.raises(InvalidHandError, match="melds must be an int") as melds:
        as_hand("123456789m1234p", melds="1" * 10_000)  # type: ignore[arg-type]
    assert len(str(melds.value)) < 150
