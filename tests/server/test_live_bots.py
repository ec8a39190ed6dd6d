"""A bot registered while the server runs is on the creation form at the next request.

The app drew ``/api/games`` for every language once, when ``create_app`` made it, so a
bot registered afterwards (``tablegames.bots.register(..., text=...)``) was missing from
the form and the API for the server's life, although ``POST /api/rooms`` took it (found
by helper-139). The server here runs in this process (uvicorn on a thread), so a
registration made by the test is the server's; ``own_registry`` gives the registry back.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest

from tablegames import bots
from tablegames.bots.base import RandomBot
from tablegames.common.rules import OptionText
from tablegames.server.app import Catalogues
from tablegames.table.i18n import LANGS
from tests.server.helpers import LEGAL, InProcess, Phones, Server, tap

NAME = "owl139"
OWL = OptionText("Night owl", "Plays late, and at random.")


@pytest.fixture(scope="module")
def live(tmp_path_factory: pytest.TempPathFactory) -> Iterator[InProcess]:
    with InProcess(tmp_path_factory.mktemp("live") / "rooms.sqlite") as srv:
        yield srv


def offered(server: Server, game: str, lang: str = "en") -> dict[str, Any]:
    status, games = server.request(f"/api/games?lang={lang}")
    assert status == 200
    return next(g for g in games if g["name"] == game)  # type: ignore[no-any-return]


def test_a_bot_registered_after_the_app_is_made_is_offered_and_seated(
        live: InProcess, own_registry: None) -> None:
    """``/api/games`` names the new bot with its words at the next request, in every
    language; new words replace the old; a room is created with it."""
    assert NAME not in offered(live, "toepen")["bots"]

    def owl(info: Any, seed: Any) -> RandomBot:
        return RandomBot(seed)

    bots.register(NAME, owl, game="toepen", text=OWL)
    for lang in ("en", "ar"):
        toepen = offered(live, "toepen", lang)
        assert NAME in toepen["bots"]
        assert (toepen["bot_labels"][NAME], toepen["bot_help"][NAME]) == (OWL.label, OWL.help)
    assert NAME not in offered(live, "phase10")["bots"]  # registered for Toepen alone
    bots.register(NAME, owl, game="toepen", text=OptionText("Early bird", "Plays at dawn."))
    assert offered(live, "toepen")["bot_labels"][NAME] == "Early bird"

    room = live.create(game="toepen", players=3, name="Amal", bot=NAME, seed=1)
    assert live.app.state.hub.room(room["code"]).config["bot"] == NAME


def test_the_catalogues_are_drawn_again_only_when_a_registration_changes(
        own_registry: None) -> None:
    """Each language is drawn once while nothing changes; a new bot draws them again;
    a language nobody has is English, so a caller cannot make the server keep more
    drawings than there are languages."""
    catalogues = Catalogues()
    first = catalogues("ar")
    assert catalogues("ar") is first
    for lang in ("xx", "en-GB", "EN", "", "../etc"):
        assert catalogues(lang) is catalogues("en")
    assert len(catalogues._drawn) == 2 and set(catalogues._drawn) <= set(LANGS)
    bots.register(NAME, lambda info, seed: RandomBot(seed), text=OWL)
    again = catalogues("ar")
    assert again is not first
    assert all(g["bot_labels"][NAME] == OWL.label for g in again)  # game=None: every game
    assert set(catalogues._drawn) == {"ar"}  # the drawings of the old registrations went


def test_the_form_offers_a_bot_registered_after_it_was_served_and_creates_its_room(
        live: InProcess, browser: Any, own_registry: None) -> None:
    """A page opened after the registration offers the bot by its words, says its
    sentence under the box, and the room is created with it; the bot plays at the table
    (Toepen's first move is a bot's or the host's: the host taps until one is made)."""
    made: list[Any] = []

    def owl(info: Any, seed: Any) -> RandomBot:
        made.append(seed)
        return RandomBot(seed)

    ph = Phones(browser, live, lang="en")
    try:
        page = ph.open("/")  # the form, served before the registration
        page.wait_for_selector("select[name=game] option", state="attached")
        bots.register(NAME, owl, game="toepen", text=OWL)
        page = ph.open("/")
        page.wait_for_selector("select[name=game] option", state="attached")
        page.select_option("select[name=game]", "toepen")
        page.select_option("select[name=bot]", label=OWL.label)
        assert page.input_value("select[name=bot]") == NAME
        assert page.text_content("#bot-help") == OWL.help
        page.fill("input[name=players]", "3")
        page.fill("#create-form input[name=name]", "Amal")
        page.click("#create-form button[type=submit]")
        page.wait_for_selector("#lobby:not([hidden]) #start")
        page.click("#start")
        page.wait_for_selector("body[data-version]", state="attached")
        room = live.app.state.hub.room(page.text_content("#code"))
        assert [s["bot"] for s in room.seats] == [None, NAME, NAME]  # the two empty seats
        for _ in range(10):  # the owls play (the host first, if the deal says so)
            if made:
                break
            page.wait_for_selector("body[data-myturn='1']", state="attached")
            version = page.get_attribute("body", "data-version")
            tap(page, page.evaluate(LEGAL)[0])
            page.wait_for_selector(f"body:not([data-version='{version}'])", state="attached")
        assert made
        assert not ph.errors
    finally:
        ph.close()
