"""Photos of a table: each player's part photographed at the table, entered later.

A picture from a phone is never kept as it came: it is read only up to :data:`MAX_PHOTO_BYTES`,
decoded by Pillow (only picture formats, a pixel limit against decompression bombs), turned
upright by its EXIF orientation, shrunk to :data:`LONGEST_SIDE` and written anew as a JPEG
without any metadata (a phone's photo carries where it was taken). Photos are rows of the tables'
SQLite file (schema in ui/store/storage.py) and go with the table when it is purged.
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
from ui.store.storage import TableStore

MAX_PHOTO_BYTES = 20_000_000
"""A phone's photo is 2 to 12 MB; larger is refused before it is read."""
MAX_PIXELS = 64_000_000
"""A 50-megapixel camera's photo fits; a small file claiming more (a decompression bomb) does
not get decoded."""
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
KINDS = "a JPEG, PNG, WebP or GIF picture"


class PhotoRefused(ValueError):
    """A file that is not kept as a photo; ``str()`` says why, naming the file."""


@dataclass(frozen=True)
class SafePhoto:
    """A picture as stored: a fresh JPEG without metadata, and its thumbnail."""

    jpeg: bytes
    thumbnail: bytes
    width: int
    height: int


def megabytes(size: int) -> str:
    return f"{size / 1_000_000:.1f} MB"


def too_large(name: str, size: int) -> str:
    return (f"{name}: {megabytes(size)}; a photo is at most {megabytes(MAX_PHOTO_BYTES)} "
            "(take it again at a lower resolution)")


def safe_photo(data: bytes, name: str) -> SafePhoto:
    """``data`` as a picture fit to keep; :class:`PhotoRefused` in words for anything else."""
    if len(data) > MAX_PHOTO_BYTES:
        raise PhotoRefused(too_large(name, len(data)))
    if not data:
        raise PhotoRefused(f"{name}: the file is empty")
    try:
        with warnings.catch_warnings():
            # Pillow only warns between its limit and twice it: refuse those too.
            warnings.simplefilter("error", Image.DecompressionBombWarning)
            with Image.open(io.BytesIO(data), formats=FORMATS) as image:
                return _reencoded(image, name)
    except PhotoRefused:
        raise
    except UnidentifiedImageError:
        raise PhotoRefused(f"{name}: not a picture; a photo is {KINDS}") from None
    except (Image.DecompressionBombError, Image.DecompressionBombWarning):
        raise PhotoRefused(_too_many_pixels(name)) from None
    except (OSError, SyntaxError, ValueError, EOFError, MemoryError) as error:
        raise PhotoRefused(f"{name}: the picture is damaged and cannot be read ({error})") from None


def _too_many_pixels(name: str) -> str:
    return (f"{name}: more than {MAX_PIXELS // 1_000_000} million pixels; take the photo at a "
            "lower resolution")


def _reencoded(image: Image.Image, name: str) -> SafePhoto:
    width, height = image.size  # from the header: nothing decoded yet
    if width * height > MAX_PIXELS:
        raise PhotoRefused(_too_many_pixels(name))
    scale = min(1.0, LONGEST_SIDE / max(width, height))
    # A JPEG decodes straight at 1/2, 1/4 or 1/8 of its size when that is still large enough:
    # a 12-megapixel photo then takes a quarter of the memory and time.
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
            added: datetime | None = None) -> Photo | None:
        """Keep a photo of the table; None when a photo with ``uid`` is here already."""
        uid = uid or str(uuid.uuid4())
        added = added or datetime.now(timezone.utc)
        with self._writing() as connection:
            cursor = connection.execute(
                "INSERT OR IGNORE INTO photos (uid, table_id, player, added, width, height, jpeg, "
                "thumbnail) VALUES (?, ?, ?, ?, ?, ?, ?, ?)",
                (uid, table_id, player, added.isoformat(timespec="microseconds"), photo.width,
                 photo.height, photo.jpeg, photo.thumbnail))
            if not cursor.rowcount:
                return None
            return Photo(int(cursor.lastrowid), uid, table_id, player, added, photo.width,
                         photo.height)

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
