"""One open table: its draft, the edits made to it with undo and redo, and its score.

In the app the saves run on one writer thread, in the order the edits were made, and each new
revision is scored on a scoring thread, so neither a slow disk nor a heavy table holds up the
event loop that serves every phone. The screens show an edit once it is scored and saved, or,
when its save takes longer than :data:`SAVE_AWAITED_SECONDS`, marked "Saving…" while it is not
yet on disk (:meth:`TableSession.when_to_show`, :attr:`TableSession.save_state`), and are told
again when it is (:meth:`TableSession.when_saved`): a value that is not saved is never shown
unmarked. The score always comes from the library (``scorer.games.score``) on the part of the
draft that validates; the app never adds points.
One session per table is shared by every browser showing it, so undo undoes the table's last edit,
whichever device made it; deleting and restoring a table marks its one session, never copies it.
"""

from __future__ import annotations

import asyncio
import logging
import pickle
import secrets
import threading
from collections.abc import Callable
from concurrent.futures import Executor, ThreadPoolExecutor
from dataclasses import dataclass, replace
from typing import Any, Literal, TypeVar

from scorer.core.breakdown import TableResult
from scorer.games import score
from scorer.language import DEFAULT, Language, in_language, language
from scorer.message import Message, msg
from ui.live.merging import part_of_change, replayed
from ui.store.announcements import Announcement
from ui.store.draft_check import Checked, DraftChecker, Problem
from ui.store.storage import (NotSaved, StaleRevision, StoredTable, StoreUnavailable,
                              TableStore)

logger = logging.getLogger(__name__)

Change = Callable[[dict], None]
"""Changes a copy of the draft in place."""
Label = str | Message
"""What an edit did, in words: a message, so each device says the table's undo in its own
language (a plain text is shown as it is)."""


def deleted_message(by: str | Message | None, words: Language | None = None) -> str:
    """Why edits are refused, naming who deleted the table when the server knows (in
    ``words``; English when not given)."""
    words = words or language(DEFAULT)
    if by:
        return words.say("ui.table.deleted_by", "{name} deleted this table: Undo on their "
                         "screen, or keep a copy.", name=by)
    return words.say("ui.table.deleted", "This table was deleted on another device: Undo there, "
                     "or keep a copy.")


DELETED = deleted_message(None)
"""Why edits are refused when who deleted the table is not known, in English."""

T = TypeVar("T")


def copied(draft: dict) -> dict:
    """A deep copy of a draft (plain JSON values), made through pickle: the same copy as
    ``copy.deepcopy`` in a sixth of the time (0.2 ms for a table of six 17-card valleys), as every
    edit copies the whole table."""
    return pickle.loads(pickle.dumps(draft, pickle.HIGHEST_PROTOCOL))


CHANGES_KEPT = 64
"""Revisions whose changed part is remembered; a screen further behind redraws whole."""
MOST_MERGES = 8
"""How many times in a row a save is made again on a newer revision (another process saved the
table meanwhile) before it is tried again later, as a refused save is."""
FOREIGN_KEPT = 16
"""Other processes' saves whose drafts before and after are remembered until their
announcement comes (see ``TableSession._catch_up``)."""


def label_note(label: str | Message | None) -> Any:
    """A label (or who made an edit) as an announcement carries it to another process."""
    if isinstance(label, Message):
        return {"message": label.model_dump(mode="json")}
    return label


def label_from(note: Any) -> str | Message | None:
    """A label an announcement carried (:func:`label_note`); a message this version cannot read
    is said in the words it was sent with."""
    if isinstance(note, dict) and isinstance(note.get("message"), dict):
        try:
            return Message.model_validate(note["message"])
        except ValueError:
            return str(note["message"].get("text", ""))
    return note if isinstance(note, str) else None


@dataclass(frozen=True)
class Step:
    """An edit as undo and redo keep it: the drafts on either side, so that undoing it changes
    back only what it changed (``ui.live.merging.replayed``), whatever was edited since on this
    process or another."""

    id: str
    """Known to every process showing the table: an undo made on one moves the step on all."""
    label: Label
    before: dict
    after: dict
    player: int | None
    """The player whose part it changes (None: the table's or unknown)."""


def new_step(label: Label, before: dict, after: dict, player: int | None) -> Step:
    return Step(secrets.token_hex(6), label, before, after, player)


