"""What every game's adapter shares: action codecs, spelled decisions, sessions, rewards.

**Action ids.** A :class:`Codec` gives every action a game can ever offer under one rules
config and player count a stable integer id in ``range(num_distinct_actions)``. Ids that
name other seats (a Skip's target, a group's owner, whom to give the pile) count seats
*relative to the acting seat* (1 = the next seat clockwise), so a policy learnt in one seat
means the same in every other.

**Spelled decisions.** Where a game's choices are combinatorial (a Phase 10 lay-down, a
Shithead play of several cards or a swap), one engine action is *spelled* as a short
sequence of small choices, each an id: :meth:`Codec.spell` gives the sequence, and at a
decision the legal ids are the next letters of the spellings of the legal actions that
start with what was chosen so far (the *prefix*). Spellings are prefix-free, so the action
is applied as soon as its last letter is chosen. A letter with no alternative is taken
automatically (a :class:`Session` never asks a question with one answer in the middle of a
spelling), so in practice a player chooses only where there is a real choice. The engine's
own actions stay as they are; the spelling lives only here.

**Interrupts.** Some actions may be taken by a seat that is not to act (Toepen's knock at
any moment). PettingZoo and OpenSpiel let one player act at a time, so a session either,
with ``interrupts=True``, *polls*: before each decision of the seat to act, every other
seat that has an interrupt is asked in turn, from the seat after the one to act, to take
it or ``pass`` (one extra id), as the arena asks its bots (:mod:`tablegames.bots.turns`)
(where having one depends on hidden cards, every seat that might have one is asked, so
who is asked stays public: :meth:`Codec.polled`);
or leaves them out (the seat to act still has every one of *its* actions). An interrupt
taken changes the state and the poll starts again on the new state. The environments
(:mod:`~tablegames.adapters.pettingzoo`, :mod:`~tablegames.adapters.openspiel`,
:mod:`~tablegames.adapters.gymnasium`) poll by default (they used to leave interrupts
out), so agents train on the arena's game; a bare codec (:func:`make_codec`) still
defaults to ``interrupts=False``.

**Rewards.** :func:`returns` turns an outcome into zero-sum returns: the losers share −1
and the others share +1 (each loser gets −1/L, each other seat +1/(n−L)); a game with no
loser, or in which everyone lost, gives 0 to all. Each game's adapter says what losing
means there.

Nothing here imports numpy: codecs and sessions are plain Python. Observations (numpy)
are in each game's adapter module.
"""

from __future__ import annotations

import copy
import importlib
import operator
from abc import ABC, abstractmethod
from collections.abc import Callable, Iterable, Mapping, Sequence
from typing import Any, ClassVar

from tablegames.common.actions import Action, Event
from tablegames.common.chance import ChanceNeeded
from tablegames.common.errors import IllegalAction, SeatError, SetupError, TablegamesError, quoted
from tablegames.common.numbers import whole_number
from tablegames.common.outcome import Outcome
from tablegames.common.registry import game_info
from tablegames.common.rng import Rng, seed_to_int
from tablegames.common.setups import MAX_NAME

#: Spelling cache size per codec (spellings of Phase 10 lay-downs are the many ones).
_SPELL_CACHE = 50_000


class CodecError(TablegamesError):
    """An id, spelling or action that the codec cannot translate."""


class _Pass:
    """The option of a polled seat that does not interrupt."""

    __slots__ = ()

    def __repr__(self) -> str:
        return "PASS"


class _Special:
    """An option that is not one engine action (Dallah's "let the table report")."""

    __slots__ = ()

    def __repr__(self) -> str:
        return "SPECIAL"


#: The option of a polled seat that does not interrupt (:meth:`Session.options`).
PASS = _Pass()
#: The option of a game's special step, such as Dallah's fall model (:meth:`Codec.special`).
SPECIAL = _Special()


