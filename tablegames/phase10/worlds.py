"""Phase 10's sampled worlds: a full state consistent with what one seat has seen
(``State.sample_world``), for search bots that plan over the hidden cards."""

from __future__ import annotations

from bisect import insort
from typing import TYPE_CHECKING, Any, TypeVar

from tablegames.common.errors import SeatError, StateError
from tablegames.phase10.cards import (
    N_FACES,
    PACK,
    PLAYED,
    REBUILT,
    counts_of,
    log_chunks,
    log_codes,
)

if TYPE_CHECKING:
    from tablegames.phase10.state import State

S = TypeVar("S", bound="State")


def sample_world(state: S, seat: int, rng: Any = None) -> S:
    """A full state consistent with all ``seat`` has seen; hidden cards redealt.

    Seen, and kept where they are: ``seat``'s hand and its own draws, every laid group,
    the whole discard pile, and the cards other seats took from the discard pile and have
    not played since (``known_cards``). Everything else — the rest of the other hands and
    the draw pile — is redealt at random from pools built from those public facts alone,
    in card order (never from the real hands or the real stock); hand sizes and pile
    sizes never change.

    What the table saw happen this hand is kept too (``sources`` and ``hand_log``): where
    the hand's cards came from (the pack, then each pile the draw pile was rebuilt from,
    P10-59), when each seat drew, and which cards it played that it had not taken. So in
    a world every hidden card got into its hand by a draw that could bring it: a card a
    seat played was in its hand before it played it, each of a seat's draws came from the
    pile it was drawn from, and the draw pile holds what is left of the last rebuilt pile
    (found by helper-54: after a rebuild a world could give a face's last hidden copy to
    a seat that had no draw to get it, as a card laid or taken before the rebuild was not
    told apart from a rebuilt copy). Without a rebuild this is the uniform deal of the
    unseen cards; after one, each card a seat played that it had not taken is first
    placed in a source that can still supply it (:func:`_label`), then the rest of each
    source is dealt uniformly to the draws and deals it supplied. The world's logs hold
    its own draws, so a world of a world samples exactly as the world does.

    A hand not recorded (``sources`` is ``None``: begun in a save of engine 1 or a
    position without those lines) is judged as engine 1 did, from ``rebuilt`` and
    ``drawn`` alone (:func:`_after_rebuild`). Not kept either way: what a seat's choices
    say about its cards (a seat that did not lay under ``lay_when_able`` could not). Worlds
    are not weighed by how likely the others' play made them: the search does that
    itself, choosing among these worlds by :mod:`tablegames.phase10.infer`'s likelihood.
    """
    if seat is None:
        raise SeatError("sample_world needs the seat whose knowledge it keeps")
    world, r = state._world(seat, rng)
    if state.sources is not None and state.rebuilt is not None:
        _after_rebuilds(state, world, seat, r)
        return world
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
    if state.sources is not None:
        world.hand_log = _draws_for(state, world, seat, r)
    return world


def _draws_for(state: State, world: State, seat: int, r: Any,
               ) -> tuple[tuple[tuple[int, ...], ...], ...]:
    """The world's hand logs before any rebuild: each other seat's draws are cards of its
    world hand or cards it played after them (from one pack, so any such choice is a
    history that leads to the world: walking the log backwards, a draw takes one of the
    cards the seat held just after it)."""
    logs = list(state.hand_log)
    for s in range(state.n):
        if s == seat or not logs[s]:
            continue
        log = list(log_codes(logs[s]))
        held = counts_of(world.hands[s])
        for c in state.known_cards[s]:
            held[c] -= 1
        pending = [c for c in range(N_FACES) for _ in range(held[c])]
        for i in range(len(log) - 1, -1, -1):
            code = log[i]
            if code >= PLAYED:
                pending.append(code - PLAYED)
            else:
                j = r.below(len(pending))
                pending[j], pending[-1] = pending[-1], pending[j]
                log[i] = pending.pop()
        logs[s] = log_chunks(log)
    return tuple(logs)


