"""What the guides and the house-rules page tell a player, checked against the engines
(found by helper-48: languages left out, option text at odds with the engine, code where
a player needs words)."""

from __future__ import annotations

import os
import re
import subprocess
import sys
from pathlib import Path

import bs4

from tablegames.common.registry import GAMES
from tablegames.common.rulings import load_rulings
from tablegames.table.i18n import langs_of

ROOT = Path(__file__).resolve().parents[2]
EXT = ROOT / "docs" / "_ext"
LANGUAGE_NAMES = {"ar": "Arabic", "nl": "Dutch", "da": "Danish"}
TITLES = {"toepen": "Toepen", "phase10": "Phase 10", "shithead": "Shithead",
          "dallah": "Dallah"}


def test_the_play_guide_names_every_language_and_its_games() -> None:
    text = (ROOT / "docs" / "guides" / "play.md").read_text(encoding="utf-8")
    bullet = re.search(r"^- \*\*Language\.\*\*(.*?)(?=^- |^#|\Z)", text, re.M | re.S)
    assert bullet is not None
    words = " ".join(bullet.group(1).split())
    games = [g for g in TITLES if g in GAMES]
    for lang, name in LANGUAGE_NAMES.items():
        playing = [g for g in games if lang in langs_of(g)]
        assert playing, lang
        said = re.search(rf"`{lang}` \({name}, ([^)]*)\)", words)
        assert said is not None, (lang, words)
        if len(playing) == len(games):
            assert said.group(1) == "all four games", said.group(1)
        else:
            assert said.group(1) == " and ".join(TITLES[g] for g in playing), said.group(1)


CONF = f"""
import sys
sys.path.insert(0, {str(EXT)!r})
extensions = ["myst_parser", "tablegames_docs"]
html_theme = "basic"
"""
PAGE = """# House rules

```{rules-table} tablegames.phase10.rules.Rules
```

```{rules-table} tablegames.shithead.rules.Rules
```

```{rules-table} tablegames.dallah.rules.Rules
```
"""


def house_rules_page(tmp_path: Path) -> tuple[str, str]:
    """The built page's text, and the text of its default and variant cells."""
    src = tmp_path / "src"
    src.mkdir()
    (src / "conf.py").write_text(CONF, encoding="utf-8")
    (src / "index.md").write_text(PAGE, encoding="utf-8")
    # a process of its own: a second Sphinx application in one process warns about every
    # node class the first registered, which other tests' builds count as a failure
    run = subprocess.run(
        [sys.executable, "-m", "sphinx", "-q", "-W", "-b", "html", str(src),
         str(tmp_path / "html")],
        env={**os.environ, "PYTHONPATH": str(ROOT)}, capture_output=True, text=True,
        timeout=600, check=False)
    assert run.returncode == 0, run.stderr[-3000:]
    page = bs4.BeautifulSoup((tmp_path / "html" / "index.html").read_text(encoding="utf-8"),
                             "html.parser")
    cells = page.find_all("td", class_=["tg-default", "tg-sets"])
    assert len(cells) > 30
    return (" ".join(page.get_text(" ").split()),
            " ".join(" ".join(c.get_text(" ").split()) for c in cells))


def test_the_house_rules_page_gives_options_in_words(tmp_path: Path) -> None:
    page, values = house_rules_page(tmp_path)
    # variants and defaults in words, not Python reprs or constant names
    for code in ("Effect(", "DEFAULT_EFFECTS", "STANDARD_PHASES", "DEFAULT_CARDS",
                 "CardSet(", "does=", "('set3"):
        assert code not in values, code
    assert ("2 zero-it (on anything); 3 under-over (on anything, each card of a set acts); "
            "5-or-less; 7 reverse") in page
    assert "9: only 3, 5, 7, 9 may follow" in page        # classic-odd-nine
    assert "5-or-less (only on a lower card)" in page     # lower-only
    assert "10 phases: 1. set of 3 + set of 3; 2. set of 3 + run of 4;" in page
    assert "3 phases: 1. set of 3 + set of 3" in page     # the variant short
    assert "the standard cards" in page
    # Shithead decks: players per pack as SHD-02 says (5, 11, 17)
    assert "5 with one deck, 11 with two, 17 with three" in page
    assert "up to 5 players per deck" not in page
    # Phase 10 under phase_choice ends when someone has completed every phase (P10-53)
    assert "ends after the hand in which someone has completed every phase" in page


