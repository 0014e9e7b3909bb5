"""Photos without a browser: what a picture becomes before it is kept (upright, at most 2,048 px,
a fresh JPEG without EXIF), what is refused in words (and at what cost: a decompression bomb),
where photos are stored and when they go, and the upload endpoint's checks (signature and its
expiry, single-use ticket, the device's grant, the quotas of the table and of the device, size)."""

from __future__ import annotations

import asyncio
import io
import os
import struct
import subprocess
import sys
import zlib
from pathlib import Path

import httpx
import pytest
from flet_web.uploads import build_upload_url
from PIL import ExifTags, Image
from starlette.applications import Starlette
from starlette.routing import Route

import ui.store.photos as photos_module
from ui.parts.words import app_language
from ui.store.access import Access
from ui.store.photos import (
    LONGEST_SIDE, MAX_PHOTO_BYTES, THUMBNAIL_SIDE, PhotoRefused, PhotoStore, safe_photo,
)
from ui.store.storage import TableStore
from ui.web.photo_upload import UPLOAD_PATH, PhotoUploads

ROOT = Path(__file__).resolve().parents[2]
DRAFT = {"game": "sunflower_valley", "players": [{"name": "Ann"}, {"name": "Bob"}]}


def picture(size: tuple[int, int], kind: str = "JPEG", mode: str = "RGB", colour="green",
            exif: Image.Exif | None = None) -> bytes:
    out = io.BytesIO()
    options = {"exif": exif} if exif is not None else {}
    Image.new(mode, size, colour).save(out, kind, **options)
    return out.getvalue()


def with_gps_and_orientation(orientation: int) -> Image.Exif:
    exif = Image.Exif()
    exif[ExifTags.Base.Orientation] = orientation
    exif[ExifTags.Base.Make] = "PhoneMaker"
    gps = exif.get_ifd(ExifTags.IFD.GPSInfo)
    gps[ExifTags.GPS.GPSLatitudeRef] = "N"
    gps[ExifTags.GPS.GPSLatitude] = (52.0, 31.0, 12.0)
    return exif


def opened(jpeg: bytes) -> Image.Image:
    image = Image.open(io.BytesIO(jpeg))
    assert image.format == "JPEG"
    return image


def test_a_phone_photo_is_turned_upright_and_loses_its_exif_and_gps():
    # Orientation 6: the camera's pixels are 400 wide and 300 high, shown turned a quarter.
    source = picture((400, 300), exif=with_gps_and_orientation(6))
    assert Image.open(io.BytesIO(source)).getexif().get_ifd(ExifTags.IFD.GPSInfo)
    kept = safe_photo(source, "valley.jpg")
    assert (kept.width, kept.height) == (300, 400)
    image = opened(kept.jpeg)
    assert image.size == (300, 400)
    assert not image.getexif()
    assert b"Exif" not in kept.jpeg and b"PhoneMaker" not in kept.jpeg


def test_a_large_photo_is_shrunk_to_2048_pixels_on_its_longest_side_with_a_small_thumbnail():
    kept = safe_photo(picture((4000, 3000)), "big.jpg")
    # 4000 x 3000 scaled by 2048 / 4000 = 0.512: 2048 x 1536.
    assert (kept.width, kept.height) == (LONGEST_SIDE, 1536)
    assert opened(kept.jpeg).size == (2048, 1536)
    assert opened(kept.thumbnail).size == (THUMBNAIL_SIDE, 180)


def test_a_transparent_png_becomes_a_jpeg_on_white():
    kept = safe_photo(picture((100, 50), "PNG", "RGBA", (0, 0, 0, 0)), "clear.png")
    image = opened(kept.jpeg)
    assert image.size == (100, 50)
    assert image.convert("L").getextrema()[0] >= 250


@pytest.mark.parametrize(("data", "message"), [
    (b"%PDF-1.7 not a picture at all" * 10, "notes.jpg: not a picture; a photo is a JPEG, PNG"),
    (b"", "notes.jpg: the file is empty"),
    (picture((400, 300))[:300], "notes.jpg: the picture is damaged and cannot be read"),
    (picture((64, 64), "BMP"), "notes.jpg: not a picture; a photo is a JPEG, PNG"),
])
def test_what_is_not_a_readable_picture_is_refused_in_words(data, message):
    with pytest.raises(PhotoRefused) as refused:
        safe_photo(data, "notes.jpg")
    assert str(refused.value).startswith(message)


