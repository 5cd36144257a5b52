"""N games in lock-step: the reference's rules (:class:`~riichi_lut.game.table.Table`)
applied to the arrays of a :class:`~riichi_lut.game.vector.state.VectorState`.

Each iteration of :meth:`VectorGames.run` is one moment at every unfinished table: the
seats that must decide (the actor of a turn, the seats that may claim a discard) are
served by one batched policy call per policy, then every table applies its decisions.
The frequent moments are array operations over all tables at once: the draw, the legal
mask of a plain turn (discards, kita, nine terminals, added kans), the discard, the
claims every other seat may make on it (pon, open kan, chi, and which seats it would
complete), furiten from a missed tile, a discard nobody claims, a chi or a pon, the
exhaustive draw and the next deal. The rare ones run table by table through the
reference's own rule code (:mod:`riichi_lut.game.vector.moments`): a turn that may tsumo,
declare riichi or make a closed kan, or is in riichi, a ron's furiten and yaku, open and
added kans, kita, wins and aborts, the end of a hand.

A table's game depends on its seed only: its walls are ``seeded_wall(seed, round,
honba)``, its random policy's numbers the seat's own counter-based stream
(:mod:`riichi_lut.game.streams`), so the same game comes out whatever else is played
beside it (``tests/game/test_vector.py`` compares every event with the reference).
"""

from __future__ import annotations

from collections.abc import Sequence

import numpy as np
import numpy.typing as npt

from ...analysis.efficiency import ukeire_batch
from ...analysis.shanten import shanten_batch
from ...core.tiles import NUM_CODES, NUM_KINDS, TERMINALS_AND_HONORS
from ...errors import IllegalActionError
from ..actions import NUM_ACTIONS, action_id, action_of_id
from ..legal import legal_actions
from ..outcome import exhaustive_outcome
from ..record import CHI, CLOSED_KAN, DISCARD, DRAW, PON, Event, GameRecord
from ..rules import GameRules
from ..seat import waits_of
from .hands import CHANKAN, CLAIM, DONE, ON_DISCARD, TURN, seats_of
from .moments import Moments
from .state import KIND_OF_CODE, MELD_TYPES

__all__ = ["CLAIM", "DONE", "TURN", "VectorGames"]


_RIICHI_ID, _CHI_ID, _PON_ID, _OPEN_KAN_ID, _CLOSED_KAN_ID, _ADDED_KAN_ID = 37, 38, 41, 42, 43, 77
_TSUMO_ID, _RON_ID, _PASS_ID, _NINE_ID, _KITA_ID = 111, 112, 113, 114, 115
_ORPHANS = np.array([0, 8, 9, 17, 18, 26, 27, 28, 29, 30, 31, 32, 33])
_NUMBER = np.array([k % 9 + 1 if k < 27 else 0 for k in range(NUM_KINDS)])
_HONOR = np.arange(NUM_KINDS) >= 27
_WINDS = np.array([27, 28, 29, 30])
#: The red five's code of each kind, -1 for kinds without one.
_RED_OF_KIND = np.array([{4: 34, 13: 35, 22: 36}.get(k, -1) for k in range(NUM_KINDS)])
_CHI_MELD, _PON_MELD = MELD_TYPES.index(CHI), MELD_TYPES.index(PON)
_CLOSED_KAN_MELD = MELD_TYPES.index(CLOSED_KAN)
_TERMINAL_OR_HONOR = np.isin(np.arange(NUM_KINDS), TERMINALS_AND_HONORS)


def _tables(t: npt.NDArray[np.intp], n: int) -> npt.NDArray[np.intp]:
    """The distinct tables of ``t``, ascending (``np.unique`` without its sort: ``t`` < ``n``)."""
    marked = np.zeros(n, dtype=bool)
    marked[t] = True
    return np.flatnonzero(marked)


