"""Whatever text a caller hands the library, it loads or is refused with the library's error.

Hypothesis takes real text of every game (a save, position text, a record and action
notation, from seeded games in play) and damages it the ways text gets damaged: a
character dropped, doubled or replaced, a line lost or repeated, a number swapped for
a huge, negative or exotic one (``²``, ``١``, ``1e999``, ``NaN``), the text cut short.
Every reader then either gives a state that is whole (it saves, loads back byte-identical
and plays on) or raises :class:`~tablegames.common.errors.TablegamesError`, never any
other exception, and never a state that fails later.
"""

from __future__ import annotations

import json
import random
import re
from typing import Any

import pytest
from hypothesis import event, given
from hypothesis import strategies as st

import tablegames
from tablegames.common.errors import TablegamesError
from tablegames.common.registry import GAMES

GAME_NAMES = ("toepen", "phase10", "shithead", "dallah")
NUMBERS = ["0", "-1", "99", "4294967297", "9" * 40, "1e999", "NaN", "²", "١", "true", "1.5"]


def _in_play(game: str, seed: int) -> Any:
    """A seeded game a few dozen random actions in (not over)."""
    rng = random.Random(seed)
    state = tablegames.new_game(game, players=3, seed=seed)
    for _ in range(rng.randrange(0, 60)):
        if state.is_over:
            break
        state.apply(rng.choice(state.legal_actions()))
    return state


@st.composite
def _damaged(draw: Any, text: str) -> str:
    """``text`` after one to three kinds of damage."""
    for _ in range(draw(st.integers(1, 3))):
        kind = draw(st.sampled_from(["drop", "double", "replace", "line", "number", "cut"]))
        if not text:
            break
        at = draw(st.integers(0, len(text) - 1))
        if kind == "drop":
            text = text[:at] + text[at + 1:]
        elif kind == "double":
            text = text[:at] + text[at] + text[at:]
        elif kind == "replace":
            text = text[:at] + draw(st.characters()) + text[at + 1:]
        elif kind == "line":
            lines = text.split("\n")
            i = draw(st.integers(0, len(lines) - 1))
            lines[i:i + 1] = draw(st.sampled_from([[], [lines[i]] * 2, [lines[i][::-1]]]))
            text = "\n".join(lines)
        elif kind == "number":
            found = list(re.finditer(r"\d+", text))
            if found:
                m = draw(st.sampled_from(found))
                text = text[:m.start()] + draw(st.sampled_from(NUMBERS)) + text[m.end():]
        else:
            text = text[:at]
    return text


def _whole(state: Any, info: Any) -> None:
    """A state that loaded is whole: it saves, loads back the same and plays on."""
    saved = state.to_json()
    assert info.from_json(saved).to_json() == saved
    for seat in [None, *range(len(state.players))]:
        json.dumps(state.view(seat), allow_nan=False)
    if not state.is_over:
        legal = state.legal_actions()
        assert legal, "a seat to act with nothing to do"
        state.apply(legal[0])


@pytest.mark.parametrize("game", GAME_NAMES)
@given(data=st.data(), seed=st.integers(0, 10_000))
def test_damaged_text_loads_whole_or_is_refused_with_the_library_error(
        game: str, seed: int, data: st.DataObject) -> None:
    info = GAMES[game]
    state = _in_play(game, seed)
    texts = {
        "save": state.to_json(),
        "position": state.to_position(),
        "record": json.dumps(state.record()),
        "action": str(data.draw(st.sampled_from(state.legal_actions() or state.history))),
    }
    kind = data.draw(st.sampled_from(sorted(texts)), label="kind")
    text = data.draw(_damaged(texts[kind]), label="text")
    try:
        if kind == "save":
            _whole(tablegames.load(text), info)
        elif kind == "position":
            _whole(tablegames.from_position(game, text), info)
        elif kind == "record":
            _whole(tablegames.replay(json.loads(text)), info)
        else:
            action = info.parse_action(text)
            assert info.parse_action(str(action)) == action
            before = state.to_json()
            try:
                state.apply(action)
            except TablegamesError:
                assert state.to_json() == before
        event(f"{kind}: read")
    except TablegamesError as exc:
        event(f"{kind}: refused ({type(exc).__name__})")
    except json.JSONDecodeError:
        assert kind == "record"  # the test's own json.loads of a damaged record
        event("record: not JSON")
