"""The readable scorepad: a table of rows by players, then every line's explanation; and the
rulings those lines cite, in words."""

from __future__ import annotations

import textwrap

from scorer.core.breakdown import CitedRuling, TableResult
from scorer.language import DEFAULT, Language, language

TEXT_WIDTH = 100


def scorepad_text(result: TableResult, title: str, words: Language | None = None) -> str:
    """The scorepad as text, its own words in ``words`` (the result's are as they were said: see
    :func:`scorer.language.in_language`)."""
    words = words or language(DEFAULT)
    names = [player.name for player in result.players]
    total = words.say("report.total", "Total")
    rank = words.say("report.rank", "Rank")
    label_width = max([len(row.label) for row in result.rows] + [len(total), len(rank)])
    widths = [max(len(name), 4) for name in names]

    def row(label: str, cells: list[str]) -> str:
        values = "  ".join(cell.rjust(width) for cell, width in zip(cells, widths))
        return f"{label.ljust(label_width)}  {values}".rstrip()

    out = [title, "", row("", names), row("", ["-" * w for w in widths])]
    for scorepad_row in result.rows:
        out.append(row(scorepad_row.label,
                       [str(p.row_points(scorepad_row.category)) for p in result.players]))
    out.append(row("", ["-" * w for w in widths]))
    out.append(row(total, [str(p.total) for p in result.players]))
    out.append(row(rank, [str(p.rank) for p in result.players]))
    out.append("")
    out.append(winners_line(result.winners, words))
    out.append(words.say("report.tie_break", "Tie-break: {tie_break}",
                         tie_break=result.tie_break))
    for warning in result.warnings:
        out.append(words.say("report.warning", "Warning: {warning}", warning=warning))
    for player in result.players:
        out.append("")
        out.append(words.say("report.player_total", "{name}: {total} (rank {rank})",
                             name=player.name, total=player.total, rank=player.rank))
        for note in player.notes:
            out.append(f"  {note}")
        for scorepad_row in result.rows:
            for line in player.row_lines(scorepad_row.category):
                rulings = f" [{', '.join(line.rulings)}]" if line.rulings else ""
                out.append(f"  {line.label}: {line.points:>3}  {line.detail}{rulings}")
    return "\n".join(out) + "\n"


def winners_line(winners: tuple[str, ...], words: Language) -> str:
    """"Winner: Ann" or "Winners: Ann and Dee", in ``words`` (the scorepad's line, wherever it is
    shown: here, the app's scorepad, its history)."""
    return words.say_n("report.winners", "Winner: {names}", "Winners: {names}", len(winners),
                       names=words.listing(winners))


def rulings_text(rulings: tuple[CitedRuling, ...], words: Language | None = None) -> str:
    """The cited rulings for the end of the scorepad: id and title, then the summary."""
    if not rulings:
        return ""
    words = words or language(DEFAULT)
    out = ["", words.say("report.rulings_cited", "Rulings cited:")]
    for ruling in rulings:
        out.append(f"  {ruling.id} {ruling.title}")
        out.append(textwrap.fill(ruling.summary, TEXT_WIDTH, initial_indent="    ",
                                 subsequent_indent="    "))
    return "\n".join(out) + "\n"
