"""Chance outcomes from outside: every deal, draw, reshuffle and die roll in one place.

By default an engine owns its randomness: a deal shuffles the pack with the state's
seeded :class:`~tablegames.common.rng.Rng` and every draw pops the top of that shuffled
stock, so the same seed and actions give the same game. A search or learning framework
that models chance itself (OpenSpiel's chance nodes) needs the opposite: the engine asks
*which* card comes off a hidden pile, or which face the die shows, and the caller says.
This module is that switch. Every random site of the four games goes through one of the
helpers below, which in the default ("inside") mode do exactly what the game did before
(so seeded play is byte-identical), and in **outside mode** take each outcome from a
*feed* the caller gives with the action:

* ``state.apply(action, chance=[...])`` (and ``BaseState.new(..., chance=[...])`` for the
  deal at setup) applies with the feed: each draw from a hidden pile takes the next card
  code of the feed (it must be in that pile), each roll the next face index (it must be
  on the die).
* When the feed runs out the engine refuses with :class:`ChanceNeeded`, which carries the
  distribution of the next outcome (the cards left in that pile with their counts, or the
  die's faces) and leaves the state byte-identical: the caller adds an outcome and
  applies again. A card not in the pile, a face not on the die or a feed longer than the
  action used is refused (:class:`ChanceError`) the same way.
* In outside mode a hidden pile's order means nothing: shuffles sort instead (so a pile
  is always in one canonical order) and the generator is never used, so two states that
  agree on every card dealt so far are equal, field for field.

A stacked deck (scenarios) fixes outcomes in advance and is refused in outside mode. An
outside state saves and loads as one (the save's setup says ``"chance": "outside"``); it
has no replayable record (its outcomes came from the caller: the caller's log, e.g. an
OpenSpiel history, is the record).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import MutableSequence, Sequence
from typing import TYPE_CHECKING, Any, Protocol, TypeVar

from tablegames.common.errors import IllegalAction, SetupError, quoted
from tablegames.common.setups import MAX_DECK

if TYPE_CHECKING:
    from tablegames.common.state import BaseState

S = TypeVar("S", bound="BaseState")

#: The most outcomes one feed may hold: the longest stacked deck ``new_game`` takes (the
#: largest deal, three Shithead decks, uses 156).
MAX_FEED = MAX_DECK

__all__ = [
    "ChanceError",
    "ChanceNeeded",
    "OutsideSetup",
    "Shuffles",
    "draw",
    "draw_one",
    "pop",
    "roll",
    "shuffle",
    "shuffler",
    "split_bottom",
    "stack",
    "stacked",
]

class OutsideSetup(dict[str, Any]):
    """A game's setup values (``extra``) that also carry the deal's feed: how
    ``BaseState.new`` hands the feed through a game's ``_fresh`` to ``_init_common``
    without a setup key the game would have to know (the saved setup is a plain dict)."""

    def __init__(self, values: dict[str, Any], feed: list[int]) -> None:
        super().__init__(values)
        self.feed = feed


class ChanceError(IllegalAction):
    """A chance feed the engine cannot use (a card not in the pile, a face not on the die,
    outcomes left over, a feed given to a state that deals for itself). The state is left
    exactly as it was. ``pile`` names the pile or die asked about (``None``: no outcome
    was being asked for) and ``outcomes`` its distribution, as for :class:`ChanceNeeded`."""

    def __init__(self, message: str, *, code: str, pile: str | None = None,
                 outcomes: tuple[tuple[int, int], ...] = ()) -> None:
        super().__init__(message, code=code)
        self.pile = pile
        self.outcomes = outcomes

    def probabilities(self) -> list[tuple[int, float]]:
        """``(outcome, probability)`` pairs of the next outcome, summing to 1."""
        total = sum(k for _, k in self.outcomes)
        return [(o, k / total) for o, k in self.outcomes]


class ChanceNeeded(ChanceError):
    """The feed ran out: the engine needs the next outcome from ``pile``.

    ``outcomes`` lists each possible outcome once, ascending, with its weight: for a pile
    the card codes left in it and how many copies of each, for a die (``pile`` names it)
    each face index with weight 1. The state is unchanged; apply again with the feed so
    far plus one outcome.
    """

    def __init__(self, pile: str, outcomes: tuple[tuple[int, int], ...]) -> None:
        what = "die" if pile == "die" else f"the {pile} pile"
        super().__init__(f"the next outcome of {what} must come from the caller "
                         f"({len(outcomes)} possible)", code="chance_needed", pile=pile,
                         outcomes=outcomes)


class Shuffles(Protocol):
    """What :func:`~tablegames.common.piles.reshuffle_discards` needs of a generator."""

    def shuffle(self, items: MutableSequence[Any]) -> None: ...


class _Sorter:
    """The outside mode's "shuffle": the canonical order (ascending)."""

    __slots__ = ()

    def shuffle(self, items: MutableSequence[Any]) -> None:
        items[:] = sorted(items)


