"""Information states on histories built by hand: two histories a seat cannot tell apart
give it the same information state string and tensor, and two it can tell apart do not.

The deal is chosen outcome by outcome at the chance nodes (explicit chance): Toepen deals
four cards to each seat in turn, Phase 10 ten cards each and then the discard. Pairs
differ only in another seat's hidden card (dealt, or drawn from the stock), in the order
a seat's own cards came in (taken up together, so not seen), or in a public event (a
card played or discarded)."""

from __future__ import annotations

from typing import Any

import numpy as np
import pyspiel
import pytest
from open_spiel.python.observation import make_observation

from tablegames.adapters.openspiel import load_game
from tablegames.phase10.cards import NAMES as P10_NAMES
from tablegames.toepen.cards import NAMES as TOE_NAMES


def _history(game: Any, deal: list[int], labels: list[str]) -> Any:
    """The state after the deal ``deal`` (chance outcomes) and the decisions ``labels``
    (action strings; chance outcomes by their label after the colon, polls passed)."""
    state = game.new_initial_state()
    for outcome in deal:
        state.apply_action(outcome)
    todo = list(labels)
    while todo:
        player = state.current_player()
        legal = {state.action_to_string(player, a).split(": ")[-1]: a
                 for a in state.legal_actions()}
        if todo[0] not in legal and "pass" in legal:
            state.apply_action(legal["pass"])  # another seat's poll: no knock
            continue
        state.apply_action(legal[todo.pop(0)])
    return state


def _seen(state: Any, seat: int) -> tuple[str, list[float]]:
    return state.information_state_string(seat), state.information_state_tensor(seat)


def _assert_pairs(a: Any, b: Any, same: list[int], differ: list[int], *,
                  public_same: bool) -> None:
    """Seats ``same`` cannot tell ``a`` from ``b``, seats ``differ`` can; the public
    record (a spectator with perfect recall, and ``str``) tells them apart only where a
    public event differs."""
    for seat in same:
        assert _seen(a, seat) == _seen(b, seat), f"seat {seat} could tell them apart"
    for seat in differ:
        text_a, tensor_a = _seen(a, seat)
        text_b, tensor_b = _seen(b, seat)
        assert text_a != text_b and tensor_a != tensor_b, f"seat {seat} could not"
    public = make_observation(a.get_game(), pyspiel.IIGObservationType(
        perfect_recall=True, public_info=True, private_info=pyspiel.PrivateInfoType.NONE))
    assert (public.string_from(a, 0) == public.string_from(b, 0)) is public_same
    assert (str(a) == str(b)) is public_same


TOE = {name: code for code, name in enumerate(TOE_NAMES)}
#: Seat 0 is dealt Jc Qc Kc Ac, seat 1 7c 8c 9c and a fourth card.
TOE_DEAL = [TOE[c] for c in ("Jc", "Qc", "Kc", "Ac", "7c", "8c", "9c")]


@pytest.fixture(scope="module")
def toepen() -> Any:
    return load_game("toepen", players=2, rules={"limit": 3})


@pytest.mark.parametrize("labels", [[], ["keep", "keep"], ["keep", "keep", "play Jc"],
                                    ["keep", "keep", "play Jc", "play 7c"]])
def test_toepen_another_seats_hidden_card_is_not_in_a_seats_information_state(
        toepen: Any, labels: list[str]) -> None:
    """Seat 1's fourth card is Tc or Jd: seat 0 cannot tell (nor the public), seat 1 can,
    before and after each decision that shows neither card."""
    tc = _history(toepen, [*TOE_DEAL, TOE["Tc"]], labels)
    jd = _history(toepen, [*TOE_DEAL, TOE["Jd"]], labels)
    _assert_pairs(tc, jd, same=[0], differ=[1], public_same=True)


def test_toepen_the_order_a_hand_was_dealt_in_is_not_seen(toepen: Any) -> None:
    """The four cards are taken up together: their order is seen by nobody."""
    one = _history(toepen, [*TOE_DEAL, TOE["Tc"]], ["keep"])
    other = _history(toepen, [TOE["Ac"], TOE["Kc"], TOE["Qc"], TOE["Jc"], TOE["9c"],
                              TOE["8c"], TOE["7c"], TOE["Tc"]], ["keep"])
    assert one.history() != other.history()
    _assert_pairs(one, other, same=[0, 1], differ=[], public_same=True)


def test_toepen_a_public_play_is_in_every_seats_information_state(toepen: Any) -> None:
    """Seat 1 plays 7c or 8c: both seats (and the public record) tell them apart."""
    deal = [*TOE_DEAL, TOE["Tc"]]
    seven = _history(toepen, deal, ["keep", "keep", "play Jc", "play 7c"])
    eight = _history(toepen, deal, ["keep", "keep", "play Jc", "play 8c"])
    _assert_pairs(seven, eight, same=[], differ=[0, 1], public_same=False)


P10 = {name: code for code, name in enumerate(P10_NAMES)}
#: Seat 0 holds R1..R5 twice each, seat 1 R6..R10 twice each; R11 is turned up.
P10_DEAL = [P10[f"R{k}"] for k in (1, 1, 2, 2, 3, 3, 4, 4, 5, 5, 6, 6, 7, 7, 8, 8, 9, 9,
                                   10, 10, 11)]


@pytest.fixture(scope="module")
def phase10() -> Any:
    return load_game("phase10", players=2, rules="short")


def test_phase10_a_card_drawn_from_the_stock_is_seen_by_its_drawer_only(phase10: Any) -> None:
    """Seat 0 draws B7 or G12 from the stock and discards R1: seat 1 cannot tell the two
    apart, seat 0 can; a different discard is seen by both."""
    for labels in (["draw"], ["draw", "discard R1"]):
        b7 = _history(phase10, P10_DEAL, [*labels[:1], "B7", *labels[1:]])
        g12 = _history(phase10, P10_DEAL, [*labels[:1], "G12", *labels[1:]])
        _assert_pairs(b7, g12, same=[1], differ=[0], public_same=True)
    r1 = _history(phase10, P10_DEAL, ["draw", "B7", "discard R1"])
    r2 = _history(phase10, P10_DEAL, ["draw", "B7", "discard R2"])
    _assert_pairs(r1, r2, same=[], differ=[0, 1], public_same=False)
    # the tensor's observation part is what a network reads; the recall bits tell apart
    size = phase10.observation_tensor_size()
    assert len(r1.information_state_tensor(1)) == size + 64
    assert np.any(np.asarray(r1.observation_tensor(1)) != np.asarray(r2.observation_tensor(1)))
