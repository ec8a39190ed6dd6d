"""The library's refusals of an unknown game or bot, a player count a game does not seat,
an arena's lineup of more bots than seats, and the terminal game's seat and opponent carry
a stable code and fields (:class:`~tablegames.common.errors.ArgumentRefused`), their
English word for word as before; the ``tablegames`` command tells them from those fields
in every language it takes, before anything runs (helper-203: the command no longer
checks them by hand first)."""

from __future__ import annotations

import pickle
import re
from collections.abc import Callable
from typing import Any

import pytest

from tablegames import GAMES, new_game, runner
from tablegames.bots.matches import arena
from tablegames.bots.registry import make
from tablegames.cli import told
from tablegames.cliwords import CliWords
from tablegames.common.errors import ArgumentRefused, SetupError, TablegamesError
from tablegames.common.registry import game_info
from tablegames.simulation import simulate
from tablegames.tui.session import Options
from tests.cli_lines import said as _said

KNOWN_GAMES = ("dallah", "phase10", "shithead", "toepen")
TOEPEN_BOTS = ("random", "ismcts", "club")
UNKNOWN_GAME = "unknown game 'chess'; known: dallah, phase10, shithead, toepen"
UNKNOWN_BOT = "toepen has no bot 'genius'; known: random, ismcts, club"


@pytest.fixture()
def nothing_runs(monkeypatch: pytest.MonkeyPatch) -> None:
    """No run may start: the refusal must come before any work."""
    def started(*args: Any, **kwargs: Any) -> None:
        raise AssertionError("a run started")

    monkeypatch.setattr(runner, "run", started)


#: (the call, its argument, code and fields, its English as before helper-203)
CASES: list[tuple[str, Callable[[], object], str, str, dict[str, object], str]] = [
    ("game_info", lambda: game_info("chess"), "game", "choice",
     {"value": "chess", "choices": KNOWN_GAMES, "game": None}, UNKNOWN_GAME),
    ("new_game", lambda: new_game("chess"), "game", "choice",
     {"value": "chess", "choices": KNOWN_GAMES}, UNKNOWN_GAME),
    ("simulate-game", lambda: simulate("chess", games=2), "game", "choice",
     {"value": "chess", "choices": KNOWN_GAMES}, UNKNOWN_GAME),
    ("check_players", lambda: GAMES["toepen"].check_players(9), "players", "seats",
     {"value": 9, "least": 2, "most": 8, "game": "toepen"},
     "toepen is for 2 to 8 players, not 9"),
    ("simulate-players", lambda: simulate("phase10", games=2, players=7), "players", "seats",
     {"value": 7, "least": 2, "most": 6, "game": "phase10"},
     "phase10 is for 2 to 6 players, not 7"),
    ("arena-players", lambda: arena("toepen", ["club"], games=2, players=1), "players",
     "seats", {"value": 1, "least": 2, "most": 8, "game": "toepen"},
     "toepen is for 2 to 8 players, not 1"),
    ("make", lambda: make("genius", "toepen"), "bot", "choice",
     {"value": "genius", "choices": TOEPEN_BOTS, "game": "toepen"}, UNKNOWN_BOT),
    ("simulate-bot", lambda: simulate("toepen", "genius", games=2), "bot", "choice",
     {"value": "genius", "choices": TOEPEN_BOTS, "game": "toepen"}, UNKNOWN_BOT),
    ("simulate-bot-not-text", lambda: simulate("toepen", ["club", 5], games=2),  # type: ignore[list-item]
     "bot", "choice", {"value": 5, "game": "toepen"},
     "toepen has no bot 5; known: random, ismcts, club"),
    ("arena-bot", lambda: arena("toepen", ["club", "genius"], games=2), "bot", "choice",
     {"value": "genius", "choices": TOEPEN_BOTS, "game": "toepen"}, UNKNOWN_BOT),
    ("arena-too-many", lambda: arena("toepen", ["club", "club", "random"], games=2, players=2),
     "bots", "too_many",
     {"value": ["club", "club", "random"], "seats": 2, "bots": ("club", "club", "random")},
     "3 bots for 2 seats: give at most one bot per seat"),
    ("options-game", lambda: Options(game="chess"), "game", "choice",
     {"value": "chess", "choices": KNOWN_GAMES}, UNKNOWN_GAME),
    ("options-seat", lambda: Options(game="toepen", seat=5), "seat", "range",
     {"value": 5, "least": 0, "most": 3, "game": "toepen"},
     "seat must be a seat of this game, 0..3 (--seat), not 5"),
    ("options-seat-bool", lambda: Options(game="toepen", seat=True), "seat", "range",
     {"value": True, "least": 0, "most": 3},
     "seat must be a seat of this game, 0..3 (--seat), not True"),
    ("options-opponent", lambda: Options(game="toepen", opponent="genius"), "opponent",
     "choice", {"value": "genius", "choices": TOEPEN_BOTS, "game": "toepen"},
     "opponent must be None or one of random, ismcts, club (--opponent), not 'genius'"),
]
IDS = [name for name, *_ in CASES]
#: What ``play``, which takes Dutch and Danish too, can be refused among them.
PLAY_ARGUMENTS = frozenset({"game", "players", "seat", "opponent"})


