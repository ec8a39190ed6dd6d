"""The addresses phones on this network can open, for ``tablegames serve --host 0.0.0.0``.

A server bound to every interface (``0.0.0.0``, ``::``) is reached at this computer's
network address, which it does not know by itself: the start-up line used to say
``http://<this computer's address>:8000/`` and leave the host to find it, and a room
made from a page opened at ``localhost`` gave phones a link and a QR code they cannot
open. :func:`lan_addresses` finds the addresses with the standard library alone, in two
ways, since neither is enough everywhere:

* the route: a UDP socket ``connect``\\ ed to a private address (nothing is sent: a UDP
  connect only picks the interface a packet would leave by) names the address of the
  interface with the route out, the one a phone on the same network reaches;
* the host name: ``socket.getaddrinfo(socket.gethostname())`` lists the addresses the
  name resolves to (also without a route, on a network without a gateway).

Loopback and link-local addresses are left out (no phone opens them), unless nothing
else is found: then the list is the loopback address alone, and the caller says that
only this computer can join.
"""

from __future__ import annotations

import ipaddress
import socket

#: The private addresses the route is asked for (never sent to: see the module doc).
#: ``10.x`` and ``fd00::/8`` are private ranges no host is expected to own.
PROBES = {socket.AF_INET: "10.254.254.254", socket.AF_INET6: "fd00::fe"}
#: What is left when no network is found.
LOOPBACK = {socket.AF_INET: "127.0.0.1", socket.AF_INET6: "::1"}


def lan_addresses(host: str = "0.0.0.0") -> list[str]:
    """The addresses of this computer that phones on its network can open when the
    server listens on ``host`` (``"0.0.0.0"``: IPv4; ``"::"``: IPv6 and, as a dual-stack
    socket takes both, IPv4 first), the address of the route out first, each once.

    Never empty: without a network it is the loopback address alone (``["127.0.0.1"]``).
    """
    families = [socket.AF_INET] if host != "::" else [socket.AF_INET, socket.AF_INET6]
    found: list[str] = []
    for family in families:
        found += [_routed(family), *_named(family)]
    seen: list[str] = []
    for text in found:
        if text and text not in seen and _reachable(text):
            seen.append(text)
    return seen or [LOOPBACK[families[-1]]]


def url_host(address: str) -> str:
    """An address as a URL writes its host: an IPv6 address in brackets."""
    return f"[{address}]" if ":" in address else address


def _routed(family: socket.AddressFamily) -> str:
    """The address of the interface the route to a private address leaves by ("" when
    there is no route: no network)."""
    try:
        with socket.socket(family, socket.SOCK_DGRAM) as probe:
            probe.connect((PROBES[family], 9))  # UDP: no packet is sent
            return str(probe.getsockname()[0])
    except OSError:
        return ""


def _named(family: socket.AddressFamily) -> list[str]:
    """The addresses this computer's host name resolves to (none when it does not)."""
    try:
        infos = socket.getaddrinfo(socket.gethostname(), None, family, socket.SOCK_DGRAM)
    except (OSError, UnicodeError):
        return []
    return [str(info[4][0]) for info in infos]


def _reachable(text: str) -> bool:
    """Whether another computer could open ``text``: not loopback, not link-local (an
    ``fe80::`` address needs its interface named, which no phone's browser takes), not
    unspecified."""
    try:
        address = ipaddress.ip_address(text.partition("%")[0])
    except ValueError:
        return False
    return not (address.is_loopback or address.is_link_local or address.is_unspecified)


__all__ = ["LOOPBACK", "PROBES", "lan_addresses", "url_host"]
