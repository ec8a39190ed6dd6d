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

**Fast where it matters.** Most hands a bot or a playout asks about hold no phase at all,
and most of those that pass a look at each requirement alone still fail jointly (the
same pair of sevens cannot make both sets of phase 7). :func:`feasible` rules them out
from counts per number and colour before any group is built: each requirement needs
Wilds for what its best number, colour or run window lacks, and all of them together can
use no more natural cards than the top numbers (or colours) hold. Only hands that pass
have their candidate groups generated, at exactly the required size, and searched.

**Bounded.** A house phase list can make the number of lay-downs explode (six small
requirements of a 17-card hand full of Wilds allow over a million). The enumerator
therefore stops after :data:`LAY_CAP` lay-downs, or when it has spent
:data:`SEARCH_BUDGET` steps of work, whichever comes first, and lists what it found so far
in its canonical order. The ten standard phases, dealt ten cards, stay well below both
in every hand a search could find (see :data:`LAY_CAP`). Every legal
lay-down stays expressible: ``apply`` checks a lay-down by the rules, not against the
list, so one that the capped list leaves out is still accepted (see the P10-40 ruling).
"""

from __future__ import annotations

from bisect import bisect_left
from collections.abc import Iterator, Sequence
from itertools import combinations

from tablegames.phase10.cards import FACES_OF_COLOUR, FACES_OF_NUMBER, N_FACES, SKIP, WILD
from tablegames.phase10.cards import NUMBER as _NUMBER
from tablegames.phase10.groups import OPEN, Group
from tablegames.phase10.rules import RUN, SET, Phase

Layout = tuple[Group, ...]

#: The most lay-downs one listing holds. The standard phases, dealt ten cards, stay well
#: below: the most a search over hands found is 809 for one phase (phase 2 with three
#: Wilds), 1,100 under ``naturals="phase"`` and 2,764 for all ten at once under
#: ``phase_choice``.
LAY_CAP = 5000
#: Steps of work one listing may spend: candidate groups built, plus candidates looked at
#: by the search (the largest standard listing needs about 3,000).
SEARCH_BUDGET = 100_000


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
    if limit <= 0 or not feasible(counts, phase, per_group):
        return ()
    return search_lay_downs(counts, phase, per_group, limit, open_wilds)


def search_lay_downs(
    counts: Sequence[int], phase: Phase, per_group: bool, limit: int, open_wilds: bool,
) -> tuple[Layout, ...]:
    """:func:`lay_downs` without the feasibility test (for callers that made it)."""
    return _searched(counts, phase, per_group, limit, open_wilds)[0]


def can_lay(counts: Sequence[int], phase: Phase, per_group: bool = True,
            open_wilds: bool = False) -> bool | None:
    """Whether ``phase`` can be laid from ``counts``, by the exact search: ``True`` (a
    lay-down exists), ``False`` (the whole search ran and found none) or ``None`` (the
    search budget ran out first: not known).

    :func:`feasible` only proves a phase impossible; two groups that each fit the counts
    may still need the same cards (a pair of 3s and a run 3-5 from one 3 too few). A
    caller that must know, such as a blocked hand's test (``State._blocked``), asks this.
    The work is bounded by :data:`SEARCH_BUDGET`, whatever the counts.
    """
    if not feasible(counts, phase, per_group):
        return False
    found, finished = _searched(counts, phase, per_group, 1, open_wilds)
    if found:
        return True
    return False if finished else None


def _searched(
    counts: Sequence[int], phase: Phase, per_group: bool, limit: int, open_wilds: bool,
) -> tuple[tuple[Layout, ...], bool]:
    """The lay-downs found (at most ``limit``), and whether the search finished: it found
    ``limit`` of them or looked at everything; ``False`` when the budget ran out first."""
    budget = _Budget(limit, SEARCH_BUDGET)
    if len(phase) == 1:  # one group is the whole phase: it holds the natural (P10-54)
        kind, size = phase[0]
        out: list[Layout] = []
        for g in candidates(kind, size, counts, True, open_wilds):
            out.append((g,))
            if len(out) >= limit:
                break
        return tuple(out), True
    pools: dict[tuple[int, int], _Pool] = {}
    for req in sorted(set(phase)):
        pool: _Pool = []
        for g in candidates(req[0], req[1], counts, per_group, open_wilds):
            pool.append((g, _packed(g.cards), g.sort_key))
            budget.left -= 1
            if budget.left <= 0:
                break
        pools[req] = pool
    found: list[Layout] = []
    _search(_packed_counts(counts), phase, 0, [], per_group, found, pools, budget)
    return tuple(found), len(found) >= limit or not budget.stop


# ------------------------------------------------------------------ feasibility
#: A hand's natural cards per number (index 1..12) and per colour (0..3), its Wilds and
#: its natural cards in all: what :func:`feasible` reads.
Tally = tuple[list[int], list[int], int, int]
#: The first code past each colour (red 0..11, blue 12..23, ...; Wilds from 48).
_COLOUR_ENDS = (12, 24, 36, WILD)


def tally(counts: Sequence[int]) -> Tally:
    """The :data:`Tally` of a hand given as counts per face."""
    by_number = [0] * 13
    by_colour = [0, 0, 0, 0]
    for colour, faces in enumerate(FACES_OF_COLOUR):
        total = 0
        for n, f in enumerate(faces, 1):
            c = counts[f]
            if c:
                by_number[n] += c
                total += c
        by_colour[colour] = total
    return by_number, by_colour, counts[WILD], sum(by_colour)


def tally_hand(hand: Sequence[int]) -> Tally:
    """The :data:`Tally` of a hand given as its sorted card codes (quicker for a real
    hand): codes are colour-major with Wilds and Skips last, so the colours and the Wilds
    are slices found by bisection and only the numbers need a pass over the naturals."""
    by_number = [0] * 13
    for c in hand:
        if c >= WILD:
            break
        by_number[_NUMBER[c]] += 1
    ends = [bisect_left(hand, b) for b in _COLOUR_ENDS]
    by_colour = [ends[0], ends[1] - ends[0], ends[2] - ends[1], ends[3] - ends[2]]
    return by_number, by_colour, bisect_left(hand, SKIP) - ends[3], ends[3]


def _best_window(by_number: Sequence[int], size: int) -> int:
    """The most distinct numbers any run window of ``size`` holds."""
    have = [1 if c else 0 for c in by_number]
    got = sum(have[1:size])
    best = 0
    for start in range(1, 14 - size):
        got += have[start + size - 1]
        if got > best:
            best = got
        got -= have[start]
    return best


def feasible(counts: Sequence[int], phase: Phase, per_group: bool = True) -> bool:
    """Whether ``phase`` might be laid from ``counts``: ``False`` proves it cannot.

    Necessary conditions only, from counts per number and colour (a few dozen additions,
    against generating every candidate group): enough natural cards for the natural-card
    rule; for each requirement, Wilds for what its best number, colour or run window
    lacks; and for all together, Wilds for what the natural cards they could share at
    most lack. ``m`` sets use at most ``m`` numbers, so they hold no more naturals than
    the ``m`` largest number counts (the same for colour groups); runs, no more than
    their best windows.
    """
    return feasible_tally(tally(counts), phase, per_group)


def feasible_tally(t: Tally, phase: Phase, per_group: bool = True) -> bool:
    """:func:`feasible` from a hand's :data:`Tally` (one tally serves several phases)."""
    by_number, by_colour, wilds, naturals = t
    if naturals < (len(phase) if per_group else 1):
        return False
    need = 0
    short = 0  # Wilds the requirements need one by one
    usable = 0  # naturals all of them could hold at most
    sets: list[int] = []
    colours: list[int] = []
    top_number = max(by_number)
    top_colour = max(by_colour)
    for kind, size in phase:
        need += size
        if kind == RUN:
            best = min(size, _best_window(by_number, size))
            usable += best
        else:
            best = min(size, top_number if kind == SET else top_colour)
            (sets if kind == SET else colours).append(size)
        if per_group and best == 0:
            return False
        short += size - best
    if short > wilds:
        return False
    for sizes, counts in ((sets, by_number), (colours, by_colour)):
        if sizes:
            top = sorted(counts, reverse=True)[:len(sizes)]
            usable += min(sum(sizes), sum(top))
    return need - min(naturals, usable) <= wilds


