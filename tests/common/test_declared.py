"""What the declarations give beyond copy and saves, on the toy game (``tests/common/toy.py``):
position text generated from the fields, card conservation checked by the core, the
compiled code visible in tracebacks, and saves refused for a value that breaks its
declaration."""

from __future__ import annotations

import json
import linecache
import random
import traceback

import pytest

from tablegames.common.compiler import Spec
from tablegames.common.declared import Conserve
from tablegames.common.errors import StateError
from tablegames.common.position import PositionError
from tablegames.common.state import _spec

from .toy import NAMES, PACK, State


def games(seeds: range = range(6)) -> list[State]:
    """Every position of a few random toy games."""
    out = []
    for seed in seeds:
        s = State.new(2 + seed % 3, seed=seed)
        pick = random.Random(seed)
        out.append(s.copy())
        while not s.is_over:
            legal = s.legal_actions()
            s.apply(legal[pick.randrange(len(legal))])
            out.append(s.copy())
    return out


def test_position_text_is_one_line_per_field_in_declaration_order() -> None:
    s = State.new(3, seed=5)
    keys = [line.split(":")[0] for line in s.to_position().splitlines()[1:]]
    assert keys == ["game", "player 0", "player 1", "player 2", "rules", "rng", "stage",
                    "hand 0", "hand 1", "hand 2", "stock", "trick", "taken", "scores",
                    "active", "led"]
    assert "stage: play" in s.to_position()  # an enum by its bare name


def test_position_lines_are_what_a_person_writes() -> None:
    s = State.new(3, seed=5)
    s.apply(s.legal_actions()[0])
    lines = dict(line.split(": ", 1) for line in s.to_position().splitlines()[1:])
    first = s.trick[0]
    assert lines["hand 0"] == " ".join(NAMES[c] for c in s.hands[0])  # a seat's own line
    assert lines["stock"] == " ".join(NAMES[c] for c in reversed(s.stock))  # top first
    assert lines["trick"] == f"{first[0]}:{NAMES[first[1]]}"  # a tuple's parts by ':'
    assert lines["led"] == "yes" and lines["scores"] == "0 0 0" and lines["taken"] == "0"
    assert "[" not in s.to_position()  # no JSON where a person writes words


def test_every_position_reads_back_to_the_same_table() -> None:
    for s in games():
        text = s.to_position()
        back = State.from_position(text)
        assert back.to_position() == text
        # the same table (a position starts a record of its own: version 0)
        assert {**back.view(None), "version": 0} == {**s.view(None), "version": 0}
        assert all({**back.view(i), "version": 0} == {**s.view(i), "version": 0}
                   for i in range(s.n))
        assert State.from_json(back.to_json()).to_json() == back.to_json()


def _edit(text: str, key: str, value: str) -> str:
    lines = text.splitlines()
    at = next(i for i, line in enumerate(lines) if line.startswith(f"{key}:"))
    lines[at] = f"{key}: {value}"
    return "\n".join(lines) + "\n"


def _drop(text: str, *keys: str) -> str:
    return "".join(x + "\n" for x in text.splitlines() if x.split(":")[0] not in keys)


@pytest.mark.parametrize(("key", "value", "why"), [
    ("active", "3", "active: '3' is not a seat"),            # a seat of no one
    ("active", "-", "expected a seat here, found '-'"),     # this seat is never nobody
    ("active", "yes", "active: 'yes' is not a seat"),
    ("led", "1", "led: expected yes or no, found '1'"),
    ("hand 1", "B J X", "hand 1: 'X' is not a card"),
    ("stock", "A 12", "stock: '12' is not a card"),
    ("trick", "0:A:B", "trick: 'A:B' is not a card"),
    ("trick", "0A", "expected seat:card, found '0A'"),
    ("trick", "5:A", "trick: '5' is not a seat"),
    ("scores", "0 0", "scores: expected 3 entries, found 2"),
    ("scores", "0 x 0", "expected a whole number, found 'x'"),
    ("stage", "dance", "expected one of play, over"),
    ("hand 0", "X" * 60_000, "line 9: hand 0: 'XXX"),  # a long word is quoted short
])
def test_a_position_line_is_read_as_strictly_as_a_save(key: str, value: str, why: str) -> None:
    text = State.new(3, seed=5).to_position()
    with pytest.raises(PositionError, match=why) as got:
        State.from_position(_edit(text, key, value))
    assert got.value.line == text.splitlines().index(next(
        line for line in text.splitlines() if line.startswith(f"{key}:"))) + 1
    assert "JSON" not in str(got.value) and len(str(got.value)) < 200


