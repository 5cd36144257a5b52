"""Called melds of batch scoring: the ``calls`` array, checked per row, and what each row's
calls add to the kernel's sums.

A row's calls are up to four integer codes, ``type * 34 + kind`` (:func:`call_code`), with
``-1`` for no call: ``type`` is :data:`CHI` (``kind`` the run's lowest tile), :data:`PON`,
:data:`OPEN_KAN` (an open or an added kan: both are open sets of four) or
:data:`CLOSED_KAN`. :func:`call_codes` turns :class:`~riichi_lut.core.hand.Hand` objects (or
their notation) into the array; ``counts`` then holds the concealed tiles only, the
winning tile included (14 - 3 per call).

>>> call_codes(["234m55p [789s] (1111z) [555z]"]).tolist()
[[24, 129, 65, -1]]
>>> [call_code("chi", 24), call_code(CLOSED_KAN, 27), call_code("pon", 31)]
[24, 129, 65]
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from typing import Any

import numpy as np

from ...core.calls import CallType
from ...core.hand import Hand, parse_hand
from ...core.tiles import KIND_NAMES
from ...errors import InvalidHandError, quote
from ...lut.rows import first_bad_row
from .luts import W_HONOR_PRESENT, W_HONORS, W_NONYAO, W_RUNS, W_SETS

CHI, PON, OPEN_KAN, CLOSED_KAN = 0, 1, 2, 3
#: Call type names by type number (``call_code`` takes either).
CALL_TYPES = ("chi", "pon", "open_kan", "closed_kan")
_OF_CALL_TYPE = {
    CallType.CHI: CHI,
    CallType.PON: PON,
    CallType.OPEN_KAN: OPEN_KAN,
    CallType.ADDED_KAN: OPEN_KAN,
    CallType.CLOSED_KAN: CLOSED_KAN,
}
MAX_CALLS = 4


def call_code(call_type: int | str, kind: int) -> int:
    """The code of one call: ``type * 34 + kind``; ``call_type`` is 0..3 or its name in
    :data:`CALL_TYPES` (``"added_kan"`` counts as ``"open_kan"``); ``kind`` is the tile kind
    0..33, for a chi its lowest tile (1..7 of a suit)."""
    if isinstance(call_type, str):
        name = "open_kan" if call_type == "added_kan" else call_type
        if name not in CALL_TYPES:
            raise InvalidHandError(
                f"call type must be one of {', '.join(CALL_TYPES)} or 0..3, got {quote(call_type)}"
            )
        number = CALL_TYPES.index(name)
    elif isinstance(call_type, (int, np.integer)) and not isinstance(call_type, bool) and 0 <= call_type <= 3:
        number = int(call_type)
    else:
        raise InvalidHandError(
            f"call type must be one of {', '.join(CALL_TYPES)} or 0..3, got {quote(call_type)}"
        )
    if isinstance(kind, bool) or not isinstance(kind, (int, np.integer)) or not 0 <= kind <= 33:
        raise InvalidHandError(f"a call's kind must be a tile kind 0..33, got {quote(kind)}")
    if number == CHI and (kind >= 27 or kind % 9 > 6):
        raise InvalidHandError(f"a chi starts on 1..7 of a suit, got {KIND_NAMES[kind]}")
    return number * 34 + int(kind)


def call_codes(hands: Iterable[Hand | str]) -> np.ndarray:
    """The (N, 4) int16 ``calls`` array of N hands (``Hand`` objects or notation), ``-1``
    after each hand's last call. Their ``concealed`` counts are the matching ``counts``."""
    rows = []
    for hand in hands:
        h = parse_hand(hand) if isinstance(hand, str) else hand
        if not isinstance(h, Hand):
            raise InvalidHandError(
                f"call_codes takes Hand objects or hand notation, got {type(hand).__name__}"
            )
        codes = [_OF_CALL_TYPE[c.type] * 34 + c.kind for c in h.calls]
        rows.append(codes + [-1] * (MAX_CALLS - len(codes)))
    return np.array(rows, dtype=np.int16).reshape(len(rows), MAX_CALLS)


def as_call_rows(calls: Any, n: int) -> np.ndarray:
    """``calls`` as an (n, 4) int64 array of codes or -1, every code checked (by row)."""
    array = np.asarray(calls)
    if array.ndim != 2 or array.shape[0] != n or array.shape[1] > MAX_CALLS or array.dtype.kind not in "iu":
        raise InvalidHandError(
            f"calls must be an integer array of shape ({n}, 4) (codes type * 34 + kind, -1 for none),"
            f" got {array.dtype} {array.shape}"
        )
    codes = np.full((n, MAX_CALLS), -1, dtype=np.int64)
    codes[:, : array.shape[1]] = array
    kind = codes % 34
    bad = (codes < -1) | (codes >= 4 * 34) | ((codes >= 0) & (codes < 34) & ((kind >= 27) | (kind % 9 > 6)))
    if bad.any():
        row = first_bad_row(bad.any(axis=1))
        value = int(codes[row][bad[row]][0])
        why = (
            f"a chi starts on 1..7 of a suit, got {KIND_NAMES[value % 34]}"
            if 0 <= value < 34
            else "codes are type * 34 + kind (type 0 chi, 1 pon, 2 open kan, 3 closed kan) or -1"
        )
        raise InvalidHandError(f"calls row {row}: {value} is not a call ({why})", row=row)
    return codes


