"""The game registry: ``tablegames.GAMES`` and ``tablegames.new_game(name, ...)``.

The core knows no game by name. A game joins by registering its :class:`GameInfo`
(its name, player range, bots, variants and ruling prefix) with :func:`register`, and
the registry finds the games it can offer in three places, none of them a list in
``common``:

* **the built-ins**, by a scan of the ``tablegames`` package: every subpackage with a
  rulings page (``rulings.md``; each game has one, and nothing else does) is a game of
  that name. Its package registers its ``GAME`` when it is imported;
* **installed games**, by the ``tablegames.games`` entry-point group (``mygame =
  "mypackage:GAME"`` in a distribution's metadata), read the first time a name is not
  found among the built-ins or the whole list is asked for;
* **any other game**, by calling :func:`register` (a test's toy game, an app's own game).

Games are imported lazily, on first use, so importing :mod:`tablegames` stays cheap and
a user's app pays only for the games it plays: the scan reads a directory, not modules.
"""

from __future__ import annotations

import importlib
import inspect
import re
from collections.abc import Iterator, Mapping
from importlib import resources
from typing import Any

from tablegames.common.errors import (
    ArgumentRefused,
    SetupError,
    StateError,
    TablegamesError,
    quoted,
    quoted_names,
)
from tablegames.common.protocol import GameInfo
from tablegames.common.serialization import Reader, loads
from tablegames.common.setups import MAX_NOTATION, check_flag

#: The entry-point group an installed distribution names its games in.
ENTRY_POINTS = "tablegames.games"
#: The file that marks a subpackage of ``tablegames`` as a game (its rulings page).
MARKER = "rulings.md"
_NAME = re.compile(r"[a-z][a-z0-9_]{0,39}")


def _scan_builtins() -> list[str]:
    """The subpackages of ``tablegames`` that hold a rulings page, in name order.

    Name order, because a directory listing has none of its own and the game list must
    be the same on every machine.
    """
    root = resources.files("tablegames")
    names = []
    for entry in root.iterdir():
        name = entry.name
        if (_NAME.fullmatch(name) and entry.is_dir() and entry.joinpath("__init__.py").is_file()
                and entry.joinpath(MARKER).is_file()):
            names.append(name)
    return sorted(names)


