"""What Toepen tells the table: every event kind and its keys (``State.EVENT_KEYS``) and
the keys of a finished game's ``result`` beyond winners, losers and scores
(``State.RESULT_KEYS``). See :mod:`tablegames.common.eventkeys`.

Seats are seat indices (0 first); cards are in notation (``"Jd"``). A deal is a *round*,
as in every game: its number is ``round`` (``deal.round``, ``shuffle.round``,
``round_over.round``), counted from 0, as in the view, the save and the other games'
events (engine 3 and before called it ``hand``, a word that means a player's cards: see
``checks.upgrade_engine``); the event that ends one is ``round_over``, as in Phase 10 and
Shithead (was ``hand_over``), and the result's ``rounds`` counts them, as Phase 10's does
(was ``hands``). Events are not saved, so no save changes with these two names.
"""

from __future__ import annotations

from tablegames.common.eventkeys import ROUND, SEAT, EventSpec

#: Every event kind Toepen emits, with its keys.
EVENT_KEYS: dict[str, EventSpec] = {
    "shuffle": EventSpec("the pack is shuffled for a new deal (not before the first)", {
        "round": ROUND + ", of the deal about to be dealt",
    }),
    "deal": EventSpec("four cards each are dealt; the round starts", {
        "round": ROUND,
        "dealer": "the seat that dealt",
        "leader": "the seat that leads the first trick",
        "stake": "lives the round is worth at the start: 1, or 2 with a poor player (TOE-31)",
        "poverty": "the seats in poverty this round, ascending (a list of seats, where the "
                   "view's poverty is a flag per seat)",
    }),
    "cards": EventSpec("a seat's four dealt cards, told to that seat", {
        "seat": "the seat dealt to",
        "cards": "its four cards",
    }, secret={"cards"}),
    "announcement": EventSpec("a custom the seat's hand obliges or allows (TOE-40 to TOE-42); "
                              "only that seat learns of the event", {
        "seat": "the seat whose hand it is",
        "announcement": "'whistle' or 'stand'",
        "must": "true: obliged; false: only allowed",
        "reason": "what in the hand calls for it, in words ('three tens')",
        "otherwise": "what an obliged seat that cannot whistle does instead ('sing'), "
                     "or null",
    }, secret={"announcement", "must", "reason", "otherwise"}, private=True),
    "keep": EventSpec("a seat keeps its hand at the exchange", {"seat": SEAT}),
    "exchange": EventSpec("a seat throws its hand in face down and draws four new cards "
                          "(TOE-03)", {
        "seat": SEAT,
        "stock": "cards left to draw after the four",
        "again": "true at the second exchange round (Rules.second_exchange); absent in "
                 "the first",
        "cards": "the four new cards",
    }, secret={"cards"}, optional={"again"}),
    "second_exchange": EventSpec("a second exchange round opens (Rules.second_exchange)", {
        "seats": "the seats asked again, in the order asked",
    }),
    "accept": EventSpec("a seat accepts an exchange without challenging it", {
        "seat": SEAT,
        "exchanger": "the seat whose exchange it is",
    }),
    "challenge": EventSpec("a seat challenges an exchange: the thrown-in hand is turned up "
                           "(TOE-04)", {
        "seat": "the challenging seat",
        "exchanger": "the seat whose exchange it is",
        "thrown": "the thrown-in hand, now seen by all",
        "honest": "true: the hand was fit to throw in, so the challenger loses",
        "loser": "the seat that loses lives: the challenger, or the caught bluffer",
        "lives_lost": "lives the loser loses (Rules.challenge_penalty or bluff_penalty)",
    }),
    "take_back": EventSpec("a caught bluffer takes its thrown-in hand back; the cards it "
                           "drew lie aside (Rules.bluff_takes_back)", {
        "seat": "the bluffer",
        "cards": "the hand taken back (already seen by all)",
    }),
    "eliminated": EventSpec("a seat reached the lives limit and is out of the game "
                            "(elimination, TOE-23)", {
        "seat": "the seat that is out",
        "lives": "lives it has lost in all",
    }),
    "knock": EventSpec("a seat knocks: the round is worth one life more (TOE-21)", {
        "seat": SEAT,
        "stake": "lives the round is worth after the knock",
        "knocks": "knocks this round so far, this one included",
    }),
    "stay": EventSpec("a seat stays in after a knock, or at a poverty round's stake of 2 "
                      "(TOE-31)", {
        "seat": SEAT,
        "stake": "lives the round is worth, which it now risks",
    }),
    "fold": EventSpec("a seat folds and leaves the round (TOE-22)", {
        "seat": SEAT,
        "lives_lost": "lives it loses: the stake before the last knock (1 against a "
                      "poverty round's 2)",
    }),
    "withdraw": EventSpec("a folded seat's card leaves the current trick "
                          "(Rules.fold_withdraws)", {
        "seat": "the folded seat",
        "card": "its card, out of play",
    }),
    "play": EventSpec("a seat plays a card to the trick", {
        "seat": SEAT,
        "card": "the card",
        "trick": "number of the trick, 0 to 3",
    }),
    "trick": EventSpec("a trick is complete (TOE-11)", {
        "trick": "number of the trick, 0 to 3",
        "winner": "the seat whose card won it (it may have folded since)",
        "card": "the winning card",
        "next": "the seat that leads the next trick; after trick 3, the round's winner",
    }),
    "round_over": EventSpec("a round is over and paid (TOE-20); the view's last_round holds "
                           "the same keys", {
        "round": ROUND,
        "winner": "the seat that won the round",
        "stake": "lives each loser still in paid (doubled under Rules.jack_doubles)",
        "paid": "lives paid, by seat: an object whose keys are seat numbers as strings",
        "folded": "the seats that folded this round, ascending",
    }),
    "game_over": EventSpec("the game is over", {
        "winners": "the seats that won (may be empty in a rubber all players lost)",
        "losers": "the seats that lost, ascending",
        "lives": "lives lost, per seat",
    }),
}

#: The keys of a finished game's ``result`` beyond winners, losers and scores (``scores``
#: are lives lost, per seat).
RESULT_KEYS: dict[str, str] = {
    "ending": "Rules.ending: 'rubber' or 'elimination'",
    "limit": "Rules.limit: lives lost at which a player is out (an int; Shithead's "
             "result says limit_hit, whether its last round was stopped by the action limit)",
    "rounds": "rounds (deals) played, the last included: the last round number + 1",
}

__all__ = ["EVENT_KEYS", "RESULT_KEYS"]
