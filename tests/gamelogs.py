"""Where the real game logs of the tests live (``tests/data/game-logs``, its README names
each source)."""

from pathlib import Path

LOGS = Path(__file__).resolve().parent / "data" / "game-logs"
MJLOG = LOGS / "mjlog"
TENHOU6 = LOGS / "tenhou6"
MJAI = LOGS / "mjai"
