"""Bots by name: ``make(name, game, seed=..., **params)``, ``names(game)``, registration.

Every game has ``"random"`` and ``"ismcts"``; each game adds its own heuristic bots from
its registry entry (``GameInfo.bots``: Toepen ``"club"``, Phase 10 ``"smart"`` and
``"eager"``, Shithead ``"smart"``, Dallah ``"model"``), wrapped so they see only a world
(:class:`~tablegames.bots.base.PolicyBot`). :func:`register` adds a bot of your own.

Each bot has the words a player reads where a table picks one (the room server's
creation form): a label and one sentence of how well and how fast it plays
(:func:`text`), written beside the bot: :data:`GENERIC_TEXTS` here, a game's own in its
``GameInfo.bot_texts``, a registered bot's in ``register(..., text=...)``.
"""

from __future__ import annotations

import importlib
import inspect
import traceback
from collections.abc import Callable, Mapping, Sequence
from types import MappingProxyType
from typing import Any

import attrs

from tablegames.bots.base import Bot, PolicyBot, RandomBot
from tablegames.bots.hints import _info
from tablegames.bots.hints import hints_for as hints_for  # its old address still serves
from tablegames.bots.hints import register_hints as register_hints  # (a game's bots.py)
from tablegames.common.errors import ArgumentRefused, BotFailed, SetupError, quoted
from tablegames.common.numbers import whole_number
from tablegames.common.protocol import GameInfo
from tablegames.common.registry import game_info
from tablegames.common.rules import OptionText
from tablegames.common.setups import plain_number

#: ``factory(info, seed, **params) -> Bot`` by name; ``None`` key: every game.
_EXTRA: dict[str | None, dict[str, Callable[..., Bot]]] = {}
#: The module that registered each bot (by game, then name): what a worker process
#: imports to know the bot too (a fork server or ``spawn`` starts from a clean process).
_ORIGIN: dict[str | None, dict[str, str]] = {}
#: The words of registered bots (by game, then name; see :func:`text`).
_TEXTS: dict[str | None, dict[str, OptionText]] = {}
#: Names every game has, in this order, before the game's own.
GENERIC = ("random", "ismcts")
#: The words a player reads for the bots every game has, in English (the ids of each
#: game's message catalogue, ``python -m tablegames.table.catalogues``): how well and
#: how fast each plays, as the arena measured them (``README.md``: the search beats the
#: heuristic bots of all four games).
GENERIC_TEXTS: Mapping[str, OptionText] = MappingProxyType({
    "random": OptionText(
        "Random", "Plays any allowed move at random, at once: the easiest to beat."),
    "ismcts": OptionText(
        "Thinker", "Tries out many ways the game could go before each move: the "
                   "strongest bot, and a little slower."),
})


def _check_seed(seed: object) -> int | str:
    """A bot's seed as the plain int or str it is: any whole number
    (:func:`~tablegames.common.numbers.whole_number`, a numpy one too) seeds a bot as the
    int it holds, so ``make(..., seed=np.int64(3))`` plays as ``seed=3``."""
    if not isinstance(seed, str):
        number = whole_number(seed)
        if number is None:
            raise SetupError(f"a bot's seed must be an int or a string, not "
                             f"{type(seed).__name__}")
        return number
    if isinstance(seed, str) and len(seed) > 256:
        raise SetupError("a bot's seed string is at most 256 characters")
    return seed


def register(name: str, factory: Callable[..., Bot], game: str | None = None, *,
             text: OptionText | None = None) -> None:
    """Add a bot: ``factory(info, seed, **params)`` returns an object with ``choose`` and
    ``interrupt`` (see :class:`~tablegames.bots.base.Bot`); ``game=None``: every game.

    ``text`` is what a player reads where a table picks the bot (a label and one sentence
    of how it plays, :class:`~tablegames.common.rules.OptionText`); without it a form
    shows the bot's name. Its words are told as given: no catalogue of the library
    holds them.

    ``game`` must name a registered game (a built-in one, or one of your own registered
    first with :func:`tablegames.common.registry.register`): a misspelt name
    (``"toepn"``) was taken silently and the bot was then never found; it is the
    registry's refusal of an unknown game (an
    :class:`~tablegames.common.errors.ArgumentRefused`, a ``SetupError``, naming the
    games known), and nothing is registered."""
    if not isinstance(name, str) or not name.isidentifier():
        raise SetupError(f"a bot name must be an identifier, not {quoted(name)}")
    if game is not None:
        if not isinstance(game, str):
            raise SetupError(f"a bot's game is a game's name or None, not {quoted(game)}")
        game_info(game)  # an unknown game: ArgumentRefused naming the known ones
    if not callable(factory):
        # a bot object, or its class's name as text, was taken here and failed only when
        # make() called it ("'str' object is not callable"); None even made the name
        # known and unmakeable at once
        raise SetupError(f"bot {quoted(name)}: register takes a factory, called as "
                         f"factory(info, seed, **params) (a bot class is one), not "
                         f"{quoted(factory)}")
    if text is not None and not isinstance(text, OptionText):
        raise SetupError(f"a bot's text is an OptionText, not {type(text).__name__}")
    _EXTRA.setdefault(game, {})[name] = factory
    if text is None:
        _TEXTS.get(game, {}).pop(name, None)
    else:
        _TEXTS.setdefault(game, {})[name] = text
    module = getattr(factory, "__module__", None)
    if isinstance(module, str):
        _ORIGIN.setdefault(game, {})[name] = module
    else:
        _ORIGIN.get(game, {}).pop(name, None)


