"""Events in words: one line per event, from the event *as this seat saw it*.

The server only ever describes redacted events (``Event.for_seat(seat)`` or
``state.log(seat, since=v)``), so a secret field that seat may not see is simply absent
and its sentence falls back to the public one ("Bo threw in their hand" instead of the
cards drawn). Seats become names, cards become faces in words, Dallah's ids become the
display names in the phone's language.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from tablegames.dallah.prompts import cups_text
from tablegames.server.labels import Context
from tablegames.server.words import EVENTS, TABLE

#: Event fields that hold a seat, and those that hold a list of seats.
_SEAT = ("seat", "winner", "loser", "target", "exchanger", "collector", "first", "leader",
         "dealer", "out", "source", "recipient")
_SEATS = ("winners", "losers", "asked", "folded", "order")
#: Event fields that hold one card or a list of cards (card games).
_CARD = ("card", "shows", "top")
_CARDS = ("cards", "to_hand", "to_face_up", "thrown")


#: Private notices whose whole content is secret: a seat outside the audience gets no line.
_SECRET_ONLY = {("toepen", "cards"): "cards", ("phase10", "cards"): "cards",
                ("shithead", "hand"): "cards"}


def describe(event: Mapping[str, Any], ctx: Context) -> str:
    """One line for ``event`` (a redacted event dict) in ``ctx.lang`` ("" if nothing to say)."""
    kind = str(event.get("kind", ""))
    needed = _SECRET_ONLY.get((ctx.game, kind))
    if needed is not None and needed not in event:
        return ""
    words = EVENTS[ctx.lang]
    try:
        fields = _fields(event, ctx)
        key = _variant(kind, event, ctx)
        template = words.get((ctx.game, key))
        if template is not None:
            return template.format(**fields)
    except (KeyError, IndexError, ValueError, TypeError):
        pass
    who = fields_who(event, ctx)
    return f"{who}: {kind.replace('_', ' ')}" if who else kind.replace("_", " ")


def fields_who(event: Mapping[str, Any], ctx: Context) -> str:
    seat = event.get("seat")
    if type(seat) is int and 0 <= seat < len(ctx.players):
        return ctx.players[seat]
    return ""


def _variant(kind: str, event: Mapping[str, Any], ctx: Context) -> str:
    """Events whose sentence depends on what this seat saw."""
    if ctx.game == "toepen" and kind == "exchange" and "cards" in event:
        return "exchange_own"
    if ctx.game == "phase10" and kind == "draw" and "card" in event:
        return "draw_own"
    return kind


def _names(seats: Any, ctx: Context) -> str:
    if not isinstance(seats, list) or not seats:
        return TABLE[ctx.lang]["nobody"]
    return ", ".join(ctx.who(str(s)) for s in seats)


def _fields(event: Mapping[str, Any], ctx: Context) -> dict[str, Any]:
    out: dict[str, Any] = {}
    dallah = ctx.game == "dallah"
    for key, value in event.items():
        if key in _SEAT and type(value) is int:
            out[key] = ctx.who(str(value))
        elif key in _SEATS:
            out[key] = _names(value, ctx)
        elif dallah:
            out[key] = _dallah_field(key, value, ctx)
        elif key in _CARD and isinstance(value, str):
            out[key] = ctx.card_text(value)
        elif key in _CARDS and isinstance(value, list):
            out[key] = ctx.cards_text([str(c) for c in value])
        else:
            out[key] = value
    if "seat" in out:
        out["who"] = out["seat"]
    if "hand" in event and type(event["hand"]) is int:
        out["hand"] = event["hand"] + 1
    if ctx.game == "toepen" and "honest" in event:
        out["verdict"] = EVENTS[ctx.lang][("toepen", "honest" if event["honest"] else "bluff")]
    if "phases" in event and "phase" not in out:
        out["phase"] = ""
    if ctx.game == "shithead" and "players" in event and type(event["players"]) is int:
        out["players"] = event["players"]
    return out


def _dallah_field(key: str, value: Any, ctx: Context) -> Any:
    if key in ("zone", "from", "to") and isinstance(value, str):
        return ctx.named("zones", value)
    if key == "cup" and isinstance(value, str):
        return ctx.named("shapes", value)
    if key == "card" and isinstance(value, str):
        return ctx.named("cards", value) if value in ctx.names.get("cards", {}) \
            else ctx.named("zones", value)
    if key == "cups":
        if type(value) is int:
            return cups_text(value, ctx.lang)
        if isinstance(value, list):
            return ", ".join(ctx.named("shapes", str(c)) for c in value) or cups_text(0, ctx.lang)
    return value
