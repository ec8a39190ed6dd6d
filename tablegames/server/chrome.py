"""The phone page's own words (its chrome), from the ``tablegames`` message catalogue.

The page script (``static/app.js``) names its words by key; the server writes every
language's words into the HTML it serves (:func:`words_script`), so the page shows them
without a second request and a new language needs only a catalogue.
"""

from __future__ import annotations

import json
import string
from functools import lru_cache

from tablegames.common.registry import GAMES
from tablegames.table.i18n import LANGS, langs_of, words_for
from tablegames.table.model import N_, Np_

#: The page's key -> its English text (the catalogue id).
UI: dict[str, str] = {
    "brand": N_("tablegames"),
    "tagline": N_("One room, one phone each, your real table."),
    "join_title": N_("Join a room"),
    "code": N_("Room code"),
    "your_name": N_("Your name"),
    "join": N_("Join"),
    "create_title": N_("Create a room"),
    "game": N_("Game"),
    "players": N_("Players"),
    "variant": N_("Variant"),
    "bots": N_("Empty seats are played by"),
    "house_rules": N_("House rules"),
    "advanced": N_("Advanced"),
    "seed": N_("Seed (same seed, same deal)"),
    "create": N_("Create the room"),
    "rules_json": N_("More house rules as JSON (a Dallah card set, …)"),
    "bad_json": N_("The house rules are not valid JSON."),
    "no_bots": N_("nobody (wait for players)"),
    "connecting": N_("connecting…"),
    "online": N_("live"),
    "offline": N_("reconnecting…"),
    "what_happened": N_("What happened"),
    "lobby_title": N_("Room {code}"),
    # the browser tab's title of a room (its lobby and its table): the game's name first,
    # as the tab and the app switcher cut it from the end
    "tab_title": N_("{game} — tablegames"),
    "lobby_share": N_("Others join with the code, the link or the QR code:"),
    "open_seat": N_("open seat"),
    "bot_seat": N_("bot"),
    "start": N_("Start now"),
    "waiting_host": N_("Waiting for {name} to start, or for every seat to be taken."),
    # under the host's greyed Start button in a room whose empty seats no bot plays
    "start_needs_all": N_("No bots play in this room: the game starts once every seat is taken."),
    "copy": N_("Copy link"),
    "copied": N_("Copied"),
    "screen": N_("Shared screen for a TV"),
    "you": N_("you"),
    "your_turn": N_("Your turn"),
    "several": N_("Several cups fell at once"),
    "cancel": N_("Cancel"),
    "restart_timer": N_("Restart"),
    "time_up": N_("Time!"),
    "collects": N_("Collects: {name}"),
    "places": N_("Places: {name}"),
    "place_on": N_("{cup} on the {zone}"),
    "to_the_table": N_("Back to the table"),
    "scores": N_("Scores"),
    "winners": N_("Won"),
    "link_bad": N_("This link does not open a seat."),
    "hand": N_("Your hand"),
    "full_room": N_("This room is full or has started."),
    "more": N_("{n} more…"),
    "pending": N_("sending…"),
    "offline_banner": N_("No connection: nothing you tap is sent until it is back."),
    # the home page's forms, when the server does not answer (or something else does)
    "no_server": N_("The server did not answer: check the connection and try again."),
    "clear": N_("Clear the choice"),
    # the language menu's name for screen readers (it shows the page's language itself)
    "language": N_("Language"),
    # the end of a game: a new game in the same room, same players, same house rules
    "play_again": N_("Play again"),
    # why a table appeared: the lobby's last seat was taken ({name}: who took it)...
    "all_here": N_("{name} took the last seat: everyone is here, the game starts."),
    # ...or a player pressed Play again ({name}: who pressed it)
    "again_dealt": N_("{name} dealt a new game: same players, same house rules."),
    # the join and create forms, as the name is typed (the server says the same)
    "name_too_long": N_("A name has at most 24 characters: choose a shorter one."),
    # a room whose stored game the server cannot rebuild (the server's refusal
    # ``room_unreadable`` says the same): shown for good, in the page's language, since
    # a socket is refused before its hello names one
    "room_unreadable": N_("This room's game was stored by an older version of the server "
                          "and cannot be continued: create a new room to play."),
    # a room link that opens no room, a seat link that opens no seat (the server's
    # ``no_room``, ``no_seat``, a socket closed with 4404): shown for good, as above
    "no_room": N_("There is no room with that code."),
    "no_seat": N_("This link does not open a seat: ask for the room code again."),
}
#: The page's counted words: key -> its singular and plural catalogue ids. The page
#: picks the form by the language's plural rules (``Intl.PluralRules``: Arabic has six).
COUNTED: dict[str, tuple[str, str]] = {
    "start_bots": Np_("Start now: a bot takes {n} empty seat",
                      "Start now: bots take {n} empty seats"),
    "report_n": Np_("Report {n} fallen cup, then settled",
                    "Report {n} fallen cups, then settled"),
    # the join page's line about the room: its game, its code, who sits there, how many
    # seats are free ({names} is a list of names, each bidi-isolated)
    "room_of": Np_("{title} room {code}: {names}; {n} seat free",
                   "{title} room {code}: {names}; {n} seats free"),
}
#: Each language's own name, as the language menu shows it.
LANG_NAMES = {"en": "English", "ar": "العربية", "nl": "Nederlands", "da": "Dansk"}


