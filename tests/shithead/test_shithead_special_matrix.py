"""Every special of both tables, played singly, as a pair, blind, and as a seat's last card
(SHD-20 … SHD-28): what happens to the pile and whose turn it is next.

Three players, play passing right (0 → 2 → 1), seat 0 to act on a pile of A♣ under 4♣.
The positions are arranged directly on a fresh state and then loaded from JSON, which
checks that every card is still there exactly once.
"""

from __future__ import annotations

import json
from typing import Any

import pytest

from tablegames import shithead
from tablegames.shithead.cards import code_of

ruling = pytest.mark.ruling

CARDS = {  # the special cards of each table, by effect
    "standard": {"reset": 2, "under_over": 3, "five_or_less": 5, "reverse": 7, "skip": 8,
                 "transparent": 9, "burn": 10, "give": 13},
    "classic": {"reset": 2, "transparent": 3, "seven_or_lower": 7, "skip": 8, "burn": 10},
}
VALUE_OF = {"A♣": 1, "4♣": 4}
PAIR = {2: "2♣,2♦", 3: "3♣,3♦", 5: "5♣,5♦", 7: "7♣,7♦", 8: "8♣,8♦", 9: "9♣,9♦", 10: "10♣,10♦",
        13: "K♣,K♦"}


def arranged(variant: str, hand: str = "", down: str = "", pile: str = "A♣ 4♣",
             others: tuple[str, str] = ("J♣ J♦", "J♥ J♠"), **options: Any) -> shithead.State:
    """Seat 0 holds ``hand`` and ``down`` (no face-up cards); seats 1 and 2 hold
    ``others`` (two jacks each); the pile is ``pile`` (bottom first); every other card is
    set aside. ``options`` are house rules on top of the variant."""
    s = shithead.new_game(players=3, seed=1, rules=(variant, options) if options else variant)
    d = json.loads(s.to_json())
    st: dict[str, Any] = d["state"]
    codes = lambda text: sorted(code_of(c) for c in text.split())  # noqa: E731
    st["hands"] = [codes(hand), codes(others[0]), codes(others[1])]
    st["face_down"] = [[code_of(c) for c in down.split()], [], []]
    st["face_up"] = [[], [], []]
    st["pile"] = [code_of(c) for c in pile.split()]
    used = {c for part in (*st["hands"], *st["face_down"], st["pile"]) for c in part}
    st.update(stock=[], aside=[c for c in range(52) if c not in used], burnt=[], removed=[],
              known_cards=[[], [], []], bars=[[0] * len(h) for h in st["hands"]], stage="play",
              swapping=[], active=0, starter=0)
    return shithead.State.from_json(json.dumps(d))


def play(variant: str, value: int, how: str) -> shithead.State:
    one = f"{value}c"
    if how == "single":
        s = arranged(variant, hand=f"{one} Q♣")
        s.apply(f"0:play {one}")
    elif how == "pair":
        s = arranged(variant, hand=f"{PAIR[value].replace(',', ' ')} Q♣")
        s.apply(f"0:play {PAIR[value]}")
    elif how == "blind":
        s = arranged(variant, down=f"{one} Q♣")
        s.apply("0:blind 0")
    elif how == "last":
        s = arranged(variant, hand=one, down="")
        s.apply(f"0:play {one}")
    else:  # last card, blind
        s = arranged(variant, down=one)
        s.apply("0:blind 0")
    return s


def names(cards: list[int]) -> list[str]:
    return [shithead.NAMES[c] for c in cards]


HOWS = ["single", "pair", "blind", "last", "last_blind"]
CASES = [(v, does, value, how) for v, table in CARDS.items() for does, value in table.items()
         for how in HOWS]


@ruling("SHD-20", "SHD-21", "SHD-22", "SHD-23", "SHD-24", "SHD-26", "SHD-27", "SHD-28", "SHD-10")
@pytest.mark.parametrize(("variant", "does", "value", "how"), CASES)
def test_special(variant: str, does: str, value: int, how: str) -> None:
    s = play(variant, value, how)
    last = how.startswith("last")
    n = 2 if how == "pair" else 1
    played = PAIR[value].split(",") if n == 2 else [shithead.NAMES[code_of(f"{value}c")]]
    assert (0 in s.finished) == (last and does != "give")  # a giver names the taker first
    nxt = 2  # play passes right
    if does == "reset":
        assert s.top == 0 and s.view(None)["pile_value"] == 0
    elif does in ("five_or_less", "seven_or_lower"):
        assert s.top == value and s.restriction() == f"{value} or less"
    elif does == "skip":
        # each skip passes over one more seat still in play; a finished seat counts none
        order = [2, 1, 0] if not last else [2, 1, 2]
        nxt = order[n]
    elif does == "reverse":
        # three seats in play when it lands, so it turns play (a pair turns it back)
        nxt = 1 if n == 1 else 2
        assert s.view(None)["direction"] == ("clockwise" if n == 1 else "counter-clockwise")
    elif does == "burn":
        assert s.pile == () and names(s.burnt) == ["A♣", "4♣", *played]
        nxt = 2 if last else 0  # the burner plays again, unless it has just gone out
    elif does == "transparent":
        assert s.top == 4 and names(s.pile) == ["A♣", "4♣", *played]
    elif does == "under_over":
        # each card brings the bottom card to the top
        want = ["4♣", *played, "A♣"] if n == 1 else [*played, "A♣", "4♣"]
        assert names(s.pile) == want and s.top == VALUE_OF[want[-1]]
    elif does == "give":
        assert names(s.removed) == played and s.view(None)["stage"] == "give"
        assert s.to_act == 0 and [str(a) for a in s.legal_actions()] == ["0:give 1", "0:give 2"]
        s.apply("0:give 1")
        assert names(s.hands[1]) == ["A♣", "4♣", "J♣", "J♦"] and s.pile == ()
        assert (0 in s.finished) == last
    assert s.to_act == nxt, (variant, does, how)



