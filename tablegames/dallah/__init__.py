"""Dallah: stack real cups on a real dallah; the engine deals, rolls and keeps score.

>>> from tablegames import dallah
>>> state = dallah.new_game(players=3, seed=1, actions=["place"], placements=["neck"],
...                         rolls=["tall"])
>>> _ = state.apply("0:draw"); _ = state.apply("0:roll")
>>> state.view(0)["prompt"]  # doctest: +NORMALIZE_WHITESPACE
'Place a cup: place the Tall cup on the Neck. Then report that it settled,
 each cup that fell, a collapse, or that the zone has no space.'
>>> state.view(1)["prompt"]
'Place a cup: waiting for P0 to place the Tall cup on the Neck.'
>>> _ = state.report(fell=["neck:tall"])
>>> state.view(None)["piles"]
[1, 0, 0]
"""

from tablegames.bots.registry import as_policy
from tablegames.common.protocol import GameInfo
from tablegames.common.registry import register
from tablegames.common.rules import OptionText
from tablegames.dallah.actions import parse_action
from tablegames.dallah.bots import ModelBot, RandomBot
from tablegames.dallah.cardset import (
    DEFAULT_CARDS,
    KINDS,
    PLACING_KINDS,
    ActionCard,
    CardSet,
    ProtectionCard,
    Shape,
    Zone,
)
from tablegames.dallah.fallmodel import FallModel
from tablegames.dallah.present import PRESENTER
from tablegames.dallah.rules import VARIANT_TEXTS, VARIANTS, Rules
from tablegames.dallah.state import MAX_PLAYERS, MIN_PLAYERS, State, new_game


def _max_actions(state: State) -> int:
    """A generous bound on a game's length (``benchmarks/bench_dallah.py`` measures games).

    Every turn whose card places a cup uses up a shared cup; the other cards (pile
    actions, Naql) do not, so the bound grows with how rare placing cards are in the deck.
    Fifty actions per turn leave room for every report, swap, full zone and timeout.
    """
    cards: CardSet = state.rules.cards
    placing = sum(a.count for a in cards.actions if a.kind in PLACING_KINDS)
    total = sum(a.count for a in cards.actions)
    turns_per_cup = -(-total // placing)
    return 50 * (cards.total_cups + 10) * turns_per_cup


GAME = GameInfo(
    name="dallah",
    title="Dallah",
    new_game=new_game,
    from_json=State.from_json,
    parse_action=parse_action,
    rules_class=Rules,
    min_players=MIN_PLAYERS,
    max_players=MAX_PLAYERS,
    bots={"random": RandomBot, "model": ModelBot, "ismcts": as_policy("ismcts", "dallah")},
    bot_texts={"model": OptionText(
        "Cup counter", "Weighs each choice by the cups likely to fall: quick, and a fair "
                       "match.")},
    variants=VARIANTS,
    variant_texts=VARIANT_TEXTS,
    max_actions=_max_actions,
    default_bot="model",
    state_class=State,
    ruling_prefix="DAL",
    measures={"turns": "turn", "cups placed": "placement_card", "cups fallen": "fell",
              "collapses": "collapse"},
    presenter=PRESENTER,
)
register(GAME)  # the registry finds the package by its rulings page; this adds its GameInfo

#: Set up a state from position text (see ``docs/guides/notation.md``).
from_position = State.from_position

__all__ = [
    "DEFAULT_CARDS",
    "GAME",
    "KINDS",
    "MAX_PLAYERS",
    "MIN_PLAYERS",
    "VARIANTS",
    "ActionCard",
    "CardSet",
    "FallModel",
    "ModelBot",
    "ProtectionCard",
    "Rules",
    "Shape",
    "State",
    "Zone",
    "from_position",
    "new_game",
    "parse_action",
]
