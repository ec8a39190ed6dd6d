"""The save envelope: one way out (:func:`save_text`) and one way in (:func:`read_save`).

A save is canonical JSON (keys sorted)::

    {"engine":4,"format":4,"game":"toepen","history":{...},"rng":123,
     "rules":{...},"rules_hash":"...","setup":{...},"state":{...}}

Loading is parse -> read the envelope and the declared fields -> check the invariants,
and nothing else: no module-level state, no lock, nothing remembered from one load to
the next, so the same text gives the same state in any process whatever was loaded
before. Each part of the envelope has its own small reader below, so each refusal is
found on the line that makes it.

Formats: 1 (before the declared fields), 2 (declared fields, history as a list of
notations), 3 (the compact history of :mod:`tablegames.common.history_codec`) and 4 (as
3, with the fields of ``BaseState.RENAMED`` under their new names) all load, through
one path (:func:`_state_reader`): a save of an older format has its ``state`` object
brought to that format's last shape by the game's ``_upgrade_format`` and renamed by
``RENAMED``; a save by an older engine of its game is then brought to today's form by
the game's ``ENGINE_RENAMED`` and ``_upgrade_engine`` (a key added, renamed or
recounted within the game's own engine numbers, without a new format for every game).

Saving writes the envelope from pieces of text. Two are kept on the state itself while
their objects stay the same, both local to that state: the history's encoding
(``_hcode``, see :class:`~tablegames.common.history_codec.HistoryCode`) and the text of
rules and setup (``_setup_text``), which never change during a game.
"""

from __future__ import annotations

import hashlib
import json
import operator
from collections.abc import Callable, Mapping, Sequence
from typing import TYPE_CHECKING, Any, TypeVar

from tablegames.common.actions import Action, fresh
from tablegames.common.errors import (
    NotationError,
    RulesError,
    SetupError,
    StateError,
    TablegamesError,
    quoted,
)
from tablegames.common.history import History
from tablegames.common.history_codec import (
    HistoryCode,
    decode_history,
    history_json,
    history_steps,
)
from tablegames.common.rng import Rng
from tablegames.common.rules import rules_from_dict, rules_hash, rules_json
from tablegames.common.serialization import FORMAT_VERSION, Reader, dumps
from tablegames.common.setups import MAX_NOTATION, check_seed, normalize_players

if TYPE_CHECKING:
    from tablegames.common.state import BaseState

#: A game's state class (a load gives back the caller's class).
S = TypeVar("S", bound="BaseState")

_json_str = json.encoder.encode_basestring_ascii  # what ``dumps`` writes for a string
_SETUP_KEYS = frozenset({"players", "seed", "deck", "extra", "world", "chance"})
#: The envelope's keys (format 1 had no ``engine``): no format wrote any other.
_ENVELOPE_KEYS = frozenset({"engine", "format", "game", "history", "rng", "rules",
                            "rules_hash", "setup", "state"})
_ONLY_STR = frozenset({str})
_U64 = (1 << 64) - 1


# -- out ------------------------------------------------------------------------------
def save_text(state: BaseState) -> str:
    """The state's save (see the module docstring): byte for byte what :func:`dumps`
    gives for the whole envelope, written from its pieces."""
    cls = type(state)
    history, state._hcode = _history_text(state)
    return (f'{{"engine":{cls.ENGINE},"format":{FORMAT_VERSION},"game":{_json_str(cls.GAME)},'
            f'"history":{history},"rng":{state.rng.state},{setup_text(state)},'
            f'"state":{state._state_json()}}}')


def _history_text(state: BaseState) -> tuple[str, HistoryCode]:
    return history_json(state.history, state._hcode)


def setup_text(state: BaseState) -> str:
    """``"rules":...,"rules_hash":"...","setup":{...}``, kept on the state while its rules
    and setup objects are the same ones (they never change during a game)."""
    key = (state.rules, state.players, state.seed, state.deck, state.extra, state.world,
           state.outside)
    kept = state._setup_text
    if kept is not None and all(map(operator.is_, kept[0], key)):
        return kept[1]
    setup: dict[str, Any] = {
        "players": list(state.players),
        "seed": state.seed,
        "deck": None if state.deck is None else list(state.deck),
        "extra": state.extra,
    }
    if state.world:
        setup["world"] = True
    if state.outside:  # chance outcomes come from the caller (common/chance.py)
        setup["chance"] = "outside"
    text = (f'"rules":{rules_json(state.rules)},"rules_hash":"{rules_hash(state.rules)}",'
            f'"setup":{dumps(setup)}')
    state._setup_text = (key, text)
    return text


