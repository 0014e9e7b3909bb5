"""What every game's editor does with its table session: make an edit and say what it did, undo,
redo, and read one player's score (from the library, through the session)."""

from __future__ import annotations

import re
from typing import Any

from scorer.files import MAX_DIGITS
from scorer.language import DEFAULT, Language, language
from scorer.message import Message
from ui.live.session import Change, Label, TableSession


def _said(words: Language, label: Label | None) -> str:
    """An edit's label in the device's words ("" for none)."""
    return words.render(label) if isinstance(label, Message) else label or ""


def show_tap(context, session: TableSession, revision: int, redraw) -> None:
    """After a tap: an edit (the session's ``revision`` moved) redraws every screen showing the
    table once it is scored and saved (this one first); when the save takes longer than a moment
    (``ui.live.session.SAVE_AWAITED_SECONDS``), once it is scored, marked "Saving…", and every
    such screen again once it is on disk, to take the mark off (or say it was not saved);
    anything else redraws this one only, at once."""
    if session.revision == revision:
        redraw()
        return
    # The edit is this device's: the scoreboards name who made it.
    person_at = getattr(context, "person_at", None)
    if person_at is not None:
        session.credit(revision, person_at(session.table_id))

    def tell() -> None:
        context.refresh()
        context.edited(session.table_id)

    if not session.writer_thread:
        tell()  # saved already: one redraw shows it
        return
    context.sent_later()
    session.when_to_show(tell)
    session.when_saved(context.saved_callback(session.table_id))


def set_props(control, changed: list, **values) -> None:
    """Set properties of a kept control, adding it to ``changed`` (to be sent) only when one of
    them differs: a redraw that changes nothing there sends nothing."""
    if any(getattr(control, name) != value for name, value in values.items()):
        for name, value in values.items():
            setattr(control, name, value)
        changed.append(control)


class NamesChanges:
    """Part of an editor view that keeps its controls and changes their properties: each render
    adds to ``_changed`` the controls it changed (or may have), and :meth:`changed_parts` names
    them, each to be diffed and sent on its own, never the whole editor."""

    _changed: list

    def changed_parts(self) -> list:
        """The parts the renders since the last call changed, each to be sent on its own."""
        changed, self._changed = self._changed, []
        return list({id(control): control for control in changed}.values())


class ShowsTotal:
    """Part of every game's editor view (which has ``model`` and the ``_total`` Text): when
    another player's edit only moves this player's rank, the one Text that changes."""

    def show_total(self) -> list:
        """The total Text when it changed (to send), else nothing."""
        changed: list = []
        set_props(self._total, changed, value=self.model.total_text())
        return changed


class UndoesTable:
    """Part of every game's editor view (which has ``model``, ``session``, ``context`` and its own
    ``_run``): the undo and redo buttons undo the table's last edit, whoever's part it was, then
    show that player's part."""

    def _undo(self, e=None) -> None:
        self._run(self.model.undo)
        show_changed_player(self.context, self.session, self.model, self.model.player)

    def _redo(self, e=None) -> None:
        self._run(self.model.redo)
        show_changed_player(self.context, self.session, self.model, self.model.player)


def take_focus(context) -> frozenset:
    """The places a scorepad line used, when its explanation's button opened this editor (the
    editor shows them highlighted); taken once, so the next screen starts plain."""
    focus = getattr(context, "focus", frozenset())
    context.focus = frozenset()
    return focus


class SessionEditor:
    def __init__(self, session: TableSession, words: Language | None = None):
        self.session = session
        self.words = words or language(DEFAULT)
        """The language of the device this editor is on (``AppContext.words``): its sentences are
        said in it; the edits' labels stay messages, as every device reads the table's undo."""
        self.message = ""
        """One sentence on what the last tap did or asks for."""
        self.changed_player: int | None = None
        """The player whose part the last undo or redo changed, for the view to show it."""

    def undo(self) -> None:
        self.changed_player = self.session.undo_player
        self.message = undo_edit(self.session, self.words)

    def redo(self) -> None:
        self.changed_player = self.session.redo_player
        self.message = redo_edit(self.session, self.words)

    def _apply(self, label: Label, change: Change, player: int | None = None) -> bool:
        """Make an edit and say so; False when it changed nothing."""
        made = self.session.apply(label, change, player)
        if not made:
            self.message = self.words.say("ui.edit.nothing_changed", "Nothing changed.")
            return False
        said = _said(self.words, label)
        self.message = self.words.say("ui.edit.done", "{edit}.", edit=said[:1].upper() + said[1:])
        return True