@pytest.mark.parametrize("size", [(6000, 4500), (9000, 8000), (12000, 12000)])
def test_a_small_file_claiming_too_many_pixels_is_refused_before_it_is_decoded(size):
    # 27 million pixels (over the app's 25 million, where Pillow, set to the same limit, only
    # warns), 72 million and 144 million (over twice it, where Pillow refuses itself): a
    # black-and-white PNG of a few kilobytes each.
    bomb = picture(size, "PNG", "1", 0)
    assert len(bomb) < 100_000
    with pytest.raises(PhotoRefused, match=r"^bomb\.png: more than 25 million pixels"):
        safe_photo(bomb, "bomb.png")


def test_a_file_over_the_limit_is_refused_without_being_decoded():
    with pytest.raises(PhotoRefused, match=r"^huge\.jpg: 20 MB; a photo is at most 20 MB"):
        safe_photo(b"\xff" * (MAX_PHOTO_BYTES + 1), "huge.jpg")


def test_photos_are_read_only_with_their_table_and_go_when_it_is_purged(db):
    store = TableStore(db("t"))
    photos = PhotoStore(store)
    kept_table, purged_table = store.create("sunflower_valley", DRAFT), store.create(
        "sunflower_valley", DRAFT)
    kept = photos.add(kept_table, "Ann", safe_photo(picture((40, 30)), "a.jpg"))
    gone = photos.add(purged_table, None, safe_photo(picture((40, 30)), "b.jpg"))
    assert photos.jpeg(kept_table, kept.id) is not None
    assert photos.jpeg(purged_table, kept.id) is None  # another table's photo: not by its id
    assert [photo.id for photo in photos.of_table(kept_table)] == [kept.id]

    store.delete(purged_table)
    assert photos.of_table(purged_table) == [gone]  # deleted, not purged: Restore keeps them
    store.purge_deleted([purged_table])
    assert photos.of_table(purged_table) == []
    assert photos.jpeg(purged_table, gone.id) is None
    assert [photo.id for photo in photos.of_table(kept_table)] == [kept.id]


def test_a_photo_belongs_to_a_player_by_name_as_the_library_compares_names(db):
    store = TableStore(db("t"))
    table_id = store.create("sunflower_valley", DRAFT)
    photo = PhotoStore(store).add(table_id, "Zoe\u0308", safe_photo(picture((8, 8)), "z.jpg"))
    assert photo.of(" zoë") and not photo.of("Zoe") and not photo.of(None)
    table = PhotoStore(store).add(table_id, None, safe_photo(picture((8, 8)), "t.jpg"))
    assert table.of(None) and not table.of("Ann")


@pytest.fixture()
def server(db):
    """The upload endpoint alone, with a table the device "ann" may open and "eve" may not."""
    store = TableStore(db("t"))
    uploads = PhotoUploads(store)
    table_id = store.create("sunflower_valley", DRAFT)
    Access(store).grant("ann", table_id, "creator")
    app = Starlette(routes=[Route(UPLOAD_PATH, uploads.receive, methods=["PUT"])])
    return Client(app), uploads, table_id


class Client:
    """PUT requests straight to the ASGI app (no network)."""

    def __init__(self, app):
        self.app = app

    def put(self, url: str, content: bytes) -> httpx.Response:
        async def request():
            async with httpx.AsyncClient(transport=httpx.ASGITransport(app=self.app),
                                         base_url="http://127.0.0.1") as client:
                return await client.put(url, content=content)
        return asyncio.run(request())


def signed(uploads: PhotoUploads, ticket: str) -> str:
    return build_upload_url(UPLOAD_PATH, ticket, 60, uploads.secret)


