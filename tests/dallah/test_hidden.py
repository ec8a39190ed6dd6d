"""Hidden information: only the two decks' order and the die's future are hidden, and a
seat's phone (views in both languages, legal actions, refusals) is the same in every
world that seat cannot tell apart from the real one."""

from __future__ import annotations

import pytest

from tablegames import IllegalAction, dallah
from tablegames.common.rng import Rng


def _refusal(state: dallah.State, text: str) -> str | None:
    try:
        state.copy().apply(text)
    except IllegalAction as exc:
        return f"{exc.code}|{exc.ruling}|{exc}"
    return None


def _probes(state: dallah.State, seat: int) -> list[str]:
    """Every verb with plausible arguments, legal now or not."""
    cards = state.rules.cards
    zone, other = cards.zones[0].id, cards.zones[-1].id
    shape = cards.shapes[0].id
    return [f"{seat}:{verb}" for verb in (
        "draw", "roll", "settled", "collapse", "nospace", "swap", "timeout", "penalty",
        "allow", "block", "redirect", f"redirect {(seat + 1) % state.n}",
        f"target {seat}", f"target {(seat + 1) % state.n}", "pair 0 1",
        f"fell {zone}:{shape}", f"move {zone}:{shape} {other}")]


@pytest.mark.parametrize("players", [2, 4, 7])
def test_every_phone_is_the_same_in_every_world_it_cannot_tell_apart(players: int) -> None:
    rng = Rng(players)
    for seed in range(3):
        state = dallah.new_game(players, seed=seed,
                                held=[["ma_ysir"], ["ana_mali_dakhal"]] + [[]] * (players - 2))
        bot = dallah.ModelBot(seed)
        steps = reshuffled = 0
        while not state.is_over:
            if steps % 3 == 0:
                for seat in range(players):
                    world = state.sample_world(seat, rng.fork())
                    for lang in ("en", "ar"):
                        assert world.view(seat, lang) == state.view(seat, lang)
                        assert world.view(None, lang) == state.view(None, lang)
                    assert world.legal_actions(seat) == state.legal_actions(seat)
                    assert str(world) == str(state)
                    for probe in _probes(state, seat):
                        assert _refusal(world, probe) == _refusal(state, probe), probe
                    reshuffled += world.stock != state.stock
            state.apply(bot.choose(state))
            steps += 1
        assert reshuffled > steps // 6  # the worlds really do differ in what is hidden
