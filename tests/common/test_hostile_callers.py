"""A hostile caller against the public API of every game (helper-122's audit; helper-124's is
:mod:`tests.common.test_hostile_inputs`).

Hypothesis takes real saves, records, positions and actions of seeded games of all four
games and edits them the way a hostile or careless caller does: any value of a save or
record swapped for one of the wrong type (``True`` where an int goes, a float, NaN, a
huge number, a list, a deep nest), a key dropped or added, a list grown or cut, a
position line rewritten, an action object with a field replaced or its cards put in
another order, another game's or another state's action, ``by=``/``expect=``/``chance=``
misused. Each reader then either gives a whole state (it saves, loads back
byte-identical and plays on) or raises :class:`~tablegames.common.errors.TablegamesError`;
a refused ``apply`` leaves ``to_json()`` byte-identical and names no card hidden from the
seat that sent it; an accepted one is written in the notation it reads back as, so the
game's record replays to the same save. Huge values are refused by size limits, checked
by the memory a call allocates (:mod:`tests.bounded`), never by the clock.

The character-level damage of texts is :mod:`tests.common.test_any_text`; this module is
the structural side, and the regressions of the defects the audit found. Its properties
of saves, records and positions are also those of helper-124's audit
(:mod:`tests.common.test_hostile_inputs`), merged into one property each (helper-135):
each draws from the edits of both, so no input either covered is lost.
"""

from __future__ import annotations

import copy
import inspect
import json
import random
import re
from collections.abc import Callable, Iterator
from functools import partial
from typing import Any

import attrs
import pytest
from hypothesis import event, given, settings
from hypothesis import strategies as st

import tablegames
from tablegames import phase10, shithead
from tablegames.common.actions import Action
from tablegames.common.errors import TablegamesError
from tablegames.common.registry import GAMES
from tablegames.common.rng import seed_to_int
from tablegames.testing import assert_refused
from tests.bounded import MAX_BYTES, peak_of
from tests.common.test_any_text import _whole as whole

GAME_NAMES = ("toepen", "phase10", "shithead", "dallah")
#: What a hostile caller puts where a value goes (JSON writes NaN and Infinity as such):
#: helper-122's values and helper-124's (``2**64``, ``10**20``, ``["0:x"]``...).
HOSTILE: list[Any] = [
    True, False, None, -1, 0, 1, 2**63, 2**64, 10**20, 10**40, 1.5, float("nan"),
    float("inf"), "", "x", "0", "R5", [], {}, [0], [[[[]]]], [[[[[]]]]], {"x": 1}, {"zzz": 1},
    [True], ["0:x"], ["x"] * 50,
]
#: Values JSON holds only as text (``json.dumps`` writes no such thing for a save), put
#: in by replacing a marker; at the root, the whole text.
HOSTILE_TEXTS = ["NaN", "Infinity", "-Infinity", "1e999", "9" * 5000, "[" * 100_000,
                 "[" * 100_000 + "]" * 100_000, '"\\ud800"']
MARK = "@@hostile@@"
#: What a hostile caller writes where a word of a position goes, or a whole line's words.
WORDS = ["-", "", "0", "-1", "999", "9" * 30, "9" * 50, "1e5", "1e999", "NaN", "yes", "no",
         "true", "x", "²", "١", "٣", "0:0", "1:1", "- -", "[]", "{}", "null", '{"a":1}',
         "[" * 60 + "]" * 60, "R5 R5", "7h 7h", " ".join(["5c"] * 200)]
#: The longest refusal a person is expected to read.
MAX_MESSAGE = 1000


def _in_play(game: str, seed: int, most: int = 80) -> Any:
    """A seeded game of 3 or 4 players, up to ``most`` random actions in (over or not)."""
    rng = random.Random(seed)
    state = tablegames.new_game(game, players=3 + seed % 2, seed=seed)
    for _ in range(rng.randrange(0, most)):
        if state.is_over:
            break
        state.apply(rng.choice(state.legal_actions()))
    return state


