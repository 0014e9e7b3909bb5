"""What a stranger may make on a public server (``scorepad app --public``), counted on the server.

A public scorepad is open to whoever has its address, so what one device, or one network address
(a café's router, a phone network's gateway), may make is counted and bounded: tables made, tables
kept, invitations opened (a wrong code counts as much as a right one: each costs the server a
look-up), backups imported, photos sent. Each limit is a setting (:class:`PublicLimits`, with a
documented default: docs/hosting.md), each refusal a message that says what happened and when to
try again. The private mode (``scorepad app``, ``--lan``) counts nothing.

The counting is `limits`' fixed windows in this process's memory: a count is one integer a key,
and a key is forgotten when its window ends, so the counts themselves cost a bounded amount (an
address is counted before the device it sends, and a refused address makes no device key).
"""

from __future__ import annotations

import math
import time
from dataclasses import dataclass
from typing import Literal

from limits import RateLimitItem, parse
from limits.storage import MemoryStorage
from limits.strategies import FixedWindowRateLimiter
from pydantic import BaseModel, ConfigDict, Field, field_validator

from scorer.message import Message, msg

MOST_DAYS = 36_500
"""The longest retention a setting may ask for (a hundred years): any date it gives is one a
calendar can show."""

Action = Literal["table", "join", "import", "photo"]
"""What is counted: a table made (new, rematch or imported one by one), an invitation opened, a
backup imported, a photo sent."""


