"""The server's pieces on their own: card faces, labels, events, the store."""

from __future__ import annotations

import json
import random
from pathlib import Path

import pytest

import tablegames
from tablegames.common.actions import Event
from tablegames.server.page import build, context, describe_events, face, words_of
from tablegames.server.store import Store, StoreError, digest
from tablegames.table import describe, present, presenter_of


@pytest.mark.parametrize("game, code, rank, suit, colour, mark", [
    ("toepen", "Kh", "K", "♥", "red", ""), ("toepen", "Ts", "10", "♠", "black", ""),
    ("shithead", "12s", "Q", "♠", "black", ""), ("shithead", "1d", "A", "♦", "red", ""),
    ("shithead", "10♥", "10", "♥", "red", ""), ("shithead", "A♣", "A", "♣", "black", ""),
    ("phase10", "R7", "7", "", "red", "red"), ("phase10", "Y12", "12", "", "yellow", "yellow"),
    ("phase10", "W", "W", "", "wild", "Wild"), ("phase10", "S", "S", "", "skip", "Skip"),
])
def test_cards_become_faces_from_the_games_pack(game: str, code: str, rank: str, suit: str,
                                                colour: str, mark: str) -> None:
    made = presenter_of(game).face
    assert made is not None
    f = face(made(code), words_of(game, "en"))
    assert (f["rank"], f["suit"], f["colour"], f["mark"]) == (rank, suit, colour, mark)


def test_a_phase10_colour_is_named_on_the_card_and_in_every_language() -> None:
    made = presenter_of("phase10").face
    assert made is not None
    assert face(made("G3"), words_of("phase10", "da"))["mark"] == "grøn"
    # the page's words isolate a message's arguments in Arabic (a browser draws them)
    assert face(made("G3"), words_of("phase10", "ar"))["name"] == "\u20683\u2069 أخضر"


def _page(game: str, legal: list[str], lang: str = "en", hand: list[str] | None = None,
          **view: object) -> dict[str, object]:
    base = {"game": game, "players": ["Amal", "Bo", "Cy"], "seat": 0, "to_act": 0,
            "stage": "play", "version": 1, "hand": hand or [], "legal": legal}
    base.update(view)
    model = present(base)
    w = words_of(game, lang)
    return {"actions": [{"label": w.text(a["label"]), "tap": a["tap"]} for a in model["actions"]]}


def test_buttons_say_what_they_do_in_every_language() -> None:
    labels = [a["label"] for a in _page("phase10", ["0:hit R7>1.0", "0:discard S>2",
                                                    "0:discard R2", "0:discard B2"])["actions"]]
    assert labels == ["Add red 7 to Bo's group 1", "Discard the Skip on Cy", "Discard red 2",
                      "Discard blue 2"]  # two different 2s never read the same
    ar = [a["label"] for a in _page("phase10", ["0:discard S>2"], "ar")["actions"]]
    assert ar == ["ارمِ بطاقة التخطي على \u2068Cy\u2069"]  # the name isolated in Arabic
    nl = [a["label"] for a in _page("toepen", ["0:knock", "0:play Kh"], "nl")["actions"]]
    assert nl == ["Toepen", "Speel K♥"]
    taps = [a["tap"] for a in _page("toepen", ["0:play Kh", "0:play 7c", "0:knock"],
                                    hand=["Kh", "Qs"])["actions"]]
    assert taps == ["Kh", None, None]  # 7c is not in the hand


def test_events_become_sentences_from_what_the_seat_saw() -> None:
    view = {"game": "toepen", "players": ["Amal", "Bo"], "seat": 0}
    w = words_of("toepen", "en")

    def say(e: dict[str, object]) -> str | None:
        m = describe(e, view)
        return None if m is None else w.text(m)

    assert say({"kind": "exchange", "seat": 1, "stock": 4}) == \
        "Bo threw in their hand for four new cards."
    assert say({"kind": "exchange", "seat": 1, "stock": 4, "cards": ["Kh"]}) == \
        "You threw in your hand and drew K♥."
    assert say({"kind": "cards", "seat": 1}) is None  # another seat's deal: nothing
    assert say({"kind": "mystery", "seat": 1}) == "Bo: mystery"
    p10 = {"game": "phase10", "players": ["Amal", "Bo"], "seat": 1}
    assert words_of("phase10", "en").text(describe({"kind": "skipped", "seat": 1}, p10)) == \
        "You miss your turn."


@pytest.mark.parametrize("game", sorted(tablegames.GAMES))
def test_every_page_of_a_random_game_is_built_from_the_view_alone(game: str) -> None:
    state = tablegames.new_game(game, players=["Amal", "Bo", "Cy"], seed=3)
    rng = random.Random(3)
    for _ in range(60):
        if state.is_over:
            break
        events = state.apply(rng.choice(state.legal_actions()))
        for seat in (0, 1, 2, None):
            for lang in ("en", "ar", "nl", "da"):
                page = build(state, seat, lang)
                json.dumps(page)
                assert page["version"] == state.version
                legal = state.view(seat)["legal"] if seat is not None else []
                assert [b["n"] for b in page["actions"]] == legal
                ctx = context(state, seat, lang)
                lines = describe_events(Event.redact(events, seat), ctx)
                assert all(line["text"] for line in lines)


def test_the_store_writes_an_action_and_its_state_together_or_not_at_all(tmp_path: Path) -> None:
    store = Store(tmp_path / "rooms.sqlite")
    store.create("ABCDE", "toepen", {"seed": 1}, [{"name": "Amal"}], "secret-token-1")
    assert store.token("secret-token-1") == ("ABCDE", 0) and store.token("guess") is None
    store.start("ABCDE", [{"name": "Amal"}], [{"name": "Amal"}], '{"v":0}')
    store.record("ABCDE", 0, [(0, "0:keep")], '{"v":1}', False)
    with pytest.raises(StoreError):
        store.record("ABCDE", 0, [(0, "0:keep")], '{"v":"again"}', False)  # not twice
    row = store.room("ABCDE")
    assert row is not None and (row.seq, row.state, row.snap_seq) == (1, '{"v":1}', 1)
    assert store.actions("ABCDE") == [(1, 0, "0:keep")]
    store.record("ABCDE", 1, [(0, "0:fell a:b")], None, False)  # the log only
    row = store.room("ABCDE")
    assert row is not None and (row.seq, row.state, row.snap_seq) == (2, '{"v":1}', 1)
    assert store.actions("ABCDE", after=1) == [(2, 0, "0:fell a:b")]
    store.record("ABCDE", 2, [(0, "0:settled")], '{"v":3}', True)
    assert [s for s, _, _ in store.actions("ABCDE")] == [1, 2, 3]
    store.close()
    raw = (tmp_path / "rooms.sqlite").read_bytes() + b"".join(
        p.read_bytes() for p in tmp_path.glob("rooms.sqlite-*"))
    assert b"secret-token-1" not in raw and digest("secret-token-1").encode() in raw