def origins(game: str | GameInfo, lineup: Sequence[str]) -> tuple[str, ...]:
    """The modules that registered the bots of ``lineup`` (none for the library's own):
    a run's workers import them (:func:`load`) before making the bots, so a bot
    registered by a module the command line imported (``tablegames arena --import
    mybots``) is known in every worker. The main script (``__main__``) is left out:
    multiprocessing imports it again in each worker itself."""
    info = _info(game)
    out: list[str] = []
    for name in lineup:
        module = _ORIGIN.get(info.name, {}).get(name) or _ORIGIN.get(None, {}).get(name)
        if module and module not in ("__main__", "__mp_main__") and module not in out:
            out.append(module)
    return tuple(out)


class BotModuleRefused(SetupError):
    """A bot module (``--import``) that :func:`load` could not import.

    The fields are what a front end needs to say it in its own words (the ``tablegames``
    command in Arabic) without reading the English sentence: ``module`` as named;
    ``failed`` is true when the module was found but raised while imported (its own
    code's error), false when it could not be imported; ``missing`` is the module Python
    found nowhere (``module`` itself, or one it imports), or ``None``; ``cause`` is
    Python's own words (the error's type and first line when ``failed``).
    """

    def __init__(self, message: str, *, module: str, failed: bool = False,
                 missing: str | None = None, cause: str = "") -> None:
        super().__init__(message)
        self.module = module
        self.failed = failed
        self.missing = missing
        self.cause = cause


def load(modules: Sequence[str]) -> None:
    """Import ``modules`` (their ``register`` calls run once; already imported: nothing to
    do). A module that cannot be imported is a :class:`SetupError` naming it: one that is
    missing, and one that fails while it is imported (a syntax error, an exception its
    code raises), which is the caller's file to mend, not a defect of the library."""
    for module in modules:
        try:
            importlib.import_module(module)
        except ImportError as exc:
            missing = exc.name if isinstance(exc, ModuleNotFoundError) else None
            raise BotModuleRefused(f"cannot import the bot module {quoted(module)}: {exc}",
                                   module=module, missing=missing, cause=str(exc)) from None
        except Exception as exc:  # whatever the caller's own module raises while imported
            said = (str(exc).strip().splitlines() or [""])[0]
            cause = f"{type(exc).__name__}: {quoted(said, 200)}"
            raise BotModuleRefused(f"the bot module {quoted(module)} failed while imported: "
                                   f"{cause}", module=module, failed=True, cause=cause
                                   ) from None


def names(game: str | GameInfo) -> tuple[str, ...]:
    """Every bot name :func:`make` accepts for ``game``."""
    info = _info(game)
    out = list(GENERIC)
    for name in [*info.bots, *_EXTRA.get(None, {}), *_EXTRA.get(info.name, {})]:
        if name not in out:
            out.append(name)
    return tuple(out)


def no_bot(game: str | GameInfo, name: object) -> ArgumentRefused:
    """The refusal of bot ``name``, which :func:`make` does not make for ``game``:
    ``argument`` ``"bot"``, ``code`` ``"choice"``, ``game``, ``choices`` the bots it
    makes (:func:`names`), so a front end says it in its own words. Returned, not raised:
    :func:`make` and :func:`tablegames.simulate` (which checks every seat's bot before
    it makes one) raise it."""
    info = _info(game)
    known = names(info)
    return ArgumentRefused(f"{info.name} has no bot {quoted(name)}; known: {', '.join(known)}",
                           argument="bot", code="choice", value=name, choices=known,
                           game=info.name)


