"""Dallah's presenter: a view drawn as the table model (:mod:`tablegames.table.model`).

Dallah's "cards" are the printed Action cards, cup shapes and Dallah zones, named in the
view's ``names`` (the card set's English names: the front ends ask for the English view
and translate the names with the ``dallah`` catalogue, which holds the default card
set's names; a home-made card set's names are shown as written). The model adds a
``report`` panel: what is being placed where, who places and who collects, the countdown
of a timed card, the zones and their cups, drawn on the big report screen.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from tablegames.table import Presenter
from tablegames.table.model import (
    N_,
    Face,
    Msg,
    Np_,
    Table,
    action,
    area,
    at,
    but_last,
    counted_label,
    fact,
    is_you,
    joined,
    msg,
    name_of,
    names,
    plural,
    seat,
    table,
    told,
    you_among,
)

#: Verbs made on the report screen (what the table saw) rather than as small buttons.
REPORTS = frozenset({"settled", "fell", "collapse", "nospace", "timeout", "swap", "placed"})


def _named(view: Mapping[str, Any], group: str, key: Any) -> Msg:
    """A card, shape or zone by its display name (a catalogue id)."""
    table_ = view.get("names") or {}
    return msg(str((table_.get(group) or {}).get(str(key), key)))


def card(view: Mapping[str, Any], code: Any) -> Face:
    """An Action or protection card as a face: gold, named."""
    name = _named(view, "cards", code)
    return {"code": str(code), "rank": "", "suit": "", "colour": "gold", "value": None,
            "special": None, "name": name, "mark": name}


def _cups(n: int) -> Msg:
    return plural("{n} cup", "{n} cups", n)


_LABELS = {"draw": N_("Draw an Action card"), "roll": N_("Roll the die"),
           "settled": N_("It settled"), "collapse": N_("The Dallah collapsed"),
           "swap": N_("Swap the card"), "timeout": N_("Time ran out"), "allow": N_("Allow it"),
           "block": N_("Block it")}


def _action(notation: str, view: Mapping[str, Any], players: Sequence[str]) -> dict[str, Any]:
    verb, _, args = notation.partition(":")[2].partition(" ")
    report = verb in REPORTS

    def who(text: str) -> str:
        return players[int(text)] if text.isdigit() and int(text) < len(players) else text

    if verb == "fell":
        zone, _, shape = args.partition(":")
        a = action(notation, verb, msg("The {cup} cup fell from the {zone}",
                                       cup=_named(view, "shapes", shape),
                                       zone=_named(view, "zones", zone)), report=True)
        a["zone"], a["shape"] = zone, shape
        return a
    if verb == "move":
        cup, _, to = args.partition(" ")
        zone, _, shape = cup.partition(":")
        return action(notation, verb, msg("Move {cup}: {zone} → {to}", cup=_named(view, "shapes", shape),
                                          zone=_named(view, "zones", zone), to=_named(view, "zones", to)))
    if verb == "nospace":
        return action(notation, verb, msg("No space on the {zone}", zone=_named(view, "zones",
                                                                              view.get("zone"))),
                      report=True)
    if verb == "placed":  # DAL-12, DAL-26: a later cup in hand at a fall stands after all
        held = at(view.get("cups_in_hand") or [], 0, "")
        return action(notation, verb, msg("The {cup} cup stands on the {zone}",
                                          cup=_named(view, "shapes", held),
                                          zone=_named(view, "zones", view.get("zone"))),
                      report=True)
    if verb == "target":
        return action(notation, verb, msg("Choose {who}", who=who(args)))
    if verb == "pair":
        source, _, recipient = args.partition(" ")
        return action(notation, verb, msg("{a} gives to {b}", a=who(source), b=who(recipient)))
    if verb == "redirect":
        return action(notation, verb, msg("Send it to {who}", who=who(args)) if args
                      else msg("Cancel it"))
    return action(notation, verb, msg(_LABELS.get(verb, verb)), report=report)


#: What each stunt card does to the Dallah (the stunt's half of :func:`card_help`).
_STUNTS = {"rotate": N_("rotate the Dallah"), "tap": N_("tap the Dallah"),
           "blow": N_("blow on the cups")}
#: Who a pile card acts with, by its ``target``.
_TARGETS = {"next": N_("the next player, on your left"),
            "previous": N_("the player on your right"),
            "choose": N_("a player you choose")}


def card_help(card: Mapping[str, Any], name: Msg) -> Msg | None:
    """What one card does, in one catalogued sentence, and the rulings that decide it:
    the terminal's glossary of the card in play and the cards held (Dallah's card names
    are Arabic words that explain nothing by themselves).

    ``card`` is a card as a view shows it (``view["card"]``: its ``kind`` and the
    parameters that kind uses) or a protection card's ``{"kind": "block" | "redirect"}``;
    the sentence is made from the kind and those parameters, so a home-made card set's
    cards are explained by what they do, whatever they are called. ``None`` for a kind
    this presenter does not know.
    """
    kind = card.get("kind")

    def count(key: str) -> int:
        value = card.get(key)
        return value if type(value) is int else 1

    what: Msg
    if kind == "place" and count("cups") == 1:
        what, rulings = msg("roll the die for the cup, draw a Placement card and place the "
                            "cup on its zone"), "DAL-20"
    elif kind == "place":  # the two-cup card: one cup when one is left, stop at a fall
        what, rulings = plural("place {n} cup; the card stops at the first fall",
                               "place {n} cups one after the other; the card stops at the "
                               "first fall, and a cup not yet tried goes back to the shared "
                               "pile", count("cups")), "DAL-26"
    elif kind == "timed":
        what, rulings = plural("place within {n} second; if time runs out and nothing fell, "
                               "try the same placement again",
                               "place within {n} seconds; if time runs out and nothing fell, "
                               "try the same placement again", count("seconds")), "DAL-28"
    elif kind == "naql":
        what = msg("move one cup on the Dallah to a different zone; that move is your "
                   "placement") if not count("cups") else \
            plural("move one cup on the Dallah to a different zone, then place {n} cup",
                   "move one cup on the Dallah to a different zone, then place {n} cups",
                   count("cups"))
        rulings = "DAL-22"
    elif kind in _STUNTS:  # the stunt's falls are its doer's, as any fall (DAL-10)
        stunt = msg(_STUNTS[str(kind)])
        what = msg("{stunt}, then place {cups}; every cup that falls goes to your pile",
                   stunt=stunt, cups=_cups(count("cups"))) if count("cups") else \
            msg("{stunt}; every cup that falls goes to your pile", stunt=stunt)
        rulings = "DAL-10"
    elif kind == "tag_team":
        what, rulings = msg("you place a cup, then the next player places one; you collect "
                            "whatever falls"), "DAL-24"
    elif kind == "shareek":
        what, rulings = msg("choose a partner: you place a cup, then your partner places "
                            "one; you collect whatever falls"), "DAL-24"
    elif kind == "fazaa":
        what, rulings = msg("the next player places for you and collects whatever falls, "
                            "then plays their own turn"), "DAL-24"
    elif kind == "give":
        portion = card.get("portion")
        whom = msg(_TARGETS.get(str(card.get("target")), _TARGETS["choose"]))
        if portion == "half":
            what = msg("give half your pile, rounded down, to {whom}", whom=whom)
            rulings = "DAL-33, DAL-34" if card.get("target") == "next" else "DAL-33"
        elif portion == "all":
            what, rulings = msg("give your whole pile to {whom}", whom=whom), "DAL-31"
        else:
            what = msg("give {cups} from your pile to {whom}; with fewer, give what you have",
                       cups=_cups(count("amount")), whom=whom)
            rulings = "DAL-32"
    elif kind == "swap":
        target = card.get("target")
        if target == "next":
            what, rulings = msg("swap piles with the next player, on your left"), "DAL-34"
        elif target == "previous":
            what, rulings = msg("swap piles with the player on your right"), "DAL-31"
        else:
            what, rulings = msg("swap piles with another player you choose, never "
                                "yourself"), "DAL-36"
    elif kind == "retire":
        what, rulings = msg("retire {cups} from your pile: retired cups count for nobody",
                            cups=_cups(count("amount"))), "DAL-38"
    elif kind == "even_out":
        what = plural("{n} cup goes from the biggest pile to the smallest, compared before "
                      "the move; you choose among ties",
                      "{n} cups go from the biggest pile to the smallest, compared before "
                      "the move; you choose among ties", count("amount"))
        rulings = "DAL-35"
    elif kind == "pass":
        what = msg("everyone with cups passes one cup to the right, all at the same time") \
            if card.get("target") == "previous" else \
            msg("everyone with cups passes one cup to the left, all at the same time")
        rulings = "DAL-37"
    elif kind == "block":
        what, rulings = msg("keep it; play it to block a card that takes, swaps or gives "
                            "cups of your pile"), "DAL-42"
    elif kind == "redirect":
        what, rulings = msg("keep it; play it to send what a card does to you on to another "
                            "player"), "DAL-43"
    else:
        return None
    return msg("{card}: {what} ({rulings}).", card=name, what=what, rulings=rulings)


def glossary(view: Mapping[str, Any], held: Mapping[str, Mapping[str, Any]]) -> list[Msg]:
    """:func:`card_help` for the card in play, then each card in the hand, once each.

    ``held`` gives the card set's cards by code, as a view shows a card (a view names
    held protection cards by code only: their kinds are the card set's,
    ``State.rules.cards``); a card it lacks is explained from the view's own."""
    got = view.get("card")
    cards: list[Mapping[str, Any]] = [got] if isinstance(got, Mapping) else []
    cards += [{"id": c} for c in view.get("hand") or []]
    out: list[Msg] = []
    seen: set[str] = set()
    for c in cards:
        code = str(c.get("id"))
        if code in seen:
            continue
        seen.add(code)
        line = card_help(held.get(code) or c, _named(view, "cards", code))
        if line is not None:
            out.append(line)
    return out


