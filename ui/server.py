"""Serving the app: a FastAPI app with the Flet web client mounted in no-CDN mode (works with no
internet), run by uvicorn; prints the address and opens a browser when there is one."""

from __future__ import annotations

import errno
import logging
import os
import socket
import threading
import webbrowser
from pathlib import Path

ASSETS = Path(__file__).resolve().parent / "assets"
STOP_WITHIN = 3.0
"""Seconds a stop request (Ctrl+C, SIGTERM) may take before the process ends anyway."""


def build_asgi_app(db_path: str | Path):
    import flet_web.fastapi as flet_fastapi

    from ui.app import make_main
    from ui.storage import TableStore
    from ui.web_delivery import deliver_to_phones

    store = TableStore(db_path)
    app = flet_fastapi.FastAPI()
    app.mount("/", flet_fastapi.app(make_main(store), assets_dir=str(ASSETS), no_cdn=True,
                                    app_name="scorepad", app_short_name="scorepad",
                                    app_description="The scorepad for Sunflower Valley, "
                                    "Girasoles and Maple Valley"))
    deliver_to_phones(app)
    return app, store


def lan_addresses() -> list[str]:
    """This computer's IPv4 addresses other than loopback, read locally (nothing is sent): the
    kernel's table of local addresses on Linux, else what the host name resolves to."""
    found: list[str] = []
    for address in _kernel_local_addresses() + _resolved_addresses():
        if not address.startswith("127.") and address not in found:
            found.append(address)
    return found


def _kernel_local_addresses() -> list[str]:
    try:
        lines = Path("/proc/net/fib_trie").read_text().splitlines()
    except OSError:
        return []
    # An address line ("|-- 192.168.1.20") followed by "/32 host LOCAL" is one of ours.
    return [
        previous.split()[-1]
        for previous, line in zip(lines, lines[1:])
        if line.strip() == "/32 host LOCAL" and previous.strip().startswith("|--")
    ]


def _resolved_addresses() -> list[str]:
    try:
        return socket.gethostbyname_ex(socket.gethostname())[2]
    except OSError:
        return []


class CannotListen(Exception):
    """The app cannot serve on the address asked for; the message is the one line to print."""


def listening_socket(host: str, port: int) -> socket.socket:
    """The server's socket, bound before anything is printed: a busy port is told at once, and
    uvicorn serves on this very socket, so no other program can take the port in between."""
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
    return sock


def run_app(host: str, port: int, db_path: str | Path, open_browser: bool = True,
            lan: bool = False) -> None:
    """Serve until stopped; raises :class:`CannotListen` before printing anything when the
    address cannot be served."""
    sock = listening_socket(host, port)
    logging.basicConfig(level=logging.WARNING)
    app, store = build_asgi_app(db_path)
    local = f"http://127.0.0.1:{port}" if host in ("0.0.0.0", "127.0.0.1", "localhost") \
        else f"http://{host}:{port}"
    print(f"scorepad app: {local}", flush=True)
    print(f"Tables saved in {store.path}", flush=True)
    if lan:
        addresses = lan_addresses()
        if addresses:
            for address in addresses:
                print(f"On a phone or tablet on the same network, open http://{address}:{port}",
                      flush=True)
        else:
            print(f"On a phone or tablet on the same network, open http://<this computer's "
                  f"address>:{port}", flush=True)
    print("Stop with Ctrl+C.", flush=True)
    if open_browser:
        threading.Timer(1.0, _open_browser, args=(local,)).start()
    serve(app, sock, port)


def serve(app, sock: socket.socket, port: int) -> None:
    """Run ``app`` with uvicorn on ``sock`` until Ctrl+C or SIGTERM; it stops within
    :data:`STOP_WITHIN` seconds even while a handler holds the event loop (a long scoring)."""
    import uvicorn

    class PromptServer(uvicorn.Server):
        def handle_exit(self, sig, frame) -> None:
            super().handle_exit(sig, frame)
            # A handler running on the event loop keeps uvicorn from seeing the request; every
            # acknowledged edit is already committed, so ending the process loses nothing.
            ending = threading.Timer(STOP_WITHIN, os._exit, args=(128 + sig,))
            ending.daemon = True
            ending.start()

    # Browsers keep their connection open: without a limit, Ctrl+C would wait for them.
    server = PromptServer(uvicorn.Config(app, log_level="warning", ws="websockets-sansio",
                                         timeout_graceful_shutdown=2))
    try:
        server.run(sockets=[sock])
    except SystemExit as failure:
        # uvicorn exits when it cannot start after all; say it in one line, not its log.
        if failure.code:
            raise CannotListen(f"The app could not start on port {port}") from None
    finally:
        sock.close()


def _open_browser(url: str) -> None:
    try:
        webbrowser.get()
    except webbrowser.Error:
        return
    webbrowser.open(url)
