"""Sending the web client to a phone: compressed, and cacheable so the next visit reuses it.

The client is 14 MiB (main.dart.js, CanvasKit); gzip makes it about 5 MiB. Compressing it on every
first load (as a streaming middleware such as Starlette's GZipMiddleware does) costs the server
seconds of CPU per phone on a small machine, on the event loop every device's taps wait on; so
each static file is compressed once, in a worker thread, and the compressed bytes are kept for
the life of the server (keyed by path and ETag: a changed file is compressed again). A browser
that accepts Brotli is sent the Brotli copies made once at its best quality and kept on disk
(ui/web/brotli_copies.py: the WebAssembly a quarter smaller than gzip), gzip until they are
made; the fonts are sent cut to what the app draws (ui/web/font_cuts.py).

The Flutter client's files keep the same names from one flet-web release to the next (none is
named by its content), so under their own names none may be kept without asking. The start page
therefore names them under an address of their own version (:class:`PinnedClient`:
``/client/<version>/main.dart.wasm``), where they are kept for a year without asking: a returning
phone sends no request at all for them, where it would wait on one round trip after another (the
page, the bootstrap script, the main script, the WebAssembly, the font list, the fonts). The start
page itself, and any file asked for under its plain name, is sent with ``Cache-Control:
no-cache`` and its ETag: a returning phone gets ``304 Not Modified`` instead of the page
(Starlette's static files answer ``If-None-Match``), and a new version is seen at once.
"""

from __future__ import annotations

import asyncio
import gzip
import hashlib
import json
import re
from collections.abc import Callable
from pathlib import Path

from starlette.datastructures import Headers, MutableHeaders
from starlette.types import ASGIApp, Message, Receive, Scope, Send

from ui.parts.browser_storage import local_storage_key
from ui.parts.theme import PREFERENCE as THEME_PREFERENCE
from ui.web.brotli_copies import FIRST_VISIT, BrotliCopies, digest_of
from ui.web.renderer import DEFAULT_RENDERER

COMPRESS_FROM = 1024
"""Bytes; smaller files are sent as they are (compressing them saves nothing)."""
COMPRESS_LEVEL = 6
"""gzip's usual trade-off: nearly the size of level 9 in half the time."""
WORTH_IT = 0.9
"""Send the compressed bytes only when they are at most this share of the file (not for PNGs)."""


ENCODED_TAG = {"br": "-br", "gzip": "-gzip"}
"""What an encoded answer's ETag gets before its closing quote: each encoding of a file is a
representation of its own, with a tag of its own (as Apache's mod_deflate does)."""


def accepted_codings(header: str) -> set[str]:
    """The content codings an ``Accept-Encoding`` header accepts (not those given ``q=0``)."""
    accepted = set()
    for part in header.split(","):
        coding, *parameters = [piece.strip() for piece in part.split(";")]
        refused = any(parameter.replace(" ", "") in ("q=0", "q=0.0", "q=0.00", "q=0.000")
                      for parameter in parameters)
        if coding and not refused:
            accepted.add(coding.lower())
    return accepted


def untagged(if_none_match: str) -> str:
    """``If-None-Match`` with the encodings' suffixes (:data:`ENCODED_TAG`) taken off, as the
    static files know their tags."""
    for suffix in ENCODED_TAG.values():
        if_none_match = if_none_match.replace(suffix + '"', '"')
    return if_none_match