def _paths(value: Any, path: tuple[Any, ...] = ()) -> Iterator[tuple[Any, ...]]:
    """Every place in plain JSON data, the root first."""
    yield path
    if isinstance(value, dict):
        for k, v in value.items():
            yield from _paths(v, (*path, k))
    elif isinstance(value, list):
        for i, v in enumerate(value):
            yield from _paths(v, (*path, i))


def _at(root: Any, path: tuple[Any, ...]) -> Any:
    for key in path:
        root = root[key]
    return root


#: The edits of one place: ``replace`` (a hostile value), ``text`` (a value only JSON text
#: holds), ``drop``, ``grow`` (a list's last item again; a dict's unknown key), ``cut`` (a
#: list's or a text's last item), ``nest`` (the value in a list), ``double`` (the key twice
#: in the text, the first value hidden behind the second).
EDITS = ("replace", "text", "drop", "grow", "cut", "nest", "double")


@st.composite
def _edited(draw: Any, data: Any) -> str:
    """The JSON text of ``data`` (a save or a record, as parsed) with one place edited."""
    data = json.loads(json.dumps(data))
    path = draw(st.sampled_from(list(_paths(data))), label="place")
    how = draw(st.sampled_from(EDITS), label="edit")
    event(f"edit: {how}")
    if not path:  # the root: a value of no save at all, or a whole text JSON cannot write
        if how == "text":
            return draw(st.sampled_from(HOSTILE_TEXTS))
        if how == "grow":
            data["unknown_key"] = draw(st.sampled_from(HOSTILE))
            return json.dumps(data)
        return json.dumps(draw(st.sampled_from(HOSTILE)))
    parent, last = _at(data, path[:-1]), path[-1]
    value = parent[last]
    if how == "drop":
        del parent[last]
    elif how == "grow" and isinstance(value, list) and value:
        value.append(copy.deepcopy(value[-1]))
    elif how == "grow" and isinstance(value, dict):
        value["unknown_key"] = draw(st.sampled_from(HOSTILE))
    elif how == "cut" and isinstance(value, list | str) and value:
        parent[last] = value[:-1]
    elif how == "nest":
        parent[last] = [value]
    elif how == "double" and isinstance(parent, dict):
        parent[last] = MARK
        key, text = json.dumps(last), json.dumps(value)
        return json.dumps(data).replace(f"{key}: {json.dumps(MARK)}", f"{key}: {text}, {key}: {text}", 1)
    elif how == "text":
        parent[last] = MARK
        return json.dumps(data).replace(json.dumps(MARK), draw(st.sampled_from(HOSTILE_TEXTS)))
    else:
        parent[last] = copy.deepcopy(draw(st.sampled_from(HOSTILE)))
    return json.dumps(data)


def _whole(state: Any) -> None:
    """A state that loaded is whole (:func:`tests.common.test_any_text._whole`)."""
    whole(state, GAMES[state.GAME])


def _refused_clearly(exc: TablegamesError) -> None:
    assert isinstance(exc, ValueError)
    assert len(str(exc)) < MAX_MESSAGE and len(repr(exc)) < MAX_MESSAGE + 100, str(exc)[:300]


#: Each example plays a seeded game and reads a text once or twice; the two audits ran 30
#: and 25 examples of each property, the merged one runs as many as both.
MERGED = settings(max_examples=55)


@pytest.mark.parametrize("game", GAME_NAMES)
@MERGED
@given(seed=st.integers(0, 10_000), data=st.data())
def test_a_save_edited_anywhere_loads_whole_or_is_refused(
        game: str, seed: int, data: st.DataObject) -> None:
    saved = json.loads(_in_play(game, seed).to_json())
    text = data.draw(_edited(saved), label="save")
    for load in (tablegames.load, GAMES[game].from_json):
        try:
            state = load(text)
        except TablegamesError as exc:
            _refused_clearly(exc)
            event("refused")
        else:
            _whole(state)
            event("loaded")


