"""The server's own words (refusals), from the ``tablegames`` message catalogue.

Everything a phone reads about the game comes from the game's presenter and catalogue
(:mod:`tablegames.server.page`); this module holds only what the server itself says when
it refuses a request, keyed by the refusal's code.
"""

from __future__ import annotations

from typing import Any

from tablegames.table.i18n import LANGS, typed_text, words_for
from tablegames.table.model import N_

#: A refusal's code -> its message (a catalogue id).
ERRORS: dict[str, str] = {
    "stale": N_("Someone else acted first: here is the table as it is now."),
    "not_your_seat": N_("That is not your seat."),
    "not_legal": N_("That is not possible now."),
    "game_over": N_("The game is over."),
    "bad_message": N_("The phone sent something the server cannot read."),
    "too_big": N_("That message is too long."),
    "slow_down": N_("Too many taps at once: wait a moment."),
    "not_started": N_("The game has not started yet."),
    "not_host": N_("Only the player who made the room can start it."),
    "busy": N_("The server is busy: try again in a moment."),
    "no_room": N_("There is no room with that code."),
    # a room whose stored game today's server cannot rebuild (stored by an older version)
    "room_unreadable": N_("This room's game was stored by an older version of the server "
                          "and cannot be continued: create a new room to play."),
    "no_seat": N_("This link does not open a seat: ask for the room code again."),
    "bad_name": N_("Choose a name of 1 to 24 letters."),
    "name_too_long": N_("A name has at most 24 characters: choose a shorter one."),
    "not_over": N_("The game is not over yet."),
    "name_taken": N_("Someone at this table already has that name."),
    "full": N_("Every seat in this room is taken."),
    "started": N_("This game has already started."),
    "seats_open": N_("Seats are still open and this room has no bot to fill them."),
    "room_full": N_("Too many phones are connected to this room."),
    "seat_elsewhere": N_("Your seat is now open on another screen: reload this page to "
                         "play here."),
    "bad_game": N_("Choose a game."),
    "bad_players": N_("That number of players is not possible for this game."),
    "bad_rules": N_("Those house rules cannot be played."),
    "bad_bot": N_("That bot does not exist for this game."),
    "bad_seed": N_("A seed is a number or a word."),
    "bad_action": N_("The phone sent an action the game cannot read."),
    "out_of_turn": N_("It is not your turn."),
    "cross_site": N_("This request came from a page of another web site."),
    "not_found": N_("There is nothing at this address."),
    "bad_method": N_("This address does not take that kind of request."),
    "server_error": N_("Something went wrong on the server: try again."),
    "too_many_rooms": N_("Too many rooms are open from this network: finish one, or try "
                         "again later."),
}


#: Why a request was refused, beyond its code's message: the ``detail`` a phone reads
#: after it, in its language (``rooms.detail_text``), by key. A name's notes, and the
#: house rules a form cannot play, named by the labels the form shows them under
#: (``options``: a list, joined in the phone's language).
NOTES: dict[str, str] = {
    "name_not_text": N_("A name is written as text."),
    "name_empty": N_("The name is empty."),
    "name_length": N_("Characters in this name: {count}."),
    "name_control": N_("A name cannot hold invisible control characters."),
    "name_unseen": N_("A name needs at least one letter, digit or sign that shows."),
    "bad_players": N_("This game is for {least} to {most} players."),
    "no_variant": N_("The game has no variant of that name."),
    "rules_not_options": N_("House rules are sent as a set of options."),
    "no_option": N_("The game has no house rule of that name."),
    "rules_one": N_("This house rule cannot be played as it is set: {options}."),
    "rules_clash": N_("These house rules cannot be played together: {options}."),
    # several house rules each set to a value it does not take (``RulesError`` "several")
    "rules_each": N_("These house rules cannot be played as they are set: {options}."),
    "rules_table": N_("With these house rules the game cannot be dealt to this number of "
                      "players: {options}."),
    # the creation form's game, bot and seed (``game``: the game's title in the phone's
    # words; ``bot``: what was sent, cut short and quoted by :func:`typed`)
    "no_game": N_("This server has no game of that name."),
    "no_bot": N_("{game} has no bot called {bot}."),
    "seed_kind": N_("This seed is neither a whole number nor text."),
    "seed_size": N_("This seed number is too large."),
    "seed_length": N_("Characters a seed may have at most: {most}."),
    "seed_text": N_("This seed holds a broken character, which cannot be stored."),
    # a tap's action the game cannot read (``action``: what the phone sent, by :func:`typed`)
    "bad_action": N_("{action} is not written as an action of {game}."),
}

def typed(value: object) -> str:
    """What a person sent, as a note quotes it back: cut short, anything that does not
    print escaped (:func:`~tablegames.table.i18n.typed_text`), between quotes.

    >>> from tablegames.server.words import typed
    >>> typed("0:dance")
    "'0:dance'"
    """
    return f"'{typed_text(value)}'"


def lang_of(value: Any) -> str:
    """A language with a catalogue (anything else is English)."""
    return value if isinstance(value, str) and value in LANGS else "en"


def error_text(lang: str, code: str) -> str:
    """The message for a refusal ``code`` (the generic one if the code has none)."""
    return words_for(lang_of(lang))(ERRORS.get(code, ERRORS["not_legal"]))


def note_text(lang: str, key: str, **args: Any) -> str:
    """The note ``key`` (:data:`NOTES`) in ``lang``, its arguments set apart from the
    sentence's direction in Arabic (a Latin name or label inside it keeps its order)."""
    return words_for(lang_of(lang), isolate=True)(NOTES[key], **args)
