"""The server's pieces on their own: key mapping, card faces, labels, events, the store."""

from __future__ import annotations

import json
import random
from pathlib import Path

import pytest

import tablegames
from tablegames.common.actions import Event
from tablegames.server import keys
from tablegames.server.events import describe
from tablegames.server.faces import face
from tablegames.server.labels import Context, buttons, label
from tablegames.server.page import build, context, describe_events, view_of
from tablegames.server.store import Store, StoreError, digest


def test_game_keys_are_read_through_one_mapping_old_and_new_names_alike() -> None:
    assert keys.read({"game": "toepen", "phase": "play"}, "toepen", "stage") == "play"
    assert keys.read({"game": "toepen", "stage": "deal", "phase": "x"}, "toepen", "stage") == "deal"
    assert keys.read({"game": "phase10", "hand_no": 2}, "phase10", "round") == 2
    assert keys.read({"game": "toepen", "in_hand": [True]}, "toepen", "playing") == [True]
    assert keys.read({}, "toepen", "stock", default=7) == 7
    with pytest.raises(KeyError):
        keys.read({}, "toepen", "no such key")
    for game in tablegames.GAMES:  # every key a renderer asks for is one the game declares
        state = tablegames.new_game(game, players=3, seed=1)
        declared = set(type(state).VIEW_KEYS)
        for key in keys.GAME[game]:
            assert declared & set(keys.lookup(game, key)), (
                f"{game} no longer has {key!r}: update tablegames/server/keys.py")


@pytest.mark.parametrize("game, code, rank, suit, colour", [
    ("toepen", "Kh", "K", "♥", "red"), ("toepen", "Ts", "10", "♠", "black"),
    ("shithead", "12s", "Q", "♠", "black"), ("shithead", "1d", "A", "♦", "red"),
    ("shithead", "10♥", "10", "♥", "red"), ("shithead", "A♣", "A", "♣", "black"),
    ("phase10", "R7", "7", "", "red"), ("phase10", "Y12", "12", "", "yellow"),
    ("phase10", "W", "W", "Wild", "wild"), ("phase10", "S", "S", "Skip", "skip"),
    ("toepen", "??", "??", "", "plain"),
])
def test_cards_become_faces(game: str, code: str, rank: str, suit: str, colour: str) -> None:
    f = face(game, code)
    assert (f["code"], f["rank"], f["suit"], f["colour"]) == (code, rank, suit, colour)


def test_buttons_say_what_they_do_in_both_languages() -> None:
    en = Context("phase10", ["Amal", "Bo", "Cy"], "en")
    ar = Context("phase10", ["Amal", "Bo", "Cy"], "ar")
    assert label("0:hit R7>1.0", en)["label"] == "Add red 7 to Bo's group 1"
    assert label("0:discard S>2", en)["label"] == "Discard the Skip on Cy"
    assert label("0:discard S>2", ar)["label"] == "ارمِ ورقة التخطي على Cy"
    assert label("0:teleport", en)["label"] == "Teleport"  # unknown verbs stay playable
    assert label("0:hit R7>junk", en)["label"] == "Hit R7>junk"
    cut = label("2:cut 7c,7d", Context("shithead", ["Amal", "Bo", "Cy"], "en"))
    assert cut["label"] == "Cut 7♣ 7♦" and [f["code"] for f in cut["cards"]] == ["7c", "7d"]
    d = Context("dallah", ["Amal", "Bo"], "ar", {"shapes": {"tall": "الطويل"},
                                                  "zones": {"neck": "الرقبة"}}, zone="neck")
    assert label("0:fell neck:tall", d)["label"] == "سقط الطويل"
    assert label("0:nospace", d)["label"] == "لا مكان على الرقبة"
    t = Context("toepen", ["Amal", "Bo"], "en")
    made = buttons(["0:play Kh", "0:play 7c", "0:knock"], ["Kh", "Qs"], t)
    assert [b.get("tap") for b in made] == ["Kh", None, None]  # 7c is not in the hand


def test_events_become_sentences_from_what_the_seat_saw() -> None:
    ctx = Context("dallah", ["Amal", "Bo"], "en", {"shapes": {"tall": "Tall"},
                                                    "zones": {"neck": "Neck"}})
    e = {"kind": "collapse", "seat": 0, "collector": 0, "cups": 2}
    assert describe(e, ctx) == "The Dallah collapsed: Amal collected 2 cups."
    toepen = Context("toepen", ["Amal", "Bo"], "en")
    assert describe({"kind": "exchange", "seat": 1, "stock": 4}, toepen) == \
        "Bo threw in their hand for four new cards."
    assert describe({"kind": "exchange", "seat": 1, "stock": 4, "cards": ["Kh"]}, toepen) == \
        "You threw in your hand and drew K♥."
    assert describe({"kind": "cards", "seat": 1}, toepen) == ""  # another seat's deal: nothing
    assert describe({"kind": "mystery", "seat": 1}, toepen) == "Bo: mystery"


@pytest.mark.parametrize("game", sorted(tablegames.GAMES))
def test_every_page_of_a_random_game_is_built_from_the_view_alone(game: str) -> None:
    state = tablegames.new_game(game, players=["Amal", "Bo", "Cy"], seed=3)
    rng = random.Random(3)
    for _ in range(60):
        if state.is_over:
            break
        events = state.apply(rng.choice(state.legal_actions()))
        for seat in (0, 1, 2, None):
            for lang in ("en", "ar"):
                page = build(state, seat, lang)
                json.dumps(page)
                assert page["version"] == state.version
                legal = state.view(seat)["legal"] if seat is not None else []
                assert [b["n"] for b in page["actions"]] == legal
                ctx = context(state, view_of(state, seat, lang), lang)
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
