"""Phase 10's sampled worlds: a full state consistent with what one seat has seen
(``State.sample_world``), for search bots that plan over the hidden cards."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Any, TypeVar, overload

from tablegames.common.errors import SeatError, StateError
from tablegames.phase10.actions import Discard, Draw, Hit, Lay, Take
from tablegames.phase10.cards import (
    N_FACES,
    PACK,
    PLAYED,
    REBUILT,
    SKIP,
    counts_of,
    log_chunks,
    log_codes,
)
from tablegames.phase10.infer import _hand_start

if TYPE_CHECKING:
    from tablegames.phase10.state import State

S = TypeVar("S", bound="State")

#: How many of a seat's demands :func:`_repair` tries to swap sources with, per source.
_SWAPS = 6
#: The budget of :func:`_label`, in work, not time (the same rng gives the same world on
#: every machine): the repair's tries and their steps in all, the search's nodes.
REPAIR_TRIES = 3
#: The repair's steps in all, over its tries (see :data:`REPAIR_TRIES`).
REPAIR_STEPS = 1_000_000
#: The nodes the search visits at most when the repair gives up.
SEARCH_NODES = 20_000
#: The search's other bound: sources looked at, in all (choosing a demand's sources and
#: checking each choice walk the sources up to its window). Many times the nodes, so in
#: a hand of up to 49 rebuilt piles the nodes run out first, as they did before this bound.
SEARCH_WORK = 50 * SEARCH_NODES


class _Received(Sequence[int]):
    """A seat's slots received from each source by one of its demands (``recv``), without
    a list per demand (found by helper-72: a list of every source per demand made a save of
    10,000 empty rebuilt piles and 10,000 plays cost 800 MB). ``total``: the seat's slots
    from each source in all (a list shared by its demands, complete once its log is read);
    every source before ``window`` had given all of them by then, ``window`` ``now``, the
    later ones none."""

    __slots__ = ("now", "total", "window")

    def __init__(self, total: list[int], window: int, now: int) -> None:
        self.total, self.window, self.now = total, window, now

    def __len__(self) -> int:
        return len(self.total)

    @overload
    def __getitem__(self, e: int) -> int: ...
    @overload
    def __getitem__(self, e: slice) -> Sequence[int]: ...
    def __getitem__(self, e: int | slice) -> int | Sequence[int]:
        if isinstance(e, slice):
            return [self[k] for k in range(len(self.total))[e]]
        if e < 0:
            e += len(self.total)
        if not 0 <= e < len(self.total):
            raise IndexError(e)
        return self.total[e] if e < self.window else self.now if e == self.window else 0


#: A demand: ``(window, seat, card, recv, place)`` (see :func:`_label`).
Demand = tuple[int, int, int, Sequence[int], int]

#: Under ``Rules.lay_when_able`` (P10-40), the most worlds :func:`sample_world` deals to
#: find one in which no seat could have laid at a discard it made without laying: a
#: count, not a time, so the same rng gives the same world on every machine.
LAY_TRIES = 64
#: Before any rebuild, the most tries :func:`sample_world` makes instead: each deals again
#: only the seat found laying (:func:`_redealt`), but every :data:`WHOLE_EVERY`-th deals
#: a whole world again (a seat can be left no deal that keeps it by the cards the other
#: seats hold). Counts, not times (found by helper-189).
SEAT_TRIES = 256
#: See :data:`SEAT_TRIES`.
WHOLE_EVERY = 32
#: The Gibbs sweeps :func:`_swept` makes over a world kept after dealing seats again
#: (counts, not times; found by helper-192). One was measured to leave no bias a
#: sample of 4,000 worlds shows; more changed nothing measured (see
#: :func:`sample_world`).
SWEEPS = 1
#: The most deals of one seat in one step of a sweep (see :func:`_swept`).
SWEEP_TRIES = 64

#: A discard made without laying (P10-40 under ``lay_when_able``), as the table saw it:
#: ``(seat, draws, plays, known, card, last)``: the seat had made ``draws`` draws and
#: played ``plays`` cards it had not taken so far this hand (its ``hand_log``'s codes),
#: held the taken cards ``known`` (sorted) and discarded ``card``; ``last``: it has not
#: acted since, so its hand then is its hand now and ``card``.
Moment = tuple[int, int, int, tuple[int, ...], int, bool]


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
    ``drawn`` alone (:func:`_after_rebuild`).

    Placing the played cards is a search with a budget of work (:data:`REPAIR_STEPS`,
    :data:`SEARCH_NODES`; counted, not timed, so the same rng gives the same world on
    every machine; every pile looked at is counted, so many rebuilt piles do not make a
    step dearer). Should it run out (rare with 2-4 seats; 2 of 200 worlds of one long
    5-seat hand with 7 piles, measured by helper-74 at about 45-65 ms a world), the
    world is dealt as for a hand not recorded, from the rng as it was before the search;
    it keeps the record's public part (so a world of it runs the same search and comes
    to the same world), and its logs' draws are its own: since the last rebuild its
    ``drawn``, before it cards of the pile each draw came from
    (:func:`_draws_unlabelled`). Such a world still keeps ``seat``'s hand and draws, the
    table, the discard pile, the cards seen taken, every hand size and the draw pile's
    size, and the draw pile and the draws since the last rebuild hold only cards that
    pile could give (engine 1's bound); it may contradict the rest of the record: an
    earlier rebuilt pile, or a card a seat played before the draw that could have
    brought it.

    A world of ``seat`` is dealt so too, without a search, when ``seat``'s own log does
    not explain its hand face by face (its hidden hand and plays less its draws, the
    hand it was dealt, holds a face a negative number of times, or more than the pack
    left beside its draws): never in a real game, but the other seats of a world past
    the budget have such logs (the world draws their earlier cards from the piles, not
    from their hands), and a save made like one loads as it cannot be told from such a
    world. Labelled, such a seat's worlds gave the others too many copies of a face to
    draw before the first rebuild and were refused on reload (found by helper-208 and
    helper-209; 393 of 400 worlds of the other seats of worlds past the budget,
    measured by helper-210). Decided from the seat's own hand and log alone.

    Under ``Rules.lay_when_able`` (P10-40's strict reading) a discard made without laying
    says the hand could then lay no phase, or the engine would have refused it. So for
    each other seat not down, each of its discards this hand (:func:`_no_lay_moments`,
    read from the public history) is kept: its hand then, in the world (its hand now,
    less the world's draws since, plus the cards played since, with the taken cards it
    held then), is one in which the engine's own lay-down search finds nothing
    (``State.could_lay_from``). Worlds are dealt again, the rng going on, until one keeps
    them all. Before any rebuild this hand a try deals again only the seat whose moment
    broke first (:func:`_kept`'s order): its hidden cards, the draw pile and the hidden
    cards of the seats with no moment to keep, with their hand logs (:func:`_redealt`);
    the seats already kept keep their cards, so a try costs one seat's chance, not the
    product of every seat's; every :data:`WHOLE_EVERY`-th try deals a whole world again
    (the cards a seat needs can sit with seats already kept), at most
    :data:`SEAT_TRIES` tries. After a rebuild (a seat's cards came from several piles,
    so they cannot simply be swapped with the draw pile) every try is a whole world, at
    most :data:`LAY_TRIES`. Counts, not times: the same rng gives the same world on every
    machine, and a world of a world makes the same tries. Past the budget the first world
    that kept the most of them, in :func:`_kept`'s order, is returned, and it may
    contradict the rest. Not kept: the discards of a seat that has laid since
    (the phases open to it then are not those open now), any in a hand whose history
    does not replay (a lean search world, a game set up from a position within the
    hand), and, in a hand not recorded, all but a seat's last discard with nothing done
    since. Measured by helper-76 (random and eager bots, two games a count, a world every
    fifth action for every seat): worlds contradicting such a discard, before: 14-20% at
    2 seats, 35-41% at 4, 38-54% at 5 and 6; with whole worlds dealt again, 3 of 2,350
    at 2, none of 4,800 at 4, 6 of 6,000 at 5 and 15 of 7,200 at 6 (the budget's
    fallback), at 1.3-3.9 worlds dealt a world; cost a world 0.3-0.9 ms median and 5-16
    ms at the 90th percentile (0.06-0.11 ms and 0.1-0.7 ms before), the history's replay
    and the lay-down searches. That fallback came in bursts, a hand few whole deals keep:
    6 seats of random bots, seed 4311147, a world every sixth action for every seat, had
    50 of 180 worlds past the budget (28.2 worlds dealt a world, 8.6 ms median, 32 ms at
    the 90th percentile), as one seat had taken most of its cards and discarded ten
    times without laying (about 3 deals of its hidden cards in 100 keep them all, and
    three other seats' must be kept too: at one moment no whole deal of 600 kept all);
    one 5-seat hand of eager bots (seed 0, a world every sixth action) had 12 of 150.
    Dealing again only the seat found laying (helper-189): none of 180 and none of 150
    past the budget (22.5 and 7.2 tries a world, 2.1 and 2.4 ms median, 29 and 9 ms at
    the 90th percentile, 105 ms at most); the fixed games of the tests (2-6 seats, 800
    worlds) had none before or after, at 2.0-3.3 tries a world (1.9-4.8 worlds before)
    and 0.2-1.1 ms median.

    Drawn as rejection draws them (helper-192): a world kept by a whole deal is drawn
    exactly as plain rejection of whole deals draws it (each whole deal is fresh), but
    one kept after dealing seats again was not: each seat kept was drawn given the cards
    of the seats kept before it, not given all of them (measured with
    ``benchmarks/p10_world_bias.py`` on the hard hand above, step 84, seat 5's worlds,
    4,000 of each against rejection with no budget: over 143 (seat, face) pairs, how
    often the seat holds the face, the squared z-scores summed to 277, where two
    samplers alike give about 143; the largest difference 0.059, seat 3 holding a Wild,
    where the noise's standard deviation is at most 0.011). So such a world is then
    swept (:func:`_swept`, :data:`SWEEPS` Gibbs sweeps): each seat with a moment, in
    turn, dealt again with the draw pile and the seats with none until its moments are
    kept, the others held; that is the posterior's own conditional for the seat, so a
    sweep leaves a world drawn from the posterior as it is, and forgets where the first
    deals stood. Measured after one sweep: the hard hand's sum 121 (a second sample of
    worlds: 164; 2 sweeps: 147 and 144), largest difference 0.021-0.027; the same hand
    at step 114 (1,000 worlds; rejection needs 420 whole deals a world) 101 over 122
    pairs, 114 and 102 after 2 and 3 sweeps (130 before: no difference shows at that
    size); and a hand made to be biased (``test_p10_worlds_posterior``: seat 1 may hold
    two Wilds, seats 2-4 none; exact mean of its Wilds 0.756): 0.467 before, 0.760 after
    one sweep (0.765 and 0.759 after 2 and 3; 3,000 worlds, noise 0.013). Not exact in
    law (a Gibbs chain from where it started), but no measurement tells it from
    rejection. Cost, CPU time a world: the hard hand 2.8 ms median, 4.6 ms at the 90th
    percentile (1.4 and 2.8 before; rejection 5.0 and 16); at step 114 11.7 and 23 ms
    (6.7 and 19 before; rejection 51 and 168); the fixed games of the tests, 2-6 seats,
    0.10-1.14 ms median and 0.55-2.7 ms at the 90th percentile (0.12-0.63 and 0.55-1.6
    before). A step is bounded (:data:`SWEEP_TRIES` deals; one that runs out keeps the
    seat as it was, which leaves the posterior as it is too, as its chance depends only
    on the cards held); a world kept past the budget is not swept (it keeps fewer than
    all), nor is one with a single seat to keep (its deals are whole deals of the hidden
    cards). After a rebuild every try is a whole deal, so a world kept is drawn exactly
    as rejection draws it, as before. The default rules never come here: their worlds
    are the worlds they were.

    Not kept either way: what a seat's other choices say about its cards (which card it
    discarded, whether it took the discard). Worlds are not weighed by how likely the
    others' play made them: the search does that itself, choosing among these worlds by
    :mod:`tablegames.phase10.infer`'s likelihood.
    """
    if seat is None:
        raise SeatError("sample_world needs the seat whose knowledge it keeps")
    seat = state._one_seat(seat)  # a numpy seat is the plain int it holds from here on
    world, r = _dealt(state, seat, rng)
    if not state.rules.lay_when_able:
        return world
    moments = _no_lay_moments(state, seat)
    if not moments:
        return world
    # P10-40 under lay_when_able: worlds are dealt again (from the same rng, which goes on)
    # until one has no seat that could have laid where it discarded without laying; past
    # the budget the first that kept the most of those discards is kept. Before any
    # rebuild only the seat found laying is dealt again (with the draw pile and the seats
    # with nothing to keep): the others keep theirs (found by helper-189)
    bound = {m[0] for m in moments}
    most, broken = _kept(world, moments)
    best = world
    one_pack = state.rebuilt is None
    whole = True  # ``world`` was dealt whole (so, once kept, drawn as rejection draws it)
    for k in range(1, SEAT_TRIES if one_pack else LAY_TRIES):
        if most == len(moments):
            break
        whole = not (one_pack and k % WHOLE_EVERY)
        if not whole:  # P10-40: deal again the seat found laying
            world = _redealt(state, world, [t for t in range(state.n) if t != seat
                                            and (t == broken or t not in bound)], r)
        else:
            world, _ = _dealt(state, seat, r)
        kept, broken = _kept(world, moments)
        if kept > most:
            best, most = world, kept
    if most == len(moments) and not whole and len(bound) > 1:
        # kept after dealing seats again: drawn from where the first deals stood, so
        # swept to the posterior (found by helper-192); with one seat to keep, each of
        # its deals was a whole deal of the hidden cards already
        best = _swept(state, best, seat, moments, r)
    return best


