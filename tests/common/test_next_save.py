"""A room's next save is read from where its last one ended (``state._history_after``).

A server that keeps no game in memory loads the room's save on every request; each save
repeats the history of the one before. ``from_json`` remembers the history of the last
canonical save of each setup that loaded (``state._SEEN``) and, when the next save's text
begins with it, reads only the notations and steps added since. These tests hold that
shortcut to the general reader: same states, same refusals with the same messages, for
real successive saves and for saves edited where the shortcut reads them; and they hold
the memory it keeps to its bounds. Nothing here is timed (see ``benchmarks/peers.py``).
"""

from __future__ import annotations

import json
import random
import re
from collections.abc import Callable, Iterator

import pytest

import tablegames.common.state as core
from tablegames.common.errors import StateError
from tablegames.common.registry import game_info
from tablegames.common.state import BaseState

GAMES = ("toepen", "phase10", "shithead", "dallah")
DIGITS = "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz-_"


def playout(game: str, seed: int, limit: int = 400) -> Iterator[BaseState]:
    """A random game's state after every step (the same object, played on)."""
    info = game_info(game)
    s = info.new_game(players=4, seed=seed, **info.simulate_kwargs([f"P{i}" for i in range(4)]))
    pick = random.Random(seed)
    for _ in range(limit):
        yield s
        if s.is_over:
            return
        legal = s.legal_actions()
        s.apply(legal[pick.randrange(len(legal))])


def play_on(s: BaseState, steps: int, pick: random.Random) -> None:
    """Up to ``steps`` uniformly random legal actions on ``s`` (fewer if the game ends)."""
    for _ in range(steps):
        if s.is_over:
            return
        legal = s.legal_actions()
        s.apply(legal[pick.randrange(len(legal))])


def outcome(cls: type[BaseState], text: str) -> str:
    try:
        loaded = cls.from_json(text)
    except StateError as exc:
        return f"refused {exc}"
    return f"ok {loaded.to_json()} {[str(a) for a in loaded.history]}"


@pytest.fixture
def counted(monkeypatch: pytest.MonkeyPatch) -> list[int]:
    """How many loads the shortcut read (a test that never took it proves nothing)."""
    hits = [0]
    real = core._history_after

    def spy(*args: object) -> object:
        got = real(*args)  # type: ignore[arg-type]
        hits[0] += got is not None
        return got

    monkeypatch.setattr(core, "_history_after", spy)
    monkeypatch.setattr(core, "_replayed", lambda cls, text: None)  # see test_replayed_load
    core._SEEN.clear()
    return hits


@pytest.mark.parametrize("game", GAMES)
def test_successive_saves_load_as_the_general_reader_loads_them(
        game: str, counted: list[int], monkeypatch: pytest.MonkeyPatch) -> None:
    """Saves of one game in the order a room makes them (one step or several apart, new
    notations, a history that outgrows one digit a step) load exactly as they would
    cold, and each loaded state plays on and saves as the original does."""
    saves: list[str] = []
    gap = random.Random(5)
    for step, s in enumerate(playout(game, 21, limit=420), 1):
        if step % (1 + gap.randrange(4)) == 0 or s.is_over:
            saves.append(s.to_json())
    cls = type(game_info(game).new_game(players=4, seed=1))
    warm = [outcome(cls, t) for t in saves]
    assert counted[0] >= len(saves) - 2  # the shortcut read nearly every save
    monkeypatch.setattr(core, "_canonical_parts", lambda cls, text: None)
    assert warm == [outcome(cls, t) for t in saves]


@pytest.mark.parametrize("game", GAMES)
def test_a_state_loaded_from_the_shortcut_plays_and_saves_like_its_original(
        game: str, counted: list[int]) -> None:
    """The remembered history is shared, never edited: a state loaded through it (and
    one loaded from the save before) plays on, and their saves are the originals'."""
    it = playout(game, 8, limit=200)
    for _ in range(60):
        s = next(it)
    first = type(s).from_json(s.to_json())
    twin = s.copy()
    pick = random.Random(2)
    play_on(twin, 3, pick)
    second = type(s).from_json(twin.to_json())
    assert counted[0] == 1
    for loaded, original in ((first, s.copy()), (second, twin)):
        for _ in range(12):
            if original.is_over:
                break
            legal = original.legal_actions()
            a = legal[pick.randrange(len(legal))]
            original.apply(a)
            loaded.apply(a)
            assert loaded.to_json() == original.to_json()
    # the first state's play did not reach the remembered history: the next save of the
    # twin still reads from it, to the same state as a cold load
    again = outcome(type(s), twin.to_json())
    core._SEEN.clear()
    assert again == outcome(type(s), twin.to_json())


