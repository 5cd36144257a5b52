"""The batch scoring kernel: readings, winning groups, values, best per hand."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

import numpy as np

from ...lut.rows import block_indices
from ..yaku import ROWS
from .calls import CallFacts
from .inputs import BatchSituation
from .luts import (
    AUX_PAIR_FU,
    AUX_VALUE_PAIR,
    CID_BITS,
    CID_MASK,
    F_BAD_PAIRS,
    F_CHUUREN,
    F_NONGREEN,
    F_SIMPLE,
    LOW48,
    RAW_FU,
    V_SHIFT,
    W_HONORS,
    W_ITTSU,
    W_SAN,
    W_SETFU,
    W_SETS,
    YAKU_BITS,
    Lut,
)
from .optional import add_patterns, kazoe_points, mark
from .rule_luts import RuleLut

# --------------------------------------------------------------------------- kernel

_ORDER_BITS = 20
_ORDER_MAX = (1 << _ORDER_BITS) - 1
_YAKUMAN_BITS = np.uint64(sum(1 << row.bit for row, _ in ROWS if row.yakuman))
_VALUE_MASK = np.uint64(0xFFF)


def _take(x: Any, index: np.ndarray | None) -> Any:
    """``x[index]`` for an array (all of it when ``index`` is None); a scalar unchanged."""
    if index is None or not isinstance(x, np.ndarray):
        return x
    return x[index]


def _extra_candidates(
    lut: Lut, splits: np.ndarray, count: list[np.ndarray], win: np.ndarray
) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """Every (reading x winning group) of ``h`` hands but each hand's first, in the scalar
    order: readings as ``itertools.product`` over the blocks (the last block fastest), then
    the groups that hold the winning tile (triplet, runs by start, pair).

    ``splits`` (4, h): each block's first split id; ``count``: splits of the three suit
    blocks (honors always have one). Returns (split ids (4, E), choice (E,), hand (E,))."""
    h = splits.shape[1]
    readings = count[0] * count[1] * count[2]
    if int(readings.max()) == 1:
        hand, s = np.arange(h), splits
    else:
        hand = np.repeat(np.arange(h), readings)
        local = np.arange(len(hand)) - (np.cumsum(readings) - readings)[hand]
        s = splits[:, hand]
        c2, c1 = count[2][hand], count[1][hand]
        s[2] += local % c2
        local //= c2
        s[1] += local % c1
        s[0] += local // c1
        win = win[hand]
    r = len(hand)
    masks = lut.choices[s.reshape(-1)[lut.block_of[win] * r + np.arange(r)] * 9 + lut.pos_of[win]]
    k = lut.choice_count[masks]
    reading = np.repeat(np.arange(r), k)
    j = np.arange(len(reading)) - (np.cumsum(k) - k)[reading]
    choice = lut.nth_choice[masks[reading].astype(np.intp) * 5 + j]
    hand = hand[reading]
    extra = np.ones(len(hand), dtype=bool)  # drop the first candidate of every hand
    extra[0] = False
    np.not_equal(hand[1:], hand[:-1], out=extra[1:])
    np.logical_not(extra, out=extra)
    extra[0] = False
    return s[:, reading[extra]], choice[extra], hand[extra]


@dataclass
class _Candidates:
    """Every (reading x winning group) of the standard-form rows of a chunk.

    The first ``head`` candidates are each row's first reading and winning group, in row
    order (``hands``; None: every row of the chunk); the others (``tail``: their row's
    position in the head) follow, each row's together and in the scalar order."""

    hands: np.ndarray | None
    head: int
    tail: np.ndarray | None
    rows: np.ndarray | None  # chunk row of every candidate (None: candidate i is row i)
    total: np.ndarray  # uint64 table sum: yaku bits | value << 48 (reading facts above 60)
    raw_fu: np.ndarray  # fu before rounding
    pinfu_tsumo: np.ndarray | None  # pinfu shape and wait, won by tsumo (-2 fu unless yakuman)


@dataclass
class _Readings:
    """Every (reading x winning group) of the standard-form rows of a chunk, before their
    values: the layout of :class:`_Candidates` with each candidate's split ids (4, E),
    winning-group choice (E,) and winning tile kind (E,)."""

    hands: np.ndarray | None
    head: int
    tail: np.ndarray | None
    rows: np.ndarray | None
    splits: np.ndarray
    choice: np.ndarray
    win: np.ndarray


