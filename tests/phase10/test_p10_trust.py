"""Issue 9 in Phase 10: every save reloads, nothing unreachable loads, worlds and returned
objects cannot leak or alias, and no request makes the engine allocate without bound."""

from __future__ import annotations

import json
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from p10_scenarios import game, play

import tablegames
from tablegames.common.bots import RandomBot
from tablegames.common.errors import IllegalAction, SeatError, SetupError, StaleState, StateError
from tablegames.common.rng import Rng
from tablegames.phase10 import Discard, Hit, Lay, Rules, SmartBot, State, new_game
from tablegames.phase10.cards import PACK, SKIP, WILD, log_chunks, log_codes
from tablegames.phase10.layouts import LAY_CAP
from tests.phase10.old_sheets import engine_2_view
from tests.upgrades import with_actions_left

DATA = Path(__file__).parent / "data"
JUNK1 = "R1 B2 G4 Y5 R6 B8 G9 Y10 R11 B12"
JUNK2 = "Y3 G5 B6 R8 Y9 G10 Y11 R12 B1 G2"


def played(players: int, seed: int, steps: int | None = None, smart: bool = True) -> State:
    """A seeded game after ``steps`` bot actions (to the end if ``None``)."""
    state = new_game(players=players, seed=seed)
    bots = [(SmartBot if smart else RandomBot)(seed * 10 + s) for s in range(players)]
    while not state.is_over and (steps is None or len(state.history) < steps):
        state.apply(bots[state.to_act].choose(state))  # type: ignore[index]
    return state


# ------------------------------------------------------------- finished games reload
@pytest.mark.parametrize(("players", "seed"), [(2, 1), (3, 2), (4, 3), (6, 4)])
def test_a_finished_game_reloads_identically(players: int, seed: int) -> None:
    state = played(players, seed)
    text = state.to_json()
    again = State.from_json(text, verify=True)
    assert again.to_json() == text and again.is_over
    assert again.view(None) == state.view(None) and again.outcome() == state.outcome()
    assert tablegames.replay(state.record()).to_json() == text


def test_the_final_view_shows_the_last_hand_once() -> None:
    state = played(3, 2)
    v = state.view(None)
    last = v["last_round"]
    assert last["round"] == v["round"] and last["out"] is not None
    cards = sum(len(h) for h in last["hands"]) + len(v["discard"]) + v["stock"]
    cards += sum(len(g["cards"]) for row in v["laid"] for g in row)
    assert cards == 108


# ------------------------------------------------------------- worlds
def _redrawn(st: dict[str, Any], seat: int, old: int, new: int) -> None:
    """After ``seat``'s hidden ``old`` was swapped for the stock's ``new`` (before any
    rebuild), its hand log's last draw of ``old``, if any, says ``new``: the draw that
    brought the card it now holds. Without it the log says it drew a card that is back
    in the stock, a save no play writes (P10-59: draws and stock fit in one pack)."""
    assert st["rebuilt"] is None
    log = list(log_codes(tuple(map(tuple, st["hand_log"][seat]))))
    if old in log:
        log[len(log) - 1 - log[::-1].index(old)] = new
    st["hand_log"][seat] = [list(chunk) for chunk in log_chunks(log)]


def _swap_hidden(state: State) -> State:
    """The same game with seat 1's first card swapped for the stock's top (and, if seat 1
    drew it, that draw brought the stock's card instead) and the stock reversed: seat 0
    (and every spectator) cannot tell it from ``state``."""
    data = json.loads(state.to_json())
    st = data["state"]
    h, stock = st["hands"][1], st["stock"]
    i = next(i for i, c in enumerate(h) if c not in st["known_cards"][1])
    h[i], stock[-1] = stock[-1], h[i]
    _redrawn(st, 1, stock[-1], h[i])
    st["hands"][1] = sorted(h)
    st["stock"] = stock[::-1]
    data["setup"]["seed"] = "another seed"
    data["rng"] = 12345
    return State.from_json(json.dumps(data))


