"""The card set as data: loading, validation, and a custom set playing whole games."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from tablegames import RulesError, StateError, dallah
from tablegames.common.rules import rules_hash
from tablegames.simulation import play_game


def default_data() -> dict[str, Any]:
    return dallah.DEFAULT_CARDS.to_dict()


CUSTOM_TOML = """
name = "our printed deck"

[[shapes]]
id = "small"
en = "Small"
ar = "صغير"
cups = 4

[[shapes]]
id = "twins"
en = "Twins"
ar = "التوأم"
cups = 3

[[shapes]]
id = "heavy"
en = "Heavyweight"
ar = "الثقيل"
cups = 0

[[zones]]
id = "lid"
en = "Lid"
ar = "الغطاء"
cards = 3

[[zones]]
id = "spout"
en = "Spout"
ar = "الخشم"
cards = 1

[[actions]]
id = "place"
en = "Place"
ar = "ضع"
kind = "place"
count = 4

[[actions]]
id = "three"
en = "Three cups"
ar = "ثلاثة"
kind = "place"
cups = 3
you_lose = true

[[actions]]
id = "move"
en = "Naql"
ar = "نقل"
kind = "naql"
cups = 1

[[actions]]
id = "gift"
en = "Gift"
ar = "هدية"
kind = "give"
amount = 3
target = "previous"

[[actions]]
id = "steady"
en = "Steady"
ar = "ثبات"
kind = "even_out"
amount = 2