def _readings(lut: Lut, grids: list[np.ndarray], win: np.ndarray, hands: np.ndarray) -> _Readings | None:
    """The readings and winning groups of the chunk rows ``hands`` (rows whose four blocks
    are complete); None when none of them is a hand."""
    everything = len(hands) == len(win)
    g = grids if everything else [x[hands] for x in grids]
    info = [lut.suit_info[g[0] & CID_MASK], lut.suit_info[g[1] & CID_MASK], lut.suit_info[g[2] & CID_MASK],
            lut.honor_info[g[3] & CID_MASK]]  # fmt: skip
    pairs = (info[0] & 1) + (info[1] & 1) + (info[2] & 1) + (info[3] & 1)
    if not (pairs == 1).all():  # four pairs and two melds: complete blocks, not a hand
        keep = np.flatnonzero(pairs == 1)
        hands, info, everything = hands[keep], [x[keep] for x in info], False
        if not len(hands):
            return None
    h = len(hands)
    splits = np.empty((4, h), dtype=np.int64)
    for b in range(4):
        np.right_shift(info[b], 4, out=splits[b])
    count = [(info[b] >> 1) & 7 for b in range(3)]
    w = win if everything else win[hands]
    masks = lut.choices[splits.reshape(-1)[lut.block_of[w] * h + np.arange(h)] * 9 + lut.pos_of[w]]
    choice = lut.nth_choice[masks.astype(np.intp) * 5]
    simple = (count[0] * count[1] * count[2] == 1) & (lut.choice_count[masks] == 1)
    head_rows = None if everything else hands
    if simple.all():
        return _Readings(head_rows, h, None, head_rows, splits, choice, w)
    several = np.flatnonzero(~simple)
    more, more_choice, more_hand = _extra_candidates(
        lut, splits[:, several], [c[several] for c in count], w[several]
    )
    tail = several[more_hand]
    rows = np.concatenate([np.arange(h) if everything else hands, tail if everything else hands[tail]])
    return _Readings(
        head_rows,
        h,
        tail,
        rows,
        np.concatenate([splits, more], axis=1),
        np.concatenate([choice, more_choice]),
        np.concatenate([w, w[tail]]),
    )


_SAN_FIELDS = np.uint64(((1 << 32) - 1) << W_SAN | 1 << W_ITTSU)
_ITTSU_RUNS = np.uint16(0b1001001)  # runs starting on 1, 4 and 7


def _with_calls(
    lut: Lut, word: np.ndarray, splits: np.ndarray, calls: CallFacts, rows: np.ndarray | None
) -> np.ndarray:
    """Reading words with the called groups added: the additive fields summed, the honor
    bit or-ed, and the sanshoku fields and ittsu, which look at one suit at a time, taken
    again from each suit's concealed split or-ed with its calls."""
    word += _take(calls.word, rows)
    word |= _take(calls.honor_present, rows)
    san = np.zeros(len(word), dtype=np.uint64)
    ittsu = np.zeros(len(word), dtype=bool)
    for suit in range(3):
        mask = lut.presence[splits[suit]] | _take(calls.presence[suit], rows)
        san += lut.spread[mask]
        ittsu |= (mask & _ITTSU_RUNS) == _ITTSU_RUNS
    word &= ~_SAN_FIELDS
    word |= san
    word |= ittsu.astype(np.uint64) << np.uint64(W_ITTSU)
    return word


