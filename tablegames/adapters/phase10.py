"""Phase 10 for RL: action ids (lay-downs spelled group by group), observations, rewards.

Faces are the 50 card codes: ``colour × 12 + number − 1`` for the 48 number cards (red,
blue, green, yellow), 48 = Wild, 49 = Skip. ``n`` seats; ``G`` is the most groups any
phase of the rules has (2 for the standard phases), ``S`` the number of distinct phase
shapes (10 for the standard list). Seats in ids are relative to the acting seat: ``r`` = 0
is the actor, 1 the next seat clockwise.

**Action ids**, in order:

======================  ============================================================
``draw``, ``take``      2 ids
discard ``f``           49 ids, faces 0..48 (numbers and Wild)
discard a Skip          1 id: a Skip that can skip nobody (``discard S``)
skip seat ``r``         n − 1 ids, r = 1..n−1 (``discard S>SEAT``)
hit natural             48 × n × G ids: number card ``c`` on group ``g`` of seat ``r``,
                        id = base + (c × n + r) × G + g
hit Wild                n × G × 13 ids: a Wild on group ``g`` of seat ``r`` standing for
                        number ``v`` (1..12 on a run; 0 on a set or colour group),
                        id = base + (r × G + g) × 13 + v
lay shape ``k``         S ids: start laying the phase of shape ``k`` (``Rules.phases``
                        order, repeated shapes counted once)
key ``x``               12 ids: the next group's number x + 1 (a set's number, a run's
                        lowest number) or, for a colour group, colour x (R B G Y)
card ``f``              49 ids: the next card of the group being laid (faces 0..48)
``open``                1 id, only with ``Rules(wild_groups="open")``: the next group
                        is laid open, all Wilds with no number or colour yet (P10-54,
                        ``set?=W,W,W``), in place of its key
``pass``                1 id, only with ``interrupts=True``
======================  ============================================================

**Spelling a lay-down.** ``lay`` is spelled as its shape, then each group in the
lay-down's canonical order (sets, runs, colour groups; larger first; then by key) as its
key (or ``open``) followed by its cards: a set's naturals in code order then its Wilds; a run's cards in
position order (a Wild's place is the number it stands for); a colour group's naturals
in code order then its Wilds.

>>> from tablegames import phase10
>>> from tablegames.adapters import make_codec
>>> codec = make_codec("phase10", players=2)
>>> lay = phase10.parse_action("0:lay set3=R3,B3,W set9=G9,Y9,Y9")
>>> [codec.label(i) for i in codec.spell(lay)]  # doctest: +NORMALIZE_WHITESPACE
['lay set3+set3', 'lay: number 3 or colour G', 'lay: card R3', 'lay: card B3',
 'lay: card W', 'lay: number 9', 'lay: card G9', 'lay: card Y9', 'lay: card Y9']

The shape fixes how many groups and cards follow, so spellings are prefix-free; letters
with no alternative are taken automatically. Extra cards on new groups (P10-43) are hits,
as in the engine.

**Observation** (``P`` phases in the rules; pack counts are 2 per number face, 8 Wilds,
4 Skips, and counts are divided by them):

===========  =======================  ===================================================
field        size                     meaning
===========  =======================  ===================================================
hand         50                       my hand, count per face
top          50                       the top of the discard pile
discards     50                       the discard pile, count per face
stage        3                        draw, play, over
table        3                        tie-break hand, draw pile/108, polled
laying       1 + S + G × 74           my lay-down so far: laying, its shape, then per
                                      group its key (12; none for an open group), cards
                                      per face (50) and the numbers its Wilds stand for
                                      (12)
seats        n × (2P + 58)            per seat: its phase this hand, the phases it may lay,
                                      completed/P, down, skip pending, score/1000, hand
                                      size/(hand_size+1), plays this hand, to act, dealer,
                                      and the cards it took from the discard pile (50)
groups       n × G × 77               per seat and group: kind (3), key (12; none while
                                      an all-Wild group is open, P10-54), cards per
                                      face (50), Wild numbers (12)
===========  =======================  ===================================================

**Rewards**: the game's one winner (lowest score after someone completes the last phase)
gets +1; every other seat is a loser and gets −1/(n−1).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from tablegames.adapters.base import Codec, CodecError, GameAdapter, Layout, ViewKeys
from tablegames.adapters.observation import Buffer, Observer, index_of
from tablegames.common.actions import Action
from tablegames.common.errors import quoted
from tablegames.phase10 import actions as A
from tablegames.phase10.cards import COLOURS, N_FACES, NAMES, PACK, SKIP, WILD
from tablegames.phase10.groups import OPEN, make_group
from tablegames.phase10.rules import COLOUR_GROUP, KIND_WORDS, RUN, SET

_PLAIN = WILD + 1  # faces that can be discarded plainly, laid or hit: numbers and Wild


def _shape_text(shape: tuple[tuple[int, int], ...]) -> str:
    return "+".join(f"{KIND_WORDS[kind]}{size}" for kind, size in shape)


class Phase10Codec(Codec):
    """Phase 10's ids and lay-down spelling (see the module docstring)."""

    game = "phase10"

    def chance_size(self) -> int:
        """Chance outcomes are card codes (one per card of the pack)."""
        return max(PACK.full_deck()) + 1

    def chance_label(self, pile: str, outcome: int) -> str:
        return f"{pile}: {NAMES[outcome]}" if 0 <= outcome < len(NAMES) else f"{pile}: {outcome}"

    def _declare(self) -> None:
        n = self.n
        self.shapes: list[tuple[tuple[int, int], ...]] = list(dict.fromkeys(self.rules.phase_reqs))
        self.shape_index = {shape: i for i, shape in enumerate(self.shapes)}
        self.G = G = max(len(shape) for shape in self.shapes)
        self.DRAW = self._add("draw")
        self.TAKE = self._add("take")
        self.DISCARD = self._block(f"discard {NAMES[f]}" for f in range(_PLAIN))
        self.SKIP_NONE = self._add("discard S")
        self.SKIP = self._block(f"discard S skipping seat +{r}" for r in range(1, n))
        self.HIT = self._block(
            f"hit {NAMES[c]} on seat +{r} group {g}"
            for c in range(WILD) for r in range(n) for g in range(G))
        self.HIT_WILD = self._block(
            f"hit W{'=' + str(v) if v else ''} on seat +{r} group {g}"
            for r in range(n) for g in range(G) for v in range(13))
        self.LAY = self._block(f"lay {_shape_text(shape)}" for shape in self.shapes)
        self.KEY = self._block(f"lay: number {x + 1} or colour {COLOURS[x]}" if x < 4
                               else f"lay: number {x + 1}" for x in range(12))
        self.CARD = self._block(f"lay: card {NAMES[f]}" for f in range(_PLAIN))
        # After every other id, so the ids of every other rules config stay as they were
        # (the house rule came after the codec, which could not spell an open group).
        self.OPEN = (self._add("lay: open group (all Wilds, number or colour to come)")
                     if self.rules.wild_groups == "open" else -1)

    def longest_spelling(self) -> int:
        """The largest shape's lay-down: its shape, then a key and the cards per group."""
        return max(1 + sum(1 + size for _, size in shape) for shape in self.shapes)

    # -- action -> ids ----------------------------------------------------------------
    def _spell(self, action: Action) -> tuple[int, ...]:
        cls = type(action)
        seat = action.seat
        if cls is A.Draw:
            return (self.DRAW,)
        if cls is A.Take:
            return (self.TAKE,)
        if cls is A.Discard:
            return (self._discard(action),)
        if cls is A.Hit:
            return (self._hit(action),)  # type: ignore[arg-type]
        if cls is A.Lay:
            return self._lay(action)
        raise CodecError(f"{action!r} (seat {seat}) is not a Phase 10 action the adapter knows")

    def _discard(self, action: Any) -> int:
        card, target = action.card, action.target
        if type(card) is not int or type(target) is not int or not 0 <= card <= SKIP:
            raise CodecError(f"{action!r} is not a Phase 10 discard")
        if target == -1:
            return self.SKIP_NONE if card == SKIP else self.DISCARD + card
        if card == SKIP and 0 <= target < self.n and target != action.seat:
            return self.SKIP + self.seat_offset(action.seat, target) - 1
        raise CodecError(f"{action} names a seat it cannot skip")

    def _hit(self, action: A.Hit) -> int:
        card, owner, group, value = action.card, action.owner, action.group, action.value
        if not all(type(x) is int for x in (card, owner, group, value)) or not (
            0 <= owner < self.n and 0 <= group < self.G
        ):
            raise CodecError(f"{action!r} is not a hit on a group the table can hold")
        r = self.seat_offset(action.seat, owner)
        if 0 <= card < WILD and value == 0:
            return self.HIT + (card * self.n + r) * self.G + group
        if card == WILD and 0 <= value <= 12:
            return self.HIT_WILD + (r * self.G + group) * 13 + value
        raise CodecError(f"{action!r} is not a hit the adapter knows")

    def _lay(self, action: Any) -> tuple[int, ...]:
        groups = sorted(action.groups, key=lambda g: g.sort_key)
        shape = tuple((g.kind, len(g.cards)) for g in groups)
        k = self.shape_index.get(shape)
        if k is None:
            raise CodecError(f"{action} is not the shape of any phase in the rules")
        out = [self.LAY + k]
        for g in groups:
            if not all(type(c) is int and 0 <= c < _PLAIN for c in g.cards):
                raise CodecError(f"{action}: group {g} cannot be spelled")
            if g.key == OPEN and g.kind != RUN and self.OPEN >= 0:  # P10-54: laid open
                out.append(self.OPEN)
            else:
                key = g.key if g.kind == COLOUR_GROUP else g.key - 1
                if not 0 <= key < 12:
                    raise CodecError(f"{action}: group {g} cannot be spelled")
                out.append(self.KEY + key)
            out.extend(self.CARD + c for c in g.cards)
        return tuple(out)

    # -- ids -> action ----------------------------------------------------------------
    def _build(self, ids: tuple[int, ...], seat: int) -> Action:
        first = ids[0]
        if self.LAY <= first < self.KEY:
            return self._build_lay(ids, seat)
        if len(ids) != 1:
            raise CodecError(f"{quoted(list(ids))}: only a lay-down is spelled in several ids")
        if first == self.DRAW:
            return A.DRAW[seat] if seat < A.MAX_SEATS else A.Draw(seat)
        if first == self.TAKE:
            return A.TAKE[seat] if seat < A.MAX_SEATS else A.Take(seat)
        if self.DISCARD <= first < self.SKIP_NONE:
            return A.discard(seat, first - self.DISCARD)
        if first == self.SKIP_NONE:
            return A.discard(seat, SKIP)
        if self.SKIP <= first < self.HIT:
            return A.skip(seat, self.seat_at(seat, first - self.SKIP + 1))
        n, G = self.n, self.G
        if self.HIT <= first < self.HIT_WILD:
            i = first - self.HIT
            card, rest = divmod(i, n * G)
            r, g = divmod(rest, G)
            return A.Hit(seat, card, self.seat_at(seat, r), g, 0)
        if self.HIT_WILD <= first < self.LAY:
            i = first - self.HIT_WILD
            rg, value = divmod(i, 13)
            r, g = divmod(rg, G)
            return A.Hit(seat, WILD, self.seat_at(seat, r), g, value)
        raise CodecError(f"id {first} is a letter of a lay-down, not an action")

    def _build_lay(self, ids: tuple[int, ...], seat: int) -> Action:
        shape = self.shapes[ids[0] - self.LAY]
        pos = 1
        groups = []
        for kind, size in shape:
            if pos + 1 + size > len(ids):
                raise CodecError(f"{quoted(list(ids))} stops before the lay-down is complete")
            key_id, cards = ids[pos], ids[pos + 1:pos + 1 + size]
            is_open = key_id == self.OPEN and kind != RUN
            if not (self.KEY <= key_id < self.CARD or is_open) or not all(
                self.CARD <= c < self.CARD + _PLAIN for c in cards
            ):
                raise CodecError(f"{quoted(list(ids))}: each group is a key, then its cards")
            key = key_id - self.KEY
            groups.append(make_group(kind, OPEN if is_open else
                                     key if kind == COLOUR_GROUP else key + 1,
                                     [c - self.CARD for c in cards]))
            pos += 1 + size
        if pos != len(ids):
            raise CodecError(f"{quoted(list(ids))} goes on after the lay-down is complete")
        return A.lay(seat, tuple(groups))

    def lay_groups(self, prefix: tuple[int, ...]) -> tuple[int, list[tuple[int, list[int]]]]:
        """A lay-down prefix read back: its shape index and, per group begun, its key
        (``OPEN``, -1, for an open group) and card faces so far (what the observation
        shows of the spelling)."""
        shape = prefix[0] - self.LAY
        groups: list[tuple[int, list[int]]] = []
        for i in prefix[1:]:
            if i == self.OPEN:
                groups.append((OPEN, []))
            elif i < self.CARD:
                groups.append((i - self.KEY, []))
            else:
                groups[-1][1].append(i - self.CARD)
        return shape, groups


