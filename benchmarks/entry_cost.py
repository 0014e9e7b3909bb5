"""Entry cost in the real browser at phone size (390x844): the taps and keystrokes a person makes
to enter a table, counted in the page itself (every pointer press, every key typed; a select-all
made by the script is not counted).

Run: ``python benchmarks/entry_cost.py`` (Debian chromium and playwright, as for the browser
tests). It starts ``scorepad app`` on a free port with a throw-away database and enters, by taps
and typing alone:

- **Sunflower Valley**, 3 players with 19-card valleys (the layouts of Ann, Bob and Cy in
  ``examples/sunflower_valley/full_table.json``; Bob's and Cy's Town and Farmer cards carry Ann's
  descriptions, so the first valley describes 3 new cards and the next ones reuse them). Each
  valley is entered as it is read off the table, row by row from its top-left card, the brush
  staying between cards of the same kind, the grid grown at an edge when the next card lies
  beyond it. The Express route is left to the scorer.
- **Girasoles**, the rulebook's scoring example board (``tests/app/girasoles_taps.py``) and its
  coins.
- **Sunflower Valley with the deck**: the same valleys at a new table, the group's deck holding
  the table's Town and Farmer cards: row by row, then kind by kind (each card chosen once, its
  places tapped; the cards whose places are on the grid already first), by taps alone; then both
  orders again dragging a card onto its place (issue 36, item 4: one touch chooses and lays it,
  :meth:`ui.games.sunflower_valley.editor_model.ValleyEditor.drop`): row by row, a card of
  another kind than the last is dragged, one of the same kind tapped; kind by kind, each card's
  first place is dragged onto, the others tapped. The medians a card laid are printed beside issue
  36's targets, by taps alone (before) and dragging (after).
- **Maple Valley**, the rulebook's Red player (``examples/maple_valley/rulebook_final_scoring.json``):
  cards new at one table, then the same cards in the group's deck at another.

Each part checks the total on screen against the library's, then the figures are printed; with
``--write`` they are also written, as one table, to docs/benchmarks/entry_cost.md. Nothing here
asserts a cost; ``--parts`` runs some of the parts only.
"""

from __future__ import annotations

import argparse
import json
import re
import statistics
import sys
import tempfile
from dataclasses import dataclass
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "tests" / "app"))

from benchmarks.results import add_write_option, markdown_table, write_results  # noqa: E402
from app_browser import (  # noqa: E402
    CHROMIUM, CHROMIUM_ARGS, RETRY_AFTER, AppServer, free_port, handle, open_app, tap_until,
    text_of, type_into, wait_text,
)
from valley_drag import SCROLLS, drag_until  # noqa: E402
from girasoles_taps import plan as girasoles_plan  # noqa: E402
from test_app_girasoles_browser import messages_of, tool_or_space  # noqa: E402
from test_app_maple_valley_browser import describe as describe_maple_card  # noqa: E402
from test_app_maple_valley_browser import HEADINGS, show, step_to, tap_once  # noqa: E402

from scorer.files import load_table  # noqa: E402
from scorer.games import parse_table, score  # noqa: E402
from scorer.sunflower_valley.models import CardDescription, Kind  # noqa: E402
from ui.games.registry import APP_GAMES  # noqa: E402
from ui.games.plugin import PlayerSetup  # noqa: E402
from ui.live.session import Sessions  # noqa: E402
from ui.store.deck import Deck  # noqa: E402
from ui.store.storage import TableStore  # noqa: E402
from ui.games.sunflower_valley.editor_model import ValleyEditor  # noqa: E402

