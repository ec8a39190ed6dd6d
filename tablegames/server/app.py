"""The web side: Starlette routes over the :class:`~tablegames.server.rooms.Hub`.

=====================================  ==================================================
``GET /``                               create a room, or join one with its code
``GET /j/CODE``                         the join page a room's link and QR code open
``GET /p/TOKEN``                        a player's phone (the token is that seat's secret)
``GET /s/CODE``                         the shared screen: the public table, no hand
``GET /api/games?lang=LANG``            games, player ranges, bots, variants, house rules,
                                        each with its words in the page's language
``POST /api/rooms``                     create a room: ``{game, players, name, variant,
                                        rules, bot, seed}`` -> ``{code, token}``
``POST /api/rooms/CODE/join``           ``{name}`` -> ``{token}``
``GET /api/rooms/CODE``                 the lobby in public: game and seat names
``GET /qr/CODE.svg``                    the QR code of the room's join link
``WS /ws/p/TOKEN``, ``WS /ws/s/CODE``   live pages (see :mod:`tablegames.server.rooms`)
=====================================  ==================================================

``/api/games`` names each game's variants and bots as a room is created with them
(``variants``, ``bots``) and gives beside them what a person reads in the asked language
(:func:`games_catalogue`): ``variant_labels``, ``variant_help``, ``bot_labels`` and
``bot_help`` (name -> a label, and one sentence of what the variant changes at the table
or how the bot plays), as each house rule of ``options`` has its ``label`` and ``help``.

Everything a client sends is untrusted: bodies and messages have size limits, JSON is
parsed defensively, each connection and address has a rate limit, and every refusal is
a short message with a stable reason under ``code``, on HTTP as on a socket (an HTTP
refusal also keeps it under ``error``, its first name, for the apps that read that). No
error carries an exception's text from inside the server, so no hidden card can ride
out on one.
"""

from __future__ import annotations

import asyncio
import contextlib
import functools
import html
import io
import ipaddress
import json
import logging
import re
import time
import typing
from collections.abc import AsyncIterator, Awaitable, Callable, Iterable, Mapping, MutableMapping
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit

import attrs
import segno
from starlette.applications import Starlette
from starlette.exceptions import HTTPException
from starlette.requests import ClientDisconnect, Request
from starlette.responses import HTMLResponse, JSONResponse, Response
from starlette.routing import Mount, Route, WebSocketRoute
from starlette.staticfiles import StaticFiles
from starlette.websockets import WebSocket, WebSocketDisconnect

from tablegames.common.errors import SetupError, quoted
from tablegames.common.numbers import is_number
from tablegames.common.registry import GAMES
from tablegames.common.rules import OptionText, option_text, rules_to_dict
from tablegames.common.setups import check_count
from tablegames.server import logs
from tablegames.server.chrome import words_script
from tablegames.server.limits import Bucket, Doors, Limits, client_address, network
from tablegames.server.page import words_of
from tablegames.server.pgstore import open_store
from tablegames.server.rooms import (
    ClientError,
    Conn,
    Hub,
    Room,
    answers_of,
    bot_names,
    bot_text,
    check_bot_delay,
    check_bot_threads,
    detail_text,
    error_message,
)
from tablegames.server.words import error_text, lang_of
from tablegames.table.i18n import langs_of, words_for

log = logging.getLogger("tablegames.server")

STATIC = Path(__file__).parent / "static"
#: Largest request body (a room's creation form with house rules).
MAX_BODY = 16_384
#: Largest websocket message from a phone (a batch of reports fits many times).
MAX_MESSAGE = 4_096
#: The most a socket's peer may leave unread before a ping of its is answered by closing
#: the socket instead (see :func:`_websockets`): far above what the server's own messages
#: leave in a slow phone's buffer (it waits for the buffer to drain below 64 KB before it
#: writes the next one), far below what a flood of pings would pile up.
PONG_BACKLOG = 1 << 20


#: The headers every HTTP answer carries (:class:`Headers`; the answers uvicorn's protocols
#: write themselves too, :func:`_http` and :func:`_websockets`): a seat's token is in its
#: page's address.
SECURITY_HEADERS: list[tuple[bytes, bytes]] = [
    (b"content-security-policy",
     b"default-src 'self'; img-src 'self' data:; style-src 'self'; "
     b"script-src 'self'; connect-src 'self'; frame-ancestors 'none'"),
    (b"referrer-policy", b"no-referrer"),
    (b"x-content-type-options", b"nosniff"),
    (b"cache-control", b"no-store"),
]
#: The most a request's head (its request line and headers) may hold: far above what a
#: browser sends here (a few hundred bytes: the server sets no cookie).
MAX_HEAD = 16_384


def refusal(exc: ClientError, lang: str = "en") -> dict[str, str]:
    """The body of an HTTP refusal. ``code`` is the reason's key on a socket too
    (``error_message``); ``error`` holds the same code for the apps that read it before
    ``code`` was added."""
    return {"code": exc.code, "error": exc.code, "message": error_text(lang, exc.code),
            "detail": detail_text(exc, lang)}