def ui_words(lang: str) -> dict[str, str]:
    """The page's words in ``lang`` (fields such as ``{n}`` left for the page to fill)."""
    w = words_for(lang)
    return {key: w.text({"msg": text, "args": {}}) for key, text in UI.items()}


@lru_cache(maxsize=8)
def _sample_counts(lang: str) -> dict[str, int]:
    """One count of each CLDR plural category of ``lang`` (``"few": 3`` in Arabic)."""
    from babel import Locale

    rule = Locale.parse(lang).plural_form
    found: dict[str, int] = {}
    for n in range(200):
        found.setdefault(rule(n), n)
    return found


def ui_counted(lang: str) -> dict[str, dict[str, str]]:
    """The page's counted words in ``lang``: key -> CLDR plural category -> the text of
    that form, ``{n}`` left for the page to fill (the catalogue's form for a count of
    that category: gettext's plural rule and CLDR's agree on whole numbers)."""
    w = words_for(lang)
    return {key: {cat: w.text({"msg": one, "plural": many, "n": n, "args": _fields(one, many)})
                  for cat, n in _sample_counts(lang).items()}
            for key, (one, many) in COUNTED.items()}


def _fields(*texts: str) -> dict[str, str]:
    """Each ``{field}`` of ``texts`` -> itself, so the text keeps its fields for the page
    to fill (a field left out of the arguments would make the words give up on the
    translation)."""
    return {name: "{" + name + "}" for text in texts
            for _, name, _, _ in string.Formatter().parse(text) if name}


def game_langs() -> dict[str, list[str]]:
    """Each registered game -> the languages its table is drawn in (a room's language
    button offers only these: the page's words and the table's are one language)."""
    return {name: [lang for lang in LANGS if lang == "en" or lang in langs_of(name)]
            for name in GAMES}


def words_script() -> str:
    """A ``<script type="application/json">`` with every language's words for the page,
    and the languages of each game."""
    data = {"langs": [[lang, LANG_NAMES[lang], words_for(lang).direction] for lang in LANGS],
            "words": {lang: ui_words(lang) for lang in LANGS},
            "counted": {lang: ui_counted(lang) for lang in LANGS},
            "games": game_langs()}
    text = json.dumps(data, ensure_ascii=False, separators=(",", ":")).replace("</", "<\\/")
    return f'<script id="words" type="application/json">{text}</script>'
