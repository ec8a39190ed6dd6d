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
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, ClassVar, Self

from tablegames.common.actions import Action, Event, fresh
from tablegames.common.errors import IllegalAction, OutOfTurn, SetupError, StateError
from tablegames.common.fields import (
    Annotated,
    card,
    cards,
    count,
    enum,
    flags,
    frozen_json,
    listof,
    per_seat,
    seat,
    seats,
    tuple_of,
    tuple_seq,
)
from tablegames.common.outcome import Outcome
from tablegames.common.piles import as_stock
from tablegames.common.position import PositionReader, PositionWriter
from tablegames.common.rng import Rng
from tablegames.common.serialization import dumps, loads, plain
from tablegames.common.state import BaseState
from tablegames.toepen import actions as A
from tablegames.toepen.actions import Knock, Play
from tablegames.toepen.cards import JACK, NAMES, PACK, TEN, card_names, is_dirty
from tablegames.toepen.rules import VARIANTS, Rules

EXCHANGE, CHALLENGE, POVERTY, PLAY, RESPOND, OVER = range(6)
STAGES = ("exchange", "challenge", "poverty", "play", "respond", "over")
MIN_PLAYERS, MAX_PLAYERS = 2, 8

_PROMPTS = {
    EXCHANGE: "Keep your hand, or throw it in face down for four new cards?",
    CHALLENGE: "Challenge {who}'s exchange, or accept it?",
    POVERTY: "{poor} in poverty: stay in for 2, or fold for 1?",
    RESPOND: "{who} knocked: stay in for {stake}, or fold for {before}?",
    PLAY: "Play a card{follow}.",
}



