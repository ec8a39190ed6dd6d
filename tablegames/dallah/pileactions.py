"""Pile actions and protection: the part of a turn that moves cups between personal piles.

Every pile action (DAL-30..38) becomes a list of *effects* before anything moves. An
effect is ``(source, recipient, cups, flags)``: ``cups`` is a count, or ``SWAP`` for a
whole-pile swap, whose source is the bigger pile and recipient the smaller one; the
recipient is the seat the effect is *against* (its pile would grow). Each recipient that
holds a protection card is then asked in clockwise order from the active seat (DAL-41):
``block`` cancels its effect (DAL-42), ``redirect`` gives it a new recipient that is
neither the source nor itself, or cancels it when nobody is eligible (DAL-43); a redirected
effect is not offered for protection again (DAL-44). Finally all surviving effects happen
at once, which is what makes Pass It and Reverse simultaneous (DAL-37, DAL-45).

:class:`PileActions` is a mixin of :class:`~tablegames.dallah.state.State`; it keeps these
rules in one small module.
"""

from __future__ import annotations

from typing import Any

from tablegames.common.actions import Action, Event
from tablegames.common.errors import IllegalAction, OutOfTurn
from tablegames.common.fields import put
from tablegames.dallah import actions as A
from tablegames.dallah.cardset import ActionCard
from tablegames.dallah.stages import BLOCKED, PAIR, PROTECT, REDIRECTED, SWAP, TARGET
from tablegames.dallah.table import Table

#: ``(source, recipient, cups, flags)``; a tuple like every list field of the state.
Effect = tuple[int, ...]