# -- in -------------------------------------------------------------------------------
def read_save(cls: type[S], r: Reader) -> S:
    """The state a parsed save holds: envelope, rules, setup, rng, history, fields."""
    d = r._dict()
    fmt, engine = _read_header(cls, r, d)
    rules = _read_rules(cls, r, engine)
    players, seed, deck, extra, world = _read_setup(cls, r, rules)
    rng = Rng.__new__(Rng)
    rng.state = _int_at(r, d, "rng", 0, _U64)
    history, code = _read_history(cls, r["history"], fmt)
    obj = cls.__new__(cls)
    obj._set_common(players, seed, rules, deck, fresh(extra), rng, history, world)
    obj._hcode = code
    if "chance" in r["setup"]._dict():
        if r["setup"]["chance"].str() != "outside":
            raise r["setup"]["chance"].fail('expected "outside"')
        obj.outside = True
    obj._load(_state_reader(cls, r["state"], fmt, engine))
    if engine < cls.ENGINE:
        obj._upgraded(engine)
    return obj


def verify_save(state: BaseState, r: Reader | None = None) -> None:
    """Replay the loaded ``state``'s history from its setup (``from_json(...,
    verify=True)``): a save whose hands, stock or rng were edited ends elsewhere and is
    refused. The game's ``_as_saved`` first leaves out of the replay what an older
    engine's save does not hold, told which engine wrote the save (an older engine's
    save holds what that engine kept, not what a replay by today's engine gives). ``r``,
    the save as read, says which engine that was: a refusal of an older engine's save
    says that engine may have played otherwise (see the saves guide), not only that it
    may have been tampered with."""
    if state.outside:
        state._no_world("replayable history")
    if state.world:
        raise StateError("a sampled world cannot be verified: it has no real history")
    older = ""
    cls = type(state)
    engine = cls.ENGINE
    if r is not None:  # read already, so the header is known to be sound
        _, engine = _read_header(cls, r, r._dict())
        if engine < cls.ENGINE:
            older = (f" (the save is by engine {engine} of {cls.GAME}, today's is "
                     f"{cls.ENGINE}: where that engine played otherwise its history does not "
                     "replay)")
    again = cls._start(state.players, state.seed, state.rules, state.deck, state.extra)
    try:
        for a in state.history:
            again.apply(a)
    except TablegamesError as exc:
        raise StateError(f"the save's history cannot be replayed: {exc}{older}") from None
    state._as_saved(again, engine)
    if again.to_json() != state.to_json():
        raise StateError("the save contradicts its own history"
                         + (older or " (tampered with?)"))


def _read_header(cls: type[BaseState], r: Reader, d: dict[str, Any]) -> tuple[int, int]:
    """The save's format and engine (1 for format 1, which had none), after checking its
    game and that the engine is not newer than ours, and that the envelope holds no key
    no format wrote: it was dropped unread, so an edited save loaded as another text
    (``$.setup`` and ``$.state`` refuse an unknown key too)."""
    if not _ENVELOPE_KEYS.issuperset(d):
        raise StateError(f"$: unknown key {quoted(min(set(d) - _ENVELOPE_KEYS))}")
    fmt = _int_at(r, d, "format")
    if fmt not in (1, 2, 3, FORMAT_VERSION):
        raise StateError(f"saved state has format {fmt}; this version reads 1 to {FORMAT_VERSION}")
    game = r["game"].str()
    if game != cls.GAME:
        raise StateError(f"saved state is a {quoted(game)} game, not {cls.GAME!r}")
    engine = 1
    if fmt >= 2:
        engine = _int_at(r, d, "engine", 1)
        if engine > cls.ENGINE:
            raise StateError(f"saved by a newer {cls.GAME} engine ({engine}); this one is {cls.ENGINE}")
    return fmt, engine


def _read_rules(cls: type[BaseState], r: Reader, engine: int) -> Any:
    """The saved rules, guarded by their hash.

    The hash may be that of the rules as read (today's text) or of the text as saved: a
    save made before an option was added lacks it (it takes its default, or the value
    the game's ``_upgrade_rules`` gives a save by an older ``engine``) and still matches
    its own text.
    """
    raw = r["rules"].raw()
    try:
        rules = rules_from_dict(cls.RULES, cls._upgrade_rules(raw, engine)
                                if engine < cls.ENGINE else raw)
    except RulesError as exc:
        raise StateError(f"$.rules: {exc}") from None
    saved = r["rules_hash"].str()
    if saved != _text_hash(raw) and saved != rules_hash(rules):  # the first is cheaper
        raise StateError("$.rules_hash does not match the rules (tampered or from other rules)")
    return rules


