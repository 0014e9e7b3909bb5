"""Protection for every request the app serves, as a plain ASGI middleware around it.

- Host must name this server (DNS rebinding: a foreign site resolving its name to 127.0.0.1 must
  not get the app's pages or websocket).
- A websocket is opened only from a page of this server (its Origin is this server's own origin):
  the websocket carries the whole app, so a page elsewhere must not drive it.
- FastAPI's API pages (``/docs``, ``/redoc``, ``/openapi.json``) are not found: the app has no
  API behind them, and ``/docs`` would load scripts from a CDN.
- No wildcard CORS header (Flet's web app adds ``Access-Control-Allow-Origin: *``), and the usual
  headers that stop framing and content sniffing.
- Scripts run only from this server (a Content-Security-Policy), see :data:`SCRIPTS_FROM_HERE`.
"""

from __future__ import annotations

from collections.abc import Iterable

SCRIPTS_FROM_HERE = b"script-src 'self' 'unsafe-inline' 'unsafe-eval' 'wasm-unsafe-eval' blob:"
"""Scripts only from this server (and the page's own inline scripts, WebAssembly, and the
workers the client makes from blobs): the Flutter client asks a CDN for Rive's script at every
load, which the app never uses; refused here at once, it is neither fetched from the internet
nor waited for."""
PROTECTIVE_HEADERS = [
    (b"content-security-policy", b"frame-ancestors 'none'; " + SCRIPTS_FROM_HERE),
    (b"x-frame-options", b"DENY"),
    (b"x-content-type-options", b"nosniff"),
    (b"referrer-policy", b"no-referrer"),
]
NOT_SERVED = frozenset({"/docs", "/docs/oauth2-redirect", "/redoc", "/openapi.json"})
_REPLACED = {name for name, _ in PROTECTIVE_HEADERS} | {b"access-control-allow-origin"}


def allowed_hosts(names: Iterable[str], port: int) -> frozenset[str]:
    """The Host header values naming this server: each name with the port (and alone on port 80,
    where browsers leave the port out); IPv6 addresses in brackets, as in a URL."""
    hosts = set()
    for name in names:
        name = name.lower()
        if ":" in name and not name.startswith("["):
            name = f"[{name}]"
        hosts.add(f"{name}:{port}")
        if port == 80:
            hosts.add(name)
    return frozenset(hosts)


class HttpGuard:
    def __init__(self, app, hosts: frozenset[str], origins: dict[str, str] | None = None):
        """``hosts``: the Host values accepted; ``origins``: the Origin a page of this server has
        when its Host is not plain http's (a public address behind a TLS proxy:
        ``{"scores.example.org": "https://scores.example.org"}``); those hosts are accepted too."""
        self.app = app
        self.origins = dict(origins or {})
        self.hosts = hosts | frozenset(self.origins)

    async def __call__(self, scope, receive, send):
        if scope["type"] not in ("http", "websocket"):
            return await self.app(scope, receive, send)
        headers = {name.lower(): value.decode("latin-1") for name, value in scope["headers"]}
        host = headers.get(b"host", "").lower()
        if host not in self.hosts:
            return await self._refuse(scope, receive, send, "Unknown host name.")
        if scope["type"] == "http" and scope["path"].rstrip("/") in NOT_SERVED:
            return await self._refuse(scope, receive, send, "Not found.", status=404)
        origin = self.origins.get(host, f"http://{host}")
        if scope["type"] == "websocket" and headers.get(b"origin", "").lower() != origin:
            return await self._refuse(scope, receive, send, "Not this app's page.")
        return await self.app(scope, receive, self._with_headers(send))

    @staticmethod
    def _with_headers(send):
        async def send_protected(message):
            if message["type"] == "http.response.start":
                kept = [(name, value) for name, value in message.get("headers", [])
                        if name.lower() not in _REPLACED]
                message = {**message, "headers": kept + PROTECTIVE_HEADERS}
            await send(message)

        return send_protected

    @staticmethod
    async def _refuse(scope, receive, send, reason: str, status: int = 421):
        if scope["type"] == "websocket":
            await receive()  # websocket.connect; closing now answers the handshake with 403
            await send({"type": "websocket.close", "code": 1008, "reason": reason})
            return
        body = f"{reason}\n".encode()
        await send({"type": "http.response.start", "status": status,
                    "headers": [(b"content-type", b"text/plain; charset=utf-8"),
                                (b"content-length", str(len(body)).encode()),
                                *PROTECTIVE_HEADERS]})
        await send({"type": "http.response.body", "body": body})
