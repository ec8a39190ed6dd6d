r"""The conformance kit: one call checks that a game keeps the protocol's promises.

>>> from tablegames.testing import check_game
>>> report = check_game("toepen", players=3, seeds=range(2))
>>> report.games
2

It plays seeded games (random bots by default, or any registered bot) and, at every step
(or every ``full_every`` steps for the expensive checks), checks what OpenSpiel's random
simulation test checks and more:

* ``to_act`` is ``None`` exactly when the game is over; until then the seat to act has at
  least one legal action; every list of legal actions is unique by notation, stable
  between calls and names only its own seat;
* ``parse_action(str(a)) == a`` for every legal action;
* ``view(seat)`` is plain JSON for every seat and for ``None``; events are plain JSON;
* ``copy()`` is equal and independent; ``to_json``/``from_json`` round-trips exactly;
* actions that are not legal now raise ``IllegalAction`` and leave ``to_json()``
  byte-identical (the probes are actions that were legal at some other point);
* **leak check**: ``sample_world(p)`` for each seat ``p`` keeps ``view(p)``, the public
  view and ``p``'s legal actions identical, and the sampled world loads, copies and plays;
* the game ends within ``info.max_actions``; after the end there are no legal actions,
  ``apply`` raises ``GameOver`` naming the game's ruling of the end (its state's
  ``END_RULING``; one of its own rulings where it has a ``ruling_prefix``) and changes
  nothing, and ``outcome()`` names seats that exist;
* replaying ``record()`` and replaying the same seed and actions give identical JSON;
* ``log(seat)`` is exactly the redacted events that seat was shown during the game, and
  ``log(seat, since=v)`` is its tail;
* **trust** (issue 9): the final state round-trips through JSON too; worlds are secret
  (``sample_world`` of two states a seat cannot tell apart, with the same rng, are
  byte-identical, and no world carries the real seed, stacked deck, rng or a record);
  nothing returned aliases the state (views, event dicts, records and outcomes are edited
  in depth and the state must not change); seats and card codes are exact ``int``\s
  (``True``, ``1.0`` and out-of-range seats are refused cleanly); ``by=`` and ``expect=``
  refuse foreign and stale actions; NaN, deep nesting, huge numbers and truncation in a
  save raise :class:`StateError`; ``from_json(..., verify=True)`` refuses a tampered save;
  view keys are the envelope plus the game's declared ``VIEW_KEYS``;
* **declared events and results**: every event (those of the deal too), as each seat and
  the spectator see it, has a kind the game declares in ``EVENT_KEYS``, only the keys
  declared for it, every key not declared optional, no secret key outside its audience,
  and is private exactly when declared so; a finished game's ``result`` has exactly the
  common keys and the game's ``RESULT_KEYS`` (:mod:`tablegames.common.eventkeys`).

**What runs when.** The cheap checks run at every step; the deep ones (views as JSON,
copies, refusals leaving the save unchanged, worlds, and every third time the trust
checks) at every ``full_every``-th step. The checks that read the whole history, because
a save holds it, a record lists it and a log replays it, run at **whole-save points**:
the first deep check, then each deep check by which the history has grown by a sixteenth
since the last one, and the end. There the save (the state's and each sampled world's)
round-trips through ``from_json``, ``record()`` is the setup the game started with and
exactly the actions the kit applied, ``log(0, since=v)`` (``v`` the last point's step)
is exactly what seat 0 was shown since, and editing a returned record or log changes
nothing; every fourth such point (at least 21 deep checks apart) and at the end, hostile
saves and ``verify=True`` too. A game's first 16 deep checks are all whole-save points
(a short game keeps them all), and a game of ``L`` actions has about ``16 ln(L)`` of
them, reading at most ``17 L`` actions in
all, so the kit's cost is linear in a game's length (reading the history at every deep
check made it quadratic: a random Shithead game of 4,495 actions cost 51.8 CPU-seconds
at ``full_every=3``, now 7.3). Between two points every deep check still loads the
save's fields back (the state's and one sampled world's, seats in turn) through the path
every save takes, reading no history: a state the game passes through briefly whose save
would be refused or load differently is found where it happens. What the history, the
record and the log hold stays, so a defect there is found at the next point.
"""

from __future__ import annotations

import contextlib
import json
from collections.abc import Iterable, Sequence
from typing import Any

import attrs

from tablegames.common.actions import Action, Event
from tablegames.common.errors import (
    GameOver,
    IllegalAction,
    NotationError,
    SeatError,
    SetupError,
    StaleState,
    StateError,
    quoted,
)
from tablegames.common.eventkeys import COMMON_RESULT_KEYS, problems
from tablegames.common.protocol import GameInfo
from tablegames.common.registry import game_info, replay
from tablegames.common.rng import Rng
from tablegames.common.saves import _state_reader
from tablegames.common.serialization import FORMAT_VERSION, Reader, loads


class ConformanceError(AssertionError):
    """A protocol promise was broken; the message says which, with seed and step."""


@attrs.define
class KitReport:
    """What the kit did: games, actions, and how many of each check ran."""

    games: int = 0
    actions: int = 0
    probes: int = 0
    worlds: int = 0
    interrupts: int = 0
    max_length: int = 0
    deep: int = 0
    #: Whole-save checks (the save's round trip, the record, the log; see
    #: :func:`check_game`): at the start, at steps spaced geometrically, and at the end.
    saves: int = 0


