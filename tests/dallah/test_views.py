"""Views, prompts in two languages, notation, JSON, replay and setup errors."""

from __future__ import annotations

import json
import random

import pytest

from tablegames import IllegalAction, NotationError, SetupError, StateError, dallah, replay
from tests.dallah.helpers import game, play


def test_the_phone_view_names_card_cup_and_zone() -> None:
    s = game(actions=["five_seconds"], placements=["spout"], rolls=["wide"],
             held=[[], ["ma_ysir"], []], piles=[0, 2, 1])
    play(s, "0:draw", "0:roll")
    v = s.view(0)
    assert v["prompt"] == ("Five seconds: place the Wide cup on the Spout within 5 seconds. "
                           "Then report that it settled, each cup that fell, a collapse, "
                           "that the zone has no space, or that time ran out with nothing "
                           "fallen.")
    assert v["legal"][0] == "0:settled" and "0:fell spout:wide" in v["legal"]
    assert v["piles"] == [0, 2, 1] and v["held"] == [[], ["ma_ysir"], []] and v["hand"] == []
    assert v["shared_total"] == 21 and v["cups_in_hand"] == ["wide"] and v["pot"]["spout"] == []
    assert s.view(1)["prompt"] == ("Five seconds: waiting for P0 to place the Wide cup on "
                                   "the Spout.")
    assert s.view(1)["hand"] == ["ma_ysir"] and s.view(1)["legal"] == []
    public = s.view(None)
    assert "hand" not in public and "legal" not in public
    for seat in (None, 0, 1, 2):
        # the decks' order is hidden: a view counts each draw pile and shows no die roll
        view = s.view(seat)
        assert view["stock"] == len(s.stock) and view["placement_stock"] == len(s.placement_stock)
        assert "rolls" not in json.dumps(view)


def test_arabic_view() -> None:
    s = game(actions=["naql"], pot={"neck": ["tall"]})
    play(s, "0:draw")
    v = s.view(0, lang="ar")
    assert v["prompt"] == "نقل: انقل فنجاناً على الدلة إلى منطقة أخرى."
    assert v["names"]["zones"]["neck"] == "الرقبة" and v["names"]["cards"]["naql"] == "نقل"
    s = game(actions=["place"], placements=["lid"], rolls=["twins"])
    play(s, "0:draw", "0:roll")
    assert s.view(0, lang="ar")["prompt"].startswith("ضع فنجاناً: ضع فنجان التوأم على الغطاء")
    with pytest.raises(ValueError):
        s.view(0, lang="fr")


def test_prompts_for_every_stage() -> None:
    s = game(actions=["shareek"])
    play(s, "0:draw")
    assert s.view(0)["prompt"] == "Shareek: choose a partner to place a cup with you."
    s = game(actions=["surprise"], piles=[1, 0, 0])
    play(s, "0:draw")
    assert s.view(0)["prompt"] == "Surprise: choose another player to swap piles with."
    s = game(4, actions=["malek_shoghl"], piles=[2, 2, 0, 0])
    play(s, "0:draw")
    assert s.view(0)["prompt"].startswith("Malek Shoghl: piles are tied.")
    s = game(actions=["blow"], pot={"lid": ["tiny"]})
    play(s, "0:draw")
    assert s.view(0)["prompt"].startswith("Blow: blow on the cups, then report")
    play(s, "0:fell lid:tiny")
    assert s.view(0)["prompt"] == ("You collect what fell (1 cup so far). Report any other "
                                   "cup that fell, or that the Dallah has settled.")
    s = game(actions=["fazaa"])
    play(s, "0:draw")
    assert s.view(1)["prompt"] == ("Fazaa' for P0: roll the die, then place the cup yourself; "
                                   "you collect any cup that falls.")


def test_notation_round_trips_and_bad_notation() -> None:
    for text in ["0:draw", "1:roll", "2:settled", "0:fell neck:tall", "0:collapse", "0:nospace",
                 "0:swap", "0:timeout", "0:penalty", "0:move neck:tall lid", "0:target 2",
                 "0:pair 1 3", "2:allow", "2:block", "2:redirect 3", "2:redirect"]:
        assert str(dallah.parse_action(text)) == text
    for bad in ["0:fell", "0:fell 2 2", "0:fell 0 tall", "0:fell 65", "0:fell neck:", "0:fell ne-ck",
                "0:move neck:tall", "0:target x", "0:target \u0663", "0:pair 1",
                "0:draw now", "x:draw", "0:juggle", "0:redirect me", "0:fell " + "tall " * 65,
                "0:draw" + " " * 600]:
        with pytest.raises(NotationError):
            dallah.parse_action(bad)


def test_json_round_trip_and_replay_with_stacked_setup() -> None:
    s = game(actions=["kheth", "place"], placements=["lid"], rolls=["tall"], piles=[1, 0, 0],
             held=[[], ["ma_ysir"], []], pot={"neck": ["wide"]}, first=0)
    play(s, "0:draw", "0:target 2", "1:draw", "1:roll", "1:fell lid:tall")
    text = s.to_json()
    loaded = dallah.State.from_json(text)
    assert loaded.to_json() == text and loaded.copy().to_json() == text
    assert loaded.sample_world(1, 5).view(1) == s.view(1)
    assert replay(s.record()).to_json() == text
    assert s.log(2)[0]["kind"] == "setup"


def test_damaged_saves_are_refused() -> None:
    s = game(piles=[1, 0, 0])
    text = s.to_json()
    with pytest.raises(StateError):
        dallah.State.from_json(text[:-10])
    data = json.loads(text)
    data["state"]["piles"][0] = 5
    with pytest.raises(StateError, match="cups do not add up"):
        dallah.State.from_json(json.dumps(data))
    data = json.loads(text)
    data["state"]["stock"].append(0)
    with pytest.raises(StateError, match="Action cards"):
        dallah.State.from_json(json.dumps(data))
    data = json.loads(text)
    data["state"]["stage"] = "juggle"
    with pytest.raises(StateError):
        dallah.State.from_json(json.dumps(data))


