"""The effects table: card-on-pile legality for every value on every pile, both tables,
and the validation of tables and rules."""

from __future__ import annotations

import pytest

from tablegames import RulesError, shithead
from tablegames.common.rules import rules_from_dict, rules_to_dict
from tablegames.shithead.cards import pack

from .helpers import game, seat

ruling = pytest.mark.ruling

# Rows: the pile's state (the value to reach, or a cap); columns: the card played, 1..13.
# "x" = may be played.
LEGAL = {
    "standard": {
        "0": "xxxxxxxxxxxxx", "1": "xxxxxxxxxxxxx", "2": ".xxxxxxxxxxxx",
        "3": ".xxxxxxxxxxxx", "4": ".xxxxxxxxxxxx", "5": ".xx.xxxxxxxxx",
        "6": ".xx..xxxxxxxx", "7": ".xx...xxxxxxx", "8": ".xx....xxxxxx",
        "9": ".xx.....xxxxx", "10": ".xx.....xxxxx", "11": ".xx.....xxxxx",
        "12": ".xx.....xx.xx", "13": ".xx.....xx..x",
        "<=5": "xxxxx...xx...", "<=7": "xxxxxxx.xx...",
    },
    "classic": {
        "0": "xxxxxxxxxxxxx", "1": "xxxxxxxxxxxxx", "2": ".xxxxxxxxxxxx",
        "3": ".xxxxxxxxxxxx", "4": ".xxxxxxxxxxxx", "5": ".xx.xxxxxxxxx",
        "6": ".xx..xxxxxxxx", "7": ".xx...xxxxxxx", "8": ".xx....xxxxxx",
        "9": ".xx.....xxxxx", "10": ".xx......xxxx", "11": ".xx......xxxx",
        "12": ".xx......x.xx", "13": ".xx......x..x",
        "<=5": "xxxxx....x...", "<=7": "xxxxxxx..x...",
    },
}
# What a pile of one card of each value counts as (zero-it 0; five-or-less and the classic
# play-lower set a cap; a lone transparent card counts its own value).
ONE_CARD_PILE = {
    "standard": {2: "0", 5: "<=5"},
    "classic": {2: "0", 7: "<=7"},
}


def _row_state(key: str) -> tuple[int, int]:
    return (0, int(key[2:])) if key.startswith("<=") else (int(key), 0)


@ruling("SHD-05", "SHD-20", "SHD-21", "SHD-24", "SHD-26", "SHD-27")
@pytest.mark.parametrize("variant", ["standard", "classic"])
def test_card_on_pile_table(variant: str) -> None:
    table = shithead.compile_table(shithead.Rules.variant(variant).effects)
    for key, row in LEGAL[variant].items():
        level, cap = _row_state(key)
        got = "".join("x" if table.legal(v, level, cap) else "." for v in range(1, 14))
        assert got == row, f"{variant} pile {key}"


@ruling("SHD-05", "SHD-21", "SHD-26")
@pytest.mark.parametrize("variant", ["standard", "classic"])
def test_engine_offers_exactly_the_table_on_every_one_card_pile(variant: str) -> None:
    base = game(seat("9c 9d 9h", "4c 4d 4h", "1c 6d 12c"), seat("7c 7d 7h", "8c 8h 8s", "2s 6s 11d"),
                rules=variant)
    spade = pack().code
    for top in range(1, 14):
        key = ONE_CARD_PILE[variant].get(top, str(top))
        for v in range(1, 14):
            s = base.copy()
            s.hands[0] = [spade(f"{v}s")] if v != top else [spade(f"{v}h")]
            s.pile = [spade(f"{top}s")]
            s._settle()
            offered = str(s.legal_actions()[0])
            expected = LEGAL[variant][key][v - 1] == "x"
            assert (offered != "0:pickup") == expected, f"{variant}: {v} on {top}"


def test_default_table_is_the_documented_one() -> None:
    table = {e.value: e.does for e in shithead.Rules().effects}
    assert table == {2: "reset", 3: "under_over", 5: "five_or_less", 7: "reverse", 8: "skip",
                     9: "transparent", 10: "burn", 13: "give"}
    classic = {e.value: e.does for e in shithead.Rules.variant("classic").effects}
    assert classic == {2: "reset", 3: "transparent", 7: "play_lower", 8: "skip", 10: "burn"}
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
