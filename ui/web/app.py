"""The Flet app: one page per browser tab, routed by its URL so a refresh returns to the same
screen. Routes: ``/`` (saved tables), ``/new``, ``/table/<id>/valley/<player>``,
``/table/<id>/scorepad``, ``/table/<id>/settings``, ``/table/<id>/finish``,
``/table/<id>/text`` (the scorepad as selectable text), ``/table/<id>/board`` (the scoreboard),
``/join/<code>`` (a table's invitation), ``/watch/<id>/<code>`` (its scoreboard link),
``/history``, ``/statistics``, ``/backup``; on a public server ``/my-data`` (the privacy page, a
device's backup, *Forget this device*)."""

from __future__ import annotations

import asyncio
import logging
import re
from collections.abc import Callable, Sequence
from urllib.parse import urlsplit

import flet as ft

from ui.parts import theme
from ui.parts.browser_storage import asked_of_the_latest_load
from scorer.language import best_language
from scorer.message import Message
from ui.parts.dialogs import close_dialog
from ui.parts.words import app_language, locale_configuration
from ui.web.device_language import (DeviceLanguage, LanguageHeaders, device_language,
                                    language_headers, locale_tags, remember_language,
                                    wanted_languages)
from ui.web.text_scale import text_scale
from ui.web.devices import identify, new_identity
from ui.store.access import Access, Grant, person
from ui.games.registry import APP_GAMES
from ui.store.presence import Presence, SharedPresence
from ui.live.session import Sessions, scoring_thread, storage_writer
from ui.store.storage import NoSuchTable, NotSaved, StoredTable, StoreUnavailable, TableStore
from ui.parts.saving import tell_not_saved
from ui.parts.store_unreachable import StoreUnreachableView
from ui.web.closed_tabs import TabClosedBeforeReady, still_connected
from ui.web.flet_patch import tell_store_failures
from ui.web.host_key import presented_key
from ui.web.photo_upload import PhotoUploads
from ui.web.public import PublicAddress
from ui.store.quotas import Action, PublicLimits, Quotas, tables_kept_refusal
from ui.store.my_data import Forgotten, forget_device
from ui.store.retention import Retention
from ui.web.sweeper import Sweeper

logger = logging.getLogger(__name__)

NO_TABLE = 0
"""A table id no table has: SQLite numbers rows from 1."""
LARGEST_ROUTE_NUMBER = 2**63 - 1
"""SQLite's largest integer: a larger number fails the query it is bound to (OverflowError)."""
LOGGED_ROUTE = 200
"""How much of an address a log line quotes (an address is the browser's to make, any length)."""


def route_number(digits: str) -> int:
    """The number a route's digits say, or :data:`NO_TABLE` (0) when SQLite cannot hold it:
    a table id that large is answered as any unknown table, a player's number as the first
    player. The length is checked first, as ``int`` refuses more than 4300 digits
    (ValueError)."""
    if len(digits) > len(str(LARGEST_ROUTE_NUMBER)):
        return NO_TABLE
    number = int(digits)
    return number if number <= LARGEST_ROUTE_NUMBER else NO_TABLE


FONT = "DejaVu"
"""Shipped in assets/: the web client bundles only Roboto, which has no ★ or ☺. The client
loads it before it draws (ui/web/web_delivery.py's ``OWN_FONTS``, in its font list)."""