SMOKE_ARGS = ["--parts", "girasoles"]
"""The smallest run, for the suite's smoke test (tests/test_benchmarks_smoke_browser.py)."""
PHONE = {"width": 390, "height": 844}
EXAMPLES = ROOT / "examples"
SV_TABLE = EXAMPLES / "sunflower_valley" / "full_table.json"
GIRASOLES_BOARD = EXAMPLES / "girasoles" / "rulebook_scoring_example.json"
MAPLE_TABLE = EXAMPLES / "maple_valley" / "rulebook_final_scoring.json"
COLOURS = ["red", "blue", "green", "yellow"]
COUNTERS = """
window.__entry = {taps: 0, keys: 0};
window.addEventListener('pointerdown', () => { window.__entry.taps += 1; }, true);
window.addEventListener('keydown', (event) => {
    const typed = event.key.length === 1 || ['Enter', 'Backspace'].includes(event.key);
    if (typed && !event.ctrlKey && !event.metaKey) window.__entry.keys += 1;
}, true);
"""
"""Counts, in the page, what a person does: every press of a finger, every key typed. Now and
then the driver presses once more when the page redraws under its click (a tap or so per part)."""


@dataclass
class Cost:
    taps: int = 0
    keys: int = 0

    def __sub__(self, other: Cost) -> Cost:
        return Cost(self.taps - other.taps, self.keys - other.keys)

    @property
    def both(self) -> int:
        return self.taps + self.keys


def counted(page) -> Cost:
    return Cost(**page.evaluate("() => window.__entry"))


def say(text: str) -> None:
    print(text, flush=True)


ENTERED: list[tuple[str, str, object, object, str, str]] = []
"""The figures printed, as the results file's rows: part, what was entered, taps, keystrokes,
the taps per card or space, and a note (the script's retries, the totals checked)."""


def record(part: str, entered: str, cost: Cost | None, per: str = "", note: str = "") -> None:
    """A row of :data:`ENTERED` (``cost`` None: a check, no cost)."""
    ENTERED.append((part, entered, cost.taps if cost else "", cost.keys if cost else "", per,
                    note.strip(" ()")))


class Retries:
    """Passes the browser helpers' stderr through, counting their retries: now and then the
    Flutter web client drops a synthetic click and the script taps again, which the page counts
    as one more tap (a person's figure is the count less the retries)."""

    def __init__(self, stream):
        self.stream = stream
        self.count = 0

    def write(self, text: str) -> int:
        self.count += text.count("tapping again") + text.count("trying again")
        return self.stream.write(text)

    def flush(self) -> None:
        self.stream.flush()

    def since(self, start: int) -> str:
        """Words to add to a figure when the script retried since ``start``."""
        retries = self.count - start
        return "" if not retries else f" (includes {retries} retr{'y' if retries == 1 else 'ies'} " \
            "of the script after a dropped click)"


def new_table(store: TableStore, game: str, names: list[str], setup: dict | None = None) -> int:
    plugin = APP_GAMES[game]
    players = [PlayerSetup(name, colour) for name, colour in zip(names, COLOURS)]
    return store.create(plugin.key, plugin.new_draft(
        players, setup if setup is not None else plugin.default_setup()))


# Sunflower Valley -------------------------------------------------------------------------------


def sv_table() -> dict:
    """Three 19-card valleys; the later ones carry the first one's Town and Farmer
    descriptions."""
    source = json.loads(SV_TABLE.read_text())
    players = source["players"][:3]
    first = [card for card in players[0]["valley"]["cards"] if card["kind"] in ("town", "farmer")]
    by_kind = {kind: [card for card in first if card["kind"] == kind] for kind in ("town",
                                                                                   "farmer")}
    for player in players[1:]:
        used = {"town": 0, "farmer": 0}
        for card in player["valley"]["cards"]:
            if card["kind"] in by_kind:
                chosen = by_kind[card["kind"]][used[card["kind"]] % len(by_kind[card["kind"]])]
                used[card["kind"]] += 1
                card.update({key: chosen[key] for key in ("combination", "points", "villagers")})
    for player in players:
        player["valley"].pop("express_stops", None)
    return {"game": "sunflower_valley", "goals": source["goals"], "players": players}


def as_it_lies(valley: dict) -> list[tuple[tuple[int, int], CardDescription]]:
    """The cards row by row from the top-left, placed with the Starting Town at (0, 0)."""
    cards = valley["cards"]
    start = next(card for card in cards if card["kind"] == "starting_town")
    order = sorted((card for card in cards if card is not start),
                   key=lambda card: (card["row"], card["col"]))
    return [((card["row"] - start["row"], card["col"] - start["col"]),
             CardDescription.model_validate({key: value for key, value in card.items()
                                             if key not in ("row", "col")}))
            for card in order]


