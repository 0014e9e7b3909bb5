"""One table across processes (issue 34, item 2), without a browser: two "workers" are two stores
opened on one PostgreSQL database, each with the sessions, writer and scoring threads of a server
process. An edit made on one is shown by the other; edits made on both at once are all kept (a
save from an older revision is refused by the store and made again on the newest); undo, redo,
delete, restore, finish and grants hold across them; a listener that lost its connection reads
the open tables again. The store's own part (revisions, compare-and-set, announcements) runs on
both engines."""

from __future__ import annotations

import threading
import time
from collections import Counter
from collections.abc import Callable

import psycopg
import pytest
from hypothesis import given
from hypothesis import strategies as st

from scorer.games import score
from scorer.sunflower_valley.models import CardDescription, Kind
from ui.games.plugin import PlayerSetup
from ui.games.registry import APP_GAMES
from ui.games.sunflower_valley.draft import card_dict
from ui.live.merging import part_of_change, replayed
from ui.live.session import Sessions, TableDeleted, scoring_thread, storage_writer
from ui.store import postgres_engine
from ui.store.access import Access
from ui.store.announcements import Announcement
from ui.store.storage import StaleRevision, TableStore

SV = APP_GAMES["sunflower_valley"]
WAIT_SECONDS = 20.0
"""How long a test waits for what it expects from the other worker (it comes in milliseconds;
a loaded machine may take longer)."""


def new_table(store: TableStore) -> int:
    draft = SV.new_draft([PlayerSetup("Ann", "red"), PlayerSetup("Bob", "blue")], {"goals": []})
    return store.create(SV.key, draft)


def lay(player: int, kind: Kind, cell: tuple[int, int]) -> Callable[[dict], None]:
    """An edit laying a card of ``kind`` on ``player``'s valley at ``cell``."""
    return lambda draft: draft["players"][player]["cards"].append(
        card_dict(CardDescription(kind=kind), cell))


def kinds_at(draft: dict, player: int) -> dict[tuple[int, int], str]:
    return {(card["row"], card["col"]): card["kind"]
            for card in draft["players"][player]["cards"]}


def eventually(condition: Callable[[], bool], what: str) -> None:
    """Wait until ``condition()`` holds (the other worker's change arrives on its threads)."""
    deadline = time.monotonic() + WAIT_SECONDS
    while not condition():
        if time.monotonic() > deadline:
            raise AssertionError(f"not within {WAIT_SECONDS} s: {what}")
        time.sleep(0.01)


class Worker:
    """What one server process holds: its store, its sessions with their writer and scoring
    threads, following the other processes' changes; ``told`` counts what its screens were
    told, by table."""

    def __init__(self, address: str):
        self.store = TableStore(address)
        self.sessions = Sessions(self.store, APP_GAMES, storage_writer(), scoring_thread())
        self.access = Access(self.store)
        self.told: dict[int, int] = {}
        self._told_lock = threading.Lock()
        self.sessions.told = self._tell
        self.sessions.access_changed = lambda table_id: setattr(
            self.access, "changes", self.access.changes + 1)
        self.sessions.follow_others()

    def _tell(self, table_id: int) -> None:
        with self._told_lock:
            self.told[table_id] = self.told.get(table_id, 0) + 1

    def listening(self) -> bool:
        return all(listener.listening.is_set() for listener in self.store.engine._listeners)

    def saved(self, table_id: int) -> None:
        """Wait for this worker's saves queued so far."""
        self.sessions.writer.submit(lambda: None).result(WAIT_SECONDS)

    def close(self) -> None:
        self.sessions.stop_following()
        self.sessions.writer.shutdown(wait=True)
        self.sessions.scorer.shutdown(wait=True)


@pytest.fixture()
def workers(postgres_cluster, tmp_path, monkeypatch):
    """Two workers on one new database, both listening; and the database's address."""
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "data"))
    address = postgres_cluster.new_database()
    a, b = Worker(address), Worker(address)
    eventually(lambda: a.listening() and b.listening(), "both workers listen")
    yield a, b, address
    for worker in (a, b):
        worker.close()
        worker.store.close()
    postgres_cluster.drop_database(address)


