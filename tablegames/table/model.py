"""The table model: one neutral, plain-data picture of a table, drawn by every front end.

A game's *presenter* (``tablegames/<game>/present.py``) turns one **view** (never the
state, so a model can hold no more than the seat may see) into a :class:`Table`. The
server, the SVG pictures and the terminal each draw that model with one generic function
and know nothing of any game: a fifth game needs only a presenter to appear in all three.

Every word a person reads is a :class:`Msg`, not a string: a message id (the English
text, with ``{name}`` fields) plus its arguments, looked up in the game's gettext
catalogue when the model is drawn (:func:`tablegames.table.i18n.localize`). So the model
is the same in every language, and the catalogues are the only place words live.

Schema (every value is JSON-ready: dicts, lists, strings, ints, bools, ``None``). Each
part lists every key a presenter of the four games puts in it, and each key listed is in
some model of theirs (``tests/render/test_model_keys.py`` walks their models and fails
on a key that is not listed here, or listed and never made): a front end built from
this schema alone draws everything the room server's page draws. A key that only one
game's models have says so; a front end that does not know it draws the table without
it, as another game's.

``Msg``
    ``{"msg": id, "args": {...}}`` and, for a count, ``"plural": id_plural, "n": int``.
    An argument is a string (a player's name), an int, another ``Msg`` or a list of
    ``Msg`` (joined by ", " when drawn).
``Face`` (a card, from the game's own pack, never read back from notation)
    ``code`` (the notation an action uses), ``rank``, ``suit`` (a symbol or ""),
    ``colour`` (a drawing colour: red, black, blue, green, yellow, wild, skip, gold),
    ``value`` (its number, or ``None``), ``special`` (``"wild"``, ``"skip"`` or ``None``),
    ``name`` (a ``Msg``: how a sentence names it) and ``mark`` (a ``Msg`` written on the
    card beside the rank, such as its colour name; ``None`` when the face says it all).
``Seat``
    ``seat``, ``name``, ``you`` (the viewer), ``turn`` (asked to act), ``badges``
    (``Msg``), ``stats`` (``Msg``), ``groups`` (``Group``: cards in front of the seat),
    ``hidden`` (cards held, drawn as backs); Shithead's seats also have ``face_down``
    (how many face-down cards lie in front of the seat, an int: a row of backs apart from
    the hand, which its own seat taps to play one blind: see the blind action's index).
``Group`` / ``Area`` (the centre)
    ``label`` (``Msg``), ``cards`` (``Face``), ``owners`` (a name per card, or empty),
    ``count`` (cards in the pile, or ``None``), ``backs`` (face-down cards to draw),
    ``items`` (``Msg``: named things that are no cards, such as Dallah cups); an area
    an action takes from also has ``verbs``, the verbs of those actions (Phase 10's draw
    pile: ``["draw"]``), so a front end can make the pile itself do what that action's
    button does while the action is legal (the room server's phone does). A seat's group
    of cards that seat holds in its hand, shown because the table has seen them
    (Shithead's "Known in hand", Phase 10's "Taken from the discard pile"), also has
    ``held`` (``True``): it is the hand drawn on the table, never cards lying there, so a
    front end that plays cards by tapping them plays these from the hand and never
    offers this group's copies (with two or more decks a face-up card may be the same
    card as one of the hand, so the cards alone cannot say which group is the hand's).
    Every other group has no such key (added in session 59, with no new format: a front
    end that ignores it draws the same).
``Fact``
    ``{"label": Msg, "value": Msg | int | str | None}``.
``Action`` (one legal action of the viewer)
    ``n`` (the notation to send back), ``verb``, ``label`` (``Msg``), ``cards`` (``Face``),
    ``tap`` (the card code a tap on the hand sends, or ``None``), ``report`` (a table report
    drawn on the report screen rather than as a small button). Some actions say more,
    for a front end that plays them by tapping cards rather than by a button:

    * Shithead's swap: ``for`` (``Face``: the cards of the hand taken up for the face-up
      ``cards`` put down; the action is both sets of cards chosen);
    * Shithead's blind: ``index`` (an int from 0: which face-down card it turns up, as
      its event says; a tap on that card of the seat's own face-down row plays it);
    * Phase 10's lay: ``groups`` (a ``Face`` list per group laid, in the order of the
      notation; ``cards`` holds them all in one list), ``parts`` (``Msg`` per group: its
      words, "set of 7s", drawn over its cards) and ``more`` (``Msg``: what to say while
      the cards chosen are some of this lay-down's but not all, "Keep tapping cards to lay
      phase 3.");
    * Dallah's fell: ``zone`` and ``shape`` (the ids of the zone and of the cup
      reported fallen: the report screen puts the button under that zone of the
      ``Report`` and allows as many as there are cups of that shape there).

``Table``
    ``game``, ``title`` (``Msg``), ``version``, ``viewer`` (seat or ``None``), ``to_act``,
    ``stage``, ``over``, ``prompt`` (``Msg``), ``seats``, ``centre`` (``Area``), ``facts``,
    ``hand`` (``Face``), ``actions`` (``Action``), ``result`` (``Result`` or ``None``),
    ``panel`` (``Area`` list: what the seat to act is doing now, such as Toepen's table
    customs), ``own`` (``Group`` list: the groups of the viewer's own row where its view
    may show that row more than the spectator's does, such as a Toepen seat's thrown-in
    hand, which only that seat sees; ``[]`` for the spectator and in the other games: a
    front end that draws the seats from the spectator's table, as the room server does,
    draws in the viewer's row those of them that row lacks, and one that draws this
    model's ``seats`` has them there already); Dallah's tables also have ``report``
    (``Report``, or ``None`` once the game is over: the report screen, where the table
    says what happened to the Dallah).
``Report`` (Dallah's report screen)
    ``stage`` and ``report`` (the view's: the stage, and what the report being made is
    about, ``"place"``, ``"stunt"`` or ``"move"``, or ``None``), ``card`` (``Report card``
    or ``None``: the Action card in play), ``cup`` and ``zone`` (``Msg`` or ``None``: the
    cup being placed and the zone it goes to), ``cup_id`` and ``zone_id`` (their ids, which
    a fell action's ids are compared with), ``placer`` and ``collector``
    (names, or ``None``), ``countdown`` (the seconds a timed card gives to place the cup,
    or ``None`` when no clock runs), ``timer`` (a string naming this countdown, or
    ``None``: a phone restarts its clock only when it changes), ``zones`` (``Report zone``
    list: the Dallah's zones, each with its cups), ``piles`` (``[name, n]`` per seat: how
    many cups are in the seat's pile) and ``reporting`` (whether the viewer is the seat to
    report now: only that phone's buttons move to the top).
``Report card``
    ``id``, ``name`` (``Msg``), ``kind`` (``"place"``, ``"timed"``, ``"rotate"``, ...),
    ``seconds`` and ``cups`` (the card's, or ``None`` where its kind has none).
``Report zone``
    ``id``, ``name`` (``Msg``), ``cups`` (``Report cup`` list).
``Report cup``
    ``shape`` (its id), ``name`` (``Msg``).
``Result``
    ``title`` (``Msg``), ``said`` (``Msg`` or ``None``: the outcome in one sentence, told
    to the viewer in the second person, "Game over: you won."), ``winners`` and
    ``losers`` (names), ``winners_label``, ``losers_label``, ``scores_label`` (``Msg``),
    ``scores`` (``[name, Msg]``).

The constructors below are the only way presenters build the model, so its shape is
written once.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Mapping, Sequence
from typing import Any

Msg = dict[str, Any]
Face = dict[str, Any]
Table = dict[str, Any]


def msg(text: str, /, **args: Any) -> Msg:
    """A message: ``text`` is its catalogue id (the English), ``args`` fill its fields."""
    return {"msg": text, "args": args}


def plural(singular: str, plural_text: str, n: int, /, **args: Any) -> Msg:
    """A counted message ("1 card", "2 cards"): the catalogue picks the language's form."""
    return {"msg": singular, "plural": plural_text, "n": n, "args": {"n": n, **args}}


