"""The server answers only to its own names and its own pages, in the default mode, with --lan
and with --public (DNS rebinding, cross-site websockets), sends no wildcard CORS header and sets protective
headers. All traffic goes to 127.0.0.1; other names are only written in the Host header."""

from __future__ import annotations

import socket

import pytest

from app_browser import AppServer, free_port

WEBSOCKET_KEY = "dGhlIHNhbXBsZSBub25jZQ=="


PUBLIC = "scores.example.org"
"""The public address of the public-mode server (only ever written in the Host header)."""


@pytest.fixture(scope="module", params=[(), ("--lan",), ("--public", f"https://{PUBLIC}")],
                ids=["default", "lan", "public"])
def server(request, tmp_path_factory):
    folder = tmp_path_factory.mktemp("guard")
    app = AppServer(folder / "tables.sqlite3", free_port(), request.param)
    app.start()
    yield app
    app.stop()


def exchange(port: int, lines: list[str]) -> tuple[int, dict[str, str]]:
    """Send a raw request to 127.0.0.1; the answer's status and headers (names in lower case)."""
    with socket.create_connection(("127.0.0.1", port), timeout=30) as sock:
        sock.sendall(("\r\n".join(lines) + "\r\n\r\n").encode("latin-1"))
        answer = b""
        while b"\r\n\r\n" not in answer:
            chunk = sock.recv(4096)
            if not chunk:
                break
            answer += chunk
    head = answer.split(b"\r\n\r\n")[0].decode("latin-1").split("\r\n")
    headers = {}
    for line in head[1:]:
        name, _, value = line.partition(":")
        headers[name.strip().lower()] = value.strip()
    return int(head[0].split()[1]), headers


def get(port: int, host: str, path: str = "/") -> tuple[int, dict[str, str]]:
    return exchange(port, [f"GET {path} HTTP/1.1", f"Host: {host}", "Connection: close"])


def websocket(port: int, host: str, origin: str | None) -> int:
    lines = ["GET /ws HTTP/1.1", f"Host: {host}", "Upgrade: websocket", "Connection: Upgrade",
             f"Sec-WebSocket-Key: {WEBSOCKET_KEY}", "Sec-WebSocket-Version: 13"]
    if origin is not None:
        lines.append(f"Origin: {origin}")
    return exchange(port, lines)[0]


@pytest.mark.parametrize("host", ["evil.example", "evil.example:{port}", "127.0.0.1.evil.example",
                                  "127.0.0.1:1", ""])
def test_a_foreign_host_name_is_refused(server, host):
    status, _ = get(server.port, host.format(port=server.port))
    assert status == 421


@pytest.mark.parametrize("host", ["127.0.0.1:{port}", "localhost:{port}", "[::1]:{port}"])
def test_own_names_are_served_with_protective_headers_and_no_wildcard_cors(server, host):
    status, headers = get(server.port, host.format(port=server.port))
    assert status == 200
    assert "access-control-allow-origin" not in headers
    assert headers["x-frame-options"] == "DENY"
    assert headers["content-security-policy"] == (
        "frame-ancestors 'none'; "
        "script-src 'self' 'unsafe-inline' 'unsafe-eval' 'wasm-unsafe-eval' blob:")
    assert headers["x-content-type-options"] == "nosniff"
    assert headers["referrer-policy"] == "no-referrer"


def test_static_files_have_no_wildcard_cors_either(server):
    status, headers = get(server.port, f"127.0.0.1:{server.port}", "/main.dart.js")
    assert status == 200
    assert "access-control-allow-origin" not in headers
    assert headers["x-content-type-options"] == "nosniff"


@pytest.mark.parametrize("origin", ["http://evil.example", "http://evil.example:{port}", None,
                                    "null", "http://localhost:{port}", "https://127.0.0.1:{port}"])
def test_a_websocket_from_another_origin_is_refused(server, origin):
    origin = origin.format(port=server.port) if origin else origin
    assert websocket(server.port, f"127.0.0.1:{server.port}", origin) == 403


def test_a_websocket_with_a_foreign_host_is_refused_even_from_its_own_origin(server):
    assert websocket(server.port, "evil.example", "http://evil.example") == 403


@pytest.mark.parametrize("host", ["127.0.0.1:{port}", "localhost:{port}"])
def test_a_websocket_from_the_app_s_own_page_is_accepted(server, host):
    host = host.format(port=server.port)
    assert websocket(server.port, host, f"http://{host}") == 101


def test_with_lan_the_computer_s_own_name_is_served(server):
    status, _ = get(server.port, f"{socket.gethostname()}:{server.port}")
    assert status == (200 if "--lan" in server.options else 421)


@pytest.mark.parametrize("path", ["/docs", "/docs/", "/redoc", "/openapi.json",
                                  "/docs/oauth2-redirect"])
def test_fastapi_s_api_pages_are_not_found(server, path):
    status, headers = get(server.port, f"127.0.0.1:{server.port}", path)
    assert status == 404
    assert headers["x-frame-options"] == "DENY"


def test_the_public_address_is_served_only_in_the_public_mode(server):
    status, _ = get(server.port, PUBLIC)
    assert status == (200 if "--public" in server.options else 421)


def test_a_public_page_s_websocket_has_the_public_https_origin(server):
    public = "--public" in server.options
    assert websocket(server.port, PUBLIC, f"https://{PUBLIC}") == (101 if public else 403)
    assert websocket(server.port, PUBLIC, f"http://{PUBLIC}") == 403
    assert websocket(server.port, PUBLIC, "https://evil.example") == 403


def test_a_public_server_takes_no_host_key_off_the_address(server):
    status, headers = get(server.port, f"127.0.0.1:{server.port}", "/?key=anything")
    if "--public" in server.options:
        assert status == 200 and "scorepad-host-key" not in headers.get("set-cookie", "")
    else:
        assert status == 303 and headers["location"] == "/"
