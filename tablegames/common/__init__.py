"""What every game shares; nothing here knows any particular game."""

from tablegames.common.actions import Action, Event, parse_with
from tablegames.common.cards import Card, Pack, suited_pack
from tablegames.common.errors import (
    GameNotOver,
    GameOver,
    IllegalAction,
    NotationError,
    OutOfTurn,
    RulesError,
    SetupError,
    StateError,
    TablegamesError,
)
from tablegames.common.outcome import Outcome
from tablegames.common.protocol import Bot, GameInfo, GameState
from tablegames.common.rng import Rng, as_rng
from tablegames.common.state import BaseState

__all__ = [
    "Action",
    "BaseState",
    "Bot",
    "Card",
    "Event",
    "GameInfo",
    "GameNotOver",
    "GameOver",
    "GameState",
    "IllegalAction",
    "NotationError",
    "OutOfTurn",
    "Outcome",
    "Pack",
    "Rng",
    "RulesError",
    "SetupError",
    "StateError",
    "TablegamesError",
    "as_rng",
    "parse_with",
    "suited_pack",
]
