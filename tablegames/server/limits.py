"""Bounded work for every request: rate limits by address, by network and by room code.

Every door of the server that a stranger can knock on is metered: room look-ups (the
lobby page, ``/api/rooms/CODE``, the QR code), joins, room creation, spectator screens,
seat links that open no seat, the sockets an address holds open, and messages on a
socket. A token bucket (:class:`Bucket`) allows a steady ``rate`` per
second with bursts up to ``burst``; :class:`Buckets` keeps one per key in a table of
bounded size that forgets the least recently used key first (never all at once, which
would let a client reset everyone's limit by filling the table).

Keys are the client's address and its *network* (the /24 of an IPv4 address, the /56 of
an IPv6 one), so a client cannot multiply its allowance by spreading over the addresses
it controls; and the room code, so guessing one room's code from many addresses is slow
too. Behind a reverse proxy every request comes from the proxy's address:
``trusted_proxies`` names the proxies whose ``X-Forwarded-For`` is believed (the last
address it lists that is not itself a trusted proxy is the client).

The defaults, per address / network / code (all documented in the app guide):

========================  ==========================  ===========================
door                      steady rate                 burst
========================  ==========================  ===========================
look-ups (page, API, QR)  2/s an address, 5/s a net   30, 60; a code: 10/s, 120
joins                     0.5/s an address            10
room creation             0.2/s an address, 0.5/s     20, 40; everyone: 5/s, 200
                          a network
spectator screens         0.5/s an address            10; at most 8 a room
seat links that fail      1/s an address, 2.5/s a     20, 40
                          network
open sockets              256 an address, 1,024 a     (not a rate)
                          network at once
open rooms                100 a network at once       (not a rate)
socket messages           20/s a socket               40
========================  ==========================  ===========================

A seat link (``/ws/p/TOKEN``) is charged only when it opens no seat: a phone that
reconnects with its own link, as it does every few seconds after its network drops, is
never charged for it, while guessing links from one address costs a store look-up about
once a second. (While an address or its network has spent its failures, every seat link
from it waits, a good one too: its socket is refused ``slow_down`` and the phone tries
again by itself, as for a room's page.) The
cap on open sockets is not a rate: a home party behind one router shares one public
address, each phone holding one socket (two for a moment while it reconnects) and a
shared screen one more, so 256 serves some hundred people at once; a venue with more
behind one address raises ``sockets_per_address`` (``tablegames serve
--sockets-per-address``). A network holds at most ``sockets_per_network`` (four
addresses' worth): without it a /24 held 256 sockets on each of its 256 addresses, some
65,000 handlers and file descriptors.

The rooms open at once are counted per network too (``rooms_per_network``): the creation
rates alone let two /24s fill the server's ``max_rooms`` (a network may create 40 at
once and one every 2 s, and a lobby stays open for 2 hours, a started game for 24). A
room counts for the network that created it while the store still holds it open.

**Several processes** (one PostgreSQL database behind a load balancer). What is a
property of a room or of the whole service is counted by the store, so it holds across
every process: the rooms open at once (``max_rooms``), a network's open rooms
(``rooms_per_network``: each room is stored with its creator's network, and counted and
written in one transaction no other creation overlaps) and a room's spectator screens
(at most 8, one row a socket in the store, see ``pgstore``). What this module keeps in
memory is each process's own: every rate above, and the sockets an address or a network
holds (a guard of the process's own handlers and file descriptors). With K processes an
address gets up to K times each of them, documented so (the app guide, ``tablegames
serve --help``): shared buckets would cost a database round trip on every request and
every socket message, where the rates only have to keep one client's work bounded.
"""

from __future__ import annotations

import ipaddress
import math
import time
from collections import OrderedDict
from collections.abc import Iterable, Mapping

import attrs

from tablegames.common.errors import SetupError, quoted
from tablegames.common.setups import check_count


class Bucket:
    """A token bucket: ``rate`` per second, up to ``burst`` at once."""

    __slots__ = ("at", "burst", "rate", "tokens")

    def __init__(self, rate: float, burst: float) -> None:
        self.rate, self.burst = rate, burst
        self.tokens, self.at = burst, time.monotonic()

    def _refill(self) -> None:
        """Add the tokens earned since the last look, up to ``burst``."""
        now = time.monotonic()
        self.tokens = min(self.burst, self.tokens + (now - self.at) * self.rate)
        self.at = now

    def take(self) -> bool:
        self._refill()
        if self.tokens >= 1:
            self.tokens -= 1
            return True
        return False

    def has(self) -> bool:
        """Whether a token is there now (nothing is taken)."""
        self._refill()
        return self.tokens >= 1


