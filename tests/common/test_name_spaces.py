"""Player names that differ only in their spaces (helper-232): "a b" and "a  b", a
no-break or an ideographic space, a space next to a zero-width one, read the same to
every player, so they are one name at one table (``common.setups.name_key`` folds each
run of spaces to one and drops them at the ends). A name still keeps its spaces as
typed (its saves do not change); a control character (a tab, a new line) is refused,
by the library and by the room server alike, which took a tab or a new line typed
into a phone's name as a space."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import tablegames
from tablegames.common.errors import ArgumentRefused
from tablegames.common.setups import fold_spaces, name_key, normalize_players
from tablegames.server import rooms
from tablegames.server.rooms import ClientError, clean_name

#: One name written with other spaces: each reads as "Amal Said".
SAME = ["Amal Said", "Amal  Said", "Amal\u00a0Said", "Amal\u3000Said", "Amal \u200b Said",
        "Amal\u2003\u2003Said", "Amal\u1680Said"]


def test_names_that_differ_only_in_their_spaces_share_a_key() -> None:
    assert {name_key(n) for n in SAME} == {"Amal Said"}
    assert name_key("AmalSaid") != name_key("Amal Said")  # a space is still a space
    assert fold_spaces("  a \u3000 b  ") == "a b" and fold_spaces("a") == "a"


@pytest.mark.parametrize("game", ["toepen", "phase10", "shithead", "dallah"])
def test_two_such_names_are_refused_at_one_table(game: str) -> None:
    with pytest.raises(ArgumentRefused) as refused:
        tablegames.new_game(game, players=["Amal Said", "Amal  Said", "C"], seed=1)
    assert refused.value.code == "distinct"
    state = tablegames.new_game(game, players=["Amal  Said", "B", "C"], seed=1)
    assert state.players[0] == "Amal  Said"  # kept as typed: a save reads the same


@pytest.mark.parametrize("name", ["a\tb", "a\nb", "a\r\nb", "a\x0bb", "a\x1fb", "a\x85b",
                                  "a\u2028b"])
def test_a_control_character_is_refused_by_the_library_and_the_room_server(name: str) -> None:
    with pytest.raises(ArgumentRefused) as refused:
        normalize_players([name, "B"], 2, 6, "toepen")
    assert refused.value.code == "control"
    with pytest.raises(ClientError) as caught:
        clean_name(name)
    assert caught.value.code == "bad_name" and "control" in caught.value.detail


def test_the_room_server_folds_a_name_s_spaces_as_the_library_compares_them() -> None:
    assert clean_name("  Amal \u3000  Said ") == "Amal Said"
    assert {rooms.name_key(n) for n in [*SAME, "amal said"]} == {"amal said"}


#: Letters, digits, spaces of several widths, zero-width and blank characters, a
#: combining accent and full-width letters: names that read alike in many ways.
ALPHABET = st.sampled_from(["a", "b", "A", "é", "e\u0301", "Ａ", "1", " ", "  ", "\u00a0",
                            "\u3000", "\u2003", "\u200b", "\u3164", "\u034f", "\u200d"])


def accepted(name: str) -> bool:
    try:
        normalize_players([name, "Zed"], 2, 6, "toepen")
    except ArgumentRefused:
        return False
    return True


@settings(max_examples=200)
@given(st.lists(ALPHABET, min_size=1, max_size=6).map("".join),
       st.lists(ALPHABET, min_size=1, max_size=6).map("".join))
def test_any_two_names_with_one_key_are_refused_together(one: str, two: str) -> None:
    if not (accepted(one) and accepted(two)):
        return
    same = name_key(one) == name_key(two)
    try:
        normalize_players([one, two], 2, 6, "toepen")
    except ArgumentRefused as refused:
        assert same and refused.code == "distinct"
    else:
        assert not same


SPACES = st.lists(st.sampled_from([" ", "\u00a0", "\u2003", "\u3000", "\u202f", " \u200b"]),
                  min_size=1, max_size=3).map("".join)


@settings(max_examples=50)
@given(st.lists(st.sampled_from(["Amal", "Said", "José", "李", "O'Brien"]), min_size=2,
                max_size=4), st.data())
def test_words_apart_by_any_run_of_spaces_are_the_name_with_one_space(
        words: list[str], data: st.DataObject) -> None:
    gaps = [data.draw(SPACES) for _ in words[1:]]
    spaced = words[0] + "".join(gap + word for gap, word in zip(gaps, words[1:], strict=True))
    plain = " ".join(words)
    assert name_key(spaced) == name_key(plain) == plain
    with pytest.raises(ArgumentRefused) as refused:
        normalize_players([plain, spaced], 2, 6, "toepen")
    assert refused.value.code == "distinct"
    if "\u200b" not in spaced and len(plain) <= rooms.MAX_NAME:  # (it refuses a zero-width space)
        assert clean_name(spaced) == plain
