"""Toepen: the Dutch four-trick game where only the last trick counts.

>>> from tablegames import toepen
>>> state = toepen.new_game(players=3, seed=1, deck=["Th", "9h", "8h", "7h"])
>>> state.view(0)["hand"]
['7h', '8h', '9h', 'Th']
"""

from tablegames.bots.registry import as_policy
from tablegames.common.bots import RandomBot
from tablegames.common.protocol import GameInfo
from tablegames.common.registry import register
from tablegames.common.rules import OptionText
from tablegames.toepen.actions import (
    Accept,
    Challenge,
    Exchange,
    Fold,
    Keep,
    Knock,
    Play,
    Stay,
    parse_action,
)
from tablegames.toepen.bots import ClubBot
from tablegames.toepen.cards import PACK, code_of, strength, suit
from tablegames.toepen.present import PRESENTER
from tablegames.toepen.rules import VARIANT_TEXTS, VARIANTS, Rules
from tablegames.toepen.state import MAX_PLAYERS, MIN_PLAYERS, State, announcements, new_game


def _max_actions(state: State) -> int:
    n, limit = len(state.players), int(state.rules.limit)
    per_hand = n * n + 3 * n + 4 * n + (limit + 1) * (n + 1)
    return (n * limit + 1) * per_hand


GAME = GameInfo(
    name="toepen",
    title="Toepen",
    new_game=new_game,
    from_json=State.from_json,
    parse_action=parse_action,
    rules_class=Rules,
    min_players=MIN_PLAYERS,
    max_players=MAX_PLAYERS,
    bots={"random": RandomBot, "club": ClubBot, "ismcts": as_policy("ismcts", "toepen")},
    bot_texts={"club": OptionText(
        "Club player", "Plays by a club player's rules of thumb and counts the cards: quick, "
                       "and a fair match.")},
    variants=VARIANTS,
    variant_texts=VARIANT_TEXTS,
    max_actions=_max_actions,
    default_bot="club",
    state_class=State,
    ruling_prefix="TOE",
    measures={"rounds": "round_over", "knocks": "knock", "folds": "fold"},
    presenter=PRESENTER,
)
register(GAME)  # the registry finds the package by its rulings page; this adds its GameInfo

#: Set up a state from position text (see ``docs/guides/notation.md``).
from_position = State.from_position

__all__ = [
    "GAME",
    "MAX_PLAYERS",
    "MIN_PLAYERS",
    "PACK",
    "VARIANTS",
    "Accept",
    "Challenge",
    "ClubBot",
    "Exchange",
    "Fold",
    "Keep",
    "Knock",
    "Play",
    "Rules",
    "State",
    "Stay",
    "announcements",
    "code_of",
    "from_position",
    "new_game",
    "parse_action",
    "strength",
    "suit",
]
