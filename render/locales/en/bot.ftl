### Texts of the bot, the lobby and the console (English). Keys are shared by cs/pl.
### Message ids are the catalogue keys with '.' written as '-' (and a '-' inside a key part doubled).

more_lines =
    … ({ $n ->
        [one] { $n } earlier line
       *[other] { $n } earlier lines
    })

## game

game-alhambra = Alhambra
game-egizia = Egizia
game-luxor = Luxor

## cmd

cmd-game = Start, join and manage a board game in this channel
cmd-new = Open a new game in this channel (you become the host)
cmd-new-game = Which game
cmd-new-language = Language of the board and messages in this channel
cmd-new-options = Game options as key=value pairs, e.g. exact_payment_extra_action=mandatory
cmd-join = Join the game waiting in this channel
cmd-leave = Leave the lobby of this channel
cmd-start = Start the game (host only)
cmd-status = Who plays, whose turn it is, the options
cmd-board = Post the current board again
cmd-hand = Show your private hand (only you see it)
cmd-history = The most recent moves
cmd-history-count = How many moves (1–50)
cmd-rules = A short summary of the rules
cmd-rules-game = Which game (default: the one in this channel)
cmd-abandon = End the game in this channel without a result (host or Manage Channels)
cmd-move = Make any legal move (autocomplete lists them)
cmd-move-action = Your move; start typing to filter the legal options
cmd-choice = Your choice; start typing to filter the legal options
cmd-alhambra = Alhambra moves
cmd-alhambra-take = Take money from the display
cmd-alhambra-buy = Buy a building: market space and the money cards to pay with
cmd-alhambra-redesign = Redesign your Alhambra: add from, remove to, or swap with the reserve
cmd-alhambra-place = Place a bought building, put it in the reserve, or give it to Dirk
cmd-alhambra-end = End your action phase after an exact payment
cmd-alhambra-start = Choose the start player (host, when the tie-break is host_choice)
cmd-alhambra-choose = Any legal Alhambra move
cmd-egizia = Egizia moves
cmd-egizia-sail = Sailing: place a ship on the Nile, pass, or end your turn
cmd-egizia-card = Choices of a card or round space you just took (track, builders, field, ring, leftover)
cmd-egizia-feed = Feeding: which grain and stones feed your workers
cmd-egizia-build = Building: order, crews, Sphinx draws, obelisk/tombs, pyramid/temple
cmd-egizia-play = Play a card or free action in its window (sell, build first, buy strength…)
cmd-egizia-choose = Any legal Egizia move
cmd-luxor = Luxor moves
cmd-luxor-card = Play the left or right end card and move with it (or discard one)
cmd-luxor-move = Move an adventurer after a die roll (other cards move in /luxor card)
cmd-luxor-act = After Advance all: which adventurer's space acts
cmd-luxor-horus = Horus tile: take a key or a Horus card
cmd-luxor-eye = Horus-eye temple tile: which Horus stack to take from
cmd-luxor-temple = Temple tile: wild or scarab
cmd-luxor-treasure = Take or leave the treasure
cmd-luxor-anubis = Wake your lying adventurer or let it sleep
cmd-luxor-start = Choose the start player (host, when the option is host_choice)
cmd-luxor-choose = Any legal Luxor move

## err

err-replay_version = This game was recorded under rules version { $stored }; the engine is now at { $current }, so its move log cannot be replayed exactly. The stored position is unaffected.
err-no_game = There is no game in this channel. Open one with /game new.
err-unknown_game = Unknown game “{ $title }”.
err-game_unavailable = { $title } is not available yet.
err-bad_option = Invalid game option: { $detail }
err-option_syntax = Options are written key=value; “{ $part }” is not.
err-channel_busy = This channel already has a game. Finish or abandon it first, or start a thread: each thread can hold its own game.
err-already_started = The game has already started.
err-already_joined = You are already in this game.
err-lobby_full =
    The game is full ({ $max ->
        [one] { $max } player
       *[other] { $max } players
    }).
err-leave_started = The game has started; you cannot leave it now. The host can abandon it.
err-not_in_lobby = You are not in this lobby.
err-host_only = Only the host can do that.
err-host_or_manager = Only the host or someone with the Manage Channels permission can do that.
err-player_count =
    This game needs { $min }–{ $max ->
        [one] { $max } player
       *[other] { $max } players
    }; there { $n ->
        [one] is { $n }
       *[other] are { $n }
    }.
