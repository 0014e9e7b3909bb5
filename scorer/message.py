"""Words the library says, as messages rather than sentences: a stable id, the English source text
with named placeholders, and the parameters (counts, places, card names), so any language can say
them again (:mod:`scorer.language`).

A scoring line's explanation is built with :func:`msg` or, when a count is shown, :func:`msg_n`::

    msg_n("sv.goal.sheep", "{count} Sheep card ({cards})", "{count} Sheep cards ({cards})",
          count=3, cards=listing)

``pybabel extract`` finds these calls (keywords ``msg:1c,2`` and ``msg_n:1c,2,3``: the id is the
gettext context, the source the msgid), so the call's texts must be literals. A message keeps the
sentence rendered in the language it was last rendered in (``text``, English when scored) beside
its id and parameters: ``scorepad score --json`` carries both.

A parameter is a number, a text the player typed (a name, a card's name: never translated), another
message (a card kind, a place: rendered in the same language) or a tuple of those (a listing,
joined with ", ").
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache
from typing import Any, Protocol, Union

from pydantic import BaseModel, ConfigDict, model_validator

Param = Union[int, float, str, "Message", tuple[Union[int, float, str, "Message"], ...]]


class Wording(Protocol):
    """What renders a message in one language (see :class:`scorer.language.Language`): the
    translated template of a message, and how a number is written."""

    def template(self, message: Message) -> str: ...

    def number(self, value: int | float) -> str: ...


class Message(BaseModel):
    """A sentence as a message: ``id`` (stable, dotted, e.g. ``sv.goal.sheep``), its English
    ``source`` (and ``plural`` source when it shows ``count``), its ``params``, and ``text``: the
    sentence rendered in one language."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    id: str
    source: str
    plural: str | None = None
    params: dict[str, Param] = {}
    text: str

    def __str__(self) -> str:
        return self.text

    def rendered(self, wording: Wording) -> Message:
        """This message in another language (its parameters' messages too)."""
        params = {name: _rendered_param(value, wording) for name, value in self.params.items()}
        return _made(self.id, self.source, self.plural, params, wording)


class _English:
    """The source texts as they are, numbers as Python writes them: no catalogue is read."""

    def template(self, message: Message) -> str:
        if message.plural is not None and message.params.get("count") != 1:
            return message.plural
        return message.source

    def number(self, value: int | float) -> str:
        return str(value)


ENGLISH: Wording = _English()


def msg(id: str, source: str, /, **params: Param) -> Message:
    """A message without plural forms, rendered in English."""
    return _made(id, source, None, _checked(params), ENGLISH)


def msg_n(id: str, source: str, plural: str, /, count: int, **params: Param) -> Message:
    """A message whose words depend on ``count`` (``{count}`` is a parameter too), in English."""
    return _made(id, source, plural, _checked({"count": count, **params}), ENGLISH)


def _made(id: str, source: str, plural: str | None, params: dict[str, Param],
          wording: Wording) -> Message:
    """A message rendered with ``wording``. Made as pydantic's ``model_construct`` makes a
    model, without its validation (``_checked`` did that work) and without its loop over the
    fields and their aliases: the library makes hundreds of messages per table, and that loop
    cost as much as the scoring (a test checks that a message made so equals a validated one)."""
    if not id:
        text = source
    elif wording is ENGLISH:
        template = source if plural is None or params.get("count") == 1 else plural
        text = _filled(template, template, params, wording)
    else:
        unrendered = _Unrendered(id, source, plural, params)
        text = _filled(wording.template(unrendered), ENGLISH.template(unrendered), params,
                       wording)
    message = _new_message(Message)
    _set_attribute(message, "__dict__", {"id": id, "source": source, "plural": plural,
                                         "params": params, "text": text})
    _set_attribute(message, "__pydantic_fields_set__", set(_MESSAGE_FIELDS))
    _set_attribute(message, "__pydantic_extra__", None)
    _set_attribute(message, "__pydantic_private__", None)
    return message


_MESSAGE_FIELDS = tuple(Message.model_fields)
_new_message = BaseModel.__new__
_set_attribute = object.__setattr__


@dataclass(frozen=True, slots=True)
class _Unrendered:
    """What a ``Wording`` reads of a message to choose its template."""

    id: str
    source: str
    plural: str | None
    params: dict[str, Param]


def _checked(params: dict[str, Any]) -> dict[str, Param]:
    """The parameters as a message holds them: a list becomes a tuple, a string subclass (a
    str enum) a plain string; anything else a message cannot say is a programming error."""
    for value in params.values():
        if type(value) not in _KEPT_AS_THEY_ARE:
            return {name: _param(value, name) for name, value in params.items()}
    return params  # the call's own keyword dictionary: nobody else holds it


