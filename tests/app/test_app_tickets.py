"""The tickets and the upload secret kept in the store (ui/store/tickets.py), on both engines: what
one process (a ``TableStore``) makes, another on the same store takes, once; an expired ticket is
refused; each kind stays within its bounds; a lease is held by one process at a time; and every
process signs uploads with the same secret."""

from __future__ import annotations

from concurrent.futures import ThreadPoolExecutor

from ui.store.schema import SCHEMA_VERSION
from ui.store.storage import TableStore
from ui.store.tickets import Bounds, Tickets, flet_secret

ROOMY = Bounds(per_owner=100, in_all=1000)


class Clock:
    def __init__(self, now: float = 1_800_000_000.0):
        self.now = now

    def __call__(self) -> float:
        return self.now


def test_a_ticket_made_by_one_store_is_taken_once_by_another_on_the_same_database(db):
    one, other = TableStore(db()), TableStore(db())
    name = Tickets(one).make("upload", {"table": 3, "player": "Ann"}, 60, "device-a", ROOMY)
    assert Tickets(other).take("upload", name) == {"table": 3, "player": "Ann"}
    assert Tickets(one).take("upload", name) is None  # taken: gone for every process
    assert Tickets(other).take("upload", "never-made") is None
    assert Tickets(other).take("upload", None) is None


def test_a_ticket_of_another_kind_is_not_taken(db):
    store = TableStore(db())
    name = Tickets(store).make("host-key", "the key", 60, "127.0.0.1", ROOMY)
    assert Tickets(store).take("upload", name) is None
    assert Tickets(store).take("host-key", name) == "the key"


def test_an_expired_ticket_is_refused_and_swept_by_the_next_one(db):
    clock = Clock()
    store = TableStore(db())
    tickets = Tickets(store, clock)
    late = tickets.make("upload", 1, 60, "device-a", ROOMY)
    kept = tickets.make("upload", 2, 600, "device-a", ROOMY)
    clock.now += 61
    assert tickets.take("upload", late) is None
    stale = tickets.make("upload", 3, 60, "device-a", ROOMY)
    clock.now += 61
    tickets.make("upload", 4, 60, "device-b", ROOMY)  # sweeps ``stale``, expired now
    assert tickets.count("upload") == 2
    assert tickets.take("upload", stale) is None
    assert tickets.take("upload", kept) == 2


def test_each_kind_keeps_at_most_its_bounds_the_oldest_going_first(db):
    clock = Clock()
    tickets = Tickets(TableStore(db()), clock)
    bounds = Bounds(per_owner=3, in_all=5)
    made = []
    for number in range(5):
        clock.now += 1
        made.append(tickets.make("host-key", number, 120, "10.0.0.1", bounds))
    assert tickets.count("host-key") == 3  # one address's flood evicts only its own
    assert [tickets.take("host-key", name) for name in made] == [None, None, 2, 3, 4]
    for number in range(8):
        clock.now += 1
        tickets.make("host-key", number, 120, f"10.0.0.{number}", bounds)
    assert tickets.count("host-key") == 5
    other = tickets.make("upload", "x", 120, "10.0.0.7", bounds)  # another kind: its own bounds
    assert tickets.count("host-key") == 5 and tickets.take("upload", other) == "x"


def test_of_two_processes_taking_one_ticket_at_once_one_gets_it(db):
    stores = [TableStore(db()) for _ in range(4)]
    for _ in range(5):
        name = Tickets(stores[0]).make("upload", "once", 60, "device-a", ROOMY)
        with ThreadPoolExecutor(4) as pool:
            taken = list(pool.map(lambda store: Tickets(store).take("upload", name), stores))
        assert sorted(taken, key=str) == [None, None, None, "once"]


def test_a_lease_is_held_by_one_holder_until_its_time_runs_out(db):
    clock = Clock()
    one, other = Tickets(TableStore(db()), clock), Tickets(TableStore(db()), clock)
    assert one.lease("sweep", 3600, "worker 1")
    assert not other.lease("sweep", 3600, "worker 2")
    assert one.lease("sweep", 3600, "worker 1")  # renewed by its holder
    clock.now += 3601
    assert other.lease("sweep", 3600, "worker 2")
    assert not one.lease("sweep", 3600, "worker 1")


def test_every_store_on_one_database_signs_uploads_with_the_same_secret(db):
    first = flet_secret(TableStore(db()))
    assert len(first) >= 40
    assert flet_secret(TableStore(db())) == first
    assert flet_secret(TableStore(db("another"))) != first


def test_the_tickets_migration_is_the_schema_s_latest(db):
    store = TableStore(db())
    with store._reading() as connection:
        assert connection.dialect.columns(connection, "tickets") == {
            "kind", "ticket", "owner", "payload", "made", "expires"}
        assert connection.execute("SELECT MAX(version) FROM schema_version").fetchone()[0] == (
            SCHEMA_VERSION)
