"""The compact page (format 2) in a real browser: cards named by key are drawn and tapped.

The phone gets each card face once, in the page's ``faces``, and every card elsewhere
as its key (a Phase 10 lay-down's groups as indexes into its cards): ``static/app.js``
looks the faces up before drawing. Phase 10's lay-down and Shithead's swap are the
moves whose buttons carry the most cards; each is played here by tapping cards.
"""

from __future__ import annotations

import json
from typing import Any

import tablegames
from tablegames.table import present
from tests.server.helpers import LEGAL, Phones, Server, calm, tap, until


def _pages(frames: list[str]) -> list[dict[str, Any]]:
    return [json.loads(f)["page"] for f in frames if json.loads(f).get("type") == "update"]


def _codes(page: Any, selector: str) -> list[str]:
    return [str(c) for c in page.eval_on_selector_all(selector, "cs => cs.map(c => c.dataset.code)")]


def _hand_is_drawn(page: Any, state: Any) -> None:
    view = state.view(0)
    hand = [f["code"] for f in present(view)["hand"]]
    assert _codes(page, "#hand .card[data-code]") == hand


#: What the phone draws now, read at once: its version, the hand's and its own row's cards.
SEEN = ("() => ({version: Number(document.body.dataset.version),"
        " hand: [...document.querySelectorAll('#hand .card[data-code]')].map(c => c.dataset.code),"
        " mine: [...document.querySelectorAll('#table .seat.you .group .card[data-code]')]"
        ".map(c => c.dataset.code)})")


def _at(final: Any, actions: list[tuple[int, int, str]], version: int) -> Any:
    """The room's game at ``version``, replayed from its setup and stored actions."""
    record = final.record()
    state = tablegames.new_game(record["game"], players=record["players"], seed=record["seed"],
                                rules=record["rules"])
    for _, seat, action in actions[:version]:
        state.apply(action, by=seat)
    return state


def _my_turn(page: Any, version: int) -> None:
    until(page, f"body[data-version='{version}'][data-myturn='1']")
    calm(page)


def test_a_phase10_lay_down_is_drawn_and_tapped_from_the_compact_page(
        server: Server, browser: Any) -> None:
    phones = Phones(browser, server)
    try:
        # seed 5 deals Amal two sets of three once a card is drawn (14 ways to lay them)
        room = server.create(game="phase10", players=2, name="Amal", seed=5, bot="random",
                             rules={"phases": ["set3+set3"]})
        page = phones.open(room["url"])
        page.click("#start")
        _my_turn(page, 0)
        tap(page, "0:draw")
        _my_turn(page, 1)
        first = _pages(phones.frames[0])[0]
        assert first["format"] == 2 and all(type(k) is str for k in first["hand"])
        state, _ = server.saved(room["code"])
        _hand_is_drawn(page, state)
        lays = sorted(n for n in page.evaluate(LEGAL) if ":lay " in n)
        assert lays == sorted(str(a) for a in state.legal_actions() if ":lay " in str(a))
        assert len(lays) == 14  # each led to by the hand's cards, found through the faces
        lay = lays[0]
        assert tap(page, lay) == 6  # the six cards tapped one by one
        until(page, "body[data-version='2']")
        state, actions = server.saved(room["code"])
        assert actions[-1][2] == lay
        laid = [c for g in lay.split()[1:] for c in g.partition("=")[2].split(",")]
        mine = _codes(page, "#table .seat.you .group .card[data-code]")
        assert sorted(mine) == sorted(laid)
        _hand_is_drawn(page, state)
        assert not phones.errors
    finally:
        phones.close()


def test_a_shithead_swap_is_drawn_and_tapped_from_the_compact_page(
        server: Server, browser: Any) -> None:
    phones = Phones(browser, server)
    try:
        room = server.create(game="shithead", players=3, name="Amal", seed=12, bot="random")
        page = phones.open(room["url"])
        page.click("#start")
        _my_turn(page, 0)
        state, _ = server.saved(room["code"])
        _hand_is_drawn(page, state)
        swaps = sorted(n for n in page.evaluate(LEGAL) if ":swap " in n)
        assert swaps == sorted(str(a) for a in state.legal_actions() if ":swap " in str(a))
        assert len(swaps) == 19  # one to three face-up cards for as many of the hand
        first = _pages(phones.frames[0])[0]
        assert first["format"] == 2
        assert {first["faces"][k]["code"] for b in first["actions"]
                for k in b["cards"] + b.get("for", [])} <= {
                    f["code"] for f in first["faces"].values()}
        swap = "0:swap 10c,10s/Ad,2s"
        assert swap in swaps and tap(page, swap) == 4  # two face-up cards, two of the hand
        until(page, "body:not([data-version='0'])")
        state, actions = server.saved(room["code"])
        assert actions[0][2] == swap  # the bots play on at once: the drawing is read with
        seen = page.evaluate(SEEN)  # its version, in one go, and held against that version
        shown = _at(state, actions, seen["version"])
        assert seen["hand"] == [f["code"] for f in present(shown.view(0))["hand"]]
        up = present(shown.view(0))["seats"][0]["groups"]
        assert seen["mine"] == [f["code"] for g in up for f in g["cards"]]
        assert not phones.errors
    finally:
        phones.close()