#: Keys every view has (``hand``, ``legal`` and ``prompt`` only for a seat).
ENVELOPE = ("game", "players", "seat", "to_act", "stage", "version", "result")
SEAT_KEYS = ("hand", "legal", "prompt")


def event_problems(cls: type, event: Event, n: int) -> list[str]:
    """What is wrong with ``event`` against ``cls.EVENT_KEYS``, as each of ``n`` seats and
    the spectator see it ([] when the class declares no events)."""
    declared = getattr(cls, "EVENT_KEYS", None)
    if declared is None:
        return []
    spec = declared.get(event.kind)
    if spec is None:
        return problems(None, event.kind, {}, False)
    out = []
    if spec.private == event.public:
        out.append(f"event {event.kind!r} is {'public' if event.public else 'private'} but "
                   f"declared {'private' if spec.private else 'public'}")
    for seat in [None, *range(n)]:
        if event.visible_to(seat):
            audience = seat is not None and seat in event.audience
            who = "the spectator" if seat is None else f"seat {seat}"
            out.extend(f"{p} (as {who} sees it)"
                       for p in problems(spec, event.kind, event.for_seat(seat), audience))
    return out


def result_problems(cls: type, result: dict[str, Any]) -> list[str]:
    """What is wrong with a finished game's ``result`` against ``cls.RESULT_KEYS`` ([]
    when the class declares none)."""
    declared = getattr(cls, "RESULT_KEYS", None)
    if declared is None:
        return []
    want = set(COMMON_RESULT_KEYS) | set(declared)
    out = []
    if set(result) - want:
        out.append(f"result has undeclared keys {sorted(set(result) - want)}")
    if want - set(result):
        out.append(f"result lacks {sorted(want - set(result))}")
    return out


def _vandalize(value: Any) -> None:
    """Edit plain JSON data in place, in depth (what a careless app might do)."""
    if isinstance(value, dict):
        for v in list(value.values()):
            _vandalize(v)
        value["__vandal__"] = [1]
        for k in list(value):
            if k != "__vandal__" and isinstance(value[k], int | str) and not isinstance(value[k], bool):
                value[k] = "x"
    elif isinstance(value, list):
        for v in value:
            _vandalize(v)
        value.append("__vandal__")


def _json_ready(value: Any) -> bool:
    try:
        return bool(json.loads(json.dumps(value)) == value)
    except (TypeError, ValueError):
        return False


def check_game(
    game: str | GameInfo,
    *,
    players: int | Sequence[str] = 4,
    seeds: Iterable[int] = range(10),
    bot: Any = "random",
    full_every: int = 1,
    probes: int = 3,
    interrupt_rate: float = 0.1,
    new_game_kwargs: dict[str, Any] | None = None,
) -> KitReport:
    """Run the conformance checks over one game per seed; raise on the first failure.

    ``full_every`` spaces the deep checks; those that read the whole history come at
    whole-save points spaced geometrically (see the module docstring), so a game costs
    time linear in its length. The report counts them in ``saves``.

    ``bot`` plays every seat's turns (see :func:`kit_bots`): a bot name (the game's own,
    ``random``, ``ismcts``, or one of yours after :func:`tablegames.bots.register`), one
    name per seat, a bot object (``choose(handle)``, as :mod:`tablegames.bots` asks it)
    or a factory ``factory(info, seed)`` as ``register`` takes."""
    info = game_info(game) if isinstance(game, str) else game
    report = KitReport()
    kwargs = dict(new_game_kwargs or {})
    for seed in seeds:
        _check_one(info, players, seed, bot, full_every, probes, interrupt_rate, kwargs, report)
    return report


def kit_bots(info: GameInfo, bot: Any, n: int, seed: int) -> list[Any]:
    """One state-level bot (``choose(state)``) per seat for the kit and
    :func:`playthrough`, from what a caller has for ``bot``:

    * a name, or one per seat: the game's own state-level bots (``GameInfo.bots``), else
      any name :func:`tablegames.bots.make` knows (your registered bots), asked through a
      handle (:class:`~tablegames.bots.base.SeatedPolicy`), as ``simulate`` and the arena
      ask it;
    * a bot object with ``choose(handle)``: the same object for every seat;
    * a factory ``factory(info, seed)`` (what :func:`tablegames.bots.register` takes, a
      bot class too): one bot per seat.

    Each bot made here is seeded :func:`~tablegames.bots.harness.bot_seed` of ``seed``
    and its seat, as :func:`~tablegames.simulation.make_bots` seeds them (a property
    plays the game it measured again under the kit), never with anything from which the
    game's seed can be read.

    Anything else, or a name no game list has, is a :class:`SetupError` naming the
    known bots."""
    from tablegames.bots import registry
    from tablegames.bots.base import SeatedPolicy
    from tablegames.bots.harness import bot_seed

    if hasattr(bot, "choose") and not isinstance(bot, type):  # a class is a factory
        return [SeatedPolicy(bot)] * n
    if callable(bot):
        # checked as bots.make checks a registered factory: a factory of one argument,
        # or one whose bot has no choose, was a TypeError or AttributeError mid-game
        return [SeatedPolicy(registry.from_factory(bot, info, bot_seed(seed, seat),
                                                   needs=("choose",)))
                for seat in range(n)]
    kinds = [bot] * n if isinstance(bot, str) else bot
    if not isinstance(kinds, Sequence) or len(kinds) != n:
        raise SetupError(f"bot is a bot name, one name per seat ({n}), a bot object or a "
                         f"factory, not {quoted(bot)}")
    out: list[Any] = []
    for seat, kind in enumerate(kinds):
        if isinstance(kind, str) and kind in info.bots:
            out.append(info.bots[kind](bot_seed(seed, seat)))
        elif isinstance(kind, str) and kind in registry.names(info):
            out.append(SeatedPolicy(registry.make(kind, info, seed=bot_seed(seed, seat))))
        else:
            raise SetupError(f"{info.name} has no bot {quoted(kind)}; known: "
                             f"{', '.join(registry.names(info))}")
    return out


