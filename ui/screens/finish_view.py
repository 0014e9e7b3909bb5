"""Finishing a table (route ``/table/<id>/finish``): when and where it was played, a note, who
started; once finished: reopen, send the play to BG Stats, start a rematch."""

from __future__ import annotations

import flet as ft

from scorer.bgstats import bgstats_link
from ui.store.finished import EXAMPLE_DAY, FinishForm, local_date, play_of
from ui.store.storage import NoSuchTable
from ui.parts.saving import saves
from ui.parts.widgets import (PROBLEM, SaveMark, TOUCH, heading, labelled, selectable_text,
                              tap_target)
from ui.screens.photos_view import memories
from ui.screens.screen_help import help_button


def finish_action(context, table_id: int) -> ft.Control:
    """The table's entry to this screen (a flag; a cup once the game is finished)."""
    stored = context.store.get(table_id)
    finished = stored is not None and stored.finished is not None
    words = context.words
    return tap_target(
        ft.Icon(ft.Icons.EMOJI_EVENTS if finished else ft.Icons.FLAG),
        lambda e: context.go(f"/table/{table_id}/finish"), "finish-table",
        width=TOUCH, padding=0, bgcolor=ft.Colors.PRIMARY_CONTAINER if finished else None,
        tooltip=words.say("ui.finish.finished_tip", "Finished: BG Stats, rematch, reopen")
        if finished else words.say("ui.finish.finish", "Finish the game"))


def finished_notice(context, session) -> ft.Control:
    """At the top of a table another device finished: the game is over and in History (edits
    still count: History scores the table as it is), with the way to the finish screen (when,
    where, BG Stats, a rematch, or Reopen). Nothing while the game is in progress."""
    if session.finished is None:
        return ft.Container(height=0)
    words = context.words
    table_id = session.table_id
    return labelled("table-finished", ft.Container(
        ft.Row([
            ft.Text(words.say("ui.finish.done", "The game is finished: it is in History."),
                    size=15, weight=ft.FontWeight.BOLD, expand=True),
            tap_target(words.say("ui.finish.notice_open", "Details"),
                       lambda e: context.go(f"/table/{table_id}/finish"), "finished-details",
                       bgcolor=ft.Colors.PRIMARY_CONTAINER, padding=8,
                       tooltip=words.say("ui.finish.finished_tip",
                                         "Finished: BG Stats, rematch, reopen")),
        ], spacing=8),
        padding=12, bgcolor=ft.Colors.SECONDARY_CONTAINER,
    ))


def start_rematch(context, table_id: int) -> int:
    """A new table of the same game for the same players (see ``GamePlugin.rematch_draft``)."""
    session = context.sessions.get(table_id)
    return context.store.create(session.game.key, session.game.rematch_draft(session.draft),
                                context.device)


