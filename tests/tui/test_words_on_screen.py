"""What the screen says, besides the table: the words of the frame, the pause at a hand's
end, the prompts of reports, the help screen, and every one of them in the session's
language."""

from __future__ import annotations

import io
import re

import pytest
from rich.console import Console

import tablegames
from tablegames import toepen
from tablegames.common.rulings import load_rulings
from tablegames.render.faces import from_model
from tablegames.table import present
from tablegames.tui.helpscreen import STAGE_RULINGS, for_players, help_text
from tablegames.tui.screen import Screen, chip
from tablegames.tui.session import Options, Quit, Session


def session(game: str, inp: str = "", **options: object) -> tuple[Session, io.StringIO]:
    out = io.StringIO()
    opts = Options(game=game, **{"players": 3, "pace": 0, **options})  # type: ignore[arg-type]
    return Session(tablegames.GAMES[game], opts, out, io.StringIO(inp)), out


def test_every_fact_of_the_header_is_whole() -> None:
    """Dallah's five facts do not fit on an 80-column edge: the rest go inside, whole."""
    console = Console(file=io.StringIO(), width=80, force_terminal=False)
    screen = Screen(console, "dallah")
    model = present(tablegames.new_game("dallah", players=3, seed=1).view(0))
    lines = screen.lines(screen.frame(model))
    assert lines[0].endswith("─╮") and len(lines[0]) == 80
    text = " ".join(" ".join(lines).split())
    for f in model["facts"]:
        value = screen.words.text(f["value"]) if f["value"] is not None else "–"
        assert f"{screen.words.text(f['label'])}: {value}" in text, f


def test_a_card_is_never_split_between_two_lines() -> None:
    """Danish Phase 10 at 80 columns: "grøn 10" stays on one line in a laid group."""
    console = Console(file=io.StringIO(), width=80, force_terminal=False)
    screen = Screen(console, "phase10", lang="da")
    state = tablegames.new_game("phase10", players=3, seed=1)
    model = present(state.view(0))
    model["seats"][1]["groups"] = [{"label": "2. sæt af 3 × 10", "cards": [
        model["hand"][0]] * 9}]
    lines = screen.lines(screen.frame(model))
    assert sum("sæt af 3 × 10" in ln for ln in lines) == 1
    for ln in lines:
        assert not re.search(r"(grøn|rød|blå|gul)$", ln.rstrip(" │")), ln
    card = chip(from_model(model["hand"][0], screen.words)).plain.strip()
    assert " " in card and sum(ln.count(card) for ln in lines) == 9, (card, lines)


def test_the_pause_ends_with_the_hand_and_not_with_the_next_deal() -> None:
    """Toepen seed 10: "The round is over" shows the round up to its end; the next deal
    (a new round, new cards) is told after the pause."""
    s, out = session("toepen", seed=10, rules=(toepen.Rules(), {"limit": 3}))
    state = s.state
    while not s._pause:
        seat = state.to_act
        move = s.bot_action(seat) if seat != 0 else str(state.legal_actions(0)[0])
        s._apply(str(move), seat)
    held = s._held[0]
    assert re.search(r"won round 1", " ".join(s._result[0])), s._result
    assert not any(line.startswith(("Round 2", "Your cards")) for line in held), held
    out.truncate(0)
    s.pause_if_hand_ended()
    shown = out.getvalue().split("What happened", 1)[1]
    assert " ".join(s._result[0]) in shown and "Round 2" not in shown, shown
    assert any("Round 2" in line for line in s.happened[0])  # told afterwards


def test_reporting_for_a_bot_says_whose_turn_it_reports() -> None:
    """--reports table: the prompt is the bot's turn, not "Waiting for P1."."""
    s, out = session("dallah", inp="q\n", seed=5, reports="table")
    state = s.state
    while True:
        seat = state.to_act
        if seat == 0:
            s._apply(str(state.legal_actions(0)[0]), 0)
            continue
        action = s.bot_action(seat)
        if action is None:
            break
        s._apply(action, seat)
    with pytest.raises(Quit):
        s.report_for(seat)
    prompt_area = out.getvalue().rsplit("Your hand", 1)[-1]
    assert f"For P{seat}:" in out.getvalue() and f"Waiting for P{seat}" not in prompt_area


def test_the_fall_model_reporting_asks_no_report() -> None:
    """--reports model: the person is not told to "report what happened"."""
    s, out = session("dallah", inp="q\n", seed=5, reports="model")
    state = s.state
    while True:
        seat = state.to_act
        if seat == 0 and s.world is not None and s.world.reports(state) and \
                s.own_moves(0, state.view(0)["legal"]):
            break
        move = s.bot_action(seat) if seat != 0 else str(state.legal_actions(0)[0])
        s._apply(str(move), seat)
    with pytest.raises(Quit):
        s.decide(0)
    text = out.getvalue()
    assert "Enter lets the cup go" in text and "report what happened" not in text


