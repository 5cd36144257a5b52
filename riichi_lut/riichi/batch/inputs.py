"""Inputs of batch scoring: :class:`BatchWin`, the facts of N wins as arrays (the batch
twin of :class:`~riichi_lut.riichi.win.Win`), and the winning tiles, checked and
normalised per row."""

from __future__ import annotations

from dataclasses import dataclass, field
from functools import lru_cache
from typing import Any

import numpy as np

from ...core.players import check_three_player_rows
from ...core.tiles import KIND_NAMES
from ...core.winds import WIND_FORMS, WIND_INDEX
from ...errors import InvalidHandError, InvalidSituationError, quote
from ...lut.rows import as_count_rows, first_bad_row
from ...lut.threads import resolve_threads
from ..rules import RuleSet
from ..win import WIN_FLAGS, flags_problem
from .calls import CallFacts, as_call_rows, call_facts
from .luts import FLAG, FLAG_NAMES

# every flag of a Win (rinshan needs a kan among the row's calls)
BATCH_FLAGS = WIN_FLAGS
BATCH_WIND_FORMS = f"{WIND_FORMS} or an integer 0..3 (E = 0)"

# --------------------------------------------------------------------------- inputs


def _situation_error(message: str, row: int | None = None) -> InvalidSituationError:
    error = InvalidSituationError(message)
    error.row = row  # type: ignore[attr-defined]
    return error


def _flag(value: Any, name: str) -> bool | np.ndarray:
    """A win flag: a bool (a numpy bool counts), or a 1-D bool array, one per row."""
    if name == "chankan" and _robs_closed_kan(value):
        raise _situation_error(
            "chankan='closed' (robbing a closed kan, thirteen orphans only) is not scored by the"
            " batch scorer: score those hands with riichi_lut.score(..., chankan='closed');"
            " chankan=True (robbing an added kan) is"
        )
    if isinstance(value, (bool, np.bool_)):
        return bool(value)
    if isinstance(value, (np.ndarray, list, tuple)):
        array = np.asarray(value)
        if array.ndim == 1 and array.dtype == np.bool_:
            return array
        raise _situation_error(
            f"{name} must be True/False or a bool array of shape (N,), got {array.dtype} {array.shape}"
        )
    raise _situation_error(f"{name} must be True or False, got {quote(value)}")


def _robs_closed_kan(value: Any) -> bool:
    """``value`` is ``"closed"`` or an array holding it (``Win.chankan`` robbing a closed kan)."""
    if isinstance(value, str):
        return value == "closed"
    if isinstance(value, (np.ndarray, list, tuple)):
        array = np.asarray(value)
        return array.dtype.kind in "OU" and bool(np.any(array == "closed"))
    return False


def _wind(value: Any, name: str) -> int | np.ndarray:
    """A wind as 0..3 (East = 0): "E"/"S"/"W"/"N" in either case or an int 0..3, or a 1-D
    array of them."""
    if isinstance(value, str):
        if value in WIND_INDEX:
            return WIND_INDEX[value]
        raise _situation_error(f"{name} must be {BATCH_WIND_FORMS}, got {quote(value)}")
    if isinstance(value, (int, np.integer)) and not isinstance(value, (bool, np.bool_)):
        if 0 <= value <= 3:
            return int(value)
        raise _situation_error(f"{name} must be {BATCH_WIND_FORMS}, got {quote(value)}")
    if not isinstance(value, (np.ndarray, list, tuple)):
        raise _situation_error(f"{name} must be {BATCH_WIND_FORMS}, got {quote(value)}")
    array = np.asarray(value)
    if array.ndim != 1:
        raise _situation_error(f"{name} must be a wind or an array of shape (N,), got shape {array.shape}")
    if array.dtype.kind in "US" or array.dtype == object:
        letters = array.astype(str)
        out = np.full(len(array), -1, dtype=np.int64)
        for letter, index in WIND_INDEX.items():
            out[letters == letter] = index
        if (out < 0).any():
            row = first_bad_row(out < 0)
            raise _situation_error(f"{name} row {row}: {quote(array[row])} is not {BATCH_WIND_FORMS}", row)
        return out
    if array.dtype.kind not in "iu":
        raise _situation_error(f"{name} must hold {BATCH_WIND_FORMS}, got {array.dtype}")
    bad = (array < 0) | (array > 3)
    if bad.any():
        row = first_bad_row(bad)
        raise _situation_error(f"{name} row {row}: {array[row]} is not {BATCH_WIND_FORMS}", row)
    return array.astype(np.int64)


