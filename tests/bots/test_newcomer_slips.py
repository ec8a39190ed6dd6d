"""A bot author's first slips, found following docs/guides/bot.md (helper-216): each is a
clear ``SetupError`` where it is made, never a ``TypeError`` from deep inside a game, and
changes nothing."""

from __future__ import annotations

from typing import Any

import numpy as np
import pytest

from tablegames import bots
from tablegames.bots import registry
from tablegames.bots.harness import bot_seed
from tablegames.common.errors import SetupError
from tablegames.testing import check_game


class Dice(bots.Bot):
    """The guide's bot: any legal action, by the question's luck."""

    def __init__(self, info: Any, seed: int | str = 0) -> None:
        self.seed = seed

    def choose(self, handle: Any) -> Any:
        actions = handle.legal_actions()
        return actions[bots.decision_rng(self.seed, handle).below(len(actions))]


@pytest.mark.parametrize("factory", [5, "Dice", None, Dice(None)])
def test_register_refuses_a_factory_it_could_never_call(factory: Any) -> None:
    # bots.register("dice", "Dice") was taken, and make() then raised "'str' object is
    # not callable" (None: "toepen has no bot 'slip'; known: ..., slip")
    before = registry.names("toepen")
    with pytest.raises(SetupError, match="factory"):
        bots.register("slip", factory, game="toepen")
    assert registry.names("toepen") == before


def test_the_kit_refuses_a_factory_that_does_not_take_info_and_seed() -> None:
    def one_argument(info: Any) -> Dice:
        return Dice(info)

    # was a bare TypeError from inside the kit's first game
    with pytest.raises(SetupError, match=r"\(info, seed"):
        check_game("toepen", players=2, seeds=range(1), bot=one_argument)


def test_the_kit_refuses_a_factory_whose_bot_cannot_choose() -> None:
    def no_bot(info: Any, seed: int | str = 0) -> object:
        return object()

    # was an AttributeError at the first turn
    with pytest.raises(SetupError, match=r"choose\(handle\)"):
        check_game("toepen", players=2, seeds=range(1), bot=no_bot)


def test_the_kit_still_plays_a_factory_that_takes_info_and_seed() -> None:
    assert check_game("toepen", players=2, seeds=range(1), bot=Dice).games == 1


@pytest.mark.parametrize(("seed", "seat"), [(True, 0), (1.5, 0), (None, 0), (b"7", 0),
                                            (7, True), (7, -1), (7, 1.0), (7, "1")])
def test_bot_seed_refuses_what_no_game_is_dealt_from(seed: Any, seat: Any) -> None:
    # bot_seed(True, 0) gave a seed, for a game new_game refuses to deal (bool is no int)
    with pytest.raises(SetupError):
        bot_seed(seed, seat)


def test_bot_seed_reads_numpy_integers_as_the_ints_they_hold() -> None:
    assert bot_seed(np.int64(7), np.int8(1)) == bot_seed(7, 1) != bot_seed(7, 2)
    assert bot_seed("7", 1) == bot_seed(7, 1)  # as before: the hash reads the seed's text