def text(name: str, game: str | GameInfo) -> OptionText | None:
    """The words a player reads for bot ``name`` of ``game`` (``None``: it has none, and
    a form shows its name), from wherever :func:`make` finds the bot: a registered bot's
    own (``register(..., text=...)``), then :data:`GENERIC_TEXTS`, then the game's
    ``GameInfo.bot_texts``."""
    info = _info(game)
    for scope in (info.name, None):
        if name in _EXTRA.get(scope, {}):
            return _TEXTS.get(scope, {}).get(name)
    if name in GENERIC_TEXTS:
        return GENERIC_TEXTS[name]
    return info.bot_texts.get(name) if name in info.bots else None


class FactoryFailed(Exception):
    """A registered bot's factory that raised (``cause``, ``trace`` its traceback as
    text) or returned ``None`` (``cause`` ``None``) when :func:`made` made the bot:
    the harness makes it a :class:`~tablegames.common.errors.BotFailed` of code
    ``"made"`` once it knows the seat and the game. Never pickled: it is turned into
    that ``BotFailed`` in the process that made the bot."""

    def __init__(self, name: str, cause: BaseException | None, trace: str = "") -> None:
        super().__init__(name)
        self.name, self.cause, self.trace = name, cause, trace

    def error(self, seat: int, game_name: str, seed: int | str | None,
              lineup: Sequence[str], rules: object) -> BotFailed:
        """The :class:`~tablegames.common.errors.BotFailed` of code ``"made"`` it is for
        the bot at ``seat`` of a game dealt from ``seed`` (``None``: the check of a
        lineup before any game, :func:`lineup_params`)."""
        from tablegames.common.errors import cause_text

        did = ("returned None, not a bot" if self.cause is None
               else f"raised {cause_text(self.cause)}")
        return BotFailed(f"bot {quoted(self.name)} at seat {seat}: its factory {did} when "
                         "the bot was made", code="made", bot=self.name, seat=seat,
                         asked="made", action=0, game_name=game_name, seed=seed,
                         lineup=lineup, rules=rules, cause=self.cause, trace=self.trace)


def made(name: str, info: GameInfo, seed: int | str, params: Mapping[str, Any]) -> Bot:
    """:func:`make` for a seat of a game (the harness, the arena, the lineup's check): a
    registered factory that raises, or returns ``None``, is a :class:`FactoryFailed`,
    told apart from the caller's mistakes (an unknown name or parameter, a factory that
    cannot be called so), which stay :class:`SetupError`."""
    return _make(name, info, seed, dict(params), seated=True)


def make(name: str, game: str | GameInfo, seed: int | str = 0, **params: Any) -> Bot:
    """A bot for ``game`` by ``name``, seeded: ``make("ismcts", "toepen", seed=1, budget=200)``.

    ``params`` go to the bot: ``ismcts`` takes ``budget``/``iterations`` (iterations per
    decision) or ``seconds``, and more (see :class:`~tablegames.bots.ismcts.ISMCTS`); a
    game's own bots take their constructor's keywords. An unknown name or parameter is
    a :class:`~tablegames.SetupError` naming what is known (an unknown name is
    :func:`no_bot`'s :class:`~tablegames.common.errors.ArgumentRefused`).
    """
    return _make(name, game, seed, params, seated=False)


def _make(name: str, game: str | GameInfo, seed: int | str, params: dict[str, Any],
          seated: bool) -> Bot:
    """:func:`make`; ``seated``: :func:`made`'s :class:`FactoryFailed`."""
    info = _info(game)
    seed = _check_seed(seed)
    if not isinstance(name, str):
        raise SetupError(f"a bot name must be a string, not {type(name).__name__}")
    factory = _EXTRA.get(info.name, {}).get(name) or _EXTRA.get(None, {}).get(name)
    if factory is not None:
        bot = _call(name, factory, (info, seed), params, registered=True, seated=seated)
        if bot is None and seated:
            raise FactoryFailed(name, None)
        return _answers(name, factory, bot)
    if name == "random":
        _no_params(name, params)
        return RandomBot(seed)
    if name == "ismcts":
        from tablegames.bots.ismcts import ISMCTS

        search: Bot = _call(name, ISMCTS, (info, seed), params)
        return search
    policy = info.bots.get(name)
    if policy is None:
        raise no_bot(info, name)
    return PolicyBot(name, _call(name, policy, (seed,), params), seed)


#: The largest search budget (iterations per decision) a caller may ask for.
MAX_BUDGET = 1_000_000


