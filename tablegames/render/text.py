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


def result_text(model: Mapping[str, Any], w: Words) -> str:
    """The outcome in words: who won, who lost, the scores."""
    r = model["result"]
    parts = [w.text(r["title"])]
    if r["winners"]:
        parts.append(f"{w.text(r['winners_label'])}: {w.comma.join(r['winners'])}")
    if r["losers"]:
        parts.append(f"{w.text(r['losers_label'])}: {w.comma.join(r['losers'])}")
    if r["scores"]:
        parts.append(f"{w.text(r['scores_label'])}: "
                     + w.comma.join(f"{name} {w.text(v)}" for name, v in r["scores"]))
    return w.semicolon.join(parts)


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
        lines.append(result_text(model, w))
    elif model["prompt"] is not None:
        lines.append(w.text(model["prompt"]))
    return lines
