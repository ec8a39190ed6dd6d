"""What a refused load says: a byte-order mark before a save, and a bad number in a
position's line (found by helper-205, session 57).

A save starting with a UTF-8 byte-order mark (Windows PowerShell's ``Out-File`` writes
one) was refused "not valid JSON (truncated?)", though nothing was cut: one mark before
the JSON is now skipped (RFC 8259 section 8.1), and a mark anywhere else is refused as
what it is. A bad number in a position's rules line was "saved state holds a number...",
though the text is a position: the message names the line.
"""

from __future__ import annotations

import pytest

import tablegames
from tablegames.common.errors import StateError
from tablegames.common.position import PositionError
from tablegames.common.serialization import loads
from tablegames.phase10 import State, from_position, new_game

BOM = "\ufeff"


def _played(seed: int = 1) -> State:
    state = new_game(players=3, seed=seed)
    for _ in range(12):
        state.apply(state.legal_actions()[0])
    return state


def test_one_byte_order_mark_before_a_save_is_skipped() -> None:
    state = _played()
    text = state.to_json()
    for marked in (BOM + text, (BOM + text).encode()):
        loaded = State.from_json(marked)
        assert loaded.to_json() == text
        assert State.from_json(marked, verify=True).to_json() == text
        assert tablegames.load(marked).to_json() == text
    assert loads(BOM + "[1]") == [1]


@pytest.mark.parametrize("where", ["twice", "after a space", "inside"])
def test_a_byte_order_mark_elsewhere_is_refused_as_one(where: str) -> None:
    text = _played().to_json()
    bad = {"twice": BOM + BOM + text, "after a space": " " + BOM + text,
           "inside": text[:-1] + BOM + "}"}[where]
    with pytest.raises(StateError, match=r"byte-order mark \(U\+FEFF\)") as refused:
        State.from_json(bad)
    assert "truncated" not in str(refused.value)


def test_a_byte_order_mark_inside_a_string_is_text() -> None:
    assert loads('["' + BOM + '"]') == [BOM]


def test_a_truncated_save_still_says_so() -> None:
    text = _played().to_json()
    with pytest.raises(StateError, match=r"^saved state is not valid JSON \(truncated\?\)"):
        State.from_json(BOM + text[: len(text) // 2])


@pytest.mark.parametrize(("json_text", "said"), [
    ('{"hand_size": 1e999}', "this line holds a number too large for a float"),
    ('{"hand_size": NaN}', "this line holds NaN, which is not a number JSON allows"),
    ('{"hand_size": ' + "9" * 5000 + "}", "this line holds a number that cannot be read"),
    ('{"hand_size": 10', "this line is not valid JSON: "),
    ('{"hand_size": 10, "hand_size": 9}', "this line names the key 'hand_size' twice"),
])
def test_a_bad_number_in_a_positions_rules_line_names_the_line(
        json_text: str, said: str) -> None:
    text = new_game(players=3, seed=1).to_position()
    assert "\nrules: standard\n" in text
    with pytest.raises(PositionError) as refused:
        from_position(text.replace("rules: standard", "rules: " + json_text))
    message = str(refused.value)
    assert message.startswith("line 6: rules: " + said)
    assert "saved state" not in message


def test_a_bad_result_line_names_the_line() -> None:
    state = new_game(players=2, seed=3)
    while not state.results:
        state.apply(state.legal_actions()[-1])
    text = state.to_position()
    line = next(x for x in text.splitlines() if x.startswith("result 0: "))
    with pytest.raises(PositionError, match="result 0: this line holds NaN") as refused:
        from_position(text.replace(line, "result 0: {\"added\": NaN}"))
    assert "saved state" not in str(refused.value)
