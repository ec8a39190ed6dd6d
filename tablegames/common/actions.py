"""Base types for actions and events, and the shared action notation.

Every action names the seat that takes it, so an action is meaningful on its own (a
server can check "is this phone allowed to send this?") and its notation reads back
without context: ``"2:play Th"``, ``"0:knock"``, ``"3:lay 1:R3,R3,W 2:..."``. The grammar
is ``SEAT ":" VERB [" " ARGS]``; each game defines its verbs and their argument syntax.

Events are what ``apply`` returns, for apps to animate and for logs. An event has public
``data`` and optional ``secret`` fields that only its ``audience`` may see (the card a
player drew is secret to everyone but that player); :meth:`Event.for_seat` does the
redaction so no caller has to remember it.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any, ClassVar, NoReturn

import attrs

from tablegames.common.errors import NotationError, SeatError, quoted
from tablegames.common.serialization import dumps


@attrs.frozen
class Action:
    """An action taken by ``seat``. Subclasses set ``verb`` and format their arguments.

    The notation is remembered once written: games intern their actions, and every save,
    record and log writes the whole history as notation, so formatting the same few
    hundred objects again and again would dominate ``to_json``. It is filled in lazily,
    not in ``__init__``, so an action built with junk fields can still be constructed
    and is then refused by ``apply`` like any other.
    """

    seat: int
    _text: str | None = attrs.field(default=None, init=False, eq=False, repr=False)
    verb: ClassVar[str] = ""

    def arg_text(self) -> str:
        """The argument part of the notation ("" if the verb takes none)."""
        return ""

    def __str__(self) -> str:
        text = self._text
        if text is None:
            args = self.arg_text()
            text = f"{self.seat}:{self.verb} {args}" if args else f"{self.seat}:{self.verb}"
            object.__setattr__(self, "_text", text)
        return text


def fresh(value: Any) -> Any:
    """A deep copy of plain JSON data (dicts, lists, tuples become lists, scalars shared).

    Everything the library hands out (views, event dicts, records, outcomes) goes through
    this or is built fresh, so an app that edits what it was given never edits the game.
    It is several times faster than :func:`copy.deepcopy` on the small values involved.
    A :class:`FrozenDict` comes out as a plain ``dict``.
    """
    t = type(value)
    if t is dict or t is FrozenDict:
        return {k: fresh(v) if type(v) in _CONTAINERS else v for k, v in value.items()}
    if t is list or t is tuple:
        return [fresh(v) if type(v) in _CONTAINERS else v for v in value]
    return value


class FrozenDict(dict[str, Any]):
    """A ``dict`` that refuses every change: the form of a JSON value that a state keeps
    and its copies share (a round's result, the score sheet). Sharing is what makes
    ``copy()`` cheap; refusing changes is what makes sharing safe, so a bot that edits
    its world's copy of a value gets a ``TypeError`` instead of editing the real game.
    It is a ``dict`` for everything that reads it (``json`` writes it as an object) and
    equal to a ``dict`` with the same items; :func:`fresh` turns it into a plain one.
    Made by :func:`freeze`, which also turns lists into tuples.
    """

    #: The value's canonical JSON text once a save wrote it (see ``containers``): the
    #: value never changes, so a state saved after every action writes it only once.
    __slots__ = ("_json",)
    _json: str

    def _refuse(self, *args: Any, **kwargs: Any) -> Any:
        """Refused: raises ``TypeError``, since the value is shared (see the class)."""
        raise TypeError("this value is shared by a state and its copies and is never "
                        "changed in place: replace it, or edit fresh(value)")

    __setitem__ = __delitem__ = __ior__ = _refuse
    clear = pop = popitem = setdefault = update = _refuse

    def __copy__(self) -> FrozenDict:
        return self

    def __deepcopy__(self, memo: dict[int, Any]) -> FrozenDict:
        return self

    def __reduce__(self) -> tuple[Any, ...]:  # pickling (worker processes) as a plain dict
        return (FrozenDict, (dict(self),))


def frozen_text(value: Any) -> str:
    """The canonical JSON text of a frozen value, written once and kept on it (a score
    sheet's results are saved after every action of the game; none of them changes)."""
    if type(value) is not FrozenDict:
        return dumps(value)
    try:
        return value._json
    except AttributeError:
        text = value._json = dumps(value)
        return text


def freeze(value: Any) -> Any:
    """``value`` (plain JSON) with every dict a :class:`FrozenDict` and every list a
    tuple, all the way down: a value no one can change in place."""
    t = type(value)
    if t is dict or t is FrozenDict:
        return FrozenDict({k: freeze(v) if type(v) in _CONTAINERS else v
                           for k, v in value.items()})
    if t is list or t is tuple:
        return tuple([freeze(v) if type(v) in _CONTAINERS else v for v in value])
    return value


_CONTAINERS = (dict, list, tuple, FrozenDict)


class Event:
    """Something that happened. ``secret`` fields are shown only to ``audience`` seats.

    An event whose very existence would give something away (a private reminder that a
    hand obliges an announcement) is made with ``public=False``: seats outside the
    audience do not see it at all. ``version`` is the state version the event belongs
    to (the number of actions applied once it happened; 0 for the deal), which
    :meth:`BaseState.apply <tablegames.common.state.BaseState.apply>` stamps, so a
    client can tell which events it missed (``state.log(seat, since=v)`` gives them,
    each dict with its ``version``).

    The only way to read an event is :meth:`for_seat` (or :meth:`redact`): there is no
    unredacted form to broadcast by mistake. A plain ``__slots__`` class, not attrs:
    games make several per action and this is measurably cheaper.
    """

    __slots__ = ("_audience", "_data", "_secret", "kind", "public", "version")

    def __init__(
        self, kind: str, data: Mapping[str, Any] | None = None,
        secret: Mapping[str, Any] | None = None, audience: frozenset[int] = frozenset(),
        public: bool = True,
    ) -> None:
        self.kind = kind
        self._data = {} if data is None else data
        self._secret = secret
        self._audience = audience
        self.public = public
        self.version = 0

    @property
    def audience(self) -> frozenset[int]:
        """The seats that see the ``secret`` part."""
        return self._audience

    @property
    def data(self) -> dict[str, Any]:
        """The public part, as a fresh dict (editing it changes nothing)."""
        return fresh(dict(self._data))  # type: ignore[no-any-return]

    def __repr__(self) -> str:
        return f"Event({self.kind!r}, {self.data!r}, version={self.version})"

    def __eq__(self, other: object) -> bool:
        return (
            isinstance(other, Event) and self.kind == other.kind and self._data == other._data
            and self._secret == other._secret and self._audience == other._audience
            and self.public == other.public
        )

    __hash__ = None  # type: ignore[assignment]

    def visible_to(self, seat: int | None) -> bool:
        """Whether ``seat`` learns of this event at all."""
        if seat is not None and type(seat) is not int:
            _not_a_seat(seat)
        return self.public or (seat is not None and seat in self._audience)

    def for_seat(self, seat: int | None) -> dict[str, Any]:
        """The event as ``seat`` may see it (``None``: a spectator), JSON-ready and fresh.

        Check :meth:`visible_to` first for events that may be private (see
        :meth:`redact`, which does both).
        """
        if seat is not None and type(seat) is not int:
            _not_a_seat(seat)  # ``True == 1``: a bool or float would see seat 1's secrets
        out: dict[str, Any] = {"kind": self.kind}
        for k, v in self._data.items():
            out[k] = fresh(v) if type(v) in _CONTAINERS else v
        if self._secret is not None and seat is not None and seat in self._audience:
            for k, v in self._secret.items():
                out[k] = fresh(v) if type(v) in _CONTAINERS else v
        return out

    @staticmethod
    def redact(events: list[Event], seat: int | None) -> list[dict[str, Any]]:
        """The events ``seat`` may know of, as that seat sees them."""
        return [e.for_seat(seat) for e in events if e.visible_to(seat)]


def _not_a_seat(seat: object) -> NoReturn:
    shown = repr(seat) if type(seat) in (bool, float) else type(seat).__name__
    raise SeatError(f"seat must be None or an int, not {shown}")


ActionBuilder = Callable[[int, str], Action]


def parse_with(text: object, verbs: Mapping[str, ActionBuilder], game: str) -> Action:
    """Read ``SEAT:VERB [ARGS]`` and hand the arguments to the verb's builder.

    Builders raise :class:`NotationError` (or ``ValueError``, which is converted) for bad
    arguments; anything malformed comes out as a :class:`NotationError` naming the text.
    """
    if not isinstance(text, str):
        raise NotationError(f"an action is written as text, not {type(text).__name__}")
    head, _, args = text.strip().partition(" ")
    seat_text, colon, verb = head.partition(":")
    if not colon or not (seat_text.isascii() and seat_text.isdigit()):
        raise NotationError(
            f"{quoted(text)} is not {game} action notation (expected 'SEAT:VERB [ARGS]', "
            "for example '0:knock')"
        )
    # only ASCII changes case: ``"\u212a".lower()`` (the Kelvin sign) is ``"k"``, so a
    # verb a person reads otherwise was taken as ``keep`` (found by helper-148)
    builder = verbs.get(verb.lower()) if verb.isascii() else None
    if builder is None:
        known = ", ".join(sorted(verbs))
        raise NotationError(f"{quoted(text)}: unknown {game} verb {quoted(verb)} (known: {known})")
    try:
        return builder(int(seat_text), args.strip())
    except NotationError as exc:
        if len(str(exc)) <= 400:
            raise
        raise NotationError(f"{quoted(text)}: {str(exc)[:200]}...") from None
    except ValueError as exc:  # a message names what it refuses, cut short (quoted)
        raise NotationError(f"{quoted(text)}: {str(exc)[:200]}") from None


def no_args(cls: Callable[[int], Action]) -> ActionBuilder:
    """A builder for verbs without arguments."""

    def build(seat: int, args: str) -> Action:
        if args:
            raise NotationError(f"'{getattr(cls, 'verb', '?')}' takes no arguments")
        return cls(seat)

    return build