def _param(value: Any, name: str) -> Param:
    if type(value) in _KEPT_AS_THEY_ARE:
        return value
    if isinstance(value, Message):
        return value
    if isinstance(value, tuple | list):
        return tuple(_param(item, name) for item in value)
    if isinstance(value, str):
        return str.__str__(value)
    if isinstance(value, int | float) and not isinstance(value, bool):
        return value
    raise TypeError(f"message parameter {name!r} is a {type(value).__name__}: a message says "
                    "numbers, texts, messages and tuples of them")


_KEPT_AS_THEY_ARE = frozenset((int, float, str, Message))


def verbatim(text: str) -> Message:
    """A text that is not the library's to translate (a name the player typed, a file's line):
    the empty id says so, and every language shows it as it is."""
    if type(text) is str:  # as pydantic would keep it: made without its validation, for speed
        return Message.model_construct(id="", source=text, text=text)
    return Message(id="", source=text, text=text)


class MessageError(ValueError):
    """A refusal in words that any language can say: raised by a model's validator (pydantic
    keeps it in the error's ``ctx["error"]``), so the located message of a bad table can be said
    in the reader's language. ``str()`` is the English sentence."""

    def __init__(self, message: Message):
        super().__init__(message.text)
        self.message = message


@lru_cache(maxsize=4096)
def place(row: int, column: int) -> Message:
    """A place on a valley or a board as players name it: "row 2, column 3" (numbers from 1)."""
    return msg("place.row_column", "row {row}, column {column}", row=row, column=column)


def _filled(template: str, english: str, params: dict[str, Param], wording: Wording) -> str:
    """``template`` with the parameters' texts in its placeholders."""
    values = {name: value if type(value) is str
              else value.text if type(value) is Message
              else _param_text(value, wording)
              for name, value in params.items()}
    try:
        return template.format_map(values)
    except (KeyError, IndexError, ValueError):
        # A translation naming a parameter the message lacks: the English sentence rather than
        # none (a test checks every catalogue's placeholders, so this is a safety net).
        return english.format_map(values)


def _param_text(value: Param, wording: Wording) -> str:
    kind = type(value)  # the kinds ``_checked`` keeps, first (a message may have hundreds)
    if kind is str:
        return value
    if kind is int or kind is float:
        return wording.number(value)
    if kind is Message:
        return value.text
    if isinstance(value, Message):
        return value.text
    if isinstance(value, tuple):
        return ", ".join(_param_text(item, wording) for item in value)
    if isinstance(value, bool) or not isinstance(value, int | float):
        return str(value)
    return wording.number(value)


def _rendered_param(value: Param, wording: Wording) -> Param:
    if isinstance(value, Message):
        return value.rendered(wording)
    if isinstance(value, tuple):
        return tuple(_rendered_param(item, wording) for item in value)
    return value


class Spoken(BaseModel):
    """A model whose texts are words shown to players (a line's label and detail, a table's
    warnings): each such field holds the sentence as a ``str`` and, in ``said``, the message it was
    rendered from (by field name; a tuple field holds a tuple of messages). A field may be given a
    :class:`Message` (or a tuple of them) when the model is made: its text goes into the field and
    the message into ``said``. A plain string is kept as it is and has no message: it is not
    translated (a test lists every one the library still makes)."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    said: dict[str, Message | tuple[Message, ...]] = {}

    @model_validator(mode="before")
    @classmethod
    def _texts_of_messages(cls, data: Any) -> Any:
        if not isinstance(data, dict):
            return data
        said = dict(data.get("said") or {})
        texts = {}
        text_fields = _text_fields(cls)
        for name, value in data.items():
            if name not in text_fields:
                continue  # e.g. a line's cells: a long tuple no message is ever in
            if isinstance(value, Message):
                said[name], texts[name] = value, value.text
            elif isinstance(value, tuple | list) and any(isinstance(item, Message)
                                                          for item in value):
                messages = tuple(item if isinstance(item, Message) else verbatim(item)
                                 for item in value)
                said[name], texts[name] = messages, tuple(item.text for item in messages)
        if not said:
            return data
        return {**data, **texts, "said": said}

    def spoken_in(self, wording: Wording) -> dict[str, Any]:
        """The fields this model's messages fill, rendered with ``wording`` (``said`` too)."""
        said: dict[str, Message | tuple[Message, ...]] = {}
        texts: dict[str, Any] = {}
        for name, message in self.said.items():
            if isinstance(message, tuple):
                said[name] = tuple(item.rendered(wording) for item in message)
                texts[name] = tuple(item.text for item in said[name])
            else:
                said[name] = message.rendered(wording)
                texts[name] = said[name].text
        return {**texts, "said": said}


@lru_cache(maxsize=None)
def _text_fields(model: type[Spoken]) -> frozenset[str]:
    """The fields of ``model`` that hold texts (``str`` or ``tuple[str, ...]``): the only ones a
    message may be given for."""
    return frozenset(name for name, field in model.model_fields.items()
                     if field.annotation in (str, tuple[str, ...]))
