"""Every game as a single-agent Gymnasium environment against the house's bots.

>>> from tablegames.adapters.gymnasium import env
>>> e = env("toepen", opponents=["club", "random"], rules={"limit": 3})
>>> obs, info = e.reset(seed=4)
>>> obs.shape, obs.dtype, e.action_space, info["seat"]
((242,), dtype('float32'), Discrete(40), 1)
>>> [e.codec.label(i) for i in e.action_masks().nonzero()[0]]
['exchange', 'keep']
>>> obs, reward, terminated, truncated, info = e.step(36)     # keep the hand

The learner plays one seat; every other seat is one of the house's bots, made by name
with :func:`tablegames.bots.make` (one opponent per name, so ``opponents`` sets the
player count: three names make a four-player table). Opponents are asked through
seat-restricted handles, exactly as the arena asks them, so they never see more than
their seat may; between two of the learner's decisions they play on their own.

**Seats rotate by seed.** ``reset(seed=s)`` deals the game of engine seed ``s`` with the
learner at seat ``s mod n``; later ``reset()`` calls without a seed deal ``"s:1"``,
``"s:2"``, … with the learner one seat further each time, so a seeded run replays exactly
and the learner meets every seat (never seeded, the first game gets a random seed). A
game that ends before the learner is asked anything (a Phase 10 opponent going out on its
first turn under a one-phase house rule) teaches nothing: the reset deals the next seed
instead, with the learner in the same seat. Rules under which that seat is never asked in
100 games (a Dallah card set of one cup ends on the first player's turn) are a
``SetupError`` naming the seat, and the environment stays as it was.

**Spaces.** Actions are ``Discrete(codec.num_distinct_actions)``: the ids of the game's
codec (:mod:`tablegames.adapters.base`; tables in each game's adapter module). A decision
spelled in several ids (a Phase 10 lay-down) takes several steps. Observations are a
``Box(0, 1, (size,), float32)``: the game's encoding of the learner's view (the layouts
are in :mod:`tablegames.adapters.toepen` and the others), built from ``state.view(seat)``
alone, so an observation never shows a hidden card.

**Action masks.** :meth:`TablegamesGymEnv.action_masks` returns a bool vector with
``True`` for each legal id, the method sb3-contrib's ``MaskablePPO`` looks for (also
through a vector env's ``env_method``); ``info["action_mask"]`` carries the same mask as
int8, for libraries that read masks from ``info``.

**Info** holds only numpy arrays and scalars by default (``action_mask``, ``seat``,
``illegal``: whether the step's action was not legal; ``steps``), which every replay
buffer can store. ``info_view=True`` adds ``info["view"]``, the learner's view as JSON.

**Illegal actions.** An id outside ``range(num_distinct_actions)`` (or a value that is not
an integer; ``bool`` is not) raises :class:`~tablegames.common.errors.IllegalAction` and
changes nothing. An id in the space but masked out is played, by default
(``illegal="random"``), as a uniformly random legal id drawn from the episode's own
seeded generator, with ``info["illegal"] = 1``: learners that do not read masks (a DQN
exploring, ``check_env``'s random steps) keep the game moving and stay reproducible.
``illegal="raise"`` refuses it instead, like the other adapters.

**Rewards** (``reward=``):

* ``"game"`` (the default): the zero-sum end-of-game return of
  :func:`tablegames.adapters.base.returns` (the losers share −1, the others +1), on the
  step that ends the game, 0 before;
* ``"hand"``: a reward as each hand or round is settled, from the game's running penalty
  tally, read from the public view: Toepen's lives (scale: the life limit), Phase 10's
  penalty points (scale 100), Shithead's tally of lost rounds (scale 1) and Dallah's
  piles of cups (scale: the cups in the game). Each step's reward is the change of the
  table's mean tally minus the change of the learner's, divided by the scale, over
  everything that happened since the learner's previous step: positive when the learner
  took fewer penalties than the table. Summed over the seats it is zero, like the game
  reward; summed over a game it is the learner's final tally against the table's mean.

**Interrupts are on** (``interrupts=True``, the default of every environment, as in the arena): the
learner is asked before each other seat's decision whether it takes an out-of-turn action
(Toepen's knock, TOE-21; Shithead's cut-in where the rules allow it), ``pass`` or the
action, as the arena asks its bots, so the learner trains on the arena's game.
``interrupts=False`` gives the learner its knock only on its own turn.

``max_steps`` truncates an episode after that many of the learner's steps: from then on
the action mask is all zeros and a ``step`` is refused (``IllegalAction``, code
``truncated``) until the next ``reset()``, as the PettingZoo environment takes no action
after its truncation; the game would otherwise go on under a truncated episode. ``bot_params``
gives bots keyword arguments by name (``{"ismcts": {"budget": 50}}``; a name that is no
bot of the game, or a ``seed``, is a ``SetupError``: each opponent is seeded
:func:`~tablegames.bots.harness.bot_seed` of the game's seed and its seat, a one-way hash
from which no bot can read the deal); an opponent may also be a bot object (anything
with ``choose`` and ``interrupt``).
If such a bot raises (or answers an action it was not offered) during a step or reset, the
environment is left between decisions: every later ``step`` is a ``StateError`` until the
next ``reset()``, instead of playing the learner's id for the bot's seat.
"""

