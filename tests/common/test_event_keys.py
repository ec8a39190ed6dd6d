"""Events and results are declared (``State.EVENT_KEYS``, ``State.RESULT_KEYS``) and the
conformance kit holds every game to its declaration: an undeclared kind or key, a missing
key, a secret shown outside its audience or a result key too many or too few fails it."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import pytest

import tablegames
from tablegames.common.actions import Event
from tablegames.common.eventkeys import EventSpec
from tablegames.testing import ConformanceError, check_game, event_problems, result_problems

GAMES = ["toepen", "phase10", "shithead", "dallah"]


def _state_class(game: str) -> Any:
    return tablegames.GAMES[game].state_class


@pytest.mark.parametrize("game", GAMES)
def test_every_kind_in_the_source_is_declared_and_every_declared_kind_is_emitted(game: str) -> None:
    """Random play rarely reaches some kinds (a Phase 10 tie-break, Shithead's unready):
    the source itself says which kinds exist."""
    package = Path(tablegames.__file__).parent / game
    source = "\n".join(p.read_text() for p in package.glob("*.py") if p.name != "events.py")
    emitted = set(re.findall(r'\bEvent\(\s*"(\w+)"', source))
    assert emitted == set(_state_class(game).EVENT_KEYS)


@pytest.mark.parametrize("game", GAMES)
def test_every_key_and_kind_has_a_one_line_meaning(game: str) -> None:
    cls = _state_class(game)
    for kind, spec in cls.EVENT_KEYS.items():
        assert spec.meaning and "\n" not in spec.meaning, kind
        for key, meaning in spec.keys.items():
            assert meaning and "\n" not in meaning, (kind, key)
    assert all(v and "\n" not in v for v in cls.RESULT_KEYS.values())
    assert not set(cls.RESULT_KEYS) & {"winners", "losers", "scores"}


def test_a_spec_refuses_secret_or_optional_keys_it_does_not_have() -> None:
    with pytest.raises(ValueError, match="secret keys"):
        EventSpec("x", {"seat": "s"}, secret={"cards"})
    with pytest.raises(ValueError, match="optional keys"):
        EventSpec("x", {"seat": "s"}, optional={"again"})


def _declared(**changes: EventSpec | None) -> dict[str, EventSpec]:
    """Toepen's declaration with some kinds replaced (``None``: left out)."""
    kinds = dict(_state_class("toepen").EVENT_KEYS)
    for kind, spec in changes.items():
        if spec is None:
            del kinds[kind]
        else:
            kinds[kind] = spec
    return kinds


def _kit_fails(monkeypatch: pytest.MonkeyPatch, attr: str, value: Any, match: str) -> None:
    monkeypatch.setattr(_state_class("toepen"), attr, value)
    with pytest.raises(ConformanceError, match=match):
        check_game("toepen", players=3, seeds=[0], full_every=50)


def test_the_kit_passes_the_games_as_declared() -> None:
    for game in GAMES:
        check_game(game, players=3, seeds=[1], full_every=200)


def test_the_kit_refuses_an_undeclared_kind(monkeypatch: pytest.MonkeyPatch) -> None:
    _kit_fails(monkeypatch, "EVENT_KEYS", _declared(deal=None),
               r"event kind 'deal' is not declared")


def test_the_kit_refuses_an_undeclared_key(monkeypatch: pytest.MonkeyPatch) -> None:
    deal = _declared()["deal"]
    keys = {k: v for k, v in deal.keys.items() if k != "stake"}
    _kit_fails(monkeypatch, "EVENT_KEYS", _declared(deal=EventSpec(deal.meaning, keys)),
               r"event 'deal' has undeclared keys \['stake'\]")


def test_the_kit_refuses_a_missing_key_not_declared_optional(monkeypatch: pytest.MonkeyPatch) -> None:
    deal = _declared()["deal"]
    spec = EventSpec(deal.meaning, {**deal.keys, "extra": "never there"})
    _kit_fails(monkeypatch, "EVENT_KEYS", _declared(deal=spec), r"event 'deal' lacks \['extra'\]")
    # declared optional, it may be absent
    monkeypatch.setattr(_state_class("toepen"), "EVENT_KEYS", _declared(
        deal=EventSpec(deal.meaning, {**deal.keys, "extra": "never there"}, optional={"extra"})))
    check_game("toepen", players=3, seeds=[0], full_every=50)


def test_the_kit_refuses_a_secret_shown_outside_its_audience(monkeypatch: pytest.MonkeyPatch) -> None:
    deal = _declared()["deal"]
    spec = EventSpec(deal.meaning, deal.keys, secret={"dealer"})
    _kit_fails(monkeypatch, "EVENT_KEYS", _declared(deal=spec),
               r"event 'deal' shows its secret keys \['dealer'\] outside its audience")


def test_the_kit_refuses_a_public_key_only_the_audience_sees(monkeypatch: pytest.MonkeyPatch) -> None:
    cards = _declared()["cards"]
    _kit_fails(monkeypatch, "EVENT_KEYS", _declared(cards=EventSpec(cards.meaning, cards.keys)),
               r"event 'cards' lacks \['cards'\] \(as the spectator sees it\)")


def test_an_event_is_private_exactly_when_declared_so() -> None:
    cls = type("Game", (), {"EVENT_KEYS": {
        "note": EventSpec("n", {"seat": "s", "text": "t"}, secret={"text"}, private=True),
        "card": EventSpec("c", {"seat": "s"})}})
    note = Event("note", {"seat": 1}, {"text": "hi"}, frozenset({1}), public=False)
    assert event_problems(cls, note, 3) == []
    shown = Event("note", {"seat": 1}, {"text": "hi"}, frozenset({1}))
    assert event_problems(cls, shown, 3) == ["event 'note' is public but declared private"]
    hidden = Event("card", {"seat": 1}, None, frozenset({1}), public=False)
    assert event_problems(cls, hidden, 3) == ["event 'card' is private but declared public"]
    leak = Event("note", {"seat": 1, "text": "hi"}, None, frozenset({1}), public=False)
    assert event_problems(cls, leak, 3) == []  # only seat 1 learns of it at all
    leak = Event("card", {"seat": 1, "text": "hi"})
    assert "event 'card' has undeclared keys ['text'] (as the spectator sees it)" in \
        event_problems(cls, leak, 3)


def test_the_kit_refuses_a_result_with_other_keys(monkeypatch: pytest.MonkeyPatch) -> None:
    declared = dict(_state_class("toepen").RESULT_KEYS)
    less = {k: v for k, v in declared.items() if k != "rounds"}
    _kit_fails(monkeypatch, "RESULT_KEYS", less, r"result has undeclared keys \['rounds'\]")
    _kit_fails(monkeypatch, "RESULT_KEYS", {**declared, "extra": "x"}, r"result lacks \['extra'\]")
    assert result_problems(type("Game", (), {}), {"anything": 1}) == []  # nothing declared


#: How the declarations name a game when they compare its keys with another's.
_GAME_NAMES = {"Toepen": "toepen", "Phase 10": "phase10", "Shithead": "shithead",
               "Dallah": "dallah"}


def test_a_meaning_that_names_another_games_result_key_names_one_it_has() -> None:
    """Found by the public-surface audit (helper-114): Toepen's ``limit``, rendered into
    the events guide, said "Shithead's result limit is a bool", and Shithead's result has
    no ``limit`` (it is ``limit_hit`` since engine 4). A meaning that speaks of another
    game's result ("Shithead's result says limit_hit") names a key that result has."""
    said = re.compile(r"\b(" + "|".join(_GAME_NAMES) + r")'s result (?:says )?(\w+)")
    meanings = []
    for game in GAMES:
        cls = _state_class(game)
        meanings += [(game, key, text) for key, text in cls.RESULT_KEYS.items()]
        meanings += [(game, key, text) for key, text in cls.VIEW_KEYS.items()]
        meanings += [(game, f"{kind}.{key}", text) for kind, spec in cls.EVENT_KEYS.items()
                     for key, text in spec.keys.items()]
    named = 0
    for game, key, text in meanings:
        for other, word in said.findall(text):
            named += 1
            keys = set(_state_class(_GAME_NAMES[other]).RESULT_KEYS) | {
                "winners", "losers", "scores"}
            assert word in keys, (game, key, text)
    assert named  # Toepen's limit compares itself with Shithead's flag
