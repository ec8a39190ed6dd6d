"""Room stores written by older servers reopen under today's server.

``data/store_0_1_0.sqlite`` was written by ``tablegames serve`` of release 0.1.0 (commit
756a96b): per game a room in its lobby, one 40 actions into its game and one finished,
driven over websockets by that release's test client; ``store_0_1_0.json`` holds their
codes and seat tokens. That release's room codes had 5 letters (today's have 7).

``data/store_4112dab.sqlite`` was written by ``tablegames serve`` of development commit
4112dab (Dallah's engine 2), driven over HTTP and websockets: two Dallah rooms of two
people, ten random legal taps each (seeds 1 and 3). Today's engine replays the first;
the second's tap at version 3 is one DAL-14 now refuses (``cup_not_on_pot``), so that
room cannot be rebuilt. ``store_4112dab.json`` holds their codes and seat tokens.
"""

from __future__ import annotations

import json
import random
import shutil
from pathlib import Path
from typing import Any

import pytest

from tablegames.server.rooms import ClientError, Hub
from tablegames.server.store import Store

DATA = Path(__file__).parent / "data"
ROOMS_0_1_0: dict[str, Any] = json.loads((DATA / "store_0_1_0.json").read_text())
ROOMS_4112DAB: dict[str, Any] = json.loads((DATA / "store_4112dab.json").read_text())


@pytest.fixture
def old_hub(tmp_path: Path) -> Any:
    """Today's hub on a copy of the 0.1.0 store (the file is upgraded when opened)."""
    path = tmp_path / "rooms.sqlite"
    shutil.copy(DATA / "store_0_1_0.sqlite", path)
    hub = Hub(Store(path), bot_delay=0)
    yield hub
    hub.store.close()


def _play_to_end(hub: Hub, room: Any, *, seed: int, most: int) -> None:
    """Random legal taps through the hub's commit until the room's game ends (at most
    ``most`` of them)."""
    rng = random.Random(seed)
    for _ in range(most):
        state = room.state
        if state.is_over:
            break
        action = rng.choice(state.legal_actions())
        hub._commit(room, state.to_act, [str(action)], state.version)
    assert room.state.is_over


@pytest.mark.parametrize("name", sorted(ROOMS_0_1_0))
def test_a_room_of_release_0_1_0_opens_by_its_code_and_its_links(old_hub: Hub, name: str) -> None:
    """A 0.1.0 room opens by its 5-letter code and by every seat link it handed out, at the
    version it was left at, and plays on to its end (it was ``no_room`` for every one)."""
    spec = ROOMS_0_1_0[name]
    room = old_hub.room(spec["code"])
    assert old_hub.room(spec["code"].lower()) is room
    for seat, token in enumerate(spec["tokens"]):
        assert old_hub.by_token(token) == (room, seat)
    if name.endswith("_lobby"):
        assert not room.started
        for other in ("Bo", "Cy"):
            old_hub.join(spec["code"], other)
        assert room.started  # the last seat taken deals
    else:
        assert room.state.version == spec["version"]
        assert room.state.is_over == spec["over"]
    _play_to_end(old_hub, room, seed=3, most=2000)


def test_a_dallah_room_of_4112dab_that_no_longer_replays_is_refused_for_good(
        tmp_path: Path) -> None:
    """The store of development commit 4112dab: its Dallah room whose stored taps today's
    engine refuses (DAL-14) is ``room_unreadable`` by its code and by each seat link (it
    was ``busy`` for ever, a phone told to try again later), the verdict remembered with
    its cause; the room beside it opens at its version and plays on to its end."""
    path = tmp_path / "rooms.sqlite"
    shutil.copy(DATA / "store_4112dab.sqlite", path)
    hub = Hub(Store(path), bot_delay=0)
    try:
        for code, spec in sorted(ROOMS_4112DAB.items()):
            if spec["opens"]:
                room = hub.room(code)
                assert room.state.version == spec["version"]
                assert [hub.by_token(t) for t in spec["tokens"]] == [(room, 0), (room, 1)]
                _play_to_end(hub, room, seed=5, most=3000)
                continue
            for ask, what in [(hub.room, code), (hub.room, code.lower()),
                              *((hub.by_token, t) for t in spec["tokens"])]:
                with pytest.raises(ClientError) as refused:
                    ask(what)
                assert refused.value.code == "room_unreadable"
            assert hub.unreadable[code] == "the action stored at version 3: cup_not_on_pot, DAL-14"
    finally:
        hub.store.close()
