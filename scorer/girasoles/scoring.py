"""Score a whole Girasoles table: coins, starting and additional objectives, ranks, tie-break."""

from __future__ import annotations

from functools import lru_cache

from scorer.core.breakdown import Line, Row, TableResult
from scorer.core.ranking import explain_tie_break, ranked_results, standings_of, winners
from scorer.girasoles import starting
from scorer.girasoles.layout import Layout
from scorer.girasoles.models import (
    ADDITIONAL_OBJECTIVES,
    MODE_NAMES,
    AdditionalObjective,
    Board,
    GirasolesTable,
    Options,
    Player,
)
from scorer.girasoles.objectives import OBJECTIVES
from scorer.message import Message, msg, msg_n

BOARD_LINES = (starting.leaves, starting.bees, starting.ladybugs)
TIE_BREAK = msg("gi.tie_break", "coins")
"""What decides between players tied on points (the rulebook: the most coins)."""


def objective_line(layout: Layout, objective: AdditionalObjective, options: Options) -> Line:
    card = OBJECTIVES[objective.card]
    tally = card.score(layout, objective, options)
    return Line(
        category=objective_category(objective),
        label=card.label(objective),
        points=tally.points,
        detail=tally.said,
        cells=tally.cells,
        # A card's name, as a Maple Valley Favour's: the same in every language (like the
        # rulings' ids), not a sentence.
        cards=(f"additional objective {objective.card}",),
        rulings=tally.rulings,
    )


def objective_category(objective: AdditionalObjective) -> str:
    return f"objective_{objective.card}"


def player_lines(player: Player, table: GirasolesTable) -> list[Line]:
    """Every line of one player's breakdown, in the scorepad's order."""
    return [*starting.coins(player), *board_lines(player.board, table.objectives, table.options)]


BOARDS_KEPT = 256
"""Boards whose own lines are kept (see :func:`board_lines`): a few tables' worth."""


@lru_cache(maxsize=BOARDS_KEPT)
def board_lines(board: Board, objectives: tuple[AdditionalObjective, ...],
                options: Options) -> tuple[Line, ...]:
    """A board's lines (the starting objectives', then the additional ones'), kept by the
    (frozen, hashable) board, objectives and options: after an edit of one board a table scores
    again with one board's work, not every board's. Pure: the same inputs always give the same
    lines (immutable, so shared)."""
    layout = Layout(board)
    return (*(line for rule in BOARD_LINES for line in rule(layout)),
            *(objective_line(layout, objective, options) for objective in objectives))


def score_table(table: GirasolesTable) -> TableResult:
    lines = {player.name: player_lines(player, table) for player in table.players}
    standings = standings_of(
        lines, {player.name: (player.coin_total,) for player in table.players}
    )
    players = ranked_results(standings, lines)
    rows = tuple(Row(category=key, label=label) for key, label in starting.STARTING_ROWS.items())
    rows += tuple(
        Row(category=objective_category(o), label=OBJECTIVES[o.card].label(o))
        for o in table.objectives
    )
    return TableResult(
        game=table.game,
        rows=rows,
        players=players,
        tie_break=explain_tie_break(standings, [TIE_BREAK]),
        winners=winners(standings),
        warnings=_warnings(table),
    )


def _warnings(table: GirasolesTable) -> tuple[Message, ...]:
    warnings = []
    expected = ADDITIONAL_OBJECTIVES[table.mode]
    if len(table.objectives) < expected:
        warnings.append(msg_n(
            "gi.warning.few_objectives",
            # English says "1 additional objectives entered" as it always did (tests pin it).
            "{count} additional objectives entered; a game in {mode} ends with {expected} "
            "(scored as entered, ruling GI-12).",
            "{count} additional objectives entered; a game in {mode} ends with {expected} "
            "(scored as entered, ruling GI-12).",
            len(table.objectives), mode=MODE_NAMES[table.mode], expected=expected))
    seen: dict[tuple, int] = {}
    for objective in table.objectives:
        rule = (OBJECTIVES[objective.card].rule, objective.colour, objective.objects)
        if rule in seen:
            warnings.append(msg(
                "gi.warning.same_rule",
                "objectives {first} and {second} score the same thing; two cards of one rule "
                "show different colours or objects: check what each card shows (ruling GI-6).",
                first=seen[rule], second=objective.card))
        seen.setdefault(rule, objective.card)
    return tuple(warnings)