class CompressedStatic:
    """Static files (200 answers to GET with an ETag) compressed once and kept: Brotli where the
    request accepts it and a copy is made (``copies``: ui/web/brotli_copies.py), else gzip.
    Every such answer also gets ``Cache-Control: no-cache`` and ``Vary: Accept-Encoding``; an
    encoded one its encoding's ETag (:data:`ENCODED_TAG`), which ``If-None-Match`` may name.
    Other requests pass through untouched."""

    def __init__(self, app: ASGIApp, copies: BrotliCopies | None = None):
        self.app = app
        self.copies = copies
        """Where the Brotli copies are kept; None: gzip only."""
        self._kept: dict[tuple[str, str, str], bytes | None] = {}
        """(path, ETag, coding) -> the compressed file, or None when compressing does not pay."""
        self._digests: dict[tuple[str, str], str] = {}
        """(path, ETag) -> its bytes' SHA-256, the name of its Brotli copy."""

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        request = Headers(scope=scope) if scope["type"] == "http" else None
        if request is None or scope["method"] != "GET" or "range" in request:
            await self.app(scope, receive, send)
            return
        accepted = accepted_codings(request.get("accept-encoding", ""))
        codings = [coding for coding in ("br", "gzip") if coding in accepted
                   and (coding != "br" or self.copies is not None)]
        asked_tag = request.get("if-none-match", "")
        if asked_tag:
            scope = {**scope, "headers": [
                (name, untagged(value.decode("latin-1")).encode("latin-1")
                 if name == b"if-none-match" else value)
                for name, value in scope["headers"]]}
        start: Message | None = None
        chunks: list[bytes] = []
        passing = False

        async def hold(message: Message) -> None:
            nonlocal start, passing
            if message["type"] == "http.response.start":
                headers = MutableHeaders(scope=message)
                if "etag" in headers:
                    headers.add_vary_header("Accept-Encoding")
                    headers.setdefault("cache-control", "no-cache")
                    if message["status"] == 304:  # the tag asked about, as it was sent
                        headers["etag"] = next((tag.strip() for tag in asked_tag.split(",")
                                                if untagged(tag.strip()) == headers["etag"]),
                                               headers["etag"])
                passing = not (codings and message["status"] == 200 and "etag" in headers
                               and "content-encoding" not in headers)
                if passing:
                    await send(message)
                else:
                    start = message
            elif passing:
                await send(message)
            else:
                chunks.append(message.get("body", b""))
                if not message.get("more_body", False):
                    await self._send_compressed(scope["path"], start, b"".join(chunks), send,
                                                codings)

        await self.app(scope, receive, hold)

    async def _compressed(self, path: str, etag: str, body: bytes, coding: str) -> bytes | None:
        """``body`` in ``coding``, kept; None when it does not pay or is not made yet."""
        key = (path, etag, coding)
        if key in self._kept:
            return self._kept[key]
        if len(body) < COMPRESS_FROM:
            compressed = None
        elif coding == "gzip":
            compressed = await asyncio.to_thread(gzip.compress, body, COMPRESS_LEVEL)
        else:
            if (path, etag) not in self._digests:
                self._digests[(path, etag)] = await asyncio.to_thread(digest_of, body)
            compressed = await asyncio.to_thread(self.copies.copy_of, body,
                                                 self._digests[(path, etag)])
            if compressed is None:
                return None  # being made: asked again at the next request
        self._kept[key] = (compressed if compressed is not None
                           and len(compressed) <= WORTH_IT * len(body) else None)
        return self._kept[key]

    async def _send_compressed(self, path: str, start: Message, body: bytes, send: Send,
                               codings: list[str]) -> None:
        headers = MutableHeaders(scope=start)
        etag = headers["etag"]
        for coding in codings:
            compressed = await self._compressed(path, etag, body, coding)
            if compressed is not None:
                body = compressed
                headers["content-encoding"] = coding
                headers["content-length"] = str(len(body))
                if etag.endswith('"'):
                    headers["etag"] = etag[:-1] + ENCODED_TAG[coding] + '"'
                break
        await send(start)
        await send({"type": "http.response.body", "body": body})


PAGE_SCRIPTS = ("same_origin.js", "dialog_names.js", "number_fields.js", "text_scale.js")
"""The app's own scripts (in ui/web/assets), loaded by the page before the Flutter client."""

PINNED_PAGE_FILES = ("flutter_bootstrap.js", "python.js", "icons/loading-animation.png",
                     "favicon.png")
"""The client's files that its start page names itself."""

FOREVER = "public, max-age=31536000, immutable"
"""A year, and no revalidation: a file under a pinned address never changes."""