def read_json(text: str | bytes) -> Any:
    """What a client sent, read as JSON, or ``ClientError("bad_message")``: text that is
    not JSON, nested past the parser's depth, or holding a lone surrogate.

    JSON may escape a lone surrogate (``"\\ud800"``), and ``json.loads`` reads a body's
    bytes with ``surrogatepass`` (``b"\\xed\\xa0\\x80"``), but such a string is no text:
    no answer can carry it back as UTF-8, and no game can be dealt from it. A seed of one
    made a lobby that never dealt (its last join a 500, the seat stored, the room stuck
    for good); a Dallah card set naming a cup with one made a table whose pages no phone
    could be sent (the socket's writer failed in silence). So what is read is written back
    once here, which finds one wherever it is, in bounded work (a body is at most
    :data:`MAX_BODY`, a message :data:`MAX_MESSAGE`). Text that is ASCII with no ``\\u``
    escape holds none, and skips that (every action a phone sends: this runs for each)."""
    try:
        data = json.loads(text)
        if type(text) is not str or not text.isascii() or "\\u" in text:
            json.dumps(data, ensure_ascii=False).encode()
    except (ValueError, RecursionError):  # a UnicodeEncodeError is a ValueError
        raise ClientError("bad_message") from None
    return data


def refusal_body(code: str) -> bytes:
    """The JSON refusal ``code`` as an answer written below the app says it: in English,
    since a request that was never read names no language."""
    return json.dumps(refusal(ClientError(code))).encode()


def _http() -> Any:
    """uvicorn's h11 protocol, with a request it cannot read answered by the JSON refusal.

    A request that never parses (a broken request line or header, a head over
    :data:`MAX_HEAD`) is answered by uvicorn's protocol itself, before any app is called,
    in plain text without the security headers, and uvicorn has no setting for that
    answer's body (its ``headers`` setting would put its headers on every answer, the
    app's twice over). This one writes ``bad_message`` (400) as every refusal is written.

    h11, not httptools (uvicorn's choice when it is installed): httptools keeps a header
    line however long it grows (a client that sent one header of 200 MB left the server
    holding 300 MB, and one core busy, for as long as it kept sending), while h11 keeps
    at most :data:`MAX_HEAD` of a head it has not finished reading (uvicorn's
    ``h11_max_incomplete_event_size``) and refuses the request past it; and every
    machine answers alike, whatever else is installed. The time a head may take is not
    bounded (uvicorn has no setting for it): see the app guide's TLS proxy recipe."""
    from uvicorn.protocols.http.h11_impl import H11Protocol

    body = refusal_body("bad_message")
    answer = b"".join([b"HTTP/1.1 400 Bad Request\r\ncontent-type: application/json\r\n",
                       b"content-length: %d\r\nconnection: close\r\n" % len(body),
                       *(name + b": " + value + b"\r\n" for name, value in SECURITY_HEADERS),
                       b"\r\n", body])

    class JsonRefusal(H11Protocol):
        def send_400_response(self, msg: str) -> None:
            self.transport.write(answer)
            self.transport.close()

    return JsonRefusal


def _websockets() -> Any:
    """uvicorn's websockets protocol, with a bound on the pongs a peer leaves unread, and
    no socket kept open for a peer that stopped reading.

    uvicorn's sans-I/O protocol (the one it picks when the websockets library is there)
    writes a pong for every ping as it reads it, whether or not the peer reads what it is
    sent, and a ping frame never reaches the app, so neither the message rate nor the
    phone's queue meters it: a client that sent pings without reading grew the server's
    buffer by its whole upload for the 40 s until the keepalive gave up (some 30 MB in
    20 s from one socket on this machine). This one closes the socket (abort: what is
    unread is dropped) when a ping arrives with more than :data:`PONG_BACKLOG` unread. An
    older uvicorn without that protocol uses the websockets library's own, which waits
    for the peer to read before it writes a pong (``"auto"``).

    uvicorn ends a socket with ``transport.close()``, which waits until what is buffered
    has been read, when the keepalive gives up and when the app closed it: a peer that
    stopped reading with data still buffered (a phone whose network vanished in the
    middle of a page, or a client that means harm) kept the connection, its handler, its
    queue and its place in the room's 32 for good. This one aborts the connection
    instead once the keepalive gives up (a ping unanswered for ``ws_ping_timeout``), and
    at most the close timeout after the handler ended.

    A handshake the websockets library refuses (no key, a wrong version, a POST; or a
    fault of the server's before the socket was accepted) was answered in plain text
    without the security headers: it is the JSON refusal (``bad_message``, or
    ``server_error`` for a 500) with them, its status kept."""
    try:
        from uvicorn.protocols.websockets.websockets_sansio_impl import (
            WebSocketsSansIOProtocol,
        )
    except ImportError:  # pragma: no cover - uvicorn before its sans-I/O protocol
        return "auto"
    from websockets.datastructures import Headers as Fields
    from websockets.http11 import Response as Answer
    from websockets.server import ServerProtocol

    class JsonRejections(ServerProtocol):
        def reject(self, status: Any, text: str) -> Answer:
            plain = super().reject(status, text)
            body = refusal_body("server_error" if plain.status_code >= 500 else
                                HTTP_ERRORS.get(plain.status_code, "bad_message"))
            fields = Fields([("Date", plain.headers["Date"]), ("Connection", "close"),
                             ("Content-Length", str(len(body))), ("Content-Type", JSON)])
            for name, value in SECURITY_HEADERS:
                fields[name.decode()] = value.decode()
            return Answer(plain.status_code, plain.reason_phrase, fields, body)

    class BoundedPongs(WebSocketsSansIOProtocol):
        def __init__(self, *args: Any, **kwargs: Any) -> None:
            super().__init__(*args, **kwargs)
            self.conn = JsonRejections(extensions=self.conn.available_extensions,
                                       max_size=self.config.ws_max_size,
                                       logger=self.conn.logger)

        def handle_ping(self) -> None:
            if self.transport.get_write_buffer_size() > PONG_BACKLOG:
                self.conn.data_to_send()  # the pong is not written, nor kept
                self.transport.abort()
                return
            super().handle_ping()

        def keepalive_timeout(self) -> None:
            # uvicorn writes a close frame and calls close(), which waits for what is
            # buffered to be read: from a peer that stopped reading, never, and the
            # connection, its handler and its queue stayed. A peer that has not answered
            # a ping in ``ws_ping_timeout`` is gone: drop what it left unread
            super().keepalive_timeout()
            self.transport.abort()

        async def run_asgi(self) -> None:
            # the handler is done: its socket has the close timeout (10 s) to finish its
            # closing handshake and drain, then is dropped (uvicorn's close timer and
            # its close() at this point both wait for a peer that may never read)
            await super().run_asgi()
            self.loop.call_later(self.close_timeout, self.transport.abort)

    return BoundedPongs


