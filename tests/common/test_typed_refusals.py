"""Odd arguments get the library's own short errors (found by a hunt): a 100,000-character
action no longer comes back as a 200,000-character message, a record from a newer engine
is refused as a save is, ``True`` is no seat for an event, and ``log``, ``sample_world``
and their ``rng`` refuse with typed errors instead of Python's own."""

from __future__ import annotations

import pytest

import tablegames
from tablegames.common.actions import Event
from tablegames.common.errors import (
    NotationError,
    SeatError,
    SetupError,
    StateError,
    TablegamesError,
)

GAMES = ("toepen", "phase10", "shithead", "dallah")


@pytest.mark.parametrize("game", GAMES)
def test_a_huge_action_gets_a_short_notation_error(game: str) -> None:
    info = tablegames.GAMES[game]
    state = tablegames.new_game(game, players=3, seed=1)
    for text in ("0:" + "x" * 100_000, "x" * 100_000, "0:play " + "9" * 100_000,
                 "0:lay 1:" + "R3," * 30_000):
        with pytest.raises(NotationError) as caught:
            info.parse_action(text)
        assert len(str(caught.value)) <= 400
        record = state.record()
        record["actions"] = [text]
        with pytest.raises(TablegamesError) as again:
            tablegames.replay(record)
        assert len(str(again.value)) <= 400


@pytest.mark.parametrize("game", GAMES)
@pytest.mark.parametrize("engine", [10**6, True, "x", 0])
def test_a_record_from_a_newer_or_unknown_engine_is_refused(game: str, engine: object) -> None:
    state = tablegames.new_game(game, players=3, seed=1)
    record = state.record()
    assert tablegames.replay(record).to_json() == state.to_json()
    record["engine"] = engine
    with pytest.raises(StateError):
        tablegames.replay(record)


@pytest.mark.parametrize("seat", [True, False, 1.0, "1"])
def test_an_event_is_redacted_only_for_a_real_seat(seat: object) -> None:
    event = Event("draw", {"seat": 1}, secret={"card": "Kh"}, audience=frozenset({1}))
    for call in (lambda: event.for_seat(seat), lambda: event.visible_to(seat),  # type: ignore[arg-type]
                 lambda: Event.redact([event], seat)):  # type: ignore[arg-type]
        with pytest.raises(SeatError):
            call()
    assert event.for_seat(1)["card"] == "Kh" and "card" not in event.for_seat(None)


@pytest.mark.parametrize("game", GAMES)
def test_log_and_sample_world_refuse_with_typed_errors(game: str) -> None:
    state = tablegames.new_game(game, players=3, seed=1)
    before = state.to_json()
    for since in (-1, True, len(state.history) + 1, 1.5):
        with pytest.raises(TablegamesError, match="since"):
            state.log(0, since=since)
    with pytest.raises(SeatError):
        state.sample_world(None, 1)
    for rng in (1.5, True, object()):
        with pytest.raises(SetupError, match="rng must be"):
            state.sample_world(0, rng)
    assert state.to_json() == before


@pytest.mark.parametrize("game", GAMES)
@pytest.mark.parametrize("setup", [[1, 2], "x", 5, {"bogus": 1}, {"players": ["a", "b"]},
                                   {"seed": 9}, {"rules": "classic"}, {"deck": []}])
def test_a_record_with_a_tampered_setup_is_a_state_error(game: str, setup: object) -> None:
    """``replay`` passed ``setup`` to ``new_game`` as keywords: a list, an unknown key or
    one the record gives itself was Python's ``TypeError`` (found by helper-60, s38 M2)."""
    state = tablegames.new_game(game, players=3, seed=1)
    record = state.record()
    record["setup"] = setup
    with pytest.raises(StateError, match=r"\$\.setup") as refused:
        tablegames.replay(record)
    assert len(str(refused.value)) < 200
