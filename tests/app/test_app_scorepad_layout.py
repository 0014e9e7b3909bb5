"""The scorepad's layout rules, without a browser: short column headers that tell players apart,
column widths that fit six players in a tablet's side panel, rulings cited in words."""

from __future__ import annotations

import flet as ft
import pytest

from scorer.core.breakdown import Line
from scorer.core.players import name_key
from scorer.rulings import RULINGS
from scorer.sunflower_valley.models import Kind
from control_tree import texts
from test_app_sunflower_valley_editor import editors
from ui.games.registry import APP_GAMES
from ui.screens.explanation_view import cited_rulings, open_part_words
from ui.screens.scorepad_model import Scorepad, part_index, short_names
from ui.screens.scorepad_view import (SIDE_PANEL, TABLE_COLUMN, ScorepadView, column_widths,
                                      export_dialog, player_groups, stacked_columns)
from ui.parts.widgets import TOUCH
from ui.parts.words import app_language


def test_names_that_fit_stay_whole():
    assert short_names(["Ann", "Bob", "Cy"], 4) == ["Ann", "Bob", "Cy"]


def test_long_names_keep_their_first_letters_and_still_tell_players_apart():
    assert short_names(["Ana", "Anabel", "Chloé"], 4) == ["Ana", "Anab", "Chlo"]


def test_names_of_several_words_become_initials():
    assert short_names(["Mary Ann", "Mary Beth", "Jo"], 4) == ["MA", "MB", "Jo"]


def test_names_alike_in_their_first_letters_add_their_last_letter():
    assert short_names(["Alexander", "Alexandra"], 4) == ["Aler", "Alex"]


def test_names_alike_in_first_and_last_letters_get_a_number():
    shorts = short_names(["Bobbie", "Bobbye", "Bobbie Lee"], 3)
    assert len({name_key(short) for short in shorts}) == 3
    assert all(len(short) <= 3 for short in shorts)


def test_a_letter_case_difference_does_not_tell_players_apart():
    shorts = short_names(["Eve", "EVELYN"], 3)
    assert name_key(shorts[0]) != name_key(shorts[1])


def test_six_columns_fit_a_tablets_side_panel_and_scroll_on_a_phone():
    label, points = column_widths(SIDE_PANEL, 6)
    assert label + 6 * (points + 4) <= SIDE_PANEL
    assert points >= TOUCH
    label, points = column_widths(390 - 24, 6)
    assert points == TOUCH and label + 6 * (points + 4) > 390 - 24  # scrolls sideways


def test_four_columns_fit_a_phone():
    label, points = column_widths(390 - 24, 4)
    assert label + 4 * (points + 4) <= 390 - 24 and points >= TOUCH


def test_a_tablets_scorepad_keeps_comfortable_columns_for_few_players():
    assert column_widths(TABLE_COLUMN, 3) == (136, 64)


def test_at_200_percent_text_six_players_two_digit_numbers_fit_a_phone_side_by_side():
    # A total of two digits at 17 x 2 px: 2 x 0.7 x 34 = 47.6, and 8 of room: 56 at the least;
    # six of them and five gaps fit 366 px, each (366 - 5 x 4) // 6 = 57 wide.
    assert stacked_columns(390 - 24, 6, 2, 2) == (57, [range(0, 6)])


def test_at_200_percent_text_three_digit_numbers_put_six_players_in_two_groups_of_three():
    # 3 x 0.7 x 34 = 71.4, so 80 at the least: four fit across 366 px (4 x 84 - 4 = 332), so
    # two groups of three, each (366 - 2 x 4) // 3 = 119 wide.
    assert stacked_columns(390 - 24, 6, 2, 3) == (119, [range(0, 3), range(3, 6)])
    # A tablet's table column: five would fit, so two groups of three again, at the usual
    # width doubled (64 x 2 = 128, under the 150 that would fill the column).
    assert stacked_columns(TABLE_COLUMN, 6, 2, 3) == (128, [range(0, 3), range(3, 6)])


def test_a_little_larger_text_keeps_the_usual_column_width_scaled_when_there_is_room():
    assert stacked_columns(390 - 24, 3, 1.25, 2) == (80, [range(0, 3)])


def test_players_in_as_few_and_as_even_groups_as_fit():
    assert player_groups(6, 4) == [range(0, 3), range(3, 6)]
    assert player_groups(5, 4) == [range(0, 3), range(3, 5)]
    assert player_groups(4, 4) == [range(0, 4)]
    assert player_groups(7, 3) == [range(0, 3), range(3, 6), range(6, 7)]
    assert player_groups(2, 1) == [range(0, 1), range(1, 2)]


class Reader:
    """A phone reading the scorepad, ``width`` wide, its browser's text at ``text_scale``."""

    def __init__(self, width: int, text_scale: float):
        self.words = app_language("en")
        self.width, self.wide, self.compact = width, False, False
        self.text_scale = text_scale