from __future__ import annotations

import importlib
import secrets
from collections.abc import Mapping, Sequence
from typing import Any

import gymnasium
import numpy as np
from gymnasium import spaces

from tablegames.adapters.base import (
    SPECIAL,
    Codec,
    Session,
    ViewKeys,
    adapter,
    as_id,
    episode_seed,
    make_codec,
)
from tablegames.adapters.observation import legal_mask, render_public
from tablegames.bots import Handle, make, names
from tablegames.bots.base import answer_problem
from tablegames.bots.harness import bot_seed
from tablegames.common.actions import Action
from tablegames.common.errors import IllegalAction, SetupError, StateError, quoted
from tablegames.common.numbers import whole_number
from tablegames.common.registry import game_info
from tablegames.common.rng import Rng
from tablegames.common.setups import check_seed

#: The public tally each game's ``reward="hand"`` reads (a logical name of the game's
#: :class:`~tablegames.adapters.base.ViewKeys`, so a view rename is followed), and its
#: scale: a number, or the logical name of what the scale is read from at the deal
#: (Toepen's life limit; Dallah's shared pile, which holds every cup then).
TALLIES: dict[str, tuple[str, float | str]] = {
    "toepen": ("lives", "limit"),
    "phase10": ("scores", 100.0),
    "shithead": ("tally", 1.0),
    "dallah": ("piles", "shared"),
}


def _key(game: str, name: str, view: Mapping[str, Any]) -> str:
    """The key of the logical ``name`` in this game's views."""
    keys: ViewKeys = importlib.import_module(f"tablegames.adapters.{game}").KEYS
    return next(k for k in keys.names[name] if k in view)

REWARDS = ("game", "hand")
ILLEGAL = ("random", "raise")
#: A reset redeals when the game ends before the learner is ever asked (seats that are
#: never asked exist only under odd house rules, such as a Dallah card set of one cup);
#: this bounds the redeals.
_REDEALS = 100
#: What ``tablegames.bots.make`` takes itself, so no ``bot_params`` entry may set it.
_TAKEN = frozenset({"name", "game", "seed"})


def env(game: str, opponents: Sequence[str | Any] = ("random",), rules: Any = None, *,
        reward: str = "game", interrupts: bool = True, illegal: str = "random",
        max_steps: int | None = None, info_view: bool = False,
        bot_params: Mapping[str, Mapping[str, Any]] | None = None,
        render_mode: str | None = None, **options: Any) -> TablegamesGymEnv:
    """A single-agent Gymnasium environment of ``game`` (see the module docstring).

    ``opponents`` names one bot per other seat (``tablegames.bots.names(game)`` lists
    them); ``rules`` is what ``new_game`` takes; ``options`` are the game adapter's own
    (Dallah: ``table="model"`` or ``"players"``, ``observation_version=1`` for
    the observation layout of before helper-179 and ``action_version=1`` for the action
    ids of before helper-183).
    """
    return TablegamesGymEnv(game, opponents, rules, reward=reward, interrupts=interrupts,
                            illegal=illegal, max_steps=max_steps, info_view=info_view,
                            bot_params=bot_params, render_mode=render_mode, **options)


