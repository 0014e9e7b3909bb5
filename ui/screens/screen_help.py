"""Each screen's help: the **?** at its top (control ``screen-help``) opens a dialog that says
what the screen is for and how to do its main thing, in the device's language.

The words are messages of the catalogues' ``help`` domain, one per screen (:data:`TOPICS`), and
the guide shows the same English words: ``script/screen_help.py`` writes each text between the
markers ``<!-- screen-help:TOPIC -->`` and ``<!-- /screen-help -->`` of its page in docs/, and a
test fails when a page and the catalogue differ. A text is plain lines: paragraphs apart by a
blank line, a line starting with "- " a point of a list (Markdown reads it the same)."""

from __future__ import annotations

from dataclasses import dataclass

import flet as ft

from scorer.language import Language
from scorer.message import Message, msg
from ui.parts.dialogs import close_dialog, open_dialog
from ui.parts.widgets import TOUCH, labelled, tap_target

BUTTON = "screen-help"
"""The handle of every screen's **?** (``flt-semantics-identifier`` in the browser)."""
TEXT = "screen-help-text"
CLOSE = "screen-help-close"


@dataclass(frozen=True)
class Topic:
    """One screen's help: its title (the dialog's name) and its text."""

    title: Message
    text: Message


TOPICS: dict[str, Topic] = {
    "home": Topic(
        msg("ui.help.home.title", "Help: saved tables"),
        msg("ui.help.home",
            "This screen lists the tables saved on this app: the game, the players, the date "
            "and who leads. Tap a table to go on with it.\n\n"
            "- New table: choose the game and the players, then start.\n"
            "- Import a table file: a table exported before, or from scorepad score.\n"
            "- History, Statistics, Deck and Backup: the finished games, the group's cards "
            "and a copy of everything.\n"
            "- The bin beside a table deletes it; Undo, or Restore under Recently deleted, "
            "brings it back.\n\n"
            "To join a table another phone started, scan its QR code (its Invite) or open its "
            "link: you do not start from here.\n\n"
            "On a public server, My data and privacy says how long the tables are kept, gives a "
            "backup of this device's tables and forgets this device.")),
    "new-table": Topic(
        msg("ui.help.new-table.title", "Help: new table"),
        msg("ui.help.new-table",
            "Set up the table as it is on the real table.\n\n"
            "- Tap the game.\n"
            "- Type each player's name; tap the round colour for another colour. Add a player "
            "or remove one with the bin.\n"
            "- Then the game's own set-up: Sunflower Valley's 3 goal cards (First game picks "
            "the rulebook's), Girasoles' mode and board size, Maple Valley's Festivities.\n"
            "- Start the table: each player then enters their own part.\n\n"
            "Everything here can be changed later in the table's settings (the gear).")),
    "invite": Topic(
        msg("ui.help.invite.title", "Help: invite"),
        msg("ui.help.invite",
            "Every player can enter their own part on their own phone at the same time.\n\n"
            "- A phone on the same Wi-Fi scans this QR code with its camera, or opens the "
            "link (Copy the link, then send it).\n"
            "- It answers \"Which player are you?\" and lands on that player's part.\n"
            "- Every edit shows on every phone within a second.\n\n"
            "The host sees the devices that joined: the block button stops sharing with one, "
            "New code makes the old link and QR code stop working.\n\n"
            "A tablet or a TV in the middle of the table opens the scoreboard link (or scans its "
            "QR code) to show every score, large and live: it watches, never edits, and is "
            "blocked like a phone.")),
    "join": Topic(
        msg("ui.help.join.title", "Help: joining a table"),
        msg("ui.help.join",
            "You opened a table's invitation.\n\n"
            "- Tap your name: your part of the table opens, the scorepad one tap away.\n"
            "- Just watching opens the scorepad; you can still correct the table.\n\n"
            "To join a table: on the phone that has it open, tap the QR icon at its top "
            "(Invite). Scan the QR code with your camera, or open the link it shows, on the "
            "same Wi-Fi. If this invitation is not valid any more, ask for the new QR code.")),
    "settings": Topic(
        msg("ui.help.settings.title", "Help: table settings"),
        msg("ui.help.settings",
            "Change what was chosen when the table was set up, while you play. Each change is "
            "an edit like any other: Undo takes it back, every phone shows it.\n\n"
            "- Players: rename, tap a colour to change it, add a player, remove one (asked "
            "first).\n"
            "- The game's choices: goal cards, mode and board size, Festivities.\n"
            "- Table options: where the rulebook can be read two ways, the table may read it "
            "the other way than the ruling named beside it (SV-1, GI-3...).")),
    "sunflower-valley": Topic(
        msg("ui.help.sunflower-valley.title", "Help: entering a valley"),
        msg("ui.help.sunflower-valley",
            "Enter your valley as it lies on the table, row by row from its top-left card.\n\n"
            "- Tap a card kind, then tap places: the kind stays chosen, so a row of Fields is "
            "one tap each.\n"
            "- Or drag a kind, or a known card, onto its place: it is laid in one touch and "
            "stays chosen, so a valley read row by row is one touch a card. Pull a known card "
            "down out of its line first (sideways, the line scrolls).\n"
            "- Town and Farmer cards: tap Town… or Farmer…, tap what its combination asks "
            "for, its points (★) and villagers (☺), then Use. A card described once is offered "
            "under the kinds: tap it, then a place.\n"
            "- The arrows above the grid add a row or a column at any edge.\n"
            "- Tap a laid card to move, remove or describe it.\n"
            "- Valley Express: tap the towns in the order the Express reached them, or Let the "
            "scorer choose.\n\n"
            "A card outlined in red with \"!\" is kept but not scored until fixed: the words "
            "under the grid say why. Undo and redo are at the top.")),
    "girasoles": Topic(
        msg("ui.help.girasoles.title", "Help: entering a board"),
        msg("ui.help.girasoles",
            "Each player's tab has three panels.\n\n"
            "- Board: choose a tool, then tap spaces; the tool stays chosen. A colour paints "
            "the space tapped; with 2 across, 2 down or Start 2×2, one tap lays a whole tile "
            "from its top-left space. A symbol (Sunflower, Bee, Leaf, Ladybug) goes on the "
            "space tapped; Empty and None take them off.\n"
            "- Coins: the total, or round by round.\n"
            "- Objectives: the whole table's additional objectives, as the cards show them.\n\n"
            "A symbol on a space with no colour is kept, marked \"!\", and scored once the "
            "space is painted. Undo and redo are at the top.")),
    "maple-valley": Topic(
        msg("ui.help.maple-valley.title", "Help: entering the cards"),
        msg("ui.help.maple-valley",
            "Each player's tab has three pages.\n\n"
            "- Cards: Add a Favour, Friend or Patch. A card described before is offered in one "
            "tap; a new one takes its name, its printed score and its bonus. Tap a card to "
            "change it.\n"
            "- Pack: the resources and Maps still held, with minus and plus or typed.\n"
            "- Festivities: the 3 names and every player's cubes on each.\n\n"
            "Alone, the Solo title page shows your title and the answers behind it. Undo and "
            "redo are at the top.")),
    "scorepad": Topic(
        msg("ui.help.scorepad.title", "Help: the scorepad"),
        msg("ui.help.scorepad",
            "The rulebook's scorepad: a row per line, a column per player, then the totals, "
            "the ranks and the tie-break. It changes as the players enter their parts.\n\n"
            "- Tap a number to see why: the sentences behind it, and the cards or spaces it "
            "counted highlighted. Open the player's part from there to correct it.\n"
            "- A ruling id in brackets, such as [SV-1], names how the app reads a rule the "
            "rulebook leaves open (SV: Sunflower Valley, GI: Girasoles, MV: Maple Valley). "
            "The tapped number shows the ruling's title and summary; the guide's page "
            "Rulings has them all with the reasons, and a table can read some of them the "
            "other way in its settings.\n"
            "- Amber warnings say what looks wrong; what is not scored until fixed is listed "
            "with a button to where it is fixed.\n\n"
            "Share: copy the scorepad as text, or export the table file. The flag at the top "
            "finishes the game.")),
    "finish": Topic(
        msg("ui.help.finish.title", "Help: finishing the game"),
        msg("ui.help.finish",
            "Finish the game to keep it in the History and the Statistics.\n\n"
            "- Check the date and time, add a location or a note if you like, tap who "
            "started.\n"
            "- Finish the game: home then lists it under Finished games.\n"
            "- After that: Send to BG Stats, Rematch (a new table, same players), or Reopen "
            "to go on with it.\n\n"
            "The points are never stored: the table is scored again each time it is shown.")),
    "history": Topic(
        msg("ui.help.history.title", "Help: history"),
        msg("ui.help.history",
            "The finished games, newest first: the date, the game, each player's total and "
            "the winner.\n\n"
            "- Tap a game or a player above the list to show only theirs.\n"
            "- Tap a game to open its scorepad.\n\n"
            "A game comes here once it is finished with the flag at the top of its table.")),
    "statistics": Topic(
        msg("ui.help.statistics.title", "Help: statistics"),
        msg("ui.help.statistics",
            "What the finished games of one game say, per player: games, wins, win rate, "
            "average and best total.\n\n"
            "- Tap a game at the top to see its statistics.\n"
            "- The bars show the average points of each scorepad line; the chart, the totals "
            "over time.\n\n"
            "A shared win counts for every tied winner. Names that differ only in capitals are "
            "one player.")),
    "backup": Topic(
        msg("ui.help.backup.title", "Help: backup"),
        msg("ui.help.backup",
            "Keep a copy of every table you see, finished or not, and of the group's deck.\n\n"
            "- Download backup: one file; untick the photos for a smaller one.\n"
            "- Import a backup: adds the tables and cards that are not here yet, so importing "
            "twice adds nothing.\n"
            "- Finished games (CSV): one row per player per game, for a spreadsheet.")),
    "import": Topic(
        msg("ui.help.import.title", "Help: importing a table file"),
        msg("ui.help.import",
            "A table file is what Export table file writes and scorepad score reads, for any "
            "of the three games.\n\n"
            "- Paste its text in the box, or Pick a file.\n"
            "- Import: a good file becomes a saved table, opened at its scorepad.\n\n"
            "A file with a problem is refused, and the words name the place of each problem.")),
    "deck": Topic(
        msg("ui.help.deck.title", "Help: the deck"),
        msg("ui.help.deck",
            "Every Town and Farmer card and every Favour, Friend and Patch described at any "
            "table joins the group's deck, so the next tables offer it first.\n\n"
            "- Tap a game, then search by name, kind or points.\n"
            "- Tap a card to correct it; × takes it out of the deck (Undo in the message).\n"
            "- Export the deck file to give it to another group; Import a deck file adds its "
            "cards and asks which to keep when two differ.")),
}
"""Each screen's help by topic, the name of its markers in the guide (``screen-help:TOPIC``)."""

