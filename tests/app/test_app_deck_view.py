"""The deck screen built without a browser: a card corrected through the game's own dialog, a
card taken out and put back by Undo, and an import whose conflict is decided by a tap."""

from __future__ import annotations

import asyncio
import threading

import flet as ft
from fake_page import FakePage, PrivateServerContext
from held_off_loop import HeldOffLoop
from test_app_deck import FIDDLE, SHEEP_TOWN
from test_app_maple_valley_view import click, identified
from scorer.deck import DeckFile, deck_from_json, deck_json
from ui.screens import deck_view
from ui.parts.words import app_language
from ui.games.registry import app_store
from ui.screens.deck_view import DeckView
from ui.store.deck import Deck


class DeckContext(PrivateServerContext):
    """What the deck screen needs from the app, without a page in a browser."""

    def __init__(self, store):
        self.words = app_language("en")
        self.store = store
        self.is_host = True
        self.toasts: list = []
        self.page = FakePage()

    @property
    def dialogs(self) -> list:
        return self.page.dialogs

    def go(self, route: str) -> None:
        pass

    def toast(self, text: str, action=None, on_action=None) -> None:
        self.toasts.append((text, action, on_action))


def screen(tmp_path):
    store = app_store(tmp_path / "t.sqlite3")
    deck = Deck(store)
    deck.add("sunflower_valley", "town", SHEEP_TOWN)
    deck.add("maple_valley", "Favour", FIDDLE)
    context = DeckContext(store)
    return deck, context, DeckView(context)


def test_a_card_is_corrected_in_the_games_own_dialog(tmp_path, monkeypatch):
    monkeypatch.setattr(ft.AlertDialog, "update", lambda self: None)
    deck, context, view = screen(tmp_path)
    click(view.root, "deck-town-0")
    picker = context.dialogs[-1]
    click(picker, "picker-points-5")
    click(picker, "picker-use")
    assert [entry.card for entry in deck.cards("sunflower_valley")] == [
        SHEEP_TOWN.model_copy(update={"points": 5})]
    click(view.root, "deck-game-maple_valley")
    click(view.root, "deck-favour-0")
    dialog = context.dialogs[-1]
    click(dialog, "card-score-plus")
    click(dialog, "card-use")
    assert context.dialogs == []
    assert [entry.card for entry in deck.cards("maple_valley")] == [
        FIDDLE.model_copy(update={"score": 8})]
    assert identified(view.root, "deck-count").value == "1 card"


def test_a_card_taken_out_comes_back_with_undo(tmp_path):
    deck, context, view = screen(tmp_path)
    click(view.root, "deck-town-0-remove")
    assert deck.cards("sunflower_valley") == []
    text, action, undo = context.toasts[-1]
    assert (text, action) == ("Taken out of the deck: Town: Sheep+Field 3★ ☺", "Undo")
    undo()
    assert [entry.card for entry in deck.cards("sunflower_valley")] == [SHEEP_TOWN]


def test_an_import_conflict_waits_for_a_choice_then_takes_the_files_description(tmp_path):
    deck, context, view = screen(tmp_path)
    cheaper = FIDDLE.model_copy(update={"score": 6})
    text = deck_json(DeckFile.model_validate({"maple_valley": {"favours": [
        cheaper.model_dump(mode="json")]}}))
    asyncio.run(view.import_text(text, "deck.json"))
    assert view.status.value == ("deck.json: 1 card of the file has another description here: "
                                 "choose below, then Import.")
    assert [entry.card for entry in deck.cards("maple_valley")] == [FIDDLE]  # nothing yet
    click(view.root, "conflict-0-take")
    click(view.root, "conflicts-import")
    assert [entry.card for entry in deck.cards("maple_valley")] == [cheaper]
    assert view.status.value == "Added 0 cards, took the file's description of 1."
    asyncio.run(view.import_text('{"deck": 1, "maple_valley": {"friends": [{"name": "Otter"}]}}',
                                 "bad.json"))
    assert view.status.value == "bad.json: at maple_valley > friends[0] (Otter) > travel: missing"


def test_a_deck_file_is_read_and_checked_off_the_event_loop(tmp_path, monkeypatch):
    """Reading the file runs on a worker thread while the event loop goes on (the loop itself
    lets the held read go on); then its new card is added and said as before."""
    deck, context, view = screen(tmp_path)
    text = '{"deck": 1, "maple_valley": {"friends": [{"name": "Otter", "score": 2, "travel": ["Water"]}]}}'
    held = HeldOffLoop(deck_from_json)
    monkeypatch.setattr(deck_view, "deck_from_json", held)
    asyncio.run(held.run(view.import_text(text, "deck.json")))
    assert held.threads[0] is not threading.main_thread()
    assert [entry.card.name for entry in deck.cards("maple_valley")] == ["Otter", "Fiddle"]
    assert view.status.value == "Added 1 card."