UNUSED_FONTS = ("packages/flutter_math_fork/", "packages/cupertino_icons/")
"""Font families of the Flutter client that the app never draws with (KaTeX for math, Cupertino
icons; 18 files, 0.9 MB), by their name's start: the client loads every font of its
FontManifest.json before it starts, so each would be fetched at a first visit and asked about
at every one after."""

OWN_FONTS = {"DejaVu": "DejaVuSans.ttf", "DejaVuMono": "DejaVuSansMono.ttf",
             "Roboto": "DejaVuSans.ttf"}
"""The fonts of the client's font list that are the app's own (in ui/web/assets, served beside
the client's files), by family: the one the app draws with (ui/web/app.py's ``FONT``), the
monospace texts' ``DejaVuMono``, and ``Roboto``, in place of the client's: Flutter's default
family, which it draws with before the page's theme is applied (the first frame of a tab
reloaded into its running session) and tries first for a character a text's own font lacks.
The client's Roboto has no "★", "☺", "✓" or "↓" (DejaVu Sans has them): for those Flutter
fetched Noto fallback fonts, for a table of Latin names. The client loads every font of its
list before it draws anything; registered by Flet's ``page.fonts``, DejaVu Sans came only once
the page ran, and the first screens of a slow load were laid out without it too."""

ICON_FAMILY = "MaterialIcons"
"""The client's icon font's family in its font list; its file is :data:`ICON_FONT`."""
ICON_FONT = "MaterialIcons-Regular.otf"

CUTS = "cut/"
"""Where, beside the client's files, the fonts cut to what the app draws
(ui/web/font_cuts.py) are served."""


def listed_fonts(cuts: dict[str, Path] | None = None) -> dict[str, str]:
    """The client's font list's entries that are the app's, by family: each a file beside the
    client's files. With ``cuts`` (ui/web/font_cuts.py's ``cut_fonts``: each cut by the name of
    its source), the cuts of :data:`OWN_FONTS` and of the client's icon font, under
    :data:`CUTS`; without, the app's whole fonts."""
    if cuts is None:
        return dict(OWN_FONTS)
    return {**{family: CUTS + cuts[file].name for family, file in OWN_FONTS.items()},
            ICON_FAMILY: CUTS + cuts[ICON_FONT].name}


class CutFonts:
    """Answers ``/<CUTS><file>`` with that file of ``cuts`` (their folder's static files: an
    ETag, a 304 to ``If-None-Match``), and nothing else there. Inside :class:`PinnedClient`,
    which marks them to be kept."""

    def __init__(self, app: ASGIApp, cuts: dict[str, Path]):
        from starlette.staticfiles import StaticFiles

        self.app = app
        self.names = {path.name for path in cuts.values()}
        folders = {path.parent for path in cuts.values()}
        if len(folders) != 1:
            raise ValueError(f"the cut fonts must be in one folder, not in {len(folders)}")
        self.files = StaticFiles(directory=folders.pop())

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        prefix = "/" + CUTS
        if scope["type"] != "http" or not scope["path"].startswith(prefix):
            await self.app(scope, receive, send)
            return
        from starlette.responses import PlainTextResponse

        name = scope["path"][len(prefix):]
        if name not in self.names:
            await PlainTextResponse("no such font", status_code=404)(scope, receive, send)
            return
        await self.files({**scope, "path": "/" + name, "root_path": ""}, receive, send)


