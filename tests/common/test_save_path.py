"""The save path's fast forms give exactly what the plain forms give (issue 12).

``to_json`` splices cached and compiled pieces, ``from_json`` reads fields inline and
checks nesting on the text, ``copy`` starts from the instance dict: each is checked here
against the straightforward computation it replaces, on real positions of every game and
on hostile values. Nothing here is timed (speed is measured in ``benchmarks/``).
"""

from __future__ import annotations

import contextlib
import json
import random
import re
from typing import Any

import pytest

from tablegames.common.errors import StateError
from tablegames.common.fields import (
    MISS,
    Ctx,
    Kind,
    checked,
    count,
    derived,
    listof,
    tuple_of,
    tuple_seq,
)
from tablegames.common.history_codec import HistoryCode, encode_history
from tablegames.common.registry import game_info
from tablegames.common.rng import Rng
from tablegames.common.rules import rules_hash, rules_json
from tablegames.common.saves import _text_hash
from tablegames.common.serialization import FORMAT_VERSION, MAX_DEPTH, Reader, check_depth, dumps, loads
from tablegames.common.state import BaseState, _spec

GAMES = ("toepen", "phase10", "shithead", "dallah")


def reference_json(s: BaseState) -> str:
    """A save as one ``json.dumps`` of the whole envelope (what ``to_json`` must equal)."""
    setup: dict[str, Any] = {"players": list(s.players), "seed": s.seed,
                             "deck": None if s.deck is None else list(s.deck), "extra": s.extra}
    if s.world:
        setup["world"] = True
    data = {"engine": s.ENGINE, "format": FORMAT_VERSION, "game": s.GAME,
            "history": reference_history([str(a) for a in s.history]), "rng": s.rng.state,
            "rules": json.loads(rules_json(s.rules)), "rules_hash": rules_hash(s.rules),
            "setup": setup, "state": s._dump()}
    return json.dumps(data, sort_keys=True, separators=(",", ":"), ensure_ascii=True, allow_nan=False)


DIGITS = "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz-_"


def reference_history(steps: list[str]) -> dict[str, Any]:
    names = list(dict.fromkeys(steps))
    width = 1 if len(names) <= 64 else 2 if len(names) <= 4096 else 3
    code = {t: i for i, t in enumerate(names)}
    order = "".join(
        "".join(DIGITS[(code[t] >> (6 * k)) & 63] for k in reversed(range(width))) for t in steps
    )
    return {"actions": names, "order": order, "width": width}


def positions(game: str, players: int, seed: int, every: int = 9, limit: int = 300) -> list[BaseState]:
    """Copies of a random game's state every ``every`` steps (at most ``limit`` steps)."""
    info = game_info(game)
    s = info.new_game(players=players, seed=seed, **info.simulate_kwargs([f"P{i}" for i in range(players)]))
    pick = random.Random(seed)
    out = []
    for step in range(limit):
        if s.is_over:
            break
        if step % every == 0:
            out.append(s.copy())
        legal = s.legal_actions()
        s.apply(legal[pick.randrange(len(legal))])
    out.append(s)
    return out


@pytest.mark.parametrize("game", GAMES)
def test_saves_equal_one_dumps_of_the_whole_envelope(game: str) -> None:
    for s in positions(game, 3, 1):
        spec = _spec(type(s))
        assert spec.json(s) == dumps(spec.dump(s))
        text = s.to_json()
        assert text == reference_json(s)
        assert s.to_json() == text  # again, from the caches
        loaded = type(s).from_json(text)
        assert loaded.to_json() == text
        twin = s.copy()
        for attr in ("_setup_log", "_setup_text"):
            assert attr not in twin.__dict__
        assert twin.to_json() == text
        if not s.is_over:  # a world shares the history's encoding, not the real setup
            world = s.sample_world(s.to_act or 0, Rng(3))
            assert world.to_json() == reference_json(world)
            assert json.loads(world.to_json())["setup"]["seed"] == world.seed != s.seed


