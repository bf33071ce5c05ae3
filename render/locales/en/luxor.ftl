### Luxor texts (English). Params named player/players are seats (the bot shows names).
### Message ids are the catalogue keys with '.' written as '-' (and a '-' inside a key part doubled).


## luxor.card

luxor-card-move = { $n }
luxor-card-plus_minus = +/-1
luxor-card-die = die
luxor-card-range = { $lo }-{ $hi }
luxor-card-range_die = 1-die
luxor-card-advance_all = all +{ $n }
luxor-card-last_to_second_last = last → second last
luxor-card-one_less = { $n } (-1 adventurer)

## luxor.place

luxor-place-stairs = the stairs
luxor-place-tomb = the tomb
luxor-place-space = space { $n }
luxor-place-with_tile = { $place } ({ $tile })

## luxor.short

luxor-short-stairs = S
luxor-short-tomb = tomb
luxor-short-space = { $n }

## luxor.type

luxor-type-vase = vase
luxor-type-statue = statue
luxor-type-jewelry = jewelry

## luxor.back

luxor-back-cobra = cobra
luxor-back-falcon = falcon
luxor-back-lion = lion

## luxor.side

luxor-side-L = left
luxor-side-R = right

## luxor.end

luxor-end-L = Left
luxor-end-R = Right

## luxor.tile

luxor-tile-empty = empty
luxor-tile-treasure = { $type } { $req }/{ $vp }
luxor-tile-horus = Horus { $eyes }
luxor-tile-osiris = Osiris { $value }
luxor-tile-scarab = scarab
luxor-tile-wild = wild
luxor-tile-wild_or_scarab = wild or scarab
luxor-tile-eye_1_2 = eye 1/2
luxor-tile-eye_2_3 = eye 2/3
luxor-tile-tunnel = tunnel

## luxor.title

luxor-title-C--03 = Choose the start player
luxor-title-C--04 = { $player }: play the left or the right card
luxor-title-C--05 = { $player }: no card can move, discard the left or the right card
luxor-title-C--06 = { $player }: move with { $card }
luxor-title-C--06--roll = { $player }: move with { $card } (rolled { $roll })
luxor-title-C--08 = { $player }: everyone moved; choose the one space whose tile acts
luxor-title-C--09 = { $player }: Horus tile, take a key or a Horus card
luxor-title-C--10 = { $player }: Horus eye, take a card from which stack
luxor-title-C--11 = { $player }: take a wild or draw a scarab
luxor-title-C--12 = { $player }: take the treasure?
luxor-title-C--13 = { $player }: wake your adventurer lying at statue { $statue }?

## luxor.opt

luxor-opt-start = { $player } starts
luxor-opt-play = Play the { $side } card: { $card }{ $preview }
luxor-opt-play_move = { $side } { $card } · { $prefix }{ $src }→{ $dst }{ $notes }
luxor-opt-preview = { " " }({ $moves })
luxor-opt-hop = { $src }→{ $dst }
luxor-opt-discard = Discard the { $side } card: { $card } (no legal move)
luxor-opt-move = { $prefix }adventurer { $adv } from { $src } to { $dst }{ $notes }
luxor-opt-none = { "" }
luxor-opt-notes = { " " }[{ $items }]
luxor-opt-steps_one = 1 step:{ " " }
luxor-opt-steps_few =
    { $k ->
        [one] { $k } step
       *[other] { $k } steps
    }:{ " " }
luxor-opt-steps =
    { $k ->
        [one] { $k } step
       *[other] { $k } steps
    }:{ " " }
luxor-opt-dir_f = forward:{ " " }
luxor-opt-dir_b = back:{ " " }
luxor-opt-act = Act at { $dst } ({ $n } of yours there)
luxor-opt-key = Take a key ({ $left } left)
luxor-opt-horus_card = Take the level-{ $level } Horus card: { $card } (no draw this turn)
luxor-opt-wild = Take a wild treasure
luxor-opt-scarab = Draw a scarab
luxor-opt-take = Take the { $tile }
luxor-opt-leave = Leave the { $tile }
luxor-opt-wake = Wake your adventurer at statue { $statue }: it stands on the stairs
luxor-opt-sleep = Leave your adventurer lying at statue { $statue }

## luxor.note

luxor-note-osiris = Osiris { $n }
luxor-note-wakes = wakes statue { $statue }
luxor-note-wakes_many = wakes statues { $statue }
luxor-note-tomb = enters the tomb, pays a key
luxor-note-stopped = stops before the tomb

## luxor.ev

luxor-ev-setup = Luxor is set up. Osiris tiles: { $osiris }
luxor-ev-start_player = { $player } is the start player
luxor-ev-turn = Round { $round }: { $player }'s turn
luxor-ev-played = { $player } played the { $side } card: { $card }
luxor-ev-stalled = { $player } cannot move and discards the { $side } card: { $card }
luxor-ev-rolled = { $player } rolled { $roll }
luxor-ev-roll_failed = { $player } rolled { $roll }: no legal move, the card is spent
luxor-ev-moved = { $player } moved adventurer { $adv } from { $src } to { $dst }
luxor-ev-moved_osiris = { $player } moved adventurer { $adv } from { $src } to { $dst } (Osiris at { $via })
luxor-ev-blocked = { $player }'s adventurer { $adv } on { $src } cannot move
luxor-ev-jumped = { $player }'s adventurer { $adv } jumped from { $src } to { $dst }
luxor-ev-woke = { $player }'s adventurer { $adv } wakes at statue { $statue } and stands on the stairs
luxor-ev-left_lying = { $player } leaves the adventurer at statue { $statue } lying
luxor-ev-tomb = { $player }'s adventurer { $adv } enters the tomb and pays a key ({ $keys } left)
luxor-ev-sarcophagus = { $player } takes the { $vp }-VP sarcophagus
luxor-ev-end_triggered = The second adventurer has entered the tomb: this round is the last
luxor-ev-treasure = { $player } takes the { $type } on { $place } (+{ $vp }, score { $score })
luxor-ev-treasure_missed =
    { $player } has { $have } of { $need ->
        [one] { $need } adventurer
       *[other] { $need } adventurers
    } on { $place }: no treasure
