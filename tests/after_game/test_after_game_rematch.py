"""A rematch: the same players, colours, options and set-up, with the cards already described at
the table offered again, and nothing played yet."""

from __future__ import annotations

from pathlib import Path

from scorer.files import load_table
from ui.games.registry import APP_GAMES

ROOT = Path(__file__).resolve().parents[2]


def played(name: str) -> dict:
    table = load_table(ROOT / "examples" / name)
    draft = APP_GAMES[table.game].draft_from_table(table)
    draft["options"] = {**draft.get("options", {}), "marker": "kept"}
    for player, colour in zip(draft["players"], ["teal", "orange", "purple", "grey"]):
        player["colour"] = colour
    return draft


def same_people_and_options(before: dict, after: dict) -> None:
    assert [(p["name"], p["colour"]) for p in after["players"]] == [
        (p["name"], p["colour"]) for p in before["players"]]
    assert after["options"] == before["options"]
    assert after["game"] == before["game"]


def test_sunflower_valley_keeps_goals_and_described_cards_and_clears_the_valleys():
    before = played("sunflower_valley/first_game_goals.json")
    after = APP_GAMES["sunflower_valley"].rematch_draft(before)
    same_people_and_options(before, after)
    assert before["described"] and after["described"] == before["described"]
    assert after["goals"] == before["goals"]
    assert all([card["kind"] for card in p["cards"]] == ["starting_town"]
               for p in after["players"])


def test_maple_valley_keeps_the_catalogue_and_festivities_and_clears_the_holdings():
    before = played("maple_valley/rulebook_final_scoring.json")
    after = APP_GAMES["maple_valley"].rematch_draft(before)
    same_people_and_options(before, after)
    assert before["catalogue"]["favours"] and after["catalogue"] == before["catalogue"]
    assert after["festivities"] == before["festivities"] == [
        "Square Dance", "Second Festivity", "Third Festivity"]
    for player in after["players"]:
        assert (player["favours"], player["friends"], player["patches"]) == ([], [], [])
        assert (player["resources"], player["cubes"]) == ({}, [0, 0, 0])


def test_girasoles_keeps_mode_board_size_and_objectives_and_clears_the_boards():
    before = played("girasoles/full_table.json")
    after = APP_GAMES["girasoles"].rematch_draft(before)
    same_people_and_options(before, after)
    assert before["objectives"] and after["objectives"] == before["objectives"]
    assert after["mode"] == before["mode"]
    for old, new in zip(before["players"], after["players"]):
        assert (new["board"]["rows"], new["board"]["cols"]) == (old["board"]["rows"],
                                                                old["board"]["cols"])
        assert set(" ".join(new["board"]["grid"]).split()) == {".."}
        assert new["coins"] == 0