def _swept(state: S, world: S, seat: int, moments: list[Moment], r: Any) -> S:
    """``world``, a world before any rebuild that keeps every one of ``moments``, after
    :data:`SWEEPS` Gibbs sweep(s): each seat with a moment, in seat order, dealt again
    (:func:`_redealt`, with the draw pile and the seats with no moment) until its
    moments are kept, at most :data:`SWEEP_TRIES` deals, else left as it was.

    Why (P10-40 under ``lay_when_able``): the posterior is a whole deal kept by
    rejection. Given the other seats with moments, dealing a seat again until it keeps
    its own is a draw from the posterior's conditional for that seat (the others'
    moments do not depend on its cards; :func:`_redealt` is the whole deal restricted
    to these cards); a step that runs out of deals keeps the world, and how likely that
    is depends only on the cards held fixed, so each step, and each sweep, leaves the
    posterior as it is. The world :func:`sample_world` first kept is drawn from where
    its first deals stood (each seat given the seats kept before it), not from the
    posterior; sweeps forget that start."""
    bound = sorted({m[0] for m in moments})
    free = [t for t in range(state.n) if t != seat and t not in bound]
    for _ in range(SWEEPS):
        for t in bound:
            mine = [m for m in moments if m[0] == t]
            seats = sorted([t, *free])
            for _ in range(SWEEP_TRIES):
                again = _redealt(state, world, seats, r)
                if _kept(again, mine)[0] == len(mine):
                    world = again
                    break
    return world


