"""Inputs of batch scoring: flags, winds, winning tiles, checked and normalised per row."""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache
from typing import Any

import numpy as np

from ...core.hand import Hand
from ...core.tiles import KIND_NAMES
from ...errors import InvalidHandError, InvalidSituationError
from ...lut.rows import as_count_rows, first_bad_row
from ...lut.threads import resolve_threads
from ..rules import RuleSet
from ..situation import check_flags
from .luts import FLAG, FLAG_NAMES, WIND_KINDS

# --------------------------------------------------------------------------- inputs


def _situation_error(message: str, row: int | None = None) -> InvalidSituationError:
    error = InvalidSituationError(message)
    error.row = row  # type: ignore[attr-defined]
    return error


def _flag(value: Any, name: str, n: int) -> bool | np.ndarray:
    """A win flag: a bool, or a bool array of shape (N,)."""
    if isinstance(value, (bool, np.bool_)):
        return bool(value)
    if isinstance(value, (np.ndarray, list, tuple)):
        array = np.asarray(value)
        if array.shape == (n,) and array.dtype == np.bool_:
            return array
        raise _situation_error(
            f"{name} must be True/False or a bool array of shape ({n},), got {array.dtype} {array.shape}"
        )
    raise _situation_error(f"{name} must be True or False, got {value!r}")


def _wind(value: Any, name: str, n: int) -> int | np.ndarray:
    """A wind as kind 27..30: "E"/"S"/"W"/"N" or an int 27..30, or an (N,) array of them."""
    if isinstance(value, str):
        text = value.strip().upper()
        if text in WIND_KINDS:
            return WIND_KINDS[text]
        raise _situation_error(f"{name} must be 'E', 'S', 'W' or 'N' (or 27..30), got {value!r}")
    if isinstance(value, (int, np.integer)) and not isinstance(value, (bool, np.bool_)):
        if 27 <= value <= 30:
            return int(value)
        raise _situation_error(f"{name} must be 'E', 'S', 'W' or 'N' (or 27..30), got {value!r}")
    array = np.asarray(value)
    if array.shape != (n,):
        raise _situation_error(f"{name} must be a wind or an array of shape ({n},), got shape {array.shape}")
    if array.dtype.kind in "US" or array.dtype == object:
        letters = np.char.upper(np.char.strip(array.astype(str)))
        out = np.zeros(n, dtype=np.int64)
        for letter, kind in WIND_KINDS.items():
            out[letters == letter] = kind
        if (out == 0).any():
            row = first_bad_row(out == 0)
            raise _situation_error(f"{name} row {row}: {array[row]!r} is not 'E', 'S', 'W' or 'N'", row)
        return out
    if array.dtype.kind not in "iu":
        raise _situation_error(f"{name} must hold winds 'E'/'S'/'W'/'N' or ints 27..30, got {array.dtype}")
    bad = (array < 27) | (array > 30)
    if bad.any():
        row = first_bad_row(bad)
        raise _situation_error(f"{name} row {row}: {array[row]} is not a wind kind 27..30", row)
    return array.astype(np.int64)


def _int_array(value: Any, name: str, n: int, lo: int, hi: int, error: type[Exception]) -> int | np.ndarray:
    if isinstance(value, (int, np.integer)) and not isinstance(value, (bool, np.bool_)):
        if lo <= value <= hi:
            return int(value)
        raise error(f"{name} must be {lo}..{hi}, got {value}")
    array = np.asarray(value)
    if array.shape != (n,) or array.dtype.kind not in "iu":
        raise error(
            f"{name} must be an int or an integer array of shape ({n},), got {array.dtype} {array.shape}"
        )
    bad = (array < lo) | (array > hi)
    if bad.any():
        row = first_bad_row(bad)
        message = f"{name} row {row}: {array[row]} (must be {lo}..{hi})"
        raise (
            InvalidHandError(message, row=row)
            if error is InvalidHandError
            else _situation_error(message, row)
        )
    return array.astype(np.int64)


_CLOSED_HAND = Hand.from_counts([1] * 14 + [0] * 20)  # any hand without calls


@lru_cache(maxsize=4096)
def _flags_problem(code: int) -> str | None:
    """The scalar's objection (``situation.check_flags``) to one combination of flags
    (``code``: the ``FLAG`` bits, dealer at bit 10) of a closed hand, or None."""
    flags = {name: bool(code & FLAG[name]) for name in FLAG_NAMES}
    flags["riichi"] = flags["riichi"] or flags["double_riichi"]
    flags["rinshan"] = False
    try:
        check_flags(_CLOSED_HAND, flags, bool(code >> len(FLAG_NAMES) & 1))
    except InvalidSituationError as error:
        return str(error)
    return None


def _bad_combinations(code: int | np.ndarray, n: int) -> np.ndarray | None:
    """Rows whose flags ``score`` refuses (``situation.check_flags``), or None: the scalar
    check runs once per distinct combination present (at most 2,048)."""
    if not isinstance(code, np.ndarray):
        return np.ones(n, dtype=bool) if n and _flags_problem(int(code)) is not None else None
    present = np.flatnonzero(np.bincount(code, minlength=1 << (len(FLAG_NAMES) + 1)))
    bad = np.zeros(1 << (len(FLAG_NAMES) + 1), dtype=bool)
    for combination in present:
        bad[combination] = _flags_problem(int(combination)) is not None
    return bad[code] if bad.any() else None