@pytest.mark.parametrize("game", GAMES)
def test_the_cached_history_follows_copies_loads_and_edits(game: str) -> None:
    rng = random.Random(7)
    s = positions(game, 4, 3, every=10**9, limit=60)[-1]
    if s.is_over:
        pytest.skip("the game ended")  # pragma: no cover - 60 steps never end a game here
    s.to_json()
    for _ in range(25):
        c = s.copy() if rng.random() < 0.5 else type(s).from_json(s.to_json())
        for state in (s, c):
            if not state.is_over:
                legal = state.legal_actions()
                state.apply(legal[rng.randrange(len(legal))])
            assert state.to_json() == reference_json(state)
    # histories only grow through apply: from outside they cannot be edited at all, so no
    # edit can leave the remembered encoding stale
    assert len(s.history) >= 2
    before = s.to_json()
    with pytest.raises((AttributeError, TypeError)):
        s.history.pop()  # type: ignore[attr-defined]
    with pytest.raises((AttributeError, TypeError)):
        s.history.append(s.history[-1])  # type: ignore[attr-defined]
    with pytest.raises(TypeError):
        s.history[-1] = s.history[-2]  # type: ignore[index]
    steps = s.history[:]
    steps.reverse()  # a slice is a fresh list: changing it changes nothing
    assert s.to_json() == before == reference_json(s)


class Step:
    def __init__(self, text: str) -> None:
        self.text = text

    def __str__(self) -> str:
        return self.text


def test_the_history_code_grows_past_each_width() -> None:
    steps: list[Any] = []
    code = HistoryCode(steps)
    rng = random.Random(2)
    for size in (3, 64, 65, 300, 4096, 4097, 4200):
        while len({str(a) for a in steps}) < size:
            steps.append(Step(f"{len(steps)}:x"))
            steps.extend(rng.choice(steps) for _ in range(rng.randrange(3)))
        got = json.loads(code.json(steps))
        assert got == reference_history([str(a) for a in steps]) == encode_history(steps)


def test_loaded_histories_must_be_spelled_as_we_write_them() -> None:
    s = positions("toepen", 3, 2, every=10**9, limit=30)[-1]
    data = json.loads(s.to_json())
    h = data["history"]
    first = h["actions"][0]
    for bad in (
        {**h, "actions": [*h["actions"], first]},  # a name twice
        {**h, "width": 2, "order": "".join("0" + c for c in h["order"])},  # wider than needed
        {**h, "order": h["order"][:-1] + "é"},
        {**h, "order": h["order"][:-1] + "\x00"},
        {**h, "actions": [1, *h["actions"][1:]]},
        {**h, "extra": 1},
    ):
        data["history"] = bad
        with pytest.raises(StateError):
            type(s).from_json(json.dumps(data))


def nested(depth: int, rng: random.Random) -> Any:
    tricky = ['[', '{', '"', '\\', '\\"', '[[{"', 'zoë', '\u2028', '']
    v: Any = rng.choice([0, None, "x", rng.choice(tricky)])
    for _ in range(depth):
        if rng.random() < 0.5:
            v = [rng.choice(tricky), v, {"k": rng.choice(tricky)}]
        else:
            v = {rng.choice(tricky) + "k": v, "s": rng.choice(tricky)}
    return v


