"""Phase 10's position text: what the field declarations cannot say by themselves.

Most lines come from the declarations in :mod:`tablegames.phase10.state` (each line's key
is the name of the state field it sets, and of the view's key where a view shows it:
``round``, ``playing: 0 1 2``, ``pending_skips: -``, ``laid_this_turn: no``,
``taken: B11`` (only while a card taken this turn is held back, P10-60),
``hand 0: R1 B1 R3``, ``known_cards N``, the piles top card first). This module holds the
rest, declared on the state class: a seat's laid phase and groups (``laid 0: 2 R1-R3+W
Y4x3``), the rebuilt draw pile and what each seat drew since (``rebuilt``, ``drawn N``), the
hand's record that worlds agree with (``sources: R3 / B1 B2 ...``, ``hand_log 0: +R3
-B5 /``; a position without it has no record of its hand),
the score sheet (``result N``), the last hand as it ended (``last_hand N``,
``last_laid N``), the phases a seat has made (``made 0: 1 2``, bounded by the rules'
number of phases), and what a hand-written position may leave out. What a seat works
on this hand, how many phases it has completed and whether it is down follow from
``made`` and ``laid``, so they are not written.
"""

from __future__ import annotations

from functools import partial
from types import MappingProxyType
from typing import TYPE_CHECKING, Any

from tablegames.common.actions import freeze
from tablegames.common.declared import Own, read_elsewhere
from tablegames.common.errors import StateError, quoted
from tablegames.common.fields import CardText
from tablegames.common.numbers import is_number
from tablegames.common.position import PositionReader, PositionWriter
from tablegames.common.serialization import POSITION_LINE, Reader, dumps, loads
from tablegames.phase10.cards import (
    NAMES,
    PLAYED,
    REBUILT,
    card_names,
    card_of,
    display_order,
    log_chunks,
    log_codes,
)
from tablegames.phase10.groups import Group, parse_group
from tablegames.phase10.sheet import load_results, phase_laid_named

if TYPE_CHECKING:
    from tablegames.phase10.state import State, TableGroup

#: Phase 10's cards in position text (``R4``, ``W``, ``S``); a hand is written in the
#: order a player fans it (by number, then colour; Wilds and Skips last).
CARD_TEXT = CardText(names=NAMES, parse=card_of, order=display_order)


def _write_made(state: State, w: PositionWriter) -> None:
    """The phases each seat has made (a bit per phase), numbered from 1."""
    for s in range(state.n):
        w.items(f"made {s}", [i + 1 for i in range(len(state.rules.phases))
                              if state.made[s] >> i & 1])


def _read_made(state: State, r: PositionReader) -> None:
    """The rules' number of phases bounds each word (a ``made`` line may be left out)."""
    total = len(state.rules.phases)
    state.made = tuple(
        sum(1 << (p - 1) for p in set(r.parse(f"made {s}", partial(_number, lo=1, hi=total),
                                              ())))
        for s in range(state.n)
    )


def _number(word: str, lo: int, hi: int) -> int:
    if not is_number(word, len(str(hi))) or not lo <= int(word) <= hi:
        raise ValueError(f"{quoted(word)} is not a number in {lo}..{hi}")
    return int(word)


def _write_laid(state: State, w: PositionWriter, s: int) -> None:
    """A seat's ``laid`` line starts with the number of the phase it laid."""
    if state.laid[s]:
        w.items(f"laid {s}", [state.laid_phase[s] + 1, *(str(Group(*g)) for g in state.laid[s])])


def _read_laid(state: State, r: PositionReader) -> None:
    total = len(state.rules.phases)
    laid: list[tuple[TableGroup, ...]] = []
    laid_phase: list[int] = []
    for s in range(state.n):
        words = r.words(f"laid {s}", ())
        if not words:
            laid.append(())
            laid_phase.append(-1)
            continue
        try:
            phase = _number(words[0], 1, total)
            groups = [parse_group(x) for x in words[1:]]
        except ValueError as exc:
            raise r.fail(f"laid {s}", str(exc)) from None
        if not groups:
            raise r.fail(f"laid {s}", "expected the phase number, then its groups")
        laid.append(tuple((g.kind, g.key, g.cards) for g in groups))
        laid_phase.append(phase - 1)
    state.laid, state.laid_phase = tuple(laid), tuple(laid_phase)


