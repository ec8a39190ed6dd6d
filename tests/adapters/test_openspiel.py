"""The OpenSpiel adapter passes pyspiel's random simulation test for every game, and its
resampling, serialization and observers behave as documented."""

from __future__ import annotations

import base64
import importlib.util
import itertools
import sys
from pathlib import Path
from typing import Any

import numpy as np
import pyspiel
import pytest
from open_spiel.python.observation import make_observation

import tablegames
from tablegames import bots
from tablegames.adapters.openspiel import RECALL_BITS, EngineBot, load_game, rules_param
from tablegames.bots import SeatedPolicy
from tablegames.common.errors import IllegalAction
from tests.adapters.helpers import SHITHEAD_INTERRUPTS, SHORT, random_step, through_chance

CASES: list[tuple[str, int, Any, dict[str, Any]]] = [
    *((game, players, rules, {}) for game, (players, rules) in sorted(SHORT.items())),
    ("toepen", 3, {"limit": 4}, {"interrupts": True}),
    ("dallah", 2, None, {"table": "players"}),
    ("shithead", 3, SHITHEAD_INTERRUPTS, {"interrupts": True}),
    ("shithead", 2, {"swap_mode": "simultaneous", "aces": "high"}, {}),
    ("toepen", 3, {"limit": 3}, {"chance": "engine"}),  # the old seeded mode, no chance nodes
    ("dallah", 2, None, {"chance": "engine"}),
]


def _name(case: tuple[Any, ...]) -> str:
    rules = case[2] if isinstance(case[2], str) else "+".join(sorted(case[2] or ())) or "default"
    return f"{case[0]}-{case[1]}-{rules}-{sorted(case[3])}"


@pytest.mark.parametrize("case", CASES, ids=_name)
def test_pyspiel_random_sim_test(case: tuple[Any, ...]) -> None:
    game, players, rules, options = case
    spiel = load_game(game, players=players, rules=rules, **options)
    pyspiel.random_sim_test(spiel, num_sims=2, serialize=True, verbose=False)


def test_games_load_by_name_with_parameters() -> None:
    load_game("toepen", players=4)  # registers the game
    name = "python_tablegames_toepen(chance=engine,players=4,rules=limit15,seed=3)"
    game = pyspiel.load_game(name)
    assert game.num_players() == 4
    assert game.get_type().chance_mode == pyspiel.GameType.ChanceMode.DETERMINISTIC
    state = game.new_initial_state()
    assert state._tg.codec.rules.limit == 15
    def hands(s: Any) -> list[list[str]]:
        return [s.session.state.view(p)["hand"] for p in range(4)]

    same = pyspiel.load_game(name)
    assert hands(same.new_initial_state()) == hands(state)
    other = pyspiel.load_game(name.replace("seed=3", "seed=4"))
    assert hands(other.new_initial_state()) != hands(state)
    # with chance nodes (the default) the seed plays no part: every game starts at the deal
    explicit = pyspiel.load_game("python_tablegames_toepen(players=4,rules=limit15,seed=3)")
    assert explicit.get_type().chance_mode == pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC
    assert explicit.max_chance_outcomes() == 32
    assert explicit.new_initial_state().is_chance_node()
    with pytest.raises(tablegames.SetupError):
        load_game("toepen", players=3, chance="sampled")
    rules = tablegames.GAMES["toepen"].rules_class(limit=12)
    for given in (rules, {"limit": 12}):
        loaded = pyspiel.load_game(str(load_game("toepen", players=3, rules=given)))
        assert loaded.new_initial_state()._tg.codec.rules == rules
    assert rules_param("limit15") == "limit15" and rules_param(None) == ""
    with pytest.raises(tablegames.SetupError):
        load_game("toepen", players=True)
    with pytest.raises(tablegames.SetupError):
        load_game("toepen", players=3, rules=5)
    with pytest.raises(tablegames.SetupError):
        load_game("toepen", players=3, seed="7")
    with pytest.raises(tablegames.RulesError):
        load_game("toepen", players=3, rules={"limit": 1})
    huge = load_game("shithead", players=15, interrupts=True,
                     rules={"rounds": 100, "action_limit": 10**6, "decks": 3})
    assert huge.max_game_length() == 2**31 - 1  # pyspiel keeps it in a C++ int


