"""A player's first taps in the valley editor on a 390x844 phone (issue 32, row 5): the known
cards, the table's and the deck's, are offered from the editor's first frame, and the grid does
not move under the thumb between the first taps, nor when another phone describes the table's
first Town. The grid's place is read from Flutter's accessibility tree (the bounding box of its
column labels, `grid-columns`), once the screen has settled after each tap."""

from __future__ import annotations

import json

import pytest

from app_browser import (
    PHONE, UI_TIMEOUT, devices, handle, open_app, served, tap, tap_until, tap_until_gone,
    wait_text,
)
from conftest import page_of
from scorer.sunflower_valley.models import CardDescription, Kind
from ui.games.plugin import PlayerSetup
from ui.games.registry import APP_GAMES, app_store
from ui.games.sunflower_valley.draft import card_dict, description_dict
from ui.store.deck import Deck

SV = APP_GAMES["sunflower_valley"]
ANNAS_TOWN = CardDescription(kind=Kind.TOWN, combination=(Kind.SHEEP, Kind.FIELD), points=3)
DECKS_FARMER = CardDescription(kind=Kind.FARMER, combination=(Kind.LAKE,), points=2)

SETTLED_BOX = """(identifier) => {
    const node = document.querySelector(`[flt-semantics-identifier="${identifier}"]`);
    if (!node) return null;
    const box = node.getBoundingClientRect();
    const now = JSON.stringify([Math.round(box.left), Math.round(box.top)]);
    const settled = window.scorepadBox === now;
    window.scorepadBox = now;
    return settled && now;
}"""
"""The control's top-left corner once it is the same on two polls in a row (the screen has
drawn the tap's effect and stopped moving), else a falsy value."""


@pytest.fixture(scope="module")
def annas_table(app_server) -> int:
    """Anna, Ben and Clara; Anna has described a Town and laid it; the group's deck knows a
    Farmer from another evening."""
    store = app_store(app_server.db)
    Deck(store).add(SV.key, "farmer", DECKS_FARMER)
    draft = SV.new_draft([PlayerSetup(name, colour) for name, colour in
                          (("Anna", "red"), ("Ben", "blue"), ("Clara", "green"))], {"goals": []})
    draft["players"][0]["cards"].append(card_dict(ANNAS_TOWN, (0, 1)))
    draft["described"] = [description_dict(ANNAS_TOWN)]
    return store.create(SV.key, draft)


def grid_corner(page) -> tuple[int, int]:
    corner = page.wait_for_function(SETTLED_BOX, arg="grid-columns", polling=300,
                                    timeout=UI_TIMEOUT)
    return tuple(json.loads(corner.json_value()))


@pytest.mark.parametrize("player", [1, 2])
def test_known_cards_are_offered_at_once_and_the_grid_stays_put_through_the_first_taps(
        app_server, browser, annas_table, player):
    with page_of(browser, viewport=PHONE) as page:
        open_app(page, f"{app_server.url}/table/{annas_table}/valley/{player}")
        # The first frame: Anna's Town (this table's) and the deck's Farmer, before any tap.
        wait_text(page, "described-0", "Sheep\\+Field")
        wait_text(page, "described-1", "Lake")
        corners = [grid_corner(page)]
        steps = [("described-0", "editor-message", "Town"),         # choose Anna's Town
                 ("cell-0-1", "card-count", "^1 of"),                # lay it beside the start
                 ("palette-field", "editor-message", "Field")]      # then plain Fields
        for target, watch, shown in steps:
            tap(page, target)
            wait_text(page, watch, shown)
            corners.append(grid_corner(page))
        assert corners == [corners[0]] * len(corners), corners


@pytest.mark.parametrize("language", ["es", "de", "en"])
def test_another_phones_first_town_does_not_move_this_phones_grid(browser, tmp_path, language):
    """The Spanish evening: Ana described the table's first Town, and the known cards appeared
    above the grid on Bruno's and Carla's phones, pushing their grids down 105 px without a tap
    of theirs. The known cards' line is there from the first frame (saying what will be
    offered there) and keeps its height. A server of its own: its deck knows no card yet."""
    with served(tmp_path) as server:
        store = app_store(server.db)
        draft = SV.new_draft([PlayerSetup(name, colour) for name, colour in
                              (("Ana", "red"), ("Bruno", "blue"), ("Carla", "green"))],
                             {"goals": []})
        table = store.create(SV.key, draft)
        with devices(browser, PHONE) as new_phone:
            ana, bruno = new_phone(), new_phone()
            open_app(bruno, f"{server.url}/table/{table}/valley/1?lang={language}")
            handle(bruno, "grid-columns").wait_for(timeout=UI_TIMEOUT)
            before = grid_corner(bruno)
            open_app(ana, f"{server.url}/table/{table}/valley/0?lang={language}")
            tap(ana, "palette-town")
            handle(ana, "picker-use").wait_for(timeout=UI_TIMEOUT)
            tap(ana, "picker-add-sheep")
            tap(ana, "picker-points-3")
            wait_text(ana, "picker-points", "3$")
            tap_until_gone(ana, "picker-use", "picker-use")
            tap_until(ana, "cell-0-1", "card-count", r"^1\D")
            handle(bruno, "described-0").wait_for(timeout=UI_TIMEOUT)  # Ana's Town offered
            assert grid_corner(bruno) == before
