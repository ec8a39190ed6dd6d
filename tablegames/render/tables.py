"""The table of each game, drawn from one view.

Each drawer reads only the view it is given (through :mod:`tablegames.render.keys`), so a
picture can hold no more than the view: a seat's own hand is drawn face up, every other
hand as backs (plus whatever that view says is public, such as Shithead cards picked up
from the pile), and the spectator's picture has no face-up hand at all.

Layout: a header with the facts of the deal, the middle of the table (Toepen's trick and
stake, Shithead's pile, Phase 10's discard pile, Dallah's pot with its zones and cups),
then one band per seat, the viewer's band outlined in gold.
"""

from __future__ import annotations

import xml.etree.ElementTree as ET
from collections.abc import Callable, Mapping, Sequence
from typing import Any

from tablegames.render import svg
from tablegames.render.faces import Face, face
from tablegames.render.keys import get, seats
from tablegames.render.svg import CARD_H, CARD_W, FELT_EDGE, GOLD, MUTED, PAPER, Canvas

WIDTH = 760
PAD = 14
BAND_H = CARD_H + 40

Drawer = Callable[[Canvas, Mapping[str, Any]], None]


# --------------------------------------------------------------------------- words
#: The picture's own words, per language of the view (``view["lang"]``, Dallah's per
#: phone choice); a view without a language is drawn in English.
WORDS: dict[str, dict[str, str]] = {
    "en": {"spectator": "spectator", "seen_by": "seen by {name}", "you": " (you)",
           "turn": "turn {n}", "retired": "retired {n}", "full": " (full)", "cup": "cup: {x}",
           "zone": "zone: {x}", "shared": "shared pile", "pile": "pile {n} cups",
           "pile1": "pile 1 cup"},
    "ar": {"spectator": "المشاهد", "seen_by": "كما يراها {name}", "you": " (أنت)",
           "turn": "الدور {n}", "retired": "خارج اللعب {n}", "full": " (ممتلئة)",
           "cup": "الفنجان: {x}", "zone": "المنطقة: {x}", "shared": "الكومة المشتركة",
           "pile": "الكومة: {n} فناجين", "pile1": "الكومة: فنجان واحد"},
}


def say(view: Mapping[str, Any], key: str, **values: Any) -> str:
    """One of the picture's words in the view's language (see :data:`WORDS`)."""
    words = WORDS.get(str(view.get("lang", "en")), WORDS["en"])
    return words[key].format(**values)


# --------------------------------------------------------------------------- shared pieces
def header(c: Canvas, view: Mapping[str, Any], title: str, facts: Sequence[str]) -> float:
    """The game's name and the facts of the moment; returns the next free y."""
    c.text(None, PAD, 26, title, size=18, weight="bold")
    c.text(None, WIDTH - PAD, 26, "   ".join(f for f in facts if f), size=13, fill=MUTED,
           anchor="end")
    viewer = view.get("seat")
    who = say(view, "spectator") if viewer is None else say(view, "seen_by", name=seats(view)[viewer])
    c.text(None, PAD, 44, who, size=11, fill=MUTED, cls="viewer")
    return 56.0


def faces_of(game: str, cards: Sequence[Any] | None) -> list[Face | None]:
    """Cards of a view as faces.

    A game whose notation :func:`~tablegames.render.faces.face` cannot read (one registered
    by a user) still gets its cards drawn face up, labelled with their notation.
    """
    out: list[Face | None] = []
    for x in cards or ():
        text = str(x)
        out.append(face(game, text) or Face(text, text, "", "plain", text))
    return out


def band(c: Canvas, view: Mapping[str, Any], seat: int, y: float, tags: Sequence[str],
         height: float = BAND_H) -> ET.Element:
    """A seat's band: its name, whether it is to act, tags; the seat's things go inside."""
    viewer = view.get("seat")
    g = c.group(None, cls="seat", y=y)
    g.set("data-seat", str(seat))
    mine = viewer == seat
    c.el(g, "rect", x=PAD, y=0, width=WIDTH - 2 * PAD, height=height - 6, rx=8,
         fill=FELT_EDGE, stroke=GOLD if mine else "none", stroke_width=2 if mine else 0)
    name = seats(view)[seat] + (say(view, "you") if mine else "")
    to_act = view.get("to_act") == seat
    c.text(g, PAD + 10, 18, ("▶ " if to_act else "") + name, size=13, weight="bold",
           fill=GOLD if to_act else PAPER)
    lines = [t for t in tags if t]
    if height < BAND_H:  # a short band (Dallah): the tags on one line
        lines = ["  ·  ".join(lines)] if lines else []
    for i, tag in enumerate(lines[:4]):
        c.text(g, PAD + 10, 34 + 14 * i, tag, size=11, fill=MUTED)
    return g


