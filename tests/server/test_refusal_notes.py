"""Why a name or a room's house rules were refused, told in every phone's language.

The server's notes on a refused name (empty, control characters, nothing that shows, too
long) and the engine's sentence for house rules that cannot be played were English: a
phone in another language read the refusal's message alone, with no word of why, and an
English one read the engine's field names (``lead_shown=True needs starter='lowest'``),
not the form's labels. Each is now a note of the server's catalogue (``words.NOTES``),
told in the phone's language and naming the house rules by the labels its form shows
them under; no English sentence reaches a page in another language.
"""

from __future__ import annotations

import asyncio
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from tablegames.server.rooms import ClientError, Conn, Hub, error_message
from tablegames.server.store import Store
from tablegames.server.words import NOTES, error_text, note_text
from tablegames.table.i18n import words_for
from tests.server.helpers import started_room

LANGS = ("en", "ar", "nl", "da")


@pytest.fixture(scope="module")
def hub(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Hub]:
    made = Hub(Store(tmp_path_factory.mktemp("notes") / "rooms.sqlite"), bot_delay=0)
    yield made
    made.store.close()


def refusal(hub: Hub, spec: dict[str, Any]) -> ClientError:
    """The refusal of a room's creation form, which stores nothing."""
    before = hub.store.open_rooms()
    with pytest.raises(ClientError) as refused:
        hub.create({"game": "toepen", "players": 3, "name": "Amal", **spec})
    assert hub.store.open_rooms() == before
    return refused.value


def told(exc: ClientError) -> dict[str, str]:
    """The ``detail`` a phone reads in each language (a socket's message; an HTTP
    refusal's body is drawn by the same ``detail_text``)."""
    return {lang: error_message(exc, lang, None)["detail"] for lang in LANGS}


def label(game: str, lang: str, text: str) -> str:
    """A house rule's label as the form shows it to a ``lang`` page."""
    return words_for(lang, game)(text)


@pytest.mark.parametrize(("name", "code", "key", "args"), [
    (7, "bad_name", "name_not_text", {}),
    ("   ", "bad_name", "name_empty", {}),
    ("Amal\u202eX", "bad_name", "name_control", {}),
    ("\u3164\u200d", "bad_name", "name_unseen", {}),
    ("A" * 31, "name_too_long", "name_length", {"count": 31}),
])
def test_a_refused_name_is_told_why_in_every_language(
        hub: Hub, name: Any, code: str, key: str, args: dict[str, Any]) -> None:
    """At a room's creation and at a join: the note in the phone's language, after the
    code's message (English for English, a translation for each other)."""
    room, _ = hub.create({"game": "toepen", "players": 3, "name": "Amal"})
    with pytest.raises(ClientError) as joined:
        hub.join(room, name)
    for exc in (refusal(hub, {"name": name}), joined.value):
        assert exc.code == code
        said = told(exc)
        assert said == {lang: note_text(lang, key, **args) for lang in LANGS}
        assert said["en"] == exc.detail
        for lang in LANGS[1:]:  # translated
            assert said[lang] and said[lang] != said["en"], (lang, key)
    expected = {"name_not_text": "Een naam is tekst.", "name_empty": "De naam is leeg.",
                "name_control": "Een naam mag geen onzichtbare stuurtekens bevatten.",
                "name_unseen": "Een naam heeft minstens één letter, cijfer of teken nodig "
                               "dat je ziet.",
                "name_length": "Tekens in deze naam: 31."}
    assert said["nl"] == expected[key]


def test_house_rules_that_cannot_be_played_are_named_by_their_labels(hub: Hub) -> None:
    """One option's value (Toepen's lives at 1), two options together (Shithead's lead of
    the shown card with a fixed starting seat), and an option that cannot deal to the
    table (one Shithead deck for 8 players): each phone reads which house rules, by the
    labels its form shows (a Dutch page shows Shithead's in English, as its form does),
    in a sentence of its language, never the engine's ``lead_shown=True ...``."""
    one = told(refusal(hub, {"rules": {"limit": 1}}))
    assert one["en"] == "This house rule cannot be played as it is set: Lives."
    assert one["nl"] == "Met deze huisregel, zoals hij staat, kan niet gespeeld worden: Levens."
    assert one["ar"] == note_text("ar", "rules_one", options=[label("toepen", "ar", "Lives")])
    assert "\u2068" + label("toepen", "ar", "Lives") + "\u2069" in one["ar"]

    clash = refusal(hub, {"game": "shithead", "rules": {"lead_shown": True,
                                                        "starter": "seat"}})
    assert clash.code == "bad_rules" and "lead_shown=True" in clash.detail  # kept for the log
    said = told(clash)
    assert said["en"] == ("These house rules cannot be played together: Who starts, Lead the "
                          "shown card.")
    assert said["nl"] == ("Met deze huisregels samen kan niet gespeeld worden: Who starts, "
                          "Lead the shown card.")
    labels = [label("shithead", "ar", t) for t in ("Who starts", "Lead the shown card")]
    assert said["ar"] == note_text("ar", "rules_clash", options=labels)
    assert "\u060c " in said["ar"]  # the Arabic comma between them
    assert not any("lead_shown" in text or "starter" in text for text in said.values())

    table = told(refusal(hub, {"game": "shithead", "players": 8, "rules": {"decks": 1}}))
    assert table["da"] == ("Med disse husregler kan spillet ikke gives til dette antal "
                           "spillere: Decks.")
    assert table["ar"] == note_text("ar", "rules_table",
                                    options=[label("shithead", "ar", "Decks")])
    assert not any("at most 5 players" in text for text in table.values())


