"""A small SVG writer and the drawn pieces every picture shares: cards, backs, cups, labels.

Built on :mod:`xml.etree.ElementTree` so every picture is well-formed XML with its text
escaped, whatever a player calls themselves. Each face-up card is a ``<g class="card">``
carrying ``data-card`` (its notation): that is how a test reads back exactly which cards a
picture shows, and why a face-down card (``class="card back"``) carries nothing at all.
"""

from __future__ import annotations

import xml.etree.ElementTree as ET
from collections.abc import Sequence

from tablegames.render.faces import Face
from tablegames.table.model import printable

SVG_NS = "http://www.w3.org/2000/svg"
FONT = "DejaVu Sans, Segoe UI Symbol, Noto Sans, Arial, sans-serif"
#: Card size in picture units.
CARD_W, CARD_H = 46, 64
#: Ink for each colour a face can have: the phone's (``style.css``: ``--red``, ``--blue``,
#: ``--green``, ``--yellow``), so a card looks the same on the phone and in a picture.
INK = {
    "red": "#c62828", "black": "#1b1b1b", "blue": "#1565c0", "green": "#2e7d32",
    "yellow": "#d4a200", "wild": "#6a1b9a", "skip": "#37474f",
}
#: The words on a yellow card: white on yellow reads at 2.3:1 and yellow on white at
#: 2.3:1 too, so a yellow card is written in the phone's ink (7.3:1), as on the phone.
ON_YELLOW = "#1d1b18"
#: Felt, paper and highlight colours. Every word on the felt reads at WCAG AA (4.5:1):
#: the felt is the phone's (``--felt``; the lighter ``#2f6b3f`` left the gold of the
#: prompt and of the seat to act at 3.8:1), the gold the phone's ring on the felt
#: (5.6:1), the muted words 5.9:1 and the paper 7.6:1.
FELT, FELT_EDGE, PAPER, GOLD, MUTED = "#1f5e3b", "#2b7a4d", "#fffdf7", "#ffd778", "#d7e4da"
#: A named card (Dallah's Action and protection cards): the phone's gold words on its
#: card paper (``--gold`` on ``--card``, 5.3:1).
NAMED_INK, CARD_PAPER = "#856515", "#fffdf8"

ET.register_namespace("", SVG_NS)


def _fmt(value: float | int | str) -> str:
    if isinstance(value, float):
        return f"{value:.1f}".rstrip("0").rstrip(".")
    return str(value)


class Canvas:
    """An SVG document drawn top to bottom; ``height`` grows as rows are added."""

    def __init__(self, width: int, *, label: str, rtl: bool = False) -> None:
        self.width = width
        self.height = 0
        self.root = ET.Element("svg", {
            "xmlns": SVG_NS, "version": "1.1", "font-family": FONT, "role": "img",
        })
        #: Right-to-left text (Arabic): the root's ``direction`` orders each text's letters
        #: and words, and :meth:`text` swaps ``start`` and ``end`` so that an anchor keeps
        #: its place on the page (SVG reads a right-to-left ``start`` as the right edge).
        self.rtl = rtl
        if rtl:
            self.root.set("direction", "rtl")
        title = ET.SubElement(self.root, "title")
        title.text = printable(label)
        self.background = ET.SubElement(self.root, "rect", {"class": "felt", "fill": FELT,
                                                            "rx": "14", "x": "0", "y": "0"})

    def el(self, parent: ET.Element | None, tag: str, **attributes: float | int | str) -> ET.Element:
        """A child element; attribute names use ``_`` for ``-`` (``font_size``)."""
        return ET.SubElement(self.root if parent is None else parent, tag, {
            k.rstrip("_").replace("_", "-"): _fmt(v) for k, v in attributes.items()
        })

    def group(self, parent: ET.Element | None = None, *, cls: str = "",
              x: float = 0, y: float = 0) -> ET.Element:
        """A ``<g>`` of class ``cls`` moved to ``x, y``: its children draw from its corner."""
        g = self.el(parent, "g")
        if cls:
            g.set("class", cls)
        if x or y:
            g.set("transform", f"translate({_fmt(x)},{_fmt(y)})")
        return g

    def text(self, parent: ET.Element | None, x: float, y: float, content: str, *,
             size: float = 13, fill: str = PAPER, weight: str = "normal",
             anchor: str = "start", cls: str = "") -> ET.Element:
        """A ``<text>`` at ``x, y`` (its baseline), its words made printable; on a
        right-to-left canvas ``start`` and ``end`` swap, so the anchor keeps its side."""
        if self.rtl and anchor != "middle":  # the left edge stays the left edge
            anchor = "end" if anchor == "start" else "start"
        t = self.el(parent, "text", x=x, y=y, font_size=size, fill=fill, font_weight=weight,
                    text_anchor=anchor)
        if cls:
            t.set("class", cls)
        t.text = printable(content)
        return t

    def to_string(self) -> str:
        """The finished document (width, height and view box set to what was drawn)."""
        self.root.set("width", str(self.width))
        self.root.set("height", str(self.height))
        self.root.set("viewBox", f"0 0 {self.width} {self.height}")
        self.background.set("width", str(self.width))
        self.background.set("height", str(self.height))
        return ET.tostring(self.root, encoding="unicode")