def _end_problems(info: GameInfo, cls: type, refused: GameOver) -> str:
    """What is wrong with the refusal of an action after the end (``""``: nothing): it
    names the state class's ``END_RULING``, and a game with ruling IDs must declare one
    of its own there."""
    declared = getattr(cls, "END_RULING", None)
    if refused.ruling != declared:
        return f"the refusal after the end names {refused.ruling!r}, not END_RULING {declared!r}"
    prefix = info.ruling_prefix
    if prefix and not (declared or "").startswith(prefix + "-"):
        return (f"the refusal after the end names no {prefix} ruling: declare the game's "
                "ruling of the end as its state's END_RULING")
    return ""


def _fail(info: GameInfo, seed: int, step: int, state: Any, what: str) -> ConformanceError:
    tail = [str(a) for a in state.history[-8:]]
    return ConformanceError(
        f"{info.name} seed={seed} step={step}: {what}\n  last actions: {tail}"
    )


def _check_one(
    info: GameInfo, players: int | Sequence[str], seed: int, bot: Any, full_every: int,
    probes: int, interrupt_rate: float, kwargs: dict[str, Any], report: KitReport,
) -> None:
    state = info.new_game(players=players, seed=seed, **kwargs)
    n = len(state.players)
    bots = kit_bots(info, bot, n, seed)
    rng = Rng(f"kit-{info.name}-{seed}")
    limit = info.max_actions(state)
    pool: dict[str, Action] = {}
    seen_events: list[list[dict[str, Any]]] = [[] for _ in range(n)]
    step = 0
    setup_events = state._setup_events() if hasattr(state, "_setup_events") else []
    for e in setup_events:
        wrong = event_problems(type(state), e, n)
        if wrong:
            raise _fail(info, seed, step, state, "; ".join(wrong))
    whole = _Whole(None if state.world else state.record(), seen_events[0], report.deep)
    last_whole: int | None = None
    while True:
        full = step % full_every == 0
        to_act = state.to_act
        if (to_act is None) != state.is_over:
            raise _fail(info, seed, step, state, "to_act is None but is_over disagrees")
        if to_act is None:
            break
        if step > limit:
            raise _fail(info, seed, step, state, f"game did not end within {limit} actions")
        legal = state.legal_actions()
        if not legal:
            raise _fail(info, seed, step, state, f"seat {to_act} to act but has no legal action")
        notation = [str(a) for a in legal]
        if len(set(notation)) != len(notation):
            raise _fail(info, seed, step, state, f"duplicate legal actions: {notation}")
        if [str(a) for a in state.legal_actions()] != notation:
            raise _fail(info, seed, step, state, "legal_actions() is not stable between calls")
        if state.legal_actions(to_act) != legal:
            raise _fail(info, seed, step, state, "legal_actions(to_act) != legal_actions()")
        others: list[Action] = []
        for seat in range(n):
            acts = legal if seat == to_act else state.legal_actions(seat)
            for a in acts:
                if a.seat != seat:
                    raise _fail(info, seed, step, state, f"{a} listed for seat {seat}")
            if seat != to_act:
                others.extend(acts)
        for a in legal + others:
            text = str(a)
            back = info.parse_action(text)
            if back != a or str(back) != text:
                raise _fail(info, seed, step, state, f"notation does not round-trip: {text!r}")
            pool.setdefault(text, a)
        if full:
            # the checks that read the whole history come at steps spaced geometrically
            due = _whole_due(step, last_whole)
            if due:
                last_whole = step
            _deep_checks(info, seed, step, state, legal + others, pool, probes, rng, report,
                         whole if due else None)
        # choose: the seat to act's bot, or now and then an interrupt of another seat
        if others and rng.random() < interrupt_rate:
            action = others[rng.below(len(others))]
            report.interrupts += 1
        else:
            action = bots[to_act].choose(state)
        events = state.apply(action)
        whole.applied.append(str(action))
        for seat in range(n):
            seen_events[seat].extend(Event.redact(events, seat))
        for e in events:
            wrong = event_problems(type(state), e, n)
            if wrong:
                raise _fail(info, seed, step, state, "; ".join(wrong))
        for seat in [None, *range(n)]:
            for e in events:
                if not _json_ready(e.for_seat(seat)):
                    raise _fail(info, seed, step, state, f"event {e.kind} is not plain JSON")
        step += 1
    report.games += 1
    report.actions += step
    report.max_length = max(report.max_length, step)
    # the end
    if state.legal_actions():
        raise _fail(info, seed, step, state, "legal actions after the game is over")
    ended = state.to_json()
    try:
        if pool:
            state.apply(next(iter(pool.values())))
        raise _fail(info, seed, step, state, "apply after the end did not raise GameOver")
    except GameOver as refused:
        # like every refusal, it names the ruling it enforces: the game's ruling of the end
        named = _end_problems(info, type(state), refused)
        if named:
            raise _fail(info, seed, step, state, named) from None
    if state.to_json() != ended:
        raise _fail(info, seed, step, state, "the refusal after the end changed the state")
    out = state.outcome()
    seats = set(range(n))
    if not (out.winners <= seats and out.losers <= seats) or len(out.scores) != n:
        raise _fail(info, seed, step, state, f"outcome names unknown seats: {out}")
    if not _json_ready(out.to_dict()):
        raise _fail(info, seed, step, state, "outcome is not plain JSON")
    for result in (out.to_dict(), *(state.view(seat)["result"] for seat in [None, *range(n)])):
        wrong = result_problems(type(state), result)
        if wrong:
            raise _fail(info, seed, step, state, "; ".join(wrong))
    final = state.to_json()
    _trust_checks(info, seed, step, state, rng, report, heavy=True)
    whole.heavy_at, whole.saves = report.deep, 0  # the end's heavy checks just ran
    _whole_checks(info, seed, step, state, whole, report)
    if info.from_json(final).to_json() != final:
        raise _fail(info, seed, step, state, "the finished game does not reload (from_json)")
    if replay(state.record()).to_json() != final:
        raise _fail(info, seed, step, state, "replay(record()) differs from the game")
    again = info.new_game(players=players, seed=seed, **kwargs)
    for a in state.history:
        again.apply(a)
    if again.to_json() != final:
        raise _fail(info, seed, step, state, "same seed and actions gave different JSON")
    for seat in [None, *range(n)]:
        if not _json_ready(state.view(seat)):
            raise _fail(info, seed, step, state, f"final view({seat}) is not plain JSON")
    # the log a seat is shown is exactly what it was told as the game went
    fresh = info.new_game(players=players, seed=seed, **kwargs)
    for seat in range(n) if hasattr(state, "log") else ():
        setup = Event.redact(fresh._setup_events(), seat) if hasattr(fresh, "_setup_events") else []
        if state.log(seat) != setup + seen_events[seat]:
            raise _fail(info, seed, step, state, f"log({seat}) differs from the events seat {seat} saw")
        mid = len(state.history) // 2
        tail = [{k: v for k, v in e.items() if k != "version"} for e in state.log(seat, since=mid)]
        if len(tail) > len(seen_events[seat]) or (
            tail and tail != seen_events[seat][len(seen_events[seat]) - len(tail):]
        ):
            raise _fail(info, seed, step, state, f"log({seat}, since={mid}) is not the log's tail")


