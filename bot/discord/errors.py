"""The one error path of the Discord adapter: every interaction gets an answer.

* A refused request (:class:`~engines.core.IllegalAction`, :class:`~bot.table.errors.ServiceError`) is answered
  privately with the translated reason (and the rule's clause id); nothing changed.
* Any other exception is logged with its traceback (ids only: the command, the channel, the user, never a
  state or a hand) and answered privately with a translated message that says whether anything changed.

:func:`answered` wraps command callbacks ``(interaction, ...)``, :func:`answered_method` wraps methods
``(self, interaction, ...)`` (components, the client's flows); both keep the callback's signature, which
discord.py reads to build the command's parameters.
"""
from __future__ import annotations

import functools
import inspect
import logging
from collections.abc import Awaitable, Callable, Coroutine
from contextvars import ContextVar
from typing import Any, Concatenate, ParamSpec, TypeVar

import discord
from discord import app_commands

from bot.table.errors import ServiceError
from bot.table.model import User
from engines.core import IllegalAction
from render.i18n import normalise_locale, t

log = logging.getLogger("referee.discord")

P = ParamSpec("P")
S = TypeVar("S")
W = TypeVar("W", bound=Callable[..., Any])
Interaction = discord.Interaction[Any]


def user_of(interaction: Interaction) -> User:
    u = interaction.user
    return User(str(u.id), getattr(u, "display_name", None) or u.name)


def user_locale(interaction: Interaction) -> str:
    return normalise_locale(str(interaction.locale) if interaction.locale else None)


def rejection_text(exc: Exception, locale: str) -> str:
    if isinstance(exc, IllegalAction):
        return t("err.illegal", locale, reason=t(exc.message, locale), clause=exc.clause)
    if isinstance(exc, ServiceError):
        return "⚠️ " + t(exc.message, locale)
    return t("err.internal", locale)


async def defer(interaction: Interaction, ephemeral: bool = True) -> None:
    if not interaction.response.is_done():
        await interaction.response.defer(ephemeral=ephemeral, thinking=True)


async def reply(interaction: Interaction, content: str | None = None, **kwargs: Any) -> None:
    """Private answer, whether or not the interaction was deferred."""
    kwargs.setdefault("ephemeral", True)
    if content is not None:
        kwargs["content"] = content
    if interaction.response.is_done():
        await interaction.followup.send(**kwargs)
    else:
        await interaction.response.send_message(**kwargs)


def send_failure(exc: BaseException) -> str:
    """Why sending a message failed, as a catalogue reason ``post.reason.<name>``: ``forbidden`` (a missing
    permission), ``not_found`` (the channel is gone), ``rejected`` (Discord refused the message) — none of
    which passes by retrying — or ``unavailable`` (rate limits, server errors, network trouble: may pass)."""
    if isinstance(exc, discord.Forbidden):
        return "forbidden"
    if isinstance(exc, discord.NotFound):
        return "not_found"
    if isinstance(exc, discord.HTTPException) and exc.status != 429 and exc.status < 500:
        return "rejected"
    return "unavailable"


_recorded: ContextVar[str | None] = ContextVar("referee_recorded", default=None)


def mark_recorded(what: str) -> None:
    """Note that this interaction's request is stored (a move, a start): a later failure must say so."""
    _recorded.set(what)


def describe(interaction: Interaction) -> str:
    """Ids only, for log lines: never a state, a hand or a message text."""
    return f"interaction={getattr(interaction, 'id', '?')} channel={interaction.channel_id} user={interaction.user.id}"


async def _answer_safely(interaction: Interaction, text: str) -> None:
    try:
        await reply(interaction, text)
    except Exception:  # the interaction may have expired, or Discord may be failing: nothing more to do
        log.warning("could not answer (%s)", describe(interaction), exc_info=True)


async def _refuse(interaction: Interaction, exc: IllegalAction | ServiceError) -> None:
    await _answer_safely(interaction, rejection_text(exc, user_locale(interaction)))