def _late(view: Mapping[str, Any], players: Sequence[str]) -> Msg | None:
    """The prompt of the seat that may still report a cup that fell after the last turn
    (DAL-23), beside the report buttons it has: the waiting or drawing line and the
    reminder as one sentence each, for the translators; ``None`` for everyone else."""
    viewer, to_act = view.get("seat"), view.get("to_act")
    last = view.get("last_turn")
    if (view.get("stage") != "draw" or viewer is None or viewer != view.get("late_reporter")
            or not isinstance(last, Mapping) or not isinstance(to_act, int)):
        return None
    collector = last.get("collector")
    c = name_of(players, collector) or ""
    if viewer == to_act:
        if collector == viewer:
            return msg("Draw an Action card. If a cup falls before you draw, report it "
                       "first: you collect it.")
        return msg("Draw an Action card. If a cup falls before you draw, report it first: "
                   "{c} collects it.", c=c)
    if collector == viewer:
        return msg("Waiting for {who}. If a cup falls before {who} draws, report it: you "
                   "collect it.", who=players[to_act])
    return msg("Waiting for {who}. If a cup falls before {who} draws, report it: {c} "
               "collects it.", who=players[to_act], c=c)


def _prompt(view: Mapping[str, Any], players: Sequence[str]) -> Msg:
    viewer, to_act, stage = view.get("seat"), view.get("to_act"), view.get("stage")
    if to_act is None:
        return msg("The game is over.")
    got = view.get("card")
    c: Mapping[str, Any] = got if isinstance(got, Mapping) else {}
    name = _named(view, "cards", c.get("id")) if c else msg("the card")
    late = _late(view, players)
    if late is not None:
        return late
    if viewer is None or viewer != to_act:
        return msg("Waiting for {who}.", who=players[to_act])
    if stage == "draw":
        return msg("Draw an Action card.")
    if stage == "roll":
        if any(":fell " in str(a) or str(a).endswith(":collapse") for a in view.get("legal") or []):
            # a cup that fell since the draw is reported before the roll (DAL-23)
            return msg("{card}: report any cup that fell since the draw, then roll the die "
                       "for the cups.", card=name)
        active = view.get("active")
        if type(active) is int and active != viewer and 0 <= active < len(players):
            # another seat's card has this seat place (Fazaa', Tag Team: DAL-24): say whose
            return msg("{card} of {who}: you roll the die and place the cups.", card=name,
                       who=players[active])
        return msg("{card}: roll the die for the cups.", card=name)
    if stage == "target":
        kind = c.get("kind")
        if kind == "shareek":
            return msg("{card}: choose a partner to place a cup with you.", card=name)
        if kind == "swap":
            return msg("{card}: choose another player to swap piles with.", card=name)
        return msg("{card}: choose who gets the cups from your pile.", card=name)
    if stage == "pair":
        return msg("{card}: piles are tied. Choose which biggest pile gives and which smallest "
                   "pile receives.", card=name)
    if stage == "move":
        return msg("{card}: move one cup on the Dallah to a different zone.", card=name)
    if stage == "protect":
        return _protect(view, name)
    if any(str(a).endswith(":placed") for a in view.get("legal") or []):
        # the card stopped at a fall with a later cup in hand for its zone: it fell, it
        # stands (DAL-12) or it goes back untried (DAL-26); one line, so every report fits
        return msg("{card} stopped at a fall: the {cup} cup fell, stands, or goes back?",
                   card=name, cup=_named(view, "shapes", at(view.get("cups_in_hand") or [], 0, "")))
    if view.get("report") == "place" and view.get("cups_in_hand") and not view.get("cup"):
        # the card stopped at its first fall before the cup in hand was tried (DAL-26)
        return msg("{card}: the card stops at the first fall. Put the cups in hand back in "
                   "the shared pile ({cups}), then report any other cup that fell, or that "
                   "the Dallah settled.", card=name,
                   cups=[_named(view, "shapes", c) for c in view.get("cups_in_hand") or []])
    if view.get("report") == "place" and view.get("cup"):
        if c.get("kind") == "timed":
            return msg("{card}: place the {cup} cup on the {zone} within {seconds} seconds, then "
                       "report what happened.", card=name, cup=_named(view, "shapes", view.get("cup")),
                       zone=_named(view, "zones", view.get("zone")), seconds=c.get("seconds"))
        return msg("{card}: place the {cup} cup on the {zone}, then report what happened.", card=name,
                   cup=_named(view, "shapes", view.get("cup")), zone=_named(view, "zones", view.get("zone")))
    return msg("{card}: do it, then report each cup that fell, a collapse, or that the Dallah "
               "settled.", card=name)


