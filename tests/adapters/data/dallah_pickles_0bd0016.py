"""How ``dallah_pickles_0bd0016.pickle`` and ``.json`` were made (kept as the note of it).

They are Dallah adapter objects pickled by the code of commit 0bd0016, before Dallah's
observation version 2 (helper-179) and action version 2 (helper-183), and what that
code answered for them: the test ``tests/adapters/test_dallah_old_pickles.py`` unpickles
them with today's code and expects the same answers (observation version 1, action
version 1). Made once with::

    git -C /work/main worktree add /tmp/old183 0bd0016
    PYTHONPATH=/tmp/old183 python tests/adapters/data/dallah_pickles_0bd0016.py
    git -C /work/main worktree remove /tmp/old183

Run against today's code it would write today's pickles: do not run it again.
"""

from __future__ import annotations

import json
import pickle
import random
from pathlib import Path
from typing import Any

import tablegames
from tablegames.adapters import Session, adapter, make_codec
from tablegames.adapters.openspiel import load_game
from tablegames.common.rng import Rng

HERE = Path(__file__).parent
STEM = "dallah_pickles_0bd0016"


def _spiel_state(players: int, table: str, steps: int, seed: int) -> tuple[Any, dict[str, Any]]:
    """An OpenSpiel state ``steps`` decisions in (random legal ids), stopped early at a
    decision that offers a ``fell`` id beyond the Heavyweight's first one (the ids that
    action version 2 renumbers), and what the old code said of it."""
    game = load_game("dallah", players=players, chance="engine", table=table)
    state = game.new_initial_state()
    r = random.Random(seed)
    codec = game.codec
    first_dead = codec.fell_id[(codec.zones[0], "heavyweight")]
    for _ in range(steps):
        ids = state.legal_actions()
        if table == "players" and any(first_dead < i < codec.TARGET for i in ids):
            break
        state.apply_action(r.choice(ids))
    facts = {"game": str(game), "num_distinct_actions": game.num_distinct_actions(),
             "observation_tensor_size": game.observation_tensor_size(),
             "history": state.history(), "current_player": state.current_player(),
             "legal_actions": state.legal_actions(),
             "labels": [state.action_to_string(i) for i in state.legal_actions()],
             "observations": [state.observation_tensor(p) for p in range(players)]}
    return state, facts


def main() -> None:
    assert "observation_version" not in adapter("dallah").options, "run on 0bd0016's code"
    model, model_facts = _spiel_state(3, "model", 40, 1)
    players, players_facts = _spiel_state(4, "players", 400, 2)
    codec = make_codec("dallah", 3, table="players", interrupts=True)
    observer = adapter("dallah").observer(codec)
    # an engine state does not pickle (nor, then, a Session): the codec and observer do
    session = Session(codec, tablegames.new_game("dallah", players=3, seed=5), Rng("adapter"))
    r = random.Random(5)
    for _ in range(30):
        session.choose(r.choice(session.legal_ids()))
    seat = session.actor
    views = [session.state.view(s) for s in range(3)]
    objects = {"spiel_model": model, "spiel_players": players, "codec": codec,
               "observer": observer}
    (HERE / f"{STEM}.pickle").write_bytes(pickle.dumps(objects, protocol=4))
    facts = {
        "about": __doc__.split("\n\n")[0],
        "spiel_model": model_facts,
        "spiel_players": players_facts,
        "codec": {"num_distinct_actions": codec.num_distinct_actions,
                  "labels": [codec.label(i) for i in range(codec.num_distinct_actions)]},
        "observer": {"size": observer.size},
        "views": {"actor": seat, "prefix": list(session.prefix), "polled": session.polling,
                  "views": views,
                  "observations": [observer.encode(
                      views[s], session.prefix if s == seat else (),
                      session.polling if s == seat else False).tolist() for s in range(3)]},
    }
    (HERE / f"{STEM}.json").write_text(json.dumps(facts, separators=(",", ":")) + "\n",
                                       encoding="utf-8")


if __name__ == "__main__":
    main()
