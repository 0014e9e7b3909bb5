"""Brotli copies of the web client's files, made once at Brotli's best and kept on disk.

Brotli at quality 11 makes the client's WebAssembly about a quarter smaller than gzip does
(main.dart.wasm and skwasm.wasm: a megabyte less at a first visit), but takes about a minute of
CPU for them: far too slow to make while a phone waits, and needless to make twice. So each copy
is made once, in a background thread at low priority (or by ``script/bootstrap``:
``python -m ui.web.brotli_copies``), and kept in :data:`BUILT` (not in git) under the SHA-256
of the bytes it stands for; a server that finds it there (this start or a later one) sends it,
and until then sends gzip. A small file is compressed at once (milliseconds). Brotli's own
thread gives up Python's lock while it compresses, so the event loop is not held.

Browsers offer Brotli (``Accept-Encoding: br``) only to HTTPS and localhost addresses: a phone
on the LAN's plain http is sent gzip, one through the public mode's TLS proxy Brotli.
"""

from __future__ import annotations

import hashlib
import logging
import os
import queue
import sys
import threading
import time
from collections.abc import Iterable, Iterator
from contextlib import contextmanager
from pathlib import Path

logger = logging.getLogger(__name__)

BUILT = Path(__file__).resolve().parent / "built" / "brotli"
QUALITY = 11
"""Brotli's best: slow to make, as fast to decode as any other quality."""
AT_ONCE_UP_TO = 256 * 1024
"""Bytes: a file up to this size is compressed while its request waits (well under a second)."""
MAKING_FOR = 15 * 60
"""Seconds after which another process's unfinished copy counts as abandoned, where the system
has no ``flock`` (Windows); elsewhere a copy is abandoned as its process ends."""

FIRST_VISIT = {"skwasm": ("main.dart.wasm", "canvaskit/skwasm.wasm"),
               "skwasm-threads": ("main.dart.wasm", "canvaskit/skwasm.wasm"),
               "canvaskit": ("main.dart.js", "canvaskit/canvaskit.wasm")}
"""The client's big files a first visit of each renderer (ui/web/renderer.py) loads, relative to
its folder: made in the background as the server starts."""


def digest_of(body: bytes) -> str:
    return hashlib.sha256(body).hexdigest()


class BrotliCopies:
    """The kept copies in ``folder``; :meth:`copy_of` finds one (or makes a small one),
    :meth:`make_soon` has the big ones made in the background, one at a time."""

    def __init__(self, folder: Path = BUILT):
        self.folder = folder
        self._waiting: queue.Queue[Path | bytes] = queue.Queue()
        self._queued: set[str] = set()
        self._worker: threading.Thread | None = None
        self._lock = threading.Lock()

    def path_of(self, digest: str) -> Path:
        return self.folder / f"{digest}.br"

    def copy_of(self, body: bytes, digest: str | None = None) -> bytes | None:
        """The Brotli copy of ``body``: kept, or made now if it is small; None while a big one
        is being made (it is asked for in the background). Blocking: call it in a thread."""
        digest = digest or digest_of(body)
        try:
            return self.path_of(digest).read_bytes()
        except FileNotFoundError:
            pass
        if len(body) <= AT_ONCE_UP_TO:
            return self.make(body, digest)
        self.make_soon([body])
        return None

    def make(self, body: bytes, digest: str | None = None, wait: bool = False) -> bytes | None:
        """Compress ``body`` and keep the copy; None if another process is making it now
        (``wait``: wait for that process instead, then take its copy, or make it if the process
        ended before it was made)."""
        digest = digest or digest_of(body)
        target = self.path_of(digest)
        self.folder.mkdir(parents=True, exist_ok=True)
        making = target.with_name(target.name + ".making")
        with _one_maker(making, wait) as maker:
            if not maker:
                return None  # another process makes it; gzip is sent meanwhile
            try:
                return target.read_bytes()  # made by the process waited for
            except FileNotFoundError:
                pass
            import brotli

            compressed = brotli.compress(body, quality=QUALITY)
            partial = target.with_name(f"{target.name}.{os.getpid()}.part")
            partial.write_bytes(compressed)
            os.replace(partial, target)
            return compressed

    def make_soon(self, sources: Iterable[Path | bytes]) -> None:
        """Have a copy of each of ``sources`` (files, or bytes) made in the background unless
        it is kept already."""
        with self._lock:
            for source in sources:
                self._waiting.put(source)
            if self._worker is None:
                self._worker = threading.Thread(target=self._work, name="brotli copies",
                                                daemon=True)
                self._worker.start()

    def _work(self) -> None:
        if sys.platform.startswith("linux"):  # Linux sets a thread's own niceness
            try:
                os.setpriority(os.PRIO_PROCESS, threading.get_native_id(), 19)
            except OSError:
                pass
        while True:
            source = self._waiting.get()
            try:
                body = source.read_bytes() if isinstance(source, Path) else source
                digest = digest_of(body)
                if digest not in self._queued and not self.path_of(digest).is_file():
                    self._queued.add(digest)
                    self.make(body, digest)
            except OSError as error:
                logger.warning("no Brotli copy of %s: %s",
                               source if isinstance(source, Path) else "a file", error)


@contextmanager
def _one_maker(making: Path, wait: bool) -> Iterator[bool]:
    """Whether this process is the one to make the copy that ``making`` stands for: true while
    no other process holds it. On Linux and macOS it is an advisory lock (``flock``), which the
    system lets go of when its process ends, however it ends: a server stopped or killed halfway
    through a copy (a minute of CPU) no longer kept every other process from making it for
    :data:`MAKING_FOR`. Elsewhere the file's existence is the lock, abandoned after
    :data:`MAKING_FOR` seconds (``wait`` then waits for nothing)."""
    try:
        import fcntl
    except ImportError:  # Windows
        fcntl = None
    if fcntl is None:
        try:
            os.close(os.open(making, os.O_CREAT | os.O_EXCL | os.O_WRONLY))
        except FileExistsError:
            if time.time() - making.stat().st_mtime < MAKING_FOR:
                yield False
                return
            making.touch()  # abandoned by a process that ended: take it over
        try:
            yield True
        finally:
            making.unlink(missing_ok=True)
        return
    held = os.open(making, os.O_CREAT | os.O_WRONLY, 0o644)
    try:
        try:
            fcntl.flock(held, fcntl.LOCK_EX | (0 if wait else fcntl.LOCK_NB))
        except BlockingIOError:
            yield False
            return
        try:
            yield True
        finally:
            # Unlinked while still held: a process that opened it meanwhile takes the lock
            # next, finds the copy made and sends it.
            making.unlink(missing_ok=True)
    finally:
        os.close(held)


def first_visit_files(renderer: str) -> list[Path]:
    """The client's big files a first visit with ``renderer`` loads (:data:`FIRST_VISIT`)."""
    from flet_web import get_package_web_dir

    web = Path(get_package_web_dir())
    return [web / name for name in FIRST_VISIT.get(renderer, ())]


def main() -> None:
    """Make the copies a first visit with the default renderer needs (``script/bootstrap``)."""
    from ui.web.renderer import DEFAULT_RENDERER

    copies = BrotliCopies()
    for path in first_visit_files(DEFAULT_RENDERER):
        body = path.read_bytes()
        if not copies.path_of(digest_of(body)).is_file():
            print(f"ui.web.brotli_copies: compressing {path.name} "
                  f"({len(body) / 2**20:.1f} MiB) with Brotli, once", flush=True)
            copies.make(body, wait=True)  # a server making it now: its copy, or made here


if __name__ == "__main__":
    main()