# The store: revisions and announcements, on both engines.

@pytest.fixture()
def store(db):
    return TableStore(db("t"))


def test_each_save_makes_the_next_revision_and_a_save_from_an_older_one_writes_nothing(store):
    table_id = new_table(store)
    stored = store.get(table_id)
    assert stored.revision == 0
    first = dict(stored.draft, note="first")
    assert store.save(table_id, first, base=0) == 1
    with pytest.raises(StaleRevision):
        store.save(table_id, dict(stored.draft, note="made from revision 0"), base=0)
    assert store.get(table_id).draft == first and store.get(table_id).revision == 1
    assert store.save(table_id, dict(first, note="second"), base=1) == 2
    assert store.save(table_id, dict(first, note="over anything")) == 3  # no base: as before


def test_a_store_never_hears_its_own_announcements_nor_a_sqlite_file_anything(store):
    heard: list = []
    stop = store.watch(heard.append)
    table_id = new_table(store)
    store.save(table_id, store.get(table_id).draft | {"note": "x"}, base=0)
    store.delete(table_id)
    stop()
    assert heard == []


def test_an_announcement_that_cannot_be_read_is_ignored_and_a_long_one_loses_its_details():
    assert Announcement.decoded("not json") is None
    assert Announcement.decoded('{"t": 1, "k": "explode"}') is None
    assert Announcement.decoded('{"t": 1, "k": "draft", "r": 3, "d": []}') is None
    long = Announcement(1, "draft", 2, "o", {"steps": [{"label": "x" * 9000}]})
    assert Announcement.decoded(long.encoded()) == Announcement(1, "draft", 2, "o", {})
    short = Announcement(7, "deleted", 0, "o", {"by": "Ann"})
    assert Announcement.decoded(short.encoded()) == short


def test_the_other_process_hears_each_committed_change_and_nothing_rolled_back(workers):
    a, b, _ = workers
    heard: list[Announcement | None] = []
    stop = b.store.watch(heard.append)
    eventually(b.listening, "the new listener listens")  # NOTIFY keeps nothing for later
    table_id = new_table(a.store)
    draft = a.store.get(table_id).draft
    a.store.save(table_id, draft | {"note": "x"}, base=0, steps=[{"kind": "edit"}], by="Ann")
    with pytest.raises(StaleRevision):  # refused: rolled back, so never announced
        a.store.save(table_id, draft, base=0)
    a.store.delete(table_id, by="Ann")
    a.store.restore(table_id)
    a.access.grant("device", table_id, "player", 1)
    eventually(lambda: len(heard) == 4, "four announcements")
    stop()
    assert [(each.table_id, each.kind, each.revision) for each in heard] == [
        (table_id, "draft", 1), (table_id, "deleted", 0), (table_id, "restored", 0),
        (table_id, "access", 0)]
    assert heard[0].details == {"steps": [{"kind": "edit"}], "by": "Ann"}


# One table on two workers.

def test_an_edit_on_one_worker_is_shown_on_the_other_with_its_score(workers):
    a, b, _ = workers
    table_id = new_table(a.store)
    on_a, on_b = a.sessions.get(table_id), b.sessions.get(table_id)
    assert on_a.apply("Lake", lay(0, Kind.LAKE, (0, 1)), player=0)
    eventually(lambda: b.told.get(table_id), "B's screens told")
    assert on_b.draft == on_a.draft
    assert on_b.result.players[0].total == score(SV.check(on_a.draft).table).players[0].total
    assert on_b.parts_changed_since(0) == frozenset({0})  # only Ann's valley is redrawn
    assert on_b.last_change.label == "Lake" and on_b.last_change.part == 0
    assert on_b.save_state == ""  # what B shows is what is saved