@pytest.mark.parametrize("game", GAME_NAMES)
@MERGED
@given(seed=st.integers(0, 10_000), data=st.data())
def test_a_record_edited_anywhere_replays_whole_or_is_refused(
        game: str, seed: int, data: st.DataObject) -> None:
    state = _in_play(game, seed)
    if data.draw(st.booleans(), label="from a position"):
        state = tablegames.from_position(game, state.to_position())
    text = data.draw(_edited(state.record()), label="record")
    try:
        record = json.loads(text)
    except (ValueError, RecursionError):  # the test's own reader: no record to give
        return
    try:
        state = tablegames.replay(record)
    except TablegamesError as exc:
        _refused_clearly(exc)
        event("refused")
    else:
        _whole(state)
        assert tablegames.replay(state.record()).to_json() == state.to_json()
        event("replayed")


@pytest.mark.parametrize("game", GAME_NAMES)
@MERGED
@given(seed=st.integers(0, 10_000), data=st.data())
def test_a_position_line_edited_reads_whole_or_is_refused(
        game: str, seed: int, data: st.DataObject) -> None:
    """A line's words replaced (by a hostile word or another line's words), one word of
    it replaced, the line dropped, doubled, or its words reversed."""
    lines = _in_play(game, seed).to_position().split("\n")
    at = data.draw(st.integers(1, len(lines) - 1), label="line")
    key = lines[at].partition(":")[0]
    others = [line.partition(": ")[2] for line in lines if ": " in line]
    how = data.draw(st.sampled_from(["line", "word", "drop", "double", "swap"]), label="how")
    event(f"edit: {how}")
    if how == "line":
        lines[at] = f"{key}: {data.draw(st.sampled_from(WORDS + others))}"
    elif how == "word" and ": " in lines[at]:
        words = lines[at].partition(": ")[2].split() or [""]
        i = data.draw(st.integers(0, len(words) - 1))
        words[i] = data.draw(st.sampled_from(WORDS + " ".join(others).split()))
        lines[at] = f"{key}: {' '.join(words)}"
    elif how == "drop":
        del lines[at]
    elif how == "double":
        lines.insert(at, lines[at])
    else:
        head, _, words = lines[at].partition(": ")
        lines[at] = f"{head}: {' '.join(reversed(words.split()))}"
    try:
        state = tablegames.from_position(game, "\n".join(lines))
    except TablegamesError as exc:
        _refused_clearly(exc)
        event("refused")
    else:
        _whole(state)
        event("read")


# -- apply ---------------------------------------------------------------------------------
def _other_values(value: Any) -> list[Any]:
    """What a caller may put in an action's field instead of ``value``."""
    out = [True, False, None, -1, 10**40, 1.0, "0", (), [], object()]
    if type(value) is int:
        out += [value + 1, value - 1, float(value)]
    if isinstance(value, tuple) and len(value) > 1:
        out += [value[::-1], value[1:] + value[:1], value + value[-1:], list(value)]
    if isinstance(value, tuple) and value:
        out += [tuple(True for _ in value), (value[0],) * 2000]
    return out


@st.composite
def _hostile_action(draw: Any, state: Any, game: str) -> Any:
    """An action object or text a hostile caller sends to ``state``."""
    legal = state.legal_actions() or list(state.history)[-3:]
    kind = draw(st.sampled_from(["field", "foreign", "notation", "junk"]))
    event(f"action: {kind}")
    if kind == "field":
        action = draw(st.sampled_from(legal))
        fields = [f.name for f in attrs.fields(type(action)) if f.init]
        name = draw(st.sampled_from(fields))
        return attrs.evolve(action, **{name: draw(st.sampled_from(
            _other_values(getattr(action, name))))})
    if kind == "foreign":
        other_game = draw(st.sampled_from(GAME_NAMES))
        other = _in_play(other_game, draw(st.integers(0, 10_000)))
        return draw(st.sampled_from(other.legal_actions() or list(other.history) or legal))
    if kind == "notation":
        text = str(draw(st.sampled_from(legal)))
        how = draw(st.sampled_from(["seat", "upper", "pad", "tail", "cut", "card"]))
        if how == "seat":
            return re.sub(r"^\d+", str(draw(st.sampled_from([9, 99, len(state.players)]))), text)
        if how == "upper":
            return text.upper()
        if how == "pad":
            return " " * 300 + text
        if how == "tail":
            return text + draw(st.sampled_from([" x", ",", ">", "=", " 0", "\x00", "\u202e"]))
        if how == "cut":
            return text[:draw(st.integers(0, len(text)))]
        hidden = [str(c) for s in range(len(state.players)) for c in state.view(s).get("hand", [])]
        return f"{text} {draw(st.sampled_from(hidden))}" if hidden else text
    return draw(st.sampled_from([None, 0, True, b"0:knock", ["0:knock"], "", "x" * 600,
                                 Action(0)]))


