"""Rooms in memory: seats and their tokens, the game, the phones listening, the bots.

The :class:`Hub` is the whole server logic without any web framework, so it can be read
(and tested) on its own:

* a room starts as a lobby (a game, a number of seats, house rules, which bot fills
  empty seats); the creator holds seat 0, others join by the room code and a name and
  get a seat token of their own; when every seat is taken, or the creator starts early
  and bots take the empty seats, the game is dealt;
* every tap is ``state.apply(action, by=seat, expect=version)`` under the room's lock,
  then stored (:class:`~tablegames.server.store.Store`) and only then broadcast; a
  refusal changes nothing and is answered to that phone alone;
* each phone gets a page built from its own view (:mod:`tablegames.server.page`) and the
  events as it may see them; a phone that reconnects says the last version it saw and
  gets ``state.log(seat, since=v)``;
* bots (any of ``tablegames.bots``) move through the library's harness when a bot seat
  is to act (other bot seats may then knock out of turn); each decision is drawn from
  the room's seed (hashed with the seat: no bot is handed the game's seed), the seat and
  the version, so a room restarted from disk plays on exactly as it would have; they
  act only while a person's seat has a socket open, and think on the hub's own
  ``bot_threads``, a bounded number at once across every room;
* once the game is over, any seated phone may press "Play again": the room deals a new
  game to the same seats under the same house rules with a new seed (its ``round``
  counts the games), stored like the first, and every phone is told who dealt it.
"""

from __future__ import annotations

import asyncio
import concurrent.futures
import contextlib
import logging
import secrets
import time
import unicodedata
from collections import OrderedDict, deque
from collections.abc import Callable, Iterable, Mapping
from typing import Any, NoReturn, TypeGuard

import attrs

from tablegames.common import setups
from tablegames.common.errors import (
    GameOver,
    IllegalAction,
    NotationError,
    RulesError,
    SetupError,
    StaleState,
    StateError,
    TablegamesError,
)
from tablegames.common.numbers import is_number
from tablegames.common.protocol import GameInfo
from tablegames.common.registry import GAMES
from tablegames.common.rules import OptionText, option_text, rules_from_dict, rules_to_dict
from tablegames.common.setups import MAX_NAME as MAX_SEED
from tablegames.common.setups import MAX_SECONDS, check_count, check_seconds, check_seed
from tablegames.server.page import (
    FORMAT,
    FORMATS,
    Context,
    Drawn,
    describe_events,
    diff,
    diff_into,
    diff_page,
    draw_page,
    draw_public,
    dumps,
    encode_full,
    encode_ops,
    encode_patch,
    encode_patch_parts,
    expand,
    words_of,
)
from tablegames.server.store import (
    PRESENCE,
    SNAPSHOT_EVERY,
    RoomRow,
    RoomsFull,
    Store,
    StoreError,
)
from tablegames.server.words import error_text, lang_of, note_text, typed
from tablegames.table import refusal_text, shared_model
from tablegames.table.i18n import lang_for, words_for

log = logging.getLogger("tablegames.server")

#: Room codes: short, spoken aloud, no look-alike letters.
CODE_ALPHABET = "ABCDEFGHJKLMNPQRSTUVWXYZ23456789"
#: 32 letters to the power 7: 34 billion codes, so a guessed code (look-ups are metered,
#: see ``limits``) almost never finds a room.
CODE_LENGTH = 7
#: The lengths of the codes a store may hold: 7, and 5 for the rooms of release 0.1.0
#: (its codes were 5 letters), whose links and phones keep opening them.
CODE_LENGTHS = (5, CODE_LENGTH)
#: Longest player name a phone may choose, in characters as a person counts them (code
#: points after NFC: an accented letter typed as a letter and a combining accent is one).
#: A longer name is refused (``name_too_long``), never cut: a cut name is not the name
#: its player chose, and a cut can split what the eye sees as one character.
MAX_NAME = 24
#: Most actions one tap may carry (Dallah: several cups fell, then settled).
MAX_BATCH = 40
#: Longest notation accepted from a phone.
MAX_ACTION = 512
#: The largest number a phone may name its message with (``ask``), and the largest
#: ``expect`` or ``round`` a refusal says back: JavaScript's largest exact integer, so a
#: page reads back the very number it sent.
MAX_ASK = 2**53 - 1
#: Phones (players and shared screens) one room serves at once.
MAX_CONNECTIONS = 32
#: Spectator screens (``/s/CODE``) a room admits at once.
MAX_SPECTATORS = 8
#: Sockets one seat may hold at once (a phone and a tablet, a reload whose old socket has
#: not closed yet): a seat's newest socket beyond these closes its oldest, so one seat's
#: holder can never take the room's :data:`MAX_CONNECTIONS` from the other seats.
MAX_PER_SEAT = 4
#: The schedule on which idle rooms close (``Hub.tend``): a lobby nobody joined or started
#: for 2 hours is deleted, a game nobody played for 24 hours no longer counts as open,
#: and any room untouched for 7 days is deleted with its log.
LOBBY_IDLE = 2 * 3600
GAME_IDLE = 24 * 3600
FORGET_AFTER = 7 * 86_400
#: Messages queued for one phone before it is cut off (it reconnects and catches up).
QUEUE_LIMIT = 256
#: Bytes (UTF-8) queued for one phone before it is cut off, whatever their number: 256
#: whole pages of a Phase 10 lay-down are megabytes, held for a client that never reads.
#: Far above what a phone that reads leaves queued (a page and the patches of a few
#: moves), so only a socket that stopped reading is closed by it.
QUEUE_BYTES = 1 << 20
#: The close code of a socket cut off for what it left unread (:data:`QUEUE_LIMIT`,
#: :data:`QUEUE_BYTES`): 1013, "try again later", as for every limit; the phone
#: reconnects by itself and its ``hello`` catches it up.
SLOW_CLOSE = 1013
#: Events a phone opening a room for the first time is shown as context.
RECENT_EVENTS = 12
#: Events a room keeps in memory for phones that reconnect (a hello never replays the
#: game: what is older than these is not sent, the table itself shows where things are).
KEEP_EVENTS = 64


class ClientError(Exception):
    """A request refused; ``code`` is stable, ``detail`` is the engine's own sentence or
    the server's note (English; a phone is told it in its language from ``refused``, the
    engine's refusal, and ``game``, or from ``note``, which says the server's note in a
    language: :func:`detail_text`)."""

    def __init__(self, code: str, detail: str = "", *, ruling: str | None = None,
                 refused: TablegamesError | None = None, game: str | None = None,
                 note: Callable[[str], str] | None = None) -> None:
        super().__init__(code)
        self.code = code
        self.detail = detail
        self.ruling = ruling
        self.refused = refused
        self.game = game
        self.note = note


def noted(code: str, key: str, **args: Any) -> ClientError:
    """The refusal ``code`` with the server's note ``key``
    (:data:`~tablegames.server.words.NOTES`) as its detail: English in ``detail``, and in
    each phone's language."""
    return ClientError(code, note_text("en", key, **args),
                       note=lambda lang: note_text(lang, key, **args))


def game_title(game: str, lang: str) -> str:
    """``game``'s title in the words its table is drawn in for a phone reading ``lang``."""
    return words_of(game, lang_of(lang)).text({"msg": GAMES[game].title, "args": {}})


def noted_game(code: str, key: str, game: str, **args: Any) -> ClientError:
    """:func:`noted`, the note naming ``game`` (its ``{game}``) by its title in each
    phone's language."""
    def say(lang: str) -> str:
        return note_text(lang, key, game=game_title(game, lang), **args)

    return ClientError(code, say("en"), note=say)


def seed_refused(seed: object) -> ClientError:
    """``bad_seed`` for a seed :func:`~tablegames.common.setups.check_seed` refused, with
    the note that says why, its checks taken in its order: neither a whole number nor
    text, a number beyond 256 bits, text longer than it takes, or text with a lone
    surrogate (half of a character, which no text can be stored with)."""
    if isinstance(seed, bool) or not isinstance(seed, int | str):
        return noted("bad_seed", "seed_kind")
    if isinstance(seed, int):
        return noted("bad_seed", "seed_size")
    if len(seed) > MAX_SEED:
        return noted("bad_seed", "seed_length", most=MAX_SEED)
    return noted("bad_seed", "seed_text")


class Unreadable(ClientError):
    """``room_unreadable``: the room's stored game is one today's engine refuses to
    rebuild (its actions do not replay, its save does not load, its game is not
    installed), as a room stored by an older development server can be. No retry
    changes that, so it is no ``busy``: the phone is told so and stops trying.
    ``cause`` says why, for the server's log and the store alone (never sent to a phone:
    it may name a stored action). ``lasting``: whether the cause is the stored game's
    own, which no server of this release reads (kept with the room, ``Store.condemn``),
    not the server's (a game not installed here, which installing brings back)."""

    def __init__(self, cause: str, *, lasting: bool = True) -> None:
        super().__init__("room_unreadable")
        self.cause = cause
        self.lasting = lasting


def refused_record(exc: TablegamesError, at: int | None = None) -> str:
    """Why the engine refuses a stored record, for the log: an action's refusal by its
    code and ruling (and the version it was stored at), never the engine's sentence,
    which may name the cards of the hand it was played from; anything else by its
    message (a save's field, a notation, a house rule)."""
    where = "" if at is None else f"the action stored at version {at}: "
    if isinstance(exc, IllegalAction):
        return f"{where}{exc.code}, {exc.ruling}"
    return f"{where}{type(exc).__name__}: {str(exc)[:300]}"


class ToldStale(ClientError):
    """``stale``, already told to the phone whose tap lost a race to another process
    (:meth:`Hub._resync`): the refusal went to it before the winning tap's table, so the
    phone reads its tap as refused, as it reads every crossed tap (the refusal, then the
    table), and nothing more is to be sent."""

    def __init__(self) -> None:
        super().__init__("stale")


