"""Legal actions as buttons: a label in the phone's language and the cards to draw on it.

The phone sends back exactly the notation it was given (``"n"``), so the label is only
for people: it is built from the notation and public names, never from the state.
Anything this module cannot read still gets a button named by its verb, with its cards
and seats in words, so a new verb in an engine (an interrupt such as a cut-in) is
playable before it is translated.
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from typing import Any

from tablegames.server.faces import face, short
from tablegames.server.words import ACTIONS, P10_COLOURS

#: Verbs whose single-card actions are taken by tapping the card in the hand.
TAP_VERBS: dict[str, frozenset[str]] = {
    "toepen": frozenset({"play"}),
    "shithead": frozenset({"play"}),
    "phase10": frozenset({"discard"}),
}

#: Dallah's report verbs: shown on the big report screen rather than as small buttons.
DALLAH_REPORTS = frozenset({"settled", "fell", "collapse", "nospace", "timeout", "swap"})


class Context:
    """What a label may name: players, the phone's language, display names, the hand."""

    def __init__(self, game: str, players: Sequence[str], lang: str,
                 names: Mapping[str, Mapping[str, str]] | None = None,
                 zone: str | None = None) -> None:
        self.game = game
        self.players = list(players)
        self.lang = lang
        self.names = names or {}
        #: Dallah: the zone of the Placement card in play (what ``nospace`` is about).
        self.zone = zone

    def who(self, text: str) -> str:
        """The name of the seat written as ``text`` (the text itself if it is no seat)."""
        if text.isdigit() and len(text) < 4 and int(text) < len(self.players):
            return self.players[int(text)]
        return text

    def named(self, group: str, key: str) -> str:
        """A display name from the game's names (Dallah's shapes, zones and cards)."""
        return str(self.names.get(group, {}).get(key, key))

    def card(self, code: str) -> dict[str, Any]:
        return face(self.game, code, self.names.get("cards"))

    def card_text(self, code: str) -> str:
        """A card for a sentence in this language."""
        text = short(self.game, code)
        if self.game == "phase10":
            f = face(self.game, code)
            words = P10_COLOURS[self.lang]
            if f["suit"]:
                return words[f["suit"]]
            if f["kind"] == "phase10":
                return f"{words[f['colour']]} {f['rank']}"
        if self.game == "dallah":
            return self.named("cards", code)
        return text

    def cards_text(self, codes: Sequence[str]) -> str:
        return " ".join(self.card_text(c) for c in codes)


def split(notation: str) -> tuple[str, str, str]:
    """``"2:play Th"`` -> ``("2", "play", "Th")`` (empty parts where the text has none)."""
    seat, _, rest = notation.partition(":")
    verb, _, args = rest.partition(" ")
    return seat, verb, args


def label(notation: str, ctx: Context) -> dict[str, Any]:
    """The button for one legal action (see the module docstring)."""
    _seat, verb, args = split(notation)
    button: dict[str, Any] = {"n": notation, "verb": verb, "label": notation, "cards": []}
    maker = _MAKERS.get(ctx.game)
    if maker is not None:
        try:
            fields = maker(verb, args, ctx, button)
        except (ValueError, KeyError, IndexError):
            fields = None
        if fields is not None:
            key, kw = fields
            template = ACTIONS[ctx.lang].get((ctx.game, key))
            if template is not None:
                button["label"] = template.format(**kw)
                return button
    return _plain(verb, args, ctx, button)


def _plain(verb: str, args: str, ctx: Context, button: dict[str, Any]) -> dict[str, Any]:
    """A verb with no words yet (a new interrupt such as a cut-in): its name, its cards."""
    tokens = [t for t in re.split(r"[ ,/]", args) if t]
    cards = [t for t in tokens if face(ctx.game, t)["kind"] in ("french", "phase10")]
    if cards:
        button["cards"] = [ctx.card(c) for c in cards]
    words = [ctx.card_text(t) if t in cards else ctx.who(t) for t in tokens]
    button["label"] = " ".join([verb.replace("_", " ").capitalize(), *words])
    return button


