"""Every distinct way to lay a phase from a hand: the lay-down enumerator.

The space is kept small by counting only what a player could tell apart:

* cards of equal face are interchangeable, so a hand is a count per face and a group is a
  multiset of faces (two red sevens give one way to use "a red seven", not two);
* groups for equal requirements are unordered (phase 1's two sets of 3 are listed once,
  in sorted order, not twice);
* a Wild's value is spelled out only where it matters: its position in a run. In a set it
  is the set's number, in a colour group its colour, so no choices multiply there;
* groups are laid at exactly their required size. Extra cards (P10-43) are added by
  hitting the new groups in the same turn, which reaches every larger lay-down while each
  decision's list stays short (see the P10-43 ruling).

Hands that cannot hold the phase at all (most of them) are ruled out first by a cheap
per-requirement count (:func:`most_naturals`). The state memoises the resulting actions
per seat and hand, since bots and the conformance kit ask again within a turn.

**Bounded.** A house phase list can make the number of lay-downs explode (six small
requirements of a 17-card hand full of Wilds allow over a million). The enumerator
therefore stops after :data:`LAY_CAP` lay-downs, or when it has spent
:data:`SEARCH_BUDGET` steps of work, whichever comes first, and lists what it found so far
in its canonical order. The ten standard phases never come near either bound (the most
any 11-card hand allows is 330, seven cards of one colour out of eleven). Every legal
lay-down stays expressible: ``apply`` checks a lay-down by the rules, not against the
list, so one that the capped list leaves out is still accepted (see the P10-40 ruling).
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence

from tablegames.phase10.cards import FACES_OF_COLOUR, FACES_OF_NUMBER, WILD
from tablegames.phase10.groups import OPEN, Group
from tablegames.phase10.rules import RUN, SET, Phase

Layout = tuple[Group, ...]

#: The most lay-downs one listing holds (the standard phases never allow more than 330).
LAY_CAP = 1000
#: Steps of work (candidate groups built plus search nodes) one listing may spend.
SEARCH_BUDGET = 200_000


class _Budget:
    """Work left for one enumeration; ``stop`` once the cap or the budget is reached."""

    __slots__ = ("left", "limit", "stop")

    def __init__(self, limit: int, work: int) -> None:
        self.limit = limit
        self.left = work
        self.stop = False


def lay_downs(
    counts: Sequence[int], phase: Phase, per_group: bool = True, limit: int = LAY_CAP,
    open_wilds: bool = False,
) -> tuple[Layout, ...]:
    """The distinct lay-downs of ``phase`` from a hand given as counts per face.

    ``per_group``: every group needs a natural card (P10-54); otherwise one natural card
    in the whole phase is enough (the literal reading). Layouts come in a stable order,
    their groups in canonical order (``Group.sort_key``). At most ``limit`` come back, and
    fewer if the search budget runs out first (see the module docstring): the result is
    every lay-down whenever there are at most ``limit`` of them and the phase is one of
    the standard ten. ``open_wilds`` (``Rules(wild_groups="open")``): an all-Wild set or
    colour group is one open group, not one per number or colour.
    """
    need = sum(size for _, size in phase)
    held = sum(counts) - counts[49]
    if limit <= 0 or held < need or not all(
        _may_fill(kind, size, counts, per_group) for kind, size in phase
    ):
        return ()
    budget = _Budget(limit, SEARCH_BUDGET)
    pools: dict[tuple[int, int], _Pool] = {}
    for req in sorted(set(phase)):
        pool: _Pool = []
        for g in candidates(req[0], req[1], counts, per_group, open_wilds):
            pool.append((g, _needs(g), g.sort_key))
            budget.left -= 1
            if budget.left <= 0:
                break
        pools[req] = pool
    found: list[Layout] = []
    _search(list(counts), phase, 0, [], per_group, found, pools, budget)
    return tuple(found)


def most_naturals(kind: int, size: int, counts: Sequence[int]) -> int:
    """The most natural cards of ``counts`` one group of a requirement can use (at most
    ``size``): the largest number or colour, or the run window holding most numbers."""
    if kind == RUN:
        have = [0] * 13
        for n in range(1, 13):
            for f in FACES_OF_NUMBER[n]:
                if counts[f]:
                    have[n] = 1
                    break
        return max(sum(have[start:start + size]) for start in range(1, 14 - size))
    best = 0
    for faces in FACES_OF_NUMBER[1:] if kind == SET else FACES_OF_COLOUR:
        total = 0
        for f in faces:
            total += counts[f]
        if total > best:
            best = total
    return min(best, size)


def _may_fill(kind: int, size: int, counts: Sequence[int], per_group: bool) -> bool:
    """Whether one requirement alone has a group in ``counts`` (a quick necessary test).

    Most hands a bot or a playout asks about hold no phase at all; this rules them out
    with a few sums instead of generating every candidate group of every requirement.
    """
    most = most_naturals(kind, size, counts)
    return most >= (1 if per_group else 0) and most + counts[WILD] >= size


_Pool = list[tuple[Group, tuple[tuple[int, int], ...], tuple[int, int, int, tuple[int, ...]]]]


def _search(
    counts: list[int], phase: Phase, i: int, chosen: list[Group], per_group: bool,
    out: list[Layout], pools: dict[tuple[int, int], _Pool], budget: _Budget,
) -> None:
    """Fill requirement ``i`` onwards from ``counts`` (decremented in place).

    Each requirement's candidates are generated once, from the whole hand (``pools``,
    with each group's card counts and sort key); deeper levels only keep those the cards
    left can still supply. Generating them anew for what is left after each choice would
    repeat the costly run search per set. The last requirement's candidates are written
    out directly rather than by one more call each, the bulk of the calls otherwise.
    """
    req = phase[i]
    last = i == len(phase) - 1
    floor = chosen[-1].sort_key if i and phase[i - 1] == req else None
    budget.left -= 1
    if budget.left <= 0:
        budget.stop = True
        return
    for g, need, key in pools[req]:
        if floor is not None and key < floor:
            continue
        for f, k in need:
            if counts[f] < k:
                break
        else:
            if last:
                if per_group or g.naturals or any(c.naturals for c in chosen):
                    out.append((*chosen, g))
                    if len(out) >= budget.limit:
                        budget.stop = True
                        return
                continue
            for f, k in need:
                counts[f] -= k
            chosen.append(g)
            _search(counts, phase, i + 1, chosen, per_group, out, pools, budget)
            chosen.pop()
            for f, k in need:
                counts[f] += k
            if budget.stop:
                return


def _needs(g: Group) -> tuple[tuple[int, int], ...]:
    """The cards of a group as (face, count) pairs, for quick feasibility checks."""
    out: dict[int, int] = {}
    for c in g.cards:
        out[c] = out.get(c, 0) + 1
    return tuple(out.items())


def candidates(
    kind: int, size: int, counts: Sequence[int], need_natural: bool, open_wilds: bool = False,
) -> Iterator[Group]:
    """Every canonical group of one requirement that ``counts`` can supply."""
    if kind == RUN:
        return _runs(size, counts, need_natural)
    return _same_key(kind, size, counts, need_natural, open_wilds)


def _submultisets(faces: Sequence[int], counts: Sequence[int], most: int) -> Iterator[tuple[int, ...]]:
    """Sorted tuples of at most ``most`` cards drawn from ``faces`` (with their counts)."""
    if not faces:
        yield ()
        return
    head, rest = faces[0], faces[1:]
    for k in range(min(counts[head], most) + 1):
        for tail in _submultisets(rest, counts, most - k):
            yield (head,) * k + tail


def _same_key(
    kind: int, size: int, counts: Sequence[int], need_natural: bool, open_wilds: bool,
) -> Iterator[Group]:
    """Sets (one number) and colour groups (one colour): naturals sharing the key, topped
    up with Wilds, which stand for the key whatever their place. An all-Wild group is one
    open group when ``open_wilds``, else one per number or colour."""
    wilds = counts[WILD]
    low = 1 if need_natural or open_wilds else 0
    if open_wilds and not need_natural and wilds >= size:
        yield Group(kind, OPEN, (WILD,) * size)
    keys = range(1, 13) if kind == SET else range(4)
    table = FACES_OF_NUMBER if kind == SET else FACES_OF_COLOUR
    for key in keys:
        faces = [f for f in table[key] if counts[f]]
        for picks in _submultisets(faces, counts, size):
            k = len(picks)
            if k >= low and size - k <= wilds:
                yield Group(kind, key, picks + (WILD,) * (size - k))


def _runs(size: int, counts: Sequence[int], need_natural: bool) -> Iterator[Group]:
    wilds = counts[WILD]
    # options[number]: the faces of that number in hand
    options = [[f for f in FACES_OF_NUMBER[n] if counts[f]] for n in range(13)]
    for start in range(1, 14 - size):
        window = range(start, start + size)
        gaps = sum(1 for n in window if not options[n])
        if gaps > wilds or (need_natural and gaps == size):
            continue
        yield from _fill_run(start, size, options, wilds, need_natural)


def _fill_run(
    start: int, size: int, options: list[list[int]], wilds: int, need_natural: bool,
) -> Iterator[Group]:
    cards: list[int] = []

    def place(pos: int, wilds_left: int, naturals: int) -> Iterator[Group]:
        if pos == size:
            if naturals or not need_natural:
                yield Group(RUN, start, tuple(cards))
            return
        number = start + pos
        # positions still to fill that have no natural must be left enough Wilds
        for f in options[number]:
            cards.append(f)
            yield from place(pos + 1, wilds_left, naturals + 1)
            cards.pop()
        if wilds_left:
            later_gaps = sum(1 for n in range(number + 1, start + size) if not options[n])
            if later_gaps <= wilds_left - 1:
                cards.append(WILD)
                yield from place(pos + 1, wilds_left - 1, naturals)
                cards.pop()

    return place(0, wilds, 0)
