"""A phone on ``scorepad app --workers 2`` (ui/web/workers.py), in Chromium: the host's page loads
through Caddy and becomes the host's (its key's ticket taken from the store), makes a table; its
worker is killed outright, and the page comes back by itself on the other worker, on the same
screen (the device and its table are in PostgreSQL), and goes on editing there."""

from __future__ import annotations

import os
import re
import signal

from app_browser import HOST_KEYS, tap_until, wait_text
from test_app_browser import ANN, create_table
from test_app_workers import children_of, started_workers


def worker_of(page) -> str:
    """The worker the page's cookie keeps it on (asked with the page's own cookies)."""
    said = page.evaluate("fetch('/.scorepad/worker').then(answer => answer.text())")
    return re.fullmatch(r"worker (\d) of 2\n", said).group(1)


def test_a_phone_whose_worker_is_killed_comes_back_on_the_other_and_goes_on(
        postgres_cluster, tmp_path, phones):
    with started_workers(postgres_cluster, tmp_path) as (server, port, log):
        url = f"http://127.0.0.1:{port}"
        HOST_KEYS[url] = re.search(r"/\?key=([\w-]+)", log.read_text()).group(1)
        host = phones()
        create_table(host, url, ("Ann", "Bob"))
        first = worker_of(host)
        killed = next(pid for pid, marker in children_of(server.pid).items()
                      if marker.startswith(f"{first}/"))

        os.kill(killed, signal.SIGKILL)
        # The page reconnects by itself, through Caddy, to the other worker: the same screen.
        wait_text(host, "player-total", "^Ann:")
        assert worker_of(host) != first
        (place, _) = ANN[0]
        tap_until(host, "palette-railroad", "editor-message", "^Tap a place to lay a")
        tap_until(host, f"cell-{place[0]}-{place[1]}", "card-count", r"^1 of 18 Valley cards$")
        assert "Traceback" not in log.read_text()
