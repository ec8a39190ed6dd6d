"""Reading a number someone typed or sent: ASCII digits only, and a bounded count of them.

``str.isdigit`` also takes other scripts' digits and signs such as ``²``; ``int`` refuses
``²`` and more than 4,300 digits, and a number in Arabic-Indic digits would read back
under another spelling. Every reader of notation, position text, rules, headers and
directives asks this one question before it calls ``int``.
"""

from __future__ import annotations

__all__ = ["is_number"]


def is_number(text: str, digits: int = 6) -> bool:
    """Whether ``text`` is a plain decimal number: ASCII digits only, at most ``digits``
    of them (every number the library reads is far smaller; a longer one is refused).

    >>> from tablegames.common.numbers import is_number
    >>> is_number("42"), is_number("²"), is_number("١"), is_number("1234567")
    (True, False, False, False)
    """
    return text.isascii() and text.isdigit() and len(text) <= digits