class VectorGames(Moments):
    """``len(seeds)`` games of ``rules``, one per seed, played in lock-step by batched
    ``policies`` (see :mod:`riichi_lut.game.vector.policies`): seat ``s`` of table ``t`` is played by
    ``policies[assign[t, s]]`` (``assign`` ``None``: by ``policies[s]``)."""

    def __init__(
        self,
        seeds: Sequence[int],
        rules: GameRules,
        policies: Sequence[object],
        record: bool,
        assign: npt.NDArray[np.intp] | None = None,
    ) -> None:
        super().__init__(seeds, rules, record)
        self.policies = list(policies)
        if assign is None:
            assign = np.tile(np.arange(self.players), (self.n, 1))
        self.assign = np.asarray(assign, dtype=np.intp)

    # ---------------------------------------------------------------- the loop
    def run(self) -> list[GameRecord]:
        """Play every game to its end; the records (events only when ``record``)."""
        self.start()
        while True:
            rows_t, rows_s = np.nonzero(self.deciding)
            if not len(rows_t):
                break
            chosen = np.full(len(rows_t), -1, dtype=np.int64)
            played_by = self.assign[rows_t, rows_s]
            for index, policy in enumerate(self.policies):
                pick = played_by == index
                if pick.any():
                    chosen[pick] = policy(self, rows_t[pick], rows_s[pick])  # type: ignore[operator]
            self.apply(rows_t, rows_s, chosen)
        return self.records()

    def start(self) -> None:
        self.deals.extend(range(self.n))
        self.flush_queues()

    def apply(
        self, rows_t: npt.NDArray[np.intp], rows_s: npt.NDArray[np.intp], chosen: npt.NDArray[np.int64]
    ) -> None:
        if not self.mask[rows_t, rows_s, chosen].all():
            bad = int(np.flatnonzero(~self.mask[rows_t, rows_s, chosen])[0])
            raise IllegalActionError(
                f"table {rows_t[bad]} seat {rows_s[bad]}: action id {chosen[bad]} is not legal now"
            )
        self.deciding[rows_t, rows_s] = False
        turn = self.phase[rows_t] == TURN
        # ---- turns: plain discards at once, everything else table by table
        tt, ts, ta = rows_t[turn], rows_s[turn], chosen[turn]
        plain = (ta < NUM_CODES) & ~self.cached[tt]
        self.discard_many(tt[plain], ts[plain], ta[plain])
        for t, seat, a in zip(tt[~plain].tolist(), ts[~plain].tolist(), ta[~plain].tolist(), strict=True):
            legal = self.legal_cache.get((t, seat))
            action = action_of_id(legal, a) if legal is not None else self.canonical_turn(t, seat, a)
            self.turn_action(t, action)
        # ---- claims: each table's decisions together; where every seat passed, by arrays
        ct, cs, ca = rows_t[~turn], rows_s[~turn], chosen[~turn]
        claimed = np.zeros(self.n, dtype=bool)
        claimed[ct[ca != _PASS_ID]] = True
        passed = _tables(ct[~claimed[ct]], self.n)
        self.nobody_claims(
            passed, self.claim_from[passed].astype(np.intp), self.claim_kind[passed].astype(np.intp)
        )
        keep = claimed[ct]
        ct, cs, ca = ct[keep], cs[keep], ca[keep]
        # a chi or pon that nobody's ron or pon outranks, by arrays
        call = (ca == _PON_ID) | ((ca >= _CHI_ID) & (ca < _CHI_ID + 3))
        other = np.zeros(self.n, dtype=bool)
        other[ct[~call & (ca != _PASS_ID)]] = True  # a ron or an open kan at the table
        pons = np.zeros(self.n, dtype=bool)
        pons[ct[ca == _PON_ID]] = True
        winner = call & ~other[ct] & ~(pons[ct] & (ca != _PON_ID))
        simple = winner & ~self.s.declaring[ct, self.claim_from[ct]]
        fast = np.zeros(self.n, dtype=bool)
        fast[ct[simple]] = True
        self.call_many(ct[simple], cs[simple], ca[simple])
        keep = ~fast[ct]
        ct, cs, ca = ct[keep], cs[keep], ca[keep]
        if len(ct):
            order = np.argsort(ct, kind="stable")
            ct, cs, ca = ct[order], cs[order], ca[order]
            bounds = np.flatnonzero(np.diff(ct)) + 1
            for tables, seats, ids in zip(
                np.split(ct, bounds), np.split(cs, bounds), np.split(ca, bounds), strict=True
            ):
                t = int(tables[0])
                self.resolve(t, dict(zip(seats.tolist(), ids.tolist(), strict=True)))
        self.legal_cache.clear()
        self.cached[tt] = False
        self.flush_queues()

    def call_many(
        self, t: npt.NDArray[np.intp], seat: npt.NDArray[np.intp], a: npt.NDArray[np.int64]
    ) -> None:
        """Chi and pon at many tables (``Moments.call`` by arrays): furiten for the seats
        the tile completes, the two tiles out of the hand (red fives first), the meld, the
        called tile marked, kuikae, and the caller's turn (its discard)."""
        if not len(t):
            return
        s = self.s
        k = len(t)
        rows = np.arange(k)
        discarder = self.claim_from[t].astype(np.intp)
        tile = self.claim_tile[t].astype(np.intp)
        kind = KIND_OF_CODE[tile]
        missed = self.completes[t]
        missed[rows, discarder] = False
        s.furiten_turn[t] |= missed
        s.furiten_riichi[t] |= missed & s.riichi[t]
        pon = a == _PON_ID
        position = np.where(pon, 0, a - _CHI_ID)
        low = kind - position  # the run's lowest kind (a chi)
        first = np.where(pon, kind, np.where(position == 0, low + 1, low))
        second = np.where(pon, kind, np.where(position == 2, low + 1, low + 2))
        codes = s.codes[t, seat]  # [k, 37]
        red_first = _RED_OF_KIND[first]
        red_second = _RED_OF_KIND[second]
        use_first = (red_first >= 0) & (codes[rows, np.maximum(red_first, 0)] > 0)
        use_first &= ~pon | (codes[rows, first] >= 1)
        c1 = np.where(use_first, red_first, first)
        use_second = ~pon & (red_second >= 0) & (codes[rows, np.maximum(red_second, 0)] > 0)
        c2 = np.where(use_second, red_second, second)
        for c in (c1, c2):
            s.codes[t, seat, c] -= 1
            s.kinds[t, seat, KIND_OF_CODE[c]] -= 1
        s.river_called_by[t, discarder, s.river_len[t, discarder].astype(np.intp) - 1] = seat
        m = s.nmelds[t, seat].astype(np.intp)
        s.meld_type[t, seat, m] = np.where(pon, _PON_MELD, _CHI_MELD)
        tiles = np.sort(np.stack([c1, c2, tile], axis=1), axis=1)
        s.meld_tiles[t, seat, m, :3] = tiles
        s.meld_tiles[t, seat, m, 3] = -1
        s.meld_called[t, seat, m] = tile
        s.meld_target[t, seat, m] = discarder
        s.nmelds[t, seat] += 1
        s.pon_kind[t[pon], seat[pon], kind[pon]] = True
        self.pao_many(t, seat, kind, pon, discarder)
        s.uninterrupted[t] = False
        s.ippatsu[t] = False
        self.opened[t, seat] = True
        s.forbidden[t, seat] = False
        s.forbidden[t, seat, kind] = True
        number = _NUMBER[kind]
        end_high = ~pon & (position == 0) & (number + 2 < 9)
        s.forbidden[t[end_high], seat[end_high], kind[end_high] + 3] = True
        end_low = ~pon & (position == 2) & (number - 2 > 1)
        s.forbidden[t[end_low], seat[end_low], kind[end_low] - 3] = True
        s.drawn[t, seat] = -1
        s.actor[t] = seat
        self.phase[t] = TURN
        if self.record:
            for i in range(k):
                self.events[int(t[i])].append(
                    Event(
                        PON if pon[i] else CHI,
                        seat=int(seat[i]),
                        tile=int(tile[i]),
                        target=int(discarder[i]),
                        consumed=(int(c1[i]), int(c2[i])),
                    )
                )
        self.turn_chunks.append(t.astype(np.intp))

    def pao_many(
        self,
        t: npt.NDArray[np.intp],
        seat: npt.NDArray[np.intp],
        kind: npt.NDArray[np.intp],
        pon: npt.NDArray[np.bool_],
        discarder: npt.NDArray[np.intp],
    ) -> None:
        """``Moments.note_pao`` by arrays, after the pons of ``kind`` were added: the
        discarder is liable when the pon makes the seat's third dragon or fourth wind set."""
        honor = pon & (kind >= 27)
        if not honor.any():
            return
        s = self.s
        t, seat, kind, discarder = t[honor], seat[honor], kind[honor], discarder[honor]
        types = s.meld_type[t, seat]
        kinds = KIND_OF_CODE[np.maximum(s.meld_tiles[t, seat, :, 0], 0)]
        sets = (types >= 0) & (types != _CHI_MELD)
        dragons = (sets & (kinds >= 31)).sum(axis=1)
        winds = (sets & (kinds >= 27) & (kinds <= 30)).sum(axis=1)
        liable = np.where(kind >= 31, dragons == 3, winds == 4)
        s.pao[t[liable], seat[liable]] = discarder[liable]

    def flush_queues(self) -> None:
        """Open the claims on the discards made, then set the masks of the turns begun."""
        while self.offers or self.turns or self.deals or self.offer_chunks or self.turn_chunks:
            if self.deals:
                deals, self.deals = np.array(self.deals, dtype=np.intp), []
                dealers = self.new_hands(deals)
                self.shanten13[deals] = shanten_batch(
                    self.s.kinds[deals].reshape(-1, NUM_KINDS), 0, players=self.players
                ).reshape(len(deals), self.players)
                self.draw_many(deals, np.array(dealers, dtype=np.intp))
            if self.offers or self.offer_chunks:
                chunks, self.offer_chunks = self.offer_chunks, []
                if self.offers:  # the few made table by table
                    chunks.append(np.array(self.offers, dtype=np.intp).T)
                    self.offers = []
                t, seat, tile, on = np.concatenate(chunks, axis=1)
                self.offer_many(t, seat, tile, on)
            if self.turns or self.turn_chunks:
                chunks, self.turn_chunks = self.turn_chunks, []
                chunks.append(np.array(self.turns, dtype=np.intp))
                self.turns = []
                self.enter_turns(_tables(np.concatenate(chunks), self.n))

    # ---------------------------------------------------------------- draws
    def draw_many(self, t: npt.NDArray[np.intp], seat: npt.NDArray[np.intp]) -> None:
        """Live draws (the wall empty: the exhaustive draw, table by table)."""
        s = self.s
        empty = s.remaining[t] <= 0
        if empty.any():
            self.exhaustive_many(t[empty])
        t, seat = t[~empty], seat[~empty]
        if not len(t):
            return
        tile = s.live[t, s.drawn_live[t]].astype(np.intp)
        s.drawn_live[t] += 1
        s.codes[t, seat, tile] += 1
        s.kinds[t, seat, KIND_OF_CODE[tile]] += 1
        s.drawn[t, seat] = tile
        s.rinshan_draw[t] = False
        s.actor[t] = seat
        self.phase[t] = TURN
        if self.record:
            for table, who, tl in zip(t.tolist(), seat.tolist(), tile.tolist(), strict=True):
                self.events[table].append(Event(DRAW, seat=who, tile=tl))
        self.turn_chunks.append(t.astype(np.intp))

    def exhaustive_many(self, t: npt.NDArray[np.intp]) -> None:
        """The live wall is empty: who is tenpai (the shanten of every seat by arrays, the
        waits of the tenpai ones exactly), who made nagashi, and each table's payments."""
        s = self.s
        p = self.players
        k = len(t)
        shanten = shanten_batch(s.kinds[t].reshape(k * p, NUM_KINDS), s.nmelds[t].reshape(-1), players=p)
        tenpai = np.zeros((k, p), dtype=bool)
        for i, seat in zip(*np.nonzero(shanten.reshape(k, p) == 0), strict=True):
            table = int(t[i])
            tiles = s.meld_tiles[table, seat]
            called = np.bincount(KIND_OF_CODE[tiles[tiles >= 0]], minlength=NUM_KINDS).tolist()
            kinds = s.kinds[table, seat].tolist()
            tenpai[i, seat] = waits_of(kinds, int(s.nmelds[table, seat]), called, p) != 0
        length = s.river_len[t].astype(np.intp)  # [k, p]
        tiles = s.river_tile[t].astype(np.intp)  # [k, p, R]
        inside = np.arange(tiles.shape[2]) < length[:, :, None]
        clean = _TERMINAL_OR_HONOR[KIND_OF_CODE[np.maximum(tiles, 0)]] & (s.river_called_by[t] < 0)
        nagashi = (length > 0) & (clean | ~inside).all(axis=2)
        for table, dealer, ready, clean_river in zip(
            t.tolist(), s.dealer[t].tolist(), tenpai.tolist(), nagashi.tolist(), strict=True
        ):
            outcome = exhaustive_outcome(self.rules, p, dealer, seats_of(ready), seats_of(clean_river))
            self.end(table, self.view(table), outcome)

    # ---------------------------------------------------------------- turns
    def enter_turns(self, t: npt.NDArray[np.intp]) -> None:
        """The legal mask of each turn begun: plain turns by arrays, the rest by the
        reference's ``legal_actions``."""
        s = self.s
        t = t[self.phase[t] == TURN]
        if not len(t):
            return
        seat = s.actor[t].astype(np.intp)
        kinds = s.kinds[t, seat]
        forbidden = s.forbidden[t, seat]
        full = ~forbidden.any(axis=1)  # after a chi or pon (kuikae set): discards only
        # only the 14-tile hands that may be complete or tenpai are looked up: a draw lowers
        # the shanten of the 13 tiles before it (``shanten13``) by one at most; a replacement
        # draw follows a kan or kita that changed the hand, so those hands are looked up too
        look = full & ((self.shanten13[t, seat] <= 1) | s.rinshan_draw[t])
        shanten = np.full(len(t), 8, dtype=np.int8)
        if look.any():
            shanten[look] = shanten_batch(kinds[look], s.nmelds[t[look], seat[look]], players=self.players)
        remaining = s.remaining[t]
        kan_ok = (remaining > 0) & (s.nkans[t] < 4)
        riichi = s.riichi[t, seat]
        fours = (kinds == 4) & kan_ok[:, None]
        drawn = s.drawn[t, seat].astype(np.intp)
        meld_type = s.meld_type[t, seat]
        closed = ((meld_type < 0) | (meld_type == _CLOSED_KAN_MELD)).all(axis=1)
        # a closed complete hand may tsumo (menzen tsumo is its yaku); an open one needs
        # the scorer to find a yaku (``can_tsumo``)
        tsumo = full & (shanten == -1) & closed & (drawn >= 0)
        declaring = full & s.declaring[t, seat]  # the declaration discard: those that keep tenpai
        complex_ = full & (
            ((shanten == -1) & ~tsumo)  # tsumo with a yaku?
            # a closed kan in riichi: of the tile drawn, only if the waits stay
            | (riichi & fours[np.arange(len(t)), KIND_OF_CODE[np.maximum(drawn, 0)]] & (drawn >= 0))
        )
        mask = np.zeros((len(t), NUM_ACTIONS), dtype=bool)
        mask[:, :NUM_CODES] = (s.codes[t, seat] > 0) & ~forbidden[:, KIND_OF_CODE]
        mask[:, _TSUMO_ID] = tsumo
        in_riichi = np.flatnonzero(riichi & ~complex_)  # in riichi: the tile drawn, kita
        mask[in_riichi, :NUM_CODES] = False
        mask[in_riichi, drawn[in_riichi]] = True
        kans = (full & ~riichi)[:, None] & kan_ok[:, None]
        mask[:, _ADDED_KAN_ID : _ADDED_KAN_ID + NUM_KINDS] = s.pon_kind[t, seat] & (kinds > 0) & kans
        mask[:, _CLOSED_KAN_ID : _CLOSED_KAN_ID + NUM_KINDS] = (kinds == 4) & kans
        if self.players == 3:
            north = (kinds[:, 30] > 0) & (~riichi | (drawn == 30))
            mask[:, _KITA_ID] = full & north & (remaining > 0)
        first = s.uninterrupted[t] & (s.river_len[t, seat] == 0) & (drawn >= 0)
        mask[:, _NINE_ID] = first & ((kinds[:, _ORPHANS] > 0).sum(axis=1) >= 9)
        may_riichi = full & ~complex_ & ~riichi & (shanten <= 0) & closed
        may_riichi &= (s.scores[t, seat] >= 1000) & (remaining >= 4)
        mask[may_riichi, _RIICHI_ID] = self.tenpai_discards(t[may_riichi], seat[may_riichi]).any(axis=1)
        if declaring.any():
            keeps = self.tenpai_discards(t[declaring], seat[declaring])
            mask[declaring, :NUM_CODES] &= keeps[:, KIND_OF_CODE]
            mask[declaring, NUM_CODES:] = False
        self.mask[t, seat] = mask
        for i in np.flatnonzero(complex_).tolist():
            table, who = int(t[i]), int(seat[i])
            view = self.view(table)
            view.actor = who
            legal = legal_actions(view, who)
            self.legal_cache[(table, who)] = legal
            self.cached[table] = True
            self.mask[table, who] = False
            for a in legal:
                self.mask[table, who, action_id(a)] = True
        self.deciding[t, seat] = True

    def tenpai_discards(self, t: npt.NDArray[np.intp], seat: npt.NDArray[np.intp]) -> npt.NDArray[np.bool_]:
        """For closed 14-tile hands at shanten 0 or -1, the kinds whose discard leaves a
        tenpai hand with a wait the hand and its closed kans do not hold all four of
        (``SeatState.waits_after``; by the acceptance of each discard, ``ukeire_batch``):
        riichi is legal when there is one (``legal._can_riichi``), and its declaration
        discards only those."""
        s = self.s
        if not len(t):
            return np.zeros((0, NUM_KINDS), dtype=bool)
        hand = s.kinds[t, seat].astype(np.int16)
        rows, kinds = np.nonzero(hand)
        counts = hand[rows].copy()
        counts[np.arange(len(rows)), kinds] -= 1
        after = ukeire_batch(counts, s.nmelds[t[rows], seat[rows]], players=self.players)
        tiles = s.meld_tiles[t, seat].reshape(len(t), -1).astype(np.intp)  # closed kans' tiles
        called = np.zeros((len(t), NUM_KINDS), dtype=np.int16)
        np.add.at(
            called,
            (
                np.repeat(np.arange(len(t)), tiles.shape[1])[tiles.reshape(-1) >= 0],
                KIND_OF_CODE[tiles[tiles >= 0]],
            ),
            1,
        )
        waits = after.accepted & (counts + called[rows] < 4)
        ok = (after.shanten == 0) & waits.any(axis=1)
        keeps = np.zeros((len(t), NUM_KINDS), dtype=bool)
        keeps[rows[ok], kinds[ok]] = True
        return keeps

    # ---------------------------------------------------------------- discards and claims
    def discard_many(
        self, t: npt.NDArray[np.intp], seat: npt.NDArray[np.intp], tile: npt.NDArray[np.int64]
    ) -> None:
        """Discards decided by id in plain turns (tsumogiri when it is the tile drawn)."""
        if not len(t):
            return
        s = self.s
        for table in t[s.pending_dora[t] > 0].tolist():
            self.flush_dora(table)
        tile = tile.astype(np.intp)
        kind = KIND_OF_CODE[tile]
        s.codes[t, seat, tile] -= 1
        s.kinds[t, seat, kind] -= 1
        s.ippatsu[t, seat] &= s.declaring[t, seat]
        tsumogiri = s.drawn[t, seat] == tile
        r = s.river_len[t, seat].astype(np.intp)
        s.river_tile[t, seat, r] = tile
        s.river_tsumogiri[t, seat, r] = tsumogiri
        s.river_riichi[t, seat, r] = s.declaring[t, seat]
        s.river_len[t, seat] += 1
        s.discarded[t, seat, kind] = True
        s.drawn[t, seat] = -1
        s.forbidden[t, seat] = False
        s.furiten_turn[t, seat] = False
        self.shanten13[t, seat] = shanten_batch(s.kinds[t, seat], s.nmelds[t, seat], players=self.players)
        if self.record:
            for table, who, tl, tg in zip(
                t.tolist(), seat.tolist(), tile.tolist(), tsumogiri.tolist(), strict=True
            ):
                self.events[table].append(Event(DISCARD, seat=who, tile=tl, tsumogiri=tg))
        self.offer_chunks.append(np.stack([t, seat, tile, np.full(len(t), ON_DISCARD)]).astype(np.intp))

    def offer_many(
        self,
        t: npt.NDArray[np.intp],
        discarder: npt.NDArray[np.intp],
        tile: npt.NDArray[np.intp],
        on: npt.NDArray[np.intp],
    ) -> None:
        """What every other seat may do with each tile: the claims, by arrays (rons through
        the reference: furiten and yaku); no claim at all goes on at once."""
        s = self.s
        p = self.players
        k = len(t)
        kind = KIND_OF_CODE[tile]
        rows = np.repeat(np.arange(k), p)
        seats = np.tile(np.arange(p), k)
        tt = t[rows]
        other = seats != discarder[rows]
        # only a tenpai hand can be completed: the shanten of every 13-tile hand is kept
        # (``shanten13``, set at the deal and at each discard), so few rows are looked up
        near = other & (self.shanten13[tt, seats] == 0)
        kinds = s.kinds[tt[near], seats[near]].astype(np.int16)
        kinds[np.arange(len(kinds)), kind[rows[near]]] += 1
        flat = np.zeros(len(rows), dtype=bool)
        if len(kinds):
            flat[near] = shanten_batch(kinds, s.nmelds[tt[near], seats[near]], players=p) == -1
        completes = flat.reshape(k, p)
        self.completes[t] = completes
        # the claims of each seat, compact: chi low / middle / high, pon, open kan, ron, pass
        claim = np.zeros((k, p, 7), dtype=bool)
        at = (t[:, None], np.arange(p), kind[:, None])  # [k, p]: each seat, the tile's kind
        held = s.kinds[at]  # tiles of the kind each seat holds
        total = 13 - 3 * s.nmelds[t]  # every 13-tile hand: 13 tiles less 3 a meld
        remaining = s.remaining[t]
        calls_open = (
            (on == ON_DISCARD)[:, None] & ~s.riichi[t] & (remaining > 0)[:, None] & other.reshape(k, p)
        )
        claim[:, :, 3] = calls_open & (held >= 2) & (total - held > 0)
        kan_ok = (remaining > 0) & (s.nkans[t] < 4)
        claim[:, :, 4] = calls_open & (held >= 3) & kan_ok[:, None]
        if p == 4:
            self.chi_mask(t, discarder, kind, calls_open, claim)
        # a ron needs no furiten: missed tiles, riichi, or this very kind in the seat's river
        furiten = s.furiten_turn[t] | s.furiten_riichi[t] | s.discarded[at]
        for i, seat in zip(*np.nonzero(completes & ~furiten), strict=True):
            table = int(t[i])
            view = self.view(table)
            chankan = CHANKAN[int(on[i])]
            if view.can_ron(int(seat), int(tile[i]), int(discarder[i]), chankan):
                claim[i, seat, 5] = True
        some = np.asarray(claim.any(axis=2), dtype=bool)
        claim[:, :, 6] = some
        self.claim_from[t] = discarder
        self.claim_tile[t] = tile
        self.claim_kind[t] = on
        # only the deciding seats' masks are written (no one reads another row's)
        rows, seats = np.nonzero(some)
        tables = t[rows]
        self.mask[tables, seats] = False
        self.mask[tables, seats, _CHI_ID : _OPEN_KAN_ID + 1] = claim[rows, seats, :5]
        self.mask[tables, seats, _RON_ID : _PASS_ID + 1] = claim[rows, seats, 5:]
        self.deciding[t] = some
        claimed = some.any(axis=1)
        self.phase[t[claimed]] = CLAIM
        quiet = ~claimed
        self.nobody_claims(t[quiet], discarder[quiet], on[quiet])

    def chi_mask(
        self,
        t: npt.NDArray[np.intp],
        discarder: npt.NDArray[np.intp],
        kind: npt.NDArray[np.intp],
        calls_open: npt.NDArray[np.bool_],
        claim: npt.NDArray[np.bool_],
    ) -> None:
        """Chi for the seat after the discarder (``claim[..., 0:3]``: the called tile the
        lowest, middle, highest of the run), each with its two tiles held and a discard
        left once kuikae forbids its kinds."""
        s = self.s
        k = len(t)
        left = (discarder + 1) % 4
        hand = s.kinds[t, left].astype(np.int16)  # [k, 34]
        number = _NUMBER[kind]
        ok = calls_open[np.arange(k), left] & ~_HONOR[kind]
        total = hand.sum(axis=1)
        for position, (a, b) in enumerate(((1, 2), (-1, 1), (-2, -1))):
            inside = (number + a >= 1) & (number + a <= 9) & (number + b >= 1) & (number + b <= 9)
            ka = np.clip(kind + a, 0, NUM_KINDS - 1)
            kb = np.clip(kind + b, 0, NUM_KINDS - 1)
            rows = np.arange(k)
            have = inside & (hand[rows, ka] > 0) & (hand[rows, kb] > 0)
            # kuikae: the called kind and (on an end) the kind that completes the run the other way
            gone = hand[rows, kind] + 0  # the called kind's tiles left in the hand
            left_total = total - 2 - gone
            if position == 0:  # called the lowest: not kind + 3
                end = kind + 3
                extra = (number + 3 <= 9) & ~_HONOR[np.clip(end, 0, NUM_KINDS - 1)]
                left_total = left_total - np.where(extra, hand[rows, np.clip(end, 0, NUM_KINDS - 1)], 0)
            elif position == 2:  # called the highest: not kind - 3
                end = kind - 3
                extra = number - 3 >= 1
                left_total = left_total - np.where(extra, hand[rows, np.clip(end, 0, NUM_KINDS - 1)], 0)
            claim[rows, left, position] = ok & have & (left_total > 0)

    def nobody_claims(
        self, t: npt.NDArray[np.intp], discarder: npt.NDArray[np.intp], on: npt.NDArray[np.intp]
    ) -> None:
        """A tile nobody may claim: furiten for the seats it completes, the riichi stick,
        then the next draw (or the kan's replacement tile)."""
        if not len(t):
            return
        s = self.s
        missed = self.completes[t]
        s.furiten_turn[t] |= missed
        s.furiten_riichi[t] |= missed & s.riichi[t]
        declaring = s.declaring[t, discarder] & (on == ON_DISCARD)
        go = np.ones(len(t), dtype=bool)
        for i in np.flatnonzero(declaring).tolist():
            if self.accept_riichi(int(t[i]), int(discarder[i])):
                go[i] = False
        special = go & ((on != ON_DISCARD) | s.four_kans_pending[t])
        if self.players == 4 and "four_winds" in self.rules.aborts:
            early = np.flatnonzero(go & s.uninterrupted[t])  # the first go-around only
            special[early] |= self.four_winds(t[early])
        for i in np.flatnonzero(special).tolist():
            self.after_claims(int(t[i]))
        go &= ~special
        self.draw_many(t[go], ((discarder[go] + 1) % self.players).astype(np.intp))

    def four_winds(self, t: npt.NDArray[np.intp]) -> npt.NDArray[np.bool_]:
        s = self.s
        first = s.river_tile[t, :, 0].astype(np.intp)
        kinds = KIND_OF_CODE[np.maximum(first, 0)]
        return np.asarray(
            s.uninterrupted[t]
            & (s.river_len[t] == 1).all(axis=1)
            & (kinds == kinds[:, :1]).all(axis=1)
            & np.isin(kinds[:, 0], _WINDS)
        )