class State(BaseState):
    """A whole game of Toepen (see the module docstring for the flow)."""

    GAME = "toepen"
    ENGINE = 2  # 2: out at once at the limit (TOE-23); last trick among seats still in
    RULES = Rules
    STAGES = STAGES
    MIN_PLAYERS, MAX_PLAYERS = MIN_PLAYERS, MAX_PLAYERS
    SETUP_KEYS = frozenset({"lives", "dealer"})
    ACTION_TYPES = frozenset(
        {A.Keep, A.Exchange, A.Accept, A.Challenge, A.Stay, A.Fold, Knock, Play}
    )
    VIEW_KEYS: ClassVar[dict[str, str]] = {
        "round": "number of the current round (0 for the first deal)",
        "dealer": "seat that dealt this round",
        "leader": "seat that led the current trick",
        "limit": "lives lost at which a player is out (TOE-23)",
        "lives": "lives lost so far, per seat",
        "out": "per seat: out of the game",
        "playing": "per seat: still in this round (not folded, not out)",
        "folded": "per seat: folded this round",
        "poverty": "per seat: in poverty this round (TOE-30), in every view",
        "stake": "lives the round is worth now",
        "knocks": "knocks this round",
        "last_knocker": "seat that knocked last this round, or null",
        "knocker": "seat whose knock is being answered, or null",
        "trick_no": "number of the current trick, 0 to 3",
        "trick": "cards played to the current trick: [{seat, card}]",
        "tricks": "finished tricks of this round: [{leader, cards, winner}]",
        "hand_sizes": "cards held, per seat",
        "stock": "cards left to draw",
        "exchanged": "per seat: threw in its hand this round (TOE-03)",
        "thrown": "per seat: its thrown-in hand where this seat may see it, else null",
        "last_round": "the previous round's result: winner, stake, paid, folded; or null",
        "announcements": "for a seat: whistle/stand customs its hand obliges or allows (TOE-40)",
    }

    stage: Annotated[int, enum(STAGES)]
    lives: Annotated[list[int], per_seat(count(0, 10_000))]
    out: Annotated[list[bool], flags()]
    dealer: Annotated[int, seat()]
    hand_no: Annotated[int, count(0)]
    hands: Annotated[list[list[int]], per_seat(cards(32, 8))]
    stock: Annotated[list[int], cards(32)]
    thrown: Annotated[list[list[int]], per_seat(cards(32, 4))]
    revealed: Annotated[list[bool], flags()]
    exchanged: Annotated[list[bool], flags()]
    in_hand: Annotated[list[bool], flags()]
    folded: Annotated[list[bool], flags()]
    poor: Annotated[list[bool], flags()]
    stake: Annotated[int, count(1, 10_000)]
    knocks: Annotated[int, count(0, 10_000)]
    last_knocker: Annotated[int, seat(none=-1)]
    knocker: Annotated[int, seat(none=-1)]
    stake_before: Annotated[int, count(1, 10_000)]
    queue: Annotated[list[int], seats()]
    ex_queue: Annotated[list[int], seats()]
    exchanger: Annotated[int, seat(none=-1)]
    trick_no: Annotated[int, count(0, 3)]
    leader: Annotated[int, seat()]
    turn: Annotated[int, seat()]
    trick: Annotated[list[tuple[int, int]], listof(tuple_of(seat(), card(32)), max_len=8)]
    tricks: Annotated[
        list[tuple[int, tuple[tuple[int, int], ...], int]],
        listof(tuple_of(seat(), tuple_seq(tuple_of(seat(), card(32)), 8), seat()), max_len=4),
    ]
    winners: Annotated[list[int], seats()]
    losers: Annotated[list[int], seats()]
    last_result: Annotated[dict[str, Any] | None, frozen_json()]
    deal_order: Annotated[list[int], seats()]

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
        lives, dealer = _setup_values(n, rules, extra)
        self.lives = lives
        self.out = [x >= rules.limit for x in lives]
        self.dealer = dealer
        self.hand_no = 0
        self.winners = []
        self.losers = []
        self.last_result = None
        self._events = []
        self._start_hand(first=True)
        return self


    @classmethod
    def _validate_setup(
        cls, players: tuple[str, ...], seed: int | str, rules: Any,
        deck: Sequence[str] | None, extra: dict[str, Any],
    ) -> None:
        _setup_values(len(players), rules, extra)
        if deck is not None:
            PACK.stacked_deck(deck, Rng(0))

    # ------------------------------------------------------------------ hands
    def _start_hand(self, *, first: bool) -> None:
        n = self.n
        rules = self.rules
        ev = self._events
        if first:
            deck = PACK.stacked_deck(self.deck, self.rng)
        else:
            deck = PACK.full_deck()
            self.rng.shuffle(deck)
            ev.append(Event("shuffle", {"hand": self.hand_no}))
        active = [not o for o in self.out]
        self.poor = [
            rules.poverty and active[s] and self.lives[s] == rules.limit - 1 for s in range(n)
        ]
        order = [(self.dealer + k) % n for k in range(1, n + 1)]
        order = [s for s in order if active[s]]
        self.deal_order = order
        stock = as_stock(deck)
        self.hands = [[] for _ in range(n)]
        for s in order:
            self.hands[s] = sorted(stock.pop() for _ in range(4))
        self.stock = stock
        poor_first = [s for s in order if self.poor[s]]
        self.leader = poor_first[0] if poor_first else order[0]
        self.turn = self.leader
        self.stake = 2 if poor_first else 1
        self.stake_before = self.stake
        self.knocks = 0
        self.last_knocker = -1
        self.knocker = -1
        self.in_hand = active
        self.folded = [False] * n
        self.thrown = [[] for _ in range(n)]
        self.revealed = [False] * n
        self.exchanged = [False] * n
        self.exchanger = -1
        self.queue = []
        self.ex_queue = []
        self.trick_no = 0
        self.trick = []
        self.tricks = []
        ev.append(
            Event(
                "deal",
                {"hand": self.hand_no, "dealer": self.dealer, "leader": self.leader,
                 "stake": self.stake, "poverty": [s for s in range(n) if self.poor[s]]},
            )
        )
        for s in order:
            ev.append(Event("cards", {"seat": s}, {"cards": card_names(self.hands[s])},
                            frozenset((s,))))
            self._announce(s)
        if first:
            self._setup_log = list(ev)
            ev.clear()
        if rules.exchanges and len(self.stock) >= 4:
            self.stage = EXCHANGE
            self.ex_queue = list(order)
            self.queue = [self.ex_queue.pop(0)]
        else:
            self._begin_poverty()

    def _announce(self, s: int) -> None:
        for item in announcements(self.hands[s]):
            self._events.append(
                Event("announcement", {"seat": s}, item, frozenset((s,)), public=False)
            )

    def _resume_exchange(self) -> None:
        if self.ex_queue and len(self.stock) >= 4:
            self.stage = EXCHANGE
            self.queue = [self.ex_queue.pop(0)]
        else:
            self.ex_queue = []
            self._begin_poverty()

    def _begin_poverty(self) -> None:
        if any(self.poor):
            n = self.n
            self.queue = [
                (self.leader + k) % n for k in range(1, n)
                if self.in_hand[(self.leader + k) % n] and not self.poor[(self.leader + k) % n]
            ]
            if self.queue:
                self.stage = POVERTY
                self.stake_before = 1
                return
        self._begin_play()

    def _begin_play(self) -> None:
        self.stage = PLAY
        self.queue = []
        if not self.in_hand[self.leader]:
            self.leader = self._next_in(self.leader)
        self.turn = self.leader

    def _next_in(self, seat: int) -> int:
        """The next seat clockwise from ``seat`` that is still in the hand."""
        n = self.n
        in_hand = self.in_hand
        s = (seat + 1) % n
        while not in_hand[s]:
            s = (s + 1) % n
        return s

    # ------------------------------------------------------------------ protocol
    @property
    def to_act(self) -> int | None:
        phase = self.stage
        if phase == PLAY:
            return self.turn
        if phase == OVER:
            return None
        return self.queue[0]

    def can_knock(self, seat: int) -> bool:
        """Whether ``seat`` may knock now (TOE-21, TOE-50, TOE-55, ``max_stake``)."""
        return self._knock_refusal(seat) is None

    def _knock_refusal(self, seat: int) -> IllegalAction | None:
        """Why ``seat`` may not knock now, or ``None``: the one knocking rule, for the
        legal list and for ``apply`` alike."""
        if self.stage == RESPOND:
            return IllegalAction(
                f"{self.players[self.knocker]}'s knock is still being answered; knock "
                "again once everyone has stayed or folded", code="knock_pending",
                ruling="TOE-22", seat=seat)
        if self.stage != PLAY:
            return IllegalAction(
                "knocking starts once every hand is settled and play has begun",
                code="knock_not_now", ruling="TOE-50", seat=seat)
        rules = self.rules
        if not self.in_hand[seat]:
            return IllegalAction("you are not in this round any more", code="not_in_round",
                                 ruling="TOE-51", seat=seat)
        if self.last_knocker == seat and not rules.double_knock:
            return IllegalAction("you knocked last; someone else must knock before you again",
                                 code="knock_twice", ruling="TOE-50", seat=seat)
        new = self.stake + 1
        if new > rules.limit - self.lives[seat]:
            return IllegalAction(
                f"with {self.lives[seat]} lives lost you may not raise the stake to {new}",
                code="knock_limit", ruling="TOE-55", seat=seat)
        if rules.max_stake is not None and new > rules.max_stake:
            return IllegalAction(f"the stake may not exceed {rules.max_stake} (house rule)",
                                 code="max_stake", ruling="TOE-21", seat=seat)
        if rules.knock_only_on_turn and seat != self.turn:
            return OutOfTurn("knocking only on your own turn (house rule)",
                             code="knock_on_turn", ruling="TOE-21", seat=seat)
        return None

    def _legal(self, seat: int) -> list[Action]:
        phase = self.stage
        if phase == OVER:
            return []
        if phase == PLAY:
            if seat != self.turn:
                return [A.KNOCK[seat]] if self.can_knock(seat) else []
            hand = self.hands[seat]
            row = A.PLAYS[seat] if seat < A.MAX_SEATS else None
            if self.trick:
                led = self.trick[0][1] >> 3
                follow = [c for c in hand if c >> 3 == led]
                cards = follow or hand
            else:
                cards = hand
            out: list[Action] = (
                [row[c] for c in cards] if row is not None else [Play(seat, c) for c in cards]
            )
            if self.can_knock(seat):
                out.append(A.KNOCK[seat] if seat < A.MAX_SEATS else Knock(seat))
            return out
        if seat != self.queue[0]:
            return []
        if phase == EXCHANGE:
            return [A.KEEP[seat], A.EXCHANGE[seat]]
        if phase == CHALLENGE:
            return [A.ACCEPT[seat], A.CHALLENGE[seat]]
        return [A.STAY[seat], A.FOLD[seat]]

    def _apply(self, action: Action) -> None:
        seat = action.seat
        phase = self.stage
        kind = type(action)
        if kind is Play:
            self._play(seat, action.card)  # type: ignore[attr-defined]
        elif kind is Knock:
            self._knock(seat)
        else:
            if kind not in _DECISIONS[phase]:
                raise IllegalAction(
                    f"'{action.verb}' is not possible now: the hand is in its "
                    f"{STAGES[phase]} phase", code="wrong_phase", seat=seat,
                    ruling=_STAGE_RULING[phase],
                )
            if seat != self.queue[0]:
                if phase == RESPOND and seat == self.knocker and kind is A.Fold:
                    raise IllegalAction("you may not fold on your own knock",
                                        code="fold_own_knock", ruling="TOE-51", seat=seat)
                if (phase == RESPOND and kind is A.Fold and self.poor[seat]
                        and not self.rules.poverty_may_fold and self.in_hand[seat]):
                    raise IllegalAction("a player in poverty may not fold (house rule)",
                                        code="poverty_no_fold", ruling="TOE-31", seat=seat)
                raise OutOfTurn(
                    f"it is {self.players[self.queue[0]]}'s decision, not "
                    f"{self.players[seat]}'s", code="out_of_turn", seat=seat,
                )
            if kind is A.Keep:
                self._keep(seat)
            elif kind is A.Exchange:
                self._exchange(seat)
            elif kind is A.Accept:
                self._accept(seat)
            elif kind is A.Challenge:
                self._challenge(seat)
            elif kind is A.Stay:
                self._stay(seat)
            else:
                self._fold(seat)

    # ------------------------------------------------------------------ decisions
    def _keep(self, seat: int) -> None:
        self._events.append(Event("keep", {"seat": seat}))
        self._resume_exchange()

    def _exchange(self, seat: int) -> None:
        self.thrown[seat] = self.hands[seat]
        stock = self.stock
        self.hands[seat] = sorted(stock.pop() for _ in range(4))
        self.exchanged[seat] = True
        self.exchanger = seat
        self._events.append(
            Event("exchange", {"seat": seat, "stock": len(stock)},
                  {"cards": card_names(self.hands[seat])}, frozenset((seat,)))
        )
        self._announce(seat)
        n = self.n
        self.queue = [
            (seat + k) % n for k in range(1, n) if self.in_hand[(seat + k) % n]
        ]
        self.stage = CHALLENGE

    def _accept(self, seat: int) -> None:
        self.queue.pop(0)
        self._events.append(Event("accept", {"seat": seat, "exchanger": self.exchanger}))
        if not self.queue:
            self._resume_exchange()

    def _challenge(self, seat: int) -> None:
        ex = self.exchanger
        rules = self.rules
        honest = is_dirty(self.thrown[ex], rules.dirty_hand)
        loser, lost = (seat, rules.challenge_penalty) if honest else (ex, rules.bluff_penalty)
        self.lives[loser] += lost
        self.revealed[ex] = True
        self._events.append(
            Event("challenge", {"seat": seat, "exchanger": ex,
                                "thrown": card_names(self.thrown[ex]), "honest": honest,
                                "loser": loser, "lives_lost": lost})
        )
        if rules.out_at_once and self.lives[loser] >= rules.limit:
            self._out_now(loser)
            if self.stage == OVER:
                return
        self._resume_exchange()

    def _out_now(self, seat: int) -> None:
        """``seat`` reached the limit mid-round: out at once (TOE-23, ``out_at_once``).

        A rubber is settled there and then. In elimination the seat leaves the round
        (its four cards lie dead where they are), drops out of every queue and loses
        its poverty; if nobody else is poor the round falls back to a stake of 1 led
        from the dealer's left. One seat left standing wins the game.
        """
        if self.rules.ending == "rubber":
            self._finish([seat])
            return
        self.out[seat] = True
        self.in_hand[seat] = False
        self.ex_queue = [s for s in self.ex_queue if s != seat]
        self._events.append(Event("eliminated", {"seat": seat, "lives": self.lives[seat]}))
        if sum(1 for o in self.out if not o) <= 1:
            self._finish([s for s in range(self.n) if self.out[s]], [seat])
            return
        if self.poor[seat]:
            self.poor[seat] = False
            poor_in = [s for s in self.deal_order if self.poor[s] and self.in_hand[s]]
            self.stake = self.stake_before = 2 if poor_in else 1
            self.leader = (poor_in or [s for s in self.deal_order if self.in_hand[s]])[0]
            self.turn = self.leader

    def _stay(self, seat: int) -> None:
        self.queue.pop(0)
        self._events.append(Event("stay", {"seat": seat, "stake": self.stake}))
        if not self.queue:
            self._after_decisions()

    def _fold(self, seat: int) -> None:
        self.queue.pop(0)
        lost = self.stake_before
        self.lives[seat] += lost
        self.in_hand[seat] = False
        self.folded[seat] = True
        self._events.append(Event("fold", {"seat": seat, "lives_lost": lost}))
        if not self.queue:
            self._after_decisions()

    def _after_decisions(self) -> None:
        left = [s for s in range(self.n) if self.in_hand[s]]
        if len(left) == 1:
            self._end_hand(left[0], None)
            return
        if self.stage == POVERTY:
            self._begin_play()
            return
        self.stage = PLAY
        self.knocker = -1
        if not self.trick:
            if not self.in_hand[self.leader]:
                self.leader = self._next_in(self.leader)
            self.turn = self.leader
            return
        played = {s for s, _ in self.trick}
        if all(s in played for s in left):
            self._finish_trick()
            return
        if not self.in_hand[self.turn]:
            s = self.turn
            while not self.in_hand[s] or s in played:
                s = (s + 1) % self.n
            self.turn = s

    # ------------------------------------------------------------------ play
    def _knock(self, seat: int) -> None:
        refusal = self._knock_refusal(seat)
        if refusal is not None:
            raise refusal
        rules = self.rules
        new = self.stake + 1
        self.stake_before = self.stake
        self.stake = new
        self.knocks += 1
        self.last_knocker = seat
        self.knocker = seat
        n = self.n
        may_fold = rules.poverty_may_fold
        self.queue = [
            (seat + k) % n for k in range(1, n)
            if self.in_hand[(seat + k) % n] and (may_fold or not self.poor[(seat + k) % n])
        ]
        self._events.append(Event("knock", {"seat": seat, "stake": new, "knocks": self.knocks}))
        if self.queue:
            self.stage = RESPOND

    def _play(self, seat: int, card: object) -> None:
        if self.stage != PLAY:
            raise IllegalAction(
                f"no card may be played in the {STAGES[self.stage]} phase",
                code="wrong_phase", ruling=_STAGE_RULING[self.stage], seat=seat)
        if seat != self.turn:
            raise OutOfTurn(f"it is {self.players[self.turn]}'s turn to play",
                            code="out_of_turn", ruling="TOE-12", seat=seat)
        hand = self.hands[seat]
        if type(card) is not int or card not in hand:  # True == 1: a bool is no card
            raise IllegalAction("that card is not in your hand", code="not_in_hand", seat=seat)
        trick = self.trick
        if trick:
            led = trick[0][1] >> 3
            if card >> 3 != led and any(c >> 3 == led for c in hand):
                raise IllegalAction("you must follow suit", code="must_follow_suit",
                                    ruling="TOE-11", seat=seat)
        hand.remove(card)
        trick.append((seat, card))
        self._events.append(Event("play", {"seat": seat, "card": NAMES[card],
                                           "trick": self.trick_no}))
        # next seat still in that has not played to this trick
        n = self.n
        in_hand = self.in_hand
        s = (seat + 1) % n
        played = {p for p, _ in trick}
        for _ in range(n):
            if in_hand[s] and s not in played:
                self.turn = s
                return
            s = (s + 1) % n
        self._finish_trick()

    def _finish_trick(self) -> None:
        trick = self.trick
        led = trick[0][1] >> 3
        best_seat, best_card = trick[0]
        for s, c in trick[1:]:
            if c >> 3 == led and (c & 7) > (best_card & 7):
                best_seat, best_card = s, c
        if self.in_hand[best_seat]:
            nxt = best_seat
        elif self.trick_no == 3:  # the round is decided among the seats still in
            best_seat, best_card = self._best_still_in(trick)
            nxt = best_seat
        else:
            nxt = self._next_in(best_seat)  # TOE-54: only the lead passes on
        self.tricks.append((self.leader, tuple(trick), best_seat))
        self._events.append(
            Event("trick", {"trick": self.trick_no, "winner": best_seat, "card": NAMES[best_card],
                            "next": nxt})
        )
        self.trick = []
        if self.trick_no == 3:
            self._end_hand(nxt, best_card)
            return
        self.trick_no += 1
        self.leader = nxt
        self.turn = nxt

    def _best_still_in(self, trick: Sequence[tuple[int, int]]) -> tuple[int, int]:
        """The seat still in whose card wins ``trick`` without the folded seats' cards.

        The last trick decides the round, and a folded player is out of it, so the round
        goes to the highest card of the led suit among the seats still in (TOE-11,
        TOE-54). If none of them followed the led suit, the first card played by a seat
        still in sets the suit, as if the folded cards had never been played.
        """
        live = [(s, c) for s, c in trick if self.in_hand[s]]
        led = trick[0][1] >> 3
        if not any(c >> 3 == led for _, c in live):
            led = live[0][1] >> 3
        return max(((s, c) for s, c in live if c >> 3 == led), key=lambda sc: sc[1] & 7)

    def _end_hand(self, winner: int, card: int | None) -> None:
        rules = self.rules
        factor = 2 if (rules.jack_doubles and card is not None and card & 7 == JACK) else 1
        paid = {}
        for s in range(self.n):
            if self.in_hand[s] and s != winner:
                self.lives[s] += self.stake * factor
                paid[s] = self.stake * factor
        folded = [s for s in range(self.n) if self.folded[s]]
        self.last_result = {
            "hand": self.hand_no, "winner": winner, "stake": self.stake * factor,
            "paid": {str(s): v for s, v in paid.items()}, "folded": folded,
        }
        self._events.append(Event("hand_over", dict(self.last_result)))
        prev_dealer, self.dealer = self.dealer, winner
        limit = rules.limit
        over_limit = [s for s in range(self.n) if self.lives[s] >= limit and not self.out[s]]
        if rules.ending == "rubber":
            if over_limit:
                self._finish(over_limit)
                return
        else:
            for s in over_limit:
                self.out[s] = True
                self._events.append(Event("eliminated", {"seat": s, "lives": self.lives[s]}))
            if sum(1 for o in self.out if not o) <= 1:
                self._finish([s for s in range(self.n) if self.out[s]], over_limit)
                return
        self.dealer = self._next_dealer(winner, prev_dealer)
        self.hand_no += 1
        self._start_hand(first=False)

    def _next_dealer(self, winner: int, dealer: int) -> int:
        """Who deals the next round (``Rules.next_dealer``), never a seat that is out."""
        how = self.rules.next_dealer
        if how == "winner":
            return winner
        n = self.n
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
        if self.rules.ending == "rubber":
            rest = [s for s in range(n) if s not in losers]
            if rest:
                low = min(self.lives[s] for s in rest)
                rest = [s for s in rest if self.lives[s] == low]
        else:
            rest = [s for s in range(n) if not self.out[s]]
            if not rest:
                last = just_out or losers
                low = min(self.lives[s] for s in last)
                tied = [s for s in last if self.lives[s] == low]
                order = [(self.dealer + k) % n for k in range(n)]
                survivor = next(s for s in order if s in tied)
                self.out[survivor] = False
                rest = [survivor]
            losers = [s for s in range(n) if s not in rest]
        self.winners = rest
        self.losers = sorted(losers)
        self.stage = OVER
        self.queue = []
        self._events.append(Event("game_over", {"winners": rest, "losers": self.losers,
                                                "lives": list(self.lives)}))

    # ------------------------------------------------------------------ results & views
    def outcome(self) -> Outcome:
        if self.stage != OVER:
            raise ValueError("the game is not over yet")
        return Outcome(
            winners=frozenset(self.winners), losers=frozenset(self.losers),
            scores=tuple(self.lives),
            detail={"ending": self.rules.ending, "limit": self.rules.limit,
                    "hands": self.hand_no + 1},
        )

    def _view(self, seat: int | None) -> dict[str, Any]:
        n = self.n
        v: dict[str, Any] = {
            "round": self.hand_no,
            "dealer": self.dealer,
            "leader": self.leader,
            "limit": self.rules.limit,
            "lives": list(self.lives),
            "out": list(self.out),
            "playing": list(self.in_hand),
            "folded": list(self.folded),
            "poverty": list(self.poor),
            "stake": self.stake,
            "knocks": self.knocks,
            "last_knocker": None if self.last_knocker < 0 else self.last_knocker,
            "knocker": None if self.knocker < 0 else self.knocker,
            "trick_no": self.trick_no,
            "trick": [{"seat": s, "card": NAMES[c]} for s, c in self.trick],
            "tricks": [
                {"leader": ld, "cards": [{"seat": s, "card": NAMES[c]} for s, c in cards],
                 "winner": w}
                for ld, cards, w in self.tricks
            ],
            "hand_sizes": [len(h) for h in self.hands],
            "stock": len(self.stock),
            "exchanged": list(self.exchanged),
            "thrown": [
                card_names(self.thrown[s])
                if self.thrown[s] and (self.revealed[s] or s == seat) else None
                for s in range(n)
            ],
            "last_round": fresh(self.last_result),
        }
        if seat is not None:
            v["announcements"] = announcements(self.held(seat))
        return v

    def held(self, seat: int) -> list[int]:
        """The four cards ``seat`` was dealt (or drew by its exchange) this round.

        Announcements (TOE-40/41) are about the hand as dealt or exchanged, so they must
        not fade as the cards are played: the cards left plus those already played.
        """
        played = [c for _, cards_, _ in self.tricks for p, c in cards_ if p == seat]
        played += [c for p, c in self.trick if p == seat]
        return sorted(self.hands[seat] + played)

    def _hand(self, seat: int) -> list[Any]:
        return card_names(self.hands[seat])

    def _prompt(self, seat: int) -> str:
        if self.stage == OVER:
            return "The game is over."
        text = self._prompt_turn(seat)
        if self.poor[seat] and self.in_hand[seat]:
            text = ("You are in poverty: the round starts at 2 and the others choose to "
                    f"stay in for 2 or fold for 1. {text}")
        return text

    def _prompt_turn(self, seat: int) -> str:
        """The prompt without the poverty line."""
        if self.to_act != seat:
            if self.stage == PLAY and self.can_knock(seat):
                return f"Waiting for {self.players[self.to_act or 0]}. You may knock."
            return f"Waiting for {self.players[self.to_act or 0]}."
        who = self.players[self.exchanger if self.stage == CHALLENGE else max(self.knocker, 0)]
        follow = ""
        if self.stage == PLAY and self.trick:
            led = self.trick[0][1] >> 3
            if any(c >> 3 == led for c in self.hands[seat]):
                follow = " (follow suit)"
        return _PROMPTS[self.stage].format(
            who=who, stake=self.stake, before=self.stake_before, follow=follow,
            poor=_names([self.players[s] for s in range(self.n) if self.poor[s]]))

    # ------------------------------------------------------------------ copy & sampling
    def voids(self) -> list[set[int]]:
        """Suits each seat has shown it lacks this hand (it did not follow them)."""
        out: list[set[int]] = [set() for _ in range(self.n)]
        tricks = [cards for _, cards, _ in self.tricks]
        if self.trick:
            tricks.append(tuple(self.trick))
        for played in tricks:
            led = played[0][1] >> 3
            for s, c in played[1:]:
                if c >> 3 != led:
                    out[s].add(led)
        return out

    def sample_world(self, seat: int, rng: Any = None) -> Self:
        """A full state consistent with all ``seat`` has seen; hidden cards redealt.

        Hidden are the other seats' hands, their thrown hands not turned up by a challenge,
        and the stock. They are redealt uniformly at random except that a seat which did
        not follow a suit this hand gets no card of that suit (a bipartite matching makes
        sure such seats are served first, so the constraint never dead-ends).
        """
        world, r = self._world(seat, rng)
        known = set(self.hands[seat]) | set(self.thrown[seat])
        for s in range(self.n):
            if self.revealed[s]:
                known.update(self.thrown[s])
        for _, played, _ in self.tricks:
            known.update(c for _, c in played)
        known.update(c for _, c in self.trick)
        pool = [c for c in range(32) if c not in known]
        r.shuffle(pool)
        voids = self.voids()
        others = [s for s in range(self.n) if s != seat]
        constrained = [s for s in others if voids[s] and self.hands[s]]
        slots = [(s, i) for s in constrained for i in range(len(self.hands[s]))]
        assign = _match(slots, pool, [voids[s] for s, _ in slots])
        taken = set(assign)
        rest = [c for c in pool if c not in taken]
        new_hands: dict[int, list[int]] = {s: [] for s in constrained}
        for (s, _), c in zip(slots, assign, strict=True):
            new_hands[s].append(c)
        k = 0
        for s in others:
            if s not in new_hands:
                size = len(self.hands[s])
                new_hands[s] = rest[k:k + size]
                k += size
            world.hands[s] = sorted(new_hands[s])
        for s in others:
            if self.thrown[s] and not self.revealed[s]:
                size = len(self.thrown[s])
                world.thrown[s] = sorted(rest[k:k + size])
                k += size
        world.stock = rest[k:]
        assert len(world.stock) == len(self.stock)
        return world

    # ------------------------------------------------------------------ positions
    def _position(self, w: PositionWriter) -> None:
        """Toepen's lines: the chalk board, the round, every card where it lies."""
        def seat_set(flags_: list[bool]) -> list[int]:
            return [s for s, f in enumerate(flags_) if f]

        def opt(x: int) -> int | None:
            return None if x < 0 else x

        w.put("round", self.hand_no)
        w.put("dealer", self.dealer)
        w.items("lives", self.lives)
        w.items("out", seat_set(self.out))
        w.items("dealt", self.deal_order)
        w.items("playing", seat_set(self.in_hand))
        w.items("folded", seat_set(self.folded))
        w.items("poverty", seat_set(self.poor))
        w.put("stake", self.stake)
        w.put("stake_before", self.stake_before)
        w.put("knocks", self.knocks)
        w.put("last_knocker", opt(self.last_knocker))
        w.put("knocker", opt(self.knocker))
        w.put("exchanger", opt(self.exchanger))
        w.items("exchanged", seat_set(self.exchanged))
        w.items("revealed", seat_set(self.revealed))
        w.items("queue", self.queue)
        w.items("exchange_queue", self.ex_queue)
        w.put("leader", self.leader)
        w.put("turn", self.turn)
        w.put("trick_no", self.trick_no)
        for s in range(self.n):
            w.items(f"hand {s}", card_names(self.hands[s]))
        for s in range(self.n):
            if self.thrown[s]:
                w.items(f"thrown {s}", card_names(self.thrown[s]))
        w.comment("finished tricks: the winner, then seat:card in the order played")
        for i, (_, played, winner) in enumerate(self.tricks):
            w.items(f"trick {i}", [winner, *(f"{p}:{NAMES[c]}" for p, c in played)])
        w.items("trick", [f"{p}:{NAMES[c]}" for p, c in self.trick])
        w.items("stock", card_names(reversed(self.stock)))
        if self.stage == OVER:
            w.items("winners", self.winners)
            w.items("losers", self.losers)
        w.put("last_round", "-" if self.last_result is None else dumps(self.last_result))

    def _from_position(self, r: PositionReader) -> None:
        n = self.n

        def seat_of(word: str) -> int:
            if not (word.isascii() and word.isdigit()) or int(word) >= n:
                raise ValueError(f"{word!r} is not a seat")
            return int(word)

        def seat_set(key: str) -> list[bool]:
            marked = set(r.parse(key, seat_of))
            return [s in marked for s in range(n)]

        def opt(key: str) -> int:
            v = r.opt_int(key, 0, n - 1)
            return -1 if v is None else v

        def played(word: str) -> tuple[int, int]:
            who, colon, name = word.partition(":")
            if not colon:
                raise ValueError(f"{word!r} is not seat:card")
            return seat_of(who), PACK.code(name)

        self.hand_no = r.int("round", 0, 1_000_000)
        self.dealer = r.int("dealer", 0, n - 1)
        self.lives = r.parse(
            "lives", lambda w: int(w) if w.isascii() and w.isdigit() and len(w) < 4 else _bad(w)
        )
        if len(self.lives) != n:
            raise r.fail("lives", f"expected {n} numbers")
        self.out = seat_set("out")
        self.deal_order = r.parse("dealt", seat_of)
        self.in_hand = seat_set("playing")
        self.folded = seat_set("folded")
        self.poor = seat_set("poverty")
        self.stake = r.int("stake", 1, 10_000)
        self.stake_before = r.int("stake_before", 1, 10_000)
        self.knocks = r.int("knocks", 0, 10_000)
        self.last_knocker = opt("last_knocker")
        self.knocker = opt("knocker")
        self.exchanger = opt("exchanger")
        self.exchanged = seat_set("exchanged")
        self.revealed = seat_set("revealed")
        self.queue = r.parse("queue", seat_of)
        self.ex_queue = r.parse("exchange_queue", seat_of)
        self.leader = r.int("leader", 0, n - 1)
        self.turn = r.int("turn", 0, n - 1)
        self.trick_no = r.int("trick_no", 0, 3)
        self.hands = [sorted(r.parse(f"hand {s}", PACK.code)) for s in range(n)]
        self.thrown = [sorted(r.parse(f"thrown {s}", PACK.code, ())) for s in range(n)]
        self.tricks = []
        while r.has(f"trick {len(self.tricks)}"):
            key = f"trick {len(self.tricks)}"
            words = r.words(key)
            if len(words) < 2:
                raise r.fail(key, "expected the winner and the cards played")
            try:
                winner, cards_ = seat_of(words[0]), tuple(played(x) for x in words[1:])
            except ValueError as exc:
                raise r.fail(key, str(exc)) from None
            self.tricks.append((cards_[0][0], cards_, winner))
        self.trick = r.parse("trick", played)
        taken = {c for h in self.hands for c in h} | {c for h in self.thrown for c in h}
        taken |= {c for _, cs, _ in self.tricks for _, c in cs} | {c for _, c in self.trick}
        if r.words("stock") == ["shuffled"]:
            self.stock = [c for c in range(32) if c not in taken]
            self.rng.shuffle(self.stock)
        else:
            self.stock = list(reversed(r.parse("stock", PACK.code)))
        over = self.stage == OVER
        self.winners = r.parse("winners", seat_of, None if over else ())
        self.losers = r.parse("losers", seat_of, None if over else ())
        last = r.str("last_round")
        self.last_result = None if last == "-" else plain(loads(last, max_text=10_000))
        self._events = []

    # ------------------------------------------------------------------ loading
    @classmethod
    def _upgrade_v1(cls, state: dict[str, Any]) -> dict[str, Any]:
        """Format 1 called the stage ``phase`` and kept a finished game's last trick in
        both ``trick`` and ``tricks`` (which its own loader then refused)."""
        if "phase" in state and "stage" not in state:
            state["stage"] = state.pop("phase")
        tricks, trick = state.get("tricks"), state.get("trick")
        if (state.get("stage") == "over" and isinstance(tricks, list) and tricks and trick
                and isinstance(tricks[-1], list) and len(tricks[-1]) == 3
                and tricks[-1][1] == trick):
            state["trick"] = []
        return state

    def _check_loaded(self) -> None:
        """What the declarations cannot say: every card once, sizes, a seat to ask."""
        n = self.n
        seen = [c for h in self.hands for c in h] + self.stock
        seen += [c for h in self.thrown for c in h]
        seen += [c for _, cards, _ in self.tricks for _, c in cards] + [c for _, c in self.trick]
        if sorted(seen) != list(range(32)):
            raise StateError("$.state: the cards do not add up to one 32-card pack")
        stage = self.stage
        if stage not in (PLAY, OVER) and not self.queue:
            raise StateError("$.state.queue: nobody is asked to decide")
        if stage != OVER and len(self.tricks) != self.trick_no:
            raise StateError("$.state.tricks: does not match trick_no")
        if stage == OVER and not self.losers and not self.winners:
            raise StateError("$.state: a finished game has a result")
        if stage != OVER and (self.winners or self.losers):
            raise StateError("$.state: a game in play has no winners or losers yet")
        for s in range(n):
            if self.out[s] and self.in_hand[s] and stage != OVER:
                raise StateError(f"$.state.in_hand[{s}]: a seat that is out plays no round")
            if self.in_hand[s] and self.folded[s]:
                raise StateError(f"$.state.folded[{s}]: a folded seat is not in the round")
            played = sum(1 for ld, cards, w in self.tricks for p, _ in cards if p == s)
            played += sum(1 for p, _ in self.trick if p == s)
            if stage != OVER and s in self.deal_order and len(self.hands[s]) + played != 4:
                raise StateError(f"$.state.hands[{s}]: a seat holds four cards less those played")
            if s not in self.deal_order and self.hands[s]:
                raise StateError(f"$.state.hands[{s}]: a seat not dealt in holds no cards")
            if len(self.thrown[s]) not in (0, 4) or (self.thrown[s] and not self.exchanged[s]):
                raise StateError(f"$.state.thrown[{s}]: a thrown hand is four cards of an exchange")
        if any(s in self.queue for s in range(n) if not self.in_hand[s]) and stage != EXCHANGE:
            raise StateError("$.state.queue: only seats in the round are asked")


