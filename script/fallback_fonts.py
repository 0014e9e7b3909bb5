#!/usr/bin/env python3
"""Build the fallback fonts the app serves (ui/web/fallback_fonts.py says why), from the lock.

    script/fallback_fonts.py build   what script/bootstrap runs: builds ui/web/fallback_fonts/
                                     from script/fallback-fonts.lock, or does nothing (a fraction
                                     of a second) when that build is there already
    script/fallback_fonts.py lock    after a new Flet: finds the Fontsource package (npm) of
                                     each Noto family in the client's fallback list and pins its
                                     newest version with its checksum; then run build

For each file in Flutter's list (a family, and the code points Flutter takes that file for),
the build takes the regular (400) woff2 files of the family's Fontsource package, chooses the
fewest that hold the code points the app's own font (DejaVu Sans) lacks, and merges them when
one is not enough (fontTools). build.json records, for each file, what it was made of and the
share of those code points it has. Packages come through npm (`npm pack`, by name and version;
the checksum must be the lock's). Without npm, the build says so in one line and the app runs
without the fonts (names in those scripts show as boxes).
"""

from __future__ import annotations

import argparse
import base64
import hashlib
import io
import json
import os
import shutil
import subprocess
import sys
import tarfile
import tempfile
from concurrent.futures import ProcessPoolExecutor, ThreadPoolExecutor
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from ui.web.fallback_fonts import BUILT, FlutterFont, built, flutter_fonts  # noqa: E402

LOCK = ROOT / "script" / "fallback-fonts.lock"
OWN_FONT = ROOT / "ui" / "web" / "assets" / "DejaVuSans.ttf"
BUILD_FORMAT = 4
"""Raised when the build makes different files from the same lock."""
PACKS_AT_ONCE = 16
TAIL = 0.05
SHARED_FROM = 2**20
"""Bytes: a file larger than this, alone enough for several of Flutter's files (Noto Color
Emoji's whole font, for its 12 slices), is built once, and each of those addresses redirects
to it: a phone fetches it once."""


def package_of(family: str) -> str:
    """Fontsource's package for a Noto family: "Noto Sans SC" → "@fontsource/noto-sans-sc"."""
    return "@fontsource/" + family.lower().replace(" ", "-")


def client_version() -> str:
    from flet_web.version import version
    return version


def npm() -> str | None:
    return shutil.which("npm")


# --- lock ---------------------------------------------------------------------------------

def newest(package: str) -> dict | None:
    answer = subprocess.run([npm(), "view", package, "version", "dist.integrity", "--json"],
                            capture_output=True, text=True)
    if answer.returncode != 0:
        if "E404" in answer.stdout + answer.stderr:
            return None
        raise SystemExit(f"script/fallback_fonts.py: npm view {package} failed: "
                         f"{answer.stderr.strip()[-300:]}")
    found = json.loads(answer.stdout)
    return {"version": found["version"], "integrity": found["dist.integrity"]}


def lock() -> None:
    if npm() is None:
        raise SystemExit("script/fallback_fonts.py: lock needs npm")
    families = sorted({font.family for font in flutter_fonts()})
    with ThreadPoolExecutor(8) as pool:
        pins = dict(zip(families, pool.map(lambda family: newest(package_of(family)), families)))
    record = {
        "client": client_version(),
        "packages": {package_of(family): pin for family, pin in pins.items() if pin},
        "without_package": [family for family, pin in pins.items() if not pin],
    }
    LOCK.write_text(json.dumps(record, indent=1, sort_keys=True) + "\n", encoding="utf-8")
    print(f"script/fallback_fonts.py: {LOCK.name} pins {len(record['packages'])} packages; "
          f"no package for {len(record['without_package'])} families: "
          f"{', '.join(record['without_package']) or 'none'}")


# --- build --------------------------------------------------------------------------------

def build_id(lock_bytes: bytes) -> str:
    return hashlib.sha256(lock_bytes + f" {BUILD_FORMAT} {client_version()}".encode()
                          ).hexdigest()[:12]


def integrity_of(data: bytes) -> str:
    return "sha512-" + base64.b64encode(hashlib.sha512(data).digest()).decode()