def _int_array(value: Any, name: str, lo: int, hi: int, error: type[Exception]) -> int | np.ndarray:
    """An int lo..hi or a 1-D integer array of them, one per row."""
    if isinstance(value, (int, np.integer)) and not isinstance(value, (bool, np.bool_)):
        if lo <= value <= hi:
            return int(value)
        raise error(f"{name} must be {lo}..{hi}, got {value}")
    array = np.asarray(value)
    if array.ndim != 1 or array.dtype.kind not in "iu":
        raise error(
            f"{name} must be an int or an integer array of shape (N,), got {array.dtype} {array.shape}"
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


@lru_cache(maxsize=4096)
def _flags_problem(code: int) -> str | None:
    """The scalar's objection (``win.flags_problem``, as ``Win`` checks) to one combination
    of flags (``code``: the ``FLAG`` bits, dealer above them), or None."""
    flags = {name: bool(code & FLAG[name]) for name in FLAG_NAMES}
    flags["riichi"] = flags["riichi"] or flags["double_riichi"]
    return flags_problem(flags, bool(code >> len(FLAG_NAMES) & 1))


def _bad_combinations(code: int | np.ndarray, n: int) -> np.ndarray | None:
    """Rows whose flags ``score`` refuses (``win.flags_problem``), or None: the scalar
    check runs once per distinct combination present (at most 2,048)."""
    if not isinstance(code, np.ndarray):
        return np.ones(n, dtype=bool) if n and _flags_problem(int(code)) is not None else None
    present = np.flatnonzero(np.bincount(code, minlength=1 << (len(FLAG_NAMES) + 1)))
    bad = np.zeros(1 << (len(FLAG_NAMES) + 1), dtype=bool)
    for combination in present:
        bad[combination] = _flags_problem(int(combination)) is not None
    return bad[code] if bad.any() else None


def _bits(value: bool | np.ndarray) -> int | np.ndarray:
    return value.astype(np.int64) if isinstance(value, np.ndarray) else int(value)


@dataclass(frozen=True, kw_only=True, eq=False)
class BatchWin:
    """The facts of N wins: the batch twin of :class:`~riichi_lut.riichi.win.Win`, with the
    same field names, for :func:`~riichi_lut.riichi.batch.score_batch`.

    Every field is one value for all rows or a 1-D array with one per row (all arrays of
    the same length N). ``tsumo`` and the flags (those of ``Win``; ``rinshan`` needs a kan
    among the row's calls) are bools (numpy bools count) or bool arrays; the winds are ``"E"``,
    ``"S"``, ``"W"`` or ``"N"`` in either case or an integer 0..3 (E = 0), or an array of
    either, and are stored as 0..3; ``dora`` is the dora han the caller counted (0..255,
    see :func:`~riichi_lut.riichi.batch.dora_han_batch`), in place of ``Win``'s indicators;
    ``kita`` (0..4, three-player rules only) the North tiles set aside: their dora are in
    ``dora`` (the caller's count), the kita itself decides rinshan without a kan
    (``RuleSet.kita_rinshan``), excludes tenhou/chiihou/renhou and counts against North's
    four copies.
    There are no honba or riichi sticks: the batch scores the points of the win itself.
    ``chankan`` robs an added kan; ``Win``'s ``chankan="closed"`` (a closed kan robbed by
    thirteen orphans) is refused by name: score those few hands with
    :func:`~riichi_lut.riichi.score`. Contradictions are refused as ``Win`` refuses them,
    naming the first bad row (``error.row``).

    >>> w = BatchWin(tsumo=np.array([True, False]), seat_wind="e", round_wind=np.array([0, 1]))
    >>> w.seat_wind, w.round_wind.tolist(), w.size
    (0, [0, 1], 2)
    """

    tsumo: bool | np.ndarray
    seat_wind: str | int | np.ndarray
    round_wind: str | int | np.ndarray
    riichi: bool | np.ndarray = False
    double_riichi: bool | np.ndarray = False
    ippatsu: bool | np.ndarray = False
    haitei: bool | np.ndarray = False
    houtei: bool | np.ndarray = False
    rinshan: bool | np.ndarray = False
    chankan: bool | np.ndarray = False
    tenhou: bool | np.ndarray = False
    chiihou: bool | np.ndarray = False
    renhou: bool | np.ndarray = False
    dora: int | np.ndarray = 0
    kita: int | np.ndarray = 0
    # the kernel's flag bits (``luts.FLAG``, riichi | double riichi) and the dealer bit above
    _code: int | np.ndarray = field(init=False, repr=False, default=0)

    def __post_init__(self) -> None:
        put = object.__setattr__
        flags = {name: _flag(getattr(self, name), name) for name in ("tsumo", *BATCH_FLAGS)}
        for name, value in flags.items():
            put(self, name, value)
        seat = _wind(self.seat_wind, "seat_wind")
        put(self, "seat_wind", seat)
        put(self, "round_wind", _wind(self.round_wind, "round_wind"))
        put(self, "dora", _int_array(self.dora, "dora", 0, 255, InvalidSituationError))
        put(self, "kita", _int_array(self.kita, "kita", 0, 4, InvalidSituationError))
        sizes = {name: len(v) for name, v in self.arrays().items()}
        if len(set(sizes.values())) > 1:
            raise _situation_error(f"the arrays of a BatchWin must have one length, got {sizes}")
        flags["riichi"] = flags["riichi"] | flags["double_riichi"]
        code: int | np.ndarray = 0
        for name in FLAG_NAMES:  # riichi | double_riichi here: the table drops riichi under double
            code = code | _bits(flags[name]) * FLAG[name]
        dealer = np.equal(seat, 0) if isinstance(seat, np.ndarray) else seat == 0
        put(self, "_code", code | _bits(dealer) << len(FLAG_NAMES))
        n = self.size or 1
        flagged = _bad_combinations(self._code, n)
        if flagged is not None:
            row = first_bad_row(flagged)
            problem = _flags_problem(int(np.broadcast_to(self._code, (n,))[row]))
            raise _situation_error(f"row {row}: {problem}", row)

    def arrays(self) -> dict[str, np.ndarray]:
        """The fields given per row."""
        names = ("tsumo", "seat_wind", "round_wind", *BATCH_FLAGS, "dora", "kita")
        return {name: v for name in names if isinstance(v := getattr(self, name), np.ndarray)}

    @property
    def size(self) -> int | None:
        """N, the length of the arrays (None when every field is one value for all rows)."""
        return next((len(v) for v in self.arrays().values()), None)

    @property
    def dealer(self) -> bool | np.ndarray:
        """The winner sits East (per row when the seat wind is an array)."""
        seat = self.seat_wind
        return np.equal(seat, 0) if isinstance(seat, np.ndarray) else seat == 0

    def replace(self, **changes: Any) -> BatchWin:
        """A new BatchWin with some facts changed, validated like the first."""
        fields = ("tsumo", "seat_wind", "round_wind", *BATCH_FLAGS, "dora", "kita")
        unknown = set(changes) - set(fields)
        if unknown:
            raise _situation_error(f"unknown fact(s) of a batch win: {sorted(unknown)}")
        return BatchWin(**{name: getattr(self, name) for name in fields} | changes)


@dataclass(frozen=True)
class BatchSituation:
    """Per-row facts, each a scalar or an (N,) array."""

    flag_code: int | np.ndarray
    tsumo: bool | np.ndarray
    mode: int | np.ndarray  # dealer * 2 + tsumo
    winds: int | np.ndarray  # seat << 2 | round, winds 0..3
    dora: int | np.ndarray

    def cut(self, start: int, n: int) -> BatchSituation:
        """The facts of rows ``start:start+n``."""

        def part(x: Any) -> Any:
            return x[start : start + n] if isinstance(x, np.ndarray) else x

        return BatchSituation(
            *(part(x) for x in (self.flag_code, self.tsumo, self.mode, self.winds, self.dora))
        )

    def pick(self, index: np.ndarray) -> BatchSituation:
        """The facts of rows ``index``."""

        def part(x: Any) -> Any:
            return x[index] if isinstance(x, np.ndarray) else x

        return BatchSituation(
            *(part(x) for x in (self.flag_code, self.tsumo, self.mode, self.winds, self.dora))
        )


def _check_three_players(rows: np.ndarray, facts: BatchWin, calls: CallFacts | None, rules: RuleSet) -> None:
    """``situation.check_sanma`` and the kita checks of ``score``, per row: under
    ``players=3`` no 2m-8m (concealed or called), no chi, no North seat or round, and the
    kita count against North's four copies; under ``players=4`` no kita."""
    n = len(rows)
    kita = np.broadcast_to(np.asarray(facts.kita), (n,))
    if rules.players == 4:
        if kita.any():
            row = first_bad_row(kita > 0)
            raise _situation_error(
                f"row {row}: kita={int(kita[row])}: a kita (North set aside as dora) is three-player only,"
                f" and the {rules.name} rule set has players=4 (use e.g. TENHOU_SANMA)",
                row,
            )
        return
    check_three_player_rows(rows)
    if calls is not None:
        check_three_player_rows(calls.tiles, "calls")
        if calls.chi.any():
            row = first_bad_row(calls.chi)
            raise InvalidHandError(
                f"calls row {row}: a chi in a three-player hand (sanma has no chi, only pon and kan)", row=row
            )
    for name in ("seat_wind", "round_wind"):
        north = np.broadcast_to(np.asarray(getattr(facts, name)) == 3, (n,))
        if north.any():
            row = first_bad_row(north)
            raise _situation_error(
                f"{name} row {row}: 'N': three-player Riichi has no North seat or round (seats E, S, W);"
                " a North tile is a guest wind there",
                row,
            )
    north_copies = rows[:, 30].astype(np.int64) + kita
    if calls is not None:
        north_copies = north_copies + calls.tiles[:, 30]
    if (north_copies > 4).any():
        row = first_bad_row(north_copies > 4)
        raise InvalidHandError(
            f"row {row}: 4z has {int(north_copies[row])} copies across the hand and {int(kita[row])} kita",
            row=row,
        )


def _check_calls(rows: np.ndarray, facts: BatchWin, calls: CallFacts | None, rules: RuleSet) -> None:
    """What ``score`` refuses of a hand's calls: more than four copies of a kind across the
    concealed tiles and the calls, and the flags the calls contradict
    (``situation.hand_problem``), naming the first bad row."""
    n = len(rows)
    if calls is not None:
        over = ((rows + calls.tiles) > 4).any(axis=1)  # uint8: at most 8, no overflow
        if over.any():
            row = first_bad_row(over)
            kind = int(np.flatnonzero(rows[row] + calls.tiles[row] > 4)[0])
            raise InvalidHandError(
                f"row {row}: {KIND_NAMES[kind]} has {int(rows[row, kind]) + int(calls.tiles[row, kind])}"
                " copies across the concealed tiles and the calls (at most 4)",
                row=row,
            )
    count = np.zeros(n, dtype=np.int64) if calls is None else calls.count
    kans = np.zeros(n, dtype=np.int64) if calls is None else calls.kans
    opened = np.zeros(n, dtype=bool) if calls is None else calls.opened

    def per_row(value: Any) -> np.ndarray:
        return np.broadcast_to(np.asarray(value, dtype=bool), (n,))

    riichi = per_row(facts.riichi) | per_row(facts.double_riichi)
    kita_rinshan = rules.players == 3 and rules.kita_rinshan
    replacement = kans > 0
    if kita_rinshan:
        replacement = replacement | (np.broadcast_to(np.asarray(facts.kita), (n,)) > 0)
    first = per_row(facts.tenhou) | per_row(facts.chiihou) | per_row(facts.renhou)
    for bad, message in (
        (
            first & (np.broadcast_to(np.asarray(facts.kita), (n,)) > 0),
            "a kita (North set aside) is a call after a draw: it excludes tenhou, chiihou and renhou",
        ),
        (
            per_row(facts.rinshan) & ~replacement,
            "rinshan needs a kan among the calls" + (" (or a kita)" if kita_rinshan else ""),
        ),
        (riichi & opened, "riichi needs a closed hand (only closed kans allowed)"),
        ((per_row(facts.tenhou) | per_row(facts.chiihou)) & (count > 0), "tenhou and chiihou allow no calls"),
        (per_row(facts.renhou) & (count > 0), "renhou comes before your first draw: no riichi or calls"),
    ):
        if bad.any():
            row = first_bad_row(bad)
            raise _situation_error(f"row {row}: {message}", row)


def _situation(
    rows: np.ndarray, win: np.ndarray, facts: BatchWin, rules: Any, calls: CallFacts | None
) -> BatchSituation:
    n = len(rows)
    if not isinstance(rules, RuleSet):
        raise _situation_error(
            f"rules must be a RuleSet (e.g. riichi_lut.TENHOU), got {type(rules).__name__}"
        )
    for name, array in facts.arrays().items():
        if len(array) != n:
            raise _situation_error(
                f"{name} must be one value or an array of shape ({n},), got {array.dtype} {array.shape}"
            )
    _check_three_players(rows, facts, calls, rules)
    _check_calls(rows, facts, calls, rules)
    if np.any(facts.chankan):
        held = rows[np.arange(n), win].astype(np.int64)
        if calls is not None:
            held += calls.tiles[np.arange(n), win]
        robbed = np.broadcast_to(facts.chankan, (n,)) & (held > 1)
        if robbed.any():
            row = first_bad_row(robbed)
            raise _situation_error(
                f"row {row}: chankan robs the fourth {KIND_NAMES[win[row]]} of another player's kan:"
                " the winner cannot hold another copy",
                row,
            )
    seat, round_ = facts.seat_wind, facts.round_wind
    assert not isinstance(seat, str) and not isinstance(round_, str)  # normalised by BatchWin
    mode = _bits(facts.dealer) * 2 + _bits(facts.tsumo)
    code = facts._code & ((1 << len(FLAG_NAMES)) - 1)
    return BatchSituation(code, facts.tsumo, mode, seat * 4 + round_, facts.dora)


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
    counts: Any, win_kind: Any, facts: BatchWin, rules: Any, threads: Any, calls: Any = None
) -> tuple[np.ndarray, np.ndarray, BatchSituation, int, CallFacts | None]:
    """Rows, winning kinds, per-row facts and calls (None: no calls given) of a batch,
    checked against each other."""
    workers = resolve_threads(threads)
    rows = as_count_rows(counts)
    win = _win_kinds(win_kind, rows)
    called = None if calls is None else call_facts(as_call_rows(calls, len(rows)))
    return rows, win, _situation(rows, win, facts, rules, called), workers, called


def batch_win(win: Any, facts: dict[str, Any]) -> BatchWin:
    """The BatchWin of a batch call: ``win`` itself, or one built from keyword ``facts``
    (one validation path; giving both is an error)."""
    if win is None:
        return BatchWin(**facts)
    if facts:
        raise _situation_error(
            f"give the facts of the wins as a BatchWin or as keywords, not both (got a BatchWin and"
            f" {sorted(facts)})"
        )
    if not isinstance(win, BatchWin):
        raise _situation_error(f"win must be a BatchWin (the facts of the wins), got {type(win).__name__}")
    return win
