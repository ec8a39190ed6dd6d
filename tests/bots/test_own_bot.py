"""Your own bot with the conformance kit and the arena command, and the generators a
world may be dealt from (helper-115's walk, fixed by helper-118)."""

from __future__ import annotations

import json
import subprocess
import sys
import textwrap
from pathlib import Path
from typing import Any

import numpy as np
import pytest

import tablegames
from tablegames import bots
from tablegames.common import Rng
from tablegames.common.errors import SetupError
from tablegames.testing import check_game


class FirstLegal:
    """A bot of one's own: the first legal action, counting its calls."""

    def __init__(self, info: Any = None, seed: int | str = 0) -> None:
        self.calls = 0

    def choose(self, handle: Any) -> Any:
        self.calls += 1
        return handle.legal_actions()[0]

    def interrupt(self, handle: Any) -> None:
        return None


def test_the_kit_takes_a_registered_name_a_bot_object_and_a_factory(own_registry: None) -> None:
    bots.register("firstlegal_kit", FirstLegal, game="toepen")
    assert check_game("toepen", players=2, seeds=range(1), bot="firstlegal_kit",
                      full_every=25).games == 1
    mine = FirstLegal()
    assert check_game("toepen", players=2, seeds=range(1), bot=mine, full_every=25).games == 1
    assert mine.calls > 0  # the object itself played
    assert check_game("toepen", players=2, seeds=range(1), bot=FirstLegal,
                      full_every=25).games == 1
    with pytest.raises(SetupError, match=r"known: .*firstlegal_kit"):
        check_game("toepen", players=2, seeds=range(1), bot="nobody")


def test_the_arena_command_imports_a_bot_module(tmp_path: Path) -> None:
    """``tablegames arena --import mybots`` from the folder that holds ``mybots.py``: the
    bot is known in the command and in both workers (a fresh process each)."""
    (tmp_path / "mybots.py").write_text(textwrap.dedent("""
        from tablegames import bots

        class First:
            def __init__(self, info, seed=0):
                pass
            def choose(self, handle):
                return handle.legal_actions()[0]
            def interrupt(self, handle):
                return None

        bots.register("first", First)
    """))
    runner = tmp_path / "bin"
    runner.mkdir()  # the script's folder is not the current one, as for `tablegames`
    (runner / "run.py").write_text("import sys\nfrom tablegames.cli import main\n"
                                   "if __name__ == '__main__':\n    sys.exit(main())\n")
    done = subprocess.run(
        [sys.executable, str(runner / "run.py"), "arena", "toepen", "--import", "mybots",
         "--bots", "first,club", "--games", "4", "--workers", "2", "--json"],
        cwd=tmp_path, capture_output=True, text=True, timeout=300, check=False)
    assert done.returncode == 0, done.stderr[-600:]
    result = json.loads(done.stdout)
    assert result["bots"]["first"]["seats"] == 4
    missing = subprocess.run(
        [sys.executable, str(runner / "run.py"), "arena", "toepen", "--import", "nomodule",
         "--bots", "first,club", "--games", "2"],
        cwd=tmp_path, capture_output=True, text=True, timeout=120, check=False)
    assert missing.returncode == 2 and "cannot import the bot module 'nomodule'" in missing.stderr


def test_a_world_is_dealt_from_numpys_generators_reproducibly() -> None:
    """``numpy.random.default_rng`` (and the legacy ``RandomState``) seed a world as a
    ``random.Random`` does: the same seed, the same world; ``None`` is fresh entropy."""
    state = tablegames.new_game("toepen", players=3, seed=1)

    def world(rng: Any) -> str:
        return str(state.sample_world(0, rng).to_json())

    assert world(np.random.default_rng(5)) == world(np.random.default_rng(5))
    assert world(np.random.default_rng(5)) != world(np.random.default_rng(6))
    assert world(np.random.RandomState(3)) == world(np.random.RandomState(3))
    assert len({world(None) for _ in range(4)}) > 1
    assert world(Rng(9)) == world(Rng(9))
    with pytest.raises(SetupError, match="numpy Generator"):
        world(1.5)
