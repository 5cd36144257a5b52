"""Golden tests of riichi_lut.riichi.score: every yaku and yakuman, every fu line, the
point tables of seeds 000 (chiitoitsu) and 003 (limits, near misses, kiriage, payments,
honba, sticks) and the classic bug cases of issue 4.

Each expected value is worked out by hand in a comment from the rules (seed 003): han
from yaku + dora; fu = lines summed, rounded up to 10 (chiitoitsu 25 flat); base =
fu x 2^(2+han) capped at 2,000 (mangan); ron pays base x4 (dealer x6); tsumo: dealer pays
base x2, others base x1 (dealer winning: base x2 each); every payment rounds up to 100.
Unless a row says otherwise the winner sits South (non-dealer), the round is East, ron.
"""

from __future__ import annotations

import json
from collections import Counter

import pytest

from riichi_lut.errors import InvalidSituationError, NotAWinError
from riichi_lut.riichi import MAHJONG_SOUL, TENHOU, WRC, nagashi_mangan, score

# R: 123m 456p 234s 789s 99s - no yaku of its own; 3s is a kanchan (2_4s), 2s a ryanmen
# (34s), 3m a penchan (12m). A: 234m 567p 234s 55s 678s on 8s (67s ryanmen): pinfu +
# tanyao. A2 is A with a red 5p and a red 5s. OPEN: R with the 789s called (open, no yaku).
R = "123m456p234789s99s"
A = "234m567p23455678s"
A2 = "234m067p23405678s"
OPEN = "123m456p234s99s [789s]"
KANS = "123m456p234s99s (8888p)"
T = "234m55567p234678s"  # 234m 55p 567p 234s 678s: tanyao, 7s a kanchan
C = "1133m5577p99s1122z"  # seven pairs: 1m 3m 5p 7p 9s East South
C_RED = "1133m0577p99s1122z"
DEALER = {"seat": "E"}
MSOUL = {"rules": MAHJONG_SOUL}
RI = {"riichi": True}
TS = {"tsumo": True}
RI_TS = {"riichi": True, "tsumo": True}
KIRIAGE = TENHOU.replace(kiriage=True)
RINSHAN = {"riichi": True, "tsumo": True, "rinshan": True}
RINSHAN_IDS = "riichi menzen_tsumo rinshan"
SHANPON = "111m999p23455588s"  # 111m 999p 234s 555s 88s; on 5s the 55s/88s shanpon
CR = "base=20 closed_ron=10"  # the fu lines every closed ron starts with


def rule(**changes: object) -> dict:
    """Options that score under Tenhou rules with some flags changed."""
    return {"rules": TENHOU.replace(**changes)}


RENHOU_MANGAN = {"renhou": True, **rule(renhou="mangan")}


def win(hand: str, tile: str, seat: str = "S", rnd: str = "E", tsumo: bool = False, **kw: object):
    """``score`` with South in East by ron by default; a riichi puts the winner's own stick on
    the table (``riichi_sticks=1`` unless given: 0 sticks is refused)."""
    if kw.get("riichi") or kw.get("double_riichi"):
        kw.setdefault("riichi_sticks", 1)
    return score(hand, tile, tsumo=tsumo, seat_wind=seat, round_wind=rnd, **kw)  # type: ignore[arg-type]


def paid(result) -> int:
    """What the others pay for the win (payments with honba): the total without the riichi
    sticks on the table, which the tables' figures leave out."""
    assert result.total == sum(p.total for p in result.payments) + result.riichi_sticks
    return result.total - result.riichi_sticks


def ids(result) -> set[str]:
    return {y.id for y in result.yaku}


def lines(result) -> Counter:
    return Counter((line.code, line.fu) for line in result.fu_lines)


# ------------------------------------------------------------------ ordinary yaku

