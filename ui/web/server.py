"""Serving the app: a FastAPI app with the Flet web client mounted in no-CDN mode (works with no
internet), behind ui/web/http_guard.py, run by uvicorn; prints the host's address (with the host key)
and opens a browser with it when there is one."""

from __future__ import annotations

import errno
import gc
import logging
import socket
import threading
import webbrowser
from pathlib import Path
from typing import TYPE_CHECKING

import ifaddr

from ui.web.renderer import (
    DEFAULT_RENDERER, UnknownRenderer, chosen_renderer, draw_with, flet_web_renderer,
)
from ui.web.stopping import STOP_WITHIN

if TYPE_CHECKING:  # imported with the app, when it is built
    from ui.store.quotas import PublicLimits
    from ui.web.public import PublicAddress
    from ui.web.workers import Worker

ASSETS = Path(__file__).resolve().parent / "assets"
LOOPBACK_NAMES = ("127.0.0.1", "localhost", "::1")
SESSION_KEPT_SECONDS = 300
"""Seconds a session whose browser has gone is kept for it (a phone that locks its screen, or
loses the Wi-Fi, and comes back within them resumes where it was); Flet's default is an hour."""


def build_asgi_app(db_path: str | Path, port: int, lan: list[str] | None = None,
                   renderer: str = DEFAULT_RENDERER, public: PublicAddress | None = None,
                   limits: PublicLimits | None = None):
    """The app served on ``port``; ``lan``: this computer's LAN addresses when phones may join
    (then they and the host name are accepted as Host too); ``renderer``: one of
    :data:`ui.web.renderer.RENDERERS`; ``public``: the public mode's address (accepted as Host,
    with its own Origin; no host key is taken), with its ``limits``."""
    import flet_web.fastapi as flet_fastapi

    from ui.web.app import make_main
    from ui.web.closed_tabs import quiet_closed_tabs
    from ui.web.device_language import DeviceLanguageHeaders
    from ui.web.host_key import HostKeyHandOff
    from ui.web.http_guard import HttpGuard, allowed_hosts
    from ui.web.photo_upload import UPLOAD_PATH, PhotoUploads
    from ui.web.text_scale import TextScaleCookie
    from ui.games.registry import app_store
    from ui.web.fallback_fonts import fonts_base
    from ui.web.brotli_copies import BrotliCopies, first_visit_files
    from ui.web.font_cuts import cut_fonts
    from ui.web.web_delivery import deliver_to_phones, pinned_base
    from ui.web import flet_patch
    from ui.web.websocket_limits import WebsocketLimits

    flet_patch.apply()

    store = app_store(db_path)
    uploads = PhotoUploads(store, public=public is not None)
    cuts = cut_fonts()  # kept from an earlier start, or made now (a second or two)
    client = pinned_base(ASSETS, cuts)
    app = flet_fastapi.FastAPI()
    names = [*LOOPBACK_NAMES, *(lan_names(lan) if lan is not None else [])]
    # Before the mount at "/", which would take every path.
    app.add_api_route(UPLOAD_PATH, uploads.receive, methods=["PUT"])
    main = make_main(store, lan or [], uploads, public, limits)
    app.mount("/", flet_fastapi.app(main, assets_dir=str(ASSETS), no_cdn=True,
                                    web_renderer=flet_web_renderer(renderer),
                                    upload_endpoint_path=UPLOAD_PATH, secret_key=uploads.secret,
                                    session_timeout_seconds=SESSION_KEPT_SECONDS,
                                    app_name="scorepad", app_short_name="scorepad",
                                    app_description="The scorepad for Sunflower Valley, "
                                    "Girasoles and Maple Valley"))
    copies = BrotliCopies()
    copies.make_soon(first_visit_files(renderer))  # in the background, unless made before
    deliver_to_phones(app, client, fonts_base(), cuts, copies, renderer)
    drawn = draw_with(app, renderer)
    # A public server takes no host key: ``?key=`` is not even taken off the address.
    told = DeviceLanguageHeaders(TextScaleCookie(
        drawn if public is not None else HostKeyHandOff(drawn, store)))
    guarded = HttpGuard(WebsocketLimits(told), allowed_hosts(names, port),
                        {public.host: public.origin} if public is not None else None)
    return quiet_closed_tabs(guarded), store


def lan_names(addresses: list[str]) -> list[str]:
    """The names a phone on the network may use for this computer: its addresses, its host
    name and that name under .local (mDNS)."""
    hostname = socket.gethostname()
    return [*addresses, hostname, f"{hostname}.local"]


def lan_addresses() -> list[str]:
    """This computer's IPv4 addresses other than loopback, read locally (nothing is sent): its
    network adapters' (ifaddr, on Linux, macOS and Windows), then what the host name resolves
    to."""
    found: list[str] = []
    for address in _adapter_addresses() + _resolved_addresses():
        if not address.startswith("127.") and address not in found:
            found.append(address)
    return found


