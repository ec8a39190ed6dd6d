"""One word for a deal across the games that deal several: a *round*.

The number of a deal is ``round`` everywhere; the event that ends one is ``round_over`` in
Toepen, Phase 10 and Shithead (Toepen and Phase 10 said ``hand_over``); the finished
game's count of them is ``rounds`` (Toepen and Phase 10 said ``hands``, the word every
game uses for a player's cards, which Phase 10's ``round_over.hands`` still is). Phase
10's per-hand ``phase_laid`` is the phase each seat laid that hand (it said
``completed``, which ``lay.completed`` and the view use for a count of phases done).
"""

from __future__ import annotations

from typing import Any

import pytest

import tablegames
from tablegames import phase10, shithead, toepen
from tablegames.common.bots import RandomBot
from tablegames.simulation import measure

GAMES: dict[str, Any] = {
    "toepen": lambda: toepen.new_game(players=["Ana", "Bo", "Cas"], seed=11),
    "phase10": lambda: phase10.new_game(players=["Ana", "Bo"], seed=3,
                                        rules={"phases": ["set3+set3", "run7"]}),
    "shithead": lambda: shithead.new_game(players=["Ana", "Bo", "Cas"], seed=5,
                                          rules={"rounds": 3}),
}


def _played(game: str) -> tuple[Any, list[Any]]:
    s, bot, events = GAMES[game](), RandomBot(4), []
    while not s.is_over:
        events += s.apply(bot.choose(s))
    return s, events


@pytest.mark.parametrize("game", sorted(GAMES))
def test_every_deal_ends_with_round_over_numbered_round(game: str) -> None:
    s, events = _played(game)
    kinds = [e.kind for e in events]
    assert "hand_over" not in kinds and "hand_over" not in type(s).EVENT_KEYS
    ends = [e.for_seat(None) for e in events if e.kind == "round_over"]
    assert [e["round"] for e in ends] == list(range(s.round + 1))  # every deal, the last too
    assert s.view(None)["last_round"]["round"] == s.round
    assert "round" in type(s).EVENT_KEYS["round_over"].keys


@pytest.mark.parametrize("game", ["toepen", "phase10"])
def test_the_result_counts_rounds(game: str) -> None:
    s, events = _played(game)
    result = s.outcome().to_dict()
    assert result["rounds"] == s.round + 1 == sum(e.kind == "round_over" for e in events)
    assert "hands" not in result and "hands" not in type(s).RESULT_KEYS
    assert "rounds" in type(s).RESULT_KEYS
    assert s.view(None)["result"]["rounds"] == result["rounds"]
    # the simulation's measure of the game's length says the same word, from the same events
    info = tablegames.GAMES[game]
    assert info.measures["rounds"] == "round_over" and "hands" not in info.measures
    assert measure(info, s)["rounds"] == result["rounds"]


def test_phase10_round_over_says_phase_laid_and_hands_are_cards() -> None:
    s, events = _played("phase10")
    ends, lays = [], {}  # each hand's closing event; the phase each seat laid in it
    for e in events:
        if e.kind == "lay":
            lays[e.data["seat"]] = e.data["phase"]
        elif e.kind == "round_over":
            end = e.for_seat(None)
            assert "completed" not in end
            # the phase each seat laid that hand, numbered from 1, as its lay event said
            assert end["phase_laid"] == [lays.get(seat) for seat in range(s.n)]
            assert all(isinstance(h, list) for h in end["hands"])  # cards, per seat
            ends.append(end)
            lays = {}
    assert len(ends) == s.round + 1 and any(any(e["phase_laid"]) for e in ends)
    assert s.view(None)["last_round"]["phase_laid"] == ends[-1]["phase_laid"]
    keys = phase10.State.EVENT_KEYS["round_over"].keys
    assert "phase_laid" in keys and "completed" not in keys
    assert "completed" in phase10.State.EVENT_KEYS["lay"].keys  # the count keeps its word


@pytest.mark.parametrize("game", sorted(GAMES))
def test_every_game_says_what_an_events_round_is_in_the_same_words(game: str) -> None:
    """An event's ``round`` means one thing in every game that deals several, and the
    reference tables say it in one wording (:data:`tablegames.common.eventkeys.ROUND`);
    Shithead wrote "number of the round, from 0" for the same number."""
    from tablegames.common.eventkeys import ROUND

    declared = tablegames.GAMES[game].state_class.EVENT_KEYS
    meanings = {kind: spec.keys["round"] for kind, spec in declared.items() if "round" in spec.keys}
    assert {"deal", "round_over", "shuffle"} <= set(meanings)
    assert all(m.startswith(ROUND) for m in meanings.values()), meanings
