"""The effects table compiled for the engine: plain tuples indexed by value.

``Rules.effects`` is the readable table (a few rows); the engine asks "may value *v* go on
this pile?" and "what does *v* do?" thousands of times a second, so :func:`compile_table`
turns it once per rules into dense tuples and one legality bitmask per pile state.

The **pile state** that legality depends on is one number read from the pile: its
*effective top*, the value of the top card once transparent cards are seen through (0
for an empty pile or after a Zero-it, SHD-20). :meth:`Table.can_play_on` is the one rule:

* if the effective top's row has ``playable_on_me``, exactly those values may be played
  (``"lower"``: the top's rank or lower, and the cards that go on anything);
* otherwise a card with ``on="any"`` may be played, and any other card whose rank (in the
  order ``Rules.aces`` gives) is at least the top's;
* and a card with ``on="lower"`` (the sheet's strict "placed only on a lower number") only
  on a top it strictly beats, whatever the top's row allows.

``masks[top]`` is that rule as a bitmask of values (bit ``v``), precomputed for every top.
"""

from __future__ import annotations

from collections.abc import Sequence

import attrs

from tablegames.common.refusals import Phrase, Refusal, Refused
from tablegames.shithead import refusals as R
from tablegames.shithead.cards import RANK_TEXT, VALUE, rank_table
from tablegames.shithead.rules import Effect

PLAIN, RESET, SKIP, REVERSE, BURN, CLEAR, UNDER, GIVE = range(8)
KIND_CODES = {
    "plain": PLAIN, "reset": RESET, "skip": SKIP, "reverse": REVERSE, "burn": BURN,
    "transparent": CLEAR, "under_over": UNDER, "give": GIVE,
}
#: Human names used in views, events and prompts.
KIND_TITLES = {
    PLAIN: "plain", RESET: "zero it", SKIP: "skip", REVERSE: "reverse", BURN: "burn",
    CLEAR: "transparent", UNDER: "under-over", GIVE: "take it, bad luck",
}
_ALL = sum(1 << v for v in range(1, 14))


