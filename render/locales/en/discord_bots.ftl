### Bot seats in Discord: commands, the lobby, combined boards (English). Keys are shared by cs/pl.
### Message ids are the catalogue keys with '.' written as '-' (and a '-' inside a key part doubled).

## a board that shows several moves at once (bots moving in a row)

board-earlier_moves =
    … and { $n ->
        [one] { $n } earlier move
       *[other] { $n } earlier moves
    }

## commands

cmd-addbot = Seat a bot in this channel's lobby (any player may)
cmd-addbot-level = How the bot plays (default: normal)
cmd-addbot-level-random = random — any legal move
cmd-addbot-level-easy = easy — looks one move ahead
cmd-addbot-level-normal = normal — searches ahead (stronger, about a second a move)
cmd-removebot = Take a bot out of this channel's lobby
cmd-removebot-bot = Which bot (default: the last one seated)
cmd-new-bots = How many bots to seat at once (more can be added in the lobby)
cmd-new-bot_level = The level of those bots (default: normal)
cmd-new-watch = Run the table without a seat of your own: bots only (you still start or abandon it)
cmd-settings = Your settings: where pings go, quiet hours, vacation

## the lobby

lobbybot-add_button = Add bot
lobbybot-remove_button = Remove bot
lobbybot-seated = Seated: { $names }
lobbybot-added = { $user } seated { $bot } ({ $n }): { $names }
lobbybot-removed = { $user } took { $bot } out. Players: { $names }
lobbybot-ok_added = Bot seated: { $bot }.
lobbybot-ok_removed = Bot removed: { $bot }.

## a board that only bots must answer (shown when they think longer than the board waits)

board-bots_thinking = ⏳ To act (bots decide by themselves): { $players } · { $what }
