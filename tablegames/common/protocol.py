"""The game protocol as types: what apps, bots and the conformance kit rely on.

``GameState`` is a :class:`typing.Protocol`, so a user's own game conforms by shape, not
by inheritance (our games inherit :class:`~tablegames.common.state.BaseState` to share
code, but nothing requires it). ``GameInfo`` is the registry entry: how to make, load and
read a game, its player range, its bots and its variants.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import Any, Protocol, Self, runtime_checkable

import attrs

from tablegames.common.actions import Action, Event
from tablegames.common.errors import ArgumentRefused, RulesError, RulesNotDealt, SetupError
from tablegames.common.numbers import whole_number
from tablegames.common.outcome import Outcome
from tablegames.common.rules import OptionText, coerce_rules, rules_from_dict, rules_to_dict
from tablegames.common.setups import seats_refused


@runtime_checkable
class GameState(Protocol):
    """One whole game: every decision, its legality, views, JSON and sampling."""

    players: tuple[str, ...]
    history: list[Action]

    @property
    def to_act(self) -> int | None: ...
    @property
    def is_over(self) -> bool: ...
    def legal_actions(self, seat: int | None = None) -> list[Action]: ...
    def apply(self, action: Action | str) -> list[Event]: ...
    def outcome(self) -> Outcome: ...
    def view(self, seat: int | None) -> dict[str, Any]: ...
    def copy(self) -> Self: ...
    def to_json(self) -> str: ...
    def sample_world(self, seat: int, rng: Any = None) -> Self: ...
    def record(self) -> dict[str, Any]: ...


@runtime_checkable
class Bot(Protocol):
    """Chooses an action for the seat to act. Bots own their randomness."""

    def choose(self, state: Any) -> Action: ...


@attrs.frozen
class GameInfo:
    """A registry entry (see :data:`tablegames.GAMES`)."""

    name: str
    title: str
    new_game: Callable[..., Any]
    from_json: Callable[[str], Any]
    parse_action: Callable[[str], Action]
    rules_class: type[Any]
    min_players: int
    max_players: int
    bots: Mapping[str, Callable[[int], Bot]]
    variants: Mapping[str, Any]
    #: An upper bound on the number of actions in one game (the kit checks games end).
    max_actions: Callable[[Any], int]
    #: The bot ``tablegames simulate`` uses unless told otherwise.
    default_bot: str = "random"
    #: The game's own ``new_game`` keyword arguments for a table of these names (Shithead's
    #: decks for the count, SHD-02): read wherever a table is seated without rules of the
    #: caller's (:meth:`fit_rules`, the simulator, the arena, the terminal game, the room
    #: server). Named for its first user; the name stays because games registered outside
    #: the library pass it to ``GameInfo(...)`` (renaming it would break them).
    simulate_kwargs: Callable[[Sequence[str]], dict[str, Any]] = attrs.field(
        default=lambda _players: {}
    )
    #: The game's state class (for positions and anything generic over the class).
    state_class: type[Any] | None = None
    #: The prefix of the game's ruling IDs (``"TOE"`` for ``TOE-51``).
    ruling_prefix: str = ""
    #: What ``simulate`` counts in each game besides its actions, in the game's own words:
    #: a label and the kind of public event counted (``{"knocks": "knock"}``), read from
    #: the game's log (:meth:`~tablegames.common.state.BaseState.log`).
    measures: Mapping[str, str] = attrs.field(factory=dict)
    #: The game's :class:`tablegames.table.Presenter`: its view drawn as the table model.
    presenter: Any = None
    #: The words a player reads for each named variant where a table picks one (the room
    #: server's creation form): a label and one sentence of what changes at the table, in
    #: English, the ids of the game's message catalogue. A game writes them beside each
    #: variant (:func:`~tablegames.common.rules.named_variants`); a variant without words
    #: is shown by its name.
    variant_texts: Mapping[str, OptionText] = attrs.field(factory=dict)
    #: The words of each of the game's own bots (those of ``bots``), written beside
    #: them: a label and one sentence of how well and how fast it plays. The bots every
    #: game has (``random``, ``ismcts``) have theirs in :mod:`tablegames.bots.registry`;
    #: a bot without words is shown by its name.
    bot_texts: Mapping[str, OptionText] = attrs.field(factory=dict)

    def check_players(self, players: int) -> int:
        """``players`` when the game seats that many, else a :class:`SetupError` naming the
        range: one refusal, in one wording, for the simulator, the arena, the OpenSpiel
        adapter and :meth:`fit_rules` (a caller checks first that it is an ``int``). It is
        an :class:`~tablegames.common.errors.ArgumentRefused` (``argument`` ``"players"``,
        ``code`` ``"seats"``, ``game``, ``value``, ``least``, ``most``), so a front end
        says it in its own words.

        >>> from tablegames import GAMES
        >>> GAMES["phase10"].check_players(7)
        Traceback (most recent call last):
        ...
        tablegames.common.errors.ArgumentRefused: phase10 is for 2 to 6 players, not 7
        """
        count = whole_number(players)  # a numpy count is the int it holds, returned so
        if count is None or not self.min_players <= count <= self.max_players:
            raise seats_refused(self.name, self.min_players, self.max_players,
                                players if count is None else count)
        return count

    def default_players(self) -> int:
        """The table laid when nobody says how many play: four, or the nearest count the
        game seats (one number for ``tablegames play`` and :func:`~tablegames.simulate`)."""
        return max(self.min_players, min(4, self.max_players))

    def fit_rules(self, players: int | Sequence[str], rules: object = None) -> Any:
        """The rules a table of ``players`` plays when someone names ``rules``: the one
        fitting the terminal, the simulator, the arena and the room server share.

        ``rules`` are what :func:`~tablegames.common.rules.coerce_rules` accepts. If they
        deal to the table they are kept exactly. If not, the game's own set-up for the
        table's size (``simulate_kwargs``: Shithead takes a second deck for 6 to 11
        players and a third for 12 to 17, SHD-02) is laid over them, except the options
        the caller set by hand, which are never changed: the keys of a dict, or of the
        overrides in ``(variant, overrides)``; a variant name or ``None`` sets none; a
        ``Rules`` object sets every option, so it is taken exactly as library callers
        give it. Rules that neither version deals are refused with a
        :class:`~tablegames.common.errors.RulesNotDealt` (a ``RulesError`` and a
        ``SetupError``, code ``"players"``): the game's own sentence for the rules as
        named, ``players`` the table's count and ``options`` those the caller set by hand
        (every option a ``Rules`` object changes from the standard game). Rules that are
        no rules at all, a bad option or value, are the plain ``RulesError`` of
        :func:`~tablegames.common.rules.coerce_rules`.

        >>> from tablegames import GAMES
        >>> shithead = GAMES["shithead"]
        >>> shithead.fit_rules(8, "classic").decks  # classic gains the deck eight need
        2
        >>> shithead.fit_rules(4, "classic") == shithead.variants["classic"]
        True
        >>> shithead.fit_rules(8, {"decks": 1})  # decks set by hand is never changed
        Traceback (most recent call last):
        ...
        tablegames.common.errors.RulesNotDealt: 1 deck(s) deal nine cards to at most 5 players, \