class FinishView:
    def __init__(self, context, table_id: int):
        if not context.may_open(table_id):
            raise NoSuchTable(table_id)  # to this device, as good as absent
        self.context = context
        self.table_id = table_id
        self.session = context.sessions.get(table_id)
        stored = context.store.get(table_id)
        if self.session is None or stored is None:
            raise NoSuchTable(table_id)
        self._kept_as = ("finish", table_id)
        kept = context.kept.get(self._kept_as)
        self.form = kept if isinstance(kept, FinishForm) else FinishForm.of(
            stored, language_code=context.words.code)
        """The form left unsaved here before (Back), or the table's as stored."""
        self.error = ft.Text(size=14, color=PROBLEM)
        self.starters = ft.Row(wrap=True, spacing=6)
        self.summary = ft.Text(size=15)
        self.after = ft.Column(spacing=10)
        self._save_mark = SaveMark(self.session, context.words)
        self.root = ft.Column(expand=True, scroll=ft.ScrollMode.AUTO)
        words = context.words
        fields = ft.Column([
            # The example names the device language's order of day, month and year (the 31st
            # cannot be a month); the year-month-day of the label before read wrong beside the
            # '4/12/2026' the field holds in Spanish.
            self._field("finish-date", words.say("ui.finish.date_example", "Date, e.g. {example}",
                                                 example=local_date(EXAMPLE_DAY, words.code)),
                        "day"),
            self._field("finish-time", words.say("ui.finish.time", "Time (hours:minutes)"),
                        "time"),
            self._field("finish-location", words.say("ui.finish.location",
                                                      "Location (optional)"), "location"),
            self._field("finish-note", words.say("ui.finish.note", "Note (optional)"), "note",
                        multiline=True),
            ft.Text(words.say("ui.finish.starter", "Who started?"), size=15),
            self.starters,
            labelled("finish-error", self.error),
            ft.Row(self._buttons(stored.finished is not None), wrap=True, spacing=8),
        ], spacing=12, width=480, horizontal_alignment=ft.CrossAxisAlignment.STRETCH)
        # The fields as wide as the screen allows (up to 480 px): a field's label stays on one
        # line with large text (on a field of its own width it went over the field's border).
        top = ft.Row([
            tap_target(ft.Icon(ft.Icons.ARROW_BACK),
                       lambda e: context.go(f"/table/{table_id}/scorepad"), "finish-back",
                       width=TOUCH, padding=0,
                       tooltip=words.say("ui.text.back", "Back to the scorepad")),
            ft.Container(ft.Column([labelled("finish-title", heading(
                words.say("ui.finish.finished", "Finished game") if stored.finished
                else words.say("ui.finish.finish", "Finish the game"), 18)),
                self._save_mark.root], spacing=0, tight=True), expand=True),
            help_button(context, "finish"),
        ])
        self.root.controls = [ft.Container(
            ft.Column([top, labelled("finish-summary", self.summary),
                       memories(context, table_id, "finish-photos"), fields, self.after],
                      spacing=14), padding=12)]
        self.render()

    def _field(self, identifier: str, label: str, attribute: str,
               multiline: bool = False) -> ft.Control:
        def changed(e) -> None:
            setattr(self.form, attribute, e.control.value or "")
            self._keep()

        field = ft.TextField(value=getattr(self.form, attribute), label=label,
                             border=ft.OutlineInputBorder(), multiline=multiline,
                             min_lines=2 if multiline else None, on_change=changed)
        return ft.Semantics(identifier=identifier, content=field)

    def _buttons(self, finished: bool) -> list[ft.Control]:
        words = self.context.words
        buttons = [tap_target(
            ft.Text(words.say("ui.finish.save", "Save") if finished
                    else words.say("ui.finish.finish", "Finish the game"), size=16,
                    weight=ft.FontWeight.BOLD),
            self._finish, "finish-save", bgcolor=ft.Colors.PRIMARY_CONTAINER)]
        if finished:
            buttons.append(tap_target(
                ft.Row([ft.Icon(ft.Icons.REPLAY),
                        ft.Text(words.say("ui.finish.reopen", "Reopen"), size=15)], tight=True),
                self._reopen, "finish-reopen",
                tooltip=words.say("ui.finish.reopen_tip", "Back to the tables in progress")))
        return buttons

    def render(self) -> None:
        self._save_mark.show()
        words = self.context.words
        result = self.session.result
        if result is None:
            self.summary.value = words.say("ui.scorepad.not_scored", "Not scored yet.")
        else:
            totals = ", ".join(f"{player.name} {player.total}" for player in result.players)
            self.summary.value = words.say_n(
                "ui.finish.summary", "Winner: {names} · {totals}", "Winners: {names} · {totals}",
                len(result.winners), names=words.listing(result.winners), totals=totals)
        names = self.session.player_names
        choices = [(None, words.say("ui.finish.no_starter", "Not recorded")), *enumerate(names)]
        self.starters.controls = [
            tap_target(name, lambda e, i=index: self._choose_starter(i),
                       f"starter-{'none' if index is None else index}",
                       selected=self.form.start_player == index,
                       bgcolor=ft.Colors.PRIMARY_CONTAINER if self.form.start_player == index else None)
            for index, name in choices
        ]
        stored = self.context.store.get(self.table_id)
        play = play_of(stored, self.context.games) if stored else None
        self.after.controls = self._after(play) if stored and stored.finished else []

    def _after(self, play) -> list[ft.Control]:
        words = self.context.words
        rematch = tap_target(
            ft.Row([ft.Icon(ft.Icons.REPLAY_CIRCLE_FILLED),
                    ft.Text(words.say("ui.finish.rematch", "Rematch"), size=16)], tight=True),
            self._rematch, "rematch", bgcolor=ft.Colors.PRIMARY_CONTAINER,
            tooltip=words.say("ui.finish.rematch_tip", "A new table: same game, players, "
                              "colours, options and described cards"))
        items: list[ft.Control] = [
            ft.Divider(), heading(words.say("ui.finish.after", "After the game"), 16), rematch]
        if play is None:
            items.append(ft.Text(words.say(
                "ui.finish.no_play", "Nothing is scored yet, so there is no play to log in "
                "BG Stats."), size=14))
            return items
        link = bgstats_link(play)
        items += [
            ft.Row([
                tap_target(ft.Row([ft.Icon(ft.Icons.OPEN_IN_NEW), ft.Text(
                    words.say("ui.finish.bgstats", "Send to BG Stats"), size=15)], tight=True),
                           lambda e: None, "bgstats-send",
                           action=ft.OpenUrl(link, target=ft.UrlTarget.BLANK)),
                tap_target(ft.Row([ft.Icon(ft.Icons.CONTENT_COPY), ft.Text(
                    words.say("ui.finish.copy_link", "Copy the link"), size=15)], tight=True),
                           lambda e: self.context.toast(words.say(
                               "ui.finish.copied", "Copied, unless your browser refuses (it may "
                               "on plain http): the link is also below.")), "bgstats-copy",
                           action=ft.CopyToClipboard(link)),
            ], wrap=True, spacing=8),
            ft.Text(words.say("ui.finish.bgstats_note", "BG Stats opens with this play filled "
                              "in (on a phone, in the BG Stats app). The link, to copy by hand:"),
                    size=13, color=ft.Colors.ON_SURFACE_VARIANT),
            labelled("bgstats-link", selectable_text(link, size=11, font_family="DejaVuMono")),
        ]
        return items

    def _keep(self) -> None:
        """The form changed: kept for this screen's next opening until it is saved."""
        self.context.kept[self._kept_as] = self.form

    def _choose_starter(self, index: int | None) -> None:
        self.form.start_player = index
        self._keep()
        self.render()
        self.context.page.update()

    def say_not_saved(self, message: str) -> None:
        """Beside the buttons; the fields keep what was typed."""
        self.error.value = message

    @saves
    def _finish(self, e=None) -> None:
        problem = self.form.problem(self.context.words)
        if problem:
            self.error.value = problem
            self.context.page.update()
            return
        self.form.finish(self.context.store, self.table_id)
        self.context.sessions.finish_changed(self.table_id)
        self.context.kept.pop(self._kept_as, None)
        self.context.edited(self.table_id)
        self.context.show(self.context.page.route)
        self.context.toast(self.context.words.say("ui.finish.done",
                                                  "The game is finished: it is in History."))

    @saves
    def _reopen(self, e=None) -> None:
        self.context.store.reopen(self.table_id)
        self.context.sessions.finish_changed(self.table_id)
        self.context.kept.pop(self._kept_as, None)
        self.context.edited(self.table_id)
        self.context.toast(self.context.words.say(
            "ui.finish.reopened", "Reopened: the table is back with the tables in progress."))
        self.context.go(f"/table/{self.table_id}/scorepad")

    @saves
    def _rematch(self, e=None) -> None:
        refused = self.context.refuse_new_table()
        if refused is not None:
            self.context.toast(self.context.words.render(refused))
            return
        table_id = start_rematch(self.context, self.table_id)
        self.context.toast(self.context.words.say(
            "ui.finish.rematched",
            "Rematch: same players; the cards described before are offered."))
        self.context.go(f"/table/{table_id}/valley/0")
