"""The group's deck (ui/store/deck.py) without a browser: every card described at any table joins
it, once per description; deleting a table forgets nothing; a database from before the deck is
filled once; the deck file exported from one database and imported into another, with conflicts
under one name left to a choice."""

from __future__ import annotations

import io
import json

import pytest

from scorer.deck import DeckFile, deck_from_json, deck_json, deck_schema, load_deck
from scorer.files import MAX_TABLE_BYTES, TableFileError, load_table
from scorer.maple_valley.models import Category, Favour, Friend, Travel
from scorer.sunflower_valley.models import CardDescription, Kind
from ui.games.registry import APP_GAMES, app_store
from ui.parts.words import app_language
from ui.live.session import Sessions
from ui.games.sunflower_valley.editor_model import ValleyEditor
from ui.games.maple_valley.editor_model import MapleEditor
from ui.games.plugin import PlayerSetup
from ui.store.deck import Deck
from ui.store.storage import TableStore

SHEEP_TOWN = CardDescription(kind=Kind.TOWN, combination=(Kind.SHEEP, Kind.FIELD), points=3,
                             villagers=1)
LAKE_FARMER = CardDescription(kind=Kind.FARMER, combination=(Kind.LAKE,), points=2)
FIDDLE = Favour(name="Fiddle", category=Category.ENTERTAINMENT, score=7)
OTTER = Friend(name="Otter", score=3, travel=(Travel.WATER,))
PLAYERS = [PlayerSetup("Ann", "red"), PlayerSetup("Bob", "blue")]


def new_table(store: TableStore, game: str):
    plugin = APP_GAMES[game]
    table_id = store.create(game, plugin.new_draft(PLAYERS, plugin.default_setup()))
    return Sessions(store, APP_GAMES).get(table_id)


def valley_cards(store: TableStore) -> list:
    return [entry.card for entry in Deck(store).cards("sunflower_valley")]


def describe_and_lay(session, player: int, description: CardDescription, cell) -> None:
    editor = ValleyEditor(session, player)
    editor.choose_description(description)
    editor.tap(cell)


def test_a_card_described_at_a_table_joins_the_deck_once_and_outlives_the_table(db):
    store = app_store(db("t"))
    session = new_table(store, "sunflower_valley")
    describe_and_lay(session, 0, SHEEP_TOWN, (0, 1))
    describe_and_lay(session, 1, SHEEP_TOWN, (0, 1))  # the same description again
    other = new_table(store, "sunflower_valley")
    describe_and_lay(other, 0, SHEEP_TOWN, (1, 0))
    assert valley_cards(store) == [SHEEP_TOWN]
    describe_and_lay(other, 0, LAKE_FARMER, (0, 1))
    assert valley_cards(store) == [LAKE_FARMER, SHEEP_TOWN]  # the most recently used first
    for table_id in (session.table_id, other.table_id):
        store.delete(table_id)
    assert store.purge_deleted([session.table_id, other.table_id]) == 2
    assert valley_cards(store) == [LAKE_FARMER, SHEEP_TOWN]


def test_maple_valley_cards_join_the_deck_by_description_and_a_new_table_offers_them(db):
    store = app_store(db("t"))
    ann = MapleEditor(new_table(store, "maple_valley"), 0)
    assert ann.add("Favour", FIDDLE) and ann.add("Friend", OTTER)
    cheaper = FIDDLE.model_copy(update={"score": 6})
    assert [e.card for e in Deck(store).cards("maple_valley", "Favour")] == [FIDDLE]
    later = MapleEditor(new_table(store, "maple_valley"), 1)
    assert [entry.card for entry in later.known("Friend")] == [OTTER]
    assert later.add("Favour", cheaper)
    # Two descriptions under one name are two entries; the picker offers the latest.
    assert [e.card for e in Deck(store).cards("maple_valley", "Favour")] == [cheaper, FIDDLE]
    assert [entry.card for entry in MapleEditor(new_table(store, "maple_valley"), 0).known(
        "Favour")] == [cheaper]


def test_a_card_taken_out_of_the_deck_stays_out_until_a_table_describes_it_anew(db):
    store = app_store(db("t"))
    session = new_table(store, "sunflower_valley")
    describe_and_lay(session, 0, SHEEP_TOWN, (0, 1))
    deck = Deck(store)
    deck.remove(deck.cards("sunflower_valley")[0])
    describe_and_lay(session, 0, CardDescription(kind=Kind.FIELD), (1, 0))  # another edit
    assert valley_cards(store) == []
    describe_and_lay(new_table(store, "sunflower_valley"), 1, SHEEP_TOWN, (0, 1))
    assert valley_cards(store) == [SHEEP_TOWN]


