"""Photos without a browser: what a picture becomes before it is kept (upright, at most 2,048 px,
a fresh JPEG without EXIF), what is refused in words, where photos are stored and when they go,
and the upload endpoint's checks (signature, single-use ticket, the device's grant, size)."""

from __future__ import annotations

import asyncio
import io

import httpx
import pytest
from flet_web.uploads import build_upload_url
from PIL import ExifTags, Image
from starlette.applications import Starlette
from starlette.routing import Route

from ui.store.access import Access
from ui.store.photos import (
    LONGEST_SIDE, MAX_PHOTO_BYTES, THUMBNAIL_SIDE, PhotoRefused, PhotoStore, safe_photo,
)
from ui.store.storage import TableStore
from ui.web.photo_upload import UPLOAD_PATH, PhotoUploads

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


@pytest.mark.parametrize("size", [(9000, 8000), (12000, 12000)])
def test_a_small_file_claiming_too_many_pixels_is_refused_before_it_is_decoded(size):
    # 72 million pixels (under Pillow's own limit of 89 million) and 144 million (over it, where
    # Pillow only warns up to twice its limit): a black-and-white PNG of a few kilobytes each.
    bomb = picture(size, "PNG", "1", 0)
    assert len(bomb) < 100_000
    with pytest.raises(PhotoRefused, match=r"^bomb\.png: more than 64 million pixels"):
        safe_photo(bomb, "bomb.png")


def test_a_file_over_the_limit_is_refused_without_being_decoded():
    with pytest.raises(PhotoRefused, match=r"^huge\.jpg: 20\.0 MB; a photo is at most 20\.0 MB"):
        safe_photo(b"\xff" * (MAX_PHOTO_BYTES + 1), "huge.jpg")


def test_photos_are_read_only_with_their_table_and_go_when_it_is_purged(tmp_path):
    store = TableStore(tmp_path / "t.sqlite3")
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


def test_a_photo_belongs_to_a_player_by_name_as_the_library_compares_names(tmp_path):
    store = TableStore(tmp_path / "t.sqlite3")
    table_id = store.create("sunflower_valley", DRAFT)
    photo = PhotoStore(store).add(table_id, "Zoe\u0308", safe_photo(picture((8, 8)), "z.jpg"))
    assert photo.of(" zoë") and not photo.of("Zoe") and not photo.of(None)
    table = PhotoStore(store).add(table_id, None, safe_photo(picture((8, 8)), "t.jpg"))
    assert table.of(None) and not table.of("Ann")


@pytest.fixture()
def server(tmp_path):
    """The upload endpoint alone, with a table the device "ann" may open and "eve" may not."""
    store = TableStore(tmp_path / "t.sqlite3")
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


def test_an_upload_with_a_ticket_of_a_device_that_may_open_the_table_is_kept(server):
    client, uploads, table_id = server
    ticket = uploads.ticket("ann", table_id, "Ann", "valley.jpg")
    response = client.put(signed(uploads, ticket), content=picture((400, 300)))
    assert response.status_code == 201
    outcome = uploads.outcome(ticket)
    assert outcome.message == "Photo kept (400 × 300)."
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
    assert uploads.outcome(stranger).message == ("mine.jpg: this table is not shared with this "
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
    assert uploads.outcome(big).message.startswith("huge.jpg: 20.0 MB; a photo is at most")

    text = uploads.ticket("ann", table_id, "Ann", "notes.txt")
    response = client.put(signed(uploads, text), content=b"shopping list\n")
    assert response.status_code == 415
    assert uploads.outcome(text).message.startswith("notes.txt: not a picture")
    assert uploads.photos.of_table(table_id) == []


def test_an_upload_to_a_table_deleted_meanwhile_is_refused_in_words(server):
    client, uploads, table_id = server
    ticket = uploads.ticket("ann", table_id, "Ann", "valley.jpg")
    uploads.store.delete(table_id)
    assert client.put(signed(uploads, ticket), content=picture((40, 30))).status_code == 410
    assert uploads.outcome(ticket).message == ("valley.jpg: not kept, the table was deleted "
                                               "meanwhile")
    assert uploads.photos.of_table(table_id) == []
