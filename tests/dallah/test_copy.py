"""``copy()`` shares only immutable values with its original, and a copy played on leaves
the original exactly as it was (its save, views and legal actions)."""

from __future__ import annotations

import json
import random
from typing import Any

import pytest

from tablegames import StateError, dallah

#: Values a copy may share with its original: nothing in them can be edited in place.
_IMMUTABLE = (int, bool, str, float, type(None), frozenset)


def _mutable_parts(value: Any, seen: set[int]) -> list[Any]:
    """Every list, dict or set inside ``value`` (tuples are looked into, never counted)."""
    if id(value) in seen or isinstance(value, _IMMUTABLE):
        return []
    seen.add(id(value))
    if isinstance(value, tuple):
        return [m for item in value for m in _mutable_parts(item, seen)]
    if isinstance(value, dict):
        return [value, *(m for v in value.values() for m in _mutable_parts(v, seen))]
    if isinstance(value, list | set | bytearray):
        return [value, *(m for v in value for m in _mutable_parts(v, seen))]
    return []


def _states() -> list[dallah.State]:
    """States at every stage of a few random games (protection windows included)."""
    out = []
    for seed in range(4):
        state = dallah.new_game(3 + seed % 2, seed=seed,
                                held=[["ma_ysir"], ["ana_mali_dakhal"]] + [[]] * (1 + seed % 2))
        pick = random.Random(seed)
        while not state.is_over:
            out.append(state.copy())
            legal = state.legal_actions()
            state.apply(legal[pick.randrange(len(legal))])
        out.append(state)
    return out


def test_a_copy_shares_no_mutable_object_with_its_original() -> None:
    states = _states()
    assert {s.STAGES[s.stage] for s in states} == set(dallah.State.STAGES)
    for state in states:
        twin = state.copy()
        for name, value in vars(state).items():
            if name == "extra":  # the core's setup record: shared by design, never edited
                continue
            mine = {id(m) for m in _mutable_parts(value, set())}
            theirs = {id(m) for m in _mutable_parts(getattr(twin, name, None), set())}
            assert not mine & theirs, f"{name} is shared by a copy and can be edited"
        # the game's own fields are tuples, which the copy shares instead of copying
        for name in ("piles", "held", "pot", "effects", "last_turn", "stock", "losers"):
            assert type(getattr(state, name)) is tuple
            assert getattr(twin, name) is getattr(state, name)
        assert twin.history == state.history and twin.history is not state.history


def test_playing_on_a_copy_leaves_the_original_unchanged() -> None:
    for state in _states()[::3]:
        if state.is_over:
            continue
        before = state.to_json()
        views = [state.view(s) for s in [None, *range(state.n)]]
        legal = [str(a) for a in state.legal_actions()]
        for k, action in enumerate(state.legal_actions()):
            twin = state.copy()
            twin.apply(action)
            pick = random.Random(k)
            while not twin.is_over and twin.version < state.version + 40:
                options = twin.legal_actions()
                twin.apply(options[pick.randrange(len(options))])
        assert state.to_json() == before
        assert [state.view(s) for s in [None, *range(state.n)]] == views
        assert [str(a) for a in state.legal_actions()] == legal


def test_views_and_events_are_plain_lists_never_the_state_itself() -> None:
    s = dallah.new_game(3, seed=1, actions=["kheth"], piles=[2, 0, 0],
                        held=[[], ["ma_ysir"], []])
    events = s.apply("0:draw") + s.apply("0:target 1")
    v = s.view(1)
    for key in ("piles", "held", "discard", "cups_in_hand", "full_zones", "effects"):
        assert type(v[key]) is list, key
    assert all(type(h) is list for h in v["held"]) and all(type(z) is list for z in v["pot"].values())
    window = next(e for e in events if e.kind == "protection_window").for_seat(1)
    assert type(window["asked"]) is list
    v["piles"].append(99)
    v["held"][1].append("x")
    assert s.view(1)["piles"] == [2, 0, 0] and s.view(1)["held"][1] == ["ma_ysir"]


@pytest.mark.parametrize(("field", "where"), [
    ("pot", lambda st, t: st["pot"].__setitem__(0, [t.nshapes])),
    ("cups_in_hand", lambda st, t: st.__setitem__("cups_in_hand", [t.nshapes])),
    ("rolls", lambda st, t: st.__setitem__("rolls", [t.nshapes])),
    ("held", lambda st, t: st["held"].__setitem__(0, [len(t.card_ids)])),
    ("stock", lambda st, t: st["stock"].__setitem__(0, len(t.card_ids))),
    ("discard", lambda st, t: st.__setitem__("discard", [len(t.card_ids)])),
    ("placement_stock", lambda st, t: st["placement_stock"].__setitem__(0, t.nzones)),
    ("placement_discard", lambda st, t: st.__setitem__("placement_discard", [t.nzones])),
])
def test_a_code_outside_the_card_set_is_named_with_its_field(field: str, where: Any) -> None:
    """Codes within the declared bounds but beyond this card set's cards, shapes or zones
    (a card or a zone is counted by the declared conservation of its deck)."""
    s = dallah.new_game(3, seed=2)
    data = json.loads(s.to_json())
    where(data["state"], s.t)
    named = (rf"\$\.state\.{field}: \d+ is not a code of this card set" if field in
             ("pot", "cups_in_hand", "rolls") else
             rf"card \d+ is not in this game's pack \(in '{field}'\) \(DAL-04, DAL-25\)")
    with pytest.raises(StateError, match=named):
        dallah.State.from_json(json.dumps(data))
