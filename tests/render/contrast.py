"""The contrast of every word drawn, read back from what was drawn (WCAG 2's formula).

Two readers, one for each thing the library draws without a browser:

* :func:`svg_words`: every ``<text>`` of an SVG picture, its fill against what lies under
  it, composited from the shapes drawn before it in document order (their fills and
  opacities, rounded corners and ellipses included) at points across the box its letters
  take, the worst of them counted;
* :func:`terminal_words`: every run of letters a terminal is sent (the ANSI codes read
  back with ``rich``), its colour against its background under a terminal theme: the
  default colours and the sixteen palette colours are the theme's (a terminal's own),
  a 256-colour or truecolor code is fixed, ``reverse`` swaps and ``dim`` is drawn half
  way to the background (as VTE, xterm and Windows Terminal draw it).

A word passes WCAG AA at 4.5:1, or 3:1 when it is large (24 px, or 18.66 px bold).
"""

from __future__ import annotations

import re
import xml.etree.ElementTree as ET
from collections.abc import Iterator, Sequence

from rich.color import ColorType
from rich.style import Style
from rich.terminal_theme import (
    DEFAULT_TERMINAL_THEME,
    DIMMED_MONOKAI,
    MONOKAI,
    NIGHT_OWLISH,
    SVG_EXPORT_THEME,
    TerminalTheme,
)
from rich.text import Text

RGB = tuple[float, float, float]
SVG = "{http://www.w3.org/2000/svg}"

#: rich's own terminal themes, the light ones (a white background) and the dark ones: a
#: terminal's default background may be either, and its sixteen colours are its own.
THEMES: dict[str, TerminalTheme] = {
    "light (rich's default)": DEFAULT_TERMINAL_THEME, "light (Night Owlish)": NIGHT_OWLISH,
    "dark (Monokai)": MONOKAI, "dark (dimmed Monokai)": DIMMED_MONOKAI,
    "dark (rich's SVG export)": SVG_EXPORT_THEME,
}


def luminance(c: RGB) -> float:
    def lin(v: float) -> float:
        v /= 255
        return v / 12.92 if v <= 0.03928 else ((v + 0.055) / 1.055) ** 2.4
    return 0.2126 * lin(c[0]) + 0.7152 * lin(c[1]) + 0.0722 * lin(c[2])


def ratio(a: RGB, b: RGB) -> float:
    la, lb = luminance(a), luminance(b)
    return (max(la, lb) + 0.05) / (min(la, lb) + 0.05)


def over(top: RGB, alpha: float, bottom: RGB) -> RGB:
    r, g, b = (t * alpha + u * (1 - alpha) for t, u in zip(top, bottom, strict=True))
    return (r, g, b)


def large(size: float, bold: bool) -> bool:
    return size >= 24 or (bold and size >= 18.66)


def needed(size: float, bold: bool) -> float:
    return 3.0 if large(size, bold) else 4.5


# ---- SVG -------------------------------------------------------------------------------

def colour(value: str) -> RGB:
    """An SVG fill: ``#rgb`` or ``#rrggbb`` (the only forms the pictures use)."""
    v = value.lstrip("#")
    if len(v) == 3:
        v = "".join(ch * 2 for ch in v)
    assert re.fullmatch(r"[0-9a-fA-F]{6}", v), value
    return (int(v[0:2], 16), int(v[2:4], 16), int(v[4:6], 16))


#: (a, d, e, f): x' = a*x + e, y' = d*y + f (the pictures translate and scale, no more)
Matrix = tuple[float, float, float, float]


def _transform(m: Matrix, attr: str | None) -> Matrix:
    a, d, e, f = m
    for name, args in re.findall(r"(\w+)\(([^)]*)\)", attr or ""):
        nums = [float(x) for x in re.split(r"[ ,]+", args.strip())]
        if name == "translate":
            tx, ty = nums[0], nums[1] if len(nums) > 1 else 0.0
            e, f = e + a * tx, f + d * ty
        elif name == "scale":
            sx, sy = nums[0], nums[1] if len(nums) > 1 else nums[0]
            a, d = a * sx, d * sy
        else:
            raise AssertionError(f"a transform the reader does not know: {name}")
    return (a, d, e, f)