@attrs.frozen
class Table:
    """Dense per-value tables (index 0 unused) and the legality mask per effective top."""

    kind: tuple[int, ...]
    any_pile: tuple[bool, ...]
    each: tuple[bool, ...]
    #: ``rank[v]``: the place of value ``v`` in the rank order (``Rules.aces``).
    rank: tuple[int, ...]
    #: ``restricts[v]``: whether value ``v`` restricts the next play (``playable_on_me``).
    restricts: tuple[bool, ...]
    #: ``masks[top]``: bitmask of the values (bit v) that may go on that effective top.
    masks: tuple[int, ...]
    #: ``lower[r]``: bitmask of the values ranked below ``r``.
    lower: tuple[int, ...]
    #: ``on_lower[v]``: value ``v`` goes only on a top it strictly beats (``on="lower"``).
    on_lower: tuple[bool, ...]
    #: ``acts_on_lower[v]``: ``v`` does what it does only when laid on a top it strictly
    #: beats (``acts="on_lower"``); on an equal card it is a plain card.
    acts_on_lower: tuple[bool, ...]
    #: ``cap[top]``: the rank of the "N or less" a restricting top sets (0: none), when the
    #: plain values it allows are all those up to a rank; the rest of a restriction is a list.
    cap: tuple[int, ...]
    #: ``too_low[v]``: the refusal for ``v`` not reaching the pile, under the ruling of the
    #: row that places it (SHD-21/22/23 are "placed on a lower number"; the rest SHD-05).
    too_low: tuple[Refusal, ...]
    #: ``not_lower[v]``: the refusal for ``v`` (``on="lower"``) laid on a card it does not
    #: strictly beat, under the ruling of the row's kind, as ``too_low``.
    not_lower: tuple[Refusal, ...]
    #: Per effective top: the restriction in words (a phrase, so a refusal quoting it is
    #: translated; views take its plain text) and the ranks allowed (for views).
    said: tuple[Phrase | None, ...] = attrs.field(init=False, eq=False)
    words: tuple[str | None, ...] = attrs.field(init=False, eq=False)
    allowed: tuple[tuple[str, ...], ...] = attrs.field(init=False, eq=False)

    def __attrs_post_init__(self) -> None:
        said = tuple(self._words(t) for t in range(14))
        object.__setattr__(self, "said", said)
        object.__setattr__(self, "words", tuple(None if w is None else str(w) for w in said))
        object.__setattr__(self, "allowed", tuple(tuple(self._allowed(t)) for t in range(14)))

    def can_play_on(self, value: int, top: int) -> bool:
        """Whether a card of ``value`` may go on a pile whose effective top is ``top``."""
        return bool(self.masks[top] >> value & 1)

    def refusal(self, value: int, top: int) -> Refused | None:
        """Why a card of ``value`` may not go on the effective top ``top`` (``None``: it
        may): the rows of the table, read in the order the rules apply."""
        if self.masks[top] >> value & 1:
            return None
        rank, under = RANK_TEXT[value], RANK_TEXT[top]
        if self.on_lower[value] and self.rank[value] <= self.rank[top]:
            # SHD-21 (or SHD-22/23, SHD-05 for a plain row), strict: only on a lower card
            return self.not_lower[value].at(rank=rank, top=under)
        if self.restricts[top]:
            if self.cap[top] and not self.any_pile[value]:
                return R.OVER_CAP.at(words=self.said[top])  # SHD-21: above its "N or less"
            return R.RESTRICTED.at(words=self.said[top])  # SHD-21: a value its row leaves out
        return self.too_low[value].at(rank=rank, top=under)  # SHD-05 (or SHD-21/22/23): too low

    def acts(self, value: int, top: int) -> bool:
        """Whether a card of ``value`` laid on the effective top ``top`` does what its row
        says (``acts="on_lower"``: only on a top it strictly beats, SHD-22/SHD-23)."""
        return not self.acts_on_lower[value] or self.rank[value] > self.rank[top]

    def top_of(self, pile: Sequence[int]) -> int:
        """The effective top value of a pile (bottom first), read from its top down.

        Transparent cards are seen through (SHD-26); a pile of nothing but transparent
        cards counts the value of its bottom card (9 in the default table). A reset counts
        0 (SHD-20). The state is read from the cards alone, so a card that Under-over
        (SHD-27) brings to the top counts as if just laid (a five-or-less restricts again),
        while what a card *does* when laid (skip, reverse, burn) happens only then.
        """
        kind = self.kind
        for code in reversed(pile):
            v = VALUE[code]
            k = kind[v]
            if k == CLEAR:  # SHD-26: seen through, the card beneath counts
                continue
            if k == RESET:  # SHD-20: the pile counts 0, anything may follow
                return 0
            return v
        if pile:  # SHD-26: only transparent cards, the first counts (9 by default)
            return VALUE[pile[0]]
        return 0

    def level(self, top: int) -> int:
        """The rank a normal card must reach on this top (0: anything goes)."""
        return self.rank[top] if top else 0

    def restriction(self, top: int) -> str | None:
        """The restriction the top puts on the next play, in words (``None``: none)."""
        return self.words[top]

    def allowed_names(self, top: int) -> list[str]:
        """The ranks that may be played on this top, low to high (for views)."""
        return list(self.allowed[top])

    def _words(self, top: int) -> Phrase | None:
        if not self.restricts[top]:
            return None
        allowed = self.masks[top]
        ranks = self.rank
        if self.cap[top]:
            highest = RANK_TEXT[next(v for v in range(1, 14) if ranks[v] == self.cap[top])]
            # a card that goes on anything but not on this one (the strict 7's 10) is named
            banned = [RANK_TEXT[v] for v in sorted(range(1, 14), key=lambda v: ranks[v])
                      if self.any_pile[v] and not allowed >> v & 1]
            if banned:
                return R.OR_LESS_BUT.at(rank=highest, ranks=", ".join(banned))
            return R.OR_LESS.at(rank=highest)
        names = [RANK_TEXT[v] for v in sorted(range(1, 14), key=lambda v: ranks[v])
                 if allowed >> v & 1]
        return R.ONLY.at(ranks=", ".join(names))

    def _allowed(self, top: int) -> list[str]:
        allowed = self.masks[top]
        return [RANK_TEXT[v] for v in sorted(range(1, 14), key=lambda v: self.rank[v])
                if allowed >> v & 1]


