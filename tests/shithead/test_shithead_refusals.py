"""The refusal table (``shithead.refusals``): every refusal the engine gives is a row of it,
and ``legal_actions`` lists exactly what ``apply`` accepts (both ask the same predicates).
That every row cites a ruling of the rules, on the line that returns it, is checked for
every game's table by ``tests/common/test_refusals.py``."""

from __future__ import annotations

import re
from typing import Any

import pytest

from tablegames import IllegalAction, shithead
from tablegames.common.actions import Action
from tablegames.common.rng import Rng
from tablegames.shithead import actions as A
from tablegames.shithead import refusals
from tablegames.shithead.cards import FACES, VALUE

ROWS = {(r.code, r.ruling, r.template) for r in refusals.TABLE.values()}


def _candidates(s: shithead.State, seat: int) -> list[Action]:
    """Every kind of action ``seat`` could try now, legal or not."""
    n = s.n
    held = sorted({*s.hands[seat], *s.face_up[seat]})
    out: list[Action] = [A.pickup(seat), A.done(seat), A.ready(seat), A.unready(seat)]
    out += [A.Blind(seat=seat, index=i) for i in range(-1, 4)]
    out += [A.give(seat, t) for t in range(n)]
    out += [A.play(seat, (c,)) for c in range(0, FACES, 3)]  # cards held or not
    out += [A.play(seat, (c,)) for c in held]
    by_value: dict[int, list[int]] = {}
    for c in held:
        by_value.setdefault(VALUE[c], []).append(c)
    out += [A.play(seat, tuple(cs)) for cs in by_value.values() if len(cs) > 1]
    if len(held) > 1 and VALUE[held[0]] != VALUE[held[-1]]:
        out.append(A.play(seat, (held[0], held[-1])))  # mixed values
    up, hand = s.face_up[seat], s.hands[seat]
    if up and hand:
        out += [A.swap(seat, up[:1], hand[:1]), A.swap(seat, up[:2], hand[:1]),
                A.swap(seat, hand[:1], up[:1])]
    # malformed arguments, as a caller in Python might build them
    out += [A.Play(seat=seat, cards=()), A.Blind(seat=seat, index=True),  # type: ignore[arg-type]
            A.Give(seat=seat, target="1")]  # type: ignore[arg-type]
    return out


RULES: list[Any] = [None, "classic", "classic-strict-seven", "classic-odd-nine", "lower-only",
                    {"swap_mode": "simultaneous", "cut_in": True},
                    {"starter": "left_of_dealer", "rounds": 2},
                    ("lower-only", {"starter": "seat", "starter_seat": 1, "cut_in": True})]


@pytest.mark.parametrize("rules", RULES, ids=str)
@pytest.mark.ruling("SHD-05")
def test_every_refusal_is_a_row_and_legal_actions_are_what_apply_accepts(rules: Any) -> None:
    """Over seeded random play, every candidate action of every seat is accepted exactly
    when ``legal_actions(seat)`` lists it; a refusal is a row of the table (code, ruling
    and message) and leaves the state byte-identical."""
    seen: set[str] = set()
    for seed in range(2):
        s = shithead.new_game(players=3, seed=seed, rules=rules)
        rng = Rng(seed)
        for _ in range(45):
            if s.is_over:
                break
            before = s.to_json()
            for seat in range(s.n):
                legal = {repr(a) for a in s.legal_actions(seat)}  # True is not 1
                for action in _candidates(s, seat):
                    trial = s.copy()
                    try:
                        trial.apply(action)
                    except IllegalAction as exc:
                        assert repr(action) not in legal, (str(action), exc)
                        row = (exc.code, exc.ruling, str(exc).rsplit(" [", 1)[0])
                        assert any(row[:2] == r[:2] and _fits(r[2], row[2]) for r in ROWS), row
                        seen.add(exc.code)
                    else:
                        assert repr(action) in legal, str(action)
            assert s.to_json() == before
            legal_now = s.legal_actions()
            s.apply(legal_now[rng.below(len(legal_now))])
    assert {"wrong_phase", "out_of_turn", "not_in_hand", "mixed_values", "bad_cards"} <= seen


def _fits(template: str, message: str) -> bool:
    """Whether ``message`` is ``template`` with its ``{fields}`` filled in."""
    pattern = re.escape(template)
    pattern = re.sub(r"\\\{[a-z_]+\\\}", ".+", pattern)
    return re.fullmatch(pattern, message) is not None


