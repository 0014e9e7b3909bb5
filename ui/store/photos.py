"""Photos of a table: each player's part photographed at the table, entered later.

A picture from a phone is never kept as it came: it is read only up to :data:`MAX_PHOTO_BYTES`,
decoded by Pillow (only picture formats; its size read from the header and refused above
:data:`MAX_PIXELS` before a pixel is decoded, a large JPEG decoded reduced), turned upright by its
EXIF orientation, shrunk to :data:`LONGEST_SIDE` and written anew as a JPEG without any metadata
(a phone's photo carries where it was taken). Photos are rows beside the tables (schema in
ui/store/schema.py) and go with the table when it is purged. An upload is kept only within
the quotas of its table and of the device that sent it (:data:`TABLE_PHOTOS`,
:data:`DEVICE_PHOTOS` and their bytes), so no device fills the disk.

Every refusal is a message (:class:`PhotoRefused` carries it), said in each device's language.
"""

from __future__ import annotations

import io
import math
import uuid
import warnings
from dataclasses import dataclass
from datetime import datetime, timezone

from PIL import Image, ImageOps, UnidentifiedImageError

from scorer.core.players import name_key
from scorer.message import Message, MessageError, msg
from ui.store.storage import TableStore

MAX_PHOTO_BYTES = 20_000_000
"""A phone's photo is 2 to 12 MB; larger is refused before it is read."""
MAX_PIXELS = 25_000_000
"""The most pixels a picture may have to be decoded: a phone's photo at its default resolution
fits (12 megapixels, 4032 x 3024; the 24-megapixel default of recent iPhones, 5712 x 4284 = 24.5
million; a 6000 x 4000 camera's 24 million), a 48- or 50-megapixel full-resolution mode does not
(8064 x 6048 = 48.8 million: told to take it at a lower resolution). Each decoded pixel costs 3
to 4 bytes and its share of the CPU: a 250 KB PNG claiming 8000 x 8000 took 1 GB and 6.6 s
under the former 64 million, and is now refused from its header. Pillow's own fence
(``Image.MAX_IMAGE_PIXELS``) is set to the same figure below."""
LONGEST_SIDE = 2048
"""Enough to read a card's numbers when zoomed; about 0.3 to 0.8 MB as JPEG."""
UPLOAD_SECONDS = 600
"""How long a picked photo may take to start uploading (a phone on slow Wi-Fi): the life of its
upload ticket and signed URL."""
THUMBNAIL_SIDE = 240
JPEG_QUALITY = 85
FORMATS = ("JPEG", "PNG", "WEBP", "GIF")
"""What Pillow may decode: the pictures phones and browsers make (a phone's multi-picture JPEG,
MPO, opens as JPEG)."""
TABLE_PHOTOS = 30
"""The most photos a table keeps from uploads: a table has up to 6 players, each photographing
their part (and again after a correction), besides a few of the whole table."""
TABLE_PHOTO_BYTES = 40_000_000
"""The most bytes a table's photos take, each kept as a JPEG of at most :data:`LONGEST_SIDE`
pixels and its thumbnail (0.3 to 0.8 MB for a photo of cards): :data:`TABLE_PHOTOS` photos of
1.3 MB each fit."""
DEVICE_PHOTOS = 600
"""The most photos one device has sent to the tables still kept (a player's phone: one or two per
game night, for years); photos of purged tables no longer count, nor those restored from a
backup."""
DEVICE_PHOTO_BYTES = 600_000_000
"""The most bytes the photos one device has sent take: a device cannot fill the disk by making
tables of its own and sending photos to each."""

Image.MAX_IMAGE_PIXELS = MAX_PIXELS
# Deliberately for the whole process: this module is the only Pillow user of the app. Pillow warns
# above it and refuses twice it itself, also where it checks while decoding (a GIF frame's area).


class PhotoRefused(MessageError):
    """A file that is not kept as a photo; ``message`` says why, naming the file, in any
    language (``str()``: in English)."""


class OverQuota(PhotoRefused):
    """A photo refused because its table, or the device that sent it, has as many photos as it
    keeps (:data:`TABLE_PHOTOS`, :data:`DEVICE_PHOTOS` and their bytes)."""


@dataclass(frozen=True)
class SafePhoto:
    """A picture as stored: a fresh JPEG without metadata, and its thumbnail."""

    jpeg: bytes
    thumbnail: bytes
    width: int
    height: int


def megabytes(size: int) -> int | float:
    """A size in MB, to one decimal, as the refusals say it: a whole number as an int, so that
    every language writes it alike ("20 MB"; Babel would drop the ".0" that Python writes)."""
    value = round(size / 1_000_000, 1)
    return int(value) if value.is_integer() else value


