"""The fallback fonts (ui/web/fallback_fonts.py, script/fallback_fonts.py): Flutter's list read
from the installed client, the lock made for it, the build that serves a font for each file in
the list, and the server's answers."""

from __future__ import annotations

import asyncio
import importlib.util
import json

import pytest
from fontTools.ttLib import TTFont
import httpx

from app_browser import ROOT
from ui.web.fallback_fonts import (BUILT, KEPT, FallbackFonts, FlutterFont, built, decode_fonts,
                                   flutter_fonts, fonts_base)

spec = importlib.util.spec_from_file_location("fallback_fonts_script",
                                              ROOT / "script" / "fallback_fonts.py")
script = importlib.util.module_from_spec(spec)
spec.loader.exec_module(script)

OWN_FONT = set(TTFont(ROOT / "ui" / "web" / "assets" / "DejaVuSans.ttf").getBestCmap())
NAMES = ("李明", "Zoë 🦊", "สมชาย", "प्रिया", "김민준", "さくら", "陳大文")
"""Players' names in scripts DejaVu Sans lacks: Chinese, an emoji, Thai, Devanagari, Korean,
Japanese kana, Traditional Chinese."""


def test_the_packed_list_is_read_as_flutter_reads_it():
    """Two fonts; font sets: none, {0}, {1}, {0, 1} (each letter is the gap to the previous
    font: "aa"). Ranges, hand-encoded: U+0000–0040 (65
    code points: size 2·26 + 11 + 2, "2l") in set 0 (A); U+0041–0042 (size 2, "a") in set 1 (B);
    U+0043 (size 1) in set 3 (D); the rest, U+0044–10FFFF (1,114,044 code points: 42,847·26 + 20
    + 2, "42847u") in set 0."""
    fonts = decode_fonts([("Noto Sans X 0", "notosansx/v1/a.0.woff2"),
                          ("Noto Sans X 1", "notosansx/v1/a.1.woff2")],
                         ",a,b,aa", "2lAaBD42847uA")
    assert fonts == [
        FlutterFont("Noto Sans X 0", "notosansx/v1/a.0.woff2", ((0x41, 0x42), (0x43, 0x43)),
                    "Noto Sans X"),
        FlutterFont("Noto Sans X 1", "notosansx/v1/a.1.woff2", ((0x43, 0x43),), "Noto Sans X")]
    assert fonts[0].code_points() == {0x41, 0x42, 0x43}


def test_ranges_that_do_not_end_after_the_last_code_point_are_refused():
    with pytest.raises(ValueError, match="end at 0x41"):
        decode_fonts([("Noto Sans", "notosans/v1/a.woff2")], ",a", "2lA")


def test_a_family_of_one_file_keeps_the_number_in_its_name():
    fonts = decode_fonts([("Noto Sans Symbols 2", "notosanssymbols2/v1/a.woff2")], ",a",
                         "42850kA")
    assert fonts[0].family == "Noto Sans Symbols 2"


def test_the_installed_client_s_list_is_read_and_has_a_font_for_every_name():
    """What the app relies on in Flet's client (flet-web 1.0.5): its fallback list decodes (the
    ranges end after U+10FFFF) and names a font for each character of the names. A new Flet
    that changes the list's form fails here."""
    fonts = flutter_fonts()
    assert len({font.path for font in fonts}) == len(fonts) > 600
    for name in NAMES:
        for char in name:
            if ord(char) not in OWN_FONT:
                assert any(ord(char) in font.code_points() for font in fonts), char


def test_the_lock_is_for_the_installed_client_and_pins_a_package_for_each_family():
    pinned = json.loads(script.LOCK.read_text())
    assert pinned["client"] == script.client_version()
    families = {font.family for font in flutter_fonts()}
    assert {script.package_of(family) for family in families} == (
        set(pinned["packages"]) | {script.package_of(family)
                                   for family in pinned["without_package"]})
    assert {"@fontsource/noto-sans-sc", "@fontsource/noto-color-emoji",
            "@fontsource/noto-sans-thai", "@fontsource/noto-sans-devanagari"} <= set(
                pinned["packages"])
    assert all(pin["integrity"].startswith("sha512-") for pin in pinned["packages"].values())


def test_the_fewest_subsets_that_hold_what_is_needed_are_chosen():
    points = {"latin": {1, 2, 3}, "[0]": {3, 4, 5, 6}, "[1]": {6, 7}, "greek": {8}}
    assert script.choose({2, 4, 5, 6, 7}, points) == ["[0]", "[1]", "latin"]
    assert script.choose({9}, points) == []


def test_of_subsets_holding_as_much_the_smallest_is_chosen_and_a_small_tail_is_left():
    """A slice of Chinese beside the language's whole set, which holds it too; and one code
    point of the 40 needed (2.5%, under the 5% tail) that only the Latin subset has."""
    slice_ = set(range(100, 139))
    points = {"chinese-simplified": set(range(100, 1000)), "[7]": slice_, "latin": {32, 33}}
    assert script.choose(slice_ | {32}, points) == ["[7]"]


