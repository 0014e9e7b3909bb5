"""Build valleys for tests from a picture: one letter a card, '.' for no card.

S Starting Town, T Town, A fArmer, M Mountain, L Lake, F Field, H sHeep, R Railroad.
Town and Farmer cards need a description: pass ``described={(row, col): dict(...)}``.
"""

from __future__ import annotations

from scorer.sunflower_valley.layout import Layout
from scorer.sunflower_valley.models import Card, Kind, Options, Valley

LETTERS = {
    "S": Kind.STARTING_TOWN,
    "T": Kind.TOWN,
    "A": Kind.FARMER,
    "M": Kind.MOUNTAIN,
    "L": Kind.LAKE,
    "F": Kind.FIELD,
    "H": Kind.SHEEP,
    "R": Kind.RAILROAD,
}

PLAIN_TOWN = {"combination": ("lake",), "points": 1}
"""A Town that only asks for a Lake: for tests where the combination does not matter."""
PLAIN_FARMER = {"combination": ("lake",), "points": 1}


def cards(picture: str, described: dict | None = None) -> list[Card]:
    described = described or {}
    found = []
    rows = [line.split() for line in picture.strip().splitlines()]
    for row, letters in enumerate(rows):
        for col, letter in enumerate(letters):
            if letter == ".":
                continue
            kind = LETTERS[letter]
            extra = described.get((row, col))
            if extra is None and kind is Kind.TOWN:
                extra = PLAIN_TOWN
            if extra is None and kind is Kind.FARMER:
                extra = PLAIN_FARMER
            found.append(Card(kind=kind, row=row, col=col, **(extra or {})))
    return found


def valley(picture: str, described: dict | None = None, stops=None) -> Valley:
    return Valley(cards=tuple(cards(picture, described)), express_stops=stops)


def layout(picture: str, described: dict | None = None, stops=None, **options) -> Layout:
    return Layout(valley(picture, described, stops), Options(**options))
