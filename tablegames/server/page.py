"""What one phone is sent: the table model of that seat's view, in the phone's language.

``build(state, seat, lang)`` calls ``state.view(seat)`` once, hands it to the game's
presenter (:func:`tablegames.table.present`) and turns the model into the page the phone
draws (``static/app.js``): every ``Msg`` in the phone's language (the game's catalogue;
a game without one in that language is shown in English), card faces with their marks,
buttons, the public table, the result and the report panel. Events are described from
their redacted form and the seat's view (:func:`describe_events`). Nothing here knows a
game: a game with a presenter has a page.

**What changed, not the whole page.** After an action a phone gets a ``patch`` message
(:func:`encode_patch`) that turns the page it holds (version ``from``) into the page at
version ``to``; a phone whose page is not at ``from`` (it missed a message) asks for the
whole page again with a ``hello``. The patch is a JSON Patch (RFC 6902) restricted to
three operations, each with a JSON Pointer (RFC 6901) ``path`` into the page:

* ``{"op": "replace", "path": p, "value": v}``: the value at ``p`` becomes ``v``
  (``null`` included; ``path`` ``""`` is the whole page);
* ``{"op": "add", "path": p, "value": v}``: a new key of an object, or ``v`` appended to
  an array when ``p`` ends in ``/-``;
* ``{"op": "remove", "path": p}``: a key of an object, or an array's item (always the
  last one: a shorter array loses its tail, last item first).

Applied in order they give exactly the page a fresh ``hello`` would give
(:func:`apply_patch` is the reference, ``static/app.js`` the phone's copy). Pages are
drawn incrementally (:func:`draw_page`): a part of the table model that did not change
since the previous drawing keeps its drawn form, so its words are not looked up again,
and :func:`diff` skips it by identity.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Iterable, Mapping, Sequence
from typing import Any

import attrs

try:  # the server extra installs it; without it (a docs build) json writes the same text
    import orjson
except ImportError:  # pragma: no cover - the server extra has it
    orjson = None  # type: ignore[assignment]

from tablegames.common.actions import fresh
from tablegames.common.errors import TablegamesError, quoted
from tablegames.table import describe, present
from tablegames.table.i18n import Words, lang_for, words_for
from tablegames.table.model import N_

#: Badges the public table gives a seat and what that seat's own phone says instead on
#: its own row: the table is drawn once for every phone, from the spectator's side, so
#: Dallah's active seat reads "their turn" there, to its own player too.
OWN_BADGES = ((N_("their turn"), N_("your turn")),)


def _yours(seat: int | None, w: Words) -> dict[str, str]:
    """The page's ``yours``: each of :data:`OWN_BADGES` drawn, their word -> the seat's
    own (none on the shared screen, which has no row of its own)."""
    if seat is None:
        return {}
    return {w.text({"msg": theirs, "args": {}}): w.text({"msg": own, "args": {}})
            for theirs, own in OWN_BADGES}


def _turn_badge(w: Words) -> str:
    """The page's ``turn_badge``: the public table's "their turn" drawn in ``w``. The
    page puts it on the seat asked to act when the game's own table model badges no seat
    so (Dallah's does, for its active seat): on a shared screen a lighter seat alone did
    not say whose turn it is from across the room."""
    return w.text({"msg": OWN_BADGES[0][0], "args": {}})


@attrs.frozen
class Context:
    """What events of one page are described with: the seat's view and its words."""

    view: Mapping[str, Any]
    words: Words


def words_of(game: str, lang: str) -> Words:
    """The words a table of ``game`` is drawn in for a phone asking for ``lang`` (with
    bidi isolates around names and cards in a right-to-left language: a browser draws it)."""
    return words_for(lang_for(game, lang), game, isolate=True)


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
    if a.get("verbs"):  # the pile a tap takes from (app.js: renderTable)
        out["verbs"] = a["verbs"]
    return out


def _button(a: Mapping[str, Any], w: Words) -> dict[str, Any]:
    b = {k: v for k, v in a.items() if k not in ("label", "cards", "for", "groups", "parts", "more")}
    b["label"] = w.text(a["label"])
    b["cards"] = _faces(a["cards"], w)
    if "for" in a:
        b["for"] = _faces(a["for"], w)
    if "groups" in a:
        b["groups"] = [_faces(g, w) for g in a["groups"]]
    if "parts" in a:  # each group's own words, drawn over its cards (Phase 10's lay-down)
        b["parts"] = [w.text(t) for t in a["parts"]]
    if a.get("more") is not None:  # said while only some of its cards are chosen
        b["more"] = w.text(a["more"])
    return b


def draw_table(model: Mapping[str, Any], w: Words) -> dict[str, Any]:
    """The public part of a model (seats, centre, facts), in words."""
    return draw_public(model, w).page


def _result(r: Mapping[str, Any] | None, w: Words) -> dict[str, Any] | None:
    if r is None:
        return None
    return {"winners": r["winners"], "losers": r["losers"],
            "scores": [[name, w.text(score)] for name, score in r["scores"]],
            "title": w.text(r["title"]), "losers_label": w.text(r["losers_label"]),
            "winners_label": w.text(r["winners_label"]), "scores_label": w.text(r["scores_label"]),
            "nobody": w("nobody")}


def _report(r: Mapping[str, Any] | None, w: Words, old: Mapping[str, Any] | None = None,
            was: Mapping[str, Any] | None = None) -> dict[str, Any] | None:
    """The report panel in words; its zones are ``was``'s (the drawing of the report
    ``old``) when they did not change."""
    if r is None:
        return None
    out = dict(r)
    for key in ("cup", "zone"):
        out[key] = w.text(r[key]) if r.get(key) else None
    if r.get("card"):
        out["card"] = {**r["card"], "name": w.text(r["card"]["name"])}
    zones = r.get("zones", [])
    if old is not None and was is not None and "zones" in was and old.get("zones", []) == zones:
        out["zones"] = was["zones"]
    else:
        out["zones"] = [{"id": z["id"], "name": w.text(z["name"]),
                         "cups": [{"shape": c["shape"], "name": w.text(c["name"])}
                                  for c in z["cups"]]} for z in zones]
    return out


def table(state: Any, lang: str) -> dict[str, Any]:
    """The public table (from the spectator's view): the same for every phone of a room.

    Fresh, as everything the library hands out: the card faces inside are drawn once per
    process and language (:func:`face`), so what is returned is a copy an app may edit."""
    view = state.view(None)
    drawn: dict[str, Any] = fresh(draw_table(present(view, shared=True),
                                             words_of(str(view["game"]), lang)))
    return drawn


def build(state: Any, seat: int | None, lang: str, *, title: str = "") -> dict[str, Any]:
    """The page for ``seat`` (``None``: the spectator's shared screen)."""
    return build_with_context(state, seat, lang, title=title)[0]


def build_with_context(state: Any, seat: int | None, lang: str, *, title: str = "",
                       public: dict[str, Any] | None = None) -> tuple[dict[str, Any], Context]:
    """:func:`build`, and the context its events are described with.

    ``public`` is the room's :func:`table` when the caller already has it (a broadcast
    draws it once per language for all phones). The page is fresh (see :func:`table`):
    an app may edit it without editing the next page drawn.
    """
    view = state.view(seat)
    game = str(view["game"])
    w = words_of(game, lang)
    model = present(view, shared=True)
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
        "yours": _yours(seat, w),
        "turn_badge": _turn_badge(w),
    }
    mine: dict[str, Any] = fresh(page)
    return mine, Context(view, w)