def test_nesting_is_checked_on_the_text_as_on_the_tree() -> None:
    rng = random.Random(5)
    # around the limit, and around half of it (where peeling pairs stops being enough)
    for depth in [*range(MAX_DEPTH - 3, MAX_DEPTH + 4), *range(MAX_DEPTH // 2 - 3, MAX_DEPTH // 2 + 4),
                  0, 1, 5, 80]:
        for _ in range(6):
            value = [nested(depth, rng), nested(rng.randrange(depth + 1), rng)]
            text = json.dumps(value, ensure_ascii=rng.random() < 0.5)
            try:
                check_depth(json.loads(text))
                deep = False
            except StateError:
                deep = True
            for form in (text, text.encode()):
                if deep:
                    with pytest.raises(StateError, match="nested deeper"):
                        loads(form)
                else:
                    assert loads(form) == value


def test_dumps_is_canonical_json() -> None:
    values = [1.5, 1e20, -0.0, 0.1, "zoë\"\\\u2028", None, True, 12345678901234567890,
              [1, {"b": 2, "a": [None, 2.5, {}]}], {"é": 1, "a": {"z": [], "y": ""}}, (1, "x")]
    for v in values:
        assert dumps(v) == json.dumps(v, sort_keys=True, separators=(",", ":"), ensure_ascii=True,
                                      allow_nan=False)
    for bad in (float("nan"), float("inf"), object(), {"a": {1, 2}}):
        with pytest.raises((ValueError, TypeError)):
            dumps(bad)


def junk_like(v: Any, rng: random.Random) -> list[Any]:
    """Values near ``v`` that a tampered save might hold."""
    out: list[Any] = [True, False, None, 1.0, "0", -1, -2, 10**7, [], [[]], {}, [True], [None]]
    if type(v) is int:
        out += [v + 1, v - 1, float(v)]
    if type(v) is list:
        out += [v[:-1], [*v, v[0] if v else 0], list(reversed(v))]
        for i, x in enumerate(v):
            for j in junk_like(x, rng)[:8] if type(x) is not list else [True, None, [True], [-1]]:
                out.append([*v[:i], j, *v[i + 1:]])
    return out


def fast_reader(kind: Kind) -> Any:
    """The compiled fast path of one kind as a function ``(value, n) -> value or MISS``."""
    ns: dict[str, Any] = {"_MISS": MISS}
    got = kind.fast_src("v", ns, 1)
    if got is None:
        return kind.fast
    cond, val = got
    src = f"def f(v, n):\n    return ({val}) if {cond} else _MISS"
    exec(src, ns)
    return ns["f"]


@pytest.mark.parametrize("game", GAMES)
def test_the_fast_read_accepts_only_what_the_reader_accepts(game: str) -> None:
    rng = random.Random(11)
    states = positions(game, 3, 4, every=25, limit=200)
    spec = _spec(type(states[0]))
    for name, kind in spec.persisted:
        fast = fast_reader(kind)
        for s in states:
            saved = json.loads(s.to_json())["state"][name]
            for v in [saved, *junk_like(saved, rng)]:
                got = fast(json.loads(json.dumps(v)), s.n)
                try:
                    want = kind.load(Reader(json.loads(json.dumps(v))), Ctx(s.n))
                except StateError:
                    assert got is MISS, (name, v)
                    continue
                assert got is MISS or got == want, (name, v)
            # every declared field of a real state takes the fast path (a custom codec
            # has none: Phase 10's score sheet checks itself in its own loader)
            assert fast(saved, s.n) is not MISS or type(kind).__name__ == "_Custom", name


def test_checked_kinds_run_the_check_on_both_paths() -> None:
    def no_empty(g: tuple[int, tuple[int, ...]], _n: int) -> str | None:
        return None if g[1] else "an empty group"

    kind = listof(checked(tuple_of(count(0, 3), tuple_seq(count(0, 9))), no_empty))
    fast = fast_reader(kind)
    assert fast([[1, [2, 3]]], 2) == [(1, (2, 3))]
    assert fast([[1, []]], 2) is MISS
    with pytest.raises(StateError, match=r"\$\[0\]: an empty group"):
        kind.load(Reader([[1, []]]), Ctx(2))
    assert kind.load(Reader([[1, [2]]]), Ctx(2)) == [(1, (2,))]
    d = derived()
    assert not d.persisted and d.immutable


def test_numbers_beyond_the_table_are_written_too() -> None:
    s = positions("phase10", 3, 6, every=10**9, limit=40)[-1]
    spec = _spec(type(s))
    s.scores = (123_456, 0, 10**9)
    s.made = (1 << 29, 5, 0)
    assert spec.json(s) == dumps(spec.dump(s))
    assert s.to_json() == reference_json(s)
    s.scores = (1.5, 0, 0)  # a value that fits no number kind: refused, naming the field
    with pytest.raises(StateError, match="field 'scores' holds"):
        s.to_json()


def outcome_of_load(cls: type[BaseState], text: str) -> str:
    """What ``from_json`` makes of ``text``: the state's save, or the error it raises."""
    try:
        return "ok " + cls.from_json(text).to_json()
    except StateError as exc:
        return f"refused {exc}"


EDITS = [
    lambda t, r: t + " \t\n",                      # JSON whitespace after: still a save
    lambda t, r: t + "\x0c",                       # not JSON whitespace
    lambda t, r: " " + t,                          # whitespace before: the general path
    lambda t, r: t + "{}",                         # extra data
    lambda t, r: t[: r.randrange(len(t))],         # truncated
    lambda t, r: t.replace('"rules_hash":', '"rules_hash": ', 1),
    lambda t, r: t.replace(',"rules":{', ',"rules":{"extra_option":true,', 1),
    lambda t, r: t.replace("true", "1", 1),        # a bool turned int (equal in Python)
    lambda t, r: t.replace("false", "0", 1),
    lambda t, r: t.replace(',"rng":', ',"rng":NaN,"x":', 1),
    lambda t, r: t.replace('"setup":', '"setup":[', 1),
    lambda t, r: t.replace('},"rules_hash":', ',"rules_hash":{"a":1}},"rules_hash":', 1),
    lambda t, r: t.replace('{"engine":', '{"engine":1,"engine":', 1),  # a duplicate key
    lambda t, r: t[:-1] + ',"state":{}}',          # a later duplicate wins in JSON
    lambda t, r: t.replace('"rng":', '"rng":' + "[" * 50 + "0" + "]" * 50 + ',"y":', 1),
    lambda t, r: re.sub(r'"rules_hash":"[0-9a-f]', '"rules_hash":"g', t, count=1),  # tampered
    lambda t, r: re.sub(r'"rules_hash":"[0-9a-f]+"', '"rules_hash":7', t, count=1),
]


@pytest.mark.parametrize("game", GAMES)
def test_a_load_judges_a_text_alone_whatever_was_loaded_before(game: str) -> None:
    """Saves and edited saves load (or are refused) the same whether each is loaded
    first, after all the others, or in the reverse order: nothing is remembered."""
    rng = random.Random(11)
    states = positions(game, 4, 5, every=23, limit=200)
    cls = type(states[0])
    texts = [s.to_json() for s in states]
    texts += [edit(t, rng) for t in texts[:4] for edit in EDITS]
    first = [outcome_of_load(cls, t) for t in texts]
    again = [outcome_of_load(cls, t) for t in texts]
    backwards = [outcome_of_load(cls, t) for t in reversed(texts)][::-1]
    assert first == again == backwards
    assert sum(f.startswith("ok") for f in first) > len(states)  # some edits still load
    assert any(f.startswith("refused") for f in first)


def test_a_value_that_breaks_its_declaration_is_never_saved() -> None:
    """A list where a tuple is declared, a seat out of range, a bool for an int: the
    save is refused with a StateError naming the field (never a save that won't load)."""
    s = game_info("toepen").new_game(players=4, seed=3)
    s.lives = (1, 2, 3, 4)
    assert '"lives":[1,2,3,4]' in s.to_json() == reference_json(s)
    for bad in ([1, 2, 3, 4], (1, 2, 3), (True, 2, 3, 4), (1, 2, 3, -5)):
        s.lives = bad  # type: ignore[assignment]
        with pytest.raises(StateError, match="field 'lives' holds"):
            s.to_json()
    s.lives = (1, 2, 3, 4)
    assert type(s).from_json(s.to_json()).to_json() == s.to_json()


@pytest.mark.parametrize("game", GAMES)
def test_saves_follow_play_and_copies(game: str) -> None:
    """Saving after every step of a random game, and saving copies played on otherwise,
    always gives the text written from scratch."""
    info = game_info(game)
    s = info.new_game(players=4, seed=11, **info.simulate_kwargs([f"P{i}" for i in range(4)]))
    pick = random.Random(11)
    for step in range(300):
        assert s.to_json() == reference_json(s)
        if step % 25 == 3:
            twin = s.copy()
            assert twin.to_json() == reference_json(twin) == s.to_json()
            if not twin.is_over:
                legal = twin.legal_actions()
                twin.apply(legal[-1])
                assert twin.to_json() == reference_json(twin)
        if s.is_over:
            break
        legal = s.legal_actions()
        s.apply(legal[pick.randrange(len(legal))])


@pytest.mark.parametrize("game", GAMES)
def test_load_by_the_saves_first_bytes_judges_as_parsing_it_first(
        game: str, monkeypatch: pytest.MonkeyPatch) -> None:
    """``tablegames.load`` sends a save to the game its first bytes name instead of
    parsing it first to find out; every save, edited or not (a later duplicate ``game``
    key wins, as in JSON), loads or is refused exactly as when it is parsed first."""
    import tablegames
    from tablegames.common import registry

    rng = random.Random(3)
    states = positions(game, 3, 5, every=31, limit=120)
    texts = [s.to_json() for s in states]
    other = "toepen" if game != "toepen" else "shithead"
    texts += [edit(t, rng) for t in texts[:2] for edit in EDITS]
    texts += [texts[0][:-1] + f',"game":"{other}"}}',
              texts[0].replace(f'"game":"{game}"', '"game":"chess"', 1),
              texts[0].replace('"engine":', '"engine":"', 1)]

    def outcome(text: str) -> str:
        try:
            return "ok " + tablegames.load(text).to_json()
        except StateError as exc:
            return f"refused {exc}"

    parsed = [0]
    real = registry.loads

    def counting(*args: Any, **kwargs: Any) -> Any:
        parsed[0] += 1
        return real(*args, **kwargs)

    monkeypatch.setattr(registry, "loads", counting)
    direct = [outcome(t) for t in texts]
    assert parsed[0] < len(texts)  # the canonical ones went straight to their game
    monkeypatch.setattr(registry, "_HEAD", re.compile("(?!)"))  # never matches
    assert direct == [outcome(t) for t in texts]
    assert sum(d.startswith("ok") for d in direct) >= len(states)


@pytest.mark.parametrize("game", ["toepen", "phase10", "shithead", "dallah"])
def test_a_save_naming_a_key_twice_is_refused(game: str) -> None:
    """JSON allows a key twice in one object and Python keeps the last value, so a save
    could hide an edited field behind the real one (``{"stage": 0, ..., "stage": 3}``);
    such text is refused, naming the key, wherever the object is."""
    state = game_info(game).new_game(players=3, seed=2)
    text = state.to_json()
    assert type(state).from_json(text).to_json() == text
    top = text.replace('{"', '{"format":1,"', 1)
    inner = text.replace('"state":{"', '"state":{"zz":1,"zz":2,"', 1)
    assert inner != text
    for bad, key in ((top, "format"), (inner, "zz")):
        with pytest.raises(StateError, match=f"key '{key}' twice"):
            type(state).from_json(bad)
    assert loads('{"a": 1, "b": {"c": 2}}') == {"a": 1, "b": {"c": 2}}


@pytest.mark.parametrize("game", ["toepen", "phase10", "shithead", "dallah"])
def test_stacking_no_card_is_the_same_game_with_one_save_text(game: str) -> None:
    """``deck=[]`` stacks nothing: it is the game ``deck=None`` starts, saved as ``null``;
    a save spelling it ``[]`` (as ``new_game(deck=[])`` once wrote it) loads, verifies and
    saves again as ``null``, so the two spellings are never two games."""
    import tablegames

    plain = tablegames.new_game(game, players=3, seed=5)
    empty = tablegames.new_game(game, players=3, seed=5, deck=[])
    assert empty.to_json() == plain.to_json()
    assert empty.deck is None
    for _ in range(5):
        a = plain.legal_actions()[0]
        plain.apply(a)
    old = json.loads(plain.to_json())
    assert old["setup"]["deck"] is None
    old["setup"]["deck"] = []
    for verify in (False, True):
        again = tablegames.load(json.dumps(old), verify=verify)
        assert again.to_json() == plain.to_json()


@pytest.mark.parametrize("game", GAMES)
def test_every_old_save_takes_the_one_upgrade_path(game: str) -> None:
    """No game reads a save's fields its own way: the declared reader (``BaseState._load``)
    is the only one, and an old save reaches it through the two upgrade hooks alone
    (``_upgrade_format``, then ``_upgrade_engine``), called by ``saves._state_reader``."""
    cls = game_info(game).state_class
    assert cls is not None and cls._load is BaseState._load
    calls: list[tuple[str, int]] = []

    class Spy(cls):  # type: ignore[misc, valid-type]
        @classmethod
        def _upgrade_format(cls, state: dict[str, Any], fmt: int) -> dict[str, Any]:
            calls.append(("format", fmt))
            return super()._upgrade_format(state, fmt)

        @classmethod
        def _upgrade_engine(cls, state: dict[str, Any], engine: int) -> dict[str, Any]:
            calls.append(("engine", engine))
            return super()._upgrade_engine(state, engine)

    s = cls.new(players=3, seed=5)
    data = json.loads(s.to_json())
    Spy.from_json(json.dumps(data))
    assert calls == []  # today's save: nothing to upgrade
    # a format-3 save by engine 1, its fields under the names they had then: each later
    # engine's renames undone, latest first, then format 4's (a name may have been
    # renamed twice: Shithead's format-3 ``active`` was format 4's ``in_play``, engine
    # 6's ``playing``; and a later engine may reuse an old name: its ``active``, the seat)
    fields = data["state"]
    data["format"], data["engine"] = 3, 1
    # its rules lack the options later engines added (those the rules' upgrade fills in
    # for engine 1: Phase 10's action_limit), which a save of engine 1 holding them is
    # refused for before its fields are read
    for key in cls._upgrade_rules({}, 1):
        del data["rules"][key]
    data["rules_hash"] = _text_hash(data["rules"])
    for _, names in sorted(cls.ENGINE_RENAMED.items(), reverse=True):
        for old, new in names.items():
            fields[old] = fields.pop(new)
    for old, new in cls.RENAMED.items():
        if new in fields:
            fields[old] = fields.pop(new)
    calls.clear()
    with contextlib.suppress(StateError):  # an older engine's save of today's fields
        Spy.from_json(json.dumps(data))  # may be refused: the path is what counts
    assert calls == [("format", 3)] + ([("engine", 1)] if cls.ENGINE > 1 else [])
