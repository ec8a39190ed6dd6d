"""A room's next save is loaded by replaying its new steps (``state._replayed``).

When the save loaded last with a setup is remembered (``state._SEEN``), a save that adds
at most ``_REPLAY_STEPS`` steps to its history is loaded by playing those steps on a copy
of the state that save loaded to, and accepted only if the result saves to the very
text. These tests hold that path to the general reader: the same states (saves, views,
legal actions, record and play after), the same refusals with the same messages, for a
server's loop of loads and saves, for edited saves and for histories the state does
not follow; and they check that the remembered state is never played on. Nothing here
is timed (see ``benchmarks/peers.py``).
"""

from __future__ import annotations

import json
import random
import re
from collections.abc import Callable

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import tablegames.common.state as core
from tablegames.common.actions import Event
from tablegames.common.errors import StateError
from tablegames.common.registry import game_info
from tablegames.common.state import BaseState
from tests.common.test_next_save import GAMES, outcome, play_on, playout


@pytest.fixture
def replays(monkeypatch: pytest.MonkeyPatch) -> list[int]:
    """How many loads were made by replaying (a test that never replayed proves nothing)."""
    hits = [0]
    real = core._replayed

    def spy(cls: type[BaseState], text: object) -> BaseState | None:
        got = real(cls, text)
        hits[0] += got is not None
        return got

    monkeypatch.setattr(core, "_replayed", spy)
    core._SEEN.clear()
    return hits


def cold(cls: type[BaseState], text: str) -> str:
    """``outcome`` of the general reader, nothing of the room remembered."""
    core._SEEN.clear()
    return outcome(cls, text)


def behaviour(s: BaseState, seed: int) -> list[object]:
    """What a caller can see of a state: its save, every seat's view and legal actions,
    its record and outcome, and its saves along a few random steps after."""
    seen: list[object] = [s.to_json(), s.to_position(), s.version, s.to_act, s.is_over]
    for seat in (None, *range(s.n)):
        seen.append(json.dumps(s.view(seat), sort_keys=True))
    for seat in range(s.n):
        seen.append([str(a) for a in s.legal_actions(seat)] if not s.is_over else None)
    seen.append(json.dumps(s.record(), sort_keys=True))
    seen.append(repr(s.outcome()) if s.is_over else None)
    pick = random.Random(seed)
    for _ in range(4):
        if s.is_over:
            break
        legal = s.legal_actions()
        events = s.apply(legal[pick.randrange(len(legal))])
        seen.append(json.dumps(Event.redact(events, 0), sort_keys=True))
        seen.append(s.to_json())
    return seen


@pytest.mark.parametrize("game", GAMES)
def test_a_server_loop_of_loads_and_saves_gives_the_states_a_cold_load_gives(
        game: str, replays: list[int]) -> None:
    """A server that keeps no game in memory: load the room's save, apply what a seat
    sent, save. Each load replays the step added since the last one, and the state it
    gives behaves exactly as the general reader's state of the same text."""
    cls = type(game_info(game).new_game(players=4, seed=1))
    text = next(playout(game, 31)).to_json()
    pick = random.Random(3)
    loads = 0
    for step in range(150):
        s = cls.from_json(text)
        loads += 1
        if step % 15 == 7:  # this load's state against the general reader's
            hits = replays[0]
            core._SEEN.clear()
            again = cls.from_json(text)
            assert replays[0] == hits
            assert behaviour(s.copy(), step) == behaviour(again, step)
        if s.is_over:
            break
        legal = s.legal_actions()
        s.apply(legal[pick.randrange(len(legal))])
        text = s.to_json()
    assert replays[0] >= loads - 1 - 10  # every load after a remembered one replayed


