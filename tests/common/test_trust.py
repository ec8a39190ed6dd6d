"""Issue 9: the protocol's promises at the edges, one regression test per defect found.

Each test failed on the main branch before the trust work; the conformance kit
(``tablegames.testing``) now checks the same promises for every game.
"""

from __future__ import annotations

import json

import pytest

import tablegames
from tablegames import toepen
from tablegames.common.actions import Event
from tablegames.common.errors import (
    IllegalAction,
    NotationError,
    SeatError,
    SetupError,
    StaleState,
    StateError,
)
from tablegames.common.rng import Rng
from tablegames.testing import assert_refused
from tests.bounded import MAX_BYTES, peak_of


def played(seed: int = 1, players: int = 3, steps: int | None = None) -> toepen.State:
    s = toepen.new_game(players=players, seed=seed)
    k = 0
    while not s.is_over and (steps is None or k < steps):
        s.apply(s.legal_actions()[0])
        k += 1
    return s


def test_finished_toepen_games_reload() -> None:
    """Defect 1: the last trick was kept in both ``trick`` and ``tricks``."""
    for seed in range(12):
        s = played(seed)
        text = s.to_json()
        assert toepen.State.from_json(text).to_json() == text
        cards = [c["card"] for t in s.view(None)["tricks"] for c in t["cards"]]
        cards += [c["card"] for c in s.view(None)["trick"]]
        assert len(cards) == len(set(cards))


def test_a_world_carries_no_trace_of_the_real_game() -> None:
    """Defect 2: worlds kept the real seed, deck and history, so replay rebuilt the game."""
    s = toepen.new_game(players=3, seed=5, deck=["Th", "9h", "8h", "7h"])
    s.apply(s.legal_actions()[0])
    w = s.sample_world(1, Rng(3))
    assert w.world and w.seed != s.seed and w.deck is None and w.rng.state != s.rng.state
    with pytest.raises(StateError, match="sampled world"):
        w.record()
    with pytest.raises(StateError, match="sampled world"):
        w.log(1)
    with pytest.raises(StateError):
        type(w).from_json(w.to_json(), verify=True)
    assert type(w).from_json(w.to_json()).to_json() == w.to_json()
    # same seat-visible situation and rng: the same world, whatever the hidden cards
    w2 = w.sample_world(1, Rng(9))
    assert w2.to_json() == s.sample_world(1, Rng(9)).to_json()


def test_bool_is_not_an_int() -> None:
    """Defect 4: ``Play(seat, True)`` was the card with code 1; ``legal_actions(True)`` seat 1."""
    s = toepen.new_game(players=3, seed=2)
    while s.stage != 3:  # play
        s.apply(s.legal_actions()[0])
    seat = s.to_act
    assert seat is not None
    for card in (True, False, 1.0):
        assert_refused(s, toepen.Play(seat, card), code="not_in_hand")  # type: ignore[arg-type]
    assert_refused(s, toepen.Play(True, s.hands[seat][0]), code="no_such_seat")  # type: ignore[arg-type]
    for bad in (True, 1.0, 3, -1, "1"):
        with pytest.raises(SeatError):
            s.legal_actions(bad)  # type: ignore[arg-type]
        with pytest.raises(SeatError):
            s.view(bad)  # type: ignore[arg-type]


def test_nothing_returned_aliases_the_state() -> None:
    """Defect 5: editing a view, an event, a record or an outcome edited the game."""
    s = played(4, steps=40)
    text = s.to_json()
    v = s.view(0)
    v["lives"].append(9)
    v["hand"].clear()
    if v["last_round"] is not None:
        v["last_round"]["paid"]["0"] = 99
    rec = s.record()
    rec["setup"]["lives"] = [5, 5, 5]
    rec["actions"].clear()
    events = s.copy().apply(s.legal_actions()[0])
    for e in events:
        d = e.for_seat(0)
        d.clear()
        e.data.clear()
    assert s.to_json() == text and s.view(0) != v
    done = played(4)
    out = done.outcome().to_dict()
    out["scores"].append(1)
    out["winners"].append(7)
    assert done.outcome().to_dict() != out


def test_events_have_no_unredacted_form() -> None:
    """Defect 6: ``Event.to_dict()`` included the hidden cards."""
    e = Event("cards", {"seat": 1}, {"cards": ["Th"]}, frozenset({1}))
    assert not hasattr(e, "to_dict")
    assert "cards" not in e.for_seat(None) and "cards" not in e.for_seat(0)
    assert e.for_seat(1)["cards"] == ["Th"]