def dumps(value: Any) -> str:
    """``value`` as compact JSON text, exactly as ``json.dumps(value, ensure_ascii=False,
    separators=(",", ":"))`` writes it, through orjson (the server's messages are most of
    what it encodes, and orjson encodes them several times faster). A value orjson
    refuses (an integer beyond 64 bits), or a tree without orjson, is written by ``json``."""
    if orjson is not None:
        try:
            return str(orjson.dumps(value, option=orjson.OPT_NON_STR_KEYS).decode())
        except TypeError:  # orjson.JSONEncodeError is a TypeError
            pass
    return json.dumps(value, ensure_ascii=False, separators=(",", ":"))


def encode_public(public: Mapping[str, Any]) -> str:
    """The public table as JSON, once per language of a broadcast (see :func:`encode_update`)."""
    return dumps(public)


def encode_update(page: Mapping[str, Any], events: list[dict[str, Any]],
                  public_json: str) -> str:
    """The ``update`` message for one phone, with the public table already encoded.

    The table is the same for every phone of a room, so a broadcast encodes it once
    per language and splices it in, instead of encoding it again inside every page.
    """
    own = {k: v for k, v in page.items() if k != "table"}
    head = dumps(own)
    return ('{"type":"update","page":' + head[:-1] + ',"table":' + public_json + '},"events":'
            + dumps(events) + "}")


