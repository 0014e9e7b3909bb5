"""The dark theme in headless Chromium: it follows the device's setting, and a device's own
choice (the switch on the home screen) is remembered across a reload, from the loading screen
on."""

from __future__ import annotations

import base64

from app_browser import PHONE, handle, open_app, tap, wait_text

PIXEL = """async ([png, x, y]) => {
    const image = new Image();
    image.src = 'data:image/png;base64,' + png;
    await image.decode();
    const canvas = document.createElement('canvas');
    canvas.width = image.width;
    canvas.height = image.height;
    const context = canvas.getContext('2d');
    context.drawImage(image, 0, 0);
    return Array.from(context.getImageData(x, y, 1, 1).data.slice(0, 3));
}"""


def background(page) -> int:
    """The brightness (0-255) of the page's background, below the last control."""
    png = base64.b64encode(page.screenshot()).decode()
    return max(page.evaluate(PIXEL, [png, 8, PHONE["height"] - 8]))


def wait_background(page, dark: bool, attempts: int = 20) -> int:
    """The background once it is dark (or light): the frame may follow the controls' text."""
    for _ in range(attempts):
        brightness = background(page)
        if (brightness < 60) if dark else (brightness > 200):
            return brightness
    raise AssertionError(f"the background stays at brightness {brightness}")


LOADING_BACKGROUND = """document.addEventListener("DOMContentLoaded", () => {
    window.loadingBackground = getComputedStyle(document.getElementById("loading")).backgroundColor;
});"""
"""Keeps the loading screen's colour as the page is first drawn, long before the client runs."""


def test_the_app_is_dark_on_a_dark_device_and_remembers_a_choice_of_light(app_server,
                                                                          dark_phone):
    dark_phone.add_init_script(LOADING_BACKGROUND)
    open_app(dark_phone, app_server.url + "/")
    assert dark_phone.evaluate("window.loadingBackground") == "rgb(34, 34, 34)"
    wait_text(dark_phone, "theme-switch", "as the device")
    wait_background(dark_phone, dark=True)
    tap(dark_phone, "theme-switch")
    wait_text(dark_phone, "theme-switch", "Theme: dark")
    tap(dark_phone, "theme-switch")
    wait_text(dark_phone, "theme-switch", "Theme: light")
    open_app(dark_phone, app_server.url + "/")
    # Light from the loading screen on, on a device whose system is dark.
    assert dark_phone.evaluate("window.loadingBackground") == "rgb(255, 255, 255)"
    wait_text(dark_phone, "theme-switch", "Theme: light")
    handle(dark_phone, "new-table").wait_for()
    wait_background(dark_phone, dark=False)


def test_a_theme_kept_in_a_form_the_app_never_wrote_is_the_device_s_own(app_server, dark_phone):
    # What a browser extension or an older client might leave under the app's key: not JSON.
    dark_phone.add_init_script('localStorage.setItem("flutter.scorepad.theme", "{not json");'
                               + LOADING_BACKGROUND)
    open_app(dark_phone, app_server.url + "/")
    assert dark_phone.evaluate("window.loadingBackground") == "rgb(34, 34, 34)"
    wait_text(dark_phone, "theme-switch", "as the device")
    handle(dark_phone, "new-table").wait_for()
    wait_background(dark_phone, dark=True)
