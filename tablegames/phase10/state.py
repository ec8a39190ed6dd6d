"""The Phase 10 game state: one object for a whole game, hand after hand.

A turn is split into small decisions so every list of legal actions stays short:

1. **draw** — ``draw`` from the draw pile or ``take`` the top discard (P10-31; never a
   Skip, P10-23). An empty draw pile is rebuilt from the discard pile first (P10-59).
2. **play** — any number of ``lay`` (once per hand, P10-44) and ``hit`` actions, then one
   ``discard`` that ends the turn. A Skip is discarded against a named seat (P10-20).
   Emptying the hand, by hitting or by the discard, goes out and ends the hand (P10-51).

A skipped seat's turn is passed over when play reaches it (P10-24); with two players the
skipper simply plays again (P10-58). At the end of each hand the others score what they
hold (P10-52); the game ends after the hand in which someone completes the last phase,
lowest total winning (``Rules.best_total``), with a tie-break hand among tied players
(P10-53).

Every field of the state is declared once below (``tablegames.common.fields``); the core
derives ``copy``, the save, the strict load and the card conservation (``CONSERVE``) from
the declarations, and position text from them and :mod:`~tablegames.phase10.positions`
(``POSITION_OWN``). :mod:`~tablegames.phase10.consistency` states the cross-field rules a
loaded save or position must keep, each with its ruling.

Decisions the sources leave open, and what we chose:

* Laying down is never compulsory: a player may hold a finished phase back.
* A skip still pending when the hand ends lapses; every hand starts with none.
* A dead hand — draw pile empty and nothing under the top discard to rebuild it from,
  with a Skip or nothing on top — ends with nobody out: everyone scores their hand. A
  dead tie-break hand is settled as one the move limit stops (``Rules.limit_tiebreak``).
* A blocked hand — every seat has laid its phase (or cannot make it from the cards off
  the table) and no card off the table fits any laid group, so nobody can ever go out —
  ends at the next turn's start: as a dead hand, or crediting the seat holding fewest
  points (``Rules.blocked_hand``).
* A Skip that has no seat left to skip (all others already pending) may be discarded
  against nobody (``discard S``); otherwise it must name a seat.
* At the end of a hand every hand is shown (the table counts the points): the closing
  ``round_over`` event and the view's ``last_round`` hold the final hands and groups.
"""

from __future__ import annotations

from bisect import insort
from collections.abc import Callable, Mapping, Sequence
from operator import attrgetter
from typing import Annotated, Any, ClassVar, Self

from tablegames.common import chance
from tablegames.common.actions import Action, Event, freeze
from tablegames.common.errors import GameNotOver, StateError, TablegamesError, quoted
from tablegames.common.eventkeys import EventSpec
from tablegames.common.fields import (
    card,
    checked,
    count,
    enum,
    flag,
    optional,
    per_seat_tuple,
    put,
    seat,
    transient,
    tuple_of,
    tuple_seq,
)
from tablegames.common.outcome import Outcome
from tablegames.common.piles import as_stock, reshuffle_discards
from tablegames.common.position import PositionReader
from tablegames.common.refusals import Refused, enforce
from tablegames.common.rng import Rng
from tablegames.common.seating import left_of, next_seat, seats_from
from tablegames.common.state import BaseState
from tablegames.phase10 import actions as A
from tablegames.phase10 import positions
from tablegames.phase10 import refusals as R
from tablegames.phase10.actions import Discard, Draw, Hit, Lay, Take
from tablegames.phase10.cards import (
    COLOUR,
    LOG_CHUNK,
    N_FACES,
    NAMES,
    NUMBER,
    PACK,
    PLAYED,
    POINTS,
    REBUILT,
    SKIP,
    WILD,
    card_names,
    counts_of,
    display_order,
    log_add,
    off_table,
)
from tablegames.phase10.check import canonical_groups, groups_fault, hit_fault, lay_fault
from tablegames.phase10.check import table_hit_values as hit_values
from tablegames.phase10.consistency import (
    CONSERVE,
    check_loaded,
    setup_values,
    upgrade_engine,
    upgrade_old_state,
)
from tablegames.phase10.events import EVENT_KEYS, RESULT_KEYS
from tablegames.phase10.groups import (
    OPEN,
    Group,
    group_fault,
    group_json,
)
from tablegames.phase10.layouts import (
    LAY_CAP,
    can_lay,
    feasible_tally,
    search_lay_downs,
    tally,
    tally_hand,
)
from tablegames.phase10.refusals import shown
from tablegames.phase10.rules import MAX_ACTION_LIMIT, RUN, SET, Rules
from tablegames.phase10.sheet import RESULTS, credited_derived
from tablegames.phase10.stages import DRAW, OVER, PLAY, STAGES
from tablegames.phase10.views import VIEW_KEYS, prompt_of, view_of
from tablegames.phase10.worlds import sample_world

MIN_PLAYERS, MAX_PLAYERS = 2, 6

#: A laid group on the table: (kind, key, cards). For a run the key is its lowest number
#: and the cards are in position order, so a Wild's number is ``key + index`` (P10-54).
TableGroup = tuple[int, int, tuple[int, ...]]

#: The largest group the pack allows: a colour's 24 number cards and all 8 Wilds.
_MAX_GROUP = 32


def _group_problem(g: TableGroup, _n: int) -> str | None:
    """Why a loaded group is not one the lay-down rules could have made (``None``: it is).

    A set's or colour group's cards are also in the canonical order a lay-down and a hit
    keep (naturals by code, then Wilds: :func:`~tablegames.phase10.groups.make_group`),
    which a position reads them back in: one in another order loaded, and its position
    text read back to another text (found by helper-205). A run's are in place order,
    which :func:`group_fault` checks (P10-54)."""
    fault = group_fault(Group(*g))
    if fault is not None:
        return f"not a valid group: {fault.message}"
    kind, _, cards = g
    if kind != RUN and list(cards) != sorted(cards):
        return "the cards are not in canonical order (natural cards by code, then Wilds)"
    return None


#: A laid group, saved as ``[kind, key, [cards]]`` and checked like a lay-down's group
#: (declared, so loading and saving it take the core's compiled paths).
GROUP = checked(
    tuple_of(count(0, 2), count(OPEN, 12), tuple_seq(card(N_FACES), max_len=_MAX_GROUP)),
    _group_problem,
)

#: A pile or a hand: a tuple of card codes (a hand in card order), replaced whole by every
#: change (see :class:`State`), as many as the old list fields allowed.
CARDS = tuple_seq(card(N_FACES), max_len=10_000)

#: A hand: kept in card order (a position may list it in any order, and writes it in the
#: order a player fans it); a pile, written top card first in a position.
HAND = tuple_seq(card(N_FACES), max_len=10_000, sort=True)
PILE = tuple_seq(card(N_FACES), max_len=10_000, top_first=True)

#: A tuple of card codes (see :data:`CARDS`).
Cards = tuple[int, ...]

#: A seat's hand log (codes: :data:`~tablegames.phase10.cards.PLAYED`), in chunks of
#: ``LOG_CHUNK`` codes (see :func:`~tablegames.phase10.cards.log_add`), as long as the
#: longest hand may make it.
LOG = tuple_seq(tuple_seq(count(0, REBUILT), max_len=LOG_CHUNK), max_len=100_000)


# The edits of a per-seat tuple of cards that every draw, take and discard makes. Each
# goes through lists: for tuples this short two list round trips cost less than slicing
# and joining (they are most of what play does besides listing actions).
def _seat_insort(rows: tuple[Cards, ...], seat: int, c: int) -> tuple[Cards, ...]:
    """``rows`` with ``c`` added to ``rows[seat]`` (kept in card order) in its place."""
    row = list(rows[seat])
    insort(row, c)
    return put(rows, seat, tuple(row))


def _seat_append(rows: tuple[Cards, ...], seat: int, c: int) -> tuple[Cards, ...]:
    """``rows`` with ``c`` added at the end of ``rows[seat]``."""
    return put(rows, seat, (*rows[seat], c))


