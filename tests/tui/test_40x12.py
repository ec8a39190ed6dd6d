"""Every screen of the terminal game in a 40x12 window (helper-222, after helpers 214, 218
and 221): the first screen of every game, in each of its languages, with every count of
players and every named house rule; the screens of a few seeded games the bots play;
and the shared screen's hand-over. The smallest table (three lines, the seats folded on
its bottom edge) leaves the hand, the prompt and the moves their room."""

from __future__ import annotations

import io

import pytest
from rich.cells import cell_len

import tablegames
from tablegames.bots.harness import bot_seed
from tablegames.table import present
from tablegames.table.i18n import langs_of
from tablegames.tui.choices import Menu, choices
from tablegames.tui.screen import TERSE
from tablegames.tui.session import Session, hotkeys, make_bot
from tablegames.tui.words import unglued
from tests.tui.test_newcomer_screens import STYLE, session
from tests.tui.test_small_windows_last import to_seat_0

GAMES = sorted(tablegames.GAMES)
#: Every game, each of its languages, every count of players it seats.
FIRST = [(g, lang, n) for g in GAMES for lang in langs_of(g)
         for n in range(tablegames.GAMES[g].min_players, tablegames.GAMES[g].max_players + 1)]
#: Every game's named house rules (some add lines: Dallah's swaps, Phase 10's phases).
VARIANTS = [(g, v) for g in GAMES for v in tablegames.GAMES[g].variants]


def drawn(s: Session, out: io.StringIO, seat: int = 0) -> list[str]:
    """``seat``'s screen as the session draws it when it asks for a move (its menu, the
    keys of its moves, Dallah's note on the card in play), at the session's size."""
    view = s.view(seat)
    options = choices(s.own_moves(seat, view.get("legal", [])), seat)
    out.seek(0)
    out.truncate()
    s.draw(seat, Menu.of(options), s._card_note(view),
           hotkeys(options, s.info.name, labels=s.labels(seat)))
    return STYLE.sub("", out.getvalue()).rstrip("\n").split("\n")


def assert_fits(s: Session, lines: list[str], what: str, seat: int = 0) -> None:
    """The screen is the game's (no "too small"), its lines fit 40 columns and leave a
    line for typing, and it shows what a person needs: the table's frame first, the
    seat to act marked, the hand in full, the prompt and a move."""
    screen = "\n".join(lines)
    assert not s.screen.small, f"{what}\n{screen}"
    assert len(lines) <= 11 and all(cell_len(x) <= 40 for x in lines), f"{what}\n{screen}"
    assert lines[0].startswith("╭─ "), f"{what}\n{screen}"
    assert "▶" in screen, f"{what}\n{screen}"
    assert any(x.lstrip().startswith("1) ") for x in lines), f"{what}\n{screen}"
    model = present(s.view(seat))
    # the game's prompt, or in the last resort the short one (the moves say the rest)
    said = [unglued(x).split() for x in (s.w.text(model["prompt"]), s.w(TERSE))]
    flat = " ".join(screen.split())
    assert any(" ".join(p) in flat for p in said), f"{what}\n{screen}"


@pytest.mark.parametrize(("game", "lang", "players"), FIRST)
def test_every_first_screen_fits_40x12(game: str, lang: str, players: int) -> None:
    """Phase 10's first screen (every language) and Dallah's in Arabic said the window
    was too small: the smallest table, the hand and the prompt left no line for the
    moves. Now every game's does, with 2 to its most players, in each language."""
    s, out = session(game, keys=[], size=(40, 12), players=players, lang=lang)
    to_seat_0(s)
    assert_fits(s, drawn(s, out), f"{game} {lang} {players}")


@pytest.mark.parametrize("lang", ["en", "ar"])
@pytest.mark.parametrize(("game", "variant"), VARIANTS)
def test_every_house_rule_first_screen_fits_40x12(game: str, variant: str,
                                                  lang: str) -> None:
    """With every named house rule, at the game's most players (the most seats to fold)."""
    info = tablegames.GAMES[game]
    players = min(info.max_players, 8)
    s, out = session(game, keys=[], size=(40, 12), players=players, lang=lang,
                     rules=variant)
    to_seat_0(s)
    assert_fits(s, drawn(s, out), f"{game} {variant} {lang} {players}")


def test_the_smallest_table_is_three_lines_with_every_seat_on_its_edge() -> None:
    """The smallest table: the viewer's phase (helper-227) and "…" for the facts it
    leaves no room for on the top edge, one line of the middle, every seat on the
    bottom edge (the viewer first, the seat to act marked), and no card of another
    seat's hand: only their count, as backs."""
    s, _ = session("phase10", keys=[], size=(40, 12), players=3)
    to_seat_0(s)
    model = present(s.view(0))
    tables = list(s.screen.tables(model))
    least = [STYLE.sub("", x) for x in tables[-2]]
    assert len(least) == 3, least
    # said to be yours (helper-229); "You: " leaves no room for "…" after the phase
    assert least[0].startswith("╭─ You: Phase 1: set of 3 + set of 3 ─"), least
    assert least[2].startswith("╰─ P0 (you) ▶ · P1 ▒10 · P2 ▒10 ─"), least
    assert least[1].startswith("│ Discard pile (1): "), least
    bare = [STYLE.sub("", x) for x in tables[-1]]  # the last resort: the edges alone
    assert bare == [least[0], least[2]], bare
    assert all(cell_len(x) <= 40 for x in least), least


