"""What one phone is sent: the table model of that seat's view, in the phone's language.

``build(state, seat, lang)`` calls ``state.view(seat)`` once, hands it to the game's
presenter (:func:`tablegames.table.present`) and turns the model into the page the phone
draws (``static/app.js``): every ``Msg`` in the phone's language (the game's catalogue;
a game without one in that language is shown in English), card faces with their marks,
buttons, the public table, the result and the report panel. Events are described from
their redacted form and the seat's view (:func:`describe_events`). Nothing here knows a
game: a game with a presenter has a page.
"""

from __future__ import annotations

import json
from collections.abc import Iterable, Mapping
from typing import Any

import attrs

from tablegames.table import describe, present
from tablegames.table.i18n import Words, lang_for, words_for


@attrs.frozen
class Context:
    """What events of one page are described with: the seat's view and its words."""

    view: Mapping[str, Any]
    words: Words


def words_of(game: str, lang: str) -> Words:
    """The words a table of ``game`` is drawn in for a phone asking for ``lang``."""
    return words_for(lang_for(game, lang), game)


def face(f: Mapping[str, Any], w: Words) -> dict[str, Any]:
    """A card face for the phone: its notation, what to draw and its mark in words.

    A card's face depends on its notation only, so each is made once per language
    (the page's JSON encoder reads the shared dict; nobody edits it).
    """
    key = ("page-face", f["code"], f.get("colour"))
    hit = w.memo.get(key)
    if hit is None:
        hit = w.remember(key, _face(f, w))
    return hit  # type: ignore[no-any-return]


def _face(f: Mapping[str, Any], w: Words) -> dict[str, Any]:
    mark = w.text(f["mark"]) if f.get("mark") else ""
    rank = str(f.get("rank") or "") or mark
    kind = f.get("special") or ("named" if not f.get("rank") else "marked" if mark else "card")
    return {"code": f["code"], "kind": kind,
            "rank": rank, "suit": f.get("suit", ""), "colour": f.get("colour", ""),
            "mark": mark if f.get("rank") else "", "name": w.text(f["name"])}


def _faces(fs: Iterable[Mapping[str, Any]], w: Words) -> list[dict[str, Any]]:
    return [face(f, w) for f in fs]


def _area(a: Mapping[str, Any], w: Words) -> dict[str, Any]:
    out = {"label": w.text(a["label"]), "cards": _faces(a["cards"], w), "owners": a["owners"],
           "count": a["count"], "backs": a["backs"]}
    if a["items"]:
        out["items"] = [w.text(i) for i in a["items"]]
    return out


def _button(a: Mapping[str, Any], w: Words) -> dict[str, Any]:
    b = {k: v for k, v in a.items() if k not in ("label", "cards", "for", "groups")}
    b["label"] = w.text(a["label"])
    b["cards"] = _faces(a["cards"], w)
    if "for" in a:
        b["for"] = _faces(a["for"], w)
    if "groups" in a:
        b["groups"] = [_faces(g, w) for g in a["groups"]]
    return b


def draw_table(model: Mapping[str, Any], w: Words) -> dict[str, Any]:
    """The public part of a model (seats, centre, facts), in words."""
    seats = [{"seat": s["seat"], "name": s["name"], "turn": s["turn"],
              "badges": [w.text(b) for b in s["badges"]], "stats": [w.text(x) for x in s["stats"]],
              "groups": [_area(g, w) for g in s["groups"]], "hidden": s["hidden"],
              "down": s.get("face_down", 0)} for s in model["seats"]]
    return {"seats": seats, "center": [_area(a, w) for a in model["centre"]],
            "facts": [[w.text(f["label"]), w.text(f["value"]) if f["value"] is not None else None]
                      for f in model["facts"]]}


def _result(r: Mapping[str, Any] | None, w: Words) -> dict[str, Any] | None:
    if r is None:
        return None
    return {"winners": r["winners"], "losers": r["losers"],
            "scores": [[name, w.text(score)] for name, score in r["scores"]],
            "title": w.text(r["title"]), "loser_title": w.text(r["losers_label"]),
            "winners_title": w.text(r["winners_label"]), "scores_title": w.text(r["scores_label"]),
            "nobody": w("nobody")}


