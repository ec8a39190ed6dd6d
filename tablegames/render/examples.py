"""The state a ruling's table picture shows, built from the rulings page itself.

A ruling's picture is a ``{table-picture} GAME`` block on the game's ``rulings.md``; the
rulings site draws it as SVG (``docs/_ext/tablegames_pictures.py``) and ``tablegames
rulings GAME ID`` draws it as cards in the terminal. Both build the state here, so the
two pictures are the same table seen from the same seat. The state comes from one of
three places (``:from:``):

* ``example`` (the default when the block is empty): the page's doctest examples up to
  the picture are run again and their ``state`` is drawn, so the picture shows where the
  ruling's runnable example ends, with no second copy of its moves;
* ``code`` (the default with content): the content is Python that binds ``state``
  (``tablegames``, the game's module, ``play(state, *moves)`` and ``IllegalAction`` are
  at hand);
* ``position``: the content is a position text, read by ``tablegames.from_position``.

``:seat: N`` draws what seat N sees; without it the picture is drawn from the seat that
acts last in the example (:func:`acting_seat`), whose own view shows the ruling's point
(its cards face up); ``:seat: spectator`` keeps the spectator's view on purpose.

The code run here is the package's own rulings page, never text from a caller.
"""

from __future__ import annotations

import contextlib
import doctest
import importlib
import io
import re
from collections.abc import Sequence
from typing import Any

import attrs

from tablegames.common.errors import TablegamesError
from tablegames.common.numbers import is_number

#: ``:seat: spectator`` (or ``none``): draw the spectator's view on purpose.
SPECTATOR = "spectator"
MODES = ("example", "code", "position")

_HEADING = re.compile(r"^## ([A-Z0-9]+-\d\d): ")
_FENCE = re.compile(r"^(`{3,}|~{3,})\s*(?:\{([\w-]+)\}\s*(.*))?$")
_OPTION = re.compile(r"^\s*:([\w-]+):\s*(.*)$")


class PictureError(TablegamesError):
    """The state for a picture could not be built (the site reports it as a warning)."""


@attrs.frozen
class PictureSpec:
    """A ``{table-picture}`` block of a rulings page: its game, options and content, and
    the doctest blocks of the page before it (what ``:from: example`` runs)."""

    ruling: str
    game: str
    text: str
    mode: str
    seat: int | str | None = None
    caption: str = ""
    earlier: tuple[str, ...] = ()


def helpers(game: str) -> dict[str, Any]:
    """What picture code may use without importing: tablegames, the game, ``play``."""
    import tablegames

    def play(state: Any, *moves: str) -> None:
        for move in moves:
            state.apply(move)

    return {"tablegames": tablegames, game: importlib.import_module(f"tablegames.{game}"),
            "play": play, "IllegalAction": tablegames.IllegalAction}


def run_examples(blocks: Sequence[str], namespace: dict[str, Any]) -> None:
    """Run doctest blocks' examples in ``namespace``. Outputs are not checked here (the
    doctests do that); an example that raises is passed over, as the examples that
    demonstrate a refusal do."""
    parser = doctest.DocTestParser()
    with contextlib.redirect_stdout(io.StringIO()):  # examples that print, print nothing here
        for block in blocks:
            for example in parser.get_examples(block):
                try:
                    exec(compile(example.source, "<ruling example>", "exec"), namespace)
                except Exception:  # a demonstrated refusal; the doctests check it
                    continue


def state_for(game: str, mode: str, text: str, earlier: Sequence[str]) -> Any:
    """The state a picture draws (see the module docstring for the three modes)."""
    if mode == "position":
        import tablegames

        try:
            return tablegames.from_position(game, text)
        except ValueError as exc:
            raise PictureError(f"bad position: {exc}") from None
    namespace = helpers(game)
    if mode == "example":
        run_examples(earlier, namespace)
        if "state" not in namespace:
            raise PictureError("no doctest example before the picture binds 'state'")
    else:
        try:
            with contextlib.redirect_stdout(io.StringIO()):
                exec(compile(text, "<table-picture>", "exec"), namespace)
        except Exception as exc:  # any error in the page's code is reported, not a crash
            raise PictureError(f"the picture's code failed: {type(exc).__name__}: {exc}") from None
        if "state" not in namespace:
            raise PictureError("the picture's code must bind 'state'")
    return namespace["state"]


def seat_option(value: str | None) -> int | str | None:
    """``:seat:``: a seat number, ``spectator`` (also ``none`` or empty), or ``None`` when
    the block has no such option (the acting seat is drawn)."""
    if value is None:
        return None
    if value.strip().lower() in ("", "none", SPECTATOR):
        return SPECTATOR
    if not is_number(value.strip(), 3):
        raise PictureError(f":seat: must be a seat number or {SPECTATOR}, not {value.strip()!r}")
    return int(value)


def acting_seat(state: Any) -> int | None:
    """The seat that acts last in the example: the seat of the last recorded action, or
    the seat to act when nothing was played yet (``None`` when there is neither)."""
    actions = state.record().get("actions") or []
    for action in reversed(actions):
        head = str(action).split(":", 1)[0]
        if head.isdigit():
            return int(head)
    to_act = getattr(state, "to_act", None)
    return to_act if isinstance(to_act, int) and not isinstance(to_act, bool) else None


def viewer(state: Any, seat: int | str | None) -> int | None:
    """The seat whose view a picture shows: ``seat`` as the block says, the acting seat
    when it says nothing, ``None`` (the spectator) for ``spectator``."""
    if seat is None:
        return acting_seat(state)
    return None if seat == SPECTATOR else int(seat)


def page_pictures(text: str) -> dict[str, PictureSpec]:
    """Every ``{table-picture}`` block of a rulings page, by the ruling it is under."""
    found: dict[str, PictureSpec] = {}
    doctests: list[str] = []
    ruling = ""
    fence: str | None = None
    kind = ""
    head = ""
    body: list[str] = []
    for line in text.splitlines():
        if fence is None:
            m = _HEADING.match(line)
            if m:
                ruling = m.group(1)
            f = _FENCE.match(line.strip())
            if f:
                fence, kind, head, body = f.group(1), f.group(2) or "doctest", f.group(3) or "", []
            continue
        if line.strip() != fence:
            body.append(line)
            continue
        fence = None
        if kind == "doctest":
            doctests.append("\n".join(body))
        elif kind == "table-picture" and ruling:
            options: dict[str, str] = {}
            content: list[str] = []
            for raw in body:
                o = _OPTION.match(raw)
                if o and not content:
                    options[o.group(1)] = o.group(2)
                else:
                    content.append(raw)
            code = "\n".join(content).strip()
            mode = options.get("from") or ("code" if code else "example")
            if mode not in MODES:
                raise PictureError(f"{ruling}: :from: must be one of {', '.join(MODES)}")
            found[ruling] = PictureSpec(ruling, head.strip(), code, mode,
                                        seat_option(options.get("seat")),
                                        options.get("caption", "").strip(), tuple(doctests))
    return found


def ruling_picture(game: str, ruling: str) -> tuple[Any, int | None, PictureSpec] | None:
    """The state a ruling's picture shows, the seat it is seen from and its block, or
    ``None`` when the ruling has no picture."""
    from tablegames.common.rulings import rulings_page

    spec = page_pictures(rulings_page(game).read_text("utf-8")).get(ruling)
    if spec is None:
        return None
    state = state_for(spec.game or game, spec.mode, spec.text, spec.earlier)
    return state, viewer(state, spec.seat), spec
