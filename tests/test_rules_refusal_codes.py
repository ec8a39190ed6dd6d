"""Rules refusals carry a code and fields (helper-212): one check in the library, told by
every front end from its fields.

Each code of :data:`~tablegames.common.errors.RULES_CODES` is raised by a real bad input
through the library (its English sentence kept), told by the ``tablegames`` command in
each language it takes and by the room server's creation form; a refusal changes nothing
it was given, and every place the library raises ``RulesError`` names its code (a
static check, so a new refusal cannot come without one).
"""

from __future__ import annotations

import ast
import copy
import pickle
import re
from pathlib import Path
from types import SimpleNamespace
from typing import Any

import pytest

import tablegames
from tablegames import GAMES, RulesError, RulesNotDealt, SetupError, dallah
from tablegames.common.errors import RULES_CODES
from tablegames.common.rules import IntIn, coerce_rules
from tests.cli_lines import said

ROOT = Path(tablegames.__file__).resolve().parent
#: Raise sites another helper owns, whose refusals (a save's) need no code of their own.
UNCODED = {ROOT / "shithead" / "loading.py"}


def refused(game: str, rules: object, players: int | None = None) -> RulesError:
    """The library's refusal of ``rules`` for ``game`` (fitted to ``players`` seats when
    given), checking that the rules it was given are unchanged."""
    before = copy.deepcopy(rules)
    info = GAMES[game]
    with pytest.raises(RulesError) as caught:
        if players is None:
            coerce_rules(info.rules_class, rules)
        else:
            info.fit_rules(players, rules)
    assert rules == before  # a refusal changes nothing it was given
    return caught.value


def clash(ruling: str, *args: Any) -> Any:
    return pytest.param(*args, marks=pytest.mark.ruling(ruling), id=f"clash-{ruling}")


#: (game, rules, players, code, fields the refusal carries, its English sentence's start).
CASES = [
    ("toepen", 5, None, "not_rules", {"value": 5}, "rules are a Rules object"),
    ("toepen", ("standard", 3), None, "not_rules", {"value": 3},
     "a variant's overrides are a dict"),
    ("toepen", "nosuch", None, "variant",
     {"variant": "nosuch", "game": "toepen", "choices": tuple(sorted(GAMES["toepen"].variants))},
     "unknown toepen variant 'nosuch'; known: double-knock, "),
    ("toepen", {"nokey": 1, "limit": 15}, None, "unknown", {"options": ("nokey",)},
     "bad Rules: unknown option(s): 'nokey'"),
    ("toepen", {10**5000: 1, None: 2}, None, "unknown",
     {"options": ("None", "an integer of 16610 bits")},
     "bad Rules: unknown option(s): None, an integer of 16610 bits"),
    ("toepen", {"limit": "x"}, None, "type",
     {"option": "limit", "value": "x", "expected": "int", "options": ("limit",)},
     "bad Rules: limit: expected an integer, got 'x'"),
    ("toepen", {"limit": True}, None, "type", {"option": "limit", "value": True,
                                               "expected": "int"}, "bad Rules: limit: "),
    ("phase10", {"phases": "set3"}, None, "type",
     {"option": "phases", "expected": "list"}, "phases: expected a list, not 'set3'"),
    ("toepen", {"limit": 1000}, None, "range",
     {"option": "limit", "value": 1000, "least": 2, "most": 100},
     "bad Rules: limit must be in 2..100, not 1000"),
    ("toepen", {"ending": "y"}, None, "choice",
     {"option": "ending", "value": "y", "choices": ("elimination", "rubber")}, "bad Rules: "),
    ("toepen", {"second_exchange": "x"}, None, "choice",
     {"option": "second_exchange", "choices": ("all", "false", "true")},
     'bad Rules: second_exchange: expected true, false or "all", got \'x\''),
    ("shithead", {"aces": "mid"}, None, "choice", {"option": "aces",
                                                   "choices": ("high", "low")}, "bad Rules: "),
    ("phase10", {"discard_taken": 3}, None, "bool", {"option": "discard_taken", "value": 3},
     "bad Rules: discard_taken: expected true or false, got 3"),
    ("phase10", {"phases": ["set3"] * 31}, None, "too_long", {"option": "phases", "most": 30},
     "bad Rules: phases: at most 30 phases"),
    ("shithead", {"effects": [{"value": 2, "does": "reset"}] * 1001}, None, "too_long",
     {"option": "effects", "most": 1000}, "effects: at most 1000 items, not 1001"),
    ("phase10", {"phases": ["set3", "bogus"]}, None, "value",
     {"option": "phases", "value": ("set3", "bogus"), "where": "phases[1]"},
     "bad Rules: phase 'bogus': 'bogus' is not setN, runN or colourN"),
    ("phase10", {"phases": [1]}, None, "value", {"option": "phases", "where": "phases[0]"},
     "bad Rules: phases[0]: expected a string, got 1"),
    ("shithead", {"effects": [{"value": 14, "does": "burn"}]}, None, "value",
     {"option": "effects", "where": "effects[0]"},
     "bad Rules: effects[0]: value must be in 1..13, not 14"),
    ("dallah", {"cards": "nosuch"}, None, "card_set", {"option": "cards", "value": "nosuch"},
     "bad Rules: cards: cards: 'nosuch' names no card set"),
    clash("TOE-03", "toepen", {"exchanges": False, "bluff_takes_back": True}, None, "clash",
          {"options": ("bluff_takes_back", "exchanges")},
          "bad Rules: bluff_takes_back=True needs exchanges=True"),
    clash("SHD-04", "shithead", {"lead_shown": True, "starter": "seat"}, None, "clash",
          {"options": ("lead_shown", "starter")}, "bad Rules: lead_shown=True needs"),
    clash("SHD-25", "shithead", {"burn_run": 6}, None, "clash",
          {"options": ("burn_run", "decks")}, "bad Rules: burn_run=6 needs decks=2 or more"),
    ("shithead", {"cut_in": True, "burn_run": None}, None, "clash",
     {"options": ("cut_in", "burn_run")}, "bad Rules: cut_in=True needs burn_run"),
    ("phase10", {"wild_groups": "open", "naturals": "group"}, None, "clash",
     {"options": ("wild_groups", "naturals")}, 'bad Rules: wild_groups="open" needs'),
    ("phase10", {"phase_choice": True, "phases": ["set3", "set3"]}, None, "clash",
     {"options": ("phase_choice", "phases")}, "bad Rules: with phase_choice every phase"),
    ("phase10", {"hand_size": 3}, None, "clash", {"options": ("phases", "hand_size")},
     "bad Rules: phase 'set3+set3' needs 6 cards but a player holds at most 4"),
    clash("SHD-02", "shithead", {"decks": 1}, 9, "players",
          {"players": 9, "options": ("decks",)},
          "1 deck(s) deal nine cards to at most 5 players, not 9"),
    ("toepen", {"limit": "x", "ending": "y"}, None, "several",
     {"options": ("limit", "ending")}, "bad Rules: limit: expected an integer, got 'x'; "),
]


