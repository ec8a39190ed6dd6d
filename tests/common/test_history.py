"""The applied actions as a shared-chunk sequence: it reads exactly like the list it replaced."""

from __future__ import annotations

import pickle
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

import tablegames
from tablegames.common.history import CHUNK, History


def grow(h: History, steps: list[Any]) -> None:
    for x in steps:
        h._append(x)


@given(
    base=st.lists(st.integers(), max_size=3 * CHUNK),
    plan=st.lists(st.tuples(st.sampled_from(["append", "copy"]), st.integers()), max_size=4 * CHUNK),
    cut=st.tuples(st.integers(-200, 200) | st.none(), st.integers(-200, 200) | st.none(),
                  st.sampled_from([None, 1, 2, -1, -3])),
)
def test_a_history_reads_like_the_list_it_holds(base: list[int], plan: list[tuple[str, int]],
                                                cut: tuple[int | None, int | None, int | None]) -> None:
    h = History(base)  # type: ignore[arg-type]
    model = list(base)
    others: list[tuple[History, list[int]]] = []
    for op, x in plan:
        if op == "append":
            h._append(x)  # type: ignore[arg-type]
            model.append(x)
        else:  # a copy shares the sealed chunks, yet grows on its own
            c = h.copy()
            c._append(-x - 1)  # type: ignore[arg-type]
            others.append((c, [*model, -x - 1]))
    for hist, want in [(h, model), *others]:
        assert len(hist) == len(want)
        assert list(hist) == want and hist.tolist() == want
        assert hist == want and hist == tuple(want) and hist == History(want)  # type: ignore[arg-type]
        assert list(reversed(hist)) == want[::-1]
        assert hist[slice(*cut)] == want[slice(*cut)]
        for i in (0, 1, len(want) // 2, len(want) - 1, -1, -len(want)):
            if -len(want) <= i < len(want):
                assert hist[i] == want[i]
        for bad in (len(want), -len(want) - 1):
            with pytest.raises(IndexError):
                hist[bad]
        assert pickle.loads(pickle.dumps(hist)) == want


def test_copies_share_the_sealed_chunks_and_not_the_tail() -> None:
    h = History()
    grow(h, list(range(CHUNK + 3)))
    c = h.copy()
    assert c._chunks is h._chunks and c._tail is not h._tail
    grow(c, ["x"])
    assert len(h) == CHUNK + 3 and c[-1] == "x" and h[-1] == CHUNK + 2
    assert h != c and h != "not a history" and History() == []


def test_the_history_of_a_state_cannot_be_edited_in_place() -> None:
    s = tablegames.new_game("toepen", players=4, seed=1)
    for _ in range(3):
        s.apply(s.legal_actions()[0])
    before = s.to_json()
    with pytest.raises((AttributeError, TypeError)):
        s.history.append(s.history[0])  # type: ignore[attr-defined]
    with pytest.raises(TypeError):
        s.history[0] = s.history[1]  # type: ignore[index]
    with pytest.raises(TypeError):
        hash(s.history)
    assert s.to_json() == before and s.version == 3 == len(s.history)
