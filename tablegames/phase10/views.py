"""What a seat sees of a Phase 10 table: the game's view keys, the view and the prompt."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from tablegames.phase10.cards import NAMES, SKIP, card_names, spoken
from tablegames.phase10.rules import describe_reqs
from tablegames.phase10.stages import DRAW, OVER

if TYPE_CHECKING:
    from tablegames.phase10.state import State


#: Each key of the game's part of a view, and what it holds.
VIEW_KEYS: dict[str, str] = {
    "round": "number of the current hand (deal), 0 for the first",
    "dealer": "the seat that dealt this hand (the deal passes left, P10-57)",
    "playing": "per seat: whether it plays this hand (false only when sitting out a "
               "tie-break hand, P10-53)",
    "tiebreak": "whether this hand is a tie-break on the last phase (P10-53)",
    "phases": "per seat: the phase it works on as {phase, text, open} (open: the phases "
              "it may lay this hand), once it is down the phase it laid with open empty "
              "(P10-44), or null when sitting out",
    "completed": "per seat: how many phases it has completed (P10-45, P10-46)",
    "down": "per seat: whether it has laid its phase this hand",
    "laid": "per seat: its laid groups as {group, kind, cards, text} plus number (a set), "
            "numbers (a run: what each Wild stands for) or colour",
    "discard": "the discard pile, bottom card first",
    "discard_top": "the top card of the discard pile, or null when it is empty",
    "stock": "cards left in the draw pile",
    "hand_sizes": "per seat: how many cards it holds",
    "known_cards": "per seat: the cards it took from the discard pile and still holds "
                   "(the whole table saw them go in)",
    "pending_skips": "seats that will lose their next turn to a Skip (P10-24)",
    "scores": "per seat: points so far (P10-52; the lowest wins unless the rules say otherwise)",
    "last_round": "the last finished hand: {round, out (seat or null), added (points per "
                  "seat), phase_laid (phase laid per seat or null), tiebreak, hands (what "
                  "each seat held at the end), laid (every group at the end), limit_hit "
                  "(the move limit stopped it, P10-61), credited (the seat scored as if "
                  "out of a hand nobody went out of, or null, P10-51, P10-53)}, or null",
    "actions_left": "actions this hand may still run before the move limit "
                    "(Rules.action_limit, a house rule, P10-61) stops it: the limit less the "
                    "hand's actions so far, never below 0. At 0 the turn under way is the "
                    "hand's last (the hand ends as the next turn begins); counted afresh each "
                    "hand (an int, public)",
}


def _phase(state: State, seat: int, index: int) -> dict[str, Any]:
    """``seat``'s phase this hand: the one it laid once it is down, with nothing more open
    to it (P10-44: one phase per hand), else the one it works on and those it may lay."""
    laid = state.laid_phase[seat]
    if state.down[seat] and laid >= 0:
        return {"phase": laid + 1, "text": describe_reqs(state.rules.phase_reqs[laid]),
                "open": []}
    return {"phase": index + 1, "text": describe_reqs(state.rules.phase_reqs[index]),
            "open": [i + 1 for i in state.open_phases(seat)]}


def view_of(state: State) -> dict[str, Any]:
    """Everything public (see :attr:`VIEW_KEYS`); the base adds hand, legal, prompt.

    Never shown: other hands and the order of the draw pile.
    """
    return {
        "round": state.round,
        "dealer": state.dealer,
        "playing": list(state.playing),
        "tiebreak": state.tiebreak,
        "phases": [_phase(state, s, t) if t >= 0 else None for s, t in enumerate(state.phases)],
        "completed": list(state.completed),
        "down": list(state.down),
        "laid": state.table(),
        "discard": card_names(state.discard),
        "discard_top": NAMES[state.discard[-1]] if state.discard else None,
        "stock": len(state.stock),
        "hand_sizes": [len(h) for h in state.hands],
        "known_cards": [card_names(k) for k in state.known_cards],
        "pending_skips": [s for s in range(state.n) if state.pending_skips[s]],
        "scores": list(state.scores),
        "last_round": state._last_round() if state.results else None,
        # P10-61 (house rule): shown so a table with a small limit sees the end coming
        "actions_left": max(0, state.rules.action_limit - state.plays),
    }


def prompt_of(state: State, seat: int) -> str:
    """One sentence naming only what ``seat`` may do now (or whom it waits for)."""
    if state.stage == OVER:
        return f"The game is over: {state.players[state.winner]} won."
    who = state.players[state.active]
    if seat != state.active:
        doing = "draw" if state.stage == DRAW else "play"
        if not state.playing[seat]:
            return f"You sit out this tie-break hand. Waiting for {who} to {doing}."
        return f"Waiting for {who} to {doing}."
    if state.stage == DRAW:
        draw = bool(state.stock) or len(state.discard) > 1
        top = spoken(state.discard[-1]) if state.discard else ""
        take = bool(state.discard) and state.discard[-1] != SKIP
        if draw and take:
            return f"Draw a card from the draw pile, or take the {top} from the discard pile."
        if draw:
            why = " (the Skip on the discard pile stays there)" if top == "Skip" else ""
            return f"Draw a card from the draw pile{why}."
        return f"Take the {top} from the discard pile (the draw pile is empty)."
    steps = []
    if not state.down[seat]:
        lays = len(state.lay_actions(seat))
        if lays:
            open_ = [i for i in state.open_phases(seat)]
            if len(open_) > 1:
                what = "one of phases " + ", ".join(str(i + 1) for i in open_)
            else:
                t = open_[0]
                what = f"phase {t + 1} ({describe_reqs(state.rules.phase_reqs[t])})"
            ways = f", {lays} ways" if lays > 1 else ""
            if state.rules.lay_when_able:  # P10-40: nothing else is allowed yet
                return f"You must lay down {what}{ways} before you discard."
            steps.append(f"lay down {what}{ways}")
    elif state.hit_actions(seat):
        steps.append("hit cards onto the laid groups")
    skip = SKIP in state.hands[seat]
    held = state.held_back(seat)  # P10-60 under discard_taken=False
    end = "discard a card" + (f" other than the {spoken(held)} you took" if held is not None
                              else "") + (" (a Skip makes a player lose a turn)" if skip else "")
    if not steps:
        return f"{end[0].upper()}{end[1:]} to end your turn."
    return f"You can {steps[0]}; then {end} to end your turn."



__all__ = ["VIEW_KEYS", "prompt_of", "view_of"]
