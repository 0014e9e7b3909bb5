#!/usr/bin/env python3
"""The translation catalogues: extract the messages from the code, update each language's ``.po``,
compile the ``.mo`` files, and list what is missing (the tests use :func:`problems`).

    script/catalogs.py [update [DOMAIN ...]]
                                  extract, then update the domains' .po (all by default; new
                                  languages too), then compile
    script/catalogs.py compile    compile only (script/bootstrap runs this)
    script/catalogs.py check [DOMAIN ...]
                                  print every problem; exit 1 if there is one
    script/catalogs.py fill DOMAIN CODE FILE.json
                                  set translations from a JSON object {id: text}, or
                                  {id: [form, form, ...]} for a message with plural forms

A domain is one catalogue per language, extracted from the sources listed in DOMAINS: several, so
that work on different parts of the code never edits the same file. Every message is found by its
keyword: ``msg``/``msg_n`` (the library, :mod:`scorer.message`) and ``say``/``say_n`` (the app, see
:class:`scorer.language.Language`); the first argument is the id (gettext's context), the next ones
the English source (and plural).
"""

from __future__ import annotations

import io
import re
import sys
from dataclasses import dataclass
from datetime import datetime, timezone
from pathlib import Path

from babel.messages.catalog import Catalog
from babel.messages.extract import extract_from_file
from babel.messages.mofile import write_mo
from babel.messages.pofile import read_po, write_po

ROOT = Path(__file__).resolve().parent.parent
TRANSLATED = ("es", "de")
"""Every language shipped besides English (the source): each translates every message."""
STAMP = datetime(2026, 12, 1, tzinfo=timezone.utc)
"""The catalogues' header dates, fixed: an update that changes no message changes no byte."""
KEYWORDS = {"msg": ((1, "c"), 2), "msg_n": ((1, "c"), 2, 3),
            "say": ((1, "c"), 2), "say_n": ((1, "c"), 2, 3)}


@dataclass(frozen=True)
class Domain:
    name: str
    catalogs: str
    """The catalogue folder, relative to the repository."""
    sources: tuple[str, ...]
    """Python files and folders (searched whole) whose messages the domain holds."""

    def po(self, code: str) -> Path:
        return ROOT / self.catalogs / code / "LC_MESSAGES" / f"{self.name}.po"

    def source_files(self) -> list[Path]:
        files = []
        for source in self.sources:
            path = ROOT / source
            files += sorted(path.rglob("*.py")) if path.is_dir() else [path]
        return files


DOMAINS = (
    Domain("library", "scorer/locale",
           ("scorer/__init__.py", "scorer/__main__.py", "scorer/core", "scorer/message.py", "scorer/language.py", "scorer/cli.py",
            "scorer/files.py", "scorer/games.py", "scorer/report.py", "scorer/statistics.py",
            "scorer/bgstats.py", "scorer/plays.py", "scorer/deck.py")),
    Domain("rulings", "scorer/locale", ("scorer/rulings.py",)),
    Domain("sunflower_valley", "scorer/locale", ("scorer/sunflower_valley",)),
    Domain("girasoles", "scorer/locale", ("scorer/girasoles",)),
    Domain("maple_valley", "scorer/locale", ("scorer/maple_valley",)),
    Domain("app", "ui/locale", ("ui/__init__.py", "ui/__main__.py", "ui/cli.py", "ui/web", "ui/parts", "ui/live", "ui/store")),
    Domain("screens", "ui/locale", tuple(f"ui/screens/{name}.py" for name in (
        "__init__", "home_view", "new_table_model", "new_table_view", "import_model",
        "import_view", "join_view", "invite_view", "table_view", "table_settings",
        "table_settings_view", "finish_view", "text_view", "scorepad_model", "scorepad_view",
        "explanation_view"))),
    Domain("after_game", "ui/locale", tuple(f"ui/screens/{name}.py" for name in (
        "after_game_views", "history_view", "statistics_view", "backup_view", "deck_view",
        "photos_view", "deleted_tables", "exports"))),
    Domain("games", "ui/locale", ("ui/games",)),
    Domain("keeping", "ui/locale", ("ui/screens/keeping.py", "ui/screens/my_data_view.py")),
    Domain("help", "ui/locale", ("ui/screens/screen_help.py",)),
    Domain("board", "ui/locale", ("ui/screens/scoreboard_view.py", "ui/screens/watch_view.py")),
)

PLACEHOLDER = re.compile(r"\{([^{}]*)\}")


def extract(domain: Domain) -> Catalog:
    """Every message of the domain's sources, as a template catalogue (no translations)."""
    template = Catalog(project="scorepad", fuzzy=False, creation_date=STAMP)
    for path in domain.source_files():
        for line, message, comments, context in extract_from_file(
                "python", path, keywords=KEYWORDS, options={"encoding": "utf-8"}):
            if not context or not message or (isinstance(message, tuple) and not all(message)):
                continue  # an id or text that is not a literal: nothing to translate here
            where = (str(path.relative_to(ROOT)), line)
            existing = template.get(message if isinstance(message, str) else message[0],
                                    context=context)
            if existing is not None:
                existing.locations.append(where)
            else:
                template.add(message, context=context, locations=[where])
    return template


def chosen(names: list[str]) -> tuple[Domain, ...]:
    known = {domain.name: domain for domain in DOMAINS}
    unknown = [name for name in names if name not in known]
    if unknown:
        raise SystemExit(f"unknown domain {unknown[0]!r}; the domains are {', '.join(known)}")
    return tuple(known[name] for name in names) or DOMAINS


