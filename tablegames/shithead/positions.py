"""Shithead's lines of position text (see the notation guide): the match, the turn, each
seat's cards and what the table knows of its hand, then the piles top card first. The
line names are the state's field names (``face_up``, ``bars``, ``swapping``, ...)."""

from __future__ import annotations

from collections.abc import Iterable
from functools import partial
from typing import TYPE_CHECKING

from tablegames.common.errors import StateError
from tablegames.common.position import PositionReader, PositionWriter, read_seat
from tablegames.common.seating import CLOCKWISE, COUNTERCLOCKWISE
from tablegames.common.serialization import dumps, loads, plain
from tablegames.shithead.cards import ASCII, FACES, RANK_TEXT, code_of
from tablegames.shithead.stages import SWAP

if TYPE_CHECKING:
    from tablegames.shithead.state import State


def write_position(state: State, w: PositionWriter) -> None:
    """Shithead's lines: the match, the turn, each seat's cards and what the table
    knows of its hand, then the piles top card first (see the notation guide)."""
    w.put("round", state.round)
    w.items("tally", state.tally)
    w.put("rounds_done", dumps(state.rounds_done) if state.rounds_done else "-")
    w.put("direction", state._direction_name())
    w.put("turn", state.turn)
    w.put("starter", None if state.starter < 0 else state.starter)
    w.items("swapping", state.swapping)
    w.items("finished", state.finished)
    w.put("plays", state.plays)
    w.put("loser", None if state.loser < 0 else state.loser)
    w.put("limit_hit", state.limit_hit)
    w.comment("each seat: hand; the hand cards all have seen go in; the values each unseen")
    w.comment("hand card cannot be, oldest first; face-up; face-down in position order")
    for s in range(state.n):
        w.items(f"hand {s}", _ascii(state.hands[s]))
        w.items(f"known {s}", _ascii(state.known[s]))
        w.items(f"bars {s}", [_bar_text(m) for m in state.bars[s]])
        w.items(f"face_up {s}", _ascii(state.face_up[s]))
        w.items(f"face_down {s}", _ascii(state.face_down[s]))
    w.comment("piles, top card first")
    w.items("pile", _ascii(reversed(state.pile)))
    w.items("stock", _ascii(reversed(state.stock)))
    w.items("aside", _ascii(state.aside))
    w.items("burnt", _ascii(reversed(state.burnt)))
    w.items("removed", _ascii(reversed(state.removed)))


def read_position(state: State, r: PositionReader) -> None:
    """Fill ``state`` from Shithead's lines of a position text (what ``write_position``
    writes; omitted optional lines take their defaults)."""
    n = state.n

    seat_of = partial(read_seat, players=n)

    def count_of(word: str) -> int:
        if not (word.isascii() and word.isdigit()) or len(word) > 3:
            raise ValueError(f"{word!r} is not a count")
        return int(word)

    def opt_seat(key: str, default: int | None = None) -> int:
        if default is not None and not r.has(key):
            return default
        v = r.opt_int(key, 0, n - 1)
        return -1 if v is None else v

    state.round = r.int("round", 0, 99, default=0)
    state.tally = tuple(r.parse("tally", count_of, ["0"] * n))
    if len(state.tally) != n:
        raise r.fail("tally", f"expected {n} numbers, one per seat")
    done = r.str("rounds_done", "-")
    if done == "-":
        state.rounds_done = ()
    else:
        try:
            value = plain(loads(done, max_text=20_000))
        except StateError as exc:
            raise r.fail("rounds_done", str(exc)) from None
        if type(value) is not list:
            raise r.fail("rounds_done", "expected a JSON list of round summaries")
        state.rounds_done = tuple(value)
    names = ("counter-clockwise", "clockwise")
    state.direction = (COUNTERCLOCKWISE, CLOCKWISE)[r.choice("direction", names)]
    state.turn = r.int("turn", 0, n - 1)
    state.starter = opt_seat("starter", state.turn if state.stage != SWAP else -1)
    state.swapping = tuple(r.parse("swapping", seat_of, ()))
    state.finished = tuple(r.parse("finished", seat_of, ()))
    state.in_play = tuple([s not in state.finished for s in range(n)])
    state.plays = r.int("plays", 0, 1_000_000, default=0)
    state.loser = opt_seat("loser", -1)
    state.limit_hit = r.flag("limit_hit", default=False)
    hands, knowns, slots, ups, downs = [], [], [], [], []
    for s in range(n):
        hand = tuple(sorted(r.parse(f"hand {s}", code_of)))
        known = tuple(sorted(r.parse(f"known {s}", code_of, ())))
        free = ["none"] * max(0, len(hand) - len(known))
        hands.append(hand)
        knowns.append(known)
        slots.append(tuple(r.parse(f"bars {s}", _bar_mask, free)))
        ups.append(tuple(sorted(r.parse(f"face_up {s}", code_of))))
        downs.append(tuple(r.parse(f"face_down {s}", code_of)))
    state.hands, state.known, state.bars = tuple(hands), tuple(knowns), tuple(slots)
    state.face_up, state.face_down = tuple(ups), tuple(downs)
    state.pile = tuple(r.parse("pile", code_of)[::-1])
    state.aside = tuple(sorted(r.parse("aside", code_of, ())))
    state.burnt = tuple(r.parse("burnt", code_of, ())[::-1])
    state.removed = tuple(r.parse("removed", code_of, ())[::-1])
    if r.words("stock") == ["shuffled"]:
        left = [state.rules.decks] * FACES
        for group in (state.pile, state.aside, state.burnt, state.removed, *state.hands,
                      *state.face_up, *state.face_down):
            for c in group:
                left[c] -= 1
        if min(left) < 0:
            raise r.fail("stock", "more cards are placed than the pack holds")
        stock = [c for c in range(FACES) for _ in range(left[c])]
        state.rng.shuffle(stock)
        state.stock = tuple(stock)
    else:
        state.stock = tuple(r.parse("stock", code_of)[::-1])
    state._events = []


def _ascii(codes: Iterable[int]) -> list[str]:
    """Cards in notation (ASCII, as in actions): positions are edited by hand."""
    return [ASCII[c] for c in codes]


def _bar_text(mask: int) -> str:
    """The values an unseen hand card cannot be, as ranks (``none``: it may be anything)."""
    if not mask:
        return "none"
    return ",".join(RANK_TEXT[v] for v in range(1, 14) if mask >> v & 1)


_RANK_OF = {text: v for v, text in enumerate(RANK_TEXT) if text}


def _bar_mask(word: str) -> int:
    if word == "none":
        return 0
    mask = 0
    for part in word.split(","):
        v = _RANK_OF.get(part.upper())
        if v is None:
            raise ValueError(f"{part!r} is not a rank (A, 2 … 10, J, Q, K)")
        mask |= 1 << v
    return mask
