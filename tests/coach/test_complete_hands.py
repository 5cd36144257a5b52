"""Issue 11 item 5: a complete 14-tile hand's hint names its yaku when every winning tile
gives one, keeps "declare tsumo if the hand has a yaku" for a hand that may lack one, and
says "not a win" when the given situation leaves it without any."""

from __future__ import annotations

import pytest

from riichi_lut import Win, hint, parse_hand
from riichi_lut.coach.complete import complete_yaku, neutral_win
from riichi_lut.coach.hints import Code
from riichi_lut.errors import InvalidArgumentError, InvalidSituationError
from riichi_lut.riichi.rules import TENHOU

MAY_LACK = "Your 14 tiles are complete: declare tsumo if the hand has a yaku; otherwise discard"


def _first(h: str, **kw: object) -> str:
    return hint(h, **kw).why.split(" discard ")[0]  # type: ignore[arg-type]


def test_complete_seven_pairs_names_chiitoitsu() -> None:
    assert _first("1122m3344p5566s77z") == (
        "Your 14 tiles are a complete hand with a yaku (Menzen tsumo, Chiitoitsu): declare tsumo;"
        " to play on instead,"
    )


def test_complete_seven_pairs_that_reads_as_ryanpeikou_names_what_every_tile_gives() -> None:
    # 112233m 445566p 77s: ryanpeikou on every tile (it outscores seven pairs), and tsumo
    found = complete_yaku(parse_hand("112233m445566p77s"))
    assert found.sure and found.yaku == ("Menzen tsumo", "Ryanpeikou")


def test_complete_thirteen_orphans_names_kokushi() -> None:
    # on the pair's kind it is the 13-sided wait, on the others the plain form: both are kokushi
    assert _first("19m19p19s1234567z1m") == (
        "Your 14 tiles are a complete hand with a yaku (Kokushi musou): declare tsumo; to play on instead,"
    )


def test_complete_open_hand_with_a_sure_yaku_names_it() -> None:
    assert "a yaku (Tanyao)" in _first("234m456p678s22s [555p]")
    assert "a yaku (Yakuhai: white dragon)" in _first("123m456p789s22z [555z]")


def test_complete_open_hand_that_may_lack_a_yaku_keeps_the_general_advice() -> None:
    # an East triplet: a yaku only for an East seat or round, which the hint does not know
    assert hint("123m456p789s22z [111z]").why.startswith(MAY_LACK)
    # no yaku on any tile (the hint cannot tell that no seat gives one: it does not know it)
    assert hint("123m456p789s22s [777p]").why.startswith(MAY_LACK)


def test_complete_open_hand_with_the_given_situation() -> None:
    east = Win(tsumo=True, seat_wind="E", round_wind="S")
    assert "a yaku (Yakuhai: seat wind)" in _first("123m456p789s22z [111z]", win=east)
    west = Win(tsumo=True, seat_wind="W", round_wind="S")
    h = hint("123m456p789s22z [111z]", win=west)
    assert h.why.startswith("Your 14 tiles are complete in shape, but have no yaku, so they are not a win;")
    complete = h.reasons[0]
    assert complete.code is Code.COMPLETE
    assert complete.values == {"sure": False, "possible": False, "yaku": [], "tsumo": True, "situation": True}


def test_complete_hand_whose_yaku_depends_on_the_winning_tile_may_lack_one() -> None:
    # open, three concealed triplets: sanankou on a tsumo, and on a ron only when the ron tile
    # is not one of the triplets (a triplet finished by ron is open); 6s (tanki) keeps it
    hand = "111p222s555s66s [789m]"
    assert "a yaku (Sanankou)" in _first(hand)
    ron = Win(tsumo=False, seat_wind="S", round_wind="E")
    found = complete_yaku(parse_hand(hand), ron)
    assert (found.sure, found.possible, found.yaku, found.tsumo) == (False, True, (), False)
    assert hint(hand, win=ron).why.startswith(
        "Your 14 tiles are complete: declare ron if the hand has a yaku; otherwise discard"
    )
    # all man, whatever the tile: chinitsu is sure on a ron too
    found = complete_yaku(parse_hand("22345678m [123m] [999m]"), ron)
    assert found.sure and found.yaku == ("Chinitsu",)


def test_complete_hand_given_as_counts() -> None:
    counts = [0] * 34
    for kind in (0, 0, 1, 1, 11, 11, 12, 12, 20, 20, 21, 21, 31, 31):
        counts[kind] += 1
    assert hint(counts).reasons[0].values["yaku"] == ["Menzen tsumo", "Chiitoitsu"]
    # counts with unknown calls: the yaku cannot be judged
    open_counts = [0] * 34
    for kind in (0, 1, 2, 9, 10, 11, 18, 19, 20, 27, 27):
        open_counts[kind] += 1
    assert hint(open_counts, melds=1).why.startswith(MAY_LACK)


def test_neutral_win_avoids_every_wind_triplet() -> None:
    assert neutral_win(parse_hand("111z222z333z44z 999m")).seat_wind == "N"
    assert neutral_win(parse_hand("111z222z333z444z 99m")).seat_wind == "E"  # daisuushii anyway


def test_complete_hint_rejects_a_bad_win_or_rules() -> None:
    with pytest.raises(InvalidArgumentError, match=r"win must be a riichi_lut\.Win"):
        hint("1122m3344p5566s77z", win="east")  # type: ignore[arg-type]
    with pytest.raises(InvalidArgumentError, match=r"rules must be a riichi_lut\.RuleSet"):
        hint("1122m3344p5566s77z", rules="tenhou")  # type: ignore[arg-type]


def test_complete_hint_with_a_situation_that_fits_no_tile_raises() -> None:
    # riichi on an open hand fits no winning tile: the scorer's error is raised
    with pytest.raises(InvalidSituationError):
        hint(
            "234m456p678s22s [555p]",
            win=Win(tsumo=True, seat_wind="E", round_wind="E", riichi=True, riichi_sticks=1),
        )


def test_complete_hint_follows_the_rule_set() -> None:
    # open tanyao (kuitan) off: the same hand has no yaku
    no_kuitan = TENHOU.replace(kuitan=False)
    assert hint("234m456p678s22s [555p]", rules=no_kuitan).why.startswith(MAY_LACK)


def test_complete_hand_whose_only_five_of_a_suit_is_red() -> None:
    # 123406789m 12344p: the only 5m is the red one; it may have been the winning tile
    found = complete_yaku(parse_hand("123406789m12344p"))
    assert found == complete_yaku(parse_hand("123456789m12344p"))
    assert found.possible and "Ittsu" in found.yaku
    assert _first("123406789m12344p").startswith("Your 14 tiles are a complete hand with a yaku")