#: The decision actions each asking phase accepts (plays and knocks are handled apart).
_DECISIONS: dict[int, tuple[type[Action], ...]] = {
    EXCHANGE: (A.Keep, A.Exchange), CHALLENGE: (A.Accept, A.Challenge),
    POVERTY: (A.Stay, A.Fold), RESPOND: (A.Stay, A.Fold), PLAY: (), OVER: (),
}

_STAGE_RULING = {
    EXCHANGE: "TOE-56", CHALLENGE: "TOE-04", POVERTY: "TOE-31", RESPOND: "TOE-22",
    PLAY: "TOE-10", OVER: None,
}


def _match(slots: list[tuple[int, int]], pool: list[int], voids: list[set[int]]) -> list[int]:
    """Assign one card of ``pool`` to each slot avoiding its void suits (Kuhn's matching)."""
    owner: dict[int, int] = {}

    def place(i: int, seen: set[int]) -> bool:
        for c in pool:
            if c >> 3 in voids[i] or c in seen:
                continue
            seen.add(c)
            if c not in owner or place(owner[c], seen):
                owner[c] = i
                return True
        return False

    for i in range(len(slots)):
        if not place(i, set()):
            raise StateError("no deal is consistent with what this seat has seen")
    out = [0] * len(slots)
    for c, i in owner.items():
        out[i] = c
    return out


