"""A player's own settings and the game-wide pause: notifications, quiet hours, vacations, pausing a game.
Each change rebases the pending seats' clocks and plans their jobs afresh (:meth:`Timekeeper.replan`)."""
from __future__ import annotations

import logging
import math

from .clock import ClockError, QuietHours
from .clocks import NOTIFY_MODES, on_vacation, year_of
from .core import TableCore
from .errors import ServiceError, StaleMove, VersionConflict
from .model import ACTIVE, GameRow, User, UserSettings
from .names import utc_text

log = logging.getLogger("referee.service")


class Settings(TableCore):
    """See the module docstring."""

    async def set_paused(self, channel_id: str, by: User, paused: bool, can_manage_channel: bool = False,
                         expected_game: int | None = None) -> GameRow:
        """The host pauses or resumes the whole game: no clock runs while it is paused."""
        async with self._serving(), self.lock(channel_id):
            row = await self._open(channel_id, expected_game)
            if row.status != ACTIVE:
                raise ServiceError("err.not_started")
            if by.id != row.host_id and not can_manage_channel:
                raise ServiceError("err.host_or_manager")
            if paused == (row.paused_since is not None):
                raise ServiceError("clock.err.already_paused" if paused else "clock.err.not_paused")
            now = self.clock()
            before = GameRow(**{**row.__dict__, "seats": row.seats})
            row.paused_since = now if paused else None
            write = await self.timekeeper.replan(row, at=now, before=before)
            try:
                self.forget(row.channel_id)  # the kept row (if any) is no longer current
                await self.store.set_paused(row.id, row.paused_since, now, write, version=row.version)
            except VersionConflict:
                raise StaleMove("err.stale") from None
            self.timekeeper.on_jobs()
            return row

    async def _replan_user(self, user_id: str, old: UserSettings) -> None:
        """Rebase and replan the user's pending decisions in all their games after a settings change."""
        for row in await self.store.active_games_of(user_id):
            seat = row.seat_of(user_id)
            if seat is None:
                continue
            async with self.lock(row.channel_id):
                for _ in range(5):  # another process may store a move meanwhile: replan on the newer position
                    fresh = await self.store.game(row.id)
                    if fresh is None or fresh.status != ACTIVE:
                        break
                    write = await self.timekeeper.replan(fresh, [seat], before_settings={seat: old})
                    try:
                        await self.store.write_clocks(fresh.id, write, version=fresh.version)
                    except VersionConflict:
                        continue
                    self.timekeeper.on_jobs()
                    break

    async def settings(self, user_id: str) -> UserSettings:
        async with self._serving():
            return await self.store.settings(user_id)

    async def set_notify(self, user: User, mode: str) -> UserSettings:
        """Where the user's pings go: ``channel`` (default), ``dm`` or ``both``."""
        if mode not in NOTIFY_MODES:
            raise ServiceError("clock.err.bad_notify", mode=mode[:20])
        async with self._serving():
            s = await self.store.settings(user.id)
            s.notify = mode
            await self.store.save_settings(s)
            return s

    async def set_quiet(self, user: User, text: str | None, zone: str = "UTC") -> UserSettings:
        """Quiet hours (``"22:00-07:00"`` in ``zone``; ``None``/``"off"`` clears them): no pings then, and
        the user's clock stops where the table allows it."""
        async with self._serving():
            old = await self.store.settings(user.id)
            s = UserSettings(**old.__dict__)
            if text is None or text.strip().lower() in ("", "off", "none"):
                s.quiet = None
            else:
                try:
                    QuietHours.parse(text, zone)
                except ClockError as exc:
                    raise ServiceError("clock.err.bad_quiet", detail=exc.message) from exc
                s.quiet, s.zone = text.strip(), zone
            await self.store.save_settings(s)
            await self._replan_user(user.id, old)
            return s

    async def vacation(self, user: User, days: int) -> UserSettings:
        """Pause the user's clock in all their games for ``days`` days (0 ends a vacation early: only the
        whole days actually taken count, a started day is given back); at most the yearly allowance (``TimeConfig.vacation_days``)."""
        async with self._serving():
            now = self.clock()
            old = await self.store.settings(user.id)
            s = UserSettings(**old.__dict__)
            if s.vacation_year != year_of(now):
                s.vacation_year, s.vacation_used = year_of(now), 0.0
            allowance = self.timekeeper.config.vacation_days
            if not isinstance(days, int) or isinstance(days, bool) or days < 0 or days > allowance:
                raise ServiceError("clock.err.vacation_days", max=allowance)
            if days == 0:
                if not on_vacation(s, now):
                    raise ServiceError("clock.err.no_vacation")
                assert s.vacation_until is not None
                start = s.vacation_from if s.vacation_from is not None else now
                planned = math.ceil((s.vacation_until - start) / 86400 - 1e-9)
                taken = int((now - start) // 86400)  # whole days actually taken: a started day is not counted
                s.vacation_used = max(0.0, s.vacation_used - planned + taken)
                s.vacation_until = now
            else:
                if on_vacation(s, now):
                    raise ServiceError("clock.err.on_vacation_already", until=utc_text(s.vacation_until or now))
                left = allowance - s.vacation_used
                if days > left:
                    raise ServiceError("clock.err.vacation_allowance", left=int(left), max=allowance)
                s.vacation_from, s.vacation_until, s.vacation_used = now, now + days * 86400, s.vacation_used + days
            await self.store.save_settings(s)
            await self._replan_user(user.id, old)
            return s
