"""Why a move is refused, told in the table's language: the ``<game>_refusals`` catalogues.

Every refusal comes from a row of its game's table (``tablegames.<game>.refusals``); the
error carries the row's English template and the values it was filled with, and
:func:`tablegames.table.refusal_text` tells it from the game's refusals catalogue, whose
ids are the table's templates and the phrases its refusals fill in (words that are no
name, card or number: a stage, "nobody", a kind of group). Translations here are made in
the test (a catalogue built in memory and put on a ``Words``), so these tests do not
wait for the translators; only
:func:`test_every_refusal_is_translated_in_the_games_languages` does.
"""

from __future__ import annotations

import asyncio
import gettext
import io
import string
import tempfile
from collections.abc import Iterator, Mapping
from pathlib import Path
from typing import Any

import pytest
from babel.messages.catalog import Catalog
from babel.messages.mofile import write_mo
from babel.messages.pofile import read_po

import tablegames
from tablegames.common.errors import GameOver, IllegalAction, NotationError
from tablegames.common.refusals import Phrase, Refusal
from tablegames.table import refusal_text
from tablegames.table.catalogues import DOMAIN_LANGS, LOCALE, refusal_ids, refusals_module
from tablegames.table.i18n import FSI, PDI, Words, catalogue, langs_of, words_for
from tablegames.toepen.refusals import STAGE_WORDS
from tablegames.toepen.stages import EXCHANGE

GAMES = ["toepen", "phase10", "shithead", "dallah"]


def translated(lang: str, pairs: Mapping[Any, str]) -> gettext.GNUTranslations:
    """A catalogue of ``pairs`` (English -> ``lang``), as gettext reads a real one; a
    counted id (``(singular, plural)``) has ``said`` as each of the language's forms."""
    cat = Catalog(locale=lang)
    for english, said in pairs.items():
        cat.add(english, said if isinstance(english, str) else (said,) * cat.num_plurals)
    buf = io.BytesIO()
    write_mo(buf, cat)
    buf.seek(0)
    return gettext.GNUTranslations(buf)


def words_with(lang: str, game: str, pairs: Mapping[Any, str], *,
               isolate: bool = False) -> Words:
    """A fresh ``Words`` of ``game`` in ``lang`` whose refusals catalogue is ``pairs``."""
    w = Words(lang, game, isolate=isolate)
    w.refusals = translated(lang, pairs)
    return w


def refused(state: Any, action: str) -> IllegalAction:
    """The refusal ``state`` gives ``action``; the state does not change."""
    before = state.to_json()
    with pytest.raises(IllegalAction) as info:
        state.apply(action)
    assert state.to_json() == before
    return info.value


def fields(text: str) -> set[str]:
    """The ``{fields}`` a template names."""
    return {f for _, f, _, _ in string.Formatter().parse(text) if f is not None}


def phrases_in(value: object) -> Iterator[Phrase]:
    """Every phrase in a value, the phrases inside it too."""
    if isinstance(value, Phrase):
        yield value
        for v in (*value.values.values(), *value.parts):
            yield from phrases_in(v)


# -- the catalogues ----------------------------------------------------------------------
@pytest.mark.parametrize("game", GAMES)
def test_every_template_and_phrase_is_an_id_of_the_games_refusals_catalogue(game: str) -> None:
    """Read from the table itself: each row's template and each phrase of the module; the
    catalogue of every language the game is offered in holds exactly those ids."""
    module = refusals_module(game)
    assert module is not None
    ids = refusal_ids(game)
    assert {(row.template, row.plural) for row in module.TABLE.values()} <= ids
    assert module.PHRASES and {(p.template, p.plural) for p in module.PHRASES.values()} <= ids
    assert DOMAIN_LANGS[f"{game}_refusals"] == langs_of(game)
    for lang in langs_of(game):
        path = LOCALE / lang / "LC_MESSAGES" / f"{game}_refusals.po"
        with path.open("rb") as f:  # a counted id with its plural form, as the table has it
            held = {(m.id, None) if isinstance(m.id, str) else (m.id[0], m.id[1])
                    for m in read_po(f) if m.id}
        assert held == ids, (game, lang, held ^ ids)


@pytest.mark.parametrize("game", GAMES)
def test_every_refusal_is_translated_in_the_games_languages(game: str) -> None:
    """The translators' test: fails until every template and phrase of the game's
    refusals has a translation in each of its languages (English is the ids)."""
    for lang in langs_of(game):
        if lang == "en":
            continue
        book = catalogue(lang, f"{game}_refusals")
        known = getattr(book, "_catalog", {})
        forms = Catalog(locale=lang).num_plurals  # a counted id: each of them (Arabic's six)
        untold = sorted(text for text, plural in refusal_ids(game)
                        if not (known.get(text) if plural is None
                                else all(known.get((text, i)) for i in range(forms))))
        assert untold == [], (game, lang, len(untold))


