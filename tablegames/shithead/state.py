"""The Shithead game state: one object for a whole round (SHD-01), or a match of rounds.

Flow:

1. **deal** — each seat gets 3 face-down cards, 3 face-up on top of them and 3 in hand
   (SHD-02); a stacked deck is dealt seat by seat, nine cards each (face-down, face-up,
   hand), and the rest is the draw pile, top first;
2. **swap** — seat by seat from seat 0, each may make one swap between face-up cards and
   hand, of one to three cards, or say ``done`` (SHD-03); with ``Rules.swap_mode =
   "simultaneous"`` every seat swaps as often as it likes until all have said ``ready``;
3. **start** — the seat with the lowest card in hand starts and shows that card (SHD-04);
4. **play** — on a turn a seat plays one or more cards of one value that may go on the
   pile (SHD-05, SHD-07, the effects table), draws back to 3 while the draw pile lasts
   (SHD-06), or, with nothing that fits, picks up the pile (SHD-08). With hand and draw
   pile gone it plays from its face-up cards (SHD-09), then blind from its face-down cards
   (SHD-10). A seat with no cards left leaves the round; the last seat holding cards is the
   loser (SHD-01). With ``Rules.cut_in`` a seat may complete four of a kind out of turn.

Decisions on the points the source leaves open (each is also on the rulings page):

* **Direction** is kept in the state (``direction``: -1 = counter-clockwise, "to the
  right" with seats numbered clockwise, the source's SHD-04; ``Rules.direction`` for +1).
* **Ties for the start** (two seats with the lowest rank): the first of them counting
  from the round's dealer (seat 0, then one seat clockwise each round) in the direction
  of play. The starter shows one card of the lowest rank (it becomes public) but need not
  play it (``Rules.lead_shown`` makes it lead with it).
* **Sets** come from one source: hand cards, or face-up cards, never mixed. A blind
  face-down card is always played alone.
* **Specials played blind** act exactly as if played from the hand when they fit; a
  special that does not fit is picked up with the pile like any card.
* **Four of a kind** (SHD-25) is checked first: a run of ``Rules.burn_run`` equal values on
  top of the pile burns it and the player plays again, and the cards' own effects (skip,
  reverse, ...) are not applied. The pile is judged as the whole play leaves it: when the
  Under-overs' rotation (SHD-27) brings up cards that make the run on top, the pile burns
  too and the Under-overs' player, who counts as having laid the fourth, plays again.
* **Skips** (SHD-22): k Skips pass over k opponents still in the round, counted modulo
  their number (``Rules.skips``), so the skipper is never skipped.
* **Reverse** (SHD-23) acts only while more than two seats are in play when it is played;
  with ``multiples="each"`` (default) two Reverses cancel. Its event says whether the
  direction changed.
* **Playing again** (burn, four of a kind): a seat that has just shed its last card has
  left the round, so the turn passes to the next seat still in play instead.
* **Take-it-bad-luck** (SHD-28): the player names any other seat still in play (the choice
  is skipped when only one can be named or the pile beneath is empty); that seat takes the
  pile, the Take-it cards go out of play (``removed``), and the turn passes on from the
  giver as after any play. A player whose Take-it was the last card names the taker first
  and leaves after, so a finished player never acts again.
* **Picking up** is allowed only when nothing fits (SHD-08); it never happens on an empty
  pile, on which every card fits.
* **A match** (``Rules.rounds`` > 1) deals round after round from a fresh shuffle (the
  stacked deck, if any, is the first round's) and keeps a tally of lost rounds; the seats
  that lost most lose the match.
* **The safety limit** ``Rules.action_limit`` (a house rule) ends a round that has run
  that many actions of play: the seat holding the most cards (then the most in hand, then
  the first in turn order) is the loser. Some positions cycle for ever even under random
  play; the bot's rounds take up to about 250 actions, at seven or eight seats (rationale
  on the rulings page, SHD-01).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from functools import lru_cache
from itertools import combinations
from typing import Annotated, Any, ClassVar, Self

from tablegames.common import chance
from tablegames.common.actions import Action, Event, freeze
from tablegames.common.errors import StateError
from tablegames.common.eventkeys import EventSpec
from tablegames.common.fields import (
    Conserve,
    card,
    count,
    derived,
    enum,
    flag,
    frozen_json,
    per_seat_tuple,
    put,
    seat,
    tuple_seq,
)
from tablegames.common.outcome import Outcome
from tablegames.common.piles import as_stock
from tablegames.common.position import PositionReader
from tablegames.common.refusals import enforce
from tablegames.common.rng import Rng
from tablegames.common.seating import CLOCKWISE, COUNTERCLOCKWISE
from tablegames.common.state import BaseState
from tablegames.shithead import actions as A
from tablegames.shithead import positions
from tablegames.shithead import refusals as R
from tablegames.shithead.actions import Blind, Done, Give, Pickup, Play, Ready, Swap, Unready
from tablegames.shithead.cards import (
    FACES,
    NAMES,
    VALUE,
    names_of,
    pack,
)
from tablegames.shithead.effects import (
    BURN,
    GIVE,
    PLAIN,
    REVERSE,
    SKIP,
    UNDER,
    Table,
    compile_table,
)
from tablegames.shithead.events import EVENT_KEYS, RESULT_KEYS
from tablegames.shithead.inference import (
    ALL_CARDS,
    bar,
    cards_of,
    earlier_suits,
    forget,
    pick_for_slots,
)
from tablegames.shithead.loading import (
    check_loaded,
    check_setup,
    deck_codes,
    limit_hit_named,
    max_players,
    old_start_bars,
    upgrade_engine,
)
from tablegames.shithead.multisets import with_sorted, without
from tablegames.shithead.rules import Rules
from tablegames.shithead.scoring import outcome_of
from tablegames.shithead.stages import (
    GIVING,
    HAND_SIZE,
    MAX_CARDS,
    MIN_PLAYERS,
    OVER,
    PER_SEAT,
    PLAY,
    STAGES,
    SWAP,
)
from tablegames.shithead.views import VIEW_KEYS, prompt_of, view_of

#: Effects after which the card just laid is the pile's effective top (not a reset, a
#: transparent card, an under-over that moves cards, a burn or a take-it that leaves).
_KEEPS_TOP = frozenset({PLAIN, SKIP, REVERSE})
#: The audience of one seat's secrets (shared: frozensets are immutable).
_ONLY = tuple(frozenset((s,)) for s in range(MAX_CARDS // PER_SEAT + 1))
#: Sort key that puts aces last (for showing cards in the ace-high order).
_ACE_LAST = tuple(c + FACES if VALUE[c] == 1 else c for c in range(FACES))


def _run_on_top(pile: Sequence[int], run: int) -> bool:
    """Whether the top ``run`` cards of ``pile`` (bottom first) share one value: the four
    of a kind that burns the pile (SHD-25, ``Rules.burn_run``)."""
    if len(pile) < run:
        return False
    v = VALUE[pile[-1]]
    return all(VALUE[c] == v for c in pile[-run:])


def _table_of(rules: Rules) -> Table:
    """The compiled effects table of these rules (shared by the state, its copies and
    worlds: a ``Table`` is read-only)."""
    return _compiled(rules.effects, rules.aces)


# Every new game and every load compiles its rules' table, about 80 µs of a 4-player
# new_game's 140 µs (measured in 2026-12, fix155): the tables of the last 64 effects
# tables are kept. ``compile_table`` is a pure function of rows that ``Rules`` validated
# exactly (no bool for an int, a name from its list), so a kept table is the one the plain
# call gives (``tests/shithead/test_shithead_actions_table.py``); a room of house rules
# costs at most 64 tables.
_compiled = lru_cache(maxsize=64)(compile_table)


#: The kinds of the state's card groups: a pile (written top card first in a position),
#: a group kept sorted (a hand: read in any order), the three-card face-up and face-down
#: rows; a queue or order of seats.
_PILE = tuple_seq(card(FACES), MAX_CARDS, top_first=True)
_SORTED = tuple_seq(card(FACES), MAX_CARDS, sort=True)
_TABLE_CARDS = tuple_seq(card(FACES), HAND_SIZE)
_SEATS = tuple_seq(seat(), 1_000)


class State(BaseState):
    """A round of Shithead (see the module docstring for the flow and the decisions)."""

    GAME = "shithead"
    END_RULING = "SHD-01"  # play ends when one player is left holding cards
    RULES = Rules
    MIN_PLAYERS = MIN_PLAYERS
    MAX_PLAYERS = FACES * 3 // PER_SEAT
    SETUP_KEYS = frozenset({"stock"})
    ACTION_TYPES = frozenset({Swap, Done, Ready, Unready, Play, Blind, Pickup, Give})
    #: 2: Skips count opponents (``Rules.skips``), aces and restrictions as rules.
    #: 3: ties for the lowest card count from the round's dealer (SHD-04).
    #: 4: one name per field: a seat's dealt cards are the ``cards`` event (was ``hand``),
    #: a round stopped by the action limit is ``limit_hit`` in the events, the result and
    #: the round summaries (was ``limit``, Toepen's number of lives), and the result's
    #: list of rounds is ``rounds_done`` as in the save (was ``rounds``, the view's match
    #: length); plays out as 3.
    #: 5: the seat whose turn it is is saved as ``active`` (was ``turn``), as in every
    #: game (Dallah's ``turn`` is a turn's number); and four of a kind that Under-overs
    #: bring together on top burns the pile and their player plays again (SHD-25,
    #: SHD-27), where engine 4 left the four on top and passed the turn.
    #: 6: one name per field across games: the seats still in the round are ``playing``
    #: (was ``in_play``) and the hand cards everybody has seen go in ``known_cards`` (was
    #: ``known``), as in Toepen and Phase 10, in the save, the view and the position
    #: text; plays out as 5.
    #: 7: a bar on an unseen hand card is a mask of cards (bit ``c``), no longer of
    #: values (bit ``v``), so that the start can say that the starter holds no card of
    #: the shown rank in an earlier suit (SHD-04); plays out as 6.
    ENGINE = 7
    #: Save format 4 names each field as the views and position text did then (issue
    #: 21): a format 1-3 save's old keys are read under these names, which the engines
    #: since may rename again (``ENGINE_RENAMED``: format 4's ``in_play`` is engine 6's
    #: ``playing``).
    RENAMED: ClassVar[dict[str, str]] = {
        "up": "face_up", "down": "face_down", "slots": "bars", "active": "in_play",
        "queue": "swapping", "round_no": "round",
    }
    #: Engine 5 saves the seat to play as ``active`` (a save by engines 1-4 says ``turn``;
    #: a format 1-3 save's ``active``, the seats in play, is ``in_play`` by then); engine
    #: 6 saves the seats in play as ``playing`` and the seen hand cards as ``known_cards``.
    ENGINE_RENAMED: ClassVar[Mapping[int, Mapping[str, str]]] = {
        5: {"turn": "active"},
        6: {"in_play": "playing", "known": "known_cards"},
    }
    STAGES = STAGES
    CONSERVE = Conserve("hands", "face_up", "face_down", "pile", "stock", "aside", "burnt",
                        "removed", shuffled="stock", codes=deck_codes)
    CARD_TEXT = positions.CARD_TEXT
    POSITION_DEFAULTS = positions.DEFAULTS
    POSITION_DERIVED = positions.DERIVED
    POSITION_SEATWISE = positions.SEATWISE
    POSITION_COMMENTS = positions.COMMENTS
    VIEW_KEYS: ClassVar[dict[str, str]] = VIEW_KEYS
    EVENT_KEYS: ClassVar[dict[str, EventSpec]] = EVENT_KEYS
    RESULT_KEYS: ClassVar[dict[str, str]] = RESULT_KEYS

    # Every group of cards, every per-seat value and every queue is a tuple that
    # ``copy`` shares with its original: a change replaces the whole tuple (``put`` for
    # one seat's item), never edits it. A search copies far more often than it plays:
    # copying fifteen list fields (five of them lists of lists) cost about three times
    # what the whole copy costs now, while the tuples a play rebuilds add well under a
    # microsecond to it.
    # Declared in the order of the position lines (positions.SEATWISE writes the
    # per-seat ones seat by seat).
    #: The stage of the round (``STAGES``): the swap before play (SHD-03), play, a
    #: Take-it player naming who takes the pile (SHD-28), or ``over`` once the game
    #: (every round of the match) has ended.
    stage: Annotated[int, enum(STAGES)]
    #: The number of the current round of the match (``Rules.rounds``), from 0.
    round: Annotated[int, count(0, 99)]
    #: Per seat, the rounds of the match it has lost so far (SHD-01).
    tally: Annotated[tuple[int, ...], per_seat_tuple(count(0, 100))]
    #: One summary per finished round, in order: ``{round, loser, order (the seats in
    #: the order they went out), limit_hit}`` (SHD-01).
    rounds_done: Annotated[tuple[dict[str, Any], ...], tuple_seq(frozen_json(), 100)]
    #: Where the turn goes next: -1 counter-clockwise (to the right, the source's,
    #: SHD-04), 1 clockwise (``Rules.direction``); a Reverse turns it (SHD-23).
    direction: Annotated[int, count(-1, 1, words=positions.DIRECTION_TEXT)]
    #: The seat to play (or to give the pile) is one still in the round (SHD-01).
    active: Annotated[int, seat(among="playing", stages=("play", "give"), ruling="SHD-01")]
    #: The seat that started play this round (SHD-04, ``Rules.starter``), or -1 before
    #: play.
    starter: Annotated[int, seat(none=-1)]
    #: The seats still swapping before play (SHD-03): taking turns, those not yet asked,
    #: the one asked now first; swapping at once (``Rules.swap_mode``), those not ready.
    swapping: Annotated[tuple[int, ...], _SEATS]
    #: The seats that have shed every card this round, first out first (SHD-01).
    finished: Annotated[tuple[int, ...], _SEATS]
    #: The actions of this round since play began (in a swap at once, of the swap),
    #: counted against the house rule ``Rules.action_limit`` (SHD-01, SHD-03).
    plays: Annotated[int, count(0, 1_000_000)]
    #: The round's loser, the seat left holding cards (SHD-01), or -1 while it is played.
    loser: Annotated[int, seat(none=-1)]
    #: Whether ``Rules.action_limit`` stopped the round (its loser is then the seat
    #: holding the most cards; SHD-01).
    limit_hit: Annotated[bool, flag()]
    #: Hidden: per seat, the cards in its hand, in code order. A view shows a seat its
    #: own (``hand``) and everyone the counts (``hand_sizes``) and ``known_cards``.
    hands: Annotated[tuple[tuple[int, ...], ...], per_seat_tuple(_SORTED, line="hand")]
    #: Per seat, the cards of its hand everybody has seen go in (picked up, swapped up,
    #: shown at the start) and still there: public, as Phase 10's ``known_cards``.
    known_cards: Annotated[tuple[tuple[int, ...], ...],
                           per_seat_tuple(_SORTED, line="known_cards")]
    #: Per seat, the bars on the unseen cards of its hand, oldest first: each a mask of
    #: the cards (bit ``c``: code ``c``) that card cannot be (:mod:`.inference`).
    bars: Annotated[tuple[tuple[int, ...], ...], per_seat_tuple(
        tuple_seq(count(0, ALL_CARDS, words=positions.BAR_TEXT), HAND_SIZE), line="bars")]
    #: Per seat, its face-up cards on the table, in code order (SHD-02, SHD-09).
    face_up: Annotated[tuple[tuple[int, ...], ...],
                       per_seat_tuple(tuple_seq(card(FACES), HAND_SIZE, sort=True),
                                      line="face_up")]
    #: Hidden from every seat, its own included: per seat, its face-down cards in the
    #: order they lie (a blind play's index counts from 0, SHD-10); a view shows how
    #: many (``face_down``).
    face_down: Annotated[tuple[tuple[int, ...], ...],
                         per_seat_tuple(_TABLE_CARDS, line="face_down")]
    #: The pile played on, the top card last (SHD-05).
    pile: Annotated[tuple[int, ...], _PILE]
    #: Hidden: the draw pile, the top card last (SHD-06); a view shows how many
    #: (``stock``).
    stock: Annotated[tuple[int, ...], _PILE]
    #: Hidden: the cards set aside unseen at the deal when the setup's ``stock`` keeps
    #: fewer in the draw pile, in code order; a view shows how many (``aside``).
    aside: Annotated[tuple[int, ...], _SORTED]
    #: The cards burnt this round, out of play, in the order burnt (SHD-24, SHD-25).
    burnt: Annotated[tuple[int, ...], _PILE]
    #: The Take-it cards used this round, out of play (SHD-28).
    removed: Annotated[tuple[int, ...], _PILE]
    #: Per seat, whether it is still in the round: it holds cards (SHD-01), as Toepen's
    #: and Phase 10's ``playing``.
    playing: Annotated[tuple[bool, ...], per_seat_tuple(flag())]
    #: The compiled effects table of the rules.
    table: Annotated[Table, derived()]
    #: The pile's effective top value (0: anything goes), kept in step with the pile.
    top: Annotated[int, derived()]

    @classmethod
    def parse_action(cls, text: str) -> Action:
        """Read Shithead action notation (``"1:play 7c,7d"``, ``"0:pickup"``)."""
        return A.parse_action(text)

    # ------------------------------------------------------------------ setup
    @classmethod
    def _validate_setup(
        cls, players: tuple[str, ...], seed: int | str, rules: Any, deck: Sequence[str] | None,
        extra: dict[str, Any],
    ) -> None:
        """The checks of a deal without dealing (shuffling the pack on every ``from_json``
        was a sixth of its time)."""
        check_setup(players, rules, extra, cls.SETUP_KEYS)
        if deck is not None:  # a stacked deck names real cards, none too often
            pack(rules.decks).stacked_deck(deck, Rng(0))

    @classmethod
    def _fresh(
        cls, players: tuple[str, ...], seed: int | str, rules: Any,
        deck: Sequence[str] | None, extra: dict[str, Any],
    ) -> Self:
        check_setup(players, rules, extra, cls.SETUP_KEYS)
        n = len(players)
        self = cls.__new__(cls)
        self._init_common(players, seed, rules, deck, extra)
        self.table = _table_of(rules)
        self.round = 0
        self.tally = (0,) * n
        self.rounds_done = ()
        self._events = []
        self._deal(chance.stacked(self, pack(rules.decks), self.deck))
        self._setup_log = self._events
        self._events = []
        return self

    def _deal(self, deck: list[int]) -> None:
        """Deal a round from ``deck`` (top first) and open the swap (SHD-02, SHD-03)."""
        n = self.n
        rules = self.rules
        cards = as_stock(deck)
        down, up, hands = [], [], []
        for _ in range(n):  # SHD-02: 3 face down, 3 face up on them, 3 in hand, per seat
            down.append(tuple([chance.pop(self, cards) for _ in range(HAND_SIZE)]))
            up.append(tuple(sorted(chance.pop(self, cards) for _ in range(HAND_SIZE))))
            hands.append(tuple(sorted(chance.pop(self, cards) for _ in range(HAND_SIZE))))
        self.face_down, self.face_up, self.hands = tuple(down), tuple(up), tuple(hands)
        keep = self.extra.get("stock")
        if keep is not None and keep < len(cards):
            aside, cards = chance.split_bottom(self, cards, len(cards) - keep)
            self.aside = tuple(sorted(aside))
            self.stock = tuple(cards)
        else:
            self.aside = ()
            self.stock = tuple(cards)
        self.pile, self.burnt, self.removed = (), (), ()
        self.top = 0
        self.known_cards = ((),) * n
        self.bars = ((0,) * HAND_SIZE,) * n
        self.playing = (True,) * n
        self.finished = ()
        self.direction = COUNTERCLOCKWISE if rules.direction == "counter-clockwise" else CLOCKWISE
        self.active = 0
        self.starter = -1
        self.plays = 0
        self.loser = -1
        self.limit_hit = False
        self._events.append(
            Event("deal", {"round": self.round, "face_up": [self._names(u) for u in self.face_up],
                           "face_down": [len(d) for d in self.face_down],
                           "stock": len(self.stock), "aside": len(self.aside)})
        )
        for s in range(n):
            self._events.append(Event("cards", {"seat": s}, {"cards": self._names(self.hands[s])},
                                      frozenset((s,))))
        if rules.swap:  # SHD-03: the swap before play
            self.stage = SWAP
            self.swapping = tuple(range(n))
        else:
            self.swapping = ()
            self._begin_play()

    def _begin_play(self) -> None:
        """Open play with the starter of ``Rules.starter`` (SHD-04)."""
        how = self.rules.starter
        if how == "lowest":
            starter, shows = self._lowest_starts()
        else:  # a fixed seat, or the one on the dealer's left (the deal moves round)
            starter = self.rules.starter_seat if how == "seat" else (self.round + 1) % self.n
            shows = None
        self.starter = starter
        self.active = starter  # SHD-04: the starter takes the first turn
        self.stage = PLAY
        self.plays = 0
        self._events.append(Event("start", {"seat": starter, "shows": shows,
                                            "direction": self._direction_name()}))

    def _lowest_starts(self) -> tuple[int, str]:
        """The holder of the lowest card in hand starts and shows it (SHD-04): ties go to
        the first from the round's dealer in the direction of play (seat 0 deals the first
        round and the deal passes one seat clockwise each round, so no seat wins every tie
        of a match). Returns the seat and the card."""
        n = self.n
        rank = self.table.rank
        dealer = self.round % n
        order = [(dealer + self.direction * k) % n for k in range(n)]
        lowest = [self._lowest(self.hands[s]) for s in range(n)]
        starter = min(order, key=lambda s: (rank[VALUE[lowest[s]]], order.index(s)))
        card = lowest[starter]
        known = self.known_cards[starter]
        slots = list(self.bars)
        # the table learns the shown card is in the hand unless it saw a copy go in (a
        # swap): with two decks another copy may be unseen there, which showing a copy
        # of that card does not reveal (the table saw one; helper-140)
        if card not in known:
            slots[starter] = forget((), slots[starter], (card,))[1]
            self.known_cards = put(self.known_cards, starter, with_sorted(known, (card,)))
        # what the start tells everybody (SHD-04): nobody holds a lower rank, the seats
        # before the starter in the tie order hold none of the shown rank either, and
        # the starter none of it in an earlier suit (it shows the first in suit order)
        low = rank[VALUE[card]]
        ahead = order.index(starter)
        lower = self.table.lower
        for i, s in enumerate(order):
            mask = cards_of(lower[low + 1] if i < ahead else lower[low])
            if s == starter:
                mask |= earlier_suits(card)
            slots[s] = bar(slots[s], mask)
        self.bars = tuple(slots)
        return starter, NAMES[card]

    def lead_card(self) -> int | None:
        """The card the starter must open the round with (``Rules.lead_shown``, SHD-04):
        the lowest it showed, while no card of the round has been played; else ``None``.
        Until then the starter's hand is as dealt (after the swap), and the shown card,
        the lowest of that hand, went into its ``known_cards``: so it is the lowest known
        card. Found among the hand, a world of an engine-6 save (whose start barred lower
        ranks only, not an earlier suit of the same rank) showed another card than the
        real one (a seat saw its view change; helper-124)."""
        rules = self.rules
        if not rules.lead_shown or rules.starter != "lowest" or self.plays or (  # SHD-04
                self.stage != PLAY or self.active != self.starter):
            return None
        # a hand-made position may know none of the starter's cards: then its hand's
        return self._lowest(self.known_cards[self.starter] or self.hands[self.starter])

    def _lowest(self, cards: tuple[int, ...]) -> int:
        """The card of ``cards`` a hand shows to start (SHD-04): the lowest rank in this
        game's order, the lowest code among equals."""
        rank = self.table.rank
        return min(cards, key=lambda c: (rank[VALUE[c]], c))

    def _direction_name(self) -> str:
        return "counter-clockwise" if self.direction == COUNTERCLOCKWISE else "clockwise"

    def _names(self, codes: Sequence[int]) -> list[str]:
        """Cards as a person sorts them: by rank in this game's order, then suit."""
        if self.rules.aces == "high":
            codes = sorted(codes, key=_ACE_LAST.__getitem__)
        return list(map(NAMES.__getitem__, codes))

    # ------------------------------------------------------------------ protocol
    @property
    def to_act(self) -> int | None:
        stage = self.stage
        if stage == SWAP:
            return self.swapping[0]
        if stage == OVER:
            return None
        return self.active

    def _legal(self, seat: int) -> list[Action]:
        """Every action the predicates of :mod:`.refusals` accept (``apply`` asks them too)."""
        stage = self.stage
        if stage == PLAY:
            if seat == self.active:
                return self._play_actions(seat)
            return self._cut_in_actions(seat) if self.rules.cut_in else []
        if stage == SWAP:
            out: list[Action] = [make(seat) for make, refuse in ((A.done, R.done_refusal),
                                                                 (A.ready, R.ready_refusal),
                                                                 (A.unready, R.unready_refusal))
                                 if refuse(self, seat) is None]
            if R.swapper_refusal(self, seat) is None:
                out += self._swap_actions(seat)
            return out
        if stage == GIVING:
            return [A.give(seat, t) for t in range(self.n)
                    if R.give_refusal(self, seat, t) is None]
        return []

    def _play_actions(self, seat: int) -> list[Action]:
        """The plays of the seat to act: every set of one value from where it plays that
        the effects table lets on the pile (``Table.can_play_on``, the first line of the
        play's refusal), else a pick-up or the blind cards, as their predicates allow."""
        hand = self.hands[seat]
        src = hand or self.face_up[seat]
        if not src:
            return [A.blind(seat, i) for i in range(len(self.face_down[seat]))
                    if R.blind_refusal(self, seat, i) is None]
        fits = self.table.can_play_on
        top = self.top
        single = A.SINGLES[seat]
        out: list[Action] = []
        i, m = 0, len(src)
        while i < m:
            c = src[i]
            v = VALUE[c]
            j = i + 1
            while j < m and VALUE[src[j]] == v:
                j += 1
            if fits(v, top):
                if j == i + 1:
                    out.append(single[c])
                else:
                    out.extend(A.group_plays(seat, src[i:j]))
            i = j
        lead = self.lead_card()
        if lead is not None:  # SHD-04 under lead_shown: only plays that hold the shown card
            out = [a for a in out if lead in a.cards]  # type: ignore[attr-defined]
        if (out and self.rules.pickup == "forced") or R.pickup_refusal(self, seat) is not None:
            return out  # SHD-08: the pick-up is offered when nothing fits (or by choice)
        out.append(A.pickup(seat))
        return out

    def cut_in_open(self, seat: int) -> tuple[int, int] | None:
        """(value, cards still needed) if the pile is open to a cut-in by ``seat``, from
        what everyone sees: the seat is still in the round, the pile's top run of equal
        values is short of ``Rules.burn_run`` and may be played on, and the seat holds
        enough cards to complete it. Whether those cards are of the value is the seat's
        secret while they are in its hand (:meth:`_cut_in_need` decides)."""
        run = self.rules.burn_run
        pile = self.pile
        if not run or not pile or not self.playing[seat]:
            return None
        v = VALUE[pile[-1]]
        have = 1
        for c in reversed(pile[:-1]):
            if VALUE[c] != v:
                break
            have += 1
        if have >= run or not self.table.can_play_on(v, self.top):
            return None
        need = run - have
        return (v, need) if len(self.hands[seat] or self.face_up[seat]) >= need else None

    def _cut_in_need(self, seat: int) -> tuple[int, int, tuple[int, ...]] | None:
        """(value, cards still needed, the seat's cards of it) if ``seat`` may cut in now.

        A seat still in the round that holds, in the place it plays from (its hand, or its
        face-up cards once the hand is empty; never face-down), enough cards of the pile's
        top value to complete a run of ``Rules.burn_run`` may play them out of turn.
        """
        found = self.cut_in_open(seat)
        if found is None:
            return None
        v, need = found
        src = self.hands[seat] or self.face_up[seat]
        mine = tuple([c for c in src if VALUE[c] == v])
        return (v, need, mine) if len(mine) >= need else None

    def _cut_in_actions(self, seat: int) -> list[Action]:
        found = self._cut_in_need(seat)
        if found is None:
            return []
        _, need, mine = found
        return [a for a in A.group_plays(seat, mine) if len(a.cards) >= need]

    def _swap_actions(self, seat: int) -> list[Action]:
        """The swaps :func:`~tablegames.shithead.refusals.swap_refusal` accepts: as many
        face-up cards as hand cards, each side the seat's own, never a card for an equal one."""
        up, hand = self.face_up[seat], self.hands[seat]
        swap = A.swap
        if self.rules.decks == 1:
            # one deck: every card is unique, so no pair shares a card and none repeats
            return [swap(seat, u, h) for k in range(1, min(len(up), len(hand)) + 1)
                    for u in combinations(up, k) for h in combinations(hand, k)]
        found: dict[tuple[tuple[int, ...], tuple[int, ...]], None] = {}
        for k in range(1, min(len(up), len(hand)) + 1):
            for u in combinations(up, k):
                for h in combinations(hand, k):
                    if not set(u) & set(h):
                        found[(u, h)] = None
        return [swap(seat, u, h) for u, h in found]

    def _targets(self, seat: int) -> list[int]:
        return [t for t in range(self.n) if self.playing[t] and t != seat]

    def _apply(self, action: Action) -> None:
        seat = action.seat
        kind = type(action)
        round_before = self.round
        stage = self.stage
        if kind is Play:
            self._play(seat, action.cards)  # type: ignore[attr-defined]
        elif kind is Pickup:
            self._pickup(seat)
        elif kind is Blind:
            self._blind(seat, action.index)  # type: ignore[attr-defined]
        elif kind is Give:
            self._give(seat, action.target)  # type: ignore[attr-defined]
        elif kind is Swap:
            self._swap(seat, action.up, action.hand)  # type: ignore[attr-defined]
        elif kind is Done:
            self._done(seat)
        elif kind is Ready:
            self._ready(seat)
        else:
            self._unready(seat)
        if self.stage == OVER or round_before != self.round:
            return
        if stage != SWAP:
            self._tick()
        elif self.stage == SWAP and self.rules.swap_mode == "simultaneous":  # SHD-03
            self.plays += 1
            if self.plays >= self.rules.action_limit:  # SHD-03: the swap closes (house rule)
                self.swapping = ()
                self._events.append(Event("swap_closed", {"actions": self.plays}))
                self._begin_play()

    # ------------------------------------------------------------------ swap (SHD-03)
    def _swap(self, seat: int, up: tuple[int, ...], hand: tuple[int, ...]) -> None:
        enforce(R.swap_refusal(self, seat, up, hand), seat)
        self.face_up = put(self.face_up, seat, with_sorted(without(self.face_up[seat], up), hand))
        self.hands = put(self.hands, seat, with_sorted(without(self.hands[seat], hand), up))
        known, slots = forget(self.known_cards[seat], self.bars[seat], hand)
        self.known_cards = put(self.known_cards, seat, with_sorted(known, up))
        self.bars = put(self.bars, seat, slots)
        self._events.append(Event("swap", {"seat": seat, "to_hand": names_of(up),
                                           "to_face_up": names_of(hand)}))
        if self.rules.swap_mode == "turns":  # SHD-03: one swap each, seat by seat
            self._next_swapper()

    def _done(self, seat: int) -> None:
        enforce(R.done_refusal(self, seat), seat)
        self._events.append(Event("done", {"seat": seat}))
        self._next_swapper()

    def _next_swapper(self) -> None:
        self.swapping = self.swapping[1:]
        if not self.swapping:
            self._begin_play()

    def _ready(self, seat: int) -> None:
        enforce(R.ready_refusal(self, seat), seat)
        self.swapping = without(self.swapping, (seat,))
        self._events.append(Event("ready", {"seat": seat}))
        if not self.swapping:
            self._begin_play()

    def _unready(self, seat: int) -> None:
        enforce(R.unready_refusal(self, seat), seat)
        self.swapping = with_sorted(self.swapping, (seat,))
        self._events.append(Event("unready", {"seat": seat}))

    # ------------------------------------------------------------------ play
    def _play(self, seat: int, cards: tuple[int, ...]) -> None:
        enforce(R.play_refusal(self, seat, cards), seat)
        cut_in = seat != self.active
        v = VALUE[cards[0]]
        hand = self.hands[seat]
        # SHD-09: from the hand while it holds cards, then from the face-up cards
        src, where = (hand, "hand") if hand else (self.face_up[seat], "face_up")
        rest = list(src)  # the cards left, then those drawn: one new tuple at the end
        for c in cards:
            rest.remove(c)
        self.pile += cards
        data: dict[str, Any] = {"seat": seat, "cards": [NAMES[c] for c in cards],
                                "from": where}
        if cut_in:
            data["cut_in"] = True
        self._events.append(Event("play", data))
        if where == "hand":
            known, slots = self.known_cards[seat], self.bars[seat]
            fewer, after = forget(known, slots, cards)
            if fewer is not known:
                self.known_cards = put(self.known_cards, seat, fewer)
            if len(rest) < HAND_SIZE and self.stock:  # SHD-06: under 3 left, draw while stock lasts
                after = self._draw(seat, rest, after)
            self.hands = put(self.hands, seat, tuple(rest))
            if after is not slots:  # a known card played and none drawn: the same slots
                self.bars = put(self.bars, seat, after)
        else:
            self.face_up = put(self.face_up, seat, tuple(rest))
        self._resolve(seat, cards, v)

    def _draw(self, seat: int, hand: list[int], slots: tuple[int, ...]) -> tuple[int, ...]:
        """Draw back to three from the draw pile (SHD-06; the caller checked that the
        hand is short and the pile not empty): the drawn cards join ``hand`` (the
        caller's list, kept sorted, which it puts in place once for the play and the
        draw); returns the seat's slots after, one free slot per card drawn."""
        stock = self.stock
        want = HAND_SIZE - len(hand)  # SHD-06: back up to 3 (or what the stock holds)
        drawn, stock = chance.draw(self, stock, want)
        self.stock = stock
        self._events.append(Event("draw", {"seat": seat, "count": len(drawn),
                                           "stock": len(stock)},
                                  {"cards": names_of(drawn)}, _ONLY[seat]))
        hand += drawn
        hand.sort()
        return slots + (0,) * len(drawn)

    def _resolve(self, seat: int, cards: tuple[int, ...], v: int) -> None:
        """Carry out what the cards just laid do, then pass the turn."""
        table = self.table
        # the row's effect; with ``acts="on_lower"`` only on a lower top (self.top is
        # still the top the cards were laid on): else a plain card (SHD-22, SHD-23)
        kind = table.kind[v] if table.acts(v, self.top) else PLAIN
        pile = self.pile
        again = False
        skips = 0
        give = False
        run = self.rules.burn_run
        # SHD-25: Rules.burn_run (4) equal values on top burn the pile, whoever laid them;
        # checked first: the cards' own effects then do not apply (decision, module docstring)
        if run and _run_on_top(pile, run):
            self._burn(seat, "four of a kind")
            again = True  # SHD-25: the one who laid the fourth plays again
        elif kind == BURN:  # SHD-24: the whole pile leaves play; the same player plays again
            self._burn(seat, "burn")
            again = True
        elif kind == GIVE:  # SHD-28: the Take-it cards are removed from play
            self.pile = pile = pile[:-len(cards)]
            self.removed += cards
            self._events.append(Event("removed", {"seat": seat, "cards": names_of(cards)}))
            give = bool(pile)
        elif kind:
            times = len(cards) if table.each[v] else 1
            if kind == SKIP:  # SHD-22: each Skip skips one player (Effect.multiples; see _pass_turn)
                skips = times
                passed, again_ = self._skipped(seat, skips)
                self._events.append(Event("skip", {"seat": seat, "players": skips,
                                                   "skipped": passed, "again": again_}))
            elif kind == REVERSE:
                # SHD-23: no effect with two players; two Reverses cancel under Effect.multiples="each"
                changed = sum(self.playing) > 2 and times % 2 == 1
                if changed:
                    self.direction = -self.direction
                self._events.append(Event("reverse", {"seat": seat, "effective": changed,
                                                      "direction": self._direction_name()}))
            elif kind == UNDER and len(pile) > 1:
                # SHD-27: each time the bottom card goes to the top (times: Effect.multiples)
                k = times % len(pile)
                self.pile = pile = pile[k:] + pile[:k]
                self._events.append(Event("under_over", {"seat": seat,
                                                         "top": NAMES[pile[-1]]}))
                # SHD-25 judges the pile as the whole play leaves it (decision, SHD-25 and
                # SHD-27): four of a kind the cards brought up make on top burn it, and the
                # Under-over's player counts as having laid the fourth and plays again. The
                # cards brought up still do not act themselves (SHD-27). Under-over is the
                # only effect that reorders the pile: a burn or a Take-it leaves it empty,
                # the others only lay their cards on top, which the first check saw.
                if run and _run_on_top(pile, run):
                    self._burn(seat, "four of a kind")
                    again = True  # SHD-25: the Under-over's player plays again
        pile = self.pile  # a burn emptied it
        if kind in _KEEPS_TOP and pile and pile[-1] == cards[-1]:
            self.top = v  # the card just laid is the effective top (nothing moved)
        else:
            self.top = table.top_of(pile)
        if give:
            # the giver names the taker before leaving, even with no cards left: a
            # finished player never acts again
            targets = self._targets(seat)
            if len(targets) > 1:
                self.stage = GIVING
                self.active = seat
                return
            self._hand_over(seat, targets[0])
        if self._check_finished(seat):
            return
        self._pass_turn(seat, again, skips)

    def _burn(self, seat: int, why: str) -> None:
        self._events.append(Event("burn", {"seat": seat, "reason": why,
                                           "cards": names_of(self.pile)}))
        self.burnt += self.pile
        self.pile = ()

    def _check_finished(self, seat: int) -> bool:
        """Let a seat without cards leave; end the round if one seat is left (SHD-01)."""
        if self.playing[seat] and not (self.hands[seat] or self.face_up[seat] or self.face_down[seat]):
            self.playing = put(self.playing, seat, False)
            self.finished += (seat,)
            self._events.append(Event("finished", {"seat": seat, "place": len(self.finished)}))
            left = [s for s in range(self.n) if self.playing[s]]
            if len(left) == 1:
                self._end(left[0])
                return True
        return False

    def _skipped(self, seat: int, skips: int) -> tuple[list[int], bool]:
        """The skip event's ``skipped`` and ``again``: the seats ``skips`` Skips from
        ``seat`` pass over and whether the turn comes back to ``seat``, by the walk
        :meth:`_pass_turn` makes, among the seats in play once ``seat`` has left if this
        play shed its last card (the event is told before ``_check_finished``)."""
        playing = list(self.playing)
        if not (self.hands[seat] or self.face_up[seat] or self.face_down[seat]):
            playing[seat] = False
        passed, lands = self._skip_walk(seat, skips, playing)
        return passed, lands == seat

    def _skip_walk(self, seat: int, skips: int, playing: Sequence[bool]) -> tuple[list[int], int]:
        """Where ``skips`` Skips from ``seat`` send the turn among the seats ``playing``,
        and the seats passed over on the way (each once, in order, neither ``seat`` nor
        where the turn lands): the one count, under ``Rules.skips``, that both the turn
        and the skip event read (SHD-22)."""
        n, d = len(playing), self.direction
        steps = 1 + skips  # "seats": 1 + k places, the skipper counted
        if self.rules.skips == "opponents":  # SHD-22: k opponents, modulo their number
            others = sum(playing) - playing[seat]
            if not others:
                return [], seat
            k = skips % others
            steps = k + 1 if k or not playing[seat] else others + 1  # k == 0: back to seat
        passed: list[int] = []
        s = seat
        for _ in range(steps):
            s = (s + d) % n
            while not playing[s]:
                s = (s + d) % n
            if s != seat and s not in passed:
                passed.append(s)
        return [p for p in passed if p != s], s

    def _pass_turn(self, seat: int, again: bool, skips: int = 0) -> None:
        playing = self.playing
        if again and playing[seat]:
            self.active = seat
            return
        if skips:
            self.active = self._skip_walk(seat, skips, playing)[1]
            return
        n, d = len(playing), self.direction
        s = (seat + d) % n  # next_seat, inlined: this runs once per action
        while not playing[s]:
            s = (s + d) % n
        self.active = s

    def _tick(self) -> None:
        """Count an action of play; stop the round at ``Rules.action_limit``."""
        self.plays += 1
        if self.plays >= self.rules.action_limit:  # SHD-01 (house rule): the round stops
            n = self.n
            order = [(self.active + self.direction * k) % n for k in range(n)]
            left = [s for s in order if self.playing[s]]
            loser = max(left, key=lambda s: (
                len(self.hands[s]) + len(self.face_up[s]) + len(self.face_down[s]), len(self.hands[s]),
                -left.index(s)))
            self.limit_hit = True
            self._end(loser)

    def _end(self, loser: int) -> None:
        """End the round; deal the next one while the match (``Rules.rounds``) lasts."""
        self.stage = OVER
        self.loser = loser  # SHD-01: the seat left holding cards (or action_limit's pick)
        self.swapping = ()
        self.tally = put(self.tally, loser, self.tally[loser] + 1)  # SHD-01: the match's loser tally
        result = {"round": self.round, "loser": loser, "order": list(self.finished),
                  "limit_hit": self.limit_hit}
        self.rounds_done += (freeze(result),)  # shared by copies: frozen, never edited
        self._events.append(Event("round_over", {**result, "tally": list(self.tally)}))
        if self.round + 1 < self.rules.rounds:  # SHD-01: a match of rounds, a loser tally
            self.round += 1
            deck = pack(self.rules.decks).full_deck()
            chance.shuffle(self, deck)
            self._events.append(Event("shuffle", {"round": self.round}))
            self._deal(deck)
            return
        self._events.append(Event("game_over", {"loser": loser, "order": list(self.finished),
                                                "limit_hit": self.limit_hit,
                                                "tally": list(self.tally)}))

    # ------------------------------------------------------------------ pickups
    def _take_pile(self, seat: int, extra: tuple[int, ...] = ()) -> tuple[int, ...]:
        taken = self.pile + extra
        self.hands = put(self.hands, seat, with_sorted(self.hands[seat], taken))
        self.known_cards = put(self.known_cards, seat, with_sorted(self.known_cards[seat], taken))
        self.pile = ()
        self.top = 0
        return taken

    def _pickup(self, seat: int) -> None:
        enforce(R.pickup_refusal(self, seat), seat)
        if self.rules.pickup == "forced":
            # nothing fitted (SHD-08): the unseen cards of the hand hold no playable value
            # (a pick-up by choice, pickup="any", tells nothing of them)
            self.bars = put(self.bars, seat, bar(self.bars[seat],
                                                   cards_of(self.table.masks[self.top])))
        taken = self._take_pile(seat)
        self._events.append(Event("pickup", {"seat": seat, "cards": names_of(taken)}))
        self._pass_turn(seat, False)

    def _blind(self, seat: int, index: object) -> None:
        enforce(R.blind_refusal(self, seat, index), seat)
        assert type(index) is int
        down = self.face_down[seat]
        card = down[index]
        self.face_down = put(self.face_down, seat, down[:index] + down[index + 1:])
        v = VALUE[card]
        fits = bool(self.table.masks[self.top] >> v & 1)  # SHD-10: judged as any card laid
        self._events.append(Event("blind", {"seat": seat, "index": index, "card": NAMES[card],
                                            "fits": fits}))
        if fits:
            self.pile += (card,)
            self._resolve(seat, (card,), v)
            return
        # SHD-10: a blind card that does not fit is taken into the hand with the whole pile
        taken = self._take_pile(seat, (card,))
        self._events.append(Event("pickup", {"seat": seat, "cards": names_of(taken)}))
        self._pass_turn(seat, False)

    # ------------------------------------------------------------------ give (SHD-28)
    def _give(self, seat: int, target: object) -> None:
        enforce(R.give_refusal(self, seat, target), seat)
        assert type(target) is int
        self.stage = PLAY
        self._hand_over(seat, target)
        if not self._check_finished(seat):
            self._pass_turn(seat, False)

    def _hand_over(self, seat: int, target: int) -> None:
        taken = self._take_pile(target)
        self._events.append(Event("give", {"seat": seat, "target": target,
                                           "cards": names_of(taken)}))

    # ------------------------------------------------------------------ results & views
    def outcome(self) -> Outcome:
        """The round's (or match's) result: see :func:`.scoring.outcome_of`."""
        return outcome_of(self)

    def restriction(self) -> str | None:
        """The restriction on the next card, in words (``None`` if there is none)."""
        return self.table.restriction(self.top)

    def _view(self, seat: int | None) -> dict[str, Any]:
        return view_of(self, seat)

    def _prompt(self, seat: int) -> str:
        return prompt_of(self, seat)

    def _hand(self, seat: int) -> list[Any]:
        return self._names(self.hands[seat])

    # ------------------------------------------------------------------ loading
    @classmethod
    def _upgrade_engine(cls, state: dict[str, Any], engine: int) -> dict[str, Any]:
        """See :func:`tablegames.shithead.loading.upgrade_engine`."""
        return upgrade_engine(state, engine)

    def _as_saved(self, again: Self, engine: int) -> None:
        """A round opened by engine 6 or older never held the start's suit bar (SHD-04),
        nor does it once such a save is loaded and played on. A save by such an engine
        is compared with its history replayed as that engine opened the round
        (:func:`~tablegames.shithead.loading.old_start_bars`), exactly: a bar deleted,
        added or changed is refused, as any other edited field is.

        A save by today's engine is compared with today's replay, exactly. The save
        does not say which engine opened its round, so one whose bars are those an older
        engine would have laid is refused too, saying so: it was edited (a suit bar
        deleted), or it is a round opened by an older engine and saved again by this one,
        whose history this engine no longer replays to its bars (as a re-saved save of
        Dallah's engines 1 and 2 does not). Its next round verifies again: a new deal
        clears every bar."""
        if engine < 7:
            again.bars = old_start_bars(self)
        elif again.bars != self.bars and old_start_bars(self) == self.bars:
            raise StateError(
                "the save contradicts its own history: its bars are those an engine before "
                "7 laid, without the start's suit bar (SHD-04), where this engine's replay "
                "lays it (edited, or a round opened by an older engine and saved again by "
                "this one: such a round does not verify, its next one does)")

    def _from_position_own(self, r: PositionReader) -> None:
        """A position written before engine 4 says ``limit`` in its round summaries
        (:func:`~tablegames.shithead.loading.limit_hit_named`)."""
        named = limit_hit_named(self.rounds_done)
        if named is not self.rounds_done:
            self.rounds_done = tuple(freeze(item) for item in named)

    def _check_loaded(self) -> None:
        """What a save must satisfy beyond its fields' kinds (:mod:`.loading`)."""
        self.table = _table_of(self.rules)
        self.top = self.table.top_of(self.pile)
        check_loaded(self)

    def sample_world(self, seat: int, rng: Any = None) -> Self:
        """A full state consistent with all ``seat`` has seen; hidden cards redealt.

        Kept where they are: ``seat``'s hand, every face-up card, the pile, burnt and
        removed cards, and every card publicly known to be in another hand (picked up from
        the pile, swapped up from the face-up cards, shown at the start, or a failed blind
        card). Redealt at random, in the same numbers: the rest of the other hands, every
        face-down card (the owner's too: nobody has seen them), the draw pile and the
        cards set aside. The unseen cards of another hand honour what the table inferred
        about them (:mod:`.inference`: nothing that fitted before a pick-up, nothing below
        the starter's card nor, in the starter's hand, a card of its rank in an earlier
        suit), and the worlds are uniform among those that do.

        The pool of cards to redeal is the whole pack in code order less what ``seat``
        can see, so the world depends only on what the seat has seen and on ``rng``: two
        real states the seat cannot tell apart give identical worlds.
        """
        seat = self._one_seat(seat)  # a numpy seat is the plain int it holds from here on
        world, r = self._world(seat, rng)
        n = self.n
        seen = [*self.hands[seat], *self.pile, *self.burnt, *self.removed]
        for s in range(n):
            seen += self.face_up[s]
            if s != seat:
                seen += self.known_cards[s]
        if self.rules.decks == 1:
            gone = set(seen)
            pool = [c for c in range(FACES) if c not in gone]
        else:
            left = [self.rules.decks] * FACES
            for c in seen:
                left[c] -= 1
            pool = [c for c in range(FACES) for _ in range(left[c])]
        owners = [s for s in range(n) if s != seat for m in self.bars[s] if m]
        picked: list[list[int]] = [[] for _ in range(n)]
        if owners:
            masks = [m for s in range(n) if s != seat for m in self.bars[s] if m]
            chosen = pick_for_slots(pool, masks, r)
            for s, i in zip(owners, chosen, strict=True):
                picked[s].append(pool[i])
            gone = set(chosen)
            pool = [c for i, c in enumerate(pool) if i not in gone]
        r.shuffle(pool)
        k = 0
        hands, downs = list(self.hands), list(self.face_down)
        for s in range(n):
            if s != seat:
                size = len(self.bars[s]) - len(picked[s])
                hands[s] = tuple(sorted([*self.known_cards[s], *picked[s], *pool[k:k + size]]))
                k += size
            size = len(self.face_down[s])
            downs[s] = tuple(pool[k:k + size])
            k += size
        world.hands, world.face_down = tuple(hands), tuple(downs)
        size = len(self.stock)
        world.stock = tuple(pool[k:k + size])
        world.aside = tuple(sorted(pool[k + size:]))
        return world

def new_game(
    players: int | Sequence[str] = 4,
    seed: int | str = 0,
    rules: Rules | dict[str, Any] | str | tuple[str, dict[str, Any]] | None = None,
    deck: Sequence[str] | None = None,
    *,
    stock: int | None = None,
) -> State:
    """Start a round of Shithead.

    ``rules`` is a :class:`Rules`, a dict of options, a variant name, or a variant with
    overrides: ``("classic", {"swap": False})``. ``deck`` stacks the deal, top card first:
    nine cards per seat from seat 0 on (three face-down, three face-up, three for the
    hand), then the draw pile; the rest of the pack follows shuffled. ``stock`` keeps only
    that many cards in the draw pile and sets the rest aside unseen (for short scenarios
    and quick games).
    """
    return State.new(players, seed, rules, deck, stock=stock)


__all__ = ["MIN_PLAYERS", "STAGES", "State", "max_players", "new_game"]