def test_states_follow_the_engine() -> None:
    game = load_game("shithead", players=3)
    state = through_chance(game.new_initial_state())
    engine = state.session.state
    assert engine.players == ("P0", "P1", "P2")
    rng = np.random.default_rng(1)
    while not state.is_terminal():
        if state.is_chance_node():
            random_step(state, rng)
            continue
        player = state.current_player()
        legal = state.legal_actions()
        assert legal == state.session.legal_ids()
        for other in range(3):
            if other != player:
                assert state.legal_actions(other) == []
        mask = state.legal_actions_mask(player)
        assert [i for i, m in enumerate(mask) if m] == legal
        state.apply_action(int(rng.choice(legal)))
    returns = state.returns()
    assert abs(sum(returns)) < 1e-9 and min(returns) == -1.0
    assert returns == pytest.approx(
        [-1.0 if s in engine.outcome().losers else 0.5 for s in range(3)])


def test_resampled_worlds_look_the_same_to_their_player() -> None:
    game = load_game("toepen", players=3, rules={"limit": 5})
    state = game.new_initial_state()
    rng = np.random.default_rng(2)
    for _ in range(60):
        random_step(state, rng)
    through_chance(state, rng)
    player = state.current_player()
    sampler = pyspiel.UniformProbabilitySampler(0.0, 1.0)
    hands = set()
    for _ in range(5):
        world = state.resample_from_infostate(player, sampler)
        assert world.observation_string(player) == state.observation_string(player)
        assert np.array_equal(world.observation_tensor(player), state.observation_tensor(player))
        assert world.legal_actions() == state.legal_actions()
        hands.add(str([world.session.state.hands[s] for s in range(3) if s != player]))
    assert len(hands) > 1  # the other seats' cards were redealt
    # the real state is untouched
    assert state.session.state.world is False


def test_serialization_keeps_a_spelling_in_progress() -> None:
    game = load_game("shithead", players=2, rules={"swap": False})
    state = game.new_initial_state()
    rng = np.random.default_rng(3)
    while state.is_chance_node() or not state.session.prefix:
        random_step(state, rng)
        if state.is_terminal():  # pragma: no cover - a double turns up long before
            pytest.fail("no multi-card play in a whole game")
    text = pyspiel.serialize_game_and_state(game, state)
    _, back = pyspiel.deserialize_game_and_state(text)
    assert str(back) == str(state)
    assert back.session.state.to_json() == state.session.state.to_json()
    assert back.session.prefix == state.session.prefix
    assert back.legal_actions() == state.legal_actions()


def test_state_strings_show_only_public_information() -> None:
    game = load_game("toepen", players=3)
    state = through_chance(game.new_initial_state())
    text = str(state)
    for seat in range(3):
        for card in state.session.state.view(seat)["hand"]:
            assert f'"{card}"' not in text
    assert "to decide 0" in text


def test_public_and_private_observers() -> None:
    game = load_game("toepen", players=3)
    state = through_chance(game.new_initial_state())
    public = make_observation(game, pyspiel.IIGObservationType(
        perfect_recall=False, public_info=True, private_info=pyspiel.PrivateInfoType.NONE))
    private = make_observation(game, pyspiel.IIGObservationType(perfect_recall=False))
    texts = [public.string_from(state, p) for p in range(3)]
    assert len(set(texts)) == 1 and '"hand"' not in texts[0]
    assert '"hand"' in private.string_from(state, 0)
    tensors = set()
    for p in range(3):
        public.set_from(state, p)
        tensors.add(public.tensor.tobytes())
        private.set_from(state, p)
        assert not np.array_equal(private.tensor, public.tensor)  # a hand of its own
    assert len(tensors) == 1


def test_engine_bots_play_spelled_actions() -> None:
    game = load_game("phase10", players=2, rules=SHORT["phase10"][1])
    bots = [EngineBot(tablegames.GAMES["phase10"].bots["smart"](s)) for s in range(2)]
    state = game.new_initial_state()
    spelled = 0
    rng = np.random.default_rng(0)
    while not state.is_terminal():
        if state.is_chance_node():
            random_step(state, rng)
            continue
        if state.session.prefix:
            spelled += 1
        state.apply_action(bots[state.current_player()].step(state))
    assert spelled > 0
    laid = [a for a in state.session.state.history if ":lay " in str(a)]
    assert laid