def N_(text: str) -> str:
    """Marks a message id kept in a table (an action label) so the catalogue tool finds it."""
    return text


def Np_(singular: str, plural_text: str) -> tuple[str, str]:
    """Marks a counted message id kept in a table (see :func:`N_`)."""
    return singular, plural_text


def is_msg(value: Any) -> bool:
    """Whether ``value`` is a :func:`msg` or :func:`plural` (a dict with a message id)."""
    return isinstance(value, dict) and "msg" in value and "args" in value


def face(code: str, *, rank: str, suit: str = "", colour: str = "black", value: int | None = None,
         special: str | None = None, name: Msg, mark: Msg | None = None) -> Face:
    """A card face (see the module docstring)."""
    return {"code": code, "rank": rank, "suit": suit, "colour": colour, "value": value,
            "special": special, "name": name, "mark": mark}


def plain_copy(value: Any) -> Any:
    """A copy of plain data (a model, a message) that shares no dict or list with it:
    what a front end may edit freely. Strings and numbers are immutable and kept."""
    if type(value) is dict:
        return {k: plain_copy(v) for k, v in value.items()}
    if type(value) is list:
        return [plain_copy(v) for v in value]
    return value


class Faces:
    """A pack's faces, made once by the game's ``make(code)``, looked up by a card's
    notation or code: the ``card``/``cards`` every card game's presenter uses.

    ``parse`` turns any notation the pack accepts (``"Td"`` or ``"10♦"``) into a code and
    raises ``ValueError`` (a ``NotationError``) on text that names no card: such a card is
    drawn with its text as its name rather than refused, since a view is the engine's own
    and a model must always draw. Each call returns a fresh dict whose name and mark
    messages are the pack's own: :func:`tablegames.table.present` copies a model before
    a front end gets it, and only the room server, which never edits one, takes it
    shared (its page drawing reuses and diffs those messages by identity).
    """

    __slots__ = ("_by_name", "_faces", "_parse")

    def __init__(self, size: int, make: Callable[[int], Face],
                 parse: Callable[[str], int]) -> None:
        self._faces = tuple(make(i) for i in range(size))
        self._by_name = {f["code"]: f for f in self._faces}
        self._parse = parse

    def card(self, code: Any) -> Face:
        """The face of one card (its notation or code), a fresh dict."""
        text = str(code)
        hit = self._by_name.get(text)
        if hit is None:
            try:
                hit = self._faces[self._parse(text)]
            except ValueError:
                return face(text, rank=text, name=msg("{card}", card=text))
        return dict(hit)

    def cards(self, codes: Any) -> list[Face]:
        """Faces of a list of cards (anything else: none)."""
        return [self.card(c) for c in codes] if isinstance(codes, list) else []


