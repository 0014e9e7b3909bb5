"""Maple Valley in the app: counts, cubes and cards entered on a phone, scored by the library."""
