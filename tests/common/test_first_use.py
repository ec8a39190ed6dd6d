"""The declared fields' functions are compiled on first use, each on its own.

A fresh process that only loads a save compiles only ``read`` (``json``, the largest,
waits for the first save), and the stand-ins put on the class hand over to the compiled
functions whatever was asked first: the class's spec before any state, a save before a
copy. Each case runs in a fresh interpreter, because what is compiled is per class and
a test in this process may already have compiled everything.
"""

from __future__ import annotations

import subprocess
import sys
import textwrap
from pathlib import Path

import tablegames.toepen as toepen

ROOT = Path(__file__).resolve().parents[2]


def run(code: str, stdin: str = "") -> list[str]:
    """Run ``code`` in a fresh interpreter from the project root; its output lines."""
    done = subprocess.run([sys.executable, "-c", textwrap.dedent(code)], cwd=ROOT, input=stdin,
                          capture_output=True, text=True, timeout=120, check=False)
    assert done.returncode == 0, done.stderr
    return done.stdout.strip().splitlines()


def test_a_fresh_process_that_only_loads_compiles_only_the_reader() -> None:
    text = toepen.new_game(players=4, seed=3).to_json()
    out = run("""
        import sys
        import tablegames.toepen as toepen
        state = toepen.State.from_json(sys.stdin.read())
        spec = toepen.State.__dict__["_fields_spec"]

        def compiled(name):
            try:  # object.__getattribute__ never falls back to Spec.__getattr__
                object.__getattribute__(spec, name)
            except AttributeError:
                return False
            return True

        print([n for n in ("copy", "dump", "json", "read") if compiled(n)])
        state.to_json()
        print([n for n in ("copy", "dump", "json", "read") if compiled(n)])
    """, text)
    assert out == ["['read']", "['json', 'read']"]


def test_the_spec_asked_before_any_state_still_checks_every_save() -> None:
    out = run("""
        from tablegames.common.errors import StateError
        from tablegames.common.state import _spec
        from tests.common.toy import PACK, State
        _spec(State)                      # the compiled machinery asked for first
        s = State.new(3, seed=5)
        s.hands[0].append(PACK + 5)       # breaks the declaration
        try:
            s.to_json()
        except StateError as exc:
            print("refused", "'hands'" in str(exc))
    """)
    assert out == ["refused True"]


def test_stand_ins_give_way_to_the_compiled_functions() -> None:
    out = run("""
        from tests.common.toy import State
        where = lambda: (State.copy.__code__.co_filename.startswith("<tablegames fields"),
                         State._state_json.__code__.co_filename.startswith("<tablegames fields"))
        s = State.new(3, seed=5)
        print(where())
        first = s.copy()                  # the stand-in compiles, takes its place, calls
        print(where())
        saved = s.to_json()
        print(where(), first.to_json() == s.copy().to_json() == saved)
    """)
    assert out == ["(False, False)", "(True, False)", "(True, True) True"]
