"""The house rules on the room-creation form: a short label and one sentence of help per
option, in table words and in the page's language, never the ``Rules`` docstring.

The words live on each ``Rules`` field (``metadata=said(...)``,
:class:`~tablegames.common.rules.OptionText`); ``/api/games?lang=LANG`` serves them from
the game's catalogue. An option the form shows without words, a choice without words, or
words left untranslated in one of the game's languages fails here.
"""

from __future__ import annotations

import re
from typing import Any

import attrs
import pytest

import tablegames
from tablegames.common.rules import option_text
from tablegames.server.app import games_catalogue
from tablegames.table.catalogues import option_ids
from tablegames.table.i18n import catalogue, langs_of
from tests.server.helpers import Server

GAMES = ["toepen", "phase10", "shithead", "dallah"]
#: What the docstrings carry and a player must never read: reStructuredText literals,
#: roles, code names (``next_cup``), quoted option values, ruling IDs.
MARKUP = re.compile(r"``|:\w+:`|\w_\w|\"|\bTOE-|\bP10-|\bSHD-|\bDAL-|\bTrue\b|\bFalse\b|\bNone\b")


def options(game: str, lang: str = "en") -> list[dict[str, Any]]:
    return next(g for g in games_catalogue(lang) if g["name"] == game)["options"]


def texts(option: dict[str, Any]) -> list[str]:
    """Every word of one option the form shows."""
    return [option["label"], option["help"], *option.get("choice_labels", {}).values()]


@pytest.mark.parametrize("game", GAMES)
def test_every_option_on_the_form_has_a_label_and_one_plain_sentence(game: str) -> None:
    fields = {f.name: f for f in attrs.fields(tablegames.GAMES[game].rules_class)}
    shown = options(game)
    assert shown
    for o in shown:
        text = option_text(fields[o["name"]])
        assert text is not None, f"{game}.{o['name']} has no words for players (said(...))"
        assert o["label"] == text.label and o["help"] == text.help
        assert 0 < len(o["label"]) <= 40, o["label"]
        # one sentence: a capital, one full stop at its end, short enough to read on a phone
        assert o["help"][0].isupper() and o["help"].endswith("."), o["help"]
        assert o["help"].count(". ") == 0 and len(o["help"]) <= 140, o["help"]
        if o["type"] == "choice":
            assert set(text.choices) == set(o["choices"]), (game, o["name"])
            assert all(o["choice_labels"][c] for c in o["choices"])
        else:
            assert not text.choices, (game, o["name"])
        for t in texts(o):
            assert not MARKUP.search(t), (game, o["name"], t)
        assert o["doc"]  # the reference docstring stays in the API for programmers


@pytest.mark.parametrize("game", GAMES)
def test_the_options_words_are_translated_in_each_of_the_games_languages(game: str) -> None:
    english = options(game)
    ids = {text for text, _ in option_ids(game)}
    # the catalogue holds every word the form shows, and the words of the options a form
    # cannot hold (a card set, Shithead's effects table, Toepen's second exchange), which
    # `tablegames games GAME` shows
    assert {t for o in english for t in texts(o)} <= ids
    for lang in langs_of(game):
        if lang == "en":
            continue
        held = getattr(catalogue(lang, game), "_catalog", {})
        assert sorted(t for t in ids if not held.get(t)) == [], (game, lang)
        said = options(game, lang)
        for o, e in zip(said, english, strict=True):
            assert o["label"] != e["label"], (game, lang, o["label"])
            assert o["help"] != e["help"], (game, lang, o["help"])
            if lang == "ar":
                assert all(re.search("[\u0600-\u06ff]", t) for t in texts(o)), (game, o)
            for t in texts(o):
                assert not MARKUP.search(t), (game, lang, t)


@pytest.mark.parametrize(("game", "lang"), [("toepen", "da"), ("phase10", "nl"),
                                            ("shithead", "nl"), ("dallah", "da")])
def test_a_language_the_game_lacks_shows_the_english_words(game: str, lang: str) -> None:
    assert lang not in langs_of(game)
    assert [texts(o) for o in options(game, lang)] == [texts(o) for o in options(game)]


def test_api_games_speaks_the_asked_language(server: Server) -> None:
    """``/api/games?lang=ar`` gives each option's Arabic words; no language, or one the
    server has no catalogue for, gives English."""
    for query, lang in [("?lang=ar", "ar"), ("?lang=nl", "nl"), ("", "en"), ("?lang=xx", "en")]:
        status, body = server.request("/api/games" + query)
        assert status == 200
        toepen = next(g for g in body if g["name"] == "toepen")
        limit = next(o for o in toepen["options"] if o["name"] == "limit")
        assert limit["label"] == options("toepen", lang)[0]["label"], query
        ending = next(o for o in toepen["options"] if o["name"] == "ending")
        assert set(ending["choice_labels"]) == {"rubber", "elimination"}
    _, arabic = server.request("/api/games?lang=ar")
    assert next(g for g in arabic if g["name"] == "toepen")["options"][0]["label"] == "الأرواح"
