### Undo, game records, recaps, stats and following a game (issue 12). Keys as in bot.ftl ('.' written as '-').

## undo

undo-what_action = the move `{ $action }`
undo-requested = ↩️ { $player } asks to take back moves #{ $first }–#{ $last }: { $moves }. { $waiting }, do you agree? (Answer within { $minutes } min; otherwise the request lapses.)
undo-accepted = { $player } agreed. Still waiting for: { $waiting }.
undo-declined = { $player } declined the undo. Nothing was changed.
undo-already_agreed = You have already agreed. { $n ->
    [one] { $n } more player is awaited.
   *[other] { $n } more players are awaited.
    }
undo-lapsed = ⌛ The request of { $player } to take back moves #{ $first }–#{ $last } has lapsed: not everyone agreed in time. The game goes on as it was.
undo-accept_button = Agree
undo-decline_button = Decline
undo-undo_button = Undo
undo-err-nothing = You have no move to take back.
undo-err-revealed = Move #{ $move } by { $player } cannot be taken back: it revealed hidden information ({ $what }). Nothing was changed.
undo-err-pending = An undo request is already waiting for answers in this game.
undo-err-no_request = There is no pending undo request: it may have lapsed or been answered, or the game moved on.
undo-err-own_request = This is your own request: the other players answer it.
undo-err-over = The game is over: its moves can no longer be taken back.
undo-err-no_such_move = There is no move #{ $move } to roll back to (moves are numbered 1 to { $last }).
undo-ev-done =
    ↩️ { $player } took back { $n ->
        [one] { $n } move (#{ $last })
       *[other] { $n } moves (#{ $first }–#{ $last })
    }.

## record

record-header = { $game } — game #{ $id } ({ $names })
record-started = Opened { $at } UTC
record-setup = setup
record-undone = (taken back by #{ $by })
record-result = Final scores:
record-winners = Winner: { $names }
record-abandoned = The game was abandoned without a result.
record-running = The game is still running.
record-attached = 📜 The record of game #{ $id }: the JSON file replays it (`referee replay FILE`), the text file is a transcript.
record-running_only_players = While the game is running, only its players can fetch the record; everyone can once it is over.

## recap

recap-round_end = end of round { $round }
recap-final = final scoring
recap-chart_title = { $game } #{ $id }: score after every move
recap-x_label = moves
recap-posted =
    🎬 Recap of game #{ $id }: { $moves ->
        [one] { $moves } move
       *[other] { $moves } moves
    } in { $frames ->
        [one] { $frames } picture
       *[other] { $frames } pictures
    }, and the score over the game.
recap-not_finished = A recap is made once the game is over.

## console

console-help_undo = Also: undo (the last move's player takes it back, if nothing was revealed), record (writes the game record and a transcript).
console-record_written = record: { $json }, transcript: { $text }

## follow

follow-ended = 🏁 { $game } #{ $id }, which you follow, is over: /game recap shows how it went.
follow-scoring = 📊 { $game } #{ $id }, which you follow, reached a scoring round: { $what }.
follow-followed = You follow game #{ $id }: you will hear when it reaches a scoring round and when it ends ({ $how }).
follow-by_dm = by direct message
follow-by_ping = by a mention in the channel
follow-unfollowed = You no longer follow game #{ $id }.
follow-err-not_following = You do not follow this game.
follow-err-ended = { $game } #{ $id } in this channel has ended: there is nothing more to follow. /game recap shows how it went; a new game here can be followed once it opens.

## stats

stats-title = { $name }: stats on this server
stats-line = **{ $game }**: played { $played }, won { $wins }, average score { $score }, average place { $place }, rating { $rating }{ $extra }
stats-extra_abandoned =
    , { $n ->
        [one] { $n } game abandoned
       *[other] { $n } games abandoned
    }
stats-extra_replaced =
    , replaced in { $n ->
        [one] { $n } game
       *[other] { $n } games
    }
stats-none = { $name } has no finished games on this server yet.
stats-board_title = { $game }: leaderboard on this server
stats-board_line = { $rank }. { $name } — rating { $rating } (played { $played }, won { $wins }, average place { $place })
stats-board_empty = No rated { $game } games on this server yet.
stats-board_note = Rating = openskill ordinal (μ − 3σ), from finished games with at least two people; bots are not rated; abandoned games do not count.

## cmd

cmd-extra-undo = Take back your last move (alone if nobody acted since and nothing was revealed; else with consent)
cmd-extra-rollback_move = Host only: roll back to before this move (number in /game history), with everyone's consent
cmd-extra-record = Attach the game record (JSON) and a transcript
cmd-extra-recap = The animated recap and the score chart of the last finished game
cmd-extra-follow = Follow this game: a ping when it reaches a scoring round or ends
cmd-extra-follow_dm = Tell me by direct message instead of a mention
cmd-extra-unfollow = Stop following this game
cmd-extra-stats = Stats and ratings on this server
cmd-extra-stats_me = Your stats
cmd-extra-stats_user = Someone's stats
cmd-extra-stats_user_who = Whose stats
cmd-extra-stats_leaderboard = The leaderboard of one game
cmd-extra-stats_game = Which game
