"""What a loaded Phase 10 save or position must satisfy beyond its declarations, the
setup values a game starts from, and the upgrade of saves written before the declared
fields or by an older engine.

The declarations check each field alone (types, limits, seats, card codes, a laid
group's shape); :data:`CONSERVE` declares that the 108 cards lie where play keeps them
(hands, piles, the table), each as often as the pack holds it. :func:`check_loaded`
keeps the rules a person states in a sentence, each citing its ruling: the deal passes
left, the score sheet adds up, phases are made in order and once, the seat to act can
act. A save the engine could never write is refused, so no handler meets a state it
cannot play.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable
from itertools import chain
from operator import itemgetter
from typing import TYPE_CHECKING, Any

from tablegames.common.errors import SetupError, StateError
from tablegames.common.fields import Conserve
from tablegames.phase10.cards import (
    LOG_CHUNK,
    PACK,
    PLAYED,
    REBUILT,
    SKIP,
    WILD,
    log_chunks,
    log_codes,
)
from tablegames.phase10.rules import Rules
from tablegames.phase10.sheet import credited_added, limit_hit_added, phase_laid_named

if TYPE_CHECKING:
    from tablegames.phase10.state import State

DRAW, PLAY, OVER = range(3)

#: Every card of the pack once per copy, in code order (what ``CONSERVE`` counts against).
PACK_CARDS = tuple(sorted(c for c, k in enumerate(PACK.counts) for _ in range(k)))
#: One result's points per seat.
_ADDED = itemgetter("added")


def _pack_cards(state: State) -> tuple[int, ...]:
    """The codes ``CONSERVE`` counts: :data:`PACK_CARDS`, whatever the rules."""
    return PACK_CARDS


#: The 108 cards lie in the hands, the draw and discard piles and the laid groups, each
#: as often as the pack holds it (P10-01: the codes are :data:`PACK_CARDS`); a position
#: may write the draw pile as ``shuffled``.
CONSERVE = Conserve("hands", "stock", "discard", "laid", shuffled="stock", ruling="P10-01",
                    codes=_pack_cards)


def ints_ok(value: object, n: int, lo: int, hi: int) -> bool:
    """Whether ``value`` is a list or tuple of ``n`` exact ints in ``lo..hi``."""
    return (
        isinstance(value, list | tuple) and len(value) == n
        and all(type(x) is int and lo <= x <= hi for x in value)
    )


def setup_values(n: int, rules: Rules, extra: dict[str, Any]) -> tuple[list[int], list[int], int]:
    """The starting phases (1-based), scores and dealer of a game's setup, checked."""
    if not extra:  # the usual setup (every load of every game checks it)
        return [1] * n, [0] * n, n - 1
    total = len(rules.phases)
    phases = extra.get("phases", [1] * n)
    if not ints_ok(phases, n, 1, total):
        raise SetupError(f"phases must be {n} phase numbers in 1..{total}")
    scores = extra.get("scores", [0] * n)
    if not ints_ok(scores, n, 0, 10**6):
        raise SetupError(f"scores must be {n} ints in 0..1000000")
    dealer = extra.get("dealer", n - 1)
    if type(dealer) is not int or not 0 <= dealer < n:
        raise SetupError(f"dealer must be a seat in 0..{n - 1}")
    return list(phases), list(scores), dealer