def _setup_values(n: int, rules: Rules, extra: dict[str, Any]) -> tuple[list[int], int]:
    """The starting chalk board and dealer from ``extra``, checked (``SetupError``)."""
    lives = extra.get("lives")
    if lives is None:
        lives = [0] * n
    if (
        not isinstance(lives, list | tuple) or len(lives) != n
        or not all(type(x) is int and 0 <= x <= 10_000 for x in lives)
    ):
        raise SetupError(f"lives must be {n} whole numbers from 0 (lives lost per seat)")
    if all(x >= rules.limit for x in lives) or (
        rules.ending == "rubber" and any(x >= rules.limit for x in lives)
    ):
        raise SetupError("starting lives leave no game to play")
    dealer = extra.get("dealer", n - 1)
    if type(dealer) is not int or not 0 <= dealer < n:
        raise SetupError(f"dealer must be a seat in 0..{n - 1}")
    return list(lives), dealer


def _names(names: list[str]) -> str:
    """``"Ann is"``, ``"Ann and Bob are"``: who is in poverty, for a prompt."""
    if len(names) <= 1:
        return f"{names[0] if names else 'Nobody'} is"
    return f"{', '.join(names[:-1])} and {names[-1]} are"


def _bad(word: str) -> int:
    raise ValueError(f"{word!r} is not a whole number")


