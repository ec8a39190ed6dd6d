"""The terminal game's words, as a tester at a real pty found them (helper-106): the end
screen, the pause at a hand's end, the help's examples, hot keys in Dutch, refusals,
Arabic counts and card words, and Dallah's log."""

from __future__ import annotations

import io
import re
from typing import Any

import pytest
from babel.messages.pofile import read_po

import tablegames
from tablegames.table import describe, present
from tablegames.table.catalogues import LOCALE
from tablegames.table.i18n import words_for
from tablegames.tui.choices import choices
from tablegames.tui.session import Session, hotkeys
from tablegames.tui.words import grouped_line
from tests.tui.test_newcomer_screens import Keys, session


def to_the_end(s: Session) -> None:
    """Every seat played by a bot (the person's too) to the end of the game."""
    from tablegames.tui.session import make_bot

    s.bots[0] = make_bot(s.info, s.info.default_bot, 5)
    s.humans = set()
    while not s.state.is_over:
        seat = s.state.to_act
        s._apply(str(s.bot_action(seat)), seat)
        s._pause = False


@pytest.mark.parametrize("game", ["toepen", "phase10", "shithead", "dallah"])
def test_the_end_screen_says_the_result_once_then_the_standings(game: str) -> None:
    """One sentence of the result, to the viewer in the second person, then one line
    per seat; no "Game over; Winner: ..." line and no "Game over." note after it."""
    s, out = session(game, players=4, seed=3)
    to_the_end(s)
    out.truncate(0)
    out.seek(0)
    s.inp = io.StringIO("n\n")
    s.finish()
    shown = out.getvalue()
    said = words_for("en", game).text(present(s.state.view(0))["result"]["said"])
    assert said.startswith(("Game over: ", "The match is over: ")), said
    assert shown.count(said) == 1 and len(re.findall("Game over", shown)) == 1, shown
    # a game whose sentence names its loser (Shithead) lists its winners; no other
    # repeats who won
    assert ("Winner:" not in shown or game == "shithead") and "Game over." not in shown
    result = s.state.view(0)["result"]
    if "you" in said.lower():  # the viewer is among those named: never by its name
        assert "P0" not in said
    if game != "shithead":  # the standings: a seat a line, the viewer marked
        assert re.search(r"^  P0 \(you\): ", shown, re.M), shown
        assert len(re.findall(r"^  P\d( \(you\))?: ", shown, re.M)) == 4, shown
    assert result is not None


def test_the_viewer_is_you_in_the_end_sentence() -> None:
    state = tablegames.new_game("dallah", players=3, seed=1)
    view = {**state.view(0), "to_act": None, "result": {"losers": [0], "scores": [3, 1, 2]}}
    model = present(view)
    assert words_for("en", "dallah").text(model["result"]["said"]) == \
        "Game over: you are the Biggest Loser."
    assert "P0" not in words_for("ar", "dallah").text(model["result"]["said"])


@pytest.mark.parametrize("game, key", [("toepen", "round"), ("phase10", "hand")])
def test_the_pause_says_the_result_once_in_the_games_own_word(game: str, key: str) -> None:
    """The hand's result is the pause's prompt, not again in "What happened" above it
    nor as "Last round" in the frame, and no "The round is over." before it; the key
    asks for the game's own next deal (Phase 10 plays hands)."""
    s, out = session(game, [" "] * 50, players=4, seed=10)
    while not s._pause:
        seat = s.state.to_act
        s._apply(str(s.bot_action(seat)) if seat != 0
                 else str(s.state.legal_actions(0)[0]), seat)
    out.truncate(0)
    out.seek(0)
    s.pause_if_hand_ended()
    shown = out.getvalue()
    shown = shown[shown.rindex("╭─"):]  # the last screen (pages of the story come first)
    said = " ".join(s._result[0])
    assert said and shown.count(said) == 1, shown
    assert "The round is over" not in shown and "Last round" not in shown, shown
    assert f"Press any key for the next {key}." in shown, shown


@pytest.mark.parametrize("game", ["toepen", "phase10", "shithead", "dallah"])
def test_the_help_gives_this_games_own_moves_as_examples(game: str) -> None:
    """Toepen's "play Th" and "kn ... to knock" were the examples in every game: the
    examples are the seat's own legal moves of this moment."""
    s, _ = session(game, players=3, seed=2)
    while s.state.to_act != 0 or not s.state.legal_actions(0):
        seat = s.state.to_act
        s._apply(str(s.bot_action(seat)), seat)
    legal = {" ".join(str(a).split(":", 1)[1].split()) for a in s.state.legal_actions(0)}
    for text in (s._help(0), " ".join(s.screen.page("", [s._help(0)], "")[0])):
        quoted = [" ".join(q.split()) for q in re.findall(r"'([^']+)'", text)]
        assert quoted and all(q in legal or any(m.startswith(q + " ") for m in legal)
                              for q in quoted), (text, legal)
        if game != "toepen":
            assert "Th" not in text and "knock" not in text, text


