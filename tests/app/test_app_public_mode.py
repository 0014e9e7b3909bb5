"""The public mode without a browser (``scorepad app --public URL``): its address, no host, each
device managing the tables it made, join links with the public address, and the quotas that
bound what a stranger makes, each one past its limit and read in words (en, es, de)."""

from __future__ import annotations

from types import SimpleNamespace

import pytest

from ui.parts.words import app_language
from ui.cli import main
from ui.games.registry import APP_GAMES
from ui.games.plugin import PlayerSetup
from ui.live.session import Sessions
from ui.screens.invite_view import join_link
from ui.screens.join_view import JoinView
from ui.store.access import Access, device_id
from ui.store.presence import Presence
from ui.store.quotas import PublicLimits, Quotas, tables_kept_refusal
from ui.store.storage import TableStore
from ui.web.app import AppContext
from ui.web.public import public_address

SV = APP_GAMES["sunflower_valley"]
PUBLIC = public_address("https://scores.example.org")


@pytest.fixture()
def store(db):
    """A store on each engine: the quotas and who manages read grants and tables in it."""
    return TableStore(db("t"))


def new_table(store: TableStore, creator: str | None = None) -> int:
    return store.create(SV.key, SV.new_draft([PlayerSetup("Ann", "red"), PlayerSetup("Bob", "blue")],
                                             {"goals": []}), creator)


class Page(SimpleNamespace):
    def update(self) -> None:
        self.updates = getattr(self, "updates", 0) + 1


def device(store, name: str, limits: PublicLimits | None = None, address: str = "192.0.2.9",
           public=PUBLIC) -> AppContext:
    """A device of a public server (``public=None``: of a private one) at ``address``."""
    page = Page(url="ws://127.0.0.1:8610", width=390, client_ip=address, route="/")
    quotas = Quotas(limits or PublicLimits()) if public is not None else None
    context = AppContext(page, store, Sessions(store, APP_GAMES),
                         Access(store, public=public is not None), Presence(), device_id(name),
                         (), None, public, quotas)
    context.go = lambda route: setattr(context, "went", route)
    return context


# The address

@pytest.mark.parametrize("text, url, host", [
    ("https://scores.example.org", "https://scores.example.org", "scores.example.org"),
    ("https://Scores.Example.ORG/", "https://scores.example.org", "scores.example.org"),
    ("https://scores.example.org:443", "https://scores.example.org", "scores.example.org"),
    ("https://scores.example.org:8443", "https://scores.example.org:8443",
     "scores.example.org:8443"),
    ("https://[2001:db8::1]:8443", "https://[2001:db8::1]:8443", "[2001:db8::1]:8443"),
    ("http://127.0.0.1:8550", "http://127.0.0.1:8550", "127.0.0.1:8550"),
])
def test_a_public_address_is_the_site_s_address_as_browsers_send_it(text, url, host):
    address = public_address(text)
    assert (address.url, address.host, address.origin) == (url, host, url)
    assert address.link("/join/abc") == f"{url}/join/abc"


@pytest.mark.parametrize("text, says", [
    ("scores.example.org", "not an address"),
    ("ftp://scores.example.org", "not an address"),
    ("https://", "not an address"),
    ("https://scores.example.org:99999", "not an address"),
    ("http://scores.example.org", "TLS proxy"),
    ("https://scores.example.org/scorepad", "without a path"),
    ("https://scores.example.org/?a=1", "without a path"),
    ("https://me:secret@scores.example.org", "without a path, a query or a user"),
])
def test_a_wrong_public_address_is_refused_in_words(text, says):
    with pytest.raises(ValueError, match=says) as refused:
        public_address(text)
    assert "https://scores.example.org" in str(refused.value)  # what it takes


# The command line

@pytest.mark.parametrize("arguments, says", [
    (["--public", "http://scores.example.org"], "TLS proxy"),
    (["--public", "https://scores.example.org", "--lan"], "do not go together"),
    (["--public", "https://scores.example.org", "--new-host-key"], "no host key"),
    (["--limit", "tables_per_device=5/day"], "add --public URL"),
    (["--public", "https://s.example.org", "--limit", "tables_per_day=5/day"],
     "NAME one of tables_per_device"),
    (["--public", "https://s.example.org", "--limit", "joins_per_device=many"],
     "joins_per_device=many: 'many' is not a rate: write it as N/period"),
    (["--public", "https://s.example.org", "--limit", "tables_kept_per_device=0"],
     "tables_kept_per_device=0"),
])
def test_the_public_mode_s_options_are_checked_before_anything_starts(
        arguments, says, capsys, tmp_path):
    assert main(["app", "--no-browser", "--db", str(tmp_path / "t.sqlite3"), *arguments]) == 2
    error = capsys.readouterr().err
    assert error.startswith("scorepad: --") and says in error
    assert "Traceback" not in error and not (tmp_path / "t.sqlite3").exists()


