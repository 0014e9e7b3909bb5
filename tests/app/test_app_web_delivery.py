"""Serving phones (on loopback): the web client is sent compressed, with ETags and a caching rule
that lets a returning phone reuse what it has (a 304 instead of the file)."""

from __future__ import annotations

import asyncio
import gzip
import os
import urllib.error
import urllib.request

import httpx
from starlette.staticfiles import StaticFiles

from ui.web.web_delivery import CompressedStatic, PageScripts


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


def test_the_start_page_loads_the_apps_scripts_and_nothing_else_changes(tmp_path):
    (tmp_path / "index.html").write_text("<html><head><title>t</title></head><body></body></html>")
    (tmp_path / "main.js").write_text("let page = '</head>';")
    app = PageScripts(StaticFiles(directory=tmp_path, html=True), ("a.js", "b.js"))

    async def get(path: str) -> httpx.Response:
        async with httpx.AsyncClient(transport=httpx.ASGITransport(app=app),
                                     base_url="http://127.0.0.1") as client:
            return await client.get(path)

    page = asyncio.run(get("/"))
    assert page.text == ('<html><head><title>t</title><script src="a.js"></script>'
                         '<script src="b.js"></script></head><body></body></html>')
    assert page.headers["Content-Length"] == str(len(page.content))
    assert asyncio.run(get("/main.js")).text == "let page = '</head>';"


def test_the_served_start_page_loads_the_number_field_script(app_server):
    with fetch(f"{app_server.url}/") as page:
        assert '<script src="number_fields.js"></script></head>' in page.read().decode()
    with fetch(f"{app_server.url}/number_fields.js") as script:
        assert b'"number-field"' in script.read()