def test_p10_53_says_how_a_game_under_house_phases_ends() -> None:
    text = " ".join(next(r for r in load_rulings("phase10") if r.id == "P10-53").text.split())
    assert "the list's last phase" in text
    assert "it ends after the hand in which someone has completed every phase" in text
    p41 = " ".join(next(r for r in load_rulings("phase10") if r.id == "P10-41").text.split())
    assert "ends only when someone has completed every phase (P10-53)" in p41


def test_toepen_rulings_call_the_deal_to_last_trick_a_round() -> None:
    """The table says "Round" (Dutch "Potje") for a deal played out to its last trick
    (TOE-13, TOE-20), so the rulings do too; "hand" is the cards a player holds (a dirty
    hand, TOE-03). Found by helper-188: the page said "wins the hand" and "deals the next
    hand" while the screen said "Round"."""
    text = " ".join((ROOT / "tablegames" / "toepen" / "rulings.md")
                    .read_text(encoding="utf-8").split())
    unit = re.compile(r"\b(?:wins|deals|in|of|during|at the end of) the (?:next |whole )?hand\b"
                      r"|(?<!throws in )\b(?:the|a|this|that|each|every|next|last|poverty"
                      r"|per|same) hand(?:'s)?\b(?! (?:thrown|taken|they|that was|obliges))"
                      r"|\bhand is (?:worth|four)")
    found = [m.group(0) for m in unit.finditer(text)]
    assert found == [], found


def test_shd_04_says_the_dealer_counts_first_in_a_tie() -> None:
    text = " ".join(next(r for r in load_rulings("shithead") if r.id == "SHD-04").text.split())
    assert "the round's dealer counts first" in text
    assert "the order is 0, 3, 2, 1" in text


def test_a_skip_against_nobody_needs_a_written_position() -> None:
    """P10-24 and phase10/actions.py say ``discard S`` (default ``skip_target``) is never
    offered in play from a deal (found by helper-48); random games leaning on Skips."""
    import random

    from tablegames import phase10

    offered = with_skip = 0
    for game in range(40):
        state = phase10.new_game(players=2 + game % 5, seed=game)
        rng = random.Random(game)
        for _ in range(1000):
            if state.is_over:
                break
            actions = state.legal_actions()
            names = [str(a) for a in actions]
            offered += any(n.endswith("discard S") for n in names)
            skips = [a for a, n in zip(actions, names, strict=True) if " S>" in n]
            with_skip += bool(skips)
            state.apply(rng.choice(skips) if skips and rng.random() < 0.9
                        else rng.choice(actions))
    assert with_skip > 500 and offered == 0
    ruling = " ".join(next(r for r in load_rulings("phase10") if r.id == "P10-24").text.split())
    # the decision says it at the table's level, the code in the fold names the position
    assert "At the table that never comes about" in ruling
    assert "Only a position written by hand can reach it" in ruling
    doc = " ".join((phase10.actions.__doc__ or "").split())
    assert "play from a deal never gets there" in doc
    assert "a Skip when no seat can be skipped any more" not in doc


def test_the_command_page_shows_what_tablegames_games_prints() -> None:
    """The command page (helper-129) copies ``tablegames games``: the games, their player
    counts and bots, which change with the registry."""
    import io

    from tablegames.cli import main

    text = (ROOT / "docs" / "guides" / "cli.md").read_text(encoding="utf-8")
    block = re.search(r"```console\n\$ tablegames games\n(.*?)```", text, re.S)
    assert block is not None
    out = io.StringIO()
    assert main(["games"], out=out) == 0
    assert block.group(1) == out.getvalue()
