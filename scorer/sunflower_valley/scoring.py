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
from scorer.message import Message, msg, msg_n
from scorer.sunflower_valley import lines
from scorer.sunflower_valley.goals import COMPETITIVE_POINTS, GOALS, Goal, Tally, route_goals
from scorer.sunflower_valley.layout import ExpressRoute, Layout
from scorer.sunflower_valley.models import (
    VALLEY_CARDS_AT_GAME_END,
    Options,
    SunflowerValleyTable,
    Valley,
)

CARD_LINES = (lines.valley_express, lines.towns, lines.farmers, lines.mountains, lines.lakes)
TIE_BREAK = msg("sv.tie_break", "towns in the Valley Express")


VALLEYS_KEPT = 256
"""Valleys whose own scoring is kept (see :func:`valley_part`): a few tables' worth."""


@dataclass(frozen=True)
class ValleyPart:
    """What one valley scores on its own, whatever the other valleys hold: its card lines, its
    tally for each of the table's goals, the lines of its accumulative goals and its Express
    route."""

    card_lines: tuple[Line, ...]
    tallies: dict[str, Tally]
    accumulative_lines: dict[str, Line]
    express: ExpressRoute


@lru_cache(maxsize=VALLEYS_KEPT)
def valley_part(valley: Valley, options: Options, goals: tuple[str, ...]) -> ValleyPart:
    """A valley's own scoring, kept by the (frozen, hashable) valley, options and goals: after an
    edit of one valley a table scores again with one valley's searches (the Express route, the
    Long Way), not every valley's. Pure: the same inputs always give the same part."""
    layout = Layout(valley, options, route_goals(goals))
    tallies = {key: GOALS[key].rule(layout) for key in goals}
    return ValleyPart(
        card_lines=tuple(line for rule in CARD_LINES for line in rule(layout)),
        tallies=tallies,
        accumulative_lines={key: _accumulative(GOALS[key], tally)
                            for key, tally in tallies.items() if not GOALS[key].competitive},
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
        if goal.competitive:
            tallies = {name: part.tallies[key] for name, part in parts.items()}
            competition, goal_lines = _competitive(goal, tallies)
            competitions.append(competition)
        else:
            goal_lines = {name: part.accumulative_lines[key] for name, part in parts.items()}
        for name, line in goal_lines.items():
            player_lines[name].append(line)

    standings = standings_of(
        player_lines,
        {name: (part.express.towns_after_start,) for name, part in parts.items()},
    )
    players = ranked_results(standings, player_lines)
    return TableResult(
        game=table.game,
        rows=_rows(tuple(table.goals)),
        players=players,
        tie_break=explain_tie_break(standings, [TIE_BREAK]),
        winners=winners(standings),
        competitions=tuple(competitions),
        warnings=_warnings(table),
    )


@lru_cache(maxsize=64)
def _rows(goals: tuple[str, ...]) -> tuple[Row, ...]:
    """The scorepad's rows for a table with these goals (the same for every table that has them:
    made once)."""
    return tuple(Row(category=key, label=label) for key, label in lines.CARD_ROWS.items()) + tuple(
        Row(category=key, label=GOALS[key].title) for key in goals
    )


def _accumulative(goal: Goal, tally: Tally) -> Line:
    return Line(
        category=goal.key,
        label=goal.title,
        points=tally.value,
        detail=msg("sv.goal.line", "{goal}: {explanation}", goal=goal.title,
                   explanation=tally.explanation),
        cells=tally.cells,
        rulings=tally.rulings,
    )


def _competitive(goal: Goal, tallies: dict[str, Tally]) -> tuple[Competition, dict[str, Line]]:
    """The best measure takes 6; tied best players split it, rounded up; none wins nothing."""
    measures = {name: tally.value for name, tally in tallies.items()}
    best_players, points_each = split_award(measures, COMPETITIVE_POINTS)
    award: Message
    if not best_players:
        award = msg("sv.award.nobody", "nobody has any, so nobody scores it")
    elif len(best_players) == 1:
        award = msg("sv.award.one", "best is {name} with {measure}, who scores {points}",
                    name=best_players[0], measure=measures[best_players[0]],
                    points=COMPETITIVE_POINTS)
    else:
        award = msg_n(
            "sv.award.shared",
            "best is {measure}, tied by {count} player: {points} split {count} way, rounded up "
            "-> {each} each",
            "best is {measure}, tied by {count} players: {points} split {count} ways, rounded up "
            "-> {each} each",
            len(best_players), measure=measures[best_players[0]], points=COMPETITIVE_POINTS,
            each=points_each)
    rulings = ("SV-10",)
    goal_lines = {
        name: Line(
            category=goal.key,
            label=goal.title,
            points=points_each if name in best_players else 0,
            detail=msg("sv.goal.competition_line", "{goal}: {explanation}; {award}",
                       goal=goal.title, explanation=tally.explanation, award=award),
            cells=tally.cells,
            rulings=tally.rulings + rulings,
        )
        for name, tally in tallies.items()
    }
    competition = Competition(
        category=goal.key,
        label=goal.title,
        measures=measures,
        winners=best_players,
        points_each=points_each,
        detail=award,
        rulings=rulings,
    )
    return competition, goal_lines


def _warnings(table: SunflowerValleyTable) -> tuple[Message, ...]:
    return tuple(
        msg_n("sv.warning.valley_cards",
              "{name}'s valley has {count} Valley card; a finished valley has {finished} besides "
              "the Starting Town (scored as entered, ruling SV-12).",
              "{name}'s valley has {count} Valley cards; a finished valley has {finished} besides "
              "the Starting Town (scored as entered, ruling SV-12).",
              player.valley.valley_card_count, name=player.name,
              finished=VALLEY_CARDS_AT_GAME_END)
        for player in table.players
        if player.valley.valley_card_count != VALLEY_CARDS_AT_GAME_END
    )