def _protect(view: Mapping[str, Any], name: Msg) -> Msg:
    """The protection question of the seat asked, naming the cards it may play (DAL-41):
    every card it holds that blocks (DAL-42) or redirects (DAL-43), as the state's own
    prompt does. The view tells which plays are legal, not which held card does which,
    so a seat holding both kinds is told both plays beside all its cards."""
    legal = [str(a).partition(":")[2] for a in view.get("legal") or []]
    block = "block" in legal
    send = any(a.startswith("redirect ") for a in legal)
    cancel = "redirect" in legal
    held: list[Msg] = []
    for code in view.get("hand") or []:
        if not any(h == _named(view, "cards", code) for h in held):
            held.append(_named(view, "cards", code))
    if block and (send or cancel):
        if send:
            return msg("{card}: block it or send it to another player with your protection "
                       "cards ({cards}), or allow it.", card=name, cards=held)
        return msg("{card}: block it or cancel it with your protection cards ({cards}), or "
                   "allow it.", card=name, cards=held)
    if send:
        return msg("{card}: play {cards} to send it to another player, or allow it.",
                   card=name, cards=held)
    if cancel:
        return msg("{card}: play {cards} to cancel it (nobody else can take it), or allow "
                   "it.", card=name, cards=held)
    return msg("{card}: play {cards} to block it, or allow it.", card=name, cards=held)


