"""Entering a Maple Valley table file through the editor's own logic (the calls the screen's taps
make): shared by the editor tests and docs/screenshots.py."""

from __future__ import annotations

import json
from pathlib import Path

from scorer.games import parse_table
from scorer.maple_valley.models import (
    AlsoHave,
    Card,
    Favour,
    Friend,
    MapleValleyTable,
    PerFriend,
    StoredSets,
    TypedBonus,
)
from ui.games.registry import APP_GAMES
from ui.games.maple_valley.editor_model import CardForm, MapleEditor
from ui.games.maple_valley.known_cards import exact
from ui.games.plugin import PlayerSetup
from ui.live.session import Sessions, TableSession
from ui.store.storage import TableStore

ROOT = Path(__file__).resolve().parents[2]
RULEBOOK_EXAMPLE = ROOT / "examples" / "maple_valley" / "rulebook_final_scoring.json"
SOLO_EXAMPLE = ROOT / "examples" / "maple_valley" / "solo.json"
MV = APP_GAMES["maple_valley"]
COLOURS = ["red", "yellow", "blue", "green", "purple"]


def example(path: Path = RULEBOOK_EXAMPLE) -> MapleValleyTable:
    return parse_table(json.loads(path.read_text()))


def new_table(store: TableStore, names: list[str]) -> TableSession:
    players = [PlayerSetup(name, colour) for name, colour in zip(names, COLOURS)]
    table_id = store.create(MV.key, MV.new_draft(players, MV.default_setup()))
    return Sessions(store, APP_GAMES).get(table_id)


def fill_form(form: CardForm, card: Card) -> None:
    """What a person taps in the card dialog to describe this card."""
    form.set_name(card.name, [])
    if isinstance(card, Favour):
        form.choose_category(card.category)
    for _ in range(card.score):
        form.step_score(1)
    if isinstance(card, Friend):
        for travel in card.travel:
            form.toggle_travel(travel)
    bonus = getattr(card, "bonus", None)
    if bonus is None:
        return
    form.choose_bonus(bonus.kind)
    for _ in range(bonus.points):
        form.step_bonus(1)
    if isinstance(bonus, AlsoHave):
        form.set_also_have(bonus.favour)
    elif isinstance(bonus, StoredSets):
        for resource in bonus.set:
            form.add_to_set(resource)
    elif isinstance(bonus, PerFriend):
        form.choose_per_travel(bonus.travel)
    elif isinstance(bonus, TypedBonus):
        form.set_reason(bonus.reason)


def enter_card(editor: MapleEditor, kind: str, card: Card) -> str:
    """Offered again when described before (two taps), else described; returns which."""
    entry = exact(editor.known(kind), card.name)
    if entry is not None and entry.card == card:
        assert editor.add_known(kind, entry), editor.message
        return "offered"
    form = CardForm(kind)
    fill_form(form, card)
    described, why = form.result()
    assert described == card, why
    assert editor.add(kind, described), editor.message
    return "described"


def enter_table(session: TableSession, table: MapleValleyTable) -> list[str]:
    """Enter every player's holdings; returns how each card was entered."""
    how = []
    first = MapleEditor(session, 0)
    for number, name in enumerate(table.festivity_names):
        first.rename_festivity(number, name)
    for index, player in enumerate(table.players):
        editor = MapleEditor(session, index)
        for kind, cards in (("Favour", table.favours_of(player)),
                            ("Friend", table.friends_of(player)[1:]),
                            ("Patch", table.patches_of(player))):
            how.extend(enter_card(editor, kind, card) for card in cards)
        for position, (item, count) in enumerate(player.resources.items()):
            if position % 2:  # half by the number field, half by the plus button
                editor.set_count(item, count)
            else:
                for _ in range(count):
                    editor.step(item, 1)
        for number, festivity in enumerate(table.festivity_names):
            for _ in range(table.cubes_of(player, festivity)):
                editor.step_cubes(index, number, 1)
    if table.solo is not None:
        for field, value in table.solo.model_dump(mode="json").items():
            if value is not None:
                first.choose_solo(field, value)
    return how
