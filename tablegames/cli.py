"""The ``tablegames`` command (also ``python -m tablegames``).

* ``tablegames simulate GAME --games N --players P --seed S [--workers W] [--out F.jsonl
  [--resume]] [--backend ray [--address A]] [--bot B | --bots B1,B2,..] [--budget B]
  [--rules R] [--plot F.svg|F.png] [--import MODULE] [--json]`` plays seeded games with bots (made by
  ``tablegames.bots.make``, as in the arena) on every core and prints a summary (loss and
  win rates per seat and per bot with 95% intervals and what they mean, mean length,
  time), with a progress bar on long runs; ``--plot`` draws it.
* ``tablegames play GAME [--players P] [--seat S] [--rules R] [--table] ...`` plays a game
  in the terminal (:mod:`tablegames.tui`): one person against bots, or a table of people
  sharing the screen; ``tablegames play --help`` explains every option.
* ``tablegames rulings GAME [ID] [--plain]`` prints a ruling (or the list) from the
  rulings page, with its example table drawn as cards (:mod:`tablegames.render.terminal`).
* ``tablegames games [GAME]`` lists the games, or one game's variants and house rules
  (what ``--rules`` takes); ``tablegames --version`` prints the version.
* ``tablegames arena GAME --bots ismcts,club,random,random [--games N] [--seed S]
  [--budget B] [--players P] [--workers W] [--rules R] [--import MODULE] [--json]`` plays
  seat-rotated matches (``--import`` a module of your own that registers bots, see
  :func:`tablegames.bots.register`) and prints each bot's loss and win rates with 95%
  intervals, mean score, time per decision and (more than two bots) an OpenSkill rating.
* ``tablegames serve [--host H] [--port P] [--db FILE]`` runs the room server
  (:mod:`tablegames.server`; needs the ``server`` extra). It listens on 127.0.0.1 unless
  told otherwise (``--host 0.0.0.0`` for phones on the network), and says so when it starts.
"""

from __future__ import annotations

import argparse
import errno
import functools
import json
import socket
import sys
from collections.abc import Callable, Sequence
from os import PathLike
from typing import Any, NoReturn, TextIO

from tablegames import __version__
from tablegames.cliwords import (
    COMMAND_LANGS,
    ENGLISH,
    LANGS,
    N_,
    CliWords,
    argparse_words,
    lang_of,
)
from tablegames.common.errors import (
    INTERRUPTED,
    ArgumentRefused,
    BotFailed,
    RayRefused,
    ResumeRefused,
    RowRefused,
    RulesError,
    SetupError,
    TablegamesError,
    WorkerRefused,
    quoted,
    quoted_names,
)
from tablegames.common.protocol import GameInfo
from tablegames.common.registry import GAMES
from tablegames.common.registry import game_info as game_info  # callers import it from here
from tablegames.common.rules import coerce_rules
from tablegames.common.rulings import load_rulings, player_texts
from tablegames.common.serialization import loads
from tablegames.common.setups import MAX_SECONDS, check_count, check_run_seed, check_seconds


def _progress(total: int, enabled: bool, slow: bool = False, label: str = "playing",
              ) -> tuple[Callable[[int], None] | None, Callable[[], None]]:
    """A progress bar on stderr (rich) for long runs, and a function to close it.

    On stderr so that ``tablegames simulate ... --json > summary.json`` stays clean. A run
    of fewer than 200 games gets a bar only when it is ``slow`` (a search bot plays:
    each of its games takes seconds; the arena counts every game as slow). ``label`` names
    the command at the bar's left, so ``simulate`` and ``arena`` share one bar; the
    command gives it in its language. The bar is drawn at the first report of progress.
    """
    if not enabled or (total < 200 and not slow):
        return None, lambda: None
    try:
        from rich.console import Console
        from rich.progress import BarColumn, MofNCompleteColumn, Progress, TimeRemainingColumn
    except ImportError:  # rich is an optional extra; plain output still works
        return None, lambda: None
    bar = Progress(label, BarColumn(), MofNCompleteColumn(), TimeRemainingColumn(),
                   console=Console(file=sys.stderr), transient=True)
    task = bar.add_task(label, total=total)

    def update(done: int) -> None:
        # drawn from the library's first report, which comes once every argument is
        # checked: a refusal is then the only line on the screen
        if not bar.live.is_started:
            bar.start()
        bar.update(task, completed=done)

    def close() -> None:
        if bar.live.is_started:  # stopped unstarted, rich writes an empty line
            bar.stop()

    return update, close


def _comma_list(text: str) -> list[str]:
    """``"club, random"`` as ``["club", "random"]``: the items of a comma list, each stripped.

    One reading for every option that takes a list (``--bots``, ``--bot``, ``--names``), so a
    space after a comma means the same everywhere; an empty item stays (``"a,,b"``) for the
    option's own check to refuse by name.
    """
    return [item.strip() for item in text.split(",")]


def _seed_arg(text: str, w: CliWords = ENGLISH) -> int | str:
    """``--seed 7`` is the int 7; any other text (a room name, a date) is a string seed,
    as :func:`~tablegames.common.setups.check_run_seed` takes it: an empty or blank one
    (``--seed "$SEED"`` with ``SEED`` unset) is refused, not played as the seed ``''``."""
    try:
        return int(text)
    except ValueError:
        pass
    try:
        return check_run_seed(text)
    except ValueError as exc:  # a SetupError is a ValueError
        if not text.strip():  # check_run_seed's own words, in the command's language
            raise argparse.ArgumentTypeError(
                w("a run's seed is a number or a name, not {text}", text=quoted(text))) from None
        if len(text) > 1000:
            raise argparse.ArgumentTypeError(
                w("a seed string must be at most 1000 characters")) from None
        raise argparse.ArgumentTypeError(str(exc)) from None


def _deal_seed_arg(text: str, w: CliWords = ENGLISH) -> int:
    """``play --seed``: which deal, a whole number (``Options.seed`` is an int, so that "play
    again" deals the next one); an empty or blank one is refused as ``_seed_arg`` refuses it."""
    try:
        return int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(
            w("a deal's seed is a whole number, not {text}", text=quoted(text))) from None


def _seconds_arg(text: str, w: CliWords = ENGLISH) -> float:
    """``--pace`` and ``--bot-delay``: seconds from 0 to :data:`MAX_SECONDS`, checked by
    :func:`~tablegames.common.setups.check_seconds` as ``tui.Options(pace=)`` and
    ``Hub(bot_delay=)`` check them (NaN froze every bot room; ``inf`` or ``1e308``
    crashed the terminal game on its clock)."""
    try:
        return check_seconds("seconds", float(text))
    except ValueError:  # not a number, or out of range (a SetupError is a ValueError)
        raise argparse.ArgumentTypeError(
            w("seconds from 0 to {most}, not {text}", most=format(MAX_SECONDS, "g"),
              text=quoted(text))) from None


#: ``--time-limit``'s default for ``simulate``, ``arena`` and ``play``: a run is often left
#: to itself (overnight), and a third party's bot that loops for ever held it until
#: Ctrl-C; a minute is a thousand times what a bot of the library takes per decision at
#: its default budget, so no honest bot meets it (a search with a huge ``--budget`` may:
#: raise it, or say ``none``). The library's own default is no limit.
TIME_LIMIT = 60.0


def _time_limit_arg(text: str, w: CliWords = ENGLISH) -> float | None:
    """``--time-limit``: seconds per decision above 0 and at most a day, or ``none``,
    checked as ``play_game(time_limit=)`` checks it
    (:func:`~tablegames.bots.harness.check_time_limit`)."""
    from tablegames.bots.harness import MAX_TIME_LIMIT, check_time_limit

    if text.strip().lower() == "none":
        return None
    try:
        return check_time_limit(float(text))
    except ValueError:  # not a number, or out of range (ArgumentRefused is a ValueError)
        raise argparse.ArgumentTypeError(
            w("seconds above 0 and at most {most}, or none, not {text}",
              most=format(MAX_TIME_LIMIT, "g"), text=quoted(text))) from None


def _time_limit_option(parser: argparse.ArgumentParser, w: CliWords) -> None:
    """``--time-limit S``, the same in ``simulate``, ``arena`` and ``play``."""
    parser.add_argument("--time-limit", type=_typed(_time_limit_arg, w), default=TIME_LIMIT,
                        metavar="S",
                        help=w("the most seconds a bot may take for one decision; a bot "
                               "past it is stopped and the game ends with its failure "
                               "(default {seconds}; none: no limit)",
                               seconds=format(TIME_LIMIT, "g")))


def _bot_threads_arg(text: str, w: CliWords = ENGLISH) -> int:
    """``serve --bot-threads``: a whole number from 1 to 16, checked by the check of
    ``Hub(bot_threads=)`` (:func:`~tablegames.server.rooms.check_bot_threads`)."""
    from tablegames.server.rooms import MAX_BOT_THREADS, check_bot_threads

    try:
        return check_bot_threads(int(text))
    except ValueError:  # not a number, or out of range (a SetupError is a ValueError)
        raise argparse.ArgumentTypeError(
            w("a whole number from 1 to {most}, not {text}", most=MAX_BOT_THREADS,
              text=quoted(text))) from None


