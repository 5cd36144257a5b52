"""The observation encoding of :mod:`riichi_lut.game.features` for many seats of the
vectorised game at once, by arrays.

:func:`encode_rows` gives, for seat ``s[i]`` of table ``t[i]`` of a lock-step game
(:class:`~riichi_lut.game.vector.engine.VectorGames`), exactly the arrays
:func:`~riichi_lut.game.features.encode_batch` gives for that seat of the table as the
reference reads it (:class:`~riichi_lut.game.vector.state.TableAt`, with the tile on offer
on a claim), every array of :data:`~riichi_lut.game.features.FEATURES` with a leading axis
of ``len(t)``: the seat's own tiles and everything public, never another hand, the wall or
the ura indicators. No Python loop runs over the rows; the hand analysis (shanten and
live acceptance of the hand and of every discard) is the one batch call of
:func:`riichi_lut.game.features.analyse`.

>>> import numpy as np
>>> from riichi_lut.game.rules import TENHOU_GAME
>>> from riichi_lut.game.vector.engine import VectorGames
>>> games = VectorGames([1, 2], TENHOU_GAME, [], record=False)
>>> games.start()  # the dealers have drawn: they decide
>>> t, s = np.nonzero(games.deciding)
>>> obs = encode_rows(games, t, s)
>>> obs["hand"].sum(axis=1).tolist(), obs["remaining"].tolist(), obs["river_tile"].shape
([14, 14], [69, 69], (2, 4, 32))
"""

from __future__ import annotations

from typing import Any

import numpy as np
import numpy.typing as npt

from ...core.tiles import NUM_KINDS
from ...errors import InvalidArgumentError
from ..features import MAX_MELDS, MAX_RIVER, analyse, feature_shapes
from ..legal import NORTH
from .hands import CLAIM, ON_DISCARD, Hands
from .state import KIND_OF_CODE, VectorState

__all__ = ["encode_rows"]

#: The kind of each code 0-36, and 34 (out of the 34 kinds, dropped) for -1.
_KIND = np.array([*KIND_OF_CODE.tolist(), NUM_KINDS], dtype=np.intp)


def encode_rows(games: Hands, t: npt.ArrayLike, s: npt.ArrayLike) -> dict[str, np.ndarray]:
    """Seat ``s[i]``'s view of table ``t[i]`` of ``games``, stacked (see the module
    docstring): the arrays of :func:`~riichi_lut.game.features.encode_batch`, in the order
    of :data:`~riichi_lut.game.features.FEATURES`. ``phase`` is the table's (a claim on an
    added or a closed kan's tile is ``2``, chankan), ``claim_tile`` and ``claim_from`` the
    tile on offer while others may claim it."""
    st = games.s
    p = st.players
    t = np.asarray(t)
    s = np.asarray(s)
    if t.ndim != 1 or s.shape != t.shape or t.dtype.kind not in "iu" or s.dtype.kind not in "iu":
        raise InvalidArgumentError.about(
            "t, s", f"must be two 1-d integer arrays of one length, got shapes {t.shape} and {s.shape}"
        )
    if len(t) and not (t.min() >= 0 and t.max() < st.n and s.min() >= 0 and s.max() < p):
        raise InvalidArgumentError.about("t, s", f"must be tables 0-{st.n - 1} and seats 0-{p - 1}")
    t = t.astype(np.intp)
    s = s.astype(np.intp)
    out = {
        name: np.zeros((len(t), *shape), dtype=dtype) for name, (shape, dtype) in feature_shapes(p).items()
    }
    out["seat"][:] = s
    # ---- the seat's own hand, the phase and the tile on offer
    codes = st.codes[t, s]
    hand = codes[:, :NUM_KINDS].copy()
    hand[:, KIND_OF_CODE[NUM_KINDS:]] += codes[:, NUM_KINDS:]
    out["hand"][:] = hand
    out["hand_red"][:] = codes[:, NUM_KINDS:]
    out["drawn"][:] = st.drawn[t, s]
    claim = games.phase[t] == CLAIM
    out["phase"][:] = np.where(claim, np.where(games.claim_kind[t] == ON_DISCARD, 1, 2), 0)
    out["claim_tile"][:] = np.where(claim, games.claim_tile[t], -1)
    out["claim_from"][:] = np.where(claim, (games.claim_from[t].astype(np.intp) - s) % p, -1)
    seen = [*_fill_seats(out, st, t, s), _fill_table(out, st, t, s)]
    # every tile seen outside the own concealed hand: river tiles not called (a called one
    # is in its meld), the melds, the indicators turned, and the Norths set aside
    visible = _kind_counts(np.concatenate([x.reshape(len(t), -1) for x in seen], axis=1))
    visible[:, NORTH] += out["kita"].sum(axis=1, dtype=np.int64)
    out["visible"][:] = visible
    out["furiten"][:] = st.furiten_turn[t, s] | st.furiten_riichi[t, s]
    analyse(out, st.nmelds[t, s].astype(np.intp), p)
    return out