def test_missing_and_unknown_lines_are_refused() -> None:
    text = State.new(3, seed=5).to_position()
    with pytest.raises(PositionError, match="missing line 'stock'"):
        State.from_position(_drop(text, "stock"))
    with pytest.raises(PositionError, match="missing line 'hand 2'"):
        State.from_position(_drop(text, "hand 2"))
    with pytest.raises(PositionError, match="not part of this game"):
        State.from_position(text + "jokers: 2\n")


def test_lines_with_a_default_may_be_left_out() -> None:
    s = State.new(3, seed=5)
    s.apply(s.legal_actions()[0])
    text = s.to_position()
    back = State.from_position(_drop(text, "scores", "led", "taken"))
    assert back.to_position() == text  # scores 0 each, led as the trick shows, nothing taken


def test_a_hand_is_read_in_any_order_and_kept_sorted() -> None:
    text = State.new(3, seed=5).to_position()
    hand = next(x for x in text.splitlines() if x.startswith("hand 0:")).split(": ")[1]
    back = State.from_position(_edit(text, "hand 0", " ".join(reversed(hand.split()))))
    assert back.to_position() == text


def test_a_shuffled_stock_deals_the_cards_left() -> None:
    s = State.new(3, seed=5)
    text = _edit(s.to_position(), "stock", "shuffled")
    back = State.from_position(text)
    assert sorted(back.stock) == sorted(s.stock)
    assert State.from_position(text).stock == back.stock  # the position's rng decides
    with pytest.raises(PositionError, match="stock: more cards are placed than the pack holds"):
        State.from_position(_edit(text, "hand 1", "A A A"))


@pytest.mark.parametrize(("hand", "stock", "why"), [
    ("B H I", "D E E", "card E lies twice"),  # named as the position writes it
    ("B H I", "D E", "card C is missing"),
    ("B H D", "D E C", "card D lies twice .in 'hands' and 'stock'"),
])
def test_card_conservation_is_checked_after_from_position(hand: str, stock: str, why: str) -> None:
    text = State.new(3, seed=5).to_position()
    text = _edit(_edit(_edit(_edit(text, "hand 0", hand), "hand 1", "G J K"), "hand 2",
                       "A F L"), "stock", stock)
    with pytest.raises(PositionError,
                       match=f"impossible position: the cards do not add up to the pack: {why}"):
        State.from_position(text)


def test_conservation_counts_copies() -> None:
    """A pack with copies of a card (Phase 10's, Dallah's): each code lies as often as
    the pack holds it, no more and no fewer."""
    s = State.new(2, seed=1)
    kinds = dict(_spec(State).fields)
    pack = [*range(PACK), 0, 0]  # three copies of card 0
    held = [c for h in s.hands for c in h] + list(s.stock)
    with pytest.raises(StateError, match=r"card A \(a copy of it\) is missing"):
        Conserve("hands", "stock", codes=lambda _: pack).check(s, kinds)
    s.stock = [*s.stock, 0, 0]
    Conserve("hands", "stock", codes=lambda _: pack).check(s, kinds)
    s.stock = [*s.stock, 0]
    with pytest.raises(StateError, match="card A lies more often than the pack's 3 copies"):
        Conserve("hands", "stock", ruling="P10-01", codes=lambda _: pack).check(s, kinds)
    with pytest.raises(StateError, match=r"\(P10-01\)"):
        Conserve("hands", "stock", ruling="P10-01", codes=lambda _: pack).check(s, kinds)
    assert sorted(held) == list(range(PACK))


def test_card_conservation_is_checked_after_a_load() -> None:
    s = games(range(1))[3]
    data = json.loads(s.to_json())
    data["state"]["stock"] = data["state"]["stock"][:-1]
    with pytest.raises(StateError, match="is missing"):
        State.from_json(json.dumps(data))
    data["state"]["stock"].append(data["state"]["hands"][0][0])
    with pytest.raises(StateError, match="lies twice"):
        State.from_json(json.dumps(data))


def test_conservation_follows_cards_inside_tuples() -> None:
    s = next(x for x in games() if x.trick)
    kinds = dict(_spec(State).fields)
    assert sorted(kinds["trick"].cards_in(s.trick, "card")) == sorted(c for _, c in s.trick)
    assert list(kinds["trick"].cards_in(s.trick, "zone")) == []  # another deck's cards
    assert State.CONSERVE is not None and State.CONSERVE.size(kinds) == PACK


def test_a_conservation_naming_no_card_field_is_a_declaration_error() -> None:
    kinds = dict(_spec(State).fields)
    with pytest.raises(TypeError, match="not a declared field"):
        Conserve("hands", "pile").check(State.new(2), kinds)
    with pytest.raises(TypeError, match="card packs"):
        Conserve("active").size(kinds)
    with pytest.raises(TypeError):
        Conserve()


