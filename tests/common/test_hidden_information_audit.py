"""Hidden information, audited across the four games and every variant (helper-125).

The conformance kit (:mod:`tablegames.testing`) compares a state with a world sampled from
it. This file goes further: it builds two states a seat cannot tell apart and follows
them as they play on with the same actions, for as long as that seat is shown the same
things in both. Two kinds of pair:

* the real game and a world sampled from it for the seat (the other seats' hands, the
  stock and every face-down card redealt by ``sample_world`` itself);
* two *real* games set up from position text: the real game's position and the world's
  (so neither is a world, and each has a setup of its own to hide).

At every step of a pair, for that seat: its view and the spectator's, ``str``/``repr``,
its legal actions, what every action it might try says when refused (type, message,
``repr``, code, ruling, the template and its values), its log, and the outcome must be
the same in both; worlds drawn from either with equal rng seeds must be byte-identical
(``to_json``); and each world must load, keep the seat's view and play on legally.

Then aliasing: everything returned is edited in depth and the state must not change.
"""

from __future__ import annotations

import importlib
import json
from typing import Any

import pytest

from tablegames.common.actions import Event
from tablegames.common.errors import TablegamesError
from tablegames.common.registry import game_info
from tablegames.common.rng import Rng

GAMES = ("toepen", "phase10", "shithead", "dallah")
CASES = [(game, variant) for game in GAMES for variant in game_info(game).variants]


def _new(game: str, variant: str, players: int, seed: int) -> Any:
    return game_info(game).new_game(players=players, seed=seed, rules=variant)


def _said(state: Any, text: str, seat: int) -> tuple[Any, ...]:
    """What trying ``text`` on a copy of ``state`` tells ``seat``: that it was accepted,
    or everything its refusal carries (``repr`` and the translation's values too)."""
    try:
        state.copy().apply(text, by=seat)
    except TablegamesError as exc:
        fields = {k: repr(v) for k, v in sorted(vars(exc).items())}
        return type(exc).__name__, str(exc), repr(exc), json.dumps(fields, sort_keys=True)
    return ("accepted",)


def _probes(pool: set[str], seat: int, rng: Rng) -> list[str]:
    """Up to 16 action notations seen in the game so far, in ``seat``'s name."""
    texts = sorted({f"{seat}:{text.split(':', 1)[1]}" for text in pool})
    return [texts[rng.below(len(texts))] for _ in range(min(16, len(texts)))]


def _seen(state: Any, seat: int) -> dict[str, Any]:
    """Everything ``seat`` is shown of ``state`` at this moment (its log excepted)."""
    out: dict[str, Any] = {
        "view": state.view(seat), "public": state.view(None), "str": str(state),
        "repr": repr(state), "legal": [str(a) for a in state.legal_actions(seat)],
        "to_act": state.to_act,
    }
    if state.GAME == "dallah":  # the only game whose views have a language of their own
        out["view ar"] = state.view(seat, "ar")
    if state.is_over:
        out["outcome"] = state.outcome().to_dict()
    return out


def _check_world(state: Any, seat: int, k: int) -> Any:
    """A world of ``state`` for ``seat``: it loads, keeps what the seat sees and plays on
    legally (a few random actions) from there."""
    world = state.sample_world(seat, Rng(k))
    text = world.to_json()
    assert type(state).from_json(text).to_json() == text
    assert world.view(seat) == state.view(seat) and world.view(None) == state.view(None)
    assert [str(a) for a in world.legal_actions(seat)] == [str(a) for a in state.legal_actions(seat)]
    rng = Rng(k + 1)
    again = world.copy()
    for _ in range(6):
        legal = again.legal_actions()
        if not legal:
            break
        again.apply(legal[rng.below(len(legal))])
    assert world.to_json() == text  # playing a copy on left the world as it was
    return world


def _follow(a: Any, b: Any, seat: int, pool: set[str], rng: Rng, steps: int) -> int:
    """Play ``a`` and ``b`` on with the same actions while ``seat`` is shown the same in
    both, checking at each step that nothing differs for it; returns the steps checked."""
    real = not a.world and not b.world
    for step in range(steps):
        assert _seen(a, seat) == _seen(b, seat)
        for text in _probes(pool, seat, rng):
            assert _said(a, text, seat) == _said(b, text, seat), text
        if real and step == 0:  # a log replays the game: once a pair is enough
            assert a.log(seat) == b.log(seat) and a.log(None) == b.log(None)
        k = rng.below(1 << 30)
        world = _check_world(a, seat, k) if step % 2 == 0 else _check_world(b, seat, k)
        other = (b if step % 2 == 0 else a).sample_world(seat, Rng(k))
        assert world.to_json() == other.to_json(), f"worlds of seat {seat} differ at step {step}"
        if a.is_over:
            return step + 1
        mine = [str(x) for x in a.legal_actions()]
        theirs = {str(x) for x in b.legal_actions()}
        common = [x for x in mine if x in theirs]
        if not common:
            return step + 1
        action = common[rng.below(len(common))]
        told_a, told_b = _told(a, action, seat), _told(b, action, seat)
        _agree(a, b, told_a, told_b, seat, action)
        if told_a != told_b:
            return step + 1
    return steps


