"""What Phase 10 data written by older engines reads as today: each hand's result says
``phase_laid`` (engine 1: ``completed``), a finished game's result counts ``rounds``
(engine 1: ``hands``) and the seat to play is ``active`` (engines 1-2: ``turn``). For the
tests of old saves and positions."""
from __future__ import annotations

import json
import re
from typing import Any

from tablegames.phase10 import MAX_ACTION_LIMIT
from tablegames.phase10.cards import card_of, spoken
from tests.upgrades import active_key, active_line, with_json_lines


def phase_laid_named(item: Any) -> Any:
    """A hand's result (or ``last_round``) as engine 2 names it."""
    if not isinstance(item, dict):
        return item
    return {("phase_laid" if k == "completed" else k): v for k, v in item.items()}


def engine_2_view(view: dict[str, Any]) -> dict[str, Any]:
    """An engine-1 view as engine 2 gives it: ``last_round.phase_laid``, ``result.rounds``,
    and nothing open to a seat that is down (P10-44; these games have no ``phase_choice``,
    so the phase it laid is the one it worked on); the prompt names the discard pile's
    top card in words (``take the yellow 2``, where it said ``take the Y2``)."""
    out = dict(view)
    if isinstance(out.get("prompt"), str):
        out["prompt"] = re.sub(r"take the (\w+) from the discard pile",
                               lambda m: f"take the {spoken(card_of(m[1]))} from the discard pile",
                               out["prompt"], flags=re.IGNORECASE)
    if out.get("phases") is not None and out.get("down") is not None:
        out["phases"] = [dict(p, open=[]) if p is not None and down else p
                         for p, down in zip(out["phases"], out["down"], strict=True)]
    if out.get("last_round") is not None:
        # engine 5: no hand was stopped by a move limit; engine 6: an older engine did not
        # record a seat credited as if out (P10-51, P10-53)
        out["last_round"] = {"limit_hit": False, **phase_laid_named(out["last_round"]),
                             "credited": None}
    if out.get("result") is not None:
        out["result"] = {("rounds" if k == "hands" else k): v for k, v in out["result"].items()}
    return out


def _line(item: Any) -> str:
    return json.dumps(item, sort_keys=True, separators=(",", ":"), ensure_ascii=False)


def today_position(text: str, plays: int = 0, saved: bool = False) -> str:
    """An older engine's position as today's writes it: the ``result N`` lines say
    ``phase_laid`` (engine 2; keys sorted, as every JSON line is written), the seat to
    play is ``active`` (engine 3), and the hand's count of actions follows
    ``laid_this_turn`` (engine 5, P10-61: ``plays``, 0 for a position read as it is).
    ``saved``: the position of an older engine's save, whose rules say the largest move
    limit (it had none) and that a tie-break hand the limit stops is dead (engine 6's
    ``limit_tiebreak``, P10-53: as it played)."""
    out = active_line(with_json_lines(text, "result ", phase_laid_named))
    out = re.sub(r"^(laid_this_turn: .*)$", rf"\1\nplays: {plays}", out, count=1, flags=re.M)
    if saved:
        def limit(m: re.Match[str]) -> str:
            rules = {} if m[1] == "standard" else json.loads(m[1])
            rules["action_limit"] = MAX_ACTION_LIMIT
            rules["limit_tiebreak"] = "dead"
            return "rules: " + json.dumps(rules, sort_keys=True, separators=(",", ":"))
        out = re.sub(r"^rules: (.*)$", limit, out, count=1, flags=re.M)
    return out


def today_fields(fields: str) -> str:
    """A state's fields as JSON (``dumps(state._dump())``) written by an older engine,
    as today's holds them: the score sheet renamed (engine 2), the seat to play
    ``active`` (engine 3), no card held back from the discard (engine 4's ``taken``,
    empty: no rules of an older engine kept it)."""
    data = active_key(json.loads(fields))
    data["results"] = [{**phase_laid_named(x), "limit_hit": False, "credited": None}
                       for x in data["results"]]
    data.setdefault("taken", [])
    data.setdefault("plays", 0)
    return _line(data)
