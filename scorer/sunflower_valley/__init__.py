"""Sunflower Valley: valleys of cards, scored by the rulebook's scorepad lines and 18 goal cards."""

from scorer.sunflower_valley.models import SunflowerValleyTable
from scorer.sunflower_valley.scoring import score_table

__all__ = ["SunflowerValleyTable", "score_table"]
