"""What people type beside plain mpsz (issue 25 item 4): tenhou.net/2 links and ``q=``
strings, the Unicode tiles ``riichi-lut --unicode`` prints, upper-case suits. Each reads as
the mpsz text does, and a parse error still points into what was typed."""

from __future__ import annotations

import pytest

import riichi_lut
from riichi_lut.cli.glyphs import glyphs
from riichi_lut.cli.main import main
from riichi_lut.core.hand import parse_hand
from riichi_lut.core.tiles import parse_tiles
from riichi_lut.core.typed import GLYPH_KINDS, TILE_GLYPHS, link_hand
from riichi_lut.errors import InvalidHandError, TileParseError
from riichi_lut.web.api import answer

HANDS = [
    "2234m506p678s5557z",
    "19m19p19s1234567z",
    "23m456p22z1s [789s] (1111z)",
    "123m11z [0555p] (7777z) [406s]",
    "123m456p789s1122z",
]


@pytest.mark.parametrize("text", HANDS)
def test_unicode_tiles_read_as_their_mpsz(text):
    drawn = glyphs(text)
    assert drawn != text
    assert parse_hand(drawn) == parse_hand(text)
    # a variation selector after a tile is ignored (emoji presentation)
    assert parse_hand(drawn[0] + "\ufe0f" + drawn[1:]) == parse_hand(text)


@pytest.mark.parametrize("text", HANDS)
def test_upper_case_suits_read_as_lower_case(text):
    assert parse_hand(text.upper()) == parse_hand(text)
    assert parse_tiles(text.split("[")[0].upper()) == parse_tiles(text.split("[")[0])


@pytest.mark.parametrize(
    "typed",
    [
        "https://tenhou.net/2/?q=2234m506p678s5557z",
        "http://tenhou.net/2/?q=2234m506p678s5557z&p=1",
        "tenhou.net/2/?q=2234m506p678s5557z",
        "q=2234m506p678s5557z",
        "  q=2234m506p678s5557z ",
        "http://127.0.0.1:8000/?view=score&q=2234m506p678s5557z",  # the playground's own permalink
        "https://example.org/?q=2234m%20506p678s5557z",  # the q of any link, decoded
    ],
)
def test_a_link_or_query_reads_as_its_hand(typed):
    assert parse_hand(typed) == parse_hand("2234m506p678s5557z")
    assert riichi_lut.hint(typed).discard == "7z"


def test_the_glyph_table_is_the_one_the_cli_draws():
    assert len(TILE_GLYPHS) == 34 and len(GLYPH_KINDS) == 34
    for kind, glyph in enumerate(TILE_GLYPHS):
        name = riichi_lut.core.tiles.KIND_NAMES[kind]
        assert glyphs(name) == glyph


@pytest.mark.parametrize(
    ("typed", "position", "words"),
    [
        ("123m\U0001f007x", 5, "unknown character 'x'"),
        ("1\U0001f007", 0, "digits with no suit letter"),
        ("\U0001f007*", 1, "unknown character '*'"),  # the red mark after a tile that is no five
        ("12M3", 3, "digits with no suit letter"),
        ("M", 0, "suit letter 'M' has no digits"),
        ("q=12x", 4, "unknown character 'x'"),  # a link's hand is read where it stands
        ("123m\ufe0f", 4, "unknown character"),  # a variation selector after no tile
    ],
)
def test_errors_point_into_what_was_typed(typed, position, words):
    with pytest.raises(TileParseError) as info:
        parse_hand(typed)
    assert info.value.position == position and words in str(info.value)


def test_red_fives_as_unicode_and_copies_are_counted():
    assert parse_tiles(glyphs("0m5m0p")) == parse_tiles("0m5m0p") == [34, 4, 35]
    with pytest.raises(InvalidHandError, match="two red 5m"):
        parse_tiles(glyphs("0m0m"))
    with pytest.raises(InvalidHandError, match="5th copy"):
        parse_tiles(glyphs("11111m"))


def test_a_link_without_a_hand_is_refused_as_written():
    with pytest.raises(TileParseError):
        parse_hand("https://tenhou.net/2/?q=")
    assert link_hand("https://tenhou.net/2/") == "https://tenhou.net/2/"


def test_the_shells_take_every_form(capsys):
    for typed in (
        "https://tenhou.net/2/?q=2234m506p678s5557z",
        glyphs("2234m506p678s5557z"),
        "2234M506P678S5557Z",
    ):
        assert main(["hint", typed, "--json"]) == 0
        assert '"discard": "7z"' in capsys.readouterr().out
        assert answer("/api/hint", {"q": [typed]}).body["discard"] == "7z"
    win = {"win": ["8P"], "ron": ["1"], "seat": ["s"], "round": ["e"]}
    assert answer("/api/score", {"q": ["22334455667788P"], **win}).body["total"] == 24000
    assert (
        riichi_lut.score(
            glyphs("22334455667788p"), glyphs("8p"), tsumo=False, seat_wind="S", round_wind="E"
        ).total
        == 24000
    )