def hand_items(view: Mapping[str, Any], seat: int, size: int,
               known: Sequence[Any] = ()) -> list[Face | None]:
    """What a seat's hand looks like from this view: faces for the viewer, backs otherwise.

    ``known`` are cards of that hand the view says are public; they are drawn face up and
    the rest of the hand face down.
    """
    game = str(view.get("game", ""))
    if view.get("seat") == seat and "hand" in view:
        return faces_of(game, view["hand"])
    shown = [f for f in faces_of(game, known) if f is not None][:size]
    return [*shown, *([None] * max(0, size - len(shown)))]


def pile(c: Canvas, parent: ET.Element | None, top: list[Face | None], count: int,
         label: str, x: float, y: float) -> None:
    """A pile: its top cards fanned (or one back), with its size and name beneath."""
    if top:
        svg.row(c, parent, top, x, y, CARD_W + 14 * (len(top) - 1))
    else:
        c.el(parent, "rect", x=x, y=y, width=CARD_W, height=CARD_H, rx=5, fill="none",
             stroke=MUTED, stroke_dasharray="4 3")
    c.text(parent, x, y + CARD_H + 14, f"{label}: {count}", size=11, fill=MUTED)


def _int(value: Any, default: int = 0) -> int:
    return value if isinstance(value, int) and not isinstance(value, bool) else default


def _list(value: Any) -> list[Any]:
    return list(value) if isinstance(value, list | tuple) else []


# --------------------------------------------------------------------------- Toepen
def toepen(c: Canvas, view: Mapping[str, Any]) -> None:
    """Toepen: the trick on the table, this hand's earlier tricks, the stake, lives."""
    names = seats(view)
    y = header(c, view, "Toepen", [
        f"hand {get(view, 'round', 1)}", f"stake {get(view, 'stake', 1)}",
        f"limit {get(view, 'limit', '?')}", f"stock {get(view, 'stock', 0)}"])
    middle = c.group(None, cls="table", y=y)
    c.text(middle, PAD, 14, "On the table", size=12, fill=MUTED)
    x = float(PAD)
    for play in _list(get(view, "trick")):
        f = face("toepen", str(play.get("card")))
        if f is not None:
            svg.card(c, middle, f, x, 22)
        c.text(middle, x + CARD_W / 2, 22 + CARD_H + 14, names[_int(play.get("seat"))], size=11,
               anchor="middle")
        x += CARD_W + 12
    tricks = _list(get(view, "tricks"))
    tx = max(x + 20, 330)
    for i, trick in enumerate(tricks):
        winner = trick.get("winner")
        c.text(middle, tx, 14, f"trick {i + 1}: {names[_int(winner)]} won", size=11, fill=MUTED)
        cards = [face("toepen", str(p.get("card"))) for p in _list(trick.get("cards"))]
        w = svg.row(c, middle, cards, tx, 22, 150, scale=0.6)
        tx += max(w, 90) + 16
    stake = get(view, "stake", 1)
    c.el(middle, "circle", cx=WIDTH - PAD - 30, cy=60, r=26, fill=GOLD, cls="stake")
    c.text(middle, WIDTH - PAD - 30, 66, str(stake), size=20, fill="#3b2a00", weight="bold",
           anchor="middle")
    c.text(middle, WIDTH - PAD - 30, 102, "stake", size=11, fill=MUTED, anchor="middle")
    y += 120
    sizes = _list(get(view, "hand_sizes"))
    lives = _list(get(view, "lives"))
    limit = get(view, "limit", 0)
    folded, out, poor = (_list(get(view, k)) for k in ("folded", "out", "poverty"))
    thrown = _list(get(view, "thrown"))
    knocker = get(view, "knocker")
    for s in range(len(names)):
        tags = [f"lives lost {_int(lives[s]) if s < len(lives) else 0} of {limit}"]
        tags += [t for t, on in (("folded", folded), ("out", out), ("poverty", poor))
                 if s < len(on) and on[s]]
        if knocker == s:
            tags.append("knocked last")
        g = band(c, view, s, y, tags)
        items = hand_items(view, s, _int(sizes[s]) if s < len(sizes) else 0)
        svg.row(c, g, items, 200, 10, 300)
        shown = thrown[s] if s < len(thrown) and isinstance(thrown[s], list) else None
        if shown:
            c.text(g, 520, 18, "thrown in", size=11, fill=MUTED)
            svg.row(c, g, faces_of("toepen", shown), 520, 24, 200, scale=0.6)
        y += BAND_H
    c.height = int(y + PAD)