def _report(view: Mapping[str, Any], players: Sequence[str]) -> dict[str, Any] | None:
    """The report screen's panel (``None`` once the game is over)."""
    if view.get("to_act") is None:
        return None
    got = view.get("card")
    c: Mapping[str, Any] | None = got if isinstance(got, Mapping) else None
    placing = view.get("stage") == "report" and view.get("report") == "place" and view.get("cup")
    timed = bool(c and c.get("kind") == "timed")
    countdown = c.get("seconds") if c and placing and timed and not view.get("falls") else None
    zones = [{"id": z, "name": _named(view, "zones", z),
              "cups": [{"shape": s, "name": _named(view, "shapes", s)} for s in cups]}
             for z, cups in (view.get("pot") or {}).items()]
    piles = view.get("piles") or []
    return {
        "stage": view.get("stage"), "report": view.get("report"),
        "card": None if not c else {"id": c.get("id"), "name": _named(view, "cards", c.get("id")),
                                    "kind": c.get("kind"), "seconds": c.get("seconds"),
                                    "cups": c.get("cups")},
        "cup": _named(view, "shapes", view.get("cup")) if view.get("cup") else None,
        "cup_id": view.get("cup"), "zone_id": view.get("zone"),
        "zone": _named(view, "zones", view.get("zone")) if view.get("zone") else None,
        "placer": name_of(players, view.get("placer")),
        "collector": name_of(players, view.get("collector")),
        "countdown": countdown,
        "timer": f"{view.get('turn')}:{view.get('zone')}:{view.get('cup')}:{view.get('timeouts')}"
        if countdown else None,
        "zones": zones,
        "piles": [[players[i], piles[i]] for i in range(min(len(players), len(piles)))],
        "reporting": view.get("seat") is not None and view.get("seat") == view.get("to_act")
        and view.get("stage") == "report",
    }


