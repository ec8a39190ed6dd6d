"""Whatever a phone sends, the room answers it or refuses it cleanly and changes nothing.

Hypothesis writes the messages: every kind the protocol has and kinds it has not, with
values of every JSON type in every field (``True`` for a version, NaN, huge numbers,
nested junk, another seat's legal action, a stale or future ``expect``, a batch too long),
sent by any seat or by the shared screen, mixed with the seats' legal taps so the games
move on. The rooms are driven through the :class:`Hub` itself, on a real SQLite file.

After every message: nothing but a :class:`ClientError` came out; a refusal left the
game byte-identical; what the store holds is exactly the game's history; every message
queued for a phone is plain JSON with no NaN. At the end, no update or patch a seat was
sent names a card that seat had not seen (:func:`assert_no_hidden_cards`; Dallah has no
hidden card to leak).

The creation form gets the same treatment: whatever is posted either makes a lobby that
fills, deals and plays, or is refused with a known code and stores nothing.
"""

from __future__ import annotations

import asyncio
import json
import math
import tempfile
from pathlib import Path
from typing import Any

import pytest
from hypothesis import event, given
from hypothesis import strategies as st

from tablegames.common.registry import GAMES
from tablegames.server.rooms import MAX_BATCH, ClientError, Conn, Hub, Room
from tablegames.server.store import Store
from tablegames.server.words import ERRORS
from tablegames.table import presenter_of
from tests.server.helpers import assert_no_hidden_cards, started_room

GAME_NAMES = ("toepen", "phase10", "shithead", "dallah")

#: Any JSON value json.loads can give, NaN and infinities included (``json.loads("NaN")``).
JSON = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats() | st.text(max_size=20),
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=8), inner,
                                                                 max_size=4),
    max_leaves=12,
)
NUMBERISH = st.sampled_from([True, False, None, "0", 0.0, 0.5, -1, 2**70, -(2**70),
                             math.nan, math.inf, [], {}])


@st.composite
def _message(draw: Any, room: Room, seat: int | None) -> Any:
    """One message from the phone of ``seat``, drawn against the game as it is now."""
    state = room.state
    players = len(room.seats)
    mine = [str(a) for a in state.legal_actions(seat)] if seat is not None else []
    others = [str(a) for s in range(players) if s != seat for a in state.legal_actions(s)]
    history = [str(a) for a in state.history[-5:]]
    notation = st.sampled_from(mine or ["0:pass"]) | st.sampled_from(others or ["1:pass"])
    notation |= st.sampled_from(history or ["0:keep"]) | st.text(max_size=30)
    action = notation | JSON
    version = state.version
    expect = st.sampled_from([version, version - 1, version + 1, 0]) | NUMBERISH
    kind = draw(st.sampled_from(["tap"] * 4 + ["act"] * 3 + ["hello", "lang", "start", "ping",
                                                             "junk", "not a dict"]))
    if kind == "tap" and mine:  # a legal tap, so the game moves on between the junk
        return {"type": "act", "action": draw(st.sampled_from(mine)), "expect": version}
    if kind in ("tap", "act"):
        message: dict[str, Any] = {"type": "act", "expect": draw(expect)}
        if draw(st.booleans()):
            message["action"] = draw(action)
        else:
            message["actions"] = draw(st.lists(action, max_size=MAX_BATCH + 3) | JSON)
    elif kind == "hello":
        message = {"type": "hello", "since": draw(st.integers(-3, version + 3) | NUMBERISH),
                   "lang": draw(st.sampled_from(["en", "ar", "nl", "da", "xx"]) | JSON)}
    elif kind == "lang":
        message = {"type": "lang", "lang": draw(st.sampled_from(["en", "ar", "nl", "da"]) | JSON)}
    elif kind in ("start", "ping"):
        message = {"type": kind}
    elif kind == "junk":
        message = {"type": draw(st.text(max_size=10) | JSON)}
    else:
        return draw(JSON)
    if draw(st.booleans()):  # extra fields of any kind are ignored, never trusted
        message.update(draw(st.dictionaries(st.text(max_size=8), JSON, max_size=3)))
    return message


def _queued(conn: Conn, frames: list[str]) -> None:
    """Read what ``conn`` was sent: each message must be plain JSON (no NaN)."""
    while not conn.queue.empty():
        raw = conn.queue.get_nowait()
        assert raw is not None, "a phone was cut off"
        text = raw if isinstance(raw, str) else json.dumps(raw, allow_nan=False)
        message = json.loads(text, parse_constant=lambda c: pytest.fail(f"{c} in a message"))
        assert isinstance(message, dict) and isinstance(message.get("type"), str)
        if message["type"] == "error":
            assert message["code"] in ERRORS or message["detail"] is not None, message
            assert message["message"]
        frames.append(text)


