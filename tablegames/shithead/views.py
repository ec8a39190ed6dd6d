"""What a seat sees of a Shithead table: the game's view keys and the prompt."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from tablegames.common.actions import fresh
from tablegames.shithead.cards import NAMES, RANK_TEXT, VALUE, names_of
from tablegames.shithead.effects import KIND_TITLES
from tablegames.shithead.stages import GIVING, OVER, PLAY, SWAP

if TYPE_CHECKING:
    from tablegames.shithead.state import State


#: Each key of the game's part of a view, and what it holds.
VIEW_KEYS: dict[str, str] = {
    "direction": "'clockwise' or 'counter-clockwise': where the turn goes next",
    "starter": "the seat that started play (None before play)",
    "hand_sizes": "cards in each seat's hand",
    "known_cards": "per seat, the cards of its hand that everybody has seen go in",
    "face_up": "per seat, its face-up cards",
    "face_down": "per seat, how many face-down cards it has (nobody sees them)",
    "pile": "the pile, bottom card first",
    "pile_top": "the top card of the pile (None if empty)",
    "pile_value": "the rank of the pile's effective top (0: anything goes; ace high = 14): "
                  "a normal card must reach it, or, under an 'or lower' card (SHD-21), "
                  "may not go above it",
    "restriction": "the limit the pile puts on the next card, in words (None: none)",
    "playable": "the ranks that may be played on the pile now",
    "top_effect": "what the pile's top card does (None if the pile is empty)",
    "lead": "the card the seat to act must open the round with (Rules.lead_shown, SHD-04: "
            "the card it showed), None otherwise",
    "stock": "cards left to draw",
    "aside": "cards set aside unseen (short-stock games)",
    "burnt": "cards burnt this round",
    "removed": "take-it cards out of play this round",
    "finished": "seats that have shed every card, first out first",
    "playing": "per seat, whether it is still in the round (still holds cards)",
    "swapping": "seats still swapping before play (not ready yet)",
    "round": "number of the current round of the match, from 0",
    "rounds": "rounds in the match",
    "tally": "rounds lost by each seat so far",
    "last_round": "the previous round's summary: round, loser, order, limit_hit (or None)",
    "actions_left": "actions this round may still run before the move limit "
                    "(Rules.action_limit, a house rule, SHD-01) stops it: the limit less the "
                    "round's actions of play so far, never below 0; the round ends when it "
                    "reaches 0. During a swap at once (Rules.swap_mode, SHD-03) it counts the "
                    "swap's actions instead, which close the swap at 0; counted afresh each "
                    "round (an int, public)",
}


def view_of(state: State, seat: int | None) -> dict[str, Any]:
    """The game's part of a view (keys: ``State.VIEW_KEYS``)."""
    top = state.pile[-1] if state.pile else None
    table = state.table
    names = state._names
    lead = state.lead_card()
    return {
        "direction": state._direction_name(),
        "starter": None if state.starter < 0 else state.starter,
        "hand_sizes": [len(h) for h in state.hands],
        "known_cards": [names(k) for k in state.known_cards],
        "face_up": [names(u) for u in state.face_up],
        "face_down": [len(d) for d in state.face_down],
        "pile": names_of(state.pile),
        "pile_top": None if top is None else NAMES[top],
        "pile_value": table.level(state.top),
        "restriction": table.restriction(state.top),
        "playable": table.allowed_names(state.top),
        "top_effect": None if top is None else effect_title(state, VALUE[top]),
        "lead": None if lead is None else NAMES[lead],
        "stock": len(state.stock),
        "aside": len(state.aside),
        "burnt": names_of(state.burnt),
        "removed": names_of(state.removed),
        "finished": list(state.finished),
        "playing": list(state.playing),
        "swapping": list(state.swapping),
        "round": state.round,
        "rounds": state.rules.rounds,
        "tally": list(state.tally),
        "last_round": fresh(state.rounds_done[-1]) if state.rounds_done else None,
        # SHD-01, SHD-03 (house rule): shown so a table with a small limit sees the end coming
        "actions_left": max(0, state.rules.action_limit - state.plays),
    }

def effect_title(state: State, value: int) -> str:
    table = state.table
    if table.restricts[value] and table.kind[value] == 0:
        return table.restriction(value) or "plain"
    return KIND_TITLES[table.kind[value]]


def prompt_of(state: State, seat: int) -> str:
    """What ``seat`` is asked to do now, in a sentence."""
    if state.stage == OVER:
        if state.rules.rounds > 1:
            losers = sorted(state.outcome().losers)
            if not losers:  # SHD-01 (decision): an even tally is a draw
                return "The match is over: a draw, every player lost as many rounds."
            names = ", ".join(state.players[p] for p in losers)
            return f"The match is over: {names} lost the most rounds."
        return f"The round is over: {state.players[state.loser]} is the shithead."
    to_act = state.to_act
    if state.stage == SWAP and state.rules.swap_mode == "simultaneous":
        if seat in state.swapping:
            return "Swap face-up cards with hand cards as often as you like, then say ready."
        waiting = ", ".join(state.players[p] for p in state.swapping)
        return f"Waiting for {waiting} to finish swapping (say unready to swap again)."
    if to_act != seat:
        if not state.playing[seat]:
            return "You have shed all your cards."
        wait = f"Waiting for {state.players[to_act or 0]}."
        cut = state._cut_in_actions(seat) if state.rules.cut_in and state.stage == PLAY else []
        if cut:
            v = VALUE[state.pile[-1]]
            return f"{wait} You may cut in with your {RANK_TEXT[v]}s to burn the pile."
        return wait
    if state.stage == SWAP:
        return "Swap face-up cards with hand cards once, or say done."
    if state.stage == GIVING:
        return "Take it, bad luck: name the player who takes the pile."
    words = state.restriction()
    level = state.table.level(state.top)
    limit = f" ({words})" if words else (
        f" ({RANK_TEXT[state.top]} or higher)" if level else "")
    src = state.hands[seat] or state.face_up[seat]
    if not src:
        return "Turn up one of your face-down cards."
    mask = state.table.masks[state.top]
    if not any(mask >> VALUE[c] & 1 for c in src):
        return f"Nothing you can play fits the pile{limit}: pick up the pile."
    lead = state.lead_card()
    if lead is not None:  # SHD-04 under Rules.lead_shown: every legal play holds it
        return (f"Open with the card you showed, {NAMES[lead]}; cards of its value may go "
                "with it.")
    where = "your hand" if state.hands[seat] else "your face-up cards"
    if state.rules.pickup == "any" and state.pile:  # SHD-08 under pickup="any"
        return f"Play cards of one value from {where}{limit}, or pick up the pile."
    return f"Play cards of one value from {where}{limit}."
