"""Message composition: the texts, embeds and views the adapter sends. Pure functions of their inputs."""
from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

import discord
from discord import app_commands

from bot.table.model import POST_FAILED, POST_PENDING, GameRow, PostRow, Seat, Snapshot
from bot.text import clip, is_bot_user, join_limited, say, seat_name, seat_names
from engines import available_games, get_game
from engines.core import Game, Option, Prompt
from render import api, renderer
from render.i18n import normalise_locale, t

from .limits import CONTENT, EMBED_DESC, MAX_BUTTONS, MAX_CHOICES


def in_group(game: Game, action: str, group: str) -> bool:
    """Whether ``action`` belongs to the game's command group ``group`` (by its first word)."""
    try:
        return game.group_of(action).name == group
    except KeyError:
        return False


def filter_options(options: Sequence[Option], current: str, locale: str, names: Sequence[str],
                   keep: Callable[[Option], bool] | None = None) -> list[app_commands.Choice[str]]:
    """Autocomplete choices: only legal options (those ``keep`` accepts), matching what was typed (label or action)."""
    needle = (current or "").lower().strip()
    out: list[app_commands.Choice[str]] = []
    for o in options:
        if keep is not None and not keep(o):
            continue
        label = say(o.label, locale, names)
        if needle and needle not in label.lower() and needle not in o.action.lower():
            continue
        out.append(app_commands.Choice(name=clip(label, 100), value=o.action))
        if len(out) == MAX_CHOICES:
            break
    return out


class CatalogueTranslator(app_commands.Translator):
    """Command names stay English; descriptions are translated through the catalogue."""

    async def translate(self, string: app_commands.locale_str, locale: discord.Locale,
                        context: app_commands.TranslationContextTypes) -> str | None:
        key = string.extras.get("key")
        loc = normalise_locale(str(locale))
        if not key or loc == "en":
            return None
        text = t(key, loc)
        return clip(text, 100) if text != key else None


def L(key: str) -> app_commands.locale_str:
    """A command description: English from the catalogue, other languages via the translator."""
    return app_commands.locale_str(clip(t(key, "en"), 100), key=key)


def is_bot_seat(seat: Seat) -> bool:
    """Whether a seat is played by a bot (its user id is ``bot:<n>``, never a Discord user: never mentioned)."""
    return seat.is_bot or is_bot_user(seat.user_id)


def addressed(row: GameRow, seat: int, locale: str) -> str:
    """A seat as a board addresses it: a person by a mention (which pings them), a bot by its name — a bot
    seat's user id is no Discord user, so ``<@bot:1>`` must never appear."""
    s = row.seats[seat]
    return seat_name(s, locale) if is_bot_seat(s) else f"<@{s.user_id}>"


def combine_moves(moves: Sequence[Sequence[str]], limit: int, earlier: Callable[[int], str],
                  more: Callable[[int], str]) -> str:
    """The summary of several moves (each a list of lines), in order, within ``limit`` characters: the newest
    moves that fit whole, after a line ``earlier(n)`` ("… and 3 earlier moves") if ``n`` older ones were left
    out. A single move too long by itself keeps its last lines (``more(n)`` standing for ``n`` lines left out)."""
    moves = [m for m in moves if m]
    budget = limit - 60  # room for the "earlier moves" line
    kept: list[str] = []
    size = 0
    for lines in reversed(moves):
        text = "\n".join(lines)
        if size + len(text) + 1 > budget:
            break
        kept.insert(0, text)
        size += len(text) + 1
    if not kept and moves:  # the newest move alone is too long: its last lines
        kept = [join_limited(list(moves[-1]), budget, more)]
    if len(kept) < len(moves):
        kept.insert(0, earlier(len(moves) - len(kept)))
    return "\n".join(kept)


def warm_up_renderers() -> None:
    """Fill the renderers' caches once (fonts, glyphs, static art), by drawing each title's opening
    board (the phone image and the full board) in every language, so the first board after a start is as
    fast as the rest."""
    for title in available_games():
        game = get_game(title)
        view = game.public_view(game.new_game(game.min_players, None, 0).state)
        names = [""] * game.min_players
        for locale in ("en", "cs", "pl"):
            api.phone(view, names, locale)
            renderer(title).render_public(view, names, locale)