class SpecialPending:
    """A special option of ``seat`` waiting at the adapter's own chance nodes (Dallah's
    ``table`` under OpenSpiel's chance nodes: the fall model's questions). It stands in
    :attr:`Session.pending` where an engine action waiting for a card would."""

    __slots__ = ("ident", "seat")

    def __init__(self, ident: int, seat: int) -> None:
        self.ident = ident
        self.seat = seat

    def __eq__(self, other: object) -> bool:
        return isinstance(other, SpecialPending) and (self.ident, self.seat) == (
            other.ident, other.seat)

    def __hash__(self) -> int:
        return hash((self.ident, self.seat))

    def __repr__(self) -> str:
        return f"SpecialPending({self.ident}, seat={self.seat})"


class AdapterChance:
    """The distribution of the next outcome at a chance node of the adapter's own: ``pile``
    names what is asked (Dallah: ``"fall"``, ``"timeout"``, ``"collapse"``, ``"spread"``)
    and ``outcomes`` each outcome id with its probability. It reads as the engine's
    :class:`~tablegames.common.chance.ChanceNeeded` does, but its weights are a model's
    chances (floats), not a pile's counts."""

    __slots__ = ("outcomes", "pile")

    def __init__(self, pile: str, outcomes: tuple[tuple[int, float], ...]) -> None:
        self.pile = pile
        self.outcomes = outcomes

    def probabilities(self) -> list[tuple[int, float]]:
        """``(outcome, probability)`` pairs, summing to 1."""
        return list(self.outcomes)

#: What choosing an id does: apply an action, extend the prefix (``None``), pass a poll,
#: or a game's special option.
Option = Action | None | _Pass | _Special


def as_id(value: object) -> int | None:
    """``value`` as an action id: an int, a numpy integer or a 0-d integer array, never a
    bool (else ``None``).

    Wider than :func:`~tablegames.common.numbers.whole_number` (the library's reading of
    a seed, a seat or a count) by one thing: a policy's action often comes as a 0-d
    array (Stable-Baselines3's ``model.predict`` returns ``array(3)`` for one
    environment), and ``env.step(array(3))`` must play action 3, as it did before the
    numpy policy of session 58 narrowed this reading (found in review). An integer 0-d
    array answers ``__index__``; a float, a bool (numpy's ``bool_`` has no
    ``__index__``) and an array of more than one item do not."""
    number = whole_number(value)
    if number is not None or isinstance(value, bool):
        return number
    try:
        return int(operator.index(value))  # type: ignore[arg-type]
    except TypeError:
        return None


def episode_seed(base: int | str, episode: int) -> int | str:
    """The engine seed of game ``episode`` of an environment reset with seed ``base``:
    ``base`` itself, then ``"base:1"``, ``"base:2"``, ...

    A seed string is at most :data:`~tablegames.common.setups.MAX_NAME` characters, so
    where ``"base:episode"`` would be longer (a 70-digit int seed, a 64-character string;
    ``reset(seed=)`` takes them) ``base`` is replaced by the 16 hex digits of
    :func:`~tablegames.common.rng.seed_to_int` of its text. Every seed short enough
    before keeps its games; the others failed at their second reset.
    """
    if episode == 0:
        return base
    seed = f"{base}:{episode}"
    if len(seed) <= MAX_NAME:
        return seed
    return f"{seed_to_int(str(base)):016x}:{episode}"


