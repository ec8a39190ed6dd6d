"""The Shithead game state: one object for a whole round (SHD-01), or a match of rounds.

Flow:

1. **deal** — each seat gets 3 face-down cards, 3 face-up on top of them and 3 in hand
   (SHD-02); a stacked deck is dealt seat by seat, nine cards each (face-down, face-up,
   hand), and the rest is the draw pile, top first;
2. **swap** — seat by seat from seat 0, each may make one swap between face-up cards and
   hand, of one to three cards, or say ``done`` (SHD-03);
3. **start** — the seat with the lowest card in hand starts and shows that card (SHD-04);
4. **play** — on a turn a seat plays one or more cards of one value that may go on the
   pile (SHD-05, SHD-07, the effects table), draws back to 3 while the draw pile lasts
   (SHD-06), or, with nothing that fits, picks up the pile (SHD-08). With hand and draw
   pile gone it plays from its face-up cards (SHD-09), then blind from its face-down cards
   (SHD-10). A seat with no cards left leaves the round; the last seat holding cards is the
   loser (SHD-01).

Decisions on the points the source leaves open (each is also on the rulings page):

* **Direction** is kept in the state (``direction``: -1 = to the right, counter-clockwise
  with seats numbered clockwise, the source's SHD-04; ``Rules.direction="left"`` for +1).
* **Ties for the start** (two seats with a 1): the first of them counting from seat 0 in
  the direction of play. The starter shows one card of the lowest value (it becomes
  public) but need not play it.
* **Sets** come from one source: hand cards, or face-up cards, never mixed. A blind
  face-down card is always played alone.
* **Specials played blind** act exactly as if played from the hand when they fit; a
  special that does not fit is picked up with the pile like any card.
* **Four of a kind** (SHD-25) is checked first: a run of ``Rules.burn_run`` equal values on
  top of the pile burns it and the player plays again, and the cards' own effects (skip,
  reverse, ...) are not applied.
* **Skips** (SHD-22): the turn moves ``1 + skips`` places among the seats still in play, so
  with two players one Skip gives the player another turn and two Skips pass to the other.
* **Reverse** (SHD-23) acts only while more than two seats are in play when it is played;
  with ``multiples="each"`` (default) two Reverses cancel.
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
  play; the bot's rounds stay under 200 actions (rationale on the rulings page, SHD-01).
"""

from __future__ import annotations

from collections.abc import Sequence
from itertools import combinations
from typing import Any, Self

from tablegames.common.actions import Action, Event
from tablegames.common.errors import IllegalAction, OutOfTurn, SetupError, StateError
from tablegames.common.outcome import Outcome
from tablegames.common.piles import as_stock
from tablegames.common.rng import Rng, as_rng
from tablegames.common.rules import coerce_rules
from tablegames.common.seating import CLOCKWISE, COUNTERCLOCKWISE, next_seat
from tablegames.common.serialization import Reader
from tablegames.common.state import BaseState, check_seed, normalize_players
from tablegames.shithead import actions as A
from tablegames.shithead.actions import Blind, Done, Give, Pickup, Play, Swap
from tablegames.shithead.cards import FACES, NAMES, VALUE, card_names, pack
from tablegames.shithead.effects import (
    BURN,
    FIVE,
    GIVE,
    KIND_TITLES,
    REVERSE,
    SKIP,
    UNDER,
    Table,
    compile_table,
)
from tablegames.shithead.inference import ALL_VALUES, bar, below, consistent, forget, pick_for_slots
from tablegames.shithead.multisets import add_sorted, contains, minus, remove_all, sub_multisets
from tablegames.shithead.rules import Rules

SWAP, PLAY, GIVING, OVER = range(4)
PHASES = ("swap", "play", "give", "over")
MIN_PLAYERS = 2
#: Cards dealt to each seat (SHD-02): 3 face-down, 3 face-up, 3 in hand.
PER_SEAT = 9
HAND_SIZE = 3


_LOWER_RULING = {FIVE: "SHD-21", SKIP: "SHD-22", REVERSE: "SHD-23"}


def _codes(r: Reader, hi: int) -> list[int]:
    """A list of card codes in ``0..hi``.

    Checked in one pass over the raw JSON list: ``Reader.ints`` makes a reader per element,
    which was most of ``from_json``'s time. On a defect ``Reader.ints`` runs to name it.
    """
    v = r.value
    if type(v) is list and all(type(x) is int and 0 <= x <= hi for x in v):
        return list(v)
    return r.ints(0, hi)


def max_players(decks: int) -> int:
    """The most seats ``decks`` decks can deal nine cards to (SHD-02)."""
    return FACES * decks // PER_SEAT



