"""Random histories with two chance outcomes swapped: what a seat cannot tell apart stays
alike for it (helper-201).

A seeded random OpenSpiel game (explicit chance) is played; a second history takes the
same ids with two chance outcomes swapped (two cards of the deal or of the draws: a history that
the swap makes unplayable is left out), cut at a random later moment. For
each seat shown the same view at every step of both histories (``observation_view``, the
engine's ``state.view``, and the same seat deciding), its information state string and
tensor, observation string and tensor, and the world ``resample_from_infostate`` deals it
from the same sampler (its serialization) must be the same in both. Complements the
hand-built pairs of ``test_information_state_pairs``: here any card may move, in Shithead
too, after swaps, pick-ups and burns.
"""

from __future__ import annotations

import random
from typing import Any

import pytest

from tablegames.adapters.openspiel import load_game
from tablegames.common.errors import IllegalAction


def _replay(game: Any, one: list[int], two: list[int],
            players: int) -> tuple[Any, Any, list[int]]:
    """Both histories played side by side: their last states and the seats shown the same
    at every step (none where the second is no game: a card swapped in that the hand
    then could not play, or a draw the pile no longer held)."""
    a, b = game.new_initial_state(), game.new_initial_state()
    seats = list(range(players))
    for x, y in zip(one, two, strict=True):
        a.apply_action(x)
        try:
            b.apply_action(y)
        except IllegalAction:
            return a, b, []
        if a.current_player() != b.current_player():
            return a, b, []
        seats = [p for p in seats if a.observation_view(p) == b.observation_view(p)]
        if not seats:
            break
    return a, b, seats


CASES = [("toepen", 3, None), ("toepen", 2, "harsh-bluff"), ("shithead", 3, None),
         ("shithead", 2, "classic"), ("phase10", 2, None)]


@pytest.mark.parametrize(("name", "players", "rules"), CASES,
                         ids=[f"{c[0]}-{c[1]}-{c[2]}" for c in CASES])
def test_a_seat_cannot_tell_swapped_deals_apart(name: str, players: int, rules: Any) -> None:
    game = load_game(name, players=players, rules=rules)
    pairs = 0
    for seed in range(2):
        rnd = random.Random(f"{name}:{players}:{seed}")
        state = game.new_initial_state()
        ids: list[int] = []
        chance: list[int] = []
        while not state.is_terminal() and len(ids) < 80:
            if state.is_chance_node():
                chance.append(len(ids))
                a = rnd.choice(state.chance_outcomes())[0]
            else:
                a = rnd.choice(state.legal_actions())
            state.apply_action(a)
            ids.append(a)
        tries = 0
        while tries < 6 and pairs < 3 * (seed + 1):
            tries += 1
            i, j = sorted(rnd.sample(chance, 2))
            cut = rnd.randrange(j + 1, len(ids) + 1)
            other = ids[:cut]
            other[i], other[j] = other[j], other[i]
            if other == ids[:cut]:
                continue
            a, b, seats = _replay(game, ids[:cut], other, players)
            for p in seats:
                pairs += 1
                assert a.information_state_string(p) == b.information_state_string(p)
                assert a.information_state_tensor(p) == b.information_state_tensor(p)
                assert a.observation_string(p) == b.observation_string(p)
                assert a.observation_tensor(p) == b.observation_tensor(p)
                if not a.is_chance_node() and not a.is_terminal():
                    k = rnd.random()
                    wa = a.resample_from_infostate(p, lambda k=k: k)
                    wb = b.resample_from_infostate(p, lambda k=k: k)
                    assert wa.serialize() == wb.serialize()
                    assert wa.information_state_string(p) == wb.information_state_string(p)
    assert pairs >= 3  # the probe found pairs to compare