@dataclass(frozen=True)
class LastChange:
    """The table's latest edit, undo or redo, as a scoreboard shows it: what it did, whose part
    it changed and who made it."""

    revision: int
    """The revision it made."""
    label: Label
    """What the edit did (the same words as its undo)."""
    part: int | None
    """The player whose part it changed; None: the table's (names, options, cards offered)."""
    kind: Literal["edit", "undo", "redo"] = "edit"
    by: str | Message | None = None
    """Who made it, in words (a player's name, "The host"...; see :meth:`TableSession.credit`);
    None until told, or when nobody can tell."""


class TableDeleted(Exception):
    """An edit refused because the table was deleted while this device showed it."""

    def __init__(self, by: str | Message | None = None):
        super().__init__(deleted_message(by))


RETRY_FIRST_SECONDS = 1.0
RETRY_LONGEST_SECONDS = 15.0
"""A refused save is tried again after a second, then after twice as long each time, at most
this long apart, until one works (the database server back, the file writable again)."""

SAVE_AWAITED_SECONDS = 0.05
"""How long the screens wait for an edit's save once it is scored, before they show it marked
"Saving…": a save that keeps up (a few milliseconds) is shown once, without the mark, instead of
the mark put on every phone and taken off a moment later (a flicker, and a second redraw and
message to every phone at every edit); a slower one is shown a moment later than it was
scored."""

SAVING = "Saving…"
NOT_SAVED = "Not saved"
"""The save states a screen shows beside a table (besides nothing, when every edit is saved)."""


def storage_writer() -> Executor:
    """The one thread that writes every table of this server, each write after the one before
    (what a single worker gives); its queue is finished before the process exits."""
    return ThreadPoolExecutor(max_workers=1, thread_name_prefix="scorepad-writer")


def scoring_thread() -> Executor:
    """The one thread that scores the tables' new revisions for this server, off the event loop
    and beside the writer, so a save never waits for a score nor a score for the disk."""
    return ThreadPoolExecutor(max_workers=1, thread_name_prefix="scorepad-scorer")


def part_changed(before: dict, after: dict, player: int | None) -> int | None:
    """The part an edit of ``player``'s changed: that player's, or None (the table's) when it
    changed anything else too. An edit on one valley can change what every player is offered (a
    newly described Town joins the table's cards): the other devices must draw it from then on,
    not only after their own next tap (issue 32, row 5)."""
    if player is None:
        return None
    players_before, players_after = before.get("players"), after.get("players")
    if not (isinstance(players_before, list) and isinstance(players_after, list)
            and len(players_before) == len(players_after) and 0 <= player < len(players_after)):
        return None
    others_same = all(old == new for index, (old, new) in
                      enumerate(zip(players_before, players_after)) if index != player)
    rest_same = ({key: value for key, value in before.items() if key != "players"}
                 == {key: value for key, value in after.items() if key != "players"})
    return player if others_same and rest_same else None