class State(BaseState):
    """A round of Shithead (see the module docstring for the flow and the decisions)."""

    GAME = "shithead"
    RULES = Rules

    phase: int
    hands: list[list[int]]
    up: list[list[int]]
    down: list[list[int]]
    stock: list[int]
    aside: list[int]
    pile: list[int]
    burnt: list[int]
    removed: list[int]
    known: list[list[int]]
    #: Per seat, the bars on the unseen cards of its hand, oldest first (:mod:`.inference`).
    slots: list[list[int]]
    active: list[bool]
    finished: list[int]
    direction: int
    turn: int
    queue: list[int]
    starter: int
    plays: int
    loser: int
    limit_hit: bool
    level: int
    cap: int
    table: Table
    round_no: int
    tally: list[int]
    rounds_done: list[dict[str, Any]]

    @classmethod
    def parse_action(cls, text: str) -> Action:
        """Read Shithead action notation (``"1:play 7c,7d"``, ``"0:pickup"``)."""
        return A.parse_action(text)

    # ------------------------------------------------------------------ setup
    @classmethod
    def _check_setup(
        cls, players: tuple[str, ...], rules: Any, deck: Sequence[str] | None,
        extra: dict[str, Any],
    ) -> None:
        """Refuse players and setup that could not be dealt (``SetupError``)."""
        top = max_players(rules.decks)
        if len(players) > top:
            raise SetupError(
                f"{rules.decks} deck(s) deal nine cards to at most {top} players, "
                f"not {len(players)}; use Rules(decks=...) for more"
            )
        normalize_players(players, MIN_PLAYERS, top, "shithead")  # too few, or bad names
        keep = extra.get("stock")
        if keep is not None and (isinstance(keep, bool) or not isinstance(keep, int) or keep < 0):
            raise SetupError("stock must be a non-negative int (cards kept in the draw pile)")
        unknown = set(extra) - {"stock"}
        if unknown:
            raise SetupError(f"unknown shithead setup: {', '.join(sorted(unknown))}")

    @classmethod
    def _fresh_shell(
        cls, players: tuple[str, ...], seed: int | str, rules: Any, deck: Sequence[str] | None,
        extra: dict[str, Any],
    ) -> Self:
        """The core deals a whole game to check a saved setup; checking it is enough here.

        Dealing meant shuffling the pack on every ``from_json``, a sixth of its time.
        """
        cls._check_setup(players, rules, deck, extra)
        if deck is not None:  # a stacked deck names real cards, none too often
            pack(rules.decks).stacked_deck(deck, Rng(0))
        obj = cls.__new__(cls)
        obj._init_common(players, seed, rules, deck, extra)
        return obj

    @classmethod
    def _fresh(
        cls, players: tuple[str, ...], seed: int | str, rules: Any,
        deck: Sequence[str] | None, extra: dict[str, Any],
    ) -> Self:
        cls._check_setup(players, rules, deck, extra)
        n = len(players)
        self = cls.__new__(cls)
        self._init_common(players, seed, rules, deck, extra)
        self.table = compile_table(rules.effects)
        self.round_no = 0
        self.tally = [0] * n
        self.rounds_done = []
        self._events = []
        self._deal(pack(rules.decks).stacked_deck(self.deck, self.rng))
        self._setup_log = self._events
        self._events = []
        return self

    def _deal(self, deck: list[int]) -> None:
        """Deal a round from ``deck`` (top first) and open the swap (SHD-02, SHD-03)."""
        n = self.n
        rules = self.rules
        cards = as_stock(deck)
        self.down, self.up, self.hands = [], [], []
        for _ in range(n):
            self.down.append([cards.pop() for _ in range(HAND_SIZE)])
            self.up.append(sorted(cards.pop() for _ in range(HAND_SIZE)))
            self.hands.append(sorted(cards.pop() for _ in range(HAND_SIZE)))
        keep = self.extra.get("stock")
        if keep is not None and keep < len(cards):
            self.aside = sorted(cards[: len(cards) - keep])
            self.stock = cards[len(cards) - keep:]
        else:
            self.aside = []
            self.stock = cards
        self.pile, self.burnt, self.removed = [], [], []
        self.known = [[] for _ in range(n)]
        self.slots = [[0] * HAND_SIZE for _ in range(n)]
        self.active = [True] * n
        self.finished = []
        self.direction = COUNTERCLOCKWISE if rules.direction == "right" else CLOCKWISE
        self.turn = 0
        self.starter = -1
        self.plays = 0
        self.loser = -1
        self.limit_hit = False
        self.level, self.cap = 0, 0
        self._events.append(
            Event("deal", {"round": self.round_no, "face_up": [card_names(u) for u in self.up],
                           "face_down": [len(d) for d in self.down],
                           "stock": len(self.stock), "aside": len(self.aside)})
        )
        for s in range(n):
            self._events.append(Event("hand", {"seat": s}, {"cards": card_names(self.hands[s])},
                                      frozenset((s,))))
        if rules.swap:
            self.phase = SWAP
            self.queue = list(range(n))
        else:
            self.queue = []
            self._begin_play()


    def _begin_play(self) -> None:
        """Find the starter (SHD-04): lowest value in hand, ties from seat 0 in direction."""
        n = self.n
        order = [(self.direction * k) % n for k in range(n)]
        starter = min(order, key=lambda s: (VALUE[self.hands[s][0]], order.index(s)))
        card = self.hands[starter][0]
        known = self.known[starter]
        if known.count(card) < self.hands[starter].count(card):
            forget([], self.slots[starter], (card,))
            add_sorted(known, (card,))
        # what the start tells everybody: nobody holds a lower value, and the seats
        # before the starter in the tie order hold none of the shown value either
        low = VALUE[card]
        ahead = order.index(starter)
        for i, s in enumerate(order):
            bar(self.slots[s], below(low, inclusive=i < ahead))
        self.starter = starter
        self.turn = starter
        self.phase = PLAY
        self._events.append(Event("start", {"seat": starter, "shows": NAMES[card],
                                            "direction": self._direction_name()}))

    def _direction_name(self) -> str:
        return "right" if self.direction == COUNTERCLOCKWISE else "left"

    # ------------------------------------------------------------------ protocol
    @property
    def to_act(self) -> int | None:
        phase = self.phase
        if phase == SWAP:
            return self.queue[0]
        if phase == OVER:
            return None
        return self.turn

    def legal_actions(self, seat: int | None = None) -> list[Action]:
        phase = self.phase
        if phase == OVER:
            return []
        to_act = self.to_act
        if seat is None:
            seat = to_act
        if seat != to_act or seat is None or type(seat) is not int:
            return []  # another seat (no interrupts in Shithead), or not a seat at all
        if phase == PLAY:
            return self._play_actions(seat)
        if phase == SWAP:
            return self._swap_actions(seat)
        return [A.give(seat, t) for t in self._targets(seat)]

    def _play_actions(self, seat: int) -> list[Action]:
        hand = self.hands[seat]
        src = hand or self.up[seat]
        if not src:
            return [A.blind(seat, i) for i in range(len(self.down[seat]))]
        mask = self.table.masks[self.cap][self.level]
        out: list[Action] = []
        i, m = 0, len(src)
        while i < m:
            v = VALUE[src[i]]
            j = i + 1
            while j < m and VALUE[src[j]] == v:
                j += 1
            if mask >> v & 1:
                if j == i + 1:
                    out.append(A.play(seat, (src[i],)))
                else:
                    out.extend(A.play(seat, sub) for sub in sub_multisets(tuple(src[i:j])))
            i = j
        return out or [A.pickup(seat)]

    def _swap_actions(self, seat: int) -> list[Action]:
        up, hand = self.up[seat], self.hands[seat]
        found: dict[tuple[tuple[int, ...], tuple[int, ...]], None] = {}
        for k in range(1, min(len(up), len(hand)) + 1):
            for u in combinations(up, k):
                for h in combinations(hand, k):
                    if not set(u) & set(h):
                        found[(u, h)] = None
        return [A.done(seat), *(A.swap(seat, u, h) for u, h in found)]

    def _targets(self, seat: int) -> list[int]:
        return [t for t in range(self.n) if self.active[t] and t != seat]

    def _apply(self, action: Action) -> list[Event]:
        seat = action.seat
        if isinstance(seat, bool) or not isinstance(seat, int) or not 0 <= seat < self.n:
            raise IllegalAction(f"there is no seat {seat!r}", code="no_such_seat")
        ev: list[Event] = []
        self._events = ev
        kind = type(action)
        round_no = self.round_no
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
        else:
            raise IllegalAction(f"{action} is not a shithead action", code="not_an_action")
        if kind is not Swap and kind is not Done and self.phase != OVER and round_no == self.round_no:
            self._tick()
        return ev

    # ------------------------------------------------------------------ checks
    def _need_phase(self, seat: int, phase: int, what: str) -> None:
        if self.phase == phase:
            return
        ruling = {SWAP: "SHD-03", PLAY: "SHD-05", GIVING: "SHD-28"}.get(self.phase)
        now = {SWAP: "the swap before play", PLAY: "play", GIVING: "choosing who takes the pile"}
        raise IllegalAction(
            f"{what} is not possible now: the round is at {now[self.phase]}",
            code="wrong_phase", ruling=ruling, seat=seat)

    def _need_turn(self, seat: int, ruling: str) -> None:
        if seat != self.to_act:
            who = self.to_act if self.to_act is not None else 0
            if not self.active[seat]:
                raise OutOfTurn(f"{self.players[seat]} has shed all cards and left the round",
                                code="finished", ruling="SHD-01", seat=seat)
            raise OutOfTurn(f"it is {self.players[who]}'s turn", code="out_of_turn",
                            ruling=ruling, seat=seat)

    def _cards_ok(self, seat: int, cards: object) -> tuple[int, ...]:
        if (
            not isinstance(cards, tuple) or not cards
            or not all(isinstance(c, int) and not isinstance(c, bool) and 0 <= c < FACES
                       for c in cards)
        ):
            raise IllegalAction("name one or more cards", code="bad_cards", seat=seat)
        return cards

    # ------------------------------------------------------------------ swap (SHD-03)
    def _swap(self, seat: int, up: tuple[int, ...], hand: tuple[int, ...]) -> None:
        self._need_phase(seat, SWAP, "a swap")
        if seat not in self.queue:
            raise OutOfTurn("each player swaps once only, before play", code="already_swapped",
                            ruling="SHD-03", seat=seat)
        self._need_turn(seat, "SHD-03")
        up = self._cards_ok(seat, up)
        hand = self._cards_ok(seat, hand)
        if len(up) != len(hand):
            raise IllegalAction("a swap exchanges as many face-up cards as hand cards",
                                code="swap_count", ruling="SHD-03", seat=seat)
        if not contains(self.up[seat], up):
            raise IllegalAction("those are not all among your face-up cards",
                                code="not_face_up", ruling="SHD-03", seat=seat)
        if not contains(self.hands[seat], hand):
            raise IllegalAction("those are not all in your hand", code="not_in_hand",
                                ruling="SHD-03", seat=seat)
        if set(up) & set(hand):
            raise IllegalAction("swapping a card for the same card changes nothing",
                                code="swap_same_card", ruling="SHD-03", seat=seat)
        remove_all(self.up[seat], up)
        add_sorted(self.up[seat], hand)
        remove_all(self.hands[seat], hand)
        add_sorted(self.hands[seat], up)
        forget(self.known[seat], self.slots[seat], hand)
        add_sorted(self.known[seat], up)
        self._events.append(Event("swap", {"seat": seat, "to_hand": card_names(up),
                                           "to_face_up": card_names(hand)}))
        self._next_swapper()

    def _done(self, seat: int) -> None:
        self._need_phase(seat, SWAP, "'done'")
        if seat not in self.queue:
            raise OutOfTurn("you have already had your swap", code="already_swapped",
                            ruling="SHD-03", seat=seat)
        self._need_turn(seat, "SHD-03")
        self._events.append(Event("done", {"seat": seat}))
        self._next_swapper()

    def _next_swapper(self) -> None:
        self.queue.pop(0)
        if not self.queue:
            self._begin_play()

    # ------------------------------------------------------------------ play
    def _play(self, seat: int, cards: tuple[int, ...]) -> None:
        self._need_phase(seat, PLAY, "playing a card")
        self._need_turn(seat, "SHD-04")
        cards = self._cards_ok(seat, cards)
        v = VALUE[cards[0]]
        if any(VALUE[c] != v for c in cards):
            raise IllegalAction("only cards of one value may be played together",
                                code="mixed_values", ruling="SHD-07", seat=seat)
        hand = self.hands[seat]
        if hand:
            if not contains(hand, cards):
                if contains(self.up[seat], cards):
                    raise IllegalAction("face-up cards are played only once the hand is empty",
                                        code="hand_first", ruling="SHD-09", seat=seat)
                raise IllegalAction("those cards are not in your hand", code="not_in_hand",
                                    ruling="SHD-05", seat=seat)
            src, where = hand, "hand"
        elif self.up[seat]:
            if not contains(self.up[seat], cards):
                raise IllegalAction("those are not among your face-up cards",
                                    code="not_face_up", ruling="SHD-09", seat=seat)
            src, where = self.up[seat], "face_up"
        else:
            raise IllegalAction("only face-down cards are left: play one blind",
                                code="play_blind", ruling="SHD-10", seat=seat)
        self._check_fits(seat, v)
        remove_all(src, cards)
        if where == "hand":
            forget(self.known[seat], self.slots[seat], cards)
        self.pile.extend(cards)
        self._events.append(Event("play", {"seat": seat, "cards": card_names(cards),
                                           "from": where}))
        if where == "hand":
            self._draw(seat)
        self._resolve(seat, cards, v)

    def _check_fits(self, seat: int, v: int) -> None:
        if self.table.legal(v, self.level, self.cap):
            return
        if self.cap:
            raise IllegalAction(f"the next card must be {self.cap} or less",
                                code="over_cap", ruling="SHD-21", seat=seat)
        # five-or-less, skip and reverse are "placed on a lower number": cite their ruling
        ruling = _LOWER_RULING.get(self.table.kind[v], "SHD-05")
        raise IllegalAction(f"a {v} does not reach the pile's {self.level}",
                            code="too_low", ruling=ruling, seat=seat)

    def _draw(self, seat: int) -> None:
        """Draw back to three while the draw pile lasts (SHD-06)."""
        hand, stock = self.hands[seat], self.stock
        drawn: list[int] = []
        while len(hand) + len(drawn) < HAND_SIZE and stock:
            drawn.append(stock.pop())
        if drawn:
            add_sorted(hand, drawn)
            self.slots[seat].extend([0] * len(drawn))
            self._events.append(Event("draw", {"seat": seat, "count": len(drawn),
                                               "stock": len(stock)},
                                      {"cards": card_names(drawn)}, frozenset((seat,))))

    def _resolve(self, seat: int, cards: Sequence[int], v: int) -> None:
        """Carry out what the cards just laid do, then pass the turn."""
        table = self.table
        kind = table.kind[v]
        pile = self.pile
        in_play = sum(self.active)
        again = False
        skips = 0
        give = False
        run = self.rules.burn_run
        if run and len(pile) >= run and all(VALUE[c] == v for c in pile[-run:]):
            self._burn(seat, "four of a kind")
            again = True
        elif kind == BURN:
            self._burn(seat, "burn")
            again = True
        elif kind == GIVE:
            del pile[-len(cards):]
            self.removed.extend(cards)
            self._events.append(Event("removed", {"seat": seat, "cards": card_names(cards)}))
            give = bool(pile)
        else:
            times = len(cards) if table.each[v] else 1
            if kind == SKIP:
                skips = times
                self._events.append(Event("skip", {"seat": seat, "players": skips}))
            elif kind == REVERSE:
                if in_play > 2 and times % 2:
                    self.direction = -self.direction
                self._events.append(Event("reverse", {"seat": seat, "effective": in_play > 2,
                                                      "direction": self._direction_name()}))
            elif kind == UNDER and len(pile) > 1:
                for _ in range(times):
                    pile.append(pile.pop(0))
                self._events.append(Event("under_over", {"seat": seat,
                                                         "top": NAMES[pile[-1]]}))
        self._settle()
        if give:
            # the giver names the taker before leaving, even with no cards left: a
            # finished player never acts again
            targets = self._targets(seat)
            if len(targets) > 1:
                self.phase = GIVING
                self.turn = seat
                return
            self._hand_over(seat, targets[0])
        if self._check_finished(seat):
            return
        self._pass_turn(seat, again, skips)

    def _settle(self) -> None:
        self.level, self.cap = self.table.pile_state(self.pile)

    def _burn(self, seat: int, why: str) -> None:
        self._events.append(Event("burn", {"seat": seat, "reason": why,
                                           "cards": card_names(self.pile)}))
        self.burnt.extend(self.pile)
        self.pile.clear()

    def _check_finished(self, seat: int) -> bool:
        """Let a seat without cards leave; end the round if one seat is left (SHD-01)."""
        if self.active[seat] and not (self.hands[seat] or self.up[seat] or self.down[seat]):
            self.active[seat] = False
            self.finished.append(seat)
            self._events.append(Event("finished", {"seat": seat, "place": len(self.finished)}))
            left = [s for s in range(self.n) if self.active[s]]
            if len(left) == 1:
                self._end(left[0])
                return True
        return False

    def _pass_turn(self, seat: int, again: bool, skips: int = 0) -> None:
        if again and self.active[seat]:
            self.turn = seat
        else:
            self.turn = next_seat(seat, self.n, direction=self.direction, active=self.active,
                                  steps=1 + skips)

    def _tick(self) -> None:
        """Count an action of play; stop the round at ``Rules.action_limit``."""
        self.plays += 1
        if self.plays >= self.rules.action_limit:
            n = self.n
            order = [(self.turn + self.direction * k) % n for k in range(n)]
            left = [s for s in order if self.active[s]]
            loser = max(left, key=lambda s: (
                len(self.hands[s]) + len(self.up[s]) + len(self.down[s]), len(self.hands[s]),
                -left.index(s)))
            self.limit_hit = True
            self._end(loser)

    def _end(self, loser: int) -> None:
        """End the round; deal the next one while the match (``Rules.rounds``) lasts."""
        self.phase = OVER
        self.loser = loser
        self.queue = []
        self.tally[loser] += 1
        result = {"round": self.round_no, "loser": loser, "order": list(self.finished),
                  "limit": self.limit_hit}
        self.rounds_done.append(result)
        self._events.append(Event("round_over", {**result, "tally": list(self.tally)}))
        if self.round_no + 1 < self.rules.rounds:
            self.round_no += 1
            deck = pack(self.rules.decks).full_deck()
            self.rng.shuffle(deck)
            self._events.append(Event("shuffle", {"round": self.round_no}))
            self._deal(deck)
            return
        self._events.append(Event("game_over", {"loser": loser, "order": list(self.finished),
                                                "limit": self.limit_hit,
                                                "tally": list(self.tally)}))

    # ------------------------------------------------------------------ pickups
    def _take_pile(self, seat: int, extra: Sequence[int] = ()) -> list[int]:
        taken = [*self.pile, *extra]
        add_sorted(self.hands[seat], taken)
        add_sorted(self.known[seat], taken)
        self.pile.clear()
        self._settle()
        return taken

    def _pickup(self, seat: int) -> None:
        self._need_phase(seat, PLAY, "picking up")
        self._need_turn(seat, "SHD-04")
        if not self.hands[seat] and not self.up[seat]:
            raise IllegalAction("only face-down cards are left: play one blind",
                                code="play_blind", ruling="SHD-10", seat=seat)
        if not isinstance(self._play_actions(seat)[0], Pickup):
            raise IllegalAction("you can play a card, so you may not pick up",
                                code="must_play", ruling="SHD-08", seat=seat)
        # nothing fitted (SHD-08): the unseen cards of the hand hold no playable value
        bar(self.slots[seat], self.table.masks[self.cap][self.level])
        taken = self._take_pile(seat)
        self._events.append(Event("pickup", {"seat": seat, "cards": card_names(taken)}))
        self._pass_turn(seat, False)

    def _blind(self, seat: int, index: object) -> None:
        self._need_phase(seat, PLAY, "a blind card")
        self._need_turn(seat, "SHD-04")
        if self.hands[seat] or self.up[seat]:
            raise IllegalAction("face-down cards come only after the hand and face-up cards",
                                code="not_blind_yet", ruling="SHD-10", seat=seat)
        down = self.down[seat]
        if isinstance(index, bool) or not isinstance(index, int) or not 0 <= index < len(down):
            raise IllegalAction(f"you have {len(down)} face-down card(s), numbered from 0",
                                code="no_such_card", ruling="SHD-10", seat=seat)
        card = down.pop(index)
        v = VALUE[card]
        fits = self.table.legal(v, self.level, self.cap)
        self._events.append(Event("blind", {"seat": seat, "index": index, "card": NAMES[card],
                                            "fits": fits}))
        if fits:
            self.pile.append(card)
            self._resolve(seat, (card,), v)
            return
        taken = self._take_pile(seat, (card,))
        self._events.append(Event("pickup", {"seat": seat, "cards": card_names(taken)}))
        self._pass_turn(seat, False)

    # ------------------------------------------------------------------ give (SHD-28)
    def _give(self, seat: int, target: object) -> None:
        self._need_phase(seat, GIVING, "naming who takes the pile")
        self._need_turn(seat, "SHD-28")
        if (
            isinstance(target, bool) or not isinstance(target, int)
            or target not in self._targets(seat)
        ):
            raise IllegalAction("name another player still in the round",
                                code="bad_target", ruling="SHD-28", seat=seat)
        self.phase = PLAY
        self._hand_over(seat, target)
        if not self._check_finished(seat):
            self._pass_turn(seat, False)

    def _hand_over(self, seat: int, target: int) -> None:
        taken = self._take_pile(target)
        self._events.append(Event("give", {"seat": seat, "target": target,
                                           "cards": card_names(taken)}))

    # ------------------------------------------------------------------ results & views
    def outcome(self) -> Outcome:
        """One round: the loser (SHD-01), the first out as winner, ``scores`` = places.

        A match (``Rules.rounds`` > 1): the seats with the most lost rounds lose, those
        with the fewest win, and ``scores`` is the tally of lost rounds.
        """
        if self.phase != OVER:
            raise ValueError("the round is not over yet")
        n = self.n
        detail: dict[str, Any] = {
            "order": list(self.finished), "loser": self.loser, "limit": self.limit_hit,
            "cards_left": [len(self.hands[s]) + len(self.up[s]) + len(self.down[s])
                           for s in range(n)],
            "tally": list(self.tally), "rounds": [dict(r) for r in self.rounds_done],
        }
        if self.rules.rounds > 1:
            most, fewest = max(self.tally), min(self.tally)
            return Outcome(
                winners=frozenset(s for s in range(n) if self.tally[s] == fewest),
                losers=frozenset(s for s in range(n) if self.tally[s] == most),
                scores=tuple(self.tally), detail=detail,
            )
        places = [0] * n
        for i, s in enumerate(self.finished):
            places[s] = i + 1
        for s in range(n):
            if not places[s]:
                places[s] = n if s == self.loser else len(self.finished) + 1
        return Outcome(
            winners=frozenset(self.finished[:1]), losers=frozenset((self.loser,)),
            scores=tuple(places), detail=detail,
        )

    def restriction(self) -> str | None:
        """The restriction on the next card, in words (``None`` if there is none)."""
        return f"{self.cap} or less" if self.cap else None

    def view(self, seat: int | None) -> dict[str, Any]:
        seat = self.check_seat(seat)
        top = self.pile[-1] if self.pile else None
        v: dict[str, Any] = {
            "game": "shithead",
            "players": list(self.players),
            "seat": seat,
            "to_act": self.to_act,
            "phase": PHASES[self.phase],
            "direction": self._direction_name(),
            "starter": None if self.starter < 0 else self.starter,
            "hand_sizes": [len(h) for h in self.hands],
            "known": [card_names(k) for k in self.known],
            "face_up": [card_names(u) for u in self.up],
            "face_down": [len(d) for d in self.down],
            "pile": card_names(self.pile),
            "pile_top": None if top is None else NAMES[top],
            "pile_value": self.level,
            "restriction": self.restriction(),
            "top_effect": None if top is None else KIND_TITLES[self.table.kind[VALUE[top]]],
            "stock": len(self.stock),
            "aside": len(self.aside),
            "burnt": card_names(self.burnt),
            "removed": card_names(self.removed),
            "finished": list(self.finished),
            "in_play": list(self.active),
            "swapping": list(self.queue),
            "round": self.round_no,
            "rounds": self.rules.rounds,
            "tally": list(self.tally),
            "last_round": dict(self.rounds_done[-1]) if self.rounds_done else None,
        }
        if self.phase == OVER:
            v["result"] = self.outcome().to_dict()
        if seat is not None:
            v["hand"] = card_names(self.hands[seat])
            v["legal"] = [str(a) for a in self.legal_actions(seat)]
            v["prompt"] = self._prompt(seat)
        return v

    def _prompt(self, seat: int) -> str:
        if self.phase == OVER:
            if self.rules.rounds > 1:
                names = ", ".join(self.players[p] for p in sorted(self.outcome().losers))
                return f"The match is over: {names} lost the most rounds."
            return f"The round is over: {self.players[self.loser]} is the shithead."
        if self.to_act != seat:
            if not self.active[seat]:
                return "You have shed all your cards."
            return f"Waiting for {self.players[self.to_act or 0]}."
        if self.phase == SWAP:
            return "Swap face-up cards with hand cards once, or say done."
        if self.phase == GIVING:
            return "Take it, bad luck: name the player who takes the pile."
        limit = f" ({self.restriction()})" if self.cap else (
            f" (at least {self.level})" if self.level else "")
        if self.hands[seat]:
            return f"Play cards of one value from your hand{limit}, or pick up the pile."
        if self.up[seat]:
            return f"Play from your face-up cards{limit}, or pick up the pile."
        return "Turn up one of your face-down cards."

    # ------------------------------------------------------------------ copy & sampling
    def copy(self) -> Self:
        other = type(self).__new__(type(self))
        self._copy_common(other)
        other.phase = self.phase
        other.hands = [h.copy() for h in self.hands]
        other.up = [u.copy() for u in self.up]
        other.down = [d.copy() for d in self.down]
        other.stock = self.stock.copy()
        other.aside = self.aside.copy()
        other.pile = self.pile.copy()
        other.burnt = self.burnt.copy()
        other.removed = self.removed.copy()
        other.known = [k.copy() for k in self.known]
        other.slots = [k.copy() for k in self.slots]
        other.active = self.active.copy()
        other.finished = self.finished.copy()
        other.direction = self.direction
        other.turn = self.turn
        other.queue = self.queue.copy()
        other.starter = self.starter
        other.plays = self.plays
        other.loser = self.loser
        other.limit_hit = self.limit_hit
        other.level = self.level
        other.cap = self.cap
        other.table = self.table
        other.round_no = self.round_no
        other.tally = self.tally.copy()
        other.rounds_done = self.rounds_done.copy()
        other._events = []
        return other

    def sample_world(self, seat: int, rng: Any = None) -> Self:
        """A full state consistent with all ``seat`` has seen; hidden cards redealt.

        Kept where they are: ``seat``'s hand, every face-up card, the pile, burnt and
        removed cards, and every card publicly known to be in another hand (picked up from
        the pile, swapped up from the face-up cards, shown at the start, or a failed blind
        card). Redealt at random, in the same numbers: the rest of the other hands, every
        face-down card (the owner's too: nobody has seen them), the draw pile and the
        cards set aside. The unseen cards of another hand honour what the table inferred
        about them (:mod:`.inference`: nothing that fitted before a pick-up, nothing below
        the starter's card), and the worlds are uniform among those that do.
        """
        self.check_seat(seat)
        r = as_rng(rng)
        world = self.copy()
        world.rng = r.fork()
        pool: list[int] = []
        for s in range(self.n):
            if s != seat:
                pool.extend(minus(self.hands[s], self.known[s]))
            pool.extend(self.down[s])
        pool.extend(self.stock)
        pool.extend(self.aside)
        owners = [s for s in range(self.n) if s != seat for m in self.slots[s] if m]
        picked: list[list[int]] = [[] for _ in range(self.n)]
        if owners:
            masks = [m for s in range(self.n) if s != seat for m in self.slots[s] if m]
            chosen = pick_for_slots(pool, masks, r)
            for s, i in zip(owners, chosen, strict=True):
                picked[s].append(pool[i])
            gone = set(chosen)
            pool = [c for i, c in enumerate(pool) if i not in gone]
        r.shuffle(pool)
        k = 0
        for s in range(self.n):
            if s != seat:
                size = len(self.slots[s]) - len(picked[s])
                world.hands[s] = sorted(self.known[s] + picked[s] + pool[k:k + size])
                k += size
            size = len(self.down[s])
            world.down[s] = pool[k:k + size]
            k += size
        size = len(self.stock)
        world.stock = pool[k:k + size]
        world.aside = sorted(pool[k + size:])
        return world

    # ------------------------------------------------------------------ JSON
    def _dump(self) -> dict[str, Any]:
        return {
            "phase": PHASES[self.phase],
            "hands": self.hands,
            "up": self.up,
            "down": self.down,
            "stock": self.stock,
            "aside": self.aside,
            "pile": self.pile,
            "burnt": self.burnt,
            "removed": self.removed,
            "known": self.known,
            "slots": self.slots,
            "active": self.active,
            "finished": self.finished,
            "direction": self.direction,
            "turn": self.turn,
            "queue": self.queue,
            "starter": self.starter,
            "plays": self.plays,
            "loser": self.loser,
            "limit_hit": self.limit_hit,
            "round_no": self.round_no,
            "tally": self.tally,
            "rounds_done": self.rounds_done,
        }

    def _load(self, r: Reader) -> None:
        n = self.n
        last = n - 1
        hi = FACES - 1
        phase = r["phase"].str()
        if phase not in PHASES:
            raise r["phase"].fail(f"unknown phase {phase!r}")
        self.phase = PHASES.index(phase)
        self.table = compile_table(self.rules.effects)
        self.hands = [_codes(x, hi) for x in r["hands"].list(n)]
        self.up = [_codes(x, hi) for x in r["up"].list(n)]
        self.down = [_codes(x, hi) for x in r["down"].list(n)]
        self.stock = _codes(r["stock"], hi)
        self.aside = _codes(r["aside"], hi)
        self.pile = _codes(r["pile"], hi)
        self.burnt = _codes(r["burnt"], hi)
        self.removed = _codes(r["removed"], hi)
        self.known = [_codes(x, hi) for x in r["known"].list(n)]
        self.slots = [x.ints(0, ALL_VALUES) for x in r["slots"].list(n)]
        self.active = r["active"].bools()
        self.finished = r["finished"].ints(0, last)
        direction = r["direction"].int(-1, 1)
        if direction == 0:
            raise r["direction"].fail("direction is 1 or -1")
        self.direction = direction
        self.turn = r["turn"].int(0, last)
        self.queue = r["queue"].ints(0, last)
        self.starter = r["starter"].int(-1, last)
        self.plays = r["plays"].int(0)
        self.loser = r["loser"].int(-1, last)
        self.limit_hit = r["limit_hit"].bool()
        self.round_no = r["round_no"].int(0, self.rules.rounds - 1)
        self.tally = r["tally"].ints(0, self.rules.rounds)
        if len(self.tally) != n or sum(self.tally) != len(r["rounds_done"].list()):
            raise StateError("$.state.tally: does not match the rounds played")
        self.rounds_done = []
        for item in r["rounds_done"].items():
            item.keys()
            self.rounds_done.append({
                "round": item["round"].int(0, self.round_no), "loser": item["loser"].int(0, last),
                "order": item["order"].ints(0, last), "limit": item["limit"].bool()})
        self._events = []
        self._settle()
        if len(self.active) != n:
            raise StateError(f"$.state.active: expected {n} entries")
        for s in range(n):
            if self.hands[s] != sorted(self.hands[s]) or self.up[s] != sorted(self.up[s]):
                raise StateError(f"$.state: seat {s}'s cards are not in order")
            if sorted(self.known[s]) != self.known[s] or not contains(self.hands[s], self.known[s]):
                raise StateError(f"$.state.known[{s}]: not cards of that hand")
            if not consistent(self.slots[s], minus(self.hands[s], self.known[s])):
                raise StateError(f"$.state.slots[{s}]: do not fit the unseen cards of that hand")
            if self.active[s] == (s in self.finished):
                raise StateError(f"$.state: seat {s} is both in play and finished, or neither")
        if len(set(self.finished)) != len(self.finished):
            raise StateError("$.state.finished: a seat finishes only once")
        counts = [0] * FACES
        for cards in (self.stock, self.aside, self.pile, self.burnt, self.removed,
                      *self.hands, *self.up, *self.down):
            for c in cards:
                counts[c] += 1
        if counts != [self.rules.decks] * FACES:
            raise StateError("$.state: the cards do not add up to the pack")
        if (self.phase == SWAP) != bool(self.queue) or len(set(self.queue)) != len(self.queue):
            raise StateError("$.state.queue: seats wait to swap (each once) only before play")
        if self.phase == SWAP and self.finished:
            raise StateError("$.state.finished: nobody leaves the round before play")
        if self.phase != OVER and sum(self.active) < 2:
            raise StateError("$.state.active: a round goes on only while two seats hold cards")
        if self.phase in (PLAY, GIVING) and not self.active[self.turn]:
            raise StateError("$.state.turn: that seat has left the round")
        if self.phase == OVER and self.loser < 0:
            raise StateError("$.state.loser: a finished round has a loser")


def new_game(
    players: int | Sequence[str] = 4,
    seed: int | str = 0,
    rules: Rules | dict[str, Any] | str | None = None,
    deck: Sequence[str] | None = None,
    *,
    stock: int | None = None,
) -> State:
    """Start a round of Shithead.

    ``deck`` stacks the deal, top card first: nine cards per seat from seat 0 on (three
    face-down, three face-up, three for the hand), then the draw pile; the rest of the pack
    follows shuffled. ``stock`` keeps only that many cards in the draw pile and sets the
    rest aside unseen (for short scenarios and quick games).
    """
    r = coerce_rules(Rules, rules)
    names = normalize_players(players, MIN_PLAYERS, max_players(r.decks), "shithead")
    extra: dict[str, Any] = {}
    if stock is not None:
        extra["stock"] = stock
    if deck is not None and (isinstance(deck, str) or not isinstance(deck, Sequence)):
        raise SetupError("deck must be a list of cards, top card first")
    return State._fresh(names, check_seed(seed), r, deck, extra)


__all__ = ["MIN_PLAYERS", "State", "max_players", "new_game"]