YAKU = [
    # id, hand, win tile, options, yaku ids, han, fu, total
    # riichi: 20 + closed ron 10 + kanchan 2 = 32 -> 40; 1 han 40 fu: 320 x4 = 1,280 -> 1,300
    ("riichi", R, "3s", RI, "riichi", 1, 40, 1300),
    # double riichi 2 han 40 fu: 640 x4 = 2,560 -> 2,600; passing riichi too counts once
    ("double_riichi", R, "3s", {"double_riichi": True}, "double_riichi", 2, 40, 2600),
    ("double_riichi_and_riichi", R, "3s", {**RI, "double_riichi": True}, "double_riichi", 2, 40, 2600),
    # riichi + ippatsu 2 han 40 fu = 2,600; with the ippatsu rule off only riichi counts
    ("ippatsu", R, "3s", {"riichi": True, "ippatsu": True}, "riichi ippatsu", 2, 40, 2600),
    ("ippatsu_rule_off", R, "3s", {**RI, "ippatsu": True, **rule(ippatsu=False)}, "riichi", 1, 40, 1300),
    # menzen tsumo: 20 + tsumo 2 + kanchan 2 = 24 -> 30; base 240: 500 (East) + 300 + 300
    ("menzen_tsumo", R, "3s", TS, "menzen_tsumo", 1, 30, 1100),
    # pinfu ron: 20 + 10 = 30; 1 han: 960 -> 1,000
    ("pinfu", R, "2s", {}, "pinfu", 1, 30, 1000),
    # tanyao closed: 234m 55p 567p 234s 678s on 7s kanchan: 32 -> 40 -> 1,300
    ("tanyao_closed", T, "7s", {}, "tanyao", 1, 40, 1300),
    # tanyao open (kuitan): 20 + kanchan 2 = 22 -> 30; 1 han 30 fu = 1,000
    ("tanyao_open", "234m55567p234s [678s]", "3s", {}, "tanyao", 1, 30, 1000),
    # iipeikou: 123m 123m 456p 55p 789s on 2m (kanchan): 32 -> 40 -> 1,300
    ("iipeikou", "112233m45556p789s", "2m", {}, "iipeikou", 1, 40, 1300),
    # yakuhai: 234m 456p 678s 22p + an honor triplet, won on 4m (23m ryanmen):
    # 20 + 10 + closed honor triplet 8 = 38 -> 40; 1 han = 1,300
    ("haku", "234m22456p678s555z", "4m", {}, "yakuhai_haku", 1, 40, 1300),
    ("hatsu", "234m22456p678s666z", "4m", {}, "yakuhai_hatsu", 1, 40, 1300),
    ("chun", "234m22456p678s777z", "4m", {}, "yakuhai_chun", 1, 40, 1300),
    ("seat_wind", "234m22456p678s222z", "4m", {}, "yakuhai_seat", 1, 40, 1300),
    ("round_wind", "234m22456p678s111z", "4m", {}, "yakuhai_round", 1, 40, 1300),
    # East for the East seat in the East round: 2 han 40 fu, dealer ron 640 x6 = 3,840 -> 3,900
    ("double_wind", "234m22456p678s111z", "4m", DEALER, "yakuhai_seat yakuhai_round", 2, 40, 3900),
    # haitei on an open hand: 20 + tsumo 2 + kanchan 2 = 24 -> 30; 300/300/500 = 1,100
    ("haitei", OPEN, "3s", {"tsumo": True, "haitei": True}, "haitei", 1, 30, 1100),
    # houtei: 20 + kanchan 2 = 22 -> 30 = 1,000
    ("houtei", OPEN, "3s", {"houtei": True}, "houtei", 1, 30, 1000),
    # rinshan after an open kan of 8p: 20 + 2 + 2 + open kan simple 8 = 32 -> 40;
    # base 320: 400 + 400 + 700 (East) = 1,500
    ("rinshan", "123m456p234s99s [8888p]", "3s", {"tsumo": True, "rinshan": True}, "rinshan", 1, 40, 1500),
    # chankan: ron, 22 -> 30 = 1,000
    ("chankan", OPEN, "3s", {"chankan": True}, "chankan", 1, 30, 1000),
    # chiitoitsu: 2 han 25 fu: 25 x 16 = 400 x4 = 1,600
    ("chiitoitsu", C, "9s", {}, "chiitoitsu", 2, 25, 1600),
    # toitoi: 111m 999p 33z [222s] [888s], ron 9p on a shanpon -> 999p counts open:
    # 20 + 111m closed 8 + 999p open 4 + 2 + 2 = 36 -> 40; 2 han: 2,600
    ("toitoi", "111m999p33z [222s] [888s]", "9p", {}, "toitoi", 2, 40, 2600),
    # sanankou: 111m 999p 555s 234s 88s on 4s: 20 + 10 + 8 + 8 + 4 = 50; 800 x4 = 3,200
    ("sanankou", SHANPON, "4s", {}, "sanankou", 2, 50, 3200),
    # sanshoku closed: 123 in m, p, s + 55s 789s on 2m kanchan: 32 -> 40, 2 han = 2,600
    ("sanshoku_closed", "123m123p12355789s", "2m", {}, "sanshoku_doujun", 2, 40, 2600),
    ("sanshoku_open", "123p12355789s [123m]", "2p", {}, "sanshoku_doujun", 1, 30, 1000),
    # sanshoku doukou: 222m 222s closed 4 + 4, [222p] 2 -> 30 fu; + kuitan: 3 han 30 fu:
    # 960 x4 = 3,840 -> 3,900
    ("sanshoku_doukou", "222456m88p222s [222p]", "4m", {}, "sanshoku_doukou tanyao", 3, 30, 3900),
    # sankantsu: 20 + tanki 2 + (1111m) 32 + (9999p) 32 + [2222s] 8 = 94 -> 100;
    # 2 han 100 fu: 1,600 x4 = 6,400
    ("sankantsu", "456m55p (1111m) (9999p) [2222s]", "5p", {}, "sankantsu", 2, 100, 6400),
    # ittsu: 123 456 789m on 5m (kanchan): closed 2 han 40 fu = 2,600; open 1 han 30 fu
    ("ittsu_closed", "123456789m234p55s", "5m", {}, "ittsu", 2, 40, 2600),
    ("ittsu_open", "456789m234p55s [123m]", "5m", {}, "ittsu", 1, 30, 1000),
    # chanta: 123m 789p 789s 99s 333z (West, no value) on 8p kanchan: 20+10+2+8 = 40
    ("chanta_closed", "123m789p78999s333z", "8p", {}, "chanta", 2, 40, 2600),
    ("chanta_open", "789p78999s333z [123m]", "8p", {}, "chanta", 1, 30, 1000),
    # junchan: 123m 789m 123p 789s 99s on 2p: 3 han 40 fu: 1,280 x4 = 5,120 -> 5,200;
    # open: 2 han 30 fu: 480 x4 = 1,920 -> 2,000
    ("junchan_closed", "123789m123p78999s", "2p", {}, "junchan", 3, 40, 5200),
    ("junchan_open", "123789m78999s [123p]", "8s", {}, "junchan", 2, 30, 2000),
    # honroutou as seven pairs: 2 + 2 = 4 han 25 fu: 1,600 x4 = 6,400
    ("honroutou_chiitoitsu", "1199m1199p11s1122z", "2z", {}, "chiitoitsu honroutou", 4, 25, 6400),
    # honroutou + toitoi: 20 + 111m (ron) 4 + 999p 8 + 111s 8 + [999s] 4 = 44 -> 50; 4 han 50 fu
    # = 3,200 base -> mangan 8,000
    ("honroutou_toitoi", "111m999p111s33z [999s]", "1m", {}, "honroutou toitoi", 4, 50, 8000),
    # shousangen + haku + hatsu = 4 han; 20 + 10 + 8 + 8 + chun pair 2 = 48 -> 50 -> mangan
    ("shousangen", "234m456p55566677z", "4m", {}, "shousangen yakuhai_haku yakuhai_hatsu", 4, 50, 8000),
    # ryanpeikou (234m x2, 567p x2, 99s) on the 9s tanki: 3 han 40 fu = 5,200, beating its
    # seven-pairs reading (2 han 25 fu = 1,600)
    ("ryanpeikou", "223344m556677p99s", "9s", {}, "ryanpeikou", 3, 40, 5200),
    # honitsu: 123 345 789m 55m 333z on 8m: 20+10+2+8 = 40; 3 han = 5,200; open 2 han 30 fu
    ("honitsu_closed", "12334555789m333z", "8m", {}, "honitsu", 3, 40, 5200),
    ("honitsu_open", "12334555m333z [789m]", "4m", {}, "honitsu", 2, 30, 2000),
    # chinitsu: 111 234 567 888 99m on 6m: 20+10+2+8+4 = 44 -> 50; closed 6 han = haneman
    # 12,000; open 5 han = mangan 8,000
    ("chinitsu_closed", "11123456788899m", "6m", {}, "chinitsu", 6, 50, 12000),
    ("chinitsu_open", "111234888m99m [567m]", "3m", {}, "chinitsu", 5, 40, 8000),
    # renhou by rule value (docs/rules.md): R has no yaku of its own, so renhou alone sets
    # the value: mangan (5 han) 8,000, baiman (8 han) 16,000; the 5 han add to other yaku
    # (WRC reading): + tanyao = 6 han, haneman 12,000. With "none" only tanyao counts
    ("renhou_mangan", R, "3s", RENHOU_MANGAN, "renhou_mangan", 5, 40, 8000),
    ("renhou_baiman", R, "3s", {"renhou": True, **rule(renhou="baiman")}, "renhou_baiman", 8, 40, 16000),
    ("renhou_plus_tanyao", T, "7s", RENHOU_MANGAN, "renhou_mangan tanyao", 6, 40, 12000),
    ("renhou_none", T, "7s", {"renhou": True}, "tanyao", 1, 40, 1300),
]


