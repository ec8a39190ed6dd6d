"""No bot is handed the game's seed, by any path that makes one (helper-154).

A bot registered by a third party (``bots.register``, ``tablegames arena --import``)
that is handed the seed a game was dealt from, or a text from which it can be read
(``f"{seed}/{seat}"``, ``f"arena|{run}|{g}|{seat}"``, ``seed * 1009 + seat``), deals the
game again and knows every hidden card. Each test below lets a recording bot play
through one path, then tries every seed it could read from what it was handed
(:func:`_guesses`) and checks that none deals the hands of a game it played. The room
server and the terminal game have their own such tests
(``tests/server/test_bots_bounded.py``).
"""

from __future__ import annotations

import io
import json
import re
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import numpy as np
import pytest

import tablegames
from tablegames import bots
from tablegames.bots.harness import bot_seed, hash_seed
from tablegames.common.errors import TablegamesError
from tablegames.common.rng import game_seed
from tablegames.testing import check_game

#: The run seed, or game seed, of every test: an int and a text, as callers pass both.
SEEDS = [41, "tuesday"]


class Recorder:
    """``factory(info, seed)`` for ``bots.register``: each bot it makes plays the first
    legal action, never interrupts, and leaves the seed it was handed in ``seeds`` and,
    when asked before the first action, its seat's hand in ``dealt`` (what the real deal
    gave it: the tests check their idea of each game's deal against it)."""

    def __init__(self) -> None:
        self.seeds: list[Any] = []
        self.dealt: list[tuple[int, list[str]]] = []

    def __call__(self, info: Any, seed: Any = 0) -> Any:
        self.seeds.append(seed)
        return _First(self)


class _First:
    def __init__(self, recorder: Recorder) -> None:
        self.recorder = recorder

    def _look(self, handle: Any) -> None:
        if handle.version == 0:
            self.recorder.dealt.append((handle.seat, handle.view["hand"]))

    def choose(self, handle: Any) -> Any:
        self._look(handle)
        return handle.legal_actions()[0]

    def interrupt(self, handle: Any) -> None:
        self._look(handle)
        return None


