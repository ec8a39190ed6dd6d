"""Shithead for RL: action ids (multi-card plays and swaps spelled card by card),
observations and rewards.

**Action ids** (``n`` seats; cards are the 52 face codes, value-major: code =
(value − 1) × 4 + suit, clubs, diamonds, hearts, spades, so 0 is the ace of clubs and 51
the king of spades; labels use the game's card notation, ``A♣``):

===============  ==================================================================
0                ends this seat's swap: ``done`` (``Rules.swap_mode="turns"``: keep
                 the face-up cards as they are) or ``ready`` (``"simultaneous"``)
1 + c            swap: face-up card ``c`` goes to the hand
53 + c           swap: hand card ``c`` goes face up
105 + c          play: card ``c`` (from the hand, or the face-up cards once the hand
                 is empty); out of turn, the cut-in of ``Rules.cut_in``
157              end the play with the cards chosen
158 + i          ``blind i``: turn up face-down card ``i`` (0..2)
161              ``pickup``
162 + (r − 1)    ``give`` the pile to the seat ``r`` places clockwise (r = 1..n−1)
162 + n − 1      ``unready`` (only with ``swap_mode="simultaneous"``)
last             ``pass`` (only with ``interrupts=True``)
===============  ==================================================================

The ids are a function of the player count and the rules alone: the simultaneous swap
adds ``unready`` (its ``ready`` takes id 0, which in a swap by turns is ``done``: both
end the seat's swapping), and ``interrupts=True`` adds ``pass``; ``codec.READY``,
``codec.UNREADY`` (−1 when absent) and ``codec.PASS`` name them.

**Spelling.** A play of ``k`` cards of one value is spelled as its cards in code order,
then "end"; a swap of ``k`` face-up cards for ``k`` hand cards as the face-up cards in code
order, then the hand cards in code order:

>>> from tablegames import shithead
>>> from tablegames.adapters import make_codec
>>> codec = make_codec("shithead", players=3)
>>> codec.spell(shithead.parse_action("0:play 7c,7d"))
(129, 130, 157)
>>> codec.spell(shithead.parse_action("0:swap 5h,6d/9c,10s"))
(19, 22, 85, 92)
>>> simultaneous = make_codec("shithead", players=3, rules={"swap_mode": "simultaneous"})
>>> [simultaneous.label(i) for i in (0, simultaneous.UNREADY)]
['ready', 'unready']

Each prefix offered extends to a legal action, and the session takes every letter that has
no alternative itself: a card with no other of its value in the hand is one decision ("end"
follows by itself). The engine's ``Play`` and ``Swap`` actions are unchanged. With several
decks a card code may appear more than once in a spelling.

**Interrupts.** Two rules let a seat act when it is not ``to_act``: ``Rules.cut_in`` (a
seat holding the cards that complete four of a kind on the pile plays them out of turn)
and the simultaneous swap (every seat still swapping may swap or say ``ready``, and a
ready seat may say ``unready``, while ``to_act`` is only the first seat still swapping).
Without ``interrupts=True`` those seats act only when they are ``to_act``: nobody cuts
in, and the seats swap one after the other (a ready seat stays ready). With
``interrupts=True`` every other seat that has such an action is polled before each
decision of the seat to act (see :mod:`tablegames.adapters.base`): it takes one (a
cut-in or swap is spelled as above) or passes. Whether a hand holds a cut-in is hidden,
so every seat the pile is open to (``State.cut_in_open``: public facts) is polled, with
only ``pass`` if its hand holds no cut-in: the current player tells no agent what a
hand holds. A table of random players may ready and
unready for a long time; ``Rules.action_limit`` closes the swap.

**Observation** (``d`` decks; counts are divided by ``d``, the most copies of a face):

===========  ===============  ==========================================================
field        size             meaning
===========  ===============  ==========================================================
hand         52               my hand, count per face
chosen       3 × 52           my spelling so far: face-up cards to swap, hand cards to
                              swap, cards to play
seats        n × 112          per seat: face-up cards (52), its hand cards all have seen
                              (52), hand size/52d, face-down/3, still in play, finished
                              (place/n), to act, starter, still swapping (not ready),
                              rounds lost/rounds
pile         52               the pile, count per face
top          52               the pile's top card
burnt        52               burnt cards
removed      52               cards out of play (Take-it-bad-luck)
stage        4                swap, play, give, over
polled       1                asked for an interrupt
playable     13               per value (A, 2 … K): may go on the pile now (the effects
                              table's restrictions, whatever they are)
table        6                pile value/14 (the rank to reach; 14 is an ace ranked high),
                              the pile restricts the next play, play goes clockwise
                              (the next seat is seat + 1), draw pile/52d, aside/52d,
                              round/rounds
===========  ===============  ==========================================================

**Rewards**: one round has one loser, the shithead (−1); every other seat gets
+1/(n−1). In a match (``rounds`` > 1) the seats that lost the most rounds are the losers
and share −1, the others share +1; a match every seat lost as often is a draw (all 0).
"""

