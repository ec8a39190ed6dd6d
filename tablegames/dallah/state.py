"""The Dallah game state: one object from the first card to the Biggest Loser.

The table stacks a real Dallah; the engine deals, rolls, keeps every pile and takes
reports of what physically happened. A turn, as actions of the seat whose phone must
answer (``to_act``):

1. ``draw`` — the active seat draws an Action card. A protection card is kept face up and
   another drawn (DAL-40); Naql, rotate, tap and blow are redrawn on an empty Dallah
   (DAL-22, DAL-27). Each deck reshuffles its own discard pile (DAL-25).
2. Pile actions (DAL-30) resolve at once, or after a ``target``/``pair`` choice; every
   affected seat holding protection is then asked in clockwise order from the active seat
   before any cup moves (DAL-41..45).
3. Naql asks for a ``move`` (DAL-22); rotate, tap and blow for a report of the stunt.
4. Placement: ``roll`` takes the card's cups from the shared pile (rerolling shapes that
   ran out, DAL-03; one cup if one remains, DAL-26) and draws the Placement card; the
   placer reports ``settled``, or what fell (``fell ZONE:SHAPE`` for one cup, ``fell 2
   tall neck:wide`` for several, by shape when nobody saw the zone) then ``settled``, or
   ``collapse``; also ``nospace`` (DAL-21), ``timeout`` (DAL-28) and ``swap`` (DAL-27)
   while the action is not yet attempted. Fallen cups go to the collector's pile (DAL-10,
   DAL-24). The cup in hand is let go only by ``settled`` or a report naming it (its
   shape on its zone); a collapse takes only the cups on the Dallah (DAL-14). A later cup
   of the card still in hand at the first fall was never tried: it goes back to the
   shared pile at ``settled`` (DAL-26). A cup that falls after the draw, before the roll,
   is reported by the seat that rolls and goes to the card's collector (DAL-23).
5. The turn passes clockwise after the last ``settled``; until the next player draws,
   the phone that reported ``settled`` may still report a late fall, whose cups go to
   the turn's collector (DAL-23, ``Rules.late_falls``). The game ends when the shared
   pile is empty and the turn is resolved (DAL-50).

Hidden information is only the order of the two decks and the die's future: everything
on the table is public. The fields are declared once (see
:mod:`tablegames.common.fields`); :mod:`~tablegames.dallah.consistency` declares the
decks' conservation (``CONSERVE``) and holds the cross-field rules a loaded save must keep,
and :mod:`~tablegames.dallah.positions` the position lines no kind can say
(``POSITION_OWN``).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Annotated, Any, ClassVar, Self

from tablegames.common import chance
from tablegames.common.actions import Action, Event
from tablegames.common.errors import GameNotOver, SetupError, StateError, quoted
from tablegames.common.eventkeys import EventSpec
from tablegames.common.fields import (
    card,
    count,
    derived,
    enum,
    flag,
    named,
    per_seat_tuple,
    put,
    seat,
    tuple_of,
    tuple_seq,
)
from tablegames.common.outcome import Outcome
from tablegames.common.piles import as_stock, reshuffle_discards
from tablegames.common.refusals import Phrase, enforce
from tablegames.common.setups import shallow_setup
from tablegames.common.state import NO_SETUP, BaseState
from tablegames.dallah import actions as A
from tablegames.dallah import falls, piles, positions
from tablegames.dallah.cardset import (
    MAX_CARD_CODES,
    MAX_SHAPES,
    MAX_ZONES,
    STUNT_KINDS,
    ActionCard,
    CardSet,
)
from tablegames.dallah.consistency import CONSERVE, check_loaded, upgrade_engine, upgrade_v1
from tablegames.dallah.events import EVENT_KEYS, RESULT_KEYS
from tablegames.dallah.prompts import LANGS, prompt_for
from tablegames.dallah.refusals import (
    CHECKS,
    LATE,
    check_collapse,
    check_move,
    check_nospace,
    check_pair,
    check_placed,
    check_swap,
    check_target,
    check_timeout,
    refusal,
)
from tablegames.dallah.rules import VARIANTS, Rules
from tablegames.dallah.setup_args import (
    action_stack,
    code_of,
    counts,
    mapping,
    plain_setup,
    seat_arg,
    strings,
    take,
)
from tablegames.dallah.stages import (
    BLOCKED,
    DRAW,
    MOVE,
    OVER,
    PAIR,
    PROTECT,
    R_MOVE,
    R_PLACE,
    R_STUNT,
    REDIRECTED,
    REPORT,
    REPORTS,
    ROLL,
    STAGES,
    SWAP,
    TARGET,
)
from tablegames.dallah.table import NEEDS_POT, Table, table_for
from tablegames.dallah.views import VIEW_KEYS, view_of

MIN_PLAYERS, MAX_PLAYERS = 2, 8
#: Longest list a save may hold for a deck, a pile of cups, a zone (generous bounds; the
#: exact sizes are checked against the card set in ``_check_loaded``). Every list field
#: of the state is a tuple, shared by ``copy`` and replaced whole by every change,
#: because a search copies far more often than it plays (see
#: :func:`~tablegames.common.fields.put`).
_BIG = 5_000
_SHAPES = tuple_seq(named("shape", MAX_SHAPES), _BIG)
_CARDS = tuple_seq(card(MAX_CARD_CODES), _BIG)
_CARDS_TOP_FIRST = tuple_seq(card(MAX_CARD_CODES), _BIG, top_first=True)
_ZONES_TOP_FIRST = tuple_seq(card(MAX_ZONES, names="zone"), _BIG, top_first=True)


class State(BaseState):
    """A whole game of Dallah (see the module docstring for the turn)."""

    GAME = "dallah"
    END_RULING = "DAL-50"  # the end: the shared pile is empty and the turn resolved
    RULES = Rules
    #: 2: late-fall reports (DAL-23), no swap after an attempt (DAL-27), full zones for
    #: one cup (DAL-21), Shareek without a partner for the last cup.
    #: 3: a report lets the cup in hand go only when it names that cup; a later cup of the
    #: card still in hand at the first fall goes back (DAL-26); a collapse takes only the
    #: cups on the Dallah (DAL-14); a fall may be reported before the roll (DAL-23); a swap
    #: is redirected only to a smaller pile than the source's (DAL-43).
    #: 4: the save's ``turn`` counts from 1, as the view, the events, the result and the
    #: position text do (it counted from 0); plays out as 3.
    #: 5: a fall naming the later cup still in hand on its zone lets it go (it fell) while
    #: the card is stopped, as while it is placed: the report's order no longer matters
    #: (DAL-10, DAL-11, DAL-26); ``placed`` says such a cup stands (DAL-12). Same fields.
    ENGINE = 5
    #: Save format 4 names the state fields as the views and position text do (issue 21):
    #: a format 1-3 save's keys are renamed before they are read.
    RENAMED: ClassVar[Mapping[str, str]] = {
        "turn_no": "turn", "act_stock": "stock", "act_discard": "discard",
        "zone_stock": "placement_stock", "zone_discard": "placement_discard",
        "full": "full_zones", "what": "report_kind",
    }
    MIN_PLAYERS = MIN_PLAYERS
    MAX_PLAYERS = MAX_PLAYERS
    SETUP_KEYS = frozenset({"actions", "placements", "rolls", "piles", "pot", "held", "first"})
    ACTION_TYPES = A.ACTION_TYPES
    STAGES: ClassVar[tuple[str, ...]] = STAGES
    CONSERVE = CONSERVE
    CARD_TEXT = positions.CARD_TEXT
    POSITION_OWN = positions.OWN
    POSITION_COMMENTS = positions.COMMENTS
    POSITION_KEYS = positions.KEYS
    VIEW_KEYS: ClassVar[dict[str, str]] = VIEW_KEYS
    EVENT_KEYS: ClassVar[dict[str, EventSpec]] = EVENT_KEYS
    RESULT_KEYS: ClassVar[dict[str, str]] = RESULT_KEYS

    #: The card set's integer tables, looked up on every action, so an attribute rather
    #: than a property (``_check_loaded`` sets it again after loading).
    t: Annotated[Table, derived()]
    # Declared in the order of the position lines (see :mod:`~tablegames.dallah.positions`).
    # Shapes, zones and cards are codes of the card set, named by its ids in position text.
    # Each ``#:`` line is the field's meaning on the saves guide's table
    # (``docs/guides/saves.md``).
    #: The stage of the turn (``STAGES``): the draw, a target, a pair or a Naql move to
    #: choose, the roll, a report, protection answers, or ``over`` (DAL-50).
    stage: Annotated[int, enum(STAGES)]
    #: The seat whose turn it is (DAL-20; the placer differs on Tag Team, Shareek and
    #: Fazaa', the seat to act while protection is asked).
    active: Annotated[int, seat()]
    #: The current turn's number, from 1, as people count and as the views, events,
    #: result and position text show it (engine 3 and before saved it from 0, and a
    #: save of format 1-3 called it ``turn_no``: see ``consistency.upgrade_engine``).
    turn: Annotated[int, count(1, 1_000_001, words=positions.TURN_TEXT)]
    #: Per shape (a code of the card set), the cups left in the shared pile (DAL-03; the
    #: game ends when it is empty, DAL-50).
    shared: Annotated[tuple[int, ...], tuple_seq(count(0, 200), MAX_SHAPES)]
    #: The Dallah: per zone, the shapes of the cups on it, in placement order (DAL-12).
    pot: Annotated[tuple[tuple[int, ...], ...], tuple_seq(_SHAPES, MAX_ZONES)]
    #: Per zone, whether it was reported as having no usable space (DAL-21).
    full_zones: Annotated[tuple[bool, ...], tuple_seq(flag(), MAX_ZONES)]
    #: Per seat, the cups in its personal pile: the score, most cups is the Biggest
    #: Loser (DAL-10, DAL-51).
    piles: Annotated[tuple[int, ...], per_seat_tuple(count())]
    #: Cups retired by Yalla Bye: out of play, counted for nobody (DAL-38, DAL-52).
    retired: Annotated[int, count()]
    #: Per seat, the protection cards it holds face up, in the order drawn (DAL-40).
    held: Annotated[tuple[tuple[int, ...], ...], per_seat_tuple(_CARDS, line="held")]
    #: Hidden: the Action cards left to draw, the top last (DAL-25); a view shows how
    #: many (``stock``).
    stock: Annotated[tuple[int, ...], _CARDS_TOP_FIRST]
    #: The Action discard pile, in the order discarded (the top last; DAL-25).
    discard: Annotated[tuple[int, ...], _CARDS_TOP_FIRST]
    #: Hidden: the Placement cards (zones) left to draw, the top last (DAL-25); a view
    #: shows how many (``placement_stock``).
    placement_stock: Annotated[tuple[int, ...], _ZONES_TOP_FIRST]
    #: The Placement discard pile, zones in the order discarded (the top last; DAL-25).
    placement_discard: Annotated[tuple[int, ...], _ZONES_TOP_FIRST]
    #: Hidden: the die's next faces (shapes) that a scenario's setup stacked, used before
    #: the random generator (DAL-01); empty in a dealt game, never in a view.
    rolls: Annotated[tuple[int, ...], _SHAPES]
    #: The Action card in play, or -1 between cards.
    card: Annotated[int, card(MAX_CARD_CODES, none=-1)]
    #: The shapes of the cups taken from the shared pile for the card in play and not
    #: yet let go, the one being placed first (DAL-20, DAL-26).
    cups_in_hand: Annotated[tuple[int, ...], tuple_seq(named("shape", MAX_SHAPES), 3)]
    #: Per cup rolled for the card in play, the seat that places it (two seats take
    #: turns on Tag Team and Shareek; the next seat places on Fazaa', DAL-24).
    placers: Annotated[tuple[int, ...], tuple_seq(seat(), 3)]
    #: The seat that rolls and places now, or reports the stunt or the Naql move (the
    #: next seat on Fazaa', DAL-24); otherwise the seat whose turn it is.
    placer: Annotated[int, seat()]
    #: The seat that collects whatever falls now (DAL-10, DAL-24), or -1 when nothing
    #: can fall.
    collector: Annotated[int, seat(none=-1)]
    #: The Shareek partner chosen for the card in play (DAL-24), or -1.
    partner: Annotated[int, seat(none=-1)]
    #: The zone of the Placement card in play, or -1.
    zone: Annotated[int, card(MAX_ZONES, names="zone", none=-1)]
    #: What the report is about (``REPORTS``). Views and position text call it
    #: ``report``; the field cannot, because :meth:`report` is the state's method that
    #: applies a whole report at once.
    report_kind: Annotated[int, enum(REPORTS)]
    #: Whether the cup being placed has been let go: it is on the Dallah (DAL-12, DAL-23).
    released: Annotated[bool, flag()]
    #: Whether the Dallah collapsed during the report being made (DAL-14).
    collapsed: Annotated[bool, flag()]
    #: The cups reported fallen in the report being made (this cup's placement, the
    #: stunt or the move; DAL-10).
    falls: Annotated[int, count()]
    #: The cups the collector has collected on the card in play so far (DAL-10).
    collected: Annotated[int, count()]
    #: The countdowns run out on this placement without a fall (DAL-28).
    timeouts: Annotated[int, count()]
    #: The Action cards swapped away this turn (DAL-27; at most
    #: ``Rules.swaps_per_turn``).
    swaps: Annotated[int, count(0, 5)]
    #: The cups a Give card whose target is chosen will give once it is (DAL-32,
    #: DAL-33), else 0.
    amount: Annotated[int, count()]
    #: The pile transfers of the card in play, waiting for the protection answers
    #: (DAL-41..45; see :mod:`~tablegames.dallah.piles`): each ``[source, recipient,
    #: cups, flags]``, cups -1 (``SWAP``) to swap the two piles, flags 1 redirected
    #: (DAL-43), 2 blocked (DAL-42).
    effects: Annotated[tuple[tuple[int, ...], ...], tuple_seq(tuple_of(
        seat(), seat(), count(SWAP, 1_000_000), count(0, REDIRECTED | BLOCKED)), 64)]
    #: The seats still to answer the protection question, in order from the seat whose
    #: turn it is; the first answers now (DAL-41).
    asked: Annotated[tuple[int, ...], tuple_seq(seat(), MAX_PLAYERS)]
    #: The seats that have answered it on the card in play (DAL-44).
    answered: Annotated[tuple[int, ...], tuple_seq(seat(), MAX_PLAYERS)]
    #: The seats that played a protection card on the card in play (DAL-44: one each).
    used: Annotated[tuple[int, ...], tuple_seq(seat(), MAX_PLAYERS)]
    #: The Biggest Losers once the game is over (derived from the piles, not saved).
    losers: Annotated[tuple[int, ...], derived()]
    #: ``(seat, card, collector, collected, collapsed, late reporter)`` of the turn before
    #: (see :attr:`late`), or empty before the first turn ends: collector -1 after a pile
    #: action; collected counts late falls too; collapsed 0, 1, or 2 for a late collapse
    #: until the next player draws (DAL-14); the late reporter may still report a fall
    #: until then (DAL-23), -1 for none.
    last_turn: Annotated[tuple[int, ...], tuple_seq(count(-1, 1_000_000), 6)]

    @classmethod
    def parse_action(cls, text: str) -> Action:
        """Read Dallah action notation (``"0:draw"``, ``"1:fell neck:tall"``)."""
        return A.parse_action(text)

    # ------------------------------------------------------------------ setup
    @classmethod
    def _fresh(
        cls, players: tuple[str, ...], seed: int | str, rules: Any,
        deck: Sequence[str] | None, extra: dict[str, Any],
    ) -> Self:
        return cls._build(players, seed, rules, deck, extra, deal=True)

    @classmethod
    def _validate_setup(
        cls, players: tuple[str, ...], seed: int | str, rules: Any,
        deck: Sequence[str] | None, extra: dict[str, Any],
    ) -> None:
        """A saved setup is checked as ``new_game`` checks it, without shuffling a deal.

        An empty setup (every simulated and most real games) always fits a valid card set:
        nothing to check.
        """
        if extra or deck is not None:
            cls._build(players, seed, rules, deck, extra, deal=False)

    @classmethod
    def _build(
        cls, players: tuple[str, ...], seed: int | str, rules: Any,
        deck: Sequence[str] | None, extra: dict[str, Any], *, deal: bool,
    ) -> Self:
        self = cls.__new__(cls)
        self._init_common(players, seed, rules, deck, extra)
        t = self.t = table_for(rules.cards)
        n = len(players)
        self.retired = 0
        self.full_zones = (False,) * t.nzones
        # no ruling names who starts: a decision of ours, new_game(first=...), default seat 0
        self.active = seat_arg(extra.get("first", 0), n, "first")
        self.turn = 1
        self.losers = ()
        self.last_turn = ()
        self._reset_card()
        self.swaps = 0
        # scenario setup: cups already on the Dallah and in piles, held protection (built
        # as lists, then frozen into the tuple fields)
        shared = [s.cups for s in rules.cards.shapes]
        pot: list[list[int]] = [[] for _ in range(t.nzones)]
        for zone_id, shapes in mapping(extra.get("pot", {}), "pot").items():
            z = code_of(t.zone_index, zone_id, "zone")
            for shape_id in strings(shapes, f"pot[{zone_id}]"):
                s = code_of(t.shape_index, shape_id, "shape")
                if shared[s] == 0:
                    raise SetupError(f"pot: no {shape_id} cup left in the shared pile")
                shared[s] -= 1
                pot[z].append(s)
        piles = [0] * n
        wanted_piles = extra.get("piles")
        if wanted_piles is not None:
            wanted = counts(wanted_piles, "piles")
            if len(wanted) != n:
                raise SetupError(f"piles must give {n} counts, one per seat")
            if sum(wanted) > sum(shared):
                raise SetupError("piles: more cups than the shared pile holds")
            for seat_no, k in enumerate(wanted):
                for _ in range(k):
                    s = max(range(t.nshapes), key=lambda i: (shared[i], -i))
                    shared[s] -= 1
                    piles[seat_no] += 1
        if not any(shared):  # DAL-50: play ends when the shared pile is empty
            raise SetupError("the setup leaves no cup in the shared pile: no game to play")
        self.shared = tuple(shared)
        self.pot = tuple(map(tuple, pot))
        self.piles = tuple(piles)
        remaining = list(t.action_deck)
        held_codes: list[list[int]] = [[] for _ in range(n)]
        held = extra.get("held")
        if held is not None:
            if not isinstance(held, list | tuple) or len(held) != n:
                raise SetupError(f"held must list {n} seats' protection cards")
            for seat_no, ids in enumerate(held):
                for cid in strings(ids, f"held[{seat_no}]"):
                    c = code_of(t.card_index, cid, "card")
                    if not t.protection[c]:
                        raise SetupError(f"held: {cid} is not a protection card")
                    take(remaining, c, "held", cid)
                    held_codes[seat_no].append(c)
        self.held = tuple(map(tuple, held_codes))
        stacked = [code_of(t.card_index, c, "card") for c in action_stack(extra, deck)]
        for c in stacked:
            take(remaining, c, "actions", t.card_ids[c])
        zstack = [code_of(t.zone_index, z, "zone") for z in
                  strings(extra.get("placements", []), "placements")]
        zrest = list(t.zone_deck)
        for z in zstack:
            take(zrest, z, "placements", t.zone_ids[z])
        self.rolls = tuple(code_of(t.shape_index, s, "shape") for s in
                           strings(extra.get("rolls", []), "rolls"))
        if not deal:
            return self
        chance.shuffle(self, remaining)
        self.stock = tuple(as_stock(chance.stack(self, stacked, remaining)))
        self.discard = ()
        chance.shuffle(self, zrest)
        self.placement_stock = tuple(as_stock(chance.stack(self, zstack, zrest)))
        self.placement_discard = ()
        self.stage = DRAW
        self.placer = self.active
        self._setup_log = [Event("setup", {
            "players": list(players), "first": self.active, "shared": self._shared_dict(),
            "cards": rules.cards.name,
        })]
        return self

    def _reset_card(self) -> None:
        """Clear everything that belongs to the Action card in play."""
        self.card = -1
        self.cups_in_hand = ()
        self.placers = ()
        self.collector = -1
        self.zone = -1
        self.report_kind = R_PLACE
        self.released = False
        self.collapsed = False
        self.falls = 0
        self.collected = 0
        self.timeouts = 0
        self.partner = -1
        self.amount = 0
        self.effects = ()
        self.asked = ()
        self.answered = ()
        self.used = ()

    def _check_loaded(self) -> None:
        self.t = table_for(self.rules.cards)
        self.losers = self._biggest_losers() if self.stage == OVER else ()
        check_loaded(self)

    def _biggest_losers(self) -> tuple[int, ...]:
        """The seats holding the most cups, if anyone holds any (DAL-51)."""
        # DAL-52: only the personal piles count: retired cups and held cards score nothing
        top = max(self.piles)
        return tuple(s for s in range(self.n) if top and self.piles[s] == top)

    @classmethod
    def _upgrade_format(cls, state: dict[str, Any], fmt: int) -> dict[str, Any]:
        """A format-1 save (see :func:`tablegames.dallah.consistency.upgrade_v1`)."""
        return upgrade_v1(state) if fmt == 1 else state

    @classmethod
    def _upgrade_engine(cls, state: dict[str, Any], engine: int) -> dict[str, Any]:
        """See :func:`tablegames.dallah.consistency.upgrade_engine`."""
        return upgrade_engine(state, engine)

    # ------------------------------------------------------------------ reading
    @property
    def to_act(self) -> int | None:
        stage = self.stage  # DRAW, TARGET, PAIR, MOVE < ROLL, REPORT < PROTECT < OVER
        if stage < ROLL:
            return self.active
        if stage < PROTECT:
            return self.placer
        return self.asked[0] if stage == PROTECT else None

    @property
    def cup_no(self) -> int:
        """Which cup of the card in play is being placed (0: the first)."""
        return len(self.placers) - len(self.cups_in_hand) - (1 if self.released else 0)

    @property
    def late(self) -> int:
        """The seat that may still report a late fall of the turn before (DAL-23), or -1.

        The window is open from the turn's last ``settled`` until the next player draws
        (``draw`` clears the reporter in ``last_turn``), while a cup is on the Dallah to
        fall. A loaded save or position keeps it only where the ruling still allows it
        (see :func:`~tablegames.dallah.consistency.check_loaded`).
        """
        last = self.last_turn
        if self.stage != DRAW or not last or last[5] < 0:
            return -1
        for cups in self.pot:
            if cups:
                return last[5]
        return -1

    @property
    def spec(self) -> ActionCard | None:
        """The Action card in play (``None`` between cards)."""
        return None if self.card < 0 else self.t.specs[self.card]  # type: ignore[return-value]

    def shared_total(self) -> int:
        """Cups left in the shared pile."""
        return sum(self.shared)

    def pot_total(self) -> int:
        """Cups on the Dallah (the cup being placed counts once it is released)."""
        return sum(map(len, self.pot))

    def cups_in_play(self) -> int:
        """Shared + on the pot + in personal piles + retired + in hand: always the total."""
        return (self.shared_total() + self.pot_total() + sum(self.piles) + self.retired
                + len(self.cups_in_hand))

    def _placing(self) -> bool:
        """Whether a cup is being placed and not yet let go.

        Not once something fell while a later cup of the card was still in hand: the
        card stopped at that fall, and the cup, never tried, goes back at ``settled``
        (DAL-26, :meth:`_stopped`).
        """
        return (self.stage == REPORT and self.report_kind == R_PLACE and not self.released
                and not self._stopped())

    def _in_hand(self) -> bool:
        """Whether a cup of the card is in the placer's hand with its Placement card, not
        yet let go: being placed (:meth:`_placing`), or a later cup when the card stopped
        at a fall (:meth:`_stopped`). A report naming it on its zone lets it go, and it
        fell (DAL-10, DAL-26), in any order with the other cups of the report."""
        return self.stage == REPORT and self.report_kind == R_PLACE and not self.released

    def _stopped(self) -> bool:
        """Whether the card stopped at its first fall before the cup in hand, a later cup
        of the card, was tried: it is not placed, and goes back to the shared pile with
        any cup after it at ``settled`` (DAL-26). The first cup of a card is its attempt:
        a fall before it is let go does not stop it, and it is still placed."""
        return (self.stage == REPORT and self.report_kind == R_PLACE and not self.released
                and self.falls > 0 and len(self.placers) > len(self.cups_in_hand))

    def _fallable(self) -> list[tuple[int, int]]:
        """Every distinct (zone, shape) a report may name, in zone then shape order."""
        out: list[tuple[int, int]] = []
        hz, hs = (self.zone, self.cups_in_hand[0]) if self._in_hand() else (-1, -1)
        for z, cups in enumerate(self.pot):
            if not cups and z != hz:
                continue
            shapes = set(cups)
            if z == hz:
                shapes.add(hs)
            out += [(z, s) for s in sorted(shapes)]
        return out

    def swaps_left(self) -> int:
        """Swaps the seat to act may make now (DAL-27): 0 when ``swap`` is not legal."""
        if check_swap(self, A.simple(A.Swap, self.active)) is not None:
            return 0
        allowed: int = self.rules.swaps_per_turn
        return allowed - self.swaps

    def _can_nospace(self) -> bool:
        """Whether ``nospace`` may be reported now (DAL-21; the predicate of the verb)."""
        return check_nospace(self, A.simple(A.NoSpace, self.placer)) is None

    def _legal(self, seat: int) -> list[Action]:
        """Every candidate of the stage that its verb's predicate does not refuse (the
        predicates ``apply`` asks, :data:`~tablegames.dallah.refusals.CHECKS`)."""
        stage = self.stage
        if stage == OVER:
            return []
        me = self.to_act
        if seat != me:
            return self._late_options(seat) if seat == self.late else []
        assert me is not None
        t = self.t
        if stage == DRAW:
            out = [A.simple(A.Draw, me)]
            if me == self.late:
                out.extend(self._late_options(me))
            return out
        if stage == ROLL:
            # the roll first (a bot that takes the first option rolls); then a cup that
            # fell before the roll, this card's collector's (DAL-23)
            out = [A.simple(A.Roll, me), *self._late_options(me)]
        elif stage == REPORT:
            out = [A.simple(A.Settled, me)]
            out += self._fell_options(me)
            collapse, nospace = A.simple(A.Collapse, me), A.simple(A.NoSpace, me)
            if check_collapse(self, collapse) is None:
                out.append(collapse)
            if check_nospace(self, nospace) is None:
                out.append(nospace)
            timeout = A.simple(A.Timeout, me)
            if check_timeout(self, timeout) is None:
                out.append(timeout)
            placed = A.simple(A.Placed, me)
            if check_placed(self, placed) is None:
                out.append(placed)
        elif stage == PROTECT:
            out = [A.simple(A.Allow, me), A.simple(A.Block, me)]
            if piles.held_kind(self, me, "redirect") >= 0:  # else no redirect can pass
                out += [A.redirect(me, s) for s in (*range(self.n), None)]
            return [a for a in out if CHECKS[type(a)](self, a) is None]
        elif stage == TARGET:
            out = [a for a in (A.target(me, s) for s in range(self.n))
                   if check_target(self, a) is None]
        elif stage == PAIR:
            return [a for a in (A.pair(me, b, r) for b in range(self.n) for r in range(self.n))
                    if check_pair(self, a) is None]
        else:  # MOVE
            zid, sid = t.zone_ids, t.shape_ids
            out = [a for z, cups in enumerate(self.pot) for s in sorted(set(cups))
                   for a in (A.move(me, zid[z], sid[s], zid[d]) for d in range(t.nzones))
                   if check_move(self, a) is None]
        swap = A.simple(A.Swap, me)
        if check_swap(self, swap) is None:
            out.append(swap)
        return out

    def _fell_options(self, seat: int) -> list[Action]:
        """One ``fell`` per distinct cup that may fall: :meth:`_fallable` enumerates
        exactly the cups :func:`~tablegames.dallah.refusals.can_fall` accepts (the cups on
        the Dallah and the one being placed), so no candidate needs asking again (the
        refusal tests apply every other cup and see it refused)."""
        zid, sid = self.t.zone_ids, self.t.shape_ids
        return [A.fell(seat, zid[z], sid[s]) for z, s in self._fallable()]

    def _late_options(self, seat: int) -> list[Action]:
        """The reports ``seat`` may make outside a report stage (DAL-23): one ``fell`` per
        cup on the Dallah, a collapse (a late fall after ``settled``, a fall before the
        roll)."""
        out = self._fell_options(seat)
        collapse = A.simple(A.Collapse, seat)
        if check_collapse(self, collapse) is None:
            out.append(collapse)
        return out

    # ------------------------------------------------------------------ applying
    def _apply(self, action: Action) -> None:
        """Refuse what the gate or the verb's predicate refuses, then act (the handlers
        trust what was vetted)."""
        enforce(refusal(self, action), action.seat)
        if self.stage == DRAW and type(action) in LATE:  # vetted: only a late report
            falls.late_report(self, action)
            return
        _HANDLERS[type(action)](self, action)

    def _apply_trusted(self, action: Action) -> None:
        """``_apply``'s handlers without the gate (a lean search world's legal step)."""
        if self.stage == DRAW and type(action) in LATE:
            falls.late_report(self, action)
            return
        _HANDLERS[type(action)](self, action)

    def _waiting_for(self) -> Phrase:
        """The prompt of the seat to act, for a wrong-stage refusal (``{waiting}``): in
        each language the prompts are written in, so the refusal is told in the table's."""
        return Phrase.in_languages({lang: prompt_for(self, self.to_act, lang) for lang in LANGS})

    # -- drawing -------------------------------------------------------------------------
    def _draw_action(self, drawer: int) -> int:
        """Draw until a card that can be played now (DAL-22, DAL-25, DAL-27, DAL-40)."""
        t = self.t
        ev = self._events
        for _ in range(4 * len(t.action_deck) + 4):
            if not self.stock:
                self.stock, self.discard, k = _reshuffled(self.discard, chance.shuffler(self))
                ev.append(Event("reshuffle", {"deck": "actions", "cards": k}))
            code, self.stock = chance.draw_one(self, self.stock, "actions")
            cid = t.card_ids[code]
            if t.protection[code]:
                self.held = put(self.held, drawer, (*self.held[drawer], code))
                ev.append(Event("protection_held", {"seat": drawer, "card": cid}))
                continue
            if t.kind[code] in NEEDS_POT and not self.pot_total():
                self.discard += (code,)
                ev.append(Event("redrawn", {"seat": drawer, "card": cid,
                                            "reason": "empty_dallah"}))
                continue
            ev.append(Event("action_card", {"seat": drawer, "card": cid,
                                            "card_kind": t.kind[code]}))
            return code
        raise StateError("the Action deck holds no card that can be played")  # pragma: no cover

    def _draw_zone(self) -> None:
        """Draw the Placement card, skipping zones reported full (DAL-21, DAL-25)."""
        t = self.t
        ev = self._events
        for _ in range(4 * len(t.zone_deck) + 4):
            if not self.placement_stock:
                self.placement_stock, self.placement_discard, k = _reshuffled(
                    self.placement_discard, chance.shuffler(self))
                ev.append(Event("reshuffle", {"deck": "placements", "cards": k}))
            z, self.placement_stock = chance.draw_one(self, self.placement_stock, "placements")
            if self.full_zones[z]:
                self.placement_discard += (z,)
                ev.append(Event("redrawn", {"card": t.zone_ids[z], "reason": "zone_full"}))
                continue
            self.zone = z
            ev.append(Event("placement_card", {"seat": self.placer, "zone": t.zone_ids[z],
                                               "cup": t.shape_ids[self.cups_in_hand[0]]}))
            return
        raise StateError("the Placement deck names no zone with space")  # pragma: no cover

    def _roll_one(self) -> int:
        """Roll until a shape that is still in the shared pile (DAL-01, DAL-03). A card
        rolls no more cups than the pile holds (DAL-26) and a load refuses a roll to come
        with the pile empty (DAL-50), so a face of it always comes up; a count that
        broke this would roll for ever, so it fails here at once (an error, not an
        ``assert``: ``python -O`` would drop that and loop)."""
        if not any(self.shared):
            raise StateError("a roll with the shared pile empty (DAL-26, DAL-50)")  # pragma: no cover
        nfaces = self.t.nshapes
        ids = self.t.shape_ids
        while True:
            rolls = self.rolls
            if rolls:
                face, self.rolls = rolls[0], rolls[1:]
            else:
                face = chance.roll(self, nfaces)
            if self.shared[face]:
                return face
            self._events.append(Event("reroll", {"face": ids[face], "reason": "shape_out"}))

    # -- handlers ------------------------------------------------------------------------
    def _do_draw(self, action: Action) -> None:
        last = self.last_turn
        if last and (last[5] >= 0 or last[4] == 2):
            # the next player's first action closes the late window (DAL-23), and a
            # Dallah that collapsed late is standing again (DAL-14)
            self.last_turn = (*last[:4], 1 if last[4] == 2 else last[4], -1)
        self._start_card(self._draw_action(action.seat))

    def _start_card(self, code: int) -> None:
        self.card = code
        t = self.t
        kind = t.kind[code]
        if t.is_pile[code]:
            piles.start(self, t.specs[code])  # type: ignore[arg-type]
        elif kind == "naql":
            self.stage = MOVE
        elif kind in STUNT_KINDS:
            self.stage = REPORT
            self.report_kind = R_STUNT
            self.falls = 0
            self.collector = self.active
            self.placer = self.active
        elif kind == "shareek" and min(t.specs[code].cups,  # type: ignore[union-attr]
                                       self.shared_total()) > 1:
            self.stage = TARGET
        else:  # a placing card; Shareek with one cup left needs no partner (DAL-26)
            self._begin_roll()

    def _begin_roll(self) -> None:
        spec = self.spec
        assert spec is not None
        if spec.cups == 0:
            self._end_turn()
            return
        self.stage = ROLL
        self.report_kind = R_PLACE
        nxt = (self.active + 1) % self.n
        # DAL-24: on Fazaa' the next player rolls, places and collects; on every other
        # card (Tag Team and Shareek too) the player whose turn it is collects
        self.placer = nxt if spec.kind == "fazaa" else self.active  # DAL-24
        self.collector = self.placer  # DAL-24: Fazaa': the helper; else the turn's player

    def _do_roll(self, action: Action) -> None:
        spec = self.spec
        assert spec is not None
        k = min(spec.cups, self.shared_total())  # DAL-26: one cup if only one remains
        faces = []
        hand = []
        for _ in range(k):
            face = self._roll_one()  # reads the shared pile: updated cup by cup
            shared = self.shared
            self.shared = (*shared[:face], shared[face] - 1, *shared[face + 1:])
            hand.append(face)
            faces.append(self.t.shape_ids[face])
        self.cups_in_hand += tuple(hand)
        a, nxt = self.active, (self.active + 1) % self.n
        if spec.kind == "tag_team":
            placers = [a, nxt]
        elif spec.kind == "shareek" and self.partner >= 0:
            placers = [a, self.partner]
        elif spec.kind == "fazaa":
            placers = [nxt]
        else:
            placers = [a]
        self.placers = tuple(placers[i % len(placers)] for i in range(k))
        self.collector = nxt if spec.kind == "fazaa" else a  # DAL-24: Fazaa': the helper
        self._events.append(Event("roll", {"seat": action.seat, "cups": faces,
                                           "requested": spec.cups}))
        self._next_cup()

    def _next_cup(self) -> None:
        self.released = False
        self.placer = self.placers[self.cup_no]
        self.stage = REPORT
        self.report_kind = R_PLACE
        self.collapsed = False
        self.falls = 0
        self.timeouts = 0
        self._reopen_full_zones()
        self._draw_zone()

    def _reopen_full_zones(self) -> None:
        """A zone reported full is full for that cup only (DAL-21, ``full_zone="next_cup"``):
        the next cup's placer judges its space afresh, at a new cup and at a turn's end."""
        if self.rules.full_zone == "next_cup" and True in self.full_zones:  # DAL-21
            self.full_zones = (False,) * self.t.nzones

    def _release(self) -> None:
        """The cup being placed is let go on its zone (it is on the pot from now, and
        stays there while it balances: DAL-12)."""
        if self.report_kind == R_PLACE and not self.released:
            hand, pot, z = self.cups_in_hand, self.pot, self.zone
            self.pot = put(pot, z, (*pot[z], hand[0]))
            self.cups_in_hand = hand[1:]
            self.released = True

    def _do_settled(self, action: Action) -> None:
        ev = self._events
        what = self.report_kind
        if what != R_PLACE:
            ev.append(Event("settled", {"seat": action.seat, "after": REPORTS[what],
                                        "falls": self.falls}))
            self.collapsed = False
            self._begin_roll()
            if self.stage == DRAW:
                self._open_late(action.seat)
            return
        if not self._stopped():
            # DAL-23: settled says the cup in hand was let go (DAL-12: it stays); a later
            # cup still in hand when something fell was never tried (DAL-26, below)
            self._release()
        t = self.t
        ev.append(Event("settled", {"seat": action.seat, "after": "place",
                                    "zone": t.zone_ids[self.zone], "falls": self.falls}))
        self.placement_discard += (self.zone,)
        self.zone = -1
        if self.falls and self.cups_in_hand:
            # DAL-26: the card stops at its first fall; every cup not yet tried goes back
            back = [t.shape_ids[s] for s in self.cups_in_hand]
            self._return_cups()
            ev.append(Event("returned", {"cups": back, "reason": "stopped_at_first_fall"}))
        if self.cups_in_hand:
            self._next_cup()
        else:
            self._end_turn()
            if self.stage == DRAW:
                self._open_late(action.seat)

    def _return_cups(self) -> None:
        """The cups in hand go back to the shared pile (a swap, a stop at the first fall)."""
        shared = list(self.shared)
        for s in self.cups_in_hand:
            shared[s] += 1
        self.shared = tuple(shared)
        self.cups_in_hand = ()

    def _open_late(self, reporter: int) -> None:
        """After ``settled``, the reporter may still report a late fall (DAL-23)."""
        if self.rules.late_falls:
            self.last_turn = (*self.last_turn[:5], reporter)

    # -- falls (the cups are vetted by refusals.check_fell / check_falls) ---------------
    # In the roll stage (before the roll) and in a report; the cup in hand is let go only
    # by a report that names it: its shape on its zone (DAL-26, falls.names_held).
    def _do_fell(self, action: A.Fell) -> None:
        t = self.t
        cup = (t.zone_index[action.zone], t.shape_index[action.shape], False)
        if falls.names_held(self, action):
            self._release()  # DAL-10: the cup in hand was let go, and fell
        falls.fall(self, [cup], action.seat, self.collector, False)

    def _do_falls(self, action: A.Falls) -> None:
        cups = falls.resolve(self, action)
        assert cups is not None
        if falls.names_held(self, action):
            self._release()  # DAL-10: the cup in hand was let go, and fell with the others
        falls.fall(self, cups, action.seat, self.collector, False)

    def _do_collapse(self, action: Action) -> None:
        # DAL-14: every cup on the Dallah; a cup still in hand is not on it (DAL-26)
        falls.collapse(self, action.seat, self.collector, False)

    def _do_placed(self, action: Action) -> None:
        """The later cup in hand had been let go and stands (DAL-12): it is on the Dallah,
        tried, and stays; only the cups after it go back at ``settled`` (DAL-26)."""
        t = self.t
        cup, zone = t.shape_ids[self.cups_in_hand[0]], t.zone_ids[self.zone]
        self._release()
        self._events.append(Event("placed", {"seat": action.seat, "zone": zone, "cup": cup}))

    def _do_nospace(self, action: Action) -> None:
        """The zone has no usable space: keep the cup, redraw only the Placement card
        (DAL-21)."""
        z = self.zone
        self.full_zones = put(self.full_zones, z, True)
        self.placement_discard += (z,)
        self.zone = -1
        self._events.append(Event("no_space", {"seat": action.seat, "zone": self.t.zone_ids[z]}))
        self._draw_zone()

    def _do_timeout(self, action: Action) -> None:
        """Reset the countdown and retry the same placement (DAL-28)."""
        self.timeouts += 1
        self._events.append(Event("timeout", {"seat": action.seat, "retry": self.timeouts}))

    def _do_swap(self, action: Action) -> None:
        """Swap the card not yet attempted for the next Action card (DAL-27)."""
        t = self.t
        old = t.card_ids[self.card]
        returned = [t.shape_ids[s] for s in self.cups_in_hand]
        self._return_cups()
        if self.zone >= 0:
            self.placement_discard += (self.zone,)
        self.discard += (self.card,)
        swaps = self.swaps + 1
        self._events.append(Event("swap", {"seat": action.seat, "card": old,
                                           "returned": returned}))
        self._reset_card()
        self.swaps = swaps
        self.placer = self.active
        # the new card is the turn's card, whoever asked for the swap (a Fazaa' helper,
        # a Tag Team partner): a protection card it turns up goes to the turn's player
        self._start_card(self._draw_action(self.active))

    def _do_move(self, action: A.Move) -> None:
        """Naql: one cup of the shape, the first placed, to another zone (DAL-22)."""
        t = self.t
        z, s, d = t.zone_index[action.zone], t.shape_index[action.shape], t.zone_index[action.to]
        pot = list(self.pot)
        i = pot[z].index(s)  # the first placed of that shape
        pot[z] = (*pot[z][:i], *pot[z][i + 1:])
        pot[d] = (*pot[d], s)
        self.pot = tuple(pot)
        self.full_zones = put(self.full_zones, z, False)
        self.stage = REPORT
        self.report_kind = R_MOVE
        self.falls = 0
        self.collector = self.active
        self.placer = self.active
        self._events.append(Event("move", {"seat": action.seat, "cup": action.shape,
                                           "from": action.zone, "to": action.to}))

    def _do_target(self, action: A.Target) -> None:
        who = action.target  # another seat (refusals.check_target, DAL-36)
        spec = self.spec
        assert spec is not None
        self._events.append(Event("target", {"seat": action.seat, "target": who}))
        if spec.kind == "shareek":
            self.partner = who
            self._begin_roll()
        elif spec.kind == "give":
            piles.protect(self, [(self.active, who, self.amount, 0)])
        else:
            piles.protect(self, piles.swap_effect(self, self.active, who))

    def _do_pair(self, action: A.Pair) -> None:
        """Malek Shoghl between the tied piles chosen (vetted: DAL-35)."""
        self._events.append(Event("pair", {"seat": action.seat, "source": action.source,
                                           "recipient": action.recipient}))
        piles.even_out(self, action.source, action.recipient)

    def _do_protect(self, action: Action) -> None:
        """An answer to the protection question (vetted: DAL-41..44)."""
        kind = type(action)
        play = None if kind is A.Allow else "block" if kind is A.Block else "redirect"
        to = action.to if isinstance(action, A.Redirect) else None
        piles.answer(self, action.seat, play, to)

    def _end_turn(self) -> None:
        self.last_turn = (self.active, self.card, self.collector, self.collected,
                          1 if self.collapsed else 0, -1)
        self.discard += (self.card,)
        if self.zone >= 0:  # pragma: no cover - every path discards its Placement card
            self.placement_discard += (self.zone,)
        self._reset_card()
        self.swaps = 0
        self._reopen_full_zones()
        ended = self.active
        if not self.shared_total():  # DAL-50: the shared pile is empty, the turn resolved
            self.stage = OVER
            self.losers = self._biggest_losers()
            self._events.append(Event("game_over", {"losers": list(self.losers),
                                                    "piles": list(self.piles),
                                                    "retired": self.retired}))
            return
        self.active = (ended + 1) % self.n  # DAL-20, DAL-23: the turn resolved, the next player starts
        self.placer = self.active
        self.turn += 1
        self.stage = DRAW
        self._events.append(Event("turn", {"seat": self.active, "turn": self.turn}))

    # ------------------------------------------------------------------ conveniences
    def report(self, fell: Sequence[str] | str = (), *, collapse: bool = False,
               settled: bool = True) -> list[Event]:
        """Apply a whole report at once: each fallen cup (``"neck:tall"``), a collapse,
        then ``settled``. All or nothing: if any part is refused, nothing changes.

        ``fell`` is a list of cups, one ``fell`` each; a single string is one ``fell``
        report in notation (``"neck:tall"``, ``"2 tall neck:wide"``), not a list of its
        characters (``fell="neck:tall"`` walked the string and refused ``':'``)."""
        seat = self.to_act
        if seat is None:
            raise self.game_over()  # DAL-50: nothing is reported after the end
        steps: list[Action] = []
        for cup in ((fell,) if isinstance(fell, str) else fell):
            steps.append(A.parse_action(f"{seat}:fell {cup}"))
        if collapse:
            steps.append(A.simple(A.Collapse, seat))
        if settled:
            steps.append(A.simple(A.Settled, seat))
        trial = self.copy()
        for step in steps:
            trial.apply(step)
        events: list[Event] = []
        for step in steps:
            events.extend(self.apply(step))
        return events

    # ------------------------------------------------------------------ results & views
    def outcome(self) -> Outcome:
        if self.stage != OVER:
            raise GameNotOver("the game is not over yet")
        return Outcome(
            winners=frozenset(), losers=frozenset(self.losers), scores=tuple(self.piles),
            detail={"retired": self.retired, "turns": self.turn,
                    "biggest_loser": [self.players[s] for s in self.losers]},
        )

    def _shared_dict(self) -> dict[str, int]:
        return {sid: self.shared[i] for i, sid in enumerate(self.t.shape_ids)}

    def view(self, seat: int | None, lang: str = "en") -> dict[str, Any]:
        """What ``seat``'s phone shows (``None``: a spectator), in ``"en"`` or ``"ar"``.

        Everything on the table is public: the pot by zone, the shared pile by shape,
        every personal pile, the retired pile, every held protection card (face up), the
        discards and the decks' sizes. Only the decks' order is hidden, and never shown.
        ``"hand"`` is the seat's own held protection cards; ``"cups_in_hand"`` the cups
        taken for the card in play; ``"names"`` the display names in ``lang`` (every key:
        ``State.VIEW_KEYS``).
        """
        if lang not in LANGS:
            raise ValueError(f"views are available in 'en' and 'ar', not {quoted(lang)}")
        v = super().view(seat)
        if lang != "en":
            v["lang"] = lang
            v["names"] = {group: dict(ids) for group, ids in self.t.names[lang].items()}
            if seat is not None:
                v["prompt"] = prompt_for(self, seat, lang)
        return v

    def _view(self, seat: int | None) -> dict[str, Any]:
        return view_of(self, seat)

    def _hand(self, seat: int) -> list[Any]:
        cid = self.t.card_ids
        return [cid[c] for c in self.held[seat]]

    def _prompt(self, seat: int) -> str:
        return prompt_for(self, seat, "en")

    # ------------------------------------------------------------------ sampling
    def sample_world(self, seat: int, rng: Any = None) -> Self:
        """A full state ``seat`` cannot tell from this one: both decks redealt, no rolls.

        Every cup, pile, held card and discard is on the table for all to see, so only the
        order of the two draw piles is hidden (and the die's future). Each draw pile is
        rebuilt from public information alone, the whole deck less every card in sight,
        in card-code order, then shuffled with the caller's generator; stacked die rolls
        and the stacked setup are forgotten, and the world's own generator is forked from
        the caller's, so nothing in a world depends on the real order or the real seed.
        """
        seat = self._one_seat(seat)  # a numpy seat is the plain int it holds from here on
        world, r = self._world(seat, rng)
        t = self.t
        left = list(t.card_counts)
        for c in self.discard:
            left[c] -= 1
        for h in self.held:
            for c in h:
                left[c] -= 1
        if self.card >= 0:
            left[self.card] -= 1
        pool = [c for c, k in enumerate(left) for _ in range(k)]
        r.shuffle(pool)
        world.stock = tuple(pool)
        zleft = list(t.zone_counts)
        for z in self.placement_discard:
            zleft[z] -= 1
        if self.zone >= 0:
            zleft[self.zone] -= 1
        zpool = [z for z, k in enumerate(zleft) for _ in range(k)]
        r.shuffle(zpool)
        world.placement_stock = tuple(zpool)
        world.rolls = ()
        world.extra = NO_SETUP  # a world has no scenario setup of its own
        return world


