"""What Dallah tells the table: every event kind and its keys (``State.EVENT_KEYS``) and
the keys of a finished game's ``result`` beyond winners, losers and scores
(``State.RESULT_KEYS``). See :mod:`tablegames.common.eventkeys`.

Everything on a Dallah table is public: no event has a secret part. Seats are seat
indices (0 first); cards, cups (shapes) and zones are named by the ids of the card set
in play (``Rules.cards``). A turn's number counts from 1 everywhere: the ``turn`` event,
the view, the result's ``turns``, the save and the position text (engine 3 and before
saved it from 0).
"""

from __future__ import annotations

from tablegames.common.eventkeys import SEAT, EventSpec

REPORTER = "the seat that reported it"
LATE = "true when reported late, after settled (DAL-23); absent otherwise"

#: Every event kind Dallah emits, with its keys.
EVENT_KEYS: dict[str, EventSpec] = {
    "setup": EventSpec("the game is set up (before the first action)", {
        "players": "the players' names, by seat",
        "first": "the seat that takes the first turn",
        "shared": "shape id -> cups in the shared pile",
        "cards": "the name of the card set (Rules.cards)",
    }),
    "turn": EventSpec("a new turn starts", {
        "seat": "the seat whose turn it is",
        "turn": "number of the turn, from 1 (the view's turn)",
    }),
    "reshuffle": EventSpec("a deck ran out: its discards are shuffled into it", {
        "deck": "'actions' or 'placements'",
        "cards": "how many cards were shuffled in",
    }),
    "protection_held": EventSpec("a protection card is drawn; its drawer keeps it face up "
                                 "and draws again (DAL-40)", {
        "seat": "the seat that keeps it",
        "card": "its card id",
    }),
    "redrawn": EventSpec("a card that cannot be played now is discarded and another drawn "
                         "(DAL-21, DAL-27)", {
        "seat": "the drawer, for an Action card ('empty_dallah'); absent for a Placement "
                "card",
        "card": "the card id of an Action card, or the zone id of a Placement card",
        "reason": "'empty_dallah' (an Action card needing cups on an empty Dallah) or "
                  "'zone_full' (a Placement card naming a zone reported full)",
    }, optional={"seat"}),
    "action_card": EventSpec("the turn's Action card is drawn (or drawn after a swap)", {
        "seat": "the seat whose turn it is",
        "card": "its card id",
        "card_kind": "its kind of mechanics ('place', 'tag_team', 'give', ...)",
    }),
    "target": EventSpec("the turn's player names a player for its card (DAL-36)", {
        "seat": SEAT,
        "target": "the seat named",
    }),
    "pair": EventSpec("the turn's player chooses which tied piles Malek Shoghl evens out "
                      "(DAL-35)", {
        "seat": SEAT,
        "source": "the seat of the biggest pile, which gives",
        "recipient": "the seat of the smallest pile, which receives",
    }),
    "roll": EventSpec("the die is rolled: cups are taken from the shared pile (DAL-01)", {
        "seat": "the seat that rolled",
        "cups": "shape ids of the cups taken, in order",
        "requested": "cups the card asks for (more than taken when the shared pile ran "
                     "short, DAL-26)",
    }),
    "reroll": EventSpec("the die showed a shape the shared pile has run out of (DAL-03)", {
        "face": "shape id rolled",
        "reason": "'shape_out'",
    }),
    "placement_card": EventSpec("a Placement card names the zone for the next cup", {
        "seat": "the seat that places the cup",
        "zone": "zone id",
        "cup": "shape id of the cup to place",
    }),
    "no_space": EventSpec("the zone has no usable space: the Placement card is redrawn "
                          "(DAL-21)", {
        "seat": REPORTER,
        "zone": "zone id reported full",
    }),
    "placed": EventSpec("a later cup of the card, in hand when the card stopped at a fall, "
                        "had been let go and stands on its zone (DAL-12, DAL-26)", {
        "seat": REPORTER,
        "zone": "zone id it stands on",
        "cup": "its shape id",
    }),
    "timeout": EventSpec("the countdown ran out: the placement is tried again (DAL-28)", {
        "seat": REPORTER,
        "retry": "countdowns run out on this placement so far, from 1",
    }),
    "fell": EventSpec("a cup fell off the Dallah and goes to the collector (DAL-10)", {
        "seat": REPORTER,
        "collector": "the seat whose pile takes the cup",
        "zone": "zone id it fell from",
        "cup": "its shape id",
        "guessed": "true when the report did not name the zone (or the cup), so the "
                   "engine chose it; absent otherwise",
        "late": LATE,
    }, optional={"guessed", "late"}),
    "collapse": EventSpec("the whole Dallah fell: the collector takes every cup on it "
                          "(DAL-14)", {
        "seat": REPORTER,
        "collector": "the seat whose pile takes the cups",
        "cups": "how many cups fell",
        "late": LATE,
    }, optional={"late"}),
    "settled": EventSpec("a report is closed: the Dallah stands", {
        "seat": REPORTER,
        "after": "what the report was about: 'place', 'stunt' or 'move'",
        "zone": "the Placement card's zone id; only after 'place'",
        "falls": "cups reported fallen in this report",
    }, optional={"zone"}),
    "returned": EventSpec("the card stops at its first fall: the cups not yet tried go "
                          "back (DAL-26)", {
        "cups": "shape ids of the cups returned to the shared pile",
        "reason": "'stopped_at_first_fall'",
    }),
    "swap": EventSpec("the card in play is swapped for the next Action card (DAL-27)", {
        "seat": SEAT,
        "card": "card id of the card swapped away",
        "returned": "shape ids of the cups in hand returned to the shared pile",
    }),
    "move": EventSpec("Naql: a cup is moved to another zone (DAL-22)", {
        "seat": SEAT,
        "cup": "its shape id",
        "from": "zone id it left",
        "to": "zone id it went to",
    }),
    "retire": EventSpec("Yalla Bye: cups leave the seat's pile for good (DAL-38)", {
        "seat": SEAT,
        "cups": "cups retired now",
        "retired": "cups retired in the game so far",
    }),
    "no_effect": EventSpec("the pile card has nothing to do; the turn ends (DAL-32)", {
        "seat": "the seat whose turn it is",
        "card": "its card id",
    }),
    "protection_window": EventSpec("seats holding protection are asked before cups move "
                                   "(DAL-41)", {
        "asked": "the seats to be asked, in order",
        "effects": "the transfers waiting: from, to, cups ('pile' for a swap), "
                   "redirected, blocked (as the view's effects)",
    }),
    "allow": EventSpec("an asked seat lets the transfer happen", {"seat": SEAT}),
    "protect": EventSpec("an asked seat plays a protection card (DAL-41 to DAL-44)", {
        "seat": SEAT,
        "card": "the protection card id played",
        "play": "'block' or 'redirect'",
        "to": "the seat the transfer is redirected to, or null when it is cancelled",
        "cancelled": "true: the transfer does not happen (to is null)",
    }),
    "pile_action": EventSpec("a pile card's transfers happen, all at once (DAL-37)", {
        "card": "its card id",
        "moves": "the transfers done: from, to (seats), cups (a number, or 'pile' for a "
                 "swap)",
        "piles": "cups in each seat's pile after",
    }),
    "game_over": EventSpec("the shared pile is empty: the game is over (DAL-50)", {
        "losers": "the seats with the biggest pile, ascending (Biggest Losers)",
        "piles": "cups in each seat's pile",
        "retired": "cups retired in the game (they count for nobody)",
    }),
}

#: The keys of a finished game's ``result`` beyond winners, losers and scores (winners is
#: empty, ``scores`` are cups held, per seat: most loses).
RESULT_KEYS: dict[str, str] = {
    "retired": "cups retired by Yalla Bye (they count for nobody)",
    "turns": "turns played (the last turn's number, from 1: the view's turn)",
    "biggest_loser": "the losers' names (the players' names, not seats)",
}

__all__ = ["EVENT_KEYS", "RESULT_KEYS"]
