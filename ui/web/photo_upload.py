"""Photos reach the server as Flet uploads (``FilePicker.upload``), through this app's own
endpoint, ``PUT /upload``.

Only a browser tab showing a table can start one: it asks :meth:`PhotoUploads.ticket` for a
single-use ticket naming the device, the table and the player, and the upload URL Flet signs for
that ticket (``page.get_upload_url``; HMAC with this server's secret over the ticket and an
expiry). The endpoint checks the signature and that its expiry has not passed (Flet's own check
does not run here), takes the ticket once, checks again that the device may open the table and
that the table and the device are within their photo quotas
(:meth:`~ui.store.photos.PhotoStore.over_quota`), reads at most
:data:`~ui.store.photos.MAX_PHOTO_BYTES` and keeps the picture only as
:func:`~ui.store.photos.safe_photo` re-encodes it. What happened is kept for the tab, which
reads it with :meth:`PhotoUploads.outcome` when the browser reports the upload done, and says it
in the device's language (a message, as every refusal here).

The tickets, the outcomes and the secret are kept in the store (``ui.store.tickets``): the tab's
session, the upload and the reading of its outcome may each reach another process serving the
same store (``scorepad app --workers``, or another computer on the same PostgreSQL server).

Photos are never served by URL: a tab that may open the table gets them inside its own (already
authorised) connection, as image bytes.
"""

from __future__ import annotations

import asyncio
import hmac
import threading
from collections import OrderedDict
from dataclasses import asdict, dataclass
from datetime import datetime, timezone

from starlette.requests import Request
from starlette.responses import PlainTextResponse

from flet_web.uploads import build_upload_query_string, get_upload_signature

from scorer.message import Message, msg
from ui.store.access import Access
from ui.store.photos import (
    MAX_PHOTO_BYTES, UPLOAD_SECONDS, OverQuota, Photo, PhotoRefused, PhotoStore, Sender,
    safe_photo, too_large,
)
from ui.store.storage import NotSaved, StoreUnavailable, TableStore
from ui.store.tickets import Bounds, Tickets, flet_secret

UPLOAD_PATH = "/upload"
"""Where Flet's web client sends a page's uploads when the app is mounted at ``/``."""
READ_SECONDS = 300
"""How long the body of one upload may take to arrive."""
TICKETS = "upload"
OUTCOMES = "upload-outcome"
WAITING = Bounds(per_owner=100, in_all=10_000)
"""Uploads (and outcomes not yet read) waiting at once, per device and in all; the oldest go
first."""
UNSAVED_OUTCOMES = 100
"""Outcomes kept in this process's memory when the store refuses to keep them (the tab is most
often served by the same process); the oldest go first."""


@dataclass(frozen=True)
class Ticket:
    device: str
    table_id: int
    player: str | None
    file_name: str


@dataclass(frozen=True)
class Outcome:
    """What became of an upload: the photo kept, or why not in words."""

    photo: Photo | None
    message: Message


