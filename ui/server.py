"""Serving the app: a FastAPI app with the Flet web client mounted in no-CDN mode (works with no
internet), behind ui/http_guard.py, run by uvicorn; prints the host's address (with the host key)
and opens a browser with it when there is one."""

from __future__ import annotations

import logging
import socket
import threading
import webbrowser
from pathlib import Path

ASSETS = Path(__file__).resolve().parent / "assets"
LOOPBACK_NAMES = ("127.0.0.1", "localhost", "::1")


def build_asgi_app(db_path: str | Path, port: int, lan: list[str] | None = None):
    """The app served on ``port``; ``lan``: this computer's LAN addresses when phones may join
    (then they and the host name are accepted as Host too)."""
    import flet_web.fastapi as flet_fastapi

    from ui.app import make_main
    from ui.http_guard import HttpGuard, allowed_hosts
    from ui.storage import TableStore

    store = TableStore(db_path)
    store.purge_deleted()
    app = flet_fastapi.FastAPI()
    names = [*LOOPBACK_NAMES, *(lan_names(lan) if lan is not None else [])]
    app.mount("/", flet_fastapi.app(make_main(store, lan or []), assets_dir=str(ASSETS),
                                    no_cdn=True,
                                    app_name="scorepad", app_short_name="scorepad",
                                    app_description="The scorepad for Sunflower Valley, "
                                    "Girasoles and Maple Valley"))
    return HttpGuard(app, allowed_hosts(names, port)), store


def lan_names(addresses: list[str]) -> list[str]:
    """The names a phone on the network may use for this computer: its addresses, its host
    name and that name under .local (mDNS)."""
    hostname = socket.gethostname()
    return [*addresses, hostname, f"{hostname}.local"]


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


def run_app(host: str, port: int, db_path: str | Path, open_browser: bool = True,
            lan: bool = False) -> None:
    import uvicorn

    logging.basicConfig(level=logging.WARNING)
    from ui.access import Access

    lan = lan or host in ("0.0.0.0", "::")
    named = host not in LOOPBACK_NAMES and not lan
    addresses = lan_addresses() if lan else [host] if named else None
    app, store = build_asgi_app(db_path, port, addresses)
    local = f"http://{host if named else '127.0.0.1'}:{port}"
    hosting = f"{local}/?key={Access(store).host_key()}"
    print(f"scorepad app: {hosting}", flush=True)
    print("  (this address makes a browser the host's, which sees and manages every table: "
          "keep it to yourself)", flush=True)
    print(f"Tables saved in {store.path}", flush=True)
    if lan:
        print_lan_addresses(addresses, port)
    print("Stop with Ctrl+C.", flush=True)
    # Browsers keep their connection open: without a limit, Ctrl+C would wait for them.
    server = uvicorn.Server(uvicorn.Config(app, host=host, port=port, log_level="warning",
                                           ws="websockets-sansio", timeout_graceful_shutdown=2))
    if open_browser:
        threading.Timer(1.0, _open_browser, args=(hosting,)).start()
    server.run()


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
