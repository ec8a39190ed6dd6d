"""The Dallah game state: one object from the first card to the Biggest Loser.

The table stacks a real Dallah; the engine deals, rolls, keeps every pile and takes
reports of what physically happened. A turn, as actions of the seat whose phone must
answer (``to_act``):

1. ``draw`` — the active seat draws an Action card. A protection card is kept face up and
   another drawn (DAL-40); Naql, rotate, tap and blow are redrawn on an empty Dallah
   (DAL-22, DAL-27). Each deck reshuffles its own discard pile (DAL-25).
2. Pile actions (DAL-30) resolve at once, or after a ``target``/``pair`` choice; every
   affected seat holding protection is then asked in clockwise order from the active seat
   before any cup moves (DAL-41..45).
3. Naql asks for a ``move`` (DAL-22); rotate, tap and blow for a report of the stunt.
4. Placement: ``roll`` takes the card's cups from the shared pile (rerolling shapes that
   ran out, DAL-03; one cup if one remains, DAL-26) and draws the Placement card; the
   placer reports ``settled``, or ``fell ZONE:SHAPE`` (one cup per action) then
   ``settled``, or ``collapse``; also ``nospace`` (DAL-21), ``timeout`` (DAL-28) and
   ``swap`` (DAL-27). Fallen cups go to the collector's pile (DAL-10, DAL-24).
5. The turn passes clockwise after the last ``settled``; the game ends when the shared
   pile is empty and the turn is resolved (DAL-50).

Hidden information is only the order of the two decks and the die's future: everything
on the table is public.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any, Self

from tablegames.common.actions import Action, Event
from tablegames.common.errors import GameOver, IllegalAction, OutOfTurn, SetupError, StateError
from tablegames.common.outcome import Outcome
from tablegames.common.piles import as_stock, reshuffle_discards
from tablegames.common.rng import as_rng
from tablegames.common.rules import coerce_rules as common_coerce_rules
from tablegames.common.serialization import Reader
from tablegames.common.state import BaseState, check_seed, normalize_players
from tablegames.dallah import actions as A
from tablegames.dallah import saving
from tablegames.dallah.cardset import STUNT_KINDS, ActionCard, CardSet
from tablegames.dallah.consistency import check_consistency
from tablegames.dallah.pileactions import PileActions
from tablegames.dallah.prompts import prompt_for
from tablegames.dallah.rules import VARIANTS, Rules
from tablegames.dallah.setup_args import (
    action_stack,
    code_of,
    counts,
    mapping,
    seat_arg,
    strings,
    take,
)
from tablegames.dallah.stages import (
    DRAW,
    MOVE,
    OVER,
    PAIR,
    PROTECT,
    R_MOVE,
    R_PLACE,
    R_STUNT,
    REPORT,
    REPORTS,
    ROLL,
    STAGES,
    TARGET,
)
from tablegames.dallah.table import NEEDS_POT, Table, table_for

MIN_PLAYERS, MAX_PLAYERS = 2, 8


def coerce_rules(rules: Rules | CardSet | dict[str, Any] | str | None) -> Rules:
    """Accept ``Rules``, a ``CardSet``, a dict of options, a variant name or ``None``."""
    if isinstance(rules, CardSet):
        return Rules(cards=rules)
    return common_coerce_rules(Rules, rules)


class State(PileActions, BaseState):
    """A whole game of Dallah (see the module docstring for the turn)."""

    GAME = "dallah"
    RULES = Rules

    t: Table
    stage: int
    active: int
    turn_no: int
    shared: list[int]
    pot: list[list[int]]
    piles: list[int]
    retired: int
    held: list[list[int]]
    act_stock: list[int]
    act_discard: list[int]
    zone_stock: list[int]
    zone_discard: list[int]
    rolls: list[int]
    full: list[bool]
    card: int
    hand: list[int]
    placers: list[int]
    cup_no: int
    placer: int
    collector: int
    zone: int
    what: int
    released: bool
    falls: int
    timeouts: int
    swaps: int
    partner: int
    amount: int
    effects: list[list[int]]
    asked: list[int]
    answered: list[int]
    used: list[int]
    losers: list[int]

    @classmethod
    def parse_action(cls, text: str) -> Action:
        """Read Dallah action notation (``"0:draw"``, ``"1:fell neck:tall"``)."""
        return A.parse_action(text)

    # ------------------------------------------------------------------ setup
    @classmethod
    def _fresh(
        cls, players: tuple[str, ...], seed: int | str, rules: Any,
        deck: Sequence[str] | None, extra: dict[str, Any],
    ) -> Self:
        self = cls.__new__(cls)
        self._init_common(players, seed, rules, deck, extra)
        t = self.t = table_for(rules.cards)
        n = len(players)
        self._events = []
        self.shared = [s.cups for s in rules.cards.shapes]
        self.pot = [[] for _ in range(t.nzones)]
        self.piles = [0] * n
        self.retired = 0
        self.held = [[] for _ in range(n)]
        self.full = [False] * t.nzones
        self.active = seat_arg(extra.get("first", 0), n, "first")
        self.turn_no = 0
        self.losers = []
        self._reset_card()
        self.card = -1
        self.swaps = 0
        # scenario setup: cups already on the Dallah and in piles, held protection
        for zone_id, shapes in mapping(extra.get("pot", {}), "pot").items():
            z = code_of(t.zone_index, zone_id, "zone")
            for shape_id in strings(shapes, f"pot[{zone_id}]"):
                s = code_of(t.shape_index, shape_id, "shape")
                if self.shared[s] == 0:
                    raise SetupError(f"pot: no {shape_id} cup left in the shared pile")
                self.shared[s] -= 1
                self.pot[z].append(s)
        piles = extra.get("piles")
        if piles is not None:
            wanted = counts(piles, "piles")
            if len(wanted) != n:
                raise SetupError(f"piles must give {n} counts, one per seat")
            for seat, k in enumerate(wanted):
                for _ in range(k):
                    s = max(range(t.nshapes), key=lambda i: (self.shared[i], -i))
                    if self.shared[s] == 0:
                        raise SetupError("piles: more cups than the shared pile holds")
                    self.shared[s] -= 1
                    self.piles[seat] += 1
        if not any(self.shared):
            raise SetupError("the setup leaves no cup in the shared pile: no game to play")
        remaining = list(t.action_deck)
        held = extra.get("held")
        if held is not None:
            if not isinstance(held, list | tuple) or len(held) != n:
                raise SetupError(f"held must list {n} seats' protection cards")
            for seat, ids in enumerate(held):
                for cid in strings(ids, f"held[{seat}]"):
                    c = code_of(t.card_index, cid, "card")
                    if not t.protection[c]:
                        raise SetupError(f"held: {cid} is not a protection card")
                    take(remaining, c, "held", cid)
                    self.held[seat].append(c)
        stacked = [code_of(t.card_index, c, "card") for c in action_stack(extra, deck)]
        for c in stacked:
            take(remaining, c, "actions", t.card_ids[c])
        self.rng.shuffle(remaining)
        self.act_stock = as_stock(stacked + remaining)
        self.act_discard = []
        zstack = [code_of(t.zone_index, z, "zone") for z in
                  strings(extra.get("placements", []), "placements")]
        zrest = list(t.zone_deck)
        for z in zstack:
            take(zrest, z, "placements", t.zone_ids[z])
        self.rng.shuffle(zrest)
        self.zone_stock = as_stock(zstack + zrest)
        self.zone_discard = []
        self.rolls = [code_of(t.shape_index, s, "shape") for s in
                      strings(extra.get("rolls", []), "rolls")]
        self.stage = DRAW
        self.placer = self.active
        self._setup_log = [Event("setup", {
            "players": list(players), "first": self.active, "shared": self._shared_dict(),
            "cards": rules.cards.name,
        })]
        return self


    def _reset_card(self) -> None:
        """Clear everything that belongs to the Action card in play."""
        self.hand = []
        self.placers = []
        self.cup_no = 0
        self.collector = -1
        self.zone = -1
        self.what = R_PLACE
        self.released = False
        self.falls = 0
        self.timeouts = 0
        self.partner = -1
        self.amount = 0
        self.effects = []
        self.asked = []
        self.answered = []
        self.used = []

    # ------------------------------------------------------------------ reading
    @property
    def to_act(self) -> int | None:
        stage = self.stage
        if stage == OVER:
            return None
        if stage == PROTECT:
            return self.asked[0]
        if stage in (ROLL, REPORT):
            return self.placer
        return self.active

    @property
    def spec(self) -> ActionCard | None:
        """The Action card in play (``None`` between cards)."""
        return None if self.card < 0 else self.t.specs[self.card]  # type: ignore[return-value]

    def shared_total(self) -> int:
        """Cups left in the shared pile."""
        return sum(self.shared)

    def pot_total(self) -> int:
        """Cups on the Dallah (the cup being placed counts once it is released)."""
        return sum(len(z) for z in self.pot)

    def cups_in_play(self) -> int:
        """Shared + on the pot + in personal piles + retired + in hand: always the total."""
        return self.shared_total() + self.pot_total() + sum(self.piles) + self.retired + len(
            self.hand)

    def _on_pot(self, z: int, s: int) -> bool:
        """Whether a cup of shape ``s`` is on zone ``z`` (the cup being placed included)."""
        if s in self.pot[z]:
            return True
        return (self.stage == REPORT and self.what == R_PLACE and not self.released
                and z == self.zone and self.hand[0] == s)

    def _fallable(self) -> list[tuple[int, int]]:
        """Every distinct (zone, shape) a report may name, in zone then shape order."""
        out: list[tuple[int, int]] = []
        extra = (self.zone, self.hand[0]) if (
            self.what == R_PLACE and not self.released) else (-1, -1)
        for z, cups in enumerate(self.pot):
            shapes = set(cups)
            if z == extra[0]:
                shapes.add(extra[1])
            out.extend((z, s) for s in sorted(shapes))
        return out

    def swaps_left(self) -> int:
        """Swaps this turn may still make (DAL-27, ``Rules.swaps_per_turn``)."""
        allowed: int = self.rules.swaps_per_turn
        return max(0, allowed - self.swaps)

    def _can_swap(self) -> bool:
        if self.swaps >= self.rules.swaps_per_turn or self.card < 0:
            return False
        if self.t.is_pile[self.card]:
            return False
        stage = self.stage
        if stage in (TARGET, MOVE, ROLL):
            return True
        if stage == REPORT and self.falls == 0:
            if self.what == R_STUNT:
                return True
            return self.what == R_PLACE and self.cup_no == 0 and not self.released
        return False

    def _can_nospace(self) -> bool:
        if not (self.stage == REPORT and self.what == R_PLACE and not self.released
                and self.falls == 0):
            return False
        return any(z != self.zone and not self.full[z] for z in self.t.carded_zones)

    def legal_actions(self, seat: int | None = None) -> list[Action]:
        stage = self.stage
        if stage == OVER:
            return []
        me = self.to_act
        assert me is not None
        if seat is not None and seat != me:
            return []
        t = self.t
        if stage == DRAW:
            return [A.simple(A.Draw, me)]
        if stage == ROLL:
            out = [A.simple(A.Roll, me)]
        elif stage == REPORT:
            out = [A.simple(A.Settled, me)]
            zid, sid = t.zone_ids, t.shape_ids
            fallable = self._fallable()
            out.extend(A.fell(me, zid[z], sid[s]) for z, s in fallable)
            if fallable:
                out.append(A.simple(A.Collapse, me))
            if self._can_nospace():
                out.append(A.simple(A.NoSpace, me))
            if (self.what == R_PLACE and not self.released and self.falls == 0
                    and t.kind[self.card] == "timed"):
                out.append(A.simple(A.Timeout, me))
        elif stage == PROTECT:
            return self._protect_options(me)
        elif stage == TARGET:
            out = [A.target(me, s) for s in range(self.n) if s != me]
        elif stage == PAIR:
            return [A.pair(me, b, r) for b, r in self._tie_pairs()]
        else:  # MOVE
            out = []
            zid, sid = t.zone_ids, t.shape_ids
            for z, cups in enumerate(self.pot):
                for s in sorted(set(cups)):
                    out.extend(A.move(me, zid[z], sid[s], zid[d])
                               for d in range(t.nzones) if d != z)
        if self._can_swap():
            out.append(A.simple(A.Swap, me))
        return out

    # ------------------------------------------------------------------ applying
    def _apply(self, action: Action) -> list[Event]:
        seat = action.seat
        if isinstance(seat, bool) or not isinstance(seat, int) or not 0 <= seat < self.n:
            raise IllegalAction(f"there is no seat {seat!r}", code="no_such_seat")
        kind = type(action)
        if kind is A.Penalty:
            raise IllegalAction(
                "an unfallen shared cup is never added to a pile as a timeout penalty",
                code="no_timeout_penalty", ruling="DAL-28", seat=seat)
        if kind in (A.Allow, A.Block, A.Redirect):
            self._check_protection(seat, action)
        elif seat != self.to_act:
            raise OutOfTurn(f"it is {self.players[self.to_act or 0]}'s turn to act, not "
                            f"{self.players[seat]}'s", code="out_of_turn", ruling="DAL-23",
                            seat=seat)
        handler = _HANDLERS.get(kind)
        if handler is None:
            raise IllegalAction(f"{action} is not a Dallah action", code="not_an_action")
        _check_args(action, self.n)
        stage_ok, ruling = _STAGES_FOR[kind]
        if self.stage not in stage_ok:
            raise IllegalAction(
                f"'{action.verb}' is not possible now: {self._waiting_for()}",
                code="wrong_stage", ruling=ruling, seat=seat)
        self._events = []
        handler(self, action)
        return self._events

    def _waiting_for(self) -> str:
        return prompt_for(self, self.to_act, "en")

    # -- drawing -------------------------------------------------------------------------
    def _draw_action(self, drawer: int) -> int:
        """Draw until a card that can be played now (DAL-22, DAL-25, DAL-27, DAL-40)."""
        t = self.t
        ev = self._events
        for _ in range(4 * len(t.action_deck) + 4):
            if not self.act_stock:
                k = reshuffle_discards(self.act_stock, self.act_discard, self.rng, keep_top=False)
                ev.append(Event("reshuffle", {"deck": "actions", "cards": k}))
            code = self.act_stock.pop()
            cid = t.card_ids[code]
            if t.protection[code]:
                self.held[drawer].append(code)
                ev.append(Event("protection_held", {"seat": drawer, "card": cid}))
                continue
            if t.kind[code] in NEEDS_POT and not self.pot_total():
                self.act_discard.append(code)
                ev.append(Event("redrawn", {"seat": drawer, "card": cid,
                                            "reason": "empty_dallah"}))
                continue
            ev.append(Event("action_card", {"seat": drawer, "card": cid,
                                            "card_kind": t.kind[code]}))
            return code
        raise StateError("the Action deck holds no card that can be played")  # pragma: no cover

    def _draw_zone(self) -> None:
        """Draw the Placement card, skipping zones reported full (DAL-21, DAL-25)."""
        t = self.t
        ev = self._events
        for _ in range(4 * len(t.zone_deck) + 4):
            if not self.zone_stock:
                k = reshuffle_discards(self.zone_stock, self.zone_discard, self.rng,
                                       keep_top=False)
                ev.append(Event("reshuffle", {"deck": "placements", "cards": k}))
            z = self.zone_stock.pop()
            if self.full[z]:
                self.zone_discard.append(z)
                ev.append(Event("redrawn", {"card": t.zone_ids[z], "reason": "zone_full"}))
                continue
            self.zone = z
            ev.append(Event("placement_card", {"seat": self.placer, "zone": t.zone_ids[z],
                                               "cup": t.shape_ids[self.hand[0]]}))
            return
        raise StateError("the Placement deck names no zone with space")  # pragma: no cover

    def _roll_one(self) -> int:
        """Roll until a shape that is still in the shared pile (DAL-01, DAL-03)."""
        nfaces = self.t.nshapes
        ids = self.t.shape_ids
        while True:
            face = self.rolls.pop(0) if self.rolls else self.rng.below(nfaces)
            if self.shared[face]:
                return face
            self._events.append(Event("reroll", {"face": ids[face], "reason": "shape_out"}))

    # -- handlers ------------------------------------------------------------------------
    def _do_draw(self, action: Action) -> None:
        self._start_card(self._draw_action(action.seat))

    def _start_card(self, code: int) -> None:
        self.card = code
        t = self.t
        kind = t.kind[code]
        if t.is_pile[code]:
            self._start_pile(t.specs[code])  # type: ignore[arg-type]
        elif kind == "naql":
            self.stage = MOVE
        elif kind in STUNT_KINDS:
            self.stage = REPORT
            self.what = R_STUNT
            self.falls = 0
            self.collector = self.active
            self.placer = self.active
        elif kind == "shareek":
            self.stage = TARGET
        else:
            self._begin_roll()

    def _begin_roll(self) -> None:
        spec = self.spec
        assert spec is not None
        if spec.cups == 0:
            self._end_turn()
            return
        self.stage = ROLL
        self.what = R_PLACE
        self.placer = (self.active + 1) % self.n if spec.kind == "fazaa" else self.active

    def _do_roll(self, action: Action) -> None:
        spec = self.spec
        assert spec is not None
        k = min(spec.cups, self.shared_total())
        faces = []
        for _ in range(k):
            face = self._roll_one()
            self.shared[face] -= 1
            self.hand.append(face)
            faces.append(self.t.shape_ids[face])
        a, nxt = self.active, (self.active + 1) % self.n
        if spec.kind == "tag_team":
            placers = [a, nxt]
        elif spec.kind == "shareek":
            placers = [a, self.partner]
        elif spec.kind == "fazaa":
            placers = [nxt]
        else:
            placers = [a]
        self.placers = [placers[i % len(placers)] for i in range(k)]
        self.collector = nxt if spec.kind == "fazaa" else a
        self._events.append(Event("roll", {"seat": action.seat, "cups": faces,
                                           "requested": spec.cups}))
        self.cup_no = 0
        self._next_cup()

    def _next_cup(self) -> None:
        self.placer = self.placers[self.cup_no]
        self.stage = REPORT
        self.what = R_PLACE
        self.released = False
        self.falls = 0
        self.timeouts = 0
        self._draw_zone()

    def _release(self) -> None:
        """The cup being placed is let go on its zone (it is on the pot from now)."""
        if self.what == R_PLACE and not self.released:
            self.pot[self.zone].append(self.hand.pop(0))
            self.released = True

    def _do_settled(self, action: Action) -> None:
        ev = self._events
        what = self.what
        if what != R_PLACE:
            ev.append(Event("settled", {"seat": action.seat, "after": REPORTS[what],
                                        "falls": self.falls}))
            self._begin_roll()
            return
        self._release()
        t = self.t
        ev.append(Event("settled", {"seat": action.seat, "after": "place",
                                    "zone": t.zone_ids[self.zone], "falls": self.falls}))
        self.zone_discard.append(self.zone)
        self.zone = -1
        if self.falls and self.hand:
            back = [t.shape_ids[s] for s in self.hand]
            for s in self.hand:
                self.shared[s] += 1
            self.hand = []
            ev.append(Event("returned", {"cups": back, "reason": "stopped_at_first_fall"}))
        if self.hand:
            self.cup_no += 1
            self._next_cup()
        else:
            self._end_turn()

    def _do_fell(self, action: A.Fell) -> None:
        t = self.t
        z = t.zone_index.get(action.zone, -1)
        s = t.shape_index.get(action.shape, -1)
        if z < 0 or s < 0 or not self._on_pot(z, s):
            raise self._refuse(
                f"no {action.shape} cup is on the {action.zone}: fallen cups are never on "
                "the Dallah again, and only cups on it can fall",
                "cup_not_on_pot", "DAL-11", action.seat)
        self._release()
        cups = self.pot[z]
        for i in range(len(cups) - 1, -1, -1):
            if cups[i] == s:
                del cups[i]
                break
        self.full[z] = False
        self.piles[self.collector] += 1
        self.falls += 1
        self._events.append(Event("fell", {"seat": action.seat, "collector": self.collector,
                                           "zone": action.zone, "cup": action.shape}))

    def _do_collapse(self, action: Action) -> None:
        if not self._fallable():
            raise self._refuse("there is no cup on the Dallah to fall", "cup_not_on_pot",
                               "DAL-14", action.seat)
        self._release()
        k = self.pot_total()
        self.pot = [[] for _ in self.pot]
        self.full = [False] * len(self.full)
        self.piles[self.collector] += k
        self.falls += k
        self._events.append(Event("collapse", {"seat": action.seat, "collector": self.collector,
                                               "cups": k}))

    def _do_nospace(self, action: Action) -> None:
        if not self._can_nospace():
            why = ("the cup is already placed" if self.released or self.falls or
                   self.what != R_PLACE else "every other zone is already full: use this one")
            raise self._refuse(f"'nospace' is not possible now: {why}", "nospace_refused",
                               "DAL-21", action.seat)
        z = self.zone
        self.full[z] = True
        self.zone_discard.append(z)
        self.zone = -1
        self._events.append(Event("no_space", {"seat": action.seat, "zone": self.t.zone_ids[z]}))
        self._draw_zone()

    def _do_timeout(self, action: Action) -> None:
        if not (self.what == R_PLACE and not self.released and self.falls == 0
                and self.t.kind[self.card] == "timed"):
            raise self._refuse("only a countdown card times out, before anything falls",
                               "no_countdown", "DAL-28", action.seat)
        self.timeouts += 1
        self._events.append(Event("timeout", {"seat": action.seat, "retry": self.timeouts}))

    def _do_swap(self, action: Action) -> None:
        if not self._can_swap():
            if self.card >= 0 and self.t.is_pile[self.card]:
                why, code = "a pile action can always be done", "pile_action"
            elif self.swaps >= self.rules.swaps_per_turn:
                why, code = "no swap left this turn", "no_swaps_left"
            else:
                why, code = "the action is already under way", "action_started"
            raise self._refuse(f"cannot swap the action: {why}", code, "DAL-27", action.seat)
        t = self.t
        old = t.card_ids[self.card]
        for s in self.hand:
            self.shared[s] += 1
        if self.zone >= 0:
            self.zone_discard.append(self.zone)
        self.act_discard.append(self.card)
        self.swaps += 1
        self._events.append(Event("swap", {"seat": action.seat, "card": old,
                                           "returned": [t.shape_ids[s] for s in self.hand]}))
        self._reset_card()
        self.card = -1
        self.placer = self.active
        # the new card is the turn's card, whoever asked for the swap (a Fazaa' helper,
        # a Tag Team partner): a protection card it turns up goes to the turn's player
        self._start_card(self._draw_action(self.active))

    def _do_move(self, action: A.Move) -> None:
        t = self.t
        z = t.zone_index.get(action.zone, -1)
        s = t.shape_index.get(action.shape, -1)
        d = t.zone_index.get(action.to, -1)
        if z < 0 or s < 0 or s not in self.pot[z]:
            raise self._refuse(f"no {action.shape} cup is on the {action.zone}",
                               "cup_not_on_pot", "DAL-22", action.seat)
        if d < 0:
            raise self._refuse(f"the Dallah has no zone {action.to!r}", "unknown_zone",
                               "DAL-22", action.seat)
        if d == z:
            raise self._refuse("Naql: the destination must differ from the cup's zone",
                               "same_zone", "DAL-22", action.seat)
        self.pot[z].remove(s)
        self.pot[d].append(s)
        self.full[z] = False
        self.stage = REPORT
        self.what = R_MOVE
        self.falls = 0
        self.collector = self.active
        self.placer = self.active
        self._events.append(Event("move", {"seat": action.seat, "cup": action.shape,
                                           "from": action.zone, "to": action.to}))

    def _do_target(self, action: A.Target) -> None:
        who = action.target  # a seat: checked by _check_args
        if who == self.active:
            raise self._refuse("choose another player, never yourself", "target_self",
                               "DAL-36", action.seat)
        spec = self.spec
        assert spec is not None
        self._events.append(Event("target", {"seat": action.seat, "target": who}))
        if spec.kind == "shareek":
            self.partner = who
            self._begin_roll()
        elif spec.kind == "give":
            self._protect([[self.active, who, self.amount, 0]])
        else:
            self._protect(self._swap_effect(self.active, who))

    def _end_turn(self) -> None:
        if self.card >= 0:
            self.act_discard.append(self.card)
        if self.zone >= 0:  # pragma: no cover - every path discards its Placement card
            self.zone_discard.append(self.zone)
        self._reset_card()
        self.card = -1
        self.swaps = 0
        ended = self.active
        if not self.shared_total():
            self.stage = OVER
            top = max(self.piles)
            self.losers = [s for s in range(self.n) if top and self.piles[s] == top]
            self._events.append(Event("game_over", {"losers": list(self.losers),
                                                    "piles": list(self.piles),
                                                    "retired": self.retired}))
            return
        self.active = (ended + 1) % self.n
        self.placer = self.active
        self.turn_no += 1
        self.stage = DRAW
        self._events.append(Event("turn", {"seat": self.active, "turn": self.turn_no}))

    # ------------------------------------------------------------------ conveniences
    def report(self, fell: Sequence[str] = (), *, collapse: bool = False,
               settled: bool = True) -> list[Event]:
        """Apply a whole report at once: each fallen cup (``"neck:tall"``), a collapse,
        then ``settled``. All or nothing: if any part is refused, nothing changes."""
        seat = self.to_act
        if seat is None:
            raise GameOver("the game is over", code="game_over")
        steps: list[Action] = []
        for cup in fell:
            steps.append(A.parse_action(f"{seat}:fell {cup}"))
        if collapse:
            steps.append(A.simple(A.Collapse, seat))
        if settled:
            steps.append(A.simple(A.Settled, seat))
        trial = self.copy()
        for step in steps:
            trial.apply(step)
        events: list[Event] = []
        for step in steps:
            events.extend(self.apply(step))
        return events

    # ------------------------------------------------------------------ results & views
    def outcome(self) -> Outcome:
        if self.stage != OVER:
            raise ValueError("the game is not over yet")
        return Outcome(
            winners=frozenset(), losers=frozenset(self.losers), scores=tuple(self.piles),
            detail={"retired": self.retired, "turns": self.turn_no + 1,
                    "biggest_loser": [self.players[s] for s in self.losers]},
        )

    def _shared_dict(self) -> dict[str, int]:
        return {sid: self.shared[i] for i, sid in enumerate(self.t.shape_ids)}

    def view(self, seat: int | None, lang: str = "en") -> dict[str, Any]:
        """What ``seat``'s phone shows (``None``: a spectator), in ``"en"`` or ``"ar"``.

        Everything on the table is public: the pot by zone, the shared pile by shape,
        every personal pile, the retired pile, every held protection card (face up), the
        discards and the decks' sizes. Only the decks' order is hidden, and never shown.
        ``"hand"`` is the seat's own held protection cards; ``"in_hand"`` the cups taken
        for the card in play; ``"names"`` the display names in ``lang``.
        """
        seat = self.check_seat(seat)
        t = self.t
        if lang not in ("en", "ar"):
            raise ValueError(f"views are available in 'en' and 'ar', not {lang!r}")
        sid, zid, cid = t.shape_ids, t.zone_ids, t.card_ids
        spec = self.spec
        v: dict[str, Any] = {
            "game": "dallah",
            "lang": lang,
            "players": list(self.players),
            "seat": seat,
            "to_act": self.to_act,
            "turn": self.active,
            "turn_no": self.turn_no,
            "stage": STAGES[self.stage],
            "report": REPORTS[self.what] if self.stage == REPORT else None,
            "card": None if spec is None else {
                "id": spec.id, "kind": spec.kind, "cups": spec.cups,
                "you_lose": spec.you_lose, "seconds": spec.seconds,
            },
            "cup": sid[self.hand[0]] if (self.stage == REPORT and self.what == R_PLACE
                                         and not self.released) else None,
            "zone": zid[self.zone] if self.zone >= 0 else None,
            "in_hand": [sid[s] for s in self.hand],
            "placer": self.placer if self.stage in (ROLL, REPORT) else None,
            "collector": self.collector if self.collector >= 0 else None,
            "partner": self.partner if self.partner >= 0 else None,
            "falls": self.falls,
            "timeouts": self.timeouts,
            "swaps_left": self.swaps_left(),
            "pot": {zid[z]: [sid[s] for s in cups] for z, cups in enumerate(self.pot)},
            "full_zones": [zid[z] for z in range(t.nzones) if self.full[z]],
            "shared": self._shared_dict(),
            "shared_total": self.shared_total(),
            "piles": list(self.piles),
            "retired": self.retired,
            "held": [[cid[c] for c in h] for h in self.held],
            "effects": self._effects_json() if self.stage == PROTECT else [],
            "decks": {"actions": len(self.act_stock), "actions_discard": len(self.act_discard),
                      "placements": len(self.zone_stock),
                      "placements_discard": len(self.zone_discard)},
            "discards": {"actions": [cid[c] for c in self.act_discard],
                         "placements": [zid[z] for z in self.zone_discard]},
            "names": {group: dict(ids) for group, ids in t.names[lang].items()},
            "prompt": prompt_for(self, seat, lang),
        }
        if self.stage == OVER:
            v["result"] = self.outcome().to_dict()
        if seat is not None:
            v["hand"] = [cid[c] for c in self.held[seat]]
            v["legal"] = [str(a) for a in self.legal_actions(seat)]
        return v

    # ------------------------------------------------------------------ copy & sampling
    def copy(self) -> Self:
        o = type(self).__new__(type(self))
        self._copy_common(o)
        o.t = self.t
        o._events = []
        o._setup_log = self._setup_log
        o.stage = self.stage
        o.active = self.active
        o.turn_no = self.turn_no
        o.shared = self.shared.copy()
        o.pot = [z.copy() for z in self.pot]
        o.piles = self.piles.copy()
        o.retired = self.retired
        o.held = [h.copy() for h in self.held]
        o.act_stock = self.act_stock.copy()
        o.act_discard = self.act_discard.copy()
        o.zone_stock = self.zone_stock.copy()
        o.zone_discard = self.zone_discard.copy()
        o.rolls = self.rolls.copy()
        o.full = self.full.copy()
        o.card = self.card
        o.hand = self.hand.copy()
        o.placers = self.placers.copy()
        o.cup_no = self.cup_no
        o.placer = self.placer
        o.collector = self.collector
        o.zone = self.zone
        o.what = self.what
        o.released = self.released
        o.falls = self.falls
        o.timeouts = self.timeouts
        o.swaps = self.swaps
        o.partner = self.partner
        o.amount = self.amount
        o.effects = [e.copy() for e in self.effects]
        o.asked = self.asked.copy()
        o.answered = self.answered.copy()
        o.used = self.used.copy()
        o.losers = self.losers.copy()
        return o

    def sample_world(self, seat: int, rng: Any = None) -> Self:
        """A copy with what nobody can see redrawn: both decks' order and the die's future.

        Every cup, pile, held card and discard is on the table for all to see, so only the
        two draw piles are reshuffled; stacked die rolls are forgotten and the world gets a
        forked generator, so its future rolls differ too.
        """
        self.check_seat(seat)
        r = as_rng(rng)
        world = self.copy()
        r.shuffle(world.act_stock)
        r.shuffle(world.zone_stock)
        world.rolls = []
        world.rng = r.fork()
        return world

    # ------------------------------------------------------------------ JSON
    def _dump(self) -> dict[str, Any]:
        return saving.dump(self)

    def _load(self, r: Reader) -> None:
        saving.load(self, r)
        check_consistency(self)


#: Argument fields that name a card-set id, and those that name a seat (with the ruling
#: a bad seat cites: a target is "another player", DAL-36).
_ID_FIELDS: dict[type[Action], tuple[str, ...]] = {
    A.Fell: ("zone", "shape"), A.Move: ("zone", "shape", "to")}
_SEAT_FIELDS: dict[type[Action], tuple[tuple[str, ...], str | None]] = {
    A.Target: (("target",), "DAL-36"), A.Pair: (("source", "recipient"), "DAL-35"),
    A.Redirect: (("to",), "DAL-43")}


def _check_args(action: Action, n: int) -> None:
    """Refuse arguments of the wrong type before any handler reads them.

    Actions built in code (not parsed) can hold anything: a list as a zone would raise
    ``TypeError`` in a lookup, and ``True`` as a seat compares equal to seat 1 and would
    be stored in the state and written to the save as ``true``.
    """
    kind = type(action)
    for name in _ID_FIELDS.get(kind, ()):
        value = getattr(action, name)
        if type(value) is not str:
            raise IllegalAction(f"'{action.verb}': the {name} is a card-set id, not {value!r}",
                                code="bad_argument", seat=action.seat)
    names, ruling = _SEAT_FIELDS.get(kind, ((), None))
    for name in names:
        value = getattr(action, name)
        if value is None and kind is A.Redirect:
            continue
        if type(value) is not int or not 0 <= value < n:
            raise IllegalAction(f"there is no seat {value!r}", code="no_such_seat",
                                ruling=ruling, seat=action.seat)


_HANDLERS: dict[type[Action], Any] = {
    A.Draw: State._do_draw,
    A.Roll: State._do_roll,
    A.Settled: State._do_settled,
    A.Fell: State._do_fell,
    A.Collapse: State._do_collapse,
    A.NoSpace: State._do_nospace,
    A.Timeout: State._do_timeout,
    A.Swap: State._do_swap,
    A.Move: State._do_move,
    A.Target: State._do_target,
    A.Pair: State._do_pair,
    A.Allow: State._do_protect,
    A.Block: State._do_protect,
    A.Redirect: State._do_protect,
}

#: The stages in which each verb may come, and the ruling a wrong-stage refusal cites.
_STAGES_FOR: dict[type[Action], tuple[tuple[int, ...], str]] = {
    A.Draw: ((DRAW,), "DAL-20"),
    A.Roll: ((ROLL,), "DAL-20"),
    A.Settled: ((REPORT,), "DAL-23"),
    A.Fell: ((REPORT,), "DAL-10"),
    A.Collapse: ((REPORT,), "DAL-14"),
    A.NoSpace: ((REPORT,), "DAL-21"),
    A.Timeout: ((REPORT,), "DAL-28"),
    A.Swap: ((TARGET, PAIR, MOVE, ROLL, REPORT, PROTECT), "DAL-27"),
    A.Move: ((MOVE,), "DAL-22"),
    A.Target: ((TARGET,), "DAL-36"),
    A.Pair: ((PAIR,), "DAL-35"),
    A.Allow: ((PROTECT,), "DAL-41"),
    A.Block: ((PROTECT,), "DAL-41"),
    A.Redirect: ((PROTECT,), "DAL-41"),
}


def new_game(
    players: int | Sequence[str] = 4,
    seed: int | str = 0,
    rules: Rules | CardSet | dict[str, Any] | str | None = None,
    deck: Sequence[str] | None = None,
    *,
    actions: Sequence[str] | None = None,
    placements: Sequence[str] | None = None,
    rolls: Sequence[str] | None = None,
    piles: Sequence[int] | None = None,
    pot: Mapping[str, Sequence[str]] | None = None,
    held: Sequence[Sequence[str]] | None = None,
    first: int | None = None,
) -> State:
    """Start a game of Dallah.

    Scenarios stack what is random and set up the table (all kept in the setup record, so
    ``record()``/``replay()`` reproduce them):

    * ``actions`` (or ``deck``) — Action card ids on top of the Action deck, top first;
    * ``placements`` — zone ids on top of the Placement deck, top first;
    * ``rolls`` — the die's next faces (shape ids), used before the generator;
    * ``pot`` — cups already on the Dallah (``{"neck": ["tall"]}``), from the shared pile;
    * ``piles`` — cups already in each personal pile, from the shared pile;
    * ``held`` — protection card ids each seat already holds face up;
    * ``first`` — the seat that starts (default 0).
    """
    names = normalize_players(players, MIN_PLAYERS, MAX_PLAYERS, "dallah")
    r = coerce_rules(rules)
    extra: dict[str, Any] = {}
    for key, value in (("actions", actions), ("placements", placements), ("rolls", rolls),
                       ("held", held)):
        if value is not None:
            if isinstance(value, str):
                raise SetupError(f"{key} must be a list, not a string")
            extra[key] = [list(v) if key == "held" and not isinstance(v, str) else v
                          for v in value]
    if piles is not None:
        extra["piles"] = list(piles) if not isinstance(piles, str) else piles
    if pot is not None:
        if not isinstance(pot, Mapping):
            raise SetupError("pot must map zone ids to lists of shape ids")
        extra["pot"] = {str(z): list(v) if not isinstance(v, str) else v for z, v in pot.items()}
    if first is not None:
        extra["first"] = first
    if deck is not None and (isinstance(deck, str) or not isinstance(deck, Sequence)):
        raise SetupError("deck must be a list of Action card ids, top card first")
    return State._fresh(names, check_seed(seed), r, deck, extra)


__all__ = ["MAX_PLAYERS", "MIN_PLAYERS", "VARIANTS", "Rules", "State", "new_game"]
