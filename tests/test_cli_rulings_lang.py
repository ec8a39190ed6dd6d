"""``tablegames rulings`` in the command's language (helper-194): a hostile review found
``--lang ar rulings GAME [ID]`` printed everything in English. The ruling's words come
from the rulings catalogues the terminal game's help screen reads, the labels from the
``cli`` catalogue; a game without the language is told in English and stderr says so;
IDs, the decision, the code and the link stay as they are. Also ``simulate --resume``
with an ``--out`` file that does not exist: the run starts, and stderr says so."""

from __future__ import annotations

import io
import json
import re
from pathlib import Path

import attrs
import pytest

import tablegames.cli
from tablegames.cli import main
from tablegames.common.rulings import (
    beyond_players,
    for_players,
    load_rulings,
    ruling_link,
)
from tablegames.render.examples import ruling_picture
from tablegames.table.i18n import ruling_words
from tablegames.tui.helpscreen import help_text

#: One ruling per game with an example, a captioned picture, a decision and code.
ONE = {"toepen": "TOE-51", "phase10": "P10-40", "shithead": "SHD-02", "dallah": "DAL-03"}
#: The labels in each language (the ``cli`` catalogue's), and English's.
LABELS = {
    "en": ("At the table:", "Picture, as ", "In code:", "See "),
    "ar": ("على الطاولة:", "الصورة كما يراها ", "في الشيفرة:", "انظر "),
    "nl": ("Aan tafel:", "Het beeld zoals ", "In code:", "Zie "),
    "da": ("Ved bordet:", "Billedet, som ", "I kode:", "Se "),
}
PROGRAMMERS = {"ar": "للمبرمجين (بالإنجليزية):", "nl": "Voor programmeurs (in het Engels):",
               "da": "Til programmører (på engelsk):"}
#: Bidi marks a terminal line must not carry (the play guide: the terminal lays out).
BIDI = re.compile("[\u200e\u200f\u061c\u202a-\u202e\u2066-\u2069]")
ARABIC = re.compile("[\u0600-\u06ff]")


def run(argv: list[str], capsys: pytest.CaptureFixture[str]) -> tuple[int, str, str]:
    out = io.StringIO()
    code = main(argv, out=out)
    return code, out.getvalue(), capsys.readouterr().err


@pytest.mark.parametrize("plain", [[], ["--plain"]], ids=["rich", "plain"])
@pytest.mark.parametrize(("game", "lang"), [*[(g, "ar") for g in ONE], ("toepen", "nl"),
                                            ("phase10", "da")])
def test_one_ruling_in_the_commands_language(game: str, lang: str, plain: list[str],
                                             capsys: pytest.CaptureFixture[str]) -> None:
    r = next(x for x in load_rulings(game) if x.id == ONE[game])
    said = ruling_words(game, lang)
    code, text, err = run(["rulings", game, r.id, "--lang", lang, *plain], capsys)
    assert code == 0 and err == ""
    title = said(r.title)
    assert title != r.title  # translated: the catalogue holds it
    head = {"ar": f"{title} ({r.id})"}.get(lang, f"{r.id}: {title}")
    assert text.startswith(head + "\n\n"), text[:80]
    flat = " ".join(text.split())
    for part in (for_players(r.text), for_players(r.example)):
        assert said(part) != part and said(part) in flat
    at_table, picture, in_code, see = LABELS[lang]
    assert f"\n{at_table}\n" in text and f"\n{picture}" in text and f"\n{in_code}\n" in text
    assert text.endswith(f"\n{see}{ruling_link(game, r.id)}\n")
    told = text.split(f"\n{PROGRAMMERS[lang]}\n")[0]  # before the page's English part
    assert not [e for e in LABELS["en"] if e in told and e not in LABELS[lang]]
    # the programmer's part stays as the page words it, under a label saying so
    assert f"\n{PROGRAMMERS[lang]}\n" in text
    assert " ".join(beyond_players(r.text).split()) in flat
    assert all(line in text for line in r.code.splitlines())
    # the caption, written in English only, is left out; the picture is in the language
    made = ruling_picture(game, r.id)
    assert made is not None and made[2].caption and made[2].caption not in flat
    drawn = text.split(picture, 1)[1].split(PROGRAMMERS[lang])[0]
    if lang == "ar":
        assert ARABIC.search(drawn)
    else:
        assert {"nl": "Inzet", "da": "Hånd"}[lang] in drawn
    assert not BIDI.search(text)


