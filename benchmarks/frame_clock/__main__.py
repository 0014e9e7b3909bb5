"""``scorepad app`` with :class:`clock.FrameClock` on its websockets, for ``live_table.py``:
``python benchmarks/frame_clock LOG app --port ...`` serves as ``python -m ui app ...`` does and
writes every websocket frame's time, as the server saw it, to LOG."""

import sys
from pathlib import Path

from clock import FrameClock

import ui.web.server

log = Path(sys.argv.pop(1))
build_asgi_app = ui.web.server.build_asgi_app


def build_with_clock(*args, **kwargs):
    app, store = build_asgi_app(*args, **kwargs)
    return FrameClock(app, log), store


ui.web.server.build_asgi_app = build_with_clock

from ui.cli import main  # noqa: E402

raise SystemExit(main())
