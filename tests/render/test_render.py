"""``tablegames.render``: well-formed SVG, drawn only from the view it is given."""

from __future__ import annotations

import random
import xml.etree.ElementTree as ET
from collections import Counter
from collections.abc import Iterator
from typing import Any

import pytest

import tablegames
from tablegames import render
from tablegames.render.faces import face

NS = {"svg": "http://www.w3.org/2000/svg"}
GAMES = ["toepen", "shithead", "phase10", "dallah"]


def strings(value: Any) -> Iterator[str]:
    """Every string anywhere in a view (keys included)."""
    if isinstance(value, str):
        yield value
    elif isinstance(value, dict):
        for k, v in value.items():
            yield str(k)
            yield from strings(v)
    elif isinstance(value, list):
        for v in value:
            yield from strings(v)


def drawn_cards(picture: str) -> list[str]:
    """The cards a picture shows face up (each a ``<g class="card" data-card=...>``)."""
    root = ET.fromstring(picture)
    assert root.tag == "{http://www.w3.org/2000/svg}svg"
    out = []
    for g in root.iter("{http://www.w3.org/2000/svg}g"):
        classes = (g.get("class") or "").split()
        if "card" in classes and "back" not in classes:
            out.append(g.get("data-card") or "")
        if "back" in classes:
            assert g.get("data-card") is None and g.find("svg:title", NS) is None
    return out


def playout_states(game: str, seed: int, every: int = 9, limit: int = 260,
                   players: int = 4) -> Iterator[Any]:
    """A seeded random game of ``players`` at every ``every``-th move and its end."""
    info = tablegames.GAMES[game]
    state = tablegames.new_game(game, players=players, seed=seed, **info.simulate_kwargs(
        [f"P{i}" for i in range(players)]))
    rng = random.Random(seed)
    for step in range(limit):
        if step % every == 0 or state.is_over:
            yield state
        if state.is_over:
            return
        state.apply(rng.choice(state.legal_actions()))


@pytest.mark.parametrize("game", GAMES)
def test_a_seats_picture_shows_its_hand_and_never_another_seats_cards(game: str) -> None:
    checked = 0
    for seed in (1, 2, 3):
        for state in playout_states(game, seed):
            hands = {s: state.view(s).get("hand", []) for s in range(4)}
            for seat in (None, 0, 1, 2, 3):
                view = state.view(seat)
                public = set(strings(view))
                cards = drawn_cards(render.svg(view))
                # nothing is drawn face up that the view does not hold
                assert set(cards) <= public, (game, seat, set(cards) - public)
                for other, hand in hands.items():
                    if other != seat:
                        secret = set(hand) - public
                        assert not secret & set(cards), (game, seat, other)
                if seat is not None and game != "dallah":
                    assert not Counter(view["hand"]) - Counter(cards)  # own hand, face up
                checked += 1
    assert checked > 100


def test_the_spectator_sees_backs_where_the_seats_see_their_hands() -> None:
    state = tablegames.new_game("toepen", players=3, seed=7)
    spectator = render.svg(state.view(None))
    seat = render.svg(state.view(0))
    assert drawn_cards(spectator) == []
    assert sorted(drawn_cards(seat)) == sorted(state.view(0)["hand"])
    assert spectator.count('class="card back"') == 12 + 1  # every hand, and the stock
    assert seat.count('class="card back"') == 8 + 1


def test_cards_read_as_people_read_them() -> None:
    picture = render.hand(["Th", "As"], "toepen")
    texts = [t.text for t in ET.fromstring(picture).iter("{http://www.w3.org/2000/svg}text")]
    assert "10" in texts and "♥" in texts and "A" in texts and "♠" in texts
    titles = [t.text for t in ET.fromstring(picture).iter("{http://www.w3.org/2000/svg}title")]
    assert "10♥" in titles
    assert face("shithead", "12c").text == "Q♣"  # type: ignore[union-attr]
    assert face("phase10", "Y12").colour == "yellow"  # type: ignore[union-attr]
    assert face("phase10", "Z3") is None and face("toepen", "Tx") is None