def edge_towards(editor: ValleyEditor, cell: tuple[int, int]) -> str | None:
    top, bottom, left, right = editor.bounds()
    row, col = cell
    return ("top" if row < top else "bottom" if row > bottom else
            "left" if col < left else "right" if col > right else None)


def enter_valley(page, editor: ValleyEditor, cards, described: list,
                 dragging: bool = False) -> Cost:
    """Tap a valley in as it lies; the editor's model (on a twin table) says what the screen
    must show after each tap. ``dragging``: a card of another kind than the last (all known) is
    dragged onto its place, one of the same kind tapped."""
    start = counted(page)
    brush = None
    described_now: tuple[CardDescription, Cost] | None = None
    for laid, (cell, description) in enumerate(cards, start=1):
        while (edge := edge_towards(editor, cell)) is not None:
            editor.grow(edge)
            tap_until(page, f"grow-{edge}", "editor-message", "^The grid has")
        if dragging and description != brush:
            editor.drop(cell, description)
            brush = description
            drag_until(page, source_of(page, description), f"cell-{cell[0]}-{cell[1]}",
                       "card-count", rf"^{laid} of 18 Valley cards")
            continue
        if description != brush:
            if description.kind not in (Kind.TOWN, Kind.FARMER):
                tap_until(page, f"palette-{description.kind.value}", "editor-message",
                          "^" + re.escape(f"Tap a place to lay a {description.kind.label}."))
            elif description in described:
                choose_known(page, description)
            else:
                described_now = (description, describe_sv_card(page, description))
                described.append(description)
            editor.choose_description(description)
            brush = description
        editor.tap(cell)
        tap_until(page, f"cell-{cell[0]}-{cell[1]}", "card-count",
                  rf"^{laid} of 18 Valley cards")
        if described_now is not None:
            cost = counted(page) - described_now[1]
            say(f"  new {described_now[0].summary}: {cost.taps} taps after its kinds "
                       "(points, villagers, Use, its place)")
            record(SV_ROW_BY_ROW, f"a new {described_now[0].summary}: its points, villagers, "
                   "Use and place, after its kinds", cost)
            described_now = None
    return counted(page) - start


def known_chip(page, description: CardDescription) -> str:
    """The chip of the known card (this table's or the deck's): finding it reads the screen
    only."""
    position = 0
    while description.summary not in text_of(page, f"described-{position}"):  # its tooltip
        position += 1
    return f"described-{position}"


def choose_known(page, description: CardDescription) -> None:
    """Tap the known card among the chips: one tap."""
    tap_until(page, known_chip(page, description), "editor-message",
              "^" + re.escape(f"Tap a place to lay a {description.summary}."))


def source_of(page, description: CardDescription) -> str:
    """Where a card is dragged from: its kind in the palette, or its chip among the known."""
    if description.kind in (Kind.TOWN, Kind.FARMER):
        return known_chip(page, description)
    return f"palette-{description.kind.value}"


def by_kind(editor: ValleyEditor, cards) -> list[tuple[str, object]]:
    """The taps of a valley entered kind by kind, as the brush invites: each card (kind or known
    Town/Farmer) chosen once, then its places; the cards whose places are on the grid already
    go first, and a row or column is added only when no place of the card is in reach."""
    def in_reach(cell) -> bool:
        top, bottom, left, right = editor.bounds()
        return top <= cell[0] <= bottom and left <= cell[1] <= right

    places: dict[CardDescription, list] = {}
    for cell, description in cards:
        places.setdefault(description, []).append(cell)
    steps: list[tuple[str, object]] = []
    while places:
        description = max(places, key=lambda d: sum(map(in_reach, places[d])) / len(places[d]))
        pending = places.pop(description)
        editor.choose_description(description)
        steps.append(("choose", description))
        while pending:
            reachable = [cell for cell in pending if in_reach(cell)]
            if not reachable:
                edge = edge_towards(editor, pending[0])
                editor.grow(edge)
                steps.append(("grow", edge))
                continue
            editor.tap(reachable[0])
            pending.remove(reachable[0])
            steps.append(("lay", reachable[0]))
    return steps


