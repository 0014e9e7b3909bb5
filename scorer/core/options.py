"""A game's table options: the readings of its rulebook a table may choose, one pydantic model per
game (``Options``), each default being the project's ruling."""

from __future__ import annotations

from collections.abc import Mapping
from typing import ClassVar

from scorer.core.breakdown import Frozen
from scorer.message import Message


class TableOptions(Frozen):
    """Base of each game's ``Options``. A field's JSON-schema ``description`` starts with the
    ruling it reads ("Ruling SV-9: ...") and stays English, for the schema's readers; the words a
    player reads are the class's messages, so that each device says them in its own language:

    - ``sentences``: what each option changes, in one sentence, by field name;
    - ``choices``: the name of each value of an option that is more than yes or no, by field
      name, then value.

    An option's title is its ruling's (``scorer.rulings.ruling(id).said["title"]``)."""

    sentences: ClassVar[Mapping[str, Message]] = {}
    choices: ClassVar[Mapping[str, Mapping[str, Message]]] = {}