def _engine_game(game: Any, bots: list[EngineBot], seed: int) -> tuple[Any, int, int]:
    """Play a whole game with ``bots``; returns the final state, the polls answered and
    the polls in which a bot took its interrupt."""
    state = game.new_initial_state()
    rng = np.random.default_rng(seed)
    polls = taken = 0
    while not state.is_terminal():
        if state.is_chance_node():
            random_step(state, rng)
            continue
        polled = state.session.polling
        action = bots[state.current_player()].step(state)
        assert action in state.legal_actions()
        polls += polled
        taken += polled and action != state.session.codec.PASS
        state.apply_action(action)
    return state, polls, taken


@pytest.mark.parametrize("chance", ["explicit", "engine"])
def test_engine_bots_play_dallah_as_the_table_model_reports(chance: str) -> None:
    """With the default ``table="model"`` the table reports what fell: an EngineBot
    answered reports itself, which the adapter does not offer (a SpielError on the first
    placement); now the seat's own options are its ``interrupt`` and the table reports."""
    game = load_game("dallah", players=2, chance=chance)
    policies = [tablegames.GAMES["dallah"].bots["model"](1),
                SeatedPolicy(bots.make("ismcts", "dallah", seed=2, budget=2))]
    state, _, _ = _engine_game(game, [EngineBot(p) for p in policies], 3)
    assert state.is_terminal() and sorted(state.returns()) == [-1.0, 1.0]


def test_engine_bots_knock_out_of_turn_when_their_policy_does() -> None:
    """A polled seat is asked its policy's ``interrupt`` (TOE-21: anyone may knock at any
    moment): an EngineBot used to pass every poll, so its club or random player never
    knocked out of turn, unlike the same bot in the arena."""
    game = load_game("toepen", players=3, rules={"limit": 3})
    policy = tablegames.GAMES["toepen"].bots["random"]
    _, polls, taken = _engine_game(game, [EngineBot(policy(s)) for s in range(3)], 0)
    assert polls > 0 and taken > 0


class _Spy:
    """A policy that keeps the states it is handed and plays the first legal action."""

    def __init__(self) -> None:
        self.seen: list[str] = []

    def choose(self, state: Any) -> Any:
        self.seen.append(state.to_json())
        return state.legal_actions()[0]


def test_engine_bots_are_handed_worlds_not_the_real_state() -> None:
    """Two real states a seat cannot tell apart (one a world resampled for it) hand its
    policy the same state: a function of what the seat has seen. The policy used to get
    the real engine state, with every hand and (chance="engine") the stock's order."""
    game = load_game("toepen", players=3, rules={"limit": 3})
    real = through_chance(game.new_initial_state())
    seat = real.current_player()
    other = real.resample_from_infostate(seat, pyspiel.UniformProbabilitySampler(0.0, 1.0))
    assert other.session.state.to_json() != real.session.state.to_json()
    spies = [_Spy(), _Spy()]
    for spy, state in zip(spies, (real, other), strict=True):
        EngineBot(spy).step(state)
    assert spies[0].seen == spies[1].seen and len(spies[0].seen) == 1
    assert spies[0].seen[0] != real.session.state.to_json()


def test_an_engine_bot_answer_not_offered_is_refused() -> None:
    class Stubborn:
        def choose(self, state: Any) -> Any:
            return "0:keep"

    game = load_game("toepen", players=2, rules={"limit": 2})
    state = through_chance(game.new_initial_state())
    before = state.serialize()
    with pytest.raises(IllegalAction) as err:
        EngineBot(Stubborn()).step(state)
    assert err.value.code == "illegal_bot_answer" and state.serialize() == before


def test_ismcts_example_runs() -> None:
    path = Path(__file__).resolve().parents[2] / "examples" / "openspiel_ismcts_toepen.py"
    spec = importlib.util.spec_from_file_location("openspiel_ismcts_toepen", path)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module
    spec.loader.exec_module(module)
    summary = module.main(["--games", "2", "--players", "2", "--limit", "2",
                           "--simulations", "8", "--quiet"])
    assert summary["games"] == 2 and -1.0 <= summary["mean_return"] <= 1.0


