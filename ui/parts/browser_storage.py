"""The browser's own storage, where a device keeps its choices (its token, language and theme):
Flet's ``SharedPreferences``, which the web client keeps in the browser's ``localStorage``."""

from __future__ import annotations

STORAGE_TIMEOUT = 20
"""Seconds to wait for the browser's storage or its device information (a loaded phone can be
slow)."""


def local_storage_key(preference: str) -> str:
    """Where the web client keeps ``preference`` in ``localStorage`` (Flutter's
    shared_preferences prefixes its keys, and keeps each value as JSON): what a script of the
    start page reads before the client runs."""
    return f"flutter.{preference}"