def present(view: Mapping[str, Any], *, public: bool = True) -> Table:
    """The table model of a Dallah view."""
    players = names(view)
    viewer, to_act, stage = view.get("seat"), view.get("to_act"), view.get("stage")
    seats = []
    for i, name in enumerate(players if public else ()):
        s = seat(i, name, viewer=viewer, to_act=to_act)
        s["stats"].append(plural("{n} cup in the pile", "{n} cups in the pile",
                                 int(at(view.get("piles"), i, 0) or 0)))
        # the viewer's own turn is said to them as theirs ("your turn", not "their turn")
        active = N_("your turn") if i == viewer else N_("their turn")
        for key, word in (("active", active), ("placer", N_("places")),
                          ("partner", N_("partner"))):
            if view.get(key) == i and to_act is not None:
                s["badges"].append(msg(word))
        if view.get("collector") == i and stage == "report":
            s["badges"].append(msg("collects"))
        if view.get("late_reporter") == i:
            s["badges"].append(msg("may report a late fall"))
        held = at(view.get("held"), i) or []
        if held:
            s["groups"].append(area(msg("Protection cards"), [card(view, h) for h in held]))
        seats.append(s)
    # the public part (seats, centre, facts) only when asked: a server draws it once
    # from the spectator's view and each seat's private part from the seat's view
    centre: list[dict[str, Any]] = []
    facts: list[dict[str, Any]] = []
    if public:
        centre = []
        full = set(view.get("full_zones") or [])
        for zone, cups in (view.get("pot") or {}).items():
            label = msg("{zone} (full)", zone=_named(view, "zones", zone)) if zone in full \
                else _named(view, "zones", zone)
            centre.append(area(label, items=[_named(view, "shapes", c) for c in cups]))
        shared = [msg("{cup} × {n}", cup=_named(view, "shapes", sid), n=n)
                  for sid, n in (view.get("shared") or {}).items() if n]
        centre.append(area(msg("Shared pile"), items=shared, count=view.get("shared_total")))
        in_hand = view.get("cups_in_hand") or []
        if in_hand:
            centre.append(area(msg("Cups in hand"), items=[_named(view, "shapes", c) for c in in_hand]))
        for e in view.get("effects") or []:
            if isinstance(e, Mapping):
                what = msg("all cups") if e.get("cups") == "pile" else _cups(int(e.get("cups") or 0))
                centre.append(area(msg("Waiting for protection"), items=[msg(
                    "{a} → {b}: {what}", a=name_of(players, e.get("from")) or "",
                    b=name_of(players, e.get("to")) or "", what=what)]))
        discard = view.get("discard") or []
        if discard:
            centre.append(area(msg("Action discard pile"), [card(view, discard[-1])], count=len(discard)))
        c = view.get("card")
        facts = [fact(msg("Turn"), view.get("turn")),
                 fact(msg("Card in play"), _named(view, "cards", c.get("id")) if isinstance(c, Mapping)
                      else None),
                 fact(msg("Action cards left"), view.get("stock")),
                 fact(msg("Placement cards left"), view.get("placement_stock")),
                 fact(msg("Retired"), _cups(int(view.get("retired") or 0)))]
        pd = view.get("placement_discard") or []
        if pd:
            facts.append(fact(msg("Last placement"), _named(view, "zones", pd[-1])))
        if view.get("collected"):
            facts.append(fact(msg("Collected on this card"), _cups(int(view["collected"]))))
        if view.get("falls"):
            facts.append(fact(msg("Reported fallen"), _cups(int(view["falls"]))))
        if view.get("timeouts"):
            facts.append(fact(msg("Time ran out"), plural("{n} time", "{n} times", int(view["timeouts"]))))
        if view.get("swaps_left"):
            facts.append(fact(msg("Swaps left"), view.get("swaps_left")))
        last = view.get("last_turn")
        if isinstance(last, Mapping):
            who = name_of(players, last.get("collector"))
            facts.append(fact(msg("Last turn"), plural("{who} collected {n} cup", "{who} collected {n} cups",
                                                      int(last.get("collected") or 0), who=who)
                              if who else msg("no cups moved")))
    hand = [card(view, h) for h in view.get("hand") or []]
    acts = [_action(str(n), view, players) for n in view.get("legal") or []]
    model = table(view, title=msg("Dallah"), prompt=_prompt(view, players), seats=seats,
                  centre=centre, facts=facts, hand=hand, actions=acts, result=_result(view, players))
    model["report"] = _report(view, players)
    return model