class Codec(ABC):
    """Integer ids for one game under one rules config and player count.

    Subclasses declare their ids in :meth:`_declare` with :meth:`_add` and translate with
    :meth:`_spell` (action to ids) and :meth:`_build` (ids to action). Everything else,
    including the legal ids at a decision, is shared.
    """

    game: ClassVar[str]

    def __init__(self, players: int, rules: Any, *, interrupts: bool = False) -> None:
        self.n = players
        self.rules = rules
        self.interrupts = interrupts
        #: The game's own adapter options this codec was made with (Dallah's ``table`` and
        #: ``observation_version``).
        self.settings: dict[str, Any] = getattr(self, "settings", {})
        self._labels: list[str] = []
        self._declare()
        #: The "no interrupt" id of a polled seat (``-1`` without polling).
        self.PASS = self._add("pass") if interrupts else -1
        self._spelled: dict[str, tuple[int, ...]] = {}
        #: notation -> (first id, whether that id is the whole spelling)
        self._heads: dict[str, tuple[int, bool]] = {}

    # -- pickling ----------------------------------------------------------------------
    def __getstate__(self) -> dict[str, Any]:
        """What makes the codec (players, rules, interrupts and the game's options): its
        ids are declared again when it is unpickled."""
        return {"n": self.n, "rules": self.rules, "interrupts": self.interrupts,
                "settings": dict(self.settings)}

    def __setstate__(self, state: dict[str, Any]) -> None:
        """Make the codec again from what made it. A codec pickled before one of the
        game's options existed (it pickled every attribute, and its ``settings`` lack the
        option) gets the option's old default (:attr:`GameAdapter.old_defaults`), the
        value it was made with: a Dallah codec of before observation and action version 2
        stays at version 1, its ids and its observers' vectors those a policy stored with
        it was trained on."""
        settings = {**adapter(self.game).old_defaults, **state["settings"]}
        fresh = type(self)(state["n"], state["rules"], interrupts=state["interrupts"],
                           **settings)
        self.__dict__.update(fresh.__dict__)

    # -- declaring ids -----------------------------------------------------------------
    def _add(self, label: str) -> int:
        self._labels.append(label)
        return len(self._labels) - 1

    def _block(self, labels: Iterable[str]) -> int:
        """Add consecutive ids; returns the first."""
        start = len(self._labels)
        self._labels.extend(labels)
        return start

    @abstractmethod
    def _declare(self) -> None:
        """Declare every id (in a fixed order: ids must not depend on any state)."""

    @abstractmethod
    def _spell(self, action: Action) -> tuple[int, ...]:
        """The ids spelling ``action`` (raise :class:`CodecError` for a foreign action)."""

    @abstractmethod
    def _build(self, ids: tuple[int, ...], seat: int) -> Action:
        """The action of ``seat`` a complete spelling stands for (:class:`CodecError` if none)."""

    # -- the public translation --------------------------------------------------------
    @property
    def num_distinct_actions(self) -> int:
        """How many ids there are (the size of the action space)."""
        return len(self._labels)

    def longest_spelling(self) -> int:
        """The most ids any one action takes (1 unless the game spells actions)."""
        return 1

    def label(self, ident: int) -> str:
        """A short description of an id (``"play Th"``, ``"lay: key 7"``)."""
        return self._labels[self._check_id(ident)]

    def spell(self, action: Action) -> tuple[int, ...]:
        """The ids that choose ``action`` (one for most actions, several for spelled ones).

        Anything but an engine action (its notation, say) is a :class:`CodecError`: the
        cache is keyed by notation, so a string would otherwise find the spelling of the
        action it names, or fail inside the game's codec.
        """
        if not isinstance(action, Action):
            raise CodecError(f"spell() takes an action, not a {type(action).__name__}")
        key = str(action)
        hit = self._spelled.get(key)
        if hit is None:
            hit = self._spell(action)
            if len(self._spelled) >= _SPELL_CACHE:
                self._spelled.clear()
            self._spelled[key] = hit
        return hit

    def encode(self, action: Action) -> int:
        """The id of an action chosen in one step; spelled actions need :meth:`spell`."""
        ids = self.spell(action)
        if len(ids) != 1:
            raise CodecError(f"{action} is chosen in {len(ids)} steps; use spell() for its ids")
        return ids[0]

    def decode(self, ids: int | Sequence[int], state: Any, seat: int | None = None) -> Action:
        """The action of ``seat`` (default: the seat to act) that ``ids`` spell.

        ``ids`` is one id or a whole spelling (a list or tuple of at most
        :meth:`longest_spelling` ids; a string or bytes is a :class:`CodecError`). The
        action is what the ids *mean*; whether it is legal now is the engine's business
        (``state.apply`` checks it). A ``seat`` that is not an ``int`` seat of the codec's
        game (``True``, ``1.0``, ``-1``; a numpy integer is the int it holds) is a
        :class:`~tablegames.common.errors.SeatError`, as everywhere else.
        """
        if isinstance(ids, str | bytes | bytearray):  # bytes were read as a list of ids
            raise CodecError(f"a spelling is an id or a list of ids, not {type(ids).__name__}")
        if isinstance(ids, Sequence):
            # measured before it is copied: range(10**9) was copied a billion ids long
            try:
                count = len(ids)
            except OverflowError:  # a range longer than a C ssize_t
                count = -1
            if not 0 <= count <= self.longest_spelling():
                raise CodecError(f"no action is spelled in more than {self.longest_spelling()} "
                                 f"ids")
        spelling = (ids,) if not isinstance(ids, Sequence) else tuple(ids)
        if not spelling:
            raise CodecError("an empty spelling names no action")
        for i in spelling:
            self._check_id(i)
        if seat is not None:
            # a numpy seat is the int it holds, as in the engine and the OpenSpiel
            # adapter (it was a SeatError here alone; helper-233)
            number = whole_number(seat)
            if number is None or not 0 <= number < self.n:
                shown = (quoted(seat) if type(seat) in (int, bool, float)
                         else type(seat).__name__)
                raise SeatError(f"seat must be None or an int in 0..{self.n - 1}, not {shown}")
            seat = number
        if seat is None:
            seat = state.to_act
            if seat is None:
                raise CodecError("the game is over: there is no seat to act")
        return self._build(tuple(int(i) for i in spelling), seat)

    def _check_id(self, ident: object) -> int:
        value = as_id(ident)
        if value is None:
            raise CodecError(f"an action id is an integer, not {quoted(ident)}")
        if not 0 <= value < len(self._labels):
            raise CodecError(f"there is no action id {quoted(value)} (ids run "
                             f"0..{len(self._labels) - 1})")
        return value

    # -- decisions ------------------------------------------------------------------------
    def options(self, state: Any, seat: int, prefix: tuple[int, ...] = (),
                legal: Sequence[Action] | None = None) -> dict[int, Option]:
        """The legal ids of ``seat`` after ``prefix``: each maps to the action it completes,
        or to ``None`` where it only extends the prefix. ``legal`` is the seat's legal
        actions if the caller has them already."""
        if legal is None:
            legal = state.legal_actions(seat)
        out: dict[int, Option] = {}
        if not prefix:
            # the common case: only first letters, remembered per notation
            heads = self._heads
            for a in legal:
                key = str(a)
                head = heads.get(key)
                if head is None:
                    sp = self.spell(a)
                    if len(heads) >= _SPELL_CACHE:
                        heads.clear()
                    head = heads[key] = (sp[0], len(sp) == 1)
                first, whole = head
                if whole:
                    out[first] = a
                elif first not in out:
                    out[first] = None
            return out
        k = len(prefix)
        for a in legal:
            sp = self.spell(a)
            if len(sp) <= k or sp[:k] != prefix:
                continue
            if len(sp) == k + 1:
                out[sp[k]] = a
            elif sp[k] not in out:
                out[sp[k]] = None
        return out

    def polled(self, state: Any, seat: int) -> bool:
        """Whether ``seat`` (not to act) is asked for an interrupt before the seat to act
        decides. Who is asked is public (it is the adapter's current player, which every
        agent sees): by default the seats that have an interrupt, which suits a game whose
        interrupts depend on public facts only (Toepen's knock). A game whose interrupts
        depend on hidden cards asks every seat that *might* have one, judged from public
        facts, and a seat without one then has only ``pass`` (Shithead's cut-in)."""
        return bool(state.legal_actions(seat))

    def adjust(self, session: Session, options: dict[int, Option]) -> None:  # noqa: B027
        """A game's hook to change the options of a decision (Dallah's table mode); most
        games keep the options as they are, so this is deliberately not abstract."""

    def special(self, session: Session, ident: int) -> list[Event]:
        """Carry out a :data:`SPECIAL` option (only games that offer one implement it)."""
        raise CodecError(f"id {ident} is not a special option of {self.game}")

    def resume(self, session: Session) -> list[Event]:
        """Go on with a special option waiting at the adapter's own chance nodes
        (:class:`SpecialPending`), with the outcomes in ``session.fed``: either set
        ``session.need`` to the next question's distribution and return no events, or
        clear the chance node and carry the option out (only games with such options
        implement it)."""
        raise CodecError(f"{self.game} has no chance nodes of the adapter's own")

    def seat_offset(self, seat: int, other: int) -> int:
        """``other`` counted from ``seat``: 0 is ``seat`` itself, 1 the next seat clockwise."""
        return (other - seat) % self.n

    def seat_at(self, seat: int, offset: int) -> int:
        """The seat ``offset`` places clockwise from ``seat``."""
        return (seat + offset) % self.n

    # -- chance outcomes (outside mode, see tablegames.common.chance) ---------------------
    def chance_size(self) -> int:
        """How many chance outcome ids there are: one more than the largest card code or
        die face any pile of this game can yield (games override it)."""
        raise CodecError(f"{self.game}'s adapter does not name its chance outcomes")

    def chance_label(self, pile: str, outcome: int) -> str:
        """A chance outcome as text (``"stock: Th"``); games name their cards."""
        return f"{pile}: {outcome}"


