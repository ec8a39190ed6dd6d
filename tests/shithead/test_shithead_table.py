"""The effects table: card-on-pile legality for every value on every pile, both tables,
and the validation of tables and rules."""

from __future__ import annotations

import pytest

from tablegames import RulesError, shithead
from tablegames.common.fields import put
from tablegames.common.rules import rules_from_dict, rules_to_dict
from tablegames.shithead.cards import pack
from tablegames.testing import assert_refused

from .helpers import game, names, seat

ruling = pytest.mark.ruling

# Rows: the pile's effective top value (0: an open pile); columns: the card played,
# A (1) to K (13). "x" = may be played. The standard table ranks the ace low, the
# classic one high; a top that restricts (the standard 5, the classic 7) lists exactly
# what may go on it, the play-on-anything cards included.
LEGAL = {
    "standard": {
        0: "xxxxxxxxxxxxx", 1: "xxxxxxxxxxxxx", 2: ".xxxxxxxxxxxx",
        3: ".xxxxxxxxxxxx", 4: ".xxxxxxxxxxxx", 5: "xxxxx...xx...",
        6: ".xx..xxxxxxxx", 7: ".xx...xxxxxxx", 8: ".xx....xxxxxx",
        9: ".xx.....xxxxx", 10: ".xx.....xxxxx", 11: ".xx.....xxxxx",
        12: ".xx.....xx.xx", 13: ".xx.....xx..x",
    },
    "classic": {
        0: "xxxxxxxxxxxxx", 1: "xxx......x...", 2: "xxxxxxxxxxxxx",
        3: "xxxxxxxxxxxxx", 4: "xxxxxxxxxxxxx", 5: "xxx.xxxxxxxxx",
        6: "xxx..xxxxxxxx", 7: ".xxxxxx..x...", 8: "xxx....xxxxxx",
        9: "xxx.....xxxxx", 10: "xxx......xxxx", 11: "xxx......xxxx",
        12: "xxx......x.xx", 13: "xxx......x..x",
    },
}


@ruling("SHD-05", "SHD-20", "SHD-21", "SHD-24", "SHD-26", "SHD-27")
@pytest.mark.parametrize("variant", ["standard", "classic"])
def test_card_on_pile_table(variant: str) -> None:
    rules = shithead.Rules.variant(variant)
    table = shithead.compile_table(rules.effects, rules.aces)
    for top, row in LEGAL[variant].items():
        got = "".join("x" if table.can_play_on(v, top) else "." for v in range(1, 14))
        assert got == row, f"{variant} top {top}"


@ruling("SHD-05", "SHD-21", "SHD-26")
@pytest.mark.parametrize("variant", ["standard", "classic"])
def test_engine_offers_exactly_the_table_on_every_one_card_pile(variant: str) -> None:
    base = game(seat("9c 9d 9h", "4c 4d 4h", "2c 6d Qc"), seat("7c 7d 7h", "8c 8h 8s", "3s 6s Jd"),
                rules=variant)
    spade = pack().code
    for top in range(1, 14):
        key = 0 if top == 2 else top  # a lone zero-it counts 0; any other card its value
        for v in range(1, 14):
            s = base.copy()
            s.hands = put(s.hands, 0, (spade(f"{v}s") if v != top else spade(f"{v}h"),))
            s.pile = (spade(f"{top}s"),)
            s.top = s.table.top_of(s.pile)
            offered = str(s.legal_actions()[0])
            expected = LEGAL[variant][key][v - 1] == "x"
            assert (offered != "0:pickup") == expected, f"{variant}: {v} on {top}"


@ruling("SHD-21")
def test_restrictions_are_rows_of_the_table() -> None:
    strict = shithead.Rules.variant("classic-strict-seven")
    table = shithead.compile_table(strict.effects, strict.aces)
    assert not table.can_play_on(10, 7) and table.can_play_on(10, 8)  # no 10 on a 7
    odd = shithead.Rules.variant("classic-odd-nine")
    table = shithead.compile_table(odd.effects, odd.aces)
    assert [v for v in range(1, 14) if table.can_play_on(v, 9)] == [3, 5, 7, 9]
    assert table.restriction(9) == "only 3, 5, 7, 9"
    house = shithead.Rules(effects=(shithead.Effect(6, playable_on_me=[6, 4, 5]),))
    table = shithead.compile_table(house.effects, house.aces)
    assert table.restriction(6) == "only 4, 5, 6" and not table.can_play_on(13, 6)