def test_requests_cannot_make_the_library_allocate_without_bound() -> None:
    """Defect 7: huge player counts, padded notation and long strings were kept."""
    many, long_name, long_seed = ["x"] * 10**6, "a" * 10_000, "s" * 10_000
    for call in (lambda: toepen.new_game(players=10**8),
                 lambda: toepen.new_game(players=many),
                 lambda: toepen.new_game(players=[long_name, "b"]),
                 lambda: toepen.new_game(players=3, seed=long_seed)):
        exc, peak = peak_of(call)
        assert isinstance(exc, SetupError), repr(exc)
        assert peak < MAX_BYTES  # it must not build 10**8 names, nor keep a million
    s = toepen.new_game(players=3, seed=1)
    before = s.to_json()
    with pytest.raises(NotationError):
        s.apply(" " * 50_000 + "0:keep")
    assert s.to_json() == before
    data = json.loads(before)
    data["history"] = {"actions": ["0:keep" + " " * 600], "order": "0", "width": 1}
    with pytest.raises(StateError):
        toepen.State.from_json(json.dumps(data))
    data["history"] = {"actions": ["0:keep" + " " * 300], "order": "0", "width": 1}
    toepen.State.from_json(json.dumps(data))


@pytest.mark.parametrize(
    "edit",
    [
        lambda d: d["setup"].__setitem__("players", ["Solo"]),
        lambda d: d["setup"].__setitem__("players", [f"P{i}" for i in range(50)]),
        lambda d: d["setup"].__setitem__("players", ["A", "A", "B"]),
        lambda d: d["setup"].__setitem__("players", ["A", " ", "B"]),
        lambda d: d["setup"]["extra"].__setitem__("surprise", 1),
        lambda d: d["setup"].__setitem__("secret", 1),
        lambda d: d["state"]["hands"][0].append(d["state"]["stock"].pop()),
        lambda d: d["state"].__setitem__("thrown", [[0], [], []]),
        lambda d: d["state"].__setitem__("unknown_field", 1),
        lambda d: d["state"]["lives"].__setitem__(0, True),
    ],
    ids=["one player", "fifty players", "duplicate names", "blank name", "setup key",
         "envelope key", "hand size", "thrown pile", "state key", "bool life"],
)
def test_saves_the_engine_could_never_reach_are_refused(edit: object) -> None:
    """Defect 8: impossible saves loaded and then crashed or stalled."""
    data = json.loads(played(2, steps=6).to_json())
    edit(data)  # type: ignore[operator]
    with pytest.raises(StateError):
        toepen.State.from_json(json.dumps(data))


@pytest.mark.parametrize(
    "text",
    [
        '{"format": NaN}',
        '{"format": Infinity}',
        "[" * 3000 + "]" * 3000,
        '{"format": ' + "9" * 5000 + "}",
        '{"format": 2, "game": "toepen"',
    ],
    ids=["NaN", "Infinity", "deep", "huge int", "truncated"],
)
def test_hostile_json_is_a_state_error(text: str) -> None:
    with pytest.raises(StateError):
        toepen.State.from_json(text)
    with pytest.raises(StateError):
        tablegames.load(text)


@pytest.mark.parametrize(
    "edit",
    [
        lambda d: d["state"]["hands"].__setitem__(0, d["state"]["hands"][1])
        or d["state"]["hands"].__setitem__(1, d["_h0"]),
        lambda d: d["state"]["stock"].reverse(),
        lambda d: d.__setitem__("rng", (d["rng"] + 1) % (1 << 64)),
        lambda d: d["history"].__setitem__("order", d["history"]["order"] + "0"),
    ],
    ids=["swapped hands", "reordered stock", "rng rewritten", "history appended"],
)
def test_verify_refuses_a_save_that_contradicts_its_history(edit: object) -> None:
    """Defect 9: tampered saves loaded; ``verify=True`` replays the record and compares."""
    s = played(3, steps=8)
    text = s.to_json()
    assert toepen.State.from_json(text, verify=True).to_json() == text
    assert tablegames.load(text, verify=True).to_json() == text
    data = json.loads(text)
    data["_h0"] = data["state"]["hands"][0]
    edit(data)  # type: ignore[operator]
    del data["_h0"]
    bad = json.dumps(data)
    try:
        toepen.State.from_json(bad)
    except StateError:
        return  # caught even without verify
    with pytest.raises(StateError):
        toepen.State.from_json(bad, verify=True)


def test_an_action_in_another_seats_name_is_refused_before_hidden_cards() -> None:
    """Defect 10: a foreign action was answered from that seat's cards."""
    s = toepen.new_game(players=3, seed=4)
    while s.stage != 3:
        s.apply(s.legal_actions()[0])
    seat = s.to_act
    assert seat is not None
    other = (seat + 1) % 3
    missing = next(c for c in range(32) if c not in s.hands[seat])
    err = assert_refused(s, toepen.Play(seat, missing), code="not_in_hand")
    assert err.code == "not_in_hand"
    with pytest.raises(IllegalAction) as info:
        s.apply(toepen.Play(seat, missing), by=other)
    assert info.value.code == "not_your_seat"
    with pytest.raises(SeatError):
        s.apply(s.legal_actions()[0], by=True)  # type: ignore[arg-type]
    s.apply(s.legal_actions()[0], by=seat)


