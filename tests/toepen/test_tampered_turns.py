"""A tampered Toepen save whose turns contradict what happened is refused on load.

Each case was accepted by the loader, and failed in play: ``apply`` looked for ever for
the next seat still in (a knock answered with its knocker out of the round), a seat
asked to exchange twice lost the hand it had thrown in (the next save no longer held
every card, TOE-01), or one seat played two cards to a trick. Each tampers one value of
a real mid-game save, and the refusal names the field and the ruling it keeps.
"""

from __future__ import annotations

import json
import random
from collections.abc import Callable
from typing import Any

import pytest

from tablegames import StateError, toepen

STAGES = toepen.State.STAGES


def _until(state: toepen.State, done: Callable[[toepen.State], bool],
           pick: Callable[[list[Any]], Any] = lambda legal: legal[0]) -> toepen.State:
    for _ in range(200):
        if done(state):
            return state
        state.apply(pick(state.legal_actions()))
    raise AssertionError("the position was not reached")


def _knocked() -> dict[str, Any]:
    state = _until(toepen.new_game(players=2, seed=0),
                   lambda s: s.stage == STAGES.index("respond"),
                   lambda legal: next((a for a in legal if str(a).endswith("knock")), legal[0]))
    return json.loads(state.to_json())


def _exchanging() -> dict[str, Any]:
    state = toepen.new_game(players=4, seed=1)
    for move in ("0:exchange", "1:challenge", "1:keep"):
        state.apply(move)
    return json.loads(state.to_json())


def _in_a_trick() -> dict[str, Any]:
    state = _until(toepen.new_game(players=3, seed=0),
                   lambda s: s.stage == STAGES.index("play") and bool(s.trick))
    return json.loads(state.to_json())


def _set(path: tuple[Any, ...], value: Any) -> Callable[[dict[str, Any]], None]:
    def tamper(save: dict[str, Any]) -> None:
        node = save["state"]
        for key in path[:-1]:
            node = node[key]
        node[path[-1]] = value
    return tamper


CASES = {
    # the knocker folded away: 1:fold looked for ever for a seat still in
    "knocker out of the round": (_knocked, _set(("playing", 0), False), "playing"),
    "knocker answers its own knock": (_knocked, _set(("queue",), [0]), "knocker"),
    # seat 0 exchanged already: asked again, it threw away the hand it had thrown in
    "asked to exchange twice": (_exchanging, _set(("queue",), [0]), "TOE-03"),
    "still to exchange, already exchanged": (_exchanging, _set(("exchange_queue",), [0, 3]),
                                             "TOE-03"),
    "exchange order against the deal": (_exchanging, _set(("exchange_queue",), [3, 2]),
                                        "TOE-03"),
    # the leader again: it would play a second card to the trick
    "the leader plays twice": (_in_a_trick, lambda save: save["state"].__setitem__(
        "active", save["state"]["trick"][0][0]), "TOE-10"),
}


@pytest.mark.parametrize("case", sorted(CASES))
def test_a_save_whose_turns_contradict_what_happened_is_refused(case: str) -> None:
    make, tamper, named = CASES[case]
    save = make()
    toepen.State.from_json(json.dumps(save))  # the untampered save loads
    tamper(save)
    with pytest.raises(StateError) as err:
        toepen.State.from_json(json.dumps(save))
    assert named in str(err.value), str(err.value)


def test_every_state_of_random_games_with_house_rules_still_loads() -> None:
    """The new checks refuse no state play can reach: every state of seeded games, with
    out-of-turn knocks, folds that withdraw, second exchanges and eliminations, saves
    and loads byte-identical."""
    house = [{}, {"fold_withdraws": True}, {"second_exchange": "all", "bluff_takes_back": True},
             {"ending": "elimination", "out_at_once": True, "limit": 3},
             {"poverty": True, "poverty_may_fold": True, "double_knock": True}]
    for game in range(40):
        state = toepen.new_game(players=2 + game % 7, seed=game, rules=house[game % len(house)])
        rng = random.Random(game)
        while not state.is_over:
            text = state.to_json()
            assert toepen.State.from_json(text).to_json() == text
            moves = [a for seat in range(state.n) for a in state.legal_actions(seat)]
            state.apply(rng.choice(moves))