def test_limits_are_settings_with_defaults():
    limits = PublicLimits.from_settings(["tables-per-device=50/day", "joins_per_address = 1/minute",
                                         "tables_kept_per_device=3"])
    assert (limits.tables_per_device, limits.joins_per_address,
            limits.tables_kept_per_device) == ("50/day", "1/minute", 3)
    assert limits.joins_per_device == PublicLimits().joins_per_device == "30/hour"


# No host; each device manages what it made

def test_a_public_server_has_no_host_even_for_a_device_that_was_one(store):
    table_id = new_table(store)
    private = Access(store)
    assert private.claim_host(device_id("owner"), private.host_key())
    owner = device(store, "owner")
    assert not owner.is_host and not owner.may_open(table_id) and not owner.manages(table_id)
    assert owner.visible_tables() == []


def test_the_device_that_made_a_table_manages_it_and_a_player_does_not(store):
    maker, player = device(store, "maker"), device(store, "player")
    table_id = new_table(store, maker.device)
    player.access.grant(player.device, table_id, "player", 1)
    assert maker.manages(table_id) and not player.manages(table_id)
    assert player.may_open(table_id)
    # The private mode is as it was: only the host manages.
    private_maker = device(store, "maker", public=None)
    assert not private_maker.manages(table_id)


def test_a_public_join_link_carries_the_public_address(store):
    maker = device(store, "maker")
    table_id = new_table(store, maker.device)
    assert join_link(maker, table_id) == \
        f"https://scores.example.org/join/{maker.access.join_code(table_id)}"


# Quotas, one past each

def say(message, code: str = "en") -> str:
    return app_language(code).render(message)


def test_invitations_opened_are_counted_per_device_a_wrong_code_as_a_right_one(store):
    table_id = new_table(store)
    code = Access(store).join_code(table_id)
    limits = PublicLimits(joins_per_device="3/hour")
    phone = device(store, "phone", limits)
    opened = [JoinView(phone, each) for each in ("wrong-1", "wrong-2", code, code)]
    assert [view.refused is None for view in opened] == [True, True, True, False]
    assert opened[2].session is not None  # the third, within the quota, found the table
    assert opened[3].session is None  # the fourth was not even looked up
    text = str(opened[3].root.controls)
    assert "This device has opened as many invitations as this server allows for now." in text
    assert "Try again in 60 min." in text
    # Another device is counted on its own.
    assert JoinView(device(store, "other", limits), code).refused is None


def test_a_network_address_is_counted_across_its_devices(store):
    quotas = Quotas(PublicLimits(joins_per_address="2/minute"))
    assert quotas.take("join", "a", "198.51.100.7") is None
    assert quotas.take("join", "b", "198.51.100.7") is None
    refusal = quotas.take("join", "c", "198.51.100.7")
    assert refusal is not None and refusal.by_address and 0 < refusal.retry_after <= 60
    assert say(refusal.message()) == (
        "This network has opened as many invitations as this server allows for now (every "
        "device behind the same router counts). Try again in 1 min.")
    assert quotas.take("join", "c", "203.0.113.1") is None  # another network


def test_every_refusal_is_said_in_spanish_and_german():
    quotas = Quotas(PublicLimits(photos_per_device="1/hour"))
    quotas.take("photo", "a", None)
    refusal = quotas.take("photo", "a", None)
    assert say(refusal.message(), "es") == ("Este dispositivo ya ha enviado todas las fotos que "
                                            "este servidor permite por ahora. Vuelve a "
                                            "intentarlo en 60 min.")
    assert say(refusal.message(), "de") == ("Dieses Gerät hat schon so viele Fotos gesendet, wie "
                                            "dieser Server vorerst erlaubt. Versuch es in 60 "
                                            "Min. noch einmal.")


def test_new_tables_are_bounded_by_the_rate_and_by_the_tables_kept(store):
    maker = device(store, "maker", PublicLimits(tables_per_device="2/day",
                                                tables_kept_per_device=3))
    assert maker.refuse_new_table() is None
    new_table(store, maker.device)
    assert maker.refuse_new_table() is None
    new_table(store, maker.device)
    assert "as many new tables" in say(maker.refuse_new_table())
    keeper = device(store, "keeper", PublicLimits(tables_kept_per_device=2))
    first = new_table(store, keeper.device)
    new_table(store, keeper.device)
    assert keeper.refuse_new_table() == tables_kept_refusal(2)
    store.delete(first)  # a deleted table is not kept
    assert keeper.refuse_new_table() is None


def test_the_private_mode_counts_nothing(store):
    host = device(store, "host", public=None)
    assert host.quotas is None
    assert [host.take_quota("join") for _ in range(100)] == [None] * 100
    assert host.refuse_new_table() is None