#: How ``tablegames serve`` runs uvicorn's websockets (``benchmarks/ws_floor.py`` runs its
#: bare relay with the same): frames up to 64 KB, a ping every 20 s, no compression (a
#: patch is small, and deflate would cost more CPU per frame than it saves), pongs
#: bounded (:func:`_websockets`).
UVICORN_WS: dict[str, Any] = {"ws_max_size": 65_536, "ws_ping_interval": 20.0,
                              "ws_ping_timeout": 20.0, "ws_per_message_deflate": False,
                              "ws": _websockets()}
#: How ``tablegames serve`` runs uvicorn's HTTP: h11 with a bounded head, a request it
#: cannot read answered by the JSON refusal (:func:`_http`).
UVICORN_HTTP: dict[str, Any] = {"http": _http(), "h11_max_incomplete_event_size": MAX_HEAD}

#: A ``Host`` header a room's QR code may carry (the link is the address the page was
#: opened at): a name of at most 255 characters, an IPv4 or a bracketed IPv6 address, and
#: a port, or nothing (then the address the server listens on). Anything else is no
#: address a phone could open, and a long one does not fit in a QR code at all (segno
#: refused it with an error, a 500), after the costliest encoding there is.
_HOST = re.compile(r"(?=.{0,262}\Z)(?:(?:[A-Za-z0-9-]{1,63}\.)*[A-Za-z0-9-]{1,63}\.?"
                   r"|\[[0-9A-Fa-f:.]{2,45}\])(?::[0-9]{1,5})?|")


#: A ``share_url``: ``http`` or ``https``, a host as :data:`_HOST` takes it, no path.
_SHARE_URL = re.compile(r"https?://(?!/)(" + _HOST.pattern[:-1] + r")")


def check_share_url(url: object) -> None:
    """``create_app(share_url=...)``: ``None`` or an address a phone can open and a QR
    code can hold (``http://192.168.1.5:8000``), else a ``SetupError``."""
    if url is None:
        return
    if not isinstance(url, str) or not _SHARE_URL.fullmatch(url):
        raise SetupError(f"share_url is an address such as 'http://192.168.1.5:8000' "
                         f"(no path), not {quoted(url)}")


def loopback_host(host: str) -> bool:
    """Whether a ``Host`` header names this computer alone (``localhost``,
    ``127.0.0.1:8000``, ``[::1]``): a link made from it opens nothing on a phone.

    >>> from tablegames.server.app import loopback_host
    >>> loopback_host("localhost:8000"), loopback_host("[::1]"), loopback_host("192.168.1.5")
    (True, True, False)
    """
    try:
        name = urlsplit("//" + host).hostname or ""
    except ValueError:
        return False
    if name.rstrip(".") == "localhost":
        return True
    try:
        return ipaddress.ip_address(name).is_loopback
    except ValueError:
        return False


def share_meta(url: str | None) -> str:
    """The page's note of ``share_url`` (read by ``app.js`` for a room's link), or nothing."""
    if url is None:
        return ""
    return f'\n<meta name="tablegames-share" content="{html.escape(url, quote=True)}">'