#: Public chance outcomes that no view keeps a trace of, by game: each throw of Dallah's
#: die that shows a shape the shared pile has run out of, thrown again (``reroll``,
#: DAL-03). The two states of a pair throw different dice (a world's generator is its
#: own), so these may differ between them with nothing hidden behind them.
TRACELESS = {"dallah": frozenset({"reroll"})}


def _told(state: Any, action: str, seat: int) -> list[dict[str, Any]]:
    """``action`` applied to ``state`` and the events ``seat`` is told of it that the
    comparison of a pair weighs: all but the public :data:`TRACELESS` chance events (one
    of those kinds with a secret part or an audience is kept, and compared)."""
    leave = TRACELESS.get(state.GAME, frozenset())
    return [e.for_seat(seat) for e in state.apply(action) if e.visible_to(seat) and not (
        e.kind in leave and e.visible_to(None) and e.for_seat(seat) == e.for_seat(None))]


def _agree(a: Any, b: Any, told_a: list[dict[str, Any]], told_b: list[dict[str, Any]],
           seat: int, action: str) -> None:
    """The seat learns what tells ``a`` and ``b`` apart (its draw, a card turned up) from
    its events and its view alike: an event that says more than the view, or a view that
    shows more than the events, is a leak."""
    if (told_a != told_b) != (a.view(seat) != b.view(seat)):
        raise AssertionError(f"after {action} seat {seat} is told {told_a} / {told_b} "
                             f"but its view is {'' if told_a == told_b else 'not '}different")


def _pairs(state: Any, seat: int, k: int) -> list[tuple[Any, Any]]:
    """Two pairs of states ``seat`` cannot tell apart: the game and a world of it, and
    the real games set up from their positions."""
    world = state.sample_world(seat, Rng(k))
    cls = type(state)
    return [(state.copy(), world),
            (cls.from_position(state.to_position()), cls.from_position(world.to_position()))]