class PublicLimits(BaseModel):
    """The public mode's limits, each ``N/period`` (``limits``' notation: ``20/day``,
    ``30/hour``, ``5/minute``, or ``N per M hours``), by device and by network address; how
    many tables one device may keep; and how many days a table nobody opens is kept
    (``ui.store.retention``). Set on the command line:
    ``scorepad app --public URL --limit tables_per_device=50/day``."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    tables_per_device: str = "20/day"
    """New tables (made, a rematch, a table file imported) one device may make."""
    tables_per_address: str = "200/day"
    """The same from one network address: a café's tables share its router's."""
    joins_per_device: str = "30/hour"
    """Invitations (``/join/<code>``) one device may open, right or wrong."""
    joins_per_address: str = "300/hour"
    imports_per_device: str = "10/hour"
    """Backups one device may import."""
    imports_per_address: str = "50/hour"
    photos_per_device: str = "60/hour"
    """Photos one device may send (each table and device also has its photo quota: the number
    and the bytes kept, ui/store/photos.py)."""
    photos_per_address: str = "600/hour"
    tables_kept_per_device: int = Field(200, ge=1)
    """Tables a device may keep (made by it and not deleted): past it, it deletes one first."""
    table_days: int = 90
    """Days a table nobody opens is kept (ui/store/retention.py): then it is deleted for good."""
    finished_days: int = 365
    """The same for a finished game."""

    @field_validator("table_days", "finished_days", mode="before")
    @classmethod
    def _days(cls, value: object) -> int:
        try:
            days = int(str(value).strip())
        except ValueError:
            raise ValueError(f"{value!r} is not a number of days: write a whole number from 1 "
                             f"to {MOST_DAYS}, e.g. 90") from None
        if not 1 <= days <= MOST_DAYS:
            raise ValueError(f"{days} days: write a whole number from 1 to {MOST_DAYS} (a "
                             "hundred years)")
        return days

    @field_validator("tables_per_device", "tables_per_address", "joins_per_device",
                     "joins_per_address", "imports_per_device", "imports_per_address",
                     "photos_per_device", "photos_per_address")
    @classmethod
    def _a_rate(cls, value: str) -> str:
        try:
            parse(value)
        except ValueError:
            raise ValueError(f"{value!r} is not a rate: write it as N/period, e.g. 20/day, "
                             "30/hour or 5/minute") from None
        return value

    @classmethod
    def from_settings(cls, settings: list[str]) -> PublicLimits:
        """The limits with ``NAME=VALUE`` settings (``--limit``) applied; a ``ValueError`` that
        names the setting and says what it takes."""
        values: dict[str, str] = {}
        for setting in settings:
            name, equals, value = setting.partition("=")
            name = name.strip().replace("-", "_")
            if not equals or name not in cls.model_fields:
                raise ValueError(f"--limit {setting}: write NAME=VALUE, NAME one of "
                                 f"{', '.join(cls.model_fields)}")
            values[name] = value.strip()
        try:
            return cls(**values)
        except ValueError as error:
            first = error.errors()[0] if hasattr(error, "errors") else None
            if first is None:
                raise
            name = first["loc"][0] if first["loc"] else "?"
            raise ValueError(f"--limit {name}={values.get(str(name), '')}: "
                             f"{first['msg'].removeprefix('Value error, ')}") from None


@dataclass(frozen=True)
class Refusal:
    """A count over its limit: which, and when the window ends."""

    action: Action
    by_address: bool
    retry_after: float
    """Seconds until one more is counted again."""

    def message(self) -> Message:
        """What happened and when to try again, in words for the device."""
        minutes = max(1, math.ceil(self.retry_after / 60))
        what = REFUSED[(self.action, self.by_address)]
        return msg("ui.quota.refused", "{what} Try again in {minutes} min.", what=what,
                   minutes=minutes)


REFUSED: dict[tuple[Action, bool], Message] = {
    ("table", False): msg("ui.quota.tables_device",
                          "This device has made as many new tables as this server allows for now."),
    ("table", True): msg("ui.quota.tables_address",
                         "This network has made as many new tables as this server allows for "
                         "now (every device behind the same router counts)."),
    ("join", False): msg("ui.quota.joins_device",
                         "This device has opened as many invitations as this server allows for "
                         "now."),
    ("join", True): msg("ui.quota.joins_address",
                        "This network has opened as many invitations as this server allows for "
                        "now (every device behind the same router counts)."),
    ("import", False): msg("ui.quota.imports_device",
                           "This device has imported as many backups as this server allows for "
                           "now."),
    ("import", True): msg("ui.quota.imports_address",
                          "This network has imported as many backups as this server allows for "
                          "now (every device behind the same router counts)."),
    ("photo", False): msg("ui.quota.photos_device",
                          "This device has sent as many photos as this server allows for now."),
    ("photo", True): msg("ui.quota.photos_address",
                         "This network has sent as many photos as this server allows for now "
                         "(every device behind the same router counts)."),
}


def tables_kept_refusal(kept: int) -> Message:
    """Why a device that keeps its most tables makes no new one, and what to do."""
    return msg("ui.quota.tables_kept", "This device keeps {count} tables, the most this server "
               "keeps for one device: delete one (and empty Recently deleted) to make another.",
               count=kept)


class Quotas:
    """The counts of one public server: :meth:`take` counts one action of a device from an
    address, or refuses it."""

    def __init__(self, limits: PublicLimits, clock=time.time):
        self.limits = limits
        self._limiter = FixedWindowRateLimiter(MemoryStorage())
        self._rates: dict[tuple[Action, bool], RateLimitItem] = {
            (action, by_address): parse(getattr(
                limits, f"{plural}_per_{'address' if by_address else 'device'}"))
            for action, plural in (("table", "tables"), ("join", "joins"),
                                   ("import", "imports"), ("photo", "photos"))
            for by_address in (False, True)}
        self._clock = clock

    def take(self, action: Action, device: str, address: str | None) -> Refusal | None:
        """Count one ``action`` of ``device`` from ``address`` (the client's network address;
        None or empty when unknown: the device alone is counted), or say why not: the address's
        count first, so a refused address adds no key for its devices."""
        for by_address, key in ((True, address), (False, device)):
            if not key:
                continue
            rate = self._rates[(action, by_address)]
            if not self._limiter.hit(rate, action, "address" if by_address else "device", key):
                stats = self._limiter.get_window_stats(
                    rate, action, "address" if by_address else "device", key)
                return Refusal(action, by_address, max(0.0, stats.reset_time - self._clock()))
        return None