def test_a_phase10_card_names_its_colour_on_the_card_in_the_pictures_language() -> None:
    for lang, word in (("en", "green"), ("da", "grøn"), ("ar", "أخضر")):
        picture = render.hand(["G7", "W"], "phase10", lang=lang)
        marks = [t.text for t in ET.fromstring(picture).iter("{http://www.w3.org/2000/svg}text")
                 if t.get("class") == "mark"]
        assert marks == [word]


def test_names_are_text_not_markup() -> None:
    state = tablegames.new_game("toepen", players=["<b>&amp;", "Bo", "Cy"], seed=1)
    root = ET.fromstring(render.svg(state.view(0)))
    texts = [t.text for t in root.iter("{http://www.w3.org/2000/svg}text")]
    assert any(t and "<b>&amp;" in t for t in texts)


def test_dallah_draws_the_pot_with_its_cups_in_either_language() -> None:
    state = tablegames.new_game("dallah", players=3, seed=1, pot={"neck": ["tall"],
                                                                 "base": ["wide", "tiny"]})
    root = ET.fromstring(render.svg(state.view(0), lang="ar"))
    assert root.get("direction") == "rtl"
    texts = "".join(t.text or "" for t in root.iter("{http://www.w3.org/2000/svg}text"))
    assert "الرقبة" in texts and "الطويل" in texts and "العريض" in texts


@pytest.mark.parametrize("seat", [None, 0])
def test_an_arabic_dallah_picture_has_no_english_words(seat: int | None) -> None:
    import re

    state = tablegames.new_game("dallah", players=3, seed=1, pot={"neck": ["tall"]})
    for _ in range(12):  # into a turn: a card, a cup and a zone in play
        state.apply(state.legal_actions()[0])
    root = ET.fromstring(render.svg(state.view(seat), lang="ar"))
    names = set(state.players)
    texts = [t.text or "" for t in root.iter("{http://www.w3.org/2000/svg}text")]
    texts.append(root.findtext("{http://www.w3.org/2000/svg}title", ""))
    words = {w for t in texts for w in re.findall(r"[A-Za-z]{2,}", t)} - names - {"dallah"}
    assert not words
    english = ET.fromstring(render.svg(state.view(seat)))
    assert "pile" in " ".join(t.text or "" for t in english.iter("{http://www.w3.org/2000/svg}text"))


def test_a_game_without_a_presenter_and_junk_are_refused() -> None:
    with pytest.raises(tablegames.TablegamesError):
        render.svg({"game": "mygame", "players": ["A", "B"], "seat": 1})
    with pytest.raises(tablegames.TablegamesError):
        render.svg({"hand": ["Th"]})
    with pytest.raises(tablegames.TablegamesError):
        render.svg(tablegames.new_game("toepen", players=3, seed=1).view(0), lang="xx")


@pytest.mark.parametrize("cards, game, options", [
    (["Th"], "toepen", {"title": 5}), (["Th"], "toepen", {"lang": True}),
    (["Th"], "toepen", {"lang": "xx"}), ("Th", "toepen", {}), ([5], "toepen", {}),
    (["Th"], 5, {}), (["Th"], "nosuchgame", {}), (None, "toepen", {}),
])
def test_render_hand_refuses_what_is_not_a_hand(cards: Any, game: Any,
                                                options: dict[str, Any]) -> None:
    """Found by the s39 review (helper-65's brief): ``hand(title=5)`` and ``svg(title=5)``
    failed deep in the drawing (``AttributeError``), and ``hand`` drew ``"Th"`` as the
    words ``T`` and ``h``, an unknown game or ``[5]`` as an empty hand and ``lang=True``
    in English."""
    with pytest.raises(tablegames.TablegamesError) as refused:
        render.hand(cards, game, **options)
    assert len(str(refused.value)) < 200
    with pytest.raises(tablegames.TablegamesError, match="title"):
        render.svg(tablegames.new_game("toepen", players=3, seed=1).view(0), title=5)  # type: ignore[arg-type]
    assert render.hand(["Th", "knock"], "toepen", title="").count('class="card"') == 1
