"""Every refusal of the Dallah engine, and the one predicate per verb that decides it.

The table is the constants below: each a :class:`~tablegames.common.refusals.Refusal`
row with its code, the ruling it enforces and its message template. Each verb has one
predicate, ``check(state, action)`` found through :data:`CHECKS`, that returns the
refusal (a :class:`~tablegames.common.refusals.Refused` answer) on the line
that tests the rule, or ``None``. ``State.legal_actions`` lists a candidate only when its
predicate returns ``None``; ``State.apply`` raises what the same predicate returns before
any handler runs, so the two cannot disagree, and ``grep DAL-33`` (or any ruling) lands
on the line that decides it. :func:`gate` holds what every verb shares: the seat to act,
the stage, argument types.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from tablegames.common.actions import Action
from tablegames.common.errors import QUOTE_LIMIT, quoted
from tablegames.common.refusals import Phrase, Refusal, Refused, phrases, table
from tablegames.dallah import actions as A
from tablegames.dallah import falls, piles
from tablegames.dallah.stages import (
    DRAW,
    MOVE,
    PAIR,
    PROTECT,
    R_PLACE,
    R_STUNT,
    REPORT,
    ROLL,
    SWAP,
    TARGET,
)
from tablegames.dallah.table import NEEDS_POT

if TYPE_CHECKING:
    from tablegames.dallah.state import State


# -- the table -------------------------------------------------------------------------
NO_TIMEOUT_PENALTY = Refusal(
    "no_timeout_penalty", "DAL-28",
    "an unfallen shared cup is never added to a pile as a timeout penalty")
OUT_OF_TURN = Refusal("out_of_turn", "DAL-23", "it is {who}'s turn to act, not {seat}'s",
                      out_of_turn=True)
_WRONG_STAGE = "'{verb}' is not possible now: {waiting}"
#: Wrong-stage refusals, each citing the ruling that places its verb in the turn.
NOT_NOW_TURN = Refusal("wrong_stage", "DAL-20", _WRONG_STAGE)
NOT_NOW_SETTLED = Refusal("wrong_stage", "DAL-23", _WRONG_STAGE)
NOT_NOW_FELL = Refusal("wrong_stage", "DAL-10", _WRONG_STAGE)
NOT_NOW_COLLAPSE = Refusal("wrong_stage", "DAL-14", _WRONG_STAGE)
NOT_NOW_NOSPACE = Refusal("wrong_stage", "DAL-21", _WRONG_STAGE)
NOT_NOW_PLACED = Refusal("wrong_stage", "DAL-26", _WRONG_STAGE)
NOT_NOW_TIMEOUT = Refusal("wrong_stage", "DAL-28", _WRONG_STAGE)
NOT_NOW_SWAP = Refusal("wrong_stage", "DAL-27", _WRONG_STAGE)
NOT_NOW_MOVE = Refusal("wrong_stage", "DAL-22", _WRONG_STAGE)
NOT_NOW_TARGET = Refusal("wrong_stage", "DAL-36", _WRONG_STAGE)
NOT_NOW_PAIR = Refusal("wrong_stage", "DAL-35", _WRONG_STAGE)
NOT_NOW_PROTECT = Refusal("wrong_stage", "DAL-41", _WRONG_STAGE)
#: Arguments of the wrong type (actions built in code): each cites the ruling its verb
#: enforces, since the action is refused under it.
BAD_CUP_ID = Refusal("bad_argument", "DAL-11",
                     "'{verb}': the {field} is a card-set id, not {value}")
BAD_MOVE_ID = Refusal("bad_argument", "DAL-22",
                      "'{verb}': the {field} is a card-set id, not {value}")
BAD_CUPS = Refusal("bad_argument", "DAL-10",
                   "'fell': the cups are 1 to {most} texts 'zone:shape' or 'shape'")
CUPS_ORDER = Refusal("cups_order", "DAL-10",
                     "'fell': name the cups in the order the game lists them")
NO_SUCH_TARGET = Refusal("no_such_seat", "DAL-36", "there is no seat {value}")
NO_SUCH_PAIR_SEAT = Refusal("no_such_seat", "DAL-35", "there is no seat {value}")
NO_SUCH_REDIRECT_SEAT = Refusal("no_such_seat", "DAL-43", "there is no seat {value}")
# reports
CUP_NOT_ON_POT = Refusal(
    "cup_not_on_pot", "DAL-11",
    "{action}: no such cup is on the Dallah, nor in hand for that zone: only those can "
    "fall, and a cup that fell is never on the Dallah again")
NOTHING_TO_COLLAPSE = Refusal("cup_not_on_pot", "DAL-14",
                              "there is no cup on the Dallah to fall")
CUP_PLACED = Refusal("nospace_refused", "DAL-21",
                     "'nospace' is not possible now: the cup is already placed")
NOSPACE_NO_CUP = Refusal("nospace_refused", "DAL-21",
                         "'nospace' is not possible now: no cup is being placed in this report")
NOSPACE_AFTER_FALL = Refusal(
    "nospace_refused", "DAL-21",
    "'nospace' is not possible now: a cup already fell during this placement")
NOSPACE_STOPPED = Refusal(
    "nospace_refused", "DAL-26",
    "'nospace' is not possible now: the card stopped at its first fall, so the cup in "
    "hand is not placed")
ALL_ZONES_FULL = Refusal(
    "nospace_refused", "DAL-21",
    "'nospace' is not possible now: every other zone is already full: use this one")
NOT_STOPPED = Refusal(
    "placed_refused", "DAL-26",
    "'placed' is only for a later cup of the card still in hand when something fell: "
    "report that the Dallah settled to say the cup in hand stands")
PLACED_COLLAPSED = Refusal(
    "placed_refused", "DAL-14",
    "'placed' is not possible after a collapse: a cup let go before it fell with the "
    "Dallah, so report it fallen; else it goes back untried")
NO_COUNTDOWN = Refusal("no_countdown", "DAL-28",
                       "only a countdown card times out, before anything falls")
# swaps
PILE_ACTION_SWAP = Refusal("pile_action", "DAL-27",
                           "cannot swap the action: a pile action can always be done")
NO_SWAPS_LEFT = Refusal("no_swaps_left", "DAL-27",
                        "cannot swap the action: no swap left this turn")
ACTION_STARTED = Refusal("action_started", "DAL-27",
                         "cannot swap the action: the action has already been attempted")
# Naql
NO_CUP_TO_MOVE = Refusal("cup_not_on_pot", "DAL-22", "no {shape} cup is on the {zone}")
UNKNOWN_ZONE = Refusal("unknown_zone", "DAL-22", "the Dallah has no zone {zone}")
SAME_ZONE = Refusal("same_zone", "DAL-22",
                    "Naql: the destination must differ from the cup's zone")
# pile actions
TARGET_SELF = Refusal("target_self", "DAL-36", "choose another player, never yourself")
NOT_TIED = Refusal(
    "not_tied", "DAL-35",
    "Malek Shoghl moves cups from a biggest pile to a smallest pile of another player, "
    "as they stand before the transfer")
# protection
NOTHING_TO_PROTECT = Refusal(
    "nothing_to_protect", "DAL-46",
    "protection is played against a card's taking, giving or swapping before cups move; "
    "it cannot undo a finished move or cups knocked down")
PROTECTION_USED = Refusal("protection_used", "DAL-44",
                          "you have already played protection on this card")
ALREADY_ANSWERED = Refusal("already_answered", "DAL-44",
                           "you have already answered for this card")
# our own words, not the rule sheet's sentence (tests/docs/test_own_words.py reads the
# refusals catalogues, where a player reads this)
REDIRECTED_EFFECT = Refusal("redirected_effect", "DAL-44",
                            "this effect was sent on to you: no protection can stop it now")
NOT_AFFECTED = Refusal("not_affected", "DAL-41",
                       "nothing on this card would add cups to your pile")
NOT_YOUR_ANSWER = Refusal("out_of_turn", "DAL-41", "{who} decides first", out_of_turn=True)
NO_SUCH_CARD = Refusal("no_such_card", "DAL-41", "you hold no {card}")
NOT_ELIGIBLE = Refusal(
    "not_eligible", "DAL-43",
    "redirect the cups to a player other than {source}, who gives them: {eligible}")
NOT_ELIGIBLE_SWAP = Refusal(
    "not_eligible", "DAL-43",
    "redirect the swap to a player whose pile is smaller than {source}'s: {eligible}")
NOBODY_ELIGIBLE = Refusal("not_eligible", "DAL-43",
                          "nobody is eligible: the redirect cancels the effect")

#: Every row of the table, by name (``tests/common/test_refusals.py`` holds it to the
#: rulings, as every game's).
TABLE: dict[str, Refusal] = table(globals())

Check = Callable[["State", Action], "Refused | None"]

# -- the words the predicates fill in that are no name, id or number (each an id of the
# -- dallah_refusals catalogue with the templates, so no English word is left inside a
# -- translated sentence; ``{waiting}`` is the prompt, which Dallah tells in each of its
# -- languages itself: ``State._waiting_for``)
#: An action's argument a wrong-typed value was given for (``{field}``), by its name.
FIELDS: dict[str, Phrase] = {name: Phrase(name) for name in ("zone", "shape", "to")}
#: Every phrase, by name (with :data:`TABLE`, the ids of the ``dallah_refusals`` catalogue).
PHRASES: dict[str, Phrase] = phrases(globals())


# -- what every verb shares ------------------------------------------------------------
#: The stages in which each verb may come, and the refusal outside them.
STAGES_FOR: dict[type[Action], tuple[tuple[int, ...], Refusal]] = {
    A.Draw: ((DRAW,), NOT_NOW_TURN),  # DAL-20: a turn starts with the draw
    A.Roll: ((ROLL,), NOT_NOW_TURN),  # DAL-20: then the roll
    A.Settled: ((REPORT,), NOT_NOW_SETTLED),  # DAL-23: settled ends a placement's reports
    # DAL-10: falls are reported while placing, and (DAL-23) before the roll: a cup on
    # the Dallah can fall at any time, and once the next player has drawn what falls is
    # the current turn's (its collector's)
    A.Fell: ((ROLL, REPORT), NOT_NOW_FELL),
    A.Falls: ((ROLL, REPORT), NOT_NOW_FELL),  # DAL-10, DAL-23
    A.Collapse: ((ROLL, REPORT), NOT_NOW_COLLAPSE),  # DAL-14, DAL-23
    A.NoSpace: ((REPORT,), NOT_NOW_NOSPACE),  # DAL-21: said of the cup being placed
    A.Placed: ((REPORT,), NOT_NOW_PLACED),  # DAL-26: said of a later cup in hand
    A.Timeout: ((REPORT,), NOT_NOW_TIMEOUT),  # DAL-28: of a countdown card in play
    A.Swap: ((TARGET, PAIR, MOVE, ROLL, REPORT, PROTECT), NOT_NOW_SWAP),  # DAL-27
    A.Move: ((MOVE,), NOT_NOW_MOVE),  # DAL-22: Naql's move
    A.Target: ((TARGET,), NOT_NOW_TARGET),  # DAL-36: a card that chooses a player
    A.Pair: ((PAIR,), NOT_NOW_PAIR),  # DAL-35: Malek Shoghl's tie
    A.Allow: ((PROTECT,), NOT_NOW_PROTECT),  # DAL-41: answers to a protection question
    A.Block: ((PROTECT,), NOT_NOW_PROTECT),  # DAL-41
    A.Redirect: ((PROTECT,), NOT_NOW_PROTECT),  # DAL-41
}
#: Reports that may come late, after ``settled`` (DAL-23).
LATE = frozenset({A.Fell, A.Falls, A.Collapse})
#: The verbs with arguments (the others need no type checks).
_ARGS = frozenset({A.Fell, A.Falls, A.Move, A.Target, A.Pair, A.Redirect})
#: Argument fields that name a card-set id, and the refusal of a value of another type.
_ID_FIELDS: dict[type[Action], tuple[tuple[str, ...], Refusal]] = {
    A.Fell: (("zone", "shape"), BAD_CUP_ID),  # DAL-11: a cup on the Dallah falls
    A.Move: (("zone", "shape", "to"), BAD_MOVE_ID),  # DAL-22: Naql moves a cup
}
#: Argument fields that name a seat, and the refusal of anything else.
_SEAT_FIELDS: dict[type[Action], tuple[tuple[str, ...], Refusal]] = {
    A.Target: (("target",), NO_SUCH_TARGET),  # DAL-36: another player
    A.Pair: (("source", "recipient"), NO_SUCH_PAIR_SEAT),  # DAL-35: two players
    A.Redirect: (("to",), NO_SUCH_REDIRECT_SEAT),  # DAL-43: an eligible player
}


def gate(state: State, action: Action) -> Refused | None:
    """What every verb must pass before its own predicate: not a timeout penalty, the
    seat to act (or the seat asked, or the late reporter), typed arguments, the stage."""
    seat = action.seat
    kind = type(action)
    if kind is A.Penalty:
        return NO_TIMEOUT_PENALTY.at()  # DAL-28: never a penalty cup
    if kind is A.Allow or kind is A.Block or kind is A.Redirect:
        asked = protection_gate(state, seat)
        if asked is not None:
            return asked
    elif state.stage == DRAW and kind in LATE and seat == state.late:  # DAL-23: late
        return arguments(action, state.n)
    elif seat != state.to_act:
        who, me = state.players[state.to_act or 0], state.players[seat]
        return OUT_OF_TURN.at(who=who, seat=me)  # DAL-23: the next starts after the turn
    if kind in _ARGS:
        bad = arguments(action, state.n)
        if bad is not None:
            return bad
    stages, refusal = STAGES_FOR[kind]
    if state.stage not in stages:
        return refusal.at(verb=action.verb, waiting=state._waiting_for())
    return None


def arguments(action: Action, n: int) -> Refused | None:
    """Refuse arguments of the wrong type before any predicate reads them.

    Actions built in code (not parsed) can hold anything: a list as a zone would raise
    ``TypeError`` in a lookup, and ``True`` as a seat compares equal to seat 1 and would
    be stored in the state and written to the save as ``true``.
    """
    kind = type(action)
    names, refusal = _ID_FIELDS.get(kind, ((), BAD_CUP_ID))
    for name in names:
        value = getattr(action, name)
        if type(value) is not str:
            return refusal.at(verb=action.verb, field=FIELDS[name], value=quoted(value))
    if kind is A.Falls:
        cups = action.cups  # type: ignore[attr-defined]
        if (type(cups) is not tuple or not 0 < len(cups) <= A.MAX_FALLS
                or not all(type(c) is str and len(c) <= 65 for c in cups)):
            return BAD_CUPS.at(most=A.MAX_FALLS)  # DAL-10: the cups that fell
        if list(cups) != sorted(cups):
            # DAL-10: kept sorted, as the notation reads them: cups in another order fell
            # in that order, and the game's record replayed them sorted (helper-122)
            return CUPS_ORDER.at()
    names, refusal = _SEAT_FIELDS.get(kind, ((), NO_SUCH_TARGET))
    for name in names:
        value = getattr(action, name)
        if value is None and kind is A.Redirect:
            continue
        if type(value) is not int or not 0 <= value < n:
            return refusal.at(value=quoted(value))
    return None


# -- one predicate per verb --------------------------------------------------------------
def no_check(state: State, action: Action) -> Refused | None:
    """Draw, roll and settled: the stage is all there is to check (DAL-20, DAL-23)."""
    return None


def check_fell(state: State, action: Action) -> Refused | None:
    """One cup fell: it must be on the Dallah, or the cup being placed (DAL-11)."""
    assert isinstance(action, A.Fell)
    t = state.t
    z = t.zone_index.get(action.zone, -1)
    s = t.shape_index.get(action.shape, -1)
    if z < 0 or s < 0 or not can_fall(state, z, s):
        return not_on_pot(action)  # DAL-11
    return None


def can_fall(state: State, z: int, s: int) -> bool:
    """Whether a cup of shape ``s`` may fall from zone ``z``: it is on the Dallah there,
    or it is the cup in hand for that zone, being placed or on a card stopped at a fall
    (DAL-11: only cups on the Dallah fall; DAL-10: naming it says it was let go)."""
    return s in state.pot[z] or (  # DAL-11, DAL-10
        state._in_hand() and z == state.zone and state.cups_in_hand[0] == s)


def not_on_pot(action: Action) -> Refused:
    """A report naming a cup that is not on the Dallah (DAL-11)."""
    return CUP_NOT_ON_POT.at(action=quoted(str(action)))  # DAL-11


def check_falls(state: State, action: Action) -> Refused | None:
    """Several cups fell: every one must be there to fall (DAL-11, see
    :func:`~tablegames.dallah.falls.resolve`)."""
    assert isinstance(action, A.Falls)
    if falls.resolve(state, action) is None:
        return not_on_pot(action)  # DAL-11: every cup named must be there to fall
    return None


def check_collapse(state: State, action: Action) -> Refused | None:
    """A collapse needs a cup on the Dallah (DAL-14); the cup in the placer's hand is not
    on it (DAL-26: a report lets it go only by naming it)."""
    if not any(state.pot):
        return NOTHING_TO_COLLAPSE.at()  # DAL-14
    return None


def check_nospace(state: State, action: Action) -> Refused | None:
    """"No usable space" is said of the cup not yet let go, while another zone with a
    card has room: only the Placement card is redrawn (DAL-21)."""
    if state.report_kind != R_PLACE:
        return NOSPACE_NO_CUP.at()  # DAL-21: said of a cup being placed
    if state.released:
        return CUP_PLACED.at()  # DAL-21: the cup is already placed
    if state._stopped():
        return NOSPACE_STOPPED.at()  # DAL-26: the cup in hand goes back untried
    if state.falls:
        return NOSPACE_AFTER_FALL.at()  # DAL-21: the placement was attempted
    t = state.t
    if not any(z != state.zone and not state.full_zones[z] for z in t.carded_zones):
        return ALL_ZONES_FULL.at()  # DAL-21: nowhere else to place it
    return None


def check_placed(state: State, action: Action) -> Refused | None:
    """A later cup of the card, still in hand when a fall stopped the card, had been let
    go and stands (DAL-12, DAL-26): only then, and not after a collapse (DAL-14)."""
    if not state._stopped():
        return NOT_STOPPED.at()  # DAL-26: settled says it of the cup being placed
    if state.collapsed:
        return PLACED_COLLAPSED.at()  # DAL-14: a cup let go fell with the Dallah
    return None


def check_timeout(state: State, action: Action) -> Refused | None:
    """Only a countdown card times out, while the cup is held and nothing fell (DAL-28)."""
    if not (state._placing() and state.falls == 0 and state.t.kind[state.card] == "timed"):
        return NO_COUNTDOWN.at()  # DAL-28
    return None


def check_swap(state: State, action: Action) -> Refused | None:
    """An action not yet attempted may be swapped, up to the rules' swaps (DAL-27)."""
    card = state.card
    if card >= 0 and state.t.is_pile[card]:
        return PILE_ACTION_SWAP.at()  # DAL-27: a pile action can always be done
    if state.swaps >= state.rules.swaps_per_turn:
        return NO_SWAPS_LEFT.at()  # DAL-27: swaps_per_turn
    if card < 0 or not _not_yet_attempted(state):
        return ACTION_STARTED.at()  # DAL-27: only an action not yet attempted
    return None