def test_report_is_all_or_nothing() -> None:
    s = game(actions=["place"], placements=["lid"], rolls=["tall"], pot={"lid": ["wide"]})
    play(s, "0:draw", "0:roll")
    before = s.to_json()
    with pytest.raises(IllegalAction):
        s.report(fell=["lid:tall", "lid:tall"])
    assert s.to_json() == before
    s.report(fell=["lid:tall", "lid:wide"])
    assert s.piles == (2, 0, 0) and s.to_act == 1


@pytest.mark.parametrize("setup", [
    {"pot": {"nose": ["tall"]}},
    {"pot": {"neck": ["tall"] * 6}},
    {"piles": [30, 0, 0]},
    {"piles": [1, 1]},
    {"held": [["place"], [], []]},
    {"actions": ["ma_ysir", "ma_ysir"]},
    {"actions": "place"},
    {"placements": ["lid", "lid", "lid"]},
    {"rolls": ["cube"]},
    {"first": 3},
    {"piles": [5, 5, 5], "pot": {"lid": ["classic"] * 5 + ["tall"] * 5}},
])
def test_setup_errors(setup: dict[str, object]) -> None:
    with pytest.raises(SetupError):
        game(**setup)  # type: ignore[arg-type]


def test_deck_is_a_synonym_for_the_action_stack() -> None:
    s = dallah.new_game(2, seed=1, deck=["tabadel"])
    assert s.view(0)["stock"] == 31
    play(s, "0:draw")
    assert s.discard == (s.t.card_index["tabadel"],) and s.to_act == 1
    with pytest.raises(SetupError):
        dallah.new_game(2, deck=["place"], actions=["place"])


def test_prompts_name_the_cup_of_a_two_cup_card_and_who_collects() -> None:
    s = game(actions=["tag_team"], placements=["lid", "neck"], rolls=["tall", "wide"])
    play(s, "0:draw")
    assert s.view(0)["prompt"] == "Tag Team: roll the die for the 2 cups."
    assert s.view(0, "ar")["prompt"] == "تاق تيم: ارمِ النرد للفنجانين."
    play(s, "0:roll", "0:settled")
    # the second cup is placed by the next player, and seat 0 collects (DAL-24)
    assert s.view(1)["prompt"] == (
        "Tag Team: place the Wide cup on the Neck (cup 2 of 2); P0 collects any cup that "
        "falls. Then report that it settled, each cup that fell, a collapse, or that the "
        "zone has no space.")
    assert s.view(1, "ar")["prompt"].startswith(
        "تاق تيم: ضع فنجان العريض على الرقبة (الفنجان 2 من 2)؛ ما يسقط يأخذه P0.")


def test_waiting_seats_are_never_addressed_as_the_asked_seat() -> None:
    """A second-person instruction ("your pile", "gives you") on the wrong phone is false."""
    s = game(actions=["kheth"], piles=[2, 0, 0], held=[[], ["ma_ysir", "ana_mali_dakhal"], []])
    play(s, "0:draw")
    assert s.view(1)["prompt"] == "Kheth: waiting for P0 to choose a player."
    assert "prompt" not in s.view(None)
    play(s, "0:target 1")
    assert s.view(1)["prompt"] == (
        "Kheth: P0 would give you 1 cup. Play Ma Ysir to block it, play Ana Mali Dakhal to "
        "send it to another player, or allow it.")
    assert s.view(1, "ar")["prompt"] == (
        "خذ: P0 سيعطيك فنجاناً واحداً. العب ما يصير لإلغائه، العب أنا مالي دخل لتحويله إلى "
        "لاعب آخر، أو اسمح بذلك.")
    for seat in (0, 2):
        assert s.view(seat)["prompt"] == "Kheth: waiting for P1 to decide on protection."
        assert "you" not in s.view(seat)["prompt"]


def test_a_redirect_with_nobody_eligible_says_it_cancels() -> None:
    s = game(2, actions=["kheth"], piles=[2, 0], held=[[], ["ana_mali_dakhal"]])
    play(s, "0:draw", "0:target 1")
    assert s.view(1)["prompt"] == (
        "Kheth: P0 would give you 1 cup. Play Ana Mali Dakhal to cancel it (nobody else can "
        "take it), or allow it.")


def test_an_app_can_play_a_whole_game_from_views_alone() -> None:
    """Each step: the phone of ``to_act`` shows a prompt and the legal notation; sending any
    of those strings is accepted, and every other phone shows no legal action."""
    stages = set()
    for seed in range(8):
        s = dallah.new_game(4, seed=seed, held=[["ma_ysir"], ["ana_mali_dakhal"], [], []])
        rng = random.Random(seed)
        while True:
            public = s.view(None)
            stages.add(public["stage"])
            if public["stage"] == "over":
                assert public["result"]
                assert s.view(0)["prompt"].startswith("The game is over")
                break
            me = public["to_act"]
            views = [s.view(p, lang) for p in range(4) for lang in ("en", "ar")]
            for v in views:
                assert v["prompt"] and "{" not in v["prompt"]
                # only the seat to act, and the seat that may report a late fall, act
                assert bool(v["legal"]) == (v["seat"] in (me, public["late_reporter"]))
            mine = s.view(me)
            s.apply(rng.choice(mine["legal"]))
    assert stages == {"draw", "target", "pair", "move", "roll", "report", "protect", "over"}
