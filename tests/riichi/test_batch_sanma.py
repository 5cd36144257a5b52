"""Three-player hands in riichi_lut.riichi.batch (issue 14 item 1): ``score_batch`` under
``TENHOU_SANMA`` / ``MAHJONG_SOUL_SANMA`` (tsumo loss or the split of North's share,
kita, rinshan after a kita) against the scalar ``score`` on seeded random three-player
wins, closed and with pon and kan, and the three-player bad inputs."""

from __future__ import annotations

from typing import Any

import numpy as np
import pytest
from batch_cases import Called, assert_agree, batch_rows, scalar

from riichi_lut.errors import InvalidArgumentError, InvalidHandError, InvalidSituationError
from riichi_lut.riichi import MAHJONG_SOUL_SANMA, TENHOU_SANMA, RuleSet, score
from riichi_lut.riichi.batch import CLOSED_KAN, OPEN_KAN, PON, call_code, dora_han_batch, score_batch

KINDS = [0, 8, *range(9, 34)]
WIND_LETTERS = "ESWN"
FLAGS = ("riichi", "double_riichi", "ippatsu", "haitei", "houtei", "chankan", "rinshan")
POOLS = (KINDS, [0, 8, 9, 17, 18, 26, *range(27, 34)], list(range(27, 34)), [*range(9, 18), *range(27, 34)])