[[protection]]
id = "no"
en = "No"
ar = "لا"
kind = "block"
count = 2
"""


@pytest.mark.ruling("DAL-04")
def test_default_set_round_trips_and_is_hashed_into_saves() -> None:
    data = default_data()
    assert dallah.CardSet.from_dict(data) == dallah.DEFAULT_CARDS
    custom = dallah.CardSet.from_text(CUSTOM_TOML)
    assert rules_hash(dallah.Rules(cards=custom)) != rules_hash(dallah.Rules())
    state = dallah.new_game(3, seed=2, rules=custom)
    saved = json.loads(state.to_json())
    assert saved["rules"]["cards"]["name"] == "our printed deck"
    saved["rules"]["cards"]["shapes"][0]["cups"] = 5
    with pytest.raises(StateError):
        dallah.State.from_json(json.dumps(saved))


@pytest.mark.ruling("DAL-04", "DAL-13")
@pytest.mark.parametrize("suffix", ["toml", "json"])
def test_a_custom_set_from_a_file_plays_full_games(tmp_path: Path, suffix: str) -> None:
    path = tmp_path / f"cards.{suffix}"
    custom = dallah.CardSet.from_text(CUSTOM_TOML)
    path.write_text(CUSTOM_TOML if suffix == "toml" else json.dumps(custom.to_dict()))
    rules = dallah.Rules.with_cards(path)
    assert rules.cards == custom
    for seed in range(8):
        for bot in ("model", "random"):
            state = play_game(dallah.GAME, 3, seed, bot, rules=rules)
            assert state.is_over and state.shared_total() == 0
            assert sum(state.outcome().scores) + state.retired + state.pot_total() == 7


@pytest.mark.parametrize(("change", "message"), [
    (lambda d: [s.update(cups=0) for s in d["shapes"]], "no cups"),
    (lambda d: [z.update(cards=0) for z in d["zones"]], "names no zone"),
    (lambda d: d.update(zones=[]), "names no zone"),
    (lambda d: d["actions"][0].update(kind="juggle"), "kind"),
    (lambda d: d["actions"][11].update(amount=-1), "amount"),
    (lambda d: d["actions"][0].update(colour="red"), "colour"),
    (lambda d: d["shapes"][1].update(id="classic"), "duplicate"),
    (lambda d: d["zones"][0].update(id="Neck Top"), "lower-case"),
    (lambda d: [a.update(count=0) for a in d["actions"] if a["kind"] != "give"],
     "no Action card places a cup"),
    (lambda d: d["actions"][0].update(cups=0), "at least one cup"),
    (lambda d: d["actions"][12].update(target="self"), "own pile"),
    (lambda d: d["actions"][15].update(target="choose"), "pass"),
    (lambda d: d["protection"][0].update(kind="shield"), "kind"),
    (lambda d: d["shapes"][0].update(cups="many"), "cups"),
])
def test_unplayable_sets_are_refused(change: Any, message: str) -> None:
    data = default_data()
    change(data)
    with pytest.raises(RulesError, match=message):
        dallah.CardSet.from_dict(data)


def test_naql_needs_two_zones() -> None:
    data = default_data()
    data["zones"] = data["zones"][:1]
    with pytest.raises(RulesError, match="two zones"):
        dallah.CardSet.from_dict(data)


def test_bad_files_are_refused(tmp_path: Path) -> None:
    bad = tmp_path / "cards.toml"
    bad.write_text("name = [")
    with pytest.raises(RulesError, match="not valid TOML"):
        dallah.CardSet.from_file(bad)
    with pytest.raises(RulesError, match="cannot read"):
        dallah.CardSet.from_file(tmp_path / "missing.toml")
    other = tmp_path / "cards.yaml"
    other.write_text("name: x")
    with pytest.raises(RulesError, match=r"toml or \.json"):
        dallah.CardSet.from_file(other)
    with pytest.raises(RulesError):
        dallah.Rules(cards="default")  # type: ignore[arg-type]


def test_names_in_english_and_arabic() -> None:
    names = dallah.DEFAULT_CARDS.names("ar")
    assert names["cards"]["naql"] == "نقل" and names["cards"]["ma_ysir"] == "ما يصير"
    assert dallah.DEFAULT_CARDS.names()["shapes"]["twins"] == "Twins"
    assert dallah.DEFAULT_CARDS.card("fazaa").ar == "فزعة"
    with pytest.raises(RulesError):
        dallah.DEFAULT_CARDS.zone("nose")
    with pytest.raises(ValueError):
        dallah.DEFAULT_CARDS.names("fr")


def test_variants_and_rules_forms() -> None:
    assert dallah.new_game(2, rules="no-swaps").rules.swaps_per_turn == 0
    assert dallah.new_game(2, rules={"swaps_per_turn": 2}).rules.swaps_per_turn == 2
    assert dallah.new_game(2, rules=dallah.DEFAULT_CARDS).rules == dallah.Rules()
    with pytest.raises(RulesError):
        dallah.new_game(2, rules="wobbly")
    with pytest.raises(RulesError):
        dallah.new_game(2, rules={"swaps_per_turn": 9})


ODD_TOML = """
name = "one cup shape, one zone, no protection"

[[shapes]]
id = "finjan"
en = "Finjan"
ar = "فنجان"
cups = 150

[[zones]]
id = "rim"
en = "Rim"
ar = "الحافة"
cards = 1

[[actions]]
id = "three"
en = "Three cups"
ar = "ثلاثة فناجين"
kind = "tag_team"
count = 3
cups = 3

[[actions]]
id = "tap"
en = "Tap"
ar = "طرق"
kind = "tap"
cups = 1

[[actions]]
id = "kullah_lak"
en = "Kullah Lak"
ar = "كله لك"
kind = "give"
portion = "all"