def _count_arg(text: str, w: CliWords = ENGLISH) -> int:
    """``--max-rooms``, ``--sockets-per-address``, ``--rooms-per-network``...: a whole
    number, 1 or more (the check of ``Hub(max_rooms=)``)."""
    try:
        return check_count("count", int(text))
    except ValueError:
        raise argparse.ArgumentTypeError(
            w("a whole number, 1 or more, not {text}", text=quoted(text))) from None


def _port_arg(text: str, w: CliWords = ENGLISH) -> int:
    """``--port``: 1 to 65535 (99999 was taken, printed, and bound as 99999 - 65536)."""
    try:
        value = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(
            w("not a port number: {text}", text=quoted(text))) from None
    if not 1 <= value <= 65535:
        raise argparse.ArgumentTypeError(w("a port is 1 to 65535, not {text}", text=quoted(text)))
    return value


def _typed(check: Callable[..., Any], w: CliWords) -> Callable[[str], Any]:
    """``check`` (one of the ``_*_arg`` readers above) telling its refusal in ``w``'s
    language, keeping its name (argparse names a reader in some of its messages)."""
    return functools.update_wrapper(functools.partial(check, w=w), check)


def _import_help(w: CliWords) -> str:
    """``--import``'s help, the same in ``simulate`` and ``arena``."""
    return w("import this module first, so that the bots it registers with "
             "tablegames.bots.register can be named in --bots (repeat for more; "
             "looked up from the current folder too)")


# -- the library's refusals, in the command's language ----------------------------------
# The library's refusals are told from their codes and fields (:func:`told`), never by
# matching their English, and not checked here again: an unknown game, bot or
# --opponent, a player count the game does not seat, a --seat, an arena's lineup of more
# bots than seats, a run's arguments (--games, --workers, --budget, --address, --plot, a
# --bots list that is not one per seat: all ``ArgumentRefused``, raised before any game
# is played), --out and --resume (``ResumeRefused``, also before any work; a file's
# rows, ``RowRefused``), a Ray cluster (``RayRefused``), a worker of another version
# (``WorkerRefused``), a file, a bot module, and --rules: a variant, an option, a value,
# options together and rules the table cannot be dealt (``RulesError``, its code and
# fields: :func:`_rules_refused`), which go straight to the library
# (:func:`~tablegames.common.rules.coerce_rules`, :meth:`GameInfo.fit_rules`). Their
# English is the library's sentence.


#: Each of :func:`~tablegames.runner.address_problem`'s codes, as the command says it
#: (``{address}`` quoted, ``{forms}`` the forms an address takes).
ADDRESS_PROBLEMS = {
    "empty": N_("address is empty: give {forms}"),
    "long": N_("address is at most {most} characters, not {n}"),
    "scheme": N_("address {address} is not a Ray address: give {forms}"),
    "no_port": N_("address {address} has no port: give {forms}"),
    "no_host": N_("address {address} names no host (an IPv6 address goes in brackets, "
                  "[::1]:6379): give {forms}"),
    "port": N_("address {address}: a port is 1 to 65535"),
}


def _argument_refused(exc: ArgumentRefused, w: CliWords) -> str | None:
    """A run's argument the library refused (:class:`~tablegames.common.errors.
    ArgumentRefused`), told from its code and fields; ``None`` for one a command line
    cannot send (a wrong type: argparse reads every number)."""
    from pathlib import Path

    from tablegames.runner import ADDRESS_FORMS

    value, key = exc.value, (exc.argument, exc.code)
    shown = quoted(value)
    if exc.argument == "names":  # play --names: a name that cannot be one
        if exc.code == "text":
            return w("player names must be non-empty strings of at most {most} characters",
                     most=exc.most)
        if exc.code == "distinct":
            return w("player names must be distinct")
        said = NAME_PROBLEMS.get(exc.code)
        return w(said, i=exc.value) if said else None
    if key == ("game", "choice"):
        return w("unknown game {game}; known: {games}", game=shown, games=w.join(exc.choices))
    if key == ("bot", "choice") and exc.game is not None:
        return w("{game} has no bot {bot}; known: {bots}", game=exc.game, bot=shown,
                 bots=w.join(exc.choices))
    if key == ("opponent", "choice"):
        return w("opponent must be None or one of {bots} (--opponent), not {bot}",
                 bots=w.join(exc.choices), bot=shown)
    if key == ("players", "seats") and exc.game is not None:
        return w("{game} is for {least} to {most} players, not {n}", game=exc.game,
                 least=exc.least, most=exc.most, n=shown)
    if key == ("seat", "range") and exc.most is not None:
        return w("seat must be a seat of this game, 0..{last} (--seat), not {seat}",
                 last=exc.most, seat=shown)
    if key == ("bots", "too_many") and exc.seats is not None:
        return w("{bots} bots for {players} seats: give at most one bot per seat",
                 bots=len(exc.bots), players=exc.seats)
    if key == ("games", "too_few"):
        return w("games must be at least 1 (got {games}): a simulation needs a game to play",
                 games=shown)
    if key == ("games", "too_many"):
        return w("games must be at most {most}, got {games}", most=f"{exc.most:,}", games=shown)
    if key == ("games", "range"):
        return w("games must be in 1..{most}, not {games}", most=f"{exc.most:,}", games=shown)
    if key == ("games", "multiple") and isinstance(value, int) and exc.seats:
        lower = value - value % exc.seats  # the arena's hint: the nearest multiples
        upper = lower + exc.seats
        return (w("games must be a multiple of the {seats} seats so that every bot sits in "
                  "every seat equally often (try {lower} or {upper})",
                  seats=exc.seats, lower=lower, upper=upper) if lower else
                w("games must be a multiple of the {seats} seats so that every bot sits in "
                  "every seat equally often (try {upper})", seats=exc.seats, upper=upper))
    if key == ("bots", "per_seat") and exc.seats is not None:
        return w("bots names one bot for every seat: need {n}, got {got}", n=exc.seats,
                 got=len(exc.bots))
    if key == ("workers", "range"):
        return w("workers must be 1..{most}, got {workers}", most=exc.most, workers=shown)
    if key == ("budget", "range"):
        return w("budget must be in 1..{most} iterations per decision, not {budget}",
                 most=f"{exc.most:,}", budget=shown)
    if key == ("budget", "unused"):
        return w("no bot in the lineup takes a budget ({bots}); ismcts does",
                 bots=w.join(exc.bots))
    if key == ("plot", "suffix") and isinstance(value, str | PathLike):
        return w("--plot {name}: the file must end in .svg, .png or .pdf",
                 name=quoted(Path(value).name, 100))
    if key == ("plot", "matplotlib"):
        return w("plotting needs matplotlib: pip install 'tablegames[plot]'")
    if key == ("address", "backend"):
        return w("address is only used with backend='ray'")
    if exc.argument in ("address", "RAY_ADDRESS") and exc.code in ADDRESS_PROBLEMS:
        said = w(ADDRESS_PROBLEMS[exc.code], address=quoted(value, 100), forms=w(ADDRESS_FORMS),
                 most=exc.most, n=len(value) if isinstance(value, str) else 0)
        return said if exc.argument == "address" else w(
            "{said} (RAY_ADDRESS, from the environment)", said=said)
    return None


def _rules_refused(exc: RulesError, w: CliWords) -> str | None:
    """``--rules`` the library refused (:class:`~tablegames.common.errors.RulesError`),
    told from its code and fields: an unknown variant or option, an option's value by
    the facts its validator gave (a whole number, its bounds, its choices, true or
    false), options that cannot be played together, rules the table cannot be dealt,
    each of several faults. ``None`` for a refusal no command line sends (no rules at
    all) or the command's own (``--rules`` that is not ``key=value``: already in ``w``'s
    language)."""
    option = exc.option or ""
    shown = quoted(exc.value)
    if exc.code == "variant":
        return w("unknown {game} variant {variant}; known: {variants}", game=exc.game or "",
                 variant=quoted(exc.variant), variants=w.join(exc.choices))
    if exc.code == "unknown":
        return w("bad {rules}: unknown option(s): {names}", rules="Rules",
                 names=quoted_names(exc.options))
    if exc.code == "type" and exc.expected == "int":
        return w("the house rule {option} is a whole number, not {value}", option=option,
                 value=shown)
    if exc.code == "range" and exc.least is not None:
        return (w("the house rule {option} is {least} or more, not {value}", option=option,
                  least=exc.least, value=shown) if exc.most is None else
                w("the house rule {option} is from {least} to {most}, not {value}",
                  option=option, least=exc.least, most=exc.most, value=shown))
    if exc.code == "choice":
        return w("the house rule {option} is one of {choices}, not {value}", option=option,
                 choices=w.join(exc.choices), value=shown)
    if exc.code == "bool":
        return w("the house rule {option} is true or false, not {value}", option=option,
                 value=shown)
    if exc.code == "too_long" and exc.most is not None:
        return w("the house rule {option} lists at most {most} items", option=option,
                 most=exc.most)
    if exc.code == "clash":
        return w.n("the house rule {options} cannot be played as it is set",
                   "the house rules {options} cannot be played together",
                   len(exc.options), options=w.join(exc.options))
    if exc.code == "players" and exc.players is not None:
        return (w("with the house rules {options} the game cannot be dealt to {n} players",
                  options=w.join(exc.options), n=exc.players) if exc.options else
                w("with these house rules the game cannot be dealt to {n} players",
                  n=exc.players))
    if exc.code == "several" and exc.faults:
        return w.semicolon.join(_rules_refused(f, w) or str(f) for f in exc.faults)
    if exc.option is not None:  # a value only the option's own check judges, as typed
        return w.n("the house rule {options} cannot be played as it is set",
                   "the house rules {options} cannot be played together", 1,
                   options=f"{exc.option}={_as_typed(exc.value)}")
    return None