#: Every game's smallest configuration (two seats, the shortest rules), for the CFR family.
SMALLEST: dict[str, tuple[int, Any]] = {
    "toepen": (2, {"limit": 2}),
    "phase10": (2, {"phases": ["set2+run3"], "hand_size": 6}),
    "shithead": (2, {"swap": False, "action_limit": 50}),
    "dallah": (2, None),
}


@pytest.fixture
def deep_recursion() -> Any:
    """OpenSpiel's Python MCCFR recurses once per decision; a Dallah game takes hundreds."""
    old = sys.getrecursionlimit()
    sys.setrecursionlimit(max(old, 20_000))
    yield
    sys.setrecursionlimit(old)


@pytest.fixture
def numpy_seeded() -> Any:
    """OpenSpiel's outcome sampling draws from numpy's global generator, whose state is
    whatever the tests run before in the same worker left it: seeded here (and put back
    after), the solver samples the same games on every run and every worker. Left
    unseeded, one run in many sampled a Phase 10 game long enough to underflow a reach
    probability (found by helper-219 under ``-n 2``; 40 seeds tried in a row passed)."""
    saved = np.random.get_state()
    np.random.seed(0)
    yield
    np.random.set_state(saved)


@pytest.mark.parametrize("game", sorted(SMALLEST))
def test_outcome_sampling_mccfr_runs_on_every_game(game: str, deep_recursion: Any,
                                                   numpy_seeded: Any) -> None:
    from open_spiel.python.algorithms import outcome_sampling_mccfr

    players, rules = SMALLEST[game]
    spiel = load_game(game, players=players, rules=rules)
    assert spiel.get_type().provides_information_state_string
    assert spiel.get_type().provides_information_state_tensor
    solver = outcome_sampling_mccfr.OutcomeSamplingSolver(spiel)
    with np.errstate(all="raise"):  # no reach probability may underflow to 0
        for _ in range(2 if game == "dallah" else 4):
            solver.iteration()
    tables = solver._infostates
    assert len(tables) > 10
    for regrets, average in tables.values():
        assert np.all(np.isfinite(regrets)) and np.all(np.isfinite(average))
    state = through_chance(spiel.new_initial_state())
    probs = solver.average_policy().action_probabilities(state)
    assert set(probs) == set(state.legal_actions())
    assert sum(probs.values()) == pytest.approx(1.0)


def _random_states(game: str, seed: int, steps: int) -> list[Any]:
    players, rules = SMALLEST[game]
    state = load_game(game, players=players, rules=rules).new_initial_state()
    rng = np.random.default_rng(seed)
    out = [state.clone()]
    for _ in range(steps):
        if state.is_terminal():
            break
        random_step(state, rng)
        out.append(state.clone())
    return out


def _past(text: str) -> list[str]:
    """An information state's record of the past: its lines before the ``now`` line."""
    lines = text.split("\n")
    return lines[:next(i for i, line in enumerate(lines) if line.startswith("now "))]


@pytest.mark.parametrize("game", sorted(SMALLEST))
def test_information_states_have_perfect_recall(game: str) -> None:
    """What a seat has seen stays in its information state, in order: each state's past
    is a prefix of the next one's, and no two decisions of a game share a state."""
    states = _random_states(game, 1, 120)
    for seat in range(2):
        pasts = [_past(s.information_state_string(seat)) for s in states]
        for earlier, later in itertools.pairwise(pasts):
            assert later[:len(earlier)] == earlier
        deciding = [s.information_state_string(seat) for s in states
                    if s.current_player() == seat]
        assert len(set(deciding)) == len(deciding)


