"""The one place where scorepad changes Flet's own code (flet 1.0.5): what a client's message may
cost before any handler of the app sees it. Each change is small, and
``tests/app/test_flet_patch.py`` fails when a new Flet changes what it relies on.

- **An event for a control this session was never sent is dropped at once.** Flet's
  ``Session.dispatch_event`` looks the id up in the session's index of the controls it sent and,
  when it is not there, walks the whole page tree for it: 1,000 events for made-up ids cost 5 s
  of the one event loop. A control the client can name is in that index (Flet adds every control
  it sends and keeps it while it lives), so an id not in it names nothing.
- **Events in flight are counted** for the connection's
  :class:`~ui.web.websocket_limits.EventFlow`, which holds back the next frame while too many are
  being handled.
- **A malformed message is one line in the log**, not a traceback: Flet's receive loop logs
  whatever ended it with its traceback (:class:`MalformedMessages` keeps the line, drops the
  traceback, for what a client can send: a frame that does not unpack, an unknown action, a body
  of the wrong shape).
- **The unpacker has limits** on the length of any string, binary, array and map
  (:data:`UNPACK_LIMITS`; a frame is already at most
  :data:`~ui.web.websocket_limits.MAX_FRAME_BYTES`).
- **A handler that cannot read the tables is told in words** (issue 34): an event handler raising
  :class:`~ui.store.engine.StoreUnavailable` (a database server stopped) would have Flet send its
  "session crashed" page, the traceback on it, and log the traceback. The session's own teller
  (:func:`tell_store_failures`, the app's words on the page) is called instead, and the log keeps
  one line. The screens' own route changes say it themselves (``ui.web.app``); this is the net for
  every other handler.
- **Flet's diff knows each class's dataclass fields once.** Every control sent or updated is
  walked by ``flet.controls.object_patch``, which asks ``dataclasses.fields`` and
  ``dataclasses.is_dataclass`` of the control and of each of its values, again and again (a new
  card's cell on the grid: some sixteen controls of about seventy fields each, a thousand
  questions an edit). The answers depend on the class alone: :data:`KNOWN_DATACLASSES` keeps
  them per class for that module, so every patch to every phone costs less (issue 36). Its
  encoder (``flet.messaging.protocol``) asks ``is_dataclass`` of every value it packs: the same
  answers serve it.
- **Flet's diff skips a plain value at once.** A control sent for the first time is walked by
  ``DiffBuilder._configure_dataclass``, which calls itself (a generator) for the value of every
  field, to find the controls inside; for a value that is no dataclass, dict or list (a number, a
  text, a colour, None: nearly all of them) it does nothing. :func:`configure_known` answers those
  without making the generator, so a new card's cell costs a fraction of what it did.
"""

from __future__ import annotations

import dataclasses
import functools
import logging
import sys
import weakref
from collections.abc import Callable
from types import SimpleNamespace

import msgpack
from flet.controls import object_patch
from flet.messaging import protocol as flet_protocol
from flet.messaging import session as flet_session
from flet_web.fastapi import flet_app

from ui.store.engine import StoreUnavailable
from ui.web.websocket_limits import MAX_FRAME_BYTES, event_flow

logger = logging.getLogger(__name__)

UNPACK_LIMITS = {"max_str_len": MAX_FRAME_BYTES, "max_bin_len": MAX_FRAME_BYTES,
                 "max_array_len": 10_000, "max_map_len": 10_000, "max_ext_len": 1024}
"""msgpack's limits on one message: a real message's longest list is a page's controls
(hundreds), its longest text a text field's value."""

_flet_dispatch_event = flet_session.Session.dispatch_event


@functools.wraps(_flet_dispatch_event)
async def dispatch_known_event(self, control_id, event_name, event_data):
    """Flet's ``dispatch_event``, for a control this session sent only (see the module's doc)."""
    flow = event_flow.get()
    if flow is not None:
        flow.started()
    try:
        try:
            known = control_id in self.index
        except TypeError:  # an id that cannot be a key (a list): it names nothing either
            known = False
        if not known:
            logger.debug("an event for control %r, which this session was never sent, was "
                         "dropped", control_id)
            return
        await _flet_dispatch_event(self, control_id, event_name, event_data)
    finally:
        if flow is not None:
            flow.ended()


limited_msgpack = SimpleNamespace(**{name: getattr(msgpack, name) for name in dir(msgpack)
                                     if not name.startswith("__")})
limited_msgpack.unpackb = functools.partial(msgpack.unpackb, **UNPACK_LIMITS)


PARSING = ("__receive_loop", "__on_message")
"""Flet's functions that read a client's message: an error raised in them (not deeper, in the
session's own code) is a message of the wrong shape."""


def raised_by_the_message(error: BaseException) -> bool:
    """Whether ``error`` says that a client's message was malformed: msgpack refused it, it
    named no action (``MessageAction(...)``), or its body did not fit (raised where Flet reads
    the message, ``XBody(**body)``), rather than a bug further in."""
    if isinstance(error, msgpack.UnpackException):
        return True
    frame = error.__traceback__
    while frame is not None and frame.tb_next is not None:
        frame = frame.tb_next
    if frame is None:
        return False
    code = frame.tb_frame.f_code
    # msgpack's compiled unpacker names its .pyx file; the enum module refuses an action.
    return "msgpack" in code.co_filename or code.co_filename.endswith("enum.py") or (
        code.co_filename.endswith("flet_app.py") and code.co_name.endswith(PARSING))


