"""Shithead: shed your cards; the last player holding cards is the shithead (SHD-01).

The special values are a table of data on :class:`Rules` (see :mod:`.rules`).

Cards are shown as a person reads them (``A♠``, ``K♥``, ``10♦``); action notation writes
them in ASCII (``As``, ``Kh``, ``10d``) and reads either spelling:

>>> from tablegames import shithead
>>> state = shithead.new_game(players=2, seed=1, rules={"swap": False},
...                           deck=["4c", "4d", "4h", "6c", "6d", "6h", "Ac", "8c", "Qc"])
>>> state.view(0)["hand"], state.to_act
(['A♣', '8♣', 'Q♣'], 0)
>>> state.apply("0:play Ac")[0].for_seat(None)
{'kind': 'play', 'seat': 0, 'cards': ['A♣'], 'from': 'hand'}
"""

from tablegames.bots.registry import as_policy
from tablegames.common.bots import RandomBot
from tablegames.common.protocol import GameInfo
from tablegames.common.registry import register
from tablegames.common.rules import OptionText
from tablegames.shithead.actions import (
    Blind,
    Done,
    Give,
    Pickup,
    Play,
    Ready,
    Swap,
    Unready,
    parse_action,
)
from tablegames.shithead.bots import SmartBot
from tablegames.shithead.cards import ASCII, NAMES, VALUE, card_names, code_of, pack, rank_table
from tablegames.shithead.effects import Table, compile_table
from tablegames.shithead.present import PRESENTER
from tablegames.shithead.rules import (
    CLASSIC_EFFECTS,
    DEFAULT_EFFECTS,
    OR_LOWER,
    VARIANT_TEXTS,
    VARIANTS,
    Effect,
    Rules,
)
from tablegames.shithead.state import MIN_PLAYERS, State, max_players, new_game

#: The most players any rules allow (three decks).
MAX_PLAYERS = max_players(3)


def _max_actions(state: State) -> int:
    """An honest bound: per round, the swap (one decision per seat, or at most the action
    limit for a simultaneous swap) plus the action limit of play."""
    rules = state.rules
    swap = int(rules.action_limit) if rules.swap_mode == "simultaneous" else len(state.players)
    return int(rules.rounds) * (swap + int(rules.action_limit))


def _simulate_kwargs(players: object) -> dict[str, object]:
    """Enough decks for the table: the fewest that deal every seat its nine cards (SHD-02)."""
    n = len(players)  # type: ignore[arg-type]
    decks = next((d for d in (1, 2, 3) if max_players(d) >= n), 3)
    return {"rules": Rules(decks=decks)} if decks > 1 else {}


GAME = GameInfo(
    name="shithead",
    title="Shithead",
    new_game=new_game,
    from_json=State.from_json,
    parse_action=parse_action,
    rules_class=Rules,
    min_players=MIN_PLAYERS,
    max_players=MAX_PLAYERS,
    bots={"random": RandomBot, "smart": SmartBot, "ismcts": as_policy("ismcts", "shithead")},
    bot_texts={"smart": OptionText(
        "Seasoned player", "Sheds its low cards first and keeps the special cards for when "
                           "they count: quick, and a fair match.")},
    variants=VARIANTS,
    variant_texts=VARIANT_TEXTS,
    max_actions=_max_actions,
    default_bot="smart",
    simulate_kwargs=_simulate_kwargs,
    state_class=State,
    ruling_prefix="SHD",
    measures={"pick-ups": "pickup", "burns": "burn"},
    presenter=PRESENTER,
)
register(GAME)  # the registry finds the package by its rulings page; this adds its GameInfo

#: Set up a state from position text (see ``docs/guides/notation.md``).
from_position = State.from_position

__all__ = [
    "ASCII",
    "CLASSIC_EFFECTS",
    "DEFAULT_EFFECTS",
    "GAME",
    "MAX_PLAYERS",
    "MIN_PLAYERS",
    "NAMES",
    "OR_LOWER",
    "VALUE",
    "VARIANTS",
    "Blind",
    "Done",
    "Effect",
    "Give",
    "Pickup",
    "Play",
    "Ready",
    "Rules",
    "SmartBot",
    "State",
    "Swap",
    "Table",
    "Unready",
    "card_names",
    "code_of",
    "compile_table",
    "from_position",
    "max_players",
    "new_game",
    "pack",
    "parse_action",
    "rank_table",
]
