"""The harness: plays bots against each other (or next to people) through handles only.

:func:`next_action` is one step of the order in :mod:`tablegames.bots.turns`: the seats
with an interrupt are asked, clockwise from the seat after the one to act (a question
costs a handle only for a seat whose ``legal_actions(seat)`` is not empty), then the
seat to act; in a game with a physical world the table reports. Every answer is checked
against the seat's legal actions before it is applied with ``apply(action, by=seat)``.
:func:`play_game` repeats it to the end.

An app with people at some seats uses :func:`next_action` with ``None`` for those seats:
it returns ``None`` when a person must decide next (people interrupt through their own
screens; the harness does not ask them), and their reports at a physical table are
theirs to make.
"""

from __future__ import annotations

import math
import signal
import threading
import time
import traceback
from collections.abc import Mapping, Sequence
from types import FrameType
from typing import Any

from tablegames.bots.base import Bot, answer_problem
from tablegames.bots.handle import Handle
from tablegames.bots.hints import _info, hints_for
from tablegames.bots.registry import FactoryFailed, made
from tablegames.bots.turns import advance
from tablegames.common.actions import Action
from tablegames.common.errors import (
    ArgumentRefused,
    BotFailed,
    IllegalAction,
    SetupError,
    TablegamesError,
    cause_text,
    quoted,
)
from tablegames.common.numbers import whole_number
from tablegames.common.protocol import GameInfo
from tablegames.common.setups import plain_number


class Clock:
    """Time spent answering, per seat (for the arena's time per decision)."""

    __slots__ = ("calls", "seconds")

    def __init__(self, n: int) -> None:
        self.calls = [0] * n
        self.seconds = [0.0] * n


def _checked(bot: Bot, seat: int, action: Any, problem: str, kind: str) -> Action:
    """``action``, or :func:`next_action`'s refusal of it: ``problem`` is
    :func:`~tablegames.bots.base.answer_problem`'s (asked once by the caller)."""
    if problem:
        name = getattr(bot, "name", type(bot).__name__)
        raise IllegalAction(f"bot {quoted(name)} at seat {seat} answered {kind} with {problem}",
                            code="illegal_bot_answer", seat=seat)
    return action  # type: ignore[no-any-return]


#: The longest time limit per decision a caller may give (a day, in seconds): a longer one
#: is no limit a person waits for, and ``signal.setitimer`` takes any float up to it.
MAX_TIME_LIMIT = 86_400.0


def check_time_limit(limit: object) -> float | None:
    """A time limit per decision (``play_game(time_limit=)``, the arena's,
    :func:`tablegames.simulate`'s) as a float, or ``None`` (no limit).

    Any real number of seconds above 0 and at most :data:`MAX_TIME_LIMIT` (a numpy
    number is the number it holds); a ``bool``, NaN, infinity, 0 or less is an
    :class:`~tablegames.common.errors.ArgumentRefused` (``argument`` ``"time_limit"``,
    ``code`` ``"type"`` or ``"range"``).

    >>> from tablegames.bots.harness import check_time_limit
    >>> check_time_limit(2)
    2.0
    """
    if limit is None:
        return None
    number = plain_number(limit)
    if type(number) is not int and type(number) is not float:  # a bool, a text, a list
        raise ArgumentRefused(f"time_limit must be a number of seconds or None, not "
                              f"{quoted(limit)}", argument="time_limit", code="type",
                              value=limit)
    if not (math.isfinite(number) and 0 < number <= MAX_TIME_LIMIT):
        raise ArgumentRefused(f"time_limit must be more than 0 and at most "
                              f"{MAX_TIME_LIMIT:g} seconds, not {quoted(limit)}",
                              argument="time_limit", code="range", value=limit,
                              most=int(MAX_TIME_LIMIT))
    return float(number)


class _TimedOut(BaseException):
    """Raised inside a bot's own code when its time per decision is up (see
    :class:`_Watch`). A ``BaseException``, as ``KeyboardInterrupt`` is: a bot's own
    ``except Exception`` (the usual guard around a search) does not swallow it."""