def _write_rebuilt(state: State, w: PositionWriter) -> None:
    if state.rebuilt is not None:
        w.comment("the draw pile was rebuilt this hand from these cards; drawn since:")
        w.items("rebuilt", card_names(state.rebuilt))
        for s in range(state.n):
            w.items(f"drawn {s}", card_names(state.drawn[s]))


def _read_rebuilt(state: State, r: PositionReader) -> None:
    rebuilt = r.parse("rebuilt", card_of, ()) if r.has("rebuilt") else None
    state.rebuilt = None if rebuilt is None else tuple(sorted(rebuilt))
    state.drawn = tuple(tuple(r.parse(f"drawn {s}", card_of, ())) for s in range(state.n))


def _log_word(code: int) -> str:
    """A hand-log code in position text: ``+R3`` drew R3, ``-R3`` played an R3 the table
    did not know it held, ``/`` the draw pile was rebuilt."""
    if code == REBUILT:
        return "/"
    return f"-{NAMES[code - PLAYED]}" if code >= PLAYED else f"+{NAMES[code]}"


def _log_code(word: str) -> int:
    if word == "/":
        return REBUILT
    if word[:1] not in ("+", "-"):
        raise ValueError(f"{quoted(word)} is not +card (drew), -card (played) or /")
    return card_of(word[1:]) + (PLAYED if word[0] == "-" else 0)


def _write_sources(state: State, w: PositionWriter) -> None:
    if state.sources is None:
        return
    w.comment("where this hand's cards came from: turned up at the deal / each rebuilt "
              "pile; per seat: +drew, -played (not taken), / rebuilt")
    w.put("sources", " / ".join(" ".join(card_names(p)) for p in state.sources))
    for s in range(state.n):
        if state.hand_log[s]:
            w.items(f"hand_log {s}", map(_log_word, log_codes(state.hand_log[s])))


def _read_sources(state: State, r: PositionReader) -> None:
    n = state.n
    if not r.has("sources"):
        # a log says what happened to cards whose sources it needs (found by helper-72:
        # left unread, the lines were refused as "not part of this game's positions")
        for s in range(n):
            if r.has(f"hand_log {s}"):
                raise r.fail(f"hand_log {s}", "a hand log needs the hand's sources line "
                             "(sources: the cards turned up at the deal / each rebuilt pile)")
        state.sources, state.hand_log = None, ((),) * n
        return
    piles: list[tuple[int, ...]] = [()]
    for word in r.words("sources"):
        if word == "/":
            piles.append(())
            continue
        try:
            piles[-1] += (card_of(word),)
        except ValueError as exc:
            raise r.fail("sources", str(exc)) from None
    state.sources = (piles[0], *(tuple(sorted(p)) for p in piles[1:]))
    state.hand_log = tuple(log_chunks(r.parse(f"hand_log {s}", _log_code, ()))
                           for s in range(n))


def _write_results(state: State, w: PositionWriter) -> None:
    if state.results:
        w.comment("the score sheet, one line per finished hand")
    for i, res in enumerate(state.results):
        # limit_hit only when true (P10-61), credited only when a seat (P10-51, P10-53):
        # a hand's line reads as it did before either was kept
        w.put(f"result {i}", dumps({k: v for k, v in res.items() if k != "round" and (
            (k != "limit_hit" or v) and (k != "credited" or v is not None))}))