def test_dutch_hot_keys_are_the_first_letters_of_the_dutch_words() -> None:
    w = words_for("nl", "toepen")
    options = choices(["0:fold", "0:stay"], 0)
    labels = {"0:fold": w("Fold"), "0:stay": w("Stay in")}
    assert labels == {"0:fold": "Passen", "0:stay": "Meegaan"}
    assert hotkeys(options, "toepen", labels=labels) == {"p": "0:fold", "m": "0:stay"}
    # two words that begin alike ("Kaarten inleveren", "Kaarten houden"): no key at all
    both = {"0:exchange": "Kaarten inleveren", "0:keep": "Kaarten houden"}
    assert hotkeys(choices(list(both), 0), "toepen", labels=both) == {}


def test_a_dutch_hot_key_plays_and_the_word_typed_in_full_plays_once() -> None:
    """At a real terminal, Dutch: "m" stays in; "meegaan" typed in full after it, or the
    notation's "stay", is the rest of that word, not a line for the next prompt."""
    s, _ = session("toepen", [], lang="nl", players=3, seed=4)
    s.keys = Keys(list("m"))  # type: ignore[assignment]
    s.labels = lambda seat: {"0:stay": "Meegaan", "0:fold": "Passen"}  # type: ignore[method-assign]
    hot = {"m": "0:stay", "p": "0:fold"}
    got = s._keyline("P0> ", None, hot)
    assert getattr(got, "move", None) == "0:stay"
    assert all(s._swallowed(k) for k in "eegaan\r") and not s._swallow
    # a label's word and the notation's verb may differ: either, typed in full, is taken
    s.labels = lambda seat: {"0:pickup": "Pick up the pile"}  # type: ignore[method-assign]
    for typed in ("ick\r", "ickup\r"):
        s._swallow = s._hot_rest("0:pickup")
        assert all(s._swallowed(k) for k in typed) and not s._swallow, typed


def test_a_hot_key_pressed_after_a_pause_is_a_new_key(monkeypatch: pytest.MonkeyPatch) -> None:
    """Dallah: "d" draws, then on the next menu "r" rolls. The "r" was taken for the rest
    of "draw" (typed through), and the roll needed a second "r" (found by helper-112): a
    word is typed through within TYPED_THROUGH a key; a key after a longer pause counts
    as itself."""
    from tablegames.tui import session as module

    clock = [100.0]
    monkeypatch.setattr(module.time, "monotonic", lambda: clock[0])
    s, _ = session("dallah", players=3, seed=5)
    s.labels = lambda seat: {"0:draw": "Draw an Action card"}  # type: ignore[method-assign]
    s._expect(s._hot_rest("0:draw"))
    clock[0] += 1.0  # the person reads the next menu, then presses "r" (Roll)
    assert not s._swallowed("r") and not s._swallow
    s._expect(s._hot_rest("0:draw"))  # "draw" typed whole, a key every 0.15 s
    for k in "raw\r":
        clock[0] += 0.15
        assert s._swallowed(k), k
    assert not s._swallow


def test_a_refusal_names_its_ruling_as_a_player_uses_it_and_no_code() -> None:
    s, _ = session("toepen", players=3, seed=4)
    s._handle(__import__("tablegames.tui.choices", fromlist=["Reading"]).Reading(
        "move", move="0:play Th"), 0)
    said = s._last_error
    assert said.startswith("Not played: ") and "(rule TOE-56; ? explains it)" in said, said
    assert "[" not in said and "wrong_phase" not in said and "ruling" not in said, said
    assert s._refused == "TOE-56"  # ? then shows that ruling first


@pytest.mark.ruling("TOE-50")
def test_the_start_of_a_refused_verb_is_refused_with_its_ruling() -> None:
    """"kn" at the exchange stage (where nobody may knock yet) said "'kn' is no move",
    while "knock" named TOE-50: the start of a verb of the game is that verb, legal or not
    (found by helper-143)."""
    from tablegames.tui.choices import Menu, choices, read, verb_of

    s, _ = session("toepen", players=3, seed=4)
    options = choices([str(a) for a in s.state.legal_actions(0)], 0)
    assert [c.verb for c in options] == ["keep", "exchange"]
    before = s.state.to_json()
    for typed in ("kn", "knock", "KNO"):
        reading = read(typed, options, Menu.of(options), 0, "toepen")
        assert reading.move.lower() == "0:knock", typed
        assert s._handle(reading, 0) is None
        assert s._refused == "TOE-50" and "(rule TOE-50; ? explains it)" in s._last_error
    assert s.state.to_json() == before
    assert verb_of("toepen", "x") == "x" and verb_of("dallah", "pa") == "pair"
    assert verb_of("shithead", "p") == "p"  # play, pickup: no one verb
    assert verb_of("", "kn") == "kn"  # no game, no verbs