@pytest.mark.parametrize("game", GAMES)
def test_saves_some_steps_apart_load_as_the_general_reader_loads_them(
        game: str, replays: list[int]) -> None:
    """Successive saves of one game 0 to 12 steps apart (the same save again, several
    steps, more than are replayed): each loads to the state a cold load gives."""
    saves: list[str] = []
    gap = random.Random(8)
    wait = 0
    for s in playout(game, 17, limit=400):
        if wait == 0 or s.is_over:
            saves.append(s.to_json())
            wait = gap.choice([0, 1, 1, 1, 2, 3, 5, 8, 9, 12])
            if wait == 0:
                saves.append(saves[-1])
        else:
            wait -= 1
    cls = type(game_info(game).new_game(players=4, seed=1))
    warm = []
    for t in saves:
        warm.append(outcome(cls, t))
    assert replays[0] >= len(saves) // 2
    assert warm == [cold(cls, t) for t in saves]


def test_more_steps_than_are_replayed_are_read_whole(
        replays: list[int], monkeypatch: pytest.MonkeyPatch) -> None:
    saves = [s.to_json() for s, _ in zip(playout("shithead", 4), range(40), strict=False)]
    cls = type(game_info("shithead").new_game(players=4, seed=1))
    monkeypatch.setattr(core, "_REPLAY_STEPS", 3)
    cls.from_json(saves[10])
    cls.from_json(saves[14])  # four steps on: read whole, but remembered
    assert replays[0] == 0
    cls.from_json(saves[17])  # three steps on: replayed
    assert replays[0] == 1
    cls.from_json(saves[17])  # the same save again: no step to replay, compared as it is
    assert replays[0] == 2