def _seat_remove(rows: tuple[Cards, ...], seat: int, c: int) -> tuple[Cards, ...]:
    """``rows`` with one ``c`` (which ``rows[seat]`` holds) taken from ``rows[seat]``."""
    row = list(rows[seat])
    row.remove(c)
    return put(rows, seat, tuple(row))



#: Lay-down actions per (seat, hand, phase, rules flags), for hands that pass the
#: feasibility test: one turn asks for the same hand's lay-downs again and again (the
#: legal list, the view's count of them, each discard's refusal under ``lay_when_able``),
#: and a hand with Wilds takes 100 to 330 µs to search against 5 to 7 µs remembered
#: (``benchmarks/bench_phase10.py``, 2026-12, fix155); random and bot playouts, which ask
#: once, measured the same without it. The key is the search's whole input (the seat
#: only names the actions), and it is bounded below. Not on the state: a copy shares its
#: instance attributes with the worlds sampled from it, which would carry other seats'
#: hands. ``tests/phase10/test_p10_lay_memo.py`` checks it against the plain search.
_LAY_CACHE: dict[tuple[int, tuple[int, ...], Any, int], list[Action]] = {}
#: Lay-down actions the memo may hold in all (each listing holds at most ``LAY_CAP``).
_LAY_CACHE_ACTIONS = 50_000
_lay_cached = [0]


def clear_caches() -> None:
    """Forget every memoised lay-down (for benchmarks that time the enumerator cold)."""
    _LAY_CACHE.clear()
    _lay_cached[0] = 0


