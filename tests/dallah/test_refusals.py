"""The ruling on its line (issue 21, item 3): one table of refusals, one predicate per verb.

Over seeded random games, every candidate action a seat could send (every verb, with
every seat, zone and shape as its arguments) is applied to a copy: an action
``legal_actions`` lists is accepted, any other is refused (but for a fall named by shape
alone, which is legal without being listed: the list names each cup with its zone) with
an ``IllegalAction`` whose code and ruling are a row of
:data:`~tablegames.dallah.refusals.TABLE`. That every row cites a ruling of the rules, on
the line that returns it, is checked for every game's table by
``tests/common/test_refusals.py``.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from tablegames import IllegalAction, dallah
from tablegames.common.actions import Action
from tablegames.dallah import actions as A
from tablegames.dallah.refusals import TABLE

ROWS = {(r.code, r.ruling) for r in TABLE.values()}
PACKAGE = Path(dallah.__file__).parent


def candidates(s: dallah.State, seat: int) -> list[Action]:
    """Every action ``seat`` could send now, legal or not (well-typed arguments)."""
    t = s.t
    out: list[Action] = [A.simple(cls, seat) for cls in (
        A.Draw, A.Roll, A.Settled, A.Collapse, A.NoSpace, A.Timeout, A.Swap, A.Penalty,
        A.Allow, A.Block)]
    out += [A.fell(seat, z, c) for z in t.zone_ids for c in t.shape_ids]
    out += [A.Falls(seat, (c,)) for c in t.shape_ids]  # by shape alone: never listed
    out += [A.move(seat, z, c, d) for z in t.zone_ids for c in t.shape_ids
            for d in t.zone_ids[:3]]
    out += [A.target(seat, o) for o in range(s.n)]
    out += [A.pair(seat, b, r) for b in range(s.n) for r in range(s.n)]
    out += [A.redirect(seat, o) for o in (None, *range(s.n))]
    return out


@pytest.mark.ruling("DAL-33")
def test_half_half_is_decided_on_one_line() -> None:
    lines = [line for f in PACKAGE.glob("*.py") for line in f.read_text().splitlines()
             if "DAL-33" in line]
    assert any("have // 2" in line for line in lines), lines


@pytest.mark.parametrize("seed", range(6))
def test_legal_and_apply_ask_the_same_predicates(seed: int) -> None:
    players = 3 + seed % 3
    held = [["ma_ysir"], ["ana_mali_dakhal"]] + [[] for _ in range(players - 2)]
    s = dallah.new_game(players, seed=seed, held=held)
    bot = dallah.ModelBot(seed)
    step = 0
    raised: set[tuple[str, str | None]] = set()
    while not s.is_over:
        if step % 3 == 0:
            for seat in range(s.n):
                legal = set(map(str, s.legal_actions(seat)))
                for action in candidates(s, seat):
                    trial = s.copy()
                    try:
                        trial.apply(action)
                    except IllegalAction as exc:
                        assert str(action) not in legal, (str(action), exc)
                        assert (exc.code, exc.ruling) in ROWS, (str(action), exc)
                        raised.add((exc.code, exc.ruling))
                    else:
                        assert str(action) in legal or type(action) is A.Falls, str(action)
        s.apply(bot.choose(s))
        step += 1
    assert ("wrong_stage", "DAL-20") in raised and ("out_of_turn", "DAL-23") in raised
