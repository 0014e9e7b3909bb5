"""Serving phones (on loopback): the web client is sent compressed, with ETags and a caching rule
that lets a returning phone reuse what it has: the start page revalidated (a 304 instead of the
page), the client's files kept under their version's address without asking."""

from __future__ import annotations

import asyncio
import gzip
import hashlib
import json
import os
import re
import subprocess
import sys
import time
import urllib.error
import urllib.request
from pathlib import Path
from urllib.parse import urljoin

import brotli
import httpx
import pytest
from starlette.applications import Starlette
from starlette.staticfiles import StaticFiles

from ui.web.app import FONT
from ui.web.brotli_copies import AT_ONCE_UP_TO, BrotliCopies
from ui.web.font_cuts import cut_fonts
from ui.web.web_delivery import (
    LOADING_IN_CHOSEN_THEME, OWN_FONTS, CompressedStatic, FontManifest, PinnedClient, StartPage,
    accepted_codings, client_version,
)

ROOT = Path(__file__).resolve().parents[2]
ASSETS = ROOT / "ui" / "web" / "assets"


def fetch(url: str, **headers: str):
    try:
        return urllib.request.urlopen(urllib.request.Request(url, headers=headers), timeout=60)
    except urllib.error.HTTPError as answer:  # a 304 is an answer, not a failure
        return answer


def test_a_static_file_is_sent_compressed_and_revalidated(app_server):
    url = f"{app_server.url}/main.dart.js"
    with fetch(url, **{"Accept-Encoding": "gzip"}) as response:
        assert response.status == 200
        assert response.headers["Content-Encoding"] == "gzip"
        assert response.headers["Cache-Control"] == "no-cache"
        etag = response.headers["ETag"]
        compressed = response.read()
    with fetch(url, **{"Accept-Encoding": "identity"}) as response:
        assert response.headers.get("Content-Encoding") is None
        assert gzip.decompress(compressed) == response.read()
    assert len(compressed) < len(gzip.decompress(compressed)) / 2
    with fetch(url, **{"Accept-Encoding": "gzip", "If-None-Match": etag}) as response:
        assert response.status == 304
        assert response.read() == b""


def test_the_start_page_is_revalidated_at_every_visit(app_server):
    with fetch(f"{app_server.url}/", **{"Accept-Encoding": "gzip"}) as response:
        assert response.headers["Cache-Control"] == "no-cache"
        assert response.headers["ETag"]


def test_each_file_is_compressed_once_until_it_changes(tmp_path, monkeypatch):
    script = tmp_path / "big.js"
    script.write_text("let x = 1;\n" * 5000)
    compressed = []
    compress = gzip.compress
    monkeypatch.setattr(gzip, "compress",
                        lambda data, level: compressed.append(len(data)) or compress(data, level))
    app = CompressedStatic(StaticFiles(directory=tmp_path))

    def get() -> httpx.Response:
        async def request():
            async with httpx.AsyncClient(transport=httpx.ASGITransport(app=app),
                                         base_url="http://127.0.0.1") as client:
                return await client.get("/big.js", headers={"Accept-Encoding": "gzip"})
        return asyncio.run(request())

    for _ in range(2):
        answer = get()
        assert answer.headers["Content-Encoding"] == "gzip"
        assert answer.text == script.read_text()
    assert compressed == [55_000]
    script.write_text("let y = 2;\n" * 6000)
    os.utime(script, (1, 1))
    assert get().text == script.read_text()
    assert compressed == [55_000, 66_000]


def asgi_get(app, path: str, **headers: str) -> httpx.Response:
    async def request():
        async with httpx.AsyncClient(transport=httpx.ASGITransport(app=app),
                                     base_url="http://127.0.0.1") as client:
            return await client.get(path, headers=headers)
    return asyncio.run(request())


FLET_PAGE = """<html><head><link rel="icon" href="favicon.png" />
<script>var flet = {entrypointBaseUrl: "/", assetBase: "/", canvasKitBaseUrl: null};</script>
<script>flet.canvasKitBaseUrl="/canvaskit/";</script>
<script src="python.js"></script></head>
<body><img src="icons/loading-animation.png" alt="" />
<script src="flutter_bootstrap.js" async></script></body></html>"""
"""The shape of Flet's index.html (flet_web/web/index.html, patched for no-CDN)."""


