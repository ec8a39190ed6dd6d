"""Phase 10's presenter: a view drawn as the table model (:mod:`tablegames.table.model`).

Card faces come from the Phase 10 pack (:data:`tablegames.phase10.cards.PACK`, with its
``NUMBER`` and ``COLOUR`` tables): a number card carries its colour *name* as a mark drawn
on the card, so no one needs to tell red from green by the background, and every sentence
names the colour ("Discard red 2", never "discard 2" twice for two different cards).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from tablegames.phase10.cards import COLOUR, COLOUR_NAMES, COLOURS, NUMBER, PACK, SKIP, WILD
from tablegames.table import Presenter
from tablegames.table.model import (
    N_,
    Face,
    Faces,
    Msg,
    Np_,
    Table,
    action,
    area,
    at,
    but_last,
    fact,
    is_you,
    joined,
    mark_taps,
    moves_left,
    msg,
    name_of,
    names,
    plural,
    result,
    seat,
    table,
    told,
    you_among,
)

#: A colour's name in a sentence ("red 7") and on the card ("red").
_COLOUR_CARD = {"red": N_("red {n}"), "blue": N_("blue {n}"), "green": N_("green {n}"),
                "yellow": N_("yellow {n}")}
_COLOUR_WORD = {"red": N_("red"), "blue": N_("blue"), "green": N_("green"), "yellow": N_("yellow")}


def _make(c: int) -> Face:
    notation = str(PACK.faces[c])
    if c == WILD:
        return {"code": notation, "rank": "W", "suit": "", "colour": "wild", "value": None,
                "special": "wild", "name": msg("Wild"), "mark": msg("Wild")}
    if c == SKIP:
        return {"code": notation, "rank": "S", "suit": "", "colour": "skip", "value": None,
                "special": "skip", "name": msg("Skip"), "mark": msg("Skip")}
    colour = COLOUR_NAMES[COLOUR[c]]
    n = NUMBER[c]
    return {"code": notation, "rank": str(n), "suit": "", "colour": colour, "value": n,
            "special": None, "name": msg(_COLOUR_CARD[colour], n=n), "mark": msg(_COLOUR_WORD[colour])}


#: Every face of the pack, by code and by canonical name: ``card(code)`` and
#: ``cards(codes)`` give fresh faces (unknown text is drawn with itself as its name).
_FACES = Faces(len(PACK.faces), _make, PACK.code)
card = _FACES.card
cards = _FACES.cards


def _names_of(faces: Sequence[Face]) -> list[Msg]:
    return [f["name"] for f in faces]


_COLOUR_GROUP = {"red": Np_("{n} red card", "{n} red cards"),
                 "blue": Np_("{n} blue card", "{n} blue cards"),
                 "green": Np_("{n} green card", "{n} green cards"),
                 "yellow": Np_("{n} yellow card", "{n} yellow cards")}
_KINDS = {"set": Np_("set of {n}", "set of {n}"), "run": Np_("run of {n}", "run of {n}"),
          "colour": Np_("{n} card of one colour", "{n} cards of one colour")}


def phase_words(text: Any) -> Msg:
    """A phase as words: the view's ``"set of 3 + run of 4"`` read part by part."""
    parts: list[Msg] = []
    for part in str(text or "").split(" + "):
        kind, _, n = part.partition(" of ")
        if kind in _KINDS and n.isdigit():
            one, many = _KINDS[kind]
            parts.append(plural(one, many, int(n)))
        else:
            return msg("{text}", text=str(text))
    if not parts:
        return msg("{text}", text="")
    words = parts[0]
    for p in parts[1:]:
        words = msg("{a} + {b}", a=words, b=p)
    return words


#: A set said as a player says it ("three 10s"), by its size; a larger one is counted.
_SET_OF = {2: N_("two {number}s"), 3: N_("three {number}s"), 4: N_("four {number}s"),
           5: N_("five {number}s"), 6: N_("six {number}s"), 7: N_("seven {number}s"),
           8: N_("eight {number}s")}


