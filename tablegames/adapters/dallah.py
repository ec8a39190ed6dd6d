"""Dallah for RL: action ids, the fall model as the table, observations and rewards.

Dallah is played with a real coffee pot: what falls is *reported* by the placer. An RL
agent has no hands, so by default (``table="model"``) the adapter lets the engine's
:class:`~tablegames.dallah.FallModel` be the table: where the engine waits for a report,
the placer chooses between ``table`` (the model reports what happened, seeded by the
game's seed) and, while the rules allow it, ``swap``. Every other decision (drawing,
rolling, targets, Malek Shoghl pairs, Naql moves, protection) is the agents'. With
``table="players"`` the agents make the reports themselves (every report id below).

**Action ids**, version 2 (the default; ``Z`` zones, ``S`` the shapes of the card set that
have cups, as for the observation below, ``n`` seats; seats relative to the acting seat,
1 = next clockwise):

==================  ==================================================================
0..9                ``draw``, ``roll``, ``settled``, ``collapse``, ``nospace``, ``swap``,
                    ``timeout``, ``allow``, ``block``, ``redirect`` (cancel: nobody is
                    eligible)
fell                Z × S: ``fell ZONE:SHAPE``, zone-major in card-set order
move                Z × S × (Z − 1): Naql, a cup of a shape from a zone to another zone
target              n − 1: ``target`` the seat ``r`` places on (r = 1..n−1)
pair                n × (n − 1): Malek Shoghl from seat ``a`` to seat ``b`` (relative,
                    a ≠ b), ordered by ``a`` then ``b``
redirect            n − 1: ``redirect`` to the seat ``r`` places on
placed              1: ``placed``, a later cup in hand at a fall stands (DAL-12, DAL-26)
table               1, only with ``table="model"``: the fall model reports
pass                1, only with ``interrupts=True``
==================  ==================================================================

The timeout penalty is never legal (DAL-28), so it has no id. Every Dallah action is one id.
That makes 141, 147, 155, 165 and 177 ids at 2 to 6 players with the shipped card set
(one more with ``interrupts=True``, one fewer with ``table="players"``).

>>> from tablegames.adapters import make_codec
>>> codec = make_codec("dallah", players=3)
>>> codec.label(codec.FELL), codec.label(codec.TABLE), codec.num_distinct_actions
('fell lid:classic', 'table: the fall model reports', 147)

**Action ids, version 1** (``action_version=1``, the only numbering before helper-183;
keep it for a policy trained on it): the same blocks with ``S`` every shape, the
Heavyweight too, though it has no cups and is rerolled (DAL-03): its 5 ``fell`` and 20
``move`` ids under the shipped card set are never legal, and every later id is 25 higher
(166 to 202 ids). :meth:`DallahCodec.from_version_1` upgrades a stored version-1 id:

>>> old = make_codec("dallah", players=3, action_version=1)
>>> old.num_distinct_actions, old.label(32), codec.from_version_1(32)
(172, 'fell spout:twins', 29)

A codec, observer or OpenSpiel state pickled before either version option existed keeps
version 1 of both when it is unpickled (``old_defaults`` of the adapter; see
:func:`tablegames.adapters.openspiel.upgrade_serialized` for serialized text).

**Observation**, version 2 (the default). ``A`` is the Action cards that can be the card
in play (every Action card with copies but Yalla Bye and the other ``retire`` cards,
resolved as drawn: DAL-38), ``P`` the protection cards, ``S`` the shapes that have cups
(the Heavyweight has none and is rerolled: DAL-03), ``C`` every card kind with copies,
each in card-set order; under the shipped card set A = 19, P = 2, S = 5, C = 22, Z = 5:

===========  ==============  ============================================================
field        size            meaning
===========  ==============  ============================================================
stage        8               draw, target, pair, move, roll, report, protect, over
report       3               what is being reported: a placement, a stunt, a Naql move
card         A               the Action card in play
cup          S               the cup being placed
zone         Z               the zone it goes to
in_hand      S               cups taken for the card, per shape / that shape's cups
seats        n × (10 + P)    per seat: active, placer, collector, partner, to act,
                             pile/total cups, effect on it (cups in, cups out, pile swap,
                             redirected/blocked), protection cards held per card / copies
pot          Z × S           cups on the Dallah per zone and shape / that shape's cups
full         Z               zones reported full
shared       S               the shared pile per shape / that shape's cups
table        7               retired/total cups, falls/10, timeouts/5, swaps left/5,
                             polled, Action deck / its size, Placement deck / its size
discards     C + Z           discarded Action and protection cards per card / copies,
                             Placement cards per zone / copies
===========  ==============  ============================================================

Every slot of version 2 changes in some reachable state. That makes 138, 150, 162, 174
and 186 numbers at 2 to 6 players with the shipped card set.

>>> from tablegames.adapters import adapter
>>> [adapter("dallah").observer(make_codec("dallah", players=n)).size for n in (3, 4)]
[150, 162]

**Observation, version 1** (``observation_version=1``, the only layout before helper-179;
keep it for a policy trained on it): the same fields, with every card kind for ``card``,
for the protection held (``seats``: n × (10 + C), where C counts every Action and
protection card) and ``discards``, and every die face for ``cup``, ``in_hand``, ``pot``
and ``shared``. Those extra slots are zero in every reachable state: 189, 221, 253, 285
and 317 numbers at 2 to 6 players, 71 of the 221 at three. A version-1 vector upgrades
to version 2 with :meth:`DallahObserver.from_version_1` (a stored data set, say):

>>> import tablegames
>>> old = adapter("dallah").observer(make_codec("dallah", players=3, observation_version=1))
>>> old.size, adapter("dallah").observer(codec).from_version_1(old.encode(
...     tablegames.new_game("dallah", players=3).view(0))).shape
(221, (150,))

**Rewards**: nobody wins Dallah; the Biggest Loser(s) (the biggest pile at the end) share
−1 and the other seats share +1.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

import numpy as np

from tablegames.adapters.base import (
    SPECIAL,
    AdapterChance,
    Codec,
    CodecError,
    GameAdapter,
    Layout,
    Option,
    Session,
    SpecialPending,
    ViewKeys,
    as_id,
)
from tablegames.adapters.observation import Buffer, Observer, index_of
from tablegames.common.actions import Action, Event
from tablegames.common.errors import SetupError, quoted
from tablegames.dallah import actions as A
from tablegames.dallah.fallmodel import FallModel
from tablegames.dallah.table import table_for

_SIMPLE: tuple[type[Action], ...] = (A.Draw, A.Roll, A.Settled, A.Collapse, A.NoSpace, A.Swap,
                                     A.Timeout, A.Allow, A.Block)
_SIMPLE_ID = {cls: i for i, cls in enumerate(_SIMPLE)}
_SWAP_ID = _SIMPLE_ID[A.Swap]
REDIRECT_NONE = len(_SIMPLE)

#: The observation layouts: 1 is the first (until helper-179), 2 the compact one, the
#: default. Pass ``observation_version=1`` to the codec, an environment or ``load_game``
#: for the vectors a policy trained on version 1 was trained on.
OBSERVATION_VERSIONS = (1, 2)
OBSERVATION_VERSION = 2

#: The action numberings: 1 is the first (until helper-183), with ids for the cupless
#: shapes' falls and Naql moves that are never legal; 2 leaves them out, the default.
#: Pass ``action_version=1`` for the ids a policy trained on version 1 chooses.
ACTION_VERSIONS = (1, 2)
ACTION_VERSION = 2

#: The fall model's questions as chance outcomes (0 no, 1 yes), as their labels say them.
_QUESTIONS = {
    "fall": ("nothing falls", "something falls"),
    "timeout": ("in time", "time runs out"),
    "collapse": ("only the zone's cups", "the whole Dallah collapses"),
    "spread": ("the next cup stays", "the next cup falls too"),
}


class DallahCodec(Codec):
    """Dallah's ids, and the fall model as the table (see the module docstring)."""

    game = "dallah"

    def __init__(self, players: int, rules: Any, *, interrupts: bool = False,
                 table: str = "model", observation_version: int = OBSERVATION_VERSION,
                 action_version: int = ACTION_VERSION) -> None:
        if table not in ("model", "players"):
            raise SetupError(f"table is 'model' or 'players', not {table!r}")
        for name, value, known in (
                ("observation_version", observation_version, OBSERVATION_VERSIONS),
                ("action_version", action_version, ACTION_VERSIONS)):
            if type(value) is not int or value not in known:
                raise SetupError(f"{name} is 1 or 2, not {quoted(value)}")
        self.table = table
        #: The observation layout the observers of this codec write (module docstring).
        self.observation_version = observation_version
        #: The numbering of the action ids (module docstring).
        self.action_version = action_version
        self.settings = {"table": table, "observation_version": observation_version,
                         "action_version": action_version}
        self._v1_ids: list[int] | None = None  # from_version_1's table, made on first use
        self.model = FallModel()
        super().__init__(players, rules, interrupts=interrupts)

    def chance_size(self) -> int:
        """Chance outcomes are Action card codes, Placement card (zone) codes and die
        faces (shape indices): as many ids as the largest of the three."""
        t = table_for(self.rules.cards)
        return max(len(t.card_ids), t.nzones, t.nshapes, 2)  # 2: the fall model's no/yes

    def chance_label(self, pile: str, outcome: int) -> str:
        said = _QUESTIONS.get(pile)
        if said is not None and outcome in (0, 1):
            return f"{pile}: {said[outcome]}"
        t = table_for(self.rules.cards)
        names = {"actions": t.card_ids, "placements": t.zone_ids, "die": t.shape_ids}.get(pile, ())
        return f"{pile}: {names[outcome]}" if 0 <= outcome < len(names) else f"{pile}: {outcome}"

    def _declare(self) -> None:
        n = self.n
        cards = self.rules.cards
        self.zones = tuple(z.id for z in cards.zones)
        self.shapes = tuple(s.id for s in cards.shapes)
        self._block(cls.verb for cls in _SIMPLE)
        self._add("redirect (cancel)")
        # Version 2 numbers only the shapes that have cups: a cupless one (the
        # Heavyweight) is rerolled, so no cup of it ever falls or is moved (DAL-03).
        cups = [s.id for s in (_cup_shapes(cards) if self.action_version >= 2
                               else cards.shapes)]
        fells = [(z, s) for z in self.zones for s in cups]
        self.FELL = self._block(f"fell {z}:{s}" for z, s in fells)
        self.fell_id = {f: self.FELL + i for i, f in enumerate(fells)}
        self.fells = fells
        moves = [(z, s, d) for z in self.zones for s in cups for d in self.zones if d != z]
        self.MOVE = self._block(f"move {z}:{s} {d}" for z, s, d in moves)
        self.move_id = {m: self.MOVE + i for i, m in enumerate(moves)}
        self.moves = moves
        self.TARGET = self._block(f"target seat +{r}" for r in range(1, n))
        pairs = [(a, b) for a in range(n) for b in range(n) if a != b]
        self.PAIR = self._block(f"pair seat +{a} to seat +{b}" for a, b in pairs)
        self.pair_id = {p: self.PAIR + i for i, p in enumerate(pairs)}
        self.pairs = pairs
        self.REDIRECT = self._block(f"redirect to seat +{r}" for r in range(1, n))
        # after every older id, so that the ids of engine 4's actions stay as they were
        self.PLACED = self._add("placed")
        self.TABLE = self._add("table: the fall model reports") if self.table == "model" else -1

    def from_version_1(self, ident: object) -> int:
        """This codec's id of the action that id ``ident`` of action version 1 names, on
        the same table (players, rules, ``table`` and interrupts): the upgrade of stored
        version-1 ids (a replay buffer, a data set). Version 2 only leaves out ids that
        are never legal, so every id a game offered has one; a left-out id (a fall of
        the Heavyweight) is a :class:`CodecError`."""
        if self._v1_ids is None:
            old = DallahCodec(self.n, self.rules, interrupts=self.interrupts, table=self.table,
                              action_version=1)
            mine = {label: i for i, label in enumerate(self._labels)}
            self._v1_ids = [mine.get(label, -1) for label in old._labels]
        value = as_id(ident)
        if value is None or not 0 <= value < len(self._v1_ids):
            raise CodecError(f"there is no version-1 action id {quoted(ident)} (ids run "
                             f"0..{len(self._v1_ids) - 1})")
        new = self._v1_ids[value]
        if new < 0:
            raise CodecError(f"version-1 action id {value} is never legal (a cupless shape, "
                             f"DAL-03) and has no id in version {self.action_version}")
        return new

    def _spell(self, action: Action) -> tuple[int, ...]:
        cls = type(action)
        seat = action.seat
        hit = _SIMPLE_ID.get(cls)
        if hit is not None:
            return (hit,)
        if cls is A.Placed:
            return (self.PLACED,)
        if cls is A.Fell:
            i = self.fell_id.get((action.zone, action.shape))  # type: ignore[attr-defined]
            if i is not None:
                return (i,)
        elif cls is A.Move:
            m = (action.zone, action.shape, action.to)  # type: ignore[attr-defined]
            i = self.move_id.get(m)
            if i is not None:
                return (i,)
        elif cls is A.Target:
            r = self._offset(seat, action.target)  # type: ignore[attr-defined]
            if r:
                return (self.TARGET + r - 1,)
        elif cls is A.Pair:
            src = self._offset(seat, action.source)  # type: ignore[attr-defined]
            dst = self._offset(seat, action.recipient)  # type: ignore[attr-defined]
            i = self.pair_id.get((src, dst)) if src is not None and dst is not None else None
            if i is not None:
                return (i,)
        elif cls is A.Redirect:
            to = action.to  # type: ignore[attr-defined]
            if to is None:
                return (REDIRECT_NONE,)
            r = self._offset(seat, to)
            if r:
                return (self.REDIRECT + r - 1,)
        raise CodecError(f"{action!r} is not a Dallah action the adapter knows")

    def _offset(self, seat: int, other: object) -> int | None:
        if type(other) is not int or not 0 <= other < self.n:
            return None
        return self.seat_offset(seat, other)

    def _build(self, ids: tuple[int, ...], seat: int) -> Action:
        if len(ids) != 1:
            raise CodecError(f"{quoted(list(ids))}: every Dallah action is one id")
        i = ids[0]
        if i < len(_SIMPLE):
            return A.simple(_SIMPLE[i], seat)
        if i == REDIRECT_NONE:
            return A.redirect(seat, None)
        if self.FELL <= i < self.MOVE:
            z, s = self.fells[i - self.FELL]
            return A.fell(seat, z, s)
        if self.MOVE <= i < self.TARGET:
            z, s, d = self.moves[i - self.MOVE]
            return A.move(seat, z, s, d)
        if self.TARGET <= i < self.PAIR:
            return A.target(seat, self.seat_at(seat, i - self.TARGET + 1))
        if self.PAIR <= i < self.REDIRECT:
            a, b = self.pairs[i - self.PAIR]
            return A.pair(seat, self.seat_at(seat, a), self.seat_at(seat, b))
        if self.REDIRECT <= i < self.REDIRECT + self.n - 1:
            return A.redirect(seat, self.seat_at(seat, i - self.REDIRECT + 1))
        if i == self.PLACED:
            return A.simple(A.Placed, seat)
        raise CodecError(f"id {i} is not a Dallah action")

    # -- the fall model as the table ------------------------------------------------------
    def reporting(self, state: Any) -> bool:
        """Whether the engine waits for a report of the physical world: ``settled`` is
        legal exactly then (it ends every report)."""
        seat = state.to_act
        return seat is not None and A.simple(A.Settled, seat) in state.legal_actions()

    def adjust(self, session: Session, options: dict[int, Option]) -> None:
        if self.table != "model":
            return
        if session.polling or _SIMPLE_ID[A.Settled] not in options:
            # Outside a report a report is a late fall (DAL-23): with the model as the
            # table only the table knows whether one happened, so no agent claims one.
            for i in [i for i, o in options.items() if isinstance(o, A.TABLE_REPORTS)]:
                del options[i]
            return
        swap = options.get(_SWAP_ID)
        options.clear()
        options[self.TABLE] = SPECIAL
        if swap is not None:
            options[_SWAP_ID] = swap

    def special(self, session: Session, ident: int) -> list[Event]:
        """``table``: the fall model reports a whole attempt, applied action by action.

        Where the engine's chance comes from outside (OpenSpiel's chance nodes) the model's
        yes/no questions are chance nodes too (:meth:`resume`); elsewhere the session's
        seeded generator answers them (:meth:`FallModel.sample`)."""
        if ident != self.TABLE:
            return super().special(session, ident)
        state = session.state
        if state.outside:
            session.pending, session.fed = SpecialPending(ident, state.to_act), ()
            return self.resume(session)
        return self._report(session, self.model.sample(state, session.rng))

    def resume(self, session: Session) -> list[Event]:
        """The fall model's questions as chance nodes: replay the answers given so far
        (``session.fed``: 1 yes, 0 no); the next open question becomes ``session.need``
        (outcome 1 with the model's chance of yes, 0 with the rest), and once all are
        answered the report is applied. A question whose answer is certain (a chance of
        0 or 1) is answered at once, as a draw of the generator would answer it, so
        every chance node lists two possible outcomes."""
        questions = self.model.report(session.state)
        fed = session.fed
        asked = 0
        try:
            question = next(questions)
            while True:
                p = question.p
                if p <= 0 or p >= 1:
                    answer = p >= 1
                elif asked < len(fed):
                    answer = bool(fed[asked])
                    asked += 1
                else:
                    session.need = AdapterChance(question.kind, ((0, 1.0 - p), (1, p)))
                    session._opts = None
                    return []
                question = questions.send(answer)
        except StopIteration as done:
            plan: list[Action] = done.value
        session.pending, session.fed, session.need = None, (), None
        return self._report(session, plan)

    def _report(self, session: Session, plan: list[Action]) -> list[Event]:
        """Apply the fall model's report ``plan`` (as far as the engine takes it)."""
        state = session.state
        seat = state.to_act
        events: list[Event] = []
        start = state.version
        for action in plan:
            if state.is_over or state.to_act != seat or not self.reporting(state):
                break
            if action not in state.legal_actions():
                break
            if not session.step(action, events):
                return events  # it waits for a chance outcome (the next Placement card)
        if state.version == start:  # the model proposed nothing usable: nothing fell
            session.step(A.simple(A.Settled, seat), events)
        return events


