"""Shared pieces of the screens: widgets, the theme and the count field."""