def context(state: Any, seat: int | None, lang: str) -> Context:
    """The context events for ``seat`` are described with, now."""
    view = state.view(seat)
    return Context(view, words_of(str(view["game"]), lang))


def describe_events(events: Iterable[Mapping[str, Any]], ctx: Context,
                    version: int | None = None) -> list[dict[str, Any]]:
    """Redacted event dicts as lines for the phone: ``{"v", "kind", "text"}``."""
    out = []
    for e in events:
        sentence = describe(e, ctx.view, shared=True)
        if sentence is not None:
            out.append({"v": e.get("version", version), "kind": str(e.get("kind", "")),
                        "text": ctx.words.text(sentence)})
    return out


# -- drawing again, and what changed -----------------------------------------------------
@attrs.frozen
class Drawn:
    """A table model as last drawn in one language: the model and what was drawn of it.

    The next drawing of the same seat and language (:func:`draw_page`, :func:`draw_public`)
    compares each part of its new model with ``model`` and reuses the drawn part where
    they are equal: the words are not looked up again, and :func:`diff` passes a reused
    part by identity. A drawn part is shared between pages, so nobody edits one.
    """

    model: Mapping[str, Any]
    page: dict[str, Any]


def _reuse(new: Sequence[Any], old: Sequence[Any] | None, drawn: Sequence[Any] | None,
           draw: Callable[[Any], Any]) -> list[Any]:
    """``[draw(x) for x in new]``, reusing ``drawn[i]`` where ``old[i] == new[i]``."""
    if old is None or drawn is None:
        return [draw(x) for x in new]
    if len(old) == len(new) == len(drawn) and old == new:  # the whole list, as it was
        return drawn  # type: ignore[return-value]
    n = min(len(old), len(drawn))
    return [drawn[i] if i < n and old[i] == x else draw(x) for i, x in enumerate(new)]


def _seat(s: Mapping[str, Any], w: Words, old: Mapping[str, Any] | None = None,
          was: Mapping[str, Any] | None = None) -> dict[str, Any]:
    """A seat drawn; its groups reuse ``was`` (the drawing of ``old``) where equal."""
    return {"seat": s["seat"], "name": s["name"], "turn": s["turn"],
            "badges": [w.text(b) for b in s["badges"]], "stats": [w.text(x) for x in s["stats"]],
            "groups": _reuse(s["groups"], old["groups"] if old else None,
                             was["groups"] if was else None, lambda g: _area(g, w)),
            "hidden": s["hidden"], "face_down": s.get("face_down", 0)}


def _seats(new: Sequence[Any], old: Sequence[Any] | None, drawn: Sequence[Any] | None,
           w: Words) -> list[Any]:
    if old is None or drawn is None:
        return [_seat(s, w) for s in new]
    n = min(len(old), len(drawn))
    return [drawn[i] if i < n and old[i] == s else
            _seat(s, w, old[i], drawn[i]) if i < n else _seat(s, w) for i, s in enumerate(new)]


def _fact(f: Mapping[str, Any], w: Words) -> list[Any]:
    return [w.text(f["label"]), w.text(f["value"]) if f["value"] is not None else None]


def draw_public(model: Mapping[str, Any], w: Words, prev: Drawn | None = None) -> Drawn:
    """The public table of ``model`` (the spectator's), as :func:`draw_table` draws it,
    reusing what ``prev`` (the previous drawing in the same words) drew of equal parts."""
    old, was = (prev.model, prev.page) if prev is not None else ({}, {})
    page = {"seats": _seats(model["seats"], old.get("seats"), was.get("seats"), w),
            "centre": _reuse(model["centre"], old.get("centre"), was.get("centre"),
                             lambda a: _area(a, w)),
            "facts": _reuse(model["facts"], old.get("facts"), was.get("facts"),
                            lambda f: _fact(f, w))}
    return Drawn(model, page)


def _same(key: str, model: Mapping[str, Any], old: Mapping[str, Any]) -> bool:
    return key in old and old[key] == model[key]


