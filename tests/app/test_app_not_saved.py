"""Every write a screen makes, on a tables file that refuses writes (made read-only, or deleted
while the app runs; a full disk is refused the same way): each action arrives through Flet's own
event dispatch, as a tap from a phone does, on a real Flet session. The device that acted is told
"Not saved: ..." in words with what to do, Flet never sends its "session crashed" screen, nothing
is written, and what was entered stays on the screen. Together the actions reach every writer of
the tables file that a screen or the upload endpoint uses (the last test checks that none is
left out)."""

from __future__ import annotations

import asyncio
import inspect
import io
from datetime import datetime
from collections.abc import Awaitable, Callable

import httpx
import msgpack
import pytest
from flet.controls.context import _context_page
from flet.messaging.protocol import MessageAction
from flet.messaging.session import Session
from flet_web.uploads import build_upload_url
from PIL import Image
from starlette.applications import Starlette
from starlette.routing import Route

from control_tree import identified, texts
from app_browser import ROOT
from live_devices import ENCODE, Device, RecordingConnection, Server
from refusing import refuse_writes
from scorer.deck import DeckFile, deck_json
from test_app_deck import FIDDLE, SHEEP_TOWN
from ui.games.plugin import PlayerSetup
from ui.games.registry import APP_GAMES, app_store
from ui.live import session as live_session
from ui.store.access import Access, short_id
from ui.store.backup import backup_json
from ui.store.deck import Deck
from ui.store.photos import PhotoStore, safe_photo
from ui.screens.photos_view import zoom_photo
from ui.store.storage import TableStore
from ui.web.app import AppContext
from ui.web.photo_upload import UPLOAD_PATH, PhotoUploads

SV = APP_GAMES["sunflower_valley"]
HOST, BOB = "host-device", "bob-device"
WHY = {
    "read-only": "the file cannot be written (file {}): check that you may write there, or "
                 "choose another place",
    "vanished": "the file is no longer there (file {}): put it back (from a backup if need be), "
                "or restart scorepad to start a new one",
}
"""Why a change is refused, by how the file fails; the host is told where the file is, the
other devices its name."""
NOTHING_CHANGED = "; nothing changed; what you entered stays here, to try again."


def jpeg() -> bytes:
    out = io.BytesIO()
    Image.new("RGB", (40, 30), "green").save(out, "JPEG")
    return out.getvalue()


SERVERS: list[Server] = []
"""The servers the test made (:meth:`Table.connect`), stopped as it ends."""


@pytest.fixture(autouse=True)
def servers_stopped():
    """Each server a test made is stopped as it ends: its retries of refused saves with it, which
    would otherwise go on failing, and saying so, through the rest of the run."""
    yield
    while SERVERS:
        SERVERS.pop().close()


class Table:
    """A server on a tables file with one table (Ann, Bob, Cid), a host device and Bob's phone,
    a deck card per game and a photo of the table; ``refuse()`` makes the file fail as
    ``failure`` says: made read-only, or deleted while the app runs."""

    def __init__(self, tmp_path, monkeypatch, failure: str = "read-only"):
        self.monkeypatch = monkeypatch
        self.failure = failure
        self.store = app_store(tmp_path / "t.sqlite3")
        draft = SV.new_draft([PlayerSetup("Ann", "red"), PlayerSetup("Bob", "blue"),
                              PlayerSetup("Cid", "green")], {"goals": []})
        self.table_id = self.store.create(SV.key, draft)
        access = Access(self.store)
        access.claim_host(HOST, access.host_key())
        access.grant(BOB, self.table_id, "player", 1)
        Deck(self.store).add("sunflower_valley", "town", SHEEP_TOWN)
        Deck(self.store).add("maple_valley", "Favour", FIDDLE)
        self.photo = PhotoStore(self.store).add(self.table_id, None, safe_photo(jpeg(), "t.jpg"))
        self.server: Server | None = None

    def refuse(self) -> None:
        if self.failure == "read-only":
            refuse_writes(self.monkeypatch, self.store)
        else:
            for end in ("", "-wal", "-shm"):
                self.store.path.with_name(self.store.path.name + end).unlink(missing_ok=True)
        self.monkeypatch.setattr(self.store, "refusing", True, raising=False)

    def connect(self, device: str, route: str) -> Device:
        """A device (the host's, or one the table was granted to) showing ``route``."""
        if self.server is None:
            self.server = Server(self.store)
            SERVERS.append(self.server)
        connection = RecordingConnection(self.server.hub, asyncio.get_running_loop())
        session = Session(connection)
        _context_page.set(session.page)  # as in Flet's own callbacks
        session.apply_page_patch({"width": 390, "height": 844})
        msgpack.packb(session.get_page_patch(), default=ENCODE)
        context = AppContext(session.page, self.store, self.server.sessions, self.server.access,
                             self.server.presence, device)
        context.show(route)
        return Device(context, connection, session)