# --------------------------------------------------------------------------- Shithead
def shithead(c: Canvas, view: Mapping[str, Any]) -> None:
    """Shithead: stock and pile with what may be played, each seat's three layers."""
    names = seats(view)
    y = header(c, view, "Shithead", [
        f"round {get(view, 'round', 1)}", f"play goes {get(view, 'direction', '')}",
        f"burnt {len(_list(get(view, 'burnt')))}"])
    middle = c.group(None, cls="table", y=y)
    stock = _int(get(view, "stock"))
    pile(c, middle, [None] if stock else [], stock, "stock", PAD + 10, 10)
    cards = _list(get(view, "pile"))
    pile(c, middle, faces_of("shithead", cards[-4:]), len(cards), "pile", 140, 10)
    restriction = get(view, "restriction")
    if restriction:
        c.text(middle, 330, 40, f"next card: {restriction}", size=13)
    y += CARD_H + 36
    sizes = _list(get(view, "hand_sizes"))
    up, down, known = (_list(get(view, k)) for k in ("face_up", "face_down", "known"))
    finished = _list(get(view, "finished"))
    for s in range(len(names)):
        tags = []
        if s in finished:
            tags.append(f"finished #{finished.index(s) + 1}")
        g = band(c, view, s, y, tags)
        n_down = _int(down[s]) if s < len(down) else 0
        c.text(g, 180, 18, "face down / face up", size=10, fill=MUTED)
        svg.row(c, g, [None] * n_down, 180, 24, 120, scale=0.75)
        svg.row(c, g, faces_of("shithead", up[s] if s < len(up) else []), 190, 28, 140,
                scale=0.75)
        c.text(g, 360, 18, "hand", size=10, fill=MUTED)
        items = hand_items(view, s, _int(sizes[s]) if s < len(sizes) else 0,
                           known[s] if s < len(known) else ())
        svg.row(c, g, items, 360, 24, WIDTH - 360 - 2 * PAD, scale=0.75)
        y += BAND_H
    c.height = int(y + PAD)


# --------------------------------------------------------------------------- Phase 10
def phase10(c: Canvas, view: Mapping[str, Any]) -> None:
    """Phase 10: stock and discard pile, each seat's phase, score and laid groups."""
    names = seats(view)
    y = header(c, view, "Phase 10", [f"hand {get(view, 'round', 1)}"])
    middle = c.group(None, cls="table", y=y)
    stock = _int(get(view, "stock"))
    pile(c, middle, [None] if stock else [], stock, "stock", PAD + 10, 10)
    discard = _list(get(view, "discard"))
    pile(c, middle, faces_of("phase10", discard[-3:]), len(discard), "discard pile", 140, 10)
    y += CARD_H + 36
    sizes = _list(get(view, "hand_sizes"))
    phases, laid, scores = (_list(get(view, k)) for k in ("phases", "laid", "scores"))
    completed, known = _list(get(view, "completed")), _list(get(view, "known"))
    for s in range(len(names)):
        phase = phases[s] if s < len(phases) and isinstance(phases[s], dict) else {}
        tags = [f"phase {phase.get('phase', '?')}: {phase.get('text', '')}",
                f"done {_int(completed[s]) if s < len(completed) else 0}",
                f"score {_int(scores[s]) if s < len(scores) else 0}"]
        groups = _list(laid[s]) if s < len(laid) else []
        height = BAND_H + (48 if groups else 0)
        g = band(c, view, s, y, tags, height)
        items = hand_items(view, s, _int(sizes[s]) if s < len(sizes) else 0,
                           known[s] if s < len(known) else ())
        svg.row(c, g, items, 300, 10, WIDTH - 300 - 2 * PAD, scale=0.9)
        gx = 30.0
        for group in groups:
            cards = faces_of("phase10", _list(group.get("cards")))
            c.text(g, gx, BAND_H - 2, str(group.get("text", "")), size=10, fill=MUTED)
            gx += max(svg.row(c, g, cards, gx, BAND_H + 2, 220, scale=0.55), 100) + 18
        y += height
    c.height = int(y + PAD)


# --------------------------------------------------------------------------- Dallah
#: Where each zone of the pot is drawn, in the pot's own units (x, y of the zone label).
ZONE_PLACES = {"lid": (150, 24), "neck": (150, 78), "handle": (290, 130), "spout": (18, 130),
               "base": (150, 196)}


