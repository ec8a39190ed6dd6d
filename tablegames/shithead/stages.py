"""The stages of a Shithead round and the sizes of its deal (shared by the state's modules)."""

from __future__ import annotations

from tablegames.shithead.cards import FACES

SWAP, PLAY, GIVING, OVER = range(4)
#: The stages of a round (``view()["stage"]``).
STAGES = ("swap", "play", "give", "over")
MIN_PLAYERS = 2
#: Cards dealt to each seat (SHD-02): 3 face-down, 3 face-up, 3 in hand.
PER_SEAT = 9
HAND_SIZE = 3
#: The most cards of one place (three decks).
MAX_CARDS = 3 * FACES
