"""A Shithead save whose cards set aside are out of code order is refused on load.

``aside`` (the cards a short stock leaves out unseen) is declared kept in code order,
as the hands are, and its position line is read back sorted. The loader checked the
hands' order but not this list's, so a tampered save with an unsorted ``aside`` loaded
to a state whose position text read back to a different text (found by helper-202's
tamper fuzzing of old saves).
"""

from __future__ import annotations

import json

import pytest

from tablegames import StateError, shithead


def _short_stock() -> shithead.State:
    return shithead.new_game(players=2, seed=1, stock=0)


def test_cards_set_aside_out_of_code_order_are_refused() -> None:
    save = json.loads(_short_stock().to_json())
    aside = save["state"]["aside"]
    assert len(aside) > 1
    save["state"]["aside"] = aside[::-1]
    with pytest.raises(StateError, match=r"aside.*code order"):
        shithead.State.from_json(json.dumps(save))


def test_the_untampered_save_loads_and_its_position_reads_back_the_same() -> None:
    text = _short_stock().to_json()
    state = shithead.State.from_json(text)
    assert state.to_json() == text
    position = state.to_position()
    assert shithead.State.from_position(position).to_position() == position
