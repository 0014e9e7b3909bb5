"""Serving phones (on loopback): the web client is sent compressed, with ETags and a caching rule
that lets a returning phone reuse what it has (a 304 instead of the file)."""

from __future__ import annotations

import gzip
import urllib.error
import urllib.request


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
