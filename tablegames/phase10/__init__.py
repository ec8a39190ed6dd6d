"""Phase 10: ten phases of sets, runs and colours, hand after hand, lowest score wins.

>>> from tablegames import phase10
>>> state = phase10.new_game(players=2, seed=1, deck=(
...     "R3 B3 G3 R7 B7 W Y1 Y2 G11 G12 "     # seat 0, left of the dealer
...     "R1 B2 G4 Y5 R6 B8 G9 Y10 R11 B12 "   # seat 1, the dealer
...     "Y4 Y12"                              # the first discard, then the draw pile
... ).split())
>>> state.view(0)["hand"]
['Y1', 'Y2', 'R3', 'B3', 'G3', 'R7', 'B7', 'G11', 'G12', 'W']
>>> state.apply("0:draw") and None
>>> [str(a) for a in state.legal_actions()][:3]
['0:lay set3=R3,B3,G3 set7=R7,B7,W', '0:lay set3=R3,B3,G3 set12=G12,Y12,W', '0:discard R3']
"""

from tablegames.bots.registry import as_policy
from tablegames.common.bots import RandomBot
from tablegames.common.protocol import GameInfo
from tablegames.common.registry import register
from tablegames.common.rules import OptionText
from tablegames.phase10.actions import Discard, Draw, Hit, Lay, Take, parse_action
from tablegames.phase10.bots import EagerRandomBot, SmartBot, progress
from tablegames.phase10.cards import (
    COLOUR,
    COLOUR_NAMES,
    COLOURS,
    N_FACES,
    NAMES,
    NUMBER,
    NUMBERS,
    PACK,
    POINTS,
    SKIP,
    WILD,
    card_of,
)
from tablegames.phase10.check import (
    Fault,
    check_group,
    check_hit,
    check_phase,
    hand_points,
    hit_values,
)
from tablegames.phase10.groups import OPEN, Group, make_group, parse_group
from tablegames.phase10.layouts import LAY_CAP, SEARCH_BUDGET, lay_downs
from tablegames.phase10.present import PRESENTER
from tablegames.phase10.rules import (
    COLOUR_GROUP,
    DEFAULT_ACTION_LIMIT,
    KIND_WORDS,
    MAX_ACTION_LIMIT,
    RUN,
    SET,
    STANDARD_PHASES,
    VARIANT_TEXTS,
    VARIANTS,
    Rules,
    describe_phase,
    parse_phase,
)
from tablegames.phase10.state import MAX_PLAYERS, MIN_PLAYERS, STAGES, State, new_game

#: The most actions :func:`_max_actions` allows any game, so that a game inside it writes a
#: save ``from_json`` reads (8 MiB): a history spells an action in at most three
#: characters, and the hand under way adds its record (``tests/phase10/
#: test_p10_action_limit.py`` adds it up).
_MOST_ACTIONS = 2_500_000

#: Actions per hand and seat the cap allows (measured bot hands use well under a tenth).
_PER_SEAT_HAND = 400

#: How many times longer a game may run when a house phase takes a whole hand: as many
#: cards as a hand holds less one, or more, so a seat lays all it holds after drawing but
#: a card or two (``set5+set4+SET5`` with 14 or 15 cards, ``colour7+SET5`` with 11).
#: Near-random play (the "eager" bot) took up to 26,400 actions per seat and hand with a
#: phase of exactly a hand's size (66 times a hand's plain allowance; 7 of 30 measured
#: games over 6,000), and up to 4,000 with one card to spare. The move limit (P10-61) does
#: not shorten such a game, it splits it into hands: the list found in session 53
#: (``set5+set5+SET5``, 14 cards, six seats) took 369,198 to 962,470 actions in 37 to 97
#: hands of the default limit over four seeds, 759,128 in one hand without it.
_FULL_HAND_PHASE = 64


