"""The renderer the app's pages run (ui/web/renderer.py): single-threaded skwasm by default, the
others on request, and the facts of Flet's client that choice rests on. When a Flet update
changes one of them, a test here fails and says what to look at again
(docs/decisions/web-renderer.md)."""

from __future__ import annotations

import asyncio
import json
import re
from pathlib import Path

import httpx
import pytest

from ui.web.renderer import (
    DEFAULT_RENDERER, ISOLATING_HEADER, RENDERERS, UnknownRenderer, chosen_renderer,
)
from ui.web.server import build_asgi_app

FLET_WEB = Path(__import__("flet_web").__file__).parent / "web"
ENGINE_REVISION = "0cd610717bde95fd88343c64f81c11ba4e5c0010"
"""The Flutter engine of flet-web 1.0.5 (Flutter 3.44.8): without flutter/flutter#190048 (one
text cache per thread), so its multi-threaded skwasm may freeze a page."""


def headers_of(path: str, tmp_path, renderer: str = DEFAULT_RENDERER) -> httpx.Headers:
    app, _store = build_asgi_app(tmp_path / "tables.sqlite3", 8550, renderer=renderer)

    async def get() -> httpx.Response:
        async with httpx.AsyncClient(transport=httpx.ASGITransport(app=app),
                                     base_url="http://127.0.0.1:8550") as client:
            return await client.get(path)

    answer = asyncio.run(get())
    assert answer.status_code == 200
    return answer.headers


def test_the_default_is_single_threaded_skwasm_and_a_wrong_name_is_told():
    assert chosen_renderer({}) == DEFAULT_RENDERER == "skwasm"
    assert chosen_renderer({"SCOREPAD_WEB_RENDERER": " CanvasKit "}) == "canvaskit"
    with pytest.raises(UnknownRenderer, match="'webgl' is not a renderer: use one of skwasm, "
                                              "skwasm-threads, canvaskit"):
        chosen_renderer({"SCOREPAD_WEB_RENDERER": "webgl"})


@pytest.mark.parametrize("path", ["/", "/table/3", "/flutter_bootstrap.js"])
def test_no_page_or_file_is_cross_origin_isolated_by_default(path, tmp_path):
    headers = headers_of(path, tmp_path)
    assert ISOLATING_HEADER not in headers
    assert headers["cross-origin-opener-policy"] == "same-origin"


def test_multi_threaded_skwasm_keeps_flets_isolation(tmp_path):
    headers = headers_of("/", tmp_path, renderer="skwasm-threads")
    assert headers[ISOLATING_HEADER] == "require-corp"


def test_canvaskit_is_asked_for_by_the_start_page(tmp_path):
    app, _store = build_asgi_app(tmp_path / "tables.sqlite3", 8550, renderer="canvaskit")

    async def page() -> str:
        async with httpx.AsyncClient(transport=httpx.ASGITransport(app=app),
                                     base_url="http://127.0.0.1:8550") as client:
            return (await client.get("/")).text

    assert 'flet.webRenderer="canvaskit"' in asyncio.run(page())
    assert set(RENDERERS) == {"skwasm", "skwasm-threads", "canvaskit"}


def test_flets_client_draws_skwasm_on_one_thread_exactly_when_not_isolated():
    """Flutter's loader: skwasm's raster worker only in a cross-origin isolated page, and the
    wasm build (skwasm) before the JavaScript one (CanvasKit)."""
    loader = (FLET_WEB / "flutter.js").read_text()
    single = re.search(r"skwasmSingleThreaded:([^,]+),", loader)
    assert single and "!n.crossOriginIsolated" in single.group(1).split("||"), (
        "Flutter's loader changed how it chooses single-threaded skwasm: check that the page "
        "still draws on one thread (docs/decisions/web-renderer.md)")
    builds = json.loads(re.search(r'"builds":(\[.*?\])', (FLET_WEB / "flutter_bootstrap.js")
                                  .read_text()).group(1))
    assert [(build["compileTarget"], build["renderer"]) for build in builds] == [
        ("dart2wasm", "skwasm"), ("dart2js", "canvaskit")]


def test_flet_still_sends_the_isolation_and_has_the_engine_without_the_fix():
    """When this fails, Flet changed: a new engine may carry flutter/flutter#190048 (then
    measure ``SCOREPAD_WEB_RENDERER=skwasm-threads`` with benchmarks/renderers.py and decide
    again), or Flet stopped isolating its pages (then ui/web/renderer.NotIsolated has nothing to
    do)."""
    source = (FLET_WEB.parent / "fastapi" / "app.py").read_text()
    assert '"Cross-Origin-Embedder-Policy"] = "require-corp"' in source
    assert f'"engineRevision":"{ENGINE_REVISION}"' in (FLET_WEB / "flutter_bootstrap.js").read_text()


RIVE_FROM_A_CDN = b"https://cdn.jsdelivr.net/npm/@rive-app/flutter-native-wasm@"


@pytest.mark.parametrize("build", ["main.dart.wasm", "main.dart.js"])
def test_the_client_still_adds_rives_script_from_a_cdn(build):
    """ui/web/assets/same_origin.js keeps that script out of the page; once the client stops
    adding it, the script has nothing to do."""
    assert RIVE_FROM_A_CDN in (FLET_WEB / build).read_bytes()
