"""Dallah position text: the whole table as lines a person can read and edit.

The core writes the header (``game``, ``player N``, ``rules``, ``rng``, ``stage``); these
are Dallah's lines, in the order a person looks at a table (see the notation guide)::

    active: 0                     whose turn it is
    turn: 3                       the turn's number, from 1
    shared: classic=5 tall=4 ...  cups left in the shared pile, by shape
    pot_lid: tall wide            the cups on each zone, in placement order (- for none)
    full_zones: lid               zones reported as having no usable space
    piles: 0 2 1                  cups in each personal pile
    retired: 0
    held 1: ma_ysir               each seat's protection cards (- for none)
    stock: place tap ...          the Action deck, top first, or "shuffled"
    discard: kheth ...            the Action discard pile, top first
    placement_stock: lid neck ... the Placement deck, top first, or "shuffled"
    placement_discard: -
    rolls: -                      stacked die faces still to come
    card: place                   the Action card in play (- between cards)
    ...                           the bookkeeping of the card in play, then of the turn

Cups, zones and cards are written by their card-set ids. Every field a view or a legal
list depends on is a line, so a position read back shows every phone exactly what the
state it was written from shows; an impossible position (a card twice, cups that do not
add up) is refused by the checks a loaded save goes through.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Mapping
from functools import partial
from typing import TYPE_CHECKING

from tablegames.common.errors import quoted
from tablegames.common.position import PositionReader, PositionWriter, read_seat
from tablegames.dallah.stages import BLOCKED, REDIRECTED, REPORTS, SWAP
from tablegames.dallah.table import table_for

if TYPE_CHECKING:
    from tablegames.dallah.state import State


def _opt(x: int) -> int | None:
    return None if x < 0 else x


#: The fields whose lines Dallah writes itself (``State.POSITION_OWN``): all but
#: ``active``, whose line the core writes from its declaration (a seat, the same text).
#: The others name cups, zones and cards by their card-set ids (``pot_lid: tall wide``,
#: one line per zone), write decks top first (or ``shuffled``), count turns from 1,
#: say ``yes``/``-``, and read effects and the turn before in their own notation; a
#: kind's text would be the save's codes. Their lines are unchanged, so positions
#: written before read and write back byte for byte.
OWN = frozenset({
    "turn", "shared", "pot", "piles", "retired", "held", "stock", "discard",
    "placement_stock", "placement_discard", "rolls", "full_zones", "card", "cups_in_hand",
    "placers", "placer", "collector", "zone", "report_kind", "released", "collapsed",
    "falls", "collected", "timeouts", "swaps", "partner", "amount", "effects", "asked",
    "answered", "used", "last_turn",
})


def write(state: State, w: PositionWriter) -> None:
    """Dallah's own lines of ``state.to_position()`` (after the core's ``active``)."""
    t = state.t
    sid, zid, cid = t.shape_ids, t.zone_ids, t.card_ids
    w.put("turn", state.turn + 1)
    w.items("shared", [f"{sid[s]}={k}" for s, k in enumerate(state.shared)])
    w.comment("the Dallah: cups on each zone, in placement order")
    for z, cups in enumerate(state.pot):
        w.items(f"pot_{zid[z]}", [sid[s] for s in cups])
    w.items("full_zones", [zid[z] for z in range(t.nzones) if state.full_zones[z]])
    w.items("piles", state.piles)
    w.put("retired", state.retired)
    for s in range(state.n):
        w.items(f"held {s}", [cid[c] for c in state.held[s]])
    w.comment("the decks, top first")
    w.items("stock", [cid[c] for c in reversed(state.stock)])
    w.items("discard", [cid[c] for c in reversed(state.discard)])
    w.items("placement_stock", [zid[z] for z in reversed(state.placement_stock)])
    w.items("placement_discard", [zid[z] for z in reversed(state.placement_discard)])
    w.items("rolls", [sid[s] for s in state.rolls])
    w.comment("the Action card in play and its cups")
    w.put("card", cid[state.card] if state.card >= 0 else None)
    w.items("cups_in_hand", [sid[s] for s in state.cups_in_hand])
    w.items("placers", state.placers)
    w.put("placer", state.placer)
    w.put("collector", _opt(state.collector))
    w.put("partner", _opt(state.partner))
    w.put("zone", zid[state.zone] if state.zone >= 0 else None)
    w.put("report", REPORTS[state.report_kind])
    w.put("released", state.released)
    w.put("collapsed", state.collapsed)
    w.put("falls", state.falls)
    w.put("collected", state.collected)
    w.put("timeouts", state.timeouts)
    w.put("swaps", state.swaps)
    w.put("amount", state.amount)
    w.comment("protection: effects are source>recipient:cups (pile for a swap)")
    w.items("effects", [_effect_text(e) for e in state.effects])
    w.items("asked", state.asked)
    w.items("answered", state.answered)
    w.items("used", state.used)
    w.comment("the turn before: seat card collector collected collapsed(no/yes/late) "
              "late_reporter")
    last = state.last_turn
    w.items("last_turn", [] if not last else [
        last[0], cid[last[1]], "-" if last[2] < 0 else last[2], last[3],
        ("no", "yes", "late")[last[4]], "-" if last[5] < 0 else last[5]])


def _effect_text(e: tuple[int, ...]) -> str:
    src, dst, k, flags = e
    text = f"{src}>{dst}:{'pile' if k == SWAP else k}"
    if flags & REDIRECTED:
        text += "+redirected"
    if flags & BLOCKED:
        text += "+blocked"
    return text


def read(state: State, r: PositionReader) -> None:
    """Set the fields of :data:`OWN` from Dallah's lines (``active`` is the core's)."""
    t = state.t = table_for(state.rules.cards)
    n = state.n

    def code(index: Mapping[str, int], what: str) -> Callable[[str], int]:
        def look(word: str) -> int:
            c = index.get(word)
            if c is None:
                raise ValueError(f"{quoted(word)} is not a {what} of this card set")
            return c
        return look

    def number(word: str) -> int:
        if not (word.isascii() and word.isdigit()) or len(word) > 7:
            raise ValueError(f"{quoted(word)} is not a count")
        return int(word)

    seat = partial(read_seat, players=n)

    def opt(key: str, look: Callable[[str], int]) -> int:
        word = r.str(key)
        if word == "-":
            return -1
        try:
            return look(word)
        except ValueError as exc:
            raise r.fail(key, str(exc)) from None

    shape, zone, card = (code(t.shape_index, "shape"), code(t.zone_index, "zone"),
                         code(t.card_index, "card"))
    state.turn = r.int("turn", 1, 10_000_000) - 1
    counts: dict[int, int] = {}
    for word in r.words("shared"):
        name, eq, k = word.partition("=")
        try:
            s = shape(name)
            if not eq or s in counts:
                raise ValueError(f"{quoted(word)}: write each shape once, as shape=count")
            counts[s] = number(k)
        except ValueError as exc:
            raise r.fail("shared", str(exc)) from None
    if len(counts) != t.nshapes:
        raise r.fail("shared", f"give all {t.nshapes} shapes, as shape=count")
    state.shared = tuple(counts[s] for s in range(t.nshapes))
    state.pot = tuple(tuple(r.parse(f"pot_{t.zone_ids[z]}", shape)) for z in range(t.nzones))
    full = set(r.parse("full_zones", zone))
    state.full_zones = tuple(z in full for z in range(t.nzones))
    state.piles = tuple(r.parse("piles", number))
    if len(state.piles) != n:
        raise r.fail("piles", f"expected {n} counts, one per seat")
    state.retired = r.int("retired", 0, 1_000_000)
    state.held = tuple(tuple(r.parse(f"held {s}", card)) for s in range(n))
    state.card = opt("card", card)
    held = Counter(c for h in state.held for c in h)
    if r.words("stock") == ["shuffled"]:
        seen = Counter(r.parse("discard", card)) + held + Counter(
            [state.card] if state.card >= 0 else [])
        stock = sorted((Counter(t.action_deck) - seen).elements())
        state.rng.shuffle(stock)
        state.stock = tuple(stock)
    else:
        state.stock = tuple(reversed(r.parse("stock", card)))
    state.discard = tuple(reversed(r.parse("discard", card)))
    state.zone = opt("zone", zone)
    if r.words("placement_stock") == ["shuffled"]:
        zseen = Counter(r.parse("placement_discard", zone)) + Counter(
            [state.zone] if state.zone >= 0 else [])
        zstock = sorted((Counter(t.zone_deck) - zseen).elements())
        state.rng.shuffle(zstock)
        state.placement_stock = tuple(zstock)
    else:
        state.placement_stock = tuple(reversed(r.parse("placement_stock", zone)))
    state.placement_discard = tuple(reversed(r.parse("placement_discard", zone)))
    state.rolls = tuple(r.parse("rolls", shape))
    state.cups_in_hand = tuple(r.parse("cups_in_hand", shape))
    state.placers = tuple(r.parse("placers", seat))
    state.placer = r.int("placer", 0, n - 1)
    state.collector = opt("collector", seat)
    state.partner = opt("partner", seat)
    state.report_kind = r.choice("report", REPORTS)
    state.released = r.flag("released")
    state.collapsed = r.flag("collapsed")
    state.falls = r.int("falls", 0, 1_000_000)
    state.collected = r.int("collected", 0, 1_000_000)
    state.timeouts = r.int("timeouts", 0, 1_000_000)
    state.swaps = r.int("swaps", 0, 5)
    state.amount = r.int("amount", 0, 1_000_000)
    state.effects = tuple(r.parse("effects", lambda w: _effect(w, n)))
    state.asked = tuple(r.parse("asked", seat))
    state.answered = tuple(r.parse("answered", seat))
    state.used = tuple(r.parse("used", seat))
    words = r.words("last_turn")
    if words:
        if len(words) != 6 or words[4] not in ("yes", "no", "late"):
            raise r.fail("last_turn", "expected seat, card, collector (or -), collected, "
                                      "collapsed (yes, no, or late), late reporter (or -)")
        try:
            state.last_turn = (seat(words[0]), card(words[1]),
                               -1 if words[2] == "-" else seat(words[2]), number(words[3]),
                               ("no", "yes", "late").index(words[4]),
                               -1 if words[5] == "-" else seat(words[5]))
        except ValueError as exc:
            raise r.fail("last_turn", str(exc)) from None
    else:
        state.last_turn = ()


def _effect(word: str, n: int) -> tuple[int, ...]:
    """``0>1:2``, ``1>2:pile+redirected``: source, recipient, cups, flags."""
    head, _, rest = word.partition(":")
    src, gt, dst = head.partition(">")
    parts = rest.split("+")
    flags = 0
    for flag in parts[1:]:
        if flag == "redirected":
            flags |= REDIRECTED
        elif flag == "blocked":
            flags |= BLOCKED
        else:
            raise ValueError(f"{quoted(word)}: unknown flag {quoted(flag)}")
    ok = gt and src.isascii() and src.isdigit() and dst.isascii() and dst.isdigit()
    k_text = parts[0]
    if not ok or not (k_text == "pile" or (k_text.isascii() and k_text.isdigit()
                                           and len(k_text) < 7)):
        raise ValueError(f"{quoted(word)} is not source>recipient:cups")
    s, d = int(src[:4]), int(dst[:4])
    if s >= n or d >= n:
        raise ValueError(f"{quoted(word)} names no seat of this game")
    return (s, d, SWAP if k_text == "pile" else int(k_text), flags)