def group_words(g: Mapping[str, Any]) -> Msg:
    """A laid group in words: "four 7s", "run 3-8", "5 green cards".

    A set is said as a player says it at the table ("three 10s"), not as a formula
    ("set of 3 × 10"), which a usability test found read oddly."""
    kind, n = g.get("kind"), len(g.get("cards") or [])
    if kind == "set":
        if g.get("number") is None:
            return plural("set of {n} Wild (number still open)", "set of {n} Wilds (number still open)", n)
        if n in _SET_OF:
            return msg(_SET_OF[n], number=g.get("number"))
        return plural("{n} card numbered {number}", "{n} cards numbered {number}", n,
                      number=g.get("number"))
    if kind == "run":
        nums = g.get("numbers") or []
        return msg("run {low}-{high}", low=nums[0] if nums else "?", high=nums[-1] if nums else "?")
    colour = g.get("colour")
    if type(colour) is int and 0 <= colour < 4:
        colour = COLOUR_NAMES[colour]
    if isinstance(colour, str) and colour in _COLOUR_GROUP:
        one, many = _COLOUR_GROUP[colour]
        return plural(one, many, n)
    return plural("{n} Wild of one colour (still open)", "{n} Wilds of one colour (still open)", n)


def _laid_group(head: str) -> dict[str, Any] | None:
    """What a lay-down group's notation head (``set2``, ``run5-8``, ``colB``, ``set?``)
    says of the group, as a laid group's view says it (for :func:`group_words`), or
    ``None`` for a head that is none of these."""
    kind, key = head[:3].lower(), head[3:]
    if kind == "set":
        return {"kind": "set", "number": int(key) if key.isdigit() else None}
    if kind == "run":
        low, _, high = key.partition("-")
        if not (low.isdigit() and high.isdigit()):
            return None
        return {"kind": "run", "numbers": [int(low), int(high)]}
    if kind == "col":
        return {"kind": "colour", "colour": COLOUR_NAMES[COLOURS.index(key.upper())]
                if len(key) == 1 and key.upper() in COLOURS else None}
    return None


def _laid_words(text: str) -> Msg:
    """A lay-down's group (``set2=B2,W,W``) in words, as a laid one is (:func:`group_words`).

    Read from the notation's head alone (``set2``, ``run5-8``, ``colB``, ``set?``), which
    says all the words need: the legal lay-downs are well formed, and a phone's buttons
    are drawn for every action on every turn, so the cards are not parsed again."""
    head, _, body = text.partition("=")
    g = _laid_group(head)
    if g is None:
        return msg("{text}", text=head)
    g["cards"] = body.split(",")
    words = group_words(g)
    if g["kind"] == "run":
        # a run's Wild stands for one number, told by its place: "run 4-7 with Wild as 4"
        # and "run 5-8 with Wild as 8" are what sets two lay-downs of the same cards apart
        low = g["numbers"][0]
        wilds = [str(low + i) for i, c in enumerate(g["cards"]) if c == str(PACK.faces[WILD])]
        if wilds:
            return plural("{group} with Wild as {values}", "{group} with Wilds as {values}",
                          len(wilds), group=words, values=wilds)
    return words


