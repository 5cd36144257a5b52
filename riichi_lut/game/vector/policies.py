"""Batched policies: ``policy(games, t, s) -> ids``, one legal action id for each
deciding seat ``s[i]`` of table ``t[i]`` (its legal mask: ``games.mask[t, s]``).

- :class:`RandomBatch`: the reference :class:`~riichi_lut.game.policies.RandomPolicy`
  over many tables: decision ``k`` of a seat takes the ``pick(key, k, n)``-th of its ``n``
  legal ids (:mod:`riichi_lut.game.streams`), with the seat's key
  ``stream_key(seed * 31 + seat)`` as :func:`~riichi_lut.game.play.play_one` seeds it.
- :class:`EfficiencyBatch`: the reference
  :class:`~riichi_lut.game.policies.EfficiencyPolicy` by arrays: tsumo, ron, riichi when
  legal; the hint engine's first discard (``best_discard_batch``, the batch twin of
  ``rank_discards(two_step=False)``), or, where kuikae or the riichi declaration restrict
  the discards, the best legal kind by the same key from each kind's acceptance
  (``ukeire_batch``); a pon or chi only when it lowers the shanten and keeps a yaku; a row
  it cannot decide (none in the tests' games) through the reference policy.
- :class:`ReferenceBatch`: any reference policy (``policy(observation, legal) ->
  Action``), row by row, through the table view: slow, exact, the bridge for a policy not
  yet batched.

A batched policy of this signature reads the engine's own arrays (``games.s``, a
:class:`~riichi_lut.game.vector.state.VectorState`; ``games.mask``, the legal masks). A
policy of one's own is simpler: ``policy(obs, mask) -> ids`` over the observation batch of
:func:`~riichi_lut.game.vector.observe.encode_rows`, passed to ``play_vector`` in place of
a name (:mod:`riichi_lut.game.vector.user`, ``docs/rl.md``).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import numpy as np
import numpy.typing as npt

from ...analysis.efficiency import best_discard_batch, ukeire_batch
from ...analysis.shanten import shanten_batch
from ..actions import CHI_ID, PASS_ID, PON_ID, RIICHI_ID, RON_ID, TSUMO_ID, action_id
from ..legal import claim_options, legal_actions
from ..observe import observe
from ..policies import EfficiencyPolicy, Policy
from ..streams import pick_batch, stream_key
from ..view import Claim
from .hands import CHANKAN
from .state import KIND_OF_CODE, MELD_TYPES, NUMBER_OF_KIND, RED_OF_KIND

if TYPE_CHECKING:
    from .engine import VectorGames

__all__ = ["EfficiencyBatch", "RandomBatch", "ReferenceBatch"]

_CHI_MELD = MELD_TYPES.index("chi")
_SIMPLE = (np.arange(34) < 27) & (NUMBER_OF_KIND >= 2) & (NUMBER_OF_KIND <= 8)


class RandomBatch:
    """Uniform over the legal ids, one counter-based stream per table and seat."""

    def __init__(self, seeds: list[int], players: int) -> None:
        self.keys = np.array(
            [[stream_key(seed * 31 + seat) for seat in range(players)] for seed in seeds], dtype=np.uint64
        )
        self.counts = np.zeros((len(seeds), players), dtype=np.int64)

    def __call__(
        self, games: VectorGames, t: npt.NDArray[np.intp], s: npt.NDArray[np.intp]
    ) -> npt.NDArray[np.int64]:
        mask = games.mask[t, s]
        rows, ids = np.nonzero(mask)  # row-major: each row's legal ids in increasing order
        n = np.bincount(rows, minlength=len(t))
        index = pick_batch(self.keys[t, s], self.counts[t, s], n)
        self.counts[t, s] += 1
        first = np.concatenate(([0], np.cumsum(n)[:-1]))
        chosen: npt.NDArray[np.int64] = ids[first + index].astype(np.int64)
        return chosen


class ReferenceBatch:
    """A reference policy per table and seat (``make(table, seat) -> Policy``), asked row
    by row with the reference's observation and legal actions."""

    def __init__(self, policies: list[list[Policy]]) -> None:
        self.policies = policies

    def __call__(
        self, games: VectorGames, t: npt.NDArray[np.intp], s: npt.NDArray[np.intp]
    ) -> npt.NDArray[np.int64]:
        out = np.empty(len(t), dtype=np.int64)
        for i, (table, seat) in enumerate(zip(t.tolist(), s.tolist(), strict=True)):
            view = games.view(table)
            if games.phase[table] == 0:
                view.actor = seat
                legal = games.legal_cache.get((table, seat)) or legal_actions(view, seat)
            else:
                on = int(games.claim_kind[table])
                chankan = CHANKAN[on]
                tile, discarder = int(games.claim_tile[table]), int(games.claim_from[table])
                legal = claim_options(view, seat, tile, discarder, chankan)
                view.phase = "chankan" if chankan else "claim"
                view.claim = Claim(discarder, tile, {seat: legal}, chankan)
            out[i] = action_id(self.policies[table][seat](observe(view, seat), legal))
        return out


