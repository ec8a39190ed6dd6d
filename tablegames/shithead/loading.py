"""What a loaded Shithead state must satisfy beyond its fields' kinds and the declared
card conservation (``State.CONSERVE``: every card of the decks once per copy): the rules a
person would state about a table in a sentence each, checked in order (the first broken
one is named in the ``StateError``)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING, Any

from tablegames.common.actions import FrozenDict
from tablegames.common.errors import RulesError, SetupError, StateError, quoted
from tablegames.shithead.cards import FACES, pack
from tablegames.shithead.inference import cards_of, consistent
from tablegames.shithead.rules import Rules
from tablegames.shithead.stages import (
    GIVING,
    HAND_SIZE,
    MAX_CARDS,
    MIN_PLAYERS,
    OVER,
    PER_SEAT,
    PLAY,
    SWAP,
)

if TYPE_CHECKING:
    from tablegames.shithead.state import State


def full_deck(decks: int) -> tuple[int, ...]:
    """Every card of ``decks`` decks in code order (a new tuple each call: about 5 µs of a
    load's 500, measured in 2026-12, fix155)."""
    return tuple(pack(decks).full_deck())


def deck_codes(state: State) -> tuple[int, ...]:
    """The codes ``State.CONSERVE`` counts: every card of the rules' decks, each as often
    as they hold it (SHD-02)."""
    return full_deck(state.rules.decks)


def _unseen(hand: Sequence[int], known: Sequence[int]) -> list[int] | None:
    """``hand`` less the cards of ``known`` (a multiset), or ``None`` if ``known`` is not
    part of ``hand``: ``contains`` and ``minus`` in one pass for loading."""
    rest = list(hand)
    try:
        for c in known:
            rest.remove(c)
    except ValueError:
        return None
    return rest


def _is_sorted(seats: tuple[int, ...]) -> bool:
    """Whether the seats waiting to swap are in seat order (a tuple never equals the list
    ``sorted`` gives); the card lists declared ``sort=True`` are the core's to check."""
    return seats == tuple(sorted(seats))


def check_loaded(state: State) -> None:
    """What a save must satisfy beyond its fields' kinds (else ``StateError``)."""
    n = state.n
    rules = state.rules
    stage = state.stage
    if state.direction == 0:
        raise StateError("$.state.direction: direction is 1 or -1")
    if sum(state.tally) != len(state.rounds_done):
        raise StateError("$.state.tally: does not match the rounds played")
    if state.round >= rules.rounds or len(state.rounds_done) != state.round + (
        stage == OVER
    ):
        raise StateError("$.state.round: does not match the rounds played")
    for i, item in enumerate(state.rounds_done):
        if (
            type(item) is not FrozenDict or set(item) != {"round", "loser", "order", "limit_hit"}
            or item["round"] != i or type(item["loser"]) is not int
            or not 0 <= item["loser"] < n or type(item["limit_hit"]) is not bool
            or type(item["order"]) is not tuple or len(item["order"]) >= n
            or not all(type(s) is int and 0 <= s < n for s in item["order"])
            or len(set(item["order"])) != len(item["order"])
            or item["loser"] in item["order"]
        ):
            raise StateError(f"$.state.rounds_done[{i}]: not a round summary")
    check_seats(state)
    if len(set(state.finished)) != len(state.finished):
        raise StateError("$.state.finished: a seat finishes only once")
    queue = state.swapping
    if (stage == SWAP) != bool(queue) or len(set(queue)) != len(queue):
        raise StateError("$.state.swapping: seats wait to swap (each once) only before play")
    if stage == SWAP:
        if not rules.swap:
            raise StateError("$.state.stage: these rules have no swap")
        if rules.swap_mode == "turns" and queue != tuple(range(n - len(queue), n)):
            raise StateError("$.state.swapping: seats swap in seat order")
        if rules.swap_mode == "turns" and state.plays:  # SHD-03: only a swap at once counts
            raise StateError("$.state.plays: a swap in turns counts no actions toward the "
                             "action limit")
        if not _is_sorted(queue):
            raise StateError("$.state.swapping: not in seat order")
        if state.finished or state.pile or state.burnt or state.removed or state.starter != -1:
            raise StateError("$.state: nothing is played before the swap is over")
    elif state.starter < 0 and stage != OVER:
        raise StateError("$.state.starter: play has a starter")
    if stage != OVER and sum(state.playing) < 2:
        raise StateError("$.state.playing: a round goes on only while two seats hold cards")
    if stage == GIVING and (not state.pile or len(state._targets(state.active)) < 2):
        raise StateError("$.state.stage: nobody to choose as taker of the pile")
    if stage == OVER and state.loser < 0:
        raise StateError("$.state.loser: a finished round has a loser")
    if stage != OVER and (state.loser >= 0 or state.limit_hit):
        raise StateError("$.state.loser: a round in play has no loser yet")
    if state.plays >= rules.action_limit and stage != OVER:
        raise StateError("$.state.plays: the round is past its action limit")
    if state.plays == 0 and stage in (PLAY, GIVING) and rules.lead_shown and (
            rules.starter == "lowest"):
        check_unplayed(state)


def check_unplayed(state: State) -> None:
    """A round under ``Rules.lead_shown`` whose ``plays`` says no action of play has been
    taken must look so (part of ``check_loaded``).

    ``State.lead_card`` reads ``plays == 0`` as "no card of the round played yet", so the
    starter must open with the card it showed (SHD-04). A state that says so beside a pile,
    burnt or removed cards, a finished seat, a taker to choose or another seat's turn
    is none that play reaches, and some left the seat to act with no legal action (found
    by helper-77: on a pile the shown card was too low, every other card was not the
    lead, and a pick-up was refused because a card fitted). Real play writes
    ``plays == 0`` only as a round's play opens, with none of these; a hand-written
    position of a later moment says how many actions were taken (``plays: 1`` or more)."""
    told = ("plays is 0 under lead_shown: no card of the round has been played, "
            "so the starter still has to lead the card it showed (SHD-04)")
    if state.stage == GIVING:
        raise StateError(f"$.state.stage: choosing who takes the pile follows a play; {told}")
    for name in ("pile", "burnt", "removed"):
        if getattr(state, name):
            raise StateError(f"$.state.{name}: holds cards; {told}")
    if state.finished:
        raise StateError(f"$.state.finished: a seat has finished; {told}")
    if state.active != state.starter:
        raise StateError(f"$.state.active: is not the starter's; {told}")
    if not state.hands[state.starter]:
        raise StateError(f"$.state.hands[{state.starter}]: the starter holds no hand card "
                         f"to show; {told}")


def check_seats(state: State) -> None:
    """Each seat's cards, knowledge and place in the round (part of ``_check_loaded``).

    The checks of one seat run in this order and the first that fails is named, as
    the seats come; it runs on every load, so the common cases take short cuts that
    decide the same: no known cards leaves the whole hand unseen, and slots without
    bars fit any unseen cards of their number (``consistent`` of such slots is a
    length test). ``rounds_done`` is checked before (each loser a seat), and so is the
    code order of the hands, face-up and known cards: they are declared ``sort=True``,
    which the core checks first on every load and position
    (:func:`~tablegames.common.declared.check_code_order`), so none is checked here.
    """
    stage = state.stage
    ups, downs, all_slots = state.face_up, state.face_down, state.bars
    hands, all_known = state.hands, state.known_cards
    all_playing, tally = state.playing, state.tally
    finished = set(state.finished)
    lost = [0] * state.n
    for d in state.rounds_done:
        lost[d["loser"]] += 1
    giver = state.active if stage == GIVING else -1  # may hold nothing for a moment
    for s in range(state.n):
        up, down, slots = ups[s], downs[s], all_slots[s]
        if len(up) > HAND_SIZE or len(down) > HAND_SIZE:
            raise StateError(f"$.state: seat {s} has more than {HAND_SIZE} cards on the table")
        if len(slots) > HAND_SIZE:
            raise StateError(f"$.state.bars[{s}]: at most {HAND_SIZE} unseen hand cards")
        if lost[s] != tally[s]:
            raise StateError(f"$.state.tally[{s}]: does not match the rounds played")
        hand = hands[s]
        known = all_known[s]
        unseen: Sequence[int] | None = hand
        if known and (unseen := _unseen(hand, known)) is None:
            raise StateError(f"$.state.known_cards[{s}]: not cards of that hand")
        assert unseen is not None
        if len(slots) != len(unseen) or (any(slots) and not consistent(slots, unseen)):
            raise StateError(f"$.state.bars[{s}]: do not fit the unseen cards of that hand")
        playing = all_playing[s]
        if playing == (s in finished):
            raise StateError(f"$.state: seat {s} is both in play and finished, or neither")
        holds = bool(hand or up or down)
        if not playing and holds:
            raise StateError(f"$.state: seat {s} has left the round but holds cards")
        if playing and not holds and stage != OVER and s != giver:
            raise StateError(f"$.state: seat {s} holds no cards but is still in play")


def max_players(decks: int) -> int:
    """The most seats ``decks`` decks can deal nine cards to (SHD-02); ``decks`` is a
    count (an exact ``int`` of at least 1, else a ``RulesError``, as ``Rules`` says)."""
    if type(decks) is not int or decks < 1:
        raise RulesError(f"decks is a count of at least 1, not {quoted(decks)}")
    return FACES * decks // PER_SEAT


def check_setup(players: tuple[str, ...], rules: Rules, extra: dict[str, Any],
                keys: frozenset[str]) -> None:
    """Refuse players and setup that could not be dealt (``SetupError``)."""
    top = max_players(rules.decks)
    if len(players) > top:  # SHD-02: the decks must deal each player nine cards
        raise SetupError(
            f"{rules.decks} deck(s) deal nine cards to at most {top} players, "
            f"not {len(players)}; use Rules(decks=...) for more"
        )
    if len(players) < MIN_PLAYERS:
        raise SetupError(f"shithead is for {MIN_PLAYERS} to {top} players, not {len(players)}")
    if rules.starter == "seat" and rules.starter_seat >= len(players):
        raise SetupError(f"starter_seat {rules.starter_seat} is not a seat of a game of "
                         f"{len(players)} players")
    keep = extra.get("stock")
    if keep is not None and (type(keep) is not int or not 0 <= keep <= MAX_CARDS):
        raise SetupError("stock must be an int in 0..156 (cards kept in the draw pile)")
    unknown = set(extra) - keys
    if unknown:
        raise SetupError(f"unknown shithead setup: {', '.join(sorted(unknown))}")


def limit_hit_named(rounds_done: Sequence[Any]) -> Sequence[Any]:
    """The round summaries with the action limit's flag under ``limit_hit``, as engines 4
    and 5 write it (and as the save's own ``limit_hit`` field is named): up to engine 3 a
    summary said ``limit``, the word Toepen uses for a number of lives. The same sequence
    when there is nothing to rename; else a list of plain dicts (a save's are read and
    frozen after, a position's frozen by its caller). Summaries that already say
    ``limit_hit`` anywhere are left as they are, for the strict load to refuse any
    ``limit`` among them: no engine wrote both names."""
    maps = [item for item in rounds_done if isinstance(item, Mapping)]
    if not any("limit" in item for item in maps) or any("limit_hit" in item for item in maps):
        return rounds_done
    return [{("limit_hit" if k == "limit" else k): v for k, v in item.items()}
            if isinstance(item, Mapping) else item for item in rounds_done]


#: The largest bar a save by engine 1 to 6 could hold: bits 1 to 13, one per value.
_OLD_ALL_VALUES = (1 << 14) - 2


def _old_bar(mask: Any) -> Any:
    """An engine-6 bar (bit ``v``: the value ``v``) as a mask of cards (bit ``c``); any
    value no engine wrote as a bar is made one no engine writes, for the strict load to
    refuse (a ``bool`` is left as it is: the load refuses it as it always did)."""
    if type(mask) is not int:
        return mask
    return cards_of(mask) if 0 <= mask <= _OLD_ALL_VALUES else -1


def value_bars(bars: tuple[tuple[int, ...], ...]) -> tuple[tuple[int, ...], ...]:
    """The bars with only whole values kept: what an engine before 7 laid, which barred
    values only (each one's four cards), never single cards (:func:`old_start_bars`)."""
    out = []
    for slots in bars:
        kept = []
        for m in slots:
            whole = 0
            for v in range(13):
                if m >> v * 4 & 0b1111 == 0b1111:
                    whole |= 0b1111 << v * 4
            kept.append(whole)
        out.append(tuple(kept))
    return tuple(out)


def old_start_bars(state: State) -> tuple[tuple[int, ...], ...]:
    """The bars ``state``'s history gives when the round it is in was opened by an engine
    before 7, as a save by such an engine holds them (:meth:`State._as_saved`).

    Such an engine's start barred lower ranks only, never the earlier suits of the shown
    rank (SHD-04). That changes more than the start's own bars: when the starter later
    plays an unseen card of an earlier suit of the shown rank (one it drew) while cards
    dealt to it are still unseen, today's engine frees the slot of a drawn card (the
    dealt ones bar it) where the older engine freed the oldest dealt slot (found by
    helper-140 in seeded engine-6 play). So the history is replayed once more, with
    the round's start bars taken back to whole values at the moment it opens; every
    other step plays as today's engine plays it, as the older engine did (its bars
    were whole values, read as their four cards). Earlier rounds need nothing: a new
    deal clears every bar. The caller checked that the history replays."""
    again = type(state)._start(state.players, state.seed, state.rules, state.deck,
                               state.extra)
    opened = False
    for action in (None, *state.history):
        if action is not None:
            again.apply(action)
        if not opened and again.round == state.round and again.starter >= 0:
            # the round opens: nothing else is barred yet (a deal clears every bar, a
            # swap only frees slots), so its bars are the start's, suit bar and all
            again.bars = value_bars(again.bars)
            opened = True
    return again.bars


def upgrade_engine(state: dict[str, Any], engine: int) -> dict[str, Any]:
    """A save by engine 1 to 6 in engine 7's form: up to engine 3 its round summaries say
    ``limit`` and are read as ``limit_hit`` (:func:`limit_hit_named`); up to engine 6 a
    bar on an unseen hand card is a mask of values (bit ``v``) and is read as the mask of
    their cards (bit ``c``, every suit of each value: :func:`~.inference.cards_of`),
    without the start's suit bar no such engine laid (its worlds stay as that engine
    dealt them). Engine 5's ``active`` (was ``turn``) and engine 6's ``playing`` and
    ``known_cards`` (were ``in_play`` and ``known``) are declared
    (``State.ENGINE_RENAMED``) and renamed before this runs; nothing else changes
    (engine 5 changed play only otherwise, SHD-25 after an Under-over, so such a save
    loads as it was and plays on under today's rules; engine 6 changed names only). A
    value that is no list is left for the strict load to refuse."""
    done = state.get("rounds_done")
    if engine < 4 and type(done) is list:
        state["rounds_done"] = list(limit_hit_named(done))
    bars = state.get("bars")
    if engine < 7 and type(bars) is list:
        state["bars"] = [[_old_bar(m) for m in slots] if type(slots) is list else slots
                         for slots in bars]
    return state