def _can_interrupt() -> bool:
    """Whether a bot's pure-Python loop can be stopped at its time limit here: a POSIX
    ``SIGALRM`` from ``setitimer``, which only the main thread may handle, and only when
    nobody else's timer is running and the handler in place is one Python can put back
    (``signal.getsignal`` gives ``None`` for one installed outside Python)."""
    return (hasattr(signal, "setitimer") and hasattr(signal, "SIGALRM")
            and threading.current_thread() is threading.main_thread()
            and signal.getsignal(signal.SIGALRM) is not None
            and signal.getitimer(signal.ITIMER_REAL)[0] == 0)


class _Watch:
    """The time limit of the decisions of one game (a ``with`` block around it).

    Where :func:`_can_interrupt`, one ``SIGALRM`` timer rings every quarter of the limit
    (at most every 0.25 s) for the whole game, and its handler raises :class:`_TimedOut`
    when a bot has been asked (``since``, set around each question) for longer than
    ``limit``; so a question costs two assignments, not four system calls (a timer armed
    per question made games of random bots a third slower). The handler never raises in
    this module's own code (the harness between questions, or after an answer), only in
    the bot's, and goes on ringing should the bot catch it. The process's own handler is
    put back exactly on leaving, its timer stopped first. Elsewhere (a thread other than
    the main one, Windows) nothing rings: :func:`_answer` checks the time the answer
    took."""

    def __init__(self, limit: float | None) -> None:
        self.limit = limit
        #: ``time.perf_counter()`` when the bot now thinking was asked, else ``None``.
        self.since: float | None = None
        self._previous: Any = None
        self._ringing = False

    def __enter__(self) -> _Watch:
        if self.limit is not None and _can_interrupt():
            self._previous = signal.signal(signal.SIGALRM, self._ring)
            self._ringing = True
            period = min(self.limit / 4, 0.25)
            signal.setitimer(signal.ITIMER_REAL, period, period)
        return self

    def __exit__(self, *exc: object) -> None:
        if self._ringing:
            self._ringing = False
            signal.setitimer(signal.ITIMER_REAL, 0)
            signal.signal(signal.SIGALRM, self._previous)

    def _ring(self, signum: int, frame: FrameType | None) -> None:
        since, limit = self.since, self.limit
        if since is None or limit is None or frame is None:
            return  # no bot is thinking
        if frame.f_globals.get("__name__") == __name__:
            return  # the harness's own code (the answer is in): it checks the time itself
        if time.perf_counter() - since > limit:
            raise _TimedOut


class _Failed(Exception):
    """A bot's answer that cannot be played, inside :func:`play_game` (which makes it a
    :class:`~tablegames.common.errors.BotFailed` once it knows the game's seed)."""

    def __init__(self, code: str, said: str, bot: str, seat: int, asked: str,
                 cause: BaseException | None = None, trace: str = "", answer: str = "",
                 time_limit: float | None = None, seconds: float | None = None) -> None:
        super().__init__(said)
        self.code, self.said, self.bot, self.seat = code, said, bot, seat
        self.asked, self.cause, self.trace, self.answer = asked, cause, trace, answer
        self.time_limit, self.seconds = time_limit, seconds

    def error(self, state: Any, game_name: str, seed: int | str | None,
              lineup: Sequence[str], rules: object) -> BotFailed:
        """The :class:`~tablegames.common.errors.BotFailed` it is in the game ``state``
        (dealt from ``seed`` with ``rules``; ``lineup`` the bots' names by seat)."""
        cause = self.cause
        return BotFailed(
            self.said, code=self.code, bot=self.bot, seat=self.seat, asked=self.asked,
            action=len(state.history), game_name=game_name, seed=seed, lineup=lineup,
            rules=rules, cause=cause, trace=self.trace, answer=self.answer,
            ruling=cause.ruling if isinstance(cause, IllegalAction) else None,
            time_limit=self.time_limit, seconds=self.seconds)


def _bot_name(bot: Bot, names: Sequence[str] = (), seat: int = -1) -> str:
    """The bot's name: as the caller named it (``play_game(game, ["mybot", ...])``),
    else its ``name`` attribute, else its class's."""
    if 0 <= seat < len(names):
        return names[seat]
    name = getattr(bot, "name", None)
    return name if isinstance(name, str) else type(bot).__name__