@ruling("SHD-10", "SHD-21", "SHD-22", "SHD-28")
@pytest.mark.parametrize(("variant", "card", "pile"), [
    ("standard", "K♣", "A♣ 5♦"),  # take-it under a five-or-less
    ("standard", "8♣", "A♣ Q♦"),  # a skip that does not reach a 12
    ("standard", "7♣", "A♣ 5♦"),  # a reverse under a five-or-less
    ("classic", "8♣", "A♣ 7♦"),  # a skip under the classic play-lower 7
])
def test_a_special_turned_up_blind_that_does_not_fit_is_picked_up_and_does_nothing(
    variant: str, card: str, pile: str,
) -> None:
    s = arranged(variant, down=f"{card} Q♣", pile=pile)
    s.apply("0:blind 0")
    assert names(s.hands[0]) == sorted([*pile.split(), card], key=code_of)
    assert s.known_cards[0] == s.hands[0] and s.pile == () and s.removed == ()
    assert s.to_act == 2 and s.view(None)["direction"] == "counter-clockwise"
    assert s.face_down[0] == (code_of("Q♣"),)


@ruling("SHD-27", "SHD-21", "SHD-24")
def test_a_card_brought_up_by_under_over_sets_the_pile_but_does_not_act() -> None:
    s = arranged("standard", hand="3♦ Q♣", pile="5♣ 6♦")
    s.apply("0:play 3d")
    assert names(s.pile) == ["6♦", "3♦", "5♣"] and s.restriction() == "5 or less"
    s = arranged("standard", hand="3♦ Q♣", pile="10♦ 6♦")
    s.apply("0:play 3d")  # a burn brought up burns nothing and gives no second turn
    assert names(s.pile) == ["6♦", "3♦", "10♦"] and s.burnt == () and s.to_act == 2


@ruling("SHD-25", "SHD-27", "SHD-01")
def test_under_overs_making_four_of_a_kind_with_a_seats_last_cards_burn_and_pass_on() -> None:
    """Four 3s brought together by the Under-overs burn the pile (SHD-25 judges the pile as
    the play leaves it); their player has gone out, so the turn passes on, as after a burn
    with the last card (found by helper-77: the pile kept the four 3s)."""
    s = arranged("standard", hand="3♦ 3♥", pile="3♣ 3♠ Q♣")
    events = [e.kind for e in s.apply("0:play 3d,3h")]
    assert events == ["play", "under_over", "burn", "finished"]
    assert s.pile == () and names(s.burnt) == ["Q♣", "3♦", "3♥", "3♣", "3♠"]
    assert s.finished == (0,) and s.to_act == 2


@ruling("SHD-25", "SHD-27", "SHD-23")
def test_three_of_a_kind_brought_up_does_not_act_and_may_be_cut_into() -> None:
    """Three Under-overs bring up three 7s: they set the pile's value but reverse nothing
    (SHD-27), and they are three of a kind on top, so a seat holding the fourth 7 may cut
    in (``Rules.cut_in``) and burn the pile, as on any three of a kind (SHD-25)."""
    s = arranged("standard", hand="3♣ 3♦ 3♥", down="Q♦", pile="7♣ 7♦ 7♥ Q♣",
                 others=("7♠ J♦", "J♥ J♠"), cut_in=True)
    events = [e.kind for e in s.apply("0:play 3c,3d,3h")]
    assert events == ["play", "under_over"]
    assert names(s.pile) == ["Q♣", "3♣", "3♦", "3♥", "7♣", "7♦", "7♥"] and s.top == 7
    assert s.view(None)["direction"] == "counter-clockwise" and s.to_act == 2
    assert [str(a) for a in s.legal_actions(1)] == ["1:play 7s"]
    burn = [e.for_seat(None) for e in s.apply("1:play 7s") if e.kind == "burn"]
    assert burn == [{"kind": "burn", "seat": 1, "reason": "four of a kind",
                     "cards": ["Q♣", "3♣", "3♦", "3♥", "7♣", "7♦", "7♥", "7♠"]}]
    assert s.to_act == 1 and s.pile == ()
