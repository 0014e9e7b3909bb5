"""Properties on random boards: totals are their lines, symmetric boards score alike, and the pairs
are a maximum matching."""

from functools import cache

from hypothesis import given, settings
from hypothesis import strategies as st

from girasoles_boards import (
    EVERY_OBJECTIVE,
    mirrored_left_right,
    mirrored_top_bottom,
    objective_points,
    rotated_clockwise,
)
from scorer.core.grid import orthogonal_neighbours
from scorer.girasoles import starting
from scorer.girasoles.layout import Layout
from scorer.girasoles.models import Board, GirasolesTable, Options, Symbol
from scorer.girasoles.objectives import OBJECTIVES, lines_with_all_colours, object_pairs
from scorer.girasoles.scoring import score_table

SPACE = st.one_of(
    st.just(".."),
    st.tuples(st.sampled_from("BGRY"), st.sampled_from(".sbfd")).map("".join),
)


@st.composite
def boards(draw, smallest=4, largest=10) -> Board:
    rows = draw(st.integers(smallest, largest))
    cols = draw(st.integers(smallest, largest))
    grid = [" ".join(draw(st.lists(SPACE, min_size=cols, max_size=cols))) for _ in range(rows)]
    return Board(rows=rows, cols=cols, grid=grid)


def starting_points(board: Board) -> dict[str, int]:
    board_layout = Layout(board)
    return {
        rule.__name__: sum(line.points for line in rule(board_layout))
        for rule in (starting.leaves, starting.bees, starting.ladybugs)
    }


def every_score(board: Board) -> dict:
    """The starting objectives, and every additional objective under both readings of 13."""
    return {
        **starting_points(board),
        **objective_points(board),
        "13 by colour": objective_points(board, Options(objective_13="colour"))[13],
    }


# Totals ------------------------------------------------------------------------------------------


@settings(max_examples=60, deadline=None)
@given(
    board=boards(),
    coins=st.integers(0, 40),
    cards=st.lists(st.sampled_from(EVERY_OBJECTIVE), min_size=0, max_size=4,
                   unique_by=lambda objective: objective.card),
)
def test_a_total_is_the_coins_and_every_objective_scored_alone(board, coins, cards):
    table = GirasolesTable(
        mode="advanced", objectives=cards,
        players=[{"name": "Ana", "coins": coins, "board": board}],
    )
    result = score_table(table)
    (ana,) = result.players
    board_layout = Layout(board)
    alone = coins + sum(starting_points(board).values()) + sum(
        OBJECTIVES[objective.card].score(board_layout, objective, table.options).points
        for objective in cards
    )
    assert ana.total == alone
    # Every line sits on a row of the scorepad, and every row explains itself with a line.
    assert sum(ana.row_points(row.category) for row in result.rows) == ana.total
    assert all(ana.row_lines(row.category) for row in result.rows)
    data = result.model_dump(mode="json")["players"][0]
    assert data["total"] == sum(line["points"] for line in data["lines"]) == alone


# Symmetries --------------------------------------------------------------------------------------


@settings(max_examples=80, deadline=None)
@given(boards())
def test_mirroring_the_board_changes_no_score(board):
    scores = every_score(board)
    assert every_score(mirrored_left_right(board)) == scores
    assert every_score(mirrored_top_bottom(board)) == scores


@settings(max_examples=80, deadline=None)
@given(boards())
def test_rotating_the_board_changes_no_score_but_rows_and_columns(board):
    turned = rotated_clockwise(board)
    before, after = every_score(board), every_score(turned)
    for objective in (10, 11):
        del before[objective], after[objective]
    assert after == before  # 12 included: rows and columns swap, their count stays

    # Row r becomes column (rows + 1 - r); column c becomes row c.
    rows, columns = lines_with_all_colours(Layout(board))
    assert lines_with_all_colours(Layout(turned)) == (
        columns, sorted(board.rows + 1 - row for row in rows),
    )
    spaces = board.spaces
    columns_with_bees = {c for (_, c), space in spaces.items() if space.symbol is Symbol.BEE}
    rows_with_ladybugs = {r for (r, _), space in spaces.items() if space.symbol is Symbol.LADYBUG}
    turned_points = objective_points(turned)
    assert turned_points[10] == 2 * len(columns_with_bees)
    assert turned_points[11] == 2 * len(rows_with_ladybugs)


# Pairs -------------------------------------------------------------------------------------------


def brute_force_pairs(cells_first: list, cells_second: set) -> int:
    """The most disjoint side-by-side pairs, by trying every choice: the first object left is
    either in no pair or paired with one of its partners (memoised on the objects left)."""
    partners = {cell: set() for cell in [*cells_first, *cells_second]}
    for cell in cells_first:
        for neighbour in orthogonal_neighbours(cell):
            if neighbour in cells_second:
                partners[cell].add(neighbour)
                partners[neighbour].add(cell)

    @cache
    def best(left: frozenset) -> int:
        if not left:
            return 0
        cell = min(left)
        rest = left - {cell}
        return max(
            [best(rest)] + [1 + best(rest - {other}) for other in partners[cell] & rest]
        )

    return best(frozenset(partners))


OBJECTS = st.sampled_from(list(Symbol))


@st.composite
def pair_boards(draw) -> tuple[Board, Symbol, Symbol]:
    """A small board crowded with the card's two objects, so pairs compete for the same objects."""
    first, second = draw(OBJECTS), draw(OBJECTS)
    space = st.sampled_from(
        [f"{colour}{symbol.letter}" for colour in "BR" for symbol in (first, second)] + ["G.", ".."]
    )
    rows, cols = draw(st.integers(4, 5)), draw(st.integers(4, 5))
    grid = [" ".join(draw(st.lists(space, min_size=cols, max_size=cols))) for _ in range(rows)]
    return Board(rows=rows, cols=cols, grid=grid), first, second


@settings(max_examples=200, deadline=None)
@given(pair_boards())
def test_pairs_are_a_maximum_matching(drawn):  # GI-4
    board, first, second = drawn
    board_layout = Layout(board)
    firsts, seconds = board_layout.cells_with(first), board_layout.cells_with(second)
    pairs = object_pairs(board_layout, first, second)
    used = [cell for pair in pairs for cell in pair]
    assert len(used) == len(set(used))  # each object in one pair only
    for a, b in pairs:
        assert b in orthogonal_neighbours(a)
        assert {board.spaces[a].symbol, board.spaces[b].symbol} == {first, second}
    objects = len(set(firsts) | set(seconds))
    assert len(pairs) <= objects // 2
    if first is not second:
        assert len(pairs) <= min(len(firsts), len(seconds))
    assert len(pairs) == brute_force_pairs(firsts, set(seconds))