class EditedAnswers:
    """Base of the middlewares that change a file as it is sent: a 200 answer to a GET for which
    :meth:`edit_for` gives an edit is held whole, edited, and sent with its new length. Flet
    writes these files itself (from its own copies, at its start), so they are edited as they
    are sent rather than kept here. Each edit depends only on the file and on the server's
    start, and Flet's copies are written anew at each start (a new ETag), so a 304 never
    stands for an answer edited otherwise."""

    def __init__(self, app: ASGIApp):
        self.app = app

    def edit_for(self, scope: Scope, headers: MutableHeaders) -> Callable[[bytes], bytes] | None:
        raise NotImplementedError

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http" or scope["method"] != "GET":
            await self.app(scope, receive, send)
            return
        start: Message | None = None
        edit: Callable[[bytes], bytes] | None = None
        chunks: list[bytes] = []

        async def edited(message: Message) -> None:
            nonlocal start, edit
            if message["type"] == "http.response.start":
                headers = MutableHeaders(scope=message)
                edit = self.edit_for(scope, headers) if message["status"] == 200 else None
                if edit is None:
                    await send(message)
                else:
                    start = message
            elif edit is None:
                await send(message)
            else:
                chunks.append(message.get("body", b""))
                if not message.get("more_body", False):
                    body = edit(b"".join(chunks))
                    MutableHeaders(scope=start)["content-length"] = str(len(body))
                    await send(start)
                    await send({"type": "http.response.body", "body": body})

        await self.app(scope, receive, edited)


def client_version(web_dir: Path, assets: Path, also: tuple[str, ...] = ()) -> str:
    """A short name for the files this server sends to the browser: Flet's web client (its
    version, where it is installed and when), the app's own assets (their content) and the
    names in ``also`` (the cut fonts', which hold their content's hash). Any change gives a new
    name, so a phone never keeps an old file under the new name."""
    from flet_web.version import version

    bootstrap = (web_dir / "flutter_bootstrap.js").stat()
    digest = hashlib.sha256(f"{version} {web_dir} {bootstrap.st_size} "
                            f"{bootstrap.st_mtime_ns} {sorted(also)}".encode())
    for path in sorted(assets.rglob("*")):
        if path.is_file():
            digest.update(path.relative_to(assets).as_posix().encode() + b"\0")
            digest.update(path.read_bytes())
    return digest.hexdigest()[:16]


def pinned_base(assets: Path, cuts: dict[str, Path] | None = None) -> str:
    """The address under which this server's client files (Flet's, those in ``assets`` and
    the ``cuts``) are kept: ``/client/<version>/``."""
    from flet_web import get_package_web_dir

    also = tuple(path.name for path in (cuts or {}).values())
    return f"/client/{client_version(Path(get_package_web_dir()), assets, also)}/"


class PinnedClient:
    """Answers ``<base><file>`` (``base``: the current :func:`pinned_base`) with ``<file>``,
    marked to be kept :data:`FOREVER` (see the module's text). Only the current version is
    served there: a page of an older version is not current either (it is revalidated), so an
    old address is a 404 rather than a newer file under an old name."""

    def __init__(self, app: ASGIApp, base: str):
        self.app = app
        self.base = base

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http" or not scope["path"].startswith(self.base):
            await self.app(scope, receive, send)
            return
        cut = len(self.base) - 1  # keeps the file's leading "/"
        scope = {**scope, "path": scope["path"][cut:],
                 "raw_path": scope.get("raw_path", b"/" * (cut + 1))[cut:]}

        async def kept(message: Message) -> None:
            if message["type"] == "http.response.start" and message["status"] in (200, 304):
                headers = MutableHeaders(scope=message)
                # Not Flet's start page, which it sends for any unknown address without a suffix.
                if not headers.get("content-type", "").startswith("text/html"):
                    headers["cache-control"] = FOREVER
            await send(message)

        await self.app(scope, receive, kept)


