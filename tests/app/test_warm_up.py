"""A server loads the app before it serves (``ui.web.warm_up``): its first phone's screens then
load no module and read no file that the next phone's do not. Each check runs in a new Python
process, as a server just started is."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]

FIRST_SCREENS = r"""
import asyncio, json, shutil, sys, tempfile
from pathlib import Path
sys.path.insert(0, {live_devices!r})
from live_devices import Server
from ui.games.plugin import PlayerSetup, PLAYER_COLOURS
from ui.games.registry import APP_GAMES
from ui.store.storage import TableStore
from ui.web import app  # what a server has imported before it serves
from ui.web.warm_up import warm_up

folder = tempfile.mkdtemp()  # before the hook: the first temporary folder probes the disk
if {warm!r}:
    warm_up()
loaded = set(sys.modules)
opened = []
sys.addaudithook(lambda event, arguments: opened.append(str(arguments[0]))
                 if event == "open" else None)

async def visits(database):
    store = TableStore(database)
    players = [PlayerSetup(name, colour) for name, colour in zip(["Ann", "Bob"], PLAYER_COLOURS)]
    tables = [store.create(game.key, game.new_draft(players, game.default_setup()))
              for game in APP_GAMES.values()]
    server = Server(store)
    devices = []
    for table_id in tables:
        for route in ("/", "/new", f"/table/{{table_id}}/valley/0", f"/table/{{table_id}}/scorepad",
                      f"/table/{{table_id}}/settings"):
            devices.append(server.connect(f"phone-{{len(devices)}}", route, table_id, 0))
            await server.settle()
    for device in devices:
        assert device.connection.sent, "a screen was sent"
    server.sessions.writer.shutdown()
    server.sessions.scorer.shutdown()
    store.close()

asyncio.run(visits(Path(folder) / "tables.sqlite3"))
for code in ("es", "de"):
    from ui.parts.words import app_language
    import datetime
    app_language(code).moment(datetime.datetime(2026, 12, 4, 20, 15))
print(json.dumps({{"modules": sorted(set(sys.modules) - loaded),
                  "files": [path for path in opened if folder not in path]}}))
shutil.rmtree(folder)
"""


def first_screens(warm: bool) -> dict[str, list[str]]:
    """What a new server process loads while it shows its first phones the home screen, a new
    table's form, and each game's table (its first part, the scorepad, the settings), then formats
    a date in Spanish and German: the modules imported, the files opened (the database aside)."""
    script = FIRST_SCREENS.format(live_devices=str(ROOT / "tests" / "app"), warm=warm)
    done = subprocess.run([sys.executable, "-c", script], cwd=ROOT, capture_output=True,
                          text=True, timeout=120)
    assert done.returncode == 0, done.stderr
    return json.loads(done.stdout.splitlines()[-1])


def test_after_the_warm_up_the_first_screens_load_nothing_more():
    loaded = first_screens(warm=True)
    assert loaded == {"modules": [], "files": []}


def test_without_it_the_first_screens_load_the_app_screens_and_the_languages_data():
    """The check above can fail: the same screens on a server that did not warm up load them."""
    loaded = first_screens(warm=False)
    assert {"ui.screens.home_view", "ui.games.sunflower_valley.editor_view",
            "flet.controls.theme"} <= set(loaded["modules"])
    assert any(path.endswith(".dat") for path in loaded["files"])  # Babel's locale data