def sanma_situation(rng: np.random.Generator, kita_rinshan: bool) -> tuple[Called, int]:
    """A three-player win (no chi, no 2m-8m, seats E/S/W) and its kita count."""
    pool = POOLS[int(rng.integers(len(POOLS)))]
    while True:
        concealed, called, codes = [0] * 34, [0] * 34, []
        n_calls = int(rng.choice([0, 0, 1, 2, 3]))
        for i in range(4):
            k = int(rng.choice(pool))
            run = k < 27 and k % 9 <= 6 and k >= 9 and all(k + d in pool for d in range(3))
            if i < n_calls:
                kind_type = int(rng.choice([PON, PON, OPEN_KAN, CLOSED_KAN]))
                codes.append(call_code(kind_type, k))
                called[k] += 3 if kind_type == PON else 4
            elif run and rng.random() < 0.6:
                for d in range(3):
                    concealed[k + d] += 1
            else:
                concealed[k] += 3
        concealed[int(rng.choice(pool))] += 2
        kita = int(rng.integers(0, 3)) if rng.random() < 0.5 else 0
        total = [a + b for a, b in zip(concealed, called, strict=True)]
        total[30] += kita
        if max(total) <= 4:
            break
    opened = any(c // 34 != CLOSED_KAN for c in codes)
    has_kan = any(c // 34 in (OPEN_KAN, CLOSED_KAN) for c in codes)
    win = int(rng.choice(np.repeat(np.arange(34), concealed)))
    tsumo = bool(rng.random() < 0.5)
    riichi = not opened and bool(rng.random() < 0.4)
    ippatsu = riichi and not kita and bool(rng.random() < 0.2)
    rinshan = tsumo and (has_kan or (kita > 0 and kita_rinshan)) and not ippatsu and bool(rng.random() < 0.3)
    flags = {
        "riichi": riichi,
        "double_riichi": False,
        "ippatsu": ippatsu,
        "haitei": tsumo and not rinshan and bool(rng.random() < 0.05),
        "houtei": not tsumo and not ippatsu and bool(rng.random() < 0.05),
        "chankan": False,
        "rinshan": rinshan,
    }
    left = [4 - t for t in total]
    for k in range(1, 8):
        left[k] = 0
    dora: list[int] = []
    for _ in range(int(rng.integers(0, 4))):
        k = int(rng.choice([29, 29, *KINDS]))  # West indicators oversampled: they show North (kita)
        if left[k] > 0:
            left[k] -= 1
            dora.append(k)
    ura: list[int] = []
    for _ in range(int(rng.integers(0, len(dora) + 1)) if riichi else 0):
        k = int(rng.choice([29, *KINDS]))
        if left[k] > 0:
            left[k] -= 1
            ura.append(k)
    sit = Called(
        tuple(concealed), tuple(codes), win, int(rng.integers(3)), int(rng.integers(2)), tsumo,
        tuple(flags.items()), tuple(dora), tuple(ura),
    )  # fmt: skip
    return sit, kita


def arrays(sits: list[Called], kita: list[int], rules: RuleSet) -> dict[str, Any]:
    n = len(sits)
    counts = np.array([s.concealed for s in sits], dtype=np.uint8)
    calls = np.full((n, 4), -1, dtype=np.int16)
    dora = np.full((n, 5), -1)
    ura = np.full((n, 5), -1)
    for i, s in enumerate(sits):
        calls[i, : len(s.calls)] = s.calls
        dora[i, : len(s.dora)] = s.dora
        ura[i, : len(s.ura)] = s.ura
    flags = {name: np.array([s.flag[name] for s in sits]) for name in FLAGS}
    k = np.array(kita)
    red = 0  # the notation holds no red five
    han = dora_han_batch(counts, dora, calls=calls, players=3, kita=k) + k + red
    han = han + np.where(flags["riichi"], dora_han_batch(counts, ura, calls=calls, players=3, kita=k), 0)
    return {
        "counts": counts,
        "win_kind": np.array([s.win for s in sits]),
        "calls": calls,
        "tsumo": np.array([s.tsumo for s in sits]),
        "seat_wind": np.array([s.seat for s in sits]),
        "round_wind": np.array([s.round for s in sits]),
        "dora": han.astype(np.int64),
        "kita": k,
        "rules": rules,
        **flags,
    }


@pytest.mark.slow
@pytest.mark.parametrize(
    "rules",
    [TENHOU_SANMA, MAHJONG_SOUL_SANMA, TENHOU_SANMA.replace(sanma_tsumo="split", name="split")],
    ids=lambda r: r.name,
)
def test_three_player_batch_equals_scalar(rules: RuleSet) -> None:
    rng = np.random.default_rng(1403)
    drawn = [sanma_situation(rng, rules.kita_rinshan) for _ in range(6000)]
    sits, kita = [d[0] for d in drawn], [d[1] for d in drawn]
    expected = [scalar(s, rules, k) for s, k in zip(sits, kita, strict=True)]
    assert_agree(sits, expected, batch_rows(score_batch(**arrays(sits, kita, rules))))
    wins = [e for e in expected if e[0]]
    assert len(wins) > 3000 and any(e[3] for e in wins)
    assert sum(kita) > 1000 and any(s.flag["rinshan"] and not s.calls for s in sits) == rules.kita_rinshan


def _one(**changes: Any) -> dict[str, Any]:
    counts = np.zeros((1, 34), dtype=np.uint8)
    counts[0, [9, 10, 11, 18, 19, 20, 21, 22, 23]] = 1  # 123p 123456s
    counts[0, 0] = 3  # 111m
    counts[0, 31] = 2  # 55z
    base = {"counts": counts, "win_kind": [9], "tsumo": True, "seat_wind": "S", "round_wind": "E",
            "rules": TENHOU_SANMA}  # fmt: skip
    return base | changes


def test_a_three_player_win_scores() -> None:
    r = score_batch(**_one())
    expected = score(
        "111m123p123456s55z", "1p", tsumo=True, seat_wind="S", round_wind="E", rules=TENHOU_SANMA
    )
    assert r.points.tolist() == [expected.points]


@pytest.mark.parametrize(
    ("changes", "error", "match"),
    [
        ({"counts": _one()["counts"] + np.eye(34, dtype=np.uint8)[4] - np.eye(34, dtype=np.uint8)[0]},
         InvalidHandError, "counts row 0: 5m is not a three-player tile"),
        ({"seat_wind": "N"}, InvalidSituationError, "seat_wind row 0: 'N': three-player Riichi has no North"),
        ({"kita": 5}, InvalidSituationError, r"kita must be 0\.\.4"),
        ({"kita": 1, "rules": TENHOU_SANMA.replace(players=4, name="four")}, InvalidSituationError,
         "kita=1: a kita .* is three-player only"),
        ({"rinshan": True}, InvalidSituationError, r"rinshan needs a kan among the calls \(or a kita\)"),
    ],
)  # fmt: skip
def test_three_player_bad_inputs(changes: dict[str, Any], error: type[Exception], match: str) -> None:
    with pytest.raises(error, match=match):
        score_batch(**_one(**changes))


def test_a_chi_is_refused_in_three_players() -> None:
    counts = _one()["counts"].copy()
    counts[0, [18, 19, 20]] = 0  # 123s called instead
    with pytest.raises(InvalidHandError, match="calls row 0: a chi in a three-player hand"):
        score_batch(**_one(counts=counts, calls=[[call_code("chi", 18), -1, -1, -1]]))


def test_three_player_dora_by_batch() -> None:
    counts = _one()["counts"]
    # 9m shows 1m (three 1m held), a West indicator shows North: two kita
    assert dora_han_batch(counts, [[8, 29]], players=3, kita=[2]).tolist() == [5]
    assert dora_han_batch(counts, [[8, 29]]).tolist() == [3]  # four players: no kita, no 4z held
    nines = counts.copy()
    nines[0, 0], nines[0, 8] = 0, 3  # 999m
    assert dora_han_batch(nines, [[0]], players=3).tolist() == [3]  # 1m shows 9m
    assert dora_han_batch(nines, [[0]]).tolist() == [0]  # four players: 1m shows 2m
    with pytest.raises(InvalidArgumentError, match="kita applies to three players only"):
        dora_han_batch(counts, [[8]], kita=1)