def most_naturals(kind: int, size: int, counts: Sequence[int]) -> int:
    """The most natural cards of ``counts`` one group of a requirement can use (at most
    ``size``): the largest number or colour, or the run window holding most numbers."""
    by_number, by_colour, _, _ = tally(counts)
    if kind == RUN:
        return min(size, _best_window(by_number, size))
    return min(size, max(by_number if kind == SET else by_colour))


# ------------------------------------------------------------------ the search
#: Cards as one integer: face ``f``'s count in bits ``6f .. 6f+4`` (a hand holds at most
#: 24 of one face, fewer than 32) and a guard bit ``6f+5`` above it. Taking a group's
#: packed cards from packed counts that carry every guard borrows from a guard exactly
#: where the group needs more of a face than is left, so one subtraction and one mask
#: answer "do the cards left supply this group?" for all faces at once.
_BITS = 6
_GUARDS = sum(1 << (_BITS * f + _BITS - 1) for f in range(N_FACES))
_ONE = tuple(1 << (_BITS * f) for f in range(N_FACES))

_Pool = list[tuple[Group, int, tuple[int, int, int, tuple[int, ...]]]]


def _packed(cards: Sequence[int]) -> int:
    """Cards (codes, repeats allowed) as a packed count (see :data:`_GUARDS`)."""
    out = 0
    for c in cards:
        out += _ONE[c]
    return out