def _standard(
    lut: Lut, rt: RuleLut, sit: BatchSituation, grids: list[np.ndarray], win: np.ndarray,
    hand_total: np.ndarray, hands: np.ndarray, calls: CallFacts | None = None, opened: bool = False,
) -> _Candidates | None:  # fmt: skip
    """Candidates of the chunk rows ``hands`` (rows whose four blocks are complete): the
    table sums and fu of every reading and winning group; ``calls``: the rows' calls
    (``opened``: every row has a chi, pon or open kan, ``rt`` is then the open tables)."""
    r = _readings(lut, grids, win, hands)
    if r is None:
        return None
    rows = r.rows
    word = lut.words.take(r.splits).sum(axis=0, dtype=np.uint64)
    if calls is not None:
        word = _with_calls(lut, word, r.splits, calls, rows)
    total = rt.structure[word & np.uint64(0x1FFF)]
    honor_index = (word >> np.uint64(W_HONORS - 4)) & np.uint64(0x3FF0)
    winds = _take(sit.winds, rows)
    honor_index |= winds.astype(np.uint64) if isinstance(winds, np.ndarray) else np.uint64(winds)
    total += rt.honors[honor_index]
    y = (word >> np.uint64(W_SAN)) & np.uint64(0xFFFFFFFF)
    y &= (y >> np.uint64(1)) & np.uint64(0x55555555)
    sanshoku = np.flatnonzero(y)
    if len(sanshoku):
        y = y[sanshoku]
        total[sanshoku] += rt.sanshoku[(y & np.uint64(0x3FFF) != 0) + 2 * (y >> np.uint64(14) != 0)]
    # fu of the sets and the pair; four runs with a valueless pair; sets
    raw_fu = ((word >> np.uint64(W_SETFU)) & np.uint64(63)).astype(np.int64)
    raw_fu += ((total >> np.uint64(AUX_PAIR_FU - 1)) & np.uint64(6)).astype(np.int64)
    pinfu_shape = ((total >> np.uint64(AUX_VALUE_PAIR)) & np.uint64(9)) == np.uint64(8)
    sets = ((word >> np.uint64(W_SETS)) & np.uint64(7)).astype(np.int64)
    tsumo = _take(sit.tsumo, rows)
    index = r.choice * 68 + r.win * 2
    index += tsumo if isinstance(tsumo, np.ndarray) else int(tsumo)
    win_info = lut.win_info[index]
    pinfu = ((win_info >> 5) & 1).astype(bool) & pinfu_shape
    if rt.pinfu_tsumo_fu:  # a pinfu-shaped tsumo keeps its 2 fu and is not pinfu
        pinfu &= ~tsumo if isinstance(tsumo, np.ndarray) else not tsumo
    choice_index = sets - ((win_info >> 6) & 1)  # concealed sets: a ron-completed triplet is open
    if calls is not None:
        choice_index -= _take(calls.open_sets, rows)
        raw_fu += _take(calls.fu, rows)
    choice_index <<= 1
    choice_index |= pinfu
    choice_index |= ((win_info >> 7) & 1) << 4
    total += rt.choice[choice_index]
    total += _take(hand_total, rows)
    raw_fu += win_info & 31
    raw_fu += 20
    if opened:  # no closed-ron 10 fu and no pinfu; an all-run ron of 20 fu counts open_pinfu_fu
        ron = ~tsumo if isinstance(tsumo, np.ndarray) else not tsumo
        raw_fu -= 10 * ron
        raw_fu[(raw_fu == 20) & ron] = rt.open_pinfu_fu
        return _Candidates(r.hands, r.head, r.tail, rows, total, raw_fu, None)
    pinfu_tsumo = (pinfu & tsumo) if isinstance(tsumo, np.ndarray) else (pinfu if tsumo else None)
    return _Candidates(r.hands, r.head, r.tail, rows, total, raw_fu, pinfu_tsumo)


def _values(
    rt: RuleLut, total: np.ndarray, raw_fu: Any, pinfu_tsumo: np.ndarray | None, mode: Any, dora: Any
) -> tuple[np.ndarray, np.ndarray, np.ndarray, np.ndarray, np.ndarray]:
    """(is a win, han, fu, yakuman, points) of table sums; zeros where not a win."""
    value = ((total >> np.uint64(V_SHIFT)) & _VALUE_MASK).astype(np.int64)
    wins = value != 0
    yakuman = (value >> 6) & 7
    double = value >> 9
    if rt.multiple_yakuman:
        yakuman += 2 * double
    else:
        yakuman = np.where(double > 0, 2, np.minimum(yakuman, 1))
    if rt.yakuman_cap:
        yakuman = np.minimum(yakuman, rt.yakuman_cap)
    han = value & 63
    han += dora
    raw = raw_fu
    any_yakuman = bool(yakuman.any())
    if any_yakuman:
        is_yakuman = yakuman > 0
        han[is_yakuman] = 0
        if pinfu_tsumo is not None:
            raw = raw - 2 * (pinfu_tsumo & ~is_yakuman)
    elif pinfu_tsumo is not None:
        raw = raw - 2 * pinfu_tsumo
    han *= wins
    raw = raw * wins
    index = np.minimum(han, 13)
    index *= RAW_FU
    index += raw
    index *= 4
    index += mode
    index *= wins
    points = rt.points[index]
    if rt.kazoe_none:
        points = kazoe_points(rt, han, points, mode)
    if any_yakuman:
        multiplier = (
            rt.limit_multiplier[mode] if isinstance(mode, np.ndarray) else rt.limit_multiplier[int(mode)]
        )
        points = np.where(is_yakuman, 8000 * yakuman * multiplier, points)
    return wins, han, rt.fu[raw], yakuman, points


