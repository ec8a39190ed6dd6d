"""Phase 10's position text: the lines :meth:`State.to_position` writes and
:func:`~tablegames.phase10.from_position` reads (see ``docs/guides/notation.md``).

Each line's key is the name of the state field it sets (and of the view's key, where a
view shows it): ``round``, ``pending_skips``, ``known_cards N``, ``rebuilt``, ``drawn N``.
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import partial
from typing import TYPE_CHECKING, Any

from tablegames.common.errors import StateError, quoted
from tablegames.common.position import PositionReader, PositionWriter, read_seat
from tablegames.common.serialization import Reader, dumps, loads
from tablegames.phase10.cards import N_FACES, PACK, card_names, card_of, display_order
from tablegames.phase10.groups import Group, parse_group
from tablegames.phase10.sheet import load_results

#: The fields whose lines Phase 10 writes itself (``State.POSITION_OWN``): every one.
#: A kind's text is the field's save form (card codes, ``true``, ``-1``), while a
#: position names cards (``R4 W``, piles top first), writes a seat's cards on its own
#: line (``hand 0``), says ``yes``/``-``, lets a hand-written position leave lines out
#: (``round``, ``dealer``...) and works out ``phases``, ``completed`` and ``down`` from
#: ``made`` and ``laid``. Keeping every line means positions written before (and the
#: notation guide's) read and write back unchanged.
OWN = frozenset({
    "round", "dealer", "turn", "hands", "stock", "discard", "laid", "completed", "made",
    "phases", "laid_phase", "down", "laid_this_turn", "pending_skips", "scores", "playing",
    "tiebreak", "known_cards", "rebuilt", "drawn", "winner", "results", "last_hands",
    "last_laid",
})

if TYPE_CHECKING:
    from tablegames.phase10.state import State, TableGroup


def write_position(state: State, w: PositionWriter) -> None:
    """Phase 10's lines: the score sheet, each seat's phases, hand and table, the piles.

    Piles are written top card first; a seat's ``laid`` line starts with the number
    of the phase it laid. What a seat works on this hand follows from the phases it
    has made (see :meth:`_from_position`), so it is not written.
    """
    n = state.n
    w.put("round", state.round)
    w.put("dealer", state.dealer)
    w.put("turn", state.turn)
    w.put("tiebreak", state.tiebreak)
    w.items("playing", [s for s in range(n) if state.playing[s]])
    w.items("scores", state.scores)
    w.items("pending_skips", [s for s in range(n) if state.pending_skips[s]])
    w.put("laid_this_turn", state.laid_this_turn)
    w.put("winner", None if state.winner < 0 else state.winner)
    for s in range(n):
        w.items(f"made {s}", [i + 1 for i in range(len(state.rules.phases))
                              if state.made[s] >> i & 1])
    for s in range(n):
        w.items(f"hand {s}", card_names(display_order(state.hands[s])))
        if state.known_cards[s]:
            w.items(f"known_cards {s}", card_names(state.known_cards[s]))
        if state.laid[s]:
            w.items(f"laid {s}", [state.laid_phase[s] + 1,
                                  *(str(Group(*g)) for g in state.laid[s])])
    w.items("discard", card_names(reversed(state.discard)))
    w.items("stock", card_names(reversed(state.stock)))
    if state.rebuilt is not None:
        w.comment("the draw pile was rebuilt this hand from these cards; drawn since:")
        w.items("rebuilt", card_names(state.rebuilt))
        for s in range(n):
            w.items(f"drawn {s}", card_names(state.drawn[s]))
    if state.results:
        w.comment("the score sheet, one line per finished hand")
    for i, res in enumerate(state.results):
        w.put(f"result {i}", dumps({k: v for k, v in res.items() if k != "round"}))
    if state.last_hands is not None and state.last_laid is not None:
        w.comment("the last hand as it ended: what each seat held, and the table")
        for s in range(n):
            w.items(f"last_hand {s}", card_names(display_order(state.last_hands[s])))
            w.items(f"last_laid {s}", [str(Group(*g)) for g in state.last_laid[s]])


def read_position(state: State, r: PositionReader) -> None:
    """Set the state from position lines; the checks of a loaded save follow.

    ``stock: shuffled`` deals every card not placed elsewhere into the draw pile, in
    an order drawn from the position's ``rng``. Lines a hand-written position may
    leave out: ``round`` (0), ``dealer`` (the seat before the first player of round
    0), ``tiebreak`` (no), ``playing`` (every seat), ``scores`` (0 each),
    ``pending_skips``, ``laid_this_turn`` (no), ``winner``, and per seat ``made``,
    ``known_cards``, ``laid``.
    """
    n = state.n
    total = len(state.rules.phases)
    # a game set up from a position starts there: no setup values to check against
    state.extra = {"position": ""}

    seat_of = partial(read_seat, players=n)

    def seat_set(key: str, default: Sequence[str] = ()) -> tuple[bool, ...]:
        marked = set(r.parse(key, seat_of, default))
        return tuple(s in marked for s in range(n))

    def number(lo: int, hi: int) -> Any:
        def read(word: str) -> int:
            if not (word.isascii() and word.isdigit() and len(word) <= len(str(hi))) \
                    or not lo <= int(word) <= hi:
                raise ValueError(f"{quoted(word)} is not a number in {lo}..{hi}")
            return int(word)
        return read

    state.round = r.int("round", 0, 1_000_000, default=0)
    state.dealer = r.int("dealer", 0, n - 1, default=(n - 1 + state.round) % n)
    state.turn = r.int("turn", 0, n - 1)
    state.tiebreak = r.flag("tiebreak", default=False)
    state.playing = seat_set("playing", [str(s) for s in range(n)])
    state.scores = tuple(r.parse("scores", number(0, 10**9), ["0"] * n))
    if len(state.scores) != n:
        raise r.fail("scores", f"expected {n} numbers")
    state.pending_skips = seat_set("pending_skips")
    state.laid_this_turn = r.flag("laid_this_turn", default=False)
    winner = r.opt_int("winner", 0, n - 1) if r.has("winner") else None
    state.winner = -1 if winner is None else winner
    state.made = tuple(
        sum(1 << (p - 1) for p in set(r.parse(f"made {s}", number(1, total), ())))
        for s in range(n)
    )
    state.completed = tuple(m.bit_count() for m in state.made)
    state.hands = tuple(tuple(sorted(r.parse(f"hand {s}", card_of))) for s in range(n))
    state.known_cards = tuple(tuple(r.parse(f"known_cards {s}", card_of, ())) for s in range(n))
    laid: list[tuple[TableGroup, ...]] = []
    laid_phase: list[int] = []
    for s in range(n):
        words = r.words(f"laid {s}", ())
        if not words:
            laid.append(())
            laid_phase.append(-1)
            continue
        try:
            phase = number(1, total)(words[0])
            groups = [parse_group(x) for x in words[1:]]
        except ValueError as exc:
            raise r.fail(f"laid {s}", str(exc)) from None
        if not groups:
            raise r.fail(f"laid {s}", "expected the phase number, then its groups")
        laid.append(tuple((g.kind, g.key, g.cards) for g in groups))
        laid_phase.append(phase - 1)
    state.laid, state.laid_phase = tuple(laid), tuple(laid_phase)
    state.down = tuple(bool(row) for row in state.laid)
    state.discard = tuple(reversed(r.parse("discard", card_of)))
    placed = [c for h in state.hands for c in h] + list(state.discard)
    placed += [c for row in state.laid for _, _, body in row for c in body]
    if r.words("stock") == ["shuffled"]:
        left = list(PACK.counts)
        for c in placed:
            left[c] -= 1
        if min(left) < 0:
            raise r.fail("stock", "more copies of a card are placed than the pack has")
        stock = [c for c in range(N_FACES) for _ in range(left[c])]
        state.rng.shuffle(stock)
        state.stock = tuple(stock)
    else:
        state.stock = tuple(reversed(r.parse("stock", card_of)))
    rebuilt = r.parse("rebuilt", card_of, ()) if r.has("rebuilt") else None
    state.rebuilt = None if rebuilt is None else tuple(sorted(rebuilt))
    state.drawn = tuple(tuple(r.parse(f"drawn {s}", card_of, ())) for s in range(n))
    results: list[dict[str, Any]] = []
    while r.has(f"result {len(results)}"):
        key = f"result {len(results)}"
        try:
            res = loads(r.str(key), max_text=10_000)
        except StateError as exc:
            raise r.fail(key, str(exc)) from None
        if type(res) is not dict or "round" in res:
            raise r.fail(key, "expected {out, added, completed, tiebreak}")
        results.append({"round": len(results), **res})
    state.results = tuple(load_results(Reader(results, "results"), n))
    if r.has("last_hand 0"):
        state.last_hands = tuple(
            tuple(sorted(r.parse(f"last_hand {s}", card_of))) for s in range(n)
        )
        last_laid = []
        for s in range(n):
            try:
                groups = [parse_group(x) for x in r.words(f"last_laid {s}")]
            except ValueError as exc:
                raise r.fail(f"last_laid {s}", str(exc)) from None
            last_laid.append(tuple((g.kind, g.key, g.cards) for g in groups))
        state.last_laid = tuple(last_laid)
    else:
        state.last_hands = state.last_laid = None
    at_start = [
        m & ~(1 << lp) if lp >= 0 and not state.tiebreak else m
        for m, lp in zip(state.made, state.laid_phase, strict=True)
    ]
    state.phases = tuple(
        (total - 1 if state.tiebreak else state._first_open(s, at_start[s]))
        if state.playing[s] else -1
        for s in range(n)
    )
    state._shown = []
    state._events = []


__all__ = ["OWN", "read_position", "write_position"]