def _refused(call: Callable[[], object]) -> ArgumentRefused:
    with pytest.raises(ArgumentRefused) as refused:
        call()
    return refused.value


@pytest.mark.parametrize(("name", "call", "argument", "code", "fields", "english"), CASES,
                         ids=IDS)
def test_the_library_refuses_with_its_code_and_fields(
        name: str, call: Callable[[], object], argument: str, code: str,
        fields: dict[str, object], english: str, nothing_runs: None) -> None:
    """Each is a :class:`SetupError` as before (``except SetupError`` still catches it),
    its sentence word for word the old one, its code and fields the facts it names."""
    error = _refused(call)
    assert isinstance(error, SetupError) and isinstance(error, TablegamesError)
    assert (error.argument, error.code) == (argument, code)
    assert {k: getattr(error, k) for k in fields} == fields
    assert str(error) == english


@pytest.mark.parametrize(("name", "call", "argument", "code", "fields", "english"), CASES,
                         ids=IDS)
def test_each_refusal_survives_pickling_whole(
        name: str, call: Callable[[], object], argument: str, code: str,
        fields: dict[str, object], english: str, nothing_runs: None) -> None:
    error = _refused(call)
    again = pickle.loads(pickle.dumps(error))
    assert type(again) is ArgumentRefused and str(again) == english
    assert vars(again) == vars(error)


def test_an_unknown_bot_that_cannot_be_pickled_still_pickles() -> None:
    """A bot "name" that is a lambda comes back from a worker as the refusal, its value
    left out, not as Python's "cannot pickle"."""
    odd = lambda: 1  # noqa: E731
    error = _refused(lambda: simulate("toepen", ["club", odd], games=2))  # type: ignore[list-item]
    again = pickle.loads(pickle.dumps(error))
    assert (again.argument, again.code, again.game, again.value, str(again)) == (
        "bot", "choice", "toepen", None, str(error))
    assert error.value is odd


def test_a_registered_bot_is_among_the_choices(monkeypatch: pytest.MonkeyPatch) -> None:
    """``choices`` are the bots :func:`~tablegames.bots.make` makes for the game now, a
    registered one included, as the sentence names them."""
    from tablegames.bots import registry

    for table in ("_EXTRA", "_ORIGIN", "_TEXTS"):  # registered here only, for this test
        monkeypatch.setattr(registry, table,
                            {k: dict(v) for k, v in getattr(registry, table).items()})
    registry.register("helper203_bot", lambda info, seed: make("random", info, seed),
                      game="toepen")
    error = _refused(lambda: make("genius", "toepen"))
    assert error.choices == (*TOEPEN_BOTS, "helper203_bot")
    assert str(error).endswith("known: random, ismcts, club, helper203_bot")


#: Each refusal in Arabic; in Dutch and Danish those ``play`` (which takes them) meets:
#: simulate and arena take English and Arabic, their lines are empty in nl and da.
TOLD = [(lang, *case) for lang in ("ar", "nl", "da") for case in CASES
        if lang == "ar" or case[2] in PLAY_ARGUMENTS]


@pytest.mark.parametrize(("lang", "name", "call", "argument", "code", "fields", "english"),
                         TOLD, ids=[f"{t[1]}-{t[0]}" for t in TOLD])
def test_told_says_each_from_its_fields(
        lang: str, name: str, call: Callable[[], object], argument: str, code: str,
        fields: dict[str, object], english: str, nothing_runs: None) -> None:
    """The command's words come from the fields, never from the English sentence: each
    is the catalogue's line (not the English), and names the value refused."""
    error = _refused(call)
    assert told(error, CliWords("en")) == english
    said = told(error, CliWords(lang))
    assert said != english
    assert str(fields["value"] if code != "too_many" else 3) in said, said
    if lang == "ar":
        assert re.search("[\u0600-\u06ff]", said), said


#: (command line, the library's call that says the same in English)
LINES: list[tuple[list[str], Callable[[], object]]] = [
    (["simulate", "chess"], lambda: game_info("chess")),
    (["arena", "chess", "--bots", "club,club"], lambda: game_info("chess")),
    (["simulate", "toepen", "--games", "2", "--bot", "genius"],
     lambda: make("genius", "toepen")),
    (["simulate", "toepen", "--games", "2", "--players", "9"],
     lambda: GAMES["toepen"].check_players(9)),
    (["arena", "toepen", "--bots", "club,genius", "--games", "2"],
     lambda: make("genius", "toepen")),
    (["arena", "toepen", "--bots", "club,club,club", "--players", "2"],
     lambda: arena("toepen", ["club", "club", "club"], games=2, players=2)),
    (["arena", "toepen", "--bots", "club", "--players", "9", "--rules", "limit=15"],
     lambda: GAMES["toepen"].check_players(9)),
]


