"""Stable yaku identities: every yaku row carries an explicit ``bit`` (its bit of the batch
``yaku_mask``), pinned here; reordering the rows changes no bit and no mask; the bits are
checked at import."""

from __future__ import annotations

import json
import subprocess
import sys
from dataclasses import replace

import numpy as np
import pytest

from riichi_lut.core.tiles import KIND_NAMES, format_counts
from riichi_lut.errors import NotAWinError
from riichi_lut.riichi import score
from riichi_lut.riichi.batch import YAKU_BITS, score_batch
from riichi_lut.riichi.batch.luts import BIT, yaku_bits
from riichi_lut.riichi.yaku import BIT_WIDTH, ROWS, YAKU, check_rows

#: The bit of every yaku, written out: a stored ``yaku_mask`` means these yaku forever.
PINNED = {
    "riichi": 0,
    "double_riichi": 1,
    "ippatsu": 2,
    "menzen_tsumo": 3,
    "pinfu": 4,
    "tanyao": 5,
    "iipeikou": 6,
    "yakuhai_haku": 7,
    "yakuhai_hatsu": 8,
    "yakuhai_chun": 9,
    "yakuhai_seat": 10,
    "yakuhai_round": 11,
    "haitei": 12,
    "houtei": 13,
    "rinshan": 14,
    "chankan": 15,
    "chiitoitsu": 16,
    "toitoi": 17,
    "sanankou": 18,
    "sanshoku_doujun": 19,
    "sanshoku_doukou": 20,
    "sankantsu": 21,
    "ittsu": 22,
    "chanta": 23,
    "junchan": 24,
    "honroutou": 25,
    "shousangen": 26,
    "ryanpeikou": 27,
    "honitsu": 28,
    "chinitsu": 29,
    "kokushi": 30,
    "kokushi_13": 31,
    "suuankou": 32,
    "suuankou_tanki": 33,
    "daisangen": 34,
    "shousuushii": 35,
    "daisuushii": 36,
    "tsuuiisou": 37,
    "chinroutou": 38,
    "ryuuiisou": 39,
    "chuuren": 40,
    "junsei_chuuren": 41,
    "suukantsu": 42,
    "tenhou": 43,
    "chiihou": 44,
    "renhou": 45,
    "renhou_mangan": 46,
    "renhou_baiman": 47,
    "open_riichi": 48,
    "double_open_riichi": 49,
    "daisharin": 50,
    "daisuurin": 51,
    "daichikurin": 52,
    "daichisei": 53,
    "paarenchan": 54,
}

WINDS = "ESWN"


def test_every_yaku_has_its_pinned_bit() -> None:
    assert {row.id: row.bit for row, _ in ROWS} == PINNED
    assert {yaku_id: row.bit for yaku_id, row in YAKU.items()} == PINNED
    assert dict(BIT) == PINNED
    assert {yaku_id: i for i, yaku_id in enumerate(YAKU_BITS)} == PINNED


def test_reordering_the_rows_changes_no_bit() -> None:
    for rows in (tuple(reversed(ROWS)), ROWS[1::2] + ROWS[::2], tuple(sorted(ROWS, key=lambda r: r[0].id))):
        check_rows(rows)
        assert yaku_bits(rows) == YAKU_BITS


@pytest.mark.parametrize(
    ("change", "match"),
    [
        (lambda rows: rows + ((replace(rows[0][0], id="extra", bit=BIT_WIDTH), rows[0][1]),), "outside"),
        (lambda rows: rows + ((replace(rows[0][0], id="extra", bit=-1), rows[0][1]),), "outside"),
        (lambda rows: rows[:-1] + ((replace(rows[-1][0], bit=3), rows[-1][1]),), "share bit 3"),
        (lambda rows: rows + (rows[5],), "appears twice"),
        (lambda rows: ((replace(rows[1][0], supersedes=("richi",)), rows[1][1]), *rows[2:]), "unknown"),
    ],
    ids=["too-high", "negative", "shared", "duplicate-id", "unknown-supersedes"],
)
def test_bad_bits_are_refused(change, match) -> None:
    with pytest.raises(AssertionError, match=match):
        check_rows(change(ROWS))


def test_a_gap_in_the_bits_is_refused() -> None:
    with pytest.raises(AssertionError, match=r"bits \[0\] have no row"):
        yaku_bits(ROWS[1:])


# --------------------------------------------------------------------------- seeded hands