@pytest.mark.parametrize(
    ("hand", "tile", "options", "yaku", "han", "fu", "total"),
    [pytest.param(*row[1:], id=row[0]) for row in YAKU],
)
def test_yaku(hand, tile, options, yaku, han, fu, total) -> None:
    r = win(hand, tile, **options)
    assert (ids(r), r.han, r.fu, paid(r), r.yakuman) == (set(yaku.split()), han, fu, total, 0)


# ------------------------------------------------------------------ yakuman

KOKUSHI = "119m19p19s1234567z"  # 11m: won on 9m it was a single wait, on 1m 13-sided
DT = "555666z11z222z [777z]"  # daisangen + tsuuiisou
KAZOE_TOO = {"riichi": True, "ippatsu": True, "dora_indicators": "48m"}
DOUBLE_KOKUSHI = TENHOU.replace(double_yakuman=frozenset({"kokushi_13"}))
YAKUMAN = [
    # id, hand, win tile, options, yaku ids, yakuman multiple, total (32,000 per yakuman,
    # dealer 48,000)
    ("kokushi", KOKUSHI, "9m", {}, "kokushi", 1, 32000),
    ("kokushi_13_tenhou", KOKUSHI, "1m", {}, "kokushi_13", 1, 32000),
    ("kokushi_13_mahjong_soul", KOKUSHI, "1m", MSOUL, "kokushi_13", 2, 64000),
    ("kokushi_13_by_replace", KOKUSHI, "1m", {"rules": DOUBLE_KOKUSHI}, "kokushi_13", 2, 64000),
    # robbing an added kan (the one 9m held is the robbed tile): still a single yakuman
    ("kokushi_chankan", KOKUSHI, "9m", {"chankan": True}, "kokushi", 1, 32000),
    ("kokushi_single_double_rule", KOKUSHI, "9m", MSOUL, "kokushi", 1, 32000),
    # four concealed triplets by tsumo: 8,000 + 8,000 + 16,000
    ("suuankou", "111m333p555777s44z", "7s", TS, "suuankou", 1, 32000),
    ("suuankou_tanki", "111m333p555777s44z", "4z", {}, "suuankou_tanki", 1, 32000),
    ("suuankou_tanki_double", "111m333p555777s44z", "4z", MSOUL, "suuankou_tanki", 2, 64000),
    ("daisangen", "123m99p555666777z", "2m", {}, "daisangen", 1, 32000),
    ("shousuushii", "123m11122233344z", "2m", {}, "shousuushii", 1, 32000),
    ("daisuushii", "55m111222333z [444z]", "5m", {}, "daisuushii", 1, 32000),
    ("daisuushii_double", "55m111222333z [444z]", "5m", MSOUL, "daisuushii", 2, 64000),
    ("tsuuiisou", "11223344556677z", "7z", {}, "tsuuiisou", 1, 32000),
    ("chinroutou", "111999m111p11s [999p]", "1s", {}, "chinroutou", 1, 32000),
    ("ryuuiisou", "223344666888s66z", "6z", {}, "ryuuiisou", 1, 32000),
    # 1112234567899 9m: won on 5m the shape before was 11122346789 99 (not nine-sided)
    ("chuuren", "11122345678999m", "5m", {}, "chuuren", 1, 32000),
    # won on 2m the hand before was 1112345678999m: the pure nine-sided wait
    ("junsei_chuuren", "11122345678999m", "2m", {}, "junsei_chuuren", 1, 32000),
    ("junsei_chuuren_double", "11122345678999m", "2m", MSOUL, "junsei_chuuren", 2, 64000),
    ("suukantsu", "55z (1111m) [2222p] [3333s] (4444z)", "5z", {}, "suukantsu", 1, 32000),
    # tenhou: the dealer's tsumo, 16,000 from each; chiihou 8,000/8,000/16,000
    ("tenhou", R, "3s", {"tsumo": True, "tenhou": True, "seat": "E"}, "tenhou", 1, 48000),
    ("chiihou", R, "3s", {"tsumo": True, "chiihou": True}, "chiihou", 1, 32000),
    ("renhou_yakuman", R, "3s", {"renhou": True, **rule(renhou="yakuman")}, "renhou", 1, 32000),
    # suuankou tanki + daisuushii + tsuuiisou: three yakuman in Tenhou
    ("three_yakuman", "111222333444z55z", "5z", {}, "suuankou_tanki daisuushii tsuuiisou", 3, 96000),
    # 111 222 333 555m 99m on 9m also reads 123 x3 (riichi, ippatsu, chinitsu, iipeikou, 5 dora:
    # 14 han, kazoe 32,000): equal points, the real yakuman is the one reported
    ("suuankou_over_kazoe", "111222333555m99m", "9m", KAZOE_TOO, "suuankou_tanki", 1, 32000),
    # daisangen + tsuuiisou (555 666 [777] 222z 11z, ron 2z: only two concealed triplets)
    ("two_yakuman", DT, "2z", {}, "daisangen tsuuiisou", 2, 64000),
    ("two_yakuman_capped", DT, "2z", rule(multiple_yakuman=False), "daisangen tsuuiisou", 1, 32000),
]


