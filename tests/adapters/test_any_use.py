"""Any use of the researcher-facing adapters (Gymnasium, PettingZoo, OpenSpiel with
chance nodes, the observation and information-state codecs) and ``sample_world``.

Properties the project's standards demand, over every game, with seeded playouts and
Hypothesis: bad input is refused with a clear error and changes nothing (byte-identical
``to_json()``); nothing returned aliases the state; hidden cards never reach a seat's
observation, information state or the structure of a world made for it; the same seed
and actions replay exactly; masks are the legal actions and every one is accepted;
rewards add up as documented; games end within ``info.max_actions``; OpenSpiel chance
nodes are distributions whose every outcome applies and whose games the engine accepts.
"""

from __future__ import annotations

import json
import math
import warnings
from typing import Any

import numpy as np
import pyspiel
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import tablegames
from tablegames.adapters import Session, adapter, make_codec, returns
from tablegames.adapters.base import PASS, SPECIAL, AdapterChance
from tablegames.adapters.gymnasium import TablegamesGymEnv
from tablegames.adapters.gymnasium import env as gym_env
from tablegames.adapters.openspiel import load_game
from tablegames.adapters.pettingzoo import TablegamesEnv
from tablegames.adapters.pettingzoo import env as pz_env
from tablegames.common.chance import ChanceNeeded
from tablegames.common.rng import Rng

#: Small tables and short rules per game (players, rules).
CONF: dict[str, tuple[int, Any]] = {
    "toepen": (3, {"limit": 3}),
    "phase10": (2, {"phases": ["set2+run3"], "hand_size": 6}),
    "shithead": (3, None),
    "dallah": (2, None),
}
GAMES = sorted(CONF)
#: Opponents of a Gymnasium learner (one fewer than CONF's players).
OPPONENTS: dict[str, list[str]] = {
    "toepen": ["club", "random"],
    "phase10": ["random"],
    "shithead": ["random", "smart"],
    "dallah": ["random"],
}

#: Values that are never an action id: wrong types, bools (not ints), NaN, infinities.
NOT_IDS: list[Any] = [True, False, np.True_, np.bool_(False), 1.5, 0.0, float("nan"),
                      float("inf"), np.float32(2.0), np.float64(3.0), "0", b"1", None,
                      [0], (0,), np.array([0, 1]), {0: 1}]

#: 25 examples under the ``ci`` profile, scaled with the profile (``deep``: 416).
PROPERTY = settings(max_examples=settings().max_examples * 25 // 60, deadline=None,
                    database=None, suppress_health_check=[HealthCheck.too_slow])


@pytest.fixture(autouse=True)
def _quiet() -> Any:
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", UserWarning)
        yield


# -- helpers ----------------------------------------------------------------------------
def _pz(game: str, **options: Any) -> TablegamesEnv:
    players, rules = CONF[game]
    return pz_env(game, players=players, rules=rules, **options)


def _gym(game: str, **options: Any) -> TablegamesGymEnv:
    return gym_env(game, OPPONENTS[game], CONF[game][1], **options)


def _pz_warm(e: TablegamesEnv, seed: int, steps: int) -> None:
    """Reset with ``seed`` and take up to ``steps`` random legal steps (stop short of the end)."""
    e.reset(seed=seed)
    rng = np.random.default_rng(seed)
    for _ in range(steps):
        obs, _r, term, trunc, _i = e.last()
        if term or trunc:
            return
        ids = np.flatnonzero(obs["action_mask"])
        session = e.session
        assert session is not None
        copy = session.copy()
        pick = int(rng.choice(ids))
        copy.choose(pick)
        if copy.state.is_over:  # keep the game alive for the probe
            return
        e.step(pick)


def _pz_snapshot(e: TablegamesEnv) -> tuple[Any, ...]:
    s = e.session
    assert s is not None
    obs = e.observe(e.agent_selection)
    return (s.state.to_json(), e.agent_selection, s.prefix, list(s.poll), s.actor, e.steps,
            obs["observation"].tobytes(), obs["action_mask"].tobytes(),
            dict(e._cumulative_rewards), dict(e.terminations), dict(e.truncations))


def _play_pz_to_end(e: TablegamesEnv, rng: np.random.Generator, limit: int = 20_000) -> dict[str, float]:
    totals = dict.fromkeys(e.possible_agents, 0.0)
    for agent in e.agent_iter(limit):
        obs, reward, term, trunc, _info = e.last()
        totals[agent] += reward
        if term or trunc:
            e.step(None)
            continue
        e.step(int(rng.choice(np.flatnonzero(obs["action_mask"]))))
    return totals