luxor-ev-treasure_left = { $player } leaves the treasure on { $place }
luxor-ev-revealed = A { $back } temple tile is revealed on { $place }: { $tile }
luxor-ev-key = { $player } takes a key ({ $keys } held)
luxor-ev-horus_card = { $player } takes the level-{ $level } Horus card { $card }
luxor-ev-scarab = { $player } draws a scarab ({ $count } held)
luxor-ev-scarab_value = Your new scarab is worth { $vp }
luxor-ev-wild = { $player } takes a wild treasure ({ $count } held)
luxor-ev-tunnel = { $player }'s adventurer { $adv } goes through the tunnel from { $src } to { $dst }
luxor-ev-tunnel_none = No tunnel ahead of { $place }: nothing happens
luxor-ev-nothing_left = Nothing left to take on { $place }
luxor-ev-no_draw = { $player } got a Horus card and does not draw
luxor-ev-drew = { $player } draws a card
luxor-ev-drew_card = You drew { $card }
luxor-ev-reshuffled =
    The discard pile is shuffled into a new draw pile ({ $count ->
        [one] { $count } card
       *[other] { $count } cards
    })
luxor-ev-game_over_tomb = The round is complete: the game is over
luxor-ev-game_over_stall = Nobody could move for a whole round: the game is over
luxor-ev-game_over_stall_turns =
    Nobody could move for { $n ->
        [one] { $n } turn
       *[other] { $n } turns
    } in a row: the game is over
luxor-ev-final =
    { $player }: track { $track } + positions { $positions } + sarcophagi { $sarcophagi } + keys { $keys } + { $sets ->
        [one] { $sets } set
       *[other] { $sets } sets
    } { $set_vp } + scarabs { $scarabs } ({ $scarab_values }) = { $total }
luxor-ev-winners = Winner: { $players } with { $score }

## luxor.result

luxor-result-line =
    { $player }: { $total } (track { $track }, positions { $positions }, sarcophagi { $sarcophagi }, keys { $keys }, { $sets ->
        [one] { $sets } set
       *[other] { $sets } sets
    } { $set_vp }, scarabs { $scarabs })

## luxor.err

luxor-err-over = The game is over.
luxor-err-not_your_turn = It is not your turn to decide this.
luxor-err-garbage = That is not a move of this game.
luxor-err-must_play = You have a playable card, so you must play it and move.
luxor-err-unplayable = That card gives no legal move now.
luxor-err-ends_only = Only the left or the right end card may be played.
luxor-err-discard_only = No card can move: discard the left or the right end card.
luxor-err-no_adventurer = You have no active adventurer on space { $pos }.
luxor-err-illegal_move = That move is not legal (exact count, tomb needs a key, no overshoot).
luxor-err-not_an_option = That is not one of the options.
luxor-err-play_first = First play the left or the right end card.
luxor-err-not_actor = Only a space reached by an adventurer moved with this card can act (not the tomb).
luxor-err-lying = Your adventurer lying at statue { $pos } is not in play yet: it wakes when you pass the statue.
luxor-err-finished = Adventurers in the tomb stay there for the rest of the game.
luxor-err-direction = Choose forward (f) or back (b).
luxor-err-roll_first = Play this card alone (play L or play R): the die is rolled first, then you choose the move.
luxor-err-moves_itself = This card moves without a choice: play it alone (play L or play R).
luxor-err-play_with_move = Choose the move with the card: play L or R, the space to move from, and steps or direction.
luxor-err-steps_range = Choose a number of steps from { $lo } to { $hi }.
luxor-err-fixed_steps = This card moves a fixed count ({ $n }): give only the space to move from.
luxor-err-overshoot = The move must end exactly in the tomb; this one would go past it.
luxor-err-no_key = Entering the tomb costs a key, and you have none.
luxor-err-osiris = The Osiris tile at the end would push the adventurer past the tomb, or into it without a key.
luxor-err-no_tile_behind = There is no tile behind { $place }, and the stairs are not a target.

## luxor.option

luxor-option-temple_mapping = Which temple tile fronts go with which backs (reconstructed data: H1, H2, H3)
luxor-option-treasure_take_optional = A player may decline a treasure whose requirement is met
luxor-option-backward_to_stairs = A backward step with no tile behind ends on the stairs
luxor-option-anubis_activation_optional = Waking a lying adventurer at a statue is a choice
luxor-option-forced_move_overshoot = An Osiris jump that overshoots the tomb: illegal, or stop on the last tile
luxor-option-advance_all_blocked = Advance all when an adventurer cannot move: skip it, or the card is unplayable
luxor-option-one_less_after_osiris = One adventurer less also applies after an Osiris jump
luxor-option-one_less_steps = One adventurer less: printed steps, or choose 1 to 3
luxor-option-tomb_scarab_vp = Scarab value of the tomb
luxor-option-stall_end = Stall end: a whole round of stalls, or as many stall turns in a row as players
luxor-option-reshuffle_timing = Reshuffle the discard pile when a draw needs it, or as soon as the pile is empty
luxor-option-start_player = Start player: random, or chosen by the host
