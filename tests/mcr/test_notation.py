"""Tests of riichi_lut.mcr.notation: GB-style bracket text read and written (parse_gb,
read_gb, format_gb), the examples of ChineseOfficialMahjongHelper's README, round trips on
seeded random hands with melds, and every error with its position."""

from __future__ import annotations

import random

import pytest

from riichi_lut import mcr
from riichi_lut.core.hand import Call, CallType, Hand, parse_hand
from riichi_lut.core.tiles import parse_tiles
from riichi_lut.errors import InvalidArgumentError, InvalidHandError, TileParseError
from riichi_lut.mcr.notation import GbHand, format_gb, parse_gb, read_gb

C = CallType
E, S, W, N, WHITE, GREEN, RED = range(27, 34)


# --- the helper's README examples (facts about the format, not its code) -----------------


@pytest.mark.parametrize(
    ("text", "package", "offers", "win"),
    [
        ("[EEEE][CCCC][FFFF][PPPP]NN", "44z (1111z) (7777z) (6666z) (5555z)", (None,) * 4, N),
        ("1112345678999s9s", "11123456789999s", (), 26),
        ("[WWWW,1][444s]45m678pFF6m", "456m678p66z [3333z] [444s]", (1, None), 5),
        ("[EEEE]288s349pSCFF2p", "2349p288s2667z (1111z)", (None,), 10),
        ("[123p,1][345s,2][999s,3]6m6pEW1m", "16m6p13z [123p] [345s] [999s]", (1, 2, 3), 0),
        ("356m18s1579pWNFF9p", "356m15799p18s3466z", (), 17),
    ],
)
def test_readme_examples(text, package, offers, win):
    g = read_gb(text)
    assert g.hand == parse_hand(package)
    assert g.offers == offers
    assert g.win_tile == win
    assert parse_gb(text) == g.hand


def test_every_kong_kind():
    g = read_gb("[8888p,3][1111s,7][SSSS]123mEE")
    assert [c.type for c in g.hand.calls] == [C.OPEN_KAN, C.ADDED_KAN, C.CLOSED_KAN]
    assert g.offers == (3, 7, None)
    assert g.win_tile == E


def test_dragon_letters_are_chinese_order():
    """C F P = 中 发 白 = red, green, white = package 7z, 6z, 5z."""
    assert parse_gb("123m456p789sCCCE") == parse_hand("123m456p789s7771z")
    assert parse_gb("123m456p789sPPPE") == parse_hand("123m456p789s5551z")
    assert parse_gb("123m456p789sFFFE") == parse_hand("123m456p789s6661z")
    assert mcr.GB_HONOR_LETTERS == "ESWNCFP"


def test_unambiguous_z_digits_are_read():
    """1z-4z are the winds and 6z is 发 (green) in both orders."""
    assert parse_gb("123m456p789s11z666z") == parse_hand("123m456p789s11666z")
    assert parse_gb("123m456p789s1234z 4z") == parse_hand("123m456p789s12344z")


def test_chow_offer_is_the_claimed_tile_in_ascending_order():
    g = read_gb("[657m,1]123p456p789pE E")
    assert g.offers == (2,)  # 6m was written first: it is the 2nd tile of 567m
    assert format_gb(g).startswith("[567m,2]")


def test_whitespace_between_groups_and_inside_melds():
    assert read_gb(" [ 567m , 2 ] 123p 456s 66s FF ") == read_gb("[567m,2]123p456s66sFF")


def test_a_tenpai_size_hand_has_no_win_tile():
    g = read_gb("[567m,2][EEEE]123p45s6sF")
    assert g.hand.concealed_count == 7 and g.win_tile is None


def test_to_dict_and_the_package_exports():
    g = read_gb("[999s,3]123m456p78sCC9s")
    assert g.to_dict() == {
        "hand": "123m456p789s77z [999s]",
        "gb": "[999s,3]123m456p78sCC9s",
        "offers": [3],
        "win_tile": 26,
    }
    assert mcr.parse_gb is parse_gb and mcr.format_gb is format_gb and mcr.read_gb is read_gb
    assert mcr.GbHand is GbHand