def _history_span(text: str) -> tuple[int, int, int]:
    """Where the actions list ends, the order string begins and ends in a save."""
    names_end = text.index('],"order":"')
    order_at = names_end + len('],"order":"')
    return names_end, order_at, text.index('"', order_at)


def _edits(cls: type[BaseState]) -> list[Callable[[str], str]]:
    """Edits of a save at the places the shortcut reads (the added notations and steps)."""
    def at_names_end(add: str) -> Callable[[str], str]:
        return lambda t: t[:_history_span(t)[0]] + add + t[_history_span(t)[0]:]

    def order_end(change: Callable[[str], str]) -> Callable[[str], str]:
        def edit(t: str) -> str:
            _, a, b = _history_span(t)
            return t[:a] + change(t[a:b]) + t[b:]
        return edit

    def dup_last(t: str) -> str:
        names_end = _history_span(t)[0]
        last = t.rindex('"', 0, names_end - 1)
        return t[:names_end] + "," + t[last:names_end] + t[names_end:]

    def spelled_otherwise(t: str) -> str:
        names_end = _history_span(t)[0]
        last = t.rindex('"', 0, names_end - 1)
        return t[:last + 1] + t[last + 1:names_end - 1].upper() + t[names_end - 1:]

    def escaped_last(t: str) -> str:  # the same notation, its first letter escaped
        names_end = _history_span(t)[0]
        last = t.rindex('"', 0, names_end - 1) + 1
        return t[:last] + f"\\u{ord(t[last]):04x}" + t[last + 1:]

    def dup_used(t: str) -> str:  # the last notation listed twice, the last step the copy
        names_end, a, b = _history_span(t)
        names = json.loads(t[t.index('{"actions":[') + 11:names_end + 1])
        width = int(re.search(r'"width":(\d)\}', t)[1])  # type: ignore[index]
        code = "".join(DIGITS[(len(names) >> (6 * k)) & 63] for k in reversed(range(width)))
        return (t[:names_end] + "," + json.dumps(names[-1]) + t[names_end:a] + t[a:b - width]
                + code + t[b:])

    return [
        escaped_last,
        dup_used,
        at_names_end(',"0:never-a-move"'),            # a notation that does not read
        at_names_end(',"1:draw"'),                    # listed, never used (or a repeat)
        at_names_end(', "0:draw"'),                   # JSON whitespace in the list
        at_names_end(',"a]b"'),                       # a bracket inside a notation
        at_names_end(',"\\u0030:draw"'),              # an escape spelling "0:draw"
        dup_last,
        spelled_otherwise,
        order_end(lambda o: o + o[-1:]),              # a digit more (a step, or half of one)
        order_end(lambda o: o[:-1] + "!"),            # not a base-64 digit
        order_end(lambda o: o[:-1] + "_"),            # a code no notation has
        order_end(lambda o: o[:-1] + "\\u0030"),      # an escape in the order
        order_end(lambda o: o[:-1]),                  # the last step cut short
        order_end(lambda o: o + "0"),                 # a step more
        lambda t: re.sub(r'"width":(\d)\}', lambda m: f'"width":{int(m[1]) % 3 + 1}}}', t, count=1),
        lambda t: t.replace('"width":', '"width": ', 1),
        lambda t: t.replace('{"actions":[', '{"actions":[ ', 1),
    ]