class TableSession:
    def __init__(self, store: TableStore, stored: StoredTable, game: DraftChecker,
                 writer: Executor | None = None, scorer: Executor | None = None):
        self.store = store
        self._writer = writer
        """Where saves run (see :func:`storage_writer`); None: in the caller, before it goes on."""
        self._scorer = scorer
        """Where new revisions are scored (see :func:`scoring_thread`); None: when first read."""
        self.table_id = stored.id
        self.game = game
        self.read_only = not stored.readable
        self._draft = stored.draft
        self._undo: list[Step] = []
        self._redo: list[Step] = []
        self._base: tuple[dict, int] = (stored.draft, stored.revision)
        """The store's newest draft and revision that this session knows: what its next save is
        made from (a compare-and-set: ``TableStore.save``)."""
        self._unsent: list[dict] = []
        """The steps made here and not yet saved, as the save's announcement tells them to the
        other processes (their ids, kinds, labels and players)."""
        self._foreign: dict[int, tuple[dict, dict]] = {}
        """Other processes' saves met before their announcement (a save refused as stale reads
        the newest revision): the drafts before and after, by revision."""
        self._lock = threading.RLock()
        self._scored: tuple[int, Checked, TableResult | None] | None = None
        """The revision last checked and scored, what validated and its result."""
        self._said: tuple[TableResult | None, dict[str, TableResult]] = (None, {})
        """The result last said in other languages, and what it says in each (by code)."""
        self._read_in: dict[str, Language] = {}
        """The languages devices read this table in: the writer says each new result in them."""
        self.revision = 0
        self.saved_revision = 0
        """The latest revision on disk (the one loaded is)."""
        self.marked = False
        """A screen has shown the save mark (see ``save_state``) since the screens were last
        told of a save: only then must they be told again when the saves are done."""
        self._per_revision: tuple[int, dict[str, object]] = (0, {})
        """What :meth:`per_revision` worked out, and for which revision."""
        self._parts_changed: list[int | None] = []
        """The part each revision changed (a player's index; None: the table's), the latest last,
        so a screen that drew an older revision redraws only what changed since."""
        self.save_problem: Message | None = None
        """Why the last save failed, for every device to say in its language (see
        :attr:`save_error`); None once a save worked."""
        self.finished = stored.finished
        """When the game was finished (None: in progress), for the screens to say so; kept by
        :meth:`Sessions.finish_changed` when a device finishes or reopens it."""
        self.deleted = False
        """Deleted on some device: edits are refused until it is restored."""
        self.deleted_by: str | Message | None = None
        """Who deleted it, in words (a player's name or "The host"), when known."""
        self._retry: threading.Timer | None = None
        """The timer that tries a refused save again, while one is waiting."""
        self._retry_after = RETRY_FIRST_SECONDS
        self._tell_screens: tuple[asyncio.AbstractEventLoop, Callable[[], None]] | None = None
        """How the screens were last told of a save (:meth:`when_saved`): a save tried again
        tells them the same way, with no tap of theirs."""
        self.last_change: LastChange | None = None
        """The latest edit, undo or redo made in this session (None: none since it was
        loaded), for the scoreboards."""

    @property
    def save_error(self) -> str | None:
        """Why the last save failed, in English (:attr:`save_problem` for any language)."""
        return None if self.save_problem is None else self.save_problem.text

    @property
    def draft(self) -> dict:
        """The current draft; treat it as read-only and change it through :meth:`apply`."""
        return self._draft

    def apply(self, label: Label, change: Change, player: int | None = None) -> bool:
        """Make an edit of ``player``'s part (None: the whole table's); False when it changes
        nothing (then it is not an undo step). ``label`` names the edit for undo and redo (see
        :data:`Label`)."""
        with self._lock:
            self._refuse_if_deleted()
            if self.read_only:
                return False
            changed = copied(self._draft)
            change(changed)
            if changed == self._draft:
                return False
            step = new_step(label, self._draft, changed, player)
            self._undo.append(step)
            self._redo.clear()
            self._commit(changed, player, "edit", step)
            self.last_change = LastChange(self.revision, label, self._parts_changed[-1])
            return True

    def undo(self) -> Label | None:
        """Undo the last edit; returns its label, or None when there is nothing to undo."""
        with self._lock:
            self._refuse_if_deleted()
            if not self._undo or self.read_only:
                return None
            step = self._undo.pop()
            self._redo.append(step)
            self._commit(replayed(self._draft, step.after, step.before), step.player, "undo",
                         step)
            self.last_change = LastChange(self.revision, step.label, self._parts_changed[-1],
                                          "undo")
            return step.label

    def redo(self) -> Label | None:
        with self._lock:
            self._refuse_if_deleted()
            if not self._redo or self.read_only:
                return None
            step = self._redo.pop()
            self._undo.append(step)
            self._commit(replayed(self._draft, step.before, step.after), step.player, "redo",
                         step)
            self.last_change = LastChange(self.revision, step.label, self._parts_changed[-1],
                                          "redo")
            return step.label

    def credit(self, since: int, by: str | Message | None) -> None:
        """Say who made the changes after revision ``since``: the device whose handler made
        them, which tells right after (edits are made on the event loop, one handler at a time,
        so none of another device's lands between). The scoreboards name them."""
        with self._lock:
            change = self.last_change
            if change is not None and change.revision > since and by is not None:
                self.last_change = replace(change, by=by)

    def _refuse_if_deleted(self) -> None:
        if self.deleted:
            raise TableDeleted(self.deleted_by)

    @property
    def undo_label(self) -> Label | None:
        return self._undo[-1].label if self._undo else None

    @property
    def redo_label(self) -> Label | None:
        return self._redo[-1].label if self._redo else None

    @property
    def undo_player(self) -> int | None:
        """The player whose part the next undo changes (None: the table's or nothing)."""
        return self._undo[-1].player if self._undo else None

    @property
    def redo_player(self) -> int | None:
        return self._redo[-1].player if self._redo else None

    def parts_changed_since(self, revision: int) -> frozenset[int] | None:
        """The players whose parts changed after ``revision``; None when the table's own part
        did (names, options, cards offered to everyone) or the log no longer reaches back."""
        count = self.revision - revision
        if count > len(self._parts_changed):
            return None
        changed = self._parts_changed[len(self._parts_changed) - count:] if count else []
        return None if None in changed else frozenset(changed)

    def _commit(self, draft: dict, player: int | None, kind: str, step: Step) -> None:
        # Keep the edit in memory even when the disk refuses it, and say so: nothing entered is
        # dropped, and the next successful save writes it.
        part = part_changed(self._draft, draft, player)
        self._draft = draft
        self.revision += 1
        self._parts_changed = self._parts_changed[-(CHANGES_KEPT - 1):] + [part]
        self._unsent.append({"kind": kind, "step": step.id, "label": label_note(step.label),
                             "player": step.player})
        if self._writer is None:
            self._save(self.revision)
        else:
            self._writer.submit(self._save, self.revision)

    def _save(self, revision: int) -> None:
        """Save the newest draft (on the writer thread), once per burst of edits: ``revision``
        is the one the caller saw; a later edit's own save writes this one too."""
        if revision != self.revision and self._writer is not None:
            return  # a later edit is queued: its save writes this one too
        # A refused save keeps the edit: nothing entered is dropped, and the next save that
        # works writes it.
        try:
            for _ in range(MOST_MERGES):
                if self._save_newest():
                    break
                # Another process saved the table meanwhile: this one's edits are made again on
                # its newest revision (read by _catch_up), and that is saved.
                self._catch_up()
            else:
                raise StaleRevision(self.table_id, self._base[1])
            self.save_problem = None
            self._retry_after = RETRY_FIRST_SECONDS
            self._tell_of_save()
        except NotSaved as refused:
            logger.error("saving table %s failed: %s", self.table_id, refused)
            # Every device shows it: the file's name, not where it is on the host.
            self.save_problem = msg("ui.table.edit_kept", "{problem}; your edit is kept on this "
                                    "screen", problem=refused.message(host=False))
            self._try_again_later()
        except StoreUnavailable as unreadable:  # the newest revision could not be read
            logger.error("saving table %s failed: %s", self.table_id, unreadable)
            self.save_problem = msg("ui.table.not_saved_kept", "Not saved: {error}; your edit is "
                                    "kept on this screen", error=str(unreadable))
            self._try_again_later()
        except StaleRevision:
            logger.warning("table %s changed elsewhere %d times while saving", self.table_id,
                           MOST_MERGES)
            self.save_problem = msg("ui.table.changing_elsewhere", "Not saved yet: the table "
                                    "keeps changing on other devices; your edit is kept and "
                                    "saved again in a moment")
            self._try_again_later()
        except Exception as error:  # noqa: BLE001 - any other failure is reported, not raised
            logger.exception("saving table %s failed", self.table_id)
            self.save_problem = msg("ui.table.not_saved_kept", "Not saved: {error}; your edit is "
                                    "kept on this screen", error=str(error))

    def _save_newest(self) -> bool:
        """Save the newest draft from the store's revision it was made from; False (nothing
        written) when the store has a newer one."""
        with self._lock:
            draft, revision = self._draft, self.revision
            base = self._base[1]
            notes = list(self._unsent)
            by = (self.last_change.by if self.last_change is not None
                  and self.last_change.revision == revision else None)
        try:
            saved = self.store.save(self.table_id, draft, base, steps=notes, by=label_note(by))
        except StaleRevision:
            return False
        with self._lock:
            if saved:
                self._base = (draft, saved)
            del self._unsent[:len(notes)]
            self.saved_revision = max(self.saved_revision, revision)
        return True

    def _catch_up(self, announced: Announcement | None = None) -> bool:
        """Take the store's newest revision when another process saved one (on the writer
        thread): this session's draft becomes it, with the edits made here and not yet saved
        made again on it (``ui.live.merging``); the steps ``announced`` made are mirrored in
        undo and redo. True when the draft changed (the screens are to be told)."""
        stored = self.store.get(self.table_id)
        with self._lock:
            before, known = self._base
            changed = False
            if stored is not None and stored.revision > known:
                if stored.revision == known + 1:
                    self._foreign[stored.revision] = (before, stored.draft)
                    for old in sorted(self._foreign)[:-FOREIGN_KEPT]:
                        del self._foreign[old]
                unsaved = self.saved_revision < self.revision or bool(self._unsent)
                local = self._draft
                newest = replayed(stored.draft, before, local) if unsaved else stored.draft
                self._base = (stored.draft, stored.revision)
                if newest != local:
                    part = part_of_change(local, newest)
                    self._draft = newest
                    self.revision += 1
                    self._parts_changed = self._parts_changed[-(CHANGES_KEPT - 1):] + [part]
                    if not unsaved:
                        self.saved_revision = self.revision
                    changed = True
            if announced is not None:
                changed = self._mirror(announced) or changed
            return changed

    def _mirror(self, announced: Announcement) -> bool:
        """Make the steps another process announced in this session's undo and redo (under
        the lock): an edit there is undone here by the same Undo, an undo there moves the
        step here too. The last change is what the scoreboards show."""
        notes = [note for note in announced.details.get("steps", ()) if isinstance(note, dict)]
        drafts = self._foreign.pop(announced.revision, None)
        edits = [note for note in notes if note.get("kind") == "edit"]
        for note in notes:
            kind, step_id = note.get("kind"), note.get("step")
            if kind == "undo":
                self._move(step_id, self._undo, self._redo)
            elif kind == "redo":
                self._move(step_id, self._redo, self._undo)
            elif kind == "edit" and note is edits[-1] and drafts is not None:
                # Edits saved together arrive as one save: they undo together here.
                player = note.get("player")
                self._undo.append(Step(str(step_id), label_from(note.get("label")) or "",
                                       drafts[0], drafts[1],
                                       player if isinstance(player, int) else None))
                self._redo.clear()
        if not notes:
            return False
        last = notes[-1]
        kind = last.get("kind") if last.get("kind") in ("edit", "undo", "redo") else "edit"
        self.last_change = LastChange(self.revision, label_from(last.get("label")) or "",
                                      self._parts_changed[-1] if self._parts_changed else None,
                                      kind, label_from(announced.details.get("by")))
        return True

    @staticmethod
    def _move(step_id: object, source: list[Step], target: list[Step]) -> None:
        for index in range(len(source) - 1, -1, -1):
            if source[index].id == step_id:
                target.append(source.pop(index))
                return

    def follow(self, announced: Announcement | None) -> bool:
        """Another process changed the table (``announced``; None: it may have, while its
        announcements could not be heard): read it, on the writer thread. True when the screens
        showing it are to be told."""
        try:
            changed = self._catch_up(announced)
        except StoreUnavailable as problem:
            logger.warning("table %s could not be read after a change elsewhere: %s",
                           self.table_id, problem)
            return False
        if self.saved_revision < self.revision:
            # Edits of this process were made again on the newest revision: saved so.
            if self._writer is None:
                self._save(self.revision)
            else:
                self._writer.submit(self._save, self.revision)
        return changed

    def _try_again_later(self) -> None:
        """After a refused save (on the writer thread): the table's newest draft is saved again
        later, on the writer thread, until a save works; then every screen showing the table is
        told, so "Not saved" goes by itself once the store is back. A new edit meanwhile saves
        at once as ever (and the retry finds it saved, or saves the newest draft)."""
        if self._writer is None:
            return  # scripts and tests without a writer: the next save tries again
        with self._lock:
            if self._retry is not None:
                return  # one is waiting already
            delay = self._retry_after
            self._retry_after = min(delay * 2, RETRY_LONGEST_SECONDS)
            self._retry = threading.Timer(delay, self._queue_retry)
            self._retry.daemon = True
            self._retry.start()

    def stop_retrying(self) -> None:
        """Drop the retry of a refused save that is waiting, if any: the server is stopping."""
        with self._lock:
            retry, self._retry = self._retry, None
        if retry is not None:
            retry.cancel()

    def _queue_retry(self) -> None:
        with self._lock:
            self._retry = None
        try:
            self._writer.submit(self._save_again)
        except RuntimeError:  # the writer is shut down: the server is stopping
            logger.warning("table %s was not saved before the server stopped", self.table_id)

    def _save_again(self) -> None:
        """The retry itself, on the writer thread."""
        with self._lock:
            if self.save_problem is None or self.saved_revision >= self.revision:
                return  # a later save worked meanwhile
            revision = self.revision
        self._save(revision)

    def _tell_of_save(self) -> None:
        """After a save that worked on the writer thread: the screens that show the save mark
        are told (a retry's, or a save of edits made again on another process's revision, which
        no tap of theirs waits for)."""
        if self._writer is None or self._tell_screens is None:
            return
        loop, then = self._tell_screens
        try:
            loop.call_soon_threadsafe(self._told_of_save, then)
        except RuntimeError:  # the event loop is closed: no screen to tell
            pass

    def _told_of_save(self, then: Callable[[], None]) -> None:
        """On the event loop: tell the screens (``then``) when one shows the save mark this
        save changes (see :meth:`when_saved`)."""
        if not self.marked or self.save_state == SAVING:
            return
        self.marked = self.save_state == NOT_SAVED  # still shown, and told again when it goes
        then()

    @property
    def writer_thread(self) -> bool:
        """Whether saves run on a writer thread (the app), not in the caller (scripts, tests)."""
        return self._writer is not None

    @property
    def save_state(self) -> str:
        """What a screen showing the table says of its saving: :data:`NOT_SAVED` after a save
        failed (until one succeeds; ``save_error`` says why), :data:`SAVING` while an edit is
        not yet on disk, else nothing."""
        if self.save_error:
            return NOT_SAVED
        return SAVING if self.saved_revision < self.revision else ""

    def when_to_show(self, then: Callable[[], None]) -> None:
        """Run ``then`` on the event loop calling this once the latest revision is scored (on
        the scoring thread) and every edit made so far is saved or its save failed (on the
        writer thread), or :data:`SAVE_AWAITED_SECONDS` after the scoring if the saves take
        longer (the screens then mark it "Saving…" until :meth:`when_saved`). At once without
        the threads."""
        threads = self._scorer is not None or self._writer is not None
        loop = asyncio.get_running_loop() if threads else None

        def scored() -> None:
            if self._writer is None or self.saved_revision >= self.revision:
                then()
                return
            called = False

            def once() -> None:
                nonlocal called
                if not called:
                    called = True
                    awaited.cancel()
                    then()

            awaited = loop.call_later(SAVE_AWAITED_SECONDS, once)
            try:  # behind the saves queued so far: once they are written, or have failed
                self._writer.submit(loop.call_soon_threadsafe, once)
            except RuntimeError:  # the server is stopping (its writer shut down): the timer
                pass

        if self._scorer is None:
            scored()
        else:
            self.scored_then(lambda: loop.call_soon_threadsafe(scored))

    def scored_then(self, then: Callable[[], None]) -> None:
        """Score the latest revision, and say it in each language read here, on the scoring
        thread, then call ``then`` there (at once, in the caller, without one)."""
        def scored_then() -> None:
            self.result  # noqa: B018 - scored, and said in each language read here, off the loop
            for words in list(self._read_in.values()):
                self.result_in(words)
            then()

        if self._scorer is None:
            then()
        else:
            self._scorer.submit(scored_then)

    def when_saved(self, then: Callable[[], None]) -> None:
        """Run ``then`` on the event loop calling this once every edit made so far is saved, or
        its failure is in ``save_error``, if a screen shows the save mark (``marked``) that it
        changes: not while a later edit is still on its way (the mark stays "Saving…"), nor
        when no screen showed it (the save ended before any screen drew the edit). At once
        without a writer thread."""
        if self._writer is None:
            then()
            return
        loop = asyncio.get_running_loop()
        self._tell_screens = (loop, then)
        self._writer.submit(loop.call_soon_threadsafe, self._told_of_save, then)

    def per_revision(self, name: str, make: Callable[[], T]) -> T:
        """``make()`` worked out once per revision of the table, however many screens ask for
        it by ``name`` (what every device shows alike, such as the tabs' warnings)."""
        with self._lock:
            revision, kept = self._per_revision
            if revision != self.revision:
                kept = {}
                self._per_revision = (self.revision, kept)
            if name not in kept:
                kept[name] = make()
            return kept[name]  # type: ignore[return-value]

    def _score(self) -> tuple[int, Checked, TableResult | None]:
        """The latest revision checked and scored: worked out once per revision, outside the
        lock, so an edit never waits for a long scoring."""
        with self._lock:
            if self._scored is not None and self._scored[0] == self.revision:
                return self._scored
            draft, revision = self._draft, self.revision
        try:
            checked = self.game.check(draft)
        except Exception as error:  # noqa: BLE001 - the editor must keep working
            logger.exception("checking table %s failed", self.table_id)
            checked = Checked(None, (Problem(f"This table cannot be read: {error}"),))
        result = None
        if checked.table is not None:
            try:
                result = score(checked.table)
            except Exception:  # noqa: BLE001 - a scoring bug must not take the editor down
                logger.exception("scoring table %s failed", self.table_id)
        scored = (revision, checked, result)
        with self._lock:
            if revision == self.revision:
                self._scored = scored
        return scored

    @property
    def checked(self) -> Checked:
        return self._score()[1]

    @property
    def result(self) -> TableResult | None:
        """The library's result for the part of the draft that validates."""
        return self._score()[2]

    def result_in(self, words: Language) -> TableResult | None:
        """The library's result said in the device's language ``words``: said once per
        revision and language, however many devices read it (never scored again)."""
        result = self.result
        if result is None or words.code == DEFAULT:
            return result
        with self._lock:
            self._read_in.setdefault(words.code, words)
            said_from, said = self._said
            if said_from is not result:
                said = {}
                self._said = (result, said)
            if words.code in said:
                return said[words.code]
        translated = in_language(result, words)
        with self._lock:
            if self._said[0] is result:
                self._said[1][words.code] = translated
        return translated

    @property
    def player_names(self) -> list[str]:
        return [player.get("name", "?") for player in self._draft.get("players", [])]

    @property
    def player_colours(self) -> list[str]:
        return [player.get("colour", "grey") for player in self._draft.get("players", [])]