def test_the_arabic_rule_is_the_help_screens(capsys: pytest.CaptureFixture[str]) -> None:
    """One source of a ruling's words: the terminal game's ``?`` screen says TOE-01 in the
    very sentences ``rulings`` prints."""
    import tablegames
    from tablegames.table.i18n import words_for

    r = next(x for x in load_rulings("toepen") if x.id == "TOE-01")
    view = tablegames.new_game("toepen", players=3, seed=1).view(0)
    shown = " ".join(help_text("toepen", view, w=words_for("ar", "toepen")))
    code, text, _ = run(["rulings", "toepen", "TOE-01", "--lang", "ar"], capsys)
    said = ruling_words("toepen", "ar")
    assert code == 0
    for part in (said(r.title), said(for_players(r.text)), said(for_players(r.example))):
        assert part in shown and part in " ".join(text.split())


@pytest.mark.parametrize(("game", "lang"), [*[(g, "ar") for g in ONE], ("toepen", "nl"),
                                            ("phase10", "da")])
def test_the_list_in_the_commands_language(game: str, lang: str,
                                           capsys: pytest.CaptureFixture[str]) -> None:
    said = ruling_words(game, lang)
    code, text, err = run(["rulings", game, "--lang", lang], capsys)
    rulings = load_rulings(game)
    assert code == 0 and err == ""
    lines = text.splitlines()
    assert len(lines) == len(rulings)
    for line, r in zip(lines, rulings, strict=True):
        assert said(r.title) != r.title
        # an Arabic line begins in Arabic, so a terminal lays it out right to left
        want = f"{said(r.title)}  {r.id}" if lang == "ar" else f"{r.id}  {said(r.title)}"
        assert line == want
    assert not BIDI.search(text)


@pytest.mark.parametrize(("game", "lang", "note"), [
    ("shithead", "nl", "tablegames: de regels van shithead zijn niet in het Nederlands "
                       "geschreven: ze worden in het Engels getoond\n"),
    ("dallah", "da", "tablegames: reglerne for dallah er ikke skrevet på dansk: de "
                     "vises på engelsk\n"),
    ("toepen", "da", "tablegames: reglerne for toepen er ikke skrevet på dansk: de "
                     "vises på engelsk\n")])
def test_a_game_without_the_language_is_english_and_says_so(
        game: str, lang: str, note: str, capsys: pytest.CaptureFixture[str]) -> None:
    """The whole ruling in English, labels too (no line mixes two languages), as ``play``
    shows such a game; stderr says why in the language asked for; status 0."""
    for argv in (["rulings", game], ["rulings", game, ONE[game], "--plain"]):
        code, english, err = run(argv, capsys)
        assert code == 0 and err == ""
        code, text, err = run([*argv, "--lang", lang], capsys)
        assert code == 0 and text == english and err == note


def test_english_is_the_page_whole(capsys: pytest.CaptureFixture[str]) -> None:
    """``--lang en`` (and no ``--lang``) prints the page's words as before: the caption,
    the rule with its house options, the decision without a label."""
    code, text, err = run(["rulings", "toepen", "TOE-51", "--plain", "--lang", "en"], capsys)
    assert code == 0 and err == ""
    assert run(["rulings", "toepen", "TOE-51", "--plain"], capsys)[1] == text
    assert text.startswith("TOE-51: What a fold costs\n\n")
    assert "Picture, as P1 sees it: P2 must answer" in text and "For programmers" not in text


