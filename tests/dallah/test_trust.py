"""Issue 9 in Dallah: worlds that cannot leak, saves that cannot lie, bounded caches,
and the declared-fields shape (view keys, exact types, the setup checked once)."""

from __future__ import annotations

import json
from collections import Counter
from pathlib import Path
from typing import Any

import pytest

from tablegames import NotationError, RulesError, SetupError, StateError, dallah, replay
from tablegames.common.rng import Rng
from tablegames.dallah import actions as A
from tests.dallah.helpers import game, play

#: Everything public is stacked: two seeds give the same table and different hidden decks.
STACK: dict[str, Any] = {"actions": ["place", "tap", "two_cups"],
                         "placements": ["neck", "lid", "spout"],
                         "rolls": ["tall", "wide", "tiny", "classic"]}
MOVES = ["0:draw", "0:roll", "0:settled", "1:draw", "1:fell neck:tall", "1:settled",
         "1:roll", "1:settled"]


def _twins() -> tuple[dallah.State, dallah.State]:
    """Two real games a seat cannot tell apart: same public past, other hidden order."""
    a = dallah.new_game(3, seed=1, **STACK)
    b = dallah.new_game(3, seed=2, **STACK)
    play(a, *MOVES)
    play(b, *MOVES)
    assert a.stock != b.stock and a.rng.state != b.rng.state
    for seat in (None, 0, 1, 2):
        assert a.view(seat) == b.view(seat)
    return a, b


def test_worlds_depend_only_on_what_the_seat_has_seen() -> None:
    """A world was the real Action stock shuffled with the caller's rng: one world with a
    known rng seed gave the whole real deck order away. Now it is a function of public
    information and the rng only."""
    a, b = _twins()
    for seat in range(3):
        wa, wb = a.sample_world(seat, Rng(9)), b.sample_world(seat, Rng(9))
        assert wa.to_json() == wb.to_json()
        assert wa.view(seat) == a.view(seat)
    w = a.sample_world(0, Rng(9))
    assert sorted(w.stock) == sorted(a.stock)
    assert sorted(w.placement_stock) == sorted(a.placement_stock)


def test_worlds_carry_no_real_seed_setup_or_future_rolls() -> None:
    s = dallah.new_game(3, seed=5, actions=["place", "place"], placements=["lid"],
                        rolls=["tall", "wide", "tiny"], piles=[1, 0, 0])
    play(s, "0:draw", "0:roll")
    assert s.rolls  # two stacked faces still to come: the die's future, hidden
    w = s.sample_world(1, Rng(3))
    assert w.world and w.rolls == () and w.extra == {} and w.deck is None
    assert w.seed != s.seed and w.rng.state != s.rng.state
    text = w.to_json()
    assert '"seed":5' not in text and '"rolls":[]' in text
    assert dallah.State.from_json(text).to_json() == text
    with pytest.raises(StateError):
        w.record()
    with pytest.raises(StateError):
        w.log(1)
    # the world plays on with its own deck order and die
    bot = dallah.ModelBot(1)
    for _ in range(40):
        if w.is_over:
            break
        w.apply(bot.choose(w))
    assert w.cups_in_play() == s.rules.cards.total_cups


def test_every_hidden_order_appears_over_many_worlds() -> None:
    s = game(actions=["place"], placements=["neck"], rolls=["tall"])
    play(s, "0:draw", "0:roll")
    tops = Counter(s.t.card_ids[s.sample_world(0, Rng(i)).stock[-1]] for i in range(400))
    remaining = {s.t.card_ids[c] for c in s.stock}
    assert set(tops) == remaining
    zones = Counter(s.t.zone_ids[s.sample_world(2, Rng(i)).placement_stock[-1]] for i in range(200))
    assert set(zones) == {s.t.zone_ids[z] for z in s.placement_stock}


def test_one_player_saves_are_refused() -> None:
    """A 1-player save loaded, then stalled or raised IndexError (issue 9, defect 8)."""
    data = json.loads(game(2).to_json())
    data["setup"]["players"] = ["P0"]
    for key in ("piles", "held"):
        data["state"][key] = data["state"][key][:1]
    with pytest.raises(StateError, match="2 to 8 players"):
        dallah.State.from_json(json.dumps(data))
    with pytest.raises(SetupError):
        dallah.new_game(1)
    with pytest.raises(SetupError):
        dallah.new_game(10**8)


def test_unknown_setup_keys_are_refused_in_saves_and_new_game() -> None:
    data = json.loads(game().to_json())
    data["setup"]["extra"]["bogus"] = 1
    with pytest.raises(StateError, match="bogus"):
        dallah.State.from_json(json.dumps(data))
    with pytest.raises(TypeError):
        dallah.new_game(3, bogus=1)  # type: ignore[call-arg]


