"""What a newcomer found at the terminal (helper-90's report): ``?`` and Enter skipped the
first page of the rulings and pages broke inside a ruling; the pause at a round's end
showed the next deal; "What happened" let moves scroll away unseen; and small things of
the table's words (the viewer's own turn, a bare "Stock (16):", "Je kaarten" twice, a
card split from its player at 60 columns, the Naql line said twice)."""

from __future__ import annotations

import io
import re
from collections.abc import Iterable
from typing import Any

import pytest
from rich.console import Console

import tablegames
from tablegames import toepen
from tablegames.table import present
from tablegames.tui.screen import Screen
from tablegames.tui.session import Options, Quit, Session
from tablegames.tui.words import unglued

STYLE = re.compile(r"\x1b\[[0-9;]*m")


class Keys:
    """Keys as a person presses them at a real terminal (a :class:`Keyboard` stand-in);
    end of input when they run out."""

    live = True
    resized = False

    def __init__(self, keys: Iterable[str]) -> None:
        self.keys = list(keys)

    def key(self, timeout: float | None) -> str | None:
        if timeout is not None:  # the person presses keys only when asked to
            return None
        if not self.keys:
            raise EOFError
        return self.keys.pop(0)


def session(game: str, keys: Iterable[str] | None = None, size: tuple[int, int] | None = None,
            **options: Any) -> tuple[Session, io.StringIO]:
    """A session writing to a string; with ``keys``, keys come one by one as at a terminal,
    and with ``size`` (columns, lines) the screen fits a window of that size."""
    out = io.StringIO()
    opts = Options(game=game, **{"players": 3, "pace": 0, **options})  # type: ignore[arg-type]
    s = Session(tablegames.GAMES[game], opts, out, io.StringIO(""),
                keys=Keys(keys) if keys is not None else None)  # type: ignore[arg-type]
    if size is not None:
        cols, rows = size
        s.console.width = cols
        s.screen.fitting = lambda: rows  # type: ignore[method-assign]
    return s, out


# ------------------------------------------------------------------ 1. the rulings' pages
@pytest.mark.parametrize("keys", [["?", "\r"], ["?", "\n"]])
def test_question_mark_and_enter_open_the_first_page(keys: list[str]) -> None:
    """``?`` opens the rulings at once; the Enter that ends the typed line "?" is not the
    key that turns the page: the first page is the one on screen (then Esc, q quits)."""
    s, out = session("toepen", [*keys, "\x1b", "q", "\n"], size=(100, 30), players=4)
    with pytest.raises(Quit):
        s.decide(s.state.to_act)
    text = STYLE.sub("", out.getvalue())
    assert text.count("Rulings for this moment") == 1, text
    page = text.split("Rulings for this moment", 1)[1]
    assert page.lstrip().startswith("Type the number of a move"), page[:200]


def test_the_rulings_break_between_rulings() -> None:
    """Every page of the rulings starts with a ruling (or the typing help), never in the
    middle of one: a ruling with its example stays on one page when it fits on one."""
    s, out = session("toepen", ["?", "\n", " ", " ", " ", " ", " ", "q", "\n"],
                     size=(100, 30), players=4)
    with pytest.raises(Quit):
        s.decide(s.state.to_act)
    pages = STYLE.sub("", out.getvalue()).split("Rulings for this moment\n")[1:]
    assert len(pages) >= 2, pages
    for page in pages:
        body = page.split("Press any key to go on")[0]
        assert re.match(r"(TOE-\d\d |Type the number)", body), body[:200]
        rulings = re.findall(r"^TOE-\d\d ", body, re.MULTILINE)
        assert body.count("At the table:") == len(rulings), body


def test_a_ruling_longer_than_a_page_is_cut_only_then() -> None:
    """Blocks fill screens whole; only a block taller than a screen is split."""
    console = Console(file=io.StringIO(), width=40, force_terminal=False)
    screen = Screen(console, "toepen")
    screen.fitting = lambda: 8  # type: ignore[method-assign]  # 5 lines of body a screen
    pages = screen.page("T", [["a " * 50], ["b " * 50], ["c " * 200]], "F")
    bodies = [[ln[0] for ln in p[1:-1]] for p in pages]  # each line's first letter
    assert bodies[:2] == [["a"] * 3, ["b"] * 3], bodies  # b's three lines do not fit after a's
    assert [len(b) for b in bodies[2:]] == [5, 5] and set(bodies[2] + bodies[3]) == {"c"}


# ------------------------------------------------------------------ 2. the round's end
def play_to_pause(s: Session) -> None:
    state = s.state
    while not s._pause:
        seat = state.to_act
        move = s.bot_action(seat) if seat != 0 else str(state.legal_actions(0)[0])
        s._apply(str(move), seat)