def enter_by_kind(page, editor: ValleyEditor, cards, dragging: bool = False) -> Cost:
    """A valley whose Town and Farmer cards are all known (from the deck), kind by kind;
    ``dragging``: each card dragged onto its first place (after any row or column that place
    needs), its other places tapped."""
    start = counted(page)
    laid = 0
    chosen: CardDescription | None = None
    for step, what in by_kind(editor, cards):
        if step == "grow":
            tap_until(page, f"grow-{what}", "editor-message", "^The grid has")
        elif step == "lay":
            laid += 1
            if chosen is not None:
                drag_until(page, source_of(page, chosen), f"cell-{what[0]}-{what[1]}",
                           "card-count", rf"^{laid} of 18 Valley cards")
                chosen = None
            else:
                tap_until(page, f"cell-{what[0]}-{what[1]}", "card-count",
                          rf"^{laid} of 18 Valley cards")
        elif dragging:
            chosen = what
        elif what.kind in (Kind.TOWN, Kind.FARMER):
            choose_known(page, what)
        else:
            tap_until(page, f"palette-{what.kind.value}", "editor-message",
                      "^" + re.escape(f"Tap a place to lay a {what.kind.label}."))
    return counted(page) - start


def describe_sv_card(page, description: CardDescription) -> Cost:
    """Town… or Farmer…, its kinds; then one tap for the points, one for the villagers (none
    when 0), and Use. Returns the count once the kinds are chosen."""
    tap_until(page, f"palette-{description.kind.value}", "picker-combination", "^nothing yet$")
    page.wait_for_timeout(800)  # a dialog ignores taps while it opens
    for count, kind in enumerate(description.combination, start=1):
        shown = " + ".join(k.label for k in description.combination[:count])
        tap_until(page, f"picker-add-{kind.value}", "picker-combination",
                  "^" + re.escape(shown) + "$")
    after_kinds = counted(page)
    for name, value in (("points", description.points), ("villagers", description.villagers)):
        if value:
            tap_until(page, f"picker-{name}-{value}", f"picker-{name}", f": {value}$")
    tap_until(page, "picker-use", "editor-message",
              "^" + re.escape(f"Tap a place to lay a {description.summary}."))
    return after_kinds


SV_ROW_BY_ROW = "Sunflower Valley, row by row"


def sunflower_valley(server: AppServer, browser, folder: Path) -> None:
    table = sv_table()
    names = [player["name"] for player in table["players"]]
    table_id = new_table(TableStore(server.db), "sunflower_valley", names,
                         {"goals": table["goals"]})
    twin_store = TableStore(folder / "twin-sv.sqlite3")
    twin = Sessions(twin_store, APP_GAMES).get(new_table(
        twin_store, "sunflower_valley", names, {"goals": table["goals"]}))
    page = phone_page(browser)
    open_app(page, f"{server.url}/table/{table_id}/valley/0")
    wait_text(page, "player-total", f"^{names[0]}:")
    described: list[CardDescription] = []
    say("Sunflower Valley, 3 players, 19-card valleys entered row by row from the top-left "
        "card:")
    for index, player in enumerate(table["players"]):
        if index:
            tap_until(page, f"tab-player-{index}", "player-total", f"^{player['name']}:")
        cards = as_it_lies(player["valley"])
        retries = RETRIES.count
        cost = enter_valley(page, ValleyEditor(twin, index), cards, described)
        say(f"  valley {index + 1} ({player['name']}): {cost.taps} taps for {len(cards)} cards, "
            f"{cost.taps / len(cards):.2f} taps per card{RETRIES.since(retries)}")
        record(SV_ROW_BY_ROW, f"valley {index + 1} ({player['name']}), {len(cards)} cards", cost,
               f"{cost.taps / len(cards):.2f} a card", RETRIES.since(retries))
    check_totals(page, table, "", SV_ROW_BY_ROW)
    page.context.close()