class State(BaseState):
    """A whole game of Phase 10 (see the module docstring for the flow)."""

    GAME = "phase10"
    END_RULING = "P10-53"  # the end: after the hand in which the last phase is completed
    #: 2: each hand keeps where its cards came from and what each seat did with its
    #: hidden ones (``sources``, ``hand_log``), so worlds agree with all a seat saw; each
    #: hand's result on the score sheet (the save's ``results``, the ``round_over`` event,
    #: the view's ``last_round``) says ``phase_laid`` for the phase each seat laid that
    #: hand (was ``completed``, the view's count of phases done); the event that ends a
    #: hand is ``round_over`` (was ``hand_over``) and the result counts ``rounds`` (was
    #: ``hands``), as in the other games. Plays out as 1, but for a blocked tie-break
    #: hand, which now credits the seat holding the fewest points (P10-51, P10-53).
    #: 3: the seat whose turn it is is saved as ``active`` (was ``turn``), as in every
    #: game (Dallah's ``turn`` is a turn's number); plays out as 2.
    #: 4: the save keeps ``taken``, the card taken from the discard pile this turn, which
    #: ``Rules(discard_taken=False)`` holds back (P10-60); an older save gets it empty
    #: (none of its rules kept it). Plays out as 3.
    #: 5: ``Rules.action_limit`` (P10-61) ends a hand that has run that many actions, so
    #: the save counts the hand's actions (``plays``) and each hand's result says
    #: ``limit_hit``. A save or record of engine 4 or before has no such option: it plays
    #: under the largest limit (``MAX_ACTION_LIMIT``), its hand's count is found by
    #: replaying its history, and every result it holds says ``limit_hit: false``.
    #: 6: a tie-break hand the move limit stops, or that ends dead with nothing left to
    #: draw (P10-59), is settled, the tied seat holding the fewest points winning it
    #: (``Rules.limit_tiebreak="lowest"``, P10-53, P10-61); the save keeps the option in
    #: its rules. A save or record of engine 5 or before plays on as its engine did
    #: (``limit_tiebreak="dead"``: the tie-break is played again).
    #: Each hand's result says ``credited``: the seat a hand nobody went out of scored as
    #: if out (a blocked hand, P10-51; a tie-break hand stopped or blocked, P10-53), or
    #: ``None``; an older save's results get it from their own figures where those show
    #: it (``sheet.credited_derived``), else ``None``.
    ENGINE = 6
    RULES = Rules
    MIN_PLAYERS = MIN_PLAYERS
    MAX_PLAYERS = MAX_PLAYERS
    SETUP_KEYS = frozenset({"dealer", "phases", "scores"})
    ACTION_TYPES = frozenset({Draw, Take, Lay, Hit, Discard})
    STAGES = STAGES
    CONSERVE = CONSERVE
    CARD_TEXT = positions.CARD_TEXT
    POSITION_OWN = positions.OWN
    POSITION_DEFAULTS = positions.DEFAULTS
    POSITION_DERIVED = positions.DERIVED
    POSITION_SEATWISE = positions.SEATWISE
    #: Save format 4 names each field as the views and position text do; a format 1-3
    #: save's old keys are renamed before it is read (see ``BaseState.RENAMED``).
    RENAMED: ClassVar[dict[str, str]] = {
        "hand_no": "round",
        "done": "completed",
        "target": "phases",
        "pending": "pending_skips",
        "known": "known_cards",
        "reshuffled": "rebuilt",
        "drawn_since": "drawn",
    }
    #: Engine 3 saves the seat to play as ``active`` (a save by engines 1-2 says ``turn``).
    ENGINE_RENAMED: ClassVar[Mapping[int, Mapping[str, str]]] = {3: {"turn": "active"}}
    VIEW_KEYS: ClassVar[dict[str, str]] = VIEW_KEYS
    EVENT_KEYS: ClassVar[dict[str, EventSpec]] = EVENT_KEYS
    RESULT_KEYS: ClassVar[dict[str, str]] = RESULT_KEYS

    # Declared in the order of the position lines (see :mod:`.positions`). Every pile,
    # hand and per-seat field is a tuple, replaced whole by each change (``put`` for one
    # seat's entry) and never edited in place: ``copy`` shares them all (a search copies
    # far more often than it plays). Each ``#:`` line is the field's meaning on the saves
    # guide's table (``docs/guides/saves.md``).
    #: The stage of the turn (``STAGES``): ``draw``, then ``play`` (lay, hit, discard);
    #: ``over`` once the game has ended.
    stage: Annotated[int, enum(STAGES)]
    #: The number of the current hand (deal), 0 for the first.
    round: Annotated[int, count(0)]
    #: The seat that dealt this hand (P10-30; the deal passes left, P10-57).
    dealer: Annotated[int, seat()]
    #: The seat whose turn it is, one playing this hand (P10-31, P10-53).
    active: Annotated[int, seat(among="playing", stages=("draw", "play"), ruling="P10-53")]
    #: Whether this hand is a tie-break on the last phase among the tied seats (P10-53).
    tiebreak: Annotated[bool, flag()]
    #: Per seat, whether it plays this hand (false only when sitting out a tie-break
    #: hand, P10-53).
    playing: Annotated[tuple[bool, ...], per_seat_tuple(flag(), seat_set=True)]
    #: Per seat, the points scored so far (P10-52; the lowest total wins unless
    #: ``Rules.best_total`` says otherwise, P10-53).
    scores: Annotated[tuple[int, ...], per_seat_tuple(count(0, 10**9))]
    #: Per seat: whether it will lose its next turn to a Skip (P10-24).
    pending_skips: Annotated[tuple[bool, ...], per_seat_tuple(flag(), seat_set=True)]
    #: Whether the seat to act laid its phase this turn (the ``hit_same_turn`` house rule).
    laid_this_turn: Annotated[bool, flag()]
    #: The actions of this hand so far (draws, takes, lay-downs, hits, discards), counted
    #: against the house rule ``Rules.action_limit`` (P10-61); at a game's end, its last
    #: hand's.
    plays: Annotated[int, count(0, MAX_ACTION_LIMIT + 100)]
    #: Under ``Rules(discard_taken=False)`` only: the card the seat to act took from the
    #: discard pile this turn, which it may not discard again this turn (P10-60), as a
    #: tuple of that one card; empty when it drew, has yet to draw, or the rule is off.
    #: Public (everyone saw the take); no position line while empty.
    taken: Annotated[Cards, tuple_seq(card(N_FACES), max_len=1, sparse=True)]
    #: The seat that won the game once it is over (P10-53), else -1.
    winner: Annotated[int, seat(none=-1, among="playing", ruling="P10-53")]
    #: Per seat, which phases it has completed: bit ``i`` set for the phase index ``i``
    #: (0 is phase 1; P10-46).
    made: Annotated[tuple[int, ...], per_seat_tuple(count(0, (1 << 30) - 1))]
    #: Hidden: per seat, the cards it holds, in code order. A view shows a seat its own
    #: (``hand``) and everyone the counts (``hand_sizes``) and ``known_cards``.
    hands: Annotated[tuple[Cards, ...], per_seat_tuple(HAND, line="hand")]
    #: Cards each seat took from the discard pile and still holds (public knowledge).
    known_cards: Annotated[tuple[Cards, ...],
                           per_seat_tuple(CARDS, line="known_cards", sparse=True)]
    #: Per seat, the groups of the phase it laid this hand, with every card any seat hit
    #: onto them since (P10-50), each ``[kind, key, cards]``: kind 0 a set, 1 a run, 2 a
    #: colour group; key the set's number, the run's lowest number (a Wild's number is
    #: ``key`` + its place, P10-54) or the colour (0 red, 1 blue, 2 green, 3 yellow),
    #: -1 for an open all-Wild group; the cards in canonical order (a run's by place).
    laid: Annotated[
        tuple[tuple[TableGroup, ...], ...], per_seat_tuple(tuple_seq(GROUP, max_len=_MAX_GROUP))
    ]
    #: The phase index each seat laid this hand (-1: not down).
    laid_phase: Annotated[tuple[int, ...], per_seat_tuple(count(-1, 29))]
    #: The discard pile, top card last.
    discard: Annotated[Cards, PILE]
    #: Hidden: the draw pile, top card last (a draw takes the last card); a view shows
    #: how many (``stock``).
    stock: Annotated[Cards, PILE]
    #: The cards the draw pile was last rebuilt from, this hand (``None``: not rebuilt).
    rebuilt: Annotated[Cards | None, optional(CARDS)]
    #: Hidden in part: what each seat drew from the draw pile since that rebuild (a seat
    #: knows only its own; no view shows it).
    drawn: Annotated[tuple[Cards, ...], per_seat_tuple(CARDS)]
    #: Where this hand's cards came from, as the table saw them: the cards turned up at
    #: the deal (the first discard and any covers), then each pile the draw pile was
    #: rebuilt from (sorted, the last is ``rebuilt``). ``None``: the hand is not recorded
    #: (begun in a save of engine 1 or in a position without these lines), and worlds
    #: judge it from ``rebuilt`` and ``drawn`` alone.
    sources: Annotated[tuple[Cards, ...] | None,
                       optional(tuple_seq(CARDS, max_len=100_000))]
    #: Hidden in part: per seat, what this hand did to the cards the table could not see
    #: it hold, in order (codes: :data:`PLAYED`): its draws (only its own are known to a
    #: seat; no view shows this log), the cards it played that it had not taken, and each
    #: rebuild. With ``sources`` this is what a seat saw happen to every hidden card,
    #: which worlds must agree with (:mod:`~tablegames.phase10.worlds`); empty while
    #: ``sources`` is ``None``.
    hand_log: Annotated[tuple[tuple[tuple[int, ...], ...], ...], per_seat_tuple(LOG)]
    #: The score sheet: one result per finished hand, in order, each ``{round, out
    #: (seat or null), added (points per seat), tiebreak, phase_laid (per seat, the
    #: phase laid from 1, or null)}`` (P10-52).
    results: Annotated[tuple[dict[str, Any], ...], RESULTS]
    # Tuples: replaced whole when a hand ends and never edited, so ``copy`` shares them.
    #: What each seat held when the last hand ended (P10-52: the table counts the
    #: points, so the hands are shown). ``None`` before any hand ended, and in games
    #: loaded from saves made before these were kept.
    last_hands: Annotated[
        tuple[tuple[int, ...], ...] | None,
        optional(tuple_seq(tuple_seq(card(N_FACES), max_len=200), max_len=MAX_PLAYERS)),
    ]
    #: Every seat's laid groups when the last hand ended, as ``laid`` holds them
    #: (``None`` as for ``last_hands``).
    last_laid: Annotated[
        tuple[tuple[TableGroup, ...], ...] | None,
        optional(tuple_seq(tuple_seq(GROUP, max_len=_MAX_GROUP), max_len=MAX_PLAYERS)),
    ]
    #: Per seat, how many phases it has completed (P10-45, P10-46; a tie-break hand
    #: credits none, P10-53).
    completed: Annotated[tuple[int, ...], per_seat_tuple(count(0, 30))]
    #: The phase index each seat works on this hand (-1: sitting out a tie-break hand);
    #: the view's ``phases`` shows it numbered from 1, with its text and open phases.
    phases: Annotated[tuple[int, ...], per_seat_tuple(count(-1, 29))]
    #: Per seat, whether it has laid its phase this hand (P10-44: one phase per hand).
    down: Annotated[tuple[bool, ...], per_seat_tuple(flag())]
    #: The last hand's final hands and groups in notation, for views (a cache, not state:
    #: they change only when a hand ends, and writing them is most of a view's cost).
    _shown: Annotated[list[Any], transient(list)]
    #: The last blocked-hand verdict and what it was decided from (a cache, not state:
    #: the verdict changes only when a group is laid or hit, and its exact search may
    #: cost a search budget per seat, which every turn's start would otherwise repeat).
    _blocked_at: Annotated[list[Any], transient(list)]

    @classmethod
    def parse_action(cls, text: str) -> Action:
        """Read Phase 10 action notation (``"0:draw"``, ``"1:lay set3=R3,B3,W ..."``)."""
        return A.parse_action(text)

    @property
    def step(self) -> int:
        """The stage under its old name (the built-in bots of ``bots.py`` still read it)."""
        return self.stage

    # ------------------------------------------------------------------ setup
    @classmethod
    def _fresh(
        cls, players: tuple[str, ...], seed: int | str, rules: Any,
        deck: Sequence[str] | None, extra: dict[str, Any],
    ) -> Self:
        self = cls.__new__(cls)
        self._init_common(players, seed, rules, deck, extra)
        phases, scores, dealer = setup_values(len(players), rules, extra)
        self.completed = tuple(p - 1 for p in phases)
        self.made = tuple((1 << d) - 1 for d in self.completed)
        self.scores = tuple(scores)
        self.dealer = dealer
        self.round = 0
        self.tiebreak = False
        self.playing = (True,) * len(players)
        self.winner = -1
        self.results = ()
        self.last_hands = None
        self.last_laid = None
        self._shown = []
        self._blocked_at = []
        self._events = []
        self._start_hand(first=True)
        self._setup_log = list(self._events)
        self._events = []
        return self

    @classmethod
    def _validate_setup(
        cls, players: tuple[str, ...], seed: int | str, rules: Any,
        deck: Sequence[str] | None, extra: dict[str, Any],
    ) -> None:
        """The checks of :meth:`_fresh` without the deal (loading a save need not deal)."""
        setup_values(len(players), rules, extra)
        if deck is not None:
            PACK.stacked_deck(deck, Rng(0))

    # ------------------------------------------------------------------ hands
    def _start_hand(self, *, first: bool) -> None:
        n = self.n
        rules = self.rules
        ev = self._events
        if first:
            deck = chance.stacked(self, PACK, self.deck)
        else:
            deck = PACK.full_deck()
            chance.shuffle(self, deck)
            ev.append(Event("shuffle", {"round": self.round}))
        stock = as_stock(deck)
        # P10-30, P10-31: dealt from the dealer's left, who plays first
        order = list(seats_from(left_of(self.dealer, n), n, playing=self.playing))
        hands: list[Cards] = [()] * n
        for s in order:  # P10-30: hand_size (10) cards each
            hands[s] = tuple(sorted(chance.pop(self, stock) for _ in range(rules.hand_size)))
        self.hands = tuple(hands)
        last = len(rules.phases) - 1
        # P10-32, P10-45: the first open phase (phase 1 in the first hand); P10-53: the last
        # one in a tie-break hand
        self.phases = tuple(
            (last if self.tiebreak else self._first_open(s)) if self.playing[s] else -1
            for s in range(n)
        )
        self.laid_phase = (-1,) * n
        self.laid = ((),) * n
        self.down = (False,) * n
        self.pending_skips = (False,) * n
        self.known_cards = ((),) * n
        self.rebuilt = None
        self.drawn = ((),) * n
        self.laid_this_turn = False
        self.plays = 0  # P10-61: counted afresh each hand
        discard = [chance.pop(self, stock)]  # P10-30: the top card turned up
        first_player = order[0]  # P10-31: the player left of the dealer starts
        ev.append(Event("deal", {
            "round": self.round, "dealer": self.dealer, "first": first_player,
            "discard": NAMES[discard[-1]], "tiebreak": self.tiebreak,
            "phases": [t + 1 if t >= 0 else None for t in self.phases],
        }))
        for s in order:
            ev.append(Event("cards", {"seat": s}, {"cards": card_names(hands[s])},
                            frozenset((s,))))
        if discard[-1] == SKIP:  # P10-25: a Skip turned up first
            if rules.first_skip == "twist":  # P10-25's variant "Twist": cover it
                while discard[-1] == SKIP and stock:
                    discard.append(chance.pop(self, stock))
                    ev.append(Event("cover", {"card": NAMES[discard[-1]]}))
            else:  # P10-25: the first player is skipped
                self.pending_skips = put(self.pending_skips, first_player, True)
        self.stock = tuple(stock)
        self.discard = tuple(discard)
        self.sources = (tuple(discard),)  # the turned-up cards: the hand's first source
        self.hand_log = ((),) * n
        self._begin_turn(first_player)

    def _first_open(self, seat: int, made: int | None = None) -> int:
        """The lowest phase ``seat`` has not completed (the last one if all are done)."""
        if made is None:
            made = self.made[seat]
        total = len(self.rules.phases)
        lowest = ((made + 1) & ~made).bit_length() - 1  # the lowest bit not set
        return lowest if lowest < total else total - 1

    def open_phases(self, seat: int) -> list[int]:
        """Phase indices ``seat`` may lay this hand: its current phase, or with
        ``phase_choice`` every phase it has not completed (the last one in a tie-break)."""
        if self.phases[seat] < 0:
            return []
        if self.tiebreak or not self.rules.phase_choice:  # P10-41 in order; P10-53 tie-break
            return [self.phases[seat]]
        made = self.made[seat]
        return [i for i in range(len(self.rules.phases)) if not made >> i & 1]

    def _next_playing(self, seat: int) -> int:
        """The next seat clockwise that plays this hand (all, or the tie-break's seats)."""
        return next_seat(seat, self.n, playing=self.playing)

    def _begin_turn(self, seat: int) -> None:
        while self.pending_skips[seat]:  # P10-24: the skip is used up as the turn is passed over
            self.pending_skips = put(self.pending_skips, seat, False)
            self._events.append(Event("skipped", {"seat": seat}))
            seat = self._next_playing(seat)  # P10-58: with two players the skipper plays again
        self.active = seat
        self.stage = DRAW
        self.laid_this_turn = False
        self.taken = ()
        if not self.stock and len(self.discard) <= 1 and (
            not self.discard or self.discard[-1] == SKIP
        ):  # P10-59: nothing left to draw, a dead hand (in a tie-break: P10-53)
            self._end_hand(-1, self._limit_credit())
        elif self._blocked():  # P10-51 (decision): nobody can ever go out
            self._end_hand(-1, self._blocked_credit())
        elif self.plays >= self.rules.action_limit:  # P10-61 (house rule): nobody out
            self._end_hand(-1, self._limit_credit(), limit_hit=True)  # dead, or P10-53

    def _blocked(self) -> bool:
        """Whether nobody can ever go out of this hand, so draw and discard would go on
        for ever: every seat in it has laid its phase or cannot make it from the cards
        off the table, and none of those cards fits any laid group (no hit is left, and a
        turn's draw and discard keep each hand's size). A decision of ours on P10-51,
        ended by ``Rules.blocked_hand``.

        Decided from public facts only (the pack less the table), so every world of a
        search agrees. The cards off the table only shrink during a hand, so a blocked
        hand stays blocked; it is tested as each turn begins, cheaply while Wilds are
        left to hit.
        """
        down = self.down
        if True not in down:  # nothing laid: every phase the rules allow fits the full pack
            return False
        memo = self._blocked_at
        if (memo and memo[0] == self.round and memo[1] is self.laid and memo[2] is down
                and memo[3] is self.playing):  # nothing laid or hit since: the same verdict
            return bool(memo[4])
        verdict = self._blocked_now(down)
        memo[:] = [self.round, self.laid, down, self.playing, verdict]
        return verdict

    def _blocked_now(self, down: tuple[bool, ...]) -> bool:
        """:meth:`_blocked` decided afresh."""
        groups: list[TableGroup] = []
        wilds = 0
        takes_wild = False
        for row in self.laid:
            for g in row:
                groups.append(g)
                wilds += g[2].count(WILD)
                if not takes_wild and hit_values(g, WILD):
                    takes_wild = True
        if takes_wild and wilds < PACK.counts[WILD]:  # P10-50: a Wild off the table fits
            return False
        counts = off_table(self.laid)  # the pack less the table
        faces = [f for f in range(WILD + 1) if counts[f]]
        if any(hit_values(g, f) for f in faces for g in groups):  # P10-50: a hit is left
            return False
        left = tally(counts)
        rules = self.rules
        per_group, open_wilds = rules.naturals == "group", rules.wild_groups == "open"
        reqs = rules.phase_reqs
        for s in range(self.n):  # P10-41: a seat yet to lay may still lay and open groups
            if self.playing[s] and not down[s] and any(
                # the counts first (cheap), then the exact search: groups that each fit
                # the counts may need the same cards; an unfinished search says "may"
                feasible_tally(left, reqs[i], per_group)
                and can_lay(counts, reqs[i], per_group, open_wilds) is not False
                for i in self.open_phases(s)
            ):
                return False
        return True

    def _blocked_credit(self) -> int:
        """The seat a blocked hand credits as if out: under ``blocked_hand="lowest"``, and
        in any tie-break hand, the one seat holding the fewest points (P10-52's card
        values), else none (-1). A tie-break hand is won by going out, not on points, so
        ending it dead decides nothing, and the replay is as blocked as it was: under a house list whose
        laid groups take few cards (``set1`` with 14-card hands) the tie-break went on
        for ever."""
        if self.rules.blocked_hand != "lowest" and not self.tiebreak:  # P10-51 (decision)
            return -1
        return self._fewest_points()

    def _limit_credit(self) -> int:
        """The seat a hand that ends with nobody out, stopped by the move limit (P10-61)
        or with nothing left to draw (P10-59), credits as if out: in a tie-break hand
        under ``limit_tiebreak="lowest"``, the one seat holding the fewest points, else
        none (-1, a dead hand). Such a tie-break decides nothing, so its replay could end
        the same way again and again (a measured game replayed one stopped at the limit
        about 300 times), and it is settled as a blocked tie-break hand is
        (:meth:`_blocked_credit`)."""
        if not self.tiebreak or self.rules.limit_tiebreak != "lowest":  # P10-53, P10-61
            return -1  # P10-59, P10-61: a dead hand (in a tie-break: the tied seats play again)
        return self._fewest_points()  # P10-53 (decision): settled on the points held

    def _fewest_points(self) -> int:
        """The one playing seat holding the fewest points (P10-52's card values), or -1
        when several share the fewest (the hand then ends dead)."""
        points = {s: sum(POINTS[c] for c in self.hands[s])
                  for s in range(self.n) if self.playing[s]}
        low = min(points.values())
        fewest = [s for s, p in points.items() if p == low]
        return fewest[0] if len(fewest) == 1 else -1  # a tie for fewest: a dead hand

    # ------------------------------------------------------------------ protocol
    @property
    def to_act(self) -> int | None:
        return None if self.stage == OVER else self.active

    def _legal(self, seat: int) -> list[Action]:
        if self.stage == OVER or seat != self.active:
            return []
        if self.stage == DRAW:
            out: list[Action] = []
            if self._draw_fault(seat) is None:
                out.append(A.DRAW[seat])
            if self._take_fault(seat) is None:
                out.append(A.TAKE[seat])
            return out
        hand = self.hands[seat]
        out = self.lay_actions(seat) if not self.down[seat] else self.hit_actions(seat)
        if out and self.rules.lay_when_able and not self.down[seat]:
            return out  # P10-40 under lay_when_able: a phase that can be laid must be
        row = A.DISCARDS[seat]
        faces = dict.fromkeys(hand)  # the hand is sorted: one discard per face, in order
        held = self.held_back(seat)
        if held is not None:  # P10-60 under discard_taken=False: not the card just taken
            del faces[held]
        if SKIP in faces:  # the largest code, so the Skip's discards come last
            del faces[SKIP]
            out.extend(map(row.__getitem__, faces))
            targets = self.skip_targets(seat) if self.rules.skip_target == "choose" else []
            if targets:
                out.extend([A.skip(seat, t) for t in targets])
            else:
                out.append(row[SKIP])
        else:
            out.extend(map(row.__getitem__, faces))
        return out

    def lay_actions(self, seat: int) -> list[Action]:
        """The distinct lay-downs of ``seat``'s current phase (or open phases) from its hand.

        At most :data:`~tablegames.phase10.layouts.LAY_CAP` in all (a house phase list can
        allow far more; the standard phases never reach it): see the P10-40 ruling.
        """
        rules = self.rules
        per_group = rules.naturals == "group"
        open_wilds = rules.wild_groups == "open"
        hand = self.hands[seat]
        t = tally_hand(hand)
        reqs = rules.phase_reqs
        out: list[Action] = []
        counts: list[int] | None = None
        for index in self.open_phases(seat):
            phase = reqs[index]
            if not feasible_tally(t, phase, per_group):
                continue  # most hands hold no phase: proved from counts, nothing built
            key = (seat, hand, phase, per_group + 2 * open_wilds)
            acts = _LAY_CACHE.get(key)
            if acts is None:
                if _lay_cached[0] > _LAY_CACHE_ACTIONS or len(_LAY_CACHE) > 4096:
                    clear_caches()
                if counts is None:
                    counts = counts_of(hand)
                found = search_lay_downs(counts, phase, per_group, LAY_CAP, open_wilds)
                acts = [Lay(seat, groups) for groups in found]
                _LAY_CACHE[key] = acts
                _lay_cached[0] += len(acts) + 1
            out.extend(acts)
            if len(out) >= LAY_CAP:
                return out[:LAY_CAP]
        return out

    def could_lay_from(self, seat: int, hand: Cards) -> bool:
        """Whether :meth:`lay_actions` of ``seat`` would find a lay-down if it held
        ``hand`` (sorted card codes): a sampled world asks it of the hands a seat held
        when it discarded without laying (P10-40 under ``lay_when_able``, see
        :mod:`~tablegames.phase10.worlds`). The same search, stopped at its first
        lay-down: the search walks in a fixed order, so it finds one within its budget
        exactly when the full listing finds any."""
        rules = self.rules
        per_group = rules.naturals == "group"
        open_wilds = rules.wild_groups == "open"
        t = tally_hand(hand)
        reqs = rules.phase_reqs
        counts: list[int] | None = None
        for index in self.open_phases(seat):
            phase = reqs[index]
            if not feasible_tally(t, phase, per_group):
                continue
            acts = _LAY_CACHE.get((seat, hand, phase, per_group + 2 * open_wilds))
            if acts is not None:
                if acts:
                    return True
                continue
            if counts is None:
                counts = counts_of(hand)
            if search_lay_downs(counts, phase, per_group, 1, open_wilds):
                return True
        return False

    def hit_refusal(self, seat: int, owner: int | None = None) -> Refused | None:
        """Why ``seat`` may not hit now (onto ``owner``'s groups, if given), or ``None``.

        The one test of who may hit where (P10-50): :meth:`hit_actions`, :meth:`may_hit`
        and ``apply`` all ask it.
        """
        if not self.down[seat]:  # P10-50: only once your own phase is down
            return R.NOT_DOWN.at()
        if (owner is not None and owner != seat and self.laid_this_turn
                and not self.rules.hit_same_turn):  # P10-50 under hit_same_turn=False
            return R.HIT_NEXT_TURN.at()
        return None

    def may_hit(self, seat: int, owner: int | None = None) -> bool:
        """Whether ``seat`` may hit now (onto ``owner``'s groups), see :meth:`hit_refusal`."""
        return self.hit_refusal(seat, owner) is None

    def hit_actions(self, seat: int) -> list[Action]:
        """Every card of ``seat``'s hand onto every group it fits, with each Wild's place."""
        out: list[Action] = []
        faces = sorted(set(self.hands[seat]))
        for owner in range(self.n):
            if self.hit_refusal(seat, owner) is not None:
                continue
            for gi, group in enumerate(self.laid[owner]):
                for c in faces:
                    for v in hit_values(group, c):
                        out.append(Hit(seat, c, owner, gi, v))
        return out

    def held_back(self, seat: int) -> int | None:
        """The card ``seat`` may not discard now, or ``None``: under
        ``Rules(discard_taken=False)`` (P10-60), the one it took from the discard pile
        this turn. Copies of a card are alike, so a copy held from before is held back
        with it (discarding it would leave the table exactly as the taken one would),
        unless the hand holds nothing else: every turn ends with a discard, and a seat
        that took a card and then hit all its others must still be able to go out.

        The one test of the house rule: ``legal_actions`` leaves this discard out and
        ``apply`` refuses it, so the two cannot disagree."""
        if not self.taken or seat != self.active:  # only kept under the rule (``_take``)
            return None
        card = self.taken[0]
        hand = self.hands[seat]
        if card in hand and (hand[0] != card or hand[-1] != card):  # hand is sorted
            return card
        return None

    def skip_targets(self, seat: int) -> list[int]:
        """Seats ``seat`` may skip: others in the hand not already waiting out a skip (P10-24)."""
        return [
            t for t in range(self.n)
            if t != seat and self.playing[t] and not self.pending_skips[t]
        ]

    # ------------------------------------------------------------------ refusals
    # One predicate per verb, each returning the refusal (a row of :mod:`.refusals`) on the
    # line that tests its rule, or None; ``_legal`` and ``_apply`` ask the same ones.
    def _stage_fault(self, seat: int, drawing: bool) -> Refused | None:
        """Whether ``seat`` may act now with a draw (``drawing``) or a play (P10-31)."""
        if seat != self.active:  # P10-31: one player's turn at a time
            return R.OUT_OF_TURN.at(player=self.players[self.active])
        if drawing and self.stage != DRAW:  # P10-31: one draw a turn
            return R.ALREADY_DREW.at()
        if not drawing and self.stage == DRAW:  # P10-31: the turn starts with a draw
            return R.DRAW_FIRST.at()
        return None

    def _draw_fault(self, seat: int) -> Refused | None:
        """Why ``seat`` may not draw from the draw pile now, or ``None``."""
        fault = self._stage_fault(seat, True)
        if fault is None and not self.stock and len(self.discard) <= 1:  # P10-59
            return R.DRAW_EMPTY.at()
        return fault

    def _take_fault(self, seat: int) -> Refused | None:
        """Why ``seat`` may not take the top discard now, or ``None``."""
        fault = self._stage_fault(seat, True)
        if fault is not None:
            return fault
        if not self.discard:  # P10-31: there is no top discard to take
            return R.TAKE_EMPTY.at()
        if self.discard[-1] == SKIP:  # P10-23 (only a Skip: a Wild turned up is taken, P10-55)
            return R.TAKE_SKIP.at()
        return None

    # ------------------------------------------------------------------ apply
    def _apply(self, action: Action) -> None:
        seat = action.seat
        kind = type(action)
        drawing = kind is Draw or kind is Take
        fault = self._stage_fault(seat, drawing)
        if fault is not None and fault.refusal.out_of_turn:  # P10-31, before the action's form
            raise fault.error(seat)
        if drawing:
            enforce(self._draw_fault(seat) if kind is Draw else self._take_fault(seat), seat)
            if kind is Draw:
                self._draw(seat)
            else:
                self._take(seat)
            return
        numbers = _NUMBER_FIELDS.get(kind)
        if numbers is not None and not _ONLY_INT.issuperset(map(type, numbers(action))):
            # P10-01: cards, seats and groups are the game's own numbers, never True or 1.0
            raise R.BAD_ACTION.at(action=shown(action, as_repr=True)).error(seat)
        if fault is not None:
            raise fault.error(seat)
        if kind is Lay:
            self._lay(seat, action)  # type: ignore[arg-type]
        elif kind is Hit:
            self._hit(seat, action)  # type: ignore[arg-type]
        else:
            self._discard(seat, action)  # type: ignore[arg-type]

    def _apply_trusted(self, action: Action) -> None:
        """``_apply``'s handlers without its faults (a lean search world's legal step)."""
        seat = action.seat
        kind = type(action)
        if kind is Draw:
            self._draw(seat)
        elif kind is Take:
            self._take(seat)
        elif kind is Lay:
            self._lay_checked(seat, action)  # type: ignore[arg-type]
        elif kind is Hit:
            self._hit_checked(seat, action)  # type: ignore[arg-type]
        else:
            self._discard_checked(seat, action)  # type: ignore[arg-type]

    def _draw(self, seat: int) -> None:
        self.plays += 1  # P10-61: each action of the hand counts, once it is legal
        if not self.stock:
            self.rebuilt = tuple(sorted(self.discard[:-1]))
            pile, discard = list(self.stock), list(self.discard)
            moved = reshuffle_discards(pile, discard, chance.shuffler(self), keep_top=True)
            self.stock, self.discard = tuple(pile), tuple(discard)
            self.drawn = ((),) * self.n
            if self.sources is not None:  # every seat in the hand sees where it happened
                self.sources = (*self.sources, self.rebuilt)
                self.hand_log = tuple(log_add(log, REBUILT) if self.playing[s] else log
                                      for s, log in enumerate(self.hand_log))
            self._events.append(Event("reshuffle", {"cards": moved}))
        card, self.stock = chance.draw_one(self, self.stock)
        self.hands = _seat_insort(self.hands, seat, card)  # P10-21: a drawn Skip may be kept
        if self.rebuilt is not None:
            self.drawn = _seat_append(self.drawn, seat, card)
        if self.sources is not None:
            self.hand_log = put(self.hand_log, seat, log_add(self.hand_log[seat], card))
        self.stage = PLAY
        self._events.append(Event("draw", {"seat": seat, "stock": len(self.stock)},
                                  {"card": NAMES[card]}, frozenset((seat,))))

    def _take(self, seat: int) -> None:
        self.plays += 1  # P10-61
        card = self.discard[-1]
        self.discard = self.discard[:-1]
        self.hands = _seat_insort(self.hands, seat, card)
        self.known_cards = _seat_append(self.known_cards, seat, card)
        if not self.rules.discard_taken:  # P10-60: kept for this turn's discard
            self.taken = (card,)
        self.stage = PLAY
        self._events.append(Event("take", {"seat": seat, "card": NAMES[card]}))

    def _lay_fault(self, seat: int, groups: tuple[Group, ...]) -> Refused | None:
        """Why this lay-down is refused, or ``None`` (the checks of
        :func:`tablegames.phase10.check_phase`, against the phase the groups make)."""
        if self.down[seat]:  # P10-44: one phase per hand
            return R.ALREADY_DOWN.at()
        fault = groups_fault(groups)
        if fault is not None:
            return fault
        written = canonical_groups(groups)
        if groups != written:  # P10-40: the groups, and each group's cards, as notation has them
            return R.LAY_ORDER.at(lay=shown(" ".join(str(g) for g in written)))
        index = self._phase_of(seat, sorted((g.kind, len(g.cards)) for g in groups))
        name = R.phase_named(self.rules.phases[index], index + 1)
        return lay_fault(groups, self.rules.phase_reqs[index], name, self.rules,
                         counts_of(self.hands[seat]))

    def _phase_of(self, seat: int, got: list[tuple[int, int]]) -> int:
        """The open phase a lay-down's group shapes make (else the seat's current one)."""
        reqs = self.rules.phase_reqs
        for index in self.open_phases(seat):
            if sorted(reqs[index]) == got:
                return index
        return self.phases[seat]

    def _lay(self, seat: int, action: Lay) -> None:
        enforce(self._lay_fault(seat, action.groups), seat)
        self._lay_checked(seat, action)

    def _lay_checked(self, seat: int, action: Lay) -> None:
        self.plays += 1  # P10-61
        groups = sorted(action.groups, key=lambda g: g.sort_key)
        for g in groups:
            for c in g.cards:
                self._remove(seat, c)
        index = self._phase_of(seat, sorted((g.kind, len(g.cards)) for g in groups))
        self.laid = put(self.laid, seat, tuple((g.kind, g.key, g.cards) for g in groups))
        self.down = put(self.down, seat, True)
        self.laid_phase = put(self.laid_phase, seat, index)
        self.laid_this_turn = True
        if not self.tiebreak:  # P10-46: credited when laid (a tie-break hand credits none, P10-53)
            self.completed = put(self.completed, seat, self.completed[seat] + 1)
            self.made = put(self.made, seat, self.made[seat] | 1 << index)
        self._events.append(Event("lay", {
            "seat": seat, "phase": index + 1,
            "groups": [str(g) for g in groups], "completed": self.completed[seat],
        }))
        if not self.hands[seat]:
            self._end_hand(seat)

    def _hit_fault(self, seat: int, action: Hit) -> Refused | None:
        """Why this hit is refused, or ``None`` (P10-50, then the group's own rules)."""
        owner, gi, card, value = action.owner, action.group, action.card, action.value
        fault = self.hit_refusal(seat, owner)
        if fault is not None:
            return fault
        if not (0 <= owner < self.n and 0 <= gi < len(self.laid[owner])):  # P10-50
            return R.NO_SUCH_GROUP.at(owner=quoted(owner), group=quoted(gi))
        if card not in self.hands[seat]:  # P10-50: you hit cards from your hand
            return R.HIT_NOT_IN_HAND.at()
        return hit_fault(self.laid[owner][gi], card, value, f"{owner}.{gi}")

    def _hit(self, seat: int, action: Hit) -> None:
        enforce(self._hit_fault(seat, action), seat)
        self._hit_checked(seat, action)

    def _hit_checked(self, seat: int, action: Hit) -> None:
        self.plays += 1  # P10-61
        owner, gi, card, value = action.owner, action.group, action.card, action.value
        kind, key, body = self.laid[owner][gi]
        self._remove(seat, card)
        new: TableGroup
        if kind == RUN:
            number = value if card == WILD else NUMBER[card]
            new = (kind, key - 1, (card, *body)) if number < key else (kind, key, (*body, card))
        else:
            if key == OPEN and card != WILD:  # the first natural names an open group
                key = NUMBER[card] if kind == SET else COLOUR[card]
            new = (kind, key, tuple(sorted((*body, card))))
        self.laid = put(self.laid, owner, put(self.laid[owner], gi, new))
        self._events.append(Event("hit", {"seat": seat, "card": NAMES[card], "group": f"{owner}.{gi}",
                                          "value": value or None}))
        if not self.hands[seat]:
            self._end_hand(seat)

    def _discard_fault(self, seat: int, card: int, target: int) -> Refused | None:
        """Why discarding ``card`` (a Skip against ``target``) is refused, or ``None``."""
        if card not in self.hands[seat]:  # P10-31: the discard comes from the hand
            return R.DISCARD_NOT_IN_HAND.at()
        if self.rules.lay_when_able and not self.down[seat] and self.lay_actions(seat):
            return R.MUST_LAY.at()  # P10-40 under lay_when_able: lay before discarding
        if card == self.held_back(seat):  # P10-60 under discard_taken=False
            return R.TAKEN_BACK.at(card=NAMES[card])
        if card == SKIP:
            return self._skip_fault(seat, target)
        if target != -1:
            if card == WILD:  # P10-26
                return R.WILD_NOT_SKIP.at()
            return R.NOT_A_SKIP.at()  # P10-20: only a Skip names a player
        return None

    def _skip_fault(self, seat: int, target: int) -> Refused | None:
        """Why a Skip discarded by ``seat`` may not skip ``target`` (-1: nobody named)."""
        if self.rules.skip_target == "next":
            if target != -1:  # P10-20 under skip_target="next": the next player, unnamed
                return R.SKIP_IS_NEXT.at()
            return None
        targets = self.skip_targets(seat)
        if target == -1 and targets:  # P10-20: the discarder chooses whom
            return R.SKIP_NEEDS_TARGET.at()
        if target != -1 and target not in targets:
            if target == seat:  # P10-20: another player
                return R.SKIP_SELF.at()
            if 0 <= target < self.n and self.pending_skips[target]:  # P10-24
                return R.ALREADY_SKIPPED.at(player=self.players[target])
            return R.NO_SUCH_TARGET.at(target=quoted(target))  # P10-20
        return None

    def _discard(self, seat: int, action: Discard) -> None:
        enforce(self._discard_fault(seat, action.card, action.target), seat)
        self._discard_checked(seat, action)

    def _discard_checked(self, seat: int, action: Discard) -> None:
        self.plays += 1  # P10-61
        card, target = action.card, action.target
        if card == SKIP and self.rules.skip_target == "next":  # P10-20 under skip_target="next"
            nxt = self._next_playing(seat)
            target = -1 if self.pending_skips[nxt] else nxt
        self._remove(seat, card)
        self.discard += (card,)
        data: dict[str, Any] = {"seat": seat, "card": NAMES[card]}
        if card == SKIP and target != -1:
            self.pending_skips = put(self.pending_skips, target, True)
            data["skips"] = target
        self._events.append(Event("discard", data))
        if not self.hands[seat]:
            self._end_hand(seat)
        else:
            self._begin_turn(self._next_playing(seat))

    def _remove(self, seat: int, card: int) -> None:
        """Take ``card`` (which ``seat`` holds) from its hand, and from what the table
        knows it holds."""
        self.hands = _seat_remove(self.hands, seat, card)
        if card in self.known_cards[seat]:
            # the copy it took goes first: what it holds is the same either way, and the
            # table learns nothing of its other cards
            self.known_cards = _seat_remove(self.known_cards, seat, card)
        elif self.sources is not None:  # it held this card: a fact about its hidden ones
            self.hand_log = put(self.hand_log, seat,
                                log_add(self.hand_log[seat], PLAYED + card))

    # ------------------------------------------------------------------ end of hand
    def _end_hand(self, out: int, credited: int | None = None, *, limit_hit: bool = False) -> None:
        """Score the hand ``out`` went out of (-1: nobody did) and deal the next, or end
        the game. ``credited`` is scored as if out: ``out`` itself, or for a blocked
        hand the seat ``Rules.blocked_hand`` names, for a tie-break hand the move limit
        stopped or with nothing left to draw the one ``Rules.limit_tiebreak`` names (-1:
        nobody, a dead hand).
        ``limit_hit``: ``Rules.action_limit`` stopped the hand (P10-61), nobody out."""
        n = self.n
        self.taken = ()  # the turn ends with the hand (a game over keeps no turn)
        added = [0] * n
        winner_scores = self.rules.scoring == "winner"
        credit = out if credited is None else credited
        for s in range(n):
            if self.playing[s] and s != credit:  # P10-52: the one who went out scores 0
                points = sum(POINTS[c] for c in self.hands[s])
                if not winner_scores:
                    added[s] = points  # P10-52
                elif credit >= 0:  # the one who went out is credited (a dead hand: nobody)
                    added[credit] += points
        self.scores = tuple(a + b for a, b in zip(self.scores, added, strict=True))  # P10-52
        result = {
            "round": self.round, "out": out if out >= 0 else None, "added": added,
            "tiebreak": self.tiebreak,
            "phase_laid": [p + 1 if p >= 0 else None for p in self.laid_phase],
            "limit_hit": limit_hit,
            # P10-51, P10-53 (decisions): who was scored as if out of a hand nobody went
            # out of, so the table can be told why a seat won or scored nothing
            "credited": credit if out < 0 and credit >= 0 else None,
        }
        self.results = (*self.results, freeze(result))  # shared by copies: frozen
        self.last_hands = self.hands  # tuples: the last hand's cards, shared as they are
        self.last_laid = self.laid
        self._events.append(Event("round_over", self._last_round()))
        self.stage = OVER  # provisional: a new hand below sets DRAW again
        total = len(self.rules.phases)
        if self.tiebreak:
            if credit >= 0:  # P10-53: first to go out (or credited as if out) wins
                self._finish(credit)
                return
            contenders = [s for s in range(n) if self.playing[s]]
        else:
            # P10-53: the game ends after the hand in which someone completes the last phase
            finishers = [s for s in range(n) if self.completed[s] >= total]
            if not finishers:
                contenders = []
            else:  # P10-53: lowest total wins (the highest under Rules.best_total/scoring)
                pick = max if self.rules.highest_wins else min
                best = pick(self.scores[s] for s in finishers)
                contenders = [s for s in finishers if self.scores[s] == best]
                if len(contenders) == 1:
                    self._finish(contenders[0])
                    return
        if contenders:  # P10-53: still tied, the tied players replay the last phase
            self.tiebreak = True
            self.playing = tuple(s in contenders for s in range(n))
            self._events.append(Event("tiebreak", {"seats": contenders}))
        self.round += 1
        self.dealer = (self.dealer + 1) % n  # P10-57: the deal passes left
        self._start_hand(first=False)

    def _finish(self, winner: int) -> None:
        self.winner = winner
        self.stage = OVER
        self.pending_skips = (False,) * self.n
        self._events.append(Event("game_over", {"winner": winner, "scores": list(self.scores)}))

    # ------------------------------------------------------------------ results & views
    def outcome(self) -> Outcome:
        if self.stage != OVER:
            raise GameNotOver("the game is not over yet")
        w = self.winner
        return Outcome(
            winners=frozenset((w,)), losers=frozenset(s for s in range(self.n) if s != w),
            scores=tuple(self.scores),
            detail={"phases_completed": list(self.completed), "rounds": self.round + 1,
                    "tiebreak": self.tiebreak},
        )

    def table(self) -> list[list[dict[str, Any]]]:
        """Every seat's laid groups, as views show them."""
        out = []
        for s in range(self.n):
            row = []
            for gi, (kind, key, body) in enumerate(self.laid[s]):
                row.append({"group": f"{s}.{gi}", **group_json(Group(kind, key, body))})
            out.append(row)
        return out

    def _view(self, seat: int | None) -> dict[str, Any]:
        """Everything public (:func:`~tablegames.phase10.views.view_of`)."""
        return view_of(self)

    def _last_round(self) -> dict[str, Any]:
        """The last finished hand: its score-sheet line, the final hands and the table."""
        shown = self._shown
        if not shown or shown[0] != len(self.results):
            hands, laid = self.last_hands, self.last_laid
            shown[:] = [
                len(self.results),
                None if hands is None else [card_names(display_order(h)) for h in hands],
                None if laid is None else [[str(Group(*g)) for g in row] for row in laid],
            ]
        out = dict(self.results[-1])
        out["added"] = list(out["added"])
        out["phase_laid"] = list(out["phase_laid"])
        out["hands"] = None if shown[1] is None else [list(h) for h in shown[1]]
        out["laid"] = None if shown[2] is None else [list(row) for row in shown[2]]
        return out

    def _hand(self, seat: int) -> list[Any]:
        return card_names(display_order(self.hands[seat]))

    def _prompt(self, seat: int) -> str:
        """One sentence for ``seat`` (:func:`~tablegames.phase10.views.prompt_of`)."""
        return prompt_of(self, seat)

    # ------------------------------------------------------------------ loading
    @classmethod
    def _upgrade_format(cls, state: dict[str, Any], fmt: int) -> dict[str, Any]:
        """A save of format 1, or of format 2 written before the fields were declared
        (its stage still called ``step``), in today's shape (see
        :func:`~tablegames.phase10.consistency.upgrade_old_state`)."""
        old = fmt <= 2 and "step" in state and "stage" not in state
        return upgrade_old_state(state) if old else state

    @classmethod
    def _upgrade_rules(cls, rules: Any, engine: int) -> Any:
        """A save or record of engine 4 or before had no move limit: it plays under the
        largest one (``MAX_ACTION_LIMIT``, P10-61), not the default, so a long hand of
        it goes on as its engine played it (within what a position can hold). One that
        names the option is refused: no engine before 5 wrote it, and a save or record
        claiming an older engine and a smaller limit would replay hands its engine never
        stopped. Likewise a save or record of engine 5 or before settles no tie-break
        hand the limit stops: it plays on under ``limit_tiebreak="dead"`` (P10-53,
        P10-61), and one naming the option is refused (no engine before 6 wrote it)."""
        if engine >= 6 or type(rules) is not dict:
            return rules
        if "limit_tiebreak" in rules:
            raise StateError(f"$.rules: a save or record by engine {engine} holds "
                             "limit_tiebreak (P10-53, P10-61), which only engine 6 writes")
        upgraded = {**rules, "limit_tiebreak": "dead"}  # P10-61: as engines 5 and before
        if engine < 5:
            if "action_limit" in rules:
                raise StateError(f"$.rules: a save or record by engine {engine} holds "
                                 "action_limit (P10-61), which only engine 5 writes")
            upgraded["action_limit"] = MAX_ACTION_LIMIT
        return upgraded

    def _upgraded(self, engine: int) -> None:
        """A save of engine 4 or before never counted its hand's actions (``plays``,
        P10-61): its history is replayed for the count (once; it saves as today's
        engine). A hand that ran past ``MAX_ACTION_LIMIT`` actions cannot go on under
        this engine, and the save is refused. A sampled world or a game fed its chance
        from outside has no replayable past: its hand counts from the load. A save of
        engine 5 or before did not record ``credited`` (P10-51, P10-53): each hand's is
        derived from its figures where they show it, exactly (see
        :func:`~tablegames.phase10.sheet.credited_derived`), so the save reads as its
        engine played it and a replay of its history (``verify``) agrees."""
        if engine < 6:
            self.results = credited_derived(self.results, self.winner,
                                            self.rules.scoring == "winner")
        if engine >= 5 or self.world or self.outside or not self.history:
            return
        again = type(self)._start(self.players, self.seed, self.rules, self.deck, self.extra)
        problem = ""
        try:
            for action in self.history:
                again.apply(action)
        except TablegamesError as exc:
            problem = str(exc)
        if any(res["limit_hit"] for res in again.results):
            raise StateError(f"a hand of this save (engine {engine}) ran past "
                             f"{MAX_ACTION_LIMIT} actions, the most engine {self.ENGINE} "
                             "plays (P10-61)")
        if not problem and (again.round, again.stage) != (self.round, self.stage):
            # no hand was stopped: the fields disagree with the history, not the limit
            raise StateError(f"the save (engine {engine}) contradicts its own history "
                             f"(tampered with?): replayed, it reaches round {again.round}, "
                             f"stage {STAGES[again.stage]}; the save says round {self.round}, "
                             f"stage {STAGES[self.stage]}")
        if problem:
            raise StateError(f"the save's history (engine {engine}) cannot be replayed to "
                             f"count its hand's actions: {problem}")
        self.plays = again.plays

    @classmethod
    def _upgrade_engine(cls, state: dict[str, Any], engine: int) -> dict[str, Any]:
        """See :func:`tablegames.phase10.consistency.upgrade_engine`."""
        return upgrade_engine(state, engine)

    def _as_saved(self, again: Self, engine: int) -> None:
        """What an old save never kept is left out of its replay before the two are
        compared: the record of the hand it was saved in (an engine-1 save: ``sources``
        is ``None``), and the last hand's final hands and groups (a save of format 1, or
        of format 2 before the declared fields: ``last_hands`` and ``last_laid`` are
        ``None`` although a hand was scored). A replay keeps both."""
        if self.sources is None:
            again.sources, again.hand_log = None, ((),) * again.n
        if self.last_hands is None and self.last_laid is None:
            again.last_hands = again.last_laid = None

    def _check_loaded(self) -> None:
        """The cross-field rules of a loaded save or position (card conservation is
        declared: ``CONSERVE``); see :func:`~tablegames.phase10.consistency.check_loaded`."""
        check_loaded(self)

    # ------------------------------------------------------------------ positions
    def _from_position_own(self, r: PositionReader) -> None:
        """A game set up from a position starts there: no setup values to check against."""
        self.extra = {"position": ""}

    # ------------------------------------------------------------------ sampling
    def sample_world(self, seat: int, rng: Any = None) -> Self:
        """A full state consistent with all ``seat`` has seen; hidden cards redealt (see
        :func:`~tablegames.phase10.worlds.sample_world`)."""
        return sample_world(self, seat, rng)


