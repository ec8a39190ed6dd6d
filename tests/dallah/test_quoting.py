"""Refusals quote a short prefix of a bad value, never the whole of it (issue 23, item 6).

A 60,000-character card id, zone, position word or card-set name, or a 5,000-digit
count, gives a message of a few hundred characters at most that still names the value's
start and its length; a refused action changes nothing.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest

from tablegames import IllegalAction, TablegamesError, dallah
from tablegames.dallah import actions as A
from tests.dallah.helpers import game, play

BIG = "x" * 60_000
DIGITS = "7" * 5_000
HUGE = 7 * 10**4_999  # a 5,000-digit number (int() refuses to read one from text)
SHORT = 400


def _position() -> str:
    return dallah.new_game(3, seed=1).to_position()


def _swap_line(key: str, value: str) -> Callable[[], Any]:
    def load() -> Any:
        lines = [f"{key}: {value}" if line.startswith(f"{key}:") else line
                 for line in _position().splitlines()]
        return dallah.State.from_position("\n".join(lines))
    return load


CASES: dict[str, Callable[[], Any]] = {
    "notation id": lambda: dallah.State.parse_action("0:fell neck:" + "y" * 500),
    "notation seat": lambda: dallah.State.parse_action("0:target " + "z" * 500),
    "setup card": lambda: dallah.new_game(3, actions=[BIG]),
    "setup zone": lambda: dallah.new_game(3, pot={BIG: ["tall"]}),
    "setup shape": lambda: dallah.new_game(3, rolls=[BIG]),
    "setup first": lambda: dallah.new_game(3, first=HUGE),
    "rules cards": lambda: dallah.Rules(cards=BIG),  # type: ignore[arg-type]
    "rules card set name": lambda: dallah.new_game(3, rules={"cards": BIG}),
    "position card": _swap_line("card", BIG),
    "position shared": _swap_line("shared", "classic=" + DIGITS),
    "position piles": _swap_line("piles", f"0 0 {DIGITS}"),
    "position effects": _swap_line("effects", BIG),
    "position rolls": _swap_line("rolls", BIG),
    "position last turn": _swap_line("last_turn", f"0 {BIG} - 0 no -"),
    "position full zones": _swap_line("full_zones", BIG),
    "view language": lambda: dallah.new_game(3).view(0, lang=BIG),
}


@pytest.mark.parametrize("case", list(CASES))
def test_a_huge_bad_value_gives_a_short_message(case: str) -> None:
    with pytest.raises((TablegamesError, ValueError)) as info:
        CASES[case]()
    text = str(info.value)
    assert len(text) < SHORT, (case, len(text))
    assert any(part in text for part in ("xxxxxxxx", "7777777", "yyyyyyy", "zzzzzzz", "bits")), text


@pytest.mark.ruling("DAL-11")
def test_a_huge_id_in_a_built_report_is_quoted_and_changes_nothing() -> None:
    s = game(actions=["place"], placements=["lid"], rolls=["tall"])
    play(s, "0:draw", "0:roll")
    before = s.to_json()
    for action in (A.fell(0, BIG, "tall"), A.fell(0, "lid", BIG)):
        with pytest.raises(IllegalAction) as info:
            s.apply(action)
        assert info.value.code == "cup_not_on_pot" and len(str(info.value)) < SHORT
        assert s.to_json() == before


@pytest.mark.ruling("DAL-22")
def test_a_huge_zone_in_a_built_move_is_quoted() -> None:
    s = game(actions=["naql"], pot={"neck": ["tall"]})
    play(s, "0:draw")
    before = s.to_json()
    for action, code in ((A.move(0, "neck", "tall", BIG), "unknown_zone"),
                         (A.move(0, BIG, "tall", "lid"), "cup_not_on_pot")):
        with pytest.raises(IllegalAction) as info:
            s.apply(action)
        assert info.value.code == code and len(str(info.value)) < SHORT
        assert s.to_json() == before


@pytest.mark.ruling("DAL-36")
def test_a_huge_seat_is_quoted() -> None:
    s = game(actions=["surprise"], piles=[1, 2, 0])
    play(s, "0:draw")
    with pytest.raises(IllegalAction) as info:
        s.apply(A.target(0, HUGE))
    assert info.value.code == "no_such_seat" and len(str(info.value)) < SHORT