def test_a_card_this_version_cannot_read_is_kept_and_not_offered(db):
    store = app_store(db("t"))
    Deck(store).add("sunflower_valley", "town", SHEEP_TOWN)
    with store._writing() as connection:  # as a newer version might write them
        connection.execute("INSERT INTO deck VALUES ('sunflower_valley', 'town', "
                           "'{\"kind\": \"town\", \"colour\": 3}', '', '9999')")
        connection.execute("INSERT INTO deck VALUES ('sunflower_valley', 'castle', '{}', '', "
                           "'9999')")
    assert valley_cards(store) == [SHEEP_TOWN]
    with store._writing() as connection:
        assert connection.execute("SELECT COUNT(*) FROM deck").fetchone()[0] == 3


def test_an_edit_on_the_deck_screen_replaces_the_description(db):
    store = app_store(db("t"))
    deck = Deck(store)
    deck.add("sunflower_valley", "town", SHEEP_TOWN)
    deck.add("sunflower_valley", "farmer", LAKE_FARMER)
    richer = SHEEP_TOWN.model_copy(update={"points": 5})
    deck.replace(deck.cards("sunflower_valley", "town")[0], richer)
    assert sorted(valley_cards(store), key=str) == sorted([richer, LAKE_FARMER], key=str)
    deck.replace(deck.cards("sunflower_valley", "town")[0], LAKE_FARMER.model_copy(
        update={"kind": Kind.FARMER}))  # onto one already there: one entry
    assert valley_cards(store) == [LAKE_FARMER]


def test_a_database_from_before_the_deck_fills_it_once_from_every_saved_table(db):
    path = db("old")
    store = app_store(path)
    plugin = APP_GAMES["sunflower_valley"]
    table = load_table("examples/sunflower_valley/full_table.json")
    store.create("sunflower_valley", plugin.draft_from_table(table))
    maple = load_table("examples/maple_valley/rulebook_final_scoring.json")
    deleted = store.create("maple_valley", APP_GAMES["maple_valley"].draft_from_table(maple))
    store.delete(deleted)
    with store._writing() as connection:  # as the store was before the deck (and migrations)
        connection.execute("DROP TABLE deck")
        connection.execute("DROP TABLE schema_version")
        connection.execute("DELETE FROM settings WHERE name = 'deck_filled'")
    reopened = app_store(path)
    laid = {CardDescription.model_validate(card.description.model_dump())
            for player in table.players for card in player.valley.cards
            if card.kind in (Kind.TOWN, Kind.FARMER)}
    assert set(valley_cards(reopened)) == laid and len(laid) == len(valley_cards(reopened))
    favours = [e.card for e in Deck(reopened).cards("maple_valley", "Favour")]
    assert sorted(card.name for card in favours) == sorted(
        {card.name for player in maple.players for card in maple.favours_of(player)})
    Deck(reopened).remove(Deck(reopened).cards("sunflower_valley")[0])
    assert len(valley_cards(app_store(path))) == len(laid) - 1  # filled once, not at each open


def test_a_deck_exported_from_one_database_imports_into_another_with_the_same_cards(db):
    first = app_store(db("a"))
    deck = Deck(first)
    deck.add("sunflower_valley", "town", SHEEP_TOWN)
    deck.add("sunflower_valley", "farmer", LAKE_FARMER)
    deck.add("maple_valley", "Favour", FIDDLE)
    deck.add("maple_valley", "Friend", OTTER)
    text = deck_json(deck.export())
    assert json.loads(text)["sunflower_valley"]["cards"][0] == {
        "kind": "town", "combination": ["sheep", "field"], "points": 3, "villagers": 1}
    second = Deck(app_store(db("b")))
    plans = second.plan_import(deck_from_json(text))
    assert [(plan.game, len(plan.added), plan.conflicts) for plan in plans] == [
        ("sunflower_valley", 2, []), ("maple_valley", 2, [])]
    assert second.apply_import(plans) == 4
    for game in ("sunflower_valley", "maple_valley"):
        assert {e.key for e in second.cards(game)} == {e.key for e in deck.cards(game)}
    again = second.plan_import(deck_from_json(text))  # importing twice adds nothing
    assert [(len(plan.added), plan.known) for plan in again] == [(0, 2), (0, 2)]


def test_an_imported_card_named_like_one_here_with_another_description_is_a_choice(db):
    here = Deck(app_store(db("t")))
    here.add("maple_valley", "Favour", FIDDLE)
    cheaper = FIDDLE.model_copy(update={"score": 6})
    incoming = DeckFile.model_validate({"maple_valley": {"favours": [
        cheaper.model_dump(mode="json")]}})
    plans = here.plan_import(incoming)
    conflict = plans[1].conflicts[0]
    assert (conflict.kind, conflict.incoming, conflict.here, plans[1].added) == (
        "Favour", cheaper, [FIDDLE], [])
    assert here.apply_import(plans) == 0  # kept as it was unless chosen
    assert [e.card for e in here.cards("maple_valley")] == [FIDDLE]
    conflict.take = True
    assert here.apply_import(plans) == 1
    assert [e.card for e in here.cards("maple_valley")] == [cheaper]


