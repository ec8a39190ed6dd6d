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

import time
import traceback
from collections.abc import Mapping, Sequence
from typing import Any

from tablegames.bots.base import Bot, answer_problem
from tablegames.bots.handle import Handle
from tablegames.bots.hints import _info, hints_for
from tablegames.bots.registry import make
from tablegames.bots.turns import advance
from tablegames.common.actions import Action
from tablegames.common.errors import (
    BotFailed,
    IllegalAction,
    SetupError,
    TablegamesError,
    cause_text,
    quoted,
)
from tablegames.common.numbers import whole_number
from tablegames.common.protocol import GameInfo


class Clock:
    """Time spent answering, per seat (for the arena's time per decision)."""

    __slots__ = ("calls", "seconds")

    def __init__(self, n: int) -> None:
        self.calls = [0] * n
        self.seconds = [0.0] * n


def _checked(bot: Bot, seat: int, action: Any, options: list[Action], kind: str) -> Action:
    problem = answer_problem(action, options)
    if problem:
        name = getattr(bot, "name", type(bot).__name__)
        raise IllegalAction(f"bot {quoted(name)} at seat {seat} answered {kind} with {problem}",
                            code="illegal_bot_answer", seat=seat)
    return action  # type: ignore[no-any-return]


class _Failed(Exception):
    """A bot's answer that cannot be played, inside :func:`play_game` (which makes it a
    :class:`~tablegames.common.errors.BotFailed` once it knows the game's seed)."""

    def __init__(self, code: str, said: str, bot: str, seat: int, asked: str,
                 cause: BaseException | None = None, trace: str = "", answer: str = "") -> None:
        super().__init__(said)
        self.code, self.said, self.bot, self.seat = code, said, bot, seat
        self.asked, self.cause, self.trace, self.answer = asked, cause, trace, answer


def _bot_name(bot: Bot, names: Sequence[str] = (), seat: int = -1) -> str:
    """The bot's name: as the caller named it (``play_game(game, ["mybot", ...])``),
    else its ``name`` attribute, else its class's."""
    if 0 <= seat < len(names):
        return names[seat]
    name = getattr(bot, "name", None)
    return name if isinstance(name, str) else type(bot).__name__


def _bad_answer(state: Any, name: str, seat: int, answer: object, options: list[Action],
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
    said = f"bot {quoted(name)} at seat {seat} answered {kind} with {answer_problem(answer, options)}"
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
    strict: bool, names: Sequence[str] = (),
) -> tuple[int, Action] | None:
    """:func:`next_action`; ``strict``: a bot's failure is a :class:`_Failed` naming the
    bot by ``names[seat]`` (the caller's name for it) where given."""
    if state.is_over:
        return None
    if len(bots) != len(state.players):
        raise SetupError(f"need one bot (or None) per seat: {len(state.players)}, got {len(bots)}")

    def asked(seat: int, bot: Bot, ask: Any, handle: Handle) -> Any:
        start = time.perf_counter() if clock is not None else 0.0
        try:
            return ask(handle)
        except Exception as exc:
            if not strict:
                raise
            # the bot's own words and traceback (no locals): what its author's stderr shows
            trace = "".join(traceback.format_exception(exc))
            name = _bot_name(bot, names, seat)
            raise _Failed("raised", f"bot {quoted(name)} at seat {seat} raised "
                          f"{cause_text(exc)} when asked for "
                          f"{'its turn' if handle.asking == 'turn' else 'an interrupt'}",
                          name, seat, handle.asking, exc, trace) from None
        finally:
            if clock is not None:
                clock.calls[seat] += 1
                clock.seconds[seat] += time.perf_counter() - start

    def checked(st: Any, bot: Bot, seat: int, answer: Any, options: list[Action],
                kind: str) -> Action:
        if strict and answer_problem(answer, options):
            raise _bad_answer(st, _bot_name(bot, names, seat), seat, answer, options, kind)
        return _checked(bot, seat, answer, options, "its turn" if kind == "turn" else "an interrupt")

    def turn(st: Any, seat: int, options: list[Action]) -> Action | None:
        bot = bots[seat]
        if bot is None:
            return None
        answer = asked(seat, bot, bot.choose, Handle(st, seat, options, "turn"))
        return checked(st, bot, seat, answer, options, "turn")

    def interrupt(st: Any, seat: int, options: list[Action]) -> Action | None:
        bot = bots[seat]
        if bot is None:
            return None
        answer = asked(seat, bot, bot.interrupt, Handle(st, seat, options, "interrupt"))
        return None if answer is None else checked(st, bot, seat, answer, options, "interrupt")

    actor = state.to_act
    seat, action = advance(state, turn, interrupt, table if bots[actor] is not None else None)
    return None if action is None else (seat, action)


def _lineup(info: GameInfo, bots: Sequence[Bot | str], seed: int | str,
            params: Mapping[str, Mapping[str, Any]] | None) -> list[Bot]:
    out: list[Bot] = []
    for seat, bot in enumerate(bots):
        if isinstance(bot, str):
            out.append(make(bot, info, seed=bot_seed(seed, seat), **dict((params or {}).get(bot, {}))))
        else:
            out.append(bot)
    return out


def play_game(
    game: str | GameInfo, bots: Sequence[Bot | str], seed: int | str = 0, *,
    players: int | Sequence[str] | None = None, params: Mapping[str, Mapping[str, Any]] | None = None,
    table: bool = True, clock: Clock | None = None, bot_names: Sequence[str] | None = None,
    **setup: Any,
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
    ``bots`` names it, else by its ``name`` attribute or its class.

    >>> from tablegames.bots import play_game
    >>> final = play_game("toepen", ["club", "random", "random"], seed=3)
    >>> final.is_over
    True
    """
    info = _info(game)
    if not isinstance(seed, str) and (number := whole_number(seed)) is not None:
        seed = number  # a numpy seed deals, seeds the bots and the table as the int it holds
    lineup = _lineup(info, bots, seed, params)
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
    if bot_names is not None and (isinstance(bot_names, str) or len(bot_names) != len(bots)
                                  or not all(isinstance(n, str) for n in bot_names)):
        raise SetupError("bot_names are the bots' names, one text per bot")
    names_of = (list(bot_names) if bot_names is not None
                else [b if isinstance(b, str) else _bot_name(b) for b in bots])
    steps = 0
    while not state.is_over:
        try:
            step = _step(state, lineup, model, clock, strict=True, names=names_of)
        except _Failed as failed:
            cause = failed.cause
            raise BotFailed(
                failed.said, code=failed.code, bot=failed.bot, seat=failed.seat,
                asked=failed.asked, action=len(state.history), game_name=info.name,
                seed=seed, lineup=names_of, rules=kwargs["rules"],
                cause=cause, trace=failed.trace, answer=failed.answer,
                ruling=cause.ruling if isinstance(cause, IllegalAction) else None,
            ) from cause
        assert step is not None  # every seat has a bot
        seat, action = step
        state.apply(action, by=seat)
        steps += 1
        if steps > limit:
            raise RuntimeError(f"{info.name} seed {seed}: game did not end in {limit} actions")
    return state


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
