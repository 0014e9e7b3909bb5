"""Score a whole Girasoles table: coins, starting and additional objectives, ranks, tie-break."""

from __future__ import annotations

from scorer.core.breakdown import Line, Row, TableResult
from scorer.core.ranking import explain_tie_break, ranked_results, standings_of, winners
from scorer.girasoles import starting
from scorer.girasoles.layout import Layout
from scorer.girasoles.models import (
    ADDITIONAL_OBJECTIVES,
    AdditionalObjective,
    GirasolesTable,
    Options,
    Player,
)
from scorer.girasoles.objectives import OBJECTIVES

BOARD_LINES = (starting.leaves, starting.bees, starting.ladybugs)
TIE_BREAK = "coins"


def objective_line(layout: Layout, objective: AdditionalObjective, options: Options) -> Line:
    card = OBJECTIVES[objective.card]
    tally = card.score(layout, objective, options)
    return Line(
        category=objective_category(objective),
        label=card.title(objective),
        points=tally.points,
        detail=tally.detail,
        cells=tally.cells,
        cards=(f"additional objective {objective.card}",),
        rulings=tally.rulings,
    )


def objective_category(objective: AdditionalObjective) -> str:
    return f"objective_{objective.card}"


def player_lines(player: Player, table: GirasolesTable) -> list[Line]:
    """Every line of one player's breakdown, in the scorepad's order."""
    layout = Layout(player.board)
    return [
        *starting.coins(player),
        *(line for rule in BOARD_LINES for line in rule(layout)),
        *(objective_line(layout, objective, table.options) for objective in table.objectives),
    ]


def score_table(table: GirasolesTable) -> TableResult:
    lines = {player.name: player_lines(player, table) for player in table.players}
    standings = standings_of(
        lines, {player.name: (player.coin_total,) for player in table.players}
    )
    players = ranked_results(standings, lines)
    rows = tuple(Row(category=key, label=label) for key, label in starting.STARTING_ROWS.items())
    rows += tuple(
        Row(category=objective_category(o), label=OBJECTIVES[o.card].title(o))
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


def _warnings(table: GirasolesTable) -> tuple[str, ...]:
    warnings = []
    expected = ADDITIONAL_OBJECTIVES[table.mode]
    if len(table.objectives) < expected:
        warnings.append(
            f"{len(table.objectives)} additional objectives entered; a game in {table.mode} mode "
            f"ends with {expected} (scored as entered, ruling GI-12)."
        )
    seen: dict[tuple, int] = {}
    for objective in table.objectives:
        rule = (OBJECTIVES[objective.card].rule, objective.colour, objective.objects)
        if rule in seen:
            warnings.append(
                f"objectives {seen[rule]} and {objective.card} score the same thing; two cards "
                "of one rule show different colours or objects: check what each card shows "
                "(ruling GI-6)."
            )
        seen.setdefault(rule, objective.card)
    return tuple(warnings)
