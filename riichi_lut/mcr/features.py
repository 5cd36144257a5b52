"""Tile masks and the features a fan row needs before its predicate can count anything.

Kinds are read as 34-bit masks (bit ``k`` for kind ``k``: 0-8 m, 9-17 p, 18-26 s, 27-33
E S W N White Green Red). A *feature* is a cheap fact of a hand or of one reading (a form,
how many pungs, a concealed kong, a chow fan present, only green tiles, a self-draw ...);
each fan row names in :attr:`riichi_lut.mcr.fans.Fan.needs` the features without which
its count is 0, so that scoring asks only the rows whose needs a reading has
(:mod:`riichi_lut.mcr.evaluate`). A need is a necessary condition, never the rule itself:
the row's predicate still decides. :func:`hand_features` and :func:`reading_features`
compute the bits (bit ``i`` is ``FEATURES[i]``).
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping

from .readings import KNIT_PATTERNS, YAOCHU
from .win import Win

__all__ = [
    "ALL_KINDS",
    "DRAGON_MASK",
    "EVEN_MASK",
    "FEATURES",
    "HONORS",
    "KNIT_MASKS",
    "SUITED",
    "SUIT_MASKS",
    "TERMINAL_MASK",
    "WIND_MASK",
    "YAOCHU_MASK",
    "feature_mask",
    "hand_features",
    "mask_of",
    "reading_features",
]


def mask_of(kinds: Iterable[int]) -> int:
    """The 34-bit mask of tile kinds (bit ``k`` for kind ``k``).

    >>> mask_of((0, 2)), mask_of(range(27, 34)) >> 27
    (5, 127)
    """
    return sum(1 << k for k in set(kinds))


def _numbers(low: int, high: int) -> int:
    """The suited kinds numbered ``low``..``high``."""
    return mask_of(k for k in range(27) if low <= k % 9 + 1 <= high)


ALL_KINDS = (1 << 34) - 1
SUITED = (1 << 27) - 1
HONORS = ALL_KINDS & ~SUITED
WIND_MASK = 0b1111 << 27
DRAGON_MASK = 0b111 << 31
TERMINAL_MASK = mask_of((0, 8, 9, 17, 18, 26))
YAOCHU_MASK = mask_of(YAOCHU)
EVEN_MASK = mask_of(k for k in range(27) if (k % 9 + 1) % 2 == 0)
SUIT_MASKS = (0x1FF, 0x1FF << 9, 0x1FF << 18)
KNIT_MASKS = tuple(mask_of(p) for p in KNIT_PATTERNS)
GREEN_MASK = mask_of((19, 20, 21, 23, 25, 32))  # 2s 3s 4s 6s 8s, Green Dragon
REVERSIBLE_MASK = mask_of((9, 10, 11, 12, 13, 16, 17, 19, 21, 22, 23, 25, 26, 31))  # 1234589p 245689s White
UPPER, MIDDLE, LOWER = _numbers(7, 9), _numbers(4, 6), _numbers(1, 3)
UPPER_FOUR, LOWER_FOUR = _numbers(6, 9), _numbers(1, 4)
_FIVES_REACH = _numbers(3, 7)  # a set holding a five holds only 3..7
_NO_MIDDLE = ALL_KINDS & ~MIDDLE  # a set holding a terminal or an honor holds no 4, 5, 6

CHOW_FAN_NUMBERS = (14, 16, 23, 28, 30, 39, 41, 50, 69, 70, 71, 72)
FEATURES = (
    # the reading's form
    "regular",
    "seven_pairs",
    "seven_shifted_pairs",
    "thirteen_orphans",
    "lesser_honors_knitted",
    "greater_honors_knitted",
    "knitted_straight",
    "pairs_form",  # seven pairs or seven shifted pairs
    "sets_form",  # regular or knitted straight
    "knitted_tiles",  # a knitted straight, or lesser honors-and-knitted holding a whole one
    # the reading's sets (a kong is a pung here)
    "pung",
    "pungs2",
    "pungs3",
    "pungs4",
    "no_pungs",
    "suited_pungs2",
    "suited_pungs3",
    "suited_pungs4",
    "concealed_pungs2",
    "concealed_pungs3",
    "concealed_pungs4",
    "yaochu_pung",
    "wind_pung",
    "dragon_pung",
    "kong",
    "kongs3",
    "kongs4",
    "concealed_kong",
    "concealed_kongs2",
    "melded_kong",
    "melded_kongs2",
    "chows4",
    *(f"chow_{n}" for n in CHOW_FAN_NUMBERS),  # that chow-combination fan scores
    "wait_edge",  # the wait fan the reading scores
    "wait_closed",
    "wait_single",
    "tile_hog",  # four copies of a kind not in a kong
    # the hand's tiles
    "terminals_only",
    "honors_only",
    "yaochu_only",
    "even_only",
    "green_only",
    "reversible_only",
    "upper_only",
    "middle_only",
    "lower_only",
    "upper_four",
    "lower_four",
    "fives_reach",  # suited 3..7 only
    "no_middle",  # no 4, 5, 6
    "no_yaochu",
    "no_honors",
    "honors",
    "winds",
    "dragons",
    "one_suit",
    "two_suits",
    "three_suits",
    "nine_gates",
    "four_calls",  # four melds claimed
    "closed",
    # the win
    "self_drawn",
    "on_discard",
    "wall",  # the last tile of the wall
    "replacement",
    "robbing",
    "last_tile",
    "flowers",
    "never",
)
"""The features a fan row may need; bit ``i`` of a features value is ``FEATURES[i]``."""

_BIT = {name: 1 << i for i, name in enumerate(FEATURES)}


def feature_mask(names: Iterable[str]) -> int:
    """The bits of feature ``names``.

    >>> feature_mask(["regular"]), feature_mask(["regular", "seven_pairs"])
    (1, 3)
    """
    return sum(_BIT[name] for name in set(names))


_FORM_BITS = {
    "regular": _BIT["regular"] | _BIT["sets_form"],
    "seven_pairs": _BIT["seven_pairs"] | _BIT["pairs_form"],
    "seven_shifted_pairs": _BIT["seven_shifted_pairs"] | _BIT["pairs_form"],
    "thirteen_orphans": _BIT["thirteen_orphans"],
    "lesser_honors_knitted": _BIT["lesser_honors_knitted"],
    "greater_honors_knitted": _BIT["greater_honors_knitted"],
    "knitted_straight": _BIT["knitted_straight"] | _BIT["sets_form"] | _BIT["knitted_tiles"],
}


def _at_least(prefix: str, top: int, first: str = "") -> tuple[int, ...]:
    """Bits for counts 0..4: the ``prefix{n}`` features for every n <= count."""
    names = [first or f"{prefix}1", *(f"{prefix}{n}" for n in range(2, top + 1))]
    out = [0]
    for n in range(1, 5):
        out.append(feature_mask(name for i, name in enumerate(names) if i < n and name in _BIT))
    return tuple(out)


_PUNGS = _at_least("pungs", 4, "pung")
_SUITED_PUNGS = _at_least("suited_pungs", 4)
_CONCEALED_PUNGS = _at_least("concealed_pungs", 4)
_KONGS = _at_least("kongs", 4, "kong")
_CONCEALED_KONGS = _at_least("concealed_kongs", 2, "concealed_kong")
_MELDED_KONGS = _at_least("melded_kongs", 2, "melded_kong")
_SUIT_COUNT = (0, _BIT["one_suit"], _BIT["two_suits"], _BIT["three_suits"])
_WAITS = {None: 0, "edge": _BIT["wait_edge"], "closed": _BIT["wait_closed"], "single": _BIT["wait_single"]}
CHOW_FAN_BITS = {n: _BIT[f"chow_{n}"] for n in CHOW_FAN_NUMBERS}
_ONLY_WITH_HONORS = (  # kinds allowed, the feature when the hand holds no other kind
    (HONORS, _BIT["honors_only"]),
    (YAOCHU_MASK, _BIT["yaochu_only"]),
    (GREEN_MASK, _BIT["green_only"]),
    (REVERSIBLE_MASK, _BIT["reversible_only"]),
    (_NO_MIDDLE, _BIT["no_middle"]),
)
_ONLY_SUITED = (  # the same for sets of suited kinds only (a hand without honors)
    (TERMINAL_MASK, _BIT["terminals_only"]),
    (EVEN_MASK, _BIT["even_only"]),
    (UPPER, _BIT["upper_only"]),
    (MIDDLE, _BIT["middle_only"]),
    (LOWER, _BIT["lower_only"]),
    (UPPER_FOUR, _BIT["upper_four"]),
    (LOWER_FOUR, _BIT["lower_four"]),
    (_FIVES_REACH, _BIT["fives_reach"]),
    (ALL_KINDS & ~YAOCHU_MASK, _BIT["no_yaochu"]),
)


def _tile_features(mask: int) -> int:
    """The features of the hand's kinds ``mask``."""
    bits = 0
    for allowed, bit in _ONLY_WITH_HONORS:
        if not mask & ~allowed:
            bits |= bit
    if not mask & HONORS:
        bits |= _BIT["no_honors"]
        for allowed, bit in _ONLY_SUITED:
            if not mask & ~allowed:
                bits |= bit
    bits |= _SUIT_COUNT[(mask & SUIT_MASKS[0] > 0) + (mask & SUIT_MASKS[1] > 0) + (mask & SUIT_MASKS[2] > 0)]
    if mask & HONORS:
        bits |= _BIT["honors"]
        bits |= _BIT["winds"] if mask & WIND_MASK else 0
        bits |= _BIT["dragons"] if mask & DRAGON_MASK else 0
    return bits