[[actions]]
id = "reverse"
en = "Reverse"
ar = "بالعكس"
kind = "pass"
target = "next"
"""


@pytest.mark.ruling("DAL-04")
@pytest.mark.parametrize("suffix", ["toml", "json"])
def test_an_unusual_but_valid_set_plays_to_the_end(tmp_path: Path, suffix: str) -> None:
    """One shape, one zone (so never 'nospace'), no protection cards, 150 cups."""
    odd = dallah.CardSet.from_text(ODD_TOML)
    path = tmp_path / f"odd.{suffix}"
    path.write_text(ODD_TOML if suffix == "toml" else json.dumps(odd.to_dict()))
    rules = dallah.Rules.with_cards(path)
    assert rules.cards == odd and rules.cards.protection == ()
    for seed, players in ((0, 2), (1, 5), (2, 8)):
        state = play_game(dallah.GAME, players, seed, "model", rules=rules)
        assert state.is_over and state.shared_total() == 0
        assert sum(state.outcome().scores) + state.retired + state.pot_total() == 150
        assert state.held == ((),) * players
        text = state.to_json()
        assert dallah.State.from_json(text).to_json() == text
    state = dallah.new_game(3, seed=4, rules=rules, actions=["three"], rolls=["finjan"] * 3)
    state.apply("0:draw")
    state.apply("0:roll")
    assert "0:nospace" not in state.view(0)["legal"]
    assert state.view(0)["prompt"].startswith("Three cups: place the Finjan cup on the Rim "
                                              "(cup 1 of 3).")


@pytest.mark.parametrize(("change", "field"), [
    (lambda d: d["actions"][11].update(amount=-1), "actions[11] (mabrook): amount"),
    (lambda d: d["actions"][2].update(seconds=0), "actions[2] (five_seconds): seconds"),
    (lambda d: d["shapes"][0].update(cups="many"), "shapes[0] (classic):"),
    (lambda d: d["shapes"][2].pop("id"), "shapes[2]: missing id"),
    (lambda d: d["actions"][3].update(kind="juggle"), "actions[3] (naql).kind: unknown kind 'juggle'"),
    (lambda d: d["protection"][1].update(kind="shield"), "protection[1] (ana_mali_dakhal).kind"),
    (lambda d: d["actions"].append(3), "actions[20]: expected a table"),
    (lambda d: d.pop("zones"), "zones: the card set has no zones list"),
    (lambda d: d.update(shapes="classic"), "shapes: expected a list"),
    (lambda d: d.update(colour="red"), "unknown card set field(s): colour"),
    (lambda d: d["actions"][0].update(cups=0), "actions[0] (place).cups"),
    (lambda d: d["actions"][12].update(target="self"), "actions[12] (tabadel).target"),
])
def test_a_bad_set_names_the_bad_field(change: Any, field: str) -> None:
    """A user with a 30-card file must learn which card and which field is wrong."""
    data = default_data()
    change(data)
    with pytest.raises(RulesError) as info:
        dallah.CardSet.from_dict(data)
    assert field in str(info.value)
    with pytest.raises(RulesError) as info:
        dallah.new_game(3, rules={"cards": data})
    assert field in str(info.value)


def test_saves_name_the_default_card_set_by_its_hash() -> None:
    """Every save carried the 4.9 KB default set; it is now named by its hash (issue 12)."""
    from tablegames import replay
    from tablegames.dallah.cardset import DEFAULT_REF

    s = dallah.new_game(4, seed=3)
    data = json.loads(s.to_json())
    assert data["rules"]["cards"] == DEFAULT_REF and DEFAULT_REF.startswith("default@")
    assert len(s.to_json()) < 1500
    assert s.record()["rules"]["cards"] == DEFAULT_REF
    assert replay(s.record()).to_json() == s.to_json()
    assert len(dallah.DEFAULT_CARDS.to_dict()["actions"]) == 20  # the set itself, in full
    # another set is written out in full, and comes back equal
    other = default_data()
    other["actions"][0]["you_lose"] = True
    t = dallah.new_game(3, seed=1, rules={"cards": other})
    saved = json.loads(t.to_json())["rules"]["cards"]
    assert isinstance(saved, dict) and saved["actions"][0]["you_lose"] is True
    assert dallah.State.from_json(t.to_json()).rules == t.rules
    # a reference this version does not ship is refused by name
    data["rules"]["cards"] = "default@0000000000000000"
    with pytest.raises(StateError, match="names no card set"):
        dallah.State.from_json(json.dumps(data))
    with pytest.raises(RulesError, match="names no card set"):
        dallah.new_game(3, rules={"cards": "custom"})
