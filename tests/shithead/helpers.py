"""Scenario helpers for Shithead tests: stacked deals, seat by seat."""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Sequence
from typing import Any

from tablegames import shithead
from tablegames.common.rules import rules_to_dict
from tests.upgrades import active_key, active_line, with_json_lines

Seat = tuple[Sequence[str], Sequence[str], Sequence[str]]


def seat(down: str, up: str, hand: str) -> Seat:
    """One seat's deal from three space-separated card lists (face-down, face-up, hand)."""
    return (down.split(), up.split(), hand.split())


def game(*seats: Seat, stock: Sequence[str] = (), rules: Any = None, full_stock: bool = False,
         swap: bool = False, seed: int = 1) -> shithead.State:
    """A stacked round: each seat's nine cards, then the draw pile (top first).

    Unless ``full_stock``, the draw pile is cut to exactly ``stock`` (the rest of the pack
    is set aside), so scenarios reach the face-up and face-down stages quickly. The swap
    phase is skipped unless ``swap``.
    """
    deck = [c for s in seats for part in s for c in part] + list(stock)
    if isinstance(rules, str):
        r = {**rules_to_dict(shithead.Rules.variant(rules)), "swap": swap}
    else:
        r = dict(rules or {})
        r.setdefault("swap", swap)
    kwargs: dict[str, Any] = {} if full_stock else {"stock": len(stock)}
    return shithead.new_game(players=len(seats), seed=seed, rules=r, deck=deck, **kwargs)


def all_cards(s: shithead.State) -> Counter[int]:
    """Every card of the state, wherever it is (conservation)."""
    cards: Counter[int] = Counter()
    for group in (s.hands, s.face_up, s.face_down):
        for part in group:
            cards.update(part)
    for pile in (s.stock, s.aside, s.pile, s.burnt, s.removed):
        cards.update(pile)
    return cards


def names(s: shithead.State) -> list[str]:
    """Notation of the legal actions."""
    return [str(a) for a in s.legal_actions()]


def limit_hit_named(summary: Any) -> Any:
    """A round summary as engine 4 names it: ``limit_hit`` (engine 3 and before said
    ``limit``; for data written by the older engines)."""
    if not isinstance(summary, dict):
        return summary
    return {("limit_hit" if k == "limit" else k): v for k, v in summary.items()}


#: Engine 6's names (one name per field across games, as in Toepen and Phase 10): each
#: old name -> today's, the same in the save, the view and the position text.
ENGINE_6_NAMES = {"in_play": "playing", "known": "known_cards"}


def engine_6_named(fields: dict[str, Any]) -> dict[str, Any]:
    """A save's fields or a view written before engine 6, under engine 6's names (keys
    in the same order)."""
    return {ENGINE_6_NAMES.get(k, k): v for k, v in fields.items()}


def card_bar(values: int) -> int:
    """A bar of engine 6 or older (bit ``v``: the value ``v``) as engine 7 saves it, a
    mask of cards (bit ``c``: every suit of each value), written out here from the card
    codes (value-major, ``(v - 1) * 4 + suit``) rather than by the engine's own helper."""
    return sum(1 << (v - 1) * 4 + suit for v in range(1, 14) if values >> v & 1
               for suit in range(4))


def today_view(view: dict[str, Any]) -> dict[str, Any]:
    """An older engine's view as today's engine gives it: its ``last_round`` renamed, a
    finished game's ``result`` saying ``limit_hit`` and ``rounds_done`` (was ``limit``,
    ``rounds``, engine 4), the ``lead`` key added since (``None``: no stored game is
    under ``Rules.lead_shown``, the only rule that sets it), and ``playing`` and
    ``known_cards`` for ``in_play`` and ``known`` (engine 6)."""
    out = dict(view, last_round=limit_hit_named(view["last_round"]))
    out.setdefault("lead", None)
    result = view.get("result")
    if isinstance(result, dict):
        result = limit_hit_named(result)
        if "rounds" in result:
            result["rounds_done"] = [limit_hit_named(x) for x in result.pop("rounds")]
        out["result"] = result
    return engine_6_named(out)


def today_fields(fields: dict[str, Any]) -> dict[str, Any]:
    """An older engine's saved fields as today's engine saves them: ``active`` (engine 5,
    was ``turn``), summaries saying ``limit_hit`` (engine 4), engine 6's names and each
    bar a mask of cards (engine 7, :func:`card_bar`)."""
    out = active_key(fields)
    if isinstance(out.get("rounds_done"), list):
        out["rounds_done"] = [limit_hit_named(x) for x in out["rounds_done"]]
    out = engine_6_named(out)
    if "bars" in out:
        out["bars"] = [[card_bar(m) for m in slots] for slots in out["bars"]]
    return out


def today_position(text: str) -> str:
    """An older engine's position text as today's writes it: the ``rounds_done`` line
    says ``limit_hit`` (engine 4; keys sorted, as every JSON line is), the seat to
    play is ``active`` (engine 5) and each seat's seen hand cards are ``known_cards N``
    (engine 6; ``in_play`` never had a line: it follows from ``finished``)."""
    text = active_line(with_json_lines(text, "rounds_done: [",
                                       lambda done: [limit_hit_named(x) for x in done]))
    return re.sub(r"(?m)^known (\d+): ", r"known_cards \1: ", text)
