"""What the loader judges, kept from the tests of the remembered-history loads it replaced:
a setup checked under the save's own rules, a step edited to another listed action,
saves spelled otherwise than ``to_json`` writes them, bytes, and loaded states that play
on exactly like their originals."""

from __future__ import annotations

import json
import random
import re

import pytest

from tablegames.common.errors import StateError
from tablegames.common.registry import game_info
from tablegames.common.rules import rules_hash, rules_json
from tablegames.common.state import BaseState

GAMES = ("toepen", "phase10", "shithead", "dallah")
DIGITS = "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz-_"


def playout(game: str, seed: int, limit: int = 400) -> list[BaseState]:
    info = game_info(game)
    s = info.new_game(players=4, seed=seed)
    pick = random.Random(seed)
    out = []
    for _ in range(limit):
        if s.is_over:
            break
        legal = s.legal_actions()
        s.apply(legal[pick.randrange(len(legal))])
        out.append(s.copy())
    return out


def test_a_setup_is_checked_under_the_rules_of_its_save() -> None:
    """Setup phase 8 is fine under the ten standard phases and refused under the three
    of ``short``, whatever was loaded before."""
    from tablegames.phase10.rules import VARIANTS

    s = game_info("phase10").new_game(players=3, seed=4, phases=[8, 1, 1])
    s.apply(s.legal_actions()[0])
    text = s.to_json()
    short = VARIANTS["short"]
    at = text.index(',"rules":') + len(',"rules":')
    other = (text[:at] + rules_json(short) + f',"rules_hash":"{rules_hash(short)}"'
             + text[text.index(',"setup":'):])
    cls = type(s)
    assert cls.from_json(text).to_json() == text
    with pytest.raises(StateError, match="phases") as first:
        cls.from_json(other)
    assert cls.from_json(text).to_json() == text
    with pytest.raises(StateError) as second:
        cls.from_json(other)
    assert str(first.value) == str(second.value)


def _last_step_changed(text: str, shift: int) -> str:
    """The save with its last step naming another listed action."""
    names_end = text.index('],"order":"')
    names = json.loads(text[text.index('{"actions":[') + 11:names_end + 1])
    order_at = names_end + len('],"order":"')
    order_end = text.index('"', order_at)
    width = int(re.search(r'"width":(\d)\}', text)[1])  # type: ignore[index]
    code = 0
    for ch in text[order_end - width:order_end]:
        code = code * 64 + DIGITS.index(ch)
    new = (code + shift) % len(names)
    spelled = "".join(DIGITS[(new >> (6 * k)) & 63] for k in reversed(range(width)))
    return text[:order_end - width] + spelled + text[order_end:]


@pytest.mark.parametrize("game", GAMES)
def test_a_step_edited_to_another_listed_action_is_caught_by_verify(game: str) -> None:
    """A save whose last step names another listed action is refused, or (the history is
    not replayed by a plain load) loads, and is then refused with ``verify=True``."""
    states = playout(game, 23, limit=120)
    cls = type(states[0])
    taken = refused = 0
    for s in states[len(states) // 2::3]:
        for shift in (1, 2, 5):
            changed = _last_step_changed(s.to_json(), shift)
            if changed == s.to_json():
                continue
            try:
                cls.from_json(changed)
            except StateError:
                refused += 1
                continue
            taken += 1
            with pytest.raises(StateError, match=r"contradicts|cannot be replayed"):
                cls.from_json(changed, verify=True)
    assert taken >= 5


@pytest.mark.parametrize("where", ["setup", "notation"])
def test_saves_spelled_otherwise_load_and_save_canonical_again(where: str) -> None:
    """JSON whitespace in the setup, or an escaped character in a notation: the save
    loads, and the state's own save is the canonical text."""
    texts = [s.to_json() for s in playout("toepen", 12, limit=30)[20:26]]

    def respell(t: str) -> str:
        if where == "setup":
            return t.replace(',"setup":{"deck":', ',"setup":{"deck": ', 1)
        first = t.index('{"actions":["') + len('{"actions":["')
        return t[:first] + f"\\u{ord(t[first]):04x}" + t[first + 1:]

    cls = type(game_info("toepen").new_game(players=4, seed=1))
    for t in texts:
        assert respell(t) != t
        assert cls.from_json(respell(t)).to_json() == t


def test_a_save_given_as_bytes_loads_as_its_text_does() -> None:
    texts = [s.to_json() for s in playout("dallah", 5, limit=30)[20:23]]
    cls = type(game_info("dallah").new_game(players=4, seed=1))
    for t in texts:
        assert cls.from_json(t.encode()).to_json() == cls.from_json(t).to_json() == t


@pytest.mark.parametrize("game", GAMES)
def test_a_loaded_state_plays_on_and_saves_like_its_original(game: str) -> None:
    s = playout(game, 8, limit=60)[-1]
    loaded = type(s).from_json(s.to_json())
    pick = random.Random(2)
    for _ in range(12):
        if s.is_over:
            break
        legal = s.legal_actions()
        a = legal[pick.randrange(len(legal))]
        s.apply(a)
        loaded.apply(a)
        assert loaded.to_json() == s.to_json()
        assert loaded.view(0) == s.view(0)
