"""A page for screens tested without a browser or a Flet session: it keeps the dialogs shown
as Flet's page does (in ``_dialogs``, read by ``ui.parts.dialogs.close_dialog``) and sends
nothing."""

from __future__ import annotations

from types import SimpleNamespace


class FakePage:
    def __init__(self):
        self._dialogs = SimpleNamespace(controls=[])

    def show_dialog(self, dialog) -> None:
        dialog.open = True
        self._dialogs.controls.append(dialog)

    def update(self, *controls) -> None:
        pass

    @property
    def dialogs(self) -> list:
        """The dialogs open now, the last shown last."""
        return [dialog for dialog in self._dialogs.controls if dialog.open]


class PrivateServerContext:
    """What a screen asks of its server besides the page, as a private server (``scorepad app``)
    answers: no public address, and no quota counts anything."""

    public = None
    quotas = None

    def take_quota(self, action: str):
        return None

    def refuse_new_table(self):
        return None
