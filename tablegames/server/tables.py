"""The public table of each game, as one generic picture the phone page draws.

A renderer reads the *spectator's* view (only through
:func:`tablegames.server.keys.reader`), so one table serves every phone of a room (each
phone adds its own hand and buttons) and can hold nothing private at all. It returns

* ``seats``: one entry per player: name, badges ("dealer", "folded"), short stats
  ("3/10 points"), cards in front of them (face-up cards, laid groups) and the number of
  cards they hold, drawn as backs;
* ``center``: what lies in the middle (the trick, the pile, the Dallah by zone);
* ``facts``: a few labelled values (stake, stock, hand number).

A game without a renderer still gets its seats.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from tablegames.server.faces import faces
from tablegames.server.keys import reader
from tablegames.server.labels import Context
from tablegames.server.words import table_word

Table = dict[str, Any]


def _seat(ctx: Context, view: dict[str, Any], i: int) -> dict[str, Any]:
    return {"seat": i, "name": ctx.players[i], "turn": view.get("to_act") == i,
            "badges": [], "stats": [], "groups": [], "hidden": 0}


def _at(values: Any, i: int, default: Any = None) -> Any:
    if isinstance(values, list) and 0 <= i < len(values):
        return values[i]
    return default


def toepen(view: dict[str, Any], ctx: Context) -> Table:
    k = reader(view)
    w = ctx.lang
    seats = []
    limit = k("limit", 0)
    for i in range(len(ctx.players)):
        s = _seat(ctx, view, i)
        s["stats"].append(table_word(w, "points", n=_at(k("lives"), i, 0), limit=limit))
        s["hidden"] = _at(k("hand_sizes"), i, 0)
        for flag, word in (("out", "out"), ("folded", "folded"), ("poverty", "poverty")):
            if _at(k(flag), i):
                s["badges"].append(table_word(w, word))
        if k("dealer") == i:
            s["badges"].append(table_word(w, "dealer"))
        if k("knocker") == i:
            s["badges"].append(table_word(w, "knocked"))
        thrown = _at(k("thrown"), i)
        if isinstance(thrown, list) and thrown:
            s["groups"].append({"label": table_word(w, "thrown"), "cards": faces("toepen", thrown)})
        seats.append(s)
    center = []
    trick = k("trick") or []
    tricks = k("tricks") or []
    if trick:
        center.append(_played(table_word(w, "trick"), trick, ctx))
    elif tricks:
        last = tricks[-1]
        center.append(_played(table_word(w, "last_trick"), last.get("cards", []), ctx))
    facts = [[table_word(w, "stake"), k("stake")], [table_word(w, "stock"), k("stock")],
             [table_word(w, "round"), (k("round") or 0) + 1]]
    return {"seats": seats, "center": center, "facts": facts}


def _played(title: str, plays: list[Any], ctx: Context) -> dict[str, Any]:
    """A trick: each card with the name of who played it."""
    cards, owners = [], []
    for p in plays:
        if isinstance(p, dict):
            cards.append(ctx.card(str(p.get("card"))))
            seat = p.get("seat")
            owners.append(ctx.players[seat] if type(seat) is int and 0 <= seat < len(ctx.players)
                          else "")
    return {"label": title, "cards": cards, "owners": owners}


def phase10(view: dict[str, Any], ctx: Context) -> Table:
    k = reader(view)
    w = ctx.lang
    seats = []
    skips = k("pending_skips") or []
    for i in range(len(ctx.players)):
        s = _seat(ctx, view, i)
        phase = _at(k("phases"), i)
        if isinstance(phase, dict):
            s["stats"].append(table_word(w, "phase", n=phase.get("phase")) + f" · {phase.get('text', '')}")
        s["stats"].append(table_word(w, "score", n=_at(k("scores"), i, 0)))
        s["hidden"] = _at(k("hand_sizes"), i, 0)
        if _at(k("down"), i):
            s["badges"].append(table_word(w, "down"))
        if i in skips:
            s["badges"].append(table_word(w, "skipped"))
        if k("dealer") == i:
            s["badges"].append(table_word(w, "dealer"))
        for g in _at(k("laid"), i, []) or []:
            if isinstance(g, dict):
                s["groups"].append({"label": str(g.get("text", "")),
                                    "cards": faces("phase10", g.get("cards"))})
        known = _at(k("known"), i)
        if known:
            s["groups"].append({"label": table_word(w, "knows"), "cards": faces("phase10", known)})
        seats.append(s)
    top = k("discard_top")
    center = [{"label": table_word(w, "discard"), "cards": faces("phase10", [top] if top else []),
               "count": len(k("discard") or [])},
              {"label": table_word(w, "stock"), "cards": [], "backs": min(int(k("stock") or 0), 1),
               "count": k("stock")}]
    facts = [[table_word(w, "round"), (k("round") or 0) + 1]]
    return {"seats": seats, "center": center, "facts": facts}


def shithead(view: dict[str, Any], ctx: Context) -> Table:
    k = reader(view)
    w = ctx.lang
    finished = k("finished") or []
    seats = []
    for i in range(len(ctx.players)):
        s = _seat(ctx, view, i)
        s["hidden"] = _at(k("hand_sizes"), i, 0)
        down = _at(k("face_down"), i, 0)
        if down:
            s["stats"].append(table_word(w, "face_down", n=down))
        if i in finished:
            s["badges"].append(table_word(w, "finished", n=finished.index(i) + 1))
        if (k("rounds") or 1) > 1:
            s["stats"].append(f"{table_word(w, 'tally')}: {_at(k('tally'), i, 0)}")
        up = _at(k("face_up"), i)
        if up:
            s["groups"].append({"label": table_word(w, "face_up"), "cards": faces("shithead", up)})
        known = _at(k("known"), i)
        if known:
            s["groups"].append({"label": table_word(w, "knows"), "cards": faces("shithead", known)})
        s["down"] = down
        seats.append(s)
    pile = k("pile") or []
    center = [{"label": table_word(w, "pile"), "cards": faces("shithead", pile[-4:]),
               "count": len(pile)},
              {"label": table_word(w, "stock"), "cards": [], "backs": min(int(k("stock") or 0), 1),
               "count": k("stock")}]
    facts: list[list[Any]] = []
    if k("pile_value"):
        facts.append([table_word(w, "pile_value"), k("pile_value")])
    if k("restriction"):
        facts.append([table_word(w, "restriction"), k("restriction")])
    direction = k("direction")
    if direction in ("left", "right"):
        direction = table_word(w, direction)
    facts.append([table_word(w, "direction"), direction])
    facts.append([table_word(w, "burnt"), len(k("burnt") or [])])
    return {"seats": seats, "center": center, "facts": facts}


def dallah(view: dict[str, Any], ctx: Context) -> Table:
    k = reader(view)
    w = ctx.lang
    seats = []
    held = k("held") or []
    for i in range(len(ctx.players)):
        s = _seat(ctx, view, i)
        s["stats"].append(table_word(w, "pile_cups", n=_at(k("piles"), i, 0)))
        if k("turn") == i and k("stage") != "over":
            s["badges"].append(table_word(w, "turn"))
        if k("placer") == i:
            s["badges"].append(table_word(w, "placer"))
        if k("collector") == i and k("stage") == "report":
            s["badges"].append(table_word(w, "collector"))
        cards = _at(held, i) or []
        if cards:
            s["groups"].append({"label": table_word(w, "held"),
                                "cards": faces("dallah", cards, ctx.names.get("cards"))})
        seats.append(s)
    center = []
    full = set(k("full_zones") or [])
    for zone, cups in (k("pot") or {}).items():
        center.append({"label": ctx.named("zones", zone), "zone": zone, "full": zone in full,
                       "cups": [{"shape": c, "name": ctx.named("shapes", c)} for c in cups]})
    shared = [{"shape": sid, "name": ctx.named("shapes", sid), "count": n}
              for sid, n in (k("shared") or {}).items() if n]
    facts = [[table_word(w, "shared"), k("shared_total")], [table_word(w, "retired"), k("retired")],
             [table_word(w, "actions_deck"), k("actions_left")]]
    return {"seats": seats, "center": center, "shared": shared, "facts": facts}


def generic(view: dict[str, Any], ctx: Context) -> Table:
    """Any other game: its seats, their hand sizes and scores if the view has them."""
    k = reader(view)
    seats = []
    for i in range(len(ctx.players)):
        s = _seat(ctx, view, i)
        s["hidden"] = _at(k("hand_sizes"), i, 0)
        score = _at(k("scores"), i)
        if score is not None:
            s["stats"].append(table_word(ctx.lang, "score", n=score))
        seats.append(s)
    return {"seats": seats, "center": [], "facts": []}


RENDERERS: dict[str, Callable[[dict[str, Any], Context], Table]] = {
    "toepen": toepen, "phase10": phase10, "shithead": shithead, "dallah": dallah,
}


def render(view: dict[str, Any], ctx: Context) -> Table:
    """The table for ``view`` (its game's renderer, or the generic one)."""
    return RENDERERS.get(ctx.game, generic)(view, ctx)
