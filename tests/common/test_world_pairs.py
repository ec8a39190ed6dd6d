"""Two real games one seat cannot tell apart give that seat the same worlds (helper-201).

The standard: a world from ``sample_world(seat, rng)`` depends only on what the seat has
seen and on ``rng``. Each game's own test checks a state against one of its worlds; that
pair shares every field the world copied, so a field read from the real hidden cards
(another seat's draws in a log, an inference drawn from the real hands) would be copied
into both and never show. Here the pair is two *real* games, dealt from stacked decks of
the same seed that differ only where seat 0 cannot look: the other hands, seat 0's own
face-down cards (Shithead), a few cards deep in the draw pile, or (Dallah, where only
the decks' order is hidden) the order of the Action deck below its top. Both games then
take the same actions, chosen at random among those legal in both, for as long as seat 0
is shown the same view and the same events in both; at every step seat 0's worlds from
the same ``rng`` must be byte-identical (``to_json``), whatever was hidden differently.
"""

from __future__ import annotations

import random
from typing import Any

import pytest

from tablegames import dallah, phase10, shithead, toepen
from tablegames.common.actions import Event
from tablegames.common.rng import Rng

SEAT = 0


def _pack(game: Any, rules: Any) -> list[str]:
    """Every card of the game's pack by name, each copy once (the order is the caller's)."""
    if game is phase10:
        counts = (2,) * 48 + (8, 4)
        return [name for name, k in zip(phase10.cards.NAMES, counts, strict=True)
                for _ in range(k)]
    if game is shithead:
        return list(shithead.cards.NAMES)
    return list(toepen.cards.NAMES)


def _hidden(game: Any, n: int) -> tuple[int, list[int]]:
    """How many cards the deal takes from a stacked deck, and the positions among them
    seat 0 never sees dealt (the deal goes from seat 0 on in each game's default)."""
    if game is shithead:  # three face-down, three face-up, three in hand, per seat
        return 9 * n, [p for p in range(9 * n)
                       if p % 9 < 3 or (p // 9 != SEAT and p % 9 >= 6)]
    if game is toepen:
        return 4 * n, [p for p in range(4 * n) if p // 4 != SEAT]
    return 10 * n + 1, [p for p in range(10 * n) if p // 10 != SEAT]  # then the discard


def _decks(game: Any, n: int, rules: Any, rnd: random.Random) -> tuple[list[str], list[str]]:
    """Two stacked decks alike except where seat 0 cannot look: the hidden deal positions
    shuffled among themselves, and two of them swapped with cards deep in the stock."""
    pack = _pack(game, rules)
    rnd.shuffle(pack)
    deal, hidden = _hidden(game, n)
    deep = list(range(deal + 6, min(len(pack), deal + 30)))
    stack = pack[:deal + 30]
    other = list(stack)
    values = [other[p] for p in hidden]
    rnd.shuffle(values)
    for p, v in zip(hidden, values, strict=True):
        other[p] = v
    for p, q in zip(rnd.sample(hidden, 2), rnd.sample(deep, 2), strict=True):
        other[p], other[q] = other[q], other[p]
    return stack, other


def _games(game: Any, n: int, rules: Any, rnd: random.Random) -> tuple[Any, Any]:
    if game is dallah:
        ids = dallah.new_game(n, seed=0, rules=rules).t
        cards = [c for c, k in zip(ids.card_ids, ids.card_counts, strict=True) for _ in range(k)]
        rnd.shuffle(cards)
        other = list(cards)
        i, j = rnd.sample(range(8, len(cards)), 2)  # below the first draws
        other[i], other[j] = other[j], other[i]
        return (dallah.new_game(n, seed=5, rules=rules, actions=cards),
                dallah.new_game(n, seed=5, rules=rules, actions=other))
    stack, other = _decks(game, n, rules, rnd)
    return (game.new_game(n, seed=5, rules=rules, deck=stack),
            game.new_game(n, seed=5, rules=rules, deck=other))


def _seen(events: list[Event]) -> list[dict[str, Any]]:
    return Event.redact(events, SEAT)


CASES = [
    ("toepen", None, 3), ("toepen", None, 2), ("toepen", "harsh-bluff", 4),
    ("toepen", "lenient-dirty-hand", 3),
    ("toepen", {"bluff_takes_back": True, "second_exchange": "all"}, 3),
    ("toepen", "knock-on-turn", 4),
    ("shithead", None, 3), ("shithead", "no-swap", 3), ("shithead", "classic", 2),
    ("shithead", "two-decks", 4), ("shithead", {"lead_shown": True}, 3),
    ("phase10", None, 2), ("phase10", None, 4), ("phase10", "skip-next", 3),
    ("phase10", "open-wilds", 3),
    ("dallah", None, 3), ("dallah", "generous-swaps", 2),
]
GAMES = {"toepen": toepen, "shithead": shithead, "phase10": phase10, "dallah": dallah}
#: Pairs per case: a Shithead pair parts soonest (a hidden low card moves the start,
#: SHD-04, which every seat sees), a Phase 10 pair lasts longest (and costs most).
TRIALS = {"toepen": 10, "shithead": 16, "phase10": 3, "dallah": 4}


@pytest.mark.parametrize(("name", "rules", "players"), CASES,
                         ids=[f"{c[0]}-{c[1]}-{c[2]}" for c in CASES])
def test_games_the_seat_cannot_tell_apart_give_it_the_same_worlds(
        name: str, rules: Any, players: int) -> None:
    game = GAMES[name]
    compared = differed = 0
    for trial in range(TRIALS[name]):
        rnd = random.Random(f"{name}:{rules}:{players}:{trial}")
        a, b = _games(game, players, rules, rnd)
        if a.to_json() != b.to_json():
            differed += 1  # the pair really differs in something hidden
        step = 0
        while not a.is_over and step < 60 and a.view(SEAT) == b.view(SEAT):
            k = rnd.randrange(1 << 30)
            assert a.sample_world(SEAT, Rng(k)).to_json() == \
                b.sample_world(SEAT, Rng(k)).to_json(), (trial, step)
            compared += 1
            actor = a.to_act
            legal_b = {str(x) for x in b.legal_actions(actor)}
            both = [x for x in a.legal_actions(actor) if str(x) in legal_b]
            if not both:
                break
            action = rnd.choice(both)
            if _seen(a.apply(action)) != _seen(b.apply(action)):
                break
            step += 1
    # the probe probed: pairs that differ, and many moments of each
    assert differed == TRIALS[name]
    assert compared >= 30