def test_edits_made_on_both_workers_at_once_are_all_kept_in_the_order_they_were_saved(workers):
    a, b, _ = workers
    table_id = new_table(a.store)
    on_a, on_b = a.sessions.get(table_id), b.sessions.get(table_id)
    columns = range(1, 9)
    for column in columns:  # both lay at once, each on the other's valley too
        on_a.apply(f"a{column}", lay(0, Kind.LAKE, (0, column)), player=0)
        on_b.apply(f"b{column}", lay(1, Kind.FIELD, (1, column)), player=1)
    a.saved(table_id)
    b.saved(table_id)
    stored = a.store.get(table_id).draft
    eventually(lambda: on_a.draft == on_b.draft == a.store.get(table_id).draft,
               "both workers hold the stored draft")
    stored = a.store.get(table_id).draft
    assert {cell for cell, kind in kinds_at(stored, 0).items() if kind == "lake"} == {
        (0, column) for column in columns}
    assert {cell for cell, kind in kinds_at(stored, 1).items() if kind == "field"} == {
        (1, column) for column in columns}
    assert on_a.save_state == on_b.save_state == ""


def test_the_same_place_edited_on_both_workers_holds_the_edit_saved_last(workers):
    a, b, _ = workers
    table_id = new_table(a.store)
    on_a, on_b = a.sessions.get(table_id), b.sessions.get(table_id)
    on_a.apply("Ann's name", lambda draft: draft["players"][0].__setitem__("name", "Ann A."))
    a.saved(table_id)
    # B has not heard yet, or has: either way its edit is made on the newest revision.
    on_b.apply("Ann's name", lambda draft: draft["players"][0].__setitem__("name", "Ann B."))
    b.saved(table_id)
    eventually(lambda: on_a.draft == on_b.draft, "both workers agree")
    assert a.store.get(table_id).draft["players"][0]["name"] == "Ann B."


def test_undo_on_one_worker_undoes_the_other_workers_edit_and_redo_makes_it_again(workers):
    a, b, _ = workers
    table_id = new_table(a.store)
    on_a, on_b = a.sessions.get(table_id), b.sessions.get(table_id)
    empty = on_a.draft
    on_a.apply("Lake", lay(0, Kind.LAKE, (0, 1)), player=0)
    eventually(lambda: on_b.undo_label == "Lake", "B can undo A's edit")
    assert on_b.undo_player == 0
    assert on_b.undo() == "Lake"
    eventually(lambda: on_a.draft == empty, "A shows the edit undone")
    assert on_a.undo_label is None and on_a.redo_label == "Lake"  # A's stacks moved too
    assert on_a.redo() == "Lake"
    eventually(lambda: kinds_at(on_b.draft, 0) == {(0, 0): "starting_town", (0, 1): "lake"}
               or kinds_at(on_b.draft, 0).get((0, 1)) == "lake", "B shows it again")
    assert on_b.undo_label == "Lake" and on_b.redo_label is None
    assert b.sessions.get(table_id).last_change.kind == "redo"


def test_an_undo_undoes_only_its_edit_not_the_other_workers_edits_made_since(workers):
    a, b, _ = workers
    table_id = new_table(a.store)
    on_a, on_b = a.sessions.get(table_id), b.sessions.get(table_id)
    on_a.apply("Lake", lay(0, Kind.LAKE, (0, 1)), player=0)
    eventually(lambda: on_b.undo_label == "Lake", "B heard A's edit")
    on_b.apply("Field", lay(1, Kind.FIELD, (1, 1)), player=1)
    eventually(lambda: on_a.undo_label == "Field", "A heard B's edit")
    assert on_a.undo() == "Field"
    assert on_a.undo() == "Lake"  # A's own edit, under B's in the table's history
    a.saved(table_id)
    eventually(lambda: on_b.draft == on_a.draft, "B shows both undone")
    assert (1, 1) not in kinds_at(on_b.draft, 1) and (0, 1) not in kinds_at(on_b.draft, 0)


def test_a_table_deleted_on_one_worker_refuses_edits_on_the_other_until_restored(workers):
    a, b, _ = workers
    table_id = new_table(a.store)
    on_b = b.sessions.get(table_id)
    a.sessions.get(table_id)
    a.sessions.delete(table_id, by="Ann")
    eventually(lambda: on_b.deleted, "B knows the table is deleted")
    with pytest.raises(TableDeleted, match="Ann deleted this table"):
        on_b.apply("Lake", lay(0, Kind.LAKE, (0, 1)), player=0)
    a.sessions.restore(table_id)
    eventually(lambda: not on_b.deleted, "B knows it is back")
    assert on_b.apply("Lake", lay(0, Kind.LAKE, (0, 1)), player=0)