def _unseen(hand: Sequence[int], known: Sequence[int]) -> list[int]:
    """Per face, the cards of ``hand`` the table did not see its seat take (``known``,
    the seat's ``known_cards``): the cards a world deals again."""
    held = counts_of(hand)
    for c in known:
        held[c] -= 1
    return held


def _redealt(state: S, world: S, seats: list[int], r: Any) -> S:
    """A copy of ``world``, a world dealt before any rebuild, with the hidden cards of
    ``seats`` and the draw pile dealt again among them at random (hand and pile sizes
    kept) and those seats' hand logs drawn again (:func:`_log_for`); every other card
    stays where it is.

    Why it is still a world of the seat (P10-59): before a rebuild every hidden card came
    from the one pack, so any deal of the unseen cards to the hidden slots, with logs
    drawn from each hand, is a history the seat cannot tell from the real one; this is
    one. Why it is fair among them: given the other seats' cards, this is the deal
    :func:`_dealt` makes, restricted to these seats (its uniform shuffle of the same
    cards)."""
    out = world.copy()
    pool = list(world.stock)
    sizes = []
    for t in seats:
        held = _unseen(world.hands[t], state.known_cards[t])
        hidden = [c for c in range(N_FACES) for _ in range(held[c])]
        sizes.append(len(hidden))
        pool += hidden
    r.shuffle(pool)
    k = len(world.stock)
    out.stock = tuple(pool[:k])
    hands = list(world.hands)
    for t, size in zip(seats, sizes, strict=True):
        hands[t] = tuple(sorted([*state.known_cards[t], *pool[k:k + size]]))
        k += size
    out.hands = tuple(hands)
    if state.sources is not None:
        logs = list(world.hand_log)
        for t in seats:
            if logs[t]:
                logs[t] = _log_for(state, out, t, r)
        out.hand_log = tuple(logs)
    return out


