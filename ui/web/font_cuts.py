"""The fonts a phone is sent at its first visit, cut to the characters the app draws with them.

The client loads every font of its list before it draws anything, so each byte of them is a byte
before the first control. Flutter's Material icon font has all 8,600 icons (1.26 MB; a Flutter
app built with ``flutter build`` is cut to its icons, Flet's client cannot know which icons a
Python app will name); the app shows a few dozen. DejaVu Sans covers Latin, Greek, Cyrillic,
Arabic, Hebrew and many symbols (0.76 MB, the monospace one 0.34 MB); the app's screens are in
Latin script, and a name in any other script is drawn with the Noto fallback fonts Flutter
fetches for the characters its fonts lack (ui/web/fallback_fonts.py): a Greek or Cyrillic name
costs a Noto font once, a table of Latin names costs nothing more.

So each is cut (fontTools' subsetter) to:

- the icon font: every ``ft.Icons.NAME`` found in ui/'s code (:func:`used_icons`) and the icons
  Flutter's and Flet's own controls draw (:data:`FRAMEWORK_ICONS`), by their code point in the
  client (:func:`icon_code_points`, read from its ``main.dart.js``);
- DejaVu Sans and Sans Mono: Latin script with its accents, punctuation, currency, arrows and
  number signs (:data:`LATIN_RANGES`), and every other symbol ui/'s code and catalogues write
  (★, ☺, ✓: :func:`ui_symbols`).

Each cut is written once, as woff2, into :data:`BUILT` (not in git) under a name that holds the
hash of what it was made from (:func:`cut_fonts`); the app's font list names those files. A
server start finds them there; only a change of font, icon, recipe or client makes one anew
(a second or two each).
"""

from __future__ import annotations

import hashlib
import io
import os
import re
import unicodedata
from collections.abc import Callable
from pathlib import Path

UI = Path(__file__).resolve().parents[1]
ASSETS = Path(__file__).resolve().parent / "assets"
BUILT = Path(__file__).resolve().parent / "built" / "fonts"
"""Where the cuts are kept (gitignored), each under a name with its recipe's hash."""

RECIPE = "1"
"""Part of every cut's hash: change it when the way of cutting changes."""

ICON_NAME = re.compile(r"\bft\.Icons\.([A-Z][A-Z0-9_]*)\b")
"""How ui/'s code names an icon (``ft.Icons.CLOSE``)."""

FRAMEWORK_ICONS = (
    "ARROW_BACK", "ARROW_BACK_IOS", "ARROW_BACK_IOS_NEW", "ARROW_FORWARD", "ARROW_DROP_DOWN",
    "ARROW_UPWARD", "ARROW_DOWNWARD", "CLOSE", "CANCEL", "CHECK", "MORE_VERT", "MORE_HORIZ",
    "MENU", "EXPAND_MORE", "EXPAND_LESS", "CHEVRON_LEFT", "CHEVRON_RIGHT", "KEYBOARD_ARROW_DOWN",
    "KEYBOARD_ARROW_UP", "ERROR", "ERROR_OUTLINE", "VISIBILITY", "VISIBILITY_OFF", "CLEAR",
    "SEARCH", "EDIT", "CALENDAR_TODAY", "ACCESS_TIME", "KEYBOARD", "DRAG_HANDLE", "INFO_OUTLINE",
)
"""Icons Flutter's and Flet's own controls draw without the app naming them: the back and close
buttons, a popup menu's dots, a data table's sort arrows, a snack bar's close, a dropdown's
arrow, a text field's clear and visibility, the pickers' chevrons and modes."""

LATIN_RANGES = (
    (0x0020, 0x036F),  # Basic Latin to Combining Diacritical Marks (Latin-1, Extended-A/B, IPA)
    (0x1E00, 0x1EFF),  # Latin Extended Additional (Vietnamese, Welsh)
    (0x2000, 0x206F),  # General Punctuation (dashes, quotes, ellipsis, spaces)
    (0x20A0, 0x20CF),  # Currency Symbols
    (0x2100, 0x218F),  # Letterlike Symbols, Number Forms
    (0x2190, 0x21FF),  # Arrows
    (0x2212, 0x2212),  # minus sign
    (0xFFFD, 0xFFFD),  # replacement character
)
"""The characters of a Latin-script screen and of names written in it."""

TEXT_FONTS = (ASSETS / "DejaVuSans.ttf", ASSETS / "DejaVuSansMono.ttf")
"""The app's own fonts (ui/web/web_delivery.py's ``OWN_FONTS`` names them by family)."""


def used_icons(folder: Path = UI) -> set[str]:
    """The names of every icon ui/'s code names (``ft.Icons.<name>``), and
    :data:`FRAMEWORK_ICONS`."""
    found = set(FRAMEWORK_ICONS)
    for path in folder.rglob("*.py"):
        if path.resolve() == Path(__file__).resolve():
            continue  # its docstrings name icons as examples
        found.update(ICON_NAME.findall(path.read_text(encoding="utf-8")))
    return found


def client_main_js() -> Path:
    from flet_web import get_package_web_dir

    return Path(get_package_web_dir()) / "main.dart.js"


def icon_font() -> Path:
    from flet_web import get_package_web_dir

    return Path(get_package_web_dir()) / "assets" / "fonts" / "MaterialIcons-Regular.otf"


