"""The table of refusals: every refusal the engine gives comes from it, names a ruling of
the rules, and ``legal_actions`` and ``apply`` agree on every candidate action."""

from __future__ import annotations

import random
import re
from pathlib import Path

import pytest

from tablegames.common.errors import IllegalAction
from tablegames.phase10 import Discard, Draw, Hit, Lay, Rules, State, new_game
from tablegames.phase10.cards import N_FACES, SKIP, WILD
from tablegames.phase10.groups import make_group
from tablegames.phase10.refusals import REFUSALS, refuse
from tablegames.phase10.rules import RUN, SET

ROOT = Path(__file__).resolve().parents[2]
PACKAGE = ROOT / "tablegames" / "phase10"


def _rule_ids() -> set[str]:
    for base in (ROOT.parent.parent / "shared" / "rules", ROOT / "docs" / "rules"):
        path = base / "phase10.md"
        if path.exists():
            return set(re.findall(r"\bP10-\d\d\b", path.read_text()))
    pytest.fail("no Phase 10 rules file")


#: (code, ruling) of every entry: what a refusal may say.
ALLOWED = {(code, ruling) for code, ruling, _ in REFUSALS.values()}


def test_every_entry_names_a_ruling_of_the_rules_and_of_the_rulings_page() -> None:
    rules = _rule_ids()
    page = set(re.findall(r"^## (P10-\d\d):", (PACKAGE / "rulings.md").read_text(), re.M))
    for name, (code, ruling, template) in REFUSALS.items():
        assert ruling in rules, name
        assert ruling in page, name
        assert code and template, name


def test_every_entry_is_used_and_its_deciding_line_names_its_ruling() -> None:
    """``grep P10-50 tablegames/phase10`` lands on the line that decides: each
    ``refuse("entry"`` call names the entry's ruling on its own line or the ``if`` just
    above it (a comment), so the table and the code cannot drift apart unseen."""
    lines = [line for path in sorted(PACKAGE.glob("*.py")) if path.name != "refusals.py"
             for line in path.read_text().splitlines()]
    used = set()
    for i, line in enumerate(lines):
        for name in re.findall(r'refuse\("(\w+)"', line):
            used.add(name)
            ruling = REFUSALS[name][1]
            assert any(ruling in lines[j] for j in range(max(0, i - 2), i + 1)), (name, line)
    assert used == set(REFUSALS)


def test_a_refusal_is_built_from_its_entry() -> None:
    fault = refuse("already_skipped", player="Bo")
    assert (fault.code, fault.ruling, fault.message) == (
        "already_skipped", "P10-24", "Bo is already waiting out a skip")
    error = fault.error(1)
    assert isinstance(error, IllegalAction) and error.seat == 1 and error.ruling == "P10-24"


def _candidates(state: State, rng: random.Random) -> list[object]:
    """Actions worth trying now: a sample of every verb for every seat, most illegal."""
    n = state.n
    out: list[object] = [Draw(s) for s in range(n)]
    out += [state.parse_action(f"{s}:take") for s in range(n)]
    for _ in range(12):
        s = rng.randrange(n)
        card = rng.randrange(N_FACES)
        out.append(Discard(s, card, rng.choice([-1, -1, rng.randrange(-1, n + 1)])))
        owner = rng.randrange(n + 1)
        group = rng.randrange(len(state.laid[owner]) + 1) if owner < n else 0
        value = rng.choice([0, 0, rng.randrange(1, 13)]) if card == WILD else 0
        out.append(Hit(s, card, owner, group, value))
    s = state.turn
    out.append(Lay(s, (make_group(SET, 3, (2, 14, 26)), make_group(SET, 7, (6, 18, WILD)))))
    out.append(Lay(s, (make_group(RUN, 1, (0, 13, 26, 39)),)))
    out.append(Discard(s, SKIP, s))
    return out


VARIANTS = [
    Rules(),
    Rules(hit_same_turn=False, skip_target="next"),
    Rules(wild_groups="open", naturals="phase", phase_choice=True, first_skip="twist"),
]


@pytest.mark.parametrize("rules", VARIANTS, ids=["standard", "next-turn", "open"])
@pytest.mark.parametrize("seed", [1, 2])
def test_legal_actions_and_apply_agree_and_every_refusal_is_in_the_table(
    rules: Rules, seed: int,
) -> None:
    """Over seeded random playouts (P10-31, P10-50): every listed action applies, every
    other candidate is refused with a (code, ruling) of the table, leaving the state as
    it was."""
    rng = random.Random(seed)
    state = new_game(players=2 + seed, seed=seed, rules=rules)
    seen: set[tuple[str, str | None]] = set()
    for _ in range(400):
        if state.to_act is None:
            break
        legal = state.legal_actions()
        listed = {str(a) for a in legal}
        for action in _candidates(state, rng) + legal:
            trial = state.copy()
            before = trial.to_json()
            try:
                trial.apply(action)  # type: ignore[arg-type]
            except IllegalAction as exc:
                assert str(action) not in listed, (str(action), exc)
                assert (exc.code, exc.ruling) in ALLOWED, exc
                assert trial.to_json() == before
                seen.add((exc.code, exc.ruling))
            else:
                assert str(action) in listed, str(action)
        state.apply(rng.choice(legal))
    assert {"out_of_turn", "draw_first", "already_drew", "not_in_hand"} <= {c for c, _ in seen}
