"""The Gymnasium spaces of the encoding (:data:`~riichi_lut.game.features.FEATURES`) and
the action mask, shared by both wrappers; Gymnasium is imported when a space is made."""

from __future__ import annotations

from typing import Any

import numpy as np

from ..actions import NUM_ACTIONS
from ..features import FEATURES, feature_shapes
from . import require

__all__ = ["MASK_KEY", "action_space", "feature_space", "observation_space", "single"]

#: The key of the action mask in an observation (int8 0/1, as ``Discrete.sample(mask=...)`` takes it).
MASK_KEY = "action_mask"
_NAMES = tuple(f.name for f in FEATURES)


def feature_space(players: int) -> Any:
    """A ``gymnasium.spaces.Dict`` of one ``Box`` per array of the encoding."""
    spaces = require("gymnasium").spaces
    shapes = feature_shapes(players)
    boxes = {}
    for feature in FEATURES:
        shape, dtype = shapes[feature.name]
        high = players - 1 if feature.high == "P-1" else int(feature.high)
        boxes[feature.name] = spaces.Box(feature.low, high, shape=shape, dtype=dtype)
    return spaces.Dict(boxes)


def observation_space(players: int) -> Any:
    """The encoding's ``Dict`` plus :data:`MASK_KEY`, ``Box(0, 1, (NUM_ACTIONS,), int8)``."""
    spaces = require("gymnasium").spaces
    boxes = dict(feature_space(players).spaces)
    boxes[MASK_KEY] = spaces.Box(0, 1, shape=(NUM_ACTIONS,), dtype=np.int8)
    return spaces.Dict(boxes)


def action_space() -> Any:
    """``Discrete(NUM_ACTIONS)``: the action ids of :mod:`riichi_lut.game.actions`."""
    return require("gymnasium").spaces.Discrete(NUM_ACTIONS)


def single(obs: dict[str, np.ndarray], i: int) -> dict[str, np.ndarray]:
    """Table ``i``'s observation out of a :class:`~riichi_lut.game.env.VectorEnv` batch:
    the features, and the mask as int8 under :data:`MASK_KEY`."""
    out = {name: obs[name][i, ...].copy() for name in _NAMES}
    out[MASK_KEY] = obs["mask"][i].astype(np.int8)
    return out
