"""Tampered saves: every defect is a ``StateError``; whatever loads round-trips and plays on."""

from __future__ import annotations

import json
import re
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import tablegames
from tablegames import StateError, shithead
from tablegames.common.fields import put
from tablegames.common.rng import Rng
from tablegames.shithead.loading import check_seats


def _saves() -> list[str]:
    out = []
    for seed, players, rules in ((3, 3, None), (4, 2, "classic"), (5, 4, {"rounds": 2})):
        s = shithead.new_game(players=players, seed=seed, rules=rules)
        rng = Rng(seed)
        for step in range(160):
            if s.is_over:
                break
            if step in (2, 40, 159):  # in the swap, early in play, late in play
                out.append(s.to_json())
            legal = s.legal_actions()
            s.apply(legal[rng.below(len(legal))])
    return out


SAVES = _saves()


def _leaves(node: Any, path: tuple[Any, ...] = ()) -> list[tuple[Any, ...]]:
    if isinstance(node, dict):
        return [p for k, v in node.items() for p in _leaves(v, (*path, k))] or [path]
    if isinstance(node, list):
        return [p for i, v in enumerate(node) for p in _leaves(v, (*path, i))] or [path]
    return [path]


JUNK = st.one_of(st.integers(-3, 60), st.sampled_from([None, True, False, "x", "7♣", 1.5, [], "give",
                                                       "over", "swap", {}, [0], 2**70, 9999]))


@settings(max_examples=300, deadline=None)
@given(save=st.sampled_from(SAVES), pick=st.integers(0, 10_000), junk=JUNK)
def test_one_junk_leaf_is_refused_or_harmless(save: str, pick: int, junk: object) -> None:
    data = json.loads(save)
    leaves = _leaves(data)
    path = leaves[pick % len(leaves)]
    node = data
    for key in path[:-1]:
        node = node[key]
    node[path[-1]] = junk
    try:
        s = shithead.State.from_json(json.dumps(data))
    except StateError:
        return
    text = s.to_json()
    assert shithead.State.from_json(text).to_json() == text
    rng = Rng(pick)
    for _ in range(150):
        if s.is_over:
            break
        legal = s.legal_actions()
        assert legal, f"{path}={junk!r}: a seat to act with nothing to do"
        s.apply(legal[rng.below(len(legal))])
        s.view(None)


def _tampered(save: str, **changes: Any) -> str:
    data = json.loads(save)
    data["state"].update(changes)
    return json.dumps(data)


def test_phase_fields_that_contradict_each_other_are_refused() -> None:
    s = shithead.new_game(players=3, seed=2)
    swap = s.to_json()
    for seat in range(3):
        s.apply(f"{seat}:done")
    play = s.to_json()
    others = [p for p in range(3) if p != s.to_act]
    bad = [
        _tampered(swap, swapping=[]),  # the swap with nobody to swap
        _tampered(swap, swapping=[0, 0, 1]),  # a seat swapping twice
        _tampered(play, swapping=[1]),  # a swap queue during play
        _tampered(swap, playing=[False, True, True], finished=[0]),  # out before play began
        _tampered(play, stage="give", playing=[p == s.to_act for p in range(3)],
                  finished=others),  # giving the pile with nobody to give it to
        _tampered(play, stage="give", active=others[0], playing=[p != others[0] for p in range(3)],
                  finished=[others[0]]),  # a seat that has left names the taker
    ]
    for text in bad:
        with pytest.raises(StateError) as caught:
            shithead.State.from_json(text)
        assert "unknown key" not in str(caught.value)  # refused for what it says, not a typo


def test_a_saved_setup_that_could_not_be_dealt_is_refused() -> None:
    save = shithead.new_game(players=2, seed=2, deck=["A♣", "2♣"]).to_json()
    for key, junk in (("players", ["P0"]), ("players", ["P0", "P0"]), ("deck", ["A♣", "A♣"]),
                      ("deck", ["1x"]), ("extra", {"stock": -1}), ("extra", {"lives": 3}),
                      ("players", [f"P{i}" for i in range(6)])):
        data = json.loads(save)
        data["setup"][key] = junk
        with pytest.raises(StateError, match="setup"):
            shithead.State.from_json(json.dumps(data))


def _seats_reference(s: shithead.State) -> str | None:
    """The per-seat checks of loading written plainly (``contains``, ``minus`` and
    ``consistent`` on every seat): what ``loading.check_seats`` must decide, with its
    short cuts, defect for defect. Returns the refusal's words or ``None``. The code
    order of the hands, face-up and known cards is not among them: the core checks it
    first on every load (:func:`test_cards_out_of_code_order_are_refused_by_the_core`)."""
    from tablegames.shithead.inference import consistent
    from tablegames.shithead.multisets import contains, minus
    from tablegames.shithead.state import GIVING, HAND_SIZE, OVER

    for p in range(s.n):
        if len(s.face_up[p]) > HAND_SIZE or len(s.face_down[p]) > HAND_SIZE:
            return f"seat {p} has more than"
        if len(s.bars[p]) > HAND_SIZE:
            return f"bars[{p}]: at most"
        if sum(1 for d in s.rounds_done if d["loser"] == p) != s.tally[p]:
            return f"tally[{p}]"
        hand = s.hands[p]
        known = s.known_cards[p]
        if not contains(hand, known):
            return f"known_cards[{p}]"
        if not consistent(s.bars[p], minus(hand, known)):
            return f"bars[{p}]: do not fit"
        if s.playing[p] == (p in s.finished):
            return f"seat {p} is both"
        holds = bool(hand or s.face_up[p] or s.face_down[p])
        if not s.playing[p] and holds:
            return f"seat {p} has left"
        if s.playing[p] and not holds and s.stage != OVER and not (
                s.stage == GIVING and p == s.active):
            return f"seat {p} holds no cards"
    return None