@pytest.mark.parametrize("game", sorted(SMALLEST))
def test_information_states_hide_what_the_seat_cannot_see(game: str) -> None:
    """A world resampled for a seat (other hands, the undealt stock's order redealt) gives
    that seat the very same information state: string and tensor."""
    states = _random_states(game, 2, 40)
    sampler = pyspiel.UniformProbabilitySampler(0.0, 1.0)
    for state in states[::8]:
        if state.is_terminal() or state.is_chance_node():
            continue
        seat = state.current_player()
        for _ in range(3):
            world = state.resample_from_infostate(seat, sampler)
            assert world.information_state_string(seat) == state.information_state_string(seat)
            assert np.array_equal(world.information_state_tensor(seat),
                                  state.information_state_tensor(seat))


def test_own_cards_are_in_the_information_state_and_others_are_not() -> None:
    game = load_game("toepen", players=3)
    state = through_chance(game.new_initial_state())
    hands = [state.session.state.view(s)["hand"] for s in range(3)]
    text = state.information_state_string(0)
    assert all(f'"{card}"' in text for card in hands[0])
    assert not any(f'"{card}"' in text for card in hands[1] + hands[2])
    # a world made for seat 1 does not know what seat 0 saw privately
    world = state.resample_from_infostate(1, pyspiel.UniformProbabilitySampler(0.0, 1.0))
    assert not any(f'"{card}"' in world.information_state_string(0) for card in hands[0]
                   if card not in world.session.state.view(0)["hand"])


def test_information_state_tensors() -> None:
    players, rules = SMALLEST["toepen"]
    spiel = load_game("toepen", players=players, rules=rules)
    size = spiel.information_state_tensor_size()
    assert size == spiel.observation_tensor_size() + RECALL_BITS
    states = _random_states("toepen", 3, 30)
    seen: dict[bytes, str] = {}
    for state in states:
        tensor = np.asarray(state.information_state_tensor(0), np.float32)
        assert tensor.shape == (size,) and tensor.min() >= 0.0 and tensor.max() <= 1.0
        assert set(np.unique(tensor[-RECALL_BITS:])) <= {0.0, 1.0}
        assert np.array_equal(tensor[:-RECALL_BITS], state.observation_tensor(0))
        text = state.information_state_string(0)
        assert seen.setdefault(tensor.tobytes(), text) == text  # equal tensors: equal states
    assert len(seen) == len({s.information_state_string(0) for s in states})


def test_serialization_keeps_the_information_states() -> None:
    states = _random_states("shithead", 4, 30)
    state = states[-1]
    game = state.get_game()
    _, back = pyspiel.deserialize_game_and_state(pyspiel.serialize_game_and_state(game, state))
    for seat in range(2):
        assert back.information_state_string(seat) == state.information_state_string(seat)
    back.apply_action(back.legal_actions()[0])
    state.apply_action(state.legal_actions()[0])
    assert back.information_state_string(0) == state.information_state_string(0)


def test_public_information_states() -> None:
    spiel = load_game("toepen", players=3)
    state = through_chance(spiel.new_initial_state())
    public = make_observation(spiel, pyspiel.IIGObservationType(
        perfect_recall=True, public_info=True, private_info=pyspiel.PrivateInfoType.NONE))
    texts = {public.string_from(state, p) for p in range(3)}
    assert len(texts) == 1 and '"hand"' not in texts.pop()


def test_load_game_refuses_what_pyspiel_cannot_take_with_its_own_errors() -> None:
    """Found by helper-60 (s38 M4): deep rules JSON was a ``RecursionError``, numpy rules
    values a ``TypeError``, numbers past a C++ int pybind11's ``RuntimeError`` and an
    unknown option pyspiel's ``SpielError``."""
    deep = '{"limit":' + "[" * 100_000 + "]" * 100_000 + "}"
    as64 = "json64:" + base64.urlsafe_b64encode(deep.encode()).decode()
    for rules in (deep, as64, '{"limit": 1e309}', '{"limit": NaN}', "json64:!!!"):
        with pytest.raises(tablegames.SetupError, match="rules parameter") as refused:
            load_game("toepen", players=3, rules=rules)
        assert len(str(refused.value)) < 200
    for rules in ({"limit": np.int64(10)}, {"limit": float("nan")}, {"limit": [[1]]}):
        with pytest.raises(tablegames.RulesError):
            load_game("toepen", players=3, rules=rules)
    for seed in (2**31, -(2**31) - 1, 2**70, 10**5000):
        with pytest.raises(tablegames.SetupError, match="32-bit") as refused:
            load_game("toepen", players=3, seed=seed)
        assert len(str(refused.value)) < 200
    for players in (2**31, 2**40, 10**5000, 0):
        with pytest.raises(tablegames.SetupError, match="players"):
            load_game("toepen", players=players)
    with pytest.raises(tablegames.SetupError, match="no option"):
        load_game("toepen", players=3, table="x")
    for seed in (2**31 - 1, -(2**31)):  # the ends of the range still load
        assert load_game("toepen", players=3, seed=seed).num_players() == 3
    with pytest.raises(tablegames.RulesError):
        rules_param({"limit": np.int64(10)})