from __future__ import annotations

from array import array
from collections.abc import Mapping
from typing import Any

from tablegames.adapters.base import Codec, CodecError, GameAdapter, Layout, ViewKeys
from tablegames.adapters.observation import Buffer, Observer, index_of
from tablegames.common.actions import Action
from tablegames.common.errors import quoted
from tablegames.shithead import actions as A
from tablegames.shithead import stages
from tablegames.shithead.cards import FACES, NAMES, RANK_TEXT

DONE, UP, HAND, PLAY, END, BLIND, PICKUP, GIVE = 0, 1, 53, 105, 157, 158, 161, 162
_DOWN = 3  # face-down cards per seat (SHD-02)
#: The value of each rank as a view writes it (``"A"`` is 1), for the ``playable`` field.
_VALUE_OF_RANK = {text: v for v, text in enumerate(RANK_TEXT) if v}


def _cards(value: object) -> tuple[int, ...]:
    if not isinstance(value, tuple) or not value or not all(
        type(c) is int and 0 <= c < FACES for c in value
    ):
        raise CodecError(f"{value!r} is not a list of Shithead cards")
    return tuple(sorted(value))


class ShitheadCodec(Codec):
    """Shithead's ids and spellings (see the module docstring)."""

    game = "shithead"

    def chance_size(self) -> int:
        """Chance outcomes are card codes (a face's copies share one code)."""
        return len(NAMES)

    def polled(self, state: Any, seat: int) -> bool:
        """A cut-in depends on the cards in a hand: every seat the pile is open to
        (``State.cut_in_open``, public facts) is asked, holding the cards or not, so the
        adapter's current player tells nobody what a hand holds. The simultaneous swap
        and a cut-in from face-up cards depend on public facts: those seats are asked
        when they have the action."""
        if (state.rules.cut_in and state.stage == stages.PLAY and seat != state.active
                and state.hands[seat] and state.cut_in_open(seat) is not None):
            return True
        return bool(state.legal_actions(seat))

    def chance_label(self, pile: str, outcome: int) -> str:
        return f"{pile}: {NAMES[outcome]}" if 0 <= outcome < len(NAMES) else f"{pile}: {outcome}"

    def _declare(self) -> None:
        self.simultaneous = self.rules.swap_mode == "simultaneous"
        #: The id of ``ready`` (that of ``done`` in a swap by turns: both end the swap).
        self.READY = DONE
        self._add("ready" if self.simultaneous else "done")
        self._block(f"swap face-up {name}" for name in NAMES)
        self._block(f"swap hand {name}" for name in NAMES)
        self._block(f"play {name}" for name in NAMES)
        self._add("end play")
        self._block(f"blind {i}" for i in range(_DOWN))
        self._add("pickup")
        self._block(f"give to seat +{r}" for r in range(1, self.n))
        #: The id of ``unready`` (−1 unless the swap is simultaneous).
        self.UNREADY = self._add("unready") if self.simultaneous else -1

    def longest_spelling(self) -> int:
        """A play of every copy of one value and "end", or a swap of three for three."""
        return max(4 * int(self.rules.decks) + 1, 2 * _DOWN)

    def _spell(self, action: Action) -> tuple[int, ...]:
        cls = type(action)
        if cls is A.Play:
            cards = _cards(action.cards)  # type: ignore[attr-defined]
            return (*(PLAY + c for c in cards), END)
        if cls is A.Swap:
            up = _cards(action.up)  # type: ignore[attr-defined]
            hand = _cards(action.hand)  # type: ignore[attr-defined]
            if len(up) != len(hand):
                raise CodecError(f"{action} swaps unequal numbers of cards")
            return (*(UP + c for c in up), *(HAND + c for c in hand))
        if cls is (A.Ready if self.simultaneous else A.Done):
            return (DONE,)
        if cls is A.Unready and self.simultaneous:
            return (self.UNREADY,)
        if cls is A.Pickup:
            return (PICKUP,)
        if cls is A.Blind:
            index = action.index  # type: ignore[attr-defined]
            if type(index) is int and 0 <= index < _DOWN:
                return (BLIND + index,)
        elif cls is A.Give:
            target = action.target  # type: ignore[attr-defined]
            if type(target) is int and 0 <= target < self.n and target != action.seat:
                return (GIVE + self.seat_offset(action.seat, target) - 1,)
        raise CodecError(f"{action!r} is not a Shithead action the adapter knows")

    def _build(self, ids: tuple[int, ...], seat: int) -> Action:
        first = ids[0]
        if PLAY <= first < END:
            if ids[-1] != END or not all(PLAY <= i < END for i in ids[:-1]):
                raise CodecError(f"{quoted(list(ids))}: a play is its cards, then 'end play' ({END})")
            return A.play(seat, tuple(sorted(i - PLAY for i in ids[:-1])))
        if UP <= first < HAND:
            k = sum(1 for i in ids if UP <= i < HAND)
            up, hand = ids[:k], ids[k:]
            if len(hand) != k or not all(HAND <= i < PLAY for i in hand):
                raise CodecError(f"{quoted(list(ids))}: a swap is k face-up cards, then k hand cards")
            return A.swap(seat, tuple(sorted(i - UP for i in up)),
                          tuple(sorted(i - HAND for i in hand)))
        if len(ids) == 1:
            if first == DONE:
                return A.ready(seat) if self.simultaneous else A.done(seat)
            if first == self.UNREADY:
                return A.unready(seat)
            if first == PICKUP:
                return A.pickup(seat)
            if BLIND <= first < PICKUP:
                return A.blind(seat, first - BLIND)
            if GIVE <= first < GIVE + self.n - 1:
                return A.give(seat, self.seat_at(seat, first - GIVE + 1))
        raise CodecError(f"{quoted(list(ids))} is not a Shithead action")