def _random_id(session: Session, rng: Rng) -> int:
    ids = session.legal_ids()
    return ids[rng.below(len(ids))]


def _spiel(game: str, **options: Any) -> Any:
    players, rules = CONF[game]
    return load_game(game, players=players, rules=rules, **options)


def _chance_step(state: Any, rng: np.random.Generator) -> None:
    outcomes, probs = zip(*state.chance_outcomes(), strict=True)
    state.apply_action(int(rng.choice(outcomes, p=np.asarray(probs) / sum(probs))))


def _played(game: str, seed: int, steps: int) -> tuple[Any, Any, np.random.Generator]:
    """A pyspiel game of ``game``, its state after up to ``steps`` random decisions and
    chance outcomes (fewer if it ends), and the generator that drew them."""
    spiel = _spiel(game)
    state = spiel.new_initial_state()
    rng = np.random.default_rng(seed)
    for _ in range(steps):
        if state.is_terminal():
            break
        if state.is_chance_node():
            _chance_step(state, rng)
        else:
            state.apply_action(int(rng.choice(state.legal_actions())))
    return spiel, state, rng


# == bad input is refused and changes nothing ===========================================
@PROPERTY
@given(game=st.sampled_from(GAMES), seed=st.integers(0, 10_000), warm=st.integers(0, 30),
       bad=st.sampled_from([*NOT_IDS, "masked", -1, -10 ** 9, 10 ** 9, 2 ** 63]))
def test_pettingzoo_refuses_bad_ids_and_changes_nothing(game: str, seed: int, warm: int,
                                                         bad: Any) -> None:
    e = _pz(game)
    _pz_warm(e, seed, warm)
    session = e.session
    assert session is not None
    if isinstance(bad, str) and bad == "masked":
        masked = np.flatnonzero(e.action_mask() == 0)
        bad = int(masked[seed % len(masked)])
    before = _pz_snapshot(e)
    with pytest.raises(tablegames.IllegalAction):
        e.step(bad)
    assert _pz_snapshot(e) == before
    # and the env still plays: a legal id (as a numpy integer) is accepted
    legal = session.legal_ids()
    e.step(np.int64(legal[0]))
    assert e.steps == before[5] + 1


@PROPERTY
@given(game=st.sampled_from(GAMES), seed=st.integers(0, 10_000), warm=st.integers(0, 12),
       bad=st.sampled_from([*NOT_IDS, -1, -10 ** 9, 10 ** 9]))
def test_gymnasium_refuses_bad_ids_and_changes_nothing(game: str, seed: int, warm: int,
                                                        bad: Any) -> None:
    e = _gym(game)
    e.reset(seed=seed)
    rng = np.random.default_rng(seed)
    for _ in range(warm):
        _obs, _r, term, trunc, _info = e.step(int(rng.choice(np.flatnonzero(e.action_masks()))))
        if term or trunc:
            return
    session = e.session
    assert session is not None
    before = (session.state.to_json(), session.prefix, list(session.poll), e.steps,
              e.action_masks().tobytes(), e._rng.state)
    with pytest.raises(tablegames.IllegalAction):
        e.step(bad)
    assert (session.state.to_json(), session.prefix, list(session.poll), e.steps,
            e.action_masks().tobytes(), e._rng.state) == before


