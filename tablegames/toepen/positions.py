"""Toepen's position text: the chalk board, the round, and every card where it lies.

Each line is named as the state field and the view key it sets (``round``, ``playing``,
``poverty``, ``exchange_queue``, ``dealt``, ``last_round``...). A position is read as
strictly as a save: after the lines are read, the declared fields are checked by the
very reader a save goes through, so a state set up from text always saves and reloads.
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import partial
from typing import TYPE_CHECKING, Any

from tablegames.common.position import PositionReader, PositionWriter, read_seat
from tablegames.common.serialization import Reader, dumps, loads, plain
from tablegames.common.state import BaseState
from tablegames.toepen.cards import NAMES, PACK, card_names
from tablegames.toepen.stages import OVER, RESPOND

if TYPE_CHECKING:
    from tablegames.toepen.state import State

SUITS = "cdhs"  # suit letters in code order (cards.py: c >> 3)


def write(state: State, w: PositionWriter) -> None:
    """Toepen's lines: the chalk board, the round, every card where it lies."""
    def seat_set(flags_: Sequence[bool]) -> list[int]:
        return [s for s, f in enumerate(flags_) if f]

    def opt(x: int) -> int | None:
        return None if x < 0 else x

    w.put("round", state.round)
    w.put("dealer", state.dealer)
    w.items("lives", state.lives)
    w.items("out", seat_set(state.out))
    w.items("dealt", state.dealt)
    w.items("playing", seat_set(state.playing))
    w.items("folded", seat_set(state.folded))
    w.items("poverty", seat_set(state.poverty))
    w.put("stake", state.stake)
    w.put("stake_before", state.stake_before)
    w.put("knocks", state.knocks)
    w.put("last_knocker", opt(state.last_knocker))
    w.put("knocker", opt(state.knocker))
    w.put("exchanger", opt(state.exchanger))
    w.items("exchanged", seat_set(state.exchanged))
    w.items("revealed", seat_set(state.revealed))
    w.items("queue", state.queue)
    w.items("exchange_queue", state.exchange_queue)
    w.put("leader", state.leader)
    w.put("turn", state.turn)
    w.put("trick_no", state.trick_no)
    for s in range(state.n):
        w.items(f"hand {s}", card_names(state.hands[s]))
    for s in range(state.n):
        if state.thrown[s]:
            w.items(f"thrown {s}", card_names(state.thrown[s]))
    w.comment("finished tricks: the winner, then seat:card in the order played")
    for i, (_, played, winner) in enumerate(state.tricks):
        w.items(f"trick {i}", [winner, *(f"{p}:{NAMES[c]}" for p, c in played)])
    w.items("trick", [f"{p}:{NAMES[c]}" for p, c in state.trick])
    w.items("voids", [f"{s}:{''.join(SUITS[u] for u in range(4) if m >> u & 1)}"
                      for s, m in enumerate(state.void_masks()) if m])
    if state.withdrawn:
        w.items("withdrawn", [f"{p}:{NAMES[c]}" for p, c in state.withdrawn])
    if state.exchange_round:
        w.put("exchange_round", state.exchange_round + 1)
    if any(state.again_seen()):
        w.items("revealed_again", seat_set(state.again_seen()))
    for s, cs in enumerate(state.again()):
        if cs:
            w.items(f"thrown_again {s}", card_names(cs))
    for s, cs in enumerate(state.aside()):
        if cs:
            w.items(f"set_aside {s}", card_names(cs))
    w.items("stock", card_names(reversed(state.stock)))
    if state.stage == OVER:
        w.items("winners", state.winners)
        w.items("losers", state.losers)
    w.put("last_round", "-" if state.last_round is None else dumps(state.last_round))


