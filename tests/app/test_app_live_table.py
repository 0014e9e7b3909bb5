"""A live table without a browser: devices and grants, the host key, join codes, the Invite's QR
code (decoded back to the join link), presence, and two devices laying on one place."""

from __future__ import annotations

from datetime import datetime, timezone

import struct
from refusing import refuse_writes
import zlib
from types import SimpleNamespace

import numpy
import pytest
import zxingcpp

from scorer.sunflower_valley.models import Kind
from ui.store.access import Access, Grant, device_id, person
from ui.web.app import AppContext
from ui.games.registry import APP_GAMES
from ui.screens.invite_view import join_link, qr_png
from ui.games.plugin import PlayerSetup
from ui.store.presence import Presence
from ui.web.server import print_lan_addresses
from ui.live.session import Sessions
from ui.store.storage import NotSaved, TableStore
from ui.games.sunflower_valley.editor_model import ValleyEditor

SV = APP_GAMES["sunflower_valley"]
PLAYERS = [PlayerSetup("Ann", "red"), PlayerSetup("Bob", "blue")]


def new_table(store: TableStore) -> int:
    return store.create(SV.key, SV.new_draft(PLAYERS, {"goals": []}))


@pytest.fixture()
def store(db):
    return TableStore(db("t"))


def context(store, device: str, url: str = "ws://127.0.0.1:8610", lan=()) -> AppContext:
    page = SimpleNamespace(url=url, width=390)
    return AppContext(page, store, Sessions(store, APP_GAMES), Access(store), Presence(),
                      device_id(device), lan)


def test_a_device_sees_and_opens_only_the_tables_it_created_or_joined(store):
    first, second, third = (new_table(store) for _ in range(3))
    ann, bob, stranger = (context(store, name) for name in ("ann", "bob", "stranger"))
    ann.access.grant(ann.device, first, "creator")
    bob.access.grant(bob.device, second, "player", 1)
    assert [t.id for t in ann.visible_tables()] == [first]
    assert [t.id for t in bob.visible_tables()] == [second]
    assert stranger.visible_tables() == []
    assert (ann.may_open(first), ann.may_open(second), ann.may_open(third)) == (True, False, False)
    assert not stranger.may_open(first)
    assert not (ann.is_host or bob.is_host or stranger.is_host)


def test_a_device_is_named_to_the_others_by_the_player_it_joined_as():
    """What "Bea deleted this table" says: a player's device by the name, the host's as the
    host, any other device by nobody."""
    def grant(role: str, player: int | None = None) -> Grant:
        return Grant("d" * 64, 1, role, player, datetime.now(timezone.utc))

    names = ["Ann", "Bea"]
    assert person(grant("player", 1), names, host=False) == "Bea"
    assert person(grant("player", 1), names, host=True) == "Bea"
    assert person(grant("player", 2), names, host=False) is None  # Bea's seat was removed
    assert person(grant("creator"), names, host=True).text == "The host"  # a message
    assert person(grant("spectator"), names, host=False) is None
    assert person(None, names, host=False) is None


def test_the_host_key_makes_a_device_the_host_which_sees_every_table(store):
    tables = [new_table(store) for _ in range(2)]
    access = Access(store)
    key = access.host_key()
    assert access.host_key() == key == Access(TableStore(store.address)).host_key()
    assert len(key) >= 32
    host, guesser = context(store, "host"), context(store, "guesser")
    assert not access.claim_host(guesser.device, key[:-1] + ("A" if key[-1] != "A" else "B"))
    assert not access.claim_host(guesser.device, "")
    assert access.claim_host(host.device, key)
    assert host.is_host and not guesser.is_host
    assert sorted(t.id for t in host.visible_tables()) == sorted(tables)
    assert all(host.may_open(table_id) for table_id in tables)
    assert guesser.visible_tables() == []


def test_a_revoked_device_loses_the_table(store):
    table_id = new_table(store)
    bob = context(store, "bob")
    bob.access.grant(bob.device, table_id, "player", 1)
    assert bob.access.grant_of(bob.device, table_id).player == 1
    bob.access.revoke(bob.device, table_id)
    assert not bob.may_open(table_id)
    assert bob.visible_tables() == []


class JoinPage(SimpleNamespace):
    """What a join page needs of the browser's page: it is only redrawn."""

    def update(self) -> None:
        self.updates += 1


def join_page(store, device: str, code: str):
    from ui.screens.join_view import JoinView

    device = context(store, device)
    device.page = JoinPage(url="ws://127.0.0.1:8610", width=390, route=f"/join/{code}",
                           updates=0)
    device.go = lambda route: setattr(device, "went", route)
    return device, JoinView(device, code)


