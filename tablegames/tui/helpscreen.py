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
* for Dallah first, every card named on the table or in the hand, each with what it does
  and the ruling that decides it, in the session's language (the card names are Arabic
  and explain nothing by themselves).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from tablegames.common.rulings import for_players, load_rulings, player_texts
from tablegames.table.i18n import Words, ruling_words, words_for

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


def card_glossary(view: Mapping[str, Any], cards: Any, w: Words) -> list[str]:
    """Dallah: each card named in ``view`` (the card in play, the cards held), with what it
    does and the rulings that decide it, in ``w``'s language
    (:func:`tablegames.dallah.present.card_help`: catalogued sentences made from the card's
    kind, never words cut out of the English rulings page). ``cards`` is the game's card
    set (``state.rules.cards``): a view names the cards held by code only."""
    from tablegames.dallah.present import glossary
    from tablegames.dallah.prompts import card_json

    held: dict[str, dict[str, Any]] = {}
    for a in getattr(cards, "actions", ()):
        held[a.id] = card_json(a)
    for p in getattr(cards, "protection", ()):
        held[p.id] = {"id": p.id, "kind": p.kind}
    return [w.text(m) for m in glossary(view, held)]


def help_text(game: str, view: Mapping[str, Any], refused: str | None = None, *,
              w: Words | None = None, cards: Any = None) -> list[str]:
    """The help screen's paragraphs: the glossary (Dallah, in ``w``'s language), then each
    ruling's title, rule and example "at the table", in plain words.

    A ruling's words come from the English rulings page (the site's text) and are
    translated by the game's rulings catalogue (the ``<game>_rulings`` domain, in the
    game's languages; :func:`tablegames.table.catalogues.ruling_ids`), read through
    :func:`~tablegames.table.i18n.ruling_words` as ``tablegames rulings`` reads it. A text the
    catalogue does not hold yet (a ruling reworded since it was translated) is shown in
    English, and a catalogued line says so before the rulings."""
    w = w if w is not None else words_for("en", game)
    rulings = load_rulings(game)
    by_id = {r.id: r for r in rulings}
    parts: list[str] = []
    if game == "dallah":
        parts.extend(card_glossary(view, cards, w))
    shown = [by_id[rid] for rid in bearing(game, view, refused) if rid in by_id]
    said = ruling_words(game, w.lang)
    if w.lang != "en" and any(said(x) == x for r in shown for x in player_texts(r)):
        parts.append(w("Some rulings below are written in English."))
    for r in shown:
        parts.append(f"{r.id} {said(r.title)}. {said(for_players(r.text))}")
        if r.example:
            parts.append("  " + w("At the table: {example}",
                                  example=said(for_players(r.example))))
    return parts
