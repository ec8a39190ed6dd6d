"""A hostile caller against the public surface of every game.

Hypothesis takes seeded games in play and hands the library what a hostile caller would:
an action in bad notation, in another seat's name, at a stale version, with a chance feed
where none is taken, another game's or a made-up action; hostile rules, players and
setup. Each call either gives a state that is whole (it saves, loads back byte-identical
and plays on) or raises :class:`~tablegames.common.errors.TablegamesError` and changes
nothing: the state's save is byte-identical after every refusal.

Saves, records and positions edited anywhere (a value of the wrong type at any place of
a save or record: ``true`` for a count, a float, a negative or 20-digit number, ``NaN``,
``1e999``, a 5,000-digit integer, a list 100,000 levels deep; an unknown or doubled key,
a key left out; a position line with another line's words) are
:mod:`tests.common.test_hostile_callers`'s properties, which hold this audit's edits and
helper-122's in one property each (helper-135).

What a refusal says, and the worlds a seat samples, are checked against a twin: the
same position with two cards the seat cannot see swapped
(:func:`test_a_seat_learns_nothing_from_refusals_or_worlds`).

Sizes are bounded by construction, not timed: an input of 10**7 entries is a sequence
whose items raise when read, so a refusal proves it counted them and read none.
"""

from __future__ import annotations

import itertools
import json
import random
import re
from collections.abc import Iterator, Sequence
from typing import Any, overload

import pytest
from hypothesis import HealthCheck, event, given, settings
from hypothesis import strategies as st

import tablegames
from tablegames.common.errors import SetupError, StateError, TablegamesError, quoted
from tablegames.common.registry import GAMES
from tablegames.common.rng import Rng
from tablegames.common.rules import rules_to_dict
from tests.common.test_any_text import _whole as whole
from tests.common.test_hostile_callers import _in_play as in_play

GAME_NAMES = ("toepen", "phase10", "shithead", "dallah")
#: Each example plays a seeded game and loads or applies a few times: a few dozen per game
#: keep the module well under its time budget.
FEW = settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])

#: Values of the wrong type or size, for the rules, players and setup.
HOSTILE_VALUES: list[Any] = [True, False, None, 1.5, -1, 0, 2**64, 10**20, "", "x",
                             [], {}, [[[[]]]], {"zzz": 1}, [True], ["0:x"]]


def _in_play(game: str, seed: int) -> Any:
    """A seeded game of three or four seats, a few dozen random actions in."""
    return in_play(game, seed, most=60)


def _whole(state: Any) -> None:
    """A state the library handed back is whole: it saves, loads back byte-identical,
    shows every seat a plain-JSON view and plays on (one action is applied to it: no
    caller uses the state after)."""
    whole(state, GAMES[state.GAME])


def _refused(exc: TablegamesError) -> None:
    """A refusal is short and can be shown (``str``, ``repr``) without failing."""
    assert len(str(exc)) < 2000 and repr(exc)
    event(f"refused: {type(exc).__name__}")


class Endless(Sequence[Any]):
    """A sequence of ``n`` entries that raises when any entry is read: an input that
    would take the library ``n`` steps (or ``n`` times the memory) if it read it."""

    def __init__(self, n: int = 10**7) -> None:
        self.n = n

    def __len__(self) -> int:
        return self.n

    @overload
    def __getitem__(self, i: int) -> Any: ...

    @overload
    def __getitem__(self, i: slice) -> Sequence[Any]: ...

    def __getitem__(self, i: int | slice) -> Any:
        raise AssertionError("an entry of a huge input was read")

    def __iter__(self) -> Iterator[Any]:
        raise AssertionError("a huge input was walked")


def _hostile_calls(state: Any, other: Any, rng: random.Random) -> Iterator[tuple[Any, dict[str, Any]]]:
    """``apply`` arguments a hostile caller sends (``other``: another game in play)."""
    n = len(state.players)
    steps = [*state.legal_actions(), *list(state.history)[-3:]]
    a = rng.choice(steps)
    text = str(a)
    at = rng.randrange(len(text))
    junk = rng.choice(["", "9", " ", "x", ":", "-1", "9" * 30, "\x00", "١", "\n", ",", "=", "/"])
    yield text[:at] + junk + text[at + 1:], {}
    yield text[:at] + junk + text[at:], {}
    yield f"{rng.choice([n, -1, 10**30, 'x'])}:{text.partition(':')[2]}", {}
    yield text + (" " + text.rpartition(" ")[2]) * 100, {}
    yield " " * 600 + text, {}
    yield a, {"by": rng.choice([(a.seat + 1) % n, True, float(a.seat), 10**30, -1, "0"])}
    yield a, {"expect": rng.choice([state.version - 1, state.version + 1, True,
                                    float(state.version), 10**5000, "0"])}
    yield a, {"chance": rng.choice([[0], "0", [True], Endless()])}
    for foreign in [*other.legal_actions()[:2], *list(other.history)[-2:]]:
        yield foreign, {}
        yield str(foreign), {}
    for bad in (None, 1, 1.5, True, b"0:draw", [text], {"seat": 0}, object(), ""):
        yield bad, {}