def check_loaded(state: State) -> None:
    """Every invariant play keeps, so a save the engine could never write is refused."""
    n = state.n
    rules = state.rules
    reqs = rules.phase_reqs
    total = len(reqs)
    # the setup this game started from; a game set up from a position started there,
    # so only what the position itself implies is checked (see below)
    setup = None if "position" in state.extra else setup_values(n, rules, state.extra)

    def bad(what: str) -> StateError:
        return StateError(f"$.state: {what}")

    # the hands' code order is declared (sort=True) and checked by the core
    over = state.stage == OVER
    if over != (state.winner >= 0):  # who played is declared: seat(among="playing")
        raise bad("a finished game has a winner, an unfinished one none (P10-53)")
    if len(state.results) != state.round + over:
        raise bad("the score sheet does not match the number of hands (P10-52)")
    if (state.last_hands is None) != (state.last_laid is None) or (
        not state.results and state.last_hands is not None
    ):
        raise bad("the last hand's cards are kept once a hand has ended")
    if state.last_hands is not None and state.last_laid is not None and (
        len(state.last_hands) != n or len(state.last_laid) != n
    ):
        raise bad("the last hand's cards and groups are kept for every seat")
    sheet_added = (list(map(sum, zip(*map(_ADDED, state.results), strict=True)))
                   if state.results else [0] * n)
    start_scores = [a - b for a, b in zip(state.scores, sheet_added, strict=True)]
    if setup is not None:
        if state.dealer != (setup[2] + state.round) % n:
            raise bad("the deal passes left each hand (P10-57)")
        if start_scores != setup[1]:
            raise bad("the scores do not add up to the score sheet")
    elif not all(0 <= x <= 10**6 for x in start_scores):
        raise bad("the scores do not add up to the score sheet")
    if sum(state.playing) < 2 or (not state.tiebreak and not all(state.playing)):
        raise bad("every seat plays, except those out of a tie-break hand (P10-53)")
    if state.stage == DRAW and state.plays >= rules.action_limit:
        raise bad("a hand at the move limit ends as the next turn begins (P10-61)")
    if any(res["limit_hit"] and res["out"] is not None for res in state.results):
        raise bad("a hand the move limit stopped has nobody out (P10-61)")
    for i, res in enumerate(state.results):  # the seat credited as if out (P10-51, P10-53)
        credited = res["credited"]
        if credited is None:
            continue
        if res["out"] is not None:
            raise bad("a hand somebody went out of credits nobody as if out (P10-51)")
        if res["limit_hit"] and not res["tiebreak"]:
            raise bad("a hand the move limit stopped credits a seat only in a tie-break "
                      "(P10-53, P10-61)")
        if res["tiebreak"] and (i != len(state.results) - 1 or state.winner != credited):
            raise bad("a tie-break hand's credited seat wins it, ending the game (P10-53)")
        # P10-52: as the one out, it scores 0, or (scoring="winner") everyone else does
        added = res["added"]
        if (added[credited] != 0 if rules.scoring != "winner"
                else sum(added) != added[credited]):
            raise bad("the seat credited as if out scores as the one out would (P10-52)")
    # the hand being played (or, once over, the last one) is not yet on the sheet
    past = state.results[:-1] if over else state.results
    # each seat's column of the sheet: the phase it laid, hand by hand
    rows = [res["phase_laid"] for res in past if not res["tiebreak"]]
    columns = list(zip(*rows, strict=True)) if rows else [()] * n
    for s in range(n):
        made = state.made[s]
        if made.bit_count() != state.completed[s] or made >> total:
            raise bad(f"seat {s}: the phases made do not match the phases completed")
        phases = [p for p in columns[s] if p is not None]
        sheet = 0
        for p in phases:
            if sheet >> (p - 1) & 1:
                raise bad(f"seat {s}: phase {p} completed twice (P10-44)")
            sheet |= 1 << (p - 1)
        lp = state.laid_phase[s]
        now = 1 << lp if lp >= 0 and not state.tiebreak else 0
        # what the seat had made before the sheet began: phases 1..k of the setup
        start = made & ~(sheet | now)
        if sheet & now or (sheet | now) & ~made or start & (start + 1) or (
            setup is not None and start != (1 << (setup[0][s] - 1)) - 1
        ):
            raise bad(f"seat {s}: the phases made do not match the score sheet (P10-41)")
        if over and state.results[-1]["phase_laid"][s] != (lp + 1 if lp >= 0 else None):
            raise bad(f"seat {s}: the last hand's result does not match its lay-down")
        _check_seat(state, s, made & ~now, total, reqs, over)
    if over and any(state.pending_skips):
        raise bad("a finished game has no skips waiting (P10-24)")
    if state.taken and (state.rules.discard_taken or state.stage != PLAY
                        or state.taken[0] == SKIP):
        raise bad("taken: only a card taken this turn (never a Skip, P10-23), in the play "
                  "stage, under discard_taken=False (P10-60)")
    if not over:
        _check_turn(state, rules.hand_size)
    if state.rebuilt is None:
        if any(state.drawn):
            raise bad("cards drawn since a rebuild that never happened (P10-59)")
    elif Counter(chain(state.stock, *state.drawn)) - Counter(state.rebuilt):
        raise bad("the draw pile holds cards it was not rebuilt from (P10-59)")
    _check_log(state, bad)


