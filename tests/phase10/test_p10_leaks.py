"""Hidden information, step by step: what seat p is shown is the same in every world p
cannot tell from the real one (``sample_world(p)``).

At every step and for every seat p: p's view, the public view, ``str()``, p's legal
actions and the refusal message of every action p might try are identical in the real
state and in a sampled world; and when p itself acts (other than drawing, which takes an
unknown card), the events p is shown are identical too, up to the end of the hand.
"""

from __future__ import annotations

import pytest

from tablegames.common.actions import Action, Event
from tablegames.common.bots import RandomBot
from tablegames.common.errors import IllegalAction
from tablegames.phase10 import Discard, Draw, Hit, SmartBot, State, Take, new_game
from tablegames.phase10.cards import N_FACES, SKIP, WILD


def refusal(state: State, action: Action) -> str | None:
    try:
        state.copy().apply(action)
    except IllegalAction as exc:
        return f"{exc.code}|{exc.ruling}|{exc}"
    return None


def probes(state: State, seat: int) -> list[Action]:
    """Actions seat might try now: draws, every discard and Skip, hits of every card."""
    out: list[Action] = [Draw(seat), Take(seat)]
    out += [Discard(seat, c) for c in range(N_FACES)]
    out += [Discard(seat, SKIP, t) for t in range(state.n)]
    for owner in range(state.n):
        for gi in range(len(state.laid[owner])):
            out += [Hit(seat, c, owner, gi) for c in range(0, N_FACES, 5)]
            out += [Hit(seat, WILD, owner, gi, v) for v in (1, 6, 12)]
    return out


def until_round_over(events: list[Event], seat: int) -> list[dict[str, object]]:
    shown = Event.redact(events, seat)
    ends = [i for i, e in enumerate(events) if e.kind == "round_over"]
    return shown[:ends[0]] if ends else shown


@pytest.mark.parametrize(("players", "seed", "smart"),
                         [(2, 1, True), (3, 2, False), (4, 3, True), (5, 4, False), (6, 5, True)])
def test_nothing_hidden_reaches_a_seat(players: int, seed: int, smart: bool) -> None:
    state = new_game(players=players, seed=seed)
    bots = [SmartBot(seed + s) if smart else RandomBot(seed + s) for s in range(players)]
    for step in range(120):
        if state.is_over:
            break
        actor = state.to_act
        assert actor is not None
        action = bots[actor].choose(state)
        worlds = [state.sample_world(p, f"{seed}:{step}:{p}") for p in range(players)]
        for p, world in enumerate(worlds):
            assert world.view(p) == state.view(p)
            assert world.view(None) == state.view(None)
            assert str(world) == str(state)
            assert world.legal_actions(p) == state.legal_actions(p)
            for probe in probes(state, p):
                assert refusal(world, probe) == refusal(state, probe), probe
        mine = worlds[actor]
        real_events = state.apply(action)
        if not isinstance(action, Draw):
            assert until_round_over(mine.apply(action), actor) == until_round_over(real_events, actor)