class Session:
    """An engine game plus the adapter's own decision state: the prefix and the poll.

    Both adapters drive a session: :attr:`actor` is the seat that decides now,
    :meth:`options` its legal ids, :meth:`choose` takes one. ``rng`` serves a game's
    special options (Dallah's fall model) and nothing else.

    With an engine state in outside-chance mode (:mod:`tablegames.common.chance`), an
    action that needs a chance outcome (a draw, a roll) pauses the session at a *chance
    node*: ``need`` holds the distribution of the next outcome, :meth:`feed` gives
    one, and the action is applied once it has all it needs.
    """

    __slots__ = ("_actor", "_legal", "_opts", "codec", "fed", "need", "pending", "poll",
                 "prefix", "rng", "state")

    def __init__(self, codec: Codec, state: Any, rng: Rng | None = None) -> None:
        self.codec = codec
        self.state = state
        self.prefix: tuple[int, ...] = ()
        self.poll: list[int] = []
        self.rng = rng if rng is not None else Rng(0)
        self._opts: dict[int, Option] | None = None
        self._legal: list[Action] | None = None
        self._actor: int | None = None
        #: At a chance node: the engine action (or the adapter's special option) waiting
        #: for outcomes, the outcomes given so far and the distribution of the next one
        #: (``None`` elsewhere).
        self.pending: Action | SpecialPending | None = None
        self.fed: tuple[int, ...] = ()
        self.need: ChanceNeeded | AdapterChance | None = None
        self.refresh()

    def refresh(self) -> None:
        """Recompute the poll and the seat to decide from the engine state (after a new
        action, or after the caller replaced ``state``)."""
        self._opts = None
        self._legal = None
        state = self.state
        to_act = None if state.is_over else state.to_act
        if self.codec.interrupts and to_act is not None:
            n = self.codec.n
            self.poll = [
                s for s in ((to_act + k) % n for k in range(1, n)) if self.codec.polled(state, s)
            ]
        else:
            self.poll = []
        self._actor = self.poll[0] if self.poll else to_act

    @property
    def actor(self) -> int | None:
        """The seat that decides now (``None`` once the game is over)."""
        return self._actor

    @property
    def polling(self) -> bool:
        """Whether :attr:`actor` is being asked for an interrupt, not to take its turn."""
        return bool(self.poll)

    def options(self) -> dict[int, Option]:
        """The legal ids of :attr:`actor` now (empty once the game is over): a fresh dict,
        so a caller may edit it without changing what the session takes."""
        return dict(self._options())

    def _options(self) -> dict[int, Option]:
        """:meth:`options` as the session keeps it until the state or the prefix moves."""
        opts = self._opts
        if opts is None:
            seat = self.actor
            if seat is None:
                opts = {}
            else:
                # the legal actions stay the same while a spelling grows: list them once
                legal = self._legal
                if legal is None:
                    legal = self._legal = self.state.legal_actions(seat)
                opts = self.codec.options(self.state, seat, self.prefix, legal)
                if self.poll and not self.prefix:
                    opts[self.codec.PASS] = PASS
                self.codec.adjust(self, opts)
            self._opts = opts
        return opts

    def offered(self) -> list[Action]:
        """The engine actions :attr:`actor` may still complete from the spelling so far,
        in the engine's order: what a bot asked now is offered, as the harness of
        :mod:`tablegames.bots` offers a seat its legal actions (a game's ``adjust`` has
        left out what the adapter does not offer, such as Dallah's reports to the
        table). Spelled actions count as well as one-id ones: a Shithead seat polled
        during a simultaneous swap may swap, not only say ``ready``."""
        seat = self.actor
        if seat is None:
            return []
        options = self._options()
        spell = self.codec.spell
        k = len(self.prefix)
        prefix = self.prefix
        legal = self._legal if self._legal is not None else self.state.legal_actions(seat)
        return [a for a in legal
                if (sp := spell(a))[:k] == prefix and len(sp) > k and sp[k] in options]

    def legal_ids(self) -> list[int]:
        """The legal ids of :attr:`actor`, sorted."""
        return sorted(self._options())

    def choose(self, ident: object) -> list[Event]:
        """Take id ``ident`` for :attr:`actor`; returns the engine's events (if any).

        A refused id (not an int, or not legal now) raises :class:`IllegalAction` and
        changes nothing. Letters of a spelling that have no alternative are taken at once.
        """
        value = as_id(ident)
        if value is None:
            raise IllegalAction(f"an action id is an integer, not {quoted(ident)}",
                                code="not_an_action")
        opts = self._options()
        if value not in opts:
            if self.state.is_over:
                raise IllegalAction("the game is over", code="game_over")
            raise IllegalAction(f"action id {quoted(value)} is not legal now", code="illegal_id",
                                seat=self.actor)
        events: list[Event] = []
        while True:
            choice = opts[value]
            if choice is None:
                self.prefix = (*self.prefix, value)
                self._opts = None
                opts = self._options()
                if len(opts) == 1:
                    value = next(iter(opts))
                    continue
                return events
            if choice is PASS:
                self.poll.pop(0)
                self._opts = None
                self._legal = None
                self._actor = self.poll[0] if self.poll else self.state.to_act
                return events
            if choice is SPECIAL:
                events.extend(self.codec.special(self, value))
            else:
                self.step(choice, events)  # type: ignore[arg-type]
            self.prefix = ()
            if self.need is None:
                self.refresh()
            return events

    def step(self, action: Action, events: list[Event]) -> bool:
        """Apply an engine action, adding its events to ``events``. ``False``: it waits
        for a chance outcome, and the session is now at a chance node (see :meth:`feed`)."""
        state = self.state
        if not state.outside:
            events.extend(state.apply(action))
            return True
        try:
            events.extend(state.apply(action, chance=()))
        except ChanceNeeded as need:
            self.pending, self.fed, self.need = action, (), need
            self._opts = None
            return False
        return True

    def chance_outcomes(self) -> list[tuple[int, float]]:
        """At a chance node, each possible outcome with its probability (they sum to 1)."""
        need = self.need
        return [] if need is None else need.probabilities()

    def feed(self, ident: object) -> list[Event]:
        """Give the chance outcome ``ident`` at a chance node; returns the engine's events
        once the waiting action is applied (none while it needs more outcomes). An
        outcome that is not possible now raises :class:`IllegalAction` and changes
        nothing."""
        need = self.need
        if need is None or self.pending is None:
            raise IllegalAction("no chance outcome is asked for now", code="not_chance")
        value = as_id(ident)
        if value is None or value not in dict(need.outcomes):
            raise IllegalAction(f"chance outcome {ident!r} is not possible now",
                                code="illegal_outcome")
        fed = (*self.fed, value)
        pending = self.pending
        if isinstance(pending, SpecialPending):  # the adapter's own question (Dallah's table)
            self.fed = fed
            special = self.codec.resume(self)
            if self.need is None:  # carried out (not waiting for a card it needs next)
                self.prefix = ()
                self.refresh()
            return special
        try:
            events: list[Event] = self.state.apply(pending, chance=fed)
        except ChanceNeeded as more:
            self.fed, self.need = fed, more
            return []
        self.pending, self.fed, self.need = None, (), None
        self.prefix = ()
        self.refresh()
        return events

    def copy(self) -> Session:
        """An independent copy (the engine state is copied with ``state.copy()``)."""
        other = Session.__new__(Session)
        other.codec = self.codec
        other.state = self.state.copy()
        other.prefix = self.prefix
        other.poll = list(self.poll)
        other.rng = self.rng.copy()
        other._opts = None
        other._legal = None
        other._actor = self._actor
        other.pending = self.pending
        other.fed = self.fed
        other.need = self.need
        return other

    def __deepcopy__(self, memo: dict[int, Any]) -> Session:
        """:meth:`copy`, with the codec deep-copied through ``memo`` (so an environment's
        copy keeps one codec for itself and its session). ``copy.deepcopy`` of a
        Gymnasium or PettingZoo environment comes here: the engine state is copied with
        its own ``copy()``, since a Shithead or Dallah state holds read-only tables that
        ``deepcopy`` cannot copy (``copy.deepcopy(env)`` to branch a search failed with
        "cannot pickle 'mappingproxy' object"; helper-233)."""
        other = self.copy()
        other.codec = copy.deepcopy(self.codec, memo)
        return other

    def world(self, seat: int, rng: Rng) -> Session:
        """A copy in which everything ``seat`` cannot see is resampled (``sample_world``).

        The special options' generator is drawn afresh from ``rng`` as well: its future is
        as hidden from ``seat`` as the deck.
        """
        other = Session.__new__(Session)
        other.codec = self.codec
        other.state = self.state.sample_world(seat, rng)
        other.prefix = self.prefix if self.actor == seat else ()
        other.rng = rng.fork()
        other._opts = None
        other._legal = None
        other.pending, other.fed, other.need = None, (), None
        other._actor = self._actor
        other.poll = self._world_poll(other.state)
        pending = self.pending
        if isinstance(pending, SpecialPending):
            if pending.seat == seat:
                # seat's own special option waits for the adapter's chance outcomes: none
                # has shown an event yet, so the world asks its questions from the start
                other.pending, other.fed = pending, ()
                other.codec.resume(other)
        elif pending is not None and pending.seat == seat:
            # seat's own action waits for outcomes given from the real piles: ask again
            other.step(pending, [])
        # Another seat's waiting action has shown no event yet, so seat cannot know it:
        # its world is the moment before it, that seat deciding (the action may not even
        # fit the hand the world gave it).
        return other

    def _world_poll(self, world: Any) -> list[int]:
        """The poll in a world: the seat asked now (who decides is public), then the seats
        after it that may interrupt *in the world*. Copying the real poll would tell the
        world's owner which hidden hands hold an interrupt (a Shithead cut-in)."""
        if not self.poll:
            return []
        n, to_act = self.codec.n, world.to_act
        order = [(to_act + k) % n for k in range(1, n)]
        later = order[order.index(self.poll[0]) + 1:]
        return [self.poll[0], *(s for s in later if self.codec.polled(world, s))]

    def returns(self) -> list[float]:
        """Each seat's return: zero-sum from the outcome once over, zeros before."""
        if not self.state.is_over:
            return [0.0] * self.codec.n
        return returns(self.state.outcome(), self.codec.n)