@pytest.mark.parametrize("chance", ["explicit", "engine"])
def test_a_player_that_is_not_a_seat_is_a_seat_error(chance: str) -> None:
    """Found by the s39 review (helper-65's brief): pyspiel read ``True`` as player 1 and
    answered a seat out of range with its C++ ``SpielError`` (or ``[]`` from
    ``legal_actions(9)``); now every method taking a player checks it as the engine does."""
    game = load_game("toepen", players=3, rules={"limit": 3}, chance=chance)
    state = game.new_initial_state()
    if chance == "explicit":  # CHANCE names the player at a chance node, as in pyspiel
        assert state.legal_actions(pyspiel.PlayerId.CHANCE) == state.legal_actions()
        assert len(state.legal_actions_mask(pyspiel.PlayerId.CHANCE)) > 0
    through_chance(state)
    before = state.serialize()
    calls = ("legal_actions", "legal_actions_mask", "observation_string", "observation_tensor",
             "information_state_string", "information_state_tensor", "player_return")
    for bad in (True, False, 3, 9, -1, -4, 1.0, None, "0", 2**70):
        for name in calls:
            with pytest.raises(tablegames.common.errors.SeatError, match=r"0\.\.2") as refused:
                getattr(state, name)(bad)
            assert len(str(refused.value)) < 120
    assert state.serialize() == before
    for name in calls:  # a real seat, a numpy one and the default still answer
        assert getattr(state, name)(1) == getattr(state, name)(np.int64(1))
    assert state.legal_actions() == state.legal_actions(state.current_player())
    assert state.observation_string() == state.observation_string(state.current_player())


def test_a_bool_or_nan_is_no_action_and_no_sample() -> None:
    """Found by the s39 review (helper-65's brief): pyspiel read ``apply_action(True)``
    as the id 1 and played it, ``action_to_string`` named ``True``'s action, and a
    sampler answering NaN was a bare ``ValueError`` (``True`` or ``2.0`` were taken)."""
    game = load_game("toepen", players=2, chance="engine")
    state = game.new_initial_state()
    real = state.legal_actions()[0]
    rng = np.random.default_rng(0)
    tricked = game.new_initial_state()
    while 1 not in tricked.legal_actions():  # a later deal, if this one ends first
        random_step(tricked, rng)
        tricked = game.new_initial_state() if tricked.is_terminal() else tricked
    assert 1 in tricked.legal_actions()  # id 1 is legal: True would have played it
    before = tricked.serialize()
    for bad in (True, np.bool_(True), 1.0, float("nan"), "1", None):
        with pytest.raises(tablegames.IllegalAction, match="not_an_action"):
            tricked.apply_action(bad)
        with pytest.raises(tablegames.IllegalAction, match="not_an_action"):
            tricked.action_to_string(0, bad)
    assert tricked.serialize() == before
    with pytest.raises(tablegames.common.errors.SeatError):
        state.action_to_string(True, real)
    assert state.action_to_string(0, real) == state.action_to_string(real)
    assert state.action_to_string(pyspiel.PlayerId.CHANCE, 3)  # a chance outcome's label
    for drawn in (float("nan"), True, 2.0, -0.1, "0.5"):
        with pytest.raises(tablegames.SetupError, match="probability_sampler"):
            state.resample_from_infostate(0, lambda drawn=drawn: drawn)
    assert state.resample_from_infostate(0, lambda: 0.25).legal_actions() == \
        state.legal_actions()
    state.apply_action(np.int64(real))  # a numpy id is an id
    assert state.history() == [real]