def _bad_answer(state: Any, name: str, seat: int, answer: object, problem: str,
                asked: str) -> _Failed:
    """Why ``answer`` cannot be played, as a :class:`_Failed`: its code, and the engine's
    own refusal of it (with the ruling) where the engine would refuse it. The engine is
    asked on a copy, so the game is unchanged; its refusal names only what ``seat``
    knows, as every refusal does."""
    kind = "its turn" if asked == "turn" else "an interrupt"
    if answer is None:
        return _Failed("no_action", f"bot {quoted(name)} at seat {seat} answered {kind} with "
                       "None: a turn must be played (return one of handle.legal_actions())",
                       name, seat, asked, answer="None")
    shown = quoted(str(answer)) if isinstance(answer, Action) else quoted(answer)
    said = f"bot {quoted(name)} at seat {seat} answered {kind} with {problem}"
    if isinstance(answer, str):
        code = "text"
    elif isinstance(answer, Action):
        code = "other_seat" if answer.seat != seat else "illegal"
    else:
        return _Failed("not_action", said, name, seat, asked, answer=shown)
    cause: TablegamesError | None = None
    try:
        state.copy().apply(answer, by=seat)
    except TablegamesError as exc:  # IllegalAction (with its ruling), NotationError
        cause = exc
    if cause is not None:
        said += f": {cause}"
    return _Failed(code, said, name, seat, asked, cause, answer=shown)


def next_action(
    state: Any, bots: Sequence[Bot | None], table: Any | None = None,
    clock: Clock | None = None,
) -> tuple[int, Action] | None:
    """The next ``(seat, action)`` a bot takes, or ``None`` if a person must decide.

    ``bots[seat]`` is that seat's bot, or ``None`` for a person. ``table`` is the game's
    table model (:attr:`SearchHints.table <tablegames.bots.hints.SearchHints.table>`) or
    ``None``. The state is not changed: the caller applies the action. A bot's own
    exception comes through as raised, and an answer that is not one of the seat's legal
    actions is an :class:`~tablegames.common.errors.IllegalAction` (``illegal_bot_answer``)
    (:func:`play_game` says either as a :class:`~tablegames.common.errors.BotFailed`).
    """
    return _step(state, bots, table, clock, strict=False)


def _step(
    state: Any, bots: Sequence[Bot | None], table: Any | None, clock: Clock | None,
    strict: bool, names: Sequence[str] = (), watch: _Watch | None = None,
) -> tuple[int, Action] | None:
    """:func:`next_action`; ``strict``: a bot's failure is a :class:`_Failed` naming the
    bot by ``names[seat]`` (the caller's name for it) where given, and a bot that takes
    more than ``watch.limit`` seconds to answer is one (:func:`_answer`)."""
    if state.is_over:
        return None
    if len(bots) != len(state.players):
        raise SetupError(f"need one bot (or None) per seat: {len(state.players)}, got {len(bots)}")

    def turn(st: Any, seat: int, options: list[Action]) -> Action | None:
        bot = bots[seat]
        if bot is None:
            return None
        return _answer(st, bot, seat, options, "turn", _bot_name(bot, names, seat), clock,
                       strict, watch)

    def interrupt(st: Any, seat: int, options: list[Action]) -> Action | None:
        bot = bots[seat]
        if bot is None:
            return None
        return _answer(st, bot, seat, options, "interrupt", _bot_name(bot, names, seat),
                       clock, strict, watch)

    actor = state.to_act
    seat, action = advance(state, turn, interrupt, table if bots[actor] is not None else None)
    return None if action is None else (seat, action)


