"""Benchmark cases, one module per game."""
