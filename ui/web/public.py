"""The address of a public scorepad (``scorepad app --public https://scores.example.org``): what
the players' browsers open, through a TLS proxy in front of the app (docs/hosting.md).

It is what join links and QR codes carry, and the one Host and Origin the app accepts besides
its own loopback address (where the proxy reaches it). ``http://`` is taken for a loopback
address only: trying the public mode on one computer without a proxy.
"""

from __future__ import annotations

from dataclasses import dataclass
from urllib.parse import urlsplit

from ui.screens.invite_view import loopback_name


@dataclass(frozen=True)
class PublicAddress:
    url: str
    """As players open it, without a trailing slash: ``https://scores.example.org``."""
    host: str
    """The Host header a browser sends for it: the name, and the port unless it is the
    scheme's own (``scores.example.org``, ``scores.example.org:8443``)."""

    @property
    def origin(self) -> str:
        """The Origin header of the app's own pages (their websocket's)."""
        return self.url

    def link(self, path: str) -> str:
        return self.url + path


def public_address(text: str) -> PublicAddress:
    """``text`` as a public address, or a ``ValueError`` that says what is wrong with it and
    what it takes.

    >>> public_address("https://Scores.Example.org/").url
    'https://scores.example.org'
    >>> public_address("https://scores.example.org:8443").host
    'scores.example.org:8443'
    """
    wanted = "write it as https://NAME, e.g. https://scores.example.org"
    try:
        parts = urlsplit(text.strip())
        port = parts.port
    except ValueError:
        raise ValueError(f"--public {text}: not an address; {wanted}") from None
    name = (parts.hostname or "").lower()
    if parts.scheme not in ("https", "http") or not name:
        raise ValueError(f"--public {text}: not an address; {wanted}")
    if parts.scheme == "http" and not loopback_name(name):
        raise ValueError(f"--public {text}: players' browsers must reach the app through a TLS "
                         f"proxy (https): {wanted} (http:// only for 127.0.0.1, to try it on "
                         "this computer)")
    if parts.username or parts.password or parts.query or parts.fragment \
            or parts.path not in ("", "/"):
        raise ValueError(f"--public {text}: the address of the whole site, without a path, a "
                         f"query or a user; {wanted}")
    shown = f"[{name}]" if ":" in name else name
    default_port = 443 if parts.scheme == "https" else 80
    host = shown if port in (None, default_port) else f"{shown}:{port}"
    return PublicAddress(url=f"{parts.scheme}://{host}", host=host)