def draw_page(state: Any, seat: int | None, model: Mapping[str, Any], w: Words,
              public: Mapping[str, Any], prev: Drawn | None = None, *,
              title: str = "") -> Drawn:
    """The page :func:`build` gives, from the seat's ``model`` and the drawn public table,
    reusing what ``prev`` (this seat's previous drawing in the same words) drew of every
    part of the model that is equal to its part now."""
    old, was = (prev.model, prev.page) if prev is not None else ({}, {})
    mine = seat is not None
    page: dict[str, Any] = {
        "game": str(model["game"]),
        "title": was["title"] if _same("title", model, old) else w.text(model["title"]) or title,
        "version": state.version,
        "seat": seat,
        "players": (was["players"] if "players" in was and was["players"] == list(state.players)
                    else list(state.players)),
        "to_act": state.to_act,
        "stage": model["stage"],
        "prompt": was["prompt"] if _same("prompt", model, old) else w.text(model["prompt"]),
        "lang": w.lang,
        "dir": w.direction,
        "hand": (was["hand"] if mine and _same("hand", model, old) else
                 _faces(model["hand"], w) if mine else []),
        "actions": _reuse(model["actions"], old.get("actions"), was.get("actions"),
                          lambda a: _button(a, w)) if mine else [],
        "table": public,
        "panel": _reuse(model["panel"], old.get("panel"), was.get("panel"),
                        lambda a: _area(a, w)),
        "result": was["result"] if _same("result", model, old) else _result(model["result"], w),
        "report": (was["report"] if "report" in was and old.get("report") == model.get("report")
                   else _report(model.get("report"), w, old.get("report"), was.get("report"))),
        "yours": was["yours"] if "yours" in was else _yours(seat, w),
        "turn_badge": was["turn_badge"] if "turn_badge" in was else _turn_badge(w),
    }
    return Drawn(model, page)


def _pointer(path: str, key: str | int) -> str:
    """``path`` and one more reference token (RFC 6901: ``~`` and ``/`` escaped)."""
    return path + "/" + (str(key) if type(key) is int else
                         str(key).replace("~", "~0").replace("/", "~1"))


def diff_page(old: Mapping[str, Any], new: Mapping[str, Any], *,
              skip: str | None = None) -> list[dict[str, Any]]:
    """:func:`diff` of two pages, leaving out the key ``skip`` (a broadcast diffs the
    public table once per language, since every page of a language shares its drawn
    table, and splices its operations in: :func:`encode_patch_parts`)."""
    ops: list[dict[str, Any]] = []
    for k, v in new.items():
        if k == skip:
            continue
        if k not in old:
            ops.append({"op": "add", "path": _pointer("", k), "value": v})
        elif old[k] is not v:
            _diff(old[k], v, _pointer("", k), ops)
    ops.extend({"op": "remove", "path": _pointer("", k)} for k in old
               if k not in new and k != skip)
    return ops


def diff_into(old: Any, new: Any, path: str, ops: list[dict[str, Any]]) -> None:
    """Append to ``ops`` the operations that turn ``old`` into ``new`` at ``path``."""
    _diff(old, new, path, ops)


def diff(old: Any, new: Any) -> list[dict[str, Any]]:
    """The patch (see the module docstring) that turns ``old`` into ``new``.

    Objects are compared key by key and arrays item by item, so a change deep in the
    page costs one small operation; a part reused from the previous drawing is skipped
    by identity. A value whose JSON type changes (``1`` to ``true``) is replaced whole.
    """
    ops: list[dict[str, Any]] = []
    _diff(old, new, "", ops)
    return ops


_WALKED = (dict, list)


def _diff(old: Any, new: Any, path: str, ops: list[dict[str, Any]]) -> None:
    # ``==`` would take ``1`` for ``True`` (and ``[1]`` for ``[True]``), so containers are
    # walked rather than compared; a part drawn once and reused is passed by identity. A
    # child that is a plain value of the same type is compared here, without a call or a
    # path for it (most of a page's values did not change).
    if old is new:
        return
    kind = type(new)
    if type(old) is not kind:
        ops.append({"op": "replace", "path": path, "value": new})
    elif kind is dict:
        for k, v in new.items():
            if k in old:
                o = old[k]
                if o is v:
                    continue
                t = type(v)
                if t is type(o) and t not in _WALKED:
                    if o != v:
                        ops.append({"op": "replace", "path": _pointer(path, k), "value": v})
                else:
                    _diff(o, v, _pointer(path, k), ops)
            else:
                ops.append({"op": "add", "path": _pointer(path, k), "value": v})
        ops.extend({"op": "remove", "path": _pointer(path, k)} for k in old if k not in new)
    elif kind is list:
        n = min(len(old), len(new))
        for i in range(n):
            o, v = old[i], new[i]
            if o is v:
                continue
            t = type(v)
            if t is type(o) and t not in _WALKED:
                if o != v:
                    ops.append({"op": "replace", "path": f"{path}/{i}", "value": v})
            else:
                _diff(o, v, f"{path}/{i}", ops)
        ops.extend({"op": "add", "path": path + "/-", "value": v} for v in new[n:])
        ops.extend({"op": "remove", "path": f"{path}/{i}"}
                   for i in range(len(old) - 1, n - 1, -1))
    elif old != new:
        ops.append({"op": "replace", "path": path, "value": new})