def check_totals(page, table: dict, how: str, part: str) -> None:
    """Each player's total on their tab, as the library scores the table."""
    expected = [p.total for p in score(parse_table(table)).players]
    for index, player in enumerate(table["players"]):
        tap_until(page, f"tab-player-{index}", "player-total",
                  f"^{re.escape(player['name'])}: {expected[index]} points")
    say(f"  {how}totals on screen = the library's: {expected}")
    record(part, "totals on screen = the library's", None, note=str(expected))


ORDERS = (
    ("row by row", None, False), ("kind by kind", enter_by_kind, False),
    ("row by row, dragging", None, True), ("kind by kind, dragging", enter_by_kind, True),
)
"""The deck part's ways of entering: the order, its entry function (None: as it lies), whether
a card is dragged onto its place."""
TARGETS = {"row by row": 1.5, "kind by kind": 1.3}
"""Issue 36, item 4: the medians of taps a card laid to reach, in each order."""
PER_CARD: dict[str, list[float]] = {}
"""Taps a card laid, per valley, by way of entering (the deck part)."""


def sunflower_valley_deck(server: AppServer, browser, folder: Path) -> None:
    """The same valleys at a new table, with a deck holding the table's Town and Farmer cards:
    row by row as before, then kind by kind; by taps alone, then dragging."""
    table = sv_table()
    names = [player["name"] for player in table["players"]]
    store = TableStore(server.db)
    deck = Deck(store)
    for player in table["players"]:
        for _, description in as_it_lies(player["valley"]):
            if description.kind in (Kind.TOWN, Kind.FARMER):
                deck.add("sunflower_valley", description.kind.value, description)
    say(f"Sunflower Valley with a deck holding the table's {len(deck.cards('sunflower_valley'))} "
        "Town and Farmer cards, at a new table:")
    for how, enter, dragging in ORDERS:
        part = f"Sunflower Valley, the deck holding its Town and Farmer cards, {how}"
        table_id = new_table(store, "sunflower_valley", names, {"goals": table["goals"]})
        twin_store = TableStore(folder / f"twin-deck-{table_id}.sqlite3")
        twin = Sessions(twin_store, APP_GAMES).get(new_table(
            twin_store, "sunflower_valley", names, {"goals": table["goals"]}))
        page = phone_page(browser)
        open_app(page, f"{server.url}/table/{table_id}/valley/0")
        wait_text(page, "player-total", f"^{names[0]}:")
        for index, player in enumerate(table["players"]):
            if index:
                tap_until(page, f"tab-player-{index}", "player-total", f"^{player['name']}:")
            cards = as_it_lies(player["valley"])
            known = [description for _, description in cards]
            retries, scrolls = RETRIES.count, SCROLLS[0]
            editor = ValleyEditor(twin, index)
            cost = (enter(page, editor, cards, dragging) if enter else
                    enter_valley(page, editor, cards, known, dragging))
            PER_CARD.setdefault(how, []).append(cost.taps / len(cards))
            note = RETRIES.since(retries) + scrolled(SCROLLS[0] - scrolls)
            say(f"  {how}, valley {index + 1} ({player['name']}): {cost.taps} taps for "
                f"{len(cards)} cards laid, {cost.taps / len(cards):.2f} a card laid, "
                f"{cost.taps / (len(cards) + 1):.2f} a card of the 19-card valley{note}")
            record(part, f"valley {index + 1} ({player['name']}), {len(cards)} cards laid", cost,
                   f"{cost.taps / len(cards):.2f} a card laid, "
                   f"{cost.taps / (len(cards) + 1):.2f} a card of the 19", note)
        check_totals(page, table, f"{how}: ", part)
        page.context.close()
    against_targets()


def scrolled(scrolls: int) -> str:
    """Words on the page scrolls a drag needed first (a swipe, not counted as a tap)."""
    return "" if not scrolls else f" ({scrolls} scroll{'' if scrolls == 1 else 's'} of the " \
        "page or the known cards' line to bring a card and its place into sight, not counted)"