@pytest.mark.parametrize("game", GAME_NAMES)
@FEW
@given(seed=st.integers(0, 10_000), other=st.sampled_from(GAME_NAMES))
def test_a_hostile_action_is_refused_and_changes_nothing(game: str, seed: int,
                                                          other: str) -> None:
    state = _in_play(game, seed)
    if state.is_over:
        return
    before = state.to_json()
    foreign = _in_play(other, seed + 1)
    for action, kwargs in _hostile_calls(state, foreign, random.Random(seed)):
        played = state.copy()
        try:
            played.apply(action, **kwargs)
        except TablegamesError as exc:
            _refused(exc)
            assert played.to_json() == before, f"refused {action!r} {kwargs} changed the state"
        else:  # accepted: it was the notation or object of a legal action of its seat
            act = GAMES[game].parse_action(action) if isinstance(action, str) else action
            assert act in state.legal_actions(act.seat)
            _whole(played)
    assert state.to_json() == before


#: The lines of a position whose cards some seat cannot see (a Shithead hand's cards
#: all have seen are named on its ``known`` line and stay put).
HIDDEN = {"toepen": ("hand", "stock"), "phase10": ("hand", "stock"),
          "shithead": ("hand", "stock", "face_down"), "dallah": ("stock", "placement_stock")}


def _twin(game: str, state: Any, seat: int, rng: random.Random) -> Any | None:
    """The position of ``state`` with two cards ``seat`` cannot see swapped (``None``
    when no such swap reads as a position ``seat`` sees the same)."""
    lines = state.to_position().split("\n")
    known = {w for line in lines if line.startswith("known ") for w in line.split()[2:]}
    hidden = [i for i, line in enumerate(lines) if line.partition(":")[0].split(" ")[0]
              in HIDDEN[game] and line.partition(":")[0] != f"hand {seat}"
              and line.partition(": ")[2] not in ("", "-")]
    if not hidden:  # every card is in sight of the seat (a Dallah cup late on, both stocks empty)
        return None
    for _ in range(6):
        i, j = rng.choice(hidden), rng.choice(hidden)
        twin = list(lines)
        wi, wj = twin[i].partition(": ")[2].split(), twin[j].partition(": ")[2].split()
        if i == j:
            wj = wi
        a, b = rng.randrange(len(wi)), rng.randrange(len(wj))
        if wi[a] == wj[b] or wi[a] in known or wj[b] in known:
            continue
        wi[a], wj[b] = wj[b], wi[a]
        twin[i] = f"{twin[i].partition(':')[0]}: {' '.join(wi)}"
        twin[j] = f"{twin[j].partition(':')[0]}: {' '.join(wj)}"
        try:
            other = tablegames.from_position(game, "\n".join(twin))
        except TablegamesError:
            continue
        if other.view(seat) == state.view(seat):
            return other
    return None


def _answer(state: Any, text: str, seat: int) -> str:
    """What ``seat`` is told when it sends ``text``: the refusal whole, or that it went."""
    try:
        state.copy().apply(text, by=seat)
    except TablegamesError as exc:
        return f"{type(exc).__name__}|{exc}|{exc!r}|{getattr(exc, 'values', None)}"
    return "accepted"