def test_at_large_text_each_label_is_above_its_numbers_in_every_group_of_players(tmp_path):
    session, _ = editors(tmp_path, players=3)
    # 150 px wide (126 inside the page's padding) at 200% text: two players' columns of 56
    # and a gap fit (116), three do not (176): Ann and Bob, then Cid.
    view = ScorepadView(Reader(150, 2), session)
    assert view.large_text
    groups = view._table._control.controls
    assert len(groups) == 2
    # Sunflower Valley's lines with no goals chosen.
    lines_of = {"express": "Valley Express", "towns": "Towns", "farmers": "Farmers",
                "mountains": "Mountains", "lakes": "Lakes", "total": "Total", "rank": "Rank"}
    for group, players in zip(groups, ([0, 1], [2])):
        header, *lines = group.controls
        assert [cell.identifier for cell in header.controls] == [f"column-{p}" for p in players]
        # Each line: its label, whole, on a line of its own, then the players' numbers.
        assert [texts(line.controls[0]) for line in lines] == [[label]
                                                               for label in lines_of.values()]
        assert [[cell.identifier for cell in line.controls[1].controls] for line in lines] == [
            [f"{'' if key in ('total', 'rank') else 'line-'}{key}-{p}" for p in players]
            for key in lines_of]
    assert view._values[("total", 2)].value == str(session.result.players[2].total)


def test_at_the_usual_text_size_the_labels_are_a_column_beside_the_players(tmp_path):
    session, _ = editors(tmp_path, players=3)
    view = ScorepadView(Reader(390, 1.04), session)
    assert not view.large_text
    labels, players = view._table._control.controls
    assert texts(labels)[:2] == [row.label for row in Scorepad(session.result).rows][:2]


def line(*rulings: str) -> Line:
    return Line(category="towns", label="Towns", points=1, detail="x", rulings=rulings)


def test_cited_rulings_are_listed_once_in_the_order_first_cited_with_their_words():
    cited = cited_rulings([line("SV-11", "SV-4"), line("SV-4", "SV-2")])
    assert [ruling.id for ruling in cited] == ["SV-11", "SV-4", "SV-2"]
    assert cited[0] == RULINGS["SV-11"]


def test_an_unknown_ruling_id_is_shown_by_its_id_rather_than_dropped():
    (unknown,) = cited_rulings([line("XX-99")])
    assert (unknown.id, unknown.title, unknown.summary) == ("XX-99", "XX-99", "")


class Device:
    def __init__(self, is_host: bool):
        self.is_host = is_host
        self.words = app_language("en")


def texts_of(control) -> list[str]:
    found = [control.value] if isinstance(control, ft.Text) else []
    for child in getattr(control, "controls", None) or []:
        found += texts_of(child)
    content = getattr(control, "content", None)
    return found + (texts_of(content) if content is not None else [])


def test_the_export_dialog_shows_server_paths_to_the_host_only(tmp_path):
    path = tmp_path / "exports" / "girasoles-table-3.json"
    phone = " ".join(texts_of(export_dialog(Device(False), path.name, path).content))
    assert str(tmp_path) not in phone and "girasoles-table-3.json" in phone
    host = " ".join(texts_of(export_dialog(Device(True), path.name, path).content))
    assert str(path) in host


def test_a_valleys_tab_warns_of_its_card_count_until_it_has_18(tmp_path):
    session, (ann, bob) = editors(tmp_path)
    game = session.game
    assert game.tab_warning(session, 0) == "0/18"
    ann.choose_kind(Kind.FIELD)
    for col in range(1, 19):
        ann.tap((0, col))
    assert game.tab_warning(session, 0) is None
    ann.tap((1, 1))
    assert game.tab_warning(session, 0) == "19/18"
    assert game.tab_warning(session, 1) == "0/18"


def test_a_result_player_is_found_in_the_draft_by_name(tmp_path):
    session, _ = editors(tmp_path)
    assert part_index(session, "Bob", 0) == 1
    assert part_index(session, "Nobody", 0) == 0


@pytest.mark.parametrize("game, english, german", [
    ("sunflower_valley", "Open Ana's valley", "Tal von Ana öffnen"),
    ("girasoles", "Open Ana's board", "Brett von Ana öffnen"),
    ("maple_valley", "Open Ana's cards and cubes", "Karten und Würfel von Ana öffnen"),
])
def test_the_explanation_opens_each_games_own_part_in_the_devices_words(game, english, german):
    """Each game names its part with a message; Girasoles' and Maple Valley's said "valley"."""
    part = APP_GAMES[game].part_name
    assert open_part_words(app_language("en"), part, "Ana") == english
    assert open_part_words(app_language("de"), part, "Ana") == german