def _hidden_from(state: Any, seat: int | None) -> set[str]:
    """The cards in other seats' hands that ``seat`` (``None``: a spectator) cannot see."""
    seen = json.dumps(state.view(seat))
    return {str(c) for s in range(len(state.players)) if s != seat
            for c in state.view(s).get("hand", [])
            if not re.search(rf"(?<!\w){re.escape(str(c))}(?!\w)", seen)}


def _written(action: Any) -> str:
    """The text the caller sent, as best it can be written (its cards are its own)."""
    try:
        return str(action)
    except Exception:  # a field of the wrong type: the repr says it
        return repr(action)


@pytest.mark.parametrize("game", GAME_NAMES)
@settings(max_examples=40)
@given(seed=st.integers(0, 10_000), data=st.data())
def test_apply_takes_an_action_as_its_notation_or_refuses_without_a_trace(
        game: str, seed: int, data: st.DataObject) -> None:
    """A refused action changes nothing and tells the sender no hidden card; an accepted
    one is the action its notation reads as, so the record replays to the same save."""
    state = _in_play(game, seed)
    action = data.draw(_hostile_action(state, game), label="action")
    n = len(state.players)
    by = data.draw(st.sampled_from([None, None, 0, n - 1, n, -1, True, 1.0]), label="by")
    expect = data.draw(st.sampled_from(
        [None, None, len(state.history), len(state.history) - 1, True, 10**40, 1.0]),
        label="expect")
    chance = data.draw(st.sampled_from([None, None, None, [], [0], True, [10**40]]),
                       label="chance")
    before = state.to_json()
    seat = getattr(action, "seat", None)
    sender = by if type(by) is int and 0 <= by < n else (
        seat if type(seat) is int and 0 <= seat < n else None)
    hidden = _hidden_from(state, sender)
    try:
        state.apply(action, by=by, expect=expect, chance=chance)
    except TablegamesError as exc:
        _refused_clearly(exc)
        assert state.to_json() == before
        said = f"{exc}\n{exc!r}"
        sent = _written(action)
        leaked = {c for c in hidden if c not in sent
                  and re.search(rf"(?<!\w){re.escape(c)}(?!\w)", said)}
        assert not leaked, (said, leaked)
        event(f"refused: {type(exc).__name__}")
        return
    applied = list(state.history)[-1]
    info = GAMES[game]
    assert info.parse_action(str(applied)) == applied, "accepted in a form its notation loses"
    saved = state.to_json()
    assert tablegames.load(saved).to_json() == saved
    assert tablegames.replay(state.record()).to_json() == saved
    event("accepted")


# -- the defects found, one regression each --------------------------------------------------
def _until(game: str, want: Callable[[Any], bool], **setup: Any) -> tuple[Any, Any]:
    """A seeded game played at random until a legal action satisfies ``want``."""
    for seed in range(200):
        state = tablegames.new_game(game, players=3, seed=seed, **setup)
        rng = random.Random(seed)
        while not state.is_over:
            found = [a for a in state.legal_actions() if want(a)]
            if found:
                return state, found[0]
            state.apply(rng.choice(state.legal_actions()))
    raise AssertionError("no game offered such an action")