# --- writing --------------------------------------------------------------------------


def test_format_orders_melds_then_m_p_s_then_chinese_honors():
    hand = parse_hand("7z5z1z9s1p1m2m [777s] (2222z)")
    assert format_gb(hand) == "[777s][SSSS]12m1p9sECP"  # 中 发 白: C before P


def test_format_moves_the_win_tile_last_and_accepts_a_kind_or_text():
    hand = parse_hand("123m456p789s1155z")
    assert format_gb(hand, win_tile="1z") == "123m456p789sEPPE"
    assert format_gb(hand, win_tile=WHITE) == "123m456p789sEEPP"


def test_format_writes_a_digit_for_every_melded_kong():
    hand = Hand("123m456p11z", calls=(Call.open_kan(0 + 8), Call.added_kan(26)))
    assert format_gb(hand) == "[9999m,1][9999s,5]123m456pEE"
    assert read_gb(format_gb(hand)).hand == hand


def test_format_of_a_gbhand_uses_its_offers_and_win_tile():
    g = read_gb("[999s,2]123m456p78sCC9s")
    assert format_gb(g) == "[999s,2]123m456p78sCC9s"
    assert format_gb(g, offers=[None]) == "[999s]123m456p78sCC9s"


# --- round trips on seeded random hands ---------------------------------------------------


def _random_gb_hand(rng: random.Random) -> tuple[Hand, list[int | None], int | None]:
    """A random legal hand (0-4 melds of every type, 13 or 14 tiles), offers and win tile."""
    left = [4] * 34
    calls: list[Call] = []
    offers: list[int | None] = []
    for _ in range(rng.randint(0, 4)):
        kind_type = rng.choice([C.CHI, C.PON, C.OPEN_KAN, C.ADDED_KAN, C.CLOSED_KAN])
        if kind_type is C.CHI:
            starts = [k for k in range(27) if k % 9 <= 6 and all(left[k + i] for i in range(3))]
            if not starts:
                continue
            start = rng.choice(starts)
            call = Call.chi(start)
            offers.append(rng.choice([None, 1, 2, 3]))
        else:
            size = 3 if kind_type is C.PON else 4
            kinds = [k for k in range(34) if left[k] >= size]
            kind = rng.choice(kinds)
            call = Call(kind_type, (kind,) * size)
            choices: dict[CallType, list[int | None]] = {
                C.PON: [None, 1, 2, 3],
                C.OPEN_KAN: [1, 2, 3],
                C.ADDED_KAN: [5, 6, 7],
                C.CLOSED_KAN: [None],
            }
            offers.append(rng.choice(choices[kind_type]))
        for k in call.kinds:
            left[k] -= 1
        calls.append(call)
    size = 13 - 3 * len(calls) + rng.randint(0, 1)
    pool = [k for k in range(34) for _ in range(left[k])]
    concealed = rng.sample(pool, size)
    hand = Hand.from_codes(concealed, calls)
    win = rng.choice(concealed) if hand.is_complete_size and rng.random() < 0.8 else None
    return hand, offers, win


@pytest.mark.parametrize("seed", range(8))
def test_round_trip_on_random_hands_with_melds(seed):
    rng = random.Random(10_000 + seed)
    for _ in range(250):
        hand, offers, win = _random_gb_hand(rng)
        text = format_gb(hand, win_tile=win, offers=offers)
        g = read_gb(text)
        assert g.hand == hand, text
        assert list(g.offers) == offers, text
        if win is not None:
            assert g.win_tile == win, text
        assert parse_gb(text) == hand
        assert format_gb(g) == text  # written back unchanged
        if all(c.type is not C.ADDED_KAN for c in hand.calls):  # package text has no added kan
            assert format_gb(hand.to_text(), win_tile=win, offers=offers) == text


def test_random_hands_cover_every_meld_type():
    rng = random.Random(10_000)
    seen = set()
    for _ in range(250):
        hand, _, _ = _random_gb_hand(rng)
        seen |= {c.type for c in hand.calls}
    assert seen == set(CallType)


