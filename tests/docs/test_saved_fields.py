"""Every field of every game's save is on the saves guide, with its form and meaning.

helper-165: the guide said only that a save's ``state`` holds "the game's declared
fields, each under its own name"; a field's meaning was in the API reference where its
declaration had a ``#:`` line, and most had none (Toepen 34 of 36), so an app reading a
save (a documented, stable format) could not know what they hold. The guide's tables
(``{saved-fields}``) are made from the declarations and those lines: this fails on a
field declared without a meaning, on a table that does not list exactly what a save
holds, and on a field a sampled world redeals whose meaning does not say it is hidden.
"""

from __future__ import annotations

import importlib.util
import json
import random
from pathlib import Path
from types import ModuleType

import pytest

import tablegames
from tablegames.common.errors import TablegamesError
from tablegames.common.fields import (
    Kind,
    card,
    count,
    enum,
    flag,
    frozen_json,
    optional,
    per_seat_tuple,
    seat,
    transient,
    tuple_of,
    tuple_seq,
)
from tablegames.common.savedfields import declared_fields, saved_as

ROOT = Path(__file__).resolve().parents[2]
GUIDE = ROOT / "docs" / "guides" / "saves.md"
GAMES = sorted(tablegames.GAMES)


def _docs_extension() -> ModuleType:
    """The site's own extension, which builds the tables (``{saved-fields}``)."""
    path = ROOT / "docs" / "_ext" / "tablegames_docs.py"
    spec = importlib.util.spec_from_file_location("_tablegames_docs_for_fields", path)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


DOCS = _docs_extension()


@pytest.mark.parametrize("game", GAMES)
def test_every_declared_field_has_a_meaning(game: str) -> None:
    cls = tablegames.GAMES[game].state_class
    declared = [name for name, _ in declared_fields(cls)]
    meanings = DOCS.field_meanings(cls)
    missing = [name for name in declared if len(meanings.get(name, "")) < 12]
    assert not missing, f"{game}: declared without a #: meaning: {missing}"


@pytest.mark.parametrize("game", GAMES)
def test_the_guide_lists_exactly_the_fields_a_save_holds(game: str) -> None:
    cls = tablegames.GAMES[game].state_class
    assert f"```{{saved-fields}} {game}\n" in GUIDE.read_text("utf-8")
    rows = DOCS.saved_field_rows(cls)
    listed = [name for name, _, _ in rows]
    saved = json.loads(tablegames.new_game(game, players=3, seed=1).to_json())["state"]
    assert sorted(listed) == sorted(saved)
    persisted = [name for name, kind in declared_fields(cls) if kind.persisted]
    assert listed == persisted  # in declaration order, the order of the position lines
    assert all(form and meaning for _, form, meaning in rows)


@pytest.mark.parametrize("game", GAMES)
def test_a_field_that_worlds_redeal_says_it_is_hidden(game: str) -> None:
    """A world may change only what its seat has not seen: every saved field that
    differs between a state and a world sampled from it holds hidden cards, and its
    meaning must say so (and what a view shows instead)."""
    cls = tablegames.GAMES[game].state_class
    meanings = DOCS.field_meanings(cls)
    redealt: set[str] = set()
    for seed in (1, 2):
        state, rng = tablegames.new_game(game, players=3, seed=seed), random.Random(seed)
        for step in range(40):
            legal = state.legal_actions()
            if not legal:
                break
            state.apply(rng.choice(legal))
            if step % 8 == 0:
                real = json.loads(state.to_json())["state"]
                for viewer in range(3):
                    world = json.loads(state.sample_world(viewer, step).to_json())["state"]
                    redealt |= {k for k in real if real[k] != world[k]}
    assert {"stock"} <= redealt  # every game's draw pile is redealt: the check is live
    unmarked = sorted(k for k in redealt if not meanings[k].startswith("Hidden"))
    assert not unmarked, f"{game}: redealt in worlds, not said to be hidden: {unmarked}"


@pytest.mark.parametrize(("kind", "words"), [
    (seat(), "seat"),
    (seat(none=-1), "seat, or -1 for nobody"),
    (seat(none=None), "seat, or null for nobody"),
    (count(0, 3), "integer 0..3"),
    (count(1, None), "integer from 1"),
    (flag(), "true or false"),
    (enum(("deal", "play")), 'one of "deal", "play"'),
    (card(32, none=-1), "card code 0..31, or -1 for none"),
    (per_seat_tuple(tuple_seq(card(32), 8, sort=True)), "per seat: list of card code 0..31 "
                                                         "(in code order)"),
    (tuple_seq(card(50), top_first=True), "list of card code 0..49 (bottom first: the top "
                                          "is the last)"),
    (optional(tuple_seq(tuple_of(seat(), card(32)))), "null, or list of [seat, card code "
                                                      "0..31]"),
    (frozen_json(), "JSON value"),
    (transient(list), "not saved (a cache)"),
])
def test_each_kind_says_the_form_a_save_holds(kind: Kind, words: str) -> None:
    assert saved_as(kind) == words


def test_a_kind_of_its_own_says_its_form_and_containers_use_it() -> None:
    """Each kind carries its own words (``Kind.saved_as``), so a game author's kind is
    listed in its own words, inside a list or an optional too, not as "JSON value"."""

    class Stars(Kind):
        def saved_as(self) -> str:
            return "string of stars"

    assert saved_as(Stars()) == "string of stars"
    assert saved_as(optional(tuple_seq(Stars()))) == "null, or list of string of stars"
    assert saved_as(Kind()) == "JSON value"


@pytest.mark.parametrize("junk", [None, "seat", 3, True, seat, object])
def test_anything_but_a_kind_or_a_state_class_is_refused(junk: object) -> None:
    with pytest.raises(TablegamesError, match="declared field's kind"):
        saved_as(junk)  # type: ignore[arg-type]
    with pytest.raises(TablegamesError, match="a game's State class"):
        declared_fields(junk)  # type: ignore[arg-type]