KEYS = ViewKeys("dallah", {
    "stage": ("stage",),
    "report": ("report",),
    "card": ("card",),
    "cup": ("cup",),
    "zone": ("zone",),
    "in_hand": ("cups_in_hand",),
    "active": ("active",),
    "placer": ("placer",),
    "collector": ("collector",),
    "partner": ("partner",),
    "to_act": ("to_act",),
    "falls": ("falls",),
    "timeouts": ("timeouts",),
    "swaps_left": ("swaps_left",),
    "pot": ("pot",),
    "full": ("full_zones",),
    "shared": ("shared",),
    "piles": ("piles", "scores"),
    "retired": ("retired",),
    "held": ("held",),
    "effects": ("effects",),
    "stock": ("stock",),
    "placement_stock": ("placement_stock",),
    "discard": ("discard",),
    "placement_discard": ("placement_discard",),
})

STAGES = index_of(("draw", "target", "pair", "move", "roll", "report", "protect", "over"))
REPORTS = index_of(("place", "stunt", "move"))


#: The roles of a seat's block, in order (each a flag), then its numbers (see ``_fields``).
_ROLES = ("active", "placer", "collector", "partner", "to_act")
_SEAT_NUMBERS = ("pile", "cups_in", "cups_out", "pile_swap", "protected")


