"""Random open winning situations for bench_scoring.py: four groups and a pair from a themed
tile pool (any kind, simples, one suit with or without honors, terminals and honors,
honors, green tiles, dragons, winds), one to four of the groups called (chi, pon, open kan,
closed kan; at least one open call), the winning tile one of the concealed tiles; tsumo
40%, a random seat wind, East or South round, one dora indicator plus a second in 20% of
hands, haitei / houtei in 3% and rinshan on a tsumo with a kan in 10%; no riichi (the hand
is open), no red fives (`mahjong` is set up without aka dora), no honba.

The same situations in riichi-lut's form (canonical notation, as ``Hand.to_text`` writes
it, and keywords) and in `mahjong`'s (136-ids, ``Meld`` objects, a ``HandConfig``).
Nothing here asserts.
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from typing import Any

from riichi_lut.core.calls import Call, CallType
from riichi_lut.core.hand import Hand
from riichi_lut.core.tiles import KIND_NAMES

WIND_LETTERS = {27: "E", 28: "S", 29: "W", 30: "N"}
ORPHANS = (0, 8, 9, 17, 18, 26, 27, 28, 29, 30, 31, 32, 33)
GREEN = (19, 20, 21, 23, 25, 32)
THEMES = (
    ("any", 40), ("simples", 12), ("one suit", 10), ("one suit and honors", 10), ("orphans", 6),
    ("honors", 4), ("green", 4), ("dragons", 7), ("winds", 7),
)  # fmt: skip


@dataclass
class OpenSituation:
    hand: Hand
    win: int  # the winning kind
    tsumo: bool
    seat: int  # kinds 27..30
    round: int
    indicators: list[int]  # dora indicator kinds
    haitei: bool
    rinshan: bool


def _pool(rng: random.Random) -> list[int]:
    theme = rng.choices([t for t, _ in THEMES], [w for _, w in THEMES])[0]
    suit = 9 * rng.randrange(3)
    pools = {
        "any": list(range(34)),
        "simples": [k for k in range(27) if k % 9 not in (0, 8)],
        "one suit": list(range(suit, suit + 9)),
        "one suit and honors": [*range(suit, suit + 9), *range(27, 34)],
        "orphans": list(ORPHANS),
        "honors": list(range(27, 34)),
        "green": list(GREEN),
        "dragons": [31, 32, 33, *rng.sample(range(34), 4)],
        "winds": [27, 28, 29, 30, *rng.sample(range(34), 3)],
    }
    return pools[theme]


def _situation(rng: random.Random) -> OpenSituation | None:
    pool = _pool(rng)
    starts = [k for k in pool if k < 27 and k % 9 <= 6 and k + 1 in pool and k + 2 in pool]
    groups = [("run", rng.choice(starts)) if starts and rng.random() < 0.5 else ("set", rng.choice(pool))
              for _ in range(4)]  # fmt: skip
    pair = rng.choice(pool)
    called = rng.sample(range(4), rng.choices([1, 2, 3, 4], [35, 30, 20, 15])[0])
    counts = [0] * 34
    counts[pair] += 2
    calls = []
    for index, (shape, kind) in enumerate(groups):
        if index not in called:
            for k in (kind, kind + 1, kind + 2) if shape == "run" else (kind,) * 3:
                counts[k] += 1
        elif shape == "run":
            calls.append(Call.chi(kind))
        else:
            t = rng.choices([CallType.PON, CallType.OPEN_KAN, CallType.CLOSED_KAN], [6, 1, 1])[0]
            calls.append(Call(t, (kind,) * (3 if t is CallType.PON else 4)))
    if all(c.type is CallType.CLOSED_KAN for c in calls):
        return None  # a closed hand
    total = list(counts)
    for call in calls:
        for k in call.kinds:
            total[k] += 1
    if max(total) > 4:
        return None
    hand = Hand(tuple(counts), (0, 0, 0), tuple(calls))
    win = rng.choice([k for k in range(34) if counts[k]])
    tsumo = rng.random() < 0.4
    indicators = []
    for _ in range(1 if rng.random() < 0.8 else 2):
        free = [k for k in range(34) if total[k] < 4]
        kind = rng.choice(free)
        total[kind] += 1
        indicators.append(kind)
    kan = any(c.is_kan for c in calls)
    rinshan = tsumo and kan and rng.random() < 0.1
    haitei = not rinshan and rng.random() < 0.03
    return OpenSituation(hand, win, tsumo, rng.randrange(27, 31), rng.choice((27, 28)), indicators, haitei,
                         rinshan)  # fmt: skip


def draw_open_situations(seed: int, n: int) -> list[OpenSituation]:
    rng = random.Random(seed)
    out: list[OpenSituation] = []
    while len(out) < n:
        made = _situation(rng)
        if made is not None:
            out.append(made)
    return out


def open_scalar_inputs(situations: list[OpenSituation]) -> list[tuple[str, str, dict[str, Any]]]:
    out = []
    for s in situations:
        kwargs: dict[str, Any] = {
            "tsumo": s.tsumo,
            "seat_wind": WIND_LETTERS[s.seat],
            "round_wind": WIND_LETTERS[s.round],
            "dora_indicators": [KIND_NAMES[k] for k in s.indicators],
        }
        if s.haitei:
            kwargs["haitei" if s.tsumo else "houtei"] = True
        if s.rinshan:
            kwargs["rinshan"] = True
        out.append((s.hand.to_text(), KIND_NAMES[s.win], kwargs))
    return out


def open_batch_inputs(situations: list[OpenSituation]) -> dict[str, Any]:
    """The same situations as ``score_batch`` takes them: concealed counts, the calls as
    codes (``call_codes``), the facts as arrays and the dora han from the indicators."""
    import numpy as np

    from riichi_lut.riichi.batch import call_codes, dora_han_batch

    n = len(situations)
    counts = np.array([s.hand.concealed for s in situations], dtype=np.uint8)
    calls = call_codes([s.hand for s in situations])
    indicators = np.full((n, 2), -1, dtype=np.int64)
    for i, s in enumerate(situations):
        indicators[i, : len(s.indicators)] = s.indicators
    tsumo = np.array([s.tsumo for s in situations])
    haitei = np.array([s.haitei for s in situations])
    return {
        "counts": counts,
        "win_kind": np.array([s.win for s in situations]),
        "calls": calls,
        "tsumo": tsumo,
        "seat_wind": np.array([s.seat - 27 for s in situations]),
        "round_wind": np.array([s.round - 27 for s in situations]),
        "haitei": haitei & tsumo,
        "houtei": haitei & ~tsumo,
        "rinshan": np.array([s.rinshan for s in situations]),
        "dora": dora_han_batch(counts, indicators, calls=calls).astype(np.int64),
    }


def open_mahjong_inputs(situations: list[OpenSituation], options: Any) -> list[tuple[Any, ...]]:
    """136-ids of every tile (a kan's four included), the winning tile's id, the calls as
    ``Meld`` objects, the indicators and a ``HandConfig`` with ``options``."""
    from mahjong.hand_calculating.hand_config import HandConfig
    from mahjong.meld import Meld

    types = {CallType.CHI: Meld.CHI, CallType.PON: Meld.PON, CallType.OPEN_KAN: Meld.KAN,
             CallType.CLOSED_KAN: Meld.KAN}  # fmt: skip
    out = []
    for s in situations:
        used = [0] * 34

        def take(kind: int, used: list[int] = used) -> int:
            used[kind] += 1
            return 4 * kind + used[kind] - 1

        concealed = {k: [take(k) for _ in range(c)] for k, c in enumerate(s.hand.concealed) if c}
        melds = []
        tiles = [i for ids in concealed.values() for i in ids]
        for call in s.hand.calls:
            ids = [take(k) for k in call.kinds]
            tiles += ids
            melds.append(Meld(meld_type=types[call.type], tiles=ids, opened=call.is_open))
        indicators = [take(k) for k in s.indicators]
        config = HandConfig(
            is_tsumo=s.tsumo,
            is_haitei=s.haitei and s.tsumo,
            is_houtei=s.haitei and not s.tsumo,
            is_rinshan=s.rinshan,
            player_wind=s.seat,
            round_wind=s.round,
            options=options,
        )
        out.append((tiles, concealed[s.win][0], melds, indicators, config))
    return out


def run_open_mahjong(inputs: list[tuple[Any, ...]]) -> list[Any]:
    from mahjong.hand_calculating.hand import HandCalculator

    estimate = HandCalculator.estimate_hand_value
    return [estimate(t, w, melds=m, dora_indicators=d, config=c) for t, w, m, d, c in inputs]
