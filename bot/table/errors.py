"""What the table refuses or what fails under it, as exceptions every layer may catch."""
from __future__ import annotations

import math
from typing import Any

from engines.core import Msg


class ServiceError(Exception):
    """A request the service refuses (not a rules violation). Carries a catalogue message."""

    def __init__(self, key: str, **params: Any) -> None:
        self.message = Msg(key, params)
        super().__init__(key)


class StaleMove(ServiceError):
    """A button from an older position was pressed: the game has moved on."""


class ShuttingDown(ServiceError):
    """The service is closing: it finishes the moves in flight and accepts no new request."""


class VersionConflict(Exception):
    """Somebody else's move was stored first: the state this move was based on is stale."""


class RatingsMoved(VersionConflict):
    """A game's end was computed from ratings another game's end has changed meanwhile: nothing was stored;
    compute the results again from the ratings as they are now."""


class ChannelBusy(Exception):
    """The channel already has an open (lobby or active) game (or the game a pending undo request)."""


class StorageError(Exception):
    """The database refused or failed a statement. The transaction was rolled back: nothing changed.

    ``reason`` is one of ``full`` (disk or database full), ``readonly``, ``corrupt``, ``unavailable``
    (cannot open the file, or no such PostgreSQL database), ``unreachable`` (the PostgreSQL server cannot be
    reached, refuses the login, or the connection was lost), ``busy`` (locked by another process, or a lock
    waited for past PostgreSQL's ``lock_timeout``), ``closed`` (used after the store was
    closed) or ``failed`` (anything else).
    """

    def __init__(self, reason: str, detail: str) -> None:
        self.reason = reason
        self.detail = detail
        super().__init__(f"{reason}: {detail}")


class DirectRefused(Exception):
    """A direct message the chat service would not deliver (the user closed DMs, or blocked the bot)."""


class Retry(Exception):
    """Raised by a job handler: try this job again at ``at`` (e.g. a ping during the user's quiet hours)."""

    def __init__(self, at: float) -> None:
        super().__init__(at)
        self.at = at if math.isfinite(at) else float("inf")