def _size(text: str) -> int:
    """The bytes ``text`` takes on the wire (UTF-8), counted without encoding ASCII."""
    return len(text) if text.isascii() else len(text.encode("utf-8", "surrogatepass"))


@attrs.define(eq=False)
class Conn:
    """One phone (or shared screen) attached to a room; messages go out through ``queue``.

    A message is encoded when it is queued (one encoding, as the writer did before), so
    the queue holds text whose size is known: a socket is cut off when it leaves more
    than :data:`QUEUE_LIMIT` messages or :data:`QUEUE_BYTES` bytes unsent, and what it
    held is let go at once, not when its peer at last reads or the keepalive gives up.
    """

    seat: int | None
    lang: str = "en"
    #: The page format this socket asked for (``hello``/``lang`` ``format``): 2, each card
    #: face once (the default), or 1, the page of earlier releases, expanded on send.
    format: int = FORMAT
    #: Messages to send, as JSON text; ``None`` closes the socket.
    #: (Not in its ``repr``: what a seat is sent names its hand.)
    queue: asyncio.Queue[str | None] = attrs.field(factory=lambda: asyncio.Queue(QUEUE_LIMIT),
                                                   repr=False)
    #: The bytes of the text in ``queue`` (:meth:`push` adds, :meth:`pull` takes off).
    unsent: int = 0
    #: The size of each text in ``queue``, in its order (``None`` has none): measured once,
    #: when it is queued, and taken off ``unsent`` when it is sent, never measured again
    #: (a Phase 10 page is 100 KB of Arabic to encode a second time).
    sizes: deque[int] = attrs.field(factory=deque, repr=False)
    #: Set when the phone fell too far behind or the room was reloaded: close it.
    dropped: bool = False
    #: The version of the page this phone was last sent (a patch must start there).
    version: int | None = None
    #: When it attached (``time.monotonic``): a seat past :data:`MAX_PER_SEAT` sockets
    #: closes its oldest first.
    opened: float = attrs.field(factory=time.monotonic)
    #: A spectator screen's place among its room's :data:`MAX_SPECTATORS` in the store
    #: (``Store.take_screen``), given back when it detaches.
    screen: int | None = None
    #: A player's socket's row in the store's presence (``Store.take_seat``), so the
    #: other server processes show its seat online; deleted when it detaches.
    presence: int | None = None
    #: The close code its socket ends with once ``None`` is sent: 1012 (the phone
    #: reconnects by itself), :data:`SLOW_CLOSE` for a socket that left too much unread
    #: (it reconnects too), 4409 for a socket its seat's newer one replaced (it does
    #: not, or two screens of one seat would take turns replacing each other).
    close_code: int = 1012

    def push(self, message: dict[str, Any] | str | None) -> None:
        """Queue ``message`` (a dict is encoded here); ``None`` closes the socket. Past
        :data:`QUEUE_LIMIT` messages or :data:`QUEUE_BYTES` bytes the socket is cut off
        (:data:`SLOW_CLOSE`): what it held is dropped and only ``None`` stays queued."""
        if self.dropped:
            return
        if message is None:
            if self.queue.full():  # closing a socket that has not read for long
                self._drain()
            self.queue.put_nowait(None)
            return
        text = message if isinstance(message, str) else dumps(message)
        size = _size(text)
        if self.unsent + size > QUEUE_BYTES or self.queue.full():
            self.cut_off()
            return
        self.unsent += size
        self.sizes.append(size)
        self.queue.put_nowait(text)

    def cut_off(self) -> None:
        """Stop serving a socket that left too much unread: its queue is emptied (the
        memory goes now) and ends with ``None``, so it closes with :data:`SLOW_CLOSE` as
        soon as its writer is free; its reader stops at its next message."""
        self.dropped = True
        self.close_code = SLOW_CLOSE
        self._drain()
        self.queue.put_nowait(None)

    def _drain(self) -> None:
        while not self.queue.empty():
            self.queue.get_nowait()
        self.sizes.clear()
        self.unsent = 0

    async def pull(self) -> str | None:
        """The next message to send (waits for one): JSON text, or ``None`` to close."""
        message = await self.queue.get()
        if message is not None:
            self.unsent -= self.sizes.popleft()
        return message


@attrs.frozen(eq=False)
class Kept:
    """The page a room last drew for one seat and language: what its next patch starts
    from (only while ``state`` is still the room's game: a reloaded room starts over)."""

    state: Any
    version: int
    drawn: Drawn


class Drawing:
    """The views and models of one broadcast: each made once, whatever the number of
    phones and languages, and the public tables drawn and diffed so far.

    The public table is the spectator's model (``model(None)``, the only whole model);
    a seat's model is its private part alone (``shared_model(view, public=False)``: no seats,
    centre or facts, which the page takes from the public table anyway), so a broadcast
    presents the public table once instead of once per seat.
    """

    def __init__(self, state: Any) -> None:
        self.state = state
        self.views: dict[int | None, dict[str, Any]] = {}
        self.models: dict[int | None, tuple[dict[str, Any], dict[str, Any]]] = {}
        self.tables: dict[str, Drawn] = {}
        #: The public table's operations as JSON (``encode_ops``), per pair of drawn
        #: tables (by identity): every phone of a language shares them.
        self.table_ops: dict[tuple[int, int], str] = {}

    def view(self, seat: int | None) -> dict[str, Any]:
        """The view of ``seat`` (the engine's own: no envelope to check or guard), which
        a page's events are told from: far cheaper than its model (a Phase 10 hand's
        model names every way to lay its phase down), so a page the room has kept is
        found without one."""
        hit = self.views.get(seat)
        if hit is None:
            hit = self.views[seat] = self.state.view(seat)
        return hit

    def model(self, seat: int | None) -> tuple[dict[str, Any], dict[str, Any]]:
        """``(view, model)`` of ``seat``: the private part of its model, or for ``None``
        the spectator's whole model (the public table)."""
        hit = self.models.get(seat)
        if hit is None:
            view = self.view(seat)
            hit = self.models[seat] = (view, shared_model(view, public=seat is None))
        return hit

    def ops_of_table(self, old: Mapping[str, Any], new: Mapping[str, Any]) -> str:
        """The operations that turn the drawn table ``old`` into ``new`` (at ``/table``),
        encoded once for every phone whose page holds ``old``."""
        key = (id(old), id(new))
        hit = self.table_ops.get(key)
        if hit is None:
            ops: list[dict[str, Any]] = []
            if old is not new:
                diff_into(old, new, "/table", ops)
            hit = self.table_ops[key] = encode_ops(ops)
        return hit


@attrs.define(eq=False)
class Sent:
    """What the sockets of one seat and language are sent after an action: the patch from
    version ``base`` (``old`` is the page it starts from; ``None``: whole pages only) or
    the whole page, in the page's format, or in format 1 for a socket that asked for it
    (:func:`~tablegames.server.page.expand`). ``patch`` is the format-2 patch, spliced
    with the public table's operations when it was made; every other message is encoded
    once, when the first socket that needs it is served."""

    base: int | None
    old: dict[str, Any] | None
    page: dict[str, Any]
    lines: list[dict[str, Any]]
    patch: str | None
    _made: dict[tuple[int, bool], str] = attrs.field(factory=dict)

    def to(self, conn: Conn, version: int) -> str:
        """The message for ``conn``: a patch if its page is the patch's base, else the
        whole page, in the socket's format."""
        as_patch = self.old is not None and conn.version == self.base
        key = (conn.format, as_patch)
        made = self._made.get(key)
        if made is None:
            if not as_patch:
                made = encode_full(expand(self.page) if conn.format == 1 else self.page,
                                   self.lines)
            elif conn.format != 1:
                assert self.patch is not None  # made whenever there is an old page
                made = self.patch
            else:
                assert self.old is not None and self.base is not None
                made = encode_patch(self.base, version, diff(expand(self.old), expand(self.page)),
                                    self.lines)
            self._made[key] = made
        return made


@attrs.define(eq=False)
class Room:
    """A room: its game, configuration, seats, state (``None`` in the lobby) and phones."""

    code: str
    info: GameInfo
    config: dict[str, Any]
    seats: list[dict[str, Any]]
    state: Any = None
    #: The version of the room's last stored snapshot (see ``store.SNAPSHOT_EVERY``).
    snap_seq: int = 0
    #: The latest events (``KEEP_EVENTS``), for phones that reconnect.
    recent: deque[Any] = attrs.field(factory=lambda: deque(maxlen=KEEP_EVENTS))
    lock: asyncio.Lock = attrs.field(factory=asyncio.Lock)
    conns: set[Conn] = attrs.field(factory=set)
    #: The seats with a player's socket open on another server process (a shared store,
    #: ``Store.take_seat``): read when a socket attaches here and again whenever another
    #: process says a seat came or went (``Hub.notice``), so :meth:`online` is the
    #: room's, not this process's. One process: always empty.
    elsewhere: frozenset[int] = frozenset()
    bot_task: asyncio.Task[None] | None = None
    #: The bots of the bot seats, made on first use (see ``Hub._lineup``).
    lineup: list[Any] | None = None
    closed: bool = False
    #: The page last drawn per (seat, language), and the public table per language:
    #: the base of the next patch and the parts the next drawing reuses (``Hub._page``).
    pages: dict[tuple[int | None, str], Kept] = attrs.field(factory=dict)
    tables: dict[str, Drawn] = attrs.field(factory=dict)
    #: The page of format 1 (:func:`~tablegames.server.page.expand`) of a page of
    #: ``pages``, by the same key, beside the page it expands: made once for every
    #: ``hello`` of a socket that asked for format 1 (``Hub._send_page``).
    expanded: dict[tuple[int | None, str], tuple[dict[str, Any], dict[str, Any]]] = (
        attrs.field(factory=dict))
    @property
    def round(self) -> int:
        """Which game of the room is on the table (1, then one more per Play again)."""
        return int(self.config.get("round", 1))

    @property
    def greeting(self) -> tuple[str, str] | None:
        """Why the game on the table began: ``(key, name)`` of the page's words
        (``"all_here"``: the last seat was taken by ``name``; ``"again_dealt"``: ``name``
        pressed Play again), sent to every phone as a ``notice`` while the game is at
        version 0, so nobody's lobby or result turns into a new table without a word.
        Stored with the game (the room's config, written in the transaction that deals
        it), so the phones of every server process sharing the rooms are told, and a
        restarted process tells its phones too."""
        said = self.config.get("greeting")
        if (isinstance(said, list) and len(said) == 2
                and all(isinstance(x, str) for x in said)):
            return said[0], said[1]
        return None

    @property
    def started(self) -> bool:
        return self.state is not None

    @property
    def bot_seats(self) -> frozenset[int]:
        return frozenset(i for i, s in enumerate(self.seats) if s.get("bot"))

    def online(self) -> list[bool]:
        """For each seat, whether a player's socket of it is open on any process: this
        one's sockets and the seats other processes hold (:attr:`elsewhere`), all from
        memory (a page drawn at every action asks, so no database work here)."""
        here = {c.seat for c in self.conns} | self.elsewhere
        return [i in here for i in range(len(self.seats))]


