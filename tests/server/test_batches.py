"""A batch (several taps in one message) is judged tap by tap, each after the ones before
it, and nothing a refusal says comes from a tap that did not stand.

The room server once tried a whole batch on a copy of the game and answered with the
refusal of whichever tap failed: a Phase 10 phone could send "draw, discard a guessed
card, something refused" again and again, learn from each refusal what the hidden draw
pile's top card was *not*, and then take the discard pile instead, having drawn nothing.
Now the first refused tap ends the batch and the taps before it stand (stored, shown to
every phone), so each probe costs a real draw and the next one is stale.
"""

from __future__ import annotations

import asyncio
from pathlib import Path
from typing import Any

from tablegames.phase10.cards import NAMES
from tablegames.server.rooms import ClientError, Conn
from tests.server.helpers import started_room


def _sent(conn: Conn) -> list[dict[str, Any] | str]:
    out = []
    while not conn.queue.empty():
        out.append(conn.queue.get_nowait())
    return out


def test_a_probing_batch_costs_its_draw_and_a_second_probe_is_stale(tmp_path: Path) -> None:
    hub, room = started_room(tmp_path, "phase10", 2, 11)
    try:
        phone, other = Conn(0), Conn(1)
        for c in (phone, other):
            hub.attach(room, c)
        state = room.state
        assert state.to_act == 0
        version = state.version
        hand = set(state.view(0)["hand"])
        guesses = sorted(set(NAMES) - hand)  # every card the phone might guess it draws
        answers: list[str] = []

        async def probe(guess: str) -> None:
            try:
                await hub.handle(room, phone, {"type": "act", "expect": version,
                                               "actions": ["0:draw", f"0:discard {guess}",
                                                           "0:draw"]})
            except ClientError as exc:
                answers.append(exc.code)

        async def drive() -> None:
            for c in (phone, other):
                await hub.handle(room, c, {"type": "hello"})
            _sent(other)
            for guess in guesses:
                await probe(guess)

        asyncio.run(drive())
        # the first probe's draw stood (and its discard, had the guess been the card drawn)
        stood = [str(a) for a in room.state.history[version:]]
        assert stood[0] == "0:draw" and 1 <= len(stood) <= 2
        assert [a for _, _, a in hub.store.actions(room.code)] == [
            str(a) for a in room.state.history]
        # every later probe was stale: nothing was judged against a card not yet drawn
        assert answers[0] != "stale" and set(answers[1:]) <= {"stale"}
        # the other phone was told of the draw, as of any tap
        patches = [m for m in _sent(other) if isinstance(m, str) and '"patch"' in m]
        assert patches
    finally:
        hub.store.close()


def test_a_refused_first_tap_changes_nothing_and_a_batch_stops_at_its_refused_tap(
        tmp_path: Path) -> None:
    hub, room = started_room(tmp_path, "toepen", 3, 2)
    try:
        phones = [Conn(s) for s in range(3)]
        for c in phones:
            hub.attach(room, c)

        async def drive() -> None:
            state = room.state
            before = state.to_json()
            try:  # no knock while hands are exchanged (TOE-50): the batch's first tap
                await hub.handle(room, phones[0], {"type": "act", "expect": 0,
                                                   "actions": ["0:knock", "0:keep"]})
            except ClientError as exc:
                assert exc.code == "knock_not_now"
            assert room.state.to_json() == before  # the first tap refused: nothing stands
            await hub.handle(room, phones[0], {"type": "act", "expect": 0,
                                               "actions": ["0:keep"]})
            await hub.handle(room, phones[1], {"type": "act", "expect": 1,
                                               "actions": ["1:keep"]})
            await hub.handle(room, phones[2], {"type": "act", "expect": 2,
                                               "actions": ["2:keep"]})
            lead = str(room.state.view(0)["hand"][0])
            refused = ""
            try:  # a legal play, then the same card again: the play stands, the rest not
                await hub.handle(room, phones[0], {"type": "act", "expect": 3,
                                                   "actions": [f"0:play {lead}",
                                                               f"0:play {lead}", "0:keep"]})
            except ClientError as exc:
                refused = exc.code
            assert refused not in ("", "stale")
            assert [str(a) for a in room.state.history] == [
                "0:keep", "1:keep", "2:keep", f"0:play {lead}"]

        asyncio.run(drive())
        assert [a for _, _, a in hub.store.actions(room.code)] == [
            str(a) for a in room.state.history]
    finally:
        hub.store.close()
