"""Keys as they are pressed, for a person at a real terminal.

A line-at-a-time terminal cannot offer an interrupt: Toepen's knock is legal while the bots
are moving, and a person must be able to knock by pressing ``k`` at that moment, not by
typing a word within a time window. :class:`Keyboard` puts the terminal in *cbreak* mode
(keys arrive one by one, Ctrl-C still interrupts) for the length of a game and restores it
afterwards, whatever happens. Window resizes (``SIGWINCH``) are noted in :attr:`resized`
so the session redraws the screen at the new size.

When the input is not a terminal (a pipe, a file, a test's ``StringIO``) there are no keys
to read: :attr:`live` is false and the session reads whole lines as before.
"""

from __future__ import annotations

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
        self.live = False
        self.resized = False
        self._saved: Any = None
        self._old_handler: Any = None
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
        End of input raises :class:`EOFError`."""
        if self.resized:
            return None
        wait = TICK if timeout is None else min(TICK, max(0.0, timeout))
        ready, _, _ = select.select([self.fd], [], [], wait)
        if not ready:
            return None
        data = os.read(self.fd, 1)
        if not data:
            raise EOFError
        lead = data[0]
        more = 3 if lead >= 0xF0 else 2 if lead >= 0xE0 else 1 if lead >= 0xC0 else 0
        if data == b"\x1b":  # an escape sequence (arrow keys): read what came with it
            while select.select([self.fd], [], [], 0.01)[0]:
                data += os.read(self.fd, 1)
                if len(data) > 8 or data[-1:].isalpha():
                    break
        for _ in range(more):
            data += os.read(self.fd, 1)
        return data.decode("utf-8", errors="replace")