class Shape:
    """A filled rectangle (rounded) or ellipse, in the picture's coordinates."""

    def __init__(self, el: ET.Element, m: Matrix, opacity: float) -> None:
        a, d, e, f = m
        g = {k: float(el.get(k, "0")) for k in ("x", "y", "width", "height", "rx", "ry",
                                                  "cx", "cy")}
        self.ellipse = el.tag == SVG + "ellipse"
        if self.ellipse:
            self.cx, self.cy = a * g["cx"] + e, d * g["cy"] + f
            self.rx, self.ry = a * g["rx"], d * g["ry"]
        else:
            self.x0, self.y0 = a * g["x"] + e, d * g["y"] + f
            self.x1, self.y1 = self.x0 + a * g["width"], self.y0 + d * g["height"]
            self.r = a * (g["rx"] or g["ry"])
        self.fill = colour(el.get("fill", "#000000"))
        self.alpha = opacity * float(el.get("opacity", "1")) * float(el.get("fill-opacity", "1"))

    def covers(self, x: float, y: float) -> bool:
        if self.ellipse:
            return ((x - self.cx) / self.rx) ** 2 + ((y - self.cy) / self.ry) ** 2 <= 1
        if not (self.x0 <= x <= self.x1 and self.y0 <= y <= self.y1):
            return False
        r = self.r  # a rounded corner: the point must lie in its quarter circle
        cx = min(max(x, self.x0 + r), self.x1 - r)
        cy = min(max(y, self.y0 + r), self.y1 - r)
        return (x - cx) ** 2 + (y - cy) ** 2 <= r * r + 1e-9


class Word:
    """A piece of text as drawn: its words, colour, size in px, the background behind
    the worst of its points, and their contrast."""

    def __init__(self, text: str, fg: RGB, bg: RGB, size: float, bold: bool,
                 where: str) -> None:
        self.text, self.fg, self.bg, self.size, self.bold = text, fg, bg, size, bold
        self.where = where
        self.ratio = ratio(fg, bg)

    @property
    def ok(self) -> bool:
        return self.ratio >= needed(self.size, self.bold) - 0.005

    def __repr__(self) -> str:
        hexes = "/".join("#" + "".join(f"{round(v):02x}" for v in c) for c in (self.fg, self.bg))
        return (f"{self.where} {self.text!r} {hexes} {self.ratio:.2f}:1 at "
                f"{self.size:.1f}px{' bold' if self.bold else ''}")


def _em(ch: str) -> float:
    """A modest guess at a letter's width in ems (narrow letters narrower): the points
    measured must lie on the letters, not past them."""
    return 0.3 if ch in "il.,:;'|!1 ()[]" else 0.55


def svg_words(picture: str) -> list[Word]:
    """Every ``<text>`` of ``picture`` with its contrast (see the module docstring)."""
    root = ET.fromstring(picture)
    rtl = root.get("direction") == "rtl"
    shapes: list[Shape] = []
    words: list[Word] = []

    def walk(el: ET.Element, m: Matrix, opacity: float, where: str) -> None:
        m = _transform(m, el.get("transform"))
        opacity *= float(el.get("opacity", "1")) if el.tag == SVG + "g" else 1.0
        if el.get("class"):
            where = f"{where}/{el.get('class')}" + (f"[{el.get('data-card')}]"
                                                     if el.get("data-card") else "")
        if el.tag in (SVG + "rect", SVG + "ellipse") and el.get("fill", "none") != "none":
            shapes.append(Shape(el, m, opacity))
        if el.tag == SVG + "text" and (el.text or "").strip():
            words.append(_word(el, m, rtl, shapes, where))
        for child in el:
            walk(child, m, opacity, where)

    walk(root, (1.0, 1.0, 0.0, 0.0), 1.0, "")
    return words