#: The int fields of a hit or a discard, by action class. Checked by exact type (every
#: field's type must be ``int`` itself, ``_ONLY_INT``): ``True`` or ``1.0`` compare equal
#: to a card code or seat and would slip into the state and the history.
_NUMBER_FIELDS: dict[type, Callable[[Any], tuple[Any, ...]]] = {
    Hit: attrgetter("card", "owner", "group", "value"),
    Discard: attrgetter("card", "target"),
}
_ONLY_INT = frozenset({int})


def new_game(
    players: int | Sequence[str] = 4,
    seed: int | str = 0,
    rules: Rules | dict[str, Any] | str | None = None,
    deck: Sequence[str] | None = None,
    *,
    dealer: int | None = None,
    phases: Sequence[int] | None = None,
    scores: Sequence[int] | None = None,
    position: str | None = None,
) -> State:
    """Start a game of Phase 10.

    ``deck`` stacks the first hand, top card first: ``hand_size`` cards to each seat from
    the dealer's left, then the first discard, then the draw pile (top first); the rest
    of the pack follows shuffled. ``dealer`` picks the first dealer (default: the last
    seat, so seat 0 plays first); ``phases`` starts each seat on a phase number (1-based)
    and ``scores`` from a running total, for scenarios and resumed games. ``position``
    sets the game up from position text instead (see :meth:`State.from_position`; it
    takes no other setup). Everything is checked by :meth:`State.new` before anything
    is dealt.
    """
    return State.new(players, seed, rules, deck, dealer=dealer, phases=phases, scores=scores,
                     position=position)


__all__ = ["MAX_PLAYERS", "MIN_PLAYERS", "STAGES", "State", "clear_caches", "hit_values",
           "new_game"]
