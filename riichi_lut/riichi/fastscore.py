"""The numbers of a win on a fast path: total, han, fu, yakuman, base, limit and points of the
best reading, from concealed counts, red fives, calls and the facts of the win
(:data:`~riichi_lut.riichi.fastinput.Facts`), with no :class:`~riichi_lut.core.hand.Hand`,
:class:`~riichi_lut.analysis.readings.Reading` or yaku objects.

It reads what :func:`riichi_lut.riichi.score` reads, with the same rules, on bit masks: the
yaku of a reading are a mask over the yaku table's bits (``riichi_lut.riichi.yaku.ROWS``:
the ``bit`` of each row), built from the hand's tile facts (one mask of the kinds present)
and the split's groups; what a row supersedes, the han (closed or open), the yakuman
multiples (``RuleSet.double_yakuman``, ``multiple_yakuman``) come from that table, looked up
once per mask and rule set. Fu are a sum over the split, points from
:func:`~riichi_lut.riichi.points.base_points`. Every reading is scored and the best key
(total, yakuman, han, fu) kept, as ``score`` does. The functions are long and flat on
purpose: on this path a Python call costs more than a branch.

Three players (``rules.players == 3``, the ``kita`` count given): the indicators show by
``dora_of(..., players=3)`` (1m shows 9m), each kita is one dora and one more for each
indicator showing North, the points come from :func:`~riichi_lut.riichi.points.payments`
(tsumo loss or the split of North's share) and a honba is 200; a 2m-8m, a chi, a North
seat or round, a fifth North with the kita and the rare flags go to the general path.

:func:`evaluate` returns ``None`` for anything the general path must decide: a check that
fails (the general path raises the error), a hand that is not complete or has no yaku.
The module tests ``tests/riichi/test_fast_score.py`` and ``test_fast_score_sanma.py``
compare it with the general path on seeded situations.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from itertools import product

from ..core.tiles import CODE_NAMES, NUM_CODES, RED_FIVE_KINDS, TERMINALS_AND_HONORS, kind_of
from ..lut.splitwords import RYANMEN, SHANPON, SHUT, TANKI
from .context import GREEN
from .fastinput import (
    W_FU,
    W_MELDS,
    W_PAIR,
    W_PEIKOU,
    W_PLAIN,
    W_RUN_COUNT,
    W_RUNS,
    W_SET_COUNT,
    BlockRecord,
    Calls,
    Facts,
    Split,
    block_record,
    tile_code,
)
from .points import base_points, capped_yakuman, payments
from .rules import RuleSet
from .situation import dora_of
from .yaku import ROWS

__all__ = ["FastScore", "evaluate"]

#: (total, yakuman, han, fu, base, limit, points): the best reading's numbers.
FastScore = tuple[int, int, int, int, int, str | None, int]

_BIT = {row.id: 1 << row.bit for row, _ in ROWS}
_YAKUMAN = sum(_BIT[row.id] for row, _ in ROWS if row.yakuman)
_SUPERSEDE = tuple((_BIT[row.id], sum(_BIT[s] for s in row.supersedes)) for row, _ in ROWS if row.supersedes)
_ROWS_BY_BIT = tuple((_BIT[row.id], row) for row, _ in ROWS)

(RIICHI, DOUBLE, IPPATSU, MENZEN, PINFU, TANYAO, IIPEIKOU, HAKU, HATSU, CHUN, SEAT, ROUND, HAITEI,
 HOUTEI, RINSHAN, CHANKAN, CHIITOI, TOITOI, SANANKOU, SANSHOKU, DOUKOU, SANKANTSU, ITTSU, CHANTA,
 JUNCHAN, HONROUTOU, SHOUSANGEN, RYANPEIKOU, HONITSU, CHINITSU, KOKUSHI, KOKUSHI_13, SUUANKOU,
 SUUANKOU_TANKI, DAISANGEN, SHOUSUUSHII, DAISUUSHII, TSUUIISOU, CHINROUTOU, RYUUIISOU, CHUUREN,
 JUNSEI, SUUKANTSU, TENHOU, CHIIHOU, RENHOU, RENHOU_MANGAN, RENHOU_BAIMAN, _OPEN_RIICHI,
 _DOUBLE_OPEN_RIICHI, _DAISHARIN, _DAISUURIN, _DAICHIKURIN, _DAICHISEI, _PAARENCHAN) = (
    _BIT[row.id] for row, _ in ROWS
)  # fmt: skip
# The optional yaku of bits 48 on are never set here: their facts (open riichi, paarenchan)
# take the general path, and so do the hands their rules could change (_fallback_kinds).
_RENHOU = {"yakuman": RENHOU, "mangan": RENHOU_MANGAN, "baiman": RENHOU_BAIMAN, "none": 0}

_YAOCHU_SET = frozenset(TERMINALS_AND_HONORS)
_YAOCHU = sum(1 << k for k in TERMINALS_AND_HONORS)
_GREEN = sum(1 << k for k in GREEN)
_HONORS = 0x7F << 27
_SUITS = (0x1FF, 0x1FF << 9, 0x1FF << 18)
_CODE_OF_NAME = {name: code for code, name in enumerate(CODE_NAMES)}
_KIND = tuple(kind_of(c) for c in range(NUM_CODES))
_DORA = tuple(dora_of(c) for c in range(NUM_CODES))
_DORA_3 = tuple(dora_of(c, players=3) for c in range(NUM_CODES))
_MAN_2_TO_8 = frozenset(range(1, 8))
_NINE_GATES = (3, 1, 1, 1, 1, 1, 1, 1, 3)
#: A concealed triplet's fu by kind (closed: 4 simple, 8 terminal or honor).
_TRIPLET_FU = tuple(8 if k in _YAOCHU_SET else 4 for k in range(34))
_SETS_MASK = (1 << 34) - 1
_RUNS_MASK = (1 << 27) - 1
_FOUR_AND_A_PAIR = 4 | 1 << 3  # the melds and pair count fields (W_MELDS, W_PAIRS) of a reading
_DRAGON_YAKU = tuple(
    (HAKU if d & 1 else 0) | (HATSU if d & 2 else 0) | (CHUN if d & 4 else 0) for d in range(8)
)
_TANKI, _RYANMEN, _OTHER, _SHANPON = 0, 1, 2, 3  # waits as the fu and pinfu need them

# Per rule set: (rules, {mask << 1 | closed: (yakuman, han, pinfu) or None},
# {han << 24 | fu << 12 | yakuman << 2 | tsumo << 1 | dealer: (base, limit, points)},
# {hand facts: hand mask}, the kinds masks left to the general path).
_RulesData = tuple[
    RuleSet,
    dict[int, tuple[int, int, bool] | None],
    dict[int, tuple[int, str | None, int]],
    dict[int, int],
    frozenset[int],
]
#: The kinds present in 22334455667788 of each suit (daisharin, daisuurin, daichikurin).
_SHARIN_KINDS = tuple(0x7F << (9 * suit + 1) for suit in range(3))
_per_rules: dict[int, _RulesData] = {}


def _resolve(mask: int, closed: bool, rules: RuleSet) -> tuple[int, int, bool] | None:
    """(yakuman, han, pinfu counted) of a found-yaku mask, as ``yaku.evaluate`` counts it;
    None when no yaku with han remains."""
    dropped = 0
    for top, drop in _SUPERSEDE:
        if mask & top:
            dropped |= drop
    mask &= ~dropped
    if mask & _YAKUMAN:
        multiples = [
            2 if row.id in rules.double_yakuman else 1
            for bit, row in _ROWS_BY_BIT
            if mask & bit and row.yakuman
        ]
        multiple = sum(multiples) if rules.multiple_yakuman else max(multiples)
        return capped_yakuman(multiple, rules), 0, False
    han = 0
    for bit, row in _ROWS_BY_BIT:
        if mask & bit:
            han += row.han_closed if closed else row.han_open
    if not han:
        return None
    return 0, han, bool(mask & PINFU) and closed


def _rules_data(rules: RuleSet) -> _RulesData:
    data = _per_rules.get(id(rules))
    if data is None or data[0] is not rules:
        if len(_per_rules) > 64:
            _per_rules.clear()
        data = (rules, {}, {}, {}, _fallback_kinds(rules))
        _per_rules[id(rules)] = data
    return data


def _fallback_kinds(rules: RuleSet) -> frozenset[int]:
    """The kinds-present masks of the hands an optional yakuman of ``rules`` may change
    (daisharin and company, daichisei): those hands take the general path."""
    kinds = set()
    if rules.daisharin != "off":
        kinds.add(_SHARIN_KINDS[1])
    if rules.daisharin == "all_suits":
        kinds.update((_SHARIN_KINDS[0], _SHARIN_KINDS[2]))
    if rules.daichisei:
        kinds.add(_HONORS)
    return frozenset(kinds)


def _hand_mask(  # noqa: C901, PLR0912  (a flat hot path: see the module docstring)
kinds: int, closed: bool, f: Facts, n_kans: int, totals: Sequence[int], win_kind: int,
               rules: RuleSet) -> int:  # fmt: skip
    """The yaku that depend on the facts and the tiles only (not on the split)."""
    tsumo, _, _, riichi, double, ippatsu, haitei, houtei, rinshan, chankan, tenhou, chiihou, renhou = f[:13]
    m = 0
    if riichi and not double:
        m |= RIICHI
    if double:
        m |= DOUBLE
    if ippatsu and rules.ippatsu:
        m |= IPPATSU
    if closed and tsumo:
        m |= MENZEN
    if (closed or rules.kuitan) and not kinds & _YAOCHU:
        m |= TANYAO
    if haitei:
        m |= HAITEI
    if houtei:
        m |= HOUTEI
    if rinshan:
        m |= RINSHAN
    if chankan:
        m |= CHANKAN
    if n_kans == 3:
        m |= SANKANTSU
    elif n_kans == 4:
        m |= SUUKANTSU
    honor = kinds & _HONORS
    suits = [s for s in range(3) if kinds & _SUITS[s]]
    if not kinds & ~_YAOCHU:
        if honor and suits:
            m |= HONROUTOU
        if not honor:
            m |= CHINROUTOU
    if len(suits) == 1:
        m |= HONITSU if honor else CHINITSU
        if not honor and closed and sum(totals) == 14:
            base = 9 * suits[0]
            shape = totals[base : base + 9]
            if all(s >= n for s, n in zip(shape, _NINE_GATES, strict=True)):
                m |= CHUUREN
                before = list(shape)
                if base <= win_kind < base + 9:
                    before[win_kind - base] -= 1
                if tuple(before) == _NINE_GATES:
                    m |= JUNSEI
    if not kinds & ~_HONORS:
        m |= TSUUIISOU
    if not kinds & ~_GREEN:
        m |= RYUUIISOU
    if tenhou:
        m |= TENHOU
    if chiihou:
        m |= CHIIHOU
    if renhou:
        m |= _RENHOU[rules.renhou]
    return m


def _not_sanma(totals: Sequence[int], call_runs: int, indicators: tuple[int, ...], kita: int) -> bool:
    """A three-player hand the general path must judge: a 2m-8m in the hand, the calls or the
    indicators, a chi (``call_runs``), or a fifth North with the kita (it raises the error)."""
    if any(totals[1:8]) or call_runs or any(_KIND[c] in _MAN_2_TO_8 for c in indicators):
        return True
    return bool(kita) and totals[30] + kita + sum(_KIND[c] == 30 for c in indicators) > 4


def _standard(  # noqa: C901, PLR0912, PLR0915

    records: tuple[BlockRecord, ...], calls_word: int, call_runs: int, base_fu: int, closed_kans: int,
    closed: bool, tsumo: bool, seat: int, round_: int, w: int, hand_mask: int, double_wind: int,
    found: list[tuple[int, int, int]], pinfu_closed: bool,
) -> None:  # fmt: skip
    """Every four-melds-and-a-pair reading as (found-yaku mask, fu before the lines of the
    win, wait), appended to ``found``: the blocks' split words added up with the calls'
    (``calls_word``: their set kinds and counts; ``call_runs``: their run starts, or-ed
    since a chi may repeat a run). ``pinfu_closed``: closed, and pinfu possible (not a
    tsumo under ``RuleSet.pinfu_tsumo_fu``)."""
    consider = found.append
    s0, s1, s2, s3 = records[0][0], records[1][0], records[2][0], records[3][0]
    if not (s0 and s1 and s2 and s3):
        return
    if len(s0) == 1 and len(s1) == 1 and len(s2) == 1 and len(s3) == 1:
        combos: Iterable[tuple[Split, Split, Split, Split]] = ((s0[0], s1[0], s2[0], s3[0]),)
    else:
        combos = product(s0, s1, s2, s3)
    win_block = 3 if w >= 27 else w // 9
    shift = 4 * (w - 9 * win_block)
    for combo in combos:
        word = combo[0][0] + combo[1][0] + combo[2][0] + combo[3][0] + calls_word
        if word >> W_MELDS & 0x3F != _FOUR_AND_A_PAIR:
            continue
        pair = (word >> W_PAIR) - 1
        sm = word & _SETS_MASK
        rm = word >> W_RUNS & _RUNS_MASK | call_runs
        n_runs = word >> W_RUN_COUNT & 7
        m = hand_mask | _DRAGON_YAKU[sm >> 31]
        if sm >> seat & 1:
            m |= SEAT
        if sm >> round_ & 1:
            m |= ROUND
        if n_runs == 0:
            m |= TOITOI
        elif n_runs >= 3:
            if rm & rm >> 9 & rm >> 18 & 0x7F:
                m |= SANSHOKU
            if rm & 0x49 == 0x49 or rm >> 9 & 0x49 == 0x49 or rm >> 18 & 0x49 == 0x49:
                m |= ITTSU
        if n_runs <= 1 and sm & sm >> 9 & sm >> 18 & 0x1FF:
            m |= DOUKOU
        if n_runs and not word >> W_PLAIN & 7:
            m |= CHANTA if sm >> 27 or pair >= 27 else JUNCHAN
        if closed:
            peikou = word >> W_PEIKOU & 7
            if peikou == 1:
                m |= IIPEIKOU
            elif peikou == 2:
                m |= RYANPEIKOU
        dragons = (sm >> 31).bit_count()
        winds = (sm >> 27 & 15).bit_count()
        if pair >= 31:
            pair_fu = 2
            if dragons == 2:
                m |= SHOUSANGEN
        elif pair == seat:
            pair_fu = double_wind if pair == round_ else 2
        elif pair == round_:
            pair_fu = 2
        else:
            pair_fu = 0
        if dragons == 3:
            m |= DAISANGEN
        if winds == 4:
            m |= DAISUUSHII
        elif winds == 3 and 27 <= pair <= 30:
            m |= SHOUSUUSHII
        fu0 = base_fu + pair_fu + (word >> W_FU & 63)
        concealed = (word >> W_SET_COUNT & 7) + closed_kans
        sets_mask = (SANANKOU if concealed >= 3 else 0) | (SUUANKOU if concealed == 4 else 0)
        waits = combo[win_block][1] >> shift & 15
        if waits & RYANMEN:
            pinfu = pinfu_closed and n_runs == 4 and not (pair >= 31 or pair in (seat, round_))
            consider((m | sets_mask | (PINFU if pinfu else 0), fu0, _RYANMEN))
        if waits & SHUT:
            consider((m | sets_mask, fu0, _OTHER))
        if waits & SHANPON:
            if tsumo:
                consider((m | sets_mask, fu0, _SHANPON))
            else:
                consider((m | (SANANKOU if concealed >= 4 else 0), fu0 - _TRIPLET_FU[w] // 2, _SHANPON))
        if waits & TANKI:
            consider((m | sets_mask | (SUUANKOU_TANKI if concealed == 4 else 0), fu0, _TANKI))


def evaluate(  # noqa: C901, PLR0911, PLR0912, PLR0915
    counts: Sequence[int],
    red: tuple[int, int, int],
    calls: Calls | None,
    records: tuple[BlockRecord, ...] | None,
    f: Facts,
    win_tile: object,
    rules: RuleSet,
    kita: int = 0,
) -> FastScore | int | None:
    """The best reading's numbers; None when a check fails (see the module docstring); -1
    when the hand has no reading (not complete); the dora han (>= 0) when it has readings but
    none with a yaku. ``calls`` are the calls combined (``fastinput.combine_calls``), None
    for none; ``records`` the four blocks' records when the caller has them (canonical
    notation), else None.

    >>> from .fastinput import facts_of_keywords, hand_of_text
    >>> from .rules import TENHOU
    >>> counts, red, _, records, _ = hand_of_text("22334455667788p")
    >>> facts = facts_of_keywords({"tsumo": False, "seat_wind": "S", "round_wind": "E"})
    >>> evaluate(counts, red, None, records, facts, "8p", TENHOU)  # total yakuman han fu base limit points
    (24000, 0, 11, 30, 6000, 'sanbaiman', 24000)
    """
    three = rules.players == 3
    if three and (f[1] == 30 or f[2] == 30 or f[6] or f[7] or f[8] or f[9] or f[10] or f[11] or f[12]):
        return None  # three players: a North seat or round (an error) or a rare flag
    # The checks of situation.build, on counts.
    if calls is None:
        if f[8] or sum(counts) != 14:  # rinshan needs a kan
            return None
        totals, reds = counts, red
        closed = True
        n_kans = closed_kans = calls_word = call_runs = call_fu = call_kinds = 0
    else:
        _, totals, reds, calls_word, call_runs, call_fu, n_kans, closed_kans, call_kinds, opened = calls
        if sum(counts) + 3 * len(calls[0]) != 14:
            return None
        if (f[8] and not n_kans) or ((f[3] or f[4]) and opened) or f[10] or f[11] or f[12]:
            return None
        closed = not opened
    code = _CODE_OF_NAME.get(win_tile) if win_tile.__class__ is str else tile_code(win_tile)
    if code is None:
        return None
    w = _KIND[code]
    if code >= 34:
        if red[code - 34] != 1:
            return None
    elif counts[w] - (red[w // 9] if w in RED_FIVE_KINDS else 0) < 1:
        return None
    chankan = f[9]
    if chankan and (counts[w] > 1 or totals[w] > counts[w]):
        return None
    r0, r1, r2 = reds
    dora_indicators = f[13]
    if three and _not_sanma(totals, call_runs, dora_indicators + f[14], kita):
        return None
    if dora_indicators:
        indicators = dora_indicators + f[14]
        if len(indicators) == 1 and not chankan:
            c = indicators[0]
            if totals[_KIND[c]] >= 4:
                return None
            if c >= 34:
                if c == 34:
                    r0 += 1
                elif c == 35:
                    r1 += 1
                else:
                    r2 += 1
        else:
            extra: dict[int, int] = {}
            for c in indicators:
                k = _KIND[c]
                extra[k] = extra.get(k, 0) + 1
                if c >= 34:
                    if c == 34:
                        r0 += 1
                    elif c == 35:
                        r1 += 1
                    else:
                        r2 += 1
            if chankan:
                extra[w] = extra.get(w, 0) + 3
            for k, e in extra.items():
                if totals[k] + e > 4:
                    return None
    aka = rules.aka_dora
    if r0 > aka[0] or r1 > aka[1] or r2 > aka[2]:
        return None

    tsumo, seat, round_ = f[0], f[1], f[2]
    if records is None:
        records = (block_record(0, counts), block_record(1, counts), block_record(2, counts),
                   block_record(3, counts))  # fmt: skip
    kinds = records[0][1] | records[1][1] | records[2][1] | records[3][1] | call_kinds
    data = _per_rules.get(id(rules))
    if data is None or data[0] is not rules:
        data = _rules_data(rules)
    _, rules_memo, points_memo, hand_memo, fallback = data
    if fallback and kinds in fallback:
        return None  # an optional yakuman of the rules may apply: the general path decides
    # Unless the hand is one suit without honors (the nine gates read the counts) or a rare
    # flag is set, the mask depends on these facts only.
    if (kinds & _HONORS or not (
        kinds & _SUITS[0] == kinds or kinds & _SUITS[1] == kinds or kinds & _SUITS[2] == kinds
    )) and not (f[6] or f[7] or f[8] or chankan or f[10] or f[11] or f[12]):  # fmt: skip
        # kinds, closed, kans, tsumo, riichi, double riichi, ippatsu as one int
        hand_key = kinds << 9 | closed << 8 | n_kans << 4 | tsumo << 3 | f[3] << 2 | f[4] << 1 | f[5]
        hand_mask = hand_memo.get(hand_key, -1)
        if hand_mask < 0:
            hand_mask = _hand_mask(kinds, closed, f, n_kans, totals, w, rules)
            if len(hand_memo) >= 1 << 16:
                hand_memo.clear()
            hand_memo[hand_key] = hand_mask
    else:
        hand_mask = _hand_mask(kinds, closed, f, n_kans, totals, w, rules)

    found: list[tuple[int, int, int]] = []
    base_fu = (30 if closed and not tsumo else 20) + call_fu
    _standard(records, calls_word, call_runs, base_fu, closed_kans, closed, tsumo, seat, round_, w, hand_mask,
              rules.double_wind_pair_fu, found, closed and not (tsumo and rules.pinfu_tsumo_fu))  # fmt: skip
    if calls is None:
        if kinds.bit_count() == 7 and max(counts) == 2:  # 14 tiles of 7 kinds, none above 2
            found.append((hand_mask | CHIITOI, -25, _TANKI))
        if kinds == _YAOCHU:
            mask = (hand_mask & ~HONROUTOU) | KOKUSHI | (KOKUSHI_13 if counts[w] == 2 else 0)
            found.append((mask, -20, _TANKI))
    shows = _DORA_3 if three else _DORA
    dora = 0
    for i in dora_indicators:
        dora += totals[shows[i]]
    if (f[3] or f[4]) and rules.ura_dora:
        for i in f[14]:
            dora += totals[shows[i]]
    dora += reds[0] + reds[1] + reds[2]
    if kita:  # each kita is a dora, and a North tile for each indicator that shows North
        dora += kita * (1 + sum(shows[i] == 30 for i in dora_indicators))
        if (f[3] or f[4]) and rules.ura_dora:
            dora += kita * sum(shows[i] == 30 for i in f[14])
    if not found:
        return -1
    dealer = seat == 27
    extra_points = (200 if three else 300) * f[15] + 1000 * f[16]  # honba: 100 from each payer
    best: FastScore | None = None
    for mask, fu_parts, wait in found:
        key = mask << 1 | closed
        try:
            resolved = rules_memo[key]
        except KeyError:
            resolved = rules_memo[key] = _resolve(mask, closed, rules)
        if resolved is None:
            continue
        yakuman, han, pinfu = resolved
        if fu_parts < 0:  # chiitoitsu (25) or kokushi (20): fixed
            fu = -fu_parts
        else:
            fu = fu_parts
            if tsumo and not pinfu:
                fu += 2
            if wait not in (_RYANMEN, _SHANPON):
                fu += 2
            if fu == 20 and not closed and not tsumo and rules.open_pinfu_fu == 30:
                fu = 30
            fu = -(-fu // 10) * 10
        if not yakuman:
            han += dora
        pkey = han << 24 | fu << 12 | yakuman << 2 | tsumo << 1 | dealer
        try:
            base, limit, points = points_memo[pkey]
        except KeyError:
            base, limit = base_points(han, fu, yakuman, rules)
            if three:  # tsumo loss or the split of North's share
                points = sum(p.points for p in payments(base, seat, tsumo, 0, rules))
            elif tsumo:
                if dealer:
                    points = 3 * (-(-2 * base // 100) * 100)
                else:
                    points = -(-2 * base // 100) * 100 + 2 * (-(-base // 100) * 100)
            else:
                points = -(-base * (6 if dealer else 4) // 100) * 100
            points_memo[pkey] = base, limit, points
        total = points + extra_points
        if best is None or (total, yakuman, han, fu) > best[:4]:
            best = (total, yakuman, han, fu, base, limit, points)
    if best is None:
        return dora
    return best