def _answer(state: Any, bot: Bot, seat: int, options: list[Action] | None, asking: str,
            name: str, clock: Clock | None = None, strict: bool = True,
            watch: _Watch | None = None) -> Action | None:
    """``bot``'s answer for ``seat`` (its turn, or an interrupt, which may be ``None``),
    checked against ``options`` (``None``: the seat's legal actions).

    ``strict``: anything but a legal action in time is a :class:`_Failed`: the bot
    raised, answered with no legal action of its seat (the problem asked once), or took
    more than ``watch.limit`` seconds, stopped then where it can be (:class:`_Watch`)
    and refused when it answers late (a bot that caught the stop and answered anyway, or
    raised). Otherwise the bot's own exception comes through as raised and a bad answer
    is :func:`next_action`'s ``IllegalAction``."""
    handle = Handle(state, seat, options, asking)
    ask = bot.choose if asking == "turn" else bot.interrupt
    kind = "its turn" if asking == "turn" else "an interrupt"
    limit = watch.limit if watch is not None and strict else None
    start = time.perf_counter()
    try:
        if watch is not None:
            watch.since = start
        try:
            answer = ask(handle)
        finally:  # this module's code: the watch never stops it
            if watch is not None:
                watch.since = None
    except _TimedOut as stop:
        seconds = time.perf_counter() - start
        raise _late(name, seat, asking, limit or 0.0, seconds,
                    "".join(traceback.format_exception(stop))) from None
    except Exception as exc:
        if not strict:
            raise
        # the bot's own words and traceback (no locals): what its author's stderr shows
        trace = "".join(traceback.format_exception(exc))
        seconds = time.perf_counter() - start
        if limit is not None and seconds > limit:  # it caught the stop, then raised
            raise _late(name, seat, asking, limit, seconds, trace) from None
        raise _Failed("raised", f"bot {quoted(name)} at seat {seat} raised "
                      f"{cause_text(exc)} when asked for {kind}",
                      name, seat, asking, exc, trace) from None
    finally:
        if clock is not None:
            clock.calls[seat] += 1
            clock.seconds[seat] += time.perf_counter() - start
    if limit is not None and (seconds := time.perf_counter() - start) > limit:
        raise _late(name, seat, asking, limit, seconds, "")
    if answer is None and asking == "interrupt":
        return None
    problem = answer_problem(answer, options if options is not None else handle.legal_actions())
    if strict and problem:
        raise _bad_answer(state, name, seat, answer, problem, asking)
    return _checked(bot, seat, answer, problem, kind)


def _late(name: str, seat: int, asking: str, limit: float, seconds: float,
          trace: str) -> _Failed:
    """A bot that did not answer within ``limit`` seconds: stopped after ``seconds``
    (``trace``: where it was, in its own code), or answered after them."""
    kind = "its turn" if asking == "turn" else "an interrupt"
    return _Failed("timed_out", f"bot {quoted(name)} at seat {seat} did not answer {kind} "
                   f"within the time limit of {limit:g} s ({seconds:.2f} s passed)",
                   name, seat, asking, trace=trace, time_limit=limit, seconds=seconds)


def _lineup(info: GameInfo, bots: Sequence[Bot | str], seed: int | str,
            params: Mapping[str, Mapping[str, Any]] | None, rules: object,
            names: Sequence[str]) -> list[Bot]:
    """The bots of a game dealt from ``seed``, those named made for their seat; a
    registered factory that raises or returns ``None`` there is a
    :class:`~tablegames.common.errors.BotFailed` of code ``"made"`` (``rules`` as the
    caller gave them, ``names`` the bots' names by seat)."""
    out: list[Bot] = []
    for seat, bot in enumerate(bots):
        if isinstance(bot, str):
            try:
                out.append(made(bot, info, bot_seed(seed, seat), (params or {}).get(bot, {})))
            except FactoryFailed as failed:
                raise failed.error(seat, info.name, seed, list(names), rules) from failed.cause
        else:
            out.append(bot)
    return out