def _dealt(state: S, seat: int, rng: Any) -> tuple[S, Any]:
    """One world dealt as :func:`sample_world` describes, before the ``lay_when_able``
    check; and the rng it drew from (``rng`` itself when it is an ``Rng``)."""
    world, r = state._world(seat, rng)
    recorded = state.sources is not None
    if recorded and state.rebuilt is not None:
        start = r.state
        if _after_rebuilds(state, world, seat, r):
            return world, r
        # over budget, or the seat's own log does not explain its hand face by face
        # (see sample_world): dealt as an unrecorded hand, from the rng as it was before the
        # search; the world keeps the record's public part (a world of it runs the same
        # search with the same rng, and so comes here too)
        r.state = start
        recorded = False
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
    if recorded:
        world.hand_log = _draws_for(state, world, seat, r)
    elif state.sources is not None:
        world.hand_log = _draws_unlabelled(state, world, seat, r)
    return world, r


def _no_lay_moments(state: State, seat: int) -> list[Moment]:
    """Each discard another seat, not down now, made this hand without laying, read from
    the public history (P10-40 under ``lay_when_able``: its hand then could lay no phase
    it may lay, or the engine would have refused the discard).

    The hand's actions are found as :mod:`~tablegames.phase10.infer` finds them; a card
    taken is the one discarded just before (the first action of a hand takes the card
    turned up, ``sources[0]``'s one that is not a Skip). A seat's moments are kept only
    if this replay lands on what the state holds: its hand size, the cards it was seen
    to take and still holds, and (for a recorded hand) its log's number of draws and of
    cards played. Without a record (``sources`` is ``None``) only a last discard is
    kept: the world's hand now and that card. ``[]`` when the history cannot be read (a
    lean search world, a game set up from a position within the hand)."""
    if state.lean:
        return []
    start = _hand_start(state)
    if start is None:
        return []
    n, sources, history = state.n, state.sources, state.history
    turned = [c for c in (sources[0] if sources else ()) if c != SKIP] or [SKIP]
    top: int | None = turned[0] if sources else None  # the discard pile's top card, if known
    draws, plays, held = [0] * n, [0] * n, [state.rules.hand_size] * n
    known: list[list[int]] = [[] for _ in range(n)]
    lost = [False] * n  # a take of a card the replay does not know
    down = [False] * n
    last = [-1] * n
    found: list[tuple[int, int, int, tuple[int, ...], int, int]] = []

    def remove(s: int, c: int) -> None:  # as the engine's _remove: a taken copy goes first
        held[s] -= 1
        if c in known[s]:
            known[s].remove(c)
        else:
            plays[s] += 1

    for i in range(start, len(history)):
        a = history[i]
        s = a.seat
        last[s] = i
        kind = type(a)
        if kind is Draw:
            draws[s] += 1
            held[s] += 1
        elif kind is Take:
            held[s] += 1
            if top is None:
                lost[s] = True
            else:
                known[s].append(top)
            top = None
        elif kind is Lay:
            down[s] = True
            for g in a.groups:  # type: ignore[attr-defined]
                for c in g.cards:
                    remove(s, c)
        elif kind is Hit:
            remove(s, a.card)  # type: ignore[attr-defined]
        elif kind is Discard:
            c = a.card  # type: ignore[attr-defined]
            if not down[s] and s != seat:
                found.append((s, draws[s], plays[s], tuple(sorted(known[s])), c, i))
            remove(s, c)
            top = c
    good = set()
    for s in range(n):
        if s == seat or not state.playing[s] or state.down[s] or lost[s]:
            continue
        if held[s] != len(state.hands[s]) or sorted(known[s]) != sorted(state.known_cards[s]):
            continue
        if sources is not None:
            log = log_codes(state.hand_log[s])
            if (draws[s], plays[s]) != (sum(c < PLAYED for c in log),
                                        sum(PLAYED <= c < REBUILT for c in log)):
                continue
        good.add(s)
    return [(s, d, q, k, c, i == last[s]) for s, d, q, k, c, i in found
            if s in good and (sources is not None or i == last[s])]