def _check_log(state: State, bad: Callable[[str], StateError]) -> None:
    """The hand's record (``sources``, ``hand_log``) is one play could write, so a world
    of it can be dealt with work bounded by the play it claims (found by helper-72: a
    small save of empty rebuilt piles, or of draws no hand could hold, loaded and then
    cost gigabytes or a bare ``ValueError`` in ``sample_world``).

    What is checked, each exactly as play keeps it (so a world, also one dealt as an
    unrecorded hand past the labelling budget, keeps it too):

    * every playing seat's log sees every rebuild (P10-59), the last source is
      ``rebuilt`` and a seat's draws since it are ``drawn``;
    * the deal (P10-30, P10-25): the turned-up cards are Skips but the last (covers only
      under the ``twist`` rule), none more often than the pack holds it;
    * the draws between two rebuilds (all seats together; only their number is public,
      the cards are checked against the whole state): before the first, at most the
      pack less the turned-up cards of each face (with the draw pile's copies of it if
      there was no rebuild: they were not drawn), and as many as the draw pile held
      after the deal (pack less hands dealt less turned up; less the draw pile now if
      there was no rebuild); from a rebuilt pile (P10-59), exactly its cards (it is
      rebuilt only once empty), the last one's with the draw pile now. So a rebuilt pile
      is not empty (rebuilt from the discard pile under its top card, and drawn from at
      once), holds no face more often than the pack, and there are at most as many
      rebuilds as draws;
    * per seat, hand size (exact): what it holds beyond the cards seen taken is the
      hand dealt (``hand_size``, P10-30) plus its draws less the cards it played that
      it had not taken, and never less than none at any point of its log. Only counts:
      which card a draw brought is the drawer's secret, and a world dealt past the
      budget keeps the counts but not which card each play was (``worlds``).
    """
    if state.sources is None:
        if any(state.hand_log):
            raise bad("a hand log without the hand's sources")
        return
    sources = state.sources
    rebuilds = len(sources) - 1
    if (state.rebuilt is None) != (rebuilds == 0) or (
        rebuilds and state.rebuilt != sources[-1]
    ):
        raise bad("the last source is not the rebuilt pile (P10-59)")
    pack = PACK.counts
    first = sources[0]
    twist = state.rules.first_skip == "twist"
    if not first or any(c != SKIP for c in first[:-1]) or (len(first) > 1 and not twist) or (
        any(v > pack[c] for c, v in Counter(first).items())
    ):
        raise bad("sources[0]: not the cards turned up at the deal (P10-25, P10-30)")
    for e in range(1, len(sources)):
        if not sources[e] or any(v > pack[c] for c, v in Counter(sources[e]).items()):
            raise bad(f"sources[{e}]: not a pile the draw pile could be rebuilt from "
                      "(P10-59)")
    # the draws of each stretch between rebuilds, all seats together
    draws: list[Counter[int]] = [Counter() for _ in sources]
    size = state.rules.hand_size
    for s, chunks in enumerate(state.hand_log):
        log = log_codes(chunks)
        if chunks != log_chunks(log):
            raise bad(f"seat {s}: its hand log is not in chunks of {LOG_CHUNK}")
        marks = [i for i, code in enumerate(log) if code == REBUILT]
        if len(marks) != (rebuilds if state.playing[s] else 0) or (
            not state.playing[s] and log
        ):
            raise bad(f"seat {s}: its hand log does not see every rebuild (P10-59)")
        tail = log[marks[-1] + 1:] if marks else ()
        if rebuilds and tuple(c for c in tail if c < PLAYED) != state.drawn[s]:
            raise bad(f"seat {s}: its hand log does not hold what it drew since the rebuild")
        if not state.playing[s]:
            continue
        hidden, epoch = size, 0
        for code in log:
            if code == REBUILT:
                epoch += 1
            elif code < PLAYED:
                hidden += 1
                draws[epoch][code] += 1
            else:
                hidden -= 1
                if hidden < 0:
                    raise bad(f"seat {s}: its hand log plays cards it did not hold (P10-30)")
        if hidden != len(state.hands[s]) - len(state.known_cards[s]):
            raise bad(f"seat {s}: its hand log does not match the cards it holds: "
                      f"{size} dealt (P10-30), its draws, less its plays")
    dealt = sum(state.playing) * size
    after_deal = sum(pack) - dealt - len(first)
    stock = Counter(state.stock)
    for e, got in enumerate(draws):
        total = got.total()
        if e == 0:
            # P10-59: until the first rebuild the draws and the draw pile are one pack's
            # cards less the turned-up ones, so each face's draws and copies in the pile
            # together fit in it (the rest were dealt). Not only the draws alone: a log
            # drawing a face whose copies all lie in the pile loaded, and once one was
            # drawn the game refused its own save (found by helper-205). After a rebuild
            # the pile is that rebuild's, which may hold cards drawn before it.
            pile = Counter() if rebuilds else stock
            fine = total == after_deal - (0 if rebuilds else len(state.stock)) and all(
                v + pile[c] <= pack[c] - first.count(c) for c, v in got.items())
        else:
            fine = got + (stock if e == rebuilds else Counter()) == Counter(sources[e])
        if not fine:
            where = "before the first rebuild" if e == 0 else f"from sources[{e}]"
            raise bad(f"the hand logs' draws {where} are not what that pile held (P10-59)")
    if not rebuilds:  # each seat's own draws, against its hand (after all seats' above)
        for s, chunks in enumerate(state.hand_log):
            _check_own_faces(state, s, log_codes(chunks), bad)


