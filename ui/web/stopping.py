"""Ctrl+C and SIGTERM stop the app within :data:`STOP_WITHIN` seconds, whatever its main thread is
doing when they come.

The web server (uvicorn) stops gracefully on a stop signal, but only once its event loop runs
again: a tap handler holding the loop (a long scoring), a start not yet finished, or a main thread
waiting in C code would keep the process alive. So a stop also wakes a watchman thread, started
before any signal can come, which ends the process :data:`STOP_WITHIN` seconds later if it is
still running. Every acknowledged edit is already committed by then, so ending it loses nothing.

The watchman is woken through a pipe, never by starting a thread in the signal handler: a handler
runs between two bytecodes of the main thread, which may hold one of ``threading``'s own locks at
that moment (starting or joining a thread), and a new thread needs them: the stop then waited for
itself, and the app served on after the Ctrl+C (a test's server, found alive 60 s after it).
The pipe is also the interpreter's wakeup file (``signal.set_wakeup_fd``), written by the C-level
handler the moment the signal arrives, so the watchman wakes even when the main thread cannot run
Python code to call the handler.
"""

from __future__ import annotations

import os
import signal
import threading
import time
from collections.abc import Callable
from types import FrameType

STOP_WITHIN = 3.0
"""Seconds a stop request (Ctrl+C, SIGTERM) may take before the process ends anyway."""
STOP_SIGNALS = (signal.SIGINT, signal.SIGTERM)


class StopOnSignal:
    """From its making to the end of the process, Ctrl+C and SIGTERM call ``ask_to_stop`` (the web
    server's graceful stop), and the process ends with ``128 + signal`` :data:`STOP_WITHIN`
    seconds after the first of them if it is still running then. Made on the main thread."""

    def __init__(self, ask_to_stop: Callable[[int, FrameType | None], None],
                 stop_within: float = STOP_WITHIN) -> None:
        self._ask_to_stop = ask_to_stop
        self._stop_within = stop_within
        woken, self._wake = os.pipe()
        os.set_blocking(self._wake, False)
        threading.Thread(target=self._end_after_a_stop, args=(woken,), daemon=True,
                         name="scorepad-stop").start()
        # Written by the interpreter's C handler as the signal arrives, before any Python code.
        signal.set_wakeup_fd(self._wake, warn_on_full_buffer=False)
        for stop in STOP_SIGNALS:
            signal.signal(stop, self.handle)

    def handle(self, number: int, frame: FrameType | None) -> None:
        """The signal handler: wake the watchman (no lock, no thread made), then ask to stop."""
        self.woken_by(number)
        self._ask_to_stop(number, frame)

    def woken_by(self, number: int) -> None:
        """Wake the watchman for stop signal ``number`` (also for a handler that replaced
        :meth:`handle` for a while, as uvicorn's does while it serves)."""
        try:
            os.write(self._wake, bytes([number]))
        except BlockingIOError:  # the pipe is full of earlier stops: the watchman is awake
            pass

    def _end_after_a_stop(self, woken: int) -> None:
        while True:
            number = os.read(woken, 1)[0]
            if number in STOP_SIGNALS:  # the wakeup file also tells other handled signals
                break
        time.sleep(self._stop_within)
        os._exit(128 + number)