def _result(view: Mapping[str, Any], players: Sequence[str]) -> dict[str, Any] | None:
    res = view.get("result")
    if not isinstance(res, Mapping):
        return None
    losers = [n for n in (name_of(players, s) for s in res.get("losers") or []) if n]
    scores = res.get("scores") or []
    # the log's own sentence, "you" to the viewer: the end screen says it once
    said = event({"kind": "game_over", "losers": res.get("losers") or []}, view)
    return {"title": msg("Game over"), "said": said, "winners": [], "losers": losers,
            "winners_label": counted_label(Np_("Winner", "Winners"), []),
            # tied for the most cups: all of them share the title (DAL-51)
            "losers_label": counted_label(Np_("Biggest Loser", "Biggest Losers"), losers),
            "scores_label": msg("Cups in each pile"),
            "scores": [[p, _cups(int(at(scores, i, 0) or 0))] for i, p in enumerate(players)]}


def event(e: Mapping[str, Any], view: Mapping[str, Any]) -> Msg | None:
    """One sentence for a redacted Dallah event.

    A seat's own moves and the cups it collects are told to it as its own ("You rolled:
    2 cups.", "The Dallah collapsed: you collected 5 cups."), and a card played at it
    names it as "you"; every other seat and a spectator read the names
    (:func:`~tablegames.table.model.told`).
    """
    players = names(view)
    kind = e.get("kind")
    seat_no = e.get("seat")
    who = name_of(players, seat_no) or ""

    def cups(value: Any) -> Msg:
        if isinstance(value, list):
            return msg("{cups}", cups=[_named(view, "shapes", s) for s in value]) if value else _cups(0)
        return _cups(int(value or 0))

    if kind == "setup":
        shared = e.get("shared")
        total = sum(v for v in shared.values() if type(v) is int) \
            if isinstance(shared, Mapping) else 0
        return told(view, e.get("first"), N_("The shared pile holds {cups}; you go first."),
                    N_("The shared pile holds {cups}; {who} goes first."), cups=_cups(total),
                    who=name_of(players, e.get("first")) or "")
    if kind == "turn":
        return told(view, seat_no, N_("Turn {n}: your turn."), N_("Turn {n}: {who}."),
                    n=e.get("turn"), who=who)
    if kind == "action_card":
        return told(view, seat_no, N_("You drew {card}."), N_("{who} drew {card}."), who=who,
                    card=_named(view, "cards", e.get("card")))
    if kind == "placement_card":
        # the card says where the cup is to go; it stands there only when placed ("The
        # cup stands on ..."), and a swap may send it back first (found by helper-106)
        return told(view, seat_no, N_("Your Placement card: the {cup} cup is to go on the {zone}."),
                    N_("{who}'s Placement card: the {cup} cup is to go on the {zone}."), who=who,
                    cup=_named(view, "shapes", e.get("cup")), zone=_named(view, "zones", e.get("zone")))
    if kind == "roll":
        return told(view, seat_no, N_("You rolled: {cups}."), N_("{who} rolled: {cups}."), who=who,
                    cups=cups(e.get("cups")))
    if kind == "settled":
        return msg("The Dallah settled.")
    if kind == "fell":
        if e.get("guessed") is True:  # DAL-10: the report named no zone, the engine chose it
            return told(view, e.get("collector"),
                        N_("The {cup} cup is taken from the {zone} (the report named no zone): "
                           "you collected it."),
                        N_("The {cup} cup is taken from the {zone} (the report named no zone): "
                           "{who} collected it."),
                        cup=_named(view, "shapes", e.get("cup")), zone=_named(view, "zones", e.get("zone")),
                        who=name_of(players, e.get("collector")) or "")
        return told(view, e.get("collector"),
                    N_("The {cup} cup fell from the {zone}: you collected it."),
                    N_("The {cup} cup fell from the {zone}: {who} collected it."),
                    cup=_named(view, "shapes", e.get("cup")), zone=_named(view, "zones", e.get("zone")),
                    who=name_of(players, e.get("collector")) or "")
    if kind == "collapse":
        return told(view, e.get("collector"), N_("The Dallah collapsed: you collected {cups}."),
                    N_("The Dallah collapsed: {who} collected {cups}."),
                    who=name_of(players, e.get("collector")) or "", cups=cups(e.get("cups")))
    if kind == "placed":
        return msg("The {cup} cup stands on the {zone}.", cup=_named(view, "shapes", e.get("cup")),
                   zone=_named(view, "zones", e.get("zone")))
    if kind == "no_space":
        return msg("No space on the {zone}.", zone=_named(view, "zones", e.get("zone")))
    if kind == "timeout":
        return told(view, seat_no, N_("Time ran out for you."), N_("Time ran out for {who}."), who=who)
    if kind == "swap":
        # the cups rolled for the card swapped away go back to the shared pile (DAL-27):
        # said with the swap, or the log would leave them on their way to the Dallah
        returned = e.get("returned")
        gone: list[Any] = returned if isinstance(returned, list) else []
        if gone:
            return told(view, seat_no,
                        Np_("You swapped {card} for another card: the {cups} cup goes back "
                            "to the shared pile.",
                            "You swapped {card} for another card: the {cups} cups go back "
                            "to the shared pile."),
                        Np_("{who} swapped {card} for another card: the {cups} cup goes "
                            "back to the shared pile.",
                            "{who} swapped {card} for another card: the {cups} cups go "
                            "back to the shared pile."),
                        who=who, card=_named(view, "cards", e.get("card")), n=len(gone),
                        cups=[_named(view, "shapes", x) for x in gone])
        return told(view, seat_no, N_("You swapped {card} for another card."),
                    N_("{who} swapped {card} for another card."), who=who,
                    card=_named(view, "cards", e.get("card")))
    if kind == "target":
        return told(view, seat_no, N_("You chose {target}."),
                    N_("{who} chose you.") if is_you(view, e.get("target")) else N_("{who} chose {target}."),
                    who=who, target=name_of(players, e.get("target")) or "")
    if kind == "pair":
        return told(view, e.get("source"), N_("You give to {b}."),
                    N_("{a} gives to you.") if is_you(view, e.get("recipient")) else N_("{a} gives to {b}."),
                    a=name_of(players, e.get("source")) or "", b=name_of(players, e.get("recipient")) or "")
    if kind == "move":
        return told(view, seat_no, N_("You moved the {cup} cup from the {a} to the {b}."),
                    N_("{who} moved the {cup} cup from the {a} to the {b}."), who=who,
                    cup=_named(view, "shapes", e.get("cup")), a=_named(view, "zones", e.get("from")),
                    b=_named(view, "zones", e.get("to")))
    if kind == "protection_held":
        return told(view, seat_no, N_("You keep {card} for later."), N_("{who} keeps {card} for later."),
                    who=who, card=_named(view, "cards", e.get("card")))
    if kind == "protection_window":
        return msg("Protection cards may be played now.")
    if kind == "allow":
        return told(view, seat_no, N_("You allow it."), N_("{who} allows it."), who=who)
    if kind == "protect":
        return told(view, seat_no, N_("You play {card}."), N_("{who} plays {card}."), who=who,
                    card=_named(view, "cards", e.get("card")))
    if kind == "no_effect":
        return msg("{card} has no effect.", card=_named(view, "cards", e.get("card")))
    if kind == "redrawn":
        if e.get("reason") == "zone_full":  # a Placement card: ``card`` is its zone (DAL-21)
            return msg("The {zone} is full: another Placement card is drawn.",
                       zone=_named(view, "zones", e.get("card")))
        # DAL-22, DAL-27: a rotate, tap, blow or Naql card on an empty Dallah
        return msg("The Dallah is empty: {card} is set aside and another Action card is "
                   "drawn.", card=_named(view, "cards", e.get("card")))
    if kind == "reroll":
        return msg("The die is rolled again.")
    if kind == "reshuffle":
        return msg("A deck is shuffled again.")
    if kind == "pile_action":
        moves = _transfers(e.get("moves"), view, players)
        card_ = _named(view, "cards", e.get("card"))
        if not moves:
            return msg("{card}: no cup changes piles.", card=card_)
        return msg("{card}: {moves}.", card=card_, moves=moves)
    if kind == "retire":
        return told(view, seat_no, N_("You retire {cups}."), N_("{who} retires {cups}."), who=who,
                    cups=cups(e.get("cups")))
    if kind == "returned":
        given = e.get("cups")
        back: list[Any] = given if isinstance(given, list) else []
        return plural("The {cups} cup goes back to the shared pile.",
                      "The {cups} cups go back to the shared pile.", len(back),
                      cups=[_named(view, "shapes", s) for s in back])
    if kind == "game_over":
        you, losers = you_among(view, e.get("losers"))
        # tied for the most cups: all of them share the title (DAL-51)
        if you:  # "you and Bo", "you, Bo and Cy": each a whole sentence
            if len(losers) > 1:
                return msg("Game over: you, {names} and {last} share the title of Biggest "
                           "Loser.", **but_last(losers))
            return plural("Game over: you and {who} share the title of Biggest Loser.",
                          "Game over: you and {who} share the title of Biggest Loser.",
                          len(losers), who=joined(losers)) if losers \
                else msg("Game over: you are the Biggest Loser.")
        return plural("Game over: {who} is the Biggest Loser.",
                      "Game over: {who} share the title of Biggest Loser.", len(losers),
                      who=joined(losers)) if losers else msg("Game over: nobody is the Biggest Loser.")
    return msg("{who}: {what}", who=who, what=str(kind).replace("_", " "))