err-abandon_rights = Only the host or someone with the Manage Channels permission can abandon the game.
err-not_started = The game has not started yet.
err-not_seated = You are not playing in this game.
err-not_your_turn = It is not your turn: waiting for { $players }.
err-stale = That button belongs to an earlier position: the game has moved on. Use the latest message or /game move.
err-no_options = You have nothing to decide right now.
err-illegal = ❌ Not allowed: { $reason } (rule { $clause }). Nothing was changed.
err-internal = Something went wrong on our side. Nothing was changed; please try again.
err-other_game = This belongs to another game, not the one running in this channel now. Nothing was changed.
err-game_ended = That game (#{ NUMBER($id, useGrouping: 0) }) has ended. Nothing was changed.
err-nothing_to_abandon = There is no open game to abandon here: the last one (#{ NUMBER($id, useGrouping: 0) }) has already ended.
err-shutting_down = The referee is restarting and takes no new requests for a moment. Nothing was changed; please try again shortly.
err-storage = This could not be saved: { $reason } Nothing was changed; please try again.
err-no_group_options = There is no legal move of this kind ({ $group }) for you now.
err-internal_after = Your request was recorded ({ $action }), but something went wrong on our side afterwards. /game status and /game board show the game.
err-missing_permissions = I cannot run a game here: I am missing these permissions in this channel: { $perms }. Ask someone who manages the channel to grant them, then try again.
err-lobby_not_posted = I could not post the lobby in this channel ({ $reason }), so no game was opened. Nothing was changed; please try again.

## ok

ok-move = ✅ Done: `{ $action }`
ok-created = Lobby opened.
ok-joined = You joined the game.
ok-started = The game has started.
ok-done = Done.

## lobby

lobby-default = default
lobby-opened =
    { $host } opened a game of **{ $game }** ({ $min }–{ $max ->
        [one] { $max } player
       *[other] { $max } players
    }; { $options }). Join with /game join or the button; the host starts with /game start.
lobby-default_options = standard rules
lobby-join_button = Join
lobby-start_button = Start
lobby-joined = { $user } joined ({ $n }): { $names }
lobby-left = { $user } left. Players: { $names }
lobby-closed = The lobby was closed.
lobby-started = **{ $game }** begins! Players in seat order: { $names }

## turn

turn-embed_title = { $game } — move { $move } (game #{ NUMBER($id, useGrouping: 0) })
turn-content = { $mentions }, your turn: { $what }
turn-continues = { $player } continues: { $what }

## result

result-title = Final result
result-content = 🏁 The game is over. Congratulations { $winners }!
result-extra-dirk = Dirk (neutral): { $value }
result-extra-tie_break_used =
    { $value ->
        [0] Tie-break: not needed
       *[other] Tie-break: the player who reached the score first wins
    }

## menu

menu-choose =
    Choose one of { $n ->
        [one] { $n } option
       *[other] { $n } options
    }:
menu-placeholder = Options ({ $n }/{ $total })
menu-too_many = Only the first { $shown } are listed; type the others with the ✏️ button or /game move.

## hand

hand-title = Your private view, { $player } (only you can see this):

## history

history-empty = No moves yet.

## status

status-head = **{ $game }** (game #{ NUMBER($id, useGrouping: 0) }): { $status }, move { $move }
status-players = Players: { $names }
status-options = Options: { $options }
status-waiting = Waiting for { $player }: { $what }
status-lobby = waiting for players
status-active = in play
status-over = finished
status-abandoned = abandoned

## abandon

abandon-confirm = Really end game #{ NUMBER($id, useGrouping: 0) } without a result? This cannot be undone.
abandon-confirm_button = Yes, abandon the game
abandon-done = { $user } abandoned game #{ NUMBER($id, useGrouping: 0) }.

## rules

rules-alhambra = **Alhambra** (2–6 players). On your turn do one action: **take money** (one card, or several totalling at most 5), **buy** a building from the market paying at least its price in that space's currency (pay exactly and you act again), or **redesign** your Alhambra with your reserve. At the end of your turn place each bought building: walls must meet walls, every building must be reachable from the fountain, no holes. Scoring A and B come from the money deck; the final scoring ends the game. Majorities of each building type and your longest outer wall score points.
    Commands: /alhambra take · buy · redesign · place · end, or the buttons under the board. /game hand shows your money.
rules-egizia = **Egizia** (2–4 players). Each round sail your boats down the Nile to take cards, round spaces and building sites; feed your workers from your fields; then build at the obelisk, the pyramid and the temple with your crews and stones. Points come from buildings, the tracks and the final scoring.
    Use the /egizia commands (/egizia choose lists every legal move) or the buttons under the board; /game hand shows your Sphinx cards.
rules-luxor = **Luxor** (2–4 players). Play a card from either end of your hand to move one of your adventurers along the temple path, collect treasures, Horus cards and keys, and race into the tomb. The game ends after the second adventurer enters the tomb.
rules-roles = **Who may do what.** The host starts the game and rolls it back (`/game undo move:`). The host or anyone with the *Manage Channels* permission may pause and resume the game, give an absent player's seat to someone else (`/game replace`) and abandon the game, so a table does not stall while its host is away. Everyone seated may vote to skip an overdue decision.
    Use the /luxor commands (/luxor choose lists every legal move) or the buttons under the board; /game hand shows your hand in order and your scarabs.

## console

console-welcome = Hot-seat game. Type a number or a move; 'help' for commands.
console-help = Commands: a number from the list shown last, or a move (e.g. take y2+g3; case, spaces after commas and the order of +-parts do not matter), the first word(s) of a move to list those (e.g. buy, place SER-06), list (all moves again), hand (the current player's private view), board, history, quit.
console-turn = ▶ { $player }
console-filter_hint = Type a kind of move (e.g. the first word above) to list those options.
console-board_written = board: { $path }
console-hand_written = hand image: { $path }
console-illegal = Not allowed ({ $clause }): { $reason }
console-bye = Game saved; run the same command again to resume.
console-resumed = Resumed the saved game at move { $version }.
console-game_over = The game is over.
console-hand_title = Private view of { $player } (seat { $seat }):
console-hand_money =
    Money: { $n ->
        [one] { $n } card
       *[other] { $n } cards
    }: { $cards }
console-hand_totals = Totals per currency: { $totals }
console-hand_sphinx = Sphinx cards ({ $n }): { $cards }
console-hand_anytime = Cards to play at any time ({ $n }): { $cards }
console-hand_cards =
    Hand, left to right ({ $n ->
        [one] { $n } card
       *[other] { $n } cards
    }): { $cards }
console-hand_scarabs =
    Scarabs: { $n ->
        [one] { $n } scarab
       *[other] { $n } scarabs
    } worth { $vp ->
        [one] { $vp } point
       *[other] { $vp } points
    } in total
console-hand_none = none
console-raw = { $text }
console-bad_number = Type a number from 1 to { $n } (the list shown last), or 'list' to see all moves again.
console-no_numbers = No numbered list is shown: type the first word of a move to list those, or 'list'.
console-unknown = Unknown command “{ $text }” — did you mean: { $hint }?
console-unknown_nohint = Unknown command “{ $text }”. Type 'help' for the commands, 'list' for the legal moves.
console-other_game =
    A saved game of { $game } with { $n ->
        [one] { $n } player
       *[other] { $n } players
    } ({ $names }) is waiting here at move { $version }.
console-resume_or_new = Resume that game (r) or start a new one (n)?
console-choose_resume_or_new = Nothing changed. Run the command again with --resume to continue the saved game or --new to start a new one.

## button

button-type_move = Type a move
button-private = Private choice
button-hand = My hand
button-zoom = Full board
board-standings = Standings
board-standing = { $mark }{ $player }: { $score ->
        [one] { $score } point
       *[other] { $score } points
    }
board-zoom = The full board: { $game }, game #{ NUMBER($id, useGrouping: 0) }, move { $move }. Only you can see this.
board-zoom_stale = The game has moved on since that board (move { $then }), so here is the current one, move { $now }.

## group.alhambra

group-alhambra-take = Take money
group-alhambra-buy = Buy
group-alhambra-redesign = Redesign
group-alhambra-place = Place
group-alhambra-end = End actions
group-alhambra-start = Choose start player

## group.egizia

group-egizia-sail = Sail
group-egizia-card = Card choice
group-egizia-feed = Feed
group-egizia-build = Build
group-egizia-play = Play card

## group.luxor

group-luxor-card = Play card
group-luxor-move = Move
group-luxor-act = Which acts
group-luxor-horus = Horus tile
group-luxor-eye = Horus stack
group-luxor-temple = Temple tile
group-luxor-treasure = Treasure
group-luxor-anubis = Anubis
group-luxor-start = Choose start player

## none

none-private = No secret decision of yours is waiting now.

## none.alhambra

none-alhambra-start = No start player is being chosen now.
none-alhambra-place = You have no bought building to place now.
none-alhambra-redesign = You cannot redesign now: neither your reserve nor your Alhambra allows a legal change.
none-alhambra-take = There is no money on display to take now.
none-alhambra-buy = You cannot afford any building in the market now.
none-alhambra-end = You can end your action phase early only after an exact payment.

## none.egizia

none-egizia-play = You have no card you can play now.
none-egizia-build = No building decision is waiting for you now.
none-egizia-feed = Feeding is not waiting for you now.
none-egizia-card = No card or round space is waiting for your choice now.
none-egizia-sail = You have no sailing move now.

## none.luxor

none-luxor-start = No start player is being chosen now.
none-luxor-anubis = None of your adventurers is lying at a statue now.
none-luxor-treasure = No treasure is waiting for your choice now.
none-luxor-temple = No temple tile is waiting for your choice now.
none-luxor-eye = No Horus eye is waiting for your choice now.
none-luxor-horus = No Horus tile is waiting for your choice now.
none-luxor-act = No space is waiting to act now.
none-luxor-move = None of your adventurers can move now.
none-luxor-card = You have no card to play now.

## post

post-failed = ⚠️ The board after move { $move } of game #{ NUMBER($id, useGrouping: 0) } could not be posted in <#{ $channel }>: { $reason }. The move itself is recorded. Fix the channel, then use /game board to post the board.
post-reason-forbidden = I am missing a permission in that channel
post-reason-not_found = the channel no longer exists
post-reason-rejected = Discord refused the message
post-reason-gave_up = Discord kept failing, so I gave up after several attempts
post-reason-unavailable = Discord is not answering properly right now
post-status_failed = ⚠️ The board after move { $move } could not be posted: { $reason }.
post-status_pending = ⏳ The board after move { $move } is waiting to be posted (attempt { $n }).

## perm

perm-view_channel = View Channel
perm-send_messages = Send Messages
perm-send_messages_in_threads = Send Messages in Threads
perm-attach_files = Attach Files
perm-embed_links = Embed Links
perm-read_message_history = Read Message History

## modal

modal-title = Your move
modal-label = Move (as /game move takes it)
modal-placeholder = e.g. the text of a legal move

## options

options-syntax = Options are written key=value; “{ $part }” is not.
options-unknown = { $game } has no option “{ $name }”. Its options: { $known }.
options-unknown_hint = { $game } has no option “{ $name }”. Did you mean “{ $suggestion }”?
options-duplicate = The option “{ $name }” is given more than once.
options-value = The option “{ $name }” can be { $allowed }, not “{ $value }”.
options-value_hint = The option “{ $name }” can be { $allowed }, not “{ $value }”. Did you mean “{ $suggestion }”?
options-allowed_bool = true or false (also yes/no, on/off)
options-at_least = any whole number from { $n } up

## storage

storage-closed = the database is closed (the referee is stopping).
storage-full = the disk or the database is full.
storage-readonly = the database cannot be written (a read-only file, folder or disk).
storage-corrupt = the database file is damaged or is not a Referee database.
storage-unavailable = the database file cannot be opened (does its folder exist, and may it be read?).
storage-unreachable = the database server cannot be reached (is it running, and are its address and password right?).
storage-busy = the database is locked by another program.
storage-failed = the database reported an error.
storage-cli = cannot use the database { $path }: { $reason } ({ $detail })
storage-check_ok = the database { $path } passed SQLite's integrity check ({ $seconds } s).