def test_words_not_translated_yet_are_english_and_said(
        monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    """A ruling reworded since it was translated: the catalogue lacks its new words, so
    they are shown in English, and stderr says some words are, in the language asked
    for; the rest stays translated."""
    rulings = load_rulings("toepen")
    reworded = [attrs.evolve(r, title=r.title + " (reworded)") if r.id == "TOE-51" else r
                for r in rulings]
    monkeypatch.setattr(tablegames.cli, "load_rulings", lambda game: reworded)
    note = "tablegames: بعض هذه الكلمات لم تُترجم بعد: تُعرض بالإنجليزية\n"
    code, text, err = run(["rulings", "toepen", "TOE-51", "--lang", "ar"], capsys)
    assert code == 0 and err == note
    assert text.startswith("What a fold costs (reworded) (TOE-51)\n")
    r = next(x for x in rulings if x.id == "TOE-51")
    assert ruling_words("toepen", "ar")(for_players(r.text)) in " ".join(text.split())
    code, text, err = run(["rulings", "toepen", "--lang", "ar"], capsys)
    assert code == 0 and err == note and "What a fold costs (reworded)  TOE-51\n" in text
    # a ruling whose words are all translated says nothing
    code, _, err = run(["rulings", "toepen", "TOE-01", "--lang", "ar"], capsys)
    assert code == 0 and err == ""


@pytest.mark.parametrize(("lang", "said"), [
    ("nl", "tablegames: geen regel 'TOE-99' in toepen (tablegames rulings toepen toont ze)\n"),
    ("da", "tablegames: ingen regel 'TOE-99' i toepen (tablegames rulings toepen viser dem)\n"),
])
def test_a_refusal_in_dutch_and_danish(lang: str, said: str,
                                       capsys: pytest.CaptureFixture[str]) -> None:
    code, text, err = run(["rulings", "toepen", "TOE-99", "--lang", lang], capsys)
    assert code == 2 and text == "" and err == said


@pytest.mark.parametrize("lang", ["nl", "da"])
def test_the_rulings_help_is_whole_in_dutch_and_danish(lang: str) -> None:
    """``rulings`` takes Dutch and Danish, so its help is written in them (as ``play``'s)."""
    import argparse

    from tablegames.cli import build_parser
    from tablegames.cliwords import CliWords, argparse_words, lang_of

    assert lang_of(["rulings", "toepen", "--lang", lang]) == lang
    assert lang_of(["games", "--lang", lang]) == "en"
    words = CliWords(lang)
    with argparse_words(words):
        parser = build_parser(words)
        sub = next(a for a in parser._actions if isinstance(a, argparse._SubParsersAction))
        text = sub.choices["rulings"].format_help()
    english = build_parser()
    sub_en = next(a for a in english._actions if isinstance(a, argparse._SubParsersAction))
    pairs = [(e.help, t.help) for e, t in zip(sub_en.choices["rulings"]._actions,
                                               sub.choices["rulings"]._actions, strict=True)]
    assert not [e for e, t in pairs if e is not None and e == t]
    assert sub.choices["rulings"].description != sub_en.choices["rulings"].description
    assert text.startswith({"nl": "gebruik: ", "da": "brug: "}[lang])


# -- simulate --resume with an --out file that does not exist --------------------------

SIM = ["simulate", "toepen", "--games", "2", "--players", "2", "--seed", "1", "--workers", "1",
       "--json"]


@pytest.mark.parametrize(("lang", "note"), [
    ("en", "tablegames: nothing to resume in '{path}': starting the run\n"),
    ("ar", "tablegames: لا شيء لاستئنافه في '{path}': يبدأ التشغيل من أوله\n")])
def test_resume_without_a_file_starts_the_run_and_says_so(
        tmp_path: Path, lang: str, note: str, capsys: pytest.CaptureFixture[str]) -> None:
    fresh = tmp_path / "fresh.jsonl"
    code, expected, err = run([*SIM, "--out", str(fresh), "--lang", lang], capsys)
    assert code == 0 and err == ""
    wanted = fresh.read_bytes()
    missing = tmp_path / "new" / "run.jsonl"  # its folder is made, as without --resume
    code, text, err = run([*SIM, "--out", str(missing), "--resume", "--lang", lang], capsys)
    assert code == 0 and err == note.format(path=missing)
    assert missing.read_bytes() == wanted  # every game played, as a fresh run
    same = json.loads(text)
    first = json.loads(expected)
    assert same.pop("out") == str(missing) and first.pop("out") == str(fresh)
    timed = {"seconds", "games_per_second"}
    assert {k: v for k, v in same.items() if k not in timed} == \
        {k: v for k, v in first.items() if k not in timed}  # --json is as before
    # the file now exists: resuming it again says nothing and plays nothing more
    code, _, err = run([*SIM, "--out", str(missing), "--resume", "--lang", lang], capsys)
    assert code == 0 and err == "" and missing.read_bytes() == wanted


def test_resume_without_a_file_that_is_refused_says_only_the_refusal(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """The line comes once the library has checked everything: a refused run (here a
    results file under a file, not a folder) has the refusal alone on stderr."""
    blocker = tmp_path / "file"
    blocker.write_text("x")
    code, text, err = run([*SIM, "--out", str(blocker / "run.jsonl"), "--resume"], capsys)
    assert code == 2 and text == "" and err.count("\n") == 1
    assert "nothing to resume" not in err and blocker.read_text() == "x"


@pytest.mark.parametrize(("lang", "example", "other"), [
    ("da", "P10-40", "TOE-51"), ("nl", "TOE-51", "P10-40"), ("ar", "TOE-51", "P10-40")])
def test_the_help_names_a_ruling_of_a_game_the_language_is_offered_for(
        lang: str, example: str, other: str, capsys: pytest.CaptureFixture[str]) -> None:
    """Danish is offered for Phase 10's rulings, Dutch for Toepen's, Arabic for every
    game's: Danish's help named TOE-51, a ruling no Danish ruling text is written for
    (helper-198). Each example is one an illegal move names, as the help says."""
    from tablegames.phase10.refusals import MUST_LAY
    from tablegames.toepen.refusals import FOLD_OWN_KNOCK

    assert {MUST_LAY.ruling, FOLD_OWN_KNOCK.ruling} == {"P10-40", "TOE-51"}
    with pytest.raises(SystemExit) as stop:
        main(["rulings", "--help", "--lang", lang])
    out = capsys.readouterr().out
    assert stop.value.code == 0 and out.count(example) == 2 and other not in out, out
