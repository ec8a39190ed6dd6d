"""Keeping the catalogues: which messages each game's presenter can say, and the ``.po`` files.

``python -m tablegames.table.catalogues`` (a maintainer's tool; needs Babel) rewrites every
``tablegames/locale/<lang>/LC_MESSAGES/<domain>.po`` so it holds exactly the messages in
use: new ids are added untranslated, ids no longer said are dropped, translations are
kept. The messages come from two sources, because a presenter builds some ids from a
table (action labels, Dallah's card names):

* Babel's extractor over the source (``msg``, ``plural``, and the front ends' ``w(...)``,
  ``w.n(...)``);
* every model and event sentence of seeded games played with every option on
  (:func:`sample_games`), which also gives the ids read from tables at run time;
* the words of each house rule (:func:`option_ids`), read from the game's ``Rules``;
* the words of each named variant and bot a table can pick (:func:`choice_ids`), read
  from the game's registry entry and :mod:`tablegames.bots.registry`.

A game's rulings (:func:`ruling_ids`) and refusals (:func:`refusal_ids`) have a domain
each, their ids read from the rulings page and the refusal table themselves.

``tests/render/test_catalogues.py`` fails when a message is missing from any catalogue a
game uses.
"""

from __future__ import annotations

import datetime
import random
from collections.abc import Iterator, Mapping
from pathlib import Path
from types import ModuleType
from typing import Any

from tablegames.table.model import is_msg

ROOT = Path(__file__).resolve().parent.parent
LOCALE = ROOT / "locale"
#: House rules with every option of each game on (what the samples and the view-key test play).
ALL_OPTIONS: dict[str, dict[str, Any]] = {
    "toepen": {"bluff_takes_back": True, "fold_withdraws": True, "second_exchange": True,
               "double_knock": True, "jack_doubles": True, "limit": 6, "ending": "elimination"},
    "phase10": {"phase_choice": True, "wild_groups": "open", "naturals": "phase",
                "phases": ["set3+set3", "run4", "colour4", "set2+set2"], "hand_size": 7,
                "discard_taken": False, "action_limit": 150},
    "shithead": {"swap_mode": "simultaneous", "cut_in": True, "rounds": 2, "action_limit": 150},
    "dallah": {},
}
#: The languages each domain is translated into (English is the ids themselves).
DOMAIN_LANGS: dict[str, tuple[str, ...]] = {
    "tablegames": ("en", "ar", "nl", "da"), "toepen": ("en", "ar", "nl"),
    "phase10": ("en", "ar", "da"), "shithead": ("en", "ar"), "dallah": ("en", "ar"),
    # a game's rulings as a player reads them (the terminal game's help screen), in the
    # game's own languages: see :func:`ruling_ids`
    "toepen_rulings": ("en", "ar", "nl"), "phase10_rulings": ("en", "ar", "da"),
    "shithead_rulings": ("en", "ar"), "dallah_rulings": ("en", "ar"),
    # why a move is refused, in the game's own languages: see :func:`refusal_ids`
    "toepen_refusals": ("en", "ar", "nl"), "phase10_refusals": ("en", "ar", "da"),
    "shithead_refusals": ("en", "ar"), "dallah_refusals": ("en", "ar"),
    # the ``tablegames`` command's own words (help, usage errors, its refusals): every
    # word in Arabic; in Dutch and Danish those of the commands that take them
    # (``play`` and the top-level command): see :func:`cli_ids`
    "cli": ("en", "ar", "nl", "da"),
}
#: Where the front ends' own words are (the ``tablegames`` domain).
FRONT_ENDS = ("server", "render", "tui", "table")
#: Files of a front end whose words are the ``tablegames`` command's (the ``cli`` domain,
#: :func:`cli_ids`), not the shared ones: the labels of ``tablegames rulings``.
COMMAND_FILES = (ROOT / "render" / "terminal.py",)

Id = tuple[str, str | None]
_EPOCH = datetime.datetime(2026, 1, 1, tzinfo=datetime.UTC)


def ids_in(model: Any) -> Iterator[Id]:
    """Every message id (with its plural id) in a model, an event sentence or a list."""
    if is_msg(model):
        yield model["msg"], model.get("plural")
        for v in model["args"].values():
            yield from ids_in(v)
    elif isinstance(model, Mapping):
        for v in model.values():
            yield from ids_in(v)
    elif isinstance(model, list):
        for v in model:
            yield from ids_in(v)


