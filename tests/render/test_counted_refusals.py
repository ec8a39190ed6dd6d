"""Refusals that hold a count, told in every language of their game at 1, 2, 3 and 11.

A refusal phrase with a number in it ("{count} face-down card(s)", Phase 10's "colour of
{n}") was one message, so it agreed with its number in no language: Arabic has six forms
(zero, one, two, few 3-10, many 11-99, other), Danish and Dutch two. Each such row or
phrase now has a plural form, as the table model's counted messages do, and the shipped
catalogues give each form; these tests read the refusals from the catalogues the package
ships, in English and in each of the game's languages.
"""

from __future__ import annotations

import copy
import gettext
import io
import pickle

import pytest
from babel.messages.catalog import Catalog
from babel.messages.mofile import write_mo

from tablegames import toepen
from tablegames.common.errors import IllegalAction
from tablegames.common.refusals import Phrase, Refusal, check_table
from tablegames.phase10 import refusals as p10
from tablegames.shithead import refusals as shd
from tablegames.table import refusal_text
from tablegames.table.i18n import words_for
from tablegames.testing import apply_all
from tablegames.toepen import refusals as toe
from tests.render.test_refusal_catalogues import refused, words_with
from tests.shithead.helpers import game, seat

COUNTS = (1, 2, 3, 11)


def told(error: IllegalAction, game_name: str, lang: str) -> str:
    """``error`` as a player reads it in ``lang`` (English is the error's own message)."""
    return error.message if lang == "en" else refusal_text(error, words_for(lang, game_name))


# -- Shithead: the face-down cards a blind play may name (SHD-10) ---------------------------
FACE_DOWN = {
    "en": ["you have 1 face-down card, numbered 0",
           "you have 2 face-down cards, numbered from 0",
           "you have 3 face-down cards, numbered from 0",
           "you have 11 face-down cards, numbered from 0"],
    "ar": ["معك كرت واحد غير مكشوف، ورقمه 0",
           "معك كرتان غير مكشوفين، وترقيمهما يبدأ من 0",
           "معك 3 كروت غير مكشوفة، وترقيمها يبدأ من 0",
           "معك 11 كرتاً غير مكشوف، وترقيمها يبدأ من 0"],
}


@pytest.mark.parametrize("lang", sorted(FACE_DOWN))
def test_shitheads_face_down_cards_agree_with_their_number(lang: str) -> None:
    said = [told(shd.NO_SUCH_CARD.at(count=n).error(0), "shithead", lang) for n in COUNTS]
    assert said == FACE_DOWN[lang]


def test_a_real_blind_play_past_the_last_card_is_told_counted() -> None:
    """The row the game raises (SHD-10), with the count the seat really has."""
    s = game(seat("Q♣ 6♦ 6♥", "4♣ 4♦ 4♥", "A♣ A♦ A♥"), seat("7♣ 7♦ 7♥", "8♣ 8♥ 8♠", "2♠ 6♠ Q♦"))
    apply_all(s, "0:play Ac,Ad,Ah", "1:play 2s", "0:play 4c,4d,4h", "1:play 6s")
    error = refused(s, "0:blind 3")
    assert (error.code, error.ruling, error.values) == ("no_such_card", "SHD-10", {"count": 3})
    assert str(error) == "you have 3 face-down cards, numbered from 0 [no_such_card; ruling SHD-10]"
    assert told(error, "shithead", "ar") == FACE_DOWN["ar"][2]


# -- Phase 10: the parts of a phase (P10-41) and a group's size (P10-42) --------------------
PARTS = {
    "en": ["your phase is phase 2: set of {n} + run of {n} + colour of {n}"],
    "ar": ["مرحلتك هي المرحلة 2: مجموعة من بطاقة واحدة + تسلسل من بطاقة واحدة + "
           "بطاقة واحدة بلون واحد",
           "مرحلتك هي المرحلة 2: مجموعة من بطاقتين + تسلسل من بطاقتين + بطاقتان بلون واحد",
           "مرحلتك هي المرحلة 2: مجموعة من 3 بطاقات + تسلسل من 3 بطاقات + 3 بطاقات بلون واحد",
           "مرحلتك هي المرحلة 2: مجموعة من 11 بطاقةً + تسلسل من 11 بطاقةً + "
           "11 بطاقةً بلون واحد"],
    "da": ["din fase er fase 2: sæt af {n} + løb på {n} + {n} kort i én farve"],
}


@pytest.mark.parametrize("lang", sorted(PARTS))
def test_phase10s_parts_of_a_phase_agree_with_their_number(lang: str) -> None:
    """As :func:`~tablegames.phase10.refusals.phase_named` joins them (a run of 1 is no
    phase, runs start at 2, but the phrase is told for any count)."""
    def name(n: int) -> Phrase:
        parts = Phrase.joined(" + ", (part.at(n=n) for part in p10.PARTS))
        return p10.NUMBERED_PHASE.at(number=2, parts=parts)

    said = [told(p10.WRONG_PHASE.at(name=name(n)).error(0), "phase10", lang) for n in COUNTS]
    assert p10.phase_named("set3+run3+colour3", 2) == name(3)
    want = PARTS[lang]
    assert said == ([want[0].format(n=n) for n in COUNTS] if len(want) == 1 else want)


