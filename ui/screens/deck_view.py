"""The deck (route ``/deck``): the group's described cards per game (ui/store/deck.py), to list,
search, edit and remove, and a deck file to export or import (merged: a card named like one here
with another description is shown for a choice, never overwritten).

Editing reuses the games' own dialogs: Sunflower Valley's card picker and Maple Valley's card
dialog, the deck standing in for the player who holds the card.
"""

from __future__ import annotations

import asyncio
import io
from collections.abc import Callable

import flet as ft

from scorer.deck import DeckFile, deck_from_json, deck_json, load_deck
from scorer.files import TableFileError
from scorer.language import Language
from scorer.message import msg
from ui.games.maple_valley.draft import KINDS, summary
from ui.games.maple_valley.editor_model import HeldCard
from ui.games.maple_valley.known_cards import KnownCard
from ui.games.sunflower_valley.cards import LOOK, combination_text, shade_of, symbols
from ui.games.sunflower_valley.editor_model import card_words
from ui.parts.saving import saves
from ui.parts.shades import INK, SHADE, in_shade
from ui.parts.widgets import PROBLEM, TOUCH, heading, labelled, tap_target
from ui.parts.words import app_language
from ui.screens.after_game_views import chips, screen_top
from ui.screens.exports import save_export
from ui.screens.import_view import FileImport
from ui.store.deck import Deck, DeckCard, DeckImport

GAMES = (("sunflower_valley", "Sunflower Valley"), ("maple_valley", "Maple Valley"))
MAPLE_HEADINGS = {"Favour": msg("ui.deck.favours", "Favours"),
                  "Friend": msg("ui.deck.friends", "Friends"),
                  "Patch": msg("ui.deck.patches", "Patches")}


def card_text(entry: DeckCard, words: Language | None = None) -> str:
    """One line for a card in ``words`` (English by default): "Town: Sheep+Field 3★ ☺" or
    "Fiddle: Entertainment, 7 points"."""
    words = words or app_language("en")
    card = entry.card
    if entry.game == "sunflower_valley":
        described = card.model_dump(mode="json")
        return (f"{words.render(card.kind.word)}: {combination_text(described, words)} "
                f"{symbols(described)}").strip()
    return f"{card.name}: {words.render(summary(card))}"


def shown(cards: list[DeckCard], search: str, words: Language | None = None) -> list[DeckCard]:
    """The cards a search finds: every word searched is in the card's words in the device's
    language (its kind, name, combination, points...)."""
    searched = search.casefold().split()

    def text(entry: DeckCard) -> str:
        extra = card_words(entry.card, words) if entry.game == "sunflower_valley" else ""
        return f"{entry.kind} {card_text(entry, words)} {extra}".casefold()

    return [entry for entry in cards if all(word in text(entry) for word in searched)]