def standings(snap: Snapshot, locale: str) -> str:
    """Every player with their score on the public track, highest first (ties in seat order), the ones to
    act marked ▶: the embed's standings during play (the final result has its own table)."""
    if snap.game is None or snap.state is None:
        return ""
    names = seat_names(snap.row, locale)
    scores = snap.game.scores(snap.state)
    acting = set(snap.waiting_for)
    order = sorted(range(len(scores)), key=lambda s: (-scores[s], s))
    return "\n".join(t("board.standing", locale, mark="▶ " if s in acting else "", player=names[s], score=scores[s])
                     for s in order)


def turn_text(snap: Snapshot, lines: Sequence[str], locale: str, actor: int | None = None) -> tuple[str, discord.Embed, bool]:
    """The public message after a move, without its components: content (the ping), the embed (what
    happened, the result at the end), and whether the board offers moves (buttons)."""
    names = seat_names(snap.row, locale)
    title = t(f"game.{snap.row.title}", locale)
    embed = discord.Embed(
        title=t("turn.embed_title", locale, game=title, move=snap.row.version, id=snap.row.id),
        description=join_limited(list(lines), EMBED_DESC, lambda n: t("more_lines", locale, n=n)) or "\u200b",
        colour=discord.Colour.dark_gold(),
    )
    if snap.result is not None:
        res = snap.result
        ranking = sorted(range(len(res.scores)), key=lambda s: -res.scores[s])
        table = "\n".join(f"{'🏆 ' if s in res.winners else ''}{names[s]}: {res.scores[s]}" for s in ranking)
        for k, v in res.extra.items():
            table += "\n" + t("result.extra." + k, locale, value=v)  # declared in render/keys.py
        embed.add_field(name=t("result.title", locale), value=clip(table, 1024), inline=False)
        winners = ", ".join(addressed(snap.row, s, locale) for s in res.winners)
        return clip(t("result.content", locale, winners=winners), CONTENT), embed, False
    table = standings(snap, locale)
    if table:
        embed.add_field(name=t("board.standings", locale), value=clip(table, 1024), inline=False)
    if not snap.prompts:
        return "\u200b", embed, False
    prompt = snap.prompts[0]
    what = say(prompt.title, locale, names)
    if actor is None:
        actor = getattr(snap, "actor", None)
    if actor is not None and snap.waiting_for == [actor]:
        # the same player goes on deciding: no second notification, just say so
        content = t("turn.continues", locale, player=names[actor], what=what)
    elif all(is_bot_seat(snap.row.seats[s]) for s in snap.waiting_for):  # nobody to ping: the bots think
        content = t("board.bots_thinking", locale, players=", ".join(names[s] for s in snap.waiting_for), what=what)
    else:
        mentions = ", ".join(addressed(snap.row, s, locale) for s in snap.waiting_for)
        content = t("turn.content", locale, mentions=mentions, what=what)
    return clip(content, CONTENT), embed, snap.row.status == "active"


PRIVATE = "*"  # the button of a secret decision: its options are shown only to their owner


def group_label(title: str, group: str, locale: str) -> str:
    """A button's text for a kind of move, e.g. ``buy`` → "Buy" (the group's name itself if untranslated)."""
    if group == PRIVATE:
        return "🔒 " + t("button.private", locale)
    key = f"group.{title}.{group}"
    text = t(key, locale)
    return clip(group if text == key else text, 80)


def board_groups(game: Game, prompts: Sequence[Prompt]) -> list[str]:
    """The move buttons of a board: from the pending decisions' kinds only, which are public.

    Never from a player's legal options: those may depend on a hidden hand (whether Alhambra's mover can
    pay for a building), and a button that comes and goes would tell everyone. A secret decision gets the
    🔒 button, which shows its options to their owner only.
    """
    groups = [g.name for g in game.groups_for_kinds(p.kind for p in prompts if not p.secret)]
    if any(p.secret for p in prompts):
        groups.insert(0, PRIVATE)
    return groups[:MAX_BUTTONS]