def test_a_package_s_checksum_is_the_lock_s_form_of_its_sha512():
    """npm's form: "sha512-" and the digest in base64; here the known digest of no bytes."""
    assert script.integrity_of(b"") == (
        "sha512-z4PhNX7vuL3xVChQ1m2AB9Yg5AULVxXcg/SpIdNs6c5H0NE8XYXysP+DGNKHfuwvY7kxvUdBeoGlODJ6+"
        "SfaPg==")


def test_the_build_is_there_and_holds_each_name_in_the_file_flutter_takes_for_it():
    """script/bootstrap built the fonts from the current lock; for each character of the names
    the file Flutter would fetch has the glyph (its character map, read from the file served)."""
    record = built()
    assert record is not None, "no fallback fonts are built: run script/bootstrap"
    assert record["build"] == script.build_id(script.LOCK.read_bytes()), (
        "the fallback fonts were built from another lock: run script/bootstrap")
    fonts = flutter_fonts()
    served = {path for path in record["fonts"]}
    assert served | set(record["without"]) == {font.path for font in fonts}
    for name in NAMES:
        for char in name:
            if ord(char) in OWN_FONT:
                continue
            takers = [font for font in fonts if ord(char) in font.code_points()]
            held = [font.path for font in takers
                    if ord(char) in TTFont(BUILT / "fonts" / record["fonts"][font.path].get(
                        "same_as", font.path)).getBestCmap()]
            assert held, f"{char!r} ({ord(char):#x}) is in no served file"
    # Flutter draws COLR colour glyphs, not SVG ones (Fontsource's emoji slices have only SVG).
    emoji = {record["fonts"][path].get("same_as", path) for path in served
             if path.startswith("notocoloremoji/")}
    assert emoji and all("COLR" in TTFont(BUILT / "fonts" / path) for path in emoji)


@pytest.fixture()
def fonts_folder(tmp_path):
    (tmp_path / "fonts" / "notosanssc" / "v37").mkdir(parents=True)
    (tmp_path / "fonts" / "notosanssc" / "v37" / "abc.97.woff2").write_bytes(b"wOF2 font")
    (tmp_path / "secret.txt").write_text("not a font")
    (tmp_path / "build.json").write_text(json.dumps({"build": "1a2b3c", "fonts": {}}))
    return tmp_path


def get(app, address: str) -> httpx.Response:
    async def asked():
        async with httpx.AsyncClient(transport=httpx.ASGITransport(app=app),
                                     base_url="http://127.0.0.1") as client:
            return await client.get(address)
    return asyncio.run(asked())


def app_serving(folder):
    async def rest(scope, receive, send):
        await send({"type": "http.response.start", "status": 204, "headers": []})
        await send({"type": "http.response.body", "body": b""})
    return FallbackFonts(rest, fonts_base(folder), folder)


def test_a_font_is_served_under_the_build_s_address_and_kept_for_a_year(fonts_folder):
    assert fonts_base(fonts_folder) == "/fonts/1a2b3c/"
    app = app_serving(fonts_folder)
    answer = get(app, "/fonts/1a2b3c/notosanssc/v37/abc.97.woff2")
    assert (answer.status_code, answer.content) == (200, b"wOF2 font")
    assert answer.headers["content-type"] == "font/woff2"
    assert answer.headers["cache-control"] == KEPT
    assert get(app, "/table/3").status_code == 204  # the rest of the app


def test_an_address_that_shares_a_file_redirects_to_it(fonts_folder):
    """Flutter's twelve emoji addresses share one file: each redirects there, so a phone
    fetches it once."""
    (fonts_folder / "fonts" / "shared").mkdir()
    (fonts_folder / "fonts" / "shared" / "noto-color-emoji-emoji.woff2").write_bytes(b"emoji")
    (fonts_folder / "build.json").write_text(json.dumps({"build": "1a2b3c", "fonts": {
        "notocoloremoji/v32/x.7.woff2": {"same_as": "shared/noto-color-emoji-emoji.woff2"}}}))
    app = app_serving(fonts_folder)
    answer = get(app, "/fonts/1a2b3c/notocoloremoji/v32/x.7.woff2")
    assert (answer.status_code, answer.headers["location"]) == (
        308, "/fonts/1a2b3c/shared/noto-color-emoji-emoji.woff2")
    assert get(app, answer.headers["location"]).content == b"emoji"


@pytest.mark.parametrize("address", [
    "/fonts/1a2b3c/notosanssc/v37/missing.woff2",  # not built
    "/fonts/000000/notosanssc/v37/abc.97.woff2",  # another build's address
    "/fonts/1a2b3c/../secret.txt", "/fonts/1a2b3c/%2e%2e/secret.txt",
    "/fonts/1a2b3c/notosanssc/v37/../../../secret.txt", "/fonts/1a2b3c/build.json"])
def test_nothing_else_is_served_under_fonts(fonts_folder, address):
    answer = get(app_serving(fonts_folder), address)
    assert answer.status_code == 404 and b"not a font" not in answer.content


def test_without_a_build_the_address_says_none_and_the_log_says_why(tmp_path, caplog):
    assert fonts_base(tmp_path) == "/fonts/none/"
    app_serving(tmp_path)
    assert "fallback fonts are not built" in caplog.text
    answer = get(app_serving(tmp_path), "/fonts/none/notosans/v37/a.woff2")
    assert answer.status_code == 404
