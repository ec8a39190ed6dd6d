"""Single keys, the rulings of the moment (``?``), and the log without streams."""

from __future__ import annotations

import io

import pytest

import tablegames
from tablegames import dallah, shithead, toepen
from tablegames.table.i18n import words_for
from tablegames.tui.choices import choices
from tablegames.tui.helpscreen import bearing, card_glossary, help_text
from tablegames.tui.session import Options, Session, hotkeys


def test_hot_keys_are_first_letters_no_other_move_shares() -> None:
    options = choices(["0:play Th", "0:play 7s", "0:knock"], 0)
    assert hotkeys(options) == {"k": "0:knock"}  # "play" has arguments: typed, not a key
    assert hotkeys(choices(["0:fold", "0:stay"], 0)) == {"f": "0:fold", "s": "0:stay"}
    # two moves start with the same letter: neither is a key
    assert hotkeys(choices(["0:keep", "0:knock"], 0)) == {}
    assert hotkeys(choices(["0:quit", "0:draw"], 0)) == {"d": "0:draw"}  # q never plays


@pytest.mark.ruling("TOE-01")
def test_toepen_help_says_the_card_order_first() -> None:
    view = toepen.new_game(players=3, seed=1).view(0)
    ids = bearing("toepen", view)
    assert ids[0] == "TOE-01" and "TOE-21" in ids and "TOE-03" in ids  # the exchange stage
    text = "\n".join(help_text("toepen", view))
    assert "the ten is the highest card" in text and "the seven beats the ace" in text


@pytest.mark.ruling("SHD-05")
@pytest.mark.ruling("SHD-26")
def test_shithead_help_has_the_low_ace_and_the_transparent_card() -> None:
    view = shithead.new_game(players=3, seed=1).view(0)
    text = "\n".join(help_text("shithead", view))
    assert "Values run from 1 to 13" in text and "Transparent" in text


def test_a_refusal_puts_its_ruling_first() -> None:
    view = toepen.new_game(players=3, seed=1).view(0)
    assert bearing("toepen", view, refused="TOE-51")[0] == "TOE-51"


@pytest.mark.ruling("DAL-35")
def test_dallah_card_names_are_explained() -> None:
    state = dallah.new_game(players=3, seed=2)
    view = {**state.view(0), "card": {"id": "malek_shoghl"}, "hand": ["ma_ysir"]}
    lines = card_glossary(view, state.rules.cards, words_for("en", "dallah"))
    assert lines[0].startswith("Malek Shoghl: 1 cup goes from the biggest pile") and \
        lines[0].endswith("(DAL-35).")
    assert lines[1].startswith("Ma Ysir: ") and "(DAL-42)" in lines[1]


def test_help_text_has_no_markup() -> None:
    for game in ("toepen", "shithead", "phase10", "dallah"):
        text = "\n".join(help_text(game, tablegames.new_game(game, players=3, seed=1).view(0)))
        assert text and not any(m in text for m in ("```", "**", ">>>", ":caption:"))


def test_a_repeated_line_is_counted_not_streamed() -> None:
    session = Session(tablegames.GAMES["dallah"], Options(game="dallah", players=3, seed=4,
                                                          pace=0), io.StringIO(), io.StringIO())
    session._tell(0, [{"kind": "reroll"}] * 5)
    assert list(session.happened[0])[-1] == "The die is rolled again. (×5)"


def test_six_shithead_players_get_two_decks() -> None:
    session = Session(tablegames.GAMES["shithead"], Options(game="shithead", players=6,
                                                            pace=0), io.StringIO(),
                      io.StringIO())
    assert len(session.state.players) == 6 and session.state.rules.decks == 2
