"""The fonts a phone is sent, cut to what the app draws (ui/web/font_cuts.py): every icon the
app names is in the icon font's cut and an icon it never names is not; the text fonts keep Latin
script and the UI's symbols and leave other scripts to the fallback fonts."""

from __future__ import annotations

import re

import flet as ft
import pytest
from fontTools.ttLib import TTFont

from ui.web import font_cuts
from ui.web.font_cuts import (
    FRAMEWORK_ICONS, UI, cut, cut_fonts, icon_code_points, icon_font, text_code_points,
    used_icons,
)


@pytest.fixture(scope="module")
def cuts():
    return cut_fonts()


def code_points(path) -> set[int]:
    return set(TTFont(path).getBestCmap())


def test_every_icon_the_app_names_is_in_the_icon_fonts_cut_and_no_other(cuts):
    used = used_icons()
    assert {"CLOSE", "ADD", "UNDO", "LOCAL_FLORIST", "QR_CODE_2"} <= used
    assert set(FRAMEWORK_ICONS) <= used
    kept = code_points(cuts["MaterialIcons-Regular.otf"])
    points = icon_code_points(used)
    assert not {name for name, point in points.items() if point not in kept}
    # Icons the app never shows, and the other styles of one it does.
    never = icon_code_points({"ALARM", "ABC", "ADD_OUTLINED", "CLOSE_SHARP"})
    assert not set(never.values()) & kept
    assert len(kept) <= len(set(points.values())) + 1  # the icons and a space
    assert len(code_points(icon_font())) > 8000


def test_the_icons_code_points_are_flutters():
    # Flutter's Icons.add and Icons.home, and Icons.copy, the same glyph as content_copy.
    points = icon_code_points({"ADD", "HOME", "COPY", "CONTENT_COPY"})
    assert points == {"ADD": 0xE047, "HOME": 0xE318, "COPY": 0xE190, "CONTENT_COPY": 0xE190}


def test_an_unknown_icon_is_told_in_words():
    with pytest.raises(ValueError, match=r"ft\.Icons\.NO_SUCH_ICON is not a Material icon"):
        icon_code_points({"NO_SUCH_ICON"})


def test_ui_names_icons_only_in_the_form_the_cut_finds():
    """An icon named any other way (a string, getattr) would be left out of the cut and drawn
    as nothing: ui/'s code names ``ft.Icons`` only as ``ft.Icons.NAME`` (and the type
    ``ft.IconData``)."""
    elsewhere = {}
    for path in UI.rglob("*.py"):
        if path.name == "font_cuts.py":
            continue
        text = path.read_text(encoding="utf-8")
        other = [match.group(0) for match in re.finditer(r"\bIcons\b(?!\.[A-Z])", text)]
        if other:
            elsewhere[str(path.relative_to(UI))] = other
    assert elsewhere == {}
    assert all(isinstance(getattr(ft.Icons, name), ft.IconData) for name in used_icons())


def test_the_text_fonts_keep_latin_and_the_uis_symbols_and_leave_other_scripts(cuts):
    for source in ("DejaVuSans.ttf", "DejaVuSansMono.ttf"):
        kept = code_points(cuts[source])
        whole = code_points(font_cuts.ASSETS / source)
        assert kept == whole & text_code_points()
        assert {ord(char) for char in "Zoë Ångström Łukasz Şahin “x” – …"} <= kept
        assert not {ord(char) for char in "ΔημήτρηςДмитрийسارة"} & kept
    sans = code_points(cuts["DejaVuSans.ttf"])
    assert {ord(char) for char in "★☺✓↓−Nguyễn"} <= sans  # the UI's symbols, Vietnamese


def test_a_cut_is_made_once_and_kept(tmp_path):
    made = []
    source = font_cuts.ASSETS / "DejaVuSansMono.ttf"

    def points() -> set[int]:
        made.append(1)
        return set(range(0x20, 0x7F))

    first = cut(source, points, "ascii", tmp_path)
    assert cut(source, points, "ascii", tmp_path) == first
    assert made == [1]
    assert first.read_bytes()[:4] == b"wOF2"
    assert first.stat().st_size < source.stat().st_size / 10
    assert cut(source, points, "ascii, other", tmp_path) != first  # another recipe, another file
    assert [path.name for path in tmp_path.iterdir() if path.suffix != ".woff2"] == []