@pytest.mark.parametrize(("game", "rules", "players", "code", "fields", "english"), CASES)
def test_each_refusal_carries_its_code_and_facts(
        game: str, rules: object, players: int | None, code: str, fields: dict[str, Any],
        english: str) -> None:
    exc = refused(game, rules, players)
    assert exc.code == code and code in RULES_CODES
    for name, value in fields.items():
        assert getattr(exc, name) == value, (name, getattr(exc, name))
    assert str(exc).startswith(english), str(exc)  # the library's sentence, as before


def test_every_code_is_raised_by_a_case_above() -> None:
    raised = {case.values[3] if hasattr(case, "values") else case[3] for case in CASES}
    assert raised == set(RULES_CODES) - {"invalid"}


def test_several_faults_are_each_a_refusal_of_its_own() -> None:
    exc = refused("toepen", {"limit": "x", "ending": "y", "exchanges": 2})
    assert [(f.code, f.option) for f in exc.faults] == [
        ("type", "limit"), ("choice", "ending"), ("bool", "exchanges")]
    assert exc.faults[1].choices == ("elimination", "rubber")


def test_rules_that_cannot_be_dealt_are_a_setup_error_too() -> None:
    """``fit_rules``' refusal was the game's ``SetupError``: a caller catching it still
    does; a name the game refuses stays the names' ``ArgumentRefused``."""
    with pytest.raises(SetupError) as caught:
        GAMES["shithead"].fit_rules(8, {"decks": 1})
    assert isinstance(caught.value, RulesNotDealt) and caught.value.players == 8
    with pytest.raises(RulesNotDealt) as whole:  # a Rules object: what it changes
        GAMES["shithead"].fit_rules(8, GAMES["shithead"].rules_class(decks=1, rounds=3))
    assert whole.value.options == ("rounds",)  # decks=1 is the standard game's
    with pytest.raises(tablegames.ArgumentRefused):
        GAMES["shithead"].fit_rules(["A", "A"], {"decks": 1})


def test_a_validator_built_alone_names_its_bounds() -> None:
    with pytest.raises(RulesError) as caught:
        IntIn(1)(None, SimpleNamespace(name="rounds"), 0)
    assert (caught.value.code, caught.value.least, caught.value.most) == ("range", 1, None)
    with pytest.raises(RulesError) as typed:
        dallah.Rules(cards=3)  # type: ignore[arg-type]
    assert (typed.value.code, typed.value.expected) == ("type", "card_set")


