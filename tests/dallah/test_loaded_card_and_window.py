"""What a loaded save or position may hold as the card in play and in a protection window.

A retire card (Yalla Bye) is resolved as it is drawn (DAL-38): the turn ends on the
draw, so no save or position holds it as the card in play. One that did loaded (a pile
card passes the protection window's check, DAL-41) and then broke whatever trusted the
engine's states: Dallah's observation version 2 has no slot for it and raised KeyError."""

from __future__ import annotations

import json

import pytest

from tablegames import PositionError, StateError, dallah
from tablegames.adapters import adapter, make_codec


def _protect_position() -> str:
    """A protection window opened by Kheth (give one cup to a chosen seat, DAL-41)."""
    s = dallah.new_game(3, seed=1, actions=["kheth"], piles=[2, 0, 0],
                        held=[[], ["ma_ysir"], []])
    s.apply("0:draw")
    s.apply("0:target 1")
    assert s.view(None)["stage"] == "protect"
    return s.to_position()


def _with_card(text: str, card: str) -> str:
    """``text`` with ``card`` in play instead of Kheth, and Kheth where ``card`` lay."""
    lines = text.splitlines()
    at = next(i for i, line in enumerate(lines)
              if line.startswith(("stock:", "discard:")) and card in line.split(" ")[1:])
    words = lines[at].split(" ")
    words[words.index(card)] = "kheth"
    lines[at] = " ".join(words)
    lines[lines.index("card: kheth")] = f"card: {card}"
    return "\n".join(lines) + "\n"


def test_a_retire_card_in_play_is_refused() -> None:
    text = _protect_position()
    state = dallah.from_position(text)  # the untouched window loads
    with pytest.raises(PositionError, match=r"card: .*DAL-38"):
        dallah.from_position(_with_card(text, "yalla_bye"))
    data = json.loads(state.to_json())  # a save (from its position: no history to replay)
    fields = data["state"]
    ids = state.t.card_ids
    bye, kheth = ids.index("yalla_bye"), ids.index("kheth")
    pile = "stock" if bye in fields["stock"] else "discard"
    fields[pile] = [kheth if c == bye else c for c in fields[pile]]
    fields["card"] = bye
    with pytest.raises(StateError, match=r"\$\.state\.card: .*DAL-38"):
        dallah.State.from_json(json.dumps(data))


def test_every_state_the_engine_loads_has_an_observation() -> None:
    """The window with a pile card that opens one encodes in both layouts (the card is
    in version 2's ``card`` field, DAL-40, DAL-38)."""
    s = dallah.from_position(_protect_position())
    for version in (1, 2):
        observer = adapter("dallah").observer(make_codec("dallah", 3,
                                                         observation_version=version))
        vec = observer.encode(s.view(1))
        assert vec[observer.o_card + observer.card["kheth"]] == 1.0


def test_a_seat_answering_twice_is_refused() -> None:
    """The window's lists of seats: a seat asked twice was refused, one that answered
    twice loaded (DAL-44: each asked seat answers once)."""
    text = _protect_position()
    with pytest.raises(PositionError, match=r"answered: a seat has answered twice \(DAL-44\)"):
        dallah.from_position(text.replace("answered: -", "answered: 2 2"))
