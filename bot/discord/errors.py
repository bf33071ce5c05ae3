"""The one error path of the Discord adapter: every interaction gets an answer.

* A refused request (:class:`~engines.core.IllegalAction`, :class:`~bot.service.ServiceError`) is answered
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
from typing import Any, Concatenate, ParamSpec, TypeVar

import discord

from engines.core import IllegalAction
from render.i18n import normalise_locale, t

from ..service import ServiceError, User

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


async def _refuse(interaction: Interaction, exc: IllegalAction | ServiceError) -> None:
    await reply(interaction, rejection_text(exc, user_locale(interaction)))


def answered(handler: Callable[Concatenate[Interaction, P], Awaitable[None]]
             ) -> Callable[Concatenate[Interaction, P], Coroutine[Any, Any, None]]:
    """Answer a refused request privately, naming the rule. The service stores a move whole or not at all."""

    @functools.wraps(handler)
    async def wrapper(interaction: Interaction, /, *args: P.args, **kwargs: P.kwargs) -> None:
        try:
            await handler(interaction, *args, **kwargs)
        except (IllegalAction, ServiceError) as exc:
            await _refuse(interaction, exc)

    return _keep_signature(wrapper, handler)


def answered_method(handler: Callable[Concatenate[S, Interaction, P], Awaitable[None]]
                    ) -> Callable[Concatenate[S, Interaction, P], Coroutine[Any, Any, None]]:
    """:func:`answered` for methods ``(self, interaction, ...)``."""

    @functools.wraps(handler)
    async def wrapper(self: S, interaction: Interaction, /, *args: P.args, **kwargs: P.kwargs) -> None:
        try:
            await handler(self, interaction, *args, **kwargs)
        except (IllegalAction, ServiceError) as exc:
            await _refuse(interaction, exc)

    return _keep_signature(wrapper, handler)


def _keep_signature(wrapper: W, handler: Callable[..., Any]) -> W:
    """Give ``wrapper`` the handler's signature with its annotations resolved in the handler's module
    (discord.py reads parameter types from the callback it is given, in that callback's module)."""
    wrapper.__dict__["__signature__"] = inspect.signature(handler, eval_str=True)
    return wrapper
