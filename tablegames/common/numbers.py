"""Reading a number someone typed or sent: ASCII digits only, and a bounded count of them;
and what counts as a whole number a caller passes (:func:`whole_number`).

``str.isdigit`` also takes other scripts' digits and signs such as ``²``; ``int`` refuses
``²`` and more than 4,300 digits, and a number in Arabic-Indic digits would read back
under another spelling. Every reader of notation, position text, rules, headers and
directives asks this one question before it calls ``int``.
"""

from __future__ import annotations

import numbers
import operator

__all__ = ["is_number", "whole_number"]


def is_number(text: str, digits: int = 6) -> bool:
    """Whether ``text`` is a plain decimal number: ASCII digits only, at most ``digits``
    of them (every number the library reads is far smaller; a longer one is refused).

    >>> from tablegames.common.numbers import is_number
    >>> is_number("42"), is_number("²"), is_number("١"), is_number("1234567")
    (True, False, False, False)
    """
    return text.isascii() and text.isdigit() and len(text) <= digits


def whole_number(value: object) -> int | None:
    """The Python ``int`` that ``value`` holds when it is a whole number, else ``None``.

    The library's one answer, for every seed, seat, count, budget and index a caller
    passes: an ``int``, or any other integer (a :class:`numbers.Integral`: numpy's
    ``int8`` to ``uint64``, an ``IntEnum``) counts as the plain ``int`` it holds.
    Research code holds its numbers in numpy (``default_rng().integers``, an env's
    action, a seat read from an array), and ``np.int64(7)`` must deal, seat and count
    exactly as ``7`` does; what the library stores, echoes in a view, an event or an
    error, and writes to JSON is then always the plain ``int``, never the caller's object.

    A ``bool`` is never a whole number (``True`` is no seat and no count), nor is numpy's
    ``bool_``, nor any float, even a whole one (``3.0``, ``numpy.float64(3.0)``): a float
    where a count belongs is more likely a slip than a count. Nor is an array, even of
    one item, or any other object that merely has ``__index__``: a seed was never read
    from those (found by helper-60). Each caller refuses ``None`` in its own words and
    error class. numpy is never imported for this.

    >>> from tablegames.common.numbers import whole_number
    >>> whole_number(7), whole_number(True), whole_number(3.0), whole_number("7")
    (7, None, None, None)
    """
    if type(value) is int:
        return value
    if isinstance(value, bool) or not isinstance(value, numbers.Integral):
        return None  # numpy's bool_ is no Integral
    return int(operator.index(value))