def announcements(hand: Sequence[int]) -> list[dict[str, Any]]:
    """Table customs the hand obliges or allows (TOE-40..42), for an app to prompt.

    Each entry: ``announcement`` (``"whistle"`` or ``"stand"``), ``must`` (obliged or only
    allowed), ``reason`` and ``otherwise`` (what an obliged player who cannot whistle
    does instead: sing, TOE-42). They never change the score.
    """
    tens = sum(1 for c in hand if c & 7 == TEN)
    jacks = sum(1 for c in hand if c & 7 == JACK)
    out: list[dict[str, Any]] = []
    if tens == 4:
        out.append({"announcement": "stand", "must": True, "reason": "four tens",
                    "otherwise": None})
    elif tens == 3:
        out.append({"announcement": "whistle", "must": True, "reason": "three tens",
                    "otherwise": "sing"})
    if jacks == 4:
        out.append({"announcement": "stand", "must": False, "reason": "four jacks",
                    "otherwise": None})
    elif jacks == 3:
        out.append({"announcement": "whistle", "must": False, "reason": "three jacks",
                    "otherwise": None})
    return out


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
    return State.new(
        players, seed, rules, deck, lives=None if lives is None else list(lives), dealer=dealer,
        position=position,
    )


__all__ = ["VARIANTS", "Rules", "State", "announcements", "new_game"]
