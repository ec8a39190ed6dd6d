"""House rules in combination, through everything that takes rules (helper-163's probe).

``test_any_rules.py`` plays any valid combination of every game's options under the
conformance kit (the engine: legality, refusals, copies, saves, positions, worlds). The
same combinations must also reach everything else a user hands their rules to:

* the research adapters: a codec and session over the rules at the smallest and the
  largest table, whose every legal id applies, whose observations of every seat stay in
  their box, and whose OpenSpiel game takes the rules as a parameter and walks;
* the table model and the pictures: every seat's SVG and text in each language the game
  offers, at several moments, drawn identically from a world sampled for that seat (a
  picture shows nothing the seat has not seen, whatever the rules);
* ``tablegames simulate --rules KEY=VALUE``;
* and a pair of options that contradict each other is refused up front, naming both,
  never a game that starts and silently drops one of them.

Sized for the suite's time (a few seconds per game): the options strategies are
``test_any_rules``'s, the walks bounded.
"""

from __future__ import annotations

import io
import json
import warnings
from typing import Any

import numpy as np
import pytest
from hypothesis import HealthCheck, Phase, assume, given, note, settings
from hypothesis import strategies as st

from tablegames import GAMES, RulesError, SetupError, render
from tablegames.adapters import Session, adapter, make_codec
from tablegames.adapters.openspiel import load_game
from tablegames.cli import main
from tablegames.common.rng import Rng
from tablegames.common.rules import rules_from_dict
from tablegames.render.text import table_lines
from tablegames.table import present
from tablegames.table.i18n import langs_of, words_for
from tests.test_any_rules import _expected, options

#: Session decisions walked per example (with pictures at the first, a middle and the last).
DECISIONS = 45
DRAW_EVERY = 22
#: OpenSpiel moves walked per example (chance outcomes included).
SPIEL_MOVES = 25
PROBE = settings(max_examples=5, deadline=None, database=None,
                 suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large,
                                        HealthCheck.filter_too_much],
                 phases=(Phase.explicit, Phase.generate))


def _rules_or_none(game: str, opts: dict[str, Any], players: int) -> Any:
    """The rules of ``opts`` for a table of ``players`` (``None``: refused, as a user
    expects: ``test_any_rules.EXPECTED_REFUSALS``)."""
    info = GAMES[game]
    try:
        rules = rules_from_dict(info.rules_class, opts)
        info.new_game(players=players, seed=0, rules=rules)
    except (RulesError, SetupError) as exc:
        assert _expected(game, str(exc)), f"valid-looking options refused: {exc}"
        return None
    return rules


def _draw_every_seat(game: str, state: Any, rng: Rng) -> None:
    """Every seat's and the spectator's picture and text, in each of the game's
    languages; a seat's own picture is the same drawn from a world sampled for it."""
    for seat in [None, *range(len(state.players))]:
        view = state.view(seat)
        for lang in langs_of(game):
            picture = render.svg(view, lang=lang)
            assert picture.startswith("<svg")
            assert table_lines(present(view), words_for(lang, game))
        if seat is not None and not state.is_over:
            world = state.sample_world(seat, rng.fork())
            assert render.svg(world.view(seat)) == render.svg(view), f"seat {seat}'s picture"


def _walk_session(game: str, players: int, opts: dict[str, Any], rules: Any, seed: int) -> None:
    info = GAMES[game]
    codec = make_codec(game, players, opts, interrupts=True)
    assert codec.rules == rules  # the adapter plays the rules asked for, not fitted ones
    session = Session(codec, info.new_game(players=players, seed=seed, rules=rules),
                      Rng(f"together:{seed}"))
    observer = adapter(game).observer(codec)
    rng = Rng(seed)
    for step in range(DECISIONS):
        state = session.state
        if step % DRAW_EVERY == 0 or state.is_over:
            _draw_every_seat(game, state, rng)
        if state.is_over:
            return
        for seat in range(players):
            mine = session.actor == seat
            obs = observer.encode(state.view(seat), session.prefix if mine else (),
                                  mine and session.polling)
            assert obs.shape == (observer.size,) and obs.dtype == np.float32
            assert float(obs.min()) >= 0.0 and float(obs.max()) <= 1.0
        ids = session.legal_ids()
        assert ids and all(0 <= i < codec.num_distinct_actions for i in ids)
        session.choose(ids[rng.below(len(ids))])
    _draw_every_seat(game, session.state, rng)