AFTER_GAME_TOPICS = {"/history": "history", "/statistics": "statistics", "/backup": "backup",
                     "/deck": "deck"}
"""The help of each screen about past games, by its address."""


def editor_topic(game_key: str) -> str:
    """The help of a game's editor (a player's tab): the game's key as the guide spells it."""
    return game_key.replace("_", "-")


def paragraphs(text: str) -> list[str]:
    """A help text's paragraphs and points (each point a paragraph of its own, as shown)."""
    return [line for part in text.split("\n\n") for line in part.split("\n") if line.strip()]


BULLET = "•"


def shown(line: str) -> list[str]:
    """The texts the app shows for a line of a help text: a point as a bullet and its words
    (which wrap beside the bullet, not under it), a paragraph as it is."""
    return [BULLET, line[2:]] if line.startswith("- ") else [line]


def line_control(line: str) -> ft.Control:
    parts = [ft.Text(text, size=15) for text in shown(line)]
    if len(parts) == 1:
        return parts[0]
    parts[1].expand = True
    return ft.Row(parts, spacing=8, vertical_alignment=ft.CrossAxisAlignment.START)


def help_button(context, topic: str) -> ft.Control:
    """The **?** of a screen: a tap target that opens the help of ``topic``."""
    return ScreenHelp(context, topic).button