def _adapter_addresses() -> list[str]:
    try:
        adapters = ifaddr.get_adapters()
    except OSError:
        return []
    return [ip.ip for adapter in adapters for ip in adapter.ips if ip.is_IPv4]


def _resolved_addresses() -> list[str]:
    try:
        return socket.gethostbyname_ex(socket.gethostname())[2]
    except OSError:
        return []


class CannotListen(Exception):
    """The app cannot serve on the address asked for; the message is the one line to print."""


LISTEN_BACKLOG = 2048
"""Connections the system holds for the app before it takes them (uvicorn's own default)."""


def listening_socket(host: str, port: int) -> socket.socket:
    """The server's socket, bound and listening before anything is printed: a busy port is told
    at once; uvicorn serves on this very socket, so no other program can take the port in
    between; and a browser that opens the address printed while the app still loads
    (``ui.web.warm_up``) waits for it instead of being refused."""
    try:
        family = socket.getaddrinfo(host, port, type=socket.SOCK_STREAM)[0][0]
    except socket.gaierror as error:
        raise CannotListen(f"Cannot serve on {host}: {error.strerror}; check --host") from None
    sock = socket.socket(family, socket.SOCK_STREAM)
    # As uvicorn does: a port left in TIME_WAIT by a stopped app can be used again at once.
    sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
    try:
        sock.bind((host, port))
    except OSError as error:
        sock.close()
        if error.errno == errno.EADDRINUSE:
            raise CannotListen(f"Port {port} is in use: another program (perhaps scorepad "
                               f"itself) serves on it; start with another port, e.g. "
                               f"scorepad app --port {port + 1}") from None
        raise CannotListen(f"Cannot serve on {host} port {port}: {error.strerror}; use "
                           "another --port or --host") from None
    sock.listen(LISTEN_BACKLOG)
    return sock


def run_app(host: str, port: int, db_path: str | Path, open_browser: bool = True,
            lan: bool = False, new_host_key: bool = False, public: PublicAddress | None = None,
            limits: PublicLimits | None = None, worker: Worker | None = None) -> None:
    """Serve until stopped; raises :class:`CannotListen` before printing anything when the
    address cannot be served. ``new_host_key``: replace the host key first (the old address
    stops working and no device is the host's until one opens the new address). ``public``:
    serve every group that opens that address, through the TLS proxy in front (no host key;
    each device manages the tables it made; ``limits`` bound what each makes). ``worker``: this
    process is one of ``scorepad app --workers N``'s (``ui.web.workers``): it serves the names
    of ``host`` and ``port`` (Caddy's, in front) on its own loopback port, and prints nothing."""
    try:
        renderer = chosen_renderer()
    except UnknownRenderer as error:
        raise CannotListen(str(error)) from None
    sock = (listening_socket(host, port) if worker is None
            else listening_socket("127.0.0.1", worker.port))
    logging.basicConfig(level=logging.WARNING)
    from ui.store.access import Access

    lan = lan or host in ("0.0.0.0", "::")
    named = host not in LOOPBACK_NAMES and not lan
    addresses = lan_addresses() if lan else [host] if named else None
    app, store = build_asgi_app(db_path, port, addresses, renderer, public, limits)
    if worker is not None:
        from ui.web.workers import WorkerMark

        app = WorkerMark(app, worker)
    server = stoppable_server(app)  # before "Stop with Ctrl+C." is printed
    if worker is None:
        if new_host_key:
            Access(store).new_host_key()
            print(NEW_HOST_KEY, flush=True)
        hosting = announce(host, port, store, public, lan, addresses)
        if open_browser and hosting is not None:
            threading.Timer(1.0, _open_browser, args=(hosting,)).start()
    try:
        run_server(server, sock, port if worker is None else worker.port)
    finally:
        from ui.store.presence import withdraw

        # The other processes sharing the store stop showing this one's tabs now.
        withdraw(store)


NEW_HOST_KEY = ("A new host key: the old address no longer makes a browser the host's, and no "
                "device is the host's until one opens this address.")


def announce(host: str, port: int, store, public: PublicAddress | None, lan: bool,
             addresses: list[str] | None, workers: int = 1) -> str | None:
    """Print where the app serves (``workers``: how many processes, behind Caddy); the host's
    address (with the key), None for a public server."""
    from ui.store.access import Access

    named = host not in LOOPBACK_NAMES and not lan
    local = f"http://{host if named else '127.0.0.1'}:{port}"
    served = f" ({workers} workers behind Caddy)" if workers > 1 else ""
    if public is not None:
        print(f"scorepad app, public: {public.url}{served}", flush=True)
        print(f"  (the TLS proxy in front sends it to {local}; no host key: each device manages "
              "the tables it makes)", flush=True)
        print(f"Tables saved in {store.where}", flush=True)
        print("Stop with Ctrl+C.", flush=True)
        return None
    hosting = f"{local}/?key={Access(store).host_key()}"
    print(f"scorepad app: {hosting}{served}", flush=True)
    print("  (this address makes a browser the host's, which sees and manages every table: "
          "keep it to yourself)", flush=True)
    print(f"Tables saved in {store.where}", flush=True)
    if lan:
        print_lan_addresses(addresses, port)
    print("Stop with Ctrl+C.", flush=True)
    return hosting


