"""What just happened, in words: events (as one seat saw them) turned into sentences.

An event dict is for programs (``{"kind": "knock", "seat": 2, "stake": 3}``); a person at
the table says "Cy knocked: the stake is 3". :class:`Narrator` writes that sentence for each
event kind of each game, from the dict a seat received (``event.for_seat(seat)``), so it
can say only what that seat was told: "You drew R7" for the seat that drew, "Bo drew from
the stock" for everybody else.

A sentence is a list of pieces, text and :class:`~tablegames.render.faces.Face`, so the
terminal can colour the cards and anything else can print them as ``10♥``
(:func:`plain`). Events no person needs to hear (a shuffle before a deal) give ``None``;
an event kind this module does not know is still said in words ("Bo: tiebreak"), never as
a dict.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Mapping, Sequence
from typing import Any

from tablegames.render.faces import Face, face

Piece = str | Face
Line = list[Piece]
_FIELD = re.compile(r"\{(\w+)\}")


def plain(line: Sequence[Piece]) -> str:
    """A sentence as text, cards as people read them (``10♥``)."""
    return "".join(p.text if isinstance(p, Face) else p for p in line)


def _int(value: Any) -> int | None:
    return value if isinstance(value, int) and not isinstance(value, bool) else None


def plural(n: int, one: str, many: str | None = None) -> str:
    """``1 card``, ``3 cards``."""
    return f"{n} {one if n == 1 else (many or one + 's')}"


class Narrator:
    """Says events in words for one game, from the point of view of seat ``me``.

    ``names`` are the players; ``labels`` are a card set's display names (Dallah's
    ``view["names"]``: shapes, zones, cards) in ``lang``.
    """

    def __init__(self, game: str, names: Sequence[str], me: int | None,
                 labels: Mapping[str, Mapping[str, str]] | None = None, lang: str = "en") -> None:
        self.game = game
        self.names = list(names)
        self.me = me
        self.labels = labels or {}
        self.lang = lang
        sayers: dict[str, Callable[[dict[str, Any]], Line | None]] = {
            "toepen": self._toepen, "shithead": self._shithead, "phase10": self._phase10,
            "dallah": self._dallah,
        }
        self._say = sayers.get(game, self._generic)

    # ----------------------------------------------------------------- helpers
    def who(self, seat: Any) -> str:
        """"You" for the seat being told, the player's name otherwise."""
        s = _int(seat)
        if s is None or not 0 <= s < len(self.names):
            return "?"
        if s == self.me:
            # Arabic verbs agree with their subject; the name keeps every sentence right.
            return f"{self.names[s]} (أنت)" if self.lang == "ar" else "You"
        return self.names[s]

    def does(self, seat: Any, verb: str) -> str:
        """Subject and present-tense verb: "Bo leads", "You lead", "You are"."""
        who = self.who(seat)
        if who != "You":
            return f"{who} {verb}"
        first, _, rest = verb.partition(" ")
        first = {"is": "are", "has": "have"}.get(first, first[:-1] if first.endswith("s") else first)
        return f"You {first}" + (f" {rest}" if rest else "")

    def whom(self, seat: Any) -> str:
        """The object form: "you" / the name."""
        text = self.who(seat)
        return "you" if text == "You" else text

    def cards(self, notations: Any) -> Line:
        """Cards of this game as faces, separated by spaces (unknown words as text)."""
        out: Line = []
        for i, n in enumerate(notations if isinstance(notations, list | tuple) else [notations]):
            if i:
                out.append(" ")
            f = face(self.game, str(n))
            out.append(f if f is not None else str(n))
        return out

    def label(self, group: str, ident: Any) -> str:
        """A Dallah id in words (``"tall"`` -> ``"Tall"``), in the chosen language."""
        return str(self.labels.get(group, {}).get(str(ident), str(ident).replace("_", " ")))

    def fmt(self, template: str, **values: Any) -> Line:
        """``template`` with ``{fields}`` filled; a field given as a list of pieces is spliced."""
        out: Line = []
        pos = 0
        for match in _FIELD.finditer(template):
            out.append(template[pos:match.start()])
            value = values.get(match.group(1), "")
            if isinstance(value, list):
                out.extend(value)
            else:
                out.append(str(value))
            pos = match.end()
        out.append(template[pos:])
        return [p for p in out if p != ""]

    def say(self, event: Mapping[str, Any]) -> Line | None:
        """The sentence for one event dict, or ``None`` when there is nothing to say."""
        data = dict(event)
        try:
            return self._say(data)
        except (KeyError, TypeError, ValueError, IndexError, AttributeError):
            return self._generic(data)

    def _generic(self, e: dict[str, Any]) -> Line:
        kind = str(e.get("kind", "something")).replace("_", " ")
        if "seat" in e:
            return [f"{self.who(e['seat'])}: {kind}"]
        return [kind[:1].upper() + kind[1:]]

    # ----------------------------------------------------------------- Toepen
    def _toepen(self, e: dict[str, Any]) -> Line | None:
        k, who = e["kind"], self.who(e.get("seat"))
        if k == "exchange":
            line = self.fmt("{who} threw the hand in for four new cards", who=who)
            if e.get("cards"):
                line += [": ", *self.cards(e["cards"])]
            return line
        if k == "keep":
            return [f"{who} kept the hand"]
        if k == "challenge":
            honest = e.get("honest")
            line = self.fmt("{who} challenged {ex}: the thrown hand was {cards}, ",
                            who=who, ex=self.whom(e["exchanger"]), cards=self.cards(e["thrown"]))
            line.append("honest" if honest else "a bluff")
            lost = _int(e.get("lives_lost")) or 0
            line.append(f"; {self.who(e['loser'])} lost {plural(lost, 'life', 'lives')}")
            return line
        if k == "accept":
            return [f"{who} let the exchange of {self.whom(e['exchanger'])} stand"]
        if k == "play":
            return self.fmt("{who} played {card}", who=who, card=self.cards(e["card"]))
        if k == "knock":
            return [f"{who} knocked: the stake is now {e['stake']}"]
        if k == "stay":
            return [f"{who} stayed in for {e['stake']}"]
        if k == "fold":
            lost = _int(e.get("lives_lost")) or 0
            return [f"{who} folded and lost {plural(lost, 'life', 'lives')}"]
        if k == "trick":
            return self.fmt("{w} won trick {n} with {card}", w=self.who(e["winner"]),
                            n=(_int(e.get("trick")) or 0) + 1, card=self.cards(e["card"]))
        if k == "hand_over":
            paid = e.get("paid") or {}
            costs = ", ".join(f"{self.who(int(s))} {plural(int(n), 'life', 'lives')}"
                              for s, n in paid.items())
            return [f"{self.who(e['winner'])} won the hand (stake {e['stake']})"
                    + (f"; lost: {costs}" if costs else "")]
        if k == "deal":
            text = f"Hand {(_int(e.get('hand')) or 0) + 1}: {self.who(e['dealer'])} dealt, " \
                   f"{self.does(e['leader'], 'leads')}"
            poor = e.get("poverty") or []
            if poor:
                text += "; poverty: " + ", ".join(self.who(s) for s in poor)
            return [text]
        if k == "cards":
            return self.fmt("Your cards: {cards}", cards=self.cards(e["cards"])) \
                if e.get("cards") else None
        if k == "announcement":
            must = " (must)" if e.get("must") else ""
            return [f"{who} announced {e['announcement']}{must}: {e.get('reason', '')}"]
        if k == "game_over":
            return [self._over(e.get("winners"), e.get("losers"))]
        if k == "shuffle":
            return None
        return self._generic(e)

    def _over(self, winners: Any, losers: Any) -> str:
        won = ", ".join(self.who(s) for s in winners or [])
        lost = ", ".join(self.who(s) for s in losers or [])
        return "Game over" + (f": {won} won" if won else "") + (f"; {lost} lost" if lost else "")

    # ----------------------------------------------------------------- Shithead
    def _shithead(self, e: dict[str, Any]) -> Line | None:
        k, who = e["kind"], self.who(e.get("seat"))
        if k == "swap":
            return self.fmt("{who} took {a} into the hand and put {b} face up", who=who,
                            a=self.cards(e["to_hand"]), b=self.cards(e["to_face_up"]))
        if k == "done":
            return [f"{self.does(e.get('seat'), 'is')} ready"]
        if k == "start":
            return self.fmt("{who}, showing {card}; play goes {d}",
                            who=self.does(e.get("seat"), "starts"),
                            card=self.cards(e["shows"]), d=e.get("direction", ""))
        if k == "play":
            where = {"face_up": " from the face-up cards", "face_down": " from the face-down cards"}
            return self.fmt("{who} played {cards}{where}", who=who, cards=self.cards(e["cards"]),
                            where=where.get(str(e.get("from")), ""))
        if k == "draw":
            return [f"{who} drew {plural(int(e['count']), 'card')}"]
        if k == "burn":
            return [f"The pile burned ({e.get('reason', 'burn')}): "
                    f"{plural(len(e.get('cards') or []), 'card')} out of the game"]
        if k == "reverse":
            return [f"Play now goes {e['direction']}"] if e.get("effective") else \
                [f"{who} played a reverse; it changes nothing"]
        if k == "removed":
            return self.fmt("{cards} left the game", cards=self.cards(e["cards"]))
        if k == "give":
            return [f"{who} gave the pile ({plural(len(e.get('cards') or []), 'card')}) to "
                    f"{self.whom(e['target'])}"]
        if k == "pickup":
            return [f"{who} picked up the pile ({plural(len(e.get('cards') or []), 'card')})"]
        if k == "skip":
            return [f"{plural(int(e['players']), 'player')} skipped"]
        if k == "under_over":
            return self.fmt("Under-over: {card} comes up from the bottom of the pile",
                            card=self.cards(e["top"]))
        if k == "blind":
            line = self.fmt("{who} turned up a face-down card: {card}", who=who,
                            card=self.cards(e["card"]))
            line.append(", it can be played" if e.get("fits") else ", it does not fit")
            return line
        if k == "finished":
            return [f"{who} went out (place {e['place']})"]
        if k in ("round_over", "game_over"):
            what = "Game over" if k == "game_over" else "Round over"
            loser = e.get("loser")
            return [f"{what}: {self.does(loser, 'is')} the shithead" if loser is not None
                    else f"{what}: nobody is the shithead"]
        if k == "deal":
            return ["The cards are dealt: three face down, three face up and a hand each"]
        if k == "hand":
            return self.fmt("Your hand: {cards}", cards=self.cards(e["cards"])) \
                if e.get("cards") else None
        return self._generic(e)

    # ----------------------------------------------------------------- Phase 10
    def _phase10(self, e: dict[str, Any]) -> Line | None:
        k, who = e["kind"], self.who(e.get("seat"))
        if k == "take":
            return self.fmt("{who} took {card} from the discard pile", who=who,
                            card=self.cards(e["card"]))
        if k == "draw":
            if e.get("card"):
                return self.fmt("{who} drew {card} from the stock", who=who,
                                card=self.cards(e["card"]))
            return [f"{who} drew from the stock"]
        if k == "discard":
            line = self.fmt("{who} discarded {card}", who=who, card=self.cards(e["card"]))
            if e.get("skips") is not None:
                line.append(f", skipping {self.whom(e['skips'])}")
            return line
        if k == "lay":
            line = self.fmt("{who} laid down phase {p}: ", who=who, p=e.get("phase", "?"))
            for i, group in enumerate(e.get("groups") or []):
                cards = str(group).split("=", 1)[-1].split(",")
                line += ([" + "] if i else []) + self.cards(cards)
            return line
        if k == "hit":
            owner = str(e.get("group", "")).split(".")[0]
            return self.fmt("{who} added {card} to a group of {owner}", who=who,
                            card=self.cards(e["card"]),
                            owner=self.whom(int(owner)) if owner.isdigit() else "?")
        if k == "skipped":
            return [f"{who} was skipped"]
        if k == "hand_over":
            added = e.get("added") or []
            points = ", ".join(f"{self.who(s)} +{n}" for s, n in enumerate(added) if n)
            return [f"{self.who(e['out'])} went out" + (f"; points: {points}" if points else "")]
        if k == "deal":
            return [f"Hand {(_int(e.get('hand')) or 0) + 1}: {self.who(e['dealer'])} dealt, "
                    f"{self.does(e['first'], 'plays')} first"]
        if k == "cards":
            return self.fmt("Your cards: {cards}", cards=self.cards(e["cards"])) \
                if e.get("cards") else None
        if k == "cover":
            return self.fmt("{card} turned up on the discard pile", card=self.cards(e["card"]))
        if k == "reshuffle":
            return [f"The discard pile was shuffled into a new stock ({e.get('cards')} cards)"]
        if k == "tiebreak":
            return ["Tie: a deciding hand for " + ", ".join(self.who(s) for s in e.get("seats") or [])]
        if k == "game_over":
            return [f"Game over: {self.who(e['winner'])} won"] if e.get("winner") is not None \
                else [self._over(e.get("winners"), e.get("losers"))]
        if k == "shuffle":
            return None
        return self._generic(e)

    # ----------------------------------------------------------------- Dallah
    def _dallah(self, e: dict[str, Any]) -> Line | None:
        words = _DALLAH[self.lang if self.lang in _DALLAH else "en"]
        k = str(e["kind"])
        template = words.get(k)
        if template is None:
            return None if k in _DALLAH_QUIET else self._generic(e)
        def shape(x: Any) -> str:
            return self.label("shapes", x)

        cups = e.get("cups")
        comma = "، " if self.lang == "ar" else ", "
        values: dict[str, Any] = {
            "who": self.who(e.get("seat")),
            "card": self.label("cards", e.get("card")),
            "zone": self.label("zones", e.get("zone")),
            "cup": shape(e.get("cup")),
            "collector": self.whom(e.get("collector")),
            "target": self.whom(e.get("target")),
            "source": self.whom(e.get("source")),
            "recipient": self.whom(e.get("recipient")),
            "from": self.label("zones", e.get("from")),
            "to": self.label("zones", e.get("to")),
            "n": cups if _int(cups) is not None else "",
            "cups": comma.join(map(shape, cups)) if isinstance(cups, list) else "",
            "losers": comma.join(self.who(s) for s in e.get("losers") or []),
            "asked": comma.join(self.who(s) for s in e.get("asked") or []),
            "moves": "; ".join(
                words["move_one"].format(a=self.who(m.get("from")), b=self.whom(m.get("to")),
                                         n=m.get("cups"))
                for m in e.get("moves") or []),
            "deck": words.get("deck_" + str(e.get("deck")), str(e.get("deck"))),
            "face": shape(e.get("face")),
        }
        if k == "turn" and _int(e.get("seat")) == self.me:
            template = words["your_turn"]
        if k == "game_over" and not e.get("losers"):
            template = words["game_over_none"]
        if k == "protect" and e.get("to") is not None:
            template = words["protect_to"]
            values["target"] = self.whom(e.get("to"))
        return self.fmt(template, **values)


