"""The app's languages without a browser: what an address asks for, what Flutter is told, the
switch's words."""

from __future__ import annotations

import asyncio

import flet as ft

from ui.parts.words import app_language, language_switch, locale_configuration
from ui.web.device_language import asked_in_address


def test_an_address_may_ask_for_a_language_or_the_pseudo_language():
    assert asked_in_address("/?lang=de") == "de"
    assert asked_in_address("/table/3/scorepad?lang=pseudo") == "pseudo"
    assert asked_in_address("/?lang=fr") is None
    assert asked_in_address("/") is None
    assert asked_in_address("") is None


def test_flutter_is_told_the_offered_languages_and_the_device_one():
    german = locale_configuration("de")
    assert [locale.language_code for locale in german.supported_locales] == ["en", "es", "de"]
    assert german.current_locale == ft.Locale("de")
    assert locale_configuration("pseudo").current_locale == ft.Locale("en")


def test_the_switch_is_named_in_the_language_read_and_offers_each_named_in_itself():
    chosen = []

    async def choose(code):
        chosen.append(code)

    switch = language_switch(app_language("es"), choose)
    menu = switch.content
    assert menu.tooltip == "Idioma: Español (toca para cambiar)"
    assert [(item.content.value, item.checked) for item in menu.items] == [
        ("English", False), ("Español", True), ("Deutsch", False)]
    asyncio.run(menu.items[2].on_click(None))
    assert chosen == ["de"]