def test_the_toepen_pause_shows_the_round_as_it_ended() -> None:
    """The last trick, the lives as paid, who won and who lost how many lives; not the
    next round's header, hand or prompt."""
    s, out = session("toepen", seed=10, rules=(toepen.Rules(), {"limit": 30}))
    play_to_pause(s)
    lives = s.state.view(0)["lives"]  # after the round: the next deal's are the same
    out.truncate(0)
    out.seek(0)
    s.pause_if_hand_ended()
    shown = out.getvalue()
    assert "Round: 1" in shown and "Round: 2" not in shown, shown
    assert "Last trick, won by" in shown, shown
    assert "Keep your hand" not in shown and "Your hand" not in shown, shown
    for name, n in zip(s.names, lives, strict=True):
        assert re.search(rf"{name}\b.*\n.*{n} li(fe|ves) lost", shown), (name, n, shown)
    said = shown.rsplit("What happened", 1)[1]
    # seat 0 won this round (seed 10): its own win is told to it as "You won"
    assert re.search(r"You won round 1: P\d loses \d li", said), said
    assert not re.search(r"won round 1\.", said), said
    # said once: not again above it in "What happened", nor as "Last round" in the frame
    assert len(re.findall(r"won round 1", shown)) == 1, shown
    assert "The round is over" not in shown and "Last round" not in shown, shown


def test_a_round_ended_by_folds_pauses_on_its_own_table() -> None:
    """A Toepen round that ends when the others fold has nobody left to ask: the copy
    stopped at its end had no seat to act, its view raised, and the pause fell back to the
    next deal's table without its cards. It now shows the round as it ended (its two
    tricks, the folds), through ``tablegames.common.rounds.round_end``."""
    import random

    s, _ = session("toepen", players=3, seed=2)
    rng = random.Random(4)
    while not s._pause:
        action = rng.choice(s.state.legal_actions())
        s._apply(str(action), action.seat)
    assert str(action) == "0:fold"
    ended = s._ended[0]
    assert ended is not None and ended["to_act"] is None and ended["legal"] == []
    assert len(ended["tricks"]) == 2 and ended["folded"] == [True, False, True]
    assert ended["lives"] == s.state.view(0)["lives"]


@pytest.mark.parametrize("game, options", [
    ("phase10", {}), ("shithead", {"rules": {"rounds": 3}})])
def test_the_pause_of_each_game_is_its_own_round(game: str, options: dict[str, Any]) -> None:
    """Phase 10 and a Shithead match: the pause shows the hand that ended (its scores,
    no new deal, no moves); the next deal comes after the key."""
    s, out = session(game, seed=3, players=4, **options)
    play_to_pause(s)
    out.truncate(0)
    out.seek(0)
    s.pause_if_hand_ended()
    shown = out.getvalue()
    assert " 1) " not in shown, shown
    said = " ".join(s._result[0])
    assert said and shown.count(said) == 1, shown  # the result once, as the prompt
    assert "The round is over" not in shown, shown
    if game == "phase10":
        assert "Hand: 1" in shown and "Hand: 2" not in shown, shown
    else:
        assert "Round: 1 of 3" in shown and "Round: 2" not in shown, shown
    assert s._ended[0] is not None and s._ended[0]["to_act"] is None
    if game == "phase10":  # the cards left at the end, not a new deal of 10
        assert len(present(s._ended[0])["hand"]) < 10
    scores = s.state.view(0).get("scores") or s.state.view(0).get("tally")
    assert scores == (s._ended[0].get("scores") or s._ended[0].get("tally"))


# ------------------------------------------------------------------ 3. what happened
@pytest.mark.parametrize("size", [(100, 30), (60, 20)])
def test_no_move_scrolls_away_unseen(size: tuple[int, int]) -> None:
    """Dallah, four players: one ``d`` and the bots' turns that follow tell more than the
    story has room for; every line is on screen (a page at a time, "More of what
    happened") before the player's next prompt."""
    s, out = session("dallah", ["d", *[" "] * 12], size=size, players=4)
    assert s.run() == 0
    text = STYLE.sub("", out.getvalue())
    before_prompt = text.rsplit("Turn 5: your turn.", 1)[0]
    told = [unglued(line) for line in s.happened[0]]
    start = told.index("You drew Yalla Bye.")  # the player's own draw, then turns 2-4
    flowed = " ".join(before_prompt.split())  # a line longer than the window wraps
    for line in told[start:told.index("Turn 5: your turn.")]:
        assert " ".join(line.split()) in flowed, (line, before_prompt[-2000:])
    assert "More of what happened: press any key." in text


def test_the_screen_says_how_many_story_lines_it_shows() -> None:
    """:meth:`Screen.draw` returns the number of the last lines shown whole, and gives
    the lines not seen yet the seats' rows (one line per seat) when that makes room."""
    console = Console(file=io.StringIO(), width=100, force_terminal=False)
    screen = Screen(console, "dallah")
    screen.fitting = lambda: 30  # type: ignore[method-assign]
    view = tablegames.new_game("dallah", players=4, seed=1).view(0)
    lines = [f"line {i}" for i in range(12)]
    assert screen.draw(view, lines, None) < 12
    shown = screen.draw(view, lines, None, unseen=8)
    assert shown >= 8
    assert f"line {12 - shown}" in console.file.getvalue()  # type: ignore[attr-defined]


