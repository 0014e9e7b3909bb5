"""The shared table in memory: one session per open table, its edits, undo and redo, seen by every
device that shows it."""