def _lay_part(text: str, faces: Sequence[Face]) -> Msg:
    """One group of a lay-down's label, short as a move written at the table: the group's
    words, then each card by what those words do not already say, in the notation's
    order. A set's number is in its words, so its cards are their colours ("three 4s
    (blue, green, Wild)"); a colour group's colour is, so its cards are their numbers ("7
    red cards (1, 3, 5, Wild, 8, 9, 12)"); a run's cards are named whole, and a Wild's
    number is its place ("run 4-7 (red 4, Wild, blue 6, green 7)": the Wild is the 5);
    a group of Wilds alone is its words. The head and the cards so said give back every
    card of the notation, so two lay-downs never read alike."""
    head = text.partition("=")[0]
    g = _laid_group(head)
    if g is None:
        return msg("{group} ({cards})", group=msg("{text}", text=head), cards=_names_of(faces))
    g["cards"] = list(faces)
    words = group_words(g)
    if all(f["special"] == "wild" for f in faces):
        return words
    if g["kind"] == "set":
        said = [f["mark"] or f["name"] for f in faces]
    elif g["kind"] == "colour" and g["colour"] is not None:
        said = [f["name"] if f["value"] is None else msg("{text}", text=str(f["value"]))
                for f in faces]
    else:
        said = _names_of(faces)
    return msg("{group} ({cards})", group=words, cards=said)


def _lay_label(texts: Sequence[str], groups: Sequence[Sequence[Face]]) -> Msg:
    """A lay-down's label, the sentence the terminal lists and a screen reader says:
    "Lay three 2s (blue, Wild, Wild) + run 5-8 (blue 5, red 6, green 7, green 8)". The
    groups are joined by " + ", as a phase's words are, since each holds a list of its
    own (it read "Lay down: three 2s (blue 2, Wild, Wild), run 5-8 (...)", commas within
    commas)."""
    words: Msg | None = None
    for text, faces in zip(texts, groups, strict=True):
        part = _lay_part(text, faces)
        words = part if words is None else msg("{a} + {b}", a=words, b=part)
    return msg("Lay {groups}", groups=words)


def _action(notation: str, players: Sequence[str], more: Msg | None = None) -> dict[str, Any]:
    verb, _, args = notation.partition(":")[2].partition(" ")
    if verb == "draw":
        return action(notation, verb, msg("Draw from the draw pile"))
    if verb == "take":
        return action(notation, verb, msg("Take the top discard"))
    if verb == "lay":
        groups = [cards(g.partition("=")[2].split(",")) for g in args.split()]
        # each group said with its kind (a set of 2s, a run 5-8: P10-40), so lay-downs of
        # the same cards in other groups never read alike (phase_choice offers several)
        a = action(notation, verb, _lay_label(args.split(), groups),
                   [f for g in groups for f in g])
        a["groups"] = groups
        # the phone draws each group as its words over its cards (the label says it all
        # in one sentence, for the terminal and screen readers), and while some of these
        # cards are chosen it says more are to come (see app.js, "keep tapping")
        a["parts"] = [_laid_words(text) for text in args.split()]
        a["more"] = more
        return a
    if verb == "hit":
        card_part, _, target = args.partition(">")
        code, _, wild = card_part.partition("=")
        owner, _, index = target.partition(".")
        face = card(code)
        who = players[int(owner)] if owner.isdigit() and int(owner) < len(players) else owner
        group = int(index) + 1 if index.isdigit() else index
        label = msg("Add {card} as {value} to {who}'s group {group}", card=face["name"], value=wild,
                    who=who, group=group) if wild else \
            msg("Add {card} to {who}'s group {group}", card=face["name"], who=who, group=group)
        return action(notation, verb, label, [face])
    if verb == "discard":
        code, _, target = args.partition(">")
        face = card(code)
        if target:
            who = players[int(target)] if target.isdigit() and int(target) < len(players) else target
            return action(notation, verb, msg("Discard the Skip on {who}", who=who), [face])
        return action(notation, verb, msg("Discard {card}", card=face["name"]), [face])
    return action(notation, verb, msg("{verb}", verb=verb))