class _Registry(Mapping[str, GameInfo]):
    """Every game on offer, by name: built-ins first (name order), then the others in the
    order they registered. A game's module is imported only when its entry is read."""

    def __init__(self) -> None:
        self._loaded: dict[str, GameInfo] = {}
        #: Name -> the module (``pkg`` or ``pkg:attr``) whose import provides the game.
        self._sources: dict[str, str] = {}
        self._scanned = False
        self._plugins_read = False

    def _scan(self) -> None:
        if not self._scanned:
            self._scanned = True
            found = {name: f"tablegames.{name}" for name in _scan_builtins()}
            # Built-ins come first in the listing; registrations made before the scan keep theirs.
            self._sources = {**found, **self._sources}

    def _read_plugins(self) -> None:
        """Add the games installed distributions declare (entry points), without importing them."""
        if self._plugins_read:
            return
        self._plugins_read = True
        from importlib.metadata import entry_points  # ~0.1 s to import: only when asked

        for ep in entry_points(group=ENTRY_POINTS):
            if _NAME.fullmatch(ep.name):
                self._sources.setdefault(ep.name, ep.value)

    def _import(self, name: str) -> GameInfo:
        source = self._sources[name]
        module_name, _, attr = source.partition(":")
        module = importlib.import_module(module_name.strip())
        info = self._loaded.get(name)
        if info is None:  # a module that does not call register() itself
            info = getattr(module, attr.strip() or "GAME", None)
            if not isinstance(info, GameInfo):
                raise KeyError(name)
            self._loaded[name] = info
        if info.name != name:
            raise SetupError(f"{source} provides the game {info.name!r}, not {name!r}")
        return info

    def __getitem__(self, name: str) -> GameInfo:
        if not isinstance(name, str):  # before any look-up: a list or dict is unhashable
            raise KeyError(name)
        info = self._loaded.get(name)
        if info is not None:
            return info
        self._scan()
        if name not in self._sources:
            self._read_plugins()
        if name not in self._sources:
            raise KeyError(name)
        return self._import(name)

    def __iter__(self) -> Iterator[str]:
        self._scan()
        self._read_plugins()
        return iter(list(self._sources))

    def __contains__(self, name: object) -> bool:
        if not isinstance(name, str):  # no game's name, and may be unhashable
            return False
        if name in self._loaded:
            return True
        self._scan()
        if name not in self._sources:
            self._read_plugins()
        return name in self._sources

    def __len__(self) -> int:
        return sum(1 for _ in self)

    def register(self, info: GameInfo) -> None:
        """Add ``info`` (or replace the entry of the same name)."""
        if not isinstance(info, GameInfo):
            raise SetupError(f"register takes a GameInfo, not {type(info).__name__}")
        if not _NAME.fullmatch(info.name):
            raise SetupError("a game's name is 1-40 lowercase letters, digits or _, starting with a "
                             f"letter, not {info.name!r}")
        prefix = info.ruling_prefix
        if prefix:
            if not re.fullmatch(r"[A-Z0-9]{1,8}", prefix):
                raise SetupError(f"a ruling prefix is 1-8 capital letters or digits, not {prefix!r}")
            for other in self._loaded.values():
                if other.ruling_prefix == prefix and other.name != info.name:
                    raise SetupError(f"the ruling prefix {prefix!r} is {other.name}'s already")
        self._loaded[info.name] = info
        self._sources.setdefault(info.name, getattr(info.new_game, "__module__", None) or info.name)

    def unregister(self, name: str) -> None:
        """Remove a game added with :func:`register` (a test's toy game); built-ins stay."""
        self._loaded.pop(name, None)
        if not self._sources.get(name, "").startswith("tablegames."):
            self._sources.pop(name, None)

    def by_ruling_prefix(self, prefix: str) -> GameInfo | None:
        """The game whose ruling IDs start ``prefix-`` (``"TOE"``: Toepen), or ``None``.

        Games already imported are asked first, so a refusal's link costs no import.
        """
        for info in list(self._loaded.values()):
            if info.ruling_prefix == prefix:
                return info
        for name in list(self):
            if name not in self._loaded:
                try:
                    info = self[name]
                except (ImportError, KeyError, SetupError):
                    continue
                if info.ruling_prefix == prefix:
                    return info
        return None

    def source(self, name: str) -> str:
        """The module the game ``name`` comes from (``"tablegames.toepen"``)."""
        self[name]
        return self._sources[name].partition(":")[0].strip()


#: Every game by name (``GAMES["toepen"]`` is its :class:`GameInfo`): the built-in
#: games, imported on first use, and those registered or named by entry points.
GAMES = _Registry()


def register(info: GameInfo) -> None:
    """Add a game (a :class:`GameInfo`) to :data:`GAMES`.

    Each built-in game calls this in its package's ``__init__``; a game of your own calls
    it the same way (or names its ``GAME`` under the ``tablegames.games`` entry points, so
    that ``tablegames simulate mygame`` finds it without an import). Its
    ``ruling_prefix`` makes its refusals link to its rulings (``IllegalAction.doc``).
    """
    GAMES.register(info)


def game_info(name: str) -> GameInfo:
    """The registry entry for ``name``; an unknown name is a :class:`SetupError`, an
    :class:`~tablegames.common.errors.ArgumentRefused` (``argument`` ``"game"``, ``code``
    ``"choice"``, ``choices`` the games known) that a front end says in its own words."""
    try:
        return GAMES[name]
    except KeyError:
        known = tuple(GAMES)
        raise ArgumentRefused(f"unknown game {quoted(name)}; known: {', '.join(known)}",
                              argument="game", code="choice", value=name,
                              choices=known) from None


