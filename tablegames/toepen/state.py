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

* Lives are checked against the limit at the **end of each hand**: someone who reaches
  it by a challenge mid-hand plays the hand out.
* If the winner of a trick has folded, the lead passes to the next seat on their left
  still in (TOE-54); at the last trick the same seat wins the hand.
* Several seats in poverty at once: the stake is still 2, the first of them from the
  dealer's left leads, and only the seats *not* in poverty choose to stay or fold.
* Knocking starts once the exchanges and poverty choices are done (everyone has seen their
  final hand, TOE-50) and ends with the last card.
* In a rubber every seat at or over the limit after the hand loses (pays); the seats with
  the fewest lives win. In elimination the last seat standing wins.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, Self

from tablegames.common.actions import Action, Event
from tablegames.common.errors import IllegalAction, OutOfTurn, SetupError, StateError
from tablegames.common.outcome import Outcome
from tablegames.common.piles import as_stock
from tablegames.common.rng import as_rng
from tablegames.common.rules import coerce_rules
from tablegames.common.serialization import Reader
from tablegames.common.state import BaseState, check_seed, normalize_players
from tablegames.toepen import actions as A
from tablegames.toepen.actions import Knock, Play
from tablegames.toepen.cards import JACK, NAMES, PACK, TEN, card_names, is_dirty
from tablegames.toepen.rules import VARIANTS, Rules

EXCHANGE, CHALLENGE, POVERTY, PLAY, RESPOND, OVER = range(6)
PHASES = ("exchange", "challenge", "poverty", "play", "respond", "over")
MIN_PLAYERS, MAX_PLAYERS = 2, 8

_PROMPTS = {
    EXCHANGE: "Keep your hand, or throw it in face down for four new cards?",
    CHALLENGE: "Challenge {who}'s exchange, or accept it?",
    POVERTY: "Someone is in poverty: stay in for 2, or fold for 1?",
    RESPOND: "{who} knocked: stay in for {stake}, or fold for {before}?",
    PLAY: "Play a card{follow}.",
}