def test_the_seats_that_do_not_fit_the_edge_end_in_an_ellipsis() -> None:
    """Seventeen players of Shithead: the edge holds the first few, the viewer first,
    and "…" says more sit at the table."""
    s, _ = session("shithead", keys=[], size=(40, 12), players=17)
    to_seat_0(s)
    edge = STYLE.sub("", list(s.screen.tables(present(s.view(0))))[-1][-1])
    assert edge.startswith("╰─ P0 (you) ▶ · P1 ") and "… ─" in edge, edge
    assert cell_len(edge) == 40, edge


#: A few seeded games the bots play for seat 0 too (3 players, seed 1): the screen of seat
#: 0's ``k``-th move (from 0), in English and Arabic.
PLAYED = [(g, lang, k) for g in GAMES for lang in ("en", "ar") for k in (1, 4, 8, 12)]


@pytest.mark.parametrize(("game", "lang", "k"), PLAYED)
def test_later_screens_fit_40x12(game: str, lang: str, k: int) -> None:
    """Seat 0's screens of a game its bot plays (Phase 10's eleven cards and laid phases,
    Dallah's cups on the table, Shithead's piles picked up), each drawn at 40x12 when
    seat 0 is asked for a move: each fits."""
    s, out = session(game, keys=[], size=(40, 12), players=3, lang=lang, seed=1)
    s.bots[0] = make_bot(s.info, s.info.default_bot, bot_seed(1, 0))
    asked = 0
    while s.state.to_act is not None and not s.state.is_over:
        seat = s.state.to_act
        if seat == 0 and choices(s.own_moves(0, s.view(0).get("legal", [])), 0):
            if asked == k:
                assert_fits(s, drawn(s, out), f"{game} {lang} screen {k}")
                return
            asked += 1
        s._apply(str(s.bot_action(seat)), seat)
    pytest.fail(f"{game}: the game ended before seat 0's move {k}")


@pytest.mark.parametrize("game", GAMES)
def test_the_shared_screen_hand_over_fits_40x12(game: str) -> None:
    """``--table``: the screen asking to pass it on, and the next person's screen, fit
    40x12 in each language of the game, and the passing screen shows no hand."""
    for lang in langs_of(game):
        s, out = session(game, keys=["\r"], size=(40, 12), players=3, lang=lang,
                         table=True)
        seat = s.state.to_act
        s.hand_over(seat)
        assert not s.screen.small, (game, lang)
        passing = STYLE.sub("", out.getvalue())
        if not s._hand_is_public(seat):  # Dallah's hands lie face up: nothing to pass
            assert unglued(s.w("Pass the screen to {name}.", name=s.names[seat])) in passing
        assert s.w("Your hand") not in passing, passing
        assert_fits(s, drawn(s, out, seat), f"{game} {lang} table", seat)


def phase10_discard(lang: str, rows: int) -> tuple[Session, io.StringIO]:
    """Phase 10 (seed 1, three players) at seat 0's second move: eleven cards in hand,
    a phase to lay (its prompt three lines in Arabic at 40 columns)."""
    s, out = session("phase10", keys=[], size=(40, rows), players=3, lang=lang, seed=1)
    s.bots[0] = make_bot(s.info, s.info.default_bot, bot_seed(1, 0))
    asked = 0
    while True:
        seat = s.state.to_act
        if seat == 0 and choices(s.own_moves(0, s.view(0).get("legal", [])), 0):
            if asked == 1:
                return s, out
            asked += 1
        s._apply(str(s.bot_action(seat)), seat)


def test_the_short_prompt_is_the_last_resort() -> None:
    """Phase 10 in Arabic, eleven cards: at 40x12 the game's prompt (three lines) gives
    way to the one-line prompt, the moves under it; a window one line taller keeps the
    game's prompt; and a prompt the session gives is never replaced: the window is then
    too small."""
    s, out = phase10_discard("ar", 12)
    lines = drawn(s, out)
    assert_fits(s, lines, "ar 40x12")
    assert unglued(s.w(TERSE)) in lines, "\n".join(lines)
    said = unglued(s.w.text(present(s.view(0))["prompt"]))
    s, out = phase10_discard("ar", 13)
    lines = drawn(s, out)
    assert not s.screen.small and unglued(s.w(TERSE)) not in lines, "\n".join(lines)
    assert " ".join(said.split()) in " ".join(" ".join(lines).split()), "\n".join(lines)
    s, out = phase10_discard("ar", 12)
    view = s.view(0)
    options = choices(s.own_moves(0, view["legal"]), 0)
    s.screen.draw(view, [], Menu.of(options), prompt=said)
    assert s.screen.small
