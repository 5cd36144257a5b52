"""Many games in lock-step over numpy arrays: the reference's rules, the same games
(``docs/game.md``, "The vectorised game")."""

from .play import play_vector

__all__ = ["play_vector"]
