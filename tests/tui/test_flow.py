"""The terminal game fits and flows in a small window (helper-106's pty audit at 80x24,
60x20 and 120x40): the news is on the table screen rather than on pages of its own, a
card's name never breaks across lines, the seat a question is about stays on the table,
and Shithead's swap lists one-card swaps (the others are typed)."""

from __future__ import annotations

import io
import re

from rich.console import Console
from rich.text import Text

import tablegames
from tablegames.render.console import Chips, chip
from tablegames.render.faces import face
from tablegames.table import present
from tablegames.table.model import msg
from tablegames.tui.choices import Choice, Menu, choices, read
from tablegames.tui.screen import Screen

from .test_newcomer_screens import STYLE, session

PAGE = "More of what happened: press any key."


def drawn(screen: Screen) -> list[str]:
    return STYLE.sub("", screen.console.file.getvalue()).split("\n")  # type: ignore[attr-defined]


def screen_of(game: str, cols: int, rows: int, lang: str = "en") -> Screen:
    console = Console(file=io.StringIO(), width=cols, force_terminal=False)
    screen = Screen(console, game, lang=lang)
    screen.fitting = lambda: rows  # type: ignore[method-assign]
    return screen


# ------------------------------------------------------------------ 1. what happened
def test_the_first_screen_is_the_table_and_the_news_is_on_it() -> None:
    """Shithead, four players, 80x24: the first screen is the table (it was a page of
    "What happened"), and the swaps and plays that follow are told on the table screen:
    a page comes only for a long run of bot moves (it came on most turns)."""
    keys = ["1", "\r", " "] * 12
    s, out = session("shithead", keys, size=(80, 24), players=4)
    assert s.run() == 0
    text = STYLE.sub("", out.getvalue())
    assert text.lstrip().startswith("╭─ Shithead"), text[:300]
    assert text.count(PAGE) <= 3, text.count(PAGE)  # 10 before


def test_the_seats_give_way_to_the_news_one_line_each() -> None:
    """Phase 10, four players, 80x24: seven lines not seen yet fit on the table screen,
    each seat on one line (its stats beside its name, as many as fit whole)."""
    state = tablegames.new_game("phase10", players=4, seed=0)
    screen = screen_of("phase10", 80, 24)
    news = [f"P{i % 3 + 1} drew a card." for i in range(7)]
    shown = screen.draw(state.view(0), news, Menu.of(choices(state.view(0)["legal"], 0)),
                        unseen=7)
    assert shown == 7
    lines = drawn(screen)
    assert len([ln for ln in lines if re.match(r"│\s+P\d", ln)]) == 4, "\n".join(lines)


# ------------------------------------------------------------------ 2. card names
def test_a_card_name_never_breaks_across_lines() -> None:
    """Phase 10 in Danish at 60 columns: "Dine kort: ... grøn" / "4, ..." broke a card
    in the log (a line since dropped: the hand's own line shows the cards); every card
    of the hand is whole on one line of the screen."""
    for seed in range(6):
        s, out = session("phase10", lang="da", players=3, seed=seed)
        s.console.width = 60
        s.draw(0, Menu.of(choices(s.view(0)["legal"], 0)))
        text = STYLE.sub("", out.getvalue())
        assert "Din hånd" in text
        for code in s.view(0)["hand"]:
            name = face("phase10", code, "da").name  # type: ignore[union-attr]
            assert text.count(name) == text.replace("\n", " ").count(name), (name, text)


def test_a_card_after_a_label_goes_to_the_next_line_whole() -> None:
    """The own row's "Taken from the discard pile:  blue" / "11": a chip that does not
    fit after its label starts the next line."""
    console = Console(file=io.StringIO(), width=34, force_terminal=False)
    blue = face("phase10", "B11")
    assert blue is not None
    console.print(Chips(Text("Taken from the discard pile: "), [chip(blue)]))
    lines = console.file.getvalue().split("\n")  # type: ignore[attr-defined]
    assert any("blue 11" in ln for ln in lines), lines


# ------------------------------------------------------------------ 3. the seat asked about
def test_the_seat_the_prompt_names_is_kept_when_seats_are_left_out() -> None:
    """Toepen at 60x20 asked "Challenge the exchange of P2?" with P2 left out: the seats
    the prompt or the moves name come right after the viewer."""
    screen = screen_of("toepen", 60, 20)
    model = present(tablegames.new_game("toepen", players=4, seed=1).view(0))
    model["prompt"] = msg("Challenge the exchange of {who}, or accept it?", who="P2")
    lines = screen.fit(model, 7)  # room for two seats
    text = "\n".join(STYLE.sub("", ln) for ln in lines)
    assert "P0" in text and "P2" in text, text
    assert screen.order(model)[:2] == [0, 2]


