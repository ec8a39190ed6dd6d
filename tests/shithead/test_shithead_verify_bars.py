"""``verify=True`` refuses any edit of ``bars``, and verifies a round an older engine
opened as that engine opened it (helper-140).

A save's ``bars`` say which cards each unseen hand card cannot be (:mod:`tablegames.
shithead.inference`). Engine 7's start also bars the earlier suits of the rank the
starter shows (SHD-04); engines up to 6 did not. ``verify`` used to compare a replay's
bars by whole values whenever the save's bars held whole values only, so deleting the
start's suit bar from an engine-7 save went unnoticed; and an engine-6 save whose
starter had played a drawn card of an earlier suit of the shown rank, while cards dealt
to it were still unseen, did not verify (today's engine frees another slot then).

Now a save by engine 6 or older is compared with its history replayed as that engine
opened the round, and a save by engine 7 with today's replay, exactly. The data:
``data/engine6_saves.json`` and ``data/engine6_verify_saves.json``, both written by the
engine-6 code (commit da7fdfb; see ``data/README.md``).
"""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path

import pytest

import tablegames
from tablegames import StateError, shithead
from tablegames.common.bots import RandomBot
from tablegames.shithead.bots import SmartBot
from tablegames.shithead.cards import VALUE
from tests.upgrades import OLDER_ROUND, plays_on

ruling = pytest.mark.ruling
DATA = Path(__file__).parent / "data"
OLD: dict[str, str] = {
    o["kind"]: o["save"]
    for name in ("engine6_saves.json", "engine6_verify_saves.json")
    for o in json.loads((DATA / name).read_text())
}
CONTRADICTS = "contradicts its own history"


def _opening() -> str:
    """Engine 7, five seats, play just opened: the starter showed the 2♥, so its two
    unseen cards are barred the ace and the 2♣ and 2♦ (single cards), the seats ahead of
    it in the tie order the aces and 2s, the others the aces."""
    s = shithead.new_game(players=5, seed=43, rules={"lead_shown": True, "swap": False})
    assert s.bars[s.starter] == (0b111111, 0b111111)
    return s.to_json()


def _midway() -> str:
    """Engine 7, three seats, seeded random play: after a forced pick-up, the starter
    (which showed the A♥) still holds a dealt card barred the A♣ and A♦ and a drawn one
    barred the values the pick-up ruled out."""
    s = shithead.new_game(players=3, seed=27)
    bot = RandomBot(27)
    for _ in range(16):
        s.apply(bot.choose(s))
    assert s.bars[s.starter] == (4487102657990643, 4487102657990640)
    return s.to_json()


SAVES = {"engine7_opening": _opening(), "engine7_midway": _midway(),
         **{f"engine6_{kind}": text for kind, text in OLD.items()}}


def _edits(text: str) -> Iterator[tuple[str, str]]:
    """Each edit of one bar of the save, with its kind: every bit of every bar set or
    cleared (an engine-6 bar holds values 1 to 13, engine 7's cards 0 to 51), and every
    bar changed to another bar of the save."""
    data = json.loads(text)
    bars = data["state"]["bars"]
    bits = range(52) if data["engine"] == 7 else range(1, 14)
    others = {m for slots in bars for m in slots}
    for p, slots in enumerate(bars):
        for i, m in enumerate(slots):
            edits = [("added" if not m >> b & 1 else "deleted", m ^ 1 << b) for b in bits]
            edits += [("changed", o) for o in sorted(others - {m})]
            for kind, new in edits:
                edited = json.loads(text)
                edited["state"]["bars"][p][i] = new
                yield kind, json.dumps(edited)


@ruling("SHD-04", "SHD-08")
@pytest.mark.parametrize("name", sorted(SAVES))
def test_every_edit_of_a_bar_is_refused_by_verify(name: str) -> None:
    """The save as written verifies; each edit of a bar that still loads (an edit that
    no hand could fit is refused by the load itself) is refused by ``verify=True`` with
    the same ``StateError`` as an edit of any other field. Each kind of edit (a bar
    deleted, added, changed) is met at least once."""
    text = SAVES[name]
    shithead.State.from_json(text, verify=True)
    met: dict[str, int] = {}
    for kind, edited in _edits(text):
        try:
            shithead.State.from_json(edited)
        except StateError:
            continue
        with pytest.raises(StateError, match=CONTRADICTS):
            shithead.State.from_json(edited, verify=True)
        met[kind] = met.get(kind, 0) + 1
    assert set(met) == {"added", "deleted", "changed"}, met


@ruling("SHD-04")
def test_a_deleted_suit_bar_is_refused_saying_whose_bars_those_are() -> None:
    """The start's suit bar deleted from every unseen card of the starter: the bars are
    then those engine 6 would have laid, which today's engine never lays. The save does
    not say which engine opened its round, so the refusal names both readings."""
    data = json.loads(SAVES["engine7_opening"])
    data["state"]["bars"][2] = [0b1111, 0b1111]  # the aces only: no 2♣, 2♦
    edited = json.dumps(data)
    shithead.State.from_json(edited)
    with pytest.raises(StateError, match=f"{OLDER_ROUND}.*saved again by this one"):
        shithead.State.from_json(edited, verify=True)


@ruling("SHD-04")
def test_an_engine_6_save_whose_starter_played_a_drawn_earlier_suit_verifies() -> None:
    """Four seats, seed 5: P2 swapped the 2♠ up into its hand and showed it; it then
    played the 6♣ (drew a card) and the 2♥ it drew, while one card dealt to it was
    still unseen. Engine 6 freed that dealt card's slot, the only one barred (the ace);
    today's engine, whose dealt slot bars the 2♥ too, frees the drawn one's. Its history
    replayed as engine 6 opened the round gives the saved bars, so the save verifies
    (before helper-140 it was refused); today's plain replay gives other bars."""
    s = shithead.State.from_json(OLD["drawn_earlier_suit"], verify=True)
    assert [str(a) for a in s.history][-1] == "2:play 2h" and s.starter == 2
    assert s.bars[2] == (0, 0)
    today = tablegames.replay(s.record())
    assert today.view(None) == s.view(None)
    assert today.bars[2] == (0b1111111, 0)  # the ace and the 2♣, 2♦, 2♥ barred
    plays_on(s, RandomBot(9), older_round=OLDER_ROUND)


@ruling("SHD-04")
def test_a_round_an_old_engine_opened_saved_again_verifies_from_its_next_round() -> None:
    """An engine-6 save of a two-round match, saved as play opened (its starter showed
    the A♦): it verifies. Saved again by today's engine its history no longer replays to
    its bars (today's start bars the A♣ too), and ``verify`` says so rather than
    "tampered with?"; once the next round is dealt every save verifies again."""
    s = shithead.State.from_json(OLD["match_opening"], verify=True)
    assert s.rules.rounds == 2 and s.round == 0
    shown = min(s.known_cards[s.starter])
    assert VALUE[shown] == 1 and shown % 4 == 1  # the A♦
    refused = verified = 0
    bot = SmartBot(4)
    for _ in range(400):
        if s.is_over:
            break
        text = s.to_json()
        if s.round == 0:
            try:
                shithead.State.from_json(text, verify=True)
            except StateError as exc:
                assert OLDER_ROUND in str(exc)
                refused += 1
        else:
            shithead.State.from_json(text, verify=True)
            verified += 1
        s.apply(bot.choose(s))
    assert refused and verified

