"""Girasoles in the app: each player's personal board, coins, the table's objectives."""
