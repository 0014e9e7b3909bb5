"""The new-table form as a German-speaking newcomer met it (issue 32, rows 2 and 3): a name left
empty is refused in the device's language, on the field itself as well as by Start, the empty
field's label does not read as a name, and typing after the refusal keeps the controls being
typed in (a redraw lost keys: "Ben" became "B")."""

from __future__ import annotations

from control_tree import identified
from test_app_maple_valley_view import FakeContext
from ui.games.registry import APP_GAMES
from ui.parts.words import app_language
from ui.screens.new_table_view import NewTableView


def form_in(code: str, names: list[str]) -> NewTableView:
    context = FakeContext(390)
    context.words = app_language(code)
    context.games = APP_GAMES
    view = NewTableView(context)
    for index, name in enumerate(names):
        if index >= len(view.form.names):
            view.form.add_player()
        view.form.names[index] = name
    view.render()
    return view


def test_an_empty_name_is_refused_in_the_device_language_on_its_own_field():
    view = form_in("de", ["Anna", "", "Clara"])
    view._start()
    expected = "Spieler 2: jeder Spieler braucht einen Namen."
    assert identified(view.root, "new-table-error").value == expected
    field = identified(view.root, "player-name-1")
    assert field.error == expected and field.label == "Name von Spieler 2"
    assert identified(view.root, "player-name-0").error is None


def test_the_refusal_is_said_in_spanish_and_english_too():
    for code, expected in (("es", "Jugador 2: un jugador necesita un nombre."),
                           ("en", "Player 2: a player needs a name.")):
        view = form_in(code, ["Ana", "   "])
        view._start()
        assert identified(view.root, "new-table-error").value == expected
        # Whole under the field at 390 px, not cut after one line (the Spanish walk's
        # "Jugador 2: un jugador nece…").
        assert identified(view.root, "player-name-1").error_max_lines >= 2


def test_typing_after_a_refusal_clears_it_and_keeps_the_fields():
    view = form_in("de", ["Anna", "", "Clara"])
    view._start()
    field = identified(view.root, "player-name-1")
    field.on_change(type("Event", (), {"control": type("Typed", (), {"value": "B"})()})())
    assert identified(view.root, "player-name-1") is field, "the field being typed in stays"
    assert field.error is None and view.form.names[1] == "B"
    assert view._error_handle.visible is False  # the refusal's line, hidden in place