@pytest.mark.parametrize("game, lang, english", [
    ("toepen", "nl", ["Not played", "Choose a number", "Game stopped", "Goodbye"]),
    ("toepen", "ar", ["Not played", "Choose a number", "Game stopped", "Goodbye"]),
    ("shithead", "ar", ["There is no numbered choice", "Game stopped"]),
])
def test_the_front_ends_words_are_translated(game: str, lang: str,
                                             english: list[str]) -> None:
    from tablegames.cli import main

    out = io.StringIO()
    code = main(["play", game, "--players", "3", "--seed", "3", "--pace", "0", "--lang",
                 lang], out=out, inp=io.StringIO("zz\n99\n0:zz\nq\n"))
    text = out.getvalue()
    assert code == 0
    for words in english:
        assert words not in text, words


def test_pass_the_screen_and_play_again_are_translated() -> None:
    from tablegames.cli import main

    out = io.StringIO()
    main(["play", "toepen", "--names", "Ana,Bo", "--table", "--lang", "nl", "--pace", "0"],
         out=out, inp=io.StringIO("\nq\n"))
    assert "Geef het scherm aan Ana." in out.getvalue() and "Pass the screen" not in \
        out.getvalue()


CODE = re.compile(r"\(\w[\w-]*\)=|\w\(\w*\)|\w=\w|\w_\w|`")


@pytest.mark.parametrize("game", list(STAGE_RULINGS))
def test_help_shows_the_rules_in_plain_words(game: str) -> None:
    """No MyST target ("(house-rules)="), no code ("legal_actions(seat)",
    "knock_only_on_turn=True"): the rule as a player reads it."""
    for r in load_rulings(game):
        assert not CODE.search(for_players(r.text)), (r.id, for_players(r.text))
    state = tablegames.new_game(game, players=3, seed=1)
    for _ in range(30):
        text = "\n".join(help_text(game, state.view(state.to_act or 0)))
        assert text and not CODE.search(text.replace("At the table", "")), text
        state.apply(state.legal_actions()[0])
        if state.is_over:
            break


@pytest.mark.ruling("P10-20")
@pytest.mark.ruling("P10-45")
@pytest.mark.ruling("P10-47")
def test_a_rule_is_not_the_house_options_that_follow_it() -> None:
    """A ruling's paragraph may go on to its house option (``**Option:**
    Rules(skip_target="next") ...``) or name one in a call (``Rules(hand_size=...)
    changes the ten``): neither is the rule a player reads. The call's parentheses used
    to be cut as an aside, leaving "Rules changes the ten." on the help screen."""
    by_id = {r.id: r for r in load_rulings("phase10")}
    assert for_players(by_id["P10-20"].text) == (
        "A player who discards a Skip names another player, whose next turn is passed over. "
        "Nobody may name themself.")
    # the rule in words a player uses, not notation (P10-20 read "discard S>2"), an
    # example (P10-45 read "Seat 0 lays phase 1, ...") or nothing (P10-47 was only its
    # refusal codes), found by helper-143
    assert for_players(by_id["P10-45"].text).startswith(
        "A player who laid their phase down in a hand goes on to the next phase")
    assert for_players(by_id["P10-47"].text).startswith("A phase laid down stays as it was")
    assert for_players(by_id["P10-30"].text) == ""
    for game in STAGE_RULINGS:
        for r in load_rulings(game):
            rule = for_players(r.text)
            assert "Option" not in rule and "Rules " not in rule, (r.id, rule)


@pytest.mark.parametrize(("game", "lang"), [("toepen", "nl"), ("toepen", "ar"),
                                            ("phase10", "da"), ("phase10", "ar"),
                                            ("shithead", "ar"), ("dallah", "ar")])
def test_the_help_screen_tells_the_rulings_in_the_tables_language(game: str, lang: str) -> None:
    """Every ruling the help screen shows, at every stage of a game, is in the table's
    language (the game's rulings catalogue), none left in English."""
    from tablegames.table.i18n import catalogue, words_for

    said = catalogue(lang, f"{game}_rulings").gettext
    by_id = {r.id: r for r in load_rulings(game)}
    w = words_for(lang, game)
    state = tablegames.new_game(game, players=3, seed=1)
    seen: set[str] = set()
    for _ in range(40):
        parts = help_text(game, state.view(state.to_act or 0), w=w,
                          cards=getattr(state.rules, "cards", None))
        assert w("Some rulings below are written in English.") not in parts
        for p in parts:
            rid = p.split(" ", 1)[0]
            if rid in by_id:
                title = by_id[rid].title
                assert p.startswith(f"{rid} {said(title)}.") and said(title) != title, p
                seen.add(rid)
        state.apply(state.legal_actions()[0])
        if state.is_over:
            break
    assert len(seen) >= 3
