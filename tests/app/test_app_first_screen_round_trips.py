"""What a phone's first screen waits on once its websocket is open: the app's questions to the
browser (its device's token, its chosen language, its locales, its chosen theme) go out
together, so the screen waits on one round trip to the phone, not three, and is drawn in the
theme the device chose; a new device's token is kept all the same (ui/web/app.py's ``main``,
ui/web/devices.py, ui/parts/theme.py). On a phone network a round trip is 50–100 ms.

The browser here is a real Flet session whose connection holds the app's questions and answers
them a round at a time, from a storage of its own, as a browser's localStorage does."""

from __future__ import annotations

import asyncio
import logging

import flet as ft
import msgpack
import pytest
from flet.controls.context import _context_page, context
from flet.messaging.protocol import MessageAction
from flet.messaging.session import Session
from flet.pubsub.pubsub_hub import PubSubHub

from live_devices import ENCODE, RecordingConnection
from ui.parts import theme
from ui.store.access import device_id
from ui.store.storage import TableStore
from ui.web import app
from ui.web.devices import DEVICE_KEY

SETTLE_STEPS = 50
"""Turns of the event loop given to ``main`` before a round's questions are read: many more
than it takes to ask them."""


class Browser(RecordingConnection):
    """A browser tab: keeps the app's questions (method calls) until :meth:`answer_round`
    answers all of them at once, reading and writing ``storage``; ``refuses`` fails every
    write, as a full or blocked localStorage does, and reading a key of ``unreadable`` fails."""

    def __init__(self, storage: dict[str, object], refuses: bool = False,
                 unreadable: frozenset[str] = frozenset()):
        loop = asyncio.get_running_loop()
        super().__init__(PubSubHub(loop=loop), loop)
        self.storage = storage
        self.refuses = refuses
        self.unreadable = unreadable
        self.questions: list = []
        self.session: Session | None = None

    def send_message(self, message) -> None:
        super().send_message(message)
        if message.action == MessageAction.INVOKE_METHOD:
            self.questions.append(message.body)

    def answer_round(self) -> list[str]:
        """Answers every question asked so far; their names."""
        asked, self.questions = self.questions, []
        for question in asked:
            error = None
            result = None
            if question.name == "get" and question.args["key"] in self.unreadable:
                error = "SecurityError"
            elif question.name == "get":
                result = self.storage.get(question.args["key"])
            elif question.name == "set":
                if self.refuses:
                    error = "QuotaExceededError"
                else:
                    self.storage[question.args["key"]] = question.args["value"]
                    result = True
            self.session.handle_invoke_method_results(question.control_id, question.call_id,
                                                      result, error)
        return [question.name for question in asked]


async def settle() -> None:
    for _ in range(SETTLE_STEPS):
        await asyncio.sleep(0)


async def open_first_screen(store: TableStore, storage: dict[str, object], refuses: bool = False,
                            unreadable: frozenset[str] = frozenset()
                            ) -> tuple[list[list[str]], Session]:
    """A tab opens the app: the questions of each round trip before its first screen (and of
    those the browser is asked after it, in the same round trips). The page's theme as the first
    screen was drawn is kept in ``THEME_AT_FIRST_SCREEN``."""
    browser = Browser(storage, refuses, unreadable)
    session = browser.session = Session(browser)
    # What the browser's register message does: the page's size, then the whole first page.
    session.apply_page_patch({"width": 390, "height": 844, "route": "/"})
    msgpack.packb(session.get_page_patch(), default=ENCODE)
    main = app.make_main(store)

    async def as_flet_runs_it():  # flet_web's FletApp.__on_session_created
        _context_page.set(session.page)
        context.reset_auto_update()
        await main(session.page)

    opening = asyncio.ensure_future(as_flet_runs_it())
    rounds: list[list[str]] = []
    await settle()
    while not opening.done():
        rounds.append(browser.answer_round())
        await settle()
    opening.result()
    THEME_AT_FIRST_SCREEN[id(session.page)] = session.page.theme_mode
    await settle()
    while browser.questions:  # asked once the screen was drawn
        rounds.append(browser.answer_round())
        await settle()
    return rounds, session