def _packed_counts(counts: Sequence[int]) -> int:
    """Counts per face as a packed count."""
    out = 0
    for f, k in enumerate(counts):
        if k:
            out += k * _ONE[f]
    return out


def _search(
    left: int, phase: Phase, i: int, chosen: list[Group], per_group: bool,
    out: list[Layout], pools: dict[tuple[int, int], _Pool], budget: _Budget,
) -> None:
    """Fill requirement ``i`` onwards from the cards ``left`` (a packed count).

    Each requirement's candidates are generated once, from the whole hand (``pools``,
    with each group's packed cards and sort key); deeper levels only keep those the cards
    left can still supply. Generating them anew for what is left after each choice would
    repeat the costly run search per set. The last requirement's candidates are written
    out directly rather than by one more call each, the bulk of the calls otherwise.
    """
    req = phase[i]
    last = i == len(phase) - 1
    floor = chosen[-1].sort_key if i and phase[i - 1] == req else None
    pool = pools[req]
    budget.left -= len(pool) + 1  # the candidates this node looks at
    if budget.left <= 0:
        budget.stop = True
        return
    guarded = left | _GUARDS
    for g, need, key in pool:
        if floor is not None and key < floor:
            continue
        rest = guarded - need
        if rest & _GUARDS != _GUARDS:
            continue  # some face is short
        if last:
            if per_group or g.naturals or any(c.naturals for c in chosen):
                out.append((*chosen, g))
                if len(out) >= budget.limit:
                    budget.stop = True
                    return
            continue
        chosen.append(g)
        _search(rest ^ _GUARDS, phase, i + 1, chosen, per_group, out, pools, budget)
        chosen.pop()
        if budget.stop:
            return


# ------------------------------------------------------------------ candidate groups
def candidates(
    kind: int, size: int, counts: Sequence[int], need_natural: bool, open_wilds: bool = False,
) -> Iterator[Group]:
    """Every canonical group of one requirement that ``counts`` can supply."""
    if kind == RUN:
        return _runs(size, counts, need_natural)
    return _same_key(kind, size, counts, need_natural, open_wilds)


