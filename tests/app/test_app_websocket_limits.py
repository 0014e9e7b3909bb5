"""The websocket layer's limits on a stand-in of Flet's handler (ui/web/websocket_limits.py):
back-pressure on events in flight, then the close; the first message's deadline; frames over the
limit; the caps per address. tests/app/test_app_hostile_clients.py sends the same to the real
server."""

from __future__ import annotations

import asyncio

from ui.web.websocket_limits import POLICY, TOO_BIG, TRY_LATER, WebsocketLimits, event_flow


class Client:
    """A websocket's far end: the frames it sends, and what the server sent it."""

    def __init__(self, frames: list[bytes], then_wait: bool = True):
        self.incoming = [{"type": "websocket.connect"},
                         *({"type": "websocket.receive", "bytes": data} for data in frames)]
        self.then_wait = then_wait
        self.sent: list[dict] = []

    async def receive(self):
        if self.incoming:
            return self.incoming.pop(0)
        if self.then_wait:
            await asyncio.Event().wait()
        return {"type": "websocket.disconnect", "code": 1000}

    async def send(self, message):
        self.sent.append(message)

    def closes(self) -> list[tuple[int, str]]:
        return [(m["code"], m["reason"]) for m in self.sent if m["type"] == "websocket.close"]


def flet_like(handled: list, hold: asyncio.Event):
    """A handler that, as Flet's, starts a task per frame and reads on; each task holds until
    ``hold`` is set (a slow handler), counted as Flet's patched dispatch counts it."""

    async def app(scope, receive, send):
        await receive()  # websocket.connect
        await send({"type": "websocket.accept"})
        tasks = set()
        while True:
            message = await receive()
            if message["type"] == "websocket.disconnect":
                return
            flow = event_flow.get()

            async def event(data=message["bytes"]):
                flow.started()
                try:
                    await hold.wait()
                    handled.append(data)
                finally:
                    flow.ended()

            task = asyncio.ensure_future(event())
            tasks.add(task)
            await asyncio.sleep(0)  # the task starts, as Flet's do before the next read

    return app


def serve(layer: WebsocketLimits, client: Client, address: str = "10.0.0.5"):
    scope = {"type": "websocket", "path": "/ws", "headers": [], "client": (address, 5000)}
    return layer(scope, client.receive, client.send)


def test_events_in_flight_hold_back_the_next_frame_then_close_the_connection():
    async def run():
        handled, hold = [], asyncio.Event()
        layer = WebsocketLimits(flet_like(handled, hold), max_events_in_flight=3,
                                back_pressure_seconds=0.3)
        client = Client([b"%d" % n for n in range(10)])
        await asyncio.wait_for(serve(layer, client), 10)
        return client

    client = asyncio.run(run())
    assert client.closes() == [(POLICY, "more than 3 events waiting to be handled")]
    assert len(client.incoming) == 10 - 3  # three frames read, the rest never


def test_held_back_frames_go_on_once_events_end():
    async def run():
        handled, hold = [], asyncio.Event()
        layer = WebsocketLimits(flet_like(handled, hold), max_events_in_flight=2,
                                back_pressure_seconds=5)
        client = Client([b"%d" % n for n in range(6)], then_wait=False)
        serving = asyncio.ensure_future(serve(layer, client))
        await asyncio.sleep(0.1)
        assert len(client.incoming) == 6 - 2  # two read, the third held back
        hold.set()
        await asyncio.wait_for(serving, 10)
        return client, handled

    client, handled = asyncio.run(run())
    assert client.closes() == [] and sorted(handled) == [b"%d" % n for n in range(6)]


def test_a_socket_that_sends_nothing_is_closed_and_its_handler_ended():
    async def run():
        layer = WebsocketLimits(flet_like([], asyncio.Event()), register_seconds=0.2)
        client = Client([])
        await asyncio.wait_for(serve(layer, client), 10)
        return client, layer

    client, layer = asyncio.run(run())
    assert client.closes() == [(POLICY, "no first message within 0.2 s")]
    assert layer.open_by_address == {}


def test_a_frame_over_the_limit_closes_before_the_handler_sees_it():
    async def run():
        handled, hold = [], asyncio.Event()
        hold.set()
        layer = WebsocketLimits(flet_like(handled, hold), max_frame_bytes=10)
        client = Client([b"small", b"x" * 11, b"after"])
        await asyncio.wait_for(serve(layer, client), 10)
        return client, handled

    client, handled = asyncio.run(run())
    assert client.closes() == [(TOO_BIG, "a message of 11 bytes; at most 10")]
    assert handled == [b"small"]


def test_sockets_over_the_address_cap_are_refused_in_words_and_others_are_not():
    async def run():
        layer = WebsocketLimits(flet_like([], asyncio.Event()), max_per_address=2, max_open=3)
        held = [asyncio.ensure_future(serve(layer, Client([b"r"]))) for _ in range(2)]
        await asyncio.sleep(0.05)
        refused, other = Client([b"r"]), Client([b"r"])
        await serve(layer, refused)
        third = asyncio.ensure_future(serve(layer, other, address="10.0.0.6"))
        await asyncio.sleep(0.05)
        full = Client([b"r"])
        await serve(layer, full, address="10.0.0.7")
        for task in (*held, third):
            task.cancel()
        await asyncio.gather(*held, third, return_exceptions=True)
        return refused, other, full, layer

    refused, other, full, layer = asyncio.run(run())
    assert refused.closes() == [(TRY_LATER, "This device's network already has 2 scorepad tabs "
                                            "open: close one, then reload.")]
    assert other.closes() == []
    assert full.closes()[0][0] == TRY_LATER and "3 tabs open" in full.closes()[0][1]
    assert layer.open_by_address == {}
