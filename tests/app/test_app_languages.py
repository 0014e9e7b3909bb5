"""The app's languages without a browser: what an address asks for, what Flutter is told, the
switch's words."""

from __future__ import annotations

import asyncio
from datetime import date

import flet as ft
from hypothesis import given
from hypothesis import strategies as st

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


def test_an_editor_says_a_total_in_the_device_language_singular_and_plural(tmp_path):
    from types import SimpleNamespace

    from ui.live.editing import PlayerEditor

    for points, spanish, german in [(1, "Ann: 1 punto, puesto 2", "Ann: 1 Punkt, Platz 2"),
                                    (7, "Ann: 7 puntos, puesto 1", "Ann: 7 Punkte, Platz 1")]:
        result = SimpleNamespace(name="Ann", total=points, rank=1 if points == 7 else 2)
        session = SimpleNamespace(draft={"players": [{"name": "Ann"}]},
                                  result=SimpleNamespace(players=[result]))
        for code, expected in (("es", spanish), ("de", german)):
            editor = PlayerEditor(session, 0)
            editor.words = app_language(code)
            assert editor.total_text() == expected


def test_a_refused_count_and_more_warnings_are_said_in_the_device_language():
    from ui.live.editing import parse_count
    from ui.parts.widgets import WarningBox

    assert parse_count("3.5", "cubos", 9, words=app_language("es")) == (
        None, "3.5 no es un número de cubos: escribe un número entero de 0 a 9.")
    assert parse_count("", "Münzen", 40, words=app_language("de")) == (
        None, "Gib eine Anzahl Münzen ein, eine ganze Zahl von 0 bis 40.")
    more = WarningBox("w", ["a", "b", "c"], app_language("de")).root.content.content.controls[-1]
    assert more.content.content.controls[0].value == "1 weitere Warnung"
    more = WarningBox("w", list("abcdef"), app_language("es")).root.content.content.controls[-1]
    assert more.content.content.controls[0].value == "4 avisos más"


def test_a_refused_save_is_said_in_each_device_language(tmp_path):
    import errno

    from ui.store.storage import NotSaved

    refused = NotSaved(OSError(errno.ENOSPC, "No space left"), tmp_path / "tables.sqlite3")
    assert refused.words(host=False) == ("Not saved: the disk is full (file tables.sqlite3): "
                                         "free some space")
    assert refused.words(host=False, words=app_language("es")) == (
        "No se guardó: el disco está lleno (archivo tables.sqlite3): libera algo de espacio")
    assert refused.words(host=False, words=app_language("de")) == (
        "Nicht gespeichert: die Festplatte ist voll (Datei tables.sqlite3): schaffe etwas Platz")


def test_a_finish_form_refusal_is_said_in_the_device_language():
    from ui.store.finished import FinishForm

    form = FinishForm("31/31/2026", "21:05", language="de")
    assert form.problem(app_language("de")) == (
        "Datum: als 31.01.2026 oder als Jahr-Monat-Tag schreiben, z. B. 2026-01-31 "
        "(nicht „31/31/2026“)")
    assert FinishForm("2026-02-14", "21:05", "x" * 201).problem(app_language("es")) == (
        "Lugar: como mucho 200 letras")


def test_who_deleted_a_table_is_said_in_each_device_language():
    from ui.live.session import deleted_message
    from ui.store.access import person

    host = person(None, [], host=True)
    assert deleted_message(host) == ("The host deleted this table: Undo on their screen, or keep "
                                     "a copy.")
    assert deleted_message(host, app_language("es")) == (
        "El anfitrión borró esta mesa: deshazlo en su pantalla o guarda una copia.")
    assert deleted_message("Bea", app_language("de")) == (
        "Bea hat diesen Tisch gelöscht: auf deren Bildschirm rückgängig machen oder eine Kopie "
        "behalten.")


def test_a_date_is_taken_as_the_device_language_writes_it_and_as_iso():
    """Issue 32, row 7: '2.12.2026' was refused on a German phone."""
    from ui.store.finished import FinishForm

    for typed, code in (("2.12.2026", "de"), ("02.12.26", "de"), ("2/12/2026", "es"),
                        ("12/2/2026", "en"), ("2026-12-02", "de"), ("2026-12-02", "en")):
        assert FinishForm(typed, "21:05", language=code).played().date() == date(2026, 12, 2), \
            (typed, code)
    for typed in ("", "gestern", "40.40.2026", "1.2", "2.12.2026.2026.2026.2026"):
        assert FinishForm(typed, "21:05", language="de").problem() is not None, typed


def test_the_finish_form_shows_the_date_as_the_device_language_writes_it(tmp_path):
    from datetime import datetime

    from pathlib import Path

    from ui.games.registry import APP_GAMES
    from ui.screens.import_model import import_table
    from ui.store.finished import FinishForm
    from ui.store.storage import TableStore

    store = TableStore(tmp_path / "t.sqlite3")
    examples = Path(__file__).resolve().parents[2] / "examples"
    example = (examples / "girasoles" / "rulebook_scoring_example.json").read_text()

    stored = store.get(import_table(example, store, APP_GAMES).table_id)
    evening = datetime(2026, 12, 2, 20, 30).astimezone()
    assert [FinishForm.of(stored, evening, code).day for code in ("de", "es", "en")] == [
        "02.12.2026", "2/12/2026", "12/2/2026"]


@given(st.dates(min_value=date(1000, 1, 1)),
       st.sampled_from(["en", "es", "de", "pseudo"]))
def test_a_date_written_as_the_language_writes_it_reads_back_as_the_same_day(day, code):
    from ui.store.finished import local_date, read_local_date

    assert read_local_date(local_date(day, code), code).date() == day


def test_the_words_a_german_speaking_group_tripped_on_read_as_they_mean():
    """Issue 32, rows 11 and 14: 'Sicherung laden' read as load (download is meant), the photo
    box's '(0; je etwa ein Megabyte…)' was cryptic, and 'Ihre Kombination' (the card's) read as
    the formal 'your' where the app says 'du'."""
    german = app_language("de")
    assert german.say("ui.backup.download", "Download backup") == "Sicherung herunterladen"
    assert german.say("ui.backup.with_photos", "With the tables' photos ({count}; about a "
                      "megabyte each: leave them out for a small file)", count=3) == (
        "Mit den Fotos der Tische (3 Fotos, je etwa 1 MB; ohne die Fotos bleibt die Datei klein)")
    assert german.say("ui.sv.picker.asks", "Its combination asks for:") == (
        "Die Kombination dieser Karte verlangt:")


def test_the_words_a_spanish_speaking_newcomer_tripped_on_read_as_they_mean():
    """Issue 32's Spanish walk: 'Fotografía valle de Ana ahora y pásalo después' (no article,
    and 'pásalo' reads as 'pass it on'), '1 foto de valle de Ana', and 'Copia' for the backup
    (it reads as 'copy')."""
    spanish = app_language("es")
    whose = spanish.say("ui.photos.whose_part", "{player}'s {part}", player="Ana", part="valle")
    assert spanish.say("ui.photos.photograph_now", "Photograph {whose} now, enter it later",
                       whose=whose) == "Haz ahora una foto (valle de Ana) y anótalo después"
    assert spanish.say_n("ui.photos.count", "{count} photo of {whose}",
                         "{count} photos of {whose}", 2, whose=whose) == "2 fotos (valle de Ana)"
    assert spanish.say("ui.after_game.backup", "Backup") == "Copia de seguridad"
