"""Numbers in a table file: JSON integers only. ``"150"`` or ``3.5`` where a count is expected is
refused in words, never converted, so what scores is exactly what was written and reads back."""

from __future__ import annotations

from typing import Annotated, Any

from pydantic import BeforeValidator


def json_integer(value: Any) -> Any:
    """Refuse anything but an integer before pydantic's lax mode could convert it."""
    if isinstance(value, int) and not isinstance(value, bool):
        return value
    if isinstance(value, str):
        raise ValueError(f"{value!r} is text, not a number: write the number without quotes")
    if isinstance(value, float):
        raise ValueError(f"{value!r} is not a whole number")
    if isinstance(value, bool):
        raise ValueError(f"{str(value).lower()} is not a number")
    raise ValueError(f"{value!r} is not a whole number")


WholeNumber = Annotated[int, BeforeValidator(json_integer)]
"""An integer as JSON writes it; bounds go on the field (``Field(ge=..., le=...)``)."""