def sample_games(game: str, *, games: int = 6, steps: int = 400) -> Iterator[tuple[Any, list[Any]]]:
    """``(state, events)`` after every action of a few seeded random games of ``game``."""
    import tablegames

    for seed in range(games):
        rules = ALL_OPTIONS.get(game, {}) if seed % 2 == 0 else None
        state = tablegames.new_game(game, players=3 + seed % 2, seed=seed, rules=rules)
        rng = random.Random(seed)
        yield state, []
        for _ in range(steps):
            if state.is_over:
                break
            events = state.apply(rng.choice(state.legal_actions()))
            yield state, events


def used_ids(game: str) -> set[Id]:
    """The ids ``game``'s presenter says in its sample games and in its source."""
    import tablegames
    from tablegames.table import presenter_of

    p = presenter_of(game)
    found: set[Id] = set()
    for state, events in sample_games(game):
        for seat in [None, *range(len(state.players))]:
            view = state.view(seat)
            found.update(ids_in(p.table(view)))
            for e in events:
                found.update(ids_in(p.event(e.for_seat(seat), view)))
    info = tablegames.GAMES[game]
    source = Path(__import__(info.presenter.table.__module__, fromlist=["_"]).__file__ or "")
    found.update(_extract([source]))
    found.update(option_ids(game))
    found.update(choice_ids(game))
    return found


def option_ids(game: str) -> set[Id]:
    """The words of ``game``'s house rules where a table chooses them (each option's label,
    help and choices, :class:`~tablegames.common.rules.OptionText`), read from the fields
    of its ``Rules`` class: an option reworded there is a new id of the game's domain,
    untranslated until a translator has read it."""
    import attrs

    import tablegames
    from tablegames.common.rules import option_text

    found: set[Id] = set()
    for field in attrs.fields(tablegames.GAMES[game].rules_class):
        text = option_text(field)
        if text is not None:
            found.update((t, None) for t in (text.label, text.help, *text.choices.values()))
    return found


def choice_ids(game: str) -> set[Id]:
    """The words of ``game``'s named variants (``GameInfo.variant_texts``) and of the
    library's bots for it: each one's label and help. The bots are those every game has
    (:data:`~tablegames.bots.registry.GENERIC_TEXTS`) and the game's own
    (``GameInfo.bot_texts``); a bot registered from elsewhere is left out: its words are
    its own, and no catalogue of the library could hold them."""
    import tablegames
    from tablegames.bots.registry import GENERIC_TEXTS

    info = tablegames.GAMES[game]
    texts = [*info.variant_texts.values(), *GENERIC_TEXTS.values(), *info.bot_texts.values()]
    return {(t, None) for text in texts for t in (text.label, text.help)}


def ruling_ids(game: str) -> set[Id]:
    """The texts of ``game``'s rulings a player reads (each ruling's title, rule and
    example at the table, as :func:`~tablegames.common.rulings.player_texts` cuts them
    from the rulings page), the ids of its ``<game>_rulings`` domain. The page stays the
    one source: a ruling reworded there is a new id here, untranslated until a translator
    has read it (``tests/render/test_catalogues.py`` fails until then)."""
    from tablegames.common.rulings import load_rulings, player_texts

    return {(text, None) for r in load_rulings(game) for text in player_texts(r)}


def refusals_module(game: str) -> ModuleType | None:
    """``game``'s table of refusals: the ``refusals`` module beside its state (``None``
    for a game without one)."""
    import importlib

    import tablegames

    state = tablegames.GAMES[game].state_class
    if state is None:
        return None
    try:
        return importlib.import_module(state.__module__.rpartition(".")[0] + ".refusals")
    except ModuleNotFoundError:
        return None


