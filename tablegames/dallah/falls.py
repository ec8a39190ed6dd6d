"""What fell: the cups a report names, taken off the Dallah to the collector's pile.

"You drop it, you adopt it" (DAL-10): every cup a report names goes to the pile of the
turn's collector, whoever placed it; a fallen cup never returns (DAL-11); a collapse takes
every cup on the Dallah (DAL-14); a fall reported after ``settled`` belongs to the player
who completed the turn (DAL-23). The cup in the placer's hand is not on the Dallah: a
report takes it only when it names it, by its shape on its zone (:func:`names_held`), and
a cup named by shape alone or not at all is never guessed to be it (DAL-26: a later cup
still in hand when something fell goes back untried). Plain functions of the state;
whether a report may be made is decided in :mod:`~tablegames.dallah.refusals`.
"""

from __future__ import annotations

from collections import Counter
from typing import TYPE_CHECKING, Any

from tablegames.common.actions import Action, Event
from tablegames.common.fields import put
from tablegames.dallah import actions as A

if TYPE_CHECKING:
    from tablegames.dallah.state import State

#: ``(zone, shape, guessed)`` of a fallen cup (``guessed``: named without its zone).
Fallen = tuple[int, int, bool]


def _items(action: A.Fell | A.Falls) -> tuple[str, ...]:
    """The cups a report names, each ``"zone:shape"``, ``"shape"`` or ``"?"``."""
    if type(action) is A.Fell:
        return (f"{action.zone}:{action.shape}",)
    return action.cups  # type: ignore[union-attr]


def names_held(state: State, action: A.Fell | A.Falls) -> bool:
    """Whether a report names the cup in the placer's hand: a cup of its shape on its
    zone (the Placement card says where it went). That cup was let go and fell; it is the
    cup meant even when the zone already holds one of that shape, because the cup just
    placed is the likeliest to fall, and the two are alike (DAL-10, DAL-26). This holds
    while the card is stopped too (a later cup still in hand when another cup's fall was
    reported first): the report says it was let go after all, and a cup that fell goes to
    the collector, never back to the shared pile (DAL-10, DAL-11), whatever order the
    phone sent the falls in. A cup named by shape alone or not at all is never the cup in
    hand (:func:`resolve`)."""
    if not state._in_hand():
        return False
    t = state.t
    held = f"{t.zone_ids[state.zone]}:{t.shape_ids[state.cups_in_hand[0]]}"
    return held in _items(action)  # DAL-26: only a report naming it lets the cup go


def resolve(state: State, action: A.Fell | A.Falls) -> list[Fallen] | None:
    """(zone, shape, guessed) of every cup a report names; nothing changes.

    Cups named with their zone are taken first, the cup in hand among them when the
    report names it (:func:`names_held`). A cup named by shape alone (nobody saw where it
    fell from) is one on the Dallah from the zone holding most cups of that shape (then
    most cups, then the first in card-set order): the likeliest to have spilled, and all
    that changes is which zone the phones show it gone from. A cup nobody could name is
    the last cup placed on the zone holding most cups. Neither is ever the cup in hand:
    it may not have been let go, and a later cup of the card still in hand when something
    fell goes back untried (DAL-26). A cup that is not there gives ``None``: the whole
    report is refused (DAL-11, :func:`~tablegames.dallah.refusals.check_falls`).
    """
    t = state.t
    items = _items(action)
    left = [Counter(cups) for cups in state.pot]
    if names_held(state, action):
        left[state.zone][state.cups_in_hand[0]] += 1  # DAL-26: named, so let go
    out: list[Fallen] = []
    known = [c for c in items if ":" in c]
    shaped = [c for c in items if ":" not in c and c != A.UNKNOWN]
    for item in known + shaped + [c for c in items if c == A.UNKNOWN]:
        if item == A.UNKNOWN:
            # nobody saw which cup: the top of the fullest zone (DAL-10), never the cup in
            # hand (DAL-26)
            where = [z for z in range(t.nzones) if sum(left[z].values())]
            if not where:
                return None  # DAL-11
            z = max(where, key=lambda i: (sum(left[i].values()), -i))
            counted = left[z]
            s = next(c for c in reversed(state.pot[z]) if counted[c]) if any(
                counted[c] for c in state.pot[z]) else next(c for c in counted if counted[c])
            left[z][s] -= 1
            out.append((z, s, True))
            continue
        zone_id, _, shape_id = item.rpartition(":")
        s = t.shape_index.get(shape_id, -1)
        if zone_id:
            z = t.zone_index.get(zone_id, -1)
            if z < 0 or s < 0 or not left[z][s]:
                return None  # DAL-11: only cups on the Dallah fall
        else:
            where = [z for z in range(t.nzones) if s >= 0 and left[z][s]]
            if not where:
                return None  # DAL-11
            z = max(where, key=lambda i: (left[i][s], sum(left[i].values()), -i))
        left[z][s] -= 1
        out.append((z, s, not zone_id))
    return out


def fall(state: State, cups: list[Fallen], seat: int, collector: int, late: bool) -> None:
    """Cups leave the Dallah for ``collector``'s pile (DAL-10)."""
    t = state.t
    ev = state._events
    pot, full = list(state.pot), list(state.full_zones)
    for z, s, guessed in cups:
        zone = pot[z]
        if s in zone:  # the last placed of that shape
            i = len(zone) - 1 - zone[::-1].index(s)
            pot[z] = (*zone[:i], *zone[i + 1:])
        full[z] = False
        data: dict[str, Any] = {"seat": seat, "collector": collector,
                                "zone": t.zone_ids[z], "cup": t.shape_ids[s]}
        if guessed:
            data["guessed"] = True
        if late:
            data["late"] = True
        ev.append(Event("fell", data))
    state.pot, state.full_zones = tuple(pot), tuple(full)
    k = len(cups)  # DAL-02: each cup counts one, the joined Twins too
    state.piles = put(state.piles, collector, state.piles[collector] + k)  # DAL-10
    if late:
        state.last_turn = put(state.last_turn, 3, state.last_turn[3] + k)
    else:
        state.falls += k
        state.collected += k


def collapse(state: State, seat: int, collector: int, late: bool) -> None:
    """The whole Dallah fell: the collector takes every cup on it (DAL-14), never a cup
    still in the placer's hand, which is not on it (DAL-26)."""
    k = state.pot_total()  # DAL-14: every cup that fell, and only those
    state.pot = ((),) * len(state.pot)
    state.full_zones = (False,) * len(state.full_zones)
    state.piles = put(state.piles, collector, state.piles[collector] + k)
    data: dict[str, Any] = {"seat": seat, "collector": collector, "cups": k}
    if late:
        data["late"] = True
        # after settled: nobody has stood the Dallah up yet (collapsed = 2)
        last = state.last_turn
        state.last_turn = (*last[:3], last[3] + k, 2, *last[5:])
    else:
        state.falls += k
        state.collected += k
        state.collapsed = True
    state._events.append(Event("collapse", data))


def late_report(state: State, action: Action) -> None:
    """A fall reported after ``settled``, before the next player's first action (vetted).

    The cups belong to the player who completed the turn (DAL-23): the collector of the
    turn that just ended, whoever reports it.
    """
    collector = state.last_turn[2]
    if type(action) is A.Collapse:
        collapse(state, action.seat, collector, True)
    else:
        found = resolve(state, action)  # type: ignore[arg-type]
        assert found is not None
        fall(state, found, action.seat, collector, True)
