"""Snapshots of what every front end draws, per game and language (checked in, diffed in CI).

``python -m tests.render.snapshots`` rewrites ``tests/render/snapshots/<game>.<lang>.txt``;
``test_snapshots.py`` fails on any difference. Each file holds, for one seeded game of
30 random legal actions seen by seat 0: every event sentence told to that seat, then the
table model in words, the server's page, the terminal's text and the SVG picture.
"""

from __future__ import annotations

import io
import json
import random
from pathlib import Path

from rich.console import Console

import tablegames
from tablegames import render
from tablegames.server.page import build, context, describe_events
from tablegames.table import present
from tablegames.table.i18n import langs_of, localize, words_for
from tablegames.tui.screen import Screen
from tablegames.tui.words import Narrator

HERE = Path(__file__).parent / "snapshots"
GAMES = ("toepen", "phase10", "shithead", "dallah")
STEPS = 30


def cases() -> list[tuple[str, str]]:
    return [(game, lang) for game in GAMES for lang in langs_of(game)]


def make(game: str, lang: str) -> str:
    state = tablegames.new_game(game, players=["Amal", "Bo", "Cy"], seed=11)
    rng = random.Random(11)
    told: list[str] = []  # by the server (bidi-isolated in Arabic: a browser draws them)
    heard: list[str] = []  # by the terminal's narrator (no isolates: terminals lack them)
    narrator = Narrator(game, list(state.players), 0, lang=lang)
    for _ in range(STEPS):
        if state.is_over:
            break
        events = state.apply(rng.choice(state.legal_actions()))
        mine = [dict(e.for_seat(0), version=e.version) for e in events if e.visible_to(0)]
        told += [line["text"] for line in describe_events(mine, context(state, 0, lang))]
        heard += [str(line) for e in mine if (line := narrator.say(e, state.view(0))) is not None]
    view = state.view(0)
    model = localize(present(view), words_for(lang, game))
    out = io.StringIO()
    Screen(Console(file=out, width=110, color_system=None), game, lang=lang).draw(
        view, heard[-6:], None)
    parts = [
        "== events told to seat 0", *told,
        "== table model", json.dumps(model, ensure_ascii=False, indent=1),
        "== server page", json.dumps(build(state, 0, lang, format=1),  # the page of format 1,
                                      ensure_ascii=False, indent=1),  # as every release drew it
        "== terminal", out.getvalue().rstrip(),
        "== svg", render.svg(view, lang=lang),
    ]
    return "\n".join(parts) + "\n"


def main() -> None:
    HERE.mkdir(exist_ok=True)
    for game, lang in cases():
        (HERE / f"{game}.{lang}.txt").write_text(make(game, lang), "utf-8")


if __name__ == "__main__":
    main()