def test_default_table_is_the_documented_one() -> None:
    table = {e.value: e.does for e in shithead.Rules().effects}
    assert table == {2: "reset", 3: "under_over", 5: "plain", 7: "reverse", 8: "skip",
                     9: "transparent", 10: "burn", 13: "give"}
    assert shithead.Rules().effect(5).playable_on_me == "lower"
    classic = shithead.Rules.variant("classic")
    assert {e.value: e.does for e in classic.effects} == {
        2: "reset", 3: "transparent", 7: "plain", 8: "skip", 10: "burn"}
    assert classic.effect(7).playable_on_me == "lower"
    assert classic.aces == "high" and classic.burn_run == 4 and shithead.Rules().aces == "low"
    assert shithead.Rules().effect(4) == shithead.Effect(4)


@pytest.mark.parametrize("bad", [
    {"effects": [{"value": 2, "does": "zap"}]},
    {"effects": [{"value": 2, "does": "burn", "multiples": "each"}]},
    {"effects": [{"value": 14, "does": "burn"}]},
    {"effects": [{"value": 0}]},
    {"effects": [{"value": 2}, {"value": 2, "does": "burn"}]},
    {"effects": [{"value": 2, "on": "sometimes"}]},
    {"effects": [{"value": 2, "colour": "red"}]},
    {"effects": "2 reset"},
    {"decks": 4},
    {"direction": "up"},
    {"burn_run": 1},
    {"action_limit": 10},
    {"swap": "yes"},
    {"cards": 52},
    {"effects": [{"value": 7, "playable_on_me": []}]},
    {"effects": [{"value": 7, "playable_on_me": [14]}]},
    {"effects": [{"value": 7, "playable_on_me": ["7"]}]},
    {"effects": [{"value": 7, "playable_on_me": [True]}]},
    {"effects": [{"value": 7, "playable_on_me": 7}]},
    {"effects": [{"value": 5, "does": "five_or_less"}]},
    {"aces": "middle"},
    {"swap_mode": "sometimes"},
    {"cut_in": 1},
    {"skips": "players"},
    {"scoring": "points"},
])
def test_bad_tables_and_options_are_refused(bad: dict[str, object]) -> None:
    with pytest.raises(RulesError):
        rules_from_dict(shithead.Rules, bad)
    with pytest.raises(RulesError):
        shithead.new_game(players=2, rules=bad)


def test_effect_rows_validate_on_construction() -> None:
    with pytest.raises(RulesError):
        shithead.Effect(3, "burn", "any", "each")
    with pytest.raises(RulesError):
        shithead.Rules(effects=(shithead.Effect(3), shithead.Effect(3, "burn")))
    with pytest.raises(RulesError):
        shithead.Rules.variant("chaos")


@pytest.mark.parametrize("name", sorted(shithead.VARIANTS))
def test_variants_round_trip_through_dicts(name: str) -> None:
    rules = shithead.Rules.variant(name)
    assert rules_from_dict(shithead.Rules, rules_to_dict(rules)) == rules
    s = shithead.new_game(players=2, seed=3, rules=name)
    assert shithead.State.from_json(s.to_json()).to_json() == s.to_json()


def test_rows_may_be_given_in_any_order_and_as_objects() -> None:
    a = shithead.Rules(effects=(shithead.Effect(8, "skip"), shithead.Effect(2, "reset", "any")))
    b = rules_from_dict(shithead.Rules, {"effects": [{"value": 2, "does": "reset", "on": "any"},
                                                     shithead.Effect(8, "skip")]})
    assert a == b and [e.value for e in a.effects] == [2, 8]


@ruling("SHD-21", "SHD-26")
@pytest.mark.parametrize(("variant", "legal"), [
    ("classic", ["1:play 6d", "1:play 10d"]),
    ("classic-strict-seven", ["1:play 6d"]),
])
def test_no_ten_on_an_effective_seven(variant: str, legal: list[str]) -> None:
    # a transparent 3 on the 7 leaves the 7 in force: the strict seven still refuses a 10
    s = game(seat("9♣ 9♦ 9♥", "4♣ 4♦ 4♥", "2♠ 7♣ J♣"), seat("Q♣ Q♦ Q♥", "8♣ 8♥ 8♠", "10♦ 6♦ Q♠"),
             seat("K♣ K♦ K♥", "5♣ 5♦ 5♥", "3♥ J♥ J♦"), rules=variant)
    s.apply("0:play 7c")
    s.apply("2:play 3h")
    assert s.view(None)["pile_top"] == "3♥" and s.view(None)["pile_value"] == 7
    assert names(s) == legal
    if "1:play 10d" not in legal:
        assert s.view(None)["restriction"] == "7 or less, not 10"
        assert "(7 or less, not 10)" in s.view(1)["prompt"]
        assert "10" not in s.view(None)["playable"]
        assert_refused(s, "1:play 10d", code="restricted", ruling="SHD-21")
        assert_refused(s, "1:play Qs", code="over_cap", ruling="SHD-21")