def test_a_ticket_made_by_one_process_is_taken_by_another_which_tells_a_third(db):
    """``scorepad app --workers``, or two computers on one PostgreSQL server: the tab's session,
    the upload and the reading of its outcome may each reach another process. Each
    ``PhotoUploads`` here is one process's, on its own ``TableStore`` of the same database."""
    table_id = TableStore(db("t")).create("sunflower_valley", DRAFT)
    Access(TableStore(db("t"))).grant("ann", table_id, "creator")
    asking, receiving, telling = (PhotoUploads(TableStore(db("t"))) for _ in range(3))
    assert asking.secret == receiving.secret == telling.secret  # one signing secret
    ticket = asking.ticket("ann", table_id, "Ann", "valley.jpg")
    client = Client(Starlette(routes=[Route(UPLOAD_PATH, receiving.receive, methods=["PUT"])]))
    assert client.put(signed(asking, ticket), content=picture((400, 300))).status_code == 201
    outcome = telling.outcome(ticket)
    assert str(outcome.message) == "Photo kept (400 × 300)."
    assert outcome.photo == receiving.photos.of_table(table_id)[0]
    assert asking.outcome(ticket) is None  # told once
    refused = asking.ticket("eve", table_id, None, "mine.jpg")
    assert client.put(signed(asking, refused), content=picture((8, 8))).status_code == 403
    assert telling.outcome(refused).message.id == "ui.photo.not_shared"


def test_an_upload_with_a_ticket_of_a_device_that_may_open_the_table_is_kept(server):
    client, uploads, table_id = server
    ticket = uploads.ticket("ann", table_id, "Ann", "valley.jpg")
    response = client.put(signed(uploads, ticket), content=picture((400, 300)))
    assert response.status_code == 201
    outcome = uploads.outcome(ticket)
    assert str(outcome.message) == "Photo kept (400 × 300)."
    assert uploads.photos.of_table(table_id) == [outcome.photo]
    assert outcome.photo.player == "Ann"
    # Single use: the same URL again keeps nothing more.
    assert client.put(signed(uploads, ticket), content=picture((400, 300))).status_code == 410
    assert len(uploads.photos.of_table(table_id)) == 1


def test_an_upload_is_refused_without_a_signature_or_a_grant_and_keeps_nothing(server):
    client, uploads, table_id = server
    ticket = uploads.ticket("ann", table_id, "Ann", "valley.jpg")
    forged = signed(uploads, ticket).replace("&s=", "&s=0")
    assert client.put(forged, content=picture((40, 30))).status_code == 403
    assert client.put(f"{UPLOAD_PATH}?f={ticket}", content=picture((40, 30))).status_code == 403
    made_up = signed(uploads, "a-name-no-tab-asked-for")
    assert client.put(made_up, content=picture((40, 30))).status_code == 410

    stranger = uploads.ticket("eve", table_id, None, "mine.jpg")
    response = client.put(signed(uploads, stranger), content=picture((40, 30)))
    assert response.status_code == 403
    assert str(uploads.outcome(stranger).message) == ("mine.jpg: this table is not shared with this "
                                                 "device any more")
    # A grant revoked between the pick and the upload counts at the upload.
    revoked = uploads.ticket("ann", table_id, "Ann", "late.jpg")
    Access(uploads.store).revoke("ann", table_id)
    assert client.put(signed(uploads, revoked), content=picture((40, 30))).status_code == 403
    assert uploads.photos.of_table(table_id) == []


def test_an_oversized_or_foreign_upload_is_refused_in_words(server):
    client, uploads, table_id = server
    big = uploads.ticket("ann", table_id, "Ann", "huge.jpg")
    response = client.put(signed(uploads, big), content=b"\xff" * (MAX_PHOTO_BYTES + 1))
    assert response.status_code == 413
    assert str(uploads.outcome(big).message).startswith("huge.jpg: 20 MB; a photo is at most")

    text = uploads.ticket("ann", table_id, "Ann", "notes.txt")
    response = client.put(signed(uploads, text), content=b"shopping list\n")
    assert response.status_code == 415
    assert str(uploads.outcome(text).message).startswith("notes.txt: not a picture")
    assert uploads.photos.of_table(table_id) == []


def test_an_upload_to_a_table_deleted_meanwhile_is_refused_in_words(server):
    client, uploads, table_id = server
    ticket = uploads.ticket("ann", table_id, "Ann", "valley.jpg")
    uploads.store.delete(table_id)
    assert client.put(signed(uploads, ticket), content=picture((40, 30))).status_code == 410
    assert str(uploads.outcome(ticket).message) == ("valley.jpg: not kept, the table was deleted "
                                               "meanwhile")
    assert uploads.photos.of_table(table_id) == []


