"""The phone table tapped again in Chromium (helper-224, session 59), each test one page load.

* Shithead from two or more decks deals twins. The page took a group of the seat's own
  row for its hand shown on the table ("Known in hand": drawn, never tapped) whenever the
  hand held every card of it: three decks can deal a seat the same three cards in its
  hand and face up, and then its face-up cards could not be tapped at all. The table
  model now marks such a group (``held``) and the page goes by that mark alone.
"""

from __future__ import annotations

import json
from typing import Any

from tests.server.helpers import Phones, Server, calm, new_phones, tap, until, until_true

#: The seat's own row, group by group: its label, whether the model marks it ``held``,
#: and for each card its code and the moves it leads to (null: drawn, not to tap).
OWN_ROW = """() => [...document.querySelectorAll('#table .seat.you .group')].map(g => [
  g.querySelector('small').textContent, g.dataset.held === '1',
  [...g.querySelectorAll('.card[data-code]')].map(c => [c.dataset.code,
    c.classList.contains('pick') ? JSON.parse(c.dataset.uses) : null])])"""

HAND = "() => [...document.querySelectorAll('#hand .card.pick')].map(c => c.dataset.code)"


def test_face_up_twins_of_every_hand_card_are_tapped_and_the_known_copy_never(
        server: Server, browser: Any, phones: list[Phones]) -> None:
    """Three decks, the simultaneous swap, seed 51736: Amal holds 9♦ J♣ Q♠ and has 9♦ J♣
    Q♠ face up. Each face-up copy leads to the swaps that put it in her hand (the page
    drew them as cards not to tap, the hand holding them all). She swaps the face-up 9♦
    for her J♣ and then the face-up J♣ for her 9♦: the same cards again in both places,
    and the table knows a J♣ of her hand ("Known in hand", marked held). That group is
    drawn, never tapped; the face-up row is tapped as before."""
    ph = new_phones(phones, browser, server, "en")
    room = server.create(game="shithead", players=2, name="Amal", seed=51736, bot="random",
                         rules={"decks": 3, "swap_mode": "simultaneous"})
    page = ph.open(room["url"], viewport=(360, 640))
    page.click("#start")
    until(page, "body[data-version='0']")
    calm(page)
    [(label, held, up)] = page.evaluate(OWN_ROW)
    assert (label, held) == ("Face up", False) and page.evaluate(HAND) == ["9♦", "J♣", "Q♠"]
    assert [c for c, _ in up] == ["9♦", "J♣", "Q♠"]
    assert up[0][1] == ["0:swap 9d/Jc", "0:swap 9d/Qs"], up
    assert "0:swap Jc/9d" in up[1][1] and "0:swap Qs/Jc" in up[2][1], up
    for move in ("0:swap 9d/Jc", "0:swap Jc/9d"):
        until(page, f"#table .seat.you .card.pick[data-uses*='{json.dumps(move)}']")
        assert tap(page, move) == 2
        until_true(page, "() => document.body.dataset.pending !== '1'")
    until_true(page, "() => document.querySelectorAll('#table .seat.you .group').length === 2")
    calm(page)
    (up_label, up_held, up), (known_label, known_held, known) = page.evaluate(OWN_ROW)
    assert (up_label, up_held, [c for c, _ in up]) == ("Face up", False, ["9♦", "J♣", "Q♠"])
    assert (known_label, known_held, known) == ("Known in hand", True, [["J♣", None]])
    assert all(uses for _, uses in up), up
    assert "0:swap Jc/9d" in up[1][1], up
    _, actions = server.saved(room["code"])
    assert [a for _, seat, a in actions if seat == 0] == ["0:swap 9d/Jc", "0:swap Jc/9d"]
    assert not ph.errors
