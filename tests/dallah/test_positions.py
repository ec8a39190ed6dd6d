"""Dallah position text: random mid-game states round-trip (every phone and every legal
list identical), positions replay and log, and junk text is refused naming its line."""

from __future__ import annotations

import re

import pytest

from tablegames import PositionError, dallah, from_position, replay
from tablegames.common.rng import Rng
from tests.dallah.helpers import game, play, team_heavy_cards


def _phones(state: dallah.State) -> list[object]:
    """Everything every phone shows, in both languages (the version counts actions since
    the setup, so a state read from a position starts again at 0)."""
    out: list[object] = []
    for seat in (None, *range(state.n)):
        for lang in ("en", "ar"):
            v = state.view(seat, lang)
            v.pop("version")
            out.append(v)
        out.append([str(a) for a in state.legal_actions(seat)] if seat is not None else [])
    return out


@pytest.mark.parametrize("players", [2, 4, 7])
def test_random_mid_game_positions_round_trip(players: int) -> None:
    rng = Rng(players)
    checked = 0
    for seed in range(5):
        s = dallah.new_game(players, seed=seed,
                            held=[["ma_ysir"], ["ana_mali_dakhal"]] + [[]] * (players - 2))
        bot = dallah.ModelBot(seed)
        step = 0
        while not s.is_over:
            if step % 4 == 0:
                text = s.to_position()
                back = dallah.from_position(text)
                assert _phones(back) == _phones(s)
                assert back.to_position() == text
                if not s.is_over:  # the same next move leads to the same table
                    a = s.legal_actions()[rng.below(len(s.legal_actions()))]
                    twin = s.copy()
                    twin.apply(a)
                    back.apply(a)
                    assert back.to_position() == twin.to_position()
                checked += 1
            s.apply(bot.choose(s))
            step += 1
        assert dallah.from_position(s.to_position()).is_over
    assert checked > 50


@pytest.mark.parametrize("options", [
    {"full_zone": "cup_leaves", "swaps_per_turn": 3},
    {"late_falls": False, "swaps_per_turn": 0},
    {"cards": "team_heavy", "swaps_per_turn": 2},
])
def test_random_mid_game_positions_round_trip_with_options_on(options: dict[str, object]) -> None:
    """Any seat's legal action at random (late falls, swaps, several-cup reports' singles),
    under house rules and a changed card set: every few actions the position reads back to
    the same phones and legal lists, under the rules it names."""
    opts = dict(options)
    if opts.get("cards") == "team_heavy":
        opts["cards"] = team_heavy_cards()
    rules = dallah.Rules(**opts)  # type: ignore[arg-type]
    checked = 0
    for seed in range(3):
        s = dallah.new_game(4, seed=seed, rules=rules,
                            held=[["ma_ysir"], [], ["ana_mali_dakhal"], []])
        rng = Rng(f"pos-{seed}")
        while not s.is_over:
            if s.version % 3 == 0:
                back = dallah.from_position(s.to_position())
                assert back.rules == rules and _phones(back) == _phones(s)
                checked += 1
            pool = [a for seat in range(4) for a in s.legal_actions(seat)]
            moving = [a for a in pool if a.verb in ("draw", "roll", "settled")]
            pick = moving if moving and rng.below(4) else pool
            s.apply(pick[rng.below(len(pick))])
    assert checked > 20


def test_a_position_game_records_replays_and_logs() -> None:
    s = game(actions=["kheth", "place"], piles=[2, 0, 0], held=[[], ["ma_ysir"], []],
             placements=["lid"], rolls=["tall"])
    play(s, "0:draw", "0:target 1")
    start = from_position("dallah", s.to_position())
    play(start, "1:block", "1:draw", "1:roll", "1:settled")
    assert start.piles == (2, 0, 0) and start.view(None)["pot"]["lid"] == ["tall"]
    assert replay(start.record()).to_json() == start.to_json()
    assert [e["kind"] for e in start.log(1)][:2] == ["protect", "pile_action"]
    assert dallah.State.from_json(start.to_json(), verify=True).to_json() == start.to_json()


def test_shuffled_decks_and_edited_positions() -> None:
    s = game(actions=["place"], placements=["neck"], rolls=["tall"])
    play(s, "0:draw", "0:roll")
    lines = s.to_position().splitlines()
    edited = [("stock: shuffled" if x.startswith("stock:") else
               "placement_stock: shuffled" if x.startswith("placement_stock:") else
               "pot_lid: wide wide" if x.startswith("pot_lid:") else
               x.replace("wide=5", "wide=3")) for x in lines]
    t = dallah.from_position("\n".join(edited))
    assert sorted(t.stock) == sorted(s.stock)
    assert sorted(t.placement_stock) == sorted(s.placement_stock)
    assert t.view(None)["pot"]["lid"] == ["wide", "wide"] and t.shared_total() == 22
    assert "0:fell lid:wide" in t.view(0)["legal"]


