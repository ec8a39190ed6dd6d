"""Checks that a loaded save describes a state the engine could have reached.

The declared fields (see :class:`~tablegames.dallah.state.State`) are read with their
types and generous bounds; these checks tie them to the card set and to each other. A
save edited by hand (or truncated, or from a buggy client) would otherwise load into a
state whose next action crashes deep inside a handler, or silently moves cups to the
wrong pile (a collector of -1 is the last seat to a Python list). Each check is one
invariant the handlers keep; a violation is a :class:`StateError` naming the field and
its ruling. :func:`upgrade_v1` reads a format-1 save into the later field names,
:func:`upgrade_engine` an older engine's save into today's counts.
"""

from __future__ import annotations

from collections.abc import Sequence
from itertools import chain
from typing import TYPE_CHECKING, Any

from tablegames.common.errors import StateError
from tablegames.common.fields import Conserve
from tablegames.dallah import piles
from tablegames.dallah.cardset import STUNT_KINDS
from tablegames.dallah.stages import (
    DRAW,
    MOVE,
    OVER,
    PAIR,
    PROTECT,
    R_MOVE,
    R_PLACE,
    R_STUNT,
    REPORT,
    REPORTS,
    ROLL,
    SWAP,
    TARGET,
)
from tablegames.dallah.table import table_for

if TYPE_CHECKING:
    from tablegames.dallah.state import State


def _action_deck(state: State) -> tuple[int, ...]:
    return table_for(state.rules.cards).sorted_action_deck


def _placement_deck(state: State) -> tuple[int, ...]:
    return table_for(state.rules.cards).sorted_zone_deck


#: Card conservation for Dallah's two decks (DAL-04, DAL-25), each of its card set and
#: with its own discard pile: every Action card lies in the deck, its discard pile, the
#: hands or in play (``card``), every Placement card in its deck, its discard pile or in
#: play (``zone``), each as often as the card set has it. A position may write either
#: deck as ``shuffled``.
CONSERVE = (
    Conserve("stock", "discard", "held", "card", codes=_action_deck, shuffled="stock",
             what="Action cards", ruling="DAL-04, DAL-25"),
    Conserve("placement_stock", "placement_discard", "zone", deck="zone",
             codes=_placement_deck, shuffled="placement_stock", what="Placement cards",
             ruling="DAL-04, DAL-25"),
)


#: The card kinds each choosing stage belongs to.
_STAGE_KINDS = {TARGET: ("shareek", "give", "swap"), PAIR: ("even_out",), MOVE: ("naql",)}


def _fail(field: str, what: str) -> StateError:
    return StateError(f"$.state.{field}: {what}")


def check_loaded(state: State) -> None:
    """Raise :class:`StateError` unless the loaded fields fit the card set and each other."""
    _check_codes(state)
    _check_counts(state)
    _check_card(state)
    _check_late(state)
    if state.stage == REPORT:
        _check_report(state)
    if state.stage == PROTECT:
        _check_protection(state)
    elif state.asked or state.answered or state.used or state.effects:
        raise _fail("asked", "a protection window outside the protect stage (DAL-41)")


def _codes(field: str, values: Sequence[int], codes: frozenset[int], size: int) -> None:
    """Every value is one of ``codes`` (``range(size)``): one C-speed test, and the
    offending value named only when there is one."""
    if codes.issuperset(values):
        return
    bad = next(v for v in values if v not in codes)
    raise _fail(field, f"{bad} is not a code of this card set (0..{size - 1})")


def _check_codes(state: State) -> None:
    """Every shape code names one of this card set, and each zone has its cups (the
    card and zone codes are :data:`CONSERVE`'s)."""
    t = state.t
    if len(state.shared) != t.nshapes:
        raise _fail("shared", f"expected {t.nshapes} shapes")
    if len(state.pot) != t.nzones or len(state.full_zones) != t.nzones:
        raise _fail("pot", f"expected {t.nzones} zones")
    shapes = t.shape_codes
    if not shapes.issuperset(chain(state.cups_in_hand, state.rolls, *state.pot)):
        # a code is out of range: name the first field holding one
        _codes("pot", [*chain.from_iterable(state.pot)], shapes, t.nshapes)
        _codes("cups_in_hand", state.cups_in_hand, shapes, t.nshapes)
        _codes("rolls", state.rolls, shapes, t.nshapes)