# --- errors, each with its position -------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "fragment", "position"),
    [
        ("123m456p789s555zE", "'5z' is ambiguous", 12),
        ("123m456p789s11z777z", "'7z' is ambiguous", 15),
        ("123m456p789s11z8z", "no honor '8z'", 15),
        ("123m406p789s11zEE", "'0' is not a tile in MCR", 5),
        ("123m456p789se", "honors are upper-case letters: write 'E'", 12),
        ("123m456p789s (1111z)", "parentheses are riichi_lut notation", 13),
        ("123m456p789s,2", "a comma belongs inside a meld", 12),
        ("123m456p789s]", "']' without an opening '['", 12),
        ("123m456p789s[123m", "unclosed '['", 12),
        ("[12[3m]]", "nested bracket", 3),
        ("[12m]123m456p789s", "a meld has 3 or 4 tiles, got 2", 0),
        ("[12345m]123m456p", "a meld has 3 or 4 tiles, got 5", 0),
        ("[123m,4]456p789s11z", "a chow takes a digit 1-3, got 4", 0),
        ("[555m,6]456p789s11z", "a pung takes a digit 1-3, got 6", 0),
        ("[5555m,4]456p789s11z", "a kong takes 1-3 (melded), 5-7 (promoted)", 0),
        ("[123m,x]456p789s11z", "after the comma comes one digit", 6),
        ("[123m,]456p789s11z", "after the comma comes one digit", 6),
        ("[123m,12]456p789s11z", "after the comma comes one digit", 6),
        ("123m456p789s12", "digits with no suit letter", 12),
        ("123m456p789s1 2m", "digits with no suit letter", 12),
        ("123m456p789s1E", "digits with no suit letter (honors are letters", 12),
        ("123m456p789sm", "suit letter 'm' has no digits", 12),
        ("123m456p789sz", "suit letter 'z' has no digits", 12),
        ("123m456p789s#", "unknown character '#'", 12),
        ("123m456p789s11z9z", "no honor '9z'", 15),
        ("123m456p789s11z0z", "'0' is not a tile in MCR", 15),
        ("123", "digits with no suit letter", 0),
        ("123m456p789s5mr", "unknown character 'r'", 14),
        ("１２３m456p789s11zEE", "unknown character '１'", 0),
    ],
)
def test_parse_errors_name_the_position(text, fragment, position):
    with pytest.raises(TileParseError) as info:
        read_gb(text)
    assert fragment in str(info.value)
    assert info.value.position == position
    assert info.value.text == text


def test_the_ambiguity_message_says_what_to_write():
    with pytest.raises(TileParseError) as info:
        parse_gb("123m456p789s555zE")
    message = str(info.value)
    assert "ChineseOfficialMahjongHelper reads it as 中 (red, C)" in message
    assert "riichi_lut as 白 (white, P)" in message
    assert "write the letter C (中 red) or P (白 white)" in message


@pytest.mark.parametrize("text", ["", "   "])
def test_blank_text(text):
    with pytest.raises(TileParseError, match="no tiles in an empty or blank string"):
        parse_gb(text)


def test_not_a_string():
    with pytest.raises(TileParseError, match="GB-style text must be a str, got list"):
        parse_gb(["1m"])  # type: ignore[arg-type]


@pytest.mark.parametrize(
    ("text", "fragment"),
    [
        ("[124m]456p789s11zEE", "[124m] at position 0 in '[124m]456p789s11zEE': a chi is three consecutive"),
        ("[EEE]123m456p789sEE", "1z: a 5th copy at position 18"),
        ("11111m456p789s11z", "1m: a 5th copy at position 4"),
        ("123m", "has 13 or 14 concealed tiles, got 3"),
        ("[111m][222m][333m][444m][555m]EE", "at most 4 calls"),
    ],
)
def test_tiles_that_cannot_be_a_hand(text, fragment):
    with pytest.raises(InvalidHandError) as info:
        read_gb(text)
    assert fragment in str(info.value)


def test_format_refuses_red_fives():
    with pytest.raises(InvalidHandError, match="MCR has no red fives"):
        format_gb("123m406p789s1122z")