@pytest.mark.parametrize(
    ("hand", "tile", "options", "yaku", "multiple", "total"),
    [pytest.param(*row[1:], id=row[0]) for row in YAKUMAN],
)
def test_yakuman(hand, tile, options, yaku, multiple, total) -> None:
    r = win(hand, tile, **options)
    assert (ids(r), r.yakuman, paid(r)) == (set(yaku.split()), multiple, total)
    assert r.limit == ("yakuman" if multiple == 1 else f"{multiple}x yakuman")
    assert r.base == 8000 * multiple


# ------------------------------------------------------------------ fu lines

DW = "111m456p234789s11z"
DW2 = TENHOU.replace(double_wind_pair_fu=2)
T8 = "closed_triplet_terminal_honor=8"
# [222m] 2, [999p] 4, [555z] 4: 30 fu; 222m 4, 999p 8, [555z] 4: 36 -> 40 fu
OPEN_PONS = "base=20 open_triplet_simple=2 open_triplet_terminal_honor=4x2"
CLOSED_PONS = "base=20 closed_triplet_simple=4 closed_triplet_terminal_honor=8 open_triplet_terminal_honor=4"
# [2222m] 8, [9999p] 16, [5555z] 16: 60 fu; (2222m) 16, (9999p) 32, [5555z] 16: 84 -> 90 fu
# (the open kan makes the hand open: no closed-ron 10)
OPEN_KANS = "base=20 open_kan_simple=8 open_kan_terminal_honor=16x2"
CLOSED_KANS = "base=20 closed_kan_simple=16 closed_kan_terminal_honor=32 open_kan_terminal_honor=16"
FU = [
    # id, hand, tile, options, lines (code, fu), fu after rounding
    ("pinfu_ron", R, "2s", {}, CR, 30),
    ("pinfu_tsumo", R, "2s", TS, "base=20", 20),
    ("tsumo_kanchan", R, "3s", TS, "base=20 tsumo=2 wait_kanchan=2", 30),
    ("penchan", R, "3m", RI, CR + " wait_penchan=2", 40),
    # 789s won on 7s (89s waited on 7 only): penchan too; 123m won on 1m (23m) is ryanmen
    ("penchan_789", R, "7s", RI, CR + " wait_penchan=2", 40),
    ("ryanmen_123", R, "1m", {}, CR, 30),
    # a tanki on a valueless honor pair: +2, and no pinfu
    ("tanki", "123m456p234789s33z", "3z", RI, CR + " wait_tanki=2", 40),
    ("pair_dragon", "123m456p234789s55z", "2s", RI, CR + " pair_dragon=2", 40),
    ("pair_seat_wind", "123m456p234789s22z", "2s", RI, CR + " pair_seat_wind=2", 40),
    ("pair_round_wind", "123m456p234789s11z", "2s", RI, CR + " pair_round_wind=2", 40),
    # East pair for the dealer in the East round: 20 + 10 + 4 + 111m 8 = 42 -> 50 (Tenhou:
    # 4); with the rule at 2: 40 exactly
    ("pair_double_wind_4", DW, "2s", {**RI, **DEALER}, CR + " pair_double_wind=4 " + T8, 50),
    ("pair_double_wind_2", DW, "2s", {**RI, **DEALER, "rules": DW2}, CR + " pair_double_wind=2 " + T8, 40),
    ("open_pons", "23444s [222m] [999p] [555z]", "2s", {}, OPEN_PONS, 30),
    ("closed_pons", "222m999p23444s [555z]", "2s", {}, CLOSED_PONS, 40),
    ("open_kans", "23444s [2222m] [9999p] [5555z]", "2s", {}, OPEN_KANS, 60),
    ("closed_kans", "23444s (2222m) (9999p) [5555z]", "2s", {}, CLOSED_KANS, 90),
    ("chiitoitsu_25", C, "9s", {}, "chiitoitsu=25", 25),
    # open all-run hand by ron: 20 raised to 30 by convention; raw 20 with the rule off
    ("open_pinfu_ron", "234m567p23455s [678s]", "2s", {}, "base=20 open_pinfu_ron=10", 30),
    ("open_pinfu_ron_20", "234m567p23455s [678s]", "2s", rule(open_pinfu_fu=20), "base=20", 20),
    ("open_all_runs_tsumo", "234m567p23455s [678s]", "2s", TS, "base=20 tsumo=2", 30),
    # a ron-completed triplet is open: 555s by ron on the shanpon 2; 111m 999p closed 8 each:
    # 20 + 10 + 8 + 8 + 2 = 48 -> 50
    ("ron_triplet_open", SHANPON, "5s", RI, f"{CR} {T8}x2 open_triplet_simple=2", 50),
]