def test_a_finish_and_a_grant_made_on_one_worker_reach_the_other(workers):
    from datetime import datetime, timezone

    a, b, _ = workers
    table_id = new_table(a.store)
    on_b = b.sessions.get(table_id)
    a.store.finish(table_id, datetime(2026, 12, 4, 21, tzinfo=timezone.utc))
    eventually(lambda: on_b.finished is not None, "B knows the game is finished")
    changes = b.access.changes
    a.access.revoke("someone", table_id)  # a revoke and a new code
    eventually(lambda: b.access.changes > changes, "B reads its grants again")


def test_a_listener_that_lost_its_connection_reads_the_open_tables_again(workers, monkeypatch):
    a, b, address = workers
    table_id = new_table(a.store)
    on_a, on_b = a.sessions.get(table_id), b.sessions.get(table_id)
    # B's listener cut, and A's edit made while it connects again: the notification is lost.
    monkeypatch.setattr(postgres_engine, "LISTEN_AGAIN_FIRST_SECONDS", 2.0)
    with psycopg.connect(address, autocommit=True) as admin:
        cut = admin.execute("SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE "
                            "application_name = 'scorepad listener' AND datname = "
                            "current_database()").fetchall()
    assert len(cut) == 2
    eventually(lambda: not b.listening(), "B's listener noticed")
    on_a.apply("Lake", lay(0, Kind.LAKE, (0, 1)), player=0)
    a.saved(table_id)
    eventually(lambda: on_b.draft == on_a.draft, "B read the table again once it listened")


# The merge itself.

json_values = st.recursive(
    st.none() | st.booleans() | st.integers(-3, 3) | st.text("ab", max_size=2),
    lambda children: st.lists(children, max_size=3)
    | st.dictionaries(st.sampled_from("xyz"), children, max_size=3),
    max_leaves=12)


@given(json_values, json_values)
def test_an_edit_made_again_on_the_draft_it_was_made_on_gives_what_it_gave(before, after):
    assert replayed(before, before, after) == after
    assert replayed(after, after, before) == before  # an undo on the draft the edit made


@given(json_values, json_values)
def test_an_edit_that_changed_nothing_leaves_any_draft_as_it_is(current, value):
    assert replayed(current, value, value) == current


def test_edits_of_two_players_made_on_one_revision_are_both_kept():
    base = {"players": [{"name": "Ann", "cards": []}, {"name": "Bob", "cards": []}], "n": 1}
    ann = {"players": [{"name": "Ann", "cards": [1]}, {"name": "Bob", "cards": []}], "n": 1}
    bob = {"players": [{"name": "Ann", "cards": []}, {"name": "Bob", "cards": [2]}], "n": 1}
    both = replayed(ann, base, bob)
    assert both == {"players": [{"name": "Ann", "cards": [1]}, {"name": "Bob", "cards": [2]}],
                    "n": 1}
    assert part_of_change(base, ann) == 0 and part_of_change(base, bob) == 1
    assert part_of_change(ann, both) == 1 and part_of_change(base, both) is None
    assert part_of_change(base, base | {"n": 2}) is None


def shared_presence(worker: Worker):
    """The worker's presence, shared with the other processes of its store as the app's is: its
    screens told when the others' tabs change."""
    from ui.store.presence import Presence, SharedPresence

    shared = SharedPresence(worker.store, worker.sessions.writer.submit)
    shared.changed = worker._tell
    worker.sessions.presence_changed = shared.heard
    return Presence(shared)