def test_a_revoked_device_cannot_rejoin_with_any_link_it_has_seen(store):
    table_id = new_table(store)
    access = Access(store)
    seen = access.join_code(table_id)
    bob, page = join_page(store, "bob", seen)
    page.join(1)
    assert bob.went == f"/table/{table_id}/valley/1"
    access.revoke(bob.device, table_id)
    assert access.join_code(table_id) != seen
    again, page = join_page(store, "bob", seen)
    assert page.session is None  # "This invitation is not valid any more"
    assert not again.may_open(table_id)


def test_a_join_page_left_open_across_a_new_code_does_not_join(store):
    table_id = new_table(store)
    access = Access(store)
    cid, page = join_page(store, "cid", access.join_code(table_id))
    assert page.session is not None  # the players are shown
    access.renew_code(table_id)
    page.join(0)
    assert not hasattr(cid, "went")
    assert not cid.may_open(table_id)
    assert page.session is None and cid.page.updates == 1  # now says the invitation is old
    assert "not valid any more" in str(page.root.controls)


def test_a_new_host_key_ends_the_old_one_and_every_host_device(store):
    access = Access(store)
    old = access.host_key()
    host, tablet = context(store, "host"), context(store, "tablet")
    assert access.claim_host(host.device, old) and access.claim_host(tablet.device, old)
    assert [device for device, _ in access.hosts()] == [host.device, tablet.device]
    access.remove_host(tablet.device)
    assert host.is_host and not tablet.is_host
    new = access.new_host_key()
    assert new != old and access.host_key() == new and len(new) >= 32
    assert access.hosts() == [] and not host.is_host
    assert not access.claim_host(host.device, old)
    assert access.claim_host(host.device, new)


def test_reading_who_may_see_what_writes_nothing(store, monkeypatch):
    """Every read the screens make on a redraw works on a file that cannot be written."""
    table_id = new_table(store)
    access = Access(store)
    key, code = access.host_key(), access.join_code(table_id)
    access.claim_host(device_id("host"), key)
    refuse_writes(monkeypatch, store)
    host = context(store, "host")
    assert (access.host_key(), access.join_code(table_id)) == (key, code)
    assert host.is_host and host.may_open(table_id) and len(host.visible_tables()) == 1
    assert access.table_for_code(code) == table_id and access.grants(table_id) == []
    with pytest.raises(NotSaved, match="^(the file cannot be written|the database may not be "
                                       "written)"):  # the guard holds
        access.grant(host.device, table_id, "creator")


def test_join_codes_are_long_random_distinct_and_renewable(store):
    tables = [new_table(store) for _ in range(3)]
    access = Access(store)
    codes = [access.join_code(table_id) for table_id in tables]
    assert len(set(codes)) == 3
    assert all(len(code) >= 16 for code in codes)  # 96 random bits, URL-safe
    assert [access.join_code(table_id) for table_id in tables] == codes  # kept
    assert [access.table_for_code(code) for code in codes] == tables
    renewed = access.renew_code(tables[0])
    assert renewed != codes[0]
    assert access.table_for_code(codes[0]) is None
    assert access.table_for_code(renewed) == tables[0]
    store.delete(tables[1])
    assert access.table_for_code(codes[1]) is None
    assert access.table_for_code("not-a-code") is None


def png_pixels(png: bytes) -> numpy.ndarray:
    """A 1-bit greyscale PNG (what segno writes) as 8-bit pixels."""
    assert png[:8] == b"\x89PNG\r\n\x1a\n"
    offset, data = 8, b""
    while offset < len(png):
        (length,) = struct.unpack(">I", png[offset:offset + 4])
        kind, body = png[offset + 4:offset + 8], png[offset + 8:offset + 8 + length]
        if kind == b"IHDR":
            width, height, depth, colour = struct.unpack(">IIBB", body[:10])
            assert (depth, colour) == (1, 0)
        elif kind == b"IDAT":
            data += body
        offset += 12 + length
    raw = zlib.decompress(data)
    stride = (width + 7) // 8 + 1
    rows, above = [], numpy.zeros(stride - 1, dtype=numpy.uint8)
    for row in range(height):
        line = raw[row * stride:(row + 1) * stride]
        assert line[0] in (0, 2)  # none, or "up": each byte added to the one above
        data_bytes = numpy.frombuffer(line[1:], dtype=numpy.uint8)
        above = data_bytes + above if line[0] == 2 else data_bytes
        rows.append(numpy.unpackbits(above)[:width] * 255)
    return numpy.array(rows, dtype=numpy.uint8)