@pytest.mark.parametrize(
    ("hand", "tile", "options", "expected", "fu"),
    [pytest.param(*row[1:], id=row[0]) for row in FU],
)
def test_fu_lines(hand, tile, options, expected, fu) -> None:
    r = win(hand, tile, **options)
    # expected: "code=fu" items, "code=fuxN" for N equal lines
    want: Counter = Counter()
    for item in expected.split():
        code, _, value = item.partition("=")
        points, _, n = value.partition("x")
        want[(code, int(points))] += int(n or 1)
    assert lines(r) == want
    assert r.fu == fu


# ------------------------------------------------------------------ seed 000: chiitoitsu

CHIITOITSU = [
    # id, hand, options, han, payments {payer: points}; 25 fu, never rounded to 30
    # 2 han: base 25 x 16 = 400: ron 1,600, dealer 2,400
    ("2han_ron", C, {}, 2, {"discarder": 1600}),
    ("2han_ron_dealer", C, DEALER, 2, {"discarder": 2400}),
    # 3 han (riichi): base 800: ron 3,200, dealer 4,800
    ("3han_ron", C, RI, 3, {"discarder": 3200}),
    ("3han_ron_dealer", C, {**RI, **DEALER}, 3, {"discarder": 4800}),
    # 3 han (menzen tsumo): 800/1,600; dealer 1,600 all
    ("3han_tsumo", C, TS, 3, {"E": 1600, "W": 800, "N": 800}),
    ("3han_tsumo_dealer", C, {**TS, **DEALER}, 3, {"S": 1600, "W": 1600, "N": 1600}),
    # 4 han (riichi + red 5p): base 1,600: ron 6,400, dealer 9,600
    ("4han_ron", C_RED, RI, 4, {"discarder": 6400}),
    ("4han_ron_dealer", C_RED, {**RI, **DEALER}, 4, {"discarder": 9600}),
    # 4 han (riichi + tsumo): 1,600/3,200; dealer 3,200 all
    ("4han_tsumo", C, RI_TS, 4, {"E": 3200, "W": 1600, "N": 1600}),
    ("4han_tsumo_dealer", C, {**RI_TS, **DEALER}, 4, {"S": 3200, "W": 3200, "N": 3200}),
]


@pytest.mark.parametrize(
    ("hand", "options", "han", "pays"), [pytest.param(*row[1:], id=row[0]) for row in CHIITOITSU]
)
def test_chiitoitsu_table(hand, options, han, pays) -> None:
    r = win(hand, "9s", **options)
    assert (r.han, r.fu, r.limit) == (han, 25, None)
    assert {p.payer: p.points for p in r.payments} == pays
    assert paid(r) == sum(pays.values())


# ------------------------------------------------------------------ seed 003: limits

