"""A new Sunflower Valley table's goal cards (issue 32, row 4): a fourth card tapped while three
are chosen changes nothing, and the picker says why and what to do, in the device's language."""

from __future__ import annotations

import flet as ft

from control_tree import identified
from scorer.sunflower_valley.goals import GOALS
from scorer.sunflower_valley.models import FIRST_GAME_GOALS
from ui.games.sunflower_valley.setup_view import GoalPicker
from ui.parts.words import app_language


def picker(code: str) -> GoalPicker:
    chosen = GoalPicker(lambda setup: None, app_language(code))
    chosen.root.update = lambda: None  # no page here: what would be sent is the tree itself
    chosen.render()
    return chosen


def test_a_fourth_goal_is_refused_in_words_and_the_three_stay():
    goals = picker("de")
    fourth = next(key for key in GOALS if key not in FIRST_GAME_GOALS)
    assert identified(goals.root, "goals-full") is None
    identified(goals.root, f"goal-{fourth}").on_click(None)
    assert goals.goals == list(FIRST_GAME_GOALS)
    title = app_language("de").render(GOALS[fourth].title)
    assert identified(goals.root, "goals-full").value == (
        f"3 Zielkarten sind gewählt: Um {title} zu wählen, tippe zuerst eine der 3 an, um sie "
        "abzulegen.")
    identified(goals.root, f"goal-{FIRST_GAME_GOALS[0]}").on_click(None)  # one taken off
    assert identified(goals.root, "goals-full") is None
    identified(goals.root, f"goal-{fourth}").on_click(None)
    assert fourth in goals.goals and len(goals.goals) == 3


def test_the_refusal_is_said_under_the_cards_so_no_card_moves_from_under_the_finger():
    """Said above the cards, the refusal pushed the card just tapped about 60 px down on a
    phone (issue 32's walk): everything above the cards stays as it was."""
    goals = picker("en")
    fourth = next(key for key in GOALS if key not in FIRST_GAME_GOALS)
    before = len(goals.root.controls)
    chips_at = next(index for index, control in enumerate(goals.root.controls)
                    if identified(control, f"goal-{fourth}") is not None)
    identified(goals.root, f"goal-{fourth}").on_click(None)
    assert identified(goals.root.controls[chips_at], f"goal-{fourth}") is not None
    assert len(goals.root.controls) == before + 1
    assert identified(goals.root.controls[-1], "goals-full") is not None


def test_on_a_phone_the_refusal_also_comes_in_a_snack_bar_at_the_bottom(tmp_path):
    """Under the cards the refusal may be below the fold while the tapped card is in sight: a
    snack bar says it where the player looks, on the new table screen of a real session."""
    import asyncio

    from live_devices import Server
    from ui.store.storage import TableStore

    async def run():
        store = TableStore(tmp_path / "t.sqlite3")
        server = Server(store)
        phone = server.connect("ann", "/new", table_id=0, player=0)
        fourth = next(key for key in GOALS if key not in FIRST_GAME_GOALS)
        chip = identified(phone.context.page.controls[0], f"goal-{fourth}")
        await phone.session.dispatch_event(chip._i, "click", None)
        bars = [control for control in phone.context.page._dialogs.controls  # noqa: SLF001
                if isinstance(control, ft.SnackBar)]
        assert [bar.content.value for bar in bars] == [
            "3 goal cards are chosen: to choose " + app_language("en").render(
                GOALS[fourth].title) + ", first tap one of the 3 to take it off."]

    asyncio.run(run())