# ------------------------------------------------------------------ 4. Shithead's swap
def test_the_swap_lists_one_card_swaps_and_the_table_fits() -> None:
    """Shithead's swap listed all nineteen swaps of one to three cards, cut the list and
    left three seats out at 80x24: the one-card swaps are listed with a line saying how
    many more there are, every seat is on the table, and a swap of two cards is still
    played by typing it."""
    state = tablegames.new_game("shithead", players=4, seed=0)
    view = state.view(0)
    options = choices(view["legal"], 0)
    menu = Menu.of(options)
    assert len(options) == 20
    assert {c.short.count(",") for c in menu.numbered} == {0}
    assert menu.more == {"swap": 10}
    screen = screen_of("shithead", 80, 24)
    screen.draw(view, [], menu)
    text = "\n".join(drawn(screen))
    assert "swap: 10 more ways with more cards" in text
    assert "… more" not in text and "more players" not in text, text
    two = next(c for c in options if c.short.count(",") == 2)
    assert read(two.short, options, menu, 0, "shithead").move == two.notation


# ------------------------------------------------------------------ 5. a 60x20 window
def short_frame(game: str, cols: int, **kw: object) -> list[str]:
    screen = screen_of(game, cols, 20)
    model = present(tablegames.new_game(game, players=4, seed=0).view(0))
    return [STYLE.sub("", ln) for ln in screen.lines(screen.frame(model, **kw))]  # type: ignore[arg-type]


def test_the_middle_of_a_short_table_runs_on_one_flow() -> None:
    """Dallah at 60 columns: the five places of the pot took five lines of the short
    table, one a line; in the short window's table they run on, wrapped between them,
    each label with what lies there."""
    lines = short_frame("dallah", 60, tight=True)
    places = ("Lid: –", "Neck: –", "Handle: –", "Spout: –", "Base: –")
    holding = [ln for ln in lines if any(p in ln for p in places)]
    assert all(any(p in ln for ln in lines) for p in places), lines
    assert len(holding) <= 2, "\n".join(lines)


def test_a_fact_inside_the_frame_is_never_cut() -> None:
    """Shithead at 60 columns: the facts that do not fit on the frame's edge wrap between
    facts ("Direction:" ended a line and "counter-clockwise" began the next)."""
    state = tablegames.new_game("shithead", players=4, seed=0)
    while any("swap" in a or "ready" in a for a in state.view(0)["legal"]) or (
            state.to_act != 0):
        state.apply(state.legal_actions(state.to_act)[0])
    screen = screen_of("shithead", 60, 20)
    model = present(state.view(0))
    lines = [STYLE.sub("", ln) for ln in screen.lines(screen.frame(model))]
    facts = [f"{screen.words.text(f['label'])}: " for f in model["facts"]]
    for f in facts:
        assert not any(ln.rstrip(" │").endswith(f.rstrip()) for ln in lines), (f, lines)


def test_the_seats_left_out_are_told_on_the_frame_edge() -> None:
    """The line saying how many seats a short window leaves out goes on the frame's
    bottom edge when it fits there (it took a line of its own, two in Danish)."""
    for game, lang in [("phase10", "en"), ("phase10", "da"), ("toepen", "nl")]:
        screen = screen_of(game, 60, 20, lang)
        model = present(tablegames.new_game(game, players=4, seed=0).view(0))
        lines = [STYLE.sub("", ln) for ln in
                 screen.lines(screen.frame(model, tight=True, only=frozenset({0})))]
        hidden = screen.hidden_line(3).plain
        assert lines[-1].startswith("╰─ " + hidden), "\n".join(lines)
        assert not any(hidden in ln for ln in lines[:-1]), "\n".join(lines)


def test_a_short_menu_goes_side_by_side_when_the_window_is_short() -> None:
    """Shithead at 60x20 with eight lines of news (a round of three bots): the moves one
    a line left the news too little room and it went to a page; side by side they leave
    it room."""
    state = tablegames.new_game("shithead", players=4, seed=0)
    while state.to_act != 0 or len(state.view(0)["legal"]) < 3 or any(
            "swap" in a or "ready" in a for a in state.view(0)["legal"]):
        state.apply(state.legal_actions(state.to_act)[0])
    menu = Menu.of(choices(state.view(0)["legal"], 0))
    assert 3 <= len(menu.numbered) <= 4
    screen = screen_of("shithead", 60, 20)
    news = ["P1 played 4♣.", "P2 played 4♥.", "P3 played 6♦, 6♠.", "P1 drew a card.",
            "P2 drew a card.", "P3 drew 2 cards.", "P1 played 7♣.", "P2 played 8♦."]
    assert screen.draw(state.view(0), news, menu, unseen=8) == 8
    lines = drawn(screen)
    assert any(len(re.findall(r"\b\d\) ", ln)) >= 2 for ln in lines), "\n".join(lines)