@pytest.mark.parametrize("game", GAMES)
def test_a_next_save_edited_where_the_shortcut_reads_is_judged_as_cold(
        game: str, counted: list[int], monkeypatch: pytest.MonkeyPatch) -> None:
    """For each pair of successive saves (some adding notations, some not), every edit
    of the later one at the bytes the shortcut reads is accepted or refused, with the
    same message, exactly as the general reader does without the earlier save seen."""
    cls = type(game_info(game).new_game(players=4, seed=1))
    kinds: dict[bool, list[tuple[str, str]]] = {True: [], False: []}  # notations added?
    prev: str | None = None
    skip = random.Random(4)
    for s in playout(game, 13, limit=400):
        text = s.to_json()
        if prev is not None and skip.random() < 0.3:
            grew = text.index('],"order":"') != prev.index('],"order":"')
            if len(kinds[grew]) < 5:
                kinds[grew].append((prev, text))
        prev = text
    pairs = kinds[True] + kinds[False]
    assert len(pairs) == 10
    edited = [(a, edit(b)) for a, b in pairs for edit in _edits(cls)]
    warm = []
    for a, b in edited:
        core._SEEN.clear()
        cls.from_json(a)
        warm.append(outcome(cls, b))
    assert counted[0] >= len(pairs)  # unedited prefixes: the shortcut read some edits
    assert any(w.startswith("refused") for w in warm)
    assert any(w.startswith("ok") for w in warm)
    monkeypatch.setattr(core, "_canonical_parts", lambda cls, text: None)
    assert warm == [outcome(cls, b) for _, b in edited]


def test_what_is_remembered_stays_within_its_bounds(monkeypatch: pytest.MonkeyPatch) -> None:
    """At most ``_SEEN_ROOMS`` setups, none of more than ``_SEEN_STEPS`` steps, are kept
    whatever a caller loads; a setup's newer save replaces its older one."""
    monkeypatch.setattr(core, "_SEEN_ROOMS", 5)
    monkeypatch.setattr(core, "_SEEN_STEPS", 70)
    core._SEEN.clear()
    cls = type(game_info("toepen").new_game(players=4, seed=1))
    for seed in range(12):
        for s in playout("toepen", seed, limit=90):
            if s.version % 20 == 19:
                cls.from_json(s.to_json())
                assert len(core._SEEN) <= 5
                assert all(len(e.steps) <= 70 for e in core._SEEN.values())
                key = (cls, s._setup_json())
                assert (key in core._SEEN) == (s.version <= 70)
                if s.version <= 70:
                    assert len(core._SEEN[key].steps) == s.version


def test_the_setup_loaded_least_recently_goes_first(monkeypatch: pytest.MonkeyPatch) -> None:
    """With more rooms than are kept, a room that loads again is kept, and the one that
    loaded least recently is the one forgotten (by a replayed load too)."""
    monkeypatch.setattr(core, "_SEEN_ROOMS", 3)
    core._SEEN.clear()
    cls = type(game_info("toepen").new_game(players=4, seed=1))
    rooms = {seed: [s.to_json() for s, _ in zip(playout("toepen", seed), range(6), strict=False)]
             for seed in range(4)}

    for seed in (0, 1, 2):
        cls.from_json(rooms[seed][2])
    cls.from_json(rooms[0][3])  # room 0 loads again (a replay), so it is now the newest
    cls.from_json(rooms[3][2])  # a fourth room: room 1 goes
    keys = list(core._SEEN)
    setups = {seed: (cls, texts[0][texts[0].rindex(',"setup":') + 9:texts[0].rindex(',"state":')])
              for seed, texts in rooms.items()}
    assert keys == [setups[2], setups[0], setups[3]]


def test_only_the_layout_to_json_writes_is_remembered(counted: list[int]) -> None:
    """A history value that lists its notations twice (JSON keeps the last) loads, but it
    is not remembered: only ``{"actions":[...],"order":...,"width":...}`` with one list is
    a text the next save can be compared with byte for byte."""
    states = [s.to_json() for s, _ in zip(playout("toepen", 3), range(30), strict=False)]
    cls = type(game_info("toepen").new_game(players=4, seed=1))
    twice = states[20].replace('{"actions":[', '{"actions":["0:draw"],"actions":[', 1)
    assert cls.from_json(twice).to_json() == states[20]
    assert not core._SEEN
    cls.from_json(states[21])
    assert counted[0] == 0 and len(core._SEEN) == 1
    cls.from_json(states[22])
    assert counted[0] == 1