def _replace(text: str, key: str, value: str) -> str:
    return "\n".join(f"{key}: {value}" if line.startswith(f"{key}:") else line
                     for line in text.splitlines())


@pytest.mark.parametrize(("key", "value", "message"), [
    ("pot_lid", "cube", "line 13: pot_lid: 'cube' is not a shape"),
    ("piles", "0 0", "piles: expected 3 entries, found 2"),
    ("shared", "tall=4", "shared: give all 6 shapes"),
    ("shared", "classic=5 tall=4 wide=5 tiny=5 twins=5 heavyweight=0 tall=1", "once"),
    ("card", "juggle", "card: 'juggle' is not a card"),
    ("held 1", "place", "Action cards do not add up"),
    ("stock", "place", "Action cards do not add up"),
    ("effects", "0>9:1", "names no seat"),
    ("effects", "0>1:1+sideways", "unknown flag"),
    ("last_turn", "0 place", "expected seat, card"),
    ("placer", "x", "placer: 'x' is not a seat"),
    ("released", "maybe", "expected yes or no"),
    ("report", "dance", "report: unknown value 'dance' (one of place, stunt, move)"),
    ("turn", "0", "turn: expected a turn's number from 1"),
    ("zone", "rim", "zone: 'rim' is not a zone of this card set"),
    ("rolls", "tall cube", "rolls: 'cube' is not a shape of this card set"),
    ("pot_neck", "tall tall", "cups do not add up"),
])
def test_junk_positions_are_refused_naming_the_problem(key: str, value: str,
                                                       message: str) -> None:
    s = game(actions=["place"], placements=["neck"], rolls=["tall"], held=[[], ["ma_ysir"], []])
    play(s, "0:draw", "0:roll")
    text = _replace(s.to_position(), key, value)
    with pytest.raises(PositionError, match=re.escape(message)):
        dallah.from_position(text)


@pytest.mark.ruling("DAL-40")
def test_a_held_action_card_is_refused_even_when_the_deck_adds_up() -> None:
    """The declared conservation (``CONSERVE``) runs first; an Action card moved from
    the deck into a hand conserves the deck and is refused by the hand rule."""
    s = game(actions=["place"], placements=["neck"], rolls=["tall"], held=[[], ["ma_ysir"], []])
    play(s, "0:draw", "0:roll")
    text = s.to_position()
    stock = next(x for x in text.splitlines() if x.startswith("stock:")).split()[1:]
    moved = next(w for w in stock if w not in ("ma_ysir", "ana_mali_dakhal"))
    rest = list(stock)
    rest.remove(moved)
    text = _replace(_replace(text, "held 1", f"ma_ysir {moved}"), "stock", " ".join(rest))
    with pytest.raises(PositionError, match=r"only protection cards are held \(DAL-40\)"):
        dallah.from_position(text)


def test_missing_and_unknown_lines_are_refused() -> None:
    text = game().to_position()
    with pytest.raises(PositionError, match="missing line 'piles'"):
        dallah.from_position("\n".join(x for x in text.splitlines()
                                       if not x.startswith("piles:")))
    with pytest.raises(PositionError, match="not part of this game"):
        dallah.from_position(text + "pot_nose: tall\n")
    with pytest.raises(PositionError, match="game"):
        from_position("dallah", text.replace("game: dallah", "game: toepen"))
    with pytest.raises(PositionError):
        dallah.from_position("not a position")
    with pytest.raises(PositionError, match="2 to 8"):
        dallah.from_position("\n".join(x for x in text.splitlines()
                                       if not x.startswith(("player 1", "player 2"))))


def test_positions_written_before_the_declared_lines_still_load() -> None:
    """Position texts written by the code before its lines came from the field
    declarations (``data/positions_v4.json``, many random games) still load, to the
    very same fields (``turn`` counted from 0 by that engine), and are written back
    byte for byte (the lines no kind can say are ``POSITION_OWN``, the rest come from
    the declarations)."""
    import json
    from pathlib import Path

    from tablegames import dallah as game
    from tablegames.common.serialization import dumps
    from tests.dallah.helpers import engine_3_fields

    cases = json.loads((Path(__file__).parent / "data" / "positions_v4.json").read_text())
    assert len(cases) > 25
    for case in cases:
        state = game.from_position(case["position"])
        assert dumps(engine_3_fields(state)) == case["fields"]
        assert state.to_position() == case["position"]  # the same lines, byte for byte
        again = game.from_position(state.to_position())
        assert dumps(engine_3_fields(again)) == case["fields"]
