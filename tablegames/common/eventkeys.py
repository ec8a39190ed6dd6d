"""What a game declares about its events and its result, beside its ``VIEW_KEYS``.

Events (:class:`~tablegames.common.actions.Event`) and the ``result`` of a finished
game are part of the stable API, like view keys. Each game declares them on its state
class:

* ``EVENT_KEYS``: each event kind → an :class:`EventSpec` (what the event says, and
  each key with a one-line meaning; which keys are secret, shown only to the event's
  audience, and which are optional, present only sometimes);
* ``RESULT_KEYS``: each key a finished game's ``result`` (``outcome().to_dict()``, the
  view's ``result``) holds beyond the :data:`COMMON_RESULT_KEYS` every game has.

The conformance kit (:func:`tablegames.testing.check_game`) refuses an event of an
undeclared kind, a key not declared for it, a declared secret key shown outside the
audience, a missing non-optional key and a result with other keys; the documentation's
tables are generated from the same declarations, so neither can drift from the code.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping

import attrs

#: The keys of every game's ``result``, with their meaning (the game's own measure of
#: ``scores`` is in its ``RESULT_KEYS`` page).
COMMON_RESULT_KEYS: dict[str, str] = {
    "winners": "the seats that won, ascending (may be empty: Dallah has only losers)",
    "losers": "the seats that lost, ascending",
    "scores": "each seat's score in the game's own measure, by seat",
}


#: The meaning of an event's ``seat`` where it is the seat whose action the event tells,
#: and of ``round`` (a deal's number, as the view counts it): one wording in every game.
SEAT = "the seat that acted"
ROUND = "number of the deal, from 0 (the view's round)"


def _names(value: Iterable[str]) -> frozenset[str]:
    return frozenset(value)


@attrs.frozen
class EventSpec:
    """One event kind: what it says (``meaning``) and what each of its keys holds.

    ``keys`` maps every key of the event but ``kind`` to a one-line meaning, public and
    secret keys alike, in the order the docs list them. ``secret`` names the keys in the
    event's secret part, present only for a seat of its audience; ``optional`` the keys
    that only some events of the kind have (the meaning says when). ``private``: seats
    outside the audience do not learn of the event at all (``Event(public=False)``).
    """

    meaning: str
    keys: Mapping[str, str]
    secret: frozenset[str] = attrs.field(default=frozenset(), converter=_names)
    optional: frozenset[str] = attrs.field(default=frozenset(), converter=_names)
    private: bool = False

    def __attrs_post_init__(self) -> None:
        for what in ("secret", "optional"):
            unknown = getattr(self, what) - set(self.keys)
            if unknown:
                raise ValueError(f"{what} keys {sorted(unknown)} are not among the keys")

    @property
    def public(self) -> frozenset[str]:
        """The keys every seat that learns of the event sees."""
        return frozenset(self.keys) - self.secret

    def tags(self, key: str) -> str:
        """``"secret, optional"``: how the docs mark ``key`` ("" for a plain key)."""
        return ", ".join(t for t, on in (("secret", key in self.secret),
                                         ("optional", key in self.optional)) if on)


def problems(spec: EventSpec | None, kind: str, shown: Mapping[str, object],
             audience: bool) -> list[str]:
    """What is wrong with one event as one seat sees it (``shown``: its
    :meth:`~tablegames.common.actions.Event.for_seat` dict; ``audience``: the seat is in
    the event's audience), against the kind's declaration (``None``: undeclared)."""
    if spec is None:
        return [f"event kind {kind!r} is not declared in EVENT_KEYS"]
    keys = set(shown) - {"kind", "version"}
    out = []
    unknown = keys - set(spec.keys)
    if unknown:
        out.append(f"event {kind!r} has undeclared keys {sorted(unknown)}")
    if not audience and keys & spec.secret:
        out.append(f"event {kind!r} shows its secret keys {sorted(keys & spec.secret)} "
                   "outside its audience")
    need = (set(spec.keys) if audience else set(spec.public)) - spec.optional
    if need - keys:
        out.append(f"event {kind!r} lacks {sorted(need - keys)}")
    return out


__all__ = ["COMMON_RESULT_KEYS", "EventSpec", "problems"]
