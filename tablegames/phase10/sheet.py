"""Phase 10's score sheet: one result per finished hand, checked as strictly as a save.

A result is a dict of exactly :data:`RESULT_KEYS`; the state keeps the sheet as a tuple of
them (``State.results``), declared with :data:`RESULTS`. Each result is also the start of
the ``round_over`` event and the view's ``last_round``, so its keys are theirs.

``phase_laid`` is the phase each seat laid that hand (a number from 1, or ``None``): engine
1 called it ``completed``, the word the view and the ``lay`` event use for a count of the
phases done, so one word meant two things on one table (:func:`phase_laid_named`).
"""

from __future__ import annotations

import operator
from collections.abc import Mapping, Sequence
from itertools import chain, repeat
from typing import Any

from tablegames.common.actions import freeze, fresh
from tablegames.common.errors import StateError
from tablegames.common.fields import checked, frozen_json, tuple_seq
from tablegames.common.serialization import Reader

#: The keys of one hand's result on the score sheet (``results``).
RESULT_KEYS = frozenset({"round", "out", "added", "tiebreak", "phase_laid", "limit_hit",
                         "credited"})


#: The values of one result, in one C call per result.
_RESULT_VALUES = operator.itemgetter("round", "tiebreak", "out", "added", "phase_laid",
                                     "limit_hit", "credited")
_ONLY = {t: frozenset({t}) for t in (int, bool, list, dict)}


def _sheet_ok(raw: list[Any], n: int) -> bool:
    """Whether every result of ``raw`` is a well-formed result of its hand (the fast
    check: each condition tested across the whole sheet at once, in C).

    A result is a dict of exactly :data:`RESULT_KEYS`: ``round`` its index, ``tiebreak``
    a bool, ``out`` ``None`` or a seat, ``added`` ``n`` points in 0..10**6,
    ``phase_laid`` ``n`` phase numbers in 1..30 or ``None``, ``limit_hit`` a bool
    (``Rules.action_limit`` ended the hand, P10-61) and ``credited`` ``None`` or a seat
    (the one scored as if out of a hand nobody went out of, P10-51, P10-53). ``bool`` is
    not ``int``.
    """
    if not raw:
        return True
    if not _ONLY[dict].issuperset(map(type, raw)) or not all(
            map(operator.eq, map(dict.keys, raw), repeat(RESULT_KEYS))):
        return False
    rounds, ties, outs, added, laid, limits, credits = zip(*map(_RESULT_VALUES, raw),
                                                           strict=True)
    if not _ONLY[int].issuperset(map(type, rounds)) or rounds != tuple(range(len(raw))):
        return False
    if not _ONLY[bool].issuperset(map(type, ties)) or not _ONLY[bool].issuperset(map(type, limits)):
        return False
    for seats in (outs, credits):
        out = [o for o in seats if o is not None]
        if not _ONLY[int].issuperset(map(type, out)) or (out and (min(out) < 0 or max(out) >= n)):
            return False
    if not (_ONLY[list].issuperset(map(type, added)) and _ONLY[list].issuperset(map(type, laid))
            and set(map(len, added)) == {n} and set(map(len, laid)) == {n}):
        return False
    points = list(chain.from_iterable(added))
    if not _ONLY[int].issuperset(map(type, points)) or min(points) < 0 or max(points) > 10**6:
        return False
    done = [x for x in chain.from_iterable(laid) if x is not None]
    return _ONLY[int].issuperset(map(type, done)) and (not done or (min(done) >= 1 and max(done) <= 30))


def load_results(r: Reader, n: int) -> list[dict[str, Any]]:
    """The score sheet: one checked result per finished hand (see :data:`RESULT_KEYS`).

    Results are checked directly (a server loads saves all the time); only a bad one is
    read again through the reader, for an error that names the path.
    """
    raw = r.value
    if type(raw) is list and _sheet_ok(raw, n):
        return list(raw)
    for i, item in enumerate(r.items()):
        if set(item.keys()) != RESULT_KEYS:
            raise item.fail(f"a hand's result has the keys {', '.join(sorted(RESULT_KEYS))}")
        item["round"].int(i, i)
        item["out"].opt_int(0, n - 1)
        if len(item["added"].ints(0, 10**6)) != n:
            raise item["added"].fail(f"expected {n} entries")
        item["tiebreak"].bool()
        item["limit_hit"].bool()
        item["credited"].opt_int(0, n - 1)
        for x in item["phase_laid"].list(n):
            x.opt_int(1, 30)
    raise r.fail("not a score sheet")  # both checks agree; this line is a safety net


def phase_laid_named(results: Sequence[Any]) -> Sequence[Any]:
    """The score sheet with each hand's laid phases under ``phase_laid``, as engine 2
    writes it: engine 1 said ``completed``, which the view and the ``lay`` event use for how
    many phases a seat has done. The same sequence when there is nothing to rename; else
    a list of plain dicts (a save's are checked and frozen after, a position's by its
    reader). A sheet that already says ``phase_laid`` anywhere is left as it is, for the
    strict check to refuse any ``completed`` in it: no engine wrote both names."""
    maps = [item for item in results if isinstance(item, Mapping)]
    if not any("completed" in item for item in maps) or any("phase_laid" in item for item in maps):
        return results
    return [{("phase_laid" if k == "completed" else k): v for k, v in item.items()}
            if isinstance(item, Mapping) else item for item in results]


