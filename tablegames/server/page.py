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

**Each face once (format 2).** A page says its ``format``. In format 2, the default, a
card anywhere on the page is its face's key (:func:`face_key`), and a face table maps
each key to the drawn face (:func:`face`), once: a Phase 10 lay-down offers hundreds of
buttons over the same dozen cards. The page's own parts (the hand, a button's ``cards``
and ``for``, the panel, ``own``) look their keys up in the page's ``faces``, the public table's
(the seats' groups, the centre) in the table's own ``faces``: the public table is drawn,
diffed and encoded once per language for every phone, its faces with it. A button's
``groups`` are lists of indexes into its own ``cards``. Each table holds exactly the
faces its part of the page shows, never a card the seat has not seen, and a face's key
and drawing do not change during a game, so a patch adds and removes a few faces and
never rewrites one. :func:`expand` gives the
format-1 page of earlier releases (every card a face, no ``faces``): the server sends it
to an app that asks for format 1.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Iterable, Mapping, Sequence
from itertools import chain
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


#: The page's format: 2 names each card face once, in the page's ``faces`` (see the module
#: docstring); 1, the page of earlier releases, draws every card in full (:func:`expand`).
FORMAT = 2
FORMATS = (1, 2)


def face_key(f: Mapping[str, Any]) -> str:
    """The key a format-2 page names the face of ``f`` (a model ``Face``) by: its code and
    its drawing colour, the two things :func:`face` draws a face from (so two faces drawn
    differently never share a key). A code is a word of action notation, never with a
    space, so ``"R7 red"`` or ``"Kc black"`` reads back unambiguously; an app takes the
    key as a name to look up in ``faces``, never parses it."""
    return f"{f['code']} {f.get('colour') or ''}"


def face(f: Mapping[str, Any], w: Words) -> dict[str, Any]:
    """A card face for the phone: its notation, what to draw and its mark in words.

    A card's face depends on its notation only, so each is made once per language
    (the page's JSON encoder reads the shared dict; nobody edits it).
    """
    return _keyed(f, w)[1]


def _keyed(f: Mapping[str, Any], w: Words) -> tuple[str, dict[str, Any]]:
    """The key and the drawing of the face ``f`` (:func:`face_key`, :func:`face`), both
    made once per language and kept together under one memo entry: :func:`_keys` asks
    for them for every card of every part drawn again, on every broadcast."""
    memo_key = ("page-face", f["code"], f.get("colour"))
    hit = w.memo.get(memo_key)
    if hit is None:
        hit = w.remember(memo_key, (face_key(f), _face(f, w)))
    return hit  # type: ignore[no-any-return]


def _face(f: Mapping[str, Any], w: Words) -> dict[str, Any]:
    mark = w.text(f["mark"]) if f.get("mark") else ""
    rank = str(f.get("rank") or "") or mark
    kind = f.get("special") or ("named" if not f.get("rank") else "marked" if mark else "card")
    return {"code": f["code"], "kind": kind,
            "rank": rank, "suit": f.get("suit", ""), "colour": f.get("colour", ""),
            "mark": mark if f.get("rank") else "", "name": w.text(f["name"])}


def _keys(fs: Iterable[Mapping[str, Any]], w: Words, faces: dict[str, Any]) -> list[str]:
    """The keys of the faces ``fs``, each face drawn into ``faces`` (key -> drawn face)."""
    out = []
    for f in fs:
        key, drawn = _keyed(f, w)
        faces[key] = drawn
        out.append(key)
    return out


def _area(a: Mapping[str, Any], w: Words, faces: dict[str, Any]) -> dict[str, Any]:
    out = {"label": w.text(a["label"]), "cards": _keys(a["cards"], w, faces),
           "owners": a["owners"], "count": a["count"], "backs": a["backs"]}
    if a["items"]:
        out["items"] = [w.text(i) for i in a["items"]]
    if a.get("verbs"):  # the pile a tap takes from (app.js: renderTable)
        out["verbs"] = a["verbs"]
    if a.get("held"):  # the seat's hand shown on its row, never tapped (app.js: cardPool)
        out["held"] = True
    return out


def _own(model: Mapping[str, Any], seat: int | None, table: Mapping[str, Any], w: Words,
         faces: dict[str, Any]) -> list[dict[str, Any]]:
    """The page's ``own``: the groups of the seat's own row that its model shows
    (``model["own"]``) and the public ``table``'s row of that seat (drawn, format 2) does
    not, drawn, their faces put in ``faces`` (the page's own). The public table is drawn
    once from the spectator's view for every phone, so without these a phone never showed
    its own thrown-in hand (Toepen, TOE-03), which the terminal and the pictures draw
    from the seat's own model (found by helper-152). A group the public row shows already
    (a hand revealed by a challenge) is not repeated; the shared screen has none."""
    groups = model.get("own") or []
    if seat is None or not groups:
        return []
    row: list[Any] = next((s["groups"] for s in table["seats"] if s["seat"] == seat), [])
    drawn: dict[str, Any] = {}
    out = []
    for g in groups:
        a = _area(g, w, drawn)
        if a not in row:
            out.append(a)
            faces.update((k, drawn[k]) for k in a["cards"])
    return out


def _indexes(groups: Sequence[Sequence[Mapping[str, Any]]],
             cards: Sequence[str]) -> list[list[int]]:
    """Each group of a button as indexes into the button's own ``cards`` (its keys), each
    index used once: the groups are the button's cards split up (Phase 10's lay-down)."""
    free: dict[str, list[int]] = {}
    for i, k in enumerate(cards):
        free.setdefault(k, []).append(i)
    for taken in free.values():
        taken.reverse()  # popped from the end: the first index of a key first
    out = []
    for g in groups:
        row = []
        for f in g:
            left = free.get(face_key(f))
            if not left:
                raise ValueError("a button's group holds a card its cards do not")
            row.append(left.pop())
        out.append(row)
    return out


def _button(a: Mapping[str, Any], w: Words, faces: dict[str, Any]) -> dict[str, Any]:
    b = {k: v for k, v in a.items() if k not in ("label", "cards", "for", "groups", "parts", "more")}
    b["label"] = w.text(a["label"])
    b["cards"] = _keys(a["cards"], w, faces)
    if "for" in a:
        b["for"] = _keys(a["for"], w, faces)
    if "groups" in a:
        b["groups"] = _indexes(a["groups"], b["cards"])
    if "parts" in a:  # each group's own words, drawn over its cards (Phase 10's lay-down)
        b["parts"] = [w.text(t) for t in a["parts"]]
    if a.get("more") is not None:  # said while only some of its cards are chosen
        b["more"] = w.text(a["more"])
    return b


def draw_table(model: Mapping[str, Any], w: Words) -> dict[str, Any]:
    """The public part of a model (seats, centre, facts), in words, with the ``faces`` its
    cards name (the compact form of format 2)."""
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


def table(state: Any, lang: str, *, format: int = FORMAT) -> dict[str, Any]:
    """The public table (from the spectator's view): the same for every phone of a room.

    In format 2 its cards are keys, and its own ``faces`` maps each to its face; in
    format 1 every card is a face.
    Fresh, as everything the library hands out: the card faces inside are drawn once per
    process and language (:func:`face`), so what is returned is a copy an app may edit."""
    _check_format(format)
    view = state.view(None)
    drawn = draw_table(present(view, shared=True), words_of(str(view["game"]), lang))
    out: dict[str, Any] = fresh(_expand_table(drawn) if format == 1 else drawn)
    return out


class FormatError(TablegamesError):
    """A page format that is not one of :data:`FORMATS` (``True`` is not ``1``)."""


def _check_format(format: Any) -> None:
    if type(format) is not int or format not in FORMATS:
        raise FormatError(f"no page format {quoted(format)}: it is 1 or 2")


def build(state: Any, seat: int | None, lang: str, *, title: str = "",
          format: int = FORMAT) -> dict[str, Any]:
    """The page for ``seat`` (``None``: the spectator's shared screen), in ``format``
    (2, each face once; 1, every card in full: see :func:`expand`)."""
    return build_with_context(state, seat, lang, title=title, format=format)[0]


def build_with_context(state: Any, seat: int | None, lang: str, *, title: str = "",
                       public: dict[str, Any] | None = None,
                       format: int = FORMAT) -> tuple[dict[str, Any], Context]:
    """:func:`build`, and the context its events are described with.

    ``public`` is the room's :func:`table` (format 2, whatever ``format``) when the caller
    already has it (a broadcast draws it once per language for all phones). The page is fresh
    (see :func:`table`): an app may edit it without editing the next page drawn.

    The page is drawn here from the whole model in one pass, apart from the server's
    incremental :func:`draw_page`, so that tests can hold one against the other.
    """
    _check_format(format)
    view = state.view(seat)
    game = str(view["game"])
    w = words_of(game, lang)
    model = present(view, shared=True)
    if public is None:
        public = table(state, lang, format=2)
    faces: dict[str, Any] = {}
    mine = seat is not None
    page: dict[str, Any] = {
        "format": 2,
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
        "hand": _keys(model["hand"], w, faces) if mine else [],
        "actions": [_button(a, w, faces) for a in model["actions"]] if mine else [],
        "table": public,
        "panel": [_area(a, w, faces) for a in model["panel"]],
        "own": _own(model, seat, public, w, faces),
        "result": _result(model["result"], w),
        "report": _report(model.get("report"), w),
        "yours": _yours(seat, w),
        "turn_badge": _turn_badge(w),
    }
    page["faces"] = faces
    mine_page: dict[str, Any] = fresh(expand(page) if format == 1 else page)
    return mine_page, Context(view, w)


# -- the format-1 page: every card in full ----------------------------------------------
def _expand_area(a: Mapping[str, Any], faces: Mapping[str, Any]) -> dict[str, Any]:
    return {**a, "cards": [faces[k] for k in a["cards"]]}


def _expand_button(b: Mapping[str, Any], faces: Mapping[str, Any]) -> dict[str, Any]:
    cards = [faces[k] for k in b["cards"]]
    out = {**b, "cards": cards}
    if "for" in b:
        out["for"] = [faces[k] for k in b["for"]]
    if "groups" in b:
        out["groups"] = [[cards[i] for i in g] for g in b["groups"]]
    return out


def _expand_table(t: Mapping[str, Any]) -> dict[str, Any]:
    faces = t["faces"]
    out = {k: v for k, v in t.items() if k != "faces"}
    out["seats"] = [{**s, "groups": [_expand_area(g, faces) for g in s["groups"]]}
                    for s in t["seats"]]
    out["centre"] = [_expand_area(a, faces) for a in t["centre"]]
    return out


def expand(page: Mapping[str, Any]) -> dict[str, Any]:
    """The format-1 page of a format-2 ``page``: every card its face in full, each group
    of a button its faces, without ``format`` and the face tables (the page of earlier
    releases, key for key; the server sends it to a socket that asked for format 1).

    The faces inside are ``page``'s own (shared, not copied), as the lists of a drawn page
    are: a caller that edits the result copies it first (:func:`build` does).
    """
    faces = page["faces"]
    out = {k: v for k, v in page.items() if k not in ("format", "faces")}
    out["hand"] = [faces[k] for k in page["hand"]]
    out["actions"] = [_expand_button(b, faces) for b in page["actions"]]
    out["table"] = _expand_table(page["table"])
    out["panel"] = [_expand_area(a, faces) for a in page["panel"]]
    out["own"] = [_expand_area(a, faces) for a in page["own"]]
    return out


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

    ``faces`` maps the key of each card the drawing names to its face (``page["faces"]``):
    for the public table, the faces of its seats and centre; for a page, those of its own
    parts (the hand, buttons and panel).
    """

    model: Mapping[str, Any]
    page: dict[str, Any]
    faces: dict[str, Any] = attrs.field(factory=dict)


def _reuse(new: Sequence[Any], old: Sequence[Any] | None, drawn: Sequence[Any] | None,
           draw: Callable[[Any], Any]) -> list[Any]:
    """``[draw(x) for x in new]``, reusing ``drawn[i]`` where ``old[i] == new[i]``."""
    if old is None or drawn is None:
        return [draw(x) for x in new]
    if len(old) == len(new) == len(drawn) and old == new:  # the whole list, as it was
        return drawn  # type: ignore[return-value]
    n = min(len(old), len(drawn))
    return [drawn[i] if i < n and old[i] == x else draw(x) for i, x in enumerate(new)]


def _seat(s: Mapping[str, Any], w: Words, faces: dict[str, Any],
          old: Mapping[str, Any] | None = None,
          was: Mapping[str, Any] | None = None) -> dict[str, Any]:
    """A seat drawn; its groups reuse ``was`` (the drawing of ``old``) where equal."""
    return {"seat": s["seat"], "name": s["name"], "turn": s["turn"],
            "badges": [w.text(b) for b in s["badges"]], "stats": [w.text(x) for x in s["stats"]],
            "groups": _reuse(s["groups"], old["groups"] if old else None,
                             was["groups"] if was else None, lambda g: _area(g, w, faces)),
            "hidden": s["hidden"], "face_down": s.get("face_down", 0)}


def _seats(new: Sequence[Any], old: Sequence[Any] | None, drawn: Sequence[Any] | None,
           w: Words, faces: dict[str, Any]) -> list[Any]:
    if old is None or drawn is None:
        return [_seat(s, w, faces) for s in new]
    n = min(len(old), len(drawn))
    out = [drawn[i] if i < n and old[i] == s else
           _seat(s, w, faces, old[i], drawn[i]) if i < n else _seat(s, w, faces)
           for i, s in enumerate(new)]
    if len(out) == len(drawn) and all(a is b for a, b in zip(out, drawn, strict=True)):
        return drawn  # type: ignore[return-value]  # every seat as it was: the same list
    return out


def _fact(f: Mapping[str, Any], w: Words) -> list[Any]:
    return [w.text(f["label"]), w.text(f["value"]) if f["value"] is not None else None]


def _named(areas: Iterable[Mapping[str, Any]], drawn: Mapping[str, Any],
           known: Mapping[str, Any], out: dict[str, Any]) -> None:
    """Add to ``out`` the face of every card of ``areas``, from the faces ``drawn`` now or
    ``known`` (the previous drawing's, for the parts it reused)."""
    for a in areas:
        for k in a["cards"]:
            if k not in out:
                out[k] = drawn[k] if k in drawn else known[k]


def draw_public(model: Mapping[str, Any], w: Words, prev: Drawn | None = None) -> Drawn:
    """The public table of ``model`` (the spectator's), as :func:`draw_table` draws it,
    reusing what ``prev`` (the previous drawing in the same words) drew of equal parts."""
    old, was = (prev.model, prev.page) if prev is not None else ({}, {})
    new: dict[str, Any] = {}
    page: dict[str, Any] = {"seats": _seats(model["seats"], old.get("seats"), was.get("seats"), w, new),
            "centre": _reuse(model["centre"], old.get("centre"), was.get("centre"),
                             lambda a: _area(a, w, new)),
            "facts": _reuse(model["facts"], old.get("facts"), was.get("facts"),
                            lambda f: _fact(f, w))}
    if prev is not None and page["seats"] is was["seats"] and page["centre"] is was["centre"]:
        faces = prev.faces  # the same cards: the same faces, by identity
    else:
        faces = {}
        known = prev.faces if prev is not None else {}
        for s in page["seats"]:
            _named(s["groups"], new, known, faces)
        _named(page["centre"], new, known, faces)
    page["faces"] = faces
    return Drawn(model, page, faces)


def _same(key: str, model: Mapping[str, Any], old: Mapping[str, Any]) -> bool:
    return key in old and old[key] == model[key]


def draw_page(state: Any, seat: int | None, model: Mapping[str, Any], w: Words,
              public: Drawn, prev: Drawn | None = None, *, title: str = "") -> Drawn:
    """The page :func:`build` gives, from the seat's ``model`` and the drawn public table,
    reusing what ``prev`` (this seat's previous drawing in the same words) drew of every
    part of the model that is equal to its part now.

    The page's ``faces`` are its own parts' faces (the table has its own); while they
    did not change it is the previous page's dict itself, which the diff passes by
    identity."""
    old, was = (prev.model, prev.page) if prev is not None else ({}, {})
    mine = seat is not None
    new: dict[str, Any] = {}
    page: dict[str, Any] = {
        "format": 2,
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
                 _keys(model["hand"], w, new) if mine else []),
        "actions": _reuse(model["actions"], old.get("actions"), was.get("actions"),
                          lambda a: _button(a, w, new)) if mine else [],
        "table": public.page,
        "panel": _reuse(model["panel"], old.get("panel"), was.get("panel"),
                        lambda a: _area(a, w, new)),
        "own": _own(model, seat, public.page, w, new),
        "result": was["result"] if _same("result", model, old) else _result(model["result"], w),
        "report": (was["report"] if "report" in was and old.get("report") == model.get("report")
                   else _report(model.get("report"), w, old.get("report"), was.get("report"))),
        "yours": was["yours"] if "yours" in was else _yours(seat, w),
        "turn_badge": was["turn_badge"] if "turn_badge" in was else _turn_badge(w),
    }
    if "own" in was and page["own"] == was["own"]:
        page["own"] = was["own"]  # as it was (almost always none): the diff passes it by identity
    if (prev is not None and page["hand"] is was["hand"] and page["actions"] is was["actions"]
            and page["panel"] is was["panel"] and page["own"] is was["own"]):
        own = prev.faces  # the same cards of its own: the same faces, by identity
    else:  # a broadcast draws every page: one comprehension over every key, no calls
        known = prev.faces if prev is not None else {}
        own = {k: new[k] if k in new else known[k] for k in chain(
            page["hand"], *[b["cards"] for b in page["actions"] if b["cards"]],
            *[b["for"] for b in page["actions"] if "for" in b],
            *[a["cards"] for a in page["panel"]], *[a["cards"] for a in page["own"]])}
    page["faces"] = own
    return Drawn(model, page, own)


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
