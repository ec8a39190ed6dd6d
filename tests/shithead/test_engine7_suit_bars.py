"""Engine 7: a bar on an unseen hand card is a mask of cards, not of values, so that the
start can say the starter holds no card of the shown rank in an earlier suit (SHD-04,
helper-134).

``data/engine6_saves.json`` was written by the engine-6 code (commit da7fdfb: save format
4, engine 6; see ``data/README.md``): ``lead_opening``, four seats under ``lead_shown``
without the swap, saved as play opens (the starter showed the 2♠); ``midway``, three
seats under the standard rules, seeded random play, saved after a forced pick-up while
the starter (which showed the 4♠) still holds two cards dealt to it unseen. Each has its
position text and every view (public first).
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

import tablegames
from tablegames import StateError, shithead
from tablegames.common.bots import RandomBot
from tablegames.common.rng import Rng
from tablegames.shithead.cards import VALUE
from tests.shithead.helpers import card_bar, today_fields
from tests.upgrades import OLDER_ROUND, plays_on, with_actions_left

OLD: list[dict[str, Any]] = json.loads(
    (Path(__file__).parent / "data" / "engine6_saves.json").read_text())
IDS = [o["kind"] for o in OLD]


def _earlier_suits(card: int) -> set[int]:
    return {c for c in range(52) if VALUE[c] == VALUE[card] and c < card}


@pytest.mark.parametrize("old", OLD, ids=IDS)
def test_an_engine_6_save_loads_with_its_bars_as_cards_and_plays_on(old: dict[str, Any]) -> None:
    """Each value bar reads as its four cards; nothing else changes: the views and the
    position text are engine 6's, the save verifies (its history replayed as engine 6
    opened the round, without the suit bar), saved again it says engine 7 with only the
    bars rewritten, and it plays on, each step's save verifying but where today's replay
    lays the suit bar the round lacks (``OLDER_ROUND``: the save does not say which
    engine opened its round; ``test_shithead_verify_bars.py``)."""
    data = json.loads(old["save"])
    assert data["engine"] == 6 and any(any(b) for b in data["state"]["bars"])
    s = shithead.State.from_json(old["save"], verify=True)
    assert s.bars == tuple(tuple(card_bar(m) for m in b) for b in data["state"]["bars"])
    assert [s.view(x) for x in (None, *range(s.n))] == [with_actions_left(v, s) for v in old["views"]]
    assert s.to_position() == old["position"]
    assert shithead.State.from_position(old["position"])._dump() == s._dump()
    again = json.loads(s.to_json())
    assert again["engine"] == shithead.State.ENGINE == 7
    assert again["state"] == today_fields(data["state"])
    assert again["history"] == data["history"] and again["rng"] == data["rng"]
    # today's engine replays the same history with the suit bar laid on the starter
    # today's engine replays the same history; at the opening it lays the suit bar on
    # the starter, which engine 6 did not (midway, a pick-up has barred all the 4s since)
    today = tablegames.replay(s.record())
    assert today.view(None) == s.view(None)
    if old["kind"] == "lead_opening":
        bar = sum(1 << c for c in _earlier_suits(min(s.known_cards[s.starter])))
        assert bar and all(m & bar == bar != s.bars[s.starter][0] & bar
                           for m in today.bars[s.starter])
    plays_on(s, RandomBot(9), older_round=OLDER_ROUND)


def test_an_old_save_keeps_its_weaker_worlds_a_new_one_does_not() -> None:
    """The loaded engine-6 save never learnt the suit bar: its worlds may deal the
    starter an earlier suit of the shown rank, as engine 6's did. The same game played
    by today's engine (its record replayed) never does."""
    old = next(o for o in OLD if o["kind"] == "lead_opening")
    s = shithead.State.from_json(old["save"])
    shown = s.lead_card()
    assert shown is not None
    earlier = _earlier_suits(shown)
    viewer = next(p for p in range(s.n) if p != s.starter)
    today = tablegames.replay(s.record())
    old_worlds = [s.sample_world(viewer, Rng(i)) for i in range(120)]
    new_worlds = [today.sample_world(viewer, Rng(i)) for i in range(120)]
    assert any(earlier & set(w.hands[s.starter]) for w in old_worlds)
    assert not any(earlier & set(w.hands[s.starter]) for w in new_worlds)
    for w in (*old_worlds[:10], *new_worlds[:10]):
        assert w.view(viewer) == s.view(viewer) == today.view(viewer)


def test_an_old_bar_no_engine_wrote_is_refused() -> None:
    """An engine-6 bar outside bits 1 to 13 (or a ``bool``) is refused on load, as it
    was: the upgrade turns no such number into a valid mask of cards."""
    data = json.loads(OLD[1]["save"])
    p = next(p for p, b in enumerate(data["state"]["bars"]) if b)
    for bad in (1 << 14, -2, True, 1 << 40):
        broken = json.loads(OLD[1]["save"])
        broken["state"]["bars"][p][0] = bad
        with pytest.raises(StateError, match="bars"):
            shithead.State.from_json(json.dumps(broken))


def test_a_position_bar_reads_ranks_and_cards() -> None:
    """``bars N`` writes a rank for a value it bars in every suit and a card for a suit
    barred alone (``A,2,3c,3d``), and reads both; an old position's ranks read as before."""
    s = shithead.new_game(players=5, seed=43, rules={"lead_shown": True, "swap": False})
    text = s.to_position()
    assert "\nbars 2: A,2c,2d A,2c,2d\n" in text
    assert shithead.State.from_position(text)._dump() == s._dump()
    with pytest.raises(tablegames.PositionError, match=r"not a rank .* or a card"):
        shithead.State.from_position(text.replace("A,2c,2d A,2c,2d", "A,2x A,2c,2d"))