def card(c: Canvas, parent: ET.Element | None, f: Face, x: float, y: float,
         scale: float = 1.0) -> ET.Element:
    """A face-up card: rank and suit in the corner, the suit (or number) in the middle."""
    g = c.group(parent, cls="card", x=x, y=y)
    g.set("data-card", f.notation)
    if scale != 1.0:
        g.set("transform", f"translate({_fmt(x)},{_fmt(y)}) scale({_fmt(scale)})")
    title = ET.SubElement(g, "title")
    title.text = printable(f.name)
    ink = INK.get(f.colour, INK["black"])
    if f.colour in ("plain", "gold"):
        c.el(g, "rect", width=CARD_W, height=CARD_H, rx=5, fill="#ffffff", stroke="#444")
        c.text(g, CARD_W / 2, CARD_H / 2 + 4, f.label[:6], size=11, fill=ink, anchor="middle")
        return g
    p10 = f.colour not in ("red", "black") or not f.suit
    fill = ink if p10 else "#ffffff"
    c.el(g, "rect", width=CARD_W, height=CARD_H, rx=5, fill=fill, stroke="#444",
         stroke_width=1)
    if p10:
        if f.colour == "wild":
            for i, colour in enumerate(("red", "blue", "green", "yellow")):
                c.el(g, "rect", x=4, y=6 + i * 13, width=CARD_W - 8, height=12, rx=2,
                     fill=INK[colour], opacity=0.85)
        # the number on white, not on a white tinted by the card (green on the tint read
        # at 4.49:1); a Wild's four colours still show through its centre, under purple
        c.el(g, "ellipse", cx=CARD_W / 2, cy=CARD_H / 2, rx=17, ry=22, fill="#ffffff",
             opacity=0.9 if f.colour == "wild" else 1)
        # the words on the card's colour: white, or ink on a yellow card (see ON_YELLOW)
        on_card = ON_YELLOW if f.colour == "yellow" else "#ffffff"
        size = 11 if len(f.label) > 2 else 20
        c.text(g, CARD_W / 2, CARD_H / 2 + size / 2.8, f.label, size=size,
               fill=INK["wild"] if f.colour == "wild" else
               ON_YELLOW if f.colour == "yellow" else ink, weight="bold", anchor="middle")
        if len(f.label) <= 2:
            c.text(g, 4, 12, f.label, size=10, fill=on_card, weight="bold")
        if f.mark:  # the colour named on the card, not shown by the background alone
            c.text(g, CARD_W / 2, CARD_H - 4, f.mark[:8], size=8, fill=on_card,
                   weight="bold", anchor="middle", cls="mark")
        return g
    c.text(g, 4, 15, f.label, size=13, fill=ink, weight="bold")
    c.text(g, 4, 28, f.suit, size=12, fill=ink)
    c.text(g, CARD_W / 2 + 2, CARD_H / 2 + 13, f.suit, size=28, fill=ink, anchor="middle")
    return g


