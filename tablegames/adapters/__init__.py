"""Reinforcement-learning adapters: PettingZoo and OpenSpiel, over action codecs.

Install with ``pip install "tablegames[rl]"`` (pettingzoo, gymnasium, numpy, open_spiel).
The core library never imports this package; ``import tablegames`` stays free of numpy.

* :mod:`tablegames.adapters.pettingzoo` — ``env(game, players=..., rules=...)``, an AEC
  environment with ``action_mask`` in every observation;
* :mod:`tablegames.adapters.openspiel` — ``load_game(game, players=..., rules=...)``, a
  registered pyspiel Python game, with perfect-recall information states;
* :mod:`tablegames.adapters.gymnasium` — ``env(game, opponents=["club", "random"])``, a
  single-agent Gymnasium environment against the house's bots, with action masks;
* :mod:`tablegames.adapters.base` — action codecs (a stable integer id for every action,
  decisions spelled as short sequences of ids), sessions, rewards;
* :mod:`tablegames.adapters.toepen`, ``phase10``, ``shithead``, ``dallah`` — each game's
  ids, observation layout and rewards.

>>> from tablegames.adapters import make_codec
>>> codec = make_codec("toepen", players=4)
>>> codec.num_distinct_actions, codec.label(32)
(39, 'knock')
"""

from tablegames.adapters.base import (
    Codec,
    CodecError,
    GameAdapter,
    Session,
    adapter,
    make_codec,
    register_adapter,
    returns,
)

__all__ = [
    "Codec",
    "CodecError",
    "GameAdapter",
    "Session",
    "adapter",
    "make_codec",
    "register_adapter",
    "returns",
]