def compile_table(effects: tuple[Effect, ...], aces: str = "low") -> Table:
    """The dense form of an effects table (a new one each call: a state keeps the one of
    its rules, see ``state._table_of``)."""
    kind = [PLAIN] * 14
    any_pile = [False] * 14
    each = [False] * 14
    on_lower = [False] * 14
    acts_on_lower = [False] * 14
    own: list[int | None] = [None] * 14
    for e in effects:
        kind[e.value] = KIND_CODES[e.does]
        any_pile[e.value] = e.on == "any"
        on_lower[e.value] = e.on == "lower"
        each[e.value] = e.multiples == "each"
        acts_on_lower[e.value] = e.acts == "on_lower"
    rank = rank_table(aces)
    for e in effects:
        if e.playable_on_me == "lower":
            own[e.value] = sum(1 << v for v in range(1, 14)
                               if any_pile[v] or rank[v] <= rank[e.value])
        elif e.playable_on_me is not None:
            own[e.value] = sum(1 << v for v in e.playable_on_me)
    masks = [_ALL]
    caps = [0]
    for top in range(1, 14):
        mask = own[top]
        if mask is None:
            mask = 0
            for v in range(1, 14):
                if any_pile[v] or rank[v] >= rank[top]:
                    mask |= 1 << v
        for v in range(1, 14):  # "only on a lower card" holds under any restriction too
            if on_lower[v] and rank[v] <= rank[top]:
                mask &= ~(1 << v)
        masks.append(mask)
        caps.append(_cap(mask, any_pile, rank) if own[top] is not None else 0)
    lower = tuple(sum(1 << v for v in range(1, 14) if rank[v] < r) for r in range(16))
    # the refusals of a card that does not reach the pile, by the ruling of the row that
    # places it: too low under "ge", and not strictly lower under on="lower"
    by_row = [
        (R.TOO_LOW_CAP, R.NOT_LOWER) if own[v] is not None  # SHD-21: a restricting row
        else (R.TOO_LOW_SKIP, R.NOT_LOWER_SKIP) if kind[v] == SKIP  # SHD-22
        else (R.TOO_LOW_REVERSE, R.NOT_LOWER_REVERSE) if kind[v] == REVERSE  # SHD-23
        else (R.TOO_LOW, R.NOT_LOWER_PLAIN)  # SHD-05: any other card
        for v in range(14)
    ]
    too_low = tuple(r[0] for r in by_row)
    not_lower = tuple(r[1] for r in by_row)
    return Table(tuple(kind), tuple(any_pile), tuple(each), rank,
                 tuple(m is not None for m in own), tuple(masks), lower, tuple(on_lower),
                 tuple(acts_on_lower), tuple(caps), too_low, not_lower)


def _cap(allowed: int, any_pile: list[bool], rank: tuple[int, ...]) -> int:
    """The rank N of a restriction that allows every plain value up to N (an "N or less"),
    else 0 (a list such as "only 3, 5, 7, 9")."""
    plain = [v for v in range(1, 14) if allowed >> v & 1 and not any_pile[v]]
    top_rank = max((rank[v] for v in plain), default=0)
    if plain and all(allowed >> v & 1 for v in range(1, 14)
                     if rank[v] <= top_rank and not any_pile[v]):
        return top_rank
    return 0