def test_the_start_page_names_the_clients_files_at_the_pinned_address(tmp_path):
    (tmp_path / "index.html").write_text(FLET_PAGE)
    (tmp_path / "main.js").write_text('let page = "</head>", boot = "flutter_bootstrap.js";')
    app = StartPage(StaticFiles(directory=tmp_path, html=True), "/client/v1/", ("a.js", "b.js"))
    page = asgi_get(app, "/")
    assert page.text == (
        '<html><head><link rel="icon" href="/client/v1/favicon.png" />\n'
        '<script>var flet = {entrypointBaseUrl: "/", assetBase: "/", canvasKitBaseUrl: null};'
        '</script>\n<script>flet.canvasKitBaseUrl="/canvaskit/";</script>\n'
        '<script src="/client/v1/python.js"></script>'
        '<script>flet.entrypointBaseUrl = flet.assetBase = "/client/v1/";\n'
        'if (flet.canvasKitBaseUrl) flet.canvasKitBaseUrl = "/client/v1/canvaskit/";</script>'
        + LOADING_IN_CHOSEN_THEME +
        '<script src="/client/v1/a.js"></script><script src="/client/v1/b.js"></script>'
        '</head>\n<body><img src="/client/v1/icons/loading-animation.png" alt="" />\n'
        '<script src="/client/v1/flutter_bootstrap.js" async></script></body></html>')
    assert page.headers["Content-Length"] == str(len(page.content))
    assert asgi_get(app, "/main.js").text == 'let page = "</head>", boot = "flutter_bootstrap.js";'


def test_the_start_page_asks_at_once_for_what_the_client_would_ask_for_once_it_runs(tmp_path):
    (tmp_path / "index.html").write_text(FLET_PAGE)
    app = StartPage(StaticFiles(directory=tmp_path, html=True), "/client/v1/", (),
                    preloads=("assets/FontManifest.json", "cut/Sans.1.woff2"), wasm=True)
    page = asgi_get(app, "/").text
    head = page[page.index("<head>") + len("<head>"):]
    # At the head's start, as the client's fetch asks (cors, same-origin credentials), so that
    # the client takes what was preloaded instead of asking again.
    assert head.startswith(
        '<link rel="preload" href="/client/v1/assets/FontManifest.json" as="fetch" '
        'crossorigin="anonymous"><link rel="preload" href="/client/v1/cut/Sans.1.woff2" '
        'as="fetch" crossorigin="anonymous"><script>(function () {')
    script = head[head.index("<script>"):head.index("</script>")]
    assert '"Google Inc."' in script and "WebAssembly.validate(" in script
    assert 'link.href = "/client/v1/" + name;' in script
    assert '"main.dart.wasm"' in script and '"canvaskit/skwasm.wasm"' in script
    without = StartPage(StaticFiles(directory=tmp_path, html=True), "/client/v1/", (),
                        preloads=("assets/FontManifest.json",))
    assert "WebAssembly" not in asgi_get(without, "/").text


def test_the_start_page_draws_its_loading_screen_in_the_theme_the_device_chose(tmp_path):
    (tmp_path / "index.html").write_text(FLET_PAGE)
    page = asgi_get(StartPage(StaticFiles(directory=tmp_path, html=True), "/client/v1/", ()),
                    "/").text
    head = page[:page.index("</head>")]
    # Read where the client keeps the switch's choice, before the loading screen is drawn.
    assert 'localStorage.getItem("flutter.scorepad.theme")' in head
    assert 'html[data-theme="dark"] #loading { background: #222222; }' in head
    assert 'html[data-theme="light"] #loading { background: #ffffff; }' in head


