"""Maple Valley: Favours, Friends, Patches, Leftovers and Festivities, scored by "Final Scoring"."""

from scorer.maple_valley.models import MapleValleyTable
from scorer.maple_valley.scoring import score_table

__all__ = ["MapleValleyTable", "score_table"]