def _kept(world: State, moments: list[Moment]) -> tuple[int, int]:
    """How many of ``moments`` (:func:`_no_lay_moments`) ``world`` keeps before the first
    it contradicts (all of them: it contradicts none), and the seat of that first one
    (-1: none): a moment is contradicted when the
    seat's hand then, in this world, could lay (the engine's own search,
    ``could_lay_from``). Judged in a fixed order, the cheapest and likeliest first: each
    seat's last discard (its hand now and that card), then each seat's earlier ones from
    the newest back. A hand then is the world's hand now, less the draws since (the
    world's log), plus the cards played since, with the taken cards it held then; a
    moment whose hand the world's log cannot give (a world dealt past the labelling's
    budget, whose log need not add up) is not judged, and counts as kept."""
    kept = 0
    by_seat: dict[int, list[Moment]] = {}
    for m in moments:
        if m[5]:
            if world.could_lay_from(m[0], tuple(sorted((*world.hands[m[0]], m[4])))):
                return kept, m[0]
            kept += 1
        else:
            by_seat.setdefault(m[0], []).append(m)
    for s, ms in by_seat.items():
        hidden = _unseen(world.hands[s], world.known_cards[s])
        got: list[int] = []
        gave: list[int] = []
        for code in log_codes(world.hand_log[s]) if world.sources is not None else ():
            if code < PLAYED:
                got.append(code)
            elif code < REBUILT:
                gave.append(code - PLAYED)
        for _, d, q, known, _, _ in reversed(ms):
            if world.sources is None or len(got) < d or len(gave) < q:
                kept += 1
                continue
            while len(got) > d:
                hidden[got.pop()] -= 1
            while len(gave) > q:
                hidden[gave.pop()] += 1
            if min(hidden) >= 0:
                then = list(hidden)
                for c in known:
                    then[c] += 1
                cards: list[int] = []
                for c, k in enumerate(then):
                    if k:
                        cards += [c] * k
                hand = tuple(cards)
                if world.could_lay_from(s, hand):
                    return kept, s
            kept += 1
    return kept, -1


def _draws_for(state: State, world: State, seat: int, r: Any,
               ) -> tuple[tuple[tuple[int, ...], ...], ...]:
    """The world's hand logs before any rebuild: each other seat's is :func:`_log_for`."""
    logs = list(state.hand_log)
    for s in range(state.n):
        if s != seat and logs[s]:
            logs[s] = _log_for(state, world, s, r)
    return tuple(logs)


def _log_for(state: State, world: State, s: int, r: Any) -> tuple[tuple[int, ...], ...]:
    """Seat ``s``'s world hand log before any rebuild: its draws are cards of its world
    hand or cards it played after them (from one pack, so any such choice is a history
    that leads to the world: walking the log backwards, a draw takes one of the cards
    the seat held just after it)."""
    log = list(log_codes(state.hand_log[s]))
    held = _unseen(world.hands[s], state.known_cards[s])
    pending = [c for c in range(N_FACES) for _ in range(held[c])]
    for i in range(len(log) - 1, -1, -1):
        code = log[i]
        if code >= PLAYED:
            pending.append(code - PLAYED)
        elif not pending:  # a draw no hand size allows (the load refuses such logs)
            raise StateError("no deal is consistent with what this seat has seen")
        else:
            j = r.below(len(pending))
            pending[j], pending[-1] = pending[-1], pending[j]
            log[i] = pending.pop()
    return log_chunks(log)


def _draws_unlabelled(state: State, world: State, seat: int, r: Any,
                      ) -> tuple[tuple[tuple[int, ...], ...], ...]:
    """The hand logs of a world dealt as an unrecorded hand after :func:`_label` ran out
    of budget: the seat's own as it is; each other seat's draws since the last rebuild
    are its world ``drawn``, and its earlier draws cards of the pile each was drawn
    from (dealt at random from what the seat did not get of it). Its plays stay as the
    table saw them, so they may not be cards the world's draws brought."""
    sources = state.sources or ()
    last = len(sources) - 1
    pools = [counts_of(p) for p in sources]
    pools[0] = [PACK.counts[c] - pools[0][c] for c in range(N_FACES)]  # less turned up
    epoch = 0
    for code in log_codes(state.hand_log[seat]):
        if code == REBUILT:
            epoch += 1
        elif code < PLAYED:
            pools[epoch][code] -= 1
    cards = [[c for c in range(N_FACES) for _ in range(max(0, pool[c]))] for pool in pools]
    for pile in cards:
        r.shuffle(pile)
    logs = list(state.hand_log)
    for s in range(state.n):
        if s == seat or not logs[s]:
            continue
        seq = list(log_codes(logs[s]))
        since = list(world.drawn[s])
        epoch = 0
        for i, code in enumerate(seq):
            if code == REBUILT:
                epoch += 1
            elif code < PLAYED:
                pile = since if epoch == last else cards[epoch]
                if not pile:
                    raise StateError("no deal is consistent with what this seat has seen")
                seq[i] = pile.pop(0) if epoch == last else pile.pop()
        logs[s] = log_chunks(seq)
    return tuple(logs)


