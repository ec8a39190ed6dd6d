"""Where a loaded room server's CPU goes (``load_server.py --breakdown``); benchmark only.

``load_server.py --breakdown`` puts this folder on the server processes' ``PYTHONPATH``
with ``TABLEGAMES_BREAKDOWN`` naming a file, so Python imports this module as it starts.
When the server's app is imported, it wraps a few methods with a thread-CPU clock
(``time.thread_time``: the event loop's thread, where all of a room's work runs):
``Hub._commit`` (apply, store, broadcast), inside it ``Store.record`` and
``Hub._broadcast``, and uvicorn's websocket protocol, receiving (``data_received``) and
sending (``send``) frames; and it times the garbage collector by generation
(``gc.callbacks``). Every two seconds it writes the totals and call counts as JSON to that
file (uvicorn ends the process with the signal it was stopped by, so no exit hook runs).
The library itself carries no timing code.
"""

from __future__ import annotations

import builtins
import gc
import json
import os
import threading
import time
from typing import Any

_OUT = os.environ.get("TABLEGAMES_BREAKDOWN")
_TOTALS: dict[str, float] = {}


def _add(key: str, seconds: float) -> None:
    _TOTALS[key] = _TOTALS.get(key, 0.0) + seconds
    _TOTALS[key + "#"] = _TOTALS.get(key + "#", 0) + 1


def _timed(cls: Any, name: str, key: str) -> None:
    plain = getattr(cls, name)

    def timed(*args: Any, **kwargs: Any) -> Any:
        t = time.thread_time()
        try:
            return plain(*args, **kwargs)
        finally:
            _add(key, time.thread_time() - t)

    setattr(cls, name, timed)


def _timed_async(cls: Any, name: str, key: str) -> None:
    plain = getattr(cls, name)

    async def timed(*args: Any, **kwargs: Any) -> Any:
        t = time.thread_time()  # the await returns at once: a send queues its frame
        try:
            return await plain(*args, **kwargs)
        finally:
            _add(key, time.thread_time() - t)

    setattr(cls, name, timed)


def _install() -> None:
    from uvicorn.protocols.websockets import websockets_sansio_impl as ws

    from tablegames.server import rooms, store

    _timed(rooms.Hub, "_commit", "commit")
    _timed(rooms.Hub, "_broadcast", "commit.broadcast")
    _timed(store.Store, "record", "commit.store")
    _timed(ws.WebSocketsSansIOProtocol, "data_received", "socket.receive")
    _timed_async(ws.WebSocketsSansIOProtocol, "send", "socket.send")
    started = [0.0]

    def collecting(phase: str, info: dict[str, Any]) -> None:
        if phase == "start":
            started[0] = time.thread_time()
        else:
            _add(f"gc{info['generation']}", time.thread_time() - started[0])

    gc.callbacks.append(collecting)

    def write() -> None:
        while True:
            time.sleep(2)
            totals = dict(_TOTALS, process=time.process_time())
            with open(str(_OUT) + ".tmp", "w") as f:
                json.dump(totals, f)
            os.replace(str(_OUT) + ".tmp", str(_OUT))

    threading.Thread(target=write, daemon=True).start()


if _OUT:
    _plain_import = builtins.__import__

    def _importing(name: str, *args: Any, **kwargs: Any) -> Any:
        module = _plain_import(name, *args, **kwargs)
        if name == "tablegames.server.app":
            builtins.__import__ = _plain_import
            _install()
        return module

    builtins.__import__ = _importing