WASM_PRELOAD = """<script>(function () {
  var blink = navigator.vendor === "Google Inc." || navigator.userAgent.includes("Edg/");
  if (!blink || typeof WebAssembly !== "object" || !WebAssembly.validate(
      new Uint8Array([0, 97, 115, 109, 1, 0, 0, 0, 1, 5, 1, 95, 1, 120, 0]))) return;
  var light = typeof ImageDecoder !== "undefined" && typeof Intl.Segmenter !== "undefined"
    && typeof Intl.v8BreakIterator !== "undefined";
  ["main.dart.wasm", light ? "canvaskit/skwasm.wasm" : "canvaskit/skwasm_heavy.wasm"].forEach(
    function (name) {
      var link = document.createElement("link");
      link.rel = "preload"; link.as = "fetch"; link.crossOrigin = "anonymous";
      link.href = "BASE" + name;
      document.head.appendChild(link);
    });
})();</script>"""
"""Asks at once, on a browser to which Flutter's loader (flutter_bootstrap.js) will give its
dart2wasm build, for that build's two WebAssembly files (``BASE``: the pinned address). The
loader asks for them only after its own script, then the build's ``main.dart.mjs``, have come,
each a round trip later, and a phone's network sat half idle meanwhile. The test is the
loader's: a Blink browser (its ``wasmAllowList`` default) that validates a WebAssembly GC type,
and skwasm's heavy variant where the browser lacks the image codecs or the break iterators. The
loader also wants WebGL, which is not asked here (it costs a drawing context): a Chromium
without it fetches the WebAssembly in vain."""


LOADING_IN_CHOSEN_THEME = f"""<script>(function () {{
  var chosen;
  try {{
    chosen = JSON.parse(localStorage.getItem("{local_storage_key(THEME_PREFERENCE)}"));
  }} catch (error) {{
    return;
  }}
  if (chosen === "dark" || chosen === "light") document.documentElement.dataset.theme = chosen;
}})();</script><style>
html[data-theme="dark"] #loading {{ background: #222222; }}
html[data-theme="light"] #loading {{ background: #ffffff; }}
</style>"""
"""The client's loading screen (the start page's ``#loading``, light or dark as the device is)
in the theme this device chose with the app's switch, when it chose one: it is read from the
browser's storage, where the client keeps it (:func:`~ui.parts.browser_storage.local_storage_key`),
before the page is drawn. A phone that chose dark on a light system is then not shown
a light loading screen while the client starts (seconds, when it downloads on a phone network);
the first screen is drawn in the chosen theme too (ui/web/app.py's ``main``)."""


class StartPage(EditedAnswers):
    """The start page (every HTML answer: Flet answers any address of the app with its
    index.html), edited as it is sent: the client's files it names (:data:`PINNED_PAGE_FILES`)
    and the bases the client finds the others by (its entry point, CanvasKit, its assets) are
    moved to the pinned address ``base``, and ``<script>`` tags for the app's own scripts
    (:data:`PAGE_SCRIPTS`, there too) are added before the client's, with the loading screen's
    colours in the theme the device chose (:data:`LOADING_IN_CHOSEN_THEME`).

    At the head's start, the client's files that the page would otherwise ask for only once the
    client has started are asked for at once (``<link rel="preload">``, as the client's
    ``fetch`` asks, so that it takes them): ``preloads`` (under ``base``: the font list and its
    fonts, which every build loads before it draws) and, with ``wasm``, the dart2wasm build's
    WebAssembly where the loader will choose it (:data:`WASM_PRELOAD`). A phone's first visit
    then downloads while it compiles instead of after."""

    def __init__(self, app: ASGIApp, base: str, scripts: tuple[str, ...] = PAGE_SCRIPTS,
                 fonts_base: str | None = None, preloads: tuple[str, ...] = (),
                 wasm: bool = False):
        super().__init__(app)
        self.early = ("".join(f'<link rel="preload" href="{base}{name}" as="fetch" '
                              f'crossorigin="anonymous">' for name in preloads)
                      + (WASM_PRELOAD.replace('"BASE"', f'"{base}"') if wasm else "")).encode()
        # Flet's own script (in the head, before this) has set flet's bases; the client reads
        # them when its bootstrap script (at the end of the body) runs.
        fonts = f'\nflet.fontFallbackBaseUrl = "{fonts_base}";' if fonts_base else ""
        pin = (f'<script>flet.entrypointBaseUrl = flet.assetBase = "{base}";\n'
               f'if (flet.canvasKitBaseUrl) flet.canvasKitBaseUrl = "{base}canvaskit/";'
               f'{fonts}</script>')
        self.head = (pin + LOADING_IN_CHOSEN_THEME + "".join(
            f'<script src="{base}{name}"></script>' for name in scripts)).encode()
        self.moves = [(f'="{name}"'.encode(), f'="{base}{name}"'.encode())
                      for name in PINNED_PAGE_FILES]

    def edit_for(self, scope: Scope, headers: MutableHeaders) -> Callable[[bytes], bytes] | None:
        if not headers.get("content-type", "").startswith("text/html"):
            return None
        return self._edited

    def _edited(self, page: bytes) -> bytes:
        for name, pinned in self.moves:
            page = page.replace(name, pinned)
        if self.early:
            page = re.sub(rb"<head\b[^>]*>", lambda head: head[0] + self.early, page, count=1)
        return page.replace(b"</head>", self.head + b"</head>", 1)


