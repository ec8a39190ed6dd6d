"""The ``tablegames`` command in the user's language (``--lang``, :mod:`tablegames.cliwords`).

Each kind of argparse usage error, in each language, is told in the ``cli`` catalogue's
words with the exit status English gives (``tests/test_cli_exits.py``); an Arabic error
holds no English word outside what was typed, the command's name and option names.
"""

from __future__ import annotations

import argparse
import io
import re

import pytest

from tablegames.cli import build_parser, main
from tablegames.cliwords import CliWords, argparse_words, lang_of

#: One usage error of each kind: (the arguments, the catalogue id it is told with).
KINDS = [
    (["play", "toepen", "--sead", "3"], "unrecognized arguments: %s"),
    (["play", "toepen", "--reports", "x"], "invalid choice: %(value)r (choose from %(choices)s)"),
    (["play", "toepen", "--seat"], "expected one argument"),
    (["play"], "the following arguments are required: %s"),
    (["play", "toepen", "--seat", "x"], "invalid %(type)s value: %(value)r"),
    (["play", "toepen", "--pace", "x"], "seconds from 0 to {most}, not {text}"),
    (["play", "toepen", "--seed", "x"], "a deal's seed is a whole number, not {text}"),
]
#: What argparse's words in each language begin with (the catalogue's own line).
SAID = {
    "en": {"unrecognized arguments: %s": "unrecognized arguments",
           "invalid choice: %(value)r (choose from %(choices)s)": "invalid choice",
           "expected one argument": "expected one argument",
           "the following arguments are required: %s": "the following arguments are required",
           "invalid %(type)s value: %(value)r": "invalid int value",
           "seconds from 0 to {most}, not {text}": "seconds from 0 to",
           "a deal's seed is a whole number, not {text}": "a deal's seed is a whole number"},
    "ar": {"unrecognized arguments: %s": "وسائط غير مفهومة",
           "invalid choice: %(value)r (choose from %(choices)s)": "اختيار غير صالح",
           "expected one argument": "يُنتظر وسيط واحد",
           "the following arguments are required: %s": "الوسائط التالية مطلوبة: اللعبة",
           "invalid %(type)s value: %(value)r": "قيمة غير صالحة",
           "seconds from 0 to {most}, not {text}": "ثوانٍ من 0 إلى",
           "a deal's seed is a whole number, not {text}": "بذرة التوزيع عدد صحيح"},
    "nl": {"unrecognized arguments: %s": "onbekende argumenten",
           "invalid choice: %(value)r (choose from %(choices)s)": "ongeldige keuze",
           "expected one argument": "één argument verwacht",
           "the following arguments are required: %s": "de volgende argumenten zijn verplicht: spel",
           "invalid %(type)s value: %(value)r": "ongeldige waarde",
           "seconds from 0 to {most}, not {text}": "seconden van 0 tot",
           "a deal's seed is a whole number, not {text}": "het zaad van een deling"},
    "da": {"unrecognized arguments: %s": "ukendte argumenter",
           "invalid choice: %(value)r (choose from %(choices)s)": "ugyldigt valg",
           "expected one argument": "forventede ét argument",
           "the following arguments are required: %s": "følgende argumenter er påkrævet: spil",
           "invalid %(type)s value: %(value)r": "ugyldig værdi",
           "seconds from 0 to {most}, not {text}": "sekunder fra 0 til",
           "a deal's seed is a whole number, not {text}": "en givnings frø"},
}


def _refused(argv: list[str], capsys: pytest.CaptureFixture[str]) -> tuple[int, str]:
    out = io.StringIO()
    with pytest.raises(SystemExit) as stop:
        main(argv, out=out, inp=io.StringIO(""))
    err = capsys.readouterr().err
    assert out.getvalue() == "" and err.count("\n") == 1, err
    return int(stop.value.code or 0), err


def _english_left(err: str, argv: list[str]) -> list[str]:
    """The Latin words of an error line once what was typed, the command's name, option
    names and quoted values are taken out."""
    rest = re.sub(r"'[^']*'", "", err)  # a quoted value (what was typed, a choice)
    for token in sorted(argv, key=len, reverse=True):
        rest = rest.replace(token, "")
    rest = re.sub(r"--[a-z][a-z-]*|\btablegames\b", "", rest)
    return re.findall(r"[A-Za-z]+", rest)