def test_a_refusal_travels_whole_between_processes() -> None:
    """Pickled (a worker's refusal) with its code and fields; a value that cannot be
    pickled is left out, not the refusal."""
    exc = refused("toepen", {"limit": "x", "ending": "y"})
    back = pickle.loads(pickle.dumps(exc))
    assert (str(back), back.code, back.options) == (str(exc), "several", ("limit", "ending"))
    assert [f.code for f in back.faults] == ["type", "choice"]
    odd = refused("toepen", {"limit": lambda: 1})
    assert odd.code == "type" and pickle.loads(pickle.dumps(odd)).value is None


def _calls(path: Path) -> list[ast.Call]:
    text = path.read_text(encoding="utf-8")
    if "RulesError(" not in text and "RulesNotDealt(" not in text:
        return []  # parsed only where a refusal may be raised: the test stays fast
    tree = ast.parse(text)
    return [node for node in ast.walk(tree) if isinstance(node, ast.Call)
            and getattr(node.func, "id", None) in ("RulesError", "RulesNotDealt")]


def test_every_rules_refusal_of_the_library_names_a_listed_code() -> None:
    """A ``RulesError`` raised without a ``code`` (or with one the list does not hold)
    fails here: front ends tell a refusal by its code alone."""
    missing = []
    sites = 0
    for path in sorted(ROOT.rglob("*.py")):
        if path in UNCODED:
            continue
        for call in _calls(path):
            sites += 1
            given = {k.arg: k.value for k in call.keywords}
            code = given.get("code")
            if not (isinstance(code, ast.Constant) and code.value in RULES_CODES
                    and code.value != "invalid") and "code" not in _spread(call):
                missing.append(f"{path.relative_to(ROOT)}:{call.lineno}")
    assert sites > 60 and not missing, missing


def _spread(call: ast.Call) -> set[str]:
    """``code`` when a call passes a refusal's own fields on (``**_fields(fault)``)."""
    return {"code"} if any(k.arg is None for k in call.keywords) else set()


def test_every_code_is_documented_in_the_errors_reference() -> None:
    doc = RulesError.__doc__ or ""
    documented = set(re.findall(r'\* ``"(\w+)"``', doc))
    assert documented == set(RULES_CODES)


# -- the command ---------------------------------------------------------------------

#: (arguments, the English line, the Arabic line) for each code ``--rules`` can reach.
CLI = [
    (["play", "toepen", "--rules", "nosuch"], "unknown toepen variant 'nosuch'; known: ",
     "لا نسخة 'nosuch' في toepen؛ النسخ: "),
    (["play", "toepen", "--rules", "nokey=1"], "bad Rules: unknown option(s): 'nokey'",
     "لا قاعدة بيت بهذا الاسم: 'nokey'"),
    (["play", "toepen", "--rules", "limit=abc"], "bad Rules: limit: expected an integer",
     "قاعدة البيت limit عدد صحيح، لا 'abc'"),
    (["play", "toepen", "--rules", "limit=1000"], "bad Rules: limit must be in 2..100",
     "قاعدة البيت limit من 2 إلى 100، لا 1000"),
    (["play", "toepen", "--rules", "second_exchange=x"], "bad Rules: second_exchange: ",
     "قاعدة البيت second_exchange واحدة من: all، false، true، لا 'x'"),
    (["play", "phase10", "--rules", "discard_taken=3"], "bad Rules: discard_taken: ",
     "قاعدة البيت discard_taken إما true أو false، لا 3"),
    (["play", "phase10", "--rules", "phases=[" + ",".join(['"set3"'] * 31) + "]"],
     "bad Rules: phases: at most 30 phases", "قاعدة البيت phases قائمة من 30 عنصرًا على الأكثر"),
    (["play", "phase10", "--rules", "phases=[\"bogus\"]"], "bad Rules: phase 'bogus'",
     'لا يمكن اللعب بقاعدة البيت phases=["bogus"] كما ضُبطت'),
    (["play", "dallah", "--rules", "cards=nosuch"], "bad Rules: cards: cards: 'nosuch' names",
     'لا يمكن اللعب بقاعدة البيت cards="nosuch" كما ضُبطت'),
    (["play", "toepen", "--rules", "exchanges=false", "--rules", "bluff_takes_back=true"],
     "bad Rules: bluff_takes_back=True needs exchanges=True",
     "لا يمكن اللعب بقاعدتي البيت bluff_takes_back، exchanges معًا"),
    (["play", "shithead", "--players", "9", "--rules", "decks=1"],
     "1 deck(s) deal nine cards to at most 5 players, not 9",
     "بقواعد البيت decks لا يمكن توزيع اللعبة على طاولة عدد لاعبيها 9"),
    (["arena", "toepen", "--bots", "club,club", "--rules", "limit=x", "--rules", "ending=y"],
     "bad Rules: limit: expected an integer, got 'x'; ending: ",
     "قاعدة البيت limit عدد صحيح، لا 'x'؛ قاعدة البيت ending واحدة من: elimination، rubber، "
     "لا 'y'"),
]