def seeded_hands(seed: int, n: int) -> list[dict[str, object]]:
    """Closed complete hands (four melds and a pair, or seven pairs) with random facts."""
    rng = np.random.default_rng(seed)
    out: list[dict[str, object]] = []
    while len(out) < n:
        counts = [0] * 34
        if rng.random() < 0.1:
            for k in rng.choice(34, 7, replace=False):
                counts[int(k)] = 2
        else:
            for _ in range(4):
                k = int(rng.integers(34))
                if k < 27 and k % 9 <= 6 and rng.random() < 0.6:
                    for d in range(3):
                        counts[k + d] += 1
                else:
                    counts[k] += 3
            counts[int(rng.integers(34))] += 2
        if max(counts) > 4:
            continue
        held = [k for k in range(34) if counts[k]]
        riichi = bool(rng.random() < 0.4)
        out.append(
            {
                "counts": counts,
                "win": int(rng.choice(held)),
                "tsumo": bool(rng.random() < 0.5),
                "seat": WINDS[int(rng.integers(4))],
                "round": WINDS[int(rng.integers(2))],
                "riichi": riichi,
                "ippatsu": riichi and bool(rng.random() < 0.3),
            }
        )
    return out


def batch_masks(hands: list[dict[str, object]]) -> list[int]:
    r = score_batch(
        np.array([h["counts"] for h in hands], dtype=np.uint8),
        np.array([h["win"] for h in hands]),
        tsumo=np.array([h["tsumo"] for h in hands]),
        seat_wind=np.array([h["seat"] for h in hands]),
        round_wind=np.array([h["round"] for h in hands]),
        riichi=np.array([h["riichi"] for h in hands]),
        ippatsu=np.array([h["ippatsu"] for h in hands]),
    )
    return [int(m) for m in r.yaku_mask]


def scalar_yaku(h: dict[str, object]) -> set[str]:
    counts = h["counts"]
    assert isinstance(counts, list)
    try:
        r = score(
            format_counts(counts),
            KIND_NAMES[h["win"]],
            tsumo=bool(h["tsumo"]),
            seat_wind=str(h["seat"]),
            round_wind=str(h["round"]),
            riichi=bool(h["riichi"]),
            ippatsu=bool(h["ippatsu"]),
            riichi_sticks=1 if h["riichi"] else 0,  # the winner's own stick
        )
    except NotAWinError:
        return set()
    return {y.id for y in r.yaku}


def decode(mask: int) -> set[str]:
    """Yaku of a mask by the pinned bits (not by ``YAKU_BITS``)."""
    return {yaku_id for yaku_id, bit in PINNED.items() if mask >> bit & 1}


def test_batch_mask_decodes_to_the_scalar_yaku() -> None:
    hands = seeded_hands(9, 1500)
    masks = batch_masks(hands)
    assert [decode(m) for m in masks] == [scalar_yaku(h) for h in hands]
    seen = set().union(*map(decode, masks))
    assert {"riichi", "ippatsu", "pinfu", "tanyao", "chiitoitsu", "toitoi", "yakuhai_seat"} <= seen


REVERSED = """
import json, sys
import numpy as np
import riichi_lut.riichi.yaku as yaku
yaku.ROWS = tuple(reversed(yaku.ROWS))  # before the batch scorer reads the rows
from riichi_lut.riichi.batch import YAKU_BITS, score_batch
hands = json.load(sys.stdin)
r = score_batch(
    np.array([h["counts"] for h in hands], dtype=np.uint8), np.array([h["win"] for h in hands]),
    tsumo=np.array([h["tsumo"] for h in hands]), seat_wind=np.array([h["seat"] for h in hands]),
    round_wind=np.array([h["round"] for h in hands]), riichi=np.array([h["riichi"] for h in hands]),
    ippatsu=np.array([h["ippatsu"] for h in hands]),
)
print(json.dumps({"first": yaku.ROWS[0][0].id, "bits": list(YAKU_BITS), "masks": r.yaku_mask.tolist()}))
"""


def test_batch_scorer_built_on_reversed_rows_gives_the_same_masks() -> None:
    """A fresh interpreter whose ``yaku.ROWS`` is reversed before the batch scorer is
    imported: the same ``YAKU_BITS`` and the same mask for every seeded hand."""
    hands = seeded_hands(10, 600)
    done = subprocess.run(
        [sys.executable, "-c", REVERSED], input=json.dumps(hands), capture_output=True, text=True, check=False
    )
    assert done.returncode == 0, done.stderr
    got = json.loads(done.stdout)
    assert got["first"] == ROWS[-1][0].id  # the rows really were reversed
    assert tuple(got["bits"]) == YAKU_BITS
    assert got["masks"] == batch_masks(hands)