def _not_yet_attempted(state: State) -> bool:
    """Whether the card in play is still untried (DAL-27): a Naql move or a stunt is
    attempted once done (the turn then rolls, a cup still to place); a placement before
    its first cup is let go or anything falls (before the roll too: the cups that fell
    are this card's collector's, DAL-23, and a new card could name another)."""
    stage = state.stage
    if state.t.kind[state.card] in NEEDS_POT and (
            stage == ROLL or (stage == REPORT and state.report_kind != R_STUNT)):
        return False
    if stage in (TARGET, MOVE):
        return True
    # DAL-27: not once something fell for this card, before the roll too (DAL-23)
    if stage == ROLL:
        return state.collected == 0
    if stage == REPORT and state.collected == 0:
        if state.report_kind == R_STUNT:
            return True
        return state.report_kind == R_PLACE and state.cup_no == 0 and not state.released
    return False


def check_move(state: State, action: Action) -> Refused | None:
    """Naql moves a cup on the Dallah to another zone (DAL-22)."""
    assert isinstance(action, A.Move)
    t = state.t
    z = t.zone_index.get(action.zone, -1)
    s = t.shape_index.get(action.shape, -1)
    d = t.zone_index.get(action.to, -1)
    if z < 0 or s < 0 or s not in state.pot[z]:
        shape, zone = _named(action.shape), _named(action.zone)
        return NO_CUP_TO_MOVE.at(shape=shape, zone=zone)  # DAL-22: a cup on the Dallah
    if d < 0:
        return UNKNOWN_ZONE.at(zone=quoted(action.to))  # DAL-22: to another zone
    if d == z:
        return SAME_ZONE.at()  # DAL-22: the destination must differ
    return None