def test_the_font_list_leaves_out_the_fonts_the_app_never_draws_with_and_names_its_own(tmp_path):
    fonts = [{"family": "MaterialIcons", "fonts": [{"asset": "fonts/MaterialIcons.otf"}]},
             {"family": "packages/flutter_math_fork/KaTeX_Main",
              "fonts": [{"asset": "packages/flutter_math_fork/KaTeX_Main-Regular.ttf"},
                        {"weight": 700, "asset": "packages/flutter_math_fork/KaTeX_Main-Bold.ttf"}]},
             {"family": "packages/cupertino_icons/CupertinoIcons",
              "fonts": [{"asset": "packages/cupertino_icons/assets/CupertinoIcons.ttf"}]},
             {"family": "packages/some_new_package/Font", "fonts": [{"asset": "new.ttf"}]},
             {"family": "Roboto", "fonts": [{"asset": "fonts/roboto.woff2"}]}]
    (tmp_path / "assets").mkdir()
    (tmp_path / "assets" / "FontManifest.json").write_text(json.dumps(fonts))
    (tmp_path / "other.json").write_text(json.dumps(fonts))
    app = FontManifest(StaticFiles(directory=tmp_path),
                       fonts={"Own": "Own.ttf", "Roboto": "Own.ttf"})
    answer = asgi_get(app, "/assets/FontManifest.json")
    # The client loads every font of its list before it draws; it names each under assets/,
    # the app's fonts are beside that folder. The app's Roboto replaces the client's.
    own = [{"family": "Own", "fonts": [{"asset": "../Own.ttf"}]},
           {"family": "Roboto", "fonts": [{"asset": "../Own.ttf"}]}]
    assert answer.json() == [*own, fonts[0], fonts[3]]
    assert answer.headers["Content-Length"] == str(len(answer.content))
    assert asgi_get(app, "/other.json").json() == fonts


def test_the_fonts_the_app_draws_with_are_its_own():
    assert FONT in OWN_FONTS
    assert "DejaVuMono" in OWN_FONTS  # the text page's and the BG Stats link's
    # Flutter's default family (before the page's theme is there) is the app's font too.
    assert OWN_FONTS["Roboto"] == OWN_FONTS[FONT]
    assert all((ASSETS / file).is_file() for file in OWN_FONTS.values())


def test_a_pinned_address_serves_the_file_to_be_kept_and_only_for_its_version(tmp_path):
    (tmp_path / "index.html").write_text("<html></html>")
    (tmp_path / "main.js").write_text("let x = 1;")
    app = Starlette()  # answers a missing file with a 404, as the app's FastAPI does
    app.mount("/", StaticFiles(directory=tmp_path, html=True))
    app.add_middleware(CompressedStatic)
    app.add_middleware(PinnedClient, base="/client/v1/")
    pinned = asgi_get(app, "/client/v1/main.js")
    assert (pinned.status_code, pinned.text) == (200, "let x = 1;")
    assert pinned.headers["Cache-Control"] == "public, max-age=31536000, immutable"
    again = asgi_get(app, "/client/v1/main.js", **{"If-None-Match": pinned.headers["ETag"]})
    assert again.status_code == 304
    assert again.headers["Cache-Control"] == "public, max-age=31536000, immutable"
    assert asgi_get(app, "/main.js").headers["Cache-Control"] == "no-cache"
    assert asgi_get(app, "/client/v0/main.js").status_code == 404
    assert asgi_get(app, "/client/v1/index.html").headers["Cache-Control"] == "no-cache"


def test_the_client_version_changes_with_the_apps_assets(tmp_path):
    web, assets = tmp_path / "web", tmp_path / "assets"
    web.mkdir()
    assets.mkdir()
    (web / "flutter_bootstrap.js").write_text("boot")
    (assets / "font.ttf").write_bytes(b"glyphs")
    first = client_version(web, assets)
    assert client_version(web, assets) == first
    (assets / "font.ttf").write_bytes(b"glyphs, more")
    second = client_version(web, assets)
    assert len({first, second}) == 2
    (assets / "number_fields.js").write_text("let x;")
    assert client_version(web, assets) not in (first, second)


def pinned_base(app_server) -> str:
    with fetch(f"{app_server.url}/") as page:
        return re.search(r'<script src="(/client/\w+/)flutter_bootstrap.js"',
                         page.read().decode())[1]


def test_the_served_start_page_loads_the_apps_scripts_from_the_pinned_address(app_server):
    base = pinned_base(app_server)
    with fetch(f"{app_server.url}/") as page:
        assert (f'<script src="{base}number_fields.js"></script>'
                f'<script src="{base}text_scale.js"></script></head>') in page.read().decode()
    with fetch(f"{app_server.url}{base}number_fields.js") as script:
        assert b'"number-field"' in script.read()
    with fetch(f"{app_server.url}{base}text_scale.js") as script:
        assert b"scorepad-text-scale=" in script.read()