#: A whole-save point comes once the history has grown by a sixteenth since the last one
#: (and at the first deep check): a game of ``L`` actions has about ``16 ln(L)`` of them,
#: and together they read at most ``16 L`` actions, so a game costs time linear in its
#: length (every deep check reading the history made it quadratic: 51 CPU-seconds for a
#: Shithead game of 4,495 actions).
WHOLE_GROWTH = 16
#: The hostile saves and the verified reload (:func:`_heavy_checks`, which replays the
#: game thrice) come at the end and at the whole-save points that follow at least
#: ``HEAVY_EVERY`` deep checks and ``HEAVY_SAVES`` whole-save points since they last came.
HEAVY_EVERY = 21
HEAVY_SAVES = 4


def _whole_due(step: int, last: int | None) -> bool:
    """Whether a deep check at ``step`` is a whole-save point, the last having been at
    ``last`` (``None``: none yet): the history grew by ``1/WHOLE_GROWTH`` since."""
    return last is None or (step - last) * WHOLE_GROWTH >= step


@attrs.define
class _Whole:
    """What the whole-save checks of one game compare with: the game's record at the
    start, the actions the kit applied and the events seat 0 was shown."""

    start: dict[str, Any] | None
    shown: list[dict[str, Any]]
    heavy_at: int
    saves: int = 0
    applied: list[str] = attrs.field(factory=list)
    #: The version of the last log check, and how many events seat 0 was shown by then.
    logged: tuple[int, int] = (0, 0)


