"""Light and dark: the app follows the device's setting unless this device chose otherwise (a
switch on the home screen, remembered in the browser's storage, so per device)."""

from __future__ import annotations

import asyncio
import logging

import flet as ft

from scorer.language import Language

from ui.parts.browser_storage import STORAGE_TIMEOUT
from ui.parts.widgets import TOUCH, tap_target

logger = logging.getLogger(__name__)

PREFERENCE = "scorepad.theme"
MODES = {"system": ft.ThemeMode.SYSTEM, "dark": ft.ThemeMode.DARK, "light": ft.ThemeMode.LIGHT}
"""In the order the switch steps through them."""
ICONS = {"system": ft.Icons.BRIGHTNESS_AUTO, "dark": ft.Icons.DARK_MODE,
         "light": ft.Icons.LIGHT_MODE}


def switch_words(words: Language, mode: str) -> str:
    """The switch's name: the mode it shows, and what a tap does."""
    if mode == "dark":
        return words.say("ui.theme.dark", "Theme: dark (tap to change)")
    if mode == "light":
        return words.say("ui.theme.light", "Theme: light (tap to change)")
    return words.say("ui.theme.system", "Theme: as the device (tap to change)")


def next_mode(mode: str) -> str:
    """The mode the switch goes to from ``mode`` (an unknown one starts again at the device's)."""
    names = list(MODES)
    return names[(names.index(mode) + 1) % len(names)] if mode in MODES else "system"


def mode_of(page: ft.Page) -> str:
    return next((name for name, mode in MODES.items() if mode == page.theme_mode), "system")


async def chosen_mode() -> ft.ThemeMode:
    """The mode this device chose with the switch, asked of the browser together with the
    device's token and language (one round trip) so that its first screen is drawn in it: a
    device that chose dark is never drawn light first. Following the device when it chose
    nothing, when its storage holds something else, or when the storage does not answer."""
    try:
        chosen = await asyncio.wait_for(ft.SharedPreferences().get(PREFERENCE), STORAGE_TIMEOUT)
    except (asyncio.TimeoutError, RuntimeError):  # Flet's error for the browser's refusal
        logger.warning("the browser's storage did not answer: its theme follows the device")
        return ft.ThemeMode.SYSTEM
    return MODES.get(chosen, ft.ThemeMode.SYSTEM) if isinstance(chosen, str) else \
        ft.ThemeMode.SYSTEM


def theme_switch(page: ft.Page, words: Language) -> ft.Control:
    """A button stepping through as the device, dark and light; the choice is remembered."""
    mode = mode_of(page)
    icon = ft.Icon(ICONS[mode])

    async def switch(e=None) -> None:
        chosen = next_mode(mode_of(page))
        page.theme_mode = MODES[chosen]
        icon.icon = ICONS[chosen]
        box.content.tooltip = switch_words(words, chosen)
        page.update()
        try:
            await ft.SharedPreferences().set(PREFERENCE, chosen)
        except Exception:  # noqa: BLE001 - the choice holds until the page is reloaded
            logger.warning("cannot save the theme preference", exc_info=True)

    box = tap_target(icon, switch, "theme-switch", width=TOUCH, padding=0,
                     tooltip=switch_words(words, mode))
    return box
