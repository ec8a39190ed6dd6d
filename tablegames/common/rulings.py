"""Read a game's rulings page (``tablegames/<game>/rulings.md``) as data.

The page is the single source for the rulings site, ``tablegames rulings GAME [ID]`` and
the anchors that :class:`~tablegames.common.errors.IllegalAction` points to, so the three
can never disagree. Each ruling is a section headed ``## <ID>: <title>``.
"""

from __future__ import annotations

import re
from importlib import resources
from importlib.abc import Traversable

import attrs

from tablegames.common.errors import SetupError

_HEADING = re.compile(r"^## ([A-Z0-9]+-\d\d): (.+)$", re.MULTILINE)


@attrs.frozen
class Ruling:
    """One ruling: its ID, title, explanation (with the decision) and example."""

    id: str
    title: str
    text: str
    example: str

    @property
    def anchor(self) -> str:
        """Path of the ruling on the rulings site."""
        return doc_anchor(self.id) or ""


def doc_anchor(ruling: str | None) -> str | None:
    """``"TOE-51"`` -> ``"rulings/toepen.html#TOE-51"`` (``None`` for unknown prefixes).

    The game is the registered one whose :attr:`~tablegames.common.protocol.GameInfo.ruling_prefix`
    is the ID's prefix, so a game registered later links its rulings the same way.
    """
    if not ruling or not isinstance(ruling, str):
        return None
    from tablegames.common.registry import GAMES

    info = GAMES.by_ruling_prefix(ruling.split("-", 1)[0])
    return f"rulings/{info.name}.html#{ruling}" if info is not None else None


def rulings_page(game: str) -> Traversable:
    """The rulings page of the registered game ``game``: ``rulings.md`` in its package (the
    package its registration comes from, or the nearest one above it that has the page)."""
    from tablegames.common.registry import GAMES, game_info

    game_info(game)  # an unknown game is a SetupError naming the known ones
    module = GAMES.source(game)
    while module:
        try:
            page = resources.files(module).joinpath("rulings.md")
        except (ModuleNotFoundError, TypeError):  # TypeError: a module, not a package
            page = None
        if page is not None and page.is_file():
            return page
        module = module.rpartition(".")[0]
    raise SetupError(f"no rulings page for {game!r}")


def load_rulings(game: str) -> list[Ruling]:
    """Every ruling on ``game``'s page, in page order."""
    return parse_rulings(rulings_page(game).read_text("utf-8"))


def parse_rulings(text: str) -> list[Ruling]:
    """Split a rulings page into rulings (see the module docstring for the format)."""
    marks = list(_HEADING.finditer(text))
    out = []
    for i, m in enumerate(marks):
        end = marks[i + 1].start() if i + 1 < len(marks) else len(text)
        body = text[m.end():end]
        body = re.sub(r"^\([A-Z0-9]+-\d\d\)=\s*$", "", body, flags=re.MULTILINE)
        prose, example = _split_example(body)
        out.append(Ruling(m.group(1), m.group(2).strip(), prose.strip(), example.strip()))
    return out


def _split_example(body: str) -> tuple[str, str]:
    """Separate the prose from the fenced examples (whose ``>>>`` lines are kept)."""
    prose: list[str] = []
    example: list[str] = []
    fence = False
    for line in body.splitlines():
        if line.strip().startswith("```"):
            fence = not fence
            continue
        (example if fence else prose).append(line)
    return "\n".join(prose), "\n".join(example)