def shown(device: Device) -> list[str]:
    """Every text on the device's page and in its dialogs and snack bars."""
    page = device.context.page
    return [text for control in [*page.controls, *page._dialogs.controls]  # noqa: SLF001
            for text in texts(control) if text]


def find(device: Device, identifier: str):
    page = device.context.page
    for control in [*page.controls, *reversed(page._dialogs.controls)]:  # noqa: SLF001
        found = identified(control, identifier)
        if found is not None:
            return found
    raise AssertionError(f"no {identifier} on {device.context.page.route}: {shown(device)}")


async def tap(device: Device, identifier: str, event: str = "click") -> None:
    """As a tap from the phone arrives: Flet's dispatch, which shows its crash screen for any
    exception a handler lets out."""
    await device.session.dispatch_event(find(device, identifier)._i, event, None)
    await table_settled(device)


async def table_settled(device: Device) -> None:
    for _ in range(3):
        await asyncio.get_running_loop().run_in_executor(
            None, device.context.sessions.writer.submit(lambda: None).result)
        for _ in range(5):
            await asyncio.sleep(0)


def crashed(device: Device) -> bool:
    return any(msgpack.unpackb(message, strict_map_key=False)[0]
               == MessageAction.SESSION_CRASHED.value for message in device.take_sent())


# The actions: each makes the file refuse, then acts on a device; returns the device that acted.
Action = Callable[[Table], Awaitable[Device]]


async def start_a_new_table(table: Table) -> Device:
    host = table.connect(HOST, "/new")
    host.view.form.names = ["Dee", "Eve"]
    table.refuse()
    await tap(host, "start-table")
    assert host.view.form.names == ["Dee", "Eve"] and table.store.list()[0].id == table.table_id
    return host


async def import_a_table_file(table: Table) -> Device:
    host = table.connect(HOST, "/")
    await tap(host, "import-table")
    text = (ROOT / "examples" / "sunflower_valley" / "first_game_goals.json").read_text()
    find(host, "import-text").value = text
    table.refuse()
    await tap(host, "import-go")
    assert find(host, "import-text").value == text  # the dialog stays, with the text
    return host


async def join_as_a_player(table: Table) -> Device:
    code = Access(table.store).join_code(table.table_id)
    cid = table.connect("cid-device", f"/join/{code}")
    table.refuse()
    await tap(cid, "join-player-2")
    assert identified(cid.view.root, "join-player-2") is not None  # still asked who they are
    return cid


async def revoke_a_device(table: Table) -> Device:
    host = table.connect(HOST, f"/table/{table.table_id}/scorepad")
    await tap(host, "table-invite")
    table.refuse()
    await tap(host, f"revoke-{short_id(BOB)}")
    assert Access(table.store).may_open(BOB, table.table_id)
    return host


async def renew_the_join_code(table: Table) -> Device:
    host = table.connect(HOST, f"/table/{table.table_id}/scorepad")
    await tap(host, "table-invite")
    table.refuse()
    await tap(host, "invite-renew")
    return host


async def remove_a_host_device(table: Table) -> Device:
    Access(table.store).claim_host("tablet-device", Access(table.store).host_key())
    host = table.connect(HOST, "/")
    table.refuse()
    await tap(host, f"remove-host-{short_id('tablet-device')}")
    assert Access(table.store).is_host("tablet-device")
    return host


async def delete_a_table(table: Table) -> Device:
    host = table.connect(HOST, "/")
    table.refuse()
    await tap(host, f"delete-table-{table.table_id}")
    assert [stored.id for stored in table.store.list()] == [table.table_id]
    return host