def field_faults(pairs: Mapping[str, str], counts: Mapping[str, str] | None = None) -> list[str]:
    """Each translation that does not name exactly its template's fields (a dropped or an
    invented one), or is no template at all. A form of a counted template (``counts``:
    the name of the value that counts, by template) may leave its count out: Arabic's
    "one" and "two" say the number in the noun ("كرتان")."""
    faults = []
    for english, said in pairs.items():
        count = (counts or {}).get(english)
        try:
            ok = fields(said) == fields(english) or (
                count is not None and fields(said) == fields(english) - {count})
        except ValueError:  # a stray brace
            ok = False
        if said and not ok:
            faults.append(f"{english!r} -> {said!r}")
    return faults


@pytest.mark.parametrize("game", GAMES)
def test_every_translation_keeps_its_templates_fields(game: str) -> None:
    """A translator can neither drop a field (the sentence would lose the name it must
    say) nor invent one (it would never be filled), in any ``.po`` of the domain."""
    turn = "it is {to_act}'s turn"
    assert field_faults({turn: "{to_act} is aan de beurt"}) == []
    assert field_faults({turn: "je bent niet aan de beurt"})  # dropped
    assert field_faults({turn: "{to_act} of {player} is aan de beurt"})  # invented
    assert field_faults({turn: "{to_act is aan de beurt"})  # no template
    cards = "you have {count} card"
    assert field_faults({cards: "معك كرتان"}, {cards: "count"}) == []  # the count, said
    assert field_faults({cards: "معك كرتان"})  # an uncounted template's field dropped
    domain = f"{game}_refusals"
    module = refusals_module(game)
    assert module is not None
    counts = {x.template: x.count_field for x in (*module.TABLE.values(), *module.PHRASES.values())
              if x.plural is not None}
    assert DOMAIN_LANGS[domain] == langs_of(game)
    for lang in DOMAIN_LANGS[domain]:
        path = LOCALE / lang / "LC_MESSAGES" / f"{domain}.po"
        with path.open("rb") as f:
            messages = [m for m in read_po(f) if m.id]
        pairs = {m.id: m.string for m in messages if isinstance(m.id, str)}
        assert pairs, (domain, lang)
        assert field_faults(pairs) == [], (domain, lang)
        for m in messages:  # each form of a counted template, against its singular
            if not isinstance(m.id, str):
                for said in m.string:
                    assert field_faults({m.id[0]: said}, counts) == [], (domain, lang)


# -- the error carries what a translation needs ------------------------------------------
def test_a_refusal_carries_its_template_and_a_fresh_dict_of_its_values() -> None:
    state = tablegames.new_game("toepen", players=3, seed=4)
    before = state.to_json()
    error = refused(state, "1:keep")  # P0 decides first (TOE-03)
    assert error.template == "it is {to_act}'s decision, not {player}'s"
    assert error.values["to_act"] == "P0" and error.values["player"] == "P1"
    assert error.template.format_map(error.values) == error.message
    assert str(error) == "it is P0's decision, not P1's [out_of_turn; ruling TOE-03]"
    error.values.clear()
    error.values["to_act"] = "nobody at all"
    again = refused(state, "1:keep")
    assert again.values is not error.values and again.values["to_act"] == "P0"
    assert state.to_json() == before
    # a row with nothing to quote shares one read-only answer: its error's dict is fresh
    row = Refusal("must_play", "SHD-08", "you can play a card, so you may not pick up")
    first = row.at().error(0)
    first.values["x"] = 1
    assert row.at().error(0).values == {} and dict(row.plain.values) == {}


def test_an_error_without_a_row_has_no_template() -> None:
    error = GameOver("the game is over", code="game_over", ruling="TOE-23")
    assert error.template is None and error.values == {}
    assert refusal_text(error, words_with("nl", "toepen", {})) == error.message
    assert refusal_text(error, words_for("en", "toepen"), tagged=True) == str(error)
    bad = NotationError("cannot read 'dance'")
    assert refusal_text(bad, words_for("nl", "toepen")) == str(bad)


# -- told in the table's language --------------------------------------------------------
TOEPEN_NL = {
    "'{verb}' is not possible now: {stage}": "'{verb}' gaat nu niet: {stage}",
    str(STAGE_WORDS[EXCHANGE]): "er wordt nog geruild",
    "it is {to_act}'s decision, not {player}'s": "{to_act} beslist nu, niet {player}",
}


