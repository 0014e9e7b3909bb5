"""Photos in Chromium at phone size: a photo picked in the browser's file chooser is uploaded,
shown above the editor, stored without its EXIF (GPS) and upright; a non-image and an oversized
file are refused in words; a device the table is not shared with reads no photo by any URL."""

from __future__ import annotations

import base64
import io
import os
import time
import sqlite3
from contextlib import closing
from pathlib import Path

from PIL import ExifTags, Image, ImageDraw

from app_browser import PHONE, UI_TIMEOUT, handle, open_app, tap, wait_text
from conftest import page_of
from ui.games.plugin import PlayerSetup
from ui.games.registry import APP_GAMES
from ui.store.photos import MAX_PHOTO_BYTES, PhotoStore, safe_photo
from ui.store.storage import TableStore

SV = APP_GAMES["sunflower_valley"]
DOCS = Path(__file__).resolve().parents[2] / "docs"
TABLET = {"width": 1024, "height": 768}


def new_table(server) -> int:
    draft = SV.new_draft([PlayerSetup("Ann", "red"), PlayerSetup("Bob", "blue")],
                         {"goals": ["boundless_field", "flocks_of_sheep", "long_way"]})
    return TableStore(server.db).create(SV.key, draft)


def phone_photo_with_gps() -> bytes:
    """A 1200 x 900 JPEG as a phone writes it: GPS position in its EXIF, and orientation 6 (the
    phone was held upright: shown turned, 900 wide and 1200 high). It shows a grid of cards."""
    image = Image.new("RGB", (1200, 900), "#6a994e")
    draw = ImageDraw.Draw(image)
    colours = ["#f2e8cf", "#386641", "#a7c957", "#bc4749"]
    for row in range(4):
        for col in range(5):
            left, top = 60 + col * 225, 60 + row * 205
            draw.rectangle([left, top, left + 190, top + 170], fill=colours[(row + col) % 4],
                           outline="black", width=5)
    exif = Image.Exif()
    exif[ExifTags.Base.Orientation] = 6
    gps = exif.get_ifd(ExifTags.IFD.GPSInfo)
    gps[ExifTags.GPS.GPSLatitudeRef] = "N"
    gps[ExifTags.GPS.GPSLatitude] = (52.0, 31.0, 12.0)
    gps[ExifTags.GPS.GPSLongitudeRef] = "E"
    gps[ExifTags.GPS.GPSLongitude] = (13.0, 24.0, 36.0)
    out = io.BytesIO()
    image.save(out, "JPEG", exif=exif)
    data = out.getvalue()
    assert Image.open(io.BytesIO(data)).getexif().get_ifd(ExifTags.IFD.GPSInfo)
    return data


def stored_photos(server, table_id: int) -> list[tuple[str | None, bytes]]:
    with closing(sqlite3.connect(server.db)) as connection:
        return [(player, bytes(jpeg)) for player, jpeg in connection.execute(
            "SELECT player, jpeg FROM photos WHERE table_id = ? ORDER BY id", (table_id,))]


GRASS = (0x6A, 0x99, 0x4E)
"""The photo's background colour."""


def wait_drawn(page, identifier: str) -> None:
    """Wait until the photo under ``identifier`` is drawn on the canvas: a twentieth of its box
    in the photo's grass green (the picture arrives after the box)."""
    box = handle(page, identifier).bounding_box()
    deadline = time.monotonic() + UI_TIMEOUT / 1000
    while True:
        shot = Image.open(io.BytesIO(page.screenshot(clip=box))).convert("RGB")
        pixels = shot.getcolors(shot.width * shot.height)
        grass = sum(count for count, colour in pixels
                    if all(abs(a - b) < 24 for a, b in zip(colour, GRASS)))
        if grass > shot.width * shot.height / 20:
            return
        assert time.monotonic() < deadline, f"{identifier}: the photo was never drawn"
        page.wait_for_timeout(500)


def choose_file(page, name: str, mime: str, data: bytes) -> None:
    with page.expect_file_chooser(timeout=UI_TIMEOUT) as chooser:
        tap(page, "photo-add")
    chooser.value.set_files(files=[{"name": name, "mimeType": mime, "buffer": data}])


