"""Phase 10's sampled worlds: a full state consistent with what one seat has seen
(``State.sample_world``), for search bots that plan over the hidden cards."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, TypeVar

from tablegames.common.errors import SeatError, StateError
from tablegames.phase10.cards import N_FACES, PACK, counts_of

if TYPE_CHECKING:
    from tablegames.phase10.state import State

S = TypeVar("S", bound="State")


def sample_world(state: S, seat: int, rng: Any = None) -> S:
    """A full state consistent with all ``seat`` has seen; hidden cards redealt.

    Seen, and kept where they are: ``seat``'s hand, every laid group, the whole discard
    pile, and the cards other seats took from the discard pile and have not played
    since (``known_cards``). Everything else — the rest of the other hands and the draw pile
    — is redealt at random from a pool built from those public facts alone, in card
    order (never from the real hands or the real stock); hand sizes and pile sizes
    never change. After a rebuild this hand the draw pile can only hold cards that went
    into it (less those ``seat`` drew since), so the new draw pile is a random choice
    among those and the other hands get the rest. (That keeps every hard constraint; it
    does not weigh worlds by how likely the others' play made them: the search does
    that itself, choosing among these worlds by :mod:`tablegames.phase10.infer`'s
    likelihood.) What the others
    drew since the rebuild is their secret, so the world does not carry it.
    """
    if seat is None:
        raise SeatError("sample_world needs the seat whose knowledge it keeps")
    world, r = state._world(seat, rng)
    unseen = list(PACK.counts)
    seen = list(state.hands[seat]) + list(state.discard)
    seen += [c for row in state.laid for _, _, body in row for c in body]
    seen += [c for s in range(state.n) if s != seat for c in state.known_cards[s]]
    for c in seen:
        unseen[c] -= 1
    stock_size = len(state.stock)
    if state.rebuilt is None:
        pool = [c for c in range(N_FACES) for _ in range(unseen[c])]
        r.shuffle(pool)
        stock = pool[:stock_size]
        rest = pool[stock_size:]
    else:
        could = counts_of(state.rebuilt)
        for c in state.drawn[seat]:
            could[c] -= 1
        cand = [c for c in range(N_FACES) for _ in range(max(0, min(could[c], unseen[c])))]
        r.shuffle(cand)
        stock = cand[:stock_size]
        left = list(unseen)
        for c in stock:
            left[c] -= 1
        rest = [c for c in range(N_FACES) for _ in range(left[c])]
        r.shuffle(rest)
    world.stock = tuple(stock)
    world.drawn = tuple(d if s == seat else () for s, d in enumerate(state.drawn))
    hands = list(state.hands)
    k = 0
    for s in range(state.n):
        if s == seat:
            continue
        size = len(hands[s]) - len(state.known_cards[s])
        hands[s] = tuple(sorted([*state.known_cards[s], *rest[k:k + size]]))
        k += size
    world.hands = tuple(hands)
    if k != len(rest) or len(stock) != stock_size:
        raise StateError("no deal is consistent with what this seat has seen")
    return world