def _after_rebuilds(state: State, world: State, seat: int, r: Any) -> None:
    """Deal ``world``'s hidden cards after a rebuild, from the hand's record (see
    :func:`sample_world`).

    Each source of cards (0: the pack, ``e``: the ``e``-th rebuilt pile) supplied the
    deals and draws of its time; less what ``seat`` itself got from it, what it supplied
    to the others (and, for the last, the draw pile) is known as a whole. A card another
    seat played that it had not taken came from one of its draws or deals before that;
    :func:`_label` picks the source of each such card, then each source's other cards are
    shuffled onto its other draws and deals, the last one's onto the draw pile too.
    """
    n, sources = state.n, state.sources or ()
    last = len(sources) - 1
    supply = [counts_of(p) for p in sources]
    supply[0] = [PACK.counts[c] - supply[0][c] for c in range(N_FACES)]  # less turned up
    # the seat's own cards: it knows which source gave it each
    own = counts_of(state.hands[seat])
    for c in state.known_cards[seat]:
        own[c] -= 1
    epoch = 0
    for code in log_codes(state.hand_log[seat]):
        if code == REBUILT:
            epoch += 1
        elif code >= PLAYED:
            own[code - PLAYED] += 1
        else:
            supply[epoch][code] -= 1
            own[code] -= 1
    for c in range(N_FACES):  # what is left of its hand is what it was dealt
        supply[0][c] -= own[c]
    # the others: their deals and draws ("slots", each from one source) and the cards
    # they played from them ("demands", each placed in a slot before it)
    slot_epochs: dict[int, list[int]] = {}
    draw_slot: dict[int, dict[int, int]] = {}
    demands: list[tuple[int, int, int, tuple[int, ...], int]] = []
    for s in range(n):
        if s == seat or not state.playing[s]:
            continue
        log = log_codes(state.hand_log[s])
        plays = sum(PLAYED <= code < REBUILT for code in log)
        draws = sum(code < PLAYED for code in log)
        dealt = len(state.hands[s]) - len(state.known_cards[s]) - draws + plays
        if dealt < 0:
            raise StateError("no deal is consistent with what this seat has seen")
        epochs = [0] * dealt
        where: dict[int, int] = {}
        recv = [dealt] + [0] * last
        epoch = 0
        for i, code in enumerate(log):
            if code == REBUILT:
                epoch += 1
            elif code >= PLAYED:
                demands.append((epoch, s, code - PLAYED, tuple(recv), i))
            else:
                where[i] = len(epochs)
                epochs.append(epoch)
                recv[epoch] += 1
        slot_epochs[s], draw_slot[s] = epochs, where
    if any(min(row) < 0 for row in supply):
        raise StateError("no deal is consistent with what this seat has seen")
    demands.sort(key=lambda d: (d[0], d[1], d[4]))
    labels = _label(demands, supply, last, r)
    # each demand takes a slot of its source received before it
    taken: dict[int, dict[int, int]] = {s: {} for s in slot_epochs}  # slot -> card
    for (_, s, card, had, _), e in zip(demands, labels, strict=True):
        # slots are received in order (the deal, then the draws): these came before it
        free = [j for j in range(sum(had)) if slot_epochs[s][j] == e and j not in taken[s]]
        taken[s][free[r.below(len(free))]] = card
    # the rest of each source onto its free slots (and the last onto the draw pile)
    stock_size = len(state.stock)
    faces: dict[int, dict[int, int]] = {s: dict(taken[s]) for s in slot_epochs}
    stock: list[int] = []
    for e in range(last + 1):
        pool = [c for c in range(N_FACES) for _ in range(supply[e][c])]
        r.shuffle(pool)
        if e == last:
            stock, pool = pool[:stock_size], pool[stock_size:]
        k = 0
        for s, epochs in slot_epochs.items():
            for j, ej in enumerate(epochs):
                if ej == e and j not in taken[s]:
                    faces[s][j] = pool[k]
                    k += 1
        if k != len(pool) or (e == last and len(stock) != stock_size):
            raise StateError("no deal is consistent with what this seat has seen")
    hands, logs, drawn = list(state.hands), list(state.hand_log), list(state.drawn)
    for s, epochs in slot_epochs.items():
        held = [faces[s][j] for j in range(len(epochs)) if j not in taken[s]]
        hands[s] = tuple(sorted([*state.known_cards[s], *held]))
        seq = list(log_codes(state.hand_log[s]))
        for i, j in draw_slot[s].items():
            seq[i] = faces[s][j]
        logs[s] = log_chunks(seq)
        drawn[s] = tuple(faces[s][j] for j, ej in enumerate(epochs) if ej == last)
    world.hands, world.hand_log, world.drawn = tuple(hands), tuple(logs), tuple(drawn)
    world.stock = tuple(stock)


