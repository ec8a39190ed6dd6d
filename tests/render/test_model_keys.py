"""Every key of the table model is in its schema, and every key in the schema is made.

The schema is the docstring of :mod:`tablegames.table.model` (the table model's guide
sends a front end's author there); the room server's page is drawn from keys a front end
built from that schema must know too (Shithead's ``face_down`` and ``for``, Phase 10's
``groups``, ``parts`` and ``more``, Dallah's ``report``). The audit of helper-114 found
ten keys the presenters made that the schema did not name. As the view, event and result
keys are held to their declarations, the models of real games of all four, played with
every option on and to their end (Dallah's report screen, Phase 10's lay-downs,
Shithead's blind plays among them), are walked part by part here: a key the schema does
not list for its part fails, and so does a key it lists that no model holds.
"""

from __future__ import annotations

import random
import re
from collections import defaultdict
from collections.abc import Iterator
from typing import Any

import pytest

import tablegames
from tablegames.table import model as model_module
from tablegames.table import present
from tablegames.table.catalogues import ALL_OPTIONS
from tablegames.table.model import is_msg

GAMES = ("toepen", "phase10", "shithead", "dallah")


def schema() -> dict[str, set[str]]:
    """The keys the docstring lists for each part, by the part's name.

    A part is a line of the schema that starts with its name in double backquotes
    (``Group`` / ``Area`` name one part twice); its keys are the names in double backquotes
    written in lower case in the lines under it, and the quoted keys of a dict written out
    (``{"label": Msg, ...}``). Types (``Msg``), values (``None``, ``"wild"``) and a card's
    notation are not keys."""
    text = model_module.__doc__ or ""
    body = text.partition("Schema (")[2].partition("The constructors below")[0]
    parts: dict[str, set[str]] = {}
    current: list[str] = []
    for line in body.splitlines():
        if line.startswith("``"):
            current = re.findall(r"``([A-Z][A-Za-z ]*)``", line.partition("(")[0])
            for name in current:
                parts[name] = set()
            continue
        for token in re.findall(r"``(.+?)``", line):
            keys = re.findall(r'"(\w+)":', token) if token.startswith(("{", '"')) else (
                [token] if re.fullmatch(r"[a-z_]+", token) else [])
            for name in current:
                parts[name].update(keys)
    return parts


#: Where each part holds others: (key, part, how): "one" a part or None, "list" a list of
#: them, "lists" a list of lists, "msg" a Msg where the value is one.
INSIDE: dict[str, list[tuple[str, str, str]]] = {
    "Table": [("title", "Msg", "one"), ("prompt", "Msg", "one"), ("seats", "Seat", "list"),
              ("centre", "Area", "list"), ("panel", "Area", "list"), ("facts", "Fact", "list"),
              ("hand", "Face", "list"), ("actions", "Action", "list"),
              ("result", "Result", "one"), ("report", "Report", "one")],
    "Seat": [("badges", "Msg", "list"), ("stats", "Msg", "list"), ("groups", "Group", "list")],
    "Group": [("label", "Msg", "one"), ("cards", "Face", "list"), ("items", "Msg", "list")],
    "Area": [("label", "Msg", "one"), ("cards", "Face", "list"), ("items", "Msg", "list")],
    "Fact": [("label", "Msg", "one"), ("value", "Msg", "msg")],
    "Face": [("name", "Msg", "one"), ("mark", "Msg", "one")],
    "Action": [("label", "Msg", "one"), ("cards", "Face", "list"), ("for", "Face", "list"),
               ("groups", "Face", "lists"), ("parts", "Msg", "list"), ("more", "Msg", "one")],
    "Result": [("title", "Msg", "one"), ("said", "Msg", "one"),
               ("winners_label", "Msg", "one"), ("losers_label", "Msg", "one"),
               ("scores_label", "Msg", "one")],
    "Report": [("card", "Report card", "one"), ("cup", "Msg", "one"), ("zone", "Msg", "one"),
               ("zones", "Report zone", "list")],
    "Report card": [("name", "Msg", "one")],
    "Report zone": [("name", "Msg", "one"), ("cups", "Report cup", "list")],
    "Report cup": [("name", "Msg", "one")],
}