def returns(outcome: Outcome, n: int) -> list[float]:
    """Zero-sum returns: each loser −1/L, every other seat +1/(n−L) (0 if L is 0 or n)."""
    losers = outcome.losers
    count = len(losers)
    if count == 0 or count == n:
        return [0.0] * n
    lose, win = -1.0 / count, 1.0 / (n - count)
    return [lose if s in losers else win for s in range(n)]


class ViewKeys:
    """Where a game's view keeps what an observer reads: one mapping per game.

    Views are being renamed to one vocabulary; each logical name lists the keys it may
    have, newest first, so a rename needs at most a one-line change here.
    :meth:`resolve` picks the key present in a real view once, and observers then read
    ``view[keys.NAME]`` at full speed.
    """

    def __init__(self, game: str, names: Mapping[str, tuple[str, ...]]) -> None:
        self.game = game
        self.names = dict(names)

    def resolve(self, view: Mapping[str, Any], optional: frozenset[str] = frozenset()) -> Any:
        """An object with one attribute per logical name: the key this view uses.

        A name in ``optional`` may be absent from this view (``None`` then); any other
        missing name is a programming error and raises ``KeyError`` naming the game.
        """
        found: dict[str, str | None] = {}
        for name, keys in self.names.items():
            key = next((k for k in keys if k in view), None)
            if key is None and name not in optional:
                raise KeyError(f"{self.game} views have none of {keys} (for {name!r})")
            found[name] = key
        return type(f"{self.game}_keys", (), found)


