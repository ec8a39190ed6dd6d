"""A view an app edited, or one another version made, is drawn or refused with the
library's own error: never a bare ``TypeError``.

Found by the public-surface audit (helper-114): of 400 views with one or two keys changed,
80 made :func:`tablegames.table.present` or :func:`tablegames.render.svg` raise a bare
``TypeError``, ``IndexError``, ``AttributeError`` or ``ValueError`` from deep in a
presenter or a drawer (a ``seat`` of 7 indexed the players; Dallah's ``pot`` of 1.5 was
read as a dict; Phase 10's ``round`` of NaN was made an int). Now the envelope is checked
at the doorway and any other error raised while presenting or drawing is a
:class:`~tablegames.table.PresenterError`, chained, naming the game and, where one key is
to blame, that key.
"""

from __future__ import annotations

import copy
import io
import random
from collections.abc import Iterator
from typing import Any

import pytest
from rich.console import Console

import tablegames
from tablegames import render
from tablegames.render.console import ConsoleTable
from tablegames.table import PresenterError, present
from tablegames.table.i18n import langs_of

GAMES = ("toepen", "phase10", "shithead", "dallah")
#: What an edit may put in a key's place: wrong kinds, out-of-range numbers, NaN, nesting.
VALUES: list[Any] = [None, True, False, -1, 7, 99, "x", "", [], {}, [None], {"a": 1}, 1.5,
                     float("nan"), float("inf"), [[[]]], ["Zz"], [-1], "9999", {"seat": "x"}]


def views(game: str) -> list[dict[str, Any]]:
    """Real views of ``game``: a seat's and the spectator's, at the deal, in play and at
    the end (two seeded random games; Dallah's reach its report screen)."""
    info = tablegames.GAMES[game]
    out: list[dict[str, Any]] = []
    for seed in (1, 2):
        players = [f"P{i}" for i in range(3 + seed % 2)]
        state = tablegames.new_game(game, players=players, seed=seed,
                                    **info.simulate_kwargs(players))
        rng = random.Random(seed)
        for step in range(400):
            if step % 40 == 0 or state.is_over:
                out += [state.view(seat) for seat in (None, 0, 1)]
            if state.is_over:
                break
            state.apply(rng.choice(state.legal_actions()))
    return out


def paths(value: Any, at: tuple[Any, ...] = ()) -> Iterator[tuple[Any, ...]]:
    """Every key path inside a view (``("pot", "neck", 0)``)."""
    if at:
        yield at
    if isinstance(value, dict):
        for k, v in value.items():
            yield from paths(v, (*at, k))
    elif isinstance(value, list):
        for i, v in enumerate(value):
            yield from paths(v, (*at, i))


def edited(view: dict[str, Any], rng: random.Random) -> tuple[dict[str, Any], list[Any]]:
    """A copy of ``view`` with one or two keys changed or removed: mostly a top-level key,
    sometimes one deep inside (a seat's entry of a per-seat list, a zone of the pot)."""
    v = copy.deepcopy(view)
    done: list[Any] = []
    for _ in range(rng.randint(1, 2)):
        path = (rng.choice(sorted(v)),) if rng.random() < 0.7 else rng.choice(list(paths(v)))
        parent: Any = v
        for k in path[:-1]:
            parent = parent[k]
        if isinstance(parent, dict) and rng.random() < 0.2:
            del parent[path[-1]]
            done.append((path, "removed"))
        else:
            parent[path[-1]] = rng.choice(VALUES)
            done.append((path, parent[path[-1]]))
    return v, done


def picture(view: dict[str, Any], lang: str) -> None:
    """The console drawing :mod:`tablegames.render` offers for a view (a ruling's picture)."""
    ConsoleTable(Console(file=io.StringIO(), width=80), str(view.get("game")),
                 lang=lang).picture(view)


def drawn_or_refused(what: Any, call: Any, *args: Any, **kwargs: Any) -> bool:
    """``True`` when ``call(*args, **kwargs)`` drew, ``False`` when it raised a short
    PresenterError; any other error fails the test, with what was edited."""
    try:
        call(*args, **kwargs)
    except PresenterError as refused:
        assert len(str(refused)) < 400, what
        return False
    except Exception as exc:  # the failure this test is about
        raise AssertionError(f"{type(exc).__name__}: {exc} after {what}") from exc
    return True


