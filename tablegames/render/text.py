"""The table as plain terminal text, from the table model (no ``rich`` needed).

The terminal game draws the table with ``rich`` (:mod:`tablegames.render.console`:
coloured card chips in a frame). Where ``rich`` is not installed, or plain text is asked for
(``tablegames rulings GAME ID --plain``), this draws the same model in the same order
with characters alone: the title and facts, the middle of the table, one line per seat
(its name, badges and stats, its held cards as backs, its laid groups), the viewer's
hand and the prompt or the result. A face-up card is ``[10♥]``, a face-down one
``[▒]``; like every picture it is drawn from one view and can show no more than it.

>>> import tablegames
>>> from tablegames.table import present
>>> from tablegames.table.i18n import words_for
>>> from tablegames.render.text import table_lines
>>> state = tablegames.new_game("toepen", players=3, seed=7)
>>> lines = table_lines(present(state.view(0)), words_for("en", "toepen"))
>>> lines[0].split("   ")[0]
'Toepen'
>>> [ln for ln in lines if ln.startswith("Your hand")][0].count("[")
4
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from tablegames.render.faces import Face, from_model
from tablegames.table.i18n import Words

#: A card held face down, and the most backs drawn in a row (the count says the rest).
BACK = "[▒]"
MOST_BACKS = 12


def card(f: Face) -> str:
    """A face-up card as text: ``[10♥]``, ``[red 7]``, ``[Wild]``, ``[Ma Ysir]``."""
    if f.mark:
        return f"[{f.name}]"
    if f.suit:
        return f"[{f.label}{f.suit}]"
    return f"[{f.label or f.name}]"


def cards(faces: Sequence[Face]) -> str:
    return " ".join(card(f) for f in faces)


def backs(count: int, w: Words) -> str:
    """``count`` cards held face down: backs, and the count in words."""
    if count <= 0:
        return ""
    return ("▒" * min(count, MOST_BACKS)).replace("▒", BACK) + " " + w.n(
        "({n} card)", "({n} cards)", count)


def _standings(model: Mapping[str, Any], w: Words) -> tuple[str, list[str], list[str]]:
    """The result's sentence, the standings' label line and its entries ("P0 (you): 12
    lives lost"), and any other lines (see :func:`result_lines`)."""
    r = model["result"]
    said = r.get("said")
    first = w.text(said) if said is not None else w.text(r["title"])
    seats = model.get("seats") or []
    entries: list[str] = []
    others: list[str] = []
    label = ""
    if r["scores"]:
        label = w.text(r["scores_label"])
        for i, (name, value) in enumerate(r["scores"]):
            you = i < len(seats) and seats[i].get("you") and seats[i].get("name") == name
            entries.append(f"{name}{' ' + w('(you)') if you else ''}: {w.text(value)}")
    elif r["winners"]:
        others.append(f"{w.text(r['winners_label'])}: {w.comma.join(r['winners'])}")
    if said is None and r["losers"]:
        others.append(f"{w.text(r['losers_label'])}: {w.comma.join(r['losers'])}")
    return first, [label, *entries] if label else [], others


def result_lines(model: Mapping[str, Any], w: Words) -> list[str]:
    """The outcome as an end screen says it: one sentence, told to the viewer ("Game
    over: you won."; the presenter's ``said``), then the standings as a short list, a
    seat a line ("  P0 (you): 12 lives lost").

    The sentence already names who won or lost, so no "Winner:" line says it again
    (found by helper-106: "Game over: P3 won." / "Game over; Winner: P3; ..." / "Game
    over."); a game without scores (Shithead) lists its winners under their label.
    A result without ``said`` (an older model) begins with its title and names the
    losers too."""
    first, table, others = _standings(model, w)
    if table:
        table = [f"{table[0]}:", *(f"  {e}" for e in table[1:])]
    return [first, *table, *others]


def result_text(model: Mapping[str, Any], w: Words) -> str:
    """The outcome in words on one line: the sentence, then the standings."""
    first, table, others = _standings(model, w)
    parts = [first]
    if table:
        parts.append(f"{table[0]}: {w.comma.join(table[1:])}")
    return w.semicolon.join([*parts, *others])


def area_line(a: Mapping[str, Any], w: Words) -> str:
    """One area of the middle of the table: its label, count, cards (with who played
    them) and named things."""
    line = w.text(a["label"])
    if a.get("count") is not None:
        line += f" ({a['count']})"
    line += ":"
    shown = [BACK] * min(int(a.get("backs") or 0), MOST_BACKS)
    owners = a.get("owners") or []
    for i, f in enumerate(a["cards"]):
        owner = owners[i] if i < len(owners) and owners[i] else ""
        shown.append(card(from_model(f, w)) + (f" {owner}" if owner else ""))
    if shown:
        line += " " + "  ".join(shown)
    if a.get("items"):
        line += " " + w.comma.join(w.text(i) for i in a["items"])
    if not shown and not a.get("items"):
        line += " –"  # nothing lies there: said, as a fact without a value is
    return line


def table_lines(model: Mapping[str, Any], w: Words) -> list[str]:
    """The whole table of ``model`` (a :func:`tablegames.table.present` result) as lines."""
    title = w.text(model["title"])
    for f in model["facts"]:
        value = w.text(f["value"]) if f["value"] is not None else "–"
        title += f"   {w.text(f['label'])}: {value}"
    lines = [title]
    lines += ["  " + area_line(a, w) for a in [*model["centre"], *(model.get("panel") or [])]]
    for s in model["seats"]:
        who = s["name"] + (" " + w("(you)") if s["you"] else "") + (" ▶" if s["turn"] else "")
        who += "".join(f" [{w.text(b)}]" for b in s["badges"])
        if s["stats"]:
            who += " · " + " · ".join(w.text(x) for x in s["stats"])
        lines.append("  " + who)
        held = "" if s["you"] else backs(int(s.get("hidden") or 0), w)
        if held:
            lines.append("      " + held)
        for g in s["groups"]:
            lines.append(f"      {w.text(g['label'])}: "
                         + cards([from_model(f, w) for f in g["cards"]]))
    if model["hand"]:
        lines.append(w("Your hand") + ": " + cards([from_model(f, w) for f in model["hand"]]))
    if model["result"]:
        lines.extend(result_lines(model, w))
    elif model["prompt"] is not None:
        lines.append(w.text(model["prompt"]))
    return lines