def _guesses(given: Any) -> Iterator[Any]:
    """Every game seed a bot could read from the seed it was handed: the seed itself,
    each run of its parts between ``/``, ``:`` and ``|`` (as a text and, where it is a
    number, as that number), a number divided by 1009 (``seed * 1009 + seat``), and the
    first games of a run seeded with any of those numbers (:func:`game_seed`, as the
    arena and ``simulate`` deal)."""
    parts = re.split(r"([/:|])", str(given))
    texts = {given, str(given)}
    for i in range(0, len(parts), 2):
        for j in range(i, len(parts), 2):
            texts.add("".join(parts[i:j + 1]))
    numbers = {int(t) for t in texts if isinstance(t, int) or re.fullmatch(r"-?\d+", str(t))}
    numbers |= {n // 1009 for n in numbers}
    yield from texts
    for n in numbers:
        yield n
        yield from (game_seed(n, k) for k in range(8))
    yield from (game_seed(t, k) for t in texts if isinstance(t, str) and t for k in range(8))


def _hands(seed: Any, players: int = 3, rules: Any = None) -> str | None:
    """Every seat's hand in the Toepen game dealt from ``seed`` (``None``: no such deal)."""
    try:
        state = tablegames.new_game("toepen", players=players, seed=seed, rules=rules)
    except TablegamesError:
        return None
    return json.dumps([state.view(s)["hand"] for s in range(players)])


def _readable(recorded: list[Any], dealt: list[Any], players: int = 3,
              seen: list[tuple[int, list[str]]] | None = None, rules: Any = None) -> list[str]:
    """The games of ``dealt`` (their seeds) whose hands a bot handed one of ``recorded``
    could deal again. ``seen``: hands the bots were dealt, each of which must be a hand
    of one of these deals (else the test's idea of the deals is wrong, and finding none
    of them again would prove nothing)."""
    assert recorded, "no bot was made through this path"
    real = {_hands(s, players, rules): s for s in dealt}
    hands = [json.loads(h) for h in real if h is not None]
    for seat, hand in seen or []:
        assert any(h[seat] == hand for h in hands), f"seat {seat} was dealt {hand}"
    return sorted({str(real[h]) for given in recorded for g in _guesses(given)
                   if (h := _hands(g, players, rules)) in real})


def _played(recorder: Recorder) -> list[Any]:
    """The seeds of the bots that played: the arena and ``simulate`` also make each bot
    of the lineup once with seed 0 before the first game, to refuse a bad parameter."""
    return [s for s in recorder.seeds if s != 0]


@pytest.fixture()
def recorder(own_registry: None) -> Recorder:
    rec = Recorder()
    bots.register("recorder154", rec, game="toepen")
    return rec


def test_the_guesses_find_the_seeds_handed_over_before() -> None:
    """The check can fail: each seed the paths used to hand a bot gives the game away."""
    run = 41
    block = game_seed(run, 1)
    assert _readable([f"{block}/2"], [block]) == [str(block)]                 # play_game
    assert _readable([f"arena|{run}|4|0"], [block]) == [str(block)]          # arena
    assert _readable([f"{game_seed('tuesday', 3)}/1"], [game_seed("tuesday", 3)]) == [
        str(game_seed("tuesday", 3))]                                        # simulate
    assert _readable(["tuesday:2/1"], ["tuesday:2"]) == ["tuesday:2"]        # Gymnasium
    assert _readable([41 * 1009 + 2], [41]) == ["41"]                        # the kit
    assert _readable([bot_seed(block, 2)], [block]) == []


@pytest.mark.parametrize("seed", SEEDS)
def test_play_game_hands_its_bots_no_seed_of_the_game(recorder: Recorder, seed: Any) -> None:
    final = bots.play_game("toepen", ["recorder154", "club", "recorder154"], seed=seed)
    assert recorder.dealt  # seat 0 decides first
    assert _readable(recorder.seeds, [final.seed], seen=recorder.dealt) == []
    assert recorder.seeds == [bot_seed(seed, 0), bot_seed(seed, 2)]


@pytest.mark.parametrize("seed", SEEDS)
def test_the_arena_hands_its_bots_no_seed_of_a_game(recorder: Recorder, seed: Any) -> None:
    """Six games: two deals, each played in the three rotations of the lineup."""
    result = tablegames.arena("toepen", ["recorder154", "club", "recorder154"], games=6,
                              seed=seed, workers=1)
    dealt = sorted({r.seed for r in result.records})
    assert dealt == sorted({game_seed(seed, 0), game_seed(seed, 1)})
    assert recorder.dealt
    assert _readable(recorder.seeds, dealt, seen=recorder.dealt) == []
    lineup = ["recorder154", "club", "recorder154"]
    assert _played(recorder) == [
        hash_seed(bot_seed(game_seed(seed, block), s), f"rotation {turn}")
        for block in range(2) for turn in range(3) for s in range(3)
        if lineup[(s + turn) % 3] == "recorder154"]
    assert len(set(recorder.seeds)) == len(recorder.seeds)  # the probe's 0 once, 12 others


def test_the_arenas_rotations_of_one_lineup_are_other_games(recorder: Recorder) -> None:
    """A lineup that its rotation leaves the same (``a,b,a,b`` turned two seats) still
    plays two games on the deal: each rotation's bots are seeded apart, from their seats'
    seeds."""
    result = tablegames.arena("toepen", ["random", "recorder154", "random", "recorder154"],
                              games=4, seed=3, workers=1)
    first, third = result.records[0], result.records[2]
    assert first.seats == third.seats and first.seed == third.seed
    played = _played(recorder)
    assert len(played) == 8 and len(set(played)) == 8


@pytest.mark.parametrize("seed", SEEDS)
def test_simulate_hands_its_bots_no_seed_of_a_game(recorder: Recorder, seed: Any,
                                                   tmp_path: Path) -> None:
    out = tmp_path / "rows.jsonl"
    tablegames.simulate("toepen", ["recorder154", "club", "recorder154"], games=2,
                        seed=seed, workers=1, out=out)
    dealt = [json.loads(line)["seed"] for line in out.read_text().splitlines()]
    assert dealt == [game_seed(seed, 0), game_seed(seed, 1)]
    assert recorder.dealt
    assert _readable(recorder.seeds, dealt, seen=recorder.dealt) == []
    assert _played(recorder) == [bot_seed(d, s) for d in dealt for s in (0, 2)]


@pytest.mark.parametrize("command", ["arena", "simulate"])
def test_the_commands_hand_their_bots_no_seed_of_a_game(recorder: Recorder,
                                                        command: str) -> None:
    """``tablegames arena`` and ``tablegames simulate`` as a person runs them (one
    worker, so the recording bot is this process's)."""
    from tablegames.cli import main

    games = "3" if command == "arena" else "2"
    code = main([command, "toepen", "--bots", "recorder154,club,random", "--games", games,
                 "--seed", "7", "--workers", "1", "--json"], out=io.StringIO())
    assert code == 0
    dealt = [game_seed(7, 0)] if command == "arena" else [game_seed(7, 0), game_seed(7, 1)]
    assert recorder.dealt
    assert _readable(recorder.seeds, dealt, seen=recorder.dealt) == []
    assert len(_played(recorder)) == (3 if command == "arena" else 2)


@pytest.mark.parametrize("seed", [5, 6])
def test_the_conformance_kit_hands_registered_bots_no_seed(recorder: Recorder,
                                                           seed: int) -> None:
    check_game("toepen", players=3, seeds=[seed], bot="recorder154", full_every=50)
    check_game("toepen", players=3, seeds=[seed], bot=recorder, full_every=50)
    assert recorder.dealt
    assert _readable(recorder.seeds, [seed], seen=recorder.dealt) == []
    assert recorder.seeds == [bot_seed(seed, s) for s in range(3)] * 2


def test_the_gymnasium_opponents_get_no_seed_of_a_game(recorder: Recorder) -> None:
    """Three episodes: ``reset(seed=9)`` deals game ``9``, the next resets ``"9:1"`` and
    ``"9:2"``; every opponent's seed is that game's :func:`bot_seed` of its seat."""
    from tablegames.adapters.gymnasium import env

    e = env("toepen", opponents=["recorder154", "recorder154"], rules={"limit": 2})
    rng = np.random.default_rng(0)
    dealt: list[Any] = []
    made: dict[Any, tuple[int, list[Any]]] = {}
    for episode in range(3):
        e.reset(seed=9) if episode == 0 else e.reset()
        assert e.session is not None
        dealt.append(e.session.state.seed)
        made[dealt[-1]] = (e.seat, recorder.seeds[-2:])
        done = False
        while not done:
            legal = np.flatnonzero(e.action_masks())
            _, _, terminated, truncated, _ = e.step(int(rng.choice(legal)))
            done = terminated or truncated
    assert dealt == [9, "9:1", "9:2"]
    assert recorder.dealt
    assert _readable(recorder.seeds, dealt, seen=recorder.dealt, rules={"limit": 2}) == []
    assert made == {d: (seat, [bot_seed(d, s) for s in range(3) if s != seat])
                    for d, (seat, _) in made.items()}