def _word(el: ET.Element, m: Matrix, rtl: bool, shapes: Sequence[Shape], where: str) -> Word:
    a, d, e, f = m
    text = el.text or ""
    size = float(el.get("font-size", "16"))
    bold = el.get("font-weight") in ("bold", "700", "800", "900")
    width = sum(_em(ch) for ch in text.strip() if not "\u2066" <= ch <= "\u2069") * size
    x, y = float(el.get("x", "0")), float(el.get("y", "0"))
    anchor = el.get("text-anchor", "start")
    if anchor == "middle":
        left = x - width / 2
    elif (anchor == "start") != rtl:  # a right-to-left start is the right edge
        left = x
    else:
        left = x - width
    fg = colour(el.get("fill", "#000000"))
    worst: RGB | None = None
    # across the letters' box: from a lower case letter's top to the baseline
    for i in range(5):
        for j in range(3):
            px = a * (left + width * (0.1 + 0.8 * i / 4)) + e
            py = d * (y - size * (0.1 + 0.55 * j / 2)) + f
            bg: RGB = (255.0, 255.0, 255.0)  # the page the picture lies on
            for s in shapes:
                if s.covers(px, py):
                    bg = over(s.fill, s.alpha, bg)
            if worst is None or ratio(fg, bg) < ratio(fg, worst):
                worst = bg
    assert worst is not None
    return Word(text, fg, worst, size * a, bold, where or "svg")


# ---- terminals -------------------------------------------------------------------------

#: Characters that draw rather than say: frames, rules and the backs of cards.
DRAWN = re.compile(r"[\s\u2500-\u259f▶…·•|]+")


def _rgb(c: object, theme: TerminalTheme, default: RGB) -> RGB:
    from rich.color import Color
    assert c is None or isinstance(c, Color)
    if c is None or c.type == ColorType.DEFAULT:
        return default
    if c.type in (ColorType.STANDARD, ColorType.WINDOWS) or (
            c.type == ColorType.EIGHT_BIT and c.number is not None and c.number < 16):
        assert c.number is not None
        t = theme.ansi_colors[c.number]
        return (t.red, t.green, t.blue)
    t = c.get_truecolor()
    return (t.red, t.green, t.blue)


def palette_colours(style: Style) -> list[str]:
    """The colours of ``style`` that a terminal's theme decides (the sixteen)."""
    out = []
    for c in (style.color, style.bgcolor):
        if c is not None and (c.type in (ColorType.STANDARD, ColorType.WINDOWS) or (
                c.type == ColorType.EIGHT_BIT and c.number is not None and c.number < 16)):
            out.append(c.name)
    return out


def styled_runs(ansi: str) -> Iterator[tuple[str, Style]]:
    """Each run of words in ``ansi`` (a terminal's output) with the style it is drawn in."""
    for line in ansi.replace("\x1b[2J", "").replace("\x1b[H", "").splitlines():
        text = Text.from_ansi(line)
        for span in text.spans:
            piece = text.plain[span.start:span.end]
            style = span.style if isinstance(span.style, Style) else Style.parse(span.style)
            for run in DRAWN.split(piece):
                if run:
                    yield run, style
        styled = {i for span in text.spans for i in range(span.start, span.end)}
        plain = "".join(ch if i not in styled else " " for i, ch in enumerate(text.plain))
        for run in DRAWN.split(plain):
            if run:
                yield run, Style()


def terminal_word(run: str, style: Style, theme: TerminalTheme, name: str) -> Word:
    fg0 = (theme.foreground_color.red, theme.foreground_color.green,
           theme.foreground_color.blue)
    bg0 = (theme.background_color.red, theme.background_color.green,
           theme.background_color.blue)
    fg, bg = _rgb(style.color, theme, fg0), _rgb(style.bgcolor, theme, bg0)
    if style.reverse:
        fg, bg = bg, fg
    if style.dim:
        fg = over(fg, 0.5, bg)
    return Word(run, fg, bg, 16, False, f"{name} [{style}]")


def terminal_words(ansi: str) -> Iterator[Word]:
    """Every run of words in ``ansi`` under each theme of :data:`THEMES`."""
    runs = list(styled_runs(ansi))
    for name, theme in THEMES.items():
        for run, style in runs:
            yield terminal_word(run, style, theme, name)