def _after_rebuilds(state: State, world: State, seat: int, r: Any) -> bool:
    """Deal ``world``'s hidden cards after a rebuild, from the hand's record (see
    :func:`sample_world`).

    Each source of cards (0: the pack, ``e``: the ``e``-th rebuilt pile) supplied the
    deals and draws of its time; less what ``seat`` itself got from it, what it supplied
    to the others (and, for the last, the draw pile) is known as a whole. A card another
    seat played that it had not taken came from one of its draws or deals before that;
    :func:`_label` picks the source of each such card, then each source's other cards are
    shuffled onto its other draws and deals, the last one's onto the draw pile too.
    ``False``: :func:`_label` ran out of budget, or ``seat``'s own log does not
    explain its hand face by face (before any search); ``world`` is untouched.
    """
    n, sources = state.n, state.sources or ()
    last = len(sources) - 1
    supply = [counts_of(p) for p in sources]
    supply[0] = [PACK.counts[c] - supply[0][c] for c in range(N_FACES)]  # less turned up
    # the seat's own cards: it knows which source gave it each
    own = _unseen(state.hands[seat], state.known_cards[seat])
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
    # P10-59: a seat's log explains its hand face by face in a real game (no face dealt
    # a negative number of times, no source giving more than it held). Not so in a
    # world past the budget (its other seats' draws are not read from their hands), nor
    # in a save made like one, which the load cannot refuse: a negative face here gave
    # the others its copies to draw from the pack once too often, and the world was
    # refused on reload (found by helper-208, helper-209; helper-210). So such a seat's
    # worlds are dealt as for a hand not recorded, which reads the seat's draws and not
    # its dealt hand; decided from its own hand and log alone, before the rng is used
    if min(own) < 0 or any(min(row) < 0 for row in supply):
        return False
    # the others: their deals and draws ("slots", each from one source) and the cards
    # they played from them ("demands", each placed in a slot before it)
    slot_epochs: dict[int, list[int]] = {}
    # per seat and source, its slots from it in the order received
    slots_of: dict[int, list[list[int]]] = {}
    draw_slot: dict[int, dict[int, int]] = {}
    demands: list[Demand] = []
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
        mine: list[list[int]] = [[] for _ in range(last + 1)]
        mine[0] = list(range(dealt))
        where: dict[int, int] = {}
        recv = [dealt] + [0] * last
        epoch = 0
        for i, code in enumerate(log):
            if code == REBUILT:
                epoch += 1
            elif code >= PLAYED:
                demands.append((epoch, s, code - PLAYED, _Received(recv, epoch, recv[epoch]), i))
            else:
                where[i] = len(epochs)
                mine[epoch].append(len(epochs))
                epochs.append(epoch)
                recv[epoch] += 1
        slot_epochs[s], slots_of[s], draw_slot[s] = epochs, mine, where
    demands.sort(key=lambda d: (d[0], d[1], d[4]))
    labels = _label(demands, supply, last, r)
    if labels is None:
        return False
    # each demand takes a slot of its source received before it
    taken: dict[int, dict[int, int]] = {s: {} for s in slot_epochs}  # slot -> card
    for (_, s, card, had, _), e in zip(demands, labels, strict=True):
        # slots are received in order (the deal, then the draws): these came before it
        # (only that source's, so a demand costs at most one pile's draws, not the hand's)
        free = [j for j in slots_of[s][e][:had[e]] if j not in taken[s]]
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
        for s, mine in slots_of.items():
            for j in mine[e]:
                if j not in taken[s]:
                    if k == len(pool):  # more draws than the pile held (refused at load)
                        raise StateError("no deal is consistent with what this seat has seen")
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
    return True