def _state_edits(text: str) -> list[str]:
    """Edits of the part of a save that replaying does not read (the state, the rng, the
    setup and rules), each one a text a tamperer or a bug could send."""
    at = text.index(',"state":') + len(',"state":')
    out = []
    cards = [m.start() for m in re.finditer(r'"[0-9A-Za-z]{2,3}"', text[at:])]
    if len(cards) >= 2:
        i, j = at + cards[0], at + cards[-1]
        a, b = text[i:text.index('"', i + 1) + 1], text[j:text.index('"', j + 1) + 1]
        if a != b:  # two cards swapped between the places they lie
            out.append(text[:i] + b + text[i + len(a):j] + a + text[j + len(b):])
    digits = [m.start() for m in re.finditer(r"[0-9]", text[at:])]
    for k in digits[:: max(1, len(digits) // 6)]:
        d = text[at + k]
        out.append(text[:at + k] + str((int(d) + 1) % 10) + text[at + k + 1:])
    out.append(re.sub(r'"rng":(\d+)', lambda m: f'"rng":{int(m[1]) ^ 1}', text, count=1))
    out.append(text.replace('"seed":', '"seed": ', 1))
    out.append(text[:at] + " " + text[at:])
    out.append(text + "\n")
    out.append(text[:-1])
    out.append(text[:at] + text[at:].replace("true", "false", 1))
    return [t for t in out if t != text]


@pytest.mark.parametrize("game", GAMES)
def test_a_next_save_edited_outside_its_history_is_judged_as_cold(
        game: str, replays: list[int]) -> None:
    """Every edit of a next save outside its history (its steps replay) is accepted or
    refused, with the same message, exactly as the general reader does."""
    cls = type(game_info(game).new_game(players=4, seed=1))
    prev: str | None = None
    pairs: list[tuple[str, str]] = []
    pick = random.Random(6)
    for s in playout(game, 19, limit=400):
        text = s.to_json()
        if prev is not None and pick.random() < 0.1 and len(pairs) < 6:
            pairs.append((prev, text))
        prev = text
    assert len(pairs) == 6
    edited = [(a, e) for a, b in pairs for e in _state_edits(b)]
    warm = []
    for a, b in edited:
        core._SEEN.clear()
        cls.from_json(a)
        warm.append(outcome(cls, b))
    assert replays[0] == 0  # an edited text never saves from a replayed state
    assert any(w.startswith("refused") for w in warm)
    assert any(w.startswith("ok") for w in warm)  # some edits are saves the reader takes
    assert warm == [cold(cls, b) for _, b in edited]
    for a, b in pairs:  # and the unedited texts replay
        core._SEEN.clear()
        cls.from_json(a)
        cls.from_json(b)
    assert replays[0] == len(pairs)


def _last_step_changed(text: str, to: Callable[[int, int], int]) -> str:
    """The save with its last step's code replaced by ``to(code, notations)``."""
    names_end = text.index('],"order":"')
    names = json.loads(text[text.index('{"actions":[') + 11:names_end + 1])
    order_at = names_end + len('],"order":"')
    order_end = text.index('"', order_at)
    width = int(re.search(r'"width":(\d)\}', text)[1])  # type: ignore[index]
    digits = "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz-_"
    last = text[order_end - width:order_end]
    code = 0
    for ch in last:
        code = code * 64 + digits.index(ch)
    new = to(code, len(names))
    spelled = "".join(digits[(new >> (6 * k)) & 63] for k in reversed(range(width)))
    return text[:order_end - width] + spelled + text[order_end:]


@pytest.mark.parametrize("game", GAMES)
def test_a_history_the_state_does_not_follow_is_judged_as_cold(
        game: str, replays: list[int]) -> None:
    """A next save whose new step is another listed notation (illegal there, or legal
    but not what was played) loads exactly as the general reader loads it: the replay
    is refused or saves to other text, and the save is read whole."""
    cls = type(game_info(game).new_game(players=4, seed=1))
    texts = [s.to_json() for s, _ in zip(playout(game, 23), range(120), strict=False)]
    cases = []
    for i in range(len(texts) // 2, len(texts) - 1, 3):
        for shift in (1, 2, 5):
            changed = _last_step_changed(texts[i + 1], lambda c, k, d=shift: (c + d) % k)
            if changed != texts[i + 1]:
                cases.append((texts[i], changed))
    assert len(cases) >= 20
    warm = []
    for a, b in cases:
        core._SEEN.clear()
        cls.from_json(a)
        warm.append(outcome(cls, b))
    assert replays[0] == 0
    assert warm == [cold(cls, b) for _, b in cases]
    # those the reader takes (a listed step) it refuses with verify=True, as it does cold
    taken = [(a, b) for (a, b), w in zip(cases, warm, strict=True) if w.startswith("ok")]
    assert len(taken) >= 5
    for a, b in taken:
        core._SEEN.clear()
        cls.from_json(a)
        with pytest.raises(StateError, match=r"contradicts|cannot be replayed"):
            cls.from_json(b, verify=True)


@pytest.mark.parametrize("game", GAMES)
def test_the_remembered_state_is_never_played_on(game: str, replays: list[int]) -> None:
    """A replayed state belongs to its caller: playing it on, or loading another save of
    the room meanwhile, leaves the remembered state as its save says, and a later load of
    the room's next save gives the state a cold load gives."""
    cls = type(game_info(game).new_game(players=4, seed=1))
    texts = [s.to_json() for s, _ in zip(playout(game, 29), range(80), strict=False)]
    cls.from_json(texts[40])
    mine = cls.from_json(texts[41])
    assert replays[0] == 1
    play_on(mine, 5, random.Random(1))
    entry = next(iter(core._SEEN.values()))
    assert entry.last is not None and entry.last is not mine
    assert entry.last.to_json() == texts[41]
    assert mine.history is not entry.last.history
    again = cls.from_json(texts[42])
    assert replays[0] == 2
    core._SEEN.clear()
    assert behaviour(again, 1) == behaviour(cls.from_json(texts[42]), 1)


@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(game=st.sampled_from(GAMES), seed=st.integers(0, 10_000),
       gaps=st.lists(st.integers(0, 10), min_size=1, max_size=12))
def test_any_sequence_of_a_rooms_saves_loads_as_cold(
        game: str, seed: int, gaps: list[int]) -> None:
    """Property: for any game and any gaps between the saves a room loads (0: the same
    save again), each load gives the general reader's outcome for that text."""
    core._SEEN.clear()
    it = playout(game, seed, limit=300)
    cls = type(game_info(game).new_game(players=4, seed=1))
    s = next(it)
    texts = [s.to_json()]
    for gap in gaps:
        for _ in range(gap):
            s = next(it, s)
        texts.append(s.to_json())
    warm = [outcome(cls, t) for t in texts]
    assert warm == [cold(cls, t) for t in texts]


@pytest.mark.parametrize("where", ["setup", "notation"])
def test_saves_spelled_otherwise_than_to_json_writes_are_read_whole(
        where: str, replays: list[int]) -> None:
    """A room whose saves spell their setup with JSON whitespace, or a notation with an
    escape, is remembered under that text, but a replayed state writes its own text, so
    such saves are read whole: the states are the general reader's, whose saves are
    canonical again."""
    cls = type(game_info("toepen").new_game(players=4, seed=1))
    texts = [s.to_json() for s, _ in zip(playout("toepen", 12), range(30), strict=False)]

    def respell(t: str) -> str:
        if where == "setup":
            return t.replace(',"setup":{"deck":', ',"setup":{"deck": ', 1)
        first = t.index('{"actions":["') + len('{"actions":["')
        return t[:first] + f"\\u{ord(t[first]):04x}" + t[first + 1:]

    spelled = [respell(t) for t in texts[20:26]]
    assert all(a != b for a, b in zip(spelled, texts[20:26], strict=True))
    warm = [outcome(cls, t) for t in spelled]
    assert replays[0] == 0
    assert warm == [cold(cls, t) for t in spelled]
    assert all(w.startswith(f"ok {t} ") for w, t in zip(warm, texts[20:26], strict=True))


def test_a_save_given_as_bytes_loads_as_its_text_does(replays: list[int]) -> None:
    cls = type(game_info("dallah").new_game(players=4, seed=1))
    texts = [s.to_json() for s, _ in zip(playout("dallah", 5), range(30), strict=False)]
    cls.from_json(texts[20])
    assert cls.from_json(texts[21].encode()).to_json() == texts[21]
    assert replays[0] == 0
    assert cls.from_json(texts[22]).to_json() == texts[22]
    assert replays[0] == 1


def test_rooms_loaded_in_several_threads_load_as_cold(monkeypatch: pytest.MonkeyPatch) -> None:
    """Threads each playing a room through loads and saves (a threaded server), with
    fewer rooms remembered than there are, so entries are added and evicted while other
    threads read them: no load fails, and every save is the one the same play gives in
    one thread with nothing remembered."""
    import threading

    monkeypatch.setattr(core, "_SEEN_ROOMS", 3)
    core._SEEN.clear()
    cls = type(game_info("toepen").new_game(players=4, seed=1))
    starts = {seed: next(playout("toepen", seed)).to_json() for seed in range(8)}
    texts: dict[int, list[str]] = {seed: [] for seed in starts}
    errors: list[BaseException] = []

    def room(seed: int) -> None:
        try:
            text, pick = starts[seed], random.Random(seed)
            for _ in range(60):
                s = cls.from_json(text)
                if s.is_over:
                    break
                play_on(s, 1, pick)
                text = s.to_json()
                texts[seed].append(text)
        except BaseException as exc:  # reported below
            errors.append(exc)

    threads = [threading.Thread(target=room, args=(seed,)) for seed in starts]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert not errors
    assert len(core._SEEN) <= 3
    for seed, saved in texts.items():
        core._SEEN.clear()
        s = cls.from_json(starts[seed])
        pick = random.Random(seed)
        for text in saved:  # the same play, one thread, cold: the same saves
            play_on(s, 1, pick)
            assert s.to_json() == text