def too_large(name: str, size: int) -> Message:
    return msg("ui.photo.too_large", "{file}: {size} MB; a photo is at most {limit} MB (take it "
               "again at a lower resolution)", file=name, size=megabytes(size),
               limit=megabytes(MAX_PHOTO_BYTES))


def safe_photo(data: bytes, name: str) -> SafePhoto:
    """``data`` as a picture fit to keep; :class:`PhotoRefused` in words for anything else."""
    if len(data) > MAX_PHOTO_BYTES:
        raise PhotoRefused(too_large(name, len(data)))
    if not data:
        raise PhotoRefused(msg("ui.photo.empty", "{file}: the file is empty", file=name))
    try:
        with warnings.catch_warnings():
            # Pillow only warns between its limit and twice it: refuse those too.
            warnings.simplefilter("error", Image.DecompressionBombWarning)
            with Image.open(io.BytesIO(data), formats=FORMATS) as image:
                return _reencoded(image, name)
    except PhotoRefused:
        raise
    except UnidentifiedImageError:
        raise PhotoRefused(msg("ui.photo.not_a_picture", "{file}: not a picture; a photo is a "
                               "JPEG, PNG, WebP or GIF picture", file=name)) from None
    except (Image.DecompressionBombError, Image.DecompressionBombWarning):
        raise PhotoRefused(_too_many_pixels(name)) from None
    except (OSError, SyntaxError, ValueError, EOFError, MemoryError) as error:
        raise PhotoRefused(msg("ui.photo.damaged", "{file}: the picture is damaged and cannot be "
                               "read ({error})", file=name, error=str(error))) from None


