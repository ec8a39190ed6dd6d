"""Actions with wrong types inside (a seat that is a bool or a string, a zone that is a
list): refused with IllegalAction and nothing changes, at every kind of stage."""

from __future__ import annotations

from typing import Any

import attrs
import pytest

from tablegames import IllegalAction, dallah
from tablegames.dallah import actions as A

JUNK: list[Any] = [True, False, None, "1", "neck", -1, 99, 1.0, [1], {"a": 1}, ("neck",)]

FIELDS = {
    A.Fell: ("zone", "shape"),
    A.Move: ("zone", "shape", "to"),
    A.Target: ("target",),
    A.Pair: ("source", "recipient"),
    A.Redirect: ("to",),
}


def _stages() -> list[dallah.State]:
    """One state for each stage an argument-carrying action belongs to."""
    out = []
    s = dallah.new_game(3, seed=1, actions=["place"], placements=["neck"], rolls=["tall"],
                        pot={"neck": ["wide"]})
    s.apply("0:draw")
    s.apply("0:roll")
    out.append(s)  # report
    s = dallah.new_game(3, seed=1, actions=["naql"], pot={"neck": ["wide"]})
    s.apply("0:draw")
    out.append(s)  # move
    s = dallah.new_game(3, seed=1, actions=["kheth"], piles=[2, 0, 0])
    s.apply("0:draw")
    out.append(s)  # target
    s = dallah.new_game(4, seed=1, actions=["malek_shoghl"], piles=[2, 2, 0, 0])
    s.apply("0:draw")
    out.append(s)  # pair
    s = dallah.new_game(4, seed=1, actions=["pass_it"], piles=[1, 1, 1, 1],
                        held=[["ana_mali_dakhal"], [], [], ["ma_ysir"]])
    s.apply("0:draw")
    out.append(s)  # protect, two seats asked
    return out


@pytest.mark.parametrize("kind", list(FIELDS))
def test_junk_fields_are_refused_and_change_nothing(kind: type[Any]) -> None:
    for state in _stages():
        seat = state.to_act
        legal = {str(a) for a in state.legal_actions()}
        good = [a for a in state.legal_actions() if isinstance(a, kind)]
        base = good[0] if good else None
        for field in FIELDS[kind]:
            for junk in JUNK:
                if base is not None:
                    action = attrs.evolve(base, **{field: junk})
                else:
                    values = {f: junk if f == field else "neck" for f in FIELDS[kind]}
                    if kind in (A.Target, A.Pair, A.Redirect):
                        values = {f: junk if f == field else 1 for f in FIELDS[kind]}
                    action = kind(seat, **values)
                before = state.to_json()
                try:
                    state.copy().apply(action)
                except IllegalAction:
                    continue
                proper = base is not None and type(junk) is type(getattr(base, field))
                assert proper and str(action) in legal, (
                    f"{action!r} was accepted at stage {state.view(None)['stage']}")
                assert state.to_json() == before