def seat(i: int, name: str, *, viewer: int | None, to_act: int | None) -> dict[str, Any]:
    """An empty seat entry; the presenter adds badges, stats, groups and the hidden count."""
    return {"seat": i, "name": name, "you": viewer == i, "turn": to_act == i,
            "badges": [], "stats": [], "groups": [], "hidden": 0}


def area(label: Msg, cards: Sequence[Face] = (), *, owners: Sequence[str] = (),
         count: int | None = None, backs: int = 0, items: Sequence[Msg] = (),
         verbs: Sequence[str] = (), held: bool = False) -> dict[str, Any]:
    """A group of cards (or named things) with a label: a seat's group or a centre area.
    ``verbs`` only where an action takes from it, ``held`` only on a seat's group of its
    own hand cards the table has seen: every other area's model keeps its shape (and a
    front end that ignores the keys draws the same)."""
    out = {"label": label, "cards": list(cards), "owners": list(owners), "count": count,
           "backs": backs, "items": list(items)}
    if verbs:
        out["verbs"] = list(verbs)
    if held:
        out["held"] = True
    return out


def fact(label: Msg, value: Any) -> dict[str, Any]:
    """A labelled value of the moment (stake, round, limit)."""
    return {"label": label, "value": value}


#: A view's ``actions_left`` (Phase 10 and Shithead: the actions before the house move
#: limit, ``Rules.action_limit``, stops the hand or round) is a fact of the table from
#: this many down. The smallest limit a table may set is 50 in both games, so a table
#: with a limit of up to 100 sees the count all along, and any other table the last 100
#: actions: in Phase 10 at four players some ten turns each, in Shithead at least a
#: dozen each at eight seats. Shown earlier, the default limits (10,000 and 5,000,
#: never reached in a standard game) would put a number on every table that tells a
#: player nothing.
MOVES_LEFT_SHOWN = 100


def moves_left(view: Mapping[str, Any]) -> int | None:
    """The view's ``actions_left`` when the table shows it (see :data:`MOVES_LEFT_SHOWN`):
    while the game goes on and at most that many are left; ``None`` otherwise, and for a
    value that is no count (a view from elsewhere; ``bool`` is not ``int``)."""
    n = view.get("actions_left")
    if type(n) is not int or not 0 <= n <= MOVES_LEFT_SHOWN or view.get("to_act") is None:
        return None
    return n


