"""Statistics (route ``/statistics``): per game and per player, games played, wins, win rate,
average and best total, and the average of each scorepad line, as charts (each player's average
per line as bars, totals over time as lines) and as tables. The figures come from
``scorer.statistics``, which aggregates the library's results."""

from __future__ import annotations

import flet as ft
import flet_charts as charts

from scorer.core.players import name_key
from scorer.games import GAMES
from scorer.statistics import GameStatistics, PlayerStatistics, game_statistics
from ui.screens.after_game_views import chips, screen_top
from ui.store.finished import finished_tables, player_colours
from ui.games.plugin import PLAYER_COLOURS
from ui.parts.widgets import heading, labelled

LABEL_WIDTH = 120
"""Room for a scorepad line's name beside its bars."""
LABEL_GAP = 8
"""Pixels between a line's name and its bars (without them the name touched the first bar)."""
BAR = 9
GRID = ft.Colors.OUTLINE_VARIANT


class StatisticsView:
    def __init__(self, context):
        self.context = context
        self.game: str | None = None
        self.root = ft.Column(expand=True, scroll=ft.ScrollMode.AUTO)
        self.render()

    def relayout(self) -> None:
        """The page's width changed: the charts take the new width; the game chosen stays."""
        self.render()
        self.context.page.update(self.root)

    def render(self) -> None:
        finished = finished_tables(self.context.visible_tables(), self.context.games)
        statistics = game_statistics(item.play for item in finished)
        self.label_words = _label_words(finished, self.context.words)
        items: list[ft.Control] = [screen_top(self.context, "/statistics")]
        if not statistics:
            items.append(ft.Text(self.context.words.say(
                "ui.statistics.none", "No finished games yet: statistics come from finished "
                "games."), size=15))
        else:
            if self.game not in statistics:
                self.game = finished[0].play.game
            items.append(chips([(key, GAMES[key].title) for key in sorted(statistics)],
                               self.game, self._choose, "statistics-game"))
            played = [item for item in finished if item.play.game == self.game]
            self.colours = {key: PLAYER_COLOURS[colour]
                            for key, colour in player_colours(played).items()}
            items += self._game(statistics[self.game])
        self.root.controls = [ft.Container(ft.Column(items, spacing=12), padding=12)]

    def _colour(self, player: PlayerStatistics) -> str:
        return self.colours.get(name_key(player.name), PLAYER_COLOURS["grey"])

    @property
    def _chart_width(self) -> float:
        return min(self.context.width - 24, 640)

    def _game(self, statistics: GameStatistics) -> list[ft.Control]:
        words = self.context.words
        return [
            labelled("statistics-plays", ft.Text(
                words.say_n("ui.statistics.plays", "{count} finished game of {game}",
                            "{count} finished games of {game}", statistics.plays,
                            game=GAMES[statistics.game].title),
                size=14, color=ft.Colors.ON_SURFACE_VARIANT)),
            heading(words.say("ui.statistics.players", "Players"), 17),
            self._players_table(statistics),
            heading(words.say("ui.statistics.line_averages", "Average points per scorepad line"),
                    17),
            self._legend(statistics),
            labelled("chart-lines", self._line_bars(statistics)),
            self._lines_table(statistics),
            heading(words.say("ui.statistics.totals_over_time", "Totals over time"), 17),
            labelled("chart-totals", self._totals_chart(statistics)),
        ]

    def _legend(self, statistics: GameStatistics) -> ft.Control:
        return ft.Row([
            ft.Row([ft.Container(width=14, height=14, border_radius=7,
                                 bgcolor=self._colour(player)),
                    ft.Text(player.name, size=14)], tight=True, spacing=4)
            for player in statistics.players
        ], wrap=True, spacing=12)

    def _players_table(self, statistics: GameStatistics) -> ft.Control:
        words = self.context.words
        header = [words.say("ui.statistics.player", "Player"),
                  words.say("ui.statistics.games", "Games"),
                  words.say("ui.statistics.wins", "Wins"),
                  words.say("ui.statistics.win_rate", "Win rate"),
                  words.say("ui.statistics.average", "Average"),
                  words.say("ui.statistics.best", "Best")]
        rows = [[player.name, str(player.played), str(player.wins),
                 words.percent(player.win_rate), words.decimal(player.average_total),
                 str(player.best_total)] for player in statistics.players]
        return labelled("statistics-players", _grid(header, rows))

    def _lines_table(self, statistics: GameStatistics) -> ft.Control:
        words = self.context.words
        header = [words.say("ui.statistics.line", "Line"),
                  *(player.name for player in statistics.players)]
        rows = []
        for label in statistics.labels:
            averages = [player.line(label) for player in statistics.players]
            rows.append([self.label_words.get(label, label),
                         *("" if line is None else words.decimal(line.average)
                           for line in averages)])
        return labelled("statistics-lines", _grid(header, rows))

    def _line_bars(self, statistics: GameStatistics) -> ft.Control:
        """Bars growing to the right, a group per scorepad line with its name on the left: a bar
        chart turned a quarter, so that long line names stay readable on a phone."""
        players = statistics.players
        groups = [
            charts.BarChartGroup(x=index, spacing=2, rods=[
                charts.BarChartRod(to_y=line.average if line else 0, width=BAR,
                                   color=self._colour(player), border_radius=2)
                for player in players for line in [player.line(label)]
            ])
            for index, label in enumerate(statistics.labels)
        ]
        top = max([line.average for player in players for line in player.lines] + [1])
        step = _step(top)
        chart = charts.BarChart(
            groups=groups, min_y=0, max_y=_ceil(top, step), interactive=False,
            width=len(groups) * (len(players) * (BAR + 2) + 14),
            height=self._chart_width,
            bottom_axis=charts.ChartAxis(label_size=LABEL_WIDTH, labels=[
                charts.ChartAxisLabel(value=index, label=ft.RotatedBox(quarter_turns=-1, content=
                    ft.Container(ft.Text(self.label_words.get(label, label), size=12,
                                         text_align=ft.TextAlign.RIGHT),
                                 width=LABEL_WIDTH - 6, alignment=ft.Alignment.CENTER_RIGHT,
                                 padding=ft.Padding.only(right=LABEL_GAP))))
                for index, label in enumerate(statistics.labels)]),
            left_axis=charts.ChartAxis(label_size=24, labels=[
                charts.ChartAxisLabel(value=value, label=ft.RotatedBox(
                    quarter_turns=-1, content=ft.Text(_number(value), size=11)))
                for value in _ticks(_ceil(top, step), step)]),
            horizontal_grid_lines=charts.ChartGridLines(interval=step, color=GRID, width=1),
        )
        return ft.RotatedBox(quarter_turns=1, content=chart)

    def _totals_chart(self, statistics: GameStatistics) -> ft.Control:
        """A line per player: their total in each game of theirs (x: the games in date order)."""
        days = sorted({when for player in statistics.players for when, _ in player.totals})
        number = {when: index for index, when in enumerate(days)}
        top = max(total for player in statistics.players for _, total in player.totals)
        step = _step(max(top, 1))
        every = max(1, len(days) // 5)
        series = [
            charts.LineChartData(
                points=[charts.LineChartDataPoint(number[when], total)
                        for when, total in player.totals],
                color=self._colour(player), stroke_width=3, point=True)
            for player in statistics.players
        ]
        return charts.LineChart(
            data_series=series, min_y=0, max_y=_ceil(max(top, 1), step), min_x=-0.3,
            max_x=len(days) - 0.7, interactive=False,
            height=220, width=self._chart_width,
            left_axis=charts.ChartAxis(label_size=36, labels=[
                charts.ChartAxisLabel(value=value, label=ft.Text(_number(value), size=11))
                for value in _ticks(_ceil(max(top, 1), step), step)]),
            bottom_axis=charts.ChartAxis(label_size=28, labels=[
                charts.ChartAxisLabel(value=index, label=ft.Text(
                    self.context.words.day(when), size=11))
                for index, when in enumerate(days) if index % every == 0]),
            horizontal_grid_lines=charts.ChartGridLines(interval=step, color=GRID, width=1),
        )

    def _choose(self, game: str | None) -> None:
        self.game = game
        self.render()
        self.context.page.update()


def _label_words(finished, words) -> dict[str, str]:
    """Each scorepad line's printed (English) label, as statistics match lines, said in this
    device's language where the stored result kept the label's message."""
    return {row.label: words.render(row.said["label"])
            for item in finished for row in item.play.result.rows if "label" in row.said}


def _grid(header: list[str], rows: list[list[str]]) -> ft.Control:
    """A small table that scrolls sideways on a phone; the first column is names. Each column is
    as wide as its widest text and each row as tall as its texts, so no word is ever broken
    (large text makes them wider); a screen reader reads it row by row."""

    def cell(text: str, bold: bool = False) -> ft.Text:
        return ft.Text(text, size=13, weight=ft.FontWeight.BOLD if bold else None, no_wrap=True)

    return ft.Row([ft.DataTable(
        # A heading's text is a node of its own, so the browser writes it inside the column
        # header; merged into the header it would be only its aria-label, and a header without
        # text reads as empty (axe-core: empty-table-header).
        columns=[ft.DataColumn(ft.Semantics(container=True, content=cell(title, True)),
                               numeric=column > 0)
                 for column, title in enumerate(header)],
        rows=[ft.DataRow([ft.DataCell(cell(text)) for text in row]) for row in rows],
        # 8 px between columns: the players' six columns fit a 390 px phone in Spanish too
        # (with 12, 'Mejor' was cut at the edge); a table wider still scrolls, its bar shown.
        column_spacing=8, horizontal_margin=4, heading_row_height=40,
        data_row_min_height=28, data_row_max_height=float("inf"), divider_thickness=1,
    )], scroll=ft.ScrollMode.ALWAYS)


def _step(top: float) -> float:
    """A round grid step giving 2 to 5 lines up to ``top``."""
    for step in (1, 2, 5, 10, 20, 25, 50, 100):
        if top / step <= 5:
            return step
    return 200


def _ceil(value: float, step: float) -> float:
    return max(step, -(-value // step) * step)


def _ticks(top: float, step: float) -> list[float]:
    return [index * step for index in range(int(top // step) + 1)]


def _number(value: float) -> str:
    return f"{value:g}"