def _check_counts(state: State) -> None:
    """Cups add up to the card set (nothing created or lost; the cards are
    :data:`CONSERVE`'s), and only protection cards are held."""
    t = state.t
    if (sum(state.shared) + sum(map(len, state.pot)) + sum(state.piles) + state.retired
            + len(state.cups_in_hand)) != t.total_cups:  # state.cups_in_play(), inline
        raise StateError("$.state: the cups do not add up to the card set's cups: each is shared, "
                         "on the Dallah, in hand, in a pile or retired (DAL-10, DAL-38)")
    unfallen: Sequence[int] = state.shared  # each shape's cups not (yet) in a pile
    if state.cups_in_hand or any(state.pot):  # (most saves have none on the Dallah)
        counted = list(unfallen)
        for cups in (state.cups_in_hand, *state.pot):
            for s in cups:
                counted[s] += 1
        unfallen = counted
    if any(map(int.__gt__, unfallen, t.shape_cups)):
        s = next(s for s, k in enumerate(unfallen) if k > t.shape_cups[s])
        raise StateError(f"$.state: more {t.shape_ids[s]} cups than the card set has: a "
                         "fallen cup never returns (DAL-11)")
    if not t.protection_codes.issuperset(chain.from_iterable(state.held)):
        raise _fail("held", "only protection cards are held (DAL-40)")
    if state.stage == OVER and state.shared_total():
        raise StateError("$.state: the game ended with cups in the shared pile (DAL-50)")
    if not state.shared_total() and state.stage != OVER and not (
            state.stage == REPORT and state.report_kind == R_PLACE):
        # DAL-50: the game ends with the turn that empties the pile, and only a roll
        # takes cups from it, so only a placement's report follows an empty pile; a roll
        # with none left would place no cup (DAL-26: as many as remain)
        raise StateError("$.state: the shared pile is empty before this turn's roll, "
                         "so the game is over (DAL-50)")


def _check_card(state: State) -> None:
    """The Action card in play fits the stage (and there is none between turns)."""
    t = state.t
    stage, code = state.stage, state.card
    if stage in (DRAW, OVER):
        if code >= 0 or state.cups_in_hand or state.zone >= 0 or state.collected:
            raise _fail("card", "no card, cup or Placement card is in play between turns "
                                 "(DAL-20)")
        if state.collector >= 0 or state.partner >= 0:  # set by the next card (DAL-24)
            raise _fail("collector", "nobody collects, and nobody is a partner, between "
                                     "turns (DAL-24)")
        return
    if code < 0:
        raise _fail("card", "no Action card in play (DAL-20)")
    if t.protection[code]:
        raise _fail("card", "a protection card is held, never played as the turn's card "
                                 "(DAL-40)")
    kind = t.kind[code]
    spec = t.specs[code]
    if kind == "retire":  # DAL-38: resolved as it is drawn, the turn ends on the draw
        raise _fail("card", "a retire card (Yalla Bye) is resolved as it is drawn, never "
                            "in play (DAL-38)")
    if stage in _STAGE_KINDS and kind not in _STAGE_KINDS[stage]:
        raise _fail("stage", f"a {kind} card has no {('target', 'pair', 'move')[stage - 1]}")
    if stage == PROTECT and not t.is_pile[code]:
        raise _fail("stage", "only pile actions open a protection window (DAL-41)")
    if stage in (ROLL, REPORT) and t.is_pile[code]:
        raise _fail("stage", "a pile action is never placed (DAL-30)")
    if stage == TARGET and kind == "give" and not 0 < state.amount <= state.piles[state.active]:
        raise _fail("amount", "more cups than the giver's pile (DAL-32)")
    if state.collected > sum(state.piles):
        raise _fail("collected", "more cups collected than the piles hold")
    if stage == ROLL:
        if state.cups_in_hand or spec.cups == 0:  # type: ignore[union-attr]
            raise _fail("cups_in_hand", "cups in hand before the roll, or a card without cups")
        if kind == "shareek" and (state.partner == state.active or (
                state.partner < 0 and min(spec.cups, state.shared_total()) > 1)):  # type: ignore[union-attr]
            raise _fail("partner", "Shareek needs a partner other than the active seat")
        expected = (state.active + 1) % state.n if kind == "fazaa" else state.active
        if state.placer != expected or state.collector != expected:
            raise _fail("placer", "the wrong seat rolls or collects (DAL-24)")
        # before the roll no cup is in play: a fall reported now (DAL-23) counts in
        # falls and collected, and a collapse leaves the Dallah empty until the roll
        if state.released or state.zone >= 0 or state.timeouts:
            raise _fail("released", "a cup or a Placement card in play before the roll "
                                    "(DAL-20)")
        if state.falls > state.collected:
            raise _fail("falls", "more cups fell before the roll than were collected")
        if state.collapsed and state.pot_total():
            raise _fail("collapsed", "cups on a Dallah that collapsed before the roll "
                                     "(DAL-14)")


