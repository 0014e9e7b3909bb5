"""Fonts for every script a player's name may be written in, served by the app itself.

The app's own font (DejaVu Sans) covers Latin, Greek, Cyrillic, Arabic and Hebrew, not Chinese,
Japanese, Korean, Devanagari, Thai or emoji. For a character its fonts lack, Flutter's web client
picks one of the Noto fonts it knows (its own list: family, the file's address under Google
Fonts, and the characters each file has), downloads it from ``fontFallbackBaseUrl`` and draws
with it. Flet's offline client points that address at the app (``assets/fonts/``), where nothing
was: a name such as "李明" or "Zoë 🦊" showed boxes.

Here the app answers those addresses. ``script/fallback_fonts.py`` (run by ``script/bootstrap``)
builds, for each file in Flutter's list, a font with the same characters from the Fontsource
packages of the same Noto family (npm; versions and checksums in
``script/fallback-fonts.lock``), into :data:`BUILT` (not in git). :class:`FallbackFonts`
serves them under an address named by the build (:func:`fonts_base`), kept by a phone for a
year: a Latin-only table never asks for one; a Chinese name costs a few small slices,
once.

Flutter's list is read from the installed client's ``main.dart.js`` (:func:`flutter_fonts`):
a list of ``(name, path)`` pairs and two packed strings, the font sets and the code point
ranges, in the format of Flutter's ``font_fallbacks.dart`` (``_decodeFontSet``,
``_UnicodePropertyLookup.fromPackedData``). ``tests/app/test_fallback_fonts.py`` fails when a new
Flet changes it.
"""

from __future__ import annotations

import json
import logging
import re
from dataclasses import dataclass
from pathlib import Path

from starlette.responses import FileResponse, PlainTextResponse, RedirectResponse
from starlette.types import ASGIApp, Receive, Scope, Send

logger = logging.getLogger(__name__)

BUILT = Path(__file__).with_name("fallback_fonts")
"""Where ``script/fallback_fonts.py`` puts what it built: ``fonts/<Flutter's path>`` and
``build.json`` (what was built from what, with each file's coverage)."""

FONT_PATH = re.compile(r"[a-z0-9]+/v[0-9]+/[A-Za-z0-9_-]+(?:\.[0-9]+)?\.woff2"
                       r"|shared/[a-z0-9-]+\.woff2")
"""The shape of every path in Flutter's list, and of a file several of them redirect to;
nothing else is looked up on disk."""

KEPT = "public, max-age=31536000, immutable"

MAX_CODE_POINT = 0x10FFFF

# Flutter's packed strings (font_fallback_data.dart): digits '0'..'9' are a prefix in base 10;
# a font set lists fonts by 'a'..'z' (the gap to the previous index, base 26, after a prefix);
# the ranges say a size ('a'..'z', base 26, plus 2) then a set ('A'..'Z', base 26).
_PREFIX, _LOWER, _UPPER = (48, 10), (97, 26), (65, 26)


@dataclass(frozen=True)
class FlutterFont:
    """One file of Flutter's fallback list: ``name`` as Flutter registers it ("Noto Sans SC
    12"), ``path`` under the fallback address, and the code points Flutter takes it for, as
    inclusive ``(first, last)`` ranges."""

    name: str
    path: str
    ranges: tuple[tuple[int, int], ...]
    family: str
    """The Noto family: the name without the number Flutter gives each file of a family in
    several files ("Noto Sans SC"; but "Noto Sans Symbols 2" is a family of one file)."""

    def code_points(self) -> set[int]:
        return {point for first, last in self.ranges for point in range(first, last + 1)}


def _in(code: int, digits: tuple[int, int]) -> bool:
    return digits[0] <= code < digits[0] + digits[1]


def _font_set(encoded: str) -> list[int]:
    fonts, previous, prefix = [], -1, 0
    for char in encoded:
        code = ord(char)
        if _in(code, _LOWER):
            previous += prefix * _LOWER[1] + code - _LOWER[0] + 1
            fonts.append(previous)
            prefix = 0
        elif _in(code, _PREFIX):
            prefix = prefix * _PREFIX[1] + code - _PREFIX[0]
        else:
            raise ValueError(f"unexpected {char!r} in a font set")
    return fonts