async def restore_a_table(table: Table) -> Device:
    table.store.delete(table.table_id)
    host = table.connect(HOST, "/")
    table.refuse()
    await tap(host, f"restore-table-{table.table_id}")
    assert table.store.list() == []
    return host


async def empty_recently_deleted(table: Table) -> Device:
    table.store.delete(table.table_id)
    host = table.connect(HOST, "/")
    table.refuse()
    await tap(host, "empty-deleted")
    await tap(host, "empty-confirm")
    assert [stored.id for stored in table.store.list_deleted()] == [table.table_id]
    return host


async def keep_a_copy_of_a_deleted_table(table: Table) -> Device:
    bob = table.connect(BOB, f"/table/{table.table_id}/valley/1")
    table.server.sessions.delete(table.table_id, "The host")
    bob.context.refresh(here=False)
    table.refuse()
    await tap(bob, "keep-copy")
    assert table.store.list() == []
    return bob


async def finish_the_game(table: Table) -> Device:
    host = table.connect(HOST, f"/table/{table.table_id}/finish")
    host.view.form.note = "Rain all evening"
    table.refuse()
    await tap(host, "finish-save")
    assert host.view.form.note == "Rain all evening"
    assert table.store.get(table.table_id).finished is None
    return host


async def reopen_a_finished_game(table: Table) -> Device:
    table.store.finish(table.table_id, datetime(2026, 11, 30, 20, 0))
    host = table.connect(HOST, f"/table/{table.table_id}/finish")
    table.refuse()
    await tap(host, "finish-reopen")
    assert table.store.get(table.table_id).finished is not None
    return host


async def start_a_rematch(table: Table) -> Device:
    table.store.finish(table.table_id, datetime(2026, 11, 30, 20, 0))
    host = table.connect(HOST, f"/table/{table.table_id}/finish")
    table.refuse()
    await tap(host, "rematch")
    assert len(table.store.list()) == 1
    return host


async def remove_a_photo(table: Table) -> Device:
    bob = table.connect(BOB, f"/table/{table.table_id}/settings")
    zoom_photo(bob.context, table.table_id, table.photo, on_removed=lambda: None)
    bob.context.page.update()
    table.refuse()
    await tap(bob, "photo-remove")
    await tap(bob, "photo-remove")  # "Remove for good"
    assert PhotoStore(table.store).of_table(table.table_id) == [table.photo]
    return bob


async def add_a_player_in_table_settings(table: Table) -> Device:
    bob = table.connect(BOB, f"/table/{table.table_id}/settings")
    bob.view.editor._new_name.value = "Dee"
    table.refuse()
    await tap(bob, "add-player-to-table")
    assert bob.view.session.player_names[-1] == "Dee"  # kept on the screen, saved later
    return bob


def deck(table: Table, game: str) -> list:
    return [entry.card for entry in Deck(table.store).cards(game)]


async def take_a_card_out_of_the_deck(table: Table) -> Device:
    host = table.connect(HOST, "/deck")
    table.refuse()
    await tap(host, "deck-town-0-remove")
    assert deck(table, "sunflower_valley") == [SHEEP_TOWN]
    return host


async def put_a_deck_card_back(table: Table) -> Device:
    host = table.connect(HOST, "/deck")
    await tap(host, "deck-town-0-remove")
    undo = host.context.page._dialogs.controls[-1]  # noqa: SLF001 - the snack bar's Undo
    table.refuse()
    await host.session.dispatch_event(undo._i, "action", None)
    await table_settled(host)
    assert deck(table, "sunflower_valley") == []
    return host


async def correct_a_deck_card(table: Table) -> Device:
    host = table.connect(HOST, "/deck")
    await tap(host, "deck-town-0")
    await tap(host, "picker-points-5")
    table.refuse()
    await tap(host, "picker-use")
    assert deck(table, "sunflower_valley") == [SHEEP_TOWN]
    return host


async def correct_a_maple_deck_card(table: Table) -> Device:
    host = table.connect(HOST, "/deck")
    await tap(host, "deck-game-maple_valley")
    await tap(host, "deck-favour-0")
    await tap(host, "card-score-plus")
    table.refuse()
    await tap(host, "card-use")
    assert find(host, "card-use") is not None  # the dialog stays open with the card as typed
    assert deck(table, "maple_valley") == [FIDDLE]
    return host