@pytest.mark.parametrize("text, message", [
    ("[]", "deck: at the deck: an object {...} is expected here, not []"),
    ('{"deck": 2}', "deck: at deck: 1 is expected here, not 2"),
    ('{"sunflower_valley": {"cards": [{"kind": "lake"}]}}',
     "deck: at sunflower_valley > cards[0]: a deck keeps Town and Farmer cards, not Lake"),
    ('{"maple_valley": {"friends": [{"name": "Otter", "travel": []}]}}',
     "deck: at maple_valley > friends[0] (Otter) > travel: no travel types; at least 1 (there are "
     "three: Water, Rock and Forest)"),
    ('{"deck": 1,', "deck: line 1, column 12: not valid JSON (Expecting property name enclosed "
     "in double quotes)"),
])
def test_a_bad_deck_file_is_refused_naming_the_place(text, message):
    with pytest.raises(TableFileError) as refused:
        deck_from_json(text)
    assert str(refused.value) == message


def test_a_deck_file_is_read_within_the_table_files_limit(tmp_path):
    big = tmp_path / "deck.json"
    big.write_bytes(b" " * (MAX_TABLE_BYTES + 1))
    with pytest.raises(TableFileError) as refused:
        load_deck(big)
    assert str(refused.value).startswith(f"{big}: ")
    assert "2 MB" in str(refused.value)
    upload = io.BytesIO(deck_json(DeckFile()).encode())
    assert load_deck(upload) == DeckFile()


def test_the_deck_schema_is_generated_from_the_models():
    schema = deck_schema()
    assert schema["title"] == "scorepad deck"
    assert {"deck", "sunflower_valley", "maple_valley"} <= set(schema["properties"])
    assert "CardDescription" in schema["$defs"] and "Favour" in schema["$defs"]


def test_the_valley_picker_offers_this_tables_cards_then_the_decks_and_searches_them(db):
    store = app_store(db("t"))
    Deck(store).add("sunflower_valley", "farmer", LAKE_FARMER)
    field_town = CardDescription(kind=Kind.TOWN, combination=(Kind.FIELD,), points=1)
    Deck(store).add("sunflower_valley", "town", field_town)
    session = new_table(store, "sunflower_valley")
    describe_and_lay(session, 0, SHEEP_TOWN, (0, 1))
    bob = ValleyEditor(session, 1)
    assert [(offer.description, offer.laid, offer.here) for offer in bob.offers()] == [
        (SHEEP_TOWN, 0, True), (field_town, 0, False), (LAKE_FARMER, 0, False)]
    assert [offer.description for offer in bob.offers("farmer")] == [LAKE_FARMER]
    assert [offer.description for offer in bob.offers("TOWN 3")] == [SHEEP_TOWN]
    assert [offer.description for offer in bob.offers("field")] == [SHEEP_TOWN, field_town]
    assert bob.offers("mountain") == []
    # A card of the deck, once laid, is this table's (offered first, to every player).
    describe_and_lay(session, 1, LAKE_FARMER, (1, 0))
    assert [(offer.description, offer.laid) for offer in bob.offers()][:2] == [
        (SHEEP_TOWN, 0), (LAKE_FARMER, 1)]


def test_the_deck_screen_searches_names_kinds_and_what_a_card_asks_for(db):
    from ui.screens.deck_view import card_text, shown

    deck = Deck(app_store(db("t")))
    deck.add("sunflower_valley", "town", SHEEP_TOWN)
    deck.add("sunflower_valley", "farmer", LAKE_FARMER)
    deck.add("maple_valley", "Favour", FIDDLE)
    deck.add("maple_valley", "Friend", OTTER)
    valley, maple = deck.cards("sunflower_valley"), deck.cards("maple_valley")
    assert [card_text(entry) for entry in valley] == ["Farmer: Lake 2★", "Town: Sheep+Field 3★ ☺"]
    assert [card_text(entry) for entry in shown(valley, "sheep 3")] == ["Town: Sheep+Field 3★ ☺"]
    assert [card_text(entry) for entry in shown(maple, "friend")] == ["Otter: 3 points, Water"]
    assert [card_text(entry) for entry in shown(maple, "fid entertainment")] == [
        "Fiddle: Entertainment, 7 points"]
    assert shown(maple, "") == maple
    german = app_language("de")
    assert [card_text(entry, german) for entry in valley] == ["Bauer: See 2★",
                                                             "Stadt: Schaf+Feld 3★ ☺"]
    assert [card_text(entry, german) for entry in shown(valley, "schaf 3", german)] == [
        "Stadt: Schaf+Feld 3★ ☺"]