#: Each verb, how it is written and the ruling that says when it is made.
VERBS = {"swap": ("0:swap {up}/{hand}", "SHD-03"), "done": ("0:done", "SHD-03"),
         "ready": ("0:ready", "SHD-03"), "unready": ("0:unready", "SHD-03"),
         "play": ("0:play {hand}", "SHD-05"), "pickup": ("0:pickup", "SHD-08"),
         "blind": ("0:blind 0", "SHD-10"), "give": ("0:give 1", "SHD-28")}
#: Each stage, the verbs it takes, and the words a refusal names it by.
STAGES = {"swap": ({"swap", "done", "ready", "unready"}, "the swap before play"),
          "play": ({"play", "pickup", "blind"}, "play"),
          "give": ({"give"}, "choosing who takes the pile")}


def _at(stage: str, rules: Any) -> shithead.State:
    """Seat 0 to act at ``stage``: the swap, or play, or naming who takes the pile (its
    K♣ on P1's queen, three seats)."""
    deal = ["9♣ 9♦ 9♥ 4♣ 4♦ 4♥ A♣ K♣ J♣", "7♣ 7♦ 7♥ 8♣ 8♥ 8♠ 2♦ 6♠ Q♦",
            "5♣ 5♦ 5♥ Q♣ Q♥ Q♠ 6♥ J♥ J♦"]
    s = shithead.new_game(players=3, seed=1, rules={**rules, "swap": stage == "swap",
                                                  "starter": "seat"},
                          deck=" ".join(deal).split(), stock=0)
    if stage == "give":
        for move in ("0:play Ac", "2:play 6h", "1:play Qd", "0:play Kc"):
            s.apply(move)
    assert s.view(None)["stage"] == stage and s.to_act == 0
    return s


@pytest.mark.parametrize("mode", ["turns", "simultaneous"])
@pytest.mark.parametrize("stage", list(STAGES))
def test_a_verb_at_the_wrong_stage_cites_the_verbs_own_ruling(stage: str, mode: str) -> None:
    """A verb made at a stage that does not take it is refused (``wrong_phase``) under the
    ruling that says when that verb is made, whatever stage the round is at, and the words
    say where the round is (found by helper-77: a swap, done, ready or unready during play
    cited SHD-05, a give during play SHD-05 and a swap during a give SHD-28)."""
    s = _at(stage, {"swap_mode": mode})
    allowed, words = STAGES[stage]
    names = lambda cards: ",".join(shithead.NAMES[c] for c in cards)  # noqa: E731
    cards = {"up": names(s.face_up[0][:1]), "hand": names(s.hands[0][:1])}
    for verb, (text, ruling) in VERBS.items():
        if verb in allowed:
            continue
        before = s.to_json()
        with pytest.raises(IllegalAction) as caught:
            s.apply(text.format(**cards))
        assert (caught.value.code, caught.value.ruling) == ("wrong_phase", ruling), verb
        assert caught.value.message.endswith(f"is not possible now: the round is at {words}")
        assert s.to_json() == before


@pytest.mark.parametrize("variant", ["standard", "classic", "lower-only"])
def test_a_card_refused_on_the_pile_is_named_right_for_every_rank(variant: str) -> None:
    """``too_low`` and ``not_lower`` name the card as "your A", "your 8": the words read
    "a A does not reach the pile's Q" and "a 8 goes only on ..." before (found by
    helper-77). Every value against every effective top of the variant's table."""
    from tablegames.shithead.cards import RANK_TEXT
    from tablegames.shithead.effects import compile_table

    rules = shithead.Rules.variant(variant)
    table = compile_table(rules.effects, rules.aces)
    said = set()
    for v in range(1, 14):
        for top in range(14):
            found = table.refusal(v, top)
            if found is None or found.code not in ("too_low", "not_lower"):
                continue
            rank, under = RANK_TEXT[v], RANK_TEXT[top]
            assert found.message == (
                f"your {rank} does not reach the pile's {under}" if found.code == "too_low"
                else f"your {rank} goes only on a lower card, not on the pile's {under}")
            said.add((found.code, rank))
    assert ("too_low", "8") in said and (variant == "classic" or ("too_low", "A") in said)
    assert variant != "lower-only" or ("not_lower", "5") in said