class PileActions:
    """Pile actions, protection windows and their execution (mixed into ``State``)."""

    t: Table
    players: tuple[str, ...]
    stage: int
    active: int
    card: int
    piles: tuple[int, ...]
    retired: int
    held: tuple[tuple[int, ...], ...]
    discard: tuple[int, ...]
    amount: int
    effects: tuple[Effect, ...]
    asked: tuple[int, ...]
    answered: tuple[int, ...]
    used: tuple[int, ...]
    _events: list[Event]

    def _end_turn(self) -> None:
        """Discard the card and pass the turn (the state provides it)."""
        raise NotImplementedError

    def _refuse(self, message: str, code: str, ruling: str | None, seat: int) -> IllegalAction:
        return IllegalAction(message, code=code, ruling=ruling, seat=seat)

    def _my_effect(self, seat: int) -> Effect | None:
        """The effect against ``seat`` it may still protect against (DAL-44)."""
        i = self._my_effect_at(seat)
        return None if i < 0 else self.effects[i]

    def _my_effect_at(self, seat: int) -> int:
        """Where in ``effects`` :meth:`_my_effect` is (-1: nowhere)."""
        for i, e in enumerate(self.effects):
            if e[1] == seat and not e[3]:
                return i
        return -1

    def _held_kind(self, seat: int, kind: str) -> int:
        """Index in ``held[seat]`` of a protection card of ``kind`` (-1: none)."""
        for i, c in enumerate(self.held[seat]):
            if self.t.kind[c] == kind:
                return i
        return -1

    def _eligible(self, seat: int, effect: Effect) -> list[int]:
        """Seats an effect against ``seat`` may be redirected to (DAL-43)."""
        return [s for s in range(len(self.piles)) if s != effect[0] and s != seat]

    def _protect_options(self, seat: int) -> list[Action]:
        out = [A.simple(A.Allow, seat)]
        effect = self._my_effect(seat)
        if effect is None:  # pragma: no cover - asked seats always have an effect
            return out
        if self._held_kind(seat, "block") >= 0:
            out.append(A.simple(A.Block, seat))
        if self._held_kind(seat, "redirect") >= 0:
            eligible = self._eligible(seat, effect)
            if eligible:
                out.extend(A.redirect(seat, s) for s in eligible)
            else:
                out.append(A.redirect(seat, None))
        return out

    def _tie_pairs(self) -> list[tuple[int, int]]:
        """Malek Shoghl: (biggest, smallest) pairs among ties, different players (DAL-35)."""
        piles = self.piles
        hi, lo = max(piles), min(piles)
        bigs = [s for s in range(len(self.piles)) if piles[s] == hi]
        smalls = [s for s in range(len(self.piles)) if piles[s] == lo]
        return [(b, r) for b in bigs for r in smalls if b != r]

    def _check_protection(self, seat: int, action: Action) -> None:
        if self.stage != PROTECT:
            raise self._refuse(
                "protection is played against a card's taking, giving or swapping before "
                "cups move; it cannot undo a finished move or cups knocked down",
                "nothing_to_protect", "DAL-46", seat)
        if seat in self.used:
            raise self._refuse("you have already played protection on this card",
                               "protection_used", "DAL-44", seat)
        if seat in self.answered:
            raise self._refuse("you have already answered for this card",
                               "already_answered", "DAL-44", seat)
        if seat not in self.asked:
            if any(e[1] == seat for e in self.effects):
                raise self._refuse("a redirected effect cannot be protected again",
                                   "redirected_effect", "DAL-44", seat)
            raise self._refuse("nothing on this card would add cups to your pile",
                               "not_affected", "DAL-41", seat)
        if seat != self.asked[0]:
            raise OutOfTurn(f"{self.players[self.asked[0]]} decides first",
                            code="out_of_turn", ruling="DAL-41", seat=seat)

    def _do_pair(self, action: A.Pair) -> None:
        if (action.source, action.recipient) not in self._tie_pairs():
            raise self._refuse(
                "Malek Shoghl moves cups from a biggest pile to a smallest pile of another "
                "player, as they stand before the transfer", "not_tied", "DAL-35", action.seat)
        self._events.append(Event("pair", {"seat": action.seat, "source": action.source,
                                           "recipient": action.recipient}))
        self._even_out(action.source, action.recipient)

    # -- pile actions (DAL-30..38) -----------------------------------------------------------
    def _start_pile(self, spec: ActionCard) -> None:
        n, a = len(self.piles), self.active
        piles = self.piles
        kind = spec.kind
        side = {"next": (a + 1) % n, "previous": (a - 1) % n}
        if kind == "give":
            have = piles[a]
            k = (have // 2 if spec.portion == "half" else have if spec.portion == "all"
                 else min(spec.amount, have))
            if k == 0:
                self._protect([])
            elif spec.target == "choose":
                self.amount = k
                self.stage = TARGET
            else:
                self._protect([(a, side[spec.target], k, 0)])
        elif kind == "swap":
            if spec.target == "choose":
                self.stage = TARGET
            else:
                self._protect(self._swap_effect(a, side[spec.target]))
        elif kind == "retire":
            k = min(spec.amount, piles[a])
            self.piles = put(piles, a, piles[a] - k)
            self.retired += k
            self._events.append(Event("retire", {"seat": a, "cups": k, "retired": self.retired}))
            self._end_turn()
        elif kind == "even_out":
            if not any(piles) or spec.amount == 0:
                self._protect([])
                return
            pairs = self._tie_pairs()
            if len(pairs) == 1:
                self._even_out(*pairs[0])
            else:
                self.stage = PAIR
        else:  # pass
            step = 1 if spec.target == "next" else -1
            self._protect([(s, (s + step) % n, 1, 0) for s in range(n) if piles[s]])

    def _even_out(self, source: int, recipient: int) -> None:
        spec = self.t.specs[self.card]
        amount = spec.amount if isinstance(spec, ActionCard) else 0
        self._protect([(source, recipient, min(amount, self.piles[source]), 0)])

    def _swap_effect(self, a: int, b: int) -> list[Effect]:
        """A swap as an effect from the bigger pile (source) to the smaller (recipient)."""
        pa, pb = self.piles[a], self.piles[b]
        if pa == pb:
            return []
        return [(a, b, SWAP, 0)] if pa > pb else [(b, a, SWAP, 0)]

    def _protect(self, effects: list[Effect]) -> None:
        """Ask every affected seat holding protection, in order, before cups move."""
        self.effects = tuple(e for e in effects if e[2] != 0)
        if not self.effects:
            self._events.append(Event("no_effect", {"seat": self.active,
                                                    "card": self.t.card_ids[self.card]}))
            self._end_turn()
            return
        n, a = len(self.piles), self.active
        receivers = {e[1] for e in self.effects}
        self.asked = tuple(s for s in ((a + k) % n for k in range(n))
                           if s in receivers and self.held[s])
        if self.asked:
            self.stage = PROTECT
            self._events.append(Event("protection_window", {"asked": list(self.asked),
                                                            "effects": self._effects_json()}))
        else:
            self._execute()

    def _do_protect(self, action: Action) -> None:
        seat = action.seat
        at = self._my_effect_at(seat)
        assert at >= 0
        effect = self.effects[at]
        t = self.t
        ev = self._events
        kind = type(action)
        if kind is A.Allow:
            ev.append(Event("allow", {"seat": seat}))
        else:
            want = "block" if kind is A.Block else "redirect"
            i = self._held_kind(seat, want)
            if i < 0:
                raise self._refuse(f"you hold no {want} card", "no_such_card", "DAL-41", seat)
            to = action.to if isinstance(action, A.Redirect) else None
            if kind is A.Redirect:
                eligible = self._eligible(seat, effect)
                if (to is None and eligible) or (to is not None and to not in eligible):
                    raise self._refuse(
                        "redirect to another player who is not the source of the cups "
                        f"(eligible: {eligible})" if eligible else
                        "nobody is eligible: the redirect cancels the effect",
                        "not_eligible", "DAL-43", seat)
            mine = self.held[seat]
            code = mine[i]
            self.held = put(self.held, seat, (*mine[:i], *mine[i + 1:]))
            self.discard += (code,)
            self.used += (seat,)
            src, dst, k, flags = effect
            changed = (src, dst, k, flags | BLOCKED) if to is None else (
                src, to, k, flags | REDIRECTED)
            self.effects = put(self.effects, at, changed)
            ev.append(Event("protect", {"seat": seat, "card": t.card_ids[code], "play": want,
                                        "to": to, "cancelled": to is None}))
        self.answered += (seat,)
        self.asked = self.asked[1:]
        if not self.asked:
            self._execute()

    def _execute(self) -> None:
        """Every pass leaves at the same time (DAL-37): cups set aside before any arrive."""
        piles = list(self.piles)
        delta = [0] * len(piles)
        done = []
        for src, dst, k, flags in self.effects:
            if flags & BLOCKED:
                continue
            if k == SWAP:
                piles[src], piles[dst] = piles[dst], piles[src]
            else:
                delta[src] -= k
                delta[dst] += k
            done.append({"from": src, "to": dst, "cups": "pile" if k == SWAP else k})
        for s, d in enumerate(delta):
            piles[s] += d
        self.piles = tuple(piles)
        self._events.append(Event("pile_action", {"card": self.t.card_ids[self.card],
                                                  "moves": done, "piles": list(piles)}))
        self._end_turn()

    def _effects_json(self) -> list[dict[str, Any]]:
        return [{"from": s, "to": d, "cups": "pile" if k == SWAP else k,
                 "redirected": bool(f & REDIRECTED), "blocked": bool(f & BLOCKED)}
                for s, d, k, f in self.effects]