def action(notation: str, verb: str, label: Msg, cards: Sequence[Face] = (), *,
           report: bool = False) -> dict[str, Any]:
    """One legal action: the notation the front end sends back, and what a person reads."""
    return {"n": notation, "verb": verb, "label": label, "cards": list(cards), "tap": None,
            "report": report}


def mark_taps(actions: list[dict[str, Any]], hand: Sequence[str], verbs: frozenset[str]) -> None:
    """Set ``tap`` where one legal action of a tap verb plays exactly one held card.

    A card is tappable when exactly one action of ``verbs`` uses that card alone;
    anything ambiguous stays a button.
    """
    by_card: dict[str, list[dict[str, Any]]] = {}
    for a in actions:
        if a["verb"] in verbs and len(a["cards"]) == 1:
            by_card.setdefault(a["cards"][0]["code"], []).append(a)
    held = set(hand)
    for code, group in by_card.items():
        if len(group) == 1 and code in held:
            group[0]["tap"] = code


def table(view: Mapping[str, Any], *, title: Msg, prompt: Msg | None, seats: list[dict[str, Any]],
          centre: list[dict[str, Any]], facts: list[dict[str, Any]], hand: list[Face],
          actions: list[dict[str, Any]], result: dict[str, Any] | None = None,
          panel: list[dict[str, Any]] | None = None,
          own: list[dict[str, Any]] | None = None) -> Table:
    """The whole model for one view (the envelope fields are read from the view).

    ``own`` is the viewer's row's groups, made the same whether or not the public part
    is (a presenter's ``public=False``): the private part of a seat's model carries what
    its row shows that the public table may not (see ``own`` in the module docstring)."""
    to_act = view.get("to_act")
    return {
        "game": str(view.get("game", "")), "title": title, "version": view.get("version"),
        "viewer": view.get("seat"), "to_act": to_act, "stage": view.get("stage"),
        "over": to_act is None and result is not None, "prompt": prompt, "seats": seats,
        "centre": centre, "facts": facts, "hand": hand, "actions": actions, "result": result,
        "panel": panel or [], "own": own or [],
    }


#: What a drawn name may not hold: control characters (a terminal would obey an escape
#: sequence, a line feed would add a line) and what XML 1.0 cannot carry at all.
_UNPRINTABLE = re.compile("[\x00-\x1f\x7f-\x9f\ud800-\udfff\ufffe\uffff]")


def printable(text: str) -> str:
    """``text`` with every control character (and anything XML cannot hold) drawn as
    U+FFFD. ``new_game`` accepts any non-empty name, so a name is made safe where it is
    drawn, once, for the pictures, the terminal and the server alike.

    >>> from tablegames.table.model import printable
    >>> printable("Ana\x1b]0;x\x07") == "Ana\ufffd]0;x\ufffd"
    True
    """
    return text if text.isprintable() else _UNPRINTABLE.sub("\ufffd", text)


def names(view: Mapping[str, Any]) -> list[str]:
    """The players' names of a view, printable (:func:`printable`)."""
    return [printable(str(p)) for p in view.get("players", [])]


def joined(items: Sequence[Any]) -> Any:
    """Items as a sentence lists them: ``"Ann"``, ``"Ann and Bo"``, ``"Ann, Bo and Cy"``.

    A plain list is said with the language's comma only ("Ann, Bo won" reads as a slip);
    this puts the language's "and" before the last item (a message of the common
    catalogue). No item gives ``""``: a sentence about nobody should say so itself.
    """
    if len(items) <= 1:
        return items[0] if items else ""
    return msg("{names} and {last}", **but_last(items))


def but_last(items: Sequence[Any]) -> dict[str, Any]:
    """``names`` (all but the last item, said with the language's comma) and ``last``: the
    fields of a sentence that lists the viewer first, "you, {names} and {last}", for two
    others or more (with one other the sentence is "you and {who}"). A whole message id
    of its own, not "you and" put before :func:`joined`: "you and Bo and Cy" read badly,
    and a translator words the list with the verb it agrees with."""
    return {"names": list(items[:-1]), "last": items[-1]}


def name_of(players: Sequence[str], seat_no: Any) -> str | None:
    """The name of ``seat_no`` (``None`` when it is no seat of this table)."""
    if type(seat_no) is int and 0 <= seat_no < len(players):
        return players[seat_no]
    return None