def test_a_setup_is_taken_as_read_only_under_the_rules_it_was_checked_with(
        counted: list[int], monkeypatch: pytest.MonkeyPatch) -> None:
    """The next save's setup text, when it is the last one's, is not read again, but only
    if the rules are the same: setup phase 8 is fine under the ten standard phases and
    refused under the three of ``short``, with the message a cold load gives."""
    from tablegames.common.rules import rules_hash, rules_json
    from tablegames.phase10.rules import VARIANTS

    info = game_info("phase10")
    s = info.new_game(players=3, seed=4, phases=[8, 1, 1])
    pick = random.Random(1)
    saves = []
    for _ in range(3):
        legal = s.legal_actions()
        s.apply(legal[pick.randrange(len(legal))])
        saves.append(s.to_json())
    short = VARIANTS["short"]
    rules_at = saves[2].index(',"rules":') + len(',"rules":')
    rules_end = saves[2].index(',"setup":')
    other = (saves[2][:rules_at] + rules_json(short) + f',"rules_hash":"{rules_hash(short)}"'
             + saves[2][rules_end:])
    cls = type(s)
    cls.from_json(saves[0])
    assert cls.from_json(saves[1]).to_json() == saves[1]
    assert counted[0] == 1
    with pytest.raises(StateError) as warm:
        cls.from_json(other)
    assert counted[0] == 2  # the history was read from the remembered one
    core._SEEN.clear()
    with pytest.raises(StateError) as cold:
        cls.from_json(other)
    assert str(warm.value) == str(cold.value) and "phases" in str(cold.value)


def test_a_setup_is_taken_as_read_only_when_it_is_the_remembered_text() -> None:
    """The remembered save is found by a guess at where the setup is (its text just
    before ``"state"``); a state holding such text of its own can mislead the guess,
    and then the setup is read from the save, never taken from the remembered one."""
    saves = [s.to_json() for s, _ in zip(playout("toepen", 6), range(8), strict=False)]
    cls = type(game_info("toepen").new_game(players=4, seed=1))
    cls.from_json(saves[5])
    setup = saves[6][saves[6].index(',"setup":') + 9:saves[6].index(',"state":')]
    renamed = saves[6].replace('"players":["P0"', '"players":["Q0"', 1)
    assert renamed != saves[6]
    misled = renamed[:-2] + f',"zz":{{"a":1,"setup":{setup},"state":1}}}}}}'
    parts = core._canonical_parts(cls, misled)
    assert parts is not None and type(parts[0]["history"]) is core._SeenHistory
    assert parts[0]["history"].setup is None  # the entry was found, at the wrong place
    parts = core._canonical_parts(cls, saves[6])
    assert parts is not None and parts[0]["history"].setup is not None
    with pytest.raises(StateError, match="unknown key 'zz'"):
        cls.from_json(misled)


def test_a_notation_another_save_added_sends_a_save_to_the_general_reader() -> None:
    """Entries that extend one another share one set of the notations they listed, each
    adding its own, so an older entry's set may hold notations it never listed. Such a
    notation in a save read from that entry is judged by the general reader: the save
    loads all the same."""
    cls = type(game_info("toepen").new_game(players=4, seed=1))
    it = playout("toepen", 9)
    texts = [next(it).to_json() for _ in range(12)]
    grown = [i for i in range(1, 12)
             if texts[i].index('],"order":"') != texts[i - 1].index('],"order":"')]
    a = grown[-1] - 1  # the save before one that lists a new notation
    core._SEEN.clear()
    cls.from_json(texts[a - 1])
    cls.from_json(texts[a])  # read through the shortcut: this entry's set is shared
    entry = next(iter(core._SEEN.values()))
    at = len(cls._save_head)  # type: ignore[attr-defined]
    first = core._history_after(cls, entry, texts[a + 1], at)
    assert first is not None and entry.nameset is not None
    assert entry.nameset > set(entry.names)  # the newer save's notation is in it now
    assert core._history_after(cls, entry, texts[a + 1], at) is None
    core._SEEN.clear()
    cls.from_json(texts[a])
    assert cls.from_json(texts[a + 1]).to_json() == texts[a + 1]


def test_forgetting_the_loaded_saves_makes_the_next_load_read_it_all(counted: list[int]) -> None:
    from tablegames.common import forget_loaded_saves

    saves = [s.to_json() for s, _ in zip(playout("dallah", 2), range(20), strict=False)]
    cls = type(game_info("dallah").new_game(players=4, seed=1))
    cls.from_json(saves[10])
    assert cls.from_json(saves[11]).to_json() == saves[11] and counted[0] == 1
    forget_loaded_saves()
    assert not core._SEEN
    assert cls.from_json(saves[12]).to_json() == saves[12] and counted[0] == 1
    assert cls.from_json(saves[13]).to_json() == saves[13] and counted[0] == 2
