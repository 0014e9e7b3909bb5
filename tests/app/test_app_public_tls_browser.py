"""The public mode behind a real TLS proxy (issue 35): Debian's Caddy, with the site block of
docs/deploy/Caddyfile and its own certificate authority (``tls internal``), in front of
``scorepad app --public https://scores.example.org:PORT``; Chromium reaches the name through a
host-resolver rule and trusts Caddy's authority by its keys. Two phones that never saw a host key
make, join and edit one table through https, one sends a photo, a third device sees nothing, and
the security headers reach the browser as the proxy sends them. Everything stays on 127.0.0.1."""

from __future__ import annotations

import base64
import hashlib
import http.client
import os
import re
import shutil
import socket
import ssl
import subprocess
import time
from pathlib import Path

import pytest

from app_browser import (CHROMIUM, CHROMIUM_ARGS, PHONE, ROOT, AppServer, devices, free_port,
                         handle, open_app, tap, tap_until, wait_text)
from test_app_browser import create_table
from test_app_live_table_browser import refused
from test_app_photos_browser import choose_file, phone_photo_with_gps

NAME = "scores.example.org"
CADDY = shutil.which("caddy") or "/usr/bin/caddy"
CADDYFILE = ROOT / "docs" / "deploy" / "Caddyfile"
START_SECONDS = 60


def caddyfile_for_test(https_port: int, app_port: int, storage: Path) -> str:
    """docs/deploy/Caddyfile as this test runs it: its own ports on 127.0.0.1, no admin
    endpoint, its data in ``storage``, Caddy's internal authority instead of a public one."""
    text = CADDYFILE.read_text()
    text = text.replace("{\n\tservers", "{\n\tadmin off\n\tskip_install_trust\n"
                        f"\thttp_port {free_port()}\n\thttps_port {https_port}\n"
                        f"\tstorage file_system {{\n\t\troot {storage}\n\t}}\n\tservers", 1)
    text = text.replace(f"{NAME} {{", f"{NAME}:{https_port} {{\n\tbind 127.0.0.1\n\ttls internal",
                        1)
    assert "reverse_proxy 127.0.0.1:8550" in text
    return text.replace("reverse_proxy 127.0.0.1:8550", f"reverse_proxy 127.0.0.1:{app_port}")


def spki_hash(certificate: Path) -> str:
    """The base64 SHA-256 of a certificate's public key, as Chromium's
    ``--ignore-certificate-errors-spki-list`` names a trusted key."""
    public_key = subprocess.run(["openssl", "x509", "-in", str(certificate), "-pubkey", "-noout"],
                                capture_output=True, check=True).stdout
    der = subprocess.run(["openssl", "pkey", "-pubin", "-outform", "der"], input=public_key,
                         capture_output=True, check=True).stdout
    return base64.b64encode(hashlib.sha256(der).digest()).decode()


def https_get(port: int, path: str = "/") -> http.client.HTTPResponse:
    """GET through Caddy, by name (SNI and Host), trusting its internal authority only for this
    one request."""
    context = ssl.create_default_context()
    context.check_hostname = False
    context.verify_mode = ssl.CERT_NONE
    sock = socket.create_connection(("127.0.0.1", port), timeout=30)
    connection = http.client.HTTPSConnection(NAME, port, context=context, timeout=30)
    connection.sock = context.wrap_socket(sock, server_hostname=NAME)
    connection.request("GET", path, headers={"Host": f"{NAME}:{port}"})
    return connection.getresponse()