def _walk_openspiel(game: str, players: int, opts: dict[str, Any], seed: int) -> None:
    spiel = load_game(game, players=players, rules=opts, seed=seed)
    info_size = spiel.information_state_tensor_size()
    state = spiel.new_initial_state()
    rng = np.random.default_rng(seed)
    for _ in range(SPIEL_MOVES):
        if state.is_terminal():
            assert abs(sum(state.returns())) < 1e-9
            return
        if state.is_chance_node():
            outcomes, probs = zip(*state.chance_outcomes(), strict=True)
            state.apply_action(int(rng.choice(outcomes, p=probs)))
            continue
        actor = state.current_player()
        assert len(state.information_state_tensor(actor)) == info_size
        state.apply_action(int(rng.choice(state.legal_actions())))


def _together(game: str) -> Any:
    """The property for one game (one body for the four; each has its own test)."""
    info = GAMES[game]
    # both ends of the range (Shithead's top needs three decks: SHD-02)
    sizes = sorted({info.min_players, 3, min(info.max_players, 5), info.max_players})

    @PROBE
    @given(data=st.data())
    def test(data: st.DataObject) -> None:
        opts = data.draw(options(game))
        players = data.draw(st.sampled_from(sizes))
        if game == "shithead" and players > 5:
            opts["decks"] = 2 if players <= 11 else 3
        seed = data.draw(st.integers(0, 99))
        note(f"{game} players={players} seed={seed} options={json.dumps(opts)}")
        rules = _rules_or_none(game, opts, players)
        assume(rules is not None)  # every example counted plays
        with warnings.catch_warnings():
            warnings.simplefilter("ignore", UserWarning)
            _walk_session(game, players, opts, rules, seed)
            _walk_openspiel(game, players, opts, seed)

    test.__name__ = test.__qualname__ = f"test_{game}_house_rules_reach_adapters_and_pictures"
    return test


test_toepen_house_rules_reach_adapters_and_pictures = _together("toepen")
test_shithead_house_rules_reach_adapters_and_pictures = _together("shithead")
test_phase10_house_rules_reach_adapters_and_pictures = _together("phase10")
test_dallah_house_rules_reach_adapters_and_pictures = _together("dallah")


@pytest.mark.parametrize(("game", "rules"), [
    ("toepen", ["exchanges=false", "dirty_hand=faces_or_seven", "jack_doubles=true",
                "max_stake=2", "limit=3", "ending=elimination", "next_dealer=most_points"]),
    ("shithead", ["classic", "cut_in=true", "burn_run=3", "pickup=any", "lead_shown=true",
                  "swap_mode=simultaneous", "rounds=2"]),
    ("phase10", ["masters", "naturals=phase", "wild_groups=open", 'phases=["set2","run3"]',
                 "hand_size=6", "lay_when_able=true", "scoring=winner"]),
    ("dallah", ["generous-swaps", "late_falls=false", "full_zone=cup_leaves"]),
])
def test_simulate_plays_house_rules_given_together(game: str, rules: list[str]) -> None:
    """``tablegames simulate --rules`` with a variant and several options at once plays
    its games (the options override the variant whatever their order)."""
    out = io.StringIO()
    args = ["simulate", game, "--games", "2", "--workers", "1", "--players", "3", "--json"]
    for r in rules:
        args += ["--rules", r]
    assert main(args, out=out) == 0
    summary = json.loads(out.getvalue())
    assert summary["games"] == 2, summary


#: Options that contradict each other: refused when the rules are made, naming both.
CONTRADICTIONS = [
    ("toepen", {"exchanges": False, "second_exchange": "all"}, ("second_exchange", "exchanges")),
    ("toepen", {"exchanges": False, "bluff_takes_back": True}, ("bluff_takes_back", "exchanges")),
    ("shithead", {"lead_shown": True, "starter": "seat"}, ("lead_shown", "starter")),
    ("shithead", {"cut_in": True, "burn_run": None}, ("cut_in", "burn_run")),
    ("shithead", {"burn_run": 6}, ("burn_run=6", "decks=2")),
    ("shithead", {"burn_run": 12, "decks": 2}, ("burn_run=12", "decks=3")),
    ("phase10", {"wild_groups": "open"}, ("wild_groups", "naturals")),
    ("phase10", {"phase_choice": True, "phases": ["set3", "SET3"]}, ("phase_choice",)),
    ("phase10", {"phases": ["run9"], "hand_size": 7}, ("run9", "8")),
]


@pytest.mark.parametrize(("game", "opts", "named"), CONTRADICTIONS)
def test_contradictory_options_are_refused_up_front(
        game: str, opts: dict[str, Any], named: tuple[str, ...]) -> None:
    info = GAMES[game]
    for call in (lambda: rules_from_dict(info.rules_class, opts),
                 lambda: info.new_game(players=3, seed=0, rules=opts),
                 lambda: info.fit_rules(3, opts)):
        with pytest.raises(RulesError) as refused:
            call()
        assert all(n in str(refused.value) for n in named), str(refused.value)