def takes_budget(name: str, game: str | GameInfo) -> bool:
    """Whether bot ``name`` has a ``budget`` parameter (``ismcts`` does; a game's own bot
    or a registered one does if its factory names one)."""
    info = _info(game)
    if name == "ismcts":
        return True
    factory = (_EXTRA.get(info.name, {}).get(name) or _EXTRA.get(None, {}).get(name)
               or info.bots.get(name))
    if factory is None:
        return False
    try:
        return "budget" in inspect.signature(factory).parameters
    except (TypeError, ValueError):  # a builtin without a signature names no budget
        return False


def check_budget(budget: object) -> int | None:
    """A run's ``budget`` (iterations per decision) as a Python ``int``, or ``None``.

    Any integer counts, numpy's included (``numpy.int64`` from a sweep over
    ``numpy.arange``, which ``ismcts`` itself already took): it is read as the ``int`` it
    holds, so a run's identity and its JSON are the same whichever integer type gave it.
    A ``bool`` is no budget, and neither is a float (``5.0``, NaN): a fractional or
    unordered iteration count has no meaning, and a float that happens to be whole is
    more likely a slip (a time in seconds) than a count.
    """
    if budget is None:
        return None
    value = plain_number(budget)
    if type(value) is not int:
        raise ArgumentRefused(f"budget must be an int (iterations per decision), "
                              f"not {type(budget).__name__}", argument="budget", code="type",
                              value=budget)
    if not 1 <= value <= MAX_BUDGET:
        raise ArgumentRefused(f"budget must be in 1..{MAX_BUDGET:,} iterations per decision, "
                              f"not {quoted(value)}", argument="budget", code="range",
                              value=value, least=1, most=MAX_BUDGET)
    return value


def lineup_params(
    game: str | GameInfo, lineup: Sequence[str], budget: object = None,
    params: Mapping[str, Mapping[str, Any]] | None = None,
) -> dict[str, dict[str, Any]]:
    """The keywords each bot of ``lineup`` is made with, checked before any game is played.

    ``params`` gives a bot name its own keywords; ``budget`` goes to every bot in the
    lineup that takes one (:func:`takes_budget`), so ``--budget 200`` means the same in
    ``tablegames simulate`` and ``tablegames arena``. Every bot is made once here, so an
    unknown name, an unknown parameter or a bad value is a :class:`SetupError` now, not
    in a worker halfway through a run. ``budget`` is read by :func:`check_budget` (a
    numpy integer is the ``int`` it holds). Returns ``{name: keywords}`` for the names that
    have any, sorted by name (a stable part of a run's identity).
    """
    info = _info(game)
    for name in lineup:
        if not isinstance(name, str):
            raise SetupError(f"a bot name must be a string, not {type(name).__name__}")
    names_ = list(dict.fromkeys(lineup))
    if params is not None and not isinstance(params, Mapping):
        raise SetupError(f"params must map bot names to keywords, not {type(params).__name__}")
    out: dict[str, dict[str, Any]] = {}
    for name, kw in (params or {}).items():
        if name not in names_:
            raise SetupError(f"params name bot {quoted(name)}, which is not in the lineup "
                             f"({', '.join(names_)})")
        if not isinstance(kw, Mapping) or not all(isinstance(k, str) for k in kw):
            raise SetupError(f"params[{quoted(name)}] must map keyword names to values")
        if kw:
            out[name] = {k: plain_number(v) for k, v in kw.items()}
    budget = check_budget(budget)
    if budget is not None:
        takers = [n for n in names_ if takes_budget(n, info)]
        if not takers:
            raise ArgumentRefused(f"no bot in the lineup takes a budget ({', '.join(names_)}); "
                                  "ismcts does", argument="budget", code="unused",
                                  value=budget, bots=names_)
        for n in takers:
            out.setdefault(n, {})["budget"] = budget
    for name in names_:  # unknown names and bad parameters fail now
        try:
            made(name, info, 0, out.get(name, {}))
        except FactoryFailed as failed:  # the bot's author's to mend: BotFailed "made"
            raise failed.error(list(lineup).index(name), info.name, None, list(lineup),
                               None) from failed.cause
    return dict(sorted(out.items()))


def _no_params(name: str, params: dict[str, Any]) -> None:
    if params:
        got = quoted(", ".join(sorted(map(str, params))))
        raise SetupError(f"bot {quoted(name)} takes no parameters (got {got})")


