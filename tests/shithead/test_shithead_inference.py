"""Sampled worlds honour what the table inferred about unseen hand cards (SHD-04, SHD-08)."""

from __future__ import annotations

import json
from collections import Counter

import pytest

from tablegames import StateError, shithead
from tablegames.common.rng import Rng
from tablegames.shithead.cards import VALUE, code_of
from tablegames.shithead.inference import ALL_CARDS, below, cards_of, consistent, forget
from tablegames.shithead.multisets import minus
from tablegames.testing import apply_all

from .helpers import all_cards, game, seat

ruling = pytest.mark.ruling


def unseen(s: shithead.State, p: int) -> list[int]:
    return minus(s.hands[p], s.known_cards[p])


@ruling("SHD-08")
def test_after_a_forced_pickup_no_world_gives_the_hand_a_card_that_fitted() -> None:
    s = game(seat("6♣ 6♦ 6♥", "4♣ 4♦ 4♥", "A♣ 4♠ 6♠"), seat("7♣ 7♦ 7♥", "8♣ 8♥ 8♠", "A♦ J♦ Q♦"),
             stock=["J♠", "J♣", "J♥"], full_stock=True)
    apply_all(s, "0:play Ac", "1:play Qd", "0:pickup")
    fitted = {2, 3, 9, 10, 12, 13}  # on a 12: 12 and 13, and the play-on-anything cards
    assert s.bars[0] == (sum(1 << c for c in range(52) if VALUE[c] in fitted),) * 3
    seen: Counter[int] = Counter()
    for i in range(400):
        w = s.sample_world(1, Rng(i))
        assert w.view(1) == s.view(1) and all_cards(w) == all_cards(s)
        cards = unseen(w, 0)
        assert len(cards) == 3 and not {VALUE[c] for c in cards} & fitted
        seen.update(cards)
    # uniform: every allowed hidden card turns up about equally often in that hand
    pool = [c for c in range(52) if c not in s.hands[1] and c not in s.known_cards[0]
            and c not in s.face_up[0] + s.face_up[1] and VALUE[c] not in fitted]
    assert set(seen) == set(pool)
    expected = 400 * 3 / len(pool)
    assert all(0.5 * expected < seen[c] < 1.6 * expected for c in pool)


@ruling("SHD-04")
def test_the_start_tells_that_nobody_holds_a_lower_card() -> None:
    # play passes right, so the tie order is 0, 2, 1: seat 2 shows a 2 and starts;
    # seat 0 (ahead of it) holds no 2 or lower, seat 1 (after it) no 1
    s = game(seat("6♣ 6♦ 6♥", "4♣ 4♦ 4♥", "5♣ 7♠ J♣"), seat("7♣ 7♦ 7♥", "8♣ 8♥ 8♠", "2♦ 9♦ Q♦"),
             seat("6♠ 9♥ 9♠", "10♣ 10♦ 10♥", "2♣ Q♣ K♣"))
    assert s.starter == 2 and s.view(None)["known_cards"][2] == ["2♣"]
    assert s.bars[0] == (below(2, inclusive=True),) * 3 and s.bars[1] == (below(2),) * 3
    for i in range(200):
        w = s.sample_world(2, Rng(i))
        assert min(VALUE[c] for c in unseen(w, 0)) > 2
        assert min(VALUE[c] for c in unseen(w, 1)) > 1


def test_a_played_unseen_card_frees_the_oldest_slot_it_fits() -> None:
    high = below(14) & ~below(8)  # 8..13 barred (every suit)
    slots, known = (high, high, 0), (code_of("4♣"),)
    known, slots = forget(known, slots, [code_of("4♣")])  # a known card: no slot changes
    assert known == () and slots == (high, high, 0)
    known, slots = forget(known, slots, [code_of("Q♦")])  # only the newest slot may have held a 12
    assert slots == (high, high)
    before = slots
    known, slots = forget(known, slots, [code_of("3♦")])
    assert slots == (high,) and before == (high, high)  # a new tuple: the old one stands
    assert consistent([high, 0], [code_of("3♣"), code_of("Q♣")])
    assert not consistent([high, high], [code_of("3♣"), code_of("Q♣")])
    assert not consistent([0, high], [code_of("3♣"), code_of("4♣")])  # not a chain


@ruling("SHD-08")
def test_drawn_cards_are_free_and_the_old_bars_stay() -> None:
    s = game(seat("6♣ 6♦ 6♥", "4♣ 4♦ 4♥", "A♣ 4♠ 6♠"), seat("7♣ 7♦ 7♥", "8♣ 8♥ 8♠", "A♦ J♦ Q♦"),
             stock=["J♠", "J♣", "J♥", "K♥", "9♣"], full_stock=True)
    apply_all(s, "0:play Ac", "1:play Qd", "0:pickup", "1:play Jd", "0:play Qd")
    # the 12 was a known card: the bars of the three unseen cards stand
    assert len(s.bars[0]) == 3 and all(s.bars[0])
    apply_all(s, "1:pickup", "0:play Ac", "1:play Ad", "0:play 4s")
    # the hand fell below three: a free slot was drawn in behind the two barred ones
    assert len(s.bars[0]) == 3 and all(s.bars[0][:2]) and s.bars[0][2] == 0