class DeckView(FileImport):
    def __init__(self, context):
        self.context = context
        words = self.words = context.words
        self.deck = Deck(context.store)
        self.game = "sunflower_valley"
        self.plans: list[DeckImport] | None = None
        """An import waiting for the person's choices (its conflicts)."""
        self.status = ft.Text(size=14)
        self.saved = ft.Column(spacing=4)
        self.picker = ft.FilePicker(on_result=self._picked)
        # Kept for the life of the screen, so typing in it is never interrupted by a redraw.
        self.search = ft.TextField(hint_text=words.say("ui.deck.search", "Search: Fiddle, sheep 3…"),
                                   dense=True,
                                   prefix_icon=ft.Icons.SEARCH, border=ft.OutlineInputBorder(),
                                   on_change=lambda e: self._redraw())
        self.listing = ft.Column(spacing=6)
        self.count = ft.Text(size=13, color=ft.Colors.ON_SURFACE_VARIANT)
        self.games = ft.Container()
        self.conflicts = ft.Column(spacing=10)
        # The screen's parts stay the same controls; a redraw changes what they hold.
        self.root = ft.Column(expand=True, scroll=ft.ScrollMode.AUTO, controls=[ft.Container(
            ft.Column([
                screen_top(self.context, "/deck"),
                ft.Text(words.say("ui.deck.explained",
                                  "Every card described at any table joins the deck, and the card "
                                  "pickers of every table offer it first. Deleting a table forgets "
                                  "none of them."), size=14),
                self.games,
                labelled("deck-search", self.search),
                labelled("deck-count", self.count),
                self.listing,
                ft.Divider(),
                ft.Text(words.say("ui.deck.file_explained",
                                  "A deck file holds every game's cards, to share them with another "
                                  "group member: importing it adds the cards that are not here."),
                        size=14),
                ft.Row([
                    tap_target(ft.Row([ft.Icon(ft.Icons.DOWNLOAD),
                                       ft.Text(words.say("ui.deck.export", "Export the deck file"))], tight=True),
                               self._export, "deck-export"),
                    tap_target(ft.Row([ft.Icon(ft.Icons.UPLOAD_FILE),
                                       ft.Text(words.say("ui.deck.import", "Import a deck file"))], tight=True),
                               self._picking, "deck-import",
                               action=ft.PickFiles(file_picker=self.picker, with_data=True,
                                                   file_type=ft.FilePickerFileType.CUSTOM,
                                                   allowed_extensions=["json"])),
                ], wrap=True, spacing=8),
                self.saved,
                labelled("deck-status", self.status),
                self.conflicts,
            ], spacing=10), padding=12)])
        self.render()

    def render(self) -> None:
        cards = self.deck.cards(self.game)
        found = shown(cards, self.search.value or "", self.words)
        self.games.content = chips(list(GAMES), self.game, self._choose_game, "deck-game")
        self.listing.controls = self._listing(found)
        if len(found) != len(cards):
            self.count.value = self.words.say_n("ui.deck.count_found", "{count} card, {found} found",
                                                "{count} cards, {found} found", len(cards),
                                                found=len(found))
        else:
            self.count.value = self.words.say_n("ui.deck.count", "{count} card", "{count} cards",
                                                len(cards))
        self.conflicts.controls = self._conflicts()

    # The list ---------------------------------------------------------------------------------

    def _listing(self, found: list[DeckCard]) -> list[ft.Control]:
        if self.game == "sunflower_valley":
            return [self._row(entry, index) for index, entry in enumerate(found)] or [
                ft.Text(self.words.say("ui.deck.no_sv_cards", "No Town or Farmer card yet: "
                                       "describe one at a table."), size=14)]
        rows: list[ft.Control] = []
        for kind in KINDS:
            of_kind = [entry for entry in found if entry.kind == kind]
            rows.append(heading(f"{self.words.render(MAPLE_HEADINGS[kind])} ({len(of_kind)})", 16))
            rows += [self._row(entry, index) for index, entry in enumerate(of_kind)]
        return rows

    def _row(self, entry: DeckCard, index: int) -> ft.Control:
        identifier = f"deck-{entry.kind.lower()}-{index}"
        if entry.game == "sunflower_valley":
            icon, colour = LOOK[entry.card.kind][1], SHADE
            shade = shade_of(entry.card.kind)
            face = ft.Row([ft.Icon(icon, size=18, color=INK),
                           ft.Text(card_text(entry, self.words), size=14, color=INK, expand=True)],
                          spacing=6)
        else:
            colour, shade = ft.Colors.SURFACE_CONTAINER_HIGHEST, None
            face = ft.Column([ft.Text(entry.card.name, size=15, weight=ft.FontWeight.BOLD),
                              ft.Text(self.words.render(summary(entry.card)), size=13,
                                      color=ft.Colors.ON_SURFACE_VARIANT)],
                             spacing=0, tight=True)
        card = tap_target(face, lambda e, entry=entry: self._edit(entry), identifier,
                          height=None, padding=10, bgcolor=colour,
                          tooltip=self.words.say("ui.deck.change_card", "Tap to change the card"))
        return ft.Row([
            ft.Container(in_shade(shade, card) if shade else card, expand=True),
            tap_target(ft.Icon(ft.Icons.CLOSE), lambda e, entry=entry:
                       self._remove(entry), f"{identifier}-remove", width=TOUCH, padding=0,
                       tooltip=self.words.say("ui.deck.remove_card", "Take it out of the deck")),
        ], spacing=6)

    def _choose_game(self, game: str) -> None:
        self.game = game
        self._redraw()

    def _edit(self, entry: DeckCard) -> None:
        if entry.game == "sunflower_valley":
            from ui.games.sunflower_valley.editor_view import DescriptionPicker

            DescriptionPicker(self.context, entry.card.kind, entry.card,
                              self.words.say("ui.deck.correct", "Correct {{}} in the deck"),
                              lambda card, everywhere: self._replace(entry, card)).open()
        else:
            from ui.games.maple_valley.card_dialog import CardDialog

            CardDialog(DeckHolder(self, entry), entry.kind, 0).open()

    @saves
    def _replace(self, entry: DeckCard, card) -> None:
        self.deck.replace(entry, card)
        self._redraw()

    @saves
    def _remove(self, entry: DeckCard) -> None:
        self.deck.remove(entry)
        self.context.toast(self.words.say("ui.deck.removed", "Taken out of the deck: {card}",
                                          card=card_text(entry, self.words)),
                           self.words.say("ui.deck.undo", "Undo"),
                           lambda: self._put_back(entry))
        self._redraw()

    @saves
    def _put_back(self, entry: DeckCard) -> None:
        self.deck.add(entry.game, entry.kind, entry.card)
        self._redraw()

    # The deck file ----------------------------------------------------------------------------

    async def _export(self, e=None) -> None:
        await save_export(self.context, "scorepad-deck", "json", deck_json(self.deck.export()),
                          self.saved, "deck-saved")

    async def _picked(self, e: ft.FilePickerResultEvent) -> None:
        """The picked file read as a table file is (scorer.files.read_limited)."""
        if not e.files:
            self._say("", None)
            return
        picked = e.files[0]
        if picked.bytes is None:
            self._say(self.words.say("ui.deck.no_content",
                                     "{file}: the browser did not give the file's content",
                                     file=picked.name))
            return
        upload = io.BytesIO(picked.bytes)
        upload.name = picked.name
        await self._import(lambda: load_deck(upload), picked.name)

    async def import_text(self, text: str, source: str) -> None:
        await self._import(lambda: deck_from_json(text, source), source)

    @saves
    async def _import(self, read: Callable[[], DeckFile], source: str) -> None:
        """Read a deck file on a worker thread (decoding and checking every card of a large file
        takes a while, and the event loop serves every phone at every table meanwhile); add its
        new cards at once, or first ask about its conflicts."""
        try:
            plans = self.deck.plan_import(await asyncio.to_thread(read))
        except TableFileError as error:
            self._say(self.words.render(error.message))
            return
        if any(plan.conflicts for plan in plans):
            self.plans = plans
            conflicts = sum(len(plan.conflicts) for plan in plans)
            self._say(self.words.say_n(
                "ui.deck.conflicts",
                "{file}: {count} card of the file has another description here: choose below, "
                "then Import.",
                "{file}: {count} cards of the file have another description here: choose below, "
                "then Import.", conflicts, file=source), ft.Colors.ON_SURFACE)
        else:
            self._apply(plans)
        self._redraw()

    def _apply(self, plans: list[DeckImport]) -> None:
        added = sum(len(plan.added) for plan in plans)
        taken = sum(conflict.take for plan in plans for conflict in plan.conflicts)
        known = sum(plan.known for plan in plans)
        self.deck.apply_import(plans)
        self.plans = None
        said = [self.words.say_n("ui.deck.added", "Added {count} card", "Added {count} cards",
                                 added)]
        if taken:
            said.append(self.words.say("ui.deck.taken", "took the file's description of {count}",
                                       count=taken))
        if known:
            said.append(self.words.say("ui.deck.known", "{count} already here", count=known))
        self._say(", ".join(said) + ".", ft.Colors.GREEN_900)

    def _conflicts(self) -> list[ft.Control]:
        """Each card of the file named like one here: what is here and what the file says, and
        which to keep (what is here, unless the person chooses the file's)."""
        if self.plans is None:
            return []
        rows: list[ft.Control] = []
        for plan in self.plans:
            for number, conflict in enumerate(plan.conflicts):
                here = "; ".join(self.words.render(summary(card)) for card in conflict.here)
                rows.append(ft.Container(ft.Column([
                    ft.Text(f"{conflict.kind} {conflict.incoming.name}", size=15,
                            weight=ft.FontWeight.BOLD),
                    ft.Text(self.words.say("ui.deck.here", "Here: {cards}", cards=here), size=13),
                    ft.Text(self.words.say("ui.deck.in_file", "In the file: {card}",
                                           card=summary(conflict.incoming)), size=13),
                    ft.Row([
                        tap_target(self.words.say("ui.deck.keep", "Keep this deck's"), lambda e, c=conflict: self._choose(c, False),
                                   f"conflict-{number}-keep", selected=not conflict.take,
                                   bgcolor=None if conflict.take else ft.Colors.PRIMARY_CONTAINER,
                                   padding=8),
                        tap_target(self.words.say("ui.deck.take", "Take the file's"), lambda e, c=conflict: self._choose(c, True),
                                   f"conflict-{number}-take", selected=conflict.take,
                                   bgcolor=ft.Colors.PRIMARY_CONTAINER if conflict.take else None,
                                   padding=8),
                    ], wrap=True, spacing=6, run_spacing=6),
                ], spacing=4), padding=8, border_radius=8,
                    bgcolor=ft.Colors.SURFACE_CONTAINER_HIGHEST))
        rows.append(ft.Row([
            tap_target(self.words.say("ui.deck.cancel", "Cancel"), self._cancel_import,
                       "conflicts-cancel"),
            tap_target(ft.Text(self.words.say("ui.deck.do_import", "Import"),
                               weight=ft.FontWeight.BOLD),
                       lambda e: self._finish_import(), "conflicts-import",
                       bgcolor=ft.Colors.PRIMARY_CONTAINER),
        ], spacing=8))
        return rows

    def _choose(self, conflict, take: bool) -> None:
        conflict.take = take
        self._redraw()

    @saves
    def _finish_import(self) -> None:
        if self.plans is not None:
            self._apply(self.plans)
        self._redraw()

    def _cancel_import(self, e=None) -> None:
        self.plans = None
        self._say(self.words.say("ui.deck.nothing_imported", "Nothing imported."),
                  ft.Colors.ON_SURFACE_VARIANT)
        self._redraw()

    def _say(self, text: str, colour: str | None = PROBLEM) -> None:
        self.status.value = text
        self.status.color = colour
        self.context.page.update()

    def _redraw(self) -> None:
        self.render()
        self.context.page.update()