@pytest.mark.parametrize(("game", "variant"), CASES)
def test_worlds_and_everything_shown_depend_only_on_what_the_seat_saw(game: str, variant: str) -> None:
    seed = sum(map(ord, game + variant))
    players = 2 + seed % 3
    state = _new(game, variant, players, seed)
    rng = Rng(seed)
    pool: set[str] = set()
    followed = 0
    for step in range(240):
        if state.is_over:
            break
        legal = state.legal_actions()
        pool.update(str(a) for a in legal)
        if step % 23 == 5:
            seat = (step // 23) % players
            for a, b in _pairs(state, seat, rng.below(1 << 30)):
                followed += _follow(a, b, seat, pool, rng, 5)
        state.apply(legal[rng.below(len(legal))])
    assert followed > 0


def test_a_public_chance_event_with_no_trace_in_the_view_is_no_leak() -> None:
    """Dallah, ``generous-swaps``, two players, seed 0, after 157 random actions: seat 0
    rolls with only one shape left in the shared pile, so its die is rolled again until
    it shows that shape (DAL-03), a public ``reroll`` event per throw, which no view keeps.
    The game and a world sampled for seat 0 throw different dice (a world's generator is
    its own), so seat 0 is told other ``reroll`` events with views that agree: chance,
    not a hidden card (found by helper-152's probe of this audit)."""
    state = _new("dallah", "generous-swaps", 2, 0)
    rng = Rng(0)
    for _ in range(157):
        legal = state.legal_actions()
        state.apply(legal[rng.below(len(legal))])
    assert "0:roll" in [str(x) for x in state.legal_actions()]
    a, b = state.copy(), state.sample_world(0, Rng(0))
    raw_a, raw_b = (Event.redact(s.copy().apply("0:roll"), 0) for s in (a, b))
    told_a, told_b = _told(a, "0:roll", 0), _told(b, "0:roll", 0)
    assert raw_a != raw_b and a.view(0) == b.view(0)  # the case: other dice, same view
    assert told_a == told_b == [e for e in raw_a if e["kind"] != "reroll"] != []
    _agree(a, b, told_a, told_b, 0, "0:roll")
    # an event the seat is told apart from the view is still a leak, rerolls aside
    with pytest.raises(AssertionError, match="its view is not different"):
        _agree(a, b, told_a, [*told_b, {"kind": "roll", "seat": 1}], 0, "0:roll")


# -- the room server --------------------------------------------------------------------

def _hub_room(game: str, state: Any) -> tuple[Any, Any, dict[int | None, Any]]:
    """A room of ``game`` without network whose game is ``state`` (a position's real
    game at version 0, as a freshly dealt room's), with a phone on every seat and a
    shared screen, each greeted."""
    from tablegames.server.rooms import Conn, Hub
    from tablegames.server.store import Store

    hub = Hub(Store(":memory:"), bot_delay=0)
    code, _ = hub.create({"game": game, "players": state.n, "name": state.players[0], "seed": 1})
    for name in state.players[1:]:
        hub.join(code, name)
    room = hub.room(code)
    assert room.started and room.state.version == 0
    room.state = state
    conns = {seat: Conn(seat) for seat in [*range(state.n), None]}
    return hub, room, conns


def _sent(conn: Any, code: str) -> list[Any]:
    """What ``conn`` was sent since last asked, with the room's code made anonymous."""
    out = []
    while not conn.queue.empty():
        raw = conn.queue.get_nowait()
        text = raw if isinstance(raw, str) else json.dumps(raw, sort_keys=True)
        out.append(json.loads(text.replace(code, "ROOM")))
    return out


async def _say(room: tuple[Any, Any, dict[int | None, Any]], who: int | None,
               message: dict[str, Any]) -> list[Any]:
    """``message`` from the phone of ``who``: ``[]``, or how the room refused it."""
    from tablegames.server.rooms import ClientError

    hub, r, conns = room
    try:
        await hub.handle(r, conns[who], message)
    except ClientError as exc:
        return [{"refused": exc.code, "message": str(exc), "detail": exc.detail}]
    return []


async def _drive(rooms: list[Any], seat: int, pool: set[str], rng: Rng) -> int:
    """Greet every phone of both rooms, then play the same taps in both while ``seat``
    sees the same, comparing what ``seat``'s phone and the screen are sent (and what
    ``seat``'s refused taps are answered); returns how many messages were compared."""
    for hub, room, conns in rooms:
        for conn in conns.values():
            hub.attach(room, conn)
            await hub.handle(room, conn, {"type": "hello"})
    compared = 0
    for _ in range(8):
        a, b = rooms[0][1].state, rooms[1][1].state
        for who in (seat, None):
            told = [_sent(conns[who], room.code) for _, room, conns in rooms]
            assert told[0] == told[1], f"{'the screen' if who is None else f'seat {who}'} is told apart"
            compared += len(told[0])
        for text in _probes(pool, seat, rng)[:4]:
            message = {"type": "act", "action": text, "expect": a.version}
            if _said(a, text, seat) != ("accepted",):
                assert await _say(rooms[0], seat, message) == await _say(rooms[1], seat, message)
        if a.is_over:
            break
        theirs = {str(x) for x in b.legal_actions()}
        common = [str(x) for x in a.legal_actions() if str(x) in theirs]
        if not common:
            break
        action = common[rng.below(len(common))]
        actor = a.parse_action(action).seat
        message = {"type": "act", "action": action, "expect": a.version}
        assert await _say(rooms[0], actor, message) == await _say(rooms[1], actor, message) == []
        if a.view(seat) != b.view(seat):
            break  # the seat has now seen what tells the games apart
    return compared


@pytest.mark.parametrize("game", GAMES)
def test_the_room_server_tells_a_seat_and_the_screen_only_what_the_seat_saw(game: str) -> None:
    """Two rooms whose games seat ``p`` cannot tell apart (the real game's position and a
    world's): every message to ``p``'s phone and to the shared screen is the same in both,
    refusals of ``p``'s taps included, as the same taps play on. Over the two tables every
    seat's hand is redealt in one of them, so the screen is checked for every hand."""
    import asyncio

    info = game_info(game)
    rng = Rng(game)
    for players, seat, steps in ((3, 1, 9), (4, 2, 16)):
        state = info.new_game(players=players, seed=players)
        pool: set[str] = set()
        for _ in range(steps):
            legal = state.legal_actions()
            pool.update(str(a) for a in legal)
            state.apply(legal[rng.below(len(legal))])
        world = state.sample_world(seat, Rng(steps))
        cls = type(state)
        rooms = [_hub_room(game, cls.from_position(s.to_position())) for s in (state, world)]
        try:
            # the pages and lines of two versions at least
            assert asyncio.run(_drive(rooms, seat, pool, rng)) >= 4
        finally:
            for hub, _, _ in rooms:
                hub.store.close()


# -- aliasing ---------------------------------------------------------------------------

def _vandalize(value: Any) -> None:
    """Edit plain data in place, in depth, as a careless caller might."""
    if isinstance(value, dict):
        for v in list(value.values()):
            _vandalize(v)
        for k in list(value):
            if isinstance(value[k], str | int) and not isinstance(value[k], bool):
                value[k] = "vandal"
        value["vandal"] = ["vandal"]
    elif isinstance(value, list):
        for v in value:
            _vandalize(v)
        value.append("vandal")


def _answers(state: Any, events: list[Event]) -> Any:
    """Everything the library returns about ``state`` and ``events``, as plain data."""
    from tablegames.table import describe, model_of, present

    out: list[Any] = [state.record(), [str(a) for a in state.legal_actions()]]
    for s in [None, *range(state.n)]:
        view = state.view(s)
        out += [view, model_of(view), present(view), Event.redact(events, s),
                [describe(e, view) for e in Event.redact(events, s)],
                [str(a) for a in state.legal_actions(s)] if s is not None else []]
    return json.loads(json.dumps(out, default=repr))


@pytest.mark.parametrize("game", GAMES)
def test_editing_anything_returned_changes_neither_the_game_nor_the_next_answer(game: str) -> None:
    """Views, table models (:func:`~tablegames.table.model_of` too: it handed out the
    packs' own card names, so one edit renamed a card in every later model of the
    process), event sentences, events, records, legal action lists, the rules and the
    outcome, all edited in depth: the game and every later answer stay as they were."""
    import attrs

    from tablegames.common.rules import rules_to_dict
    from tablegames.render import svg
    from tablegames.table import describe, model_of, present

    info = game_info(game)
    state = info.new_game(players=3, seed=5, rules="short" if game == "phase10" else None)
    rules = rules_to_dict(state.rules)
    _vandalize(rules_to_dict(state.rules))
    assert rules_to_dict(state.rules) == rules
    with pytest.raises(attrs.exceptions.FrozenInstanceError):
        state.rules.__setattr__(attrs.fields(type(state.rules))[0].name, None)
    rng = Rng(5)
    for step in range(3000):
        if state.is_over:
            break
        legal = state.legal_actions()
        action = legal[rng.below(len(legal))]
        events = state.copy().apply(action)
        if step % 10 == 0 and step < 120:
            text, before, picture = state.to_json(), _answers(state, events), svg(state.view(0))
            state.legal_actions().clear()
            _vandalize(state.record())
            for s in [None, *range(state.n)]:
                view = state.view(s)
                for edited in (model_of(view), present(view), view):
                    _vandalize(edited)
                if s is not None:
                    state.legal_actions(s).clear()
                for e in events:
                    if e.visible_to(s):
                        _vandalize(e.for_seat(s))
                        _vandalize(e.data)
                        _vandalize(describe(e.for_seat(s), state.view(s)))
            assert state.to_json() == text
            assert _answers(state, events) == before
            assert svg(state.view(0)) == picture
        state.apply(action)
    assert state.is_over
    result = state.outcome().to_dict()
    _vandalize(result)
    assert state.outcome().to_dict() != result
    assert rules_to_dict(state.rules) == rules


@pytest.mark.parametrize("game", GAMES)
def test_a_world_of_a_game_set_up_from_a_position_keeps_no_trace_of_it(game: str) -> None:
    """Found by this audit: a game set up from position text keeps the text as its setup,
    and its worlds kept it too: every hidden card where it lay and the real generator's
    state, in the world's save (Toepen, Phase 10, Shithead); a bot's handle holds such a
    world, so a bot could read the real hands there."""
    from tablegames.bots.handle import Handle

    state = _new(game, "standard", 3, 11)
    rng = Rng(11)
    for _ in range(12):
        legal = state.legal_actions()
        state.apply(legal[rng.below(len(legal))])
    real = type(state).from_position(state.to_position())
    for seat in range(real.n):
        world = real.sample_world(seat, Rng(seat))
        saved = json.loads(world.to_json())
        assert saved["setup"]["extra"] in ({}, {"position": ""})
        assert f"rng: {real.rng.state}" not in world.to_json()
        assert type(real).from_json(world.to_json()).to_json() == world.to_json()
        assert Handle(real, seat).world().extra in ({}, {"position": ""})
        assert real.extra["position"] == real.to_position()  # the real game keeps its own


@pytest.mark.parametrize("game", GAMES)
def test_the_named_variants_are_read_only(game: str) -> None:
    """A variant table is the whole process's: editing it would change every later
    ``new_game(rules=name)`` of every caller (found by helper-125). It refuses edits, and
    the variant named still gives its own rules."""
    info = game_info(game)
    module = importlib.import_module(f"tablegames.{game}")
    for table in (info.variants, module.VARIANTS):
        with pytest.raises(TypeError):
            table["standard"] = info.rules_class(**{})  # type: ignore[index]
        with pytest.raises(TypeError):
            del table["standard"]  # type: ignore[attr-defined]
    assert info.new_game(players=info.min_players, seed=1, rules="standard").rules \
        == info.variants["standard"] == info.rules_class()
