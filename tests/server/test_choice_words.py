"""The named variants and the bots on the room-creation form: each shown by a label and
one sentence of what it changes at the table or how it plays, in the page's language,
never by its internal name (``lenient-dirty-hand``, ``ismcts``), which stays the value
a room is created with.

The words live beside each variant's rules (``named_variants``) and each bot's
registration (``GameInfo.bot_texts``, ``bots.registry.GENERIC_TEXTS``, ``register(...,
text=...)``); ``/api/games?lang=LANG`` serves them as ``variant_labels``/``variant_help``
and ``bot_labels``/``bot_help``. A variant or bot of the library without words, or words
left untranslated in one of the game's languages, fails here.
"""

from __future__ import annotations

import re
from typing import Any

import pytest

import tablegames
from tablegames import bots
from tablegames.bots import registry
from tablegames.bots.base import RandomBot
from tablegames.common.errors import SetupError
from tablegames.common.protocol import GameInfo
from tablegames.common.rules import OptionText
from tablegames.server.app import games_catalogue
from tablegames.table.catalogues import choice_ids
from tablegames.table.i18n import catalogue, langs_of
from tests.run_once import used_ids_once
from tests.server.helpers import Server
from tests.server.test_option_words import MARKUP

GAMES = ["toepen", "phase10", "shithead", "dallah"]


def entry(game: str, lang: str = "en") -> dict[str, Any]:
    return next(g for g in games_catalogue(lang) if g["name"] == game)


def words_of(info: GameInfo) -> list[tuple[str, str, OptionText | None]]:
    """``(kind, name, words)`` of every variant and bot the form offers for ``info``."""
    return ([("variant", v, info.variant_texts.get(v)) for v in info.variants]
            + [("bot", b, registry.text(b, info)) for b in bots.names(info)])


def assert_plain(label: str, help: str, where: Any) -> None:
    """A short label and one plain sentence, as a house rule's words are."""
    assert 0 < len(label) <= 40, (where, label)
    assert help[0].isupper() and help.endswith("."), (where, help)
    assert ". " not in help and len(help) <= 140, (where, help)
    for text in (label, help):
        assert not MARKUP.search(text), (where, text)


@pytest.mark.parametrize("game", GAMES)
def test_every_variant_and_bot_of_a_game_has_a_label_and_one_plain_sentence(game: str) -> None:
    """A variant or a bot added to a game without words fails here."""
    info = tablegames.GAMES[game]
    assert len(info.variants) >= 3 and len(bots.names(info)) >= 3
    for kind, name, text in words_of(info):
        assert text is not None, f"{game}'s {kind} {name!r} has no words for players"
        assert_plain(text.label, text.help, (game, kind, name))
        assert not text.choices, (game, name)
    # nothing written for a variant or bot that is not there
    assert set(info.variant_texts) == set(info.variants), game
    assert set(info.bot_texts) <= set(info.bots) - set(registry.GENERIC), game
    # two variants, or two bots, never read alike
    for names in (info.variants, bots.names(info)):
        labels = [t.label for kind, n, t in words_of(info) if n in names and t is not None]
        assert len(set(labels)) == len(labels), (game, labels)


@pytest.mark.parametrize("game", GAMES)
def test_the_words_are_in_the_catalogue_and_translated_in_each_of_the_games_languages(
        game: str, tmp_path_factory: pytest.TempPathFactory) -> None:
    ids = choice_ids(game)
    # what python -m tablegames.table.catalogues keeps
    assert ids <= used_ids_once(tmp_path_factory, game)
    english = entry(game)
    for lang in langs_of(game):
        if lang != "en":
            held = getattr(catalogue(lang, game), "_catalog", {})
            assert sorted(t for t, _ in ids if not held.get(t)) == [], (game, lang)
        said = entry(game, lang)
        for kind in ("variant", "bot"):
            names = list(said["variants"]) if kind == "variant" else said["bots"]
            assert list(said[f"{kind}_labels"]) == names  # one label per name, in order
            for name in names:
                label, help = said[f"{kind}_labels"][name], said[f"{kind}_help"][name]
                assert (label, help) != (english[f"{kind}_labels"][name],
                                         english[f"{kind}_help"][name]) or lang == "en"
                assert label not in (name, name.replace("-", " ").replace("_", " "))
                if lang == "ar":
                    assert re.search("[\u0600-\u06ff]", label + help), (game, name)
                assert 0 < len(label) <= 40 and help.endswith("."), (game, lang, name)
                assert not MARKUP.search(label + help), (game, lang, name, label, help)


@pytest.mark.parametrize(("game", "lang"), [("toepen", "da"), ("shithead", "nl")])
def test_a_language_the_game_lacks_shows_the_english_words(game: str, lang: str) -> None:
    assert lang not in langs_of(game)
    said, english = entry(game, lang), entry(game)
    for key in ("variant_labels", "variant_help", "bot_labels", "bot_help"):
        assert said[key] == english[key], key


