"""Batched policies: ``policy(games, t, s) -> ids``, one legal action id for each
deciding seat ``s[i]`` of table ``t[i]`` (its legal mask: ``games.mask[t, s]``).

- :class:`RandomBatch`: the reference :class:`~riichi_lut.game.policies.RandomPolicy`
  over many tables: decision ``k`` of a seat takes the ``pick(key, k, n)``-th of its ``n``
  legal ids (:mod:`riichi_lut.game.streams`), with the seat's key
  ``stream_key(seed * 31 + seat)`` as :func:`~riichi_lut.game.play.play_one` seeds it.
- :class:`ReferenceBatch`: any reference policy (``policy(observation, legal) ->
  Action``), row by row, through the table view: slow, exact, the bridge for policies
  not yet batched (the efficiency policy).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import numpy as np
import numpy.typing as npt

from ..actions import action_id
from ..legal import claim_options, legal_actions
from ..observe import observe
from ..policies import Policy
from ..streams import pick_batch, stream_key
from ..view import Claim
from .moments import CHANKAN

if TYPE_CHECKING:
    from .engine import VectorGames

__all__ = ["RandomBatch", "ReferenceBatch"]


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
        n = mask.sum(axis=1)
        index = pick_batch(self.keys[t, s], self.counts[t, s], n)
        self.counts[t, s] += 1
        ranks = np.cumsum(mask, axis=1)
        chosen: npt.NDArray[np.int64] = np.argmax(ranks > index[:, None], axis=1).astype(np.int64)
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
