"""The table, drawn from the table model: one generic drawer for every game.

:func:`draw` reads a model (:mod:`tablegames.table.model`) already put into words, so a
picture can hold no more than the view the model was made from: the viewer's hand face
up, every other hand as backs, the spectator's picture no face-up hand at all.

Layout: a header with the title and the facts, the middle of the table (each area: its
label, its cards or named things, a back for a pile and its count), the panel of the
moment, then one band per seat (name, badges, stats, hand or backs, laid groups), the
viewer's band outlined in gold.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from tablegames.render import drawing
from tablegames.render.drawing import CARD_H, CARD_W, FELT_EDGE, GOLD, MUTED, PAPER, Canvas
from tablegames.render.faces import Face, from_model
from tablegames.table.i18n import Words

WIDTH = 760
PAD = 14


def _cards(c: Canvas, parent: Any, faces: Sequence[Face | None], x: float, y: float,
           max_width: float, scale: float = 1.0) -> float:
    """Cards in a row; named cards (no rank, such as Dallah's) as text cards."""
    if faces and all(f is not None and f.colour == "gold" for f in faces):
        for i, f in enumerate(faces):
            assert f is not None
            drawing.text_card(c, parent, f.label, x + i * 100 * scale, y, ident=f.notation,
                          width=96 * scale, height=CARD_H * scale)
        return len(faces) * 100 * scale
    return drawing.row(c, parent, list(faces), x, y, max_width, scale)


def _width(text: str, size: float) -> float:
    """A generous guess at how wide ``text`` is drawn at ``size`` (no font is measured
    here: 0.62 em a character is wider than DejaVu Sans's and Arabic's averages)."""
    return sum(not "\u2066" <= ch <= "\u2069" for ch in text) * size * 0.62  # isolates: none


def _lines(parts: Sequence[str], width: float, size: float) -> list[str]:
    """``parts`` joined by `` · `` into lines that fit ``width`` (each part whole; SVG
    draws a run of spaces as one, so spaces alone would not keep them apart)."""
    lines: list[str] = []
    for part in parts:
        if lines and _width(lines[-1] + " · " + part, size) <= width:
            lines[-1] += " · " + part
        else:
            lines.append(part)
    return lines


def _capacity(faces: Sequence[Face | None], width: float, scale: float) -> int:
    """How many of ``faces`` one row ``width`` wide holds with the cards at their closest
    (:func:`~tablegames.render.drawing.row`'s smallest step; a named card keeps its width)."""
    if faces and all(f is not None and f.colour == "gold" for f in faces):
        return max(1, int(width // (100 * scale)))
    return max(1, 1 + int((width - CARD_W * scale) // (8 * scale)))


def _rows(c: Canvas, parent: Any, faces: Sequence[Face | None], x: float, y: float,
          width: float, scale: float) -> tuple[float, float]:
    """``faces`` in as many rows ``width`` wide as they need, each squeezed as a row is,
    so that no card passes the picture's edge however many a long game gathers (a
    three-deck Shithead hand); returns the widest row's width and the height the rows
    below the first take."""
    cap = _capacity(faces, width, scale)
    used, below = 0.0, 0.0
    for i in range(0, len(faces), cap):
        if i:
            below += CARD_H * scale + ROW_GAP
        used = max(used, _cards(c, parent, faces[i:i + cap], x, y + below, width, scale))
    return used, below


#: The gap between two rows of one group's cards.
ROW_GAP = 6.0

#: The most face-down cards a pile or a hand is drawn with: more than any table deals
#: (two packs and their jokers), fewer than an edited view's ``hand_sizes`` of a million
#: would ask for (a 279 MB picture, found by helper-116). The count is the view's to say
#: (a pile's label and a seat's stats carry it), the picture's to show as cards.
MOST_BACKS = 120


def _area(c: Canvas, a: Mapping[str, Any], w: Words, x: float, y: float, width: float) -> float:
    """One labelled area (a pile, the trick, a zone); returns its height."""
    label = w.text(a["label"])
    if a.get("count") is not None:
        label = f"{label} ({a['count']})"
    g = c.group(None, cls="area")
    c.text(g, x, y + 12, label, size=12, fill=MUTED)
    faces: list[Face | None] = [None] * min(int(a.get("backs") or 0), MOST_BACKS)
    faces += [from_model(f, w) for f in a["cards"]]
    h = 18.0
    if faces:
        owners = a.get("owners") or []
        if owners:  # a trick: a card per seat, its owner under it, in one row
            _cards(c, g, faces, x, y + 18, width, 0.8)
        else:
            h += _rows(c, g, faces, x, y + 18, width, 0.8)[1]
        for i, owner in enumerate(owners):
            c.text(g, x + i * (CARD_W * 0.8 + 5) + CARD_W * 0.4, y + 18 + CARD_H * 0.8 + 12,
                   owner[:10], size=9, fill=PAPER, anchor="middle")
        h += CARD_H * 0.8 + (16 if owners else 4)
    for i, item in enumerate(a.get("items") or []):
        c.text(g, x + 6, y + h + 12 + i * 15, "• " + w.text(item), size=11, fill=PAPER)
    h += 15 * len(a.get("items") or [])
    return h + 6


def draw(c: Canvas, model: Mapping[str, Any], w: Words) -> None:
    """The whole table of ``model`` (a :func:`tablegames.table.present` result) on ``c``."""
    rtl = w.direction == "rtl"
    title = w.text(model["title"])
    c.text(None, WIDTH - PAD if rtl else PAD, 26, title, size=18, weight="bold",
           anchor="end" if rtl else "start")
    facts = [f"{w.text(f['label'])}: {w.text(f['value']) if f['value'] is not None else '–'}"
             for f in model["facts"]]
    beside = WIDTH - 2 * PAD - 20 - _width(title, 18)
    if _width(" · ".join(facts), 11) <= beside:  # the facts beside the title, at the other end
        c.text(None, PAD if rtl else WIDTH - PAD, 26, " · ".join(facts), size=11, fill=MUTED,
               anchor="start" if rtl else "end")
        y = 40.0
    else:  # too many for one line (Dallah's turn, card and cups): lines under the title
        y = 30.0
        for line in _lines(facts, WIDTH - 2 * PAD, 11):
            y += 15
            c.text(None, WIDTH - PAD if rtl else PAD, y, line, size=11, fill=MUTED,
                   anchor="end" if rtl else "start")
        y += 10
    if model.get("prompt") is not None:
        c.text(None, PAD, y + 10, w.text(model["prompt"])[:110], size=12, fill=GOLD, cls="prompt")
        y += 20
    # the centre: areas side by side, wrapping onto a new row
    x, row_h = float(PAD), 0.0
    col = (WIDTH - 2 * PAD) / 3
    for a in model["centre"]:
        if x + col > WIDTH:
            x, y, row_h = float(PAD), y + row_h, 0.0
        row_h = max(row_h, _area(c, a, w, x, y, col - 10))
        x += col
    y += row_h
    for a in model.get("panel") or []:
        y += _area(c, a, w, PAD, y, WIDTH - 2 * PAD)
    # one band per seat
    hand = [from_model(f, w) for f in model["hand"]]
    for s in model["seats"]:
        y = _band(c, s, w, hand if s["you"] else [], y + 6)
    c.height = int(y + PAD)


def _band(c: Canvas, s: Mapping[str, Any], w: Words, hand: list[Face], y: float) -> float:
    g = c.group(None, cls="seat")
    g.set("data-seat", str(s["seat"]))
    words = [s["name"] + (" " + w("(you)") if s["you"] else "") + (" ▶" if s["turn"] else "")]
    words += [w.text(b) for b in s["badges"]]
    c.text(g, PAD + 8, y + 16, " · ".join(words), size=13, weight="bold",
           fill=GOLD if s["turn"] else PAPER)
    c.text(g, PAD + 8, y + 31, " · ".join(w.text(x) for x in s["stats"]), size=11, fill=MUTED)
    top = y + 38
    left, right = PAD + 8.0, WIDTH - PAD - 8.0
    x = left
    #: the height the current line's groups take below its first row of cards
    below = 0.0
    own: list[Face | None] = list(hand) if hand else \
        [None] * min(int(s.get("hidden") or 0), MOST_BACKS)
    if own:
        used, below = _rows(c, g, own, x, top, 300, 0.8)
        x = right if below else x + used + 16  # a hand of several rows: groups go below
    for grp in s["groups"]:
        faces = [from_model(f, w) for f in grp["cards"]]
        width = min(260.0, right - x)
        if x > left and (width < CARD_W or _capacity(faces, width, 0.7) < len(faces)):
            x, top, below = left, top + CARD_H * 0.8 + 14 + below, 0.0  # the next line
            width = min(260.0, right - x)
        if _capacity(faces, width, 0.7) < len(faces):
            width = right - x  # a long group takes whole lines
        c.text(g, x, top + 8, w.text(grp["label"])[:30], size=10, fill=MUTED)
        used, more = _rows(c, g, faces, x, top + 12, width, 0.7)
        below = max(below, more)
        x = right if more else x + used + 16
    h = top + below + CARD_H * 0.8 + 10 - y
    c.el(g, "rect", x=PAD, y=y, width=WIDTH - 2 * PAD, height=h, rx=8, fill="none",
         stroke=GOLD if s["you"] else FELT_EDGE, stroke_width=2 if s["you"] else 1)
    return y + h
