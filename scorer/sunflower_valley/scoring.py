"""Score a whole Sunflower Valley table: every scorepad line, the goals, ranks and the tie-break."""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache

from scorer.core.breakdown import Competition, Line, Row, TableResult
from scorer.core.ranking import (
    explain_tie_break,
    ranked_results,
    split_award,
    standings_of,
    winners,
)
from scorer.sunflower_valley import lines
from scorer.sunflower_valley.goals import COMPETITIVE_POINTS, GOALS, Goal, Tally, route_goals
from scorer.sunflower_valley.layout import ExpressRoute, Layout, plural
from scorer.sunflower_valley.models import (
    VALLEY_CARDS_AT_GAME_END,
    Options,
    SunflowerValleyTable,
    Valley,
)

CARD_LINES = (lines.valley_express, lines.towns, lines.farmers, lines.mountains, lines.lakes)
TIE_BREAK = "towns in the Valley Express"


VALLEYS_KEPT = 256
"""Valleys whose own scoring is kept (see :func:`valley_part`): a few tables' worth."""


@dataclass(frozen=True)
class ValleyPart:
    """What one valley scores on its own, whatever the other valleys hold: its card lines, its
    tally for each of the table's goals and its Express route."""

    card_lines: tuple[Line, ...]
    tallies: dict[str, Tally]
    express: ExpressRoute


@lru_cache(maxsize=VALLEYS_KEPT)
def valley_part(valley: Valley, options: Options, goals: tuple[str, ...]) -> ValleyPart:
    """A valley's own scoring, kept by the (frozen, hashable) valley, options and goals: after an
    edit of one valley a table scores again with one valley's searches (the Express route, the
    Long Way), not every valley's. Pure: the same inputs always give the same part."""
    layout = Layout(valley, options, route_goals(goals))
    return ValleyPart(
        card_lines=tuple(line for rule in CARD_LINES for line in rule(layout)),
        tallies={key: GOALS[key].rule(layout) for key in goals},
        express=layout.express,
    )


def score_table(table: SunflowerValleyTable) -> TableResult:
    parts = {player.name: valley_part(player.valley, table.options, tuple(table.goals))
             for player in table.players}
    player_lines: dict[str, list[Line]] = {
        name: list(part.card_lines) for name, part in parts.items()
    }
    competitions = []
    for key in table.goals:
        goal = GOALS[key]
        tallies = {name: part.tallies[key] for name, part in parts.items()}
        if goal.competitive:
            competition, goal_lines = _competitive(goal, tallies)
            competitions.append(competition)
        else:
            goal_lines = {name: _accumulative(goal, tally) for name, tally in tallies.items()}
        for name, line in goal_lines.items():
            player_lines[name].append(line)

    standings = standings_of(
        player_lines,
        {name: (part.express.towns_after_start,) for name, part in parts.items()},
    )
    players = ranked_results(standings, player_lines)
    rows = tuple(Row(category=key, label=label) for key, label in lines.CARD_ROWS.items()) + tuple(
        Row(category=key, label=GOALS[key].label) for key in table.goals
    )
    return TableResult(
        game=table.game,
        rows=rows,
        players=players,
        tie_break=explain_tie_break(standings, [TIE_BREAK]),
        winners=winners(standings),
        competitions=tuple(competitions),
        warnings=_warnings(table),
    )


def _accumulative(goal: Goal, tally: Tally) -> Line:
    return Line(
        category=goal.key,
        label=goal.label,
        points=tally.value,
        detail=f"{goal.label}: {tally.detail}",
        cells=tally.cells,
        rulings=tally.rulings,
    )


def _competitive(goal: Goal, tallies: dict[str, Tally]) -> tuple[Competition, dict[str, Line]]:
    """The best measure takes 6; tied best players split it, rounded up; none wins nothing."""
    measures = {name: tally.value for name, tally in tallies.items()}
    best_players, points_each = split_award(measures, COMPETITIVE_POINTS)
    if not best_players:
        award = "nobody has any, so nobody scores it"
    elif len(best_players) == 1:
        award = f"best is {best_players[0]} with {measures[best_players[0]]}, who scores 6"
    else:
        award = (
            f"best is {measures[best_players[0]]}, tied by {len(best_players)} players: "
            f"6 split {len(best_players)} ways, rounded up -> {points_each} each"
        )
    rulings = ("SV-10",)
    goal_lines = {
        name: Line(
            category=goal.key,
            label=goal.label,
            points=points_each if name in best_players else 0,
            detail=f"{goal.label}: {tally.detail}; {award}",
            cells=tally.cells,
            rulings=tally.rulings + rulings,
        )
        for name, tally in tallies.items()
    }
    competition = Competition(
        category=goal.key,
        label=goal.label,
        measures=measures,
        winners=best_players,
        points_each=points_each,
        detail=award,
        rulings=rulings,
    )
    return competition, goal_lines


def _warnings(table: SunflowerValleyTable) -> tuple[str, ...]:
    return tuple(
        f"{player.name}'s valley has {plural(player.valley.valley_card_count, 'Valley card')}; "
        "a finished "
        f"valley has {VALLEY_CARDS_AT_GAME_END} besides the Starting Town (scored as entered, "
        "ruling SV-12)."
        for player in table.players
        if player.valley.valley_card_count != VALLEY_CARDS_AT_GAME_END
    )