def run_workers(host: str, port: int, db_path: str, count: int, worker_arguments: list[str],
                open_browser: bool = True, lan: bool = False, new_host_key: bool = False,
                public: PublicAddress | None = None) -> None:
    """``scorepad app --workers N`` (``ui.web.workers``): ``count`` worker processes, each
    ``scorepad app`` with ``worker_arguments``, behind Caddy on ``host``:``port``, until Ctrl+C
    or SIGTERM. Raises :class:`CannotListen` (the port, or Caddy) and the store's refusals
    before anything is printed."""
    from ui.store.access import Access
    from ui.store.storage import TableStore
    from ui.web import workers

    try:
        workers.find_caddy()
    except workers.CannotServe as error:
        raise CannotListen(str(error)) from None
    listening_socket(host, port).close()  # a busy port is told before anything starts
    store = TableStore(db_path)
    try:
        if new_host_key and public is None:
            Access(store).new_host_key()
            print(NEW_HOST_KEY, flush=True)
        lan = lan or host in ("0.0.0.0", "::")
        named = host not in LOOPBACK_NAMES and not lan
        addresses = lan_addresses() if lan else [host] if named else None

        def started() -> None:
            hosting = announce(host, port, store, public, lan, addresses, count)
            store.close()  # the workers hold the connections from now on
            if open_browser and hosting is not None:
                threading.Timer(1.0, _open_browser, args=(hosting,)).start()

        try:
            workers.run_workers(workers.Front(host, port, count, worker_arguments), started)
        except workers.CannotServe as error:
            raise CannotListen(str(error)) from None
    finally:
        store.close()


def keep_loaded_code_out_of_collections() -> None:
    """Move every object alive now (the modules, the app's games and screens' code: about 100
    thousand objects) out of the garbage collector's reach for good (``gc.freeze``): a full
    collection, which stops every phone's updates while it runs, then walks only what the
    sessions made since, about half as long (70 -> 35 ms measured with six phones)."""
    gc.collect()
    gc.freeze()


def serve(app, sock: socket.socket, port: int) -> None:
    """Run ``app`` with uvicorn on ``sock`` until Ctrl+C or SIGTERM; it stops within
    :data:`STOP_WITHIN` seconds even while a handler holds the event loop (a long scoring)."""
    run_server(stoppable_server(app), sock, port)


def stoppable_server(app):
    """uvicorn's server for ``app``, which Ctrl+C and SIGTERM stop from now on: made before the
    app says how to stop it, so that a stop asked for as soon as it says so is never lost (it
    once was, to asyncio's own Ctrl+C handler, whose cancellation of the starting server uvicorn
    swallowed, and the app served on). The process ends :data:`STOP_WITHIN` seconds after the
    stop if the server has not stopped by then (``ui.web.stopping``)."""
    import uvicorn

    from ui.web.stopping import StopOnSignal
    from ui.web.websocket_limits import uvicorn_limits

    class PromptServer(uvicorn.Server):
        def handle_exit(self, sig, frame) -> None:
            # uvicorn holds the signals while it serves: its handler wakes the watchman too.
            stopping.woken_by(sig)
            super().handle_exit(sig, frame)

    # Browsers keep their connection open: without a limit, Ctrl+C would wait for them.
    server = PromptServer(uvicorn.Config(app, log_level="warning", ws="websockets-sansio",
                                         timeout_graceful_shutdown=2, **uvicorn_limits()))
    stopping = StopOnSignal(server.handle_exit, STOP_WITHIN)
    return server


def run_server(server, sock: socket.socket, port: int) -> None:
    """Run :func:`stoppable_server`'s ``server`` on ``sock`` until it is stopped: the app's
    screens loaded first (``ui.web.warm_up``), so its first phone does not wait for them."""
    from ui.web.warm_up import warm_up

    warm_up()
    keep_loaded_code_out_of_collections()
    try:
        server.run(sockets=[sock])
    except SystemExit as failure:
        # uvicorn exits when it cannot start after all; say it in one line, not its log.
        if failure.code:
            raise CannotListen(f"The app could not start on port {port}") from None
    finally:
        sock.close()


def print_lan_addresses(addresses: list[str], port: int) -> None:
    import segno

    if not addresses:
        print(f"On a phone or tablet on the same network, open http://<this computer's "
              f"address>:{port}", flush=True)
        return
    for address in addresses:
        print(f"On a phone or tablet on the same network, open http://{address}:{port}",
              flush=True)
    print("or scan this with its camera (each table's Invite shows the code to join it):",
          flush=True)
    segno.make(f"http://{addresses[0]}:{port}", error="m").terminal(compact=True)


def _open_browser(url: str) -> None:
    try:
        webbrowser.get()
    except webbrowser.Error:
        return
    webbrowser.open(url)