def _check_own_faces(state: State, s: int, log: tuple[int, ...],
                     bad: Callable[[str], StateError]) -> None:
    """Seat ``s``'s log, before any rebuild (P10-59), against its hand face by face.

    Every card a seat holds that the table did not see it take (its hand less
    ``known_cards``; a taken copy is the one played first, so this count per face moves
    only with the log) was dealt to it or drawn, and every card it played that it had not
    taken was one of those. So, reading the log backwards from the hand now, a draw takes
    back a copy the seat held just after it: its draws of a face after any point are at
    most the copies it holds hidden now plus those it played after that point, and what
    is left at the start is the hand dealt. A log drawing a face the seat neither holds
    nor played loaded (the counts and all seats' draws of each face fitted), and its own
    worlds, which keep its log and deal that face's copies anew, were mostly refused on
    reload (found by helper-208). Which draw brought which copy stays the seat's secret.

    Before the first rebuild only: a world dealt after one past the labelling budget
    keeps each log's counts but not which card each draw brought (``worlds``), so it
    would not keep this, nor even each face's count (its other seats' draws are not read
    from their hands). A save whose log, after a rebuild, draws a face its seat neither
    holds nor played is such a world of another seat, so it loads, and its seat's own
    worlds are dealt as past the budget (``worlds._after_rebuilds``; found by helper-209,
    settled by helper-210). The logs of an engine's worlds before one do keep this
    (``worlds._log_for`` draws each card, walking backwards, from those held then).
    """
    held = Counter(state.hands[s])
    held.subtract(state.known_cards[s])
    for code in reversed(log):
        if code >= PLAYED:
            held[code - PLAYED] += 1
        else:
            held[code] -= 1
            if held[code] < 0:
                raise bad(f"seat {s}: its hand log draws a card it neither holds nor played "
                          "after (P10-59)")


def _check_seat(state: State, s: int, at_start: int, total: int, reqs: Any, over: bool,
                ) -> None:
    """One seat's part of :meth:`_check_loaded`."""
    def bad(what: str) -> StateError:
        return StateError(f"$.state: seat {s}: {what}")

    if not state.playing[s]:
        if state.phases[s] != -1 or state.down[s] or state.pending_skips[s] or state.hands[s] \
                or state.known_cards[s] or state.laid[s]:
            raise bad("sits out this hand, so it holds and does nothing (P10-53)")
        return
    full = (1 << total) - 1
    want = total - 1 if state.tiebreak else state._first_open(s, at_start)
    if state.phases[s] != want or (not state.tiebreak and at_start == full):
        raise bad("works on the wrong phase (P10-45)")
    lp = state.laid_phase[s]
    if (lp >= 0) != state.down[s] or bool(state.laid[s]) != state.down[s]:
        raise bad("is down exactly when it has laid a phase (P10-40)")
    if lp >= 0:
        allowed = state.open_phases(s) if state.tiebreak or not state.rules.phase_choice \
            else [i for i in range(total) if not at_start >> i & 1]
        shapes = sorted((k, len(c)) for k, _, c in state.laid[s])
        need = sorted(reqs[lp])
        if lp not in allowed or len(shapes) != len(need) or any(
            gk != nk or gs < ns for (gk, gs), (nk, ns) in zip(shapes, need, strict=True)
        ):
            raise bad("its groups are not the phase it laid (P10-40)")
        naturals = [sum(c < WILD for c in body) for _, _, body in state.laid[s]]
        if (min(naturals) if state.rules.naturals == "group" else max(naturals)) < 1:
            raise bad("its groups lack the natural cards P10-54 asks for")
    known, hand = state.known_cards[s], state.hands[s]
    if known and any(known.count(c) > hand.count(c) for c in set(known)):
        raise bad("known cards are not in that hand (P10-31)")
    if not over and not state.hands[s]:
        raise bad("holds no card while the hand goes on (P10-51)")