def _prompt(view: Mapping[str, Any], players: Sequence[str]) -> Msg:
    viewer, to_act, stage = view.get("seat"), view.get("to_act"), view.get("stage")
    if to_act is None:
        return msg("The game is over.")
    if viewer is None or viewer != to_act:
        return msg("Waiting for {who}.", who=players[to_act])
    if stage == "draw":
        top = view.get("discard_top")
        if top and any(str(a).endswith(":take") for a in view.get("legal") or []):
            return msg("Draw a card from the draw pile, or take {card} from the discard pile.",
                       card=card(top)["name"])
        return msg("Draw a card from the draw pile.")
    phase = at(view.get("phases"), to_act)
    if isinstance(phase, Mapping) and not at(view.get("down"), to_act):
        open_ = [str(p) for p in phase.get("open") or []]
        if len(open_) > 1:  # phase_choice: any phase not yet done may be laid
            return msg("Lay one of phases {list} if you can, hit, then discard a card.",
                       list=open_)
        return msg("Lay phase {n} ({words}) if you can, hit, then discard a card.",
                   n=phase.get("phase"), words=phase_words(phase.get("text")))
    return msg("Add cards to laid groups if you like, then discard a card.")


def present(view: Mapping[str, Any], *, public: bool = True) -> Table:
    """The table model of a Phase 10 view."""
    players = names(view)
    viewer, to_act = view.get("seat"), view.get("to_act")
    skips = view.get("pending_skips") or []
    seats = []
    for i, name in enumerate(players if public else ()):
        s = seat(i, name, viewer=viewer, to_act=to_act)
        phase = at(view.get("phases"), i)
        if isinstance(phase, Mapping):
            s["stats"].append(msg("Phase {n}: {words}", n=phase.get("phase"),
                                  words=phase_words(phase.get("text"))))
            open_ = [p for p in phase.get("open") or [] if p != phase.get("phase")]
            if open_:
                s["stats"].append(msg("may also lay phase {list}", list=[str(p) for p in open_]))
        s["stats"].append(plural("{n} point", "{n} points", int(at(view.get("scores"), i, 0) or 0)))
        s["stats"].append(plural("{n} phase done", "{n} phases done",
                                 int(at(view.get("completed"), i, 0) or 0)))
        s["hidden"] = at(view.get("hand_sizes"), i, 0)
        if at(view.get("down"), i):
            s["badges"].append(msg("laid down"))
        if at(view.get("playing"), i) is False:
            s["badges"].append(msg("sits out the tie-break"))
        n_skips = sum(1 for x in skips if x == i)
        if n_skips:
            s["badges"].append(plural("skips {n} turn", "skips {n} turns", n_skips))
        if view.get("dealer") == i:
            s["badges"].append(msg("dealer"))
        for g in at(view.get("laid"), i, []) or []:
            if isinstance(g, Mapping):
                s["groups"].append(area(msg("{no}. {words}", no=_group_no(g), words=group_words(g)),
                                        cards(g.get("cards"))))
        known = at(view.get("known_cards"), i)
        if known:
            s["groups"].append(area(msg("Taken from the discard pile"), cards(known),
                                    held=True))
        seats.append(s)
    # the public part (seats, centre, facts) only when asked: a server draws it once
    # from the spectator's view and each seat's private part from the seat's view
    centre: list[dict[str, Any]] = []
    facts: list[dict[str, Any]] = []
    if public:
        discard = view.get("discard") or []
        top = view.get("discard_top")
        stock = int(view.get("stock") or 0)
        # each pile names the action that takes from it: a phone taps the pile itself
        centre = [area(msg("Discard pile"), cards([top] if top else []), count=len(discard),
                       verbs=("take",)),
                  area(msg("Draw pile"), count=stock, backs=min(stock, 1), verbs=("draw",))]
        facts = [fact(msg("Hand"), int(view.get("round") or 0) + 1)]
        left = moves_left(view)
        if left is not None:  # P10-61 (house rule): the move limit ends the hand
            # at 0 the turn under way is played out and the hand ends with it
            facts.append(fact(msg("Moves left"), left or msg("last turn")))
        if view.get("tiebreak"):
            facts.append(fact(msg("Tie-break"), msg("yes")))
        prev = view.get("last_round")
        if isinstance(prev, Mapping):
            out, n = name_of(players, prev.get("out")), int(prev.get("round") or 0) + 1
            credited = name_of(players, prev.get("credited"))  # P10-51: a blocked hand's
            facts.append(fact(msg("Last hand"), msg("{who} went out in hand {n}", who=out, n=n)
                              if out else msg("hand {n}: nobody went out, {who} counted as out",
                                              who=credited, n=n)
                              if credited else msg("hand {n}: nobody went out", n=n)))
    hand = [str(c) for c in view.get("hand") or []]
    more = _more(view)  # one line for every lay-down of this view
    acts = [_action(str(n), players, more) for n in view.get("legal") or []]
    mark_taps(acts, hand, frozenset({"discard"}))
    scores = view.get("scores") or []
    return table(
        view, title=msg("Phase 10"), prompt=_prompt(view, players), seats=seats, centre=centre,
        facts=facts, hand=cards(hand), actions=acts,
        result=result(view, title=msg("Game over"), winners_label=Np_("Winner", "Winners"),
                      losers_label=Np_("Loser", "Losers"), scores_label=msg("Points"),
                      score=lambda i, v: plural("{n} point", "{n} points", int(at(scores, i, v) or 0)),
                      said=_said(view)))


