"""Photos of a table in its screens: *Photo* on a player's tab (camera or gallery), the photo
beside the editor to enter from, a full-size view to zoom into, and the photos as memories of a
finished table.

The pictures travel inside the tab's own connection (the Flet session, opened only for a device
that may see the table) as image bytes: no URL serves them. Uploads go to the endpoint of
``ui/web/photo_upload.py``, whose tickets the tab asks for through ``context.uploads``.
"""

from __future__ import annotations

import logging

import flet as ft

from scorer.message import Message

from ui.parts.dialogs import close_dialog, open_dialog
from ui.store.photos import MAX_PHOTO_BYTES, UPLOAD_SECONDS, Photo, PhotoStore, too_large
from ui.parts.saving import saving
from ui.parts.widgets import PROBLEM, Memo, labelled, tap_target
from ui.store.storage import StoreUnavailable

logger = logging.getLogger(__name__)

THUMBNAIL = 56
"""Side of a thumbnail in the strips (a touch target)."""
PREVIEW_PHONE = 240
PREVIEW_TABLET = 330
"""Height of the photo shown beside the editor."""


def photo_store(context) -> PhotoStore:
    return PhotoStore(context.store)


def zoom_photo(context, table_id: int, photo: Photo, on_removed=None) -> None:
    """The photo full size over the screen, to pinch or drag; *Remove* (when ``on_removed`` is
    given) asks twice."""
    jpeg = photo_store(context).jpeg(table_id, photo.id)
    if jpeg is None:
        return
    width = max(200.0, min(context.width - 32, 1000))
    words = context.words
    session = context.sessions.get(table_id)
    if photo.player and session is not None:
        whose = _whose(words, photo.player, session.game)
    else:
        whose = words.say("ui.photos.the_table_title", "The table")
    viewer = ft.InteractiveViewer(
        ft.Image(src=jpeg, fit=ft.BoxFit.CONTAIN, width=width, semantics_label=whose),
        min_scale=1, max_scale=8, boundary_margin=ft.Margin.all(40))

    for_good = words.say("ui.photos.remove_for_good", "Remove for good")

    def remove(e=None) -> None:
        if remove_text.value != for_good:
            remove_text.value = for_good
            context.page.update()
            return
        close_dialog(context.page)  # first: a snack bar saying why it stays would be under it
        if not saving(context, lambda: photo_store(context).remove(table_id, photo.id)):
            return
        context.edited(table_id)
        if on_removed is not None:
            on_removed()
        context.toast(words.say("ui.photos.removed", "Photo removed."))

    remove_text = ft.Text(words.say("ui.photos.remove", "Remove"), size=15, color=PROBLEM)
    actions = [tap_target(ft.Text(words.say("ui.photos.close", "Close"), size=15,
                                  weight=ft.FontWeight.BOLD),
                          lambda e: close_dialog(context.page), "photo-close")]
    if on_removed is not None:
        actions.insert(0, tap_target(remove_text, remove, "photo-remove"))
    open_dialog(context.page, ft.AlertDialog(
        title=ft.Text(words.say("ui.photos.zoom_title", "{whose} · pinch or scroll to zoom",
                                whose=whose), size=15),
        content=labelled("photo-zoomed", ft.Container(viewer, width=width)),
        actions=actions, inset_padding=ft.Padding.all(8), content_padding=ft.Padding.all(8)))


def thumbnail(context, table_id: int, photo: Photo, on_tap, identifier: str,
              selected: bool = False) -> ft.Control:
    small = photo_store(context).thumbnail(table_id, photo.id) or b""
    return tap_target(ft.Image(src=small, fit=ft.BoxFit.COVER, width=THUMBNAIL, height=THUMBNAIL,
                               border_radius=6),
                      on_tap, identifier, width=THUMBNAIL + 8, height=THUMBNAIL + 8, padding=0,
                      selected=selected,
                      tooltip=context.words.say("ui.photos.show", "Show this photo"))


def memories(context, table_id: int, identifier: str = "memories") -> ft.Control:
    """The photos of a finished table as a strip of thumbnails; a tap shows one full size."""
    photos = photo_store(context).of_table(table_id)
    if not photos:
        return ft.Container(height=0, visible=False)
    return labelled(identifier, ft.Row(
        [thumbnail(context, table_id, photo,
                   lambda e, photo=photo: zoom_photo(context, table_id, photo),
                   f"{identifier}-{photo.id}") for photo in photos],
        scroll=ft.ScrollMode.AUTO, spacing=6))


