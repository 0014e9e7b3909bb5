"""A connection that sends no request is closed: uvicorn ends an idle connection only after a
response (its keep-alive timeout), so a client that opens connections and sends nothing, or
dribbles a request's headers a byte at a time (slowloris), kept each one open for good, up to
the process's open-file limit.

:class:`HeaderDeadline` is uvicorn's own HTTP protocol with one more timer: a connection's first
request must have sent its headers within :data:`HEADER_SECONDS` of connecting. Later requests
on a kept-alive connection are bounded by uvicorn's keep-alive timeout while idle; a TLS proxy in
front (docs/hosting.md) bounds every request's headers and the connections per client.
"""

from __future__ import annotations

import asyncio

from uvicorn.protocols.http.httptools_impl import HttpToolsProtocol

HEADER_SECONDS = 10.0
"""Seconds from a connection's opening to the end of its first request's headers."""


class HeaderDeadline(HttpToolsProtocol):
    """uvicorn's httptools protocol, closing a connection whose first request's headers have not
    arrived within :data:`HEADER_SECONDS`."""

    header_seconds = HEADER_SECONDS

    def connection_made(self, transport: asyncio.Transport) -> None:
        super().connection_made(transport)
        self._header_deadline = self.loop.call_later(self.header_seconds, self._too_slow)

    def _too_slow(self) -> None:
        if not self.transport.is_closing():
            self.transport.close()

    def _headers_arrived(self) -> None:
        deadline = getattr(self, "_header_deadline", None)
        if deadline is not None:
            deadline.cancel()
            self._header_deadline = None

    def on_headers_complete(self) -> None:
        self._headers_arrived()
        super().on_headers_complete()

    def connection_lost(self, exc: Exception | None) -> None:
        self._headers_arrived()
        super().connection_lost(exc)