def hand_features(
    mask: int, win: Win, *, closed: bool, four_calls: bool, nine_gates: bool, last_tile: bool
) -> int:
    """The hand's features: its kinds ``mask`` (calls included) and the win.

    >>> f = hand_features(mask_of(range(9)), Win(True, "E", "E"), closed=True, four_calls=False,
    ...                   nine_gates=True, last_tile=False)
    >>> [name for name in FEATURES if f & feature_mask([name])]
    ['no_honors', 'one_suit', 'nine_gates', 'closed', 'self_drawn']
    """
    bits = _tile_features(mask) | (_BIT["self_drawn"] if win.self_drawn else _BIT["on_discard"])
    if closed:
        bits |= _BIT["closed"]
    if four_calls:
        bits |= _BIT["four_calls"]
    if nine_gates:
        bits |= _BIT["nine_gates"]
    if last_tile:
        bits |= _BIT["last_tile"]
    if win.flowers:
        bits |= _BIT["flowers"]
    if win.last_tile_of_wall or win.kong_replacement or win.robbing_kong:
        bits |= (
            (_BIT["wall"] if win.last_tile_of_wall else 0)
            | (_BIT["replacement"] if win.kong_replacement else 0)
            | (_BIT["robbing"] if win.robbing_kong else 0)
        )
    return bits


