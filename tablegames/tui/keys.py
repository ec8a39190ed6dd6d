"""Keys as they are pressed, for a person at a real terminal.

A line-at-a-time terminal cannot offer an interrupt: Toepen's knock is legal while the bots
are moving, and a person must be able to knock by pressing ``k`` at that moment, not by
typing a word within a time window. :class:`Keyboard` puts the terminal in *cbreak* mode
(keys arrive one by one, Ctrl-C still interrupts) for the length of a game and restores it
afterwards, whatever happens. Window resizes (``SIGWINCH``) are noted in :attr:`Keyboard.resized`
so the session redraws the screen at the new size.

When the input is not a terminal (a pipe, a file, a test's ``StringIO``) there are no keys
to read: :attr:`Keyboard.live` is false and the session reads whole lines as before.
"""

from __future__ import annotations

import codecs
import os
import select
import signal
import sys
from types import FrameType, TracebackType
from typing import Any, TextIO

#: Keys that end a typed line, erase a character, or are the escape key.
ENTER = frozenset({"\r", "\n"})
ERASE = frozenset({"\x7f", "\x08"})
#: How often a waiting read looks for a resize (seconds).
TICK = 0.2


class Keyboard:
    """Single keys from ``inp`` when it is a terminal (a context manager)."""

    def __init__(self, inp: TextIO) -> None:
        self.inp = inp
        self.fd = -1
        #: Whether keys are read one by one: ``inp`` is a terminal (not on Windows).
        self.live = False
        #: Set when the window was resized (``SIGWINCH``); the session clears it when it
        #: has drawn the screen at the new size.
        self.resized = False
        self._saved: Any = None
        self._old_handler: Any = None
        #: Characters read but not yet handed out as keys, and the decoder that keeps a
        #: character cut between two reads.
        self._pending = ""
        self._decoder = codecs.getincrementaldecoder("utf-8")(errors="replace")
        try:
            fd = inp.fileno()
        except (AttributeError, OSError, ValueError):
            return
        if os.isatty(fd) and sys.platform != "win32":
            self.fd, self.live = fd, True

    def __enter__(self) -> Keyboard:
        if self.live:
            import termios
            import tty

            self._saved = termios.tcgetattr(self.fd)
            tty.setcbreak(self.fd)
            self._old_handler = signal.signal(signal.SIGWINCH, self._on_resize)
        return self

    def __exit__(self, kind: type[BaseException] | None, exc: BaseException | None,
                 tb: TracebackType | None) -> None:
        if self.live and self._saved is not None:
            import termios

            termios.tcsetattr(self.fd, termios.TCSADRAIN, self._saved)
            signal.signal(signal.SIGWINCH, self._old_handler or signal.SIG_DFL)
            self._saved = None

    def _on_resize(self, signum: int, frame: FrameType | None) -> None:
        self.resized = True

    def key(self, timeout: float | None) -> str | None:
        """The next key (a character, or a whole escape sequence), or ``None`` when
        ``timeout`` seconds pass first or the window was resized (check :attr:`resized`).
        End of input raises :class:`EOFError`.

        Bytes are read as they come, never waiting for more than are there: what arrived
        together (a paste, an escape sequence and the keys after it) is decoded at once
        and handed out key by key. A byte that is not UTF-8 becomes nothing, and the keys
        after it are kept; a character cut between two reads is joined when the rest
        comes. An escape sequence ends at its final byte (``ESC [ 1 5 ~`` is F5), so the
        key typed after it is a key of its own.

        The keys read before a resize was noted come out first, the resize (``None``)
        once none is waiting: a key read in the same read as the resize was typed at
        the screen the person saw, and a caller that acted on the resize when a key came
        with it lost that key.
        """
        while True:
            if self._pending:
                return self._next()
            if self.resized:
                return None
            wait = TICK if timeout is None else min(TICK, max(0.0, timeout))
            if not self._fill(wait):
                return None

    def discard(self) -> None:
        """Forget every key pressed and not yet read: those the terminal holds and those
        read but not handed out (a window too small for the game showed nothing, so the
        keys pressed then were pressed blind; see the session's ``redraw``)."""
        if self.live:
            import termios

            termios.tcflush(self.fd, termios.TCIFLUSH)
        self._pending = ""
        self._decoder.reset()

    def _fill(self, wait: float) -> bool:
        """Read what is there (waiting up to ``wait`` for the first byte) into the
        pending keys; whether anything came."""
        ready, _, _ = select.select([self.fd], [], [], wait)
        if not ready:
            return False
        data = os.read(self.fd, 1024)
        if not data:
            if self._pending:
                return True
            raise EOFError
        self._pending += self._decoder.decode(data).replace("\ufffd", "")
        return True

    def _next(self) -> str:
        """The first key of the pending characters (an escape sequence whole)."""
        if self._pending[0] == "\x1b":
            if len(self._pending) == 1 or (self._pending[1] in "[O" and
                                           not _sequence_end(self._pending)):
                self._fill(0.02)  # the rest of a sequence comes with it, or very soon
            end = _sequence_end(self._pending) or 1
        else:
            end = 1
        key, self._pending = self._pending[:end], self._pending[end:]
        return key


def _sequence_end(text: str) -> int:
    """The length of the escape sequence at the start of ``text`` (``0``: not whole yet).
    ``ESC [`` runs to a final byte from ``@`` to ``~``; ``ESC O`` takes one more key;
    ``ESC`` and anything else is the escape key alone."""
    if len(text) < 2 or text[1] not in "[O":
        return 1
    if text[1] == "O":
        return 3 if len(text) >= 3 else 0
    for i in range(2, min(len(text), 16)):
        if "@" <= text[i] <= "~":
            return i + 1
        if not " " <= text[i] <= "?":  # not a parameter: a broken sequence ends here
            return i
    return 0 if len(text) < 16 else 16