def cross_site(headers: Mapping[str, str]) -> bool:
    """Whether a browser says the request comes from a page of another site.

    A browser names the page that sent a request in ``Origin`` (on every POST and every
    websocket, even from the server's own page) or, an older one, in ``Referer``; a page
    of another site could otherwise create rooms and take seats with its visitor's
    browser, spending the limits of the visitor's address. The page is this server's
    when its host and port are the request's ``Host``: the address the phone opened, which
    a proxy in front passes on (Caddy does; nginx needs ``proxy_set_header Host $host``,
    as a QR code's link does too). The scheme is not compared: behind a TLS proxy the
    page is ``https`` and the request it forwards ``http``. A request that names no page
    is not a browser page's (``curl``, a bot, the load script) and is not refused: it
    spends its own address's limits. ``Origin: null`` (a sandboxed or local page) is
    never this server's.

    >>> cross_site({"host": "192.168.1.5:8000", "origin": "http://192.168.1.5:8000"})
    False
    >>> cross_site({"host": "tables.example.org", "origin": "https://tables.example.org"})
    False
    >>> cross_site({"host": "192.168.1.5:8000", "origin": "https://evil.example"})
    True
    >>> cross_site({"host": "192.168.1.5:8000"})
    False
    """
    page = headers.get("origin")
    if page is None:
        page = headers.get("referer")
        if page is None:
            return False
    try:
        named = urlsplit(page)
        seen = urlsplit("//" + headers.get("host", ""))
        if named.scheme not in ("http", "https") or not named.hostname:
            return True
        default = 443 if named.scheme == "https" else 80
        return (named.hostname, named.port or default) != (seen.hostname,
                                                           seen.port or default)
    except ValueError:  # a port that is not one
        return True


def foreign_fetch(headers: Mapping[str, str]) -> bool:
    """Whether a browser asks for this as a part of a page of another site (its image, its
    script's fetch) rather than for a person who opens it.

    A page of another site can make its visitor's browser look a room up or draw its QR
    code (an ``<img>``, a ``fetch`` in ``no-cors`` mode), spending the look-ups of the
    visitor's address. A browser says where a request comes from in ``Sec-Fetch-Site``
    and what it is for in ``Sec-Fetch-Mode`` and ``Sec-Fetch-Dest`` (every current one
    does, to an ``https`` address or this computer): anything but a request of the
    server's own pages (``same-origin``) or of the person (``none``: typed, a bookmark) is
    another site's, unless it is a top-level navigation, which is never refused: a person
    who opens a link from a chat app or an e-mail comes from another site too. A browser
    that sends none of them (plain ``http`` on a LAN, an older one) is judged by the page
    it names, as :func:`cross_site` judges a POST; it cannot say a navigation from an
    image there, so a link straight to a look-up or a QR code opened from another site's
    page is refused (a room's link, ``/j/CODE``, is a page and always served).

    >>> foreign_fetch({"sec-fetch-site": "cross-site", "sec-fetch-mode": "no-cors",
    ...                "sec-fetch-dest": "image"})
    True
    >>> foreign_fetch({"sec-fetch-site": "cross-site", "sec-fetch-mode": "navigate",
    ...                "sec-fetch-dest": "document"})
    False
    >>> foreign_fetch({"sec-fetch-site": "same-origin", "sec-fetch-mode": "cors"})
    False
    """
    site = headers.get("sec-fetch-site")
    if site is None:
        return cross_site(headers)
    if site in ("same-origin", "none"):
        return False
    return not (headers.get("sec-fetch-mode") == "navigate"
                and headers.get("sec-fetch-dest", "document") == "document")


Scope = MutableMapping[str, Any]
Message = MutableMapping[str, Any]
ASGI = Callable[[Scope, Callable[[], Awaitable[Message]], Callable[[Message], Awaitable[None]]],
                Awaitable[None]]


class Headers:
    """ASGI middleware: security headers on every HTTP response (the token is in the URL),
    a refusal and a 500 too (:class:`App` puts it outside Starlette's error handling)."""

    def __init__(self, app: ASGI) -> None:
        self.app = app

    async def __call__(self, scope: Scope, receive: Callable[[], Awaitable[Message]],
                       send: Callable[[Message], Awaitable[None]]) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return

        async def with_headers(message: Message) -> None:
            if message["type"] == "http.response.start":
                message["headers"] = [*message.get("headers", []), *SECURITY_HEADERS]
            await send(message)

        await self.app(scope, receive, with_headers)


class App(Starlette):
    """Starlette with :class:`Headers` outermost: Starlette answers an error in the app
    (a 500) from its own outermost middleware, outside any the app names, so such a
    response went without the security headers every other one carries."""

    def build_middleware_stack(self) -> ASGI:
        return Headers(super().build_middleware_stack())


# -- the games, described for the creation form ----------------------------------------
_DOC = re.compile(r"^\s*\*\s*``(\w+)``\s*[—-]\s*(.*)$")


def _option_docs(cls: type) -> dict[str, str]:
    docs: dict[str, str] = {}
    current = None
    for line in (cls.__doc__ or "").splitlines():
        m = _DOC.match(line)
        if m:
            current = m.group(1)
            docs[current] = m.group(2).strip()
        elif current and line.strip() and not line.strip().startswith("*"):
            docs[current] += " " + line.strip()
        else:
            current = None
    return docs


def _option(name: str, hint: Any, default: Any, doc: str) -> dict[str, Any] | None:
    """A house rule as a form field, or ``None`` for options a form cannot hold (card sets)."""
    origin, args = typing.get_origin(hint), typing.get_args(hint)
    field: dict[str, Any] = {"name": name, "default": default, "doc": doc}
    if hint is bool:
        field["type"] = "bool"
    elif hint is int:
        field["type"] = "int"
    elif origin is typing.Literal and all(isinstance(a, str) for a in args):
        field["type"], field["choices"] = "choice", list(args)
    elif set(args) == {int, type(None)}:
        field["type"] = "optional_int"
    elif origin is tuple and args[:1] == (str,):
        field["type"], field["default"] = "list", list(default)
    else:
        return None
    return field