def test_a_shithead_play_names_its_cards_in_the_order_the_notation_reads() -> None:
    """SHD-05: ``Play(seat, (38, 37))`` (10h before 10d) was played as given, while its
    notation ``play 10h,10d`` reads back as ``10d,10h``: the pile's order differed, so the
    game's record replayed to another save and ``verify=True`` refused its own save."""
    state, play = _until("shithead", lambda a: type(a) is shithead.Play and len(a.cards) > 1)
    turned = attrs.evolve(play, cards=play.cards[::-1])
    assert_refused(state, turned, code="card_order", ruling="SHD-05")
    state.apply(play)
    assert tablegames.load(state.to_json(), verify=True).to_json() == state.to_json()


def test_a_shithead_swap_names_its_cards_in_the_order_the_notation_reads() -> None:
    """SHD-03: a swap of several cards, each side in code order, as ``swap`` writes it."""
    state = tablegames.new_game("shithead", players=3, seed=4)
    seat = state.to_act
    assert seat is not None and any(type(a) is shithead.Swap for a in state.legal_actions())
    up, hand = state.face_up[seat][:2], state.hands[seat][:2]
    assert up == tuple(sorted(up)) and hand == tuple(sorted(hand)) and up[0] != up[1]
    for bad in (shithead.Swap(seat, up[::-1], hand), shithead.Swap(seat, up, hand[::-1])):
        assert_refused(state, bad, code="card_order", ruling="SHD-03")
    state.apply(shithead.Swap(seat, up, hand))
    assert tablegames.replay(state.record()).to_json() == state.to_json()


@pytest.mark.parametrize("edit", ["groups", "cards"])
def test_a_phase10_lay_down_is_written_as_the_notation_reads(edit: str) -> None:
    """P10-40: ``Lay`` with its groups, or a set's cards, in another order was laid as
    given; its notation reads back canonical, so the save did not load back byte-identical
    and ``verify=True`` refused it. The refusal names the lay-down as it is written."""
    state, lay = _until("phase10", lambda a: type(a) is phase10.Lay and len(a.groups) > 1
                        and len(set(a.groups[0].cards)) > 1)
    if edit == "groups":
        bad = attrs.evolve(lay, groups=lay.groups[::-1])
    else:
        first = lay.groups[0]
        bad = attrs.evolve(lay, groups=(attrs.evolve(first, cards=first.cards[::-1]),
                                        *lay.groups[1:]))
    refused = assert_refused(state, bad, code="lay_order", ruling="P10-40")
    assert str(lay).partition(":lay ")[2] in refused.message
    state.apply(lay)
    assert tablegames.load(state.to_json(), verify=True).to_json() == state.to_json()


# -- huge values: refused (or taken) without building what they ask for ----------------------
@pytest.mark.parametrize("call", [
    lambda s, text, many: s.sample_world(0, text),
    lambda s, text, many: tablegames.replay({**s.record(), "players": many}),
    lambda s, text, many: tablegames.replay({**s.record(), "actions": many}),
    lambda s, text, many: tablegames.load(text),
    lambda s, text, many: tablegames.load("[" * 100_000),
    lambda s, text, many: tablegames.from_position(s.GAME, text),
    lambda s, text, many: s.apply(text),
    lambda s, text, many: s.apply(s.legal_actions()[0], expect=10**4000),
    lambda s, text, many: tablegames.new_game(s.GAME, players=many),
    lambda s, text, many: tablegames.new_game(s.GAME, players=3, rules=text),
    lambda s, text, many: tablegames.new_game(s.GAME, players=3, deck=many),
], ids=["world seed", "replay players", "replay actions", "load", "load nested", "position",
        "notation", "expect", "players", "rules", "deck"])
@pytest.mark.parametrize("game", GAME_NAMES)
def test_a_huge_value_costs_no_memory_in_proportion(game: str, call: Any) -> None:
    """The library allocates a bounded amount whatever the size of what it is sent: the
    world's seed string is hashed a slice at a time (it was encoded whole: a second copy
    of it), a record's players are counted before each is read (a reader per name: 90 MB
    for ten million)."""
    state = tablegames.new_game(game, players=3, seed=1)
    before = state.to_json()
    # 20 MB of text and 16 MB of list from the caller, each five times the bound below
    text, many = "x" * 20_000_000, ["a"] * 2_000_000
    raised, peak = peak_of(lambda: call(state, text, many))
    assert raised is None or isinstance(raised, TablegamesError), repr(raised)
    assert peak < MAX_BYTES // 8, peak
    assert state.to_json() == before


