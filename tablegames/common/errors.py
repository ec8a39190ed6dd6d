"""Every error the library raises on bad input.

All of them subclass :class:`ValueError`, so an app can catch one type for "the user
asked for something impossible" and still tell the kinds apart. None of them carries
hidden information: messages name only what the acting seat already knows.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping
from types import MappingProxyType

#: How much of a caller's bad value a message quotes (see :func:`quoted`).
QUOTE_LIMIT = 40
#: The exit status of a command stopped with Ctrl-C: 130 (128 + SIGINT), what shells give
#: an interrupted program. Every ``tablegames`` command returns it, the terminal game
#: included (the CLI guide's table of statuses), so it is named once here, beside the
#: errors whose statuses the command line reports.
INTERRUPTED = 130


def quoted(value: object, limit: int = QUOTE_LIMIT) -> str:
    """``repr(value)`` for a refusal message, cut to a short prefix.

    A message names the value it refuses so the caller can find it, but a 60,000-character
    rules line or a 5,000-digit card must not come back as a 60,000-character error (logs,
    phones and terminals all show it). Long values keep their first ``limit`` characters
    and say how long they were.

    >>> quoted("9h")
    "'9h'"
    >>> quoted("x" * 100)
    "'xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx... (102 characters)"
    """
    if type(value) is str:
        text, full = repr(value[: limit * 4]), len(value) + 2
    elif type(value) is int and value.bit_length() > limit * 4:
        return f"an integer of {value.bit_length()} bits"
    elif isinstance(value, list | tuple | dict | set | frozenset) and len(value) > limit:
        # its repr would cost as much as the value is long (30 MB for 10**7 items), and
        # only a prefix is shown: its size says enough
        return f"a {type(value).__name__} of {len(value)} items"
    else:
        try:
            text = repr(value)
        except RecursionError:  # a list inside a list ... 5,000 deep
            return f"a {type(value).__name__} nested too deep to show"
        except ValueError:  # it holds an int of more than 4,300 digits
            return f"a {type(value).__name__} holding a number too long to show"
        full = len(text)
    if full <= limit:
        return text
    return f"{text[:limit - 1]}... ({full} characters)"


def quoted_names(names: Iterable[object], show: Callable[[object], str] = quoted,
                 most: int = 5) -> str:
    """Names for a refusal message (unknown options, unknown fields): each shown by
    ``show`` (cut short), sorted, at most ``most`` of them, then how many more, so 20,000
    unknown names never come back as a 150,000-character error.

    >>> quoted_names(["b", "a"])
    "'a', 'b'"
    >>> quoted_names(map(str, range(8)))
    "'0', '1', '2', '3', '4' and 3 more"
    """
    shown = sorted(map(show, names))
    more = len(shown) - most
    return ", ".join(shown[:most]) + (f" and {more} more" if more > 0 else "")


def _rebuilt(cls: type[BaseException], args: tuple[object, ...],
             fields: dict[str, object], cause: str | None = None) -> BaseException:
    """An error as :meth:`TablegamesError.__reduce__` took it apart: its class, its
    ``args`` and its fields, put back without calling ``__init__`` again; the field named
    ``cause`` (if any) is its ``__cause__`` again too (pickling keeps no ``__cause__``)."""
    error = cls.__new__(cls)
    error.args = args
    error.__dict__.update(fields)
    if cause is not None:
        kept = fields.get(cause)
        error.__cause__ = kept if isinstance(kept, BaseException) else None
    return error


def _reduced_keeping_fields(error: BaseException, names: tuple[str, ...] = ("value",),
                            cause: str | None = None) -> tuple[object, ...]:
    """``error`` taken apart for pickling as :meth:`TablegamesError.__reduce__` does,
    except each field of ``names`` (what a caller sent: a ``value``, a bot's ``rules``)
    that cannot be pickled (a generator, a lambda, a lock), which is left out
    (``None``): a refusal raised in a worker process must come back to the caller as
    itself, not as Python's "cannot pickle" (found by helper-196). ``cause`` names the
    field that is also the error's ``__cause__``; it is kept only when it comes back from
    pickling as itself (a bot's exception class whose ``__init__`` takes other arguments
    than its ``args`` does not), and is the ``__cause__`` of the copy. Its sentence,
    ``code`` and the other fields (numbers and names) are kept. The one way all three
    errors that hold a caller's objects (:class:`RulesError`, :class:`ArgumentRefused`,
    :class:`BotFailed`) are pickled."""
    import pickle

    fields = dict(error.__dict__)
    for name in names:
        try:
            pickle.dumps(fields.get(name))
        except Exception:  # TypeError, PicklingError, AttributeError, RecursionError...
            fields[name] = None
    if cause is None:
        return (_rebuilt, (type(error), error.args, fields))
    try:
        pickle.loads(pickle.dumps(fields.get(cause)))
    except Exception:  # pickled, but its class cannot be made again from its args
        fields[cause] = None
    return (_rebuilt, (type(error), error.args, fields, cause))


class TablegamesError(ValueError):
    """Base of every error tablegames raises for bad input."""

    def __reduce__(self) -> tuple[object, ...]:
        """Pickled and copied whole, as raised: class, ``args`` and fields.

        Python's own reduction calls ``cls(*args)`` again: an :class:`IllegalAction`
        then added its ``[code; ruling]`` tag a second time, and an error whose
        ``__init__`` takes keywords (:class:`StaleState`, the chance errors) could not be
        rebuilt at all, so an error raised in a worker process of
        :func:`tablegames.runner.run` came back different from the one a single process
        raises, or as a broken pool (found by helper-114)."""
        return (_rebuilt, (type(self), self.args, dict(self.__dict__)))


class IllegalAction(TablegamesError):
    """An action that the rules do not allow now.

    ``code`` is a stable, machine-readable reason (``"out_of_turn"``, ``"must_follow_suit"``,
    ...). ``ruling`` is the ID of the ruling enforced (``"TOE-11"``), or ``None`` where the
    refusal is a matter of the protocol rather than of a ruling. The state that refused the
    action is left exactly as it was.

    A refusal raised from a row of a game's table
    (:class:`~tablegames.common.refusals.Refusal`) also carries what a translation needs:
    ``template``, the row's English template (``"it is {to_act}'s turn to play"``, an id
    of the game's ``<game>_refusals`` catalogue), and ``values``, the values it was filled
    with (a dict of the error's own: changing it changes no state; only what the refused
    seat may know, as the message). ``message`` is ``template.format_map(values)``. A
    value that is English words rather than a name, number or notation is a
    :class:`~tablegames.common.refusals.Phrase`, so a front end can translate it too
    (:func:`tablegames.table.refusal_text`). An error raised without a row (the game is
    over, a stale version) has ``template`` ``None`` and empty ``values``.

    A row whose template holds a count (Shithead's "you have {count} face-down cards")
    also carries its English ``plural`` form, and ``count_field``, the name of the value
    that counts, so a catalogue gives the form that number takes in its language (Arabic has
    six); ``template`` is the singular, the catalogue's id, and ``message`` the form
    English takes. Both are ``None`` for a template without a count.
    """

    def __init__(
        self, message: str, *, code: str = "illegal", ruling: str | None = None,
        seat: int | None = None, template: str | None = None,
        values: Mapping[str, object] | None = None, plural: str | None = None,
        count_field: str | None = None,
    ) -> None:
        self.message = message
        self.code = code
        self.ruling = ruling
        self.seat = seat
        self.template = template
        self.plural = plural
        self.count_field = count_field
        self.values: dict[str, object] = dict(values) if values else {}
        suffix = f" [{code}" + (f"; ruling {ruling}" if ruling else "") + "]"
        super().__init__(message + suffix)

    @property
    def doc(self) -> str | None:
        """Where the ruling is explained: ``"rulings/toepen.html#TOE-51"`` on the site."""
        from tablegames.common.rulings import doc_anchor

        return doc_anchor(self.ruling)


class OutOfTurn(IllegalAction):
    """The seat named by the action is not the one to act (and has no interrupt).

    Raised from a row like any refusal: with its ``template`` and ``values`` (see
    :class:`IllegalAction`)."""


class GameOver(IllegalAction):
    """The game has ended; no action is legal any more.

    Its ``code`` is ``"game_over"`` and its ``ruling`` the game's ruling of the end
    (``"TOE-23"``, declared once as the state's ``END_RULING``), as every refusal names
    the ruling it enforces. An :class:`IllegalAction`, so a caller catching that catches it.
    """


class GameNotOver(TablegamesError):
    """A result asked for before the game has ended (``outcome()`` of a game in play).

    A :class:`TablegamesError` (and so a ``ValueError``, as before it had a name of its own),
    so ``except TablegamesError`` catches every error the library raises for a call made
    at the wrong moment as well as for bad input."""


class NotationError(TablegamesError):
    """A card or action string that cannot be read."""


class StateError(TablegamesError):
    """A saved state (JSON) that is malformed, truncated, tampered with or inconsistent."""


#: Every ``code`` a :class:`RulesError` carries, with what it means. The one list of them:
#: the class's docstring (the errors reference) names each, and tests/common checks
#: that every code the library raises is here and every code here is documented, so a
#: front end can keep a table of them.
RULES_CODES: Mapping[str, str] = MappingProxyType({
    "not_rules": "not rules at all: no Rules object, dict of options, variant name or "
                 "(variant, overrides); a variant's overrides that are no dict",
    "variant": "a variant the game does not have",
    "unknown": "options the game does not have",
    "type": "an option's value of the wrong type",
    "range": "an option's number outside its bounds",
    "choice": "an option's value that is not one of its choices",
    "bool": "an option's value that is not true or false",
    "too_long": "a list option of too many items",
    "value": "an option's value its own check refuses (a phase, an effects row)",
    "card_set": "a Dallah card set that cannot be read or played",
    "clash": "options that cannot be played together",
    "players": "rules that cannot be dealt to the table's number of players",
    "several": "more than one option at fault, each a refusal of its own",
    "invalid": "a refusal raised without a code of its own (a saved game's rules)",
})


class RulesError(TablegamesError):
    """A rules configuration (or card set) that cannot be played.

    The message is the library's English sentence. The fields are what a front end needs
    to say it in its own words (the ``tablegames`` command in Arabic, the room server's
    notes) without reading that sentence: ``code`` says what is wrong (one of
    :data:`RULES_CODES`), ``option`` names the one option at fault (else ``None``),
    ``value`` is the value refused as given, ``options`` every option the refusal names,
    and the facts of each code are

    * ``"not_rules"``: ``rules`` that are no rules config at all (a number, a list, a
      variant's overrides that are no dict);
    * ``"variant"``: ``variant``, a name ``game`` has no variant of; ``choices``, the
      variants it has;
    * ``"unknown"``: ``options``, the names the game has no option of (sorted);
    * ``"type"``: ``option``'s ``value`` is not of its type; ``expected`` is what it
      takes: ``"int"`` (an exact whole number, never a bool), ``"number"``, ``"text"``,
      ``"list"`` or ``"card_set"`` (a Dallah ``CardSet``);
    * ``"range"``: ``option``'s ``value`` is a whole number outside ``least`` ..
      ``most`` (``most`` ``None``: no upper bound), read from its validator
      (:class:`~tablegames.common.rules.IntIn`);
    * ``"choice"``: ``option``'s ``value`` is not one of ``choices`` (its validator's,
      :class:`~tablegames.common.rules.OneOf`; Toepen's ``second_exchange`` names
      ``"all"``, ``"false"`` and ``"true"``);
    * ``"bool"``: ``option``'s ``value`` is not ``True`` or ``False``
      (:func:`~tablegames.common.rules.is_bool`);
    * ``"too_long"``: ``option``, a list of more than ``most`` items;
    * ``"value"``: ``option``'s ``value`` (or a part of it, at ``where``:
      ``"phases[1]"``, ``"effects[0]"``) is refused by the option's own check: a
      Phase 10 phase that is not written ``set3+run4``, a Shithead effects row;
    * ``"card_set"``: a Dallah card set (the ``cards`` option, a card set file or
      text) that cannot be read or played; the sentence says where;
    * ``"clash"``: ``options``, the options that cannot be played together (Toepen's
      ``bluff_takes_back`` with ``exchanges=False``, Shithead's ``lead_shown`` with
      ``starter="seat"``), each named;
    * ``"players"``: rules that cannot be dealt to ``players`` players
      (:class:`RulesNotDealt`, raised by
      :meth:`~tablegames.common.protocol.GameInfo.fit_rules`); ``options``, those the
      caller set by hand;
    * ``"several"``: more than one option at fault at once: ``faults``, each a
      ``RulesError`` of its own with the fields above; ``options``, theirs;
    * ``"invalid"``: raised without a code of its own (a saved game's rules that its
      loader refuses; a ``RulesError`` made by a caller).

    Fields a code does not use are ``None`` or empty. The codes are stable.
    """

    def __init__(self, message: str, *, code: str = "invalid", option: str | None = None,
                 value: object = None, options: Iterable[str] = (),
                 variant: str | None = None, game: str | None = None,
                 choices: Iterable[str] = (), expected: str | None = None,
                 least: int | None = None, most: int | None = None,
                 players: int | None = None, where: str | None = None,
                 faults: Iterable[RulesError] = ()) -> None:
        super().__init__(message)
        self.code = code
        self.option = option
        self.value = value
        named = tuple(options)
        self.options: tuple[str, ...] = named or ((option,) if option is not None else ())
        self.variant = variant
        self.game = game
        self.choices: tuple[str, ...] = tuple(choices)
        self.expected = expected
        self.least = least
        self.most = most
        self.players = players
        self.where = where
        self.faults: tuple[RulesError, ...] = tuple(faults)

    def __reduce__(self) -> tuple[object, ...]:
        """Pickled whole, a ``value`` that cannot be pickled (a lambda given as an
        option) left out (:func:`_reduced_keeping_fields`)."""
        return _reduced_keeping_fields(self)


class SetupError(TablegamesError):
    """Bad arguments to ``new_game``: a wrong player count, a bad stacked deck, ..."""


class RulesNotDealt(RulesError, SetupError):
    """Rules that cannot be dealt to the table's number of players (``code``
    ``"players"``, ``players`` the count, ``options`` those the caller set by hand), as
    :meth:`~tablegames.common.protocol.GameInfo.fit_rules` refuses them.

    The message is the game's own sentence (Shithead's "1 deck(s) deal nine cards to at
    most 5 players, not 8; ..."). A :class:`SetupError` too, as the game's refusal it
    stands for was before it had a code: a caller catching either catches it."""


class StaleState(IllegalAction):
    """The action was chosen on an older version of the state (another tap came first).

    ``expected`` is the version the sender saw, ``version`` the state's current one; the
    sender should refresh its view (or fetch the events since ``expected``) and choose again.
    """

    def __init__(self, message: str, *, expected: int, version: int) -> None:
        super().__init__(message, code="stale")
        self.expected = expected
        self.version = version


class SeatError(TablegamesError):
    """A seat argument that is not a seat of this game (not an exact ``int`` in range)."""


class ArgumentRefused(SetupError):
    """An argument of a run (:func:`tablegames.simulate`, :func:`tablegames.arena`,
    :func:`tablegames.runner.run`) that it does not take, refused before any work starts;
    also a name the library does not know (a game, a bot), a player count the game does
    not seat, and the terminal game's seat and opponent
    (:class:`tablegames.tui.session.Options`).

    The fields are what a front end needs to say it in its own words (the ``tablegames``
    command in Arabic) without reading the English sentence, which stays the message:
    ``argument`` is the name the sentence gives it (``"games"``, ``"workers"``,
    ``"budget"``, ``"players"``, ``"bots"``, ``"chunksize"``, ``"backend"``, ``"plot"``,
    ``"address"``, or ``"RAY_ADDRESS"`` when Ray's address came from the environment, and
    ``"game"``, ``"bot"``, ``"seat"``, ``"opponent"``, ``"names"``, and ``"time_limit"``,
    a bot's seconds per decision, ``"type"`` or ``"range"``); ``value`` the value
    as given;
    ``game`` the name of the game whose facts the refusal names (its bots, its player
    counts), else ``None``; ``code`` says what is wrong, one of

    * ``"type"``: not of the argument's type (an ``int`` for a count, a ``str`` for an
      address);
    * ``"range"``: a count outside ``least`` .. ``most`` (``most`` ``None``: no upper
      bound); ``"too_few"`` and ``"too_many"``, the same said as one bound
      (``simulate``'s ``games``: ``least`` and ``most`` are both set); a ``seat`` of the
      terminal game outside ``least`` (0) .. ``most`` (the last seat) is ``"range"`` too;
    * ``"multiple"``: an arena's ``games`` that is no multiple of its ``seats``;
    * ``"per_seat"``: :func:`tablegames.simulate`'s list of ``bots`` (the ``argument``)
      that does not name one bot for each of the table's ``seats``: ``bots`` are the
      names given;
    * ``"unused"``: a ``budget`` that no bot of the lineup (``bots``, each name once)
      takes;
    * ``"choice"``: a value that is not one of ``choices``: a ``backend``; a ``game``
      the registry does not know (:func:`~tablegames.common.registry.game_info`, and so
      every call that names a game); a ``bot`` that :func:`tablegames.bots.make` does not make for
      ``game`` (``choices``: the bots it makes); the terminal game's ``opponent``
      (``choices``: the same);
    * ``"seats"``: a count of ``players`` that ``game`` does not seat
      (:meth:`~tablegames.common.protocol.GameInfo.check_players`: ``least`` to
      ``most``);
    * ``"too_many"`` for ``bots``: an arena's lineup of more bots (``bots``) than
      ``seats``;
    * for ``names`` (a list of player names, :func:`~tablegames.common.setups.normalize_players`):
      ``"text"`` (a name that is no non-empty string of at most ``most`` characters, or
      one with no character a reader sees, :func:`~tablegames.common.setups.shows`),
      ``"space"``, ``"control"``, ``"direction"`` (a name that cannot be written
      everywhere a name goes), ``value`` the name's index; ``"distinct"``: two names that
      read the same (:func:`~tablegames.common.setups.name_key`);
    * ``"backend"``: an ``address`` given without ``backend="ray"``;
    * the form of a Ray address, as :func:`tablegames.runner.address_problem` names it:
      ``"empty"``, ``"long"`` (more than ``most`` characters), ``"scheme"``,
      ``"no_port"``, ``"no_host"``, ``"port"``;
    * ``"suffix"``: a ``plot`` file whose suffix is not one of ``choices``;
      ``"matplotlib"``: a ``plot`` asked for without matplotlib (the ``plot`` extra).

    The codes are stable: a front end may keep a table of them.
    """

    def __init__(self, message: str, *, argument: str, code: str, value: object = None,
                 least: int | None = None, most: int | None = None,
                 seats: int | None = None, bots: Iterable[str] = (),
                 choices: Iterable[str] = (), game: str | None = None) -> None:
        super().__init__(message)
        self.argument = argument
        self.code = code
        self.value = value
        self.game = game
        self.least = least
        self.most = most
        self.seats = seats
        self.bots: tuple[str, ...] = tuple(bots)
        self.choices: tuple[str, ...] = tuple(choices)

    def __reduce__(self) -> tuple[object, ...]:
        """Pickled whole, a ``value`` that cannot be pickled (a generator, a lambda, a
        lock) left out (:func:`_reduced_keeping_fields`)."""
        return _reduced_keeping_fields(self)


class RayRefused(SetupError):
    """A Ray run (:func:`tablegames.runner.run` with ``backend="ray"``, and so
    :func:`tablegames.simulate`) that could not begin: Ray is not installed, no Ray answers
    at the cluster's address, or Ray did not come up. Also importable as
    ``tablegames.runner.RayRefused``.

    The fields are what a front end needs to say it in its own words (the ``tablegames``
    command in Arabic) without reading the English sentence, which stays the message:
    ``code`` says what happened, one of

    * ``"missing"``: Ray is not installed (the ``ray`` extra);
    * ``"unanswered"``: nothing answers at ``address`` (refused, timed out, an unknown
      host): ``errno`` and ``reason`` are the operating system's (its number, ``ETIMEDOUT``
      for a connection that timed out, and its own words);
    * ``"not_ray"``: something other than Ray answers at ``address``: ``answer`` says
      what it did, ``"silent"`` (accepted the connection and said nothing within
      :data:`tablegames.runner.PROBE_SECONDS`), ``"http"`` (a web server, such as Ray's dashboard),
      ``"closed"`` (closed the connection) or ``"other"`` (an answer in another protocol);
    * ``"no_start"``: Ray did not start a local cluster, ``said`` being Ray's first line;
    * ``"no_connect"``: Ray could not connect to the cluster at ``address`` (``said``).

    ``argument`` is ``"address"``, or ``"RAY_ADDRESS"`` when the address came from the
    environment (``None`` for ``"missing"`` and ``"no_start"``). The codes are stable.
    """

    def __init__(self, message: str, *, code: str, address: str | None = None,
                 argument: str | None = None, errno: int | None = None,
                 reason: str | None = None, answer: str | None = None,
                 said: str | None = None) -> None:
        super().__init__(message)
        self.code = code
        self.address = address
        self.argument = argument
        self.errno = errno
        self.reason = reason
        self.answer = answer
        self.said = said


class RowRefused(StateError):
    """``--resume`` refused a results file (:func:`tablegames.simulate` with
    ``resume=True``): the row
    at ``line`` of the file at ``path`` is not one this same run writes, or is one more
    than the games asked for. ``other_run`` is true when the row belongs to another run
    (other settings or an older version), false when the file was edited or cut.

    The fields are what a front end needs to say it in its own words (the ``tablegames``
    command in Arabic) without reading the English sentence. Also importable as
    ``tablegames.simulation.RowRefused``."""

    def __init__(self, message: str, *, path: str, line: int, other_run: bool = False) -> None:
        super().__init__(message)
        self.path = path
        self.line = line
        self.other_run = other_run


class ResumeRefused(SetupError):
    """:func:`tablegames.simulate`'s ``out`` and ``resume`` that do not agree with what is
    on the disk, refused before any game is played or any file or folder is made (the
    rows of a file it may resume are :class:`RowRefused`'s).

    The fields are what a front end needs to say it in its own words (the ``tablegames``
    command in Arabic) without reading the English sentence, which stays the message:
    ``path`` is the results file as given (``None`` for ``"no_out"``), ``code`` one of

    * ``"no_out"``: ``resume=True`` without ``out``: there is no file to continue;
    * ``"not_regular"``: ``path`` is a device, a pipe or a socket (``/dev/stdout``): a
      resume reads the file back and cuts a torn last line, so it must be a file;
    * ``"exists"``: ``path`` exists and ``resume`` is false: it is continued only when
      asked, never overwritten.

    The codes are stable.
    """

    def __init__(self, message: str, *, code: str, path: str | None = None) -> None:
        super().__init__(message)
        self.code = code
        self.path = path


class WorkerRefused(SetupError):
    """A worker of a run that is not the caller's tablegames: its games would be others'
    (a Ray node with another install), so :func:`tablegames.simulate` stops at its first
    game rather than write rows no other run reproduces.

    ``code`` is ``"version"`` (the only one so far, and stable); ``game`` is the game
    played, ``version`` and ``engine`` the worker's tablegames version and the game's
    engine number there, ``caller_version`` and ``caller_engine`` the caller's. The
    fields are what a front end needs to say it in its own words (the ``tablegames``
    command in Arabic) without reading the English sentence, which stays the message.
    """

    def __init__(self, message: str, *, code: str, game: str, version: str, engine: int,
                 caller_version: str, caller_engine: int) -> None:
        super().__init__(message)
        self.code = code
        self.game = game
        self.version = version
        self.engine = engine
        self.caller_version = caller_version
        self.caller_engine = caller_engine


#: Every ``code`` a :class:`BotFailed` carries, with what the bot did. The one list of
#: them: the class's docstring names each, and the command says each in its own words.
BOT_FAILURES: Mapping[str, str] = MappingProxyType({
    "raised": "the bot raised an exception (``cause``) while it was asked",
    "no_action": "the bot's ``choose`` returned ``None``: a turn must be played",
    "text": "the bot returned text, not an action object (``cause``: the engine's "
            "refusal of that notation, or ``None`` where it is a legal action's)",
    "other_seat": "the bot returned an action in another seat's name (``cause``: the "
                  "engine's refusal)",
    "illegal": "the bot returned an action the rules do not allow now (``cause``: the "
               "engine's refusal, with its ``ruling``)",
    "not_action": "the bot returned something that is no action at all (a number, a list)",
    "timed_out": "the bot did not answer within its time limit (``time_limit`` seconds; "
                 "``seconds``: the time that passed): it was stopped, or answered late",
    "made": "the bot's registered factory raised an exception (``cause``) or returned "
            "``None`` when the bot was made for its seat, before it was asked anything",
})


class BotFailed(TablegamesError):
    """A bot's answer that cannot be played: the game stops there.

    Raised by :func:`tablegames.bots.play_game`, and so by the arena and
    :func:`tablegames.simulate`, whenever a bot raises inside ``choose`` or
    ``interrupt`` or answers with no legal action of its seat. A bot registered by a
    third party (``tablegames arena --import``) is the usual one: this tells its author
    which bot, where, and how to get back there. ``code`` is one of :data:`BOT_FAILURES`
    (stable):

    * ``"raised"``: the bot raised ``cause`` (also the error's ``__cause__``);
    * ``"no_action"``: ``choose`` returned ``None``;
    * ``"text"``: a string, such as ``"0:keep"``, where an action object belongs;
    * ``"other_seat"``: an action in another seat's name;
    * ``"illegal"``: an action the rules do not allow now; ``ruling`` is the one the
      engine's refusal (``cause``) enforces;
    * ``"not_action"``: anything else;
    * ``"timed_out"``: no answer within ``time_limit`` seconds (``play_game(time_limit=)``,
      ``tablegames arena --time-limit``): the bot was stopped after ``seconds`` (its
      ``trace`` shows where it was), or answered after them. Both are ``None`` for the
      other codes;
    * ``"made"``: the factory a third party registered (``bots.register``) raised
      ``cause`` (``trace`` its traceback) or returned ``None`` (``cause`` ``None``) when
      the game made the bot for its seat; ``asked`` is ``"made"``, ``action`` 0. Where
      the lineup is checked before any game (``arena``, ``simulate``: each bot made once
      with seed 0) ``seed`` is ``None`` and ``seat`` the bot's first seat.

    The fields say where, enough to replay the game to that point: ``bot`` (its name),
    ``seat``, ``asked`` (``"turn"``, ``"interrupt"`` or ``"made"``), ``action`` (the actions played
    before the one it failed to give, so replaying that many reaches the question),
    ``game_name``, ``seed`` (the game's deal), ``lineup`` (the bot names by seat),
    ``rules`` (the game's rules) and, in a run of many games, ``game`` (the game's index
    in the run, else ``None``) and ``run_seed``. ``cause`` is the bot's exception or the
    engine's refusal (also ``__cause__``), ``cause_text`` its type and words as text,
    ``trace`` the bot's traceback as text (empty unless it raised), kept as text so
    that a refusal from a worker process still shows it, and ``answer`` what the bot
    returned, quoted and cut short (empty if it raised).

    Nothing here is more than the bot's author sees on their own screen: the message
    holds the bot's own words (its exception's, or what it returned) and the engine's
    refusal, which names only what the seat knows; never another seat's cards.
    """

    def __init__(self, said: str, *, code: str, bot: str, seat: int, asked: str,
                 action: int, game_name: str, seed: int | str | None = None,
                 lineup: Iterable[str] = (), rules: object = None, game: int | None = None,
                 run_seed: int | str | None = None, cause: BaseException | None = None,
                 ruling: str | None = None, trace: str = "", answer: str = "",
                 time_limit: float | None = None, seconds: float | None = None) -> None:
        where = (f"{game_name} game {game} of the run with seed {run_seed!r}, dealt from "
                 f"seed {seed!r}" if game is not None else f"{game_name} dealt from seed {seed!r}")
        if seed is None and code == "made":  # lineup_params' check, before any game
            super().__init__(f"{said} ({game_name}, when the lineup was checked before the "
                             "games, with bot seed 0)")
        else:
            super().__init__(f"{said} ({where}, after {action} actions)")
        #: What the bot did, the message without where (English).
        self.said = said
        self.code = code
        self.bot = bot
        self.seat = seat
        self.asked = asked
        self.action = action
        self.game_name = game_name
        self.seed = seed
        self.lineup: tuple[str, ...] = tuple(lineup)
        self.rules = rules
        self.game = game
        self.run_seed = run_seed
        self.cause = cause
        self.cause_text = "" if cause is None else cause_text(cause)
        self.ruling = ruling
        self.trace = trace
        self.answer = answer
        self.time_limit = time_limit
        self.seconds = seconds
        self.__cause__ = cause

    def in_run(self, game: int, run_seed: int | str) -> BotFailed:
        """The same failure as game ``game`` of a run with seed ``run_seed`` (the arena,
        :func:`tablegames.simulate`), so the message says which game of the run."""
        return BotFailed(self.said, code=self.code, bot=self.bot, seat=self.seat,
                         asked=self.asked, action=self.action, game_name=self.game_name,
                         seed=self.seed, lineup=self.lineup,
                         rules=self.rules, game=game,
                         run_seed=run_seed, cause=self.cause, ruling=self.ruling,
                         trace=self.trace, answer=self.answer,
                         time_limit=self.time_limit, seconds=self.seconds)

    def __reduce__(self) -> tuple[object, ...]:
        """Pickled whole (:meth:`TablegamesError.__reduce__`), with ``__cause__``; a
        ``cause`` that does not come back from pickling as itself (a bot's exception
        class whose ``__init__`` takes other arguments than its ``args``) is left out
        (``None``): its type and words stay in ``cause_text``, its traceback in
        ``trace``, so a refusal raised in a worker process comes back to the caller
        whole rather than as Python's "cannot pickle"."""
        return _reduced_keeping_fields(self, ("rules",), cause="cause")


#: How much of a bot's own exception text a :class:`BotFailed` message repeats.
CAUSE_LIMIT = 300


def cause_text(cause: BaseException) -> str:
    """``"ValueError: boom"``: the exception's type and its own words, cut short."""
    try:
        words = str(cause)
    except Exception:  # a bot's exception whose __str__ fails
        words = ""
    name = type(cause).__name__
    if len(words) > CAUSE_LIMIT:  # a bot's own words, but not a megabyte of them
        words = words[:CAUSE_LIMIT - 1] + "…"
    return f"{name}: {words}" if words else name