#: The invisible characters a name may hold: the zero-width joiner, which makes one emoji
#: of several (a family, a profession, a skin tone's person), and the zero-width
#: non-joiner, which Persian and other scripts write inside words. Every other control or
#: format character (bidi overrides among them, which could turn a name's neighbours
#: around) is refused.
JOINERS = frozenset("\u200c\u200d")


def name_key(name: str) -> str:
    """What two names at one table must not share: the name as a reader sees it (the
    library's :func:`~tablegames.common.setups.name_key`: compatibility forms folded,
    what the eye does not see left out, so "Amal" and "Amal" with a joiner after it are
    one name), in any case as well: a room's names are typed on phones, where "amal"
    and "Amal" are one person's two attempts rather than two players."""
    return setups.name_key(name).casefold()


def clean_name(name: object) -> str:
    """A player name as typed on a phone: its runs of spaces one space and trimmed
    (:func:`~tablegames.common.setups.fold_spaces`), printable (a tab or a new line
    refused, not folded), at most :data:`MAX_NAME`
    characters (else ``ClientError``: ``bad_name``, or ``name_too_long`` for a name that
    is too long, refused whole rather than cut, so nobody plays under a name they did not
    choose), with at least one character that shows (a letter, digit, punctuation or
    symbol: a name of joiners, blanks or lone accents would show the table an empty
    seat). Characters are counted as code points after NFC, the count the join form
    shows (``app.js``), so an "é" typed with a combining accent counts once."""
    if not isinstance(name, str):
        raise noted("bad_name", "name_not_text")
    # a tab or a new line is a control character, refused as the library refuses it
    # (:func:`~tablegames.common.setups.unprintable`), not read as a space by the fold
    typed_control = setups.unprintable(name) is not None
    text = unicodedata.normalize("NFC", setups.fold_spaces(name))
    if not text:
        raise noted("bad_name", "name_empty")
    if len(text) > MAX_NAME:
        raise noted("name_too_long", "name_length", count=len(text))
    if typed_control or any(unicodedata.category(ch).startswith("C") and ch not in JOINERS
                            for ch in text):
        raise noted("bad_name", "name_control")
    if not setups.shows(text):  # joiners, blanks or lone accents alone
        raise noted("bad_name", "name_unseen")
    return text


def bot_names(info: GameInfo) -> tuple[str, ...]:
    """Every bot the library can seat in ``info``'s game (``tablegames.bots.names``)."""
    from tablegames import bots as library

    return library.names(info)


def bot_text(name: str, info: GameInfo) -> OptionText | None:
    """The words of bot ``name`` of ``info``'s game (``tablegames.bots.registry.text``)."""
    from tablegames.bots import registry

    return registry.text(name, info)


def rules_for(info: GameInfo, variant: object, options: object) -> Any:
    """A variant's rules with house-rule overrides, as a rules dict (``ClientError`` if bad)."""
    if variant in (None, ""):
        base = info.rules_class()
    elif isinstance(variant, str) and variant in info.variants:
        base = info.variants[variant]
    else:
        raise noted("bad_rules", "no_variant")
    rules = rules_to_dict(base)
    if options in (None, {}):
        return rules
    if not isinstance(options, dict):
        raise noted("bad_rules", "rules_not_options")
    if any(k not in rules for k in options):
        raise noted("bad_rules", "no_option")
    rules.update(options)
    return rules


def option_labels(info: GameInfo, names: Iterable[str], lang: str) -> list[str]:
    """The house rules ``names`` of ``info``'s game as the creation form shows them to a
    phone reading ``lang`` (``app.games_catalogue``: their labels in the game's words,
    in English where the game has none in ``lang``; an option without words by its name,
    spaced), in the order of the game's rules."""
    w = words_for(lang_for(info.name, lang_of(lang)), info.name)
    chosen = set(names)
    labels = []
    for field in attrs.fields(info.rules_class):
        if field.name in chosen:
            text = option_text(field)
            labels.append(w(text.label) if text is not None else field.name.replace("_", " "))
    return labels


def _rules_refused(exc: TablegamesError, info: GameInfo, key: str,
                   chosen: Mapping[str, Any]) -> ClientError:
    """``bad_rules`` for the house rules ``chosen`` (those the library's refusal names,
    else those the host set: :func:`_at_fault`), which the engine refused (``exc``, kept
    as the English ``detail``): every phone reads the note ``key`` naming them by their
    labels, in its language. Rules with no option named cannot be refused (a game's
    variants and its set-up for each size deal): told to English alone."""
    if not chosen:
        return ClientError("bad_rules", str(exc)[:300])
    return ClientError("bad_rules", str(exc)[:300], note=lambda lang: note_text(
        lang, key, options=option_labels(info, chosen, lang)))


def playable_rules(info: GameInfo, players: int, rules: dict[str, Any],
                   chosen: object) -> dict[str, Any]:
    """``rules`` fitted to ``players`` seats by :meth:`GameInfo.fit_rules
    <tablegames.common.protocol.GameInfo.fit_rules>`, the fitting the terminal, the
    simulator and the arena share: kept if they deal to the table, else given the game's
    own set-up for its size (Shithead takes a second deck for 6 to 11 players and a third
    for 12 to 17, SHD-02), never changing an option the host set (``chosen``);
    ``ClientError`` if neither deals.

    The form offers every table size the game allows, so a host who picks eight players
    for Shithead gets a game of two decks, not a refusal to set an option by hand.
    """
    set_by_host = chosen if isinstance(chosen, dict) else {}
    try:
        named = rules_from_dict(info.rules_class, rules)
    except (RulesError, SetupError) as exc:
        key, options = _at_fault(exc, info, set_by_host)
        raise _rules_refused(exc, info, key, options) from None
    try:
        fitted = info.fit_rules(players, (named, {k: rules[k] for k in set_by_host}))
    except (RulesError, SetupError) as exc:
        _, options = _at_fault(exc, info, set_by_host)
        raise _rules_refused(exc, info, "rules_table", options) from None
    return rules_to_dict(fitted)


def _at_fault(exc: TablegamesError, info: GameInfo,
              chosen: Mapping[str, Any]) -> tuple[str, Mapping[str, Any]]:
    """The note that tells the host's rules refused (``exc``) and the house rules it
    names, read from the refusal's code and fields (:class:`RulesError`): the one option
    at fault (``rules_one``: a value it does not take), the options that cannot be
    played together as the game names them (``rules_clash``), each option of several at
    fault (``rules_each``). A refusal that names none of the game's options: every
    option the host set (``chosen``), as one (``rules_one``) or together."""
    fields = attrs.fields_dict(info.rules_class)
    named = ([o for o in exc.options if o in fields] if isinstance(exc, RulesError) else [])
    if not named:
        return ("rules_one" if len(chosen) == 1 else "rules_clash"), chosen
    at_fault = dict.fromkeys(named, True)
    if isinstance(exc, RulesError) and exc.code == "several":
        return ("rules_one" if len(named) == 1 else "rules_each"), at_fault
    return ("rules_one" if len(named) == 1 else "rules_clash"), at_fault


#: The longest ``bot_delay`` a hub takes, in seconds: every front end's pause limit.
MAX_BOT_DELAY = MAX_SECONDS


def check_bot_delay(delay: object) -> float:
    """A bot's pause: a real number of seconds from 0 to :data:`MAX_BOT_DELAY`
    (:func:`~tablegames.common.setups.check_seconds`). NaN or infinity would leave
    ``asyncio.sleep`` waiting for good, freezing every bot room."""
    return check_seconds("bot_delay", delay)


#: The most threads a hub's bots may think on (``bot_threads``).
MAX_BOT_THREADS = 16


def check_bot_threads(threads: object) -> int:
    """How many bot decisions may think at once across a hub's rooms: an ``int`` from 1
    to :data:`MAX_BOT_THREADS` (never a ``bool``), else a ``SetupError``. A decision is
    pure Python competing with the event loop for the interpreter lock, so more threads
    serve no more bots: they only slow every phone's messages down."""
    count = check_count("bot_threads", threads)
    if count > MAX_BOT_THREADS:
        raise SetupError(f"bot_threads must be at most {MAX_BOT_THREADS}, not {count}")
    return count


