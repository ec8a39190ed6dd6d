"""Seat tokens and hidden cards never reach a log.

A seat's link (``/p/<token>``, its socket ``/ws/p/<token>``) lets whoever holds it act
for that seat, so it is a password. Uvicorn logs every request path at ``info``
(``uvicorn.access``) and every websocket it accepts (``uvicorn.error``); this filter
rewrites any such path in a record's arguments and message to ``/p/<token>`` before a
handler sees it. It edits arguments one by one, so uvicorn's own formatters (which
unpack the access record's five arguments) keep working.

At ``debug`` the websockets library logs every frame (``< TEXT '...'``, ``> TEXT
'...'``) through uvicorn's logger, with the start and end of its text: a phone's page
names its hand, and a tap the cards it tried. A frame argument is written as its kind
and size only (``TEXT [1520 bytes]``), at every level.
"""

from __future__ import annotations

import logging
import re
from typing import Any

_TOKEN_PATH = re.compile(r"(/(?:ws/)?p/)[^/?#\s\"']+")
#: The loggers that print request paths (uvicorn's) and the server's own.
LOGGERS = ("uvicorn.access", "uvicorn.error", "tablegames.server")


def redact(text: str) -> str:
    """``text`` with every seat token in a path replaced by ``<token>``.

    >>> redact('GET /p/AbC_d-9?x=1 and /ws/p/Zz0 and /room/ABCDEFG')
    'GET /p/<token>?x=1 and /ws/p/<token> and /room/ABCDEFG'
    """
    return _TOKEN_PATH.sub(r"\1<token>", text)


class RedactTokens(logging.Filter):
    """Rewrites seat tokens out of a record (message and every string argument)."""

    def filter(self, record: logging.LogRecord) -> bool:
        if isinstance(record.msg, str):
            record.msg = redact(record.msg)
        args = record.args
        if isinstance(args, tuple):
            record.args = tuple(_clean(a) for a in args)
        elif isinstance(args, dict):
            record.args = {k: _clean(v) for k, v in args.items()}
        return True


def _clean(value: Any) -> Any:
    if isinstance(value, str):
        return redact(value)
    opcode, data = getattr(value, "opcode", None), getattr(value, "data", None)
    if opcode is not None and isinstance(data, bytes | bytearray):  # a websockets frame
        return f"{getattr(opcode, 'name', opcode)} [{len(data)} bytes]"
    return value


def install() -> None:
    """Put the filter on every logger that prints request paths (idempotent)."""
    for name in LOGGERS:
        logger = logging.getLogger(name)
        if not any(isinstance(f, RedactTokens) for f in logger.filters):
            logger.addFilter(RedactTokens())