def _cards(codes: Sequence[str], ctx: Context, button: dict[str, Any]) -> str:
    button["cards"] = [ctx.card(c) for c in codes]
    return ctx.cards_text(codes)


def _toepen(verb: str, args: str, ctx: Context, b: dict[str, Any]) -> tuple[str, dict[str, Any]]:
    if verb == "play":
        return verb, {"cards": _cards([args], ctx, b)}
    return verb, {}


def _phase10(verb: str, args: str, ctx: Context, b: dict[str, Any]) -> tuple[str, dict[str, Any]]:
    if verb == "lay":
        groups = [g.partition("=")[2].split(",") for g in args.split()]
        b["groups"] = [[ctx.card(c) for c in g] for g in groups]
        return verb, {"groups": " + ".join(ctx.cards_text(g) for g in groups)}
    if verb == "hit":
        card_part, _, target = args.partition(">")
        code = card_part.partition("=")[0]
        owner, _, index = target.partition(".")
        return verb, {"cards": _cards([code], ctx, b), "who": ctx.who(owner),
                      "group": int(index) + 1}
    if verb == "discard":
        code, _, target = args.partition(">")
        text = _cards([code], ctx, b)
        if target:
            return "skip", {"who": ctx.who(target)}
        return verb, {"cards": text}
    return verb, {}


def _shithead(verb: str, args: str, ctx: Context, b: dict[str, Any]) -> tuple[str, dict[str, Any]]:
    if verb == "swap":
        up, _, hand = args.partition("/")
        ups, hands = up.split(","), hand.split(",")
        b["cards"] = [ctx.card(c) for c in ups]
        b["for"] = [ctx.card(c) for c in hands]
        return verb, {"up": ctx.cards_text(ups), "hand": ctx.cards_text(hands)}
    if verb == "play":
        return verb, {"cards": _cards(args.split(","), ctx, b)}
    if verb == "blind":
        return verb, {"n": int(args) + 1}
    if verb == "give":
        return verb, {"who": ctx.who(args)}
    return verb, {}


def _dallah(verb: str, args: str, ctx: Context, b: dict[str, Any]) -> tuple[str, dict[str, Any]]:
    b["report"] = verb in DALLAH_REPORTS
    if verb == "fell":
        zone, _, shape = args.partition(":")
        b["zone"], b["shape"] = zone, shape
        return verb, {"shape": ctx.named("shapes", shape), "zone": ctx.named("zones", zone)}
    if verb == "move":
        cup, _, to = args.partition(" ")
        zone, _, shape = cup.partition(":")
        return verb, {"shape": ctx.named("shapes", shape), "zone": ctx.named("zones", zone),
                      "to": ctx.named("zones", to)}
    if verb == "nospace":
        return verb, {"zone": ctx.named("zones", ctx.zone or "")}
    if verb == "target":
        return verb, {"who": ctx.who(args)}
    if verb == "pair":
        a, _, c = args.partition(" ")
        return verb, {"a": ctx.who(a), "b": ctx.who(c)}
    if verb == "redirect":
        return ("redirect", {"who": ctx.who(args)}) if args else ("cancel", {})
    return verb, {}


_MAKERS = {"toepen": _toepen, "phase10": _phase10, "shithead": _shithead, "dallah": _dallah}


def buttons(legal: Sequence[str], hand: Sequence[str], ctx: Context) -> list[dict[str, Any]]:
    """Buttons for every legal action, with ``tap`` set where a card in the hand is the button.

    A card is tappable when exactly one legal action of the game's tap verb plays that
    card alone; anything ambiguous stays a button.
    """
    out = [label(n, ctx) for n in legal]
    verbs = TAP_VERBS.get(ctx.game, frozenset())
    by_card: dict[str, list[dict[str, Any]]] = {}
    for b in out:
        if b["verb"] in verbs and len(b["cards"]) == 1 and "for" not in b:
            by_card.setdefault(b["cards"][0]["code"], []).append(b)
    held = set(hand)
    for code, group in by_card.items():
        if len(group) == 1 and code in held:
            group[0]["tap"] = code
    return out