def _check_late(state: State) -> None:
    """A late-fall window follows a finished turn with cups still on the Dallah."""
    last = state.last_turn
    if not last:
        return
    n = state.n
    if not (len(last) == 6 and 0 <= last[0] < n and 0 <= last[1] < len(state.t.card_ids)
            and -1 <= last[2] < n and last[3] >= 0 and last[4] in (0, 1, 2)
            and -1 <= last[5] < n):
        raise _fail("last_turn", "expected [seat, card, collector, collected, collapsed, "
                                 "reporter]")
    seat, card, collector, reporter = last[0], last[1], last[2], last[5]
    if state.stage != OVER and state.active != (seat + 1) % n:
        raise _fail("last_turn", "the turn before was not the previous seat's: the turn "
                                 "passes clockwise (DAL-23)")
    kind = state.t.kind[card]
    nxt = (seat + 1) % n
    reporters: tuple[int, ...]
    if state.t.is_pile[card] or state.t.protection[card]:
        expected, reporters = -1, ()
    elif kind == "fazaa":
        expected, reporters = nxt, (nxt,)
    elif kind == "tag_team":
        expected, reporters = seat, (seat, nxt)
    elif kind == "shareek":
        expected, reporters = seat, tuple(range(n))
    else:
        expected, reporters = seat, (seat,)
    if collector not in (-1, expected):
        raise _fail("last_turn", f"seat {collector} did not collect on that turn's card "
                                 "(DAL-24)")
    if last[4] == 2 and (reporter < 0 or state.pot_total()):
        raise _fail("last_turn", "a late collapse leaves the Dallah empty until the next "
                                 "player draws (DAL-14)")
    if reporter < 0:
        return
    if not state.rules.late_falls or collector < 0:
        raise _fail("last_turn", "a late fall is reported only after a turn that placed, "
                                 "under rules that take late falls")
    if state.stage != DRAW:
        raise _fail("last_turn", "the late-fall window closes at the next player's first "
                                 "action (DAL-23)")
    if reporter not in reporters:
        raise _fail("last_turn", f"seat {reporter} did not report that turn settled "
                                 "(DAL-23)")


def _check_report(state: State) -> None:
    """A report names who collects, and a placement report has its cup and zone."""
    t = state.t
    kind = t.kind[state.card]
    what = state.report_kind
    if state.collector < 0:
        raise _fail("collector", "a report without a collector (DAL-10)")
    if what == R_STUNT and kind not in STUNT_KINDS:
        raise _fail("report_kind", f"a {kind} card has no stunt (DAL-27)")
    if what == R_MOVE and kind != "naql":
        raise _fail("report_kind", f"a {kind} card moves no cup (DAL-22)")
    if state.falls > state.collected:
        raise _fail("falls", "more cups fell in this report than were collected")
    if state.collapsed and state.pot_total():
        raise _fail("collapsed", "cups on a Dallah that collapsed in this report (DAL-14)")
    if what != R_PLACE:
        if state.cups_in_hand or state.released or state.zone >= 0:
            raise _fail("cups_in_hand", "cups or a zone in play during a stunt or a move")
        if state.placer != state.active or state.collector != state.active:
            raise _fail("placer", "the active seat does its own stunt or move")
        return
    placers = state.placers
    if not placers or not 0 <= state.cup_no < len(placers):
        raise _fail("cups_in_hand", "the cups in hand do not match the card's cups still "
                                    "to place")
    if state.placer != placers[state.cup_no]:
        raise _fail("placer", "the placer is not the seat placing this cup of the card")
    if state.zone < 0:
        raise _fail("zone", "a placement report without a zone")
    if state.released and not state.falls:
        raise _fail("released", "a cup is let go only by a reported fall (DAL-23)")
    if kind == "shareek" and (state.partner == state.active or (
            len(placers) > 1 and state.partner != placers[1])):
        raise _fail("partner", "Shareek needs a partner other than the active seat")
    expected = (state.active + 1) % state.n if kind == "fazaa" else state.active
    if state.collector != expected:
        raise _fail("collector", "the wrong seat collects (DAL-24)")


