"""The scorepad as shown: rows by players, totals, ranks, tie-break, and each line's explanation.

Everything here reads the library's :class:`TableResult`; no point is computed in the app.
"""

from __future__ import annotations

import json
from dataclasses import dataclass

from scorer.core.breakdown import Cell, Line, TableResult
from scorer.core.players import COLOUR_NAMES, name_key
from scorer.games import GAMES
from scorer.language import DEFAULT, Language
from scorer.report import scorepad_text, winners_line
from ui.parts.words import app_language
from ui.store.draft_check import Checked
from ui.live.session import TableSession


@dataclass(frozen=True)
class ScorepadRow:
    category: str
    label: str
    points: tuple[int, ...]


@dataclass(frozen=True)
class Explanation:
    player: int
    name: str
    label: str
    points: int
    lines: tuple[Line, ...]

    @property
    def cells(self) -> frozenset[Cell]:
        """The cards the row's lines used, to highlight on the player's valley."""
        return frozenset(cell for line in self.lines for cell in line.cells)


class Scorepad:
    """The scorepad of ``result`` (said in ``words``: see ``TableSession.result_in``), its own
    words in ``words`` too (English when not given)."""

    def __init__(self, result: TableResult, words: Language | None = None):
        self.result = result
        self.words = words or app_language(DEFAULT)
        self.names = tuple(player.name for player in result.players)
        self.rows = tuple(
            ScorepadRow(
                row.category,
                row.label,
                tuple(player.row_points(row.category) for player in result.players),
            )
            for row in result.rows
        )
        self.totals = tuple(player.total for player in result.players)
        self.ranks = tuple(player.rank for player in result.players)

    @property
    def winners_text(self) -> str:
        winners = self.result.winners
        if not winners:
            return ""
        return winners_line(winners, self.words)

    @property
    def tie_break(self) -> str:
        return self.result.tie_break

    @property
    def tie_break_line(self) -> str:
        """The scorepad's tie-break line: "Tie-break: " and what decided a tie, or, with no two
        totals equal, only the sentence that says so (not "Tie-break: No tie: …")."""
        if len(set(self.totals)) == len(self.totals):
            return self.tie_break
        return self.words.say("ui.scorepad.tie_break", "Tie-break: {tie_break}",
                              tie_break=self.tie_break)

    @property
    def warnings(self) -> tuple[str, ...]:
        return self.result.warnings

    def explain(self, category: str, player: int) -> Explanation:
        result = self.result.players[player]
        label = next(row.label for row in self.result.rows if row.category == category)
        return Explanation(
            player=player,
            name=result.name,
            label=label,
            points=result.row_points(category),
            lines=result.row_lines(category),
        )


def plain_text(session: TableSession, words: Language | None = None) -> str:
    """The scorepad as text to paste anywhere (the same text as ``scorepad score``), in the
    device's language ``words`` (English when not given)."""
    words = words or app_language(DEFAULT)
    result = session.result_in(words)
    checked: Checked = session.checked
    title = GAMES[session.game.key].title
    if result is None:
        text = f"{title}\n\n" + words.say("ui.scorepad.not_scored", "Not scored yet.") + "\n"
    else:
        text = scorepad_text(result, title, words)
    if checked.problems:
        text += "\n" + words.say("ui.scorepad.left_out", "Left out until fixed:") + "\n" + "".join(
            f"- {_owner(session, problem.player)}{words.render(problem.said)}\n"
            for problem in checked.problems
        )
    return text


def export_json(session: TableSession) -> str | None:
    """The scored part of the table as a table file that ``scorepad score`` reads back."""
    table = session.checked.table
    if table is None:
        return None
    # The players' colours live in the draft: written out so that an import keeps them.
    colours = {name_key(player.get("name", "")): player.get("colour")
               for player in session.draft.get("players", [])
               if isinstance(player.get("name"), str) and player.get("colour") in COLOUR_NAMES}
    data = table.model_dump(mode="json")
    for player in data["players"]:
        player["colour"] = colours.get(name_key(player["name"]), player["colour"])
    return json.dumps(data, indent=2) + "\n"


def _owner(session: TableSession, player: int | None) -> str:
    return "" if player is None else f"{session.player_names[player]}: "


def part_index(session: TableSession, name: str, fallback: int) -> int:
    """The draft's index of the player the result calls ``name`` (a player whose part does not
    validate is left out of the result, so the two orders may differ)."""
    return next((index for index, player in enumerate(session.player_names) if player == name),
                fallback)


def short_names(names: list[str] | tuple[str, ...], letters: int) -> list[str]:
    """Column headers of at most ``letters`` letters that still tell the players apart: a name that
    fits stays whole, a name of several words becomes its initials, a longer one its first
    letters; when two would read the same, the first letters and the last letter, then a number."""
    shorts = []
    for name in names:
        words = name.split()
        if len(name) <= letters:
            shorts.append(name)
        elif len(words) > 1:
            shorts.append("".join(word[0] for word in words)[:letters])
        else:
            shorts.append(name[:letters])
    for index, name in enumerate(names):
        if _clashes(shorts, index):
            shorts[index] = name[:max(letters - 1, 1)] + name[-1]
    for index in range(len(names)):
        if _clashes(shorts, index):
            number = str(index + 1)
            shorts[index] = names[index][:max(letters - len(number), 1)] + number
    return shorts


def _clashes(shorts: list[str], index: int) -> bool:
    key = name_key(shorts[index])
    return any(name_key(other) == key for position, other in enumerate(shorts)
               if position != index)
