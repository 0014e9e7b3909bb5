"""A table's Invite view: the QR code and text of its join link, and for the host the devices
that may open the table (revoke one) and a new code (the old link stops working)."""

from __future__ import annotations

import io
from functools import partial
from ipaddress import ip_address
from urllib.parse import urlsplit

import flet as ft
import segno

from ui.parts.dialogs import close_dialog, open_dialog
from ui.parts.saving import saves
from ui.parts.widgets import PROBLEM, labelled, tap_target
from ui.screens.screen_help import help_title
from ui.screens.watch_view import scoreboard_invite, watch_link
from ui.store.access import WATCH


def join_link(context, table_id: int) -> str:
    """The public address of a public server; else the address the browser used, or this
    computer's LAN address when that was loopback (a phone cannot reach 127.0.0.1); then
    ``/join/<code>``."""
    if context.public is not None:
        return context.public.link(f"/join/{context.access.join_code(table_id)}")
    address = urlsplit(context.page.url or "http://127.0.0.1")  # the websocket's: ws://host:port
    scheme = "https" if address.scheme in ("https", "wss") else "http"
    netloc = address.netloc
    if context.lan and loopback_name(address.hostname or ""):
        netloc = context.lan[0] + (f":{address.port}" if address.port else "")
    return f"{scheme}://{netloc}/join/{context.access.join_code(table_id)}"


def only_this_computer(link: str) -> bool:
    """Whether ``link`` names this computer's loopback address, which no phone can open (the app
    was started without ``--lan``)."""
    return loopback_name(urlsplit(link).hostname or "")


def loopback_name(hostname: str) -> bool:
    """Whether ``hostname`` names this computer only (localhost, 127.0.0.1, ::1)."""
    if hostname == "localhost":
        return True
    try:
        return ip_address(hostname).is_loopback
    except ValueError:
        return False


def qr_code(link: str) -> segno.QRCode:
    return segno.make(link, error="m")


def qr_png(link: str) -> bytes:
    """The link's QR code as a PNG (segno writes it itself: no imaging library)."""
    out = io.BytesIO()
    qr_code(link).save(out, kind="png", scale=8, border=4)
    return out.getvalue()


