"""What ui/web/flet_patch.py relies on in Flet's own code: each test fails when a new Flet changes
it, so the patch is looked at again (and dropped where Flet now bounds the message itself)."""

from __future__ import annotations

import asyncio
import inspect
import logging
import re
import sys
from pathlib import Path

import flet
import msgpack
import pytest
from flet.messaging import session as flet_session
from flet_web.fastapi import flet_app

from ui.web import flet_patch
from ui.web.websocket_limits import EventFlow, event_flow


def test_flet_dispatches_an_event_by_the_control_id_it_looks_up_in_its_index():
    original = flet_patch._flet_dispatch_event
    assert list(inspect.signature(original).parameters) == [
        "self", "control_id", "event_name", "event_data"]
    source = inspect.getsource(original)
    assert "self.__resolve_event_control(control_id)" in source
    # An id not in the index is looked for in the whole page tree: what the patch avoids.
    resolve = inspect.getsource(flet_session.Session._Session__resolve_event_control)
    assert "self.__index.get(control_id)" in resolve and "__find_live_control" in resolve
    assert isinstance(flet_session.Session.index, property)


def test_flets_receive_loop_unpacks_with_the_modules_msgpack_and_logs_what_ends_it():
    receive = inspect.getsource(flet_app.FletApp._FletApp__receive_loop)
    assert "msgpack.unpackb(data[1:]" in receive
    assert 'logger.warning(f"Receive loop error: {e}", exc_info=True)' in receive
    assert flet_app.logger.name == "flet_web.fastapi"


def test_flets_handler_waits_for_its_send_loop_that_only_a_session_stops():
    """Why websocket_limits ends a handler whose socket went before it registered."""
    handle = inspect.getsource(flet_app.FletApp.handle)
    assert "await send_loop_task" in handle
    receive = inspect.getsource(flet_app.FletApp._FletApp__receive_loop)
    assert "if self.__session:" in receive and "put(None)" in receive


def test_flet_is_the_version_the_patch_was_written_for():
    assert flet.__version__ == "1.0.5", "read ui/web/flet_patch.py against the new Flet"


class Index(dict):
    """A session's index of the controls it sent."""


class Stand:
    """A stand-in for Flet's session: only what dispatch_known_event reads."""

    def __init__(self, known):
        self.index = Index({id_: object() for id_ in known})


def test_an_event_for_an_unknown_id_is_dropped_and_every_event_is_counted(monkeypatch):
    reached = []

    async def flet_dispatch(self, control_id, event_name, event_data):
        reached.append(control_id)

    monkeypatch.setattr(flet_patch, "_flet_dispatch_event", flet_dispatch)
    flow = EventFlow()
    token = event_flow.set(flow)
    try:
        stand = Stand(known=[1, 7])
        for target in (7, 99, [1, 2], 1):
            asyncio.run(flet_patch.dispatch_known_event(stand, target, "click", None))
    finally:
        event_flow.reset(token)
    assert reached == [7, 1] and flow.in_flight == 0


def receive_loop_record(source: str) -> logging.LogRecord:
    """Flet's receive loop's warning about the error that ``source`` raises, as if raised in
    Flet's flet_app.py."""
    where = {}
    exec(compile(source, flet_app.__file__, "exec"), where)
    try:
        where["_FletApp__on_message"]()
    except Exception:  # noqa: BLE001 - whatever the source raised
        return logging.LogRecord("flet_web.fastapi", logging.WARNING, __file__, 1,
                                 "Receive loop error: %s", ("x",), sys.exc_info())
    raise AssertionError("the source raised nothing")


def test_a_malformed_message_keeps_its_line_and_loses_its_traceback():
    for source in ("def _FletApp__on_message(): raise ValueError('99 is not a valid action')",
                   "import msgpack\ndef _FletApp__on_message(): msgpack.unpackb(b'\\xc1')",
                   "def _FletApp__on_message(): dict(**[])"):
        record = receive_loop_record(source)
        assert flet_patch.MalformedMessages().filter(record)
        assert record.exc_info is None, source
        assert record.getMessage().startswith("a client sent a malformed message ("), source


def test_a_bug_deeper_in_flet_keeps_its_traceback():
    record = receive_loop_record("def deeper(): raise ValueError('a real bug')\n"
                                 "def _FletApp__on_message(): deeper()")
    assert flet_patch.MalformedMessages().filter(record)
    assert record.exc_info is not None and record.getMessage() == "Receive loop error: x"


def test_the_unpacker_refuses_a_list_longer_than_its_limit():
    most = flet_patch.UNPACK_LIMITS["max_array_len"]
    assert flet_patch.limited_msgpack.unpackb(msgpack.packb([0] * most)) == [0] * most
    with pytest.raises(ValueError):
        flet_patch.limited_msgpack.unpackb(msgpack.packb([0] * (most + 1)))