def test_an_upload_url_signed_with_an_expiry_in_the_past_is_refused_in_words(server):
    client, uploads, table_id = server
    late = uploads.ticket("ann", table_id, "Ann", "late.jpg")
    # Signed by this server with its secret, but its signed expiry passed a minute ago.
    expired = build_upload_url(UPLOAD_PATH, late, -60, uploads.secret)
    response = client.put(expired, content=picture((40, 30)))
    assert response.status_code == 403
    assert response.text.startswith("late.jpg: not kept, its upload link expired")
    assert str(uploads.outcome(late).message) == (
        "late.jpg: not kept, its upload link expired before the photo arrived; pick the photo "
        "again")
    # The ticket went with the refusal: not even a fresh URL for it keeps anything.
    assert client.put(signed(uploads, late), content=picture((40, 30))).status_code == 410
    assert uploads.photos.of_table(table_id) == []

    on_time = uploads.ticket("ann", table_id, "Ann", "on_time.jpg")
    assert client.put(build_upload_url(UPLOAD_PATH, on_time, 60, uploads.secret),
                      content=picture((40, 30))).status_code == 201


def bomb_png(width: int, height: int) -> bytes:
    """A valid RGBA PNG of ``width`` x ``height`` transparent pixels, compressed row by row: a
    file of a few hundred kilobytes made without ever holding its pixels (8000 x 8000 would be
    256 MB)."""
    def chunk(kind: bytes, body: bytes) -> bytes:
        return (struct.pack(">I", len(body)) + kind + body
                + struct.pack(">I", zlib.crc32(kind + body)))

    compressor, row = zlib.compressobj(9), b"\x00" * (1 + 4 * width)  # filter byte, then RGBA
    pixels = b"".join(compressor.compress(row) for _ in range(height)) + compressor.flush()
    header = struct.pack(">IIBBBBB", width, height, 8, 6, 0, 0, 0)  # 8 bits, RGBA
    return (b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", header) + chunk(b"IDAT", pixels)
            + chunk(b"IEND", b""))


REFUSAL_MEMORY = """
import resource, sys
from ui.store.photos import PhotoRefused, safe_photo
data = open(sys.argv[1], "rb").read()
safe_photo(open(sys.argv[2], "rb").read(), "warm.png")  # Pillow's PNG reader and encoders loaded
before = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
try:
    safe_photo(data, "bomb.png")
    print("kept")
except PhotoRefused as refused:
    print(refused)
print(resource.getrusage(resource.RUSAGE_SELF).ru_maxrss - before)
"""


def test_a_small_png_of_8000_by_8000_pixels_is_refused_from_its_header_at_little_cost(
        tmp_path, monkeypatch):
    # The measured attack: a 250 KB PNG decoded to 1 GB in 6.6 s of CPU under the former limit of
    # 64 million pixels. Refused now from the size in its header, before a pixel is decoded.
    bomb = bomb_png(8000, 8000)
    assert len(bomb) < 400_000
    monkeypatch.setattr(Image, "MAX_IMAGE_PIXELS", None)  # the app's limit, lifted to look
    with Image.open(io.BytesIO(bomb)) as image:
        assert (image.size, image.mode) == ((8000, 8000), "RGBA")
    (tmp_path / "bomb.png").write_bytes(bomb)
    (tmp_path / "warm.png").write_bytes(picture((64, 64), "PNG", "RGBA"))
    # Pillow allocates pixels outside Python's allocator (tracemalloc would not see them): the
    # peak resident memory of a fresh process tells what the refusal cost.
    run = subprocess.run([sys.executable, "-c", REFUSAL_MEMORY, str(tmp_path / "bomb.png"),
                          str(tmp_path / "warm.png")], capture_output=True, text=True, check=True,
                         env={**os.environ, "PYTHONPATH": str(ROOT)})
    said, grown_kilobytes = run.stdout.splitlines()
    assert said == ("bomb.png: more than 25 million pixels; take the photo at a lower "
                    "resolution")
    assert int(grown_kilobytes) < 50_000  # 50 MB; decoded, it took over 1,000 MB


