"""A policy of one's own in the vectorised game: ``policy(obs, mask) -> ids``.

The lock-step engine asks each of its batched policies for the rows (table, seat) that
must decide (:mod:`riichi_lut.game.vector.policies`). :class:`UserBatch` serves a plain
callable there: it hands it

- ``obs``: the observation batch of those rows, :func:`~riichi_lut.game.vector.observe.encode_rows`
  (every array of :data:`~riichi_lut.game.features.FEATURES`, one leading axis of rows:
  what the seat can see, with the shanten and live acceptance of its hand and of every
  discard), plus ``obs["table"]``, int64, each row's game: its index in the seeds played
  (for a policy that keeps a memory per game and seat; not a feature);
- ``mask``: the ``(rows, 116)`` bool legal masks of those rows (the action ids of
  :mod:`riichi_lut.game.actions`), a copy;

and takes back one action id per row: any integer array-like of length ``rows``. What it
returns is checked before the engine moves: a wrong length, ids that are not integers,
or an id its row's mask does not allow raise an error of :mod:`riichi_lut.errors` naming
the policy, and for an illegal id the table, the seat and the id.

>>> import numpy as np
>>> from riichi_lut.game.vector.play import play_vector
>>> def first_legal(obs, mask):
...     return mask.argmax(axis=1)  # the lowest legal id: the lowest tile; a chi before a pass
>>> records = play_vector([1, 2], [first_legal, "random", first_legal, "efficiency"], length="one_hand")
>>> [sum(r.final_scores) for r in records]
[100000, 100000]
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import TYPE_CHECKING, Any

import numpy as np
import numpy.typing as npt

from ...errors import IllegalActionError, InvalidArgumentError, describe
from ..actions import NUM_ACTIONS
from .observe import encode_rows

if TYPE_CHECKING:
    from .engine import VectorGames

__all__ = ["UserBatch", "UserPolicy", "checked_ids"]

#: A user policy: ``policy(obs, mask) -> ids`` (see the module docstring).
UserPolicy = Callable[[Mapping[str, np.ndarray], npt.NDArray[np.bool_]], Any]


def policy_name(policy: object) -> str:
    """How messages name a user policy: ``policy 'name'`` (its ``__name__``, else its class's)."""
    name = getattr(policy, "__name__", None) or type(policy).__name__
    return f"policy {name!r}"


class UserBatch:
    """A user policy (``policy(obs, mask) -> ids``) as a batched policy of the engine
    (``batch(games, t, s) -> ids``), its answers checked (:func:`checked_ids`)."""

    def __init__(self, policy: UserPolicy) -> None:
        if not callable(policy):
            raise InvalidArgumentError.about("policy", f"must be callable, got {describe(policy)}")
        self.policy = policy
        self.name = policy_name(policy)

    def __call__(
        self, games: VectorGames, t: npt.NDArray[np.intp], s: npt.NDArray[np.intp]
    ) -> npt.NDArray[np.int64]:
        obs = encode_rows(games, t, s)
        obs["table"] = t.astype(np.int64)
        ids = self.policy(obs, games.mask[t, s])  # fancy indexing: a copy, the engine's stays
        return checked_ids(ids, games.mask[t, s], t, s, self.name)


def checked_ids(
    ids: object,
    mask: npt.NDArray[np.bool_],
    t: npt.NDArray[np.intp],
    s: npt.NDArray[np.intp],
    name: str = "policy",
) -> npt.NDArray[np.int64]:
    """``ids`` as an int64 array, one legal id for each row of ``mask`` (the rows: seat
    ``s[i]`` of table ``t[i]``), or an :class:`~riichi_lut.errors.InvalidArgumentError`
    (not one integer per row) or :class:`~riichi_lut.errors.IllegalActionError` (an id the
    mask does not allow) naming ``name`` and the place.

    >>> mask = np.zeros((2, NUM_ACTIONS), dtype=bool)
    >>> mask[:, [3, 113]] = True
    >>> t, s = np.array([5, 9]), np.array([1, 2])
    >>> checked_ids([3, 113], mask, t, s).tolist()
    [3, 113]
    >>> checked_ids([3, 4], mask, t, s)
    Traceback (most recent call last):
    ...
    riichi_lut.errors.IllegalActionError: policy: table 9 seat 2: action id 4 is not legal now (legal: 3, 113)
    """
    rows = len(mask)
    try:
        array = np.asarray(ids)
    except (TypeError, ValueError):  # a ragged list, say
        raise InvalidArgumentError.about(
            name, f"must return one action id per deciding seat ({rows}), got {describe(ids)}"
        ) from None
    if array.shape != (rows,):
        raise InvalidArgumentError.about(
            name, f"must return one action id per deciding seat ({rows}), got an array of shape {array.shape}"
        )
    if array.dtype.kind not in "iu":
        raise InvalidArgumentError.about(name, f"must return integer action ids, got {array.dtype} values")
    chosen = array.astype(np.int64)
    inside = (array >= 0) & (array < NUM_ACTIONS)
    legal = np.zeros(rows, dtype=bool)
    legal[inside] = mask[np.flatnonzero(inside), chosen[inside]]
    if not legal.all():
        bad = int(np.flatnonzero(~legal)[0])
        allowed = ", ".join(str(a) for a in np.flatnonzero(mask[bad]).tolist())
        raise IllegalActionError(
            f"{name}: table {int(t[bad])} seat {int(s[bad])}: action id {array[bad]} is not legal now"
            f" (legal: {allowed})"
        )
    return chosen