def dallah(c: Canvas, view: Mapping[str, Any]) -> None:
    """Dallah: the pot with a band per zone and the cups on it, the card in play, piles."""
    names = seats(view)
    words = get(view, "names") or {}
    shapes, zones, cards = (words.get(k, {}) for k in ("shapes", "zones", "cards"))
    rtl = view.get("lang") == "ar"
    y = header(c, view, "الدلة" if rtl else "Dallah",
               [say(view, "turn", n=get(view, "round", 1)),
                say(view, "retired", n=_int(get(view, "retired")))])
    pot = get(view, "pot") or {}
    full = set(_list(get(view, "full_zones")))
    g = c.group(None, cls="table pot", x=PAD + 10, y=y)
    # the pot: lid, neck, body, spout to the left, handle to the right
    c.el(g, "path", cls="dallah", fill="#c9a227", stroke="#6d4c00", stroke_width=2,
         d="M 150 20 Q 190 20 190 40 L 180 60 L 200 110 Q 250 150 220 210 L 100 210 "
           "Q 70 150 120 110 L 140 60 L 130 40 Q 130 20 150 20 Z")
    c.el(g, "path", fill="none", stroke="#6d4c00", stroke_width=6,
         d="M 110 130 Q 60 120 20 100")
    c.el(g, "path", fill="none", stroke="#6d4c00", stroke_width=6,
         d="M 215 120 Q 290 110 280 170 Q 270 200 225 190")
    for zone, (zx, zy) in ZONE_PLACES.items():
        if zone not in pot and not any(zone == z for z in zones):
            continue
        zg = c.group(g, cls="zone", x=zx, y=zy)
        zg.set("data-zone", zone)
        label = str(zones.get(zone, zone)) + (say(view, "full") if zone in full else "")
        c.text(zg, 0, 0, label, size=11, fill=PAPER, weight="bold",
               anchor="middle" if zone not in ("spout", "handle") else "start")
        for i, shape in enumerate(_list(pot.get(zone))):
            svg.cup(c, zg, str(shape), str(shapes.get(shape, shape)), -15 + i * 22 - 11 *
                    (len(_list(pot.get(zone))) - 1), 4, size=0.8)
    # what is in play, and the shared pile by shape
    ix = 360.0
    card = get(view, "card")
    if isinstance(card, dict) and card.get("id"):
        ident = str(card["id"])
        svg.text_card(c, g, str(cards.get(ident, ident)), ix - PAD - 10, 10, ident=ident)
    zone, cup = get(view, "zone"), get(view, "cup")
    line = []
    if cup:
        line.append(say(view, "cup", x=shapes.get(cup, cup)))
    if zone:
        line.append(say(view, "zone", x=zones.get(zone, zone)))
    c.text(g, ix + 100, 30, "   ".join(line), size=12)
    in_hand = _list(get(view, "cups_in_hand"))
    for i, shape in enumerate(in_hand):
        svg.cup(c, g, str(shape), str(shapes.get(shape, shape)), ix + 100 + i * 30, 44)
    shared = get(view, "shared") or {}
    c.text(g, ix - PAD - 10, 120, say(view, "shared"), size=11, fill=MUTED)
    for i, (shape, n) in enumerate(shared.items()):
        sx = ix - PAD - 10 + (i % 3) * 120
        sy = 130 + (i // 3) * 40
        svg.cup(c, g, str(shape), str(shapes.get(shape, shape)), sx, sy)
        c.text(g, sx + 34, sy + 14, f"{shapes.get(shape, shape)} × {_int(n)}", size=11)
    y += 230
    piles, held = _list(get(view, "piles")), _list(get(view, "held"))
    for s in range(len(names)):
        n = _int(piles[s]) if s < len(piles) else 0
        b = band(c, view, s, y, [say(view, "pile1") if n == 1 else say(view, "pile", n=n)], 70)
        for i in range(min(n, 12)):
            c.el(b, "circle", cx=210 + i * 14, cy=30, r=6, fill="#e8d5a8", stroke="#3e2723")
        if n > 12:
            c.text(b, 210 + 12 * 14 + 6, 34, f"+{n - 12}", size=11)
        for i, ident in enumerate(_list(held[s]) if s < len(held) else []):
            svg.text_card(c, b, str(cards.get(ident, ident)), 470 + i * 96, 8, ident=str(ident),
                          width=90, height=48, fill="#dbe8f7", ink="#0d3a66")
        y += 70
    c.height = int(y + PAD)


# --------------------------------------------------------------------------- any game
def generic(c: Canvas, view: Mapping[str, Any]) -> None:
    """A game without its own drawer: who sits where, hand sizes, the viewer's hand."""
    names = seats(view)
    y = header(c, view, str(view.get("game", "game")).title(), [f"{get(view, 'stage', '')}"])
    sizes = _list(get(view, "hand_sizes"))
    for s in range(len(names)):
        g = band(c, view, s, y, [])
        items = hand_items(view, s, _int(sizes[s]) if s < len(sizes) else 0)
        svg.row(c, g, items, 200, 10, WIDTH - 200 - 2 * PAD)
        y += BAND_H
    c.height = int(y + PAD)


DRAWERS: dict[str, Drawer] = {"toepen": toepen, "shithead": shithead, "phase10": phase10,
                              "dallah": dallah}
