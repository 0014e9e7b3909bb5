"""Files the app hands out (a table file, a backup, the finished games as CSV): saved in the
``exports`` folder beside the tables file, and downloaded by the browser that asked. A folder that
cannot be written does not stop the download; the caller says why it was not saved."""

from __future__ import annotations

from datetime import datetime
from pathlib import Path

import flet as ft

from ui.parts.widgets import PROBLEM, labelled, selectable_text
from ui.store.file_problems import file_problem


def save_in_exports(context, name: str, text: str) -> tuple[Path | None, str | None]:
    """Save ``text`` as ``name`` in the exports folder: its path, and why it could not be saved
    there (None when it was), in words for this device (the host is told where). A public server
    saves nothing (None, None): a stranger's downloads must not fill its disk."""
    if context.public is not None:
        return None, None
    path = Path(context.store.exports_folder) / name
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text, encoding="utf-8")
    except OSError as error:
        return path, file_problem(error, path, context.is_host)
    return path, None


async def save_export(context, stem: str, extension: str, text: str, saved: ft.Column,
                      identifier: str) -> None:
    """Save ``text`` as ``<stem>-<date>.<extension>`` in the exports folder and download it;
    ``saved`` then says where (the full path to the host only) or, in words, why it could not be
    saved there while it still downloads."""
    name = f"{stem}-{datetime.now().strftime('%Y-%m-%d-%H%M')}.{extension}"
    path, problem = save_in_exports(context, name, text)
    words = context.words
    if problem is not None:
        said = ft.Text(words.say(
            "ui.exports.not_saved", "Not saved on the computer running scorepad: {problem}. "
            "{name} is downloading to this device.", problem=problem, name=name),
            size=13, color=PROBLEM)
    elif path is None:
        said = ft.Text(words.say("ui.exports.downloading", "{name} is downloading to this "
                                 "device.", name=name), size=13)
    else:
        said = selectable_text(words.say("ui.exports.saved_as", "Saved as {name}",
                                         name=str(path) if context.is_host else name), size=13)
    saved.controls = [labelled(identifier, said)]
    context.page.update()
    await download(name, text)


async def download(name: str, text: str) -> None:
    """The browser's download of the same text (the saved copy, if any, remains either way)."""
    try:
        await ft.FilePicker().save_file(file_name=name, src_bytes=text.encode("utf-8"))
    except Exception:  # noqa: BLE001 - a browser may refuse; the screen already said what it did
        pass