def test_the_invite_s_qr_code_decodes_to_the_table_s_join_link(store):
    table_id = new_table(store)
    host = context(store, "host")
    link = join_link(host, table_id)
    assert link == f"http://127.0.0.1:8610/join/{host.access.join_code(table_id)}"
    decoded = zxingcpp.read_barcodes(png_pixels(qr_png(link)))
    assert [barcode.text for barcode in decoded] == [link]


def test_the_join_link_names_the_lan_address_when_the_browser_used_loopback(store):
    table_id = new_table(store)
    code = Access(store).join_code(table_id)
    for used in ("ws://127.0.0.1:8610", "http://localhost:8610", "ws://[::1]:8610"):
        assert join_link(context(store, "h", used, ["192.0.2.2"]), table_id) == \
            f"http://192.0.2.2:8610/join/{code}"
    # A phone already on the LAN address shares that address.
    assert join_link(context(store, "p", "ws://192.0.2.7:8610", ["192.0.2.2"]), table_id) == \
        f"http://192.0.2.7:8610/join/{code}"


def test_presence_counts_the_tabs_on_each_board():
    presence = Presence()
    ann, bob, watcher = object(), object(), object()
    presence.arrive(7, ann, 0)
    presence.arrive(7, bob, 1)
    presence.arrive(7, watcher, None)
    assert presence.players(7) == {0: 1, 1: 1, None: 1}
    presence.arrive(7, bob, 0)  # moved to Ann's board
    assert presence.players(7) == {0: 2, None: 1}
    for who in (ann, bob, watcher):
        presence.leave(7, who)
    assert presence.players(7) == {}


def test_two_devices_laying_on_one_place_keep_the_first_card_and_tell_the_second(store):
    table_id = new_table(store)
    session = Sessions(store, APP_GAMES).get(table_id)
    first, second = ValleyEditor(session, 0), ValleyEditor(session, 0)
    first.choose_kind(Kind.LAKE)
    second.choose_kind(Kind.SHEEP)
    # The second device's tap saw (0, 1) empty; the first device's card lands before it applies.
    apply = session.apply

    def first_lands_in_between(label, change, player=None):
        session.apply = apply
        first.tap((0, 1))
        return apply(label, change, player)

    session.apply = first_lands_in_between
    second.tap((0, 1))
    assert first.cards[(0, 1)]["kind"] == "lake"
    assert len(first.cards) == 2
    assert second.message == ("A card was just laid at row 1, column 2 on another device; it "
                              "stays there. Tap another place.")
    assert first.message.startswith("Place Lake")


TERMINAL_HALVES = {"█": (255, 255), " ": (0, 0), "▀": (255, 0), "▄": (0, 255)}
"""A compact terminal QR character as (top, bottom) pixels: block characters draw light."""


def test_lan_mode_prints_the_address_as_a_qr_code_in_the_terminal(capsys):
    print_lan_addresses(["192.0.2.2"], 8610)
    lines = capsys.readouterr().out.splitlines()
    assert "open http://192.0.2.2:8610" in lines[0]
    rows = []
    for line in lines[2:]:
        if line and set(line) <= set(TERMINAL_HALVES):
            rows += [[TERMINAL_HALVES[c][half] for c in line] for half in (0, 1)]
    pixels = numpy.kron(numpy.array(rows, dtype=numpy.uint8), numpy.ones((4, 4), numpy.uint8))
    assert [barcode.text for barcode in zxingcpp.read_barcodes(pixels)] == \
        ["http://192.0.2.2:8610"]


def test_the_server_keeps_the_code_it_loaded_out_of_garbage_collections():
    import gc

    from ui.web.server import keep_loaded_code_out_of_collections

    assert gc.get_freeze_count() == 0
    loaded = len(gc.get_objects())
    try:
        keep_loaded_code_out_of_collections()
        # Everything alive is out of the collector's reach: a full collection walks none of it.
        assert gc.get_freeze_count() >= loaded // 2
        assert len(gc.get_objects()) < loaded // 2
    finally:
        gc.unfreeze()


def test_an_invite_on_loopback_says_phones_cannot_open_it_and_how_to_start_for_them(store):
    """Issue 32, row 1: started without --lan, the link is 127.0.0.1, which no phone opens."""
    from control_tree import identified, texts
    from ui.screens.invite_view import InviteDialog

    table_id = new_table(store)
    alone = context(store, "host")
    alone.speak("de")
    dialog = InviteDialog(alone, table_id)
    dialog.render()
    warning = identified(dialog.content, "invite-unreachable")
    assert "Handys können diese Adresse nicht öffnen" in " ".join(texts(warning))
    assert "scorepad app --lan" in " ".join(texts(warning))
    on_the_lan = InviteDialog(context(store, "h", "ws://127.0.0.1:8610", ["192.0.2.2"]), table_id)
    on_the_lan.render()
    assert identified(on_the_lan.content, "invite-unreachable") is None