def _said(field: dict[str, Any], text: OptionText | None, say: Callable[[str], str]) -> None:
    """Give a form field the words a player reads, in the page's language (``say``): its
    ``label``, one sentence of ``help`` and, for a choice, ``choice_labels`` (value ->
    words). A game that gives an option no words (one from elsewhere) shows its name,
    spaced, with no help; the reference docstring (``doc``) is never shown to players:
    it is reStructuredText for programmers."""
    if text is None:
        field["label"], field["help"] = field["name"].replace("_", " "), ""
        if field["type"] == "choice":
            field["choice_labels"] = {c: c.replace("_", " ") for c in field["choices"]}
        return
    field["label"], field["help"] = say(text.label), say(text.help)
    if field["type"] == "choice":
        field["choice_labels"] = {c: say(text.choices.get(c, c.replace("_", " ")))
                                  for c in field["choices"]}


def _spaced(name: str) -> str:
    """A name with no words of its own as a form shows it: ``lenient dirty hand``."""
    return name.replace("_", " ").replace("-", " ")


def _named(names: Iterable[str], text_of: Callable[[str], OptionText | None],
           say: Callable[[str], str]) -> tuple[dict[str, str], dict[str, str]]:
    """The ``label`` and the sentence of ``help`` of each named variant or bot, by name,
    in the page's language (``say``): one without words shows its name, spaced, with no
    help, as an option without words does (a game or bot registered from elsewhere)."""
    labels, helps = {}, {}
    for name in names:
        text = text_of(name)
        labels[name] = say(text.label) if text is not None else _spaced(name)
        helps[name] = say(text.help) if text is not None else ""
    return labels, helps


def games_catalogue(lang: str = "en") -> list[dict[str, Any]]:
    """Every registered game, as the creation form needs it, its words in ``lang`` (from
    each game's own catalogue: wholly English where the game has none in ``lang``).

    Variants and bots keep their names (``variants``, ``bots``: what a room is created
    with); their words are added beside them (``variant_labels``, ``variant_help``,
    ``bot_labels``, ``bot_help``: name -> words), so an app that read the names before
    reads them as it did."""
    out = []
    for name in GAMES:
        info = GAMES[name]
        cls = info.rules_class
        hints = typing.get_type_hints(cls)
        docs = _option_docs(cls)
        # a game not translated into ``lang`` is told wholly in English: the shared
        # catalogue alone would make a form half Dutch ("Stand") and half English
        words = words_for(lang_of(lang) if lang in langs_of(name) else "en", name)

        def say(text: str, words: Any = words) -> str:
            return str(words.text({"msg": text, "args": {}}))

        options = []
        for f in attrs.fields(cls):
            default = f.default.factory() if isinstance(f.default, attrs.Factory) else f.default  # type: ignore[arg-type]
            opt = _option(f.name, hints[f.name], default, docs.get(f.name, ""))
            if opt is not None:
                _said(opt, option_text(f), say)
                options.append(opt)
        simple = {o["name"] for o in options}
        variants = {v: {k: val for k, val in rules_to_dict(r).items() if k in simple}
                    for v, r in info.variants.items()}
        variant_labels, variant_help = _named(variants, info.variant_texts.get, say)
        bots = list(bot_names(info))
        bot_labels, bot_help = _named(bots, functools.partial(bot_text, info=info), say)
        # the title in the language too: the lobby and the table say "توبن", so the
        # form's game menu does (it said "Toepen" on an Arabic page; found by helper-185)
        out.append({"name": name, "title": say(info.title), "min": info.min_players,
                    "max": info.max_players, "bots": bots, "bot_labels": bot_labels,
                    "bot_help": bot_help, "default_bot": info.default_bot,
                    "options": options, "variants": variants,
                    "variant_labels": variant_labels, "variant_help": variant_help})
    return out


def registrations() -> tuple[tuple[Any, ...], ...]:
    """What :func:`games_catalogue` is drawn from that can change while a server runs:
    each registered game's entry (``tablegames.register`` replaces or adds one) with its
    bots and their words (``tablegames.bots.register(..., text=...)`` adds a bot or
    changes one's words at any time). Equal registrations draw equal catalogues; an
    entry unchanged is the same object, so comparing two of these costs little."""
    out = []
    for name in GAMES:
        info = GAMES[name]
        bots = bot_names(info)
        out.append((info, bots, tuple(bot_text(b, info) for b in bots)))
    return tuple(out)


class Catalogues:
    """:func:`games_catalogue` in each language, as ``/api/games`` serves it, drawn again
    when the registrations it was drawn from change (:func:`registrations`).

    The app drew the catalogue of every language once, when it was made, so a bot
    registered after ``create_app`` never reached the creation form, although a room
    could be created with it. Drawing it at every request costs some 3 ms (every game's
    house rules in words) on a door anyone may knock at; so each language's drawing is
    kept beside the registrations it was drawn from, checked at each request, and all
    are dropped when those change. At most one drawing per language of
    :data:`~tablegames.table.i18n.LANGS` is kept (``lang`` goes through
    :func:`~tablegames.server.words.lang_of`): the memory is bounded whatever a caller
    asks for."""

    def __init__(self) -> None:
        self._source: tuple[tuple[Any, ...], ...] | None = None
        self._drawn: dict[str, list[dict[str, Any]]] = {}

    def __call__(self, lang: str | None) -> list[dict[str, Any]]:
        """The catalogue in ``lang`` now (a language without a catalogue, or none: English)."""
        lang = lang_of(lang)
        source = registrations()
        if source != self._source:
            self._source, self._drawn = source, {}
        drawn = self._drawn.get(lang)
        if drawn is None:
            drawn = self._drawn[lang] = games_catalogue(lang)
        return drawn


