"""The ``tablegames`` command in the user's language (``--lang``, :mod:`tablegames.cliwords`).

Each kind of argparse usage error, in each language, is told in the ``cli`` catalogue's
words with the exit status English gives (``tests/test_cli_exits.py``); an Arabic error
holds no English word outside what was typed, the command's name and option names.
"""

from __future__ import annotations

import argparse
import io
import re
from pathlib import Path
from typing import Any

import pytest

from tablegames.cli import build_parser, main
from tablegames.cliwords import CliWords, argparse_words, lang_of
from tests.cli_lines import said as _said

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
           "a deal's seed is a whole number, not {text}": "de seed van een deling"},
    "da": {"unrecognized arguments: %s": "ukendte argumenter",
           "invalid choice: %(value)r (choose from %(choices)s)": "ugyldigt valg",
           "expected one argument": "forventede ét argument",
           "the following arguments are required: %s": "følgende argumenter er påkrævet: spil",
           "invalid %(type)s value: %(value)r": "ugyldig værdi",
           "seconds from 0 to {most}, not {text}": "sekunder fra 0 til",
           "a deal's seed is a whole number, not {text}": "en kortgivnings seed"},
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
    (["play", "--lang"], "en"), ([], "en"),
    # helper-187: every prefix argparse takes for --lang ("--l" was English words here
    # while argparse read it as Arabic); serve's "--l" is argparse's ambiguous option
    (["rulings", "toepen", "--l", "ar"], "ar"), (["--l=ar", "games"], "ar"),
    (["play", "--l", "da"], "da"), (["serve", "--l", "ar"], "en"), (["serve", "--la", "ar"], "ar")])
def test_one_rule_picks_the_language(argv: list[str], lang: str) -> None:
    assert lang_of(argv) == lang


def test_lang_of_reads_what_argparse_reads(capsys: pytest.CaptureFixture[str]) -> None:
    """``--l`` is ``--lang`` to argparse wherever no other option begins so, and
    ``L_AMBIGUOUS`` names exactly the commands where another does (found by helper-187:
    ``rulings toepen TOE-99 --l ar`` refused in English)."""
    from tablegames.cliwords import L_AMBIGUOUS

    parser = build_parser()
    for command in (None, "simulate", "play", "rulings", "games", "arena", "serve"):
        options = _command(parser, command)._option_string_actions
        others = [o for o in options if o.startswith("--l") and o != "--lang"]
        assert bool(others) == (command in L_AMBIGUOUS), command
    assert main(["rulings", "toepen", "TOE-99", "--l", "ar"], out=io.StringIO()) == 2
    assert capsys.readouterr().err.startswith("tablegames: لا حكم 'TOE-99'")


# -- helper-184: the library's refusals, games, serve and the reports ------------------

#: Latin words an Arabic line may hold besides what was typed: names (the games, their
#: bots and variants, OpenSkill, Wilson's name is translated), formats and notation.
NAMES = ("JSON", "OpenSkill", "QR", "localhost", "pip", "install", "KEY", "VALUE", "NAME",
         "P0", "P1", "P2", "P3", "true", "false")


def _latin_left(text: str, typed: list[str], names: tuple[str, ...] = ()) -> list[str]:
    """helper-182's scan (:func:`_english_left`) over each line, with notation
    (``key=value``, a file or an address, ``"tablegames[arena]"``) and the names a
    line may hold taken out too."""
    from tablegames import GAMES
    from tablegames.bots.registry import names as bot_names

    known = [*NAMES, *names, *GAMES]
    for game in GAMES:
        known += [*bot_names(game), *GAMES[game].variants]
    longest = sorted(known, key=len, reverse=True)
    whole = re.compile(r"(?<![\w-])(" + "|".join(map(re.escape, longest)) + r")(?!\w)")
    left: list[str] = []
    for line in text.splitlines():
        # notation: key=value, files, addresses, "tablegames[arena]", Phase 10's phases
        line = whole.sub("", re.sub(r'\S*[=/:\\\[\]]\S*|"[^"]*"|[a-z]+\d+', "", line))
        left += _english_left(line, typed)
    return left


