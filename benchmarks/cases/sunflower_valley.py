"""Sunflower Valley benchmark cases (filled in with the library's tests)."""

CASES: dict = {}