_SORTER = _Sorter()


def shuffler(state: BaseState) -> Shuffles:
    """What shuffles a pile of ``state``: its generator, or in outside mode a sort."""
    return state.rng if state._feed is None else _SORTER


def shuffle(state: BaseState, cards: list[int]) -> None:
    """Shuffle ``cards`` in place as the game always has (``state.rng``); in outside mode
    sort them instead (the order of a hidden pile means nothing there)."""
    if state._feed is None:
        state.rng.shuffle(cards)
    else:
        cards.sort()


def stacked(state: BaseState, pack: Any, top: Sequence[str] | None) -> list[int]:
    """``pack.stacked_deck(top, state.rng)`` (the first hand's deck); in outside mode
    the pack in canonical order, and a stacked deck is refused (:class:`SetupError`)."""
    if state._feed is None:
        return pack.stacked_deck(top, state.rng)  # type: ignore[no-any-return]
    if top:
        raise SetupError("a stacked deck fixes the deal in advance: outside chance takes "
                         "every outcome from the caller, so the two cannot be combined")
    return sorted(pack.full_deck())


def stack(state: BaseState, top: list[int], rest: list[int]) -> list[int]:
    """A deck whose first cards are ``top`` (a stacked setup) followed by ``rest`` (already
    shuffled); a stacked setup is refused in outside mode, as in :func:`stacked`."""
    if top and state._feed is not None:
        raise SetupError("a stacked deck fixes the deal in advance: outside chance takes "
                         "every outcome from the caller, so the two cannot be combined")
    return top + rest


def _need(state: BaseState, pile: str, left: Sequence[int]) -> int:
    """The next outcome from ``left`` (outside mode): taken off the feed and checked."""
    feed = state._feed
    assert feed is not None
    if state._fed >= len(feed):
        raise ChanceNeeded(pile, tuple(sorted(Counter(left).items())))
    code = feed[state._fed]
    if type(code) is not int or code not in left:
        raise ChanceError(
            f"{quoted(code)} is not a card left in the {pile} pile", code="not_in_pile",
            pile=pile, outcomes=tuple(sorted(Counter(left).items())))
    state._fed += 1
    return code


def pop(state: BaseState, pile: list[int], name: str = "stock") -> int:
    """``pile.pop()``: the top card of a hidden pile (a list, top at the end); in outside
    mode the feed's next card, removed from ``pile``."""
    if state._feed is None:
        return pile.pop()
    code = _need(state, name, pile)
    pile.remove(code)
    return code


def draw(state: BaseState, pile: tuple[int, ...], n: int,
         name: str = "stock") -> tuple[tuple[int, ...], tuple[int, ...]]:
    """The top ``n`` cards of a hidden pile (a tuple, top at the end; fewer if it holds
    fewer), top card first, and the pile left: ``(pile[-n:][::-1], pile[:-n])``."""
    if state._feed is None:
        if n >= len(pile):
            return pile[::-1], ()
        return pile[-n:][::-1], pile[:-n]
    left = list(pile)
    got = tuple([pop(state, left, name) for _ in range(min(n, len(left)))])
    return got, tuple(left)


def draw_one(state: BaseState, pile: tuple[int, ...],
             name: str = "stock") -> tuple[int, tuple[int, ...]]:
    """The top card of a non-empty hidden pile (a tuple) and the pile left."""
    if state._feed is None:
        return pile[-1], pile[:-1]
    left = list(pile)
    code = pop(state, left, name)
    return code, tuple(left)