@pytest.fixture(scope="module")
def public_site(tmp_path_factory):
    if not Path(CADDY).exists():
        pytest.fail(f"Caddy is needed for this test ({CADDY}): script/test installs it as root, "
                    "or apt-get install -y caddy")
    folder = tmp_path_factory.mktemp("public-tls")
    app_port, https_port = free_port(), free_port()
    url = f"https://{NAME}:{https_port}"
    app = AppServer(folder / "tables.sqlite3", app_port, ("--public", url))
    app.start()
    storage = folder / "caddy"
    (folder / "Caddyfile").write_text(caddyfile_for_test(https_port, app_port, storage))
    home = folder / "home"
    home.mkdir()
    env = {**os.environ, "HOME": str(home), "XDG_DATA_HOME": str(home / "data"),
           "XDG_CONFIG_HOME": str(home / "config")}
    log = open(folder / "caddy.log", "wb")
    caddy = subprocess.Popen([CADDY, "run", "--config", str(folder / "Caddyfile"), "--adapter",
                              "caddyfile"], env=env, stdout=log, stderr=subprocess.STDOUT)
    try:
        deadline = time.monotonic() + START_SECONDS
        while True:
            assert caddy.poll() is None, (folder / "caddy.log").read_text()
            try:
                if https_get(https_port).status == 200:
                    break
            except (OSError, ssl.SSLError, http.client.HTTPException):
                pass
            assert time.monotonic() < deadline, (folder / "caddy.log").read_text()
            time.sleep(0.3)
        authority = storage / "pki" / "authorities" / "local"
        keys = [spki_hash(authority / name) for name in ("root.crt", "intermediate.crt")]
        yield {"url": url, "port": https_port, "keys": keys, "app": app}
    finally:
        caddy.terminate()
        caddy.wait(timeout=20)
        log.close()
        app.stop()


@pytest.fixture(scope="module")
def tls_browser(public_site):
    """Chromium that resolves the public name to 127.0.0.1 and trusts Caddy's authority (by its
    keys, not by ignoring every certificate error)."""
    from playwright.sync_api import sync_playwright

    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=CHROMIUM, args=[
            *CHROMIUM_ARGS, f"--host-resolver-rules=MAP {NAME} 127.0.0.1",
            "--ignore-certificate-errors-spki-list=" + ",".join(public_site["keys"])])
        yield browser
        browser.close()


def test_the_proxy_sends_the_app_s_security_headers_and_its_own(public_site):
    answer = https_get(public_site["port"])
    headers = {name.lower(): value for name, value in answer.getheaders()}
    assert answer.status == 200
    assert headers["strict-transport-security"] == "max-age=31536000"
    assert headers["x-frame-options"] == "DENY"
    assert headers["content-security-policy"].startswith("frame-ancestors 'none'; script-src")
    assert headers["x-content-type-options"] == "nosniff"
    assert "access-control-allow-origin" not in headers
    assert "key=" not in public_site["app"].log.read_text()  # no host key was printed


def test_two_phones_make_join_and_edit_a_table_through_https_and_a_third_sees_nothing(
        public_site, tls_browser):
    url = public_site["url"]
    with devices(tls_browser, PHONE) as phone:
        ann, bob, stranger = phone(), phone(), phone()
        create_table(ann, url, ("Ann", "Bob"))
        assert ann.url.startswith(url + "/table/")
        assert ann.evaluate("window.isSecureContext")
        table_id = int(re.search(r"/table/(\d+)/", ann.url).group(1))
        tap_until(ann, "table-invite", "invite-link", r"/join/")
        link = wait_text(ann, "invite-link", rf"^{re.escape(url)}/join/[\w-]{{16,}}$")
        handle(ann, "invite-qr").wait_for()
        tap(ann, "invite-close")

        open_app(bob, link, as_host=False)
        tap_until(bob, "join-player-1", "player-total", "^Bob:")
        # A live edit: Bob lays a Field beside his Starting Town; Ann's scorepad follows.
        tap_until(bob, "palette-field", "editor-message", "^Tap a place to lay a Field")
        tap_until(bob, "cell-1-0", "card-count", r"^1 of 18 Valley cards")
        tap_until(ann, "tab-scorepad", "total-1", r"^\d+$")
        tap_until(ann, "tab-player-1", "card-count", r"^1 of 18 Valley cards")

        # A photo through the proxy, kept as the app keeps any.
        choose_file(bob, "valley.jpg", "image/jpeg", phone_photo_with_gps())
        wait_text(bob, "photo-status", r"^Photo kept \(900 × 1200\)")

        refused(stranger, f"{url}/table/{table_id}/valley/1", table_id)
        open_app(stranger, url + "/", as_host=False)
        assert handle(stranger, f"open-table-{table_id}").count() == 0