def test_a_word_that_is_no_move_says_what_may_be_typed() -> None:
    s, _ = session("phase10", players=3, seed=4)
    seat = s.state.to_act
    from tablegames.tui.choices import Reading

    s._handle(Reading("move", move=f"{seat}:x"), seat)
    said = s._last_error
    assert "unknown" not in said and "phase10 verb" not in said and f"{seat}:x" not in said
    verbs = {str(a).split(":", 1)[1].split()[0] for a in s.state.legal_actions(seat)}
    assert "'x' is no move" in said and all(v in said for v in verbs), said


@pytest.mark.parametrize(("game", "lang", "notation"), [
    ("toepen", "nl", "(Engels): keep, exchange."), ("phase10", "da", "(engelsk): draw, take."),
    ("toepen", "en", "in the notation: keep, exchange.")])
def test_a_word_that_is_no_move_names_the_notations_words_as_such(
        game: str, lang: str, notation: str) -> None:
    """On a Dutch or Danish screen the words listed are the notation's, which are English:
    the refusal says so, and that the list's own words may be typed too, as they may
    (a Dutch screen said "het woord van een zet: keep, exchange" beside "Kaarten houden",
    found by helper-112)."""
    s, _ = session(game, players=3, seed=4, lang=lang)
    seat = s.state.to_act
    from tablegames.tui.choices import Menu, Reading, read

    s._handle(Reading("move", move=f"{seat}:x"), seat)
    assert s._last_error.endswith(notation), s._last_error
    labels = s.labels(seat)
    options = choices([str(a) for a in s.state.legal_actions(seat)], seat)
    for move, label in labels.items():  # each move as the list words it plays that move
        reading = read(label, options, Menu.of(options), seat, game, w=s.w, labels=labels)
        assert (reading.kind, reading.move) == ("move", move), (label, reading)


def test_toepen_tags_one_knock_and_no_round_tags_at_game_over() -> None:
    state = tablegames.new_game("toepen", players=3, seed=1)
    view = {**state.view(0), "knocker": 1, "last_knocker": 1}
    badges = [words_for("en", "toepen").text(b) for b in present(view)["seats"][1]["badges"]]
    assert "knocking" in badges and "knocked last" not in badges, badges
    over = {**state.view(0), "to_act": None, "poverty": [True, False, False], "leader": 0,
            "result": {"winners": [1], "losers": [0], "scores": [10, 1, 3]},
            "out": [True, False, False]}
    badges = [words_for("en", "toepen").text(b) for s in present(over)["seats"]
              for b in s["badges"]]
    assert badges == ["out"], badges


def strings(lang: str, domain: str) -> dict[Any, Any]:
    with (LOCALE / lang / "LC_MESSAGES" / f"{domain}.po").open("rb") as f:
        return {m.id: m.string for m in read_po(f) if m.id}


def test_toepen_arabic_says_akla_for_a_trick_everywhere() -> None:
    """A trick is the card players' أكلة, not الخدعة (a deceit); "it was a bluff" keeps
    its خدعة."""
    for domain in ("toepen", "toepen_rulings", "toepen_refusals"):
        for mid, text in strings("ar", domain).items():
            texts = [text] if isinstance(text, str) else list(text)
            for t in texts:
                if mid != "it was a bluff":
                    assert "خدع" not in t, (domain, mid, t)
    assert "الأكلة" in strings("ar", "toepen")["Trick {n} of 4"]


def test_shithead_arabic_says_one_word_for_cards() -> None:
    w = words_for("ar", "shithead")
    assert "كروت" in w.n("({n} card)", "({n} cards)", 3) and "أوراق" not in \
        w.n("({n} card)", "({n} cards)", 3)
    for domain in ("shithead", "shithead_refusals", "shithead_rulings"):
        for text in strings("ar", domain).values():
            for t in [text] if isinstance(text, str) else list(text):
                # ورق(ة) and بطاقة are the other words for a card; "ورقمه" ("and its
                # number") only begins like one
                assert not re.search(r"ورق(?!م)|بطاق", t), (domain, t)