def _as_typed(value: object) -> str:
    """An option's value as ``--rules`` reads it (JSON: ``["bogus"]``, ``3``), cut
    short as :func:`~tablegames.common.errors.quoted` cuts a value."""
    try:
        text = json.dumps(value, ensure_ascii=False)
    except (TypeError, ValueError):  # not JSON: a Python caller's object
        return quoted(value)
    return text if len(text) <= 100 else f"{text[:99]}..."


#: The library's words a refusal above names as a whole (a file's ``what``, the forms
#: of a Ray address, what to do when Ray does not come up), marked for the catalogue;
#: tests/test_cli_lang.py checks each is the library's own.
LIBRARY_WORDS = (
    N_("the results file"), N_("the plot file"),
    N_("'auto' (the Ray that `ray start --head` runs on this machine), HOST:PORT (a head "
       "node, port 6379 unless it was started with another) or ray://HOST:PORT (its client "
       "server, port 10001)"),
    N_("Ray gives a new local cluster a fixed start-up deadline, which a busy machine can miss. "
       "Start Ray once yourself and let runs connect to it: `ray start --head` (it prints the "
       "address), then add `--address auto` (Python: address='auto'), or the printed address, "
       "or ray://HOST:10001 for a remote cluster. To give Ray's own start-up more time "
       "instead, set RAY_gcs_server_port_wait_time_s=300 and "
       "RAY_gcs_server_request_timeout_seconds=300 in the environment. `--backend process` "
       "(the default) needs no Ray."),
)


#: The operating system's refusals a command line meets most, told in the command's
#: language; any other is the system's own words (``FileRefused.reason``).
OS_REASONS = {
    errno.EACCES: N_("permission denied"), errno.EPERM: N_("permission denied"),
    errno.ENOENT: N_("no such file or folder"), errno.EROFS: N_("the disk is read-only"),
    errno.ENOSPC: N_("no space left on the disk"), errno.ENOTDIR: N_("a part of the path is not a folder"),
    errno.EISDIR: N_("it is a folder"), errno.ENAMETOOLONG: N_("the name is too long"),
}


def told(exc: TablegamesError, w: CliWords) -> str:
    """The refusal ``exc`` as the command says it: in English the library's sentence; in
    another language, the errors that carry fields for it (a file that cannot be written,
    :class:`~tablegames.common.paths.FileRefused`; a bot module that cannot be imported,
    :class:`~tablegames.bots.registry.BotModuleRefused`; a run's argument,
    :class:`~tablegames.common.errors.ArgumentRefused`; ``--out`` and ``--resume``,
    :class:`~tablegames.common.errors.ResumeRefused` and
    :class:`~tablegames.common.errors.RowRefused`; a Ray cluster,
    :class:`~tablegames.common.errors.RayRefused`; a worker of another version,
    :class:`~tablegames.common.errors.WorkerRefused`; ``--rules``,
    :class:`~tablegames.common.errors.RulesError`) in the catalogue's words. The
    English sentence is never read."""
    from tablegames.bots.registry import BotModuleRefused
    from tablegames.common.paths import NAME_MAX, FileRefused

    if w.lang == "en":
        return str(exc)
    if isinstance(exc, FileRefused):
        what, path = w(exc.what), quoted(exc.path, 200)
        folder = quoted(exc.folder or "", 200)
        if exc.problem == "not_text":  # ``--out ''``: quoted as the library quotes it
            return w("{what} must be a path of text, not {path}", what=what,
                     path=quoted(exc.path, 100))
        if exc.problem == "type":  # a caller of the library's; no command line sends one
            return w("{what} must be a path, not {kind}", what=what, kind=exc.kind or "")
        if exc.problem == "long_name":
            return w("{what} {path}: a name on its path is longer than {most} bytes",
                     what=what, path=path, most=NAME_MAX)
        if exc.problem == "directory":
            return w("{what} {path} is not a file: it is a directory", what=what, path=path)
        if exc.problem == "in_the_way":
            return w("cannot write {what} {path}: {folder} is not a folder (a file of that "
                     "name is in the way)", what=what, path=path, folder=folder)
        if exc.problem == "no_permission":
            return w("cannot write {what} in {folder}: no permission", what=what,
                     folder=folder)
        said = OS_REASONS.get(exc.errno or 0)
        reason = w(said) if said else (exc.reason or "")
        if exc.problem == "no_folder":
            return w("cannot create the folder {folder} for {what}: {reason}",
                     folder=folder, what=what, reason=reason)
        return w("cannot write {what} {path}: {reason}", what=what, path=path, reason=reason)
    if isinstance(exc, BotFailed):
        return _bot_failed(exc, w)
    if isinstance(exc, ArgumentRefused):
        return _argument_refused(exc, w) or str(exc)
    if isinstance(exc, RulesError):
        return _rules_refused(exc, w) or str(exc)
    if isinstance(exc, RayRefused):
        return _ray_refused(exc, w)
    if isinstance(exc, ResumeRefused | RowRefused | WorkerRefused):
        return _run_refused(exc, w)
    if isinstance(exc, BotModuleRefused):
        module = quoted(exc.module)
        if exc.failed:  # the module's own error: Python's type and words, as raised
            return w("the bot module {module} failed while imported: {cause}",
                     module=module, cause=exc.cause)
        if exc.missing:
            return w("cannot import the bot module {module}: no module named {missing}",
                     module=module, missing=quoted(exc.missing))
        return w("cannot import the bot module {module}: {cause}", module=module,
                 cause=quoted(exc.cause, 200))
    return str(exc)


#: Each of ``tablegames.common.setups.NAME_PROBLEMS``' codes, as the command says
#: a player name refused for it (``{i}`` the name's index).
NAME_PROBLEMS = {
    "space": N_("player name {i} has a space at its start or end"),
    "control": N_("player name {i} holds a control character, a line break or a lone "
                  "surrogate"),
    "direction": N_("player name {i} holds a direction control (U+202A-U+202E, "
                    "U+2066-U+2069), which turns the text around it"),
}
#: The operating system's reasons nothing answers at an address, told in the command's
#: language; any other is the system's own words (``RayRefused.reason``).
NET_REASONS = {
    errno.ECONNREFUSED: N_("connection refused"), errno.ETIMEDOUT: N_("timed out"),
    errno.EHOSTUNREACH: N_("no route to the host"),
    errno.ENETUNREACH: N_("the network cannot be reached"),
    socket.EAI_NONAME: N_("no host of that name is known"),
}
#: What something other than Ray did at a Ray address (``RayRefused.answer``).
NOT_RAY = {
    "silent": N_("it accepted the connection but did not answer in Ray's protocol, gRPC, "
                 "within {seconds} s"),
    "http": N_("an HTTP server, not Ray's protocol, gRPC; Ray's dashboard (port 8265) is no "
               "cluster address"),
    "closed": N_("it closed the connection without answering in Ray's protocol, gRPC"),
    "other": N_("its answer is not in Ray's protocol, gRPC"),
}


#: What a bot did that cannot be played (:data:`~tablegames.common.errors.BOT_FAILURES`),
#: as the command says it.
BOT_DID = {
    "raised": N_("the bot {bot} at seat {seat} raised {cause} when asked for {asked}"),
    "no_action": N_("the bot {bot} at seat {seat} answered {asked} with None: a turn must "
                    "be played (return one of handle.legal_actions())"),
    "text": N_("the bot {bot} at seat {seat} answered {asked} with the text {answer}: a bot "
               "returns the action object itself, one of handle.legal_actions()"),
    "other_seat": N_("the bot {bot} at seat {seat} answered {asked} with {answer}, an "
                     "action in another seat's name"),
    "illegal": N_("the bot {bot} at seat {seat} answered {asked} with {answer}, which is not "
                  "one of its legal actions"),
    "not_action": N_("the bot {bot} at seat {seat} answered {asked} with {answer}, which is "
                     "no action"),
    "timed_out": N_("the bot {bot} at seat {seat} did not answer {asked} within the time "
                    "limit of {limit} s ({seconds} s passed)"),
    "made": N_("the bot {bot} at seat {seat} could not be made: its factory raised {cause}"),
}
#: ``BOT_DID["made"]`` where the factory returned ``None`` (no ``cause``).
BOT_MADE_NONE = N_("the bot {bot} at seat {seat} could not be made: its factory returned "
                   "None, not a bot")