def _label(demands: list[Demand], supply: list[list[int]],
           last: int, r: Any) -> list[int] | None:
    """The source of each demand ``(window, seat, card, recv, place)``: a source no later
    than the demand's window with a copy of the card left (``supply``, reduced in place),
    and of which the seat had received more slots by then (``recv``) than it had used
    for its demands up to then, at every one of them (so each demand has a slot of its
    source received before it). ``None``: the budget ran out (see below).

    Two kinds of room are shared: a source's copies of a card (by every seat) and a
    seat's slots from a source (by all its cards). No flow network keeps both (a demand
    must take both from the same source), so this is a search, and a bounded one: the
    same rng must give the same world on every machine, so the bounds count work, not
    time. First a repair (:func:`_repair`, at most :data:`REPAIR_STEPS` steps over its
    :data:`REPAIR_TRIES` tries): each seat's demands, in order, get sources its slots
    allow (the first try the oldest source with a copy left, which leaves the newer
    sources to the later demands that can use them; the next tries at random), then a
    card a source is short of is moved to another source, or swapped with another demand
    of that seat, until no source is short. Should those fail, a depth-first search
    (:func:`_search`, at most :data:`SEARCH_NODES` nodes) decides. The real history is
    one answer, so one exists for a state play made; a search that runs out of budget
    returns ``None`` and :func:`sample_world` deals the world as for a hand not
    recorded. How rare that is: none of 4,011 worlds sampled after a rebuild in random
    house-rules and standard games of 2-4 seats; at 5-6 seats now and then (2 of 200
    worlds of a long 5-seat hand; helper-72 found 13 of 4,280 at 5-6 seats with the
    smaller repair budget before). Work: linear in the record (each pile's faces, each
    logged card) plus the budget, whatever the record holds."""
    need = [[0] * (last + 1) for _ in range(N_FACES)]
    for w, _, c, _, _ in demands:
        need[c][w] += 1
    if not all(_hall(need[c], supply, c, last) for c in range(N_FACES)):
        raise StateError("no deal is consistent with what this seat has seen")
    steps = [REPAIR_STEPS]
    for attempt in range(REPAIR_TRIES):
        labels = _repair(demands, supply, last, r, steps, oldest=attempt == 0)
        if labels is not None:
            for (_, _, c, _, _), e in zip(demands, labels, strict=True):
                supply[e][c] -= 1
            return labels
    return _search(demands, supply, need, last, r, SEARCH_NODES)


def _repair(demands: list[Demand], supply: list[list[int]],
            last: int, r: Any, steps: list[int], *, oldest: bool) -> list[int] | None:
    """:func:`_label` by repair ("min-conflicts"): ``None`` once ``steps[0]`` (shared by
    the tries, reduced in place) is spent: a step is a move or a demand looked at while
    checking one. ``oldest``: the first sources each seat's demands get are the oldest
    with a copy left (else a random one of those).

    A seat's slots from a source ``e`` are received at its deal (``e`` 0) and at its draws
    while ``e`` was the draw pile, so only two things bound its demands labelled ``e``:
    within window ``e``, at each demand, those so far are at most the slots received so
    far; after window ``e``, all of them are at most all its slots from ``e``
    (:func:`_fits`). A move relabels one demand (or swaps the sources of two demands of
    one seat) and checks just those windows, so a move costs the length of a window,
    not of the seat's whole hand (the whole-hand check made one world of a two-seat hand
    of 540 demands cost 15 s).
    """
    m = len(demands)
    # the setup walks every source's faces (``used``, ``short``): charged first, so a try
    # costs the budget whatever the number of sources (found by helper-72)
    steps[0] -= 2 * (last + 1) * N_FACES + m
    if steps[0] <= 0:
        return None
    used = [[0] * N_FACES for _ in range(last + 1)]
    labels = [-1] * m
    seats: dict[int, list[int]] = {}
    for i, d in enumerate(demands):
        seats.setdefault(d[1], []).append(i)
    window: dict[tuple[int, int], list[int]] = {}  # (seat, window): its demands, in order
    for ids in seats.values():
        ids.sort(key=lambda i: demands[i][4])
        for i in ids:
            window.setdefault((demands[i][1], demands[i][0]), []).append(i)
    # per seat: its last window with a demand, its slots per source by its last demand
    # (all it got from each earlier source) and how many of its demands each source has
    late = {s: demands[ids[-1]][0] for s, ids in seats.items()}
    total = {s: demands[ids[-1]][3] for s, ids in seats.items()}
    count = {s: [0] * (last + 1) for s in seats}
    holds: dict[tuple[int, int], list[int]] = {}  # (seat, source): its demands labelled so
    here: dict[tuple[int, int], list[int]] = {}  # (source, card): the demands labelled so

    def fits(s: int, e: int, change: dict[int, int]) -> bool:
        """Whether seat ``s``'s demands labelled ``e`` (with ``change`` made) have slots
        (a step for the source, even with no demand in that window, and one per demand)."""
        steps[0] -= 1 + len(window.get((s, e), ()))
        if late[s] > e and count[s][e] + sum(
            (v == e) - (labels[i] == e) for i, v in change.items()
        ) > total[s][e]:
            return False
        k = 0
        for i in window.get((s, e), ()):
            if change.get(i, labels[i]) == e:
                k += 1
                if k > demands[i][3][e]:
                    return False
        return True

    def relabel(i: int, e: int) -> None:
        _, s, c, _, _ = demands[i]
        old = labels[i]
        if old >= 0:
            used[old][c] -= 1
            count[s][old] -= 1
            holds[s, old].remove(i)
            here[old, c].remove(i)
        labels[i] = e
        used[e][c] += 1
        count[s][e] += 1
        holds.setdefault((s, e), []).append(i)
        here.setdefault((e, c), []).append(i)

    for ids in seats.values():  # sources each seat's slots allow, copies left first
        taken = [0] * (last + 1)
        for i in ids:
            w, _, c, recv, _ = demands[i]
            steps[0] -= w + 1  # the sources up to its window, looked at
            if steps[0] <= 0:
                return None
            opts = [e for e in range(w + 1) if recv[e] > taken[e]]
            if not opts:
                raise StateError("no deal is consistent with what this seat has seen")
            good = [e for e in opts if used[e][c] < supply[e][c]] or opts
            e = good[0] if oldest else good[r.below(len(good))]
            taken[e] += 1
            relabel(i, e)
    short = {(e, c) for e in range(last + 1) for c in range(N_FACES)
             if used[e][c] > supply[e][c]}
    while steps[0] > 0:
        steps[0] -= 1 + len(short)  # the move, and the sort of what is short
        if not short:
            return labels
        order = sorted(short)
        e, c = order[r.below(len(order))]
        ids = here[e, c]
        i = ids[r.below(len(ids))]
        w, s, _, _, _ = demands[i]
        # the moves that keep the seat's slots: (sources left short after it, move)
        moves: list[tuple[int, int, int]] = []  # (cost, source, the demand swapped or -1)
        for e2 in range(w + 1):
            if e2 == e:
                continue
            miss = used[e2][c] >= supply[e2][c]
            if fits(s, e2, {i: e2}):
                moves.append((miss, e2, -1))
                continue
            # a swap: another demand of the seat from e2 takes e (a few of them, tried)
            steps[0] -= len(holds.get((s, e2), ()))
            others = [j for j in holds.get((s, e2), ()) if demands[j][0] >= e]
            for _ in range(min(_SWAPS, len(others))):
                j = others.pop(r.below(len(others)))
                change = {i: e2, j: e}
                if fits(s, e2, change) and fits(s, e, change):
                    c2 = demands[j][2]
                    moves.append((miss + (used[e][c2] >= supply[e][c2])
                                  - (used[e2][c2] > supply[e2][c2]), e2, j))
        if not moves:
            continue
        low = min(cost for cost, _, _ in moves)
        pick = moves if not r.below(10) else [mv for mv in moves if mv[0] == low]
        _, e2, j = pick[r.below(len(pick))]
        relabel(i, e2)
        if j >= 0:
            relabel(j, e)
        for key in ((e, c), (e2, c), *(((e, demands[j][2]), (e2, demands[j][2]))
                                        if j >= 0 else ())):
            if used[key[0]][key[1]] > supply[key[0]][key[1]]:
                short.add(key)
            else:
                short.discard(key)
    return labels if not short else None


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