def test_arabic_skip_puts_a_word_between_the_two_names() -> None:
    view = {**tablegames.new_game("phase10", players=3, seed=1).view(None)}
    said = words_for("ar", "phase10").text(describe(
        {"kind": "discard", "seat": 2, "card": "S", "skips": 1}, view))
    assert "P2" in said and "P1" in said and not re.search(r"P\d P\d", said), said
    shithead = tablegames.new_game("shithead", players=3, seed=1).view(None)
    said = words_for("ar", "shithead").text(describe(
        {"kind": "skip", "seat": 2, "skipped": [1], "again": False}, shithead))
    assert not re.search(r"P\d P\d", said), said


@pytest.mark.parametrize("domain", ["tablegames", "toepen", "phase10", "shithead", "dallah"])
def test_arabic_counts_take_their_own_forms(domain: str) -> None:
    """Arabic counts in six forms: 3-10 take the plural, 11-99 the singular accusative;
    a counted phrase with the number in it says them apart ("3 لاعب" was wrong)."""
    for mid, text in strings("ar", domain).items():
        if isinstance(mid, tuple) and "{n}" in mid[1] and "{n}" in text[3]:
            assert text[3] != text[4], (mid, text)


def test_the_grouped_moves_hint_is_each_games_own() -> None:
    w = words_for("ar", "dallah")
    acts = [{"n": "0:move neck:tall lid"}, {"n": "0:move lid:wide spout"}]
    line = grouped_line(w, "dallah", "move", 52, acts)
    assert "'move neck'" in line and "ورقة" not in line and "52 طريقةً" in line, line
    en = grouped_line(words_for("en", "phase10"), "phase10", "lay", 62,
                      [{"n": "0:lay set3=R3,B3,G3 set7=R7,B7,W"}])
    assert "'lay R3'" in en and "62 ways" in en, en


def test_dallah_says_what_a_swap_and_a_pile_card_did() -> None:
    view = tablegames.new_game("dallah", players=3, seed=1).view(0)
    w = words_for("en", "dallah")
    swap = w.text(describe({"kind": "swap", "seat": 1, "card": "five_seconds",
                            "returned": ["twins"]}, view))
    assert "goes back to the shared pile" in swap and "P1 swapped" in swap, swap
    placed = w.text(describe({"kind": "placement_card", "seat": 1, "cup": "twins",
                              "zone": "spout"}, view))
    assert "is to go on" in placed and "places" not in placed, placed
    passed = w.text(describe({"kind": "pile_action", "card": "pass_it", "moves": [
        {"from": 1, "to": 0, "cups": 1}, {"from": 0, "to": 2, "cups": 2},
        {"from": 1, "to": 2, "cups": "pile"}]}, view))
    assert "P1 gives you 1 cup" in passed and "you give 2 cups to P2" in passed, passed
    assert "P1 and P2 swap piles" in passed and "the piles change" not in passed, passed


def test_dallah_says_whose_card_has_you_roll() -> None:
    state = tablegames.new_game("dallah", players=3, seed=1)
    view = {**state.view(1), "stage": "roll", "to_act": 1, "active": 0,
            "card": {"id": "fazaa"}}
    said = words_for("en", "dallah").text(present(view)["prompt"])
    assert "of P0" in said and "you roll" in said, said



def test_shithead_arabic_help_says_its_own_word_for_cards() -> None:
    """The help on hot keys is a shared paragraph (بطاقة, as three games say); Shithead's
    Arabic help says كرت, as every other Shithead sentence does (helper-112's leftover)."""
    s, _ = session("shithead", keys=["\x1b"] * 4, lang="ar")
    shown: list[str] = []
    s.screen.show = lambda lines: shown.extend(lines)  # type: ignore[method-assign]
    s.show_help(0)
    text = "\n".join(shown)
    assert "[قوسين]" in text and "(كرت، حركة أخرى)" in text, text
    assert "بطاق" not in text, text


def test_shithead_own_words_override_shared_ones() -> None:
    """Each of Shithead's words said again in its own catalogue is a shared one (an id
    only Shithead had would override nothing, and its Arabic would never be read)."""
    from tablegames.shithead.present import OWN_WORDS

    shared = strings("en", "tablegames")
    for m in OWN_WORDS:  # a plural's id is its (singular, plural) pair in both
        assert m in shared, m


def test_shithead_arabic_rulings_name_the_skip_as_the_table_does() -> None:
    """The table calls the skip card's effect تخطٍّ (a word; «قب» is none, see the SHD-22
    test of the table's facts); the rulings called the card «قب» in their title and text.
    They now say تخطٍّ, naming «قب» once as the rule sheet's word."""
    rulings = strings("ar", "shithead_rulings")
    assert rulings["Skip"] == "التخطي"
    texts = [t for t in rulings.values() if isinstance(t, str)]
    assert sum(t.count("قب»") for t in texts) == 1, [t for t in texts if "قب»" in t]
    assert any("اسمه «قب» في نص القواعد" in t for t in texts)