def test_the_served_client_is_kept_under_its_version_and_lists_only_used_fonts(app_server):
    base = pinned_base(app_server)
    with fetch(f"{app_server.url}{base}main.dart.wasm", **{"Accept-Encoding": "gzip"}) as wasm:
        assert wasm.status == 200
        assert wasm.headers["Cache-Control"] == "public, max-age=31536000, immutable"
        assert wasm.headers["Content-Encoding"] == "gzip"
        assert gzip.decompress(wasm.read())[:4] == b"\0asm"
    with fetch(f"{app_server.url}{base}assets/FontManifest.json") as manifest:
        families = {family["family"]: [font["asset"] for font in family["fonts"]]
                    for family in json.load(manifest)}
    assert list(families) == ["DejaVu", "DejaVuMono", "Roboto", "MaterialIcons"]
    # The app's own fonts and the client's icons, cut to what the app draws (font_cuts.py),
    # beside the client's assets/ and kept there.
    cuts = cut_fonts()
    for family, file in [*OWN_FONTS.items(), ("MaterialIcons", "MaterialIcons-Regular.otf")]:
        address = urljoin(f"{app_server.url}{base}assets/", families[family][0])
        assert address == f"{app_server.url}{base}cut/{cuts[file].name}"
        with fetch(address) as font:
            assert font.status == 200
            assert font.headers["Cache-Control"] == "public, max-age=31536000, immutable"
            assert font.read() == cuts[file].read_bytes()
    with fetch(f"{app_server.url}{base}cut/DejaVuSans.ttf") as elsewhere:
        assert elsewhere.status == 404


def test_the_codings_a_browser_accepts_are_read_from_its_header():
    assert accepted_codings("gzip, deflate, br, zstd") == {"gzip", "deflate", "br", "zstd"}
    assert accepted_codings("gzip;q=1.0, br; q=0") == {"gzip"}
    assert accepted_codings("BR;q=0.5") == {"br"}
    assert accepted_codings("") == set()


def brotli_app(folder: Path, copies_folder: Path) -> CompressedStatic:
    return CompressedStatic(StaticFiles(directory=folder), copies=BrotliCopies(copies_folder))


def test_a_browser_that_accepts_brotli_is_sent_brotli_with_its_own_etag(tmp_path):
    (tmp_path / "files").mkdir()
    script = tmp_path / "files" / "small.js"
    script.write_text("let x = 1;\n" * 5000)
    app = brotli_app(tmp_path / "files", tmp_path / "copies")
    answer = asgi_get(app, "/small.js", **{"Accept-Encoding": "gzip, deflate, br, zstd"})
    assert answer.headers["Content-Encoding"] == "br"
    assert answer.text == script.read_text()  # httpx decodes Brotli
    assert "accept-encoding" in answer.headers["Vary"].lower()
    assert int(answer.headers["Content-Length"]) < len(script.read_bytes()) / 20
    brotli_tag = answer.headers["ETag"]
    assert brotli_tag.endswith('-br"')
    gzipped = asgi_get(app, "/small.js", **{"Accept-Encoding": "gzip, br;q=0"})
    assert gzipped.headers["Content-Encoding"] == "gzip"
    assert gzipped.headers["ETag"] == brotli_tag.replace('-br"', '-gzip"')
    plain = asgi_get(app, "/small.js", **{"Accept-Encoding": "identity"})
    assert "content-encoding" not in plain.headers
    assert plain.headers["ETag"] == brotli_tag.replace('-br"', '"')
    again = asgi_get(app, "/small.js", **{"Accept-Encoding": "br", "If-None-Match": brotli_tag})
    assert (again.status_code, again.headers["ETag"]) == (304, brotli_tag)
    # The copy is kept on disk, by the hash of the bytes it stands for.
    assert [path.name for path in (tmp_path / "copies").iterdir()] == [
        f"{hashlib.sha256(script.read_bytes()).hexdigest()}.br"]