def _named(word: str) -> str:
    """An id as a message names it: plain, or :func:`quoted` when it is too long to be one."""
    return word if len(word) <= QUOTE_LIMIT else quoted(word)


def check_target(state: State, action: Action) -> Refused | None:
    """A chosen player is another player, never yourself (DAL-36)."""
    assert isinstance(action, A.Target)
    if action.target == state.active:
        return TARGET_SELF.at()  # DAL-36
    return None


def check_pair(state: State, action: Action) -> Refused | None:
    """Malek Shoghl: from a biggest to a smallest pile of another player, as the piles
    stand before the transfer (DAL-35)."""
    assert isinstance(action, A.Pair)
    p = state.piles
    b, r = action.source, action.recipient
    if b == r or p[b] != max(p) or p[r] != min(p):
        return NOT_TIED.at()  # DAL-35
    return None


def protection_gate(state: State, seat: int) -> Refused | None:
    """Who may answer a protection question now (DAL-41, DAL-44, DAL-46)."""
    if state.stage != PROTECT:
        return NOTHING_TO_PROTECT.at()  # DAL-46: only before cups move
    if seat in state.used:
        return PROTECTION_USED.at()  # DAL-44: one protection per Action card
    if seat in state.answered:
        return ALREADY_ANSWERED.at()  # DAL-44
    if seat not in state.asked:
        if any(e[1] == seat for e in state.effects):
            return REDIRECTED_EFFECT.at()  # DAL-44: not protected again
        return NOT_AFFECTED.at()  # DAL-41: only the seat an effect is against
    if seat != state.asked[0]:
        first = state.players[state.asked[0]]
        return NOT_YOUR_ANSWER.at(who=first)  # DAL-41: asked clockwise from the active seat
    return None


