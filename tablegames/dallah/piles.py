"""Pile actions and protection: the part of a turn that moves cups between personal piles.

Every pile action (DAL-30..38) becomes a list of *effects* before anything moves. An
effect is ``(source, recipient, cups, flags)``: ``cups`` is a count, or ``SWAP`` for a
whole-pile swap, whose source is the bigger pile and recipient the smaller one; the
recipient is the seat the effect is *against* (its pile would grow). Each recipient that
holds a protection card is then asked in clockwise order from the active seat (DAL-41):
``block`` cancels its effect (DAL-42), ``redirect`` gives it a new recipient that is
neither the source nor itself (for a swap, a pile smaller than the source's), or cancels
it when nobody is eligible (DAL-43); a redirected
effect is not offered for protection again (DAL-44). Finally all surviving effects happen
at once, which is what makes Pass It and Reverse simultaneous (DAL-37, DAL-45).

These are plain functions of the state (the checks that refuse a pile or protection
action are in :mod:`~tablegames.dallah.refusals`, asked before any of them runs).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from tablegames.common.actions import Event
from tablegames.common.fields import put
from tablegames.common.seating import ask_in_turn
from tablegames.dallah.cardset import ActionCard
from tablegames.dallah.stages import BLOCKED, PAIR, PROTECT, REDIRECTED, SWAP, TARGET

if TYPE_CHECKING:
    from tablegames.dallah.state import State

#: ``(source, recipient, cups, flags)``; a tuple like every list field of the state.
Effect = tuple[int, ...]


def my_effect_at(state: State, seat: int) -> int:
    """Where in ``effects`` the effect against ``seat`` it may still protect against is
    (-1: nowhere): a redirected effect is not protected again (DAL-44)."""
    for i, e in enumerate(state.effects):
        if e[1] == seat and not e[3]:
            return i
    return -1


def my_effect(state: State, seat: int) -> Effect | None:
    """The effect against ``seat`` it may still protect against (DAL-44)."""
    i = my_effect_at(state, seat)
    return None if i < 0 else state.effects[i]


def held_kind(state: State, seat: int, kind: str) -> int:
    """Index in ``held[seat]`` of a protection card of ``kind`` (-1: none)."""
    for i, c in enumerate(state.held[seat]):
        if state.t.kind[c] == kind:
            return i
    return -1


def eligible(state: State, seat: int, effect: Effect) -> list[int]:
    """Seats an effect against ``seat`` may be redirected to: never back to its source,
    never the protecting seat itself (DAL-43).

    A swap moves cups both ways, so it goes on only to a pile smaller than the source's:
    the source still gives its pile away and the new player's pile grows, as yours would
    have; a bigger pile would send cups back to the source, an equal one nothing."""
    src = effect[0]
    if effect[2] == SWAP:
        top = state.piles[src]
        # DAL-43: never redirect cups back to the source (nor a swap that moves none)
        return [s for s in range(state.n) if s != src and s != seat and state.piles[s] < top]
    return [s for s in range(state.n) if s != src and s != seat]  # DAL-43


def start(state: State, spec: ActionCard) -> None:
    """Resolve a pile action's card as it is drawn (DAL-30, DAL-31: personal piles only)."""
    n, a = state.n, state.active
    piles = state.piles
    kind = spec.kind
    beside = {"next": (a + 1) % n, "previous": (a - 1) % n}  # DAL-34: beside = next clockwise
    if kind == "give":
        have = piles[a]
        if spec.portion == "half":
            k = have // 2  # DAL-33: Half Half rounds the amount given down
        elif spec.portion == "all":
            k = have
        else:
            k = min(spec.amount, have)  # DAL-32: fewer cups than asked: give what you have
        if k == 0:
            protect(state, [])  # DAL-32: an empty pile gives zero; the turn still ends
        elif spec.target == "choose":
            state.amount = k
            state.stage = TARGET
        else:
            protect(state, [(a, beside[spec.target], k, 0)])
    elif kind == "swap":
        if spec.target == "choose":
            state.stage = TARGET
        else:
            protect(state, swap_effect(state, a, beside[spec.target]))
    elif kind == "retire":
        k = min(spec.amount, piles[a])  # DAL-32, DAL-38: retire what you have, for nobody
        state.piles = put(piles, a, piles[a] - k)
        state.retired += k
        state._events.append(Event("retire", {"seat": a, "cups": k, "retired": state.retired}))
        state._end_turn()
    elif kind == "even_out":
        if not any(piles) or spec.amount == 0:
            protect(state, [])  # DAL-35: all piles empty, nothing happens
            return
        pairs = tie_pairs(state)
        if len(pairs) == 1:
            even_out(state, *pairs[0])
        else:
            state.stage = PAIR  # DAL-35: the active player chooses among ties
    else:  # pass: DAL-37, right (previous) for Pass It, left (next) for Reverse
        step = 1 if spec.target == "next" else -1
        # DAL-45: one effect per pass, so a protection stops only the protector's incoming cup
        protect(state, [(s, (s + step) % n, 1, 0) for s in range(n) if piles[s]])