class Buckets:
    """One bucket per key, in a table of at most ``size`` keys (least recent forgotten)."""

    def __init__(self, rate: float, burst: float, size: int = 10_000) -> None:
        self.rate, self.burst, self.size = rate, burst, size
        self.table: OrderedDict[str, Bucket] = OrderedDict()

    def take(self, key: str) -> bool:
        bucket = self.table.get(key)
        if bucket is None:
            if len(self.table) >= self.size:
                self.table.popitem(last=False)
            bucket = self.table[key] = Bucket(self.rate, self.burst)
        else:
            self.table.move_to_end(key)
        return bucket.take()

    def has(self, key: str) -> bool:
        """Whether ``key`` has a token now (nothing is taken, no key is added)."""
        bucket = self.table.get(key)
        return bucket is None or bucket.has()


def network(address: str) -> str:
    """The network an address belongs to for rate limits: its /24 (IPv4) or /56 (IPv6).

    >>> network("203.0.113.77"), network("2001:db8:aa:bb::1"), network("not-an-ip")
    ('203.0.113.0/24', '2001:db8:aa::/56', 'not-an-ip')
    """
    try:
        ip = ipaddress.ip_address(address)
    except ValueError:
        return address
    prefix = 24 if ip.version == 4 else 56
    return str(ipaddress.ip_network(f"{ip}/{prefix}", strict=False))


def client_address(peer: str | None, headers: Mapping[str, str],
                   trusted_proxies: Iterable[str] = ()) -> str:
    """The client's address: the peer's, or (when the peer is a trusted proxy) the last
    address in ``X-Forwarded-For`` that is not itself a trusted proxy.

    >>> client_address("10.0.0.2", {"x-forwarded-for": "198.51.100.7, 10.0.0.2"}, ["10.0.0.2"])
    '198.51.100.7'
    >>> client_address("198.51.100.9", {"x-forwarded-for": "1.2.3.4"}, ["10.0.0.2"])
    '198.51.100.9'
    """
    trusted = set(trusted_proxies)
    if peer is None:
        return "?"
    if peer not in trusted:
        # at most 64 characters, as a hop is: the server in front (uvicorn, believing a
        # trusted proxy) may have set the peer from a forwarded header, and each key is
        # kept in a table of 10,000 (an address is at most 45)
        return peer[:64]
    hops = [h.strip() for h in headers.get("x-forwarded-for", "").split(",") if h.strip()]
    for hop in reversed(hops):
        if hop not in trusted:
            return hop[:64]
    return peer


#: The limits that are counts of things held at once, not rates.
COUNTS = ("sockets_per_address", "sockets_per_network", "rooms_per_network")


@attrs.frozen
class Limits:
    """The rates of every door (see the module's table); ``tablegames serve`` flags
    change the common ones."""

    lookup_rate: float = 2.0
    lookup_burst: float = 30.0
    lookup_net_rate: float = 5.0
    lookup_net_burst: float = 60.0
    code_rate: float = 10.0
    code_burst: float = 120.0
    join_rate: float = 0.5
    join_burst: float = 10.0
    create_rate: float = 0.2
    create_burst: float = 20.0
    create_net_rate: float = 0.5
    create_net_burst: float = 40.0
    create_all_rate: float = 5.0
    create_all_burst: float = 200.0
    screen_rate: float = 0.5
    screen_burst: float = 10.0
    bad_token_rate: float = 1.0
    bad_token_burst: float = 20.0
    bad_token_net_rate: float = 2.5
    bad_token_net_burst: float = 40.0
    message_rate: float = 20.0
    message_burst: float = 40.0
    sockets_per_address: int = 256
    sockets_per_network: int = 1_024
    rooms_per_network: int = 100
    trusted_proxies: tuple[str, ...] = ()

    def __attrs_post_init__(self) -> None:
        """Every rate is a positive, finite number and every burst a finite number of at
        least 1 (a request takes one token: a smaller burst would shut its door for
        good), never a ``bool``: a NaN rate let every request through (NaN tokens are
        never "too few"), and a string failed on the first request rather than at
        start-up. Proxies are addresses; the sockets an address or a network may hold and
        the rooms a network may hold open are each an ``int`` of at least 1."""
        for field in attrs.fields(Limits):
            value = getattr(self, field.name)
            if field.name in COUNTS:
                check_count(field.name, value)
            elif field.name == "trusted_proxies":
                if isinstance(value, str) or not isinstance(value, tuple | list) or not all(
                        isinstance(v, str) for v in value):
                    raise SetupError(f"trusted_proxies must be a tuple of addresses, not "
                                     f"{quoted(value)}")
            else:
                burst = field.name.endswith("burst")
                if isinstance(value, bool) or not isinstance(value, int | float) or not (
                        0 < value < math.inf  # NaN fails every comparison
                        and (value >= 1 or not burst)):  # a request takes one token
                    raise SetupError(f"{field.name} must be a finite number, "
                                     f"{'at least 1' if burst else 'positive'}, not "
                                     f"{quoted(value)}")

    @classmethod
    def unmetered(cls) -> Limits:
        """No practical limit on the doors a stranger knocks on (look-ups, joins, creation,
        screens, seat links, sockets an address or a network holds, rooms a network holds
        open), for load tests and test servers
        on a trusted network; each socket's message rate stays, since it guards the room
        from one flooding phone."""
        big = 1e9
        return cls(lookup_rate=big, lookup_burst=big, lookup_net_rate=big,
                   lookup_net_burst=big, code_rate=big, code_burst=big, join_rate=big,
                   join_burst=big, create_rate=big, create_burst=big, create_net_rate=big,
                   create_net_burst=big, create_all_rate=big, create_all_burst=big,
                   screen_rate=big, screen_burst=big, bad_token_rate=big,
                   bad_token_burst=big, bad_token_net_rate=big, bad_token_net_burst=big,
                   sockets_per_address=10**9, sockets_per_network=10**9,
                   rooms_per_network=10**9)