KEYS = ViewKeys("shithead", {
    "stage": ("stage", "phase"),
    "hand": ("hand",),
    "hand_sizes": ("hand_sizes",),
    "known_cards": ("known_cards", "known"),
    "face_up": ("face_up",),
    "face_down": ("face_down",),
    "pile": ("pile",),
    "pile_top": ("pile_top",),
    "pile_value": ("pile_value",),
    "restriction": ("restriction",),
    "playable": ("playable",),
    "direction": ("direction",),
    "starter": ("starter",),
    "stock": ("stock", "stock_size"),
    "aside": ("aside",),
    "burnt": ("burnt",),
    "removed": ("removed",),
    "finished": ("finished",),
    "playing": ("playing", "in_play"),
    "swapping": ("swapping",),
    "to_act": ("to_act",),
    "round": ("round",),
    "rounds": ("rounds",),
    "tally": ("tally",),
})

STAGES = index_of(("swap", "play", "give", "over"))
CARD = index_of(NAMES)
_SEAT = 2 * FACES + 8


class ShitheadObserver(Observer):
    """Shithead observations (see the module docstring for the layout)."""

    KEYS = KEYS
    OPTIONAL = frozenset({"hand"})

    def _declare(self, layout: Layout) -> None:
        n = self.n
        self.d = float(self.rules.decks)
        self.o_hand = layout.add("hand", FACES, "my hand, count per face")
        self.o_chosen = layout.add("chosen", 3 * FACES,
                                   "my spelling so far: face-up to swap, hand to swap, to play")
        self.o_seats = layout.add(
            "seats", n * _SEAT,
            "per seat: face-up cards, known hand cards, hand size, face-down, in play, "
            "finished place, to act, starter, to swap, rounds lost")
        self.o_pile = layout.add("pile", FACES, "the pile, count per face")
        self.o_top = layout.add("top", FACES, "the pile's top card")
        self.o_burnt = layout.add("burnt", FACES, "burnt cards")
        self.o_removed = layout.add("removed", FACES, "cards out of play")
        self.o_stage = layout.add("stage", len(STAGES), "swap, play, give, over")
        self.o_polled = layout.add("polled", 1, "asked for an interrupt")
        self.o_playable = layout.add("playable", 13, "per value A..K: may go on the pile now")
        self._flags: dict[tuple[str, ...], array[float]] = {}
        self.o_table = layout.add("table", 6, "pile value, restricted, play goes clockwise, "
                                              "draw pile, aside, round")

    def _playable(self, ranks: list[str]) -> array[float]:
        """The 13 ``playable`` flags of a view's list, remembered per list: a table has
        one list per effective top, so at most 14 are ever built (written as one slice)."""
        key = tuple(ranks)
        hit = self._flags.get(key)
        if hit is None:
            hit = array("f", bytes(4 * 13))
            for rank in ranks:
                hit[_VALUE_OF_RANK[rank] - 1] = 1.0
            if len(self._flags) < 64:  # a view from elsewhere cannot grow it without bound
                self._flags[key] = hit
        return hit

    def _cards(self, buf: Buffer, start: int, names: list[str]) -> None:
        """Count per face of ``names`` at ``start`` (divided by the number of decks)."""
        if self.d == 1.0:  # one deck: every face at most once
            a = buf.a
            for name in names:
                a[start + CARD[name]] = 1.0
        elif names:
            buf.counts(start, [CARD[c] for c in names], self.d)

    def _fill(self, view: Mapping[str, Any], k: Any, me: int, prefix: tuple[int, ...],
              polled: bool, buf: Buffer) -> None:
        n, d = self.n, self.d
        a = buf.a
        at = self._at[me]
        cards = self._cards
        if k.hand is not None:
            cards(buf, self.o_hand, view[k.hand])
        if prefix:
            buf.counts(self.o_chosen, [(i - UP) if i < HAND else (i - HAND + FACES)
                                       if i < PLAY else (i - PLAY + 2 * FACES)
                                       for i in prefix if UP <= i < END], d)
        sizes, known, up = view[k.hand_sizes], view[k.known_cards], view[k.face_up]
        down, playing, swapping = view[k.face_down], view[k.playing], view[k.swapping]
        tally, rounds = view[k.tally], view[k.rounds]
        finished = view[k.finished]
        most = FACES * d
        for s in range(n):
            i = self.o_seats + _SEAT * at[s]
            cards(buf, i, up[s])
            cards(buf, i + FACES, known[s])
            i += 2 * FACES
            a[i] = sizes[s] / most
            a[i + 1] = down[s] / _DOWN
            if playing[s]:
                a[i + 2] = 1.0
            if s in finished:
                a[i + 3] = (finished.index(s) + 1) / n
            if s in swapping:
                a[i + 6] = 1.0
            a[i + 7] = tally[s] / rounds
        for seat, feature in ((view[k.to_act], 4), (view[k.starter], 5)):
            if seat is not None:
                a[self.o_seats + _SEAT * at[seat] + 2 * FACES + feature] = 1.0
        cards(buf, self.o_pile, view[k.pile])
        top = view[k.pile_top]
        if top is not None:
            a[self.o_top + CARD[top]] = 1.0
        cards(buf, self.o_burnt, view[k.burnt])
        cards(buf, self.o_removed, view[k.removed])
        a[self.o_stage + STAGES[view[k.stage]]] = 1.0
        if polled:
            a[self.o_polled] = 1.0
        p = self.o_playable
        a[p:p + 13] = self._playable(view[k.playable])
        t = self.o_table
        a[t] = view[k.pile_value] / 14
        if view[k.restriction] is not None:
            a[t + 1] = 1.0
        if view[k.direction] == "clockwise":
            a[t + 2] = 1.0
        a[t + 3] = view[k.stock] / most
        a[t + 4] = view[k.aside] / most
        a[t + 5] = view[k.round] / rounds


ADAPTER = GameAdapter(
    "shithead", ShitheadCodec, ShitheadObserver,
    rewards="the shithead (or, in a match, the seats with most lost rounds) share −1, "
            "the other seats share +1",
)
