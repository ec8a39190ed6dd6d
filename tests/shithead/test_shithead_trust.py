"""Issue 9 in Shithead: worlds from public information only, bounded caches, no aliasing,
exact types, final states that reload, saves that must agree with their history."""

from __future__ import annotations

import json

import pytest

from tablegames import IllegalAction, StateError, shithead
from tablegames.common.rng import Rng
from tablegames.shithead import actions as A
from tablegames.shithead.multisets import minus

from .helpers import game, seat


def _played(seed: int, steps: int, players: int = 3) -> shithead.State:
    s = shithead.new_game(players=players, seed=seed)
    rng = Rng(seed)
    for _ in range(steps):
        if s.is_over:
            break
        legal = s.legal_actions()
        s.apply(legal[rng.below(len(legal))])
    return s


def _twin(s: shithead.State, seat_: int) -> shithead.State:
    """The same table with every card ``seat_`` cannot see dealt out differently (the
    unseen hand cards of the others, every face-down card, the stock): the seat cannot
    tell the two apart."""
    data = json.loads(s.to_json())
    st = data["state"]
    hidden: list[int] = []
    places: list[tuple[str, int | None, int]] = []
    for p in range(s.n):
        if p != seat_ and not any(s.bars[p]):  # a hand with barred cards stays as it is
            unseen = minus(s.hands[p], s.known_cards[p])
            hidden.extend(unseen)
            places.extend(("hand", p, 0) for _ in unseen)
        hidden.extend(s.face_down[p])
        places.extend(("down", p, i) for i in range(len(s.face_down[p])))
    hidden.extend(s.stock)
    places.extend(("stock", None, i) for i in range(len(s.stock)))
    moved = hidden[1:] + hidden[:1]  # rotate every hidden card one place on
    hands = {p: list(s.known_cards[p]) for p in range(s.n) if p != seat_ and not any(s.bars[p])}
    downs: dict[int, list[int]] = {p: [] for p in range(s.n)}
    stock: list[int] = []
    for (where, p, _), card in zip(places, moved, strict=True):
        if where == "hand":
            assert p is not None
            hands[p].append(card)
        elif where == "down":
            assert p is not None
            downs[p].append(card)
        else:
            stock.append(card)
    for p, cards in hands.items():
        st["hands"][p] = sorted(cards)
    st["face_down"] = [downs[p] for p in range(s.n)]
    st["stock"] = stock
    twin = shithead.State.from_json(json.dumps(data))
    assert twin.to_json() != s.to_json() and twin.view(seat_) == s.view(seat_)
    return twin


@pytest.mark.parametrize(("seed", "steps"), [(1, 0), (2, 9), (3, 14)])
def test_a_world_depends_only_on_what_the_seat_has_seen(seed: int, steps: int) -> None:
    # issue 9, defect 3: worlds were drawn from a pool in the true hidden order, so six
    # worlds with a known rng seed gave every hidden card away
    s = _played(seed, steps)
    twin = _twin(s, 0)
    for k in range(6):
        a, b = s.sample_world(0, Rng(k)), twin.sample_world(0, Rng(k))
        assert a.to_json() == b.to_json()


def test_a_world_carries_no_real_seed_deck_record_or_log() -> None:
    s = shithead.new_game(players=3, seed="secret", deck=["Ac", "2c", "3c"])
    w = s.sample_world(1, Rng(4))
    assert w.world and w.seed != s.seed and w.deck is None and w.rng.state != s.rng.state
    assert "secret" not in w.to_json()
    for call in (w.record, lambda: w.log(1)):
        with pytest.raises(StateError):
            call()


def test_group_interning_is_bounded() -> None:
    # issue 9, defect 7: every distinct parsed play was kept for ever; parsed plays are
    # no longer kept at all, and the kept group plays are bounded
    for i in range(A.GROUP_LIMIT + 500):
        a, b = divmod(i, 52)
        A.parse_action(f"{a % 30}:play {shithead.NAMES[b]},{shithead.NAMES[(b + a) % 52]}")
        A.group_plays(a % A.TABLE_SEATS, (b, b + 52 * (1 + a % 40)))
        assert len(A._GROUPS) <= A.GROUP_LIMIT
    before = len(A._GROUPS)
    A.group_plays(0, tuple(range(13)))  # longer than any real group: never kept
    A.group_plays(A.TABLE_SEATS, (4, 5))  # no seat of a game: never kept
    assert len(A._GROUPS) <= before


