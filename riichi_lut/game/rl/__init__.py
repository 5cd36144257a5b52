"""Wrappers of :class:`~riichi_lut.game.env.VectorEnv` for the learning libraries, behind
the optional extra ``rl`` (``pip install 'riichi-lut[rl]'``: Gymnasium and PettingZoo):

- :mod:`riichi_lut.game.rl.gym`: :class:`~riichi_lut.game.rl.gym.RiichiGymEnv`, a
  single-agent ``gymnasium.Env`` (the learner at one seat, built-in policies at the others);
- :mod:`riichi_lut.game.rl.aec`: :class:`~riichi_lut.game.rl.aec.RiichiAECEnv`, a PettingZoo
  ``AECEnv`` (agents ``player_0`` … ``player_3``).

Every module here imports without the extra; making an environment without it raises an
``ImportError`` that names the extra (``docs/rl.md``).
"""

from __future__ import annotations

import importlib
from types import ModuleType
from typing import Any

__all__ = ["EXTRA_HINT", "base_class", "require"]

#: What the error of a missing extra says to do.
EXTRA_HINT = "pip install 'riichi-lut[rl]'"


def require(module: str) -> ModuleType:
    """``module`` imported, or an ``ImportError`` naming the ``rl`` extra.

    >>> require("numpy").__name__
    'numpy'
    """
    try:
        return importlib.import_module(module)
    except ImportError:
        raise ImportError(f"{module} is not installed: {EXTRA_HINT} for the RL wrappers") from None


def base_class(module: str, name: str) -> Any:
    """The class ``module.name`` to derive from, or, when ``module`` is missing, a stand-in
    whose instances cannot be made (the error names the extra), so that a module deriving
    from it still imports.

    >>> Missing = base_class("no_such_module_here", "Env")
    >>> Missing()
    Traceback (most recent call last):
    ...
    ImportError: no_such_module_here is not installed: pip install 'riichi-lut[rl]' for the RL wrappers
    """
    try:
        return getattr(importlib.import_module(module), name)
    except ImportError:
        pass

    def refuse(self: object, *args: object, **kwargs: object) -> None:
        require(module)

    def subscript(cls: type, item: object) -> type:
        return cls

    return type(name, (), {"__init__": refuse, "__class_getitem__": classmethod(subscript)})