TOO_SMALL = {
    "en": ["set3=R3 has fewer than 1 card", "set3=R3 has fewer than 2 cards",
           "set3=R3 has fewer than 3 cards", "set3=R3 has fewer than 11 cards"],
    "ar": ["في set3=R3 أقل من بطاقة واحدة", "في set3=R3 أقل من بطاقتين",
           "في set3=R3 أقل من 3 بطاقات", "في set3=R3 أقل من 11 بطاقةً"],
    "da": [f"set3=R3 har færre end {n} kort" for n in COUNTS],
}


@pytest.mark.parametrize("lang", sorted(TOO_SMALL))
def test_phase10s_group_too_small_agrees_with_its_number(lang: str) -> None:
    said = [told(p10.GROUP_TOO_SMALL.at(group="set3=R3", size=n).error(0), "phase10", lang)
            for n in COUNTS]
    assert said == TOO_SMALL[lang]


# -- Toepen: the lives a knock would put past the limit (TOE-55) ----------------------------
_RAISE = {"en": ", so you may not raise the stake to 2",
          "ar": "، فلا يجوز لك أن ترفع قيمة الجولة إلى 2",
          "nl": ", dus je mag de inzet niet verhogen naar 2"}
LIVES = {
    "en": ["you have lost 1 life", "you have lost 2 of your lives",
           "you have lost 3 of your lives", "you have lost 11 of your lives"],
    "ar": ["خسرت روحاً واحدة", "خسرت روحين", "خسرت 3 أرواح", "خسرت 11 روحاً"],
    "nl": ["je bent 1 leven kwijt", "je bent 2 levens kwijt",
           "je bent 3 levens kwijt", "je bent 11 levens kwijt"],
}


@pytest.mark.parametrize("lang", sorted(LIVES))
def test_toepens_lost_lives_agree_with_their_number(lang: str) -> None:
    """Toepen fills the lives in when ``apply`` raises (its ``words``), as here."""
    said = [told(toe.KNOCK_LIMIT.at().error(0, {"lives": n, "raised": 2}), "toepen", lang)
            for n in COUNTS]
    assert said == [start + _RAISE[lang] for start in LIVES[lang]]


@pytest.mark.parametrize("lives", [9, 14])
def test_a_real_knock_past_the_limit_is_told_counted(lives: int) -> None:
    """The knock the game refuses (TOE-55), at a limit of 10 and of 15."""
    state = toepen.new_game(players=2, seed=1, lives=[lives, 0],
                            rules={"poverty": False, "limit": 10 if lives < 10 else 15})
    apply_all(state, "0:keep", "1:keep")
    error = refused(state, "0:knock")
    assert (error.code, error.ruling) == ("knock_limit", "TOE-55")
    assert error.message == f"you have lost {lives} of your lives" + _RAISE["en"]
    many = "أرواح" if lives <= 10 else "روحاً"
    assert told(error, "toepen", "ar") == f"خسرت {lives} {many}" + _RAISE["ar"]
    assert told(error, "toepen", "nl") == f"je bent {lives} levens kwijt" + _RAISE["nl"]


# -- the mechanism ---------------------------------------------------------------------------
def test_a_counted_refusal_takes_the_form_the_catalogues_rule_picks() -> None:
    """From a catalogue made here: each of Arabic's six forms is picked by its number, and
    a form left untranslated, or a count that is no number, gives the English whole."""
    row = Refusal("no_such_card", "SHD-10", "{count} card", plural="{count} cards",
                  count_field="count")
    assert check_table({"ROW": row}, {"SHD-10"}) == []
    forms = ("صفر {count}", "واحد", "اثنان", "قليل {count}", "كثير {count}", "آخر {count}")
    w = words_with("ar", "shithead", {})

    def book(said: tuple[str, ...]) -> gettext.GNUTranslations:
        cat = Catalog(locale="ar")
        cat.add((row.template, row.plural or ""), said)
        buf = io.BytesIO()
        write_mo(buf, cat)
        buf.seek(0)
        return gettext.GNUTranslations(buf)

    w.refusals = book(forms)
    said = [refusal_text(row.at(count=n).error(0), w) for n in (0, 1, 2, 3, 10, 11, 99, 100)]
    assert said == ["صفر 0", "واحد", "اثنان", "قليل 3", "قليل 10", "كثير 11", "كثير 99",
                    "آخر 100"]
    w.refusals = book(("", "", "", "", "", ""))
    assert refusal_text(row.at(count=3).error(0), w) == "3 cards"
    w.refusals = book(forms)
    assert refusal_text(row.at(count="3").error(0), w) == "3 card"  # no number: no form
    # a plural that does not say its count is a fault of the table
    bad = Refusal("no_such_card", "SHD-10", "{count} card", plural="cards", count_field="count")
    assert check_table({"BAD": bad}, {"SHD-10"}) == ["BAD: the plural 'cards' does not say 'count'"]


def test_a_counted_phrase_keeps_its_forms_when_copied() -> None:
    part = p10.PARTS[0].at(n=2)
    assert (part, part.template, part.plural, part.count_field) == (
        "set of 2", "set of {n}", "set of {n}", "n")
    cards = Phrase.counted("{n} card", "{n} cards").at(n=1)
    for again in (copy.deepcopy(cards), pickle.loads(pickle.dumps(cards))):
        assert (again, again.plural, dict(again.values)) == ("1 card", "{n} cards", {"n": 1})
