"""Every sampled world agrees with all the seat has seen (helper-134).

Seeded random playouts under several tables; at many moments, worlds of several seats are
checked against the public history, read here straight from the events and the rules
(not from the engine's own bookkeeping, :mod:`tablegames.shithead.inference`):

* the start (SHD-04): no hand held a lower rank than the card shown, the seats ahead of
  the starter in the tie order none of its rank, the starter none of it in an earlier
  suit;
* a forced pick-up (SHD-08): nothing in the hand fitted the pile.

The cards everybody has seen go into a hand and still there (``known_cards``) are read
from the events too (swapped up, picked up, given, shown at the start) and must be the
state's: with two decks a hand may hold two copies of a card, of which the table saw
one go in (the start shows the 2♥ a seat swapped up while another 2♥ was dealt to it:
the table has seen one 2♥, and which copy a play of the 2♥ took it cannot tell, so a
known copy goes first).

Each such fact holds for the unseen cards present when it was told, and for as many of
them as may still be in the hand: every unseen card played since that the fact allowed
might have been one of them, the rest must still be there. So a world must give the hand
at least that many unseen cards the fact and every later one allow. The world shows the
seat the same table, and two states the seat cannot tell apart (the state and one of its
worlds) give the same world for the same ``rng``.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

import pytest

from tablegames import shithead
from tablegames.common.bots import RandomBot
from tablegames.common.rng import Rng
from tablegames.shithead.cards import NAMES, VALUE, rank_table
from tablegames.shithead.multisets import minus
from tablegames.shithead.stages import PLAY

from .helpers import all_cards

ruling = pytest.mark.ruling


@dataclass
class Told:
    """A public fact about the unseen cards of one hand: the cards it rules out, and how
    many of the unseen cards it was told of may still be in the hand."""

    barred: set[int]
    left: int


class Table:
    """What the table has been told about each hand this round, from the events."""

    def __init__(self, state: shithead.State) -> None:
        self.told: list[list[Told]] = [[] for _ in range(state.n)]
        self.known: list[list[int]] = [[] for _ in range(state.n)]

    def _went(self, seat: int, names: list[str]) -> None:
        """Cards left the hand: the table cannot tell a known copy from an unseen one."""
        for c in map(NAMES.index, names):
            if c in self.known[seat]:
                self.known[seat].remove(c)

    def _tell(self, state: shithead.State, seat: int, barred: set[int]) -> None:
        for fact in self.told[seat]:  # the cards told of earlier were there too
            fact.barred |= barred
        unseen = len(state.hands[seat]) - len(state.known_cards[seat])
        self.told[seat].append(Told(set(barred), unseen))

    def step(self, before: shithead.State, action: Any, after: shithead.State,
             events: list[Any]) -> None:
        for e in events:
            if e.kind == "deal":
                self.told = [[] for _ in range(after.n)]
                self.known = [[] for _ in range(after.n)]
            elif e.kind == "swap":
                self._went(e.data["seat"], e.data["to_face_up"])
                self.known[e.data["seat"]] += [NAMES.index(c) for c in e.data["to_hand"]]
            elif e.kind in ("pickup", "give"):
                taker = e.data["target" if e.kind == "give" else "seat"]
                self.known[taker] += [NAMES.index(c) for c in e.data["cards"]]
            elif e.kind == "start" and e.data["shows"] is not None:
                shown = NAMES.index(e.data["shows"])
                if shown not in self.known[e.data["seat"]]:  # else the table saw it go in
                    self.known[e.data["seat"]].append(shown)
                self._start(after, e.data["seat"], shown)
            if e.kind == "play" and e.data["from"] == "hand":
                known = self.known[e.data["seat"]]
                for name in e.data["cards"]:
                    c = NAMES.index(name)
                    if c in known:
                        known.remove(c)
                        continue
                    for fact in self.told[e.data["seat"]]:
                        if c not in fact.barred:  # it may have been one told of
                            fact.left = max(0, fact.left - 1)
            elif (e.kind == "pickup" and before.rules.pickup == "forced"
                  and type(action) is shithead.actions.Pickup):
                fits = {c for c in range(52) if before.table.can_play_on(VALUE[c], before.top)}
                self._tell(after, e.data["seat"], fits)

    def _start(self, state: shithead.State, starter: int, shown: int) -> None:
        rank = rank_table(state.rules.aces)
        low = rank[VALUE[shown]]
        n = state.n
        order = [(state.round % n + state.direction * k) % n for k in range(n)]
        for i, s in enumerate(order):
            ahead = i < order.index(starter)
            barred = {c for c in range(52) if rank[VALUE[c]] < low or (
                ahead and rank[VALUE[c]] == low)}
            if s == starter:
                barred |= {c for c in range(52) if VALUE[c] == VALUE[shown] and c < shown}
            self._tell(state, s, barred)

    def check(self, state: shithead.State, seat: int, world: shithead.State) -> None:
        assert [sorted(k) for k in self.known] == [list(k) for k in state.known_cards]
        assert world.view(seat) == state.view(seat)
        assert world.view(None) == state.view(None)
        assert all_cards(world) == all_cards(state)
        for p in range(state.n):
            if p == seat:
                assert world.hands[p] == state.hands[p]
                continue
            assert world.known_cards[p] == state.known_cards[p]
            unseen = minus(world.hands[p], world.known_cards[p])
            for fact in self.told[p]:
                allowed = sum(1 for c in unseen if c not in fact.barred)
                assert allowed >= fact.left, (p, fact, [NAMES[c] for c in unseen])


SEEDS = tuple(range(6))
TABLES = [
    ("standard", {}, 3, SEEDS),
    ("lead_shown", {"lead_shown": True, "swap": False}, 4, SEEDS),
    ("aces_low", {"aces": "low", "swap_mode": "simultaneous"}, 3, SEEDS),
    ("classic", "classic", 4, SEEDS),
    ("cut_in", {"cut_in": True, "direction": "clockwise"}, 5, SEEDS),
    # two decks (6 to 11 seats, as simulate_kwargs sets them up): two copies of each
    # card. Seeds 21 (seven seats) and 161 (eleven) are the first whose starter shows a
    # card it swapped up while another copy of it was dealt to it (helper-140).
    ("two_decks", {"decks": 2}, 7, (*SEEDS[:4], 21)),
    ("two_decks_lead", {"decks": 2, "lead_shown": True}, 11, (*SEEDS[:3], 161)),
]


@ruling("SHD-04", "SHD-08")
@pytest.mark.parametrize(("name", "rules", "players", "seeds"), TABLES,
                         ids=[t[0] for t in TABLES])
def test_every_world_agrees_with_the_public_history(
        name: str, rules: Any, players: int, seeds: tuple[int, ...]) -> None:
    checked = 0
    for seed in seeds:
        s = shithead.new_game(players=players, seed=seed, rules=rules)
        table = Table(s)
        table.step(s, None, s, s._setup_events())  # without the swap, play opens at the deal
        bot = RandomBot(seed)
        step = 0
        while not s.is_over and step < 160:
            # as play opens, each seat's worlds are checked several times: the start's
            # facts are the ones that weigh most then
            opening = s.stage == PLAY and s.plays == 0
            if opening or step % 3 == 0:
                for viewer in range(s.n):
                    for k in range(8 if opening else 1):
                        world = s.sample_world(viewer, Rng(step * 64 + viewer * 8 + k))
                        table.check(s, viewer, world)
                        checked += 1
                    # the world is a state the seat cannot tell from this one: the same
                    # rng redeals it the same way
                    assert world.sample_world(viewer, Rng(step)).to_json() == \
                        s.sample_world(viewer, Rng(step)).to_json()
            before = s.copy()
            action = bot.choose(s)
            events = s.apply(action)
            table.step(before, action, s, events)
            step += 1
    assert checked > 100