def fetch(packages: dict[str, dict], into: Path) -> dict[str, Path]:
    """``npm pack`` each package at its pinned version into ``into``; each checksum is checked
    against the lock."""
    specs = [f"{name}@{pin['version']}" for name, pin in sorted(packages.items())]
    for start in range(0, len(specs), PACKS_AT_ONCE):
        answer = subprocess.run([npm(), "pack", "--silent", "--pack-destination", str(into),
                                 *specs[start:start + PACKS_AT_ONCE]],
                                capture_output=True, text=True)
        if answer.returncode != 0:
            raise SystemExit(f"script/fallback_fonts.py: npm pack failed: "
                             f"{answer.stderr.strip()[-500:]}")
    tarballs = {}
    for name, pin in packages.items():
        tarball = into / f"{name[1:].replace('/', '-')}-{pin['version']}.tgz"
        if integrity_of(tarball.read_bytes()) != pin["integrity"]:
            raise SystemExit(f"script/fallback_fonts.py: {tarball.name} is not the file the "
                             f"lock names (its checksum differs)")
        tarballs[name] = tarball
    return tarballs


def regular_files(tarball: Path) -> tuple[dict[str, bytes], dict[str, set[int]]]:
    """A package's regular woff2 files that Flutter can draw, by subset ("[12]", "latin",
    "emoji"), and the code points of each (its unicode.json range, or else its character map).
    A file whose colour glyphs are SVG only (Noto Color Emoji's slices, made for Firefox and
    Safari) is left out: Flutter's renderers draw COLR, not SVG."""
    from fontTools.ttLib import TTFont

    with tarfile.open(tarball) as archive:
        members = {member.name: member for member in archive.getmembers()}
        ranges = json.loads(archive.extractfile(members["package/unicode.json"]).read())
        package_id = json.loads(archive.extractfile(members["package/package.json"]).read()
                                )["name"].split("/")[1]
        prefix, suffix = f"package/files/{package_id}-", "-400-normal.woff2"
        files, points = {}, {}
        for name, member in members.items():
            if not (name.startswith(prefix) and name.endswith(suffix)):
                continue
            slug = name[len(prefix):-len(suffix)]
            subset = f"[{slug}]" if slug.isdigit() else slug
            data = archive.extractfile(member).read()
            font = TTFont(io.BytesIO(data))
            if "SVG " in font and "COLR" not in font and "CBDT" not in font:
                continue
            files[subset] = data
            if subset in ranges:
                points[subset] = set()
                for span in ranges[subset].split(","):
                    first, _, last = span.strip().removeprefix("U+").partition("-")
                    points[subset].update(range(int(first, 16), int(last or first, 16) + 1))
            else:
                points[subset] = set(font.getBestCmap())
    return files, points


def choose(needed: set[int], points: dict[str, set[int]]) -> list[str]:
    """The fewest subsets that hold ``needed``, greedily: the one holding most of what is still
    missing (of equals, the smallest: a slice rather than a language's whole set), until what
    the next would add is less than :data:`TAIL` of ``needed`` (a few punctuation marks that a
    slice of Chinese shares with the Latin subset are not worth a merge)."""
    chosen, missing = [], set(needed)
    while missing:
        best = max(points, key=lambda subset: (len(missing & points[subset]),
                                               -len(points[subset]), subset))
        gain = len(missing & points[best])
        if not gain or (chosen and gain < TAIL * len(needed)):
            break
        chosen.append(best)
        missing -= points[best]
    return chosen


def plain(data: bytes, drop: tuple[str, ...] = ()):
    """A woff2 file as a font to work on (uncompressed), without the tables in ``drop``."""
    from fontTools.ttLib import TTFont

    font = TTFont(io.BytesIO(data))
    for tag in drop:
        if tag in font:
            del font[tag]
    font.flavor = None
    buffer = io.BytesIO()
    font.save(buffer)
    return io.BytesIO(buffer.getvalue())


def as_woff2(font) -> bytes:
    font.flavor = "woff2"
    buffer = io.BytesIO()
    font.save(buffer)
    return buffer.getvalue()


def make_font(job: tuple[str, list[bytes], list[int] | None]) -> tuple[str, bytes, set[int]]:
    """One served file and its character map: the one subset as it is, or the subsets merged;
    for a shared file (``needed`` None), the file without its SVG glyphs when it has COLR ones
    (Noto Color Emoji's whole font, which is far smaller without them)."""
    from fontTools.merge import Merger
    from fontTools.ttLib import TTFont

    path, parts, needed = job
    data = parts[0]
    try:
        if len(parts) > 1:
            data = as_woff2(Merger().merge([plain(part) for part in parts]))
        elif needed is None and "COLR" in (font := TTFont(io.BytesIO(data))) and "SVG " in font:
            data = as_woff2(TTFont(plain(data, drop=("SVG ",))))
    except Exception as error:  # a table fontTools cannot merge: the part holding most alone
        print(f"script/fallback_fonts.py: {path}: {error}; the part holding most is served",
              file=sys.stderr)
    return path, data, set(TTFont(io.BytesIO(data)).getBestCmap())


