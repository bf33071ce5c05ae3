### Bot seats (issue 11): names, levels, lobby refusals, the console. English.

bots-seat = 🤖 { $name } (bot, { $level })
bots-level-random = random
bots-level-easy = easy
bots-level-normal = normal
bots-err-unknown_level = Unknown bot level “{ $level }”: choose one of { $known }.
bots-err-lobby_only = Bots can be added or removed only in the lobby, before the game starts.
bots-err-seated_only = Only the host and the players seated in the lobby can add or remove bots.
bots-err-too_many =
    { $n ->
        [one] { $n } bot
       *[other] { $n } bots
    } and the host make { $total ->
        [one] { $total } player
       *[other] { $total } players
    }, but { $game } seats at most { $max }.
bots-err-bad_count = The number of bots must be 0 or more (not { $n }).
bots-err-no_bots = There is no bot at this table.
bots-err-no_such_bot = There is no bot “{ $bot }” at this table; the bots here: { $known }.
bots-line-thinking = { $player } to act · thinking
bots-console-thinking = { $player } is thinking…
bots-console-stuck = The bots made no move (see the log). The game is saved: run the same command again to resume it.