def _check_protection(state: State) -> None:
    """Each asked seat has an effect against it and a card to play; effects can happen."""
    n = state.n
    effects = state.effects
    if not state.asked:
        raise _fail("asked", "nobody is asked to protect (DAL-41)")
    if not effects:
        raise _fail("effects", "a protection window with nothing to protect against")
    if len(set(state.asked)) != len(state.asked) or set(state.asked) & set(state.answered):
        raise _fail("asked", "a seat is asked twice (DAL-44)")
    if len(set(state.answered)) != len(state.answered):  # DAL-44: each seat answers once
        raise _fail("answered", "a seat has answered twice (DAL-44)")
    if not set(state.used) <= set(state.answered) or len(set(state.used)) != len(state.used):
        raise _fail("used", "protection played by a seat that has not answered (DAL-44)")
    for seat in state.asked:
        if not state.held[seat] or piles.my_effect(state, seat) is None:
            raise _fail("asked", f"seat {seat} has nothing to protect against or with")
    giving = [0] * n
    for src, dst, k, _flags in effects:
        if src == dst or k == 0:
            raise _fail("effects", "an effect moves no cups")
        if k != SWAP:
            giving[src] += k
    if any(giving[s] > state.piles[s] for s in range(n)):
        raise _fail("effects", "an effect gives more cups than the pile holds (DAL-32)")


def upgrade_v1(state: dict[str, Any]) -> dict[str, Any]:
    """Format 1 (before the declared fields) named the cups in hand ``hand``, saved the
    report kind as a number, the cup number, the late-fall window and the Biggest
    Losers as fields, and had no ``collapsed``/``collected``/``last_turn``; a rolling
    turn had no collector yet. Anything else is left for the strict load to judge. The
    result has format 2-3 names (``what``...): ``RENAMED`` renames them afterwards."""
    if "hand" in state and "cups_in_hand" not in state:
        state["cups_in_hand"] = state.pop("hand")
    what = state.get("what")
    if type(what) is int and 0 <= what < len(REPORTS):
        state["what"] = REPORTS[what]
    for gone in ("cup_no", "losers", "late"):
        state.pop(gone, None)
    report = state.get("stage") == "report"
    state.setdefault("collapsed", False)
    state.setdefault("collected", state.get("falls", 0) if report else 0)
    state.setdefault("last_turn", [])
    if state.get("stage") == "roll" and state.get("collector") == -1:
        state["collector"] = state.get("placer")
    return state


def upgrade_engine(state: dict[str, Any], engine: int) -> dict[str, Any]:
    """A save by engine 1 to 3 in engine 4's form: ``turn`` counted from 0 there, from 1
    now (as the view, the events, the result and the position text always did); a value
    that is no number is left for the strict load to refuse.

    Engines 1 and 2 also left the late reporter in ``last_turn`` once the next player
    had drawn: their window (DAL-23) was shut by the stage alone, where engine 3's
    ``draw`` clears the reporter. Such a save, past the draw, has the reporter cleared,
    which is what the window was: shut. Without it every engine-2 save taken after a
    settled placement, between the next draw and the next placement, was refused."""
    turn = state.get("turn")
    if engine < 4 and type(turn) is int:
        state["turn"] = turn + 1
    last = state.get("last_turn")
    if (engine < 3 and state.get("stage") != "draw" and type(last) is list and len(last) == 6
            and type(last[5]) is int and last[5] >= 0):
        state["last_turn"] = [*last[:5], -1]
    return state