def test_the_seat_checks_of_loading_decide_as_the_plain_ones() -> None:
    """``check_seats`` takes short cuts (no known cards, slots without bars); on states
    edited seat by seat it refuses exactly what the plain checks refuse, naming the same
    seat and defect."""
    rng = Rng(12)
    saves = [*SAVES, shithead.new_game(players=3, seed=9, rules={"decks": 2}).to_json()]
    refused = 0
    for i in range(600):
        s = shithead.State.from_json(saves[i % len(saves)])
        p = rng.below(s.n)
        hand = s.hands[p]
        edit = rng.below(5)
        if edit == 0 and hand:  # some of the hand known, or a card it does not hold
            s.known_cards = put(s.known_cards, p, tuple(sorted(hand[:1 + rng.below(len(hand))])))
            if rng.below(2):
                s.known_cards = put(s.known_cards, p, tuple(sorted([*s.known_cards[p], rng.below(52)])))
        elif edit == 1:  # bars on the unseen cards, fitting or not
            bars = sorted((rng.below(1 << 14) & -2 for _ in range(rng.below(4))), reverse=True)
            s.bars = put(s.bars, p, tuple(bars))
        elif edit == 2:  # as many free slots as unseen cards, one more, or one fewer
            size = len(hand) - len(s.known_cards[p]) + rng.below(3) - 1
            s.bars = put(s.bars, p, (0,) * max(0, min(3, size)))
        elif edit == 3:
            s.tally = put(s.tally, p, s.tally[p] + 1)
        else:
            s.playing = put(s.playing, p, not s.playing[p])
        want = _seats_reference(s)
        if want is None:
            check_seats(s)
        else:
            refused += 1
            with pytest.raises(StateError, match=re.escape(want)):
                check_seats(s)
    assert 100 < refused < 550  # both answers were asked for


def test_cards_out_of_code_order_are_refused_by_the_core() -> None:
    """A hand, face-up row or known cards out of code order is no state play makes (the
    engine keeps them sorted, a position reads them sorted): the core refuses it first
    on every load of a save (``common.declared.check_code_order``), with the list named,
    and ``check_seats`` no longer checks it a second time."""
    s = shithead.new_game(players=3, seed=3)
    found: dict[str, int] = {}
    for _ in range(300):  # until each list has a seat holding two different cards in it
        for name in ("hands", "face_up", "known_cards"):
            seats = [p for p in range(3) if len(set(getattr(s, name)[p])) > 1]
            if seats and name not in found:
                found[name] = len(s.history)
                tried(s, name, seats[0])
        if len(found) == 3 or s.is_over:
            break
        s.apply(s.legal_actions()[-1])
    assert set(found) == {"hands", "face_up", "known_cards"}


def tried(s: shithead.State, name: str, seat: int) -> None:
    """``s``'s save with ``seat``'s list ``name`` reversed (the same cards) is refused by
    both loaders with the core's words; ``check_seats`` passes the same fields."""
    data = json.loads(s.to_json())
    data["state"][name][seat] = data["state"][name][seat][::-1]
    text = json.dumps(data)
    message = rf"^\$\.state\.{name}\[{seat}\]: the cards are not in code order$"
    for load in (tablegames.load, shithead.State.from_json):
        with pytest.raises(StateError, match=message):
            load(text)
    edited = s.copy()
    setattr(edited, name, put(getattr(s, name), seat, getattr(s, name)[seat][::-1]))
    check_seats(edited)  # not refused a second time: one check, in one place


def test_cards_that_do_not_make_the_pack_are_refused_with_one_deck_and_with_two() -> None:
    for rules in (None, {"decks": 2}):
        s = shithead.new_game(players=3, seed=4, rules=rules)
        for _ in range(30):
            s.apply(s.legal_actions()[0])
        data = json.loads(s.to_json())
        stock = data["state"]["stock"]
        other = next(c for c in stock if c != stock[-1])
        for bad in ([*stock[:-1], other],  # one card twice more, another missing: same count
                    stock[:-1], [*stock, stock[0]]):
            data["state"]["stock"] = bad
            with pytest.raises(StateError, match="add up"):
                shithead.State.from_json(json.dumps(data))
        data["state"]["stock"] = stock
        assert shithead.State.from_json(json.dumps(data)).to_json() == s.to_json()


@pytest.mark.ruling("SHD-03")
def test_a_swap_in_turns_that_claims_counted_actions_is_refused() -> None:
    # SHD-03: a swap in turns counts no action toward Rules.action_limit (only a swap at
    # once does), so a save in that swap with a count is one no game reaches; loaded, its
    # view would say fewer actions_left than the round has (helper-193)
    s = shithead.new_game(players=3, seed=2, rules={"action_limit": 50})
    s.apply("0:done")
    swap = s.to_json()
    assert json.loads(swap)["state"]["plays"] == 0 and s.view(None)["actions_left"] == 50
    with pytest.raises(StateError, match="plays"):
        shithead.State.from_json(_tampered(swap, plays=7))
    # a swap at once counts its actions: a count there is what the game reached
    at_once = shithead.new_game(players=3, seed=2, rules={"action_limit": 50,
                                                          "swap_mode": "simultaneous"})
    at_once.apply("0:ready")
    text = at_once.to_json()
    assert json.loads(text)["state"]["plays"] == 1
    assert shithead.State.from_json(text).to_json() == text