@pytest.mark.parametrize(("argv", "call"), LINES, ids=[" ".join(a) for a, _ in LINES])
def test_the_command_tells_the_librarys_refusal_before_anything_runs(
        argv: list[str], call: Callable[[], object], capsys: pytest.CaptureFixture[str],
        nothing_runs: None) -> None:
    """English is the library's own sentence (the command checks nothing of these
    itself), Arabic the fields told; status 2 and no run started either way."""
    error = _refused(call)
    code, err = _said(argv, capsys)
    assert (code, err) == (2, f"tablegames: {error}\n")
    code, err = _said([*argv, "--lang", "ar"], capsys)
    assert code == 2 and err == f"tablegames: {told(error, CliWords('ar'))}\n", err


@pytest.mark.parametrize("lang", ["en", "ar", "nl", "da"])
def test_play_tells_options_refusals_in_each_language(
        lang: str, capsys: pytest.CaptureFixture[str]) -> None:
    """``play``'s seat and opponent are refused by :class:`Options` (the command no longer
    checks them first), told in each language ``play`` takes."""
    for argv, call in [(["play", "toepen", "--seat", "5"], lambda: Options("toepen", seat=5)),
                       (["play", "toepen", "--players", "2", "--opponent", "genius"],
                        lambda: Options("toepen", players=2, opponent="genius"))]:
        error = _refused(call)
        code, err = _said([*argv, "--lang", lang], capsys)
        assert (code, err) == (2, f"tablegames: {told(error, CliWords(lang))}\n")


@pytest.mark.parametrize("players", [1, 9, ["A"], [f"P{i}" for i in range(9)]],
                         ids=["one", "nine", "one name", "nine names"])
def test_new_game_refuses_a_count_with_the_same_fields_as_check_players(players: Any) -> None:
    """Every door a count comes through (``new_game``'s count or list of names, as
    ``GameInfo.check_players``) refuses it with one sentence and one set of fields."""
    n = players if isinstance(players, int) else len(players)
    with pytest.raises(ArgumentRefused) as caught:
        new_game("toepen", players=players, seed=1)
    with pytest.raises(ArgumentRefused) as checked:
        GAMES["toepen"].check_players(n)
    for exc in (caught.value, checked.value):
        assert str(exc) == f"toepen is for 2 to 8 players, not {n}"
        assert (exc.argument, exc.code, exc.game, exc.value, exc.least, exc.most) == (
            "players", "seats", "toepen", n, 2, 8)


#: ``play --names`` with a name that cannot be one: the code, then the line in each
#: language ``play`` takes (English the library's sentence, word for word).
NAME_REFUSALS = [
    ("a,a", "distinct", {"en": "player names must be distinct",
                         "ar": "يجب أن تختلف أسماء اللاعبين",
                         "nl": "spelersnamen moeten van elkaar verschillen",
                         "da": "spillernavne skal være forskellige"}),
    ("a," + "x" * 65, "text", {"en": "player names must be non-empty strings of at most 64 "
                                     "characters",
                               "ar": "أسماء اللاعبين نصوص غير فارغة من 64 حرفًا على الأكثر",
                               "nl": "spelersnamen zijn niet-lege teksten van hoogstens 64 tekens",
                               "da": "spillernavne skal være ikke-tomme tekster på højst 64 tegn"}),
    ("a,b\u202e", "direction", {"en": "player name 1 holds a direction control",
                                "ar": "اسم اللاعب 1 فيه محرف تحكم في الاتجاه",
                                "nl": "spelersnaam 1 bevat een richtingsteken",
                                "da": "spillernavn 1 indeholder et retningstegn"}),
]


@pytest.mark.parametrize(("names", "code", "lines"), NAME_REFUSALS,
                         ids=[c for _, c, _ in NAME_REFUSALS])
def test_a_player_name_refused_is_told_in_the_language_of_play(
        names: str, code: str, lines: dict[str, str],
        capsys: pytest.CaptureFixture[str]) -> None:
    """A name ``play --names`` cannot seat was refused in English whatever ``--lang``
    said (a plain ``SetupError`` with no fields, found by helper-207): the library's
    refusal is an ``ArgumentRefused`` (``argument`` ``"names"``), told in every language
    ``play`` takes; the library's English is unchanged."""
    with pytest.raises(ArgumentRefused) as caught:
        new_game("toepen", players=names.split(","), seed=1)
    assert (caught.value.argument, caught.value.code) == ("names", code)
    assert str(caught.value).startswith(lines["en"])
    for lang, line in lines.items():
        status, err = _said(["play", "toepen", "--names", names, "--lang", lang], capsys)
        assert status == 2 and err.startswith("tablegames: " + line), (lang, err)


def test_a_name_with_a_space_at_an_end_or_a_control_is_refused_with_its_index() -> None:
    for names, code in ((["a", " b"], "space"), (["a", "b\nc"], "control")):
        with pytest.raises(ArgumentRefused) as caught:
            new_game("toepen", players=names, seed=1)
        assert (caught.value.code, caught.value.value) == (code, 1)
        assert str(caught.value).startswith("player name 1 ")