def qr_svg(link: str) -> bytes:
    """The QR code of ``link`` as the join page shows it (an SVG image)."""
    out = io.BytesIO()
    segno.make(link, error="m").save(out, kind="svg", scale=6, border=2, dark="#1b1b1b")
    return out.getvalue()


#: Refusals of a socket that no retry can change, by the code the socket closes with,
#: on which a phone stops reconnecting (``app.js``): 4404 for what does not exist (or a
#: page of another site), 4410 for a room whose stored game this server cannot rebuild
#: (``room_unreadable``: it exists, but no retry will open it; HTTP says 410). Every
#: other refusal closes with 1013 ("try again later"), and the phone reconnects.
FINAL: dict[str, int] = {"no_room": 4404, "no_seat": 4404, "cross_site": 4404,
                         "not_found": 4404, "room_unreadable": 4410}
#: The HTTP status of a refused look-up of a room by its code (its page, its QR code, a
#: join): 404 for no such room, 410 (Gone) for one whose game cannot be rebuilt, 503
#: while the store cannot be read (try again).
LOOK_UP_STATUS = {"no_room": 404, "room_unreadable": 410, "busy": 503}
#: The refusal of an HTTP error Starlette raises (no route, a wrong method, a missing
#: static file), by status; any other is ``bad_message``.
HTTP_ERRORS = {404: "not_found", 405: "bad_method"}
#: The content type of every request body the server reads: a page of another site can
#: send a form or plain text without asking, but JSON only if the server agrees (CORS,
#: which it never does).
JSON = "application/json"