class Hub:
    """Every room of one server (see the module docstring)."""

    def __init__(self, store: Store, *, bot_delay: float = 0.7, max_rooms: int = 5_000,
                 max_cached: int = 2_000, bot_threads: int = 1) -> None:
        self.bot_delay = check_bot_delay(bot_delay)
        self.max_rooms = check_count("max_rooms", max_rooms)
        self.max_cached = check_count("max_cached", max_cached)
        self.bot_threads = check_bot_threads(bot_threads)
        self.store = store
        self.rooms: OrderedDict[str, Room] = OrderedDict()
        #: The rooms whose stored game this process found it cannot rebuild (code ->
        #: why, see :class:`Unreadable`): refused ``room_unreadable`` from memory, so a
        #: phone asking again and again costs no replay and no log line. Bounded as the
        #: rooms are (``max_cached``, the longest unasked leaving first); the verdict
        #: holds for the process: no later commit of this server makes such a game load.
        self.unreadable: OrderedDict[str, str] = OrderedDict()
        #: Where every room's bots think, ``bot_threads`` decisions at most at once: the
        #: default executor has up to 6 threads shared with everything else, and ISMCTS
        #: decisions of several rooms at once kept the interpreter lock from the event
        #: loop. Its threads start when the first decision is asked for.
        self.bot_pool = concurrent.futures.ThreadPoolExecutor(
            self.bot_threads, thread_name_prefix="tablegames-bot")

    # -- rooms -----------------------------------------------------------------------
    def create(self, spec: Mapping[str, Any], network: str | None = None,
               per_network: int | None = None) -> tuple[str, str]:
        """A new lobby from a creation form; returns ``(code, host token)``. It counts to
        the creator's ``network``, which may hold at most ``per_network`` open rooms
        (``too_many_rooms``), counted by the store, so across every process on it."""
        name = spec.get("game")
        if not isinstance(name, str) or name not in GAMES:
            raise noted("bad_game", "no_game")
        info = GAMES[name]
        players = spec.get("players")
        if type(players) is not int or not info.min_players <= players <= info.max_players:
            raise noted("bad_players", "bad_players", least=info.min_players,
                        most=info.max_players)
        rules = rules_for(info, spec.get("variant"), spec.get("rules"))
        bot = spec.get("bot")
        if bot in ("", None):
            bot = None
        elif not isinstance(bot, str) or bot not in bot_names(info):
            raise noted_game("bad_bot", "no_bot", name, bot=typed(bot))
        seed = spec.get("seed")
        if seed in (None, ""):
            seed = secrets.randbelow(1 << 63)
        else:
            try:
                check_seed(seed)  # what no game can be dealt from too (a lone surrogate)
            except SetupError:
                raise seed_refused(seed) from None
        host = clean_name(spec.get("name"))
        rules = playable_rules(info, players, rules, spec.get("rules"))
        try:
            return self._create(name, players, rules, spec.get("variant") or None, bot, seed,
                                host, network, per_network)
        except RoomsFull as exc:  # counted in the store: another process took the place
            raise ClientError(exc.code) from None
        except StoreError:  # the database is unreachable for now (it restarts...)
            log.exception("could not create a room")
            raise ClientError("busy") from None

    def _create(self, name: str, players: int, rules: dict[str, Any], variant: Any,
                bot: str | None, seed: Any, host: str, network: str | None,
                per_network: int | None) -> tuple[str, str]:
        if self.store.open_rooms() >= self.max_rooms:
            self.close_idle()
            if self.store.open_rooms() >= self.max_rooms:
                raise ClientError("busy")
        seats: list[dict[str, Any]] = [{"name": host, "bot": None}]
        seats += [{"name": None, "bot": None} for _ in range(players - 1)]
        config = {"players": players, "rules": rules, "variant": variant,
                  "bot": bot, "seed": seed}
        token = secrets.token_urlsafe(18)
        for _ in range(20):
            code = "".join(secrets.choice(CODE_ALPHABET) for _ in range(CODE_LENGTH))
            if self.store.room(code) is None:
                break
        else:  # pragma: no cover - 34 billion codes
            raise ClientError("busy")
        self.store.create(code, name, config, seats, token, network=network,
                          per_network=per_network, max_rooms=self.max_rooms)
        # the code of a room deleted since it was found unreadable is this room's now
        self.unreadable.pop(code, None)
        return code, token

    def still_open(self, codes: list[str]) -> list[str]:
        """The rooms of ``codes`` still open (``busy`` while the store cannot be read)."""
        try:
            return self.store.open_among(codes)
        except StoreError:
            raise ClientError("busy") from None

    def room(self, code: object) -> Room:
        """The room with this code, loaded from disk on first use: ``ClientError``
        ``no_room`` if none, ``busy`` while the store cannot be read (the phone tries
        again), ``room_unreadable`` if its stored game cannot be rebuilt (no retry
        changes that: :meth:`_unreadable`)."""
        if not isinstance(code, str) or len(code) not in CODE_LENGTHS:
            raise ClientError("no_room")
        code = code.upper()
        room = self.rooms.get(code)
        if room is not None:
            self.rooms.move_to_end(code)
            return room
        if code in self.unreadable:  # found so before: told again at no cost
            self.unreadable.move_to_end(code)
            raise ClientError("room_unreadable")
        try:
            row = self.store.room(code)
        except StoreError:  # the database is unreachable for now: the phone retries
            raise ClientError("busy") from None
        if row is None:
            raise ClientError("no_room")
        if row.unreadable is not None:  # a server found so before: no replay
            self._remember(code, row.unreadable)
            log.info("room %s: refused room_unreadable, as its store says (%s)", code,
                     row.unreadable)
            raise ClientError("room_unreadable")
        try:
            if row.game not in GAMES:
                raise Unreadable(f"no game {row.game[:40]!r} is installed", lasting=False)
            room = Room(code, GAMES[row.game], row.config, row.seats)
            if row.state is not None:
                room.state = self._load(room, row)
                room.snap_seq = row.snap_seq
        except StoreError:
            raise ClientError("busy") from None
        except Unreadable as exc:
            self._unreadable(code, row, exc)
        self.rooms[code] = room
        self._trim()
        self._kick(room)
        return room

    def _unreadable(self, code: str, row: RoomRow, exc: Unreadable) -> NoReturn:
        """Refuse the room whose stored game ``row`` the engine refused (``exc``) for
        good: the verdict is remembered (:attr:`unreadable`) and logged once, naming the
        room and the cause (never a seat token or a card), and the room is closed in the
        store (:meth:`Store.condemn <tablegames.server.store.Store.condemn>`): it no
        longer takes a place under ``max_rooms`` or its network's bound, and, when the
        cause is the stored game's own (``exc.lasting``), every process on the store
        refuses it from its row, with no replay. A game not installed here is not kept
        as a verdict: installing it opens the room again.

        Only if the room reads the same again: where other processes write (PostgreSQL),
        a Play again committed between the room's two reads (its row, then its actions)
        gives an old game's snapshot with the new game's actions, which do not replay;
        that passing mismatch is ``busy``, and the next request reads the room whole."""
        try:
            same = self.store.room(code) == row
        except StoreError:
            same = False
        if not same:
            log.info("room %s: changed while it was read; read again on its next request", code)
            raise ClientError("busy") from None
        self._remember(code, exc.cause)
        log.error("room %s: its stored game cannot be rebuilt by this server (%s): it is "
                  "refused room_unreadable", code, exc.cause)
        try:  # the verdict stands without it: a read-only or unreachable store is told later
            self.store.condemn(row, exc.cause if exc.lasting else None)
        except StoreError as failed:
            log.warning("room %s: could not close it in the store (%s)", code, failed)
        raise ClientError("room_unreadable") from None

    def _remember(self, code: str, cause: str) -> None:
        """Keep the verdict on ``code`` for this process (at most ``max_cached`` of them,
        the longest unasked leaving first)."""
        self.unreadable[code] = cause
        while len(self.unreadable) > self.max_cached:
            self.unreadable.popitem(last=False)

    def _load(self, room: Room, row: RoomRow) -> Any:
        """The room's game at the version ``row`` was read at: its snapshot plus the
        actions stored after it.

        At most ``SNAPSHOT_EVERY`` actions follow a snapshot, so a load is bounded work
        whatever the game's length. The actions are read up to the row's version: where
        other processes commit meanwhile, the room is loaded as it was when read (their
        notifications bring it on), never refused for their commit.

        A game that rebuilds to an earlier version than the store says the room reached
        (a snapshot later than the last stored action that does not load, or a room row
        ahead of both: no write of this store leaves one, each writes its snapshot and
        its actions in one transaction, but an edited file or a restored backup can) is
        :class:`Unreadable`: played on from there, it would take back moves every phone
        was shown, and each later load would fall short again. (It was ``busy`` on every
        request for ever.) A room that changed between the two reads (another process's
        Play again deletes the old game's actions) reads differently again and stays
        ``busy`` for that request alone (:meth:`_unreadable`).
        """
        state = self._state_at(room, row, row.seq)
        if state.version != row.seq:
            raise Unreadable(f"its stored game rebuilds to version {state.version}, its "
                             f"store says version {row.seq}")
        return state

    def _state_at(self, room: Room, row: RoomRow, version: int) -> Any:
        """The room's game at ``version`` (at most the row's): the snapshot plus the
        actions after it, or, if the snapshot is later than ``version`` or does not load
        (or its tail does not apply to it), the log replayed from the room's setup (the log
        is the room's truth)."""
        assert row.state is not None
        if row.snap_seq > version:
            return self.replay(room, upto=version)
        at: int | None = None
        try:
            state = room.info.from_json(row.state)
            if state.version != row.snap_seq:
                raise StateError(f"the snapshot is at {state.version}, not {row.snap_seq}")
            for at, seat, action in self.store.actions(room.code, after=row.snap_seq,
                                                       upto=version):
                state.apply(action, by=seat, expect=at - 1)
            return state
        except TablegamesError as exc:
            why = refused_record(exc, at)
        state = self.replay(room, upto=version)  # said after it, in one line if it fails too
        log.warning("room %s: the snapshot or its tail does not load (%s); its actions replay",
                    room.code, why)
        return state

    def replay(self, room: Room, upto: int | None = None) -> Any:
        """The room's game rebuilt from its setup and its stored actions (up to version
        ``upto``, when given); :class:`Unreadable` if the engine refuses them (a store
        error is the caller's: the database may be back on the next request)."""
        at: int | None = None
        try:
            state = room.info.new_game(players=[s["name"] for s in room.seats],
                                       seed=room.config["seed"], rules=room.config["rules"])
            for at, seat, action in self.store.actions(room.code, upto=upto):
                state.apply(action, by=seat, expect=at - 1)
        except TablegamesError as exc:
            raise Unreadable(refused_record(exc, at)) from None
        return state

    def by_token(self, token: object) -> tuple[Room, int]:
        """The room and seat a seat token opens."""
        if not isinstance(token, str) or not 8 <= len(token) <= 64:
            raise ClientError("no_seat")
        try:
            found = self.store.token(token)
        except StoreError:
            raise ClientError("busy") from None
        if found is None:
            raise ClientError("no_seat")
        return self.room(found[0]), found[1]

    def _trim(self) -> None:
        """Keep at most ``max_cached`` rooms in memory (idle ones leave first)."""
        if len(self.rooms) <= self.max_cached:
            return
        for code, room in list(self.rooms.items()):
            if len(self.rooms) <= self.max_cached:
                break
            if not room.conns and (room.bot_task is None or room.bot_task.done()):
                del self.rooms[code]
                self.store.disown(code)

    def _evict(self, room: Room) -> None:
        """Forget a room whose memory may disagree with the disk; its phones reconnect."""
        room.closed = True
        if self.rooms.get(room.code) is room:
            del self.rooms[room.code]
            self.store.disown(room.code)
        for conn in list(room.conns):
            conn.push(None)

    def join(self, code: object, name: object) -> str:
        """A seat in a lobby for ``name``; returns the new seat token.

        The store writes the seat only if the lobby is still as this process saw it, so
        where several server processes share the rooms a seat can never go to two
        people: a lost race reads the lobby again and tries once more.
        """
        who = clean_name(name)
        key = name_key(who)
        for _ in range(3):
            room = self.room(code)
            if room.started:
                raise ClientError("started")
            if any(s["name"] and name_key(s["name"]) == key for s in room.seats):
                raise ClientError("name_taken")
            free = [i for i, s in enumerate(room.seats) if s["name"] is None]
            if not free:
                raise ClientError("full")
            seat = free[0]
            seats = [dict(s) for s in room.seats]
            seats[seat]["name"] = who
            token = secrets.token_urlsafe(18)
            try:
                self.store.join(room.code, room.seats, seats, seat, token)
            except StoreError:
                self.catch_up(room)  # another process changed the lobby: read it again
                continue
            room.seats = seats
            if all(s["name"] for s in seats):
                # the seat is stored: the join has succeeded, whoever deals the game. Where
                # several processes share the rooms, another one's Start may win between the
                # two writes (then that game already holds this seat, in this name); a
                # refusal here would leave the seat stored with nobody holding its token
                with contextlib.suppress(ClientError):
                    self._start(room, greeting=("all_here", who))
            else:
                self._lobby(room)
            return token
        raise ClientError("busy")

    def start(self, room: Room, seat: int | None, lang: str = "en") -> None:
        """The creator starts early: the room's bot takes every empty seat, named in the
        language of the creator's phone (``lang``)."""
        if seat != 0:
            raise ClientError("not_host")
        if room.started:
            raise ClientError("started")
        if not room.config.get("bot") and any(s["name"] is None for s in room.seats):
            raise ClientError("seats_open")
        self._start(room, lang)

    def _start(self, room: Room, lang: str = "en",
               greeting: tuple[str, str] | None = None) -> None:
        seats = [dict(s) for s in room.seats]
        taken = {name_key(s["name"]) for s in seats if s["name"]}
        # A bot's name is a player's name: made once, here, in the language of the phone
        # that pressed Start (its table's language: an Arabic table gets "لاعب آلي 2"),
        # then stored in the game like any name a person typed, and never translated
        # again (every phone, a save, a replay shows the same name).
        w = words_for(lang_for(room.info.name, lang_of(lang)))
        for i, s in enumerate(seats):
            if s["name"] is None:
                name = w("Bot {n}", n=i + 1)
                while name_key(name) in taken:
                    name += "*"
                taken.add(name_key(name))
                s["name"], s["bot"] = name, room.config["bot"]
        state = room.info.new_game(players=[s["name"] for s in seats], seed=room.config["seed"],
                                   rules=room.config["rules"])
        config = room.config if greeting is None else dict(room.config, greeting=list(greeting))
        try:
            self.store.start(room.code, room.seats, seats, state.to_json(), config)
        except StoreError:
            self.catch_up(room)  # another process started or changed it first
            raise ClientError("started" if room.started else "busy") from None
        room.seats = seats
        self._dealt(room, config, state)

    async def again(self, room: Room, conn: Conn, data: Mapping[str, Any]) -> None:
        """Play again: a seated phone asks for a new game once the game is over.

        Any seated phone may press it (a table of friends decides aloud; a vote would
        leave a table waiting for the one who put their phone away). The press names the
        ``round`` its page showed: a press that crossed another (two phones at once, or a
        press from a page older than the new game) deals nothing, and its phone is shown
        the table as it is: no refusal, since the press got what it asked for (a new game
        is on the table) and the greeting (``again_dealt``) already says who dealt it; a
        red "someone else was first" over that line read as if something had gone wrong.
        A press naming a round the room never had is still refused (``stale``).
        """
        if conn.seat is None:
            raise ClientError("not_your_seat")
        asked = data.get("round")
        if type(asked) is not int:
            raise ClientError("bad_message")
        check_ask(data)
        async with room.lock:
            if room.state is None:
                raise ClientError("not_started")
            if asked != room.round:
                if not 1 <= asked < room.round:  # a round the room never had
                    conn.push(error_message(ClientError("stale"), conn.lang, room.state.version,
                                            answers_of(data)))
                self._send_page(room, conn, since=room.state.version)
                return
            if not room.state.is_over:
                raise ClientError("not_over")
            try:
                self._again(room, room.seats[conn.seat]["name"])
            except ClientError as exc:
                if exc.code != "stale":
                    raise
                # another process dealt it first: its game is the one asked for, and
                # catching up sent it to every phone here; if the store could not be read,
                # the table as it is, so the phone is never left waiting
                if room.round == asked:
                    self._send_page(room, conn, since=room.state.version)

    def _again(self, room: Room, by: str) -> None:
        """Deal the room's next game (the room's lock is held): the same seats, names and
        bots, the same house rules, a new seed, one round more; stored (the old game's
        actions make way for it) before any phone is shown it, as every commit is."""
        if self.store.open_rooms() >= self.max_rooms:  # a new game is an open room again
            self.close_idle()
            if self.store.open_rooms() >= self.max_rooms:
                raise ClientError("busy")
        config = dict(room.config, seed=secrets.randbelow(1 << 63), round=room.round + 1,
                      greeting=["again_dealt", by])
        state = room.info.new_game(players=[s["name"] for s in room.seats], seed=config["seed"],
                                   rules=config["rules"])
        try:
            self.store.again(room.code, room.config, config, room.state.version, state.to_json())
        except StoreError:
            if self.store.shared:  # another process dealt it first: show that game
                self.catch_up(room)
                raise ClientError("stale") from None
            log.exception("room %s: could not store its new game", room.code)
            self._evict(room)
            raise ClientError("busy") from None
        self._dealt(room, config, state)

    def _dealt(self, room: Room, config: dict[str, Any], state: Any) -> None:
        """The room holds a new game of its seats (its first, from the lobby, or Play
        again, here or in another process): nothing of an old game's stays in memory,
        every phone gets the page."""
        room.config, room.state, room.snap_seq = config, state, 0
        room.lineup = None
        room.recent.clear()
        room.pages.clear()
        room.tables.clear()
        room.expanded.clear()
        for conn in list(room.conns):
            self._send_page(room, conn, since=0)
        self._kick(room)

    # -- phones ----------------------------------------------------------------------
    def attach(self, room: Room, conn: Conn) -> None:
        if conn.seat is not None:
            mine = sorted((c for c in room.conns if c.seat == conn.seat), key=lambda c: c.opened)
            for old in mine[:max(0, len(mine) - MAX_PER_SEAT + 1)]:
                self._replace(room, old)  # the seat's oldest sockets make way for its newest
        if len(room.conns) >= MAX_CONNECTIONS:
            raise ClientError("room_full")
        if conn.seat is None:
            if sum(c.seat is None for c in room.conns) >= MAX_SPECTATORS:
                raise ClientError("room_full")
            self._elsewhere(room)
            # the room's screens on every process (one process: the count above is all)
            try:
                conn.screen = self.store.take_screen(room.code, MAX_SPECTATORS)
            except StoreError:
                raise ClientError("busy") from None
            if conn.screen is None:
                raise ClientError("room_full")
        else:
            self._take_seat(room, conn)
        room.conns.add(conn)
        self._presence(room)
        self._kick(room)  # a person is back: bots that waited for one go on

    def _replace(self, room: Room, old: Conn) -> None:
        """Close ``old``, a socket of a seat whose newer one took its place: it is told
        why and closes with 4409, on which the page waits for its person to reload."""
        room.conns.discard(old)
        old.push(error_message(ClientError("seat_elsewhere"), old.lang, None))
        old.close_code = 4409
        old.push(None)
        old.dropped = True  # its reader stops; nothing more is queued for it

    def detach(self, room: Room, conn: Conn) -> None:
        room.conns.discard(conn)
        if conn.screen is not None:
            ticket, conn.screen = conn.screen, None
            self.store.drop_screen(ticket)
        if conn.presence is not None:  # the other processes are told the seat left
            ticket, conn.presence = conn.presence, None
            self.store.drop_seat(room.code, ticket)
        if not room.closed:
            self._presence(room)
            self._kick(room)  # the last person gone: another process's may take the bots

    def _take_seat(self, room: Room, conn: Conn) -> None:
        """Where several processes share the rooms, a player's socket is counted online
        in the store (the others are told) and the seats held elsewhere are read, both
        once, on connecting: ``busy`` while the database cannot be reached (the phone
        tries again), so no process shows a seat offline whose phone is here. One
        process: nothing (its own sockets are all)."""
        if not self.store.shared or conn.seat is None:
            return
        try:
            conn.presence, room.elsewhere = self.store.take_seat(room.code, conn.seat)
        except StoreError:
            raise ClientError("busy") from None

    def _elsewhere(self, room: Room) -> None:
        """A screen's page shows who is online too: the seats other processes hold,
        read once as it connects (``busy`` while the database cannot be reached)."""
        if not self.store.shared:
            return
        try:
            room.elsewhere = self.store.seats_elsewhere(room.code)
        except StoreError:
            raise ClientError("busy") from None

    def _presence_heard(self, room: Room) -> None:
        """Another process says a seat of ``room`` came or went (or a dead process's
        seats were let go): read the seats held elsewhere again and, if who is online
        changed, tell this process's phones (``presence``; each page shows it when next
        drawn). Unreadable now: kept as it was until the next change is heard."""
        try:
            elsewhere = self.store.seats_elsewhere(room.code)
        except StoreError as exc:
            log.warning("room %s: could not read who is online (%s)", room.code, exc)
            return
        if elsewhere != room.elsewhere:
            was = room.online()
            room.elsewhere = elsewhere
            if room.online() != was:
                self._presence(room)

    def _presence(self, room: Room) -> None:
        message = {"type": "presence", "online": room.online()}
        for c in room.conns:
            c.push(message)

    def _lobby(self, room: Room) -> None:
        for conn in room.conns:
            conn.push(self.lobby_message(room, conn))

    def lobby_message(self, room: Room, conn: Conn) -> dict[str, Any]:
        # the game's name in the phone's language, as the table's title is after the start
        title = words_of(room.info.name, conn.lang).text({"msg": room.info.title, "args": {}})
        return {
            "type": "lobby", "code": room.code, "game": room.info.name, "title": title,
            "seat": conn.seat, "host": conn.seat == 0, "bot": room.config.get("bot"),
            "seats": [{"name": s["name"], "bot": s.get("bot")} for s in room.seats],
            "online": room.online(),
        }

    def _send_page(self, room: Room, conn: Conn, since: int | None, *,
                   replace: bool = False) -> None:
        """The whole page for ``conn`` and the events after version ``since`` (``None``:
        recent): a phone that says hello, changes language or missed a patch. Bounded work
        whatever the game's length: the page is drawn from the state now (or taken as the
        room last drew it for this seat and language) and the events come from memory.

        ``replace`` marks the events as the whole of what the phone shows under "What
        happened" (``"replace": true``), not lines to add: a language change sends the
        recent lines again in the new language, so the log is not left in the old one."""
        state = room.state
        if state is None:
            conn.push(self.lobby_message(room, conn))
            return
        page, ctx = self._page(room, conn.seat, conn.lang)
        if room.greeting is not None and state.version == 0:  # why this table is new
            key, name = room.greeting
            conn.push({"type": "notice", "key": key, "name": name})
        if since is None:
            since = max(0, state.version - RECENT_EVENTS)
        events: list[dict[str, Any]] = []
        if since < state.version:  # from memory, never a replay: bounded work
            mine = [dict(e.for_seat(conn.seat), version=e.version) for e in room.recent
                    if e.version > since and e.visible_to(conn.seat)]
            events = describe_events(mine, ctx)
        conn.version = state.version
        if conn.format == 1:  # an app of its own written for the page of earlier releases
            page = self._expanded(room, (conn.seat, conn.lang), page)
        message: dict[str, Any] = {"type": "update", "page": page, "events": events}
        if replace:
            message["replace"] = True
        conn.push(message)

    @staticmethod
    def _expanded(room: Room, key: tuple[int | None, str], page: dict[str, Any],
                  ) -> dict[str, Any]:
        """``page`` (the room's kept page of ``key``) in format 1, expanded once: a page
        expanded at every hello was a fresh 100 KB of objects for a Phase 10 lay-down,
        each held in the socket's queue until sent, so a client that never read kept 256
        of them on each of its sockets (helper-150)."""
        hit = room.expanded.get(key)
        if hit is None or hit[0] is not page:
            hit = room.expanded[key] = (page, expand(page))
        return hit[1]

    def _page(self, room: Room, seat: int | None, lang: str,
              drawing: Drawing | None = None) -> tuple[dict[str, Any], Context]:
        """The page of ``seat`` in ``lang`` now, and the context its events are told in.

        The room keeps the last page it drew for each seat and language (``room.pages``)
        and the public table per language (``room.tables``): a page asked for again at
        the same version (and with the same phones online) is that page, and a new one is
        drawn from the previous one, reusing every part whose model did not change
        (:func:`~tablegames.server.page.draw_page`). ``drawing`` holds the views and
        models of one broadcast, each made once.
        """
        state = room.state
        drawing = drawing if drawing is not None else Drawing(state)
        view = drawing.view(seat)
        w = words_of(str(view["game"]), lang)
        online = room.online()
        kept = room.pages.get((seat, lang))
        if (kept is not None and kept.state is state and kept.version == state.version
                and kept.drawn.page["online"] == online):
            # the kept page, with no model built: a hello or a change of language asks
            # for it at every socket's message rate (helper-150: 10 ms each, before)
            return kept.drawn.page, Context(view, w)
        _, model = drawing.model(seat)
        public = drawing.tables.get(w.lang)
        if public is None:
            old = room.tables.get(w.lang)
            _, public_model = drawing.model(None)
            public = drawing.tables[w.lang] = draw_public(public_model, w, old)
            room.tables[w.lang] = public
        drawn = draw_page(state, seat, model, w, public,
                          kept.drawn if kept is not None else None, title=room.info.title)
        page = drawn.page
        page["code"] = room.code
        was = kept.drawn.page if kept is not None else None
        # unchanged lists stay the same objects, so the diff passes them by identity
        page["online"] = was["online"] if was is not None and was["online"] == online else online
        bots = sorted(room.bot_seats)
        page["bots"] = was["bots"] if was is not None and was["bots"] == bots else bots
        page["round"] = room.round
        room.pages[(seat, lang)] = Kept(state, state.version, drawn)
        return page, Context(view, w)

    def _broadcast(self, room: Room, events: list[Any]) -> None:
        """Each phone's events and what changed on its page (a ``patch`` message).

        Each seat's view and private model are made once, the public table is presented
        once, drawn, diffed and encoded once per language, and each message is drawn,
        diffed and encoded once per seat and language, however many phones and screens
        watch: a phone's patch is its own operations spliced with the table's
        (:func:`~tablegames.server.page.encode_patch_parts`). A phone whose page is not
        the one the room last drew for it (it joined in between, or its language changed)
        gets the whole page instead.

        A socket that asked for format 1 (the page of earlier releases) is sent the
        expanded pages (:func:`~tablegames.server.page.expand`) and the patch between
        them, made apart, once per seat and language, only when such a socket watches.
        """
        state = room.state
        drawing = Drawing(state)
        messages: dict[tuple[int | None, str], Sent] = {}
        for conn in list(room.conns):
            key = (conn.seat, conn.lang)
            message = messages.get(key)
            if message is None:
                kept = room.pages.get(key)
                base = (kept.version if kept is not None and kept.state is state else None)
                old = kept.drawn.page if kept is not None else None
                page, ctx = self._page(room, conn.seat, conn.lang, drawing)
                mine = [dict(e.for_seat(conn.seat), version=e.version) for e in events
                        if e.visible_to(conn.seat)]
                lines = describe_events(mine, ctx)
                patch = None
                if base is not None and old is not None:
                    own = encode_ops(diff_page(old, page, skip="table"))
                    patch = encode_patch_parts(
                        base, state.version, (own, drawing.ops_of_table(old["table"], page["table"])),
                        lines)
                else:
                    old = None
                message = messages[key] = Sent(base, old, page, lines, patch)
            conn.push(message.to(conn, state.version))
            conn.version = state.version

    async def handle(self, room: Room, conn: Conn, data: object) -> None:
        """One message from a phone (already parsed JSON, otherwise untrusted)."""
        if not isinstance(data, dict) or not isinstance(data.get("type"), str):
            raise ClientError("bad_message")
        kind = data["type"]
        if kind == "hello":
            conn.format = _format_of(data, conn.format)
            conn.lang = lang_of(data.get("lang"))
            since = data.get("since")
            state = room.state
            if type(since) is not int or state is None or not 0 <= since <= state.version:
                since = None
            self._send_page(room, conn, since)
        elif kind == "lang":
            conn.format = _format_of(data, conn.format)
            conn.lang = lang_of(data.get("lang"))
            # the recent lines again, in the new language, in place of the phone's own
            self._send_page(room, conn, since=None, replace=True)
        elif kind == "act":
            await self.act(room, conn, data)
        elif kind == "start":
            async with room.lock:
                self.start(room, conn.seat, conn.lang)
        elif kind == "again":
            await self.again(room, conn, data)
        elif kind == "ping":
            conn.push({"type": "pong"})
        else:
            raise ClientError("bad_message")

    async def act(self, room: Room, conn: Conn, data: Mapping[str, Any]) -> None:
        """A tap: one action or a batch, at the version the phone saw."""
        if conn.seat is None:
            raise ClientError("not_your_seat")
        expect = data.get("expect")
        if type(expect) is not int:
            raise ClientError("bad_message")
        check_ask(data)
        raw = data.get("actions", [data.get("action")])
        if not isinstance(raw, list) or not 1 <= len(raw) <= MAX_BATCH or not all(
                isinstance(a, str) and 0 < len(a) <= MAX_ACTION for a in raw):
            raise ClientError("bad_message")
        async with room.lock:
            if room.state is None:
                raise ClientError("not_started")
            try:
                self._commit(room, conn.seat, raw, expect, by=conn, answers=answers_of(data))
            except ToldStale:
                return
            except ClientError as exc:
                if exc.code != "stale":
                    raise
                # the tap crossed another: say so, then show the table as it is now
                conn.push(error_message(exc, conn.lang, room.state.version, answers_of(data)))
                self._send_page(room, conn, since=room.state.version)

    def _commit(self, room: Room, seat: int, actions: list[str], expect: int,
                by: Conn | None = None, answers: dict[str, Any] | None = None) -> None:
        """Apply, store, broadcast (the room's lock is held); ``by`` is the phone that
        tapped (``None``: a bot), told first if its tap loses a race (:class:`ToldStale`),
        in a refusal that names its message (``answers``, :func:`answers_of`).

        A batch is several taps in one message, judged in order, each after the ones
        before it: the first refused tap ends the batch, the taps before it stand (they
        are stored and shown) and its refusal is raised. A batch is not tried on a copy
        first: which of its taps a copy refuses would tell the phone what an earlier tap
        uncovered before it is committed (draw, then discard the card guessed: refused,
        so the hidden top card is not that one), and a phone could probe again and again.
        Everything a refusal here says follows from taps that now stand.
        """
        state = room.state
        events: list[Any] = []
        refused: ClientError | None = None
        for i, a in enumerate(actions):
            try:
                events.extend(state.apply(a, by=seat, expect=expect + i))
            except TablegamesError as exc:
                refused = _refusal(exc, room.info.name, a)
                if i == 0:
                    raise refused from None
                break
        done = [(seat, str(a)) for a in state.history[expect:]]
        snap = state.is_over or state.version - room.snap_seq >= SNAPSHOT_EVERY
        try:
            self.store.record(room.code, expect, done, state.to_json() if snap else None,
                              state.is_over)
            if snap:
                room.snap_seq = state.version
        except StoreError:
            if self.store.shared:  # another process stored this version first
                # what was applied here is not the room's
                if self._resync(room, expect, refused=by, answers=answers):
                    raise ToldStale() from None
                raise ClientError("stale") from None
            log.exception("room %s: could not store version %s", room.code, state.version)
            self._evict(room)
            raise ClientError("busy") from None
        room.recent.extend(events)
        self._broadcast(room, events)
        self._kick(room)
        if refused is not None:
            raise refused

    # -- several server processes ------------------------------------------------------
    def notice(self, code: str, what: str) -> None:
        """Another process committed a change to room ``code`` (``what``: ``"lobby"``,
        ``"again"`` for a new game dealt, or the room's new version): a room this process
        holds catches up and tells its phones. A room it does not hold is read from the
        store when next asked for."""
        room = self.rooms.get(code)
        if room is None or room.closed:
            return
        if what.startswith(PRESENCE):  # a seat came or went on another process
            if what != f"{PRESENCE} {self.store.process}":  # (not this one's own)
                self._presence_heard(room)
            return
        if is_number(what, 12) and room.state is not None and room.state.version >= int(what):
            return  # this process's own commit, or one it has already followed
        self.catch_up(room)

    def catch_up_all(self) -> None:
        """Bring every room held here to what the store holds: after the notification
        connection came back, for the commits sent while it was lost. The seats this
        process holds are written again too (another process may have let them go while
        this one had no session: :meth:`Store.reap`), and who is online elsewhere read."""
        held = [(room.code, c.seat, c.presence) for room in self.rooms.values()
                for c in room.conns if c.presence is not None and c.seat is not None]
        if held:
            try:
                self.store.rejoin(held)
            except StoreError as exc:
                log.warning("could not say again which seats are online here (%s)", exc)
        for room in list(self.rooms.values()):
            if not room.closed:
                self.catch_up(room)
                if self.store.shared and not room.closed:
                    self._presence_heard(room)

    def catch_up(self, room: Room) -> None:
        """Bring ``room`` to what the store holds (see :meth:`_catch_up`). If the store
        cannot be read now, the room stays as it is: the next notification, or the
        catch-up once the database is back (:meth:`catch_up_all`), brings it on."""
        try:
            self._catch_up(room)
        except StoreError as exc:
            log.warning("room %s: could not read it (%s)", room.code, exc)
        except ClientError as exc:  # its game does not load: it leaves memory
            log.warning("room %s: could not load it (%s)", room.code, exc.code)
            self._evict(room)

    def _catch_up(self, room: Room) -> None:
        """Bring ``room`` to what the store holds: the lobby's seats, the game once it has
        started, and the actions committed after this process's version, applied here so
        that the phones get the events (a delta, never the whole log)."""
        row = self.store.room(room.code)
        if row is None:
            self._evict(room)
            return
        if room.state is None:
            room.seats = row.seats
            if row.state is None:
                self._lobby(room)
                return
            room.config = row.config  # the start stored why it began (``Room.greeting``)
            room.state = self._load(room, row)
            room.snap_seq, room.lineup = row.snap_seq, None
            for conn in list(room.conns):
                self._send_page(room, conn, since=None)
            self._kick(room)
            return
        if row.config.get("round", 1) != room.round:  # another process dealt a new game
            room.config = row.config  # the new game's seed: what a replay starts from
            self._dealt(room, row.config, self._load(room, row))
            room.snap_seq = row.snap_seq
            return
        events: list[Any] = []
        try:
            for at, seat, action in self.store.actions(room.code, after=room.state.version):
                events.extend(room.state.apply(action, by=seat, expect=at - 1))
        except TablegamesError:
            log.exception("room %s: the stored actions do not follow this process's game",
                          room.code)
            self._evict(room)
            return
        room.snap_seq = max(room.snap_seq, row.snap_seq)
        room.recent.extend(events)
        if events:
            self._broadcast(room, events)
        self._kick(room)

    def _resync(self, room: Room, since: int, refused: Conn | None = None,
                answers: dict[str, Any] | None = None) -> bool:
        """After a lost race at version ``since``: the room's game is rebuilt as it was
        at ``since`` and the store's actions after it are applied, so its phones get the
        winning taps' events (as the phones on the winner's process do). If the store
        cannot be read now, the room leaves memory and its phones reconnect (it loads
        again then): it never stays here without its game or with the tap that lost.

        The phone whose tap lost (``refused``) is told ``stale`` before the winning
        table, as a tap that crossed another in this process is (the refusal, then the
        table): sent after it, the table past its version read as its tap's answer, so
        a phone took a tap the store never held for accepted (the two-process test saw
        one in a loaded run). Returns whether it was told."""
        try:
            row = self.store.room(room.code)
            if row is None or row.state is None:
                raise ClientError("no_room")
            state = self._state_at(room, row, since)
            events: list[Any] = []
            for at, seat, action in self.store.actions(room.code, after=since, upto=row.seq):
                events.extend(state.apply(action, by=seat, expect=at - 1))
            if state.version != row.seq:
                raise ClientError("busy")
        except (StoreError, ClientError, TablegamesError) as exc:
            log.warning("room %s: could not read it again after a lost race (%s)", room.code,
                        exc)
            self._evict(room)
            return False
        room.state, room.snap_seq = state, row.snap_seq
        room.recent.extend(events)
        if refused is not None:
            refused.push(error_message(ClientError("stale"), refused.lang, state.version,
                                       answers))
        self._broadcast(room, events)
        self._kick(room)
        return refused is not None

    # -- bots ------------------------------------------------------------------------
    def _lineup(self, room: Room) -> list[Any]:
        """The room's bots (``tablegames.bots``), one per bot seat, ``None`` for a person.

        Each is seeded by a one-way hash of the room's seed and its seat
        (:func:`~tablegames.bots.harness.bot_seed`), and a library bot draws each decision
        from its seed and the question asked (the version), so a room restarted from disk
        plays on exactly as it would have. A bot's seed never tells the game's: a bot
        registered by a third party, handed the room's seed, could deal the room again and
        read every hand.
        """
        if room.lineup is None:
            from tablegames import bots as library
            from tablegames.bots.harness import bot_seed

            room.lineup = [library.make(s["bot"], room.info,
                                        seed=bot_seed(room.config["seed"], i))
                           if s.get("bot") else None for i, s in enumerate(room.seats)]
        return room.lineup

    @staticmethod
    def _bots_to_act(room: Room) -> bool:
        """A bot is to act (the harness then also asks the other bots' interrupts).

        Bots are not asked to interrupt while a person is to act: a knock racing a
        person's tap would make the game depend on timing, not on the seed and the taps.
        """
        state = room.state
        return (state is not None and not state.is_over and not room.closed
                and state.to_act in room.bot_seats)

    @staticmethod
    def someone_here(room: Room) -> bool:
        """Whether a person's seat of ``room`` has a socket open here (a shared screen
        does not count: anyone with the room's code may open one)."""
        bots = room.bot_seats
        return any(c.seat is not None and c.seat not in bots and not c.dropped
                   for c in room.conns)

    def _bots_may_act(self, room: Room) -> bool:
        """A bot is to act and a person is at the table (:meth:`someone_here`): bots do not
        play on among themselves, thinking on the server's threads, for a room every
        person has left. They go on when a person's socket comes back (:meth:`attach`).
        Waiting changes no move: each is drawn from the seed and the version."""
        return self._bots_to_act(room) and self.someone_here(room)

    def _kick(self, room: Room) -> None:
        """Start the room's bot task if a bot may act and none is running (and this
        process runs the room's bots: where several share the rooms, one does).

        Where several processes share the rooms, one holding a room's bots with no
        person's socket lets them go, so the process its people are on takes them over
        (``tend``): the bots wait only while nobody is at the table anywhere."""
        if not self._bots_may_act(room):
            if self.store.shared and self._bots_to_act(room):
                self.store.disown(room.code)
            return
        try:
            if not self.store.owns(room.code):
                return
        except StoreError as exc:  # the database is unreachable: tend asks again next tick
            log.debug("room %s: cannot ask who runs its bots (%s)", room.code, exc)
            return
        if room.bot_task is not None and not room.bot_task.done():
            return
        try:
            loop = asyncio.get_running_loop()
        except RuntimeError:
            return
        room.bot_task = loop.create_task(self._bots(room))

    def _still_owns(self, room: Room) -> bool:
        """Whether this process still runs the room's bots (a reconnect to the database
        loses its advisory locks: another process may have taken them)."""
        try:
            return self.store.owns(room.code)
        except StoreError:
            return False

    async def _bots(self, room: Room) -> None:
        from tablegames.bots import next_action

        while not room.closed:
            async with room.lock:
                if not self._bots_may_act(room) or not self._still_owns(room):
                    return
                version = room.state.version
                trial = room.state.copy()
                lineup = self._lineup(room)
            if self.bot_delay:
                await asyncio.sleep(self.bot_delay)
            started = time.perf_counter()
            try:  # on a copy, on the hub's bot threads: the room and its phones go on
                step = await asyncio.get_running_loop().run_in_executor(
                    self.bot_pool, next_action, trial, lineup)
            except Exception:  # a broken bot stops, the room and its phones go on
                log.exception("room %s: a bot failed at version %s", room.code, version)
                return
            if step is None:  # a person decides next (the bots passed on their interrupts)
                async with room.lock:  # unless the table moved on while the bots thought
                    if room.state is None or room.state.version == version:
                        return
                continue
            seat, action = step
            log.debug("room %s: seat %s bot chose %s in %.3fs", room.code, seat, action,
                      time.perf_counter() - started)
            async with room.lock:
                # closed, or every person has left (the same move is drawn again once one
                # is back); or they left while it thought and came back, but it let the
                # bots go meanwhile (``_kick``), and the process that took them plays it
                if not self._bots_may_act(room) or not self._still_owns(room):
                    return
                try:
                    self._commit(room, seat, [str(action)], version)
                except ClientError as exc:
                    if exc.code != "stale":  # a bot's legal choice refused: a bug, not a tap
                        log.error("room %s: a bot was refused: %s %s", room.code, exc.code,
                                  exc.detail)
                        return

    def close_idle(self) -> None:
        """Close idle rooms on the documented schedule (``LOBBY_IDLE``, ``GAME_IDLE``,
        ``FORGET_AFTER``)."""
        try:
            self.store.expire(LOBBY_IDLE, GAME_IDLE)
            self.store.prune(older_than=FORGET_AFTER)
        except StoreError:
            log.exception("could not close idle rooms")

    def _reap(self) -> None:
        """Let go the seats of killed processes (:meth:`Store.reap`: every process holding
        their rooms is told). While the database is unreachable the next tick tries
        again, and the bots' tending above has had its turn."""
        try:
            self.store.reap()
        except StoreError as exc:
            log.debug("cannot let go the seats of dead processes (%s)", exc)

    async def tend(self, every: float = 1.0, idle_every: float = 600.0) -> None:
        """Every ``every`` seconds, start the bots of any room held here whose bots may
        act: where several processes share the rooms, this is how the bots of a killed
        process's rooms go on (its advisory locks died with it), and how its phones' seats
        stop counting as online (:meth:`Store.reap`, one statement a tick). Every ``idle_every``
        seconds, close idle rooms."""
        last_idle = time.monotonic()
        while True:
            await asyncio.sleep(every)
            try:
                for room in list(self.rooms.values()):
                    self._kick(room)
                if self.store.shared:
                    self._reap()
                if time.monotonic() - last_idle >= idle_every:
                    last_idle = time.monotonic()
                    self.close_idle()
            except Exception:  # a database restart must not end the tending: next tick
                log.exception("tending the rooms failed; trying again in %s s", every)

    async def close(self) -> None:
        """Stop every bot task (the server is shutting down), and the bot threads (a
        decision already thinking ends on its own; its answer is not used)."""
        tasks = [r.bot_task for r in self.rooms.values() if r.bot_task and not r.bot_task.done()]
        for t in tasks:
            t.cancel()
        for t in tasks:
            with contextlib.suppress(asyncio.CancelledError):
                await t
        self.bot_pool.shutdown(wait=False, cancel_futures=True)


