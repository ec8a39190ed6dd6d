"""Every message a game's presenter says is in every catalogue that game is offered in.

The ids are what :mod:`tablegames.table.catalogues` finds: Babel's extraction over the
presenter's source and every model and event of seeded games with every option on. The
front ends' own words are checked the same way in every language. A missing or empty
translation fails, naming the message and the catalogue.
"""

from __future__ import annotations

import re

import pytest
from babel.messages.pofile import read_po

from tablegames.table.catalogues import LOCALE, front_end_ids, ruling_ids
from tablegames.table.i18n import LANGS, Words, catalogue, langs_of
from tests.run_once import used_ids_once


def missing(ids: set[tuple[str, str | None]], lang: str, domain: str) -> list[str]:
    cat = catalogue(lang, domain)
    known = getattr(cat, "_catalog", {})
    out = []
    for text, plural in ids:
        if lang == "en":
            continue  # the ids are the English
        if plural is None and not known.get(text):
            out.append(text)
        if plural is not None and not known.get((text, 0)):
            out.append(text)
    return sorted(out)


@pytest.mark.parametrize("game", ["toepen", "phase10", "shithead", "dallah"])
def test_every_message_of_a_game_is_in_each_of_its_catalogues(
        game: str, tmp_path_factory: pytest.TempPathFactory) -> None:
    ids = used_ids_once(tmp_path_factory, game)
    assert len(ids) > 50
    langs = langs_of(game)
    assert "en" in langs and "ar" in langs
    for lang in langs:
        assert missing(ids, lang, game) == [], (game, lang)


@pytest.mark.parametrize("game", ["toepen", "phase10", "shithead", "dallah"])
def test_every_ruling_a_player_reads_is_translated_in_the_games_languages(game: str) -> None:
    """The ``<game>_rulings`` catalogues hold exactly the texts the rulings page gives a
    player now (a ruling reworded on the page fails here until it is translated again),
    each translated in every language the game is offered in, keeping the ruling IDs,
    seats and numbers its English names."""
    ids = ruling_ids(game)
    assert len(ids) > 40
    for lang in langs_of(game):
        path = LOCALE / lang / "LC_MESSAGES" / f"{game}_rulings.po"
        with path.open("rb") as f:
            held = {m.id for m in read_po(f) if m.id}
        assert held == {text for text, _ in ids}, (game, lang, held ^ {t for t, _ in ids})
        if lang == "en":
            continue  # the ids are the English
        assert missing(ids, lang, f"{game}_rulings") == [], (game, lang)
        cat = catalogue(lang, f"{game}_rulings")
        for text, _ in ids:
            said = cat.gettext(text)
            for token in re.findall(r"[A-Z0-9]+-\d\d|\bP\d\b", text):
                assert token in said, (game, lang, token, said)


def test_the_front_ends_words_are_in_every_language() -> None:
    ids = front_end_ids()
    for lang in LANGS:
        assert missing(ids, lang, "tablegames") == [], lang


def test_the_languages_of_the_rule_sheets_are_offered() -> None:
    assert langs_of("toepen") == ("en", "ar", "nl")
    assert langs_of("phase10") == ("en", "ar", "da")
    assert langs_of("shithead") == ("en", "ar") and langs_of("dallah") == ("en", "ar")


def test_plural_forms_follow_each_language() -> None:
    def cups(lang: str, n: int) -> str:
        return Words(lang, "dallah").text({"msg": "{n} cup", "plural": "{n} cups", "n": n,
                                           "args": {"n": n}})

    assert [cups("en", n) for n in (1, 2, 5)] == ["1 cup", "2 cups", "5 cups"]
    assert [cups("ar", n) for n in (1, 2, 3, 11)] == ["فنجان واحد", "فنجانان", "3 فناجين",
                                                      "11 فنجاناً"]
    w = Words("nl", "toepen")
    assert w.n("({n} card)", "({n} cards)", 1) == "(1 kaart)"


def test_arabic_is_drawn_right_to_left() -> None:
    assert Words("ar").direction == "rtl" and Words("da").direction == "ltr"