# A (riichi + pinfu + tanyao: 3 han 30 fu) won by ron, with dora from indicators: 4s ->
# 5s (two held: 2 han), 1m -> 2m (1), 2m -> 3m (1). A2 adds two red fives.
LIMITS = [
    # id, hand, dora indicators, options, han, limit, non-dealer ron, dealer ron
    # 3 han 30 fu: 960 x4 = 3,840 -> 3,900; x6 = 5,760 -> 5,800
    ("3han_30fu", A, "", {}, 3, None, 3900, 5800),
    # 4 han 30 fu: 1,920 x4 = 7,680 -> 7,700; x6 = 11,520 -> 11,600 (no kiriage in Tenhou)
    ("4han_30fu", A, "1m", {}, 4, None, 7700, 11600),
    ("4han_30fu_kiriage", A, "1m", {"rules": KIRIAGE}, 4, "mangan", 8000, 12000),
    ("5han_mangan", A, "4s", {}, 5, "mangan", 8000, 12000),
    ("6han_haneman", A, "1m4s", {}, 6, "haneman", 12000, 18000),
    ("7han_haneman", A, "44s", {}, 7, "haneman", 12000, 18000),
    ("8han_baiman", A, "1m44s", {}, 8, "baiman", 16000, 24000),
    ("10han_baiman", A, "1m444s", {}, 10, "baiman", 16000, 24000),
    ("11han_sanbaiman", A, "12m444s", {}, 11, "sanbaiman", 24000, 36000),
    ("12han_sanbaiman", A2, "1m444s", {}, 12, "sanbaiman", 24000, 36000),
    ("13han_kazoe", A2, "12m444s", {}, 13, "kazoe yakuman", 32000, 48000),
    ("14han_kazoe", A2, "12m444s", {"ippatsu": True}, 14, "kazoe yakuman", 32000, 48000),
    ("13han_no_kazoe", A2, "12m444s", rule(kazoe_yakuman=False), 13, "sanbaiman", 24000, 36000),
]


@pytest.mark.parametrize(
    ("hand", "dora", "options", "han", "limit", "ron", "dealer_ron"),
    [pytest.param(*row[1:], id=row[0]) for row in LIMITS],
)
def test_limits(hand, dora, options, han, limit, ron, dealer_ron) -> None:
    # dora indicators in notation: "1m444s" is a 1m and three 4s
    for seat, expected in (("S", ron), ("E", dealer_ron)):
        r = win(hand, "8s", seat=seat, riichi=True, dora_indicators=dora, **options)
        assert (r.han, r.fu, r.limit, paid(r)) == (han, 30, limit, expected)


# N: 111m 999p 555z closed (8 each) + 234s on 4s + 88s: 20 + 10 + 24 = 54 -> 60 fu;
# sanankou 2 + haku 1 = 3 han; 60 x 32 = 1,920 -> 7,700 / dealer 11,600; kiriage: mangan
N = "111m999p23488s555z"


@pytest.mark.parametrize(("rules", "ron", "dealer_ron"), [(TENHOU, 7700, 11600), (KIRIAGE, 8000, 12000)])
def test_3han_60fu_near_miss(rules, ron, dealer_ron) -> None:
    r = win(N, "4s", rules=rules)
    assert (ids(r), r.han, r.fu) == ({"sanankou", "yakuhai_haku"}, 3, 60)
    assert (paid(r), paid(win(N, "4s", seat="E", rules=rules))) == (ron, dealer_ron)


@pytest.mark.parametrize(
    ("dora", "han", "total"),
    # (5555z) riichi: 20 + 10 + closed honor kan 32 = 62 -> 70 fu; riichi + haku = 2 han
    # 70 x 16 = 1,120 x4 = 4,480 -> 4,500; + 1 dora: 70 x 32 = 2,240 > 2,000 -> mangan
    [([], 2, 4500), (["1m"], 3, 8000)],
)
def test_mangan_by_base_cap(dora, han, total) -> None:
    r = win("234m567p23488s (5555z)", "4s", riichi=True, dora_indicators=dora)
    assert (r.han, r.fu, paid(r)) == (han, 70, total)
    assert r.limit == (None if han == 2 else "mangan")


PAYMENTS = [
    # id, hand, tile, options, payments {payer: points}
    # 1 han 30 fu tsumo: base 240 -> 300 each, dealer pays 480 -> 500
    ("1han30_tsumo", R, "3s", TS, {"E": 500, "W": 300, "N": 300}),
    # the dealer wins: 480 -> 500 from everyone
    ("1han30_tsumo_dealer", R, "3s", {**TS, **DEALER}, {"S": 500, "W": 500, "N": 500}),
    # 1 han 30 fu ron: 960 -> 1,000; dealer 1,440 -> 1,500
    ("1han30_ron", R, "2s", {}, {"discarder": 1000}),
    ("1han30_ron_dealer", R, "2s", DEALER, {"discarder": 1500}),
    # pinfu tsumo 2 han 20 fu: base 320 -> 400 / 640 -> 700; dealer 700 all
    ("2han20_tsumo", R, "2s", TS, {"E": 700, "W": 400, "N": 400}),
    ("2han20_tsumo_dealer", R, "2s", {**TS, **DEALER}, {"S": 700, "W": 700, "N": 700}),
    # riichi tsumo pinfu tanyao: 4 han 20 fu: base 1,280 -> 1,300 / 2,560 -> 2,600
    ("4han20_tsumo", A, "8s", RI_TS, {"E": 2600, "W": 1300, "N": 1300}),
    ("4han20_tsumo_dealer", A, "8s", {**RI_TS, **DEALER}, {"S": 2600, "W": 2600, "N": 2600}),
    # the winner sits West: East pays double, South and North single
    ("west_tsumo", R, "3s", {"tsumo": True, "seat": "W"}, {"E": 500, "S": 300, "N": 300}),
]