def test_a_seed_string_hashes_as_its_utf8_whatever_its_length() -> None:
    """Slicing the string for the hash changes no seed: a world drawn from a room name
    is the world it always was."""
    import hashlib

    for text in ("", "room", "é" * 70_000 + "\U0001F600", "x" * 200_000):
        whole = int.from_bytes(hashlib.sha256(text.encode()).digest()[:8], "big")
        assert seed_to_int(text) == whole


# -- new_game's own setup keywords ------------------------------------------------------
def _setup_keywords() -> list[tuple[str, str]]:
    """Every game's setup keyword beyond players, seed, rules and deck (``lives`` ...)."""
    out = []
    for game in GAME_NAMES:
        params = inspect.signature(GAMES[game].new_game).parameters
        out += [(game, p) for p in params if p not in ("players", "seed", "rules", "deck")]
    return out


@pytest.mark.parametrize(("game", "keyword"), _setup_keywords())
def test_a_setup_keyword_of_any_type_is_taken_whole_or_refused(game: str, keyword: str) -> None:
    """Toepen's ``lives=True`` was Python's ``TypeError`` (``list(lives)`` came before the
    check), ``lives={0: 0, 1: 0, 2: 0}`` started from the dict's keys and ``lives="000"``
    was read letter by letter."""
    for value in [True, 1.5, float("nan"), -1, 10**40, "x", "000", [], {}, [True] * 3,
                  [10**40] * 3, {0: 0, 1: 0, 2: 0}, b"000", [[0]], iter([0, 0, 0])]:
        try:
            state = tablegames.new_game(game, players=3, seed=1, **{keyword: value})
        except TablegamesError as exc:
            _refused_clearly(exc)
            continue
        assert not isinstance(value, str | bytes | bool | float), (keyword, value)
        saved = state.to_json()
        assert tablegames.replay(state.record()).to_json() == saved
        _whole(state)


@pytest.mark.parametrize(("game", "keyword"), _setup_keywords())
def test_a_huge_setup_keyword_is_refused_before_it_is_copied(game: str, keyword: str) -> None:
    """``new_game`` copies its setup values before the game checks them: a list of two
    million numbers (or of as many empty lists) was copied whole first, and looked at
    once more for its depth. It is now counted first (``MAX_SETUP_ITEMS``)."""
    for many in ([0] * 2_000_000, [[]] * 2_000_000):
        raised, peak = peak_of(partial(tablegames.new_game, game, players=3, **{keyword: many}))
        assert isinstance(raised, TablegamesError), repr(raised)
        assert peak < MAX_BYTES // 8, peak


def test_a_dallah_report_of_falls_names_its_cups_in_the_order_the_notation_reads() -> None:
    """DAL-10: ``Falls`` keeps its cups sorted, as ``fell`` reads them; given in another
    order they fell in that order live while the record replayed them sorted, so the
    table and a replay told the falls in different orders."""
    from tablegames.dallah import actions as dallah_actions

    for seed in range(40):
        state = tablegames.new_game("dallah", players=3, seed=seed)
        rng = random.Random(seed)
        while not state.is_over:
            fells = {f"{a.zone}:{a.shape}" for a in state.legal_actions()
                     if type(a) is dallah_actions.Fell}
            if len(fells) > 1:
                cups = tuple(sorted(fells)[:2])
                seat = state.to_act
                bad = dallah_actions.Falls(seat, cups[::-1])
                assert_refused(state, bad, code="cups_order", ruling="DAL-10")
                state.apply(dallah_actions.Falls(seat, cups))
                assert tablegames.replay(state.record()).to_json() == state.to_json()
                return
            state.apply(rng.choice(state.legal_actions()))
    raise AssertionError("no game offered two cups to report")