@pytest.mark.parametrize("steps", [0, 7, 40])
def test_indistinguishable_states_give_identical_worlds(steps: int) -> None:
    state = played(3, 6, steps)
    twin = _swap_hidden(state)
    assert twin.view(0) == state.view(0) and twin.to_json() != state.to_json()
    for k in range(3):
        a = state.sample_world(0, Rng(k)).to_json()
        assert a == twin.sample_world(0, Rng(k)).to_json()
        assert '"seed":5' not in a and "another seed" not in a


def test_a_world_carries_no_real_seed_deck_or_record() -> None:
    state = new_game(players=3, seed=5, deck=["R3", "B3", "G3"])
    world = state.sample_world(1, 9)
    assert world.world and world.deck is None and world.seed != state.seed
    with pytest.raises(StateError):
        world.record()
    with pytest.raises(StateError):
        world.log(1)
    assert State.from_json(world.to_json()).to_json() == world.to_json()
    with pytest.raises(SeatError):
        state.sample_world(None, 1)  # type: ignore[arg-type]


def test_every_hidden_placement_appears_over_many_worlds() -> None:
    """A card seat 0 cannot see lands in every other hand and in the stock."""
    state = played(3, 8, 5)
    seen = set(state.hands[0]) | set(state.discard)
    card = next(c for c in range(48) if c not in seen)
    places: set[str] = set()
    for k in range(200):
        w = state.sample_world(0, k)
        places |= {f"hand{s}" for s in (1, 2) if card in w.hands[s]}
        places |= {"stock"} if card in w.stock else set()
    assert places == {"hand1", "hand2", "stock"}


# ------------------------------------------------------------- exact types
def test_seats_must_be_exact_ints() -> None:
    state = new_game(players=3, seed=1)
    for bad in (True, 1.0, 3, -1, "1"):
        with pytest.raises(SeatError):
            state.legal_actions(bad)  # type: ignore[arg-type]
        with pytest.raises(SeatError):
            state.view(bad)  # type: ignore[arg-type]
    before = state.to_json()
    with pytest.raises(IllegalAction) as info:
        state.apply(Discard(True, 5))  # type: ignore[arg-type]
    assert info.value.code == "no_such_seat" and state.to_json() == before


@pytest.mark.parametrize("action", [
    Hit(0, WILD, 0, 0, True), Hit(0, WILD, 0, True, 0), Discard(0, SKIP, False),
    Lay(0, [1, 2, 3]),  # type: ignore[arg-type]
], ids=repr)
def test_odd_field_types_are_refused_before_anything_changes(action: Any) -> None:
    state = game("S W R3 B3 G3 R7 B7 G7 Y1 Y2", JUNK1, discard="Y4", stock="Y6")
    play(state, "0:draw", "0:lay set3=R3,B3,G3 set7=R7,B7,G7")
    before = state.to_json()
    with pytest.raises(IllegalAction):
        state.apply(action)
    assert state.to_json() == before


# ------------------------------------------------------------- no aliasing
def test_nothing_returned_aliases_the_state() -> None:
    state = played(3, 2)
    text = state.to_json()
    v = state.view(0)
    v["last_round"]["added"][0] = 999
    v["last_round"]["hands"][0].append("W")
    v["laid"].append("junk")
    v["scores"][0] = -1
    state.record()["setup"]["phases"] = [9]
    out = state.outcome().to_dict()
    out["phases_completed"].append(3)
    out["scores"][0] = 1
    assert state.to_json() == text
    live = played(3, 2, 30)
    text = live.to_json()
    events = live.apply(live.legal_actions()[0])
    for e in events:
        d = e.for_seat(live.to_act)
        for value in d.values():
            if isinstance(value, list):
                value.append("junk")
    assert [e.for_seat(None) for e in events] == [e.for_seat(None) for e in events]
    assert State.from_json(live.to_json()).to_json() == live.to_json()
    assert text != live.to_json()  # the action itself was applied


# ------------------------------------------------------------- bounded requests
EXPLODING = Rules(phases=("colour1+set1+run2+colour3+set4+run5",), hand_size=16)
WILD_HAND = "W W W W W W W W R1 B2 G3 Y4 R5 B6 G7 Y8"