def test_stale_taps_are_refused_and_events_are_numbered() -> None:
    """Defect 11: two phones tapping on the same state."""
    s = toepen.new_game(players=3, seed=4)
    v = s.version
    assert v == 0 and s.view(0)["version"] == 0
    first = s.legal_actions()[0]
    events = s.apply(first, expect=v)
    assert s.version == 1 and all(e.version == 1 for e in events)
    before = s.to_json()
    with pytest.raises(StaleState) as info:
        s.apply(s.legal_actions()[0], expect=v)
    assert info.value.code == "stale" and info.value.expected == 0 and info.value.version == 1
    assert s.to_json() == before
    with pytest.raises(IllegalAction):
        s.apply(s.legal_actions()[0], expect=True)  # type: ignore[arg-type]
    s.apply(s.legal_actions()[0], expect=1)
    missed = s.log(0, since=1)
    assert missed and all(e["version"] == 2 for e in missed)
    assert [{k: x for k, x in e.items() if k != "version"} for e in missed] == s.log(0)[-len(missed):]
    with pytest.raises(ValueError):
        s.log(0, since=99)


def test_replay_and_records_name_the_engine() -> None:
    rec = played(2, steps=5).record()
    assert rec["engine"] == toepen.State.ENGINE and rec["tablegames"] == tablegames.__version__
    data = json.loads(played(2, steps=5).to_json())
    data["engine"] = toepen.State.ENGINE + 1
    with pytest.raises(StateError, match="newer"):
        toepen.State.from_json(json.dumps(data))


def test_histories_are_saved_compactly_and_read_strictly() -> None:
    s = played(2)
    data = json.loads(s.to_json())
    h = data["history"]
    assert len(h["order"]) == len(s.history) * h["width"]
    assert len(set(h["actions"])) == len(h["actions"]) <= len(s.history)
    for bad in ({"actions": ["0:keep"], "order": "1", "width": 1},
                {"actions": ["0:keep"], "order": "01", "width": 2},
                {"actions": ["0:keep", "1:keep"], "order": "1", "width": 1},
                {"actions": ["0:keep"], "order": "!", "width": 1},
                {"actions": [], "order": "", "width": 4},
                ["0:keep"]):
        data["history"] = bad
        with pytest.raises(StateError):
            toepen.State.from_json(json.dumps(data))


def test_each_save_format_reads_only_its_own_history_shape() -> None:
    """Formats 3 and 4 keep the compact history, format 2 (declared fields, before it) a
    list of notation; a save whose history is in the other format's shape is refused."""
    s = played(2)
    data = json.loads(s.to_json())
    assert data["format"] == 4
    plain = [str(a) for a in s.history]
    old = dict(data, format=2, history=plain)
    assert toepen.State.from_json(json.dumps(old)).to_json() == s.to_json()
    assert toepen.State.from_json(json.dumps(dict(data, format=3))).to_json() == s.to_json()
    for wrong in (dict(data, format=2), dict(data, history=plain), dict(data, format=5)):
        with pytest.raises(StateError):
            toepen.State.from_json(json.dumps(wrong))


@pytest.mark.parametrize("name", ["v1_midgame.json", "v1_finished.json"])
def test_real_format_1_toepen_saves_load(name: str) -> None:
    """Saves written by the format-1 engine load (the finished one, which that engine
    itself could not reload, too), and play on identically to a replay of their record."""
    from pathlib import Path

    text = (Path(__file__).parent.parent / "toepen" / "data" / name).read_text()
    s = toepen.State.from_json(text)
    again = tablegames.replay(s.record())
    assert again.to_json() == s.to_json()
    assert toepen.State.from_json(s.to_json(), verify=True).to_json() == s.to_json()


@pytest.mark.parametrize("game", ["toepen", "shithead", "phase10", "dallah"])
def test_a_seat_is_written_in_ascii_digits(game: str) -> None:
    """``str.isdigit`` also accepts Arabic-Indic and superscript digits; notation does not."""
    state = tablegames.new_game(game, players=3, seed=1)
    text = str(state.legal_actions()[0])
    seat, _, rest = text.partition(":")
    assert state.parse_action(text) == state.legal_actions()[0]
    for other in ("٠١٢٣"[int(seat)], "²"):
        with pytest.raises(NotationError):
            state.parse_action(f"{other}:{rest}")


@pytest.mark.parametrize("game", ["toepen", "phase10"])
def test_a_position_names_seats_in_short_ascii_digits(game: str) -> None:
    """The games read a position's seats with one reader (``read_seat``)."""
    from tablegames.common.position import PositionError, read_seat

    assert read_seat("2", 3) == 2
    for word in ("٢", "²", "3", "-1", "0002", "x"):
        with pytest.raises(ValueError, match="is not a seat"):
            read_seat(word, 3)
    state = tablegames.new_game(game, players=3, seed=1)
    text = state.to_position()
    line = next(x for x in text.splitlines() if x.startswith("playing: "))
    assert tablegames.from_position(game, text).to_position() == text
    with pytest.raises(PositionError, match="is not a seat"):
        tablegames.from_position(game, text.replace(line, "playing: 0 1 ٢"))