def limit_hit_added(results: Sequence[Any]) -> Sequence[Any]:
    """The score sheet with ``limit_hit`` in every hand's result, as engine 5 writes it
    (``Rules.action_limit``, P10-61): an older engine had no limit, so none of its hands
    was stopped by one (``False``). A result that holds the key already is left as it
    is, for the strict check to judge; the same sequence when there is nothing to add."""
    if not any(isinstance(item, Mapping) and "limit_hit" not in item for item in results):
        return results
    return [{**item, "limit_hit": False} if isinstance(item, Mapping) and "limit_hit" not in item
            else item for item in results]


def credited_added(results: Sequence[Any]) -> Sequence[Any]:
    """The score sheet with ``credited`` in every hand's result, as engine 6 writes it:
    an older engine did not record the seat a hand nobody went out of credited as if out
    (P10-51, P10-53), so its results say ``None`` (until :func:`credited_derived` reads
    the seat from the loaded sheet's figures). A result that holds the key already is
    left as it is, for the strict check to judge; the same sequence when there is nothing
    to add."""
    if not any(isinstance(item, Mapping) and "credited" not in item for item in results):
        return results
    return [{**item, "credited": None} if isinstance(item, Mapping) and "credited" not in item
            else item for item in results]


def credited_derived(results: Sequence[Any], winner: int, winner_scores: bool) -> tuple[Any, ...]:
    """The score sheet of a save by an engine before 6 (every ``credited`` ``None``, as
    :func:`credited_added` gave it) with ``credited`` derived wherever the sheet itself
    shows which seat a hand nobody went out of scored as if out (P10-51, P10-53), as
    engine 6 would have recorded it; ``winner`` is the save's (-1: the game goes on),
    ``winner_scores`` whether the rules say ``scoring="winner"``. The sheet is shared,
    not copied, when nothing is derived.

    It is exact because nobody who is still in a hand ends it holding no card (emptying
    the hand goes out, P10-51) and every card scores at least 5 (P10-52), so a hand
    nobody went out of shows its credited seat by its figures alone:

    * a hand outside a tie-break, where every seat plays: under penalty scoring the one
      seat that added 0 (a dead hand, P10-59, or one the move limit stopped, P10-61,
      adds points for every seat); under ``scoring="winner"`` the one seat that added
      points (a dead hand adds none). The rules say which: with two seats, ``[0, 10]``
      is seat 0 credited under one and seat 1 under the other.
    * a tie-break hand (P10-53), where the seats sitting out add 0 too: only the hand
      that ended the game can have credited a seat (a credited tie-break seat wins it),
      and that seat is the game's winner.

    A hand whose figures show no single such seat keeps ``None``: it was dead, or its
    figures contradict one another and nothing is guessed (the strict load has already
    judged them). So every hand of a save the strict load accepts gets the value engine
    6 records; what no save holds is not derived (a position's result line names
    ``credited`` only when it is a seat, so a position's sheet is read as written)."""
    last = len(results) - 1
    derived = list(results)
    for i, res in enumerate(results):
        if res["credited"] is not None or res["out"] is not None:
            continue
        added = res["added"]
        if res["tiebreak"]:  # P10-53: the credited seat won it, ending the game
            seats = [winner] if i == last and winner >= 0 else []
            if seats and (sum(added) != added[winner] if winner_scores else added[winner] != 0):
                seats = []
        elif res["limit_hit"]:  # P10-61: outside a tie-break a stopped hand credits nobody
            seats = []
        elif winner_scores:  # P10-52: the credited seat collects the others' points
            seats = [s for s, points in enumerate(added) if points > 0]
        else:  # P10-52: the credited seat scores 0, as the one out does
            seats = [s for s, points in enumerate(added) if points == 0]
        if len(seats) == 1:
            derived[i] = freeze({**res, "credited": seats[0]})
    return tuple(derived)


def _sheet_problem(sheet: tuple[dict[str, Any], ...], n: int) -> str | None:
    """Why a loaded score sheet is not one (see :func:`_load_results`), or ``None``."""
    try:
        load_results(Reader(fresh(sheet), "results"), n)  # read as plain JSON
    except StateError as exc:
        return str(exc)
    return None


#: The score sheet: a tuple of results, each built once and never edited, so ``copy``
#: shares the sheet (a finished hand adds a new tuple) and a save writes its text once
#: (the core remembers tuples and frozen values by identity).
RESULTS = checked(tuple_seq(frozen_json(), max_len=10_000), _sheet_problem)


__all__ = ["RESULTS", "RESULT_KEYS", "credited_added", "credited_derived", "limit_hit_added",
           "load_results", "phase_laid_named"]