def _cup_shapes(cards: Any) -> list[Any]:
    """The shapes of the card set that have cups: a die face without cups is rerolled, so
    no cup of it is ever placed, taken, moved or fallen (the Heavyweight)."""
    return [s for s in cards.shapes if s.cups > 0]  # DAL-03: no cups, rerolled


def _fields(n: int, cards: Any, version: int) -> list[tuple[str, list[tuple[Any, ...]], str]]:
    """Each field of layout ``version``: its name, the key of every slot, its meaning.

    Version 2 leaves out the slots no reachable state fills (helper-179 sampled them):
    protection cards are never the card in play, since drawing one keeps it (DAL-40), and
    a retire card (Yalla Bye) is resolved as it is drawn, before anyone decides again
    (DAL-38); only protection cards are held; a shape without cups (the Heavyweight,
    DAL-03) is rerolled, so no cup of it is placed, taken, on the Dallah or in the shared
    pile; a card with no copies is never drawn. The keys name what a slot means in every
    version, so that :meth:`DallahObserver.from_version_1` can map one to the other."""
    compact = version >= 2
    specs = [*cards.actions, *cards.protection]
    if compact:
        dealt = [c for c in specs if c.count > 0]  # DAL-04: the deck holds `count` copies
        in_play = [c for c in cards.actions  # DAL-40: protection is kept, never in play
                   if c.count > 0 and c.kind != "retire"]  # DAL-38: resolved as drawn
        held = [c for c in cards.protection if c.count > 0]  # DAL-40: only these are held
        shapes = _cup_shapes(cards)
    else:
        dealt = in_play = held = specs
        shapes = list(cards.shapes)
    zones = list(cards.zones)
    seat_keys = [("seat", r, role) for r in range(n)
                 for role in (*_ROLES, *_SEAT_NUMBERS, *(("held", c.id) for c in held))]
    return [
        ("stage", [("stage", x) for x in STAGES], "stage of the turn"),
        ("report", [("report", x) for x in REPORTS], "placement, stunt or Naql report"),
        ("card", [("card", c.id) for c in in_play], "the Action card in play"),
        ("cup", [("cup", s.id) for s in shapes], "the cup being placed"),
        ("zone", [("zone", z.id) for z in zones], "the zone it goes to"),
        ("in_hand", [("in_hand", s.id) for s in shapes], "cups taken for the card, per shape"),
        ("seats", seat_keys, "per seat: roles, pile, effect on it, protection held"),
        ("pot", [("pot", z.id, s.id) for z in zones for s in shapes],
         "cups on the Dallah per zone and shape"),
        ("full", [("full", z.id) for z in zones], "zones reported full"),
        ("shared", [("shared", s.id) for s in shapes], "the shared pile per shape"),
        ("table", [("table", x) for x in ("retired", "falls", "timeouts", "swaps_left",
                                          "polled", "stock", "placement_stock")],
         "retired, falls, timeouts, swaps left, polled, decks"),
        ("discards", [*(("discard", c.id) for c in dealt),
                      *(("placement_discard", z.id) for z in zones)],
         "discarded Action and Placement cards"),
    ]