def build(force: bool = False) -> None:
    lock_bytes = LOCK.read_bytes()
    pinned = json.loads(lock_bytes)
    build = build_id(lock_bytes)
    present = built()
    if present and present.get("build") == build and not force:
        return
    if pinned["client"] != client_version():
        print(f"script/fallback_fonts.py: the lock was made for flet-web {pinned['client']}, "
              f"this is {client_version()}: run script/fallback_fonts.py lock", file=sys.stderr)
    if npm() is None:
        print("script/fallback_fonts.py: npm is not installed, so the fallback fonts are not "
              "built: names in Chinese, Japanese, Korean, Devanagari, Thai or with emoji will "
              "show as boxes (install Node.js's npm, then run script/bootstrap again)")
        return
    from fontTools.ttLib import TTFont

    print(f"script/fallback_fonts.py: building the fallback fonts ({build}) from "
          f"{len(pinned['packages'])} packages")
    own = set(TTFont(OWN_FONT).getBestCmap())
    fonts_of: dict[str, list[FlutterFont]] = {}
    for font in flutter_fonts():
        fonts_of.setdefault(package_of(font.family), []).append(font)
    new = BUILT.with_name(BUILT.name + ".new")
    shutil.rmtree(new, ignore_errors=True)
    (new / "fonts").mkdir(parents=True)
    record: dict = {"build": build, "client": client_version(), "fonts": {}, "without": []}
    with tempfile.TemporaryDirectory() as packs:
        tarballs = fetch(pinned["packages"], Path(packs))
        jobs: dict[str, tuple] = {}
        needed: dict[str, set[int]] = {}
        made_of: dict[str, list[str]] = {}
        same_as: dict[str, str] = {}
        maps: dict[str, set[int]] = {}
        sizes: dict[str, int] = {}
        for package, fonts in sorted(fonts_of.items()):
            if package not in tarballs:
                record["without"] += [font.path for font in fonts]
                continue
            files, points = regular_files(tarballs[package])
            for font in fonts:
                needed[font.path] = (font.code_points() - own) or font.code_points()
                subsets = (choose(needed[font.path], points)
                           or [max(points, key=lambda s: len(points[s]))])
                made_of[font.path] = [package + "/" + subset for subset in subsets]
                if len(subsets) == 1 and len(files[subsets[0]]) > SHARED_FROM:
                    shared = f"shared/{package.split('/')[1]}-{subsets[0].strip('[]')}.woff2"
                    same_as[font.path] = shared
                    jobs[shared] = (shared, [files[subsets[0]]], None)
                else:
                    jobs[font.path] = (font.path, [files[subset] for subset in subsets], [])
        with ProcessPoolExecutor(os.cpu_count() or 1) as pool:
            # The slowest first (the emoji), so that both cores stay busy to the end.
            ordered = sorted(jobs.values(), key=lambda job: -max(len(part) for part in job[1]))
            for path, data, held in pool.map(make_font, ordered):
                target = new / "fonts" / path
                target.parent.mkdir(parents=True, exist_ok=True)
                target.write_bytes(data)
                maps[path] = held
                sizes[path] = len(data)
    for path, wanted in needed.items():
        file = same_as.get(path, path)
        record["fonts"][path] = {"from": made_of[path], "bytes": sizes[file],
                                 "holds": round(len(maps[file] & wanted) / len(wanted), 4)}
        if path in same_as:
            record["fonts"][path]["same_as"] = file
    (new / "build.json").write_text(json.dumps(record, indent=1, sort_keys=True) + "\n",
                                    encoding="utf-8")
    old = BUILT.with_name(BUILT.name + ".old")
    shutil.rmtree(old, ignore_errors=True)
    if BUILT.exists():
        BUILT.rename(old)
    new.rename(BUILT)
    shutil.rmtree(old, ignore_errors=True)
    total = sum(sizes.values())
    print(f"script/fallback_fonts.py: {len(record['fonts'])} fonts built "
          f"({total / 2**20:.1f} MiB), {len(record['without'])} without a package")


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("command", choices=["build", "lock"])
    parser.add_argument("--force", action="store_true", help="build again even if up to date")
    arguments = parser.parse_args(argv)
    if arguments.command == "lock":
        lock()
    else:
        build(arguments.force)


if __name__ == "__main__":
    main()