@pytest.mark.parametrize("game", GAME_NAMES)
@FEW
@given(seed=st.integers(0, 10_000), data=st.data())
def test_a_seat_learns_nothing_from_refusals_or_worlds(game: str, seed: int,
                                                       data: st.DataObject) -> None:
    """Two positions a seat cannot tell apart (two cards it cannot see swapped) give it
    the same answer to anything it sends, and the same sampled world from the same rng:
    a world of a game set up from a position kept the position's text, every card in
    it (found by helper-124)."""
    state = tablegames.from_position(game, _in_play(game, seed).to_position())
    if state.is_over:
        return
    seat = data.draw(st.integers(0, len(state.players) - 1), label="seat")
    rng = random.Random(seed)
    twin = _twin(game, state, seat, rng)
    if twin is None:
        return
    event("twins")
    k = data.draw(st.integers(0, 2**30), label="rng")
    world = state.sample_world(seat, Rng(k))
    assert world.to_json() == twin.sample_world(seat, Rng(k)).to_json()
    assert not world.extra.get("position")
    _whole(world)
    cards = sorted({w for line in state.to_position().split("\n")
                    if line.partition(":")[0].split(" ")[0] in HIDDEN[game]
                    for w in line.partition(": ")[2].split()} - {"-"})
    sent = {str(a).partition(":")[2] for a in [*state.legal_actions(seat),
                                                *state.legal_actions(), *state.history]}
    for verb in sorted(sent)[:12]:
        words = re.split(r"([ ,/=:])", verb)
        texts = [f"{seat}:{verb}"]
        for i, word in enumerate(words):  # each card named replaced by one it cannot see
            if word in cards:
                texts.append(f"{seat}:" + "".join([*words[:i], rng.choice(cards), *words[i + 1:]]))
        for text in texts:
            assert _answer(state, text, seat) == _answer(twin, text, seat), text


def test_a_position_with_no_card_hidden_from_the_seat_has_no_twin() -> None:
    """Late in a Dallah cup both stocks are empty: no card is out of the seat's sight, so
    there is no twin to compare (``_twin`` asked ``random.choice`` of an empty list and the
    property above failed with an ``IndexError`` on such a draw: dallah, seed 128)."""
    state = tablegames.from_position("dallah", _in_play("dallah", 128).to_position())
    assert not state.is_over
    lines = state.to_position().split("\n")
    assert {line.partition(": ")[2] for line in lines
            if line.partition(":")[0] in HIDDEN["dallah"]} == {"-"}
    assert _twin("dallah", state, 0, random.Random(128)) is None


def test_a_world_of_a_position_game_names_no_hidden_card() -> None:
    """The defect itself, in one game: the world's setup held the position's text."""
    state = tablegames.from_position("toepen", tablegames.new_game("toepen", players=3, seed=1)
                                     .to_position())
    hidden = state.to_position().partition("hand 1: ")[2].partition("\n")[0]
    world = state.sample_world(0, Rng(5))
    assert world.extra == {"position": ""}
    assert hidden not in world.to_json()
    assert tablegames.load(world.to_json()).to_json() == world.to_json()


@pytest.mark.parametrize("game", GAME_NAMES)
@FEW
@given(seed=st.integers(0, 10_000), data=st.data())
def test_hostile_rules_players_and_setup_are_refused(game: str, seed: int,
                                                     data: st.DataObject) -> None:
    """Rules options, player counts and names, seeds and setup keywords of the wrong
    type or size: a ``TablegamesError`` or a game that is whole."""
    info = GAMES[game]
    options = rules_to_dict(info.new_game(players=3).rules)
    name = data.draw(st.sampled_from(sorted(options)), label="option")
    value = data.draw(st.sampled_from([*HOSTILE_VALUES, 10**5000, float("nan"),
                                       float("inf"), [options[name]] * 2000, Endless()]))
    players = data.draw(st.one_of(
        st.integers(-3, 12), st.sampled_from([True, 2.0, 10**30, Endless(), "abc", ""]),
        st.lists(st.text(max_size=80), min_size=0, max_size=12)), label="players")
    calls: list[dict[str, Any]] = [
        {"players": 3, "seed": seed, "rules": {**options, name: value}},
        {"players": 3, "seed": seed, "rules": {**options, "zzz": 1}},
        {"players": 3, "seed": seed, "rules": data.draw(st.sampled_from(
            ["", "x" * 10**5, ("standard", {name: value}), ["standard"], Endless()]))},
        {"players": players, "seed": seed},
        {"players": 3, "seed": data.draw(st.sampled_from([True, 1.5, None, 1 << 300, "x" * 65]))},
        {"players": 3, "deck": data.draw(st.sampled_from(["Th", [1], Endless(), ["x"] * 3]))},
    ]
    for kwargs in calls:
        try:
            _whole(tablegames.new_game(game, **kwargs))
        except TablegamesError as exc:
            _refused(exc)