def play_game(
    game: str | GameInfo, bots: Sequence[Bot | str], seed: int | str = 0, *,
    players: int | Sequence[str] | None = None, params: Mapping[str, Mapping[str, Any]] | None = None,
    table: bool = True, clock: Clock | None = None, bot_names: Sequence[str] | None = None,
    time_limit: float | None = None, **setup: Any,
) -> Any:
    """Play one seeded game to the end and return the final state.

    ``bots`` are bots or bot names, one per seat (names are made with
    :func:`~tablegames.bots.make`, seeded :func:`bot_seed` of ``seed`` and the seat, with
    ``params[name]`` as keywords). ``players`` defaults to one per bot. ``table=True``
    lets a game's physical-world model make the reports (Dallah): they are not a bot's
    decision. ``setup`` goes to ``new_game`` (``rules=...``).

    A bot whose answer cannot be played (it raised inside ``choose`` or ``interrupt``,
    returned ``None``, text, another seat's action or an illegal one) stops the game with
    a :class:`~tablegames.common.errors.BotFailed` naming the bot, its seat, the seed,
    the lineup, the rules and how many actions were played: enough to replay the game to
    that question. The bot's own exception is its ``__cause__``; the engine's refusal
    of an illegal answer (with its ruling) is too. It names each bot by ``bot_names`` (one
    per seat: what the caller calls them, as the arena names the bots it made), else as
    ``bots`` names it, else by its ``name`` attribute or its class. A registered bot's
    factory that raises or returns ``None`` when the bot is made for its seat stops the
    game before it is dealt, with a ``BotFailed`` of code ``"made"`` (``action`` 0; the
    rules as given).

    ``time_limit`` is the most seconds a bot may take for one answer (``None``, the
    default: no limit; :func:`check_time_limit`). A bot past it is stopped, on POSIX in
    the main thread of a process (a run's worker processes too), by an exception raised
    inside its own code (its ``choose`` looping for ever ends there), and the game stops
    with a ``BotFailed`` of code ``"timed_out"`` whose ``time_limit`` and ``seconds``
    say the limit and the time that passed; ``trace`` shows where the bot was. Where no
    signal can stop it (a thread other than the main one, Windows, or a process whose
    own ``SIGALRM`` timer is running) the time is checked when the answer comes back: a
    bot that never answers is not stopped there. An answer that comes late is refused
    the same way, also from a bot that caught the stop and answered anyway.

    >>> from tablegames.bots import play_game
    >>> final = play_game("toepen", ["club", "random", "random"], seed=3)
    >>> final.is_over
    True
    """
    info = _info(game)
    time_limit = check_time_limit(time_limit)
    if not isinstance(seed, str) and (number := whole_number(seed)) is not None:
        seed = number  # a numpy seed deals, seeds the bots and the table as the int it holds
    names_ok = bot_names is None or (not isinstance(bot_names, str) and len(bot_names) == len(bots)
                                     and all(isinstance(n, str) for n in bot_names))
    # the bots' names by seat, as a failure names them: bot_names (refused below, after the
    # table's checks, when they are not one text per bot), else as ``bots`` names them
    names_of = (list(bot_names) if bot_names is not None and names_ok
                else [b if isinstance(b, str) else _bot_name(b) for b in bots])
    lineup = _lineup(info, bots, seed, params, setup.get("rules"), names_of)
    if players is None:
        players = len(lineup)
    count = whole_number(players)  # a numpy count too, never a bool
    if count is None and (isinstance(players, str) or not isinstance(players, Sequence)):
        raise SetupError("players must be a count or a list of names")  # new_game's words
    if count is not None:
        players = count
    names = [f"P{i}" for i in range(count)] if count is not None else list(players)  # type: ignore[arg-type]
    kwargs = {**info.simulate_kwargs(names), **setup}
    rules = setup.get("rules")
    # as named, fitted to the table; a Rules object is exact (fit_rules would only deal it
    # once more to check it, as new_game below does: simulate passes one for every game)
    kwargs["rules"] = rules if isinstance(rules, info.rules_class) else info.fit_rules(names, rules)
    state = info.new_game(players=players, seed=seed, **kwargs)
    if len(lineup) != len(state.players):
        raise SetupError(f"need one bot per seat: {len(state.players)} seats, {len(lineup)} bots")
    hints = hints_for(info)
    model = hints.table(hash_seed(seed, "table")) if table and hints.table is not None else None
    limit = info.max_actions(state)
    if not names_ok:
        raise SetupError("bot_names are the bots' names, one text per bot")
    steps = 0
    with _Watch(time_limit) as watch:
        while not state.is_over:
            try:
                step = _step(state, lineup, model, clock, strict=True, names=names_of,
                             watch=watch)
            except _Failed as failed:
                raise failed.error(state, info.name, seed, names_of,
                                   kwargs["rules"]) from failed.cause
            assert step is not None  # every seat has a bot
            seat, action = step
            state.apply(action, by=seat)
            steps += 1
            if steps > limit:
                raise RuntimeError(f"{info.name} seed {seed}: game did not end in {limit} actions")
    return state