def test_api_games_names_no_variant_or_bot_by_its_internal_name(server: Server) -> None:
    """Through the API, in Arabic, Dutch and Danish: every variant and bot of a game the
    language has a catalogue for is told in that language; the names stay as they were
    (the values a room is created with), and a room is created with one."""
    for lang in ("ar", "nl", "da"):
        status, body = server.request(f"/api/games?lang={lang}")
        assert status == 200
        for g in body:
            for kind, names in (("variant", list(g["variants"])), ("bot", g["bots"])):
                assert set(g[f"{kind}_labels"]) == set(names) == set(g[f"{kind}_help"])
                if lang not in langs_of(g["name"]):
                    continue  # told wholly in English (above)
                held = getattr(catalogue(lang, g["name"]), "_catalog", {})
                for name in names:
                    label = g[f"{kind}_labels"][name]
                    assert label in held.values(), (lang, g["name"], name, label)
                    assert g[f"{kind}_help"][name] in held.values(), (lang, g["name"], name)
                    assert label not in (name, name.replace("-", " ")), (lang, name)
    _, arabic = server.request("/api/games?lang=ar")
    toepen = next(g for g in arabic if g["name"] == "toepen")
    assert toepen["variant_labels"]["lenient-dirty-hand"] == "يد متسخة متساهلة"
    assert toepen["bot_labels"]["ismcts"] == "المفكّر"
    assert toepen["bots"] == ["random", "ismcts", "club"] and toepen["default_bot"] == "club"
    room = server.create(game="toepen", players=3, name="Amal", variant="lenient-dirty-hand",
                         bot="ismcts")
    assert room["code"]


def test_a_bot_or_variant_without_words_shows_its_name_spaced() -> None:
    """A bot registered from elsewhere without words, and a game whose variants have
    none, show the name, spaced, with no help; a registered bot's own words are shown
    as given, and a registration without them drops the words of one before."""
    name = "night_owl_137"
    try:
        bots.register(name, lambda info, seed: RandomBot(seed), game="toepen")
        toepen = entry("toepen")
        assert (toepen["bot_labels"][name], toepen["bot_help"][name]) == ("night owl 137", "")
        bots.register(name, lambda info, seed: RandomBot(seed), game="toepen",
                      text=OptionText("Night owl", "Plays late and at random."))
        arabic = entry("toepen", "ar")
        assert (arabic["bot_labels"][name], arabic["bot_help"][name]) == (
            "Night owl", "Plays late and at random.")
        bots.register(name, lambda info, seed: RandomBot(seed), game="toepen")
        assert registry.text(name, "toepen") is None
        # a bot registered under a library bot's name is that bot now, with its words
        bots.register("random", lambda info, seed: RandomBot(seed), game="toepen")
        assert registry.text("random", "toepen") is None
        assert registry.text("random", "phase10") == registry.GENERIC_TEXTS["random"]
    finally:
        for n in (name, "random"):
            registry._EXTRA.get("toepen", {}).pop(n, None)
            registry._ORIGIN.get("toepen", {}).pop(n, None)
            registry._TEXTS.get("toepen", {}).pop(n, None)
    assert registry.text("random", "toepen") == registry.GENERIC_TEXTS["random"]
    with pytest.raises(SetupError, match="OptionText"):
        bots.register(name, lambda info, seed: RandomBot(seed), text="Night owl")  # type: ignore[arg-type]
    assert name not in bots.names("toepen")


def test_a_game_whose_variants_have_no_words_shows_their_names_spaced() -> None:
    """A game registered from elsewhere that gives its variants and bots no words (the
    fields are new: its ``GameInfo`` names none) is offered by their names, spaced."""
    import attrs

    dallah = tablegames.GAMES["dallah"]

    def new_game(*args: Any, **kwargs: Any) -> Any:  # of this module: unregister drops it
        return dallah.new_game(*args, **kwargs)

    toy = attrs.evolve(dallah, name="toy137", ruling_prefix="", new_game=new_game,
                       variant_texts={}, bot_texts={})
    tablegames.register(toy)
    try:
        said = entry("toy137", "ar")
    finally:
        tablegames.GAMES.unregister("toy137")
    assert "toy137" not in tablegames.GAMES  # the other tests' list of games is as before
    assert said["variant_labels"]["generous-swaps"] == "generous swaps"
    assert said["variant_help"]["generous-swaps"] == ""
    assert said["bot_labels"]["model"] == "model" and said["bot_help"]["model"] == ""
    # the bots every game has keep their words: they are the library's, not the game's
    assert said["bot_labels"]["ismcts"] == registry.GENERIC_TEXTS["ismcts"].label


@pytest.mark.parametrize(("game", "lang", "title"), [
    ("toepen", "ar", "توبن"), ("dallah", "ar", "الدلة"), ("toepen", "nl", "Toepen"),
    ("dallah", "da", "Dallah")])
def test_the_games_title_is_in_the_forms_language(game: str, lang: str, title: str) -> None:
    """The creation form's game menu reads the catalogue's ``title``: on an Arabic page it
    said "Toepen" and "Dallah" in Latin letters, while the lobby and the table of the same
    room say "توبن" and "الدلة" (found by helper-185 at 390x844). The title is the game's
    own catalogue's, as ``GET /api/rooms/CODE?lang=`` gives it; English where the game
    has no catalogue in the language."""
    assert entry(game, lang)["title"] == title
    assert entry(game)["title"] == tablegames.GAMES[game].title
