"""``tablegames play``: a game in the terminal, for people (rich; the ``[cli]`` extra).

The screen shows the table laid out (seats by name, tricks, piles, phases laid down,
Dallah's cups), what just happened in words, the seat's hand as coloured cards
(``10♥ A♠``; Phase 10's colours as colours), the prompt and numbered moves, fitted to the
terminal's size. A move is typed as its number, its notation without the seat (``play
Th``) or a part only it has (``kn``); a move shown with a key (``[k] Knock``) is played by
that key alone, also while the bots move. ``?`` shows the rulings of the moment
(:mod:`tablegames.tui.helpscreen`); ``q`` stops (status 0), as does Ctrl-C (status
130). In Dallah the fall model reports what fell on the bots' turns, or the person does
(``reports="table"``). See :class:`~tablegames.tui.session.Options` for what can be
chosen, and :mod:`tablegames.tui.session` for interrupts, pauses and the hot seat.
"""

from __future__ import annotations

import sys
from typing import TextIO

import attrs

from tablegames.common.registry import game_info
from tablegames.tui.keys import Keyboard
from tablegames.tui.session import Options, Session

__all__ = ["Options", "Session", "play"]


def play(options: Options, out: TextIO | None = None, inp: TextIO | None = None) -> int:
    """Play at the terminal until the person stops; returns the exit status (0, also when
    stopped with ``q`` or at the end of input; 130 when stopped with Ctrl-C, as every
    interrupted ``tablegames`` command). At a real terminal keys are read one by one for
    the whole time (:class:`~tablegames.tui.keys.Keyboard`); "play again" at the end
    screen starts the next game with the next seed, the same players and rules."""
    out, inp = out or sys.stdout, inp or sys.stdin
    with Keyboard(inp) as keys:
        while True:
            session = Session(game_info(options.game), options, out, inp, keys=keys)
            status = session.run()
            if not session.again:
                return status
            options = attrs.evolve(options, seed=options.seed + 1)