def check_allow(state: State, action: Action) -> Refused | None:
    """Letting the effect happen is always possible for the seat asked."""
    return protection_gate(state, action.seat)


def check_block(state: State, action: Action) -> Refused | None:
    """Ma Ysir cancels the effect against you, if you hold it (DAL-41, DAL-42)."""
    asked = protection_gate(state, action.seat)
    if asked is not None:
        return asked
    if piles.held_kind(state, action.seat, "block") < 0:
        return NO_SUCH_CARD.at(card=_card_named(state, "block"))  # DAL-41: a held card
    return None


def check_redirect(state: State, action: Action) -> Refused | None:
    """Ana Mali Dakhal sends the effect to an eligible player; with nobody eligible it
    cancels it (DAL-43)."""
    assert isinstance(action, A.Redirect)
    seat = action.seat
    asked = protection_gate(state, seat)
    if asked is not None:
        return asked
    if piles.held_kind(state, seat, "redirect") < 0:
        return NO_SUCH_CARD.at(card=_card_named(state, "redirect"))  # DAL-41
    effect = piles.my_effect(state, seat)
    assert effect is not None
    ok = piles.eligible(state, seat, effect)
    to = action.to
    if ok and to not in ok:
        src, names = state.players[effect[0]], ", ".join(state.players[s] for s in ok)
        if effect[2] == SWAP:  # DAL-43: a swap only to a smaller pile than the source's
            return NOT_ELIGIBLE_SWAP.at(source=src, eligible=names)  # DAL-43
        return NOT_ELIGIBLE.at(source=src, eligible=names)  # DAL-43: never back to the source
    if not ok and to is not None:
        return NOBODY_ELIGIBLE.at()  # DAL-43: no valid target cancels the effect
    return None


