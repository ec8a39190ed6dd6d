"""Notation is ASCII: a letter that only turns into one when Python changes its case is
refused (helper-148's audit).

Verbs were looked up by ``verb.lower()``, cards by ``text.upper()`` and Dallah's ids by
``text.lower()``; Unicode maps a few non-ASCII letters to ASCII ones that way (the Kelvin
sign ``K`` lowers to ``k``, the long s ``ſ`` uppers to ``S``, ``ﬆ`` to ``ST``), so
``apply("0:\\u212aeep")`` kept Toepen's hand and ``"0:play 5ſ"`` played Shithead's five of
spades: text a person reads as something else was taken as an action. Only ASCII letters
change case now; every such look-alike is a ``NotationError``.
"""

from __future__ import annotations

import random

import pytest

import tablegames
from tablegames import NotationError
from tablegames.common.registry import GAMES

#: Every character outside ASCII that Python's case changes turn into ASCII text.
LOOKALIKES = {ch: {f(ch) for f in (str.lower, str.upper, str.casefold) if f(ch).isascii()}
              for ch in map(chr, range(0x80, 0x3_0000))}
LOOKALIKES = {ch: out for ch, out in LOOKALIKES.items() if out}


def _spoofs(text: str) -> list[str]:
    """``text`` with one run of its letters written as a look-alike that case changes
    read back as those letters (in either case)."""
    out = []
    for ch, reads in LOOKALIKES.items():
        for ascii_text in reads:
            for variant in {ascii_text, ascii_text.lower(), ascii_text.upper()}:
                at = text.find(variant)
                if at >= 0:
                    out.append(text[:at] + ch + text[at + len(variant):])
    return out


@pytest.mark.parametrize("game", ["toepen", "phase10", "shithead", "dallah"])
def test_a_lookalike_letter_in_notation_is_refused(game: str) -> None:
    info = GAMES[game]
    rng = random.Random(148)
    state = tablegames.new_game(game, players=3, seed=148)
    texts: set[str] = set()
    for _ in range(60):
        if state.is_over:
            break
        legal = state.legal_actions()
        texts.update(map(str, legal))
        state.apply(rng.choice(legal))
    spoofs = sorted({s for t in texts for s in _spoofs(t)})
    assert spoofs, "no notation of the game holds a letter a look-alike reads as"
    before = state.to_json()
    for text in spoofs:
        with pytest.raises(NotationError):
            info.parse_action(text)
        with pytest.raises(NotationError):
            state.apply(text)
        assert state.to_json() == before


def test_known_lookalikes_were_read_as_actions_and_are_refused_now() -> None:
    toepen = tablegames.new_game("toepen", players=3, seed=1)
    with pytest.raises(NotationError):
        toepen.apply("0:\u212aeep")
    assert toepen.version == 0
    for text in ("Qſ", "5ſ", "ﬆ"):
        with pytest.raises(NotationError):
            tablegames.shithead.code_of(text)
    # ASCII in any case still reads, as before
    assert tablegames.toepen.parse_action("0:KEEP") == tablegames.toepen.parse_action("0:keep")
    assert tablegames.shithead.code_of("qs") == tablegames.shithead.code_of("QS")