def _whole_checks(
    info: GameInfo, seed: int, step: int, state: Any, whole: _Whole, report: KitReport,
) -> None:
    """The checks that read the whole history (a save holds it, a record lists it, a log
    replays it): at a whole-save point (see :data:`WHOLE_GROWTH`) and at the end.

    The save round-trips and the loaded state offers the same actions; the record is the
    game's setup as it started with exactly the actions the kit applied (so a copy or a
    world whose values a bot edited at any deep check since did not reach the original's
    setup, and editing the record returned at the last point changed nothing); ``log(0,
    since=v)``, ``v`` the last point's version, is exactly what seat 0 was shown since,
    each event with a later version (so every event is compared once, the deal's and
    every seat's at the end); and editing a returned log changes nothing."""
    text = state.to_json()
    loaded = info.from_json(text)
    if loaded.to_json() != text:
        raise _fail(info, seed, step, state, "from_json(to_json()) is not identical")
    if [str(a) for a in loaded.legal_actions()] != [str(a) for a in state.legal_actions()]:
        raise _fail(info, seed, step, state, "loaded state offers other actions")
    if whole.start is not None:
        record = state.record()
        if record.get("actions") != whole.applied:
            raise _fail(info, seed, step, state, "record() does not list the actions applied")
        if {k: v for k, v in record.items() if k != "actions"} != {
                k: v for k, v in whole.start.items() if k != "actions"}:
            raise _fail(info, seed, step, state, "the record's setup changed during the game "
                        "(editing a copy's or a world's values edited the original?)")
        _vandalize(record)  # the next point (or the end) compares the record again
        if hasattr(state, "log"):
            # every event seat 0 was shown comes back in some point's tail (the whole log,
            # deal included, at the end), each with a version since the last point's
            since, count = whole.logged
            tail = state.log(0, since=since)
            if ([{k: v for k, v in e.items() if k != "version"} for e in tail]
                    != whole.shown[count:]
                    or any(not since < e.get("version", -1) <= len(state.history) for e in tail)):
                raise _fail(info, seed, step, state,
                            f"log(0, since={since}) differs from the events seat 0 saw since")
            whole.logged = (len(state.history), len(whole.shown))
            _vandalize(tail)
        if state.to_json() != text:
            raise _fail(info, seed, step, state, "editing a returned record or log edited the game")
    whole.saves += 1
    if report.deep - whole.heavy_at >= HEAVY_EVERY and whole.saves >= HEAVY_SAVES:
        whole.heavy_at, whole.saves = report.deep, 0
        _heavy_checks(info, seed, step, state)
    report.saves += 1


def _vandalize_fields(state: Any) -> None:
    """Edit in place every dict and list reachable from ``state``'s attributes (through
    tuples too), as a careless bot might edit a copy or a sampled world: values a state
    shares with its copies must refuse (a ``TypeError``), anything else is the copy's own."""
    def walk(value: Any, depth: int) -> None:
        if depth > 6:
            return
        if isinstance(value, dict):
            for v in list(value.values()):
                walk(v, depth + 1)
            with contextlib.suppress(TypeError):
                value["vandal"] = 1
        elif isinstance(value, list):
            for v in list(value):
                walk(v, depth + 1)
            with contextlib.suppress(TypeError):
                value.append("vandal")
        elif isinstance(value, tuple):
            for v in value:
                walk(v, depth + 1)

    for name, value in list(vars(state).items()):
        if name not in ("history", "_events", "rng"):
            walk(value, 0)


def _deep_checks(
    info: GameInfo, seed: int, step: int, state: Any, legal: list[Action],
    pool: dict[str, Action], probes: int, rng: Rng, report: KitReport,
    whole: _Whole | None = None,
) -> None:
    """The checks of every ``full_every``-th step; with ``whole`` (a whole-save point) the
    ones that read the whole history too (:func:`_whole_checks`, the worlds' round trips)."""
    n = len(state.players)
    text = state.to_json()
    views = {}
    for seat in [None, *range(n)]:
        v = state.view(seat)
        if not _json_ready(v):
            raise _fail(info, seed, step, state, f"view({seat}) is not plain JSON")
        views[seat] = v
    if whole is not None:  # the save's round trip, the record and the log
        _whole_checks(info, seed, step, state, whole, report)
    else:  # between two points, the save's fields still load back (not its history)
        _fields_round_trip(info, seed, step, state, "the save's fields")
    # copy independence
    twin = state.copy()
    if twin.to_json() != text:
        raise _fail(info, seed, step, state, "copy() differs from the original")
    twin.apply(legal[0] if legal[0].seat == state.to_act else twin.legal_actions()[0])
    if state.to_json() != text:
        raise _fail(info, seed, step, state, "applying to a copy changed the original")
    # a careless bot edits its copy's and its world's values in place: never the original's
    # (nor its record: the next whole-save point compares it with the game's setup)
    for scratch in (state.copy(), state.sample_world(step % n, rng.fork())):
        _vandalize_fields(scratch)
        if state.to_json() != text:
            raise _fail(info, seed, step, state, "editing a copy's values changed the original")
    # illegal probes leave the state untouched
    legal_text = {str(a) for a in legal}
    candidates = [a for t, a in pool.items() if t not in legal_text]
    for _ in range(min(probes, len(candidates))):
        a = candidates[rng.below(len(candidates))]
        try:
            state.apply(a)
        except IllegalAction:
            pass
        else:
            raise _fail(info, seed, step, state, f"{a} is not listed as legal but was accepted")
        if state.to_json() != text:
            raise _fail(info, seed, step, state, f"refused {a} changed the state")
        report.probes += 1
    # actions naming a seat that does not exist, or not an action at all
    for bad in (attrs.evolve(legal[0], seat=n + 2), attrs.evolve(legal[0], seat=-1), object()):
        try:
            state.apply(bad)
        except IllegalAction:
            pass
        except Exception as exc:  # any other error is the defect looked for
            raise _fail(info, seed, step, state, f"apply({bad!r}) raised {exc!r}") from exc
        else:
            raise _fail(info, seed, step, state, f"apply({bad!r}) was accepted")
        if state.to_json() != text:
            raise _fail(info, seed, step, state, f"refused {bad!r} changed the state")
    report.deep += 1
    if report.deep % 3 == 0:
        _trust_checks(info, seed, step, state, rng, report, heavy=False)
    # leak check through sampled worlds
    for seat in range(n):
        world = state.sample_world(seat, rng.fork())
        report.worlds += 1
        if world.view(seat) != views[seat]:
            raise _fail(info, seed, step, state, f"sample_world({seat}) changed view({seat})")
        if world.view(None) != views[None]:
            raise _fail(info, seed, step, state, f"sample_world({seat}) changed the public view")
        if str(world) != str(state):
            raise _fail(info, seed, step, state, f"str() shows what seat {seat} cannot see")
        if world.to_act != state.to_act:
            raise _fail(info, seed, step, state, f"sample_world({seat}) changed to_act")
        mine = [str(a) for a in state.legal_actions(seat)]
        if [str(a) for a in world.legal_actions(seat)] != mine:
            raise _fail(info, seed, step, state, f"sample_world({seat}) changed seat {seat}'s actions")
        # a refusal tells seat p nothing that differs between worlds p cannot tell apart
        mine_probes = [a for a in candidates if a.seat == seat][:probes]
        for a in mine_probes:
            real = _refusal(state, a)
            if real is not None and _refusal(world, a) != real:
                raise _fail(info, seed, step, state,
                            f"refusing {a} says something seat {seat} cannot know: {real}")
        wtext = world.to_json()
        if whole is not None and info.from_json(wtext).to_json() != wtext:
            raise _fail(info, seed, step, state, f"sample_world({seat}) does not round-trip")
        if whole is None and seat == report.deep % n:  # a world a check, seats in turn
            _fields_round_trip(info, seed, step, world, f"sample_world({seat})'s fields",
                               state)
        wl = world.legal_actions()
        if not wl:
            raise _fail(info, seed, step, state, f"sample_world({seat}) has no legal action")
        world.apply(wl[rng.below(len(wl))])
    if state.to_json() != text:
        raise _fail(info, seed, step, state, "sample_world changed the original state")