def exploding_state() -> State:
    """Seat 0 holds eight Wilds and a spread of numbers: over a million lay-downs."""
    other = "R9 B9 G9 Y9 R10 B10 G10 Y10 R11 B11 G11 Y11 R12 B12 G12 Y12"
    deck = WILD_HAND.split() + other.split() + ["R6", "R2"]
    state = new_game(players=2, seed=1, rules=EXPLODING, deck=deck)
    state.apply("0:draw")
    return state


def test_an_exploding_house_phase_lists_a_bounded_number_of_lay_downs() -> None:
    state = exploding_state()
    lays = [a for a in state.legal_actions() if isinstance(a, Lay)]
    assert 0 < len(lays) <= LAY_CAP
    assert [str(a) for a in lays] == [str(a) for a in state.legal_actions() if isinstance(a, Lay)]
    assert len(json.dumps(state.view(0))) < 500_000  # was 19 MB


def test_a_lay_down_left_out_of_the_capped_list_is_still_accepted() -> None:
    state = exploding_state()
    listed = {str(a) for a in state.legal_actions()}
    late = "0:lay set8=Y8,W,W,W set3=G3 run5-9=R5,B6,G7,W,W run2-3=R2,W colY=Y4,W,W colB=B2"
    assert late not in listed
    state.apply(late)
    assert state.down[0]


def test_huge_requests_are_refused_before_any_work() -> None:
    with pytest.raises(SetupError):
        new_game(players=10**8)
    with pytest.raises(SetupError):
        new_game(players=3, deck=["R1"] * 5000)
    with pytest.raises(SetupError):
        State.new(3, colour=7)


# ------------------------------------------------------------- unreachable saves
def _edited(edit: Callable[[dict[str, Any]], None], state: State | None = None) -> str:
    data = json.loads((state or played(3, 4, 60)).to_json())
    edit(data)
    return json.dumps(data)


def _set(path: str, value: Any) -> Callable[[dict[str, Any]], None]:
    def edit(data: dict[str, Any]) -> None:
        node = data
        keys = path.split(".")
        for k in keys[:-1]:
            node = node[int(k)] if k.isdigit() else node[k]
        last = keys[-1]
        node[int(last) if last.isdigit() else last] = value
    return edit


def _move_stock_to_hand(seat: int) -> Callable[[dict[str, Any]], None]:
    """Top the hand up to two cards more than a deal (one more than any turn holds)."""
    def edit(data: dict[str, Any]) -> None:
        st = data["state"]
        k = 12 - len(st["hands"][seat])
        st["hands"][seat] = sorted(st["hands"][seat] + st["stock"][:k])
        del st["stock"][:k]
    return edit


def _unsort(data: dict[str, Any]) -> None:
    data["state"]["hands"][1].reverse()


def _extra_card(data: dict[str, Any]) -> None:
    data["state"]["stock"].append(PACK.code("W"))


def _fifty_players(data: dict[str, Any]) -> None:
    """47 more seats, each list of the state grown to match (so only the count is wrong)."""
    data["setup"]["players"] += [f"Q{i}" for i in range(47)]
    grow = {"hands": [], "laid": [], "known_cards": [], "drawn": [], "completed": 0, "made": 0,
            "phases": -1, "laid_phase": -1, "down": False, "pending_skips": False, "scores": 0,
            "playing": False}
    for key, value in grow.items():
        data["state"][key] += [value] * 47