def test_a_refusal_is_told_in_the_tables_language_with_its_words_translated() -> None:
    state = tablegames.new_game("toepen", players=3, seed=4)
    error = refused(state, "0:play Th")
    assert error.message == "'play' is not possible now: everyone is still keeping or throwing in their hand"
    assert isinstance(error.values["stage"], Phrase)
    w = words_with("nl", "toepen", TOEPEN_NL)
    assert refusal_text(error, w) == "'play' gaat nu niet: er wordt nog geruild"
    assert refusal_text(error, w, tagged=True) == (
        "'play' gaat nu niet: er wordt nog geruild [wrong_phase; ruling TOE-56]")
    # names stay as they are; a right-to-left table isolates each value
    turn = refused(state, "1:keep")
    assert refusal_text(turn, w) == "P0 beslist nu, niet P1"
    ar = words_with("ar", "toepen", {turn.template or "": "القرار لـ {to_act} لا لـ {player}"},
                    isolate=True)
    assert refusal_text(turn, ar) == f"القرار لـ {FSI}P0{PDI} لا لـ {FSI}P1{PDI}"


def test_an_untranslated_template_or_word_is_told_in_english_whole() -> None:
    """A reworded template (or a new phrase) shows in English until it is translated:
    never a Dutch sentence with an English word inside."""
    state = tablegames.new_game("toepen", players=3, seed=4)
    error = refused(state, "0:play Th")
    assert refusal_text(error, words_with("nl", "toepen", {})) == error.message  # none
    no_word = {k: v for k, v in TOEPEN_NL.items() if k != str(STAGE_WORDS[EXCHANGE])}
    assert refusal_text(error, words_with("nl", "toepen", no_word)) == error.message
    broken = {**TOEPEN_NL, error.template or "": "kan nu niet: {fase}"}  # a bad field
    assert refusal_text(error, words_with("nl", "toepen", broken)) == error.message


def everything(game: str, lang: str) -> Words:
    """``game``'s words in ``lang`` with every refusal id "translated" to itself in
    capitals (fields kept), so a lower-case English word left in a told sentence shows."""
    def shout(text: str) -> str:
        return "".join(lit.upper() + ("{" + f + "}" if f is not None else "")
                       for lit, f, _, _ in string.Formatter().parse(text))
    return words_with(lang, game, {t if p is None else (t, p): shout(t)
                                   for t, p in refusal_ids(game)})


def test_phase10s_kinds_and_phase_names_are_words_of_the_catalogue() -> None:
    state = tablegames.new_game("phase10", players=2, seed=3)
    seat = state.to_act
    state.apply(f"{seat}:draw")
    error = refused(state, f"{seat}:lay run1-4=R1,B2,G3,Y4")  # phase 1 is two sets
    assert error.code == "wrong_phase" and "phase 1: set of 3 + set of 3" in error.message
    ids = {t for t, _ in refusal_ids("phase10")}
    assert all(p.template in ids for v in error.values.values() for p in phrases_in(v)
               if p.template)
    told = refusal_text(error, everything("phase10", "da"))
    assert told == "YOUR PHASE IS PHASE 1: SET OF 3 + SET OF 3", told


def test_shitheads_actions_and_restrictions_are_words_of_the_catalogue() -> None:
    state = tablegames.new_game("shithead", players=3, seed=2)
    seat = state.to_act
    error = refused(state, f"{seat}:pickup")  # the round is at the swap
    assert isinstance(error.values["what"], Phrase)
    assert refusal_text(error, everything("shithead", "ar")) == error.message.upper()
    table = state.table
    said = [s for s in table.said if s is not None]
    assert said and all(isinstance(s, Phrase) for s in said)
    assert [str(s) for s in said] == [w for w in table.words if w is not None]


def test_dallahs_waiting_prompt_is_told_in_the_tables_language() -> None:
    from tablegames.dallah.prompts import prompt_for

    state = tablegames.new_game("dallah", players=3, seed=5)
    seat = state.to_act
    error = refused(state, f"{seat}:roll")  # the turn starts with the draw
    waiting = error.values["waiting"]
    assert isinstance(waiting, Phrase) and waiting == prompt_for(state, seat, "en")
    w = everything("dallah", "ar")
    told = refusal_text(error, w)
    assert told == f"'roll' IS NOT POSSIBLE NOW: {prompt_for(state, seat, 'ar')}", told