def _fill_seats(
    out: dict[str, np.ndarray], st: VectorState, t: npt.NDArray[np.intp], s: npt.NDArray[np.intp]
) -> tuple[npt.NDArray[Any], npt.NDArray[Any]]:
    """Every seat's river, melds, kita, riichi and score, the observer's first; the river
    tiles not called and the meld tiles (codes, -1 none), which the seat sees."""
    p = st.players
    seats = (s[:, None] + np.arange(p)) % p  # [n, P]: the absolute seat of each relative one
    tt = t[:, None]
    length = st.river_len[tt, seats]
    if len(t) and int(length.max()) > MAX_RIVER:  # never by the rules (features.MAX_RIVER)
        raise InvalidArgumentError.about(
            "games", f"has a river of {int(length.max())} tiles (at most {MAX_RIVER})"
        )
    inside = np.arange(MAX_RIVER) < length[:, :, None]
    river = np.where(inside, st.river_tile[tt, seats, :MAX_RIVER], -1)
    called = inside & (st.river_called_by[tt, seats, :MAX_RIVER] >= 0)
    out["river_tile"][:] = river
    out["river_tsumogiri"][:] = inside & st.river_tsumogiri[tt, seats, :MAX_RIVER]
    out["river_riichi"][:] = inside & st.river_riichi[tt, seats, :MAX_RIVER]
    out["river_called"][:] = called
    out["river_length"][:] = length
    count = st.nmelds[tt, seats]
    used = np.arange(MAX_MELDS) < count[:, :, None]  # [n, P, 4]
    meld_tiles = np.where(used[..., None], st.meld_tiles[tt, seats], -1)
    target = st.meld_target[tt, seats].astype(np.intp)
    out["meld_type"][:] = np.where(used, st.meld_type[tt, seats] + 1, 0)  # MELD_TYPES order, 1 = chi
    out["meld_tiles"][:] = meld_tiles
    out["meld_called"][:] = np.where(used, st.meld_called[tt, seats], -1)
    out["meld_from"][:] = np.where(used & (target >= 0), (target - s[:, None, None]) % p, -1)
    out["meld_count"][:] = count
    out["kita"][:] = st.kita[tt, seats]
    out["riichi"][:] = np.where(st.riichi[tt, seats], 2, np.where(st.declaring[tt, seats], 1, 0))
    out["scores"][:] = st.scores[tt, seats]
    longest = int(length.max()) if len(t) else 0  # only the discards made are counted
    return np.where(called, -1, river)[:, :, :longest], meld_tiles


def _fill_table(
    out: dict[str, np.ndarray], st: VectorState, t: npt.NDArray[np.intp], s: npt.NDArray[np.intp]
) -> npt.NDArray[Any]:
    """The table's arrays: indicators, round, honba, sticks, dealer, the wall's remaining
    tiles; the indicators turned (codes, -1 none)."""
    turned = np.arange(5) < st.revealed[t][:, None]
    indicators = np.where(turned, st.indicators[t], -1)
    out["dora_indicators"][:] = indicators
    out["round"][:] = st.number[t]
    out["honba"][:] = st.honba[t]
    out["sticks"][:] = st.sticks[t]
    out["dealer"][:] = (st.dealer[t].astype(np.intp) - s) % st.players
    out["remaining"][:] = st.remaining[t]
    return indicators


def _kind_counts(codes: npt.NDArray[Any]) -> npt.NDArray[np.int64]:
    """(N, 34) counts of the kinds of (N, M) tile codes (-1: none)."""
    n = len(codes)
    index = _KIND[codes.astype(np.intp)] + (NUM_KINDS + 1) * np.arange(n)[:, None]
    counts = np.bincount(index.reshape(-1), minlength=n * (NUM_KINDS + 1)).reshape(n, NUM_KINDS + 1)
    return counts[:, :NUM_KINDS]