KEYS = ViewKeys("phase10", {
    "stage": ("stage", "step"),
    "hand": ("hand",),
    "discard": ("discard", "discards"),
    "discard_top": ("discard_top",),
    "stock": ("stock", "stock_size"),
    "tiebreak": ("tiebreak",),
    "phases": ("phases",),
    "completed": ("completed",),
    "down": ("down",),
    "pending_skips": ("pending_skips",),
    "scores": ("scores",),
    "hand_sizes": ("hand_sizes",),
    "playing": ("playing",),
    "to_act": ("to_act",),
    "dealer": ("dealer",),
    "known": ("known_cards", "known"),
    "laid": ("laid",),
})

STAGES = index_of(("draw", "play", "over"))
FACE = index_of(NAMES)
KIND = index_of(KIND_WORDS)
COLOUR_OF = index_of(("red", "blue", "green", "yellow"))
#: Copies of each face in the pack: what counts are divided by.
_COPIES: tuple[int, ...] = PACK.counts
_GROUP = 3 + 12 + N_FACES + 12


class Phase10Observer(Observer):
    """Phase 10 observations (see the module docstring for the layout)."""

    KEYS = KEYS
    OPTIONAL = frozenset({"hand"})
    codec: Phase10Codec

    def _declare(self, layout: Layout) -> None:
        n, G = self.n, self.codec.G
        self.P = P = len(self.rules.phases)
        self.S = S = len(self.codec.shapes)
        self.seat_size = 2 * P + 8 + N_FACES
        self.o_hand = layout.add("hand", N_FACES, "my hand, count per face")
        self.o_top = layout.add("top", N_FACES, "the top discard")
        self.o_discards = layout.add("discards", N_FACES, "the discard pile, count per face")
        self.o_stage = layout.add("stage", len(STAGES), "draw, play, over")
        self.o_table = layout.add("table", 3, "tie-break, draw pile/108, polled")
        self.o_laying = layout.add("laying", 1 + S + G * (12 + N_FACES + 12),
                                   "my lay-down so far: laying, shape, per group key, cards, "
                                   "Wild numbers")
        self.o_seats = layout.add(
            "seats", n * self.seat_size,
            "per seat: phase, open phases, completed, down, skip pending, score, hand size, "
            "playing, to act, dealer, cards taken from the discards")
        self.o_groups = layout.add("groups", n * G * _GROUP,
                                   "per seat and group: kind, key, cards, Wild numbers")

    def _counts(self, buf: Buffer, start: int, names: list[str]) -> None:
        """Count per face of ``names`` at ``start``, divided by the face's copies."""
        seen: dict[int, int] = {}
        for name in names:
            f = FACE[name]
            seen[f] = seen.get(f, 0) + 1
        a = buf.a
        for f, c in seen.items():
            a[start + f] = c / _COPIES[f]

    def _fill(self, view: Mapping[str, Any], k: Any, me: int, prefix: tuple[int, ...],
              polled: bool, buf: Buffer) -> None:
        P, G = self.P, self.codec.G
        a = buf.a
        at = self._at[me]
        counts = self._counts
        if k.hand is not None:
            counts(buf, self.o_hand, view[k.hand])
        top = view[k.discard_top]
        if top is not None:
            a[self.o_top + FACE[top]] = 1.0
        counts(buf, self.o_discards, view[k.discard])
        a[self.o_stage + STAGES[view[k.stage]]] = 1.0
        t = self.o_table
        if view[k.tiebreak]:
            a[t] = 1.0
        a[t + 1] = view[k.stock] / 108
        if polled:
            a[t + 2] = 1.0
        if prefix:
            self._laying(prefix, buf)
        phases, completed, down = view[k.phases], view[k.completed], view[k.down]
        skips, scores, sizes = view[k.pending_skips], view[k.scores], view[k.hand_sizes]
        playing, known = view[k.playing], view[k.known]
        most = self.rules.hand_size + 1
        size = self.seat_size
        for s in range(self.n):
            i = self.o_seats + size * at[s]
            info = phases[s]
            if info is not None:
                a[i + info["phase"] - 1] = 1.0
                for p in info["open"]:
                    a[i + P + p - 1] = 1.0
            i += 2 * P
            a[i] = completed[s] / P
            if down[s]:
                a[i + 1] = 1.0
            if s in skips:
                a[i + 2] = 1.0
            buf.set(i + 3, scores[s] / 1000)
            buf.set(i + 4, sizes[s] / most)
            if playing[s]:
                a[i + 5] = 1.0
            if known[s]:
                counts(buf, i + 8, known[s])
        for seat, feature in ((view[k.to_act], 6), (view[k.dealer], 7)):
            if seat is not None:
                a[self.o_seats + size * at[seat] + 2 * P + feature] = 1.0
        for s, groups in enumerate(view[k.laid]):
            base = self.o_groups + at[s] * G * _GROUP
            for gi, group in enumerate(groups[:G]):
                i = base + gi * _GROUP
                kind = KIND[group["kind"]]
                a[i + kind] = 1.0
                cards = group["cards"]
                if kind == SET:
                    if group["number"] is not None:  # None: open, all Wilds (P10-54)
                        a[i + 3 + group["number"] - 1] = 1.0
                elif kind == RUN:
                    numbers = group["numbers"]
                    a[i + 3 + numbers[0] - 1] = 1.0
                    for name, number in zip(cards, numbers, strict=False):
                        if name == "W":
                            a[i + 3 + 12 + N_FACES + number - 1] = 1.0
                elif group["colour"] is not None:  # None: open, all Wilds (P10-54)
                    a[i + 3 + COLOUR_OF[group["colour"]]] = 1.0
                counts(buf, i + 15, cards)

    def _laying(self, prefix: tuple[int, ...], buf: Buffer) -> None:
        codec = self.codec
        shape, groups = codec.lay_groups(prefix)
        at = self.o_laying
        a = buf.a
        a[at] = 1.0
        a[at + 1 + shape] = 1.0
        kinds = codec.shapes[shape]
        base = at + 1 + self.S
        for gi, (key, faces) in enumerate(groups):
            g = base + gi * (12 + N_FACES + 12)
            if key != OPEN:  # an open group has no key yet (P10-54)
                a[g + key] = 1.0
            counts: dict[int, int] = {}
            for f in faces:
                counts[f] = counts.get(f, 0) + 1
            for f, c in counts.items():
                a[g + 12 + f] = c / _COPIES[f]
            if kinds[gi][0] == RUN:
                for pos, f in enumerate(faces):
                    if f == WILD:
                        a[g + 12 + N_FACES + key + pos] = 1.0


ADAPTER = GameAdapter(
    "phase10", Phase10Codec, Phase10Observer,
    rewards="the winner gets +1, every other seat (all losers) shares −1",
)