@pytest.mark.parametrize("game", GAME_NAMES)
@given(data=st.data())
def test_any_message_is_answered_or_refused_cleanly_and_changes_nothing(
        game: str, data: st.DataObject) -> None:
    info = GAMES[game]
    players = data.draw(st.integers(info.min_players, min(info.max_players, 4)), label="players")
    seed = data.draw(st.integers(0, 2**32), label="seed")
    with tempfile.TemporaryDirectory() as folder:
        hub, room = started_room(Path(folder), game, players, seed)
        store, code = hub.store, room.code
        try:
            conns = [Conn(seat) for seat in [*range(players), None]]
            frames: dict[int | None, list[str]] = {c.seat: [] for c in conns}

            async def drive() -> None:
                for conn in conns:
                    hub.attach(room, conn)
                    await hub.handle(room, conn, {"type": "hello"})
                for _ in range(data.draw(st.integers(1, 40), label="messages")):
                    if room.state.is_over:
                        break
                    conn = data.draw(st.sampled_from(conns), label="sender")
                    message = data.draw(_message(room, conn.seat), label="message")
                    before = room.state.to_json()
                    done = len(room.state.history)
                    try:
                        await hub.handle(room, conn, message)
                        event("moved on" if room.state.to_json() != before else "answered")
                    except ClientError as exc:
                        event(f"refused: {exc.code}")
                        assert exc.code in ERRORS or exc.detail, exc.code
                        stood = [str(a) for a in room.state.history[done:]]
                        if not stood:
                            assert room.state.to_json() == before, message  # nothing changed
                        else:  # a batch: the taps before the refused one stand, no more
                            event("refused after taps that stand")
                            batch = message["actions"]
                            assert len(stood) < len(batch), message
                            assert stood == [str(info.parse_action(a))
                                             for a in batch[:len(stood)]], message
                    stored = [action for _, _, action in store.actions(code)]
                    assert stored == [str(a) for a in room.state.history]
                    for c in conns:
                        _queued(c, frames[c.seat])

            asyncio.run(drive())
            if presenter_of(game).face is not None:  # Dallah's cards are all face up
                for seat in range(players):
                    assert_no_hidden_cards(room.state, seat, frames[seat])
        finally:
            store.close()


@st.composite
def _form(draw: Any) -> Any:
    """A room creation form as a hostile or careless page might post it (each field is
    mostly sound, so most forms make a room and the rest probe one field at a time)."""

    def usually(good: st.SearchStrategy[Any], bad: st.SearchStrategy[Any]) -> Any:
        return draw(good if draw(st.integers(0, 9)) < 8 else bad)

    game = usually(st.sampled_from(GAME_NAMES), JSON)
    info = GAMES.get(game) if isinstance(game, str) else None
    low, high = (info.min_players, info.max_players) if info else (2, 4)
    form: dict[str, Any] = {
        "game": game,
        "players": usually(st.integers(low, high), st.integers(-1, 20) | NUMBERISH),
        "name": usually(st.sampled_from(["Amal", " Bo ", "Ça"]),
                        st.sampled_from(["", "x" * 30, "a\x00b", "\u202e"]) | JSON),
    }
    fields = list(info.rules_class.__attrs_attrs__) if info is not None else []
    rules: Any = {}
    if fields and draw(st.booleans()):  # a real option, with a value of its type or not
        field = draw(st.sampled_from(fields))
        default = field.default
        typed = (st.sampled_from([default, not default]) if isinstance(default, bool)
                 else st.integers(-2, 120) if isinstance(default, int) else JSON)
        rules[field.name] = usually(typed, JSON | NUMBERISH)
    if draw(st.integers(0, 9)) == 0:  # an option no game has, or no options at all
        rules = draw(st.dictionaries(st.text(max_size=8), JSON, max_size=2) | JSON)
    optional = {
        "variant": st.sampled_from(sorted(info.variants) if info else ["standard"]),
        "rules": st.just(rules),
        "bot": st.sampled_from(["random", "ismcts", "nobody", ""]) | JSON,
        "seed": st.integers() | st.text(max_size=12) | JSON,
    }
    for key, strategy in optional.items():
        if draw(st.booleans()):
            form[key] = usually(strategy, JSON) if key != "rules" else draw(strategy)
    return form


@given(form=_form())
def test_any_creation_form_makes_a_playable_lobby_or_is_refused_and_stores_nothing(
        form: Any) -> None:
    with tempfile.TemporaryDirectory() as folder:
        store = Store(Path(folder) / "rooms.sqlite")
        try:
            hub = Hub(store, bot_delay=0)
            try:
                code, token = hub.create(form)
            except ClientError as exc:
                event(f"refused: {exc.code}")
                assert exc.code in ERRORS, exc.code
                assert store.open_rooms() == 0  # nothing was stored
                return
            event("made")
            room = hub.room(code)
            assert hub.by_token(token) == (room, 0) and not room.started
            for i in range(1, room.config["players"]):  # the lobby fills and the game deals
                hub.join(code, f"Player {i}")
            assert room.started and room.state.version == 0
            state = room.state
            state.apply(state.legal_actions()[0])  # and it plays
        finally:
            store.close()