def _check_turn(state: State, size: int) -> None:
    """The seat to act (one in play: declared) is not to be skipped, and no hand is
    larger than play allows."""
    active = state.active
    if state.pending_skips[active]:
        raise StateError("$.state.active: the seat to act cannot act (P10-24)")
    if state.laid_this_turn and (state.stage != PLAY or not state.down[active]):
        raise StateError("$.state.laid_this_turn: only after laying, in the play stage "
                         "(P10-50)")
    for s, h in enumerate(state.hands):
        if len(h) > size + (s == active and state.stage == PLAY):
            raise StateError(f"$.state.hands[{s}]: more cards than play ever leaves (P10-30)")
    if state.stage == DRAW and not (
        state.stock or len(state.discard) > 1 or (state.discard and state.discard[-1] != SKIP)
    ):
        raise StateError("$.state: nothing to draw, yet the hand goes on (P10-59)")


def upgrade_old_state(old: dict[str, Any]) -> dict[str, Any]:
    """A state saved before the declared fields (format 1, or format 2 before the
    conversion) in today's shape: ``step`` is now ``stage``, and each hand's result says
    ``round`` for ``hand``, and the final hands of the last hand were not kept."""
    new = dict(old)
    new["stage"] = new.pop("step")
    new["last_hands"] = new["last_laid"] = None
    results = new.get("results")
    if type(results) is list:
        upgraded = []
        for res in results:
            if type(res) is dict and "hand" in res:
                res = {**res, "round": res["hand"]}
                del res["hand"]
            upgraded.append(res)
        new["results"] = upgraded
    return new


def upgrade_engine(state: dict[str, Any], engine: int) -> dict[str, Any]:
    """A save by engine 1 in engine 2's form. It lacks ``sources`` and ``hand_log``, so
    the hand it was saved in is not recorded (``sources`` is ``None``, every log empty)
    and its worlds are judged as engine 1 judged them; the next hand dealt records them.
    Each hand's result on its score sheet says ``phase_laid`` for the phase each seat
    laid (engine 1 said ``completed``, the view's count of phases done;
    :func:`~tablegames.phase10.sheet.phase_laid_named`). The engines play alike, so
    nothing else changes; a value of the wrong type is left for the strict load to
    refuse, and a save by engine 1 that holds engine 2's record is refused (no engine
    wrote that). Engine 3's ``active`` (was ``turn``) is declared
    (``State.ENGINE_RENAMED``) and renamed before this runs. Engine 4 keeps ``taken``
    (P10-60): an older save gets it empty, as no rules of its engine kept it, and one
    holding it is refused (no engine wrote that). Engine 5 counts the hand's actions
    (``plays``, P10-61) and each result says ``limit_hit``: an older save gets the count
    0 here, and the true count once loaded (``State._upgraded`` replays its history),
    and ``limit_hit: false`` in every result (its engine had no limit); one holding
    either is refused (no engine before 5 wrote them). Engine 6's results say
    ``credited``, the seat a hand nobody went out of scored as if out: an older save's
    say ``None`` here (its engine did not record it), derived from the sheet's figures
    once loaded (``State._upgraded``), and one holding the key is refused
    (no engine before 6 wrote it). (``state`` is a
    fresh dict, read after the format's and the engines' renames.)"""
    if engine < 2 and ("sources" in state or "hand_log" in state):
        raise StateError("$.state: a save by engine 1 holds the hand's record (sources, "
                         "hand_log), which only engine 2 writes")
    if engine < 2:
        hands = state.get("hands")
        state["sources"] = None
        state["hand_log"] = [[] for _ in hands] if type(hands) is list else hands
    if engine < 4:
        if "taken" in state:
            raise StateError(f"$.state: a save by engine {engine} holds taken (P10-60), "
                             "which only engine 4 writes")
        state["taken"] = []
    if engine < 5:
        if "plays" in state:
            raise StateError(f"$.state: a save by engine {engine} holds plays (P10-61), "
                             "which only engine 5 writes")
        state["plays"] = 0  # counted by replaying the history once loaded
    results = state.get("results")
    if engine < 2 and type(results) is list:
        results = state["results"] = list(phase_laid_named(results))
    if engine < 5 and type(results) is list:
        if any(type(res) is dict and "limit_hit" in res for res in results):
            raise StateError(f"$.state.results: a save by engine {engine} holds limit_hit "
                             "(P10-61), which only engine 5 writes")
        results = state["results"] = list(limit_hit_added(results))
    if engine < 6 and type(results) is list:
        if any(type(res) is dict and "credited" in res for res in results):
            raise StateError(f"$.state.results: a save by engine {engine} holds credited "
                             "(P10-51, P10-53), which only engine 6 writes")
        state["results"] = list(credited_added(results))
    return state