def _format_of(data: Mapping[str, Any], now: int) -> int:
    """The page format a ``hello`` or ``lang`` asks for (its ``format``: 1 or 2), or the
    socket's ``now`` when it names none; anything else is refused ``bad_message`` before
    the socket changes (``True`` is no format)."""
    if "format" not in data:
        return now
    asked = data["format"]
    if type(asked) is not int or asked not in FORMATS:
        raise ClientError("bad_message")
    return asked


def _refusal(exc: TablegamesError, game: str, text: str) -> ClientError:
    """What a phone is told when the engine refuses its tap ``text``: ``stale`` when
    another tap came first, the ruling's code for an illegal action (with the refusal,
    told in each phone's language), ``bad_action`` for notation the game cannot read
    (with the server's note quoting the tap, cut short, in each phone's language)."""
    if isinstance(exc, StaleState):
        return ClientError("stale")
    if isinstance(exc, IllegalAction):
        return ClientError(exc.code, exc.message, ruling=exc.ruling, refused=exc, game=game)
    if isinstance(exc, NotationError):  # the engine's sentence (English) kept for a log
        return ClientError("bad_action", str(exc)[:200], note=noted_game(
            "bad_action", "bad_action", game, action=typed(text)).note)
    # no tap reaches here (``apply`` refuses with an IllegalAction or a NotationError
    # alone: its contract); were one to, it is a bug, whose sentence is a developer's:
    # told to an English phone only, as the code's message alone to any other
    return ClientError("not_legal", str(exc)[:200])


