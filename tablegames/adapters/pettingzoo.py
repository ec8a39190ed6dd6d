"""Every game as a PettingZoo AEC environment: ``env("toepen", players=4)``.

>>> from tablegames.adapters.pettingzoo import env
>>> e = env("toepen", players=3)
>>> e.reset(seed=7)
>>> obs, reward, terminated, truncated, info = e.last()
>>> obs["observation"].shape, obs["action_mask"].nonzero()[0].tolist(), info["view"]["hand"]
((242,), [35, 36], ['Jd', 'Qd', 'Ah', '7s'])
>>> [e.codec.label(i) for i in (35, 36)]
['exchange', 'keep']
>>> e.step(36)                 # player_0 keeps its hand
>>> e.agent_selection
'player_1'

Agents are ``"player_0"`` … ``"player_{n-1}"`` (seat order); any other agent given to
``observe``, ``observation_space``, ``action_space`` or ``action_mask`` is a
:class:`~tablegames.common.errors.SeatError` (a ``ValueError``) naming it, and changes
nothing. Each observation is a dict: ``"observation"``, the game's float32 encoding of
the agent's view (its layout is in the game's adapter module,
:mod:`tablegames.adapters.toepen` and so on), and ``"action_mask"``, an int8 vector
over the action ids with 1 for each id the agent may choose now (all zeros for an agent
that is not deciding). ``info["view"]`` is the agent's
view (``state.view(seat)``, plain JSON) as of its latest observation: ``last()`` and
``observe()`` put it there, and the next ``step`` clears it, so it is never stale.

Rewards come only at the end of the game, zero-sum (see each game's adapter module).
``max_steps`` truncates a game after that many decisions (all agents get
``truncated=True``, reward 0 and, from then on, all-zero action masks). A decision
spelled in several ids (a Phase 10 lay-down) takes several steps of the same agent;
see :mod:`tablegames.adapters.base` for the spelling and for the ``interrupts`` option.

``reset(seed=s)`` deals the game of engine seed ``s``; later ``reset()`` calls without a
seed deal the games ``"s:1"``, ``"s:2"``, …, so a seeded run replays exactly. Never seeded,
the first game gets a random seed.
"""

from __future__ import annotations

import secrets
from collections.abc import Mapping, Sequence
from typing import Any

import numpy as np
from gymnasium import spaces
from pettingzoo import AECEnv

from tablegames.adapters.base import Codec, Session, adapter, episode_seed, make_codec
from tablegames.adapters.observation import legal_mask, render_public
from tablegames.common.errors import SeatError, SetupError, quoted
from tablegames.common.numbers import whole_number
from tablegames.common.registry import game_info
from tablegames.common.rng import Rng


def env(game: str, players: int | Sequence[str] = 2, rules: Any = None, *,
        interrupts: bool = True, max_steps: int | None = None,
        render_mode: str | None = None, **options: Any) -> TablegamesEnv:
    """A PettingZoo AEC environment of ``game`` (see the module docstring).

    ``players`` is a count or a list of names, ``rules`` a ``Rules``, a dict of options
    or a variant name, exactly as for ``new_game``. ``options`` are the game adapter's
    own (Dallah: ``table="model"`` or ``"players"``, ``observation_version=1`` for the
    observation layout of before helper-179 and ``action_version=1`` for the action ids
    of before helper-183).
    """
    return TablegamesEnv(game, players, rules, interrupts=interrupts, max_steps=max_steps,
                         render_mode=render_mode, **options)