@pytest.mark.parametrize(
    ("hand", "tile", "options", "pays"), [pytest.param(*row[1:], id=row[0]) for row in PAYMENTS]
)
def test_payments(hand, tile, options, pays) -> None:
    r = win(hand, tile, **options)
    assert {p.payer: p.points for p in r.payments} == pays
    assert paid(r) == sum(pays.values())


def test_honba_and_sticks_on_ron() -> None:
    # riichi 1 han 40 fu = 1,300; 2 honba: +600 from the discarder; 3 sticks: +3,000
    r = win(R, "3s", riichi=True, honba=2, riichi_sticks=3)
    assert [(p.payer, p.points, p.honba, p.total) for p in r.payments] == [("discarder", 1300, 600, 1900)]
    assert (r.riichi_sticks, r.total) == (3000, 4900)


def test_honba_and_sticks_on_tsumo() -> None:
    # riichi + tsumo, 20 + 2 + 2 = 24 -> 30 fu: base 480: East 1,000, others 500; 2 honba:
    # +200 from each payer; 1 stick +1,000: 2,000 + 600 + 1,000 = 3,600
    r = win(R, "3s", tsumo=True, riichi=True, honba=2, riichi_sticks=1)
    assert {p.payer: (p.points, p.honba) for p in r.payments} == {
        "E": (1000, 200),
        "W": (500, 200),
        "N": (500, 200),
    }
    assert r.total == 3600


# ------------------------------------------------------------------ classic bug cases


CLASSIC = [
    # id, hand, win tile, options, yaku ids, han, fu, total (as in YAKU)
    # pinfu tsumo: 20 fu flat, no +2 for the tsumo: 2 han 20 fu = 400/400/700
    ("pinfu_tsumo_20_fu", R, "2s", TS, "pinfu menzen_tsumo", 2, 20, 1500),
    # 33z (West) is valueless for South in East: pinfu on the 2s ryanmen...
    ("pinfu_with_valueless_honor_pair", "123m456p234789s33z", "2s", {}, "pinfu", 1, 30, 1000),
    # ...but not when that honor pair was the single wait: riichi, 20+10+tanki 2 -> 40 fu
    ("no_pinfu_on_honor_pair_tanki", "123m456p234789s33z", "3z", RI, "riichi", 1, 40, 1300),
    # 111m 999p + 555s completed by ron: 555s is open, no sanankou; riichi 1 han,
    # 20 + 10 + 8 + 8 + 2 = 48 -> 50 fu: 400 x4 = 1,600
    ("ron_completed_triplet_is_open", SHANPON, "5s", RI, "riichi", 1, 50, 1600),
    # by tsumo all three stay concealed: riichi + tsumo + sanankou = 4 han,
    # 20 + 2 + 8 + 8 + 4 = 42 -> 50 fu: base 3,200 -> mangan 2,000/2,000/4,000
    ("tsumo_triplet_is_closed", SHANPON, "5s", RI_TS, "riichi menzen_tsumo sanankou", 4, 50, 8000),
    # suuankou shape won by ron on the shanpon: toitoi + sanankou, 20+10+8+4+4+2 = 48 -> 50,
    # 4 han 50 fu -> mangan
    ("suuankou_ron_on_shanpon", "111m333p555777s44z", "7s", {}, "toitoi sanankou", 4, 50, 8000),
    # 345m 456m on 4m: kanchan in 345 (riichi, 40 fu: 1,300) or ryanmen in 456 (riichi +
    # pinfu 30 fu: 2,000); tsumo: 2 han 30 fu (2,000) vs 3 han 20 fu (700/700/1,300 = 2,700)
    ("kanchan_or_pinfu_ron", "345456m123p78999s", "4m", RI, "riichi pinfu", 2, 30, 2000),
    ("kanchan_or_pinfu_tsumo", "345456m123p78999s", "4m", RI_TS, "riichi menzen_tsumo pinfu", 3, 20, 2700),
    # (0555p) holds one red five: riichi 1 + aka 1 = 2 han; 20 + 10 + closed kan 16 = 46 ->
    # 50 fu: 800 x4 = 3,200 (a double count would be 6,400)
    ("red_five_in_closed_kan_once", "123m234678s99s (0555p)", "2s", RI, "riichi", 2, 50, 3200),
    # chankan is a ron: closed ron +10, no tsumo fu: riichi + chankan 2 han 40 fu = 2,600
    ("chankan_closed_hand", R, "3s", {**RI, "chankan": True}, "riichi chankan", 2, 40, 2600),
    # riichi with a closed kan + rinshan: 3 han; 20 + 2 + kanchan 2 + (8888p) 16 = 40 fu:
    # base 1,280 -> 1,300/1,300/2,600 = 5,200
    ("closed_kan_rinshan", KANS, "3s", RINSHAN, RINSHAN_IDS, 3, 40, 5200),
    # kan dora: 7p -> 8p, the closed kan holds four: 3 + 4 = 7 han, haneman 3,000/3,000/6,000
    ("kan_dora_counts_four", KANS, "3s", {**RINSHAN, "dora_indicators": "7p"}, RINSHAN_IDS, 7, 40, 12000),
    # a robbed red five counts once: chankan 1 + aka 1; 20 + kanchan 2 -> 30 fu: 2 han 2,000
    ("robbed_red_five_once", "123m406p234s99s [789s]", "0p", {"chankan": True}, "chankan", 2, 30, 2000),
    # 4m could close 444m (by ron: open) or 456m (ryanmen): the run reading keeps 444m
    # concealed, sanankou 2 han; 20 + 10 + 4 + 8 + 8 + haku pair 2 = 52 -> 60: 960 x4 -> 3,900
    ("ron_tile_in_run_keeps_triplet", "444456m111p999s55z", "4m", {}, "sanankou", 2, 60, 3900),
    # the nine-gates shape with a kan is 15 tiles, not chuuren: tsumo + chinitsu 7 han
    # (20 + 2 + tanki 2 + (1111m) 32 + 999m 8 = 64 -> 70 fu), haneman 3,000/3,000/6,000
    ("no_chuuren_with_a_kan", "23455678999m (1111m)", "5m", TS, "menzen_tsumo chinitsu", 7, 70, 12000),
]