def _max_actions(state: State) -> int:
    """A generous cap: Phase 10 has no bound on the number of hands (nobody may ever
    complete the list); each hand has one, the move limit (P10-61).

    It allows every seat up to 400 actions in each hand, for up to three hands per phase
    plus ten tie-break hands: five to seven times the longest of 300 measured games of
    uniform random play (2-6 players), which in turn are far longer than bot games. A
    house list with a phase that takes a whole hand (as many cards as a hand holds less
    one, or more) gets :data:`_FULL_HAND_PHASE` times as much. It is at least room for
    as many hands of ``Rules.action_limit`` actions and the turn under way when it is
    reached (a draw, a lay-down, a hit per card held, a discard), and at most
    :data:`_MOST_ACTIONS`, so a game inside it writes a save ``from_json`` reads. The
    conformance tests check that games with every registered bot end inside it.

    The ten tie-break hands hold because a tie-break hand the limit stops is settled by
    default (``Rules.limit_tiebreak="lowest"``, P10-53): the game found by
    ``tests/test_any_rules.py`` (``SET5`` with 12 cards, a limit of 114, five seats) now
    ends in 229 actions against 26,000 here; it ran 34,569 when each stopped tie-break
    was played again. Under ``limit_tiebreak="dead"`` (the rule as written, and saves of
    engine 5 and before) nothing bounds the replays, so such a game may pass the cap.
    """
    rules = state.rules
    hands = 3 * len(rules.phases) + 10
    full = any(sum(n for _, n in phase) >= rules.hand_size - 1
               for phase in rules.phase_reqs)
    measured = hands * state.n * _PER_SEAT_HAND * (_FULL_HAND_PHASE if full else 1)
    limited = hands * (int(rules.action_limit) + int(rules.hand_size) + 4)
    return min(_MOST_ACTIONS, max(measured, limited))


GAME = GameInfo(
    name="phase10",
    title="Phase 10",
    new_game=new_game,
    from_json=State.from_json,
    parse_action=parse_action,
    rules_class=Rules,
    min_players=MIN_PLAYERS,
    max_players=MAX_PLAYERS,
    bots={"random": RandomBot, "eager": EagerRandomBot, "smart": SmartBot,
          "ismcts": as_policy("ismcts", "phase10")},
    bot_texts={
        "eager": OptionText(
            "Eager", "Plays at random but lays down and hits whenever it can: quick, and easy "
                     "to beat."),
        "smart": OptionText(
            "Careful player", "Keeps the cards its phase needs and lays it as soon as it can: "
                              "quick, and a fair match."),
    },
    variants=VARIANTS,
    variant_texts=VARIANT_TEXTS,
    max_actions=_max_actions,
    default_bot="smart",
    state_class=State,
    ruling_prefix="P10",
    measures={"rounds": "round_over", "phases made": "lay", "hits": "hit"},
    presenter=PRESENTER,
)
register(GAME)  # the registry finds the package by its rulings page; this adds its GameInfo

#: Set up a state from position text (see ``docs/guides/notation.md``).
from_position = State.from_position

__all__ = [
    "COLOUR",
    "COLOURS",
    "COLOUR_GROUP",
    "COLOUR_NAMES",
    "DEFAULT_ACTION_LIMIT",
    "GAME",
    "KIND_WORDS",
    "LAY_CAP",
    "MAX_ACTION_LIMIT",
    "MAX_PLAYERS",
    "MIN_PLAYERS",
    "NAMES",
    "NUMBER",
    "NUMBERS",
    "N_FACES",
    "OPEN",
    "PACK",
    "POINTS",
    "RUN",
    "SEARCH_BUDGET",
    "SET",
    "SKIP",
    "STAGES",
    "STANDARD_PHASES",
    "VARIANTS",
    "WILD",
    "Discard",
    "Draw",
    "EagerRandomBot",
    "Fault",
    "Group",
    "Hit",
    "Lay",
    "Rules",
    "SmartBot",
    "State",
    "Take",
    "card_of",
    "check_group",
    "check_hit",
    "check_phase",
    "describe_phase",
    "from_position",
    "hand_points",
    "hit_values",
    "lay_downs",
    "make_group",
    "new_game",
    "parse_action",
    "parse_group",
    "parse_phase",
    "progress",
]