def _key(values: Any, order: np.ndarray | int) -> np.ndarray:
    """Composite key of (is a win, han, fu, yakuman, points) arrays: points, yakuman, han,
    fu, then ``order`` (higher: earlier in the scalar order); 0 for no win."""
    wins, han, fu, yakuman, points = values
    key = (points.astype(np.int64) // 100) << 44  # points are in 100s: room for counted yakuman
    key |= yakuman.astype(np.int64) << 39
    key |= han.astype(np.int64) << 29
    key |= fu.astype(np.int64) << _ORDER_BITS
    key |= order
    key *= wins
    return np.asarray(key)


@dataclass(frozen=True)
class BatchScore:
    """Scores of N hands, one entry per row (the arrays are read-only: the kernel fills
    them in place, then :func:`~riichi_lut.riichi.batch.score_batch` locks them).

    - ``is_win``: the hand is complete and has a yaku (dora alone never make a win).
    - ``han`` (int16): han of the best reading, dora included; 0 for a yakuman and for
      rows that are not a win.
    - ``fu`` (int16): fu of the best reading (chiitoitsu 25, kokushi 20); 0 when not a win.
    - ``yakuman`` (int8): the yakuman multiple (0 for an ordinary hand, kazoe included).
    - ``points`` (int32): what the win is worth before honba and riichi sticks: the ron
      payment, or the sum of the tsumo payments (``ScoreResult.points``).
    - ``yaku_mask`` (uint64): bit ``i`` set when yaku ``YAKU_BITS[i]`` counts (dora are not
      yaku); :meth:`yaku` lists them.
    - ``notes``: the facts given that the rule set does not play (ippatsu with
      ``RuleSet.ippatsu`` off, renhou under ``renhou="none"``): they score nothing, worded as
      ``ScoreResult.notes`` words them; empty when every fact counts.
    """

    is_win: np.ndarray
    han: np.ndarray
    fu: np.ndarray
    yakuman: np.ndarray
    points: np.ndarray
    yaku_mask: np.ndarray
    notes: tuple[str, ...] = ()

    def __len__(self) -> int:
        return len(self.is_win)

    def yaku(self, row: int) -> tuple[str, ...]:
        """Yaku ids of one row, in ``YAKU_BITS`` order."""
        mask = int(self.yaku_mask[row])
        return tuple(yaku_id for i, yaku_id in enumerate(YAKU_BITS) if mask >> i & 1)

    def to_dict(self) -> dict[str, Any]:
        return {
            "is_win": self.is_win.tolist(),
            "han": self.han.tolist(),
            "fu": self.fu.tolist(),
            "yakuman": self.yakuman.tolist(),
            "points": self.points.tolist(),
            "yaku_mask": self.yaku_mask.tolist(),
            "yaku_bits": list(YAKU_BITS),
            "notes": list(self.notes),
        }


def _store(out: BatchScore, start: int, stop: int, rows: np.ndarray | None, values: tuple[np.ndarray, ...],
           total: np.ndarray) -> None:  # fmt: skip
    """Write chosen candidates (``rows`` None: the whole chunk, in order)."""
    wins, han, fu, yakuman, points = values
    mask = total & LOW48
    if yakuman.any():
        mask = np.where(yakuman > 0, mask & _YAKUMAN_BITS, mask)
    at: Any = slice(start, stop) if rows is None else rows + start
    out.is_win[at] = wins
    out.han[at] = han
    out.fu[at] = fu
    out.yakuman[at] = yakuman
    out.points[at] = points
    out.yaku_mask[at] = mask


def _hand_totals(
    rt: RuleLut, rows: np.ndarray, win: np.ndarray, sit: BatchSituation, grids: list[np.ndarray],
    im: np.ndarray, ip: np.ndarray,
) -> tuple[np.ndarray, np.ndarray]:  # fmt: skip
    """(summed block statistics, table sum of the yaku of the tiles and the situation)
    per row; ``im``, ``ip``: the manzu and pinzu block indices (0: none held)."""
    shift = np.uint32(CID_BITS)
    stats = grids[0] >> shift
    stats += grids[1] >> shift
    stats += grids[2] >> shift
    stats += grids[3] >> shift
    hand_total = rt.counts[stats]
    hand_total += rt.flags[sit.flag_code]
    chuuren = np.flatnonzero(stats & np.uint32(1 << F_CHUUREN))
    if len(chuuren):  # junsei: the hand before the win was exactly 1112345678999
        w = win[chuuren]
        junsei = chuuren[rows[chuuren, w] == np.where(w % 9 % 8 == 0, 4, 2)]
        hand_total[junsei] += np.uint64(rt.junsei)
    green = np.flatnonzero((stats & np.uint32(7 << F_NONGREEN)) == 0)
    if len(green):  # no tile outside 23468s and 6z in the sou and honor blocks
        green = green[(im[green] == 0) & (ip[green] == 0)]
        hand_total[green] += np.uint64(rt.ryuuiisou)
    return stats, hand_total


def _called_totals(
    lut: Lut, rt: RuleLut, rows: np.ndarray, sit: BatchSituation, calls: CallFacts
) -> np.ndarray:
    """Table sum of the yaku of the tiles (concealed and called), the situation and the
    kans, per row of called hands (no nine gates: it needs a closed hand without kans)."""
    _, (im, ip, is_, iz) = block_indices(rows + calls.tiles)
    shift = np.uint32(CID_BITS)
    stats = lut.suit_grid[im] >> shift
    stats += lut.suit_grid[ip] >> shift
    stats += lut.suit_grid[is_] >> shift
    stats += lut.honor_grid[iz] >> shift
    stats &= ~np.uint32(1 << F_CHUUREN)
    hand_total = rt.counts[stats]
    hand_total += rt.flags[sit.flag_code]
    hand_total += rt.kans[calls.kans]
    green = np.flatnonzero(((stats & np.uint32(7 << F_NONGREEN)) == 0) & (im == 0) & (ip == 0))
    hand_total[green] += np.uint64(rt.ryuuiisou)
    return np.asarray(hand_total)


def _has_yaku(
    lut: Lut, rt: RuleLut, sit: BatchSituation, grids: list[np.ndarray], win: np.ndarray,
    hand_total: np.ndarray, complete: np.ndarray, special: np.ndarray, calls: CallFacts | None, opened: bool,
) -> np.ndarray:  # fmt: skip
    """Has a yaku, per row: the hand's own yaku decide most rows without reading them;
    ``special``: the seven-pairs and thirteen-orphans rows."""
    own = (hand_total >> np.uint64(V_SHIFT)) != 0
    has = complete & own
    has[special] = True
    hands = np.flatnonzero(complete)
    rest = hands[~own[hands]]
    if len(rest):
        c = _standard(lut, rt, sit, grids, win, hand_total, rest, calls, opened)
        if c is not None:
            yes = ((c.total >> np.uint64(V_SHIFT)) & _VALUE_MASK) != 0
            has[(rest if c.rows is None else c.rows)[yes]] = True
    return np.asarray(has)


def _best(c: _Candidates, values: tuple[np.ndarray, ...]) -> tuple[list[np.ndarray], np.ndarray]:
    """(values, table sum) of each row's best candidate, in row order: the first of equals."""
    h = c.head
    head = [v[:h] for v in values]
    head_total = c.total[:h]
    if c.tail is None:
        return head, head_total
    starts = np.flatnonzero(np.concatenate([[True], c.tail[1:] != c.tail[:-1]]))
    local = np.arange(len(c.tail)) - np.repeat(starts, np.diff(np.append(starts, len(c.tail))))
    best = np.maximum.reduceat(_key([v[h:] for v in values], _ORDER_MAX - 1 - local), starts)
    owners = c.tail[starts]
    better = best > _key([v[owners] for v in head], _ORDER_MAX)
    if better.any():
        chosen = h + starts[better] + (_ORDER_MAX - 1 - (best[better] & _ORDER_MAX))
        owners = owners[better]
        head = [v.copy() for v in head]
        head_total = head_total.copy()
        for part, v in zip(head, values, strict=True):
            part[owners] = v[chosen]
        head_total[owners] = c.total[chosen]
    return head, head_total


def _store_special(
    out: BatchScore, rt: RuleLut, sit: BatchSituation, rows: np.ndarray, win: np.ndarray,
    hand_total: np.ndarray, chiitoitsu: np.ndarray, kokushi: np.ndarray, start: int,
) -> None:  # fmt: skip
    """Score the seven-pairs and thirteen-orphans readings and keep those that beat the
    standard reading already stored (on equal keys the standard reading comes first)."""
    special = np.concatenate([chiitoitsu, kokushi])  # seven pairs, then thirteen orphans
    if not len(special):
        return
    seven = len(chiitoitsu)
    extra = np.empty(len(special), dtype=np.uint64)
    extra[:seven] = rt.chiitoitsu
    extra[seven:] = np.where(
        rows[kokushi, win[kokushi]] == 2, np.uint64(rt.kokushi_13), np.uint64(rt.kokushi)
    )
    total = hand_total[special]
    total += extra
    raw_fu = np.full(len(special), 20, dtype=np.int64)
    raw_fu[:seven] = 25  # chiitoitsu: 25 fu, not rounded; kokushi: 20 (a yakuman)
    values = _values(rt, total, raw_fu, None, _take(sit.mode, special), _take(sit.dora, special))
    at = special + start
    standard = _key((out.is_win[at], out.han[at], out.fu[at], out.yakuman[at], out.points[at]), 1)
    better = _key(values, 0) > standard
    if better.any():
        _store(
            out, start, start + len(rows), special[better], tuple(v[better] for v in values), total[better]
        )


def score_rows(
    lut: Lut, rt: RuleLut, rows: np.ndarray, win: np.ndarray, sit: BatchSituation, start: int,
    out: BatchScore | None, blocks: list[np.ndarray], calls: CallFacts | None, opened: bool,
) -> np.ndarray | None:  # fmt: skip
    """Score rows whose calls (``calls``; None: none) are all alike: none, closed kans
    only, or open (``opened``, with ``rt`` the open tables)."""
    n = len(rows)
    im, ip, is_, iz = blocks
    grids = [lut.suit_grid[im], lut.suit_grid[ip], lut.suit_grid[is_], lut.honor_grid[iz]]
    marks: list[tuple[np.ndarray, int]] = []
    if calls is None:
        stats, hand_total = _hand_totals(rt, rows, win, sit, grids, im, ip)
        if rt.patterns:
            marks = add_patterns(rt.patterns, blocks, hand_total)
        chiitoitsu = np.flatnonzero((stats & np.uint32(7 << F_BAD_PAIRS)) == 0)
        kokushi = np.flatnonzero((stats & np.uint32(15 | 3 << F_SIMPLE)) == 13)
    else:  # seven pairs and thirteen orphans have no calls
        hand_total = _called_totals(lut, rt, rows, sit, calls)
        chiitoitsu = kokushi = np.zeros(0, dtype=np.intp)
    complete = (grids[0] & CID_MASK) != 0
    complete &= (grids[1] & CID_MASK) != 0
    complete &= (grids[2] & CID_MASK) != 0
    complete &= (grids[3] & CID_MASK) != 0
    if out is None:
        return _has_yaku(
            lut,
            rt,
            sit,
            grids,
            win,
            hand_total,
            complete,
            np.concatenate([chiitoitsu, kokushi]),
            calls,
            opened,
        )
    hands = np.flatnonzero(complete)
    c = _standard(lut, rt, sit, grids, win, hand_total, hands, calls, opened) if len(hands) else None
    if c is not None:
        values = _values(
            rt, c.total, c.raw_fu, c.pinfu_tsumo, _take(sit.mode, c.rows), _take(sit.dora, c.rows)
        )
        head, head_total = _best(c, values)
        _store(out, start, start + n, c.hands, tuple(head), head_total)
    _store_special(out, rt, sit, rows, win, hand_total, chiitoitsu, kokushi, start)
    mark(out, start, marks)
    return None
