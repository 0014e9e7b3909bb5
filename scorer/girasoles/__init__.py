"""Girasoles: personal boards of coloured tiles, scored by coins, 3 starting objectives and the
additional objectives of the rulebook's list."""

from scorer.girasoles.models import GirasolesTable
from scorer.girasoles.scoring import score_table

__all__ = ["GirasolesTable", "score_table"]