def help_title(title: ft.Text, context, topic: str) -> ft.Control:
    """A dialog's title with its **?** at the right (a dialog that is a screen of its own: the
    import, the invitation). The title's text stays the first, so it names the dialog."""
    return ft.Row([ft.Container(title, expand=True), help_button(context, topic)],
                  vertical_alignment=ft.CrossAxisAlignment.START)


class ScreenHelp:
    """A screen's **?** and the dialog it opens, said in the device's language (``context.words``
    when the screen is built: a language switch builds the screen again)."""

    def __init__(self, context, topic: str):
        self.context = context
        self.topic = TOPICS[topic]
        self.words: Language = context.words
        self.button = tap_target(
            ft.Icon(ft.Icons.HELP_OUTLINE), self.open, BUTTON, width=TOUCH, padding=0,
            tooltip=self.words.render(self.topic.title))

    def open(self, e=None) -> None:
        # A new dialog at each tap, as the app's other dialogs: a closed one stays in the
        # page's dialog stack until the browser says it is gone, and Flet refuses to show a
        # dialog that is in the stack (a second tap soon after Close would fail).
        open_dialog(self.context.page, self.dialog())

    def dialog(self) -> ft.AlertDialog:
        """The help's dialog: the title, the text (scrolls when long), Close."""
        words = self.words
        lines = [line_control(line) for line in paragraphs(words.render(self.topic.text))]
        return ft.AlertDialog(
            title=ft.Text(words.render(self.topic.title), size=18),
            content=labelled(TEXT, ft.Column(lines, tight=True, spacing=10, width=480,
                                             scroll=ft.ScrollMode.AUTO)),
            actions=[tap_target(words.say("ui.common.close", "Close"),
                                lambda e: close_dialog(self.context.page), CLOSE)],
            scrollable=True,
        )
