"""One fitting of named rules to a table's size, shared by every app.

``GameInfo.fit_rules`` is what the terminal game, the simulator, the arena, the harness
and the room server call: rules that deal to the table are kept exactly; rules that do
not are given the game's own set-up for the size (Shithead's second and third decks,
SHD-02), except the options someone set by hand; a ``Rules`` object is exact.
"""

from __future__ import annotations

import contextlib
import io
import json
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tablegames import GAMES
from tablegames.bots import arena, play_game
from tablegames.cli import main
from tablegames.common.errors import RulesError, SetupError
from tablegames.common.rules import coerce_rules, rules_to_dict
from tablegames.shithead import Rules, max_players
from tablegames.simulation import simulate
from tablegames.tui.session import Options, Session

SHITHEAD = GAMES["shithead"]


def _needed(players: int) -> int:
    return next(d for d in (1, 2, 3) if max_players(d) >= players)


@pytest.mark.ruling("SHD-02")
@given(players=st.integers(2, 17), variant=st.sampled_from(sorted(SHITHEAD.variants)))
@settings(max_examples=60, deadline=None)
def test_a_named_variant_deals_to_every_table_with_only_the_decks_it_needs(
        players: int, variant: str) -> None:
    named = SHITHEAD.variants[variant]
    fitted = SHITHEAD.fit_rules(players, variant)
    SHITHEAD.new_game(players=players, seed=0, rules=fitted)  # it deals
    assert fitted.decks == max(named.decks, _needed(players))
    # nothing else moved: the variant keeps all its own rules
    assert {k: v for k, v in rules_to_dict(fitted).items() if k != "decks"} == {
        k: v for k, v in rules_to_dict(named).items() if k != "decks"}
    # rules that deal are kept exactly, and a Rules object is exact or refused
    assert SHITHEAD.fit_rules(players, fitted) == fitted
    if named.decks < _needed(players):
        with pytest.raises(SetupError, match="decks"):
            SHITHEAD.fit_rules(players, named)


@pytest.mark.ruling("SHD-02")
def test_options_set_by_hand_are_never_changed() -> None:
    with pytest.raises(SetupError, match="decks"):
        SHITHEAD.fit_rules(8, {"decks": 1})
    with pytest.raises(SetupError, match="decks"):
        SHITHEAD.fit_rules(8, ("classic", {"decks": 1}))
    assert SHITHEAD.fit_rules(8, {"decks": 3}).decks == 3  # more than needed: kept
    mixed = SHITHEAD.fit_rules(12, ("classic", {"swap": False}))
    assert (mixed.decks, mixed.swap) == (3, False)
    assert mixed == coerce_rules(Rules, ("classic", {"swap": False, "decks": 3}))
    assert SHITHEAD.fit_rules(8, {"swap": False}) == Rules(swap=False, decks=2)


@pytest.mark.parametrize("game", sorted(GAMES))
def test_no_rules_is_the_games_own_set_up_and_other_games_keep_what_is_named(game: str) -> None:
    info = GAMES[game]
    for players in range(info.min_players, info.max_players + 1):
        names = [f"P{i}" for i in range(players)]
        assert info.fit_rules(players, None) == coerce_rules(
            info.rules_class, info.simulate_kwargs(names).get("rules"))
        for name, variant in info.variants.items():
            if game != "shithead":
                assert info.fit_rules(names, name) == variant


@pytest.mark.parametrize(("players", "rules", "error", "words"), [
    (18, "classic", SetupError, "2 to 17 players, not 18"),
    (1, None, SetupError, "2 to 17 players, not 1"),
    (True, None, SetupError, "count or a list"),
    ("eight", None, SetupError, "count or a list"),
    (4, "nonsense", RulesError, "nonsense"),
    (4, {"deks": 2}, RulesError, "deks"),
    (8, {"decks": "2"}, RulesError, "decks"),
    (8, ["P0", "P0"], SetupError, "distinct"),
])
def test_bad_tables_and_rules_are_refused_clearly(players: Any, rules: Any, error: type,
                                                  words: str) -> None:
    if isinstance(rules, list):  # duplicate names: the count is right, the names are not
        players, rules = rules * 4, "classic"
    with pytest.raises(error, match=words):
        SHITHEAD.fit_rules(players, rules)


def _cli(*argv: str, stdin: str = "") -> tuple[int, str, str]:
    out, err = io.StringIO(), io.StringIO()
    with contextlib.redirect_stderr(err):
        code = main(list(argv), out=out, inp=io.StringIO(stdin))
    return code, out.getvalue(), err.getvalue()


@pytest.mark.ruling("SHD-02")
def test_every_app_fits_a_named_variant_to_eight_players() -> None:
    """The terminal, the simulator, the arena and the harness deal ``classic`` to eight
    players from two decks, as the room server does (tests/server/test_table_size.py)."""
    session = Session(SHITHEAD, Options(game="shithead", players=8, seed=2, pace=0,
                                        rules="classic"), io.StringIO(), io.StringIO())
    assert session.state.rules == coerce_rules(Rules, ("classic", {"decks": 2}))
    summary = simulate(SHITHEAD, "random", games=2, players=8, rules="classic", seed=1,
                       workers=1)
    assert sum(summary.losses) == 2
    result = arena("shithead", ["random", "smart"], games=8, seed=1, players=8, workers=1,
                   rules="classic")
    assert result.games == 8
    final = play_game("shithead", ["random"] * 8, seed=5, rules="classic")
    assert final.is_over and final.rules.decks == 2

    code, text, _ = _cli("simulate", "shithead", "--rules", "classic", "--players", "8",
                         "--games", "2", "--workers", "1", "--json")
    row = json.loads(text)
    assert code == 0 and row["played"] == 2 and row["rules"] == "classic-two-decks"
    code, text, _ = _cli("arena", "shithead", "--bots", "random,smart", "--rules", "classic",
                         "--players", "8", "--games", "8", "--workers", "1", "--json")
    assert code == 0 and json.loads(text)["games"] == 8
    code, text, _ = _cli("play", "shithead", "--rules", "classic", "--players", "8",
                         "--pace", "0", stdin="q\n")
    assert code == 0 and "Goodbye" in text


@pytest.mark.ruling("SHD-02")
@pytest.mark.parametrize("command", [
    ("simulate", "shithead", "--games", "2", "--workers", "1"),
    ("arena", "shithead", "--bots", "random,smart", "--games", "8", "--workers", "1"),
    ("play", "shithead", "--pace", "0"),
])
def test_every_app_refuses_one_deck_typed_for_eight(command: tuple[str, ...]) -> None:
    code, text, err = _cli(*command, "--rules", "classic", "--rules", "decks=1",
                           "--players", "8", stdin="q\n")
    assert code == 2 and text == ""
    assert len(err.strip().splitlines()) == 1 and "decks" in err and "8" in err


@pytest.mark.parametrize("call", [
    lambda: GAMES["toepen"].new_game(players=10**5000),
    lambda: GAMES["toepen"].new_game(players=4, rules={"limit": 10**5000}),
    lambda: GAMES["toepen"].fit_rules(10**5000),
    lambda: SHITHEAD.fit_rules(8, {"decks": -(10**5000)}),
], ids=["players", "rules option", "fit players", "fit option"])
def test_a_number_of_five_thousand_digits_is_named_in_bits(call: Any) -> None:
    """``int`` refuses to print more than 4,300 digits: a refusal that put such a number in
    its words raised a bare ValueError instead of the library's error."""
    with pytest.raises((SetupError, RulesError), match="an integer of 16610 bits") as err:
        call()
    assert len(str(err.value)) < 300
