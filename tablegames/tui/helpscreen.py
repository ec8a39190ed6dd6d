"""``?`` at the terminal: the rulings that bear on the current prompt, in plain words.

The text is the rulings page's own (:func:`tablegames.common.rulings.load_rulings`: the
rule in words and the example "at the table", the same words as the site and
``tablegames rulings``), never a second copy that could drift. Which rulings bear on the
moment comes from three places, in this order:

* the ruling a refused move named (``IllegalAction.ruling``): why it was refused;
* the game's rulings that surprise a newcomer at any moment (:data:`STAGE_RULINGS` under
  ``"*"``): Toepen's card order (TOE-01: the ten on top, the seven over the ace), that
  only the last trick counts and that anyone may knock; Shithead's values from 1 (the ace
  is low, SHD-05) and the transparent card (SHD-26, the 9 by default);
* then the rulings of the stage the prompt is in (the knock's answer, a Shithead play's
  five-or-less and burn, a Phase 10 lay-down);
* for Dallah, every card named on the table or in the hand, each with the sentence of the
  rulings that says what it does (the card names are Arabic and explain nothing by
  themselves).
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from typing import Any

from tablegames.common.rulings import Ruling, load_rulings

#: The rulings that bear on each stage of a prompt, per game (``"*"``: every stage).
STAGE_RULINGS: dict[str, dict[str, tuple[str, ...]]] = {
    "toepen": {
        "*": ("TOE-01", "TOE-13", "TOE-21"),
        "exchange": ("TOE-03", "TOE-56"),
        "challenge": ("TOE-04",),
        "poverty": ("TOE-30", "TOE-31"),
        "play": ("TOE-11", "TOE-50", "TOE-52"),
        "respond": ("TOE-22", "TOE-51"),
    },
    "shithead": {
        "*": ("SHD-05", "SHD-26", "SHD-01"),
        "swap": ("SHD-02", "SHD-03"),
        "give": ("SHD-28",),
        "play": ("SHD-21", "SHD-20", "SHD-24", "SHD-07", "SHD-08", "SHD-09", "SHD-10"),
    },
    "phase10": {
        "*": ("P10-41", "P10-26"),
        "draw": ("P10-31", "P10-23", "P10-55"),
        "play": ("P10-40", "P10-42", "P10-50", "P10-20", "P10-51"),
    },
    "dallah": {
        "*": ("DAL-10", "DAL-50"),
        "draw": ("DAL-20", "DAL-30"),
        "roll": ("DAL-01", "DAL-03"),
        "report": ("DAL-23", "DAL-12", "DAL-14"),
        "target": ("DAL-34", "DAL-36"),
        "move": ("DAL-22",),
        "pair": ("DAL-24",),
        "protect": ("DAL-41", "DAL-42", "DAL-43", "DAL-44"),
    },
}
#: At most this many rulings are shown at once (the screen is small).
MOST = 8


def bearing(game: str, view: Mapping[str, Any], refused: str | None = None) -> list[str]:
    """The IDs of the rulings that bear on ``view``'s prompt, most pressing first."""
    stages = STAGE_RULINGS.get(game, {})
    ids = ([refused] if refused else []) + list(stages.get("*", ())) \
        + list(stages.get(str(view.get("stage")), ()))
    seen: list[str] = []
    for i in ids:
        if i not in seen:
            seen.append(i)
    return seen[:MOST]


def first_sentence(text: str) -> str:
    """The first sentence of a paragraph, on one line."""
    flat = " ".join(text.split())
    m = re.search(r"(?<=[.!?])\s", flat)
    return flat if m is None else flat[:m.start()]


def card_glossary(view: Mapping[str, Any], rulings: Sequence[Ruling]) -> list[str]:
    """Dallah: each card named in ``view`` (the card in play, the cards held) with the
    sentence of the rulings that says what it does."""
    names: Mapping[str, str] = (view.get("names") or {}).get("cards") or {}
    codes = [c.get("id") if isinstance(c, Mapping) else c
             for c in (view.get("card"), *(view.get("hand") or []))]
    lines: list[str] = []
    for code in codes:
        name = names.get(str(code)) if code is not None else None
        if not name or any(x.startswith(name + ":") for x in lines):
            continue
        titled = [r for r in rulings if name.lower() in r.title.lower()]
        told = [r for r in rulings if name.lower() in r.text.lower()]
        if titled:  # the ruling about the card: its first sentence says what it does
            lines.append(f"{name}: {first_sentence(titled[0].text)} ({titled[0].id})")
        elif told:
            text = told[0].text
            lines.append(f"{name}: "
                         f"{first_sentence(text[text.lower().index(name.lower()):])} "
                         f"({told[0].id})")
    return lines


def help_text(game: str, view: Mapping[str, Any], refused: str | None = None) -> list[str]:
    """The help screen's paragraphs: the glossary (Dallah), then each ruling's rule and
    example "at the table", in plain words."""
    rulings = load_rulings(game)
    by_id = {r.id: r for r in rulings}
    parts: list[str] = []
    if game == "dallah":
        parts.extend(card_glossary(view, rulings))
    for rid in bearing(game, view, refused):
        r = by_id.get(rid)
        if r is None:
            continue
        parts.append(f"{r.id} {r.title}. {for_players(r.text)}")
        if r.example:
            parts.append("  At the table: " + for_players(r.example))
    return parts


#: A MyST target (``(house-rules)=``) starts another section of the page: what follows
#: is not the ruling's.
_TARGET = re.compile(r"\(\w[\w-]*\)=")
#: Words for programmers: a call (``legal_actions(seat)``), an option set to a value
#: (``knock_only_on_turn=True``), a name with an underscore (``max_stake``).
_CODE = re.compile(r"\w+\([\w, ]*\)|\w+=\S+|\b\w+_\w+\b")


def for_players(text: str) -> str:
    """A ruling's words as a player reads them at the table: the rule, without the
    decision (how the engine implements it, with its option names), without the page's
    next section (a MyST target such as ``(house-rules)=`` and what follows), and without
    any sentence still written for programmers."""
    from tablegames.render.terminal import split_decision

    rule = _TARGET.split(split_decision(text)[0], maxsplit=1)[0]
    flat = " ".join(rule.replace("`", "").split())
    flat = re.sub(r"\s*\((?:[^()]*\s)?[\w.]+_[\w.]+[^()]*\)", "", flat)  # "(pending_skips …)"
    sentences = re.split(r"(?<=[.!?])\s+", flat)
    return " ".join(x for x in sentences if not _CODE.search(x)).strip()