@pytest.mark.parametrize("lang", ["en", "ar", "nl", "da"])
@pytest.mark.parametrize(("argv", "kind"), KINDS, ids=[" ".join(a) for a, _ in KINDS])
def test_each_usage_error_in_each_language(argv: list[str], kind: str, lang: str,
                                           capsys: pytest.CaptureFixture[str]) -> None:
    typed = [*argv, "--lang", lang] if argv != ["play"] else ["play", "--lang", lang]
    code, err = _refused(typed, capsys)
    assert code == 2  # as in English: the caller's mistake
    assert err.startswith("tablegames play: ") or err.startswith("tablegames: "), err
    assert SAID[lang][kind] in err, err
    if lang == "ar":
        assert "(انظر tablegames" in err
        assert not _english_left(err, typed), err


def test_the_language_may_come_first_and_is_english_without_it(
        capsys: pytest.CaptureFixture[str]) -> None:
    code, err = _refused(["--lang", "ar", "simulate", "toepen", "--games", "x"], capsys)
    assert code == 2 and "قيمة غير صالحة: 'x'" in err
    code, err = _refused(["simulate", "toepen", "--games", "x"], capsys)
    assert code == 2 and "invalid int value: 'x'" in err
    # Dutch is play's: another command asked for it refuses in English
    code, err = _refused(["simulate", "toepen", "--lang", "nl"], capsys)
    assert code == 2 and "invalid choice: 'nl'" in err


def test_a_refusal_of_the_command_itself_speaks_the_language(
        capsys: pytest.CaptureFixture[str]) -> None:
    code = main(["rulings", "toepen", "TOE-99", "--lang", "ar"], out=io.StringIO())
    err = capsys.readouterr().err
    assert code == 2 and err == "tablegames: لا حكم 'TOE-99' في toepen (يعرضها tablegames rulings toepen)\n"
    code = main(["play", "toepen", "--lang", "nl", "--players", "3", "--names", "A,B"],
                out=io.StringIO(), inp=io.StringIO(""))
    err = capsys.readouterr().err
    assert code == 2 and "--players 3 maar --names geeft 2 namen" in err


def _command(parser: argparse.ArgumentParser, command: str | None) -> argparse.ArgumentParser:
    if command is None:
        return parser
    sub = next(a for a in parser._actions if isinstance(a, argparse._SubParsersAction))
    found: argparse.ArgumentParser = sub.choices[command]
    return found


@pytest.mark.parametrize(("lang", "command"), [("ar", None), ("ar", "simulate"),
                                               ("ar", "arena"), ("ar", "serve"),
                                               ("ar", "rulings"), ("ar", "games"),
                                               ("ar", "play"), ("nl", "play"), ("da", "play")])
def test_help_is_whole_in_each_language(lang: str, command: str | None) -> None:
    """Every help text of the command comes from the language's catalogue (none is left
    as the English id), and argparse's headings are the language's. Arabic has every
    word of every command; Dutch and Danish those of ``play``, the command that takes
    them."""
    words = CliWords(lang)
    with argparse_words(words):
        parser = _command(build_parser(words), command)
        text = parser.format_help()
    english = _command(build_parser(), command)
    pairs = [(e.help, t.help) for e, t in zip(english._actions, parser._actions, strict=True)]
    pairs += [(english.description, parser.description), (english.epilog, parser.epilog)]
    assert len(pairs) >= 4
    assert not [e for e, t in pairs if e is not None and e == t], lang
    heading = {"ar": "الاستخدام: ", "nl": "gebruik: ", "da": "brug: "}[lang]
    assert text.startswith(heading), text[:40]
    assert "show this help message" not in text and "usage:" not in text
    if lang == "ar":
        assert not words.missing, sorted(words.missing)[:5]


def test_the_help_goes_to_stdout_in_arabic(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as stop:
        main(["games", "--help", "--lang", "ar"])
    assert stop.value.code == 0
    out = capsys.readouterr().out
    assert out.startswith("الاستخدام: tablegames games") and "اعرض هذه المساعدة واخرج" in out


@pytest.mark.parametrize(("argv", "lang"), [
    (["--lang", "ar", "simulate"], "ar"), (["play", "--lang=nl"], "nl"),
    (["play", "--la", "da"], "da"), (["play", "--lang", "xx"], "en"),
    (["simulate", "--lang", "da"], "en"), (["play", "--", "--lang", "ar"], "en"),
    (["play", "--lang"], "en"), ([], "en")])
def test_one_rule_picks_the_language(argv: list[str], lang: str) -> None:
    assert lang_of(argv) == lang