def _card_named(state: State, kind: str) -> Phrase:
    """The protection card(s) of ``kind`` in the card set, by name in each of the
    game's languages (Ma Ysir, ما يصير): what a seat that holds none is told it lacks."""
    t = state.t
    codes = [c for c in sorted(t.protection_codes) if t.kind[c] == kind]
    return Phrase.in_languages({lang: " / ".join(t.names[lang]["cards"][t.card_ids[c]]
                                                 for c in codes) for lang in t.names})


#: The predicate each verb asks (``legal_actions`` and ``apply`` alike).
CHECKS: dict[type[Action], Check] = {
    A.Draw: no_check,
    A.Roll: no_check,
    A.Settled: no_check,
    A.Fell: check_fell,
    A.Falls: check_falls,
    A.Collapse: check_collapse,
    A.NoSpace: check_nospace,
    A.Placed: check_placed,
    A.Timeout: check_timeout,
    A.Swap: check_swap,
    A.Move: check_move,
    A.Target: check_target,
    A.Pair: check_pair,
    A.Allow: check_allow,
    A.Block: check_block,
    A.Redirect: check_redirect,
}


def refusal(state: State, action: Action) -> Refused | None:
    """Why ``action`` is refused now, or ``None``: the gate, then the verb's predicate."""
    return gate(state, action) or CHECKS[type(action)](state, action)