def split_bottom(state: BaseState, pile: list[int], k: int,
                 name: str = "aside") -> tuple[list[int], list[int]]:
    """The bottom ``k`` cards of a hidden pile set aside unseen, and the pile left:
    ``(pile[:k], pile[k:])``; in outside mode the ``k`` cards set aside come from the feed
    (nobody sees them, but which cards they are is chance like any deal)."""
    if state._feed is None:
        return pile[:k], pile[k:]
    left = list(pile)
    aside = [pop(state, left, name) for _ in range(k)]
    return aside, left


def roll(state: BaseState, faces: int, name: str = "die") -> int:
    """A roll of a die of ``faces`` faces: ``state.rng.below(faces)``; in outside mode the
    feed's next face index (each face has weight 1 in :class:`ChanceNeeded`)."""
    if state._feed is None:
        return state.rng.below(faces)
    feed = state._feed
    if state._fed >= len(feed):
        raise ChanceNeeded(name, tuple((f, 1) for f in range(faces)))
    face = feed[state._fed]
    if type(face) is not int or not 0 <= face < faces:
        raise ChanceError(f"{quoted(face)} is not a face of the die (0..{faces - 1})",
                          code="not_a_face", pile=name,
                          outcomes=tuple((f, 1) for f in range(faces)))
    state._fed += 1
    return face


def check_feed(feed: object) -> list[int]:
    """A caller's feed as a list (each outcome an exact ``int``; ``bool`` is not one) of
    at most :data:`MAX_FEED` outcomes, counted before any is read: no deal or action
    draws more cards than the largest deck, so a longer feed is refused at once rather
    than copied and checked item by item (10**7 outcomes took half a second)."""
    if isinstance(feed, str | bytes) or not isinstance(feed, Sequence):
        raise ChanceError(f"a chance feed is a list of outcomes, not {type(feed).__name__}",
                          code="bad_feed")
    if len(feed) > MAX_FEED:
        raise ChanceError(f"a chance feed holds at most {MAX_FEED} outcomes, not {len(feed)}",
                          code="bad_feed")
    out = list(feed)
    for o in out:
        if type(o) is not int:
            raise ChanceError(f"a chance outcome is an int, not {quoted(o)}", code="bad_feed")
    return out


def new_outside(cls: type[S], players: tuple[str, ...], seed: int | str, rules: Any,
                deck: Sequence[str] | None, extra: dict[str, Any], feed: object) -> S:
    """``cls.new(..., chance=feed)`` once the setup is checked: deal in outside mode from
    ``feed`` (:class:`ChanceNeeded` if it runs out, :class:`ChanceError` if unused)."""
    outcomes = check_feed(feed)
    if "position" in extra:
        raise SetupError("a game set up from a position has no deal to take chance outcomes for")
    state = cls._start(players, seed, rules, deck, OutsideSetup(extra, outcomes))
    used = state._fed
    state.__dict__.pop("_feed", None)
    state.__dict__.pop("_fed", None)
    if used != len(outcomes):
        raise ChanceError(f"the deal used {used} chance outcomes of the {len(outcomes)} given",
                          code="feed_too_long")
    return state


def apply_outside(state: BaseState, action: Any, by: int | None, expect: int | None,
                  feed: object) -> list[Any]:
    """``state.apply(action, chance=feed)``: apply with the feed; any refusal (the game's,
    the feed running out, a bad or unused outcome) restores the state exactly."""
    if not state.outside:
        raise ChanceError("this state deals for itself: chance outcomes are taken only "
                          "in outside mode", code="not_outside")
    outcomes = check_feed(() if feed is None else feed)
    saved = state.__dict__.copy()
    twin = state.copy().__dict__
    state._feed = outcomes
    state._fed = 0
    try:
        events = state.apply(action, by=by, expect=expect)
        if state._fed != len(outcomes):
            raise ChanceError(
                f"the action used {state._fed} chance outcomes of the {len(outcomes)} given",
                code="feed_too_long")
    except BaseException:
        state.__dict__ = {**saved, **twin}
        raise
    finally:
        state.__dict__.pop("_feed", None)
        state.__dict__.pop("_fed", None)
    return events
