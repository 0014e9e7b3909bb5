"""Counts are JSON integers, limits come from the games and are said in words, names compare as
players read them."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from scorer.files import TableFileError, table_from_json

ROOT = Path(__file__).resolve().parents[1]


def example(name: str) -> dict:
    return json.loads((ROOT / "examples" / name).read_text())


def refusal(data: dict) -> str:
    with pytest.raises(TableFileError) as refused:
        table_from_json(json.dumps(data), source="t.json")
    return str(refused.value)


@pytest.mark.parametrize("written", ["150", "-50", 3.5, 2.0, True])
def test_a_maple_count_written_otherwise_than_as_an_integer_is_refused(written):
    data = example("maple_valley/four_players.json")
    data["players"][0]["resources"]["Herbs"] = written
    message = refusal(data)
    assert "> resources > Herbs: " in message
    assert "not a number" in message or "not a whole number" in message


HERBS = '"Herbs": 3,'
"""Where the first player's Herbs are counted in examples/maple_valley/four_players.json."""


def herbs_written(written: str) -> tuple[str, int]:
    """The example with the first player's Herbs written as ``written``; where it starts."""
    text = (ROOT / "examples" / "maple_valley" / "four_players.json").read_text()
    at = text.index(HERBS) + len('"Herbs": ')
    return text[:at] + written + text[at + 1:], at


@pytest.mark.parametrize("written, digits", [
    ("1." + "0" * 5000 + "1", 5002),  # a pasted page of decimals, never echoed
    ("3.0000000000000001", 17),       # would have become 3.0 on its way
    ("1e400", 401),                   # would have become infinity
    ("1e-20", 21),                    # would have become almost 0
    ("-0.0000000000000005", 17),
    ("123456789012345.5", 16),
], ids=["5002 digits", "17 digits", "1e400", "1e-20", "negative", "16 digits"])
def test_a_decimal_of_more_digits_than_an_integer_may_have_is_refused_where_it_is(written,
                                                                                  digits):
    """Decimals are bounded as integers are, by their digits written out plainly, before the
    decoder makes a number of them: a located message, never a rounded number."""
    text, at = herbs_written(written)
    line = text.count("\n", 0, at) + 1
    column = at - text.rfind("\n", 0, at)
    with pytest.raises(TableFileError) as refused:
        table_from_json(text, source="t.json")
    assert str(refused.value) == (f"t.json: line {line}, column {column}: a number of {digits} "
                                  "digits; numbers in a table have at most 15")


@pytest.mark.parametrize("written", ["3.5", "1e3", "123456789012.5"])
def test_a_short_decimal_is_decoded_then_refused_as_no_whole_number(written):
    with pytest.raises(TableFileError) as refused:
        table_from_json(herbs_written(written)[0], source="t.json")
    assert "> resources > Herbs: " in str(refused.value)
    assert "is not a whole number" in str(refused.value)


def test_numbers_as_text_are_refused_in_every_game():
    sunflower = example("sunflower_valley/full_table.json")
    sunflower["players"][0]["valley"]["cards"][0]["row"] = "0"
    girasoles = example("girasoles/full_table.json")
    girasoles["players"][0]["coins"] = "12"
    for data in (sunflower, girasoles):
        assert "is text, not a number: write the number without quotes" in refusal(data)


def test_a_valley_of_more_than_30_cards_is_refused_with_the_count():
    data = example("sunflower_valley/full_table.json")
    data["players"][0]["valley"]["cards"] = [{"kind": "starting_town", "row": 0, "col": 0}] + [
        {"kind": "railroad", "row": 0, "col": col} for col in range(1, 122)]
    assert "122 cards: a valley has 19 (at most 30 are accepted)" in refusal(data)


def test_a_pack_holds_at_most_the_games_markers_and_planks():
    data = example("maple_valley/solo.json")
    data["players"][0]["resources"] = {"Honey": 99, "Bugs": 99, "Clay": 31}
    assert "229 resources in one Pack? " in refusal(data)
    data["players"][0]["resources"] = {"Honey": 99, "Bugs": 99, "Clay": 30}
    table_from_json(json.dumps(data))


def test_maps_are_bounded_by_the_tiles():
    data = example("maple_valley/solo.json")
    data["players"][0]["resources"]["Maps"] = 21
    assert "21 Maps? At most 20" in refusal(data)


def test_names_written_with_a_combining_mark_are_the_same_player_and_the_same_card():
    data = example("girasoles/full_table.json")
    data["players"][0]["name"] = "Zo\u00eb"
    data["players"][1]["name"] = "Zoe\u0308"
    assert "two players are called" in refusal(data)
    maple = example("maple_valley/four_players.json")
    favour = dict(maple["catalogue"]["favours"][0], name="Caf\u00e9")
    maple["catalogue"]["favours"] += [favour, dict(favour, name="Cafe\u0301")]
    assert "describes the Favour" in refusal(maple)


def test_a_colour_must_be_one_of_the_apps():
    data = example("girasoles/full_table.json")
    data["players"][0]["colour"] = "teal"
    table_from_json(json.dumps(data))
    data["players"][0]["colour"] = "pink"
    assert "> colour: " in refusal(data)