def _search(demands: list[Demand], supply: list[list[int]],
            need: list[list[int]], last: int, r: Any, limit: int) -> list[int] | None:
    """:func:`_label` by depth-first search, the demands in their order (by window, then
    seat, then place: each seat's earlier demands are labelled before its later ones, so
    a demand may take source ``e`` while its seat has used fewer of its slots from ``e``
    than it had received by then), the sources of each in a random order, heavier (more
    slots and copies) first; a choice that leaves a card's later demands too few copies
    (:func:`_hall`) is not taken. ``None`` after ``limit`` nodes (a node: a source tried
    for a demand) or :data:`SEARCH_WORK` sources looked at (a node checks them all, a
    demand's choices walk those up to its window), everything put back as it was;
    ``supply`` is reduced by the answer."""
    m = len(demands)
    labels = [-1] * m
    used: dict[int, list[int]] = {s: [0] * (last + 1) for _, s, _, _, _ in demands}
    tries: list[list[int]] = []

    def put(k: int, e: int, step: int) -> None:
        w, s, c, _, _ = demands[k]
        supply[e][c] -= step
        used[s][e] += step
        need[c][w] -= step

    nodes = work = 0  # work: sources looked at, bounded by SEARCH_WORK (helper-72)

    def give_up() -> None:
        for j in range(k - 1, -1, -1):
            put(j, labels[j], -1)

    k = 0
    while k < m:
        w, s, c, recv, _ = demands[k]
        if len(tries) == k:
            work += w + 1  # the sources up to its window, walked twice
            if work > SEARCH_WORK:
                give_up()
                return None
            opts = [e for e in range(w + 1) if supply[e][c] > 0 and used[s][e] < recv[e]]
            work += len(opts) ** 2  # _weighted's ordering of them
            if work > SEARCH_WORK:
                give_up()
                return None
            tries.append(_weighted(opts, [recv[e] * supply[e][c] for e in range(w + 1)], r))
        opts = tries[k]
        while opts:
            nodes += 1
            work += last + 1  # _hall walks every source
            if nodes > limit or work > SEARCH_WORK:
                give_up()
                return None
            e = opts.pop()
            put(k, e, 1)
            if _hall(need[c], supply, c, last):
                labels[k] = e
                break
            put(k, e, -1)
        else:  # no source left for this demand: back to the one before
            tries.pop()
            if k == 0:  # no answer at all: cannot happen for a state play made
                raise StateError("no deal is consistent with what this seat has seen")
            k -= 1
            put(k, labels[k], -1)
            labels[k] = -1
            continue
        k += 1
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