def test_slots_are_saved_and_checked_when_loading() -> None:
    s = game(seat("6♣ 6♦ 6♥", "4♣ 4♦ 4♥", "A♣ 4♠ 6♠"), seat("7♣ 7♦ 7♥", "8♣ 8♥ 8♠", "A♦ J♦ Q♦"),
             stock=["J♠", "J♣", "J♥"], full_stock=True)
    apply_all(s, "0:play Ac", "1:play Qd", "0:pickup")
    text = s.to_json()
    assert shithead.State.from_json(text).bars == s.bars
    for bad in ([0, 0], [ALL_CARDS] * 3, [0, 8, 8], "x", [-1, 0, 0], [1 << 52, 0, 0], [True, 0, 0]):
        data = json.loads(text)
        data["state"]["bars"][0] = bad
        with pytest.raises(StateError):
            shithead.State.from_json(json.dumps(data))
    data = json.loads(text)
    data["state"]["bars"][0] = [cards_of(1 << VALUE[c]) for c in unseen(s, 0)]  # bars the real cards
    data["state"]["bars"][0].sort(reverse=True)
    with pytest.raises(StateError, match="bars"):
        shithead.State.from_json(json.dumps(data))


@ruling("SHD-04")
def test_the_starter_holds_no_card_of_the_shown_rank_in_an_earlier_suit() -> None:
    """A hand shows the first of its lowest cards in suit order (♣ ♦ ♥ ♠), so seat 1
    showing the 3♥ tells the table it holds neither the 3♣ nor the 3♦. Engine 6 barred
    lower ranks only, and seat 0's worlds dealt seat 1 the 3♦ (helper-134). The bar
    stays on the cards dealt to seat 1 after it plays the 3♥; a card it draws is free,
    and when it plays the 3♣ it drew, the drawn card is the one that left."""
    s = game(seat("6♣ 6♦ 6♥", "4♣ 4♦ 4♥", "5♣ 7♠ J♣"), seat("7♣ 7♦ 7♥", "8♣ 8♥ 8♠", "3♥ 9♦ Q♦"),
             stock=["3♣", "K♣", "K♦", "K♥"], full_stock=True)
    assert s.starter == 1 and s.view(0)["known_cards"][1] == ["3♥"]
    suit_bar = (1 << code_of("3c")) | (1 << code_of("3d"))
    assert all(m & suit_bar == suit_bar for m in s.bars[1])

    def worlds(state: shithead.State) -> list[list[int]]:
        out = []
        for i in range(150):
            w = state.sample_world(0, Rng(i))
            assert w.view(0) == state.view(0) and all_cards(w) == all_cards(state)
            out.append(unseen(w, 1))
        return out

    dealt = worlds(s)
    assert not any({code_of("3c"), code_of("3d")} & set(cards) for cards in dealt)
    assert any(code_of("3s") in cards for cards in dealt)  # a later suit may be there
    apply_all(s, "1:play 3h", "0:play 5c")  # seat 1 drew the 3♣ unseen
    assert s.bars[1][:2] == (s.bars[1][0],) * 2 and s.bars[1][0] & suit_bar and not s.bars[1][2]
    assert any(code_of("3d") in cards for cards in worlds(s))  # the drawn card may be it
    apply_all(s, "1:play 3c")
    assert len(s.bars[1]) == 3 and all(m & suit_bar == suit_bar for m in s.bars[1][:2])
    left = worlds(s)
    # two of seat 1's three unseen cards were dealt to it: at most one (the one drawn
    # after the 3♣) may be an ace, a 2 or the 3♦, and sometimes one is
    barred = [sum(1 for c in cards if VALUE[c] < 3 or c == code_of("3d")) for cards in left]
    assert max(barred) == 1


@ruling("SHD-04")
def test_a_starter_showing_the_first_suit_leaves_the_other_suits_free() -> None:
    """Showing the 3♣ bars no 3 of another suit: the starter may hold more 3s."""
    s = game(seat("6♣ 6♦ 6♥", "4♣ 4♦ 4♥", "5♣ 7♠ J♣"), seat("7♣ 7♦ 7♥", "8♣ 8♥ 8♠", "3♣ 9♦ Q♦"))
    assert s.starter == 1
    found = {c for i in range(200) for c in unseen(s.sample_world(0, Rng(i)), 1)}
    assert {code_of("3d"), code_of("3h"), code_of("3s")} <= found