def read(state: State, r: PositionReader) -> None:
    n = state.n

    seat_of = partial(read_seat, players=n)

    def seat_set(key: str, default: Sequence[str] = ()) -> tuple[bool, ...]:
        marked = set(r.parse(key, seat_of, default))
        return tuple([s in marked for s in range(n)])

    def opt(key: str) -> int:
        if not r.has(key):
            return -1
        v = r.opt_int(key, 0, n - 1)
        return -1 if v is None else v

    def played(word: str) -> tuple[int, int]:
        who, colon, name = word.partition(":")
        if not colon:
            raise ValueError(f"{word!r} is not seat:card")
        return seat_of(who), PACK.code(name)

    # A hand-written position may leave out what follows from the rest (see the
    # notation page): the defaults are those of a round in play with nobody out.
    state.round = r.int("round", 0, 1_000_000, default=0)
    state.dealer = r.int("dealer", 0, n - 1)
    state.lives = tuple(r.parse(
        "lives", lambda w: int(w) if w.isascii() and w.isdigit() and len(w) < 4 else _bad(w),
        ["0"] * n))
    if len(state.lives) != n:
        raise r.fail("lives", f"expected {n} numbers")
    state.out = seat_set("out")
    left = [str((state.dealer + k) % n) for k in range(1, n + 1)]
    state.dealt = tuple(
        r.parse("dealt", seat_of, [x for x in left if not state.out[int(x)]]))
    state.folded = seat_set("folded")
    state.playing = seat_set("playing", [x for x in left if not state.out[int(x)]
                                        and not state.folded[int(x)]])
    state.poverty = seat_set("poverty")
    state.stake = r.int("stake", 1, 10_000, default=1)
    state.stake_before = r.int("stake_before", 1, 10_000,
                              default=max(1, state.stake - (state.stage == RESPOND)))
    state.knocks = r.int("knocks", 0, 10_000, default=0)
    state.last_knocker = opt("last_knocker")
    state.knocker = opt("knocker")
    state.exchanger = opt("exchanger")
    state.exchanged = seat_set("exchanged")
    state.revealed = seat_set("revealed")
    state.queue = tuple(r.parse("queue", seat_of, ()))
    state.exchange_queue = tuple(r.parse("exchange_queue", seat_of, ()))
    state.turn = r.int("turn", 0, n - 1)
    state.hands = tuple([tuple(sorted(r.parse(f"hand {s}", PACK.code))) for s in range(n)])
    state.thrown = tuple([tuple(sorted(r.parse(f"thrown {s}", PACK.code, ())))
                         for s in range(n)])
    tricks: list[tuple[int, tuple[tuple[int, int], ...], int]] = []
    while r.has(f"trick {len(tricks)}"):
        key = f"trick {len(tricks)}"
        words = r.words(key)
        if len(words) < 2:
            raise r.fail(key, "expected the winner and the cards played")
        try:
            winner, cards_ = seat_of(words[0]), tuple(played(x) for x in words[1:])
        except ValueError as exc:
            raise r.fail(key, str(exc)) from None
        tricks.append((cards_[0][0], cards_, winner))
    state.tricks = tuple(tricks)
    state.trick = tuple(r.parse("trick", played, ()))
    state.trick_no = r.int("trick_no", 0, 3, default=min(3, len(state.tricks)))
    state.leader = r.int("leader", 0, n - 1,
                        default=state.trick[0][0] if state.trick else state.turn)
    state.exchange_round = r.int("exchange_round", 1, 2, default=1) - 1
    rules = state.rules
    again = tuple([tuple(sorted(r.parse(f"thrown_again {s}", PACK.code, ())))
                   for s in range(n)])
    again_seen = seat_set("revealed_again")
    twice = rules.second_exchange or any(again) or any(again_seen)
    state.thrown_again = again if twice else None  # lines the rules lack are refused
    state.revealed_again = again_seen if twice else None
    aside = tuple([tuple(sorted(r.parse(f"set_aside {s}", PACK.code, ())))
                   for s in range(n)])
    state.set_aside = aside if rules.bluff_takes_back or any(aside) else None
    withdrawn = tuple(r.parse("withdrawn", played, ()))
    state.withdrawn = withdrawn if rules.fold_withdraws or withdrawn else None
    derived = state._voids_from_tricks()
    masks = list(derived)
    if r.has("voids"):
        masks = [0] * n
        for s, m in r.parse("voids", _void_entry(seat_of)):
            masks[s] |= m
    state.void = tuple(masks) if rules.fold_withdraws else None
    if state.void is None and masks != derived:  # without the rule the tricks tell them
        raise r.fail("voids", "these are not the suits the tricks show")
    taken = {c for h in state.hands for c in h} | {c for h in state.thrown for c in h}
    taken |= {c for _, cs, _ in state.tricks for _, c in cs} | {c for _, c in state.trick}
    taken |= {c for _, c in withdrawn}
    taken |= {c for h in again for c in h} | {c for h in aside for c in h}
    if r.words("stock") == ["shuffled"]:
        stock = [c for c in range(32) if c not in taken]
        state.rng.shuffle(stock)
        state.stock = tuple(stock)
    else:
        state.stock = tuple(reversed(r.parse("stock", PACK.code)))
    over = state.stage == OVER
    state.winners = tuple(r.parse("winners", seat_of, None if over else ()))
    state.losers = tuple(r.parse("losers", seat_of, None if over else ()))
    last = r.str("last_round", "-")
    state.last_round = None if last == "-" else plain(loads(last, max_text=10_000))
    state._events = []
    # Every field as strictly as a save: the declared fields are read back from the
    # state's own save by the reader from_json uses, so a position that loads also
    # saves and reloads (a 1,001-seat queue, a card out of range, ... are refused here).
    probe = state.copy()
    BaseState._load(probe, Reader(loads(dumps(state._dump()), max_text=1 << 20), "$.state"))


def _void_entry(seat_of: Any) -> Any:
    """A reader for one ``voids`` word, ``"1:ch"``: the seat and its suit mask."""
    def read(word: str) -> tuple[int, int]:
        who, colon, suits = word.partition(":")
        if not colon or not suits or any(u not in SUITS for u in suits):
            raise ValueError(f"{word!r} is not seat:suits (suits from {SUITS})")
        mask = 0
        for u in suits:
            mask |= 1 << SUITS.index(u)
        return seat_of(who), mask
    return read


def _bad(word: str) -> int:
    raise ValueError(f"{word!r} is not a whole number")