# ---------------------------------------------- positions in a link, links without a hand


@pytest.mark.parametrize(
    ("typed", "position", "words"),
    [
        ("https://tenhou.net/2/?q=2234m506p678s555x", 40, "unknown character 'x'"),
        ("https://tenhou.net/2/?p=1&q=123m4&x=1", 32, "digits with no suit letter"),
        ("tenhou.net/2/?q=hello", 16, "unknown character 'h'"),  # garbage after q=
        ("  q=123m 8z", 9, "8z does not exist"),
        ("https://example.org/?q=11z [118z]", 30, "honor 8z"),  # inside a call of a link's hand
        ("q=123m [456p&x=]", 7, "unclosed '['"),  # the hand ends at the next parameter
        ("q=1%20m", 0, "digits with no suit letter"),  # an escaped q: counted in the decoded hand
    ],
)
def test_a_link_error_points_into_the_link(typed, position, words):
    for parse in (parse_hand, parse_tiles):
        if parse is parse_tiles and "[" in typed:
            continue
        with pytest.raises(TileParseError) as info:
            parse(typed)
        assert info.value.position == position and words in str(info.value), parse
        source = "1 m" if "%" in typed else typed
        assert info.value.text == source


def test_a_copy_error_in_a_link_names_its_place_in_the_link():
    with pytest.raises(
        InvalidHandError, match=r"5th copy at position 28 in 'https://tenhou.net/2/\?q=11111m"
    ):
        parse_tiles("https://tenhou.net/2/?q=11111m")


@pytest.mark.parametrize(
    ("typed", "words"),
    [
        ("https://tenhou.net/2/?p=1", "a link gives its hand in q= (as https://tenhou.net/2/?q="),
        ("https://tenhou.net/6/#json=1", "this one has no q="),
        ("tenhou.net/2/", "this one has no q="),
        ("www.example.org/?x=1", "this one has no q="),
        ("https://tenhou.net/2/?q=", "the q= of this link is empty: give the hand after it"),
        ("q=  ", "the q= of this link is empty"),
    ],
)
def test_a_link_without_a_hand_says_where_the_hand_goes(typed, words):
    for parse in (parse_hand, parse_tiles):
        with pytest.raises(TileParseError) as info:
            parse(typed)
        assert words in str(info.value) and info.value.position is None
        assert info.value.text == typed


def test_other_text_keeps_its_unknown_character_error():
    with pytest.raises(TileParseError, match="unknown character 'h'") as info:
        parse_hand("hello")
    assert info.value.position == 0


def test_the_red_mark_after_a_variation_selector_and_after_mpsz():
    red = "\U0001f00b"  # 5m
    assert parse_tiles(red + "\ufe0f*") == parse_tiles(red + "*") == [34]
    assert parse_tiles(red + "\ufe0e*1m") == [34, 0]
    with pytest.raises(TileParseError, match="in mpsz a red five is 0") as info:
        parse_tiles("5m*")
    assert info.value.position == 2
    with pytest.raises(TileParseError, match="unknown character"):
        parse_tiles("*5m")


def test_mixed_unicode_upper_case_and_mpsz_in_one_hand():
    mixed = glyphs("2234m") + "506P" + glyphs("678s") + "\ufe0f" + "5557z"
    assert parse_hand(mixed) == parse_hand("2234m506p678s5557z")
    assert parse_hand("q=" + "2234M506p678S5557z") == parse_hand("2234m506p678s5557z")


def test_the_cli_draws_with_the_parsers_table():
    from riichi_lut.cli import glyphs as glyph_module
    from riichi_lut.core import typed

    assert glyph_module.RED_MARK is typed.RED_MARK and glyph_module.TILE_GLYPHS is typed.TILE_GLYPHS
    for kind, name in enumerate(riichi_lut.core.tiles.KIND_NAMES):
        assert glyph_module.glyphs(name) == typed.TILE_GLYPHS[kind]


def test_a_three_player_hand_as_a_link():
    hand = "119m123p456s1122z"
    for typed in ("q=" + hand, "https://tenhou.net/2/?q=" + hand + "&x=1", glyphs(hand), hand.upper()):
        assert riichi_lut.shanten(typed, players=3) == riichi_lut.shanten(hand, players=3)
    with pytest.raises(InvalidHandError, match=r"2m is not a three-player tile .*at position 29 in"):
        riichi_lut.shanten("https://tenhou.net/2/?q=119m123m3p456s1122z", players=3)


def test_the_playground_link_of_a_link_is_its_hand(capsys):
    assert main(["hint", "https://tenhou.net/2/?q=2234m506p678s5557z&x=1"]) == 0
    assert capsys.readouterr().out.rstrip().endswith("/?q=2234m506p678s5557z")
