"""Seats and turn order.

Seats are numbered ``0 .. n-1`` in **clockwise** order around the table. Facing the
table, the next player clockwise sits on your *left*, so ``left_of(s)`` is ``s + 1`` and
``right_of(s)`` is ``s - 1`` (mod n). Games that pass to the right keep a ``direction`` of
``-1`` in their state instead of renumbering seats, so views and notation never change
meaning when play reverses.
"""

from __future__ import annotations

import warnings
from collections.abc import Callable, Iterator, Sequence

from tablegames.common.numbers import whole_number

CLOCKWISE = 1
COUNTERCLOCKWISE = -1


def left_of(seat: int, n: int) -> int:
    """The next seat clockwise."""
    return (seat + 1) % n


def right_of(seat: int, n: int) -> int:
    """The previous seat clockwise (the next one counter-clockwise)."""
    return (seat - 1) % n


def next_seat(
    seat: int, n: int, *, direction: int = CLOCKWISE, playing: Sequence[bool] | None = None,
    steps: int = 1, active: Sequence[bool] | None = None,
) -> int:
    """The seat ``steps`` places on in ``direction``, counting only ``playing`` seats.

    ``playing`` marks seats still taking part (not eliminated, finished or folded), the
    word the games' own ``playing`` fields use; a seat that is not playing may be the
    starting point. Raises ``ValueError`` when no seat is playing, because asking for the
    next player of an empty table is a bug. ``active`` is this argument's name before
    0.2 (it clashed with the games' ``active``, the seat to act): still accepted, with a
    ``DeprecationWarning``.

    >>> next_seat(0, 4, playing=[True, False, True, True])
    2
    """
    playing = _checked(n, direction, _playing(playing, active))
    if playing is None:
        return (seat + direction * steps) % n
    if not any(playing):
        raise ValueError("no seat is playing")
    s = seat
    for _ in range(steps):
        s = (s + direction) % n
        while not playing[s]:
            s = (s + direction) % n
    return s


def seats_from(
    start: int, n: int, *, direction: int = CLOCKWISE, playing: Sequence[bool] | None = None,
    include_start: bool = True, active: Sequence[bool] | None = None,
) -> Iterator[int]:
    """Every seat (every ``playing`` one) once, beginning at ``start`` and going round in
    ``direction`` (``active``: ``playing``'s name before 0.2, as in :func:`next_seat`).

    The arguments are checked when it is called, not when the seats are first read."""
    flags = _checked(n, direction, _playing(playing, active))
    return _round(start, n, direction, flags, 0 if include_start else 1)


def _round(start: int, n: int, direction: int, playing: Sequence[bool] | None,
           first: int) -> Iterator[int]:
    for k in range(first, n):
        s = (start + direction * k) % n
        if playing is None or playing[s]:
            yield s


def _checked(n: int, direction: int, playing: Sequence[bool] | None) -> Sequence[bool] | None:
    """``playing`` once the table's shape is one a turn can go round: at least one seat,
    a direction of 1 or -1 (0 never moved, so looking for a playing seat never ended), a
    flag for each seat (found by helper-114). A ``ValueError``: a caller's bug, as an
    empty table is."""
    if n < 1 or direction not in (CLOCKWISE, COUNTERCLOCKWISE) or (
            playing is not None and len(playing) != n):
        raise ValueError(f"a table of {n!r} seats, direction {direction!r} and "
                         f"{'no' if playing is None else len(playing)} playing flags is no "
                         "table to go round (at least one seat, direction 1 or -1, one flag "
                         "a seat)")
    return playing


def _playing(playing: Sequence[bool] | None,
             active: Sequence[bool] | None) -> Sequence[bool] | None:
    """``playing``, or the same flags passed under the old name ``active`` (warned)."""
    if active is None:
        return playing
    if playing is not None:
        raise TypeError("pass the seats still taking part as playing= only (active= is "
                        "its old name)")
    warnings.warn("active= is now playing= (the seats still taking part; a game's "
                  "'active' is the seat to act)", DeprecationWarning, stacklevel=3)
    return active


def check_seat(seat: object, n: int) -> int:
    """``seat`` as the plain int of a valid seat index (any whole number:
    :func:`~tablegames.common.numbers.whole_number`), else raise ``ValueError``."""
    number = whole_number(seat)
    if number is None or not 0 <= number < n:
        raise ValueError(f"seat must be an int in 0..{n - 1}, not "
                         f"{repr(seat) if number is None else number}")
    return number


def ask_in_turn(
    start: int, n: int, *, include_start: bool = False,
    who: Callable[[int], bool] | None = None,
) -> tuple[int, ...]:
    """The seats to ask once each, clockwise from the seat after ``start``.

    The "ask every other seat once" pattern (boardgame.io's ``setActivePlayers({others})``):
    a knock asks every other player in the hand to fold or stay, a challenge asks every
    other player, Dallah asks each affected seat holding protection. ``who`` says which
    seats are asked (the rest are passed over); ``include_start`` asks ``start`` itself
    first, before going round. The result is a tuple (games keep it as a queue they
    replace, never edit).

    >>> ask_in_turn(2, 4)
    (3, 0, 1)
    >>> ask_in_turn(2, 4, include_start=True, who=lambda s: s != 0)
    (2, 3, 1)
    """
    first = 0 if include_start else 1
    order = [(start + k) % n for k in range(first, n)]
    return tuple(order if who is None else [s for s in order if who(s)])