def against_targets() -> None:
    """The medians a card laid of each order, by taps alone and dragging, beside the targets."""
    part = "Sunflower Valley with the deck: medians against issue 36's targets"
    for order, target in TARGETS.items():
        before = statistics.median(PER_CARD[order])
        after = statistics.median(PER_CARD[f"{order}, dragging"])
        met = (f"{'met' if before <= target else 'not met'} by taps alone, "
               f"{'met' if after <= target else 'not met'} dragging")
        say(f"  {order}: {before:.2f} taps a card laid by taps alone, {after:.2f} dragging; "
            f"target <= {target} ({met})")
        record(part, f"{order}: median of the 3 valleys", None,
               f"{before:.2f} by taps alone, {after:.2f} dragging",
               f"target <= {target}: {met}")


# Girasoles ------------------------------------------------------------------------------------


def girasoles(server: AppServer, browser, folder: Path) -> None:
    table = load_table(GIRASOLES_BOARD)
    player = table.players[0]
    board = player.board
    table_id = new_table(TableStore(server.db), "girasoles", [player.name],
                         {"mode": "normal", "rows": board.rows, "cols": board.cols})
    steps = girasoles_plan(board)
    said = messages_of(steps, player.name, folder)
    page = phone_page(browser)
    open_app(page, f"{server.url}/table/{table_id}/valley/0")
    wait_text(page, "player-total", f"^{player.name}:")
    start = counted(page)
    retries = RETRIES.count
    for (kind, value), message in zip(steps, said):
        tap_until(page, tool_or_space(kind, value), "editor-message", "^" + re.escape(message))
    board_cost = counted(page) - start
    tap_until(page, "panel-coins", "coins-line", "^Scored: coins worth 0 in all")
    type_into(page, "coins-total", str(player.coins))
    page.keyboard.press("Enter")
    total = score(table).players[0].total
    wait_text(page, "player-total", f"^{re.escape(player.name)}: {total} points")
    cost = counted(page) - start
    spaces = board.rows * board.cols
    say(f"Girasoles, the rulebook's board ({spaces} spaces): {board_cost.taps} taps, "
        f"{board_cost.taps / spaces:.2f} per space; with its coins {cost.taps} taps and "
        f"{cost.keys} keystrokes{RETRIES.since(retries)}; total on screen {total} = the "
        "library's")
    part = "Girasoles, the rulebook's board"
    record(part, f"the board ({spaces} spaces)", board_cost,
           f"{board_cost.taps / spaces:.2f} a space", RETRIES.since(retries))
    record(part, "the board and its coins", cost, note=RETRIES.since(retries))
    record(part, "total on screen = the library's", None, note=str(total))
    page.context.close()


# Maple Valley ---------------------------------------------------------------------------------


def maple_cards(player, table):
    return [("Favour", card) for card in table.favours_of(player)] + \
        [("Friend", card) for card in table.friends_of(player)[1:]] + \
        [("Patch", card) for card in table.patches_of(player)]


def add_known_in_one_tap(page, kind: str, name: str, held: int) -> None:
    """Tap the card's name in the Cards section's "Add in one tap" row."""
    lower = kind.lower()
    position = 0
    while not text_of(page, f"known-{lower}-{position}").endswith(name):  # after its tooltip
        position += 1
    tap_once(page, f"known-{lower}-{position}", f"heading-{lower}",
             HEADINGS[kind].format(held + 1))


def enter_maple_player(page, table, player, known: set[str]) -> Cost:
    """Red's cards: described in the card dialog when new, else one tap on the known card."""
    start = counted(page)
    held = {"Favour": 0, "Friend": 0, "Patch": 0}
    for kind, card in maple_cards(player, table):
        if card.name in known:
            add_known_in_one_tap(page, kind, card.name, held[kind])
        else:
            lower = kind.lower()
            tap_once(page, f"add-{lower}", "card-preview", "^name\\?:")
            page.wait_for_timeout(600)  # a dialog ignores taps while it opens
            describe_maple_card(page, kind, card)
            tap_once(page, "card-use", f"heading-{lower}", HEADINGS[kind].format(held[kind] + 1))
            known.add(card.name)
        held[kind] += 1
    return counted(page) - start


