"""What Shithead tells the table: every event kind and its keys (``State.EVENT_KEYS``)
and the keys of a finished game's ``result`` beyond winners, losers and scores
(``State.RESULT_KEYS``). See :mod:`tablegames.common.eventkeys`.

Seats are seat indices (0 first); cards are in notation. ``round`` is the number of the
round of the match, from 0, as in the view. The result's ``rounds_done`` is the list of
finished rounds, as the save's (the view's ``rounds`` is how many the match has);
``limit_hit`` (events, result, ``last_round``) is the save's flag for a round stopped by
the action limit (Toepen's ``limit`` is a number of lives). Engine 3 and before said
``hand`` for the ``cards`` event, ``limit`` for ``limit_hit`` and ``rounds`` for
``rounds_done`` (see ``loading.upgrade_engine``).
"""

from __future__ import annotations

from tablegames.common.eventkeys import ROUND, SEAT, EventSpec

LIMIT = "true: the round was stopped by Rules.action_limit"
ORDER = "the seats that got rid of all their cards, first out first"

#: Every event kind Shithead emits, with its keys.
EVENT_KEYS: dict[str, EventSpec] = {
    "deal": EventSpec("a round is dealt: three face down, three face up and three in "
                      "hand each (SHD-02)", {
        "round": ROUND,
        "face_up": "per seat, its face-up cards",
        "face_down": "per seat, how many face-down cards it has",
        "stock": "cards in the draw pile",
        "aside": "cards set aside unseen (a short stock), a count",
    }),
    "cards": EventSpec("a seat's three hand cards, told to that seat", {
        "seat": "the seat dealt to",
        "cards": "its hand",
    }, secret={"cards"}),
    "swap": EventSpec("a seat swaps face-up cards with hand cards (SHD-03)", {
        "seat": SEAT,
        "to_hand": "the face-up cards it took into its hand",
        "to_face_up": "the hand cards it laid face up",
    }),
    "done": EventSpec("a seat ends its swap (Rules.swap_mode='turns')", {"seat": SEAT}),
    "ready": EventSpec("a seat is ready to play (Rules.swap_mode='simultaneous')", {
        "seat": SEAT,
    }),
    "unready": EventSpec("a ready seat takes it back to swap again", {"seat": SEAT}),
    "swap_closed": EventSpec("the simultaneous swap is closed by Rules.action_limit", {
        "actions": "swap actions taken when it closed",
    }),
    "start": EventSpec("play starts (SHD-04)", {
        "seat": "the seat that starts",
        "shows": "the lowest card it showed (Rules.starter='lowest'), else null",
        "direction": "'clockwise' or 'counter-clockwise'",
    }),
    "play": EventSpec("a seat plays cards on the pile", {
        "seat": SEAT,
        "cards": "the cards played, all of one rank",
        "from": "'hand' or 'face_up'",
        "cut_in": "true when played out of turn (Rules.cut_in); absent otherwise",
    }, optional={"cut_in"}),
    "draw": EventSpec("a seat draws back up to three (SHD-06)", {
        "seat": SEAT,
        "count": "how many cards it drew",
        "stock": "cards left in the draw pile",
        "cards": "the cards drawn",
    }, secret={"cards"}),
    "burn": EventSpec("the pile is burnt and the seat plays again", {
        "seat": SEAT,
        "reason": "'burn' (a burn card) or 'four of a kind' (Rules.burn_run)",
        "cards": "the cards burnt: the whole pile, bottom first",
    }),
    "removed": EventSpec("take-it cards leave play (SHD-28)", {
        "seat": SEAT,
        "cards": "the cards taken out of play",
    }),
    "skip": EventSpec("a Skip passes the turn over players (SHD-22)", {
        "seat": SEAT,
        "players": "how many skips: one per card if the card acts each time, else 1",
        "skipped": "the seats whose turn was passed over, each once, in the order passed "
                   "(as Rules.skips counts; never the skipper)",
        "again": "true: the count came back round and the skipper plays again",
    }),
    "reverse": EventSpec("a Reverse is played", {
        "seat": SEAT,
        "effective": "true: the direction changed (not with two seats left, nor an even "
                     "number of Reverses)",
        "direction": "the direction now: 'clockwise' or 'counter-clockwise'",
    }),
    "under_over": EventSpec("bottom cards of the pile go to its top", {
        "seat": SEAT,
        "top": "the card now on top of the pile",
    }),
    "give": EventSpec("a seat hands the pile to another (a take-it card, SHD-28)", {
        "seat": "the seat that played the take-it card",
        "target": "the seat that takes the pile",
        "cards": "the cards it takes into its hand",
    }),
    "pickup": EventSpec("a seat picks up the pile (SHD-08)", {
        "seat": SEAT,
        "cards": "the cards it takes into its hand (with a face-down card that did not "
                 "fit)",
    }),
    "blind": EventSpec("a seat turns up a face-down card (SHD-10)", {
        "seat": SEAT,
        "index": "which face-down card, from 0 among those it had left",
        "card": "the card turned up",
        "fits": "true: it may go on the pile; false: the seat picks the pile up",
    }),
    "finished": EventSpec("a seat has no cards left and is out of the round", {
        "seat": "the seat",
        "place": "its place, from 1 (first out)",
    }),
    "round_over": EventSpec("a round is over; the view's last_round holds the same keys "
                            "but tally", {
        "round": ROUND,
        "loser": "the seat left with cards: the shithead",
        "order": ORDER,
        "limit_hit": LIMIT,
        "tally": "rounds lost so far, per seat",
    }),
    "shuffle": EventSpec("the pack is shuffled for the match's next round", {
        "round": ROUND + ", of the deal about to be dealt",
    }),
    "game_over": EventSpec("the game (the last round of the match) is over", {
        "loser": "the last round's loser",
        "order": ORDER + ", in the last round",
        "limit_hit": LIMIT,
        "tally": "rounds lost, per seat",
    }),
}

#: The keys of a finished game's ``result`` beyond winners, losers and scores (``scores``
#: are places, or with ``Rules.scoring='out'`` 1 for got out; in a match, lost rounds).
RESULT_KEYS: dict[str, str] = {
    "order": ORDER + ", in the last round",
    "loser": "the last round's loser (the result's losers are by tally in a match)",
    "limit_hit": LIMIT + ", the last round",
    "cards_left": "cards each seat still held at the end (hand, face up and face down)",
    "tally": "rounds lost, per seat",
    "rounds_done": "every finished round: {round, loser, order, limit_hit} (the view's "
                   "last_round is the last of them)",
}

__all__ = ["EVENT_KEYS", "RESULT_KEYS"]