def is_you(view: Mapping[str, Any], seat_no: Any) -> bool:
    """Whether ``seat_no`` is the seat ``view`` is told to (never so for a spectator)."""
    me = view.get("seat")
    return type(me) is int and type(seat_no) is int and seat_no == me


def told(view: Mapping[str, Any], seat_no: Any, you: str | tuple[str, str],
         them: str | tuple[str, str], /, **args: Any) -> Msg:
    """A sentence about what seat ``seat_no`` did, as the seat of ``view`` is told it.

    A player reads their own moves as theirs ("You kept your hand."): ``you``, in the
    second person, goes to that seat itself, and ``them``, in the third person with the
    seat's name (as ``{who}`` or another field of ``args``), to every other seat and to a
    spectator. Both are whole message ids (:func:`N_`, or :func:`Np_` pairs counted by
    ``args["n"]``), never a pronoun put before a verb: a translator words each sentence
    whole, and a language whose verb takes the person (Arabic, Dutch) agrees with it.
    A sentence naming two seats picks its ids by :func:`is_you` on each and passes them
    here for the one that acts. ``args`` go to both (a field the ``you`` sentence does not
    name is not drawn).

    >>> from tablegames.table.model import told
    >>> told({"seat": 0}, 0, "You knocked.", "{who} knocked.", who="Ana")["msg"]
    'You knocked.'
    >>> told({"seat": None}, 0, "You knocked.", "{who} knocked.", who="Ana")["msg"]
    '{who} knocked.'
    """
    text = you if is_you(view, seat_no) else them
    if isinstance(text, tuple):
        return plural(text[0], text[1], int(args.pop("n")), **args)
    return msg(text, **args)


def you_among(view: Mapping[str, Any], seats: Any) -> tuple[bool, list[str]]:
    """Whether the seat of ``view`` is among ``seats`` (a list of seats: winners, seats
    skipped), and the names of the others in their order: a sentence about several
    seats says "you and Bo" to one of them (a whole message id of its own, as
    :func:`told`'s), and names all of them to anyone else."""
    players = names(view)
    listed = [s for s in seats if type(s) is int] if isinstance(seats, list) else []
    you = any(is_you(view, s) for s in listed)
    return you, [n for n in (name_of(players, s) for s in listed if not is_you(view, s))
                 if n is not None]


def at(values: Any, i: int, default: Any = None) -> Any:
    """``values[i]`` of a per-seat list, or ``default`` when there is none."""
    if isinstance(values, list) and 0 <= i < len(values):
        return values[i]
    return default


def counted_label(label: Msg | tuple[str, str], names_: Sequence[str]) -> Msg:
    """A result's label for the names under it: ``label`` as it is, or, given as
    :func:`Np_` ``(singular, plural)``, counted by the names ("Winner: Ana", "Winners:
    Ana, Bo"; no name counts as one, "The shithead: nobody"), in the forms each language
    has (Arabic's dual among them)."""
    if isinstance(label, tuple):
        return plural(label[0], label[1], max(1, len(names_)))
    return label


def result(view: Mapping[str, Any], *, title: Msg, winners_label: Msg | tuple[str, str],
           losers_label: Msg | tuple[str, str], scores_label: Msg,
           score: Any, said: Msg | None = None) -> dict[str, Any] | None:
    """The end screen from the view's ``result`` (``None`` while the game runs).

    ``said`` is the outcome in one sentence as the viewer is told it (the game's own
    "game over" sentence, "you" to the viewer): an end screen says who won once, in
    the words the log uses, and then the standings, rather than a title, a winners'
    label and the winner's name again (found by helper-106).

    ``score(i, value)`` turns seat ``i``'s score into a ``Msg`` (points, lives, cups).
    A label given as :func:`Np_` ``(singular, plural)`` is counted by its names
    (:func:`counted_label`).
    """
    res = view.get("result")
    if not isinstance(res, Mapping):
        return None
    players = names(view)

    def who(seats: Any) -> list[str]:
        return [n for n in (name_of(players, s) for s in (seats or [])) if n is not None]

    scores = res.get("scores")
    rows = []
    if isinstance(scores, list) and len(scores) == len(players):
        rows = [[players[i], score(i, scores[i])] for i in range(len(players))]
    winners, losers = who(res.get("winners")), who(res.get("losers"))
    return {"title": title, "said": said, "winners": winners, "losers": losers,
            "winners_label": counted_label(winners_label, winners),
            "losers_label": counted_label(losers_label, losers),
            "scores_label": scores_label, "scores": rows}