@dataclass(frozen=True)
class CallFacts:
    """What the calls of N rows add, per row (arrays of length N).

    ``tiles`` (N, 34) uint8: the called tiles (a kan's four); ``count``: calls; ``chi``:
    a chi among them;
    ``opened``: a chi, pon or open kan (the hand is open); ``kans``; ``open_sets``: pons
    and open kans (the sets that are not concealed); ``fu``: fu of the called sets;
    ``word``: the kernel's additive reading fields for the called groups (runs, sets,
    groups without a terminal or honor, honor sets); ``honor_present``: the honor-present
    bit of the reading word where a call holds honors (or-ed, not added); ``presence``
    (3, N) uint16 per suit: run starts (bits 0..6) and triplet numbers (bits 7..15)."""

    tiles: np.ndarray
    count: np.ndarray
    chi: np.ndarray
    opened: np.ndarray
    kans: np.ndarray
    open_sets: np.ndarray
    fu: np.ndarray
    word: np.ndarray
    honor_present: np.ndarray
    presence: np.ndarray

    def pick(self, index: np.ndarray | slice) -> CallFacts:
        """The facts of rows ``index``."""
        return CallFacts(
            self.tiles[index], self.count[index], self.chi[index], self.opened[index], self.kans[index],
            self.open_sets[index], self.fu[index], self.word[index], self.honor_present[index],
            self.presence[:, index],
        )  # fmt: skip


def _code_tables() -> dict[str, np.ndarray]:
    """Per code + 1 (entry 0: no call): what one call adds to :class:`CallFacts`."""
    size = 4 * 34 + 1
    t: dict[str, np.ndarray] = {
        "tiles": np.zeros((size, 34), dtype=np.uint8),
        "call": np.zeros(size, dtype=np.int8),
        "chi": np.zeros(size, dtype=np.int8),
        "opened": np.zeros(size, dtype=np.int8),
        "kan": np.zeros(size, dtype=np.int8),
        "open_set": np.zeros(size, dtype=np.int8),
        "fu": np.zeros(size, dtype=np.int16),
        "word": np.zeros(size, dtype=np.uint64),
        "honor": np.zeros(size, dtype=np.uint64),
        "presence": np.zeros((3, size), dtype=np.uint16),
    }
    for code in range(4 * 34):
        call_type, kind = divmod(code, 34)
        number, i = kind % 9, code + 1
        honor = kind >= 27
        yaochu = honor or number in (0, 8)
        if call_type == CHI:
            if honor or number > 6:
                continue  # not a call: as_call_rows refuses it
            t["tiles"][i, kind : kind + 3] = 1
            t["chi"][i] = 1
            t["word"][i] = 1 << W_RUNS | (1 <= number <= 5) << W_NONYAO
            t["presence"][kind // 9, i] = 1 << number
        else:
            t["tiles"][i, kind] = 3 if call_type == PON else 4
            t["kan"][i] = call_type != PON
            t["open_set"][i] = call_type != CLOSED_KAN
            t["fu"][i] = {PON: 2, OPEN_KAN: 8, CLOSED_KAN: 16}[call_type] << yaochu
            t["word"][i] = 1 << W_SETS | (not yaochu) << W_NONYAO | (honor << max(kind - 27, 0)) << W_HONORS
            t["honor"][i] = honor << W_HONOR_PRESENT
            if not honor:
                t["presence"][kind // 9, i] = 1 << (7 + number)
        t["call"][i] = 1
        t["opened"][i] = call_type != CLOSED_KAN
    return t


_BY_CODE = _code_tables()


def call_facts(codes: np.ndarray) -> CallFacts:
    """The :class:`CallFacts` of checked codes (``as_call_rows``): a sum (an or for the
    flags) over the four columns of per-code tables."""
    columns = [np.asarray(codes[:, j] + 1, dtype=np.intp) for j in range(MAX_CALLS)]
    t = _BY_CODE

    def total(name: str, dtype: Any) -> np.ndarray:
        table = t[name]
        out = table.take(columns[0], axis=0).astype(dtype)
        for column in columns[1:]:
            out += table.take(column, axis=0)
        return out

    presence = np.zeros((3, len(codes)), dtype=np.uint16)
    for suit in range(3):
        for column in columns:
            presence[suit] |= t["presence"][suit].take(column)
    honor = np.zeros(len(codes), dtype=np.uint64)
    for column in columns:
        honor |= t["honor"].take(column)
    return CallFacts(
        tiles=total("tiles", np.uint8),
        count=total("call", np.int64),
        chi=total("chi", np.int8) > 0,
        opened=total("opened", np.int8) > 0,
        kans=total("kan", np.int64),
        open_sets=total("open_set", np.int64),
        fu=total("fu", np.int64),
        word=total("word", np.uint64),
        honor_present=honor,
        presence=presence,
    )


__all__ = ["CALL_TYPES", "CHI", "CLOSED_KAN", "OPEN_KAN", "PON", "CallFacts", "as_call_rows", "call_code",
           "call_codes", "call_facts"]  # fmt: skip
