"""The cross-field rules a loaded Toepen state must keep (a save or a position), the
setup values a game starts from, and the upgrades of older saves.

The field declarations check each field alone (a seat in range, a card a card, a flag a
flag); these are the rules between fields, each one a sentence a person would say.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING, Any, Final

from tablegames.common.errors import SetupError, StateError
from tablegames.toepen.rules import Rules
from tablegames.toepen.stages import CHALLENGE, EXCHANGE, OVER, PLAY, POVERTY, RESPOND

if TYPE_CHECKING:
    from tablegames.toepen.state import State


def check_loaded(state: State) -> None:
    """What the declarations cannot say (every card once is declared: ``CONSERVE``; the
    seats asked and the seat to play are declared in the round: ``seat(among=...)``):
    sizes, a seat to ask, who is in the round."""
    n = state.n
    played = [0] * n  # each seat's cards on the table this round
    for _, cards_, _ in state.tricks:
        for p, _ in cards_:
            played[p] += 1
    for p, _ in (*state.trick, *state.gone()):
        played[p] += 1
    stage = state.stage
    if stage not in (PLAY, OVER) and not state.queue:
        raise StateError("$.state.queue: nobody is asked to decide")
    _check_seat_lists(state)
    why = last_round_fault(state.last_round, state.n, state.round, state.rules.limit)
    if why:
        raise StateError(f"$.state.last_round: {why}")
    if stage != OVER and len(state.tricks) != state.trick_no:
        raise StateError("$.state.tricks: does not match trick_no")
    if stage == OVER and not state.losers and not state.winners:
        raise StateError("$.state: a finished game has a result")
    if stage != OVER and (state.winners or state.losers):
        raise StateError("$.state: a game in play has no winners or losers yet")
    for s in range(n):
        if state.out[s] and state.playing[s] and stage != OVER:
            raise StateError(f"$.state.playing[{s}]: a seat that is out plays no round")
        if state.playing[s] and state.folded[s]:
            raise StateError(f"$.state.folded[{s}]: a folded seat is not in the round")
        if stage != OVER and s in state.dealt and len(state.hands[s]) + played[s] != 4:
            raise StateError(f"$.state.hands[{s}]: a seat holds four cards less those played")
        if s not in state.dealt and state.hands[s]:
            raise StateError(f"$.state.hands[{s}]: a seat not dealt in holds no cards")
        if len(state.thrown[s]) not in (0, 4) or (state.thrown[s] and not state.exchanged[s]):
            raise StateError(f"$.state.thrown[{s}]: a thrown hand is four cards of an exchange")
    if state.thrown_again is not None or state.set_aside is not None or state.void is not None:
        _check_house_fields(state)
    rules = state.rules
    if state.exchange_round and not rules.second_exchange:
        raise StateError("$.state.exchange_round: the rules have no second exchange")
    twice = rules.second_exchange
    if (state.thrown_again is None) == twice or (state.revealed_again is None) == twice:
        raise StateError("$.state.thrown_again: kept exactly when the rules have a "
                         "second exchange")
    if (state.set_aside is None) == rules.bluff_takes_back:
        raise StateError("$.state.set_aside: kept exactly when the rules take a bluff back")
    if (state.withdrawn is None) == rules.fold_withdraws or (
            state.void is None) == rules.fold_withdraws:
        raise StateError("$.state.withdrawn: kept exactly when the rules withdraw a "
                         "folded card (with the voids)")
    if any(not state.folded[s] for s, _ in state.gone()):
        raise StateError("$.state.withdrawn: only a folded seat's card is withdrawn")
    if state.trick and state.leader != state.trick[0][0]:
        raise StateError("$.state.leader: the seat whose card leads the trick")
    _check_stakes(state)
    if stage != OVER:
        _check_turns(state)


def _check_turns(state: State) -> None:
    """Who is asked, against what has happened: a round in play has two seats in it; a
    knock is answered by the others while its knocker stays in (TOE-22, TOE-51); a seat
    asked to exchange has not exchanged in this round of exchanges (TOE-03); a card goes
    down from each seat still in once a trick, clockwise from its leader (TOE-10, TOE-51).

    Without these a tampered save loaded and then failed in play: a knock answered
    with its knocker out of the round looked for ever for the next seat still in, a
    seat asked to exchange twice lost the hand it had thrown in, and the seat to play
    could be one that had already played to the trick.
    """
    n, stage, playing = state.n, state.stage, state.playing
    if playing.count(True) < 2:
        raise StateError("$.state.playing: a round in play has at least two seats in it")
    if stage == RESPOND and (state.knocker < 0 or not playing[state.knocker]
                             or state.knocker in state.queue):
        raise StateError("$.state.knocker: a knock is answered by the others while the "
                         "knocker stays in the round (TOE-22, TOE-51)")
    if stage == CHALLENGE and (state.exchanger < 0 or not state.exchanged[state.exchanger]
                               or state.exchanger in state.queue):
        raise StateError("$.state.exchanger: the others are asked about a seat that "
                         "exchanged (TOE-04)")
    if stage in (EXCHANGE, CHALLENGE):
        # the exchanges go round in the order of the deal (TOE-03): the seats still to
        # be asked come after the seat asked now (or whose exchange is being judged)
        now = state.queue[0] if stage == EXCHANGE else state.exchanger
        places = [state.dealt.index(s) if s in state.dealt else -1
                  for s in (now, *state.exchange_queue)]
        if places[0] < 0 or places != sorted(set(places)):
            raise StateError("$.state.exchange_queue: the seats still to exchange follow "
                             "the seat asked now, in the order of the deal (TOE-03)")
        again = state.again()
        asked = [("queue", s) for s in state.queue[:1] if stage == EXCHANGE]
        for name, s in (*asked, *(("exchange_queue", s) for s in state.exchange_queue)):
            if again[s] if state.exchange_round else state.exchanged[s]:
                raise StateError(f"$.state.{name}: seat {s} is asked to exchange again in "
                                 "the same round of exchanges (TOE-03)")
    if stage in (PLAY, RESPOND):
        played = [p for p, _ in state.trick]
        active, leader = state.active, state.leader
        if len(set(played)) != len(played) or active in played:
            raise StateError("$.state.active: a seat plays one card to a trick (TOE-10)")
        if stage == PLAY and not played and active != leader:
            raise StateError("$.state.active: the leader plays first to a trick (TOE-10)")
        if played:
            arc = [(leader + i) % n for i in range((active - leader) % n)]
            if any(p not in arc for p in played) or any(
                    playing[p] and p not in played for p in arc):
                raise StateError("$.state.active: cards go down clockwise from the trick's "
                                 "leader, and the seat to act is the next one still in (TOE-10, "
                                 "TOE-51)")


def opening_stake(state: State) -> int:
    """What the round is worth before any knock: 1 (TOE-20), or 2 while a seat is in
    poverty under the poverty rule (TOE-31). A seat that goes out before play takes its
    poverty with it (``_out_now``), so the flags as they stand decide.

    The one statement of it: the deal, a seat going out before play and the load check
    (``_check_stakes``) all ask here, so they cannot disagree."""
    return 2 if state.rules.poverty and any(state.poverty) else 1


def fold_costs(state: State) -> tuple[int, ...]:
    """What a fold may cost before any knock: the stake until the poverty choices, 1 while
    they are made (TOE-31), then either (the choices were skipped when every seat still
    in is in poverty; the stake stands)."""
    if state.stage == POVERTY:
        return (1,)
    if state.stage in (EXCHANGE, CHALLENGE):
        return (state.stake,)
    return (state.stake, 1)


def _check_stakes(state: State) -> None:
    """The stake fields against each other: the stake is the opening stake plus one per
    knock (TOE-21, TOE-52); a fold costs the stake before the last knock (TOE-22,
    TOE-51), or 1 from the poverty choices on (TOE-31); a knock is answered, or was made,
    only if there was a knock; knocking waits for the exchanges and the poverty choices
    (TOE-50); and no knock raises the stake past the limit (TOE-55) or ``max_stake``.

    Without these a position or save loaded with, say, ``stake_before: 9`` and
    ``stake: 1`` asked "stay in for 1, or fold for 9?", and played it so.
    """
    stake, before, knocks, stage = state.stake, state.stake_before, state.knocks, state.stage
    rules = state.rules
    opening = opening_stake(state)
    if stake != opening + knocks:
        raise StateError(
            f"$.state.stake: the round is worth {opening} (2 with a player in poverty, "
            f"TOE-31) plus 1 per knock (TOE-21, TOE-52), so {opening + knocks} with "
            f"knocks: {knocks}; stake says {stake}")
    if knocks and before != stake - 1:
        raise StateError(
            f"$.state.stake_before: a fold costs the stake before the last knock "
            f"(TOE-22, TOE-51), {stake - 1} with stake: {stake}; stake_before says {before}")
    if not knocks and before not in fold_costs(state):
        raise StateError(
            f"$.state.stake_before: with knocks: 0 a fold costs the stake ({stake}), or 1 "
            f"from the poverty choices on (TOE-31); stake_before says {before}")
    if knocks and stage in (EXCHANGE, CHALLENGE, POVERTY):
        raise StateError("$.state.knocks: nobody knocks before the exchanges and the "
                         "poverty choices are done (TOE-50)")
    if not knocks and (state.knocker >= 0 or state.last_knocker >= 0):
        raise StateError("$.state.knocker: with knocks: 0 nobody has knocked (knocker and "
                         "last_knocker are -)")
    if knocks and state.last_knocker < 0:
        raise StateError("$.state.last_knocker: with knocks above 0 somebody knocked last")
    if state.knocker >= 0 and (state.knocker != state.last_knocker
                               or stage not in (RESPOND, OVER)):
        raise StateError("$.state.knocker: the knock being answered is the last one "
                         "(last_knocker), and only while it is answered (stage respond)")
    cap = min(rules.limit, rules.max_stake or rules.limit)
    if knocks and stake > cap:
        raise StateError(f"$.state.stake: no knock raises the stake past {cap} (the limit, "
                         f"TOE-55, or max_stake); stake says {stake}")


def _check_house_fields(state: State) -> None:
    """The checks of the fields only some house rules keep (see ``_check_loaded``)."""
    again_all, aside_all, seen_all = state.again(), state.aside(), state.again_seen()
    # second_exchange=True asks again only the holders of replacement cards; "all" asks
    # every player still in, so a second exchange need not follow a first one
    holders = state.rules.second_exchange is True
    for s in range(state.n):
        again, aside, seen_again = again_all[s], aside_all[s], seen_all[s]
        if again and (len(again) != 4 or not state.exchange_round or not state.exchanged[s]
                      or (holders and not state.thrown[s])):
            raise StateError(f"$.state.thrown_again[{s}]: four cards of a second exchange")
        if seen_again and not (again or aside):
            raise StateError(f"$.state.revealed_again[{s}]: nothing was thrown in again")
        caught = int(state.revealed[s]) + int(seen_again)  # exchanges turned up
        if aside and (len(aside) not in (4, 4 * caught) or not state.exchanged[s] or not caught):
            raise StateError(f"$.state.set_aside[{s}]: four cards a caught bluffer drew, "
                             "per exchange caught")
        if state.void is not None and state.stage != OVER:
            suits = 0
            for c in state.hands[s]:
                suits |= 1 << (c >> 3)
            if state.void[s] & suits:
                raise StateError(
                    f"$.state.void[{s}]: holds a card of a suit it did not follow")


def _check_seat_lists(state: State) -> None:
    """The seat lists: each names a seat at most once; the deal went round once.

    ``dealt`` is the deal of this round (TOE-02): clockwise from the dealer's left, each
    seat once, and every seat still in the game was dealt in (a seat that went out
    during the round keeps its place, TOE-23). A finished game keeps its last deal,
    while the deal itself has passed on to the winner of that round (TOE-13).
    """
    n = state.n
    for name in ("queue", "exchange_queue", "dealt", "winners", "losers"):
        seats = getattr(state, name)
        if len(set(seats)) != len(seats):
            raise StateError(f"$.state.{name}: names a seat twice")
    if state.stage == OVER:  # the last deal; the deal has passed on to its winner
        return
    dealer = state.dealer
    places = [(s - dealer - 1) % n for s in state.dealt]
    if places != sorted(places):
        raise StateError("$.state.dealt: the deal goes clockwise from the dealer's left")
    if any(not state.out[s] and s not in state.dealt for s in range(n)):
        raise StateError("$.state.dealt: every seat still in the game is dealt in")
    if any(s not in state.dealt for s in state.exchange_queue):
        raise StateError("$.state.exchange_queue: only seats dealt in exchange")


def setup_values(n: int, rules: Rules, extra: dict[str, Any]) -> tuple[list[int], int]:
    """The starting chalk board and dealer from ``extra``, checked (``SetupError``)."""
    lives = extra.get("lives")
    if lives is None:
        lives = [0] * n
    if (
        not isinstance(lives, list | tuple) or len(lives) != n
        or not all(type(x) is int and 0 <= x <= 10_000 for x in lives)
    ):
        raise SetupError(f"lives must be {n} whole numbers from 0 (lives lost per seat)")
    # TOE-23: a rubber ends when anyone reaches the limit, elimination when one seat is
    # left under it: a board already there leaves no game to deal
    if sum(x < rules.limit for x in lives) < 2 or (
        rules.ending == "rubber" and any(x >= rules.limit for x in lives)
    ):
        raise SetupError("starting lives leave no game to play: at least two players "
                         "must be under the limit")
    dealer = extra.get("dealer", n - 1)
    if type(dealer) is not int or not 0 <= dealer < n:
        raise SetupError(f"dealer must be a seat in 0..{n - 1}")
    return list(lives), dealer


def upgrade_v1(state: dict[str, Any]) -> dict[str, Any]:
    """Format 1 called the stage ``phase`` and kept a finished game's last trick in
    both ``trick`` and ``tricks`` (which its own loader then refused)."""
    if "phase" in state and "stage" not in state:
        state["stage"] = state.pop("phase")
    tricks, trick = state.get("tricks"), state.get("trick")
    if (state.get("stage") == "over" and isinstance(tricks, list) and tricks and trick
            and isinstance(tricks[-1], list) and len(tricks[-1]) == 3
            and tricks[-1][1] == trick):
        state["trick"] = []
    return state


#: The keys of a finished round's summary (``last_round``, the ``round_over`` event).
_LAST_ROUND_KEYS = frozenset({"round", "winner", "stake", "paid", "folded"})


def last_round_fault(last: Any, n: int, round_: int, limit: int) -> str | None:
    """Why ``last`` is no summary of a finished round of this game, or ``None``.

    The summary is saved as JSON and shown in every seat's view, so a save or position
    may not put anything else there: the deal's number (at most the current one), the
    winner (a seat), the stake paid (1 up to twice the limit, a jack's double), who paid
    it (seats other than the winner, each the stake) and who folded (distinct seats, in
    order, none of them a payer: only seats still in pay).
    """
    if last is None:
        return None
    if not isinstance(last, Mapping) or set(last) != _LAST_ROUND_KEYS:
        return f"expected null or an object with exactly the keys {sorted(_LAST_ROUND_KEYS)}"
    number, winner, stake = last["round"], last["winner"], last["stake"]
    if type(number) is not int or not 0 <= number <= round_:
        return f"round must be a deal number from 0 to {round_}"
    if type(winner) is not int or not 0 <= winner < n:
        return f"winner must be a seat from 0 to {n - 1}"
    if type(stake) is not int or not 1 <= stake <= 2 * limit:
        return f"stake must be an int from 1 to {2 * limit}"
    paid, folded = last["paid"], last["folded"]
    seats = {str(s): s for s in range(n) if s != winner}
    if not isinstance(paid, Mapping) or not all(
            k in seats and type(v) is int and v == stake for k, v in paid.items()):
        return "paid maps seats other than the winner (as text) to the stake"
    if (not isinstance(folded, Sequence) or isinstance(folded, str)
            or not all(type(s) is int and 0 <= s < n for s in folded)
            or list(folded) != sorted(set(folded))
            or any(str(s) in paid for s in folded)):
        return "folded lists distinct seats in order, none of whom paid"
    return None


def round_named(last_round: Any) -> Any:
    """``last_round`` with the deal's number under ``round``, as engine 4 writes it: up to
    engine 3 its end-of-round event (which ``last_round`` copies) called it ``hand``, a
    word that means a player's cards everywhere else. Anything else is left as it is
    (the result is a plain dict: a save's is read and frozen after, a position's frozen by
    its caller)."""
    if isinstance(last_round, Mapping) and "hand" in last_round and "round" not in last_round:
        return {"round": last_round["hand"], **{k: v for k, v in last_round.items() if k != "hand"}}
    return last_round


def upgrade_engine(state: dict[str, Any], engine: int) -> dict[str, Any]:
    """A save by engine 1 to 3 in engine 4's form. Engine 3 added the fields of the
    house options of that release (``void`` and the exchange, fold and bluff fields,
    :data:`_ENGINE3_FIELDS`): an older save gets their empty values, as none of the
    rules that use them existed then (a save holding some of them is left for the
    strict load to refuse). Engine 4 names the deal ``round`` in ``last_round``
    (:func:`round_named`). Engine 5's ``active`` (was ``turn``) is declared
    (``State.ENGINE_RENAMED``) and renamed before this runs. The engines play alike,
    so nothing else changes."""
    if engine < 3 and all(k not in state for k in _ENGINE3_FIELDS):
        state.update(_ENGINE3_FIELDS)
    if engine < 4:
        state["last_round"] = round_named(state.get("last_round"))
    return state


#: The fields engine 3 added, with the values a game from before it has.
_ENGINE3_FIELDS: Final[Mapping[str, Any]] = {"void": None, "exchange_round": 0, "thrown_again": None,
                                   "revealed_again": None, "set_aside": None,
                                   "withdrawn": None}