# ------------------------------------------------------------------ 4. small things
def test_the_viewers_own_turn_is_theirs() -> None:
    """Dallah: the viewer's row says "your turn" (Arabic دورك), another's "their turn"."""
    view = tablegames.new_game("dallah", players=3, seed=1).view(0)
    assert view["to_act"] == 0
    console = Console(file=io.StringIO(), width=100, force_terminal=False)
    for lang, mine, theirs in (("en", "[your turn]", "[their turn]"), ("ar", "[دورك]", "[دوره]")):
        screen = Screen(console, "dallah", lang=lang)
        text = "\n".join(screen.lines(screen.frame(present(view))))
        assert mine in text and theirs not in text, text
        other = tablegames.new_game("dallah", players=3, seed=1).view(1)
        text = "\n".join(screen.lines(screen.frame(present(other))))
        assert theirs in text and mine not in text, text


def test_no_area_ends_in_a_bare_colon() -> None:
    """The stock shows its back ("Stock (16): ▒"); an empty Dallah zone says "–"."""
    console = Console(file=io.StringIO(), width=100, force_terminal=False)
    for game in ("toepen", "dallah", "shithead"):
        screen = Screen(console, game)
        lines = screen.lines(screen.frame(present(
            tablegames.new_game(game, players=3, seed=1).view(0))))
        for ln in lines:
            assert not ln.rstrip(" │").endswith(":"), (game, ln)
    toepen_lines = Screen(console, "toepen").lines(Screen(console, "toepen").frame(present(
        tablegames.new_game("toepen", players=3, seed=1).view(0))))
    assert any(re.search(r"Stock \(\d+\): ▒", ln) for ln in toepen_lines), toepen_lines


def test_at_60_columns_a_card_stays_with_its_player() -> None:
    """Toepen, four players, 60 columns, Dutch: the last trick wraps between cards, each
    card beside who played it; no seat's stat is broken over two lines."""
    state = tablegames.new_game("toepen", players=4, seed=0)
    for _ in range(8):
        state.apply(state.legal_actions()[0])
    console = Console(file=io.StringIO(), width=60, force_terminal=False)
    screen = Screen(console, "toepen", lang="nl")
    model = present(state.view(0))
    area = model["centre"][0]
    assert len(area["cards"]) == 4
    lines = screen.lines(screen.frame(model))
    for f, owner in zip(area["cards"], area["owners"], strict=True):
        name = screen.words.text(f["name"])
        assert any(re.search(rf"{re.escape(name)}\s+{owner}\b", ln) for ln in lines), (
            name, owner, lines)
    model["seats"][3]["groups"] = [{"label": "Ingeleverd", "cards": model["hand"] * 3}]
    for compact in (False, True):
        lines = screen.lines(screen.frame(model, compact=compact))
        assert not any(re.match(r"│\s+kwijt", ln) for ln in lines), lines


@pytest.mark.parametrize("game, lang, dealt, hand", [
    ("toepen", "nl", "Je kaarten:", "Je hand:"), ("toepen", "en", "Your cards:", "Your hand:"),
    ("phase10", "da", "Dine kort:", "Din hånd:")])
def test_the_dealt_cards_are_the_hand_not_a_line_of_the_story(
        game: str, lang: str, dealt: str, hand: str) -> None:
    """The cards dealt are the hand drawn under the table: "Your cards: ..." in "What
    happened" right above "Your hand: ..." with the same cards said them twice (found
    by helper-106)."""
    s, out = session(game, lang=lang, players=4)
    s.inp = io.StringIO("q\n")
    assert s.state.to_act == 0
    with pytest.raises(Quit):
        s.decide(0)
    lines = out.getvalue().splitlines()
    assert not any(ln.startswith(dealt) for ln in lines), lines
    assert any(ln.startswith(hand) for ln in lines), lines


def test_the_card_in_play_is_explained_once() -> None:
    """Dallah: when the prompt already says what the card in play does ("Naql: move one
    cup ..."), the line under it does not say it again."""
    from tablegames.bots.handle import Handle

    def naql_for_seat_0(seed: int) -> tuple[Session, io.StringIO] | None:
        s, out = session("dallah", players=4, seed=seed)
        state = s.state
        while not state.is_over:
            view = state.view(0)
            card = view.get("card")
            if state.to_act == 0 and isinstance(card, dict) and card.get("kind") == "naql" \
                    and view["legal"]:
                return s, out
            seat = state.to_act
            if s.world is not None and s.world.reports(state):
                move = str(s.world.report(state))
            elif seat in s.bots:
                move = str(s.bots[seat].choose(Handle(state, seat)))
            else:
                move = str(state.legal_actions(seat)[0])
            s._apply(move, seat)
        return None

    found = next(filter(None, map(naql_for_seat_0, range(30))), None)
    assert found is not None, "no Naql came to seat 0"
    s, out = found
    s.inp = io.StringIO("q\n")
    out.truncate(0)
    out.seek(0)
    with pytest.raises(Quit):
        s.decide(0)
    text = out.getvalue()
    assert text.count("Naql: move one cup") == 1, text
