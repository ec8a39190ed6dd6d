"""Two different actions offered to a seat never read alike: a player choosing by the
words on a button (the phone, the terminal) can tell every legal action from the others.

Phase 10 under ``phase_choice`` offered the same seven cards as a set of 2s with a run
5-8 and as a run 2-8, each labelled with the cards alone: two identical buttons for two
different phases. A lay-down now says each group's kind and its cards (P10-40).
"""

from __future__ import annotations

import random
from typing import Any

import pytest

import tablegames
from tablegames.table import present
from tablegames.table.catalogues import DOMAIN_LANGS, sample_games
from tablegames.table.i18n import Words

GAMES = ("toepen", "phase10", "shithead", "dallah")


def offered(state: Any, seat: int, lang: str) -> dict[str, list[str]]:
    """Each button's words in ``lang`` (label and cards), with the actions drawn so."""
    words = Words(lang, str(state.view(None)["game"]))
    by_text: dict[str, list[str]] = {}
    for a in present(state.view(seat))["actions"]:
        text = words.text(a["label"]) + " | " + words.text([c["name"] for c in a["cards"]])
        by_text.setdefault(text, []).append(a["n"])
    return by_text


def alike(state: Any, langs: tuple[str, ...]) -> list[tuple[str, list[str]]]:
    return [(text, ns) for seat in range(len(state.players)) if state.legal_actions(seat)
            for lang in langs for text, ns in offered(state, seat, lang).items() if len(ns) > 1]


def test_a_phase_choice_lay_down_says_its_groups() -> None:
    """The reviewer's table: two players, seed 0, phase_choice; Bo may lay B2 W W B5 R6 G7
    G8 as a set of 2s with a run 5-8, or as a run 2-8."""
    state = tablegames.new_game("phase10", players=["Amal", "Bo"], seed=0,
                                rules={"phase_choice": True, "skip_target": "choose"})
    for a in ("0:take", "0:discard G11", "1:draw"):
        state.apply(a)
    lays = [str(a) for a in state.legal_actions(1) if str(a).startswith("1:lay ")]
    assert "1:lay set2=B2,W,W run5-8=B5,R6,G7,G8" in lays and "1:lay run2-8=B2,W,W,B5,R6,G7,G8" in lays
    assert alike(state, DOMAIN_LANGS["phase10"]) == []
    words = offered(state, 1, "en")
    assert words["Lay three 2s (blue, Wild, Wild) + run 5-8 (blue 5, red 6, green 7, green 8)"
                 " | blue 2, Wild, Wild, blue 5, red 6, green 7, green 8"] == [
        "1:lay set2=B2,W,W run5-8=B5,R6,G7,G8"]
    assert words["Lay run 2-8 (blue 2, Wild, Wild, blue 5, red 6, green 7, green 8)"
                 " | blue 2, Wild, Wild, blue 5, red 6, green 7, green 8"] == [
        "1:lay run2-8=B2,W,W,B5,R6,G7,G8"]
    arabic = [t for t, ns in offered(state, 1, "ar").items() if ns == ["1:lay run2-8=B2,W,W,B5,R6,G7,G8"]]
    assert arabic and "\u060c " in arabic[0] and ", " not in arabic[0]  # the Arabic comma
    # and the prompt says any phase not yet done may be laid, not phase 1 alone
    prompt = present(state.view(1))["prompt"]
    assert prompt["msg"] == "Lay one of phases {list} if you can, hit, then discard a card."
    assert prompt["args"]["list"] == [str(p) for p in range(1, 11)]


@pytest.mark.parametrize("game", GAMES)
def test_no_two_offered_actions_read_alike(game: str) -> None:
    """Seeded random games (every option on in half of them), every seat that may act, in
    every language of the game."""
    for state, _ in sample_games(game, games=4, steps=250):
        assert alike(state, DOMAIN_LANGS[game]) == [], state.to_json()[:300]


def test_phase_choice_tables_read_alike_nowhere() -> None:
    """Phase 10 with phase_choice, where several lay-downs of one hand are offered."""
    for seed in range(12):
        state = tablegames.new_game("phase10", players=2 + seed % 2, seed=seed,
                                    rules={"phase_choice": True})
        rng = random.Random(seed)
        for _ in range(200):
            if state.is_over:
                break
            assert alike(state, DOMAIN_LANGS["phase10"]) == []
            legal = [str(a) for a in state.legal_actions()]
            lays = [a for a in legal if ":lay " in a or ":hit " in a]
            state.apply(rng.choice(lays or legal))


def test_an_arabic_result_line_uses_the_arabic_comma_and_semicolon() -> None:
    """The terminal's and the plain picture's result line: names and parts are parted
    by the language's comma and semicolon (found by helper-55)."""
    from tablegames.render.text import result_text

    model = {"result": {"title": {"msg": "Game over", "args": {}}, "winners": ["Ali", "Badr"],
                        "winners_label": {"msg": "Winners", "args": {}}, "losers": ["Jo"],
                        "losers_label": {"msg": "Losers", "args": {}}, "scores": [],
                        "scores_label": {"msg": "Scores", "args": {}}}}
    arabic = result_text(model, Words("ar", "phase10"))
    assert "Ali\u060c Badr" in arabic and "\u061b " in arabic and ";" not in arabic
    assert result_text(model, Words("en", "phase10")) == "Game over; Winners: Ali, Badr; Losers: Jo"


@pytest.mark.parametrize(("lang", "parts", "more"), [
    ("en", ["three 1s", "run 4-7 with Wild as 4"], "Keep tapping cards to lay phase 1."),
    ("da", ["tre 1'ere", "løb 4-7 med Wild som 4"],
     "Bliv ved med at trykke på kort for at lægge fase 1 ned."),
    ("ar", ["ثلاث بطاقات 1", "تسلسل 4-7 والجوكر بقيمة 4"], "واصل لمس البطاقات لتنزيل المرحلة 1."),
])
def test_a_lay_down_says_its_groups_as_a_player_does(lang: str, parts: list[str], more: str) -> None:
    """A phone's usability test: two lay-downs of the same seven cards read "set of 3 × 1
    (red 1, red 1, green 1), run 4-7 (Wild, …)" and "…, run 5-8 (…, Wild)", alike up to a
    word deep in a long sentence. Each group now has short words of its own, a set said
    as a player says it ("three 1s") and a run's Wild given its number, in every language
    of Phase 10; and the line that asks for more cards names the phase."""
    state = tablegames.new_game("phase10", players=["Amal", "Bo"], seed=19,
                                rules={"phases": ["set3+run4"]})
    state.apply("0:draw")
    words = Words(lang, "phase10")
    acts = {a["n"]: a for a in present(state.view(0))["actions"]}
    low = acts["0:lay set1=R1,R1,G1 run4-7=W,R5,B6,G7"]
    high = acts["0:lay set1=R1,R1,G1 run5-8=R5,B6,G7,W"]
    assert [words.text(p) for p in low["parts"]] == parts
    assert words.text(high["parts"][1]) != words.text(low["parts"][1])
    assert words.text(low["more"]) == more
    assert words.text(low["label"]).count(parts[0]) == 1  # the terminal's sentence says it too
