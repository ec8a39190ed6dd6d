"""What a Dallah phone shows: the game's part of ``state.view(seat)``, key by key.

Everything on the table is public (the pot by zone, the shared pile by shape, every
personal pile, the retired pile, held protection cards face up, the discards, the decks'
sizes); only the decks' order and the die's future are hidden, and never shown. The keys
use the state's field names (one name per field), except where a view shows something a
field only implies (``shared_total``, ``swaps_left``, ``late_reporter``) or a field in
another form (``report`` for the state's ``report_kind``, ``stock`` as a count).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from tablegames.dallah import piles
from tablegames.dallah.prompts import card_json
from tablegames.dallah.stages import PROTECT, REPORT, REPORTS, ROLL

if TYPE_CHECKING:
    from tablegames.dallah.state import State

#: Every key of a Dallah view beside the shared envelope, with what it means.
VIEW_KEYS: dict[str, str] = {
    "lang": "language of the prompt and the names: 'en' or 'ar'",
    "active": "the seat whose turn it is (the placer differs on Tag Team, Shareek, "
              "Fazaa'; to_act differs while protection is asked)",
    "turn": "number of the current turn, from 1",
    "report": "what the report being made is about: 'place', 'stunt' or 'move' "
              "(None outside the report stage)",
    "card": "the Action card in play: id, kind, you_lose and only the parameters its "
            "kind uses (cups, seconds, amount, portion, target); None between cards",
    "cup": "shape id of the cup being placed, until it is let go (None otherwise, also "
           "once the card stopped at a fall before this cup was tried: DAL-26)",
    "zone": "zone id of the Placement card in play (None otherwise)",
    "cups_in_hand": "shape ids of the cups taken from the shared pile for the card "
                    "in play and not yet let go",
    "placer": "the seat placing (or doing the stunt or move) now; None outside roll "
              "and report",
    "collector": "the seat that collects whatever falls now (DAL-10, DAL-24); None "
                 "when nothing can fall",
    "partner": "the Shareek partner (None otherwise)",
    "collected": "cups the collector has collected on the card in play so far",
    "falls": "cups reported fallen in the report being made",
    "timeouts": "countdowns run out on this placement (DAL-28)",
    "swaps_left": "swaps this phone's seat may make now: 0 whenever 'swap' is not "
                  "among its legal actions (DAL-27); a spectator sees the seat to "
                  "act's",
    "pot": "the Dallah: zone id -> shape ids of the cups on it, in placement order",
    "full_zones": "zone ids reported as having no usable space (DAL-21)",
    "shared": "shape id -> cups left in the shared pile",
    "shared_total": "cups left in the shared pile (0: this is the last turn)",
    "piles": "cups in each seat's personal pile (the score: most = Biggest Loser)",
    "retired": "cups retired by Yalla Bye (they count for nobody)",
    "held": "each seat's protection card ids, face up",
    "effects": "in the protect stage, the transfers waiting for protection answers: "
               "from, to, cups ('pile' for a swap), redirected, blocked",
    "stock": "Action cards left to draw",
    "discard": "the Action discard pile, card ids in the order discarded",
    "placement_stock": "Placement cards left to draw",
    "placement_discard": "the Placement discard pile, zone ids in the order discarded",
    "last_turn": "the previous turn: seat, card, collector (None after a pile action), "
                 "collected (cups, late falls included), collapsed (true also for a "
                 "late collapse); None before the first turn ends",
    "late_reporter": "the seat that may still report a late fall of the previous turn "
                     "until the next player draws (DAL-23); None otherwise",
    "names": "display names in lang: shapes, zones and cards, id -> name",
}


def view_of(state: State, seat: int | None) -> dict[str, Any]:
    """The game's keys of ``seat``'s view in English (``None``: a spectator)."""
    t = state.t
    sid, zid, cid = t.shape_ids, t.zone_ids, t.card_ids
    stage = state.stage
    spec = state.spec
    last = state.last_turn
    return {
        "lang": "en",
        "active": state.active,
        "turn": state.turn,
        "report": REPORTS[state.report_kind] if stage == REPORT else None,
        "card": None if spec is None else card_json(spec),
        "cup": sid[state.cups_in_hand[0]] if state._placing() else None,
        "zone": zid[state.zone] if state.zone >= 0 else None,
        "cups_in_hand": [sid[s] for s in state.cups_in_hand],
        "placer": state.placer if stage in (ROLL, REPORT) else None,
        "collector": state.collector if state.collector >= 0 and (
            stage in (ROLL, REPORT)) else None,
        "partner": state.partner if state.partner >= 0 else None,
        "collected": state.collected,
        "falls": state.falls,
        "timeouts": state.timeouts,
        "swaps_left": state.swaps_left() if seat is None or seat == state.to_act else 0,
        "pot": {zid[z]: [sid[s] for s in cups] for z, cups in enumerate(state.pot)},
        "full_zones": [zid[z] for z in range(t.nzones) if state.full_zones[z]],
        "shared": state._shared_dict(),
        "shared_total": state.shared_total(),
        "piles": list(state.piles),
        "retired": state.retired,
        "held": [[cid[c] for c in h] for h in state.held],
        "effects": piles.effects_json(state) if stage == PROTECT else [],
        "stock": len(state.stock),
        "discard": [cid[c] for c in state.discard],
        "placement_stock": len(state.placement_stock),
        "placement_discard": [zid[z] for z in state.placement_discard],
        "last_turn": None if not last else {
            "seat": last[0], "card": cid[last[1]],
            "collector": last[2] if last[2] >= 0 else None,
            "collected": last[3], "collapsed": bool(last[4])},
        "late_reporter": state.late if state.late >= 0 else None,
        "names": {group: dict(ids) for group, ids in t.names["en"].items()},
    }