def test_short_moves_after_long_ones_share_lines() -> None:
    """Phase 10 at 60 columns: two "Lay ..." moves, too wide to share a line, kept
    every "Discard ..." after them one a line; the discards now go side by side."""
    screen = screen_of("phase10", 60, 20)
    labels = {"0:lay A": "Lay three 6s (red, blue, yellow) + run 7-10 (Wild, red 8, green 9, "
              "blue 10)"}
    labels |= {f"0:discard {c}": f"Discard {c}" for c in
               ("red 6", "red 8", "blue 6", "blue 10", "green 3", "green 5")}
    menu = Menu(numbered=[Choice(n, 0) for n in labels], grouped={}, more={})
    model = {"actions": [{"n": n, "label": lab} for n, lab in labels.items()]}
    lines = [STYLE.sub("", ln) for ln in screen.menu_lines(model, menu, {})]
    assert len(lines) <= 2 + 3, "\n".join(lines)
    assert any(" 2) Discard red 6" in ln and " 3) Discard red 8" in ln for ln in lines), lines


def test_the_smallest_table_puts_the_facts_on_one_line() -> None:
    """Dallah at 60x20: the smallest table still gave the counters four lines; the last
    step gives them one, as many as fit whole and "…" for the rest."""
    state = tablegames.new_game("dallah", players=4, seed=0)
    for _ in range(12):
        state.apply(state.legal_actions(state.to_act)[0])
    screen = screen_of("dallah", 60, 20)
    model = present(state.view(0))
    # the brief table: the two after it (helper-222's, for 40x12) fold every seat
    smallest = [STYLE.sub("", ln) for ln in list(screen.tables(model))[-3]]
    fewest = [STYLE.sub("", ln) for ln in
              screen.lines(screen.frame(model, tight=True, only=frozenset({0})))]
    assert len(smallest) < len(fewest), "\n".join(smallest)
    assert "…" in smallest[1], "\n".join(smallest)


def test_a_60x20_game_pages_only_for_runs_of_bot_moves() -> None:
    """Phase 10 in Danish and Shithead, four players, at 60x20 (helper-106's pty audit):
    a page of "What happened" interrupted a third of the turns."""
    for game, lang, most in [("phase10", "da", 6), ("shithead", "en", 7)]:
        s, out = session(game, ["1", "\r", " "] * 30, size=(60, 20), players=4, lang=lang)
        s.run()
        text = STYLE.sub("", out.getvalue())
        page = s.w("More of what happened: press any key.")
        assert text.count(page) <= most, (game, text.count(page))  # 13 and 12 before


def test_the_winners_row_stays_on_the_end_table() -> None:
    """At the end the table kept the viewer and the nearest seats and could leave out the
    winner the sentence below names ("Game over: P2 won." with "… 1 more player"; found
    by helper-112): the players the end's sentence names come right after the viewer."""
    state = tablegames.new_game("phase10", players=4, seed=1)
    rng = __import__("random").Random(1)
    while not state.is_over:
        state.apply(rng.choice(state.legal_actions()))
    model = present(state.view(0))
    winners = model["result"]["winners"]
    assert winners and "P0" not in winners
    screen = screen_of("phase10", 80, 24)
    order = screen.order(model)
    kept = {model["seats"][i]["name"] for i in order[:1 + len(winners)]}
    assert set(winners) <= kept, (winners, order)


def test_a_short_table_keeps_each_laid_group_label_with_its_cards() -> None:
    """Phase 10 at 60 columns, a seat with two groups laid: the groups ran on in one flow
    where "2. three 9s:" ended a line and its cards began the next, one space left of the
    flow's first line (helper-112's leftover). Each label now keeps its first card and
    every line of the flow starts at the same place."""
    from tablegames import bots

    state = tablegames.new_game("phase10", players=3, seed=3)
    players = [bots.make("smart", "phase10", seed=i) for i in range(3)]
    while len(state.view(None)["laid"][0]) < 2:  # P0 lays phase 1 (two sets of 3)
        assert state.version < 200, "the seed must lay a two-group phase"
        state.apply(players[state.to_act].choose(bots.Handle(state, state.to_act)))
    screen = screen_of("phase10", 60, 20)
    model = present(state.view(0))
    lines = [STYLE.sub("", ln) for ln in screen.lines(screen.frame(model, tight=True))]
    labels = [ln for ln in lines if re.search(r"\d\. three \w+:", ln)]
    assert len(labels) >= 2, "\n".join(lines)
    for ln in labels:
        assert not re.search(r":\s*│?\s*$", ln), "\n".join(lines)  # a card follows the label
    starts = {len(ln) - len(ln.lstrip("│ ")) for ln in labels}
    assert len(starts) == 1, "\n".join(lines)
