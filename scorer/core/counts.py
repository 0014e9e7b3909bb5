"""Numbers in a table file: JSON integers only. ``"150"`` or ``3.5`` where a count is expected is
refused in words, never converted, so what scores is exactly what was written and reads back."""

from __future__ import annotations

from typing import Annotated, Any

from pydantic import BeforeValidator

from scorer.message import MessageError, msg


def json_integer(value: Any) -> Any:
    """Refuse anything but an integer before pydantic's lax mode could convert it."""
    if isinstance(value, int) and not isinstance(value, bool):
        return value
    if isinstance(value, str):
        raise MessageError(msg("core.count.text", "{value} is text, not a number: write the "
                               "number without quotes", value=repr(value)))
    if isinstance(value, bool):
        raise MessageError(msg("core.count.not_a_number", "{value} is not a number",
                               value=str(value).lower()))
    raise MessageError(msg("core.count.not_whole", "{value} is not a whole number",
                           value=repr(value)))


WholeNumber = Annotated[int, BeforeValidator(json_integer)]
"""An integer as JSON writes it; bounds go on the field (``Field(ge=..., le=...)``)."""