class PhotoUploads:
    """Tickets for uploads under way and what became of them; one per server."""

    def __init__(self, store: TableStore, secret: str | None = None, public: bool = False):
        self.store = store
        self.access = Access(store, public)
        self.photos = PhotoStore(store)
        self.tickets = Tickets(store)
        self._secret = secret
        self._unsaved: OrderedDict[str, Outcome] = OrderedDict()
        """Outcomes the store refused to keep (it refuses writes): told from here."""
        self._lock = threading.Lock()
        self._decoding = asyncio.Semaphore(1)
        """One picture decoded at a time: a 2-core machine keeps serving the tables meanwhile."""

    @property
    def secret(self) -> str:
        """Signs the upload URLs (given to Flet as its ``secret_key``): kept in the store, the
        same for every process serving it; read at its first use (a screen opened while the
        store cannot be read needs none)."""
        if self._secret is None:
            self._secret = flet_secret(self.store)
        return self._secret

    def ticket(self, device: str, table_id: int, player: str | None, file_name: str) -> str:
        """A single-use name for one upload of ``file_name`` by ``device`` to the table."""
        return self.tickets.make(TICKETS, asdict(Ticket(device, table_id, player, file_name)),
                                 UPLOAD_SECONDS, device, WAITING)

    def outcome(self, ticket: str) -> Outcome | None:
        """What became of the upload (once; None when it never arrived)."""
        with self._lock:
            unsaved = self._unsaved.pop(ticket, None)
        if unsaved is not None:
            return unsaved
        kept = self.tickets.take(OUTCOMES, ticket)
        if not isinstance(kept, dict):
            return None
        photo = kept.get("photo")
        return Outcome(
            Photo(**{**photo, "added": datetime.fromisoformat(photo["added"])}) if photo else None,
            Message.model_validate(kept["message"]))

    def _take(self, name: str) -> Ticket | None:
        try:
            kept = self.tickets.take(TICKETS, name)
        except NotSaved:  # a store refusing writes: it refuses the photo too, in words
            kept = self.tickets.peek(TICKETS, name)
        return Ticket(**kept) if isinstance(kept, dict) else None

    def _record(self, name: str, device: str, outcome: Outcome) -> None:
        photo = outcome.photo
        self.tickets.make(OUTCOMES, {
            "photo": {**asdict(photo), "added": photo.added.isoformat()} if photo else None,
            "message": outcome.message.model_dump(mode="json"),
        }, UPLOAD_SECONDS, device, WAITING, name=name)

    async def receive(self, request: Request) -> PlainTextResponse:
        """The ``PUT /upload`` endpoint."""
        name = request.query_params.get("f", "")
        expires = self._signed_expiry(request, name)
        if expires is None:
            return PlainTextResponse("Not an upload this server asked for.", status_code=403)
        try:
            ticket = await asyncio.to_thread(self._take, name)
        except (NotSaved, StoreUnavailable) as refused:
            return PlainTextResponse(f"Not kept: {refused}", status_code=503)
        if ticket is None:
            return PlainTextResponse("This upload has expired or was used.", status_code=410)
        if expires <= datetime.now(timezone.utc):
            # Signed by this server, but its expiry has passed: refused as Flet's own endpoint
            # refuses it, whatever the ticket's clock says (the URL names its own life).
            return await self._refuse(name, ticket, 403, msg(
                "ui.photo.link_expired", "{file}: not kept, its upload link expired before the "
                "photo arrived; pick the photo again", file=ticket.file_name))
        if not self.access.may_open(ticket.device, ticket.table_id):
            return await self._refuse(name, ticket, 403, msg(
                "ui.photo.not_shared", "{file}: this table is not shared with this device any "
                "more", file=ticket.file_name))
        if self.store.get(ticket.table_id) is None:
            return await self._refuse(name, ticket, 410, msg(
                "ui.photo.table_deleted", "{file}: not kept, the table was deleted meanwhile",
                file=ticket.file_name))
        full = self.photos.over_quota(ticket.table_id, _sender(ticket))
        if full is not None:  # before the body is read: a full quota costs no decoding
            return await self._refuse(name, ticket, 413, full)
        declared = request.headers.get("content-length", "")
        if declared.isdigit() and int(declared) > MAX_PHOTO_BYTES:
            return await self._refuse(name, ticket, 413,
                                      too_large(ticket.file_name, int(declared)))
        try:
            data = await asyncio.wait_for(_read_at_most(request, MAX_PHOTO_BYTES), READ_SECONDS)
        except asyncio.TimeoutError:
            return await self._refuse(name, ticket, 408, msg(
                "ui.photo.too_slow", "{file}: the upload took too long; try again on a better "
                "connection", file=ticket.file_name))
        if data is None:
            return await self._refuse(name, ticket, 413,
                                      too_large(ticket.file_name, MAX_PHOTO_BYTES + 1))
        async with self._decoding:
            try:
                kept = await asyncio.to_thread(self._keep, ticket, data)
            except OverQuota as refused:  # the quota filled while this one was read
                return await self._refuse(name, ticket, 413, refused.message)
            except PhotoRefused as refused:
                return await self._refuse(name, ticket, 415, refused.message)
            except NotSaved as refused:
                return await self._refuse(name, ticket, 507, msg(
                    "ui.photo.not_saved", "{file}: {problem}", file=ticket.file_name,
                    problem=refused.message(host=False)))
        await self._tell(name, ticket, Outcome(kept, msg(
            "ui.photo.kept", "Photo kept ({width} × {height}).", width=kept.width,
            height=kept.height)))
        return PlainTextResponse("Kept.", status_code=201)

    def _keep(self, ticket: Ticket, data: bytes) -> Photo:
        """Decode, re-encode and store (on a worker thread: the event loop serves the tables)."""
        return self.photos.add(ticket.table_id, ticket.player, safe_photo(data, ticket.file_name),
                               sender=_sender(ticket))

    def _signed_expiry(self, request: Request, name: str) -> datetime | None:
        """The expiry the URL was signed with (aware, UTC), or None for a URL this server did not
        sign. Flet signs ``e`` as an aware UTC time; an unsigned or naive one is refused."""
        try:
            expires = datetime.fromisoformat(request.query_params.get("e", ""))
            expected = get_upload_signature(request.url.path,
                                            build_upload_query_string(name, expires), expires,
                                            self.secret)
        except (ValueError, TypeError):
            return None
        if not name or expires.tzinfo is None:
            return None
        if not hmac.compare_digest(expected, request.query_params.get("s", "")):
            return None
        return expires

    async def _refuse(self, name: str, ticket: Ticket, status: int,
                      message: Message) -> PlainTextResponse:
        """The refusal kept for the tab (said in its language) and answered in English."""
        await self._tell(name, ticket, Outcome(None, message))
        return PlainTextResponse(message.text, status_code=status)

    async def _tell(self, name: str, ticket: Ticket, outcome: Outcome) -> None:
        """Keep what became of the upload for its tab (whichever process serves it)."""
        try:
            await asyncio.to_thread(self._record, name, ticket.device, outcome)
        except NotSaved:  # told from this process's memory (the tab's, most often)
            with self._lock:
                self._unsaved[name] = outcome
                while len(self._unsaved) > UNSAVED_OUTCOMES:
                    self._unsaved.popitem(last=False)


def _sender(ticket: Ticket) -> Sender:
    return Sender(ticket.device, ticket.file_name)


async def _read_at_most(request: Request, limit: int) -> bytes | None:
    """The request's body, or None as soon as it passes ``limit`` bytes (never read whole)."""
    chunks, size = [], 0
    async for chunk in request.stream():
        size += len(chunk)
        if size > limit:
            return None
        chunks.append(chunk)
    return b"".join(chunks)