def _fields_round_trip(info: GameInfo, seed: int, step: int, state: Any, what: str,
                       real: Any = None) -> None:
    """The ``state`` object of ``state``'s save (its fields: not the history, whose
    reading the whole-save points space out) loads back, through the path every save
    takes, to the same fields and the same legal actions: at every deep check between
    two whole-save points, so a state the game passes through briefly (a stage of one
    step, a count at its limit) whose save would be refused or would load differently is
    found where it happens, at a cost that does not grow with the history. ``real``: the
    game's state, when ``state`` is one of its worlds (the failure names the game's)."""
    cls = type(state)
    game = state if real is None else real
    fields = state._state_json()
    again = state.copy()
    try:
        again._load(_state_reader(cls, Reader(loads(fields), "$.state"), FORMAT_VERSION,
                                  cls.ENGINE))
    except StateError as exc:
        raise _fail(info, seed, step, game, f"{what} do not load back: {exc}") from None
    if again._state_json() != fields or (
            [str(a) for a in again.legal_actions()] != [str(a) for a in state.legal_actions()]):
        raise _fail(info, seed, step, game, f"{what} load back differently")


def _refusal(state: Any, action: Action) -> str | None:
    """The message of ``action``'s refusal on a copy of ``state`` (``None`` if accepted)."""
    try:
        state.copy().apply(action)
    except IllegalAction as exc:
        return str(exc)
    return None


def assert_refused(
    state: Any, action: Action | str, *, code: str | None = None, ruling: str | None = None,
) -> IllegalAction:
    """Assert that ``action`` is refused (with ``code``/``ruling`` if given) and changes nothing.

    Returns the error so a test can look further. Handy in app tests too: a wrong tap
    must be refused and leave the room's state untouched.
    """
    before = state.to_json()
    try:
        state.apply(action)
    except IllegalAction as exc:
        error = exc
    else:
        raise ConformanceError(f"{action} was accepted")
    if code is not None and error.code != code:
        raise ConformanceError(f"{action}: refused with code {error.code!r}, expected {code!r}")
    if ruling is not None and error.ruling != ruling:
        raise ConformanceError(f"{action}: refused citing {error.ruling!r}, expected {ruling!r}")
    if state.to_json() != before:
        raise ConformanceError(f"refusing {action} changed the state")
    return error


def apply_all(state: Any, *actions: Action | str) -> list[Any]:
    """Apply several actions (objects or notation) in order; return all their events."""
    events: list[Any] = []
    for a in actions:
        events.extend(state.apply(a))
    return events