def detail_text(exc: ClientError, lang: str) -> str:
    """A refusal's ``detail`` as a phone reading ``lang`` is told it: always in its
    language, or empty, never English inside a message in another language (an Arabic
    phone read "... (the game is over)": found by helper-161).

    The engine's refusal of a tap is told in the language the phone's table is drawn in
    (:func:`~tablegames.server.page.words_of`: its own, or English for a game without
    it), from the game's refusals catalogue, with bidi isolates around its values in
    Arabic as the table's words; English until its translation exists
    (:func:`tablegames.table.refusal_text`). The end of the game has no sentence of its
    own beyond the server's message ("The game is over."), which it only repeated: none.
    The server's notes (why a name was refused, which house rules cannot be played, named
    by the labels the form shows; which game, bot or seed the form sent that the server
    has not or cannot take; which tap it cannot read, quoted back cut short) are told
    from the server's catalogue (:data:`~tablegames.server.words.NOTES`), in every
    language, English too (the engine's English sentence stays in ``detail``, for a log).
    A refusal of the core with no template (a tap naming another seat, or a seat the game
    has not: ``not_your_seat``, ``no_such_seat``) has no translation to tell: its
    English sentence goes to an English phone only, as a developer's detail.
    Any other detail is a developer's, which no phone's request reaches (a refusal
    ``apply`` never raises, house rules refused that the host set none of): told to an
    English phone only; another reads the message of the refusal's code alone."""
    refused = exc.refused
    if refused is not None and exc.game is not None:
        if isinstance(refused, GameOver):
            return ""
        if isinstance(refused, IllegalAction) and refused.template is None:
            # the core's own sentence, with no template to translate ("seat 1 may not
            # act for seat 0": a tap naming another seat, or a seat the game has not):
            # a developer's, as below; the code's message says it in every language
            return refused.message if lang_of(lang) == "en" else ""
        return refusal_text(refused, words_of(exc.game, lang_of(lang)))
    if exc.note is not None:
        return exc.note(lang)
    return exc.detail if lang_of(lang) == "en" else ""


