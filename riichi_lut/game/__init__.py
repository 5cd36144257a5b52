"""The rules of play: one table's state, actions and legal masks, walls (Tenhou's shuffle,
a seeded one of our own), game logs read and written (mjlog, tenhou.net/6, mjai), and the
replay that checks a log against the rules (``docs/game.md``)."""

from .record import DrawResult, Event, GameRecord, RoundRecord, WinResult
from .rules import GAME_PRESETS, TENHOU_GAME, TENHOU_SANMA_GAME, GameRules

__all__ = [
    "GAME_PRESETS",
    "TENHOU_GAME",
    "TENHOU_SANMA_GAME",
    "DrawResult",
    "Event",
    "GameRecord",
    "GameRules",
    "RoundRecord",
    "WinResult",
]
