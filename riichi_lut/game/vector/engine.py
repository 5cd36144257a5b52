"""N games in lock-step: the reference's rules (:class:`~riichi_lut.game.table.Table`)
applied to the arrays of a :class:`~riichi_lut.game.vector.state.VectorState`.

Each iteration of :meth:`VectorGames.run` is one moment at every unfinished table: the
seats that must decide (the actor of a turn, the seats that may claim a discard) are
served by one batched policy call per policy, then every table applies its decisions.
The frequent moments are array operations over all tables at once: the legal mask of a
turn (discards, kuikae, riichi and the discards its declaration allows, a closed hand's
tsumo, turns in riichi, kans, kita, nine terminals) and the discard here; the claims
every other seat may make on it, a chi or a pon, a discard nobody claims, the draw and
the exhaustive draw in :mod:`riichi_lut.game.vector.claims`; the next deal. The rare ones
run table by table through the reference's own rule code
(:mod:`riichi_lut.game.vector.moments`): an open complete hand's yaku, a closed kan of the
drawn tile in riichi, a ron's furiten and yaku, kans, kita, wins and aborts, the end of a
hand.

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
from ...core.tiles import NUM_CODES, NUM_KINDS
from ...errors import IllegalActionError
from ..actions import (
    ADDED_KAN_ID,
    CHI_ID,
    CLOSED_KAN_ID,
    KITA_ID,
    NINE_ID,
    NUM_ACTIONS,
    PASS_ID,
    PON_ID,
    RIICHI_ID,
    TSUMO_ID,
    action_id,
    action_of_id,
)
from ..legal import legal_actions
from ..record import CLOSED_KAN, DISCARD, Event, GameRecord
from ..rules import GameRules
from .claims import Claims
from .hands import CLAIM, DONE, ON_DISCARD, TURN
from .state import KIND_OF_CODE, MELD_TYPES

__all__ = ["CLAIM", "DONE", "TURN", "VectorGames"]


_ORPHANS = np.array([0, 8, 9, 17, 18, 26, 27, 28, 29, 30, 31, 32, 33])
_CLOSED_KAN_MELD = MELD_TYPES.index(CLOSED_KAN)


def _tables(t: npt.NDArray[np.intp], n: int) -> npt.NDArray[np.intp]:
    """The distinct tables of ``t``, ascending (``np.unique`` without its sort: ``t`` < ``n``)."""
    marked = np.zeros(n, dtype=bool)
    marked[t] = True
    return np.flatnonzero(marked)


class VectorGames(Claims):
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
        claimed[ct[ca != PASS_ID]] = True
        passed = _tables(ct[~claimed[ct]], self.n)
        self.nobody_claims(
            passed, self.claim_from[passed].astype(np.intp), self.claim_kind[passed].astype(np.intp)
        )
        keep = claimed[ct]
        ct, cs, ca = ct[keep], cs[keep], ca[keep]
        # a chi or pon that nobody's ron or pon outranks, by arrays
        call = (ca == PON_ID) | ((ca >= CHI_ID) & (ca < CHI_ID + 3))
        other = np.zeros(self.n, dtype=bool)
        other[ct[~call & (ca != PASS_ID)]] = True  # a ron or an open kan at the table
        pons = np.zeros(self.n, dtype=bool)
        pons[ct[ca == PON_ID]] = True
        winner = call & ~other[ct] & ~(pons[ct] & (ca != PON_ID))
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
        mask[:, TSUMO_ID] = tsumo
        in_riichi = np.flatnonzero(riichi & ~complex_)  # in riichi: the tile drawn, kita
        mask[in_riichi, :NUM_CODES] = False
        mask[in_riichi, drawn[in_riichi]] = True
        kans = (full & ~riichi)[:, None] & kan_ok[:, None]
        mask[:, ADDED_KAN_ID : ADDED_KAN_ID + NUM_KINDS] = s.pon_kind[t, seat] & (kinds > 0) & kans
        mask[:, CLOSED_KAN_ID : CLOSED_KAN_ID + NUM_KINDS] = (kinds == 4) & kans
        if self.players == 3:
            north = (kinds[:, 30] > 0) & (~riichi | (drawn == 30))
            mask[:, KITA_ID] = full & north & (remaining > 0)
        first = s.uninterrupted[t] & (s.river_len[t, seat] == 0) & (drawn >= 0)
        mask[:, NINE_ID] = first & ((kinds[:, _ORPHANS] > 0).sum(axis=1) >= 9)
        may_riichi = full & ~complex_ & ~riichi & (shanten <= 0) & closed
        may_riichi &= (s.scores[t, seat] >= 1000) & (remaining >= 4)
        mask[may_riichi, RIICHI_ID] = self.tenpai_discards(t[may_riichi], seat[may_riichi]).any(axis=1)
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