class State(BaseState):
    """A whole game of Toepen (see the module docstring for the flow)."""

    GAME = "toepen"
    RULES = Rules

    phase: int
    lives: list[int]
    out: list[bool]
    dealer: int
    hand_no: int
    hands: list[list[int]]
    stock: list[int]
    thrown: list[list[int]]
    revealed: list[bool]
    exchanged: list[bool]
    in_hand: list[bool]
    folded: list[bool]
    poor: list[bool]
    stake: int
    knocks: int
    last_knocker: int
    knocker: int
    stake_before: int
    queue: list[int]
    ex_queue: list[int]
    exchanger: int
    trick_no: int
    leader: int
    turn: int
    trick: list[tuple[int, int]]
    tricks: list[tuple[int, tuple[tuple[int, int], ...], int]]
    winners: list[int]
    losers: list[int]
    last_result: dict[str, Any] | None
    deal_order: list[int]

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
        lives = extra.get("lives")
        if lives is None:
            lives = [0] * n
        if (
            not isinstance(lives, list | tuple) or len(lives) != n
            or not all(isinstance(x, int) and not isinstance(x, bool) and x >= 0 for x in lives)
        ):
            raise SetupError(f"lives must be {n} non-negative ints (lives lost per seat)")
        if all(x >= rules.limit for x in lives) or (
            rules.ending == "rubber" and any(x >= rules.limit for x in lives)
        ):
            raise SetupError("starting lives leave no game to play")
        dealer = extra.get("dealer", n - 1)
        if isinstance(dealer, bool) or not isinstance(dealer, int) or not 0 <= dealer < n:
            raise SetupError(f"dealer must be a seat in 0..{n - 1}")
        self.lives = list(lives)
        self.out = [x >= rules.limit for x in lives]
        self.dealer = dealer
        self.hand_no = 0
        self.winners = []
        self.losers = []
        self.last_result = None
        self._events = []
        self._start_hand(first=True)
        return self


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
            self.phase = EXCHANGE
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
            self.phase = EXCHANGE
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
                self.phase = POVERTY
                self.stake_before = 1
                return
        self._begin_play()

    def _begin_play(self) -> None:
        self.phase = PLAY
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
        phase = self.phase
        if phase == PLAY:
            return self.turn
        if phase == OVER:
            return None
        return self.queue[0]

    def can_knock(self, seat: int) -> bool:
        """Whether ``seat`` may knock now (TOE-21, TOE-50, TOE-55, ``max_stake``)."""
        if self.phase != PLAY or not self.in_hand[seat]:
            return False
        rules = self.rules
        if self.last_knocker == seat and not rules.double_knock:
            return False
        new = self.stake + 1
        if new > rules.limit - self.lives[seat]:
            return False
        if rules.max_stake is not None and new > rules.max_stake:
            return False
        return not (rules.knock_only_on_turn and seat != self.turn)

    def legal_actions(self, seat: int | None = None) -> list[Action]:
        phase = self.phase
        if phase == OVER:
            return []
        if seat is None:
            seat = self.to_act
            assert seat is not None
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

    def _apply(self, action: Action) -> list[Event]:
        seat = action.seat
        if isinstance(seat, bool) or not isinstance(seat, int) or not 0 <= seat < self.n:
            raise IllegalAction(f"there is no seat {seat!r}", code="no_such_seat")
        ev: list[Event] = []
        self._events = ev
        phase = self.phase
        kind = type(action)
        if kind is Play:
            self._play(seat, action.card)  # type: ignore[attr-defined]
        elif kind is Knock:
            self._knock(seat)
        else:
            if kind not in _DECISIONS[phase]:
                raise IllegalAction(
                    f"'{action.verb}' is not possible now: the hand is in its "
                    f"{PHASES[phase]} phase", code="wrong_phase", seat=seat,
                    ruling=_PHASE_RULING[phase],
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
        return ev

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
        self.phase = CHALLENGE

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
        self._resume_exchange()

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
        if self.phase == POVERTY:
            self._begin_play()
            return
        self.phase = PLAY
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
        if self.phase != PLAY:
            raise IllegalAction(
                "knocking starts once every hand is settled and play has begun",
                code="knock_not_now", ruling="TOE-50", seat=seat)
        rules = self.rules
        if not self.in_hand[seat]:
            raise IllegalAction("you are not in this hand any more", code="not_in_hand",
                                ruling="TOE-51", seat=seat)
        if self.last_knocker == seat and not rules.double_knock:
            raise IllegalAction("you knocked last; someone else must knock before you again",
                                code="knock_twice", ruling="TOE-50", seat=seat)
        new = self.stake + 1
        if new > rules.limit - self.lives[seat]:
            raise IllegalAction(
                f"with {self.lives[seat]} lives lost you may not raise the stake to {new}",
                code="knock_limit", ruling="TOE-55", seat=seat)
        if rules.max_stake is not None and new > rules.max_stake:
            raise IllegalAction(f"the stake may not exceed {rules.max_stake} (house rule)",
                                code="max_stake", ruling="TOE-21", seat=seat)
        if rules.knock_only_on_turn and seat != self.turn:
            raise OutOfTurn("knocking only on your own turn (house rule)",
                            code="knock_on_turn", ruling="TOE-21", seat=seat)
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
            self.phase = RESPOND

    def _play(self, seat: int, card: object) -> None:
        if self.phase != PLAY:
            raise IllegalAction(
                f"no card may be played in the {PHASES[self.phase]} phase",
                code="wrong_phase", ruling=_PHASE_RULING[self.phase], seat=seat)
        if seat != self.turn:
            raise OutOfTurn(f"it is {self.players[self.turn]}'s turn to play",
                            code="out_of_turn", ruling="TOE-12", seat=seat)
        hand = self.hands[seat]
        if card not in hand or not isinstance(card, int):
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
        self.tricks.append((self.leader, tuple(trick), best_seat))
        nxt = best_seat if self.in_hand[best_seat] else self._next_in(best_seat)
        self._events.append(
            Event("trick", {"trick": self.trick_no, "winner": best_seat, "card": NAMES[best_card],
                            "next": nxt})
        )
        if self.trick_no == 3:
            self._end_hand(nxt, best_card)
            return
        self.trick_no += 1
        self.trick = []
        self.leader = nxt
        self.turn = nxt

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
        self.dealer = winner
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
        self.hand_no += 1
        self._start_hand(first=False)

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
        self.phase = OVER
        self.queue = []
        self._events.append(Event("game_over", {"winners": rest, "losers": self.losers,
                                                "lives": list(self.lives)}))

    # ------------------------------------------------------------------ results & views
    def outcome(self) -> Outcome:
        if self.phase != OVER:
            raise ValueError("the game is not over yet")
        return Outcome(
            winners=frozenset(self.winners), losers=frozenset(self.losers),
            scores=tuple(self.lives),
            detail={"ending": self.rules.ending, "limit": self.rules.limit,
                    "hands": self.hand_no + 1},
        )

    def view(self, seat: int | None) -> dict[str, Any]:
        seat = self.check_seat(seat)
        n = self.n
        to_act = self.to_act
        v: dict[str, Any] = {
            "game": "toepen",
            "players": list(self.players),
            "seat": seat,
            "to_act": to_act,
            "phase": PHASES[self.phase],
            "hand_no": self.hand_no,
            "dealer": self.dealer,
            "leader": self.leader,
            "limit": self.rules.limit,
            "lives": list(self.lives),
            "out": list(self.out),
            "in_hand": list(self.in_hand),
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
            "stock_size": len(self.stock),
            "exchanged": list(self.exchanged),
            "thrown": [
                card_names(self.thrown[s]) if self.revealed[s] else None for s in range(n)
            ],
            "last_hand": self.last_result,
        }
        if self.phase == OVER:
            v["result"] = self.outcome().to_dict()
        if seat is not None:
            v["hand"] = card_names(self.hands[seat])
            if self.thrown[seat]:
                v["thrown"][seat] = card_names(self.thrown[seat])
            v["announcements"] = announcements(self.hands[seat])
            v["legal"] = [str(a) for a in self.legal_actions(seat)]
            v["prompt"] = self._prompt(seat)
        return v

    def _prompt(self, seat: int) -> str:
        if self.phase == OVER:
            return "The game is over."
        if self.to_act != seat:
            if self.phase == PLAY and self.can_knock(seat):
                return f"Waiting for {self.players[self.to_act or 0]}. You may knock."
            return f"Waiting for {self.players[self.to_act or 0]}."
        who = self.players[self.exchanger if self.phase == CHALLENGE else max(self.knocker, 0)]
        follow = ""
        if self.phase == PLAY and self.trick:
            led = self.trick[0][1] >> 3
            if any(c >> 3 == led for c in self.hands[seat]):
                follow = " (follow suit)"
        return _PROMPTS[self.phase].format(
            who=who, stake=self.stake, before=self.stake_before, follow=follow)

    # ------------------------------------------------------------------ copy & sampling
    def copy(self) -> Self:
        other = type(self).__new__(type(self))
        self._copy_common(other)
        other.phase = self.phase
        other.lives = self.lives.copy()
        other.out = self.out.copy()
        other.dealer = self.dealer
        other.hand_no = self.hand_no
        other.hands = [h.copy() for h in self.hands]
        other.stock = self.stock.copy()
        other.thrown = [h.copy() for h in self.thrown]
        other.revealed = self.revealed.copy()
        other.exchanged = self.exchanged.copy()
        other.in_hand = self.in_hand.copy()
        other.folded = self.folded.copy()
        other.poor = self.poor.copy()
        other.stake = self.stake
        other.knocks = self.knocks
        other.last_knocker = self.last_knocker
        other.knocker = self.knocker
        other.stake_before = self.stake_before
        other.queue = self.queue.copy()
        other.ex_queue = self.ex_queue.copy()
        other.exchanger = self.exchanger
        other.trick_no = self.trick_no
        other.leader = self.leader
        other.turn = self.turn
        other.trick = self.trick.copy()
        other.tricks = self.tricks.copy()
        other.winners = self.winners.copy()
        other.losers = self.losers.copy()
        other.last_result = self.last_result
        other.deal_order = self.deal_order
        other._events = []
        return other

    def voids(self) -> list[set[int]]:
        """Suits each seat has shown it lacks this hand (it did not follow them)."""
        out: list[set[int]] = [set() for _ in range(self.n)]
        tricks = [cards for _, cards, _ in self.tricks]
        if self.trick:
            tricks.append(tuple(self.trick))
        for cards in tricks:
            led = cards[0][1] >> 3
            for s, c in cards[1:]:
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
        self.check_seat(seat)
        r = as_rng(rng)
        world = self.copy()
        world.rng = r.fork()
        known = set(self.hands[seat]) | set(self.thrown[seat])
        for s in range(self.n):
            if self.revealed[s]:
                known.update(self.thrown[s])
        for _, cards, _ in self.tricks:
            known.update(c for _, c in cards)
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

    # ------------------------------------------------------------------ JSON
    def _dump(self) -> dict[str, Any]:
        return {
            "phase": PHASES[self.phase],
            "lives": self.lives,
            "out": self.out,
            "dealer": self.dealer,
            "hand_no": self.hand_no,
            "hands": self.hands,
            "stock": self.stock,
            "thrown": self.thrown,
            "revealed": self.revealed,
            "exchanged": self.exchanged,
            "in_hand": self.in_hand,
            "folded": self.folded,
            "poor": self.poor,
            "stake": self.stake,
            "knocks": self.knocks,
            "last_knocker": self.last_knocker,
            "knocker": self.knocker,
            "stake_before": self.stake_before,
            "queue": self.queue,
            "ex_queue": self.ex_queue,
            "exchanger": self.exchanger,
            "trick_no": self.trick_no,
            "leader": self.leader,
            "turn": self.turn,
            "trick": [list(p) for p in self.trick],
            "tricks": [[ld, [list(p) for p in cards], w] for ld, cards, w in self.tricks],
            "winners": self.winners,
            "losers": self.losers,
            "last_result": self.last_result,
            "deal_order": self.deal_order,
        }

    def _load(self, r: Reader) -> None:
        n = self.n
        last = n - 1
        phase = r["phase"].str()
        if phase not in PHASES:
            raise r["phase"].fail(f"unknown phase {phase!r}")
        self.phase = PHASES.index(phase)
        self.lives = r["lives"].ints(0, 10_000)
        self.out = r["out"].bools()
        self.dealer = r["dealer"].int(0, last)
        self.hand_no = r["hand_no"].int(0)
        self.hands = [x.ints(0, 31) for x in r["hands"].list(n)]
        self.stock = r["stock"].ints(0, 31)
        self.thrown = [x.ints(0, 31) for x in r["thrown"].list(n)]
        self.revealed = r["revealed"].bools()
        self.exchanged = r["exchanged"].bools()
        self.in_hand = r["in_hand"].bools()
        self.folded = r["folded"].bools()
        self.poor = r["poor"].bools()
        for name in ("lives", "out", "revealed", "exchanged", "in_hand", "folded", "poor"):
            if len(getattr(self, name)) != n:
                raise StateError(f"$.state.{name}: expected {n} entries")
        self.stake = r["stake"].int(1, 10_000)
        self.knocks = r["knocks"].int(0, 10_000)
        self.last_knocker = r["last_knocker"].int(-1, last)
        self.knocker = r["knocker"].int(-1, last)
        self.stake_before = r["stake_before"].int(1, 10_000)
        self.queue = r["queue"].ints(0, last)
        self.ex_queue = r["ex_queue"].ints(0, last)
        self.exchanger = r["exchanger"].int(-1, last)
        self.trick_no = r["trick_no"].int(0, 3)
        self.leader = r["leader"].int(0, last)
        self.turn = r["turn"].int(0, last)
        self.trick = [_pair(x, last) for x in r["trick"].items()]
        self.tricks = []
        for t in r["tricks"].items():
            ld, cards, w = t.list(3)
            self.tricks.append(
                (ld.int(0, last), tuple(_pair(x, last) for x in cards.items()), w.int(0, last))
            )
        self.winners = r["winners"].ints(0, last)
        self.losers = r["losers"].ints(0, last)
        lr = r["last_result"]
        if lr.value is not None:
            lr.keys()
        self.last_result = lr.value
        self.deal_order = r["deal_order"].ints(0, last)
        self._events = []
        # consistency: every card exactly once; the seat to act exists
        seen = [c for h in self.hands for c in h] + self.stock
        seen += [c for h in self.thrown for c in h]
        seen += [c for _, cards, _ in self.tricks for _, c in cards] + [c for _, c in self.trick]
        if sorted(seen) != list(range(32)):
            raise StateError("$.state: the cards do not add up to one 32-card pack")
        if self.phase not in (PLAY, OVER) and not self.queue:
            raise StateError("$.state.queue: nobody is asked to decide")
        if len(self.tricks) != self.trick_no and self.phase != OVER:
            raise StateError("$.state.tricks: does not match trick_no")


#: The decision actions each asking phase accepts (plays and knocks are handled apart).
_DECISIONS: dict[int, tuple[type[Action], ...]] = {
    EXCHANGE: (A.Keep, A.Exchange), CHALLENGE: (A.Accept, A.Challenge),
    POVERTY: (A.Stay, A.Fold), RESPOND: (A.Stay, A.Fold), PLAY: (), OVER: (),
}

_PHASE_RULING = {
    EXCHANGE: "TOE-56", CHALLENGE: "TOE-04", POVERTY: "TOE-31", RESPOND: "TOE-22",
    PLAY: "TOE-10", OVER: None,
}


def _pair(r: Reader, last: int) -> tuple[int, int]:
    s, c = r.list(2)
    return s.int(0, last), c.int(0, 31)


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
) -> State:
    """Start a game of Toepen.

    ``deck`` stacks the first hand: its cards go, four at a time, to the seats from the
    dealer's left, then form the stock (top first); the rest of the pack follows shuffled.
    ``lives`` starts from a chalk board (lives lost per seat); ``dealer`` picks the first
    dealer (default: the last seat, so seat 0 leads).
    """
    names = normalize_players(players, MIN_PLAYERS, MAX_PLAYERS, "toepen")
    r = coerce_rules(Rules, rules)
    extra: dict[str, Any] = {}
    if lives is not None:
        extra["lives"] = list(lives)
    if dealer is not None:
        extra["dealer"] = dealer
    if deck is not None and (isinstance(deck, str) or not isinstance(deck, Sequence)):
        raise SetupError("deck must be a list of cards, top card first")
    return State._fresh(names, check_seed(seed), r, deck, extra)


__all__ = ["VARIANTS", "Rules", "State", "announcements", "new_game"]