def _transfers(moves: Any, view: Mapping[str, Any], players: Sequence[str]) -> list[Msg]:
    """A pile card's transfers (the ``pile_action`` event's ``moves``) as the seat may know
    them: who gave how many cups to whom, or who swapped piles with whom ("P1 gives 1 cup
    to you"); "the piles change" said none of it (found by helper-106). The cups' shapes
    are not in the event: piles are counted, not shown."""
    said: list[Msg] = []
    for m in moves if isinstance(moves, list) else []:
        if not isinstance(m, Mapping):
            continue
        a, b, k = m.get("from"), m.get("to"), m.get("cups")
        args = {"a": name_of(players, a) or "", "b": name_of(players, b) or ""}
        if k == "pile":
            said.append(msg("you swap piles with {b}", **args) if is_you(view, a) else
                        msg("{a} swaps piles with you", **args) if is_you(view, b) else
                        msg("{a} and {b} swap piles", **args))
        elif type(k) is int:
            said.append(plural("you give {n} cup to {b}", "you give {n} cups to {b}", k, **args)
                        if is_you(view, a) else
                        plural("{a} gives you {n} cup", "{a} gives you {n} cups", k, **args)
                        if is_you(view, b) else
                        plural("{a} gives {n} cup to {b}", "{a} gives {n} cups to {b}", k, **args))
    return said


PRESENTER = Presenter(domain="dallah", table=present, event=event, parts=True)