@pytest.mark.parametrize(("argv", "english", "arabic"), CLI, ids=[" ".join(a) for a, *_ in CLI])
def test_the_command_tells_each_code_in_english_and_arabic(
        argv: list[str], english: str, arabic: str, capsys: pytest.CaptureFixture[str]) -> None:
    code, err = said(argv, capsys)
    assert code == 2 and err.startswith("tablegames: " + english), err
    code, err = said([*argv, "--lang", "ar"], capsys)
    assert code == 2 and err.startswith("tablegames: " + arabic), err


@pytest.mark.parametrize(("lang", "argv", "line"), [
    ("nl", ["play", "toepen", "--rules", "nosuch"], "onbekende variant 'nosuch' van toepen"),
    ("nl", ["play", "toepen", "--rules", "ending=y"],
     "de huisregel ending is een van elimination, rubber, niet 'y'"),
    ("nl", ["play", "toepen", "--rules", "exchanges=false", "--rules", "second_exchange=true"],
     "met de huisregels second_exchange, exchanges samen kan niet gespeeld worden"),
    ("da", ["play", "phase10", "--rules", "phases=[" + ",".join(['"set3"'] * 31) + "]"],
     "husreglen phases har højst 30 elementer"),
    ("da", ["play", "phase10", "--rules", "hit_same_turn=2"],
     "husreglen hit_same_turn er true eller false, ikke 2"),
    ("da", ["play", "phase10", "--rules", "wild_groups=open", "--rules", "naturals=group"],
     "husreglerne wild_groups, naturals kan ikke spilles sammen"),
])
def test_play_tells_them_in_dutch_for_toepen_and_danish_for_phase_10(
        lang: str, argv: list[str], line: str, capsys: pytest.CaptureFixture[str]) -> None:
    code, err = said([*argv, "--lang", lang], capsys)
    assert code == 2 and err.startswith("tablegames: " + line), err


# -- the room server's creation form -------------------------------------------------

#: (the form's fields, the note, the labels of the options it names, in the rules' order).
FORMS: list[tuple[dict[str, Any], str, list[str]]] = [
    ({"rules": {"limit": 1, "double_knock": True}}, "rules_one", ["Lives"]),
    ({"rules": {"limit": "x", "ending": "y", "double_knock": True}}, "rules_each",
     ["Lives", "End of the game"]),
    ({"rules": {"exchanges": False, "bluff_takes_back": True, "limit": 15}}, "rules_clash",
     ["Dirty hand exchange", "Bluffer takes back the cards"]),
    ({"game": "phase10", "rules": {"phases": ["bogus"], "hand_size": 10}}, "rules_one",
     ["Phases"]),
    # the table's size refuses the options set by hand (decks=1 and rounds=2 here)
    ({"game": "shithead", "players": 8, "rules": {"decks": 1, "rounds": 2}}, "rules_table",
     ["Decks", "Rounds"]),
]


@pytest.mark.parametrize(("spec", "key", "labels"), FORMS, ids=[k for _, k, _ in FORMS])
def test_the_server_names_the_options_at_fault(
        spec: dict[str, Any], key: str, labels: list[str], tmp_path: Path) -> None:
    """The form's ``bad_rules`` names the house rules the library found at fault, not
    every option the host set, by the labels the form shows; stores nothing."""
    from tablegames.server.rooms import ClientError, Hub, error_message
    from tablegames.server.store import Store
    from tablegames.server.words import note_text
    from tablegames.table.i18n import words_for

    hub = Hub(Store(tmp_path / "rooms.sqlite"), bot_delay=0)
    try:
        form = {"game": "toepen", "players": 3, "name": "Amal", **spec}
        before = hub.store.open_rooms()
        with pytest.raises(ClientError) as caught:
            hub.create(form)
        assert hub.store.open_rooms() == before
        exc = caught.value
        assert exc.code == "bad_rules"
        for lang in ("en", "ar"):
            w = words_for(lang, form["game"])
            assert error_message(exc, lang, None)["detail"] == note_text(
                lang, key, options=[w(label) for label in labels])
    finally:
        hub.store.close()
