"""The terminal tells each person only the events their seat may know of (helper-149).

Toepen's reminder that a hand obliges or allows a table custom (three or four 10s or
jacks, TOE-40, TOE-41) is an event only its seat learns of (``Event(public=False)``):
its very existence says what the hand holds. The terminal told every human seat every
event of a move in its per-seat form, whether the seat was in its audience or not, so
at a new deal a person read "P1 has a hand to announce." (and ``--debug`` showed the
event), as no phone of the room server is ever told.
"""

from __future__ import annotations

import io

import pytest

from tablegames import toepen
from tablegames.common.registry import game_info
from tablegames.common.rng import Rng
from tablegames.tui.session import Options, Session


@pytest.mark.ruling("TOE-40")
def test_a_person_is_not_told_of_another_seats_private_announcement() -> None:
    session = Session(game_info("toepen"), Options(game="toepen", players=3, seat=0, seed=16,
                                                   pace=0, debug=True),
                      io.StringIO(), io.StringIO())
    mirror = toepen.new_game(players=3, seed=16)
    rng = Rng(16)
    others = 0
    for _ in range(300):
        if mirror.is_over:
            break
        legal = mirror.legal_actions()
        action = legal[rng.below(len(legal))]
        session._apply(str(action), action.seat)
        events = mirror.apply(action)
        private = [e for e in events if e.kind == "announcement"]
        others += sum(1 for e in private if not e.visible_to(0))
        told = [e.get("kind") for e in session.debug_events[0]]
        assert told.count("announcement") == sum(1 for e in private if e.visible_to(0))
        assert all("has a hand to announce" not in str(line) for line in session.happened[0])
    assert others > 0  # another seat was dealt a hand to announce after the first deal