HISTORY_SHOWN = 6
"""Photos shown on a history entry before "+N"."""


def glimpse(context, table_id: int, identifier: str) -> ft.Control:
    """A finished table's photos as small pictures on its history entry (the entry opens the
    table, whose scorepad and finish screen show them full size)."""
    photos = photo_store(context).of_table(table_id)
    if not photos:
        return ft.Container(height=0, visible=False)
    pictures: list[ft.Control] = [
        ft.Image(src=photo_store(context).thumbnail(table_id, photo.id) or b"",
                 fit=ft.BoxFit.COVER, width=40, height=40, border_radius=4)
        for photo in photos[:HISTORY_SHOWN]]
    if len(photos) > HISTORY_SHOWN:
        pictures.append(ft.Text(f"+{len(photos) - HISTORY_SHOWN}", size=13))
    return labelled(identifier, ft.Row(pictures, spacing=4, wrap=True))


def _whose(words, player: str, game) -> str:
    """A player's part of the table in words: "Ana's valley"."""
    part = game.part_name
    return words.say("ui.photos.whose_part", "{player}'s {part}", player=player,
                     part=words.render(part) if isinstance(part, Message) else part)


class PhotoPanel:
    """The photos of one player's part (``player``, a name) or of the table (None), with
    *Photo* to add some. ``preview``: the chosen photo is shown large, to enter from."""

    def __init__(self, context, session, player: str | None, preview: bool):
        self.context = context
        self.session = session
        self.table_id = session.table_id
        self.player = player
        self.preview = preview
        self.chosen: int | None = None
        """The photo shown large (the last one when none was tapped)."""
        self.status = ft.Text(size=13)
        self._status_handle = labelled("photo-status", self.status)
        self._status_handle.visible = False
        self.picker = ft.FilePicker(on_result=self._picked, on_upload=self._uploaded)
        self._pending: list[tuple[str, str]] = []
        """Uploads under way, as (file name, ticket), in the order the browser sends them."""
        self._shown = Memo()
        self._bar_memo = Memo()
        self.root = ft.Column(spacing=6)
        self._last_read: list[Photo] = []
        self.render()

    def _mine(self, photo: Photo) -> bool:
        if self.player is not None:
            return photo.of(self.player)
        # The table's own photos, and those of a player no longer at the table (renamed or
        # removed): nothing taken is out of sight.
        return not any(photo.of(name) for name in self.session.player_names)

    def photos(self) -> list[Photo]:
        """This panel's photos; while the store cannot be read (a database server stopped),
        the ones last read, so that a redraw of the table never fails on them (issue 34)."""
        try:
            found = photo_store(self.context).of_table(self.table_id)
        except StoreUnavailable as problem:
            logger.warning("the photos cannot be read just now, the ones last read are shown: "
                           "%s", problem)
            return self._last_read
        self._last_read = [photo for photo in found if self._mine(photo)]
        return self._last_read

    def render(self) -> None:
        photos = self.photos()
        ids = [photo.id for photo in photos]
        chosen = self.chosen if self.chosen in ids else (ids[-1] if ids else None)
        self.root.controls = [
            self._bar_memo.get(len(photos), lambda: self._bar(len(photos))),
            self._status_handle,
            self._shown.get((tuple(ids), chosen, self.context.wide),
                            lambda: self._photos(photos, chosen)),
        ]

    def _bar(self, count: int) -> ft.Control:
        words = self.context.words
        whose = (_whose(words, self.player, self.session.game) if self.player is not None
                 else words.say("ui.photos.the_table", "the table"))
        hint = (words.say_n("ui.photos.count", "{count} photo of {whose}",
                            "{count} photos of {whose}", count, whose=whose) if count else
                words.say("ui.photos.photograph_now", "Photograph {whose} now, enter it later",
                          whose=whose))
        add = tap_target(
            ft.Row([ft.Icon(ft.Icons.PHOTO_CAMERA),
                    ft.Text(words.say("ui.photos.photo", "Photo"), size=15)], tight=True),
            self._picking, "photo-add",
            tooltip=words.say("ui.photos.add_tooltip", "Take a photo or pick one from the gallery"),
            action=ft.PickFiles(file_picker=self.picker, file_type=ft.FilePickerFileType.IMAGE,
                                allow_multiple=True))
        return ft.Row([add, ft.Text(hint, size=13, color=ft.Colors.ON_SURFACE_VARIANT,
                                    expand=True)], spacing=8)

    def _photos(self, photos: list[Photo], chosen: int | None) -> ft.Control:
        items: list[ft.Control] = []
        if self.preview and chosen is not None:
            photo = next(photo for photo in photos if photo.id == chosen)
            jpeg = photo_store(self.context).jpeg(self.table_id, photo.id) or b""
            height = PREVIEW_TABLET if self.context.wide else PREVIEW_PHONE
            items.append(labelled("photo-shown", ft.Container(
                ft.Image(src=jpeg, fit=ft.BoxFit.CONTAIN, height=height),
                height=height, alignment=ft.Alignment.CENTER, border_radius=8,
                bgcolor=ft.Colors.SURFACE_CONTAINER_HIGHEST,
                on_click=lambda e: zoom_photo(self.context, self.table_id, photo, self._removed),
                tooltip=self.context.words.say("ui.photos.full_size",
                                               "Tap to see it full size"))))
        if len(photos) > 1 or not self.preview:
            items.append(ft.Row(
                [thumbnail(self.context, self.table_id, photo,
                           lambda e, photo=photo: self._choose(photo), f"photo-{photo.id}",
                           selected=self.preview and photo.id == chosen)
                 for photo in photos], scroll=ft.ScrollMode.AUTO, spacing=6))
        return ft.Column(items, spacing=6, visible=bool(items))

    def _choose(self, photo: Photo) -> None:
        if not self.preview:
            zoom_photo(self.context, self.table_id, photo, self._removed)
            return
        self.chosen = photo.id
        self._redraw()

    def _removed(self) -> None:
        self.chosen = None
        self._redraw()

    def _picking(self, e=None) -> None:
        self._say(self.context.words.say("ui.photos.choosing", "Choosing a photo…"),
                  ft.Colors.ON_SURFACE_VARIANT)

    async def _picked(self, e: ft.FilePickerResultEvent) -> None:
        if not e.files:
            self._say("")
            return
        refused, sending = [], []
        for picked in e.files:
            if picked.size > MAX_PHOTO_BYTES:
                refused.append(self.context.words.render(too_large(picked.name, picked.size)))
                continue
            over = self.context.take_quota("photo")
            if over is not None:
                refused.append(self.context.words.render(over))
                continue
            ticket = self.context.uploads.ticket(self.context.device, self.table_id, self.player,
                                                 picked.name)
            self._pending.append((picked.name, ticket))
            sending.append(ft.FilePickerUploadFile(
                upload_url=self.context.page.get_upload_url(ticket, UPLOAD_SECONDS),
                method="PUT", id=picked.id, name=picked.name))
        self._say(" ".join(refused) if refused else
                  self.context.words.say_n("ui.photos.sending", "Sending {count} photo…",
                                           "Sending {count} photos…", len(sending)),
                  PROBLEM if refused else ft.Colors.ON_SURFACE_VARIANT)
        if sending:
            await self.picker.upload(sending)

    def _uploaded(self, e: ft.FilePickerUploadEvent) -> None:
        waiting = next((entry for entry in self._pending if entry[0] == e.file_name), None)
        if waiting is None:
            return
        outcome = self.context.uploads.outcome(waiting[1])
        if outcome is None and e.error is None:
            if e.progress is not None:
                self._say(self.context.words.say("ui.photos.progress", "Sending {file}: {percent}",
                                                 file=e.file_name,
                                                 percent=self.context.words.percent(e.progress)),
                          ft.Colors.ON_SURFACE_VARIANT)
            return
        self._pending.remove(waiting)
        if outcome is None:
            self._say(self.context.words.say("ui.photos.not_sent",
                                             "{file}: not sent ({error}); try again",
                                             file=e.file_name, error=e.error))
            return
        said = self.context.words.render(outcome.message)  # in this device's language
        if outcome.photo is None:
            self._say(said)
            return
        self.chosen = outcome.photo.id
        self._say(said, ft.Colors.GREEN_900)
        self.context.edited(self.table_id)
        self._redraw()

    def _redraw(self) -> None:
        self.render()
        self.context.page.update()

    def _say(self, text: str, colour: str | None = PROBLEM) -> None:
        self.status.value = text
        self.status.color = colour
        # Hidden when empty: the handle, since Flutter refuses an invisible Semantics content.
        self._status_handle.visible = bool(text)
        self.context.page.update()