class PatchError(TablegamesError):
    """A patch that does not fit the page it is applied to."""


def _tokens(path: str) -> list[str]:
    if path == "":
        return []
    if not path.startswith("/"):
        raise PatchError(f"a path starts with '/': {quoted(path)}")
    return [t.replace("~1", "/").replace("~0", "~") for t in path[1:].split("/")]


def apply_patch(page: Any, ops: Iterable[Mapping[str, Any]], *, in_place: bool = False) -> Any:
    """``page`` with ``ops`` applied (a new value: ``page`` itself is not changed, unless
    ``in_place``, for a client that holds a page parsed from JSON and nothing else).

    The reference for the phones (``static/app.js`` does the same): a test applies every
    patch a phone receives and compares the result with a fresh page. A patch that does
    not fit raises :class:`PatchError` (with ``in_place``, the page may be half patched).
    """
    doc = page if in_place else json.loads(json.dumps(page))
    for op in ops:
        tokens = _tokens(str(op.get("path", "")))
        kind = op.get("op")
        if not tokens:
            if kind != "replace":
                raise PatchError("only replace applies to the whole page")
            doc = json.loads(json.dumps(op["value"]))
            continue
        try:
            doc = _apply_one(doc, kind, tokens, op.get("value") if in_place
                             else json.loads(json.dumps(op.get("value"))))
        except (KeyError, IndexError, ValueError, TypeError):
            raise PatchError(f"no such place in the page: {quoted(op.get('path'))}") from None
    return doc


def _apply_one(doc: Any, kind: Any, tokens: list[str], value: Any) -> Any:
    parent = doc
    for t in tokens[:-1]:
        parent = parent[int(t)] if isinstance(parent, list) else parent[t]
    last = tokens[-1]
    if isinstance(parent, list):
        if kind == "add" and last == "-":
            parent.append(value)
        elif kind == "replace":
            parent[int(last)] = value
        elif kind == "remove" and int(last) == len(parent) - 1:
            parent.pop()
        else:
            raise PatchError(f"cannot {quoted(kind)} item {quoted(last)} of an array")
    elif not isinstance(parent, dict):
        raise PatchError(f"{quoted(last)} is inside no object or array")
    elif kind in ("replace", "add"):
        parent[last] = value
    elif kind == "remove":
        del parent[last]
    else:
        raise PatchError(f"no operation {quoted(kind)}")
    return doc


def encode_patch(base: int, version: int, ops: list[dict[str, Any]],
                 events: list[dict[str, Any]]) -> str:
    """The ``patch`` message: ``ops`` turn the page at version ``base`` into ``version``."""
    return dumps({"type": "patch", "from": base, "to": version, "patch": ops, "events": events})


def encode_ops(ops: list[dict[str, Any]]) -> str:
    """Operations as the inside of a JSON array (no brackets: see :func:`encode_patch_parts`)."""
    return dumps(ops)[1:-1]


def encode_patch_parts(base: int, version: int, parts: Iterable[str],
                       events: list[dict[str, Any]]) -> str:
    """The ``patch`` message of :func:`encode_patch`, its operations given as encoded
    parts (:func:`encode_ops`), in order: a part shared by many phones (the public
    table's) is encoded once and spliced into each phone's message."""
    ops = ",".join(p for p in parts if p)
    return ('{"type":"patch","from":' + str(int(base)) + ',"to":' + str(int(version))
            + ',"patch":[' + ops + '],"events":'
            + dumps(events) + "}")


def encode_full(page: Mapping[str, Any], events: list[dict[str, Any]]) -> str:
    """The ``update`` message: the whole page, for a phone whose page is not the base."""
    return dumps({"type": "update", "page": page, "events": events})
