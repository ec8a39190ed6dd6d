"""The keys of a Toepen view and what each holds (``State.VIEW_KEYS``; the envelope's
keys are the core's)."""

from __future__ import annotations

#: Each key of the game's part of a view, and what it holds.
VIEW_KEYS: dict[str, str] = {
    "round": "number of the current round (0 for the first deal)",
    "dealer": "seat that dealt this round",
    "leader": "seat that led the current trick",
    "limit": "lives lost at which a player is out (TOE-23)",
    "lives": "lives lost so far, per seat",
    "out": "per seat: out of the game",
    "playing": "per seat: still in this round (not folded, not out)",
    "folded": "per seat: folded this round",
    "poverty": "per seat: in poverty this round (TOE-30), in every view",
    "stake": "lives the round is worth now",
    "knocks": "knocks this round",
    "last_knocker": "seat that knocked last this round, or null",
    "knocker": "seat whose knock is being answered, or null",
    "trick_no": "number of the current trick, 0 to 3",
    "trick": "cards played to the current trick: [{seat, card}]",
    "tricks": "finished tricks of this round: [{leader, cards, winner}]",
    "hand_sizes": "cards held, per seat",
    "stock": "cards left to draw",
    "exchanged": "per seat: threw in its hand this round (TOE-03)",
    "thrown": "per seat: its thrown-in hand where this seat may see it, else null",
    "exchange_round": "1, or 2 in the second exchange round (Rules.second_exchange)",
    "thrown_again": "per seat: its hand thrown in at the second exchange where this "
                    "seat may see it, else null",
    "set_aside": "per seat: the drawn cards a caught bluffer handed back face down "
                 "(Rules.bluff_takes_back), for that seat only, else null",
    "shown": "per seat: the cards left in a hand every player has seen (a caught "
             "bluffer who took back their own cards), else null",
    "withdrawn": "cards folded players took back out of a trick this round "
                 "(Rules.fold_withdraws): [{seat, card}]",
    "last_round": "the previous round's result: winner, stake, paid, folded; or null",
    "announcements": "for a seat: whistle/stand customs its hand obliges or allows (TOE-40)",
}


__all__ = ["VIEW_KEYS"]