def _said(view: Mapping[str, Any]) -> Msg | None:
    """The end screen's sentence: the log's own "Game over: you won." (the result names
    one winner; a tie broken by the phases is still one winner)."""
    res = view.get("result")
    if not isinstance(res, Mapping):
        return None
    won = res.get("winners") or []
    return event({"kind": "game_over", "winner": won[0] if won else None}, view)


def _more(view: Mapping[str, Any]) -> Msg:
    """What the phone says while the cards chosen are part of a lay-down not yet whole."""
    seat_ = view.get("seat")
    phase = at(view.get("phases"), seat_) if isinstance(seat_, int) else None
    if isinstance(phase, Mapping) and len(phase.get("open") or []) <= 1 and phase.get("phase"):
        return msg("Keep tapping cards to lay phase {n}.", n=phase.get("phase"))
    return msg("Keep tapping cards to lay a phase.")


def _group_no(g: Mapping[str, Any]) -> int:
    index = str(g.get("group", "")).partition(".")[2]
    return int(index) + 1 if index.isdigit() else 1


def event(e: Mapping[str, Any], view: Mapping[str, Any]) -> Msg | None:
    """One sentence for a redacted Phase 10 event (``None``: nothing for this seat).

    A seat's own moves are told to it as its own ("You laid down phase 3."), and a Skip
    discarded at it names it as "you" ("Bo skipped you."); every other seat and a
    spectator read the names (:func:`~tablegames.table.model.told`).
    """
    players = names(view)
    kind = e.get("kind")
    seat_no = e.get("seat")
    who = name_of(players, seat_no) or ""
    if kind == "cards":
        return msg("Your cards: {cards}.", cards=_names_of(cards(e["cards"]))) if "cards" in e else None
    if kind == "deal":
        return told(view, e.get("dealer"), N_("Hand {n}: you deal."), N_("Hand {n}: {who} deals."),
                    n=int(e.get("round") or 0) + 1, who=name_of(players, e.get("dealer")) or "")
    if kind == "shuffle":
        return msg("The cards are shuffled for hand {n}.", n=int(e.get("round") or 0) + 1)
    if kind == "draw":
        if "card" in e:
            return msg("You drew {card}.", card=card(e["card"])["name"])
        return msg("{who} drew a card.", who=who)
    if kind == "take":
        return told(view, seat_no, N_("You took {card} from the discard pile."),
                    N_("{who} took {card} from the discard pile."), who=who,
                    card=card(e.get("card"))["name"])
    if kind == "discard":
        target = e.get("skips")
        if type(target) is int:  # a Skip at a seat (P10-20): who skipped whom
            return told(view, seat_no, N_("You skipped {other}."),
                        N_("{who} skipped you.") if is_you(view, target) else N_("{who} skipped {other}."),
                        who=who, other=name_of(players, target) or "")
        return told(view, seat_no, N_("You discarded {card}."), N_("{who} discarded {card}."), who=who,
                    card=card(e.get("card"))["name"])
    if kind == "lay":
        return told(view, seat_no, N_("You laid down phase {n}."), N_("{who} laid down phase {n}."),
                    who=who, n=e.get("phase"))
    if kind == "hit":
        return told(view, seat_no, N_("You added {card} to a group."), N_("{who} added {card} to a group."),
                    who=who, card=card(e.get("card"))["name"])
    if kind == "skipped":  # P10-20: the turn the Skip takes, told as the discard's consequence
        return told(view, seat_no, N_("You miss your turn."), N_("{who} misses a turn."), who=who)
    if kind == "reshuffle":
        return msg("The discard pile is shuffled into a new draw pile.")
    if kind == "cover":  # P10-25 under first_skip="twist": the Skip turned up is covered
        return msg("The Skip turned up is covered with {card}.", card=card(e.get("card"))["name"])
    if kind == "tiebreak":  # P10-53: the tied players alone play one more hand
        you, others = you_among(view, e.get("seats"))
        if you and len(others) > 1:
            return msg("You, {names} and {last} are tied: you play a tie-break hand.",
                       **but_last(others))
        if you:
            return msg("You and {others} are tied: you play a tie-break hand.",
                       others=joined(others))
        return msg("{who} are tied: they play a tie-break hand.", who=joined(others))
    if kind == "round_over":
        out = name_of(players, e.get("out"))
        n = int(e.get("round") or 0) + 1
        credited = e.get("credited")
        credit = name_of(players, credited)
        if e.get("limit_hit") is True and e.get("tiebreak") is True:
            # P10-53, P10-61: under Rules.limit_tiebreak the tied seat holding the fewest
            # points is credited and wins, so the table is told who and why before the
            # game's end; else the next event says the tie-break is played again
            if credit is not None:
                return told(view, credited,
                            N_("Tie-break hand {n} is stopped at the move limit: nobody went "
                               "out. You hold the fewest points and win it."),
                            N_("Tie-break hand {n} is stopped at the move limit: nobody went "
                               "out. {who} holds the fewest points and wins it."),
                            who=credit, n=n)
            return msg("Tie-break hand {n} is stopped at the move limit: nobody went out.",
                       n=n)
        if credit is not None:
            # P10-51 (decision): a blocked hand credits the seat holding the fewest points
            # (Rules.blocked_hand="lowest"; in a tie-break hand always, and it wins, P10-53)
            if e.get("tiebreak") is True:
                return told(view, credited,
                            N_("Nobody can go out of tie-break hand {n}: you hold the fewest "
                               "points and win it."),
                            N_("Nobody can go out of tie-break hand {n}: {who} holds the "
                               "fewest points and wins it."),
                            who=credit, n=n)
            return told(view, credited,
                        N_("Nobody can go out of hand {n}: you hold the fewest points and "
                           "count as out."),
                        N_("Nobody can go out of hand {n}: {who} holds the fewest points and "
                           "counts as out."),
                        who=credit, n=n)
        if e.get("limit_hit") is True:  # P10-61 (house rule): stopped, nobody out
            return msg("Hand {n} is stopped at the move limit: nobody went out, everyone "
                       "scores their cards.", n=n)
        return told(view, e.get("out"), N_("You went out: hand {n} is over."),
                    N_("{who} went out: hand {n} is over."), who=out, n=n) if out \
            else msg("Hand {n} is over.", n=n)
    if kind == "game_over":
        return told(view, e.get("winner"), N_("Game over: you won."), N_("Game over: {who} won."),
                    who=name_of(players, e.get("winner")) or "")
    return msg("{who}: {what}", who=who, what=str(kind).replace("_", " "))


PRESENTER = Presenter(domain="phase10", table=present, event=event, face=card,
                      parts=True)
