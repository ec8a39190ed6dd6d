"""What a seat sees of a Toepen table: the keys of a view and what each holds
(``State.VIEW_KEYS``; the envelope's keys are the core's), the view and the prompt."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from tablegames.common.actions import fresh
from tablegames.common.seating import next_seat
from tablegames.toepen.cards import NAMES, announcements_of, card_names
from tablegames.toepen.stages import CHALLENGE, EXCHANGE, OVER, PLAY, POVERTY, RESPOND

if TYPE_CHECKING:
    from tablegames.toepen.state import State

#: Each key of the game's part of a view, and what it holds.
VIEW_KEYS: dict[str, str] = {
    "round": "number of the current round (0 for the first deal)",
    "dealer": "seat that dealt this round",
    "leader": "seat that led the current trick (before play: that will lead the first)",
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
    "tricks": "finished tricks of this round: [{leader, cards, winner}], cards as the "
              "trick's: [{seat, card}]",
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
    "last_round": "the previous round's result, as its round_over event: round (its "
                  "number, from 0), winner, stake, paid, folded; or null",
    "exchanger": "while an exchange is being judged (stage challenge): the seat whose "
                 "exchange it is (TOE-04), else null",
    "announcements": "for a seat: whistle/stand customs its hand obliges or allows (TOE-40), "
                     "as its announcement events say them: [{announcement, must, reason, "
                     "otherwise}]",
}


_PROMPTS = {
    EXCHANGE: "Keep your hand, or throw it in face down for four new cards?",
    CHALLENGE: "Challenge {who}'s exchange, or accept it?",
    POVERTY: "{poor} in poverty: stay in for 2, or fold for 1?",
    RESPOND: "{who} knocked: stay in for {stake}, or fold for {before}?",
    PLAY: "Play a card{follow}.",
}
#: The second exchange's prompt to a seat that holds no replacement cards (``"all"``).
_PROMPT_AGAIN_OWN = "Second exchange: keep your hand, or throw it in for four new cards?"
#: The prompts of the second exchange round (Rules.second_exchange).
_PROMPTS_AGAIN = {
    EXCHANGE: "Second exchange: keep your new cards, or throw them in again for four more?",
    CHALLENGE: "Challenge {who}'s second exchange, or accept it?",
}


def leads(state: State) -> int:
    """The seat that led the current trick, or before play begins the seat that will
    lead the first. A seat that a challenge put out of the game (TOE-23, in elimination)
    leads nothing: as play begins the lead passes to the next seat still in (TOE-12), so
    the view names that seat from the moment the first one goes out (the state keeps the
    dealt leader until then, as engines 2 to 5 have played it)."""
    leader, playing = state.leader, state.playing
    if state.stage in (EXCHANGE, CHALLENGE, POVERTY) and not playing[leader]:
        return next_seat(leader, len(playing), playing=playing)
    return leader


def view_of(state: State, seat: int | None) -> dict[str, Any]:
    """The game's part of ``seat``'s view (``None``: a spectator's): everything public,
    and what that seat alone may see (its thrown-in and set-aside cards, its customs)."""
    n = len(state.players)
    thrown, again, aside = state.thrown, state.again(), state.aside()
    shown_again = state.again_seen()
    nobody = [None] * n  # the usual value of the exchange keys, built once
    v: dict[str, Any] = {
        "round": state.round,
        "dealer": state.dealer,
        "leader": leads(state),
        "limit": state.rules.limit,
        "lives": list(state.lives),
        "out": list(state.out),
        "playing": list(state.playing),
        "folded": list(state.folded),
        "poverty": list(state.poverty),
        "stake": state.stake,
        "knocks": state.knocks,
        "last_knocker": None if state.last_knocker < 0 else state.last_knocker,
        "knocker": None if state.knocker < 0 else state.knocker,
        "exchanger": state.exchanger if state.stage == CHALLENGE and state.exchanger >= 0
        else None,
        "trick_no": state.trick_no,
        "trick": [{"seat": s, "card": NAMES[c]} for s, c in state.trick],
        "tricks": [
            {"leader": ld, "cards": [{"seat": s, "card": NAMES[c]} for s, c in cards],
             "winner": w}
            for ld, cards, w in state.tricks
        ],
        "hand_sizes": [len(h) for h in state.hands],
        "stock": len(state.stock),
        "exchanged": list(state.exchanged),
        "thrown": [
            card_names(thrown[s])
            if thrown[s] and (state.revealed[s] or s == seat) else None
            for s in range(n)
        ] if any(thrown) else nobody,
        "exchange_round": state.exchange_round + 1,
        "thrown_again": [
            card_names(again[s])
            if again[s] and (shown_again[s] or s == seat) else None
            for s in range(n)
        ] if any(again) else list(nobody),
        "set_aside": [
            card_names(aside[s]) if aside[s] and s == seat else None
            for s in range(n)
        ] if any(aside) else list(nobody),
        "shown": [card_names(state.hands[s]) if state.hand_shown(s) else None
                  for s in range(n)] if any(aside) else list(nobody),
        "withdrawn": [{"seat": s, "card": NAMES[c]} for s, c in state.gone()],
        "last_round": fresh(state.last_round),
    }
    if seat is not None:
        v["announcements"] = announcements_of(state.held(seat))
    return v


def prompt_of(state: State, seat: int) -> str:
    """One sentence telling ``seat`` what it may do now (or whom it waits for), with the
    poverty line first for a seat in poverty."""
    if state.stage == OVER:
        return "The game is over."
    text = _prompt_turn(state, seat)
    if state.poverty[seat] and state.playing[seat]:
        rules = state.rules
        fold = "" if rules.poverty_may_fold else " You may not fold."
        if rules.poverty:
            text = ("You are in poverty: the round starts at 2 and the others choose to "
                    f"stay in for 2 or fold for 1.{fold} {text}")
        else:
            text = f"You are in poverty (one life from the limit).{fold} {text}"
    return text


def _prompt_turn(state: State, seat: int) -> str:
    """The prompt without the poverty line."""
    if state.to_act != seat:
        if state.stage == PLAY and state.can_knock(seat):
            return f"Waiting for {state.players[state.to_act or 0]}. You may knock."
        return f"Waiting for {state.players[state.to_act or 0]}."
    who = state.players[state.exchanger if state.stage == CHALLENGE else max(state.knocker, 0)]
    follow = ""
    if state.stage == PLAY and state.trick:
        led = state.trick[0][1] >> 3
        if any(c >> 3 == led for c in state.hands[seat]):
            follow = " (follow suit)"
    stage = state.stage
    if state.exchange_round and stage in (EXCHANGE, CHALLENGE):
        if stage == EXCHANGE and (not state.exchanged[seat] or state.hand_shown(seat)):
            return _PROMPT_AGAIN_OWN  # second_exchange="all": no replacement cards held
        return _PROMPTS_AGAIN[stage].format(who=who)
    return _PROMPTS[stage].format(
        who=who, stake=state.stake, before=state.stake_before, follow=follow,
        poor=_names([state.players[s] for s in range(state.n) if state.poverty[s]]))


def _names(names: list[str]) -> str:
    """``"Ann is"``, ``"Ann and Bob are"``: who is in poverty, for a prompt."""
    if len(names) <= 1:
        return f"{names[0] if names else 'Nobody'} is"
    return f"{', '.join(names[:-1])} and {names[-1]} are"


__all__ = ["VIEW_KEYS", "prompt_of", "view_of"]