class AppContext:
    """What every screen of one browser tab shares: the page, the store, the open tables."""

    def __init__(self, page: ft.Page, store: TableStore, sessions: Sessions, access: Access,
                 presence: Presence, device: str, lan: Sequence[str] = (),
                 uploads: PhotoUploads | None = None, public: PublicAddress | None = None,
                 quotas: Quotas | None = None, retention: Retention | None = None):
        self.page = page
        self.store = store
        self.sessions = sessions
        self.access = access
        self.presence = presence
        self.device = device
        self.lan = tuple(lan)
        """This computer's LAN addresses when phones may join (``scorepad app --lan``)."""
        self.public = public
        """The public address (``scorepad app --public``): join links carry it, and no device
        is the server's host (each manages the tables it made)."""
        self.quotas = quotas
        """What a device may make on a public server (None: the private mode counts nothing)."""
        self.uploads = uploads or PhotoUploads(store, public=public is not None)
        """Photo uploads of this server (tickets, what became of them)."""
        self.retention = retention
        """When each table was last opened and, on a public server, until when it is kept."""
        self._present_at: int | None = None
        self._watching: int | None = None
        """The table whose scoreboard this tab shows (a board is not present at the table)."""
        self.games = APP_GAMES
        self.words = app_language("en")
        """This device's language: every screen says its words through it (``words.say``)."""
        self.language_chosen = False
        """Whether this browser chose its language (the switch, or ``?lang=``): then a change of
        the system's language leaves it as it is."""
        self.language_headers = LanguageHeaders()
        """What the page request and the websocket said of this device's languages."""
        self.text_scale = 1.0
        """How large this browser draws text (1 is the usual size; see ui/web/text_scale.py)."""
        self.view = None
        self.kept: dict[tuple[str, int], object] = {}
        """What a screen's form held when the player left it unsaved (Back, or another
        screen), by form and table: that screen goes on with it when it opens next on this
        device, so nothing typed is lost without the player's word (issue 32)."""
        self.focus: frozenset = frozenset()
        """Places the next editor opened highlights: those a tapped scorepad line used."""
        self._topic: str | None = None
        self._catching_up = False
        self._allowed_at: tuple[int, int] | None = None
        self._allowed = True
        self._grant_at: tuple[tuple[int, int], Grant | None, bool] | None = None
        """This device's grant at a table and whether it is the host's, and when they were read
        (the table, the grants' changes): read again only after a grant changed here."""
        """A redraw for other devices' edits is on its way (see _on_message)."""
        self._width = self.width
        """The width the screen shown was last drawn at (see :meth:`resized`)."""
        self._shown_route: str | None = None
        """The address of the screen shown (Back inside a dialog keeps it)."""
        self._asked_for: set[str] = set()
        """Addresses the app itself went to, whose route change is on its way."""
        self._loaded_again = False
        """The page was loaded again (a reload, or another address typed in the same tab): its
        next route change is that load's, not Back (see :meth:`loaded_again`)."""

    @property
    def width(self) -> float:
        return self.page.width or 400

    @property
    def wide(self) -> bool:
        return self.width >= 900

    def visible_tables(self) -> list[StoredTable]:
        """The saved tables this browser (device) may see: every screen that lists tables (home,
        history, statistics, backup) asks here, never the store directly."""
        tables = self.store.list()
        if self.is_host:
            return tables
        granted = self.access.table_ids(self.device)
        return [stored for stored in tables if stored.id in granted]

    def may_open(self, table_id: int) -> bool:
        """Whether this device may open, change, export or delete the table; the server's check,
        made before any screen shows or changes a table."""
        return self.access.may_open(self.device, table_id)

    def may_watch(self, table_id: int) -> bool:
        """Whether this device may show the table's scoreboard (a scoreboard's device may only
        that); the server's check, as :meth:`may_open`."""
        return self.access.may_watch(self.device, table_id)

    def person_at(self, table_id: int) -> str | Message | None:
        """Who this device is at the table, for the other devices to read (see ``person``).
        Asked on every edit: its grant is read once per table and change of the grants (not a
        read of the store per tap), and while the store cannot be read the grant last read
        stands (the edit itself is kept and saved later: ui/live/session.py)."""
        stamp = (table_id, self.access.changes)
        if self._grant_at is None or self._grant_at[0] != stamp:
            try:
                self._grant_at = (stamp, self.access.grant_of(self.device, table_id),
                                  self.is_host)
            except StoreUnavailable as problem:
                logger.warning("the grants cannot be read just now: %s", problem)
                if self._grant_at is None or self._grant_at[0][0] != table_id:
                    return None
        _, grant, host = self._grant_at
        session = self.sessions.get(table_id)
        return person(grant, session.player_names if session is not None else [], host)

    @property
    def address(self) -> str:
        """The client's network address (behind the TLS proxy of a public server, the one the
        proxy forwards): what the public mode's quotas count besides the device."""
        return self.page.client_ip or ""

    def take_quota(self, action: Action) -> Message | None:
        """Count one ``action`` of this device against the public server's quotas: None when it
        may go on, else why not, in words (the private mode counts nothing)."""
        if self.quotas is None:
            return None
        refusal = self.quotas.take(action, self.device, self.address)
        if refusal is None:
            return None
        logger.info("refused a %s of device %s from %s: over its quota", action,
                    self.device[:6], self.address)
        return refusal.message()

    def refuse_new_table(self) -> Message | None:
        """Why this device may make no new table now (on a public server: it keeps its most
        tables, or made its most for now), in words; None when it may."""
        if self.quotas is None:
            return None
        kept = self.access.tables_kept(self.device)
        if kept >= self.quotas.limits.tables_kept_per_device:
            return tables_kept_refusal(kept)
        return self.take_quota("table")

    def kept_until(self, stored: StoredTable):
        """The date the table is deleted unless a device opens it before (on a public server;
        None in the private mode, which keeps everything)."""
        if self.public is None or self.retention is None:
            return None
        return self.retention.kept_until(stored)

    async def forget_this_device(self) -> Forgotten:
        """*Forget this device*: the server forgets this device (its grants, its presence, the
        tables only it holds: ``ui.store.my_data``), the devices at the tables it left are told,
        and this browser becomes a new device. Only this device's own id is ever forgotten."""
        self.leave()
        forgotten = await asyncio.to_thread(forget_device, self.store, self.device)
        self.sessions.forget(list(forgotten.deleted))
        self.presence.forget(self.device)
        self.access.changes += 1  # the device's other tabs read their grant again
        for table_id in (*forgotten.deleted, *forgotten.left):
            self.edited(table_id)
        self.device = await new_identity(self.page)
        return forgotten

    def manages(self, table_id: int) -> bool:
        """Whether this device manages the table: its devices, its join code (the server's host
        does for every table; on a public server, the device that made it)."""
        return self.access.manages(self.device, table_id)

    @property
    def is_host(self) -> bool:
        """Whether this browser is the host's (the computer running ``scorepad app``): only the
        host is shown server-side things such as file paths."""
        return self.access.is_host(self.device)

    def speak(self, code: str) -> None:
        """Say every word of this device in the language ``code`` from now on (Flutter's own
        words too)."""
        self.words = app_language(code)
        self.page.locale_configuration = locale_configuration(code)

    async def choose_language(self, code: str) -> None:
        """The language switch: the current screen again in ``code``, remembered by this
        browser."""
        self.language_chosen = True
        self.speak(code)
        self.show(self.page.route)
        await remember_language(code)

    def system_languages_changed(self, locales) -> None:
        """The device's system language changed while the app is open: unless this browser
        chose its language, the current screen again in the new one."""
        if self.language_chosen:
            return
        code = best_language(wanted_languages(locale_tags(locales), self.language_headers))
        if code != self.words.code:
            self.speak(code)
            self.show(self.page.route)

    def go(self, route: str) -> None:
        if route == self.page.route:
            self.show(route)
        else:
            self._asked_for.add(route)
            self.page.navigate(route)

    def push_from_elsewhere(self, route: str) -> None:
        """Show ``route`` from outside this page's event loop (another device's edit)."""
        self._asked_for.add(route)
        self.page.run_task(self.page.push_route, route)

    def loaded_again(self) -> None:
        """The tab loaded a page again and rejoined this session (Flet's ``connect`` event,
        which flet_web dispatches before that load's route change). flet_web has set the page's
        route to the address loaded already, and sends a route change only when it is another
        than the screen's: a reload of the same address is followed by none."""
        self._loaded_again = self.page.route != self._shown_route

    def route_changed(self, route: str) -> None:
        """The address changed: the app went there, the page was loaded again, or the player
        pressed Back (or Forward). Back while a dialog or picker is open closes it and keeps the
        screen under it, as a phone's Back does (issue 32, row 6): the screen's address is
        pushed again and the screen is not drawn anew, so what it holds stays; a picker keeps
        what was half-entered for its next opening. A reload was taken for Back once, and the
        walks that load a page per screen never reached their next screen (2b96757): Flet's
        connect event tells a load apart."""
        asked = route in self._asked_for
        self._asked_for.discard(route)
        loaded, self._loaded_again = self._loaded_again, False
        shown = self._shown_route
        if not (asked or loaded) and shown is not None and route != shown \
                and close_dialog(self.page) is not None:
            while close_dialog(self.page) is not None:
                pass
            self._asked_for.add(shown)
            self.page.navigate(shown)
            return
        if asked and route == shown:
            return  # the screen's address pushed again after Back: it is shown already
        self.show(route)

    def show(self, route: str) -> None:
        from ui.screens.after_game_views import SCREENS
        from ui.screens.backup_view import BackupView
        from ui.screens.deck_view import DeckView
        from ui.screens.finish_view import FinishView
        from ui.screens.history_view import HistoryView
        from ui.screens.home_view import HomeView
        from ui.screens.join_view import JoinView
        from ui.screens.my_data_view import MY_DATA, MyDataView
        from ui.screens.new_table_view import NewTableView
        from ui.screens.scoreboard_view import ScoreboardView
        from ui.screens.statistics_view import StatisticsView
        from ui.screens.text_view import TextView
        from ui.screens.watch_view import WatchView

        after_game = {"/history": HistoryView, "/statistics": StatisticsView,
                      "/deck": DeckView, "/backup": BackupView}

        self._shown_route = route
        self.leave()
        # A dialog belongs to the screen that opened it: a refresh or the back button closes it.
        while self.page.pop_dialog() is not None:
            pass
        path = urlsplit(route).path
        table = re.fullmatch(r"/table/(\d+)(?:/(valley)/(\d+)|/(scorepad|settings))?/?", path)
        finish = re.fullmatch(r"/table/(\d+)/finish/?", path)
        text = re.fullmatch(r"/table/(\d+)/text/?", path)
        join = re.fullmatch(r"/join/([\w-]+)/?", path)
        watch = re.fullmatch(r"/watch/(\d+)/([\w-]+)/?", path)
        board = re.fullmatch(r"/table/(\d+)/board/?", path)
        shared = re.match(r"/table/(\d+)", path)
        try:
            if path == "/new":
                self.view = NewTableView(self)
            elif join:
                self.view = JoinView(self, join.group(1))
            elif watch:
                self.view = WatchView(self, route_number(watch.group(1)), watch.group(2))
            elif board and self.may_watch(route_number(board.group(1))):
                self.view = ScoreboardView(self, route_number(board.group(1)))
                self._watching = route_number(board.group(1))
                self._subscribe(f"table-{board.group(1)}")
            elif shared and not self.may_open(route_number(shared.group(1))):
                self.view = HomeView(self, message=self.words.say(
                    "ui.app.not_shared", "This table is not shared with this device: open its "
                    "invitation (QR code or link) to join it."))
            elif path in SCREENS:
                self.view = after_game[path](self)
            elif path.rstrip("/") == MY_DATA and self.public is not None:
                self.view = MyDataView(self)
            elif finish:
                self.view = FinishView(self, route_number(finish.group(1)))
                self._subscribe(f"table-{finish.group(1)}")
            elif text:
                self.view = TextView(self, route_number(text.group(1)))
                self._subscribe(f"table-{text.group(1)}")
            elif table:
                self._show_table(route_number(table.group(1)), table.group(4) or "valley",
                                 route_number(table.group(3)) if table.group(3) else None)
            else:
                self.view = HomeView(self)
            root = self.view.root
        except StoreUnavailable as error:
            root = self._unreachable(route, error)
        except Exception as error:  # noqa: BLE001 - show home rather than a blank page
            if isinstance(error, NoSuchTable):  # deleted, never made: the address is at fault
                logger.info("cannot show %.*r: %s", LOGGED_ROUTE, route, error)
            else:
                logger.exception("cannot show %s", route)
            try:
                self.view = HomeView(self, message=self.words.say("ui.app.cannot_open",
                                                                  "Could not open {route}.",
                                                                  route=route))
                root = self.view.root
            except StoreUnavailable as unavailable:
                root = self._unreachable(route, unavailable)
        self.page.controls = [ft.SafeArea(content=root, expand=True)]
        self.page.update()

    def _unreachable(self, route: str, problem: StoreUnavailable) -> ft.Control:
        """The screen said in words while the store cannot be read (issue 34): *Try again*
        opens ``route`` again, not another screen."""
        self.leave()  # no table shown: it is arrived at again when the screen opens
        self.view = StoreUnreachableView(self, problem, lambda: self.show(route))
        return self.view.root

    def store_failed(self, problem: StoreUnavailable) -> None:
        """A tap's handler could not read the tables (a database server stopped): said in
        words, the screen and what it holds left as they are (``ui.web.flet_patch``)."""
        self.toast(self.words.say(
            "ui.unreachable.toast", "The tables cannot be reached just now: nothing changed, "
            "and what you entered stays here. Try again in a moment."))
        self.page.update()

    def _show_table(self, table_id: int, tab: str, player: int | None) -> None:
        from ui.screens.table_view import TableView

        grant = self.access.grant_of(self.device, table_id)
        own = grant.player if grant is not None and grant.role == "player" else None
        if player is None:
            player = own or 0
        if self.retention is not None:
            self.retention.opened(table_id)
        self.presence.arrive(table_id, self, own if own is not None
                             else player if tab == "valley" else None)
        self._present_at = table_id
        self.view = TableView(self, table_id, tab, player)
        self._subscribe(f"table-{table_id}")
        self.edited(table_id)

    def refresh(self, here: bool = True) -> None:
        """Show what changed on the current screen (after an edit ``here`` on this device, or on
        another); leave a table this device may no longer open."""
        if not self._still_allowed():
            self.show("/")
            self.toast(self.words.say("ui.app.revoked",
                                      "The host stopped sharing that table with this device."))
            return
        show_changes = getattr(self.view, "show_changes", None)
        if show_changes is not None:
            show_changes(here)
        else:
            self.redraw()

    def sent_later(self) -> None:
        """This event's changes are sent later (once its edit is saved): Flet must not send the
        page by itself when the handler returns."""
        ft.context.mark_update_called()

    def _still_allowed(self) -> bool:
        """Whether this device may still open the table it shows (or watch the one whose board
        it shows); read again only after a grant changed on this server (a revoke is followed
        by a message to every screen)."""
        if self._present_at is None and self._watching is None:
            return True
        table_id = self._present_at if self._present_at is not None else self._watching
        stamp = (table_id, self.access.changes)
        if stamp != self._allowed_at:
            try:
                self._allowed = (self.may_open(table_id) if self._present_at is not None
                                 else self.may_watch(table_id))
            except StoreUnavailable as problem:
                # The grants cannot be read just now (a database server stopped): the screen
                # shown keeps its last answer (it was allowed when it opened); they are read
                # again at the next redraw, so a revoke made meanwhile still takes effect.
                logger.warning("the grants cannot be read just now: %s", problem)
                return self._allowed
            self._allowed_at = stamp
        return self._allowed

    def redraw(self) -> None:
        """Draw the current screen again and diff the whole page (a screen that does not say what
        changed)."""
        if self.view is not None:
            self.view.render()
            self.page.update()

    def resized(self) -> None:
        """The page's size changed: a screen that fits itself to any size (the scoreboard) fits
        itself; a screen that takes the page's width (an open table, the statistics) draws
        itself again at a new width, keeping its controls and what they hold (a phone turned
        with a card half described). A phone's keyboard changes only the height: nothing is
        drawn again, and the text field being typed in stays."""
        width = self.width
        other_width, self._width = width != self._width, width
        fit = getattr(self.view, "resized", None)
        if fit is not None:
            fit()
            return
        relayout = getattr(self.view, "relayout", None)
        if other_width and relayout is not None:
            relayout()

    def edited(self, table_id: int) -> None:
        """Tell the other browser tabs showing this table to redraw it."""
        self.page.pubsub.send_others_on_topic(f"table-{table_id}", table_id)

    def saved_callback(self, table_id: int) -> Callable[[], None]:
        """What tells every screen showing the table, this one too, that its edits reached the
        disk (or failed to): it holds the server's messaging, not this tab, so it still tells
        the others when this tab closed before the save ended."""
        pubsub, topic = self.page.pubsub, f"table-{table_id}"
        return lambda: pubsub.send_all_on_topic(topic, table_id)

    def _subscribe(self, topic: str) -> None:
        self._topic = topic
        self.page.pubsub.subscribe_topic(topic, self._on_message)

    def leave(self) -> None:
        """Stop hearing about edits of the table shown (leaving it, or the tab closed)."""
        if self._present_at is not None:
            self.presence.leave(self._present_at, self)
            self.edited(self._present_at)
            self._present_at = None
        self._watching = None
        if self._topic:
            self.page.pubsub.unsubscribe_topic(self._topic)
            self._topic = None

    async def _on_message(self, topic, message) -> None:
        # Async on purpose: Flet runs a sync pubsub handler on a worker thread, where this redraw
        # would interleave with this page's own tap handlers (which run on the event loop) and
        # misdraw the grid; a coroutine runs on the event loop, one redraw after the other.
        # A burst of edits redraws once, at the latest revision: the first message waits one
        # turn of the loop, and the messages that arrive meanwhile find the redraw on its way.
        if self._catching_up:
            return
        self._catching_up = True
        try:
            await asyncio.sleep(0)
        finally:
            self._catching_up = False
        self.refresh(here=False)

    def toast(self, text: str, action: str | None = None,
              on_action: Callable | None = None) -> None:
        bar = ft.SnackBar(content=ft.Text(text), action=action, duration=6000)
        if on_action is not None:
            bar.on_action = lambda e: on_action()
        self.page.show_dialog(bar)