# -- the front ends ----------------------------------------------------------------------
def test_the_terminal_says_a_refusal_in_dutch_once_it_is_translated(
        monkeypatch: pytest.MonkeyPatch) -> None:
    from tablegames.cli import main

    def play() -> str:
        out = io.StringIO()
        code = main(["play", "toepen", "--players", "3", "--seed", "4", "--pace", "0",
                     "--lang", "nl"], out=out, inp=io.StringIO("0:play Th\nq\n"))
        assert code == 0
        return " ".join(out.getvalue().split())  # as one line: the screen wraps long ones

    english = "'play' is not possible now: everyone is still keeping or throwing in their hand"
    dutch = "'play' kan nu niet: iedereen beslist nog of hij zijn kaarten houdt of inlevert"
    shipped = play()  # the Dutch catalogue the package ships
    assert f"{dutch} (regel TOE-56; ? legt hem uit)" in shipped and english not in shipped
    monkeypatch.setattr(words_for("nl", "toepen"), "refusals", translated("nl", {}))
    before = play()
    assert english in before and dutch not in before  # untranslated: the English, whole
    monkeypatch.setattr(words_for("nl", "toepen"), "refusals", translated("nl", TOEPEN_NL))
    after = play()
    assert "'play' gaat nu niet: er wordt nog geruild (regel TOE-56; ? legt hem uit)" \
        in after and english not in after and "wrong_phase" not in after


@pytest.mark.parametrize(("lang", "said"), [
    ("nl", "Niet gespeeld: 'frobnicate' is geen zet. Typ een nummer uit de lijst, een zet "
           "zoals de lijst hem noemt, of het woord van de zet in de notatie (Engels): keep, "
           "exchange."),
    ("ar", "'frobnicate' ليست حركة. اكتب رقماً من القائمة، أو الحركة كما تكتبها القائمة، أو "
           "كلمتها في الترميز (بالحروف اللاتينية): keep، exchange."),
    ("en", "Not played: 'frobnicate' is no move. Type a number from the list, a move as the "
           "list words it, or the move's word in the notation: keep, exchange."),
])
def test_the_terminal_says_typed_text_is_no_move_in_the_tables_language(
        lang: str, said: str) -> None:
    """A notation error has no catalogue (each game's reader words it in English): the
    terminal says in the table's language that the text is no move and which words may
    be typed now (the verbs of the seat's moves), never the reader's internal detail
    ("unknown toepen verb ..."; found by helper-106)."""
    from tablegames.cli import main

    out = io.StringIO()
    code = main(["play", "toepen", "--players", "3", "--seed", "4", "--pace", "0",
                 "--lang", lang], out=out, inp=io.StringIO("0:frobnicate\nq\n"))
    shown = " ".join(out.getvalue().split())
    assert code == 0 and said in shown
    assert "unknown toepen verb" not in shown and "0:frobnicate" not in shown


def test_the_terminal_quotes_typed_text_cut_short_and_escaped() -> None:
    """A pasted line was said back whole inside the sentence, a control character and
    all (an escape sequence acted on the screen): it is now cut to 40 characters with an
    ellipsis, each character that does not print shown as its escape."""
    from tablegames.cli import main

    out = io.StringIO()
    main(["play", "toepen", "--players", "3", "--seed", "4", "--pace", "0", "--lang", "nl"],
         out=out, inp=io.StringIO("0:\x1b[2J" + "z" * 100 + "\nq\n"))
    shown = " ".join(out.getvalue().split())
    assert "Niet gespeeld: '\\x1b[2j" + "z" * 36 + "…' is geen zet." in shown
    assert "\x1b" not in out.getvalue() and "z" * 37 not in shown


def test_the_phones_detail_is_in_the_phones_language(monkeypatch: pytest.MonkeyPatch) -> None:
    """A real hub over a real SQLite file: the same refused tap is told to a Dutch phone
    in Dutch (once translated), to an English phone in English, and to a Danish phone of
    Toepen (a game without Danish) in English, as its table is drawn."""
    from tablegames.server.page import words_of
    from tablegames.server.rooms import ClientError, Conn, error_message
    from tests.server.helpers import started_room

    monkeypatch.setattr(words_of("toepen", "nl"), "refusals", translated("nl", TOEPEN_NL))
    with tempfile.TemporaryDirectory() as folder:
        hub, room = started_room(Path(folder), "toepen", 3, 4)
        try:
            conn = Conn(0, lang="nl")
            hub.attach(room, conn)
            before = room.state.to_json()
            message = {"type": "act", "action": "0:play Th", "expect": room.state.version}
            with pytest.raises(ClientError) as info:
                asyncio.run(hub.handle(room, conn, message))
            assert room.state.to_json() == before
            exc = info.value
            said = {lang: error_message(exc, lang, room.state.version)
                    for lang in ("nl", "en", "da")}
        finally:
            hub.store.close()
    assert said["nl"]["detail"] == "'play' gaat nu niet: er wordt nog geruild"
    assert said["nl"]["code"] == "wrong_phase" and said["nl"]["ruling"] == "TOE-56"
    english = "'play' is not possible now: everyone is still keeping or throwing in their hand"
    assert said["en"]["detail"] == english and said["da"]["detail"] == english