class DallahObserver(Observer):
    """Dallah observations (see the module docstring for the layouts)."""

    KEYS = KEYS

    def _declare(self, layout: Layout) -> None:
        n = self.n
        cards = self.rules.cards
        #: The layout version (``observation_version``; see :data:`OBSERVATION_VERSIONS`).
        self.version: int = getattr(self.codec, "observation_version", OBSERVATION_VERSION)
        fields = _fields(n, cards, self.version)
        #: The key of every slot, in order (what :meth:`from_version_1` maps by).
        self.slots: list[tuple[Any, ...]] = [k for _, keys, _ in fields for k in keys]
        at = {name: layout.add(name, len(keys), doc) for name, keys, doc in fields}
        size = {name: len(keys) for name, keys, _ in fields}
        keys = {name: ks for name, ks, _ in fields}
        specs = {c.id: c for c in (*cards.actions, *cards.protection)}
        cups = {s.id: s.cups for s in cards.shapes}
        zone_cards = {z.id: z.cards for z in cards.zones}
        self.card = index_of([k[1] for k in keys["card"]])
        self.shape = index_of([k[1] for k in keys["cup"]])
        self.shape_cups = [max(cups[k[1]], 1) for k in keys["cup"]]
        self.zone = index_of([z.id for z in cards.zones])
        self.zone_cards = [max(z.cards, 1) for z in cards.zones]
        self.held = index_of([k[2][1] for k in keys["seats"][:size["seats"] // n]
                              if k[2][0] == "held"])
        self.held_copies = [max(specs[c].count, 1) for c in self.held]
        discarded = [k[1] for k in keys["discards"] if k[0] == "discard"]
        self.discarded = index_of(discarded)
        self.copies = [max(specs[c].count, 1) for c in discarded]
        self.total = max(sum(s.cups for s in cards.shapes), 1)
        self.action_deck = max(sum(c.count for c in specs.values()), 1)
        self.zone_deck = max(sum(zone_cards.values()), 1)
        self.C, self.S, self.Z = len(discarded), len(self.shape), len(self.zone)
        self.seat_size = size["seats"] // n
        self.o_stage, self.o_report, self.o_card = at["stage"], at["report"], at["card"]
        self.o_cup, self.o_zone, self.o_in_hand = at["cup"], at["zone"], at["in_hand"]
        self.o_seats, self.o_pot, self.o_full = at["seats"], at["pot"], at["full"]
        self.o_shared, self.o_table, self.o_discards = at["shared"], at["table"], at["discards"]
        self._from_v1: np.ndarray[Any, np.dtype[np.intp]] | None = None

    def from_version_1(self, obs: Any) -> np.ndarray[Any, np.dtype[np.float32]]:
        """The observation of this layout that a version-1 observation ``obs`` of the same
        table (players and rules) stands for: the upgrade of stored version-1 vectors
        (a replay buffer, a data set). Version 2 only leaves out slots that are zero in
        every reachable state, so nothing is lost; a version-1 observer returns a copy."""
        if self._from_v1 is None:
            old = {k: i for i, k in enumerate(
                k for _, keys, _ in _fields(self.n, self.rules.cards, 1) for k in keys)}
            self._from_v1 = np.array([old[k] for k in self.slots], np.intp)
        size = _v1_size(self.n, self.rules.cards)
        vec = obs if isinstance(obs, np.ndarray) else None
        if vec is None or vec.dtype != np.float32 or vec.shape != (size,):
            got = (f"an array of shape {vec.shape} and type {vec.dtype}" if vec is not None
                   else quoted(obs))
            raise SetupError(f"a version-1 Dallah observation of this table is {size} "
                             f"float32 numbers, not {got}")
        return vec[self._from_v1]

    def _fill(self, view: Mapping[str, Any], k: Any, me: int, prefix: tuple[int, ...],
              polled: bool, buf: Buffer) -> None:
        one, put = buf.one, buf.set
        shape, zone, card = self.shape, self.zone, self.card
        S = self.S
        one(self.o_stage + STAGES[view[k.stage]])
        report = view[k.report]
        if report is not None:
            one(self.o_report + REPORTS[report])
        spec = view[k.card]
        if spec is not None:
            one(self.o_card + card[spec["id"]])
        cup = view[k.cup]
        if cup is not None:
            one(self.o_cup + shape[cup])
        z = view[k.zone]
        if z is not None:
            one(self.o_zone + zone[z])
        for s, c in _tally(shape[x] for x in view[k.in_hand]).items():
            put(self.o_in_hand + s, c / self.shape_cups[s])
        size = self.seat_size
        for role, seat in enumerate((view[k.active], view[k.placer], view[k.collector],
                                     view[k.partner], view[k.to_act])):
            if seat is not None:
                one(self.o_seats + size * self.rel(me, seat) + role)
        piles, held, held_copies = view[k.piles], view[k.held], self.held_copies
        for s in range(self.n):
            at = self.o_seats + size * self.rel(me, s)
            put(at + 5, piles[s] / self.total)
            for c, count in _tally(self.held[x] for x in held[s]).items():
                put(at + 10 + c, count / held_copies[c])
        gets: dict[int, int] = {}
        gives: dict[int, int] = {}
        for effect in view[k.effects]:
            src, dst, cups = effect["from"], effect["to"], effect["cups"]
            at_src = self.o_seats + size * self.rel(me, src)
            at_dst = self.o_seats + size * self.rel(me, dst)
            if cups == "pile":
                one(at_src + 8)
                one(at_dst + 8)
            else:
                gets[at_dst] = gets.get(at_dst, 0) + cups
                gives[at_src] = gives.get(at_src, 0) + cups
            if effect["redirected"] or effect["blocked"]:
                one(at_dst + 9)
        for at, cups in gets.items():
            put(at + 6, cups / self.total)
        for at, cups in gives.items():
            put(at + 7, cups / self.total)
        for zid, cups in view[k.pot].items():
            base = self.o_pot + zone[zid] * S
            for s, c in _tally(shape[x] for x in cups).items():
                put(base + s, c / self.shape_cups[s])
        for zid in view[k.full]:
            one(self.o_full + zone[zid])
        for sid, c in view[k.shared].items():
            if c:  # every shape is listed; one without cups has none (DAL-03)
                s = shape[sid]
                put(self.o_shared + s, c / self.shape_cups[s])
        t = self.o_table
        put(t, view[k.retired] / self.total)
        put(t + 1, view[k.falls] / 10)
        put(t + 2, view[k.timeouts] / 5)
        put(t + 3, view[k.swaps_left] / 5)
        if polled:
            one(t + 4)
        put(t + 5, view[k.stock] / self.action_deck)
        put(t + 6, view[k.placement_stock] / self.zone_deck)
        for c, count in _tally(self.discarded[x] for x in view[k.discard]).items():
            put(self.o_discards + c, count / self.copies[c])
        for z2, count in _tally(zone[x] for x in view[k.placement_discard]).items():
            put(self.o_discards + self.C + z2, count / self.zone_cards[z2])



def _v1_size(n: int, cards: Any) -> int:
    """The size of a version-1 observation."""
    return sum(len(keys) for _, keys, _ in _fields(n, cards, 1))


def _tally(items: Any) -> dict[int, int]:
    out: dict[int, int] = {}
    for x in items:
        out[x] = out.get(x, 0) + 1
    return out


ADAPTER = GameAdapter(
    "dallah", DallahCodec, DallahObserver,
    rewards="the Biggest Loser(s) share −1, the other seats share +1",
    options={"table": "model", "observation_version": OBSERVATION_VERSION,
             "action_version": ACTION_VERSION},
    # what was made before the versions existed (a pickle, an OpenSpiel serialization)
    # was made with version 1 of both
    old_defaults={"observation_version": 1, "action_version": 1},
)