def walk(part: str, value: Any, seen: dict[str, set[str]], where: str) -> Iterator[str]:
    """Every key of ``value`` (a ``part``) and of the parts inside it, as
    ``"part.key (where)"``, its keys added to ``seen[part]``."""
    if value is None:
        return
    assert isinstance(value, dict), (part, where, value)
    seen[part].update(value)
    yield from (f"{part}.{k} ({where})" for k in value)
    if part == "Msg":
        for arg in value.get("args", {}).values():
            for item in arg if isinstance(arg, list) else [arg]:
                if is_msg(item):
                    yield from walk("Msg", item, seen, where)
        return
    for key, inner, how in INSIDE.get(part, []):
        got = value.get(key)
        if how == "one" or (how == "msg" and is_msg(got)):
            yield from walk(inner, got, seen, where)
        elif how in ("list", "lists"):
            for item in got or []:
                for one in (item if how == "lists" else [item]):
                    yield from walk(inner, one, seen, where)
    if part == "Result":
        for _name, score in value.get("scores", []):
            yield from walk("Msg", score, seen, where)


def models(game: str) -> Iterator[tuple[str, dict[str, Any]]]:
    """Models of three seeded games of ``game`` (every option on in one), every seat's
    and the spectator's, every few actions and at the end (random play ends Toepen,
    Shithead and Dallah; a Phase 10 game of random moves runs for thousands, and is
    left after its first 1,500, lay-downs and hits among them)."""
    info = tablegames.GAMES[game]
    for seed in range(3):
        players = [f"P{i}" for i in range(3 + seed % 2)]
        kwargs = dict(info.simulate_kwargs(players))
        if seed == 0 and ALL_OPTIONS.get(game):
            kwargs["rules"] = ALL_OPTIONS[game]
        state = tablegames.new_game(game, players=players, seed=seed, **kwargs)
        rng = random.Random(seed)
        for step in range(1500):
            if step % 6 == 0 or state.is_over:
                for seat in (None, *range(len(players))):
                    yield f"{game} seed {seed} step {step} seat {seat}", present(state.view(seat))
            if state.is_over:
                break
            state.apply(rng.choice(state.legal_actions()))
        assert state.is_over or game == "phase10", (game, seed)


def test_the_schema_reads_as_the_parts_it_names() -> None:
    parts = schema()
    assert set(INSIDE) | {"Msg"} <= set(parts)
    assert parts["Msg"] == {"msg", "args", "plural", "n"}
    assert parts["Fact"] == {"label", "value"}
    assert parts["Group"] == parts["Area"]
    assert {"for", "index", "groups", "parts", "more", "zone", "shape"} <= parts["Action"]


def test_every_key_of_every_model_is_in_the_schema_and_every_listed_key_is_made() -> None:
    documented = schema()
    seen: dict[str, set[str]] = defaultdict(set)
    undocumented: dict[str, str] = {}
    for game in GAMES:
        for where, model in models(game):
            for found in walk("Table", model, seen, where):
                part_key = found.partition(" (")[0]
                part, _, key = part_key.partition(".")
                if key not in documented.get(part, set()):
                    undocumented.setdefault(part_key, found)
    assert undocumented == {}
    # Group and Area are one part: together they make every key the schema lists
    seen["Group"] |= seen["Area"]
    seen["Area"] = seen["Group"]
    never = {part: keys - seen[part] for part, keys in documented.items() if keys - seen[part]}
    assert never == {}


@pytest.mark.parametrize("game, part, key", [
    ("shithead", "Seat", "face_down"), ("shithead", "Action", "for"),
    ("shithead", "Action", "index"), ("phase10", "Action", "groups"),
    ("phase10", "Action", "parts"), ("phase10", "Action", "more"),
    ("dallah", "Table", "report"), ("dallah", "Action", "zone"),
    ("dallah", "Action", "shape"), ("dallah", "Report card", "seconds"),
])
def test_the_keys_the_room_servers_page_reads_are_the_games_that_make_them(
        game: str, part: str, key: str) -> None:
    """Each key the schema says only one game has is that game's, and the schema lists it."""
    assert key in schema()[part]
    seen: dict[str, set[str]] = defaultdict(set)
    for _where, model in models(game):
        for _ in walk("Table", model, seen, game):
            pass
        if key in seen[part]:
            break
    assert key in seen[part]