def new_game(name: str, **kwargs: Any) -> Any:
    """``new_game("toepen", players=4, seed=7)``: a new game by registry name.

    A keyword the game's ``new_game`` does not take is a :class:`SetupError` naming it
    (it was Python's own ``TypeError``, unlike every other bad setup; found by
    helper-114)."""
    info = game_info(name)
    params = inspect.signature(info.new_game).parameters
    if not any(p.kind is inspect.Parameter.VAR_KEYWORD for p in params.values()):
        bad = [k for k in kwargs if k not in params or params[k].kind not in (
            inspect.Parameter.KEYWORD_ONLY, inspect.Parameter.POSITIONAL_OR_KEYWORD)]
        if bad:
            raise SetupError(f"{info.name}'s new_game takes no {quoted_names(bad)}; it takes "
                             f"{', '.join(params)}")
    return info.new_game(**kwargs)


def load(text: str | bytes, *, verify: bool = False) -> Any:
    """Load any saved state, finding the game from its envelope (``verify``: see ``from_json``).

    A save as ``to_json`` writes it names its game in its first bytes, so it goes
    straight to that game's loader, which reads the text once. Anything else, and any
    save that loader refuses, is parsed here first to find the game it claims (a later
    duplicate ``game`` key wins, as in JSON), so what loads and the error a bad save
    gets are the same either way.
    """
    verify = check_flag("verify", verify)
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
    rules = r["rules"].raw()
    if r.has("engine"):  # as a save is: a newer engine's record may replay differently
        engine = r["engine"].int(1)
        ours = getattr(info.state_class, "ENGINE", None)
        if ours is not None and engine > ours:
            raise StateError(f"recorded by a newer {info.name} engine ({quoted(engine)}); "
                             f"this one is {ours}")
        if ours is not None and engine < ours and info.state_class is not None:
            rules = info.state_class._upgrade_rules(rules, engine)  # as its engine played
    setup = r["setup"]._dict() if r.has("setup") else {}
    if "position" in setup:
        state = from_position(info.name, setup["position"], rules=rules)
        return _replayed(state, r, info)
    bad = _not_setup(info, setup)
    if bad:
        raise StateError(f"$.setup: {info.name}'s new_game takes no {quoted_names(bad)}")
    players = r["players"]
    if type(players.value) is list and len(players.value) > info.max_players:
        # before a reader per name: ten million names were ten million readers (helper-122)
        raise players.fail(f"expected a list of at most {info.max_players} names")
    state = info.new_game(
        players=players.strs(),
        seed=r["seed"].value,
        rules=rules,
        deck=r["deck"].raw(),
        **setup,
    )
    return _replayed(state, r, info)


def _replayed(state: Any, r: Reader, info: GameInfo) -> Any:
    """``state`` with the record's actions applied; an action this engine refuses (a
    tampered record, or one an older engine played under rules that differed) is a
    :class:`StateError` naming it, as a save's history is."""
    for i, item in enumerate(r["actions"].items()):
        text = item.str()
        if len(text) > MAX_NOTATION:  # as ``apply`` and a save's history refuse it
            raise item.fail(f"an action is at most {MAX_NOTATION} characters")
        try:
            state.apply(info.parse_action(text))
        except TablegamesError as exc:
            raise StateError(f"$.actions[{i}] does not replay under engine "
                             f"{type(state).ENGINE} of {state.GAME}: {exc}") from None
    return state


#: The keywords a record gives ``new_game`` itself, so its ``setup`` may not name them.
_RECORDED = frozenset({"players", "seed", "rules", "deck"})


def _not_setup(info: GameInfo, setup: dict[Any, Any]) -> list[object]:
    """The keys of a record's ``setup`` that the game's ``new_game`` does not take as
    keywords (a tampered record): passed on, they would be Python's ``TypeError``."""
    params = inspect.signature(info.new_game).parameters
    takes_any = any(p.kind is inspect.Parameter.VAR_KEYWORD for p in params.values())
    return [k for k in setup if type(k) is not str or k in _RECORDED
            or not (takes_any or (k in params and params[k].kind in (
                inspect.Parameter.KEYWORD_ONLY, inspect.Parameter.POSITIONAL_OR_KEYWORD)))]
