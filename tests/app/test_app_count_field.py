"""Counts typed in number fields: a whole number in range is the count, anything else is refused
in words and never rewritten into a count."""

from __future__ import annotations

import pytest

from ui.live.editing import parse_count


@pytest.mark.parametrize("typed, count", [("0", 0), ("8", 8), ("08", 8), (" 12 ", 12),
                                          ("99", 99)])
def test_a_whole_number_in_range_is_the_count(typed, count):
    assert parse_count(typed, "cubes", 99) == (count, "")


@pytest.mark.parametrize("typed", ["3.5", "1e3", "-5", "-2", "325", "100", "3,5", "x", "٣",
                                   "²", "+4"])
def test_anything_else_is_refused_in_words_never_read_as_digits(typed):
    count, why = parse_count(typed, "cubes", 99)
    assert count is None
    assert why == f"{typed} is not a count of cubes: type a whole number from 0 to 99."


def test_a_blank_field_asks_for_a_count():
    assert parse_count("  ", "coins", 999) == (
        None, "Type a count of coins, a whole number from 0 to 999.")


def test_the_least_count_is_the_callers():
    assert parse_count("0", "players", 6, least=1)[0] is None
    assert parse_count("1", "players", 6, least=1) == (1, "")


@pytest.mark.parametrize("typed, shown", [
    ("1" * 5000, "11111111… (5000 characters)"),  # int() would refuse past 4,300 digits
    ("3." + "5" * 5000, "3.555555… (5002 characters)"),
    ("0.0000000000000001", "0.000000… (18 characters)"),
    ("1234567890123456", "12345678… (16 characters)"),
])
def test_a_pasted_long_number_is_refused_by_its_start_and_length_never_echoed_whole(typed,
                                                                                    shown):
    assert parse_count(typed, "cubes", 99) == (
        None, f"{shown} is not a count of cubes: type a whole number from 0 to 99.")


def test_fifteen_digits_are_still_read_and_said_as_typed():
    assert parse_count("000000000000042", "coins", 999) == (42, "")
    assert parse_count("123456789012345", "coins", 999) == (
        None, "123456789012345 is not a count of coins: type a whole number from 0 to 999.")