class DeckHolder:
    """The deck as Maple Valley's card dialog sees a player holding one card: the card edited.

    The dialog changes it with :meth:`redescribe` and takes it out with :meth:`remove`; it offers
    the deck's Favours by name for an "also have" bonus."""

    def __init__(self, view: DeckView, entry: DeckCard):
        self.view = view
        self.entry = entry
        self.context = view.context
        self.model = self
        self.name = view.words.say("ui.deck.holder", "the deck")
        self.message = ""
        self.draft: dict = {}

    def held(self, kind: str) -> list[HeldCard]:
        return [HeldCard(0, self.entry.card.name, self.entry.card)]

    def known(self, kind: str) -> list[KnownCard]:
        return [KnownCard(entry.card, False) for entry in self.view.deck.cards("maple_valley",
                                                                              kind)]

    def holders(self, kind: str, name: str) -> list[str]:
        return []

    def say_not_saved(self, message: str) -> None:
        """In the card dialog, which stays open with the card as typed."""
        self.message = message

    def redescribe(self, kind: str, old_name: str, card) -> bool:
        self.view.deck.replace(self.entry, card)
        return True

    def remove(self, kind: str, index: int) -> None:
        self.view._remove(self.entry)

    @saves
    def _run(self, action, *args):
        """As an editor runs an action: then the deck screen is drawn again."""
        outcome = action(*args)
        self.view._redraw()
        return outcome
