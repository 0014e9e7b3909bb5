"""What a public server's screens say of its retention (``ui.store.retention``): the date each
table is kept until, on home's rows, under *Recently deleted* and on the scorepad, with the way to
keep it longer (a backup, from *My data*). The private mode keeps every table and says nothing of
it: every function here gives nothing there."""

from __future__ import annotations

import flet as ft

from ui.parts.widgets import labelled, wrapping_target
from ui.store.storage import StoredTable

MY_DATA = "/my-data"


def _public(context) -> bool:
    """Whether the device is on a public server that sweeps (a screen's test may give a
    context of its own, without either)."""
    return (getattr(context, "public", None) is not None
            and getattr(context, "retention", None) is not None)


def kept_until(context, stored: StoredTable) -> str | None:
    """"kept until <date>", the date in the device's language; None in the private mode."""
    if not _public(context):
        return None
    until = context.kept_until(stored)
    words = context.words
    return words.say("ui.keeping.kept_until", "kept until {date}",
                     date=words.date(until.astimezone()))


def kept_until_line(context, stored: StoredTable) -> ft.Control | None:
    """A list row's line with its date (home, *Recently deleted*)."""
    said = kept_until(context, stored)
    if said is None:
        return None
    return labelled(f"kept-until-{stored.id}", ft.Text(said, size=12,
                                                       color=ft.Colors.ON_SURFACE_VARIANT))


def retention_rule(context) -> str:
    """How long the server keeps a table nobody opens, in the device's words."""
    retention = context.retention
    words = context.words
    return " ".join([
        words.say_n("ui.keeping.rule_tables",
                    "A table nobody opens for {count} day is deleted for good from this server, "
                    "with its photos,",
                    "A table nobody opens for {count} days is deleted for good from this server, "
                    "with its photos,", retention.table_days),
        words.say_n("ui.keeping.rule_finished", "a finished game after {count} day.",
                    "a finished game after {count} days.", retention.finished_days),
    ])


def keep_longer(context) -> list[ft.Control]:
    """Under home's lists: the rule, and the way to *My data* (its backup, its privacy text)."""
    if not _public(context):
        return []
    words = context.words
    return [
        labelled("retention-rule", ft.Text(
            retention_rule(context) + " " + words.say(
                "ui.keeping.download", "Download a backup to keep them longer."),
            size=12, color=ft.Colors.ON_SURFACE_VARIANT)),
        my_data_link(context),
    ]


def my_data_link(context) -> ft.Control:
    return wrapping_target(ft.Icons.PRIVACY_TIP_OUTLINED,
                           context.words.say("ui.keeping.my_data_link", "My data and privacy"),
                           lambda e: context.go(MY_DATA), "go-my-data")


def deleted_note(context) -> str | None:
    """*Recently deleted*'s note on a public server (the private mode keeps its own)."""
    if not _public(context):
        return None
    return context.words.say("ui.keeping.deleted_note",
                             "Kept until you empty them, or until the date beside each: restore "
                             "one to keep it longer.")


def scorepad_notice(context, stored: StoredTable | None) -> ft.Control | None:
    """Under a scorepad: the table's date and how to keep it longer (a tap opens *My data*)."""
    if stored is None or not _public(context):
        return None
    until = context.kept_until(stored)
    words = context.words
    return labelled("scorepad-kept-until", ft.Container(
        ft.Text(words.say("ui.keeping.scorepad", "Kept on this server until {date}; download a "
                          "backup to keep it longer.", date=words.date(until.astimezone())),
                size=12, color=ft.Colors.ON_SURFACE_VARIANT),
        on_click=lambda e: context.go(MY_DATA)))