def test_a_big_file_is_sent_gzip_until_its_brotli_copy_is_made_then_that_copy(
        tmp_path, monkeypatch):
    (tmp_path / "files").mkdir()
    big = tmp_path / "files" / "big.wasm"
    big.write_bytes(b"".join(b"%d, " % (n * n % 7919) for n in range(AT_ONCE_UP_TO // 3)))
    assert big.stat().st_size > AT_ONCE_UP_TO
    app = brotli_app(tmp_path / "files", tmp_path / "copies")
    first = asgi_get(app, "/big.wasm", **{"Accept-Encoding": "gzip, br"})
    assert first.headers["Content-Encoding"] == "gzip"  # the copy is being made meanwhile
    kept = tmp_path / "copies" / f"{hashlib.sha256(big.read_bytes()).hexdigest()}.br"
    deadline = time.monotonic() + 120
    while not kept.is_file():
        assert time.monotonic() < deadline, "the Brotli copy was never made"
        time.sleep(0.1)
    later = asgi_get(app, "/big.wasm", **{"Accept-Encoding": "gzip, br"})
    assert later.headers["Content-Encoding"] == "br"
    assert later.content == big.read_bytes()
    # A server started later finds the copy kept: it compresses nothing.
    monkeypatch.setattr(brotli, "compress", lambda *args, **kwargs: pytest.fail("compressed"))
    restarted = brotli_app(tmp_path / "files", tmp_path / "copies")
    assert asgi_get(restarted, "/big.wasm", **{"Accept-Encoding": "br"}).headers[
        "Content-Encoding"] == "br"


ANOTHER_MAKER = """
import sys, threading, brotli
from pathlib import Path
from ui.web.brotli_copies import BrotliCopies

compress = brotli.compress

def compressing(body, **options):
    print("compressing", flush=True)
    if sys.argv[2] == "killed":
        threading.Event().wait()  # killed halfway through, as a stopped server's thread is
    threading.Event().wait(0.5)  # a big file's minute, shortened
    return compress(body, **options)

brotli.compress = compressing
BrotliCopies(Path(sys.argv[1])).make(b"scorepad " * 1000)
"""
BODY = b"scorepad " * 1000


def another_maker(folder: Path, how: str) -> subprocess.Popen:
    """Another process making the copy of :data:`BODY` in ``folder``, once it has started."""
    maker = subprocess.Popen([sys.executable, "-c", ANOTHER_MAKER, str(folder), how],
                             cwd=ROOT, stdout=subprocess.PIPE, text=True)
    assert maker.stdout.readline() == "compressing\n"
    return maker


def test_a_copy_another_process_makes_is_not_made_twice_and_one_left_unfinished_is_made(
        tmp_path):
    """A server stopped or killed halfway through a copy (a minute of CPU for the big files)
    lets go of it as it ends: the next server makes it at once, not 15 minutes later."""
    copies = BrotliCopies(tmp_path / "copies")
    maker = another_maker(tmp_path / "copies", "killed")
    try:
        assert copies.make(BODY) is None  # being made: gzip is sent meanwhile
    finally:
        maker.kill()
        maker.wait()
    assert copies.make(BODY) == brotli.compress(BODY, quality=11)
    assert brotli.decompress(copies.path_of(hashlib.sha256(BODY).hexdigest()).read_bytes()) \
        == BODY
    assert [path.suffix for path in (tmp_path / "copies").iterdir()] == [".br"]


def test_bootstrap_waits_for_the_copy_another_process_is_making_and_takes_it(tmp_path,
                                                                          monkeypatch):
    maker = another_maker(tmp_path / "copies", "finishes")
    monkeypatch.setattr(brotli, "compress", lambda *args, **kwargs: pytest.fail("compressed"))
    try:
        made = BrotliCopies(tmp_path / "copies").make(BODY, wait=True)
    finally:
        assert maker.wait(timeout=60) == 0
    assert brotli.decompress(made) == BODY


def test_the_served_client_is_sent_brotli_where_the_browser_accepts_it(app_server):
    url = f"{app_server.url}{pinned_base(app_server)}flutter_bootstrap.js"
    with fetch(url, **{"Accept-Encoding": "identity"}) as plain:
        script = plain.read()
    with fetch(url, **{"Accept-Encoding": "gzip, deflate, br"}) as compressed:
        assert compressed.headers["Content-Encoding"] == "br"
        assert compressed.headers["ETag"].endswith('-br"')
        assert "Accept-Encoding" in compressed.headers["Vary"]
        assert brotli.decompress(compressed.read()) == script
    with fetch(url, **{"Accept-Encoding": "gzip, deflate"}) as compressed:  # LAN http
        assert compressed.headers["Content-Encoding"] == "gzip"
