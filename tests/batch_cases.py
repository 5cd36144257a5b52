"""Helpers shared by the batch scorer's tests of called and three-player hands
(tests/riichi/test_batch_calls.py, test_batch_sanma.py, test_batch_rules.py): a win with calls
as both APIs take it, random called wins, the scalar answer, the batch inputs, and the
comparison of their answers."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

import numpy as np

from riichi_lut.core.tiles import KIND_NAMES, format_counts
from riichi_lut.errors import NotAWinError
from riichi_lut.riichi import RuleSet, score
from riichi_lut.riichi.batch import CHI, CLOSED_KAN, OPEN_KAN, PON, BatchScore, call_code, dora_han_batch


@dataclass(frozen=True)
class Called:
    """One win with calls as both APIs take it."""

    concealed: tuple[int, ...]
    calls: tuple[int, ...]  # codes type * 34 + kind
    win: int
    seat: int
    round: int
    tsumo: bool
    flags: tuple[tuple[str, bool], ...]
    dora: tuple[int, ...]
    ura: tuple[int, ...]

    @property
    def flag(self) -> dict[str, bool]:
        return dict(self.flags)

    def text(self) -> str:
        parts = [format_counts(self.concealed)]
        for code in self.calls:
            kind_type, kind = divmod(code, 34)
            number, suit = kind % 9 + 1 if kind < 27 else kind - 26, "mpsz"[kind // 9]
            digits = {CHI: f"{number}{number + 1}{number + 2}", PON: f"{number}" * 3}.get(
                kind_type, f"{number}" * 4
            )
            parts.append(f"({digits}{suit})" if kind_type == CLOSED_KAN else f"[{digits}{suit}]")
        return " ".join(parts)


# --------------------------------------------------------------------------- called wins

WIND_LETTERS = "ESWN"
FLAGS = ("riichi", "double_riichi", "ippatsu", "haitei", "houtei", "chankan", "rinshan")
FIRST_FLAGS = (*FLAGS, "tenhou", "chiihou", "renhou")  # what arrays() passes (False unless set)
YAOCHU = (0, 8, 9, 17, 18, 26, 27, 28, 29, 30, 31, 32, 33)
POOLS: tuple[tuple[int, ...] | None, ...] = (
    None,
    YAOCHU,  # chanta, junchan, honroutou, chinroutou, tsuuiisou
    tuple(range(27, 34)),  # honors: yakuhai, shousangen, daisangen, winds, tsuuiisou
    (19, 20, 21, 23, 25, 32),  # ryuuiisou
    tuple(range(9)),  # one suit: chinitsu, ittsu
    tuple(range(9, 18)) + tuple(range(27, 34)),  # honitsu
    tuple(range(1, 8)) + tuple(range(10, 17)) + tuple(range(19, 26)),  # tanyao (kuitan)
)


def _melds(
    rng: np.random.Generator, pool: list[int], used: list[int], n: int, triplets: float
) -> list[tuple[str, int]]:
    """``n`` random melds out of ``pool`` (runs only where the pool has all three tiles)."""
    melds = []
    for _ in range(n):
        k = int(rng.choice(pool))
        run_ok = k < 27 and k % 9 <= 6 and k + 1 in pool and k + 2 in pool
        if rng.random() < triplets or not run_ok:
            melds.append(("set", k))
            used[k] += 3
        else:
            melds.append(("run", k))
            for d in range(3):
                used[k + d] += 1
    return melds


def called_hand(rng: np.random.Generator) -> tuple[list[int], list[int]]:
    """(concealed counts, call codes): 0..4 calls, then the concealed melds and pair."""
    pool_choice = POOLS[int(rng.integers(len(POOLS)))] if rng.random() < 0.5 else None
    pool = list(range(34)) if pool_choice is None else list(pool_choice)
    triplets = float(rng.choice([0.2, 0.4, 0.9]))
    while True:
        n_calls = int(rng.choice([0, 1, 2, 3, 4], p=[0.08, 0.32, 0.3, 0.2, 0.1]))
        total = [0] * 34
        codes = []
        for kind_of_meld, k in _melds(rng, pool, total, n_calls, triplets):
            if kind_of_meld == "run":
                codes.append(call_code(CHI, k))
            else:
                kind_type = int(rng.choice([PON, OPEN_KAN, CLOSED_KAN], p=[0.7, 0.15, 0.15]))
                codes.append(call_code(kind_type, k))
                total[k] += kind_type != PON
        concealed = [0] * 34
        _melds(rng, pool, concealed, 4 - n_calls, triplets)
        concealed[int(rng.choice(pool))] += 2
        if max(a + b for a, b in zip(total, concealed, strict=True)) <= 4:
            return concealed, codes


def called_situation(rng: np.random.Generator) -> Called:
    concealed, codes = called_hand(rng)
    kinds = [code % 34 for code in codes]
    types = [code // 34 for code in codes]
    called = [0] * 34
    for kind_type, k in zip(types, kinds, strict=True):
        if kind_type == CHI:
            for d in range(3):
                called[k + d] += 1
        else:
            called[k] += 3 if kind_type == PON else 4
    opened = any(t != CLOSED_KAN for t in types)
    has_kan = any(t in (OPEN_KAN, CLOSED_KAN) for t in types)
    win = int(rng.choice(np.repeat(np.arange(34), concealed)))
    seat = int(rng.integers(4))
    round_ = int(rng.integers(4)) if rng.random() < 0.25 else int(rng.integers(2))
    tsumo = bool(rng.random() < 0.45)
    riichi = not opened and bool(rng.random() < 0.4)
    double = riichi and bool(rng.random() < 0.15)
    ippatsu = riichi and bool(rng.random() < 0.2)
    rinshan = tsumo and has_kan and not ippatsu and bool(rng.random() < 0.3)
    haitei = tsumo and not rinshan and bool(rng.random() < 0.05)
    houtei = not tsumo and not ippatsu and bool(rng.random() < 0.05)
    chankan = (
        not tsumo and not houtei and concealed[win] == 1 and called[win] == 0 and bool(rng.random() < 0.05)
    )
    flags = {
        "riichi": riichi and not double,
        "double_riichi": double,
        "ippatsu": ippatsu,
        "haitei": haitei,
        "houtei": houtei,
        "chankan": chankan,
        "rinshan": rinshan,
    }
    left = [4 - a - b for a, b in zip(concealed, called, strict=True)]
    if chankan:
        left[win] = 0
    dora, ura = draw_indicators(rng, left, 4, riichi)
    return Called(
        tuple(concealed),
        tuple(codes),
        win,
        seat,
        round_,
        tsumo,
        tuple(flags.items()),
        tuple(dora),
        tuple(ura),
    )


def draw_indicators(
    rng: np.random.Generator, left: list[int], most: int, riichi: bool
) -> tuple[list[int], list[int]]:
    """Up to ``most`` dora indicators and (riichi) as many ura at the most, each a kind with a
    copy ``left`` (taken from it); a draw of a kind with none left is skipped."""
    dora: list[int] = []
    for _ in range(int(rng.integers(0, most + 1))):
        k = int(rng.integers(34))
        if left[k] > 0:
            left[k] -= 1
            dora.append(k)
    ura: list[int] = []
    for _ in range(int(rng.integers(0, len(dora) + 1)) if riichi else 0):
        k = int(rng.integers(34))
        if left[k] > 0:
            left[k] -= 1
            ura.append(k)
    return dora, ura


def situations(seed: int, n: int) -> list[Called]:
    rng = np.random.default_rng(seed)
    return [called_situation(rng) for _ in range(n)]


def scalar(s: Called, rules: RuleSet, kita: int = 0) -> Outcome:
    """The scalar ``score`` of a situation (``kita``: three players' North set aside)."""
    try:
        r = score(
            s.text(),
            KIND_NAMES[s.win],
            tsumo=s.tsumo,
            seat_wind=WIND_LETTERS[s.seat],
            round_wind=WIND_LETTERS[s.round],
            dora_indicators=[KIND_NAMES[k] for k in s.dora],
            ura_indicators=[KIND_NAMES[k] for k in s.ura],
            riichi_sticks=int(s.flag["riichi"] or s.flag["double_riichi"]),
            rules=rules,
            **({"kita": kita} if kita else {}),
            **s.flag,
        )
    except NotAWinError:
        return (False, 0, 0, 0, 0, ())
    return (True, r.han, r.fu, r.yakuman, r.points, tuple(sorted(y.id for y in r.yaku)))


def arrays(sits: list[Called], rules: RuleSet) -> dict[str, Any]:
    n = len(sits)
    counts = np.array([s.concealed for s in sits], dtype=np.uint8)
    calls = np.full((n, 4), -1, dtype=np.int16)
    dora = np.full((n, 5), -1)
    ura = np.full((n, 5), -1)
    for i, s in enumerate(sits):
        calls[i, : len(s.calls)] = s.calls
        dora[i, : len(s.dora)] = s.dora
        ura[i, : len(s.ura)] = s.ura
    flags = {name: np.array([s.flag.get(name, False) for s in sits]) for name in FIRST_FLAGS}
    riichi = flags["riichi"] | flags["double_riichi"]
    han = dora_han_batch(counts, dora, calls=calls) + np.where(
        riichi & rules.ura_dora, dora_han_batch(counts, ura, calls=calls), 0
    )
    return {
        "counts": counts,
        "win_kind": np.array([s.win for s in sits]),
        "calls": calls,
        "tsumo": np.array([s.tsumo for s in sits]),
        "seat_wind": np.array([s.seat for s in sits]),
        "round_wind": np.array([s.round for s in sits]),
        "dora": han.astype(np.int64),
        "rules": rules,
        **flags,
    }


Outcome = tuple[bool, int, int, int, int, tuple[str, ...]]


def batch_rows(r: BatchScore) -> list[Outcome]:
    return [
        (bool(w), int(h), int(f), int(y), int(p), tuple(sorted(r.yaku(i))))
        for i, (w, h, f, y, p) in enumerate(zip(r.is_win, r.han, r.fu, r.yakuman, r.points, strict=True))
    ]


def assert_agree(sits: list[Called], expected: list[Outcome], got: list[Outcome]) -> None:
    differ = [i for i, (e, g) in enumerate(zip(expected, got, strict=True)) if e != g]
    detail = [
        f"{sits[i].text()} win {KIND_NAMES[sits[i].win]} seat {WIND_LETTERS[sits[i].seat]} round "
        f"{WIND_LETTERS[sits[i].round]} tsumo={sits[i].tsumo} {[k for k, v in sits[i].flags if v]}: "
        f"scalar {expected[i]}, batch {got[i]}"
        for i in differ[:5]
    ]
    assert not differ, f"{len(differ)} of {len(sits)} differ:\n" + "\n".join(detail)
