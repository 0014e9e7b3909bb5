"""The live-table benchmark's server clock: every websocket frame is written with the time the
server saw it, and a tap's server time runs from its message to the last update that shows
something (an update touching only a save mark is the saved notice). Hand-made frames, no
browser."""

from __future__ import annotations

import asyncio
import sys
import time
from pathlib import Path

import msgpack
from flet.messaging.protocol import MessageAction

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "benchmarks"))

from frame_clock.clock import Frame, FrameClock, FrameLog  # noqa: E402
from live_table import SAVING, SaveMarks, server_times  # noqa: E402


def message(action: MessageAction, body: dict) -> bytes:
    return b"\x00" + msgpack.packb([action.value, body])


def tap(target: int) -> bytes:
    return message(MessageAction.CONTROL_EVENT, {"target": target, "name": "click", "data": None})


def patch(control: int, value: str) -> bytes:
    """An update of one control that sets its value."""
    return message(MessageAction.PATCH_CONTROL,
                   {"id": control, "patch": [[0], [0, 0, "value", value]]})


def test_every_frame_is_written_in_order_with_its_direction_and_connection(tmp_path):
    async def app(scope, receive, send):
        incoming = await receive()
        await send({"type": "websocket.send", "bytes": incoming["bytes"] + b"!"})
        await send({"type": "websocket.send", "text": "not counted: no bytes"})

    log = tmp_path / "frames.log"
    clock = FrameClock(app, log)
    sent = []

    async def receive():
        return {"type": "websocket.receive", "bytes": b"tap"}

    async def send(frame):
        sent.append(frame)

    async def two_connections():
        await clock({"type": "websocket"}, receive, send)
        await clock({"type": "websocket"}, receive, send)

    asyncio.run(two_connections())
    frames = FrameLog(log)
    read: list[Frame] = []
    deadline = time.monotonic() + 30
    while len(read) < 4 and time.monotonic() < deadline:  # the writer thread's pace
        read += frames.new_frames()
    assert [(frame.incoming, frame.connection, frame.data) for frame in read] == [
        (True, 0, b"tap"), (False, 0, b"tap!"), (True, 1, b"tap"), (False, 1, b"tap!")]
    assert [frame.at for frame in read] == sorted(frame.at for frame in read)
    assert len(sent) == 4  # the app's frames all reach the websocket
    assert frames.new_frames() == []


def test_a_taps_time_ends_at_its_last_update_that_shows_something():
    frames = [
        Frame(10.000, True, 0, tap(7)),
        Frame(10.004, False, 0, patch(40, "18 of 18")),
        Frame(10.005, False, 0, patch(41, SAVING)),  # the tapper's mark, shown with the edit
        Frame(10.012, False, 1, patch(50, "Ann 31")),  # another phone's tab total
        Frame(10.030, False, 0, patch(41, "")),  # the saved notice: mark only
        Frame(10.200, True, 1, tap(9)),
        Frame(10.203, False, 1, patch(51, "19 of 18")),
    ]
    assert [tuple(round(ms) for ms in pair) for pair in server_times(frames, SaveMarks())] == [
        (12, 30), (3, 3)]


def test_a_tap_answered_after_the_next_taps_message_counts_its_first_update():
    """A server still busy with the first tap sends nothing before the second tap's message:
    the first update after the message is a lower bound of its time."""
    frames = [
        Frame(1.000, True, 0, tap(7)),
        Frame(1.100, True, 1, tap(9)),
        Frame(1.150, False, 0, patch(40, "18 of 18")),
    ]
    assert [tuple(round(ms) for ms in pair) for pair in server_times(frames, SaveMarks())] == [
        (150, 150), (50, 50)]


def test_other_events_are_not_taps():
    frames = [Frame(1.0, True, 0, message(MessageAction.CONTROL_EVENT,
                                          {"target": 1, "name": "focus", "data": None})),
              Frame(1.1, True, 0, b"\x01\x00\x00\x00\x00data-channel")]
    assert server_times(frames, SaveMarks()) == []