# -- the limits, each checked by an input too large to be read ---------------------
@pytest.mark.parametrize("game", GAME_NAMES)
def test_a_huge_input_is_refused_unread(game: str) -> None:
    """Players, the stacked deck, every setup keyword, a rules list and a chance feed
    of 10**7 entries are each refused by their count: no entry is read."""
    info = GAMES[game]
    cls = info.state_class
    calls: list[Any] = [lambda: tablegames.new_game(game, players=Endless()),
                        lambda: tablegames.new_game(game, players=3, deck=Endless()),
                        lambda: cls.new(3, chance=Endless())]
    keywords = [k for k in cls.SETUP_KEYS or () if k != "position"]
    calls += [lambda k=k: tablegames.new_game(game, players=3, **{k: Endless()})
              for k in keywords]
    calls += [lambda k=k: tablegames.new_game(game, players=3, **{k: [Endless()]})
              for k in keywords]
    state = cls.new(3, chance=[]) if game == "dallah" else None
    if state is not None:  # an outside-chance state takes a feed with each action
        calls.append(lambda: state.apply(state.legal_actions()[0], chance=Endless()))
    for call in calls:
        with pytest.raises(TablegamesError):
            call()


@pytest.mark.parametrize("game", GAME_NAMES)
def test_huge_and_deep_text_is_refused(game: str) -> None:
    """A 50 MB text, 100,000 brackets, a million-digit integer: each a ``StateError``
    or ``PositionError`` from its size or its depth."""
    info = GAMES[game]
    save = info.new_game(players=3).to_json()
    for text in ("x" * 50_000_000, "[" * 100_000, save[:-1] + ',"x":' + "[" * 100_000 + "}",
                 save.replace('"rng":', '"rng":' + "7" * 1_000_000 + ',"x":', 1),
                 save.replace('"rng":', '"rng":NaN,"x":', 1), save[: len(save) // 2]):
        with pytest.raises(StateError):
            tablegames.load(text)
        with pytest.raises(StateError):
            info.from_json(text.encode())
        with pytest.raises(tablegames.PositionError):
            tablegames.from_position(game, text)


def test_a_huge_list_is_quoted_by_its_size_unread() -> None:
    """A refusal quoting a list of 10**7 entries wrote all of it first (30 MB of text)."""

    class Unshown(list[int]):
        def __repr__(self) -> str:
            raise AssertionError("a huge value was written out")

    assert quoted(Unshown([0] * 100)) == "a Unshown of 100 items"
    with pytest.raises(SetupError, match="verify must be True or False, not a list of"):
        tablegames.load(tablegames.new_game("toepen", players=3).to_json(), verify=[0] * 10**6)


@pytest.mark.parametrize("name", [[], {}, ["toepen"], {"game": "toepen"}])
def test_a_game_name_that_is_no_text_is_a_setup_error(name: Any) -> None:
    """An unhashable name was Python's ``TypeError`` from the registry's look-up."""
    with pytest.raises(SetupError, match="unknown game"):
        tablegames.new_game(name, players=3)
    with pytest.raises(SetupError, match="unknown game"):
        tablegames.from_position(name, "tablegames position 1\n")
    assert name not in GAMES


@pytest.mark.parametrize("lives", [5, 2.0, True, {0: 0, 1: 0, 2: 0}, itertools.count(), "000"])
def test_toepen_lives_that_are_no_list_are_a_setup_error(lives: Any) -> None:
    """``new_game`` made a list of ``lives`` before checking it: a number was a
    ``TypeError``, an endless iterator never returned."""
    with pytest.raises(SetupError, match="lives must be 3 whole numbers"):
        tablegames.new_game("toepen", players=3, lives=lives)
    assert tablegames.new_game("toepen", players=3, lives=(1, 0, 2)).extra == {
        "lives": [1, 0, 2]}


@pytest.mark.parametrize("game", GAME_NAMES)
def test_an_unknown_key_in_a_save_envelope_is_refused(game: str) -> None:
    """It was dropped unread: the save loaded as another text."""
    data = json.loads(GAMES[game].new_game(players=3).to_json())
    data["comment"] = "edited"
    with pytest.raises(StateError, match=r"\$: unknown key 'comment'"):
        tablegames.load(json.dumps(data))


def test_a_recorded_action_longer_than_any_notation_is_refused() -> None:
    """``replay`` read a recorded action of any length (``apply`` and saves refuse one
    over ``MAX_NOTATION`` characters)."""
    record = tablegames.new_game("phase10", players=3).record()
    record["actions"] = ["0:lay " + "set1=R1,R1,R1 " * 100_000]
    with pytest.raises(StateError, match=r"\$\.actions\[0\]: an action is at most 512"):
        tablegames.replay(record)