def reading_features(
    form: str,
    pung_mask: int,
    kong_mask: int,
    concealed_pungs: int,
    concealed_kongs: int,
    chows: int,
    chow_fans: Mapping[int, int],
    wait: str | None,
    quads: int,
) -> int:
    """The features of one reading: its form, its pungs (``pung_mask``, kongs included)
    and kongs (``kong_mask``) as masks, the concealed ones, the number of chows, the chow
    fans that score, the wait fan, and the hand's kinds held four times (``quads``).

    >>> f = reading_features("regular", mask_of((27, 28)), 0, 2, 0, 2, {}, "single", 0)
    >>> [name for name in FEATURES if f & feature_mask([name])]
    ['regular', 'sets_form', 'pung', 'pungs2', 'concealed_pungs2', 'yaochu_pung', 'wind_pung', 'wait_single']
    """
    kongs = kong_mask.bit_count()
    bits = (
        _FORM_BITS[form]
        | (_PUNGS[pung_mask.bit_count()] if pung_mask else _BIT["no_pungs"])
        | _SUITED_PUNGS[(pung_mask & SUITED).bit_count()]
        | _CONCEALED_PUNGS[concealed_pungs]
        | _WAITS[wait]
    )
    if kongs:
        bits |= _KONGS[kongs] | _CONCEALED_KONGS[concealed_kongs] | _MELDED_KONGS[kongs - concealed_kongs]
    if pung_mask & YAOCHU_MASK:
        bits |= _BIT["yaochu_pung"]
        bits |= _BIT["wind_pung"] if pung_mask & WIND_MASK else 0
        bits |= _BIT["dragon_pung"] if pung_mask & DRAGON_MASK else 0
    if chows == 4:
        bits |= _BIT["chows4"]
    for number in chow_fans:
        bits |= CHOW_FAN_BITS[number]
    if quads & ~kong_mask:
        bits |= _BIT["tile_hog"]
    return bits