@pytest.mark.parametrize("game", GAMES)
def test_an_edited_view_is_drawn_or_refused_with_a_presenter_error(game: str) -> None:
    rng = random.Random(f"edited-{game}")
    real = views(game)
    langs = langs_of(game)
    refused = 0
    for _ in range(100):
        view, what = edited(rng.choice(real), rng)
        lang = rng.choice(langs)
        said = (game, lang, what)
        results = [drawn_or_refused(said, present, view),
                   drawn_or_refused(said, present, view, public=False),
                   drawn_or_refused(said, render.svg, view, lang=lang),
                   drawn_or_refused(said, picture, view, lang)]
        refused += results.count(False)
    assert refused  # the edits do reach what a presenter cannot read


def test_a_seat_that_is_no_seat_of_the_table_is_named() -> None:
    view = tablegames.new_game("toepen", players=3, seed=1).view(0)
    view["seat"] = 7
    with pytest.raises(PresenterError, match=r"'seat' must be a seat of the table \(0 to 2\)"
                                             r" or None \(the spectator\), not 7"):
        render.svg(view)
    with pytest.raises(PresenterError, match="'seat'"):
        present(view)


@pytest.mark.parametrize("key, value, said", [
    ("players", "P0,P1", "'players' must be a list of the players' names"),
    ("to_act", 3, "'to_act' must be a seat of the table"),
    ("to_act", True, "'to_act' must be a seat of the table"),
    ("stage", 5, "'stage' must be the name of a stage"),
    ("version", -1, "'version' must be the number of actions played"),
    ("hand", "Th", "'hand' must be a list of strings"),
    ("legal", [5], "'legal' must be a list of strings"),
])
def test_an_envelope_key_of_the_wrong_kind_is_named(key: str, value: Any, said: str) -> None:
    view = tablegames.new_game("toepen", players=3, seed=1).view(0)
    view[key] = value
    for call in (lambda: present(view), lambda: render.svg(view)):
        with pytest.raises(PresenterError, match=said):
            call()


def test_a_game_key_the_presenter_cannot_read_is_named_and_chained() -> None:
    view = tablegames.new_game("dallah", players=3, seed=1).view(0)
    view["pot"] = 1.5
    with pytest.raises(PresenterError, match="the dallah view cannot be drawn: its 'pot'") \
            as refused:
        present(view)
    assert isinstance(refused.value.__cause__, AttributeError)
    with pytest.raises(PresenterError, match="its 'pot'"):
        render.svg(view, lang="ar")


def test_a_number_that_is_nan_is_refused_not_converted() -> None:
    view = tablegames.new_game("phase10", players=3, seed=1).view(0)
    view["round"] = float("nan")
    with pytest.raises(PresenterError, match="the phase10 view cannot be drawn: its 'round'"):
        present(view)
    with pytest.raises(PresenterError, match="its 'round'"):
        render.svg(view, lang="da")
    with pytest.raises(PresenterError, match="its 'round'"):
        ConsoleTable(Console(file=io.StringIO(), width=80), "phase10").picture(view)


def test_a_console_picture_that_cannot_be_drawn_prints_nothing() -> None:
    view = tablegames.new_game("dallah", players=3, seed=1).view(0)
    view["pot"] = 1.5
    out = io.StringIO()
    with pytest.raises(PresenterError):
        ConsoleTable(Console(file=out, width=80), "dallah").picture(view)
    assert out.getvalue() == ""


@pytest.mark.parametrize("game", ["toepen", "phase10", "shithead", "dallah"])
def test_a_huge_count_draws_a_bounded_picture(game: str) -> None:
    """A count is a small number in a view, its drawing as many cards: an edited view's
    hand size of a million drew a million backs (a 279 MB picture in 24 s, found by
    helper-116). The picture draws at most ``MOST_BACKS`` of them."""
    import tablegames
    from tablegames import render

    view = tablegames.new_game(game, players=3, seed=1).view(0)
    for key in ("hand_sizes", "sizes", "hidden"):
        if isinstance(view.get(key), list):
            view[key] = [10**6 if type(n) is int else n for n in view[key]]
    for key in ("stock", "draw_pile", "deck"):
        if type(view.get(key)) is int:
            view[key] = 10**6
    assert len(render.svg(view)) < 400_000