def _text_hash(raw: Any) -> str:
    text = json.dumps(raw, sort_keys=True, separators=(",", ":"))
    return hashlib.sha256(text.encode()).hexdigest()[:16]


_Setup = tuple[tuple[str, ...], int | str, tuple[str, ...] | None, dict[str, Any], bool]


def _read_setup(cls: type[BaseState], r: Reader, rules: Any) -> _Setup:
    """Players, seed, stacked deck, setup extras and the sampled-world flag, each
    checked as ``new_game`` checks them (a setup no game could start from is refused)."""
    setup = r["setup"]
    sd = setup._dict()
    if not sd.keys() <= _SETUP_KEYS:
        raise StateError(f"$.setup: unknown key {quoted(sorted(set(sd) - _SETUP_KEYS)[0])}")
    pnames = sd.get("players")
    if type(pnames) is not list or len(pnames) > cls.MAX_PLAYERS:
        raise setup["players"].fail(f"expected a list of at most {cls.MAX_PLAYERS} names")
    players = tuple(setup["players"].strs())
    seed = sd.get("seed")
    if type(seed) is not str and type(seed) is not int:
        seed = setup["seed"].int()  # names the defect
    # ``[]`` (written by ``new_game(deck=[])`` before it meant "no stacked deck") reads as
    # ``null``: the same game, so it loads as the same state and saves as ``null``
    deck = None if sd.get("deck", 0) is None else (tuple(setup["deck"].strs()) or None)
    extra = setup["extra"]._dict()
    world = "world" in sd and setup["world"].bool()
    try:
        normalize_players(list(players), cls.MIN_PLAYERS, cls.MAX_PLAYERS, cls.GAME,
                          saved=True)
        check_seed(seed)
        cls._check_setup_keys(extra)
        if "position" not in extra:  # a position is checked when it is read
            cls._validate_setup(players, seed, rules, deck, extra)
    except SetupError as exc:
        raise StateError(f"$.setup: {exc}") from None
    return players, seed, deck, extra, world


def _read_history(cls: type[BaseState], hr: Reader, fmt: int) -> tuple[History, HistoryCode | None]:
    """The saved history, and its encoding when the save spells it as ``to_json`` would
    (then the state's first save need not encode it again)."""
    if fmt < 3:
        raw = hr.raw()
        if type(raw) is not list:
            raise hr.fail("expected a list of actions")
        texts = [item.str() for item in hr.items()]
        index: dict[str, int] = {}
        codes = [index.setdefault(t, len(index)) for t in texts]
        names = list(index)
        acts, _ = _actions_of(cls, names, lambda j: f"$.history[{raw.index(names[j])}]")
        return History(tuple(map(acts.__getitem__, codes))), None
    names, slots, width = decode_history(hr)
    acts, canonical = _actions_of(cls, names, _action_path)
    steps = history_steps(acts, slots, width)
    history = History(steps)
    if not canonical:
        return history, None
    return history, HistoryCode.seeded(history, steps, names, hr.value["order"], width)


def _actions_of(cls: type[BaseState], names: Sequence[str], where: Callable[[int], str],
                ) -> tuple[list[Action], bool]:
    """The action each saved notation names, and whether every one is spelled as this
    engine writes it (``where(j)``: the path of the ``j``-th, for an error)."""
    found: list[Action] = []
    canonical = True
    for j, text in enumerate(names):
        if len(text) > MAX_NOTATION:
            raise Reader(text, where(j)).fail(f"an action is at most {MAX_NOTATION} characters")
        try:
            action = cls.parse_action(text)
        except NotationError as exc:
            raise Reader(text, where(j)).fail(str(exc)) from None
        canonical = canonical and str(action) == text
        found.append(action)
    return found, canonical


def _action_path(j: int) -> str:
    """The path of the ``j``-th listed notation of a compact history."""
    return f"$.history.actions[{j}]"


def _state_reader(cls: type[BaseState], state_r: Reader, fmt: int, engine: int) -> Reader:
    """The reader of the ``state`` object, upgraded to what this engine writes: the one
    path every old save takes (no game reads a save any other way). An older format is
    brought to its last shape by the game (``_upgrade_format``) and to format 4's field
    names (``RENAMED``); then a save by an older engine of the game has the keys its
    later engines renamed under today's names (``ENGINE_RENAMED``) and is brought to
    this engine's fields (``_upgrade_engine``)."""
    if fmt == FORMAT_VERSION and _format_3_names(cls, state_r._dict()):
        fmt = 3
    if fmt < FORMAT_VERSION:
        state_r = Reader(cls._upgrade_format(dict(state_r._dict()), fmt), "$.state")
        if cls.RENAMED:
            state_r = Reader(_renamed(state_r, cls.RENAMED), "$.state")
    if engine < cls.ENGINE:
        raw = dict(state_r._dict())
        for since, names in sorted(cls.ENGINE_RENAMED.items()):
            if engine < since:
                raw = _engine_renamed(state_r, raw, names, engine, since)
        state_r = Reader(cls._upgrade_engine(raw, engine), "$.state")
    return state_r