def test_flet_tells_a_handlers_error_inside_its_except_through_session_error():
    """What error_in_words relies on: the exception is still being handled when Flet calls
    ``Session.error``, and the traceback is logged just before on the session's logger."""
    dispatch = inspect.getsource(flet_patch._flet_dispatch_event)
    assert "except Exception as e:" in dispatch
    assert "self.error(f\"{e}\\n{traceback.format_exc()}\")" in dispatch
    assert "\"Unhandled error in 'on_%s' handler\", event_name, exc_info=True" in dispatch
    assert "SESSION_CRASHED" in inspect.getsource(flet_patch._flet_session_error)


def test_a_handler_that_cannot_read_the_tables_is_told_in_words_not_a_crashed_page(
        tmp_path, caplog):
    """A tap's handler raising StoreUnavailable, dispatched by Flet as a phone's tap is: the
    device is told in words (the app's snack bar), Flet sends no "session crashed" page and logs
    one line; any other error is Flet's crash page as before."""
    from flet.messaging.protocol import MessageAction

    from live_devices import Server
    from ui.store.storage import StoreUnavailable, TableStore

    flet_patch.apply()

    def cannot_read(e) -> None:
        raise StoreUnavailable("the database server cannot be reached (server 127.0.0.1:1, "
                               "database x): check ...")

    def broken(e) -> None:
        raise ValueError("a bug")

    async def run():
        server = Server(TableStore(tmp_path / "t.sqlite3"))
        device = server.connect("ann", "/", server.store.create("sunflower_valley", {}), 0)
        page = device.context.page
        flet_patch.tell_store_failures(device.session, device.context.store_failed)
        tap, bug = flet.Button("Tap", on_click=cannot_read), flet.Button("Bug", on_click=broken)
        page.controls.append(flet.Column([tap, bug]))
        page.update()
        crashed = []
        device.connection.send_message = lambda message: crashed.append(
            message.action == MessageAction.SESSION_CRASHED)
        with caplog.at_level(logging.ERROR, logger=flet_session.logger.name):
            await device.session.dispatch_event(tap._i, "click", None)
        assert not any(crashed)
        [bar] = [dialog for dialog in page._dialogs.controls if isinstance(dialog, flet.SnackBar)]
        assert bar.content.value == ("The tables cannot be reached just now: nothing changed, "
                                     "and what you entered stays here. Try again in a moment.")
        [record] = [record for record in caplog.records
                    if record.name == flet_session.logger.name]
        assert record.exc_info is None and record.getMessage().startswith(
            "an event handler could not read the tables: the database server cannot be reached")

        await device.session.dispatch_event(bug._i, "click", None)
        assert crashed[-1] is True  # any other error: Flet's own page, as before

    asyncio.run(run())


def test_flets_diff_asks_the_dataclasses_module_it_imported_for_fields_and_dataclasses():
    # The patch swaps that module for one that keeps the answers per class: Flet must still ask
    # it by its module's name, and ask nothing else of it that the stand-in lacks.
    from flet.controls import object_patch

    source = inspect.getsource(object_patch)
    assert "\nimport dataclasses\n" in source
    assert "dataclasses.fields(" in source and "dataclasses.is_dataclass(" in source
    asked = set(re.findall(r"\bdataclasses\.(\w+)", source))
    assert asked <= set(vars(flet_patch.KNOWN_DATACLASSES)), asked


def test_fields_and_dataclasses_known_per_class_answer_as_the_dataclasses_module():
    import dataclasses

    @dataclasses.dataclass
    class Pair:
        left: int = 0
        right: int = 0

    text = flet.Text("a")
    for item in (text, flet.Text, flet.Container(text), Pair(), Pair, flet.Colors.RED,
                 "text", 3, None, [text], {"a": text}, type, object()):
        assert flet_patch.is_dataclass_known(item) is dataclasses.is_dataclass(item), item
        assert flet_patch.is_dataclass_known(item) is dataclasses.is_dataclass(item), item
        if dataclasses.is_dataclass(item):
            assert flet_patch.fields_known(item) == dataclasses.fields(item)
            assert flet_patch.fields_known(item) == dataclasses.fields(item)
        else:
            with pytest.raises(TypeError):
                flet_patch.fields_known(item)