def playthrough(game: str | GameInfo, *, players: int = 4, seed: int = 0,
                bot: str | None = None) -> str:
    """A golden record of one seeded game: every decision, the choices and the public events.

    OpenSpiel keeps such files per game and diffs them in CI, so any change of behaviour
    shows up as a readable diff. After each step a line holds two digests: of the save
    (``to_json``) and of every seat's and the public view, kept apart so that a change of
    save format (a renamed field) shows where the views stayed the same. The file ends
    with the outcome and a hash of the final JSON.
    """
    import hashlib

    info = game_info(game) if isinstance(game, str) else game
    kwargs = info.simulate_kwargs([f"P{i}" for i in range(players)])
    state = info.new_game(players=players, seed=seed, **kwargs)
    bots = kit_bots(info, bot or info.default_bot, players, seed)
    lines = [f"# {info.name} players={players} seed={seed} bot={bot or info.default_bot}"]
    step = 0
    while not state.is_over:
        legal = [str(a) for a in state.legal_actions()]
        action = bots[state.to_act].choose(state)
        events = state.apply(action)
        public = [json.dumps(e.for_seat(None), sort_keys=True, ensure_ascii=False)
                  for e in events if e.visible_to(None)]
        lines.append(f"{step:04d} {action}  <- {' '.join(legal)}")
        lines.extend(f"       {p}" for p in public)
        views = json.dumps([state.view(s) for s in [None, *range(state.n)]], sort_keys=True)
        lines.append(f"       = save {_digest(state.to_json())} views {_digest(views)}")
        step += 1
    digest = hashlib.sha256(state.to_json().encode()).hexdigest()[:16]
    lines.append(f"# outcome {json.dumps(state.outcome().to_dict(), sort_keys=True)}")
    lines.append(f"# final json sha256 {digest}")
    return "\n".join(lines) + "\n"


def _digest(text: str) -> str:
    import hashlib

    return hashlib.sha256(text.encode()).hexdigest()[:12]


def _refused_cleanly(state: Any, call: Any, what: str, errors: tuple[type[BaseException], ...],
                     info: GameInfo, seed: int, step: int) -> None:
    before = state.to_json()
    try:
        call()
    except errors:
        pass
    except Exception as exc:
        raise _fail(info, seed, step, state, f"{what} raised {exc!r}") from exc
    else:
        raise _fail(info, seed, step, state, f"{what} was accepted")
    if state.to_json() != before:
        raise _fail(info, seed, step, state, f"refusing {what} changed the state")


def _trust_checks(
    info: GameInfo, seed: int, step: int, state: Any, rng: Rng, report: KitReport,
    heavy: bool = True,
) -> None:
    """The promises of issue 9, checked on ``state`` (any step, the final one included).

    ``heavy`` adds the costly ones (:func:`_heavy_checks`: hostile saves, a verified
    reload that replays the whole game), at the end of every game; along the way some
    whole-save points run them (:func:`_whole_checks`). Records and logs are checked
    there too: they read the whole history.
    """
    n = len(state.players)
    text = state.to_json()
    cls = type(state)
    # view keys: the envelope, the seat keys, the game's declared keys, nothing else
    declared = getattr(cls, "VIEW_KEYS", None)
    for seat in [None, *range(n)]:
        v = state.view(seat)
        keys = set(v)
        need = set(ENVELOPE) | (set(SEAT_KEYS) if seat is not None else set())
        if declared is not None and "stage" in v:
            if not need <= keys:
                raise _fail(info, seed, step, state, f"view({seat}) lacks {sorted(need - keys)}")
            unknown = keys - need - set(declared)
            if unknown:
                raise _fail(info, seed, step, state, f"view({seat}) has undeclared keys {sorted(unknown)}")
            if v["version"] != len(state.history):
                raise _fail(info, seed, step, state, "view version is not the number of actions")
    # nothing returned aliases the state (records and logs: at the whole-save points)
    keep = state.view(0)
    for seat in [None, *range(n)]:
        _vandalize(state.view(seat))
    if state.is_over:
        _vandalize(state.outcome().to_dict())
    twin = state.copy()
    if not twin.is_over:
        legal = twin.legal_actions()
        events = twin.apply(legal[rng.below(len(legal))])
        twin_text, twin_view = twin.to_json(), twin.view(0)
        for e in events:
            for seat in [None, *range(n)]:
                _vandalize(e.for_seat(seat))
        if twin.to_json() != twin_text or twin.view(0) != twin_view:
            raise _fail(info, seed, step, state, "editing the events apply returned edited the game")
    if state.to_json() != text or state.view(0) != keep:
        raise _fail(info, seed, step, state, "editing a returned view/event/outcome edited the game")
    # exact types for seats
    for bad in (True, False, 1.0, n, -1, "0"):
        _refused_cleanly(state, lambda bad=bad: state.legal_actions(bad),
                         f"legal_actions({bad!r})", (SeatError,), info, seed, step)
        _refused_cleanly(state, lambda bad=bad: state.view(bad),
                         f"view({bad!r})", (SeatError,), info, seed, step)
    if not state.is_over:
        legal = state.legal_actions()
        a = legal[rng.below(len(legal))]
        # exact types for an action's other int fields (card codes, counts)
        for field in attrs.fields(type(a)):
            value = getattr(a, field.name)
            if field.name == "seat" or type(value) is not int or not field.init:
                continue
            for bad in ([bool(value)] if value in (0, 1) else []) + [float(value)]:
                probe = attrs.evolve(a, **{field.name: bad})
                _refused_cleanly(state, lambda probe=probe: state.apply(probe),
                                 f"{type(a).__name__} with {field.name}={bad!r}",
                                 (IllegalAction,), info, seed, step)
        for bad_seat in (True, float(a.seat)):
            probe = attrs.evolve(a, seat=bad_seat)
            _refused_cleanly(state, lambda probe=probe: state.apply(probe),
                             f"an action with seat={bad_seat!r}", (IllegalAction,), info, seed, step)
        # foreign and stale senders
        other = (a.seat + 1) % n
        if n > 1:
            _refused_cleanly(state, lambda: state.apply(a, by=other), f"{a} sent by seat {other}",
                             (IllegalAction,), info, seed, step)
        _refused_cleanly(state, lambda: state.apply(a, expect=len(state.history) + 1),
                         f"{a} at a stale version", (StaleState,), info, seed, step)
        _refused_cleanly(state, lambda: state.apply(" " * 600 + str(a)), "a 600-character action",
                         (NotationError, IllegalAction), info, seed, step)
        accepted = state.copy()
        accepted.apply(a, by=a.seat, expect=len(state.history))
    _position_round_trip(info, seed, step, state)
    if heavy:
        _heavy_checks(info, seed, step, state)
    _world_secrecy(info, seed, step, state, rng, report)


