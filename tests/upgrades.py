"""What every test of an upgraded old save asks last: the loaded state saves and reloads
byte-identical, and plays on with a bot, each later save passing ``verify`` (its own
history replays to it under today's engine)."""

from __future__ import annotations

import json
import re
from collections.abc import Callable
from typing import Any

from tablegames import StateError

#: What ``verify`` says of a Shithead save whose round an engine before 7 opened, saved
#: again by today's engine: the save does not say which engine opened it, and today's
#: replay lays the start's suit bar (SHD-04) its bars lack.
OLDER_ROUND = "bars are those an engine before 7 laid"


def plays_on(state: Any, bot: Any, steps: int = 30, *, verify: bool = True,
             older_round: str = "") -> None:
    """``state`` reloads as it is and plays on with ``bot``, each step's save loading
    again (``verify``: replaying its history too, for a history today's engine plays;
    ``older_round``: but for a refusal saying this, of a round an older engine opened,
    :data:`OLDER_ROUND`)."""
    cls = type(state)
    assert cls.from_json(state.to_json()).to_json() == state.to_json()
    for _ in range(steps):
        if state.is_over:
            break
        state.apply(bot.choose(state))
        text = state.to_json()
        try:
            cls.from_json(text, verify=verify)
        except StateError as exc:
            if not older_round or older_round not in str(exc):
                raise
            cls.from_json(text)


def with_json_lines(text: str, prefix: str, upgrade: Callable[[Any], Any]) -> str:
    """Position text written by an older engine, with the JSON of every line that starts
    with ``prefix`` (``"last_round: "``, ``"result "``) passed through ``upgrade`` and
    written back as a position writes JSON: keys sorted, no spaces."""
    lines = text.split("\n")
    for i, line in enumerate(lines):
        if line.startswith(prefix):
            key, _, body = line.partition(": ")
            new = upgrade(json.loads(body))
            lines[i] = f"{key}: " + json.dumps(new, sort_keys=True, separators=(",", ":"),
                                               ensure_ascii=False)
    return "\n".join(lines)



def active_line(text: str) -> str:
    """Position text written before the seat to act was named ``active`` (Toepen's engine
    5, Shithead's engine 5, Phase 10's engine 3), with its ``turn:`` line as today's
    engine writes it."""
    return re.sub(r"(?m)^turn: ", "active: ", text)


def active_key(fields: dict[str, Any]) -> dict[str, Any]:
    """A state's saved fields written before the seat to act was named ``active``, under
    today's name (``turn`` -> ``active``)."""
    return {("active" if k == "turn" else k): v for k, v in fields.items()}


def with_actions_left(view: dict[str, Any], state: Any) -> dict[str, Any]:
    """A view an older version gave, with the ``actions_left`` key Phase 10's and
    Shithead's views gained since (session 55; no save changed): the actions the hand or
    round has left before ``Rules.action_limit`` (P10-61, SHD-01), read from the loaded
    state. Its own tests (``tests/render/test_moves_left.py``) check the count; here it
    is only the key an old view could not have."""
    return {**view, "actions_left": max(0, state.rules.action_limit - state.plays)}
