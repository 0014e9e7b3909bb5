"""A whole table: competitive goals between players, ranks, the Express tie-break, warnings."""

from sv_builders import valley

from scorer.sunflower_valley import score_table
from scorer.sunflower_valley.models import Player, SunflowerValleyTable


def table(pictures: dict, goals=(), **extra) -> SunflowerValleyTable:
    return SunflowerValleyTable(
        goals=goals,
        players=[Player(name=name, valley=valley(p)) for name, p in pictures.items()],
        **extra,
    )


def goal_points(result, key):
    return {p.name: p.row_points(key) for p in result.players}


GOALS = ("valley_of_sheep", "lake_land", "ski_resort")


def test_competitive_goal_to_the_single_best():
    result = score_table(table({"Ann": "S H H", "Bob": "S H"}, GOALS))
    assert goal_points(result, "valley_of_sheep") == {"Ann": 6, "Bob": 0}


def test_competitive_two_way_tie_splits_3_and_3_SV_10():
    result = score_table(table({"Ann": "S H H", "Bob": "H S H", "Cy": "S H"}, GOALS))
    assert goal_points(result, "valley_of_sheep") == {"Ann": 3, "Bob": 3, "Cy": 0}
    line = result.players[0].row_lines("valley_of_sheep")[0]
    assert "6 split 2 ways, rounded up -> 3 each" in line.detail and "SV-10" in line.rulings


def test_competitive_four_way_tie_rounds_up_to_2():
    result = score_table(table({n: "S H" for n in "ABCD"}, GOALS))
    assert set(goal_points(result, "valley_of_sheep").values()) == {2}


def test_competitive_six_way_tie_gives_1_each():
    result = score_table(table({n: "S L" for n in "ABCDEF"}, GOALS))
    assert set(goal_points(result, "lake_land").values()) == {1}


def test_competitive_goal_nobody_has_gives_nothing_SV_10():
    result = score_table(table({"Ann": "S H", "Bob": "S H"}, GOALS))
    assert goal_points(result, "ski_resort") == {"Ann": 0, "Bob": 0}
    assert result.competitions[2].winners == ()
    assert "nobody scores it" in result.players[0].row_lines("ski_resort")[0].detail


def test_total_is_the_sum_of_lines_and_rows_follow_the_scorepad():
    result = score_table(table({"Ann": "S R T\nL M F", "Bob": "S"}, GOALS))
    assert [row.label for row in result.rows] == [
        "Valley Express", "Towns", "Farmers", "Mountains", "Lakes",
        "Valley of Sheep", "Lake Land", "Ski Resort",
    ]
    ann = result.players[0]
    # Express 3, Town asks for a Lake (beside it? no: L is at (1,0)) 0, Mountain 1, Lake 1,
    # Lake Land 6, Ski Resort 6.
    assert ann.total == 3 + 0 + 1 + 1 + 6 + 6
    assert ann.total == sum(line.points for line in ann.lines)


def test_tie_broken_by_towns_in_the_express():
    # Ann: Express 3 (1 town). Bob: no Express, 3 Lakes = 3.
    result = score_table(table({"Ann": "S R T", "Bob": "S L L L"}))
    assert [p.total for p in result.players] == [3, 3]
    assert result.winners == ("Ann",)
    assert [p.rank for p in result.players] == [1, 2]
    assert "towns in the Valley Express decides (Ann 1, Bob 0)" in result.tie_break


def test_tie_on_total_and_express_is_shared():
    result = score_table(table({"Ann": "S L", "Bob": "L S"}))
    assert result.winners == ("Ann", "Bob")
    assert [p.rank for p in result.players] == [1, 1]
    assert "share the place" in result.tie_break


def test_no_goals_variant_has_only_card_rows():
    result = score_table(table({"Ann": "S", "Bob": "S"}))
    assert len(result.rows) == 5


def test_half_entered_valley_scores_with_a_warning_SV_12():
    result = score_table(table({"Ann": "S L", "Bob": "S"}))
    assert result.players[0].total == 1
    assert result.warnings[0].startswith("Ann's valley has 1 Valley card;")
    assert "SV-12" in result.warnings[0]