class Doors:
    """The buckets of a running server, one table per door and key kind."""

    def __init__(self, limits: Limits, max_rooms: int = 5_000) -> None:
        lim = limits
        self.limits = limits
        #: The most rooms a network may hold open: ``rooms_per_network``, and never more
        #: than the server's ``max_rooms`` (it can hold no more). Counted by the store
        #: (``Hub.create``), so across every process on it.
        self.room_cap = min(lim.rooms_per_network, check_count("max_rooms", max_rooms))
        self.lookup = (Buckets(lim.lookup_rate, lim.lookup_burst),
                       Buckets(lim.lookup_net_rate, lim.lookup_net_burst))
        self.code = Buckets(lim.code_rate, lim.code_burst)
        self.join = (Buckets(lim.join_rate, lim.join_burst),
                     Buckets(lim.join_rate * 2.5, lim.join_burst * 2))
        self.create = (Buckets(lim.create_rate, lim.create_burst),
                       Buckets(lim.create_net_rate, lim.create_net_burst))
        self.create_all = Bucket(lim.create_all_rate, lim.create_all_burst)
        self.screen = (Buckets(lim.screen_rate, lim.screen_burst),
                       Buckets(lim.screen_rate * 2.5, lim.screen_burst * 2))
        self.bad_token = (Buckets(lim.bad_token_rate, lim.bad_token_burst),
                          Buckets(lim.bad_token_net_rate, lim.bad_token_net_burst))
        #: The sockets each address, and each network, holds open now (one with none has
        #: no entry, so neither table is ever larger than the sockets open).
        self.sockets: dict[str, int] = {}
        self.net_sockets: dict[str, int] = {}

    @staticmethod
    def _both(pair: tuple[Buckets, Buckets], address: str) -> bool:
        # both are charged, so a refused request still costs (no free retries)
        by_address = pair[0].take(address)
        by_network = pair[1].take(network(address))
        return by_address and by_network

    def may_look_up(self, address: str, code: str | None) -> bool:
        """A look-up of a room by its code (page, API, QR, a screen's socket).

        The code's bucket is charged only for a look-up its address and network allow,
        and it holds more than one network's share: a client refused for its own rate
        takes nothing from the code, so one client cannot lock everyone at the table out
        of their room's page, while many networks together are still slowed."""
        if not self._both(self.lookup, address):
            return False
        return code is None or self.code.take(code.upper()[:16])

    def may_join(self, address: str) -> bool:
        return self._both(self.join, address)

    def may_create(self, address: str) -> bool:
        return self._both(self.create, address) and self.create_all.take()

    def may_watch(self, address: str) -> bool:
        return self._both(self.screen, address)

    def may_try_token(self, address: str) -> bool:
        """Whether a seat link from ``address`` may be looked up in the store: only
        while the address and its network have seat links that failed left to spend.
        Nothing is taken here: :meth:`failed_token` charges a link that opened no seat,
        so a phone's own reconnects never cost it anything."""
        return self.bad_token[0].has(address) and self.bad_token[1].has(network(address))

    def failed_token(self, address: str) -> None:
        """Charge ``address`` and its network for a seat link that opened no seat."""
        self._both(self.bad_token, address)

    def may_open_socket(self, address: str) -> bool:
        """Count a new socket of ``address``, unless it holds ``sockets_per_address``
        open already or its network ``sockets_per_network``; each one counted is given
        back by :meth:`closed_socket`."""
        net = network(address)
        held, net_held = self.sockets.get(address, 0), self.net_sockets.get(net, 0)
        if (held >= self.limits.sockets_per_address
                or net_held >= self.limits.sockets_per_network):
            return False
        self.sockets[address], self.net_sockets[net] = held + 1, net_held + 1
        return True

    def closed_socket(self, address: str) -> None:
        """Give back the socket :meth:`may_open_socket` counted for ``address`` (and its
        network)."""
        for table, key in ((self.sockets, address), (self.net_sockets, network(address))):
            held = table[key] - 1
            if held:
                table[key] = held
            else:
                del table[key]