class TablegamesEnv(AECEnv):  # type: ignore[misc]
    """The AEC environment behind :func:`env`."""

    def __init__(self, game: str, players: int | Sequence[str] = 2, rules: Any = None, *,
                 interrupts: bool = True, max_steps: int | None = None,
                 render_mode: str | None = None, **options: Any) -> None:
        super().__init__()
        if render_mode not in (None, "human", "ansi"):
            raise SetupError(f"render_mode is None, 'human' or 'ansi', not {render_mode!r}")
        if max_steps is not None:  # a numpy count is the int it holds
            max_steps = whole_number(max_steps)
            if max_steps is None or max_steps < 1:
                raise SetupError("max_steps must be a positive int or None")
        self.game = game
        game_info(game)  # an unknown game is refused first, by name
        self.codec: Codec = make_codec(game, players, rules, interrupts=interrupts, **options)
        self.observer = adapter(game).observer(self.codec)
        count = whole_number(players)  # a numpy count is kept as the int it holds
        self._players = players if count is None else count
        self.rules = self.codec.rules
        self.max_steps = max_steps
        self.render_mode = render_mode
        n = self.codec.n
        self.possible_agents = [f"player_{s}" for s in range(n)]
        self._seat = {a: s for s, a in enumerate(self.possible_agents)}
        size = self.codec.num_distinct_actions
        self._size = size
        obs_space = spaces.Dict({
            "observation": spaces.Box(0.0, 1.0, (self.observer.size,), np.float32),
            "action_mask": spaces.Box(0, 1, (size,), np.int8),
        })
        self.observation_spaces = {a: obs_space for a in self.possible_agents}
        self.action_spaces = {a: spaces.Discrete(size) for a in self.possible_agents}
        self.metadata = {"name": f"tablegames_{game}_v0", "render_modes": ["human", "ansi"],
                         "is_parallelizable": False}
        self._base: int | str = secrets.randbits(63)
        self._episode = -1
        self.session: Session | None = None
        self.steps = 0
        self._viewed: list[str] = []
        #: Whether ``max_steps`` ended the episode (the game itself goes on, so the actor
        #: still has legal ids, but PettingZoo takes only ``None`` from it now).
        self._truncated = False

    @property
    def info(self) -> Any:
        """The game's registry entry (:func:`~tablegames.common.registry.game_info`), looked
        up rather than kept: it holds the game's bot factories (local functions) and
        read-only mappings, so an environment that kept it could be neither deep-copied
        nor pickled (``copy.deepcopy(env)`` to branch a search, or to ship it to a worker
        process, failed on it; helper-233)."""
        return game_info(self.game)

    def __str__(self) -> str:
        return str(self.metadata["name"])

    # -- spaces -----------------------------------------------------------------------
    def observation_space(self, agent: str) -> spaces.Space[Any]:
        return self.observation_spaces[self.agent_name(agent)]

    def action_space(self, agent: str) -> spaces.Space[Any]:
        return self.action_spaces[self.agent_name(agent)]

    def agent_name(self, agent: object) -> str:
        """``agent`` if it names an agent of this environment (one of
        ``possible_agents``, so an agent already done still counts), else a
        :class:`~tablegames.common.errors.SeatError` naming it (cut short) and the agents.

        Every method that takes an agent checks it here first, so a bad name (``7``,
        ``None``, ``"player_9"`` at a 3-player table) is the library's typed error and
        changes nothing; it used to be a bare ``KeyError`` (or ``TypeError`` for a list).
        """
        if isinstance(agent, str) and agent in self._seat:
            return agent
        last = self.possible_agents[-1]
        raise SeatError(f"there is no agent {quoted(agent)} here: the agents are "
                        f"'player_0' to {last!r}")

    # -- episodes ---------------------------------------------------------------------
    def reset(self, seed: int | None = None, options: dict[str, Any] | None = None) -> None:
        """Deal a new game (see the module docstring for how seeds follow each other).

        ``options`` is part of PettingZoo's signature; these environments take none and
        ignore any dict given (PettingZoo's own ``api_test`` passes one); options that are
        not a dict are a ``SetupError``. A seed is an int (a
        numpy integer too) or a string; a bad seed raises ``tablegames.SetupError`` and
        leaves the environment as it was.
        """
        if options is not None and not isinstance(options, Mapping):
            # a dict is ignored (PettingZoo's api_test passes one); anything else is no
            # options at all, and was ignored as silently (helper-233)
            raise SetupError(f"reset options are a dict or None, not {quoted(options)}")
        if not isinstance(seed, str) and (number := whole_number(seed)) is not None:
            seed = number  # a numpy seed is the int it holds
        base, episode = (seed, 0) if seed is not None else (self._base, self._episode + 1)
        game_seed = episode_seed(base, episode)
        state = self.info.new_game(players=self._players, seed=game_seed, rules=self.rules)
        self._base, self._episode = base, episode
        self.session = Session(self.codec, state, Rng(f"adapter:{game_seed}"))
        self.steps = 0
        self.agents = list(self.possible_agents)
        self.rewards = dict.fromkeys(self.agents, 0.0)
        self._cumulative_rewards = dict.fromkeys(self.agents, 0.0)
        self.terminations = dict.fromkeys(self.agents, False)
        self.truncations = dict.fromkeys(self.agents, False)
        self.infos: dict[str, dict[str, Any]] = {a: {} for a in self.agents}
        self._viewed = []
        self._truncated = False
        self._select()

    def _select(self) -> None:
        assert self.session is not None
        actor = self.session.actor
        if actor is not None:
            self.agent_selection = self.possible_agents[actor]

    def _live(self) -> Session:
        if self.session is None:
            raise SetupError("call reset() before using the environment")
        return self.session

    # -- acting -----------------------------------------------------------------------
    def step(self, action: Any) -> None:
        """Take action id ``action`` for ``agent_selection`` (``None`` for a finished agent).

        While the game runs, an id that is not legal now raises ``tablegames.IllegalAction``
        and changes nothing. A finished agent is PettingZoo's business: it steps with
        ``None`` only (PettingZoo's own ``ValueError`` otherwise), and once every agent is
        removed ``step`` and ``last`` raise PettingZoo's ``KeyError``, as its other
        environments do.
        """
        session = self._live()
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        session.choose(action)
        self.steps += 1
        self._cumulative_rewards[agent] = 0.0
        if self._viewed:
            for a in self._viewed:
                if a in self.infos:
                    self.infos[a] = {}
            self._viewed = []
        # Rewards are all zero until the end, so the per-agent loops of _clear_rewards
        # and _accumulate_rewards run only when the game ends.
        if session.state.is_over:
            for a, r in zip(self.possible_agents, session.returns(), strict=True):
                self.rewards[a] = r
                self.terminations[a] = True
            self._final_infos()
            self._accumulate_rewards()
        elif self.max_steps is not None and self.steps >= self.max_steps:
            self.truncations = dict.fromkeys(self.agents, True)
            self._truncated = True
            self._final_infos()
        else:
            actor = session._actor
            if actor is not None:
                self.agent_selection = self.possible_agents[actor]
        if self.render_mode == "human":
            self.render()

    def _final_infos(self) -> None:
        state = self._live().state
        for a in self.agents:
            self.infos[a] = {"view": state.view(self._seat[a])}

    # -- observing --------------------------------------------------------------------
    def observe(self, agent: str) -> dict[str, np.ndarray[Any, Any]]:
        """The agent's observation and action mask; also puts its view into its info."""
        seat = self._seat[self.agent_name(agent)]
        session = self._live()
        view = session.state.view(seat)
        mine = session.actor == seat
        obs = self.observer.encode(view, session.prefix if mine else (),
                                   mine and session.polling)
        if agent in self.infos:
            self.infos[agent] = {"view": view}
            self._viewed.append(agent)
        return {"observation": obs, "action_mask": self._mask(session, mine)}

    def _mask(self, session: Session, mine: bool) -> np.ndarray[Any, Any]:
        # after truncation every id is refused (PettingZoo takes only None), so none is
        # marked legal: the mask used to offer the actor's ids, each a ValueError
        return legal_mask(session, mine and not self._truncated, self._size)

    def action_mask(self, agent: str | None = None) -> np.ndarray[Any, Any]:
        """The action mask alone (``agent`` defaults to ``agent_selection``): the cheap
        path for policies that do not read the observation."""
        seat = self._seat[self.agent_name(agent if agent is not None else self.agent_selection)]
        session = self._live()
        return self._mask(session, session.actor == seat)

    def legal_ids(self) -> list[int]:
        """The legal ids of ``agent_selection``, sorted."""
        return self._live().legal_ids()

    # -- rendering --------------------------------------------------------------------
    def render(self) -> str | None:
        """The public view of the table (``"ansi"``: returned; ``"human"``: printed)."""
        return render_public(self.session, self.render_mode)

    def close(self) -> None:
        """Nothing to release (the environment holds no files or processes)."""
