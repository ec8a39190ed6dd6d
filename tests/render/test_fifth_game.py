"""A fifth game written only with ``common/`` and a presenter appears in all three front ends."""

from __future__ import annotations

import io
import json
from collections.abc import Iterator, Mapping, Sequence
from typing import Any

import attrs
import pytest
from rich.console import Console

from tablegames import render
from tablegames.common.cards import suited_pack
from tablegames.common.protocol import GameInfo
from tablegames.common.registry import GAMES
from tablegames.server.page import build, describe_events
from tablegames.server.page import context as page_context
from tablegames.table import Presenter
from tablegames.table.model import action, area, msg, names, plural, seat, table
from tablegames.tui.screen import Screen

PACK = suited_pack("snap", ("2", "3", "4"))


def face(code: str) -> dict[str, Any]:
    c = PACK.faces[PACK.code(code)]
    return {"code": str(c), "rank": c.rank, "suit": c.suit, "colour": "black", "value": None,
            "special": None, "name": msg("{card}", card=str(c)), "mark": None}


def present(view: Mapping[str, Any]) -> dict[str, Any]:
    players = names(view)
    seats = []
    for i, name in enumerate(players):
        s = seat(i, name, viewer=view.get("seat"), to_act=view.get("to_act"))
        s["hidden"] = view["hand_sizes"][i]
        s["stats"].append(plural("{n} card", "{n} cards", view["hand_sizes"][i]))
        seats.append(s)
    return table(view, title=msg("Snap"), prompt=msg("Snap!"), seats=seats,
                 centre=[area(msg("Pile"), [face(c) for c in view["pile"]])], facts=[],
                 hand=[face(c) for c in view.get("hand", [])],
                 actions=[action(n, "snap", msg("Snap {card}", card=n.split()[-1]))
                          for n in view.get("legal", [])])


def event(e: Mapping[str, Any], view: Mapping[str, Any]) -> Any:
    return msg("{who} snapped.", who=names(view)[e["seat"]])


@attrs.define
class Snap:
    """Just enough of a state for the front ends: a view per seat."""

    players: Sequence[str] = ("Ana", "Bo")
    version: int = 0
    to_act: int | None = 0
    is_over: bool = False

    def view(self, seat: int | None) -> dict[str, Any]:
        v: dict[str, Any] = {"game": "snap", "players": list(self.players), "seat": seat,
                             "to_act": 0, "stage": "play", "version": 0, "hand_sizes": [2, 1],
                             "pile": ["3c"], "result": None}
        if seat == 0:
            v.update(hand=["2h", "4s"], legal=["0:snap 2h"], prompt="")
        elif seat is not None:
            v.update(hand=["3d"], legal=[], prompt="")
        return v


@pytest.fixture
def snap() -> Iterator[None]:
    info = GameInfo(name="snap", title="Snap", new_game=lambda **_: Snap(),
                    from_json=lambda _: Snap(), parse_action=lambda _: None,  # type: ignore
                    rules_class=object, min_players=2, max_players=2, bots={}, variants={},
                    max_actions=lambda _: 10,
                    presenter=Presenter(domain="snap", table=present, event=event, face=face))
    GAMES.register(info)
    try:
        yield
    finally:
        GAMES.unregister("snap")


@pytest.mark.usefixtures("snap")
def test_a_fifth_game_appears_in_the_server_the_pictures_and_the_terminal() -> None:
    state = Snap()
    page = build(state, 0, "ar")  # no Snap catalogue in Arabic: drawn in English
    assert page["title"] == "Snap" and page["lang"] == "en"
    assert [b["label"] for b in page["actions"]] == ["Snap 2h"]
    assert [page["faces"][k]["code"] for k in page["hand"]] == ["2h", "4s"]
    assert page["table"]["seats"][1]["stats"] == ["1 card"]
    lines = describe_events([{"kind": "snap", "seat": 1}], page_context(state, 0, "en"))
    assert [line["text"] for line in lines] == ["Bo snapped."]
    json.dumps(page)
    picture = render.svg(state.view(0))
    assert 'data-card="2h"' in picture and 'data-card="3d"' not in picture
    out = io.StringIO()
    Screen(Console(file=out, width=100), "snap").draw(state.view(1), ["Bo snapped."], None)
    text = out.getvalue()
    assert "Snap" in text and "Ana" in text and "(2 cards)" in text and "2h" not in text
