"""Dallah's position text, written by hand before its lines came from the field
declarations (issue 21, item 2), kept as data: the generated text must be the same,
byte for byte, and read as strictly.

``data/positions_hand.json`` was written by the hand-written writer and reader (commit
cef1656) from seeded random games (2, 3, 5 and 8 players; the standard rules, two house
rules, a team-heavy card set and a custom card set with other shape, zone and card ids
and a sixth zone) and the notation guide's example, sampled at every stage:

* ``positions``: each text and a digest of the fields it was written from;
* ``shuffled``: a position with ``stock``, ``placement_stock`` or both written
  ``shuffled``: the digests of the text and fields it read to (the decks are dealt from
  the ``rng`` line in the same order);
* ``edited``: one line replaced by another value that the reader took: the digest of
  the fields it read to;
* ``refused``: one line replaced by a value the reader refused (with its message then).
"""

from __future__ import annotations

import hashlib
import json
import re
from pathlib import Path
from typing import Any

import pytest

from tablegames import PositionError, dallah
from tablegames.common.serialization import dumps
from tests.dallah.helpers import engine_3_fields

DATA = json.loads((Path(__file__).parent / "data" / "positions_hand.json").read_text())
POSITIONS: list[dict[str, Any]] = DATA["positions"]


def _digest(text: str) -> str:
    return hashlib.sha256(text.encode()).hexdigest()[:16]


def _fields(state: dallah.State) -> str:
    """A digest of the fields as the writer of the data held them (``turn`` from 0)."""
    return _digest(dumps(engine_3_fields(state)))


def _shuffled(text: str, mode: str) -> str:
    keys = ("stock", "placement_stock") if mode == "both" else (mode,)
    return "\n".join(f"{line.split(':')[0]}: shuffled" if line.split(":")[0] in keys
                     else line for line in text.splitlines()) + "\n"


def _edited(text: str, line: int, value: str) -> str:
    lines = text.splitlines()
    lines[line] = f"{lines[line].split(':')[0]}: {value}"
    return "\n".join(lines) + "\n"


def test_the_kept_texts_cover_every_stage_and_card_set() -> None:
    stages = {e["position"].split("\nstage: ")[1].split("\n")[0] for e in POSITIONS}
    assert stages == set(dallah.State.STAGES)
    assert {e["rules"] for e in POSITIONS} == {"standard", "cup_leaves", "no_late",
                                               "team_heavy", "custom"}


@pytest.mark.parametrize("i", range(len(POSITIONS)))
def test_each_position_reads_to_its_fields_and_writes_itself_again(i: int) -> None:
    entry = POSITIONS[i]
    state = dallah.from_position(entry["position"])
    assert _fields(state) == entry["fields"]
    assert state.to_position() == entry["position"]


def test_shuffled_decks_are_dealt_as_before() -> None:
    assert len(DATA["shuffled"]) > 50
    for base, mode, text, fields in DATA["shuffled"]:
        state = dallah.from_position(_shuffled(POSITIONS[base]["position"], mode))
        assert (_digest(state.to_position()), _fields(state)) == (text, fields), (base, mode)


def test_edited_lines_read_as_before() -> None:
    """An edited line the reader took reads to the same fields, but for two kinds of
    line that are now refused: a turn beyond the bound of the ``turn`` field (the line
    is read as strictly as a save; the hand-written reader took up to 10,000,000), and
    a collector or a Shareek partner between turns (a tampered save of that kind played
    on and then wrote a save it could not load: DAL-24)."""
    assert len(DATA["edited"]) > 40
    stricter = between = 0
    for base, line, value, fields in DATA["edited"]:
        text = _edited(POSITIONS[base]["position"], line, value)
        edited = text.splitlines()[line]
        if edited == "turn: 9999999":
            with pytest.raises(PositionError, match=r"turn: expected a turn's number from 1 "
                                                    r"to 1000001, found '9999999'"):
                dallah.from_position(text)
            stricter += 1
            continue
        stage = re.search(r"^stage: (\S+)$", text, re.M)
        if edited.startswith(("collector: ", "partner: ")) and stage is not None \
                and stage.group(1) in ("draw", "over"):
            with pytest.raises(PositionError, match=r"between turns \(DAL-24\)"):
                dallah.from_position(text)
            between += 1
            continue
        state = dallah.from_position(text)
        assert _fields(state) == fields, (base, line, value)
    assert stricter == 1 and between == 5


def test_refused_lines_are_still_refused_naming_the_problem() -> None:
    """What the reader refused it still refuses, naming the same line (or, for an
    impossible table, the rule it breaks)."""
    assert len(DATA["refused"]) > 1_000
    for base, where, value, message in DATA["refused"]:
        text = POSITIONS[base]["position"]
        text = _shuffled(text, where) if value is None else _edited(text, where, value)
        with pytest.raises(PositionError, match=r"^(line \d+: |impossible position: )") as info:
            dallah.from_position(text)
        if message.startswith("line "):
            assert str(info.value).split(":")[:2] == message.split(":")[:2], (message, info.value)