class Sessions:
    """The open tables of this server, loaded from the store on first use."""

    def __init__(self, store: TableStore, games: dict[str, DraftChecker],
                 writer: Executor | None = None, scorer: Executor | None = None):
        self.store = store
        self.games = games
        self.writer = writer
        """The sessions' saves run there (see :func:`storage_writer`); None: in the caller."""
        self.scorer = scorer
        """Their new revisions are scored there (see :func:`scoring_thread`); None: when read."""
        self._open: dict[int, TableSession] = {}
        self._lock = threading.Lock()
        self.told: Callable[[int], None] = lambda table_id: None
        """Tells this process's screens showing a table that it changed on another process
        (set by the web app; called on a thread of the store's or the writer's)."""
        self.access_changed: Callable[[int], None] = lambda table_id: None
        """Called when another process changed who may open a table (a grant, a revoke, a new
        code): the web app has every screen read its grant again."""
        self.presence_changed: Callable[[int], None] = lambda table_id: None
        """Called when another process's tabs arrived at a table or left it (on the store's
        listening thread)."""
        self._stop_watching: Callable[[], None] | None = None

    def follow_others(self) -> None:
        """Hear the changes the other processes sharing the store make (``TableStore.watch``;
        a SQLite file has none), and show them on this process's screens."""
        if self._stop_watching is None:
            self._stop_watching = self.store.watch(self.heard)

    def stop_following(self) -> None:
        if self._stop_watching is not None:
            self._stop_watching()
            self._stop_watching = None

    def close(self) -> None:
        """Stop this server's work on its tables: no more following of the other processes, no
        refused save tried again later; the writer and the scorer finish what is queued and
        stop."""
        self.stop_following()
        with self._lock:
            sessions = list(self._open.values())
        for session in sessions:
            session.stop_retrying()
        for worker in (self.writer, self.scorer):
            if worker is not None:
                worker.shutdown(wait=True)

    def heard(self, announced: Announcement | None) -> None:
        """Another process changed a table (``announced``), or may have while its changes could
        not be heard (None: every open table is read again). On the store's listening thread:
        the reading is done on the writer thread, after the saves queued before it."""
        if announced is None:
            with self._lock:
                table_ids = list(self._open)
            for table_id in table_ids:
                self._in_writer(self._follow, table_id, None)
            return
        if announced.kind == "access":
            self.access_changed(announced.table_id)
            self.told(announced.table_id)
            return
        if announced.kind == "presence":
            self.presence_changed(announced.table_id)
            return
        with self._lock:
            session = self._open.get(announced.table_id)
        if session is None:
            return  # not open here: it is read from the store when it is
        self._in_writer(self._follow, announced.table_id, announced)

    def _in_writer(self, work: Callable, *arguments) -> None:
        if self.writer is None:
            work(*arguments)
            return
        try:
            self.writer.submit(work, *arguments)
        except RuntimeError:  # the writer is shut down: the server is stopping
            pass

    def _follow(self, table_id: int, announced: Announcement | None) -> None:
        """On the writer thread: take another process's change of an open table."""
        with self._lock:
            session = self._open.get(table_id)
        if session is None:
            return
        kind = announced.kind if announced is not None else "draft"
        if kind in ("deleted", "restored"):
            with session._lock:
                session.deleted = kind == "deleted"
                session.deleted_by = (label_from(announced.details.get("by"))
                                      if session.deleted else None)
        elif kind == "finished" or announced is None:
            try:
                stored = self.store.get(table_id)
            except StoreUnavailable as problem:
                logger.warning("table %s could not be read after a change elsewhere: %s",
                               table_id, problem)
                return
            if stored is None:
                if announced is None:  # deleted while this process could not hear it
                    with session._lock:
                        session.deleted = True
            else:
                session.finished = stored.finished
                if announced is None and session.deleted:
                    session.deleted = False
                    session.deleted_by = None
        if kind == "draft":
            if session.follow(announced):
                # Scored off the event loop before the screens draw it, as an edit made here.
                session.scored_then(lambda: self.told(table_id))
            return
        self.told(table_id)

    def get(self, table_id: int) -> TableSession | None:
        """The table's one session; None when it does not exist or is deleted."""
        with self._lock:
            if table_id not in self._open:
                stored = self.store.get(table_id)
                if stored is None or stored.game not in self.games:
                    return None
                self._open[table_id] = TableSession(self.store, stored, self.games[stored.game],
                                                    self.writer, self.scorer)
            session = self._open[table_id]
            return None if session.deleted else session

    def delete(self, table_id: int, by: str | Message | None = None) -> None:
        """Delete a table (``by``: who, in words, for the devices still showing it, on this
        process and the others)."""
        self._mark(table_id, True, lambda table_id: self.store.delete(table_id,
                                                                      by=label_note(by)), by)

    def restore(self, table_id: int) -> None:
        self._mark(table_id, False, self.store.restore)

    def _mark(self, table_id: int, deleted: bool, write: Callable[[int], None],
              by: str | Message | None = None) -> None:
        with self._lock:
            session = self._open.get(table_id)
        if session is None:
            write(table_id)
            return
        if self.writer is not None:
            self.writer.submit(lambda: None).result()  # the edits made before are written first
        # Under the session's lock, so that no edit lands between the row and the flag.
        with session._lock:
            write(table_id)
            session.deleted = deleted
            session.deleted_by = by

    def finish_changed(self, table_id: int) -> None:
        """The table was finished, or reopened, by a device of this server: its open session
        reads when from the store, for every screen showing the table to say so."""
        with self._lock:
            session = self._open.get(table_id)
        if session is not None:
            stored = self.store.get(table_id)
            session.finished = None if stored is None else stored.finished

    def purge(self, table_ids: list[int]) -> int:
        """Forget for good those of the tables that are deleted (the user emptied them)."""
        with self._lock:
            purged = self.store.purge_deleted(table_ids)
            for table_id in table_ids:
                if table_id in self._open and self._open[table_id].deleted:
                    del self._open[table_id]
        return purged

    def keep_copy(self, session: TableSession, creator: str | None = None) -> int:
        """A new table holding the session's draft as it is now (``creator``'s); its id."""
        with session._lock:
            return self.store.create(session.game.key, copied(session.draft), creator)

    def forget(self, table_ids: list[int]) -> None:
        """The tables were deleted for good outside the screens (the public mode's retention, a
        device forgotten): a session still held refuses every edit from now on (told in words,
        as a deleted table's), and none is loaded for them again."""
        with self._lock:
            gone = [self._open.pop(table_id) for table_id in table_ids if table_id in self._open]
        for session in gone:
            with session._lock:
                session.deleted = True