class TablegamesGymEnv(gymnasium.Env[np.ndarray[Any, Any], np.int64]):
    """The environment behind :func:`env`."""

    metadata = {"render_modes": ["ansi", "human"], "render_fps": 1}  # noqa: RUF012

    def __init__(self, game: str, opponents: Sequence[str | Any] = ("random",),
                 rules: Any = None, *, reward: str = "game", interrupts: bool = True,
                 illegal: str = "random", max_steps: int | None = None,
                 info_view: bool = False,
                 bot_params: Mapping[str, Mapping[str, Any]] | None = None,
                 render_mode: str | None = None, **options: Any) -> None:
        if isinstance(opponents, str) or not isinstance(opponents, Sequence) or not opponents:
            raise SetupError("opponents is a non-empty list of bot names, one per other seat")
        for name in opponents:
            if not isinstance(name, str) and not (hasattr(name, "choose")
                                                  and hasattr(name, "interrupt")):
                raise SetupError(f"an opponent is a bot name or a bot, not {quoted(name)}")
        if reward not in REWARDS:
            raise SetupError(f"reward is 'game' or 'hand', not {quoted(reward)}")
        if illegal not in ILLEGAL:
            raise SetupError(f"illegal is 'random' or 'raise', not {quoted(illegal)}")
        if not isinstance(info_view, bool):
            raise SetupError("info_view must be True or False")
        if render_mode not in (None, "human", "ansi"):
            raise SetupError(f"render_mode is None, 'human' or 'ansi', not {quoted(render_mode)}")
        if max_steps is not None:  # a numpy count is the int it holds
            max_steps = whole_number(max_steps)
            if max_steps is None or max_steps < 1:
                raise SetupError("max_steps must be a positive int or None")
        if bot_params is not None and (not isinstance(bot_params, Mapping) or not all(
                isinstance(k, str) and isinstance(v, Mapping) for k, v in bot_params.items())):
            # a list or {"ismcts": 5} was a TypeError or AttributeError from dict()
            raise SetupError(f"bot_params maps bot names to keyword dicts "
                             f"({{'ismcts': {{'budget': 50}}}}), not {quoted(bot_params)}")
        self.game = game
        game_info(game)  # an unknown game is refused first, by name
        self.n = len(opponents) + 1
        self.codec: Codec = make_codec(game, self.n, rules, interrupts=interrupts, **options)
        self.observer = adapter(game).observer(self.codec)
        self.rules = self.codec.rules
        self.opponents = tuple(opponents)
        self.bot_params = {k: dict(v) for k, v in (bot_params or {}).items()}
        known = names(game)
        for name, params in self.bot_params.items():
            # a misspelt bot name was silently ignored (its bots played with defaults), and
            # a "seed" was make()'s TypeError: each bot's seed follows the game's
            if name not in known:
                raise SetupError(f"bot_params names no bot of {game}: {quoted(name)} "
                                 f"(known: {', '.join(known)})")
            taken = sorted(set(params) & _TAKEN)
            if taken:
                raise SetupError(f"bot_params cannot set {quoted(taken[0])}: the environment "
                                 f"seeds its bots from the game's seed")
        for name in self.opponents:  # an unknown bot or parameter is refused now
            if isinstance(name, str):
                make(name, game, seed=0, **self.bot_params.get(name, {}))
        self.reward_mode = reward
        self.illegal = illegal
        self.max_steps = max_steps
        self.info_view = info_view
        self.render_mode = render_mode
        size = self.codec.num_distinct_actions
        self.action_space = spaces.Discrete(size)
        self.observation_space = spaces.Box(0.0, 1.0, (self.observer.size,), np.float32)
        self._size = size
        self._base: int = secrets.randbits(62)
        self._episode = -1
        self._resets = -1
        self.session: Session | None = None
        self.seat = 0
        self.steps = 0
        self._bots: list[Any] = []
        self._rng = Rng(0)
        self._tally: list[float] = []
        self._tally_key = ""
        self._scale = 1.0

    @property
    def info(self) -> Any:
        """The game's registry entry (:func:`~tablegames.common.registry.game_info`), looked
        up rather than kept: it holds the game's bot factories (local functions) and
        read-only mappings, so an environment that kept it could be neither deep-copied
        nor pickled (``copy.deepcopy(env)`` to branch a search, or to ship it to a worker
        process, failed on it; helper-233)."""
        return game_info(self.game)

    # -- episodes ---------------------------------------------------------------------
    def reset(self, *, seed: int | None = None,
              options: dict[str, Any] | None = None) -> tuple[np.ndarray[Any, Any], dict[str, Any]]:
        """Deal a new game (see the module docstring for seeds and seats).

        ``options`` is part of Gymnasium's signature; these environments take none (``None``
        or an empty dict; anything else is a ``SetupError``). A bad seed raises
        ``tablegames.SetupError`` and leaves the environment as it was.
        """
        if seed is not None:  # a numpy seed is the int it holds
            number = whole_number(seed)
            if number is None:
                raise SetupError(f"seed must be an int or None, not {quoted(seed)}")
            seed = number
        if seed is not None and seed < 0:  # Gymnasium seeds its generator with it
            raise SetupError(f"seed must be 0 or more, not {quoted(seed)}")
        if seed is not None:  # what new_game refuses, before Gymnasium reseeds np_random
            check_seed(seed)
        if options is not None and not isinstance(options, Mapping):
            # 0, [] and "" passed as no options, and a numpy array was numpy's own
            # "truth value ... is ambiguous" (helper-233)
            raise SetupError(f"reset options are a dict or None, not {quoted(options)}")
        if options:
            raise SetupError("these environments take no reset options")
        # every episode field is rebound (never edited in place) by a deal, so this
        # shallow copy is the environment as it was, for a refusal below to leave it so
        before = dict(self.__dict__)
        super().reset(seed=None if seed is None else int(seed))
        if seed is not None:
            base, episode, resets = int(seed), 0, 0
        else:
            base, episode, resets = self._base, self._episode + 1, self._resets + 1
        seat = (base + resets) % self.n
        for _ in range(_REDEALS):
            game_seed = episode_seed(base, episode)
            self._deal(game_seed, seat)
            self._base, self._episode, self._resets = base, episode, resets
            if self._advance():
                break
            episode += 1  # the same seat, in the next game
        else:
            # rules under which a game can end before some seat's first turn (a Dallah
            # card set of one cup ends on the first player's turn) leave the seat nothing
            # to learn: said, with the environment as it was
            self.__dict__.clear()
            self.__dict__.update(before)
            raise SetupError(f"the learner's seat {seat} was never asked to decide in "
                             f"{_REDEALS} games under these rules (each ended first); "
                             f"choose rules that give every seat a turn")
        return self._observe(), self._info(False)

    def _deal(self, game_seed: int | str, seat: int) -> None:
        state = self.info.new_game(players=self.n, seed=game_seed, rules=self.rules)
        self.session = Session(self.codec, state, Rng(f"adapter:{game_seed}"))
        self.seat = seat
        self.steps = 0
        self._rng = Rng(f"gym:{game_seed}")
        others = [s for s in range(self.n) if s != seat]
        self._bots = [None] * self.n
        for s, name in zip(others, self.opponents, strict=True):
            self._bots[s] = (make(name, self.game, seed=bot_seed(game_seed, s),
                                  **self.bot_params.get(name, {}))
                             if isinstance(name, str) else name)
        if self.reward_mode == "hand":
            name, scale = TALLIES[self.game]
            view = state.view(None)
            self._tally_key = _key(self.game, name, view)
            if isinstance(scale, str):
                value = view[_key(self.game, scale, view)]
                scale = float(sum(value.values()) if isinstance(value, Mapping) else value)
            self._scale = scale
            self._tally = [float(x) for x in view[self._tally_key]]

    def _live(self) -> Session:
        if self.session is None:
            raise SetupError("call reset() before using the environment")
        return self.session

    # -- acting -----------------------------------------------------------------------
    def step(self, action: Any) -> tuple[np.ndarray[Any, Any], float, bool, bool, dict[str, Any]]:
        """Take action id ``action`` for the learner, then let the opponents play until
        the learner is asked again or the game ends."""
        session = self._live()
        if session.state.is_over:
            raise IllegalAction("the game is over: call reset()", code="game_over")
        if self._truncated():
            raise IllegalAction(f"the episode was truncated after max_steps={self.max_steps} "
                                "steps: call reset()", code="truncated")
        if session.actor != self.seat:
            # an opponent (a bot object of the caller's) raised between two of the
            # learner's decisions: the learner's id would have been played for that seat
            raise StateError("an opponent failed during the last step or reset; call reset()")
        value = as_id(action)
        size = self.codec.num_distinct_actions
        if value is None or not 0 <= value < size:
            raise IllegalAction(f"an action id is an integer in 0..{size - 1}, "
                                f"not {quoted(action)}", code="not_an_action", seat=self.seat)
        options = session.options()
        illegal = value not in options
        if illegal:
            if self.illegal == "raise":
                raise IllegalAction(f"action id {value} is not legal now", code="illegal_id",
                                    seat=self.seat)
            legal = sorted(options)
            value = legal[self._rng.below(len(legal))]
        session.choose(value)
        self.steps += 1
        self._advance()
        terminated = bool(session.state.is_over)
        truncated = self._truncated()
        if self.render_mode == "human":
            self.render()
        return self._observe(), self._reward(), terminated, truncated, self._info(illegal)

    def _advance(self) -> bool:
        """Let the opponents decide until the learner must; ``False`` once the game is over."""
        session = self._live()
        while True:
            if session.state.is_over:
                return False
            actor = session.actor
            if actor == self.seat:
                return True
            assert actor is not None
            self._opponent(actor)

    def _opponent(self, seat: int) -> None:
        """One decision of the bot at ``seat``, asked through a handle as the arena asks."""
        session = self._live()
        bot = self._bots[seat]
        codec = self.codec
        state = session.state
        options = session.options()
        special = next((i for i, o in options.items() if o is SPECIAL), None)
        offered = session.offered()  # spelled actions too (a swap while polled)
        if session.polling or special is not None:
            answer = (bot.interrupt(Handle(state, seat, offered, "interrupt"))
                      if offered else None)
            if answer is None:
                session.choose(codec.PASS if special is None else special)
                return
            chosen = self._checked(answer, offered, seat)
        else:
            chosen = self._checked(bot.choose(Handle(state, seat, offered, "turn")), offered,
                                   seat)
        ids = codec.spell(chosen)
        while True:
            session.choose(ids[len(session.prefix)])
            if not session.prefix:
                return

    def _checked(self, answer: Any, options: list[Action], seat: int) -> Action:
        problem = answer_problem(answer, options)
        if problem:
            raise IllegalAction(f"the bot at seat {seat} answered {problem}",
                                code="illegal_bot_answer", seat=seat)
        return answer  # type: ignore[no-any-return]

    # -- what the learner gets --------------------------------------------------------
    def _observe(self) -> np.ndarray[Any, Any]:
        session = self._live()
        mine = session.actor == self.seat
        view = session.state.view(self.seat)
        obs: np.ndarray[Any, Any] = self.observer.encode(
            view, session.prefix if mine else (), mine and session.polling)
        return obs

    def _reward(self) -> float:
        session = self._live()
        if self.reward_mode == "game":
            if not session.state.is_over:
                return 0.0
            return float(session.returns()[self.seat])
        now = [float(x) for x in session.state.view(None)[self._tally_key]]
        delta = [b - a for a, b in zip(self._tally, now, strict=True)]
        self._tally = now
        return (sum(delta) / self.n - delta[self.seat]) / self._scale

    def action_masks(self) -> np.ndarray[Any, Any]:
        """A bool vector over the action ids: ``True`` where the id is legal now (the
        method sb3-contrib's MaskablePPO calls; all ``False`` once the game is over)."""
        mask: np.ndarray[Any, Any] = self._mask().astype(bool)
        return mask

    def _mask(self) -> np.ndarray[Any, Any]:
        session = self._live()
        # once truncated nothing is taken until reset(): no id is legal
        mine = session.actor == self.seat and not self._truncated()
        return legal_mask(session, mine, self._size).copy()

    def _truncated(self) -> bool:
        """Whether ``max_steps`` has ended this episode (its game is not over)."""
        return (self.max_steps is not None and self.steps >= self.max_steps
                and not self._live().state.is_over)

    def _info(self, illegal: bool) -> dict[str, Any]:
        info: dict[str, Any] = {"action_mask": self._mask(), "seat": self.seat,
                                "illegal": int(illegal), "steps": self.steps}
        if self.info_view:
            info["view"] = self._live().state.view(self.seat)
        return info

    # -- rendering --------------------------------------------------------------------
    def render(self) -> str | None:
        """The public view of the table (``"ansi"``: returned; ``"human"``: printed)."""
        return render_public(self.session, self.render_mode)
