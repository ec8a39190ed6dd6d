"""Action codecs: every legal action round-trips, masks are exactly the legal actions,
observations keep their shape and show nothing their seat cannot see."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path
from typing import Any

import numpy as np
import pytest

import tablegames
from tablegames.adapters import CodecError, Session, make_codec, returns
from tablegames.adapters.base import PASS, SPECIAL
from tablegames.common.errors import SeatError
from tablegames.common.rng import Rng
from tablegames.dallah import actions as DA
from tests.adapters.helpers import (
    LAYS,
    SHITHEAD_INTERRUPTS,
    SHORT,
    check_observation,
    observer_for,
    playout,
    reachable,
    session_for,
)

#: Dallah's late reports (DAL-23), which only the table may make.
LATE = (DA.Fell, DA.Falls, DA.Collapse)

#: (game, players, rules, adapter options, seeds, decisions per game)
CONFIGS: list[tuple[str, int, Any, dict[str, Any], range, int]] = [
    ("toepen", 2, {"limit": 3}, {}, range(3), 400),
    ("toepen", 4, "double-knock", {"interrupts": True}, range(2), 400),
    ("toepen", 3, "knock-on-turn", {}, range(2), 300),
    ("toepen", 4, {"fold_withdraws": True, "bluff_takes_back": True, "second_exchange": "all"},
     {"interrupts": True}, range(2), 300),
    ("shithead", 2, None, {}, range(3), 400),
    ("shithead", 4, "two-decks", {}, range(2), 400),
    ("shithead", 3, "classic", {"interrupts": True}, range(2), 300),
    ("shithead", 3, SHITHEAD_INTERRUPTS, {"interrupts": True}, range(3), 400),
    ("shithead", 2, {"swap_mode": "simultaneous"}, {}, range(2), 200),
    ("phase10", 2, {"phases": ["set3+set3", "run4"], "hand_size": 8}, {}, range(3), 500),
    ("phase10", 3, {"phase_choice": True, "naturals": "phase"}, {}, range(2), 500),
    ("dallah", 2, None, {}, range(3), 300),
    ("dallah", 3, None, {"table": "players"}, range(2), 300),
]


def _ids(config: tuple[Any, ...]) -> str:
    game, players, rules, options = config[:4]
    label = rules if isinstance(rules, str) else "+".join(sorted(rules or ())) or "default"
    return f"{game}-{players}-{label}-{sorted(options)}"


@pytest.mark.parametrize("config", CONFIGS, ids=_ids)
def test_every_legal_action_round_trips(config: tuple[Any, ...]) -> None:
    game, players, rules, options, seeds, steps = config
    spelled = 0
    for seed in seeds:
        session = session_for(game, players, rules, seed, **options)
        codec = session.codec
        size = codec.num_distinct_actions
        for s in playout(session, seed, steps):
            state = s.state
            if s.prefix or s.polling:
                continue
            seat = state.to_act
            spellings = {}
            for action in state.legal_actions():
                sp = codec.spell(action)
                assert sp and all(0 <= i < size for i in sp)
                assert codec.decode(sp, state) == action
                if len(sp) == 1:
                    assert codec.encode(action) == sp[0]
                    assert codec.decode(sp[0], state) == action
                else:
                    spelled += 1
                    with pytest.raises(CodecError):
                        codec.encode(action)
                assert sp not in spellings, f"{action} and {spellings.get(sp)} share ids"
                spellings[sp] = action
            prefixes = {sp[:k] for sp in spellings for k in range(1, len(sp))}
            assert not prefixes & set(spellings), "a spelling is a prefix of another"
            assert reachable(codec, state, seat) == {str(a) for a in state.legal_actions()}
    if game in ("shithead", "phase10"):
        assert spelled, "the playouts never met a spelled action"


@pytest.mark.parametrize("config", CONFIGS, ids=_ids)
def test_masks_are_the_legal_actions(config: tuple[Any, ...]) -> None:
    game, players, rules, options, seeds, steps = config
    for seed in seeds[:1]:
        session = session_for(game, players, rules, seed, **options)
        codec = session.codec
        for s in playout(session, seed + 10, steps):
            opts = s.options()
            assert sorted(opts) == s.legal_ids() and opts
            seat = s.actor
            legal = {str(a) for a in s.state.legal_actions(seat)}
            for ident, choice in opts.items():
                if choice is PASS:
                    assert s.polling and ident == codec.PASS
                elif choice is SPECIAL:
                    assert game == "dallah" and ident == codec.TABLE  # type: ignore[attr-defined]
                elif choice is not None:
                    assert str(choice) in legal
            if not s.prefix:
                agents = s.state.legal_actions(seat)
                if game == "dallah" and options.get("table", "model") == "model":
                    agents = [a for a in agents if not isinstance(a, LATE)]  # DAL-23
                first = {codec.spell(a)[0] for a in agents}
                plain = {i for i, c in opts.items() if c is not PASS and c is not SPECIAL}
                assert plain <= first
                if not (game == "dallah" and codec.TABLE in opts):  # type: ignore[attr-defined]
                    assert plain == first


#: Toepen with every house rule that adds to the view (worlds must encode the same).
TOEPEN_HOUSE = (4, {"fold_withdraws": True, "bluff_takes_back": True,
                    "second_exchange": "all", "limit": 5})


@pytest.mark.parametrize("game", [*sorted(SHORT), "toepen-house"])
def test_observations_are_stable_and_leak_nothing(game: str) -> None:
    players, rules = TOEPEN_HOUSE if game == "toepen-house" else SHORT[game]
    game = game.split("-")[0]
    rng = Rng(5)
    checked = 0
    for seed in range(3):
        session = session_for(game, players, rules, seed=seed)
        observer = observer_for(session)
        for i, s in enumerate(playout(session, seed, 300)):
            if i % 7:
                continue
            state = s.state
            for seat in range(players):
                mine = s.actor == seat
                prefix, polled = (s.prefix, s.polling) if mine else ((), False)
                obs = observer.encode(state.view(seat), prefix, polled)
                check_observation(obs, observer.size)
                # a world redealt from what this seat has seen must look the same to it
                world = state.sample_world(seat, rng)
                assert np.array_equal(obs, observer.encode(world.view(seat), prefix, polled))
                checked += 1
    assert checked > 20


def test_a_spelled_prefix_shows_only_to_its_chooser() -> None:
    # Phase 10: deal seat 0 a hand that lays phase 1 several ways, then start laying.
    state = tablegames.new_game("phase10", players=2, seed=1, deck=LAYS)
    codec = make_codec("phase10", 2)
    session = Session(codec, state)
    session.choose(codec.DRAW)  # type: ignore[attr-defined]
    observer = observer_for(session)
    before = [observer.encode(state.view(s)) for s in range(2)]
    lay = next(i for i, c in session.options().items() if c is None)
    session.choose(lay)
    assert session.prefix and state.version == 1
    assert len(session.options()) > 1  # a real choice is left, not taken for the player
    mine = observer.encode(state.view(0), session.prefix)
    assert not np.array_equal(mine, before[0])
    assert np.array_equal(observer.encode(state.view(1)), before[1])


def test_letters_without_alternative_are_taken_automatically() -> None:
    # Shithead: a single card of its value is played in one decision ("end" is forced).
    state = tablegames.new_game("shithead", players=2, seed=1, rules={"swap": False},
                                deck=["4c", "4d", "4h", "6c", "6d", "6h", "1c", "8c", "12c"])
    codec = make_codec("shithead", 2, {"swap": False})
    session = Session(codec, state)
    play_1c = codec.spell(tablegames.GAMES["shithead"].parse_action("0:play 1c"))
    assert len(play_1c) == 2
    session.choose(play_1c[0])
    assert state.version == 1 and session.prefix == ()
    assert state.history == [tablegames.GAMES["shithead"].parse_action("0:play 1c")]


def test_bad_ids_are_refused_and_change_nothing() -> None:
    session = session_for("toepen", 3, None, seed=2)
    before = session.state.to_json()
    for bad in (999, -1, 35 if 35 not in session.options() else 31, True, "0", 1.5, None):
        with pytest.raises(tablegames.IllegalAction):
            session.choose(bad)
    assert session.state.to_json() == before and session.prefix == ()
    codec = session.codec
    for junk in (999, True, "knock"):
        with pytest.raises(CodecError):
            codec.label(junk)  # type: ignore[arg-type]
        with pytest.raises(CodecError):
            codec.decode(junk, session.state)  # type: ignore[arg-type]
    with pytest.raises(CodecError):
        codec.decode([], session.state)
    with pytest.raises(CodecError):
        codec.spell(tablegames.GAMES["shithead"].parse_action("0:pickup"))


@pytest.mark.parametrize("game", ["toepen", "phase10", "shithead", "dallah"])
def test_decode_takes_only_a_real_seat_and_spell_only_an_action(game: str) -> None:
    """``decode(..., seat=)`` built actions for seats ``True``, ``99``, ``-1`` and ``1.0``
    (Phase 10's ``-1`` became seat 2's action through a negative index, ``True`` seat 1),
    and ``spell`` took a notation string (found by helper-60, s38 M3)."""
    state = tablegames.new_game(game, players=3, seed=1)
    codec = make_codec(game, 3)
    action = state.legal_actions(state.to_act)[0]
    ident = codec.spell(action)
    assert codec.decode(ident, state, seat=action.seat) == action
    # a numpy seat is the int it holds, as in the engine (session 60, helper-233)
    assert codec.decode(ident, state, seat=np.int64(action.seat)) == action
    for seat in (True, False, 99, 3, -1, 1.0, "1", np.bool_(True), np.int64(3)):
        with pytest.raises(SeatError):
            codec.decode(ident, state, seat=seat)  # type: ignore[arg-type]
    for junk in (str(action), None, 0, ident):
        with pytest.raises(CodecError):
            codec.spell(junk)  # type: ignore[arg-type]


def test_incomplete_or_foreign_spellings_are_refused() -> None:
    codec = make_codec("phase10", 2)
    action = tablegames.GAMES["phase10"].parse_action("0:lay set3=R3,B3,W set9=G9,Y9,Y9")
    ids = codec.spell(action)
    state = tablegames.new_game("phase10", players=2, seed=0)
    assert codec.decode(ids, state, seat=0) == action
    for bad in (ids[:-1], (*ids, ids[-1]), ids[1:], (codec.DRAW, codec.TAKE)):  # type: ignore[attr-defined]
        with pytest.raises(CodecError):
            codec.decode(bad, state, seat=0)
    shithead = make_codec("shithead", 2)
    with pytest.raises(CodecError):
        shithead.decode((105, 106), state, seat=0)  # a play without "end"


def test_toepen_polls_let_other_seats_knock() -> None:
    session = session_for("toepen", 4, None, seed=8, interrupts=True)
    codec = session.codec
    rng = Rng(1)
    polled = knocked = 0
    while not session.state.is_over:
        opts = session.options()
        if session.polling:
            polled += 1
            assert set(opts) == {32, codec.PASS}  # knock or pass
            assert session.actor != session.state.to_act
            if rng.below(8) == 0:
                before = session.state.version
                session.choose(32)
                knocked += 1
                assert session.state.version == before + 1
            else:
                session.choose(codec.PASS)
            continue
        ids = sorted(i for i in opts if i != 32) or [32]  # the turn seat never knocks
        session.choose(ids[rng.below(len(ids))])
    assert polled > 10 and knocked > 0
    knocks = [a for a in session.state.history if str(a).endswith(":knock")]
    assert len(knocks) >= knocked


def test_without_polls_no_seat_acts_out_of_turn() -> None:
    session = session_for("toepen", 4, None, seed=8)
    for s in playout(session, 2, 300):
        assert s.actor == s.state.to_act and not s.polling


@pytest.mark.ruling("DAL-23")
@pytest.mark.parametrize("seed", [4, 5, 6])
def test_dallah_table_model_reports_for_the_placer(seed: int) -> None:
    session = session_for("dallah", 3, None, seed=seed)
    codec = session.codec
    reports = 0
    rng = Rng(9)
    while not session.state.is_over:
        opts = session.options()
        if codec.TABLE in opts:  # type: ignore[attr-defined]
            reports += 1
            assert set(opts) <= {codec.TABLE, 5}  # type: ignore[attr-defined]
            before = session.state.version
            session.choose(codec.TABLE)  # type: ignore[attr-defined]
            assert session.state.version > before
            continue
        assert 2 not in opts  # "settled" is never the agents' to report
        ids = sorted(opts)
        before = session.state.version
        session.choose(ids[rng.below(len(ids))])
        # nor a late fall (DAL-23): with the model as the table, only the table knows
        for action in session.state.history[before:]:
            assert not isinstance(action, LATE), f"an agent reported {action} late"
    assert reports > 5
    result = session.returns()
    assert abs(sum(result)) < 1e-9 and min(result) < 0


@pytest.mark.parametrize(("losers", "n", "expected"), [
    ({1}, 4, [1 / 3, -1.0, 1 / 3, 1 / 3]),
    ({0, 1}, 4, [-0.5, -0.5, 0.5, 0.5]),
    (set(), 3, [0.0, 0.0, 0.0]),
    ({0, 1, 2}, 3, [0.0, 0.0, 0.0]),
])
def test_returns_are_zero_sum(losers: set[int], n: int, expected: list[float]) -> None:
    outcome = tablegames.Outcome(winners=frozenset(), losers=frozenset(losers),
                                 scores=(0,) * n)
    assert returns(outcome, n) == pytest.approx(expected)


def test_codec_options_are_checked() -> None:
    with pytest.raises(tablegames.SetupError):
        make_codec("toepen", 3, table="model")
    with pytest.raises(tablegames.SetupError):
        make_codec("dallah", 3, table="robot")
    with pytest.raises(tablegames.SetupError):
        make_codec("toepen", 9)
    with pytest.raises(tablegames.SetupError):
        make_codec("toepen", 3, interrupts=1)
    with pytest.raises(tablegames.SetupError):
        make_codec("chess", 2)
    with pytest.raises(tablegames.RulesError):
        make_codec("toepen", 3, {"limit": 1})


def test_ids_do_not_depend_on_the_state() -> None:
    a, b = make_codec("phase10", 3), make_codec("phase10", 3)
    assert [a.label(i) for i in range(a.num_distinct_actions)] == [
        b.label(i) for i in range(b.num_distinct_actions)]
    labels = [a.label(i) for i in range(a.num_distinct_actions)]
    assert len(set(labels)) == len(labels)
    for game, (players, rules) in SHORT.items():
        codec = make_codec(game, players, rules, interrupts=True)
        labels = [codec.label(i) for i in range(codec.num_distinct_actions)]
        assert len(set(labels)) == len(labels), game
        assert codec.label(codec.PASS) == "pass"


def test_the_core_never_imports_numpy() -> None:
    code = ("import sys, tablegames\n"
            "for name in sorted(tablegames.GAMES):\n"
            "    tablegames.new_game(name, players=2, seed=1).view(0)\n"
            "import tablegames.adapters\n"
            "assert 'numpy' not in sys.modules, 'numpy was imported'\n")
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                          cwd=Path(__file__).resolve().parents[2], timeout=120)
    assert done.returncode == 0, done.stderr


def _field(observer: Any, obs: Any, name: str) -> Any:
    start, size = next((st, sz) for n, st, sz, _ in observer.layout.fields if n == name)
    return obs[start:start + size]


def test_toepen_observations_show_what_the_house_rules_add_to_the_view() -> None:
    """Found by helper-47: a card withdrawn from a trick (``fold_withdraws``), a shown
    hand and set-aside draws (``bluff_takes_back``), the exchanger being judged and the
    second exchange round were in the view but in no observation field. Each is now,
    only for the seats whose view shows it."""
    from tablegames import toepen
    from tablegames.adapters import adapter
    from tablegames.toepen.cards import NAMES

    def card(name: str) -> int:
        return NAMES.index(name)

    rules = {"fold_withdraws": True, "bluff_takes_back": True, "second_exchange": "all",
             "limit": 5}
    observer = adapter("toepen").observer(make_codec("toepen", 3, rules))
    plain = adapter("toepen").observer(make_codec("toepen", 3, {"limit": 5}))
    assert {f[0] for f in observer.layout.fields} - {f[0] for f in plain.layout.fields} == {
        "withdrawn", "shown", "set_aside", "second_exchange"}
    seat_block = 13
    # seat 0 exchanges the hearts and is caught: it takes them back, everybody saw them
    deck = ["7h", "8h", "9h", "Th", "7s", "8s", "9s", "Ts", "7c", "8c", "9c", "Tc",
            "Jd", "Qd", "Kd", "Ad", "7d", "8d", "9d", "Td"]
    s = toepen.new_game(players=3, seed=1, deck=deck, rules={**rules, "exchanges": True})
    s.apply("0:exchange")
    for seat in range(3):  # seat 0's exchange is judged: its seat block says so
        seats = _field(observer, observer.encode(s.view(seat), (), False), "seats")
        at = (0 - seat) % 3
        assert seats[seat_block * at + 12] == 1.0
        assert sum(seats[seat_block * b + 12] for b in range(3)) == 1.0
    s.apply("1:challenge")
    for seat in range(3):
        obs = observer.encode(s.view(seat), (), False)
        shown = _field(observer, obs, "shown")
        at = (0 - seat) % 3
        assert {i for i in range(96) if shown[i]} == {
            32 * at + card(c) for c in ("7h", "8h", "9h", "Th")}
        aside = {i for i, x in enumerate(_field(observer, obs, "set_aside")) if x}
        # the drawn cards lie aside face down: seat 0 sees them, the others do not
        assert aside == ({card(c) for c in ("Jd", "Qd", "Kd", "Ad")} if seat == 0 else set())
        assert _field(observer, obs, "second_exchange")[0] == 0.0
    s.apply("1:keep")
    s.apply("2:keep")
    assert s.view(0)["exchange_round"] == 2
    assert _field(observer, observer.encode(s.view(1), (), False), "second_exchange")[0] == 1.0
    # fold_withdraws: seat 1's ten leaves the trick when it folds
    four = ["Ac", "Kh", "Qs", "Jd", "Tc", "8h", "9h", "Ts", "7c", "Th", "9d", "Kd",
            "8c", "Js", "Qd", "Ad"]
    # without the exchange, its second round and take-back are refused (TOE-03)
    no_exchange = {**rules, "exchanges": False, "second_exchange": False,
                   "bluff_takes_back": False}
    observer4 = adapter("toepen").observer(make_codec("toepen", 4, no_exchange))
    s = toepen.new_game(players=4, seed=1, deck=four, rules=no_exchange)
    for text in ("0:play Ac", "1:play Tc", "0:knock", "1:fold"):
        s.apply(text)
    assert s.view(2)["withdrawn"] == [{"seat": 1, "card": "Tc"}]
    for seat in range(4):
        obs = observer4.encode(s.view(seat), (), False)
        assert {i for i, x in enumerate(_field(observer4, obs, "withdrawn")) if x} == {card("Tc")}
        assert not any(_field(observer4, obs, "trick")[32 * b + card("Tc")] for b in range(4))
