"""What Phase 10 tells the table: every event kind and its keys (``State.EVENT_KEYS``)
and the keys of a finished game's ``result`` beyond winners, losers and scores
(``State.RESULT_KEYS``). See :mod:`tablegames.common.eventkeys`.

Seats are seat indices (0 first); cards are in notation; phase numbers count from 1, as
printed on the phase list. The rule sheet says *hand* for a deal, and so do the table's
words; the keys say ``round``, as every game's do: the number of a deal is ``round``, the
event that ends one is ``round_over`` (was ``hand_over``) and the result's ``rounds``
counts them (was ``hands``). ``hands`` always means cards: in ``round_over`` (and the
view's ``last_round``) it is the cards each seat held. ``phase_laid`` in ``round_over`` is
the phase each seat laid that hand (engine 1 said ``completed``), while ``lay.completed``
and the view's ``completed`` count the phases a seat has done.
"""

from __future__ import annotations

from tablegames.common.eventkeys import ROUND, SEAT, EventSpec

#: Every event kind Phase 10 emits, with its keys.
EVENT_KEYS: dict[str, EventSpec] = {
    "shuffle": EventSpec("the pack is shuffled for a new deal (not before the first)", {
        "round": ROUND + ", of the deal about to be dealt",
    }),
    "deal": EventSpec("a hand is dealt and the discard pile turned up", {
        "round": ROUND,
        "dealer": "the seat that dealt",
        "first": "the seat that plays first (the first on the dealer's left who plays)",
        "discard": "the card turned up to start the discard pile",
        "tiebreak": "true: this is a tie-break hand, only its seats play",
        "phases": "per seat, the number of the phase it plays this hand (from 1), or null "
                  "for a seat out of a tie-break",
    }),
    "cards": EventSpec("a seat's dealt cards, told to that seat", {
        "seat": "the seat dealt to",
        "cards": "its cards",
    }, secret={"cards"}),
    "cover": EventSpec("a Skip turned up first is covered by the next card "
                       "(Rules.first_skip='twist')", {
        "card": "the card now on top of the discard pile",
    }),
    "skipped": EventSpec("a seat loses its turn to a Skip (P10-20)", {
        "seat": "the seat skipped",
    }),
    "reshuffle": EventSpec("the stock ran out: the discards but the top become the stock", {
        "cards": "how many cards were shuffled into the stock",
    }),
    "draw": EventSpec("a seat draws from the stock", {
        "seat": SEAT,
        "stock": "cards left in the stock",
        "card": "the card drawn",
    }, secret={"card"}),
    "take": EventSpec("a seat takes the top discard (seen by all)", {
        "seat": SEAT,
        "card": "the card taken",
    }),
    "lay": EventSpec("a seat lays down its phase (P10-40)", {
        "seat": SEAT,
        "phase": "number of the phase laid, from 1",
        "groups": "the groups laid, in notation",
        "completed": "how many phases the seat has completed now (a count; not raised in "
                     "a tie-break)",
    }),
    "hit": EventSpec("a seat adds a card to a laid group (P10-50)", {
        "seat": SEAT,
        "card": "the card",
        "group": "the group hit, as 'owner.index' (owner seat, group index from 0)",
        "value": "the number a Wild stands for in a run, else null",
    }),
    "discard": EventSpec("a seat discards, ending its turn", {
        "seat": SEAT,
        "card": "the card discarded",
        "skips": "for a Skip: the seat it skips; absent for other cards and for a Skip "
                 "that skips nobody",
    }, optional={"skips"}),
    "round_over": EventSpec("a hand (a round) is over and scored (P10-52); the view's "
                            "last_round holds the same keys", {
        "round": ROUND,
        "out": "the seat that went out, or null (a blocked hand)",
        "added": "points added to each seat's score this hand, per seat",
        "tiebreak": "true: it was a tie-break hand",
        "phase_laid": "per seat, the number of the phase it laid this hand (from 1), or null "
                      "(not a count: lay.completed counts phases done)",
        "hands": "per seat, the cards it still held, shown to all (cards, not a count)",
        "laid": "per seat, the groups it had laid, in notation",
        "limit_hit": "true: Rules.action_limit stopped the hand, nobody out (P10-61)",
        "credited": "the seat scored as if out of a hand nobody went out of, holding the "
                    "fewest points (a blocked hand under Rules.blocked_hand, P10-51; a "
                    "tie-break hand blocked or stopped under Rules.limit_tiebreak, which "
                    "it wins, P10-53), else null (engine 6)",
    }),
    "tiebreak": EventSpec("players tied for the win play a tie-break hand (P10-53)", {
        "seats": "the tied seats, ascending",
    }),
    "game_over": EventSpec("the game is over", {
        "winner": "the seat that won",
        "scores": "final points, per seat",
    }),
}

#: The keys of a finished game's ``result`` beyond winners, losers and scores (``scores``
#: are points, per seat).
RESULT_KEYS: dict[str, str] = {
    "phases_completed": "how many phases each seat completed, per seat (the view's "
                        "completed)",
    "rounds": "rounds (hands dealt) played, the last included: the last round number + 1",
    "tiebreak": "true: the game was decided by a tie-break hand",
}

__all__ = ["EVENT_KEYS", "RESULT_KEYS"]