def _call(name: str, factory: Callable[..., Any], args: tuple[Any, ...],
          params: Mapping[str, Any], registered: bool = False, seated: bool = False) -> Any:
    """Call a factory, turning an unknown keyword, or a registered factory that cannot be
    called as ``factory(info, seed, **params)`` (a class written ``__init__(self, seed)``,
    the first bot of many a newcomer), into a clear :class:`SetupError` before any game
    is played, instead of a ``TypeError`` from inside the run. ``seated``: the factory's
    own exception is a :class:`FactoryFailed` (:func:`made`)."""
    try:
        sig = inspect.signature(factory)
    except (TypeError, ValueError):  # a builtin without a signature: just call it
        return _called(name, factory, args, params, seated)
    accepts_any = any(p.kind is p.VAR_KEYWORD for p in sig.parameters.values())
    known = [p.name for p in list(sig.parameters.values())[len(args):]
             if p.kind in (p.POSITIONAL_OR_KEYWORD, p.KEYWORD_ONLY)]
    unknown = sorted(set(params) - set(known))
    if unknown and not accepts_any:
        takes = ", ".join(known) or "none"
        raise SetupError(f"bot {quoted(name)} has no parameter {quoted(unknown[0])} (it takes: {takes})")
    if registered:
        try:
            sig.bind(*args, **params)
        except TypeError:
            called = getattr(factory, "__qualname__", type(factory).__name__)
            takes = ", ".join(("*" if q.kind is q.VAR_POSITIONAL else
                               "**" if q.kind is q.VAR_KEYWORD else "") + q.name
                              for q in sig.parameters.values())
            raise SetupError(
                f"bot {quoted(name)}: {quoted(called)} takes ({takes[:80]}), but a "
                "registered bot is made as factory(info, seed, **params): give it the "
                "parameters (info, seed=0)") from None
    return _called(name, factory, args, params, seated)


def _called(name: str, factory: Callable[..., Any], args: tuple[Any, ...],
            params: Mapping[str, Any], seated: bool) -> Any:
    """``factory(*args, **params)``; ``seated``: its exception is a :class:`FactoryFailed`
    holding it and its traceback as text (the bot author's own code: their first clue)."""
    if not seated:
        return factory(*args, **params)
    try:
        return factory(*args, **params)
    except Exception as exc:
        raise FactoryFailed(name, exc, "".join(traceback.format_exception(exc))) from None


def from_factory(factory: Callable[..., Any], info: GameInfo, seed: int | str,
                 needs: tuple[str, ...] = ("choose", "interrupt")) -> Any:
    """``factory(info, seed)``, checked as :func:`make` checks a registered bot's: a
    factory that cannot be called so, or whose bot lacks a method of ``needs``, is a
    :class:`SetupError` saying what to change (the conformance kit takes a factory
    directly, and needs only ``choose``: it makes the interrupts itself)."""
    name = getattr(factory, "__qualname__", type(factory).__name__)
    return _answers(name, factory, _call(name, factory, (info, seed), {}, registered=True),
                    needs)


def _answers(name: str, factory: Callable[..., Any], bot: Any,
             needs: tuple[str, ...] = ("choose", "interrupt")) -> Bot:
    """``bot`` if it answers both questions a bot is asked; else a :class:`SetupError`
    saying what to add. ``interrupt`` is asked of every seat that may act out of turn
    (a Toepen knock), so a bot without it would stop the first game that offers one;
    refused here, when the lineup is made, it is the caller's one line, not a traceback
    halfway through an arena."""
    missing = [m for m in needs if not callable(getattr(bot, m, None))]
    if missing:
        made = getattr(factory, "__qualname__", type(factory).__name__)
        hint = ("; subclass tablegames.bots.Bot, whose interrupt never acts out of turn, "
                "or define interrupt(self, handle) returning None"
                if missing == ["interrupt"] else "")
        raise SetupError(f"bot {quoted(name)} made by {quoted(made)} has no "
                         f"{' or '.join(f'{m}(handle)' for m in missing)} method{hint}")
    return bot  # type: ignore[no-any-return]


def as_policy(name: str, game: str) -> Callable[[int], Any]:
    """A ``GameInfo.bots`` factory for one of these bots: ``factory(seed)`` gives an
    object with ``choose(state)`` that asks the bot through a handle (see
    :class:`~tablegames.bots.base.SeatedPolicy`). The game is looked up when the
    factory is called, so a game's registry entry can name it while being built."""
    return PolicyFactory(name, game)


@attrs.frozen
class PolicyFactory:
    """:func:`as_policy`'s factory: an object rather than a function made inside it, so
    that what holds it (a Gymnasium environment whose opponents are the house's search
    bot) pickles, to a worker process or to disk; the local function did not ("Can't
    pickle local object 'as_policy.<locals>.factory'", found in session 60)."""

    name: str
    game: str

    def __call__(self, seed: int | str = 0) -> Any:
        from tablegames.bots.base import SeatedPolicy

        return SeatedPolicy(make(self.name, self.game, seed=seed))
