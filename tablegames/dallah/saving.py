"""Saving and loading a Dallah state's own fields (the shared envelope is the core's).

Everything is stored as the small integer codes the engine uses (indexes into the card
set's lists, see :mod:`~tablegames.dallah.table`), so a save is compact and loading needs
no string lookups; the card set itself travels in the save's rules. Each field is read
with its type and range here; :mod:`~tablegames.dallah.consistency` then checks that the
fields fit together.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from tablegames.common.serialization import Reader
from tablegames.dallah.stages import STAGES, SWAP
from tablegames.dallah.table import table_for

if TYPE_CHECKING:
    from tablegames.dallah.state import State


def dump(state: State) -> dict[str, Any]:
    """The state-specific part of a save (integer codes; the card set travels in the rules)."""
    return {
        "stage": STAGES[state.stage], "active": state.active, "turn_no": state.turn_no,
        "shared": state.shared, "pot": state.pot, "piles": state.piles,
        "retired": state.retired, "held": state.held, "act_stock": state.act_stock,
        "act_discard": state.act_discard, "zone_stock": state.zone_stock,
        "zone_discard": state.zone_discard, "rolls": state.rolls, "full": state.full,
        "card": state.card, "hand": state.hand, "placers": state.placers,
        "cup_no": state.cup_no, "placer": state.placer, "collector": state.collector,
        "zone": state.zone, "what": state.what, "released": state.released,
        "falls": state.falls, "timeouts": state.timeouts, "swaps": state.swaps,
        "partner": state.partner, "amount": state.amount, "effects": state.effects,
        "asked": state.asked, "answered": state.answered, "used": state.used,
        "losers": state.losers,
    }


def load(state: State, r: Reader) -> None:
    """Read every field of a save with its type and range (``consistency`` ties them together)."""
    n, last = state.n, state.n - 1
    t = state.t = table_for(state.rules.cards)
    ns, nz, nc = t.nshapes - 1, t.nzones - 1, len(t.card_ids) - 1
    state._events = []
    state._setup_log = []
    stage = r["stage"].str()
    if stage not in STAGES:
        raise r["stage"].fail(f"unknown stage {stage!r}")
    state.stage = STAGES.index(stage)
    state.active = r["active"].int(0, last)
    state.turn_no = r["turn_no"].int(0)
    state.shared = _ints(r["shared"], 0)
    state.pot = [_ints(x, 0, ns) for x in r["pot"].list(t.nzones)]
    state.piles = _ints(r["piles"], 0, None, n)
    state.retired = r["retired"].int(0)
    state.held = [_ints(x, 0, nc) for x in r["held"].list(n)]
    state.act_stock = _ints(r["act_stock"], 0, nc)
    state.act_discard = _ints(r["act_discard"], 0, nc)
    state.zone_stock = _ints(r["zone_stock"], 0, nz)
    state.zone_discard = _ints(r["zone_discard"], 0, nz)
    state.rolls = _ints(r["rolls"], 0, ns)
    state.full = [x.bool() for x in r["full"].list(t.nzones)]
    state.card = r["card"].int(-1, nc)
    state.hand = _ints(r["hand"], 0, ns)
    state.placers = _ints(r["placers"], 0, last)
    state.cup_no = r["cup_no"].int(0, 3)
    state.placer = r["placer"].int(0, last)
    state.collector = r["collector"].int(-1, last)
    state.zone = r["zone"].int(-1, nz)
    state.what = r["what"].int(0, 2)
    state.released = r["released"].bool()
    state.falls = r["falls"].int(0)
    state.timeouts = r["timeouts"].int(0)
    state.swaps = r["swaps"].int(0)
    state.partner = r["partner"].int(-1, last)
    state.amount = r["amount"].int(0)
    state.effects = []
    for e in r["effects"].items():
        src, dst, k, flags = e.list(4)
        state.effects.append([src.int(0, last), dst.int(0, last), k.int(SWAP),
                             flags.int(0, 3)])
    state.asked = _ints(r["asked"], 0, last)
    state.answered = _ints(r["answered"], 0, last)
    state.used = _ints(r["used"], 0, last)
    state.losers = _ints(r["losers"], 0, last)


def _ints(r: Reader, lo: int, hi: int | None = None, length: int | None = None) -> list[int]:
    """A list of bounded ints, like ``Reader.ints`` but without a reader per element.

    A save holds a score of such lists and ``Reader.ints`` builds a reader (with its path
    text) for every element; a valid list is checked here in one pass, and only a bad one
    goes through the reader, for its exact error message.
    """
    v = r.value
    if type(v) is list and (length is None or len(v) == length) and all(
            type(x) is int and x >= lo and (hi is None or x <= hi) for x in v):
        return list(v)
    if length is not None:
        return [x.int(lo, hi) for x in r.list(length)]
    return r.ints(lo, hi)