def make_main(store: TableStore, lan: Sequence[str] = (),
              uploads: PhotoUploads | None = None, public: PublicAddress | None = None,
              limits: PublicLimits | None = None) -> Callable:
    """The app's ``main``; ``public``: the public mode's address (then ``limits``, or their
    defaults, bound what each device and address may make)."""
    sessions = Sessions(store, APP_GAMES, storage_writer(), scoring_thread())
    quotas = Quotas(limits or PublicLimits()) if public is not None else None
    uploads = uploads or PhotoUploads(store, public=public is not None)
    access = Access(store, public=public is not None)
    presence = Presence(SharedPresence(store, lambda work: sessions.writer.submit(work))
                        if store.shared else None)
    if presence.shared is not None:
        presence.shared.start()
    limits = limits or PublicLimits()
    retention = Retention(store, limits.table_days, limits.finished_days,
                          writer=sessions.writer)
    if public is not None:  # the private mode keeps every table
        Sweeper(retention, presence, sessions).start()
    messenger: list[tuple[asyncio.AbstractEventLoop, ft.PubSubClient]] = []
    """The event loop and the server's messaging, from the first page: what tells this
    process's screens of another process's change (any page's pubsub reaches every page)."""

    def told(table_id: int) -> None:
        if messenger:
            loop, pubsub = messenger[0]
            try:
                loop.call_soon_threadsafe(pubsub.send_all_on_topic, f"table-{table_id}",
                                          table_id)
            except RuntimeError:  # the event loop is closed: the server is stopping
                pass

    def access_changed(table_id: int) -> None:
        access.changes += 1  # every screen reads its device's grant again at its next redraw

    sessions.told = told
    sessions.access_changed = access_changed
    if presence.shared is not None:  # read on the writer thread; told when the marks change
        presence.shared.changed = told
        sessions.presence_changed = presence.shared.heard
    sessions.follow_others()

    async def main(page: ft.Page) -> None:
        connection = page.session.connection  # gone, or another one, if the tab closes meanwhile
        if not messenger:
            messenger.append((asyncio.get_running_loop(), page.pubsub))
        page.title = "scorepad"
        page.theme = ft.Theme(font_family=FONT, color_scheme_seed=ft.Colors.AMBER)
        page.dark_theme = ft.Theme(font_family=FONT, color_scheme_seed=ft.Colors.AMBER)
        page.padding = 0
        # The browser is asked for its device's token, its chosen language, its locales and its
        # chosen theme at once: the first screen waits on one round trip to the phone, and is
        # drawn in the device's theme (a device that chose dark is never drawn light first).
        headers = language_headers.get()

        async def ask_the_browser() -> tuple[str, DeviceLanguage, ft.ThemeMode]:
            nonlocal connection
            connection = page.session.connection  # a load that took this session over
            return await asyncio.gather(identify(page), device_language(page, headers),
                                        theme.chosen_mode())

        try:
            device, language, theme_mode = await asked_of_the_latest_load(page, ask_the_browser)
        except Exception:
            if still_connected(page) and page.session.connection is connection:
                raise
            # Closed before it was asked: Flet's send fails on the closed connection.
            logger.debug("a browser tab closed before its screen was ready")
            raise TabClosedBeforeReady("the tab closed before its screen was ready") from None
        page.theme_mode = theme_mode
        context = AppContext(page, store, sessions, access, presence, device, lan,
                             uploads, public, quotas, retention)
        page.on_route_change = lambda e: context.route_changed(e.route)
        page.on_connect = lambda e: context.loaded_again()
        page.on_resize = lambda e: context.resized()
        page.on_disconnect = lambda e: context.leave()
        tell_store_failures(page.session, context.store_failed)
        key = presented_key.get()  # taken off the address before the page loaded
        refused = None
        if key and public is None:  # a public server has no host key
            try:
                access.claim_host(context.device, key)
            except NotSaved as error:  # told once the screen is drawn (drawing closes dialogs)
                refused = error
            except StoreUnavailable as error:  # the screen says so; the key is shown again
                logger.error("the host key could not be checked: %s", error)
        context.text_scale = text_scale.get()
        context.language_headers = headers
        context.language_chosen = language.chosen
        context.speak(language.code)
        page.on_locale_change = lambda e: context.system_languages_changed(e.locales)
        context.show(page.route)
        if refused is not None:
            tell_not_saved(context, refused)
        # The tab may have closed while main awaited its answers (the device, its language): an
        # ordinary end, told to Flet as a broken pipe, the one ending its handler takes without
        # touching the session it may already have let go. A plain return has Flet call
        # after_event on that session, and its FletPageDisconnectedException branch reads the
        # session's id: both fail on None once the tab's connection is disposed (AttributeError,
        # logged as an unhandled error; tests/app/test_app_closed_tabs.py runs Flet's handler).
        if not still_connected(page) or page.session.connection is not connection:
            logger.debug("a browser tab closed before its screen was ready")
            raise TabClosedBeforeReady("the tab closed before its screen was ready")

    return main
