"""Dallah's card glossary at the terminal: what each card does, in the session's language,
citing the ruling that decides that card (found by an earlier terminal review: the
glossary was English words cut out of the rulings page, on an Arabic terminal too, and
cited DAL-27, the redraw on an empty Dallah, for what Rotate and Tap do)."""

from __future__ import annotations

import io
import re
from typing import Any

import pytest

import tablegames
from tablegames import dallah
from tablegames.common.rulings import load_rulings
from tablegames.dallah.cardset import DEFAULT_CARDS, CardSet
from tablegames.dallah.prompts import card_json
from tablegames.table.i18n import catalogue, words_for
from tablegames.tui.helpscreen import card_glossary, help_text

#: The ruling that decides what each card of the default set does (the rulings page's
#: sections, tablegames/dallah/rulings.md; /work/shared/rules/dallah.md).
DECIDED_BY = {
    "place": "DAL-20", "two_cups": "DAL-26", "five_seconds": "DAL-28", "naql": "DAL-22",
    # a stunt's falls go to whoever did it (DAL-10); DAL-27 only redraws it on an
    # empty Dallah, so it is never in play there
    "rotate": "DAL-10", "tap": "DAL-10", "blow": "DAL-10",
    "tag_team": "DAL-24", "shareek": "DAL-24", "fazaa": "DAL-24",
    "half_half": "DAL-33, DAL-34", "mabrook": "DAL-32", "tabadel": "DAL-34",
    "kheth": "DAL-32", "malek_shoghl": "DAL-35", "pass_it": "DAL-37", "reverse": "DAL-37",
    "yalla_bye": "DAL-38", "surprise": "DAL-36", "kullah_lak": "DAL-31",
    "ma_ysir": "DAL-42", "ana_mali_dakhal": "DAL-43",
}


def lines_for(code: str, lang: str, cards: CardSet = DEFAULT_CARDS) -> list[str]:
    view = dallah.new_game(players=3, seed=2, rules=dallah.Rules(cards=cards)).view(0)
    spec = cards.card(code)
    if spec.kind in ("block", "redirect"):
        view = {**view, "card": None, "hand": [code]}
    else:
        view = {**view, "card": card_json(spec), "hand": []}
    return card_glossary(view, cards, words_for(lang, "dallah"))


@pytest.mark.parametrize("code", sorted(DECIDED_BY))
def test_each_card_cites_the_ruling_that_decides_it(code: str) -> None:
    [line] = lines_for(code, "en")
    name = DEFAULT_CARDS.card(code).en
    assert line.startswith(f"{name}: ") and line.endswith(f"({DECIDED_BY[code]}).")
    assert "DAL-27" not in line


def test_every_card_of_the_default_set_is_in_the_table() -> None:
    assert sorted(DECIDED_BY) == sorted(c.id for c in (*DEFAULT_CARDS.actions,
                                                       *DEFAULT_CARDS.protection))


def test_what_a_stunt_does_is_said_not_when_it_is_redrawn() -> None:
    [rotate], [tap] = lines_for("rotate", "en"), lines_for("tap", "en")
    assert rotate == ("Rotate: rotate the Dallah, then place 1 cup; every cup that falls "
                      "goes to your pile (DAL-10).")
    assert tap.startswith("Tap: tap the Dallah, then place 1 cup;")


@pytest.mark.parametrize("code", sorted(DECIDED_BY))
def test_on_an_arabic_terminal_every_word_is_arabic(code: str) -> None:
    [line] = lines_for(code, "ar")
    assert line.startswith(DEFAULT_CARDS.card(code).ar + ": "), line
    words = re.sub(r"DAL-\d\d", "", line)
    assert not re.search(r"[A-Za-z]", words), line