def refusal_ids(game: str) -> set[Id]:
    """The ids of ``game``'s ``<game>_refusals`` domain: every template of its table of
    refusals (``TABLE``) and every phrase its refusals fill in (``PHRASES``: the words
    that are no name, card or number, :class:`~tablegames.common.refusals.Phrase`), a
    counted one with its plural form (a catalogue entry with a form per number). Read
    from the table itself, so a template reworded there is a new id, told in English
    until a translator has read it (``tests/render/test_refusal_catalogues.py``)."""
    module = refusals_module(game)
    if module is None:
        return set()
    ids: set[Id] = {(row.template, row.plural) for row in module.TABLE.values()}
    ids.update((p.template, p.plural) for p in getattr(module, "PHRASES", {}).values()
               if p.template)
    return ids


def cli_ids() -> set[Id]:
    """The ids of the ``cli`` domain: the ``tablegames`` command's help and refusals
    (``w(...)`` in :mod:`tablegames.cli`), argparse's own messages
    (:data:`tablegames.cliwords.ARGPARSE_IDS`), marked in :mod:`tablegames.cliwords`, the
    labels of ``tablegames rulings`` (:mod:`tablegames.render.terminal`), the
    reports of ``simulate`` and ``arena`` (:mod:`tablegames.simulation`,
    :mod:`tablegames.bots.matches`) and the names of each game's measures, which the
    simulation's report counts (``GameInfo.measures``, read from the registry)."""
    import tablegames

    measures = {(label, None) for name in tablegames.GAMES
                for label in tablegames.GAMES[name].measures}
    return measures | _extract([ROOT / "cli.py", ROOT / "cliwords.py", ROOT / "simulation.py",
                                ROOT / "bots" / "matches.py", *COMMAND_FILES])


def front_end_ids() -> set[Id]:
    """The ids of the front ends' own words (chrome, captions)."""
    return _extract([p for d in FRONT_ENDS for p in (ROOT / d).glob("*.py")
                     if p not in COMMAND_FILES])


def _extract(paths: list[Path]) -> set[Id]:
    from babel.messages.extract import extract

    keywords = {"msg": None, "plural": (1, 2), "w": None, "n": (1, 2), "N_": None, "Np_": (1, 2)}
    out: set[Id] = set()
    for path in paths:
        with path.open("rb") as f:
            for _line, text, _comments, _ctx in extract("python", f, keywords=keywords):
                if isinstance(text, tuple):
                    if text[0] and text[1]:
                        out.add((text[0], text[1]))
                elif text:
                    out.add((text, None))
    return out


def write(domain: str, ids: set[Id]) -> None:
    """Rewrite ``domain``'s catalogues to hold exactly ``ids``, keeping translations."""
    from babel.messages.catalog import Catalog
    from babel.messages.pofile import read_po, write_po

    for lang in DOMAIN_LANGS[domain]:
        path = LOCALE / lang / "LC_MESSAGES" / f"{domain}.po"
        old = None
        if path.is_file():
            with path.open("rb") as f:
                old = read_po(f, locale=lang, domain=domain)
        # fixed dates and header: a catalogue changes only when its messages do
        cat = Catalog(locale=lang, domain=domain, project="tablegames", version="1",
                      copyright_holder="tablegames developers", fuzzy=False,
                      creation_date=_EPOCH, revision_date=_EPOCH,
                      last_translator="tablegames developers", language_team=lang)
        for text, plural_text in sorted(ids, key=lambda i: i[0]):
            msgid: Any = (text, plural_text) if plural_text else text
            prev = old.get(text) if old is not None else None
            string: Any = prev.string if prev is not None else ("" if not plural_text else ())
            if plural_text and not isinstance(string, tuple):
                string = ()
            if not plural_text and isinstance(string, tuple):
                string = ""
            cat.add(msgid, string)
        path.parent.mkdir(parents=True, exist_ok=True)
        with path.open("wb") as f:
            write_po(f, cat, width=100, omit_header=False, sort_output=True)


def main() -> None:
    """Rewrite every catalogue from the messages in use."""
    import tablegames

    for game in tablegames.GAMES:
        if game in DOMAIN_LANGS:
            write(game, used_ids(game))
        if f"{game}_rulings" in DOMAIN_LANGS:
            write(f"{game}_rulings", ruling_ids(game))
        if f"{game}_refusals" in DOMAIN_LANGS:
            write(f"{game}_refusals", refusal_ids(game))
    write("tablegames", front_end_ids())
    write("cli", cli_ids())


if __name__ == "__main__":
    main()
