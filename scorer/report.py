"""The readable scorepad: a table of rows by players, then every line's explanation; and the
rulings those lines cite, in words."""

from __future__ import annotations

import textwrap

from scorer.core.breakdown import CitedRuling, TableResult

TEXT_WIDTH = 100


def scorepad_text(result: TableResult, title: str) -> str:
    names = [player.name for player in result.players]
    label_width = max([len(row.label) for row in result.rows] + [len("Total"), len("Rank")])
    widths = [max(len(name), 4) for name in names]

    def row(label: str, cells: list[str]) -> str:
        values = "  ".join(cell.rjust(width) for cell, width in zip(cells, widths))
        return f"{label.ljust(label_width)}  {values}".rstrip()

    out = [title, "", row("", names), row("", ["-" * w for w in widths])]
    for scorepad_row in result.rows:
        out.append(row(scorepad_row.label,
                       [str(p.row_points(scorepad_row.category)) for p in result.players]))
    out.append(row("", ["-" * w for w in widths]))
    out.append(row("Total", [str(p.total) for p in result.players]))
    out.append(row("Rank", [str(p.rank) for p in result.players]))
    out.append("")
    winners = " and ".join(result.winners)
    out.append(f"Winner{'s' if len(result.winners) > 1 else ''}: {winners}")
    out.append(f"Tie-break: {result.tie_break}")
    for warning in result.warnings:
        out.append(f"Warning: {warning}")
    for player in result.players:
        out.append("")
        out.append(f"{player.name}: {player.total} (rank {player.rank})")
        for note in player.notes:
            out.append(f"  {note}")
        for scorepad_row in result.rows:
            for line in player.row_lines(scorepad_row.category):
                rulings = f" [{', '.join(line.rulings)}]" if line.rulings else ""
                out.append(f"  {line.label}: {line.points:>3}  {line.detail}{rulings}")
    return "\n".join(out) + "\n"


def rulings_text(rulings: tuple[CitedRuling, ...]) -> str:
    """The cited rulings for the end of the scorepad: id and title, then the summary."""
    if not rulings:
        return ""
    out = ["", "Rulings cited:"]
    for ruling in rulings:
        out.append(f"  {ruling.id} {ruling.title}")
        out.append(textwrap.fill(ruling.summary, TEXT_WIDTH, initial_indent="    ",
                                 subsequent_indent="    "))
    return "\n".join(out) + "\n"