@dataclass(frozen=True)
class BatchSituation:
    """Per-row facts, each a scalar or an (N,) array."""

    flag_code: int | np.ndarray
    tsumo: bool | np.ndarray
    mode: int | np.ndarray  # dealer * 2 + tsumo
    winds: int | np.ndarray  # (seat - 27) << 2 | (round - 27)
    dora: int | np.ndarray


def _situation(
    rows: np.ndarray, win: np.ndarray, *, tsumo: Any, seat_wind: Any, round_wind: Any,
    flags: dict[str, Any], dora: Any, rules: Any,
) -> BatchSituation:  # fmt: skip
    n = len(rows)
    if not isinstance(rules, RuleSet):
        raise _situation_error(
            f"rules must be a RuleSet (e.g. riichi_lut.TENHOU), got {type(rules).__name__}"
        )
    f: dict[str, Any] = {}
    for name, value in (("tsumo", tsumo), *flags.items()):
        flag = _flag(value, name, n)
        f[name] = flag if isinstance(flag, np.ndarray) else np.bool_(flag)
    seat = _wind(seat_wind, "seat_wind", n)
    round_ = _wind(round_wind, "round_wind", n)
    f["riichi"] = f["riichi"] | f["double_riichi"]
    f["dealer"] = np.equal(seat, 27) if isinstance(seat, np.ndarray) else np.bool_(seat == 27)
    code: int | np.ndarray = 0
    for name in FLAG_NAMES:  # riichi | double_riichi here: the table drops riichi under double
        value = f[name]
        code = code | (value.astype(np.int64) if isinstance(value, np.ndarray) else int(value)) * FLAG[name]
    dealer = f["dealer"]
    dealer_bit = (dealer.astype(np.int64) if isinstance(dealer, np.ndarray) else int(dealer)) << len(
        FLAG_NAMES
    )
    combined = code | dealer_bit
    problems: list[tuple[int, str]] = []
    flagged = _bad_combinations(combined, n)
    if flagged is not None:
        row = first_bad_row(flagged)
        problems.append((row, str(_flags_problem(int(np.broadcast_to(combined, (n,))[row])))))
    if np.any(f["chankan"]):
        robbed = np.broadcast_to(f["chankan"], (n,)) & (rows[np.arange(n), win] > 1)
        if robbed.any():
            row = first_bad_row(robbed)
            problems.append(
                (
                    row,
                    f"chankan robs the fourth {KIND_NAMES[win[row]]} of another player's kan:"
                    " the winner cannot hold another copy",
                )
            )
    if problems:
        row, problem = min(problems)
        raise _situation_error(f"row {row}: {problem}", row)
    dealer, t = f["dealer"], f["tsumo"]
    mode = (dealer.astype(np.int64) if isinstance(dealer, np.ndarray) else int(dealer)) * 2 + (
        t.astype(np.int64) if isinstance(t, np.ndarray) else int(t)
    )
    winds = (seat - 27) * 4 + (round_ - 27)
    dora_han = _int_array(dora, "dora", n, 0, 255, InvalidSituationError)
    return BatchSituation(code, t if isinstance(t, np.ndarray) else bool(t), mode, winds, dora_han)


def _win_kinds(win_kind: Any, rows: np.ndarray) -> np.ndarray:
    n = len(rows)
    array = np.asarray(win_kind)
    if array.shape != (n,) or array.dtype.kind not in "iu":
        raise InvalidHandError(
            f"win_kind must be an integer array of shape ({n},) (tile kinds 0..33),"
            f" got {array.dtype} {array.shape}"
        )
    bad = (array < 0) | (array > 33)
    if bad.any():
        row = first_bad_row(bad)
        raise InvalidHandError(f"win_kind row {row}: {array[row]} is not a tile kind 0..33", row=row)
    win = array.astype(np.intp)
    missing = rows[np.arange(n), win] == 0
    if missing.any():
        row = first_bad_row(missing)
        raise InvalidHandError(
            f"counts row {row}: the winning tile {KIND_NAMES[win[row]]} is not in the hand", row=row
        )
    return win


def prepare(
    counts: Any, win_kind: Any, tsumo: Any, seat_wind: Any, round_wind: Any, flags: dict[str, Any],
    dora: Any, rules: Any, threads: Any,
) -> tuple[np.ndarray, np.ndarray, BatchSituation, int]:  # fmt: skip
    workers = resolve_threads(threads)
    rows = as_count_rows(counts)
    win = _win_kinds(win_kind, rows)
    sit = _situation(
        rows,
        win,
        tsumo=tsumo,
        seat_wind=seat_wind,
        round_wind=round_wind,
        flags=flags,
        dora=dora,
        rules=rules,
    )
    return rows, win, sit, workers
