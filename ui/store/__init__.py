"""Stored data and who may see it: the tables database, grants, presence, finished games and
backups. Never imports screens or serving."""
