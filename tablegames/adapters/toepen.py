"""Toepen for RL: action ids, observations and rewards.

**Action ids** (``n`` seats; with ``interrupts=True`` one more id, ``pass``, comes last):

=======  ======================================================================
0..31    ``play`` the card with that code (suit-major, J Q K A 7 8 9 10: 0 = Jc)
32       ``knock``
33       ``fold``
34       ``stay``
35       ``exchange``
36       ``keep``
37       ``challenge``
38       ``accept``
39       ``pass`` (only with ``interrupts=True``: a polled seat does not knock)
=======  ======================================================================

Every Toepen action is one id:

>>> from tablegames import toepen
>>> from tablegames.adapters import make_codec
>>> codec = make_codec("toepen", players=4)
>>> codec.num_distinct_actions, codec.encode(toepen.parse_action("2:play Th")), codec.label(23)
(39, 23, 'play Th')

**Interrupts**: unless ``Rules(knock_only_on_turn=True)``,
any seat still in the hand may knock at any moment of play (TOE-21). By default
(``interrupts=True`` in every environment, as in the arena) every other seat that may
knock is polled, knock or ``pass``, before each decision of the seat to play (see
:mod:`tablegames.adapters.base`); with ``interrupts=False`` a seat is offered its knock
only when it is to act (on its turn to play, it is among its actions).

**Observation** (``n`` seats, seat blocks relative to the observer, see
:mod:`tablegames.adapters.observation`):

===============  ===========  ========================================================
field            size         meaning
===============  ===========  ========================================================
hand             32           my cards
trick            n × 32       the current trick: the card each seat played to it
played           32           cards of the hand's earlier tricks
thrown           32           exchanged-away cards I may see (mine, or turned up by a
                              challenge), at either exchange
withdrawn        32           only with ``fold_withdraws``: cards taken back out of a
                              trick this hand (out of play)
shown            n × 32       only with ``bluff_takes_back``: per seat, the cards left
                              of a hand every player has seen (a caught bluffer's)
set_aside        32           only with ``bluff_takes_back``: my drawn cards set aside
                              face down (no other seat's: they are hidden)
second_exchange  1            only with ``second_exchange``: the second exchange round
                              has begun this hand
stage            6            exchange, challenge, poverty, play, respond, over
polled           1            I am asked whether to knock out of turn
seats            n × 13       per seat: lives/limit, out, in the hand, folded, in
                              poverty, exchanged, cards held/4, dealer, leads this
                              trick, to act, last knocker, knocker, exchanger (whose
                              exchange is being judged, stage challenge)
table            4            stake/limit, knocks/limit, trick number/4, stock/32
===============  ===========  ========================================================

Each field holds only what the observer's view shows, so the house rules' fields add no
hidden information: ``set_aside`` and another seat's thrown cards are in the view only
where the seat may see them.

**Rewards**: a Toepen game ends in a rubber when a seat reaches the life limit (or, under
``ending="elimination"``, when one seat is left); the losers are the seats at the limit.
Each loser gets −1/L and every other seat +1/(n−L) (zero-sum; see
:func:`tablegames.adapters.base.returns`).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from tablegames.adapters.base import Codec, CodecError, GameAdapter, Layout, ViewKeys
from tablegames.adapters.observation import Buffer, Observer, index_of
from tablegames.common.actions import Action
from tablegames.common.errors import quoted
from tablegames.toepen import actions as A
from tablegames.toepen.cards import NAMES

#: The plain verbs after the 32 plays, in id order.
_VERBS: tuple[type[Action], ...] = (A.Knock, A.Fold, A.Stay, A.Exchange, A.Keep,
                                    A.Challenge, A.Accept)
_VERB_ID = {cls: 32 + i for i, cls in enumerate(_VERBS)}


class ToepenCodec(Codec):
    """Toepen's ids (see the module docstring)."""

    game = "toepen"

    def chance_size(self) -> int:
        """Chance outcomes are card codes (the 32-card pack)."""
        return len(NAMES)

    def chance_label(self, pile: str, outcome: int) -> str:
        return f"{pile}: {NAMES[outcome]}" if 0 <= outcome < len(NAMES) else f"{pile}: {outcome}"

    def _declare(self) -> None:
        self._block(f"play {name}" for name in NAMES)
        self._block(cls.verb for cls in _VERBS)

    def _spell(self, action: Action) -> tuple[int, ...]:
        cls = type(action)
        if cls is A.Play:
            card = action.card  # type: ignore[attr-defined]
            if isinstance(card, int) and not isinstance(card, bool) and 0 <= card < 32:
                return (card,)
        elif cls in _VERB_ID:
            return (_VERB_ID[cls],)
        raise CodecError(f"{action!r} is not a Toepen action the adapter knows")

    def _build(self, ids: tuple[int, ...], seat: int) -> Action:
        if len(ids) != 1 or ids[0] == self.PASS:
            raise CodecError(f"{quoted(list(ids))} is not a Toepen action")
        i = ids[0]
        if i < 32:
            return A.play(seat, i)
        return _VERBS[i - 32](seat)


KEYS = ViewKeys("toepen", {
    "stage": ("stage", "phase"),
    "hand": ("hand",),
    "trick": ("trick",),
    "tricks": ("tricks",),
    "thrown": ("thrown",),
    "lives": ("lives", "scores"),
    "limit": ("limit",),
    "out": ("out",),
    "in_hand": ("playing", "in_hand"),
    "folded": ("folded",),
    "poverty": ("poverty",),
    "exchanged": ("exchanged",),
    "hand_sizes": ("hand_sizes",),
    "dealer": ("dealer",),
    "leader": ("leader",),
    "to_act": ("to_act",),
    "last_knocker": ("last_knocker",),
    "knocker": ("knocker",),
    "stake": ("stake",),
    "knocks": ("knocks",),
    "trick_no": ("trick_no", "trick_number"),
    "stock": ("stock", "stock_size"),
    "exchanger": ("exchanger",),
    "thrown_again": ("thrown_again",),
    "exchange_round": ("exchange_round",),
    "withdrawn": ("withdrawn",),
    "shown": ("shown",),
    "set_aside": ("set_aside",),
})

