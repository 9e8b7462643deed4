"""Where a webhook may go: a URL two parsers read alike, whose host resolves only to public addresses (unless the
operator allows private ones). Checked at registration and again before each delivery (webhooks/deliveries.py)."""

from __future__ import annotations

import ipaddress
import socket
from urllib.parse import SplitResult, urlsplit

from django.conf import settings

from games.rules.messages import msg
from webhooks.errors import WebhookAddressRefused


class AddressRefused(Exception):
    """The URL's host resolves to an address webhooks may not reach."""


def resolve(host: str, port: int | None) -> list[str]:
    """Every address ``host`` resolves to (a seam for the tests, which have no DNS)."""
    infos = socket.getaddrinfo(host, port or 443, type=socket.SOCK_STREAM)
    return list(dict.fromkeys(str(info[4][0]) for info in infos))


def checked_addresses(host: str, port: int | None) -> list[str]:
    """Resolve once and refuse the lot if any address is not public (unless the operator allows private ones).
    Raises ``AddressRefused``, or ``OSError`` when the name does not resolve."""
    addresses = resolve(host, port)
    if not settings.WEBHOOK_ALLOW_PRIVATE_ADDRESSES:
        for address in addresses:
            if not is_public_address(address):
                raise AddressRefused(
                    msg(
                        "{host} resolves to {address}, an address that is not public (private, "
                        "loopback, link-local, shared or reserved); webhooks may not go there.",
                        host=host,
                        address=address,
                    )
                )
    return addresses


_NAT64 = ipaddress.ip_network("64:ff9b::/96")


def is_public_address(address: str) -> bool:
    ip = ipaddress.ip_address(address.split("%", maxsplit=1)[0])
    embedded = _embedded_ipv4(ip)
    if embedded is not None:  # ::ffff:10.0.0.1, 2002:0a00:0001::, 64:ff9b::10.0.0.1 reach the IPv4 address
        return is_public_address(str(embedded))
    # is_global already excludes private, loopback, link-local, unspecified and 100.64.0.0/10 (shared, CGNAT).
    return ip.is_global and not (ip.is_multicast or ip.is_reserved or getattr(ip, "is_site_local", False))


def _embedded_ipv4(ip: ipaddress.IPv4Address | ipaddress.IPv6Address) -> ipaddress.IPv4Address | None:
    if not isinstance(ip, ipaddress.IPv6Address):
        return None
    if ip in _NAT64:
        return ipaddress.IPv4Address(int(ip) & 0xFFFFFFFF)
    return ip.ipv4_mapped or ip.sixtofour


def url_problem(url: str) -> str:
    """Why a webhook URL cannot be used as written, or "". Refused: anything two URL parsers could read
    differently (a backslash, user info, a bad port), so the host we check is the host we connect to."""
    if "\\" in url or any(ord(char) <= 32 or ord(char) == 127 for char in url):
        return msg("A webhook URL may not contain a backslash, a space or a control character.")
    target = urlsplit(url)
    if target.scheme.lower() not in ("http", "https") or not target.hostname:
        return msg("A webhook URL starts with http:// or https:// and names a host.")
    if "@" in target.netloc:
        return msg("A webhook URL may not carry a user name or password.")
    if _port_or_zero(target) == 0:
        return msg("A webhook URL's port must be a number from 1 to 65535.")
    return ""


def _port_or_zero(target: SplitResult) -> int | None:
    """The URL's port (None for the scheme's own), or 0 when it is not one."""
    try:
        return target.port
    except ValueError:
        return 0


def webhook_url_check(url: str) -> None:
    """At registration (and when the URL changes): refuse a host that is not public now. Delivery checks again
    and connects to the address it checked, since a name may resolve elsewhere later."""
    target = urlsplit(url)
    try:
        checked_addresses(target.hostname or "", target.port)
    except AddressRefused as refusal:
        raise WebhookAddressRefused(refusal.args[0], "url") from None  # the message, not its str
    except (OSError, ValueError):  # ValueError: a name IDNA cannot encode (a label too long), which resolves nowhere
        raise WebhookAddressRefused(
            msg("{host} does not resolve to any address.", host=target.hostname), "url"
        ) from None
