"""Fixtures for the app's browser tests: the app server on a free port (started and stopped by its
process id) and headless Debian Chromium driven by Playwright."""

from __future__ import annotations

import tempfile
from contextlib import contextmanager
from pathlib import Path

import pytest

from app_browser import CHROMIUM, CHROMIUM_ARGS, PHONE, TABLET_TALL, devices, free_port, served
from frozen_pages import FrozenPageWatch


@pytest.fixture(scope="module")
def app_server(tmp_path_factory):
    with served(tmp_path_factory.mktemp("app")) as server:
        yield server


@pytest.fixture(scope="module")
def browser():
    if not Path(CHROMIUM).exists():
        pytest.fail(f"Chromium is needed for the browser tests ({CHROMIUM}): script/test installs "
                    "it as root, or apt-get install -y chromium fonts-dejavu-core libatomic1")
    from playwright.sync_api import sync_playwright

    devtools_port = free_port()
    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(
            executable_path=CHROMIUM,
            args=[*CHROMIUM_ARGS, f"--remote-debugging-port={devtools_port}"])
        with FrozenPageWatch(devtools_port):
            yield browser
        browser.close()


SERVER_LOG_LINES = 40


@pytest.hookimpl(hookwrapper=True)
def pytest_runtest_makereport(item, call):
    """When a browser test fails, keep a picture of every open page and say where it is, and
    show the end of the app server's log."""
    outcome = yield
    report = outcome.get_result()
    browser = item.funcargs.get("browser") if hasattr(item, "funcargs") else None
    if report.when != "call" or not report.failed or browser is None:
        return
    folder = Path(tempfile.mkdtemp(prefix="scorepad-failure-"))
    pictures = []
    for number, page in enumerate(page for context in browser.contexts
                                  for page in context.pages):
        path = folder / f"{item.name}-{number}.png"
        try:
            page.screenshot(path=str(path))
            pictures.append(f"{path} ({page.url})")
        except Exception as error:  # noqa: BLE001 - a closed page has no picture
            pictures.append(f"no picture of {page.url}: {error}")
    report.sections.append(("browser pages at the failure", "\n".join(pictures)))
    server = item.funcargs.get("app_server")
    if server is not None and server.log.exists():
        tail = server.log.read_text(errors="replace").splitlines()[-SERVER_LOG_LINES:]
        report.sections.append(("the app server's last lines", "\n".join(tail)))


@contextmanager
def page_of(browser, **options):
    """A page in a browser context of its own (a device), closed at the end."""
    context = browser.new_context(**options)
    try:
        yield context.new_page()
    finally:
        context.close()


@pytest.fixture()
def phone(browser):
    with page_of(browser, viewport=PHONE) as page:
        yield page


@pytest.fixture()
def phones(browser):
    """Makes phones on call, each a device of its own (a browser context)."""
    with devices(browser, PHONE) as new_page:
        yield new_page


@pytest.fixture()
def dark_phone(browser):
    """A phone set to the dark theme."""
    with page_of(browser, viewport=PHONE, color_scheme="dark") as page:
        yield page


@pytest.fixture()
def tall_page(browser):
    context = browser.new_context(viewport=TABLET_TALL, accept_downloads=True)
    page = context.new_page()
    yield page
    context.close()