async def import_a_deck_file(table: Table) -> Device:
    host = table.connect(HOST, "/deck")
    lake = SHEEP_TOWN.model_copy(update={"points": 1})
    table.refuse()
    await host.view.import_text(deck_json(DeckFile.model_validate(
        {"sunflower_valley": {"cards": [lake.model_dump(mode="json")]}})), "deck.json")
    assert len(deck(table, "sunflower_valley")) == 1
    return host


async def import_a_deck_file_after_a_conflict(table: Table) -> Device:
    host = table.connect(HOST, "/deck")
    cheaper = FIDDLE.model_copy(update={"score": 6})
    await host.view.import_text(deck_json(DeckFile.model_validate(
        {"maple_valley": {"favours": [cheaper.model_dump(mode="json")]}})), "deck.json")
    await tap(host, "conflict-0-take")
    table.refuse()
    await tap(host, "conflicts-import")
    assert host.view.plans is not None  # the choices wait, to try again
    assert deck(table, "maple_valley") == [FIDDLE]
    return host


async def import_a_backup(table: Table) -> Device:
    other = TableStore(table.store.path.with_name("other.sqlite3"))
    other.create(SV.key, SV.new_draft([PlayerSetup("Zoe", "red"), PlayerSetup("Yan", "blue")],
                                      {"goals": []}))
    text = backup_json(other.list())
    host = table.connect(HOST, "/backup")
    table.refuse()
    await host.view.import_text(text, "backup.json")
    assert len(table.store.list()) == 1
    return host


async def import_a_backups_deck(table: Table) -> Device:
    """A backup of no table with a card for the deck: only the deck is written."""
    cheaper = FIDDLE.model_copy(update={"score": 6})
    text = backup_json([], deck=DeckFile.model_validate(
        {"maple_valley": {"favours": [cheaper.model_dump(mode="json")]}}))
    host = table.connect(HOST, "/backup")
    table.refuse()
    await host.view.import_text(text, "backup.json")
    assert deck(table, "maple_valley") == [FIDDLE]
    return host


ACTIONS: list[Action] = [
    start_a_new_table, import_a_table_file, join_as_a_player, revoke_a_device,
    renew_the_join_code, remove_a_host_device, delete_a_table, restore_a_table,
    empty_recently_deleted, keep_a_copy_of_a_deleted_table, finish_the_game,
    reopen_a_finished_game, start_a_rematch, remove_a_photo, add_a_player_in_table_settings,
    take_a_card_out_of_the_deck, put_a_deck_card_back, correct_a_deck_card,
    correct_a_maple_deck_card, import_a_deck_file, import_a_deck_file_after_a_conflict,
    import_a_backup, import_a_backups_deck,
]


@pytest.mark.parametrize("failure", list(WHY))
@pytest.mark.parametrize("action", ACTIONS, ids=[action.__name__ for action in ACTIONS])
def test_a_refused_write_is_told_on_the_device_that_acted_never_a_crash(action, failure,
                                                                          tmp_path, monkeypatch):
    """Deleted while the app runs, the file is still read (every screen shows what was saved)
    while each change is refused."""
    table = Table(tmp_path, monkeypatch, failure)

    async def run() -> None:
        device = await action(table)
        assert not crashed(device)
        said = [text for text in shown(device) if text.startswith("Not saved")]
        if action is add_a_player_in_table_settings:  # an edit: kept, saved by the next save
            # The mark under the table's title, then the settings' message saying why.
            why = WHY[failure].format(table.store.path.name)
            assert said == ["Not saved", f"Not saved: {why}; your edit is kept on this screen"]
        else:
            host = device.context.device == HOST
            why = WHY[failure].format(table.store.path if host else table.store.path.name)
            assert said == [f"Not saved: {why}{NOTHING_CHANGED}"]

    asyncio.run(run())