# -- the app ---------------------------------------------------------------------------
def create_app(db: str | Path = "rooms.sqlite", *, bot_delay: float = 0.7,
               limits: Limits | None = None, max_rooms: int = 5_000,
               bot_threads: int = 1, share_url: str | None = None) -> Starlette:
    """The ASGI app serving rooms stored in ``db``: a SQLite file's path (one server
    process), or a ``postgresql://`` URL shared by any number of server processes.

    ``bot_delay`` is the pause before a bot moves, so people can follow what it did;
    ``limits`` meters every door (:mod:`tablegames.server.limits`), ``max_rooms`` bounds
    the open rooms (idle ones are closed on the schedule of ``Hub.tend``);
    ``bot_threads`` (1 to 16) is how many bot decisions may think at once across all
    rooms (the others wait their turn), so bots never hold the server's thread.
    ``share_url`` (``"http://192.168.1.5:8000"``, what ``tablegames serve --host 0.0.0.0``
    finds with :func:`tablegames.server.lan.lan_addresses`) is the address phones open: a
    room's link and QR code use it when the page was opened at this computer's own name
    (``localhost``, ``127.0.0.1``), which no phone can open; otherwise they carry the
    address the page was opened at, as without it.
    """
    check_bot_delay(bot_delay)  # before the store is opened
    check_count("max_rooms", max_rooms)
    check_bot_threads(bot_threads)
    check_share_url(share_url)
    if not isinstance(limits, Limits | None):
        raise SetupError(f"limits must be a Limits or None, not {type(limits).__name__}")
    limits = limits or Limits()
    doors = Doors(limits, max_rooms)
    logs.install()
    store = open_store(str(db))
    hub = Hub(store, bot_delay=bot_delay, max_rooms=max_rooms, bot_threads=bot_threads)
    catalogues = Catalogues()

    def client(request: Request | WebSocket) -> str:
        peer = request.client.host if request.client else None
        return client_address(peer, request.headers, limits.trusted_proxies)

    def refuse(exc: ClientError, lang: str = "en", status: int = 400,
               headers: Mapping[str, str] | None = None) -> JSONResponse:
        return JSONResponse(refusal(exc, lang), status_code=status, headers=headers)

    async def http_error(request: Request, exc: Exception) -> Response:
        """Starlette's own errors (no route, a wrong method) as every other refusal: JSON
        with a code, for a browser's address bar too (a phone only ever opens the
        server's own links: a wrong code or token is told by the page itself)."""
        assert isinstance(exc, HTTPException)
        code = HTTP_ERRORS.get(exc.status_code, "bad_message")
        return refuse(ClientError(code), lang_of(request.query_params.get("lang")),
                      exc.status_code, exc.headers)

    async def crashed(request: Request, exc: Exception) -> Response:
        """A bug (it is logged by Starlette and uvicorn): a refusal like any other, with no
        word of what failed inside."""
        return refuse(ClientError("server_error"), lang_of(request.query_params.get("lang")),
                      500)

    async def body(request: Request) -> Any:
        size = request.headers.get("content-length", "0")
        if not is_number(size, 12) or int(size) > MAX_BODY:
            raise ClientError("too_big")
        data = b""
        try:
            async for chunk in request.stream():
                data += chunk
                if len(data) > MAX_BODY:
                    raise ClientError("too_big")
        except ClientDisconnect:  # gone before its body was sent: nobody to answer, no error
            raise ClientError("bad_message") from None
        return read_json(data)

    def page(name: str) -> Callable[[Request], Awaitable[Response]]:
        # the page's words in every language go into the HTML (read once: they never
        # change), and the address phones open (share_url), for a room's link
        document = (STATIC / name).read_text("utf-8").replace(
            "</head>", words_script() + share_meta(share_url) + "\n</head>", 1)

        async def handler(request: Request) -> Response:
            return HTMLResponse(document)
        return handler

    async def api_games(request: Request) -> Response:
        return JSONResponse(catalogues(request.query_params.get("lang")))

    def seat_form(take: Callable[[Request, dict[str, Any]], Awaitable[tuple[str, str]]],
                  ) -> Callable[[Request], Awaitable[Response]]:
        """A POST that gives a seat: read the form, run ``take``, answer the seat's link."""
        async def handler(request: Request) -> Response:
            lang = lang_of(request.query_params.get("lang"))
            if cross_site(request.headers):
                return refuse(ClientError("cross_site"), lang, 403)
            kind = request.headers.get("content-type", "").partition(";")[0]
            if kind.strip().lower() != JSON:
                return refuse(ClientError("bad_message"), lang, 415)
            try:
                spec = await body(request)
                if not isinstance(spec, dict):
                    raise ClientError("bad_message")
                code, token = await take(request, spec)
            except ClientError as exc:
                status = {"slow_down": 429, "too_many_rooms": 429,
                          **LOOK_UP_STATUS}.get(exc.code, 400)
                return refuse(exc, lang, status)
            return JSONResponse({"code": code, "token": token, "url": f"/p/{token}"})
        return handler

    async def create(request: Request, spec: dict[str, Any]) -> tuple[str, str]:
        address = client(request)
        if not doors.may_create(address):
            raise ClientError("slow_down")
        # the network's open rooms are counted by the store, where every process's are
        return hub.create(spec, network(address), doors.room_cap)

    async def join(request: Request, spec: dict[str, Any]) -> tuple[str, str]:
        address = client(request)
        if not (doors.may_join(address)
                and doors.may_look_up(address, request.path_params["code"])):
            raise ClientError("slow_down")
        room = hub.room(request.path_params["code"])
        async with room.lock:
            return room.code, hub.join(room.code, spec.get("name"))

    def slow(request: Request) -> Response | None:
        """A look-up by room code for a page of another site (:func:`foreign_fetch`): 403,
        before any of the visitor's look-ups is spent; one over its limits: 429 (see
        :mod:`limits`), told in the asking page's language (``?lang=``), as every other
        refusal of these doors is."""
        lang = lang_of(request.query_params.get("lang"))
        if foreign_fetch(request.headers):
            return refuse(ClientError("cross_site"), lang, 403)
        if doors.may_look_up(client(request), request.path_params["code"]):
            return None
        return refuse(ClientError("slow_down"), lang, status=429)

    async def api_room(request: Request) -> Response:
        refused = slow(request)
        if refused is not None:
            return refused
        try:
            room = hub.room(request.path_params["code"])
        except ClientError as exc:
            return refuse(exc, lang_of(request.query_params.get("lang")),
                          status=LOOK_UP_STATUS.get(exc.code, 404))
        # the game's name in the asking page's language, as its lobby says it
        title = words_of(room.info.name, lang_of(request.query_params.get("lang"))).text(
            {"msg": room.info.title, "args": {}})
        return JSONResponse({"code": room.code, "game": room.info.name, "title": title,
                             "started": room.started,
                             "seats": [s["name"] for s in room.seats]})

    async def qr(request: Request) -> Response:
        refused = slow(request)
        if refused is not None:
            return refused
        try:
            room = hub.room(request.path_params["code"])
        except ClientError as exc:
            return refuse(exc, lang_of(request.query_params.get("lang")),
                          status=LOOK_UP_STATUS.get(exc.code, 404))
        if not _HOST.fullmatch(request.headers.get("host", "")):
            return refuse(ClientError("bad_message"))
        here = request.headers.get("host", "")
        origin = share_url if share_url and loopback_host(here) else str(request.base_url)
        link = f"{origin.rstrip('/')}/j/{room.code}"
        return Response(qr_svg(link), media_type="image/svg+xml")

    async def serve_socket(ws: WebSocket,
                           find: Callable[[str], tuple[Room, int | None]]) -> None:
        """Serve one socket; ``find(address)`` names its room and seat. Every socket is
        counted to its address while it is open (``Limits.sockets_per_address``)."""
        address = client(ws)
        await ws.accept()
        if not doors.may_open_socket(address):
            await ws.send_text(json.dumps(error_message(ClientError("slow_down"), "en", None)))
            await ws.close(code=1013)
            return
        try:
            await serve_room(ws, find, address)
        finally:
            doors.closed_socket(address)

    async def serve_room(ws: WebSocket, find: Callable[[str], tuple[Room, int | None]],
                         address: str) -> None:
        try:
            if cross_site(ws.headers):  # a browser always names the page that opened it
                raise ClientError("cross_site")
            room, seat = find(address)
            conn = Conn(seat)
            hub.attach(room, conn)
        except ClientError as exc:
            await ws.send_text(json.dumps(error_message(exc, "en", None)))
            # 4404 and 4410 are final (app.js stops reconnecting): only for a room or seat
            # that does not exist, a page of another site, or a room whose stored game
            # cannot be rebuilt. Anything else (busy, a full room, too many look-ups) may
            # pass, so the phone is told to try again later and reconnects by itself
            await ws.close(code=FINAL.get(exc.code, 1013))
            return
        writer = asyncio.get_running_loop().create_task(_write(ws, conn))
        bucket = Bucket(limits.message_rate, limits.message_burst)
        warned = 0.0
        try:
            while not conn.dropped:
                message = await ws.receive()
                if message["type"] == "websocket.disconnect":
                    break
                text = message.get("text")
                if not bucket.take():  # a flood: dropped, with one warning a second
                    if time.monotonic() - warned > 1.0:
                        warned = time.monotonic()
                        conn.push(error_message(ClientError("slow_down"), conn.lang, None))
                    continue
                data: object = None  # what the phone sent, once read: its refusal names it
                try:
                    if text is None:
                        raise ClientError("bad_message")
                    if len(text) > MAX_MESSAGE:
                        raise ClientError("too_big")
                    data = read_json(text)
                    await hub.handle(room, conn, data)
                except ClientError as exc:
                    version = room.state.version if room.state is not None else None
                    conn.push(error_message(exc, conn.lang, version, answers_of(data)))
                except Exception:  # a bug must not end the table: log it, say nothing inside
                    log.exception("room %s: message failed", room.code)
                    conn.push(error_message(ClientError("busy"), conn.lang, None, answers_of(data)))
                await asyncio.sleep(0)  # let the writer send before the next message is read
        except WebSocketDisconnect:
            pass
        finally:
            hub.detach(room, conn)
            conn.push(None)
            with contextlib.suppress(Exception):
                await writer

    def seat(ws: WebSocket, address: str) -> tuple[Room, int | None]:
        """The seat a player's socket opens: a link that opens none is charged to its
        address and network (``Doors.failed_token``), a good one never is."""
        if not doors.may_try_token(address):
            raise ClientError("slow_down")
        try:
            return hub.by_token(ws.path_params["token"])
        except ClientError as exc:
            if exc.code in ("no_seat", "no_room"):  # not "busy": the store's fault
                doors.failed_token(address)
            raise

    async def player_socket(ws: WebSocket) -> None:
        await serve_socket(ws, lambda address: seat(ws, address))

    def screen(ws: WebSocket, address: str) -> tuple[Room, int | None]:
        code = ws.path_params["code"]
        if not (doors.may_watch(address) and doors.may_look_up(address, code)):
            raise ClientError("slow_down")
        return hub.room(code), None

    async def screen_socket(ws: WebSocket) -> None:
        await serve_socket(ws, lambda address: screen(ws, address))

    async def no_socket(ws: WebSocket) -> None:
        """A socket at an address the server does not have: ``not_found``, closed with
        4404 like every refusal no retry changes. Starlette refused its handshake (403,
        in plain text), which a browser reports as a lost connection: a page would try
        again for ever."""
        await ws.accept()
        await ws.send_text(json.dumps(error_message(ClientError("not_found"), "en", None)))
        await ws.close(code=4404)

    @contextlib.asynccontextmanager
    async def lifespan(app: Starlette) -> AsyncIterator[None]:
        loop = asyncio.get_running_loop()

        def heard(code: str, what: str) -> None:  # on the store's thread: hop to the loop
            loop.call_soon_threadsafe(hub.notice, code, what)

        def reconnected() -> None:  # commits sent while deaf: read every room again
            loop.call_soon_threadsafe(hub.catch_up_all)

        store.listen(heard, reconnected)
        tending = loop.create_task(hub.tend())
        try:
            yield
        finally:
            tending.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await tending
            await hub.close()
            store.close()

    routes = [
        Route("/", page("index.html")),
        Route("/j/{code}", page("index.html")),
        Route("/p/{token}", page("room.html")),
        Route("/s/{code}", page("room.html")),
        Route("/api/games", api_games),
        Route("/api/rooms", seat_form(create), methods=["POST"]),
        Route("/api/rooms/{code}", api_room),
        Route("/api/rooms/{code}/join", seat_form(join), methods=["POST"]),
        Route("/qr/{code}.svg", qr),
        WebSocketRoute("/ws/p/{token}", player_socket),
        WebSocketRoute("/ws/s/{code}", screen_socket),
        WebSocketRoute("/{path:path}", no_socket),  # before the mount: it takes sockets too
        Mount("/static", StaticFiles(directory=STATIC), name="static"),
    ]
    app = App(routes=routes, lifespan=lifespan,
              exception_handlers={HTTPException: http_error, Exception: crashed})
    app.state.hub = hub
    app.state.share_url = share_url  # what a room made at localhost gives phones
    return app


async def _write(ws: WebSocket, conn: Conn) -> None:
    """Send ``conn``'s queue in order; ``None`` closes the socket (the phone reconnects)."""
    while True:
        text = await conn.pull()
        if text is None:
            with contextlib.suppress(Exception):
                await ws.close(code=conn.close_code)
            return
        try:
            await ws.send_text(text)
        except Exception:
            return
