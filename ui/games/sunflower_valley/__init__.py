"""Sunflower Valley in the app: the draft format, its edits and check, the valley editor."""