def test_the_tabs_at_a_table_are_counted_on_every_worker_and_a_dead_ones_count_for_nobody(
        workers, monkeypatch):
    from ui.store import presence as presence_module

    a, b, address = workers
    table_id = new_table(a.store)
    marks = {"a": shared_presence(a), "b": shared_presence(b)}
    ann_tab, bob_tab, board_tab = object(), object(), object()
    marks["a"].arrive(table_id, ann_tab, 0)
    marks["b"].arrive(table_id, bob_tab, 1)
    marks["b"].arrive(table_id, board_tab, None)
    eventually(lambda: marks["a"].players(table_id) == {0: 1, 1: 1, None: 1}, "A counts B's tabs")
    eventually(lambda: marks["b"].players(table_id) == {0: 1, 1: 1, None: 1}, "B counts A's")
    assert table_id in marks["b"].tables()  # the retention's sweep skips it on B too
    told = a.told.get(table_id, 0)
    marks["b"].leave(table_id, bob_tab)
    eventually(lambda: marks["a"].players(table_id) == {0: 1, None: 1}, "A saw Bob leave")
    assert a.told.get(table_id, 0) > told  # A's screens redraw their marks

    # B killed: its row stays, and counts for nobody once it is older than the stale limit.
    monkeypatch.setattr(presence_module, "STALE_SECONDS", 0.0)
    assert marks["a"].shared.read(table_id)
    assert marks["a"].players(table_id) == {0: 1}


def test_a_worker_that_stops_cleanly_takes_its_tabs_off_every_table_at_once(workers, tmp_path,
                                                                          monkeypatch):
    from ui.store.presence import SharedPresence, withdraw
    from ui.web import server

    a, b, address = workers
    first, second = new_table(a.store), new_table(a.store)
    marks = {"a": shared_presence(a), "b": shared_presence(b)}
    marks["a"].arrive(first, object(), 0)
    marks["b"].arrive(first, object(), 1)
    marks["b"].arrive(second, object(), None)
    eventually(lambda: marks["a"].players(first) == {0: 1, 1: 1}
               and marks["a"].players(second) == {None: 1}, "A counts B's tabs")
    b.saved(first)

    assert withdraw(b.store) == {first, second}  # B stops: no stale minutes on A
    eventually(lambda: marks["a"].players(first) == {0: 1} and not marks["a"].players(second),
               "A saw B's tabs go")
    assert withdraw(b.store) == set()
    sqlite = TableStore(tmp_path / "tables.sqlite3")
    assert withdraw(sqlite) == set()  # a SQLite file has no one to tell
    sqlite.close()

    # `scorepad app` withdraws as its server stops, whatever stopped it.
    stopping = TableStore(address)
    monkeypatch.setattr(server, "build_asgi_app", lambda *arguments: (object(), stopping))
    monkeypatch.setattr(server, "announce", lambda *arguments: None)

    monkeypatch.setattr(server, "stoppable_server", lambda app: app)  # no signal taken here

    def serve_a_tab_then_stop(app, sock, port):
        sock.close()
        SharedPresence(stopping, lambda work: work()).publish(first, Counter({2: 1}))
        eventually(lambda: marks["a"].players(first) == {0: 1, 2: 1}, "A counts the tab")
        raise KeyboardInterrupt

    monkeypatch.setattr(server, "run_server", serve_a_tab_then_stop)
    with pytest.raises(KeyboardInterrupt):
        server.run_app("127.0.0.1", 0, address, open_browser=False)
    eventually(lambda: marks["a"].players(first) == {0: 1}, "A saw the stopped server's tab go")
    stopping.close()


def test_a_table_deleted_for_good_on_one_worker_refuses_edits_on_the_other(workers):
    """*Forget this device* (and the public mode's sweep) deletes a table for good on one
    worker: another worker still holding it refuses the next edit in words, never saves into
    nothing."""
    from ui.store.my_data import forget_device

    a, b, _ = workers
    table_id = new_table(a.store)
    a.access.grant("only-device", table_id, "creator")
    on_b = b.sessions.get(table_id)
    assert forget_device(a.store, "only-device").deleted == (table_id,)
    eventually(lambda: on_b.deleted, "B knows the table is gone")
    with pytest.raises(TableDeleted):
        on_b.apply("Lake", lay(0, Kind.LAKE, (0, 1)), player=0)
    assert b.sessions.get(table_id) is None