class Layout:
    """Named slices of an observation vector, in order (what the docs tables show)."""

    def __init__(self) -> None:
        self.fields: list[tuple[str, int, int, str]] = []
        self.size = 0

    def add(self, name: str, size: int, doc: str) -> int:
        """Append a field of ``size`` numbers; returns its offset."""
        start = self.size
        self.fields.append((name, start, size, doc))
        self.size += size
        return start

    def describe(self) -> str:
        """The layout as a text table (offset, size, name, meaning)."""
        rows = [f"{start:>6} {size:>5}  {name:<18} {doc}" for name, start, size, doc in self.fields]
        return "\n".join([f"{'offset':>6} {'size':>5}  {'field':<18} meaning", *rows])


class GameAdapter:
    """A game's adapter: how to make its codec and its observer (see each game module)."""

    def __init__(self, name: str, codec: Callable[..., Codec], observer: Callable[[Codec], Any],
                 rewards: str, options: Mapping[str, Any] | None = None,
                 old_defaults: Mapping[str, Any] | None = None) -> None:
        self.name = name
        self.codec = codec
        self.observer = observer
        #: How returns are computed for this game, in words.
        self.rewards = rewards
        #: Adapter options the codec accepts beyond ``interrupts``, with their defaults.
        self.options = dict(options or {})
        #: The value of each option added later, for an object made before it existed
        #: (a pickled codec or OpenSpiel state that does not name it): what that object
        #: was made with, where :attr:`options` holds today's default. Dallah's
        #: ``observation_version`` and ``action_version`` are 1 there, 2 by default.
        self.old_defaults = dict(old_defaults or {})