class PlayerEditor(SessionEditor):
    """An editor of one player's part of the table."""

    def __init__(self, session: TableSession, player: int, words=None):
        super().__init__(session, words)
        self.player = player

    def _apply(self, label: Label, change: Change, player: int | None = None) -> bool:
        """An edit of this player's part unless told whose."""
        return super()._apply(label, change, self.player if player is None else player)

    def _apply_to_table(self, label: Label, change: Change) -> None:
        """An edit of the whole table (the cards offered to every player), named as such."""
        SessionEditor._apply(self, label, change)

    @property
    def name(self) -> str:
        return self.session.draft["players"][self.player].get("name", "")

    def player_result(self):
        """This player's result, when the table scores (found by name: a player whose part does
        not validate is left out of the result)."""
        result = self.session.result
        if result is None:
            return None
        return next((p for p in result.players if p.name == self.name), None)

    def total_text(self) -> str:
        result = self.player_result()
        if result is None:
            return self.words.say("ui.edit.not_scored", "{name}: not scored yet", name=self.name)
        return self.words.say_n("ui.edit.total", "{name}: {count} point, rank {rank}",
                                "{name}: {count} points, rank {rank}", result.total,
                                name=self.name, rank=result.rank)


def undo_edit(session: TableSession, words: Language | None = None) -> str:
    """Undo the table's last edit and say what it was (in ``words``)."""
    words = words or language(DEFAULT)
    label = session.undo()
    if not label:
        return words.say("ui.edit.nothing_to_undo", "Nothing to undo.")
    return words.say("ui.edit.undone", "Undone: {edit}.", edit=label)


def redo_edit(session: TableSession, words: Language | None = None) -> str:
    words = words or language(DEFAULT)
    label = session.redo()
    if not label:
        return words.say("ui.edit.nothing_to_redo", "Nothing to redo.")
    return words.say("ui.edit.redone", "Redone: {edit}.", edit=label)


def label_undo_buttons(header, session: TableSession, words: Language | None = None,
                       changed: list | None = None) -> None:
    """Label an editor header's undo and redo buttons (its last two controls) with what they
    would undo or redo, which names whose part (the button's box carries the tooltip); the boxes
    whose tooltip changed go into ``changed``."""
    words = words or language(DEFAULT)
    changed = [] if changed is None else changed
    undo_button, redo_button = header.controls[-2:]
    undo, redo = session.undo_label, session.redo_label
    set_props(undo_button.content, changed, tooltip=(
        words.say("ui.edit.undo", "Undo: {edit}", edit=undo) if undo
        else words.say("ui.edit.no_undo", "Nothing to undo")))
    set_props(redo_button.content, changed, tooltip=(
        words.say("ui.edit.redo", "Redo: {edit}", edit=redo) if redo
        else words.say("ui.edit.no_redo", "Nothing to redo")))


def show_changed_player(context, session: TableSession, editor, shown: int | None) -> None:
    """After an undo or redo of another player's part than the one ``shown``: show that
    player's part, with what was done there (the tab that was looked at may be off-screen)."""
    player, editor.changed_player = editor.changed_player, None
    if player is None or player == shown or player >= len(session.player_names):
        return
    context.toast(editor.message)
    context.go(f"/table/{session.table_id}/valley/{player}")


def run_action(view: Any, action, *args) -> Any:
    """Run an editor action from a handler of ``view`` (which has ``context``, ``session``,
    ``model`` and ``render``): a failure becomes the message, never a crash; then redraw as
    :func:`show_tap` does."""
    revision = view.session.revision
    outcome = None
    try:
        outcome = action(*args)
    except Exception as error:  # noqa: BLE001 - say it, keep the draft, keep going
        view.model.message = view.context.words.say("ui.edit.failed", "That did not work: {error}",
                                                    error=str(error))

    def redraw() -> None:
        view.render()
        # The parts a view that keeps its controls names (see NamesChanges), else the page.
        named = getattr(view, "changed_parts", None)
        view.context.page.update(*(named() if named is not None else ()))

    show_tap(view.context, view.session, revision, redraw)
    return outcome


SHOWN_START = 8
"""Characters of a long typed text that a message shows before its length."""
WHOLE_NUMBER = re.compile(r"[0-9]+")
"""Digits only: a sign, a point, an exponent or a letter make it something other than a count."""


def parse_count(text: str, noun: str | Message, most: int, least: int = 0,
                words: Language | None = None) -> tuple[int | None, str]:
    """A count as typed in a number field: the whole number from ``least`` to ``most``, or None
    and why not, in words ("3.5 is not a count of cubes: ...", in ``words``: ``noun`` is best a
    message). Nothing is dropped or guessed: "3.5" is refused, never read as 35."""
    words = words or language(DEFAULT)
    typed = text.strip()
    if not typed:
        return None, words.say("ui.count.empty", "Type a count of {noun}, a whole number from "
                               "{least} to {most}.", noun=noun, least=least, most=most)
    if len(typed) > MAX_DIGITS:
        # Never converted (int() refuses 4,300 digits) nor echoed whole: a pasted page of digits
        # or decimals is named by its start and its length.
        typed = words.say_n("ui.count.long", "{start}… ({count} character)",
                            "{start}… ({count} characters)", len(typed),
                            start=typed[:SHOWN_START])
    elif WHOLE_NUMBER.fullmatch(typed) and least <= int(typed) <= most:
        return int(typed), ""
    return None, words.say("ui.count.wrong", "{typed} is not a count of {noun}: type a whole "
                           "number from {least} to {most}.", typed=typed, noun=noun, least=least,
                           most=most)
