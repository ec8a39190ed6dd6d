"""One name per field from the table model to the phone's page: the page names each part
of the model it draws as the model does (``centre``, a seat's ``face_down``, the
result's ``*_label``), and a Shithead blind play says which face-down card as its event
does (``index``). Before, the page said ``center``, ``down`` (also Phase 10's view key
for a laid phase, and the blind play's card) and ``loser_title``/``winners_title``/
``scores_title``.
"""

from __future__ import annotations

from typing import Any

import pytest

import tablegames
from tablegames.common.bots import RandomBot
from tablegames.server.page import build
from tablegames.table import present

GAMES = ("toepen", "shithead", "phase10", "dallah")


def _finished(game: str) -> Any:
    state = tablegames.new_game(game, players=["Ana", "Bo", "Cas"], seed=3)
    bot = RandomBot(1)
    for _ in range(100_000):
        if state.is_over:
            return state
        state.apply(bot.choose(state))
    raise AssertionError(f"{game} did not finish")


def _page_names_the_model(page: dict[str, Any], model: dict[str, Any]) -> None:
    public = page["table"]
    assert set(public) == {"seats", "centre", "facts", "faces"}  # faces: its cards' (format 2)
    assert len(public["centre"]) == len(model["centre"])
    for drawn, seat in zip(public["seats"], model["seats"], strict=True):
        # every key the page draws is the model's, by the model's name (face_down is
        # 0 where a game's seats have no face-down cards)
        assert set(drawn) - {"face_down"} <= set(seat), set(drawn) - set(seat)
        assert drawn["face_down"] == seat.get("face_down", 0)
    if model["result"] is not None:
        assert set(page["result"]) - {"nobody"} <= set(model["result"])


@pytest.mark.parametrize("game", GAMES)
def test_the_page_names_the_parts_of_the_table_model_as_the_model_does(game: str) -> None:
    state = tablegames.new_game(game, players=["Ana", "Bo", "Cas"], seed=3)
    _page_names_the_model(build(state, 0, "en"), present(state.view(0)))
    over = _finished(game)
    page = build(over, 0, "en")
    _page_names_the_model(page, present(over.view(0)))
    assert {"losers_label", "winners_label", "scores_label"} <= set(page["result"])


def test_a_blind_play_names_its_face_down_card_as_the_blind_event_does() -> None:
    state = tablegames.new_game("shithead", players=["Ana", "Bo"], seed=2)
    bot = RandomBot(4)
    while not state.is_over:
        seat = state.to_act
        if seat is not None and any(str(a).split(":")[1].startswith("blind")
                                    for a in state.legal_actions(seat)):
            break
        state.apply(bot.choose(state))
    else:
        raise AssertionError("no blind play came up")
    page = build(state, seat, "en")
    blind = [a for a in page["actions"] if a["verb"] == "blind"]
    assert blind and all("down" not in a for a in blind)
    assert sorted(a["index"] for a in blind) == list(range(len(blind)))
    assert page["table"]["seats"][seat]["face_down"] == len(state.face_down[seat])
    for e in state.apply(blind[0]["n"]):
        if e.kind == "blind":
            assert e.for_seat(None)["index"] == blind[0]["index"]
