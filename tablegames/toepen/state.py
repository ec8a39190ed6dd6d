"""The Toepen game state: one object for a whole game, hand after hand.

Flow of a hand (each step asks one seat at a time, in seat order):

1. **deal** — four cards each, in packets, starting left of the dealer (TOE-02);
2. **exchange** — each seat in turn may throw in its hand for four fresh cards while the
   stock still holds four (TOE-03, TOE-56); after each exchange every other seat in turn
   may challenge it until one does (TOE-04);
3. **poverty** — if a seat is one life from the limit, the stake starts at 2 and every
   other seat chooses to stay or fold for 1 before any card is played (TOE-30/31);
4. **play** — four tricks, follow suit, highest of the led suit wins (TOE-10..12); the seat
   to play may knock, and (unless ``knock_only_on_turn``) so may any other eligible seat
   at any moment: ``legal_actions(seat)`` lists such an out-of-turn knock and ``apply``
   accepts it (TOE-21). After a knock the others answer stay or fold in turn (TOE-22);
5. **settle** — the winner of the last trick pays nothing and deals next; everyone else
   still in pays the stake (TOE-13, TOE-20, TOE-52).

Decisions the sources leave open, and what we chose:

* A player whom a challenge brings to the limit is out at once (TOE-23): in a rubber
  the game ends there; in elimination the round goes on without them (their cards lie
  dead), unless that leaves one player, who then wins. ``out_at_once=False`` keeps the
  older check at the end of the round only.
* If the winner of a trick has folded, the lead passes to the next seat on their left
  still in (TOE-54). The last trick decides the round, so there the highest card of the
  led suit among the seats still in wins it (if none of them followed, the first card
  of a seat still in sets the suit).
* Several seats in poverty at once: the stake is still 2, the first of them from the
  dealer's left leads, and only the seats *not* in poverty choose to stay or fold.
* Knocking starts once the exchanges and poverty choices are done (everyone has seen their
  final hand, TOE-50) and ends with the last card.
* In a rubber every seat at or over the limit after the hand loses (pays); the seats with
  the fewest lives win. In elimination the last seat standing wins.
* House rules of other tables (``Rules``; all off by default): a caught bluffer takes
  back the hand turned up and sets the drawn cards aside face down (``bluff_takes_back``);
  a folded seat's card leaves the current trick, which then stands as if it had never
  been played (``fold_withdraws``); a second exchange round for the seats holding
  replacement cards, open to challenge like the first (``second_exchange``).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import Any, ClassVar, Self, TypeVar

from tablegames.common import chance
from tablegames.common.actions import Action, Event, freeze
from tablegames.common.errors import GameNotOver
from tablegames.common.eventkeys import EventSpec
from tablegames.common.fields import (
    Annotated,
    Conserve,
    WordText,
    card,
    count,
    enum,
    flag,
    frozen_json,
    optional,
    per_seat_tuple,
    put,
    seat,
    tuple_of,
    tuple_seq,
)
from tablegames.common.outcome import Outcome
from tablegames.common.piles import as_stock
from tablegames.common.position import PositionReader
from tablegames.common.rng import Rng
from tablegames.common.seating import ask_in_turn, next_seat
from tablegames.common.state import BaseState
from tablegames.toepen import actions as A
from tablegames.toepen import positions
from tablegames.toepen.actions import Knock, Play
from tablegames.toepen.cards import (
    JACK,
    NAMES,
    PACK,
    announcements,
    announcements_of,
    card_names,
    is_dirty,
)
from tablegames.toepen.checks import (
    check_loaded,
    opening_stake,
    round_named,
    setup_values,
    upgrade_engine,
    upgrade_v1,
)
from tablegames.toepen.events import EVENT_KEYS, RESULT_KEYS
from tablegames.toepen.refusals import (
    decision_refusal,
    decisions,
    knock_refusal,
    play_refusal,
    playable,
    words,
)
from tablegames.toepen.rules import VARIANTS, Rules
from tablegames.toepen.stages import CHALLENGE, EXCHANGE, OVER, PLAY, POVERTY, RESPOND, STAGES
from tablegames.toepen.views import VIEW_KEYS, prompt_of, view_of
from tablegames.toepen.worlds import known_cards, sample_world

MIN_PLAYERS, MAX_PLAYERS = 2, 8
SUITS = "cdhs"  # suit letters in code order (cards.py: c >> 3)
_FULL_DECK = tuple(PACK.full_deck())  # the pack in canonical order, shuffled each round
_ONLY = tuple(frozenset((s,)) for s in range(MAX_PLAYERS))  # one seat's audience
_NO_CARDS = tuple(((),) * n for n in range(MAX_PLAYERS + 1))  # n seats, nothing each
_NO_FLAGS = tuple((False,) * n for n in range(MAX_PLAYERS + 1))


_T = TypeVar("_T")

#: A seat order or queue as a tuple (replaced, never edited; saved as a list).
_SEATS = tuple_seq(seat(), MAX_PLAYERS)
#: The same, its line left out of a position while it is empty (the game's result).
_SEATS_SPARSE = tuple_seq(seat(), MAX_PLAYERS, sparse=True)
#: A flag per seat, written in a position as the seats that have it (``folded: 0 2``).
_SEAT_SET = per_seat_tuple(flag(), seat_set=True)
#: The exchange round as people count it: 1, or 2 under ``second_exchange`` (whose line
#: alone is written).
_ROUND_TEXT = WordText(write=lambda v: str(v + 1), read=lambda w: _one_or_two(w) - 1)
#: A hand laid away whole (thrown in, set aside): at most four cards, as a tuple.
_FOUR = tuple_seq(card(32), 4, sort=True)
#: Cards on the table, seat and card (the current trick, withdrawn cards).
_PLAYED = tuple_seq(tuple_of(seat(), card(32)), 8)


class State(BaseState):
    """A whole game of Toepen (see the module docstring for the flow)."""

    GAME = "toepen"
    END_RULING = "TOE-23"  # reaching the limit ends the game
    # 2: out at once at the limit (TOE-23); last trick among seats still in.
    # 3: voids kept as they are shown; take-back, withdrawn cards, a second exchange.
    # 4: the deal number is ``round`` in the events and in ``last_round`` (was ``hand``),
    #    as in the view, the save and the other games; plays out as 3.
    # 5: the seat whose turn it is is saved as ``active`` (was ``turn``), as in every
    #    game (Dallah's ``turn`` is a turn's number); plays out as 3.
    ENGINE = 5
    #: Save format 4 names each field as the views and position text do; a format 1-3
    #: save's keys are renamed before they are read (``BaseState.RENAMED``).
    RENAMED: ClassVar[dict[str, str]] = {
        "hand_no": "round", "in_hand": "playing", "poor": "poverty",
        "ex_queue": "exchange_queue", "last_result": "last_round", "deal_order": "dealt",
    }
    #: Engine 5 saves the seat to play as ``active`` (a save by engines 1-4 says ``turn``).
    ENGINE_RENAMED: ClassVar[Mapping[int, Mapping[str, str]]] = {5: {"turn": "active"}}
    RULES = Rules
    STAGES = STAGES
    MIN_PLAYERS, MAX_PLAYERS = MIN_PLAYERS, MAX_PLAYERS
    SETUP_KEYS = frozenset({"lives", "dealer"})
    ACTION_TYPES = frozenset(
        {A.Keep, A.Exchange, A.Accept, A.Challenge, A.Stay, A.Fold, Knock, Play}
    )
    VIEW_KEYS: ClassVar[dict[str, str]] = VIEW_KEYS
    EVENT_KEYS: ClassVar[dict[str, EventSpec]] = EVENT_KEYS
    RESULT_KEYS: ClassVar[dict[str, str]] = RESULT_KEYS

    CONSERVE = Conserve("hands", "thrown", "thrown_again", "set_aside", "tricks", "trick",
                        "withdrawn", "stock", pack=32, shuffled="stock", ruling="TOE-01")
    CARD_TEXT = positions.CARD_TEXT
    POSITION_OWN = positions.OWN
    POSITION_DEFAULTS = positions.DEFAULTS
    POSITION_COMMENTS = positions.COMMENTS

    # Declared in the order of the position lines. Fields that are tuples are shared by
    # ``copy`` and replaced, never edited in place (``_put``). Each ``#:`` line is the
    # field's meaning on the saves guide's table (``docs/guides/saves.md``).
    #: The stage of the round (``STAGES``): the exchange, a challenge of it, the poverty
    #: choices, play, an answer to a knock, or the game over.
    stage: Annotated[int, enum(STAGES)]
    #: The number of the current round (deal), 0 for the first.
    round: Annotated[int, count(0)]
    #: The seat that dealt this round (TOE-02); the next dealer follows TOE-13 or
    #: ``Rules.next_dealer``.
    dealer: Annotated[int, seat()]
    #: Per seat, lives lost so far (penalty points, counted up); a seat reaching
    #: ``Rules.limit`` is out (TOE-23).
    lives: Annotated[tuple[int, ...], per_seat_tuple(count(0, 10_000))]
    #: Per seat, whether it is out of the game (TOE-23: at the limit in elimination, or
    #: set up at it).
    out: Annotated[tuple[bool, ...], _SEAT_SET]
    #: The seats dealt this round, in deal order from the dealer's left (TOE-02): every
    #: seat not out.
    dealt: Annotated[tuple[int, ...], _SEATS]
    #: Per seat, whether it is still in this round (neither folded nor out).
    playing: Annotated[tuple[bool, ...], _SEAT_SET]
    #: Per seat, whether it folded this round (TOE-22, TOE-51).
    folded: Annotated[tuple[bool, ...], _SEAT_SET]
    #: Per seat, whether it was one life from the limit at this deal: in poverty
    #: (TOE-30, TOE-31; marked only when ``Rules.poverty`` is on or a poor seat may not
    #: fold).
    poverty: Annotated[tuple[bool, ...], _SEAT_SET]
    #: The lives the round is worth now: 1, or 2 in poverty (TOE-20, TOE-31), plus 1 for
    #: each knock (TOE-21, TOE-52).
    stake: Annotated[int, count(1, 10_000)]
    #: The lives a fold costs now: the stake before the last knock (TOE-22, TOE-51); 1
    #: while the poverty choices are made (TOE-31).
    stake_before: Annotated[int, count(1, 10_000)]
    #: Knocks made this round.
    knocks: Annotated[int, count(0, 10_000)]
    #: The seat that knocked last this round (it may not knock again until another has,
    #: TOE-50), or -1.
    last_knocker: Annotated[int, seat(none=-1)]
    #: The seat whose knock the others are answering (stage ``respond``, TOE-22), or -1.
    knocker: Annotated[int, seat(none=-1)]
    #: The seat that exchanged last this round, whose exchange the others may challenge
    #: in stage ``challenge`` (TOE-04), or -1 before any exchange.
    exchanger: Annotated[int, seat(none=-1)]
    #: Per seat, whether it threw in its hand for four fresh cards this round (TOE-03).
    exchanged: Annotated[tuple[bool, ...], _SEAT_SET]
    #: Per seat, whether a challenge turned up the hand it threw in at the first
    #: exchange (TOE-04): then every view shows it in ``thrown``.
    revealed: Annotated[tuple[bool, ...], _SEAT_SET]
    #: Who is asked now, then next: the seat offered the exchange (TOE-03), the seats
    #: that may challenge it (TOE-04), the poverty choices (TOE-31) or the answers to a
    #: knock (TOE-22); outside the exchange, seats still in the round (TOE-51).
    queue: Annotated[tuple[int, ...], tuple_seq(seat(among="playing", stages=(
        "challenge", "poverty", "play", "respond", "over"), ruling="TOE-51"), MAX_PLAYERS)]
    #: The seats still to be offered the exchange in this exchange round, in order (the
    #: one asked now is in ``queue``; TOE-03, TOE-56).
    exchange_queue: Annotated[tuple[int, ...], _SEATS]
    #: The seat that led the current trick, or before play the one that will lead the
    #: first (TOE-12; the first seat in poverty, TOE-30).
    leader: Annotated[int, seat()]
    #: The seat to play a card in stage ``play`` (while a knock is answered, the one that
    #: plays next); a seat still in (TOE-51).
    active: Annotated[int, seat(among="playing", stages=("play",), ruling="TOE-51")]
    #: The number of the current trick of the round, 0 to 3 (TOE-10).
    trick_no: Annotated[int, count(0, 3)]
    #: Hidden: per seat, the cards it holds, in code order. A view shows a seat its own
    #: (``hand``) and everyone the counts (``hand_sizes``).
    hands: Annotated[tuple[tuple[int, ...], ...],
                     per_seat_tuple(tuple_seq(card(32), 8, sort=True), line="hand")]
    #: Hidden: per seat, the hand it threw in face down at the first exchange this round
    #: (TOE-03); a view shows it to that seat, and to all once ``revealed``.
    thrown: Annotated[tuple[tuple[int, ...], ...],
                      per_seat_tuple(_FOUR, line="thrown", sparse=True)]
    #: The finished tricks of this round, each ``[leader, [[seat, card], ...] in the
    #: order played, winner]`` (TOE-10, TOE-11).
    tricks: Annotated[
        tuple[tuple[int, tuple[tuple[int, int], ...], int], ...],
        tuple_seq(tuple_of(seat(), _PLAYED, seat()), 4),
    ]
    #: The cards played to the current trick, ``[seat, card]`` in the order played.
    trick: Annotated[tuple[tuple[int, int], ...], _PLAYED]
    # Cards leave tricks only under fold_withdraws, and only then can the tricks no longer
    # tell the voids: both are kept under that rule alone.
    #: Under ``Rules.fold_withdraws`` only (else null): per seat, the suits it has shown
    #: it lacks this round, a bit per suit (bit 0 clubs, 1 diamonds, 2 hearts, 3 spades;
    #: TOE-11).
    void: Annotated[tuple[int, ...] | None, optional(per_seat_tuple(count(0, 15)))]
    #: Under ``Rules.fold_withdraws`` only (else null): the cards folded seats took back
    #: out of this round's tricks, ``[seat, card]``, face up out of play (TOE-54).
    withdrawn: Annotated[tuple[tuple[int, int], ...] | None, optional(_PLAYED, sparse=True)]
    #: The exchange round: 0, or 1 in the second one of ``Rules.second_exchange`` (the
    #: view counts it from 1).
    exchange_round: Annotated[int, count(0, 1, words=_ROUND_TEXT, sparse=True)]
    # Only under the rule that uses them (else None, which costs copy and save nothing):
    #: Under ``Rules.second_exchange`` only (else null): per seat, whether a challenge
    #: turned up the hand it threw in at the second exchange (TOE-04).
    revealed_again: Annotated[tuple[bool, ...] | None, optional(per_seat_tuple(flag()))]
    #: Hidden, under ``Rules.second_exchange`` only (else null): per seat, the hand it
    #: threw in at the second exchange; the view's ``thrown_again`` shows it to that
    #: seat, and to all once ``revealed_again``.
    thrown_again: Annotated[tuple[tuple[int, ...], ...] | None, optional(per_seat_tuple(_FOUR))]
    #: Hidden, under ``Rules.bluff_takes_back`` only (else null): per seat, the drawn
    #: cards a caught bluffer set aside face down (TOE-04), four, or eight if caught at
    #: both exchanges (``second_exchange="all"``); a view shows them to that seat alone.
    set_aside: Annotated[tuple[tuple[int, ...], ...] | None,
                         optional(per_seat_tuple(tuple_seq(card(32), 8)))]
    #: Hidden: the cards left to draw, the top last (TOE-02); a view shows how many
    #: (``stock``).
    stock: Annotated[tuple[int, ...], tuple_seq(card(32), 32, top_first=True)]
    #: The seats that won the game once it is over (TOE-23), else empty.
    winners: Annotated[tuple[int, ...], _SEATS_SPARSE]
    #: The seats that lost the game once it is over (TOE-23), else empty.
    losers: Annotated[tuple[int, ...], _SEATS_SPARSE]
    #: The previous round's result, as its ``round_over`` event says it (``round``,
    #: ``winner``, ``stake``, ``paid``: seat -> lives, ``folded``); null before the
    #: first round ends.
    last_round: Annotated[dict[str, Any] | None, frozen_json()]

    @classmethod
    def parse_action(cls, text: str) -> Action:
        """Read Toepen action notation (``"2:play Th"``, ``"0:knock"``)."""
        return A.parse_action(text)

    # ------------------------------------------------------------------ setup
    @classmethod
    def _fresh(
        cls, players: tuple[str, ...], seed: int | str, rules: Any,
        deck: Sequence[str] | None, extra: dict[str, Any],
    ) -> Self:
        self = cls.__new__(cls)
        self._init_common(players, seed, rules, deck, extra)
        n = len(players)
        lives, dealer = setup_values(n, rules, extra)
        self.lives = tuple(lives)
        self.out = tuple([x >= rules.limit for x in lives])
        self.dealer = dealer
        self.round = 0
        self.winners = ()
        self.losers = ()
        self.last_round = None
        self._events = []
        self._start_hand(first=True)
        return self


    @classmethod
    def _validate_setup(
        cls, players: tuple[str, ...], seed: int | str, rules: Any,
        deck: Sequence[str] | None, extra: dict[str, Any],
    ) -> None:
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
            deck = list(_FULL_DECK)
            chance.shuffle(self, deck)
            ev.append(Event("shuffle", {"round": self.round}))
        still_in = [not o for o in self.out]
        # Poverty is one life from the limit; it matters when the poverty rule is on
        # (TOE-30/31) or when a poor player may not fold (poverty_may_fold=False alone).
        marks = rules.poverty or not rules.poverty_may_fold
        self.poverty = tuple([
            marks and still_in[s] and self.lives[s] == rules.limit - 1 for s in range(n)
        ])
        order = [(self.dealer + k) % n for k in range(1, n + 1)]
        order = [s for s in order if still_in[s]]
        self.dealt = tuple(order)
        stock = as_stock(deck)
        hands: list[tuple[int, ...]] = [() for _ in range(n)]
        for s in order:  # TOE-02: four each from the dealer's left, from the top
            hands[s] = tuple(sorted(chance.pop(self, stock) for _ in range(4)))
        self.hands = tuple(hands)
        self.stock = tuple(stock)
        poor_first = [s for s in order if self.poverty[s]] if rules.poverty else []
        # TOE-12: the dealer's left leads; TOE-30: the first poor player does instead
        self.leader = poor_first[0] if poor_first else order[0]
        self.active = self.leader
        self.stake = opening_stake(self)  # TOE-20: worth one; TOE-31: two in poverty
        self.stake_before = self.stake
        self.knocks = 0
        self.last_knocker = -1
        self.knocker = -1
        self.playing = tuple(still_in)
        self.folded = _NO_FLAGS[n]
        self.thrown = _NO_CARDS[n]
        self.revealed = _NO_FLAGS[n]
        self.exchanged = _NO_FLAGS[n]
        self.exchanger = -1
        self.queue = ()
        self.exchange_queue = ()
        self.trick_no = 0
        self.trick = ()
        self.tricks = ()
        self.void = (0,) * n if rules.fold_withdraws else None
        self.exchange_round = 0
        twice = rules.second_exchange
        self.thrown_again = _NO_CARDS[n] if twice else None
        self.revealed_again = _NO_FLAGS[n] if twice else None
        self.set_aside = _NO_CARDS[n] if rules.bluff_takes_back else None
        self.withdrawn = () if rules.fold_withdraws else None
        ev.append(
            Event(
                "deal",
                {"round": self.round, "dealer": self.dealer, "leader": self.leader,
                 "stake": self.stake, "poverty": [s for s in range(n) if self.poverty[s]]},
            )
        )
        for s in order:
            ev.append(Event("cards", {"seat": s}, {"cards": card_names(self.hands[s])},
                            _ONLY[s]))
            if announcements_of(hands[s]):
                self._announce(s)
        if first:
            self._setup_log = list(ev)
            ev.clear()
        if rules.exchanges and len(self.stock) >= 4:  # TOE-03, TOE-56: four left to deal from
            self.stage = EXCHANGE
            self.queue, self.exchange_queue = (order[0],), tuple(order[1:])
        else:
            self._begin_poverty()

    def _announce(self, s: int) -> None:
        for item in announcements_of(self.hands[s]):
            self._events.append(
                Event("announcement", {"seat": s}, item, _ONLY[s], public=False)
            )

    def _resume_exchange(self) -> None:
        if self.exchange_queue and len(self.stock) >= 4:
            self.stage = EXCHANGE
            self.queue, self.exchange_queue = self.exchange_queue[:1], self.exchange_queue[1:]
            return
        self.exchange_queue = ()
        twice = self.rules.second_exchange
        if twice and self.exchange_round == 0 and len(self.stock) >= 4:
            # The second round (Rules.second_exchange), in the same order: those who hold
            # replacement cards from the first round, or ("all") every player still in.
            aside, exchanged, playing = self.aside(), self.exchanged, self.playing
            again = [s for s in self.dealt if playing[s] and (
                twice == "all" or (exchanged[s] and not aside[s]))]
            if again:
                self.exchange_round = 1
                self.exchange_queue = tuple(again)
                self._events.append(Event("second_exchange", {"seats": list(again)}))
                self._resume_exchange()
                return
        self._begin_poverty()

    def _begin_poverty(self) -> None:
        if self.rules.poverty and any(self.poverty):  # TOE-31: the others answer for 2 first
            playing, poverty = self.playing, self.poverty
            # TOE-31: every other player still in, from the poverty player's left
            self.queue = ask_in_turn(self.leader, self.n,
                                     who=lambda s: playing[s] and not poverty[s])
            if self.queue:
                self.stage = POVERTY
                self.stake_before = 1
                return
        self._begin_play()

    def _begin_play(self) -> None:
        self.stage = PLAY
        self.queue = ()
        if not self.playing[self.leader]:
            self.leader = self._next_playing(self.leader)
        self.active = self.leader

    def _next_playing(self, seat: int) -> int:
        """The next seat clockwise from ``seat`` that is still in the hand (as Phase 10's
        of the same name; asked once a trick or a fold, never on every step)."""
        return next_seat(seat, self.n, playing=self.playing)

    # ------------------------------------------------------------------ protocol
    @property
    def to_act(self) -> int | None:
        phase = self.stage
        if phase == PLAY:
            return self.active
        if phase == OVER:
            return None
        return self.queue[0]

    def can_knock(self, seat: int) -> bool:
        """Whether ``seat`` may knock now (TOE-21, TOE-50, TOE-55, ``max_stake``)."""
        return knock_refusal(self, seat) is None

    def _legal(self, seat: int) -> list[Action]:
        """The actions no predicate of :mod:`~tablegames.toepen.refusals` refuses."""
        phase = self.stage
        if phase == OVER:
            return []
        knock: list[Action] = [A.KNOCK[seat]] if knock_refusal(self, seat) is None else []
        if phase == PLAY:
            if seat != self.active:
                return knock
            row = A.PLAYS[seat]  # interned actions: every seat < MAX_PLAYERS == A.MAX_SEATS
            plays: list[Action] = [row[c] for c in playable(self, seat)]
            return plays + knock
        offers: list[Action] = [_INTERNED[kind][seat] for kind in decisions(self, seat)]
        return offers + knock

    def _apply(self, action: Action) -> None:
        seat = action.seat
        kind = type(action)
        if kind is Play:
            card = action.card  # type: ignore[attr-defined]
            refused = play_refusal(self, seat, card)
            if refused is not None:
                raise refused.error(seat, words(self, seat, action))
            self._play(seat, card)
        elif kind is Knock:
            refused = knock_refusal(self, seat)
            if refused is not None:
                raise refused.error(seat, words(self, seat, action))
            self._knock(seat)
        else:
            refused = decision_refusal(self, seat, kind)
            if refused is not None:
                raise refused.error(seat, words(self, seat, action))
            _DO[kind](self, seat)

    def _apply_trusted(self, action: Action) -> None:
        """``_apply``'s handlers without its refusals (a lean search world's legal step)."""
        kind = type(action)
        if kind is Play:
            self._play(action.seat, action.card)  # type: ignore[attr-defined]
        elif kind is Knock:
            self._knock(action.seat)
        else:
            _DO[kind](self, action.seat)

    # ------------------------------------------------------------------ decisions
    def _keep(self, seat: int) -> None:
        self._events.append(Event("keep", {"seat": seat}))
        self._resume_exchange()

    def _exchange(self, seat: int) -> None:
        if self.exchange_round:
            assert self.thrown_again is not None  # the second_exchange rule is on
            self.thrown_again = put(self.thrown_again, seat, tuple(self.hands[seat]))
        else:
            self.thrown = put(self.thrown, seat, tuple(self.hands[seat]))
        got, stock = chance.draw(self, self.stock, 4)
        self.stock = stock
        self.hands = put(self.hands, seat, tuple(sorted(got)))
        self.exchanged = put(self.exchanged, seat, True)
        self.exchanger = seat
        data = {"seat": seat, "stock": len(stock)}
        if self.exchange_round:
            data["again"] = True
        self._events.append(
            Event("exchange", data,
                  {"cards": card_names(self.hands[seat])}, _ONLY[seat])
        )
        self._announce(seat)
        # TOE-04: every other player still in may challenge, from the exchanger's left
        self.queue = ask_in_turn(seat, self.n, who=self.playing.__getitem__)
        self.stage = CHALLENGE

    def _accept(self, seat: int) -> None:
        self.queue = self.queue[1:]
        self._events.append(Event("accept", {"seat": seat, "exchanger": self.exchanger}))
        if not self.queue:
            self._resume_exchange()

    def _challenge(self, seat: int) -> None:
        ex = self.exchanger
        rules = self.rules
        again = self.exchange_round == 1 and self.thrown_again is not None
        pile = self.thrown_again if again and self.thrown_again is not None else self.thrown
        honest = is_dirty(pile[ex], rules.dirty_hand)  # TOE-04: the thrown-in hand judges
        loser, lost = (seat, rules.challenge_penalty) if honest else (ex, rules.bluff_penalty)
        self.lives = put(self.lives, loser, self.lives[loser] + lost)
        if self.exchange_round == 1 and self.revealed_again is not None:
            self.revealed_again = put(self.revealed_again, ex, True)
        else:
            self.revealed = put(self.revealed, ex, True)
        self._events.append(
            Event("challenge", {"seat": seat, "exchanger": ex,
                                "thrown": card_names(pile[ex]), "honest": honest,
                                "loser": loser, "lives_lost": lost})
        )
        if not honest and rules.bluff_takes_back:  # TOE-04 under bluff_takes_back
            self._take_back(ex, again)
        if rules.out_at_once and self.lives[loser] >= rules.limit:  # TOE-23 under out_at_once
            self._out_now(loser)
            if self.stage == OVER:
                return
        self._resume_exchange()

    def _take_back(self, ex: int, again: bool) -> None:
        """A caught bluffer takes back the hand just turned up (``bluff_takes_back``).

        The cards drawn for it are set aside face down, out of play for the round, seen
        by the bluffer only; the hand taken back has been seen by everybody (``shown``).
        """
        assert self.set_aside is not None  # the bluff_takes_back rule is on
        # (caught at both exchanges under second_exchange="all": both draws lie aside)
        both = (*self.set_aside[ex], *self.hands[ex])
        self.set_aside = put(self.set_aside, ex, tuple(sorted(both)))
        if again:  # the hand thrown in at the second exchange (Rules.second_exchange)
            assert self.thrown_again is not None
            self.hands = put(self.hands, ex, self.thrown_again[ex])
            self.thrown_again = put(self.thrown_again, ex, ())
        else:
            self.hands = put(self.hands, ex, self.thrown[ex])
            self.thrown = put(self.thrown, ex, ())
        self._events.append(Event("take_back", {"seat": ex, "cards": card_names(self.hands[ex])}))
        self._announce(ex)

    def _out_now(self, seat: int) -> None:
        """``seat`` reached the limit mid-round: out at once (TOE-23, ``out_at_once``).

        A rubber is settled there and then. In elimination the seat leaves the round
        (its four cards lie dead where they are), drops out of every queue and loses
        its poverty; if nobody else is poor the round falls back to a stake of 1 led
        from the dealer's left. One seat left standing wins the game.
        """
        if self.rules.ending == "rubber":  # TOE-23: at the limit the rubber ends
            self._finish([seat])
            return
        self.out = put(self.out, seat, True)
        self.playing = put(self.playing, seat, False)
        self.exchange_queue = tuple([s for s in self.exchange_queue if s != seat])
        self._events.append(Event("eliminated", {"seat": seat, "lives": self.lives[seat]}))
        if sum(1 for o in self.out if not o) <= 1:  # TOE-23 (elimination): one seat left wins
            self._finish([s for s in range(self.n) if self.out[s]], [seat])
            return
        if self.poverty[seat]:
            self.poverty = put(self.poverty, seat, False)
            if not self.rules.poverty:  # TOE-30/31 off: poverty only forbids the fold
                return
            poor_in = [s for s in self.dealt if self.poverty[s] and self.playing[s]]
            self.stake = self.stake_before = opening_stake(self)  # TOE-31: 1 without poverty
            self.leader = (poor_in or [s for s in self.dealt if self.playing[s]])[0]
            self.active = self.leader

    def _stay(self, seat: int) -> None:
        self.queue = self.queue[1:]
        self._events.append(Event("stay", {"seat": seat, "stake": self.stake}))
        if not self.queue:
            self._after_decisions()

    def _fold(self, seat: int) -> None:
        self.queue = self.queue[1:]
        lost = self.stake_before  # TOE-22: a fold costs the stake before the knock
        self.lives = put(self.lives, seat, self.lives[seat] + lost)
        self.playing = put(self.playing, seat, False)
        self.folded = put(self.folded, seat, True)
        self._events.append(Event("fold", {"seat": seat, "lives_lost": lost}))
        if self.rules.fold_withdraws:  # TOE-54 under fold_withdraws: the card leaves the trick
            self._withdraw(seat)
        if not self.queue:
            self._after_decisions()

    def _withdraw(self, seat: int) -> None:
        """A folded seat's card leaves the current trick (``Rules.fold_withdraws``).

        The trick then stands as if the card had never been played: the first card left
        sets the suit to follow and to win with, and its player counts as the trick's
        leader; with no card left, the next seat still in leads it afresh. The card lies
        face up beside the trick, out of play.
        """
        for i, (s, c) in enumerate(self.trick):
            if s == seat:
                self.trick = trick = self.trick[:i] + self.trick[i + 1:]
                assert self.withdrawn is not None  # the fold_withdraws rule is on
                self.withdrawn = (*self.withdrawn, (s, c))
                self._events.append(Event("withdraw", {"seat": s, "card": NAMES[c]}))
                if trick:
                    self.leader = trick[0][0]
                return

    def _after_decisions(self) -> None:
        playing = self.playing
        if playing.count(True) == 1:  # TOE-53: the last one still in wins the hand
            self._end_hand(playing.index(True), None)
            return
        if self.stage == POVERTY:
            self._begin_play()
            return
        self.stage = PLAY
        self.knocker = -1
        if not self.trick:
            if not self.playing[self.leader]:
                self.leader = self._next_playing(self.leader)
            self.active = self.leader
            return
        played = {s for s, _ in self.trick}
        if all(s in played for s in range(len(playing)) if playing[s]):
            self._finish_trick()
            return
        if not self.playing[self.active]:
            s = self.active
            while not self.playing[s] or s in played:
                s = (s + 1) % self.n
            self.active = s

    # ------------------------------------------------------------------ play
    def _knock(self, seat: int) -> None:
        rules = self.rules
        new = self.stake + 1  # TOE-21, TOE-52: each knock adds 1; 1 (2 in poverty) + the knocks
        self.stake_before = self.stake
        self.stake = new
        self.knocks += 1
        self.last_knocker = seat
        self.knocker = seat
        playing, poverty, may_fold = self.playing, self.poverty, rules.poverty_may_fold
        # TOE-22: every other player still in answers, from the knocker's left
        self.queue = ask_in_turn(seat, self.n,
                                 who=lambda s: playing[s] and (may_fold or not poverty[s]))
        self._events.append(Event("knock", {"seat": seat, "stake": new, "knocks": self.knocks}))
        if self.queue:
            self.stage = RESPOND
        else:  # nobody may answer (the others are poor, TOE-31): no knock is being answered
            self.knocker = -1

    def _play(self, seat: int, card: int) -> None:
        """Play ``card`` (:func:`~tablegames.toepen.refusals.play_refusal` allowed it)."""
        hand = self.hands[seat]
        trick = self.trick
        if trick and self.void is not None:
            led = trick[0][1] >> 3
            if card >> 3 != led:  # a seat that could follow must have (TOE-11)
                self.void = put(self.void, seat, self.void[seat] | 1 << led)
        held = list(hand)
        held.remove(card)
        self.hands = put(self.hands, seat, tuple(held))
        self.trick = trick = (*trick, (seat, card))
        self._events.append(Event("play", {"seat": seat, "card": NAMES[card],
                                           "trick": self.trick_no}))
        # The next seat still in, clockwise. Cards go down clockwise from the leader, so
        # the seats that have played are an arc ending here: if the next seat still in
        # has played, everybody has.
        n = len(self.players)
        playing = self.playing
        s = seat + 1 if seat + 1 < n else 0
        while not playing[s]:
            s = s + 1 if s + 1 < n else 0
        for p, _ in trick:
            if p == s:
                self._finish_trick()
                return
        self.active = s

    def _finish_trick(self) -> None:
        trick = self.trick
        led = trick[0][1] >> 3
        best_seat, best_card = trick[0]
        for s, c in trick[1:]:  # TOE-11: the best card of the led suit takes the trick
            if c >> 3 == led and (c & 7) > (best_card & 7):
                best_seat, best_card = s, c
        if self.playing[best_seat]:
            nxt = best_seat
        elif self.trick_no == 3:  # the round is decided among the seats still in
            best_seat, best_card = self._best_still_in(trick)
            nxt = best_seat
        else:
            nxt = self._next_playing(best_seat)  # TOE-54: only the lead passes on
        self.tricks = (*self.tricks, (self.leader, trick, best_seat))
        self._events.append(
            Event("trick", {"trick": self.trick_no, "winner": best_seat, "card": NAMES[best_card],
                            "next": nxt})
        )
        self.trick = ()
        if self.trick_no == 3:
            self._end_hand(nxt, best_card)
            return
        self.trick_no += 1
        self.leader = nxt  # TOE-12: the trick's winner leads the next
        self.active = nxt

    def _best_still_in(self, trick: Sequence[tuple[int, int]]) -> tuple[int, int]:
        """The seat still in whose card wins ``trick`` without the folded seats' cards.

        The last trick decides the round, and a folded player is out of it, so the round
        goes to the highest card of the led suit among the seats still in (TOE-11,
        TOE-54). If none of them followed the led suit, the first card played by a seat
        still in sets the suit, as if the folded cards had never been played.
        """
        live = [(s, c) for s, c in trick if self.playing[s]]
        led = trick[0][1] >> 3
        if not any(c >> 3 == led for _, c in live):
            led = live[0][1] >> 3
        return max(((s, c) for s, c in live if c >> 3 == led), key=lambda sc: sc[1] & 7)

    def _end_hand(self, winner: int, card: int | None) -> None:
        rules = self.rules
        # house rule jack_doubles, no ruling: a last trick won with a jack costs double
        factor = 2 if (rules.jack_doubles and card is not None and card & 7 == JACK) else 1
        paid = {}
        lives = list(self.lives)
        for s in range(self.n):
            if self.playing[s] and s != winner:  # TOE-20, TOE-52: all still in but the winner pay
                lives[s] += self.stake * factor
                paid[s] = self.stake * factor
        self.lives = tuple(lives)
        folded = [s for s in range(self.n) if self.folded[s]]
        result = {
            "round": self.round, "winner": winner, "stake": self.stake * factor,
            "paid": {str(s): v for s, v in paid.items()}, "folded": folded,
        }
        self.last_round = freeze(result)  # shared by copies: frozen, never edited
        self._events.append(Event("round_over", result))
        prev_dealer, self.dealer = self.dealer, winner  # TOE-13 (see _next_dealer)
        limit = rules.limit
        # TOE-23: at the limit a rubber ends; under elimination the seat goes out
        over_limit = [s for s in range(self.n) if self.lives[s] >= limit and not self.out[s]]
        if rules.ending == "rubber":
            if over_limit:
                self._finish(over_limit)
                return
        else:
            for s in over_limit:
                self.out = put(self.out, s, True)
                self._events.append(Event("eliminated", {"seat": s, "lives": self.lives[s]}))
            if sum(1 for o in self.out if not o) <= 1:  # TOE-23 (elimination): one seat left wins
                self._finish([s for s in range(self.n) if self.out[s]], over_limit)
                return
        self.dealer = self._next_dealer(winner, prev_dealer)
        self.round += 1
        self._start_hand(first=False)

    def _next_dealer(self, winner: int, dealer: int) -> int:
        """Who deals the next round (``Rules.next_dealer``), never a seat that is out."""
        how = self.rules.next_dealer
        n = self.n
        if how == "winner":  # TOE-13: the winner deals, unless this round put them out
            # (``out_at_once=False`` lets a seat at the limit play the round out and win
            # it); then the deal passes to the first seat still in on the winner's left
            return next(s for s in ((winner + k) % n for k in range(n)) if not self.out[s])
        order = [(dealer + k) % n for k in range(1, n + 1)]
        order = [s for s in order if not self.out[s]]
        if how == "left":
            return order[0]
        most = max(self.lives[s] for s in order)
        return next(s for s in order if self.lives[s] == most)

    def _finish(self, losers: list[int], just_out: list[int] | None = None) -> None:
        """End the game. ``losers`` reached the limit (rubber) or are out (elimination).

        In a rubber everyone at the limit pays and the seats with the fewest lives among
        the rest win (no winner if all reached it). In elimination, if the last hand put
        every remaining seat out at once, the one with the fewest lives lost survives;
        a tie goes to the winner of that hand, then to the first tied seat on its left.
        """
        n = self.n
        if self.rules.ending == "rubber":  # TOE-23: those at the limit lose, the fewest lives win
            rest = [s for s in range(n) if s not in losers]
            if rest:
                low = min(self.lives[s] for s in rest)
                rest = [s for s in rest if self.lives[s] == low]
        else:
            rest = [s for s in range(n) if not self.out[s]]  # TOE-23: the last seat standing
            if not rest:  # all out at once: no ruling; ours, on the rulings page under TOE-23
                last = just_out or losers
                low = min(self.lives[s] for s in last)
                tied = [s for s in last if self.lives[s] == low]
                order = [(self.dealer + k) % n for k in range(n)]
                survivor = next(s for s in order if s in tied)
                self.out = put(self.out, survivor, False)
                rest = [survivor]
            losers = [s for s in range(n) if s not in rest]
        self.winners = tuple(rest)
        self.losers = tuple(sorted(losers))
        self.stage = OVER
        self.queue = ()
        self._events.append(Event("game_over", {"winners": rest, "losers": list(self.losers),
                                                "lives": list(self.lives)}))

    # ------------------------------------------------------------------ results & views
    def outcome(self) -> Outcome:
        if self.stage != OVER:
            raise GameNotOver("the game is not over yet")
        return Outcome(
            winners=frozenset(self.winners), losers=frozenset(self.losers),
            scores=tuple(self.lives),
            detail={"ending": self.rules.ending, "limit": self.rules.limit,
                    "rounds": self.round + 1},
        )

    def _view(self, seat: int | None) -> dict[str, Any]:
        """Everything public (:func:`~tablegames.toepen.views.view_of`)."""
        return view_of(self, seat)

    def held(self, seat: int) -> list[int]:
        """The four cards ``seat`` was dealt (or drew by its exchange) this round.

        Announcements (TOE-40, TOE-41) are about the hand as dealt or exchanged, so they must
        not fade as the cards are played: the cards left plus those already played.
        """
        held = list(self.hands[seat])
        for _, cards_, _ in self.tricks:
            for p, c in cards_:
                if p == seat:
                    held.append(c)
                    break
        for p, c in self.trick:
            if p == seat:
                held.append(c)
        for p, c in self.gone():
            if p == seat:
                held.append(c)
        held.sort()
        return held

    def _hand(self, seat: int) -> list[Any]:
        return card_names(self.hands[seat])

    def _prompt(self, seat: int) -> str:
        """One sentence for ``seat`` (:func:`~tablegames.toepen.views.prompt_of`)."""
        return prompt_of(self, seat)

    # ------------------------------------------------------------------ copy & sampling
    def voids(self) -> list[set[int]]:
        """Suits each seat has shown it lacks this hand (it did not follow them).

        Kept as they are shown (``void``, a bitmask per seat), not re-read from the
        tricks: a card withdrawn from a trick (``fold_withdraws``) changes which card
        led it, but not what the plays before showed.
        """
        return [{u for u in range(4) if m >> u & 1} for m in self.void_masks()]

    def void_masks(self) -> list[int]:
        """:meth:`voids` as a bitmask of suits per seat."""
        return self._voids_from_tricks() if self.void is None else list(self.void)

    def gone(self) -> Sequence[tuple[int, int]]:
        """The cards withdrawn from tricks this round (``fold_withdraws``), seat and card."""
        return () if self.withdrawn is None else self.withdrawn

    def _voids_from_tricks(self) -> list[int]:
        """The void masks the tricks show (exact while no card was ever withdrawn)."""
        out = [0] * self.n
        tricks = [cards for _, cards, _ in self.tricks]
        if self.trick:
            tricks.append(tuple(self.trick))
        for played in tricks:
            led = played[0][1] >> 3
            for s, c in played[1:]:
                if c >> 3 != led:
                    out[s] |= 1 << led
        return out

    def again(self) -> Sequence[Sequence[int]]:
        """The hands thrown in at the second exchange, per seat (empty without the rule)."""
        return _NO_CARDS[self.n] if self.thrown_again is None else self.thrown_again

    def again_seen(self) -> Sequence[bool]:
        """Per seat: its second thrown-in hand was turned up by a challenge."""
        return _NO_FLAGS[self.n] if self.revealed_again is None else self.revealed_again

    def again_known(self) -> list[bool]:
        """Per seat: every player knows the hand it threw in at the second exchange.

        Either a challenge turned it up (:meth:`again_seen`), or it is the hand the seat
        took back when caught at the first exchange (``bluff_takes_back``), which every
        player saw (``shown``) and which went in whole. A seat with cards set aside and
        a second thrown-in hand is exactly that case: a bluffer caught at the second
        exchange takes that hand back, so its ``thrown_again`` is empty again.
        """
        seen, aside, again = self.again_seen(), self.aside(), self.again()
        return [bool(seen[s] or (aside[s] and again[s])) for s in range(self.n)]

    def hand_shown(self, seat: int) -> bool:
        """Whether every player has seen the cards ``seat`` holds: a caught bluffer who
        took back their own cards (``bluff_takes_back``) and has not exchanged them since
        (``second_exchange="all"``)."""
        return bool(self.aside()[seat]) and not self.again()[seat]

    def aside(self) -> Sequence[Sequence[int]]:
        """The drawn cards a caught bluffer set aside, per seat (empty without the rule)."""
        return _NO_CARDS[self.n] if self.set_aside is None else self.set_aside

    def known_cards(self, seat: int) -> int:
        """Every card ``seat`` knows the place of, as a bitmask over card codes.

        Its own hand and what it threw in or set aside; whatever a challenge turned up;
        the hands everybody has seen (a caught bluffer's taken back, ``shown``, also once
        thrown in again at the second exchange); the cards played and withdrawn. The
        rest is hidden from it (sample_world redeals those).
        """
        return known_cards(self, seat)

    def sample_world(self, seat: int, rng: Any = None) -> Self:
        """A full state consistent with all ``seat`` has seen; hidden cards redealt.

        Hidden are the other seats' hands, their thrown hands not turned up by a challenge
        (a shown hand thrown in again at the second exchange stays: everybody saw it), and
        the stock. They are redealt uniformly at random except that a seat which did
        not follow a suit this hand gets no card of that suit (a bipartite matching makes
        sure such seats are served first, so the constraint never dead-ends).
        """
        return sample_world(self, seat, rng)

    # ------------------------------------------------------------------ loading
    @classmethod
    def _upgrade_format(cls, state: dict[str, Any], fmt: int) -> dict[str, Any]:
        """A format-1 save (see :func:`tablegames.toepen.checks.upgrade_v1`)."""
        return upgrade_v1(state) if fmt == 1 else state

    @classmethod
    def _upgrade_engine(cls, state: dict[str, Any], engine: int) -> dict[str, Any]:
        """See :func:`tablegames.toepen.checks.upgrade_engine`."""
        return upgrade_engine(state, engine)

    def _from_position_own(self, r: PositionReader) -> None:
        """A position written before engine 4 names the deal ``hand`` in its
        ``last_round`` line (:func:`~tablegames.toepen.checks.round_named`)."""
        renamed = round_named(self.last_round)
        if renamed is not self.last_round:
            self.last_round = freeze(renamed)

    def _check_loaded(self) -> None:
        """The cross-field rules (:func:`tablegames.toepen.checks.check_loaded`)."""
        check_loaded(self)


#: Each decision's handler (plays and knocks are handled apart).
_DO: dict[type[Action], Callable[[State, int], None]] = {
    A.Keep: State._keep, A.Exchange: State._exchange, A.Accept: State._accept,
    A.Challenge: State._challenge, A.Stay: State._stay, A.Fold: State._fold,
}

#: Each decision's interned actions, by seat.
_INTERNED: dict[type[Action], list[Any]] = {
    A.Keep: A.KEEP, A.Exchange: A.EXCHANGE, A.Accept: A.ACCEPT, A.Challenge: A.CHALLENGE,
    A.Stay: A.STAY, A.Fold: A.FOLD,
}


def _one_or_two(word: str) -> int:
    if word not in ("1", "2"):
        raise ValueError(f"expected 1 or 2, found {word[:40]!r}")
    return int(word)


def new_game(
    players: int | Sequence[str] = 4,
    seed: int | str = 0,
    rules: Rules | dict[str, Any] | str | None = None,
    deck: Sequence[str] | None = None,
    *,
    lives: Sequence[int] | None = None,
    dealer: int | None = None,
    position: str | None = None,
) -> State:
    """Start a game of Toepen.

    ``deck`` stacks the first hand: its cards go, four at a time, to the seats from the
    dealer's left, then form the stock (top first); the rest of the pack follows shuffled.
    ``lives`` starts from a chalk board (lives lost per seat); ``dealer`` picks the first
    dealer (default: the last seat, so seat 0 leads).
    """
    # ``lives`` goes on as given, checked before it is read (``setup_values``): a list
    # made of it here first read any iterable, however long (or endless), or raised
    # ``TypeError`` for a number (found by helpers 122 and 124); a tuple is saved as a list
    # like any setup value
    return State.new(players, seed, rules, deck, lives=lives, dealer=dealer, position=position)


__all__ = ["VARIANTS", "Rules", "State", "announcements", "new_game"]