#: A mistake of each kind the library refuses, told from the library's typed error (the
#: bots per seat and the --resume lines, helper-199; --rules, helper-212):
#: (arguments, the English line as the library words it).
LIBRARY_REFUSALS = [
    (["simulate", "chess"], "unknown game 'chess'; known: dallah, phase10, shithead, toepen"),
    (["rulings", "chess"], "unknown game 'chess'; known: dallah, phase10, shithead, toepen"),
    (["games", "chess"], "unknown game 'chess'; known: dallah, phase10, shithead, toepen"),
    (["simulate", "toepen", "--games", "2", "--bot", "genius"],
     "toepen has no bot 'genius'; known: random, ismcts, club"),
    (["arena", "toepen", "--bots", "club,genius", "--games", "2"],
     "toepen has no bot 'genius'; known: random, ismcts, club"),
    (["simulate", "toepen", "--games", "2", "--rules", "nosuch"],
     "unknown toepen variant 'nosuch'; known: double-knock, elimination, elimination15, "
     "harsh-bluff, jack-doubles, knock-on-turn, lenient-dirty-hand, limit15, no-poverty, "
     "standard"),
    (["simulate", "toepen", "--games", "2", "--rules", "nokey=1"],
     "bad Rules: unknown option(s): 'nokey'"),
    (["simulate", "toepen", "--games", "2", "--rules", "limit=abc"],
     "bad Rules: limit: expected an integer, got 'abc'"),
    (["arena", "toepen", "--bots", "club,club", "--games", "2", "--rules", "limit=1000",
      "--rules", "ending=x"], "bad Rules: "),
    (["simulate", "shithead", "--games", "2", "--players", "9", "--rules", "decks=1"],
     "1 deck(s) deal nine cards to at most 5 players, not 9; use Rules(decks=...) for more"),
    (["simulate", "toepen", "--games", "2", "--players", "9"], "toepen is for 2 to 8 players, not 9"),
    (["arena", "toepen", "--bots", "club,club", "--players", "1"],
     "toepen is for 2 to 8 players, not 1"),
    (["simulate", "toepen", "--games", "2", "--bots", "club,club", "--players", "3"],
     "bots names one bot for every seat: need 3, got 2"),
    (["arena", "toepen", "--bots", "club,club,club", "--players", "2"],
     "3 bots for 2 seats: give at most one bot per seat"),
    (["simulate", "toepen", "--games", "2", "--resume"],
     "resume=True needs out=, the results file to continue"),
    (["simulate", "toepen", "--games", "2", "--out", "/dev/null", "--resume"],
     "the results file '/dev/null' is not a regular file (a device, a pipe or a socket): "
     "--resume reads the file back and cuts a torn last line, so name a file"),
]
#: ``play``'s, in every language it takes.
PLAY_REFUSALS = [
    (["play", "chess"], "unknown game 'chess'; known: dallah, phase10, shithead, toepen"),
    (["play", "toepen", "--players", "9"], "toepen is for 2 to 8 players, not 9"),
    (["play", "toepen", "--names", "A,B,C,D,E,F,G,H,I"], "toepen is for 2 to 8 players, not 9"),
    (["play", "toepen", "--seat", "5"], "seat must be a seat of this game, 0..3 (--seat), not 5"),
    (["play", "toepen", "--opponent", "genius"],
     "opponent must be None or one of random, ismcts, club (--opponent), not 'genius'"),
    (["play", "toepen", "--rules", "nosuch"], "unknown toepen variant 'nosuch'"),
    (["play", "toepen", "--rules", "nokey=1"], "bad Rules: unknown option(s): 'nokey'"),
    (["play", "toepen", "--rules", "limit=abc"], "bad Rules: limit: expected an integer"),
    (["play", "shithead", "--players", "9", "--rules", "decks=1"], "1 deck(s) deal nine cards"),
]


@pytest.mark.parametrize(("argv", "english"), LIBRARY_REFUSALS + PLAY_REFUSALS,
                         ids=[" ".join(a) for a, _ in LIBRARY_REFUSALS + PLAY_REFUSALS])
def test_the_librarys_refusals_in_arabic_english_as_before(
        argv: list[str], english: str, capsys: pytest.CaptureFixture[str]) -> None:
    """The common mistakes the library refuses are said in the command's language (told
    from the library's typed error): English word for word
    as the library says it (the lines above are the library's, as before helper-184),
    Arabic with no English word, the same status."""
    code, err = _said(argv, capsys)
    assert code == 2 and err.startswith("tablegames: " + english), err
    code, err = _said([*argv, "--lang", "ar"], capsys)
    assert code == 2 and err.startswith("tablegames: "), err
    assert not _latin_left(err, argv, _rule_words()), err  # helper-190: a rule says its key
    assert re.search("[\u0600-\u06ff]", err), err