def _label(demands: list[tuple[int, int, int, tuple[int, ...], int]], supply: list[list[int]],
           last: int, r: Any) -> list[int]:
    """The source of each demand ``(window, seat, card, recv, place)``: a source no later
    than the demand's window with a copy of the card left (``supply``, reduced in place),
    and of which the seat had received more slots by then (``recv``) than it had used
    for its demands up to then, at every one of them (so each demand has a slot of its
    source received before it).

    Two kinds of room are shared: a source's copies of a card (by every seat) and a
    seat's slots from a source (by all its cards). No flow network keeps both (a demand
    must take both from the same source), so this is a search. First a repair
    (:func:`_repair`): each seat's demands get sources its slots allow, then a card a
    source is short of is moved to another source, or swapped with another demand of
    that seat, until no source is short; a few tries in new random orders. Should those
    fail, a complete depth-first search (:func:`_search`) decides. The real history is
    one answer, so one exists for a state play made."""
    m = len(demands)
    need = [[0] * (last + 1) for _ in range(N_FACES)]
    # per seat: its slots from each source that a demand could use (those it had by its
    # last demand), less those used
    room: dict[int, list[int]] = {}
    for w, s, c, recv, _ in demands:  # in the order of each seat's play
        need[c][w] += 1
        room[s] = list(recv)
    if not all(_hall(need[c], supply, c, last) for c in range(N_FACES)):
        raise StateError("no deal is consistent with what this seat has seen")
    for _ in range(4):
        labels = _repair(demands, supply, last, r, 20 * m + 2000)
        if labels is not None:
            for (_, _, c, _, _), e in zip(demands, labels, strict=True):
                supply[e][c] -= 1
            return labels
    labels = _search(demands, supply, need, room, last, r, 0)
    assert labels is not None  # no limit: an answer or a StateError
    return labels


def _repair(demands: list[tuple[int, int, int, tuple[int, ...], int]], supply: list[list[int]],
            last: int, r: Any, limit: int) -> list[int] | None:
    """:func:`_label` by repair ("min-conflicts"): ``None`` after ``limit`` moves."""
    m = len(demands)
    used = [[0] * N_FACES for _ in range(last + 1)]
    labels = [-1] * m
    seats: dict[int, list[int]] = {}
    for i, d in enumerate(demands):
        seats.setdefault(d[1], []).append(i)
    for ids in seats.values():
        ids.sort(key=lambda i: demands[i][4])

    def seat_ok(s: int) -> bool:
        """Each demand of ``s`` has a slot of its source received before it."""
        taken = [0] * (last + 1)
        for i in seats[s]:
            e = labels[i]
            taken[e] += 1
            if taken[e] > demands[i][3][e]:
                return False
        return True

    for ids in seats.values():  # sources each seat's slots allow, copies left first
        taken = [0] * (last + 1)
        for i in ids:
            w, _, c, recv, _ = demands[i]
            opts = [e for e in range(w + 1) if recv[e] > taken[e]]
            if not opts:
                raise StateError("no deal is consistent with what this seat has seen")
            good = [e for e in opts if used[e][c] < supply[e][c]] or opts
            e = good[r.below(len(good))]
            labels[i] = e
            taken[e] += 1
            used[e][c] += 1
    for _ in range(limit):
        short = [(e, c) for e in range(last + 1) for c in range(N_FACES)
                 if used[e][c] > supply[e][c]]
        if not short:
            return labels
        e, c = short[r.below(len(short))]
        here = [i for i in range(m) if labels[i] == e and demands[i][2] == c]
        i = here[r.below(len(here))]
        w, s, _, _, _ = demands[i]
        # the moves that keep the seat's slots: (sources left short after it, move)
        moves: list[tuple[int, int, int]] = []  # (cost, source, the demand swapped or -1)
        for e2 in range(w + 1):
            if e2 == e:
                continue
            labels[i] = e2
            miss = used[e2][c] >= supply[e2][c]
            if seat_ok(s):
                moves.append((miss, e2, -1))
            else:
                for j in seats[s]:
                    if j != i and labels[j] == e2 and demands[j][0] >= e:
                        labels[j] = e
                        if seat_ok(s):
                            c2 = demands[j][2]
                            moves.append((miss + (used[e][c2] >= supply[e][c2])
                                          - (used[e2][c2] > supply[e2][c2]), e2, j))
                        labels[j] = e2
            labels[i] = e
        if not moves:
            continue
        low = min(cost for cost, _, _ in moves)
        pick = moves if not r.below(10) else [mv for mv in moves if mv[0] == low]
        _, e2, j = pick[r.below(len(pick))]
        labels[i] = e2
        used[e][c] -= 1
        used[e2][c] += 1
        if j >= 0:
            c2 = demands[j][2]
            labels[j] = e
            used[e2][c2] -= 1
            used[e][c2] += 1
    return None