def _bot_failed(exc: BotFailed, w: CliWords) -> str:
    """A bot whose answer could not be played, from the error's fields; the bot's own
    exception and the engine's refusal stay in their own words."""
    did = BOT_DID.get(exc.code)
    if did is None:
        return str(exc)
    if exc.code == "made" and not exc.cause_text:
        did = BOT_MADE_NONE
    asked = w("its turn") if exc.asked == "turn" else w("an interrupt")
    said = w(did, bot=quoted(exc.bot), seat=exc.seat, cause=exc.cause_text, asked=asked,
             answer=exc.answer, limit=format(exc.time_limit or 0, "g"),
             seconds=f"{exc.seconds or 0:.2f}")
    if exc.code not in ("raised", "made") and exc.cause_text:
        said += w(" (the game refused it: {cause})", cause=exc.cause_text)
    if exc.code == "made" and exc.seed is None:  # the lineup's check, before any game
        return w("{said}, when the lineup was checked before the games (bot seed 0)",
                 said=said)
    if exc.game is not None:
        return w("{said}, in game {game} of the run with seed {run_seed} (the game dealt from "
                 "seed {seed}), after {actions} actions", said=said, game=exc.game,
                 run_seed=exc.run_seed, seed=exc.seed, actions=exc.action)
    return w("{said}, in the game dealt from seed {seed}, after {actions} actions",
             said=said, seed=exc.seed, actions=exc.action)


