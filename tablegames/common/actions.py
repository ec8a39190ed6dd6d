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
from typing import Any, ClassVar

import attrs

from tablegames.common.errors import NotationError


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


@attrs.frozen
class Event:
    """Something that happened. ``secret`` fields are shown only to ``audience`` seats.

    An event whose very existence would give something away (a private reminder that a
    hand obliges an announcement) is made with ``public=False``: seats outside the
    audience do not see it at all.
    """

    kind: str
    data: Mapping[str, Any] = attrs.field(factory=dict)
    secret: Mapping[str, Any] | None = None
    audience: frozenset[int] = frozenset()
    public: bool = True

    def visible_to(self, seat: int | None) -> bool:
        """Whether ``seat`` learns of this event at all."""
        return self.public or (seat is not None and seat in self.audience)

    def for_seat(self, seat: int | None) -> dict[str, Any]:
        """The event as ``seat`` may see it (``None``: a spectator), JSON-ready.

        Check :meth:`visible_to` first for events that may be private (see
        :meth:`redact`, which does both).
        """
        out: dict[str, Any] = {"kind": self.kind}
        out.update(self.data)
        if self.secret is not None and seat is not None and seat in self.audience:
            out.update(self.secret)
        return out

    @staticmethod
    def redact(events: list[Event], seat: int | None) -> list[dict[str, Any]]:
        """The events ``seat`` may know of, as that seat sees them."""
        return [e.for_seat(seat) for e in events if e.visible_to(seat)]

    def to_dict(self) -> dict[str, Any]:
        """Everything, unredacted (for servers and replays, never for players)."""
        out = self.for_seat(None)
        if self.secret is not None:
            out["secret"] = dict(self.secret)
            out["audience"] = sorted(self.audience)
        return out


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
    if not colon or not seat_text.isdigit():
        raise NotationError(
            f"{text!r} is not {game} action notation (expected 'SEAT:VERB [ARGS]', "
            "for example '0:knock')"
        )
    builder = verbs.get(verb.lower())
    if builder is None:
        known = ", ".join(sorted(verbs))
        raise NotationError(f"{text!r}: unknown {game} verb {verb!r} (known: {known})")
    try:
        return builder(int(seat_text), args.strip())
    except NotationError:
        raise
    except ValueError as exc:
        raise NotationError(f"{text!r}: {exc}") from None


def no_args(cls: Callable[[int], Action]) -> ActionBuilder:
    """A builder for verbs without arguments."""

    def build(seat: int, args: str) -> Action:
        if args:
            raise NotationError(f"'{getattr(cls, 'verb', '?')}' takes no arguments")
        return cls(seat)

    return build