UNREACHABLE = {
    "50 players": _fifty_players,
    "duplicate names": _set("setup.players", ["Ann", "Ann", "Bo"]),
    "blank name": _set("setup.players", ["Ann", " ", "Bo"]),
    "one player": _set("setup.players", ["Ann"]),
    "unknown setup key": _set("setup.extra.colour", 7),
    "setup phase out of range": _set("setup.extra.phases", [11, 1, 1]),
    "a card twice": _extra_card,
    "an unsorted hand": _unsort,
    "too many cards in a hand": _move_stock_to_hand(1),
    "a pending skip on the seat to act": lambda d: d["state"]["pending_skips"].__setitem__(
        d["state"]["active"], True),
    "a winner mid-game": _set("state.winner", 0),
    "phases made without credit": _set("state.completed", [3, 0, 0]),
    "scores off the score sheet": _set("state.scores", [0, 0, 5]),
    "a dealer out of turn": _set("state.dealer", 1),
    "the wrong phase": _set("state.phases", [5, 0, 0]),
    "a group without a seat down": _set("state.laid.0", [[0, 3, [2, 14, 26]]]),
    "a result with a stray key": lambda d: d["state"]["results"][0].__setitem__("x", 1),
    "drawn cards without a rebuild": _set("state.drawn", [[1], [], []]),
    "known cards not held": _set("state.known_cards.2", [SKIP, SKIP, SKIP, SKIP]),
    "NaN in a score": lambda d: d["state"]["scores"].__setitem__(0, float("nan")),
}


@pytest.mark.parametrize("edit", UNREACHABLE.values(), ids=UNREACHABLE.keys())
def test_unreachable_saves_are_refused(edit: Callable[[dict[str, Any]], None]) -> None:
    text = _edited(edit)
    with pytest.raises(StateError):
        State.from_json(text)
    with pytest.raises(StateError):
        tablegames.load(text)


def test_the_edited_test_saves_are_otherwise_valid() -> None:
    """The base save of ``UNREACHABLE`` loads, has a finished hand, and is mid-hand."""
    state = played(3, 4, 60)
    assert state.results and not state.is_over
    assert State.from_json(_edited(lambda d: None)).to_json() == state.to_json()


def test_a_save_contradicting_its_history_is_refused_with_verify() -> None:
    state = played(3, 4, 60)

    def swap(data: dict[str, Any]) -> None:
        st = data["state"]
        st["hands"][1][0], st["stock"][0] = st["stock"][0], st["hands"][1][0]
        _redrawn(st, 1, st["stock"][0], st["hands"][1][0])
        st["hands"][1].sort()

    for edit in (swap, _set("rng", 7), lambda d: d["state"]["stock"].reverse()):
        text = _edited(edit, state)
        State.from_json(text)  # consistent on its face...
        with pytest.raises(StateError):
            State.from_json(text, verify=True)  # ...but not with its own history


# ------------------------------------------------------------- by= and expect=
def test_an_action_for_another_seat_is_refused_before_reading_any_hand() -> None:
    a = game("R3 B3 G3 R7 B7 W Y1 Y2 G11 G12", JUNK1, JUNK2, discard="B11", stock="Y6")
    b = game(JUNK2, JUNK1, "R3 B3 G3 R7 B7 W Y1 Y2 G11 G12", discard="B11", stock="Y6")
    messages = []
    for state in (a, b):
        with pytest.raises(IllegalAction) as info:
            state.apply("0:draw", by=2)
        assert info.value.code == "not_your_seat"
        messages.append(str(info.value))
    assert messages[0] == messages[1]
    a.apply("0:draw", by=0)


def test_a_stale_tap_is_refused() -> None:
    state = new_game(players=3, seed=1)
    v = state.view(0)["version"]
    state.apply(state.legal_actions()[0], expect=v)
    before = state.to_json()
    with pytest.raises(StaleState) as info:
        state.apply(state.legal_actions()[0], expect=v)
    assert info.value.expected == v and info.value.version == v + 1
    assert state.to_json() == before
    assert [e["version"] for e in state.log(0, since=v)] == [1]


# ------------------------------------------------------------- saves from before
@pytest.mark.parametrize("name", ["save_v1.json", "save_v2.json"])
def test_saves_from_before_the_declared_fields_still_load(name: str) -> None:
    """A format-1 save, and a format-2 one written before this conversion, load and play
    on exactly as a replay of their history does (only the hands of past results, which
    those saves never kept, are missing)."""
    text = (DATA / name).read_text()
    old = State.from_json(text)
    # it replays to itself, but for what it never kept (verify=True leaves that out)
    assert State.from_json(text, verify=True).to_json() == old.to_json()
    new = tablegames.replay(old.record())
    assert [str(a) for a in old.legal_actions()] == [str(a) for a in new.legal_actions()]
    for seat in (None, 0, 1, 2):
        mine, theirs = old.view(seat), new.view(seat)
        assert mine["last_round"]["hands"] is None
        for v in (mine, theirs):
            v["last_round"].pop("hands")
            v["last_round"].pop("laid")
        assert mine == theirs
    again = State.from_json(old.to_json())
    assert again.to_json() == old.to_json()
    old.apply(old.legal_actions()[0])