def _report(r: Mapping[str, Any] | None, w: Words) -> dict[str, Any] | None:
    if r is None:
        return None
    out = dict(r)
    for key in ("cup", "zone"):
        out[key] = w.text(r[key]) if r.get(key) else None
    if r.get("card"):
        out["card"] = {**r["card"], "name": w.text(r["card"]["name"])}
    out["zones"] = [{"id": z["id"], "name": w.text(z["name"]),
                     "cups": [{"shape": c["shape"], "name": w.text(c["name"])} for c in z["cups"]]}
                    for z in r.get("zones", [])]
    return out


def table(state: Any, lang: str) -> dict[str, Any]:
    """The public table (from the spectator's view): the same for every phone of a room."""
    view = state.view(None)
    return draw_table(present(view), words_of(str(view["game"]), lang))


def build(state: Any, seat: int | None, lang: str, *, title: str = "") -> dict[str, Any]:
    """The page for ``seat`` (``None``: the spectator's shared screen)."""
    return build_with_context(state, seat, lang, title=title)[0]


def build_with_context(state: Any, seat: int | None, lang: str, *, title: str = "",
                       public: dict[str, Any] | None = None) -> tuple[dict[str, Any], Context]:
    """:func:`build`, and the context its events are described with.

    ``public`` is the room's :func:`table` when the caller already has it (a broadcast
    draws it once per language for all phones).
    """
    view = state.view(seat)
    game = str(view["game"])
    w = words_of(game, lang)
    model = present(view)
    page: dict[str, Any] = {
        "game": game,
        "title": w.text(model["title"]) or title,
        "version": state.version,
        "seat": seat,
        "players": list(state.players),
        "to_act": state.to_act,
        "stage": model["stage"],
        "prompt": w.text(model["prompt"]),
        "lang": w.lang,
        "dir": w.direction,
        "hand": _faces(model["hand"], w) if seat is not None else [],
        "actions": [_button(a, w) for a in model["actions"]] if seat is not None else [],
        "table": public if public is not None else table(state, lang),
        "panel": [_area(a, w) for a in model["panel"]],
        "result": _result(model["result"], w),
        "report": _report(model.get("report"), w),
    }
    return page, Context(view, w)


def encode_public(public: Mapping[str, Any]) -> str:
    """The public table as JSON, once per language of a broadcast (see :func:`encode_update`)."""
    return json.dumps(public, ensure_ascii=False, separators=(",", ":"))


def encode_update(page: Mapping[str, Any], events: list[dict[str, Any]],
                  public_json: str) -> str:
    """The ``update`` message for one phone, with the public table already encoded.

    The table is the same for every phone of a room, so a broadcast encodes it once
    per language and splices it in, instead of encoding it again inside every page.
    """
    own = {k: v for k, v in page.items() if k != "table"}
    head = json.dumps(own, ensure_ascii=False, separators=(",", ":"))
    return ('{"type":"update","page":' + head[:-1] + ',"table":' + public_json + '},"events":'
            + json.dumps(events, ensure_ascii=False, separators=(",", ":")) + "}")


def context(state: Any, seat: int | None, lang: str) -> Context:
    """The context events for ``seat`` are described with, now."""
    view = state.view(seat)
    return Context(view, words_of(str(view["game"]), lang))


def describe_events(events: Iterable[Mapping[str, Any]], ctx: Context,
                    version: int | None = None) -> list[dict[str, Any]]:
    """Redacted event dicts as lines for the phone: ``{"v", "kind", "text"}``."""
    out = []
    for e in events:
        sentence = describe(e, ctx.view)
        if sentence is not None:
            out.append({"v": e.get("version", version), "kind": str(e.get("kind", "")),
                        "text": ctx.words.text(sentence)})
    return out