_MODULES = {"toepen": "toepen", "phase10": "phase10", "shithead": "shithead",
            "dallah": "dallah"}
_ADAPTERS: dict[str, GameAdapter] = {}


def adapter(game: str) -> GameAdapter:
    """The adapter of a registered game (``SetupError`` if it has none)."""
    hit = _ADAPTERS.get(game)
    if hit is None:
        if game not in _MODULES:
            game_info(game)  # an unknown game is named as such
            raise SetupError(f"the game {game!r} has no RL adapter")
        module = importlib.import_module(f"tablegames.adapters.{_MODULES[game]}")
        hit = _ADAPTERS[game] = module.ADAPTER
    return hit


def register_adapter(game: GameAdapter) -> None:
    """Add the adapter of a third-party game."""
    _ADAPTERS[game.name] = game


def probe(game: str, players: int | Sequence[str], rules: Any) -> tuple[tuple[str, ...], Any]:
    """Check players and rules the way ``new_game`` does; returns (names, rules object).

    Rules are fitted to the table as every app fits them
    (:meth:`~tablegames.common.protocol.GameInfo.fit_rules`): ``None`` or a variant name
    for eight Shithead players deals from two decks; a ``Rules`` object is exact."""
    info = game_info(game)
    state = info.new_game(players=players, seed=0, rules=info.fit_rules(players, rules))
    return tuple(state.players), state.rules


def make_codec(game: str, players: int | Sequence[str], rules: Any = None,
               **options: Any) -> Codec:
    """The codec of ``game`` for this table and rules (options: ``interrupts`` and the
    game's own, such as Dallah's ``table`` and ``observation_version``)."""
    ad = adapter(game)
    names, r = probe(game, players, rules)
    interrupts = options.pop("interrupts", False)
    if not isinstance(interrupts, bool):
        raise SetupError("interrupts must be True or False")
    unknown = sorted(set(options) - set(ad.options))
    if unknown:
        known = ", ".join(sorted(ad.options)) or "none"
        raise SetupError(f"{game} adapters have no option {quoted(unknown[0])} (known: {known})")
    return ad.codec(len(names), r, interrupts=interrupts, **options)