def test_the_compiled_source_shows_in_tracebacks() -> None:
    spec = _spec(State)
    assert isinstance(spec, Spec)
    assert spec.filename == "<tablegames fields: tests.common.toy.State>"
    assert linecache.getline(spec.filename, 1).startswith("def copy(self):")
    s = State.new(3, seed=5)
    s.hands[0].append(PACK + 5)
    with pytest.raises(StateError) as got:
        s.to_json()
    shown = "".join(traceback.format_exception(got.value))
    assert spec.filename in shown and "raise _broken(self, 'hands'" in shown


@pytest.mark.parametrize(("field", "value"), [
    ("hands", [[1, 7, 8], [6, 9, 10]]),       # one hand short
    ("hands", [[1, 7, 8], [6, 9, True], [0, 5, 11]]),
    ("trick", [(0, 1)]),                      # a list where a tuple is declared
    ("trick", ((0, 1, 2),)),
    ("active", 3),
    ("active", None),
    ("led", 0),
    ("scores", (0, 0, 13)),
    ("stage", 2),
    ("stock", (3, 4, 2)),
])
def test_a_value_that_breaks_its_declaration_is_never_saved(field: str, value: object) -> None:
    s = State.new(3, seed=5)
    good = s.to_json()
    setattr(s, field, value)
    with pytest.raises(StateError, match=f"field '{field}' holds"):
        s.to_json()
    s2 = State.from_json(good)
    assert s2.to_json() == good


def test_named_codes_read_through_the_names_the_rules_give() -> None:
    """``RulesText`` resolves each kind of named code from the state's rules (Dallah's
    card set): a code is written by its id, "no card" as ``-``, and a word that names
    nothing is refused saying what it should have been."""
    from tablegames.common.fields import CardText, RulesText, card, named, tuple_seq
    from tablegames.common.kinds import TextCtx, names_for

    texts = RulesText(lambda rules: {"shape": CardText.of_ids(rules, "shape"),
                                     "zone": CardText.of_ids(("lid", "neck"), "zone")})
    tc = TextCtx(3, names_for(texts, ("tall", "wide")))
    shapes = tuple_seq(named("shape", 6), 10, top_first=True)
    zone = card(4, names="zone", none=-1)
    assert shapes.text((0, 1, 1), tc) == "wide wide tall"  # top first
    assert shapes.read_text("wide tall", tc, "rolls") == (0, 1)  # kept bottom first
    assert (zone.text(1, tc), zone.text(-1, tc)) == ("neck", "-")
    assert (zone.read_text("lid", tc, "zone"), zone.read_text("-", tc, "zone")) == (0, -1)
    with pytest.raises(StateError, match=r"^rolls: 'cube' is not a shape$"):
        shapes.read_text("tall cube", tc, "rolls")
    with pytest.raises(StateError, match=r"^zone: 'rim' is not a zone$"):
        zone.read_text("rim", tc, "zone")
    # under other rules, the same codes have other names
    other = TextCtx(3, names_for(texts, ("plain", "broad")))
    assert shapes.text((0, 1), other) == "broad plain"
    assert list(zone.cards_in(-1, "zone")) == [] and list(zone.cards_in(1, "zone")) == [1]
    assert list(zone.cards_in(1, "card")) == []  # another deck's card
    assert list(shapes.cards_in((0, 1), "shape")) == []  # a named code is no card
    with pytest.raises(TypeError, match="below the codes"):
        card(4, none=0)


def test_two_decks_are_conserved_each_by_its_own_declaration() -> None:
    """A game with two decks (Dallah's Action and Placement cards) declares one
    ``Conserve`` per deck, each counting the cards declared with its ``names``, with the
    codes its rules deal (``codes=``), "no card" never counted."""
    from types import SimpleNamespace

    from tablegames.common.fields import card, tuple_seq

    kinds = {"stock": tuple_seq(card(8)), "card": card(8, none=-1),
             "zones": tuple_seq(card(3, names="zone")), "zone": card(3, names="zone", none=-1)}
    actions = Conserve("stock", "card", codes=lambda s: [0, 0, 1, 2], what="Action cards")
    zones = Conserve("zones", "zone", deck="zone", codes=lambda s: [0, 1, 2],
                     what="Placement cards", ruling="X-04")
    s = SimpleNamespace(stock=(0, 1, 2), card=0, zones=(2, 0), zone=1)
    actions.check(s, kinds)
    zones.check(s, kinds)
    s.card = -1
    with pytest.raises(StateError, match=r"^the Action cards do not add up to the pack: "
                                         r"card 0 \(a copy of it\) is missing"):
        actions.check(s, kinds)
    s.zone = 2
    with pytest.raises(StateError, match=r"^the Placement cards do not add up to the pack: "
                                         r"card 2 lies twice \(in 'zones' and 'zone'\) \(X-04\)$"):
        zones.check(s, kinds)
    assert actions.rest(SimpleNamespace(stock=(), card=2), kinds) == [0, 0, 1]
