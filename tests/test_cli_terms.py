"""The command's words added in session 56 use the terms its catalogues had already
established, so a player reads one word for one thing (helper-196's translator's read):
the games' Arabic names in the Arabic help, Ray's "head node" as the address forms say
it, and Danish "regel" for a ruling, as the terminal game's Danish says it
("(regel P10-40; ? forklarer den)")."""

from __future__ import annotations

import pytest

from tablegames.cliwords import CliWords
from tablegames.runner import ADDRESS_FORMS, RAY_HELP
from tablegames.table.i18n import catalogue

RULINGS_LANG_HELP = ("language of the rulings' words and of this command's help and messages "
                     "(en, ar; nl for Toepen, da for Phase 10; a game whose rulings are not "
                     "written in that language is shown in English; default: en)")
NO_CONNECT = ("Ray could not connect to the cluster at {address} (Ray said: {said}); check "
              "that it runs (`ray status` on its head node) and that the address is right.")


def test_arabic_rulings_help_names_the_games_as_play_help_does() -> None:
    said = CliWords("ar").gettext(RULINGS_LANG_HELP)
    assert said != RULINGS_LANG_HELP
    assert "nl لتوبن" in said and "da لفيز 10" in said
    assert "Toepen" not in said and "Phase 10" not in said


def test_arabic_head_node_is_the_address_forms_term() -> None:
    w = CliWords("ar")
    assert "عقدة رأس" in w.gettext(ADDRESS_FORMS)  # the term already established
    said = w.gettext(NO_CONNECT)
    assert said != NO_CONNECT and "عقدة الرأس" in said and "الرئيسة" not in said


def test_arabic_ray_help_says_a_busy_machine_may_not_make_the_deadline() -> None:
    said = CliWords("ar").gettext(RAY_HELP)
    assert said != RAY_HELP and "تفوت" not in said and "لا يلحق بها جهاز مشغول" in said


@pytest.mark.parametrize("msgid", [
    "the rulings of {game} are not written in this language: they are shown in English",
    "no ruling {id} in {game} (tablegames rulings {game} lists them)",
    "a ruling ID such as TOE-51 (default: list them all)",
    "print a ruling's text and decision",
    RULINGS_LANG_HELP,
])
def test_danish_says_regel_for_a_ruling(msgid: str) -> None:
    # the terminal game's Danish, which the rulings' IDs come from
    assert "(regel {ruling};" in catalogue("da", "tablegames").gettext(
        "Not played: {reason} (rule {ruling}; ? explains it)")
    said = CliWords("da").gettext(msgid)
    assert said != msgid and ("regel" in said or "regl" in said) and "afgørelse" not in said