def grid_messages() -> list[object]:
    """A phone's page of valley cells, then what a few edits send it (a cell restyled, a card
    laid on a free place, a card taken away, a total changed): every message, decoded, each
    control id renamed by its order of appearance (ids are counted process-wide) and the page's
    services' random uid left out."""
    from flet.controls.base_control import BaseControl
    from flet.messaging.session import Session
    from flet.pubsub.pubsub_hub import PubSubHub

    from live_devices import ENCODE, RecordingConnection
    from ui.games.sunflower_valley.cards import cell_control, restyle_cell
    from ui.games.sunflower_valley.editor_model import CellView
    from ui.parts.words import app_language

    words = app_language("en")

    async def run() -> list[bytes]:
        loop = asyncio.get_running_loop()
        connection = RecordingConnection(PubSubHub(loop=loop), loop)
        session = Session(connection)
        session.apply_page_patch({"width": 390, "height": 844})
        lake = {"kind": "lake"}
        views = [CellView((0, column), lake if column < 2 else None, can_place=column == 2,
                          place=f"row 1, column {column}") for column in range(4)]
        cells = [cell_control(view, 44, words, lambda e: None, f"cell-0-{view.cell[1]}")
                 for view in views]
        row, total = flet.Row(cells), flet.Text("3")
        session.page.controls = [flet.Column([total, row])]
        # What a browser's register message does: the whole first page.
        first = msgpack.packb(session.get_page_patch(), default=ENCODE)
        assert restyle_cell(cells[0], CellView((0, 0), lake, selected=True, place="row 1, "
                                               "column 0"), 44, words, lambda e: None)
        row.controls[2] = cell_control(CellView((0, 2), {"kind": "field", "points": 2}, place=""
                                                "row 1, column 2"), 44, words, lambda e: None)
        row.controls[1] = cell_control(CellView((0, 1), None, can_place=True, place="row 1, "
                                                "column 1"), 44, words, lambda e: None)
        total.value = "5"
        session.page.update(cells[0], row, total)
        return [first, *connection.sent]

    named: dict[object, int] = {}

    def renamed(value):
        if isinstance(value, dict):
            return {key: named.setdefault(item, len(named)) if key in ("_i", "id") else
                    renamed(item) for key, item in value.items() if key != "uid"}
        if isinstance(value, list):
            return [renamed(item) for item in value]
        return value

    assert BaseControl  # the messages are Flet's own encoding of its controls
    return [renamed(msgpack.unpackb(message, strict_map_key=False))
            for message in asyncio.run(run())]


def test_with_the_fields_known_per_class_flet_sends_the_very_same_messages(monkeypatch):
    from flet.controls import object_patch

    flets = grid_messages()
    from flet.messaging import protocol

    monkeypatch.setattr(object_patch, "dataclasses", flet_patch.KNOWN_DATACLASSES)
    monkeypatch.setattr(object_patch.DiffBuilder, "_configure_dataclass",
                        flet_patch.configure_known)
    monkeypatch.setattr(protocol, "is_dataclass", flet_patch.is_dataclass_known)
    patched = grid_messages()
    assert len(flets) == 4  # the first page, then a patch each for the cell, the row, the total
    assert patched == flets


def test_flets_configure_walks_only_dataclasses_dicts_and_lists_calling_itself_by_name():
    # configure_known answers every other value at once: Flet's own must do nothing with one,
    # and reach each field's value through self._configure_dataclass (the patched method).
    from flet.controls import object_patch

    flets = flet_patch._flet_configure_dataclass  # Flet's own, whether applied or not
    assert flets.__qualname__ == "DiffBuilder._configure_dataclass"
    assert flets.__module__ == object_patch.__name__
    source = inspect.getsource(flets)
    assert list(inspect.signature(flets).parameters) == ["self", "item", "parent", "frozen", "configure_setattr_only"]
    branches = re.findall(r"^        (if|elif|else)\b(.*)$", source, re.MULTILINE)
    assert branches == [("if", " dataclasses.is_dataclass(item):"),
                        ("elif", " isinstance(item, dict):"),
                        ("elif", " isinstance(item, list):")], branches
    assert source.count("yield from self._configure_dataclass(") == 3
    from flet.messaging import protocol
    assert "if is_dataclass(obj):" in inspect.getsource(protocol)


def test_a_plain_value_holds_no_control_and_anything_else_is_walked_by_flet():
    import dataclasses
    import enum

    @dataclasses.dataclass
    class Pair:
        left: int = 0

    class Shade(enum.Enum):
        DARK = 1

    text = flet.Text("a")
    for plain in ("text", 3, 2.5, True, None, Shade.DARK, flet.Colors.RED, (1, 2), object()):
        assert flet_patch.holds_no_control(plain), plain
        assert list(flet_patch.configure_known(None, plain, None, False)) == []
    for walked in (text, Pair(), Pair, [text], {"a": text}, flet.Text):
        assert not flet_patch.holds_no_control(walked), walked