async def fail(interaction: Interaction, where: str, exc: BaseException) -> None:
    """An unexpected error: log it with its traceback and tell the user privately whether anything changed."""
    log.error("%s failed (%s)", where, describe(interaction), exc_info=exc)
    locale = user_locale(interaction)
    done = _recorded.get()
    text = t("err.internal_after", locale, action=done) if done else t("err.internal", locale)
    await _answer_safely(interaction, text)


async def _guarded(interaction: Interaction, where: str, call: Awaitable[None]) -> None:
    token = _recorded.set(None)
    try:
        await call
    except (IllegalAction, ServiceError) as exc:
        await _refuse(interaction, exc)
    except Exception as exc:
        await fail(interaction, where, exc)
    finally:
        done = _recorded.get()
        _recorded.reset(token)
        if done:  # a nested flow stored something: the caller's own failure must say so too
            _recorded.set(done)


def answered(handler: Callable[Concatenate[Interaction, P], Awaitable[None]]
             ) -> Callable[Concatenate[Interaction, P], Coroutine[Any, Any, None]]:
    """Every interaction gets an answer: a refusal privately with its rule, any other error logged with its
    traceback and answered privately, saying whether anything changed."""

    @functools.wraps(handler)
    async def wrapper(interaction: Interaction, /, *args: P.args, **kwargs: P.kwargs) -> None:
        await _guarded(interaction, handler.__qualname__, handler(interaction, *args, **kwargs))

    return _keep_signature(wrapper, handler)


def answered_method(handler: Callable[Concatenate[S, Interaction, P], Awaitable[None]]
                    ) -> Callable[Concatenate[S, Interaction, P], Coroutine[Any, Any, None]]:
    """:func:`answered` for methods ``(self, interaction, ...)``."""

    @functools.wraps(handler)
    async def wrapper(self: S, interaction: Interaction, /, *args: P.args, **kwargs: P.kwargs) -> None:
        await _guarded(interaction, handler.__qualname__, handler(self, interaction, *args, **kwargs))

    return _keep_signature(wrapper, handler)


Choices = list[app_commands.Choice[str]]


def quiet_autocomplete(handler: Callable[Concatenate[Interaction, P], Awaitable[Choices]]
                       ) -> Callable[Concatenate[Interaction, P], Coroutine[Any, Any, Choices]]:
    """Autocomplete cannot show a message: on any error, log it and offer nothing."""

    @functools.wraps(handler)
    async def wrapper(interaction: Interaction, /, *args: P.args, **kwargs: P.kwargs) -> Choices:
        try:
            return await handler(interaction, *args, **kwargs)
        except Exception:
            log.error("autocomplete %s failed (%s)", handler.__qualname__, describe(interaction), exc_info=True)
            return []

    return _keep_signature(wrapper, handler)


def quiet_autocomplete_method(handler: Callable[Concatenate[S, Interaction, P], Awaitable[Choices]]
                              ) -> Callable[Concatenate[S, Interaction, P], Coroutine[Any, Any, Choices]]:
    """:func:`quiet_autocomplete` for methods ``(self, interaction, current)``."""

    @functools.wraps(handler)
    async def wrapper(self: S, interaction: Interaction, /, *args: P.args, **kwargs: P.kwargs) -> Choices:
        try:
            return await handler(self, interaction, *args, **kwargs)
        except Exception:
            log.error("autocomplete %s failed (%s)", handler.__qualname__, describe(interaction), exc_info=True)
            return []

    return _keep_signature(wrapper, handler)


def _keep_signature(wrapper: W, handler: Callable[..., Any]) -> W:
    """Give ``wrapper`` the handler's signature with its annotations resolved in the handler's module
    (discord.py reads parameter types from the callback it is given, in that callback's module)."""
    wrapper.__dict__["__signature__"] = inspect.signature(handler, eval_str=True)
    return wrapper
