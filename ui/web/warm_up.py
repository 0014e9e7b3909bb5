"""What a server loads before it serves its first phone, so that phone is not the one to wait.

Python loads the app's screens, Flet's controls and the languages' data at their first use. A
server just started (a group's laptop at the start of the evening, a worker after a restart) made
its first phone wait for all of it: its home screen and its first valley cost the server several
times what the next phone's do (``benchmarks/cold_start.py``, docs/benchmarks/cold_start.md).
The server loads them before it serves instead, and the garbage collector's freeze then covers
them too (``ui.web.server.keep_loaded_code_out_of_collections``)."""

from __future__ import annotations

import datetime as dt
import importlib
import pkgutil
import sys
import types

import flet as ft

import ui.games
import ui.screens
from scorer.language import LANGUAGES
from ui.parts.words import app_language


def warm_up() -> None:
    """Load what the first screens of any phone use: every screen and game module, the Flet
    controls they name, and each language's words and locale data."""
    load_screens_and_games()
    load_flet_controls_named()
    load_languages()


def load_screens_and_games() -> list[types.ModuleType]:
    """Every module of :mod:`ui.screens` and :mod:`ui.games` (the router imports the screens at a
    visit, and a game's editor at its first table)."""
    return [importlib.import_module(found.name)
            for package in (ui.screens, ui.games)
            for found in pkgutil.walk_packages(package.__path__, package.__name__ + ".")]


FLET_LOADS_AT_FIRST_PAGE = ("flet.components.component",)
"""Modules that Flet itself imports at a page's first use (setting its controls unwraps its
components): the warm-up test names any other that appears."""


def load_flet_controls_named() -> set[str]:
    """The names of Flet's package (``ft.Theme``, ``ft.Colors``...) that the app's code names,
    each loaded now: Flet imports a control's module at its first use only, and a few take tens of
    milliseconds (its themes). Read from the compiled code of the app's modules loaded
    (every name their functions use), so a control used for the first time anywhere is loaded
    without a list to keep; a name that is not Flet's is left alone."""
    offered = set(ft.__all__)
    named: set[str] = set()
    for module_name, module in list(sys.modules.items()):
        if module_name.split(".")[0] != "ui" or module is None:
            continue
        for value in vars(module).values():
            named |= _names_used(value, module_name)
    loaded = named & offered
    for name in sorted(loaded):
        getattr(ft, name)
    for module in FLET_LOADS_AT_FIRST_PAGE:
        importlib.import_module(module)
    return loaded


def _names_used(value, module_name: str) -> set[str]:
    """The names used by ``value``'s code when it is a function or class of ``module_name``
    (its methods', its nested functions' and lambdas' too)."""
    if getattr(value, "__module__", None) != module_name:
        return set()
    if isinstance(value, type):
        names: set[str] = set()
        for member in vars(value).values():
            member = getattr(member, "__func__", member)  # static and class methods
            if isinstance(member, property):
                member = member.fget
            if isinstance(member, types.FunctionType):
                names |= _code_names(member.__code__)
        return names
    if isinstance(value, types.FunctionType):
        return _code_names(value.__code__)
    return set()


def _code_names(code: types.CodeType) -> set[str]:
    names = set(code.co_names)
    for constant in code.co_consts:
        if isinstance(constant, types.CodeType):
            names |= _code_names(constant)
    return names


def load_languages() -> None:
    """Each language's catalogues and locale data (Babel's dates, lists and numbers: the first
    date a home screen shows loaded more than the rest of that screen cost)."""
    moment = dt.datetime(2026, 12, 1, 17, 5)
    for code in LANGUAGES:
        words = app_language(code)
        words.moment(moment)
        words.day(moment)
        words.listing(["Ann", "Bob", "Cy"])
        words.decimal(12.5)
        words.percent(0.5)
        words.number(12_345)