def none_text(title: str, group: str, locale: str) -> str:
    """Why a kind of move offers nothing now: the game's own words if the catalogue has them, else a generic line."""
    if group == PRIVATE:  # the 🔒 button: no secret decision of this player is waiting
        return t("none.private", locale)
    key = f"none.{title}.{group}"
    text = t(key, locale)
    return text if text != key else t("err.no_group_options", locale, group=group_label(title, group, locale))


#: what the bot needs in a channel to run a game there (``send_messages_in_threads`` is added in threads)
NEEDED = ("view_channel", "send_messages", "attach_files", "embed_links", "read_message_history")
THREADS = (discord.ChannelType.public_thread, discord.ChannelType.private_thread, discord.ChannelType.news_thread)


def missing_permissions(perms: discord.Permissions, in_thread: bool) -> list[str]:
    """The permissions the bot lacks in a channel, by their ``discord.Permissions`` names."""
    needed = NEEDED + (("send_messages_in_threads",) if in_thread else ())
    return [name for name in needed if not getattr(perms, name)]


def status_text(snap: Snapshot, locale: str, post: PostRow | None = None) -> str:
    """``/game status``: the game, its players and options, who must decide, and a board that did not
    reach the channel (``post``: the game's newest board post)."""
    row = snap.row
    lines = [t("status.head", locale, game=t(f"game.{row.title}", locale), id=row.id, status=t(f"status.{row.status}", locale),
               move=row.version)]
    names = seat_names(row, locale)
    lines.append(t("status.players", locale, names=", ".join(names)))
    if row.options:
        lines.append(t("status.options", locale, options=options_summary(row.title, row.options, locale)))
    if snap.prompts:
        for p in snap.prompts:
            lines.append(t("status.waiting", locale, player=names[p.seat], what=say(p.title, locale, names)))
    if snap.result is not None:
        res = snap.result
        lines.append(t("result.title", locale) + ": " + ", ".join(f"{names[i]} {s}" for i, s in enumerate(res.scores)))
    if post is not None and post.status == POST_FAILED:
        reason = t(f"post.reason.{post.last_error}", locale)
        lines.append(t("post.status_failed", locale, move=post.version, reason=reason))
    elif post is not None and post.status == POST_PENDING and post.attempts:
        lines.append(t("post.status_pending", locale, move=post.version, n=post.attempts + 1))
    return clip("\n".join(lines), CONTENT)


def options_summary(title: str, options: dict[str, Any], locale: str) -> str:
    """The options that differ from the rules as printed, or "standard rules"."""
    defaults = {spec.name: spec.default for spec in get_game(title).option_specs}
    changed = [f"{k}={_option_text(v)}" for k, v in options.items() if defaults.get(k) != v]
    return ", ".join(changed) or t("lobby.default_options", locale)


def _option_text(value: Any) -> str:
    return str(value).lower() if isinstance(value, bool) else str(value)


def option_choices(title: str, current: str, locale: str) -> list[app_commands.Choice[str]]:
    """Autocomplete for ``/game new options``: the next ``key=value`` pair, only allowed values."""
    try:
        specs = get_game(title).option_specs
    except (KeyError, ModuleNotFoundError):
        return []
    words = (current or "").split()
    finished = words if (current or "").endswith(" ") or not words else words[:-1]
    partial = "" if (current or "").endswith(" ") or not words else words[-1]
    base = " ".join(finished)
    used = {w.split("=", 1)[0] for w in finished}
    out: list[app_commands.Choice[str]] = []
    for spec in specs:
        if spec.name in used:
            continue
        for value in spec.allowed:
            pair = f"{spec.name}={_option_text(value)}"
            if partial and not pair.startswith(partial) and partial not in pair:
                continue
            text = f"{base} {pair}".strip()
            mark = f" ({t('lobby.default', locale)})" if value == spec.default else ""
            out.append(app_commands.Choice(name=clip(text + mark, 100), value=clip(text, 100)))
            if len(out) == MAX_CHOICES:
                return out
    return out