def update(domains: tuple[Domain, ...] = DOMAINS) -> None:
    for domain in domains:
        template = extract(domain)
        for code in TRANSLATED:
            po = domain.po(code)
            if po.exists():
                with po.open("rb") as file:
                    catalog = read_po(file, locale=code)
                catalog.update(template, no_fuzzy_matching=True)
                catalog.obsolete.clear()
            else:
                catalog = Catalog(locale=code, domain=domain.name, project="scorepad",
                                  fuzzy=False, creation_date=STAMP, revision_date=STAMP,
                                  copyright_holder="the scorepad authors")
                catalog.update(template, no_fuzzy_matching=True)
            po.parent.mkdir(parents=True, exist_ok=True)
            _write(po, catalog)


def _write(po: Path, catalog: Catalog) -> None:
    catalog.revision_date = STAMP
    out = io.BytesIO()
    # No line numbers and no wrapping: an edit elsewhere in a file never changes the catalogue.
    write_po(out, catalog, width=0, no_location=True, sort_output=True, omit_header=False,
             include_previous=False)
    po.write_bytes(out.getvalue())


def catalogues() -> list[Path]:
    return sorted({domain.po(code) for domain in DOMAINS for code in TRANSLATED
                   if domain.po(code).exists()})


def compile_all() -> None:
    for po in catalogues():
        with po.open("rb") as file:
            catalog = read_po(file, locale=po.parent.parent.name)
        with po.with_suffix(".mo").open("wb") as mo:
            write_mo(mo, catalog)


def fill(domain: Domain, code: str, translations: dict[str, str | list[str]]) -> list[str]:
    """Set translations by message id; returns the ids the catalogue does not hold."""
    po = domain.po(code)
    with po.open("rb") as file:
        catalog = read_po(file, locale=code)
    by_id = {message.context: message for message in catalog if message.id}
    for id, text in translations.items():
        if id in by_id:
            by_id[id].string = tuple(text) if isinstance(text, list) else text
            by_id[id].flags.discard("fuzzy")
    _write(po, catalog)
    return [id for id in translations if id not in by_id]


def unassigned() -> list[str]:
    """Python files of scorer/ and ui/ that no domain lists: their words would never reach a
    catalogue."""
    listed = {path for domain in DOMAINS for path in domain.source_files()}
    return sorted(str(path.relative_to(ROOT)) for folder in ("scorer", "ui")
                  for path in (ROOT / folder).rglob("*.py") if path not in listed)


def problems(domains: tuple[Domain, ...] = DOMAINS) -> list[str]:
    """Every way the catalogues fall short of the code, one line each."""
    found = [f"{path} is in no domain of script/catalogs.py" for path in unassigned()]
    sources: dict[str, tuple[object, str]] = {}
    for domain in domains:
        template = extract(domain)
        for message in template:
            if not message.id:
                continue
            earlier = sources.setdefault(message.context, (message.id, domain.name))
            if earlier[0] != message.id:
                found.append(f"id {message.context!r} has two texts: {earlier[0]!r} "
                             f"({earlier[1]}) and {message.id!r} ({domain.name})")
        for code in TRANSLATED:
            po = domain.po(code)
            if not po.exists():
                found.append(f"{po.relative_to(ROOT)} is missing (run script/catalogs.py)")
                continue
            with po.open("rb") as file:
                catalog = read_po(file, locale=code)
            for message in template:
                if not message.id:
                    continue
                where = f"{po.relative_to(ROOT)}: {message.context}"
                translated = catalog.get(message.id, context=message.context)
                if translated is None:
                    found.append(f"{where} is not in the catalogue (run script/catalogs.py)")
                    continue
                found += [f"{where} {problem}" for problem in _translation_problems(translated)]
            for message in catalog:
                if message.id and template.get(message.id, context=message.context) is None:
                    found.append(f"{po.relative_to(ROOT)}: {message.context} is no longer in "
                                 "the code (run script/catalogs.py)")
    return found


def _translation_problems(message) -> list[str]:
    if message.fuzzy:
        return ["is marked fuzzy"]
    sources = message.id if isinstance(message.id, tuple) else (message.id,)
    texts = message.string if isinstance(message.string, tuple) else (message.string,)
    if not all(texts):
        return ["is not translated"]
    wanted = set(PLACEHOLDER.findall(" ".join(sources)))
    return [f"names {sorted(set(PLACEHOLDER.findall(text)))} where the source names "
            f"{sorted(wanted)}: {text!r}"
            for text in texts if set(PLACEHOLDER.findall(text)) - wanted
            or (len(texts) == 1 and set(PLACEHOLDER.findall(text)) != wanted)]


def main(argv: list[str]) -> int:
    command = argv[0] if argv else "update"
    if command == "update":
        update(chosen(argv[1:]))
        compile_all()
    elif command == "compile":
        compile_all()
    elif command == "fill" and len(argv) == 4:
        import json

        missing = fill(chosen([argv[1]])[0], argv[2], json.loads(Path(argv[3]).read_text()))
        compile_all()
        if missing:
            print("not in the catalogue (run update first?): " + ", ".join(missing))
            return 1
    elif command == "check":
        found = problems(chosen(argv[1:]))
        print("\n".join(found) or "the catalogues translate every message")
        return 1 if found else 0
    else:
        print(__doc__, file=sys.stderr)
        return 2
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