def test_views_and_outcomes_do_not_alias_the_state() -> None:
    # issue 9, defect 5: view()["last_round"] was the state's own summary
    s = game(seat("6c 6d 6h", "4c 4d 4h", "Ac Ad Ah"), seat("Qc Qd Qh", "2s 9c 9d", "2c 2d 2h"),
             rules={"rounds": 2})
    for move in ("0:play Ac,Ad,Ah", "1:play 2c", "0:play 4c,4d,4h", "1:play 2d", "0:blind 0",
                 "1:play 2h", "0:blind 0", "1:play 2s", "0:blind 0"):
        s.apply(move)
    before = s.to_json()
    v = s.view(None)
    v["last_round"]["order"].append(1)
    v["last_round"]["loser"] = 0
    v["tally"].append(5)
    v["known_cards"][0].append("K♠")
    assert s.view(None)["last_round"] == {"round": 0, "loser": 1, "order": [0], "limit_hit": False}
    while not s.is_over:
        s.apply(s.legal_actions()[0])
    out = s.outcome().to_dict()
    out["rounds_done"][0]["order"].append(7)
    s.outcome().detail["rounds_done"][0]["order"].append(7)
    assert s.outcome().detail["rounds_done"][0]["order"] == [0]
    assert shithead.State.from_json(s.to_json()).to_json() == s.to_json() != before


class _Int(int):
    """An int subclass: not an exact int, so not a card code."""


@pytest.mark.parametrize("action", [
    shithead.Play(0, (True,)),
    shithead.Play(0, (_Int(0),)),
    shithead.Play(0, (0.0,)),  # type: ignore[arg-type]
    shithead.Play(0, [0]),  # type: ignore[arg-type]
    shithead.Play(0, tuple(range(200))),
    shithead.Blind(0, True),
    shithead.Give(0, True),
    shithead.Pickup(_Int(0)),
])
def test_card_codes_and_seats_are_exact_ints(action: shithead.Play) -> None:
    s = game(seat("6c 6d 6h", "4c 4d 4h", "Ac 4s Jh"), seat("7c 7d 7h", "8c 8h 8s", "Ad 6s Qd"))
    before = s.to_json()
    with pytest.raises(IllegalAction):
        s.apply(action)
    assert s.to_json() == before


@pytest.mark.parametrize("rules", [None, "classic", {"rounds": 3, "cut_in": True},
                                   {"swap_mode": "simultaneous"}])
def test_every_final_state_reloads_and_verifies(rules: object) -> None:
    for seed in range(4):
        s = shithead.new_game(players=3, seed=seed, rules=rules)
        rng = Rng(seed)
        while not s.is_over:
            legal = s.legal_actions()
            s.apply(legal[rng.below(len(legal))])
        text = s.to_json()
        back = shithead.State.from_json(text, verify=True)
        assert back.to_json() == text and back.view(0) == s.view(0)


def test_verify_refuses_a_save_whose_cards_were_moved() -> None:
    s = _played(5, 30)
    data = json.loads(s.to_json())
    st = data["state"]
    down = st["face_down"]
    down[0], down[1] = down[1], down[0]  # still a consistent state
    text = json.dumps(data)
    assert shithead.State.from_json(text).face_down[0] == s.face_down[1]
    with pytest.raises(StateError, match="contradicts"):
        shithead.State.from_json(text, verify=True)


def test_an_action_in_another_seats_name_is_refused_before_its_cards_are_read() -> None:
    s = game(seat("6c 6d 6h", "4c 4d 4h", "Ac 4s Jh"), seat("7c 7d 7h", "8c 8h 8s", "Ad 6s Qd"))
    for text in ("0:play Ac", "0:play Ks", "0:pickup"):
        with pytest.raises(IllegalAction) as exc:
            s.apply(text, by=1)
        assert exc.value.code == "not_your_seat"


def test_view_keys_are_declared() -> None:
    s = _played(7, 20, players=4)
    envelope = {"game", "players", "seat", "to_act", "stage", "version", "result"}
    for p in (None, 0, 1):
        keys = set(s.view(p)) - envelope - {"hand", "legal", "prompt"}
        assert keys == set(shithead.State.VIEW_KEYS)
    assert s.view(None)["stage"] in shithead.State.STAGES