def _heavy_checks(info: GameInfo, seed: int, step: int, state: Any) -> None:
    """Hostile saves are refused, and ``from_json(..., verify=True)`` replays the whole
    game: at the end of every game and at some of the whole-save points."""
    text = state.to_json()
    cls = type(state)
    # hostile saves
    hostile = {
        "NaN": text.replace('"rng":', '"rng":NaN,"x":', 1),
        "Infinity": text.replace('"rng":', '"rng":Infinity,"x":', 1),
        "deep": text[:-1] + ',"deep":' + "[" * 5000 + "]" * 5000 + "}",
        "huge int": text.replace('"rng":', '"rng":' + "9" * 5000 + ',"x":', 1),
        "truncated": text[: len(text) // 2],
        "not JSON": "\x00" + text,
    }
    for what, bad_text in hostile.items():
        try:
            info.from_json(bad_text)
        except StateError:
            continue
        except Exception as exc:
            raise _fail(info, seed, step, state, f"a save with {what} raised {exc!r}") from exc
        raise _fail(info, seed, step, state, f"a save with {what} was loaded")
    # verify=True refuses a save that contradicts its own history
    if hasattr(cls, "from_json") and not state.world:
        cls.from_json(text, verify=True)
        data = json.loads(text)
        tampered = []
        data["rng"] = (data["rng"] + 1) % (1 << 64)
        tampered.append(json.dumps(data))
        if state.history:
            data = json.loads(text)
            h = data["history"]
            h["order"] = h["order"][: -h["width"]]
            tampered.append(json.dumps(data))
        for bad_text in tampered:
            try:
                cls.from_json(bad_text, verify=True)
            except StateError:
                continue
            raise _fail(info, seed, step, state, "verify=True accepted a tampered save")


def _world_secrecy(
    info: GameInfo, seed: int, step: int, state: Any, rng: Rng, report: KitReport,
) -> None:
    """Worlds are secret: a function of what the seat saw and of the rng only."""
    n = len(state.players)
    if hasattr(state, "sample_world") and not state.world:
        for seat in range(n):
            k = rng.below(1 << 30)
            w1 = state.sample_world(seat, Rng(k))
            if w1.seed == state.seed or w1.deck is not None or not w1.world:
                raise _fail(info, seed, step, state, f"sample_world({seat}) keeps the real seed or deck")
            if w1.rng.state == state.rng.state:
                raise _fail(info, seed, step, state, f"sample_world({seat}) keeps the real rng")
            try:
                w1.record()
            except StateError:
                pass
            else:
                raise _fail(info, seed, step, state, f"sample_world({seat}) has a record of the real game")
            # w1 is a state seat cannot tell from the real one: worlds drawn from either match
            k2 = rng.below(1 << 30)
            a_world = state.sample_world(seat, Rng(k2)).to_json()
            b_world = w1.sample_world(seat, Rng(k2)).to_json()
            if a_world != b_world:
                raise _fail(info, seed, step, state,
                            f"sample_world({seat}) depends on cards seat {seat} cannot see")
            report.worlds += 2


def _position_round_trip(info: GameInfo, seed: int, step: int, state: Any) -> None:
    """A position written from ``state`` gives the same views and legal actions back."""
    cls = type(state)
    if not hasattr(cls, "from_position"):
        return  # the game has no position text (it is not a BaseState)
    text = state.to_position()
    again = cls.from_position(text)
    n = len(state.players)
    for seat in [None, *range(n)]:
        a = {k: v for k, v in state.view(seat).items() if k != "version"}
        b = {k: v for k, v in again.view(seat).items() if k != "version"}
        if a != b:
            diff = sorted(k for k in a if a.get(k) != b.get(k))
            raise _fail(info, seed, step, state, f"a position gives another view({seat}): {diff}")
        if [str(x) for x in state.legal_actions(seat)] != [str(x) for x in again.legal_actions(seat)]:
            raise _fail(info, seed, step, state, f"a position gives seat {seat} other actions")
    if again.to_position() != text:
        raise _fail(info, seed, step, state, "to_position(from_position(text)) is not the text")
    if not again.is_over:  # the position is its setup, and its text names every card
        seat = step % n
        if again.sample_world(seat, Rng(step)).extra.get("position"):
            raise _fail(info, seed, step, state, f"sample_world({seat}) keeps the position text")