def tie_pairs(state: State) -> list[tuple[int, int]]:
    """Malek Shoghl: every (biggest, smallest) pair of different players, as the piles
    stand before the transfer (DAL-35), biggest then smallest in seat order."""
    piles = state.piles
    hi, lo = max(piles), min(piles)
    return [(b, r) for b in range(state.n) if piles[b] == hi
            for r in range(state.n) if piles[r] == lo and b != r]


def even_out(state: State, source: int, recipient: int) -> None:
    """Malek Shoghl moves its amount, or what the biggest pile has (DAL-32, DAL-35)."""
    spec = state.t.specs[state.card]
    amount = spec.amount if isinstance(spec, ActionCard) else 0
    protect(state, [(source, recipient, min(amount, state.piles[source]), 0)])


def swap_effect(state: State, a: int, b: int) -> list[Effect]:
    """A swap as an effect from the bigger pile (source) to the smaller (recipient): the
    smaller pile's owner is the one it is against (DAL-42)."""
    pa, pb = state.piles[a], state.piles[b]
    if pa == pb:
        return []
    return [(a, b, SWAP, 0)] if pa > pb else [(b, a, SWAP, 0)]


def protect(state: State, effects: list[Effect]) -> None:
    """Ask every affected seat holding protection, in order, before cups move (DAL-41)."""
    state.effects = tuple(e for e in effects if e[2] != 0)
    if not state.effects:
        # DAL-32: a no-effect pile action still ends the turn
        state._events.append(Event("no_effect", {"seat": state.active,
                                                 "card": state.t.card_ids[state.card]}))
        state._end_turn()
        return
    receivers = {e[1] for e in state.effects}
    held = state.held
    state.asked = ask_in_turn(state.active, state.n, include_start=True,
                              who=lambda s: s in receivers and bool(held[s]))
    if state.asked:
        state.stage = PROTECT
        state._events.append(Event("protection_window", {"asked": list(state.asked),
                                                         "effects": effects_json(state)}))
    else:
        execute(state)


def answer(state: State, seat: int, play: str | None, to: int | None) -> None:
    """``seat`` answers its protection question (already vetted): ``play`` is ``None``
    (allow), ``"block"`` or ``"redirect"`` to ``to`` (``None``: cancel, DAL-43). The card
    is discarded after use (DAL-41); each seat answers once per card (DAL-44)."""
    at = my_effect_at(state, seat)
    effect = state.effects[at]
    ev = state._events
    if play is None:
        ev.append(Event("allow", {"seat": seat}))
    else:
        mine = state.held[seat]
        i = held_kind(state, seat, play)
        code = mine[i]
        state.held = put(state.held, seat, (*mine[:i], *mine[i + 1:]))
        state.discard += (code,)
        state.used += (seat,)
        src, dst, k, flags = effect
        changed = (src, dst, k, flags | BLOCKED) if to is None else (
            src, to, k, flags | REDIRECTED)
        state.effects = put(state.effects, at, changed)
        ev.append(Event("protect", {"seat": seat, "card": state.t.card_ids[code],
                                    "play": play, "to": to, "cancelled": to is None}))
    state.answered += (seat,)
    state.asked = state.asked[1:]
    if not state.asked:
        execute(state)


def execute(state: State) -> None:
    """Every pass leaves at the same time (DAL-37): cups set aside before any arrive; a
    blocked effect does not happen at all (DAL-42, DAL-45)."""
    piles = list(state.piles)
    delta = [0] * len(piles)
    done = []
    for src, dst, k, flags in state.effects:
        if flags & BLOCKED:  # DAL-42: it does not happen at all; DAL-45: the others go on
            continue
        if k == SWAP:
            piles[src], piles[dst] = piles[dst], piles[src]
        else:
            delta[src] -= k
            delta[dst] += k
        done.append({"from": src, "to": dst, "cups": "pile" if k == SWAP else k})
    for s, d in enumerate(delta):
        piles[s] += d
    state.piles = tuple(piles)
    state._events.append(Event("pile_action", {"card": state.t.card_ids[state.card],
                                                "moves": done, "piles": list(piles)}))
    state._end_turn()


def effects_json(state: State) -> list[dict[str, Any]]:
    """The effects as a view and an event show them."""
    return [{"from": s, "to": d, "cups": "pile" if k == SWAP else k,
             "redirected": bool(f & REDIRECTED), "blocked": bool(f & BLOCKED)}
            for s, d, k, f in state.effects]
