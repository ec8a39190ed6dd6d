"""The game registry: ``tablegames.GAMES`` and ``tablegames.new_game(name, ...)``.

Games are imported lazily, on first use, so importing :mod:`tablegames` stays cheap and
a user's app pays only for the games it plays. Third-party games join with
:func:`register`.
"""

from __future__ import annotations

import importlib
import importlib.util
import re
from collections.abc import Iterator, Mapping
from typing import Any

from tablegames.common.errors import SetupError, StateError
from tablegames.common.protocol import GameInfo
from tablegames.common.serialization import Reader, loads

BUILTIN = ("toepen", "phase10", "shithead", "dallah")


class _Registry(Mapping[str, GameInfo]):
    def __init__(self) -> None:
        self._loaded: dict[str, GameInfo] = {}
        self._names: list[str] = list(BUILTIN)

    def __getitem__(self, name: str) -> GameInfo:
        info = self._loaded.get(name)
        if info is not None:
            return info
        if name not in self._names:
            raise KeyError(name)
        module = importlib.import_module(f"tablegames.{name}")
        info = module.GAME
        self._loaded[name] = info
        return info  # type: ignore[no-any-return]

    def __iter__(self) -> Iterator[str]:
        for name in self._names:
            if name in self._loaded:
                yield name
                continue
            spec = importlib.util.find_spec(f"tablegames.{name}")
            if spec is not None and spec.origin is not None:  # a real package, not a folder
                yield name

    def __len__(self) -> int:
        return sum(1 for _ in self)

    def register(self, info: GameInfo) -> None:
        self._loaded[info.name] = info
        if info.name not in self._names:
            self._names.append(info.name)


GAMES = _Registry()


def register(info: GameInfo) -> None:
    """Add a game (a :class:`GameInfo`) to :data:`GAMES`."""
    GAMES.register(info)


def game_info(name: str) -> GameInfo:
    """The registry entry for ``name``; an unknown name is a :class:`SetupError`."""
    try:
        return GAMES[name]
    except KeyError:
        raise SetupError(f"unknown game {name!r}; known: {', '.join(GAMES)}") from None


def new_game(name: str, **kwargs: Any) -> Any:
    """``new_game("toepen", players=4, seed=7)``: a new game by registry name."""
    return game_info(name).new_game(**kwargs)


def load(text: str | bytes, *, verify: bool = False) -> Any:
    """Load any saved state, finding the game from its envelope (``verify``: see ``from_json``).

    A save as ``to_json`` writes it names its game in its first bytes, so it goes
    straight to that game's loader, which reads the text once. Anything else, and any
    save that loader refuses, is parsed here first to find the game it claims (a later
    duplicate ``game`` key wins, as in JSON), so what loads and the error a bad save
    gets are the same either way.
    """
    if isinstance(text, str) and not verify and (head := _HEAD.match(text)) is not None:
        try:
            return game_info(head[1]).from_json(text)
        except (StateError, SetupError):
            pass
    r = Reader(loads(text))
    name = r["game"].str()
    try:
        info = game_info(name)
    except SetupError as exc:
        raise StateError(str(exc)) from None
    raw = text if isinstance(text, str) else text.decode()
    if verify:
        if info.state_class is None:
            raise StateError(f"{name} saves cannot be verified")
        return info.state_class.from_json(raw, verify=True)
    return info.from_json(raw)


#: The start of a save ``to_json`` wrote: its engine, format and game.
_HEAD = re.compile(r'\{"engine":\d{1,9},"format":\d{1,9},"game":"([a-z0-9_]{1,40})",')


def from_position(game: str, text: str, rules: Any = None) -> Any:
    """``from_position("toepen", text)``: a state set up from position text."""
    info = game_info(game)
    if info.state_class is None:
        raise SetupError(f"{game} has no position text")
    return info.state_class.from_position(text, rules=rules)


def replay(record: Mapping[str, Any]) -> Any:
    """Rebuild the identical state from ``state.record()`` (setup plus actions)."""
    r = Reader(dict(record) if isinstance(record, Mapping) else record)
    info = game_info(r["game"].str())
    setup = r["setup"].raw() if r.has("setup") else {}
    if isinstance(setup, dict) and "position" in setup:
        state = from_position(info.name, setup["position"], rules=r["rules"].raw())
        for item in r["actions"].items():
            state.apply(info.parse_action(item.str()))
        return state
    state = info.new_game(
        players=r["players"].strs(),
        seed=r["seed"].value,
        rules=r["rules"].raw(),
        deck=r["deck"].raw(),
        **(r["setup"].raw() if r.has("setup") else {}),
    )
    for item in r["actions"].items():
        state.apply(info.parse_action(item.str()))
    return state
