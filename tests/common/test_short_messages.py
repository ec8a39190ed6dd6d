"""Refusal messages quote at most a short prefix of a bad value (issue 23, item 6)."""

from __future__ import annotations

import json

import pytest

import tablegames
from tablegames.common.errors import TablegamesError

HUGE = "x" * 60_000


def _message(call: object) -> str:
    with pytest.raises(TablegamesError) as refused:
        call()  # type: ignore[operator]
    return str(refused.value)


@pytest.mark.parametrize("game", sorted(tablegames.GAMES))
def test_a_huge_bad_value_gives_a_short_message(game: str) -> None:
    state = tablegames.new_game(game, players=3, seed=1)
    save = json.loads(state.to_json())
    position = state.to_position().splitlines()
    rules_at = next(i for i, line in enumerate(position) if line.startswith("rules:"))
    bad_rules_line = [*position[:rules_at], f"rules: {HUGE}", *position[rules_at + 1:]]
    calls = [
        lambda: tablegames.new_game(game, players=3, rules=HUGE),
        lambda: tablegames.new_game(game, players=3, rules={"x" * 5_000: 1}),
        lambda: tablegames.from_position(game, "\n".join(bad_rules_line)),
        lambda: state.apply(HUGE),
        lambda: tablegames.load(json.dumps(dict(save, game=HUGE))),
        lambda: tablegames.load(json.dumps(dict(save, rng=HUGE))),
        lambda: type(state).from_json(json.dumps(dict(save, state=dict(save["state"], **{HUGE: 1})))),
    ]
    for call in calls:
        message = _message(call)
        assert len(message) < 400, message[:200]
        assert HUGE[:1000] not in message