def error_message(exc: ClientError, lang: str, version: int | None,
                  answers: dict[str, Any] | None = None) -> dict[str, Any]:
    """The message a phone gets for a refusal: the server's own words for its code, then
    the engine's (``detail``, see :func:`detail_text`), both in the phone's language;
    ``answers`` names the phone's message it refuses (:func:`answers_of`), ``None`` for a
    refusal that answers no move (over a rate limit, a socket that cannot be served)."""
    return {"type": "error", "code": exc.code, "message": error_text(lang, exc.code),
            "detail": detail_text(exc, lang), "ruling": exc.ruling, "version": version,
            "answers": answers}


def _echoed(value: object) -> TypeGuard[int]:
    """Whether ``value`` may be said back to the phone that sent it: a whole number (not a
    ``bool``) that JavaScript reads exactly, so a long one sent cannot make a long echo."""
    return type(value) is int and -MAX_ASK <= value <= MAX_ASK


def answers_of(data: object) -> dict[str, Any] | None:
    """What a refusal of the phone's message ``data`` answers, so that a phone whose earlier
    move's refusal arrives while a later move waits does not take it for the later one's:
    an ``act``'s ``expect`` or a Play again's ``round``, and the phone's own number for the
    message (``ask``, optional), each said back as the phone sent it. Only the sender's
    own numbers, never anything of the room, so nothing of another seat rides on it.
    ``None`` for any other message, or for one that names neither field readably (then
    the refusal answers no move: a page ends whatever wait it has)."""
    if not isinstance(data, dict) or data.get("type") not in ("act", "again"):
        return None
    kind = data["type"]
    field = "expect" if kind == "act" else "round"
    if not _echoed(data.get(field)):
        return None
    out: dict[str, Any] = {"type": kind, field: data[field]}
    ask = data.get("ask")
    if _echoed(ask) and ask >= 0:
        out["ask"] = ask
    return out


def check_ask(data: Mapping[str, Any]) -> None:
    """An ``act`` or ``again`` may name itself (``ask``: a whole number from 0 to
    :data:`MAX_ASK`, said back in its refusal); anything else there is refused
    ``bad_message`` before the message does anything."""
    ask = data.get("ask", 0)
    if not (_echoed(ask) and ask >= 0):
        raise ClientError("bad_message")