def _reshuffled(discard: tuple[int, ...], rng: Any) -> tuple[tuple[int, ...], tuple[int, ...], int]:
    """An empty deck's discard pile shuffled into its new draw pile (DAL-25): the new
    stock, the emptied discard pile and how many cards moved (the core's
    :func:`~tablegames.common.piles.reshuffle_discards`, on the tuple fields)."""
    stock: list[int] = []
    rest = list(discard)
    k = reshuffle_discards(stock, rest, rng, keep_top=False)
    return tuple(stock), tuple(rest), k


_HANDLERS: dict[type[Action], Any] = {
    A.Draw: State._do_draw,
    A.Roll: State._do_roll,
    A.Settled: State._do_settled,
    A.Fell: State._do_fell,
    A.Falls: State._do_falls,
    A.Collapse: State._do_collapse,
    A.NoSpace: State._do_nospace,
    A.Placed: State._do_placed,
    A.Timeout: State._do_timeout,
    A.Swap: State._do_swap,
    A.Move: State._do_move,
    A.Target: State._do_target,
    A.Pair: State._do_pair,
    A.Allow: State._do_protect,
    A.Block: State._do_protect,
    A.Redirect: State._do_protect,
}

def new_game(
    players: int | Sequence[str] = 4,
    seed: int | str = 0,
    rules: Rules | CardSet | dict[str, Any] | str | None = None,
    deck: Sequence[str] | None = None,
    *,
    actions: Sequence[str] | None = None,
    placements: Sequence[str] | None = None,
    rolls: Sequence[str] | None = None,
    piles: Sequence[int] | None = None,
    pot: Mapping[str, Sequence[str]] | None = None,
    held: Sequence[Sequence[str]] | None = None,
    first: int | None = None,
) -> State:
    """Start a game of Dallah (players, seed, rules and deck are checked by ``State.new``).

    ``rules`` may also be a :class:`~tablegames.dallah.cardset.CardSet` (the standard
    options with that deck). Scenarios stack what is random and set up the table (all kept
    in the setup record, so ``record()``/``replay()`` reproduce them):

    * ``actions`` (or ``deck``) — Action card ids on top of the Action deck, top first;
    * ``placements`` — zone ids on top of the Placement deck, top first;
    * ``rolls`` — the die's next faces (shape ids), used before the generator;
    * ``pot`` — cups already on the Dallah (``{"neck": ["tall"]}``), from the shared pile;
    * ``piles`` — cups already in each personal pile, from the shared pile;
    * ``held`` — protection card ids each seat already holds face up;
    * ``first`` — the seat that starts (default 0).
    """
    if isinstance(rules, CardSet):
        rules = Rules(cards=rules)
    setup = {"actions": actions, "placements": placements, "rolls": rolls, "piles": piles,
             "held": held, "pot": pot}
    return State.new(players, seed, rules, deck, first=first,  # none nested too deeply
                     **{k: plain_setup(v, k) for k, v in shallow_setup(setup).items()})


__all__ = ["MAX_PLAYERS", "MIN_PLAYERS", "VARIANTS", "Rules", "State", "new_game"]
