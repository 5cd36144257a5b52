"""The rules of play: one table's state, actions and legal masks, walls (Tenhou's shuffle,
a seeded one of our own), game logs read and written (mjlog, tenhou.net/6, mjai), the
replay that checks a log against the rules, and whole games played by policies
(``docs/game.md``).

>>> from riichi_lut import game
>>> record = game.play_one(["efficiency"] * 4, seed=1, length="one_hand")
>>> game.replay(record).final_scores == record.final_scores
True
"""

from .actions import ACTION_NAMES, NUM_ACTIONS, Action, action_id, action_of_id, legal_mask
from .legal import legal_actions
from .logs import read_log
from .observe import Observation, observe
from .play import play_one
from .policies import EfficiencyPolicy, RandomPolicy
from .record import DrawResult, Event, GameRecord, RoundRecord, WinResult
from .replay import Replay, RoundReplay, replay
from .roundwall import RoundWall
from .rules import (
    EMA_GAME,
    GAME_PRESETS,
    M_LEAGUE_GAME,
    MAHJONG_SOUL_GAME,
    TENHOU_GAME,
    TENHOU_SANMA_GAME,
    WRC_GAME,
    GameRules,
)
from .table import Table, step
from .tournament import Tournament, play
from .wall import Wall, seeded_wall, tenhou_walls, wall_from_tiles

__all__ = [
    "ACTION_NAMES",
    "EMA_GAME",
    "GAME_PRESETS",
    "MAHJONG_SOUL_GAME",
    "M_LEAGUE_GAME",
    "NUM_ACTIONS",
    "TENHOU_GAME",
    "TENHOU_SANMA_GAME",
    "WRC_GAME",
    "Action",
    "DrawResult",
    "EfficiencyPolicy",
    "Event",
    "GameRecord",
    "GameRules",
    "Observation",
    "RandomPolicy",
    "Replay",
    "RoundRecord",
    "RoundReplay",
    "RoundWall",
    "Table",
    "Tournament",
    "Wall",
    "WinResult",
    "action_id",
    "action_of_id",
    "legal_actions",
    "legal_mask",
    "observe",
    "play",
    "play_one",
    "read_log",
    "replay",
    "seeded_wall",
    "step",
    "tenhou_walls",
    "wall_from_tiles",
]