#: Dallah events nobody needs to read (the next line says what they led to).
_DALLAH_QUIET = frozenset({"setup"})

_DALLAH: dict[str, dict[str, str]] = {
    "en": {
        "action_card": "{who} drew {card}",
        "retire": "{who} retired {n} cup(s) from the game",
        "turn": "Turn of {who}",
        "your_turn": "Your turn",
        "roll": "{who} rolled: {cups}",
        "placement_card": "{cup} goes on the {zone}",
        "collapse": "The Dallah collapsed: {n} cup(s) go to {collector}",
        "settled": "The Dallah settled",
        "redrawn": "{card} drawn again",
        "pile_action": "{card}: {moves}",
        "move_one": "{n} cup(s) from {a} to {b}",
        "swap": "{who} swapped {card} for another card",
        "fell": "{cup} fell from the {zone}; it goes to {collector}",
        "returned": "Back to the shared pile: {cups}",
        "no_effect": "{card} has no effect",
        "target": "{who} chose {target}",
        "pair": "{who} chose: from {source} to {recipient}",
        "protection_held": "{who} put {card} face up for later",
        "no_space": "No space left on the {zone}",
        "protection_window": "{asked} may protect",
        "protect": "{who} played {card}",
        "protect_to": "{who} played {card} towards {target}",
        "allow": "{who} allowed it",
        "reshuffle": "The {deck} deck was reshuffled",
        "deck_actions": "Action", "deck_placements": "Placement",
        "reroll": "{face} is sold out: rolled again",
        "timeout": "Time ran out for {who}",
        "move": "{who} moved {cup} from the {from} to the {to}",
        "game_over": "Game over: the Biggest Loser is {losers}",
        "game_over_none": "Game over: every pile is empty, nobody is the Biggest Loser",
    },
    "ar": {
        "action_card": "{who} سحب {card}",
        "retire": "{who} أخرج {n} فنجان من اللعبة",
        "turn": "دور {who}",
        "your_turn": "دورك",
        "roll": "{who} رمى النرد: {cups}",
        "placement_card": "{cup} يوضع على {zone}",
        "collapse": "انهارت الدلة: {collector} يأخذ {n} فنجان",
        "settled": "استقرت الدلة",
        "redrawn": "سُحبت {card} من جديد",
        "pile_action": "{card}: {moves}",
        "move_one": "{n} فنجان من {a} إلى {b}",
        "swap": "{who} بدّل {card} ببطاقة أخرى",
        "fell": "سقط {cup} من {zone}؛ يأخذه {collector}",
        "returned": "عاد إلى المجموعة المشتركة: {cups}",
        "no_effect": "{card} بلا أثر",
        "target": "{who} اختار {target}",
        "pair": "{who} اختار: {source} يعطي و{recipient} يأخذ",
        "protection_held": "{who} يحتفظ بـ{card} مكشوفة",
        "no_space": "لا مكان على {zone}",
        "protection_window": "يمكن لـ{asked} أن يحمي نفسه",
        "protect": "{who} لعب {card}",
        "protect_to": "{who} لعب {card} نحو {target}",
        "allow": "{who} سمح بذلك",
        "reshuffle": "خُلطت بطاقات {deck} من جديد",
        "deck_actions": "الإجراء", "deck_placements": "الأماكن",
        "reroll": "نفد {face}: رمية جديدة",
        "timeout": "انتهى وقت {who}",
        "move": "{who} نقل {cup} من {from} إلى {to}",
        "game_over": "انتهت اللعبة: أكبر خسران {losers}",
        "game_over_none": "انتهت اللعبة: كل المجموعات فارغة، لا يوجد أكبر خسران",
    },
}
