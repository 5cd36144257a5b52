"""The post-hand explainer: three parts, numbers from the result, hand-specific advice."""

from __future__ import annotations

from riichi_lut.riichi import score


def parts(text: str) -> tuple[str, str, str]:
    won, counted, advice = text.split("\n\n")
    assert won.startswith("What won:\n")
    assert counted.startswith("How the number was reached:\n")
    assert advice.startswith("One thing to do differently:\n")
    return won, counted, advice


def test_pinfu_ron_explains_yaku_fu_payment_and_suggests_riichi():
    # 234m 456p 345s 678s 22s won on 5s: pinfu + tanyao, 30 fu (20 + 10 closed ron),
    # 2 han 30 fu = 2,000; with riichi 3 han 30 fu = 3,900
    won, counted, advice = parts(
        score("234m456p678s22345s", "5s", tsumo=False, seat_wind="S", round_wind="E").explain()
    )
    assert "- Pinfu, 1 han:" in won and "- Tanyao, 1 han:" in won
    assert "Fu: 20 base (futei) + 10 closed ron (menzen kafu) = 30." in counted
    assert "2 han 30 fu: base points 30 × 2^(2+2) = 480." in counted
    assert "the discarder pays base × 4 = 2,000" in counted and "Total received: 2,000." in counted
    assert "Declaring riichi would have made this 3,900 instead of 2,000" in advice


def test_honba_sticks_and_tsumo_payments_are_itemised():
    # dealer menzen tsumo 1 han 40 fu: 700 from each; 2 honba = 600, 1 stick = 1,000
    result = score(
        "123m456p789s11222z", "2z", tsumo=True, seat_wind="E", round_wind="E", honba=2, riichi_sticks=1
    )
    _, counted, _ = parts(result.explain())
    assert "4 double-wind pair 1z" in counted and "34, rounded up to 40" in counted
    assert "S pays 700, W pays 700, N pays 700" in counted
    assert "Total received: 3,700 (600 for honba, 1,000 in riichi sticks included)." in counted


def test_readme_example_no_longer_suggests_a_wait_on_the_tile_it_lets_go():
    # riichi tanyao + dora on a 5m tanki (6 live tiles). The suggestion used to be "Letting
    # 8s go instead would have waited on 2s 5s 8s (11 tiles against 6)": a wait on the
    # let-go 8s, whose copies it counted live, and furiten besides. Issue 11 item 3: the
    # wider wait (now 2s 5s, 7 live tiles, furiten: tsumo only) ranks below the luck of
    # the draw: 2m would have made 22345m, sanshoku 345, a mangan.
    result = score(
        "23455m345p345s678s",
        "5m",
        tsumo=False,
        seat_wind="S",
        round_wind="E",
        riichi=True,
        dora_indicators=["4s"],
        riichi_sticks=1,  # the winner's own
    )
    _, _, advice = parts(result.explain())
    assert advice == (
        "One thing to do differently:\n"
        "Luck of the draw: the same wait would have paid 8,000 on 2m (2,800 more)."
    )
    assert "8s" not in advice


def test_riichi_that_added_nothing_is_pointed_out():
    # 123 456 789p 234p 55p won on 4p (23p two-sided): chinitsu 6 + ittsu 2 + pinfu 1 = 9
    # han dama, baiman 16,000; riichi makes 10 han, still baiman
    result = score(
        "12345678923455p", "4p", tsumo=False, seat_wind="S", round_wind="E", riichi=True, riichi_sticks=1
    )
    assert result.limit == "baiman" and result.total - result.riichi_sticks == 16000  # the own stick apart
    _, _, advice = parts(result.explain())
    assert "Riichi added nothing here: dama (no riichi) would have scored the same 16,000" in advice


def test_open_hand_is_compared_with_the_same_tiles_closed():
    # 234567m 999m 11z + [555z] won on 7m by tsumo: open honitsu 2 + haku 1 = 3 han, fu
    # 20 + 2 tsumo + 4 open haku + 8 closed 999m + 2 round-wind pair = 36 -> 40:
    # 1,300 / 2,600 = 5,200. Closed with riichi: honitsu 3 + haku + riichi + tsumo = 6 han,
    # haneman 12,000
    result = score("234567m999m11z [555z]", "7m", tsumo=True, seat_wind="S", round_wind="E")
    assert (result.han, result.fu, result.total) == (3, 40, 5200)
    _, _, advice = parts(result.explain())
    assert (
        "Closed (no calls) and with riichi, the same tiles would have scored 12,000 instead of 5,200."
        in advice
    )


def test_two_different_hands_never_share_the_advice_sentence_blindly():
    a = score("234m456p678s22345s", "5s", tsumo=False, seat_wind="S", round_wind="E").explain()
    b = score("234m55p678s [345s] (1111z)", "4m", tsumo=False, seat_wind="S", round_wind="E").explain()
    assert parts(a)[2] != parts(b)[2]
    assert "Nothing obvious to change: no other tile kept at tenpai waited wider for the same value." in b
