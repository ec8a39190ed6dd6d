"""``tablegames play --table``: the screen is passed before a hand the table cannot see
is drawn, also where the game holds two of a card (helper-149).

Phase 10 has two of every card and Shithead from two decks two of each, so a card named
in a hand may also lie face up on the table (the discard pile, a phase laid down, a
face-up card). The shared screen took a hand every card name of which appeared anywhere
in the public view for a public hand, and drew it for the next person without passing
the screen: whoever sat at it saw that hand.
"""

from __future__ import annotations

import io
import json

import pytest

import tablegames
from tablegames.common.rng import Rng
from tablegames.tui.session import Options, Session


def _hidden_from_someone(state: object, seat: int, step: int) -> bool:
    """Whether some other seat cannot know ``seat``'s hand: a world it may believe gives
    ``seat`` another hand (worlds keep only what that seat has seen)."""
    hand = sorted(state.view(seat)["hand"])  # type: ignore[attr-defined]
    n = len(state.players)  # type: ignore[attr-defined]
    return any(sorted(state.sample_world(o, Rng(step * 8 + k))  # type: ignore[attr-defined]
                      .view(seat)["hand"]) != hand
               for o in range(n) if o != seat for k in range(2))


@pytest.mark.parametrize(("game", "rules", "steps"),
                         [("phase10", None, 400), ("shithead", {"decks": 2}, 200)])
def test_a_hand_whose_cards_have_twins_on_the_table_is_not_shown_unpassed(
        game: str, rules: object, steps: int) -> None:
    out = io.StringIO()
    session = Session(tablegames.GAMES[game],
                      Options(game=game, players=3, table=True, pace=0, rules=rules),
                      out, io.StringIO("\n" * 10_000))
    state = session.state
    rng = Rng(1)
    asked = twins = 0
    for step in range(steps):
        if state.is_over:
            break
        seat = state.to_act
        assert seat is not None
        if _hidden_from_someone(state, seat, step):
            public = json.dumps(state.view(None), ensure_ascii=False)
            hand = state.view(seat)["hand"]
            twins += all(json.dumps(c, ensure_ascii=False) in public for c in hand)
            session.on_screen = (seat + 1) % state.n  # another person sat at the screen
            before = len(out.getvalue())
            session.hand_over(seat)
            assert "Pass the screen to" in out.getvalue()[before:], (step, hand)
            asked += 1
        legal = state.legal_actions()
        state.apply(legal[rng.below(len(legal))])
    assert asked > steps // 4
    assert twins > 0  # the games played reach hands whose every card is named in public