def test_a_photo_upload_to_a_file_that_refuses_it_is_told_in_words(tmp_path, monkeypatch):
    table = Table(tmp_path, monkeypatch)
    uploads = PhotoUploads(table.store)
    app = Starlette(routes=[Route(UPLOAD_PATH, uploads.receive, methods=["PUT"])])
    ticket = uploads.ticket(BOB, table.table_id, "Bob", "valley.jpg")
    table.refuse()

    async def put() -> httpx.Response:
        async with httpx.AsyncClient(transport=httpx.ASGITransport(app=app),
                                     base_url="http://127.0.0.1") as client:
            return await client.put(build_upload_url(UPLOAD_PATH, ticket, 60, uploads.secret),
                                    content=jpeg())

    assert asyncio.run(put()).status_code == 507
    assert str(uploads.outcome(ticket).message) == (
        "valley.jpg: Not saved: the file cannot be written (file t.sqlite3): check that you may "
        "write there, or choose another place")
    assert PhotoStore(table.store).of_table(table.table_id) == [table.photo]


WRITERS = {
    TableStore: ["create", "save", "delete", "restore", "purge_deleted", "finish", "reopen",
                 "merge"],
    Access: ["grant", "revoke", "renew_code", "remove_host", "claim_host", "new_host_key",
             "host_key"],
    Deck: ["add", "remove", "replace", "apply_import", "merge"],
    PhotoStore: ["add", "remove"],
}
"""Every method that writes the tables file (each opens ``_writing``)."""
OUTSIDE_SCREENS = {"Access.new_host_key", "Access.host_key", "Access.claim_host"}
"""Made by ``scorepad app`` as it starts (a failure there is one line and exit code 2), or, for
claim_host, as the host's page loads: the browser test of a read-only file tells that one."""


def test_the_actions_reach_every_writer_of_the_tables_file(tmp_path, monkeypatch):
    for owner, names in WRITERS.items():
        for name in names:
            assert "_writing()" in inspect.getsource(getattr(owner, name)), (owner, name)
    writing = {f"{owner.__name__}.{name}" for owner in (TableStore, Access, Deck, PhotoStore)
               for name, method in vars(owner).items()
               if callable(method) and not name.startswith("_")
               and "_writing()" in inspect.getsource(method)}
    assert writing == {f"{owner.__name__}.{name}" for owner, names in WRITERS.items()
                       for name in names}

    reached: set[str] = set()
    """The writers called while the file refused writes (not those setting a table up)."""
    for owner, names in WRITERS.items():
        for name in names:
            def recording(writer, *args, method=getattr(owner, name),
                          called=f"{owner.__name__}.{name}", **kwargs):
                store = writer if isinstance(writer, TableStore) else writer.store
                if getattr(store, "refusing", False):
                    reached.add(called)
                return method(writer, *args, **kwargs)

            monkeypatch.setattr(owner, name, recording)
    for number, action in enumerate(ACTIONS):
        with pytest.MonkeyPatch.context() as refusing:
            folder = tmp_path / str(number)
            folder.mkdir()
            asyncio.run(action(Table(folder, refusing)))
    test_a_photo_upload_to_a_file_that_refuses_it_is_told_in_words(tmp_path / "upload",
                                                                    monkeypatch)
    missing = writing - OUTSIDE_SCREENS - reached
    assert not missing


def test_a_stopped_server_drops_its_retry_of_a_refused_save(tmp_path, monkeypatch):
    """An edit refused by the file waits to be saved again later; a server stopped meanwhile
    (``Sessions.close``) drops that retry at once and stops its writer, instead of trying on,
    and failing, for as long as the process lives."""
    monkeypatch.setattr(live_session, "RETRY_FIRST_SECONDS", 30.0)
    table = Table(tmp_path, monkeypatch)

    async def edit_refused() -> Device:
        bob = await add_a_player_in_table_settings(table)
        await table.server.settle()
        return bob

    session = asyncio.run(edit_refused()).view.session
    assert session.save_state == "Not saved"
    retry = session._retry  # noqa: SLF001 - the timer itself: nothing else shows it waiting
    assert retry is not None and retry.is_alive()
    table.server.close()
    retry.join(timeout=5)  # a retry still waiting would only end at 30 s
    assert not retry.is_alive()
    with pytest.raises(RuntimeError):
        table.server.sessions.writer.submit(lambda: None)
