"""Shithead's presenter: a view drawn as the table model (:mod:`tablegames.table.model`).

Card faces come from the Shithead pack (:func:`tablegames.shithead.cards.pack`). What the
pile allows is drawn from the view's ``playable`` ranks (language-free), the top card's
effect from a fixed list of effect names, so every word is in the catalogues.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from tablegames.shithead.cards import SUIT_SYMBOLS, VALUE, pack
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
    counted_label,
    fact,
    is_you,
    joined,
    mark_taps,
    moves_left,
    msg,
    name_of,
    names,
    plural,
    seat,
    table,
    told,
    you_among,
)

_PACK = pack(1)
#: The rank a pile level names (ace low 1, ace high 14).
_RANK_OF_LEVEL = {1: "A", 11: "J", 12: "Q", 13: "K", 14: "A"}
#: The effect names a view's ``top_effect`` may hold (the engine's effect titles).
_EFFECTS = {"plain": N_("plain"), "zero it": N_("zero it"), "skip": N_("skip"),
            "reverse": N_("reverse"), "burn": N_("burn"), "transparent": N_("transparent"),
            "under-over": N_("under-over"), "take it, bad luck": N_("take it, bad luck")}


#: Shared words that name cards, worded again in Shithead's own catalogue (which a
#: table looks up first): its Arabic says كروت for cards in every sentence, where the
#: shared catalogue says بطاقات as the other games do (found by helper-106 and -111),
#: and the terminal's swap menu and its help on hot keys name cards too.
OWN_WORDS = (Np_("({n} card)", "({n} cards)"), N_("Cards"),
             Np_("    {verb}: {n} more way with more cards; type '{verb}' and a card to list it",
                 "    {verb}: {n} more ways with more cards; type '{verb}' and a card to list "
                 "them"),
             N_("A key in [brackets] plays its move at once, also while the others play. A "
                "key is in brackets only when nothing else you may type starts with it (a "
                "card, another move): then type more of the move and Enter. Keys typed "
                "while the others play wait for your turn, line by line. q and Enter quits."))

def _make(c: int) -> Face:
    face = _PACK.faces[c]
    return {"code": str(face), "rank": face.rank, "suit": face.suit,
            "colour": "red" if SUIT_SYMBOLS.index(face.suit) in (1, 2) else "black",
            "value": VALUE[c], "special": None,
            "name": msg("{rank}{suit}", rank=face.rank, suit=face.suit), "mark": None}


#: Every face of the pack, by code and by canonical name: ``card(code)`` and
#: ``cards(codes)`` give fresh faces (unknown text is drawn with itself as its name).
_FACES = Faces(len(_PACK.faces), _make, _PACK.code)
card = _FACES.card
cards = _FACES.cards


def _faces_named(codes: Any) -> list[Msg]:
    return [f["name"] for f in cards(codes)]


_LABELS = {"done": N_("Done swapping"), "ready": N_("Ready"),
           "unready": N_("Not ready: swap again"), "pickup": N_("Pick up the pile")}


def _action(notation: str, players: Sequence[str]) -> dict[str, Any]:
    verb, _, args = notation.partition(":")[2].partition(" ")
    if verb == "swap":
        up, _, held = args.partition("/")
        ups, hand = cards(up.split(",")), cards(held.split(","))
        a = action(notation, verb, msg("Swap {up} (face up) for {hand}", up=[f["name"] for f in ups],
                                       hand=[f["name"] for f in hand]), ups)
        a["for"] = hand
        return a
    if verb == "play":
        faces = cards(args.split(","))
        return action(notation, verb, msg("Play {cards}", cards=[f["name"] for f in faces]), faces)
    if verb == "blind":
        a = action(notation, verb, msg("Turn up face-down card {n}",
                                       n=int(args) + 1 if args.isdigit() else args))
        if args.isdigit():  # which face-down card (the blind event's index): a phone
            a["index"] = int(args)  # plays it by tapping that card
        return a
    if verb == "give":
        who = players[int(args)] if args.isdigit() and int(args) < len(players) else args
        return action(notation, verb, msg("Give the pile to {who}", who=who))
    return action(notation, verb, msg(_LABELS.get(verb, verb)))


def _prompt(view: Mapping[str, Any], players: Sequence[str]) -> Msg:
    viewer, to_act, stage = view.get("seat"), view.get("to_act"), view.get("stage")
    if to_act is None:
        return msg("The game is over.")
    legal = [str(a).partition(":")[2].partition(" ")[0] for a in view.get("legal") or []]
    if viewer is None or (viewer != to_act and not legal):
        if viewer is not None and at(view.get("playing"), viewer) is False:
            return msg("You have shed all your cards.")
        return msg("Waiting for {who}.", who=players[to_act])
    if stage == "swap":
        if "ready" in legal:
            return msg("Swap face-up cards with hand cards as often as you like, then say ready.")
        return msg("Swap face-up cards with hand cards once, or say done.")
    if stage == "give":
        return msg("Take it, bad luck: name the player who takes the pile.")
    if viewer != to_act:
        return msg("Waiting for {who}. You may cut in.", who=players[to_act])
    if "blind" in legal:
        return msg("Turn up one of your face-down cards.")
    if "play" not in legal:
        return msg("Nothing you can play fits the pile: pick up the pile.")
    lead = view.get("lead")
    if lead:  # SHD-04 under Rules.lead_shown: the only plays are those holding it
        return msg("Open with the card you showed, {card}; cards of its value may go with it.",
                   card=card(lead)["name"])
    return msg("Play cards of one value.")


def present(view: Mapping[str, Any], *, public: bool = True) -> Table:
    """The table model of a Shithead view."""
    players = names(view)
    viewer, to_act = view.get("seat"), view.get("to_act")
    finished = view.get("finished") or []
    swapping = view.get("swapping") or []
    seats = []
    for i, name in enumerate(players if public else ()):
        s = seat(i, name, viewer=viewer, to_act=to_act)
        s["hidden"] = at(view.get("hand_sizes"), i, 0)
        down = int(at(view.get("face_down"), i, 0) or 0)
        s["stats"].append(plural("{n} card face down", "{n} cards face down", down))
        if (view.get("rounds") or 1) > 1:
            s["stats"].append(plural("{n} round lost", "{n} rounds lost",
                                     int(at(view.get("tally"), i, 0) or 0)))
        if i in finished:
            s["badges"].append(msg("out, place {n}", n=finished.index(i) + 1))
        if i in swapping:
            s["badges"].append(msg("still swapping"))
        if view.get("starter") == i:
            s["badges"].append(msg("started"))
        up = at(view.get("face_up"), i)
        if up:
            s["groups"].append(area(msg("Face up"), cards(up)))
        known = at(view.get("known_cards"), i)
        if known:
            s["groups"].append(area(msg("Known in hand"), cards(known), held=True))
        s["face_down"] = down
        seats.append(s)
    # the public part (seats, centre, facts) only when asked: a server draws it once
    # from the spectator's view and each seat's private part from the seat's view
    centre: list[dict[str, Any]] = []
    facts: list[dict[str, Any]] = []
    if public:
        _public_part(view, players, centre, facts)
    hand = [str(c) for c in view.get("hand") or []]
    acts = [_action(str(n), players) for n in view.get("legal") or []]
    mark_taps(acts, hand, frozenset({"play"}))
    return table(view, title=msg("Shithead"), prompt=_prompt(view, players), seats=seats,
                 centre=centre, facts=facts, hand=cards(hand), actions=acts,
                 result=_result(view, players))


def _public_part(view: Mapping[str, Any], players: Sequence[str],
                 centre: list[dict[str, Any]], facts: list[dict[str, Any]]) -> None:
    """The centre (pile, stock, cards out of play) and the facts of a Shithead view."""
    pile = view.get("pile") or []
    stock = int(view.get("stock") or 0)
    centre += [area(msg("Pile"), cards(pile[-4:]), count=len(pile)),
               area(msg("Stock"), count=stock, backs=min(stock, 1))]
    burnt, removed = view.get("burnt") or [], view.get("removed") or []
    if removed:
        centre.append(area(msg("Out of play"), cards(removed), count=len(removed)))
    effect = view.get("top_effect")
    if effect is not None:
        facts.append(fact(msg("Top card"), msg(_EFFECTS.get(str(effect), "restricted"))))
    level = view.get("pile_value")
    playable = view.get("playable") or []
    if type(level) is int and level > 0:
        rank = _RANK_OF_LEVEL.get(level, str(level))
        if view.get("restriction") is None:  # SHD-05: a normal card must reach the pile
            facts.append(fact(msg("Play at least"), rank))
        elif _capped(level, playable):  # SHD-21: an "N or less" card caps the next play
            facts.append(fact(msg("Play at most"), rank))
        # any other restriction ("only 3, 5, 7, 9") is a list, not a limit: "May be
        # played" below names it, and a level would tell the player nothing true
    if pile and playable:
        facts.append(fact(msg("May be played"), " ".join(str(r) for r in playable)))
    left = moves_left(view)
    # SHD-01 (house rule): the move limit stops the round's play; during a swap at once
    # (SHD-03) the view counts the swap's actions, which only close the swap, so the
    # table says nothing there rather than a count that jumps back when play begins
    if left is not None and view.get("stage") != "swap":
        facts.append(fact(msg("Moves left"), left))
    direction = view.get("direction")
    facts.append(fact(msg("Direction"), msg("clockwise") if direction == "clockwise"
                      else msg("counter-clockwise")))
    facts.append(fact(msg("Burnt"), plural("{n} card", "{n} cards", len(burnt))))
    if view.get("aside"):
        facts.append(fact(msg("Set aside"), plural("{n} card", "{n} cards", int(view["aside"]))))
    if (view.get("rounds") or 1) > 1:
        facts.append(fact(msg("Round"), msg("{n} of {total}", n=int(view.get("round") or 0) + 1,
                                            total=view.get("rounds"))))
    prev = view.get("last_round")
    if isinstance(prev, Mapping):
        facts.append(fact(msg("Last round"), msg("{who} was the shithead",
                                                  who=name_of(players, prev.get("loser")) or "")))


def _capped(level: int, playable: Sequence[object]) -> bool:
    """Whether a restricting top allows every card from the 2 up to its own rank ``level``
    (an "N or less", SHD-21), so the pile's value is the most the next card may be.

    The view's ``restriction`` says the same in English words only; the playable ranks
    are language-free. The ace is left out of the check: it ranks below the 2 or above
    the king as ``Rules.aces`` says, and the view does not say which."""
    ranks = {str(r) for r in playable}
    return all(_RANK_OF_LEVEL.get(v, str(v)) in ranks for v in range(2, level + 1))


def _result(view: Mapping[str, Any], players: Sequence[str]) -> dict[str, Any] | None:
    res = view.get("result")
    if not isinstance(res, Mapping):
        return None
    losers = [n for n in (name_of(players, s) for s in res.get("losers") or []) if n]
    winners = [n for n in (name_of(players, s) for s in res.get("winners") or []) if n]
    tally = view.get("tally") or []
    rounds = (view.get("rounds") or 1) > 1
    drawn = rounds and not losers  # SHD-01 (decision): an even tally is a draw
    # the log's own sentence, "you" to the viewer: the end screen says it once
    said = event({"kind": "game_over", "loser": res.get("loser"),
                  "tally": view.get("tally") or res.get("tally") or []}, view)
    return {"title": msg("A draw") if drawn else msg("Game over"), "said": said,
            "winners": winners,
            "losers": losers,
            "winners_label": counted_label(Np_("Winner", "Winners"), winners),
            # a match's losers tied for the most rounds lost share the title (SHD-01)
            "losers_label": counted_label(Np_("The shithead", "The shitheads"), losers),
            "scores_label": msg("Rounds lost") if rounds else msg("Order"),
            "scores": [[p, plural("{n} round lost", "{n} rounds lost", int(at(tally, i, 0) or 0))]
                       for i, p in enumerate(players)] if rounds else []}


def skipped(e: Mapping[str, Any], view: Mapping[str, Any]) -> tuple[list[str], bool]:
    """The names of the seats a skip event passed over, each once, and whether the turn
    came back round to the skipper.

    The engine names the seats and says whether the skipper plays again (the event's
    ``skipped`` and ``again``, under whichever count ``Rules.skips`` sets). Three 8s at
    two players, or three at four, pass over every other seat and give the skipper the
    next turn, so the sentence says so instead of naming a seat twice (``"P1 skipped P0,
    P0."``).
    """
    players = names(view)
    start, seats = e.get("seat"), e.get("skipped")
    if type(start) is not int or not isinstance(seats, list):
        return [], False
    named = [players[s] for s in seats if type(s) is int and 0 <= s < len(players)]
    return named, bool(named) and e.get("again") is True


def event(e: Mapping[str, Any], view: Mapping[str, Any]) -> Msg | None:
    """One sentence for a redacted Shithead event (``None``: nothing for this seat).

    A seat's own moves are told to it as its own ("You picked up the pile (5 cards)."),
    and a move on it (the pile given to it, a skip over it) names it as "you"; every
    other seat and a spectator read the names (:func:`~tablegames.table.model.told`).
    """
    players = names(view)
    kind = e.get("kind")
    seat_no = e.get("seat")
    who = name_of(players, seat_no) or ""
    if kind == "cards":
        return msg("Your cards: {cards}.", cards=_faces_named(e["cards"])) if "cards" in e else None
    if kind == "deal":
        return msg("The cards are dealt.")
    if kind == "shuffle":
        return msg("The cards are shuffled for round {n}.", n=int(e.get("round") or 0) + 1)
    if kind in ("done", "ready"):
        return told(view, seat_no, N_("You are ready."), N_("{who} is ready."), who=who)
    if kind == "unready":
        return told(view, seat_no, N_("You swap again."), N_("{who} swaps again."), who=who)
    if kind == "swap":
        return told(view, seat_no, N_("You swapped {up} up for {hand}."),
                    N_("{who} swapped {up} up for {hand}."), who=who,
                    up=_faces_named(e.get("to_face_up")), hand=_faces_named(e.get("to_hand")))
    if kind == "swap_closed":
        return msg("Swapping is over.")
    if kind == "start":
        shows = _faces_named(e.get("shows"))
        if not shows:
            return told(view, seat_no, N_("You start."), N_("{who} starts."), who=who)
        return told(view, seat_no, N_("You start, showing {cards}."), N_("{who} starts, showing {cards}."),
                    who=who, cards=shows)
    if kind == "play":
        if e.get("cut_in") is True:  # SHD-25: out of turn, completing the run that burns
            return told(view, seat_no, N_("You cut in with {cards}."), N_("{who} cut in with {cards}."),
                        who=who, cards=_faces_named(e.get("cards")))
        return told(view, seat_no, N_("You played {cards}."), N_("{who} played {cards}."), who=who,
                    cards=_faces_named(e.get("cards")))
    if kind == "draw":
        if is_you(view, seat_no) and isinstance(e.get("cards"), list) and e["cards"]:
            return msg("You drew {cards}.", cards=_faces_named(e["cards"]))  # its own cards
        return told(view, seat_no, Np_("You drew {n} card.", "You drew {n} cards."),
                    Np_("{who} drew {n} card.", "{who} drew {n} cards."),
                    n=int(e.get("count") or 0), who=who)
    if kind == "pickup":
        return told(view, seat_no, Np_("You picked up the pile ({n} card).",
                                       "You picked up the pile ({n} cards)."),
                    Np_("{who} picked up the pile ({n} card).", "{who} picked up the pile ({n} cards)."),
                    n=len(e.get("cards") or []), who=who)
    if kind == "give":
        target = e.get("target")
        return told(view, seat_no, N_("You gave the pile to {target}."),
                    N_("{who} gave you the pile.") if is_you(view, target)
                    else N_("{who} gave the pile to {target}."),
                    who=who, target=name_of(players, target) or "")
    if kind == "burn":
        return msg("The pile is burnt.")
    if kind == "reverse":
        if e.get("effective") is False:  # SHD-23: two players, or Reverses that cancel
            return msg("The direction of play stays the same.")
        return msg("The direction of play is reversed.")
    if kind == "skip":
        return _skip(e, view, who)
    if kind == "blind":
        return told(view, seat_no, N_("You turned up {card}."), N_("{who} turned up {card}."), who=who,
                    card=card(e.get("card"))["name"])
    if kind == "finished":
        return told(view, seat_no, N_("You have shed every card (place {n})."),
                    N_("{who} has shed every card (place {n})."), who=who, n=e.get("place"))
    if kind == "removed":
        return msg("Out of the game: {cards}.", cards=_faces_named(e.get("cards")))
    if kind == "under_over":  # SHD-27: the card brought up from the bottom is the new top
        return told(view, seat_no, N_("You played under-over: {card} came up from the bottom."),
                    N_("{who} played under-over: {card} came up from the bottom."), who=who,
                    card=card(e.get("top"))["name"])
    if kind == "round_over":
        if view.get("rounds") == 1:  # the only round: its end is the game's, told by game_over
            return None
        if e.get("limit_hit") is True:  # SHD-01 (house rule): stopped, not played out
            return told(view, e.get("loser"),
                        N_("Round {n} is stopped at the move limit: you hold the most cards and "
                           "are the shithead."),
                        N_("Round {n} is stopped at the move limit: {who} holds the most cards "
                           "and is the shithead."), n=int(e.get("round") or 0) + 1,
                        who=name_of(players, e.get("loser")) or "")
        return told(view, e.get("loser"), N_("Round {n} is over: you are the shithead."),
                    N_("Round {n} is over: {who} is the shithead."), n=int(e.get("round") or 0) + 1,
                    who=name_of(players, e.get("loser")) or "")
    if kind == "game_over":
        tally = [t for t in e.get("tally") or [] if isinstance(t, int)]
        if sum(tally) > 1:  # a match: who lost the most rounds, not the last round's loser
            most = max(tally)
            if min(tally) == most:  # SHD-01 (decision): an even tally is a draw
                return msg("The match is over: a draw, every player lost as many rounds.")
            you, others = you_among(view, [s for s, t in enumerate(tally) if t == most])
            if you:  # "you and Bo", "you, Bo and Cy": each a whole sentence
                if len(others) > 1:
                    return msg("The match is over: you, {names} and {last} tie for the most "
                               "rounds lost.", **but_last(others))
                return plural("The match is over: you and {who} tie for the most rounds lost.",
                              "The match is over: you and {who} tie for the most rounds lost.",
                              len(others), who=joined(others)) if others \
                    else msg("The match is over: you lost the most rounds.")
            return plural("The match is over: {who} lost the most rounds.",
                          "The match is over: {who} tie for the most rounds lost.",
                          len(others), who=joined(others))
        if e.get("limit_hit") is True:  # SHD-01 (house rule): the round was stopped
            return told(view, e.get("loser"),
                        N_("Game over at the move limit: you hold the most cards and are the "
                           "shithead."),
                        N_("Game over at the move limit: {who} holds the most cards and is the "
                           "shithead."), who=name_of(players, e.get("loser")) or "")
        return told(view, e.get("loser"), N_("Game over: you are the shithead."),
                    N_("Game over: {who} is the shithead."), who=name_of(players, e.get("loser")) or "")
    return msg("{who}: {what}", who=who, what=str(kind).replace("_", " "))


def _skip(e: Mapping[str, Any], view: Mapping[str, Any], who: str) -> Msg:
    """A skip (SHD-22) told to the skipper ("You skipped Bo."), to a seat it passed over
    ("Ana skipped you and Cy.") and to the rest ("Ana skipped Bo and Cy.")."""
    names_, again = skipped(e, view)
    you, others = you_among(view, e.get("skipped"))
    mine = is_you(view, e.get("seat"))
    if names_ and you:  # never the skipper: the engine does not name it (SHD-22)
        if len(others) > 1:
            return msg("{who} skipped you, {names} and {last} and plays again.", who=who,
                       **but_last(others)) if again else \
                msg("{who} skipped you, {names} and {last}.", who=who, **but_last(others))
        if others:
            return msg("{who} skipped you and {skipped} and plays again.", who=who,
                       skipped=joined(others)) if again \
                else msg("{who} skipped you and {skipped}.", who=who, skipped=joined(others))
        return msg("{who} skipped you and plays again.", who=who) if again \
            else msg("{who} skipped you.", who=who)
    if names_ and again:
        return told(view, e.get("seat"), N_("You skipped {skipped} and play again."),
                    N_("{who} skipped {skipped} and plays again."), who=who,
                    skipped=joined(names_))
    if names_:
        return told(view, e.get("seat"), N_("You skipped {skipped}."), N_("{who} skipped {skipped}."),
                    who=who, skipped=joined(names_))
    if isinstance(e.get("skipped"), list):  # Rules.skips="seats": counted back round
        return msg("Your skips come back round: nobody misses a turn.") if mine \
            else msg("{who}'s skips come back round: nobody misses a turn.", who=who)
    return told(view, e.get("seat"), Np_("You skipped {n} player.", "You skipped {n} players."),
                Np_("{who} skipped {n} player.", "{who} skipped {n} players."),
                n=int(e.get("players") or 0), who=who)


PRESENTER = Presenter(domain="shithead", table=present, event=event, face=card,
                      parts=True)
