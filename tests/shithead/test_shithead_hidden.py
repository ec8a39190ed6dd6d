"""Nothing hidden reaches a seat: its view, legal moves and refusals are the same in every
world it cannot tell from the real one."""

from __future__ import annotations

import pytest

from tablegames import IllegalAction, shithead
from tablegames.common.rng import Rng

#: Moves a seat might try, whatever it holds: every card, a pick-up, blind cards, gifts.
PROBES = ("play {c}", "pickup", "blind 0", "blind 2", "give 0", "give 1", "done",
          "swap {c}/{d}")


def refusal(state: shithead.State, text: str) -> tuple[str, str | None, str] | None:
    try:
        state.copy().apply(text)
    except IllegalAction as exc:
        return type(exc).__name__, exc.ruling, str(exc)
    return None


@pytest.mark.parametrize("players", [2, 3, 4])
def test_a_seat_cannot_tell_the_real_table_from_a_sampled_world(players: int) -> None:
    for seed in range(8):
        s = shithead.new_game(players=players, seed=seed)
        rng = Rng(seed)
        while not s.is_over:
            for p in range(players):
                w = s.sample_world(p, rng.fork())
                assert w.view(p) == s.view(p) and str(w) == str(s)
                assert w.legal_actions(p) == s.legal_actions(p)
                for _ in range(3):
                    c, d = shithead.NAMES[rng.below(52)], shithead.NAMES[rng.below(52)]
                    text = f"{p}:" + PROBES[rng.below(len(PROBES))].format(c=c, d=d)
                    assert refusal(w, text) == refusal(s, text), text
            legal = s.legal_actions()
            action = legal[rng.below(len(legal))]
            public = [e.for_seat(None) for e in s.copy().apply(action)]
            events = s.apply(action)
            assert [e.for_seat(None) for e in events] == public
            for p in range(players):  # a seat's events show it its own cards only
                for e in events:
                    if p not in e.audience:
                        assert e.for_seat(p) == e.for_seat(None)


@pytest.mark.ruling("SHD-04")
def test_showing_a_card_the_table_saw_go_in_reveals_no_second_copy() -> None:
    """Two decks: P0 swaps a face-up 2♥ into its hand and starts by showing the 2♥.
    Whether the card dealt beside it was the other 2♥ or a 3♥, P1 saw the same table, so
    its view and its worlds are the same; the table knows one 2♥ in that hand (before
    helper-140 it knew both copies where P0 held both)."""
    def dealt(other: str) -> shithead.State:
        deck = ["9c", "9d", "9h", "2h", "Kd", "Kh", other, "7c", "8c",
                "Qc", "Qd", "Qh", "5s", "6s", "7s", "3c", "4c", "5c"]
        s = shithead.new_game(players=2, seed=1, rules={"decks": 2}, deck=deck, stock=0)
        s.apply("0:swap 2h/7c")
        s.apply("1:done")
        assert s.starter == 0 and s.view(None)["known_cards"] == [["2♥"], []]
        return s
    both, one = dealt("2h"), dealt("3h")
    assert both.hands[0] != one.hands[0]
    assert both.view(1) == one.view(1)
    for k in range(5):
        assert both.sample_world(1, Rng(k)).to_json() == one.sample_world(1, Rng(k)).to_json()