@pytest.mark.parametrize(("spec", "code", "key", "args"), [
    ({"players": 9}, "bad_players", "bad_players", {"least": 2, "most": 8}),
    ({"variant": "nope"}, "bad_rules", "no_variant", {}),
    ({"rules": "all"}, "bad_rules", "rules_not_options", {}),
    ({"rules": {"limt": 3}}, "bad_rules", "no_option", {}),
])
def test_the_forms_other_notes_are_told_in_every_language(
        hub: Hub, spec: dict[str, Any], code: str, key: str, args: dict[str, Any]) -> None:
    exc = refusal(hub, spec)
    assert exc.code == code
    said = told(exc)
    assert said == {lang: note_text(lang, key, **args) for lang in LANGS}
    assert all(said[lang] != said["en"] for lang in LANGS[1:])


def test_every_note_is_translated_into_each_language_of_the_servers_words() -> None:
    """No note falls back to English: each has its translation in Arabic, Dutch and
    Danish (the languages of the server's own words), with the same fields."""
    import re

    for lang in LANGS[1:]:
        for key, english in NOTES.items():
            fields = sorted(re.findall(r"\{(\w+)\}", english))
            text = words_for(lang)(english, **{f: "\x00" for f in fields})
            assert text != words_for("en")(english, **{f: "\x00" for f in fields}), (lang, key)
            assert text.count("\x00") == len(fields), (lang, key)
    assert error_text("ar", "bad_name") != error_text("en", "bad_name")


def test_the_forms_game_bot_and_seed_are_told_why_in_every_language(hub: Hub) -> None:
    """The creation form's game, bot and seed were refused with an English ``detail`` ("no
    such game", "Toepen has no bot 'x'", "a seed is a number or a word") that an Arabic,
    Dutch or Danish phone never read (it got the code's message alone): each is now a note,
    translated, which names the game by its title in the phone's language and quotes what
    was sent cut short, a control character escaped, in bidi isolates in Arabic."""
    game = told(refusal(hub, {"game": "chess"}))
    assert game["en"] == "This server has no game of that name."
    assert game["ar"] == "لا توجد على هذا الخادم لعبة بهذا الاسم."
    assert game["nl"] == "Deze server heeft geen spel met die naam."
    assert game["da"] == "Denne server har intet spil med det navn."

    sent = "deep\u202eblue" * 6
    bot = refusal(hub, {"bot": sent})
    assert bot.code == "bad_bot"
    said = told(bot)
    quoted = repr(sent[:40] + "…")
    assert "\\u202e" in quoted and "\u202e" not in "".join(said.values())
    assert said["en"] == f"Toepen has no bot called {quoted}."
    assert said["nl"] == f"Toepen heeft geen bot met de naam {quoted}."
    assert said["da"] == f"Toepen har ingen bot ved navn {quoted}."
    title = words_for("ar", "toepen")("Toepen")
    assert title != "Toepen"  # the game's Arabic title, as its table shows it
    assert said["ar"] == f"ليس في \u2068{title}\u2069 لاعب آلي اسمه \u2068{quoted}\u2069."
    # a game without Danish words is named as its table is drawn for a Danish phone
    assert told(refusal(hub, {"game": "shithead", "bot": "x"}))["da"] == (
        "Shithead har ingen bot ved navn 'x'.")

    seeds = {"seed_kind": [1], "seed_size": 1 << 300, "seed_length": "x" * 65,
             "seed_text": "a\ud800"}
    for key, seed in seeds.items():
        exc = refusal(hub, {"seed": seed})
        assert exc.code == "bad_seed"
        args = {"most": 64} if key == "seed_length" else {}
        assert told(exc) == {lang: note_text(lang, key, **args) for lang in LANGS}
    assert told(refusal(hub, {"seed": "x" * 65}))["nl"] == (
        "Een seed mag hoogstens zoveel tekens hebben: 64.")
    assert told(refusal(hub, {"seed": True}))["ar"] == "هذه البذرة ليست عددًا صحيحًا ولا نصًا."


def test_a_tap_the_game_cannot_read_is_quoted_back_in_the_phones_language(
        tmp_path: Path) -> None:
    """``bad_action``: the engine's sentence for unreadable notation ("'0:dance': unknown
    toepen verb 'dance' (known: ...)") reached an English phone alone; every phone now
    reads the server's note quoting its tap (cut short), and the engine's sentence stays
    in ``detail`` for a log. Nothing of the state changes."""
    hub, room = started_room(tmp_path, "toepen", 3, 2)
    try:
        before = room.state.to_json()
        long = "0:" + "ب" * 100
        for tap, shown in (("0:dance", "'0:dance'"), (long, repr(long[:40] + "…"))):
            with pytest.raises(ClientError) as refused:
                asyncio.run(hub.handle(room, Conn(0), {"type": "act", "expect": 0,
                                                       "action": tap}))
            exc = refused.value
            assert exc.code == "bad_action" and "toepen" in exc.detail  # kept for a log
            said = told(exc)
            assert said["en"] == f"{shown} is not written as an action of Toepen."
            assert said["nl"] == f"{shown} is niet geschreven als een zet van Toepen."
            title = words_for("ar", "toepen")("Toepen")
            assert said["ar"] == f"لم تُكتب \u2068{shown}\u2069 كحركة من حركات \u2068{title}\u2069."
            # Toepen has no Danish words: a Danish phone's table, and its note, name it
            # as the English table does, in a Danish sentence
            assert said["da"] == f"{shown} er ikke skrevet som et træk i Toepen."
        assert room.state.to_json() == before
    finally:
        hub.store.close()