def ask_bot(state: Any, bot: Bot, seat: int, *, name: str, seed: int | str | None,
            lineup: Sequence[str] = (), options: list[Action] | None = None,
            asking: str = "turn", time_limit: float | None = None) -> Action | None:
    """``bot``'s answer for ``seat`` in ``state``, one of ``options`` (default: the
    seat's legal actions; ``asking="interrupt"`` may answer ``None``), checked as
    :func:`play_game` checks it, for an app that asks its bots itself (the terminal
    game): a bot that raises, answers with no legal action of its seat or takes more
    than ``time_limit`` seconds is a :class:`~tablegames.common.errors.BotFailed` naming
    it as ``name`` (the game dealt from ``seed``, ``lineup`` the names by seat), raised
    before the state changes."""
    try:
        with _Watch(check_time_limit(time_limit)) as watch:
            answer = _answer(state, bot, seat, options, asking, name, watch=watch)
    except _Failed as failed:
        raise failed.error(state, str(getattr(state, "GAME", type(state).__name__)), seed, lineup,
                           getattr(state, "rules", None)) from failed.cause
    return answer


def hash_seed(seed: int | str, label: str) -> int:
    """A 64-bit seed derived from ``seed`` for one purpose (stable across machines)."""
    from tablegames.common.rng import seed_to_int

    return seed_to_int(f"{seed}|{label}")


def bot_seed(seed: int | str, seat: int) -> int:
    """The seed of the bot at ``seat`` of a game dealt from ``seed``: the first 64 bits of
    a SHA-256 of the game's seed and the seat (:func:`hash_seed`), so the game stays the
    same for the same seed while no bot is handed anything from which the deal, and so
    every hidden card, could be worked out. Every path that makes a bot for a game seeds
    it so, because any of them may seat a bot registered by a third party
    (``bots.register``, ``tablegames arena --import``): :func:`play_game` (and so
    ``simulate``), the arena (which derives one seed per rotation from this one), the
    Gymnasium opponents, the conformance kit, the room server and the terminal game. A
    seed such as ``f"{seed}/{seat}"``, ``f"arena|{run}|{g}|{seat}"`` or
    ``seed * 1009 + seat`` handed such a bot the game's seed itself. A seed a bot needs
    per question or per world is derived from its own seed, never from the game's.

    The hash hides only a seed the bot cannot guess: one of few values (``0``, ``7``, a
    run seed and a game's index) is found by trying each until ``bot_seed`` gives the
    bot's own. The room server deals from 63 random bits; with a bot you do not trust,
    give ``play_game``, ``arena`` or ``simulate`` such a seed too.

    ``seed`` is what a game is dealt from, an int (a numpy integer counts as the int it
    holds) or a string, and ``seat`` a seat number; anything else (``True``, ``1.5``,
    ``None``) is a :class:`~tablegames.common.errors.SetupError`: it was hashed as its
    text, a bot seed for a game no ``new_game`` deals.

    >>> from tablegames.bots.harness import bot_seed
    >>> bot_seed(7, 1) == bot_seed(7, 1) != bot_seed(7, 2)
    True
    """
    if not isinstance(seed, str):
        seed = _whole(seed, "a game's seed is an int or a string")
    seat = _whole(seat, "a seat is an int")
    if seat < 0:
        raise SetupError(f"a seat is 0 or more, not {seat}")
    return hash_seed(seed, f"bot {seat}")


def _whole(value: object, what: str) -> int:
    """``value`` as the Python int it holds (:func:`~tablegames.common.numbers.whole_number`:
    numpy integers too, never a bool), else a :class:`SetupError` saying ``what``."""
    number = whole_number(value)
    if number is None:
        raise SetupError(f"{what}, not {quoted(value)}")
    return number
