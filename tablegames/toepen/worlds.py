"""Sampled worlds: a Toepen state redealt as one seat could believe it (for search bots)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, TypeVar

from tablegames.common.errors import StateError

if TYPE_CHECKING:
    from tablegames.toepen.state import State

S = TypeVar("S", bound="State")


def sample_world(state: S, seat: int, rng: Any) -> S:
    """A full state consistent with all ``seat`` has seen; hidden cards redealt.

    Hidden are the other seats' hands, their thrown hands not turned up by a challenge
    (a shown hand thrown in again at the second exchange stays: everybody saw it), and
    the stock. They are redealt uniformly at random except that a seat which did
    not follow a suit this hand gets no card of that suit (a bipartite matching makes
    sure such seats are served first, so the constraint never dead-ends).
    """
    seat = state._one_seat(seat)  # a numpy seat is the plain int it holds from here on
    world, r = state._world(seat, rng)
    known = state.known_cards(seat)
    pool = [c for c in range(32) if not known >> c & 1]
    r.shuffle(pool)
    voids = state.voids()
    # a hand everybody has seen (taken back after a caught bluff) stays as it is
    others = [s for s in range(state.n) if s != seat and not state.hand_shown(s)]
    constrained = [s for s in others if voids[s] and state.hands[s]]
    slots = [(s, i) for s in constrained for i in range(len(state.hands[s]))]
    assign = _match(slots, pool, [voids[s] for s, _ in slots])
    taken = set(assign)
    rest = [c for c in pool if c not in taken]
    new_hands: dict[int, list[int]] = {s: [] for s in constrained}
    for (s, _), c in zip(slots, assign, strict=True):
        new_hands[s].append(c)
    k = 0
    hands = list(world.hands)
    for s in others:
        if s not in new_hands:
            size = len(state.hands[s])
            new_hands[s] = rest[k:k + size]
            k += size
        hands[s] = tuple(sorted(new_hands[s]))
    world.hands = tuple(hands)
    # the laid-away hands are tuples the world shares with this state: new ones
    thrown = list(world.thrown)
    again = None if world.thrown_again is None else list(world.thrown_again)
    set_aside = None if world.set_aside is None else list(world.set_aside)
    for s in range(state.n):
        if s == seat:
            continue
        for mine, theirs, seen in ((thrown, state.thrown, state.revealed),
                                   (again, state.thrown_again, state.again_known()),
                                   (set_aside, state.set_aside, None)):
            if mine is not None and theirs is not None and theirs[s] and (
                    seen is None or not seen[s]):
                size = len(theirs[s])
                mine[s] = tuple(sorted(rest[k:k + size]))
                k += size
    world.thrown = tuple(thrown)
    world.thrown_again = None if again is None else tuple(again)
    world.set_aside = None if set_aside is None else tuple(set_aside)
    world.stock = tuple(rest[k:])
    assert len(world.stock) == len(state.stock)
    return world


def _match(slots: list[tuple[int, int]], pool: list[int], voids: list[set[int]]) -> list[int]:
    """Assign one card of ``pool`` to each slot avoiding its void suits (Kuhn's matching)."""
    owner: dict[int, int] = {}

    def place(i: int, seen: set[int]) -> bool:
        for c in pool:
            if c >> 3 in voids[i] or c in seen:
                continue
            seen.add(c)
            if c not in owner or place(owner[c], seen):
                owner[c] = i
                return True
        return False

    for i in range(len(slots)):
        if not place(i, set()):
            raise StateError("no deal is consistent with what this seat has seen")
    out = [0] * len(slots)
    for c, i in owner.items():
        out[i] = c
    return out


def known_cards(state: State, seat: int) -> int:
    """Every card ``seat`` knows the place of, as a bitmask over card codes.

    Its own hand and what it threw in or set aside; whatever a challenge turned up;
    the hands everybody has seen (a caught bluffer's taken back, ``shown``, also once
    thrown in again at the second exchange); the cards played and withdrawn. The rest
    is hidden from it (sample_world redeals those).
    """
    seen = 0
    for c in state.hands[seat]:
        seen |= 1 << c
    for c in state.thrown[seat]:
        seen |= 1 << c
    again, aside, again_known = state.again(), state.aside(), state.again_known()
    for c in again[seat]:
        seen |= 1 << c
    for c in aside[seat]:
        seen |= 1 << c
    for s in range(state.n):
        if state.revealed[s]:
            for c in state.thrown[s]:
                seen |= 1 << c
        if again_known[s]:  # turned up, or the shown hand thrown in whole
            for c in again[s]:
                seen |= 1 << c
        if state.hand_shown(s):
            for c in state.hands[s]:
                seen |= 1 << c
    for _, played, _ in state.tricks:
        for _, c in played:
            seen |= 1 << c
    for _, c in state.trick:
        seen |= 1 << c
    for _, c in state.gone():
        seen |= 1 << c
    return seen
