"""The research adapters as a researcher uses them (helper-115's walk, fixed by helper-118):
Dallah's falls are chance under OpenSpiel, the games register on import, rules read as
text, and an observer that cannot be given is refused."""

from __future__ import annotations

import subprocess
import sys

import numpy as np
import pyspiel
import pytest
from open_spiel.python.observation import make_observation

from tablegames.adapters.openspiel import load_game, rules_param
from tablegames.common.errors import SetupError
from tablegames.dallah.fallmodel import FallModel

TABLE = "table: the fall model reports"


def _at_a_table_report(seed: int = 0) -> tuple[object, int]:
    """A two-player Dallah state (chance nodes) where the placer may let the table report."""
    game = load_game("dallah", players=2)
    rng = np.random.default_rng(seed)
    state = game.new_initial_state()
    for _ in range(2000):
        if state.is_chance_node():
            outcomes, probs = zip(*state.chance_outcomes(), strict=True)
            state.apply_action(int(rng.choice(outcomes, p=probs)))
            continue
        legal = state.legal_actions()
        names = [state.action_to_string(a) for a in legal]
        if TABLE in names:
            return state, legal[names.index(TABLE)]
        state.apply_action(int(rng.choice(legal)))
    raise AssertionError("no table report in 2000 steps")


def test_the_fall_is_a_chance_node_and_clones_reach_different_falls() -> None:
    """The table's report is chance: its first chance node is the model's "does anything
    fall?" with the model's probability, and 400 clones of one state, sampled with a
    seeded generator, fall about as often as the model says (they all fell alike)."""
    state, table = _at_a_table_report()
    engine = state.session.state  # type: ignore[attr-defined]
    p = FallModel().fall_chance(engine)
    assert 0 < p < 1
    probe = state.clone()  # type: ignore[attr-defined]
    probe.apply_action(table)
    assert probe.is_chance_node()
    assert dict(probe.chance_outcomes()) == pytest.approx({0: 1 - p, 1: p})
    assert probe.action_to_string(pyspiel.PlayerId.CHANCE, 1) == "fall: something falls"
    rng = np.random.default_rng(7)
    falls, after = 0, set()
    n = 400
    for _ in range(n):
        clone = state.clone()  # type: ignore[attr-defined]
        clone.apply_action(table)
        first = True
        while clone.is_chance_node() and clone.session.need.pile in (
                "fall", "timeout", "collapse", "spread"):
            outcomes, probs = zip(*clone.chance_outcomes(), strict=True)
            outcome = int(rng.choice(outcomes, p=probs))
            falls += first and outcome == 1
            first = False
            clone.apply_action(outcome)
        after.add(str(clone))
    assert len(after) > 1
    assert abs(falls / n - p) < 4 * (p * (1 - p) / n) ** 0.5


def test_a_table_report_in_progress_serializes_and_resamples() -> None:
    """Halfway through the model's questions a state saves and loads as itself, and the
    placer's world asks the questions again (the answers so far showed nothing)."""
    state, table = _at_a_table_report(1)
    state.apply_action(table)  # type: ignore[attr-defined]
    assert state.is_chance_node()  # type: ignore[attr-defined]
    game = state.get_game()  # type: ignore[attr-defined]
    back = game.deserialize_state(state.serialize())  # type: ignore[attr-defined]
    assert back.chance_outcomes() == state.chance_outcomes()  # type: ignore[attr-defined]
    assert str(back) == str(state)
    seat = state.session.pending.seat  # type: ignore[attr-defined]
    world = state.resample_from_infostate(seat, pyspiel.UniformProbabilitySampler(0.0, 1.0))  # type: ignore[attr-defined]
    assert world.is_chance_node() and world.session.fed == ()


def test_openspiels_random_simulation_passes_for_dallah() -> None:
    pyspiel.random_sim_test(load_game("dallah", players=2), num_sims=2, serialize=True,
                            verbose=False)


def test_importing_the_adapter_registers_every_game() -> None:
    """A fresh process: ``import tablegames.adapters.openspiel`` alone makes every game
    loadable by its pyspiel name (OpenSpiel's example scripts' ``--game=``)."""
    code = ("import pyspiel, tablegames.adapters.openspiel\n"
            "for g in ('toepen', 'phase10', 'shithead', 'dallah'):\n"
            "    print(pyspiel.load_game('python_tablegames_' + g).num_players())\n")
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                          timeout=120, check=False)
    assert done.returncode == 0, done.stderr[-400:]
    assert done.stdout.split() == ["2", "2", "2", "2"]


def test_rules_options_are_readable_in_a_game_string() -> None:
    """Plain options read as ``key:value;...`` in the game string, which loads back; the
    old ``json64:`` form and lists (which need it) still load."""
    assert rules_param({"limit": 15}) == "limit:15"
    game = load_game("toepen", players=3, rules={"limit": 15})
    assert str(game) == ("python_tablegames_toepen(chance=explicit,interrupts=True,"
                         "players=3,rules=limit:15,seed=0)")
    again = pyspiel.load_game("python_tablegames_toepen(players=3,rules=limit:15)")
    assert again.codec.rules.limit == 15
    old = pyspiel.load_game("python_tablegames_toepen",
                            {"players": 3, "rules": "json64:eyJsaW1pdCI6MTV9"})
    assert old.codec.rules.limit == 15
    with pytest.raises(SetupError, match="key:value"):
        pyspiel.load_game("python_tablegames_toepen(players=3,rules=limit:15;oops)")


def test_an_all_players_observer_is_refused() -> None:
    """It returned the one seat's observation, which a critic would take for the table."""
    game = load_game("toepen", players=2)
    kind = pyspiel.IIGObservationType(perfect_recall=False, public_info=True,
                                      private_info=pyspiel.PrivateInfoType.ALL_PLAYERS)
    with pytest.raises(SetupError, match="ALL_PLAYERS"):
        make_observation(game, kind)
