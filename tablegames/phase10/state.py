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
lowest total winning, with a tie-break hand among tied players (P10-53).

Decisions the sources leave open, and what we chose:

* Laying down is never compulsory: a player may hold a finished phase back.
* A skip still pending when the hand ends lapses; every hand starts with none.
* A dead hand — draw pile empty and nothing under the top discard to rebuild it from,
  with a Skip or nothing on top — ends with nobody out: everyone scores their hand.
* A Skip that has no seat left to skip (all others already pending) may be discarded
  against nobody (``discard S``); otherwise it must name a seat.
"""

from __future__ import annotations

from bisect import insort
from collections.abc import Sequence
from typing import Any, Self

from tablegames.common.actions import Action, Event
from tablegames.common.errors import IllegalAction, OutOfTurn, SetupError, StateError
from tablegames.common.outcome import Outcome
from tablegames.common.piles import as_stock, reshuffle_discards
from tablegames.common.rng import as_rng
from tablegames.common.rules import coerce_rules
from tablegames.common.seating import left_of, next_seat, seats_from
from tablegames.common.serialization import Reader
from tablegames.common.state import BaseState, check_seed, normalize_players
from tablegames.phase10 import actions as A
from tablegames.phase10.actions import Discard, Draw, Hit, Lay, Take
from tablegames.phase10.cards import (
    COLOUR,
    N_FACES,
    NAMES,
    NUMBER,
    PACK,
    POINTS,
    SKIP,
    WILD,
    card_names,
    counts_of,
    display_order,
)
from tablegames.phase10.groups import Group, describe_group, group_fault
from tablegames.phase10.layouts import lay_downs
from tablegames.phase10.rules import COLOUR_GROUP, KIND_WORDS, RUN, SET, Rules, describe_phase

DRAW, PLAY, OVER = range(3)
STEPS = ("draw", "play", "over")
MIN_PLAYERS, MAX_PLAYERS = 2, 6

#: A laid group on the table: (kind, key, cards). For a run the key is its lowest number
#: and the cards are in position order, so a Wild's number is ``key + index`` (P10-54).
TableGroup = tuple[int, int, tuple[int, ...]]

_LAY_CACHE: dict[tuple[int, tuple[int, ...], Any, bool], list[Action]] = {}


def clear_caches() -> None:
    """Forget every memoised lay-down (for benchmarks that time the enumerator cold)."""
    _LAY_CACHE.clear()



def hit_values(group: TableGroup, card: int) -> list[int]:
    """Where ``card`` could land on ``group``: ``[0]`` for a set or colour group it fits,
    the run numbers a Wild could take, ``[0]`` for a natural extending a run, or ``[]``."""
    kind, key, cards = group
    if card == SKIP:
        return []
    if kind == SET:
        return [0] if card == WILD or NUMBER[card] == key else []
    if kind == COLOUR_GROUP:
        return [0] if card == WILD or COLOUR[card] == key else []
    lo, hi = key, key + len(cards) - 1
    if card == WILD:
        return [v for v in (lo - 1, hi + 1) if 1 <= v <= 12]
    return [0] if NUMBER[card] in (lo - 1, hi + 1) else []


class State(BaseState):
    """A whole game of Phase 10 (see the module docstring for the flow)."""

    GAME = "phase10"
    RULES = Rules

    step: int
    hand_no: int
    dealer: int
    turn: int
    hands: list[list[int]]
    stock: list[int]
    discard: list[int]
    laid: list[list[TableGroup]]
    done: list[int]
    made: list[int]
    target: list[int]
    laid_phase: list[int]
    down: list[bool]
    laid_this_turn: bool
    pending: list[bool]
    scores: list[int]
    playing: list[bool]
    tiebreak: bool
    known: list[list[int]]
    reshuffled: list[int] | None
    drawn_since: list[list[int]]
    winner: int
    results: list[dict[str, Any]]

    @classmethod
    def parse_action(cls, text: str) -> Action:
        """Read Phase 10 action notation (``"0:draw"``, ``"1:lay set3=R3,B3,W ..."``)."""
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
        total = len(rules.phases)
        phases = extra.get("phases", [1] * n)
        if (
            not isinstance(phases, list | tuple) or len(phases) != n
            or not all(isinstance(x, int) and not isinstance(x, bool) and 1 <= x <= total
                       for x in phases)
        ):
            raise SetupError(f"phases must be {n} phase numbers in 1..{total}")
        scores = extra.get("scores", [0] * n)
        if (
            not isinstance(scores, list | tuple) or len(scores) != n
            or not all(isinstance(x, int) and not isinstance(x, bool) and 0 <= x <= 10**6
                       for x in scores)
        ):
            raise SetupError(f"scores must be {n} non-negative ints")
        dealer = extra.get("dealer", n - 1)
        if isinstance(dealer, bool) or not isinstance(dealer, int) or not 0 <= dealer < n:
            raise SetupError(f"dealer must be a seat in 0..{n - 1}")
        self.done = [p - 1 for p in phases]
        self.made = [(1 << d) - 1 for d in self.done]
        self.scores = list(scores)
        self.dealer = dealer
        self.hand_no = 0
        self.tiebreak = False
        self.playing = [True] * n
        self.winner = -1
        self.results = []
        self._events = []
        self._start_hand(first=True)
        self._setup_log = list(self._events)
        self._events = []
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
        stock = as_stock(deck)
        order = list(seats_from(left_of(self.dealer, n), n, active=self.playing))
        self.hands = [[] for _ in range(n)]
        for s in order:
            self.hands[s] = sorted(stock.pop() for _ in range(rules.hand_size))
        last = len(rules.phases) - 1
        self.target = [
            (last if self.tiebreak else self._first_open(s)) if self.playing[s] else -1
            for s in range(n)
        ]
        self.laid_phase = [-1] * n
        self.laid = [[] for _ in range(n)]
        self.down = [False] * n
        self.pending = [False] * n
        self.known = [[] for _ in range(n)]
        self.reshuffled = None
        self.drawn_since = [[] for _ in range(n)]
        self.laid_this_turn = False
        self.discard = [stock.pop()]
        first_player = order[0]
        ev.append(Event("deal", {
            "hand": self.hand_no, "dealer": self.dealer, "first": first_player,
            "discard": NAMES[self.discard[-1]], "tiebreak": self.tiebreak,
            "phases": [t + 1 if t >= 0 else None for t in self.target],
        }))
        for s in order:
            ev.append(Event("cards", {"seat": s}, {"cards": card_names(self.hands[s])},
                            frozenset((s,))))
        self.stock = stock
        if self.discard[-1] == SKIP:
            if rules.first_skip == "twist":
                while self.discard[-1] == SKIP and stock:
                    self.discard.append(stock.pop())
                    ev.append(Event("cover", {"card": NAMES[self.discard[-1]]}))
            else:
                self.pending[first_player] = True
        self._begin_turn(first_player)

    def _first_open(self, seat: int) -> int:
        """The lowest phase ``seat`` has not completed (the last one if all are done)."""
        made = self.made[seat]
        total = len(self.rules.phases)
        return next((i for i in range(total) if not made >> i & 1), total - 1)

    def open_phases(self, seat: int) -> list[int]:
        """Phase indices ``seat`` may lay this hand: its current phase, or with
        ``phase_choice`` every phase it has not completed (the last one in a tie-break)."""
        if self.target[seat] < 0:
            return []
        if self.tiebreak or not self.rules.phase_choice:
            return [self.target[seat]]
        made = self.made[seat]
        return [i for i in range(len(self.rules.phases)) if not made >> i & 1]

    def _next_playing(self, seat: int) -> int:
        """The next seat clockwise that plays this hand (all, or the tie-break's seats)."""
        return next_seat(seat, self.n, active=self.playing)

    def _begin_turn(self, seat: int) -> None:
        while self.pending[seat]:
            self.pending[seat] = False
            self._events.append(Event("skipped", {"seat": seat}))
            seat = self._next_playing(seat)
        self.turn = seat
        self.step = DRAW
        self.laid_this_turn = False
        if not self.stock and len(self.discard) <= 1 and (
            not self.discard or self.discard[-1] == SKIP
        ):
            self._end_hand(-1)

    # ------------------------------------------------------------------ protocol
    @property
    def to_act(self) -> int | None:
        return None if self.step == OVER else self.turn

    def legal_actions(self, seat: int | None = None) -> list[Action]:
        if self.step == OVER:
            return []
        if seat is None:
            seat = self.turn
        if seat != self.turn:
            return []
        if self.step == DRAW:
            out: list[Action] = []
            if self.stock or len(self.discard) > 1:
                out.append(A.DRAW[seat])
            if self.discard and self.discard[-1] != SKIP:
                out.append(A.TAKE[seat])
            return out
        hand = self.hands[seat]
        out = []
        if not self.down[seat]:
            out.extend(self.lay_actions(seat))
        elif self.may_hit(seat):
            out.extend(self.hit_actions(seat))
        prev = -1
        for c in hand:
            if c == prev:
                continue
            prev = c
            if c == SKIP:
                targets = self.skip_targets(seat)
                if targets:
                    out.extend(A.skip(seat, t) for t in targets)
                else:
                    out.append(A.discard(seat, SKIP))
            else:
                out.append(A.discard(seat, c))
        return out

    def lay_actions(self, seat: int) -> list[Action]:
        """Every distinct lay-down of ``seat``'s current phase (or open phases) from its hand."""
        per_group = self.rules.naturals == "group"
        counts = tuple(counts_of(self.hands[seat]))
        reqs = self.rules.phase_reqs
        out: list[Action] = []
        for index in self.open_phases(seat):
            phase = reqs[index]
            key = (seat, counts, phase, per_group)
            acts = _LAY_CACHE.get(key)
            if acts is None:
                if len(_LAY_CACHE) > 4096:
                    _LAY_CACHE.clear()
                acts = [Lay(seat, groups) for groups in lay_downs(counts, phase, per_group)]
                _LAY_CACHE[key] = acts
            out.extend(acts)
        return out

    def may_hit(self, seat: int) -> bool:
        """Whether ``seat`` may hit now at all (its phase is down, P10-50)."""
        return self.down[seat]

    def hit_actions(self, seat: int) -> list[Action]:
        """Every card of ``seat``'s hand onto every group it fits, with each Wild's place."""
        out: list[Action] = []
        same_turn_only_own = self.laid_this_turn and not self.rules.hit_same_turn
        faces = sorted(set(self.hands[seat]))
        for owner in range(self.n):
            if same_turn_only_own and owner != seat:
                continue
            for gi, group in enumerate(self.laid[owner]):
                for c in faces:
                    for v in hit_values(group, c):
                        out.append(Hit(seat, c, owner, gi, v))
        return out

    def skip_targets(self, seat: int) -> list[int]:
        """Seats ``seat`` may skip: others in the hand not already waiting out a skip (P10-24)."""
        return [
            t for t in range(self.n)
            if t != seat and self.playing[t] and not self.pending[t]
        ]

    # ------------------------------------------------------------------ apply
    def _apply(self, action: Action) -> list[Event]:
        seat = action.seat
        if isinstance(seat, bool) or not isinstance(seat, int) or not 0 <= seat < self.n:
            raise IllegalAction(f"there is no seat {seat!r}", code="no_such_seat")
        if seat != self.turn:
            raise OutOfTurn(f"it is {self.players[self.turn]}'s turn", code="out_of_turn",
                            ruling="P10-31", seat=seat)
        self._events = []
        kind = type(action)
        if kind is Draw or kind is Take:
            if self.step != DRAW:
                raise IllegalAction("you have already drawn this turn; play or discard",
                                    code="already_drew", ruling="P10-31", seat=seat)
            if kind is Draw:
                self._draw(seat)
            else:
                self._take(seat)
            return self._events
        if kind not in (Lay, Hit, Discard):
            raise IllegalAction(f"{action!r} is not a Phase 10 action", code="not_an_action")
        if not all(type(v) is int for v in _number_fields(action)):
            raise IllegalAction(f"{action!r}: cards, seats and groups are given by whole numbers",
                                code="bad_action", seat=seat)
        if self.step == DRAW:
            raise IllegalAction("first draw a card or take the top discard",
                                code="draw_first", ruling="P10-31", seat=seat)
        if kind is Lay:
            self._lay(seat, action)  # type: ignore[arg-type]
        elif kind is Hit:
            self._hit(seat, action)  # type: ignore[arg-type]
        else:
            self._discard(seat, action)  # type: ignore[arg-type]
        return self._events

    def _draw(self, seat: int) -> None:
        if not self.stock:
            if len(self.discard) <= 1:
                raise IllegalAction("the draw pile is empty and cannot be rebuilt",
                                    code="draw_empty", ruling="P10-59", seat=seat)
            self.reshuffled = sorted(self.discard[:-1])
            moved = reshuffle_discards(self.stock, self.discard, self.rng, keep_top=True)
            self.drawn_since = [[] for _ in range(self.n)]
            self._events.append(Event("reshuffle", {"cards": moved}))
        card = self.stock.pop()
        insort(self.hands[seat], card)
        if self.reshuffled is not None:
            self.drawn_since[seat].append(card)
        self.step = PLAY
        self._events.append(Event("draw", {"seat": seat, "stock": len(self.stock)},
                                  {"card": NAMES[card]}, frozenset((seat,))))

    def _take(self, seat: int) -> None:
        if not self.discard:
            raise IllegalAction("the discard pile is empty", code="take_empty",
                                ruling="P10-31", seat=seat)
        card = self.discard[-1]
        if card == SKIP:
            raise IllegalAction("a Skip may never be taken from the discard pile",
                                code="take_skip", ruling="P10-23", seat=seat)
        self.discard.pop()
        insort(self.hands[seat], card)
        self.known[seat].append(card)
        self.step = PLAY
        self._events.append(Event("take", {"seat": seat, "card": NAMES[card]}))

    def _lay_fault(self, seat: int, groups: tuple[Group, ...]) -> tuple[str, str, str] | None:
        """Why this lay-down is refused, as (code, ruling, message), or ``None``."""
        if self.down[seat]:
            return ("already_down", "P10-44", "you have already laid a phase this hand")
        if not isinstance(groups, tuple) or not all(isinstance(g, Group) for g in groups):
            return ("not_a_group", "P10-40", "a lay-down is a tuple of groups")
        for g in groups:
            fault = group_fault(g)
            if fault is not None:
                return fault
        got = sorted((g.kind, len(g.cards)) for g in groups)
        index = self._phase_of(seat, got)
        want = sorted(self.rules.phase_reqs[index])
        name = describe_phase(self.rules.phases[index])
        kinds_got = [k for k, _ in got]
        kinds_left = [k for k, _ in want]
        for k in kinds_got:
            if k not in kinds_left:
                return ("wrong_phase", "P10-41",
                        f"your phase is phase {index + 1}: {name}")
            kinds_left.remove(k)
        if kinds_left:
            return ("incomplete_phase", "P10-42", f"the whole phase must be laid at once: {name}")
        if got != want:
            if any(g < w for (_, g), (_, w) in zip(got, want, strict=True)):
                return ("incomplete_phase", "P10-42", f"the whole phase must be laid: {name}")
            return ("lay_exact", "P10-43",
                    f"lay each group at its size ({name}); add extra cards by hitting")
        if self.rules.naturals == "group":
            for g in groups:
                if not g.naturals:
                    return ("no_natural", "P10-54", f"{g} needs at least one natural card")
        elif not any(g.naturals for g in groups):
            return ("no_natural", "P10-54", "the phase needs at least one natural card")
        need = counts_of(c for g in groups for c in g.cards)
        have = counts_of(self.hands[seat])
        if any(need[c] > have[c] for c in range(N_FACES)):
            return ("not_in_hand", "P10-42", "you do not hold those cards")
        return None

    def _phase_of(self, seat: int, got: list[tuple[int, int]]) -> int:
        """The open phase a lay-down's group shapes make (else the seat's current one)."""
        reqs = self.rules.phase_reqs
        for index in self.open_phases(seat):
            if sorted(reqs[index]) == got:
                return index
        return self.target[seat]

    def _lay(self, seat: int, action: Lay) -> None:
        fault = self._lay_fault(seat, action.groups)
        if fault is not None:
            code, ruling, msg = fault
            raise IllegalAction(msg, code=code, ruling=ruling, seat=seat)
        groups = sorted(action.groups, key=lambda g: g.sort_key)
        for g in groups:
            for c in g.cards:
                self._remove(seat, c)
        index = self._phase_of(seat, sorted((g.kind, len(g.cards)) for g in groups))
        self.laid[seat] = [(g.kind, g.key, g.cards) for g in groups]
        self.down[seat] = True
        self.laid_phase[seat] = index
        self.laid_this_turn = True
        if not self.tiebreak:
            self.done[seat] += 1
            self.made[seat] |= 1 << index
        self._events.append(Event("lay", {
            "seat": seat, "phase": index + 1,
            "groups": [str(g) for g in groups], "completed": self.done[seat],
        }))
        if not self.hands[seat]:
            self._end_hand(seat)

    def _hit(self, seat: int, action: Hit) -> None:
        if not self.down[seat]:
            raise IllegalAction("you may hit only once your own phase is down",
                                code="not_down", ruling="P10-50", seat=seat)
        owner, gi, card, value = action.owner, action.group, action.card, action.value
        if not (isinstance(owner, int) and 0 <= owner < self.n
                and isinstance(gi, int) and 0 <= gi < len(self.laid[owner])):
            raise IllegalAction(f"there is no group {owner}.{gi} on the table",
                                code="no_such_group", ruling="P10-50", seat=seat)
        if owner != seat and self.laid_this_turn and not self.rules.hit_same_turn:
            raise IllegalAction(
                "house rule: you may hit others' groups only from the turn after laying down",
                code="hit_next_turn", ruling="P10-50", seat=seat)
        if not isinstance(card, int) or card not in self.hands[seat]:
            raise IllegalAction("that card is not in your hand", code="not_in_hand",
                                ruling="P10-50", seat=seat)
        if card == SKIP:
            raise IllegalAction("a Skip is never part of a phase", code="skip_in_phase",
                                ruling="P10-22", seat=seat)
        kind, key, cards = group = self.laid[owner][gi]
        fits = hit_values(group, card)
        if kind == RUN and card != WILD and key <= NUMBER[card] < key + len(cards):
            raise IllegalAction("cards already laid stay where they are; nothing is swapped",
                                code="no_swap", ruling="P10-47", seat=seat)
        if not fits:
            ruling = "P10-56" if kind == RUN else ("P10-10" if kind == SET else "P10-17")
            raise IllegalAction(f"{NAMES[card]} does not fit {owner}.{gi}",
                                code="does_not_fit", ruling=ruling, seat=seat)
        wild_in_run = kind == RUN and card == WILD
        if (value != 0) != wild_in_run or (wild_in_run and value not in fits):
            raise IllegalAction(
                "a Wild on a run names the free number at either end it stands for "
                f"({' or '.join(map(str, fits))}); other hits name no number",
                code="wild_value", ruling="P10-54", seat=seat)
        self._remove(seat, card)
        if kind == RUN:
            number = value if card == WILD else NUMBER[card]
            if number < key:
                self.laid[owner][gi] = (kind, key - 1, (card, *cards))
            else:
                self.laid[owner][gi] = (kind, key, (*cards, card))
        else:
            self.laid[owner][gi] = (kind, key, tuple(sorted((*cards, card))))
        self._events.append(Event("hit", {"seat": seat, "card": NAMES[card], "group": f"{owner}.{gi}",
                                          "value": value or None}))
        if not self.hands[seat]:
            self._end_hand(seat)

    def _discard(self, seat: int, action: Discard) -> None:
        card, target = action.card, action.target
        if not isinstance(card, int) or card not in self.hands[seat]:
            raise IllegalAction("that card is not in your hand", code="not_in_hand",
                                ruling="P10-31", seat=seat)
        if card == SKIP:
            targets = self.skip_targets(seat)
            if target == -1 and targets:
                raise IllegalAction("name the player your Skip skips ('discard S>SEAT')",
                                    code="skip_needs_target", ruling="P10-20", seat=seat)
            if target != -1 and target not in targets:
                if target == seat:
                    code, ruling, msg = "skip_self", "P10-20", "a Skip makes another player lose a turn"
                elif isinstance(target, int) and 0 <= target < self.n and self.pending[target]:
                    code, ruling, msg = ("already_skipped", "P10-24",
                                         f"{self.players[target]} is already waiting out a skip")
                else:
                    code, ruling, msg = "no_such_target", "P10-20", f"seat {target} cannot be skipped"
                raise IllegalAction(msg, code=code, ruling=ruling, seat=seat)
        elif target != -1:
            if card == WILD:
                raise IllegalAction("a Wild cannot be used as a Skip", code="wild_not_skip",
                                    ruling="P10-26", seat=seat)
            raise IllegalAction("only a Skip names a player", code="not_a_skip",
                                ruling="P10-20", seat=seat)
        self._remove(seat, card)
        self.discard.append(card)
        data: dict[str, Any] = {"seat": seat, "card": NAMES[card]}
        if card == SKIP and target != -1:
            self.pending[target] = True
            data["skips"] = target
        self._events.append(Event("discard", data))
        if not self.hands[seat]:
            self._end_hand(seat)
        else:
            self._begin_turn(self._next_playing(seat))

    def _remove(self, seat: int, card: int) -> None:
        self.hands[seat].remove(card)
        known = self.known[seat]
        if card in known:
            known.remove(card)

    # ------------------------------------------------------------------ end of hand
    def _end_hand(self, out: int) -> None:
        n = self.n
        added = [0] * n
        for s in range(n):
            if self.playing[s] and s != out:
                added[s] = sum(POINTS[c] for c in self.hands[s])
                self.scores[s] += added[s]
        result = {
            "hand": self.hand_no, "out": out if out >= 0 else None, "added": added,
            "tiebreak": self.tiebreak,
            "completed": [p + 1 if p >= 0 else None for p in self.laid_phase],
        }
        self.results.append(result)
        self._events.append(Event("hand_over", dict(result)))
        self.step = OVER  # provisional: a new hand below sets DRAW again
        total = len(self.rules.phases)
        if self.tiebreak:
            if out >= 0:
                self._finish(out)
                return
            contenders = [s for s in range(n) if self.playing[s]]
        else:
            finishers = [s for s in range(n) if self.done[s] >= total]
            if not finishers:
                contenders = []
            else:
                low = min(self.scores[s] for s in finishers)
                contenders = [s for s in finishers if self.scores[s] == low]
                if len(contenders) == 1:
                    self._finish(contenders[0])
                    return
        if contenders:
            self.tiebreak = True
            self.playing = [s in contenders for s in range(n)]
            self._events.append(Event("tiebreak", {"seats": contenders}))
        self.hand_no += 1
        self.dealer = (self.dealer + 1) % n
        self._start_hand(first=False)

    def _finish(self, winner: int) -> None:
        self.winner = winner
        self.step = OVER
        self.pending = [False] * self.n
        self._events.append(Event("game_over", {"winner": winner, "scores": list(self.scores)}))

    # ------------------------------------------------------------------ results & views
    def outcome(self) -> Outcome:
        if self.step != OVER:
            raise ValueError("the game is not over yet")
        w = self.winner
        return Outcome(
            winners=frozenset((w,)), losers=frozenset(s for s in range(self.n) if s != w),
            scores=tuple(self.scores),
            detail={"phases_completed": list(self.done), "hands": self.hand_no + 1,
                    "tiebreak": self.tiebreak},
        )

    def table(self) -> list[list[dict[str, Any]]]:
        """Every seat's laid groups, as views show them."""
        out = []
        for s in range(self.n):
            row = []
            for gi, (kind, key, cards) in enumerate(self.laid[s]):
                g: dict[str, Any] = {
                    "group": f"{s}.{gi}", "kind": KIND_WORDS[kind],
                    "cards": card_names(cards),
                    "text": describe_group(Group(kind, key, cards)),
                }
                if kind == SET:
                    g["number"] = key
                elif kind == RUN:
                    g["numbers"] = list(range(key, key + len(cards)))
                else:
                    g["colour"] = ("red", "blue", "green", "yellow")[key]
                row.append(g)
            out.append(row)
        return out

    def view(self, seat: int | None) -> dict[str, Any]:
        """What ``seat`` may see: everything public, plus its own hand and choices.

        Public: the phase each seat works on and how many it has completed, who is down,
        every laid group (``laid``, with the numbers a run's Wilds stand for), the whole
        discard pile (``discard``, bottom first) and its top, the draw pile's size, hand
        sizes, the cards each seat took from the discard pile and still holds
        (``known_cards``: the table saw them go in), pending skips, scores and the last
        hand's result. Private to ``seat``: ``hand``, ``legal`` and ``prompt``. Never
        shown: other hands and the order of the draw pile.
        """
        seat = self.check_seat(seat)
        phases = self.rules.phases
        v: dict[str, Any] = {
            "game": "phase10",
            "players": list(self.players),
            "seat": seat,
            "to_act": self.to_act,
            "step": STEPS[self.step],
            "hand_no": self.hand_no,
            "dealer": self.dealer,
            "playing": list(self.playing),
            "tiebreak": self.tiebreak,
            "phases": [
                {"phase": t + 1, "text": describe_phase(phases[t]),
                 "open": [i + 1 for i in self.open_phases(s)]} if t >= 0 else None
                for s, t in enumerate(self.target)
            ],
            "completed": list(self.done),
            "down": list(self.down),
            "laid": self.table(),
            "discard": card_names(self.discard),
            "discard_top": NAMES[self.discard[-1]] if self.discard else None,
            "stock_size": len(self.stock),
            "hand_sizes": [len(h) for h in self.hands],
            "known_cards": [card_names(k) for k in self.known],
            "pending_skips": [s for s in range(self.n) if self.pending[s]],
            "scores": list(self.scores),
            "last_hand": _json_copy(self.results[-1]) if self.results else None,
        }
        if self.step == OVER:
            v["result"] = self.outcome().to_dict()
        if seat is not None:
            v["hand"] = card_names(display_order(self.hands[seat]))
            v["legal"] = [str(a) for a in self.legal_actions(seat)]
            v["prompt"] = self._prompt(seat)
        return v

    def _prompt(self, seat: int) -> str:
        if self.step == OVER:
            return "The game is over."
        if seat != self.turn:
            if not self.playing[seat]:
                return "You sit out this tie-break hand."
            return f"Waiting for {self.players[self.turn]}."
        t = self.target[seat]
        phase = f"phase {t + 1} ({describe_phase(self.rules.phases[t])})"
        open_ = self.open_phases(seat)
        if len(open_) > 1:
            phase = "any of phases " + ", ".join(str(i + 1) for i in open_)
        if self.step == DRAW:
            top = NAMES[self.discard[-1]] if self.discard else "nothing"
            return f"Draw a card, or take the {top} from the discard pile. You may lay {phase}."
        if not self.down[seat]:
            return f"Lay down {phase} if you can, then discard a card."
        return "Hit cards onto the laid-down groups, then discard a card."

    # ------------------------------------------------------------------ copy & sampling
    def copy(self) -> Self:
        other = type(self).__new__(type(self))
        self._copy_common(other)
        other.step = self.step
        other.hand_no = self.hand_no
        other.dealer = self.dealer
        other.turn = self.turn
        other.hands = [h.copy() for h in self.hands]
        other.stock = self.stock.copy()
        other.discard = self.discard.copy()
        other.laid = [g.copy() for g in self.laid]
        other.done = self.done.copy()
        other.made = self.made.copy()
        other.target = self.target.copy()
        other.laid_phase = self.laid_phase.copy()
        other.down = self.down.copy()
        other.laid_this_turn = self.laid_this_turn
        other.pending = self.pending.copy()
        other.scores = self.scores.copy()
        other.playing = self.playing.copy()
        other.tiebreak = self.tiebreak
        other.known = [k.copy() for k in self.known]
        other.reshuffled = self.reshuffled
        other.drawn_since = [d.copy() for d in self.drawn_since]
        other.winner = self.winner
        other.results = self.results.copy()
        other._events = []
        other._setup_log = self._setup_log
        return other

    def sample_world(self, seat: int, rng: Any = None) -> Self:
        """A full state consistent with all ``seat`` has seen; hidden cards redealt.

        Seen, and kept where they are: ``seat``'s hand, every laid group, the whole discard
        pile, and the cards other seats took from the discard pile and have not played
        since (``known``). Everything else — the rest of the other hands and the draw pile
        — is redealt at random; hand sizes and pile sizes never change. After a reshuffle
        this hand the draw pile can only hold cards that went into it (less those ``seat``
        drew since), so the new draw pile is a random choice among those and the other
        hands get the rest. (That keeps every hard constraint; it does not weigh worlds by
        how likely the others' play made them.) What the others drew since the reshuffle is
        their secret, so the world does not carry it.
        """
        self.check_seat(seat)
        r = as_rng(rng)
        world = self.copy()
        world.rng = r.fork()
        unseen = [PACK.counts[c] for c in range(N_FACES)]
        seen = list(self.hands[seat]) + list(self.discard)
        seen += [c for row in self.laid for _, _, cards in row for c in cards]
        seen += [c for s in range(self.n) if s != seat for c in self.known[s]]
        for c in seen:
            unseen[c] -= 1
        if self.reshuffled is None:
            pool = [c for c in range(N_FACES) for _ in range(unseen[c])]
            r.shuffle(pool)
            stock = pool[:len(self.stock)]
            rest = pool[len(self.stock):]
        else:
            could = counts_of(self.reshuffled)
            for c in self.drawn_since[seat]:
                could[c] -= 1
            cand = [c for c in range(N_FACES) for _ in range(max(0, min(could[c], unseen[c])))]
            r.shuffle(cand)
            stock = cand[:len(self.stock)]
            left = list(unseen)
            for c in stock:
                left[c] -= 1
            rest = [c for c in range(N_FACES) for _ in range(left[c])]
            r.shuffle(rest)
        world.stock = stock
        # what the others drew since a reshuffle is their secret: the world forgets it
        world.drawn_since = [d.copy() if s == seat else [] for s, d in enumerate(self.drawn_since)]
        k = 0
        for s in range(self.n):
            if s == seat:
                continue
            size = len(self.hands[s]) - len(self.known[s])
            world.hands[s] = sorted(self.known[s] + rest[k:k + size])
            k += size
        if k != len(rest) or len(stock) != len(self.stock):
            raise StateError("no deal is consistent with what this seat has seen")
        return world

    # ------------------------------------------------------------------ JSON
    def _dump(self) -> dict[str, Any]:
        return {
            "step": STEPS[self.step],
            "hand_no": self.hand_no,
            "dealer": self.dealer,
            "turn": self.turn,
            "hands": self.hands,
            "stock": self.stock,
            "discard": self.discard,
            "laid": [[[k, key, list(cards)] for k, key, cards in row] for row in self.laid],
            "done": self.done,
            "made": self.made,
            "target": self.target,
            "laid_phase": self.laid_phase,
            "down": self.down,
            "laid_this_turn": self.laid_this_turn,
            "pending": self.pending,
            "scores": self.scores,
            "playing": self.playing,
            "tiebreak": self.tiebreak,
            "known": self.known,
            "reshuffled": self.reshuffled,
            "drawn_since": self.drawn_since,
            "winner": self.winner,
            "results": self.results,
        }

    def _load(self, r: Reader) -> None:
        n = self.n
        last = n - 1
        top = N_FACES - 1
        total = len(self.rules.phases)
        step = r["step"].str()
        if step not in STEPS:
            raise r["step"].fail(f"unknown step {step!r}")
        self.step = STEPS.index(step)
        self.hand_no = r["hand_no"].int(0)
        self.dealer = r["dealer"].int(0, last)
        self.turn = r["turn"].int(0, last)
        self.hands = [sorted(x.ints(0, top)) for x in r["hands"].list(n)]
        self.stock = r["stock"].ints(0, top)
        self.discard = r["discard"].ints(0, top)
        self.laid = []
        for row in r["laid"].list(n):
            groups: list[TableGroup] = []
            for g in row.items():
                kind_r, key_r, cards_r = g.list(3)
                tg = (kind_r.int(0, 2), key_r.int(0, 12), tuple(cards_r.ints(0, top)))
                fault = group_fault(Group(*tg))
                if fault is not None or not tg[2]:
                    raise g.fail(f"not a valid group: {fault}")
                groups.append(tg)
            self.laid.append(groups)
        self.done = r["done"].ints(0, total)
        self.made = r["made"].ints(0, (1 << total) - 1)
        self.target = r["target"].ints(-1, total - 1)
        self.laid_phase = r["laid_phase"].ints(-1, total - 1)
        self.down = r["down"].bools()
        self.laid_this_turn = r["laid_this_turn"].bool()
        self.pending = r["pending"].bools()
        self.scores = r["scores"].ints(0)
        self.playing = r["playing"].bools()
        for name in ("done", "made", "target", "laid_phase", "down", "pending", "scores",
                     "playing"):
            if len(getattr(self, name)) != n:
                raise StateError(f"$.state.{name}: expected {n} entries")
        self.tiebreak = r["tiebreak"].bool()
        self.known = [x.ints(0, top) for x in r["known"].list(n)]
        rs = r["reshuffled"]
        self.reshuffled = None if rs.value is None else rs.ints(0, top)
        self.drawn_since = [x.ints(0, top) for x in r["drawn_since"].list(n)]
        self.winner = r["winner"].int(-1, last)
        self.results = []
        for item in r["results"].items():
            item.keys()
            self.results.append(item.raw())
        self._events = []
        self._setup_log = []
        cards = [c for h in self.hands for c in h] + self.stock + self.discard
        cards += [c for row in self.laid for _, _, cs in row for c in cs]
        if any(bin(m).count("1") != d for m, d in zip(self.made, self.done, strict=True)):
            raise StateError("$.state.made: does not match the phases completed")
        if counts_of(cards) != list(PACK.counts):
            raise StateError("$.state: the cards do not add up to one 108-card pack")
        for s in range(n):
            if any(self.known[s].count(c) > self.hands[s].count(c) for c in set(self.known[s])):
                raise StateError(f"$.state.known[{s}]: known cards not in that hand")
        if self.step != OVER:
            if not self.playing[self.turn] or (self.step == PLAY and not self.hands[self.turn]):
                raise StateError("$.state.turn: the seat to act cannot act")
        elif self.winner < 0:
            raise StateError("$.state.winner: a finished game needs a winner")


def _number_fields(action: Action) -> tuple[Any, ...]:
    """The int fields of a hit or a discard. Checked by exact type: ``True`` or ``1.0``
    compare equal to a card code or seat and would slip into the state and the history."""
    if isinstance(action, Hit):
        return (action.card, action.owner, action.group, action.value)
    if isinstance(action, Discard):
        return (action.card, action.target)
    return ()


def _json_copy(result: dict[str, Any]) -> dict[str, Any]:
    """A copy of a hand result for a view, so callers cannot edit the state through it."""
    return {k: list(v) if isinstance(v, list) else v for k, v in result.items()}


def new_game(
    players: int | Sequence[str] = 4,
    seed: int | str = 0,
    rules: Rules | dict[str, Any] | str | None = None,
    deck: Sequence[str] | None = None,
    *,
    dealer: int | None = None,
    phases: Sequence[int] | None = None,
    scores: Sequence[int] | None = None,
) -> State:
    """Start a game of Phase 10.

    ``deck`` stacks the first hand, top card first: ``hand_size`` cards to each seat from
    the dealer's left, then the first discard, then the draw pile (top first); the rest
    of the pack follows shuffled. ``dealer`` picks the first dealer (default: the last
    seat, so seat 0 plays first); ``phases`` starts each seat on a phase number (1-based)
    and ``scores`` from a running total, for scenarios and resumed games.
    """
    names = normalize_players(players, MIN_PLAYERS, MAX_PLAYERS, "phase10")
    r = coerce_rules(Rules, rules)
    extra: dict[str, Any] = {}
    if dealer is not None:
        extra["dealer"] = dealer
    if phases is not None:
        extra["phases"] = list(phases)
    if scores is not None:
        extra["scores"] = list(scores)
    if deck is not None and (isinstance(deck, str) or not isinstance(deck, Sequence)):
        raise SetupError("deck must be a list of cards, top card first")
    return State._fresh(names, check_seed(seed), r, deck, extra)


__all__ = ["MAX_PLAYERS", "MIN_PLAYERS", "State", "clear_caches", "hit_values", "new_game"]
