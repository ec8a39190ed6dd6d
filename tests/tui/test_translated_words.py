"""A translator's review of the words added since the terminal game's audit (words43): what
a player reads in Arabic, Dutch and Danish, each sentence taken from the game as it shows it."""

from __future__ import annotations

import json
import re
from typing import Any

import pytest

import tablegames
from tablegames.table import describe, present
from tablegames.table.i18n import localize, words_for
from tablegames.testing import apply_all
from tests.tui.test_terminal_words import strings


def toepen_after_the_first_trick() -> Any:
    """A two-seat Toepen hand with its first trick won and the second not begun."""
    state = tablegames.new_game("toepen", players=2, seed=1)
    apply_all(state, "0:keep", "1:keep")
    while state.view(None)["trick_no"] == 0 or state.view(None)["trick"]:
        seat = state.to_act
        apply_all(state, str(next(a for a in state.legal_actions(seat) if ":play" in str(a))))
    return state


@pytest.mark.parametrize(("lang", "last"), [("ar", "الأكلة الأخيرة"), ("nl", "Laatste slag")],
                         ids=["ar", "nl"])
def test_the_trick_just_won_is_not_called_the_last_trick(lang: str, last: str) -> None:
    """Between tricks the table shows the one just won ("Last trick, won by P0"). In Toepen
    "the last trick" is the fourth, the only one that counts (TOE-13: الأكلة الأخيرة,
    de laatste slag), so after the first trick the label says the previous one."""
    view = toepen_after_the_first_trick().view(0)
    assert view["trick_no"] == 1 and len(view["tricks"]) == 1
    labels = [a["label"] for a in localize(present(view), words_for(lang, "toepen"))["centre"]]
    shown = next(label for label in labels if "P0" in label or "P1" in label)
    assert last not in shown, shown
    # the rules still call the fourth trick the last one
    assert last.lower() in strings(lang, "toepen_rulings")[
        "Only the last trick counts"].lower()


def test_phase10_arabic_names_a_phases_cards_as_the_rest_of_phase10_does() -> None:
    """Phase 10's Arabic says بطاقة for a card (its rulings, refusals, prompts); the phase
    a seat works on said أوراق ("مجموعة من 3 أوراق"), its refusal بطاقات."""
    state = tablegames.new_game("phase10", players=3, seed=1)
    shown = json.dumps(localize(present(state.view(0)), words_for("ar", "phase10")),
                       ensure_ascii=False)
    assert "المرحلة 1: مجموعة من 3 بطاقات + مجموعة من 3 بطاقات" in shown
    assert not re.search(r"ورق|أوراق", shown), shown
    w = words_for("ar", "phase10")
    refusals = strings("ar", "phase10_refusals")
    for mid in ("run of {n}", "set of {n}"):
        forms = refusals[(mid, mid)]
        for n, form in ((1, 1), (2, 2), (3, 3), (11, 4), (100, 5)):
            assert w.n(mid, mid, n) == forms[form].format(n=n), (mid, n)


def test_dallah_arabic_two_others_swapping_piles_both_swap() -> None:
    """"P1 and P2 swap piles", told to P0, said "P1 swaps the pile with P2"; the seat's own
    swaps say "his/your pile" (كومته، كومتك): two others swap their two piles."""
    view = tablegames.new_game("dallah", players=3, seed=1).view(0)
    said = words_for("ar", "dallah").text(describe(
        {"kind": "pile_action", "card": "pass_it",
         "moves": [{"from": 1, "to": 2, "cups": "pile"}]}, view))
    assert re.search(r"يتبادل\W*P1\W*و\W*P2\W*كومتيهما", said), said


def test_dutch_long_list_hint_says_it_for_one_way_and_them_for_more() -> None:
    """Dutch: one way is "hem", more are "ze"; both lines of the menu say "zien"."""
    w = words_for("nl", "toepen")
    one = w.n("    {verb}: {n} way; type '{verb}' and a word of the move, such as '{example}', "
              "to list them", "    {verb}: {n} ways; type '{verb}' and a word of the move, "
              "such as '{example}', to list them", 1, verb="play", example="play 7h")
    many = w.n("    {verb}: {n} way; type '{verb}' and a word of the move, such as '{example}', "
               "to list them", "    {verb}: {n} ways; type '{verb}' and a word of the move, "
               "such as '{example}', to list them", 9, verb="play", example="play 7h")
    assert one.endswith("om hem te zien") and many.endswith("om ze te zien"), (one, many)


def test_toepen_dutch_lost_lives_says_levens_as_the_catalogue_does() -> None:
    """The counted knock refusal (TOE-55) says "{n} levens kwijt" like the seat's own
    line ("{n} lives lost"), not the English "of your lives"."""
    refusal = strings("nl", "toepen_refusals")[
        ("you have lost {lives} life, so you may not raise the stake to {raised}",
         "you have lost {lives} of your lives, so you may not raise the stake to {raised}")]
    seat_line = strings("nl", "toepen")[("{n} life lost", "{n} lives lost")]
    assert seat_line[1].format(n=3) in refusal[1].format(lives=3, raised=4)
    assert "van je levens" not in refusal[1]


def test_danish_unknown_word_refusals_say_not_a_move_alike() -> None:
    """Both refusals of a word that is no move say "er ikke et træk", and the list's words
    are said to be the notation's, in English ("trækkets ord i notationen (engelsk)")."""
    da = strings("da", "tablegames")
    none = da["Not played: '{typed}' is no move, and you have none to make now."]
    some = da["Not played: '{typed}' is no move. Type a number from the list, a move as the "
              "list words it, or the move's word in the notation: {words}."]
    assert "'{typed}' er ikke et træk" in none and "'{typed}' er ikke et træk" in some
    assert "trækkets ord i notationen (engelsk): {words}" in some


#: The shared catalogue's counted card phrase and the terminal's swap-menu line, as a
#: table in each game shows them.
_CARDS = ("({n} card)", "({n} cards)")
_MORE = ("    {verb}: {n} more way with more cards; type '{verb}' and a card to list it",
         "    {verb}: {n} more ways with more cards; type '{verb}' and a card to list them")


@pytest.mark.parametrize(("game", "word"), [("toepen", "بطاق"), ("phase10", "بطاق"),
                                            ("dallah", "بطاق"), ("shithead", "كر")])
def test_arabic_names_cards_with_each_games_own_word(game: str, word: str) -> None:
    """Toepen, Phase 10 and Dallah say بطاقة for a card, Shithead كرت; the shared
    catalogue said ورقة, so "(3 أوراق)" stood beside "بطاقات" on one screen (found by
    helper-111). The shared words now say بطاقة, and Shithead words them again in its own
    catalogue (``shithead.present.OWN_WORDS``), the swap menu's line too."""
    w = words_for("ar", game)
    for n in (1, 2, 3, 11):
        for said in (w.n(*_CARDS, n), w.n(*_MORE, n, verb="swap")):
            assert word in said and not re.search(r"ورق|أوراق", said), (game, n, said)