def _read_results(state: State, r: PositionReader) -> None:
    """The score sheet's lines; a line written before engine 2 says ``completed`` for
    ``phase_laid`` and reads as it (:func:`~tablegames.phase10.sheet.phase_laid_named`).
    A line without ``limit_hit`` is a hand the move limit did not stop (P10-61); one
    without ``credited`` credited nobody as if out (P10-51, P10-53)."""
    results: list[dict[str, Any]] = []
    while r.has(f"result {len(results)}"):
        key = f"result {len(results)}"
        try:
            res = loads(r.str(key), max_text=10_000, what=POSITION_LINE)
        except StateError as exc:
            raise r.fail(key, str(exc)) from None
        if type(res) is not dict or "round" in res:
            raise r.fail(key, "expected {out, added, phase_laid, tiebreak}")
        results.append({"round": len(results), "limit_hit": False, "credited": None, **res})
    named = list(phase_laid_named(results))
    state.results = tuple(map(freeze, load_results(Reader(named, "results"), state.n)))


def _write_last(state: State, w: PositionWriter) -> None:
    if state.last_hands is not None and state.last_laid is not None:
        w.comment("the last hand as it ended: what each seat held, and the table")
        for s in range(state.n):
            w.items(f"last_hand {s}", card_names(display_order(state.last_hands[s])))
            w.items(f"last_laid {s}", [str(Group(*g)) for g in state.last_laid[s]])


def _read_last(state: State, r: PositionReader) -> None:
    if not r.has("last_hand 0"):
        state.last_hands = state.last_laid = None
        return
    n = state.n
    state.last_hands = tuple(tuple(sorted(r.parse(f"last_hand {s}", card_of))) for s in range(n))
    last_laid = []
    for s in range(n):
        try:
            groups = [parse_group(x) for x in r.words(f"last_laid {s}")]
        except ValueError as exc:
            raise r.fail(f"last_laid {s}", str(exc)) from None
        last_laid.append(tuple((g.kind, g.key, g.cards) for g in groups))
    state.last_laid = tuple(last_laid)


#: The lines Phase 10 writes itself, at the place of their field (``laid`` seat by seat
#: with the hands).
OWN = MappingProxyType({
    "made": Own(_write_made, _read_made),
    "laid": Own(_write_laid, _read_laid),
    "laid_phase": Own(None, read_elsewhere),
    "rebuilt": Own(_write_rebuilt, _read_rebuilt),
    "drawn": Own(None, read_elsewhere),
    "sources": Own(_write_sources, _read_sources),
    "hand_log": Own(None, read_elsewhere),
    "results": Own(_write_results, _read_results),
    "last_hands": Own(_write_last, _read_last),
    "last_laid": Own(None, read_elsewhere),
})

#: Each seat's hand, the cards the table saw it take, and its laid phase, seat by seat.
SEATWISE = (("hands", "known_cards", "laid"),)


def _phases(state: State) -> tuple[int, ...]:
    """What each seat works on this hand: its first open phase as the hand began (the
    phase it laid this hand is still open then), the last in a tie-break hand, -1 for a
    seat sitting out."""
    total = len(state.rules.phases)
    at_start = [
        m & ~(1 << lp) if lp >= 0 and not state.tiebreak else m
        for m, lp in zip(state.made, state.laid_phase, strict=True)
    ]
    return tuple(
        (total - 1 if state.tiebreak else state._first_open(s, at_start[s]))
        if state.playing[s] else -1
        for s in range(state.n)
    )


#: Never written: worked out from ``made``, ``laid`` and who plays.
DERIVED = MappingProxyType({
    "completed": lambda s: tuple(m.bit_count() for m in s.made),
    "down": lambda s: tuple(bool(row) for row in s.laid),
    "phases": _phases,
})

#: What a hand-written position may leave out, applied in this order once the lines
#: given are read (a seat's ``made`` line on its own).
DEFAULTS = MappingProxyType({
    "round": 0,
    "dealer": lambda s: (s.n - 1 + s.round) % s.n,  # the deal passes left (P10-57)
    "tiebreak": False,
    "playing": lambda s: (True,) * s.n,
    "scores": lambda s: (0,) * s.n,
    "pending_skips": lambda s: (False,) * s.n,
    "laid_this_turn": False,
    "plays": 0,
    "winner": -1,
})


__all__ = ["CARD_TEXT", "DEFAULTS", "DERIVED", "OWN", "SEATWISE"]