@pytest.mark.parametrize("game", GAMES)
def test_gymnasium_masked_ids_raise_when_asked_and_random_substitutes_replay(game: str) -> None:
    strict = _gym(game, illegal="raise")
    strict.reset(seed=3)
    assert strict.session is not None
    masked = [int(i) for i in np.flatnonzero(~strict.action_masks())]
    before = strict.session.state.to_json()
    for ident in masked[:: max(1, len(masked) // 12)]:
        with pytest.raises(tablegames.IllegalAction) as err:
            strict.step(np.int64(ident))
        assert err.value.code == "illegal_id"
    assert strict.session.state.to_json() == before and strict.steps == 0
    # the substitute for a masked id comes from the episode's own generator: two runs of
    # the same masked ids give the same game
    runs = []
    for _ in range(2):
        e = _gym(game)
        e.reset(seed=3)
        got = []
        for k in range(25):
            mask = e.action_masks()
            bad = np.flatnonzero(~mask)
            obs, reward, term, trunc, info = e.step(int(bad[k % len(bad)]))
            got.append((obs.tobytes(), reward, term, info["illegal"]))
            if term or trunc:
                break
        assert e.session is not None
        runs.append((got, e.session.state.to_json()))
    assert runs[0] == runs[1]


@pytest.mark.parametrize("game", GAMES)
def test_before_reset_and_after_the_end_nothing_is_taken(game: str) -> None:
    g = _gym(game)
    with pytest.raises(tablegames.SetupError):
        g.step(0)
    with pytest.raises(tablegames.SetupError):
        g.action_masks()
    p = _pz(game)
    with pytest.raises(tablegames.SetupError):
        p.step(0)
    with pytest.raises(tablegames.SetupError):
        p.observe("player_0")
    # Gymnasium: a finished game refuses every step and stays as it was
    g.reset(seed=1)
    rng = np.random.default_rng(1)
    while True:
        _, _, term, _, _ = g.step(int(rng.choice(np.flatnonzero(g.action_masks()))))
        if term:
            break
    assert g.session is not None
    final = g.session.state.to_json()
    for action in (0, 1, np.int64(0), True):
        with pytest.raises(tablegames.IllegalAction):
            g.step(action)
    assert g.session.state.to_json() == final and not g.action_masks().any()
    # PettingZoo: a finished agent may only step None (PettingZoo's own ValueError)
    p.reset(seed=1)
    rng = np.random.default_rng(1)
    for agent in p.agent_iter(20_000):
        obs, _r, term, trunc, _i = p.last()
        if term or trunc:
            assert p.session is not None
            j = p.session.state.to_json()
            with pytest.raises(ValueError, match="None"):
                p.step(0)
            assert p.session.state.to_json() == j and agent in p.agents
            assert not obs["action_mask"].any()
            p.step(None)
            continue
        p.step(int(rng.choice(np.flatnonzero(obs["action_mask"]))))
    assert not p.agents


@pytest.mark.parametrize("game", GAMES)
def test_bad_seeds_are_refused_and_the_next_reset_is_unchanged(game: str) -> None:
    clean_pz, dirty_pz = _pz(game), _pz(game)
    clean_pz.reset(seed=7)
    dirty_pz.reset(seed=7)
    for bad in (True, np.True_, 2.5, float("nan"), [1], {"seed": 1}, b"7"):
        with pytest.raises(tablegames.SetupError):
            dirty_pz.reset(seed=bad)  # type: ignore[arg-type]
    numpy_seeded = _pz(game)
    numpy_seeded.reset(seed=np.int64(7))  # type: ignore[arg-type]
    assert numpy_seeded.session is not None and clean_pz.session is not None
    assert numpy_seeded.session.state.to_json() == clean_pz.session.state.to_json()
    clean_pz.reset()
    dirty_pz.reset()
    assert clean_pz.session is not None and dirty_pz.session is not None
    assert clean_pz.session.state.to_json() == dirty_pz.session.state.to_json()

    clean, dirty = _gym(game), _gym(game)
    clean.reset(seed=7)
    dirty.reset(seed=7)
    bad_seeds: list[Any] = [True, np.True_, 2.5, float("nan"), "7", [1], -1, np.int64(-3)]
    for bad in bad_seeds:
        with pytest.raises(tablegames.SetupError):
            dirty.reset(seed=bad)
    with pytest.raises(tablegames.SetupError):
        dirty.reset(options={"anything": 1})
    a, ia = clean.reset()
    b, ib = dirty.reset()
    assert clean.session is not None and dirty.session is not None
    assert clean.session.state.to_json() == dirty.session.state.to_json()
    assert a.tobytes() == b.tobytes() and ia["seat"] == ib["seat"]


@pytest.mark.parametrize("game", GAMES)
def test_bad_player_counts_rules_and_options_are_refused(game: str) -> None:
    info = tablegames.GAMES[game]
    for players in (0, 1, info.max_players + 1, -2, True, 2.0, "3", None):
        with pytest.raises(tablegames.SetupError):
            pz_env(game, players=players)  # type: ignore[arg-type]
        with pytest.raises(tablegames.SetupError):
            load_game(game, players=players)  # type: ignore[arg-type]
    with pytest.raises(tablegames.SetupError):
        gym_env(game, ["random"] * info.max_players)
    for rules in (5, "no-such-variant", {"no_such_option": 1}, [1]):
        with pytest.raises(tablegames.TablegamesError):
            pz_env(game, players=2, rules=rules)
        with pytest.raises(tablegames.TablegamesError):
            gym_env(game, ["random"], rules)
        with pytest.raises(tablegames.TablegamesError):
            load_game(game, players=2, rules=rules)
    for kwargs in ({"interrupts": 1}, {"chance": "sampled"}, {"seed": 1.5}, {"seed": True}):
        with pytest.raises(tablegames.SetupError):  # ours, naming the option
            load_game(game, players=2, **kwargs)
    with pytest.raises((tablegames.SetupError, pyspiel.SpielError)):  # pyspiel names it
        load_game(game, players=2, no_such_option=1)
    for kwargs in ({"interrupts": "yes"}, {"no_such_option": 1}, {"max_steps": -1}):
        with pytest.raises(tablegames.SetupError):
            pz_env(game, players=2, **kwargs)
        with pytest.raises(tablegames.SetupError):
            gym_env(game, ["random"], **kwargs)


@PROPERTY
@given(game=st.sampled_from(GAMES), seed=st.integers(0, 10_000), warm=st.integers(0, 60),
       bad=st.sampled_from(["masked", -1, 10**6, True, np.True_, np.int64(-5)]))
def test_openspiel_refuses_bad_actions_and_outcomes_and_changes_nothing(
        game: str, seed: int, warm: int, bad: Any) -> None:
    spiel, state, _rng = _played(game, seed, warm)
    if state.is_terminal():
        with pytest.raises(tablegames.IllegalAction):
            state.apply_action(0)
        return
    legal = set(state.legal_actions())
    top = spiel.max_chance_outcomes() if state.is_chance_node() else spiel.num_distinct_actions()
    if isinstance(bad, str) and bad == "masked":
        outside = [i for i in range(top) if i not in legal]
        if not outside:
            return
        bad = outside[seed % len(outside)]
    if isinstance(bad, bool | np.bool_) and int(bad) in legal:
        return  # pyspiel converts a bool to an int before the adapter sees it
    if not isinstance(bad, bool | np.bool_) and int(bad) < 0:
        with pytest.raises((tablegames.IllegalAction, pyspiel.SpielError)):
            state.apply_action(bad)
    else:
        snap = (state.history(), str(state), state.move_number(), state.current_player(),
                None if state._box.session is None else state.session.state.to_json())
        with pytest.raises(tablegames.IllegalAction):
            state.apply_action(bad)
        assert snap == (state.history(), str(state), state.move_number(), state.current_player(),
                        None if state._box.session is None else state.session.state.to_json())


# == nothing returned aliases the state =================================================
@pytest.mark.parametrize("game", GAMES)
def test_session_options_are_not_an_alias_of_the_session(game: str) -> None:
    """``Session.options()`` is public (``env.session.options()``): editing what it
    returned must not change the legal ids, the masks or what ``choose`` accepts."""
    players, rules = CONF[game]
    e = pz_env(game, players=players, rules=rules)
    e.reset(seed=2)
    session = e.session
    assert session is not None
    legal = session.legal_ids()
    mask = e.action_mask().copy()
    opts = session.options()
    opts.clear()
    opts[10**6] = None
    assert session.legal_ids() == legal
    assert np.array_equal(e.action_mask(), mask)


@pytest.mark.parametrize("game", GAMES)
def test_returned_observations_masks_and_infos_can_be_edited(game: str) -> None:
    e = _pz(game)
    e.reset(seed=4)
    assert e.session is not None
    json_before = e.session.state.to_json()
    obs, _r, _t, _tr, info = e.last()
    want = (obs["observation"].copy(), obs["action_mask"].copy(), json.dumps(info["view"]))
    obs["observation"][:] = 0.25
    obs["action_mask"][:] = 1
    info["view"].clear()
    e.action_mask()[:] = 1
    again, *_, info2 = e.last()
    assert np.array_equal(again["observation"], want[0])
    assert np.array_equal(again["action_mask"], want[1])
    assert json.dumps(info2["view"]) == want[2]
    assert e.session.state.to_json() == json_before
    assert e.legal_ids() == sorted(np.flatnonzero(want[1]).tolist())

    g = _gym(game, info_view=True)
    gobs, ginfo = g.reset(seed=4)
    assert g.session is not None
    gjson = g.session.state.to_json()
    gmask = g.action_masks().copy()
    gview = json.dumps(ginfo["view"])
    gobs[:] = 0.5
    ginfo["action_mask"][:] = 1
    ginfo["view"].clear()
    g.action_masks()[:] = True
    assert np.array_equal(g.action_masks(), gmask)
    assert g.session.state.to_json() == gjson
    assert json.dumps(g.session.state.view(g.seat)) == gview

    spiel = _spiel(game)
    state = spiel.new_initial_state()
    rng = np.random.default_rng(0)
    while state.is_chance_node():
        _chance_step(state, rng)
    p = state.current_player()
    tensor = state.observation_tensor(p)
    want_t = list(tensor)
    tensor[:] = [0.5] * len(tensor)
    outs = state.legal_actions()
    outs.append(10**6)
    assert state.observation_tensor(p) == want_t and 10**6 not in state.legal_actions()


# == hidden information never leaks =====================================================
def _hidden_swap(game: str, state: Any, seat: int, rng: Rng) -> str | None:
    """The save of ``state`` with two cards swapped between the hands of two other seats,
    neither of them a card anyone has seen there (``None`` if there is no such pair)."""
    data = json.loads(state.to_json())
    fields = data["state"]
    n = len(state.players)
    seen: set[tuple[int, int]] = set()
    for key in ("known_cards", "drawn"):
        for q in range(n) if key in fields else ():
            seen |= {(q, c) for c in fields[key][q]}
    if "hand_log" in fields:  # Phase 10: a face a seat's log drew stays its (P10-59:
        # its log, read back from its hand, must explain it; helper-209's check)
        from tablegames.phase10.cards import PLAYED, log_codes

        for q in range(n):
            seen |= {(q, c) for c in log_codes(state.hand_log[q]) if c < PLAYED}
    if game == "shithead" and any(any(b) for b in fields["bars"]):
        return None  # inferences on unseen cards would be broken by a swap
    hands = fields["hands"]
    cands = [(q, i) for q in range(n) if q != seat for i, c in enumerate(hands[q])
             if (q, c) not in seen]
    # every pair that changes something (two seats, two different cards), one drawn: two
    # independent draws that had to differ missed every time in some games (shithead,
    # seed 1602, 3 players: no swap in 60 moves, found by helper-146)
    pairs = [(a, b) for i, a in enumerate(cands) for b in cands[i + 1:]
             if a[0] != b[0] and hands[a[0]][a[1]] != hands[b[0]][b[1]]]
    if not pairs:
        return None
    a, b = pairs[rng.below(len(pairs))]
    hands[a[0]][a[1]], hands[b[0]][b[1]] = hands[b[0]][b[1]], hands[a[0]][a[1]]
    for q in (a[0], b[0]):
        hands[q].sort()
    return json.dumps(data)


@PROPERTY
@given(game=st.sampled_from(["toepen", "phase10", "shithead"]), seed=st.integers(0, 10_000),
       players=st.integers(3, 4))
def test_other_seats_hidden_cards_do_not_change_a_seats_view_or_observation(
        game: str, seed: int, players: int) -> None:
    """Swap unseen cards between two other seats' hands: the seat's view and observation
    (and the public ones) stay byte-identical."""
    rules = CONF[game][1]
    codec = make_codec(game, players, rules)
    observer = adapter(game).observer(codec)
    state = tablegames.new_game(game, players=players, seed=seed, rules=rules)
    rng = Rng(seed)
    swapped = 0
    for _ in range(60):
        if state.is_over:
            break
        for seat in range(players):
            text = _hidden_swap(game, state, seat, rng)
            if text is None:
                continue
            other = tablegames.GAMES[game].from_json(text)
            assert other.view(seat) == state.view(seat)
            assert other.view(None) == state.view(None)
            assert np.array_equal(observer.encode(other.view(seat)),
                                  observer.encode(state.view(seat)))
            swapped += 1
        legal = state.legal_actions()
        state.apply(legal[rng.below(len(legal))])
    assert swapped > 0


@PROPERTY
@given(game=st.sampled_from(GAMES), seed=st.integers(0, 10_000), warm=st.integers(0, 40))
def test_pettingzoo_observations_are_the_same_in_every_world_of_the_seat(
        game: str, seed: int, warm: int) -> None:
    """An env whose session is a world made for the seat deciding gives that seat the same
    observation and mask (the prefix of a spelling in progress included)."""
    e = _pz(game)
    _pz_warm(e, seed, warm)
    session = e.session
    assert session is not None
    agent = e.agent_selection
    seat = e.possible_agents.index(agent)
    want = e.observe(agent)
    twin = _pz(game)
    twin.reset(seed=seed)
    for k in range(3):
        twin.session = session.world(seat, Rng(f"{seed}:{k}"))
        got = twin.observe(agent)
        assert np.array_equal(got["observation"], want["observation"])
        assert np.array_equal(got["action_mask"], want["action_mask"])


@PROPERTY
@given(game=st.sampled_from(GAMES), seed=st.integers(0, 10_000), warm=st.integers(5, 120))
def test_information_states_are_the_same_in_worlds_of_every_seat(
        game: str, seed: int, warm: int) -> None:
    """At a decision, a world resampled for any seat (not only the one to decide) gives
    that seat the same information-state string and tensor, observation and public string."""
    spiel, state, rng = _played(game, seed, warm)
    while state.is_chance_node():
        _chance_step(state, rng)
    if state.is_terminal():
        return
    sampler = pyspiel.UniformProbabilitySampler(0.0, 1.0)
    for seat in range(spiel.num_players()):
        world = state.resample_from_infostate(seat, sampler)
        assert world.information_state_string(seat) == state.information_state_string(seat)
        assert np.array_equal(world.information_state_tensor(seat),
                              state.information_state_tensor(seat))
        assert world.observation_string(seat) == state.observation_string(seat)
        assert str(world) == str(state)
        if seat == state.current_player():
            assert world.legal_actions() == state.legal_actions()


@pytest.mark.parametrize("game", GAMES)
def test_worlds_can_be_made_at_every_chance_node_for_every_seat(game: str) -> None:
    """``resample_from_infostate(p)`` works for every seat at a chance node in the middle
    of an action (a draw after a play, a new hand's deal after the last trick), and ``p``'s
    information state is the real one. The acting seat's world waits for chance too; a
    seat that is not the one acting has not seen which card that action uses (its world
    may not hold it), so its world is the moment before it, that seat deciding."""
    spiel = _spiel(game)
    sampler = pyspiel.UniformProbabilitySampler(0.0, 1.0)
    failures: list[str] = []
    checked = 0
    for seed in range(3):
        state = spiel.new_initial_state()
        rng = np.random.default_rng(seed)
        for _ in range(400):
            if state.is_terminal():
                break
            if state.is_chance_node():
                if state._box.session is not None and checked < 150:
                    for seat in range(spiel.num_players()):
                        checked += 1
                        try:
                            world = state.resample_from_infostate(seat, sampler)
                        except tablegames.TablegamesError as exc:
                            failures.append(f"seed {seed}, seat {seat}, pending "
                                            f"{state.session.pending}: {exc}")
                            continue
                        acting = state.session.pending.seat
                        if seat == acting:  # its own action waits for chance in the world too
                            assert world.is_chance_node()
                        else:  # an action no event has shown: the world is before it
                            assert world.current_player() == acting
                            assert world.session.pending is None
                        assert world.information_state_string(seat) == \
                            state.information_state_string(seat)
                _chance_step(state, rng)
            else:
                state.apply_action(int(rng.choice(state.legal_actions())))
    assert checked > 0
    assert not failures, f"{len(failures)} of {checked} worlds failed, e.g. {failures[0]}"


def _poll_position(session: Session, seat: int) -> Session:
    """``session`` advanced to where ``seat`` is polled (earlier polled seats pass)."""
    while session.polling and session.actor != seat:
        session.choose(session.codec.PASS)
    return session


@PROPERTY
@given(seed=st.integers(0, 10_000), players=st.integers(3, 4))
def test_worlds_do_not_carry_who_else_may_cut_in(seed: int, players: int) -> None:
    """Whether another seat may cut in (Shithead, ``cut_in``) depends on its hidden hand.
    Two sessions a polled seat cannot tell apart must give it the same worlds: the same
    state and the same seats still to be polled (worlds are secret)."""
    rules = {"cut_in": True, "swap": False, "decks": 2}
    codec = make_codec("shithead", players, rules, interrupts=True)
    real = Session(codec, tablegames.new_game("shithead", players=players, seed=seed,
                                              rules=rules), Rng(seed))
    rng = Rng(seed)
    compared = 0
    for step in range(400):
        if real.state.is_over or compared >= 12:
            break
        if real.polling and not real.prefix:  # its own spelling so far it would know
            seat = real.actor
            assert seat is not None
            # a session the polled seat cannot tell from the real one: a world of it,
            # dealt afresh and polled from the start
            lookalike = Session(codec, real.state.sample_world(seat, Rng(f"l{step}")), Rng(0))
            _poll_position(lookalike, seat)
            assert lookalike.actor == seat
            a = real.world(seat, Rng(f"w{step}"))
            b = lookalike.world(seat, Rng(f"w{step}"))
            assert a.state.to_json() == b.state.to_json()
            assert (a.actor, a.prefix, a.poll) == (b.actor, b.prefix, b.poll), (
                f"seed {seed} step {step}: seat {seat}'s worlds poll {a.poll} and {b.poll}")
            compared += 1
        real.choose(_random_id(real, rng))


# == determinism ========================================================================
@PROPERTY
@given(game=st.sampled_from(GAMES), seed=st.integers(0, 2**40), moves=st.integers(0, 2**31))
def test_pettingzoo_same_seed_and_ids_replay_exactly(game: str, seed: int, moves: int) -> None:
    runs = []
    for _ in range(2):
        e = _pz(game, max_steps=150)
        e.reset(seed=seed)
        rng = np.random.default_rng(moves)
        got = []
        for agent in e.agent_iter(400):
            obs, reward, term, trunc, info = e.last()
            got.append((agent, obs["observation"].tobytes(), obs["action_mask"].tobytes(),
                        reward, term, trunc, json.dumps(info.get("view"), sort_keys=True)))
            if term or trunc:
                e.step(None)
                continue
            e.step(int(rng.choice(np.flatnonzero(obs["action_mask"]))))
        assert e.session is not None
        e.reset()  # the next seed follows the first
        runs.append((got, e.session.state.to_json()))
    assert runs[0] == runs[1]


@pytest.mark.parametrize("game", GAMES)
def test_openspiel_same_history_same_state(game: str) -> None:
    """Replaying a game's history (chance outcomes included) on a fresh state of another
    game object gives the same engine save, strings and tensors; so does deserializing."""
    spiel, state, _rng = _played(game, 11, 250)
    again = _spiel(game).new_initial_state()
    for action in state.history():
        again.apply_action(action)
    _, back = pyspiel.deserialize_game_and_state(pyspiel.serialize_game_and_state(spiel, state))
    for other in (again, back):
        assert other.session.state.to_json() == state.session.state.to_json()
        assert str(other) == str(state)
        for seat in range(spiel.num_players()):
            assert other.information_state_string(seat) == state.information_state_string(seat)
            assert other.observation_tensor(seat) == state.observation_tensor(seat)


# == masks, legality, rewards, lengths ==================================================
@PROPERTY
@given(game=st.sampled_from(GAMES), seed=st.integers(0, 10_000),
       interrupts=st.booleans())
def test_masks_are_the_legal_ids_and_every_one_is_accepted(game: str, seed: int,
                                                           interrupts: bool) -> None:
    e = _pz(game, interrupts=interrupts, max_steps=120)
    e.reset(seed=seed)
    rng = np.random.default_rng(seed)
    for agent in e.agent_iter(200):
        obs, _r, term, trunc, _i = e.last()
        if term or trunc:
            e.step(None)
            continue
        session = e.session
        assert session is not None
        ids = np.flatnonzero(obs["action_mask"]).tolist()
        assert ids == session.legal_ids() == e.legal_ids() and ids
        for other in e.agents:
            if other != agent:
                assert not e.action_mask(other).any()
        seat = session.actor
        legal = {str(a) for a in session.state.legal_actions(seat)}
        for ident in ids:
            choice = session.options()[ident]
            if choice is PASS:
                assert session.polling and ident == e.codec.PASS
            elif choice is SPECIAL:
                assert game == "dallah"
            elif choice is not None:
                assert str(choice) in legal
            trial = session.copy()
            version = trial.state.version
            trial.choose(ident)  # accepted
            if choice is not None and choice is not PASS:
                assert trial.state.version > version
        e.step(int(rng.choice(ids)))


@PROPERTY
@given(game=st.sampled_from(GAMES), seed=st.integers(0, 10_000))
def test_whole_games_end_in_time_with_zero_sum_rewards(game: str, seed: int) -> None:
    e = _pz(game)
    e.reset(seed=seed)
    totals = _play_pz_to_end(e, np.random.default_rng(seed))
    session = e.session
    assert session is not None and session.state.is_over and not e.agents
    state = session.state
    info = tablegames.GAMES[game]
    assert len(state.history) <= info.max_actions(state)
    expected = returns(state.outcome(), len(state.players))
    assert [totals[a] for a in e.possible_agents] == pytest.approx(expected)
    assert math.isclose(sum(totals.values()), 0.0, abs_tol=1e-9)
    assert all(-1.0 <= v <= 1.0 for v in totals.values())


@pytest.mark.parametrize("game", GAMES)
def test_gymnasium_game_rewards_and_lengths(game: str) -> None:
    for seed in range(2):
        e = _gym(game)
        e.reset(seed=seed)
        rng = np.random.default_rng(seed)
        rewards = []
        while True:
            _, reward, term, trunc, info = e.step(int(rng.choice(np.flatnonzero(e.action_masks()))))
            rewards.append(reward)
            assert info["seat"] == e.seat == seed % e.n
            if term or trunc:
                break
        assert e.session is not None
        state = e.session.state
        assert state.is_over and len(state.history) <= tablegames.GAMES[game].max_actions(state)
        assert all(r == 0.0 for r in rewards[:-1])
        assert rewards[-1] == returns(state.outcome(), e.n)[e.seat]


# == OpenSpiel chance nodes =============================================================
def _engine_replay(game: str, spiel: Any, state: Any, own: frozenset[int] = frozenset()) -> Any:
    """The engine game the OpenSpiel history stands for, replayed by the engine alone: the
    deal from the first chance outcomes, then each engine action with the outcomes that
    follow it, fed one at a time until the engine stops asking. Every action and every
    outcome is checked by the engine. ``own`` are the history's places of the adapter's
    own chance outcomes (Dallah's fall model), which the engine never asks for: its
    history holds the report they made."""
    outcomes = [a.action for i, a in enumerate(state.full_history())
                if a.player == pyspiel.PlayerId.CHANCE and i not in own]
    queue = list(outcomes)
    cls = tablegames.GAMES[game].state_class
    assert cls is not None
    players, rules = spiel.num_players(), state.session.codec.rules
    fed: list[int] = []
    while True:
        try:
            engine = cls.new(players, 0, rules, chance=fed)
            break
        except ChanceNeeded:
            fed.append(queue.pop(0))
    for action in state.session.state.history:
        fed = []
        while True:
            try:
                engine.apply(action, chance=fed)
                break
            except ChanceNeeded:
                fed.append(queue.pop(0))
    assert not queue, "chance outcomes the engine never asked for"
    return engine


@PROPERTY
@given(game=st.sampled_from(GAMES), seed=st.integers(0, 10_000))
def test_chance_nodes_are_distributions_whose_outcomes_all_apply(game: str, seed: int) -> None:
    spiel = _spiel(game)
    state = spiel.new_initial_state()
    rng = np.random.default_rng(seed)
    tried = 0
    decisions = 0
    own: set[int] = set()
    for _ in range(3000):
        if state.is_terminal():
            break
        if not state.is_chance_node():
            assert state.current_player() >= 0
            legal = state.legal_actions()
            mask = state.legal_actions_mask(state.current_player())
            assert [i for i, m in enumerate(mask) if m] == legal
            state.apply_action(int(rng.choice(legal)))
            decisions += 1
            continue
        pairs = state.chance_outcomes()
        ids = [o for o, _ in pairs]
        probs = [p for _, p in pairs]
        assert ids == sorted(set(ids)) and state.legal_actions() == ids
        assert all(p > 0 for p in probs) and math.isclose(sum(probs), 1.0, rel_tol=1e-9)
        assert all(0 <= o < spiel.max_chance_outcomes() for o in ids)
        assert state.current_player() == pyspiel.PlayerId.CHANCE
        if tried < 300:
            for o in ids[:: max(1, len(ids) // 8)]:
                clone = state.clone()
                clone.apply_action(o)  # every outcome is applicable
                assert clone.history() == [*state.history(), o]
                tried += 1
        if isinstance(state._need(), AdapterChance):  # the fall model's question
            own.add(len(state.history()))
        _chance_step(state, rng)
    assert tried > 0
    if not state.is_terminal():
        return
    engine = state.session.state
    # the game is one the engine itself accepts, outcome by outcome
    replayed = _engine_replay(game, spiel, state, frozenset(own))
    assert replayed.to_json() == engine.to_json()
    # and it loads back (every card conserved), ends in time and pays zero-sum
    info = tablegames.GAMES[game]
    assert info.from_json(engine.to_json()).to_json() == engine.to_json()
    assert len(engine.history) <= info.max_actions(engine)
    assert decisions <= spiel.max_game_length()
    result = state.returns()
    assert math.isclose(sum(result), 0.0, abs_tol=1e-9)
    assert all(-1.0 <= r <= 1.0 for r in result)
    assert result == pytest.approx(returns(engine.outcome(), spiel.num_players()))


@pytest.mark.ruling("SHD-02")
def test_every_environment_fits_its_rules_to_the_table_as_every_app_does() -> None:
    """``None`` or a variant name for a large Shithead table takes the decks it needs
    (``GameInfo.fit_rules``); a ``Rules`` object is exact, so one deck for eight is refused."""
    info = tablegames.GAMES["shithead"]
    pz = pz_env("shithead", players=8)
    pz.reset(seed=1)
    assert pz.session is not None and pz.session.state.rules == info.fit_rules(8, None)
    gym = gym_env("shithead", ["random"] * 11, "classic")
    gym.reset(seed=2)
    assert gym.session is not None
    assert gym.session.state.rules == info.fit_rules(12, "classic")
    assert gym.session.state.rules.decks == 3
    game = load_game("shithead", players=8, rules="classic")
    assert game.new_initial_state().is_chance_node()  # dealt from two decks, chance by chance
    with pytest.raises(tablegames.SetupError, match="decks"):
        pz_env("shithead", players=8, rules=info.variants["classic"])
