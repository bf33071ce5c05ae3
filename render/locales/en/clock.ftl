### Turn clocks, reminders, timeouts, vacations (issue 10). English.

clock-remind = ⏰ { $player }, the table is waiting for you in { $game } (#{ $id }): { $left } left. Latest board: { $link }
clock-your_turn = 🎲 { $player }, it is your turn in { $game } (#{ $id }). Latest board: { $link }
clock-overdue = ⌛ { $player } has run out of time in { $game } (#{ $id }). The others may vote to skip this decision (/game skip); the host may give the seat to someone else (/game replace).
clock-replace_allowed = { $player } has let { $n ->
        [one] { $n } decision
       *[other] { $n } decisions
    } in a row run out of time: the host may now give the seat to someone else (/game replace).
clock-replaced = { $new } takes over the seat of { $old }: same seat, score and cards.
clock-lobby = Clock: { $clock } · when time runs out: { $policy }
clock-desc-none = no clock
clock-desc-move = { $limit } per decision
clock-desc-bank = { $limit } bank, +{ $increment } per decision
clock-policy-wait = wait (others may vote to skip)
clock-policy-skip = skip (the least harmful move is played)
clock-policy-bot = a bot plays until the player returns
clock-line-to_act = { $player } to act · { $left } left
clock-line-no_clock = { $player } to act
clock-line-overdue = { $player } to act · out of time
clock-line-paused = { $player } to act · the game is paused
clock-line-vacation = { $player } to act · on vacation until { $until }
clock-line-bot = { $player } to act · a bot plays for them
clock-err-kind = Unknown clock kind { $kind }.
clock-err-range = A clock must be longer than zero and at most { $max ->
        [one] { $max } day
       *[other] { $max } days
    }.
clock-err-duration = “{ $text }” is not a duration: use days, hours and minutes such as 24h, 2d, 1d 12h or 90m.
clock-err-zone = Unknown time zone “{ $zone }”: use a name such as Europe/Prague or America/New_York.
clock-err-quiet_length = Quiet hours must be shorter than { $hours ->
        [one] { $hours } hour
       *[other] { $hours } hours
    }.
clock-err-quiet = “{ $text }” are not quiet hours: use from-to such as 22:00-07:00.
clock-err-policy = Unknown timeout policy “{ $policy }”: choose one of { $known }.
clock-err-bad_clock = That clock cannot be used: { $detail }
clock-err-empty = The clock is empty. Leave it out for the default ({ $default }), or give a preset ({ $presets }) or a time such as 24h or 3d+12h.
clock-err-bad_quiet = Those quiet hours cannot be used: { $detail }
clock-err-bad_notify = Unknown notification mode “{ $mode }”: choose channel, dm or both.
clock-err-nobody_overdue = Nobody in this game is out of time.
clock-err-vote_self = You cannot vote to skip your own decision: just make it.
clock-err-no_timeout_action = This game has no timeout action yet; the host may replace the player instead.
clock-err-replace_not_seated = That user does not play in this game.
clock-err-replace_seated = { $player } already plays in this game.
clock-err-replace_not_yet = { $player } can be replaced once out of time or after { $n ->
        [one] { $n } timeout
       *[other] { $n } timeouts
    } in a row (so far { $timeouts }).
clock-err-already_paused = The game is already paused.
clock-err-not_paused = The game is not paused.
clock-err-vacation_days = A vacation is 1 to { $max ->
        [one] { $max } day
       *[other] { $max } days
    } (0 ends your vacation now).
clock-err-no_vacation = You are not on vacation.
clock-err-on_vacation_already = You are on vacation until { $until }; end it first (0 days) to take a new one.
clock-err-vacation_allowance = Only { $left ->
        [one] { $left } vacation day is
       *[other] { $left } vacation days are
    } left this year (of { $max }).
clock-err-replace_bot = A seat can only go to a person, not to a bot account.
clock-choice-wait = wait: others may vote to skip
clock-choice-skip = skip: the least harmful move is played
clock-choice-bot = bot: a bot plays until the player returns
clock-notify-channel = in the channel
clock-notify-dm = by direct message
clock-notify-both = in the channel and by direct message
clock-ok-notify = Your pings now come { $mode }.
clock-ok-quiet = Quiet hours set: { $hours } ({ $zone }).
clock-ok-quiet_off = Quiet hours removed.
clock-ok-vacation = Enjoy your vacation! Your clocks stop until { $until } ({ $used } of { $max ->
        [one] { $max } day
       *[other] { $max } days
    } used this year).
clock-ok-vacation_over = Welcome back: your clocks run again.
clock-ok-paused = ⏸ { $user } paused the game: no clock runs until it is resumed.
clock-ok-resumed = ▶ { $user } resumed the game: the clocks run again.
clock-ok-voted = Your vote is counted: { $votes } of { $needed } needed.
clock-ok-skipped = The overdue decision was skipped with the least harmful move.
clock-mine-head = **Where you must act** (oldest first):
clock-mine-none = No game on this server is waiting for you.
clock-mine-others = **Your games waiting for someone else:**
clock-mine-line = { $game } #{ $id }: { $line } · waiting { $waited } · { $link }
clock-overdue_list-head = **Players out of time:**
clock-overdue_list-none = Nobody is out of time.
cmd-new-clock = Turn clock: relaxed (default), daily, steady, brisk, none, or custom like 24h or 3d+12h
cmd-new-timeout = When a player's time runs out (default: wait)
cmd-notify = Where your pings go: the channel, a direct message, or both
cmd-notify-mode = channel, dm or both
cmd-quiet = Quiet hours: no pings then, and your clock stops where the table allows
cmd-quiet-hours = From-to such as 22:00-07:00, or off
cmd-quiet-zone = Your time zone, e.g. Europe/Prague
cmd-vacation = Stop your clock in all your games for some days (0 ends your vacation)
cmd-vacation-days = How many days (0 = back now)
cmd-pause = Pause the whole game: no clock runs (host or Manage Channels)
cmd-resume = Resume a paused game (host or Manage Channels)
cmd-skip = Vote to skip the decision of a player who ran out of time
cmd-replace = Give an absent player's seat to someone else (host or Manage Channels)
cmd-replace-old = The absent player
cmd-replace-new = Who takes over the seat
cmd-mine = Every game on this server where you must act, and where others are awaited
cmd-overdue = Players out of time on this server (hosts and moderators)