@pytest.mark.parametrize(
    ("hand", "tile", "options", "yaku", "han", "fu", "total"),
    [pytest.param(*row[1:], id=row[0]) for row in CLASSIC],
)
def test_classic_case(hand, tile, options, yaku, han, fu, total) -> None:
    test_yaku(hand, tile, options, yaku, han, fu, total)


def test_red_five_in_a_chi_and_dora_indicator_wrap() -> None:
    # kuitan 1 + dora 1 (4p -> 5p: the red one in [406p]) + aka 1 = 3 han; open all-run
    # ron 30 fu: 960 x4 = 3,840 -> 3,900
    r = win("234m234s88s [406p] [678s]", "2s", dora_indicators=["4p"])
    assert (r.dora.dora, r.dora.aka, r.han, r.fu, paid(r)) == (1, 1, 3, 30, 3900)
    # 9m -> 1m (pair: 2), North -> East (pair: 2), red -> white (none): chiitoitsu 2 + 4 = 6
    r = win(C, "9s", dora_indicators=["9m", "4z", "7z"])
    assert (r.dora.dora, r.han, r.limit, paid(r)) == (4, 6, "haneman", 12000)


def test_dora_and_ura() -> None:
    # ura 8s -> 9s, held three times (789s + 99s): riichi 1 + 3 = 4 han 40 fu: 2,560 ->
    # mangan 8,000; the 1z indicator points at South, not held
    r = win(R, "3s", riichi=True, dora_indicators=["1z"], ura_indicators=["8s"])
    assert (r.dora.dora, r.dora.ura, r.han, paid(r)) == (0, 3, 4, 8000)
    r = win(R, "3s", riichi=True, dora_indicators=["1z"], ura_indicators=["8s"], **rule(ura_dora=False))
    assert (r.dora.ura, paid(r)) == (0, 1300)


@pytest.mark.parametrize(
    ("hand", "tile", "options"),
    [
        pytest.param("123m456p23455s [789s]", "2s", {"dora_indicators": ["4s"]}, id="dora_without_yaku"),
        pytest.param("234m55567p234s [678s]", "3s", rule(kuitan=False), id="kuitan_off"),
        pytest.param("234m22456p678s333z", "4m", {}, id="valueless_wind_triplet"),
        pytest.param(R, "3s", {"renhou": True}, id="renhou_none"),
    ],
)
def test_no_yaku_is_not_a_win(hand, tile, options) -> None:
    with pytest.raises(NotAWinError, match="yaku"):
        win(hand, tile, **options)


def test_incomplete_hand_is_not_a_win() -> None:
    with pytest.raises(NotAWinError, match="not a complete hand"):
        win("1234m456p234s5578s", "8s", riichi=True)


def test_result_to_dict_matches_fields() -> None:
    r = win(R, "3s", riichi=True, honba=1, riichi_sticks=1)
    d = json.loads(json.dumps(r.to_dict()))
    assert (d["han"], d["fu"], d["total"], d["limit"]) == (1, 40, 2600, None)
    assert [line["code"] for line in d["fu_lines"]] == [line.code for line in r.fu_lines]


@pytest.mark.parametrize(
    "seat, expected",
    [("E", [("S", 4000), ("W", 4000), ("N", 4000)]), ("W", [("E", 4000), ("S", 2000), ("N", 2000)])],
)
def test_nagashi_mangan_pays_a_mangan_tsumo(seat: str, expected: list) -> None:
    # dealer: 4,000 all; non-dealer: 4,000 from the dealer, 2,000 from the others
    assert [(p.payer, p.total) for p in nagashi_mangan(seat, rules=TENHOU)] == expected


def test_nagashi_mangan_refused_without_the_rule() -> None:
    with pytest.raises(InvalidSituationError, match="nagashi mangan"):
        nagashi_mangan("S", rules=WRC)