def enter_pack_and_cubes(page, player, table) -> Cost:
    """Counts of 1 or 2 by the plus button, more by typing; then the cubes by plus."""
    start = counted(page)
    show(page, "section-pack", "count-Acorns")
    for item, count in player.resources.items():
        said = "^" + re.escape(f"Set {player.name}'s {item} to {count}.")
        if count <= 2:
            for step in range(1, count + 1):
                tap_once(page, f"count-{item}-plus", "editor-message",
                         "^" + re.escape(f"Set {player.name}'s {item} to {step}."))
        else:
            type_into(page, f"count-{item}", str(count))
            page.keyboard.press("Enter")
            wait_text(page, "editor-message", said)
    show(page, "section-festivities", "cubes-0-0")
    for number, festivity in enumerate(table.festivity_names):
        step_to(page, f"cubes-0-{number}", table.cubes_of(player, festivity))
    return counted(page) - start


def maple_valley(server: AppServer, browser) -> None:
    table = load_table(MAPLE_TABLE)
    red = table.players[0]
    names = [player.name for player in table.players]
    say(f"Maple Valley, the rulebook's {red.name} player ({len(maple_cards(red, table))} "
        "cards):")
    known: set[str] = set()
    for run, label in ((1, "cards new"), (2, "cards in the deck")):
        store = TableStore(server.db)
        if run == 2:  # the deck holds them (the first run put them there, this says so)
            deck = Deck(store)
            for kind, card in maple_cards(red, table):
                deck.add("maple_valley", kind, card)
            known = {card.name for _, card in maple_cards(red, table)}
        table_id = new_table(store, "maple_valley", names)
        page = phone_page(browser)
        open_app(page, f"{server.url}/table/{table_id}/valley/0")
        wait_text(page, "player-total", f"^{red.name}:")
        retries = RETRIES.count
        cards = enter_maple_player(page, table, red, known)
        count = len(maple_cards(red, table))
        say(f"  {label}: {cards.taps} taps + {cards.keys} keystrokes = "
            f"{cards.both}, {cards.taps / count:.2f} taps a card{RETRIES.since(retries)}")
        part = f"Maple Valley, the rulebook's {red.name} player"
        record(part, f"{count} cards, {label}", cards, f"{cards.taps / count:.2f} a card",
               RETRIES.since(retries))
        if run == 1:
            retries = RETRIES.count
            rest = enter_pack_and_cubes(page, red, table)
            say(f"  its Pack (10 counts) and 6 Festivity cubes: {rest.taps} taps + "
                f"{rest.keys} keystrokes = {rest.both}{RETRIES.since(retries)}")
            record(part, "its Pack (10 counts) and 6 Festivity cubes", rest,
                   note=RETRIES.since(retries))
        page.context.close()


# Running ----------------------------------------------------------------------------------------

RETRIES = Retries(sys.stderr)


def phone_page(browser):
    context = browser.new_context(viewport=PHONE)
    context.add_init_script(COUNTERS)
    page = context.new_page()
    page.set_default_timeout(RETRY_AFTER * 6)
    return page


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parts = ["sunflower_valley", "sunflower_valley_deck", "girasoles", "maple_valley"]
    parser.add_argument("--parts", nargs="+", default=parts, choices=parts)
    add_write_option(parser, "entry_cost")
    arguments = parser.parse_args()
    from playwright.sync_api import sync_playwright

    sys.stderr = RETRIES

    with tempfile.TemporaryDirectory() as folder, sync_playwright() as playwright:
        server = AppServer(Path(folder) / "tables.sqlite3", free_port())
        server.start()
        browser = playwright.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        try:
            if "sunflower_valley" in arguments.parts:
                sunflower_valley(server, browser, Path(folder))
            if "sunflower_valley_deck" in arguments.parts:
                sunflower_valley_deck(server, browser, Path(folder))
            if "girasoles" in arguments.parts:
                girasoles(server, browser, Path(folder))
            if "maple_valley" in arguments.parts:
                maple_valley(server, browser)
        finally:
            browser.close()
            server.stop()
    if arguments.write:
        write_results(arguments.write, "entry_cost", "Entry cost: taps and keystrokes to enter "
                      "whole tables, at phone size", markdown_table(
                          ("part", "entered", "taps", "keystrokes", "taps a card or space", "note"),
                          ENTERED))


if __name__ == "__main__":
    main()
