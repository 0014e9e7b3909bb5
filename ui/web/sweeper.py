"""The public mode's hourly sweep (``ui.store.retention``): on a thread of its own, so the
event loop that serves every phone never waits for it, skipping the tables open on this process
right now; the sessions of the tables it deleted refuse any later edit in words.

Several processes may serve one store (``scorepad app --workers N``, or several computers on one
PostgreSQL server): each hour, only the one holding the sweep's lease in the store
(``ui.store.tickets.Tickets.lease``) sweeps, so two never sweep at once, and the sweep runs once
an hour whatever the number of processes. Its holder renews it each hour; when that process
stops, another takes the lease over within the hour."""

from __future__ import annotations

import logging
import os
import socket
import threading

from ui.live.session import Sessions
from ui.store.engine import NotSaved, StoreUnavailable
from ui.store.presence import Presence
from ui.store.retention import Retention
from ui.store.tickets import Tickets

logger = logging.getLogger(__name__)

SWEEP_EVERY = 3600.0
"""Seconds between two sweeps: a date shown is kept to within the hour."""
LEASE = "retention-sweep"


class Sweeper:
    def __init__(self, retention: Retention, presence: Presence, sessions: Sessions,
                 every: float = SWEEP_EVERY):
        self.retention = retention
        self.presence = presence
        self.sessions = sessions
        self.every = every
        self.holder = f"{socket.gethostname()} {os.getpid()}"
        """This process, as the sweep's lease names it."""
        self._stop = threading.Event()
        self._thread = threading.Thread(target=self._run, name="scorepad-retention",
                                        daemon=True)

    def start(self) -> Sweeper:
        self._thread.start()
        return self

    def stop(self) -> None:
        self._stop.set()
        self._thread.join()

    def sweep_once(self) -> list[int]:
        """One sweep now; the tables deleted. A store that fails is logged, and the next
        sweep tries again."""
        try:
            gone = self.retention.sweep(open_now=self.presence.tables())
        except (NotSaved, StoreUnavailable) as error:
            logger.warning("the retention's sweep could not run: %s", error)
            return []
        self.sessions.forget(gone)
        return gone

    def _run(self) -> None:
        try:
            self.retention.begin()
        except (NotSaved, StoreUnavailable) as error:  # no sweep before it is noted
            logger.warning("the retention could not start: %s", error)
            return
        while True:
            if self.holds_the_sweep():
                self.sweep_once()
            if self._stop.wait(self.every):
                return

    def holds_the_sweep(self) -> bool:
        """Whether this process sweeps this hour: it holds the sweep's lease (see the module's
        doc). A store that fails is logged, and the next hour asks again."""
        try:
            return Tickets(self.retention.store, lambda: self.retention.clock().timestamp()).lease(
                LEASE, self.every, self.holder)
        except (NotSaved, StoreUnavailable) as error:
            logger.warning("the retention's sweep could not run: %s", error)
            return False
