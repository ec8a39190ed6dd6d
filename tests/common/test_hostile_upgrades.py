"""An old save as a hostile caller rewrites it: every upgrade hook meets junk.

helper-225's hostile round of the core: a seeded game's save is passed off as one of an
older format (1 to 3) or an older engine of its game, with its fields under the names
that format or engine wrote (``RENAMED``, ``ENGINE_RENAMED``; some left under today's
name, a mix no version wrote), Phase 10's stage under its format-1 name ``step``, and
one or two places then edited with a hostile value (a bool, a float, ``-0.0``, a huge
int, a list, a dict) or dropped. The game's ``_upgrade_format`` and
``_upgrade_engine`` run on such data before the strict read, so each load either gives
a whole state (it saves and loads back byte-identical and plays on) or raises a
:class:`~tablegames.common.errors.TablegamesError` that is a ``ValueError`` with a
short message: never a ``KeyError`` or ``TypeError`` from inside a hook.
(:mod:`tests.common.test_hostile_callers` edits one place of today's saves; here the
edits meet the upgrade path.)
"""

from __future__ import annotations

import copy
import json
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tablegames.common.errors import TablegamesError
from tablegames.common.registry import GAMES
from tablegames.common.saves import _text_hash
from tests.common.test_hostile_callers import _at, _in_play, _paths, _refused_clearly, _whole

GAME_NAMES = ("toepen", "phase10", "shithead", "dallah")
#: What an edit puts in a place of the old ``state`` object.
JUNK: list[Any] = [True, None, -1, 0, 1, 2**70, 1.5, -0.0, "", "x", "step", [], {}, [0],
                   [[0]], {"x": 1}, [True]]

#: Options a game's engine added (the engine that first writes it): an older save has none.
NEWER_OPTIONS = {"phase10": {"action_limit": 5, "limit_tiebreak": 6}}


def _old_names(cls: Any, fmt: int, engine: int) -> dict[str, str]:
    """Today's field names -> the names a save of ``fmt`` and ``engine`` held them under."""
    names: dict[str, str] = {}
    for since, renamed in sorted(cls.ENGINE_RENAMED.items(), reverse=True):
        if engine < since:
            names.update({new: names.get(new, old) for old, new in renamed.items()})
    if fmt < 4:
        older = {new: old for old, new in cls.RENAMED.items()}
        names = {new: older.get(was, was) for new, was in names.items()} | {
            new: old for new, old in older.items() if new not in names}
    return names


@st.composite
def _old_save(draw: Any, game: str) -> str:
    cls: Any = GAMES[game].state_class
    state = _in_play(game, draw(st.integers(0, 10_000)), most=50)
    data = json.loads(state.to_json())
    fmt = draw(st.integers(1, 4))
    engine = draw(st.integers(1, cls.ENGINE))
    data["format"], data["engine"] = fmt, engine
    if fmt < 3:  # a list of notations, before the compact history
        data["history"] = [str(action) for action in state.history]
    for option, since in NEWER_OPTIONS.get(game, {}).items():
        if engine < since:  # an option no such engine wrote
            data["rules"].pop(option)
    data["rules_hash"] = _text_hash(data["rules"])
    names = _old_names(cls, fmt, engine)
    keep = draw(st.sets(st.sampled_from(sorted(data["state"]))))  # left under today's name
    data["state"] = {(k if k in keep else names.get(k, k)): v for k, v in data["state"].items()}
    if game == "phase10" and fmt <= 2 and draw(st.booleans()):
        data["state"]["step"] = data["state"].pop("stage", "play")
    for _ in range(draw(st.integers(0, 2))):
        places = [p for p in _paths(data["state"]) if p]
        path = draw(st.sampled_from(places))
        parent = _at(data["state"], path[:-1])
        if isinstance(parent, dict) and draw(st.booleans()):
            del parent[path[-1]]
        else:
            parent[path[-1]] = copy.deepcopy(draw(st.sampled_from(JUNK)))
    return json.dumps(data)


@pytest.mark.parametrize("game", GAME_NAMES)
@settings(max_examples=25)
@given(data=st.data())
def test_an_old_save_edited_loads_whole_or_is_refused(game: str, data: Any) -> None:
    text = data.draw(_old_save(game))
    try:
        state = GAMES[game].from_json(text)
    except TablegamesError as exc:
        _refused_clearly(exc)
        return
    _whole(state)
