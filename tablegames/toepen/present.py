"""Toepen's presenter: a view drawn as the table model (:mod:`tablegames.table.model`).

Reads the view only (never the state), so the model holds no more than that seat may
see; card faces come from the Toepen pack (:data:`tablegames.toepen.cards.PACK`). Every
view key is drawn: the option keys too (``thrown_again`` for a second exchange,
``set_aside`` and ``shown`` for a caught bluffer taking back their cards, ``withdrawn``
for folded players' cards taken out of the trick).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

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
from tablegames.toepen.cards import PACK

_SUIT_SYMBOL = {"c": "♣", "d": "♦", "h": "♥", "s": "♠"}


def _make(i: int) -> Face:
    c = PACK.faces[i]
    rank = "10" if c.rank == "T" else c.rank
    suit = _SUIT_SYMBOL[c.suit]
    return {"code": str(c), "rank": rank, "suit": suit,
            "colour": "red" if c.suit in "dh" else "black", "value": None, "special": None,
            "name": msg("{rank}{suit}", rank=rank, suit=suit), "mark": None}


#: Every face of the pack, by code and by canonical name: ``card(code)`` and
#: ``cards(codes)`` give fresh faces (unknown text is drawn with itself as its name).
_FACES = Faces(len(PACK.faces), _make, PACK.code)
card = _FACES.card
cards = _FACES.cards


def _played(plays: Any, players: Sequence[str]) -> tuple[list[Face], list[str]]:
    faces, owners = [], []
    for p in plays if isinstance(plays, list) else []:
        if isinstance(p, Mapping):
            faces.append(card(p.get("card")))
            owners.append(name_of(players, p.get("seat")) or "")
    return faces, owners


def _announcement(a: Mapping[str, Any]) -> Msg:
    what = a.get("announcement")
    reason = msg(_REASONS.get(str(a.get("reason", "")), str(a.get("reason", ""))))
    if what == "whistle":
        return msg("You must whistle ({reason})", reason=reason) if a.get("must") \
            else msg("You may whistle ({reason})", reason=reason)
    return msg("You must stand up ({reason})", reason=reason) if a.get("must") \
        else msg("You may stand up ({reason})", reason=reason)


def _prompt(view: Mapping[str, Any], players: Sequence[str]) -> Msg | None:
    viewer, to_act, stage = view.get("seat"), view.get("to_act"), view.get("stage")
    if to_act is None:
        return msg("The game is over.")
    if viewer is None or viewer != to_act:
        if any(str(a).split(":", 1)[-1] == "knock" for a in view.get("legal") or []):
            # out of turn, a knock is still this seat's to make (TOE-21): say so, as the
            # knock button beside the prompt does
            return msg("Waiting for {who}. You may knock.", who=players[to_act])
        return msg("Waiting for {who}.", who=players[to_act])
    again = view.get("exchange_round") == 2
    if stage == "exchange":
        if not again:
            return msg("Keep your hand, or throw it in face down for four new cards?")
        shown = view.get("shown") or []
        if not (view.get("exchanged") or [False] * (viewer + 1))[viewer] or (
                viewer < len(shown) and shown[viewer] is not None):
            # second_exchange="all": this seat holds no replacement cards (TOE-03)
            return msg("Second exchange: keep your hand, or throw it in for four new cards?")
        return msg("Second exchange: keep your new cards, or throw them in again for four more?")
    if stage == "challenge":  # the one exchange being judged now (TOE-04)
        return msg("Challenge the exchange of {who}, or accept it?",
                   who=name_of(players, view.get("exchanger")) or "")
    if stage == "poverty":
        poor = [players[i] for i, x in enumerate(view.get("poverty") or []) if x]
        return msg("In poverty: {who}. Stay in for 2, or fold for 1?", who=joined(poor))
    if stage == "respond":
        # The answer costs a life either way, so the question says both prices, as the
        # engine's prompt does: a fold costs the stake before the knock (TOE-22), and a
        # knock adds exactly one to it (TOE-21), so that is the stake less one.
        stake = int(view.get("stake") or 1)
        return msg("{who} knocked: stay in for {stake}, or fold for {before}?",
                   who=name_of(players, view.get("knocker")) or "", stake=stake,
                   before=max(stake - 1, 1))
    if any(str(a).split(":", 1)[-1] == "knock" for a in view.get("legal") or []):
        return msg("Play a card, or knock to raise the stake.")
    return msg("Play a card.")


_LABELS = {"knock": N_("Knock"), "fold": N_("Fold"), "stay": N_("Stay in"),
           "exchange": N_("Throw in my hand"), "keep": N_("Keep my hand"),
           "challenge": N_("Challenge"), "accept": N_("Let it pass")}
#: The reasons a hand obliges or allows a table custom (``announcements``, TOE-40, TOE-41, TOE-42).
_REASONS = {"three tens": N_("three tens"), "four tens": N_("four tens"),
            "three jacks": N_("three jacks"), "four jacks": N_("four jacks")}


def _action(notation: str) -> dict[str, Any]:
    verb, _, args = notation.partition(":")[2].partition(" ")
    if verb == "play":
        face = card(args)
        return action(notation, verb, msg("Play {card}", card=face["name"]), [face])
    return action(notation, verb, msg(_LABELS.get(verb, verb)))


#: The view keys drawn as cards in front of a seat, and their labels: what a seat threw
#: in (TOE-03), threw in again, set aside (a caught bluffer, ``bluff_takes_back``) and
#: showed to all.
_ROW_KEYS = (("thrown", N_("Thrown in")), ("thrown_again", N_("Thrown in again")),
             ("set_aside", N_("Set aside")), ("shown", N_("Shown to all")))


def _groups(view: Mapping[str, Any], i: int) -> list[dict[str, Any]]:
    """The cards in front of seat ``i`` as ``view`` shows them. A seat's own view shows
    its thrown-in hand and set-aside cards, which the spectator's does not: the model's
    ``own`` (these groups of the viewer's row, made with the private part too) lets the
    room server, which draws every row from the spectator's table, draw them on that
    seat's phone as the terminal and the pictures draw them (found by helper-152)."""
    out = []
    for key, word in _ROW_KEYS:
        got = at(view.get(key), i)
        if isinstance(got, list):
            out.append(area(msg(word), cards(got)))
    return out


def present(view: Mapping[str, Any], *, public: bool = True) -> Table:
    """The table model of a Toepen view."""
    players = names(view)
    viewer, to_act = view.get("seat"), view.get("to_act")
    limit = view.get("limit", 0)
    seats = []
    # at game over only "out" still means something: the round's tags (poverty, who
    # leads, who knocked) describe a round nobody will play on (found by helper-106)
    over = isinstance(view.get("result"), Mapping)
    for i, name in enumerate(players if public else ()):
        s = seat(i, name, viewer=viewer, to_act=to_act)
        s["stats"].append(plural("{n} life lost", "{n} lives lost", int(at(view.get("lives"), i, 0))))
        s["hidden"] = at(view.get("hand_sizes"), i, 0)
        for key, word in (("out", N_("out")), ("folded", N_("folded")),
                          ("poverty", N_("poverty")), ("exchanged", N_("threw in"))):
            if at(view.get(key), i) and (key == "out" or not over):
                s["badges"].append(msg(word))
        if at(view.get("playing"), i) is False and not (at(view.get("out"), i) or at(view.get("folded"), i)) \
                and not over:
            s["badges"].append(msg("not in this round"))
        for key, word in (("dealer", N_("dealer")), ("leader", N_("leads")),
                          ("knocker", N_("knocking")), ("last_knocker", N_("knocked last"))):
            # the seat whose knock is being answered is the last to knock: one tag says it
            same = key == "last_knocker" and view.get("knocker") == i
            if view.get(key) == i and not over and not same:
                s["badges"].append(msg(word))
        s["groups"] = _groups(view, i)
        seats.append(s)
    # the public part (seats, centre, facts) only when asked: a server draws it once
    # from the spectator's view and each seat's private part from the seat's view
    centre: list[dict[str, Any]] = []
    facts: list[dict[str, Any]] = []
    if public:
        centre = []
        trick = view.get("trick") or []
        tricks = view.get("tricks") or []
        trick_no = int(view.get("trick_no") or 0) + 1
        if trick:
            faces, owners = _played(trick, players)
            centre.append(area(msg("Trick {n} of 4", n=trick_no), faces, owners=owners))
        elif tricks:
            last = tricks[-1] if isinstance(tricks[-1], Mapping) else {}
            faces, owners = _played(last.get("cards"), players)
            centre.append(area(msg("Last trick, won by {who}",
                                   who=name_of(players, last.get("winner")) or ""), faces, owners=owners))
        withdrawn = view.get("withdrawn") or []
        if withdrawn:
            faces, owners = _played(withdrawn, players)
            centre.append(area(msg("Taken back by folding players"), faces, owners=owners))
        stock = int(view.get("stock") or 0)
        centre.append(area(msg("Stock"), count=stock, backs=min(stock, 1)))
        facts = [fact(msg("Stake"), view.get("stake")),
                 fact(msg("Knocks"), view.get("knocks")),
                 fact(msg("Round"), int(view.get("round") or 0) + 1),
                 fact(msg("Out at"), plural("{n} life", "{n} lives", int(limit or 0)))]
        if view.get("exchange_round") == 2:
            facts.append(fact(msg("Exchange"), msg("second round")))
        prev = view.get("last_round")
        if isinstance(prev, Mapping):
            facts.append(fact(msg("Last round"), msg(
                "{who} won round {n} at stake {stake}", who=name_of(players, prev.get("winner")) or "",
                n=int(prev.get("round") or 0) + 1, stake=prev.get("stake"))))
    panel = [area(msg("Table customs"), items=[_announcement(a) for a in view.get("announcements")
                                               or [] if isinstance(a, Mapping)])] \
        if view.get("announcements") else []
    hand = [str(c) for c in view.get("hand") or []]
    acts = [_action(str(n)) for n in view.get("legal") or []]
    mark_taps(acts, hand, frozenset({"play"}))
    lives = view.get("lives") or []
    got = view.get("result")
    won = got.get("winners") if isinstance(got, Mapping) else None
    # counted as they are: no winner (everyone reached the limit) is "Winners", none
    winners_label = plural("Winner", "Winners", len(won) if isinstance(won, list) else 1)
    return table(
        view, title=msg("Toepen"), prompt=_prompt(view, players), seats=seats, centre=centre,
        facts=facts, hand=cards(hand), actions=acts, panel=panel,
        own=_groups(view, viewer) if type(viewer) is int else [],
        result=result(view, title=msg("Game over"), winners_label=winners_label,
                      losers_label=msg("Out"), scores_label=msg("Lives lost"),
                      score=lambda i, v: plural("{n} life lost", "{n} lives lost",
                                                int(at(lives, i, v) or 0)),
                      said=event({"kind": "game_over", "winners": won}, view)
                      if isinstance(got, Mapping) else None))


def _who(players: Sequence[str], value: Any) -> str:
    return name_of(players, value) or ""


def event(e: Mapping[str, Any], view: Mapping[str, Any]) -> Msg | None:
    """One sentence for a redacted Toepen event (``None``: nothing for this seat).

    A seat's own moves are told to it as its own ("You knocked: the stake is 3."), and a
    move on it (a challenge of its exchange) names it as "you"; every other seat and a
    spectator read the names (:func:`~tablegames.table.model.told`).
    """
    players = names(view)
    kind = e.get("kind")
    seat_no = e.get("seat")
    who = _who(players, seat_no)
    if kind == "cards":
        return msg("Your cards: {cards}.", cards=[f["name"] for f in cards(e["cards"])]) \
            if "cards" in e else None
    if kind == "deal":
        return told(view, e.get("dealer"), N_("Round {n}: you deal."), N_("Round {n}: {who} deals."),
                    n=int(e.get("round") or 0) + 1, who=_who(players, e.get("dealer")))
    if kind == "shuffle":
        return msg("The cards are shuffled for round {n}.", n=int(e.get("round") or 0) + 1)
    if kind == "exchange":
        if e.get("again") is True:  # TOE-03 twice (Rules.second_exchange): the new cards go back
            if "cards" in e:
                return msg("You threw in your new cards again and drew {cards}.",
                           cards=[f["name"] for f in cards(e["cards"])])
            return msg("{who} threw in their new cards again for four more.", who=who)
        if "cards" in e:
            return msg("You threw in your hand and drew {cards}.",
                       cards=[f["name"] for f in cards(e["cards"])])
        return msg("{who} threw in their hand for four new cards.", who=who)
    if kind == "keep":
        return told(view, seat_no, N_("You kept your hand."), N_("{who} kept their hand."), who=who)
    if kind == "accept":
        exchanger = e.get("exchanger")
        return told(view, seat_no, N_("You let {other}'s exchange pass."),
                    N_("{who} let your exchange pass.") if is_you(view, exchanger)
                    else N_("{who} let {other}'s exchange pass."),
                    who=who, other=_who(players, exchanger))
    if kind == "challenge":
        return _challenge(e, view, players)
    if kind == "knock":
        return told(view, seat_no, N_("You knocked: the stake is {stake}."),
                    N_("{who} knocked: the stake is {stake}."), who=who, stake=e.get("stake"))
    if kind == "stay":
        return told(view, seat_no, N_("You stay in."), N_("{who} stays in."), who=who)
    if kind == "fold":
        return told(view, seat_no, Np_("You folded and lose {n} life.", "You folded and lose {n} lives."),
                    Np_("{who} folded and loses {n} life.", "{who} folded and loses {n} lives."),
                    n=int(e.get("lives_lost") or 0), who=who)
    if kind == "play":
        return told(view, seat_no, N_("You played {card}."), N_("{who} played {card}."), who=who,
                    card=card(e.get("card"))["name"])
    if kind == "trick":
        return told(view, e.get("winner"), N_("You won the trick with {card}."),
                    N_("{who} won the trick with {card}."), who=_who(players, e.get("winner")),
                    card=card(e.get("card"))["name"])
    if kind == "round_over":
        # who pays for the round is said with it (TOE-20): the pause at a round's end
        # tells who lost how many lives, as the table pays them (folded seats paid when
        # they folded, and were told so then)
        got = e.get("paid")
        paid: Mapping[str, Any] = got if isinstance(got, Mapping) else {}
        losses = [told(view, int(k), Np_("you lose {n} life", "you lose {n} lives"),
                       Np_("{who} loses {n} life", "{who} loses {n} lives"), n=int(v),
                       who=_who(players, int(k)))
                  for k, v in sorted(paid.items(), key=lambda kv: int(kv[0]))
                  if str(k).isdecimal() and type(v) is int and v > 0]
        winner = e.get("winner")
        if losses:
            return told(view, winner, N_("You won round {n}: {losses}."),
                        N_("{who} won round {n}: {losses}."), who=_who(players, winner),
                        n=int(e.get("round") or 0) + 1, losses=losses)
        return told(view, winner, N_("You won round {n}."), N_("{who} won round {n}."),
                    who=_who(players, winner), n=int(e.get("round") or 0) + 1)
    if kind == "announcement":
        # told to its own seat only (TOE-40), with what its hand obliges or allows; no
        # front end tells another seat of it (each is told its audience's events), and an
        # event without those words says nothing, as a private notice should
        return _announcement(e) if "announcement" in e else None
    if kind == "game_over":
        you, others = you_among(view, e.get("winners"))
        if you:  # "you and Bo", "you, Bo and Cy": each a whole sentence
            if len(others) > 1:
                return msg("Game over: you, {names} and {last} won.", **but_last(others))
            return plural("Game over: you and {who} won.", "Game over: you and {who} won.",
                          len(others), who=joined(others)) if others else msg("Game over: you won.")
        if not others:  # a rubber in which everyone reached the limit at once (TOE-23)
            return msg("Game over: everyone reached the limit, so nobody won.")
        return plural("Game over: {who} won.", "Game over: {who} won.", len(others),
                      who=joined(others))
    if kind == "withdraw":
        return told(view, seat_no, N_("You took {card} back out of the trick."),
                    N_("{who} took {card} back out of the trick."), who=who,
                    card=card(e.get("card"))["name"])
    if kind == "take_back":
        return told(view, seat_no, N_("You took your own cards back: {cards}."),
                    N_("{who} took their own cards back: {cards}."), who=who,
                    cards=[f["name"] for f in cards(e.get("cards"))])
    if kind == "second_exchange":
        you, others = you_among(view, e.get("seats"))
        if you:
            if len(others) > 1:
                return msg("Second exchange for you, {names} and {last}.", **but_last(others))
            return msg("Second exchange for you and {who}.", who=joined(others)) if others \
                else msg("Second exchange for you.")
        return msg("Second exchange for {who}.", who=joined(others))
    if kind == "eliminated":
        return told(view, seat_no, N_("You are out of the game."), N_("{who} is out of the game."),
                    who=who)
    return msg("{who}: {what}", who=who, what=str(kind).replace("_", " "))


def _challenge(e: Mapping[str, Any], view: Mapping[str, Any], players: Sequence[str]) -> Msg:
    """Who challenged whom and who pays (TOE-04), told to the challenger, to the
    exchanger and to the rest each in their own words: the seat that loses the lives is
    one of the two, so "you" may be either the challenger or the one challenged, and
    the one who pays is "you" or the other of the two."""
    challenger, exchanger, loser = e.get("seat"), e.get("exchanger"), e.get("loser")
    verdict = msg("it was a dirty hand") if e.get("honest") else msg("it was a bluff")
    args: dict[str, Any] = {"who": _who(players, challenger), "other": _who(players, exchanger),
                            "verdict": verdict, "loser": _who(players, loser)}
    if is_you(view, challenger):
        texts = Np_("You challenged {other}: {verdict}; you lose {n} life.",
                    "You challenged {other}: {verdict}; you lose {n} lives.") \
            if loser == challenger else \
            Np_("You challenged {other}: {verdict}; {other} loses {n} life.",
                "You challenged {other}: {verdict}; {other} loses {n} lives.")
    elif is_you(view, exchanger):
        texts = Np_("{who} challenged you: {verdict}; you lose {n} life.",
                    "{who} challenged you: {verdict}; you lose {n} lives.") \
            if loser == exchanger else \
            Np_("{who} challenged you: {verdict}; {who} loses {n} life.",
                "{who} challenged you: {verdict}; {who} loses {n} lives.")
    else:
        texts = Np_("{who} challenged {other}: {verdict}; {loser} loses {n} life.",
                    "{who} challenged {other}: {verdict}; {loser} loses {n} lives.")
    return plural(texts[0], texts[1], int(e.get("lives_lost") or 0), **args)


PRESENTER = Presenter(domain="toepen", table=present, event=event, face=card,
                      parts=True)