STAGES = index_of(("exchange", "challenge", "poverty", "play", "respond", "over"))
CARD = index_of(NAMES)
_SEAT_FEATURES = 13


class ToepenObserver(Observer):
    """Toepen observations (see the module docstring for the layout)."""

    KEYS = KEYS
    OPTIONAL = frozenset({"hand"})

    def _declare(self, layout: Layout) -> None:
        n = self.n
        self.o_hand = layout.add("hand", 32, "my cards")
        self.o_trick = layout.add("trick", n * 32, "per seat: its card in the current trick")
        self.o_played = layout.add("played", 32, "cards of this hand's earlier tricks")
        self.o_thrown = layout.add("thrown", 32, "exchanged-away cards I may see")
        rules = self.rules
        # The house rules' fields come only with their rule, so the standard layout
        # stays as small as it was (the per-seat exchanger is new for every table).
        self.o_withdrawn = (layout.add("withdrawn", 32, "cards taken back out of a trick")
                            if rules.fold_withdraws else -1)
        self.o_shown = (layout.add("shown", n * 32, "per seat: a hand every player has seen")
                        if rules.bluff_takes_back else -1)
        self.o_aside = (layout.add("set_aside", 32, "my drawn cards set aside face down")
                        if rules.bluff_takes_back else -1)
        self.o_round = (layout.add("second_exchange", 1, "the second exchange round began")
                        if rules.second_exchange else -1)
        self.o_stage = layout.add("stage", len(STAGES), "stage of the hand, one-hot")
        self.o_polled = layout.add("polled", 1, "asked whether to knock out of turn")
        self.o_seats = layout.add(
            "seats", n * _SEAT_FEATURES,
            "per seat: lives/limit, out, in hand, folded, poverty, exchanged, cards/4, "
            "dealer, leader, to act, last knocker, knocker, exchanger")
        self.o_table = layout.add("table", 4, "stake/limit, knocks/limit, trick/4, stock/32")

    def _fill(self, view: Mapping[str, Any], k: Any, me: int, prefix: tuple[int, ...],
              polled: bool, buf: Buffer) -> None:
        a = buf.a
        at = self._at[me]
        if k.hand is not None:
            o = self.o_hand
            for name in view[k.hand]:
                a[o + CARD[name]] = 1.0
        o = self.o_trick
        for item in view[k.trick]:
            a[o + 32 * at[item["seat"]] + CARD[item["card"]]] = 1.0
        o = self.o_played
        for trick in view[k.tricks]:
            for item in trick["cards"]:
                a[o + CARD[item["card"]]] = 1.0
        o = self.o_thrown
        for cards in (*view[k.thrown], *view[k.thrown_again]):
            if cards:
                for name in cards:
                    a[o + CARD[name]] = 1.0
        if self.o_withdrawn >= 0:
            o = self.o_withdrawn
            for item in view[k.withdrawn]:
                a[o + CARD[item["card"]]] = 1.0
        if self.o_shown >= 0:
            o = self.o_shown
            for s, cards in enumerate(view[k.shown]):
                if cards:
                    for name in cards:
                        a[o + 32 * at[s] + CARD[name]] = 1.0
            o = self.o_aside
            for cards in view[k.set_aside]:  # only the observer's own: the view's redaction
                if cards:
                    for name in cards:
                        a[o + CARD[name]] = 1.0
        if self.o_round >= 0 and view[k.exchange_round] == 2:
            a[self.o_round] = 1.0
        a[self.o_stage + STAGES[view[k.stage]]] = 1.0
        if polled:
            a[self.o_polled] = 1.0
        limit = view[k.limit]
        lives, out, in_hand = view[k.lives], view[k.out], view[k.in_hand]
        folded, poverty, exchanged = view[k.folded], view[k.poverty], view[k.exchanged]
        sizes = view[k.hand_sizes]
        base = self.o_seats
        for s in range(self.n):
            i = base + _SEAT_FEATURES * at[s]
            x = lives[s] / limit
            a[i] = x if x < 1.0 else 1.0
            if out[s]:
                a[i + 1] = 1.0
            if in_hand[s]:
                a[i + 2] = 1.0
            if folded[s]:
                a[i + 3] = 1.0
            if poverty[s]:
                a[i + 4] = 1.0
            if exchanged[s]:
                a[i + 5] = 1.0
            a[i + 6] = sizes[s] / 4
        for seat, feature in ((view[k.dealer], 7), (view[k.leader], 8), (view[k.to_act], 9),
                              (view[k.last_knocker], 10), (view[k.knocker], 11),
                              (view[k.exchanger], 12)):
            if seat is not None:
                a[base + _SEAT_FEATURES * at[seat] + feature] = 1.0
        t = self.o_table
        buf.set(t, view[k.stake] / limit)
        buf.set(t + 1, view[k.knocks] / limit)
        a[t + 2] = view[k.trick_no] / 4
        a[t + 3] = view[k.stock] / 32


ADAPTER = GameAdapter(
    "toepen", ToepenCodec, ToepenObserver,
    rewards="losers (the seats at the life limit) share −1, the other seats share +1",
)
