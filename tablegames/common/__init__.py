"""What every game shares; nothing here knows any particular game."""

from tablegames.common.actions import Action, Event, parse_with
from tablegames.common.cards import Card, Pack, suited_pack
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
    StateError,
    TablegamesError,
    WorkerRefused,
)
from tablegames.common.outcome import Outcome
from tablegames.common.paths import FileRefused
from tablegames.common.protocol import Bot, GameInfo, GameState
from tablegames.common.rng import Rng, as_rng
from tablegames.common.state import BaseState

__all__ = [
    "Action",
    "ArgumentRefused",
    "BaseState",
    "Bot",
    "BotFailed",
    "Card",
    "Event",
    "FileRefused",
    "GameInfo",
    "GameNotOver",
    "GameOver",
    "GameState",
    "IllegalAction",
    "NotationError",
    "OutOfTurn",
    "Outcome",
    "Pack",
    "RayRefused",
    "ResumeRefused",
    "Rng",
    "RowRefused",
    "RulesError",
    "RulesNotDealt",
    "SetupError",
    "StateError",
    "TablegamesError",
    "WorkerRefused",
    "as_rng",
    "parse_with",
    "suited_pack",
]