def test_the_counts_of_a_card_follow_the_language() -> None:
    """The numbers on a home-made card: Arabic's dual and plural forms, not "2 cup"."""
    data = DEFAULT_CARDS.to_dict()
    for a in data["actions"]:
        if a["id"] == "mabrook":
            a["amount"] = 1
        if a["id"] == "five_seconds":
            a["seconds"] = 2
        if a["id"] == "malek_shoghl":
            a["amount"] = 3
    cards = CardSet.from_dict(data)
    assert "give 1 cup from your pile" in lines_for("mabrook", "en", cards)[0]
    assert "فنجاناً واحداً" not in lines_for("mabrook", "ar", cards)[0]
    assert "فنجان واحد" in lines_for("mabrook", "ar", cards)[0]
    assert "خلال ثانيتين" in lines_for("five_seconds", "ar", cards)[0]
    assert "within 2 seconds" in lines_for("five_seconds", "en", cards)[0]
    assert "تنتقل 3 فناجين" in lines_for("malek_shoghl", "ar", cards)[0]


def test_a_card_of_a_home_made_set_is_explained_by_its_kind() -> None:
    data = DEFAULT_CARDS.to_dict()
    data["actions"].append({"id": "gift", "en": "Gift", "ar": "هدية", "kind": "give",
                            "amount": 3, "target": "next", "count": 1})
    cards = CardSet.from_dict(data)
    [line] = lines_for("gift", "en", cards)
    assert line == ("Gift: give 3 cups from your pile to the next player, on your left; "
                    "with fewer, give what you have (DAL-32).")


def test_the_help_screen_in_arabic_tells_the_rulings_in_arabic() -> None:
    """Each ruling's title, rule and example come from the Arabic rulings catalogue
    (``dallah_rulings``): no line says they are in English, and no Latin word is left
    but the ruling IDs and seats."""
    state = dallah.new_game(players=3, seed=2, actions=["tap"], pot={"neck": ["wide"]})
    state.apply("0:draw")
    w = words_for("ar", "dallah")
    parts = help_text("dallah", state.view(0), w=w, cards=state.rules.cards)
    assert parts[0].startswith("طرق: اطرق الدلة") and parts[0].endswith("(DAL-10).")
    assert not any("بالإنجليزية" in p or "At the table" in p for p in parts)
    rulings = [p for p in parts if re.match(r"DAL-\d\d ", p)]
    assert rulings and any(p.startswith("  على الطاولة: ") for p in parts)
    for p in rulings:
        assert not re.search(r"[A-Za-z]{2,}", re.sub(r"DAL-\d\d|P\d", "", p)), p


def test_a_ruling_reworded_since_its_translation_is_shown_in_english(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """A text the catalogue does not hold yet (the page changed, the translators have
    not caught up) is the English, under a line that says some rulings are English."""
    import attrs

    from tablegames.tui import helpscreen

    real = helpscreen.load_rulings

    def reworded(game: str) -> list[Any]:
        return [attrs.evolve(r, title=r.title + " (reworded)") if r.id == "DAL-10" else r
                for r in real(game)]

    monkeypatch.setattr(helpscreen, "load_rulings", reworded)
    state = dallah.new_game(players=3, seed=2, actions=["tap"], pot={"neck": ["wide"]})
    state.apply("0:draw")
    parts = help_text("dallah", state.view(0), w=words_for("ar", "dallah"),
                      cards=state.rules.cards)
    assert "بعض الأحكام أدناه مكتوبة بالإنجليزية." in parts
    assert any(p.startswith("DAL-10 ") and "(reworded)" in p for p in parts)


def test_the_arabic_terminal_explains_the_card_in_play_in_arabic() -> None:
    """The line under the prompt and the help screen (``?``), at a real session."""
    from tablegames.cli import main

    out = io.StringIO()
    main(["play", "dallah", "--players", "3", "--seed", "2", "--pace", "0", "--lang", "ar"],
         out=out, inp=io.StringIO("1\n?\n\n\n\n\n\n\nq\n"))
    text = out.getvalue()
    state = tablegames.new_game("dallah", players=3, seed=2)
    state.apply("0:draw")
    card = state.view(0)["card"]
    name = DEFAULT_CARDS.card(card["id"]).ar
    assert f"{name}: " in text and "بالإنجليزية" not in text
    title = catalogue("ar", "dallah_rulings").gettext(load_rulings("dallah")[0].title)
    assert re.search(r"[\u0600-\u06ff]", title) and f"DAL-01 {title}." in text
    for line in text.splitlines():
        if line.startswith(f"{name}: "):
            assert not re.search(r"[A-Za-z]", re.sub(r"DAL-\d\d", "", line)), line
