"""A phone's prompt says what its buttons are for: a seat that may act out of turn is
never told only to wait.

Toepen lets any seat still in the hand knock while others play (TOE-21), and Dallah lets
the seat that collected last turn report a cup that fell after it, until the next player
draws (DAL-23). Those seats get buttons while another seat is to act, so their prompt must
say so, in every language the game is translated into (the messages are whole sentences
in the catalogues). Seeded random games of every game, with every option on in half of
them, check every seat after every action.
"""

from __future__ import annotations

import random
from typing import Any

import pytest

import tablegames
from tablegames.table import describe, present
from tablegames.table.catalogues import ALL_OPTIONS, DOMAIN_LANGS
from tablegames.table.i18n import words_for

WAIT = "Waiting for {who}."


def _seen(game: str) -> list[tuple[dict[str, Any], dict[str, Any]]]:
    """``(view, model)`` of every seat with legal actions while another seat is to act."""
    out = []
    for seed in range(6):
        rules = ALL_OPTIONS.get(game) if seed % 2 == 0 else None
        state = tablegames.new_game(game, players=3 + seed % 2, seed=seed, rules=rules)
        rng = random.Random(seed)
        for _ in range(400):
            if state.is_over:
                break
            for seat in range(len(state.players)):
                view = state.view(seat)
                if view["to_act"] != seat and view.get("legal"):
                    out.append((view, present(view)))
            state.apply(rng.choice(state.legal_actions()))
    return out


@pytest.mark.parametrize("game", ["toepen", "phase10", "shithead", "dallah"])
def test_a_seat_with_buttons_out_of_turn_is_told_what_they_are_for(game: str) -> None:
    seen = _seen(game)
    for view, model in seen:
        assert model["prompt"]["msg"] != WAIT, (view["legal"], view["prompt"])
    if game == "toepen":  # TOE-21: the knock out of turn is named
        knocks = [m for v, m in seen if any(a.endswith(":knock") for a in v["legal"])]
        assert knocks and all(m["prompt"]["msg"] == "Waiting for {who}. You may knock."
                              for m in knocks)
    if game == "dallah":  # DAL-23: the late report, and who collects what fell
        assert seen and all("If a cup falls before" in m["prompt"]["msg"] for _, m in seen)
        for lang in DOMAIN_LANGS[game]:
            words = words_for(lang, game)
            texts = {words.text(m["prompt"]) for _, m in seen}
            assert all("{" not in t for t in texts)
            if lang == "ar":
                assert all("فنجان" in t for t in texts)


def test_the_drawing_seat_that_may_report_a_late_fall_is_told_so() -> None:
    # DAL-23: the seat to draw may itself be the one that collected last turn (two players)
    for seed in range(40):
        state = tablegames.new_game("dallah", players=2, seed=seed)
        rng = random.Random(seed)
        for _ in range(300):
            if state.is_over:
                break
            seat = state.to_act
            view = state.view(seat)
            if view["stage"] == "draw" and view.get("late_reporter") == seat:
                model = present(view)
                assert model["prompt"]["msg"].startswith(
                    "Draw an Action card. If a cup falls before you draw"), model["prompt"]
                return
            state.apply(rng.choice(state.legal_actions()))
    raise AssertionError("no two-player game reached a draw with a late report to make")


@pytest.mark.parametrize("game", ["toepen", "phase10", "shithead", "dallah"])
def test_every_event_is_told_in_a_sentence_of_its_own(game: str) -> None:
    """The presenters' last resort, "{who}: {what}" with the event's kind ("P0: setup"),
    is for a game's future events, never one the engine emits now: every event of seeded
    games (the opening log included) has a sentence of its own, for a seat and for the
    spectator."""
    fallback = "{who}: {what}"
    for seed in range(6):
        rules = ALL_OPTIONS.get(game) if seed % 2 == 0 else None
        state = tablegames.new_game(game, players=3 + seed % 2, seed=seed, rules=rules)
        rng = random.Random(seed)
        told = [(e, seat) for seat in (None, 0) for e in state.log(seat)]
        for _ in range(400):
            for e, seat in told:
                sentence = describe(e, state.view(seat))
                assert sentence is None or sentence["msg"] != fallback, e
            if state.is_over:
                break
            events = state.apply(rng.choice(state.legal_actions()))
            told = [(e.for_seat(seat), seat) for seat in (None, 0) for e in events]