class InviteDialog:
    def __init__(self, context, table_id: int):
        self.context = context
        self.table_id = table_id
        self.content = ft.Column(scroll=ft.ScrollMode.AUTO, tight=True, width=360, spacing=10)
        self.status = ft.Text(size=13, color=PROBLEM)
        """Why the host's last change was not saved (in the dialog: a snack bar is under it)."""
        # Hidden when empty: the handle, since Flutter refuses an invisible Semantics content.
        self.status_handle = labelled("invite-status", self.status)
        self.status_handle.visible = False

    def open(self) -> None:
        self.render()
        words = self.context.words
        open_dialog(self.context.page, ft.AlertDialog(
            title=help_title(ft.Text(words.say("ui.invite.title", "Invite to this table"),
                                     size=18), self.context, "invite"),
            content=self.content,
            actions=[tap_target(words.say("ui.common.close", "Close"),
                                lambda e: close_dialog(self.context.page), "invite-close")],
        ))

    def render(self) -> None:
        link = join_link(self.context, self.table_id)
        words = self.context.words
        if only_this_computer(link):
            how = labelled("invite-unreachable", ft.Text(words.say(
                "ui.invite.unreachable", "Phones cannot open this address: it works on this "
                "computer only. To invite phones on the same Wi-Fi, stop the app and start it "
                "again with: scorepad app --lan"), size=13, color=PROBLEM))
        else:
            how = ft.Text(words.say("ui.invite.how", "On the same Wi-Fi, scan this with a phone's "
                                    "camera, or open the link; then pick your player."), size=13)
        # No QR code that no phone can open (and the dialog then fits a phone's screen).
        qr = [] if only_this_computer(link) else [
            labelled("invite-qr", ft.Image(src=qr_png(link), width=240, height=240,
                                           semantics_label=words.say(
                                               "ui.invite.qr", "QR code of the join link")))]
        items: list[ft.Control] = [
            how,
            *qr,
            labelled("invite-link", ft.Text(link, size=13)),
            tap_target(ft.Row([ft.Icon(ft.Icons.COPY),
                               ft.Text(words.say("ui.invite.copy", "Copy the link"), size=14)],
                              tight=True), partial(self._copy, link), "invite-copy"),
        ]
        if self.context.manages(self.table_id):
            items += [ft.Divider(), ft.Text(words.say("ui.invite.devices", "Devices"), size=16,
                                            weight=ft.FontWeight.BOLD),
                      # Above the rows and the button it is about, in sight on a phone.
                      self.status_handle,
                      *self._devices(),
                      tap_target(ft.Row([ft.Icon(ft.Icons.AUTORENEW),
                                         ft.Text(words.say("ui.invite.renew", "New code"),
                                                 size=14)], tight=True),
                                 self._renew, "invite-renew"),
                      labelled("invite-renew-note", ft.Text(words.say(
                          "ui.invite.renew_note", "The old link and QR code stop working; "
                          "devices already in keep the table."), size=12,
                          color=ft.Colors.GREY_700))]
        # Last: a scoreboard is set up once per table, after the players joined.
        items += scoreboard_invite(self.context, self.table_id, watch_link(
            link, self.table_id, self.context.access.watch_code(self.table_id)),
            not only_this_computer(link), qr_png, self._copy)
        self.content.controls = items

    async def _copy(self, link: str, e=None) -> None:
        words = self.context.words
        try:
            await ft.Clipboard().set(link)
        except Exception:  # noqa: BLE001 - a browser may refuse the clipboard on plain http
            self.context.toast(words.say("ui.invite.copy_refused", "This browser does not allow "
                                         "copying here: the link is above."))
            return
        self.context.toast(words.say("ui.invite.copied", "Link copied."))

    def _devices(self) -> list[ft.Control]:
        grants = self.context.access.grants(self.table_id)
        words = self.context.words
        if not grants:
            return [ft.Text(words.say("ui.invite.none", "No device has joined yet."), size=13)]
        names = self.context.sessions.get(self.table_id).player_names
        rows = []
        for grant in grants:
            who = {"creator": words.say("ui.invite.creator", "created the table"),
                   "spectator": words.say("ui.invite.spectator", "watching"),
                   WATCH: words.say("ui.invite.scoreboard", "scoreboard")}.get(
                grant.role, names[grant.player] if grant.player is not None
                and grant.player < len(names) else words.say("ui.invite.player", "player"))
            text = (words.say("ui.invite.this_device", "Device {device} (this device): {who}",
                              device=grant.short, who=who)
                    if grant.device == self.context.device else
                    words.say("ui.invite.device", "Device {device}: {who}", device=grant.short,
                              who=who))
            rows.append(ft.Row([
                ft.Container(labelled(f"device-{grant.short}", ft.Text(text, size=13)),
                             expand=True),
                tap_target(ft.Icon(ft.Icons.BLOCK), lambda e, g=grant: self._revoke(g.device),
                           f"revoke-{grant.short}", width=48, padding=4,
                           tooltip=words.say("ui.invite.revoke",
                                             "Stop sharing this table with this device")),
            ]))
        return rows

    def say_not_saved(self, message: str) -> None:
        self.status.value = message
        self.status_handle.visible = True

    @saves
    def _revoke(self, device: str) -> None:
        if not self.context.manages(self.table_id):
            return
        self.status_handle.visible = False
        self.context.access.revoke(device, self.table_id)
        self.context.edited(self.table_id)
        self.render()
        self.context.page.update()

    @saves
    def _renew(self, e=None) -> None:
        if not self.context.manages(self.table_id):
            return
        self.status_handle.visible = False
        self.context.access.renew_code(self.table_id)
        self.render()
        self.context.page.update()