THEME_AT_FIRST_SCREEN: dict[int, ft.ThemeMode | None] = {}
"""Each tab's theme as its first screen was drawn, by its page's id."""


CONTEXTS: dict[int, app.AppContext] = {}
"""Each tab's context by its page's id."""


@pytest.fixture
def store(tmp_path, monkeypatch):
    class Kept(app.AppContext):
        def __init__(self, page, *args, **kwargs):
            super().__init__(page, *args, **kwargs)
            CONTEXTS[id(page)] = self

    monkeypatch.setattr(app, "AppContext", Kept)
    yield TableStore(tmp_path / "tables.sqlite3")
    CONTEXTS.clear()
    THEME_AT_FIRST_SCREEN.clear()


def device_of(session: Session) -> str:
    """The device id the app gave a tab."""
    return CONTEXTS[id(session.page)].device


def test_a_new_phone_waits_on_one_round_trip_and_keeps_its_new_token(store):
    storage: dict[str, object] = {}

    async def two_visits():
        first, session = await open_first_screen(store, storage)
        again, session_again = await open_first_screen(store, storage)
        return first, session, again, session_again

    first, session, again, session_again = asyncio.run(two_visits())
    # Asked at once: the token, the chosen language, the locales, the chosen theme. The new
    # token goes to the browser in the round after, while the first screen is drawn.
    assert sorted(first[0]) == ["get", "get", "get", "get_device_info"]
    assert first[1:] == [["set"]]
    assert isinstance(storage[DEVICE_KEY], str) and len(storage[DEVICE_KEY]) >= 16
    device = device_id(storage[DEVICE_KEY])
    assert session.page.views[0].controls  # the home screen is drawn
    # The next visit is the same device, and waits on one round trip as well.
    assert again == [["get", "get", "get", "get_device_info"]]
    assert device_of(session) == device_of(session_again) == device


def test_a_browser_that_does_not_keep_the_token_is_a_new_device_at_its_next_visit(
        store, caplog):
    caplog.set_level(logging.WARNING, logger="ui.web.devices")
    storage: dict[str, object] = {}

    async def two_visits():
        first, session = await open_first_screen(store, storage, refuses=True)
        again, session_again = await open_first_screen(store, storage, refuses=True)
        return session, session_again

    session, session_again = asyncio.run(two_visits())
    assert DEVICE_KEY not in storage
    assert session.page.views[0].controls and session_again.page.views[0].controls
    assert device_of(session) != device_of(session_again)
    assert [record.getMessage() for record in caplog.records] == [
        "the browser did not keep its device's token (RuntimeError): it is a new device at "
        "its next visit"] * 2


@pytest.mark.parametrize("stored, drawn", [
    ("dark", ft.ThemeMode.DARK),
    ("light", ft.ThemeMode.LIGHT),
    ("system", ft.ThemeMode.SYSTEM),
    (None, ft.ThemeMode.SYSTEM),  # never chosen
    ("purple", ft.ThemeMode.SYSTEM),  # a storage holding something else: the device's
    (["dark"], ft.ThemeMode.SYSTEM),
])
def test_the_first_screen_is_drawn_in_the_theme_the_device_chose(store, stored, drawn):
    storage: dict[str, object] = {} if stored is None else {theme.PREFERENCE: stored}
    rounds, session = asyncio.run(open_first_screen(store, storage))
    assert THEME_AT_FIRST_SCREEN[id(session.page)] == drawn
    assert session.page.theme_mode == drawn  # and it stays: nothing is drawn again after
    assert len(rounds) == 2  # the questions, then the new device's token


def test_a_storage_that_refuses_the_theme_draws_the_first_screen_as_the_device(store, caplog):
    caplog.set_level(logging.WARNING, logger="ui.parts.theme")
    storage: dict[str, object] = {theme.PREFERENCE: "dark"}
    rounds, session = asyncio.run(open_first_screen(store, storage,
                                                    unreadable=frozenset({theme.PREFERENCE})))
    assert THEME_AT_FIRST_SCREEN[id(session.page)] == ft.ThemeMode.SYSTEM
    assert session.page.views[0].controls  # the home screen is drawn all the same
    assert [record.getMessage() for record in caplog.records] == [
        "the browser's storage did not answer: its theme follows the device"]
