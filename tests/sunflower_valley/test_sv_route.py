"""The assumed Valley Express route (ruling SV-5): with no stops entered, the legal route that gives
the player the most points on the Express and the goals that depend on the route (Suburban
Trains); the lines say so, and say what an equally long or a longer route would score."""

import networkx as nx
import pytest
from hypothesis import given, settings
from sv_builders import valley
from test_sv_properties import valleys

from scorer.sunflower_valley import score_table
from scorer.sunflower_valley.express import RailNetwork
from scorer.sunflower_valley.goals import route_goals, suburban_trains_points
from scorer.sunflower_valley.layout import Layout
from scorer.sunflower_valley.models import Kind, Options, Player, SunflowerValleyTable

# The issue's valley: Towns asking for a Lake (1 point) left and right of the Starting Town; the
# right-hand Railroad has a Field above and below it.
ISSUE_VALLEY = """
. . . F .
T R S R T
. . . F .
"""
# Left: 1 town whose 2 Railroads have 4 Fields beside them (3 + 6 = 9 points); right: 2 towns and
# no Field (6 points). The shorter route scores more.
SHORTER_IS_BETTER = """
. F F . . . . .
T R R S R T R T
. F F . . . . .
"""
# Left: 1 town and 1 pair of Fields (3 + 3 = 6); right: 2 towns (6). Equal points: the route with
# more towns is taken (it wins the tie-break).
EQUAL_POINTS = """
. F . . . . .
T R S R T R T
. F . . . . .
"""
SUBURBAN = ("suburban_trains", "lake_land", "ski_resort")
NO_ROUTE_GOAL = ("walking_routes", "lake_land", "ski_resort")


def ann(picture: str, goals=SUBURBAN, stops=None):
    table = SunflowerValleyTable(goals=goals, players=[
        Player(name="Ann", valley=valley(picture, stops=stops)),
        Player(name="Bob", valley=valley("S")),
    ])
    return score_table(table).players[0]


def line(player, category):
    (found,) = player.row_lines(category)
    return found


def test_issue_valley_assumes_the_route_through_the_right_hand_town_SV_5():
    player = ann(ISSUE_VALLEY)
    trains = line(player, "suburban_trains")
    assert trains.points == 3  # Fields (0,3) and (2,3) beside the Express's Railroad (1,3)
    assert trains.detail == (
        "Suburban Trains: 2 Fields beside the Express's 1 Railroad: 1 pair x 3 -> 3; the route "
        "is assumed, since no stops are entered: the equally long route Starting Town at row 2, "
        "column 3 -> Town at row 2, column 1 would score 0 here, and entering the Express stops "
        "settles it"
    )
    assert trains.rulings == ("SV-1", "SV-3", "SV-5", "SV-8")
    express = line(player, "express")
    assert express.points == 3
    assert express.detail == (
        "no stops entered, so the legal route that scores the most on the Valley Express and "
        "Suburban Trains together is assumed: Starting Town at row 2, column 3 -> Town at row 2, "
        "column 5; 1 town after the Starting Town x 3 -> 3"
    )
    assert "SV-5" in express.rulings


def test_entered_stops_settle_the_route():
    through_left = ann(ISSUE_VALLEY, stops=[(1, 2), (1, 0)])
    trains = line(through_left, "suburban_trains")
    assert trains.points == 0
    assert trains.detail == (
        "Suburban Trains: 0 Fields beside the Express's 1 Railroad: 0 pairs x 3 -> 0"
    )
    assert "SV-5" not in trains.rulings
    assert line(ann(ISSUE_VALLEY, stops=[(1, 2), (1, 4)]), "suburban_trains").points == 3


def test_without_a_route_goal_the_longest_route_first_in_grid_order_is_assumed():
    express = line(ann(ISSUE_VALLEY, goals=NO_ROUTE_GOAL), "express")
    assert express.points == 3
    assert express.detail == (
        "no stops entered, so the longest legal route is assumed: Starting Town at row 2, "
        "column 3 -> Town at row 2, column 1; 1 town after the Starting Town x 3 -> 3"
    )


def test_a_shorter_route_is_assumed_when_it_scores_more_and_the_line_says_what_the_longer_scores():
    player = ann(SHORTER_IS_BETTER)
    express = line(player, "express")
    trains = line(player, "suburban_trains")
    assert (express.points, trains.points) == (3, 6)  # 9, against 6 + 0 on the right
    assert express.detail.endswith(
        "; the longer route Starting Town at row 2, column 4 -> Town at row 2, column 6 -> Town "
        "at row 2, column 8 would score 6 here but fewer in all, and entering the Express stops "
        "settles it"
    )
    assert "would score 0 here" in trains.detail  # the equally long route S -> (1,5)


def test_equal_points_take_the_route_with_more_towns():
    player = ann(EQUAL_POINTS)
    assert line(player, "express").points == 6
    trains = line(player, "suburban_trains")
    assert trains.points == 0
    # No other route has 3 stops: nothing to dispute on this line.
    assert trains.detail.endswith(
        "0 pairs x 3 -> 0; the route is assumed, since no stops are entered"
    )
    assert player.tie_break_values == (2,)


def test_the_app_finds_the_route_the_scorer_takes():
    # What an editor draws: the route of a Layout with the table's route goals.
    express = Layout(valley(ISSUE_VALLEY), Options(), route_goals(SUBURBAN)).express
    assert express.assumed and express.stops == ((1, 2), (1, 4)) and express.rails == {(1, 3)}
    assert Layout(valley(ISSUE_VALLEY), Options(), route_goals(NO_ROUTE_GOAL)).express.stops == (
        (1, 2), (1, 0))


def test_the_tie_break_counts_the_assumed_route():
    assert ann(SHORTER_IS_BETTER).tie_break_values == (1,)
    assert ann(SHORTER_IS_BETTER, goals=NO_ROUTE_GOAL).tie_break_values == (2,)


def brute_force(network: RailNetwork, more):
    """Every legal route from the Starting Town (networkx), as (stops, points with ``more``)."""
    graph = nx.Graph([(a, b) for a, others in network.links.items() for b in others])
    graph.add_node(network.start)
    routes = [(network.start,)] + [
        tuple(path)
        for end in graph.nodes if end != network.start
        for path in nx.all_simple_paths(graph, network.start, end)
    ]
    return [(len(route), network.route_points(route, more)) for route in routes]


RAILWAY_KINDS = [Kind.TOWN, Kind.RAILROAD, Kind.RAILROAD, Kind.FIELD]


@settings(max_examples=200, deadline=None)
@given(valleys(max_cards=16, kinds=RAILWAY_KINDS))
def test_the_assumed_route_scores_the_most_of_every_legal_route(random_valley):
    layout = Layout(random_valley, Options())
    network = layout.network
    more = lambda rails: suburban_trains_points(layout, rails)  # noqa: E731
    best = network.best_route(more)
    network.check_route(best)
    every = brute_force(network, more)
    assert (network.route_points(best, more), len(best)) == max((p, s) for s, p in every)
    fewest = min(p - 3 * (s - 1) for s, p in every if s == len(best))
    cheapest = network.cheaper_route(len(best), more, below=fewest + 1)
    assert len(cheapest) == len(best) and more(network.route_rails(cheapest)) == fewest
    assert network.cheaper_route(len(best), more, below=fewest) is None


@pytest.mark.parametrize("stops", [1, 2, 3])
def test_cheaper_route_of_a_length_no_route_has_is_none(stops):
    network = RailNetwork.of(valley("S R T"))
    found = network.cheaper_route(stops, lambda rails: 0, below=1)
    assert (found is None) == (stops == 3)
