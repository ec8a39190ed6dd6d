"""The reference room server: a real table where every phone shows its own cards.

``pip install "tablegames[server]"`` then ``tablegames serve`` (see
:func:`create_app`). One person opens the page, creates a room for
any game (players, house rules or a named variant, a bot for empty seats) and shows the
room's code, link or QR code; everyone else joins with the code and a name. Each phone
then sees only its own view: its cards drawn as cards, the public table, the prompt and
its legal actions as buttons, with the events of the game as sentences.

The pieces, each small enough to read in one sitting (the :doc:`app guide
</guides/app>` walks through them):

* :mod:`~tablegames.server.store` (SQLite) and :mod:`~tablegames.server.pgstore`
  (PostgreSQL): rooms stored, one transaction per accepted action;
* :mod:`~tablegames.server.rooms`: the rooms' logic (seats, taps, bots, broadcasts);
* :mod:`~tablegames.server.page`: what a phone is sent, the table model of that seat's
  view alone (:func:`tablegames.table.present`); :mod:`~tablegames.server.chrome` and
  :mod:`~tablegames.server.words`: the page's and the server's own words;
* :mod:`~tablegames.server.limits` and :mod:`~tablegames.server.logs`: bounded work for
  every request, and logs that name no seat token or hidden card;
* ``tablegames.server.app``: the Starlette routes and websockets (the ``server`` extra).
"""

from __future__ import annotations

from typing import Any

__all__ = ["create_app"]


def create_app(*args: Any, **kwargs: Any) -> Any:
    """``create_app(db="rooms.sqlite", *, bot_delay=0.7, limits=None, max_rooms=5000,
    bot_threads=1, share_url=None)``:
    the ASGI app serving the rooms stored in ``db`` (a SQLite file's path, or a
    ``postgresql://`` URL shared by any number of server processes).

    It is ``tablegames.server.app.create_app``, imported on use: Starlette is the optional
    ``server`` extra, so this package imports without it."""
    from tablegames.server.app import create_app as make

    return make(*args, **kwargs)