def back(c: Canvas, parent: ET.Element | None, x: float, y: float,
         scale: float = 1.0) -> ET.Element:
    """A face-down card: the same back for every card, so it tells nothing."""
    g = c.group(parent, cls="card back", x=x, y=y)
    if scale != 1.0:
        g.set("transform", f"translate({_fmt(x)},{_fmt(y)}) scale({_fmt(scale)})")
    c.el(g, "rect", width=CARD_W, height=CARD_H, rx=5, fill="#1f3f7a", stroke="#ffffff",
         stroke_width=2)
    c.el(g, "rect", x=6, y=6, width=CARD_W - 12, height=CARD_H - 12, rx=3, fill="none",
         stroke="#8fb0e8", stroke_width=1, stroke_dasharray="3 2")
    return g


def row(c: Canvas, parent: ET.Element | None, items: Sequence[Face | None], x: float,
        y: float, max_width: float, scale: float = 1.0) -> float:
    """Cards side by side (``None`` = face down), overlapping when they would not fit.

    Returns the width used.
    """
    if not items:
        return 0.0
    w = CARD_W * scale
    step = min(w + 6 * scale, (max_width - w) / max(1, len(items) - 1)) if len(items) > 1 else 0
    step = max(step, 8 * scale)
    for i, item in enumerate(items):
        if item is None:
            back(c, parent, x + i * step, y, scale)
        else:
            card(c, parent, item, x + i * step, y, scale)
    return w + step * (len(items) - 1)


def text_card(c: Canvas, parent: ET.Element | None, label: str, x: float, y: float, *,
              ident: str, kind: str = "", width: float = 96, height: float = 64,
              fill: str = CARD_PAPER, ink: str = NAMED_INK) -> ET.Element:
    """A card known by its name (Dallah's Action and protection cards): the name, wrapped."""
    g = c.group(parent, cls="card named", x=x, y=y)
    g.set("data-card", ident)
    title = ET.SubElement(g, "title")
    title.text = printable(label)
    c.el(g, "rect", width=width, height=height, rx=6, fill=fill, stroke=ink, stroke_width=1.5)
    lines = wrap(label, 12)
    top = height / 2 - (len(lines) - 1) * 7 + 4
    for i, line in enumerate(lines[:3]):
        c.text(g, width / 2, top + i * 14, line, size=12, fill=ink, weight="bold",
               anchor="middle")
    if kind:
        c.text(g, width / 2, height - 6, kind, size=9, fill=ink, anchor="middle")
    return g


#: Fill colours of Dallah's cup shapes (by id); unknown shapes get a grey.
CUP_COLOURS = {"classic": "#e8d5a8", "tall": "#9ccbe8", "wide": "#f3a6a0", "tiny": "#b8e0a8",
               "twins": "#d4b8ec", "heavyweight": "#8d6e63"}


def cup(c: Canvas, parent: ET.Element | None, shape: str, label: str, x: float, y: float,
        *, size: float = 1.0) -> ET.Element:
    """One cup: a small finjan outline in its shape's colour (its name in the title)."""
    g = c.group(parent, cls="cup", x=x, y=y)
    g.set("data-cup", shape)
    title = ET.SubElement(g, "title")
    title.text = printable(label)
    top, bottom, h = 22 * size, 14 * size, 16 * size
    if shape == "tall":
        h *= 1.4
    elif shape == "wide":
        top, bottom = top * 1.3, bottom * 1.3
    elif shape == "tiny":
        top, bottom, h = top * 0.7, bottom * 0.7, h * 0.7
    colour = CUP_COLOURS.get(shape, "#cfcfcf")
    mid = 15 * size
    path = (f"M {_fmt(mid - top / 2)} 0 L {_fmt(mid + top / 2)} 0 "
            f"L {_fmt(mid + bottom / 2)} {_fmt(h)} L {_fmt(mid - bottom / 2)} {_fmt(h)} Z")
    c.el(g, "path", d=path, fill=colour, stroke="#3e2723", stroke_width=1.2)
    if shape == "twins":
        c.el(g, "line", x1=mid, y1=0, x2=mid, y2=h, stroke="#3e2723", stroke_width=1)
    return g


def wrap(text: str, width: int) -> list[str]:
    """Words packed into lines of about ``width`` characters."""
    lines: list[str] = []
    for word in text.split():
        if lines and len(lines[-1]) + 1 + len(word) <= width:
            lines[-1] += " " + word
        else:
            lines.append(word)
    return lines or [""]
