"""tablegames: exact, fast, seeded rules engines for table games.

>>> import tablegames
>>> state = tablegames.new_game("toepen", players=4, seed=7)
>>> state.to_act in range(4)
True
"""

from tablegames.bots.matches import ArenaResult, arena
from tablegames.common.errors import (
    ArgumentRefused,
    BotFailed,
    GameNotOver,
    GameOver,
    IllegalAction,
    NotationError,
    OutOfTurn,
    RayRefused,
    ResumeRefused,
    RowRefused,
    RulesError,
    RulesNotDealt,
    SetupError,
    StaleState,
    StateError,
    TablegamesError,
    WorkerRefused,
)
from tablegames.common.outcome import Outcome
from tablegames.common.paths import FileRefused
from tablegames.common.position import PositionError
from tablegames.common.protocol import Bot, GameInfo, GameState
from tablegames.common.registry import GAMES, from_position, load, new_game, register, replay
from tablegames.common.version import __version__ as __version__
from tablegames.simulation import SimulationSummary, simulate

__all__ = [
    "GAMES",
    "ArenaResult",
    "ArgumentRefused",
    "Bot",
    "BotFailed",
    "FileRefused",
    "GameInfo",
    "GameNotOver",
    "GameOver",
    "GameState",
    "IllegalAction",
    "NotationError",
    "OutOfTurn",
    "Outcome",
    "PositionError",
    "RayRefused",
    "ResumeRefused",
    "RowRefused",
    "RulesError",
    "RulesNotDealt",
    "SetupError",
    "SimulationSummary",
    "StaleState",
    "StateError",
    "TablegamesError",
    "WorkerRefused",
    "arena",
    "from_position",
    "load",
    "new_game",
    "register",
    "replay",
    "simulate",
]
