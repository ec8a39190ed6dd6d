"""``BotFailed``'s paragraph in each language of the command (helper-232): no English
word is left in a Dutch, Danish or Arabic line of it. The ``made`` lines of nl and da
kept "factory" (helper-228); the scan here reads every code's line as the command
builds it from the error's fields (``cli._bot_failed``), so a line added in English
to a catalogue shows up.

Words a line may keep: the fields' own values (the bot's name, its exception's words,
its answer, numbers), Python's names (``None``, ``handle.legal_actions()``), and the
words the project writes in every language: "bot", "seed" (the ``--seed`` the person
typed, as tablegames.po says it) and "traceback" (Python's own word, printed under
it), and "s" for seconds."""

from __future__ import annotations

import re

import pytest

from tablegames.cli import BOT_DID, BOT_MADE_NONE, _bot_failed
from tablegames.cliwords import CliWords
from tablegames.common.errors import BOT_FAILURES, BotFailed

#: Words any language's line may keep (see the module's docstring).
KEPT = {"bot", "seed", "traceback", "s", "None", "handle", "legal_actions"}
#: Words of a Dutch or Danish line that are English words too, with another meaning there.
SAME_SPELLING = {"nl": {"in", "is", "object"}, "da": {"i", "for"}, "ar": set()}
#: The fields' values, taken out of a line before it is read.
BOT, CAUSE, ANSWER = "zz_mybot", "ValueError: zz_boom", "'0:zz_keep'"


def failure(code: str, *, cause: bool = True, lineup_check: bool = False,
            in_run: bool = False) -> BotFailed:
    """A refusal of ``code`` with fields whose values the scan takes out."""
    exc = BotFailed("said", code=code, bot=BOT, seat=1, asked="made" if code == "made" else "turn",
                    action=0 if code == "made" else 7, game_name="toepen",
                    seed=None if lineup_check else 41, lineup=(BOT, "random"),
                    cause=ValueError("zz_boom") if cause else None, answer=ANSWER,
                    time_limit=1.0 if code == "timed_out" else None,
                    seconds=1.25 if code == "timed_out" else None)
    return exc.in_run(3, 9) if in_run else exc


def english_left(line: str, lang: str) -> list[str]:
    """The words of ``line`` that are words of the English sentences it was built from."""
    english = {w for msg in [*BOT_DID.values(), BOT_MADE_NONE, "its turn", "an interrupt",
                             " (the game refused it: {cause})",
                             "{said}, when the lineup was checked before the games (bot seed 0)",
                             "{said}, in the game dealt from seed {seed}, after {actions} actions",
                             "{said}, in game {game} of the run with seed {run_seed} (the game "
                             "dealt from seed {seed}), after {actions} actions",
                             "The bot's traceback:"]
               for w in re.findall(r"[A-Za-z_]+", re.sub(r"\{\w+\}", "", msg))}
    for value in (BOT, CAUSE, ANSWER):
        line = line.replace(value, "")
    words = re.findall(r"[^\W\d]+", line)  # whole words: "returnér" is no "return"
    return [w for w in words if w in english and w not in KEPT | SAME_SPELLING[lang]]


def lines(lang: str) -> list[str]:
    """Every line of BotFailed's paragraph ``lang`` can show: each code, a factory that
    returned None, the lineup's check and the traceback's heading, and (Arabic: the
    language of ``arena`` and ``simulate`` too) a game of a run. Dutch and Danish are
    the languages of ``play`` only, where a failure is in one game, never in a run."""
    w = CliWords(lang)
    out = [_bot_failed(failure(code), w) for code in sorted(BOT_FAILURES)]
    out += [_bot_failed(failure("illegal"), w), _bot_failed(failure("made", cause=False), w),
            _bot_failed(failure("made", lineup_check=True), w), w("The bot's traceback:")]
    if lang == "ar":
        out += [_bot_failed(failure(code, in_run=True), w) for code in sorted(BOT_FAILURES)]
    return out


@pytest.mark.parametrize("lang", ["nl", "da", "ar"])
def test_no_english_word_is_left_in_a_bot_failure(lang: str) -> None:
    left = [(line, english_left(line, lang)) for line in lines(lang)]
    assert not [(line, words) for line, words in left if words]


@pytest.mark.parametrize(("lang", "raised", "returned"), [
    ("nl", "de bot 'zz_mybot' op plaats 1 kon niet gemaakt worden: zijn fabrieksfunctie gaf de "
           "fout ValueError: zz_boom",
     "de bot 'zz_mybot' op plaats 1 kon niet gemaakt worden: zijn fabrieksfunctie gaf None "
     "terug, geen bot"),
    ("da", "botten 'zz_mybot' på plads 1 kunne ikke laves: dens fabriksfunktion rejste "
           "ValueError: zz_boom",
     "botten 'zz_mybot' på plads 1 kunne ikke laves: dens fabriksfunktion returnerede None, "
     "ikke en bot"),
])
def test_a_factory_is_said_in_dutch_and_danish(lang: str, raised: str, returned: str) -> None:
    w = CliWords(lang)
    assert _bot_failed(failure("made"), w).startswith(raised + ",")
    assert _bot_failed(failure("made", cause=False), w).startswith(returned + ",")


def test_the_scan_finds_an_english_word() -> None:
    """The scan itself: the line as nl had it before helper-232 is caught."""
    assert english_left("de bot 'x' op plaats 1 kon niet gemaakt worden: zijn factory gaf "
                        "de fout", "nl") == ["factory"]