def test_only_the_old_formats_may_name_the_stage_step() -> None:
    """The format-2 upgrade (``step`` -> ``stage``) belongs to the formats that wrote
    ``step``: a save of today's format calling its stage ``step`` is refused, not
    upgraded, as every other key a save of today's format holds under an old name."""
    state = State.from_json((DATA / "save_v2.json").read_text())
    data = json.loads(state.to_json())
    assert data["format"] == 4
    data["state"]["step"] = data["state"].pop("stage")
    with pytest.raises(StateError, match=r"stage|step"):
        State.from_json(json.dumps(data))


def test_a_format_3_save_from_before_the_renames_loads_with_the_same_views() -> None:
    """Save format 4 names Phase 10's fields as its views and position text do
    (``hand_no`` is ``round``, ``done`` ``completed``, ``target`` ``phases``, ``pending``
    ``pending_skips``, ``known`` ``known_cards``, ``reshuffled`` ``rebuilt``,
    ``drawn_since`` ``drawn``). A format-3 save the engine wrote before the rename (commit
    7555396, mid-hand with a rebuilt draw pile, known cards and a skip waiting) loads,
    shows every seat exactly the views that engine showed (but for engine 2's
    ``last_round.phase_laid``, which it called ``completed``), saves under the new names
    only and plays on."""
    text = (DATA / "save_v3.json").read_text()
    raw = json.loads(text)
    assert raw["format"] == 3 and set(State.RENAMED) <= raw["state"].keys()
    state = State.from_json(text)
    shown = json.loads((DATA / "save_v3_views.json").read_text())
    for key, view in shown.items():
        seat = None if key == "None" else int(key)
        assert json.loads(json.dumps(state.view(seat))) == with_actions_left(engine_2_view(view), state)
    saved = json.loads(state.to_json())
    assert saved["format"] == 4
    assert set(State.RENAMED.values()) <= saved["state"].keys()
    assert not set(State.RENAMED) & saved["state"].keys()
    assert saved["state"]["round"] == raw["state"]["hand_no"] == 8
    assert saved["state"]["rebuilt"] == raw["state"]["reshuffled"]
    assert State.from_json(state.to_json()).to_json() == state.to_json()
    # engine 1 kept no record of the hand (``sources``, ``hand_log``); a replay makes it
    assert state.sources is None and state.hand_log == ((),) * state.n
    again = tablegames.replay(state.record())
    assert again.sources is not None and len(again.sources) > 1
    again.sources, again.hand_log = None, ((),) * state.n
    assert again.to_json() == state.to_json()
    state.apply(state.legal_actions()[0])


def test_a_save_naming_a_field_twice_is_refused() -> None:
    """An old save holding both a field's old and new name is ambiguous: refused."""
    raw = json.loads((DATA / "save_v3.json").read_text())
    raw["state"]["round"] = raw["state"]["hand_no"]
    with pytest.raises(StateError, match="hand_no"):
        State.from_json(json.dumps(raw))


def test_an_old_save_with_edited_rules_is_still_refused() -> None:
    """Old saves lack the options added since; their hash is checked as saved."""
    data = json.loads((DATA / "save_v1.json").read_text())
    data["rules"]["hand_size"] = 9
    with pytest.raises(StateError):
        State.from_json(json.dumps(data))
    data = json.loads((DATA / "save_v1.json").read_text())
    data["rules"]["skip_target"] = "next"  # an option it never had, added by hand
    with pytest.raises(StateError):
        State.from_json(json.dumps(data))