def _replay_line(exc: BotFailed, args: argparse.Namespace) -> str | None:
    """The command line that plays the failed game again, in one process: the same line
    with ``--games`` cut to the run's games up to that one (its games are a function of
    their index, so the last is the same game) and ``--workers 1`` (the traceback comes
    from this process; a debugger works). With ``simulate --out`` it adds ``--resume``:
    the file keeps the games before it, so only the failed game is played."""
    import shlex

    argv = getattr(args, "argv", None)
    if exc.game is None or argv is None:
        return None
    if args.command == "arena":
        seats = len(exc.lineup) or 1
        games = (exc.game // seats + 1) * seats
    else:
        games = exc.game + 1
    line = _without(_without(list(argv), "--games"), "--workers")
    line += ["--games", str(games), "--workers", "1"]
    if args.command == "simulate" and args.out and not args.resume:
        line.append("--resume")
    return "tablegames " + shlex.join(line)


def _without(argv: list[str], option: str) -> list[str]:
    """``argv`` less ``option`` and its value (``--games 8``, ``--games=8``, and the
    abbreviations argparse takes, ``--gam 8``)."""
    out: list[str] = []
    skip = False
    for token in argv:
        if skip:
            skip = False
            continue
        name = token.split("=", 1)[0]
        if len(name) >= 3 and name.startswith("--") and option.startswith(name):
            skip = "=" not in token
            continue
        out.append(token)
    return out


def _run_refused(exc: ResumeRefused | RowRefused | WorkerRefused, w: CliWords) -> str:
    """A run of ``simulate`` refused for its results file (``--out`` and ``--resume``
    that do not agree with the disk, a row of the file that is not this run's) or for a
    worker of another version, told from the error's code and fields."""
    if isinstance(exc, WorkerRefused):
        if exc.code != "version":
            return str(exc)
        return w("a worker runs tablegames {version} ({game} engine {engine}), the caller "
                 "{caller_version} (engine {caller_engine}); install the same version on "
                 "every machine", version=exc.version, game=exc.game, engine=exc.engine,
                 caller_version=exc.caller_version, caller_engine=exc.caller_engine)
    path = quoted(exc.path, 200)
    if isinstance(exc, RowRefused):
        return (w("{path}: line {line} belongs to another run (other settings or an older "
                  "version); finish it with the settings and version that wrote it, or write "
                  "the rest to a new --out file", path=path, line=exc.line) if exc.other_run
                else w("{path}: line {line} is not a row of this run, or one more than the "
                       "games asked for: the file was edited", path=path, line=exc.line))
    if exc.code == "no_out":
        return w("resume=True needs out=, the results file to continue")
    if exc.code == "not_regular":
        return w("the results file {path} is not a regular file (a device, a pipe or a "
                 "socket): --resume reads the file back and cuts a torn last line, so name "
                 "a file", path=path)
    if exc.code == "exists":
        return w("{path} already exists; pass resume=True (--resume) to continue it, or "
                 "remove it to start again", path=path)
    return str(exc)


def _ray_refused(exc: RayRefused, w: CliWords) -> str:
    """A Ray run that could not begin (:class:`~tablegames.common.errors.RayRefused`), told from
    its code and fields; what Ray itself said stays Ray's words."""
    from tablegames.runner import PROBE_SECONDS, RAY_HELP

    address = quoted(exc.address, 100)
    if exc.code == "missing":
        return w("backend='ray' needs Ray: pip install 'tablegames[ray]' (or pip install "
                 "'ray>=2.40')")
    if exc.code == "no_start":
        return w("Ray did not start a local cluster (Ray said: {said}).", said=quoted(
            exc.said, 160)) + " " + w(RAY_HELP)
    if exc.code == "no_connect":
        return w("Ray could not connect to the cluster at {address} (Ray said: {said}); check "
                 "that it runs (`ray status` on its head node) and that the address is right.",
                 address=address, said=quoted(exc.said, 160)) + " " + w(RAY_HELP)
    if exc.code == "unanswered":
        reason = NET_REASONS.get(exc.errno or 0)
        said = w("nothing answers at the Ray address {address} ({why}): check the address, "
                 "and that Ray runs there (`ray start --head` starts one and prints its "
                 "address); `--backend process` (the default) needs no Ray", address=address,
                 why=w(reason) if reason else exc.reason or "")
    elif exc.code == "not_ray" and exc.answer in NOT_RAY:
        said = w("something other than Ray answers at the Ray address {address} ({why}): "
                 "check the address, and that Ray runs there (`ray start --head` starts one "
                 "and prints its address); `--backend process` (the default) needs no Ray",
                 address=address,
                 why=w(NOT_RAY[exc.answer or ""], seconds=format(PROBE_SECONDS, "g")))
    else:
        return str(exc)
    return said if exc.argument != "RAY_ADDRESS" else w(
        "{said} (RAY_ADDRESS, from the environment)", said=said)


def import_bots(modules: Sequence[str]) -> None:
    """``--import``: import the user's bot modules, looked up from the current folder too
    (as ``python -m`` does; the ``tablegames`` command's own folder is its script's).
    The folder goes on ``sys.path`` before any worker starts, so the workers, which
    import each registered bot's module again (:func:`tablegames.bots.registry.origins`),
    find it as well."""
    if not modules:
        return
    import os

    from tablegames.bots.registry import load

    here = os.getcwd()
    if here not in sys.path and "" not in sys.path:
        sys.path.insert(0, here)
    load(modules)


def cmd_simulate(args: argparse.Namespace, out: TextIO, w: CliWords = ENGLISH) -> int:
    """``tablegames simulate``: :func:`tablegames.simulation.simulate` with a progress bar
    on stderr, so that ``--json > summary.json`` stays clean; Ctrl-C says how to resume."""
    from tablegames.simulation import simulate

    import_bots(args.imports)

    info = game_info(args.game)  # an unknown game: ArgumentRefused, told
    bots: str | list[str] | None = None
    if args.bot is not None:  # "club, random" as the arena reads it, not a bot " random"
        bots = _comma_list(args.bot) if "," in args.bot else args.bot.strip()
    rules = parse_rules(info, args.rules, w)
    names = [bots] if isinstance(bots, str) else bots or [info.default_bot]
    players = args.players
    if players is None:  # as simulate counts them: one per name, else the game's own
        players = len(bots) if isinstance(bots, list) else info.default_players()
    # a player count, a bot, a --bots list not one per seat: the library's ArgumentRefused
    if rules is not None:  # rules the table cannot be dealt: the library's RulesNotDealt
        info.fit_rules(players, rules)
    fresh = _nothing_to_resume(args, w)
    update, close = _progress(args.games, sys.stderr.isatty(), slow="ismcts" in names,
                              label=w("playing"))
    if fresh is not None:
        update = _announced(fresh, update)
    try:
        summary = simulate(
            info, bots, games=args.games, seed=args.seed, workers=args.workers, players=args.players,
            rules=rules, budget=args.budget, out=args.out, resume=args.resume, plot=args.plot,
            backend=args.backend, address=args.address, progress=update,
            time_limit=args.time_limit,
        )
    except KeyboardInterrupt:
        close()
        said = (w("interrupted (add --resume to the same command to finish it)") if args.out
                else w("interrupted"))
        sys.stderr.write(f"tablegames: {said}\n")
        return INTERRUPTED
    finally:
        close()
    if args.json:
        out.write(json.dumps(summary.to_dict(), indent=2) + "\n")
    else:
        out.write(summary.report(w))
    return 0


def _nothing_to_resume(args: argparse.Namespace, w: CliWords) -> str | None:
    """``--resume`` with an ``--out`` file that does not exist yet starts the run: the
    line that says so, for stderr (``None`` otherwise). The rest of what ``--out`` and
    ``--resume`` may not be is the library's to refuse
    (:class:`~tablegames.common.errors.ResumeRefused`, before any game is played or any
    file is made), told by :func:`told`."""
    from pathlib import Path

    if args.out is None or not args.resume:
        return None
    path = Path(args.out)
    try:
        if path.exists():
            return None
    except (OSError, ValueError):  # a name the file system refuses: the library says it
        return None
    # nothing was stopped: the run starts from its first game, as the same command
    # without --resume would, and says so (a mistyped name would otherwise pass
    # unnoticed, every game played again into a new file)
    return w("nothing to resume in {path}: starting the run", path=quoted(str(path), 200))


def _announced(text: str, update: Callable[[int], None] | None) -> Callable[[int], None]:
    """``update`` (if any), first writing ``text`` on stderr, once: at the library's first
    report of progress, which comes when every argument and file is checked, so that a
    refusal is never preceded by a line saying the run starts."""
    said = False

    def report(done: int) -> None:
        nonlocal said
        if not said:
            said = True
            _note(text)
        if update is not None:
            update(done)

    return report


def parse_rules(info: GameInfo, texts: Sequence[str], w: CliWords = ENGLISH) -> Any:
    """``--rules`` values as rules named the way ``new_game`` takes them: a variant name,
    or ``(variant or the standard Rules, {key: value})`` when options are given.

    Options override the variant whatever their order; a value is read as JSON when it can
    be (``15``, ``true``, ``"x"``) and as text otherwise (``dirty_hand=faces_or_seven``).
    Unknown names and bad values are the library's ``RulesError``, raised here
    (:func:`~tablegames.common.rules.coerce_rules`; told by its code, :func:`told`). The
    rules stay named, not merged into one ``Rules``, so the table's size can fit them
    (:meth:`~tablegames.common.protocol.GameInfo.fit_rules`: ``--rules classic`` for eight
    Shithead players deals from two decks) while every option typed is kept as typed.
    """
    if not texts:
        return None
    variant: str | None = None
    changes: dict[str, Any] = {}
    for text in texts:
        key, eq, value = text.partition("=")
        if not eq:
            if variant is not None and variant != text.strip():
                raise RulesError(w("--rules: two variants ({one}, {other}); choose one and "
                                   "add key=value options", one=quoted(variant),
                                   other=quoted(text.strip())), code="not_rules", value=text)
            variant = text.strip()
            continue
        if not key.strip():
            raise RulesError(w("--rules {text}: write an option as key=value",
                               text=quoted(text)), code="not_rules", value=text)
        try:  # the bounded loads: 100,000 brackets were json's RecursionError
            changes[key.strip()] = loads(value)
        except ValueError:  # not JSON: a word (the rules then say if it is an option's)
            changes[key.strip()] = value.strip()
    named: Any = variant if not changes else (
        variant if variant is not None else info.rules_class(), changes)
    coerce_rules(info.rules_class, named)  # a misspelt name or a bad value: refused now
    return named


def cmd_play(args: argparse.Namespace, out: TextIO, inp: TextIO,
             w: CliWords = ENGLISH) -> int:
    """``tablegames play``: the terminal game (:mod:`tablegames.tui`), whose options are
    checked by :class:`tablegames.tui.session.Options` as a Python caller's are.

    ``--import`` makes a bot of one's own known, to be named by ``--opponent``; when it
    fails (raises, answers with no legal move, or takes more than ``--time-limit``) the
    game stops, the terminal is put back, and :func:`main` says the
    :class:`~tablegames.common.errors.BotFailed` in one paragraph (exit status 1)."""
    import_bots(args.imports)
    info = game_info(args.game)
    try:
        from tablegames.tui import Options, play
    except ImportError as exc:  # rich is the [cli] extra
        raise SetupError(w("tablegames play needs rich ({reason}); install it with: "
                           "pip install 'tablegames[cli]'", reason=exc)) from None
    players: int | list[str]
    if args.names is not None:  # --names "" is a mistake to say, not "no names given"
        players = _comma_list(args.names)
        if args.players is not None and args.players != len(players):
            raise SetupError(w.n("--players {players} but --names gives {n} name",
                                 "--players {players} but --names gives {n} names",
                                 len(players), players=args.players))
    else:
        players = args.players if args.players is not None else info.default_players()
    if isinstance(players, list):  # in the library's order: too many, the names, too few
        from tablegames.common.setups import normalize_players

        normalize_players(players, info.min_players, info.max_players, info.name)
    # the count, before --rules are read; the seat and the opponent are Options' to refuse
    seats = info.check_players(players if isinstance(players, int) else len(players))
    rules = parse_rules(info, args.rules, w)
    if rules is not None:
        info.fit_rules(seats, rules)
    options = Options(game=info.name, players=players, seat=args.seat, seed=args.seed,
                      rules=rules, opponent=args.opponent,
                      table=args.table, lang=getattr(args, "lang", w.lang), pace=args.pace, debug=args.debug,
                      reports=args.reports, time_limit=args.time_limit)
    try:
        return play(options, out, inp)
    except BotFailed:
        out.write("\n")  # the paragraph on stderr starts on a line of its own
        out.flush()
        raise


def cmd_rulings(args: argparse.Namespace, out: TextIO, w: CliWords = ENGLISH) -> int:
    """``tablegames rulings GAME [ID]``: the list, or one ruling as plain text (the rule,
    the example at the table with its picture drawn as cards, the decision, the example
    in code) with an absolute link to its page (:mod:`tablegames.render.terminal`).

    In the command's language where the game's rulings are written in it (the titles,
    rules and examples of the ``<game>_rulings`` catalogue, the help screen's words, and
    the labels of the ``cli`` catalogue); a game without that language (Shithead in
    Dutch) is told in English, and stderr says so in the command's language, as it says
    when a ruling's words are not all translated yet."""
    from tablegames.render.terminal import print_ruling
    from tablegames.table.i18n import lang_for, ruling_words

    info = game_info(args.game)
    rulings = load_rulings(args.game)
    lang = lang_for(args.game, w.lang) if w.lang != "en" else "en"
    said = ruling_words(args.game, lang)
    # the ruling's labels in the language its words are in: English for a game the
    # language lacks, so that no line mixes two languages
    say = w if lang == w.lang else ENGLISH
    if args.id is None:
        _told_in(lang, args.game, w)
        if lang != "en" and any(said(r.title) == r.title for r in rulings):
            _note(w("some of these words are not translated yet: they are shown in English"))
        for r in rulings:
            out.write(say(N_("{id}  {title}"), id=r.id, title=said(r.title)) + "\n")
        return 0
    # as a person types it: ``toe-51``, ``TOE51`` or ``TOE 51 `` (the rulings site's search
    # takes them all too): the game's prefix, a hyphen, the number
    wanted = args.id.strip().upper()
    prefix = info.ruling_prefix
    if prefix and wanted.startswith(prefix):
        wanted = f"{prefix}-{wanted[len(prefix):].lstrip(' -')}"
    for r in rulings:
        if r.id == wanted:
            _told_in(lang, args.game, w)
            if lang != "en" and any(said(x) == x for x in player_texts(r)):
                _note(w("some of these words are not translated yet: they are shown in English"))
            print_ruling(args.game, r, out, plain=args.plain, lang=lang, w=say)
            return 0
    # a mistake of the caller's, as an unknown game is: exit status 2, as argparse's own
    raise SetupError(w("no ruling {id} in {game} (tablegames rulings {game} lists them)",
                       id=quoted(args.id), game=args.game))


def _told_in(lang: str, game: str, w: CliWords) -> None:
    """Say on stderr that ``game``'s rulings are told in English when the command's
    language is not theirs (said once something is found to print, not before a
    refusal)."""
    if lang != w.lang:
        _note(w("the rulings of {game} are not written in this language: they are "
                "shown in English", game=game))


def _note(text: str) -> None:
    """A line on stderr about what is printed (not a refusal: the exit status stays 0)."""
    sys.stderr.write(f"tablegames: {text}\n")


def cmd_games(out: TextIO, game: str | None = None, w: CliWords = ENGLISH) -> int:
    """The games, one line each; with ``game``, that game's variants and house rules (what
    ``--rules`` takes), each option with its default and the words the room form shows,
    in the command's language (a variant's name and an option's key are what ``--rules``
    takes: never translated)."""
    def about(info: GameInfo) -> str:
        return w("{title} ({least}-{most} players; bots: {bots})",
                 title=w.game_text(info.name, info.title), least=info.min_players,
                 most=info.max_players, bots=w.join(info.bots))

    if game is None:
        for name in GAMES:
            out.write(f"{name:<10} {about(GAMES[name])}\n")
        return 0
    import textwrap

    import attrs

    from tablegames.common.rules import option_text, rules_to_dict

    info = game_info(game)
    say = functools.partial(w.game_text, info.name)
    out.write(about(info) + "\n")
    default = rules_to_dict(info.rules_class())

    def shown(value: Any) -> str:
        """A value as ``--rules KEY=VALUE`` reads it (JSON, or a bare word); a table of
        items (Shithead's effects) is only marked, its items are the guide's."""
        if isinstance(value, str):
            return value
        if isinstance(value, dict) or (isinstance(value, list)
                                       and any(isinstance(v, dict) for v in value)):
            return "{...}" if isinstance(value, dict) else "[...]"
        return json.dumps(value, separators=(",", ":"))

    out.write("\n" + w("Variants (--rules NAME), each with what it changes:") + "\n")
    wide = 2 + max(map(len, info.variants), default=0)
    for name, rules in sorted(info.variants.items()):
        changed = [f"{k}={shown(v)}" for k, v in rules_to_dict(rules).items()
                   if default.get(k) != v]
        out.write(textwrap.fill(w.join(changed) or w("(the default rules)"), width=100,
                                initial_indent=f"  {name:<{wide}}",
                                subsequent_indent=" " * (wide + 2)) + "\n")
    out.write("\n" + w("House rules (--rules KEY=VALUE; shown with the default value):") + "\n")
    for field in attrs.fields(info.rules_class):
        head = f"  {field.name}={shown(default.get(field.name))}"
        text = option_text(field)
        words = "" if text is None else f"{say(text.label)}: {say(text.help)}" + "".join(
            f" {value}: {say(said)}." for value, said in text.choices.items())
        if len(head) > 30:  # a long default (Phase 10's phases) on a line of its own
            out.write(head + "\n")
            head = ""
        out.write(textwrap.fill(words, width=100, initial_indent=f"{head:<30} ",
                                subsequent_indent=" " * 31) + "\n" if words else head + "\n")
    return 0


def _lang_option(parser: argparse.ArgumentParser, w: CliWords,
                 langs: tuple[str, ...] = COMMAND_LANGS) -> None:
    """``--lang``: the language of the command's words (:mod:`tablegames.cliwords` reads it
    before parsing; the option is here so that argparse takes it and ``--help`` says it)."""
    parser.add_argument("--lang", choices=langs, default=argparse.SUPPRESS,
                        help=w("language of this command's help and messages: {langs} "
                               "(default: en)", langs=", ".join(langs)))


def _arena_parser(sub: Any, w: CliWords) -> None:
    a = sub.add_parser(
        "arena", help=w("seat-rotated bot matches with win/loss rates and intervals"),
        description=w("Play bots against each other with the seats rotated, so that no bot keeps\n"
                      "the best seat, and print each bot's loss and win rates with 95% intervals,\n"
                      "its mean score, its time per decision and, with more than two bots, an\n"
                      "OpenSkill rating. The same seed gives the same matches."),
        epilog=w("examples:") + "\n"
               "  tablegames arena toepen --bots ismcts,club,random,random --budget 60\n"
               "  tablegames arena shithead --bots smart,random --games 200 --json\n"
               "  tablegames arena toepen --import mybots --bots flatmc,club --games 40",
        formatter_class=argparse.RawDescriptionHelpFormatter)
    a.add_argument("game", metavar=w("game"), help=w("the game: {games}", games=", ".join(GAMES)))
    a.add_argument("--bots", required=True,
                   help=w("the lineup, one bot per seat: ismcts,club,random,random"))
    a.add_argument("--games", type=int, default=None,
                   help=w("games, a multiple of the seats (default: 25 per seat)"))
    a.add_argument("--seed", type=_typed(_seed_arg, w), default=0,
                   help=w("arena seed (deals and bots)"))
    a.add_argument("--budget", type=int, default=None,
                   help=w("search budget for the bots that take one (ismcts: iterations per "
                          "decision)"))
    a.add_argument("--players", type=int, default=None, help=w("seats (default: one per bot)"))
    a.add_argument("--workers", type=int, default=None,
                   help=w("processes (default: every core)"))
    a.add_argument("--rules", action="append", default=[], metavar="RULE",
                   help=w("house rules: a variant name or an option key=value (repeat for more)"))
    a.add_argument("--json", action="store_true", help=w("print the results as one JSON object"))
    a.add_argument("--import", dest="imports", action="append", default=[], metavar="MODULE",
                   help=_import_help(w))
    _time_limit_option(a, w)
    _lang_option(a, w)


def cmd_arena(args: argparse.Namespace, out: TextIO, w: CliWords = ENGLISH) -> int:
    """``tablegames arena``: everything is checked before the first game, then played with a
    progress bar on stderr (every game counts: a search bot's game takes seconds)."""
    from tablegames.bots.matches import arena

    import_bots(args.imports)
    info = game_info(args.game)
    lineup = _comma_list(args.bots)
    players = args.players if args.players is not None else len(lineup)
    # a player count, more bots than seats, an unknown bot: the library's ArgumentRefused
    rules = parse_rules(info, args.rules, w) if args.rules else None
    if rules is not None:
        info.fit_rules(players, rules)
    games = args.games if args.games is not None else 25 * max(1, players)
    update, close = _progress(games, sys.stderr.isatty() and not args.json, slow=True,
                              label=w("arena"))
    try:
        result = arena(args.game, lineup, games, args.seed, budget=args.budget,
                       players=args.players, workers=args.workers,
                       rules=rules, time_limit=args.time_limit,
                       progress=update, keep_records=False)  # the report needs only the sums
    finally:
        close()
    if args.json:
        out.write(json.dumps(result.to_dict()) + "\n")
    else:
        out.write(result.report(w))
    return 0


def cmd_serve(args: argparse.Namespace, out: TextIO, w: CliWords = ENGLISH) -> int:
    """``tablegames serve``: the reference room server (needs the ``server`` extra)."""
    try:
        import uvicorn

        from tablegames.server.app import UVICORN_HTTP, UVICORN_WS, create_app
        from tablegames.server.limits import Limits
        from tablegames.server.pgstore import without_password
        from tablegames.server.store import StoreError
    except ImportError:
        raise SetupError(w('tablegames serve needs the server extra: '
                           'pip install "tablegames[server]"')) from None
    import attrs

    limits = attrs.evolve(Limits.unmetered() if args.unmetered else Limits(),
                          trusted_proxies=tuple(args.trusted_proxy))
    for name in ("sockets_per_address", "sockets_per_network", "rooms_per_network"):
        if getattr(args, name) is not None:
            limits = attrs.evolve(limits, **{name: getattr(args, name)})
    joins = join_lines(args.host, args.port, w)
    try:
        app = create_app(args.db, bot_delay=args.bot_delay, limits=limits,
                         max_rooms=args.max_rooms, bot_threads=args.bot_threads,
                         share_url=joins[1])
    except ImportError:
        raise SetupError(w('a PostgreSQL database needs the postgres extra: '
                           'pip install "tablegames[postgres]"')) from None
    except StoreError as exc:  # a --db that cannot be opened, or is in use
        raise SetupError(f"serve: {' '.join(str(exc).split())}") from None
    # the service's log keeps this line: a PostgreSQL URL is shown without its password
    out.write("tablegames: " + w("rooms on {url} (stored in {db})",
                                 url=f"http://{args.host}:{args.port}/",
                                 db=without_password(args.db)) + "\n")
    out.writelines(joins[0])
    out.flush()
    # uvicorn believes X-Forwarded-For (and -Proto) from 127.0.0.1 unless told otherwise: a
    # client on this computer, or any client behind a tunnel that passes headers through
    # unchanged, could then name any address and slip every per-address limit. It believes
    # the --trusted-proxy addresses only (the scheme they forward makes a QR code's link
    # https behind a TLS proxy), and nobody without one
    trusted = list(limits.trusted_proxies)
    uvicorn.run(app, host=args.host, port=args.port, log_level=args.log_level,
                proxy_headers=bool(trusted), forwarded_allow_ips=trusted or None,
                **UVICORN_HTTP, **UVICORN_WS)
    return 0


def join_lines(host: str, port: int, w: CliWords = ENGLISH) -> tuple[list[str], str | None]:
    """What ``tablegames serve`` says, after where it listens, about who can join, and the
    address a room's link and QR code give phones (``None``: the one its page was opened
    at).

    On ``127.0.0.1`` (the default) only this computer can join, and the line says how to
    let phones in. On every interface (``0.0.0.0``, ``::``) it names the addresses phones
    on this network open (:func:`tablegames.server.lan.lan_addresses`): the first is also
    the link a room made from a page opened at ``localhost`` gives. Without a network it
    says that only this computer can join, until it has one. On a named address it says
    nothing more: the first line's address is the one to open. The lines are in ``w``'s
    language.
    """
    from tablegames.server.lan import lan_addresses, url_host

    if _loopback(host):
        return ["tablegames: " + w("listening on {host} only, so only this computer can join "
                                   "and phones cannot reach it: serve with --host 0.0.0.0 to "
                                   "let phones on this network join", host=host) + "\n"], None
    if host not in ("0.0.0.0", "::"):
        return [], None
    found = lan_addresses(host)
    urls = [f"http://{url_host(a)}:{port}" for a in found]
    if _loopback(found[0]):  # the loopback address is there only when nothing else is
        return ["tablegames: " + w("no network found, so only this computer can join, at "
                                   "{url} (phones can once it is on a network; serve again "
                                   "then)", url=urls[0] + "/") + "\n"], None
    more = w(" (or {urls})", urls=w.join(u + "/" for u in urls[1:4])) if len(urls) > 1 else ""
    return ["tablegames: " + w("phones on this network join at {url}{more}; a room made at "
                               "localhost gives them that address in its link and QR code",
                               url=urls[0] + "/", more=more) + "\n"], urls[0]


def _loopback(host: str) -> bool:
    """Whether ``host`` is reachable from this computer only (``127.0.0.1``, ``::1``,
    ``localhost``): the default, safe for a first try, and the first thing a host whose
    phones see nothing needs to hear about."""
    import ipaddress

    if host.lower().rstrip(".") == "localhost":
        return True
    try:
        return ipaddress.ip_address(host.strip("[]")).is_loopback
    except ValueError:
        return False


def _add_serve(sub: Any, w: CliWords) -> None:
    sv = sub.add_parser(
        "serve", help=w("run the room server: one phone per player at a real table"),
        description=w("Run the room server (needs the server extra): open its address in a\n"
                      "browser, create a room for any game and share its code, link or QR code;\n"
                      "each phone then shows only its own cards and its moves. A room is kept\n"
                      "in --db, so a server stopped and started again goes on where it was.")
        + "\n\n" + w("With several processes on one postgresql:// --db (behind a load\n"
                     "balancer), a room's screens and the open rooms are counted in the\n"
                     "database; the rates and the sockets an address holds are each process's\n"
                     "own: K processes let an address do up to K times as much."),
        epilog=w("examples:") + "\n  tablegames serve --host 0.0.0.0 --db rooms.sqlite\n"
               "  tablegames serve --db postgresql://tables@db.local/tables --port 8001",
        formatter_class=argparse.RawDescriptionHelpFormatter)
    sv.add_argument("--host", default="127.0.0.1",
                    help=w("address to listen on (default: %(default)s, this computer only; "
                           "0.0.0.0: every phone on the network)"))
    sv.add_argument("--port", type=_typed(_port_arg, w), default=8000,
                    help=w("port to listen on, 1 to 65535 (default: %(default)s)"))
    sv.add_argument("--db", default="rooms.sqlite",
                    help=w("where the rooms are kept: a SQLite file (one server process) or a "
                           "postgresql:// URL (any number of server processes) "
                           "(default: %(default)s)"))
    sv.add_argument("--trusted-proxy", action="append", default=[], metavar="ADDRESS",
                    help=w("a reverse proxy whose X-Forwarded-For names the client "
                           "(repeatable)"))
    sv.add_argument("--max-rooms", type=_typed(_count_arg, w), default=5_000,
                    help=w("open rooms at most (idle ones close on the app guide's schedule; "
                           "default: %(default)s)"))
    sv.add_argument("--sockets-per-address", type=_typed(_count_arg, w), default=None,
                    metavar="N",
                    help=w("sockets one address may hold open at once (default: 256, a party "
                           "of some hundred phones behind one home router)"))
    sv.add_argument("--sockets-per-network", type=_typed(_count_arg, w), default=None,
                    metavar="N",
                    help=w("sockets one network (an IPv4 /24, an IPv6 /56) may hold open at "
                           "once (default: 1024)"))
    sv.add_argument("--rooms-per-network", type=_typed(_count_arg, w), default=None,
                    metavar="N",
                    help=w("rooms created from one network (an IPv4 /24, an IPv6 /56) that "
                           "may be open at once (default: 100)"))
    sv.add_argument("--unmetered", action="store_true",
                    help=w("no rate limits on look-ups, joins, creation, screens and seat "
                           "links, nor on the sockets an address or a network holds or the "
                           "rooms a network holds open (load tests and test servers on a "
                           "trusted network only)"))
    sv.add_argument("--bot-delay", type=_typed(_seconds_arg, w), default=0.7,
                    help=w("seconds a bot waits before it moves, 0 to {most} (0 for tests; "
                           "default: %(default)s)", most=format(MAX_SECONDS, "g")))
    sv.add_argument("--bot-threads", type=_typed(_bot_threads_arg, w), default=1, metavar="N",
                    help=w("bot decisions that may think at once across all rooms, 1 to 16 "
                           "(the others wait their turn; default: %(default)s)"))
    sv.add_argument("--log-level", default="warning",
                    choices=["critical", "error", "warning", "info", "debug"],
                    help=w("how much the server logs (default: %(default)s)"))
    _lang_option(sv, w)


#: The longest refusal of a command line, in characters (what was typed is cut to fit).
ERROR_LIMIT = 300


class _Parser(argparse.ArgumentParser):
    """argparse, but a bad option is one line (what is wrong, and where help is), in the
    command's language (``words``, set by :func:`build_parser` on every parser)."""

    def __init__(self, *args: Any, words: CliWords = ENGLISH, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.words = words

    def error(self, message: str) -> NoReturn:
        # argparse repeats what was typed: a control character (a stray carriage return)
        # or a pasted page must not break the line or flood the terminal
        w = self.words
        shown = "".join(c if c.isprintable() else repr(c)[1:-1] for c in message)
        if len(shown) > ERROR_LIMIT:
            shown = w("{start}... ({n} characters)", start=shown[:ERROR_LIMIT], n=len(shown))
        self.exit(2, w("{prog}: {message} (see {prog} --help)", prog=self.prog,
                       message=shown) + "\n")


#: ``tablegames --help``: plain words (the module docstring is for the API docs).
DESCRIPTION = N_("Rules engines for table games: simulate games between bots, play in the\n"
                 "terminal, look up the rulings, rate bots in an arena, or serve a table to "
                 "phones.")
EPILOG = N_("Each command explains itself: tablegames simulate --help, for example.\n"
            "python -m tablegames works the same way.")


def build_parser(words: CliWords = ENGLISH) -> argparse.ArgumentParser:
    """Every subcommand and option, their help in ``words``' language (argparse's own
    headings too when this runs inside :func:`~tablegames.cliwords.argparse_words`): also
    what the site's ``program-help`` blocks print, so the command-line guide shows the
    very help the command gives."""
    w = words
    p = _Parser(prog="tablegames", description=w(DESCRIPTION), epilog=w(EPILOG),
                formatter_class=argparse.RawDescriptionHelpFormatter, words=w)
    p.add_argument("--version", action="version", version=f"tablegames {__version__}",
                   help=w("print the version and stop"))
    _lang_option(p, w)
    # the metavar is what argparse shows anyway; given, a missing command is named by it
    # (not by its dest, the English word "command")
    sub = p.add_subparsers(dest="command", required=True, metavar=COMMANDS)
    s = sub.add_parser(
        "simulate", help=w("play seeded games with bots and summarise them"),
        description=w("Play seeded games with bots and print, per seat and per bot, the share\n"
                      "of games lost and won with its 95% interval, and what the numbers mean.\n"
                      "The same seed gives the same games and the same summary, whatever the\n"
                      "number of workers."),
        epilog=w("examples:") + "\n  tablegames simulate toepen --games 1000 --players 4\n"
               "  tablegames simulate toepen --bots ismcts,club,club,club --budget 60 "
               "--games 40 --plot toepen.svg\n"
               "  tablegames simulate dallah --games 500 --out dallah.jsonl --json",
        formatter_class=argparse.RawDescriptionHelpFormatter)
    s.add_argument("game", metavar=w("game"), help=w("the game: {games}", games=", ".join(GAMES)))
    s.add_argument("--games", type=int, default=100,
                   help=w("number of games, at least 1 (default 100)"))
    s.add_argument("--players", type=int, default=None,
                   help=w("seats (default: one per --bots name, else 4 or what the game allows)"))
    s.add_argument("--seed", type=_typed(_seed_arg, w), default=0,
                   help=w("run seed; game i gets its own seed from it"))
    s.add_argument("--workers", type=int, default=None,
                   help=w("processes (default: every core; 1: this one)"))
    s.add_argument("--out", default=None, help=w("write one JSON line per game to this file"))
    s.add_argument("--resume", action="store_true",
                   help=w("continue an interrupted --out file"))
    s.add_argument("--backend", choices=["process", "ray"], default="process",
                   help=w("where the games run: local processes (default) or a Ray cluster"))
    s.add_argument("--address", default=None,
                   help=w("with --backend ray: the Ray cluster to connect to, 'auto' for the one "
                          "`ray start --head` runs on this machine, HOST:PORT for a head node "
                          "(port 6379) or ray://HOST:PORT for its client server (port 10001); "
                          "an address where nothing answers is refused within seconds "
                          "(default: join a running local Ray or start one)"))
    s.add_argument("--bot", "--bots", dest="bot", default=None,
                   help=w("bot for every seat, or one per seat: ismcts,club,random,random "
                          "(tablegames games lists each game's bots)"))
    s.add_argument("--budget", type=int, default=None,
                   help=w("search budget for the bots that take one (ismcts: iterations per "
                          "decision)"))
    s.add_argument("--plot", default=None, metavar="FILE",
                   help=w("draw loss rates per seat and per bot and the game lengths to FILE "
                          "(.svg, .png or .pdf; needs matplotlib, the plot extra)"))
    s.add_argument("--rules", action="append", default=[], metavar="RULE",
                   help=w("house rules: a variant name or an option key=value (repeat for more)"))
    s.add_argument("--json", action="store_true", help=w("print the summary as JSON"))
    s.add_argument("--import", dest="imports", action="append", default=[], metavar="MODULE",
                   help=_import_help(w))
    _time_limit_option(s, w)
    _lang_option(s, w)
    pl = sub.add_parser(
        "play", help=w("play a game in the terminal, against bots or at a shared screen"),
        description=w("Play a game in the terminal: the table, what happened, your cards and\n"
                      "your moves, fitted to the window (80x24 is enough). Type a move's number,\n"
                      "the move without your seat or just its start (play Th, kn), then Enter;\n"
                      "a key shown in [brackets] plays its move at once, also while the bots\n"
                      "move (k knocks in Toepen). ? shows the rulings that bear on the moment.\n"
                      "Each hand's end waits for a key; at the end, y plays again. q and Enter,\n"
                      "or Ctrl-C, stops."),
        epilog=w("examples:") + "\n  tablegames play toepen --names Ana,Bo,Cy --rules limit=15\n"
               "  tablegames play shithead --rules classic --seat 1\n"
               "  tablegames play dallah --table --players 5 --lang ar",
        formatter_class=argparse.RawDescriptionHelpFormatter)
    pl.add_argument("game", metavar=w("game"), help=w("the game: {games}", games=", ".join(GAMES)))
    pl.add_argument("--players", type=int, default=None,
                    help=w("how many players (default 4, or the number of --names)"))
    pl.add_argument("--names", default=None, metavar="A,B,C",
                    help=w("the players' names in seat order, separated by commas"))
    pl.add_argument("--seat", type=int, default=0,
                    help=w("the seat you play, 0 being the first (default 0)"))
    pl.add_argument("--seed", type=_typed(_deal_seed_arg, w), default=0,
                    help=w("which deal: the same seed and moves give the same game (default 0)"))
    pl.add_argument("--rules", action="append", default=[], metavar="RULE",
                    help=w("house rules: a named variant or an option key=value such as "
                           "limit=15 (tablegames games GAME lists both); repeat for more "
                           "options"))
    pl.add_argument("--opponent", "--bot", dest="opponent", default=None, metavar="BOT",
                    help=w("the bot playing the other seats (default: the game's own bot; "
                           "tablegames games lists them)"))
    pl.add_argument("--table", action="store_true",
                    help=w("a table of people sharing this screen: every seat is human and "
                           "the screen is handed over between turns, hiding the last hand "
                           "(in Dallah the table types every seat's moves and reports)"))
    pl.add_argument("--lang", choices=LANGS, default=argparse.SUPPRESS,
                    help=w("language of every word on screen and of this command's help and "
                           "messages (en, ar; nl for Toepen, da for Phase 10; a game without "
                           "that language is shown in English; default: en)"))
    pl.add_argument("--pace", type=_typed(_seconds_arg, w), default=1.0, metavar="SECONDS",
                    help=w("how long the table is shown before each bot move (default 1, at "
                           "most {most}); a key pressed meanwhile (k: knock) is played first; "
                           "0 means no pause and nothing to confirm (in a terminal keys still "
                           "work; when the input is a script you are asked before a bot moves "
                           "whenever you could move)", most=format(MAX_SECONDS, "g")))
    pl.add_argument("--reports", choices=("bots", "table", "model"), default="bots",
                    help=w("Dallah: who says what fell. bots (default): the game's fall "
                           "model reports for each bot, as if its player said what fell; you "
                           "report your own turns. table: you report every turn, placing the "
                           "bots' cups on a real Dallah yourself. model: the fall model "
                           "reports every turn, yours too (no Dallah at hand)"))
    pl.add_argument("--debug", action="store_true",
                    help=w("also print the raw view and events as JSON"))
    pl.add_argument("--import", dest="imports", action="append", default=[], metavar="MODULE",
                    help=w("import this module first, so that a bot it registers with "
                           "tablegames.bots.register can be named in --opponent (repeat for "
                           "more; looked up from the current folder too)"))
    _time_limit_option(pl, w)
    r = sub.add_parser(
        "rulings", help=w("print a ruling's text and decision"),
        description=w("Print the list of a game's rulings, or one ruling in plain text: the rule,\n"
                      "the example at the table with its picture drawn as cards (from the seat\n"
                      "whose view shows the point), the decision taken where the rule sheets are\n"
                      "silent, the same example in code, and a link to its page. The ID is the\n"
                      "one an illegal move names (for example TOE-51)."),
        epilog=w("examples:") + "\n  tablegames rulings toepen\n  tablegames rulings dallah DAL-33",
        formatter_class=argparse.RawDescriptionHelpFormatter)
    r.add_argument("game", metavar=w("game"), help=w("the game: {games}", games=", ".join(GAMES)))
    r.add_argument("id", nargs="?", metavar=w("id"),
                   help=w("a ruling ID such as TOE-51 (default: list them all)"))
    r.add_argument("--plain", action="store_true",
                   help=w("draw the picture with plain characters, not rich's frame and colours "
                          "(also the default when rich is not installed)"))
    r.add_argument("--lang", choices=LANGS, default=argparse.SUPPRESS,
                   help=w("language of the rulings' words and of this command's help and "
                          "messages (en, ar; nl for Toepen, da for Phase 10; a game whose "
                          "rulings are not written in that language is shown in English; "
                          "default: en)"))
    gp = sub.add_parser(
        "games", help=w("list the games, or one game's variants and house rules"),
        description=w("List the games with their player counts and bots, or one game's named\n"
                      "variants and house rules with their defaults: what --rules takes in\n"
                      "simulate, play and arena."),
        epilog=w("examples:") + "\n  tablegames games\n  tablegames games toepen",
        formatter_class=argparse.RawDescriptionHelpFormatter)
    gp.add_argument("game", nargs="?", default=None, metavar=w("game"),
                    help=w("a game: list its variants and house rules (what --rules takes)"))
    _lang_option(gp, w)
    _arena_parser(sub, w)
    _add_serve(sub, w)
    for command in sub.choices.values():  # each refuses in the command's language too
        command.words = w
    return p


#: The subcommands, as argparse lists them in the usage line.
COMMANDS = "{simulate,play,rulings,games,arena,serve}"


def main(argv: Sequence[str] | None = None, out: TextIO | None = None,
         inp: TextIO | None = None) -> int:
    """Entry point; returns the exit status.

    0: done. 2: the caller's mistake (argparse's usage errors, and every refusal of the
    library: an unknown game, variant, bot or ruling, a bad value, a file that cannot be
    read or written), told in one line on stderr with no traceback. 130
    (:data:`~tablegames.common.errors.INTERRUPTED`): interrupted.
    1: a bot's answer could not be played (:class:`~tablegames.common.errors.BotFailed`:
    a bot of one's own raised, or answered with no legal action): one paragraph on
    stderr saying which bot, where, and the command line that plays that game again,
    then the bot's traceback if it raised. Anything else is a defect of tablegames:
    Python's traceback and exit status 1 too (a defect, of a bot or of tablegames, not
    the command line's mistake).

    The command's own words (help, usage errors, its refusals) are in the language
    ``--lang`` names anywhere on the line (:func:`tablegames.cliwords.lang_of`).
    """
    out = out or sys.stdout
    argv = list(sys.argv[1:] if argv is None else argv)
    w = CliWords(lang_of(argv))
    with argparse_words(w):
        args = build_parser(w).parse_args(argv)
    args.argv = argv  # the line as typed, for the line that replays a bot's failed game
    try:
        if args.command == "simulate":
            return cmd_simulate(args, out, w)
        if args.command == "play":
            return cmd_play(args, out, inp or sys.stdin, w)
        if args.command == "rulings":
            return cmd_rulings(args, out, w)
        if args.command == "arena":
            return cmd_arena(args, out, w)
        if args.command == "serve":
            return cmd_serve(args, out, w)
        return cmd_games(out, args.game, w)
    except BotFailed as exc:
        # a bot's fault, not the command line's (2) nor tablegames' (a traceback of its
        # own): status 1, the paragraph, then the bot's traceback, which is its author's
        # own code and their first clue (always: the command that seats a bot of one's
        # own is run by its author, and a worker's traceback is not shown again later)
        said = told(exc, w)
        replay = _replay_line(exc, args)
        if replay is not None:
            said += w(". To play that game again in one process: {command}", command=replay)
        sys.stderr.write(f"tablegames: {said}\n")
        if exc.trace:
            sys.stderr.write(w("The bot's traceback:") + "\n" + exc.trace)
        return 1
    except TablegamesError as exc:
        sys.stderr.write(f"tablegames: {told(exc, w)}\n")
        return 2
    except BrokenPipeError:  # `tablegames rulings toepen | head`: the reader left early
        import os

        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
        return 0
    except OSError as exc:  # a file named on the command line that cannot be read or written
        sys.stderr.write(f"tablegames: {quoted(exc.filename, 200) + ': ' if exc.filename else ''}"
                         f"{exc.strerror or exc}\n")
        return 2
    except KeyboardInterrupt:  # Ctrl-C in a command that does not handle it itself
        sys.stderr.write("tablegames: " + w("interrupted") + "\n")
        return INTERRUPTED


if __name__ == "__main__":  # pragma: no cover
    raise SystemExit(main())
