"""``tablegames play --table``: the screen is passed before anything the table cannot
see of the next seat is drawn (helper-149).

The screen was kept, unpassed, for a seat whose every card name appeared somewhere in
the public view. That is no proof the cards are public:

* Phase 10 has two of every card and Shithead from two decks two of each, so a card
  named in a hand may also lie face up on the table (the discard pile, a phase laid
  down, a face-up card): such a hand was drawn for whoever sat at the screen;
* a Toepen seat that has played its last card still answers a knock (TOE-22), and its
  screen shows its own thrown-in hand (TOE-03), which nobody else has seen.

A seat's screen may be left in sight only when every world another seat may believe
shows that seat the same view (Dallah: the protection cards lie face up).
"""

from __future__ import annotations

import io
import json
from typing import Any

import pytest

import tablegames
from tablegames.common.rng import Rng
from tablegames.tui.session import Options, Session


def _private(state: Any, seat: int, step: int) -> bool:
    """Whether ``seat``'s view holds something another seat cannot know: some world that
    seat may believe shows ``seat`` another view (worlds keep only what it has seen)."""
    mine = state.view(seat)
    return any(state.sample_world(o, Rng(step * 8 + k)).view(seat) != mine
               for o in range(state.n) if o != seat for k in range(2))


def _session(game: str, seed: int, rules: Any = None) -> tuple[Session, io.StringIO]:
    out = io.StringIO()
    options = Options(game=game, players=3, seed=seed, table=True, pace=0, rules=rules)
    return Session(tablegames.GAMES[game], options, out, io.StringIO("\n" * 10_000)), out


def _passes(session: Session, out: io.StringIO, seat: int) -> bool:
    """Whether the screen is passed before ``seat``'s turn, another person having sat at it."""
    session.on_screen = (seat + 1) % session.state.n
    before = len(out.getvalue())
    session.hand_over(seat)
    return "Pass the screen to" in out.getvalue()[before:]


@pytest.mark.parametrize(("game", "rules", "seeds", "steps"),
                         [("phase10", None, (0,), 400), ("shithead", {"decks": 2}, (0,), 200),
                          ("toepen", None, (6, 9), 80)])
def test_nothing_private_of_the_next_seat_is_shown_unpassed(
        game: str, rules: Any, seeds: tuple[int, ...], steps: int) -> None:
    asked = twins = emptied = 0
    for seed in seeds:
        session, out = _session(game, seed, rules)
        state = session.state
        rng = Rng(seed)
        for step in range(steps):
            if state.is_over:
                break
            seat = state.to_act
            assert seat is not None
            if _private(state, seat, step):
                public = json.dumps(state.view(None), ensure_ascii=False)
                hand = state.view(seat)["hand"]
                twins += bool(hand) and all(json.dumps(c, ensure_ascii=False) in public
                                            for c in hand)
                emptied += not hand
                assert _passes(session, out, seat), (seed, step, hand)
                asked += 1
            legal = state.legal_actions()
            state.apply(legal[rng.below(len(legal))])
    assert asked > steps // 4
    # the games reach what the screen once took for public: hands whose every card is
    # named on the table (Phase 10, Shithead), an empty hand with a private thrown-in
    # hand (Toepen)
    assert (emptied if game == "toepen" else twins) > 0


def test_dallah_keeps_the_screen_its_protection_cards_lie_face_up() -> None:
    """Every Dallah card a seat holds lies face up: the screen is not passed for it."""
    session, out = _session("dallah", 1)
    state = session.state
    rng = Rng(1)
    for step in range(150):
        if state.is_over:
            break
        seat = state.to_act
        assert seat is not None and not _private(state, seat, step)
        assert not _passes(session, out, seat)
        legal = state.legal_actions()
        state.apply(legal[rng.below(len(legal))])