def _too_many_pixels(name: str) -> Message:
    return msg("ui.photo.too_many_pixels", "{file}: more than {millions} million pixels; take the "
               "photo at a lower resolution", file=name, millions=MAX_PIXELS // 1_000_000)


def _reencoded(image: Image.Image, name: str) -> SafePhoto:
    width, height = image.size  # from the header: Image.open decodes no pixel
    if width * height > MAX_PIXELS:
        raise PhotoRefused(_too_many_pixels(name))
    scale = min(1.0, LONGEST_SIDE / max(width, height))
    # A JPEG decodes straight at 1/2, 1/4 or 1/8 of its size when that is still large enough:
    # a 12-megapixel photo then takes a quarter of the memory and time. The size asked is the
    # shrunk picture's own, not LONGEST_SIDE square: a landscape 6000 x 4000 asking 2048 x 2048
    # would get no reduction (4000 / 2048 < 2), asking 2048 x 1366 it decodes at 3000 x 2000.
    image.draft("RGB", (math.ceil(width * scale), math.ceil(height * scale)))
    upright = ImageOps.exif_transpose(image)
    upright = _on_white(upright)
    upright.thumbnail((LONGEST_SIDE, LONGEST_SIDE), Image.Resampling.LANCZOS)
    small = upright.copy()
    small.thumbnail((THUMBNAIL_SIDE, THUMBNAIL_SIDE), Image.Resampling.LANCZOS)
    return SafePhoto(_jpeg(upright), _jpeg(small), *upright.size)


def _on_white(image: Image.Image) -> Image.Image:
    """RGB for JPEG; a transparent picture (a PNG, say) on white rather than on black."""
    if image.mode in ("RGBA", "LA") or (image.mode == "P" and "transparency" in image.info):
        image = image.convert("RGBA")
        ground = Image.new("RGB", image.size, "white")
        ground.paste(image, mask=image.getchannel("A"))
        return ground
    return image.convert("RGB")


def _jpeg(image: Image.Image) -> bytes:
    out = io.BytesIO()
    # No exif=, icc_profile= or comment: Pillow then writes none of the original's metadata.
    image.save(out, "JPEG", quality=JPEG_QUALITY, optimize=True)
    return out.getvalue()


@dataclass(frozen=True)
class Photo:
    id: int
    uid: str
    """Stable across databases (a backup imported elsewhere keeps it)."""
    table_id: int
    player: str | None
    """The name of the player whose part it shows, as it was when taken; None: the table."""
    added: datetime
    width: int
    height: int

    def of(self, player: str | None) -> bool:
        """Whether the photo shows this player's part (None: the table's own photos)."""
        if player is None or self.player is None:
            return player is None and self.player is None
        return name_key(self.player) == name_key(player)


@dataclass(frozen=True)
class Sender:
    """Who uploads a photo: the device (as :mod:`ui.store.access` knows it) and the file's name,
    which its refusals name."""

    device: str
    file_name: str


def _over_quota(connection, table_id: int, sender: Sender, size: int) -> Message | None:
    """Why a photo of ``size`` bytes (1 when not yet known) does not fit, or None."""
    for where, value, photos, limit, refusal in (
            ("table_id", table_id, TABLE_PHOTOS, TABLE_PHOTO_BYTES, _table_full),
            ("device", sender.device, DEVICE_PHOTOS, DEVICE_PHOTO_BYTES, _device_full)):
        # length() of a blob is read from its header: the pictures themselves are not loaded.
        count, stored = connection.execute(
            f"SELECT COUNT(*), COALESCE(SUM(length(jpeg) + length(thumbnail)), 0) FROM photos "
            f"WHERE {where} = ?", (value,)).fetchone()
        if count + 1 > photos or stored + size > limit:
            return refusal(sender.file_name)
    return None


def _table_full(name: str) -> Message:
    return msg("ui.photo.table_full", "{file}: not kept, this table has as many photos as it "
               "keeps (at most {photos} photos or {size} MB); remove one of its photos to add "
               "another", file=name, photos=TABLE_PHOTOS, size=megabytes(TABLE_PHOTO_BYTES))


def _device_full(name: str) -> Message:
    return msg("ui.photo.device_full", "{file}: not kept, this device has sent as many photos as "
               "the tables keep from one device (at most {photos} photos or {size} MB); remove "
               "some of its photos, or delete tables you no longer need, to add another",
               file=name, photos=DEVICE_PHOTOS, size=megabytes(DEVICE_PHOTO_BYTES))


class PhotoStore:
    """The photos in the tables' file. Every read names the table too: a caller that checked the
    device's grant for a table gets that table's photos only."""

    def __init__(self, store: TableStore):
        self.store = store

    def _reading(self):
        return self.store._reading()  # noqa: SLF001 - the same file and rules as the tables

    def _writing(self):
        return self.store._writing()  # noqa: SLF001 - a refusal is NotSaved, as for the tables

    def add(self, table_id: int, player: str | None, photo: SafePhoto, uid: str | None = None,
            added: datetime | None = None, sender: Sender | None = None) -> Photo | None:
        """Keep a photo of the table; None when a photo with ``uid`` is here already.

        ``sender``: the device that uploaded it and the file's name; the photo is then kept only
        within the quotas (:meth:`over_quota`, counted again in the transaction that writes it),
        else :class:`OverQuota`. A photo restored from a backup has no sender and no quota."""
        uid = uid or str(uuid.uuid4())
        added = added or datetime.now(timezone.utc)
        with self._writing() as connection:
            if sender is not None:
                refusal = _over_quota(connection, table_id, sender, len(photo.jpeg)
                                      + len(photo.thumbnail))
                if refusal is not None:
                    raise OverQuota(refusal)
            row = connection.execute(
                "INSERT INTO photos (uid, table_id, player, added, width, height, jpeg, "
                "thumbnail, device) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?) "
                "ON CONFLICT (uid) DO NOTHING RETURNING id",
                (uid, table_id, player, added.isoformat(timespec="microseconds"), photo.width,
                 photo.height, photo.jpeg, photo.thumbnail,
                 sender.device if sender is not None else None)).fetchone()
            if row is None:
                return None
            return Photo(int(row[0]), uid, table_id, player, added, photo.width,
                         photo.height)

    def over_quota(self, table_id: int, sender: Sender) -> Message | None:
        """Why the table or the sending device keeps no more photos, in words (the quota and what
        to do); None when a photo fits. Asked before an upload is read or decoded: a device at its
        quota costs the server one count."""
        with self._reading() as connection:
            return _over_quota(connection, table_id, sender, 1)

    def of_table(self, table_id: int) -> list[Photo]:
        """The table's photos, the first taken first."""
        with self._reading() as connection:
            rows = connection.execute(
                "SELECT id, uid, table_id, player, added, width, height FROM photos "
                "WHERE table_id = ? ORDER BY added, id", (table_id,)).fetchall()
        return [Photo(row[0], row[1], row[2], row[3], datetime.fromisoformat(row[4]), row[5],
                      row[6]) for row in rows]

    def table_of(self, uid: str) -> int | None:
        """The table holding the photo with this uid, if any."""
        with self._reading() as connection:
            row = connection.execute("SELECT table_id FROM photos WHERE uid = ?",
                                     (uid,)).fetchone()
        return row[0] if row else None

    def jpeg(self, table_id: int, photo_id: int) -> bytes | None:
        return self._bytes("jpeg", table_id, photo_id)

    def thumbnail(self, table_id: int, photo_id: int) -> bytes | None:
        return self._bytes("thumbnail", table_id, photo_id)

    def _bytes(self, column: str, table_id: int, photo_id: int) -> bytes | None:
        with self._reading() as connection:
            row = connection.execute(f"SELECT {column} FROM photos WHERE id = ? AND table_id = ?",
                                     (photo_id, table_id)).fetchone()
        return bytes(row[0]) if row else None

    def remove(self, table_id: int, photo_id: int) -> None:
        with self._writing() as connection:
            connection.execute("DELETE FROM photos WHERE id = ? AND table_id = ?",
                               (photo_id, table_id))
