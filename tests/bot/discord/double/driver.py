"""Playing a whole game through the double the way people do: commands, autocomplete, buttons, selects.

Moves are chosen from what the bot *offers* (autocomplete results, board buttons, select
options), never from the engine. Who is to act is read from the board message's mentions
(or, when the same player goes on, the last mover), then confirmed by their autocomplete.
"""
from __future__ import annotations

import random
import re
from collections import Counter
from collections.abc import Awaitable, Callable
from dataclasses import dataclass, field
from typing import Any

from bot.discord.compose import none_text
from render.i18n import normalise_locale, t

from .server import BOARD_FILE, FakeDiscord, FakeUser, Interaction, Message

MENTION = re.compile(r"<@(\d+)>")


class DriverError(AssertionError):
    pass


@dataclass
class GameDriver:
    double: FakeDiscord
    title: str
    players: list[FakeUser]
    rng: random.Random
    # how often each way of moving is used; "command" = /game move, "sub" = /<title> <kind>,
    # "button" = a board button (then its select), "hand" = /game hand's menu
    modes: dict[str, float] = field(default_factory=lambda: {"command": 0.6, "sub": 0.15, "button": 0.2, "hand": 0.05})
    group_weights: dict[str, float] = field(default_factory=dict)
    moves: int = 0
    counts: Counter[str] = field(default_factory=Counter)
    last_actor: FakeUser | None = None
    last: Interaction | None = None  # the interaction of the last move
    lobby: Message | None = None
    #: the channel the game is played in (default: the double's main one)
    channel: int | None = None

    @property
    def host(self) -> FakeUser:
        return self.players[0]

    # ------------------------------------------------------------------ reading the channel

    def board(self) -> Message:
        boards = self.double.boards(self.channel)
        if not boards:
            raise DriverError("no board has been posted")
        return boards[-1]

    def over(self) -> bool:
        b = self.board()
        return not b.components and any(e.get("fields") for e in b.embeds)

    def groups(self, board: Message | None = None) -> list[str]:
        """The kinds of move the board's buttons offer (from their custom_ids: rf:g:game:version:group)."""
        b = board or self.board()
        return [c["custom_id"].split(":")[4] for c in b.buttons() if c.get("custom_id", "").startswith("rf:g:")]

    def user_by_id(self, uid: int) -> FakeUser | None:
        return next((u for u in self.players if u.id == uid), None)

    async def actor(self) -> tuple[FakeUser, list[dict]]:
        """Who is to act now, with the options the bot offers them (their /game move autocomplete)."""
        b = self.board()
        mentioned = [u for u in (self.user_by_id(int(x)) for x in MENTION.findall(b.content)) if u is not None]
        # the board pings whoever must decide, or says who goes on (the last mover, without a second ping;
        # named in the text: the last move may not have been the driver's)
        named = [u for u in self.players if u.name in b.content]
        candidates = mentioned or ([self.last_actor] if self.last_actor in named else named)
        self.rng.shuffle(candidates)
        for u in candidates:
            choices = await self.double.autocomplete(u, "game", "move", focused="action", value="", channel=self.channel)
            self.counts["autocomplete"] += 1
            if choices:
                return u, choices
        raise DriverError(f"the board names {[u.name for u in candidates]} but none is offered a move: {b.content!r}")

    # ------------------------------------------------------------------ the lobby

    async def open(self, options: str | None = None, language: str | None = None) -> None:
        """``/game new`` (in ``language``, default the server's), joins by command and button, Start button."""
        extra: dict[str, Any] = {k: v for k, v in (("options", options), ("language", language)) if v}
        i = await self.double.slash(self.host, "game", "new", game=self.title, **extra, channel=self.channel)
        lobby = self.lobby = self._expect_post(i, "the lobby message")
        for n, p in enumerate(self.players[1:]):
            if n % 2 == 0:
                i = await self.double.slash(p, "game", "join", channel=self.channel)
            else:
                i = await self.double.press(p, next(c for c in lobby.custom_ids() if c.endswith(":join")), message=lobby)
            self._expect_post(i, f"{p.name} joined")
        start = next(c for c in lobby.custom_ids() if c.endswith(":start"))
        i = await self.double.press(self.host, start, message=lobby)
        self._expect_board(i, "the first board")

    # ------------------------------------------------------------------ moves

    def _expect_post(self, i: Interaction, what: str) -> Message:
        if not i.posts:
            raise DriverError(f"expected {what} in the channel; the bot answered privately: {i.private_text!r}")
        return i.posts[-1]

    def _expect_board(self, i: Interaction, what: str) -> Message:
        boards = [m for m in i.public if BOARD_FILE in m.files]
        if not boards:
            raise DriverError(f"expected a board after {what}; private answer: {i.private_text!r}; errors {i.errors}")
        return boards[-1]

    def _moved(self, i: Interaction, user: FakeUser, how: str, action: str) -> None:
        board = self._expect_board(i, f"{user.name}'s {how} {action!r}")
        mentioned = {int(x) for x in MENTION.findall(board.content)}
        if mentioned - board.pinged:
            raise DriverError(f"the board names {mentioned} but notifies only {board.pinged}: {board.content!r}")
        self.last = i
        self.moves += 1
        self.counts[how] += 1
        self.last_actor = user

    def _pick_group(self, groups: list[str]) -> str:
        weights = [self.group_weights.get(g, 1.0) for g in groups]
        return self.rng.choices(groups, weights)[0]

    async def step(self) -> None:
        """One move, by a way chosen at random."""
        user, offered = await self.actor()
        board = self.board()
        groups = self.groups(board)
        mode = self.rng.choices(list(self.modes), list(self.modes.values()))[0]
        if "*" in groups:
            self.counts["secret offered"] += 1
            # the 🔒 menu at least the first times, then sometimes (autocomplete also lists secret options)
            if self.counts["secret offered"] <= 2 or self.rng.random() < 0.5:
                mode = "secret"
        if mode in ("button", "secret") and groups:
            await self.move_by_button(user, board, "*" if mode == "secret" and "*" in groups else None)
        elif mode == "hand":
            await self.move_by_hand(user, offered)
        elif mode == "sub":
            await self.move_by_subcommand(user, offered)
        else:
            await self.move_by_command(user, offered)

    async def move_by_command(self, user: FakeUser, offered: list[dict]) -> None:
        groups = sorted({c["value"].split()[0] for c in offered} | set(self.groups()))
        group = self._pick_group(groups)
        choices = await self.double.autocomplete(user, "game", "move", focused="action", value=group, channel=self.channel)
        self.counts["autocomplete"] += 1
        choices = [c for c in choices if c["value"].split()[0] == group] or offered
        action = self.rng.choice(choices)["value"]
        i = await self.double.slash(user, "game", "move", action=action, channel=self.channel)
        self._moved(i, user, "command", action)
        confirmation = t("ok.move", normalise_locale(user.locale), action=action)
        if confirmation not in i.private_text:
            raise DriverError(f"{user.name} was not told privately, in their language: {i.private_text!r}")

    def subcommands(self) -> list[str]:
        """The subcommands the bot registered for ``/<title>`` (one per kind of move, and ``choose``)."""
        for commands in self.double.commands.values():
            for c in commands:
                if c["name"] == self.title:
                    return [o["name"] for o in c.get("options", []) if o.get("type") == 1]
        raise DriverError(f"/{self.title} is not registered")

    async def move_by_subcommand(self, user: FakeUser, offered: list[dict]) -> None:
        subs = self.subcommands()
        kinds = sorted((set(self.groups()) & set(subs)) or (set(subs) - {"choose"}))
        sub = self._pick_group(kinds) if kinds else "choose"
        choices = await self.double.autocomplete(user, self.title, sub, focused="choice", value="", channel=self.channel)
        self.counts["autocomplete"] += 1
        if not choices:
            sub = "choose"
            choices = await self.double.autocomplete(user, self.title, sub, focused="choice", value="", channel=self.channel)
        action = self.rng.choice(choices)["value"]
        i = await self.double.slash(user, self.title, sub, choice=action, channel=self.channel)
        self._moved(i, user, f"/{self.title} {sub}", action)

    async def move_by_button(self, user: FakeUser, board: Message, group: str | None = None,
                             tried: frozenset[str] = frozenset()) -> None:
        groups = [g for g in self.groups(board) if g != "*"] if group is None else [group]
        if not groups:
            groups = self.groups(board)
        group = group or self._pick_group(groups)
        custom_id = next(c["custom_id"] for c in board.buttons() if c["custom_id"].endswith(":" + group))
        i = await self.double.press(user, custom_id, message=board)
        self.counts["press"] += 1
        how = "secret" if group == "*" else "button"
        nothing = none_text(self.title, group, normalise_locale(user.locale))
        if i.private_text == nothing and not i.public:
            # the buttons show the pending decisions' kinds (public); the mover's legal moves of that kind
            # depend on their hand and may be none: said privately. Another kind, or by command.
            self.counts["button of a kind with no move"] += 1
            tried = tried | {group}
            rest = [g for g in self.groups(board) if g not in tried]
            if rest:
                await self.move_by_button(user, board, self.rng.choice(rest), tried)
            else:
                await self.move_by_command(user, (await self.actor())[1])
            return
        if any(m.files for m in i.public):
            self._moved(i, user, how, custom_id)
            return
        menu = next((m for m in i.private if m.selects()), None)
        if menu is None:
            raise DriverError(f"pressing {custom_id} gave neither a move nor a menu: {i.private_text!r}")
        await self._select_from(user, menu, how + "+select")

    async def move_by_hand(self, user: FakeUser, offered: list[dict]) -> None:
        i = await self.double.slash(user, "game", "hand", channel=self.channel)
        self.counts["hand"] += 1
        hand = next((m for m in i.private if m.files), None)
        if hand is None:
            raise DriverError(f"/game hand sent no picture: {i.private_text!r}")
        if not hand.selects():
            # nothing the hand's menu can offer (e.g. a prompt answered elsewhere): move by command instead
            await self.move_by_command(user, offered)
            return
        await self._select_from(user, hand, "hand+select")

    async def _select_from(self, user: FakeUser, menu: Message, how: str) -> None:
        select = self.rng.choice(menu.selects())
        value = self.rng.choice(select["options"])["value"]
        i = await self.double.select(user, select["custom_id"], value, message=menu)
        self._moved(i, user, how, value)

    async def play(self, max_moves: int, on_move: Callable[[GameDriver], Awaitable[None]] | None = None) -> None:
        """Move until the game is over (a result board without buttons) or ``max_moves``; ``on_move`` after each."""
        while not self.over():
            if self.moves >= max_moves:
                raise DriverError(f"{self.title} did not end within {max_moves} moves")
            await self.step()
            if on_move is not None:
                await on_move(self)
