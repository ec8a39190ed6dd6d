"""The reference room server: a real table where every phone shows its own cards.

``pip install "tablegames[server]"`` then ``tablegames serve`` (see
:func:`tablegames.server.app.create_app`). One person opens the page, creates a room for
any game (players, house rules or a named variant, a bot for empty seats) and shows the
room's code, link or QR code; everyone else joins with the code and a name. Each phone
then sees only its own view: its cards drawn as cards, the public table, the prompt and
its legal actions as buttons, with the events of the game as sentences.

The pieces, each small enough to read in one sitting (the app guide walks through them):

* :mod:`~tablegames.server.store`: rooms in SQLite, one transaction per accepted action;
* :mod:`~tablegames.server.rooms`: the rooms' logic (seats, taps, bots, broadcasts);
* :mod:`~tablegames.server.page`, :mod:`~tablegames.server.tables`,
  :mod:`~tablegames.server.labels`, :mod:`~tablegames.server.events`: what a phone is sent,
  built from that seat's view alone; :mod:`~tablegames.server.keys` is the one mapping
  from the renderers' names to the games' view keys;
* :mod:`~tablegames.server.app`: the Starlette routes and websockets.
"""

from __future__ import annotations

from typing import Any

__all__ = ["create_app"]


def create_app(*args: Any, **kwargs: Any) -> Any:
    """:func:`tablegames.server.app.create_app` (imported on use: Starlette is optional)."""
    from tablegames.server.app import create_app as make

    return make(*args, **kwargs)