not 8; use Rules(decks=...) for more
        """
        count = whole_number(players)  # a numpy count too, never a bool
        if count is None and (not isinstance(players, Sequence) or isinstance(players, str)):
            raise SetupError("players must be a count or a list of names")
        if count is not None:
            count = self.check_players(count)
        names = [f"P{i}" for i in range(count)] if count is not None else list(players)  # type: ignore[arg-type]
        sized = self.simulate_kwargs(names).get("rules")  # the game's set-up for the size
        if rules is None:
            return coerce_rules(self.rules_class, sized)
        named = coerce_rules(self.rules_class, rules)
        default = rules_to_dict(self.rules_class())
        if isinstance(rules, Mapping):
            chosen = set(rules)
        elif isinstance(rules, self.rules_class):  # every option it changes
            chosen = {k for k, v in rules_to_dict(named).items() if v != default.get(k)}
        elif isinstance(rules, tuple | list) and isinstance(rules[1], Mapping):
            chosen = set(rules[1])
        else:  # a variant name: nothing set by hand
            chosen = set()
        try:
            self.new_game(players=names, seed=0, rules=named)
            return named
        except (RulesError, SetupError) as exc:
            refusal = _not_dealt(exc, len(names), chosen)
        if sized is None or isinstance(rules, self.rules_class):
            raise refusal from None
        fit = {k: v for k, v in rules_to_dict(sized).items()
               if v != default.get(k) and k not in chosen}
        fitted = rules_from_dict(self.rules_class, {**rules_to_dict(named), **fit})
        if fitted == named:
            raise refusal from None
        try:
            self.new_game(players=names, seed=0, rules=fitted)
        except (RulesError, SetupError):
            raise refusal from None
        return fitted


def _not_dealt(refusal: RulesError | SetupError, players: int,
               chosen: set[str]) -> RulesError | SetupError:
    """The game's refusal to deal rules that are rules to ``players`` seats, as a
    :class:`~tablegames.common.errors.RulesNotDealt` with its sentence (``code``
    ``"players"``), naming the options set by hand (``chosen``); a player's name the
    game refuses (an :class:`~tablegames.common.errors.ArgumentRefused`) is kept as it
    is, for the names are at fault, not the rules."""
    if isinstance(refusal, ArgumentRefused | RulesNotDealt):
        return refusal
    return RulesNotDealt(str(refusal), code="players", players=players, options=sorted(chosen))