def decode_fonts(names_and_paths: list[tuple[str, str]], font_sets: str,
                 ranges: str) -> list[FlutterFont]:
    """Flutter's fallback list from its three parts (see the module's text)."""
    sets = [_font_set(encoded) for encoded in font_sets.split(",")]
    covered: list[list[tuple[int, int]]] = [[] for _ in names_and_paths]
    start, prefix, size = 0, 0, 1
    for char in ranges:
        code = ord(char)
        if _in(code, _UPPER):
            for font in sets[prefix * _UPPER[1] + code - _UPPER[0]]:
                covered[font].append((start, start + size - 1))
            start, prefix, size = start + size, 0, 1
        elif _in(code, _LOWER):
            size, prefix = prefix * _LOWER[1] + code - _LOWER[0] + 2, 0
        elif _in(code, _PREFIX):
            prefix = prefix * _PREFIX[1] + code - _PREFIX[0]
        else:
            raise ValueError(f"unexpected {char!r} in the ranges")
    if start != MAX_CODE_POINT + 1:
        raise ValueError(f"the ranges end at {start:#x}, not after U+10FFFF")
    files_of: dict[str, int] = {}
    for _, path in names_and_paths:
        files_of[path.split("/")[0]] = files_of.get(path.split("/")[0], 0) + 1
    return [FlutterFont(name, path, tuple(spans),
                        re.sub(r" [0-9]+$", "", name) if files_of[path.split("/")[0]] > 1
                        else name)
            for (name, path), spans in zip(names_and_paths, covered, strict=True)]


def flutter_fonts(main_js: Path | None = None) -> list[FlutterFont]:
    """Flutter's fallback list, read from the installed web client's ``main.dart.js``."""
    if main_js is None:
        from flet_web import get_package_web_dir
        main_js = Path(get_package_web_dir()) / "main.dart.js"
    code = main_js.read_text(encoding="utf-8")
    names_and_paths = re.findall(r'A\.z\("(Noto [^"]*)","(noto[a-z0-9]*/v[0-9]+/[^"]*)"\)',
                                 code)
    packed = re.findall(r'"([0-9a-z,]{20000,})"', code) + re.findall(r'"([0-9A-Za-z]{20000,})"',
                                                                     code)
    if not names_and_paths or len(packed) != 2:
        raise ValueError(f"{main_js} does not hold Flutter's fallback fonts in the known form "
                         f"({len(names_and_paths)} fonts, {len(packed)} packed strings)")
    return decode_fonts(names_and_paths, *packed)


def built(folder: Path = BUILT) -> dict | None:
    """What ``script/fallback_fonts.py`` recorded of its last build, or None if none is there."""
    try:
        return json.loads((folder / "build.json").read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return None


def fonts_base(folder: Path = BUILT) -> str:
    """The address the client is told to fetch fallback fonts from: ``/fonts/<build>/``, a new
    one for each build (so a phone keeps a file for a year without asking), or
    ``/fonts/none/`` when nothing is built (every font then answers 404)."""
    record = built(folder)
    return f"/fonts/{record['build'] if record else 'none'}/"


class FallbackFonts:
    """Answers ``<base><Flutter's path>`` with the built font, or a redirect to the file it
    shares with others (both kept for a year); any other address under ``/fonts/`` is a 404. Before everything else: the fonts are woff2 already
    (compressing them saves nothing)."""

    def __init__(self, app: ASGIApp, base: str, folder: Path = BUILT):
        self.app = app
        self.base = base
        self.fonts = folder / "fonts"
        self.same_as = {path: font["same_as"]
                        for path, font in ((built(folder) or {}).get("fonts") or {}).items()
                        if "same_as" in font}
        if base.endswith("/none/"):
            logger.warning("the fallback fonts are not built (script/bootstrap builds them): "
                           "names in Chinese, Japanese, Korean, Devanagari, Thai or with emoji "
                           "show as boxes")

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http" or not scope["path"].startswith("/fonts/"):
            await self.app(scope, receive, send)
            return
        path = scope["path"][len(self.base):] if scope["path"].startswith(self.base) else ""
        file = self.fonts / path
        if path in self.same_as:
            answer = RedirectResponse(self.base + self.same_as[path], status_code=308,
                                      headers={"cache-control": KEPT})
        elif FONT_PATH.fullmatch(path) and file.is_file():
            answer = FileResponse(file, media_type="font/woff2", headers={"cache-control": KEPT})
        else:
            answer = PlainTextResponse("no such font", status_code=404)
        await answer(scope, receive, send)
