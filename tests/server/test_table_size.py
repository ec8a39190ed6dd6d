"""A room is dealt for the table the host picked, by the game's own set-up for its size.

The creation form offers every table size a game allows (Shithead: 2 to 17). Where the
chosen rules cannot deal to that many seats, the room takes the game's own set-up for the
table's size (``GameInfo.fit_rules``, which every app shares: Shithead's second and third
decks, SHD-02), unless the host set that option; otherwise the form is refused with the
engine's reason.
"""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from tablegames import GAMES
from tablegames.common.errors import RulesError, SetupError
from tablegames.server.rooms import ClientError, Hub
from tablegames.server.store import Store


@pytest.fixture
def hub(tmp_path: Path) -> Iterator[Hub]:
    store = Store(tmp_path / "rooms.sqlite")
    try:
        yield Hub(store, bot_delay=0)
    finally:
        store.close()


def _dealt(hub: Hub, **form: Any) -> Any:
    """The room made from ``form`` (every seat taken by a bot) and its game as dealt."""
    code, _ = hub.create({"game": "shithead", "name": "Amal", "seed": 3, "bot": "random", **form})
    room = hub.room(code)
    hub.start(room, 0)
    return room


@pytest.mark.ruling("SHD-02")
@pytest.mark.parametrize(("players", "decks"), [(5, 1), (6, 2), (11, 2), (12, 3), (17, 3)])
def test_shithead_takes_the_decks_its_table_needs(hub: Hub, players: int, decks: int) -> None:
    room = _dealt(hub, players=players)
    assert room.config["rules"]["decks"] == decks and room.state.rules.decks == decks
    assert len(room.state.players) == players
    assert sum(len(h) for h in room.state.hands) == 3 * players  # nine cards each, dealt


@pytest.mark.ruling("SHD-02")
def test_a_variant_keeps_its_own_rules_and_gets_the_decks(hub: Hub) -> None:
    plain = _dealt(hub, players=4, variant="classic").config["rules"]
    room = _dealt(hub, players=8, variant="classic")
    assert room.config["rules"] == {**plain, "decks": 2}
    # a variant that already deals to the table is left as it is
    assert _dealt(hub, players=4, variant="two-decks").config["rules"]["decks"] == 2
    assert _dealt(hub, players=8, rules={"decks": 3}).config["rules"]["decks"] == 3


@pytest.mark.ruling("SHD-02")
def test_decks_the_host_set_are_never_changed(hub: Hub) -> None:
    before = hub.store.open_rooms()
    with pytest.raises(ClientError) as refused:
        hub.create({"game": "shithead", "players": 8, "name": "Amal", "rules": {"decks": 1}})
    assert refused.value.code == "bad_rules"
    assert "at most 5 players" in refused.value.detail
    assert hub.store.open_rooms() == before


def test_rules_that_no_table_size_explains_are_still_refused(hub: Hub) -> None:
    with pytest.raises(ClientError) as refused:
        hub.create({"game": "shithead", "players": 4, "name": "Amal", "rules": {"decks": 7}})
    assert refused.value.code == "bad_rules"
    with pytest.raises(ClientError) as refused:
        hub.create({"game": "toepen", "players": 4, "name": "Amal", "rules": {"limit": -3}})
    assert refused.value.code == "bad_rules"
    assert hub.store.open_rooms() == 0


@pytest.mark.ruling("SHD-02")
@given(data=st.data())
@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
def test_a_room_deals_what_every_other_app_deals(hub: Hub, data: st.DataObject) -> None:
    """The server's rules for a table are ``GameInfo.fit_rules``'s, as the terminal's,
    the simulator's and the arena's are (tests/test_table_fit.py): one fitting."""
    game = data.draw(st.sampled_from(sorted(GAMES)), label="game")
    info = GAMES[game]
    players = data.draw(st.integers(info.min_players, info.max_players), label="players")
    variant = data.draw(st.sampled_from([None, *sorted(info.variants)]), label="variant")
    options = {"decks": data.draw(st.integers(1, 3), label="decks")} if (
        game == "shithead" and data.draw(st.booleans(), label="set decks")) else {}
    form = {"game": game, "players": players, "name": "Amal", "seed": 3, "bot": "random",
            "variant": variant, "rules": options}
    try:
        expected: Any = info.fit_rules(players, (variant or info.rules_class(), options))
    except (RulesError, SetupError):
        expected = None
    before = hub.store.open_rooms()
    if expected is None:
        with pytest.raises(ClientError) as refused:
            hub.create(form)
        assert refused.value.code == "bad_rules" and hub.store.open_rooms() == before
        return
    code, _ = hub.create(form)
    room = hub.room(code)
    hub.start(room, 0)
    assert room.state.rules == expected and len(room.state.players) == players