def _exact(
    faces: Sequence[int], counts: Sequence[int], lo: int, hi: int,
) -> list[tuple[int, ...]]:
    """The sorted sub-multisets of ``faces`` (held ``counts[f]`` times each) of ``lo`` to
    ``hi`` cards, in the order of their multiplicity vectors, ascending (fewer copies of
    the first face first, whatever the size).

    Only those sizes are built: each branch is cut as soon as it cannot end in range
    (building every subset and keeping one size was most of the cost of a big colour
    group), and each sub-multiset is made once, at its leaf. With one size and every face
    held once this is ``combinations``, reversed.
    """
    n = len(faces)
    cap = [counts[f] for f in faces]
    if lo > hi or sum(cap) < lo:
        return []
    if lo == hi and all(c == 1 for c in cap):
        return list(reversed(list(combinations(faces, lo))))
    room = [0] * (n + 1)  # cards the faces from i on can give
    for i in range(n - 1, -1, -1):
        room[i] = room[i + 1] + cap[i]
    out: list[tuple[int, ...]] = []
    cur: list[int] = []

    def pick(i: int, used: int) -> None:
        if i == n:
            out.append(tuple(cur))
            return
        f = faces[i]
        start = lo - used - room[i + 1]
        for m in range(start if start > 0 else 0, min(cap[i], hi - used) + 1):
            cur.extend((f,) * m)
            pick(i + 1, used + m)
            if m:
                del cur[-m:]

    pick(0, 0)
    return out


def _same_key(
    kind: int, size: int, counts: Sequence[int], need_natural: bool, open_wilds: bool,
) -> Iterator[Group]:
    """Sets (one number) and colour groups (one colour): naturals sharing the key, topped
    up with Wilds, which stand for the key whatever their place. An all-Wild group is one
    open group when ``open_wilds``, else one per number or colour.

    For each key the naturals come in the order of :func:`_exact`.
    """
    wilds = counts[WILD]
    low = 1 if need_natural or open_wilds else 0
    if open_wilds and not need_natural and wilds >= size:
        yield Group(kind, OPEN, (WILD,) * size)
    keys = range(1, 13) if kind == SET else range(4)
    table = FACES_OF_NUMBER if kind == SET else FACES_OF_COLOUR
    for key in keys:
        faces = [f for f in table[key] if counts[f]]
        for picks in _exact(faces, counts, max(low, size - wilds), size):
            yield Group(kind, key, picks + (WILD,) * (size - len(picks)))


def _runs(size: int, counts: Sequence[int], need_natural: bool) -> Iterator[Group]:
    """Every run of ``size`` the hand supplies, at most :data:`SEARCH_BUDGET` of them (a
    house run of twelve from a 17-card hand could otherwise build a hundred thousand,
    more than any search would look at)."""
    wilds = counts[WILD]
    # options[number]: the faces of that number in hand
    options = [[f for f in FACES_OF_NUMBER[n] if counts[f]] for n in range(13)]
    out: list[Group] = []
    for start in range(1, 14 - size):
        window = range(start, start + size)
        gaps = sum(1 for n in window if not options[n])
        if gaps > wilds or (need_natural and gaps == size):
            continue
        _fill_run(start, size, options, wilds, need_natural, out)
    return iter(out)


def _fill_run(
    start: int, size: int, options: list[list[int]], wilds: int, need_natural: bool,
    out: list[Group],
) -> None:
    """Append every run of ``size`` from ``start`` to ``out``: each position a natural of
    its number or a Wild, naturals before the Wild (the canonical order).

    A plain recursion filling one list: a chain of nested generators cost a resumption
    per level for every run yielded, most of the time of a run search.
    """
    cards: list[int] = []
    # gaps_after[pos]: positions after ``pos`` that only a Wild can fill
    gaps_after = [0] * (size + 1)
    for pos in range(size - 1, -1, -1):
        gaps_after[pos] = gaps_after[pos + 1] + (0 if options[start + pos] else 1)
    row = options[start:start + size]

    def place(pos: int, wilds_left: int, naturals: int) -> None:
        if pos == size:
            if naturals or not need_natural:
                out.append(Group(RUN, start, tuple(cards)))
            return
        if len(out) >= SEARCH_BUDGET:
            return
        for f in row[pos]:
            cards.append(f)
            place(pos + 1, wilds_left, naturals + 1)
            cards.pop()
        # a Wild here must leave enough Wilds for the gaps still to come
        if wilds_left and gaps_after[pos + 1] <= wilds_left - 1:
            cards.append(WILD)
            place(pos + 1, wilds_left - 1, naturals)
            cards.pop()

    place(0, wilds, 0)