class MalformedMessages(logging.Filter):
    """For Flet's logger: its receive loop's "Receive loop error" about a malformed message
    becomes one line, without the traceback; any other error keeps its traceback."""

    def filter(self, record: logging.LogRecord) -> bool:
        error = record.exc_info[1] if record.exc_info else None
        if (error is not None and str(record.msg).startswith("Receive loop error")
                and raised_by_the_message(error)):
            record.msg = "a client sent a malformed message (%s: %.200s); its connection is closed"
            record.args = (type(error).__name__, error)
            record.exc_info = None
            record.exc_text = None
        return True


_flet_session_error = flet_session.Session.error
_store_failure_tellers: weakref.WeakKeyDictionary = weakref.WeakKeyDictionary()
"""Per Flet session, what tells its device that the tables cannot be read (see
:func:`tell_store_failures`)."""


def tell_store_failures(session, tell: Callable[[StoreUnavailable], None]) -> None:
    """From now on, an event handler of ``session`` that raises
    :class:`~ui.store.engine.StoreUnavailable` calls ``tell(error)`` instead of crashing the
    page."""
    _store_failure_tellers[session] = tell


@functools.wraps(_flet_session_error)
def error_in_words(self, message: str) -> None:
    """Flet's ``Session.error`` (called by its event dispatch inside its ``except``, so the
    exception is the one being handled): a store that cannot be read is told by the session's
    teller; anything else is Flet's "session crashed" as before."""
    failure = sys.exc_info()[1]
    tell = _store_failure_tellers.get(self)
    if isinstance(failure, StoreUnavailable) and tell is not None:
        tell(failure)
        return
    _flet_session_error(self, message)


class StoreFailures(logging.Filter):
    """For Flet's session logger: its "Unhandled error in 'on_x' handler" about a store that
    cannot be read becomes one line without the traceback (said to the device in words)."""

    def filter(self, record: logging.LogRecord) -> bool:
        error = record.exc_info[1] if record.exc_info else None
        if isinstance(error, StoreUnavailable) and str(record.msg).startswith("Unhandled error"):
            record.msg = "an event handler could not read the tables: %s"
            record.args = (error,)
            record.exc_info = None
            record.exc_text = None
        return True


_fields_of: dict[type, tuple[dataclasses.Field, ...]] = {}
_is_dataclass_instance: dict[type, bool] = {}


def fields_known(item) -> tuple[dataclasses.Field, ...]:
    """``dataclasses.fields(item)``, worked out once per class (a class's fields are made with
    the class and never change)."""
    kind = item if isinstance(item, type) else type(item)
    try:
        return _fields_of[kind]
    except KeyError:
        found = _fields_of[kind] = dataclasses.fields(item)  # raises TypeError as it would
        return found


def is_dataclass_known(item) -> bool:
    """``dataclasses.is_dataclass(item)``, worked out once per class of the values asked about (a
    class itself is asked each time: its answer is its own, not its metaclass's)."""
    try:
        return _is_dataclass_instance[type(item)]
    except KeyError:
        pass
    if isinstance(item, type):
        return dataclasses.is_dataclass(item)
    found = _is_dataclass_instance[type(item)] = dataclasses.is_dataclass(item)
    return found


KNOWN_DATACLASSES = SimpleNamespace(**{name: getattr(dataclasses, name) for name in dir(dataclasses)
                                       if not name.startswith("__")})
"""The ``dataclasses`` module as Flet's diff sees it: its own, but for :func:`fields_known` and
:func:`is_dataclass_known`."""
KNOWN_DATACLASSES.fields = fields_known
KNOWN_DATACLASSES.is_dataclass = is_dataclass_known


_flet_configure_dataclass = object_patch.DiffBuilder._configure_dataclass
_plain_types: dict[type, bool] = {}


def holds_no_control(item) -> bool:
    """Whether Flet's ``_configure_dataclass`` does nothing with ``item``: it is no dataclass
    (nor the class of one), dict or list. Worked out once per class of the values asked about."""
    kind = type(item)
    try:
        return _plain_types[kind]
    except KeyError:
        pass
    plain = not (issubclass(kind, (dict, list, type)) or dataclasses.is_dataclass(kind))
    _plain_types[kind] = plain
    return plain


def configure_known(self, item, parent, frozen, configure_setattr_only=False):
    """Flet's ``DiffBuilder._configure_dataclass``, but nothing to walk for a plain value (see
    the module's doc): the same controls come out, in the same order."""
    if holds_no_control(item):
        return ()
    return _flet_configure_dataclass(self, item, parent, frozen, configure_setattr_only)


def apply() -> None:
    """Put the changes in place (once; calling again changes nothing)."""
    flet_session.Session.dispatch_event = dispatch_known_event
    flet_app.msgpack = limited_msgpack
    object_patch.dataclasses = KNOWN_DATACLASSES
    object_patch.DiffBuilder._configure_dataclass = configure_known
    flet_protocol.is_dataclass = is_dataclass_known
    if not any(isinstance(item, MalformedMessages) for item in flet_app.logger.filters):
        flet_app.logger.addFilter(MalformedMessages())
    flet_session.Session.error = error_in_words
    if not any(isinstance(item, StoreFailures) for item in flet_session.logger.filters):
        flet_session.logger.addFilter(StoreFailures())