@pytest.mark.parametrize("lang", ["nl", "da"])
@pytest.mark.parametrize("argv", [a for a, _ in PLAY_REFUSALS],
                         ids=[" ".join(a) for a, _ in PLAY_REFUSALS])
def test_plays_refusals_in_dutch_and_danish(argv: list[str], lang: str,
                                            capsys: pytest.CaptureFixture[str]) -> None:
    """``play``'s refusals speak its other languages too (each line is the catalogue's,
    not the English id), with English's status."""
    code, err = _said([*argv, "--lang", lang], capsys)
    english_code, english = _said(argv, capsys)
    assert code == english_code == 2 and err != english, err


def test_the_library_itself_words_the_english_ids(capsys: pytest.CaptureFixture[str]) -> None:
    """The command's English ids are the library's sentences (so English is unchanged),
    checked against the library where it says them."""
    from tablegames import GAMES
    from tablegames.bots.registry import make
    from tablegames.common.errors import TablegamesError
    from tablegames.common.registry import game_info
    from tablegames.common.rules import coerce_rules

    toepen = GAMES["toepen"]
    cases = [(lambda: game_info("chess"), ["games", "chess"]),
             (lambda: toepen.check_players(9), ["simulate", "toepen", "--players", "9"]),
             (lambda: make("genius", "toepen"), ["simulate", "toepen", "--bot", "genius"]),
             (lambda: coerce_rules(toepen.rules_class, "nosuch"),
              ["simulate", "toepen", "--rules", "nosuch"]),
             (lambda: coerce_rules(toepen.rules_class, (toepen.rules_class(), {"nokey": 1})),
              ["simulate", "toepen", "--rules", "nokey=1"])]
    for call, argv in cases:
        with pytest.raises(TablegamesError) as refused:
            call()
        code, err = _said(argv, capsys)
        assert code == 2 and err == f"tablegames: {refused.value}\n"