@pytest.mark.parametrize(
    ("offers", "fragment"),
    [
        ([1], r"offers has one entry per call \(2\), got \[1\]"),
        ("12", r"offers has one entry per call \(2\), got '12'"),
        ([4, None], r"offers\[0\] for \[123m\] \(chi\) is one of None, 1, 2, 3, got 4"),
        ([True, None], r"offers\[0\] .* got True"),
        ([1, 1], r"offers\[1\] for \(1111z\) \(closed_kan\) is one of None, got 1"),
    ],
)
def test_format_refuses_bad_offers(offers, fragment):
    with pytest.raises(InvalidArgumentError, match=fragment):
        format_gb("456p789s22z [123m] (1111z)", offers=offers)


def test_format_refuses_an_added_kan_offer_of_a_melded_kong():
    hand = Hand("123m456p11z", calls=(Call.added_kan(8), Call.pon(26)))
    with pytest.raises(InvalidArgumentError, match=r"one of None, 5, 6, 7, got 1"):
        format_gb(hand, offers=[1, None])


@pytest.mark.parametrize(
    ("win_tile", "error", "fragment"),
    [
        ("9m", InvalidHandError, "win_tile '9m' is not among the concealed tiles"),
        (8, InvalidHandError, "win_tile 8 is not among the concealed tiles"),
        ("12m", InvalidArgumentError, "win_tile is one tile"),
        ("0m", InvalidArgumentError, "win_tile is one tile"),
        (34, InvalidHandError, "tile kind 34 is out of range 0..33"),
        (True, InvalidHandError, "tile kind is a bool"),
    ],
)
def test_format_refuses_a_bad_win_tile(win_tile, error, fragment):
    with pytest.raises(error) as info:
        format_gb("123m456p789s1122z", win_tile=win_tile)
    assert fragment in str(info.value)


def test_format_refuses_a_non_hand():
    with pytest.raises(InvalidHandError, match="hand: cannot read a hand from a NoneType"):
        format_gb(None)  # type: ignore[arg-type]


# --- the documented examples ---------------------------------------------------------------


def _doc_examples() -> list[list[str]]:
    """The rows of the table under "### Examples" in docs/mcr.md, as cell texts."""
    from pathlib import Path

    text = (Path(__file__).resolve().parents[2] / "docs" / "mcr.md").read_text(encoding="utf-8")
    section = text.split("### Examples", 1)[1].split("\n### ", 1)[0]
    rows = [line for line in section.splitlines() if line.startswith("| `")]
    return [[cell.strip().strip("`") for cell in row.strip("|").split("|")] for row in rows]


def test_the_documented_examples_read_as_documented():
    rows = _doc_examples()
    assert len(rows) >= 8
    for gb, package, offers, win in rows:
        g = read_gb(gb)
        assert g.hand.to_text() == parse_hand(package).to_text(), gb  # an added kan writes as [1111s]
        expected = tuple(None if o.strip() == "none" else int(o) for o in offers.split(",") if o.strip())
        assert g.offers == expected, gb
        assert g.win_tile == (None if win.startswith("(") else parse_tiles(win)[0]), gb


def test_a_gbhand_is_validated_when_built():
    hand = parse_hand("456p789s22z [123m] (1111z)")
    assert GbHand(hand, [2, None], "2z") == GbHand(hand, (2, None), 28)  # type: ignore[arg-type]
    with pytest.raises(InvalidArgumentError, match=r"GbHand\.hand is a Hand, got str"):
        GbHand("456p789s22z", (), None)  # type: ignore[arg-type]
    with pytest.raises(InvalidArgumentError, match=r"offers has one entry per call \(2\), got \(2,\)"):
        GbHand(hand, (2,), None)
    with pytest.raises(InvalidArgumentError, match=r"offers\[1\] for \(1111z\) \(closed_kan\)"):
        GbHand(hand, (2, 1), None)
    with pytest.raises(InvalidHandError, match="win_tile 27 is not among the concealed tiles"):
        GbHand(hand, (2, None), 27)


def test_a_huge_bad_text_gives_a_short_message_at_the_culprit():
    text = "1m" * 3000 + "5z"
    with pytest.raises(TileParseError) as info:
        parse_gb(text)
    assert info.value.position == 6000
    assert len(str(info.value)) < 400
