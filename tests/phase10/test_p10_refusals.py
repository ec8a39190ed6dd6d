"""The table of refusals: every refusal the engine gives comes from it, and
``legal_actions`` and ``apply`` agree on every candidate action. That each row names a
ruling of the rules, on the line that returns it, is checked for every game's table by
``tests/common/test_refusals.py``."""

from __future__ import annotations

import random

import pytest

from tablegames.common.errors import IllegalAction, OutOfTurn
from tablegames.phase10 import Discard, Draw, Hit, Lay, Rules, State, new_game
from tablegames.phase10 import refusals as R
from tablegames.phase10.cards import N_FACES, SKIP, WILD
from tablegames.phase10.groups import make_group
from tablegames.phase10.refusals import TABLE, Fault
from tablegames.phase10.rules import RUN, SET

#: (code, ruling) of every row: what a refusal may say.
ALLOWED = {(row.code, row.ruling) for row in TABLE.values()}


def test_a_refusal_is_built_from_its_row() -> None:
    fault = R.ALREADY_SKIPPED.at(player="Bo")
    assert isinstance(fault, Fault)
    assert (fault.code, fault.ruling, fault.message) == (
        "already_skipped", "P10-24", "Bo is already waiting out a skip")
    error = fault.error(1)
    assert type(error) is IllegalAction and error.seat == 1 and error.ruling == "P10-24"


@pytest.mark.ruling("P10-31")
def test_another_seats_turn_is_refused_as_out_of_turn_before_the_actions_form() -> None:
    state = new_game(players=3, seed=4)
    other = (state.active + 1) % 3
    for action in (Draw(other), Discard(other, True, -1)):  # type: ignore[arg-type]
        with pytest.raises(OutOfTurn) as info:
            state.apply(action)
        assert (info.value.code, info.value.ruling) == ("out_of_turn", "P10-31")
    state.apply(Draw(state.active))
    with pytest.raises(IllegalAction) as refused:
        state.apply(Discard(state.active, True, -1))  # type: ignore[arg-type]
    assert type(refused.value) is IllegalAction and refused.value.code == "bad_action"


def _candidates(state: State, rng: random.Random) -> list[object]:
    """Actions worth trying now: a sample of every verb for every seat, most illegal."""
    n = state.n
    out: list[object] = [Draw(s) for s in range(n)]
    out += [state.parse_action(f"{s}:take") for s in range(n)]
    for _ in range(12):
        s = rng.randrange(n)
        card = rng.randrange(N_FACES)
        out.append(Discard(s, card, rng.choice([-1, -1, rng.randrange(-1, n + 1)])))
        owner = rng.randrange(n + 1)
        group = rng.randrange(len(state.laid[owner]) + 1) if owner < n else 0
        value = rng.choice([0, 0, rng.randrange(1, 13)]) if card == WILD else 0
        out.append(Hit(s, card, owner, group, value))
    s = state.active
    out.append(Lay(s, (make_group(SET, 3, (2, 14, 26)), make_group(SET, 7, (6, 18, WILD)))))
    out.append(Lay(s, (make_group(RUN, 1, (0, 13, 26, 39)),)))
    out.append(Discard(s, SKIP, s))
    return out


VARIANTS = [
    Rules(),
    Rules(hit_same_turn=False, skip_target="next"),
    Rules(wild_groups="open", naturals="phase", phase_choice=True, first_skip="twist"),
]


@pytest.mark.parametrize("rules", VARIANTS, ids=["standard", "next-turn", "open"])
@pytest.mark.parametrize("seed", [1, 2])
def test_legal_actions_and_apply_agree_and_every_refusal_is_in_the_table(
    rules: Rules, seed: int,
) -> None:
    """Over seeded random playouts (P10-31, P10-50): every listed action applies, every
    other candidate is refused with a (code, ruling) of the table, leaving the state as
    it was."""
    rng = random.Random(seed)
    state = new_game(players=2 + seed, seed=seed, rules=rules)
    seen: set[tuple[str, str | None]] = set()
    for _ in range(400):
        if state.to_act is None:
            break
        legal = state.legal_actions()
        listed = {str(a) for a in legal}
        for action in _candidates(state, rng) + legal:
            trial = state.copy()
            before = trial.to_json()
            try:
                trial.apply(action)  # type: ignore[arg-type]
            except IllegalAction as exc:
                assert str(action) not in listed, (str(action), exc)
                assert (exc.code, exc.ruling) in ALLOWED, exc
                assert trial.to_json() == before
                seen.add((exc.code, exc.ruling))
            else:
                assert str(action) in listed, str(action)
        state.apply(rng.choice(legal))
    assert {"out_of_turn", "draw_first", "already_drew", "not_in_hand"} <= {c for c, _ in seen}
