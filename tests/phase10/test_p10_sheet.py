"""The score sheet's fast check (``_sheet_ok``) accepts exactly the well-formed sheets.

It tests each condition across the whole sheet at once; the reference below is the
plain per-result statement of the same conditions. Both are run on real sheets and on
sheets edited at random (types swapped, ``bool`` for ``int``, keys added or dropped,
lengths and ranges off).
"""

from __future__ import annotations

import copy
import random
from typing import Any

from hypothesis import given, settings
from hypothesis import strategies as st

from tablegames.common.actions import fresh
from tablegames.common.registry import game_info
from tablegames.phase10.sheet import RESULT_KEYS, _sheet_ok


def reference_ok(raw: list[Any], n: int) -> bool:
    def one(res: Any, i: int) -> bool:
        if type(res) is not dict or set(res) != RESULT_KEYS:
            return False
        out, added, laid = res["out"], res["added"], res["phase_laid"]
        credited = res["credited"]
        return (type(res["round"]) is int and res["round"] == i
                and type(res["tiebreak"]) is bool and type(res["limit_hit"]) is bool
                and (out is None or (type(out) is int and 0 <= out < n))
                and (credited is None or (type(credited) is int and 0 <= credited < n))
                and type(added) is list and len(added) == n
                and all(type(x) is int and 0 <= x <= 10**6 for x in added)
                and type(laid) is list and len(laid) == n
                and all(x is None or (type(x) is int and 1 <= x <= 30) for x in laid))
    return all(one(res, i) for i, res in enumerate(raw))


def real_sheet(seed: int) -> tuple[list[dict[str, Any]], int]:
    s = game_info("phase10").new_game(players=3, seed=seed)
    pick = random.Random(seed)
    while len(s.results) < 3 and not s.is_over:
        legal = s.legal_actions()
        s.apply(legal[pick.randrange(len(legal))])
    return fresh(list(s.results)), s.n  # plain JSON, as a save holds it


SHEETS = [real_sheet(seed) for seed in (1, 2)]
ODD = [None, True, False, 0, 1, -1, 2, 3, 30, 31, 10**6, 10**6 + 1, 1.0, "1", [], {}, [0, 0, 0]]


@st.composite
def edited(draw: st.DrawFn) -> tuple[list[Any], int]:
    raw, n = draw(st.sampled_from(SHEETS))
    raw = copy.deepcopy(raw)
    for _ in range(draw(st.integers(0, 3))):
        if not raw:
            break
        i = draw(st.integers(0, len(raw) - 1))
        res = raw[i]
        if type(res) is not dict:
            continue
        what = draw(st.sampled_from(["value", "item", "key", "drop", "length", "result"]))
        key = draw(st.sampled_from(sorted(RESULT_KEYS)))
        if what == "value":
            res[key] = draw(st.sampled_from(ODD))
        elif what == "item" and type(res.get(key)) is list and res[key]:
            res[key][draw(st.integers(0, len(res[key]) - 1))] = draw(st.sampled_from(ODD))
        elif what == "key":
            res["extra"] = 1
        elif what == "drop":
            res.pop(key, None)
        elif what == "length" and type(res.get(key)) is list:
            res[key] = res[key] + [0] if draw(st.booleans()) else res[key][:-1]
        elif what == "result":
            raw[i] = draw(st.sampled_from(ODD))
    return raw, n


def test_real_sheets_are_well_formed() -> None:
    for raw, n in SHEETS:
        assert len(raw) == 3 and _sheet_ok(raw, n) and reference_ok(raw, n)
    assert _sheet_ok([], 3)


@settings(max_examples=400, deadline=None)
@given(edited())
def test_the_fast_check_agrees_with_the_reference(case: tuple[list[Any], int]) -> None:
    raw, n = case
    assert _sheet_ok(raw, n) == reference_ok(raw, n)


def test_every_single_edit_is_judged_as_the_reference_judges_it() -> None:
    """Each key of a result set to each odd value, and each entry of its lists too."""
    raw, n = SHEETS[0]
    cases = 0
    for i in range(len(raw)):
        for key in sorted(RESULT_KEYS):
            for v in ODD:
                sheet = copy.deepcopy(raw)
                sheet[i][key] = v
                assert _sheet_ok(sheet, n) == reference_ok(sheet, n), (i, key, v)
                cases += 1
                if type(raw[i][key]) is list:
                    for j in range(n):
                        sheet = copy.deepcopy(raw)
                        sheet[i][key][j] = v
                        assert _sheet_ok(sheet, n) == reference_ok(sheet, n), (i, key, j, v)
                        cases += 1
    assert cases > 500
