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
    never change. After a rebuild this hand (:func:`_after_rebuild`) the draw pile holds
    only cards that went into it, less those ``seat`` drew since, and another seat holds
    at most as many of them as it drew since. Not kept after a rebuild: that a card
    taken from the discard pile or laid before the rebuild was no rebuilt copy (the
    state does not record when a card was taken or laid), so such a world can put the
    face's last hidden copy in a hand that had no draw to get it (found by helper-54).
    Worlds are not weighed by how likely the others' play made them: the search does
    that itself, choosing among these worlds by :mod:`tablegames.phase10.infer`'s
    likelihood.
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
    others = [s for s in range(state.n) if s != seat]
    slots = {s: len(state.hands[s]) - len(state.known_cards[s]) for s in others}
    dealt: dict[int, list[int]] = {s: [] for s in others}
    if state.rebuilt is None:
        pool = [c for c in range(N_FACES) for _ in range(unseen[c])]
        r.shuffle(pool)
        stock = pool[:stock_size]
        rest = pool[stock_size:]
    else:
        stock, rest, drawn = _after_rebuild(state, seat, unseen, slots, dealt, r)
        world.drawn = drawn
    world.stock = tuple(stock)
    hands = list(state.hands)
    k = 0
    for s in others:
        size = slots[s] - len(dealt[s])
        hands[s] = tuple(sorted([*state.known_cards[s], *dealt[s], *rest[k:k + size]]))
        k += size
    world.hands = tuple(hands)
    if k != len(rest) or len(stock) != stock_size:
        raise StateError("no deal is consistent with what this seat has seen")
    return world


def _after_rebuild(
    state: State, seat: int, unseen: list[int], slots: dict[int, int],
    dealt: dict[int, list[int]], r: Any,
) -> tuple[list[int], list[int], tuple[tuple[int, ...], ...]]:
    """The draw pile, the rest of the hidden cards and the draws of a world after a rebuild.

    Every card of the rebuilt pile (public: the discard pile it came from) was drawn
    since by somebody or is still in the draw pile, and how often each seat drew since
    is public. So of each face at most ``rebuilt - drawn by seat`` hidden copies can come
    from the rebuilt pile, and at most ``pack - rebuilt - copies seat held from before``
    from elsewhere; the excess over the latter are rebuilt cards for sure ("forced"),
    in the draw pile or in the hand of a seat that drew at least that many since (found
    by helper-47: they went to any hand, a Skip to a seat that had not drawn since all
    four Skips went into the pile). The draw pile takes the forced cards the drawers'
    hands have no room for, then a random choice of rebuilt cards; the drawers get the
    other forced cards (``dealt``, at most their draws each); all other hidden cards
    are shuffled (``rest``).

    The world's draws since the rebuild (``drawn``): the forced cards each seat got,
    made up to its real number of draws with rebuilt cards the world places nowhere
    else. What the others drew is their secret, how many is not, and a world of this
    world samples exactly as this world does.
    """
    n = state.n
    rebuilt, mine = counts_of(state.rebuilt or ()), counts_of(state.drawn[seat])
    before = counts_of(state.hands[seat])  # held since before the rebuild: not rebuilt
    for c in (*state.drawn[seat], *state.known_cards[seat]):
        before[c] = max(0, before[c] - 1)
    could = [min(unseen[c], rebuilt[c] - mine[c]) for c in range(N_FACES)]
    forced = [max(0, unseen[c] - (PACK.counts[c] - rebuilt[c] - before[c]))
              for c in range(N_FACES)]
    draws = {s: len(state.drawn[s]) for s in slots}
    room = [s for s in slots for _ in range(min(draws[s], slots[s]))]
    must = [c for c in range(N_FACES) for _ in range(forced[c])]
    stock_size = len(state.stock)
    over = len(must) - len(room)  # forced cards no drawer's hand has room for
    if any(forced[c] > could[c] for c in range(N_FACES)) or over > stock_size:
        raise StateError("no deal is consistent with what this seat has seen")
    r.shuffle(must)
    stock = must[:max(0, over)]
    free = list(could)
    for c in stock:
        free[c] -= 1
    cand = [c for c in range(N_FACES) for _ in range(free[c])]
    r.shuffle(cand)
    stock += cand[:stock_size - len(stock)]
    in_stock = counts_of(stock)
    kept = [c for c in range(N_FACES) for _ in range(max(0, forced[c] - in_stock[c]))]
    r.shuffle(kept)
    r.shuffle(room)
    for c, s in zip(kept, room, strict=False):
        dealt[s].append(c)
    left = [unseen[c] - in_stock[c] for c in range(N_FACES)]
    spare = [rebuilt[c] - mine[c] - in_stock[c] for c in range(N_FACES)]
    for c in kept:
        left[c] -= 1
        spare[c] -= 1
    rest = [c for c in range(N_FACES) for _ in range(left[c])]
    r.shuffle(rest)
    fill = [c for c in range(N_FACES) for _ in range(spare[c])]
    r.shuffle(fill)
    drawn = list(state.drawn)
    k = 0
    for s in slots:
        more = draws[s] - len(dealt[s])
        drawn[s] = (*dealt[s], *fill[k:k + more])
        k += more
    if k != len(fill) or len(stock) != stock_size or len(drawn) != n:
        raise StateError("no deal is consistent with what this seat has seen")
    return stock, rest, tuple(drawn)
