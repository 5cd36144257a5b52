"""PyMahjongGB as an oracle: the converter from the package notation to its inputs, and its
answers (fans, shanten) for a hand. Used by ``tests/mcr/make_corpus.py`` (which freezes the
answers into ``tests/data/mcr``), by ``bench/bench_mcr.py`` and by hand to check an expected
fan list; nothing that pytest runs calls into PyMahjongGB (it is imported lazily here).

The converter's facts, established by running PyMahjongGB 1.4.0 (evidence in
``tests/data/mcr/README.md``): tiles are ``W1``-``W9`` (characters, ``m``), ``B1``-``B9``
(dots, ``p``), ``T1``-``T9`` (bamboo, ``s``), ``F1``-``F4`` (East South West North) and ``J1``
Red, ``J2`` Green, ``J3`` White; ``hand`` is the standing tiles WITHOUT the winning tile
(13 - 3 per pack); a pack is ``("CHI", middle tile, 1..3)``, ``("PENG", tile, 1..3)`` or
``("GANG", tile, offer)`` where offer 0 is a concealed kong and 1..3 a melded one (offer 0 on
a CHI or PENG makes the set count as concealed: never used here); winds are 0..3 = E S W N;
``isAboutKong`` is Out with Replacement Tile when self-drawn and Robbing the Kong on a
discard. Its shanten functions take 13 - 3m standing tiles only.

>>> gb_tile(0), gb_tile(13), gb_tile(26), gb_tile(27), gb_tile(31), gb_tile(33)
('W1', 'B5', 'T9', 'F1', 'J3', 'J1')
>>> concealed, melds = from_notation("456m789p66z[123m](1111z)")
>>> concealed, melds
([3, 4, 5, 15, 16, 17, 32, 32], [('chow', 0, 1), ('kong', 27, 0)])
>>> to_gb(concealed, 5, melds)  # won on 6m
((('CHI', 'W2', 1), ('GANG', 'F1', 0)), ('W4', 'W5', 'B7', 'B8', 'B9', 'J2', 'J2'))
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

__all__ = [
    "FORMS",
    "GB_NAMES",
    "WINDS",
    "from_notation",
    "gb_score",
    "gb_shanten",
    "gb_tile",
    "oracle",
    "our_hand",
    "set_tiles",
    "tile_text",
    "tiles_text",
    "to_gb",
]

SUITS = "mps"
WINDS = "ESWN"
GB_SUIT = {"m": "W", "p": "B", "s": "T"}
GB_HONOR = ("F1", "F2", "F3", "F4", "J3", "J2", "J1")  # 1z..7z: E S W N White Green Red


# --------------------------------------------------------------------------- converter


def gb_tile(kind: int) -> str:
    """PyMahjongGB's name of tile kind 0..33 (``5z`` White -> ``J3``)."""
    return GB_HONOR[kind - 27] if kind >= 27 else GB_SUIT[SUITS[kind // 9]] + str(kind % 9 + 1)


def tile_text(kind: int) -> str:
    """Our notation of one tile kind: ``5m``, ``7z``."""
    return f"{kind - 26}z" if kind >= 27 else f"{kind % 9 + 1}{SUITS[kind // 9]}"


def tiles_text(kinds: Iterable[int]) -> str:
    """Our notation of a group of tiles, sorted, one suit letter per run: ``123m55z``."""
    out, by_suit = [], {s: "" for s in "mpsz"}
    for k in sorted(kinds):
        suit = "z" if k >= 27 else SUITS[k // 9]
        by_suit[suit] += str(k - 26 if k >= 27 else k % 9 + 1)
    for suit in "mpsz":
        if by_suit[suit]:
            out.append(by_suit[suit] + suit)
    return "".join(out)


# A set: ("chow", first kind) | ("pung", kind) | ("kong", kind); a meld: (set, state)
# with state "concealed" (in the hand), "melded", or for kongs "concealed_kong".
def set_tiles(kind: str, tile: int) -> list[int]:
    return [tile, tile + 1, tile + 2] if kind == "chow" else [tile] * (4 if kind == "kong" else 3)


def to_gb(concealed: list[int], win: int, melds: list[tuple[str, int, int]]) -> tuple[tuple, tuple]:
    """PyMahjongGB's (pack, hand) for a whole winning hand: ``concealed`` holds the standing
    tiles WITH the winning tile ``win``; ``melds`` are (kind, first tile, offer) with kind
    chow / pung / kong and offer 0 for a concealed kong."""
    rest = list(concealed)
    rest.remove(win)
    gb_kind = {"chow": "CHI", "pung": "PENG", "kong": "GANG"}
    pack = tuple((gb_kind[k], gb_tile(t + 1 if k == "chow" else t), off) for k, t, off in melds)
    return pack, tuple(gb_tile(t) for t in sorted(rest))


def our_hand(concealed: list[int], melds: list[tuple[str, int, int]]) -> str:
    """The package notation of the whole hand: concealed tiles, then the calls."""
    calls = []
    for k, t, off in melds:
        text = tiles_text(set_tiles(k, t))
        calls.append(f"({text})" if k == "kong" and off == 0 else f"[{text}]")
    return tiles_text(concealed) + "".join(calls)


def from_notation(text: str) -> tuple[list[int], list[tuple[str, int, int]]]:
    """Concealed tile kinds and (kind, first tile, offer) melds of a hand in the package
    notation (a melded set gets offer 1, a concealed kong 0)."""
    from riichi_lut.core.hand import parse_hand

    hand = parse_hand(text)
    concealed = [k for k in range(34) for _ in range(hand.concealed[k])]
    melds = []
    for call in hand.calls:
        kind = "chow" if call.type.value == "chi" else "kong" if call.is_kan else "pung"
        melds.append((kind, min(call.kinds), 0 if call.type.value == "closed_kan" else 1))
    return concealed, melds


def oracle(hand: str, win_tile: str, **facts: Any) -> tuple[list[list[Any]], int] | str:
    """PyMahjongGB's answer for a hand in the package notation and the facts as the keywords
    of ``riichi_lut.mcr.score`` (for checking expectations by hand, e.g. from test_fans)."""
    from riichi_lut.core.tiles import kind_of, parse_tiles

    concealed, melds = from_notation(hand)
    case = {
        "self_drawn": False,
        "flowers": 0,
        "last_tile": False,
        "kong_replacement": False,
        "robbing_kong": False,
        "last_tile_of_wall": False,
        **facts,
    }
    case["_gb"] = (concealed, kind_of(parse_tiles(win_tile)[0]), melds)
    return gb_score(case)


# --------------------------------------------------------------------------- oracle calls


def gb_score(case: dict[str, Any]) -> tuple[list[list[Any]], int] | str:
    """PyMahjongGB's verbose fan list and total for a case, or its error string."""
    import MahjongGB

    concealed, win, melds = case["_gb"]
    pack, hand = to_gb(concealed, win, melds)
    try:
        fans = MahjongGB.MahjongFanCalculator(
            pack,
            hand,
            gb_tile(win),
            case["flowers"],
            case["self_drawn"],
            case["last_tile"],
            case["kong_replacement"] or case["robbing_kong"],
            case["last_tile_of_wall"],
            WINDS.index(case["seat_wind"]),
            WINDS.index(case["prevalent_wind"]),
            verbose=True,
        )
    except TypeError as exc:
        return str(exc)
    fan_list = [list(f) for f in fans]
    return fan_list, sum(p * c for p, c, _, _ in fan_list)


# --------------------------------------------------------------------------- shanten corpus

FORMS = ("regular", "seven_pairs", "thirteen_orphans", "honors_and_knitted", "knitted_straight")
GB_FORM = {
    "regular": "RegularShanten",
    "seven_pairs": "SevenPairsShanten",
    "thirteen_orphans": "ThirteenOrphansShanten",
    "honors_and_knitted": "HonorsAndKnittedTilesShanten",
    "knitted_straight": "KnittedStraightShanten",
}


def _form_applies(form: str, melds: int) -> bool:
    """PyMahjongGB's per-form functions take 13 standing tiles, the regular form 13 - 3m and
    the knitted straight 13 or 10 (one meld)."""
    return form == "regular" or melds == 0 or (form == "knitted_straight" and melds == 1)


def gb_shanten(tiles: list[int], melds: list[tuple[str, int, int]]) -> dict[str, Any]:
    """The oracle's answers for concealed ``tiles`` (13 - 3m or 14 - 3m of them) beside
    ``melds``: MahjongShanten with the packs ("all") and each form's shanten; for 13 - 3m
    tiles also each form's useful tiles. A 14 - 3m hand is -1 when complete in the form (a
    discard leaves tenpai on that very tile) and else the minimum over its discards."""
    import MahjongGB

    gb_kind = {"chow": "CHI", "pung": "PENG", "kong": "GANG"}
    pack = tuple((gb_kind[k], gb_tile(t + 1 if k == "chow" else t), off) for k, t, off in melds)
    forms = [f for f in FORMS if _form_applies(f, len(melds))]

    def per_form(hand: list[int]) -> dict[str, tuple[int, tuple[str, ...]]]:
        names = tuple(gb_tile(t) for t in sorted(hand))
        return {f: getattr(MahjongGB, GB_FORM[f])(names) for f in forms}

    out: dict[str, Any] = {}
    if len(tiles) % 3 == 1:
        answers = per_form(tiles)
        out["all"] = MahjongGB.MahjongShanten(pack, tuple(gb_tile(t) for t in sorted(tiles)))
        out["forms"] = {f: answers[f][0] for f in forms}
        out["useful"] = {f: tiles_text(GB_NAMES.index(n) for n in answers[f][1]) for f in forms}
        return out
    best = {f: 99 for f in forms}
    best_all = 99
    for discard in sorted(set(tiles)):
        rest = list(tiles)
        rest.remove(discard)
        answers = per_form(rest)
        all_value = MahjongGB.MahjongShanten(pack, tuple(gb_tile(t) for t in sorted(rest)))
        best_all = min(best_all, all_value)
        for f in forms:
            value, useful = answers[f]
            complete = value == 0 and gb_tile(discard) in useful
            best[f] = min(best[f], -1 if complete else value)
    out["forms"] = best
    out["all"] = -1 if min(best.values()) == -1 else best_all
    return out


GB_NAMES = [gb_tile(k) for k in range(34)]