def _hall(need: list[int], supply: list[list[int]], c: int, last: int) -> bool:
    """Whether the demands of card ``c`` by each window (``need``) have copies enough in
    the sources up to it."""
    want = have = 0
    for j in range(last + 1):
        want += need[j]
        have += supply[j][c]
        if want > have:
            return False
    return True


def _search(demands: list[tuple[int, int, int, tuple[int, ...], int]], supply: list[list[int]],
            need: list[list[int]], room: dict[int, list[int]], last: int, r: Any, limit: int,
            ) -> list[int] | None:
    """One run of :func:`_label`'s search (``None``: over ``limit`` steps, everything
    put back as it was; ``limit`` 0: no limit)."""
    m = len(demands)
    labels = [-1] * m
    free = set(range(m))
    held: dict[tuple[int, int], list[tuple[int, int]]] = {}  # (seat, source): (place, recv)
    tie = {d: r.below(1 << 30) for d in range(m)}
    stack: list[tuple[int, list[int]]] = []

    def sources(d: int) -> list[int]:
        w, s, c, recv, _ = demands[d]
        row = room[s]
        return [e for e in range(w + 1) if supply[e][c] > 0 and row[e] > 0 and recv[e] > 0]

    def place(d: int, e: int) -> bool:
        w, s, c, recv, at = demands[d]
        row = held.setdefault((s, e), [])
        insort(row, (at, recv[e]))
        supply[e][c] -= 1
        room[s][e] -= 1
        need[c][w] -= 1
        if all(k < cap for k, (_, cap) in enumerate(row)) and _hall(need[c], supply, c, last):
            labels[d] = e
            return True
        unplace(d, e)
        return False

    def unplace(d: int, e: int) -> None:
        w, s, c, recv, at = demands[d]
        held[s, e].remove((at, recv[e]))
        supply[e][c] += 1
        room[s][e] += 1
        need[c][w] += 1
        labels[d] = -1

    steps = 0
    pick: tuple[int, list[int]] | None = None
    while free or pick is not None:
        steps += 1
        if limit and steps > limit:
            for d, _ in reversed(stack):
                unplace(d, labels[d])
            return None
        if pick is None:
            best = min(free, key=lambda d: (len(sources(d)), tie[d]))
            w, _, c, recv, _ = demands[best]
            opts = sources(best)
            pick = (best, _weighted(opts, [recv[e] * supply[e][c] if e in opts else 0
                                           for e in range(w + 1)], r))
        d, opts = pick
        placed = False
        while opts:
            if place(d, opts.pop()):
                placed = True
                break
        if placed:
            free.discard(d)
            stack.append((d, opts))
            pick = None
            continue
        free.add(d)
        if not stack:  # no answer at all: cannot happen for a state play made
            raise StateError("no deal is consistent with what this seat has seen")
        d, opts = stack.pop()
        unplace(d, labels[d])
        free.add(d)
        pick = (d, opts)
    return labels


def _weighted(items: list[int], weights: list[int], r: Any) -> list[int]:
    """``items`` in a random order, heavier first more often (popped from the end)."""
    out: list[int] = []
    items = list(items)
    while items:
        total = sum(weights[e] for e in items)
        x = r.below(total) if total > 0 else 0
        for k, e in enumerate(items):
            x -= weights[e]
            if x < 0 or k == len(items) - 1:
                out.append(items.pop(k))
                break
    out.reverse()
    return out


def _after_rebuild(
    state: State, seat: int, unseen: list[int], slots: dict[int, int],
    dealt: dict[int, list[int]], r: Any,
) -> tuple[list[int], list[int], tuple[tuple[int, ...], ...]]:
    """The draw pile, the rest of the hidden cards and the draws of a world after a rebuild
    in a hand not recorded (``sources`` is ``None``: engine 1's dealing, kept for the hand
    an engine-1 save was made in; it can break what the seat saw, see
    :func:`sample_world`).

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
