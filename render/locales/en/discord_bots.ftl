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
cmd-settings = Your settings: where pings go, quiet hours, vacation

## the lobby

lobbybot-add_button = Add bot
lobbybot-remove_button = Remove bot
lobbybot-no_bots = No bot is seated in this lobby.
