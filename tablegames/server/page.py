"""What one phone is sent: a page model built from that seat's view and nothing else.

``build(state, seat, lang)`` calls ``state.view(seat)`` once and derives everything from
it: the envelope (``stage``, ``hand``, ``legal``, ``prompt``, ``to_act``, ``result``,
``version``), the table (:mod:`tablegames.server.tables`), the buttons
(:mod:`tablegames.server.labels`) and, for Dallah, the report screen. Events are
described from their redacted form only (:func:`describe_events`). Because no other
source of facts is used, a page cannot hold more than the engine lets that seat see;
the server's tests check every websocket message against the hidden cards.
"""

from __future__ import annotations

import inspect
from collections.abc import Iterable, Mapping
from typing import Any

from tablegames.server.events import describe
from tablegames.server.faces import faces
from tablegames.server.keys import reader
from tablegames.server.labels import Context, buttons
from tablegames.server.tables import render
from tablegames.server.words import TABLE, TITLES

_TAKES_LANG: dict[type, bool] = {}


def _takes_lang(cls: type) -> bool:
    """Whether a game's ``view`` can write its prompt and names in another language."""
    hit = _TAKES_LANG.get(cls)
    if hit is None:
        try:
            hit = "lang" in inspect.signature(getattr(cls, "view")).parameters  # noqa: B009
        except (TypeError, ValueError, AttributeError):
            hit = False
        _TAKES_LANG[cls] = hit
    return hit


def view_of(state: Any, seat: int | None, lang: str) -> dict[str, Any]:
    """``state.view(seat)``, in ``lang`` where the game offers it (Dallah)."""
    if _takes_lang(type(state)):
        return state.view(seat, lang=lang)  # type: ignore[no-any-return]
    return state.view(seat)  # type: ignore[no-any-return]


def context(state: Any, view: Mapping[str, Any], lang: str) -> Context:
    """The naming context of a view: players, language, display names."""
    k = reader(view)
    names = k("names") or {}
    game = str(view.get("game", ""))
    zone = k("zone") if game == "dallah" else None
    return Context(game, list(state.players), lang, names,
                   zone=zone if isinstance(zone, str) else None)


def build(state: Any, seat: int | None, lang: str, *, title: str = "") -> dict[str, Any]:
    """The page for ``seat`` (``None``: the spectator's shared screen)."""
    return build_with_context(state, seat, lang, title=title)[0]


def table(state: Any, lang: str) -> dict[str, Any]:
    """The public table (from the spectator's view): the same for every phone of a room."""
    view = view_of(state, None, lang)
    return render(view, context(state, view, lang))


def build_with_context(state: Any, seat: int | None, lang: str, *, title: str = "",
                       public: dict[str, Any] | None = None) -> tuple[dict[str, Any], Context]:
    """:func:`build`, and the naming context used (to describe events the same way).

    ``public`` is the room's :func:`table` when the caller already has it (a broadcast
    builds it once for all phones).
    """
    view = view_of(state, seat, lang)
    k = reader(view)
    ctx = context(state, view, lang)
    hand = [str(c) for c in view.get("hand", [])] if seat is not None else []
    legal = [str(a) for a in view.get("legal", [])] if seat is not None else []
    result = k("result")
    if result is None and state.is_over:
        result = state.outcome().to_dict()
    page: dict[str, Any] = {
        "game": ctx.game,
        "title": TITLES.get(lang, {}).get(ctx.game, title or ctx.game),
        "version": state.version,
        "seat": seat,
        "players": ctx.players,
        "to_act": state.to_act,
        "stage": k("stage"),
        "prompt": str(view.get("prompt", "")),
        "lang": lang,
        "hand": faces(ctx.game, hand, ctx.names.get("cards")),
        "actions": buttons(legal, hand, ctx),
        "table": public if public is not None else table(state, lang),
        "result": _result(result, ctx) if result is not None else None,
        "dallah": None,
    }
    if ctx.game == "dallah":
        page["dallah"] = _dallah(view, ctx, page)
    return page, ctx


def _result(result: Mapping[str, Any], ctx: Context) -> dict[str, Any]:
    w = TABLE[ctx.lang]

    def names(seats: Any) -> list[str]:
        if not isinstance(seats, list):
            return []
        return [ctx.players[s] for s in seats if type(s) is int and 0 <= s < len(ctx.players)]

    scores = result.get("scores")
    rows = []
    if isinstance(scores, list) and len(scores) == len(ctx.players):
        rows = [[ctx.players[i], scores[i]] for i in range(len(ctx.players))]
    losers = names(result.get("losers"))
    return {
        "winners": names(result.get("winners")),
        "losers": losers,
        "scores": rows,
        "title": w["game_over"],
        "loser_title": w["loser"] if ctx.game == "dallah" else w["losers"],
        "scores_title": w["cups"] if ctx.game == "dallah" else w["scores"],
        "nobody": w["nobody"],
    }


def _dallah(view: Mapping[str, Any], ctx: Context, page: Mapping[str, Any]) -> dict[str, Any]:
    """The report screen: what is being placed, the countdown, who collects, the zones."""
    k = reader(view)
    card = k("card")
    players = ctx.players

    def name(seat: Any) -> str | None:
        return players[seat] if type(seat) is int and 0 <= seat < len(players) else None

    report = k("report")
    placing = k("stage") == "report" and report == "place" and k("cup") is not None
    timed = isinstance(card, dict) and card.get("kind") == "timed"
    countdown = card.get("seconds") if placing and timed and not k("falls") else None
    zones = [{"id": z, "name": ctx.named("zones", z),
              "cups": [{"shape": c, "name": ctx.named("shapes", c)} for c in cups]}
             for z, cups in (k("pot") or {}).items()]
    piles = k("piles") or []
    return {
        "stage": k("stage"),
        "report": report,
        "card": None if not isinstance(card, dict) else {
            "id": card.get("id"), "name": ctx.named("cards", str(card.get("id"))),
            "kind": card.get("kind"), "seconds": card.get("seconds"), "cups": card.get("cups"),
        },
        "cup": ctx.named("shapes", k("cup")) if k("cup") else None,
        "cup_id": k("cup"),
        "zone_id": k("zone"),
        "zone": ctx.named("zones", k("zone")) if k("zone") else None,
        "placer": name(k("placer")),
        "collector": name(k("collector")),
        "countdown": countdown,
        "timer": f"{k('turn_no')}:{k('zone')}:{k('cup')}:{k('timeouts')}" if countdown else None,
        "zones": zones,
        "piles": [[players[i], piles[i]] for i in range(min(len(players), len(piles)))],
        "reporting": page["seat"] is not None and page["seat"] == page["to_act"]
        and k("stage") == "report",
    }


def describe_events(events: Iterable[Mapping[str, Any]], ctx: Context,
                    version: int | None = None) -> list[dict[str, Any]]:
    """Redacted event dicts as lines for the phone: ``{"v", "kind", "text"}``."""
    out = []
    for e in events:
        text = describe(e, ctx)
        if text:
            out.append({"v": e.get("version", version), "kind": str(e.get("kind", "")),
                        "text": text})
    return out
