"""Many games in lock-step over numpy arrays: the reference's rules, the same games
(``docs/game.md``, "The vectorised game"); a policy of one's own sees the observation
batch of :func:`encode_rows` (``docs/rl.md``)."""

from .observe import encode_rows
from .play import play_vector, vector_games

__all__ = ["encode_rows", "play_vector", "vector_games"]