def icon_code_points(names: set[str], main_js: Path | None = None) -> dict[str, int]:
    """Each of ``names`` (``ft.Icons`` names) with its code point in the Material icon font.

    Flet sends an icon as its index in the client's list of Material icons (``ft.Icons.ADD`` is
    ``0x10000 | 68``: set 1, the 69th); the client's ``main.dart.js`` holds that list (an array
    of 8,825 constants) and each constant (``new A.a(57415,"MaterialIcons",null,!1)``). Raises
    ValueError when the client is not in that form, or a name is not an icon."""
    import flet as ft

    code = (main_js or client_main_js()).read_text(encoding="utf-8")
    constants = dict(re.findall(r'\n(B\.\w+)=new A\.a\((\d+),"MaterialIcons",null,![01]\)',
                                code))
    lists = [found.split(",") for found in re.findall(r"\[((?:B\.\w+,){1000,}B\.\w+)\]", code)]
    count = max(int(icon) & 0xFFFF for icon in ft.Icons) + 1
    in_order = [found for found in lists if len(found) == count]
    if len(in_order) != 1:
        raise ValueError(f"the client's main.dart.js holds {len(in_order)} lists of {count} "
                         "icons, not one: Flet's client changed form")
    points = {}
    for name in sorted(names):
        icon = getattr(ft.Icons, name, None)
        if icon is None or int(icon) >> 16 != 1:
            raise ValueError(f"ft.Icons.{name} is not a Material icon")
        constant = in_order[0][int(icon) & 0xFFFF]
        if constant not in constants:
            raise ValueError(f"ft.Icons.{name}'s code point is not in the client's main.dart.js")
        points[name] = int(constants[constant])
    return points


def ui_symbols(folders: tuple[Path, ...] = (UI, UI.parent / "scorer")) -> set[int]:
    """Every symbol and punctuation mark (not a letter: names in other scripts in examples and
    comments are for the fallback fonts) that the code and catalogues in ``folders`` write."""
    found = set()
    for folder in folders:
        for path in [*folder.rglob("*.py"), *folder.rglob("*.po")]:
            found.update(ord(char) for char in path.read_text(encoding="utf-8")
                         if ord(char) > 0x7F and unicodedata.category(char)[0] in "SP")
    return found


def latin_code_points() -> set[int]:
    return {point for first, last in LATIN_RANGES for point in range(first, last + 1)}


def cut(source: Path, code_points: Callable[[], set[int]], key: str,
        folder: Path = BUILT) -> Path:
    """``source`` cut to ``code_points()`` as woff2, at ``folder/<stem>.<hash>.woff2``, where
    ``key`` (what the code points are made of), the recipe and the source's bytes make the hash:
    made (and ``code_points`` called) only when it is not there already."""
    from fontTools import version

    digest = hashlib.sha256(f"{RECIPE} {version} {key}".encode())
    digest.update(source.read_bytes())
    target = folder / f"{source.stem}.{digest.hexdigest()[:16]}.woff2"
    if target.is_file():
        return target
    from fontTools import subset  # a third of a second to import: only when cutting

    options = subset.Options()
    options.flavor = "woff2"
    options.hinting = False  # Flutter's web renderers draw unhinted; DejaVu's hints are half of it
    options.name_IDs = ["*"]  # the licence and copyright stay
    options.notdef_outline = True
    options.drop_tables += ["FFTM"]  # FontForge's timestamps: nothing draws with them
    font = subset.load_font(str(source), options)
    cutter = subset.Subsetter(options)
    cutter.populate(unicodes=code_points())
    cutter.subset(font)
    folder.mkdir(parents=True, exist_ok=True)
    written = io.BytesIO()
    subset.save_font(font, written, options)
    # Another server may cut the same font at the same time: each writes its own file, then
    # one atomic rename wins with the same bytes.
    partial = target.with_name(f"{target.name}.{os.getpid()}.part")
    partial.write_bytes(written.getvalue())
    os.replace(partial, target)
    return target


def cut_icon_font(folder: Path = BUILT) -> Path:
    """The Material icon font cut to :func:`used_icons`. The key is the icons' names and the
    client's main.dart.js's size and time (the code points come from it), so the client's list
    is read only when a cut is made."""
    names = used_icons()
    main_js = client_main_js()
    stat = main_js.stat()
    return cut(icon_font(), lambda: set(icon_code_points(names, main_js).values()),
               f"{sorted(names)} {stat.st_size} {stat.st_mtime_ns}", folder)


def text_code_points() -> set[int]:
    """What the app's own fonts are cut to: Latin script and the UI's symbols."""
    return latin_code_points() | ui_symbols()


def cut_text_fonts(folder: Path = BUILT) -> dict[str, Path]:
    """The app's own fonts (:data:`TEXT_FONTS`) cut to :func:`text_code_points`, by file name."""
    points = text_code_points()
    return {source.name: cut(source, lambda: points, str(sorted(points)), folder)
            for source in TEXT_FONTS}


def cut_fonts(folder: Path = BUILT) -> dict[str, Path]:
    """Every cut the client's font list names, by the name of the file it is cut from
    (``MaterialIcons-Regular.otf``, ``DejaVuSans.ttf``, ``DejaVuSansMono.ttf``): made now if
    not kept from before."""
    return {icon_font().name: cut_icon_font(folder), **cut_text_fonts(folder)}