def test_a_photo_from_the_file_chooser_shows_above_the_editor_without_its_gps(
        app_server, phone, browser, tmp_path):
    # The pictures go to docs/ only when asked (README's pictures).
    pictures = DOCS if os.environ.get("SCOREPAD_REMAKE_DOCS") else tmp_path
    table_id = new_table(app_server)
    open_app(phone, f"{app_server.url}/table/{table_id}/valley/0")
    wait_text(phone, "player-total", "^Ann")
    choose_file(phone, "valley.jpg", "image/jpeg", phone_photo_with_gps())
    wait_text(phone, "photo-status", r"^Photo kept \(900 × 1200\)")
    handle(phone, "photo-shown").wait_for(timeout=UI_TIMEOUT)
    wait_drawn(phone, "photo-shown")
    phone.mouse.move(200, 840)  # no tooltip of the button just tapped in the picture
    phone.screenshot(path=str(pictures / "app-photo-editor-phone.png"))

    [(player, jpeg)] = stored_photos(app_server, table_id)
    assert player == "Ann"
    stored = Image.open(io.BytesIO(jpeg))
    assert stored.format == "JPEG"
    assert stored.size == (900, 1200)
    assert not stored.getexif()
    assert b"Exif" not in jpeg

    # On a tablet the photo is beside the grid; a tap shows it full size.
    with page_of(browser, viewport=TABLET) as tablet:
        open_app(tablet, f"{app_server.url}/table/{table_id}/valley/0")
        handle(tablet, "photo-shown").wait_for(timeout=UI_TIMEOUT)
        handle(tablet, "cell-0-0").wait_for(timeout=UI_TIMEOUT)
        wait_drawn(tablet, "photo-shown")
        tablet.screenshot(path=str(pictures / "app-photo-editor-tablet.png"))
        tap(tablet, "photo-shown")
        handle(tablet, "photo-zoomed").wait_for(timeout=UI_TIMEOUT)


def test_a_file_that_is_not_a_picture_and_one_too_large_are_refused_in_words(app_server, phone):
    table_id = new_table(app_server)
    open_app(phone, f"{app_server.url}/table/{table_id}/valley/1")
    wait_text(phone, "player-total", "^Bob")
    choose_file(phone, "notes.jpg", "image/jpeg", b"these are not the pixels you expect\n" * 9)
    wait_text(phone, "photo-status", r"^notes\.jpg: not a picture; a photo is a JPEG, PNG")
    choose_file(phone, "huge.jpg", "image/jpeg", b"\xff" * (MAX_PHOTO_BYTES + 1))
    wait_text(phone, "photo-status", r"^huge\.jpg: 20 MB; a photo is at most 20 MB")
    assert stored_photos(app_server, table_id) == []


class Received:
    """Everything one browser context receives: HTTP bodies and websocket frames."""

    def __init__(self, page):
        self.chunks: list[bytes] = []
        page.on("response", self._response)
        page.on("websocket", lambda socket: socket.on("framereceived", self._frame))

    def _response(self, response) -> None:
        try:
            self.chunks.append(response.body())
        except Exception:  # noqa: BLE001 - a redirect or aborted response has no body
            pass

    def _frame(self, payload) -> None:
        self.chunks.append(payload if isinstance(payload, bytes) else payload.encode())

    def holds(self, data: bytes) -> bool:
        return any(data in chunk or base64.b64encode(data) in chunk for chunk in self.chunks)


def test_a_device_the_table_is_not_shared_with_reads_its_photo_by_no_url(app_server, browser):
    table_id = new_table(app_server)
    photos = PhotoStore(TableStore(app_server.db))
    photo = photos.add(table_id, "Ann", safe_photo(phone_photo_with_gps(), "valley.jpg"))
    thumbnail = photos.thumbnail(table_id, photo.id)
    with page_of(browser, viewport=PHONE) as host:
        # The check below sees a photo when one arrives: the host's tab gets it.
        seen = Received(host)
        open_app(host, f"{app_server.url}/table/{table_id}/valley/0")
        handle(host, "photo-shown").wait_for(timeout=UI_TIMEOUT)
        assert seen.holds(thumbnail) or seen.holds(photos.jpeg(table_id, photo.id))
    with page_of(browser, viewport=PHONE) as stranger:
        seen = Received(stranger)
        open_app(stranger, f"{app_server.url}/history", as_host=False)
        for route in ("scorepad", "finish", "valley/0"):
            open_app(stranger, f"{app_server.url}/table/{table_id}/{route}", as_host=False)
            wait_text(stranger, "home-message", "not shared with this device")
        for path in (f"/photo/{photo.id}", f"/photos/{photo.id}", f"/upload?f={photo.uid}",
                     f"/table/{table_id}/photo/{photo.id}", f"/assets/{photo.uid}.jpg",
                     f"/upload/{photo.uid}", "/upload"):
            response = stranger.request.get(f"{app_server.url}{path}")
            assert response.status != 200 or b"JFIF" not in response.body(), path
        assert not seen.holds(thumbnail)
        assert not seen.holds(photos.jpeg(table_id, photo.id))