def _format_3_names(cls: type[BaseState], raw: Mapping[str, Any]) -> bool:
    """Whether a save saying format 4 holds its fields under format 3's names: some key
    of ``RENAMED`` that no engine's format-4 save holds under that name, and none of the
    names format 4 gave instead.

    Between the format 4 bump and each game's renames, main wrote ``"format": 4`` with
    format 3's names; such a ``state`` object is a format-3 one and is read as one. No
    format-4 save of any engine holds such a key; a save holding old and new names
    was written by no version and stays refused (as an unknown key)."""
    if not any(key in cls.RENAMED for key in raw):  # every save of today: nothing to build
        return False
    later = set(cls.RENAMED.values())
    for names in cls.ENGINE_RENAMED.values():
        later.update(names)
        later.update(names.values())
    renamed_to = set(cls.RENAMED.values()) - set(cls.RENAMED)
    return (any(key in cls.RENAMED and key not in later for key in raw)
            and not any(key in renamed_to for key in raw))


def _engine_renamed(state_r: Reader, raw: dict[str, Any], names: Mapping[str, str],
                    engine: int, since: int) -> dict[str, Any]:
    """A save by ``engine`` with the keys engine ``since`` renamed under today's names
    (``BaseState.ENGINE_RENAMED``). A save of an older engine holding a new name was
    written by no engine (both names: ambiguous; the new one alone: a newer engine's
    field under an older engine's number), so it is refused as a mixed format is."""
    for old, new in names.items():
        if new in raw:
            found = (f"both {quoted(old)} and {quoted(new)}" if old in raw else
                     f"{quoted(new)}, which only engine {since} writes (engine {engine} "
                     f"said {quoted(old)})")
            raise state_r.fail(f"a save by engine {engine} holds {found}")
        if old in raw:
            raw[new] = raw.pop(old)
    return raw


def _renamed(state_r: Reader, renamed: Mapping[str, str]) -> dict[str, Any]:
    """A format-1..3 ``state`` object with its keys renamed to format 4's field names
    (``BaseState.RENAMED``); a save that holds both an old and a new name is refused."""
    raw = state_r._dict()
    out: dict[str, Any] = {}
    for key, value in raw.items():
        new = renamed.get(key, key)
        if new in out or (new != key and new in raw):
            raise state_r.fail(f"holds both {quoted(key)} and {quoted(new)}")
        out[new] = value
    return out


def _int_at(r: Reader, d: dict[str, Any], key: str, lo: int | None = None,
            hi: int | None = None) -> int:
    """``d[key]`` if it is an int (not a bool) in ``lo..hi``; else the reader's error."""
    v = d.get(key)
    if type(v) is int and (lo is None or v >= lo) and (hi is None or v <= hi):
        return v
    return r[key].int(lo, hi)


def _from_save(cls: Any, text: str) -> Any:
    """A pickled state read back (:meth:`PickledAsSave.__reduce__`)."""
    return cls.from_json(text)


class PickledAsSave:
    """A state's copies and pickles (a base of ``BaseState``).

    A state pickles as its save: :func:`save_text` (``to_json``) on one side, ``from_json``
    on the other, the one save path, so that a state sent to another process (a process
    pool, Ray) is read with a save's checks and its derived tables (Shithead's effects
    table, Dallah's card tables: read-only mappings, which pickle cannot take, "cannot
    pickle 'mappingproxy' object", found in session 60) are built again there. A sampled
    world stays a world; a lean search world refuses, as its save does. ``copy.copy``
    and ``copy.deepcopy`` of a state are its own ``copy()``: independent already, and
    fast (a shallow copy would share the hands the game edits in place; a deep one
    failed on the same read-only tables)."""

    def __reduce__(self) -> tuple[Any, ...]:
        state: Any = self
        return (_from_save, (type(self), state.to_json()))

    def __copy__(self) -> Any:
        state: Any = self
        return state.copy()

    def __deepcopy__(self, memo: dict[int, Any]) -> Any:
        state: Any = self
        return state.copy()