def test_verify_refuses_a_save_that_contradicts_its_history() -> None:
    s = game(actions=["place"], placements=["neck"], rolls=["tall"])
    play(s, "0:draw", "0:roll", "0:settled")
    text = s.to_json()
    assert dallah.State.from_json(text, verify=True).to_json() == text
    data = json.loads(text)
    data["state"]["stock"].reverse()
    tampered = json.dumps(data)
    dallah.State.from_json(tampered)  # consistent in itself
    with pytest.raises(StateError, match="contradicts"):
        dallah.State.from_json(tampered, verify=True)


def test_padded_or_long_notation_never_fills_the_parse_cache() -> None:
    """20,000 padded ``apply(" " * 50_000 + "0:draw")`` once kept 1.2 GB of strings."""
    A.parse_action("0:draw")
    before = len(A._PARSED)
    for pad in range(1, 300):
        assert A.parse_action(" " * pad + "0:draw") == A.parse_action("0:draw")
        assert A.parse_action("0:DRAW" + " " * pad) == A.parse_action("0:draw")
    assert len(A._PARSED) <= before + 1
    with pytest.raises(NotationError):
        A.parse_action(" " * 50_000 + "0:draw")
    s = game()
    with pytest.raises(NotationError):
        s.apply(" " * 50_000 + "0:draw")
    # huge seat numbers parse (and are refused by apply) but are never interned
    big = A.parse_action("0:target " + "9" * 400)
    assert all(k[-1] != big.target for k in A._CACHE if len(k) == 3)  # type: ignore[attr-defined]


def test_card_sets_are_bounded() -> None:
    data = dallah.DEFAULT_CARDS.to_dict()
    many = dict(data, actions=[dict(data["actions"][0], id=f"c{i}") for i in range(65)])
    with pytest.raises(RulesError, match="at most 64"):
        dallah.CardSet.from_dict(many)
    long_name = dict(data, name="x" * 81)
    with pytest.raises(ValueError, match="at most 80"):
        dallah.CardSet.from_dict(long_name)


def test_view_keys_are_the_envelope_and_the_declared_table_keys() -> None:
    envelope = {"game", "players", "seat", "to_act", "stage", "version", "result", "hand",
                "legal", "prompt"}
    seen: set[str] = set()
    for seed in range(4):
        s = dallah.new_game(4, seed=seed, held=[["ma_ysir"], ["ana_mali_dakhal"], [], []])
        bot = dallah.ModelBot(seed)
        while True:
            for seat in (None, *range(4)):
                keys = set(s.view(seat))
                assert keys <= envelope | set(dallah.State.VIEW_KEYS), keys - envelope
                seen |= keys
            if s.is_over:
                break
            s.apply(bot.choose(s))
    assert set(dallah.State.VIEW_KEYS) <= seen
    assert "in_hand" not in seen and "decks" not in seen and "turn_no" not in seen


def test_the_saved_keys_are_declared_once() -> None:
    s = game(piles=[1, 0, 0])
    state = json.loads(s.to_json())["state"]
    declared = {name for name, kind in dallah.State.__dict__["_fields_spec"].persisted}
    assert set(state) == declared
    assert "hand" not in state and state["cups_in_hand"] == []
    assert replay(s.record()).to_json() == s.to_json()


def test_events_views_and_records_are_fresh() -> None:
    s = game(actions=["place"], placements=["neck"], rolls=["tall"], piles=[1, 0, 0])
    events = s.apply("0:draw")
    before = s.to_json()
    for e in events:
        e.for_seat(0)["seat"] = 99
    v = s.view(0)
    v["piles"].append(5)
    v["names"]["zones"]["neck"] = "?"
    v["pot"]["neck"].append("x")
    s.record()["setup"]["piles"].append(3)
    assert s.to_json() == before and s.view(0)["names"]["zones"]["neck"] == "Neck"


def test_format_1_saves_still_load_and_play_on() -> None:
    """Saves written before the declared fields (format 1: ``hand``, a numeric report
    kind, the full card set in the rules) load into today's fields, at every stage."""
    path = Path(__file__).parent / "data" / "v1_saves.json"
    saves: dict[str, str] = json.loads(path.read_text())
    assert set(saves) == {"draw", "target", "pair", "move", "roll", "report", "protect", "over"}
    for stage, text in saves.items():
        old = json.loads(text)
        assert old["format"] == 1 and "hand" in old["state"]
        s = dallah.State.from_json(text)
        assert s.view(None)["stage"] == stage
        assert list(s.cups_in_hand) == old["state"]["hand"]
        assert s.cups_in_play() == s.rules.cards.total_cups
        again = s.to_json()
        assert json.loads(again)["format"] == 4
        assert dallah.State.from_json(again).to_json() == again
        bot = dallah.ModelBot(1)
        for _ in range(20):
            if s.is_over:
                break
            s.apply(bot.choose(s))
        if stage == "over":
            assert s.outcome().losers == frozenset(old["state"]["losers"])
