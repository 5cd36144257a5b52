"""What follows a discard, by arrays over many tables (the base of
:class:`~riichi_lut.game.vector.engine.VectorGames`): the claims every other seat may
make on the tile (pon, open kan, chi with kuikae, and which seats it completes, their ron
through the reference's furiten and yaku), a chi or a pon, pao from a pon of honors, a
tile nobody claims (furiten from a missed tile, the riichi stick, four winds), the next
draw and the exhaustive draw when the live wall is empty.
"""

from __future__ import annotations

import numpy as np
import numpy.typing as npt

from ...analysis.shanten import shanten_batch
from ...core.tiles import NUM_KINDS, TERMINALS_AND_HONORS
from ..actions import CHI_ID, OPEN_KAN_ID, PASS_ID, PON_ID, RON_ID
from ..outcome import exhaustive_outcome
from ..record import CHI, DRAW, PON, Event
from ..seat import waits_of
from .hands import CHANKAN, CLAIM, ON_DISCARD, TURN, seats_of
from .moments import Moments
from .state import KIND_OF_CODE, MELD_TYPES, NUMBER_OF_KIND, RED_OF_KIND

__all__ = ["Claims"]

_HONOR = np.arange(NUM_KINDS) >= 27
_WINDS = np.array([27, 28, 29, 30])
_CHI_MELD, _PON_MELD = MELD_TYPES.index(CHI), MELD_TYPES.index(PON)
_TERMINAL_OR_HONOR = np.isin(np.arange(NUM_KINDS), TERMINALS_AND_HONORS)


class Claims(Moments):
    """The moments after a discard at many tables at once (see the module docstring)."""

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
        pon = a == PON_ID
        position = np.where(pon, 0, a - CHI_ID)
        low = kind - position  # the run's lowest kind (a chi)
        first = np.where(pon, kind, np.where(position == 0, low + 1, low))
        second = np.where(pon, kind, np.where(position == 2, low + 1, low + 2))
        codes = s.codes[t, seat]  # [k, 37]
        red_first = RED_OF_KIND[first]
        red_second = RED_OF_KIND[second]
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
        number = NUMBER_OF_KIND[kind]
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
        self.take(t, seat, tile, rinshan=False)
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
        self.mask[tables, seats, CHI_ID : OPEN_KAN_ID + 1] = claim[rows, seats, :5]
        self.mask[tables, seats, RON_ID : PASS_ID + 1] = claim[rows, seats, 5:]
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
        number = NUMBER_OF_KIND[kind]
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