def test_a_resumed_file_of_another_run_is_refused_in_arabic(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """``--resume``'s refusals of a file's rows, told from the fields the library's
    :class:`~tablegames.simulation.RowRefused` carries; the file is left as it was."""
    path = tmp_path / "r.jsonl"
    argv = ["simulate", "toepen", "--games", "2", "--workers", "1", "--out", str(path)]
    assert main(argv, out=io.StringIO()) == 0
    code, err = _said([*argv, "--lang", "ar"], capsys)  # exists, no --resume
    assert code == 2 and not _latin_left(err, argv), err
    before = path.read_bytes()
    other = ["simulate", "toepen", "--games", "2", "--workers", "1", "--seed", "9",
             "--out", str(path), "--resume"]
    code, english = _said(other, capsys)
    assert code == 2 and "line 1 belongs to another run" in english
    code, err = _said([*other, "--lang", "ar"], capsys)
    assert code == 2 and "السطر 1" in err and not _latin_left(err, other), err
    path.write_bytes(before.replace(b'"length":', b'"length": ', 1))
    code, err = _said([*argv, "--resume", "--lang", "ar"], capsys)
    assert code == 2 and "عُدّل الملف" in err and not _latin_left(err, argv), err
    assert path.read_bytes() == before.replace(b'"length":', b'"length": ', 1)


@pytest.mark.parametrize("game", [None, "dallah", "phase10", "shithead", "toepen"])
def test_the_games_listing_in_arabic(game: str | None) -> None:
    """The listing's words are the cli catalogue's, a game's title and its house rules'
    words the game's own (one word for one idea); names and ``--rules`` notation stay."""
    import attrs

    from tablegames import GAMES
    from tablegames.common.rules import option_text

    argv = ["games", *([game] if game else []), "--lang", "ar"]
    out = io.StringIO()
    assert main(argv, out=out) == 0
    text = out.getvalue()
    fields: list[str] = []
    for name in [game] if game else []:
        for field in attrs.fields(GAMES[name].rules_class):
            said = option_text(field)
            fields += [field.name, *(said.choices if said else ())]
            fields += [part for value in (said.choices if said else ()) for part in
                       value.split("-")]  # a value textwrap cut at its hyphen
    assert not _latin_left(text, argv, tuple(fields)), text
    english = io.StringIO()
    assert main(argv[:-2], out=english) == 0
    if game is None:  # one line per game, as in English
        assert len(text.splitlines()) == len(english.getvalue().splitlines())
    assert ("توبن" in text) == (game in (None, "toepen"))


def test_serves_start_up_lines_in_arabic(tmp_path: Path,
                                         monkeypatch: pytest.MonkeyPatch) -> None:
    import uvicorn

    from tablegames.cli import join_lines
    from tablegames.server import lan

    monkeypatch.setattr(uvicorn, "run", lambda app, host, **kw: None)
    out = io.StringIO()
    argv = ["serve", "--db", f"{tmp_path}/rooms.sqlite", "--lang", "ar"]
    assert main(argv, out=out) == 0
    lines = out.getvalue().splitlines()
    monkeypatch.setattr(lan, "lan_addresses", lambda host: ["192.168.1.5", "10.0.0.2"])
    lines += join_lines("0.0.0.0", 8000, CliWords("ar"))[0]
    monkeypatch.setattr(lan, "lan_addresses", lambda host: ["127.0.0.1"])
    lines += join_lines("0.0.0.0", 8000, CliWords("ar"))[0]
    assert len(lines) == 4 and "0.0.0.0" in lines[1] and "192.168.1.5" in lines[2]
    for line in lines:
        assert line.startswith("tablegames: ") and not _latin_left(line, argv), line
    english = join_lines("0.0.0.0", 8000)[0][0]  # the network as faked last
    assert english.startswith("tablegames: no network found, so only this computer can join")


def test_the_reports_in_arabic(capsys: pytest.CaptureFixture[str]) -> None:
    """``simulate``'s and ``arena``'s reports: every heading, label and sentence from the
    catalogue; numbers as the project writes them in Arabic (ASCII digits, lists joined by
    the Arabic comma, as :class:`tablegames.table.i18n.Words`); ``--json`` as in English."""
    for argv in (["simulate", "toepen", "--games", "3", "--workers", "1",
                  "--bots", "club,random,random"],
                 ["simulate", "dallah", "--games", "2", "--workers", "1"],
                 ["simulate", "phase10", "--games", "1", "--workers", "1", "--players", "2"],
                 ["simulate", "shithead", "--games", "2", "--workers", "1"],
                 ["arena", "toepen", "--bots", "club,random,random", "--games", "3",
                  "--workers", "1"],
                 ["arena", "shithead", "--bots", "smart,random", "--games", "2",
                  "--workers", "1"]):
        out = io.StringIO()
        assert main([*argv, "--lang", "ar"], out=out) == 0, argv
        text = out.getvalue()
        assert not _latin_left(text, argv), text
        assert re.search("[\u0600-\u06ff]", text.splitlines()[0]), text
        assert "\u060c " in text
        plain, arabic = io.StringIO(), io.StringIO()
        assert main([*argv, "--json"], out=plain) == 0
        assert main([*argv, "--json", "--lang", "ar"], out=arabic) == 0
        strip = re.compile(r'"(seconds|games_per_second|ms_per_decision)": [0-9.e-]+')
        assert strip.sub("", plain.getvalue()) == strip.sub("", arabic.getvalue())


def test_every_sentence_of_the_simulation_report_in_arabic() -> None:
    """The report's branches (a biggest loser, winners or none, seats within or outside
    the average, sure or a hint, several bots), made from counts, in Arabic."""
    from tablegames.simulation import SimulationSummary

    def summary(losses: list[int], wins: list[int], bots: tuple[str, ...],
                loser: str = "lost") -> SimulationSummary:
        return SimulationSummary(game="toepen", title="Toepen", players=len(losses), bots=bots,
                              seed=1, rules="limit15", run="x", loser_label=loser,
                              losses=losses, wins=wins, games=100, played=100, seconds=2.0,
                              actions=5000, min_length=10, max_length=90,
                              measures={"rounds": 300, "knocks": 40}, out="r.jsonl",
                              plot="r.svg", params={"ismcts": {"budget": 60}})

    cases = [summary([25, 25, 25, 25], [25, 25, 25, 25], ("club",) * 4),
             summary([60, 15, 15, 10], [0, 0, 0, 0], ("club", "random", "random", "ismcts"),
                     "biggest loser"),
             summary([35, 22, 22, 21], [20, 30, 25, 25], ("club",) * 4)]
    sentences = set()
    for case in cases:
        words = CliWords("ar")
        text = case.report(words)
        assert not words.missing, sorted(words.missing)
        assert not _latin_left(text, ["ismcts", "budget", "r.jsonl", "r.svg", "limit15"]), text
        english = " ".join(case._meaning(CliWords("en")).split())
        sentences.add(("every range includes it" in english, "and P0, P3 lie outside it even"
                       in english, "so this hints" in english))
    # no range misses; some do, two even allowing for four seats; one does, a hint
    assert sentences == {(True, False, False), (False, True, False), (False, False, True)}


# -- helper-190: the last English refusals --------------------------------------------

#: Latin words the lines below may hold besides those of :data:`NAMES`: Ray's own name and
#: command, the library a plot needs, Python's name of an error a bot module raised.
LAST_NAMES = ("Ray", "ray", "start", "head", "HOST", "PORT", "IPv6", "matplotlib", "TypeError",
              "tablegames", "svg", "png", "pdf")


def _rule_words() -> tuple[str, ...]:
    """Every game's house-rule keys and the values they choose from (what ``--rules``
    takes: a refusal of one names them as typed)."""
    import attrs

    from tablegames import GAMES
    from tablegames.common.rules import OneOf

    out: list[str] = []
    for game in GAMES:
        for field in attrs.fields(GAMES[game].rules_class):
            out.append(field.name)
            if isinstance(field.validator, OneOf):
                out += [str(c) for c in field.validator.choices]
    return tuple(out)
#: The refusals helper-184 left in English, each told from the fields of the library's
#: error: (arguments, the library's English line).
LAST_REFUSALS = [
    (["simulate", "toepen", "--games", "0"],
     "games must be at least 1 (got 0): a simulation needs a game to play"),
    (["simulate", "toepen", "--games", "1000000001"],
     "games must be at most 1,000,000,000, got 1000000001"),
    (["arena", "toepen", "--bots", "club,club", "--games", "0"],
     "games must be in 1..10,000,000, not 0"),
    (["arena", "toepen", "--bots", "club,club", "--games", "3"],
     "games must be a multiple of the 2 seats so that every bot sits in every seat equally "
     "often (try 2 or 4)"),
    (["arena", "toepen", "--bots", "club,club,club", "--games", "2"],
     "games must be a multiple of the 3 seats so that every bot sits in every seat equally "
     "often (try 3)"),
    (["simulate", "toepen", "--games", "2", "--workers", "0"], "workers must be 1.."),
    (["arena", "toepen", "--bots", "club,club", "--games", "2", "--workers", "-1"],
     "workers must be 1.."),
    (["simulate", "toepen", "--games", "2", "--budget", "0"],
     "budget must be in 1..1,000,000 iterations per decision, not 0"),
    (["simulate", "toepen", "--games", "2", "--budget", "5"],
     "no bot in the lineup takes a budget (club); ismcts does"),
    (["simulate", "toepen", "--games", "2", "--address", "auto"],
     "address is only used with backend='ray'"),
    (["simulate", "toepen", "--games", "2", "--backend", "ray", "--address", "foo"],
     "address 'foo' has no port: give 'auto'"),
    (["simulate", "toepen", "--games", "2", "--backend", "ray", "--address", "http://h:1"],
     "address 'http://h:1' is not a Ray address"),
    (["simulate", "toepen", "--games", "2", "--backend", "ray", "--address", "h:0"],
     "address 'h:0': a port is 1 to 65535"),
    (["simulate", "toepen", "--games", "2", "--plot", "x.txt"],
     "--plot 'x.txt': the file must end in .svg, .png or .pdf"),
    (["simulate", "toepen", "--games", "2", "--out", "/proc/nosuch/r.jsonl"],
     "cannot create the folder '/proc/nosuch' for the results file: "),
    (["simulate", "toepen", "--games", "2", "--import", "no_such_bot_module_190"],
     "cannot import the bot module 'no_such_bot_module_190': No module named"),
    (["simulate", "toepen", "--games", "2", "--rules", "limit=1000"],
     "bad Rules: limit must be in 2..100, not 1000"),
    (["simulate", "shithead", "--games", "2", "--rules", "burn_run=1"],
     "bad Rules: burn_run must be in 2..12, not 1"),
    (["simulate", "phase10", "--games", "2", "--rules", "discard_taken=3"],
     "bad Rules: discard_taken: expected true or false, got 3"),
]


@pytest.mark.parametrize(("argv", "english"), LAST_REFUSALS,
                         ids=[" ".join(a) for a, _ in LAST_REFUSALS])
def test_the_last_refusals_in_arabic_english_as_before(
        argv: list[str], english: str, capsys: pytest.CaptureFixture[str]) -> None:
    """English word for word as the library says it (these lines are the library's, as
    before helper-190), Arabic with no English word but names, the same status."""
    code, err = _said(argv, capsys)
    assert code == 2 and err.startswith("tablegames: " + english), err
    code, err = _said([*argv, "--lang", "ar"], capsys)
    assert code == 2 and err.startswith("tablegames: "), err
    assert not _latin_left(err, argv, LAST_NAMES + _rule_words()), err
    assert re.search("[\u0600-\u06ff]", err), err


def test_the_english_ids_are_the_librarys_sentences(capsys: pytest.CaptureFixture[str]) -> None:
    """What the command says from the library's fields (``ArgumentRefused``, helper-191)
    is in English the library's own line, checked against the library where it says it."""
    from tablegames.bots.matches import arena
    from tablegames.common.errors import TablegamesError
    from tablegames.simulation import simulate

    cases = [(lambda: simulate("toepen", games=0), ["simulate", "toepen", "--games", "0"]),
             (lambda: simulate("toepen", games=2, workers=0),
              ["simulate", "toepen", "--games", "2", "--workers", "0"]),
             (lambda: simulate("toepen", games=2, budget=0),
              ["simulate", "toepen", "--games", "2", "--budget", "0"]),
             (lambda: simulate("toepen", games=2, budget=5),
              ["simulate", "toepen", "--games", "2", "--budget", "5"]),
             (lambda: simulate("toepen", games=2, address="auto"),
              ["simulate", "toepen", "--games", "2", "--address", "auto"]),
             (lambda: simulate("toepen", games=2, plot="x.txt"),
              ["simulate", "toepen", "--games", "2", "--plot", "x.txt"]),
             (lambda: arena("toepen", ["club", "club"], games=3),
              ["arena", "toepen", "--bots", "club,club", "--games", "3"]),
             (lambda: arena("toepen", ["club"] * 3, games=2),
              ["arena", "toepen", "--bots", "club,club,club", "--games", "2"]),
             (lambda: arena("toepen", ["club", "club"], games=0, keep_records=False),
              ["arena", "toepen", "--bots", "club,club", "--games", "0"])]
    for call, argv in cases:
        with pytest.raises(TablegamesError) as refused:
            call()
        code, err = _said(argv, capsys)
        assert code == 2 and err == f"tablegames: {refused.value}\n", (argv, err)


def test_the_library_words_the_cli_names_as_a_whole(tmp_path: Path) -> None:
    """The library's phrases the command translates whole (:data:`tablegames.cli.
    LIBRARY_WORDS`) are the ones its errors carry."""
    from tablegames.cli import LIBRARY_WORDS
    from tablegames.common.paths import FileRefused
    from tablegames.plot import check_target
    from tablegames.runner import ADDRESS_FORMS, RAY_HELP
    from tablegames.simulation import simulate

    with pytest.raises(FileRefused) as results:
        simulate("toepen", games=1, workers=1, out=tmp_path)
    with pytest.raises(FileRefused) as plot:
        check_target(tmp_path)
    assert (results.value.what, results.value.problem) == ("the results file", "directory")
    assert (plot.value.what, plot.value.path) == ("the plot file", str(tmp_path))
    assert (results.value.what, plot.value.what, ADDRESS_FORMS, RAY_HELP) == LIBRARY_WORDS


def test_files_that_cannot_be_written_in_arabic(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """Each kind of :class:`~tablegames.common.paths.FileRefused` the command meets, told
    from its fields; nothing is written."""
    (tmp_path / "f").write_text("x")
    for out in (str(tmp_path), f"{tmp_path}/f/r.jsonl", f"{tmp_path}/{'n' * 300}/r.jsonl",
                "/proc/nosuch/r.jsonl"):
        argv = ["simulate", "toepen", "--games", "1", "--workers", "1", "--out", out]
        english_code, english = _said(argv, capsys)
        code, err = _said([*argv, "--lang", "ar"], capsys)
        assert code == english_code == 2 and "the results file" in english, english
        assert "ملف النتائج" in err, err
        assert not _latin_left(err, argv, LAST_NAMES), err
    argv = ["simulate", "toepen", "--games", "1", "--workers", "1", "--plot",
            f"{tmp_path}/f/p.svg"]
    code, err = _said([*argv, "--lang", "ar"], capsys)
    assert code == 2 and "ملف الرسم" in err and "ليس مجلدًا" in err, err
    assert sorted(p.name for p in tmp_path.iterdir()) == ["f"]


def test_a_path_that_is_no_text_carries_its_fields() -> None:
    """``file_to_write``'s first two refusals were plain ``SetupError`` s without fields,
    so ``--out ''`` stayed English in Arabic (helper-198); their English is unchanged."""
    from tablegames.common.errors import SetupError
    from tablegames.common.paths import FileRefused, file_to_write

    said = {}
    for path in ("", "a\0b", 3, True, b"x"):
        with pytest.raises(FileRefused) as refused:
            file_to_write(path, "the results file")
        error = refused.value
        assert isinstance(error, SetupError) and error.what == "the results file"
        said[repr(path)] = (str(error), error.problem, error.path, error.kind)
    assert said == {
        "''": ("the results file must be a path of text, not ''", "not_text", "", None),
        "'a\\x00b'": ("the results file must be a path of text, not 'a\\x00b'", "not_text",
                      "a\0b", None),
        "3": ("the results file must be a path, not int", "type", "", "int"),
        "True": ("the results file must be a path, not bool", "type", "", "bool"),
        "b'x'": ("the results file must be a path, not bytes", "type", "", "bytes")}
    from tablegames.cli import told

    with pytest.raises(FileRefused) as refused:
        file_to_write(3, "the plot file")
    assert told(refused.value, CliWords("ar")) == "يجب أن يكون ملف الرسم مسارًا، لا int"


@pytest.mark.parametrize("option", ["--out", "--plot"])
def test_an_empty_path_in_arabic(option: str, tmp_path: Path, capsys: pytest.CaptureFixture[str],
                                 monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(tmp_path)
    argv = ["simulate", "toepen", "--games", "1", "--workers", "1", option, ""]
    code, english = _said(argv, capsys)
    what = {"--out": ("the results file", "ملف النتائج"),
            "--plot": ("the plot file", "ملف الرسم")}[option]
    assert code == 2 and english == f"tablegames: {what[0]} must be a path of text, not ''\n"
    code, err = _said([*argv, "--lang", "ar"], capsys)
    assert code == 2 and err == f"tablegames: يجب أن يكون {what[1]} مسارًا نصيًا، لا ''\n"
    assert list(tmp_path.iterdir()) == []


def test_a_bot_module_that_fails_in_arabic(tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
                                           capsys: pytest.CaptureFixture[str]) -> None:
    """``--import``: a module that is missing, one that imports a missing one, and one
    whose own code raises (its error's name and words are Python's, as raised)."""
    (tmp_path / "raising_bots_190.py").write_text("raise TypeError('boom')\n")
    (tmp_path / "needing_bots_190.py").write_text("import no_such_dependency_190\n")
    monkeypatch.syspath_prepend(str(tmp_path))
    said = {}
    for module in ("raising_bots_190", "needing_bots_190", "no_such_bots_190"):
        argv = ["simulate", "toepen", "--games", "1", "--import", module]
        code, english = _said(argv, capsys)
        assert code == 2 and "bot module" in english
        code, err = _said([*argv, "--lang", "ar"], capsys)
        assert code == 2 and not _latin_left(err, argv, LAST_NAMES), err
        said[module] = err
    assert "TypeError: 'boom'" in said["raising_bots_190"]
    assert "لا وحدة باسم 'no_such_dependency_190'" in said["needing_bots_190"]
    assert "لا وحدة باسم 'no_such_bots_190'" in said["no_such_bots_190"]


@pytest.mark.parametrize(("argv", "said"), [
    (["simulate", "toepen", "--games", "2", "--rules", "limit=x", "--rules", "ending=y"],
     "قاعدة البيت limit عدد صحيح، لا 'x'؛ قاعدة البيت ending واحدة من: elimination، rubber، لا 'y'"),
    (["play", "shithead", "--rules", "burn_run=1"], "قاعدة البيت burn_run من 2 إلى 12، لا 1"),
    (["play", "phase10", "--rules", "discard_taken=3"],
     "قاعدة البيت discard_taken إما true أو false، لا 3")])
def test_a_house_rules_own_reason_in_arabic(argv: list[str], said: str,
                                            capsys: pytest.CaptureFixture[str]) -> None:
    """A house rule the game refuses by itself is told why, read from its validator's
    facts (:class:`~tablegames.common.rules.IntIn`, ``OneOf``, ``is_bool``): every
    option that is wrong, joined by the Arabic semicolon."""
    code, err = _said([*argv, "--lang", "ar"], capsys)
    assert code == 2 and err == f"tablegames: {said}\n"


@pytest.mark.parametrize(("lang", "said"), [
    ("nl", "de huisregel limit is van 2 tot 100, niet 1000"),
    ("da", "husreglen limit er fra 2 til 100, ikke 1000")])
def test_a_house_rules_own_reason_in_dutch_and_danish(
        lang: str, said: str, capsys: pytest.CaptureFixture[str]) -> None:
    code, err = _said(["play", "toepen", "--rules", "limit=1000", "--lang", lang], capsys)
    assert code == 2 and err == f"tablegames: {said}\n"


def test_a_refusal_no_fact_explains_keeps_the_plain_line(
        capsys: pytest.CaptureFixture[str]) -> None:
    """A value only the game's own check judges (Phase 10's table of phases, the
    ``RulesError``'s code ``"value"``): the line that names the option and its value as
    ``--rules`` reads them, as before helper-190."""
    code, err = _said(["play", "phase10", "--rules", "phases=[\"bogus\"]", "--lang", "ar"], capsys)
    assert err == 'tablegames: لا يمكن اللعب بقاعدة البيت phases=["bogus"] كما ضُبطت\n'
    assert code == 2


def test_the_progress_bars_label_in_arabic(monkeypatch: pytest.MonkeyPatch) -> None:
    """Both commands' progress bar is labelled in the command's language: ``simulate``'s
    was, the arena's said ``arena`` in an Arabic run (helper-193)."""
    from tablegames import cli

    labels: list[str] = []

    def spy(total: int, enabled: bool, slow: bool = False, label: str = "playing") -> Any:
        labels.append(label)
        return None, lambda: None

    monkeypatch.setattr(cli, "_progress", spy)
    for argv in (["simulate", "toepen", "--games", "2", "--workers", "1"],
                 ["arena", "toepen", "--bots", "club,random", "--games", "2", "--workers", "1"]):
        assert main([*argv, "--lang", "ar"], out=io.StringIO()) == 0
        assert main(argv, out=io.StringIO()) == 0
    arabic = CliWords("ar")
    assert labels == [arabic("playing"), "playing", arabic("arena"), "arena"]
    assert all(re.search("[\u0600-\u06ff]", label) for label in labels[::2])


def test_a_parse_in_another_thread_keeps_its_own_words() -> None:
    """argparse's words are module globals: while one thread parses in Arabic, another
    thread's English parse waits its turn instead of reading the Arabic words (the lock of
    ``argparse_words``). Thread A holds an Arabic block open until thread B has read
    argparse's word for "usage: " or half a second has passed; B must read English."""
    import threading

    a_inside, b_read = threading.Event(), threading.Event()
    seen: list[str] = []

    def arabic() -> None:
        with argparse_words(CliWords("ar")):
            a_inside.set()
            b_read.wait(0.5)  # without the lock B reads now, inside A's block

    def english() -> None:
        a_inside.wait(5)
        with argparse_words(CliWords("en")):
            seen.append(argparse._("usage: "))
        b_read.set()

    threads = [threading.Thread(target=arabic), threading.Thread(target=english)]
    for t in threads:
        t.start()
    for t in threads:
        t.join(10)
    assert seen == ["usage: "]
    assert argparse._("usage: ") == "usage: "  # put back after both blocks