FONT_LIST = "assets/FontManifest.json"
"""The client's list of the fonts it loads before it draws, under its files' address."""


class FontManifest(EditedAnswers):
    """The client's list of fonts without :data:`UNUSED_FONTS`, with the app's own ``fonts``
    (family: file beside the client's files, :func:`listed_fonts`) in place of any of the same
    family (Flet lists its Roboto, and its whole icon font). The client names each file under
    its assets folder (``<base>assets/<asset>``), so the app's are named ``../<file>``."""

    def __init__(self, app: ASGIApp, fonts: dict[str, str] = OWN_FONTS):
        super().__init__(app)
        self.fonts = [{"family": family, "fonts": [{"asset": f"../{file}"}]}
                      for family, file in fonts.items()]

    def edit_for(self, scope: Scope, headers: MutableHeaders) -> Callable[[bytes], bytes] | None:
        return self._used_only if scope["path"].endswith("/" + FONT_LIST) else None

    def _used_only(self, manifest: bytes) -> bytes:
        families = json.loads(manifest)
        own = {family["family"] for family in self.fonts}
        return json.dumps([*self.fonts, *(family for family in families
                                          if not family["family"].startswith(UNUSED_FONTS)
                                          and family["family"] not in own)]).encode()


def deliver_to_phones(app, base: str, fonts_base: str | None = None,
                      cuts: dict[str, Path] | None = None,
                      copies: BrotliCopies | None = None,
                      renderer: str = DEFAULT_RENDERER) -> None:
    """Pin the client's files to the address ``base`` (a :func:`pinned_base`), edit the start
    page to name them there (with the app's scripts), leave the unused fonts out of the
    client's list and put the app's own in it (Roboto too), then compress and set the caching
    rule of the static files of ``app`` (a FastAPI app serving Flet's web client). With
    ``fonts_base`` (a :func:`ui.web.fallback_fonts.fonts_base`), the client fetches its
    fallback fonts there, and they are served (:class:`~ui.web.fallback_fonts.FallbackFonts`).
    With ``cuts`` (ui/web/font_cuts.py's ``cut_fonts``), the font list names those in place of
    the app's whole fonts and the client's icon font, and they are served (:class:`CutFonts`).
    With ``copies`` (a :class:`~ui.web.brotli_copies.BrotliCopies`), a browser that accepts
    Brotli is sent its copies. The start page asks at once for the font list, the fonts in it
    and, with a skwasm ``renderer`` (ui/web/renderer.py), the WebAssembly (:class:`StartPage`).
    """
    from ui.web.fallback_fonts import FallbackFonts

    fonts = listed_fonts(cuts)
    if cuts:
        app.add_middleware(CutFonts, cuts=cuts)
    app.add_middleware(FontManifest, fonts=fonts)
    app.add_middleware(StartPage, base=base, fonts_base=fonts_base,
                       preloads=(FONT_LIST, *dict.fromkeys(fonts.values())),
                       wasm="main.dart.wasm" in FIRST_VISIT.get(renderer, ()))
    app.add_middleware(CompressedStatic, copies=copies)  # wraps the ones above: the page is
    # compressed edited
    app.add_middleware(PinnedClient, base=base)  # the others see plain names
    if fonts_base:
        app.add_middleware(FallbackFonts, base=fonts_base)  # outermost: woff2, kept as it is