class EfficiencyBatch:
    """:class:`~riichi_lut.game.policies.EfficiencyPolicy` for many tables at once (see
    the module docstring; ``tests/game/test_vector.py`` plays its games in both engines)."""

    def __init__(self, n: int, players: int) -> None:
        self.fallback = ReferenceBatch([[EfficiencyPolicy() for _ in range(players)] for _ in range(n)])

    def __call__(
        self, games: VectorGames, t: npt.NDArray[np.intp], s: npt.NDArray[np.intp]
    ) -> npt.NDArray[np.int64]:
        out = np.full(len(t), -1, dtype=np.int64)
        turn = games.phase[t] == 0
        self.turns(games, t[turn], s[turn], out, np.flatnonzero(turn))
        self.claims(games, t[~turn], s[~turn], out, np.flatnonzero(~turn))
        slow = out < 0
        if slow.any():
            out[slow] = self.fallback(games, t[slow], s[slow])
        return out

    def turns(
        self,
        games: VectorGames,
        t: npt.NDArray[np.intp],
        s: npt.NDArray[np.intp],
        out: npt.NDArray[np.int64],
        at: npt.NDArray[np.intp],
    ) -> None:
        st = games.s
        mask = games.mask[t, s]
        riichi = st.riichi[t, s]
        plain = ~st.declaring[t, s] & ~st.forbidden[t, s].any(axis=1) & ~riichi
        choice = np.full(len(t), -1, dtype=np.int64)
        choice[riichi] = st.drawn[t[riichi], s[riichi]]  # in riichi: the tile drawn
        if plain.any():
            best = best_discard_batch(
                st.kinds[t[plain], s[plain]], st.nmelds[t[plain], s[plain]], players=games.players
            ).kind.astype(np.intp)
            codes = st.codes[t[plain], s[plain]]
            held = codes[np.arange(len(best)), best] > 0
            choice[plain] = np.where(held, best, RED_OF_KIND[best])
        restricted = ~plain & ~riichi
        if restricted.any():
            choice[restricted] = self.restricted(games, t[restricted], s[restricted], mask[restricted])
        choice = np.where(mask[:, RIICHI_ID], RIICHI_ID, choice)
        choice = np.where(mask[:, TSUMO_ID], TSUMO_ID, choice)
        out[at] = choice

    def restricted(
        self,
        games: VectorGames,
        t: npt.NDArray[np.intp],
        s: npt.NDArray[np.intp],
        mask: npt.NDArray[np.bool_],
    ) -> npt.NDArray[np.int64]:
        """The first legal discard of ``rank_discards(two_step=False)`` where not every
        kind may go (kuikae after a call, the riichi declaration's tenpai discards): each
        legal kind's acceptance (``ukeire_batch`` of the hand without it), ranked by the
        reference's key — a dead option last, then shanten, furiten (a wait on the
        discarded kind), the most live tiles (4 less the copies of the 14-tile hand), the
        lower kind."""
        st = games.s
        allowed = mask[:, :34].copy()
        allowed[:, [4, 13, 22]] |= mask[:, 34:37]
        rows, kinds = np.nonzero(allowed)
        hand = st.kinds[t, s].astype(np.int16)  # [k, 34], 14 tiles with the melds
        counts = hand[rows].copy()
        counts[np.arange(len(rows)), kinds] -= 1
        after = ukeire_batch(counts, st.nmelds[t[rows], s[rows]], players=games.players)
        total = (after.accepted * (4 - hand[rows])).sum(axis=1)
        furiten = (after.shanten == 0) & after.accepted[np.arange(len(rows)), kinds]
        # lexsort: the last key is the first; the row groups the candidates of one table
        order = np.lexsort((kinds, -total, furiten, after.shanten, total == 0, rows))
        first = np.ones(len(order), dtype=bool)
        first[1:] = rows[order][1:] != rows[order][:-1]
        best = np.empty(len(t), dtype=np.intp)
        best[rows[order][first]] = kinds[order][first]
        plain = mask[np.arange(len(t)), best]
        return np.where(plain, best, RED_OF_KIND[best]).astype(np.int64)

    def claims(
        self,
        games: VectorGames,
        t: npt.NDArray[np.intp],
        s: npt.NDArray[np.intp],
        out: npt.NDArray[np.int64],
        at: npt.NDArray[np.intp],
    ) -> None:
        if not len(t):
            return
        st = games.s
        k = len(t)
        rows = np.arange(k)
        mask = games.mask[t, s]
        tile = games.claim_tile[t].astype(np.intp)
        kind = KIND_OF_CODE[tile]
        kinds = st.kinds[t, s].astype(np.int16)
        melds = st.nmelds[t, s].astype(np.int16)
        before = shanten_batch(kinds, melds, players=games.players)
        # the calls in the reference's order: pon, then chi with the tile highest, middle, lowest
        candidates = [(PON_ID, (0, 0)), (CHI_ID + 2, (-2, -1)), (CHI_ID + 1, (-1, 1)), (CHI_ID, (1, 2))]
        choice = np.full(k, PASS_ID, dtype=np.int64)
        decided = np.zeros(k, dtype=bool)
        seat_wind = 27 + (s - st.dealer[t]) % games.players
        round_wind = 27 + st.number[t] // 4
        mtype = st.meld_type[t, s]  # [k, 4]
        mkind = KIND_OF_CODE[np.maximum(st.meld_tiles[t, s, :, 0], 0)]
        open_valuable = ((mtype >= 0) & (mtype != _CHI_MELD)) & (
            (mkind >= 31) | (mkind == seat_wind[:, None]) | (mkind == round_wind[:, None])
        )
        meld_tiles = st.meld_tiles[t, s].reshape(k, -1)
        meld_simple = ((meld_tiles < 0) | _SIMPLE[KIND_OF_CODE[np.maximum(meld_tiles, 0)]]).all(axis=1)
        for ident, (a, b) in candidates:
            legal = mask[:, ident] & ~decided
            if not legal.any():
                continue
            first = np.clip(kind + a, 0, 33)
            second = np.clip(kind + b, 0, 33)
            after = kinds.copy()
            after[rows, first] -= 1
            after[rows, second] -= 1
            lower = np.zeros(k, dtype=bool)
            lower[legal] = (
                shanten_batch(after[legal], melds[legal] + 1, players=games.players) < before[legal]
            )
            valuable = (kind >= 31) | (kind == seat_wind) | (kind == round_wind)
            tanyao = ((after == 0) | _SIMPLE[None, :]).all(axis=1) & meld_simple & _SIMPLE[kind]
            keeps = open_valuable.any(axis=1) | tanyao
            if ident == PON_ID:
                keeps |= valuable
            take = legal & lower & keeps
            choice[take] = ident
            decided |= take
        choice = np.where(mask[:, PASS_ID], choice, -1)  # nothing to pass on: the reference decides
        choice = np.where(mask[:, RON_ID], RON_ID, choice)
        out[at] = choice