def test_a_24_megapixel_photo_is_kept_decoded_at_half_its_size():
    camera = picture((6000, 4000))  # 24 million pixels, one colour: a small JPEG
    with Image.open(io.BytesIO(camera)) as image:
        # What safe_photo asks of the JPEG decoder: 3000 x 2000, not 6000 x 4000.
        image.draft("RGB", (LONGEST_SIDE, 1366))
        assert image.size == (3000, 2000)
    kept = safe_photo(camera, "camera.jpg")
    assert (kept.width, kept.height) == (LONGEST_SIDE, 1365)


def test_a_table_keeps_photos_up_to_its_quota_and_refuses_more_in_words_before_decoding(
        server, monkeypatch):
    client, uploads, table_id = server
    monkeypatch.setattr(photos_module, "TABLE_PHOTOS", 2)
    for number in range(2):
        ticket = uploads.ticket("ann", table_id, "Ann", f"{number}.jpg")
        assert client.put(signed(uploads, ticket), content=picture((40, 30))).status_code == 201
    full = uploads.ticket("ann", table_id, "Ann", "third.jpg")
    # Not a picture at all: refused for the quota (413), not as a picture (415), so never decoded.
    response = client.put(signed(uploads, full), content=b"not a picture")
    assert response.status_code == 413
    refusal = uploads.outcome(full).message
    assert str(refusal) == (
        "third.jpg: not kept, this table has as many photos as it keeps (at most 2 photos or "
        "40 MB); remove one of its photos to add another")
    assert app_language("es").render(refusal).startswith(
        "third.jpg: no se guardó, esta mesa ya tiene todas las fotos que guarda (como mucho 2 ")
    assert app_language("de").render(refusal).startswith("third.jpg: nicht behalten")

    uploads.photos.remove(table_id, uploads.photos.of_table(table_id)[0].id)
    again = uploads.ticket("ann", table_id, "Ann", "third.jpg")
    assert client.put(signed(uploads, again), content=picture((40, 30))).status_code == 201


def test_a_table_refuses_a_photo_whose_bytes_would_pass_its_quota(server, monkeypatch):
    client, uploads, table_id = server
    first = uploads.ticket("ann", table_id, "Ann", "first.jpg")
    assert client.put(signed(uploads, first), content=picture((400, 300))).status_code == 201
    stored = uploads.photos.jpeg(table_id, uploads.photos.of_table(table_id)[0].id)
    monkeypatch.setattr(photos_module, "TABLE_PHOTO_BYTES", len(stored) * 3 // 2)
    # Room for a byte more, not for the photo: counted again with its size when it is written.
    second = uploads.ticket("ann", table_id, "Ann", "second.jpg")
    assert client.put(signed(uploads, second), content=picture((400, 300))).status_code == 413
    assert str(uploads.outcome(second).message).startswith(
        "second.jpg: not kept, this table has as many photos as it keeps")
    assert len(uploads.photos.of_table(table_id)) == 1


def test_a_device_sends_photos_up_to_its_quota_whatever_the_tables(server, monkeypatch):
    client, uploads, table_id = server
    monkeypatch.setattr(photos_module, "DEVICE_PHOTOS", 2)
    # Tables of its own, one photo each: the table quota is far, the device's is reached.
    tables = [table_id] + [uploads.store.create("sunflower_valley", DRAFT, creator="ann")
                           for _ in range(2)]
    for table in tables[:2]:
        ticket = uploads.ticket("ann", table, None, "mine.jpg")
        assert client.put(signed(uploads, ticket), content=picture((40, 30))).status_code == 201
    over = uploads.ticket("ann", tables[2], None, "more.jpg")
    assert client.put(signed(uploads, over), content=picture((40, 30))).status_code == 413
    assert str(uploads.outcome(over).message) == (
        "more.jpg: not kept, this device has sent as many photos as the tables keep from one "
        "device (at most 2 photos or 600 MB); remove some of its photos, or delete tables you "
        "no longer need, to add another")
    assert uploads.photos.of_table(tables[2]) == []
    # Another device at the same table still sends; a photo restored from a backup counts for
    # no device.
    Access(uploads.store).grant("bob", tables[2], "player")
    other = uploads.ticket("bob", tables[2], None, "bob.jpg")
    assert client.put(signed(uploads, other), content=picture((40, 30))).status_code == 201
    assert uploads.photos.add(tables[2], None, safe_photo(picture((8, 8)), "old.jpg")) is not None
