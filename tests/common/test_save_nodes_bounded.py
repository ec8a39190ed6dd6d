"""A save of many objects, lists or keys is refused before it is parsed (helper-148).

Python holds a parsed ``{}`` in 64 bytes and a list slot, a key in a string, a tuple and
two table entries: 8 MB of ``[{},{},...]`` (under the 8 MB a save may have) parsed to
220 MB, 26 times its text, and 8 MB of distinct keys to 16 times, before any reader
looked at a field. Real saves hold a few hundred objects, lists and keys; the text is
counted first (brackets and colons outside strings) and refused past
:data:`~tablegames.common.serialization.MAX_NODES`, so the peak of a refusal is a small
multiple of the text. Memory is measured (:mod:`tests.bounded`), never time.
"""

from __future__ import annotations

import json

import pytest

import tablegames
from tablegames import StateError
from tablegames.common.serialization import MAX_NODES, MAX_TEXT, loads
from tests.bounded import peak_of

#: The most a refused 8 MB text may allocate at its peak, as a multiple of its length:
#: the text encoded once, and the marks counted in it.
MOST = 4

#: Texts just under the size limit, each of more nodes than any save holds.
HUGE = {
    "objects": "[" + "{}," * (MAX_TEXT // 3 - 2) + "{}]",
    "lists": "[" + "[]," * (MAX_TEXT // 3 - 2) + "[]]",
    "keys": "{" + ",".join(f'"{i}":0' for i in range(MAX_TEXT // 12)) + "}",
    "spaced keys": "{" + ",".join(f'"{i}" :0' for i in range(MAX_TEXT // 13)) + "}",
    "objects in a save": tablegames.new_game("toepen", players=3).to_json()[:-1]
    + ',"x":[' + "{}," * (MAX_TEXT // 3 - 1000) + "{}]}",
}


@pytest.mark.parametrize("kind", sorted(HUGE))
def test_a_text_of_more_nodes_than_a_save_holds_is_refused_unparsed(kind: str) -> None:
    text = HUGE[kind]
    data = text.encode()
    assert len(text) <= MAX_TEXT
    for call in (lambda: loads(text), lambda: tablegames.load(text),
                 lambda: tablegames.toepen.State.from_json(data)):
        raised, peak = peak_of(call)
        assert isinstance(raised, StateError), raised
        assert "objects, lists and keys" in str(raised)
        assert peak < MOST * len(text), (kind, peak / len(text))


def test_brackets_and_colons_inside_strings_are_not_counted() -> None:
    """Action notation is ``SEAT:VERB``: a format-2 save lists a history of such strings,
    each holding a colon, and text may hold brackets and escaped quotes. Only what lies
    outside the strings counts, so such a value reads whole."""
    many = MAX_NODES + 10
    value = {"history": ["0:play [7h]"] * many, "name": 'a \\"[{:' * many, "k": [{}, []]}
    assert loads(json.dumps(value)) == value
    assert loads(json.dumps(value, indent=1)) == value
    # one node more than allowed, outside strings, is refused
    edge = {"history": ["0:x"] * many, "k": [[]] * MAX_NODES}
    with pytest.raises(StateError, match="objects, lists and keys"):
        loads(json.dumps(edge))
    assert loads(json.dumps({"k": [[]] * (MAX_NODES - 4), "s": ":" * many})) is not None
